// The Solver's table management: every table set registered once (each pattern database set of
// pdb_set.hpp, and the cube answer table), then listed, built, verified and removed by name.

#include <functional>

#include "npuzzle/util/named.hpp"
#include "solver_impl.hpp"

namespace npuzzle {

const PdbSetSpec& pdb_set_named(std::string_view name) {
  return find_named(known_pdb_sets(), name, "pattern database set",
                    [](const PdbSetSpec& s) -> const std::string& { return s.name; });
}

namespace {

/// A set of tables, as the solver manages it. Builds run with the solver's lock held.
struct TableSetEntry {
  std::string name, serves, summary;
  std::vector<std::string> keys;
  /// Builds the tables that are missing or damaged in the store (all of them, for a set as quick
  /// to build as the cube's) and keeps them there, and keeps the set in the solver's cache;
  /// returns how many it built.
  std::function<std::size_t(Solver::Impl&)> build;
  /// Reads table `i` (one per key) and counts its values again, throwing TableFileError if it is
  /// missing or damaged.
  std::function<void(const TableStore&, std::size_t i)> load;
  /// Drops what the solver keeps of the set.
  std::function<void(Solver::Impl&)> forget;
};

void progress(const Solver::Impl& m, std::string_view table, int step, std::uint64_t count) {
  if (m.config.build_progress) m.config.build_progress(table, step, count);
}

TableSetEntry pdb_entry(const PdbSetSpec& spec) {
  std::vector<std::string> keys;
  for (const auto& d : PdbSet::descriptors(spec)) keys.push_back(d.file_name());
  return {spec.name,
          spec.geometry.name(),
          spec.summary,
          keys,
          [&spec](Solver::Impl& m) {
            const auto ready = PdbSet::load_or_build(
                spec, *m.store, m.config.threads,
                [&](const std::string& what) { m.note("pattern databases: " + what); },
                [&](const std::string& key, int depth, std::uint64_t reached) {
                  progress(m, key, depth, reached);
                },
                m.config.cancel);
            m.pdb_sets[spec.name] = ready.set;
            return ready.built;
          },
          [&spec](const TableStore& store, std::size_t i) {
            PatternDatabase::load(PdbSet::descriptors(spec)[i], store, Recount::kYes);
          },
          [&spec](Solver::Impl& m) { m.pdb_sets.erase(spec.name); }};
}

TableSetEntry cube_entry() {
  return {
      "cube",
      "cube",
      "the answers to all 531,441 POJ 3131 datasets: 0.5 MB, built in about a second",
      {std::string(cube::AnswerTable::kKey)},
      [](Solver::Impl& m) -> std::size_t {  // (a second's work: built anew every time)
        auto table = std::make_shared<const cube::AnswerTable>(cube::AnswerTable::build(
            m.config.threads, [&](int done) { progress(m, "cube", done, 9); }, m.config.cancel));
        table->save(*m.store);
        m.answers = std::move(table);
        m.answers_looked_up = true;
        return 1;
      },
      [](const TableStore& store, std::size_t) { cube::AnswerTable::load(store, Recount::kYes); },
      [](Solver::Impl& m) {
        m.answers.reset();
        m.answers_looked_up = false;
      }};
}

/// Every table set; adding one is adding it here.
const std::vector<TableSetEntry>& table_set_entries() {
  static const std::vector<TableSetEntry> entries = [] {
    std::vector<TableSetEntry> out;
    for (const auto& spec : known_pdb_sets()) out.push_back(pdb_entry(spec));
    out.push_back(cube_entry());
    return out;
  }();
  return entries;
}

/// A set built again or removed is no longer one a solve found damaged.
void forget_damage(Solver::Impl& m, const std::string& name) {
  const std::lock_guard lock(m.damaged_mutex);
  m.damaged_sets.erase(name);
}

const TableSetEntry& entry_named(std::string_view name) {
  return find_named(table_set_entries(), name, "table set",
                    [](const TableSetEntry& e) -> const std::string& { return e.name; });
}

}  // namespace

std::vector<TableSetInfo> Solver::table_sets() const {
  std::vector<TableSetInfo> out;
  for (const auto& e : table_set_entries()) {
    const bool present = std::all_of(e.keys.begin(), e.keys.end(), [&](const std::string& k) {
      return impl_->store->contains(k);
    });
    const std::lock_guard lock(impl_->damaged_mutex);
    out.push_back(
        {e.name, e.serves, e.summary, present, impl_->damaged_sets.contains(e.name), e.keys});
  }
  return out;
}

TableSetInfo Solver::table_set(std::string_view name) const {
  auto sets = table_sets();
  return find_named(sets, name, "table set",
                    [](const TableSetInfo& s) -> const std::string& { return s.name; });
}

std::vector<std::string> Solver::table_set_names(std::string_view serves) {
  std::vector<std::string> names;
  for (const auto& e : table_set_entries()) {
    if (e.serves == serves) names.push_back(e.name);
  }
  return names;
}

std::size_t Solver::build_tables(std::string_view set) {
  const TableSetEntry& e = entry_named(set);
  const std::lock_guard lock(impl_->mutex);
  const std::size_t built = e.build(*impl_);
  forget_damage(*impl_, e.name);
  return built;
}

std::vector<TableCheck> Solver::verify_tables(std::string_view set) const {
  const TableSetEntry& e = entry_named(set);
  std::vector<TableCheck> out;
  for (std::size_t i = 0; i < e.keys.size(); ++i) {
    TableCheck c{impl_->store->where(e.keys[i]), true, {}};
    try {
      e.load(*impl_->store, i);
    } catch (const TableFileError& error) {
      c.ok = false;
      c.problem = error.what();
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<std::pair<std::string, bool>> Solver::remove_tables(std::string_view set) {
  const TableSetEntry& e = entry_named(set);
  const std::lock_guard lock(impl_->mutex);
  e.forget(*impl_);
  forget_damage(*impl_, e.name);
  std::vector<std::pair<std::string, bool>> out;
  for (const auto& key : e.keys) {
    out.emplace_back(impl_->store->where(key), impl_->store->remove(key));
  }
  return out;
}

std::vector<std::string> Solver::remove_stale_tables() {
  return impl_->store->remove_stale();
}

}  // namespace npuzzle
