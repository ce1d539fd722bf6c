#include "npuzzle/io/format.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "npuzzle/util/errors.hpp"

namespace npuzzle {
namespace {

// What separates tiles, and what ends a token (a separator or '/'), by byte: tables, since a
// 3000x3000 board is 70 MB of text.
constexpr auto kSeparator = [] {
  std::array<bool, 256> table{};
  for (const char c : {' ', '\t', ',', '\r', '\n', '\v', '\f'}) {
    table[static_cast<unsigned char>(c)] = true;
  }
  return table;
}();
constexpr auto kTokenEnd = [] {
  std::array<bool, 256> table = kSeparator;
  table['/'] = true;
  return table;
}();
bool is_separator(char c) {
  return kSeparator[static_cast<unsigned char>(c)];
}
bool ends_token(char c) {
  return kTokenEnd[static_cast<unsigned char>(c)];
}
bool is_blank_token(std::string_view t) {
  return t == "x" || t == "X" || t == "_";
}

// At most the first 24 characters of a token, with control bytes escaped, for messages.
std::string shown(std::string_view token) {
  constexpr std::size_t kShown = 24;
  std::string out;
  for (const char c : token.substr(0, kShown)) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  if (token.size() > kShown) out += "...";
  return out;
}

void check_cells(std::int64_t rows, std::int64_t cols) {
  if (rows * cols > kMaxBoardCells) {
    throw InputError("a " + std::to_string(rows) + "x" + std::to_string(cols) + " board has " +
                     std::to_string(rows * cols) + " cells; boards have at most " +
                     std::to_string(kMaxBoardCells));
  }
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_separator(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_separator(s.back())) s.remove_suffix(1);
  return s;
}

// The tiles of the flat and rows forms, over any number of pieces (arguments or one line); a
// '/' ends a row. Tiles are read as they are met (a 3000x3000 board keeps no list of tokens),
// but the first is kept as text until a second follows: alone, it may be a glued board.
struct Tokens {
  std::vector<Tile> tiles;
  std::vector<std::size_t> row_ends;  // where each row but the last ends, in `tiles`
  std::string_view first;             // the first token, while it is the only one
};

Tokens tokenize(std::span<const std::string_view> pieces) {
  Tokens out;
  std::size_t count = 0;  // an upper bound on the tokens, so the tiles are allocated once
  for (const std::string_view s : pieces) {
    bool after_end = true;
    for (const char c : s) {
      count += static_cast<std::size_t>(after_end && !ends_token(c));
      after_end = ends_token(c);
    }
  }
  out.tiles.reserve(count);
  for (const std::string_view s : pieces) {
    std::size_t i = 0;
    while (i < s.size()) {
      if (is_separator(s[i])) {
        ++i;
      } else if (s[i] == '/') {
        out.row_ends.push_back(out.tiles.size());
        ++i;
      } else {
        // The common token, a number of at most nine digits, is read as it is scanned.
        const std::size_t begin = i;
        Tile value = 0;
        while (i < s.size() && i - begin < 9 && s[i] >= '0' && s[i] <= '9') {
          value = value * 10 + static_cast<Tile>(s[i++] - '0');
        }
        const bool plain = i > begin && (i == s.size() || ends_token(s[i]));
        while (i < s.size() && !ends_token(s[i])) ++i;
        const std::string_view token = s.substr(begin, i - begin);
        if (out.tiles.size() == 1 && !out.first.empty()) {
          out.tiles[0] = parse_tile(out.first);
          out.first = {};
        }
        if (out.tiles.empty()) {
          out.first = token;
          out.tiles.push_back(kBlank);
        } else {
          out.tiles.push_back(plain ? value : parse_tile(token));
        }
      }
    }
  }
  return out;
}

void check_row_length(std::size_t row, std::size_t length, std::size_t first) {
  if (length == 0) throw InputError("row " + std::to_string(row + 1) + " is empty");
  if (length != first) {
    throw InputError("rows of unequal length: row " + std::to_string(row + 1) + " has " +
                     std::to_string(length) + " tiles, row 1 has " + std::to_string(first));
  }
}

Board finish(Geometry g, std::vector<Tile> tiles, std::optional<Geometry> size) {
  if (size && *size != g) {
    throw SizeMismatch("the board is " + g.name() + " but the size given is " + size->name(),
                       "is " + g.name());
  }
  Board b{g, std::move(tiles)};
  validate(b);
  return b;
}

Board parse_json_board(std::string_view text, std::optional<Geometry> size) {
  // Rows of tiles nest two deep; deeper input is refused while it is read, not after.
  const auto shallow = [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
    if (depth > 2)
      throw InputError("a JSON board is an array of rows of tiles; this one nests deeper");
    return true;
  };
  const auto doc = nlohmann::json::parse(text, shallow, false);
  if (doc.is_discarded()) throw InputError("the board is not valid JSON");
  if (!doc.is_array() || doc.empty()) throw InputError("a JSON board is a non-empty array of rows");
  std::vector<Tile> tiles;
  const std::size_t cols = doc.front().is_array() ? doc.front().size() : 0;
  for (std::size_t r = 0; r < doc.size(); ++r) {
    const auto& row = doc[r];
    if (!row.is_array()) throw InputError("JSON row " + std::to_string(r + 1) + " is not an array");
    check_row_length(r, row.size(), cols);
    for (const auto& cell : row) {
      if (cell.is_number_unsigned()) {
        const auto value = cell.get<std::uint64_t>();
        if (value > std::numeric_limits<Tile>::max()) {
          throw InputError("tile " + std::to_string(value) + " in row " + std::to_string(r + 1) +
                           " is too large");
        }
        tiles.push_back(static_cast<Tile>(value));
      } else if (cell.is_string()) {
        tiles.push_back(parse_tile(cell.get<std::string>()));
      } else {
        throw InputError("'" + shown(cell.dump()) + "' in row " + std::to_string(r + 1) +
                         " is not a tile");
      }
    }
  }
  check_cells(static_cast<std::int64_t>(doc.size()), static_cast<std::int64_t>(cols));
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
    if (whole && (g.rows < 1 || g.cols < 1)) {
      throw InputError("size '" + shown(text) + "': a board has at least one row and one column");
    }
    if (whole) {
      check_cells(g.rows, g.cols);
      return g;
    }
  }
  throw InputError("size '" + shown(text) + "' is not of the form RxC (for example 3x4)");
}

namespace {

Board parse_tokens(Tokens t, std::optional<Geometry> size) {
  if (t.tiles.empty()) throw InputError("the board is empty");
  if (!t.first.empty()) {
    // One token of single-character tiles, as in "23415x768".
    const std::string_view text = t.first;
    const auto cells = size ? static_cast<std::size_t>(size->cells()) : text.size();
    const auto side = static_cast<std::size_t>(std::lround(std::sqrt(static_cast<double>(cells))));
    if (t.row_ends.empty() && text.size() > 1 && text.size() == cells &&
        (size || side * side == cells) &&
        text.find_first_not_of("0123456789xX_") == std::string_view::npos) {
      t.tiles.clear();
      for (std::size_t i = 0; i < text.size(); ++i)
        t.tiles.push_back(parse_tile(text.substr(i, 1)));
    } else {
      t.tiles[0] = parse_tile(text);
    }
  }
  if (!t.row_ends.empty()) {
    const std::size_t cols = t.row_ends.front();
    std::size_t begin = 0;
    for (std::size_t r = 0; r <= t.row_ends.size(); ++r) {
      const std::size_t end = r < t.row_ends.size() ? t.row_ends[r] : t.tiles.size();
      check_row_length(r, end - begin, cols);
      begin = end;
    }
    return finish({static_cast<int>(t.row_ends.size() + 1), static_cast<int>(cols)},
                  std::move(t.tiles), size);
  }

  return board_from_tiles(std::move(t.tiles), size);
}

}  // namespace

Tile parse_tile(std::string_view token) {
  if (is_blank_token(token)) return kBlank;
  Tile t = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), t);
  if (error == std::errc::result_out_of_range) {
    throw InputError("tile '" + shown(token) + "' is too large");
  }
  if (error != std::errc{} || end != token.data() + token.size()) {
    throw InputError("'" + shown(token) +
                     "' is not a tile (tiles are numbers; 0, x or _ is the blank)");
  }
  return t;
}

