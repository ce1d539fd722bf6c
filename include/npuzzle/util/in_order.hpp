#pragma once
// A stream of items worked on by a pool of threads and closed on the calling thread in the order
// they came, each as soon as those before it are closed: a batch whose answers must keep the
// input's order but should not wait for the whole input (boards read from a pipe, say).

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace npuzzle {

template <class Item>
class InOrder {
 public:
  /// `work(item)` runs on a worker thread (on this one where `threads` is 1 or none could be
  /// started); `close(item)` runs on this thread, in order. At most a few items per thread are
  /// taken in ahead of the oldest one not yet closed. `work` must not throw (an item keeps what
  /// went wrong for its close to report); what `close` throws leaves add() or drain(), and the
  /// items not yet worked on are dropped.
  InOrder(unsigned threads, std::function<void(Item&)> work, std::function<void(Item&)> close)
      : work_(std::move(work)), close_(std::move(close)), ahead_(4 * std::size_t{threads}) {
    for (unsigned t = 0; threads > 1 && t < threads; ++t) {
      try {
        workers_.emplace_back([this] { serve(); });
      } catch (const std::system_error&) {
        break;  // the threads that started do the work; none: this one does
      }
    }
  }
  InOrder(const InOrder&) = delete;
  InOrder& operator=(const InOrder&) = delete;
  ~InOrder() {
    {
      const std::lock_guard lock(mutex_);
      closing_ = true;
      pending_.clear();  // reached only once the window is closed, or when a failure ends it
    }
    ready_.notify_all();
    for (auto& t : workers_) t.join();
  }

  /// Takes `item` in; one with `needs_work` false is only closed, in its turn.
  void add(Item item, bool needs_work = true) {
    if (workers_.empty()) {
      if (needs_work) work_(item);
      close_(item);
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      window_.push_back({std::move(item), !needs_work});
      if (needs_work) pending_.push_back(&window_.back());
    }
    ready_.notify_one();
    close_front(window_full());
  }
  /// Closes every item, waiting for their work.
  void drain() {
    while (close_front(true)) {
    }
  }

 private:
  struct Entry {
    Item item;
    bool done = false;
  };

  bool window_full() {
    const std::lock_guard lock(mutex_);
    return window_.size() > ahead_;
  }
  // Closes the items at the front that are done, waiting for the first where `wait`; false when
  // the window is empty.
  bool close_front(bool wait) {
    for (;;) {
      std::unique_lock lock(mutex_);
      if (window_.empty()) return false;
      if (wait) done_.wait(lock, [&] { return window_.front().done; });
      if (!window_.front().done) return true;
      Item item = std::move(window_.front().item);
      window_.pop_front();
      lock.unlock();
      close_(item);
      wait = false;
    }
  }
  void serve() {
    for (;;) {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return closing_ || !pending_.empty(); });
      if (pending_.empty()) return;
      Entry* entry = pending_.front();
      pending_.pop_front();
      lock.unlock();
      work_(entry->item);
      lock.lock();
      entry->done = true;
      lock.unlock();
      done_.notify_all();
    }
  }

  std::function<void(Item&)> work_, close_;
  std::size_t ahead_;
  std::mutex mutex_;
  std::condition_variable ready_, done_;
  std::deque<Entry> window_;  // in input order; a deque keeps the entries in place as it grows
  std::deque<Entry*> pending_;
  bool closing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace npuzzle
