#include "session.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "common.hpp"
#include "output.hpp"
#include "processes.hpp"

namespace npuzzle::cli {
namespace {

constexpr double kQuietSeconds = 2;  // a search shorter than this shows no progress

CancelToken interrupt_token;
bool tables_built = false;  // the solver built pattern databases on a solve's behalf
std::string unbuilt_set;    // a set no solve could read, for want of it being built

struct ProgressLine {
  std::mutex mutex;
  bool shown = false;
  bool terminal = ::isatty(STDERR_FILENO) != 0;

  void show(const std::string& text) {
    const std::lock_guard lock(mutex);
    std::fputs(("\r\033[K" + text).c_str(), stderr);
    shown = true;
  }
  void clear() {
    const std::lock_guard lock(mutex);
    if (shown) std::fputs("\r\033[K", stderr);
    shown = false;
  }
};

ProgressLine& progress_line() {
  static ProgressLine line;
  return line;
}

}  // namespace

std::filesystem::path cache_directory() {
  if (const char* own = std::getenv("NPUZZLE_CACHE"); own && *own) return own;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    return std::filesystem::path(xdg) / "npuzzle";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::filesystem::path(home) / ".cache" / "npuzzle";
  }
  return std::filesystem::temp_directory_path() / "npuzzle-cache";
}

Solver& solver() {
  static Solver s([] {
    SolverConfig c;
    c.store = std::make_shared<DirectoryStore>(cache_directory());
    c.threads = std::max(1u, std::thread::hardware_concurrency());
    c.note = [](std::string_view line) {
      clear_progress();
      report("tables", line);
      // Only a pattern database build suggests the stronger 4x4 sets.
      tables_built |= line.starts_with("pattern databases");
    };
    c.build_progress = [](std::string_view table, int step, std::uint64_t count) {
      if (progress_line().terminal) {
        progress_line().show(fmt::format("  building {}: step {}, {} reached", table, step, count));
      }
    };
    c.cancel = &interrupt_token;
    return c;
  }());
  return s;
}

const CancelToken& interrupted() {
  return interrupt_token;
}

void catch_interrupts() {
  struct sigaction action {};
  action.sa_handler = [](int) { interrupt_token.cancel(); };
  action.sa_flags = static_cast<int>(SA_RESETHAND);  // a second Ctrl-C ends the process at once
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
}

Budget followed(Budget budget) {
  budget.cancel = &interrupt_token;
  budget.cluster = cluster();
  budget.progress = search_progress("");
  return budget;
}

std::function<void(const SearchProgress&)> search_progress(std::string what) {
  if (!progress_line().terminal) return nullptr;
  return [what = std::move(what)](const SearchProgress& p) {
    if (p.seconds < kQuietSeconds) return;
    progress_line().show(fmt::format("  searching{}: no solution shorter than {}; {} nodes, {}",
                                     what, p.bound, p.expanded, human_seconds(p.seconds)));
  };
}

void clear_progress() {
  progress_line().clear();
}

void note_unbuilt_tables(const std::string& set) {
  unbuilt_set = set;
}

void suggest_stronger_tables() {
  for (const auto& info : solver().table_sets()) {
    if (info.damaged) {
      report("tables", fmt::format("the {} set is damaged or outdated (above); build it again "
                                   "once with 'npuzzle pdb build {}'",
                                   info.name, info.name));
      return;
    }
  }
  if (!unbuilt_set.empty()) {
    report("tables", fmt::format("no pattern databases for these boards are built, so the search "
                                 "read a weaker estimate; build the {} set once with 'npuzzle pdb "
                                 "build {}'",
                                 unbuilt_set, unbuilt_set));
    return;
  }
  if (!tables_built) return;
  for (const auto& info : solver().table_sets()) {  // strongest first
    if (info.serves == "cube") continue;
    if (!info.present) {
      report("tables", fmt::format("for faster {} solves, build the {} set once with 'npuzzle pdb "
                                   "build {}'",
                                   info.serves, info.name, info.name));
    }
    return;
  }
}

}  // namespace npuzzle::cli
