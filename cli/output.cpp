#include "output.hpp"

#include <fmt/format.h>

#include <iostream>

#include "npuzzle/io/format.hpp"

namespace npuzzle::cli {

void print_json(nlohmann::json object, const std::string& where) {
  constexpr std::string_view kLine = "line ";
  if (where.starts_with(kLine)) object["line"] = std::stoi(where.substr(kLine.size()));
  std::cout << object.dump() << '\n';
}

ErrorLine error_line(bool json) {
  return [json](const std::string& where, const std::string& message) {
    if (json) {
      print_json({{"status", "error"}, {"message", message}}, where);
    } else {
      std::cout << "error\n";
    }
  };
}

BlankLine blank_line(bool json) {
  return [json](const std::string& where) {
    if (json) {
      print_json({{"status", "blank"}}, where);
    } else {
      std::cout << "blank\n";
    }
  };
}

std::string counted(std::size_t n, std::string_view noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

std::string moves_end(std::size_t n) {
  return fmt::format("the {} {}", counted(n, "move"), n == 1 ? "ends" : "end");
}

std::string human_seconds(double s) {
  if (s < 1e-3) return fmt::format("{:.1f} us", s * 1e6);
  if (s < 1) return fmt::format("{:.2f} ms", s * 1e3);
  return fmt::format("{:.2f} s", s);
}

std::string stats_line(const Solution& s) {
  std::string method = s.algorithm;
  if (!s.heuristic.empty()) {
    method += " (" + s.heuristic + (s.tables.empty() ? "" : " " + s.tables) + ")";
  }
  return fmt::format(
      "stats: length {}, algorithm {}, expanded {}, generated {}, time {}, memory {}",
      s.status != SearchStatus::Solved
          ? fmt::format("{} (at least {})", describe(s.status), s.lower_bound)
      : s.optimal ? std::to_string(s.length())
                  : fmt::format("{} (not proven shortest; at least {})", s.length(), s.lower_bound),
      method, s.stats.expanded, s.stats.generated, human_seconds(s.stats.seconds),
      human_bytes(s.stats.peak_bytes));
}

nlohmann::json stats_json(const SearchStats& stats) {
  nlohmann::json iterations = nlohmann::json::array();
  for (const IterationCount& i : stats.iterations) iterations.push_back({i.bound, i.expanded});
  return {{"expanded", stats.expanded},
          {"generated", stats.generated},
          {"seconds", stats.seconds},
          {"peak_bytes", stats.peak_bytes},
          {"split_iterations", stats.split_iterations},
          {"iterations", iterations}};
}

nlohmann::json solution_record(const Solution& s) {
  return {{"status", describe(s.status)}, {"moves", format_moves(s.moves, Notation::Blank)},
          {"optimal", s.optimal},         {"lower_bound", s.lower_bound},
          {"algorithm", s.algorithm},     {"heuristic", s.heuristic},
          {"tables", s.tables},           {"stats", stats_json(s.stats)}};
}

Solution solution_from_record(const nlohmann::json& record) {
  try {
    Solution s;
    const auto status = record.at("status").get<std::string>();
    bool known = false;
    for (const auto st : {SearchStatus::Solved, SearchStatus::NoSolution, SearchStatus::DepthLimit,
                          SearchStatus::NodeLimit, SearchStatus::TimeLimit,
                          SearchStatus::MemoryLimit, SearchStatus::Cancelled}) {
      if (describe(st) == status) {
        s.status = st;
        known = true;
      }
    }
    if (!known) throw InputError("no status '" + status + "'");
    s.moves = parse_moves(record.at("moves").get<std::string>(), Notation::Blank);
    s.optimal = record.at("optimal").get<bool>();
    s.lower_bound = record.at("lower_bound").get<int>();
    s.algorithm = record.at("algorithm").get<std::string>();
    s.heuristic = record.at("heuristic").get<std::string>();
    s.tables = record.at("tables").get<std::string>();
    const auto& stats = record.at("stats");
    s.stats.expanded = stats.at("expanded").get<std::uint64_t>();
    s.stats.generated = stats.at("generated").get<std::uint64_t>();
    s.stats.seconds = stats.at("seconds").get<double>();
    s.stats.peak_bytes = stats.at("peak_bytes").get<std::size_t>();
    s.stats.split_iterations = stats.at("split_iterations").get<int>();
    // (Records written before the iterations were kept have none.)
    for (const auto& i : stats.value("iterations", nlohmann::json::array())) {
      s.stats.iterations.push_back({i.at(0).get<int>(), i.at(1).get<std::uint64_t>()});
    }
    s.stats.lower_bound = s.lower_bound;
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("not an answer's record (") + e.what() + ")");
  }
}

nlohmann::json solution_json(const Board& board, const Board& goal, const Solution& s,
                             Notation notation) {
  const bool solved = s.status == SearchStatus::Solved;
  const auto or_null = [](bool present, auto value) {
    return present ? nlohmann::json(value) : nlohmann::json(nullptr);
  };
  const auto moves = s.moves_in(notation);
  return {{"board", board_json(board)},
          {"goal", board_json(goal)},
          {"status", describe(s.status)},
          {"solvable", s.solvable()},
          {"moves", or_null(moves.has_value(), moves.value_or(""))},
          {"length", or_null(solved, s.length())},
          {"optimal", s.optimal},
          {"lower_bound", s.lower_bound},
          {"notation", notation == Notation::Blank ? "blank" : "tile"},
          {"algorithm", s.algorithm},
          {"heuristic", or_null(!s.heuristic.empty(), s.heuristic)},
          {"tables", or_null(!s.tables.empty(), s.tables)},
          {"stats", stats_json(s.stats)}};
}

}  // namespace npuzzle::cli
