#include "common.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <system_error>
#include <thread>

#include "npuzzle/io/format.hpp"
#include "scanner.hpp"
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
    app.add_option(
           "--algo", algorithm,
           "auto (the distance table up to 10 cells; idastar beyond, handing over to fast where "
           "the budget ends, with at most 1,000,000 nodes past 20 cells unless pattern databases "
           "serve the board; fast past 256 cells), "
           "or one of:" +
               described(Solver::algorithms()))
        ->check(CLI::IsMember(names_of(Solver::algorithms())))
        ->capture_default_str();
    app.add_option("--heuristic", heuristic,
                   "The estimate astar and idastar read: auto (pdb where a set serves the board "
                   "and goal, else linear-conflict), or one of:" +
                       described(Solver::heuristics()))
        ->check(CLI::IsMember(names_of(Solver::heuristics())))
        ->capture_default_str();
    app.add_option("--pdb", pdb_set,
                   "Pattern database set: " + pdb_set_names() +
                       " (default: the strongest built, else on 4x4 the light one, built on "
                       "first use; see 'npuzzle pdb')");
  }
  app.add_option("--search-threads", search_threads,
                 "Threads one IDA* search shares (0: every core)")
      ->check(CLI::Range(0u, kMaxThreads))
      ->capture_default_str();
  app.add_option("--max-nodes", max_nodes, "Give up after expanding this many nodes (0: no limit)")
      ->check(kWholeNonNegative)
      ->capture_default_str();
  app.add_option("--timeout", timeout, "Give up after this many seconds per board (0: no limit)")
      ->check(kFiniteNonNegative)
      ->capture_default_str();
  app.add_option("--max-memory", max_memory_mib,
                 "MiB the searches that store states may use (0: no limit)")
      ->check(kMemoryMib)
      ->capture_default_str();
}

Budget SearchFlags::budget() const {
  Budget b;
  b.max_nodes = max_nodes;
  b.timeout_seconds = timeout;
  b.max_memory_bytes = static_cast<std::size_t>(max_memory_mib * 1024 * 1024);
  b.threads = threads_per_search(1);
  return followed(std::move(b));
}

unsigned SearchFlags::threads_per_search(unsigned at_once) const {
  if (search_threads != 0) return search_threads;
  return std::max(1u, std::thread::hardware_concurrency() / std::max(1u, at_once));
}

