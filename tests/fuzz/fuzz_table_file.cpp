// Fuzz target: a table file's header and payload as read from a store. Whatever the bytes, the
// reader either fills the payload from a file that checks out or says what is wrong.

#include <cstdint>
#include <vector>

#include "npuzzle/storage/table_file.hpp"
#include "npuzzle/storage/table_store.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace npuzzle;
  const TableHeader expected{"fuzz", 16, {}};
  std::vector<std::uint8_t> payload(expected.entries);
  try {
    const auto in = stream_over(std::span(data, size));
    read_table(*in, "fuzz", expected, payload);
  } catch (const TableFileError&) {
  }
  return 0;
}
