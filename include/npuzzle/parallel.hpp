#pragma once
// Running one piece of work on several threads at once, this thread among them. The work
// shares out its own items (an atomic counter, say); this only starts and joins the threads.

#include <algorithm>
#include <system_error>
#include <thread>
#include <vector>

namespace npuzzle {

/// If a thread cannot be started, the work goes on, on the threads that did start (this one at
/// least), since the work shares out its own items.
template <class Work>
void run_on_threads(unsigned threads, const Work& work) {
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (unsigned t = 1; t < std::max(1u, threads); ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {
      break;
    }
  }
  work();
  for (auto& t : pool) t.join();
}

}  // namespace npuzzle
