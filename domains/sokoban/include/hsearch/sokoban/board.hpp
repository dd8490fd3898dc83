#pragma once
// The fixed part of a level, validated and analysed once, before any search:
//   * validation: exactly one player, the player's area enclosed by walls, every box and goal
//     inside that area (except boxes already on goals that the player cannot reach: scenery,
//     treated as walls), at least one box, no fewer goals than boxes;
//   * boxes frozen on goals at the start: a box on a goal blocked on both axes by a wall or by
//     another such box (the largest such set, e.g. a 2x2 block of boxes on goals) can never be
//     pushed, since a push needs both squares along its axis free. They are walls of the board,
//     as scenery is, so the states, the reachable positions and every solution are those of the
//     level itself; only the analysis sees more walls (dead cells, side classes, tunnels, the
//     sub-searches' boxes). Off with BoardOptions::start_frozen_walls = false, to measure it;
//     kept off when it would leave no box or cut a box or goal off from the player;
//   * cells: the floor squares of the player's area (boxes ignored), numbered with the LIVE
//     cells first so that box sets fit the low bits of a cell set;
//   * side classes: for a box on cell c, the squares next to c that the player can walk between
//     without crossing c (Boost.Graph's biconnected components: edges (c,a) and (c,b) lie in the
//     same block exactly when a and b stay connected once c is removed);
//   * push distances that respect the pusher: a breadth-first search, backwards from each
//     goal, over (cell, side class) nodes — a push needs the player on the far side, so a box
//     the player cannot get behind is farther from a goal than its plain distance;
//   * dead cells: cells from which no goal can be reached by pushes (the same backward search,
//     i.e. pulls from the goals on the pusher-aware graph, so they are found exactly where a
//     lone box is stuck); goals are never dead;
//   * tunnels: floor squares with walls on both sides across one axis and floor along it;
//     macro tunnels among them: no goal, and the only way between their two ends (the ends
//     fall in different side classes), which is what tunnel macros need (tunnel_macro.hpp).
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
// The direction of a LURD letter (-1: not one of "lurdLURD"); `push` says whether it is a push.
inline constexpr int lurd_direction(char ch, bool& push) {
  for (int k = 0; k < 4; ++k) {
    if (ch == kStepLetter[k] || ch == kPushLetter[k]) {
      push = ch == kPushLetter[k];
      return k;
    }
  }
  return -1;
}

// A level that cannot be played: the message names the file, line, level and problem.
struct InvalidLevel : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct BoardOptions {
  bool start_frozen_walls = true;  // boxes frozen on goals at the start are walls
};

