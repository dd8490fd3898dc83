// The browser game's HTTP API, in-process: a real server on a free port of 127.0.0.1 (the same
// routes as `sokoban serve`), a real client. Profiles, unlocking, positions and saves across a
// server restart, the solver's jobs, and hostile requests (traversal, malformed JSON, oversized
// bodies, odd names), each followed by a request that must still be served.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include "game_server.hpp"
#include "serve_main.hpp"

namespace fs = std::filesystem;
namespace web = hsearch::sokoban::web;
using json = nlohmann::ordered_json;

namespace {

// One running server: store, solver pool, routes, page, on its own thread.
struct Server {
  Server(const fs::path& file, web::SolverPoolOptions solver = {}, const std::string& more = "")
      : collections(make_collections(more)),
        store(file),
        pool(solver),
        game(collections, store, pool),
        http(hsearch::app::WebServerOptions{"127.0.0.1", 0, std::size_t{64} << 10, 16, 16}) {
    game.add_routes(http);
    http.serve_assets(web::web_assets());
    http.bind();
    thread = std::thread([this] { http.run(); });
  }
  static std::vector<hsearch::sokoban::play::Collection> make_collections(const std::string& more) {
    std::vector<hsearch::sokoban::play::Collection> all{hsearch::sokoban::play::builtin_collection()};
    if (!more.empty()) all.push_back(hsearch::sokoban::play::read_collection(more));
    return all;
  }
  ~Server() {
    http.stop();
    thread.join();
  }
  std::vector<hsearch::sokoban::play::Collection> collections;
  web::Store store;
  web::SolverPool pool;
  web::GameServer game;
  hsearch::app::WebServer http;
  std::thread thread;
};

struct Reply {
  int status = 0;
  json body;
};

class Api : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hsearch_web_api_test_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    start();
  }
  void TearDown() override {
    server_.reset();
    fs::remove_all(dir_);
  }
  void start(web::SolverPoolOptions solver = {}, const std::string& more = "") {
    server_.reset();
    server_ = std::make_unique<Server>(dir_ / "web.sqlite", solver, more);
    client_ = std::make_unique<httplib::Client>("127.0.0.1", server_->http.port());
    client_->set_read_timeout(30);
  }
  static Reply reply(const httplib::Result& r) {
    if (!r) return {0, nullptr};
    Reply out{r->status, nullptr};
    out.body = r->body.empty() ? json() : json::parse(r->body, nullptr, false);
    return out;
  }
  Reply get(const std::string& path) { return reply(client_->Get(path)); }
  Reply post(const std::string& path, const json& body = json::object()) {
    return reply(client_->Post(path, body.dump(), "application/json"));
  }
  Reply post_raw(const std::string& path, const std::string& body) {
    return reply(client_->Post(path, body, "application/json"));
  }
  Reply del(const std::string& path) { return reply(client_->Delete(path)); }

  // The finished job (polled; a job has the server's time limit, 10 s by default).
  json wait_job(const std::string& id) {
    for (int i = 0; i < 600; ++i) {
      const Reply r = get("/api/jobs/" + id);
      EXPECT_EQ(r.status, 200);
      if (r.body.value("state", "") == "done") return r.body;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "job " << id << " did not finish";
    return json();
  }
  // A whole solution of the game's current position, from the server's solver.
  std::string solution(const std::string& game) {
    const Reply asked = post("/api/games/" + game + "/solve");
    EXPECT_EQ(asked.status, 202);
    const json job = wait_job(asked.body["job"].get<std::string>());
    EXPECT_EQ(job["result"]["status"], "solved") << job.dump();
    return job["result"].value("lurd", "");
  }
  void expect_alive() {
    const Reply r = get("/api/collections");
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.body.size(), 1u);
  }

  fs::path dir_;
  std::unique_ptr<Server> server_;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(Api, TheCollectionsAndThePageAreServed) {
  const Reply list = get("/api/collections");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.body[0]["name"], "built-in levels");
  EXPECT_EQ(list.body[0]["levels"], 3);
  const Reply one = get("/api/collections/0");
  ASSERT_EQ(one.status, 200);
  EXPECT_EQ(one.body["levels"][0]["title"], "first steps");
  EXPECT_EQ(get("/api/collections/7").status, 404);
  if (web::web_assets().empty()) GTEST_SKIP() << "the page's files are not in this build";
  const auto page = client_->Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);
  EXPECT_NE(page->body.find("<html"), std::string::npos);
}

