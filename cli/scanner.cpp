#include "scanner.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cstring>

#include "common.hpp"

namespace npuzzle::cli {

std::optional<Scanner> Scanner::mapped(std::FILE* file) {
  const int fd = ::fileno(file);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  const ::off_t position = ::lseek(fd, 0, SEEK_CUR);
  if (position < 0 || position >= st.st_size) return std::nullopt;
  // A mapping starts on a page boundary: from the one at or before the file's position.
  const auto page = static_cast<::off_t>(::sysconf(_SC_PAGESIZE));
  const ::off_t from = position - position % page;
  const auto bytes = static_cast<std::size_t>(st.st_size - from);
  void* p = ::mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, from);
  if (p == MAP_FAILED) return std::nullopt;
  return Scanner({}, std::string_view(static_cast<const char*>(p), bytes),
                 static_cast<std::size_t>(position - from));
}

Scanner Scanner::from(std::FILE* file) {
  check_stdin();
  if (auto whole = mapped(file)) return std::move(*whole);
  // Straight into one buffer, sized from the file where it has a size: no copy through a block
  // buffer, no regrowth.
  const int fd = ::fileno(file);
  struct stat st {};
  std::size_t capacity = 1 << 16;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    capacity = static_cast<std::size_t>(st.st_size) + 1;
  }
  std::string text;
  std::size_t size = 0;
  for (;;) {
    if (size == text.size()) text.resize(std::max(capacity, 2 * text.size()));
    const ::ssize_t n = ::read(fd, text.data() + size, text.size() - size);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      throw ReadError(std::string("cannot read the input: ") + std::strerror(errno));
    }
    size += static_cast<std::size_t>(n);
  }
  text.resize(size);
  return Scanner(std::move(text), {}, 0);
}

Scanner::~Scanner() {
  if (!mapped_.empty()) ::munmap(const_cast<char*>(mapped_.data()), mapped_.size());
}

std::string_view Scanner::token() {
  if (!skip_space()) return {};
  const std::size_t begin = pos_;
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f') break;
    ++pos_;
  }
  return text_.substr(begin, pos_ - begin);
}

bool Scanner::rest_of_line(std::string_view& line) {
  if (pos_ >= text_.size()) return false;
  const std::size_t end = std::min(text_.find('\n', pos_), text_.size());
  line = text_.substr(pos_, end - pos_);
  pos_ = end + 1;
  ++line_;
  return true;
}

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The number of up to 8 digits at `p` (8 bytes readable there), eight bytes at a time rather than
// a byte at a time, with no branch that depends on its length: sets `length` to the count of
// digits it starts with (8 where all 8 are, and then the value is not read).
std::uint32_t eight_digits(const char* p, std::size_t& length) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  const std::uint64_t digits = w ^ 0x3030303030303030;  // '0'..'9' become 0..9, nothing else does
  // The top bit of each byte that is 10 or more; a carry from one only reaches bytes after it.
  const std::uint64_t other = ((digits + 0x7676767676767676) | digits) & 0x8080808080808080;
  length = other == 0 ? 8 : static_cast<std::size_t>(std::countr_zero(other)) / 8;
  if (length == 0 || length == 8) return 0;
  // The digits to the top, zeros below them as leading zeros; then pairs, fours and eights.
  std::uint64_t v = digits << (8 * (8 - length));
  v = ((v & 0x0F0F0F0F0F0F0F0F) * 2561) >> 8;
  v = ((v & 0x00FF00FF00FF00FF) * 6553601) >> 16;
  v = ((v & 0x0000FFFF0000FFFF) * 42949672960001) >> 32;
  return static_cast<std::uint32_t>(v);
}

}  // namespace

std::size_t Scanner::numbers(std::span<std::uint32_t> out) {
  const char* const begin = text_.data() + pos_;
  const char* const end = text_.data() + text_.size();
  const char* p = begin;
  std::size_t k = 0;
  // Lines are counted once for the whole stretch, not character by character.
  for (; k < out.size(); ++k) {
    const char* q = p;
    while (q != end && is_space(*q)) ++q;
    std::uint32_t value = 0;
    std::size_t length = 0;
    if (end - q > 8) value = eight_digits(q, length);
    if (length == 0 || length == 8) {  // near the end, or long: a byte at a time
      for (length = 0;
           q + length != end && length < 9 && static_cast<unsigned char>(q[length] - '0') < 10;
           ++length) {
        value = value * 10 + static_cast<std::uint32_t>(q[length] - '0');
      }
    }
    q += length;
    if (length == 0 || (q != end && !is_space(*q))) break;
    out[k] = value;
    p = q;
  }
  for (const char* q = begin;
       (q = static_cast<const char*>(std::memchr(q, '\n', static_cast<std::size_t>(p - q)))); ++q) {
    ++line_;
  }
  pos_ += static_cast<std::size_t>(p - begin);
  return k;
}

std::optional<std::uint64_t> Scanner::number() {
  // The common case, digits then a space, read in one pass; anything else goes through token().
  if (skip_space()) {
    std::size_t i = pos_;
    std::uint64_t value = 0;
    while (i < text_.size() && i - pos_ < 19 && text_[i] >= '0' && text_[i] <= '9') {
      value = value * 10 + static_cast<std::uint64_t>(text_[i] - '0');
      ++i;
    }
    const bool ended = i == text_.size() || text_[i] == ' ' || text_[i] == '\n' ||
                       text_[i] == '\t' || text_[i] == '\r';
    if (i > pos_ && ended) {
      pos_ = i;
      return value;
    }
  }
  const std::string_view t = token();
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (t.empty() || error != std::errc{} || end != t.data() + t.size()) return std::nullopt;
  return value;
}

}  // namespace npuzzle::cli
