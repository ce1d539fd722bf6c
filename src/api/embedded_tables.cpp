#include "embedded_tables.hpp"

namespace npuzzle::detail {

#ifdef NPUZZLE_EMBEDDED_DIR
// The files the build made (tools/embed_distance_tables.cpp), included byte for byte by the
// assembler; the table checks its size and per-distance counts when it is made from them.
#define NPUZZLE_EMBED(symbol, file)                                                      \
  asm(".section .rodata\n.balign 64\n.global " #symbol "\n.hidden " #symbol "\n" #symbol \
      ":\n.incbin \"" NPUZZLE_EMBEDDED_DIR "/" file "\"\n.global " #symbol               \
      "_end\n.hidden " #symbol "_end\n" #symbol "_end:\n.previous\n")
NPUZZLE_EMBED(npuzzle_eight_blank_first, "3x3-blank-0.bin");
NPUZZLE_EMBED(npuzzle_eight_blank_last, "3x3-blank-8.bin");
extern "C" const std::uint8_t npuzzle_eight_blank_first[], npuzzle_eight_blank_first_end[],
    npuzzle_eight_blank_last[], npuzzle_eight_blank_last_end[];

std::span<const std::uint8_t> embedded_distance_table(Geometry g, Cell blank_home) {
  if (g != Geometry{3, 3}) return {};
  if (blank_home == 0) return {npuzzle_eight_blank_first, npuzzle_eight_blank_first_end};
  if (blank_home == 8) return {npuzzle_eight_blank_last, npuzzle_eight_blank_last_end};
  return {};
}
#else
std::span<const std::uint8_t> embedded_distance_table(Geometry, Cell) {
  return {};
}
#endif

}  // namespace npuzzle::detail
