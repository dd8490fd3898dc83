#pragma once
// The fixed part of a level, validated and analysed once (thesis ch. 5, 7, 8.1):
//   * validation: exactly one player, the player's area enclosed by walls, every box and goal
//     inside that area (except boxes already on goals that the player cannot reach: scenery,
//     treated as walls), at least one box, no fewer goals than boxes;
//   * cells: the floor squares of the player's area (boxes ignored), numbered with the LIVE
//     cells first so that box sets fit the low bits of a CellSet;
//   * side classes: for a box on cell c, the squares next to c that the player can walk between
//     without crossing c (Boost.Graph's biconnected components: edges (c,a) and (c,b) lie in the
//     same block exactly when a and b stay connected once c is removed);
//   * push distances that respect the pusher (thesis 7.1.3): a breadth-first search, backwards
//     from each goal, over (cell, side class) nodes — a push needs the player on the far side;
//   * dead cells: cells from which no goal can be reached by pushes (the reverse pulls of the
//     thesis, here on the pusher-aware graph, so they are found exactly where a lone box is
//     stuck); goals are never dead;
//   * tunnels: floor squares with walls on both sides across one axis and floor along it.
//
// More goals than boxes is accepted: the level is solved when every box stands on a goal;
// the extra goals may stay empty.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/biconnected_components.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/visitors.hpp>

#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/level.hpp"

namespace hsearch::sokoban {

inline constexpr int kMaxBoxes = 64;  // also the largest number of goals
inline constexpr std::uint16_t kNoCell = 0xFFFF;
inline constexpr std::uint16_t kUnreachable = 0xFFFF;  // push distance: no way

// Directions in LURD order of the letters "urdl" / "URDL": up, right, down, left.
enum Direction : int { kUp = 0, kRight = 1, kDown = 2, kLeft = 3 };
inline constexpr int kRowStep[4] = {-1, 0, 1, 0};
inline constexpr int kColStep[4] = {0, 1, 0, -1};
inline constexpr char kStepLetter[4] = {'u', 'r', 'd', 'l'};
inline constexpr char kPushLetter[4] = {'U', 'R', 'D', 'L'};
inline constexpr int opposite(int d) { return d ^ 2; }

// A level that cannot be played: the message names the file, line, level and problem.
struct InvalidLevel : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Board {
 public:
  explicit Board(const Level& level) : level_(level) {
    validate_and_index();
    analyse();
  }

  const Level& level() const { return level_; }
  int cell_count() const { return static_cast<int>(row_.size()); }
  int live_count() const { return live_count_; }
  bool is_live(int cell) const { return cell < live_count_; }
  int row(int cell) const { return row_[static_cast<std::size_t>(cell)]; }
  int col(int cell) const { return col_[static_cast<std::size_t>(cell)]; }
  // The cell at (row, col), or kNoCell for walls and squares outside the player's area.
  std::uint16_t cell_at(int r, int c) const {
    if (r < 0 || r >= level_.height || c < 0 || c >= level_.width) return kNoCell;
    return grid_[static_cast<std::size_t>(r * level_.width + c)];
  }
  std::uint16_t neighbor(int cell, int dir) const { return nb_[static_cast<std::size_t>(cell)][dir]; }

  bool is_goal(int cell) const { return goal_of_cell_[static_cast<std::size_t>(cell)] >= 0; }
  int goal_index(int cell) const { return goal_of_cell_[static_cast<std::size_t>(cell)]; }
  const std::vector<std::uint16_t>& goals() const { return goals_; }
  const CellSet& goal_set() const { return goal_set_; }
  const std::vector<std::uint16_t>& initial_boxes() const { return boxes_; }
  std::uint16_t initial_player() const { return player_; }

