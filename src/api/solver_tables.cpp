// The Solver's table management: the pattern database sets and the cube answer table, listed,
// built, verified and removed by name.

#include "solver_impl.hpp"

namespace npuzzle {
namespace {

constexpr std::string_view kCubeSet = "cube";

}  // namespace

const PdbSetSpec& pdb_set_named(std::string_view name) {
  std::string names;
  for (const auto& s : known_pdb_sets()) {
    if (s.name == name) return s;
    names += (names.empty() ? "" : ", ") + s.name;
  }
  throw InputError("no pattern database set '" + std::string(name.substr(0, 40)) +
                   "' (known: " + names + ")");
}

namespace {

std::vector<std::string> keys_of(std::string_view set) {
  if (set == kCubeSet) return {std::string(cube::AnswerTable::kKey)};
  std::vector<std::string> keys;
  for (const auto& d : PdbSet::descriptors(pdb_set_named(set))) keys.push_back(d.file_name());
  return keys;
}

}  // namespace

std::vector<TableSetInfo> Solver::table_sets() const {
  std::vector<TableSetInfo> out;
  const auto present = [&](const std::vector<std::string>& keys) {
    return std::all_of(keys.begin(), keys.end(),
                       [&](const std::string& k) { return impl_->store->contains(k); });
  };
  for (const auto& spec : known_pdb_sets()) {
    auto keys = keys_of(spec.name);
    out.push_back({spec.name, spec.geometry.name(), spec.summary, present(keys), keys});
  }
  auto keys = keys_of(kCubeSet);
  out.push_back({std::string(kCubeSet), "cube",
                 "the answers to all 531,441 POJ 3131 datasets: 0.5 MB, built in about a second",
                 present(keys), keys});
  return out;
}

std::vector<std::string> Solver::table_set_names(std::string_view serves) {
  if (serves == kCubeSet) return {std::string(kCubeSet)};
  std::vector<std::string> names;
  for (const auto& spec : known_pdb_sets()) {
    if (spec.geometry.name() == serves) names.push_back(spec.name);
  }
  return names;
}

void Solver::build_tables(std::string_view set) {
  Impl& m = *impl_;
  const std::lock_guard lock(m.mutex);
  const auto progress = [&](std::string_view table, int step, std::uint64_t count) {
    if (m.config.build_progress) m.config.build_progress(table, step, count);
  };
  if (set == kCubeSet) {
    auto table = std::make_shared<const cube::AnswerTable>(cube::AnswerTable::build(
        m.config.threads, [&](int done) { progress(kCubeSet, done, 9); }, m.config.cancel));
    table->save(*m.store);
    m.answers = std::move(table);
    m.answers_looked_up = true;
    return;
  }
  const PdbSetSpec& spec = pdb_set_named(set);
  std::vector<PatternDatabase> tables;
  for (const auto& d : PdbSet::descriptors(spec)) {
    const std::string key = d.file_name();
    tables.push_back(PatternDatabase::build(
        d, m.config.threads,
        [&](int depth, std::uint64_t reached) { progress(key, depth, reached); }, m.config.cancel));
    tables.back().save(*m.store);
  }
  m.pdb_sets[spec.name] = std::make_shared<const PdbSet>(spec, std::move(tables));
}

std::vector<TableCheck> Solver::verify_tables(std::string_view set) const {
  std::vector<TableCheck> out;
  const TableStore& store = *impl_->store;
  const auto check = [&](const std::string& key, const auto& load) {
    TableCheck c{store.where(key), true, {}};
    try {
      load();
    } catch (const TableFileError& e) {
      c.ok = false;
      c.problem = e.what();
    }
    out.push_back(std::move(c));
  };
  if (set == kCubeSet) {
    check(std::string(cube::AnswerTable::kKey), [&] { cube::AnswerTable::load(store); });
    return out;
  }
  for (const auto& d : PdbSet::descriptors(pdb_set_named(set))) {
    check(d.file_name(), [&] { PatternDatabase::load(d, store); });
  }
  return out;
}

std::vector<std::pair<std::string, bool>> Solver::remove_tables(std::string_view set) {
  Impl& m = *impl_;
  const auto keys = keys_of(set);
  const std::lock_guard lock(m.mutex);
  if (set == kCubeSet) {
    m.answers.reset();
    m.answers_looked_up = false;
  } else {
    m.pdb_sets.erase(std::string(set));
  }
  std::vector<std::pair<std::string, bool>> out;
  for (const auto& key : keys) out.emplace_back(m.store->where(key), m.store->remove(key));
  return out;
}

}  // namespace npuzzle
