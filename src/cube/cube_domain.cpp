#include "npuzzle/cube/cube_domain.hpp"

#include <map>
#include <mutex>

#include "npuzzle/core/unreached.hpp"

namespace npuzzle::cube {
namespace {

// The eight symmetries: mirror rows, mirror columns, then transpose, in every combination.
const std::array<Symmetry, 8> kSymmetries = [] {
  std::array<Symmetry, 8> all{};
  for (std::size_t k = 0; k < all.size(); ++k) {
    const bool flip_rows = k & 1, flip_cols = k & 2, transpose = k & 4;
    for (Cell c = 0; c < kSquares; ++c) {
      int r = kBoard.row(c), col = kBoard.col(c);
      if (flip_rows) r = 2 - r;
      if (flip_cols) col = 2 - col;
      if (transpose) std::swap(r, col);
      all[k].square[static_cast<std::size_t>(c)] = kBoard.at(r, col);
    }
    all[k].axis = transpose ? std::array<std::uint8_t, kAxes>{0, 2, 1}
                            : std::array<std::uint8_t, kAxes>{0, 1, 2};
  }
  return all;
}();

// The abstract state of `s` for `colour`, seen through `g`.
AbstractIndex abstract_index(const CubeState& s, Colour colour, const Symmetry& g) {
  AbstractIndex a =
      static_cast<AbstractIndex>(g.square[static_cast<std::size_t>(s.empty)]) * kPow3[9];
  for (Cell c = 0; c < kSquares; ++c) {
    const auto o = s.cells[static_cast<std::size_t>(c)];
    if (o != kEmpty) {
      a += g.axis[static_cast<std::size_t>(axis_of(o, colour))] *
           kPow3[g.square[static_cast<std::size_t>(c)]];
    }
  }
  return a;
}

// A queued abstract state in two forms: the dense index the table uses, and the same digits at
// two bits a square (the empty square in bits 18 and up), which give up a digit by a shift.
struct Queued {
  AbstractIndex index;
  std::uint32_t bits;
};

std::vector<std::uint8_t> abstract_bfs(AbstractIndex root) {
  constexpr int kEmptyShift = 2 * kSquares;
  static const MoveTable moves(kBoard);
  std::vector<std::uint8_t> dist(kAbstractStates, kUnreached);
  std::uint32_t root_bits = (root / kPow3[9]) << kEmptyShift;
  for (int c = 0; c < kSquares; ++c) root_bits |= (root / kPow3[c] % 3) << (2 * c);
  std::vector<Queued> layer{{root, root_bits}}, next;
  dist[root] = 0;
  for (std::uint8_t depth = 1; !layer.empty(); ++depth) {
    next.clear();
    for (const auto [index, bits] : layer) {
      const auto empty = static_cast<Cell>(bits >> kEmptyShift);
      for (const Dir d : moves.moves(empty, kNoDir)) {
        const Cell from = moves.target(empty, d);
        const std::uint32_t axis = (bits >> (2 * from)) & 3u;
        const auto moved =
            static_cast<std::uint32_t>(rolled(static_cast<Axis>(axis), !is_vertical(d)));
        const AbstractIndex to_index = index - axis * kPow3[from] + moved * kPow3[empty] +
                                       static_cast<AbstractIndex>(from) * kPow3[9] -
                                       static_cast<AbstractIndex>(empty) * kPow3[9];
        if (dist[to_index] != kUnreached) continue;
        dist[to_index] = depth;
        const std::uint32_t squares = (bits & ((1u << kEmptyShift) - 1)) & ~(3u << (2 * from));
        next.push_back({to_index, squares | moved << (2 * empty) |
                                      static_cast<std::uint32_t>(from) << kEmptyShift});
      }
    }
    layer.swap(next);
  }
  return dist;
}

}  // namespace

std::array<AbstractView, kColours> AbstractTables::views(const CubeState& destination) {
  const std::lock_guard lock(mutex_);
  std::array<AbstractView, kColours> views;
  for (std::size_t k = 0; k < kColours; ++k) {
    const auto colour = static_cast<Colour>(k);
    const Symmetry* best = &kSymmetries[0];
    AbstractIndex root = abstract_index(destination, colour, *best);
    for (const Symmetry& g : kSymmetries) {
      if (const AbstractIndex image = abstract_index(destination, colour, g); image < root) {
        root = image;
        best = &g;
      }
    }
    auto& table = tables_[root];
    if (!table) table = std::make_shared<const std::vector<std::uint8_t>>(abstract_bfs(root));
    views[k] = {table, *best};
  }
  return views;
}

CubeDomain::CubeDomain(const CubeState& destination, AbstractTables& tables)
    : destination_(destination), moves_(kBoard), views_(tables.views(destination)) {}

CubeDomain::State CubeDomain::state_of(const CubeState& cube) const {
  State s{cube, {}, 0};
  for (std::size_t k = 0; k < kColours; ++k) {
    s.abstract[k] = abstract_index(cube, static_cast<Colour>(k), views_[k].symmetry);
    s.h = std::max<int>(s.h, (*views_[k].table)[s.abstract[k]]);
  }
  return s;
}

}  // namespace npuzzle::cube
