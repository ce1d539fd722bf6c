// The Solver's answers for the Cubic Eight-Puzzle: searches from the target's arrangements back
// to the start, and the answer table where the store has it.

#include "cube_problem.hpp"
#include "npuzzle/cube/cube_format.hpp"
#include "solver_impl.hpp"

namespace npuzzle {
namespace {

struct Parsed {
  Cell start_empty;
  cube::TopPattern pattern;
};

Parsed parse(const CubeDataset& d) {
  return {cube::square_at(d.x, d.y), cube::parse_pattern(d.pattern)};
}

}  // namespace

Solution Solver::solve_cube(const CubeDataset& dataset, std::string_view algorithm,
                            const Budget& budget) const {
  const Parsed p = parse(dataset);
  const auto& entry = detail::algorithm_named(algorithm == "auto" ? "idastar" : algorithm);
  if (!entry.cube_runner) {
    throw InputError("the " + entry.info.name +
                     " algorithm does not serve the cube; its searches "
                     "are bfs, bibfs, astar and idastar");
  }
  detail::CubeProblem problem{
      cube::CubeDomain(cube::standard_start(p.start_empty), impl_->cube_views), {}};
  for (const cube::CubeState& s : p.pattern.target().states()) {
    problem.roots.push_back(problem.domain.state_of(s));
  }
  const SearchResult<Dir> r = entry.cube_runner(problem, budget);
  Solution out;
  out.algorithm = entry.info.name;
  out.status = r.status;
  out.stats = r.stats;
  out.optimal = r.status == SearchStatus::Solved;
  out.lower_bound = r.stats.lower_bound;
  // The search ran from the target to the start: replay it backwards.
  for (auto it = r.path.rbegin(); it != r.path.rend(); ++it) out.moves.push_back(reverse(*it));
  return out;
}

std::shared_ptr<const cube::AnswerTable> Solver::Impl::answer_table() {
  const std::lock_guard lock(mutex);
  if (answers_looked_up) return answers;
  answers_looked_up = true;
  if (store->contains(cube::AnswerTable::kKey)) {
    try {
      answers = std::make_shared<const cube::AnswerTable>(cube::AnswerTable::load(*store));
      return answers;
    } catch (const TableFileError& e) {
      note(std::string("cube answer table: ") + e.what() + "; rebuilding it");
    }
  } else if (config.build_light_tables) {
    // About a second, once: every later answer is one lookup (an exact search takes
    // milliseconds a dataset, so the build pays for itself within a few hundred).
    note("cube answer table: building the answers to all 531,441 datasets (0.5 MB, once)");
  } else {
    return nullptr;
  }
  auto built = std::make_shared<const cube::AnswerTable>(
      cube::AnswerTable::build(config.threads, {}, config.cancel));
  keep([&](TableStore& s) { built->save(s); });
  answers = std::move(built);
  return answers;
}

std::optional<int> Solver::cube_distance(const CubeDataset& dataset, int cap) const {
  const Parsed p = parse(dataset);
  if (const auto table = impl_->answer_table()) {
    const int d = table->distance(p.start_empty, p.pattern.empty, p.pattern.tops);
    return d <= cap ? std::optional(d) : std::nullopt;
  }
  Budget budget;
  budget.max_depth = cap;
  const Solution s = solve_cube(dataset, "idastar", budget);
  if (s.status == SearchStatus::Solved) return static_cast<int>(s.moves.size());
  return std::nullopt;
}

CubeVerdict Solver::verify_cube(const CubeDataset& dataset, std::span<const Dir> moves) const {
  const Parsed p = parse(dataset);
  cube::CubeState s = cube::standard_start(p.start_empty);
  CubeVerdict v;
  while (v.applied < moves.size() && cube::apply_move(s, moves[v.applied])) ++v.applied;
  v.legal = v.applied == moves.size();
  v.makes_pattern = v.legal && p.pattern.target().matches(s);
  v.tops = cube::format_tops(s);
  v.faces = cube::format_faces(s);
  return v;
}

}  // namespace npuzzle
