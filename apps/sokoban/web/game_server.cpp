#include "game_server.hpp"

#include <algorithm>
#include <queue>

namespace hsearch::sokoban::web {

using app::HttpError;
using json = nlohmann::ordered_json;

namespace {

constexpr std::size_t kMaxMovesPerRequest = 100000;
// A game's history is kept, answered and stored on every move: past this many moves the game
// must be restarted (no solution of a real level comes near it).
constexpr std::size_t kMaxHistory = 1000000;

// Code points a name must not hold: C0 and C1 controls, line and paragraph separators, and the
// bidirectional controls that make one name look like another.
bool forbidden_code_point(std::uint32_t c) {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e) ||
         (c >= 0x2066 && c <= 0x2069);
}

int dir_of(char c) {
  for (int d = 0; d < 4; ++d)
    if (c == kStepLetter[d] || c == kPushLetter[d]) return d;
  return -1;
}

// The steps (lurd) of a shortest walk from the player to (row, col) that pushes no box; nothing
// when there is none.
std::optional<std::string> walk_to(const game::Game& g, int row, int col) {
  const int w = g.width(), h = g.height();
  if (row < 0 || row >= h || col < 0 || col >= w) return std::nullopt;
  const auto free = [&](int r, int c) {
    const char ch = g.at(r, c);
    return ch == ' ' || ch == '.' || ch == '@' || ch == '+';
  };
  if (!free(row, col)) return std::nullopt;
  std::vector<int> from(static_cast<std::size_t>(w * h), -1);  // the direction that reached the square
  std::queue<int> todo;
  const int start = g.player_row() * w + g.player_col();
  from[static_cast<std::size_t>(start)] = 4;
  todo.push(start);
  while (!todo.empty()) {
    const int at = todo.front();
    todo.pop();
    if (at == row * w + col) break;
    for (int d = 0; d < 4; ++d) {
      const int r = at / w + kRowStep[d], c = at % w + kColStep[d];
      if (r < 0 || r >= h || c < 0 || c >= w || !free(r, c)) continue;
      const int next = r * w + c;
      if (from[static_cast<std::size_t>(next)] != -1) continue;
      from[static_cast<std::size_t>(next)] = d;
      todo.push(next);
    }
  }
  int at = row * w + col;
  if (from[static_cast<std::size_t>(at)] == -1) return std::nullopt;
  std::string steps;
  while (at != start) {
    const int d = from[static_cast<std::size_t>(at)];
    steps.push_back(kStepLetter[d]);
    at -= kRowStep[d] * w + kColStep[d];
  }
  std::reverse(steps.begin(), steps.end());
  return steps;
}

}  // namespace

