#pragma once
// An independent model for checking the library: boards as strings of tile characters, moves
// and a plain breadth-first search written without any of the library's code.

#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "npuzzle/board.hpp"

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
/// the goal gives them all).
inline std::unordered_map<std::string, int> distances_to(const Board& goal) {
  const int rows = goal.geometry.rows, cols = goal.geometry.cols;
  std::unordered_map<std::string, int> dist{{encode(goal.tiles), 0}};
  std::deque<std::string> queue{encode(goal.tiles)};
  while (!queue.empty()) {
    const std::string s = queue.front();
    queue.pop_front();
    for (auto& t : neighbours(s, rows, cols)) {
      if (dist.emplace(t, dist[s] + 1).second) queue.push_back(std::move(t));
    }
  }
  return dist;
}

/// Replays blank moves given as u/d/l/r letters; returns false if one leaves the board.
inline bool replay(std::string& s, const std::string& moves, int rows, int cols) {
  for (char m : moves) {
    const auto blank = static_cast<int>(s.find('A'));
    int r = blank / cols, c = blank % cols;
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
    std::swap(s[static_cast<std::size_t>(blank)], s[static_cast<std::size_t>(r * cols + c)]);
  }
  return true;
}

/// The same on a board of any size, tiles kept as numbers.
inline bool replay(std::vector<Tile>& tiles, const std::string& moves, int rows, int cols) {
  int blank = 0;
  while (tiles[static_cast<std::size_t>(blank)] != 0) ++blank;
  for (char m : moves) {
    int r = blank / cols, c = blank % cols;
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
    std::swap(tiles[static_cast<std::size_t>(blank)],
              tiles[static_cast<std::size_t>(r * cols + c)]);
    blank = r * cols + c;
  }
  return true;
}

}  // namespace npuzzle::reference
