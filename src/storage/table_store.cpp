#include "npuzzle/storage/table_store.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <fstream>
#include <random>
#include <stdexcept>
#include <streambuf>

#include "npuzzle/storage/huge_pages.hpp"
#include "npuzzle/storage/table_file.hpp"

namespace npuzzle {
namespace {

/// What a temporary file's name holds after its key.
constexpr std::string_view kTemporary = ".tmp";
/// What the record of a table's whole check adds to its key.
constexpr std::string_view kChecked = ".checked";

/// This boot of the system, where it can be told (Linux); empty elsewhere.
std::string boot_id() {
  std::ifstream in("/proc/sys/kernel/random/boot_id");
  std::string id;
  std::getline(in, id);
  return in ? id : std::string();
}

/// Puts a file just written on disk, so that renaming it over an older one never leaves a file
/// whose bytes a crash lost (a search's checkpoint replaces the one before it); false, with the
/// reason in errno, where the disk refused them (a full disk may say so only now). A large one
/// is then taken out of the system's file cache: writes leave it cached in small pages, and the
/// next map() reads it again in huge ones (see DirectoryStore::map).
bool put_on_disk(const std::filesystem::path& path, std::size_t size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool synced = ::fdatasync(fd) == 0;
  const int reason = errno;
  if (synced && size >= kHugePageBytes) ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
  errno = reason;
  return synced;
}

class SpanBuffer : public std::streambuf {
 public:
  explicit SpanBuffer(std::span<const std::uint8_t> bytes) {
    // The get area is only read from; streambuf's interface just lacks a const variant.
    char* begin = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
    setg(begin, begin, begin + bytes.size());
  }

 protected:
  // Tells where the reader stands (tellg), and nothing more: no seeking.
  pos_type seekoff(off_type off, std::ios_base::seekdir dir, std::ios_base::openmode) override {
    if (off != 0 || dir != std::ios_base::cur) return pos_type(off_type(-1));
    return pos_type(gptr() - eback());
  }
};

class SpanStream : public std::istream {
 public:
  SpanStream(std::span<const std::uint8_t> bytes, std::shared_ptr<const void> owner)
      : std::istream(nullptr), buffer_(bytes), owner_(std::move(owner)) {
    rdbuf(&buffer_);
  }

 private:
  SpanBuffer buffer_;
  std::shared_ptr<const void> owner_;
};

// Whether a table file is kept at `path`: false where nothing is there; TableFileError where
// something other than a regular file is (a directory, a FIFO that would block a reader).
bool table_file_at(const std::filesystem::path& path) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::not_found) return false;
  if (status.type() != std::filesystem::file_type::regular) {
    throw TableFileError(path.string() + ": is not a regular file");
  }
  return true;
}

}  // namespace

std::unique_ptr<std::istream> stream_over(std::span<const std::uint8_t> bytes,
                                          std::shared_ptr<const void> owner) {
  return std::make_unique<SpanStream>(bytes, std::move(owner));
}

std::unique_ptr<std::istream> DirectoryStore::open(std::string_view key) const {
  const auto path = directory_ / key;
  if (!table_file_at(path)) return nullptr;
  auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*in) throw TableFileError(path.string() + ": cannot be opened for reading");
  return in;
}

std::optional<MappedBytes> DirectoryStore::map(std::string_view key) const {
  const auto path = directory_ / key;
  if (!table_file_at(path)) return std::nullopt;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw TableFileError(path.string() + ": cannot be opened for reading");
  struct ::stat st {};
  std::size_t size = 0;
  const auto map_file = [&]() -> void* {
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) ::madvise(p, size, MADV_HUGEPAGE);  // advice only
    return p;
  };
  void* p = MAP_FAILED;
  bool in_huge_pages = false;
  if (::fstat(fd, &st) == 0 && st.st_size > 0) {
    size = static_cast<std::size_t>(st.st_size);
    p = map_file();
    if (const std::size_t whole = size / kHugePageBytes * kHugePageBytes;
        p != MAP_FAILED && whole > 0) {
      std::size_t huge = probe_file_mapping(p, size);
      if (huge > 0 && huge < whole) {
        // The system keeps this file's pages huge, but not all of these (read by other means
        // before): out of the file cache, and read again through the mapping. (Pages another
        // process maps stay as they are.)
        ::munmap(p, size);
        ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
        p = map_file();
        huge = p != MAP_FAILED ? probe_file_mapping(p, size) : 0;
      }
      in_huge_pages = huge >= whole;
    }
  }
  ::close(fd);
  if (p == MAP_FAILED) return std::nullopt;  // (read through open(), which says what is wrong)
  std::shared_ptr<const void> keep(p,
                                   [size](const void* q) { ::munmap(const_cast<void*>(q), size); });
  // (The version is taken from the descriptor mapped, so a file replaced meanwhile is not
  // mistaken for the one checked.)
  std::string version;
  const auto changed =
      std::chrono::seconds(st.st_ctim.tv_sec) + std::chrono::nanoseconds(st.st_ctim.tv_nsec);
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  if (const std::string boot = boot_id(); !boot.empty() && now - changed >= settle_) {
    version = boot + " " + std::to_string(st.st_dev) + " " + std::to_string(st.st_ino) + " " +
              std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
              std::to_string(st.st_mtim.tv_nsec) + " " + std::to_string(st.st_ctim.tv_sec) + "." +
              std::to_string(st.st_ctim.tv_nsec);
  }
  return MappedBytes{
      {static_cast<const std::uint8_t*>(p), size}, std::move(keep), version, in_huge_pages};
}

bool DirectoryStore::checked(std::string_view key, std::string_view version) const {
  if (version.empty()) return false;
  std::ifstream in(directory_ / (std::string(key) + std::string(kChecked)));
  std::string recorded;
  std::getline(in, recorded);
  return in && recorded == version;
}

