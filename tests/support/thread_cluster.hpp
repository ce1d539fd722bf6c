#pragma once
// A Cluster of searches in one process, each on its own thread: the MPI build's contract checked
// without MPI. combine() waits for every member, then gives each the same combined share.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "npuzzle/search/cluster.hpp"

namespace npuzzle::testing {

class ThreadCluster {
 public:
  explicit ThreadCluster(unsigned processes) {
    for (unsigned r = 0; r < processes; ++r) members_.emplace_back(*this, r);
  }
  Cluster& member(unsigned rank) { return members_[rank]; }

 private:
  class Member final : public Cluster {
   public:
    Member(ThreadCluster& all, unsigned rank) : all_(&all), rank_(rank) {}
    unsigned processes() const override { return static_cast<unsigned>(all_->members_.size()); }
    unsigned rank() const override { return rank_; }
    void announce(std::size_t i) override {
      std::size_t least = all_->heard_.load();
      while (i < least && !all_->heard_.compare_exchange_weak(least, i)) {
      }
    }
    std::size_t heard() override { return all_->heard_.load(); }
    std::size_t next_subtree() override { return all_->next_++; }
    void combine(ClusterShare& share) override { all_->combine(share); }

   private:
    ThreadCluster* all_;
    unsigned rank_;
  };

  // A round's sum has a slot of its own, two in turn: a member reaches the round after next
  // only once every member has arrived at the next, and so has taken this round's sum.
  void combine(ClusterShare& share) {
    std::unique_lock lock(mutex_);
    const unsigned round = round_;
    ClusterShare& sum = sums_[round % 2];
    if (arrived_++ == 0) {
      sum = share;
    } else {
      for (std::size_t i = 0; i < sum.below.size(); ++i) {
        sum.below[i] = std::min(sum.below[i], share.below[i]);
        sum.searched[i] += share.searched[i];
      }
      sum.next_bound = std::min(sum.next_bound, share.next_bound);
      sum.expanded += share.expanded;
      sum.generated += share.generated;
      if (share.found_at < sum.found_at) {
        sum.found_at = share.found_at;
        sum.found_path = share.found_path;
      }
      if (!sum.stopped) sum.stopped = share.stopped;
    }
    if (arrived_ == members_.size()) {
      arrived_ = 0;
      ++round_;
      heard_ = ClusterShare::kNone;
      next_ = 0;
      done_.notify_all();
    } else {
      done_.wait(lock, [&] { return round_ != round; });
    }
    share = sum;
  }

  std::vector<Member> members_;
  std::atomic<std::size_t> heard_{ClusterShare::kNone};
  std::atomic<std::size_t> next_{0};
  std::mutex mutex_;
  std::condition_variable done_;
  unsigned arrived_ = 0, round_ = 0;
  ClusterShare sums_[2];
};

}  // namespace npuzzle::testing
