// npuzzle: the command-line front end. Parses the command line, runs the chosen subcommand, and
// maps failures onto the exit codes: 0 done, 2 bad input or usage, 1 internal failure (or no
// answer within a search budget).

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "launcher.hpp"
#include "processes.hpp"
#include "session.hpp"
#include "tool.hpp"

namespace {

// The command the words at the front of `args` name (a command, and a command's own, as in
// `cube solve`): its path ("npuzzle cube solve"), or what to say where they name none (with the
// nearest name to a slip) or stop short of one.
struct CommandWords {
  CLI::App* app = nullptr;
  std::string path = "npuzzle";
  std::optional<std::string> problem;
};

std::vector<CLI::App*> subcommands_of(CLI::App* app) {
  return app->get_subcommands([](CLI::App*) { return true; });
}

std::vector<std::string> names_of(const std::vector<CLI::App*>& apps) {
  std::vector<std::string> names;
  for (const CLI::App* a : apps) names.push_back(a->get_name());
  return names;
}

CommandWords command_words(CLI::App& app, const std::vector<std::string>& args) {
  CommandWords out;
  out.app = &app;
  CLI::App*& at = out.app;
  for (const std::string& word : args) {
    const std::vector<CLI::App*> subcommands = subcommands_of(at);
    if (subcommands.empty() || word.starts_with('-')) return out;
    const auto found = std::find_if(subcommands.begin(), subcommands.end(),
                                    [&](const CLI::App* c) { return c->get_name() == word; });
    if (found == subcommands.end()) {
      const std::vector<std::string> names = names_of(subcommands);
      const std::string nearest = npuzzle::cli::nearest_name(word, names);
      out.problem =
          fmt::format("no command '{}'{}; the commands of '{}' are {}", word.substr(0, 40),
                      nearest.empty() ? "" : " (did you mean '" + nearest + "'?)", out.path,
                      fmt::join(names, ", "));
      return out;
    }
    at = *found;
    out.path += " " + word;
  }
  if (at->get_require_subcommand_min() > 0) {
    out.problem = fmt::format("'{}' needs a command: {} (see '{} --help')", out.path,
                              fmt::join(names_of(subcommands_of(at)), ", "), out.path);
  }
  return out;
}

// What to say of the arguments the command line's parse left over (`extras`, in the order given:
// CLI11's own message names them last first): each, cut where long, quoted where it holds a space,
// and the option `command` has that the first misspelt one is nearest to.
std::string unexpected(const CLI::App& command, const std::vector<std::string>& extras) {
  std::vector<std::string> names;
  for (const CLI::Option* o : command.get_options()) {
    for (const std::string& name : o->get_lnames()) names.push_back("--" + name);
  }
  std::vector<std::string> shown;
  std::string hint;
  for (const std::string& a : extras) {
    const std::string cut = a.size() > 40 ? a.substr(0, 40) + "..." : a;
    shown.push_back(a.find(' ') == std::string::npos ? cut : "'" + cut + "'");
    const std::string word = a.substr(0, a.find('='));
    if (!hint.empty() || !word.starts_with("--")) continue;
    if (const std::string nearest = npuzzle::cli::nearest_name(word, names); !nearest.empty()) {
      hint = "; did you mean '" + nearest + "'?";
    }
  }
  return fmt::format("unexpected argument{}: {}{}", extras.size() == 1 ? "" : "s",
                     fmt::join(shown, " "), hint);
}

// The commands in the order the help lists them, each under its name.
struct CommandMaker {
  std::string_view name;
  npuzzle::cli::Command (*add)(CLI::App&, const std::string&);
};
constexpr std::array kCommands{CommandMaker{"solve", npuzzle::cli::add_solve},
                               CommandMaker{"check", npuzzle::cli::add_check},
                               CommandMaker{"compare", npuzzle::cli::add_compare},
                               CommandMaker{"verify", npuzzle::cli::add_verify},
                               CommandMaker{"random", npuzzle::cli::add_random},
                               CommandMaker{"hint", npuzzle::cli::add_hint},
                               CommandMaker{"judge", npuzzle::cli::add_judge},
                               CommandMaker{"cube", npuzzle::cli::add_cube},
                               CommandMaker{"pdb", npuzzle::cli::add_pdb},
                               CommandMaker{"bench", npuzzle::cli::add_bench},
                               CommandMaker{"web", npuzzle::cli::add_web}};

// Adds to `app` the command that `args` start with, and only that one: making every command's
// options is a large part of a short run. The help at the top and a first word that names no
// command (its message lists them all) get every command.
std::vector<npuzzle::cli::Command> add_commands(CLI::App& app,
                                                const std::vector<std::string>& args) {
  for (const CommandMaker& c : kCommands) {
    if (!args.empty() && args.front() == c.name) return {c.add(app, std::string(c.name))};
  }
  std::vector<npuzzle::cli::Command> commands;
  for (const CommandMaker& c : kCommands) commands.push_back(c.add(app, std::string(c.name)));
  return commands;
}

int run(int argc, char** argv) {
  using namespace npuzzle::cli;

  CLI::App app{
      "npuzzle: shortest solutions of sliding-tile puzzles of any size, with any goal.\n"
      "Moves are letters u, d, l, r naming where the blank goes (--notation tile: where the "
      "tile goes).\nBoards: '2 3 4 1 5 x 7 6 8', '23415x768', '1 2 3/4 5 0', '[[1,2,3],[4,5,0]]' "
      "(0, x or _ is the blank).",
      "npuzzle"};
  app.footer(
      "Examples:\n"
      "  npuzzle solve 2 3 4 1 5 x 7 6 8            a shortest move string\n"
      "  npuzzle solve --stats --algo astar '1 2 3 4/5 6 7 8/9 10 0 11'\n"
      "  npuzzle random --size 3x4 -n 5 --seed 7 | npuzzle solve\n"
      "  npuzzle check --goal blank-first 2 1 3 0   solvable or not, by parity\n"
      "  npuzzle compare 8 6 7 2 5 4 3 0 1          every algorithm side by side\n"
      "  npuzzle judge poj1077 < input.txt          a classic problem's exact format\n"
      "  npuzzle cube solve < datasets.txt          the Cubic Eight-Puzzle, with the rolls\n"
      "  npuzzle pdb build 7-8+L                    the strongest 4x4 tables (minutes, once)\n"
      "  npuzzle bench korf100 -j 2                 Korf's 100 15-puzzles, checked\n"
      "  npuzzle web                                the page: solve and watch, in a browser\n"
      "Run 'npuzzle COMMAND --help' (or 'npuzzle help COMMAND') for a command's options.");
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Print help for every command");
  app.set_version_flag("--version", "npuzzle " NPUZZLE_VERSION);

  // CLI11 splits any argument in brackets at its commas, JSON boards included; a leading space
  // keeps one whole, and the board parser ignores it.
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    for (auto& a : args) a = expand_file_argument(a);
  } catch (const npuzzle::InputError& e) {
    say(e.what());
    return kBadInput;
  }
  for (auto& a : args) {
    if (a.size() > 1 && a.front() == '[' && a.back() == ']') a.insert(a.begin(), ' ');
  }
  // "npuzzle help [COMMAND...]" is "npuzzle [COMMAND...] --help".
  if (!args.empty() && args.front() == "help") {
    args.erase(args.begin());
    args.push_back("--help");
  }
  const std::vector<Command> commands = add_commands(app, args);
  const CommandWords words = command_words(app, args);
  if (words.problem) {
    say(*words.problem);
    return kBadInput;
  }
  std::reverse(args.begin(), args.end());  // CLI11 takes the arguments last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, in the tool's own voice; long values are cut.
    std::string what = dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr
                           ? unexpected(*words.app, app.remaining(true))
                           : e.what();
    if (what.size() > 200) what = what.substr(0, 200) + "...";
    say(what + " (see '" + words.path + " --help')");
    return kBadInput;
  }

  catch_interrupts();
  try {
    const int code = run_parsed(commands);
    suggest_stronger_tables();
    return finish_output(code);
  } catch (const npuzzle::InputError& e) {
    say(explain(e));
    return finish_output(kBadInput);
  } catch (const npuzzle::CancelledError&) {
    say("interrupted");
    return finish_output(kInterrupted);
  } catch (const std::bad_alloc&) {
    say("out of memory");
    return kFailure;
  } catch (const npuzzle::ResourceError& e) {
    say(e.what());
    return finish_output(kFailure);
  } catch (const ReadError& e) {
    say(e.what());
    return finish_output(kFailure);
  } catch (const npuzzle::StoreError& e) {
    say(e.directory() == cache_directory()
            ? std::string(e.what()) + " (the cache directory: set NPUZZLE_CACHE to another)"
            : e.what());
    return finish_output(kFailure);
  } catch (const std::exception& e) {
    say(std::string("internal error: ") + e.what());
    return kFailure;
  }
}

}  // namespace

int npuzzle::cli::run_tool(int argc, char** argv) {
  try {
    rebuild_first_if_sources_changed(argv);
  } catch (const std::exception& e) {
    say(e.what());
    return kFailure;
  }
  const Processes processes(argc, argv);
  std::ios::sync_with_stdio(false);
  return agreed_exit_code(run(argc, argv));
}
