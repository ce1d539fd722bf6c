// npuzzle bench's instances: the named sets, instance files, seeded boards, and the choice among
// them.

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <utility>

#include "bench.hpp"
#include "common.hpp"
#include "npuzzle/io/format.hpp"
#include "npuzzle/util/errors.hpp"
#include "output.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

// The published search effort per instance, easiest first: id, length, nodes, other columns.
std::vector<std::pair<std::string, std::uint64_t>> published_effort(const std::string& name) {
  if (name != "korf24") return {};
  const std::filesystem::path path =
      std::filesystem::path(NPUZZLE_INSTANCES_DIR) / "korf24_effort.txt";
  std::ifstream in(path);
  if (!in) throw InputError("cannot read " + path.string());
  std::vector<std::pair<std::string, std::uint64_t>> out;
  std::string id;
  std::uint64_t length = 0, nodes = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    if (!(fields >> id >> length >> nodes)) throw InputError("bad line in " + path.string());
    out.emplace_back(id, nodes);
  }
  return out;
}

}  // namespace

std::vector<Instance> random_instances(const Board& goal, std::uint64_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Instance> out;
  for (std::uint64_t i = 1; i <= count; ++i) {
    out.push_back({std::to_string(i), 0, solver().random(goal, rng)});
  }
  return out;
}

std::filesystem::path instance_file(const std::string& name) {
  const std::filesystem::path dir = NPUZZLE_INSTANCES_DIR;
  if (name == "korf100") return dir / "korf100.txt";
  if (name == "korf24") return dir / "korf24_50.txt";
  return name;
}

std::vector<Instance> select_instances(std::vector<Instance> all, const std::string& set,
                                       const std::vector<std::string>& ids,
                                       std::optional<std::size_t> easiest) {
  const auto effort = published_effort(set);
  for (auto& i : all) {
    for (const auto& [id, nodes] : effort) {
      if (id == i.id) i.published_nodes = nodes;
    }
  }
  std::vector<std::string> wanted = ids;
  if (easiest) {
    if (*easiest == 0) throw InputError("--easiest 0 names no instance: give 1 or more");
    if (effort.empty()) throw InputError("--easiest needs published search effort (korf24)");
    for (std::size_t k = 0; k < std::min(*easiest, effort.size()); ++k) {
      wanted.push_back(effort[k].first);
    }
  }
  if (wanted.empty()) return all;
  std::vector<Instance> out;
  std::set<std::string> chosen;  // (an instance solved twice at once would share its records)
  for (const auto& id : wanted) {
    if (!chosen.insert(id).second) {
      throw InputError(std::count(ids.begin(), ids.end(), id) > 1
                           ? "--ids names instance " + id + " twice"
                           : "instance " + id + " is both in --ids and among the --easiest");
    }
    const auto it =
        std::find_if(all.begin(), all.end(), [&](const Instance& i) { return i.id == id; });
    if (it == all.end()) throw InputError("no instance " + id + " in " + set);
    out.push_back(*it);
  }
  return out;
}

std::vector<Instance> read_instances(const std::filesystem::path& path,
                                     std::optional<Geometry> size) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw InputError(path.string() + " is a folder, not an instance file");
  }
  std::ifstream in(path);
  if (!in) throw InputError("cannot read instance file " + path.string());
  std::vector<Instance> out;
  std::map<std::string, int> line_of;  // by id: the line that lists it
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos ||
        line[line.find_first_not_of(" \t")] == '#')
      continue;
    std::istringstream fields(line);
    std::vector<std::string> tokens{std::istream_iterator<std::string>(fields), {}};
    std::size_t cells = size ? static_cast<std::size_t>(size->cells()) : 0;
    while (!size && (cells + 1) * (cells + 1) + 2 <= tokens.size()) ++cells;
    if (!size) cells *= cells;
    if (tokens.size() < cells + 2 || cells < 4) {
      throw InputError(fmt::format(
          "{}:{}: expected an id, a length and a board{}, found {}", path.string(), number,
          size ? fmt::format(" of {} tiles", cells) : "", counted(tokens.size(), "field")));
    }
    if (const auto [first, added] = line_of.emplace(tokens[0], number); !added) {
      throw InputError(fmt::format("{}:{}: instance {} is listed again (first on line {})",
                                   path.string(), number, tokens[0], first->second));
    }
    const std::string& length = tokens[1];
    int optimal = 0;
    const auto [end, parsed] =
        std::from_chars(length.data(), length.data() + length.size(), optimal);
    if (parsed != std::errc{} || end != length.data() + length.size() || optimal < 0) {
      throw InputError(fmt::format("{}:{}: the length '{}' is not a whole number of moves",
                                   path.string(), number, length));
    }
    try {
      out.push_back({tokens[0], optimal,
                     parse_board(std::span(tokens).subspan(tokens.size() - cells), size)});
    } catch (const InputError& e) {
      // (Where the size is not given, the line's own count of fields decides it.)
      throw InputError(fmt::format("{}:{}: {}{}", path.string(), number, e.what(),
                                   size ? ""
                                        : fmt::format(" (the board read as its last {} fields; "
                                                      "--size gives another shape)",
                                                      cells)));
    }
  }
  if (in.bad()) throw ReadError("cannot read instance file " + path.string());
  return out;
}

}  // namespace npuzzle::cli
