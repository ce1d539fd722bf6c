// The launcher's check for changed sources (launcher.hpp). It reads each time relative to its
// folder's descriptor: a path from the root, resolved again for every file, costs more.

#include "launcher.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace {

// The sources' folders under the root, and how deep below each the sources lie.
struct SourceFolder {
  const char* path;
  int depth;
};
constexpr SourceFolder kSourceFolders[] = {
    {"cmake", 1}, {"src", 2}, {"include/npuzzle", 2}, {"cli", 1}};

bool later(const ::timespec& a, const ::timespec& b) {
  return a.tv_sec != b.tv_sec ? a.tv_sec > b.tv_sec : a.tv_nsec > b.tv_nsec;
}

// Whether `name` in the folder `at` was changed after `than` (a name that cannot be read, as a
// pattern of the shell that matches nothing, is not).
bool newer(int at, const char* name, const ::timespec& than) {
  struct ::stat status {};
  return ::fstatat(at, name, &status, 0) == 0 && later(status.st_mtim, than);
}

// Whether the folder `name` in `at`, or anything in it down to `depth` levels, is newer.
bool folder_newer(int at, const char* name, int depth, const ::timespec& than) {
  if (newer(at, name, than)) return true;
  const int fd = ::openat(at, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;
  ::DIR* const folder = ::fdopendir(fd);
  if (folder == nullptr) {
    ::close(fd);
    return false;
  }
  bool changed = false;
  while (const ::dirent* entry = ::readdir(folder)) {
    if (entry->d_name[0] == '.') continue;
    changed = depth > 1 && entry->d_type == DT_DIR
                  ? folder_newer(fd, entry->d_name, depth - 1, than)
                  : newer(fd, entry->d_name, than);
    if (changed) break;
  }
  ::closedir(folder);
  return changed;
}

// Whether a source under `root`, or a folder holding them, is newer than `stamp`.
bool sources_newer_than(const std::filesystem::path& root, const std::filesystem::path& stamp) {
  struct ::stat built {};
  if (::stat(stamp.c_str(), &built) != 0) return true;
  const int at = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (at < 0) return true;
  bool changed = newer(at, "CMakeLists.txt", built.st_mtim);
  for (const auto& [path, depth] : kSourceFolders) {
    changed = changed || folder_newer(at, path, depth, built.st_mtim);
  }
  ::close(at);
  return changed;
}

}  // namespace

void npuzzle::cli::rebuild_first_if_sources_changed(char** argv) {
  const char* const launched_from = std::getenv("NPUZZLE_LAUNCHER");
  if (launched_from == nullptr) return;
  const std::filesystem::path root = launched_from;
  ::unsetenv("NPUZZLE_LAUNCHER");
  if (!sources_newer_than(root, root / "build" / ".launcher-stamp")) return;
  const std::string launcher = (root / "npuzzle").string();
  ::setenv("NPUZZLE_STALE", "1", 1);
  argv[0] = const_cast<char*>(launcher.c_str());
  ::execv(launcher.c_str(), argv);
  throw std::runtime_error("cannot run the launcher " + launcher +
                           " to build the changed sources: " + std::strerror(errno));
}
