#include "store.hpp"

#include <algorithm>

#include <sqlite3.h>

namespace hsearch::sokoban::web {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS profiles(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created TEXT NOT NULL DEFAULT (datetime('now')));
CREATE TABLE IF NOT EXISTS solved(
  profile INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  collection TEXT NOT NULL, level INTEGER NOT NULL,
  best_moves INTEGER NOT NULL, best_pushes INTEGER NOT NULL,
  PRIMARY KEY(profile, collection, level));
CREATE TABLE IF NOT EXISTS positions(
  profile INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  collection TEXT NOT NULL, level INTEGER NOT NULL, history TEXT NOT NULL,
  assisted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY(profile, collection, level));
CREATE TABLE IF NOT EXISTS last_played(
  profile INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  collection TEXT NOT NULL, level INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS saves(
  profile INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  name TEXT NOT NULL, collection TEXT NOT NULL, level INTEGER NOT NULL, history TEXT NOT NULL,
  moves INTEGER NOT NULL, pushes INTEGER NOT NULL, assisted INTEGER NOT NULL DEFAULT 0,
  saved TEXT NOT NULL DEFAULT (datetime('now')),
  PRIMARY KEY(profile, name));
INSERT OR IGNORE INTO meta(key, value) VALUES('format', 'hsearch-sokoban-web 1');
)sql";

}  // namespace

