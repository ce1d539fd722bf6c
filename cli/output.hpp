#pragma once
// What the subcommands print of an answer: the stats line, JSON objects, human units.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "batch.hpp"
#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/board.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/util/human_bytes.hpp"

namespace npuzzle::cli {

/// A JSON line of a batch, with the input line it answers ("line": N) where the board came from
/// stdin, written to stdout.
void print_json(nlohmann::json object, const std::string& where);

/// "error", or with `json` an object with "status": "error" and the message.
ErrorLine error_line(bool json);
/// "blank", or with `json` an object with "status": "blank": a blank input line's own line.
BlankLine blank_line(bool json);

/// "1 move", "3 moves": a count and its noun (plural by an s).
std::string counted(std::size_t n, std::string_view noun);
/// "the 1 move ends", "the 3 moves end": a count of moves as the subject of a verdict.
std::string moves_end(std::size_t n);
std::string human_seconds(double s);
/// "stats: length 19, algorithm ..., expanded 0, ..." for --stats.
std::string stats_line(const Solution& s);
nlohmann::json stats_json(const SearchStats& stats);
/// A solve's answer as a record that reads back whole (an answer kept across runs, or handed
/// from one process to another): status, moves, bound, method and counts.
nlohmann::json solution_record(const Solution& s);
/// The answer back from its record; throws InputError where it is not one.
Solution solution_from_record(const nlohmann::json& record);
/// One board's solve as a JSON object: board, goal, solvable, moves, length, optimal, ...
nlohmann::json solution_json(const Board& board, const Board& goal, const Solution& s,
                             Notation notation);

}  // namespace npuzzle::cli
