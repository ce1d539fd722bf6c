#include "checkpoint_file.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "npuzzle/storage/table_file.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle::detail {
namespace {

constexpr const char* kKind = "npuzzle search checkpoint v1";

// The first line where two identities differ, for the message.
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t line = 0, i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) {
    if (a[i] == '\n') line = i + 1;
    ++i;
  }
  const auto line_of = [&](const std::string& s) {
    const std::size_t end = s.find('\n', line);
    return s.substr(line, end == std::string::npos ? std::string::npos : end - line);
  };
  return "it holds '" + line_of(a) + "', this search is '" + line_of(b) + "'";
}

std::filesystem::path folder_of(const std::filesystem::path& file) {
  return file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
}

}  // namespace

CheckpointFile::CheckpointFile(const std::filesystem::path& path, std::string identity,
                               double every_seconds)
    : store_(folder_of(path)), key_(path.filename().string()), identity_(std::move(identity)) {
  checkpointing_.every_seconds = every_seconds;
  checkpointing_.save = [this](const IdaCheckpoint& c) { save(c); };
  const std::string where = path.string();
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    throw InputError("the checkpoint " + where + " is not a file: give a file's path");
  }
  if (!std::filesystem::is_directory(folder_of(path), error)) {
    throw InputError("the checkpoint " + where + " cannot be written: its folder is missing");
  }
  if (!store_.contains(key_)) return;
  std::vector<std::uint8_t> bytes;
  try {
    bytes = read_record(store_, key_, kKind);
  } catch (const TableFileError& e) {
    // The reason, without the place the store names (the path as given is clearer).
    std::string reason = e.what();
    reason.erase(0, std::min(reason.size(), store_.where(key_).size() + 2));
    if (reason.starts_with("is not an npuzzle table")) reason = "is not an npuzzle checkpoint";
    throw InputError("the checkpoint " + where + " " + reason +
                     ": give another file, or remove this one to start afresh");
  }
  // The identity, a zero byte, then the progress.
  const auto end = std::find(bytes.begin(), bytes.end(), std::uint8_t{0});
  const std::string stored(bytes.begin(), end);
  if (stored != identity_ || end == bytes.end()) {
    throw InputError("the checkpoint " + where + " is another search's (" +
                     first_difference(stored, identity_) +
                     "): give another file, or remove this one to start afresh");
  }
  try {
    resume_ = IdaCheckpoint::decode(std::span(bytes).subspan(identity_.size() + 1));
  } catch (const std::invalid_argument& e) {
    throw InputError("the checkpoint " + where + " cannot be read (" + e.what() +
                     "): remove it to start afresh");
  }
  checkpointing_.resume = &*resume_;
}

void CheckpointFile::save(const IdaCheckpoint& progress) {
  std::vector<std::uint8_t> bytes(identity_.begin(), identity_.end());
  bytes.push_back(0);
  const std::vector<std::uint8_t> encoded = progress.encode();
  bytes.insert(bytes.end(), encoded.begin(), encoded.end());
  try {
    write_table(store_, key_, {kKind, bytes.size(), {}, 8}, bytes);
  } catch (const StoreError& e) {
    throw StoreError("cannot save the search's checkpoint: " + std::string(e.what()),
                     e.directory());
  }
}

void CheckpointFile::remove() {
  store_.remove(key_);
}

}  // namespace npuzzle::detail
