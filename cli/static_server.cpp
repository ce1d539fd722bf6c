#include "static_server.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>

namespace npuzzle::cli {
namespace {

constexpr std::size_t kMaxRequestBytes = 16 * 1024;
constexpr int kPollMilliseconds = 200;  // how often the stop token is looked at
constexpr int kClientSeconds = 5;       // a client that sends nothing for this long is dropped

/// Closes a descriptor when it goes out of scope.
struct Descriptor {
  int fd;
  explicit Descriptor(int f) : fd(f) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string_view content_type(const std::filesystem::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".json") return "application/json";
  if (ext == ".png") return "image/png";
  if (ext == ".svg") return "image/svg+xml";
  return "application/octet-stream";
}

/// The file a request path names under `folder`, or empty where it names none: only names made
/// of letters, digits, '.', '-' and '_', none starting with '.', so nothing outside the folder.
std::filesystem::path file_for(const std::filesystem::path& folder, std::string_view target) {
  target = target.substr(0, target.find_first_of("?#"));
  if (target.empty() || target.front() != '/') return {};
  if (target == "/") target = "/index.html";
  std::filesystem::path file = folder;
  std::size_t start = 1;
  while (start <= target.size()) {
    const std::size_t end = std::min(target.find('/', start), target.size());
    const std::string_view part = target.substr(start, end - start);
    if (part.empty() || part.front() == '.') return {};
    for (const char c : part) {
      const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                         (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
      if (!plain) return {};
    }
    file /= std::string(part);
    start = end + 1;
  }
  std::error_code ec;
  return std::filesystem::is_regular_file(file, ec) ? file : std::filesystem::path{};
}

void send_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t sent = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent <= 0) return;  // the client went away: nothing more to tell it
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
}

void answer(int fd, int code, std::string_view reason, std::string_view type, std::string_view body,
            bool with_body) {
  std::string head = "HTTP/1.1 " + std::to_string(code) + " " + std::string(reason) +
                     "\r\nContent-Type: " + std::string(type) +
                     "\r\nContent-Length: " + std::to_string(body.size()) +
                     "\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n";
  send_all(fd, head);
  if (with_body) send_all(fd, body);
}

void handle(int fd, const std::filesystem::path& folder) {
  const timeval limit{kClientSeconds, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  std::string request;
  char buffer[4096];
  while (request.find("\r\n\r\n") == std::string::npos && request.size() < kMaxRequestBytes) {
    const ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
    if (got <= 0) return;
    request.append(buffer, static_cast<std::size_t>(got));
  }
  const std::string_view line = std::string_view(request).substr(0, request.find("\r\n"));
  const std::size_t space1 = line.find(' ');
  const std::size_t space2 = line.find(' ', space1 + 1);
  if (space1 == std::string_view::npos || space2 == std::string_view::npos) {
    answer(fd, 400, "Bad Request", "text/plain", "bad request\n", true);
    return;
  }
  const std::string_view method = line.substr(0, space1);
  if (method != "GET" && method != "HEAD") {
    answer(fd, 405, "Method Not Allowed", "text/plain", "only GET and HEAD\n", true);
    return;
  }
  const auto file = file_for(folder, line.substr(space1 + 1, space2 - space1 - 1));
  std::ifstream in(file, std::ios::binary);
  if (file.empty() || !in) {
    answer(fd, 404, "Not Found", "text/plain", "not found\n", method == "GET");
    return;
  }
  const std::string body{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  answer(fd, 200, "OK", content_type(file), body, method == "GET");
}

}  // namespace

void serve_static(const std::filesystem::path& folder, std::uint16_t port, const CancelToken& stop,
                  const std::function<void(std::uint16_t)>& ready) {
  const Descriptor server(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (server.fd < 0) throw std::runtime_error(std::string("no socket: ") + std::strerror(errno));
  const int yes = 1;
  ::setsockopt(server.fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  // The socket API takes every address family through the one generic pointer type.
  auto* generic = reinterpret_cast<sockaddr*>(&address);
  if (::bind(server.fd, generic, sizeof address) != 0 || ::listen(server.fd, 16) != 0) {
    throw std::runtime_error("cannot listen on 127.0.0.1:" + std::to_string(port) + ": " +
                             std::strerror(errno));
  }
  socklen_t length = sizeof address;
  ::getsockname(server.fd, generic, &length);
  ready(ntohs(address.sin_port));
  while (!stop.cancelled()) {
    pollfd waiting{server.fd, POLLIN, 0};
    if (::poll(&waiting, 1, kPollMilliseconds) <= 0) continue;  // a timeout, or a signal
    const Descriptor client(::accept4(server.fd, nullptr, nullptr, SOCK_CLOEXEC));
    if (client.fd >= 0) handle(client.fd, folder);
  }
}

}  // namespace npuzzle::cli
