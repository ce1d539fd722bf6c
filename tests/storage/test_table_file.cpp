#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iterator>

#include "npuzzle/storage/huge_pages.hpp"
#include "npuzzle/storage/table_file.hpp"
#include "npuzzle/storage/table_memory.hpp"

namespace npuzzle {
namespace {

class TableFile : public ::testing::Test {
 protected:
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("npuzzle-table-test-" + std::to_string(::getpid()));
  DirectoryStore store{dir};
  std::string key = "t.tbl";
  std::filesystem::path path = dir / key;
  std::vector<std::uint8_t> payload = [] {
    std::vector<std::uint8_t> p(1000);
    for (std::size_t i = 0; i < p.size(); ++i) p[i] = static_cast<std::uint8_t>(i % 7);
    return p;
  }();
  TableHeader header{"test v1", payload.size(), count_values(payload)};

  void TearDown() override { std::filesystem::remove_all(dir); }

  void corrupt(std::streamoff offset_from_end, char byte) {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-offset_from_end, std::ios::end);
    f.put(byte);
  }
};

TEST_F(TableFile, RoundTripsAndLeavesNoTemporaryFile) {
  write_table(store, key, header, payload);
  EXPECT_EQ(read_table(store, key, header), payload);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
}

TEST_F(TableFile, DetectsEveryKindOfMismatch) {
  write_table(store, key, header, payload);
  EXPECT_THROW(read_table(store, key, {"other v1", header.entries, {}}), TableFileError);
  EXPECT_THROW(read_table(store, key, {"test v1", header.entries + 1, {}}), TableFileError);
  TableHeader other_counts = header;
  other_counts.value_counts[0] += 1;
  EXPECT_THROW(read_table(store, key, other_counts), TableFileError);
  EXPECT_NO_THROW(read_table(store, key, {"test v1", header.entries, {}}));

  corrupt(10, 42);  // a flipped payload byte
  try {
    read_table(store, key, header);
    FAIL() << "a damaged payload was accepted";
  } catch (const TableFileError& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 100);
  EXPECT_THROW(read_table(store, key, header), TableFileError);
  EXPECT_THROW(read_table(store, "missing.tbl", header), TableFileError);
  std::ofstream(path, std::ios::binary) << "not a table";
  EXPECT_THROW(read_table(store, key, header), TableFileError);
}

// A record is read back whatever its size (a long search's checkpoint once outgrew a fixed cap
// on reading); a header that says more or fewer bytes than the file holds is refused, and never
// sizes a buffer.
TEST_F(TableFile, ARecordOfAnySizeIsReadBackAndItsSizeChecked) {
  std::vector<std::uint8_t> big((std::size_t{65} << 20) + 3);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<std::uint8_t>(i * 131 >> 7);
  const std::string kind = "record v1";
  write_table(store, key, {kind, big.size(), {}, 8}, big);
  EXPECT_EQ(read_record(store, key, kind), big);
  const auto claim = [&](std::uint64_t entries) {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(8 + 8 + kind.size() + 8));  // magic, kind, bits
    for (int i = 0; i < 8; ++i) f.put(static_cast<char>(entries >> (8 * i)));
  };
  const std::pair<std::uint64_t, std::string> claims[] = {
      {std::uint64_t{1} << 60, "is truncated"}, {big.size() - 1, "has bytes after its end"}};
  for (const auto& [entries, reason] : claims) {
    claim(entries);
    try {
      read_record(store, key, kind);
      ADD_FAILURE() << "a record claiming " << entries << " bytes was read";
    } catch (const TableFileError& e) {
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
  }
}

TEST_F(TableFile, ACountMismatchInsideTheFileIsCaught) {
  write_table(store, key, header, payload);
  // The header's counts follow the magic (8 bytes), the kind (8 + 7), the entry width (8), the
  // entries (8) and the number of counts (8); the checksum covers only the payload, so it stays
  // right.
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  const auto patch = [&](std::streamoff at, std::uint64_t value) {
    f.seekp(at);
    for (int i = 0; i < 8; ++i) f.put(static_cast<char>(value >> (8 * i) & 0xFF));
  };
  patch(47 + 8 * 1, header.value_counts[1] + 1);
  patch(47 + 8 * 2, header.value_counts[2] - 1);
  f.close();
  // Against a descriptor's counts the header's are wrong; a recount finds them other than the
  // payload's; a plain load with no counts to compare trusts them (the payload is intact).
  EXPECT_THROW(read_table(store, key, header), TableFileError);
  const TableHeader uncounted{"test v1", header.entries, {}};
  EXPECT_THROW(read_table(store, key, uncounted, Recount::kYes), TableFileError);
  EXPECT_EQ(read_table(store, key, uncounted), payload);
}

TEST_F(TableFile, FourBitEntriesAreCountedByEntry) {
  // Five entries 3, 1, 4, 1, 5 in three bytes, the last half unused.
  const std::vector<std::uint8_t> packed{0x13, 0x14, 0x05};
  EXPECT_EQ(count_values(packed, 4, 5), (std::vector<std::uint64_t>{0, 2, 0, 1, 1, 1}));
  const TableHeader four{"four v1", 5, count_values(packed, 4, 5), 4};
  write_table(store, key, four, packed);
  EXPECT_EQ(read_table(store, key, four), packed);
  TableHeader bytes = four;
  bytes.bits = 8;  // the same table read as bytes: refused, not misread
  EXPECT_THROW(read_table(store, key, bytes), TableFileError);
  EXPECT_THROW(write_table(store, key, four, payload), std::invalid_argument);
}

TEST_F(TableFile, OnlyRegularFilesAreRead) {
  std::filesystem::create_directories(path);  // a directory where the table should be
  EXPECT_THROW(read_table(store, key, header), TableFileError);
  std::filesystem::remove(path);
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);  // a FIFO would block a plain open
  EXPECT_THROW(read_table(store, key, header), TableFileError);
  std::filesystem::remove(path);
}

