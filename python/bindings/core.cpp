// npuzzle._core: the library's Solver for Python. Boards arrive as text in any form the CLI
// reads, or as lists of rows or of tiles (the Python layer turns arrays into lists), read by the
// library's own readers, so every message about a bad board is the CLI's. Long calls run on a
// worker thread with the GIL released while this thread watches for Ctrl-C and cancels the
// search.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/io/format.hpp"

namespace py = pybind11;
using namespace npuzzle;

namespace {

using Rows = std::vector<std::vector<Tile>>;

/// One tile of a list: a whole number, or a string the CLI reads as a tile ("x" for the blank).
Tile tile_of(const py::handle& cell) {
  if (py::isinstance<py::str>(cell)) return parse_tile(cell.cast<std::string>());
  // Whole numbers: Python's, and NumPy's (anything with __index__), but not True and False.
  if (!py::isinstance<py::bool_>(cell) && PyIndex_Check(cell.ptr())) {
    const auto tile = py::reinterpret_steal<py::int_>(PyNumber_Index(cell.ptr()));
    if (!tile) throw py::error_already_set();
    if (tile < py::int_(0) || tile > py::int_(std::numeric_limits<Tile>::max())) {
      throw InputError("tile " + py::str(cell).cast<std::string>().substr(0, 24) +
                       " is out of range (tiles are 0 to n-1)");
    }
    return tile.cast<Tile>();
  }
  throw InputError("'" + py::repr(cell).cast<std::string>().substr(0, 24) +
                   "' is not a tile (tiles are numbers; 0, x or _ is the blank)");
}

std::vector<Tile> tiles_of(const py::sequence& cells) {
  std::vector<Tile> out;
  out.reserve(cells.size());
  for (const auto& cell : cells) out.push_back(tile_of(cell));
  return out;
}

bool is_list(const py::handle& x) {
  return py::isinstance<py::list>(x) || py::isinstance<py::tuple>(x);
}

/// A board as text in any form the CLI reads, a list of rows, or a flat list of tiles (of
/// `size`, else square).
Board board_of(const py::object& board, const std::optional<Geometry>& size) {
  if (py::isinstance<py::str>(board)) return parse_board(board.cast<std::string>(), size);
  if (!is_list(board)) {
    throw InputError(
        "a board is a string, a list of rows, a flat list of tiles or a NumPy array, "
        "not " +
        py::str(py::type::of(board).attr("__name__")).cast<std::string>());
  }
  const auto items = board.cast<py::sequence>();
  std::size_t rows = 0;
  for (const auto& item : items) rows += is_list(item);
  if (rows == 0) return board_from_tiles(tiles_of(items), size);
  if (rows != items.size()) {
    throw InputError("a board is a list of rows or a flat list of tiles, not a mix");
  }
  std::vector<std::vector<Tile>> out;
  for (const auto& row : items) out.push_back(tiles_of(row.cast<py::sequence>()));
  return board_from_rows(out, size);
}

Board board_of(const py::object& board, const std::optional<std::string>& size) {
  return board_of(board, size ? std::optional(parse_geometry(*size)) : std::nullopt);
}

/// "blank-last", "blank-first", or a board of geometry `g` in any form board_of takes.
Board goal_of(const py::object& goal, Geometry g) {
  if (py::isinstance<py::str>(goal)) return parse_goal(goal.cast<std::string>(), g);
  return as_goal([&] { return board_of(goal, std::optional(g)); }, g);
}

Notation notation_named(const std::string& name) {
  if (name == "blank") return Notation::Blank;
  if (name == "tile") return Notation::TileMoves;
  throw InputError("a notation is blank or tile, not '" + name.substr(0, 24) + "'");
}

/// Runs `work()` on a worker thread with the GIL released; every 50 ms this thread takes the
/// GIL back to let Python handle signals, and where a handler raised (KeyboardInterrupt),
/// calls `cancel()`, waits for the work, and raises.
template <class Cancel, class Work>
auto interruptible(const Cancel& cancel, const Work& work) -> decltype(work()) {
  using Result = decltype(work());
  std::optional<Result> result;
  std::exception_ptr failure;
  std::mutex mutex;
  std::condition_variable cv;
  bool done = false, raised = false;
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        result.emplace(work());
      } catch (...) {
        failure = std::current_exception();
      }
      const std::lock_guard lock(mutex);
      done = true;
      cv.notify_one();
    });
    std::unique_lock lock(mutex);
    while (!cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) {
      lock.unlock();
      {
        py::gil_scoped_acquire acquire;
        raised = PyErr_CheckSignals() != 0;
      }
      lock.lock();
      if (raised) {
        cancel();
        cv.wait(lock, [&] { return done; });
      }
    }
    lock.unlock();
    worker.join();
  }
  if (raised) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
  return std::move(*result);
}

