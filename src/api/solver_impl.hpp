#pragma once
// What a Solver owns: its store, its configuration, and every cache, each safe to use from
// several threads. The pattern database cache is table_cache.cpp.

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

#include "method_registry.hpp"
#include "npuzzle/api/solver.hpp"
#include "npuzzle/cube/answer_table.hpp"
#include "npuzzle/cube/cube_domain.hpp"
#include "npuzzle/pdb/pdb_set.hpp"
#include "npuzzle/tiles/distance_table.hpp"
#include "npuzzle/tiles/walking_distance.hpp"

namespace npuzzle {

struct Solver::Impl {
  explicit Impl(SolverConfig c);

  SolverConfig config;
  std::shared_ptr<TableStore> store;
  /// Where tables go when the store cannot keep them, so that solving goes on.
  MemoryStore fallback;

  DistanceTables distance;
  WalkingTables walking;
  cube::AbstractTables cube_views;

  // Its own lock, so that listing the sets does not wait for a build of minutes.
  std::mutex damaged_mutex;
  std::set<std::string> damaged_sets;  // found damaged or outdated by a solve, not rebuilt

  std::mutex mutex;  // guards what follows, and table builds
  std::map<std::string, std::shared_ptr<const PdbSet>> pdb_sets;
  bool answers_looked_up = false;
  std::shared_ptr<const cube::AnswerTable> answers;  // null: not in the store

  void note(std::string_view line) const {
    if (config.note) config.note(line);
  }
  /// The set for a solve: loaded (or built, where `may_build`) once and kept. Null if it could
  /// be neither loaded nor built; the reason was noted.
  std::shared_ptr<const PdbSet> pdb_set(const PdbSetSpec& spec, bool may_build);
  /// `set`, or where it can be neither loaded nor built (damaged, say), the strongest weaker set
  /// for the same boards that loads from the store (`set` then names it); null if none does.
  std::shared_ptr<const PdbSet> pdb_set_or_weaker(const PdbSetSpec*& set, bool may_build);
  /// The cube answer table if the store has it (a damaged one is rebuilt), else null.
  std::shared_ptr<const cube::AnswerTable> answer_table();
  /// Runs `keep(store)`; where the store cannot keep tables, warns once and keeps them in
  /// memory instead.
  template <class Keep>
  void keep(const Keep& keep_in);

  /// The pattern database set a solve towards `goal` reads: `requested` by name, else the
  /// strongest stored, else the light one where it may be built; null where none serves.
  const PdbSetSpec* choose_pdb_set(const Board& goal, const std::string& requested);
  /// Whether the set was loaded or built before (kept in memory, perhaps not in the store).
  bool loaded(const PdbSetSpec& spec);

 private:
  bool store_failed_ = false;
};

template <class Keep>
void Solver::Impl::keep(const Keep& keep_in) {
  if (!store_failed_) {
    try {
      keep_in(*store);
      return;
    } catch (const TableFileError&) {
      throw;
    } catch (const std::runtime_error& e) {
      store_failed_ = true;
      note(std::string(e.what()) + "; keeping tables in memory for now");
    }
  }
  keep_in(fallback);
}

inline double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

/// The strongest pattern database set for boards of `g` (the sets are listed strongest first),
/// or null where none serves them.
const PdbSetSpec* strongest_pdb_set(Geometry g);

/// The spec of a known set; throws InputError naming the known sets otherwise.
const PdbSetSpec& pdb_set_named(std::string_view name);

}  // namespace npuzzle