  // Fewest pushes to bring a lone box from `cell` to goal number `goal`, whatever side the
  // player starts on (the minimum over the sides), or kUnreachable.
  std::uint16_t distance(int goal, int cell) const {
    return dist_[static_cast<std::size_t>(goal) * row_.size() + static_cast<std::size_t>(cell)];
  }
  // The same with the player standing next to the box on side `dir` (kUnreachable when that
  // square is a wall).
  std::uint16_t distance_from_side(int goal, int cell, int dir) const {
    return side_dist_[(static_cast<std::size_t>(goal) * row_.size() + static_cast<std::size_t>(cell)) * 4 +
                      static_cast<std::size_t>(dir)];
  }
  // The same for every goal at once: goal number g's value is at index g. Laid out by (cell,
  // side) so that the matching, which reads one box's costs to all goals, reads them in a row.
  const std::uint16_t* distances_from_side(int cell, int dir) const {
    return &side_dist_by_cell_[(static_cast<std::size_t>(cell) * 4 + static_cast<std::size_t>(dir)) * goals_.size()];
  }
  // Side class of the square next to `cell` in direction `dir` (-1: a wall). Two sides of a
  // box on `cell` have the same class when the player can walk from one to the other.
  int side_class(int cell, int dir) const { return cls_[static_cast<std::size_t>(cell)][dir]; }

  // For a box on `cell` and the player on `player` (another cell): a direction `d` whose square
  // beside the box the player can walk to without crossing `cell` (-1 when player == cell).
  // Other boxes never change it: the player's steps avoid `cell` while the box stays there, so
  // the player stays in the same part of the floor minus `cell`, i.e. the same side class.
  int player_side(int cell, int player) const {
    return player_side_[static_cast<std::size_t>(cell) * row_.size() + static_cast<std::size_t>(player)];
  }
  // Fewest pushes to bring a lone box from `cell` to goal number `goal` when the player is on
  // `player` (thesis 7.1.3 refined): the distance from the player's side class, not the minimum
  // over all sides. Still a lower bound for the box among others (see player_side).
  std::uint16_t distance_with_player(int goal, int cell, int player) const {
    const int d = player_side(cell, player);
    return d < 0 ? kUnreachable : distance_from_side(goal, cell, d);
  }

  bool is_tunnel(int cell) const { return tunnel_[static_cast<std::size_t>(cell)] != 0; }

  // The 8 squares around `cell` clockwise from the one above (kNoCell for walls): N, NE, E, SE,
  // S, SW, W, NW. Used to decide locally that a new box leaves the player's area connected.
  const std::array<std::uint16_t, 8>& ring(int cell) const { return ring_[static_cast<std::size_t>(cell)]; }

  std::uint64_t zobrist_box(int cell) const { return zbox_[static_cast<std::size_t>(cell)]; }
  std::uint64_t zobrist_player(int cell) const { return zplayer_[static_cast<std::size_t>(cell)]; }

 private:
  [[noreturn]] void fail(const std::string& what) const { throw InvalidLevel(level_.where() + ": " + what); }
  [[noreturn]] void fail_at(int r, int c, const std::string& what) const {
    throw InvalidLevel(level_.where(r, c) + ": " + what);
  }

  void validate_and_index() {
    const int H = level_.height, W = level_.width;
    if (H == 0 || W == 0) fail("empty board");
    int pr = -1, pc = -1;
    for (int r = 0; r < H; ++r) {
      for (int c = 0; c < W; ++c) {
        const char ch = level_.at(r, c);
        if (ch == '@' || ch == '+') {
          if (pr >= 0) {
            fail_at(r, c,
                    "several players (another one at line " + std::to_string(level_.first_line + pr) +
                        " column " + std::to_string(pc + 1) + ")");
          }
          pr = r;
          pc = c;
        } else if (ch != '#' && ch != ' ' && ch != '.' && ch != '$' && ch != '*') {
          fail_at(r, c, std::string("unknown character '") + ch + "'");
        }
      }
    }
    if (pr < 0) fail("no player ('@' or '+')");

    // The player's area: flood over non-wall squares; leaving the grid means open walls.
    std::vector<char> area(static_cast<std::size_t>(H * W), 0);
    std::vector<int> stack{pr * W + pc};
    area[static_cast<std::size_t>(pr * W + pc)] = 1;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      const int r = v / W, c = v % W;
      for (int d = 0; d < 4; ++d) {
        const int nr = r + kRowStep[d], nc = c + kColStep[d];
        if (nr < 0 || nr >= H || nc < 0 || nc >= W) {
          fail_at(r, c, "the player is not enclosed: the walls are open at this square");
        }
        const int n = nr * W + nc;
        if (level_.at(nr, nc) == '#' || area[static_cast<std::size_t>(n)]) continue;
        area[static_cast<std::size_t>(n)] = 1;
        stack.push_back(n);
      }
    }

