#pragma once
// The browser game's API (docs/sokoban_web.md): collections, profiles and their progress,
// games held by the server and played move by move with the game's own rules, saves, and the
// solver's hint and solve jobs. The page (assets/) is one client of it; tests and scripts are
// others.
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "hsearch/app/web_server.hpp"
#include "hsearch/sokoban/game/game.hpp"
#include "hsearch/sokoban/play/collection.hpp"
#include "solver_jobs.hpp"
#include "store.hpp"

namespace hsearch::sokoban::web {

// One level being played.
struct WebGame {
  WebGame(std::string id, int collection, int level, std::optional<std::string> profile, const Level& start)
      : id(std::move(id)), collection(collection), level(level), profile(std::move(profile)), game(start) {}

  const std::string id;
  const int collection;  // index in the server's collections
  const int level;       // 1-based
  const std::optional<std::string> profile;
  game::Game game;
  std::string redo;        // the moves undone, the next to redo last
  bool assisted = false;   // the solver's moves were played: a win is not recorded
  std::int64_t used_ms = 0;
  std::mutex mutex;
};

class GameServer {
 public:
  // `collections` (not changed afterwards) and the store outlive the server.
  GameServer(const std::vector<play::Collection>& collections, Store& store, SolverPool& solver);

  // Adds the API's routes (before the page's files, which take every other GET).
  void add_routes(app::WebServer& server);

  // Games held in memory; the least recently used beyond this are forgotten (a profile's
  // position is in the store all the same).
  static constexpr std::size_t kMaxGames = 2000;

 private:
  nlohmann::ordered_json collection_json(int index);
  nlohmann::ordered_json profile_json(const std::string& name);
  nlohmann::ordered_json state_json(const WebGame& g) const;
  std::shared_ptr<WebGame> new_game(const nlohmann::ordered_json& body);
  std::shared_ptr<WebGame> find_game(const std::string& id);
  // Stores a profile's game after a change; returns the "recorded" member (a win) or null.
  nlohmann::ordered_json persist(WebGame& g);
  int collection_index(const std::string& key) const;  // -1 when this server does not have it
  // Why a level (1-based) cannot be played ("" when it can), worked out once.
  const std::string& level_problem(int collection, int level);
  // For each level k (index k, 1-based; index 0 unused), whether the profile may open it.
  std::vector<bool> unlocked_levels(const std::string& profile, int collection);
  void require_profile(const std::string& name);

  const std::vector<play::Collection>& collections_;
  Store& store_;
  SolverPool& solver_;
  std::mutex games_mutex_;
  std::map<std::string, std::shared_ptr<WebGame>> games_;
  std::uint64_t next_game_ = 1;
  std::mutex problems_mutex_;
  std::vector<std::vector<std::optional<std::string>>> problems_;  // per collection and level
};

// A profile or save name as typed by a person: 1 to 40 characters, printable, no '/'.
// Returns "" when it is fine, else the problem.
std::string name_problem(const std::string& name, const char* what);

}  // namespace hsearch::sokoban::web
