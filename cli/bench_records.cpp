// npuzzle bench --checkpoint-dir: the answers a run in pieces keeps.

#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "bench.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/util/errors.hpp"
#include "output.hpp"

namespace npuzzle::cli {

InstanceRecords::InstanceRecords(std::filesystem::path dir, std::string set, const Board& goal)
    : dir_(std::move(dir)), set_(std::move(set)), goal_(format_board(goal)) {
  std::error_code error;
  if (!std::filesystem::is_directory(dir_, error)) {
    throw InputError("--checkpoint-dir " + dir_.string() + " is not a folder");
  }
}

std::optional<Solution> InstanceRecords::answer(const Instance& i) const {
  const auto file = path(i, ".answer");
  std::ifstream in(file);
  if (!in) return std::nullopt;
  // (Checked as any answer is: replayed, and its length against the published one.)
  const auto damaged = [&](const std::string& why) {
    return InputError(file.string() + " " + why + ": remove it to solve the instance again");
  };
  nlohmann::json j;
  Solution s;
  try {
    j = nlohmann::json::parse(in);
    s = solution_from_record(j);
  } catch (const nlohmann::json::exception& e) {
    throw damaged(std::string("is damaged (") + e.what() + ")");
  } catch (const InputError& e) {
    throw damaged(std::string("is damaged (") + e.what() + ")");
  }
  if (j.value("board", "") != format_board(i.board) || j.value("goal", "") != goal_) {
    throw damaged("is the answer of another board or goal");
  }
  if (s.status != SearchStatus::Solved) throw damaged("is damaged (not a solved instance)");
  return s;
}

void InstanceRecords::keep(const Instance& i, const Solution& s) const {
  nlohmann::json record = solution_record(s);
  record["board"] = format_board(i.board);
  record["goal"] = goal_;
  const std::string text = record.dump() + '\n';
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(text.data()),
                                            text.size());
  DirectoryStore(dir_).store(name(i, ".answer"), std::span(&bytes, 1));
}

}  // namespace npuzzle::cli