    int box_count = 0, goal_count = 0;
    for (int r = 0; r < H; ++r) {
      for (int c = 0; c < W; ++c) {
        const char ch = level_.at(r, c);
        const bool box = ch == '$' || ch == '*';
        const bool goal = ch == '.' || ch == '*' || ch == '+';
        if (!box && !goal) continue;
        if (!area[static_cast<std::size_t>(r * W + c)]) {
          // A box already on its goal, walled off from the player, is scenery (Microban 155
          // has such): it can never move and is solved, so it counts as a wall.
          if (box && goal) continue;
          fail_at(r, c, std::string(box ? "a box" : "a goal") +
                            " outside the player's area (walled off, or outside the walls)");
        }
        box_count += box;
        goal_count += goal;
      }
    }
    if (box_count == 0) fail("no boxes");
    if (goal_count < box_count) {
      fail("fewer goals (" + std::to_string(goal_count) + ") than boxes (" + std::to_string(box_count) + ")");
    }
    if (goal_count > kMaxBoxes) {
      fail("too many goals (" + std::to_string(goal_count) + "; at most " + std::to_string(kMaxBoxes) + ")");
    }
    int cells = 0;
    for (char a : area) cells += a;
    if (cells > kMaxCells) {
      fail("too large: " + std::to_string(cells) + " floor squares (at most " + std::to_string(kMaxCells) + ")");
    }
    area_ = std::move(area);
    player_rc_ = pr * W + pc;
  }

