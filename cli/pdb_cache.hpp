#pragma once
// Which pattern databases a 4x4 solve uses: the set the user named, else the strongest one in
// the cache, else the light default, built on first use with a word on stderr.

#include <memory>
#include <optional>
#include <string>

#include "npuzzle/pdb/pdb_set.hpp"

namespace npuzzle::cli {

inline constexpr const char* kLightPdbSet = "5-5-5";

/// The set for boards of `goal`'s geometry and goal, or nullptr where none serves (no set for
/// the geometry, or the goal's blank not in a corner). Loaded sets are kept for the process.
std::shared_ptr<const PdbSet> pdb_for(const Board& goal, const std::string& requested);

/// The strongest known set of `g` whose tables are all in the cache.
std::optional<PdbSetSpec> strongest_cached_set(Geometry g);

}  // namespace npuzzle::cli
