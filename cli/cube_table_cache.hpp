#pragma once
// The cube answer table in the user's cache: used when present, rebuilt when damaged.

#include <optional>

#include "npuzzle/cube/answer_table.hpp"

namespace npuzzle::cli {

/// The cached table if there is one. A damaged or mismatched file is reported on stderr and
/// rebuilt; a missing one is built only if `build_if_missing`.
std::optional<cube::AnswerTable> cached_answer_table(bool build_if_missing);

/// Builds the table, saying so on stderr, and stores it in the cache.
cube::AnswerTable build_answer_table();

}  // namespace npuzzle::cli
