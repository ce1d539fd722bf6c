#include "common.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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

namespace {

// The fewest slips that turn `a` into `b`: a letter changed, dropped, added, or two neighbours
// swapped (the optimal string alignment distance).
std::size_t slips(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::string nearest_name(std::string_view word, const std::vector<std::string>& names) {
  constexpr std::size_t kLongest = 64;  // past this a word is no slip for a name
  // A word that is one of the names is no slip for any.
  if (word.size() > kLongest || std::find(names.begin(), names.end(), word) != names.end()) {
    return "";
  }
  // A name cut short (`linear` for `linear-conflict`), where it is the only one begun so.
  std::vector<std::string> begun;
  for (const std::string& name : names) {
    if (word.size() >= 2 && name.starts_with(word)) begun.push_back(name);
  }
  if (begun.size() == 1) return begun.front();
  const std::size_t most = std::max<std::size_t>(1, word.size() / 3);
  std::string best;
  std::size_t best_slips = most + 1;
  bool tied = false;
  for (const std::string& name : names) {
    const std::size_t n = slips(word, name);
    if (n < best_slips) {
      best = name;
      best_slips = n;
      tied = false;
    } else if (n == best_slips) {
      tied = true;
    }
  }
  return tied ? "" : best;
}

}  // namespace npuzzle::cli
