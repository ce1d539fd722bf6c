#include "common.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <system_error>
#include <thread>

#include "processes.hpp"
#include "session.hpp"

namespace npuzzle::cli {

namespace {
const std::thread::id kMainThread = std::this_thread::get_id();  // set before main() runs

void escape_byte(std::string& out, unsigned char byte) {
  constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[byte >> 4];
  out += kHex[byte & 15];
}

/// Code points that change how a terminal shows what follows: C1 controls, and the marks and
/// overrides of bidirectional text.
bool unsafe(char32_t c) {
  return (c >= 0x80 && c <= 0x9F) || c == 0x61C || c == 0x200E || c == 0x200F ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      if (byte < 0x20 || byte == 0x7F) {
        escape_byte(out, byte);
      } else {
        out += static_cast<char>(byte);
      }
      ++i;
      continue;
    }
    // A UTF-8 sequence: its length by the lead byte, its code point, and whether it is well
    // formed (no overlong form, no surrogate, nothing past U+10FFFF).
    const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0;
    char32_t c = length == 4 ? byte & 0x07u : length == 3 ? byte & 0x0Fu : byte & 0x1Fu;
    bool valid = length != 0 && byte <= 0xF4 && i + length <= text.size();
    for (std::size_t k = 1; valid && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      valid = (next & 0xC0) == 0x80;
      c = (c << 6) | (next & 0x3Fu);
    }
    constexpr char32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
    valid = valid && c >= kLeast[length] && c <= 0x10FFFF && !(c >= 0xD800 && c <= 0xDFFF);
    if (!valid) {
      escape_byte(out, byte);
      ++i;
      continue;
    }
    for (std::size_t k = 0; k < length; ++k) {
      if (unsafe(c)) {
        escape_byte(out, static_cast<unsigned char>(text[i + k]));
      } else {
        out += text[i + k];
      }
    }
    i += length;
  }
  return out;
}

void say(std::string_view line) {
  // Stdout and the progress line belong to the main thread (a note can come from a search on a
  // worker of `solve -j`); there, stdout is flushed first to keep the two in order on a terminal.
  if (std::this_thread::get_id() == kMainThread) {
    std::cout.flush();
    clear_progress();
  }
  const std::string text = fmt::format("npuzzle: {}\n", printable(line));
  std::fwrite(text.data(), 1, text.size(), stderr);
}

namespace {
// Problems reported so far (bad input, boards that ran out of budget); past kShownProblems they
// are counted, not shown (ten megabytes of garbage would otherwise make a million lines), and
// the count is said at the end.
constexpr std::uint64_t kShownProblems = 100;
std::atomic<std::uint64_t> problems{0};
}  // namespace

void report(std::string_view where, std::string_view message) {
  if (problems.fetch_add(1) < kShownProblems) say(fmt::format("{}: {}", where, message));
}

int finish_output(int code) {
  if (const std::uint64_t all = problems.load(); all > kShownProblems) {
    say(fmt::format("{} more problems were found and not shown", all - kShownProblems));
  }
  std::cout.flush();
  errno = 0;
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    say(fmt::format("cannot write the output{}",
                    errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()));
    return kFailure;
  }
  return code;
}

void check_stdin() {
  share_standard_input();
  struct stat st {};
  if (::fstat(STDIN_FILENO, &st) != 0) {
    throw InputError("there is no standard input to read from (it is closed)");
  }
  if (S_ISDIR(st.st_mode)) throw InputError("the standard input is a directory, not text");
}

std::string expand_file_argument(const std::string& arg) {
  if (arg.size() < 2 || arg.front() != '@') return arg;
  if (arg[1] == '@') return arg.substr(1);
  const std::filesystem::path path = arg.substr(1);
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw InputError("'" + arg.substr(0, 60) + "': no such file to read an argument from");
  }
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  if (!in && !in.eof()) throw InputError("cannot read " + path.string());
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

std::string explain(const InputError& e) {
  if (const auto* missing = dynamic_cast<const MissingTablesError*>(&e)) {
    return fmt::format("{}; build them once with 'npuzzle pdb build {}'", e.what(), missing->set());
  }
  return e.what();
}

}  // namespace npuzzle::cli
