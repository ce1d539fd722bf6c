#pragma once
// A solve's checkpoint on disk: the search's progress (search/checkpoint.hpp) with what it is the
// progress of (the program's version, the board, the goal, the method and tables), in a record
// of the table file format, so that a damaged file fails its checksum. Written to a temporary
// name and renamed, so that a stopped write leaves the checkpoint before it.

#include <filesystem>
#include <optional>
#include <string>

#include "npuzzle/search/checkpoint.hpp"
#include "npuzzle/storage/table_store.hpp"

namespace npuzzle::detail {

class CheckpointFile {
 public:
  /// Reads `path` where there is a file. Throws InputError where it is not a checkpoint, is
  /// damaged, or is another search's (`identity` differs).
  CheckpointFile(const std::filesystem::path& path, std::string identity, double every_seconds);
  CheckpointFile(const CheckpointFile&) = delete;
  CheckpointFile& operator=(const CheckpointFile&) = delete;

  const Checkpointing& checkpointing() const { return checkpointing_; }
  /// The search is over: the file goes.
  void remove();

 private:
  void save(const IdaCheckpoint& progress);

  DirectoryStore store_;
  std::string key_, identity_;
  std::optional<IdaCheckpoint> resume_;
  Checkpointing checkpointing_;
};

}  // namespace npuzzle::detail
