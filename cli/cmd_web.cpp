// npuzzle web: serve the web page (built by the launcher, scripts/build-web.sh) on this machine.

#include <filesystem>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "session.hpp"
#include "static_server.hpp"

namespace npuzzle::cli {
namespace {

struct WebFlags {
  std::uint16_t port = 8080;
  std::string folder = NPUZZLE_WEB_SITE_DIR;
};

int run_web(const WebFlags& f) {
  const std::filesystem::path folder = f.folder;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(folder / "index.html", ec) ||
      !std::filesystem::is_regular_file(folder / "npuzzle.wasm", ec)) {
    say("the page is not built in " + folder.string() +
        ": './npuzzle web' builds it first (or run scripts/build-web.sh)");
    return kFailure;
  }
  try {
    serve_static(folder, f.port, interrupted(), [](std::uint16_t port) {
      std::cout << "serving the page at http://127.0.0.1:" << port << "/ (Ctrl-C stops)"
                << std::endl;
    });
  } catch (const std::runtime_error& e) {
    say(std::string(e.what()) + " (choose another port with --port)");
    return kFailure;
  }
  return kOk;
}

}  // namespace

Command add_web(CLI::App& root) {
  auto f = std::make_shared<WebFlags>();
  auto* app = root.add_subcommand(
      "web",
      "Serve the web page (solve, step through, hints, the cube; all in the browser, in "
      "WebAssembly) on 127.0.0.1 until Ctrl-C. Through ./npuzzle it is built first when its "
      "sources changed");
  app->add_option("--port", f->port, "Port on 127.0.0.1 (0: any free one)")->capture_default_str();
  app->add_option("--dir", f->folder, "Folder of the built page")->capture_default_str();
  app->footer("Example:\n  ./npuzzle web --port 8000     then open http://127.0.0.1:8000/");
  return {app, [f] { return run_web(*f); }};
}

}  // namespace npuzzle::cli