TEST_F(Api, HostileRequestsGetA4xxAndTheServerGoesOn) {
  // Paths outside the page's own files.
  for (const char* path : {"/../etc/passwd", "/%2e%2e/etc/passwd", "/..%2fetc%2fpasswd", "/etc/passwd"}) {
    const auto r = client_->Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_GE(r->status, 400) << path;
    EXPECT_LT(r->status, 500) << path;
    EXPECT_EQ(r->body.find("root:"), std::string::npos) << path;
    expect_alive();
  }
  // Malformed JSON, JSON that is not an object, members of the wrong type.
  EXPECT_EQ(post_raw("/api/profiles", "{\"name\": ").status, 400);
  EXPECT_EQ(post_raw("/api/profiles", "[1, 2]").status, 400);
  EXPECT_EQ(post("/api/profiles", {{"name", 12}}).status, 400);
  EXPECT_EQ(post("/api/games", {{"level", "one"}}).status, 400);
  expect_alive();
  // A body over the limit.
  EXPECT_EQ(post_raw("/api/profiles", std::string(100000, 'x')).status, 413);
  expect_alive();
  // Unknown things.
  EXPECT_EQ(get("/api/nothing").status, 404);
  EXPECT_EQ(get("/api/games/g999").status, 404);
  EXPECT_EQ(get("/api/jobs/j999").status, 404);
  EXPECT_EQ(post("/api/games", {{"collection", 3}}).status, 404);
  EXPECT_EQ(post("/api/games", {{"level", 99}}).status, 404);
  EXPECT_EQ(post("/api/games", {{"profile", "nobody"}}).status, 404);
  EXPECT_EQ(get("/api/profiles").body.size(), 0u);  // nothing was created on the way
  expect_alive();
}

TEST_F(Api, ProfileNamesAreCheckedAndOddOnesStoredAsText) {
  EXPECT_EQ(post("/api/profiles", {{"name", ""}}).status, 400);
  EXPECT_EQ(post("/api/profiles", {{"name", "   "}}).status, 400);
  EXPECT_EQ(post("/api/profiles", {{"name", std::string(41, 'a')}}).status, 400);
  EXPECT_EQ(post("/api/profiles", {{"name", "a/b"}}).status, 400);
  EXPECT_EQ(post("/api/profiles", {{"name", "tab\there"}}).status, 400);
  const std::string odd = "<img src=x onerror=alert(1)>'; DROP--";
  ASSERT_EQ(post("/api/profiles", {{"name", odd}}).status, 201);
  EXPECT_EQ(post("/api/profiles", {{"name", odd}}).status, 409);
  const Reply list = get("/api/profiles");
  ASSERT_EQ(list.body.size(), 1u);
  EXPECT_EQ(list.body[0]["name"], odd);
  const Reply one = get("/api/profiles/" + httplib::detail::encode_query_param(odd));
  EXPECT_EQ(one.status, 200);
  EXPECT_EQ(one.body["name"], odd);
  EXPECT_EQ(del("/api/profiles/" + httplib::detail::encode_query_param(odd)).status, 200);
  EXPECT_EQ(get("/api/profiles").body.size(), 0u);
}

