#pragma once
// The search algorithms as a list, each with its name, what it is, and how it runs on any
// SearchDomain: front ends list them, and solvers dispatch on them, from this one place.

#include <span>
#include <string_view>
#include <tuple>

#include "npuzzle/search/astar.hpp"
#include "npuzzle/search/bfs.hpp"
#include "npuzzle/search/bibfs.hpp"
#include "npuzzle/search/idastar.hpp"

namespace npuzzle {

struct BfsMethod {
  static constexpr std::string_view kName = "bfs";
  static constexpr std::string_view kSummary = "breadth-first search, storing every state";
  static constexpr bool kInformed = false;
  template <SearchDomain D>
  static SearchResult<typename D::Move> run(const D& d, std::span<const typename D::State> starts,
                                            const Budget& b) {
    return breadth_first_search(d, starts, b);
  }
};

struct BibfsMethod {
  static constexpr std::string_view kName = "bibfs";
  static constexpr std::string_view kSummary =
      "bidirectional breadth-first search, growing the smaller frontier";
  static constexpr bool kInformed = false;
  template <SearchDomain D>
  static SearchResult<typename D::Move> run(const D& d, std::span<const typename D::State> starts,
                                            const Budget& b) {
    return bidirectional_bfs(d, starts, b);
  }
};

struct AStarMethod {
  static constexpr std::string_view kName = "astar";
  static constexpr std::string_view kSummary =
      "A* with a bucket queue, the lowest estimate first among equal f, reopening nodes";
  static constexpr bool kInformed = true;
  template <SearchDomain D>
  static SearchResult<typename D::Move> run(const D& d, std::span<const typename D::State> starts,
                                            const Budget& b) {
    return astar_search(d, starts, b);
  }
};

struct IdaStarMethod {
  static constexpr std::string_view kName = "idastar";
  static constexpr std::string_view kSummary = "IDA*, one state changed in place";
  static constexpr bool kInformed = true;
  template <SearchDomain D>
  static SearchResult<typename D::Move> run(const D& d, std::span<const typename D::State> starts,
                                            const Budget& b) {
    return IdaStar<D>(d, b).solve(starts);
  }
};

/// Every search algorithm; adding one is adding it here.
using SearchMethods = std::tuple<BfsMethod, BibfsMethod, AStarMethod, IdaStarMethod>;

/// Calls `f.template operator()<M>()` for each M of a tuple of method types, in order.
template <class Methods, class F>
void for_each_method(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<std::tuple_element_t<I, Methods>>(), ...);
  }
  (std::make_index_sequence<std::tuple_size_v<Methods>>{});
}

}  // namespace npuzzle
