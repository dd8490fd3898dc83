// The XSB reader and the level validation: good files, titles, formats, and bad inputs whose
// messages must name the file, the line, the level and the problem.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "data_dir.hpp"
#include "hsearch/sokoban/board.hpp"
#include "hsearch/sokoban/level_reader.hpp"
#include "level_text.hpp"

using namespace hsearch::sokoban;

namespace {

std::vector<LevelEntry> read(const std::string& text) {
  std::istringstream in(text);
  return read_levels(in, "f.xsb");
}

std::string board_error(const std::string& text) {
  const auto entries = read(text);
  EXPECT_EQ(entries.size(), 1U);
  if (!entries[0].ok()) return entries[0].error;
  try {
    Board b(entries[0].level);
  } catch (const InvalidLevel& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(LevelReader, SeveralLevelsWithCommentTitles) {
  const auto e = read(
      "; Collection header\n"
      "Author: somebody\n"
      "\n"
      "; first\n"
      "#####\n"
      "#@$.#\n"
      "#####\n"
      "\n"
      ";second\n"
      "######\n"
      "#@ $.#\n"
      "######\n");
  ASSERT_EQ(e.size(), 2U);
  EXPECT_EQ(e[0].level.title, "first");
  EXPECT_EQ(e[0].level.number, 1);
  EXPECT_EQ(e[0].level.first_line, 5);
  EXPECT_EQ(e[1].level.title, "second");
  EXPECT_EQ(e[1].level.first_line, 10);
  EXPECT_EQ(e[1].level.width, 6);
  EXPECT_EQ(e[1].level.height, 3);
}

TEST(LevelReader, TitleLinesAfterOrBeforeTheBoard) {
  // "board, then Title:" (the common .sok/.xsb export) ...
  auto e = read("#####\n#@$.#\n#####\nTitle: One\nAuthor: A\n\n#####\n#@$.#\n#####\nTitle: Two\n");
  ASSERT_EQ(e.size(), 2U);
  EXPECT_EQ(e[0].level.title, "One");
  EXPECT_EQ(e[1].level.title, "Two");
  // ... and "Title:, then board".
  e = read("Title: One\n#####\n#@$.#\n#####\n\nTitle: Two\n#####\n#@$.#\n#####\n");
  ASSERT_EQ(e.size(), 2U);
  EXPECT_EQ(e[0].level.title, "One");
  EXPECT_EQ(e[1].level.title, "Two");
}

TEST(LevelReader, RaggedRowsDashUnderscoreFloorAndCrlf) {
  const auto e = read("  ####\r\n###-_#\r\n#@$.#\r\n#####\r\n");
  ASSERT_EQ(e.size(), 1U);
  ASSERT_TRUE(e[0].ok()) << e[0].error;
  const Level& lv = e[0].level;
  EXPECT_EQ(lv.width, 6);
  for (const auto& r : lv.rows) EXPECT_EQ(static_cast<int>(r.size()), lv.width);
  EXPECT_EQ(lv.rows[1], "###  #");
  EXPECT_NO_THROW(Board b(lv));
}

TEST(LevelReader, FloorOutsideTheWallsIsNotPartOfTheLevel) {
  const Level lv = hsearch::sokoban::testing::level_from("    \n  #####  \n  #@$.#  \n  #####\n");
  const Board b(lv);
  EXPECT_EQ(b.cell_count(), 3);  // only the three squares inside the walls
}

TEST(LevelReader, UnknownCharacterNamesFileLineColumnAndLevel) {
  const auto e = read("; a\n#####\n#@$.#\n#####\n\n; b\n#####\n#@$x.#\n######\n");
  ASSERT_EQ(e.size(), 2U);
  EXPECT_TRUE(e[0].ok());
  ASSERT_FALSE(e[1].ok());
  EXPECT_NE(e[1].error.find("f.xsb:8:4"), std::string::npos) << e[1].error;
  EXPECT_NE(e[1].error.find("level 2"), std::string::npos) << e[1].error;
  EXPECT_NE(e[1].error.find("unknown character 'x'"), std::string::npos) << e[1].error;
}

TEST(LevelValidation, NoPlayer) {
  const std::string m = board_error("#####\n# $.#\n#####\n");
  EXPECT_NE(m.find("f.xsb:1: level 1: no player"), std::string::npos) << m;
}

TEST(LevelValidation, SeveralPlayers) {
  const std::string m = board_error("######\n#@$.@#\n######\n");
  EXPECT_NE(m.find("f.xsb:2:5"), std::string::npos) << m;
  EXPECT_NE(m.find("several players"), std::string::npos) << m;
}

TEST(LevelValidation, FewerGoalsThanBoxes) {
  const std::string m = board_error("######\n#@$$.#\n######\n");
  EXPECT_NE(m.find("fewer goals (1) than boxes (2)"), std::string::npos) << m;
}

TEST(LevelValidation, MoreGoalsThanBoxesIsAccepted) {
  EXPECT_EQ(board_error("######\n#@$..#\n######\n"), "");
}

TEST(LevelValidation, PlayerNotEnclosed) {
  const std::string m = board_error("#####\n#@$. \n#####\n");
  EXPECT_NE(m.find("not enclosed"), std::string::npos) << m;
  EXPECT_NE(m.find("f.xsb:2:"), std::string::npos) << m;
}

TEST(LevelValidation, BoxOutsideThePlayersArea) {
  const std::string m = board_error("#########\n#@$.#$ .#\n#########\n");
  EXPECT_NE(m.find("f.xsb:2:6"), std::string::npos) << m;
  EXPECT_NE(m.find("a box outside the player's area"), std::string::npos) << m;
}

TEST(LevelValidation, NoBoxes) {
  EXPECT_NE(board_error("#####\n#@ .#\n#####\n").find("no boxes"), std::string::npos);
}

TEST(LevelReader, XSokobanAndMicrobanFiles) {
  HSEARCH_REQUIRE_DATA("sokoban/xsokoban/XSokoban.xsb");
  HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb");
  for (const auto& [file, count, title] :
       {std::tuple{"sokoban/xsokoban/XSokoban.xsb", 90, "screen.01"},
        std::tuple{"sokoban/microban/microban_155.xsb", 155, "1"}}) {
    std::ifstream in(hsearch::testing::data_file(file));
    const auto e = read_levels(in, file);
    ASSERT_EQ(static_cast<int>(e.size()), count) << file;
    EXPECT_EQ(e[0].level.title, title);
    for (const auto& x : e) {
      ASSERT_TRUE(x.ok()) << x.error;
      EXPECT_NO_THROW(Board b(x.level)) << x.level.where();
    }
  }
}

TEST(LevelReader, BoxobanFormat) {
  HSEARCH_REQUIRE_DATA("sokoban/boxoban/medium/valid/000.txt");
  std::ifstream in(hsearch::testing::data_file("sokoban/boxoban/medium/valid/000.txt"));
  const auto e = read_levels(in, "000.txt");
  ASSERT_EQ(e.size(), 1000U);
  EXPECT_EQ(e[0].level.title, "0");
  EXPECT_EQ(e[999].level.title, "999");
  for (const auto& x : e) {
    ASSERT_TRUE(x.ok()) << x.error;
    ASSERT_EQ(x.level.width, 10);
    ASSERT_EQ(x.level.height, 10);
    const Board b(x.level);
    EXPECT_EQ(b.initial_boxes().size(), 4U);
  }
}
