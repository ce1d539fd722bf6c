#pragma once
// How much more memory this process can take: the least of what the system reports available,
// the room its address-space limit (ulimit -v) leaves and the room its control group's memory
// limit leaves (version 2 or 1; the group's file cache counted as free, as the system takes it
// back under pressure). Work whose peak is known (a table build) is refused up front where it does
// not fit, rather than stopped part-way by a failed allocation or the OOM killer.

#include <cstdint>
#include <optional>
#include <string>

namespace npuzzle {

struct MemoryRoom {
  std::uint64_t bytes = 0;
  /// What sets it, for messages: "available memory", "ulimit -v" or "the control group's
  /// memory limit".
  std::string limit;
};

/// The room left, or nothing where the system tells none of the three (other than Linux).
std::optional<MemoryRoom> memory_room();

}  // namespace npuzzle
