#include "npuzzle/storage/table_store.hpp"

#include <fstream>
#include <random>
#include <stdexcept>
#include <streambuf>

#include "npuzzle/storage/table_file.hpp"

namespace npuzzle {
namespace {

class SpanBuffer : public std::streambuf {
 public:
  explicit SpanBuffer(std::span<const std::uint8_t> bytes) {
    // The get area is only read from; streambuf's interface just lacks a const variant.
    char* begin = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
    setg(begin, begin, begin + bytes.size());
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

}  // namespace

std::unique_ptr<std::istream> stream_over(std::span<const std::uint8_t> bytes,
                                          std::shared_ptr<const void> owner) {
  return std::make_unique<SpanStream>(bytes, std::move(owner));
}

std::unique_ptr<std::istream> DirectoryStore::open(std::string_view key) const {
  const auto path = directory_ / key;
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::not_found) return nullptr;
  if (status.type() != std::filesystem::file_type::regular) {
    throw TableFileError(path.string() + ": is not a regular file");
  }
  auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*in) throw TableFileError(path.string() + ": cannot be opened for reading");
  return in;
}

void DirectoryStore::store(std::string_view key,
                           std::span<const std::span<const std::uint8_t>> parts) {
  const auto path = directory_ / key;
  std::error_code error;
  std::filesystem::create_directories(directory_, error);
  if (error)
    throw std::runtime_error("cannot create " + directory_.string() + ": " + error.message());
  auto temp = path;
  temp += ".tmp" + std::to_string(std::random_device{}());
  try {
    {
      std::ofstream out(temp, std::ios::binary | std::ios::trunc);
      for (const auto part : parts) {
        out.write(reinterpret_cast<const char*>(part.data()),
                  static_cast<std::streamsize>(part.size()));
      }
      if (!out.flush()) throw std::runtime_error("cannot write " + temp.string());
    }
    std::filesystem::rename(temp, path);
  } catch (...) {
    std::filesystem::remove(temp, error);
    throw;
  }
}

bool DirectoryStore::remove(std::string_view key) {
  return std::filesystem::remove(directory_ / key);
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
