#include "npuzzle/storage/table_file.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <optional>
#include <system_error>
#include <thread>

#include "npuzzle/util/errors.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle {
namespace {

// Version 3 sums the payload in four lanes; version 2 carries the entries' width after the
// kind; version 1 tables (byte entries only) still read.
constexpr char kMagic[8] = {'N', 'P', 'U', 'Z', 'T', 'B', 'L', '3'};
constexpr char kMagicV2[8] = {'N', 'P', 'U', 'Z', 'T', 'B', 'L', '2'};
constexpr char kMagicV1[8] = {'N', 'P', 'U', 'Z', 'T', 'B', 'L', '1'};
constexpr std::uint64_t kMaxKindBytes = 256;
constexpr std::uint64_t kMaxValues = 256;

void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(v >> (8 * i) & 0xFF));
}

class Reader {
 public:
  Reader(std::istream& in, std::string_view where) : in_(in), where_(where) {}
  std::uint64_t u64() {
    unsigned char b[8];
    bytes(b, 8);
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | b[i];
    return v;
  }
  void bytes(void* out, std::size_t n) {
    if (!in_.read(static_cast<char*>(out), static_cast<std::streamsize>(n))) fail("is truncated");
  }
  [[noreturn]] void fail(std::string_view reason) const {
    throw TableFileError(std::string(where_) + ": " + std::string(reason));
  }

 private:
  std::istream& in_;
  std::string_view where_;
};

// Writes a zero every 4 KiB of `bytes` (which the caller overwrites next), `threads` at once.
void touch_pages(std::span<std::uint8_t> bytes, unsigned threads) {
  constexpr std::size_t kPage = 4096, kPiece = std::size_t{4} << 20;
  std::atomic<std::size_t> next{0};
  run_on_threads(threads, [&] {
    for (std::size_t first; (first = next.fetch_add(kPiece)) < bytes.size();) {
      const std::size_t end = std::min(bytes.size(), first + kPiece);
      for (std::size_t i = first; i < end; i += kPage) bytes[i] = 0;
    }
  });
}

constexpr std::uint64_t kMix = 0x9E3779B97F4A7C15ULL;

std::uint64_t mixed(std::uint64_t h, std::uint64_t w) {
  h = (h ^ w) * kMix;
  return h ^ h >> 29;
}

std::uint64_t word_at(std::span<const std::uint8_t> bytes, std::size_t i) {
  std::uint64_t w = 0;
  std::memcpy(&w, bytes.data() + i, std::min<std::size_t>(8, bytes.size() - i));
  return w;
}

using ByteCounts = std::array<std::uint64_t, 256>;

void add_byte_counts(std::span<const std::uint8_t> bytes, ByteCounts& counts) {
  // Four histograms, so that runs of one value do not wait on the same counter.
  std::array<ByteCounts, 4> partial{};
  std::size_t i = 0;
  for (; i + 4 <= bytes.size(); i += 4) {
    ++partial[0][bytes[i]];
    ++partial[1][bytes[i + 1]];
    ++partial[2][bytes[i + 2]];
    ++partial[3][bytes[i + 3]];
  }
  for (; i < bytes.size(); ++i) ++partial[0][bytes[i]];
  for (const auto& p : partial) {
    for (std::size_t v = 0; v < 256; ++v) counts[v] += p[v];
  }
}

std::vector<std::uint64_t> trimmed(std::span<const std::uint64_t> counts) {
  std::vector<std::uint64_t> out(counts.begin(), counts.end());
  while (!out.empty() && out.back() == 0) out.pop_back();
  return out;
}

// The entries holding each value, from the payload's byte counts; `last_byte` is the payload's
// last, whose high half is unused where the count of 4-bit entries is odd.
std::vector<std::uint64_t> entry_counts(const ByteCounts& bytes, unsigned bits,
                                        std::uint64_t entries, std::uint8_t last_byte) {
  if (bits == 8) return trimmed(bytes);
  std::array<std::uint64_t, 16> counts{};
  for (std::size_t b = 0; b < bytes.size(); ++b) {
    counts[b & 15] += bytes[b];
    counts[b >> 4] += bytes[b];
  }
  if (entries % 2 == 1) --counts[last_byte >> 4];
  return trimmed(counts);
}

