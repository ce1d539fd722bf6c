#pragma once
// Stopping long work from outside: a search or a table build checks the token now and then
// and ends early (a search with SearchStatus::Cancelled, a build with CancelledError).

#include <atomic>

namespace npuzzle {

class CancelToken {
 public:
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  /// Withdraws the request, for a token that outlives the work it stopped (a solver's, say).
  void reset() { cancelled_.store(false, std::memory_order_relaxed); }

 private:
  std::atomic<bool> cancelled_{false};
};

}  // namespace npuzzle
