// npuzzle bench: solve a file of benchmark instances (Korf's format: id, optimal length, other
// columns, then the tiles) and check every length against the published one. Its parts are in
// bench.hpp.

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench.hpp"
#include "commands.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/util/hash.hpp"
#include "output.hpp"
#include "processes.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

struct BenchFlags {
  std::string instances;
  BoardFlags boards;
  SearchFlags search;
  unsigned threads = 1;
  std::size_t limit = 0;
  std::vector<std::string> ids;
  std::optional<std::size_t> easiest;
  std::uint64_t count = 20;
  std::uint64_t seed = 1;
  bool json = false;
};

int run_bench(BenchFlags& f) {
  std::vector<Instance> instances;
  if (f.instances == "random") {
    if (!f.boards.geometry()) throw InputError("bench random needs --size RxC");
    instances = random_instances(f.boards.goal_for(*f.boards.geometry()), f.count, f.seed);
  } else {
    instances = select_instances(read_instances(instance_file(f.instances), f.boards.geometry()),
                                 f.instances, f.ids, f.easiest);
  }
  if (f.limit != 0 && instances.size() > f.limit) instances.resize(f.limit);
  if (instances.empty()) throw InputError("no instances in " + f.instances);
  const Board goal = f.boards.goal_for(instances.front().board.geometry);
  // An instance that cannot reach the goal is a file read towards another goal, not a result.
  const auto first_unreached = [&](const Board& g) {
    return std::ranges::find_if(instances,
                                [&](const Instance& i) { return !solver().check(i.board, g); });
  };
  if (const auto first = first_unreached(goal); first != instances.end()) {
    std::string advice = "give the goal they reach with --goal";
    for (const std::string_view other : {"blank-first", "blank-last"}) {
      if (other != f.boards.goal &&
          first_unreached(parse_goal(other, goal.geometry)) == instances.end()) {
        advice = "they all reach --goal " + std::string(other);
      }
    }
    throw InputError(fmt::format("{}: instance {} cannot reach the goal {}: {}", f.instances,
                                 first->id, f.boards.goal, advice));
  }
  // Under MPI, instances are dealt to the ranks whole, each searched by one rank (and so kept in
  // a checkpoint as one process's search); a lone instance's search is shared among them instead.
  const bool deal = cluster() != nullptr && instances.size() > 1;
  SolveOptions options = f.search.options(cluster() != nullptr && !deal);
  // A progress line on a terminal follows a search while instances are solved one at a time.
  if (f.threads > 1 || cluster() != nullptr) options.budget.progress = nullptr;
  options.budget.threads = f.search.threads_per_search(f.threads);
  const std::string folder = std::exchange(options.checkpoint, {});
  if (deal) options.budget.cluster = nullptr;
  const Solver::Plan plan = solver().plan(goal, options);
  std::optional<InstanceRecords> records;
  if (!folder.empty()) {
    records.emplace(folder,
                    f.instances == "random"
                        ? fmt::format("random-{}-seed{}", goal.geometry.name(), f.seed)
                        : std::filesystem::path(instance_file(f.instances)).stem().string(),
                    goal);
  }
  // Each instance is solved, or its answer read from an earlier run's record.
  std::vector<std::optional<Solution>> recorded(instances.size());  // an earlier run's answer
  std::vector<Board> boards;
  std::vector<std::size_t> instance_of;  // by board
  std::vector<Solver::Plan> plans;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    if (records) {
      recorded[i] = records->answer(instances[i]);
      if (recorded[i]) continue;
    }
    if (records || options.budget.progress) {  // its own checkpoint, its own progress line
      SolveOptions own = options;
      if (records) own.checkpoint = records->checkpoint(instances[i]);
      if (own.budget.progress) own.budget.progress = search_progress(" #" + instances[i].id);
      plans.push_back(solver().plan(goal, own));
    } else {
      plans.push_back(plan);
    }
    boards.push_back(instances[i].board);
    instance_of.push_back(i);
  }
  if (deal && records) {  // the items dealt are the instances left: the same on every rank
    std::uint64_t left = boards.size();
    for (const std::size_t i : instance_of) left = mix64(left ^ i);
    if (!cluster()->agree(left)) {
      throw InputError("--checkpoint-dir " + folder +
                       ": the ranks found different answers kept there; give them one folder "
                       "they all read (a shared file system)");
    }
  }
  plan.load_tables();  // before the clock starts

  const std::string method = fmt::format(
      "{}{}", plan.algorithm(),
      plan.heuristic().empty() ? ""
                               : fmt::format(" + {}{}", plan.heuristic(),
                                             plan.tables().empty() ? "" : " " + plan.tables()));
  BenchReport report(instances, goal, f.json);
  // Each answer kept as soon as it is found (under MPI by the rank that found it, not once
  // rank 0 has it): a run stopped later loses none of them. Its line is printed as soon as those
  // before it are (under MPI by rank 0, as each answer reaches it).
  const auto keep = [&](std::size_t k, const Solution& s) {
    if (records && s.status == SearchStatus::Solved) records->keep(instances[instance_of[k]], s);
  };
  for (std::size_t i = 0; i < instances.size(); ++i) {
    if (recorded[i]) report.answered(i, std::move(*recorded[i]), true);
  }
  const auto began = std::chrono::steady_clock::now();
  if (deal) {
    deal_items(
        boards.size(), f.threads,
        [&](std::size_t k) {
          const Solution s = plans[k].solve(boards[k]);
          keep(k, s);
          return solution_record(s).dump();
        },
        [&](std::size_t k, const std::string& answer) {
          report.answered(instance_of[k], solution_from_record(nlohmann::json::parse(answer)),
                          false);
        });
  } else {
    solver().solve_all(boards, plans, f.threads, [&](std::size_t k, const Solution& s) {
      keep(k, s);
      clear_progress();
      report.answered(instance_of[k], s, false);
    });
  }
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  const int wrong = report.summary(method, wall, f.threads, options.budget.threads);
  // Ctrl-C: what it stopped is shown as such, and the run ends as any interrupted one does.
  if (interrupted().cancelled()) {
    say("interrupted");
    return kInterrupted;
  }
  return wrong == 0 ? kOk : kFailure;
}

}  // namespace