TEST_F(Api, AWinUnlocksTheNextLevelAndProgressAndSavesSurviveARestart) {
  ASSERT_EQ(post("/api/profiles", {{"name", "ann"}}).status, 201);
  EXPECT_EQ(post("/api/games", {{"profile", "ann"}, {"level", 2}}).status, 403);  // locked
  Reply g = post("/api/games", {{"profile", "ann"}});
  ASSERT_EQ(g.status, 201);
  EXPECT_EQ(g.body["level"], 1);
  const std::string id = g.body["id"];
  const std::string lurd = solution(id);
  ASSERT_FALSE(lurd.empty());
  Reply won = post("/api/games/" + id + "/moves", {{"moves", lurd}});
  ASSERT_EQ(won.status, 200);
  EXPECT_TRUE(won.body["won"].get<bool>());
  ASSERT_TRUE(won.body["recorded"].is_object()) << won.body.dump();
  EXPECT_TRUE(won.body["recorded"]["first_time"].get<bool>());
  EXPECT_EQ(won.body["recorded"]["unlocked"], 2);
  EXPECT_EQ(won.body["recorded"]["best_moves"], won.body["moves"]);
  // Moves on a finished level change nothing.
  EXPECT_EQ(post("/api/games/" + id + "/moves", {{"moves", "l"}}).status, 409);

  // Level 2, opened by the profile (its last level), played a little and saved.
  g = post("/api/games", {{"profile", "ann"}});
  ASSERT_EQ(g.status, 201);
  EXPECT_EQ(g.body["level"], 2);
  const std::string id2 = g.body["id"];
  const std::string part = solution(id2).substr(0, 5);
  Reply moved = post("/api/games/" + id2 + "/moves", {{"moves", part}});
  ASSERT_EQ(moved.status, 200);
  EXPECT_FALSE(moved.body.contains("blocked"));
  ASSERT_EQ(post("/api/games/" + id2 + "/save", {{"name", "early"}}).status, 201);
  const json saved_rows = moved.body["rows"];
  post("/api/games/" + id2 + "/moves", {{"moves", solution(id2).substr(0, 2)}});  // on, past the save
  const std::string stored_history = get("/api/games/" + id2).body["history"];

  start();  // a new server on the same file
  const Reply profile = get("/api/profiles/ann");
  ASSERT_EQ(profile.status, 200);
  EXPECT_EQ(profile.body["last"]["level"], 2);
  const json levels = profile.body["collections"][0]["levels"];
  EXPECT_TRUE(levels[0]["solved"].get<bool>());
  EXPECT_TRUE(levels[1]["unlocked"].get<bool>());
  EXPECT_FALSE(levels[1]["solved"].get<bool>());
  EXPECT_FALSE(levels[2]["unlocked"].get<bool>());
  // The profile opens its last level where it was left...
  const Reply resumed = post("/api/games", {{"profile", "ann"}});
  ASSERT_EQ(resumed.status, 201);
  EXPECT_EQ(resumed.body["level"], 2);
  EXPECT_EQ(resumed.body["history"], stored_history);
  // ...and the save loads the board as it was saved.
  const Reply saves = get("/api/profiles/ann/saves");
  ASSERT_EQ(saves.body.size(), 1u);
  EXPECT_EQ(saves.body[0]["name"], "early");
  EXPECT_EQ(saves.body[0]["level"], 2);
  const Reply loaded = post("/api/games", {{"profile", "ann"}, {"save", "early"}});
  ASSERT_EQ(loaded.status, 201);
  EXPECT_EQ(loaded.body["rows"], saved_rows);
  EXPECT_EQ(loaded.body["history"], part);
  EXPECT_EQ(post("/api/games", {{"profile", "ann"}, {"save", "nope"}}).status, 404);
  EXPECT_EQ(del("/api/profiles/ann/saves/early").status, 200);
  EXPECT_EQ(get("/api/profiles/ann/saves").body.size(), 0u);
}