class Board {
 public:
  explicit Board(const Level& level, BoardOptions options = {}) : level_(level) {
    const int player_square = find_player();
    std::vector<char> area = player_area(player_square);
    const int boxes = check_boxes_and_goals(area);
    if (options.start_frozen_walls) wall_in_start_frozen_boxes(area, player_square, boxes);
    analyse(area, player_square);
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
  // The goals as a set of the widest width; a narrower set compares with its low words.
  const WidestCellSet& goal_set() const { return goal_set_; }
  const std::vector<std::uint16_t>& initial_boxes() const { return boxes_; }
  // Boxes of the level that are walls of the board: frozen on goals at the start (see the top).
  int walled_boxes() const { return walled_boxes_; }
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
  // `player`: the pusher-aware distance from the side class the player is in, not the minimum
  // over all sides. Still a lower bound for the box among others (see player_side).
  std::uint16_t distance_with_player(int goal, int cell, int player) const {
    const int d = player_side(cell, player);
    return d < 0 ? kUnreachable : distance_from_side(goal, cell, d);
  }

  bool is_tunnel(int cell) const { return tunnel_[static_cast<std::size_t>(cell)] != 0; }
  // A tunnel square that is no goal and that the player can only cross through: its two open
  // sides lie in different side classes, so taking it away cuts the floor in two.
  bool is_macro_tunnel(int cell) const { return macro_tunnel_[static_cast<std::size_t>(cell)] != 0; }

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

  // ---- Reading and validating the level's geometry ----------------------------------------
  // Squares are numbered row * width + col here.

  // The player's square; fails on an empty board, an unknown character, several players or none.
  int find_player() const {
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
    return pr * W + pc;
  }

  // The boxes on goals that no push can ever move: the largest set of them in which each box
  // has, on each axis, a wall or a box of the set beside it. Returned as a mask of squares.
  std::vector<char> start_frozen_goal_boxes() const {
    const int H = level_.height, W = level_.width;
    std::vector<char> frozen(static_cast<std::size_t>(H * W), 0);
    for (int v = 0; v < H * W; ++v) frozen[static_cast<std::size_t>(v)] = level_.at(v / W, v % W) == '*';
    const auto blocks = [&](int r, int c) {
      return r < 0 || r >= H || c < 0 || c >= W || level_.at(r, c) == '#' || frozen[static_cast<std::size_t>(r * W + c)];
    };
    for (bool changed = true; changed;) {
      changed = false;
      for (int v = 0; v < H * W; ++v) {
        if (!frozen[static_cast<std::size_t>(v)]) continue;
        const int r = v / W, c = v % W;
        const bool across = blocks(r, c - 1) || blocks(r, c + 1);
        const bool along = blocks(r - 1, c) || blocks(r + 1, c);
        if (!across || !along) {
          frozen[static_cast<std::size_t>(v)] = 0;
          changed = true;
        }
      }
    }
    return frozen;
  }

  // Takes the start's frozen boxes on goals out of the player's area (they become walls), unless
  // that would leave none of its `boxes`, or cut off a square with a box or a goal that the
  // player reached.
  void wall_in_start_frozen_boxes(std::vector<char>& area, int player_square, int boxes) {
    const std::vector<char> frozen = start_frozen_goal_boxes();
    int walled = 0;
    for (std::size_t v = 0; v < area.size(); ++v) walled += area[v] && frozen[v];
    if (walled == 0 || walled == boxes) return;
    const std::vector<char> reduced = player_area(player_square, &frozen);
    for (std::size_t v = 0; v < area.size(); ++v) {
      if (!area[v] || reduced[v] || frozen[v]) continue;
      const char ch = level_.at(static_cast<int>(v) / level_.width, static_cast<int>(v) % level_.width);
      if (ch != ' ') return;  // a box or a goal the frozen boxes would wall off
    }
    area = reduced;
    walled_boxes_ = walled;
  }

  // The player's area (1 for its squares): a flood over non-wall squares, boxes ignored, from
  // the player's square; `walls`, when given, marks more squares as walls. Leaving the grid
  // means the walls are open.
  std::vector<char> player_area(int start, const std::vector<char>* walls = nullptr) const {
    const int H = level_.height, W = level_.width;
    std::vector<char> area(static_cast<std::size_t>(H * W), 0);
    std::vector<int> stack{start};
    area[static_cast<std::size_t>(start)] = 1;
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
        if (walls && (*walls)[static_cast<std::size_t>(n)]) continue;
        area[static_cast<std::size_t>(n)] = 1;
        stack.push_back(n);
      }
    }
    return area;
  }

  // Every box and goal in the player's area, at least one box, enough goals, and a level
  // within the sizes the widest cell set and the matching hold. Returns the number of boxes in
  // the area (scenery not counted).
  int check_boxes_and_goals(const std::vector<char>& area) const {
    const int H = level_.height, W = level_.width;
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
    if (cells > kMaxBoardCells) {
      fail("too large: " + std::to_string(cells) + " floor squares (at most " + std::to_string(kMaxBoardCells) + ")");
    }
    return box_count;
  }

  // ---- Analysing the player's area --------------------------------------------------------
  // The analysis first numbers the area in row-major order ("area numbers"), finds side
  // classes and push distances on that numbering, and only then knows which cells are live
  // and can give the final numbering (live cells first) that the rest of the board uses.
  struct AreaGraph {
    std::vector<int> square;                // area number -> row * width + col
    std::vector<std::array<int, 4>> nb;     // neighbour by direction (-1: wall)
    std::vector<std::array<int, 4>> cls;    // side class by direction (-1: wall)
    std::vector<int> goals;                 // the goals' area numbers, row-major
    std::vector<std::uint16_t> side_dist;   // [(goal * size + area number) * 4 + dir]
    std::vector<int> cell_of;               // area number -> final cell
    std::vector<int> area_of;               // final cell -> area number

    int size() const { return static_cast<int>(square.size()); }
    std::uint16_t& side_distance(std::size_t goal, int a, int dir) {
      return side_dist[(goal * square.size() + static_cast<std::size_t>(a)) * 4 + static_cast<std::size_t>(dir)];
    }
    std::uint16_t side_distance(std::size_t goal, int a, int dir) const {
      return side_dist[(goal * square.size() + static_cast<std::size_t>(a)) * 4 + static_cast<std::size_t>(dir)];
    }
    // Pushes from area square `a` to goal number `goal` from the best side, or kUnreachable.
    std::uint16_t min_distance(std::size_t goal, int a) const {
      std::uint16_t best = kUnreachable;
      for (std::size_t d = 0; d < 4; ++d)
        best = std::min(best, side_dist[(goal * square.size() + static_cast<std::size_t>(a)) * 4 + d]);
      return best;
    }
  };

  void analyse(const std::vector<char>& area, int player_square) {
    AreaGraph a = number_area(area);
    find_side_classes(a);
    find_goals(a);
    find_push_distances(a);
    number_live_cells_first(a);
    store_cells(a);
    store_rings();
    store_tunnels();
    store_goals(a);
    store_macro_tunnels();
    store_distances(a);
    store_boxes_and_player(player_square);
    make_zobrist_keys();
    lay_out_distances_by_cell();
    compute_player_sides();
  }

  // The area's squares in row-major order, and their neighbours.
  AreaGraph number_area(const std::vector<char>& area) const {
    const int H = level_.height, W = level_.width;
    AreaGraph a;
    std::vector<int> number_of(static_cast<std::size_t>(H * W), -1);
    for (int v = 0; v < H * W; ++v) {
      if (area[static_cast<std::size_t>(v)]) {
        number_of[static_cast<std::size_t>(v)] = static_cast<int>(a.square.size());
        a.square.push_back(v);
      }
    }
    a.nb.resize(a.square.size());
    for (int t = 0; t < a.size(); ++t) {
      const int r = a.square[static_cast<std::size_t>(t)] / W, c = a.square[static_cast<std::size_t>(t)] % W;
      for (int d = 0; d < 4; ++d) {
        const int nr = r + kRowStep[d], nc = c + kColStep[d];
        a.nb[static_cast<std::size_t>(t)][d] =
            (nr < 0 || nr >= H || nc < 0 || nc >= W) ? -1 : number_of[static_cast<std::size_t>(nr * W + nc)];
      }
    }
    return a;
  }

  // Side classes from the biconnected components of the floor graph: the sides of a square
  // whose edges to it lie in one block share a class (numbered 0, 1, ... in direction order).
  static void find_side_classes(AreaGraph& a) {
    struct FloorEdge {
      std::size_t block = 0;  // biconnected component
    };
    using FloorGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property, FloorEdge>;
    const int n = a.size();
    FloorGraph floor(static_cast<std::size_t>(n));
    for (int t = 0; t < n; ++t) {
      for (int d : {kRight, kDown}) {
        const int u = a.nb[static_cast<std::size_t>(t)][d];
        if (u >= 0) boost::add_edge(static_cast<std::size_t>(t), static_cast<std::size_t>(u), floor);
      }
    }
    auto component = boost::get(&FloorEdge::block, floor);
    boost::biconnected_components(floor, component);
    a.cls.resize(static_cast<std::size_t>(n));
    for (int t = 0; t < n; ++t) {
      std::array<std::size_t, 4> seen{};
      int classes = 0;
      for (int d = 0; d < 4; ++d) {
        const int u = a.nb[static_cast<std::size_t>(t)][d];
        a.cls[static_cast<std::size_t>(t)][d] = -1;
        if (u < 0) continue;
        const auto e = boost::edge(static_cast<std::size_t>(t), static_cast<std::size_t>(u), floor).first;
        const std::size_t comp = component[e];
        int k = 0;
        while (k < classes && seen[static_cast<std::size_t>(k)] != comp) ++k;
        if (k == classes) seen[static_cast<std::size_t>(classes++)] = comp;
        a.cls[static_cast<std::size_t>(t)][d] = k;
      }
    }
  }

  void find_goals(AreaGraph& a) const {
    const int W = level_.width;
    for (int t = 0; t < a.size(); ++t) {
      const int v = a.square[static_cast<std::size_t>(t)];
      const char ch = level_.at(v / W, v % W);
      if (ch == '.' || ch == '*' || ch == '+') a.goals.push_back(t);
    }
  }

  // The push graph over (square, side class) nodes, node = area number * 4 + class, with its
  // edges reversed so that a search from a goal walks pushes backwards. Pushing the box on t in
  // direction d needs the player on side opposite(d) and moves the box to u = nb[t][d] with the
  // player on u's side opposite(d) (the square t).
  using PushGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  static PushGraph reversed_push_graph(const AreaGraph& a) {
    const int n = a.size();
    PushGraph reversed(static_cast<std::size_t>(n) * 4);
    for (int t = 0; t < n; ++t) {
      for (int d = 0; d < 4; ++d) {
        const int u = a.nb[static_cast<std::size_t>(t)][d];
        const int back = opposite(d);
        if (u < 0 || a.nb[static_cast<std::size_t>(t)][back] < 0) continue;
        const std::size_t from = static_cast<std::size_t>(t) * 4 + static_cast<std::size_t>(a.cls[static_cast<std::size_t>(t)][back]);
        const std::size_t to = static_cast<std::size_t>(u) * 4 + static_cast<std::size_t>(a.cls[static_cast<std::size_t>(u)][back]);
        boost::add_edge(to, from, reversed);
      }
    }
    return reversed;
  }

  // Pusher-aware push distances to every goal: a breadth-first search on the reversed push
  // graph from the goal's nodes. A box's side gets the distance of its side's class.
  static void find_push_distances(AreaGraph& a) {
    const int n = a.size();
    const PushGraph reversed = reversed_push_graph(a);
    a.side_dist.assign(a.goals.size() * static_cast<std::size_t>(n) * 4, kUnreachable);
    std::vector<std::uint32_t> node_dist(static_cast<std::size_t>(n) * 4);
    for (std::size_t g = 0; g < a.goals.size(); ++g) {
      const int t = a.goals[g];
      std::fill(node_dist.begin(), node_dist.end(), std::numeric_limits<std::uint32_t>::max());
      std::vector<std::size_t> sources;
      for (int d = 0; d < 4; ++d) {
        const int k = a.cls[static_cast<std::size_t>(t)][d];
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
          const int k = a.cls[static_cast<std::size_t>(c)][d];
          if (k < 0) continue;
          const std::uint32_t v = node_dist[static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(k)];
          if (v < kUnreachable) a.side_distance(g, c, d) = static_cast<std::uint16_t>(v);
        }
      }
      // A box on its goal needs no push, whatever the player's side (even with no free side).
      for (int d = 0; d < 4; ++d) a.side_distance(g, t, d) = 0;
    }
  }

  // Live cells (some goal is reachable by pushes) and the final numbering: live cells first,
  // each group in row-major order.
  void number_live_cells_first(AreaGraph& a) {
    const int n = a.size();
    std::vector<char> live(static_cast<std::size_t>(n), 0);
    for (int c = 0; c < n; ++c) {
      for (std::size_t g = 0; g < a.goals.size() && !live[static_cast<std::size_t>(c)]; ++g) {
        if (a.min_distance(g, c) != kUnreachable) live[static_cast<std::size_t>(c)] = 1;
      }
    }
    a.cell_of.assign(static_cast<std::size_t>(n), 0);
    a.area_of.clear();
    for (int pass = 1; pass >= 0; --pass) {
      for (int c = 0; c < n; ++c) {
        if (live[static_cast<std::size_t>(c)] == pass) {
          a.cell_of[static_cast<std::size_t>(c)] = static_cast<int>(a.area_of.size());
          a.area_of.push_back(c);
        }
      }
      if (pass == 1) live_count_ = static_cast<int>(a.area_of.size());
    }
  }

  // Each cell's square, neighbours and side classes in the final numbering.
  void store_cells(const AreaGraph& a) {
    const int n = a.size();
    grid_.assign(static_cast<std::size_t>(level_.height * level_.width), kNoCell);
    row_.resize(static_cast<std::size_t>(n));
    col_.resize(static_cast<std::size_t>(n));
    nb_.resize(static_cast<std::size_t>(n));
    cls_.resize(static_cast<std::size_t>(n));
    for (int f = 0; f < n; ++f) {
      const int t = a.area_of[static_cast<std::size_t>(f)];
      const int rc = a.square[static_cast<std::size_t>(t)];
      grid_[static_cast<std::size_t>(rc)] = static_cast<std::uint16_t>(f);
      row_[static_cast<std::size_t>(f)] = rc / level_.width;
      col_[static_cast<std::size_t>(f)] = rc % level_.width;
      for (int d = 0; d < 4; ++d) {
        const int u = a.nb[static_cast<std::size_t>(t)][d];
        nb_[static_cast<std::size_t>(f)][d] = u < 0 ? kNoCell : static_cast<std::uint16_t>(a.cell_of[static_cast<std::size_t>(u)]);
        cls_[static_cast<std::size_t>(f)][d] = static_cast<std::int8_t>(a.cls[static_cast<std::size_t>(t)][d]);
      }
    }
  }

  void store_rings() {
    static constexpr int kRingRow[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
    static constexpr int kRingCol[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    ring_.resize(row_.size());
    for (std::size_t f = 0; f < row_.size(); ++f) {
      for (int i = 0; i < 8; ++i) ring_[f][static_cast<std::size_t>(i)] = cell_at(row_[f] + kRingRow[i], col_[f] + kRingCol[i]);
    }
  }

  void store_tunnels() {
    tunnel_.assign(row_.size(), 0);
    for (std::size_t f = 0; f < row_.size(); ++f) {
      const bool up = nb_[f][kUp] != kNoCell, down = nb_[f][kDown] != kNoCell;
      const bool left = nb_[f][kLeft] != kNoCell, right = nb_[f][kRight] != kNoCell;
      tunnel_[f] = (!up && !down && left && right) || (!left && !right && up && down);
    }
  }

  void store_macro_tunnels() {
    macro_tunnel_.assign(row_.size(), 0);
    for (std::size_t f = 0; f < row_.size(); ++f) {
      if (!tunnel_[f] || goal_of_cell_[f] >= 0) continue;
      const int d = nb_[f][kUp] != kNoCell ? kUp : kLeft;  // one end; the other is opposite(d)
      macro_tunnel_[f] = cls_[f][d] != cls_[f][opposite(d)];
    }
  }

  // Goals in final-cell order, so goal numbers follow the board's reading order of live cells.
  void store_goals(const AreaGraph& a) {
    goal_of_cell_.assign(row_.size(), -1);
    for (std::size_t f = 0; f < row_.size(); ++f) {
      if (std::find(a.goals.begin(), a.goals.end(), a.area_of[f]) != a.goals.end()) {
        goal_of_cell_[f] = static_cast<int>(goals_.size());
        goals_.push_back(static_cast<std::uint16_t>(f));
        goal_set_.set(static_cast<int>(f));
      }
    }
  }

  // The push distances in final cell and goal numbers.
  void store_distances(const AreaGraph& a) {
    const std::size_t G = goals_.size(), n = row_.size();
    dist_.assign(G * n, kUnreachable);
    side_dist_.assign(G * n * 4, kUnreachable);
    for (std::size_t gi = 0; gi < G; ++gi) {
      const int goal_area = a.area_of[goals_[gi]];
      const std::size_t g = static_cast<std::size_t>(std::find(a.goals.begin(), a.goals.end(), goal_area) - a.goals.begin());
      for (std::size_t f = 0; f < n; ++f) {
        const int t = a.area_of[f];
        dist_[gi * n + f] = a.min_distance(g, t);
        for (int d = 0; d < 4; ++d) side_dist_[(gi * n + f) * 4 + static_cast<std::size_t>(d)] = a.side_distance(g, t, d);
      }
    }
  }

  void store_boxes_and_player(int player_square) {
    for (std::size_t f = 0; f < row_.size(); ++f) {
      const char ch = level_.at(row_[f], col_[f]);
      if (ch == '$' || ch == '*') boxes_.push_back(static_cast<std::uint16_t>(f));
    }
    player_ = grid_[static_cast<std::size_t>(player_square)];
  }

  // Zobrist keys from a fixed start value (splitmix64), so hashes are the same from run to run.
  void make_zobrist_keys() {
    std::uint64_t x = 0x243F6A8885A308D3ULL;
    auto next = [&x] {
      std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    zbox_.resize(row_.size());
    zplayer_.resize(row_.size());
    for (std::size_t f = 0; f < row_.size(); ++f) {
      zbox_[f] = next();
      zplayer_[f] = next();
    }
  }

  // side_dist_by_cell_: the side distances again, one box side's costs to all goals in a row.
  void lay_out_distances_by_cell() {
    const std::size_t G = goals_.size(), n = row_.size();
    side_dist_by_cell_.assign(side_dist_.size(), kUnreachable);
    for (std::size_t gi = 0; gi < G; ++gi) {
      for (std::size_t f = 0; f < n; ++f) {
        for (std::size_t d = 0; d < 4; ++d) side_dist_by_cell_[(f * 4 + d) * G + gi] = side_dist_[(gi * n + f) * 4 + d];
      }
    }
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
  int walled_boxes_ = 0;
  int live_count_ = 0;
  std::vector<std::uint16_t> grid_;
  std::vector<int> row_, col_;
  std::vector<std::array<std::uint16_t, 4>> nb_;
  std::vector<std::array<std::int8_t, 4>> cls_;
  std::vector<int> goal_of_cell_;
  std::vector<char> tunnel_;
  std::vector<char> macro_tunnel_;
  std::vector<std::array<std::uint16_t, 8>> ring_;
  std::vector<std::uint16_t> goals_;
  WidestCellSet goal_set_;
  std::vector<std::uint16_t> boxes_;
  std::uint16_t player_ = kNoCell;
  std::vector<std::uint16_t> dist_;
  std::vector<std::uint16_t> side_dist_;  // [(goal * cells + cell) * 4 + side]
  std::vector<std::uint64_t> zbox_, zplayer_;
  std::vector<std::uint16_t> side_dist_by_cell_;  // [(cell * 4 + side) * goals + goal]
  std::vector<std::int8_t> player_side_;  // [box cell * cells + player cell]
};

}  // namespace hsearch::sokoban
