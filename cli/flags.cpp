#include "flags.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <thread>

#include "common.hpp"
#include "npuzzle/io/format.hpp"
#include "processes.hpp"
#include "session.hpp"

namespace npuzzle::cli {

void BoardFlags::add_to(CLI::App& app) {
  app.add_option("--size", size, "Board size RxC, needed for flat lists of a non-square board");
  app.add_option("--goal", goal,
                 "blank-last (1..n-1 then the blank), blank-first (the blank then 1..n-1), or a "
                 "goal board in any board form")
      ->capture_default_str();
}

std::optional<Geometry> BoardFlags::geometry() const {
  if (size.empty()) return std::nullopt;
  try {
    return parse_geometry(size);
  } catch (const InputError& e) {
    throw InputError(std::string("--size: ") + e.what());
  }
}

const Board& BoardFlags::goal_for(Geometry g) {
  if (!goal_ || goal_->geometry != g) {
    try {
      goal_ = parse_goal(goal, g);
    } catch (const InputError& e) {
      throw InputError(std::string("--goal: ") + e.what());
    }
  }
  return *goal_;
}

std::vector<std::string> names_of(const std::vector<MethodInfo>& methods) {
  std::vector<std::string> out{"auto"};
  for (const auto& m : methods) out.push_back(m.name);
  return out;
}

namespace {

std::string described(const std::vector<MethodInfo>& methods) {
  std::string out;
  for (const auto& m : methods) out += "\n  " + m.name + ": " + m.summary;
  return out;
}

}  // namespace

namespace {

const CLI::Validator kWholeNonNegative(
    [](const std::string& text) {
      std::uint64_t value = 0;
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (error != std::errc{} || end != text.data() + text.size()) {
        return std::string("must be a whole number from 0 to 2^64 - 1");
      }
      return std::string();
    },
    "N >= 0");

const CLI::Validator kFiniteNonNegative(
    [](const std::string& text) {
      double value = 0;
      if (!CLI::detail::lexical_cast(text, value) || !std::isfinite(value) || value < 0) {
        return std::string("must be a number, 0 or more");
      }
      return std::string();
    },
    "NUMBER >= 0");

// A memory budget in MiB, bounded so that its bytes fit any size_t arithmetic (1 PiB).
constexpr double kMostMib = 1024.0 * 1024 * 1024;
const CLI::Validator kMemoryMib(
    [](const std::string& text) {
      double value = 0;
      if (!CLI::detail::lexical_cast(text, value) || !std::isfinite(value) || value < 0 ||
          value > kMostMib) {
        return std::string("must be a number of MiB from 0 to 1073741824 (1 PiB)");
      }
      return std::string();
    },
    "MiB");

}  // namespace

CLI::Validator one_of(std::vector<std::string> names) {
  const std::string listed = fmt::format("{}", fmt::join(names, ","));
  return CLI::Validator(
      [names = std::move(names)](const std::string& text) {
        if (std::find(names.begin(), names.end(), text) != names.end()) return std::string();
        const std::string nearest = nearest_name(text, names);
        return fmt::format("'{}' is not one of {}{}", text.substr(0, 40), fmt::join(names, ", "),
                           nearest.empty() ? "" : "; did you mean '" + nearest + "'?");
      },
      "{" + listed + "}");
}

const CLI::Validator& whole_non_negative() {
  return kWholeNonNegative;
}

std::string pdb_set_names() {
  std::vector<std::string> sizes;
  for (const std::string_view size : {"4x4", "5x5"}) {
    sizes.push_back(fmt::format("{} ({})", fmt::join(Solver::table_set_names(size), ", "), size));
  }
  return fmt::format("{}", fmt::join(sizes, "; "));
}

void SearchFlags::add_to(CLI::App& app, bool with_methods) {
  if (with_methods) {
    app.add_option("--algo", algorithm,
                   "auto (" + Solver::auto_algorithm().summary +
                       "), or one of:" + described(Solver::algorithms()))
        ->check(one_of(names_of(Solver::algorithms())))
        ->capture_default_str();
    app.add_option("--heuristic", heuristic,
                   "The estimate astar and idastar read: auto (" +
                       Solver::auto_heuristic().summary +
                       "), or one of:" + described(Solver::heuristics()))
        ->check(one_of(names_of(Solver::heuristics())))
        ->capture_default_str();
    app.add_option("--pdb", pdb_set,
                   "Pattern database set: " + pdb_set_names() +
                       " (default: the strongest built, else on 4x4 the light one, built on "
                       "first use; see 'npuzzle pdb')");
    // An option the named method would not read is a slip of the command line: refused before
    // any board is read, not once per board.
    app.final_callback([this] {
      SolveOptions o;
      o.algorithm = algorithm;
      o.heuristic = heuristic;
      o.tables = pdb_set;
      o.budget.improve_rounds = improve ? 1 : 0;
      try {
        Solver::check_options(o);
      } catch (const InputError& e) {
        throw CLI::ValidationError(e.what());
      }
    });
  }
  app.add_option("--search-threads", search_threads,
                 "Threads one IDA* search shares (0: every core)")
      ->check(CLI::Range(0u, kMaxThreads))
      ->capture_default_str();
  app.add_option("--max-nodes", max_nodes, "Give up after expanding this many nodes (0: no limit)")
      ->check(kWholeNonNegative)
      ->capture_default_str();
  timeout_option =
      app.add_option("--timeout", timeout,
                     "Give up after this many seconds per board (0: no limit; with --checkpoint "
                     "no limit unless given)")
          ->check(kFiniteNonNegative)
          ->capture_default_str();
  app.add_option("--max-memory", max_memory_mib,
                 "MiB the searches that store states may use (0: no limit)")
      ->check(kMemoryMib)
      ->capture_default_str();
}

void SearchFlags::add_checkpoint_to(CLI::App& app, bool per_instance) {
  if (per_instance) {
    app.add_option("--checkpoint-dir", checkpoint,
                   "Keep each instance's search in DIR (NAME-ID.ckpt while it runs, "
                   "NAME-ID.answer once it ends), so that a bench stopped part-way (Ctrl-C, "
                   "--timeout, a reboot) goes on where each instance stopped and does not solve "
                   "the finished ones again: the fifty 24-puzzles in pieces over days. Under "
                   "mpirun each instance is kept by the rank it is dealt to, so DIR must be a "
                   "folder every rank reads")
        ->type_name("DIR");
  } else {
    app.add_option("--checkpoint", checkpoint,
                   "Keep the search's progress in FILE (IDA*: the default on 4x4 and 5x5 "
                   "boards), so that the same solve started again with FILE goes on where it "
                   "stopped (Ctrl-C, a limit, a reboot) and gives the same answer; the file is "
                   "removed once the search ends. One board")
        ->type_name("FILE");
  }
  app.add_option("--checkpoint-every", checkpoint_every,
                 "Seconds between a checkpoint's saves within an iteration (it is also saved "
                 "as each large iteration starts, and where a limit or Ctrl-C stops the search)")
      ->check(kFiniteNonNegative)
      ->capture_default_str();
}

void SearchFlags::add_improve_to(CLI::App& app) {
  app.add_flag("--improve", improve,
               "Where the fast solver answers (large boards, or --algo fast), go on with rounds "
               "of wider or other beams while --timeout leaves time for one, keeping the "
               "shortest answer (with --timeout 0, all of its rounds), on boards from 10 cells "
               "to 42x42");
}

Budget SearchFlags::budget() const {
  Budget b;
  b.max_nodes = max_nodes;
  // A search kept in a checkpoint is meant to run to its end, across restarts.
  b.timeout_seconds =
      !checkpoint.empty() && timeout_option != nullptr && timeout_option->count() == 0 ? 0
                                                                                       : timeout;
  // Rounded up: a budget below one byte is a budget of one byte, not none (0 means none).
  b.max_memory_bytes = static_cast<std::size_t>(std::ceil(max_memory_mib * 1024 * 1024));
  b.threads = threads_per_search(1);
  if (improve) b.improve_rounds = std::numeric_limits<std::size_t>::max();
  return followed(std::move(b));
}

unsigned SearchFlags::threads_per_search(unsigned at_once) const {
  if (search_threads != 0) return search_threads;
  return std::max(1u, std::thread::hardware_concurrency() / std::max(1u, at_once));
}

SolveOptions SearchFlags::options() const {
  return options(cluster() != nullptr);
}

SolveOptions SearchFlags::options(bool shared) const {
  if (!checkpoint.empty() && shared) {
    throw InputError(
        "a checkpoint keeps one process's search: run it without mpirun, or on "
        "one rank");
  }
  SolveOptions o;
  o.algorithm = algorithm;
  o.heuristic = heuristic;
  o.tables = pdb_set;
  o.budget = budget();
  o.checkpoint = checkpoint;
  o.checkpoint_seconds = checkpoint_every;
  return o;
}

const Solver::Plan& Plans::for_board(const Board& board) {
  const std::lock_guard lock(mutex_);
  const Geometry g = board.geometry;
  if (const auto it = plans_.find({g.rows, g.cols}); it != plans_.end()) return it->second;
  SolveOptions options = search_.options();
  if (at_once_ > 1) {
    options.budget.progress = nullptr;
    options.budget.threads = search_.threads_per_search(at_once_);
  }
  const auto& plan =
      plans_.emplace(std::pair{g.rows, g.cols}, solver().plan(boards_.goal_for(g), options))
          .first->second;
  if (!plan.unbuilt_tables().empty()) note_unbuilt_tables(plan.unbuilt_tables());
  return plan;
}

void OutputFlags::add_to(CLI::App& app, bool with_stats) {
  app.add_option("--notation", notation,
                 "blank: a letter says where the blank goes; tile: where the moved tile goes")
      ->check(one_of({"blank", "tile"}))
      ->capture_default_str();
  app.add_flag("--json", json, "One JSON object per board");
  if (with_stats) {
    app.add_flag("--stats", stats, "Also print nodes, time and memory of the search");
  }
}

CLI::Option* add_board_argument(CLI::App& app, std::vector<std::string>& words,
                                const std::string& name, const std::string& help) {
  return app.add_option(name, words, help);
}

int run_parsed(const std::vector<Command>& commands) {
  for (const auto& c : commands) {
    if (c.app->parsed()) return c.run();
  }
  return kFailure;  // the parser requires a subcommand, so one was chosen
}

}  // namespace npuzzle::cli
