#include "table_actions.hpp"

#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "common.hpp"
#include "output.hpp"
#include "session.hpp"

namespace npuzzle::cli {
int build_tables(std::string_view set) {
  const TableSetInfo info = solver().table_set(set);
  say(fmt::format("building the {} tables ({})", info.name, info.summary));
  const auto began = std::chrono::steady_clock::now();
  const std::size_t built = solver().build_tables(set);
  clear_progress();
  if (built == 0) {
    std::cout << fmt::format(
        "the {} tables were built already under {} (each checked; remove them first to build "
        "them anew)\n",
        info.name, cache_directory().string());
    return kOk;
  }
  std::cout << fmt::format(
      "built the {} tables in {} under {}\n", info.name,
      human_seconds(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()),
      cache_directory().string());
  return kOk;
}

int verify_tables(std::string_view set) {
  solver().table_set(set);
  int code = kOk;
  for (const TableCheck& c : solver().verify_tables(set)) {
    if (c.ok) {
      std::cout << "ok: " << c.where << '\n';
    } else {
      report("verify", c.problem);
      code = kFailure;
    }
  }
  return code;
}

int remove_tables(std::string_view set) {
  solver().table_set(set);
  for (const auto& [where, removed] : solver().remove_tables(set)) {
    std::cout << (removed ? "removed " : "no table at ") << where << '\n';
  }
  return kOk;
}

int print_table_paths(std::string_view set) {
  for (const auto& key : solver().table_set(set).keys) {
    std::cout << (cache_directory() / key).string() << '\n';
  }
  return kOk;
}

}  // namespace npuzzle::cli