TEST_F(TableFile, AFailedWriteLeavesNothingBehind) {
  std::filesystem::create_directories(path / "occupied");  // rename onto a full directory fails
  EXPECT_ANY_THROW(write_table(store, key, header, payload));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
}

// A build killed part-way leaves its temporary file; one whose writer's process is gone (or,
// named before process ids were in the names, a day old) is stale and removed, a live writer's
// is kept, and so are the tables.
TEST_F(TableFile, StaleTemporaryFilesAreRemovedAndLiveOnesKept) {
  write_table(store, key, header, payload);
  const ::pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ASSERT_GT(child, 0);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);  // a process that has ended
  const auto touch = [&](const std::string& name) {
    std::ofstream(dir / name) << "part";
    return (dir / name).string();
  };
  const std::string dead = touch(key + ".tmp" + std::to_string(child) + "-7");
  touch(key + ".tmp" + std::to_string(::getpid()) + "-8");  // this process: live
  const std::string old = touch(key + ".tmp12345");
  std::filesystem::last_write_time(
      dir / (key + ".tmp12345"),
      std::filesystem::file_time_type::clock::now() - std::chrono::hours(25));
  touch(key + ".tmp23456");  // from before process ids, but recent: perhaps live
  auto removed = store.remove_stale();
  std::sort(removed.begin(), removed.end());
  std::vector<std::string> expected{dead, old};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(removed, expected);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 3);
  EXPECT_EQ(read_table(store, key, header), payload);
  EXPECT_TRUE(store.remove_stale().empty());
}

