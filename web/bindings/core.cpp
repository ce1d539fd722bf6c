// npuzzle's WebAssembly core: the library's Solver for the web page's worker. Boards arrive as
// text in any form the CLI reads, with their size ("4x4") beside them, so every message about a
// bad board is the CLI's. Answers are plain JavaScript objects; an error comes back as
// {error, input} rather than as a C++ exception, which JavaScript cannot read.

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/io/format.hpp"

using emscripten::val;
using namespace npuzzle;

namespace {

val board_val(const Board& b) {
  val tiles = val::array();
  for (const auto t : b.tiles) tiles.call<void>("push", static_cast<unsigned>(t));
  val out = val::object();
  out.set("rows", b.geometry.rows);
  out.set("cols", b.geometry.cols);
  out.set("tiles", tiles);
  return out;
}

/// The board in `text`, read with the size the page shows (a JSON array of rows carries its own).
Board board_of(const std::string& text, const std::string& size) {
  return parse_board(text, size.empty() ? std::nullopt : std::optional(parse_geometry(size)));
}

Budget budget_of(double timeout_seconds) {
  if (!(timeout_seconds > 0)) throw InputError("a time limit is a number of seconds above 0");
  Budget b;
  b.timeout_seconds = timeout_seconds;
  return b;
}

/// The policy's own choice of method ("auto"), within a time limit.
SolveOptions auto_within(double timeout_seconds) {
  SolveOptions o;
  o.budget = budget_of(timeout_seconds);
  return o;
}

val stats_val(const SearchStats& s) {
  val out = val::object();
  out.set("expanded", static_cast<double>(s.expanded));
  out.set("generated", static_cast<double>(s.generated));
  out.set("seconds", s.seconds);
  return out;
}

val solution_val(const Solution& s) {
  val out = val::object();
  out.set("status", std::string(describe(s.status)));
  out.set("solved", s.status == SearchStatus::Solved);
  out.set("optimal", s.optimal);
  out.set("lowerBound", s.lower_bound);
  out.set("algorithm", s.algorithm);
  out.set("heuristic", s.heuristic);
  out.set("tables", s.tables);
  out.set("stats", stats_val(s.stats));
  if (const auto moves = s.moves_in(Notation::Blank)) {
    out.set("length", static_cast<double>(s.length()));
    out.set("moves", *moves);
    out.set("tileMoves", *s.moves_in(Notation::TileMoves));
  }
  return out;
}

/// Runs `work`, turning what it throws into {error, input}: input is true for input the library
/// refuses (the CLI's exit code 2), false for anything else (an internal failure).
template <class Work>
val guarded(const Work& work) {
  const auto error = [](const std::string& message, bool input) {
    val out = val::object();
    out.set("error", message);
    out.set("input", input);
    return out;
  };
  try {
    return work();
  } catch (const InputError& e) {
    return error(e.what(), true);
  } catch (const std::bad_alloc&) {
    return error("out of memory", false);
  } catch (const std::exception& e) {
    return error(e.what(), false);
  }
}

/// The page's Solver. Tables live in `table_dir` (the page mounts the browser's IndexedDB
/// there), or in memory where it is empty; `listener` hears of table builds, one line each.
class WebSolver {
 public:
  WebSolver(const std::string& table_dir, val listener) : listener_(std::move(listener)) {
    SolverConfig c;
    if (!table_dir.empty()) c.store = std::make_shared<DirectoryStore>(table_dir);
    c.note = [this](std::string_view line) { tell(std::string(line)); };
    c.build_progress = [this](std::string_view table, int step, std::uint64_t count) {
      tell("building " + std::string(table) + ": step " + std::to_string(step) + ", " +
           std::to_string(count) + " entries");
    };
    solver_ = std::make_unique<Solver>(std::move(c));
  }

  /// The board as the page draws it: {rows, cols, tiles}.
  val board(const std::string& text, const std::string& size) const {
    return guarded([&] { return board_val(board_of(text, size)); });
  }

  val goal(const std::string& size, const std::string& spec) const {
    return guarded([&] { return board_val(parse_goal(spec, parse_geometry(size))); });
  }

