// npuzzle bench's report: a line per instance, in input order, then a summary.

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "bench.hpp"
#include "output.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double ratio(std::uint64_t a, std::int64_t b) {
  return b > 0 ? static_cast<double>(a) / static_cast<double>(b) : 1.0;
}

}  // namespace

void BenchReport::answered(std::size_t i, Solution s, bool recorded) {
  answers_[i] = {std::move(s), recorded};
  for (; next_ < answers_.size() && answers_[next_]; ++next_) print(next_);
  std::cout.flush();
}

int BenchReport::summary(const std::string& method, double wall, unsigned at_once,
                         unsigned search_threads) const {
  const double quality = ratio(length_sum_, yardstick_sum_);
  const std::uint64_t published = every_published_ ? published_nodes_ : 0;
  const std::string yardstick =
      instances_.front().published > 0 ? "the published optimum" : "the Manhattan distance";
  if (json_) {
    std::cout << nlohmann::json{{"summary", true},
                                {"instances", instances_.size()},
                                {"wrong", wrong_},
                                {"method", method},
                                {"search_seconds", search_},
                                {"median_seconds", median(times_)},
                                {"wall_seconds", wall},
                                {"threads", at_once},
                                {"search_threads", search_threads},
                                {"expanded", expanded_},
                                {"generated", generated_},
                                {"length_ratio", quality},
                                {"yardstick", yardstick}}
                     .dump()
              << '\n';
  } else {
    std::cout << fmt::format(
        "{} instances, {} right; {}; search time {} in total, median {}, wall {} with {} at "
        "once, {} search thread(s) each; {} expanded ({:.0f} per instance{}), {} generated; "
        "lengths x{:.3f} {}\n",
        instances_.size(), instances_.size() - static_cast<std::size_t>(wrong_), method,
        human_seconds(search_), human_seconds(median(times_)), human_seconds(wall), at_once,
        search_threads, expanded_,
        static_cast<double>(expanded_) / static_cast<double>(instances_.size()),
        published == 0 ? ""
                       : fmt::format(", x{:.2f} the published nodes",
                                     ratio(expanded_, static_cast<std::int64_t>(published))),
        generated_, quality, yardstick);
  }
  return wrong_;
}

void BenchReport::print(std::size_t i) {
  const Solution& s = answers_[i]->solution;
  const Instance& instance = instances_[i];
  const bool replayed = s.status == SearchStatus::Solved &&
                        solver().verify(instance.board, goal_, s.moves).reaches_goal;
  const auto length = static_cast<std::int64_t>(s.moves.size());
  const bool ok = replayed && (instance.published == 0 ? true
                               : s.optimal             ? length == instance.published
                                                       : length >= instance.published);
  const std::int64_t yardstick = instance.published > 0
                                     ? instance.published
                                     : solver().bounds(instance.board, goal_).manhattan;
  wrong_ += !ok;
  // Search effort compares only where the answer is proven shortest, as the published was.
  const std::uint64_t published_effort = s.optimal ? instance.published_nodes : 0;
  published_nodes_ += published_effort;
  every_published_ &= published_effort != 0;
  search_ += s.stats.seconds;
  expanded_ += s.stats.expanded;
  generated_ += s.stats.generated;
  if (replayed) {
    length_sum_ += s.moves.size();
    yardstick_sum_ += yardstick;
  }
  times_.push_back(s.stats.seconds);
  const std::string verdict = ok                                    ? (s.optimal ? "ok" : "valid")
                              : s.status == SearchStatus::Solved    ? "WRONG"
                              : s.status == SearchStatus::Cancelled ? "stopped"
                                                                    : "budget";
  const bool recorded = answers_[i]->recorded;
  if (json_) {
    std::cout << nlohmann::json{{"id", instance.id},
                                {"published", instance.published > 0
                                                  ? nlohmann::json(instance.published)
                                                  : nlohmann::json(nullptr)},
                                {"length", s.status == SearchStatus::Solved
                                               ? nlohmann::json(s.moves.size())
                                               : nlohmann::json(nullptr)},
                                {"optimal", s.optimal},
                                {"lower_bound", s.lower_bound},
                                {"yardstick", yardstick},
                                {"status", describe(s.status)},
                                {"ok", ok},
                                {"recorded", recorded},
                                {"published_nodes", instance.published_nodes != 0
                                                        ? nlohmann::json(instance.published_nodes)
                                                        : nlohmann::json(nullptr)},
                                {"stats", stats_json(s.stats)}}
                     .dump()
              << '\n';
  } else {
    std::cout << fmt::format(
        "{:>4} {:>5} {:>7} {:<7} x{:<5.3f} {:>12} expanded {:>12} generated {:>10}{}{}\n",
        instance.id, yardstick,
        s.status == SearchStatus::Solved ? std::to_string(s.moves.size()) : "-", verdict,
        ratio(s.moves.size(), yardstick), s.stats.expanded, s.stats.generated,
        human_seconds(s.stats.seconds),
        published_effort == 0
            ? ""
            : fmt::format("  published {:>14} x{:.2f}", published_effort,
                          ratio(s.stats.expanded, static_cast<std::int64_t>(published_effort))),
        recorded ? "  (an earlier run's answer)" : "");
  }
}

}  // namespace npuzzle::cli