TEST(MemoryStore, KeepsTablesAndReadsThemAsBytes) {
  MemoryStore store;
  const std::vector<std::uint8_t> payload{3, 1, 4, 1, 5, 9, 2, 6};
  const TableHeader header{"memory v1", payload.size(), count_values(payload)};
  EXPECT_FALSE(store.contains("m.tbl"));
  EXPECT_THROW(read_table(store, "m.tbl", header), TableFileError);
  write_table(store, "m.tbl", header, payload);
  EXPECT_TRUE(store.contains("m.tbl"));
  EXPECT_EQ(read_table(store, "m.tbl", header), payload);
  // The same bytes read from any stream, as a front end that keeps tables itself would.
  std::vector<std::uint8_t> bytes;
  {
    const auto in = store.open("m.tbl");
    bytes.assign(std::istreambuf_iterator<char>(*in), {});
  }
  std::vector<std::uint8_t> out(payload.size());
  const auto stream = stream_over(bytes);
  read_table(*stream, "bytes", header, out);
  EXPECT_EQ(out, payload);
  EXPECT_TRUE(store.remove("m.tbl"));
  EXPECT_FALSE(store.remove("m.tbl"));
}

// A file mapped rather than read passes the same checks: the payload it gives is the file's own
// bytes, and every damage read_table refuses is refused.
TEST_F(TableFile, AMappedFileIsCheckedAsAReadOneIs) {
  EXPECT_FALSE(store.map(key).has_value());  // nothing there
  write_table(store, key, header, payload);
  const auto check = [&](const TableHeader& expected) {
    const auto mapped = store.map(key);
    if (!mapped) throw TableFileError("not mapped");
    const auto got = check_table(mapped->bytes, store.where(key), expected);
    return std::vector<std::uint8_t>(got.begin(), got.end());
  };
  EXPECT_EQ(check(header), payload);
  EXPECT_THROW(check({"other v1", header.entries, {}}), TableFileError);
  EXPECT_THROW(check({"test v1", header.entries + 1, {}}), TableFileError);
  corrupt(10, 42);
  try {
    check(header);
    ADD_FAILURE() << "a damaged payload was accepted";
  } catch (const TableFileError& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
  write_table(store, key, header, payload);
  std::ofstream(path, std::ios::binary | std::ios::app) << 'x';
  try {
    check(header);
    ADD_FAILURE() << "a table with a byte after it was accepted";
  } catch (const TableFileError& e) {
    EXPECT_NE(std::string(e.what()).find("after the table"), std::string::npos) << e.what();
  }
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 100);
  try {
    check(header);
    ADD_FAILURE() << "a cut table was accepted";
  } catch (const TableFileError& e) {
    EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos) << e.what();
  }
  std::ofstream(path, std::ios::binary) << "not a table";
  EXPECT_THROW(check(header), TableFileError);
  std::ofstream(path, std::ios::binary | std::ios::trunc).close();
  EXPECT_FALSE(store.map(key).has_value());  // (an empty file: read_table says what is wrong)
  std::filesystem::remove(path);
  std::filesystem::create_directories(path);
  EXPECT_THROW(store.map(key), TableFileError);
}

// A file of several huge pages maps to its bytes whichever pages the system holds it in: as
// written by the store (which takes it out of the file cache), as written by other means (left
// cached in small pages), and read again; a mapping said to be in huge pages is.
TEST_F(TableFile, ALargeFileMapsToItsBytesInAnyPages) {
  std::vector<std::uint8_t> large(3 * kHugePageBytes + 5);
  for (std::size_t i = 0; i < large.size(); ++i) large[i] = static_cast<std::uint8_t>(i * 13 + 1);
  const auto maps_to_it = [&] {
    const auto mapped = store.map(key);
    ASSERT_TRUE(mapped.has_value());
    EXPECT_TRUE(std::ranges::equal(mapped->bytes, large));
    if (mapped->in_huge_pages) {
      EXPECT_GE(probe_file_mapping(mapped->bytes.data(), mapped->bytes.size()), 3 * kHugePageBytes);
    }
  };
  const std::span<const std::uint8_t> part(large);
  store.store(key, std::span(&part, 1));
  maps_to_it();
  maps_to_it();
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(large.data()),
             static_cast<std::streamsize>(large.size()));
  maps_to_it();
}

