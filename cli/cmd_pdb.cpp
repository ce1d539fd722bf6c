// npuzzle pdb: list, build, verify or remove the pattern database sets in the cache.

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <thread>

#include "commands.hpp"
#include "npuzzle/errors.hpp"
#include "npuzzle/pdb/pdb_set.hpp"

namespace npuzzle::cli {
namespace {

struct PdbFlags {
  std::string action;
  std::string set;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
};

void build_set(const PdbSetSpec& spec, unsigned threads) {
  const bool terminal = ::isatty(STDERR_FILENO) != 0;
  const auto began = std::chrono::steady_clock::now();
  for (const auto& d : PdbSet::descriptors(spec)) {
    const auto path = cache_directory() / d.file_name();
    fmt::print(stderr, "npuzzle: building {} ({} entries)\n", path.filename().string(),
               d.entries());
    const auto table = PatternDatabase::build(d, threads, [&](int depth, std::uint64_t reached) {
      if (terminal)
        fmt::print(stderr, "\r  depth {:2}: {:>13} (placement, blank) pairs", depth, reached);
    });
    if (terminal) fmt::print(stderr, "\n");
    table.save(path);
  }
  std::cout << fmt::format(
      "built the {} set in {} under {}\n", spec.name,
      human_seconds(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()),
      cache_directory().string());
}

int run_pdb(const PdbFlags& f) {
  const auto dir = cache_directory();
  if (f.action == "list") {
    for (const auto& spec : known_pdb_sets()) {
      std::cout << fmt::format("{:<6} {} {:<8} {}\n", spec.name, spec.geometry.name(),
                               PdbSet::present(spec, dir) ? "built" : "missing", spec.summary);
    }
    std::cout << "cache: " << dir.string() << '\n';
    return kOk;
  }
  if (f.set.empty()) throw InputError("name a set: " + f.action + " SET (see 'npuzzle pdb list')");
  const PdbSetSpec spec = pdb_set_named(f.set);
  if (f.action == "build") {
    build_set(spec, f.threads);
    return kOk;
  }
  int code = kOk;
  for (const auto& d : PdbSet::descriptors(spec)) {
    const auto path = dir / d.file_name();
    if (f.action == "remove") {
      std::cout << (std::filesystem::remove(path) ? "removed " : "no table at ") << path.string()
                << '\n';
      continue;
    }
    try {
      PatternDatabase::load(d, path);
      std::cout << "ok: " << path.string() << '\n';
    } catch (const TableFileError& e) {
      report("pdb verify", e.what());
      code = kFailure;
    }
  }
  return code;
}

}  // namespace

Command add_pdb(CLI::App& root) {
  auto f = std::make_shared<PdbFlags>();
  auto* app = root.add_subcommand(
      "pdb",
      "Pattern databases for 4x4 solves, kept in the cache directory ($NPUZZLE_CACHE, else "
      "$XDG_CACHE_HOME/npuzzle, else ~/.cache/npuzzle): list them, build a set, verify its files "
      "(header, checksum, counts) or remove them");
  app->add_option("action", f->action, "list, build, verify or remove")
      ->required()
      ->check(CLI::IsMember({"list", "build", "verify", "remove"}));
  app->add_option("set", f->set, "The set: 7-8 (strongest), 6-6-3 or 5-5-5 (the light default)");
  app->add_option("-j,--threads", f->threads, "Threads for building")->capture_default_str();
  return {app, [f] { return run_pdb(*f); }};
}

}  // namespace npuzzle::cli
