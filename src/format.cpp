#include "npuzzle/format.hpp"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "npuzzle/errors.hpp"

namespace npuzzle {
namespace {

bool is_separator(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
bool is_blank_token(std::string_view t) {
  return t == "x" || t == "X" || t == "_";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_separator(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_separator(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_tokens(std::string_view s) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_separator(s[i])) ++i;
    const std::size_t begin = i;
    while (i < s.size() && !is_separator(s[i])) ++i;
    if (i > begin) tokens.push_back(s.substr(begin, i - begin));
  }
  return tokens;
}

Tile parse_tile(std::string_view token) {
  if (is_blank_token(token)) return kBlank;
  Tile t = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), t);
  if (error == std::errc::result_out_of_range) {
    throw InputError("tile '" + std::string(token) + "' is too large");
  }
  if (error != std::errc{} || end != token.data() + token.size()) {
    throw InputError("'" + std::string(token) +
                     "' is not a tile (tiles are numbers; 0, x or _ is the blank)");
  }
  return t;
}

Board finish(Geometry g, std::vector<Tile> tiles, std::optional<Geometry> size) {
  if (size && *size != g) {
    throw InputError("the board is " + g.name() + " but --size says " + size->name());
  }
  Board b{g, std::move(tiles)};
  validate(b);
  return b;
}

Board parse_json_board(std::string_view text, std::optional<Geometry> size) {
  const auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded()) throw InputError("the board is not valid JSON");
  if (!doc.is_array() || doc.empty()) throw InputError("a JSON board is a non-empty array of rows");
  std::vector<Tile> tiles;
  const std::size_t cols = doc.front().is_array() ? doc.front().size() : 0;
  for (std::size_t r = 0; r < doc.size(); ++r) {
    const auto& row = doc[r];
    if (!row.is_array()) throw InputError("JSON row " + std::to_string(r + 1) + " is not an array");
    if (row.size() != cols) {
      throw InputError("rows of unequal length: row " + std::to_string(r + 1) + " has " +
                       std::to_string(row.size()) + " tiles, row 1 has " + std::to_string(cols));
    }
    for (const auto& cell : row) {
      if (cell.is_number_unsigned()) {
        tiles.push_back(cell.get<Tile>());
      } else if (cell.is_string()) {
        tiles.push_back(parse_tile(cell.get<std::string>()));
      } else {
        throw InputError("'" + cell.dump() + "' in row " + std::to_string(r + 1) +
                         " is not a tile");
      }
    }
  }
  return finish({static_cast<int>(doc.size()), static_cast<int>(cols)}, std::move(tiles), size);
}

}  // namespace

Geometry parse_geometry(std::string_view text) {
  const auto sep = text.find_first_of("xX*");
  Geometry g;
  if (sep != std::string_view::npos) {
    const auto rows = text.substr(0, sep), cols = text.substr(sep + 1);
    const auto r = std::from_chars(rows.data(), rows.data() + rows.size(), g.rows);
    const auto c = std::from_chars(cols.data(), cols.data() + cols.size(), g.cols);
    const bool whole = r.ec == std::errc{} && r.ptr == rows.data() + rows.size() &&
                       c.ec == std::errc{} && c.ptr == cols.data() + cols.size();
    if (whole && g.rows >= 1 && g.cols >= 1 && g.rows <= 100000 && g.cols <= 100000) return g;
  }
  throw InputError("size '" + std::string(text) + "' is not of the form RxC (for example 3x4)");
}

Board parse_board(std::string_view text, std::optional<Geometry> size) {
  text = trim(text);
  if (text.empty()) throw InputError("the board is empty");
  if (text.front() == '[') return parse_json_board(text, size);

  if (text.find('/') != std::string_view::npos) {
    std::vector<Tile> tiles;
    int rows = 0;
    std::size_t cols = 0;
    for (std::size_t begin = 0; begin <= text.size(); ++rows) {
      auto end = text.find('/', begin);
      if (end == std::string_view::npos) end = text.size();
      const auto row = split_tokens(text.substr(begin, end - begin));
      if (rows == 0) cols = row.size();
      if (row.size() != cols || cols == 0) {
        throw InputError("rows of unequal length: row " + std::to_string(rows + 1) + " has " +
                         std::to_string(row.size()) + " tiles, row 1 has " + std::to_string(cols));
      }
      for (auto t : row) tiles.push_back(parse_tile(t));
      begin = end + 1;
    }
    return finish({rows, static_cast<int>(cols)}, std::move(tiles), size);
  }

  auto tokens = split_tokens(text);
  // One token of single-character tiles, as in "23415x768".
  if (tokens.size() == 1 && text.size() > 1 &&
      text.find_first_not_of("0123456789xX_") == std::string_view::npos) {
    const auto cells = size ? static_cast<std::size_t>(size->cells()) : text.size();
    const auto side = static_cast<std::size_t>(std::lround(std::sqrt(static_cast<double>(cells))));
    if (text.size() == cells && (size || side * side == cells)) {
      tokens.clear();
      for (std::size_t i = 0; i < text.size(); ++i) tokens.push_back(text.substr(i, 1));
    }
  }
  std::vector<Tile> tiles;
  tiles.reserve(tokens.size());
  for (auto t : tokens) tiles.push_back(parse_tile(t));
  if (size) {
    if (tiles.size() != static_cast<std::size_t>(size->cells())) {
      throw InputError("a " + size->name() + " board has " + std::to_string(size->cells()) +
                       " tiles, got " + std::to_string(tiles.size()));
    }
    return finish(*size, std::move(tiles), size);
  }
  const auto side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(tiles.size()))));
  if (side < 2 || static_cast<std::size_t>(side * side) != tiles.size()) {
    throw InputError(std::to_string(tiles.size()) +
                     " tiles do not make a square board: give the size with --size RxC");
  }
  return finish({side, side}, std::move(tiles), size);
}

Board parse_goal(std::string_view spec, Geometry g) {
  if (spec == "blank-last") return Board::blank_last(g);
  if (spec == "blank-first") return Board::blank_first(g);
  try {
    return parse_board(spec, g);
  } catch (const InputError& e) {
    throw InputError(std::string("goal: ") + e.what());
  }
}

std::string format_board(const Board& board, std::string_view blank) {
  const Geometry g = board.geometry;
  std::string out;
  for (std::size_t c = 0; c < board.tiles.size(); ++c) {
    if (c > 0) out += g.rows != g.cols && c % static_cast<std::size_t>(g.cols) == 0 ? " / " : " ";
    if (board.tiles[c] == kBlank) {
      out += blank;
    } else {
      out += std::to_string(board.tiles[c]);
    }
  }
  return out;
}

nlohmann::json board_json(const Board& board) {
  auto rows = nlohmann::json::array();
  const auto cols = static_cast<std::size_t>(board.geometry.cols);
  for (std::size_t c = 0; c < board.tiles.size(); c += cols) {
    rows.push_back(std::vector<Tile>(board.tiles.begin() + static_cast<std::ptrdiff_t>(c),
                                     board.tiles.begin() + static_cast<std::ptrdiff_t>(c + cols)));
  }
  return rows;
}

}  // namespace npuzzle
