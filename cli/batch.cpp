#include "batch.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <iostream>
#include <mutex>
#include <new>
#include <span>
#include <system_error>
#include <thread>

#include "common.hpp"
#include "npuzzle/io/format.hpp"
#include "scanner.hpp"
#include "session.hpp"

namespace npuzzle::cli {

namespace {

// One board of a batch, from its input line to what its work leaves to do.
struct Slot {
  std::optional<Board> board;  // none where it could not be read
  std::string where;
  Finish finish;
  std::string problem;  // why it could not be answered
  int problem_code = kOk;
  std::exception_ptr failure;  // anything else, raised again on the calling thread
  bool done = false;
};

// Runs one step of a slot's board (reading it, working on it); what ends the step ends it for
// this board only.
template <class Step>
void attempt(Slot& slot, const Step& step) {
  try {
    step();
  } catch (const InputError& e) {
    slot.problem = explain(e);
    slot.problem_code = kBadInput;
  } catch (const std::bad_alloc&) {
    slot.problem = "out of memory for this board; the others go on";
    slot.problem_code = kFailure;
  } catch (...) {
    slot.failure = std::current_exception();
  }
}

void work_on(Slot& slot, const BoardWork& work) {
  attempt(slot, [&] { slot.finish = work(*slot.board, slot.where); });
}

// The boards of a batch worked on by a pool of threads and closed in input order, at most a few
// per thread ahead of the oldest one not yet done.
class InOrder {
 public:
  InOrder(unsigned threads, const BoardWork& work, std::function<void(Slot&)> close)
      : work_(work), close_(std::move(close)), ahead_(4 * std::size_t{threads}) {
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

  void add(Slot slot) {
    if (workers_.empty()) {
      if (slot.board) work_on(slot, work_);
      close_(slot);
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      window_.push_back(std::move(slot));
      if (window_.back().board) {
        pending_.push_back(&window_.back());
      } else {
        window_.back().done = true;
      }
    }
    ready_.notify_one();
    close_front(window_full());
  }
  /// Closes every slot, waiting for their work.
  void drain() {
    while (close_front(true)) {
    }
  }

 private:
  bool window_full() {
    const std::lock_guard lock(mutex_);
    return window_.size() > ahead_;
  }
  // Closes the slots at the front that are done, waiting for the first where `wait`; false when
  // the window is empty.
  bool close_front(bool wait) {
    for (;;) {
      std::unique_lock lock(mutex_);
      if (window_.empty()) return false;
      if (wait) done_.wait(lock, [&] { return window_.front().done; });
      if (!window_.front().done) return true;
      Slot slot = std::move(window_.front());
      window_.pop_front();
      lock.unlock();
      close_(slot);
      wait = false;
    }
  }
  void serve() {
    for (;;) {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return closing_ || !pending_.empty(); });
      if (pending_.empty()) return;
      Slot* slot = pending_.front();
      pending_.pop_front();
      lock.unlock();
      work_on(*slot, work_);
      lock.lock();
      slot->done = true;
      lock.unlock();
      done_.notify_all();
    }
  }

  const BoardWork& work_;
  std::function<void(Slot&)> close_;
  std::size_t ahead_;
  std::mutex mutex_;
  std::condition_variable ready_, done_;
  std::deque<Slot> window_;  // in input order; a deque keeps the slots in place as it grows
  std::deque<Slot*> pending_;
  bool closing_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace

int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   const std::function<void(const Board&, const std::string&)>& handle,
                   const ErrorLine& on_error) {
  return for_each_board(
      words, size, 1,
      [&](const Board& board, const std::string& where) -> Finish {
        handle(board, where);
        return {};
      },
      on_error);
}

int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   unsigned threads, const BoardWork& work, const ErrorLine& on_error) {
  int code = kOk;
  InOrder batch(threads, work, [&](Slot& slot) {
    if (slot.failure) std::rethrow_exception(slot.failure);
    if (slot.problem.empty()) {
      if (slot.finish) slot.finish(*slot.board);
      return;
    }
    code = slot.problem_code == kBadInput || code == kOk ? slot.problem_code : code;
    report(slot.where, slot.problem);
    if (on_error) on_error(slot.where, slot.problem);
  });
  const auto read = [&](const auto& parse, std::string where) {
    Slot slot;
    slot.where = std::move(where);
    attempt(slot, [&] { slot.board = parse(); });
    batch.add(std::move(slot));
  };
  if (!words.empty()) {
    read([&] { return parse_board(std::span(words), size); }, "board");
    batch.drain();
    return code;
  }
  check_stdin();
  const auto answer = [&](std::string_view line, int number) {
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;
    read([&] { return parse_board(line, size); }, "line " + std::to_string(number));
  };
  const auto going = [] { return !interrupted().cancelled() && std::cout; };
  // A file is mapped and its lines read in place (a 3000x3000 board is 70 MB of text); a pipe or
  // a terminal is read a line at a time, each board answered as it comes.
  if (auto file = Scanner::mapped(stdin)) {
    std::string_view line;
    for (int number = 1; going() && file->rest_of_line(line); ++number) answer(line, number);
  } else {
    std::string line;
    for (int number = 1; going() && std::getline(std::cin, line); ++number) answer(line, number);
  }
  batch.drain();
  return code;
}

int batch_exit(int code, bool gave_up) {
  if (code != kOk) return code;
  if (interrupted().cancelled()) {
    say("interrupted");
    return kInterrupted;
  }
  return gave_up ? kFailure : kOk;
}

}  // namespace npuzzle::cli
