#pragma once
// Finding an entry of a list by the name a person typed, or saying which names there are.

#include <string>
#include <string_view>

#include "npuzzle/util/errors.hpp"

namespace npuzzle {

/// The item of `items` whose `name_of(item)` is `name`. Otherwise throws InputError naming what
/// was asked for and every known name ("no algorithm 'x' (known: auto, table, ...)"), after
/// `also_known` where a name outside the list is accepted too.
template <class Items, class NameOf>
auto& find_named(Items& items, std::string_view name, std::string_view what, const NameOf& name_of,
                 std::string_view also_known = {}) {
  std::string known(also_known);
  for (auto& item : items) {
    if (name_of(item) == name) return item;
    known += (known.empty() ? "" : ", ") + std::string(name_of(item));
  }
  throw InputError("no " + std::string(what) + " '" + std::string(name.substr(0, 40)) +
                   "' (known: " + known + ")");
}

}  // namespace npuzzle
