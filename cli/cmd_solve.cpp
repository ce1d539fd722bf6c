// npuzzle solve: shortest move strings, one line per board.

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <span>
#include <stdexcept>
#include <string_view>

#include "batch.hpp"
#include "commands.hpp"
#include "npuzzle/io/format.hpp"
#include "output.hpp"
#include "scanner.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

constexpr std::size_t kPrintChunk = std::size_t{1} << 20;

// Where a board's moves wait, as text, until its answer is complete: in memory up to a few
// megabytes, then in a temporary file, so that a 1000x1000 board's billions of moves take no
// memory and an answer a limit stops part-way leaves nothing half-written.
class MoveSpool {
 public:
  void write(std::string_view text) {
    held_ += text;
    if (held_.size() >= kHeldBytes) spill();
  }
  void copy_to(std::ostream& out) {
    if (file_) {
      spill();
      std::rewind(file_.get());
      std::string chunk(kHeldBytes, '\0');
      while (const std::size_t n = std::fread(chunk.data(), 1, chunk.size(), file_.get())) {
        out.write(chunk.data(), static_cast<std::streamsize>(n));
      }
      if (std::ferror(file_.get())) fail("read back");
    }
    out << held_;
  }

 private:
  static constexpr std::size_t kHeldBytes = std::size_t{4} << 20;

  void spill() {
    if (!file_) {
      file_.reset(std::tmpfile());
      if (!file_) fail("create");
    }
    if (std::fwrite(held_.data(), 1, held_.size(), file_.get()) != held_.size()) fail("write");
    held_.clear();
  }
  [[noreturn]] static void fail(std::string_view what) {
    throw std::runtime_error(fmt::format("cannot {} the temporary file that holds the moves: {}",
                                         what, std::strerror(errno)));
  }

  std::string held_;
  OwnedFile file_;
};

// ", or try --algo idastar" where IDA* takes boards of `cells` cells and is not what ran.
std::string other_search(const std::string& ran, int cells) {
  for (const auto& m : Solver::algorithms()) {
    if (m.name == "idastar" && m.name != ran && cells <= m.max_cells) {
      return ", or try --algo idastar";
    }
  }
  return "";
}

struct SolveFlags {
  std::vector<std::string> board;
  BoardFlags boards;
  SearchFlags search;
  OutputFlags output;
  unsigned threads = 1;
};

int run_solve(SolveFlags& f) {
  const Notation notation = f.output.notation_value();
  Plans plans(f.boards, f.search, f.threads);
  bool gave_up = false;
  // A text answer's moves are printed as the solver finds them where it solves one board at a
  // time and nothing can stop it part-way; otherwise they wait in a spool.
  const bool direct =
      !f.output.json && f.threads == 1 && f.search.timeout == 0 && f.search.max_nodes == 0;
  const auto print = [&](const Board& board, const Board& goal, const Solution& s, MoveSpool* spool,
                         const std::string& where) {
    clear_progress();
    if (f.output.json) {
      print_json(solution_json(board, goal, s, notation), where);
    } else {
      switch (s.status) {
        case SearchStatus::Solved:
          if (spool) spool->copy_to(std::cout);
          std::cout << '\n';
          break;
        case SearchStatus::NoSolution:
          std::cout << "unsolvable\n";
          break;
        default:
          if (direct && s.streamed > 0) {
            // Stopped part-way through moves already written: their line is ended, and said to
            // be incomplete, rather than followed by a line of its own.
            std::cout << '\n';
            report(where, fmt::format("stopped after {}; this answer's line is incomplete",
                                      counted(s.streamed, "move")));
          } else {
            std::cout << "unknown\n";
          }
      }
      if (f.output.stats) std::cout << stats_line(s) << '\n';
    }
    if (s.status != SearchStatus::Solved && s.status != SearchStatus::NoSolution) {
      gave_up = true;
      if (s.status != SearchStatus::Cancelled) {
        report(where,
               fmt::format("no answer: {} reached after {} expanded nodes and {} (no "
                           "solution is shorter than {}); raise --timeout, --max-nodes "
                           "or --max-memory{}",
                           describe(s.status), s.stats.expanded, human_seconds(s.stats.seconds),
                           s.lower_bound, other_search(s.algorithm, board.geometry.cells())));
      }
    }
  };
  std::atomic<int> boards{0};
  const int code = for_each_board(
      f.board, f.boards.geometry(), f.threads,
      [&](const Board& board, const std::string& where) -> Finish {
        if (!f.search.checkpoint.empty() && boards++ > 0) {
          throw InputError("--checkpoint keeps one search's progress: give one board");
        }
        const Solver::Plan& plan = plans.for_board(board);
        if (f.output.json) {
          auto s = std::make_shared<const Solution>(plan.solve(board));
          return [&print, &plan, s, where](const Board& solved) {
            print(solved, plan.goal(), *s, nullptr, where);
          };
        }
        // In pieces: a 1000x1000 board's answer runs to billions of moves.
        auto spool = direct ? nullptr : std::make_shared<MoveSpool>();
        auto s = std::make_shared<const Solution>(plan.solve(board, [&](std::span<const Dir> m) {
          for (std::size_t at = 0; at < m.size(); at += kPrintChunk) {
            const std::string text =
                format_moves(m.subspan(at, std::min(kPrintChunk, m.size() - at)), notation);
            if (spool) {
              spool->write(text);
            } else {
              std::cout << text;
            }
          }
        }));
        return [&print, &plan, s, spool, where](const Board& solved) {
          print(solved, plan.goal(), *s, spool.get(), where);
        };
      },
      error_line(f.output.json), blank_line(f.output.json));
  return batch_exit(code, gave_up);
}

}  // namespace

Command add_solve(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<SolveFlags>();
  auto* app = root.add_subcommand(
      name,
      "Print a move string for each board (from the arguments, or one per line on stdin), or "
      "'unsolvable' if the goal cannot be reached. With --algo auto it is a shortest one where "
      "an exact search finishes within the budget, and otherwise (large boards) the fast "
      "solver's, not proven shortest: --stats and --json say which, with a lower bound. "
      "'unknown' only where no answer fits the budget");
  add_board_argument(*app, f->board);
  f->boards.add_to(*app);
  f->search.add_to(*app, true);
  f->search.add_checkpoint_to(*app, false);
  f->search.add_improve_to(*app);
  f->output.add_to(*app, true);
  app->add_option("-j,--threads", f->threads,
                  "Boards solved at once (from stdin), sharing the cores; the answers keep the "
                  "input's order")
      ->check(CLI::Range(1u, kMaxThreads))
      ->capture_default_str();
  return {app, [f] { return run_solve(*f); }};
}

}  // namespace npuzzle::cli
