// Fuzz target: a table file's header and payload as read from a store, and as checked in place
// where a store maps the file. Whatever the bytes, the reader either fills the payload from a
// file that checks out or says what is wrong, and the check in place agrees with it: the same
// payload, or the same message.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "npuzzle/storage/table_file.hpp"
#include "npuzzle/storage/table_store.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace npuzzle;
  const TableHeader expected{"fuzz", 16, {}};
  const std::span<const std::uint8_t> file(data, size);
  std::vector<std::uint8_t> payload(expected.entries);
  std::optional<std::string> read_refused, checked_refused;
  try {
    const auto in = stream_over(file);
    read_table(*in, "fuzz", expected, payload);
  } catch (const TableFileError& e) {
    read_refused = e.what();
  }
  std::span<const std::uint8_t> in_place;
  try {
    in_place = check_table(file, "fuzz", expected);
  } catch (const TableFileError& e) {
    checked_refused = e.what();
  }
  if (read_refused != checked_refused) std::abort();
  if (!read_refused &&
      !std::equal(payload.begin(), payload.end(), in_place.begin(), in_place.end())) {
    std::abort();
  }
  return 0;
}
