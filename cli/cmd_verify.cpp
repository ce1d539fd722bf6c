// npuzzle verify: replay a move string and say whether it reaches the goal.

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string_view>

#include "batch.hpp"
#include "commands.hpp"
#include "npuzzle/io/format.hpp"
#include "output.hpp"
#include "scanner.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

// The board the moves end at: written out where it is small, else where it differs from the
// goal (a 1000x1000 board written out is megabytes).
std::string where_it_ends(const Board& end, const Board& goal) {
  constexpr int kWrittenOut = 100;  // cells
  if (end.geometry.cells() <= kWrittenOut) return format_board(end);
  std::size_t differ = 0, first = 0;
  for (std::size_t c = end.tiles.size(); c-- > 0;) {
    if (end.tiles[c] != goal.tiles[c]) ++differ, first = c;
  }
  const auto cell = static_cast<Cell>(first);
  const auto tile = [](Tile t) {
    return t == kBlank ? std::string("the blank") : std::to_string(t);
  };
  return fmt::format(
      "a board that differs from the goal in {} cells (the first: row {}, column {} "
      "holds {}, not {})",
      differ, end.geometry.row(cell) + 1, end.geometry.col(cell) + 1, tile(end.tiles[first]),
      tile(goal.tiles[first]));
}

struct VerifyFlags {
  std::vector<std::string> args;
  std::string moves_from;
  BoardFlags boards;
  OutputFlags output;
};

// Move strings read from a file a piece at a time, counted: an answer of billions of moves is
// never held whole. Read whole, the file is one move string; read by line (the answers `solve`
// wrote for a batch of boards), each line is the next board's.
class FileMoves {
 public:
  FileMoves(const std::string& path, Notation notation, bool by_line)
      : notation_(notation), by_line_(by_line) {
    if (path == "-") {
      file_ = stdin;
    } else {
      owned_.reset(std::fopen(path.c_str(), "rb"));
      if (!owned_) {
        throw InputError(fmt::format("cannot open the moves file {}: {}", path.substr(0, 200),
                                     std::strerror(errno)));
      }
      file_ = owned_.get();
    }
  }
  /// The next piece of the current move string; false at its end.
  bool operator()(std::vector<Dir>& piece) {
    if (line_ended_ || !fill()) return false;
    std::string_view text(text_.data() + pos_, filled_ - pos_);
    if (by_line_) {
      if (const auto end = text.find('\n'); end != std::string_view::npos) {
        text = text.substr(0, end);
        line_ended_ = true;
        ++pos_;  // the newline
      }
    }
    pos_ += text.size();
    piece = parse_moves(text, notation_, read_);
    read_ += text.size();
    count_ += piece.size();
    return true;
  }
  /// Reading by line: moves on to the next line; false where the file has no more.
  bool next_line() {
    if (started_ && !line_ended_) {  // the line was not read to its end: skip the rest, unread
      while (fill()) {
        const auto end = std::string_view(text_.data() + pos_, filled_ - pos_).find('\n');
        if (end != std::string_view::npos) {
          pos_ += end + 1;
          break;
        }
        pos_ = filled_;
      }
    }
    started_ = true;
    line_ended_ = false;
    read_ = count_ = 0;
    return fill();
  }
  std::uint64_t count() const { return count_; }

 private:
  /// Whether unread text is buffered, reading more where none is.
  bool fill() {
    if (pos_ < filled_) return true;
    const std::size_t n = std::fread(text_.data(), 1, text_.size(), file_);
    if (n == 0) {
      if (std::ferror(file_)) {
        throw ReadError(std::string("cannot read the moves file: ") + std::strerror(errno));
      }
      return false;
    }
    filled_ = n;
    // A byte-order mark at the start of the file (one split over reads, 1 MB in, is not).
    pos_ = first_read_ ? n - without_byte_order_mark(std::string_view(text_.data(), n)).size() : 0;
    first_read_ = false;
    return pos_ < filled_ || fill();
  }

  Notation notation_;
  bool by_line_;
  OwnedFile owned_;
  std::FILE* file_ = nullptr;
  std::string text_ = std::string(std::size_t{1} << 20, '\0');
  std::size_t pos_ = 0, filled_ = 0;
  bool first_read_ = true, started_ = false, line_ended_ = false;
  std::uint64_t read_ = 0, count_ = 0;
};