// A checksum64 taken a piece at a time, the pieces in order, each but the last a whole number of
// 32-byte rounds (so every word falls in the lane it would in one pass).
class Checksum64 {
 public:
  Checksum64(std::size_t total_bytes, ChecksumLanes lanes)
      : lanes_(lanes), seed_(0x243F6A8885A308D3ULL ^ total_bytes) {
    h_ = {seed_, seed_ + 1, seed_ + 2, seed_ + 3};
  }
  void add(std::span<const std::uint8_t> bytes) {
    if (lanes_ == ChecksumLanes::kOne) {
      for (std::size_t i = 0; i < bytes.size(); i += 8) h_[0] = mixed(h_[0], word_at(bytes, i));
      return;
    }
    // Word i goes to lane i % 4; the four chains of multiplications overlap in the processor.
    std::size_t i = 0;
    for (; i + 32 <= bytes.size(); i += 32) {
      std::array<std::uint64_t, 4> w;  // whole words: no partial one to guard against
      std::memcpy(w.data(), bytes.data() + i, 32);
      for (std::size_t lane = 0; lane < 4; ++lane) h_[lane] = mixed(h_[lane], w[lane]);
    }
    for (std::size_t lane = 0; i < bytes.size(); i += 8, ++lane)
      h_[lane] = mixed(h_[lane], word_at(bytes, i));
  }
  std::uint64_t value() const {
    if (lanes_ == ChecksumLanes::kOne) return h_[0];
    std::uint64_t out = seed_;
    for (const auto lane : h_) out = mixed(out, lane);
    return out;
  }

 private:
  ChecksumLanes lanes_;
  std::uint64_t seed_;
  std::array<std::uint64_t, 4> h_;
};

// What a read checks of a payload, a piece at a time: its checksum, and its values where they
// are counted again.
struct PayloadChecks {
  Checksum64 sum;
  std::optional<ByteCounts> counts;

  void add(std::span<const std::uint8_t> piece) {
    sum.add(piece);
    if (counts) add_byte_counts(piece, *counts);
  }
};

// Reads `payload` and checks it. A large one is read a piece at a time while a second thread
// checks the pieces already read, so that its checksum costs little beyond its read (a cold
// read's wait is mostly on the disk); a small one, or any where no thread can be started, is
// checked after the read.
void read_and_check(Reader& r, std::span<std::uint8_t> payload, PayloadChecks& checks) {
  constexpr std::size_t kLarge = std::size_t{16} << 20;
  constexpr std::size_t kPiece = std::size_t{8} << 20;  // a whole number of 32-byte rounds
  constexpr std::size_t kAbandoned = SIZE_MAX;
  std::atomic<std::size_t> read_end{0};
  const auto check_pieces = [&] {
    for (std::size_t done = 0; done < payload.size();) {
      read_end.wait(done, std::memory_order_acquire);
      const std::size_t end = read_end.load(std::memory_order_acquire);
      if (end == kAbandoned) return;
      checks.add(payload.subspan(done, end - done));
      done = end;
    }
  };
  std::thread checker;
  if (payload.size() >= kLarge) {
    // The first write to a fresh page makes the kernel clear it, inside the read and on its
    // thread; written first on two threads, the pages clear side by side.
    touch_pages(payload, 2);
    try {
      checker = std::thread(check_pieces);
    } catch (const std::system_error&) {
      // (checked after the read, below)
    }
  }
  if (!checker.joinable()) {
    r.bytes(payload.data(), payload.size());
    checks.add(payload);
    return;
  }
  try {
    for (std::size_t first = 0; first < payload.size(); first += kPiece) {
      const std::size_t end = std::min(payload.size(), first + kPiece);
      r.bytes(payload.data() + first, end - first);
      read_end.store(end, std::memory_order_release);
      read_end.notify_one();
    }
  } catch (...) {
    read_end.store(kAbandoned, std::memory_order_release);
    read_end.notify_one();
    checker.join();
    throw;
  }
  checker.join();
}

}  // namespace

std::vector<std::uint64_t> count_values(std::span<const std::uint8_t> payload) {
  ByteCounts counts{};
  add_byte_counts(payload, counts);
  return trimmed(counts);
}

std::vector<std::uint64_t> count_values(std::span<const std::uint8_t> payload, unsigned bits,
                                        std::uint64_t entries) {
  if (payload.empty()) return {};
  ByteCounts counts{};
  add_byte_counts(payload, counts);
  return entry_counts(counts, bits, entries, payload.back());
}