  void analyse() {
    const int H = level_.height, W = level_.width;
    // Temporary numbering: the player's area in row-major order.
    std::vector<int> tmp_of(static_cast<std::size_t>(H * W), -1);
    std::vector<int> rc_of;
    for (int v = 0; v < H * W; ++v) {
      if (area_[static_cast<std::size_t>(v)]) {
        tmp_of[static_cast<std::size_t>(v)] = static_cast<int>(rc_of.size());
        rc_of.push_back(v);
      }
    }
    const int n = static_cast<int>(rc_of.size());
    std::vector<std::array<int, 4>> nb(static_cast<std::size_t>(n));
    for (int t = 0; t < n; ++t) {
      const int r = rc_of[static_cast<std::size_t>(t)] / W, c = rc_of[static_cast<std::size_t>(t)] % W;
      for (int d = 0; d < 4; ++d) {
        const int nr = r + kRowStep[d], nc = c + kColStep[d];
        nb[static_cast<std::size_t>(t)][d] =
            (nr < 0 || nr >= H || nc < 0 || nc >= W) ? -1 : tmp_of[static_cast<std::size_t>(nr * W + nc)];
      }
    }

    // Side classes from the biconnected components of the floor graph.
    struct FloorEdge {
      std::size_t block = 0;  // biconnected component
    };
    using FloorGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property, FloorEdge>;
    FloorGraph floor(static_cast<std::size_t>(n));
    for (int t = 0; t < n; ++t) {
      for (int d : {kRight, kDown}) {
        const int u = nb[static_cast<std::size_t>(t)][d];
        if (u >= 0) boost::add_edge(static_cast<std::size_t>(t), static_cast<std::size_t>(u), floor);
      }
    }
    auto component = boost::get(&FloorEdge::block, floor);
    boost::biconnected_components(floor, component);
    std::vector<std::array<int, 4>> cls(static_cast<std::size_t>(n));
    for (int t = 0; t < n; ++t) {
      std::array<std::size_t, 4> seen{};
      int classes = 0;
      for (int d = 0; d < 4; ++d) {
        const int u = nb[static_cast<std::size_t>(t)][d];
        cls[static_cast<std::size_t>(t)][d] = -1;
        if (u < 0) continue;
        const auto e = boost::edge(static_cast<std::size_t>(t), static_cast<std::size_t>(u), floor).first;
        const std::size_t comp = component[e];
        int k = 0;
        while (k < classes && seen[static_cast<std::size_t>(k)] != comp) ++k;
        if (k == classes) seen[static_cast<std::size_t>(classes++)] = comp;
        cls[static_cast<std::size_t>(t)][d] = k;
      }
    }

    // The reversed push graph over (cell, side class) nodes: node = cell * 4 + class.
    // Pushing the box on t in direction d needs the player on side opposite(d) and moves the
    // box to u = nb[t][d] with the player on u's side opposite(d) (the square t).
    using PushGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    PushGraph reversed(static_cast<std::size_t>(n) * 4);
    for (int t = 0; t < n; ++t) {
      for (int d = 0; d < 4; ++d) {
        const int u = nb[static_cast<std::size_t>(t)][d];
        const int back = opposite(d);
        if (u < 0 || nb[static_cast<std::size_t>(t)][back] < 0) continue;
        const std::size_t from = static_cast<std::size_t>(t) * 4 + static_cast<std::size_t>(cls[static_cast<std::size_t>(t)][back]);
        const std::size_t to = static_cast<std::size_t>(u) * 4 + static_cast<std::size_t>(cls[static_cast<std::size_t>(u)][back]);
        boost::add_edge(to, from, reversed);
      }
    }
    std::vector<int> goal_tmp;
    for (int t = 0; t < n; ++t) {
      const char ch = level_.rows[static_cast<std::size_t>(rc_of[static_cast<std::size_t>(t)] / W)]
                                 [static_cast<std::size_t>(rc_of[static_cast<std::size_t>(t)] % W)];
      if (ch == '.' || ch == '*' || ch == '+') goal_tmp.push_back(t);
    }
    const std::size_t G = goal_tmp.size();
    std::vector<std::uint16_t> side_dist_tmp(G * static_cast<std::size_t>(n) * 4, kUnreachable);
    std::vector<std::uint32_t> node_dist(static_cast<std::size_t>(n) * 4);
    for (std::size_t g = 0; g < G; ++g) {
      const int t = goal_tmp[g];
      std::fill(node_dist.begin(), node_dist.end(), std::numeric_limits<std::uint32_t>::max());
      std::vector<std::size_t> sources;
      for (int d = 0; d < 4; ++d) {
        const int k = cls[static_cast<std::size_t>(t)][d];
        if (k < 0) continue;
        const std::size_t node = static_cast<std::size_t>(t) * 4 + static_cast<std::size_t>(k);
        if (node_dist[node] != 0) {
          node_dist[node] = 0;
          sources.push_back(node);
        }
      }
      if (!sources.empty()) {
        boost::queue<std::size_t> queue;
        std::vector<boost::default_color_type> color(static_cast<std::size_t>(n) * 4, boost::white_color);
        boost::breadth_first_search(
            reversed, sources.begin(), sources.end(), queue,
            boost::make_bfs_visitor(boost::record_distances(node_dist.data(), boost::on_tree_edge())),
            color.data());
      }
      for (int c = 0; c < n; ++c) {
        for (int d = 0; d < 4; ++d) {
          const int k = cls[static_cast<std::size_t>(c)][d];
          if (k < 0) continue;
          const std::uint32_t v = node_dist[static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(k)];
          if (v < kUnreachable)
            side_dist_tmp[(g * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)) * 4 + static_cast<std::size_t>(d)] =
                static_cast<std::uint16_t>(v);
        }
      }
      // A box on its goal needs no push, whatever the player's side (even with no free side).
      for (int d = 0; d < 4; ++d) side_dist_tmp[(g * static_cast<std::size_t>(n) + static_cast<std::size_t>(t)) * 4 + static_cast<std::size_t>(d)] = 0;
    }
    auto min_dist = [&](std::size_t g, int c) {
      std::uint16_t best = kUnreachable;
      for (int d = 0; d < 4; ++d)
        best = std::min(best, side_dist_tmp[(g * static_cast<std::size_t>(n) + static_cast<std::size_t>(c)) * 4 + static_cast<std::size_t>(d)]);
      return best;
    };