int run_verify(VerifyFlags& f) {
  std::optional<std::string> moves_text;  // the last argument, unless read from a file
  if (f.moves_from.empty()) {
    if (f.args.size() < 2) {
      throw InputError(
          "verify takes a board and then a move string (\"\" for no moves), or a board and "
          "--moves-from FILE");
    }
    moves_text = f.args.back();
    f.args.pop_back();
  } else if (f.moves_from == "-" && f.args.empty()) {
    throw InputError("with --moves-from -, stdin holds the moves: give the board as arguments");
  }
  const Notation notation = f.output.notation_value();
  // A move string given as an argument is read before the board, so that its error names it.
  std::vector<Dir> moves;
  if (moves_text) {
    try {
      moves = parse_moves(*moves_text, notation);
    } catch (const InputError& e) {
      throw InputError(std::string("the move string: ") + e.what());
    }
  }
  // Boards from stdin and moves from a file: line k of the file answers board k.
  std::optional<FileMoves> lines;
  if (!moves_text && f.args.empty()) lines.emplace(f.moves_from, notation, true);
  int lines_taken = 0;     // of the moves file
  bool took_line = false;  // for the board being answered
  const auto take_line = [&] {
    took_line = true;
    ++lines_taken;
    return lines->next_line();
  };
  const auto check = [&](const Board& board, const std::string&) {
    const Board& goal = f.boards.goal_for(board.geometry);
    Verdict r;
    std::uint64_t count = 0;
    if (moves_text) {
      r = solver().verify(board, goal, moves);
      count = moves.size();
    } else if (lines) {
      if (!take_line()) {
        throw InputError(
            fmt::format("the moves file holds no line {} for this board", lines_taken));
      }
      r = solver().verify(board, goal, std::ref(*lines));
      count = lines->count();
    } else {
      FileMoves source(f.moves_from, notation, false);
      r = solver().verify(board, goal, std::ref(source));
      count = source.count();
    }
    const bool valid = r.reaches_goal;
    std::string verdict;
    if (!r.legal) {
      verdict = fmt::format("invalid: move {} ('{}') leaves the board", r.applied + 1,
                            format_moves(std::span(&r.refused, 1), notation));
    } else if (!valid) {
      verdict = fmt::format("invalid: {} at {}, not at the goal", moves_end(count),
                            where_it_ends(r.final, goal));
    } else {
      verdict = fmt::format("valid: reaches the goal in {}", counted(count, "move"));
    }
    if (f.output.json) {
      nlohmann::json j{
          {"board", board_json(board)}, {"goal", board_json(goal)}, {"length", count},
          {"legal", r.legal},           {"applied", r.applied},     {"reaches_goal", valid},
          {"verdict", verdict}};
      if (moves_text) j["moves"] = format_moves(moves, notation);
      std::cout << j.dump() << '\n';
    } else {
      std::cout << verdict << '\n';
    }
    took_line = false;
  };
  // A board that cannot be read gets its error line, and its line of the moves file is passed.
  const ErrorLine print_error = error_line(f.output.json);
  const BlankLine print_blank = blank_line(f.output.json);
  return for_each_board(
      f.args, f.boards.geometry(), check,
      [&](const std::string& where, const std::string& message) {
        if (lines && !took_line) take_line();
        took_line = false;
        print_error(where, message);
      },
      [&](const std::string& where) {
        if (lines) take_line();  // the answers file has a line for it too
        took_line = false;
        print_blank(where);
      });
}

}  // namespace

Command add_verify(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<VerifyFlags>();
  auto* app = root.add_subcommand(
      name,
      "Replay a move string on a board and say whether it is legal and reaches the goal "
      "('valid: ...' or 'invalid: ...'; the exit code is 0 either way)");
  add_board_argument(*app, f->args, "board-and-moves",
                     "The board's tiles, then the move string (with --moves-from: the board "
                     "alone, or none to read boards from stdin, one per line)");
  app->add_option("--moves-from", f->moves_from,
                  "Read the move string from this file (- for stdin) rather than the last "
                  "argument: for answers too long for an argument, read a piece at a time "
                  "and never held whole (so --json then has no \"moves\" key)");
  f->boards.add_to(*app);
  f->output.add_to(*app, false);
  return {app, [f] { return run_verify(*f); }};
}

}  // namespace npuzzle::cli
