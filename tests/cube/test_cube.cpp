// The Cubic Eight-Puzzle: the orientation algebra against an independent model, the state
// space's known facts, the spec's sample, exact search against the answer table, replays.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "npuzzle/api/solver.hpp"
#include "npuzzle/core/moves.hpp"
#include "npuzzle/core/random_board.hpp"
#include "npuzzle/cube/answer_table.hpp"
#include "npuzzle/cube/cube_domain.hpp"
#include "npuzzle/cube/cube_format.hpp"
#include "npuzzle/search/algorithms.hpp"
#include "npuzzle/util/errors.hpp"

namespace npuzzle::cube {
namespace {

// The independent model: a cube as the letters on its top, front and right axes; '.' is the
// empty square. Moves are letters naming where the empty square goes.
using Model = std::array<std::string, 9>;

Model model_start(int empty) {
  Model m;
  m.fill("WRB");
  m[static_cast<std::size_t>(empty)] = ".";
  return m;
}

bool model_move(Model& m, char move) {
  int e = 0;
  while (m[static_cast<std::size_t>(e)] != ".") ++e;
  int r = e / 3, c = e % 3;
  r += move == 'd' ? 1 : move == 'u' ? -1 : 0;
  c += move == 'r' ? 1 : move == 'l' ? -1 : 0;
  if (r < 0 || r > 2 || c < 0 || c > 2) return false;
  std::string cube = m[static_cast<std::size_t>(r * 3 + c)];
  std::swap(cube[0], cube[move == 'l' || move == 'r' ? 2 : 1]);  // top with right, or with front
  m[static_cast<std::size_t>(e)] = cube;
  m[static_cast<std::size_t>(r * 3 + c)] = ".";
  return true;
}

std::string model_faces(const Model& m) {
  std::string faces;
  for (const auto& cube : m) faces += (faces.empty() ? "" : " ") + (cube == "." ? "E" : cube);
  return faces;
}

std::string model_tops(const Model& m) {
  std::string tops;
  for (const auto& cube : m) tops += cube == "." ? 'E' : cube[0];
  return tops;
}

TEST(Orientation, RollsMatchTheModel) {
  for (int o = 0; o < kOrientations; ++o) {
    const auto oi = static_cast<OrientationIndex>(o);
    for (const bool along_x : {true, false}) {
      const OrientationIndex r = roll(oi, along_x);
      EXPECT_EQ(roll(r, along_x), oi);  // rolling back undoes it
      EXPECT_EQ(colour_on(r, along_x ? Axis::Front : Axis::Right),
                colour_on(oi, along_x ? Axis::Front : Axis::Right));
      EXPECT_EQ(colour_on(r, Axis::Top), colour_on(oi, along_x ? Axis::Right : Axis::Front));
    }
  }
  // The two rolls generate all six orientations from the standard one.
  std::set<OrientationIndex> seen{kStandard};
  for (int step = 0; step < 6; ++step) {
    for (auto o : std::set(seen)) {
      seen.insert(roll(o, true));
      seen.insert(roll(o, false));
    }
  }
  EXPECT_EQ(seen.size(), 6u);
}

TEST(CubeState, EncodeDecodeRoundTripsAndMovesMatchTheModel) {
  std::mt19937_64 rng(3131);
  for (int i = 0; i < 100000; ++i) {
    const auto index = static_cast<CubeIndex>(uniform_below(rng, kCubeStates));
    const CubeState s = decode(index);
    ASSERT_EQ(encode(s), index);
    for (const Dir d : kAllDirs) {
      CubeState t = s;
      ASSERT_EQ(encode_after(s, index, d), apply_move(t, d) ? encode(t) : kNoMove) << index;
    }
  }
  CubeState s = standard_start(4);
  Model m = model_start(4);
  for (int step = 0; step < 2000; ++step) {
    const Dir d = kAllDirs[uniform_below(rng, 4)];
    const char letter = "udlr"[index(d)];
    ASSERT_EQ(apply_move(s, d), model_move(m, letter));
    ASSERT_EQ(format_tops(s), model_tops(m).insert(6, "/").insert(3, "/"));
    ASSERT_EQ(format_faces(s), model_faces(m));
  }
}

// 15,116,544 arrangements in 9 components; a corner or the centre reaches 4,133,430 of them, an
// edge midpoint 3,306,744.
TEST(CubeState, TheStateSpaceHasNineComponentsOfTheKnownSizes) {
  std::vector<std::uint8_t> component(kCubeStates, 0);
  std::vector<std::uint64_t> sizes;
  std::vector<CubeIndex> stack;
  for (CubeIndex root = 0; root < kCubeStates; ++root) {
    if (component[root] != 0) continue;
    sizes.push_back(0);
    component[root] = static_cast<std::uint8_t>(sizes.size());
    stack.push_back(root);
    while (!stack.empty()) {
      const CubeState s = decode(stack.back());
      stack.pop_back();
      ++sizes.back();
      for (const Dir d : kAllDirs) {
        CubeState t = s;
        if (!apply_move(t, d)) continue;
        const CubeIndex i = encode(t);
        if (auto& c = component[i]; c == 0) {
          c = static_cast<std::uint8_t>(sizes.size());
          stack.push_back(i);
        }
      }
    }
  }
  ASSERT_EQ(sizes.size(), 9u);
  for (Cell start = 0; start < kSquares; ++start) {
    const auto size = sizes[component[encode(standard_start(start))] - 1u];
    EXPECT_EQ(size, start % 2 == 0 ? 4133430u : 3306744u) << "start square " << start;
    EXPECT_EQ(size, AnswerTable::reachable_from(start));
  }
}

struct Sample {
  int x, y;
  const char* pattern;
  int answer;
};
const Sample kSpecSample[] = {{1, 2, "WWWEWWWWW", 0},  {2, 1, "RBWRWWEWW", 3},
                              {3, 3, "WBWBRERBR", 13}, {3, 3, "BWRBWRBER", 23},
                              {2, 1, "BBBBRBBRE", 29}, {1, 1, "RRRWWWRRE", 30},
                              {2, 1, "RRRBWBRRE", -1}, {3, 2, "RRRWEWRRR", -1}};

const AnswerTable& table() {
  static const AnswerTable t = AnswerTable::build(2);
  return t;
}

// A dataset as POJ 3131 writes it.
CubeDataset dataset_of(Cell start, const TopPattern& p) {
  CubeDataset d{static_cast<std::uint64_t>(start % 3 + 1),
                static_cast<std::uint64_t>(start / 3 + 1), ""};
  for (Cell c = 0; c < kSquares; ++c) {
    d.pattern += c == p.empty ? 'E' : "WRB"[static_cast<int>(p.tops[static_cast<std::size_t>(c)])];
  }
  return d;
}

// Builds no tables, so that cube_distance is answered by its exact search here (the table
// has tests of its own).
const Solver& solver() {
  static const Solver s([] {
    SolverConfig c;
    c.build_light_tables = false;
    return c;
  }());
  return s;
}

// Solves with a 30-move cap through the Solver and replays the moves in the model; returns the
// answer.
int capped_answer(Cell start, const TopPattern& p, std::string_view algorithm) {
  Budget budget;
  budget.max_depth = 30;
  const auto s = solver().solve_cube(dataset_of(start, p), algorithm, budget);
  if (s.status == SearchStatus::DepthLimit) return -1;
  EXPECT_EQ(s.status, SearchStatus::Solved);
  Model m = model_start(start);
  for (const char letter : format_moves(s.moves, Notation::Blank))
    EXPECT_TRUE(model_move(m, letter));
  std::string expected;
  for (Cell c = 0; c < kSquares; ++c)
    expected += c == p.empty ? 'E' : "WRB"[static_cast<int>(p.tops[static_cast<std::size_t>(c)])];
  EXPECT_EQ(model_tops(m), expected);
  return static_cast<int>(s.moves.size());
}

TEST(CubeSolver, AnswersTheSpecSampleWithEveryAlgorithmAndTheTable) {
  for (const auto& [x, y, pattern, answer] : kSpecSample) {
    const Cell start = square_at(static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y));
    const TopPattern p = parse_pattern(pattern);
    for (const char* a : {"auto", "astar", "idastar"}) {
      EXPECT_EQ(capped_answer(start, p, a), answer) << pattern << " " << a;
    }
    const CubeDataset d{static_cast<std::uint64_t>(x), static_cast<std::uint64_t>(y), pattern};
    const auto capped = solver().cube_distance(d, 30);
    EXPECT_EQ(capped ? *capped : -1, answer) << pattern;
    const int from_table = table().distance(start, p.empty, p.tops);
    EXPECT_EQ(from_table <= 30 ? from_table : -1, answer) << pattern;
  }
  const TopPattern p = parse_pattern(kSpecSample[3].pattern);
  EXPECT_EQ(capped_answer(8, p, "bibfs"), 23);
  EXPECT_THROW(capped_answer(8, p, "table"), InputError);
}

TEST(CubeSolver, ExactSearchAgreesWithTheTableOnSeededAndHardDatasets) {
  std::mt19937_64 rng(1604);
  int hard = 0, checked = 0;
  while (checked < 300 || hard < 30) {
    const auto start = static_cast<Cell>(uniform_below(rng, kSquares));
    TopPattern p;
    p.empty = static_cast<Cell>(uniform_below(rng, kSquares));
    for (auto& t : p.tops) t = static_cast<Colour>(uniform_below(rng, 3));
    const int truth = table().distance(start, p.empty, p.tops);
    const bool is_hard = truth >= 29;
    if (checked >= 300 && !is_hard) continue;
    hard += is_hard;
    ++checked;
    ASSERT_EQ(capped_answer(start, p, "auto"), truth <= 30 ? truth : -1);
    // Without the cap the search finds the true distance, beyond 30 too.
    const auto s = solver().solve_cube(dataset_of(start, p), "auto", {});
    ASSERT_EQ(static_cast<int>(s.moves.size()), truth);
  }
}

// The cube domain directly: any start, any target, searched from the target back to the start.
template <class Method>
std::vector<Dir> cube_search(const CubeState& start, const CubeTarget& target) {
  static AbstractTables views;
  const CubeDomain domain(start, views);
  std::vector<CubeDomain::State> roots;
  for (const CubeState& s : target.states()) roots.push_back(domain.state_of(s));
  const auto r = Method::run(domain, std::span<const CubeDomain::State>(roots), Budget{});
  EXPECT_EQ(r.status, SearchStatus::Solved);
  std::vector<Dir> moves;
  for (auto it = r.path.rbegin(); it != r.path.rend(); ++it) moves.push_back(reverse(*it));
  return moves;
}

TEST(CubeDomain, AnyStartAndWholeOrientationTargets) {
  std::mt19937_64 rng(1268);
  for (int trial = 0; trial < 20; ++trial) {
    // A start with mixed orientations, and a target fixing whole orientations: both reached by
    // random walks, so a solution exists and is no longer than the walk between them.
    CubeState start = standard_start(static_cast<Cell>(uniform_below(rng, kSquares)));
    for (int i = 0; i < 40; ++i) apply_move(start, kAllDirs[uniform_below(rng, 4)]);
    CubeState goal = start;
    int walk = 0;
    for (; walk < 14; ++walk) apply_move(goal, kAllDirs[uniform_below(rng, 4)]);
    CubeTarget target{goal.empty, {}};
    for (Cell c = 0; c < kSquares; ++c) {
      const auto o = goal.cells[static_cast<std::size_t>(c)];
      target.allowed[static_cast<std::size_t>(c)] =
          o == kEmpty ? kAnyOrientation : static_cast<OrientationMask>(1u << o);
    }
    ASSERT_EQ(target.states().size(), 1u);
    const auto moves = cube_search<IdaStarMethod>(start, target);
    EXPECT_LE(static_cast<int>(moves.size()), walk);
    CubeState end = start;
    for (const Dir d : moves) ASSERT_TRUE(apply_move(end, d));
    EXPECT_EQ(end, goal);
    EXPECT_EQ(cube_search<BfsMethod>(start, target).size(), moves.size());
  }
}

// That every pattern is reachable, and how many datasets have each answer, the table's build
// checks against its descriptor; the answers themselves are checked against exact searches by
// CubeSolver.ExactSearchAgreesWithTheTableOnSeededAndHardDatasets.
TEST(CubeTable, FilesRoundTrip) {
  const auto entries = table().entries();
  MemoryStore store;
  table().save(store);
  const AnswerTable loaded = AnswerTable::load(store);
  EXPECT_TRUE(std::equal(entries.begin(), entries.end(), loaded.entries().begin()));
}

// From a directory the table is read in the file's mapping: the same entries, its whole check
// recorded, and a damaged file in its place refused.
TEST(CubeTable, LoadsFromAFileMappingAndRefusesADamagedOne) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("npuzzle-cube-" + std::to_string(::getpid()));
  const auto entries = table().entries();
  DirectoryStore store(dir, std::chrono::nanoseconds(0));
  table().save(store);
  for (int load = 0; load < 2; ++load) {  // checked whole, then its header and length
    const AnswerTable loaded = AnswerTable::load(store);
    EXPECT_TRUE(std::ranges::equal(entries, loaded.entries()));
    EXPECT_TRUE(std::filesystem::exists(dir / (std::string(AnswerTable::kKey) + ".checked")));
  }
  const auto path = dir / AnswerTable::kKey;
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
  bytes[bytes.size() / 2] ^= 1;
  std::filesystem::remove(path);
  std::ofstream(path, std::ios::binary).write(bytes.data(), std::ssize(bytes));
  EXPECT_THROW(AnswerTable::load(store), TableFileError);
  std::filesystem::remove_all(dir);
}

TEST(CubeFormat, BadPatternsAndSquaresAreNamed) {
  const std::pair<const char*, const char*> cases[] = {{"WWWWWWWWW", "no E"},
                                                       {"EWWWWWWWE", "two E's"},
                                                       {"WWWWXWWWE", "'X'"},
                                                       {"WWWE", "4 of its 9"}};
  for (const auto& [pattern, message] : cases) {
    try {
      parse_pattern(pattern);
      ADD_FAILURE() << pattern;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(square_at(0, 1), InputError);
  EXPECT_THROW(square_at(2, 4), InputError);
  EXPECT_EQ(square_at(3, 2), 5);
}

}  // namespace
}  // namespace npuzzle::cube
