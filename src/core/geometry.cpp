#include "npuzzle/core/geometry.hpp"

namespace npuzzle {

MoveTable::MoveTable(Geometry g) : geometry_(g) {
  begin_.push_back(0);
  for (Cell c = 0; c < g.cells(); ++c) {
    for (int last = 0; last <= kDirCount; ++last) {
      for (Dir d : kAllDirs) {
        const bool backtrack = last < kDirCount && d == reverse(static_cast<Dir>(last));
        if (g.step(c, d) >= 0 && !backtrack) dirs_.push_back(d);
      }
      begin_.push_back(static_cast<int>(dirs_.size()));
    }
    for (Dir d : kAllDirs) targets_.push_back(g.step(c, d));
  }
}

}  // namespace npuzzle
