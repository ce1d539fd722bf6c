#include <algorithm>
#include <cstdint>
#include <vector>

#include "npuzzle/tiles/move_pruning.hpp"

namespace npuzzle {

#ifdef NPUZZLE_MOVE_STRINGS
// The redundant strings as the build found them (tools/embed_move_pruning.cpp), packed.
namespace {
constexpr std::uint32_t kEmbedded[] = {
#include NPUZZLE_MOVE_STRINGS
};
}  // namespace

const MovePruning& MovePruning::standard() {
  static const MovePruning pruning = [] {
    std::vector<MoveString> strings;
    strings.reserve(std::size(kEmbedded));
    for (const std::uint32_t word : kEmbedded) strings.push_back(MoveString::unpacked(word));
    return MovePruning(strings);
  }();
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
