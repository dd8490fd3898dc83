#include <gtest/gtest.h>

#include "hsearch/hanoi/display.hpp"
#include "hsearch/hanoi/notation.hpp"

namespace hsearch::hanoi {
namespace {

std::string error_of(const std::string& start, const std::string& goal) {
  try {
    make_problem(start, goal);
  } catch (const NotationError& e) {
    return e.what();
  }
  return "";
}

TEST(HanoiNotation, ParsesTheIssueExample) {
  const Problem pr = make_problem("a3a2a1|||b3b2b1", "b3b2b1|||a3a2a1");
  EXPECT_EQ(pr.layout.pegs(), 4);
  EXPECT_EQ(pr.layout.disks(), 6);
  EXPECT_EQ(pr.layout.towers(), 2);
  EXPECT_EQ(format_position(pr.layout, pr.start), "a3a2a1|||b3b2b1");
  EXPECT_EQ(format_position(pr.layout, pr.goal), "b3b2b1|||a3a2a1");
  // Ids go by decreasing radius, then tower.
  EXPECT_EQ(pr.layout.name(0), "a3");
  EXPECT_EQ(pr.layout.name(1), "b3");
  EXPECT_EQ(pr.layout.name(5), "b1");
}

TEST(HanoiNotation, AcceptsSpacesEqualRadiiAndTowersOfDifferentHeights) {
  const Problem pr = make_problem(" a2 b2 a1 | b1 | c1 ", "||a2b2b1a1c1");
  EXPECT_EQ(pr.layout.pegs(), 3);
  EXPECT_EQ(pr.layout.disks(), 5);
  EXPECT_EQ(format_position(pr.layout, pr.start), "a2b2a1|b1|c1");
}

TEST(HanoiNotation, RejectsBadInputWithAClearMessage) {
  EXPECT_NE(error_of("a3a2a1|?||", "|||a3a2a1").find("unknown token '?'"), std::string::npos);
  EXPECT_NE(error_of("a3a2a1|A1||", "|||a3a2a1").find("unknown token"), std::string::npos);
  EXPECT_NE(error_of("a3a2a1|a2||", "|||a3a2a1").find("a2 appears twice"), std::string::npos);
  EXPECT_NE(error_of("a3a1|||", "|||a3a1").find("a2 missing"), std::string::npos);
  EXPECT_NE(error_of("a1a2|||", "|||a2a1").find("a2 on the smaller disk a1"), std::string::npos);
  EXPECT_NE(error_of("a2a1|||", "||a2a1").find("3 pegs but the start has 4"), std::string::npos);
  EXPECT_NE(error_of("a2a1|||", "|||a2a1b1").find("b1 that the start does not have"),
            std::string::npos);
  EXPECT_NE(error_of("a2a1b1|||", "|||a2a1").find("lacks disk b1"), std::string::npos);
  EXPECT_NE(error_of("a2a1|", "|a2a1").find("at least 3"), std::string::npos);
  EXPECT_NE(error_of("a|||", "|||a1").find("no radius"), std::string::npos);
  EXPECT_NE(error_of("a0|||", "|||a0").find("at least 1"), std::string::npos);
  EXPECT_NE(error_of("|||", "|||").find("no disks"), std::string::npos);
  EXPECT_NE(error_of("a2a1|||", "|||a1a2").find("goal"), std::string::npos);
}

TEST(HanoiNotation, ClassicProblem) {
  const Problem pr = classic_problem(4, 3);
  EXPECT_EQ(format_position(pr.layout, pr.start), "a3a2a1|||");
  EXPECT_EQ(format_position(pr.layout, pr.goal), "|||a3a2a1");
}

TEST(HanoiDisplay, DrawsLikeTheSeed) {
  const Problem pr = make_problem("a2a1|||b2b1", "|||a2b2a1b1");
  const std::string expected =
      "  |     |     |     |\n"
      " a|a    |     |    b|b\n"
      "aa|aa   |     |   bb|bb\n"
      "=======================\n"
      "  A     B     C     D\n";
  EXPECT_EQ(draw_position(pr.layout, pr.start), expected);
}

}  // namespace
}  // namespace hsearch::hanoi
