#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "hsearch/app/exit_status.hpp"
#include "hsearch/app/options.hpp"

using namespace hsearch;
using namespace hsearch::app;

namespace {

// Parses `args` with a fresh CommandLine offering every shared option.
CommonOptions parse(std::vector<std::string> args) {
  static std::vector<std::unique_ptr<CommandLine>> keep;  // parse() keeps references
  CommandLineSpec spec;
  spec.groups = kSolveOptions | kPruningOption | kWeightOption | kCacheDirOption;
  keep.push_back(std::make_unique<CommandLine>("prog", "prog [options]", "test", spec));
  args.insert(args.begin(), "prog");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  keep.back()->parse(static_cast<int>(argv.size()), argv.data());
  return keep.back()->common();
}

}  // namespace

TEST(Options, NumbersAreCheckedNotWrapped) {
  EXPECT_EQ(parse_count("node-limit", "12"), 12u);
  EXPECT_THROW(parse_count("node-limit", "-5"), std::invalid_argument);
  EXPECT_THROW(parse_count("node-limit", "1e6"), std::invalid_argument);
  EXPECT_THROW(parse_count("node-limit", "99999999999999999999"), std::invalid_argument);
  EXPECT_DOUBLE_EQ(parse_seconds("time-limit", "2.5"), 2.5);
  for (const char* bad : {"nan", "inf", "-1", "1e308", "", "3s"}) {
    EXPECT_THROW(parse_seconds("time-limit", bad), std::invalid_argument) << bad;
  }
  EXPECT_THROW(parse_count_in("dot-max-nodes", "0", 1, 10), std::invalid_argument);
  EXPECT_EQ(parse_count_in("dot-max-nodes", "10", 1, 10), 10u);
  // A ranged option names its range, whether the text is out of it or no number at all.
  for (const char* bad : {"0", "11", "x", "-1", ""}) {
    try {
      parse_count_in("dot-max-nodes", bad, 1, 10);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("--dot-max-nodes wants a whole number from 1 to 10, not '"), std::string::npos)
          << e.what();
    }
  }
}

TEST(Options, RangesAndLists) {
  int a = 0, b = 0;
  EXPECT_TRUE(parse_range("3-7", a, b));
  EXPECT_EQ(a, 3);
  EXPECT_EQ(b, 7);
  EXPECT_TRUE(parse_range("4", a, b));
  EXPECT_EQ(a, 4);
  EXPECT_EQ(b, 4);
  EXPECT_FALSE(parse_range("7-3", a, b));
  EXPECT_FALSE(parse_range("0-3", a, b));
  EXPECT_FALSE(parse_range("-3", a, b));
  EXPECT_FALSE(parse_range("a-b", a, b));
  EXPECT_EQ(split_list(" astar, ida,,bfs "), (std::vector<std::string>{"astar", "ida", "bfs"}));
}

TEST(Options, SharedNamesFillTheLimits) {
  const CommonOptions c = parse({"--time-limit", "1.5", "--node-limit", "1000", "--memory-limit", "64", "--json",
                                 "--algorithm", "ida", "--weight", "3,2"});
  const Limits l = c.limits();
  EXPECT_DOUBLE_EQ(l.max_seconds, 1.5);
  EXPECT_EQ(l.max_expanded, 1000u);
  EXPECT_EQ(l.max_bytes, std::size_t{64} << 20);
  EXPECT_NE(l.stop_flag, nullptr);
  EXPECT_TRUE(c.json);
  EXPECT_EQ(c.algorithm, "ida");
  EXPECT_EQ(c.weight_g, 3);
  EXPECT_EQ(c.weight_h, 2);
}

TEST(Options, OldSpellingsStillWork) {
  const CommonOptions c = parse({"--max-seconds", "4", "--max-nodes", "7", "--prune", "inverse"});
  EXPECT_DOUBLE_EQ(c.time_limit, 4);
  EXPECT_EQ(c.node_limit, 7u);
  EXPECT_EQ(c.pruning, "inverse");
}

TEST(Options, AnOptionGivenByItsOldSpellingCountsAsGiven) {
  CommandLineSpec spec;
  spec.groups = kSolveOptions | kPruningOption;
  CommandLine cli("prog", "prog", "test", spec);
  const char* argv[] = {"prog", "--prune", "none", "--max-memory", "0"};
  cli.parse(5, argv);
  EXPECT_TRUE(cli.given("pruning"));
  EXPECT_TRUE(cli.given("memory-limit"));
  EXPECT_FALSE(cli.given("time-limit"));
  EXPECT_EQ(cli.common().pruning, "none");
}

TEST(Options, BadValuesExitWithStatusTwo) {
  EXPECT_EXIT(parse({"--node-limit", "-5"}), testing::ExitedWithCode(2), "prog: --node-limit wants");
  EXPECT_EXIT(parse({"--time-limit", "nan"}), testing::ExitedWithCode(2), "prog: --time-limit wants");
  EXPECT_EXIT(parse({"--no-such-option"}), testing::ExitedWithCode(2), "prog: .*see prog --help");
  EXPECT_EXIT(parse({"--weight", "1,2,3"}), testing::ExitedWithCode(2), "prog: --weight wants");
  EXPECT_EXIT(parse({"--weight", "3,"}), testing::ExitedWithCode(2), "prog: --weight wants");
  EXPECT_EXIT(parse({"--weight", ",3"}), testing::ExitedWithCode(2), "prog: --weight wants");
}

TEST(ExitStatus, TheWorstStatusOfABatchWins) {
  EXPECT_EQ(code(ExitStatus::interrupted), 130);
  EXPECT_EQ(worst(ExitStatus::solved, ExitStatus::unsolvable), ExitStatus::unsolvable);
  EXPECT_EQ(worst(ExitStatus::limit, ExitStatus::unsolvable), ExitStatus::limit);
  EXPECT_EQ(worst(ExitStatus::limit, ExitStatus::bad_input), ExitStatus::bad_input);
  EXPECT_EQ(worst(ExitStatus::interrupted, ExitStatus::bad_input), ExitStatus::interrupted);
  EXPECT_EQ(exit_status(Status::stopped, StopReason::time_limit), ExitStatus::limit);
  EXPECT_EQ(exit_status(Status::stopped, StopReason::interrupted), ExitStatus::interrupted);
  EXPECT_EQ(exit_status(Status::unsolvable, StopReason::none), ExitStatus::unsolvable);
}
