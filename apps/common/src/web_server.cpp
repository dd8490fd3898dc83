#include "hsearch/app/web_server.hpp"

#include <cerrno>
#include <cstring>
#include <thread>

#include "hsearch/app/options.hpp"
#include "hsearch/core/interrupt.hpp"

namespace hsearch::app {

nlohmann::ordered_json json_body(const httplib::Request& request) {
  if (request.body.empty()) return nlohmann::ordered_json::object();
  nlohmann::ordered_json body;
  try {
    body = nlohmann::ordered_json::parse(request.body);
  } catch (const nlohmann::ordered_json::parse_error& e) {
    // e.byte is the 1-based position where parsing stopped.
    throw HttpError(400, "the request body is not JSON (at byte " + std::to_string(e.byte) + ")");
  } catch (const nlohmann::ordered_json::exception& e) {  // a number out of range, ...
    throw HttpError(400, std::string("the request body is not usable JSON: ") + e.what());
  }
  if (!body.is_object()) throw HttpError(400, "the request body must be a JSON object");
  return body;
}

std::string json_string(const nlohmann::ordered_json& body, const char* name, const std::string* fallback) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) {
    if (fallback != nullptr) return *fallback;
    throw HttpError(400, std::string("the request needs \"") + name + "\"");
  }
  if (!it->is_string()) throw HttpError(400, std::string("\"") + name + "\" must be a string");
  return it->get<std::string>();
}

long long json_integer(const nlohmann::ordered_json& body, const char* name, const long long* fallback) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) {
    if (fallback != nullptr) return *fallback;
    throw HttpError(400, std::string("the request needs \"") + name + "\"");
  }
  if (!it->is_number_integer()) throw HttpError(400, std::string("\"") + name + "\" must be an integer");
  return it->get<long long>();
}

bool json_flag(const nlohmann::ordered_json& body, const char* name, bool fallback) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) return fallback;
  if (!it->is_boolean()) throw HttpError(400, std::string("\"") + name + "\" must be true or false");
  return it->get<bool>();
}

void reply_json(httplib::Response& response, const nlohmann::ordered_json& value, int status) {
  response.status = status;
  // Invalid UTF-8 in a stored string is replaced rather than failing the whole answer.
  response.set_content(value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace),
                       "application/json; charset=utf-8");
}

std::string path_part(const httplib::Request& request, std::size_t index) {
  // cpp-httplib has already percent-decoded the path the route matched.
  return request.matches[static_cast<int>(index)].str();
}

WebServer::WebServer(WebServerOptions options) : options_(std::move(options)) {
  const int threads = options_.threads > 0 ? options_.threads : 1;
  server_.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
  server_.set_payload_max_length(options_.max_body_bytes);
  server_.set_keep_alive_timeout(5);
  server_.set_tcp_nodelay(true);  // answers are small: sent at once, not held for the next packet
  server_.set_read_timeout(5);
  server_.set_write_timeout(10);
  server_.set_default_headers({{"Cache-Control", "no-store"}, {"X-Content-Type-Options", "nosniff"}});
  // Statuses the library answers itself (no route: 404, body too large: 413, ...) get the same
  // JSON error shape as the handlers'.
  server_.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;
    std::string message;
    switch (response.status) {
      case 404: message = "no such page or API route: " + request.method + " " + request.path; break;
      case 413: message = "the request body is too large"; break;
      case 405: message = "method not allowed here"; break;
      case 400: message = "bad request (a POST needs a body, or Content-Length: 0)"; break;
      default: message = "HTTP " + std::to_string(response.status); break;
    }
    reply_json(response, {{"error", message}}, response.status);
  });
  // Checks made before a body is read. Chunked bodies would escape the size limit (the library
  // applies it to Content-Length only). A page of another site, or a name that resolves to this
  // machine only for a while (DNS rebinding), must not drive the API through the browser of the
  // person playing: the Host must be this server's, an Origin, when sent, this server's own, and a
  // POST body JSON (a cross-site form or no-cors request cannot send that without asking first).
  server_.set_pre_routing_handler([this](const httplib::Request& request, httplib::Response& response) {
    const auto refuse = [&](int status, const std::string& message) {
      reply_json(response, {{"error", message}}, status);
      return httplib::Server::HandlerResponse::Handled;
    };
    const std::string encoding = request.get_header_value("Transfer-Encoding");
    if (!encoding.empty() && encoding != "identity")
      return refuse(411, "request bodies must come with a Content-Length (no Transfer-Encoding)");
    if (!host_allowed(request.get_header_value("Host")))
      return refuse(403, "this server answers to its own address only (Host: " +
                             request.get_header_value("Host") + ")");
    if (request.has_header("Origin") && !host_allowed(origin_host(request.get_header_value("Origin"))))
      return refuse(403, "requests from another site's page are refused (Origin: " +
                             request.get_header_value("Origin") + ")");
    if (request.method == "POST" || request.method == "PUT" || request.method == "PATCH") {
      const std::string length = request.get_header_value("Content-Length");
      const bool has_body = !length.empty() && length != "0";
      if (has_body && request.get_header_value("Content-Type").rfind("application/json", 0) != 0)
        return refuse(415, "request bodies must be JSON (Content-Type: application/json)");
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  server_.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
    reply_json(response, {{"error", "internal error of the server"}}, 500);
  });
}

