#pragma once
// Active pattern search (after Junghanns): after each push, small sub-problems
// around the pushed box are solved exactly, and those that cost more than their own matching
// (or cannot be solved at all) become patterns of the PenaltyTable, which then raises the
// bound of every state that contains them (admissibility: penalty_table.hpp).
//
// The sub-states grow from the pushed box: P = {pushed box}; solve P alone (the framework's
// A*, with a node limit) from the player's zone; if it costs no more than its matching, the
// first other box of the state that its solution runs into (a square the player walks on or a
// box is pushed to) joins P, and so on up to `max_boxes`. The growth stops at a deadlock, a
// penalty, an unfinished search, or a solution that runs into no other box. Beside it, the
// boxes that fence in a corral next to the pushed box are searched as one sub-state
// (search_corral, PatternSearchOptions::corral_boxes), since a fence is often a deadlock only
// as a whole. Once the budget below is spent, short fence searches still look for deadlocks in
// the states A* is about to expand (PatternSearchOptions::quick_nodes).
//
// Boxes frozen on goals (freeze.hpp) are walls of corral fences and of the start's groups
// (PatternSearchOptions::frozen_walls): a frozen box in a fence brings its frozen block (the
// frozen boxes 4-connected to it), and the start's groups have all of the start's frozen
// boxes, searched beside the group's boxes but not counted against the size limits; the
// pattern found holds only in states that hold those walls too (penalty_table.hpp). A goal
// room whose entrance boxes froze, or a block of boxes frozen in the middle of the level, then
// takes none of a fence's few boxes. Sub-states grown along solution paths take a frozen box
// they run into as one of their boxes, as any other (walls there were measured slower).
//
// Two more kinds of groups (PatternSearchOptions::start_boxes, area_entry): before the search,
// the start's groups of boxes that stand close together or in each other's way, searched onto
// goals and into the goals' area (search_start); and after a push outside that area, a group
// grown from the pushed box along its way in (grow_entry). A group that costs more to bring
// into the area than its boxes' distances raises the goal-room bound (area_entry.hpp).
//
// Every sub-state searched is remembered (boxes + zone -> outcome), so a sub-state is solved
// once per level. The effort is budgeted: sub-search expansions stay under a head start plus
// `effort` times the pushes the main search made, and while the budget is spent a push costs
// only the table's bound (no growth: walking the memo needs a flood fill per step and could
// learn nothing). The default effort, 0.03, was the fastest of those measured on XSokoban's
// levels 43, 60, 81, 83 (effort 1 lost 43, 60 and 83 to the sub-searches' time; docs/sokoban.md,
// "Pattern search made cheap"). Memory is only
// allocated when something is learned (a new sub-state, its sub-search's tables, a pattern),
// never for a node that learns nothing.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "hsearch/core/checked_file.hpp"
#include "hsearch/core/cost.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/search/astar.hpp"
#include "hsearch/sokoban/area_entry.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/cell_set.hpp"
#include "hsearch/sokoban/freeze.hpp"
#include "hsearch/sokoban/goal_set_costs.hpp"
#include "hsearch/sokoban/joint_bound.hpp"
#include "hsearch/sokoban/penalty_table.hpp"
#include "hsearch/sokoban/push_apply.hpp"
#include "hsearch/sokoban/sokoban_domain.hpp"

