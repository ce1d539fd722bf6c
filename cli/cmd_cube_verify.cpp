// npuzzle cube verify: replay roll sequences and say whether they make the patterns.

#include <fmt/format.h>

#include <memory>

#include "commands.hpp"
#include "cube_input.hpp"
#include "output.hpp"
#include "session.hpp"

namespace npuzzle::cli {
namespace {

struct CubeVerifyFlags {
  std::vector<std::string> moves;
};

int run_cube_verify(CubeVerifyFlags& f) {
  Scanner in = Scanner::from(stdin);
  BlockWriter out(stdout);
  int code = for_each_cube_dataset(in, out, [&](const CubeInput& d) {
    const auto k = static_cast<std::size_t>(d.number - 1);
    if (k >= f.moves.size()) {
      throw InputError(fmt::format("dataset {} has no move string among the arguments", d.number));
    }
    const std::vector<Dir> moves = parse_moves(f.moves[k], Notation::Blank);
    const CubeVerdict v = solver().verify_cube(d.dataset, moves);
    if (!v.legal) {
      out.write(fmt::format("invalid: move {} ('{}') leaves the board\n", v.applied + 1,
                            format_moves(std::span(moves).subspan(v.applied, 1), Notation::Blank)));
    } else if (!v.makes_pattern) {
      out.write(fmt::format("invalid: {} with tops {}, not the pattern\n", moves_end(moves.size()),
                            v.tops));
    } else {
      out.write(fmt::format("valid: makes the pattern in {}\n", counted(moves.size(), "move")));
    }
  });
  return code;
}

}  // namespace

Command add_cube_verify(CLI::App& cube) {
  auto f = std::make_shared<CubeVerifyFlags>();
  auto* app = cube.add_subcommand(
      "verify",
      "Replay one move string per dataset on stdin (the first string for the first dataset, and "
      "so on) and say whether it makes the pattern ('valid: ...' or 'invalid: ...')");
  app->add_option("moves", f->moves, "Move strings, one per dataset (\"\" for none)")->required();
  return {app, [f] { return run_cube_verify(*f); }};
}

}  // namespace npuzzle::cli