std::string name_problem(const std::string& name, const char* what) {
  // The JSON parser has already refused text that is not UTF-8: decode it to code points.
  std::size_t characters = 0;
  for (std::size_t i = 0; i < name.size();) {
    const auto lead = static_cast<unsigned char>(name[i]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    std::uint32_t c = length == 1 ? lead : lead & (0x7f >> length);
    for (std::size_t k = 1; k < length && i + k < name.size(); ++k)
      c = (c << 6) | (static_cast<unsigned char>(name[i + k]) & 0x3f);
    i += length;
    ++characters;
    if (forbidden_code_point(c)) return std::string("a ") + what + " name cannot hold control characters";
    if (c == '/') return std::string("a ") + what + " name cannot hold '/'";
  }
  if (characters == 0 || name.find_first_not_of(' ') == std::string::npos)
    return std::string("a ") + what + " name cannot be empty";
  // Browsers resolve these as path steps: a page could never reach the profile again.
  if (name == "." || name == "..") return std::string("a ") + what + " name cannot be '.' or '..'";
  if (characters > 40) return std::string("a ") + what + " name has at most 40 characters";
  return "";
}

GameServer::GameServer(const std::vector<play::Collection>& collections, Store& store, SolverPool& solver)
    : collections_(collections), store_(store), solver_(solver) {
  for (const play::Collection& c : collections_) problems_.emplace_back(c.levels.size());
}

const std::string& GameServer::level_problem(int collection, int level) {
  std::lock_guard lock(problems_mutex_);
  auto& known = problems_[static_cast<std::size_t>(collection)][static_cast<std::size_t>(level - 1)];
  if (!known) {
    const LevelEntry& entry = collections_[static_cast<std::size_t>(collection)].levels[static_cast<std::size_t>(level - 1)];
    known = entry.error;
    if (entry.ok()) {
      try {
        const game::Game check(entry.level);  // the rules refuse some levels the reader accepts
      } catch (const std::exception& e) {
        known = e.what();
      }
    }
  }
  return *known;
}

std::vector<bool> GameServer::unlocked_levels(const std::string& profile, int collection) {
  const play::Collection& c = collections_[static_cast<std::size_t>(collection)];
  std::vector<bool> solved(c.levels.size() + 1, false);
  for (const SolvedLevel& s : store_.solved(profile))
    if (s.collection == c.key && s.level >= 1 && s.level < static_cast<int>(solved.size()))
      solved[static_cast<std::size_t>(s.level)] = true;
  // Level 1 is open; level k + 1 opens when level k is solved, or cannot be played at all (a
  // broken level in a file locks nothing). Short-circuited: only the first open unsolved level's
  // rules are checked.
  std::vector<bool> open(c.levels.size() + 1, false);
  for (std::size_t level = 1; level < open.size(); ++level)
    open[level] = level == 1 || (open[level - 1] && (solved[level - 1] ||
                                                     !level_problem(collection, static_cast<int>(level - 1)).empty()));
  return open;
}

int GameServer::collection_index(const std::string& key) const {
  for (std::size_t i = 0; i < collections_.size(); ++i)
    if (collections_[i].key == key) return static_cast<int>(i);
  return -1;
}

void GameServer::require_profile(const std::string& name) {
  if (!store_.has_profile(name)) throw HttpError(404, "no profile named '" + name + "'");
}

json GameServer::collection_json(int index) {
  const play::Collection& c = collections_[static_cast<std::size_t>(index)];
  json levels = json::array();
  for (std::size_t i = 0; i < c.levels.size(); ++i) {
    const std::string& problem = level_problem(index, static_cast<int>(i + 1));
    json level = {{"level", i + 1}, {"title", c.levels[i].level.title}, {"playable", problem.empty()}};
    if (!problem.empty()) level["error"] = problem;
    levels.push_back(level);
  }
  return {{"id", index}, {"name", c.name}, {"levels", levels}};
}

json GameServer::profile_json(const std::string& name) {
  require_profile(name);
  const std::vector<SolvedLevel> solved = store_.solved(name);
  json out = {{"name", name}, {"last", nullptr}};
  if (const auto last = store_.last_played(name)) {
    const int index = collection_index(last->collection);
    if (index >= 0) out["last"] = {{"collection", index}, {"level", last->level}};
  }
  json collections = json::array();
  for (std::size_t c = 0; c < collections_.size(); ++c) {
    const std::string& key = collections_[c].key;
    std::vector<const SolvedLevel*> best(collections_[c].levels.size() + 1, nullptr);
    for (const SolvedLevel& s : solved)
      if (s.collection == key && s.level >= 1 && s.level < static_cast<int>(best.size()))
        best[static_cast<std::size_t>(s.level)] = &s;
    const std::vector<bool> open = unlocked_levels(name, static_cast<int>(c));
    json levels = json::array();
    for (std::size_t level = 1; level < best.size(); ++level) {
      json entry = {{"level", level}, {"unlocked", open[level]},
                    {"solved", best[level] != nullptr}};
      if (best[level] != nullptr) {
        entry["best_moves"] = best[level]->best_moves;
        entry["best_pushes"] = best[level]->best_pushes;
      }
      levels.push_back(entry);
    }
    collections.push_back({{"id", c}, {"levels", levels}});
  }
  out["collections"] = collections;
  return out;
}

json GameServer::state_json(const WebGame& g) const {
  const game::Game& game = g.game;
  json rows = json::array();
  for (int r = 0; r < game.height(); ++r) {
    std::string row;
    for (int c = 0; c < game.width(); ++c) row.push_back(game.at(r, c));
    rows.push_back(row);
  }
  json deadlock = nullptr;
  if (game.deadlock().any()) {
    json boxes = json::array();
    for (const auto& [r, c] : game.deadlock().boxes) boxes.push_back({r, c});
    deadlock = {{"reason", game.deadlock().message()}, {"boxes", boxes}};
  }
  return {{"id", g.id},
          {"collection", g.collection},
          {"level", g.level},
          {"levels", collections_[static_cast<std::size_t>(g.collection)].levels.size()},
          {"title", game.level().title},
          {"profile", g.profile ? json(*g.profile) : json(nullptr)},
          {"rows", rows},
          {"width", game.width()},
          {"height", game.height()},
          {"player", {game.player_row(), game.player_col()}},
          {"moves", game.moves()},
          {"pushes", game.pushes()},
          {"history", game.history()},
          {"can_undo", game.moves() > 0},
          {"can_redo", !g.redo.empty()},
          {"won", game.won()},
          {"assisted", g.assisted},
          {"deadlock", deadlock},
          {"recorded", nullptr}};
}

std::shared_ptr<WebGame> GameServer::new_game(const json& body) {
  std::optional<std::string> profile;
  if (body.contains("profile") && !body["profile"].is_null()) {
    profile = app::json_string(body, "profile");
    require_profile(*profile);
  }
  int collection = 0, level = 1;
  std::string history;
  bool assisted = false;
  if (body.contains("save") && !body["save"].is_null()) {
    const std::string save = app::json_string(body, "save");
    if (!profile) throw HttpError(400, "loading a save needs the \"profile\" it belongs to");
    const auto saved = store_.load_save(*profile, save);
    if (!saved) throw HttpError(404, "profile '" + *profile + "' has no save named '" + save + "'");
    collection = collection_index(saved->collection);
    if (collection < 0)
      throw HttpError(404, "the save '" + save + "' is of a collection this server was not started with: " +
                               saved->collection);
    level = saved->level;
    history = saved->history;
    assisted = saved->assisted;
  } else {
    const bool given = body.contains("level") || body.contains("collection");
    if (!given && profile) {
      const auto last = store_.last_played(*profile);
      const int index = last ? collection_index(last->collection) : -1;
      if (index >= 0 && last->level >= 1 &&
          last->level <= static_cast<int>(collections_[static_cast<std::size_t>(index)].levels.size()) &&
          level_problem(index, last->level).empty()) {
        collection = index;
        level = last->level;
      } else {
        // No last level, or one this server cannot open now (a collection not given, a file that
        // changed): the first open level of the first collection that can be played.
        const std::vector<bool> open = unlocked_levels(*profile, 0);
        for (std::size_t k = 1; k < open.size(); ++k) {
          if (open[k] && level_problem(0, static_cast<int>(k)).empty()) {
            level = static_cast<int>(k);
            break;
          }
        }
      }
    } else {
      const long long zero = 0, one = 1;
      const long long c = app::json_integer(body, "collection", &zero);
      const long long l = app::json_integer(body, "level", &one);
      if (c < 0 || c >= static_cast<long long>(collections_.size()))
        throw HttpError(404, "no collection " + std::to_string(c) + " (this server has " +
                                 std::to_string(collections_.size()) + ")");
      collection = static_cast<int>(c);
      const auto count = static_cast<long long>(collections_[static_cast<std::size_t>(collection)].levels.size());
      if (l < 1 || l > count)
        throw HttpError(404, "no level " + std::to_string(l) + " in collection " + std::to_string(c) + " (it has " +
                                 std::to_string(count) + ")");
      level = static_cast<int>(l);
    }
    if (profile) {
      if (!unlocked_levels(*profile, collection)[static_cast<std::size_t>(level)])
        throw HttpError(403, "level " + std::to_string(level) + " is locked for profile '" + *profile +
                                 "': finish level " + std::to_string(level - 1) + " first");
      const Position stored = store_.position(*profile, collections_[static_cast<std::size_t>(collection)].key, level);
      history = stored.history;
      assisted = stored.assisted;
    }
  }
  const auto& levels = collections_[static_cast<std::size_t>(collection)].levels;
  if (level < 1 || level > static_cast<int>(levels.size()))
    throw HttpError(404, "no level " + std::to_string(level) + " in collection " + std::to_string(collection));
  if (const std::string& problem = level_problem(collection, level); !problem.empty()) throw HttpError(422, problem);
  const LevelEntry& entry = levels[static_cast<std::size_t>(level - 1)];
  std::shared_ptr<WebGame> g;
  {
    std::lock_guard lock(games_mutex_);
    g = std::make_shared<WebGame>("g" + std::to_string(next_game_++), collection, level, profile, entry.level);
  }
  if (!history.empty() && history.size() <= kMaxHistory) {
    const std::string problem = g->game.play(history);
    if (problem.empty()) {
      g->assisted = assisted;
    } else {
      g->game.restart();  // stored moves of an edited level file: start afresh
    }
  }
  if (profile && !g->game.won()) {
    store_.set_position(*profile, collections_[static_cast<std::size_t>(collection)].key, level, g->game.history(),
                        g->assisted);
  }
  g->used_ms = steady_ms();
  std::lock_guard lock(games_mutex_);
  if (games_.size() >= kMaxGames) {
    auto oldest = games_.begin();
    for (auto it = games_.begin(); it != games_.end(); ++it)
      if (it->second->used_ms < oldest->second->used_ms) oldest = it;
    games_.erase(oldest);
  }
  games_[g->id] = g;
  return g;
}

std::shared_ptr<WebGame> GameServer::find_game(const std::string& id) {
  std::lock_guard lock(games_mutex_);
  const auto it = games_.find(id);
  if (it == games_.end()) throw HttpError(404, "no game " + id + " (games not played for a long time are forgotten)");
  it->second->used_ms = steady_ms();
  return it->second;
}

json GameServer::persist(WebGame& g) {
  if (!g.profile) return nullptr;
  const play::Collection& c = collections_[static_cast<std::size_t>(g.collection)];
  if (!g.game.won()) {
    store_.set_position(*g.profile, c.key, g.level, g.game.history(), g.assisted);
    return nullptr;
  }
  if (g.assisted) return nullptr;
  const bool has_next = g.level < static_cast<int>(c.levels.size());
  const Win win = store_.record_win(*g.profile, c.key, g.level, g.game.moves(), g.game.pushes(),
                                    has_next ? std::optional<int>(g.level + 1) : std::nullopt);
  return {{"first_time", win.first_time},
          {"best_moves", win.best_moves},
          {"best_pushes", win.best_pushes},
          {"unlocked", win.first_time && has_next ? json(g.level + 1) : json(nullptr)}};
}

void GameServer::add_routes(app::WebServer& server) {
  using httplib::Request;
  using httplib::Response;

  server.get("/api/collections", [this](const Request&, Response& res) {
    json out = json::array();
    for (std::size_t i = 0; i < collections_.size(); ++i)
      out.push_back({{"id", i}, {"name", collections_[i].name}, {"levels", collections_[i].levels.size()}});
    app::reply_json(res, out);
  });
  server.get(R"(/api/collections/(\d{1,9}))", [this](const Request& req, Response& res) {
    const long index = std::stol(app::path_part(req, 1));
    if (index >= static_cast<long>(collections_.size())) throw HttpError(404, "no collection " + std::to_string(index));
    app::reply_json(res, collection_json(static_cast<int>(index)));
  });

  server.get("/api/profiles", [this](const Request&, Response& res) {
    json out = json::array();
    for (const std::string& name : store_.profiles()) out.push_back({{"name", name}});
    app::reply_json(res, out);
  });
  server.post("/api/profiles", [this](const Request& req, Response& res) {
    const std::string name = app::json_string(app::json_body(req), "name");
    if (const std::string problem = name_problem(name, "profile"); !problem.empty()) throw HttpError(400, problem);
    if (!store_.create_profile(name)) throw HttpError(409, "a profile named '" + name + "' already exists");
    app::reply_json(res, {{"name", name}}, 201);
  });
  server.get(R"(/api/profiles/([^/]+))", [this](const Request& req, Response& res) {
    app::reply_json(res, profile_json(app::path_part(req, 1)));
  });
  server.del(R"(/api/profiles/([^/]+))", [this](const Request& req, Response& res) {
    const std::string name = app::path_part(req, 1);
    if (!store_.delete_profile(name)) throw HttpError(404, "no profile named '" + name + "'");
    {
      // Its games go too: they would otherwise write into a new profile of the same name.
      std::lock_guard lock(games_mutex_);
      std::erase_if(games_, [&](const auto& entry) { return entry.second->profile == name; });
    }
    app::reply_json(res, {{"deleted", name}});
  });
  server.get(R"(/api/profiles/([^/]+)/saves)", [this](const Request& req, Response& res) {
    const std::string name = app::path_part(req, 1);
    require_profile(name);
    json out = json::array();
    for (const SavedGame& s : store_.saves(name)) {
      const int index = collection_index(s.collection);
      out.push_back({{"name", s.name},
                     {"collection", index >= 0 ? json(index) : json(nullptr)},
                     {"level", s.level},
                     {"moves", s.moves},
                     {"pushes", s.pushes},
                     {"saved", s.saved}});
    }
    app::reply_json(res, out);
  });
  server.del(R"(/api/profiles/([^/]+)/saves/([^/]+))", [this](const Request& req, Response& res) {
    const std::string name = app::path_part(req, 1), save = app::path_part(req, 2);
    require_profile(name);
    if (!store_.delete_save(name, save)) throw HttpError(404, "profile '" + name + "' has no save named '" + save + "'");
    app::reply_json(res, {{"deleted", save}});
  });

  server.post("/api/games", [this](const Request& req, Response& res) {
    const std::shared_ptr<WebGame> g = new_game(app::json_body(req));
    std::lock_guard lock(g->mutex);
    app::reply_json(res, state_json(*g), 201);
  });
  server.get(R"(/api/games/([^/]+))", [this](const Request& req, Response& res) {
    const std::shared_ptr<WebGame> g = find_game(app::path_part(req, 1));
    std::lock_guard lock(g->mutex);
    app::reply_json(res, state_json(*g));
  });
  server.post(R"(/api/games/([^/]+)/moves)", [this](const Request& req, Response& res) {
    const json body = app::json_body(req);
    const std::string moves = app::json_string(body, "moves");
    if (moves.size() > kMaxMovesPerRequest) throw HttpError(400, "at most 100000 moves per request");
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (dir_of(moves[i]) < 0)
        throw HttpError(400, "move " + std::to_string(i + 1) + ": '" + std::string(1, moves[i]) +
                                 "' is not one of u, d, l, r (either case)");
    }
    const bool assisted = app::json_flag(body, "assisted", false);
    const std::shared_ptr<WebGame> g = find_game(app::path_part(req, 1));
    std::lock_guard lock(g->mutex);
    if (g->game.won()) throw HttpError(409, "the level is finished: undo, restart or open another level");
    if (static_cast<std::size_t>(g->game.moves()) + moves.size() > kMaxHistory)
      throw HttpError(409, "this game has reached the limit of 1000000 moves: restart it");
    std::size_t played = 0;
    while (played < moves.size() && !g->game.won()) {
      if (g->game.step(dir_of(moves[played])) == game::StepResult::blocked) break;
      ++played;
    }
    if (played > 0) {
      g->redo.clear();
      if (assisted) g->assisted = true;
    }
    json state = state_json(*g);
    state["recorded"] = played > 0 ? persist(*g) : json(nullptr);
    // Moves after the winning one are not played, and not reported as blocked.
    if (played < moves.size() && !g->game.won()) state["blocked"] = played;
    app::reply_json(res, state);
  });
  server.post(R"(/api/games/([^/]+)/walk)", [this](const Request& req, Response& res) {
    const json body = app::json_body(req);
    const long long row = app::json_integer(body, "row"), col = app::json_integer(body, "col");
    const std::shared_ptr<WebGame> g = find_game(app::path_part(req, 1));
    std::lock_guard lock(g->mutex);
    if (g->game.won()) throw HttpError(409, "the level is finished: undo, restart or open another level");
    const auto steps = (row >= 0 && row < g->game.height() && col >= 0 && col < g->game.width())
                           ? walk_to(g->game, static_cast<int>(row), static_cast<int>(col))
                           : std::nullopt;
    if (steps && static_cast<std::size_t>(g->game.moves()) + steps->size() > kMaxHistory)
      throw HttpError(409, "this game has reached the limit of 1000000 moves: restart it");
    if (steps) {
      for (char s : *steps) g->game.step(dir_of(s));
      if (!steps->empty()) g->redo.clear();
    }
    json state = state_json(*g);
    if (!steps) state["blocked"] = 0;
    if (steps && !steps->empty()) persist(*g);
    app::reply_json(res, state);
  });
  server.post(R"(/api/games/([^/]+)/undo)", [this](const Request& req, Response& res) {
    const std::shared_ptr<WebGame> g = find_game(app::path_part(req, 1));
    std::lock_guard lock(g->mutex);
    if (!g->game.history().empty()) {
      g->redo.push_back(g->game.history().back());
      g->game.undo();
      persist(*g);
    }
    app::reply_json(res, state_json(*g));
  });
  server.post(R"(/api/games/([^/]+)/redo)", [this](const Request& req, Response& res) {
    const std::shared_ptr<WebGame> g = find_game(app::path_part(req, 1));
    std::lock_guard lock(g->mutex);
    json recorded = nullptr;
    if (!g->redo.empty() && !g->game.won()) {
      g->game.step(dir_of(g->redo.back()));
      g->redo.pop_back();
      recorded = persist(*g);
    }
    json state = state_json(*g);
    state["recorded"] = recorded;
    app::reply_json(res, state);
  });
  server.post(R"(/api/games/([^/]+)/restart)", [this](const Request& req, Response& res) {
    const std::shared_ptr<WebGame> g = find_game(app::path_part(req, 1));
    std::lock_guard lock(g->mutex);
    g->game.restart();
    g->redo.clear();
    g->assisted = false;
    persist(*g);
    app::reply_json(res, state_json(*g));
  });
  server.post(R"(/api/games/([^/]+)/save)", [this](const Request& req, Response& res) {
    const std::string name = app::json_string(app::json_body(req), "name");
    if (const std::string problem = name_problem(name, "save"); !problem.empty()) throw HttpError(400, problem);
    const std::shared_ptr<WebGame> g = find_game(app::path_part(req, 1));
    std::lock_guard lock(g->mutex);
    if (!g->profile) throw HttpError(400, "a guest's game cannot be saved: choose a profile first");
    SavedGame save;
    save.name = name;
    save.collection = collections_[static_cast<std::size_t>(g->collection)].key;
    save.level = g->level;
    save.history = g->game.history();
    save.moves = g->game.moves();
    save.pushes = g->game.pushes();
    save.assisted = g->assisted;
    try {
      store_.save_game(*g->profile, save);
    } catch (const StoreError&) {
      if (!store_.has_profile(*g->profile)) throw HttpError(404, "the profile '" + *g->profile + "' was deleted");
      throw;
    }
    app::reply_json(res, {{"saved", name}}, 201);
  });

  const auto ask_solver = [this](JobKind kind) {
    return [this, kind](const Request& req, Response& res) {
      const std::shared_ptr<WebGame> g = find_game(app::path_part(req, 1));
      std::shared_ptr<Job> job;
      {
        std::lock_guard lock(g->mutex);
        if (g->game.won()) throw HttpError(409, "the level is finished: there is nothing to solve");
        job = solver_.submit(kind, g->id, g->game);
      }
      if (!job)
        throw HttpError(503, "the solver is busy (" + std::to_string(solver_.options().queue) + " request" +
                                 (solver_.options().queue == 1 ? " is" : "s are") +
                                 " waiting): try again in a moment");
      app::reply_json(res, {{"job", job->id()}}, 202);
    };
  };
  server.post(R"(/api/games/([^/]+)/hint)", ask_solver(JobKind::hint));
  server.post(R"(/api/games/([^/]+)/solve)", ask_solver(JobKind::solve));

  server.get(R"(/api/jobs/([^/]+))", [this](const Request& req, Response& res) {
    const std::shared_ptr<Job> job = solver_.find(app::path_part(req, 1));
    if (!job) throw HttpError(404, "no job " + app::path_part(req, 1));
    app::reply_json(res, job->to_json());
  });
  server.get(R"(/api/jobs/([^/]+)/events)", [this, &server](const Request& req, Response& res) {
    const std::shared_ptr<Job> job = solver_.find(app::path_part(req, 1));
    if (!job) throw HttpError(404, "no job " + app::path_part(req, 1));
    app::reply_event_stream(res, server, std::chrono::milliseconds(250), [job] {
      const bool last = job->done();
      return std::make_pair(job->to_json(), last);
    });
  });
  server.del(R"(/api/jobs/([^/]+))", [this](const Request& req, Response& res) {
    const std::string id = app::path_part(req, 1);
    if (!solver_.cancel(id)) throw HttpError(404, "no job " + id);
    app::reply_json(res, {{"cancelled", id}});
  });
  server.get(R"(/api/.*)", [](const Request& req, Response&) {
    throw HttpError(404, "no such API route: GET " + req.path);
  });
}

}  // namespace hsearch::sokoban::web
