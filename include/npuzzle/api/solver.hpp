#pragma once
// The library's front door. A Solver owns every table and cache, chooses the method for each
// board by one policy, and answers everything the front ends ask: solve, check, hint, compare,
// random boards, verify, batches, the Cubic Eight-Puzzle, and table management. Where tables
// are kept is the caller's choice (a TableStore). One Solver is safe to use from several
// threads at once.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/search/domain.hpp"
#include "npuzzle/storage/table_file.hpp"
#include "npuzzle/storage/table_store.hpp"
#include "npuzzle/util/cancel.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {

/// An algorithm, heuristic or table set, as registered: what front ends list and parse.
struct MethodInfo {
  std::string name;
  std::string summary;
  bool optimal = true;    // algorithms: answers are proven shortest (given an admissible estimate)
  bool informed = false;  // algorithms: reads a heuristic
  bool lookup = false;    // algorithms: answers by reading a table of every state, no search
  bool streams = false;   // algorithms: on the largest boards, hands its moves on as it finds them
  int max_cells = 0;      // algorithms: the largest board it takes
};

/// The method names a solve asks for; "auto" leaves the choice to the solver's policy.
struct SolveOptions {
  std::string algorithm = "auto";
  std::string heuristic = "auto";
  /// The pattern database set for the pdb heuristic; empty: the strongest one stored, else the
  /// light one, built on first use where the solver's config allows.
  std::string tables;
  Budget budget;
  /// IDA* only: a file that keeps the search's progress, written at the start of each large
  /// iteration, about every `checkpoint_seconds` within it, and where a limit stops it, so that a
  /// solve of the same board started again with the file goes on from there and gives the same
  /// answer. Removed once the search ends. Empty: none. A file that is damaged or another
  /// search's is refused (InputError).
  std::string checkpoint;
  double checkpoint_seconds = 60;
};

struct Solution {
  /// Solved, NoSolution (the goal cannot be reached), or the limit that stopped the search.
  SearchStatus status = SearchStatus::NoSolution;
  std::vector<Dir> moves;
  /// Moves handed to a sink instead (Plan::solve with a sink; `moves` is then empty).
  std::uint64_t streamed = 0;
  bool optimal = false;  // the moves are proven shortest
  int lower_bound = 0;   // proven: no solution is shorter
  SearchStats stats;
  std::string algorithm;  // what ran, never "auto"
  std::string heuristic;  // the estimate it read, or empty
  std::string tables;     // the pattern database set it read, or empty

  std::uint64_t length() const { return moves.size() + streamed; }
  /// Parity decides before any search, so only NoSolution says the goal cannot be reached.
  bool solvable() const { return status != SearchStatus::NoSolution; }
  /// The moves in `notation` where solved (empty where they were streamed), else none.
  std::optional<std::string> moves_in(Notation notation) const;
};

/// A distance and a first move of a shortest solution.
struct Hint {
  SearchStatus status = SearchStatus::NoSolution;
  int distance = 0;         // when solved
  std::optional<Dir> next;  // when solved and not at the goal
  bool optimal = false;
  int lower_bound = 0;
};

/// Proven lower bounds on the length of any solution.
struct Bounds {
  std::int64_t manhattan = 0;  // each tile's taxicab distance home, summed
  std::int64_t conflict = 0;   // that plus the linear conflicts of every row and column
};

/// A move sequence replayed on a board.
struct Verdict {
  bool legal = true;
  std::size_t applied = 0;  // moves made before the first illegal one (all if legal)
  Dir refused = Dir::Up;    // where not legal: the move that would leave the board
  Board final;
  bool reaches_goal = false;
};

/// A Cubic Eight-Puzzle dataset as POJ 3131 writes it: the empty square's column x and row y
/// (1 to 3), and nine letters, B, W or R for a top colour and E for the target's empty square.
struct CubeDataset {
  std::uint64_t x = 0, y = 0;
  std::string pattern;
};

struct CubeVerdict {
  bool legal = true;
  std::size_t applied = 0;
  bool makes_pattern = false;
  std::string tops;   // the tops after the moves, as three rows of letters
  std::string faces;  // each square's top, front and right colours after them (format_faces)
};

/// A set of tables the solver can build and keep.
struct TableSetInfo {
  std::string name;    // "7-8", "cube"
  std::string serves;  // "4x4", "cube"
  std::string summary;
  bool present = false;  // every table is in the store (not checked for damage)
  // A solve of this solver found it damaged or outdated and did not rebuild it (until it is
  // built again or removed).
  bool damaged = false;
  std::vector<std::string> keys;
};