struct Limits {
  std::optional<double> timeout;
  std::optional<std::uint64_t> max_nodes;
  bool improve = false;
};

SolveOptions options_of(const std::string& algo, const std::string& heuristic,
                        const std::optional<std::string>& tables, const Limits& limits,
                        const CancelToken* cancel) {
  SolveOptions o;
  o.algorithm = algo;
  o.heuristic = heuristic;
  o.tables = tables.value_or("");
  if (limits.timeout) {
    if (!(*limits.timeout > 0)) throw InputError("a timeout is a number of seconds above 0");
    o.budget.timeout_seconds = *limits.timeout;
  }
  o.budget.max_nodes = limits.max_nodes.value_or(0);
  if (limits.improve) o.budget.improve_rounds = std::numeric_limits<std::size_t>::max();
  o.budget.cancel = cancel;
  return o;
}

std::mt19937_64 rng_of(std::optional<std::uint64_t> seed) {
  return std::mt19937_64(seed ? *seed : std::random_device{}());
}

/// The Python Solver: the library's, and the goal text each call names.
class PySolver {
 public:
  PySolver(const std::optional<std::string>& cache_dir, unsigned threads) {
    SolverConfig c;
    if (cache_dir) c.store = std::make_shared<DirectoryStore>(*cache_dir);
    c.threads = threads;
    c.cancel = builds_.get();
    solver_ = std::make_unique<Solver>(std::move(c));
  }

  Solution solve(const py::object& board, const std::optional<std::string>& size,
                 const py::object& goal, const std::string& algo, const std::string& heuristic,
                 const std::optional<std::string>& tables, const Limits& limits) const {
    const Board b = board_of(board, size);
    CancelToken token;
    const auto plan = plan_for(b, goal, algo, heuristic, tables, limits, token);
    return answer(plan, token, [&] { return plan.solve(b); });
  }

  std::vector<Solution> solve_many(const std::vector<py::object>& boards,
                                   const std::optional<std::string>& size, const py::object& goal,
                                   const std::string& algo, const std::string& heuristic,
                                   const std::optional<std::string>& tables, const Limits& limits,
                                   unsigned threads) const {
    std::vector<Board> parsed;
    parsed.reserve(boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
      try {
        parsed.push_back(board_of(boards[i], size));
      } catch (const InputError& e) {
        throw InputError("board " + std::to_string(i) + ": " + e.what());
      }
      if (parsed[i].geometry != parsed[0].geometry) {
        throw InputError("board " + std::to_string(i) + " is " + parsed[i].geometry.name() +
                         " but board 0 is " + parsed[0].geometry.name() +
                         ": solve_many takes boards of one size");
      }
    }
    if (parsed.empty()) return {};
    CancelToken token;
    const auto plan = plan_for(parsed[0], goal, algo, heuristic, tables, limits, token);
    return stoppable(token, [&] { return solver_->solve_all(parsed, plan, threads); });
  }

  Solver::Plan plan_for(const Board& board, const py::object& goal, const std::string& algo,
                        const std::string& heuristic, const std::optional<std::string>& tables,
                        const Limits& limits, const CancelToken& token) const {
    return solver_->plan(goal_of(goal, board.geometry),
                         options_of(algo, heuristic, tables, limits, &token));
  }

