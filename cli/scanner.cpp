#include "scanner.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>

#include "common.hpp"

namespace npuzzle::cli {

Scanner Scanner::from(std::FILE* file) {
  check_stdin();
  std::string text;
  char block[1 << 16];
  for (std::size_t n; (n = std::fread(block, 1, sizeof block, file)) > 0;) text.append(block, n);
  if (std::ferror(file)) {
    throw InputError(std::string("cannot read the input: ") + std::strerror(errno));
  }
  return Scanner(std::move(text));
}

std::string_view Scanner::token() {
  if (!skip_space()) return {};
  const std::size_t begin = pos_;
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f') break;
    ++pos_;
  }
  return std::string_view(text_).substr(begin, pos_ - begin);
}

std::optional<std::uint64_t> Scanner::number() {
  const std::string_view t = token();
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (t.empty() || error != std::errc{} || end != t.data() + t.size()) return std::nullopt;
  return value;
}

}  // namespace npuzzle::cli
