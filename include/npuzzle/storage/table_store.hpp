#pragma once
// Where tables are kept is the caller's choice: a store holds bytes by key (a table's
// self-describing file name). A directory on disk and memory are here; a front end may bring
// its own (the browser's storage, a Python object).

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace npuzzle {

/// A store that cannot keep or remove a table (a read-only or full disk, a file in the way): the
/// message names the place and the reason; `directory()` is the store's folder, where it has one.
class StoreError : public std::runtime_error {
 public:
  explicit StoreError(const std::string& what, std::filesystem::path directory = {})
      : std::runtime_error(what), directory_(std::move(directory)) {}
  const std::filesystem::path& directory() const { return directory_; }

 private:
  std::filesystem::path directory_;
};

/// A store's bytes under a key, mapped into memory for reading without a copy: valid while
/// `keep` is held. `version` names these bytes as they are now (empty where the store cannot
/// tell versions apart), for TableStore::checked. `in_huge_pages`: mapped in huge pages
/// throughout (all but a last part smaller than one), so random reads there are as fast as in
/// memory of the reader's own.
struct MappedBytes {
  std::span<const std::uint8_t> bytes;
  std::shared_ptr<const void> keep;
  std::string version;
  bool in_huge_pages = false;
};

/// Held while a process builds tables for a store that other processes share: released when it
/// goes (or the process ends).
class BuildLock {
 public:
  virtual ~BuildLock() = default;
};

class TableStore {
 public:
  virtual ~TableStore() = default;

  /// The bytes kept under `key`, for reading; nullptr if there are none. Throws TableFileError
  /// if something is there that cannot be read as a table (a directory, a FIFO).
  virtual std::unique_ptr<std::istream> open(std::string_view key) const = 0;
  /// Keeps `parts`, one after the other, under `key`: all of them or nothing. Throws
  /// StoreError, naming the place and the reason, if they cannot be kept.
  virtual void store(std::string_view key,
                     std::span<const std::span<const std::uint8_t>> parts) = 0;
  /// Forgets `key`; false if nothing was kept under it. Throws StoreError if it cannot.
  virtual bool remove(std::string_view key) = 0;
  virtual bool contains(std::string_view key) const = 0;
  /// The bytes kept under `key` mapped into memory, where the store can (a file on disk);
  /// nothing where it cannot, or nothing is kept there: open() reads them then. Throws
  /// TableFileError as open() does.
  virtual std::optional<MappedBytes> map(std::string_view key) const {
    (void)key;
    return std::nullopt;
  }
  /// Whether the `version` of `key` (from map) passed a whole check, checksum included, that
  /// mark_checked recorded: a load may then check its header and size alone. False where the
  /// store cannot tell.
  virtual bool checked(std::string_view key, std::string_view version) const {
    (void)key, (void)version;
    return false;
  }
  /// Records that the `version` of `key` passed a whole check; best effort (a store that
  /// cannot keep the record forgets it, and the next load checks the whole table again).
  virtual void mark_checked(std::string_view key, std::string_view version) const {
    (void)key, (void)version;
  }
  /// Where `key` is kept, for messages (a path, or "memory:KEY").
  virtual std::string where(std::string_view key) const = 0;
  /// Removes what writers that were stopped part-way left behind (never what a live writer is
  /// still writing) and returns where each was; nothing, for a store that leaves none.
  virtual std::vector<std::string> remove_stale() { return {}; }
  /// Waits until no other process builds tables for this store, then holds them off, so that
  /// processes sharing it (the ranks of an MPI job on one node) build a table once: the others
  /// wait, then load it. `waiting` is called first where another process holds the lock.
  /// Nothing (no lock) for a store no other process shares, or where a lock cannot be had.
  virtual std::unique_ptr<BuildLock> lock_builds(const std::function<void()>& waiting) {
    (void)waiting;
    return nullptr;
  }
};

/// Files in one directory, each written to a temporary name and renamed, so that a reader
/// never sees half a table. Only regular files are read.
class DirectoryStore final : public TableStore {
 public:
  /// `settle`: how long ago a file must have last changed for map() to give it a version. A
  /// change within the clock's tick of the one before may leave a file's times as they were (on
  /// file systems with coarse times), so a file changed just now has none and is checked whole.
  explicit DirectoryStore(std::filesystem::path directory,
                          std::chrono::nanoseconds settle = std::chrono::seconds(2))
      : directory_(std::move(directory)), settle_(settle) {}

  std::unique_ptr<std::istream> open(std::string_view key) const override;
  void store(std::string_view key, std::span<const std::span<const std::uint8_t>> parts) override;
  bool remove(std::string_view key) override;
  bool contains(std::string_view key) const override;
  /// The file mapped read-only; its pages are the system's file cache, shared by every process
  /// that reads it, probed for huge pages (probe_file_mapping): where the system keeps the
  /// file's first cached pages huge but not all the others (read by other means), the file
  /// leaves the cache and is read again through the mapping, in huge pages. A file this store
  /// writes leaves the cache once on disk, for the same reason. Its version names the file (device,
  /// inode, size, times of the last change) and the system's boot: a table replaced, changed in
  /// place or read after a restart (which may have cut short writes not yet on disk) is a new
  /// version; one changed within `settle` has none.
  std::optional<MappedBytes> map(std::string_view key) const override;
  /// Kept beside the table, as KEY.checked holding the version.
  bool checked(std::string_view key, std::string_view version) const override;
  void mark_checked(std::string_view key, std::string_view version) const override;
  std::string where(std::string_view key) const override;
  /// The temporary files of writers that have ended: named KEY.tmpPID-N, the writer's process
  /// gone; from before PIDs were in the names (KEY.tmpN), a day old.
  std::vector<std::string> remove_stale() override;
  /// An exclusive lock (flock) on the directory itself.
  std::unique_ptr<BuildLock> lock_builds(const std::function<void()>& waiting) override;

 private:
  /// `parts` under `key`, written to a temporary name and renamed (throws StoreError).
  void write(std::string_view key, std::span<const std::span<const std::uint8_t>> parts) const;

  std::filesystem::path directory_;
  std::chrono::nanoseconds settle_;
};

/// Tables kept in this process only; safe to share between threads.
class MemoryStore final : public TableStore {
 public:
  std::unique_ptr<std::istream> open(std::string_view key) const override;
  void store(std::string_view key, std::span<const std::span<const std::uint8_t>> parts) override;
  bool remove(std::string_view key) override;
  bool contains(std::string_view key) const override;
  std::string where(std::string_view key) const override;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const std::vector<std::uint8_t>>, std::less<>> tables_;
};

/// An input stream over bytes someone else owns, so that tables load from memory without a copy.
std::unique_ptr<std::istream> stream_over(std::span<const std::uint8_t> bytes,
                                          std::shared_ptr<const void> owner = nullptr);

}  // namespace npuzzle
