#include "pdb_cache.hpp"

#include <fmt/format.h>

#include <chrono>
#include <map>
#include <thread>

#include "common.hpp"
#include "npuzzle/errors.hpp"

namespace npuzzle::cli {

std::optional<PdbSetSpec> strongest_cached_set(Geometry g) {
  for (const auto& spec : known_pdb_sets()) {
    if (spec.geometry == g && PdbSet::present(spec, cache_directory())) return spec;
  }
  return std::nullopt;
}

std::shared_ptr<const PdbSet> pdb_for(const Board& goal, const std::string& requested) {
  static std::map<std::string, std::shared_ptr<const PdbSet>> loaded;
  try {
    GoalFrame{goal};
  } catch (const InputError&) {
    if (!requested.empty()) throw;
    return nullptr;
  }
  std::optional<PdbSetSpec> spec;
  if (!requested.empty()) {
    spec = pdb_set_named(requested);
    if (spec->geometry != goal.geometry) {
      throw InputError("the " + spec->name + " pattern databases are for " + spec->geometry.name() +
                       " boards, not " + goal.geometry.name());
    }
  } else {
    spec = strongest_cached_set(goal.geometry);
    if (!spec) {
      for (const auto& s : known_pdb_sets()) {
        if (s.name == kLightPdbSet && s.geometry == goal.geometry) spec = s;
      }
    }
  }
  if (!spec) return nullptr;
  auto& set = loaded[spec->name];
  if (!set) {
    const auto began = std::chrono::steady_clock::now();
    bool built = false;
    set = PdbSet::load_or_build(*spec, cache_directory(),
                                std::max(1u, std::thread::hardware_concurrency()),
                                [&](const std::string& what) {
                                  built = true;
                                  report("pattern databases", what);
                                });
    if (built) {
      report("pattern databases",
             fmt::format("the {} set is ready ({}); for faster 4x4 solves build the strongest "
                         "with 'npuzzle pdb build 7-8' (a few minutes, once)",
                         spec->name,
                         human_seconds(
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - began)
                                 .count())));
    }
  }
  return set;
}

}  // namespace npuzzle::cli
