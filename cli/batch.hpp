#pragma once
// A batch: the boards of the arguments or of standard input, one per line, each answered on one
// output line in input order, on one thread or several.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "npuzzle/core/board.hpp"

namespace npuzzle::cli {

/// What a batch prints on stdout for an input line it could not answer, so that output lines
/// stay matched to input lines.
using ErrorLine = std::function<void(const std::string& where, const std::string& message)>;
/// What a batch prints on stdout for a blank input line, where it answers every line.
using BlankLine = std::function<void(const std::string& where)>;
/// Calls `handle(board, where)` for each board: the one the positional arguments make, or
/// else one per non-blank line of stdin. An InputError (or running out of memory) is reported
/// with its place, `on_error` prints its line, and the next board goes on; a blank line gets
/// `on_blank`'s line where given (else none); Ctrl-C or a closed stdout stops the batch. Returns
/// kBadInput if any board was refused, kFailure if one ran out of memory, else kOk.
int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   const std::function<void(const Board& board, const std::string& where)>& handle,
                   const ErrorLine& on_error = {}, const BlankLine& on_blank = {});

/// What a board's work leaves to do on the calling thread, given the board (print its answer).
using Finish = std::function<void(const Board& board)>;
using BoardWork = std::function<Finish(const Board& board, const std::string& where)>;
/// The same with up to `threads` boards at work at once: `work` runs on worker threads, and what
/// it returns runs on the calling thread in input order, each as soon as the boards before it are
/// done, so the output keeps the input's order. With one thread all of it runs on this one.
int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   unsigned threads, const BoardWork& work, const ErrorLine& on_error = {},
                   const BlankLine& on_blank = {});

/// The exit code of a batch: bad input first, then an interruption, then a search that gave up.
int batch_exit(int code, bool gave_up);

}  // namespace npuzzle::cli
