// npuzzle cube solve: the true least number of moves and one shortest roll sequence per dataset.

#include <fmt/format.h>

#include <memory>

#include "commands.hpp"
#include "cube_input.hpp"
#include "npuzzle/cube/cube_solver.hpp"

namespace npuzzle::cli {
namespace {

struct CubeSolveFlags {
  std::string algorithm = "auto";
  std::optional<int> max_depth;
  SearchFlags search;
  bool json = false;
  bool stats = false;
};

int run_cube_solve(CubeSolveFlags& f) {
  Budget budget = f.search.budget();
  budget.max_depth = f.max_depth;
  const Algorithm algorithm = *algorithm_named(f.algorithm);
  Scanner in = Scanner::from(stdin);
  BlockWriter out(stdout);
  bool gave_up = false;
  const int code = for_each_cube_dataset(in, out, [&](const CubeDataset& d) {
    const auto s = cube::solve_cube(cube::standard_start(d.start_empty), d.pattern.target(),
                                    algorithm, budget);
    const bool solved = s.status == SearchStatus::Solved;
    const std::string moves = format_moves(s.moves, Notation::Blank);
    if (f.json) {
      out.write(nlohmann::json{
                    {"dataset", d.number},
                    {"status", describe(s.status)},
                    {"length", solved ? nlohmann::json(s.moves.size()) : nlohmann::json(nullptr)},
                    {"moves", solved ? nlohmann::json(moves) : nlohmann::json(nullptr)},
                    {"algorithm", name(s.algorithm)},
                    {"stats", stats_json(s.stats)}}
                    .dump() +
                "\n");
    } else if (solved) {
      out.write(moves.empty() ? "0\n" : fmt::format("{} {}\n", s.moves.size(), moves));
    } else {
      out.write("-1\n");
    }
    if (f.stats && !f.json) {
      out.write(stats_line(s.status, s.moves.size(), s.algorithm, std::nullopt, s.stats) + "\n");
    }
    if (!solved && s.status != SearchStatus::DepthLimit) {
      gave_up = true;
      out.flush();
      report(fmt::format("dataset {}", d.number),
             fmt::format("no answer: {} reached", describe(s.status)));
    }
  });
  return code != kOk ? code : gave_up ? kFailure : kOk;
}

}  // namespace

Command add_cube_solve(CLI::App& cube) {
  auto f = std::make_shared<CubeSolveFlags>();
  auto* app = cube.add_subcommand(
      "solve",
      "For each dataset on stdin, print the least number of moves and a shortest sequence (the "
      "letters say where the empty square goes), or -1 if none is within --max-depth");
  app->add_option("--algo", f->algorithm, "auto (idastar), idastar, astar, bibfs or bfs")
      ->check(CLI::IsMember({"auto", "idastar", "astar", "bibfs", "bfs"}))
      ->capture_default_str();
  app->add_option("--max-depth", f->max_depth, "Look for solutions of at most this many moves")
      ->check(CLI::NonNegativeNumber);
  f->search.add_to(*app, false);
  app->add_flag("--json", f->json, "One JSON object per dataset");
  app->add_flag("--stats", f->stats, "Also print nodes, time and memory of the search");
  return {app, [f] { return run_cube_solve(*f); }};
}

}  // namespace npuzzle::cli
