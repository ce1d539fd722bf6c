#pragma once
// All of stdin read at once and scanned by hand, counting lines for error messages: the judges'
// inputs run to tens of megabytes, where iostreams would dominate the run time.

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "common.hpp"

namespace npuzzle::cli {

class Scanner {
 public:
  /// The rest of `file`: mapped where it is a regular file (no copy), else read.
  static Scanner from(std::FILE* file);
  /// The rest of `file` mapped, where it is a regular file that is not empty; else nullopt.
  static std::optional<Scanner> mapped(std::FILE* file);
  Scanner(Scanner&& other) noexcept
      : owned_(std::move(other.owned_)),
        mapped_(std::exchange(other.mapped_, {})),
        text_(mapped_.empty() ? std::string_view(owned_) : other.text_),
        pos_(other.pos_),
        line_(other.line_) {}
  Scanner(const Scanner&) = delete;
  Scanner& operator=(const Scanner&) = delete;
  Scanner& operator=(Scanner&&) = delete;
  ~Scanner();

  /// Skips whitespace; false at the end of the input.
  bool skip_space() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_;
      } else if (c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f') {
        return true;
      }
      ++pos_;
    }
    return false;
  }
  /// The next non-space character, or 0 at the end.
  char next_char() { return skip_space() ? text_[pos_++] : '\0'; }
  /// The next whitespace-delimited token, or empty at the end.
  std::string_view token();
  /// The next token as a number, or nullopt (the token consumed) if it is not one.
  std::optional<std::uint64_t> number();
  /// Up to `out.size()` numbers in a row, each below 10^9 and followed by white space or the
  /// end: a tight loop for inputs of millions of numbers. Stops early, standing on the token,
  /// at one that is not such a number (number() or token() then reads it). Returns how many
  /// were read.
  std::size_t numbers(std::span<std::uint32_t> out);
  /// The rest of the line the scanner stands on, without its end; false at the end of the input.
  bool rest_of_line(std::string_view& line);
  /// The line the scanner stands on (1-based).
  int line() const { return line_; }

 private:
  Scanner(std::string owned, std::string_view mapped, std::size_t skip)
      : owned_(std::move(owned)),
        mapped_(mapped),
        text_(mapped_.empty() ? std::string_view(owned_) : mapped_.substr(skip)),
        pos_(text_.size() - without_byte_order_mark(text_).size()) {}

  std::string owned_;
  std::string_view mapped_;  // a mapping of the input file from a page boundary, unmapped by the
                             // destructor; the text starts where the file's position was
  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

/// A file its holder closes.
struct CloseFile {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using OwnedFile = std::unique_ptr<std::FILE, CloseFile>;

/// Output gathered in memory and written in large blocks.
class BlockWriter {
 public:
  explicit BlockWriter(std::FILE* file) : file_(file) {}
  ~BlockWriter() { flush(); }
  BlockWriter(const BlockWriter&) = delete;
  BlockWriter& operator=(const BlockWriter&) = delete;

  void write(std::string_view s) {
    buffer_ += s;
    if (buffer_.size() >= (1u << 16)) flush();
  }
  void flush() {
    std::fwrite(buffer_.data(), 1, buffer_.size(), file_);
    std::fflush(file_);
    buffer_.clear();
  }

 private:
  std::FILE* file_;
  std::string buffer_;
};

}  // namespace npuzzle::cli
