// The search lab's runs (apps/search_compare/lab/lab_runner.hpp), in process: a recorded run's
// trace agrees with its own totals on each domain, and every request the lab does not take is a
// LabError naming the problem (the server answers it with 400).
#include <gtest/gtest.h>

#include <string>

#include "lab_runner.hpp"

namespace hsearch::lab {
namespace {

std::size_t count(const app::Json& trace, const char* kind) {
  std::size_t n = 0;
  for (const auto& e : trace["events"]) n += e["t"] == kind ? 1 : 0;
  return n;
}

LabRequest request(std::string domain, std::string instance, std::string algorithm = "astar") {
  LabRequest r;
  r.domain = std::move(domain);
  r.instance = std::move(instance);
  r.algorithm = std::move(algorithm);
  return r;
}

void expect_consistent(const app::Json& t) {
  EXPECT_EQ(t["format"], "hsearch-trace");
  EXPECT_EQ(t["truncated"], false);
  EXPECT_EQ(count(t, "expand"), t["result"]["expanded"].get<std::size_t>());
  EXPECT_EQ(count(t, "generate"), t["result"]["generated"].get<std::size_t>());
  EXPECT_EQ(count(t, "duplicate"), t["result"]["duplicates"].get<std::size_t>());
  EXPECT_EQ(t["result"]["status"], "solved");
  EXPECT_EQ(t["path"].size(), t["solution"]["moves"].size() + 1);
}

TEST(Lab, EightPuzzleRunsAgreeAcrossAlgorithms) {
  const LabLimits limits;
  LabRequest a = request("fifteen-puzzle", "8 1 3\n4 0 2\n7 6 5");
  a.heuristic = "manhattan";
  const auto astar = app::Json::parse(run_lab(a, limits));
  expect_consistent(astar);
  LabRequest i = a;
  i.algorithm = "ida";
  i.pruning = "inverse";
  const auto ida = app::Json::parse(run_lab(i, limits));
  expect_consistent(ida);
  EXPECT_EQ(count(ida, "prune"), ida["result"]["pruned"].get<std::size_t>());
  EXPECT_EQ(astar["result"]["cost"], ida["result"]["cost"]);
  EXPECT_GE(count(ida, "iteration_begin"), 2u);
  LabRequest c = a;
  c.heuristic = "linear-conflict";
  const auto lc = app::Json::parse(run_lab(c, limits));
  EXPECT_LT(lc["result"]["expanded"].get<int>(), astar["result"]["expanded"].get<int>());
}

TEST(Lab, HanoiAndSokobanRun) {
  const LabLimits limits;
  const auto hanoi = app::Json::parse(run_lab(request("hanoi", "classic 3 3"), limits));
  expect_consistent(hanoi);
  EXPECT_EQ(hanoi["result"]["cost"], 7);  // 2^3 - 1 moves
  const auto bfs = app::Json::parse(run_lab(request("hanoi", "a2a1|b2b1|| -> ||b2b1|a2a1", "bfs"), limits));
  expect_consistent(bfs);
  const auto sokoban = app::Json::parse(run_lab(request("sokoban", "#######\n#     #\n# $@  #\n##  . #\n #######"), limits));
  expect_consistent(sokoban);
  EXPECT_EQ(sokoban["domain"], "sokoban");
}

TEST(Lab, TheCapCutsTheRecording) {
  LabRequest r = request("fifteen-puzzle", "8 1 3 4 0 2 7 6 5");
  r.cap = 100;
  const auto t = app::Json::parse(run_lab(r, LabLimits{}));
  EXPECT_EQ(t["truncated"], true);
  EXPECT_EQ(t["events"].size(), 100u);
  EXPECT_EQ(t["result"]["status"], "solved");
}

void expect_refused(const LabRequest& r, const std::string& words, const LabLimits& limits = {}) {
  try {
    run_lab(r, limits);
    ADD_FAILURE() << "accepted: " << r.domain << " " << r.instance << " " << r.algorithm;
  } catch (const LabError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(Lab, RefusesWhatItDoesNotTake) {
  expect_refused(request("fifteen-puzzle", "8 1 3 4 0 2 7 6 5", "greedy"), "unknown algorithm 'greedy'");
  expect_refused(request("chess", "e4"), "unknown domain");
  expect_refused(request("fifteen-puzzle", "8 1 3 4 0 2 7 6 x"), "malformed board");
  expect_refused(request("fifteen-puzzle", "1 0 2 3 4 5 6 7 7"), "malformed board");
  expect_refused(request("fifteen-puzzle", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0"),
                 "over the lab's limits");
  expect_refused(request("fifteen-puzzle", "0 2 1 3 4 5 6 7 8"), "cannot reach the goal");
  expect_refused(request("hanoi", "classic 3 20"), "disks");
  expect_refused(request("hanoi", "a1|| -> |b1|"), "malformed position");
  expect_refused(request("sokoban", "#####\n#@$.#\n"), "unplayable level");
  expect_refused(request("sokoban", "no level here"), "no level");
  expect_refused(request("sokoban", "#########\n#@$$$$$ #\n#.....  #\n#########"), "at most 4 boxes");
  expect_refused(request("sokoban", "#######\n#     #\n# $@  #\n##  . #\n #######", "bfs"), "unknown algorithm 'bfs'");
  LabRequest pruned = request("fifteen-puzzle", "8 1 3 4 0 2 7 6 5");
  pruned.pruning = "inverse";
  expect_refused(pruned, "goes with ida or dfs only");
  LabRequest heuristic = request("fifteen-puzzle", "8 1 3 4 0 2 7 6 5");
  heuristic.heuristic = "pdb-663";
  expect_refused(heuristic, "unknown heuristic 'pdb-663'");
  LabRequest cap = request("fifteen-puzzle", "8 1 3 4 0 2 7 6 5");
  cap.cap = 300000;
  expect_refused(cap, "over the lab's limit");
}

TEST(Lab, RequestsAreCheckedMemberByMember) {
  EXPECT_THROW(parse_lab_request(app::Json{{"instance", "1"}}), LabError);
  EXPECT_THROW(parse_lab_request(app::Json{{"domain", 3}, {"instance", "1"}}), LabError);
  EXPECT_THROW(parse_lab_request(app::Json{{"domain", "hanoi"}, {"instance", "classic 3 3"}, {"cap", "many"}}),
               LabError);
  EXPECT_THROW(parse_lab_request(app::Json{{"domain", "hanoi"}, {"instance", "classic 3 3"}, {"weight_g", -1}}),
               LabError);
  const auto r = parse_lab_request(app::Json{{"domain", "hanoi"}, {"instance", "classic 3 3"}, {"weight_h", 3}});
  EXPECT_EQ(r.weight_h, 3);
  EXPECT_EQ(r.algorithm, "astar");
}

TEST(Lab, RandomBoardsAreTheProgramsRandomBoards) {
  // fifteen-puzzle --random draws with std::mt19937_64(seed) and random_solvable_tiles: the same here.
  EXPECT_EQ(random_board(3, 3, 7), random_board(3, 3, 7));
  EXPECT_NE(random_board(3, 3, 7), random_board(3, 3, 8));
}

}  // namespace
}  // namespace hsearch::lab
