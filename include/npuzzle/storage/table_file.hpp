#pragma once
// Self-describing tables: a header that names the table and carries its size, the width of
// its entries, the count of entries holding each value and a checksum of the payload, then the
// payload. Tables are kept in a TableStore under a key of the caller's choosing (the table's
// file name).

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

/// What a table must be: its kind (e.g. "cube-answers v1"), its size in entries, the count of
/// entries holding each value 0, 1, 2, ... where that is known in advance, and the width of an
/// entry: 8 bits (a byte each) or 4 (two to a byte, the even entry in the low half).
struct TableHeader {
  std::string kind;
  std::uint64_t entries = 0;
  std::vector<std::uint64_t> value_counts;
  unsigned bits = 8;

  std::uint64_t payload_bytes() const { return bits == 4 ? (entries + 1) / 2 : entries; }
};

/// Byte entries holding each value, up to the largest value present.
std::vector<std::uint64_t> count_values(std::span<const std::uint8_t> payload);
/// The same for `entries` entries of `bits` (8 or 4) bits each.
std::vector<std::uint64_t> count_values(std::span<const std::uint8_t> payload, unsigned bits,
                                        std::uint64_t entries);

/// How a checksum runs over the words: one chain (table files before version 3), or four
/// interleaved ones, whose multiplications overlap and run at memory speed.
enum class ChecksumLanes { kOne, kFour };
/// A 64-bit checksum of the bytes (word at a time, position-dependent).
std::uint64_t checksum64(std::span<const std::uint8_t> bytes,
                         ChecksumLanes lanes = ChecksumLanes::kFour);

/// Keeps header and payload under `key`; the header's counts are the payload's own. Throws
/// std::invalid_argument if the payload's size is not the header's.
void write_table(TableStore& store, std::string_view key, const TableHeader& header,
                 std::span<const std::uint8_t> payload);

/// Whether a read counts the payload's values again. Without, the header's counts stand for
/// them: the writer took them from the payload, and the checksum ties the two together. A
/// recount is a pass longer than the read, so an explicit verification asks for it and a load
/// does not.
enum class Recount : bool { kNo, kYes };

/// Reads a table into `payload` (exactly `expected.payload_bytes()`) and checks the magic,
/// `expected.kind`, `.bits` and `.entries`, the payload's length and checksum, and that the
/// header's value counts equal `expected.value_counts` (where given) and, with `recount`, the
/// payload's. Throws TableFileError naming `where` and the reason on any mismatch, and
/// std::invalid_argument if `payload` is not the size `expected` says.
void read_table(std::istream& in, std::string_view where, const TableHeader& expected,
                std::span<std::uint8_t> payload, Recount recount = Recount::kNo);
/// How much of the payload check_table reads: all of it (its checksum, and with a recount its
/// values), or its length alone, for a version of a table that its store recorded as checked
/// whole (TableStore::checked).
enum class PayloadCheck : bool { kLengthOnly, kWhole };
/// The same checks on a whole table file in memory (`file`: its header, then its payload; a
/// mapping): returns the payload, a view into `file`.
std::span<const std::uint8_t> check_table(std::span<const std::uint8_t> file,
                                          std::string_view where, const TableHeader& expected,
                                          Recount recount = Recount::kNo,
                                          PayloadCheck payload_check = PayloadCheck::kWhole);
/// check_table on a table that `store` mapped from under `key` (`mapped`, from store.map): the
/// payload whole (checksum, and with a recount its values) unless the store recorded this version
/// of the file as checked whole, then its header and length alone; a whole check that passes is
/// recorded. Returns the payload, a view into the mapping.
std::span<const std::uint8_t> check_mapped_table(const TableStore& store, std::string_view key,
                                                 const MappedBytes& mapped,
                                                 const TableHeader& expected,
                                                 Recount recount = Recount::kNo);
/// The same from a store; a missing key is a TableFileError too.
void read_table(const TableStore& store, std::string_view key, const TableHeader& expected,
                std::span<std::uint8_t> payload, Recount recount = Recount::kNo);
std::vector<std::uint8_t> read_table(const TableStore& store, std::string_view key,
                                     const TableHeader& expected, Recount recount = Recount::kNo);

/// A record: a table of `kind` with any number of byte entries, such as a search's checkpoint,
/// whose size is known only once read. Written by write_table (header {kind, size}); read with
/// the same checks, the values counted again. Throws TableFileError.
std::vector<std::uint8_t> read_record(const TableStore& store, std::string_view key,
                                      std::string_view kind);

}  // namespace npuzzle
