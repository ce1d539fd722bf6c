#include <algorithm>
#include <cstdint>
#include <vector>

#include "npuzzle/tiles/move_pruning.hpp"

namespace npuzzle {

#ifdef NPUZZLE_MOVE_PRUNING_TABLE
// The machine as the build made it (tools/embed_move_pruning.cpp): by state, then move.
namespace {
constexpr PruningState kEmbedded[] = {
#include NPUZZLE_MOVE_PRUNING_TABLE
};
}  // namespace

const MovePruning& MovePruning::standard() {
  static const MovePruning pruning(
      std::vector<PruningState>(std::begin(kEmbedded), std::end(kEmbedded)));
  return pruning;
}
#else
const MovePruning& MovePruning::standard() {
  // Without a build-time tool (WebAssembly), a shorter length that takes milliseconds to find.
  static const MovePruning pruning(find_redundant_strings(std::min(kStandardLength, 8)));
  return pruning;
}
#endif

}  // namespace npuzzle