std::uint64_t checksum64(std::span<const std::uint8_t> bytes, ChecksumLanes lanes) {
  Checksum64 sum(bytes.size(), lanes);
  sum.add(bytes);
  return sum.value();
}

void write_table(TableStore& store, std::string_view key, const TableHeader& header,
                 std::span<const std::uint8_t> payload) {
  if ((header.bits != 8 && header.bits != 4) || payload.size() != header.payload_bytes()) {
    throw std::invalid_argument("table '" + header.kind +
                                "': the payload is not the header's size");
  }
  std::string head(kMagic, sizeof kMagic);
  put_u64(head, header.kind.size());
  head += header.kind;
  put_u64(head, header.bits);
  put_u64(head, header.entries);
  const auto counts = count_values(payload, header.bits, header.entries);
  put_u64(head, counts.size());
  for (const auto c : counts) put_u64(head, c);
  put_u64(head, checksum64(payload));
  const std::span<const std::uint8_t> parts[] = {
      {reinterpret_cast<const std::uint8_t*>(head.data()), head.size()}, payload};
  store.store(key, parts);
}

namespace {

// A header as read, its magic and size checked.
struct StoredHeader {
  bool old_sum = false;  // summed in one lane (versions 1 and 2)
  std::string kind;
  std::uint64_t bits = 8, entries = 0;
  std::vector<std::uint64_t> counts;
  std::uint64_t checksum = 0;
};

StoredHeader read_header(Reader& r) {
  char magic[sizeof kMagic];
  r.bytes(magic, sizeof magic);
  const bool v1 = std::memcmp(magic, kMagicV1, sizeof kMagic) == 0;
  const bool v2 = std::memcmp(magic, kMagicV2, sizeof kMagic) == 0;
  if (!v1 && !v2 && std::memcmp(magic, kMagic, sizeof kMagic) != 0) {
    r.fail("is not an npuzzle table");
  }
  StoredHeader h;
  h.old_sum = v1 || v2;
  const std::uint64_t kind_size = r.u64();
  if (kind_size > kMaxKindBytes) r.fail("has a damaged header");
  h.kind.assign(static_cast<std::size_t>(kind_size), '\0');
  r.bytes(h.kind.data(), h.kind.size());
  h.bits = v1 ? 8 : r.u64();
  h.entries = r.u64();
  const std::uint64_t values = r.u64();
  if (values > kMaxValues) r.fail("has a damaged header");
  for (std::uint64_t i = 0; i < values; ++i) h.counts.push_back(r.u64());
  h.checksum = r.u64();
  return h;
}

PayloadChecks checks_for(const StoredHeader& h, std::size_t payload_bytes, Recount recount) {
  PayloadChecks checks{{payload_bytes, h.old_sum ? ChecksumLanes::kOne : ChecksumLanes::kFour}, {}};
  if (recount == Recount::kYes) checks.counts.emplace();
  return checks;
}

// What the checks of a payload (all of it, nothing after it) found against its header.
void judge_payload(const Reader& r, const StoredHeader& h, std::span<const std::uint8_t> payload,
                   const PayloadChecks& checks) {
  if (checks.sum.value() != h.checksum) r.fail("fails its checksum (damaged)");
  if (checks.counts && entry_counts(*checks.counts, static_cast<unsigned>(h.bits), h.entries,
                                    payload.empty() ? 0 : payload.back()) != h.counts) {
    r.fail("holds other per-value counts than its header says");
  }
}

// Reads the payload after `h` and checks its checksum, that nothing follows it, and with
// `recount` its values against the header's counts.
void read_payload(Reader& r, std::istream& in, const StoredHeader& h,
                  std::span<std::uint8_t> payload, Recount recount) {
  PayloadChecks checks = checks_for(h, payload.size(), recount);
  read_and_check(r, payload, checks);
  if (in.peek() != std::istream::traits_type::eof()) r.fail("has bytes after the table");
  judge_payload(r, h, payload, checks);
}

// Reads a header and checks it is `expected`'s.
StoredHeader read_expected_header(Reader& r, const TableHeader& expected) {
  StoredHeader h = read_header(r);
  if (h.kind != expected.kind) r.fail("holds '" + h.kind + "', not '" + expected.kind + "'");
  if (h.bits != expected.bits) {
    r.fail("has " + std::to_string(h.bits) + "-bit entries, not " + std::to_string(expected.bits));
  }
  if (h.entries != expected.entries) {
    r.fail("has " + std::to_string(h.entries) + " entries, not " +
           std::to_string(expected.entries));
  }
  if (!expected.value_counts.empty() && h.counts != expected.value_counts) {
    r.fail("holds other per-value counts than the table's descriptor says");
  }
  return h;
}

}  // namespace

