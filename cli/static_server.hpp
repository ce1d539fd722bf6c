#pragma once
// A small HTTP server for a folder of static files, on the loopback address only: what
// `npuzzle web` serves the page with. GET and HEAD of plain file names whose real place (links
// resolved) is under the folder; requests for another host name refused (DNS rebinding); each
// connection on a thread of its own, with a deadline for its request and one for its answer,
// files sent a piece at a time; each connection closed after its answer.

#include <cstdint>
#include <filesystem>
#include <functional>

#include "npuzzle/util/cancel.hpp"

namespace npuzzle::cli {

/// Serves `folder` on 127.0.0.1:`port` (0: any free port) until `stop` is cancelled (looked at
/// a few times a second). `ready` hears the port once the server listens. Throws
/// std::runtime_error where the port cannot be had.
void serve_static(const std::filesystem::path& folder, std::uint16_t port, const CancelToken& stop,
                  const std::function<void(std::uint16_t)>& ready);

}  // namespace npuzzle::cli
