// npuzzle judge NAME: a classic problem, answered in its own format.

#include <map>
#include <memory>

#include "commands.hpp"
#include "judges.hpp"

namespace npuzzle::cli {

Command add_judge(CLI::App& root, const std::string& name) {
  static const std::map<std::string, int (*)()> kProblems{
      {"poj1077", judge_poj1077},         {"hdu1043", judge_poj1077},
      {"acwing179", judge_poj1077},       {"acwing108", judge_acwing108},
      {"leetcode773", judge_leetcode773}, {"poj3131", judge_poj3131},
      {"aoj1268", judge_poj3131},         {"uva1604", judge_poj3131}};
  auto problem = std::make_shared<std::string>();
  auto* app = root.add_subcommand(
      name,
      "Answer a classic problem, its input on stdin and its exact output on stdout:\n"
      "  poj1077 (also hdu1043, acwing179)  8-puzzles, 9 tokens each (x the blank) -> a shortest\n"
      "                                     move string per puzzle, or 'unsolvable'\n"
      "  acwing108                          n, then two n x n boards -> TAK if the second can be\n"
      "                                     reached from the first, else NIE\n"
      "  leetcode773                        one JSON board per line -> least moves, or -1\n"
      "  poj3131 (also aoj1268, uva1604)    Cubic Eight-Puzzle datasets -> least moves if at most\n"
      "                                     30, else -1");
  std::vector<std::string> problem_names;
  for (const auto& [problem_name, run] : kProblems) problem_names.push_back(problem_name);
  app->add_option("problem", *problem, "Which problem")->required()->check(one_of(problem_names));
  return {app, [problem] { return kProblems.at(*problem)(); }};
}

}  // namespace npuzzle::cli