namespace hsearch::sokoban {

struct PatternSearchOptions {
  int max_boxes = 5;                     // largest sub-state searched
  std::uint64_t node_limit = 3000;       // expansions per sub-search (docs/sokoban.md: why 3000)
  double effort = 0.03;                  // sub-search expansions allowed per main-search push
  std::uint64_t head_start = 50000;      // expansions allowed before the main search has made any
  std::size_t max_remembered = 1 << 18;  // sub-states remembered; no new searches beyond
  std::size_t sub_search_bytes = std::size_t{256} << 20;  // each sub-search's memory limit
  // Also searched after a push: the boxes around the empty squares next to the pushed box
  // (or next to a box beside it) that the player cannot reach (its corrals), with the boxes
  // next to those, when they are at most this many and not all the boxes (0: never). Such a fence is often a deadlock only as a whole, which growing a
  // sub-state along solution paths does not find.
  int corral_boxes = 8;
  // Once the budget above is spent, the fence beside the pushed box of a state A* is about to
  // expand (refine_before_expanding) is still searched, on a budget of its own (`quick_effort`
  // expansions per push) and stopped after `quick_nodes` expansions (0: never): most fences
  // that are deadlocks are proven so in a few dozen expansions, while a fence that is not
  // takes the whole node limit to say so. Only deadlocks are learnt from them; a fence they
  // solve or leave unfinished is marked as tried, and stays free for a whole search once the
  // budget above allows one. Microban 144's push optimum: 61.3 s with them, 76.4 s without
  // (docs/sokoban.md, "Pattern search").
  std::uint64_t quick_nodes = 32;
  double quick_effort = 0.03;
  // Their deadlocks are learnt only once a whole window of `quick_window` searches has found
  // at least this share of deadlocks; until then they are a trial that changes nothing in the
  // search. A window below it pauses them for `quick_pause` pushes, twice as long each time,
  // as the joint bounds' pauses (0: never pause, learn from the start). On Microban 144 about
  // 12 % of them are deadlocks; on XSokoban's levels 0.5 to 2 %, where the few deadlocks they
  // find only reshuffle A*'s ties (levels 5 and 21 lost at 60 s when they were learnt).
  double quick_min_deadlocks = 0.08;
  std::uint64_t quick_window = 256;
  std::uint64_t quick_pause = 1 << 18;
  // Boxes frozen on goals are walls of corral fences and of the start's groups, outside the
  // size limits (the file's top); off, they join them as boxes like any other.
  bool frozen_walls = true;
  // Before the search (search_start): every connected group of 2 to this many of the start's
  // boxes (0: none), a group connected by boxes at most two squares apart or by a box in the
  // way of another's lone solution, within `start_nodes` expansions in all. Each group is
  // searched twice: onto goals (the table's patterns) and, with a goal room, into the goals'
  // area (area_entry.hpp).
  int start_boxes = 4;
  std::uint64_t start_nodes = 500000;
  // The start's groups are searched, and area-entry groups grown from pushed boxes, once the
  // main search has made this many pushes (0: from the start): a small level is solved before
  // that, and its groups would cost more than its whole search (Microban's median level).
  std::uint64_t start_after_pushes = 1 << 15;
  // Groups of boxes on their way into the goals' area (area_entry.hpp), searched beside the
  // sub-states when a goal room is set (set_goal_room).
  bool area_entry = true;
  // Area-entry groups also grow from the pushed box with each box beside it (grow_entry).
  bool entry_neighbours = true;
  // A pattern with a penalty is also searched for its cost onto each goal set up to this
  // many pushes past c(P) (goal_set_costs.hpp; 0: never), within `goal_set_nodes` expansions,
  // later, under a budget of its own (search_goal_sets): the penalty table's dual bound reads
  // them.
  int goal_set_slack = 0;
  std::uint64_t goal_set_nodes = 10000;
  // Sub-states, corral fences and area-entry groups are searched for the states A* is about to
  // expand (refine_before_expanding, with A*'s revaluation), not for each push as it is
  // generated: the same budget, spent on the states of the layer A* is working through
  // rather than on children it may never reach. Off by default (docs/sokoban.md, "Pattern
  // search", lost level 9 at 60 s); set_at_expansion switches it off for a search that does
  // not revalue.
  bool at_expansion = false;
  // The joint bound (joint_bound.hpp) of a state A* is about to expand, for up to
  // `joint_groups` of the penalty patterns it holds (largest penalty first), each sub-search
  // stopped after `joint_nodes` expansions (or at `sub_search_bytes`) with the bound it has
  // reached (0: never). Only for a level with as many boxes as goals, and only where the search
  // revalues at expansion. On by default: docs/sokoban.md, "The joint bound at expansion".
  std::uint64_t joint_nodes = 50;
  int joint_groups = 1;
  // A state that holds two or more disjoint penalty patterns gets one joint bound instead, of
  // the union of those patterns (largest penalty first, up to this many boxes; 0: never). The
  // table adds disjoint patterns' costs but lets the rest take the goals they need; a joint
  // bound of one pattern keeps the competition but misses the others' detours. With it
  // XSokoban 54 is proven within the minute (docs/sokoban.md, "The joint bound at expansion").
  int joint_union_boxes = 6;
  // Joint bounds are asked for once the main search has made this many pushes: on a small
  // level (Microban's median) the sub-searches cost more than they save, as the start's groups
  // do (start_after_pushes).
  std::uint64_t joint_after_pushes = 1 << 15;
  // Joint bounds pause when they stop paying: of each `joint_window` bounds, fewer than this
  // share raised the state's bound (0: never pause). The pause lasts `joint_pause` pushes, and
  // twice as long each time the next window fails again. On the XSokoban levels the joint
  // bound decides, it raises half of the states it bounds or more; on Microban 144 it raises
  // about half as well, but a raised state there is a hopeless one that A* reaches again later,
  // and with the union's bounds the level took 64 s at a quarter against 42 s at a half
  // (docs/sokoban.md).
  double joint_min_raised = 0.5;
  std::uint64_t joint_window = 1024;
  std::uint64_t joint_pause = 1 << 18;
};

// A kind of sub-search that pauses when it stops paying: when fewer than `min_share` of a
// window of `window` tries succeed, no tries for `pause` pushes of the main search, twice as
// long each time a window fails again.
struct PausingWindow {
  std::uint64_t window;
  double min_share;
  std::uint64_t pause;
  std::uint64_t tries = 0, succeeded = 0;
  std::uint64_t resume_at = 0;  // no tries before this push
  bool paused(std::uint64_t pushes) const { return pushes < resume_at; }
  // Counts one try made at push `pushes`; true when its window ends in a pause.
  bool judge(bool success, std::uint64_t pushes) {
    succeeded += success;
    if (++tries < window) return false;
    const bool pausing = static_cast<double>(succeeded) < min_share * static_cast<double>(tries);
    if (pausing) {
      resume_at = pushes + pause;
      pause *= 2;
    }
    tries = 0;
    succeeded = 0;
    return pausing;
  }
};

struct PatternSearchStats {
  std::uint64_t searches = 0;  // sub-searches run
  std::uint64_t expanded = 0;  // their expansions, in all
  std::uint64_t unfinished = 0;  // stopped by the node limit
  std::uint64_t corral_searches = 0;  // of the sub-searches, those of a corral's boxes
  std::uint64_t quick_searches = 0;   // corral fences searched on their own budget (quick_nodes)
  std::uint64_t quick_expanded = 0;   // their expansions (not in `expanded`)
  std::uint64_t quick_deadlocks = 0;  // of those fences, the deadlocks
  std::uint64_t quick_pauses = 0;     // times they paused, having found too few
  std::uint64_t quick_learning_from = 0;  // the push from which their deadlocks are learnt (0: never)
  std::uint64_t wall_searches = 0;    // of the sub-searches, those beside boxes frozen on goals
  std::uint64_t start_searches = 0;  // of the sub-searches, those of the start's groups
  std::uint64_t entry_searches = 0;  // of the sub-searches, groups on their way into the goals' area
  std::uint64_t goal_set_searches = 0;  // patterns searched for their cost onto each goal set
  std::uint64_t goal_set_expanded = 0;  // their expansions (not in `expanded`: a budget of their own)
  std::uint64_t joint_bounds = 0;    // joint bounds found (sub-searches run)
  std::uint64_t joint_unions = 0;    // of those, bounds of the union of disjoint patterns
  std::uint64_t joint_expanded = 0;  // their expansions
  std::uint64_t joint_raised = 0;    // states whose bound they raised
  std::uint64_t joint_skipped = 0;   // states left without one: the search held more already
  std::uint64_t joint_pauses = 0;    // times they paused, having raised too few (joint_min_raised)
  std::uint64_t joint_paused = 0;    // states left without one during the pauses
};

// Set: the cell-set width of the main search's states (cell_set.hpp).
template <class Set>
class BasicPatternSearch final : public BasicSokobanDomain<Set>::BoundHook {
 public:
  using Domain = BasicSokobanDomain<Set>;
  using State = typename Domain::State;
  using Cost = typename Domain::Cost;
  using Table = BasicPenaltyTable<Set>;

  BasicPatternSearch(const Board& board, const PatternSearchOptions& options = {})
      : board_(&board),
        options_(options),
        table_(board, static_cast<int>(board.goals().size())),
        lone_(static_cast<std::size_t>(board.cell_count()) * 4),
        parent_(static_cast<std::size_t>(board.cell_count())),
        seen_(static_cast<std::size_t>(board.cell_count()), 0) {
    if (options_.joint_nodes > 0) {
      joint_ = std::make_unique<BasicJointBound<Set>>(board);
      if (!joint_->usable()) joint_.reset();
    }
  }

  const Table& table() const { return table_; }
  const BasicAreaEntryTable<Set>& entry_table() const { return entry_table_; }

  // The goal-room bound whose outside half the area-entry groups sharpen (nullptr: none).
  void set_goal_room(const GoalRoomBound* room) { room_ = options_.area_entry ? room : nullptr; }

  Cost area_entry_gain(const State& s) override {
    if (room_ == nullptr || entry_table_.size() == 0) return 0;
    const int n = count_boxes(s);
    for (int i = 0; i < n; ++i) {
      const std::size_t b = static_cast<std::size_t>(i);
      const int c = s.box_cell[b];
      distance_[static_cast<std::size_t>(c)] = room_->in_area(c) ? 0 : room_->distance_to_area(c, s.box_side[b]);
    }
    return entry_table_.gain(s, n, distance_);
  }

