// The solver's cache of tables: which pattern database set a solve reads, loading or building
// it once, and what happens where a set is damaged or the store cannot keep it.

#include <algorithm>
#include <chrono>

#include "embedded_tables.hpp"
#include "solver_impl.hpp"

namespace npuzzle {

/// The strongest pattern database set for boards of `g` (the sets are listed strongest first),
/// or null where none serves them.
const PdbSetSpec* strongest_pdb_set(Geometry g) {
  const auto& sets = known_pdb_sets();
  const auto it =
      std::find_if(sets.begin(), sets.end(), [&](const PdbSetSpec& s) { return s.geometry == g; });
  return it == sets.end() ? nullptr : &*it;
}

Solver::Impl::Impl(SolverConfig c)
    : config(std::move(c)), store(config.store), distance(detail::embedded_distance_table) {
  if (!store) store = std::make_shared<MemoryStore>();
  config.threads = std::max(1u, config.threads);
}

bool Solver::Impl::loaded(const PdbSetSpec& spec) {
  const std::lock_guard lock(mutex);
  return pdb_sets.contains(spec.name);
}

const PdbSetSpec* Solver::Impl::choose_pdb_set(const Board& goal, const std::string& requested) {
  if (!requested.empty()) {
    const PdbSetSpec& spec = pdb_set_named(requested);
    if (spec.geometry != goal.geometry) {
      throw InputError("the " + spec.name + " pattern databases are for " + spec.geometry.name() +
                       " boards, not " + goal.geometry.name());
    }
    if (!GoalFrame::serves(goal)) {
      throw InputError("pattern databases serve goals with the blank in a corner");
    }
    if (!PdbSet::present(spec, *store) && !loaded(spec) &&
        !(spec.light && config.build_light_tables)) {
      throw MissingTablesError(spec.name, "the " + spec.name +
                                              " pattern databases are not built (building them "
                                              "takes a while, so a solve does not start it)");
    }
    return &spec;
  }
  if (!GoalFrame::serves(goal)) return nullptr;
  const PdbSetSpec* light = nullptr;
  for (const auto& spec : known_pdb_sets()) {  // strongest first
    if (spec.geometry != goal.geometry) continue;
    if (PdbSet::present(spec, *store) || loaded(spec)) return &spec;
    if (spec.light) light = &spec;
  }
  return config.build_light_tables ? light : nullptr;
}

std::shared_ptr<const PdbSet> Solver::Impl::pdb_set(const PdbSetSpec& spec, bool may_build) {
  const std::lock_guard lock(mutex);
  if (auto it = pdb_sets.find(spec.name); it != pdb_sets.end()) return it->second;
  try {
    std::shared_ptr<const PdbSet> set;
    const auto began = std::chrono::steady_clock::now();
    bool built = false;
    if (!may_build && !PdbSet::present(spec, *store)) return nullptr;
    // A set found damaged or in an older format is rebuilt by a solve only where it is light
    // and this solver builds light tables (others take a while): otherwise the reason is noted
    // and a weaker estimate used, as where it is missing.
    if (!spec.light || !may_build) {
      try {
        set = PdbSet::load(spec, *store);
      } catch (const TableFileError& e) {
        const std::string why =
            may_build ? "a solve builds only light tables, so it does not rebuild the " +
                            spec.name + " set"
                      : "this solver builds no tables";
        note(std::string("pattern databases: ") + e.what() + "; " + why +
             "; using a weaker estimate");
        const std::lock_guard damaged_lock(damaged_mutex);
        damaged_sets.insert(spec.name);
        return nullptr;
      }
      pdb_sets[spec.name] = set;
      return set;
    }
    keep([&](TableStore& s) {
      const auto ready = PdbSet::load_or_build(
          spec, s, config.threads,
          [&](const std::string& what) { note("pattern databases: " + what); },
          [&](const std::string&, int depth, std::uint64_t reached) {
            if (config.build_progress) config.build_progress(spec.name, depth, reached);
          },
          config.cancel);
      set = ready.set;
      built = ready.built > 0;
    });
    if (built) {
      std::string line = "pattern databases: the " + spec.name + " set is ready (" +
                         std::to_string(static_cast<int>(seconds_since(began) * 1000)) + " ms)";
      const PdbSetSpec& strongest = *strongest_pdb_set(spec.geometry);
      if (&strongest != &spec && !PdbSet::present(strongest, *store)) {
        line += "; the stronger " + strongest.name +
                " set is not built (it solves these boards faster; building it takes minutes, "
                "once)";
      }
      note(line);
    }
    pdb_sets[spec.name] = set;
    return set;
  } catch (const CancelledError&) {
    throw;
  } catch (const std::exception& e) {
    note(std::string("pattern databases: ") + e.what() + "; using a weaker estimate");
    return nullptr;
  }
}

std::shared_ptr<const PdbSet> Solver::Impl::pdb_set_or_weaker(const PdbSetSpec*& set,
                                                              bool may_build) {
  if (auto loaded = pdb_set(*set, may_build)) return loaded;
  const auto& sets = known_pdb_sets();  // strongest first
  for (auto it =
           std::find_if(sets.begin(), sets.end(), [&](const PdbSetSpec& s) { return &s == set; });
       it != sets.end(); ++it) {
    if (it->geometry != set->geometry || &*it == set || !PdbSet::present(*it, *store)) continue;
    if (auto weaker = pdb_set(*it, false)) {
      note("pattern databases: using the " + it->name + " set instead");
      set = &*it;
      return weaker;
    }
  }
  return nullptr;
}

}  // namespace npuzzle
