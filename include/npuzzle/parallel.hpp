#pragma once
// Running one piece of work on several threads at once, this thread among them. The work
// shares out its own items (an atomic counter, say); this only starts and joins the threads.

#include <algorithm>
#include <thread>
#include <vector>

namespace npuzzle {

template <class Work>
void run_on_threads(unsigned threads, const Work& work) {
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::max(1u, threads); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
}

}  // namespace npuzzle