  bool check(const py::object& board, const std::optional<std::string>& size,
             const py::object& goal) const {
    const Board b = board_of(board, size);
    return solver_->check(b, goal_of(goal, b.geometry));
  }

  Bounds bounds(const py::object& board, const std::optional<std::string>& size,
                const py::object& goal) const {
    const Board b = board_of(board, size);
    return solver_->bounds(b, goal_of(goal, b.geometry));
  }

  Hint hint(const py::object& board, const std::optional<std::string>& size, const py::object& goal,
            const std::string& algo, const std::string& heuristic,
            const std::optional<std::string>& tables, const Limits& limits) const {
    const Board b = board_of(board, size);
    const Board g = goal_of(goal, b.geometry);
    CancelToken token;
    const auto options = options_of(algo, heuristic, tables, limits, &token);
    return stoppable(token, [&] { return solver_->hint(b, g, options); });
  }

  Verdict verify(const py::object& board, const std::optional<std::string>& size,
                 const py::object& goal, const std::string& moves,
                 const std::string& notation) const {
    const Board b = board_of(board, size);
    const auto parsed = parse_moves(moves, notation_named(notation));
    return solver_->verify(b, goal_of(goal, b.geometry), parsed);
  }

  std::vector<Rows> random(const std::string& size, const py::object& goal, std::uint64_t n,
                           std::optional<std::uint64_t> seed) const {
    return draw_within(size, goal, n, seed, {},
                       [&](const Board& g, std::mt19937_64& rng, const SolveOptions&) {
                         return std::optional(solver_->random(g, rng));
                       });
  }

  /// Boards `moves` random moves from the goal; fewer than `n` where the budget ended.
  std::vector<Rows> walk(const std::string& size, const py::object& goal, std::uint64_t moves,
                         std::uint64_t n, std::optional<std::uint64_t> seed,
                         const Limits& limits) const {
    return draw_within(size, goal, n, seed, limits,
                       [&](const Board& g, std::mt19937_64& rng, const SolveOptions& options) {
                         return solver_->random_walk(g, moves, rng, options.budget);
                       });
  }

  /// Boards exactly `distance` away; fewer than `n` where the budget ended.
  std::vector<Rows> generate(const std::string& size, const py::object& goal, int distance,
                             std::uint64_t n, std::optional<std::uint64_t> seed,
                             const Limits& limits) const {
    return draw_within(size, goal, n, seed, limits,
                       [&](const Board& g, std::mt19937_64& rng, const SolveOptions& options) {
                         return solver_->generate(g, distance, rng, options);
                       });
  }

  Solution cube_solve(std::uint64_t x, std::uint64_t y, const std::string& pattern,
                      const std::string& algo, const Limits& limits) const {
    CancelToken token;
    const auto options = options_of(algo, "auto", std::nullopt, limits, &token);
    return stoppable(token, [&] {
      return solver_->solve_cube(CubeDataset{x, y, pattern}, algo, options.budget);
    });
  }

  std::optional<int> cube_distance(std::uint64_t x, std::uint64_t y, const std::string& pattern,
                                   int cap) const {
    CancelToken token;  // the cube's exact search takes no budget: it ends within a second
    return stoppable(token, [&] {
      return solver_->cube_distance(CubeDataset{x, y, pattern}, cap);
    });
  }

  void build_tables(const std::string& set) {
    CancelToken token;  // a build reads the solver's own token, which stoppable cancels too
    stoppable(token, [&] {
      solver_->build_tables(set);
      return true;
    });
  }

  std::vector<TableSetInfo> table_sets() const { return solver_->table_sets(); }

 private:
  /// `work` off the GIL, stopped by Ctrl-C: the call's own token (its searches' budget) and the
  /// solver's (table builds, such as the one a first 4x4 solve starts) are cancelled.
  template <class Work>
  auto stoppable(CancelToken& token, const Work& work) const -> decltype(work()) {
    builds_->reset();
    return interruptible(
        [&] {
          token.cancel();
          builds_->cancel();
        },
        work);
  }

