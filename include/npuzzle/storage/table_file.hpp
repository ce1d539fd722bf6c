#pragma once
// Self-describing tables: a header that names the table and carries its size, the count of
// entries holding each value and a checksum of the payload, then the payload. Tables are kept
// in a TableStore under a key of the caller's choosing (the table's file name).

#include <cstdint>
#include <istream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/storage/table_store.hpp"

namespace npuzzle {

/// A table that is missing, damaged, or describes another table.
class TableFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What a table must be: its kind (e.g. "cube-answers v1"), its size in one-byte entries, and
/// the count of entries holding each value 0, 1, 2, ... where that is known in advance.
struct TableHeader {
  std::string kind;
  std::uint64_t entries = 0;
  std::vector<std::uint64_t> value_counts;
};

/// Entries holding each value, up to the largest value present.
std::vector<std::uint64_t> count_values(std::span<const std::uint8_t> payload);

/// A 64-bit checksum of the bytes (word at a time, position-dependent).
std::uint64_t checksum64(std::span<const std::uint8_t> bytes);

/// Keeps header and payload under `key`; the header's counts are the payload's own.
void write_table(TableStore& store, std::string_view key, const TableHeader& header,
                 std::span<const std::uint8_t> payload);

/// Reads a table into `payload` (exactly `expected.entries` bytes) and checks everything it
/// can: the magic, `expected.kind` and `expected.entries`, the payload's length and checksum,
/// and that the payload's value counts equal the header's and `expected.value_counts` (where
/// given). Throws TableFileError naming `where` and the reason on any mismatch.
void read_table(std::istream& in, std::string_view where, const TableHeader& expected,
                std::span<std::uint8_t> payload);
/// The same from a store; a missing key is a TableFileError too.
void read_table(const TableStore& store, std::string_view key, const TableHeader& expected,
                std::span<std::uint8_t> payload);
std::vector<std::uint8_t> read_table(const TableStore& store, std::string_view key,
                                     const TableHeader& expected);

}  // namespace npuzzle