  /// {solvable} by parity, with the bounds: what the page shows before any search.
  val check(const std::string& text, const std::string& size, const std::string& goal) const {
    return guarded([&] {
      const Board b = board_of(text, size);
      const Board g = parse_goal(goal, b.geometry);
      const Bounds bounds = solver_->bounds(b, g);
      val out = val::object();
      out.set("solvable", solver_->check(b, g));
      out.set("atGoal", b == g);
      out.set("manhattan", static_cast<double>(bounds.manhattan));
      out.set("conflict", static_cast<double>(bounds.conflict));
      return out;
    });
  }

  val solve(const std::string& text, const std::string& size, const std::string& goal,
            double timeout_seconds) const {
    return guarded([&] {
      const Board b = board_of(text, size);
      const Solution s =
          solver_->solve(b, parse_goal(goal, b.geometry), auto_within(timeout_seconds));
      val out = solution_val(s);
      out.set("solvable", s.solvable());
      return out;
    });
  }

  val hint(const std::string& text, const std::string& size, const std::string& goal,
           double timeout_seconds) const {
    return guarded([&] {
      const Board b = board_of(text, size);
      const Hint h = solver_->hint(b, parse_goal(goal, b.geometry), auto_within(timeout_seconds));
      val out = val::object();
      out.set("status", std::string(describe(h.status)));
      out.set("solved", h.status == SearchStatus::Solved);
      out.set("optimal", h.optimal);
      out.set("lowerBound", h.lower_bound);
      if (h.status == SearchStatus::Solved) out.set("distance", h.distance);
      if (h.next) out.set("next", format_moves(std::span(&*h.next, 1), Notation::Blank));
      return out;
    });
  }

  /// A board drawn uniformly from those that can reach the goal.
  val random(const std::string& size, const std::string& goal, double seed) const {
    return guarded([&] {
      std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
      return board_val(solver_->random(parse_goal(goal, parse_geometry(size)), rng));
    });
  }

  /// Replays `moves` (blank notation): {legal, applied, reachesGoal}.
  val verify(const std::string& text, const std::string& size, const std::string& goal,
             const std::string& moves) const {
    return guarded([&] {
      const Board b = board_of(text, size);
      const Verdict v =
          solver_->verify(b, parse_goal(goal, b.geometry), parse_moves(moves, Notation::Blank));
      val out = val::object();
      out.set("legal", v.legal);
      out.set("applied", static_cast<double>(v.applied));
      out.set("reachesGoal", v.reaches_goal);
      out.set("final", board_val(v.final));
      return out;
    });
  }

  val tables() const {
    return guarded([&] {
      val out = val::array();
      for (const auto& t : solver_->table_sets()) {
        val set = val::object();
        set.set("name", t.name);
        set.set("serves", t.serves);
        set.set("summary", t.summary);
        set.set("present", t.present);
        set.set("damaged", t.damaged);
        out.call<void>("push", set);
      }
      return out;
    });
  }

  /// The Cubic Eight-Puzzle: a shortest roll sequence to the pattern (blank notation: where the
  /// empty square goes), and every cube's colours after each roll (format_faces) for the page to
  /// draw and animate.
  val cube_solve(double x, double y, const std::string& pattern, double timeout_seconds) const {
    return guarded([&] {
      const CubeDataset d{static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y), pattern};
      const Solution s = solver_->solve_cube(d, "auto", budget_of(timeout_seconds));
      val out = solution_val(s);
      val faces = val::array();
      const std::size_t rolls = s.status == SearchStatus::Solved ? s.moves.size() : 0;
      for (std::size_t i = 0; i <= rolls; ++i) {
        faces.call<void>("push", solver_->verify_cube(d, std::span(s.moves).first(i)).faces);
      }
      out.set("faces", faces);
      return out;
    });
  }

 private:
  void tell(const std::string& line) const {
    if (listener_.typeOf().as<std::string>() == "function") listener_(line);
  }

  val listener_;
  std::unique_ptr<Solver> solver_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(npuzzle) {
  emscripten::class_<WebSolver>("Solver")
      .constructor<const std::string&, val>()
      .function("board", &WebSolver::board)
      .function("goal", &WebSolver::goal)
      .function("check", &WebSolver::check)
      .function("solve", &WebSolver::solve)
      .function("hint", &WebSolver::hint)
      .function("random", &WebSolver::random)
      .function("verify", &WebSolver::verify)
      .function("tables", &WebSolver::tables)
      .function("cubeSolve", &WebSolver::cube_solve);
}
