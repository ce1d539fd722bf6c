#pragma once
// What the subcommands share: exit codes, the board, search and output flags, reading boards
// from arguments or stdin, and reporting.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/board.hpp"
#include "npuzzle/core/moves.hpp"

namespace npuzzle::cli {

enum Exit : int { kOk = 0, kFailure = 1, kBadInput = 2, kInterrupted = 130 };

/// A subcommand: its node in the parser, and what runs when it is chosen (returns the exit code).
struct Command {
  CLI::App* app;
  std::function<int()> run;
};

/// --size and --goal.
struct BoardFlags {
  std::string size;
  std::string goal = "blank-last";

  void add_to(CLI::App& app);
  std::optional<Geometry> geometry() const;
  /// The goal for boards of geometry `g` (parsed again only when `g` changes).
  const Board& goal_for(Geometry g);

 private:
  std::optional<Board> goal_;
};

/// The most threads an option may ask for: beyond the cores they only slow a run down.
constexpr unsigned kMaxThreads = 256;

/// The pattern database sets by the boards they serve: "7-8, 6-6-3, 5-5-5 (4x4); 6-6-6-6 (5x5)".
std::string pdb_set_names();

/// --algo, --heuristic, --pdb, --search-threads and the budget.
struct SearchFlags {
  std::string algorithm = "auto";
  std::string heuristic = "auto";
  std::string pdb_set;  // empty: the solver's choice
  std::uint64_t max_nodes = 0;
  double timeout = 60;
  double max_memory_mib = 4096;
  unsigned search_threads = 0;  // 0: every core

  void add_to(CLI::App& app, bool with_methods);
  /// The budget, followed on the terminal and stopped by Ctrl-C.
  Budget budget() const;
  /// The threads one search gets where `at_once` boards are solved together: --search-threads,
  /// else the cores shared among them.
  unsigned threads_per_search(unsigned at_once) const;
  SolveOptions options() const;
};

/// The plan for each goal geometry met in a batch, made once per geometry and kept for the
/// batch; safe to ask from several threads.
class Plans {
 public:
  /// Where `at_once` boards are solved together, their searches share the cores and show no
  /// progress line.
  Plans(BoardFlags& boards, const SearchFlags& search, unsigned at_once = 1)
      : boards_(boards), search_(search), at_once_(at_once) {}
  const Solver::Plan& for_board(const Board& board);

 private:
  BoardFlags& boards_;
  const SearchFlags& search_;
  unsigned at_once_;
  std::mutex mutex_;
  std::map<std::pair<int, int>, Solver::Plan> plans_;
};

/// --notation, --json, and (where it applies) --stats.
struct OutputFlags {
  std::string notation = "blank";
  bool json = false;
  bool stats = false;

  void add_to(CLI::App& app, bool with_stats);
  Notation notation_value() const {
    return notation == "tile" ? Notation::TileMoves : Notation::Blank;
  }
};

/// The positional board argument: its tiles, possibly over several arguments.
CLI::Option* add_board_argument(
    CLI::App& app, std::vector<std::string>& words, const std::string& name = "board",
    const std::string& help = "The board's tiles (or none: read boards from stdin)");

/// Checks that an option is a whole number of 0 or more, before it is read into an unsigned
/// type (where "-1" would otherwise wrap around).
const CLI::Validator& whole_non_negative();

/// The registered names of methods, for option checks and help.
std::vector<std::string> names_of(const std::vector<MethodInfo>& methods);

/// Runs the command the parser chose among `commands`.
int run_parsed(const std::vector<Command>& commands);

/// Writes "npuzzle: LINE" to stderr; a failed write there is ignored, never fatal.
void say(std::string_view line);
/// Writes "npuzzle: WHERE: MESSAGE" to stderr.
void report(std::string_view where, std::string_view message);
/// The exit code once the output is flushed: kFailure, said on stderr, if stdout could not
/// take all of it (a full disk, a closed pipe), else `code`.
int finish_output(int code);
/// Throws InputError if standard input is closed or a directory (nothing to read boards from).
void check_stdin();
/// "@FILE" stands for the text of FILE (its last newline dropped), so that move strings and
/// boards longer than the system lets one argument be can be given; "@@..." for a literal "@...".
std::string expand_file_argument(const std::string& arg);
/// An input error's message, with the command that mends it where there is one.
std::string explain(const InputError& e);

/// A JSON line of a batch, with the input line it answers ("line": N) where the board came from
/// stdin, written to stdout.
void print_json(nlohmann::json object, const std::string& where);

/// What a batch prints on stdout for an input line it could not answer, so that output lines
/// stay matched to input lines.
using ErrorLine = std::function<void(const std::string& where, const std::string& message)>;
/// "error", or with `json` an object with "status": "error" and the message.
ErrorLine error_line(bool json);

/// Calls `handle(board, where)` for each board: the one the positional arguments make, or
/// else one per non-empty line of stdin. An InputError (or running out of memory) is reported
/// with its place, `on_error` prints its line, and the next board goes on; Ctrl-C or a closed
/// stdout stops the batch. Returns kBadInput if any board was refused, kFailure if one ran out
/// of memory, else kOk.
int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   const std::function<void(const Board& board, const std::string& where)>& handle,
                   const ErrorLine& on_error = {});

/// What a board's work leaves to do on the calling thread, given the board (print its answer).
using Finish = std::function<void(const Board& board)>;
using BoardWork = std::function<Finish(const Board& board, const std::string& where)>;
/// The same with up to `threads` boards at work at once: `work` runs on worker threads, and what
/// it returns runs on the calling thread in input order, each as soon as the boards before it are
/// done, so the output keeps the input's order. With one thread all of it runs on this one.
int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   unsigned threads, const BoardWork& work, const ErrorLine& on_error = {});

/// The exit code of a batch: bad input first, then an interruption, then a search that gave up.
int batch_exit(int code, bool gave_up);

std::string human_seconds(double s);
std::string human_bytes(std::size_t b);
/// "stats: length 19, algorithm ..., expanded 0, ..." for --stats.
std::string stats_line(const Solution& s);
nlohmann::json stats_json(const SearchStats& stats);
/// One board's solve as a JSON object: board, goal, solvable, moves, length, optimal, ...
nlohmann::json solution_json(const Board& board, const Board& goal, const Solution& s,
                             Notation notation);

}  // namespace npuzzle::cli
