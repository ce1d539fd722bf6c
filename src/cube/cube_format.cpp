#include "npuzzle/cube/cube_format.hpp"

#include "npuzzle/util/errors.hpp"

namespace npuzzle::cube {
namespace {

char letter(Colour c) {
  return "WRB"[static_cast<int>(c)];
}

}  // namespace

Cell square_at(std::uint64_t x, std::uint64_t y) {
  if (x < 1 || x > 3 || y < 1 || y > 3) {
    throw InputError("square " + std::to_string(x) + " " + std::to_string(y) +
                     " is off the board (x and y are 1 to 3)");
  }
  return kBoard.at(static_cast<int>(y - 1), static_cast<int>(x - 1));
}

TopPattern parse_pattern(std::string_view letters) {
  TopPattern p;
  int squares = 0, empties = 0;
  for (const char c : letters) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (squares == kSquares) throw InputError("the pattern has more than 9 squares");
    auto& top = p.tops[static_cast<std::size_t>(squares)];
    switch (c) {
      case 'W':
        top = Colour::White;
        break;
      case 'R':
        top = Colour::Red;
        break;
      case 'B':
        top = Colour::Blue;
        break;
      case 'E':
        if (++empties > 1) throw InputError("the pattern has two E's (one empty square)");
        p.empty = squares;
        top = Colour::White;
        break;
      default:
        throw InputError("'" + std::string(1, c) + "' in the pattern is not one of B, W, R, E");
    }
    ++squares;
  }
  if (squares < kSquares) {
    throw InputError("the pattern has " + std::to_string(squares) + " of its 9 squares");
  }
  if (empties == 0) throw InputError("the pattern has no E (the empty square)");
  return p;
}

std::string format_tops(const CubeState& s) {
  std::string out;
  for (Cell c = 0; c < kSquares; ++c) {
    if (c > 0 && c % 3 == 0) out += '/';
    const auto o = s.cells[static_cast<std::size_t>(c)];
    out += o == kEmpty ? 'E' : letter(top_colour(o));
  }
  return out;
}

std::string format_faces(const CubeState& s) {
  std::string out;
  for (Cell c = 0; c < kSquares; ++c) {
    if (c > 0) out += ' ';
    const auto o = s.cells[static_cast<std::size_t>(c)];
    if (o == kEmpty) {
      out += 'E';
      continue;
    }
    for (const Axis a : {Axis::Top, Axis::Front, Axis::Right}) out += letter(colour_on(o, a));
  }
  return out;
}

}  // namespace npuzzle::cube
