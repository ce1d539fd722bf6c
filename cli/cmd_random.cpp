// npuzzle random: uniformly random boards that can reach the goal, or boards of a chosen
// difficulty (a proven distance, or random moves from the goal).

#include <iostream>
#include <memory>
#include <random>

#include "batch.hpp"
#include "commands.hpp"
#include "npuzzle/io/format.hpp"
#include "output.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

struct RandomFlags {
  BoardFlags boards;
  SearchFlags search;
  std::optional<int> distance;
  std::optional<std::uint64_t> moves;
  std::uint64_t count = 1;
  std::optional<std::uint64_t> seed;
  std::string blank = "0";
  bool json = false;
};

int run_random(RandomFlags& f) {
  const Geometry g = f.boards.geometry().value_or(Geometry{3, 3});
  const Board& goal = f.boards.goal_for(g);
  std::mt19937_64 rng(f.seed ? *f.seed : std::random_device{}());
  for (std::uint64_t i = 0; i < f.count && std::cout; ++i) {
    Board b;
    if (f.distance || f.moves) {
      const SolveOptions options = f.search.options();
      auto found = f.distance ? solver().generate(goal, *f.distance, rng, options)
                              : solver().random_walk(goal, *f.moves, rng, options.budget);
      if (!found) {
        if (interrupted().cancelled()) return batch_exit(kOk, false);
        report("random", f.distance
                             ? fmt::format("no board {} away found within the budget (board {} of "
                                           "{}); raise --timeout or --max-nodes",
                                           counted(static_cast<std::size_t>(*f.distance), "move"),
                                           i + 1, f.count)
                             : fmt::format("the walk of {} did not end within the budget (board {} "
                                           "of {}); raise --timeout",
                                           counted(*f.moves, "move"), i + 1, f.count));
        return kFailure;
      }
      b = std::move(*found);
    } else {
      b = solver().random(goal, rng);
    }
    if (f.json) {
      std::cout << board_json(b).dump() << '\n';
    } else {
      std::cout << format_board(b, f.blank) << '\n';
    }
  }
  return kOk;
}

}  // namespace

Command add_random(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<RandomFlags>();
  auto* app = root.add_subcommand(
      name,
      "Print boards drawn uniformly from those that can reach the goal, one per line; or boards "
      "exactly D moves from the goal (--distance), or K random moves from it (--moves)");
  f->boards.add_to(*app);
  auto* distance =
      app->add_option("--distance", f->distance,
                      "Boards whose shortest solution is exactly D moves, proven by the solver "
                      "(boards of up to 16 cells): drawn uniformly up to 10 cells and on 4x4 "
                      "for D from 46 to 60, by a walk outward from the goal otherwise")
          ->check(CLI::Range(0, 1000));
  app->add_option("--moves", f->moves,
                  "Boards K random moves from the goal, none undoing the one before (any size; "
                  "at most K moves away, often fewer)")
      ->check(whole_non_negative())
      ->excludes(distance);
  f->search.add_to(*app, false);
  app->add_option("-n,--count", f->count, "How many boards")
      ->check(whole_non_negative())
      ->capture_default_str();
  app->add_option("--seed", f->seed, "Seed, for the same boards every run (default: random)")
      ->check(whole_non_negative());
  app->add_option("--blank", f->blank, "How to write the blank")
      ->check(one_of({"0", "x", "_"}))
      ->capture_default_str();
  app->add_flag("--json", f->json, "Each board as a JSON array of rows");
  return {app, [f] { return run_random(*f); }};
}

}  // namespace npuzzle::cli
