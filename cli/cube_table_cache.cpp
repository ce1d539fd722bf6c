#include "cube_table_cache.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "common.hpp"

namespace npuzzle::cli {

cube::AnswerTable build_answer_table() {
  const auto path = cube::AnswerTable::default_path();
  fmt::print(stderr,
             "npuzzle: building the cube answer table (9 searches over 15,116,544 arrangements)\n");
  const auto began = std::chrono::steady_clock::now();
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  const bool terminal = ::isatty(STDERR_FILENO) != 0;
  auto table = cube::AnswerTable::build(threads, [terminal](int done) {
    if (terminal)
      fmt::print(stderr, "\r[{:<9}] {}/9 start squares",
                 std::string(static_cast<std::size_t>(done), '#'), done);
  });
  table.save(path);
  fmt::print(stderr, "{}npuzzle: built {} in {}\n", terminal ? "\n" : "", path.string(),
             human_seconds(
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()));
  return table;
}

std::optional<cube::AnswerTable> cached_answer_table(bool build_if_missing) {
  const auto path = cube::AnswerTable::default_path();
  if (!std::filesystem::exists(path)) {
    if (!build_if_missing) return std::nullopt;
    return build_answer_table();
  }
  try {
    return cube::AnswerTable::load(path);
  } catch (const TableFileError& e) {
    report("cube answer table", std::string(e.what()) + "; rebuilding it");
    return build_answer_table();
  }
}

}  // namespace npuzzle::cli
