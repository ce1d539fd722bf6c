// npuzzle bench: solve a file of benchmark instances (Korf's format: id, optimal length, other
// columns, then the tiles) and check every length against the published one.

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "commands.hpp"
#include "npuzzle/core/moves.hpp"
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

struct Instance {
  std::string id;
  int published = 0;  // 0: no optimal length known
  Board board;
  std::uint64_t published_nodes = 0;  // 0: no published search effort
};

/// `count` boards drawn uniformly from those that reach `goal`, from a fixed seed.
std::vector<Instance> random_instances(const Board& goal, std::uint64_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Instance> out;
  for (std::uint64_t i = 1; i <= count; ++i) {
    out.push_back({std::to_string(i), 0, solver().random(goal, rng)});
  }
  return out;
}

std::filesystem::path instance_file(const std::string& name) {
  const std::filesystem::path dir = NPUZZLE_INSTANCES_DIR;
  if (name == "korf100") return dir / "korf100.txt";
  if (name == "korf24") return dir / "korf24_50.txt";
  return name;
}

// The published search effort per instance, easiest first: id, length, nodes, other columns.
std::vector<std::pair<std::string, std::uint64_t>> published_effort(const std::string& name) {
  if (name != "korf24") return {};
  const std::filesystem::path path =
      std::filesystem::path(NPUZZLE_INSTANCES_DIR) / "korf24_effort.txt";
  std::ifstream in(path);
  if (!in) throw InputError("cannot read " + path.string());
  std::vector<std::pair<std::string, std::uint64_t>> out;
  std::string id;
  std::uint64_t length = 0, nodes = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    if (!(fields >> id >> length >> nodes)) throw InputError("bad line in " + path.string());
    out.emplace_back(id, nodes);
  }
  return out;
}

// The instances named by --ids (in that order) or the --easiest N by published effort, each
// with its published effort where known.
std::vector<Instance> select(std::vector<Instance> all, const BenchFlags& f) {
  const auto effort = published_effort(f.instances);
  for (auto& i : all) {
    for (const auto& [id, nodes] : effort) {
      if (id == i.id) i.published_nodes = nodes;
    }
  }
  std::vector<std::string> wanted = f.ids;
  if (f.easiest) {
    if (*f.easiest == 0) throw InputError("--easiest 0 names no instance: give 1 or more");
    if (effort.empty()) throw InputError("--easiest needs published search effort (korf24)");
    for (std::size_t k = 0; k < std::min(*f.easiest, effort.size()); ++k) {
      wanted.push_back(effort[k].first);
    }
  }
  if (wanted.empty()) return all;
  std::vector<Instance> out;
  std::set<std::string> chosen;  // (an instance solved twice at once would share its records)
  for (const auto& id : wanted) {
    if (!chosen.insert(id).second) {
      throw InputError(std::count(f.ids.begin(), f.ids.end(), id) > 1
                           ? "--ids names instance " + id + " twice"
                           : "instance " + id + " is both in --ids and among the --easiest");
    }
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const Instance& i) { return i.id == id; });
    if (it == all.end()) throw InputError("no instance " + id + " in " + f.instances);
    out.push_back(*it);
  }
  return out;
}

// Each line: id, the published optimal length, any other columns, then the board's n tiles,
// n the largest square that leaves the first two columns.
std::vector<Instance> read_instances(const std::filesystem::path& path,
                                     std::optional<Geometry> size) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw InputError(path.string() + " is a folder, not an instance file");
  }
  std::ifstream in(path);
  if (!in) throw InputError("cannot read instance file " + path.string());
  std::vector<Instance> out;
  std::map<std::string, int> line_of;  // by id: the line that lists it
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos ||
        line[line.find_first_not_of(" \t")] == '#')
      continue;
    std::istringstream fields(line);
    std::vector<std::string> tokens{std::istream_iterator<std::string>(fields), {}};
    std::size_t cells = size ? static_cast<std::size_t>(size->cells()) : 0;
    while (!size && (cells + 1) * (cells + 1) + 2 <= tokens.size()) ++cells;
    if (!size) cells *= cells;
    if (tokens.size() < cells + 2 || cells < 4) {
      throw InputError(fmt::format(
          "{}:{}: expected an id, a length and a board{}, found {}", path.string(), number,
          size ? fmt::format(" of {} tiles", cells) : "", counted(tokens.size(), "field")));
    }
    if (const auto [first, added] = line_of.emplace(tokens[0], number); !added) {
      throw InputError(fmt::format("{}:{}: instance {} is listed again (first on line {})",
                                   path.string(), number, tokens[0], first->second));
    }
    const std::string& length = tokens[1];
    int optimal = 0;
    const auto [end, parsed] =
        std::from_chars(length.data(), length.data() + length.size(), optimal);
    if (parsed != std::errc{} || end != length.data() + length.size() || optimal < 0) {
      throw InputError(fmt::format("{}:{}: the length '{}' is not a whole number of moves",
                                   path.string(), number, length));
    }
    try {
      out.push_back({tokens[0], optimal,
                     parse_board(std::span(tokens).subspan(tokens.size() - cells), size)});
    } catch (const InputError& e) {
      // (Where the size is not given, the line's own count of fields decides it.)
      throw InputError(fmt::format("{}:{}: {}{}", path.string(), number, e.what(),
                                   size ? ""
                                        : fmt::format(" (the board read as its last {} fields; "
                                                      "--size gives another shape)",
                                                      cells)));
    }
  }
  if (in.bad()) throw ReadError("cannot read instance file " + path.string());
  return out;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// --checkpoint-dir: an instance's search while it runs, and its answer once it ends, so that a
