#pragma once
// An independent model for checking the library: boards as strings of tile characters, moves
// and a plain breadth-first search written without any of the library's code.

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "npuzzle/core/board.hpp"

namespace npuzzle::reference {

/// A board as one character per cell: tile t is char('A' + t), so 'A' is the blank.
inline std::string encode(const std::vector<Tile>& tiles) {
  std::string s;
  for (Tile t : tiles) s.push_back(static_cast<char>('A' + t));
  return s;
}

inline std::vector<Tile> decode(const std::string& s) {
  std::vector<Tile> tiles;
  for (char c : s) tiles.push_back(static_cast<Tile>(c - 'A'));
  return tiles;
}

/// The boards reachable from `s` by one move of the blank.
inline std::vector<std::string> neighbours(const std::string& s, int rows, int cols) {
  const auto blank = static_cast<int>(s.find('A'));
  const int r = blank / cols, c = blank % cols;
  const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
  std::vector<std::string> out;
  for (int k = 0; k < 4; ++k) {
    const int nr = r + dr[k], nc = c + dc[k];
    if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
    std::string t = s;
    std::swap(t[static_cast<std::size_t>(blank)], t[static_cast<std::size_t>(nr * cols + nc)]);
    out.push_back(t);
  }
  return out;
}

/// Distance to `goal` of every board that can reach it (moves are reversible, so a search from
/// the goal gives them all). Each goal's search runs once per test program and is kept.
inline const std::unordered_map<std::string, int>& distances_to(const Board& goal) {
  static std::mutex mutex;
  static std::map<std::pair<int, std::string>, std::unordered_map<std::string, int>> kept;
  const std::lock_guard lock(mutex);
  const int rows = goal.geometry.rows, cols = goal.geometry.cols;
  auto [at, fresh] = kept.try_emplace({cols, encode(goal.tiles)});
  auto& dist = at->second;
  if (!fresh) return dist;
  dist.emplace(encode(goal.tiles), 0);
  std::deque<std::string> queue{encode(goal.tiles)};
  while (!queue.empty()) {
    const std::string s = queue.front();
    queue.pop_front();
    const int next = dist.at(s) + 1;
    for (auto& t : neighbours(s, rows, cols)) {
      if (dist.emplace(t, next).second) queue.push_back(std::move(t));
    }
  }
  return dist;
}

/// Replays blank moves given as u/d/l/r letters on a board kept as characters (encode) or as
/// tile numbers, the blank being `blank`; returns false if a move leaves the board.
template <class Cells>
bool replay(Cells& s, const std::string& moves, int rows, int cols,
            typename Cells::value_type blank) {
  int at = static_cast<int>(std::find(s.begin(), s.end(), blank) - s.begin());
  for (char m : moves) {
    int r = at / cols, c = at % cols;
    if (m == 'u')
      --r;
    else if (m == 'd')
      ++r;
    else if (m == 'l')
      --c;
    else if (m == 'r')
      ++c;
    else
      return false;
    if (r < 0 || r >= rows || c < 0 || c >= cols) return false;
    std::swap(s[static_cast<std::size_t>(at)], s[static_cast<std::size_t>(r * cols + c)]);
    at = r * cols + c;
  }
  return true;
}
inline bool replay(std::string& s, const std::string& moves, int rows, int cols) {
  return replay(s, moves, rows, cols, 'A');
}
inline bool replay(std::vector<Tile>& tiles, const std::string& moves, int rows, int cols) {
  return replay(tiles, moves, rows, cols, kBlank);
}

}  // namespace npuzzle::reference
