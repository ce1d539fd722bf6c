#pragma once
// Running one piece of work on several threads at once, this thread among them. The work
// shares out its own items (an atomic counter, say); this only starts and joins the threads.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
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

/// `job(k)` for every k below `count`, shared out among up to `threads` threads. An exception
/// from a job (out of memory, say) is rethrown here once every thread is back, the lowest k's
/// where several threw, rather than ending the process.
template <class Job>
void for_each_on_threads(std::size_t count, unsigned threads, const Job& job) {
  std::vector<std::exception_ptr> failed(count);
  std::atomic<std::size_t> next{0};
  run_on_threads(static_cast<unsigned>(std::min<std::size_t>(threads, count)), [&] {
    for (std::size_t k; (k = next++) < count;) {
      try {
        job(k);
      } catch (...) {
        failed[k] = std::current_exception();
      }
    }
  });
  for (const auto& e : failed) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace npuzzle
