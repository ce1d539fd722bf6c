// npuzzle cube solve: the true least number of moves and one shortest roll sequence per dataset.

#include <fmt/format.h>

#include <memory>

#include "batch.hpp"
#include "commands.hpp"
#include "cube_input.hpp"
#include "output.hpp"
#include "session.hpp"

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
  Scanner in = Scanner::from(stdin);
  BlockWriter out(stdout);
  bool gave_up = false;
  const int code = for_each_cube_dataset(in, out, [&](const CubeInput& d) {
    const Solution s = solver().solve_cube(d.dataset, f.algorithm, budget);
    clear_progress();
    const bool solved = s.status == SearchStatus::Solved;
    const std::string moves = format_moves(s.moves, Notation::Blank);
    if (f.json) {
      out.write(nlohmann::json{
                    {"dataset", d.number},
                    {"status", describe(s.status)},
                    {"length", solved ? nlohmann::json(s.moves.size()) : nlohmann::json(nullptr)},
                    {"moves", solved ? nlohmann::json(moves) : nlohmann::json(nullptr)},
                    {"optimal", s.optimal},
                    {"lower_bound", s.lower_bound},
                    {"algorithm", s.algorithm},
                    {"stats", stats_json(s.stats)}}
                    .dump() +
                "\n");
    } else if (solved) {
      out.write(moves.empty() ? "0\n" : fmt::format("{} {}\n", s.moves.size(), moves));
    } else {
      out.write(s.status == SearchStatus::DepthLimit ? "-1\n" : "unknown\n");
    }
    if (f.stats && !f.json) {
      out.write(stats_line(s) + "\n");
    }
    if (!solved && s.status != SearchStatus::DepthLimit) {
      gave_up = true;
      out.flush();
      if (s.status != SearchStatus::Cancelled) {
        report(fmt::format("dataset {}", d.number),
               fmt::format("no answer: {} reached (no solution is shorter than {})",
                           describe(s.status), s.lower_bound));
      }
    }
  });
  return batch_exit(code, gave_up);
}

}  // namespace

Command add_cube_solve(CLI::App& cube) {
  auto f = std::make_shared<CubeSolveFlags>();
  auto* app = cube.add_subcommand(
      "solve",
      "For each dataset on stdin, print the least number of moves and a shortest sequence (the "
      "letters say where the empty square goes), or -1 if none is within --max-depth");
  std::vector<std::string> searches{"auto"};
  for (const auto& a : Solver::algorithms()) {
    if (!a.lookup) searches.push_back(a.name);
  }
  app->add_option("--algo", f->algorithm,
                  "auto (idastar), or a search: " +
                      fmt::format("{}", fmt::join(searches.begin() + 1, searches.end(), ", ")))
      ->check(one_of(searches))
      ->capture_default_str();
  app->add_option("--max-depth", f->max_depth, "Look for solutions of at most this many moves")
      ->check(CLI::NonNegativeNumber);
  f->search.add_to(*app, false);
  app->add_flag("--json", f->json, "One JSON object per dataset");
  app->add_flag("--stats", f->stats, "Also print nodes, time and memory of the search");
  return {app, [f] { return run_cube_solve(*f); }};
}

}  // namespace npuzzle::cli
