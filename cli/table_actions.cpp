#include "table_actions.hpp"

#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "common.hpp"
#include "output.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

TableSetInfo set_named(std::string_view set) {
  std::string names;
  for (auto& info : solver().table_sets()) {
    if (info.name == set) return info;
    names += (names.empty() ? "" : ", ") + info.name;
  }
  throw InputError(fmt::format("no table set '{}' (known: {})", set.substr(0, 40), names));
}

}  // namespace

int build_tables(std::string_view set) {
  const TableSetInfo info = set_named(set);
  say(fmt::format("building the {} tables ({})", info.name, info.summary));
  const auto began = std::chrono::steady_clock::now();
  solver().build_tables(set);
  clear_progress();
  std::cout << fmt::format(
      "built the {} tables in {} under {}\n", info.name,
      human_seconds(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()),
      cache_directory().string());
  return kOk;
}

int verify_tables(std::string_view set) {
  set_named(set);
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
  set_named(set);
  for (const auto& [where, removed] : solver().remove_tables(set)) {
    std::cout << (removed ? "removed " : "no table at ") << where << '\n';
  }
  return kOk;
}

int print_table_paths(std::string_view set) {
  for (const auto& key : set_named(set).keys) {
    std::cout << (cache_directory() / key).string() << '\n';
  }
  return kOk;
}

}  // namespace npuzzle::cli