  // What the search has learnt holds: the pattern table, the remembered sub-states and their
  // solution paths (the hash map's nodes estimated). A sub-search's own memory is freed when it
  // ends and is limited by PatternSearchOptions::sub_search_bytes.
  std::size_t held_bytes() const override {
    using Node = std::pair<const Key, Memo>;
    return table_.bytes() + lone_.capacity() * sizeof(Memo) + memo_.size() * (sizeof(Node) + 2 * sizeof(void*)) +
           quick_unfinished_.size() * (sizeof(Key) + 2 * sizeof(void*)) + quick_unfinished_.bucket_count() * sizeof(void*) +
           memo_.bucket_count() * sizeof(void*) + path_bytes_ + entry_table_.bytes() +
           entry_memo_.size() * (sizeof(Node) + 2 * sizeof(void*)) + entry_memo_.bucket_count() * sizeof(void*) +
           joint_memo_.capacity() * sizeof(JointMemo) + (joint_ ? joint_->bytes() : 0);
  }
  const PatternSearchStats& stats() const { return stats_; }

  // What has been learned, as bytes that `restore` reads back on the same board: every
  // sub-state searched (its boxes, the smallest cell of the player's zone, the outcome and,
  // for one without penalty, the squares its solution uses) and every pattern (boxes, walls,
  // zone, c(P) and M(P)). Cells are the board's numbers, so the bytes do not depend on the width of
  // the states. Little-endian; a count before each list.
  std::vector<std::uint8_t> learned() const {
    PayloadWriter out;
    std::uint32_t lone = 0;
    for (const Memo& m : lone_) lone += m.outcome != Outcome::not_searched;
    out.u32(lone);
    for (std::size_t i = 0; i < lone_.size(); ++i) {
      if (lone_[i].outcome == Outcome::not_searched) continue;
      out.u32(static_cast<std::uint32_t>(i));
      put_memo(out, lone_[i]);
    }
    put_memos(out, memo_);
    out.u32(static_cast<std::uint32_t>(table_.size()));
    for (const auto& p : table_.patterns()) {
      put_cells(out, p.boxes);
      out.u8(static_cast<std::uint8_t>(p.walls.count()));  // (its walls, often none)
      p.walls.for_each([&](int c) { out.u16(static_cast<std::uint16_t>(c)); });
      out.u16(static_cast<std::uint16_t>(p.zone.first()));
      out.u32(static_cast<std::uint32_t>(p.cost));
      out.u32(static_cast<std::uint32_t>(p.cost == Table::kDeadlock ? 0 : p.cost - p.penalty));
    }
    // The area-entry groups searched, after the goals' area they were searched against (its
    // squares; none without a goal room): a group's cost is its way into that area.
    const Set area = area_squares();
    out.u32(static_cast<std::uint32_t>(area.count()));
    area.for_each([&](int c) { out.u16(static_cast<std::uint16_t>(c)); });
    put_memos(out, entry_memo_);
    out.u32(static_cast<std::uint32_t>(entry_table_.size()));
    for (const auto& g : entry_table_.groups()) {
      put_cells(out, g.boxes);
      out.u16(static_cast<std::uint16_t>(g.zone.first()));
      out.u32(static_cast<std::uint32_t>(g.cost));
    }
    return std::move(out.bytes());
  }

  // Adds what `learned()` wrote (on a board with the same cells) to this search's memory
  // and table, so that a new run starts from it. `file` names the source in messages: a
  // truncated list, a cell off the board, an unknown outcome or a zone cell under one of the
  // pattern's boxes throws TableFileError, and nothing is added then. The area-entry groups
  // are added only when this search has the same goals' area as the one that learned them
  // (set_goal_room first): their costs are ways into that area; otherwise they are read,
  // checked and left out.
  void restore(const std::vector<std::uint8_t>& data, const std::string& file) {
    Reader in{PayloadReader(data, file + ": learned patterns"), board_->cell_count()};
    std::vector<std::pair<std::uint32_t, Memo>> lone;
    std::vector<std::pair<Key, Memo>> memos;
    struct Learned {
      Set boxes;
      Set walls;
      Set zone;
      std::int32_t cost, matching;
    };
    std::vector<Learned> patterns;
    for (std::uint32_t n = in.count(); n > 0; --n) {
      const std::uint32_t i = in.in.u32("a one-box sub-state");
      if (i >= lone_.size()) in.in.fail("a one-box sub-state off the board");
      lone.emplace_back(i, in.memo());
    }
    for (std::uint32_t n = in.count(); n > 0; --n) {
      const Key key = in.key();
      memos.emplace_back(key, in.memo());
    }
    for (std::uint32_t n = in.count(); n > 0; --n) {
      Learned p;
      p.boxes = in.cells();
      p.walls = in.cells(0);
      if (p.walls.intersects(p.boxes)) in.in.fail("a pattern's box among its walls");
      // (Walls are sound only as boxes that never move: on goals, and frozen with the pattern's
      // boxes alone, so frozen in every state that holds both.)
      if (p.walls.any() &&
          (!p.walls.subset_of(board_->goal_set()) || !p.walls.subset_of(frozen_boxes(*board_, p.boxes | p.walls)))) {
        in.in.fail("a pattern's walls that are not frozen on goals");
      }
      const std::uint16_t zone = in.cell();
      if ((p.boxes | p.walls).test(zone)) in.in.fail("a zone under a box");
      p.zone = zone_of(p.boxes | p.walls, zone);
      p.cost = static_cast<std::int32_t>(in.in.u32("a pattern's cost"));
      p.matching = static_cast<std::int32_t>(in.in.u32("a pattern's matching"));
      if (p.cost < Table::kDeadlock || p.matching < 0 || (p.cost != Table::kDeadlock && p.matching > p.cost)) {
        in.in.fail("a pattern cost below its matching");
      }
      patterns.push_back(p);
    }
    Set area;
    for (std::uint32_t n = in.count(); n > 0; --n) {
      const std::uint16_t c = in.cell();
      if (area.test(c)) in.in.fail("an area square listed twice");
      area.set(c);
    }
    const bool same_area = room_ != nullptr && area == area_squares();
    auto outside_key = [&] {
      const Key key = in.key();
      if (key.boxes.intersects(area)) in.in.fail("an area-entry group inside the goals' area");
      return key;
    };
    std::vector<std::pair<Key, Memo>> entry_memos;
    for (std::uint32_t n = in.count(); n > 0; --n) {
      const Key key = outside_key();
      entry_memos.emplace_back(key, in.memo());
    }
    std::vector<std::pair<Key, std::int32_t>> entries;  // a group (its zone's cell) and c(G)
    for (std::uint32_t n = in.count(); n > 0; --n) {
      const Key key = outside_key();
      const std::uint32_t cost = in.in.u32("an area-entry group's cost");
      // At least one push per box; at most what a sub-search could prove.
      if (cost < static_cast<std::uint32_t>(key.boxes.count()) || cost > (1u << 24)) {
        in.in.fail("an area-entry group's cost of " + std::to_string(cost));
      }
      entries.emplace_back(key, static_cast<std::int32_t>(cost));
    }
    if (in.in.remaining() != 0) in.in.fail("bytes after the last area-entry group");
    for (auto& [i, memo] : lone) {
      path_bytes_ += memo.path.capacity() * sizeof(std::uint16_t);
      lone_[i] = std::move(memo);
    }
    adopt(memo_, memos);
    for (const Learned& p : patterns) {
      const std::size_t id = table_.add(p.boxes, p.zone, p.cost, p.matching, p.walls);
      // A penalty pattern's goal sets are not in the file: searched again.
      if (options_.goal_set_slack > 0 && p.cost != Table::kDeadlock && p.cost > p.matching && !p.walls.any()) {
        pending_goal_sets_.push_back(id);
      }
    }
    if (!same_area) return;
    adopt(entry_memo_, entry_memos);
    for (const auto& [key, cost] : entries) entry_table_.add(key.boxes, zone_of(key.boxes, key.zone), cost);
  }