void DirectoryStore::mark_checked(std::string_view key, std::string_view version) const {
  if (version.empty()) return;
  const std::string line = std::string(version) + "\n";
  const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(line.data()),
                                            line.size());
  try {
    write(std::string(key) + std::string(kChecked), std::span(&bytes, 1));
  } catch (const StoreError&) {  // (a note beside the table: kept or not)
  }
}

void DirectoryStore::store(std::string_view key,
                           std::span<const std::span<const std::uint8_t>> parts) {
  write(key, parts);
}

void DirectoryStore::write(std::string_view key,
                           std::span<const std::span<const std::uint8_t>> parts) const {
  const auto path = directory_ / key;
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  if (error) {
    throw StoreError("cannot create " + directory_.string() + ": " + error.message(), directory_);
  }
  // The writer's process in the name: a temporary file whose writer is gone is stale.
  auto temp = path;
  temp += std::string(kTemporary) + std::to_string(::getpid()) + "-" +
          std::to_string(std::random_device{}());
  const auto cannot_write = [&] {
    return StoreError("cannot write " + temp.string() +
                          (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()),
                      directory_);
  };
  try {
    {
      errno = 0;
      std::ofstream out(temp, std::ios::binary | std::ios::trunc);
      if (!out) throw cannot_write();  // (the reason the open left in errno)
      errno = 0;
      for (const auto part : parts) {
        out.write(reinterpret_cast<const char*>(part.data()),
                  static_cast<std::streamsize>(part.size()));
      }
      if (!out || !out.flush()) throw cannot_write();
    }
    std::size_t size = 0;
    for (const auto part : parts) size += part.size();
    errno = 0;
    if (!put_on_disk(temp, size)) throw cannot_write();
    std::filesystem::rename(temp, path, error);
    if (error) {
      throw StoreError("cannot put " + path.string() + " in place: " + error.message(), directory_);
    }
  } catch (...) {
    std::filesystem::remove(temp, error);
    throw;
  }
}

std::vector<std::string> DirectoryStore::remove_stale() {
  std::vector<std::string> removed;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory_, error)) {
    if (!entry.is_regular_file(error)) continue;
    const std::string name = entry.path().filename().string();
    const auto at = name.rfind(kTemporary);
    if (at == std::string::npos) continue;
    const std::string_view tag = std::string_view(name).substr(at + kTemporary.size());
    bool stale = false;
    if (const auto dash = tag.find('-'); dash != std::string_view::npos) {
      ::pid_t pid = 0;
      const auto [end, ec] = std::from_chars(tag.data(), tag.data() + dash, pid);
      stale = ec == std::errc{} && end == tag.data() + dash && pid > 0 && ::kill(pid, 0) != 0 &&
              errno == ESRCH;
    } else {
      const auto written = entry.last_write_time(error);
      stale = !error &&
              std::filesystem::file_time_type::clock::now() - written > std::chrono::hours(24);
    }
    if (stale && std::filesystem::remove(entry.path(), error)) {
      removed.push_back(entry.path().string());
    }
  }
  return removed;
}

namespace {

class DirectoryLock final : public BuildLock {
 public:
  explicit DirectoryLock(int fd) : fd_(fd) {}
  ~DirectoryLock() override { ::close(fd_); }  // (which releases the lock)
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

 private:
  int fd_;
};

}  // namespace

std::unique_ptr<BuildLock> DirectoryStore::lock_builds(const std::function<void()>& waiting) {
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  const int fd = ::open(directory_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK && waiting) waiting();
    int held = 0;
    while ((held = ::flock(fd, LOCK_EX)) != 0 && errno == EINTR) {
    }
    if (held != 0) {
      ::close(fd);
      return nullptr;
    }
  }
  return std::make_unique<DirectoryLock>(fd);
}

bool DirectoryStore::remove(std::string_view key) {
  const auto path = directory_ / key;
  std::error_code error;
  std::filesystem::remove(directory_ / (std::string(key) + std::string(kChecked)), error);
  const bool removed = std::filesystem::remove(path, error);
  if (error && error != std::errc::no_such_file_or_directory) {
    throw StoreError("cannot remove " + path.string() + ": " + error.message(), directory_);
  }
  return removed;
}

bool DirectoryStore::contains(std::string_view key) const {
  std::error_code error;
  return std::filesystem::is_regular_file(directory_ / key, error);
}

std::string DirectoryStore::where(std::string_view key) const {
  return (directory_ / key).string();
}

std::unique_ptr<std::istream> MemoryStore::open(std::string_view key) const {
  const std::lock_guard lock(mutex_);
  const auto it = tables_.find(key);
  if (it == tables_.end()) return nullptr;
  return stream_over(*it->second, it->second);
}

void MemoryStore::store(std::string_view key,
                        std::span<const std::span<const std::uint8_t>> parts) {
  auto bytes = std::make_shared<std::vector<std::uint8_t>>();
  for (const auto part : parts) bytes->insert(bytes->end(), part.begin(), part.end());
  const std::lock_guard lock(mutex_);
  tables_.insert_or_assign(std::string(key), std::move(bytes));
}

bool MemoryStore::remove(std::string_view key) {
  const std::lock_guard lock(mutex_);
  const auto it = tables_.find(key);
  if (it == tables_.end()) return false;
  tables_.erase(it);
  return true;
}

bool MemoryStore::contains(std::string_view key) const {
  const std::lock_guard lock(mutex_);
  return tables_.find(key) != tables_.end();
}

std::string MemoryStore::where(std::string_view key) const {
  return "memory:" + std::string(key);
}

}  // namespace npuzzle
