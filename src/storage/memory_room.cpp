#include "npuzzle/storage/memory_room.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string_view>

namespace npuzzle {
namespace {

// The bytes a /proc file of "key value kB" lines gives after `key` (such as "MemAvailable:").
std::optional<std::uint64_t> bytes_after(const char* path, const std::string& key) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with(key)) {
      std::istringstream value(line.substr(key.size()));
      std::uint64_t kb = 0;
      if (value >> kb) return kb * 1024;
    }
  }
  return std::nullopt;
}

std::optional<std::uint64_t> number_in(const std::string& path) {
  std::ifstream in(path);
  std::uint64_t n = 0;
  if (in >> n) return n;  // ("max", no limit, reads as none)
  return std::nullopt;
}

// The bytes of the file cache's pages (which the system takes back under pressure) that a
// control group's memory.stat counts under `active` and `inactive`.
std::uint64_t file_cache_in(const std::string& stat, const std::string& active,
                            const std::string& inactive) {
  std::ifstream in(stat);
  std::uint64_t total = 0;
  std::string key;
  for (std::uint64_t n = 0; in >> key >> n;) {
    if (key == active || key == inactive) total += n;
  }
  return total;
}

// A control group's limit and use, in its directory (version 2, else version 1's files): the
// room between them, its file cache counted as free.
std::optional<std::uint64_t> room_in(const std::string& dir, bool v2) {
  const auto most = number_in(dir + (v2 ? "memory.max" : "memory.limit_in_bytes"));
  const auto used = number_in(dir + (v2 ? "memory.current" : "memory.usage_in_bytes"));
  if (!most || !used) return std::nullopt;
  const std::uint64_t cache =
      v2 ? file_cache_in(dir + "memory.stat", "active_file", "inactive_file")
         : file_cache_in(dir + "memory.stat", "total_active_file", "total_inactive_file");
  const std::uint64_t held = *used > cache ? *used - cache : 0;
  return *most > held ? *most - held : 0;
}

// Whether a version 1 line's controllers ("cpu,cpuacct") hold the memory controller.
bool names_memory(std::string_view controllers) {
  for (std::size_t at = 0; at <= controllers.size();) {
    const std::size_t end = std::min(controllers.find(',', at), controllers.size());
    if (controllers.substr(at, end - at) == "memory") return true;
    at = end + 1;
  }
  return false;
}

// The room under the memory limit of the control group the process is in: "0::PATH" names it in
// version 2, "N:memory:PATH" (among other controllers, maybe) in version 1. Where its path is not
// under the mount (a container without its own namespace), the mount's own files are read.
std::optional<std::uint64_t> control_group_room() {
  std::ifstream in("/proc/self/cgroup");
  for (std::string line; std::getline(in, line);) {
    const auto first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string_view controllers =
        std::string_view(line).substr(first + 1, second - first - 1);
    const bool v2 = controllers.empty();
    if (!v2 && !names_memory(controllers)) continue;
    const std::string mount = v2 ? "/sys/fs/cgroup/" : "/sys/fs/cgroup/memory/";
    std::string dir = mount + line.substr(second + 1);
    if (!dir.ends_with('/')) dir += '/';
    if (const auto room = room_in(dir, v2)) return room;
    if (const auto room = room_in(mount, v2)) return room;
  }
  return std::nullopt;
}

// The room under the address-space limit.
std::optional<std::uint64_t> address_space_room() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
  const std::uint64_t used = bytes_after("/proc/self/status", "VmSize:").value_or(0);
  return limit.rlim_cur > used ? limit.rlim_cur - used : 0;
}

}  // namespace

std::optional<MemoryRoom> memory_room() {
  std::optional<MemoryRoom> least;
  const auto consider = [&](std::optional<std::uint64_t> bytes, const char* limit) {
    if (bytes && (!least || *bytes < least->bytes)) least = MemoryRoom{*bytes, limit};
  };
  consider(bytes_after("/proc/meminfo", "MemAvailable:"), "available memory");
  consider(address_space_room(), "ulimit -v");
  consider(control_group_room(), "the control group's memory limit");
  return least;
}

}  // namespace npuzzle
