#include "static_server.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

namespace npuzzle::cli {
namespace {

constexpr std::size_t kMaxRequestBytes = 16 * 1024;
constexpr int kPollMilliseconds = 200;  // how often the stop token is looked at
// Each request must arrive whole within this, and its answer be taken within the other, however
// slowly a client sends or reads: a slow or idle client holds one worker, for a while.
constexpr auto kRequestTime = std::chrono::seconds(5);
constexpr auto kAnswerTime = std::chrono::seconds(60);
constexpr std::size_t kMaxClients = 512;  // connections served at once
constexpr std::size_t kChunk = 64 * 1024;

using Clock = std::chrono::steady_clock;

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
  // A link inside the folder may point outside it: the file's real place must be inside.
  std::error_code ec;
  const auto real = std::filesystem::canonical(file, ec);
  if (ec || !std::filesystem::is_regular_file(real, ec)) return {};
  const auto inside = std::mismatch(folder.begin(), folder.end(), real.begin(), real.end());
  return inside.first == folder.end() ? real : std::filesystem::path{};
}

/// Waits on `fd` for `events` until the deadline or a stop; whether it is ready.
bool wait_for(int fd, short events, Clock::time_point deadline, const std::atomic<bool>& stop) {
  while (!stop) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd, events, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, kPollMilliseconds)));
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) return false;
  }
  return false;
}

/// Sends all of `bytes` by the deadline; false where the client went away or was too slow.
bool send_all(int fd, std::string_view bytes, Clock::time_point deadline,
              const std::atomic<bool>& stop) {
  while (!bytes.empty()) {
    if (!wait_for(fd, POLLOUT, deadline, stop)) return false;
    const ssize_t sent = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (sent <= 0) return false;  // the client went away: nothing more to tell it
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
  return true;
}

// A response's head. Browsers keep what they are sent and ask again each time (no-cache) with
// the file's tag, which a file unchanged since answers with 304 and no body.
std::string head(int code, std::string_view reason, std::string_view type, std::uintmax_t length,
                 bool gzipped = false, std::string_view tag = {}) {
  return "HTTP/1.1 " + std::to_string(code) + " " + std::string(reason) +
         "\r\nContent-Type: " + std::string(type) +
         (gzipped ? "\r\nContent-Encoding: gzip\r\nVary: Accept-Encoding" : "") +
         (tag.empty() ? "" : "\r\nETag: " + std::string(tag)) +
         "\r\nContent-Length: " + std::to_string(length) +
         "\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n";
}

// A file's tag: its size and time of change, so that a rebuilt file gets a new one.
std::string tag_of(const std::filesystem::path& file, std::uintmax_t size) {
  std::error_code ec;
  const auto changed = std::filesystem::last_write_time(file, ec).time_since_epoch().count();
  return "\"" + std::to_string(size) + "-" + std::to_string(changed) + "\"";
}

void answer(int fd, int code, std::string_view reason, std::string_view body, bool with_body,
            const std::atomic<bool>& stop) {
  const auto deadline = Clock::now() + kAnswerTime;
  if (send_all(fd, head(code, reason, "text/plain", body.size()), deadline, stop) && with_body) {
    send_all(fd, body, deadline, stop);
  }
}

/// The value of header `name` in `request` (its head), or nullopt where it has none.
std::optional<std::string_view> header(std::string_view request, std::string_view name) {
  for (std::size_t at = request.find("\r\n"); at != std::string_view::npos;) {
    const std::size_t start = at + 2, end = request.find("\r\n", start);
    const std::string_view line = request.substr(start, end - start);
    const std::size_t colon = line.find(':');
    if (colon == name.size() &&
        std::equal(name.begin(), name.end(), line.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        })) {
      std::string_view value = line.substr(colon + 1);
      while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
        value.remove_prefix(1);
      }
      while (!value.empty() && (value.back() == ' ' || value.back() == '\t'))
        value.remove_suffix(1);
      return value;
    }
    at = end;
  }
  return std::nullopt;
}

