// Work shared out on threads: every item done once, whatever the threads, and a job's exception
// raised on the calling thread once every thread is back.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "npuzzle/util/in_order.hpp"
#include "npuzzle/util/parallel.hpp"

namespace npuzzle {
namespace {

TEST(Parallel, EveryJobRunsOnceOnAnyNumberOfThreads) {
  for (const unsigned threads : {0u, 1u, 3u, 16u}) {
    std::vector<std::atomic<int>> runs(7);
    for_each_on_threads(runs.size(), threads, [&](std::size_t k) { ++runs[k]; });
    for (const auto& r : runs) EXPECT_EQ(r.load(), 1) << threads << " threads";
  }
  for_each_on_threads(0, 2, [](std::size_t) { FAIL() << "no job to run"; });
}

TEST(Parallel, AJobsExceptionReachesTheCallerAfterTheOthersRan) {
  std::atomic<int> done{0};
  try {
    for_each_on_threads(6, 2, [&](std::size_t k) {
      if (k == 4 || k == 2) throw std::runtime_error("job " + std::to_string(k));
      ++done;
    });
    FAIL() << "nothing thrown";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "job 2");  // the lowest of the two
  }
  EXPECT_EQ(done.load(), 4);
}

// Items come back in the order they went in, whichever thread finished first; an item that
// needs no work is closed in its turn; with one thread all of it runs on this one.
TEST(InOrder, ClosesItemsInTheOrderTheyCame) {
  for (const unsigned threads : {1u, 3u}) {
    std::vector<int> closed;
    std::atomic<int> worked{0};
    {
      InOrder<int> batch(
          threads,
          [&](int& item) {
            // Later items finish sooner, so a pool that closed them as they finish would fail.
            std::this_thread::sleep_for(std::chrono::microseconds(50 * (40 - item % 40)));
            item += 1000;
            ++worked;
          },
          [&](int& item) { closed.push_back(item); });
      for (int i = 0; i < 100; ++i) batch.add(i, i % 10 != 7);
      batch.drain();
    }
    ASSERT_EQ(closed.size(), 100u);
    for (int i = 0; i < 100; ++i) {
      EXPECT_EQ(closed[static_cast<std::size_t>(i)], i % 10 == 7 ? i : i + 1000) << threads;
    }
    EXPECT_EQ(worked.load(), 90);
  }
}

}  // namespace
}  // namespace npuzzle