WebServer::Handler WebServer::guarded(Handler handler) const {
  return [handler = std::move(handler)](const httplib::Request& request, httplib::Response& response) {
    try {
      handler(request, response);
    } catch (const HttpError& e) {
      reply_json(response, {{"error", e.what()}}, e.status());
    } catch (const std::exception& e) {
      reply_json(response, {{"error", std::string("internal error of the server: ") + e.what()}}, 500);
    }
  };
}

void WebServer::get(const std::string& pattern, Handler handler) { server_.Get(pattern, guarded(std::move(handler))); }
void WebServer::post(const std::string& pattern, Handler handler) {
  server_.Post(pattern, guarded(std::move(handler)));
}
void WebServer::del(const std::string& pattern, Handler handler) {
  server_.Delete(pattern, guarded(std::move(handler)));
}

void WebServer::serve_assets(std::span<const WebAsset> assets) {
  get(R"(/[^?#]*)", [assets](const httplib::Request& request, httplib::Response& response) {
    const std::string path = request.path == "/" ? std::string("/index.html") : request.path;
    if (path.find("..") != std::string::npos) throw HttpError(400, "a path with '..' is not served");
    for (const WebAsset& asset : assets) {
      if (asset.path == path) {
        response.set_content(std::string(asset.body), std::string(asset.content_type));
        return;
      }
    }
    throw HttpError(404, "no such page: " + path);
  });
}

std::string WebServer::origin_host(const std::string& origin) {
  const std::size_t scheme = origin.find("://");
  return scheme == std::string::npos ? std::string() : origin.substr(scheme + 3);
}

bool WebServer::host_allowed(const std::string& host) const {
  // Listening on every address (0.0.0.0, ::), the server cannot know the names it is reached by.
  if (options_.host == "0.0.0.0" || options_.host == "::") return true;
  const std::string port = ":" + std::to_string(port_);
  const bool v6 = options_.host.find(':') != std::string::npos;
  for (const std::string& name :
       {(v6 ? "[" + options_.host + "]" : options_.host), std::string("localhost"), std::string("127.0.0.1"),
        std::string("[::1]")}) {
    if (host == name + port) return true;
  }
  return false;
}

bool WebServer::open_stream() {
  std::lock_guard lock(streams_mutex_);
  if (streams_ >= options_.max_streams) return false;
  ++streams_;
  return true;
}

void WebServer::close_stream() {
  std::lock_guard lock(streams_mutex_);
  --streams_;
}

void WebServer::bind() {
  errno = 0;
  if (options_.port == 0) {
    port_ = server_.bind_to_any_port(options_.host);
    if (port_ <= 0) {
      throw std::runtime_error("cannot listen on " + options_.host + " (any port)" +
                               (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()));
    }
    return;
  }
  if (!server_.bind_to_port(options_.host, options_.port)) {
    throw std::runtime_error("cannot listen on " + options_.host + ":" + std::to_string(options_.port) +
                             (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()));
  }
  port_ = options_.port;
}

std::string WebServer::url() const {
  const bool v6 = options_.host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + options_.host + "]" : options_.host) + ":" + std::to_string(port_) + "/";
}

void WebServer::run() {
  running_.store(true);
  if (!stopping_.load()) server_.listen_after_bind();
  running_.store(false);
}

void add_server_options(boost::program_options::options_description& options) {
  namespace po = boost::program_options;
  options.add_options()
      ("host", po::value<std::string>()->value_name("ADDRESS")->default_value("127.0.0.1"),
       "address to listen on (0.0.0.0: every network; there is no login)")
      ("port", po::value<std::string>()->value_name("N")->default_value("8080"), "port (0: any free port)");
}

WebServerOptions server_options(const boost::program_options::variables_map& vm) {
  WebServerOptions web;
  web.host = vm["host"].as<std::string>();
  web.port = static_cast<int>(parse_count_in("port", vm["port"].as<std::string>(), 0, 65535));
  return web;
}

void WebServer::run_until_interrupted() {
  std::thread watch([this] {
    while (!interrupt_flag().load() && !stopping()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop();
  });
  run();
  stop();
  watch.join();
}

void WebServer::stop() {
  stopping_.store(true);
  // cpp-httplib's stop() does nothing before its loop has started: a stop asked for just after
  // run() was called waits for the loop (run() has either seen stopping_ or will start it).
  while (running_.load() && !server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  server_.stop();
}

void reply_event_stream(httplib::Response& response, WebServer& server, std::chrono::milliseconds interval,
                        std::function<std::pair<nlohmann::ordered_json, bool>()> next) {
  // Each open stream holds one of the server's threads: beyond the limit, the client is told to
  // ask again (the page then polls).
  if (!server.open_stream()) throw HttpError(503, "too many event streams are open: poll instead");
  response.set_header("X-Accel-Buffering", "no");
  response.set_chunked_content_provider(
      "text/event-stream",
      [&server, interval, next = std::move(next), first = true](std::size_t, httplib::DataSink& sink) mutable {
        if (!first) std::this_thread::sleep_for(interval);
        first = false;
        if (server.stopping() || !sink.is_writable()) return false;
        const auto [event, last] = next();
        const std::string text =
            "data: " + event.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n\n";
        if (!sink.write(text.data(), text.size())) return false;
        if (last) sink.done();
        return true;
      },
      [&server](bool) { server.close_stream(); });
}

}  // namespace hsearch::app