  /// A plan's answers: a distance-table plan answers on this thread with the GIL released (a
  /// worker thread would cost more than the lookup), a search on a stoppable worker.
  template <class Work>
  auto answer(const Solver::Plan& plan, CancelToken& token, const Work& work) const
      -> decltype(work()) {
    if (plan.method().lookup) {
      py::gil_scoped_release release;
      return work();
    }
    return stoppable(token, work);
  }

  /// `n` boards from `make(goal, rng, options)` on a stoppable worker, as lists of rows; fewer
  /// where `make` gives none (the budget ended).
  template <class Make>
  std::vector<Rows> draw_within(const std::string& size, const py::object& goal, std::uint64_t n,
                                std::optional<std::uint64_t> seed, const Limits& limits,
                                const Make& make) const {
    const Board g = goal_of(goal, parse_geometry(size));
    auto rng = rng_of(seed);
    CancelToken token;
    const auto options = options_of("auto", "auto", std::nullopt, limits, &token);
    return stoppable(token, [&] {
      std::vector<Rows> out;
      for (std::uint64_t i = 0; i < n; ++i) {
        auto b = make(g, rng, options);
        if (!b) break;
        out.push_back(b->rows());
      }
      return out;
    });
  }

  std::unique_ptr<CancelToken> builds_ = std::make_unique<CancelToken>();
  std::unique_ptr<Solver> solver_;
};

/// A Solution's moves in a notation, or None where it holds none.
auto moves_in(Notation notation) {
  return [notation](const Solution& s) { return s.moves_in(notation); };
}

std::string letter(Dir d) {
  return format_moves(std::span(&d, 1), Notation::Blank);
}