// A prepared statement with its parameters bound in order; finalized on destruction.
class Store::Statement {
 public:
  Statement(Store& store, const char* sql) : store_(store) {
    if (sqlite3_prepare_v2(store.db_, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail();
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(const std::string& text) {
    check(sqlite3_bind_text(stmt_, ++bound_, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind(long long value) {
    check(sqlite3_bind_int64(stmt_, ++bound_, value));
    return *this;
  }
  // True while there is a row to read.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) fail();
    return false;
  }
  void run() {
    while (step()) {
    }
  }
  std::string text(int column) const {
    const auto* p = sqlite3_column_text(stmt_, column);
    return p == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(p));
  }
  long long integer(int column) const { return sqlite3_column_int64(stmt_, column); }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) fail();
  }
  [[noreturn]] void fail() {
    throw StoreError(store_.file_.string() + ": " + sqlite3_errmsg(store_.db_));
  }
  Store& store_;
  sqlite3_stmt* stmt_ = nullptr;
  int bound_ = 0;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back when an exception leaves the scope before commit().
class Store::Transaction {
 public:
  explicit Transaction(Store& store) : store_(store) { store_.exec("BEGIN IMMEDIATE"); }
  ~Transaction() {
    if (!done_) sqlite3_exec(store_.db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    store_.exec("COMMIT");
    done_ = true;
  }

 private:
  Store& store_;
  bool done_ = false;
};

Store::Store(const std::filesystem::path& file) : file_(file) {
  if (sqlite3_open_v2(file.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string problem = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(file.string() + ": cannot open the database: " + problem);
  }
  try {
    // Another process (a second server on the same file) waits for a lock instead of failing.
    sqlite3_busy_timeout(db_, 5000);
    exec("PRAGMA foreign_keys = ON");
    exec("PRAGMA journal_mode = WAL");
    exec("PRAGMA synchronous = NORMAL");
    exec(kSchema);
    Statement format(*this, "SELECT value FROM meta WHERE key = 'format'");
    if (!format.step() || format.text(0) != "hsearch-sokoban-web 1")
      throw StoreError(file.string() + ": not a database of this version of sokoban serve");
  } catch (const StoreError& e) {
    sqlite3_close(db_);
    db_ = nullptr;
    // "file is not a database" and the like: say which file it was.
    const std::string what = e.what();
    throw StoreError(what.rfind(file.string(), 0) == 0 ? what : file.string() + ": " + what);
  }
}

Store::~Store() { sqlite3_close(db_); }

void Store::exec(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    const std::string problem = message != nullptr ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    throw StoreError(file_.string() + ": " + problem);
  }
}

long long Store::profile_id(const std::string& name) {
  Statement q(*this, "SELECT id FROM profiles WHERE name = ?");
  q.bind(name);
  return q.step() ? q.integer(0) : -1;
}

std::vector<std::string> Store::profiles() {
  std::lock_guard lock(mutex_);
  Statement q(*this, "SELECT name FROM profiles ORDER BY name");
  std::vector<std::string> names;
  while (q.step()) names.push_back(q.text(0));
  return names;
}

bool Store::has_profile(const std::string& name) {
  std::lock_guard lock(mutex_);
  return profile_id(name) >= 0;
}

bool Store::create_profile(const std::string& name) {
  std::lock_guard lock(mutex_);
  Transaction t(*this);
  if (profile_id(name) >= 0) return false;
  Statement(*this, "INSERT INTO profiles(name) VALUES(?)").bind(name).run();
  t.commit();
  return true;
}

bool Store::delete_profile(const std::string& name) {
  std::lock_guard lock(mutex_);
  Transaction t(*this);
  const long long id = profile_id(name);
  if (id < 0) return false;
  Statement(*this, "DELETE FROM profiles WHERE id = ?").bind(id).run();
  t.commit();
  return true;
}

std::vector<SolvedLevel> Store::solved(const std::string& profile) {
  std::lock_guard lock(mutex_);
  Statement q(*this,
              "SELECT collection, level, best_moves, best_pushes FROM solved JOIN profiles ON profiles.id = "
              "solved.profile WHERE profiles.name = ? ORDER BY collection, level");
  q.bind(profile);
  std::vector<SolvedLevel> out;
  while (q.step())
    out.push_back({q.text(0), static_cast<int>(q.integer(1)), static_cast<int>(q.integer(2)),
                   static_cast<int>(q.integer(3))});
  return out;
}

std::optional<Place> Store::last_played(const std::string& profile) {
  std::lock_guard lock(mutex_);
  Statement q(*this,
              "SELECT collection, level FROM last_played JOIN profiles ON profiles.id = last_played.profile "
              "WHERE profiles.name = ?");
  q.bind(profile);
  if (!q.step()) return std::nullopt;
  return Place{q.text(0), static_cast<int>(q.integer(1))};
}

Position Store::position(const std::string& profile, const std::string& collection, int level) {
  std::lock_guard lock(mutex_);
  Statement q(*this,
              "SELECT history, assisted FROM positions JOIN profiles ON profiles.id = positions.profile "
              "WHERE profiles.name = ? AND collection = ? AND level = ?");
  q.bind(profile).bind(collection).bind(level);
  if (!q.step()) return {};
  return Position{q.text(0), q.integer(1) != 0};
}

void Store::set_position(const std::string& profile, const std::string& collection, int level,
                         const std::string& history, bool assisted) {
  std::lock_guard lock(mutex_);
  Transaction t(*this);
  const long long id = profile_id(profile);
  if (id < 0) return;  // deleted meanwhile: nothing to keep
  Statement(*this,
            "INSERT OR REPLACE INTO positions(profile, collection, level, history, assisted) VALUES(?, ?, ?, ?, ?)")
      .bind(id).bind(collection).bind(level).bind(history).bind(assisted ? 1 : 0).run();
  Statement(*this, "INSERT OR REPLACE INTO last_played(profile, collection, level) VALUES(?, ?, ?)")
      .bind(id).bind(collection).bind(level).run();
  t.commit();
}

Win Store::record_win(const std::string& profile, const std::string& collection, int level, int moves, int pushes,
                      std::optional<int> next) {
  std::lock_guard lock(mutex_);
  Transaction t(*this);
  Win win;
  const long long id = profile_id(profile);
  if (id < 0) return win;
  Statement q(*this, "SELECT best_moves, best_pushes FROM solved WHERE profile = ? AND collection = ? AND level = ?");
  q.bind(id).bind(collection).bind(level);
  win.first_time = !q.step();
  win.best_moves = win.first_time ? moves : std::min(moves, static_cast<int>(q.integer(0)));
  win.best_pushes = win.first_time ? pushes : std::min(pushes, static_cast<int>(q.integer(1)));
  Statement(*this,
            "INSERT OR REPLACE INTO solved(profile, collection, level, best_moves, best_pushes) VALUES(?, ?, ?, ?, ?)")
      .bind(id).bind(collection).bind(level).bind(win.best_moves).bind(win.best_pushes).run();
  Statement(*this, "DELETE FROM positions WHERE profile = ? AND collection = ? AND level = ?")
      .bind(id).bind(collection).bind(level).run();
  if (next) {
    Statement(*this, "INSERT OR REPLACE INTO last_played(profile, collection, level) VALUES(?, ?, ?)")
        .bind(id).bind(collection).bind(*next).run();
  }
  t.commit();
  return win;
}

void Store::save_game(const std::string& profile, const SavedGame& game) {
  std::lock_guard lock(mutex_);
  Transaction t(*this);
  const long long id = profile_id(profile);
  if (id < 0) throw StoreError("no profile named '" + profile + "'");
  Statement(*this,
            "INSERT OR REPLACE INTO saves(profile, name, collection, level, history, moves, pushes, assisted) "
            "VALUES(?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(id).bind(game.name).bind(game.collection).bind(game.level).bind(game.history).bind(game.moves)
      .bind(game.pushes).bind(game.assisted ? 1 : 0).run();
  t.commit();
}

std::vector<SavedGame> Store::saves(const std::string& profile) {
  std::lock_guard lock(mutex_);
  Statement q(*this,
              "SELECT saves.name, collection, level, history, moves, pushes, saved, assisted FROM saves JOIN profiles ON "
              "profiles.id = saves.profile WHERE profiles.name = ? ORDER BY saved DESC, saves.name");
  q.bind(profile);
  std::vector<SavedGame> out;
  while (q.step())
    out.push_back({q.text(0), q.text(1), static_cast<int>(q.integer(2)), q.text(3), static_cast<int>(q.integer(4)),
                   static_cast<int>(q.integer(5)), q.text(6), q.integer(7) != 0});
  return out;
}

std::optional<SavedGame> Store::load_save(const std::string& profile, const std::string& name) {
  for (SavedGame& game : saves(profile))
    if (game.name == name) return std::move(game);
  return std::nullopt;
}

bool Store::delete_save(const std::string& profile, const std::string& name) {
  std::lock_guard lock(mutex_);
  Transaction t(*this);
  const long long id = profile_id(profile);
  if (id < 0) return false;
  Statement q(*this, "SELECT 1 FROM saves WHERE profile = ? AND name = ?");
  q.bind(id).bind(name);
  if (!q.step()) return false;
  Statement(*this, "DELETE FROM saves WHERE profile = ? AND name = ?").bind(id).bind(name).run();
  t.commit();
  return true;
}

}  // namespace hsearch::sokoban::web