Board board_from_rows(const std::vector<std::vector<Tile>>& rows, std::optional<Geometry> size) {
  if (rows.empty()) throw InputError("a board has at least one row");
  const std::size_t cols = rows.front().size();
  for (std::size_t r = 0; r < rows.size(); ++r) check_row_length(r, rows[r].size(), cols);
  check_cells(static_cast<std::int64_t>(rows.size()), static_cast<std::int64_t>(cols));
  std::vector<Tile> tiles;
  tiles.reserve(rows.size() * cols);
  for (const auto& row : rows) tiles.insert(tiles.end(), row.begin(), row.end());
  return finish({static_cast<int>(rows.size()), static_cast<int>(cols)}, std::move(tiles), size);
}

Board board_from_tiles(std::vector<Tile> tiles, std::optional<Geometry> size) {
  if (size) {
    if (tiles.size() != static_cast<std::size_t>(size->cells())) {
      throw SizeMismatch("a " + size->name() + " board has " + std::to_string(size->cells()) +
                             " tiles, got " + std::to_string(tiles.size()),
                         "has " + std::to_string(tiles.size()) + " tiles");
    }
    return finish(*size, std::move(tiles), size);
  }
  const auto side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(tiles.size()))));
  if (static_cast<std::size_t>(side * side) != tiles.size()) {
    throw InputError(std::to_string(tiles.size()) +
                     " tiles do not make a square board: give the size (rows x cols)");
  }
  return finish({side, side}, std::move(tiles), size);
}

Board parse_board(std::string_view text, std::optional<Geometry> size) {
  text = trim(text);
  if (!text.empty() && text.front() == '[') return parse_json_board(text, size);
  return parse_tokens(tokenize(std::span(&text, 1)), size);
}

Board parse_board(std::span<const std::string> words, std::optional<Geometry> size) {
  if (words.size() == 1) return parse_board(words.front(), size);
  std::vector<std::string_view> pieces(words.begin(), words.end());
  if (!pieces.empty() && !trim(pieces.front()).empty() && trim(pieces.front()).front() == '[') {
    // A JSON board split over arguments (by the shell, at its spaces) is read as one text.
    std::string joined;
    for (const auto p : pieces) (joined += p) += ' ';
    return parse_board(joined, size);
  }
  return parse_tokens(tokenize(pieces), size);
}

Board parse_goal(std::string_view spec, Geometry g) {
  if (spec == "blank-last") return Board::blank_last(g);
  if (spec == "blank-first") return Board::blank_first(g);
  return as_goal([&] { return parse_board(spec, g); }, g);
}

Board as_goal(const std::function<Board()>& read, Geometry g) {
  try {
    return read();
  } catch (const SizeMismatch& e) {
    throw InputError("the goal " + e.found() + " but the board is " + g.name());
  } catch (const InputError& e) {
    throw InputError(
        std::string("the goal is blank-last, blank-first or a board, and as a board: ") + e.what());
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
  return board.rows();
}

}  // namespace npuzzle