// A table's whole check is recorded per version: a file stored again, or one changed just now
// (within the store's settling time), is another version or none, and removing the table takes
// the record with it. With the length alone checked, a table whose length is wrong is refused.
TEST_F(TableFile, AWholeCheckIsRecordedForTheFileAsItIs) {
  write_table(store, key, header, payload);
  const auto fresh = store.map(key);
  ASSERT_TRUE(fresh.has_value());
  EXPECT_EQ(fresh->version, "");  // changed within the default two seconds
  store.mark_checked(key, fresh->version);
  EXPECT_FALSE(std::filesystem::exists(dir / (key + ".checked")));

  const DirectoryStore settled(dir, std::chrono::nanoseconds(0));
  const auto first = settled.map(key);
  ASSERT_TRUE(first.has_value());
  ASSERT_NE(first->version, "");  // (this machine tells its boot apart)
  EXPECT_FALSE(settled.checked(key, first->version));
  settled.mark_checked(key, first->version);
  EXPECT_TRUE(settled.checked(key, first->version));
  EXPECT_TRUE(settled.checked(key, settled.map(key)->version));
  EXPECT_FALSE(settled.checked(key, ""));

  write_table(store, key, header, payload);  // the same bytes, a new file
  const auto second = settled.map(key);
  EXPECT_NE(second->version, first->version);
  EXPECT_FALSE(settled.checked(key, second->version));

  EXPECT_EQ(
      check_table(second->bytes, store.where(key), header, Recount::kNo, PayloadCheck::kLengthOnly)
          .size(),
      payload.size());
  EXPECT_THROW(check_table(second->bytes.first(second->bytes.size() - 1), store.where(key), header,
                           Recount::kNo, PayloadCheck::kLengthOnly),
               TableFileError);

  settled.mark_checked(key, second->version);
  EXPECT_TRUE(store.remove(key));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 0);
}

TEST(MemoryStore, LargeTablesAreCheckedPieceByPieceAsTheyAreRead) {
  // Over 16 MB a table is checked on a second thread while it is read, 8 MB at a time: a damaged
  // byte in any piece, the last (shorter) one included, and a cut anywhere are still caught.
  std::vector<std::uint8_t> payload((std::size_t{20} << 20) + 5);
  std::uint64_t x = 1;
  for (auto& b : payload) b = static_cast<std::uint8_t>((x = x * 6364136223846793005ULL + 1) >> 60);
  const TableHeader header{"large v1", payload.size(), count_values(payload)};
  MemoryStore store;
  write_table(store, "l.tbl", header, payload);
  std::vector<std::uint8_t> bytes;
  {
    const auto in = store.open("l.tbl");
    bytes.assign(std::istreambuf_iterator<char>(*in), {});
  }
  const std::size_t head = bytes.size() - payload.size();
  std::vector<std::uint8_t> out(payload.size());
  read_table(*stream_over(bytes), "whole", header, out, Recount::kYes);
  EXPECT_EQ(out, payload);
  for (const std::size_t at : {std::size_t{0}, std::size_t{9} << 20, payload.size() - 1}) {
    auto damaged = bytes;
    damaged[head + at] ^= 0x10;
    EXPECT_THROW(read_table(*stream_over(damaged), "damaged", header, out), TableFileError) << at;
  }
  // Counted again as they are read: two values' counts swapped in the header are caught
  // (the counts follow the magic, the kind, the width, the entries and their number: 48 bytes).
  auto recounted = bytes;
  std::swap_ranges(recounted.begin() + 56, recounted.begin() + 64, recounted.begin() + 64);
  const TableHeader uncounted{"large v1", payload.size(), {}};
  read_table(*stream_over(recounted), "trusted", uncounted, out);
  EXPECT_THROW(read_table(*stream_over(recounted), "recounted", uncounted, out, Recount::kYes),
               TableFileError);
  for (const std::size_t cut : {std::size_t{5} << 20, std::size_t{16} << 20, payload.size() - 1}) {
    const std::span<const std::uint8_t> part(bytes.data(), head + cut);
    try {
      read_table(*stream_over(part), "cut", header, out);
      ADD_FAILURE() << "a table cut at " << cut << " was read";
    } catch (const TableFileError& e) {
      EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos) << e.what();
    }
  }
  // A version 2 file (the same header, its checksum one chain of words) reads piece by piece too.
  auto v2 = bytes;
  v2[7] = '2';
  const std::uint64_t one_chain = checksum64(payload, ChecksumLanes::kOne);
  for (std::size_t i = 0; i < 8; ++i)
    v2[head - 8 + i] = static_cast<std::uint8_t>(one_chain >> (8 * i));
  read_table(*stream_over(v2), "version 2", header, out, Recount::kYes);
  EXPECT_EQ(out, payload);
  v2[head + (std::size_t{12} << 20)] ^= 1;
  EXPECT_THROW(read_table(*stream_over(v2), "version 2", header, out), TableFileError);
}