SolveOptions SearchFlags::options() const {
  SolveOptions o;
  o.algorithm = algorithm;
  o.heuristic = heuristic;
  o.tables = pdb_set;
  o.budget = budget();
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
      ->check(CLI::IsMember({"blank", "tile"}))
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

namespace {
const std::thread::id kMainThread = std::this_thread::get_id();  // set before main() runs
}  // namespace

void say(std::string_view line) {
  // Stdout and the progress line belong to the main thread (a note can come from a search on a
  // worker of `solve -j`); there, stdout is flushed first to keep the two in order on a terminal.
  if (std::this_thread::get_id() == kMainThread) {
    std::cout.flush();
    clear_progress();
  }
  const std::string text = fmt::format("npuzzle: {}\n", line);
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void report(std::string_view where, std::string_view message) {
  say(fmt::format("{}: {}", where, message));
}

int finish_output(int code) {
  std::cout.flush();
  errno = 0;
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    say(fmt::format("cannot write the output{}",
                    errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()));
    return kFailure;
  }
  return code;
}

void check_stdin() {
  struct stat st {};
  if (::fstat(STDIN_FILENO, &st) != 0) {
    throw InputError("there is no standard input to read from (it is closed)");
  }
  if (S_ISDIR(st.st_mode)) throw InputError("the standard input is a directory, not text");
}

std::string expand_file_argument(const std::string& arg) {
  if (arg.size() < 2 || arg.front() != '@') return arg;
  if (arg[1] == '@') return arg.substr(1);
  const std::filesystem::path path = arg.substr(1);
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw InputError("'" + arg.substr(0, 60) + "': no such file to read an argument from");
  }
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  if (!in && !in.eof()) throw InputError("cannot read " + path.string());
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

void print_json(nlohmann::json object, const std::string& where) {
  constexpr std::string_view kLine = "line ";
  if (where.starts_with(kLine)) object["line"] = std::stoi(where.substr(kLine.size()));
  std::cout << object.dump() << '\n';
}

ErrorLine error_line(bool json) {
  return [json](const std::string& where, const std::string& message) {
    if (json) {
      print_json({{"status", "error"}, {"message", message}}, where);
    } else {
      std::cout << "error\n";
    }
  };
}

std::string explain(const InputError& e) {
  if (const auto* missing = dynamic_cast<const MissingTablesError*>(&e)) {
    return fmt::format("{}; build them once with 'npuzzle pdb build {}'", e.what(), missing->set());
  }
  return e.what();
}

namespace {

// One board of a batch, from its input line to what its work leaves to do.
struct Slot {
  std::optional<Board> board;  // none where it could not be read
  std::string where;
  Finish finish;
  std::string problem;  // why it could not be answered
  int problem_code = kOk;
  std::exception_ptr failure;  // anything else, raised again on the calling thread
  bool done = false;
};

// Runs one step of a slot's board (reading it, working on it); what ends the step ends it for
// this board only.
template <class Step>
void attempt(Slot& slot, const Step& step) {
  try {
    step();
  } catch (const InputError& e) {
    slot.problem = explain(e);
    slot.problem_code = kBadInput;
  } catch (const std::bad_alloc&) {
    slot.problem = "out of memory for this board; the others go on";
    slot.problem_code = kFailure;
  } catch (...) {
    slot.failure = std::current_exception();
  }
}

void work_on(Slot& slot, const BoardWork& work) {
  attempt(slot, [&] { slot.finish = work(*slot.board, slot.where); });
}

// The boards of a batch worked on by a pool of threads and closed in input order, at most a few
// per thread ahead of the oldest one not yet done.
class InOrder {
 public:
  InOrder(unsigned threads, const BoardWork& work, std::function<void(Slot&)> close)
      : work_(work), close_(std::move(close)), ahead_(4 * std::size_t{threads}) {
    for (unsigned t = 0; threads > 1 && t < threads; ++t) {
      try {
        workers_.emplace_back([this] { serve(); });
      } catch (const std::system_error&) {
        break;  // the threads that started do the work; none: this one does
      }
    }
  }
  InOrder(const InOrder&) = delete;
  InOrder& operator=(const InOrder&) = delete;
  ~InOrder() {
    {
      const std::lock_guard lock(mutex_);
      closing_ = true;
      pending_.clear();  // reached only once the window is closed, or when a failure ends it
    }
    ready_.notify_all();
    for (auto& t : workers_) t.join();
  }

  void add(Slot slot) {
    if (workers_.empty()) {
      if (slot.board) work_on(slot, work_);
      close_(slot);
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      window_.push_back(std::move(slot));
      if (window_.back().board) {
        pending_.push_back(&window_.back());
      } else {
        window_.back().done = true;
      }
    }
    ready_.notify_one();
    close_front(window_full());
  }
  /// Closes every slot, waiting for their work.
  void drain() {
    while (close_front(true)) {
    }
  }

 private:
  bool window_full() {
    const std::lock_guard lock(mutex_);
    return window_.size() > ahead_;
  }
  // Closes the slots at the front that are done, waiting for the first where `wait`; false when
  // the window is empty.
  bool close_front(bool wait) {
    for (;;) {
      std::unique_lock lock(mutex_);
      if (window_.empty()) return false;
      if (wait) done_.wait(lock, [&] { return window_.front().done; });
      if (!window_.front().done) return true;
      Slot slot = std::move(window_.front());
      window_.pop_front();
      lock.unlock();
      close_(slot);
      wait = false;
    }
  }
  void serve() {
    for (;;) {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return closing_ || !pending_.empty(); });
      if (pending_.empty()) return;
      Slot* slot = pending_.front();
      pending_.pop_front();
      lock.unlock();
      work_on(*slot, work_);
      lock.lock();
      slot->done = true;
      lock.unlock();
      done_.notify_all();
    }
  }

  const BoardWork& work_;
  std::function<void(Slot&)> close_;
  std::size_t ahead_;
  std::mutex mutex_;
  std::condition_variable ready_, done_;
  std::deque<Slot> window_;  // in input order; a deque keeps the slots in place as it grows
  std::deque<Slot*> pending_;
  bool closing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace

int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   const std::function<void(const Board&, const std::string&)>& handle,
                   const ErrorLine& on_error) {
  return for_each_board(
      words, size, 1,
      [&](const Board& board, const std::string& where) -> Finish {
        handle(board, where);
        return {};
      },
      on_error);
}

