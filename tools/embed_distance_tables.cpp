// Build-time tool: writes the packed distance tables that the program carries built in (the
// 8-puzzle's two corner goals), so that a 3x3 solve reads them rather than running a
// breadth-first search at every start. Usage: embed_distance_tables OUT_DIR

#include <cstdio>
#include <exception>
#include <fstream>
#include <string>

#include "npuzzle/tiles/distance_table.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: embed_distance_tables OUT_DIR\n", stderr);
    return 2;
  }
  try {
    for (const npuzzle::Cell blank : {0, 8}) {
      const npuzzle::DistanceTable table(npuzzle::describe_table({3, 3}, blank));
      const auto bytes = table.packed();
      const std::string path =
          std::string(argv[1]) + "/3x3-blank-" + std::to_string(blank) + ".bin";
      std::ofstream out(path, std::ios::binary);
      out.write(reinterpret_cast<const char*>(bytes.data()),
                static_cast<std::streamsize>(bytes.size()));
      if (!out.flush()) {
        std::fprintf(stderr, "embed_distance_tables: cannot write %s\n", path.c_str());
        return 1;
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "embed_distance_tables: %s\n", e.what());
    return 1;
  }
  return 0;
}