TEST_F(Api, UndoRedoRestartWalkAndBlockedMoves) {
  // Level 2, "around the pillar": the player stands at row 3, column 3.
  Reply g = post("/api/games", {{"level", 2}});
  ASSERT_EQ(g.status, 201);
  const std::string id = g.body["id"];
  EXPECT_TRUE(g.body["profile"].is_null());
  EXPECT_EQ(post("/api/games/" + id + "/moves", {{"moves", "lx"}}).status, 400);  // checked before any is played
  EXPECT_EQ(get("/api/games/" + id).body["moves"], 0);
  Reply r = post("/api/games/" + id + "/moves", {{"moves", "rrrr"}});  // the wall stops the fourth
  EXPECT_EQ(r.body["blocked"], 3);
  EXPECT_EQ(r.body["moves"], 3);
  r = post("/api/games/" + id + "/undo");
  r = post("/api/games/" + id + "/undo");
  EXPECT_EQ(r.body["moves"], 1);
  EXPECT_TRUE(r.body["can_redo"].get<bool>());
  r = post("/api/games/" + id + "/redo");
  EXPECT_EQ(r.body["moves"], 2);
  r = post("/api/games/" + id + "/moves", {{"moves", "l"}});  // a new move drops the redo
  EXPECT_FALSE(r.body["can_redo"].get<bool>());
  r = post("/api/games/" + id + "/restart");
  EXPECT_EQ(r.body["moves"], 0);
  EXPECT_EQ(r.body["rows"], g.body["rows"]);
  // Walking: to a free square by a shortest path, never through a box; a wall is refused.
  r = post("/api/games/" + id + "/walk", {{"row", 6}, {"col", 6}});
  EXPECT_FALSE(r.body.contains("blocked"));
  EXPECT_EQ(r.body["player"], json::array({6, 6}));
  EXPECT_EQ(r.body["pushes"], 0);
  EXPECT_EQ(r.body["moves"], 6);  // 3 down, 3 right: the Manhattan distance, no detour needed
  r = post("/api/games/" + id + "/walk", {{"row", 0}, {"col", 0}});
  EXPECT_EQ(r.body["blocked"], 0);
  EXPECT_EQ(r.body["moves"], 6);
  EXPECT_EQ(post("/api/games/" + id + "/walk", {{"row", 1}}).status, 400);
}

TEST_F(Api, AHintIsTheFirstPushOfASolutionThatReplays) {
  const Reply g = post("/api/games", {{"level", 3}});
  const std::string id = g.body["id"];
  const Reply asked = post("/api/games/" + id + "/hint");
  ASSERT_EQ(asked.status, 202);
  const json job = wait_job(asked.body["job"]);
  ASSERT_EQ(job["result"]["status"], "solved") << job.dump();
  EXPECT_TRUE(job["result"]["optimal"].get<bool>());
  const json hint = job["result"]["hint"];
  const std::string walk = hint["walk"];
  ASSERT_FALSE(walk.empty());
  EXPECT_TRUE(std::isupper(static_cast<unsigned char>(walk.back())));
  EXPECT_EQ(hint["pushes_to_go"], job["result"]["pushes"]);
  // Following the hint pushes the box it names.
  const Reply after = post("/api/games/" + id + "/moves", {{"moves", walk}});
  EXPECT_EQ(after.body["pushes"], 1);
  const int br = hint["box"][0], bc = hint["box"][1];
  EXPECT_NE(after.body["rows"][static_cast<std::size_t>(br)].get<std::string>()[static_cast<std::size_t>(bc)], '$');
  // The whole solution replays on the game.
  const Reply done = post("/api/games/" + id + "/restart");
  EXPECT_TRUE(post("/api/games/" + id + "/moves", {{"moves", job["result"]["lurd"]}}).body["won"].get<bool>());
  (void)done;
}

TEST_F(Api, AFullQueueAnswers503AndACancelledJobSaysInterrupted) {
  start(web::SolverPoolOptions{0, 2, 10, std::size_t{64} << 20});  // no worker: jobs wait
  const std::string id = post("/api/games", {{"level", 2}}).body["id"];
  const Reply a = post("/api/games/" + id + "/hint"), b = post("/api/games/" + id + "/solve");
  EXPECT_EQ(a.status, 202);
  EXPECT_EQ(b.status, 202);
  const Reply full = post("/api/games/" + id + "/hint");
  EXPECT_EQ(full.status, 503);
  EXPECT_NE(full.body["error"].get<std::string>().find("busy"), std::string::npos);
  EXPECT_EQ(get("/api/jobs/" + a.body["job"].get<std::string>()).body["state"], "queued");
  expect_alive();

  start(web::SolverPoolOptions{1, 2, 10, std::size_t{64} << 20});
  const std::string id2 = post("/api/games", {{"level", 2}}).body["id"];
  const std::string job = post("/api/games/" + id2 + "/solve").body["job"];
  EXPECT_EQ(del("/api/jobs/" + job).status, 200);
  const json done = wait_job(job);
  // Cancelled before it found the solution it is interrupted; a level this small may have been
  // solved already.
  const std::string status = done["result"]["status"];
  EXPECT_TRUE(status == "interrupted" || status == "solved") << status;
  EXPECT_EQ(del("/api/jobs/j404").status, 404);
}

