#pragma once
// The classic problems of spec/problems.md, each reading its own input format on stdin and
// writing its exact output on stdout. Each returns the exit code.

namespace npuzzle::cli {

int judge_poj1077();
int judge_acwing108();
int judge_leetcode773();
int judge_poj3131();

}  // namespace npuzzle::cli
