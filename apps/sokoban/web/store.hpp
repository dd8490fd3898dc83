#pragma once
// What the browser game keeps between visits, in one SQLite file: the profiles, the levels each
// has solved with its best moves and pushes, the position reached in each level it played, the
// level it played last, and its named saves. Collections are named by a key (a level file's
// absolute path, or "<built-in>"), so that the order of the files on the command line does not
// matter. Every change is one transaction (a crash or Ctrl-C leaves the file as it was before
// or after it); one connection, used by one thread at a time, serves all requests.
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;

namespace hsearch::sokoban::web {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SolvedLevel {
  std::string collection;
  int level = 0;  // 1-based
  int best_moves = 0;
  int best_pushes = 0;
};

struct Place {
  std::string collection;
  int level = 0;
};

struct Win {
  bool first_time = false;
  int best_moves = 0;
  int best_pushes = 0;
};

struct SavedGame {
  std::string name;
  std::string collection;
  int level = 0;
  std::string history;
  int moves = 0;
  int pushes = 0;
  std::string saved;  // "YYYY-MM-DD HH:MM:SS", UTC
  bool assisted = false;  // the solver played moves of it: a win from it is not recorded
};

struct Position {
  std::string history;  // "" when the level was never played or was finished
  bool assisted = false;
};

class Store {
 public:
  // Opens (creating if needed) the database file; throws StoreError naming the file and the
  // problem when it cannot be opened or is not this program's database.
  explicit Store(const std::filesystem::path& file);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::filesystem::path& file() const { return file_; }

  std::vector<std::string> profiles();
  bool has_profile(const std::string& name);
  // False when a profile of that name exists.
  bool create_profile(const std::string& name);
  // Its progress and saves go with it. False when there is no such profile.
  bool delete_profile(const std::string& name);

  std::vector<SolvedLevel> solved(const std::string& profile);
  std::optional<Place> last_played(const std::string& profile);
  // The moves (LURD) made in that level, and whether the solver played some of them.
  Position position(const std::string& profile, const std::string& collection, int level);
  // Stores the position reached in a level; that level becomes the one played last.
  void set_position(const std::string& profile, const std::string& collection, int level, const std::string& history,
                    bool assisted = false);
  // Records a finished level (keeping the best moves and the best pushes, each on its own),
  // forgets its position, and makes `next` (when given) the level played last.
  Win record_win(const std::string& profile, const std::string& collection, int level, int moves, int pushes,
                 std::optional<int> next);

  // A save of the same name replaces the old one.
  void save_game(const std::string& profile, const SavedGame& game);
  std::vector<SavedGame> saves(const std::string& profile);
  std::optional<SavedGame> load_save(const std::string& profile, const std::string& name);
  bool delete_save(const std::string& profile, const std::string& name);

 private:
  class Statement;
  class Transaction;
  long long profile_id(const std::string& name);  // -1 when unknown; call with mutex_ held
  void exec(const char* sql);

  std::filesystem::path file_;
  sqlite3* db_ = nullptr;
  std::mutex mutex_;
};

}  // namespace hsearch::sokoban::web
