// npuzzle random: uniformly random boards that can reach the goal.

#include <iostream>
#include <memory>
#include <random>

#include "commands.hpp"
#include "npuzzle/format.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

struct RandomFlags {
  BoardFlags boards;
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
    const Board b = solver().random(goal, rng);
    if (f.json) {
      std::cout << board_json(b).dump() << '\n';
    } else {
      std::cout << format_board(b, f.blank) << '\n';
    }
  }
  return kOk;
}

}  // namespace

Command add_random(CLI::App& root) {
  auto f = std::make_shared<RandomFlags>();
  auto* app = root.add_subcommand(
      "random", "Print boards drawn uniformly from those that can reach the goal, one per line");
  f->boards.add_to(*app);
  app->add_option("-n,--count", f->count, "How many boards")
      ->check(whole_non_negative())
      ->capture_default_str();
  app->add_option("--seed", f->seed, "Seed, for the same boards every run (default: random)")
      ->check(whole_non_negative());
  app->add_option("--blank", f->blank, "How to write the blank")
      ->check(CLI::IsMember({"0", "x", "_"}))
      ->capture_default_str();
  app->add_flag("--json", f->json, "Each board as a JSON array of rows");
  return {app, [f] { return run_random(*f); }};
}

}  // namespace npuzzle::cli