struct TableCheck {
  std::string where;  // the store's name for the table
  bool ok = false;
  std::string problem;  // when not ok
};

struct SolverConfig {
  /// Where tables are kept; a MemoryStore where none is given.
  std::shared_ptr<TableStore> store;
  /// Threads for table builds and batches.
  unsigned threads = 1;
  /// Whether tables that build in about a second are built when first wanted and not stored: the
  /// light pattern database set for a solve (otherwise it reads a weaker estimate), and the
  /// cube's answer table for cube_distance (otherwise it searches).
  bool build_light_tables = true;
  /// Hears, one line each, of tables built on a solve's behalf and of damaged tables rebuilt.
  std::function<void(std::string_view)> note;
  /// Follows table builds: the table, then a step (a depth or a start square) and a count.
  std::function<void(std::string_view table, int step, std::uint64_t count)> build_progress;
  /// Stops table builds (CancelledError); searches take theirs in their Budget.
  const CancelToken* cancel = nullptr;
};

/// Thrown when a solve asks for tables that are not in the store and are not built on demand.
class MissingTablesError : public InputError {
 public:
  MissingTablesError(std::string set, const std::string& message)
      : InputError(message), set_(std::move(set)) {}
  const std::string& set() const { return set_; }

 private:
  std::string set_;
};

class Solver {
 public:
  explicit Solver(SolverConfig config = {});
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  /// Every registered method, in the order front ends list them.
  static std::vector<MethodInfo> algorithms();
  static std::vector<MethodInfo> heuristics();
  /// What "auto" picks, as the policy says: the algorithm by board size, the heuristic by the
  /// tables that serve the board.
  static MethodInfo auto_algorithm();
  static MethodInfo auto_heuristic();
  /// The table sets, each marked present or not in this solver's store.
  std::vector<TableSetInfo> table_sets() const;
  /// The table set of that name; throws InputError naming the known sets otherwise.
  TableSetInfo table_set(std::string_view name) const;
  /// The names of the table sets of boards of `serves` ("4x4", "cube"), strongest first.
  static std::vector<std::string> table_set_names(std::string_view serves);

  /// A goal and options, checked once and resolved by the policy, for solving many boards of
  /// the goal's geometry. Cheap to copy; valid while its Solver lives.
  class Plan {
   public:
    /// Throws InputError if `board` is not a valid board of the goal's geometry.
    Solution solve(const Board& board) const;
    /// The same, handing the moves to `sink` in order instead of keeping them (`streamed` counts
    /// them): as they are found where the first answer is the last (the fast solver on boards
    /// of more than 1,024 cells, in memory linear in the cells), otherwise in one piece at the
    /// end. Where a limit stops the fast solver part-way, the moves handed over lead nowhere:
    /// the status says so.
    Solution solve(const Board& board, const MoveSink& sink) const;
    /// Loads (or builds, where allowed) the tables the plan reads now rather than on the first
    /// board that needs them, so that timings leave them out.
    void load_tables() const;
    const Board& goal() const;
    /// What runs: the algorithm's name, what it serves, and how it answers.
    const MethodInfo& method() const;
    const std::string& algorithm() const;
    const std::string& heuristic() const;  // empty where the algorithm reads none
    const std::string& tables() const;
    /// Where auto found no pattern database set built for this goal although one serves it
    /// (and reads a weaker estimate): the strongest such set, to build; empty otherwise.
    const std::string& unbuilt_tables() const;

   private:
    friend class Solver;
    struct Resolved;
    explicit Plan(std::shared_ptr<const Resolved> r) : r_(std::move(r)) {}
    std::shared_ptr<const Resolved> r_;
  };
  /// Throws InputError where `options` name an algorithm and something it would not read (a
  /// heuristic or table set for one that reads none, a table set beside another heuristic,
  /// improve_rounds for an exact one), rather than ignore it; under "auto" nothing is refused,
  /// since each may serve some boards. `plan` checks this too; a front end may check it once up
  /// front.
  static void check_options(const SolveOptions& options);
  /// Throws InputError for an invalid goal, an unknown method, one that cannot take boards of
  /// this geometry, or options it would not read; MissingTablesError for tables asked for by
  /// name that are not stored.
  Plan plan(const Board& goal, const SolveOptions& options = {}) const;

