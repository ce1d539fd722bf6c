#pragma once
// The launcher's check for changed sources, made by the tool it starts. `./npuzzle` (a POSIX
// shell script) runs build/npuzzle with NPUZZLE_LAUNCHER set to the repository's root; the tool
// then compares the sources with the stamp of its build itself, where the shell would pay for
// every comparison with a builtin that reads both files' times. Where a source is newer, the
// tool hands the call back to the launcher, which builds first.

namespace npuzzle::cli {

/// Where the launcher started this process (NPUZZLE_LAUNCHER) and a source of the tool under
/// the root (CMakeLists.txt, cmake/, src/, include/npuzzle/ and cli/, and the folders that hold
/// them, so that a file added or removed counts; not names that start with a dot) is newer than
/// the build's stamp (build/.launcher-stamp; a missing one is older than anything): runs the
/// launcher again in its place, with the same arguments, told to build first (NPUZZLE_STALE).
/// Otherwise returns, NPUZZLE_LAUNCHER taken out of the environment so that no process this one
/// starts sees it. Throws where the launcher cannot be run.
void rebuild_first_if_sources_changed(char** argv);

}  // namespace npuzzle::cli
