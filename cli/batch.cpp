#include "batch.hpp"

#include <exception>
#include <functional>
#include <iostream>
#include <new>
#include <span>

#include "common.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/util/in_order.hpp"
#include "processes.hpp"
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
  bool blank = false;          // a blank line: no board, nothing wrong
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

// A batch's code after one more board's: bad input first, then the first other problem.
int worse(int code, int board_code) {
  return board_code == kBadInput || code == kOk ? board_code : code;
}

void work_on(Slot& slot, const BoardWork& work) {
  attempt(slot, [&] { slot.finish = work(*slot.board, slot.where); });
}

}  // namespace

int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   const std::function<void(const Board&, const std::string&)>& handle,
                   const ErrorLine& on_error, const BlankLine& on_blank) {
  return for_each_board(
      words, size, 1,
      [&](const Board& board, const std::string& where) -> Finish {
        handle(board, where);
        return {};
      },
      on_error, on_blank);
}

int for_each_board(const std::vector<std::string>& words, std::optional<Geometry> size,
                   unsigned threads, const BoardWork& work, const ErrorLine& on_error,
                   const BlankLine& on_blank) {
  int code = kOk;
  InOrder<Slot> batch(
      threads, [&](Slot& slot) { work_on(slot, work); },
      [&](Slot& slot) {
        if (slot.failure) std::rethrow_exception(slot.failure);
        if (slot.blank) {
          on_blank(slot.where);
          return;
        }
        if (slot.problem.empty()) {
          if (slot.finish) slot.finish(*slot.board);
          return;
        }
        code = worse(code, slot.problem_code);
        report(slot.where, slot.problem);
        if (on_error) on_error(slot.where, slot.problem);
      });
  const auto read = [&](const auto& parse, std::string where) {
    Slot slot;
    slot.where = std::move(where);
    attempt(slot, [&] { slot.board = parse(); });
    const bool readable = slot.board.has_value();
    batch.add(std::move(slot), readable);
  };
  if (!words.empty()) {
    read([&] { return parse_board(std::span(words), size); }, "board");
    batch.drain();
    return code;
  }
  check_stdin();
  const auto answer = [&](std::string_view line, int number) {
    std::string where = "line " + std::to_string(number);
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) {
      if (on_blank) {
        Slot slot;
        slot.where = std::move(where);
        slot.blank = true;
        batch.add(std::move(slot), false);
      }
      return;
    }
    read([&] { return parse_board(line, size); }, std::move(where));
  };
  const auto going = [] { return !interrupted().cancelled() && std::cout; };
  // A file is mapped and its lines read in place (a 3000x3000 board is 70 MB of text); a pipe or
  // a terminal is read a line at a time, each board answered as it comes.
  if (auto file = Scanner::mapped(stdin)) {
    std::string_view line;
    if (cluster() == nullptr) {
      for (int number = 1; going() && file->rest_of_line(line); ++number) answer(line, number);
    } else {
      // Under MPI the boards of several lines are dealt to the ranks, one to each that asks
      // (each board's search on its rank alone); a single board's search is shared by them all.
      std::vector<std::string_view> lines;
      while (file->rest_of_line(line)) lines.push_back(line);
      const auto alone = [&](std::size_t i) {
        code = kOk;
        if (going()) answer(lines[i], static_cast<int>(i) + 1);
        batch.drain();
        return code;
      };
      int dealt = kOk;
      if (lines.size() > 1 && deal_in_order(lines.size(), alone,
                                            [&](std::size_t, int c) { dealt = worse(dealt, c); })) {
        return dealt;
      }
      for (std::size_t i = 0; going() && i < lines.size(); ++i) {
        answer(lines[i], static_cast<int>(i) + 1);
      }
    }
  } else {
    std::string line;
    int number = 1;
    for (; going() && std::getline(std::cin, line); ++number) {
      answer(number == 1 ? without_byte_order_mark(line) : line, number);
    }
    // A read that failed (an unreadable stdin, a line too long for memory) is not the end of
    // the input: the lines before it are answered, and the failure is said.
    if (std::cin.bad()) {
      batch.drain();
      report("line " + std::to_string(number),
             "cannot read the input here; the lines after it "
             "were not answered");
      return code == kOk ? kFailure : code;
    }
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
