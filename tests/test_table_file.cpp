#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "npuzzle/storage/table_file.hpp"

namespace npuzzle {
namespace {

class TableFile : public ::testing::Test {
 protected:
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("npuzzle-table-test-" + std::to_string(::getpid()));
  std::filesystem::path path = dir / "t.tbl";
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
  write_table_file(path, header, payload);
  EXPECT_EQ(read_table_file(path, header), payload);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
}

TEST_F(TableFile, DetectsEveryKindOfMismatch) {
  write_table_file(path, header, payload);
  EXPECT_THROW(read_table_file(path, {"other v1", header.entries, {}}), TableFileError);
  EXPECT_THROW(read_table_file(path, {"test v1", header.entries + 1, {}}), TableFileError);
  TableHeader other_counts = header;
  other_counts.value_counts[0] += 1;
  EXPECT_THROW(read_table_file(path, other_counts), TableFileError);
  EXPECT_NO_THROW(read_table_file(path, {"test v1", header.entries, {}}));

  corrupt(10, 42);  // a flipped payload byte
  try {
    read_table_file(path, header);
    FAIL() << "a damaged payload was accepted";
  } catch (const TableFileError& e) {
    EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
  }
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 100);
  EXPECT_THROW(read_table_file(path, header), TableFileError);
  EXPECT_THROW(read_table_file(dir / "missing.tbl", header), TableFileError);
  std::ofstream(path, std::ios::binary) << "not a table";
  EXPECT_THROW(read_table_file(path, header), TableFileError);
}

TEST_F(TableFile, ACountMismatchInsideTheFileIsCaught) {
  TableHeader lying = header;
  lying.value_counts[1] += 1;
  lying.value_counts[2] -= 1;
  write_table_file(path, lying, payload);  // the checksum is right, the counts are not
  EXPECT_THROW(read_table_file(path, {"test v1", header.entries, {}}), TableFileError);
}

TEST(Checksum, DependsOnEveryByteAndItsPlace) {
  const std::vector<std::uint8_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9}, b{1, 2, 3, 4, 5, 6, 7, 8, 8},
      c{2, 1, 3, 4, 5, 6, 7, 8, 9};
  EXPECT_NE(checksum64(a), checksum64(b));
  EXPECT_NE(checksum64(a), checksum64(c));
  EXPECT_EQ(checksum64(a), checksum64(std::vector<std::uint8_t>(a)));
}

}  // namespace
}  // namespace npuzzle
