#include "scanner.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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
      throw InputError(std::string("cannot read the input: ") + std::strerror(errno));
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
