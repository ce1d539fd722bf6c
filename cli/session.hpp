#pragma once
// What one run of the command shares: the Solver, with its tables in the cache directory; the
// progress line on a terminal; and Ctrl-C, which stops long work cleanly.

#include <filesystem>
#include <functional>
#include <string>

#include "npuzzle/api/solver.hpp"

namespace npuzzle::cli {

/// $NPUZZLE_CACHE, else $XDG_CACHE_HOME/npuzzle, else $HOME/.cache/npuzzle.
std::filesystem::path cache_directory();

/// The process's Solver, made on first use.
Solver& solver();

/// Set by Ctrl-C (the first one; a second ends the process at once).
const CancelToken& interrupted();
void catch_interrupts();

/// `budget` with a progress line on stderr, shown when stderr is a terminal and the search
/// runs for more than a couple of seconds, and with Ctrl-C stopping the search.
Budget followed(Budget budget);
/// That progress line's callback, naming `what` is searched (" #14": "searching #14: ..."), or
/// nullptr where stderr is not a terminal.
std::function<void(const SearchProgress&)> search_progress(std::string what);
/// Clears the progress line, if one is shown.
void clear_progress();
/// Remembers a set that would serve the boards solved but is not built, for the suggestion.
void note_unbuilt_tables(const std::string& set);
/// Names that set, or where a solve built tables this run, the strongest set not built yet.
void suggest_stronger_tables();

}  // namespace npuzzle::cli
