// npuzzle pdb: list, build, verify or remove the pattern database sets in the cache.

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "session.hpp"
#include "table_actions.hpp"

namespace npuzzle::cli {
namespace {

struct PdbFlags {
  std::string action;
  std::string set;
};

int run_pdb(const PdbFlags& f) {
  if (f.action == "list" || f.action == "remove") {
    for (const auto& path : solver().remove_stale_tables()) {
      say(fmt::format("removed {}, left by a table build that was stopped", path));
    }
  }
  if (f.action == "list") {
    const auto sets = solver().table_sets();
    std::size_t width = 0;  // of the names column
    for (const auto& info : sets) width = std::max(width, info.name.size());
    for (const auto& info : sets) {
      if (info.serves == "cube") continue;
      std::cout << fmt::format("{:<{}} {} {:<8} {}\n", info.name, width, info.serves,
                               info.present ? "built" : "missing", info.summary);
    }
    std::cout << "cache: " << cache_directory().string() << '\n';
    return kOk;
  }
  std::vector<std::string> sets;  // the pattern database sets: every set but the cube's
  for (const auto& info : solver().table_sets()) {
    if (info.serves != "cube") sets.push_back(info.name);
  }
  if (std::find(sets.begin(), sets.end(), f.set) == sets.end()) {
    throw InputError(fmt::format(
        "{}: {} (see 'npuzzle pdb list')",
        f.set.empty() ? "name a set" : "no set '" + f.set.substr(0, 40) + "'; the sets are",
        fmt::join(sets, ", ")));
  }
  if (f.action == "build") return build_tables(f.set);
  if (f.action == "remove") return remove_tables(f.set);
  return verify_tables(f.set);
}

}  // namespace

Command add_pdb(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<PdbFlags>();
  auto* app = root.add_subcommand(
      name,
      "Pattern databases for 4x4 and 5x5 solves, kept in the cache directory ($NPUZZLE_CACHE, else "
      "$XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle): list them, build a set, verify its files "
      "(header, checksum, counts) or remove them");
  app->add_option("action", f->action, "list, build, verify or remove")
      ->required()
      ->check(one_of({"list", "build", "verify", "remove"}));
  app->add_option("set", f->set,
                  "The set, strongest first for each size: " + pdb_set_names() +
                      " ('npuzzle pdb list' says what each holds)");
  return {app, [f] { return run_pdb(*f); }};
}

}  // namespace npuzzle::cli