// bench run in pieces solves each instance once.
class InstanceRecords {
 public:
  InstanceRecords(std::filesystem::path dir, std::string set, const Board& goal)
      : dir_(std::move(dir)), set_(std::move(set)), goal_(format_board(goal)) {
    std::error_code error;
    if (!std::filesystem::is_directory(dir_, error)) {
      throw InputError("--checkpoint-dir " + dir_.string() + " is not a folder");
    }
  }
  std::string checkpoint(const Instance& i) const { return path(i, ".ckpt").string(); }

  /// The answer an earlier run kept, or nullopt. Throws InputError for a damaged record or one
  /// of another board or goal.
  std::optional<Solution> answer(const Instance& i) const {
    const auto file = path(i, ".answer");
    std::ifstream in(file);
    if (!in) return std::nullopt;
    // (Checked as any answer is: replayed, and its length against the published one.)
    const auto damaged = [&](const std::string& why) {
      return InputError(file.string() + " " + why + ": remove it to solve the instance again");
    };
    nlohmann::json j;
    Solution s;
    try {
      j = nlohmann::json::parse(in);
      s = solution_from_record(j);
    } catch (const nlohmann::json::exception& e) {
      throw damaged(std::string("is damaged (") + e.what() + ")");
    } catch (const InputError& e) {
      throw damaged(std::string("is damaged (") + e.what() + ")");
    }
    if (j.value("board", "") != format_board(i.board) || j.value("goal", "") != goal_) {
      throw damaged("is the answer of another board or goal");
    }
    if (s.status != SearchStatus::Solved) throw damaged("is damaged (not a solved instance)");
    return s;
  }
  /// Keeps a solved instance's answer: written beside and renamed, never half a file (throws
  /// StoreError, with the reason, where it cannot).
  void keep(const Instance& i, const Solution& s) const {
    nlohmann::json record = solution_record(s);
    record["board"] = format_board(i.board);
    record["goal"] = goal_;
    const std::string text = record.dump() + '\n';
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()),
                                              text.size());
    DirectoryStore(dir_).store(name(i, ".answer"), std::span(&bytes, 1));
  }

 private:
  std::string name(const Instance& i, std::string_view suffix) const {
    return set_ + "-" + i.id + std::string(suffix);
  }
  std::filesystem::path path(const Instance& i, std::string_view suffix) const {
    return dir_ / name(i, suffix);
  }
  std::filesystem::path dir_;
  std::string set_, goal_;
};

double ratio(std::uint64_t a, std::int64_t b) {
  return b > 0 ? static_cast<double>(a) / static_cast<double>(b) : 1.0;
}

// The report: a line per instance, in input order, each printed as soon as its answer and those
// of the instances before it are in (a long run shows each instance as it ends), then a summary.
// An answer is right when it replays and, where it claims to be shortest, has the published
// length (where one is known); answers not proven shortest are measured against the published
// length, else against the Manhattan distance.
class BenchReport {
 public:
  BenchReport(const std::vector<Instance>& instances, const Board& goal, bool json)
      : instances_(instances), goal_(goal), json_(json), answers_(instances.size()) {}

  /// Instance i's answer (`recorded`: an earlier run's), in any order, one call at a time.
  void answered(std::size_t i, Solution s, bool recorded) {
    answers_[i] = {std::move(s), recorded};
    for (; next_ < answers_.size() && answers_[next_]; ++next_) print(next_);
    std::cout.flush();
  }