Command add_bench(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<BenchFlags>();
  auto* app = root.add_subcommand(
      name,
      "Solve benchmark instances (korf100, korf24, a file in their format: id, optimal "
      "length, other columns, tiles; or 'random' seeded boards of --size), replay each "
      "solution, check each length claimed shortest against the published one, and measure "
      "answers not proven shortest against the published length or the Manhattan distance; "
      "exit code 1 if any is wrong");
  app->add_option("instances", f->instances, "korf100, korf24, random, or a file")->required();
  app->add_option("-n,--count", f->count, "random: how many boards")
      ->check(whole_non_negative())
      ->capture_default_str();
  app->add_option("--seed", f->seed, "random: the seed")->capture_default_str();
  f->boards.goal = "blank-first";
  f->boards.add_to(*app);
  f->search.timeout = 0;
  f->search.add_to(*app, true);
  f->search.add_checkpoint_to(*app, true);
  f->search.add_improve_to(*app);
  app->add_option("-j,--threads", f->threads, "Instances solved at once")
      ->check(CLI::Range(1u, kMaxThreads))
      ->capture_default_str();
  app->add_option("--limit", f->limit, "Only the first N instances (0: all)")
      ->check(whole_non_negative());
  app->add_option("--ids", f->ids, "Only these instances, in this order (--ids 38,40,25)")
      ->delimiter(',');
  app->add_option("--easiest", f->easiest,
                  "Only the N instances with the least published search effort (korf24)")
      ->check(whole_non_negative());
  app->add_flag("--json", f->json, "One JSON object per instance, then a summary");
  return {app, [f] { return run_bench(*f); }};
}

}  // namespace npuzzle::cli
