#pragma once
// What `pdb` and `cube table` do with a table set, by name: build, verify, remove, locate.

#include <string_view>

namespace npuzzle::cli {

/// Each prints what it did and returns the exit code.
int build_tables(std::string_view set);
int verify_tables(std::string_view set);
int remove_tables(std::string_view set);
int print_table_paths(std::string_view set);

}  // namespace npuzzle::cli
