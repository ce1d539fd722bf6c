#include "npuzzle/storage/table_file.hpp"

#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>

namespace npuzzle {
namespace {

constexpr char kMagic[8] = {'N', 'P', 'U', 'Z', 'T', 'B', 'L', '1'};

void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(v >> (8 * i) & 0xFF));
}

class Reader {
 public:
  Reader(std::ifstream& in, const std::filesystem::path& path) : in_(in), path_(path) {}
  std::uint64_t u64() {
    unsigned char b[8];
    bytes(b, 8);
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | b[i];
    return v;
  }
  void bytes(void* out, std::size_t n) {
    if (!in_.read(static_cast<char*>(out), static_cast<std::streamsize>(n))) {
      throw TableFileError(path_.string() + ": the file is truncated");
    }
  }

 private:
  std::ifstream& in_;
  const std::filesystem::path& path_;
};

}  // namespace

std::vector<std::uint64_t> count_values(std::span<const std::uint8_t> payload) {
  // Four histograms, so that runs of one value do not wait on the same counter.
  std::array<std::array<std::uint64_t, 256>, 4> partial{};
  std::size_t i = 0;
  for (; i + 4 <= payload.size(); i += 4) {
    ++partial[0][payload[i]];
    ++partial[1][payload[i + 1]];
    ++partial[2][payload[i + 2]];
    ++partial[3][payload[i + 3]];
  }
  for (; i < payload.size(); ++i) ++partial[0][payload[i]];
  std::vector<std::uint64_t> counts(256, 0);
  for (const auto& p : partial) {
    for (std::size_t v = 0; v < 256; ++v) counts[v] += p[v];
  }
  while (!counts.empty() && counts.back() == 0) counts.pop_back();
  return counts;
}

std::uint64_t checksum64(std::span<const std::uint8_t> bytes) {
  std::uint64_t h = 0x243F6A8885A308D3ULL ^ bytes.size();
  for (std::size_t i = 0; i < bytes.size(); i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, bytes.data() + i, std::min<std::size_t>(8, bytes.size() - i));
    h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
  }
  return h;
}

void write_table_file(const std::filesystem::path& path, const TableHeader& header,
                      std::span<const std::uint8_t> payload) {
  std::string head(kMagic, sizeof kMagic);
  put_u64(head, header.kind.size());
  head += header.kind;
  put_u64(head, header.entries);
  put_u64(head, header.value_counts.size());
  for (const auto c : header.value_counts) put_u64(head, c);
  put_u64(head, checksum64(payload));

  std::filesystem::create_directories(path.parent_path());
  std::filesystem::path temp = path;
  temp += ".tmp" + std::to_string(std::random_device{}());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(head.data(), static_cast<std::streamsize>(head.size()));
    out.write(reinterpret_cast<const char*>(payload.data()),
              static_cast<std::streamsize>(payload.size()));
    if (!out.flush()) {
      std::filesystem::remove(temp);
      throw std::runtime_error("cannot write " + temp.string());
    }
  }
  std::filesystem::rename(temp, path);
}

std::vector<std::uint8_t> read_table_file(const std::filesystem::path& path,
                                          const TableHeader& expected) {
  std::vector<std::uint8_t> payload(expected.entries);
  read_table_file(path, expected, payload);
  return payload;
}

void read_table_file(const std::filesystem::path& path, const TableHeader& expected,
                     std::span<std::uint8_t> payload) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TableFileError(path.string() + ": no such file");
  Reader r(in, path);
  char magic[sizeof kMagic];
  r.bytes(magic, sizeof magic);
  if (std::memcmp(magic, kMagic, sizeof kMagic) != 0) {
    throw TableFileError(path.string() + ": not an npuzzle table file");
  }
  const std::uint64_t kind_size = r.u64();
  if (kind_size > 256) throw TableFileError(path.string() + ": damaged header");
  std::string kind(kind_size, '\0');
  r.bytes(kind.data(), kind.size());
  if (kind != expected.kind) {
    throw TableFileError(path.string() + ": holds '" + kind + "', not '" + expected.kind + "'");
  }
  TableHeader header{kind, r.u64(), {}};
  if (header.entries != expected.entries) {
    throw TableFileError(path.string() + ": has " + std::to_string(header.entries) +
                         " entries, not " + std::to_string(expected.entries));
  }
  const std::uint64_t values = r.u64();
  if (values > 256) throw TableFileError(path.string() + ": damaged header");
  for (std::uint64_t i = 0; i < values; ++i) header.value_counts.push_back(r.u64());
  const std::uint64_t checksum = r.u64();

  r.bytes(payload.data(), payload.size());
  if (in.peek() != std::ifstream::traits_type::eof()) {
    throw TableFileError(path.string() + ": has bytes after the table");
  }
  if (checksum64(payload) != checksum) {
    throw TableFileError(path.string() + ": the checksum does not match (damaged)");
  }
  const auto counts = count_values(payload);
  if (counts != header.value_counts ||
      (!expected.value_counts.empty() && counts != expected.value_counts)) {
    throw TableFileError(path.string() + ": the per-value counts do not match the table's");
  }
}

std::filesystem::path cache_directory() {
  if (const char* own = std::getenv("NPUZZLE_CACHE"); own && *own) return own;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    return std::filesystem::path(xdg) / "npuzzle";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::filesystem::path(home) / ".cache" / "npuzzle";
  }
  return std::filesystem::temp_directory_path() / "npuzzle-cache";
}

}  // namespace npuzzle
