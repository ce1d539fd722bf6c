// Fuzz target: the judges' readers (POJ 1077, AcWing 108, POJ 3131) on any bytes. Each answers
// or refuses with a message and exit code 2; none crashes, hangs or fails otherwise. The first
// byte picks the judge; the rest is its standard input, a file as a redirected stdin would be.

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>

#include "judges.hpp"
#include "npuzzle/util/errors.hpp"

namespace {

// Standard input, output and error redirected for one call, and put back after it.
class Redirected {
 public:
  Redirected(const std::uint8_t* data, std::size_t size) {
    const int input = ::memfd_create("judge-input", 0);
    if (input < 0 || ::write(input, data, size) != static_cast<::ssize_t>(size)) __builtin_trap();
    ::lseek(input, 0, SEEK_SET);
    static const int sink = ::open("/dev/null", O_WRONLY);
    std::fflush(stdout);
    std::fflush(stderr);
    for (int fd = 0; fd < 3; ++fd) {
      saved_[fd] = ::dup(fd);
      ::dup2(fd == 0 ? input : sink, fd);
    }
    ::close(input);
  }
  Redirected(const Redirected&) = delete;
  Redirected& operator=(const Redirected&) = delete;
  ~Redirected() {
    std::fflush(stdout);
    std::fflush(stderr);
    for (int fd = 0; fd < 3; ++fd) {
      ::dup2(saved_[fd], fd);
      ::close(saved_[fd]);
    }
  }

 private:
  int saved_[3] = {-1, -1, -1};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace npuzzle::cli;
  if (size == 0) return 0;
  int (*const judges[])() = {judge_poj1077, judge_acwing108, judge_poj3131};
  const auto judge = judges[data[0] % 3];
  int code = 0;
  {
    const Redirected io(data + 1, size - 1);
    try {
      code = judge();
    } catch (const npuzzle::InputError&) {
      code = 2;
    }
  }
  if (code != 0 && code != 2) __builtin_trap();
  return 0;
}
