// npuzzle web: serve the web page (built by the launcher, scripts/build-web.sh) on this machine.

#include <filesystem>
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "npuzzle/util/errors.hpp"
#include "session.hpp"
#include "static_server.hpp"

namespace npuzzle::cli {
namespace {

struct WebFlags {
  std::uint16_t port = 8080;
  std::string folder = NPUZZLE_WEB_SITE_DIR;
  std::string export_to;
};

// The page's files, as the server serves them, copied into `to` (made where missing), for any
// static host. Returns the number of files.
std::size_t export_page(const std::filesystem::path& from, const std::filesystem::path& to) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(to, ec) && !fs::is_directory(to, ec)) {
    throw InputError("--export " + to.string() + " is not a folder");
  }
  fs::create_directories(to, ec);
  if (ec) throw InputError("cannot make the folder " + to.string() + ": " + ec.message());
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(from)) {
    const fs::path target = to / fs::relative(entry.path(), from);
    if (entry.is_directory()) {
      fs::create_directories(target);
    } else if (entry.is_regular_file()) {
      fs::copy_file(entry.path(), target, fs::copy_options::overwrite_existing);
      ++files;
    }
  }
  return files;
}

int run_web(const WebFlags& f) {
  const std::filesystem::path folder = f.folder;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(folder / "index.html", ec) ||
      !std::filesystem::is_regular_file(folder / "npuzzle.wasm", ec)) {
    say("the page is not built in " + folder.string() +
        ": './npuzzle web' builds it first (or run scripts/build-web.sh)");
    return kFailure;
  }
  if (!f.export_to.empty()) {
    const std::size_t files = export_page(folder, f.export_to);
    std::cout << "wrote the page to " << f.export_to << " (" << files
              << " files): serve that folder with any static web server" << std::endl;
    return kOk;
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

Command add_web(CLI::App& root, const std::string& name) {
  auto f = std::make_shared<WebFlags>();
  auto* app = root.add_subcommand(
      name,
      "Serve the web page (solve, step through, hints, the cube; all in the browser, in "
      "WebAssembly) on 127.0.0.1 until Ctrl-C, or write it out as a static site. Through ./npuzzle "
      "it is built first when its "
      "sources changed");
  app->add_option("--port", f->port, "Port on 127.0.0.1 (0: any free one)")->capture_default_str();
  app->add_option("--dir", f->folder, "Folder of the built page")->capture_default_str();
  app->add_option("--export", f->export_to,
                  "Write the page's files into DIR instead of serving them: a static site any "
                  "web server can serve (the same files)")
      ->type_name("DIR");
  app->footer(
      "Examples:\n  ./npuzzle web --port 8000     then open http://127.0.0.1:8000/\n"
      "  ./npuzzle web --export site   then publish the folder site/");
  return {app, [f] { return run_web(*f); }};
}

}  // namespace npuzzle::cli