  /// One board. Reachability is decided by parity first, so an unsolvable board costs nothing.
  Solution solve(const Board& board, const Board& goal, const SolveOptions& options = {}) const;
  /// Many boards on up to `threads` threads, answers in input order.
  std::vector<Solution> solve_all(std::span<const Board> boards, const Plan& plan,
                                  unsigned threads) const;
  /// The same with a plan per board (`plans[i]` for `boards[i]`): a checkpoint file each, say.
  /// `each` (if set) hears of each board's index and answer as soon as it is solved, on the
  /// thread that solved it, one call at a time.
  std::vector<Solution> solve_all(
      std::span<const Board> boards, std::span<const Plan> plans, unsigned threads,
      const std::function<void(std::size_t, const Solution&)>& each = {}) const;
  bool check(const Board& board, const Board& goal) const;
  /// Lower bounds on any board up to the largest; cheap (one pass over the cells).
  Bounds bounds(const Board& board, const Board& goal) const;
  Hint hint(const Board& board, const Board& goal, const SolveOptions& options = {}) const;
  /// Every algorithm, and every heuristic for the informed ones, that serves the board;
  /// `each` (if set) hears of each run as it ends.
  std::vector<Solution> compare(const Board& board, const Board& goal, const Budget& budget,
                                const std::function<void(const Solution&)>& each = {}) const;
  /// Drawn uniformly from the boards that can reach `goal`.
  Board random(const Board& goal, std::mt19937_64& rng) const;
  /// `moves` random moves of the blank from the goal, none undoing the one before: any size; the
  /// board is at most `moves` moves from the goal, often fewer. nullopt where the budget's time
  /// limit or cancel token stops the walk first.
  std::optional<Board> random_walk(const Board& goal, std::uint64_t moves, std::mt19937_64& rng,
                                   const Budget& budget = {}) const;
  /// A board whose shortest solution is exactly `distance` moves, proven by an exact search;
  /// boards of up to 16 cells. How it is drawn:
  ///  - up to 10 cells: uniformly among all boards that far (read off the distance table);
  ///  - 4x4 and 46 <= distance <= 60: uniformly, by drawing uniform boards until one is that
  ///    far (in this window such boards are common: each length held 1 to 9 of Korf's 100
  ///    random instances);
  ///  - otherwise by a walk outward from the goal, each step to a neighbour drawn uniformly
  ///    from those proven one move farther, started again where there is none (not uniform).
  /// Returns nullopt where `options.budget` (time, nodes per search, cancel) ends first; throws
  /// InputError for a distance no board of the geometry has or that no walk could reach.
  std::optional<Board> generate(const Board& goal, int distance, std::mt19937_64& rng,
                                const SolveOptions& options = {}) const;
  Verdict verify(const Board& board, const Board& goal, std::span<const Dir> moves) const;
  /// The same for moves too many to hold at once: `next` fills its argument (empty when given)
  /// with the next piece, and returns false once there is none.
  Verdict verify(const Board& board, const Board& goal,
                 const std::function<bool(std::vector<Dir>&)>& next) const;

  /// The Cubic Eight-Puzzle: a shortest roll sequence (where the empty square goes), by
  /// `algorithm` (auto: IDA*).
  Solution solve_cube(const CubeDataset& dataset, std::string_view algorithm,
                      const Budget& budget) const;
  /// The least number of moves if at most `cap`, else nullopt: one lookup in the answer table
  /// (loaded from the store, or built there on first use where the config allows), else an
  /// exact search.
  std::optional<int> cube_distance(const CubeDataset& dataset, int cap) const;
  CubeVerdict verify_cube(const CubeDataset& dataset, std::span<const Dir> moves) const;

  /// Builds the tables of a set that are missing from the store or damaged there and keeps them
  /// (an intact pattern database is kept, whichever set it was built for: remove a set to build
  /// it anew; the cube's answer table, a second's work, is always built); returns how many it
  /// built.
  std::size_t build_tables(std::string_view set);
  /// Reads every table of a set and checks header, checksum and counts.
  std::vector<TableCheck> verify_tables(std::string_view set) const;
  /// Removes a set's tables from the store; returns where each was, and whether it was there.
  std::vector<std::pair<std::string, bool>> remove_tables(std::string_view set);
  /// Removes what table builds stopped part-way (a killed process) left in the store, never a
  /// live build's; returns where each was.
  std::vector<std::string> remove_stale_tables();

  /// What a Solver owns; defined inside the library only.
  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

/// "solved", "unsolvable", "node limit", ...
std::string_view describe(SearchStatus s);

}  // namespace npuzzle