int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   unsigned threads, const BoardWork& work, const ErrorLine& on_error) {
  int code = kOk;
  InOrder batch(threads, work, [&](Slot& slot) {
    if (slot.failure) std::rethrow_exception(slot.failure);
    if (slot.problem.empty()) {
      if (slot.finish) slot.finish(*slot.board);
      return;
    }
    code = slot.problem_code == kBadInput || code == kOk ? slot.problem_code : code;
    report(slot.where, slot.problem);
    if (on_error) on_error(slot.where, slot.problem);
  });
  const auto read = [&](const auto& parse, std::string where) {
    Slot slot;
    slot.where = std::move(where);
    attempt(slot, [&] { slot.board = parse(); });
    batch.add(std::move(slot));
  };
  if (!words.empty()) {
    read([&] { return parse_board(std::span(words), size); }, "board");
    batch.drain();
    return code;
  }
  check_stdin();
  const auto answer = [&](std::string_view line, int number) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;
    read([&] { return parse_board(line, size); }, "line " + std::to_string(number));
  };
  const auto going = [] { return !interrupted().cancelled() && std::cout; };
  // A file is mapped and its lines read in place (a 3000x3000 board is 70 MB of text); a pipe or
  // a terminal is read a line at a time, each board answered as it comes.
  if (auto file = Scanner::mapped(stdin)) {
    std::string_view line;
    for (int number = 1; going() && file->rest_of_line(line); ++number) answer(line, number);
  } else {
    std::string line;
    for (int number = 1; going() && std::getline(std::cin, line); ++number) answer(line, number);
  }
  batch.drain();
  return code;
}

int batch_exit(int code, bool gave_up) {
  if (code != kOk) return code;
  if (interrupted().cancelled()) {
    say("interrupted");
    return kInterrupted;
  }
  return gave_up ? kFailure : kOk;
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

std::string stats_line(const Solution& s) {
  std::string method = s.algorithm;
  if (!s.heuristic.empty()) {
    method += " (" + s.heuristic + (s.tables.empty() ? "" : " " + s.tables) + ")";
  }
  return fmt::format(
      "stats: length {}, algorithm {}, expanded {}, generated {}, time {}, memory {}",
      s.status != SearchStatus::Solved
          ? fmt::format("{} (at least {})", describe(s.status), s.lower_bound)
      : s.optimal ? std::to_string(s.length())
                  : fmt::format("{} (not proven shortest; at least {})", s.length(), s.lower_bound),
      method, s.stats.expanded, s.stats.generated, human_seconds(s.stats.seconds),
      human_bytes(s.stats.peak_bytes));
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
  const auto or_null = [](bool present, auto value) {
    return present ? nlohmann::json(value) : nlohmann::json(nullptr);
  };
  // Parity decides solvability before any search, so only NoSolution means unsolvable.
  return {{"board", board_json(board)},
          {"goal", board_json(goal)},
          {"status", describe(s.status)},
          {"solvable", s.status != SearchStatus::NoSolution},
          {"moves", or_null(solved, format_moves(s.moves, notation))},
          {"length", or_null(solved, s.moves.size())},
          {"optimal", s.optimal},
          {"lower_bound", s.lower_bound},
          {"notation", notation == Notation::Blank ? "blank" : "tile"},
          {"algorithm", s.algorithm},
          {"heuristic", or_null(!s.heuristic.empty(), s.heuristic)},
          {"tables", or_null(!s.tables.empty(), s.tables)},
          {"stats", stats_json(s.stats)}};
}

}  // namespace npuzzle::cli