void handle(int fd, const std::filesystem::path& folder, std::uint16_t port,
            const std::atomic<bool>& stop) {
  const auto request_deadline = Clock::now() + kRequestTime;
  std::string request;
  char buffer[4096];
  while (request.find("\r\n\r\n") == std::string::npos && request.size() < kMaxRequestBytes) {
    if (!wait_for(fd, POLLIN, request_deadline, stop)) {
      if (!stop) answer(fd, 408, "Request Timeout", "the request took too long\n", true, stop);
      return;
    }
    const ssize_t got = ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (got <= 0) return;
    request.append(buffer, static_cast<std::size_t>(got));
  }
  const std::string_view line = std::string_view(request).substr(0, request.find("\r\n"));
  const std::size_t space1 = line.find(' ');
  const std::size_t space2 = line.find(' ', space1 + 1);
  if (space1 == std::string_view::npos || space2 == std::string_view::npos) {
    answer(fd, 400, "Bad Request", "bad request\n", true, stop);
    return;
  }
  const std::string_view method = line.substr(0, space1);
  if (method != "GET" && method != "HEAD") {
    answer(fd, 405, "Method Not Allowed", "only GET and HEAD\n", true, stop);
    return;
  }
  const bool with_body = method == "GET";
  // A page of another name that resolves to this address (DNS rebinding) is refused.
  const std::string at = ":" + std::to_string(port);
  if (const auto host = header(request, "Host");
      host && *host != "127.0.0.1" + at && *host != "localhost" + at && *host != "[::1]" + at) {
    answer(fd, 403, "Forbidden", "this server answers for 127.0.0.1" + at + " only\n", with_body,
           stop);
    return;
  }
  const std::string_view target = line.substr(space1 + 1, space2 - space1 - 1);
  const auto file = file_for(folder, target);
  // A file compressed at build time (FILE.gz beside it) goes as it is to a client that takes
  // gzip: the WebAssembly core is a fraction of its size so.
  std::filesystem::path sent = file;
  bool gzipped = false;
  if (const auto encodings = header(request, "Accept-Encoding");
      !file.empty() && encodings && encodings->find("gzip") != std::string_view::npos) {
    const auto packed =
        file_for(folder, std::string(target.substr(0, target.find_first_of("?#"))) + ".gz");
    if (!packed.empty()) {
      sent = packed;
      gzipped = true;
    }
  }
  std::error_code ec;
  std::ifstream in(sent, std::ios::binary);
  const std::uintmax_t size = sent.empty() ? 0 : std::filesystem::file_size(sent, ec);
  if (file.empty() || !in || ec) {
    answer(fd, 404, "Not Found", "not found\n", with_body, stop);
    return;
  }
  const auto deadline = Clock::now() + kAnswerTime;
  const std::string tag = tag_of(sent, size);
  if (header(request, "If-None-Match") == tag) {
    send_all(fd, head(304, "Not Modified", content_type(file), 0, gzipped, tag), deadline, stop);
    return;
  }
  // The file is sent a piece at a time, never held whole.
  if (!send_all(fd, head(200, "OK", content_type(file), size, gzipped, tag), deadline, stop) ||
      !with_body) {
    return;
  }
  std::string piece(kChunk, '\0');
  while (in) {
    in.read(piece.data(), static_cast<std::streamsize>(piece.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got == 0 || !send_all(fd, std::string_view(piece.data(), got), deadline, stop)) return;
  }
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
  if (::bind(server.fd, generic, sizeof address) != 0 || ::listen(server.fd, 128) != 0) {
    throw std::runtime_error("cannot listen on 127.0.0.1:" + std::to_string(port) + ": " +
                             std::strerror(errno));
  }
  socklen_t length = sizeof address;
  ::getsockname(server.fd, generic, &length);
  const std::uint16_t bound = ntohs(address.sin_port);
  std::error_code ec;
  const auto root = std::filesystem::canonical(folder, ec);
  if (ec) throw std::runtime_error("cannot serve " + folder.string() + ": " + ec.message());

  // Each connection is served on a thread of its own, so that a slow or idle client holds only
  // its own thread (until its deadline); past kMaxClients at once, a client is told to come back.
  std::atomic<bool> stopping{false};
  std::mutex mutex;
  std::condition_variable all_done;
  std::size_t active = 0;
  ready(bound);
  while (!stop.cancelled()) {
    pollfd incoming{server.fd, POLLIN, 0};
    if (::poll(&incoming, 1, kPollMilliseconds) <= 0) continue;  // a timeout, or a signal
    const int fd = ::accept4(server.fd, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    bool room = false;
    {
      const std::lock_guard lock(mutex);
      if (active < kMaxClients) {
        ++active;
        room = true;
      }
    }
    try {
      if (!room)
        throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
      std::thread([&, fd] {
        try {
          const Descriptor client(fd);
          handle(client.fd, root, bound, stopping);
        } catch (const std::exception&) {
          // (out of memory for one client, say): that connection is dropped, the others go on
        }
        const std::lock_guard lock(mutex);
        --active;
        all_done.notify_all();
      }).detach();
    } catch (const std::system_error&) {
      if (room) {
        const std::lock_guard lock(mutex);
        --active;
      }
      const Descriptor client(fd);
      answer(client.fd, 503, "Service Unavailable", "too many clients at once\n", true, stopping);
    }
  }
  // The clients being served see the stop within a poll interval.
  stopping = true;
  std::unique_lock lock(mutex);
  all_done.wait(lock, [&] { return active == 0; });
}

}  // namespace npuzzle::cli
