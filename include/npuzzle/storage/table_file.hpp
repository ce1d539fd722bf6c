#pragma once
// Self-describing table files: a header that names the table and carries its size, the count of
// entries holding each value and a checksum of the payload, then the payload. Files are written
// to a temporary name and renamed, so a reader never sees half a table.

#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace npuzzle {

/// A table file that is missing, damaged, or describes another table.
class TableFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TableHeader {
  std::string kind;                         // what the table is, e.g. "cube-answers v1"
  std::uint64_t entries = 0;                // one byte each
  std::vector<std::uint64_t> value_counts;  // entries holding value 0, 1, 2, ...
};

/// Entries holding each value, up to the largest value present.
std::vector<std::uint64_t> count_values(std::span<const std::uint8_t> payload);

/// A 64-bit checksum of the bytes (word at a time, position-dependent).
std::uint64_t checksum64(std::span<const std::uint8_t> bytes);

/// Writes header and payload to `path` through a temporary file in the same folder, creating the
/// folder if needed. Throws std::runtime_error if the file cannot be written.
void write_table_file(const std::filesystem::path& path, const TableHeader& header,
                      std::span<const std::uint8_t> payload);

/// Reads a table file and checks everything it can: the magic, `expected.kind` and
/// `expected.entries`, the payload's length and checksum, and that the payload's value counts
/// equal the header's (and `expected.value_counts`, where given). Throws TableFileError with
/// the reason on any mismatch.
std::vector<std::uint8_t> read_table_file(const std::filesystem::path& path,
                                          const TableHeader& expected);
/// The same, reading the payload into `payload`, which holds exactly `expected.entries` bytes.
void read_table_file(const std::filesystem::path& path, const TableHeader& expected,
                     std::span<std::uint8_t> payload);

/// Where npuzzle keeps tables: $NPUZZLE_CACHE, else $XDG_CACHE_HOME/npuzzle, else
/// $HOME/.cache/npuzzle.
std::filesystem::path cache_directory();

}  // namespace npuzzle
