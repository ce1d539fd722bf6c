#pragma once
// Boards and sizes as people write them, and back.

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npuzzle/core/board.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle {

/// "RxC" (also "R*C"), each side at least 1; throws InputError otherwise.
Geometry parse_geometry(std::string_view text);

/// One board, in any of these forms (0, x, X or _ is the blank):
///   flat tiles separated by spaces or commas:  2 3 4 1 5 x 7 6 8   (square unless `size` says)
///   glued single-character tiles:              23415x768
///   rows separated by '/':                      1 2 3/4 5 6
///   a JSON array of rows:                       [[1,2,3],[4,5,0]]
/// Throws InputError naming what is wrong: a bad tile, a wrong count, uneven rows, a duplicate.
Board parse_board(std::string_view text, std::optional<Geometry> size = std::nullopt);
/// The same over several words (command-line arguments), read in the same forms.
Board parse_board(std::span<const std::string> words, std::optional<Geometry> size = std::nullopt);

/// One tile as text: a number, or 0, x, X or _ for the blank. Throws InputError naming a bad one.
Tile parse_tile(std::string_view token);

/// A board from its rows of tiles (a JSON array, a Python list), every row as long as the first;
/// with `size`, it must be of that size. Throws InputError naming what is wrong.
Board board_from_rows(const std::vector<std::vector<Tile>>& rows,
                      std::optional<Geometry> size = std::nullopt);
/// A board from a flat list of tiles: of `size`, or else square.
Board board_from_tiles(std::vector<Tile> tiles, std::optional<Geometry> size = std::nullopt);

/// A board whose size is not the one asked for: what the readers above throw where `size` is
/// given, with what they found (its shape, or for a flat list its count of tiles).
class SizeMismatch : public InputError {
 public:
  SizeMismatch(const std::string& what, std::string found)
      : InputError(what), found_(std::move(found)) {}
  /// "is RxC" or "has N tiles".
  const std::string& found() const { return found_; }

 private:
  std::string found_;
};

/// "blank-last", "blank-first", or a board of geometry `g` in any form parse_board takes.
Board parse_goal(std::string_view spec, Geometry g);
/// A goal for boards of geometry `g` given as a board, read by `read` (a list of rows, say): its
/// errors told as a goal's, a size other than `g` against the board's.
Board as_goal(const std::function<Board()>& read, Geometry g);

/// Tiles separated by spaces, the blank written `blank`; rows separated by " / " unless the
/// board is square, so that parse_board reads it back without a size.
std::string format_board(const Board& board, std::string_view blank = "0");

/// The board as a JSON array of rows, 0 for the blank.
nlohmann::json board_json(const Board& board);

}  // namespace npuzzle