std::vector<std::string> names_of(const std::vector<MethodInfo>& methods) {
  std::vector<std::string> names;
  for (const auto& m : methods) names.push_back(m.name);
  return names;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "The compiled core of npuzzle; use the npuzzle package, not this module.";
  py::register_exception<InputError>(m, "InputError", PyExc_ValueError);
  py::register_exception<ResourceError>(m, "ResourceError", PyExc_MemoryError);

  py::class_<Limits>(m, "Limits")
      .def(py::init<std::optional<double>, std::optional<std::uint64_t>, bool>(),
           py::arg("timeout"), py::arg("max_nodes"), py::arg("improve") = false);

  py::class_<Solution>(m, "Solution",
                       "A solve's answer: the moves (blank notation: the letter names where the "
                       "blank goes), whether they are proven shortest, and a proven lower bound.")
      .def_property_readonly(
          "status", [](const Solution& s) { return std::string(describe(s.status)); },
          "'solved', 'unsolvable', or the limit that stopped the search")
      .def_property_readonly(
          "solvable", [](const Solution& s) { return s.solvable(); },
          "False where the goal cannot be reached")
      .def_property_readonly(
          "moves", moves_in(Notation::Blank),
          "The moves in blank notation (u, d, l, r: where the blank goes), or None")
      .def_property_readonly("tile_moves", moves_in(Notation::TileMoves),
                             "The same moves in tile notation (where the moved tile goes), or None")
      .def_property_readonly(
          "length",
          [](const Solution& s) -> std::optional<std::uint64_t> {
            if (s.status != SearchStatus::Solved) return std::nullopt;
            return s.length();
          },
          "The number of moves, or None")
      .def_readonly("optimal", &Solution::optimal, "The moves are proven shortest")
      .def_readonly("lower_bound", &Solution::lower_bound, "Proven: no solution is shorter")
      .def_readonly("algorithm", &Solution::algorithm, "What ran (never 'auto')")
      .def_readonly("heuristic", &Solution::heuristic, "The estimate it read, or ''")
      .def_readonly("tables", &Solution::tables, "The pattern database set it read, or ''")
      .def_property_readonly(
          "stats",
          [](const Solution& s) {
            py::dict d;
            d["expanded"] = s.stats.expanded;
            d["generated"] = s.stats.generated;
            d["seconds"] = s.stats.seconds;
            d["peak_bytes"] = s.stats.peak_bytes;
            return d;
          },
          "Nodes expanded and generated, seconds, peak bytes of the search's own structures")
      .def("__repr__", [](const Solution& s) {
        if (s.status != SearchStatus::Solved) {
          return "Solution(status='" + std::string(describe(s.status)) +
                 "', lower_bound=" + std::to_string(s.lower_bound) + ")";
        }
        return "Solution(length=" + std::to_string(s.moves.size()) +
               ", optimal=" + (s.optimal ? "True" : "False") + ", moves='" +
               format_moves(s.moves, Notation::Blank) + "')";
      });

  py::class_<Hint>(m, "Hint", "The next move of a solution, and the distance to the goal.")
      .def_property_readonly("status",
                             [](const Hint& h) { return std::string(describe(h.status)); })
      .def_property_readonly(
          "distance",
          [](const Hint& h) -> std::optional<int> {
            if (h.status != SearchStatus::Solved) return std::nullopt;
            return h.distance;
          },
          "Moves left (of a shortest solution where optimal), or None")
      .def_property_readonly(
          "next",
          [](const Hint& h) -> std::optional<std::string> {
            if (!h.next) return std::nullopt;
            return letter(*h.next);
          },
          "The next move (blank notation), or None at the goal or where unsolved")
      .def_readonly("optimal", &Hint::optimal)
      .def_readonly("lower_bound", &Hint::lower_bound)
      .def("__repr__", [](const Hint& h) {
        return "Hint(status='" + std::string(describe(h.status)) +
               "', distance=" + std::to_string(h.distance) +
               ", next=" + (h.next ? "'" + letter(*h.next) + "'" : "None") +
               ", optimal=" + (h.optimal ? "True" : "False") + ")";
      });

  py::class_<Verdict>(m, "Verdict", "A move sequence replayed on a board.")
      .def_readonly("legal", &Verdict::legal, "Every move stays on the board")
      .def_readonly("applied", &Verdict::applied, "Moves made before the first illegal one")
      .def_readonly("reaches_goal", &Verdict::reaches_goal)
      .def_property_readonly(
          "final", [](const Verdict& v) { return v.final.rows(); },
          "The board after the moves made, as a list of rows")
      .def("__bool__", [](const Verdict& v) { return v.legal && v.reaches_goal; })
      .def("__repr__", [](const Verdict& v) {
        return std::string("Verdict(legal=") + (v.legal ? "True" : "False") +
               ", applied=" + std::to_string(v.applied) +
               ", reaches_goal=" + (v.reaches_goal ? "True" : "False") + ")";
      });

  py::class_<Bounds>(m, "Bounds", "Proven lower bounds on the length of any solution.")
      .def_readonly("manhattan", &Bounds::manhattan)
      .def_readonly("conflict", &Bounds::conflict);

  py::class_<TableSetInfo>(m, "TableSet")
      .def_readonly("name", &TableSetInfo::name)
      .def_readonly("serves", &TableSetInfo::serves)
      .def_readonly("summary", &TableSetInfo::summary)
      .def_readonly("present", &TableSetInfo::present)
      .def_readonly("damaged", &TableSetInfo::damaged);

  py::class_<PySolver>(m, "Solver")
      .def(py::init<const std::optional<std::string>&, unsigned>(), py::arg("cache_dir"),
           py::arg("threads"))
      .def("solve", &PySolver::solve)
      .def("solve_many", &PySolver::solve_many)
      .def("check", &PySolver::check)
      .def("bounds", &PySolver::bounds)
      .def("hint", &PySolver::hint)
      .def("verify", &PySolver::verify)
      .def("random", &PySolver::random)
      .def("walk", &PySolver::walk)
      .def("generate", &PySolver::generate)
      .def("cube_solve", &PySolver::cube_solve)
      .def("cube_distance", &PySolver::cube_distance)
      .def("build_tables", &PySolver::build_tables)
      .def("table_sets", &PySolver::table_sets);

  m.def("algorithms", [] { return names_of(Solver::algorithms()); });
  m.def("heuristics", [] { return names_of(Solver::heuristics()); });
}
