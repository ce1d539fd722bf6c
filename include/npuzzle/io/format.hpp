#pragma once
// Boards and sizes as people write them, and back.

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "npuzzle/core/board.hpp"

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

/// "blank-last", "blank-first", or a board of geometry `g` in any form parse_board takes.
Board parse_goal(std::string_view spec, Geometry g);

/// Tiles separated by spaces, the blank written `blank`; rows separated by " / " unless the
/// board is square, so that parse_board reads it back without a size.
std::string format_board(const Board& board, std::string_view blank = "0");

/// The board as a JSON array of rows, 0 for the blank.
nlohmann::json board_json(const Board& board);

}  // namespace npuzzle
