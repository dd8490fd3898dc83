#pragma once
// The one HTTP layer of the programs (cpp-httplib): a server bound to 127.0.0.1 unless told
// otherwise, JSON requests and answers, errors as {"error": "..."} with a 4xx status, a limit
// on request bodies (413), the page's files compiled into the program (cmake/EmbedAssets.cmake)
// and server-sent events. A handler that throws HttpError answers that status; any other
// exception answers 500; either way the server goes on serving. Requests that name another
// host, come from another site's page, or carry a body that is not JSON are refused before
// routing (see the constructor).
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include <boost/program_options.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>

namespace hsearch::app {

// One file of a page: served at `path` ("/index.html"; "/" serves "/index.html").
struct WebAsset {
  std::string_view path;
  std::string_view content_type;
  std::string_view body;
};

// Thrown by a handler to answer `status` (4xx) with {"error": message}.
class HttpError : public std::runtime_error {
 public:
  HttpError(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

// The request's body as a JSON object; HttpError 400 naming the problem when it is not one.
nlohmann::ordered_json json_body(const httplib::Request& request);

// Members of a JSON request, checked: HttpError 400 naming the member when it is missing
// (required) or of the wrong type.
std::string json_string(const nlohmann::ordered_json& body, const char* name, const std::string* fallback = nullptr);
long long json_integer(const nlohmann::ordered_json& body, const char* name, const long long* fallback = nullptr);
bool json_flag(const nlohmann::ordered_json& body, const char* name, bool fallback);

void reply_json(httplib::Response& response, const nlohmann::ordered_json& value, int status = 200);

// A regex capture of the route, percent-decoded (profile names travel in URLs).
std::string path_part(const httplib::Request& request, std::size_t index);

struct WebServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  std::size_t max_body_bytes = std::size_t{64} << 10;
  // Connections served at once (each keep-alive connection and each event stream holds one).
  int threads = 64;
  int max_streams = 16;  // event streams open at once (more: 503)
};

// The options every server program takes, with the same names, defaults and help: --host
// (127.0.0.1: this machine only) and --port (8080; 0: any free port).
void add_server_options(boost::program_options::options_description& options);
// The server's options from them; throws std::invalid_argument naming the option.
WebServerOptions server_options(const boost::program_options::variables_map& vm);

class WebServer {
 public:
  using Handler = std::function<void(const httplib::Request&, httplib::Response&)>;

  explicit WebServer(WebServerOptions options);
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Routes: `pattern` is a regular expression over the path (captures via path_part).
  void get(const std::string& pattern, Handler handler);
  void post(const std::string& pattern, Handler handler);
  void del(const std::string& pattern, Handler handler);
  // GET of a page file; "/" is "/index.html". Paths with ".." are refused (400), unknown ones 404.
  void serve_assets(std::span<const WebAsset> assets);

  // Binds the socket; throws std::runtime_error ("cannot listen on 127.0.0.1:80: ...") when it
  // cannot. Then port() is the port bound (the one picked for port 0).
  void bind();
  int port() const { return port_; }
  std::string url() const;

  // Serves until stop() (from another thread or a signal handler's thread).
  void run();
  // Serves until stop() or until Ctrl-C or SIGTERM raise the process's interrupt flag
  // (install_interrupt_handler(), core/interrupt.hpp): the handler only raises the flag, and a
  // thread that watches it turns it into a clean stop.
  void run_until_interrupted();
  void stop();
  bool stopping() const { return stopping_.load(); }

  // Event streams: a slot is taken before a stream starts (false: none free) and given back when
  // it ends.
  bool open_stream();
  void close_stream();

 private:
  Handler guarded(Handler handler) const;
  bool host_allowed(const std::string& host) const;
  static std::string origin_host(const std::string& origin);

  WebServerOptions options_;
  httplib::Server server_;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> running_{false};  // run() has been entered and not yet returned
  std::mutex streams_mutex_;
  int streams_ = 0;
};

// Streams server-sent events: `next` is called about every `interval` and returns the next
// event's JSON and whether it is the last one. The stream ends after the last event, when the
// client goes away, or when the server stops.
void reply_event_stream(httplib::Response& response, WebServer& server, std::chrono::milliseconds interval,
                        std::function<std::pair<nlohmann::ordered_json, bool>()> next);

}  // namespace hsearch::app