TEST_F(Api, TheJobsEventsStreamEndsWithTheFinishedJob) {
  const std::string id = post("/api/games", {{"level", 3}}).body["id"];
  const std::string job = post("/api/games/" + id + "/solve").body["job"];
  std::string stream;
  const auto r = client_->Get("/api/jobs/" + job + "/events", [&](const char* data, std::size_t n) {
    stream.append(data, n);
    return true;
  });
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Type"), "text/event-stream");
  // data: {...}\n\n events; the last one is the finished job.
  const std::size_t last = stream.rfind("data: ");
  ASSERT_NE(last, std::string::npos) << stream;
  const json event = json::parse(stream.substr(last + 6));
  EXPECT_EQ(event["state"], "done");
  EXPECT_EQ(event["result"]["status"], "solved");
}

TEST_F(Api, TheServerListensOnLoopbackOnly) {
  // 127.0.0.2 is loopback too, but another address: nothing listens there.
  httplib::Client other("127.0.0.2", server_->http.port());
  other.set_connection_timeout(2);
  EXPECT_FALSE(other.Get("/api/collections"));
  expect_alive();
}

}  // namespace

namespace {

TEST_F(Api, PagesOfOtherSitesAndBodiesThatAreNotJsonAreRefused) {
  ASSERT_EQ(post("/api/profiles", {{"name", "ann"}}).status, 201);
  // A form or a text body (what another site's page can send without asking first).
  EXPECT_EQ(reply(client_->Post("/api/profiles", "{\"name\": \"eve\"}", "text/plain")).status, 415);
  EXPECT_EQ(reply(client_->Post("/api/profiles", "name=eve", "application/x-www-form-urlencoded")).status, 415);
  // Another site's page, and another host name (DNS rebinding).
  EXPECT_EQ(reply(client_->Post("/api/profiles", {{"Origin", "http://evil.example"}}, "{\"name\": \"eve\"}",
                                "application/json"))
                .status,
            403);
  EXPECT_EQ(reply(client_->Get("/api/profiles", {{"Host", "evil.example:80"}})).status, 403);
  // The page's own origin is welcome.
  const std::string own = "http://127.0.0.1:" + std::to_string(server_->http.port());
  EXPECT_EQ(reply(client_->Get("/api/profiles", {{"Origin", own}})).status, 200);
  // A chunked body (no Content-Length) would escape the size limit.
  const auto chunked = client_->Post(
      "/api/profiles",
      [](std::size_t, httplib::DataSink& sink) {
        sink.write("{\"name\": \"eve\"}", 15);
        sink.done();
        return true;
      },
      "application/json");
  // The server answers 411 before reading the body (the client may see the connection closed
  // while it still writes): either way nothing is created (checked below).
  if (chunked) {
    EXPECT_EQ(chunked->status, 411);
  }
  // A number JSON cannot hold.
  EXPECT_EQ(post_raw("/api/games", "{\"level\": 1e400}").status, 400);
  const Reply list = get("/api/profiles");
  ASSERT_EQ(list.body.size(), 1u);  // only ann
  expect_alive();
}

TEST_F(Api, NamesAPageCouldNeverReachAgainAreRefused) {
  for (const std::string name : {".", "..", "a\u202eb", "x\u0085y", "line\u2028break"}) {
    const json body = json::parse("{\"name\": \"" + name + "\"}");
    EXPECT_EQ(post("/api/profiles", body).status, 400) << name;
  }
  EXPECT_EQ(post("/api/profiles", {{"name", "caf\u00e9 \u4e16\u754c"}}).status, 201);
}

TEST_F(Api, TheSolversMovesStayMarkedWhenTheGameIsResumedOrLoaded) {
  ASSERT_EQ(post("/api/profiles", {{"name", "ann"}}).status, 201);
  const std::string id = post("/api/games", {{"profile", "ann"}}).body["id"];
  const std::string lurd = solution(id);
  ASSERT_GE(lurd.size(), 2u);
  Reply r = post("/api/games/" + id + "/moves", {{"moves", lurd.substr(0, lurd.size() - 1)}, {"assisted", true}});
  EXPECT_TRUE(r.body["assisted"].get<bool>());
  ASSERT_EQ(post("/api/games/" + id + "/save", {{"name", "helped"}}).status, 201);
  start();  // a server restart, as a page reload after one would see it
  const Reply resumed = post("/api/games", {{"profile", "ann"}});
  EXPECT_TRUE(resumed.body["assisted"].get<bool>());
  const Reply won = post("/api/games/" + resumed.body["id"].get<std::string>() + "/moves",
                         {{"moves", lurd.substr(lurd.size() - 1)}});
  EXPECT_TRUE(won.body["won"].get<bool>());
  EXPECT_TRUE(won.body["recorded"].is_null());  // not recorded: the solver played it
  EXPECT_FALSE(get("/api/profiles/ann").body["collections"][0]["levels"][0]["solved"].get<bool>());
  EXPECT_TRUE(post("/api/games", {{"profile", "ann"}, {"save", "helped"}}).body["assisted"].get<bool>());
}

TEST_F(Api, ALevelTheRulesRefuseIsNotPlayableAndLocksNothing) {
  const auto file = dir_ / "three.xsb";
  std::ofstream(file) << "#####\n#@$.#\n#####\n\n"     // 1: fine
                      << "######\n#@$$.#\n######\n\n"  // 2: two boxes, one goal
                      << "#####\n#.$@#\n#####\n";       // 3: fine
  start({}, file.string());
  const Reply levels = get("/api/collections/1");
  ASSERT_EQ(levels.status, 200);
  EXPECT_TRUE(levels.body["levels"][0]["playable"].get<bool>());
  EXPECT_FALSE(levels.body["levels"][1]["playable"].get<bool>());
  EXPECT_FALSE(levels.body["levels"][1]["error"].get<std::string>().empty());
  ASSERT_EQ(post("/api/profiles", {{"name", "cy"}}).status, 201);
  EXPECT_EQ(post("/api/games", {{"profile", "cy"}, {"collection", 1}, {"level", 2}}).status, 403);
  const std::string id = post("/api/games", {{"profile", "cy"}, {"collection", 1}, {"level", 1}}).body["id"];
  ASSERT_TRUE(post("/api/games/" + id + "/moves", {{"moves", solution(id)}}).body["won"].get<bool>());
  const json progress = get("/api/profiles/cy").body["collections"][1]["levels"];
  EXPECT_TRUE(progress[1]["unlocked"].get<bool>());
  EXPECT_TRUE(progress[2]["unlocked"].get<bool>());  // past the level that cannot be played
  EXPECT_EQ(post("/api/games", {{"profile", "cy"}, {"collection", 1}, {"level", 2}}).status, 422);
  // The profile's last level is that one: opening the profile falls back to one it can play.
  const Reply opened = post("/api/games", {{"profile", "cy"}});
  ASSERT_EQ(opened.status, 201) << opened.body.dump();
  EXPECT_EQ(opened.body["collection"], 0);
}

TEST_F(Api, AGameStopsGrowingAtItsMoveLimitAndAWinningMoveEndsTheRequest) {
  const std::string id = post("/api/games", {{"level", 2}}).body["id"];
  std::string steps;
  for (std::size_t i = 0; i < 30000; ++i) steps += "rl";
  int status = 200;
  int requests = 0;
  while (status == 200 && requests < 40) {
    status = post("/api/games/" + id + "/moves", {{"moves", steps}}).status;
    ++requests;
  }
  EXPECT_EQ(status, 409);
  EXPECT_LE(get("/api/games/" + id).body["moves"].get<int>(), 1000000);
  EXPECT_EQ(post("/api/games/" + id + "/restart").body["moves"], 0);
  // Level 1: the winning push, then moves that are not played and not "blocked".
  const std::string one = post("/api/games", {{"level", 1}}).body["id"];
  const std::string lurd = solution(one);
  const Reply won = post("/api/games/" + one + "/moves", {{"moves", lurd + "rrr"}});
  EXPECT_TRUE(won.body["won"].get<bool>());
  EXPECT_FALSE(won.body.contains("blocked"));
  EXPECT_EQ(won.body["moves"].get<std::size_t>(), lurd.size());
}

}  // namespace