  /// Prints the summary of the lines printed; returns how many answers were wrong.
  int summary(const std::string& method, double wall, unsigned at_once,
              unsigned search_threads) const {
    const double quality = ratio(length_sum_, yardstick_sum_);
    const std::uint64_t published = every_published_ ? published_nodes_ : 0;
    const std::string yardstick =
        instances_.front().published > 0 ? "the published optimum" : "the Manhattan distance";
    if (json_) {
      std::cout << nlohmann::json{{"summary", true},
                                  {"instances", instances_.size()},
                                  {"wrong", wrong_},
                                  {"method", method},
                                  {"search_seconds", search_},
                                  {"median_seconds", median(times_)},
                                  {"wall_seconds", wall},
                                  {"threads", at_once},
                                  {"search_threads", search_threads},
                                  {"expanded", expanded_},
                                  {"generated", generated_},
                                  {"length_ratio", quality},
                                  {"yardstick", yardstick}}
                       .dump()
                << '\n';
    } else {
      std::cout << fmt::format(
          "{} instances, {} right; {}; search time {} in total, median {}, wall {} with {} at "
          "once, {} search thread(s) each; {} expanded ({:.0f} per instance{}), {} generated; "
          "lengths x{:.3f} {}\n",
          instances_.size(), instances_.size() - static_cast<std::size_t>(wrong_), method,
          human_seconds(search_), human_seconds(median(times_)), human_seconds(wall), at_once,
          search_threads, expanded_,
          static_cast<double>(expanded_) / static_cast<double>(instances_.size()),
          published == 0 ? ""
                         : fmt::format(", x{:.2f} the published nodes",
                                       ratio(expanded_, static_cast<std::int64_t>(published))),
          generated_, quality, yardstick);
    }
    return wrong_;
  }

 private:
  struct Answer {
    Solution solution;
    bool recorded = false;
  };

  void print(std::size_t i) {
    const Solution& s = answers_[i]->solution;
    const Instance& instance = instances_[i];
    const bool replayed = s.status == SearchStatus::Solved &&
                          solver().verify(instance.board, goal_, s.moves).reaches_goal;
    const auto length = static_cast<std::int64_t>(s.moves.size());
    const bool ok = replayed && (instance.published == 0 ? true
                                 : s.optimal             ? length == instance.published
                                                         : length >= instance.published);
    const std::int64_t yardstick = instance.published > 0
                                       ? instance.published
                                       : solver().bounds(instance.board, goal_).manhattan;
    wrong_ += !ok;
    // Search effort compares only where the answer is proven shortest, as the published was.
    const std::uint64_t published_effort = s.optimal ? instance.published_nodes : 0;
    published_nodes_ += published_effort;
    every_published_ &= published_effort != 0;
    search_ += s.stats.seconds;
    expanded_ += s.stats.expanded;
    generated_ += s.stats.generated;
    if (replayed) {
      length_sum_ += s.moves.size();
      yardstick_sum_ += yardstick;
    }
    times_.push_back(s.stats.seconds);
    const std::string verdict = ok                                    ? (s.optimal ? "ok" : "valid")
                                : s.status == SearchStatus::Solved    ? "WRONG"
                                : s.status == SearchStatus::Cancelled ? "stopped"
                                                                      : "budget";
    const bool recorded = answers_[i]->recorded;
    if (json_) {
      std::cout << nlohmann::json{{"id", instance.id},
                                  {"published", instance.published > 0
                                                    ? nlohmann::json(instance.published)
                                                    : nlohmann::json(nullptr)},
                                  {"length", s.status == SearchStatus::Solved
                                                 ? nlohmann::json(s.moves.size())
                                                 : nlohmann::json(nullptr)},
                                  {"optimal", s.optimal},
                                  {"lower_bound", s.lower_bound},
                                  {"yardstick", yardstick},
                                  {"status", describe(s.status)},
                                  {"ok", ok},
                                  {"recorded", recorded},
                                  {"published_nodes", instance.published_nodes != 0
                                                          ? nlohmann::json(instance.published_nodes)
                                                          : nlohmann::json(nullptr)},
                                  {"stats", stats_json(s.stats)}}
                       .dump()
                << '\n';
    } else {
      std::cout << fmt::format(
          "{:>4} {:>5} {:>7} {:<7} x{:<5.3f} {:>12} expanded {:>12} generated {:>10}{}{}\n",
          instance.id, yardstick,
          s.status == SearchStatus::Solved ? std::to_string(s.moves.size()) : "-", verdict,
          ratio(s.moves.size(), yardstick), s.stats.expanded, s.stats.generated,
          human_seconds(s.stats.seconds),
          published_effort == 0
              ? ""
              : fmt::format("  published {:>14} x{:.2f}", published_effort,
                            ratio(s.stats.expanded, static_cast<std::int64_t>(published_effort))),
          recorded ? "  (an earlier run's answer)" : "");
    }
  }

  const std::vector<Instance>& instances_;
  const Board& goal_;
  bool json_;
  std::vector<std::optional<Answer>> answers_;
  std::size_t next_ = 0;  // the first instance whose line is not printed yet
  int wrong_ = 0;
  double search_ = 0;
  std::uint64_t expanded_ = 0, generated_ = 0, length_sum_ = 0;
  std::int64_t yardstick_sum_ = 0;
  std::uint64_t published_nodes_ = 0;  // summed where every instance has a figure
  bool every_published_ = true;
  std::vector<double> times_;
};

int run_bench(BenchFlags& f) {
  std::vector<Instance> instances;
  if (f.instances == "random") {
    if (!f.boards.geometry()) throw InputError("bench random needs --size RxC");
    instances = random_instances(f.boards.goal_for(*f.boards.geometry()), f.count, f.seed);
  } else {
    instances = select(read_instances(instance_file(f.instances), f.boards.geometry()), f);
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