  // The start's groups of boxes (PatternSearchOptions::start_boxes), searched before the
  // main search. Boxes that stand together at the start often stay there for a long part of
  // the search while others are pushed, and a pattern grown from a pushed box never takes them
  // in; a penalty of such a group counts in every state that still holds it.
  // `stop()` is asked between sub-searches (a time limit).
  // The start's boxes frozen on goals are walls beside every group (the file's top), never in
  // one: they stay in every state of the level.
  template <class Stop>
  void search_start(const State& s, Stop&& stop) {
    const Set walls = options_.frozen_walls ? s.frozen : Set{};
    const Set movable = s.boxes.without(walls);
    const int n = movable.count();
    if (options_.start_boxes < 2 || n < 3 || n > 64) return;
    std::vector<std::uint16_t> cells;
    movable.for_each([&](int c) { cells.push_back(static_cast<std::uint16_t>(c)); });
    std::vector<std::uint64_t> links(static_cast<std::size_t>(n), 0);
    auto link = [&](int i, int j) {
      links[static_cast<std::size_t>(i)] |= std::uint64_t{1} << j;
      links[static_cast<std::size_t>(j)] |= std::uint64_t{1} << i;
    };
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        const int dr = board_->row(cells[static_cast<std::size_t>(i)]) - board_->row(cells[static_cast<std::size_t>(j)]);
        const int dc = board_->col(cells[static_cast<std::size_t>(i)]) - board_->col(cells[static_cast<std::size_t>(j)]);
        if (std::abs(dr) <= 2 && std::abs(dc) <= 2) link(i, j);
      }
    }
    const std::uint64_t before = stats_.expanded;
    auto spent = [&] { return stats_.expanded - before >= options_.start_nodes || stop(); };
    // The boxes each box's lone solution runs into.
    for (int i = 0; i < n && !spent(); ++i) {
      const std::uint16_t c = cells[static_cast<std::size_t>(i)];
      const int side = board_->player_side(c, s.player);
      if (side < 0) continue;
      Memo& memo = lone_[static_cast<std::size_t>(c) * 4 + static_cast<std::size_t>(board_->side_class(c, side))];
      if (memo.outcome == Outcome::not_searched) {
        Set one;
        one.set(c);
        memo = solve(one, Set{}, zone_of(one, s.player), s.player);
        path_bytes_ += memo.path.capacity() * sizeof(std::uint16_t);
      }
      for (std::uint16_t p : memo.path) {
        for (int j = 0; j < n; ++j) {
          if (j != i && cells[static_cast<std::size_t>(j)] == p) link(i, j);
        }
      }
    }
    // Connected groups, size by size (smaller ones first: they are cheaper and combine).
    std::vector<std::uint64_t> level;
    for (int i = 0; i < n; ++i) level.push_back(std::uint64_t{1} << i);
    for (int size = 2; size <= options_.start_boxes && size < n && !spent(); ++size) {
      std::vector<std::uint64_t> next;
      for (std::uint64_t g : level) {
        std::uint64_t around = 0;
        for (std::uint64_t m = g; m != 0; m &= m - 1) around |= links[static_cast<std::size_t>(std::countr_zero(m))];
        for (std::uint64_t m = around & ~g; m != 0; m &= m - 1) next.push_back(g | (m & (~m + 1)));
      }
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      for (std::uint64_t g : next) {
        if (spent()) break;
        Set pattern;
        bool all_on_goals = true;
        for (std::uint64_t m = g; m != 0; m &= m - 1) {
          const std::uint16_t c = cells[static_cast<std::size_t>(std::countr_zero(m))];
          pattern.set(c);
          all_on_goals = all_on_goals && board_->is_goal(c);
        }
        search_entry(pattern, s.player, Budget::start);
        if (all_on_goals) continue;
        const Set zone = zone_of(pattern | walls, s.player);
        const Key key{pattern | walls, static_cast<std::uint16_t>(zone.first())};
        if (memo_.find(key) != memo_.end()) continue;
        ++stats_.start_searches;
        auto it = memo_.emplace(key, solve(pattern, walls, zone, s.player)).first;
        path_bytes_ += it->second.path.capacity() * sizeof(std::uint16_t);
      }
      level = std::move(next);
    }
    start_expanded_ = stats_.expanded - before;
  }

  // search_start(start, stop) now, or after `start_after_pushes` pushes of the main search
  // (refine); `stop` must stay callable until then.
  void schedule_start(const State& start, std::function<bool()> stop) {
    if (options_.start_after_pushes == 0) {
      search_start(start, stop);
      return;
    }
    pending_start_ = start;
    start_stop_ = std::move(stop);
  }

  // The next pattern waiting for its costs per goal set (goal_set_costs.hpp), when their own
  // budget allows: as many expansions as the sub-searches' budget, counted apart, so that these
  // wider searches never take the sub-searches' turn. refine() runs one per push, oldest first
  // (the start's groups, which stay longest in the states). Returns whether it searched one.
  bool search_goal_sets() {
    if (next_goal_sets_ == pending_goal_sets_.size() || static_cast<double>(stats_.goal_set_expanded) >= allowance()) {
      return false;
    }
    const std::size_t id = pending_goal_sets_[next_goal_sets_++];
    const auto& p = table_.patterns()[id];
    std::array<std::uint16_t, kMaxBoxes> cells;
    int n = 0;
    p.boxes.for_each([&](int c) { cells[static_cast<std::size_t>(n++)] = static_cast<std::uint16_t>(c); });
    // Any square of the pattern's zone is the same sub-problem (the player walks freely there).
    const auto player = static_cast<std::uint16_t>(p.zone.first());
    const GoalSetCosts sets = goal_set_costs<Set>(*board_, cells.data(), n, player, p.cost + options_.goal_set_slack,
                                                  options_.goal_set_nodes);
    ++stats_.goal_set_searches;
    stats_.goal_set_expanded += sets.expanded;
    table_.set_goal_sets(id, sets);
    return true;
  }

  Cost known_bound(const State& s) override { return table_.bound(s, count_boxes(s)); }
  // Patterns, their goal-set costs and entry groups: the tables only grow (nothing learnt is
  // ever dropped), and nothing else that learns changes a bound.
  std::uint64_t learnt() const override {
    return table_.size() + table_.with_goal_sets() + entry_table_.size();
  }

  Cost refine(const State& s, std::uint16_t pushed_to) override {
    if (++pushes_ == options_.start_after_pushes) {
      // The entry groups begin now: they get the head start the sub-states had at push 0.
      late_head_start_ = options_.head_start;
      if (pending_start_) {
        search_start(*pending_start_, start_stop_);
        pending_start_.reset();
      }
    }
    box_count_ = count_boxes(s);
    if (!options_.at_expansion) search_around(s, pushed_to);
    search_goal_sets();
    return table_.bound(s, box_count_);
  }

  Cost refine_before_expanding(const State& s, std::uint16_t pushed_to, Cost held) override {
    if (!options_.at_expansion) {
      // The quick fences of a state about to be expanded: a deadlock found there cuts the
      // state with all it would generate, where one found at a push often cuts a child that
      // A* would never have reached.
      if (options_.corral_boxes > 0 && !within_budget() && within_quick_budget()) {
        box_count_ = count_boxes(s);
        search_corral(s, pushed_to, Budget::quick);
      }
      return with_joint_bound(s, known_bound(s), held);
    }
    box_count_ = count_boxes(s);
    search_around(s, pushed_to);
    return with_joint_bound(s, table_.bound(s, box_count_), held);
  }

  // Whether the sub-searches run when a state is about to be expanded (PatternSearchOptions::
  // at_expansion) or when a push is generated; a search that never revalues (IDA*, the
  // memory fallback) needs the latter.
  void set_at_expansion(bool on) { options_.at_expansion = on; }

 private:
  enum class Outcome : std::uint8_t { not_searched, no_penalty, penalty, deadlock, unfinished };
  // The budget a sub-search runs on: the start's groups' (search_start), the pushes'
  // (within_budget) or the quick corral fences' (within_quick_budget).
  enum class Budget : std::uint8_t { start, pushes, quick };

  struct Key {
    Set boxes;
    std::uint16_t zone = 0;  // the zone's smallest cell
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = k.zone * 0x9E3779B97F4A7C15ULL;
      for (int i = 0; i < Set::kWords; ++i) h = (h ^ k.boxes.word_at(i)) * 0xFF51AFD7ED558CCDULL;
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  struct Memo {
    Outcome outcome = Outcome::not_searched;
    std::vector<std::uint16_t> path;  // no_penalty: squares the solution uses, in order
  };

  static int count_boxes(const State& s) { return s.boxes.count(); }

  // Sub-states and memos as bytes (learned()), and back with every field checked (restore()).
  static void put_cells(PayloadWriter& out, const Set& set) {
    out.u8(static_cast<std::uint8_t>(set.count()));
    set.for_each([&](int c) { out.u16(static_cast<std::uint16_t>(c)); });
  }
  static void put_memo(PayloadWriter& out, const Memo& m) {
    out.u8(static_cast<std::uint8_t>(m.outcome));
    out.u32(static_cast<std::uint32_t>(m.path.size()));
    for (std::uint16_t c : m.path) out.u16(c);
  }
  using MemoMap = std::unordered_map<Key, Memo, KeyHash>;
  static void put_memos(PayloadWriter& out, const MemoMap& memos) {
    out.u32(static_cast<std::uint32_t>(memos.size()));
    for (const auto& [key, memo] : memos) {
      put_cells(out, key.boxes);
      out.u16(key.zone);
      put_memo(out, memo);
    }
  }
  // Sub-states read back (restore()) join `memos`, their paths counted in held_bytes().
  void adopt(MemoMap& memos, std::vector<std::pair<Key, Memo>>& read) {
    for (auto& [key, memo] : read) {
      path_bytes_ += memo.path.capacity() * sizeof(std::uint16_t);
      memos.insert_or_assign(key, std::move(memo));
    }
  }
  // The goals' area the area-entry groups are searched against (none without a goal room).
  Set area_squares() const {
    Set area;
    for (int c = 0; room_ != nullptr && c < board_->cell_count(); ++c) {
      if (room_->in_area(c)) area.set(static_cast<std::uint16_t>(c));
    }
    return area;
  }
  struct Reader {
    PayloadReader in;
    int cell_count;
    // A list length: each entry takes at least one byte, so a count beyond the bytes left is
    // a damaged file, not a reason to reserve gigabytes.
    std::uint32_t count() {
      const std::uint32_t n = in.u32("a list length");
      if (n > in.remaining()) in.fail("a list longer than the file");
      return n;
    }
    std::uint16_t cell() {
      const std::uint16_t c = in.u16("a cell");
      if (c >= cell_count) in.fail("a cell off the board");
      return c;
    }
    // `least`: the fewest cells the list may have (a pattern's walls may be none).
    Set cells(int least = 1) {
      const int n = in.u8("a box count");
      if (n < least || n > kMaxBoxes) in.fail("a sub-state of " + std::to_string(n) + " boxes");
      Set set;
      for (int i = 0; i < n; ++i) {
        const std::uint16_t c = cell();
        if (set.test(c)) in.fail("a box listed twice");
        set.set(c);
      }
      return set;
    }
    // A sub-state's boxes and the cell that names its zone, which no box may cover.
    Key key() {
      Key k;
      k.boxes = cells();
      k.zone = cell();
      if (k.boxes.test(k.zone)) in.fail("a zone under a box");
      return k;
    }
    Memo memo() {
      Memo m;
      const std::uint8_t outcome = in.u8("an outcome");
      if (outcome < static_cast<std::uint8_t>(Outcome::no_penalty) || outcome > static_cast<std::uint8_t>(Outcome::unfinished)) {
        in.fail("an unknown outcome " + std::to_string(outcome));
      }
      m.outcome = static_cast<Outcome>(outcome);
      const std::uint32_t n = count();
      m.path.reserve(n);
      for (std::uint32_t i = 0; i < n; ++i) m.path.push_back(cell());
      return m;
    }
  };

  // The sub-searches of a state whose push left its box on `pushed_to`: its box's sub-states,
  // its area-entry groups and the corral fences beside it.
  void search_around(const State& s, std::uint16_t pushed_to) {
    grow(s, pushed_to);
    grow_entry(s, pushed_to);
    if (options_.corral_boxes > 0) search_corral(s, pushed_to);
  }

  // The expansions a budget allows by now: the head starts plus `effort` per push, and per
  // expansion of the joint bounds' sub-searches (the time those take is the main search's; with
  // pushes alone, joint bounds that slow A* down would starve the sub-states of their share).
  double allowance() const {
    return static_cast<double>(options_.head_start + late_head_start_) +
           options_.effort * static_cast<double>(pushes_ + stats_.joint_expanded);
  }

  bool within_budget() const {
    return memo_.size() < options_.max_remembered && static_cast<double>(stats_.expanded - start_expanded_) < allowance();
  }

  // The quick corral fences' budget (PatternSearchOptions::quick_nodes): `quick_effort` per push.
  bool within_quick_budget() const {
    return options_.quick_nodes > 0 && !quick_window_.paused(pushes_) &&
           memo_.size() + quick_unfinished_.size() < options_.max_remembered &&
           static_cast<double>(stats_.quick_expanded) < options_.quick_effort * static_cast<double>(pushes_);
  }

  void grow(const State& s, std::uint16_t pushed_to) {
    // Out of budget, no sub-state can be searched, and the learned ones are all in the table
    // already: walking the memo (a flood fill per step) would learn nothing.
    if (!within_budget()) return;
    Set pattern;
    pattern.set(pushed_to);
    for (int size = 1;; ++size) {
      const Memo* found = nullptr;
      if (size == 1) {
        // A lone box: its zone is fixed by the side class the player is in (no flood fill).
        const int side = board_->player_side(pushed_to, s.player);
        if (side < 0) return;
        Memo& memo = lone_[static_cast<std::size_t>(pushed_to) * 4 + static_cast<std::size_t>(board_->side_class(pushed_to, side))];
        if (memo.outcome == Outcome::not_searched) {
          if (!within_budget()) return;
          memo = solve(pattern, Set{}, zone_of(pattern, s.player), s.player);
          path_bytes_ += memo.path.capacity() * sizeof(std::uint16_t);
        }
        found = &memo;
      } else {
        const Set zone = zone_of(pattern, s.player);
        const Key key{pattern, static_cast<std::uint16_t>(zone.first())};
        auto it = memo_.find(key);
        if (it == memo_.end()) {
          if (!within_budget()) return;
          it = memo_.emplace(key, solve(pattern, Set{}, zone, s.player)).first;
          path_bytes_ += it->second.path.capacity() * sizeof(std::uint16_t);
        }
        found = &it->second;
      }
      const Memo& memo = *found;
      if (memo.outcome != Outcome::no_penalty || size == options_.max_boxes) return;
      int next = -1;
      for (std::uint16_t c : memo.path) {
        if (s.boxes.test(c) && !pattern.test(c)) {
          next = c;
          break;
        }
      }
      if (next < 0) return;
      pattern.set(next);
    }
  }

  // The sub-state of the boxes that fence in the empty squares next to the pushed box that
  // the player cannot reach (all of them at once: any set of boxes makes a sound sub-state,
  // and a fence is a deadlock as a whole or not at all), searched once per (boxes, zone).
  // Budget::quick: the quick fences' (see refine_before_expanding).
  void search_corral(const State& s, std::uint16_t pushed_to, Budget budget = Budget::pushes) {
    const bool quick = budget == Budget::quick;
    if (!quick && !within_budget()) return;
    // (Every empty square next to an unreachable one is unreachable too: the flood of the
    // squares without boxes from each seed is the corral.)
    Set region;
    // The corrals next to the pushed box, or next to a box beside it (a push that closes a
    // fence from behind: its box keeps a fence box from moving away).
    auto corrals_next_to = [&](std::uint16_t box) {
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board_->neighbor(box, d);
        if (n == kNoCell || s.reach.test(n) || s.boxes.test(n) || region.test(n)) continue;
        region.set(n);
        grow_area(*board_, s.boxes, n, region);
      }
    };
    corrals_next_to(pushed_to);
    for (int d = 0; d < 4; ++d) {
      const std::uint16_t n = board_->neighbor(pushed_to, d);
      if (n != kNoCell && s.boxes.test(n)) corrals_next_to(n);
    }
    if (!region.any()) return;
    // Boxes frozen on goals in the fence are walls (the file's top), with their frozen blocks;
    // only the others count against `corral_boxes`. (A corral's fence is a sub-state
    // remembered by all its boxes: walls or not, boxes frozen on goals never move, so the
    // sub-problem is the same.)
    Set fence, walls;
    int fenced = 0;
    const Set frozen = options_.frozen_walls ? s.frozen : Set{};
    auto add_to_fence = [&](std::uint16_t n) {
      if (frozen.test(n)) {
        if (!walls.test(n)) walls |= frozen_block(s, n);
        return;
      }
      fence.set(n);
      ++fenced;
    };
    region.for_each([&](int c) {
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board_->neighbor(static_cast<std::uint16_t>(c), d);
        if (n == kNoCell || !s.boxes.test(n) || fence.test(n)) continue;
        add_to_fence(n);
      }
    });
    // (The whole level is no sub-state: at least one box that can move stays out.)
    const int movable = box_count_ - frozen.count();
    if (fenced > options_.corral_boxes || fenced >= movable) return;
    // (a lone box's sub-state is grow()'s, unless walls stand beside it)
    if (fenced == 0 || (fenced < 2 && !walls.any())) return;
    // With them, the boxes next to the fence: one that keeps a fence box from moving away (a
    // box behind it) is often what makes the fence a deadlock.
    const Set first_fence = fence;
    first_fence.for_each([&](int c) {
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board_->neighbor(static_cast<std::uint16_t>(c), d);
        if (n == kNoCell || !s.boxes.test(n) || fence.test(n)) continue;
        if (!frozen.test(n) && (fenced == options_.corral_boxes || fenced + 1 >= movable)) continue;
        add_to_fence(n);
      }
    });
    const Set zone = zone_of(fence | walls, s.player);
    const Key key{fence | walls, static_cast<std::uint16_t>(zone.first())};
    if (memo_.find(key) != memo_.end() || (quick && quick_unfinished_.contains(key))) return;
    Memo memo;
    if (quick) {
      memo = solve(fence, walls, zone, s.player, Budget::quick);
      const bool deadlock = memo.outcome == Outcome::deadlock;
      const bool learning = quick_learning_;
      if (quick_learning_) {
        // (learning, they go on: their own budget bounds them)
      } else if (quick_window_.judge(deadlock, pushes_)) {
        ++stats_.quick_pauses;
      } else if (quick_window_.tries == 0) {
        // A whole window found enough deadlocks: from now on they are learnt. The fences of
        // the trial may be searched again.
        quick_learning_ = true;
        stats_.quick_learning_from = pushes_;
        quick_unfinished_.clear();
      }
      if (!deadlock || !learning) {
        quick_unfinished_.insert(key);
        return;
      }
    } else {
      ++stats_.corral_searches;
      memo = solve(fence, walls, zone, s.player);
    }
    path_bytes_ += memo.path.capacity() * sizeof(std::uint16_t);
    memo_.emplace(key, std::move(memo));
  }

  // A group of boxes outside the goals' area on its way in (area_entry.hpp), once per
  // (boxes, zone); a group whose cost exceeds its boxes' distances joins the entry table.
  // Returns what is remembered of it (nullptr: not all outside the area, or out of budget).
  // `budget`: whose budget it is searched on (search_start checks its own between groups).
  const Memo* search_entry(const Set& group, std::uint16_t player, Budget budget) {
    if (room_ == nullptr) return nullptr;
    bool outside = true;
    group.for_each([&](int c) { outside = outside && !room_->in_area(c); });
    if (!outside) return nullptr;
    const Set zone = zone_of(group, player);
    const Key key{group, static_cast<std::uint16_t>(zone.first())};
    if (auto it = entry_memo_.find(key); it != entry_memo_.end()) return &it->second;
    if (budget == Budget::pushes && !within_budget()) return nullptr;
    Memo memo;
    const BasicAreaEntryDomain<Set> sub(*board_, *room_);
    const auto start = sub.start(group, player);
    if (is_dead_end(start.h)) {
      memo.outcome = Outcome::deadlock;
    } else {
      AStarOptions astar_options;
      astar_options.limits.max_expanded = options_.node_limit;
      astar_options.limits.max_bytes = options_.sub_search_bytes;
      const auto result = astar(sub, start, AreaEntryBound{}, astar_options);
      ++stats_.searches;
      ++stats_.entry_searches;
      stats_.expanded += result.stats.expanded;
      if (result.status == Status::unsolvable) {
        // Every goal is in the area, so every box outside it must get in: a group that cannot
        // is a deadlock wherever it stands with the player in its zone (the replay argument of
        // area_entry.hpp: a solution would bring the group in, other boxes removed).
        table_.add(group, zone, Table::kDeadlock, 0);
        memo.outcome = Outcome::deadlock;
      } else if (!result.solved() || !result.optimal) {
        memo.outcome = Outcome::unfinished;
      } else {
        memo.outcome = result.cost > start.h ? Outcome::penalty : Outcome::no_penalty;
        if (memo.outcome == Outcome::penalty) entry_table_.add(group, zone, result.cost);
        trace_path(group, player, result.plan, memo.path);
      }
    }
    path_bytes_ += memo.path.capacity() * sizeof(std::uint16_t);
    return &entry_memo_.emplace(key, std::move(memo)).first->second;
  }

  // After a push of a box outside the goals' area, a group grows from it as grow()'s
  // sub-states do: the first box outside the area that the group's way in runs into joins it,
  // past groups that cost more than their distances too (a larger group may cost more still).
  // With `entry_neighbours`, a group also grows from the pushed box and each box outside the
  // area on one of the eight squares around it: a push next to a box may block that box's way
  // in, which the pushed box's own way does not show.
  void grow_entry(const State& s, std::uint16_t pushed_to) {
    if (room_ == nullptr || room_->in_area(pushed_to) || pushes_ < options_.start_after_pushes || !within_budget()) {
      return;
    }
    Set group;
    group.set(pushed_to);
    grow_entry_from(s, group);
    if (!options_.entry_neighbours) return;
    for (std::uint16_t n : board_->ring(pushed_to)) {
      if (n == kNoCell || !s.boxes.test(n) || room_->in_area(n) || !within_budget()) continue;
      Set pair = group;
      pair.set(n);
      grow_entry_from(s, pair);
    }
  }

  void grow_entry_from(const State& s, Set group) {
    for (;;) {
      const Memo* memo = search_entry(group, s.player, Budget::pushes);
      if (memo == nullptr || (memo->outcome != Outcome::no_penalty && memo->outcome != Outcome::penalty) ||
          group.count() >= options_.max_boxes) {
        return;
      }
      int next = -1;
      for (std::uint16_t c : memo->path) {
        if (s.boxes.test(c) && !group.test(c) && !room_->in_area(c)) {
          next = c;
          break;
        }
      }
      if (next < 0) return;
      group.set(static_cast<std::uint16_t>(next));
    }
  }

  // The boxes frozen on goals 4-connected to the frozen box on `cell` through frozen boxes:
  // freeze.hpp's cluster of that box among the frozen boxes alone. A frozen set is frozen by
  // itself and a box is blocked only by its neighbours, so the block is frozen by itself too
  // (the cluster's fixpoint keeps all of it): it never moves in any state that holds it.
  Set frozen_block(const State& s, std::uint16_t cell) const { return frozen_cluster(*board_, s.frozen, cell); }

  // The player's zone on the board holding only `boxes`.
  Set zone_of(const Set& boxes, std::uint16_t player) const {
    Set zone;
    flood_player_area(*board_, boxes, player, zone);
    return zone;
  }

  // The sub-state of `pattern`'s boxes beside `walls` (boxes frozen on goals: they never move,
  // in the sub-search as in the state), its player in `zone`; the outcome is tabled for
  // `pattern` with `walls` (penalty_table.hpp). `zone` is the zone on the board holding both.
  // On Budget::quick it stops after `quick_nodes` expansions and is counted apart.
  Memo solve(const Set& pattern, const Set& walls, const Set& zone, std::uint16_t player, Budget budget = Budget::pushes) {
    std::array<std::uint16_t, kMaxBoxes> cells;
    int n = 0;
    (pattern | walls).for_each([&](int c) { cells[static_cast<std::size_t>(n++)] = static_cast<std::uint16_t>(c); });
    const bool quick = budget == Budget::quick;
    Domain sub(*board_, cells.data(), n, player);
    sub.enable_state_cache(8);
    // (A quick search is too short to repay the frozen-goal tables' flood per goal.)
    if (quick) sub.set_frozen_goal_distances(false);
    // The sub-search's own frozen-goal tables are part of its memory limit: a quarter of it.
    sub.set_frozen_goal_bytes(options_.sub_search_bytes / 4);
    const State start = sub.initial_state();
    Memo memo;
    stats_.quick_searches += quick;
    if (is_dead_end(start.h)) {
      if (!quick || quick_learning_) table_.add(pattern, zone, Table::kDeadlock, 0, walls);
      memo.outcome = Outcome::deadlock;
      stats_.quick_deadlocks += quick;
      return memo;
    }
    AStarOptions astar_options;
    astar_options.limits.max_expanded = quick ? options_.quick_nodes : options_.node_limit;
    astar_options.limits.max_bytes = options_.sub_search_bytes;
    astar_options.newer_first_on_ties = true;
    const auto result = astar(sub, start, PushLowerBound{}, astar_options);
    if (quick) {
      stats_.quick_expanded += result.stats.expanded;
    } else {
      ++stats_.searches;
      stats_.wall_searches += walls.any();
      stats_.expanded += result.stats.expanded;
    }
    if (result.status == Status::unsolvable) {
      if (!quick || quick_learning_) table_.add(pattern, zone, Table::kDeadlock, 0, walls);
      memo.outcome = Outcome::deadlock;
      stats_.quick_deadlocks += quick;
    } else if (!result.solved() || !result.optimal) {
      stats_.unfinished += !quick;
      memo.outcome = Outcome::unfinished;
    } else if (quick) {
      memo.outcome = Outcome::no_penalty;  // (a deadlock or nothing: see search_corral)
    } else if (result.cost > start.h) {
      // (The walls' goals are no goal set's: goal-set costs are for patterns without walls.)
      const std::size_t id = table_.add(pattern, zone, result.cost, start.h, walls);
      if (options_.goal_set_slack > 0 && !walls.any()) pending_goal_sets_.push_back(id);
      memo.outcome = Outcome::penalty;
    } else {
      memo.outcome = Outcome::no_penalty;
      trace_path(pattern | walls, player, result.plan, memo.path);
    }
    return memo;
  }

  // `bound` raised to the joint bounds of the penalty patterns s holds (PatternSearchOptions::
  // joint_nodes), remembered per state for as long as the table does not grow: a state put
  // back on the open list with a higher f comes off it again.
  // A state for which the search holds a bound more than one push above `bound` (`held`: a
  // goal-room gain, or an earlier raise whose memo entry was overwritten) is left without
  // one: a joint bound nearly always gains one parity step (two pushes) or nothing, so it
  // would seldom move such a state, and the sub-search costs tens of expansions. Skipping a
  // bound only leaves the search with the one it has, so optimality does not depend on it.
  Cost with_joint_bound(const State& s, Cost bound, Cost held) {
    if (!joint_ || is_dead_end(bound) || table_.penalties() == 0 || pushes_ < options_.joint_after_pushes) {
      return bound;
    }
    if (joint_window_.paused(pushes_)) {  // (before the memo: a paused search pays nothing per state)
      ++stats_.joint_paused;
      return bound;
    }
    if (joint_memo_.empty()) joint_memo_.resize(std::size_t{1} << 14);  // (a level with penalties only)
    JointMemo& memo = joint_memo_[s.hash & (joint_memo_.size() - 1)];
    if (memo.learnt == table_.size() && memo.player == s.player && memo.boxes == s.boxes) {
      return std::max(bound, memo.bound);
    }
    if (held > bound + 1) {
      ++stats_.joint_skipped;
      return bound;
    }
    typename Table::Found found;
    const int n = table_.matched(s, found);
    if (n < 0) return dead_end<Cost>();
    Cost best = bound;
    auto ask = [&](const Set& group) {
      // (its tables within a sub-search's memory limit too, checked every 64 expansions)
      const JointBound j = joint_->bound(s, group, [&](std::uint64_t expanded) {
        return expanded >= options_.joint_nodes || ((expanded & 63) == 63 && joint_->bytes() > options_.sub_search_bytes);
      });
      ++stats_.joint_bounds;
      stats_.joint_expanded += j.expanded;
      if (!j.dead) best = std::max<Cost>(best, static_cast<Cost>(j.bound));
      return !j.dead;
    };
    // Disjoint patterns each hold a detour of their own boxes, and the table's sum lets the
    // rest take the goals they need: one joint bound over all of them keeps every detour and
    // the competition (PatternSearchOptions::joint_union_boxes).
    const Set group = union_of_disjoint(found, n);
    if (group.any()) {
      ++stats_.joint_unions;
      if (!ask(group)) return dead_end<Cost>();
    } else {
      for (int k = 0; k < std::min(n, options_.joint_groups); ++k) {
        if (!ask(table_.patterns()[found[static_cast<std::size_t>(k)]].boxes)) return dead_end<Cost>();
      }
    }
    stats_.joint_raised += best > bound;
    memo = JointMemo{s.boxes, s.player, table_.size(), best};
    if (n > 0) judge_joint_window(best > bound);  // (a state with no penalty pattern ran no sub-search)
    return best;
  }

  // The boxes of the disjoint penalty patterns among `found` (largest penalty first, each
  // taken when it shares no box with those taken and keeps the union within
  // joint_union_boxes), or no box at all when fewer than two patterns fit.
  Set union_of_disjoint(const typename Table::Found& found, int n) const {
    Set group;
    if (options_.joint_union_boxes <= 0) return group;
    int parts = 0, size = 0;
    for (int k = 0; k < n; ++k) {
      const auto& p = table_.patterns()[found[static_cast<std::size_t>(k)]];
      if (p.boxes.intersects(group) || size + p.size > options_.joint_union_boxes) continue;
      group |= p.boxes;
      size += p.size;
      ++parts;
    }
    return parts > 1 ? group : Set{};
  }

  // Counts one joint bound into the current window; a full window that raised too few
  // (PatternSearchOptions::joint_min_raised) pauses the joint bounds, each pause twice the last.
  void judge_joint_window(bool raised) {
    if (joint_window_.judge(raised, pushes_)) ++stats_.joint_pauses;
  }

  // The squares a solution of the sub-state uses, in order: each walk of the player (a
  // shortest one) and each square a box is pushed onto.
  void trace_path(Set boxes, std::uint16_t player, const std::vector<Push>& plan,
                  std::vector<std::uint16_t>& path) {
    for (const auto& m : plan) {
      const std::uint16_t behind = board_->neighbor(m.from, opposite(m.dir));
      walk(boxes, player, behind, path);
      const std::uint16_t to = board_->neighbor(m.from, m.dir);
      path.push_back(to);
      boxes.reset(m.from);
      boxes.set(to);
      player = m.from;
    }
  }

  // Appends a shortest walk from `from` to `target` avoiding `boxes` (breadth-first).
  void walk(const Set& boxes, std::uint16_t from, std::uint16_t target, std::vector<std::uint16_t>& path) {
    if (from == target) return;
    ++stamp_;
    queue_.clear();
    queue_.push_back(from);
    seen_[from] = stamp_;
    for (std::size_t q = 0; q < queue_.size(); ++q) {
      const std::uint16_t c = queue_[q];
      if (c == target) break;
      for (int d = 0; d < 4; ++d) {
        const std::uint16_t n = board_->neighbor(c, d);
        if (n == kNoCell || seen_[n] == stamp_ || boxes.test(n)) continue;
        seen_[n] = stamp_;
        parent_[n] = c;
        queue_.push_back(n);
      }
    }
    if (seen_[target] != stamp_) return;  // cannot happen for a plan that replays
    const std::size_t begin = path.size();
    for (std::uint16_t c = target; c != from; c = parent_[c]) path.push_back(c);
    std::reverse(path.begin() + static_cast<std::ptrdiff_t>(begin), path.end());
  }

  const Board* board_;
  PatternSearchOptions options_;
  Table table_;
  PatternSearchStats stats_;
  std::vector<Memo> lone_;  // one-box sub-states by (cell, side class)
  MemoMap memo_;  // the larger ones
  std::unordered_set<Key, KeyHash> quick_unfinished_;  // fences a quick search left unfinished
  // The quick fences' deadlocks go into the table (see quick_min_deadlocks).
  bool quick_learning_ = options_.quick_min_deadlocks <= 0;
  const GoalRoomBound* room_ = nullptr;
  BasicAreaEntryTable<Set> entry_table_{*board_};
  MemoMap entry_memo_;  // the area-entry groups searched
  std::array<std::int32_t, Set::kCapacity> distance_{};  // area_entry_gain's scratch
  std::uint64_t pushes_ = 0;
  std::uint64_t late_head_start_ = 0;  // the budget's second head start, at start_after_pushes
  std::uint64_t start_expanded_ = 0;  // search_start's expansions: not part of the budget
  std::vector<std::size_t> pending_goal_sets_;  // penalty patterns' numbers, in the order found
  std::size_t next_goal_sets_ = 0;                 // the first one not searched yet
  std::optional<State> pending_start_;  // schedule_start's state, until its turn
  std::function<bool()> start_stop_;
  int box_count_ = 0;
  std::vector<std::uint16_t> queue_, parent_;
  std::vector<std::uint32_t> seen_;
  std::uint32_t stamp_ = 0;
  std::size_t path_bytes_ = 0;  // the remembered solution paths' capacity
  struct JointMemo {
    Set boxes;
    std::uint16_t player = kNoCell;
    std::size_t learnt = ~std::size_t{0};  // the table's size when found
    Cost bound = 0;
  };
  std::unique_ptr<BasicJointBound<Set>> joint_;  // none unless joint_nodes > 0
  std::vector<JointMemo> joint_memo_;  // direct-mapped by the state's hash
  PausingWindow joint_window_{options_.joint_window, options_.joint_min_raised, options_.joint_pause};
  PausingWindow quick_window_{options_.quick_window, options_.quick_min_deadlocks, options_.quick_pause};
};

using PatternSearch = BasicPatternSearch<CellSet>;

}  // namespace hsearch::sokoban
