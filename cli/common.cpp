#include "common.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <system_error>
#include <thread>

#include "session.hpp"

namespace npuzzle::cli {

namespace {
const std::thread::id kMainThread = std::this_thread::get_id();  // set before main() runs
}  // namespace

void say(std::string_view line) {
  // Stdout and the progress line belong to the main thread (a note can come from a search on a
  // worker of `solve -j`); there, stdout is flushed first to keep the two in order on a terminal.
  if (std::this_thread::get_id() == kMainThread) {
    std::cout.flush();
    clear_progress();
  }
  const std::string text = fmt::format("npuzzle: {}\n", line);
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void report(std::string_view where, std::string_view message) {
  say(fmt::format("{}: {}", where, message));
}

int finish_output(int code) {
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
