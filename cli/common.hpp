#pragma once
// What every part of the tool shares: exit codes, messages on stderr, the end of the output, and
// reading arguments and standard input.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "npuzzle/util/errors.hpp"

namespace npuzzle::cli {

enum Exit : int { kOk = 0, kFailure = 1, kBadInput = 2, kInterrupted = 130 };

/// Input that could not be read at all (an unreadable stdin or file), as opposed to input that
/// was read and is wrong: said as it is, exit code kFailure, as a line-by-line batch says it.
class ReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `text` with what a terminal would act on rather than show written as \xNN: control bytes, C1
/// controls, bidirectional marks and overrides, and bytes that are not well-formed UTF-8.
std::string printable(std::string_view text);
/// Writes "npuzzle: LINE" to stderr, made printable; a failed write there is ignored, never
/// fatal.
void say(std::string_view line);
/// Writes "npuzzle: WHERE: MESSAGE" to stderr: a problem with one board or dataset. Past the first
/// hundred they are only counted, and finish_output says how many more there were.
void report(std::string_view where, std::string_view message);
/// The exit code once the output is flushed: kFailure, said on stderr, if stdout could not
/// take all of it (a full disk, a closed pipe), else `code`.
int finish_output(int code);
/// Throws InputError if standard input is closed or a directory (nothing to read boards from).
void check_stdin();
/// "@FILE" stands for the text of FILE (its last newline dropped), so that move strings and
/// boards longer than the system lets one argument be can be given; "@@..." for a literal "@...".
std::string expand_file_argument(const std::string& arg);
/// `text` without the UTF-8 byte-order mark some editors put at the start of a file.
inline std::string_view without_byte_order_mark(std::string_view text) {
  constexpr std::string_view kMark = "\xEF\xBB\xBF";
  return text.starts_with(kMark) ? text.substr(kMark.size()) : text;
}
/// An input error's message, with the command that mends it where there is one.
std::string explain(const InputError& e);
/// The one of `names` that `word` is most likely a slip for: the only one it begins, else the
/// nearest by slips (a letter wrong, missing, extra or two swapped, up to one per three letters);
/// "" where `word` is one of them, none is that close or two are equally close.
std::string nearest_name(std::string_view word, const std::vector<std::string>& names);

}  // namespace npuzzle::cli
