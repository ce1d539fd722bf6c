#pragma once
// The subcommands' shared options: the board (--size, --goal), the search (--algo, --heuristic,
// --pdb, threads and the budget) and the output (--notation, --json, --stats), with their checks.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/board.hpp"
#include "npuzzle/core/moves.hpp"

namespace npuzzle::cli {

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

/// The pattern database sets by the boards they serve: "7-8+L, 7-8, 6-6-3, 5-5-5 (4x4); 6-6-6-6x2,
/// 6-6-6-6 (5x5)".
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
  // The file that keeps an IDA* search's progress (solve), or the folder of one per instance
  // (bench).
  std::string checkpoint;
  double checkpoint_every = 60;
  bool improve = false;
  CLI::Option* timeout_option = nullptr;

  void add_to(CLI::App& app, bool with_methods);
  /// --checkpoint FILE (solve) or --checkpoint-dir DIR (bench), and --checkpoint-every.
  void add_checkpoint_to(CLI::App& app, bool per_instance);
  /// --improve: the fast solver's answer improved while --timeout leaves time (solve, bench).
  void add_improve_to(CLI::App& app);
  /// The budget, followed on the terminal and stopped by Ctrl-C.
  Budget budget() const;
  /// The threads one search gets where `at_once` boards are solved together: --search-threads,
  /// else the cores shared among them.
  unsigned threads_per_search(unsigned at_once) const;
  /// The options of a search; `shared`: whether the processes of an MPI run share it, which a
  /// checkpoint cannot keep (InputError).
  SolveOptions options(bool shared) const;
  /// The same for a search shared wherever the run has several processes.
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

/// Checks that an option is one of `names`, and where it is not, says which it may be a slip for.
CLI::Validator one_of(std::vector<std::string> names);

/// The registered names of methods, for option checks and help.
std::vector<std::string> names_of(const std::vector<MethodInfo>& methods);

/// Runs the command the parser chose among `commands`.
int run_parsed(const std::vector<Command>& commands);

}  // namespace npuzzle::cli