void read_table(std::istream& in, std::string_view where, const TableHeader& expected,
                std::span<std::uint8_t> payload, Recount recount) {
  if (payload.size() != expected.payload_bytes()) {
    throw std::invalid_argument("table '" + expected.kind +
                                "': the payload is not the header's size");
  }
  Reader r(in, where);
  const StoredHeader h = read_expected_header(r, expected);
  read_payload(r, in, h, payload, recount);
}

std::span<const std::uint8_t> check_table(std::span<const std::uint8_t> file,
                                          std::string_view where, const TableHeader& expected,
                                          Recount recount, PayloadCheck payload_check) {
  const auto in = stream_over(file);
  Reader r(*in, where);
  const StoredHeader h = read_expected_header(r, expected);
  const auto start = static_cast<std::size_t>(in->tellg());
  const std::span<const std::uint8_t> payload = file.subspan(start);
  if (payload.size() < expected.payload_bytes()) r.fail("is truncated");
  if (payload.size() > expected.payload_bytes()) r.fail("has bytes after the table");
  if (payload_check == PayloadCheck::kLengthOnly) return payload;
  PayloadChecks checks = checks_for(h, payload.size(), recount);
  checks.add(payload);
  judge_payload(r, h, payload, checks);
  return payload;
}

std::span<const std::uint8_t> check_mapped_table(const TableStore& store, std::string_view key,
                                                 const MappedBytes& mapped,
                                                 const TableHeader& expected, Recount recount) {
  const bool whole = recount == Recount::kYes || !store.checked(key, mapped.version);
  const auto payload = check_table(mapped.bytes, store.where(key), expected, recount,
                                   whole ? PayloadCheck::kWhole : PayloadCheck::kLengthOnly);
  if (whole) store.mark_checked(key, mapped.version);
  return payload;
}

std::vector<std::uint8_t> read_record(const TableStore& store, std::string_view key,
                                      std::string_view kind) {
  const auto in = store.open(key);
  if (!in) throw TableFileError(store.where(key) + ": no such file");
  const std::string where = store.where(key);
  Reader r(*in, where);
  const StoredHeader h = read_header(r);
  if (h.kind != kind) r.fail("holds '" + h.kind + "', not '" + std::string(kind) + "'");
  if (h.bits != 8) r.fail("has a damaged header");
  // What the file holds, read a piece at a time: a damaged header's size never sizes a buffer.
  constexpr std::size_t kPiece = std::size_t{1} << 20;
  std::vector<std::uint8_t> payload;
  while (*in && payload.size() <= h.entries) {
    const std::size_t at = payload.size();
    payload.resize(at + kPiece);
    in->read(reinterpret_cast<char*>(payload.data() + at), kPiece);
    payload.resize(at + static_cast<std::size_t>(in->gcount()));
  }
  if (payload.size() < h.entries) r.fail("is truncated");
  if (payload.size() > h.entries) r.fail("has bytes after its end");
  PayloadChecks checks = checks_for(h, payload.size(), Recount::kYes);
  checks.add(payload);
  judge_payload(r, h, payload, checks);
  return payload;
}

void read_table(const TableStore& store, std::string_view key, const TableHeader& expected,
                std::span<std::uint8_t> payload, Recount recount) {
  const auto in = store.open(key);
  if (!in) throw TableFileError(store.where(key) + ": no such table");
  read_table(*in, store.where(key), expected, payload, recount);
}

std::vector<std::uint8_t> read_table(const TableStore& store, std::string_view key,
                                     const TableHeader& expected, Recount recount) {
  std::vector<std::uint8_t> payload(checked_size(expected.payload_bytes()));
  read_table(store, key, expected, payload, recount);
  return payload;
}

}  // namespace npuzzle