// Bytes handed over in a mapping are read there at once and in memory of their own once copied,
// the same bytes either way, unless the mapping is in huge pages; bytes of its own are read
// where they are.
TEST(TableMemory, MovesReadersToItsCopyOnceWhole) {
  auto mapped = std::make_shared<std::vector<std::uint8_t>>((std::size_t{5} << 20) + 3);
  for (std::size_t i = 0; i < mapped->size(); ++i) (*mapped)[i] = static_cast<std::uint8_t>(i * 31);
  TableMemory memory(*mapped, mapped, false);
  const std::uint8_t* first = memory.data();
  EXPECT_TRUE(first == mapped->data() || std::equal(mapped->begin(), mapped->end(), first));
  memory.wait_copied();
  EXPECT_NE(memory.data(), mapped->data());
  EXPECT_EQ(memory.location().load(), memory.data());
  EXPECT_TRUE(std::equal(mapped->begin(), mapped->end(), memory.data()));
  ASSERT_EQ(memory.size(), mapped->size());

  // Bytes in a mapping in huge pages throughout are read there, with no copy.
  TableMemory in_place(*mapped, mapped, true);
  in_place.wait_copied();
  EXPECT_EQ(in_place.data(), mapped->data());

  LargeBytes own(100);
  own[7] = 9;
  const std::uint8_t* where = own.data();
  TableMemory owned(std::move(own));
  EXPECT_EQ(owned.data(), where);
  EXPECT_EQ(owned.span()[7], 9);
}

TEST(Checksum, DependsOnEveryByteAndItsPlace) {
  const std::vector<std::uint8_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9}, b{1, 2, 3, 4, 5, 6, 7, 8, 8},
      c{2, 1, 3, 4, 5, 6, 7, 8, 9};
  for (const auto lanes : {ChecksumLanes::kOne, ChecksumLanes::kFour}) {
    EXPECT_NE(checksum64(a, lanes), checksum64(b, lanes));
    EXPECT_NE(checksum64(a, lanes), checksum64(c, lanes));
  }
  // Four lanes: a word swapped with the one beside it (another lane), and a change in each
  // lane of a payload longer than a round of four words, or in its tail.
  std::vector<std::uint8_t> long_payload(100);
  for (std::size_t i = 0; i < long_payload.size(); ++i)
    long_payload[i] = static_cast<std::uint8_t>(i);
  const auto base = checksum64(long_payload);
  for (std::size_t i = 0; i < long_payload.size(); i += 7) {
    auto changed = long_payload;
    changed[i] ^= 1;
    EXPECT_NE(checksum64(changed), base) << i;
  }
  auto swapped = long_payload;
  std::swap_ranges(swapped.begin(), swapped.begin() + 8, swapped.begin() + 8);
  EXPECT_NE(checksum64(swapped), base);
}

}  // namespace
}  // namespace npuzzle
