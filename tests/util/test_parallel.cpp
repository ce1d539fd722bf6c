// Work shared out on threads: every item done once, whatever the threads, and a job's exception
// raised on the calling thread once every thread is back.

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

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

}  // namespace
}  // namespace npuzzle
