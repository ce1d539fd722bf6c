#include "common.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <iostream>

#include "npuzzle/errors.hpp"
#include "npuzzle/format.hpp"
#include "pdb_cache.hpp"

namespace npuzzle::cli {
namespace {

std::vector<std::string> names_of(const auto& values) {
  std::vector<std::string> out;
  for (auto v : values) out.emplace_back(name(v));
  return out;
}

}  // namespace

void BoardFlags::add_to(CLI::App& app) {
  app.add_option("--size", size, "Board size RxC, needed for flat lists of a non-square board");
  app.add_option("--goal", goal,
                 "blank-last (1..n-1 then the blank), blank-first (the blank then 1..n-1), or a "
                 "goal board in any board form")
      ->capture_default_str();
}

std::optional<Geometry> BoardFlags::geometry() const {
  if (size.empty()) return std::nullopt;
  return parse_geometry(size);
}

const Board& BoardFlags::goal_for(Geometry g) {
  if (!goal_ || goal_->geometry != g) goal_ = parse_goal(goal, g);
  return *goal_;
}

void SearchFlags::add_to(CLI::App& app, bool with_algorithm) {
  if (with_algorithm) {
    app.add_option("--algo", algorithm,
                   "auto (the distance table up to 9 cells, IDA* beyond), table, bfs, bibfs, "
                   "astar or idastar")
        ->check(CLI::IsMember(names_of(kAlgorithms)))
        ->capture_default_str();
    auto heuristics = names_of(kHeuristics);
    heuristics.emplace_back("auto");
    app.add_option("--heuristic", heuristic,
                   "Estimate for astar and idastar: manhattan, linear-conflict, walking-distance "
                   "(up to 4x4), pdb (pattern databases, 4x4), or auto (pdb where it serves, else "
                   "linear-conflict)")
        ->check(CLI::IsMember(heuristics))
        ->capture_default_str();
    app.add_option("--pdb", pdb_set,
                   "Pattern database set for 4x4 boards: 7-8, 6-6-3 or 5-5-5 (default: the "
                   "strongest built, else 5-5-5, built on first use; see 'npuzzle pdb')");
  }
  app.add_option("--max-nodes", max_nodes, "Give up after expanding this many nodes (0: no limit)")
      ->capture_default_str();
  app.add_option("--timeout", timeout, "Give up after this many seconds per board (0: no limit)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("--max-memory", max_memory_mib,
                 "MiB the searches that store states may use (0: no limit)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
}

Budget SearchFlags::budget() const {
  Budget b;
  b.max_nodes = max_nodes;
  b.timeout_seconds = timeout;
  b.max_memory_bytes = static_cast<std::size_t>(max_memory_mib * 1024 * 1024);
  return b;
}

SolveOptions SearchFlags::options(const Board& goal) const {
  SolveOptions o;
  o.algorithm = *algorithm_named(algorithm);  // checked by the parser
  const bool informed = is_informed(resolve(o.algorithm, goal.geometry));
  if (heuristic != "auto") o.heuristic = *heuristic_named(heuristic);
  if (informed && (heuristic == "auto" || heuristic == "pdb")) {
    o.pdb = pdb_for(goal, pdb_set);
    if (o.pdb) {
      o.heuristic = Heuristic::Pdb;
    } else if (heuristic == "pdb") {
      throw InputError("no pattern database set serves " + goal.geometry.name() +
                       " boards with this goal (sets are for 4x4, blank in a corner)");
    }
  }
  o.budget = budget();
  return o;
}

void OutputFlags::add_to(CLI::App& app, bool with_stats) {
  app.add_option("--notation", notation,
                 "blank: a letter says where the blank goes; tile: where the moved tile goes")
      ->check(CLI::IsMember({"blank", "tile"}))
      ->capture_default_str();
  app.add_flag("--json", json, "One JSON object per board");
  if (with_stats) {
    app.add_flag("--stats", stats, "Also print nodes, time and memory of the search");
  }
}

CLI::Option* add_board_argument(CLI::App& app, std::vector<std::string>& tokens,
                                const std::string& name, const std::string& help) {
  return app.add_option(name, tokens, help);
}

int run_parsed(const std::vector<Command>& commands) {
  for (const auto& c : commands) {
    if (c.app->parsed()) return c.run();
  }
  return kFailure;  // the parser requires a subcommand, so one was chosen
}

void report(std::string_view where, std::string_view message) {
  std::cout.flush();  // keep stdout and stderr in order when both go to one terminal
  fmt::print(stderr, "npuzzle: {}: {}\n", where, message);
}

int for_each_board(const std::vector<std::string>& args,
                   const std::function<void(std::string_view, const std::string&)>& handle) {
  int code = kOk;
  const auto attempt = [&](std::string_view text, const std::string& where) {
    try {
      handle(text, where);
    } catch (const InputError& e) {
      report(where, e.what());
      code = kBadInput;
    }
  };
  if (!args.empty()) {
    std::string joined;
    for (const auto& a : args) joined += (joined.empty() ? "" : " ") + a;
    attempt(joined, "board");
    return code;
  }
  std::string line;
  for (int number = 1; std::getline(std::cin, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    attempt(line, "line " + std::to_string(number));
  }
  return code;
}

std::string human_seconds(double s) {
  if (s < 1e-3) return fmt::format("{:.1f} us", s * 1e6);
  if (s < 1) return fmt::format("{:.2f} ms", s * 1e3);
  return fmt::format("{:.2f} s", s);
}

std::string human_bytes(std::size_t b) {
  const auto x = static_cast<double>(b);
  if (b < 1024) return fmt::format("{} B", b);
  if (b < 1024 * 1024) return fmt::format("{:.1f} KiB", x / 1024);
  if (b < 1024ULL * 1024 * 1024) return fmt::format("{:.1f} MiB", x / (1024 * 1024));
  return fmt::format("{:.2f} GiB", x / (1024.0 * 1024 * 1024));
}

std::string stats_line(SearchStatus status, std::size_t length, Algorithm algorithm,
                       std::optional<Heuristic> heuristic, const SearchStats& stats) {
  return fmt::format(
      "stats: length {}, algorithm {}{}, expanded {}, generated {}, time {}, memory {}",
      status == SearchStatus::Solved ? std::to_string(length) : std::string(describe(status)),
      name(algorithm), heuristic ? fmt::format(" ({})", name(*heuristic)) : "", stats.expanded,
      stats.generated, human_seconds(stats.seconds), human_bytes(stats.peak_bytes));
}

nlohmann::json stats_json(const SearchStats& stats) {
  return {{"expanded", stats.expanded},
          {"generated", stats.generated},
          {"seconds", stats.seconds},
          {"peak_bytes", stats.peak_bytes}};
}

nlohmann::json solution_json(const Board& board, const Board& goal, const Solution& s,
                             Notation notation) {
  const bool solved = s.status == SearchStatus::Solved;
  nlohmann::json j{
      {"board", board_json(board)},
      {"goal", board_json(goal)},
      {"status", describe(s.status)},
      {"solvable", s.status == SearchStatus::NoSolution ? nlohmann::json(false)
                   : solved                             ? nlohmann::json(true)
                                                        : nlohmann::json(nullptr)},
      {"moves", solved ? nlohmann::json(format_moves(s.moves, notation)) : nlohmann::json(nullptr)},
      {"length", solved ? nlohmann::json(s.moves.size()) : nlohmann::json(nullptr)},
      {"optimal", solved},
      {"notation", notation == Notation::Blank ? "blank" : "tile"},
      {"algorithm", name(s.algorithm)},
      {"heuristic", s.heuristic ? nlohmann::json(name(*s.heuristic)) : nlohmann::json(nullptr)},
      {"stats", stats_json(s.stats)}};
  return j;
}

}  // namespace npuzzle::cli
