#include <mutex>

#include "npuzzle/util/parallel.hpp"
#include "processes.hpp"

namespace npuzzle::cli {

Processes::Processes(int&, char**&) {}
Processes::~Processes() = default;

Cluster* cluster() {
  return nullptr;
}

void share_standard_input() {}

bool deal_in_order(std::size_t, const std::function<int(std::size_t)>&,
                   const std::function<void(std::size_t, int)>&) {
  return false;
}

int agreed_exit_code(int code) {
  return code;
}

void deal_items(std::size_t count, unsigned threads,
                const std::function<std::string(std::size_t)>& work,
                const std::function<void(std::size_t, std::string)>& arrived) {
  std::mutex one_at_a_time;
  for_each_on_threads(count, threads, [&](std::size_t i) {
    std::string result = work(i);
    const std::lock_guard lock(one_at_a_time);
    arrived(i, std::move(result));
  });
}

}  // namespace npuzzle::cli
