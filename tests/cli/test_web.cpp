// `web`: the page exported as a static site, and served: only the page's folder, to many
// clients at once, none able to hold the others up.

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "support/cli_run.hpp"

namespace npuzzle::cli_test {
namespace {

// web --export writes the files the server serves into a folder, for any static host.
TEST(Web, ExportWritesThePageAsAStaticSite) {
  const TempCache cache;
  const auto site = cache.dir / "site";
  std::filesystem::create_directories(site / "scripts");
  std::ofstream(site / "index.html") << "<!doctype html><title>npuzzle</title>";
  std::ofstream(site / "npuzzle.wasm", std::ios::binary) << std::string("\0asm\1\0\0\0", 8);
  std::ofstream(site / "scripts" / "app.js") << "console.log(1);";
  const auto out = cache.dir / "out";
  const CliRun r = npuzzle({"web", "--dir", site.string(), "--export", out.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("(3 files)"), std::string::npos) << r.out;
  for (const char* file : {"index.html", "npuzzle.wasm", "scripts/app.js"}) {
    EXPECT_TRUE(slurp(out / file) == slurp(site / file)) << file;
  }
  std::ofstream(cache.dir / "a-file") << "x";
  const CliRun onto_file =
      npuzzle({"web", "--dir", site.string(), "--export", (cache.dir / "a-file").string()});
  EXPECT_EQ(onto_file.code, 2);
  EXPECT_NE(onto_file.err.find("is not a folder"), std::string::npos) << onto_file.err;
}

// A connection to the page's server, or -1.
int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// One request to 127.0.0.1:`port`, and the whole answer.
std::string http(int port, const std::string& request) {
  const int fd = connect_to(port);
  std::string answer;
  if (fd < 0) return answer;
  (void)!::write(fd, request.data(), request.size());
  char buffer[4096];
  for (ssize_t got; (got = ::read(fd, buffer, sizeof buffer)) > 0;) {
    answer.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return answer;
}

TEST(Web, ServesThePageFolderAndNothingOutsideIt) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("npuzzle-web-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "site");
  std::ofstream(dir / "site" / "index.html") << "<p>page</p>";
  std::ofstream(dir / "site" / "npuzzle.wasm") << "wasm";
  std::ofstream(dir / "secret.txt") << "secret";
  std::filesystem::create_symlink(dir / "secret.txt", dir / "site" / "link.txt");
  std::string large(3 << 20, 'x');
  for (std::size_t i = 0; i < large.size(); i += 4096) large[i] = static_cast<char>('a' + i % 26);
  std::ofstream(dir / "site" / "large.bin", std::ios::binary) << large;

  CliRun r = npuzzle({"web", "--dir", (dir / "nothing").string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("the page is not built"), std::string::npos) << r.err;
  EXPECT_EQ(npuzzle({"web", "--port", "70000"}).code, 2);

  const std::string command =
      std::string(NPUZZLE_BIN) + " web --port 0 --dir " + (dir / "site").string() + " & echo $!";
  FILE* server = ::popen(command.c_str(), "r");
  ASSERT_NE(server, nullptr);
  char line[256];
  ASSERT_NE(std::fgets(line, sizeof line, server), nullptr);
  std::string started = line;
  ASSERT_NE(std::fgets(line, sizeof line, server), nullptr);
  std::string serving = line;
  // The shell's echo of the server's pid and the server's first line may come in either order.
  if (started.find("127.0.0.1:") != std::string::npos) std::swap(started, serving);
  const int pid = std::stoi(started);
  // Stopped however the test ends: a server left running holds the test's output open.
  struct Stop {
    int pid;
    ~Stop() {
      if (pid > 0) ::kill(pid, SIGKILL);
    }
  } stop{pid};
  const auto colon = serving.find("127.0.0.1:");
  ASSERT_NE(colon, std::string::npos) << serving;
  const int port = std::stoi(serving.substr(colon + 10));

  const std::string host = "Host: 127.0.0.1:" + std::to_string(port) + "\r\n";
  std::string answer = http(port, "GET / HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << answer;
  EXPECT_NE(answer.find("Content-Type: text/html"), std::string::npos) << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\n<p>page</p>")) << answer;
  answer = http(port, "HEAD /npuzzle.wasm?v=2 HTTP/1.1\r\n\r\n");
  EXPECT_NE(answer.find("Content-Type: application/wasm"), std::string::npos) << answer;
  EXPECT_TRUE(
      answer.ends_with("Content-Length: 4\r\nCache-Control: no-cache\r\n"
                       "Connection: close\r\n\r\n"))
      << answer;
  // Kept by the browser: asked again with its tag, an unchanged file is not sent again.
  const auto tag_at = answer.find("ETag: ");
  ASSERT_NE(tag_at, std::string::npos) << answer;
  const std::string tag = answer.substr(tag_at + 6, answer.find("\r\n", tag_at) - tag_at - 6);
  answer =
      http(port, "GET /npuzzle.wasm HTTP/1.1\r\n" + host + "If-None-Match: " + tag + "\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 304 Not Modified\r\n", 0), 0u) << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\n")) << answer;
  answer = http(port, "GET /npuzzle.wasm HTTP/1.1\r\n" + host + "If-None-Match: \"1-2\"\r\n\r\n");
  EXPECT_TRUE(answer.ends_with("\r\n\r\nwasm")) << answer;
  // Compressed at build time: sent as it is where the client takes gzip, else the plain file.
  std::ofstream(dir / "site" / "npuzzle.wasm.gz", std::ios::binary) << "gz!";
  answer =
      http(port, "GET /npuzzle.wasm HTTP/1.1\r\n" + host + "Accept-Encoding: gzip, br\r\n\r\n");
  EXPECT_NE(answer.find("Content-Type: application/wasm\r\nContent-Encoding: gzip\r\n"),
            std::string::npos)
      << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\ngz!")) << answer;
  answer = http(port, "GET /npuzzle.wasm HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_EQ(answer.find("Content-Encoding"), std::string::npos) << answer;
  EXPECT_TRUE(answer.ends_with("\r\n\r\nwasm")) << answer;
  for (const char* outside : {"/../secret.txt", "/%2e%2e/secret.txt", "/.hidden", "//etc/passwd",
                              "/site/../../secret.txt", "relative"}) {
    answer = http(port, std::string("GET ") + outside + " HTTP/1.1\r\n\r\n");
    EXPECT_EQ(answer.rfind("HTTP/1.1 404", 0), 0u) << outside << ": " << answer;
    EXPECT_EQ(answer.find("secret\n"), std::string::npos);
  }
  EXPECT_EQ(http(port, "POST / HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 405", 0), 0u);
  EXPECT_EQ(http(port, "nonsense\r\n\r\n").rfind("HTTP/1.1 400", 0), 0u);
  // A link inside the folder to a file outside it is not followed out.
  answer = http(port, "GET /link.txt HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 404", 0), 0u) << answer;
  // A request for another host name (a page that rebinds its name to this address) is refused.
  answer =
      http(port, "GET / HTTP/1.1\r\nHost: attacker.example:" + std::to_string(port) + "\r\n\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 403", 0), 0u) << answer;
  EXPECT_EQ(http(port, "GET / HTTP/1.1\r\nHost: localhost:" + std::to_string(port) + "\r\n\r\n")
                .rfind("HTTP/1.1 200", 0),
            0u);
  // A large file comes whole.
  answer = http(port, "GET /large.bin HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_TRUE(answer.ends_with("\r\n\r\n" + large)) << answer.size();
  // Idle clients, one sending a byte at a time and one that never reads its answer do not
  // hold up the others: a normal request is answered at once.
  std::vector<int> idle;
  for (int i = 0; i < 40; ++i) idle.push_back(connect_to(port));
  const int slow = connect_to(port);
  (void)!::write(slow, "G", 1);
  const int unread = connect_to(port);
  const std::string big = "GET /large.bin HTTP/1.1\r\n" + host + "\r\n";
  (void)!::write(unread, big.data(), big.size());
  const auto began = std::chrono::steady_clock::now();
  answer = http(port, "GET / HTTP/1.1\r\n" + host + "\r\n");
  EXPECT_EQ(answer.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << answer;
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(1));
  for (const int fd : idle) ::close(fd);
  ::close(slow);
  ::close(unread);

  ::kill(pid, SIGINT);  // Ctrl-C stops it within a poll interval
  bool stopped = false;
  for (int i = 0; i < 100 && !stopped; ++i) {
    ::usleep(20'000);
    stopped = http(port, "GET / HTTP/1.1\r\n\r\n").empty();
  }
  EXPECT_TRUE(stopped);
  if (stopped) stop.pid = 0;
  ::pclose(server);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace npuzzle::cli_test