    // Final numbering: live cells first (row-major), then dead ones.
    std::vector<char> live(static_cast<std::size_t>(n), 0);
    for (int c = 0; c < n; ++c) {
      for (std::size_t g = 0; g < G && !live[static_cast<std::size_t>(c)]; ++g) {
        if (min_dist(g, c) != kUnreachable) live[static_cast<std::size_t>(c)] = 1;
      }
    }
    std::vector<int> final_of(static_cast<std::size_t>(n));
    std::vector<int> tmp_of_final;
    for (int pass = 1; pass >= 0; --pass) {
      for (int c = 0; c < n; ++c) {
        if (live[static_cast<std::size_t>(c)] == pass) {
          final_of[static_cast<std::size_t>(c)] = static_cast<int>(tmp_of_final.size());
          tmp_of_final.push_back(c);
        }
      }
      if (pass == 1) live_count_ = static_cast<int>(tmp_of_final.size());
    }

    grid_.assign(static_cast<std::size_t>(H * W), kNoCell);
    row_.resize(static_cast<std::size_t>(n));
    col_.resize(static_cast<std::size_t>(n));
    nb_.resize(static_cast<std::size_t>(n));
    cls_.resize(static_cast<std::size_t>(n));
    goal_of_cell_.assign(static_cast<std::size_t>(n), -1);
    tunnel_.assign(static_cast<std::size_t>(n), 0);
    for (int f = 0; f < n; ++f) {
      const int t = tmp_of_final[static_cast<std::size_t>(f)];
      const int rc = rc_of[static_cast<std::size_t>(t)];
      grid_[static_cast<std::size_t>(rc)] = static_cast<std::uint16_t>(f);
      row_[static_cast<std::size_t>(f)] = rc / W;
      col_[static_cast<std::size_t>(f)] = rc % W;
      for (int d = 0; d < 4; ++d) {
        const int u = nb[static_cast<std::size_t>(t)][d];
        nb_[static_cast<std::size_t>(f)][d] = u < 0 ? kNoCell : static_cast<std::uint16_t>(final_of[static_cast<std::size_t>(u)]);
        cls_[static_cast<std::size_t>(f)][d] = static_cast<std::int8_t>(cls[static_cast<std::size_t>(t)][d]);
      }
    }
    ring_.resize(static_cast<std::size_t>(n));
    for (int f = 0; f < n; ++f) {
      static constexpr int kRingRow[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
      static constexpr int kRingCol[8] = {0, 1, 1, 1, 0, -1, -1, -1};
      for (int i = 0; i < 8; ++i) {
        ring_[static_cast<std::size_t>(f)][static_cast<std::size_t>(i)] =
            cell_at(row_[static_cast<std::size_t>(f)] + kRingRow[i], col_[static_cast<std::size_t>(f)] + kRingCol[i]);
      }
    }
    for (int f = 0; f < n; ++f) {
      const bool up = nb_[static_cast<std::size_t>(f)][kUp] != kNoCell, down = nb_[static_cast<std::size_t>(f)][kDown] != kNoCell;
      const bool left = nb_[static_cast<std::size_t>(f)][kLeft] != kNoCell, right = nb_[static_cast<std::size_t>(f)][kRight] != kNoCell;
      tunnel_[static_cast<std::size_t>(f)] = (!up && !down && left && right) || (!left && !right && up && down);
    }
    // Goals in final-cell order, so goal numbers follow the board's reading order of live cells.
    for (int f = 0; f < n; ++f) {
      const int t = tmp_of_final[static_cast<std::size_t>(f)];
      if (std::find(goal_tmp.begin(), goal_tmp.end(), t) != goal_tmp.end()) {
        goal_of_cell_[static_cast<std::size_t>(f)] = static_cast<int>(goals_.size());
        goals_.push_back(static_cast<std::uint16_t>(f));
        goal_set_.set(f);
      }
    }
    dist_.assign(G * static_cast<std::size_t>(n), kUnreachable);
    side_dist_.assign(G * static_cast<std::size_t>(n) * 4, kUnreachable);
    for (std::size_t gi = 0; gi < G; ++gi) {
      const int t_goal = tmp_of_final[goals_[gi]];
      const std::size_t g_tmp = static_cast<std::size_t>(std::find(goal_tmp.begin(), goal_tmp.end(), t_goal) - goal_tmp.begin());
      for (int f = 0; f < n; ++f) {
        const int t = tmp_of_final[static_cast<std::size_t>(f)];
        dist_[gi * static_cast<std::size_t>(n) + static_cast<std::size_t>(f)] = min_dist(g_tmp, t);
        for (int d = 0; d < 4; ++d) {
          side_dist_[(gi * static_cast<std::size_t>(n) + static_cast<std::size_t>(f)) * 4 + static_cast<std::size_t>(d)] =
              side_dist_tmp[(g_tmp * static_cast<std::size_t>(n) + static_cast<std::size_t>(t)) * 4 + static_cast<std::size_t>(d)];
        }
      }
    }
    for (int f = 0; f < n; ++f) {
      const char ch = level_.at(row_[static_cast<std::size_t>(f)], col_[static_cast<std::size_t>(f)]);
      if (ch == '$' || ch == '*') boxes_.push_back(static_cast<std::uint16_t>(f));
    }
    player_ = grid_[static_cast<std::size_t>(player_rc_)];

    // Zobrist keys: a fixed seed, so hashes are reproducible from run to run.
    std::uint64_t x = 0x243F6A8885A308D3ULL;
    auto next = [&x] {  // splitmix64
      std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    zbox_.resize(static_cast<std::size_t>(n));
    zplayer_.resize(static_cast<std::size_t>(n));
    for (int f = 0; f < n; ++f) {
      zbox_[static_cast<std::size_t>(f)] = next();
      zplayer_[static_cast<std::size_t>(f)] = next();
    }
    side_dist_by_cell_.assign(side_dist_.size(), kUnreachable);
    for (std::size_t gi = 0; gi < G; ++gi) {
      for (std::size_t f = 0; f < static_cast<std::size_t>(n); ++f) {
        for (std::size_t d = 0; d < 4; ++d) side_dist_by_cell_[(f * 4 + d) * G + gi] = side_dist_[(gi * static_cast<std::size_t>(n) + f) * 4 + d];
      }
    }
    compute_player_sides();
    area_.clear();
  }

  // player_side_ for every (box cell, player cell): a flood over the floor minus the box's
  // cell from each side of it, labelling what it reaches with that side's direction.
  void compute_player_sides() {
    const std::size_t n = row_.size();
    player_side_.assign(n * n, -1);
    std::vector<std::uint16_t> stack;
    stack.reserve(n);
    for (std::size_t c = 0; c < n; ++c) {
      std::int8_t* label = &player_side_[c * n];
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t start = nb_[c][d];
        if (start == kNoCell || label[start] >= 0) continue;
        label[start] = static_cast<std::int8_t>(d);
        stack.assign(1, start);
        while (!stack.empty()) {
          const std::uint16_t v = stack.back();
          stack.pop_back();
          for (int e = 0; e < 4; ++e) {
            const std::uint16_t w = nb_[v][e];
            if (w == kNoCell || w == c || label[w] >= 0) continue;
            label[w] = static_cast<std::int8_t>(d);
            stack.push_back(w);
          }
        }
      }
    }
  }

  Level level_;
  std::vector<char> area_;
  int player_rc_ = 0;
  int live_count_ = 0;
  std::vector<std::uint16_t> grid_;
  std::vector<int> row_, col_;
  std::vector<std::array<std::uint16_t, 4>> nb_;
  std::vector<std::array<std::int8_t, 4>> cls_;
  std::vector<int> goal_of_cell_;
  std::vector<char> tunnel_;
  std::vector<std::array<std::uint16_t, 8>> ring_;
  std::vector<std::uint16_t> goals_;
  CellSet goal_set_;
  std::vector<std::uint16_t> boxes_;
  std::uint16_t player_ = kNoCell;
  std::vector<std::uint16_t> dist_;
  std::vector<std::uint16_t> side_dist_;
  std::vector<std::uint64_t> zbox_, zplayer_;
  std::vector<std::uint16_t> side_dist_by_cell_;  // [(cell * 4 + side) * goals + goal]
  std::vector<std::int8_t> player_side_;  // [box cell * cells + player cell]
};

}  // namespace hsearch::sokoban
