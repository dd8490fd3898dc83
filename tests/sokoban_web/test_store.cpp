// The browser game's store: profiles, wins with best scores, positions, saves; what survives
// closing the file; a file that is not the game's database.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <unistd.h>

#include "store.hpp"

using hsearch::sokoban::web::SavedGame;
using hsearch::sokoban::web::Store;
using hsearch::sokoban::web::StoreError;
namespace fs = std::filesystem;

namespace {

class StoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hsearch_store_test_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    file_ = dir_ / "game.sqlite";
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_, file_;
};

TEST_F(StoreTest, ProfilesAreCreatedOnceListedInOrderAndDeleted) {
  Store store(file_);
  EXPECT_TRUE(store.create_profile("zoe"));
  EXPECT_TRUE(store.create_profile("ann"));
  EXPECT_FALSE(store.create_profile("ann"));
  EXPECT_EQ(store.profiles(), (std::vector<std::string>{"ann", "zoe"}));
  EXPECT_TRUE(store.delete_profile("zoe"));
  EXPECT_FALSE(store.delete_profile("zoe"));
  EXPECT_FALSE(store.has_profile("zoe"));
  EXPECT_TRUE(store.has_profile("ann"));
}

TEST_F(StoreTest, NamesThatLookLikeSqlOrHtmlAreKeptAsText) {
  Store store(file_);
  const std::string odd = "Robert'); DROP TABLE profiles;-- <b>&amp;</b> \xc3\xa9";
  ASSERT_TRUE(store.create_profile(odd));
  EXPECT_EQ(store.profiles(), std::vector<std::string>{odd});
  store.set_position(odd, "<built-in>", 2, "lluR");
  EXPECT_EQ(store.position(odd, "<built-in>", 2).history, "lluR");
}

TEST_F(StoreTest, AWinKeepsTheBestMovesAndTheBestPushesEachOnItsOwn) {
  Store store(file_);
  store.create_profile("ann");
  store.set_position("ann", "c", 1, "llL");
  auto win = store.record_win("ann", "c", 1, 40, 12, 2);
  EXPECT_TRUE(win.first_time);
  EXPECT_EQ(win.best_moves, 40);
  EXPECT_EQ(win.best_pushes, 12);
  EXPECT_EQ(store.position("ann", "c", 1).history, "");  // a finished level starts afresh
  ASSERT_TRUE(store.last_played("ann").has_value());
  EXPECT_EQ(store.last_played("ann")->level, 2);  // the next level is the one to open
  win = store.record_win("ann", "c", 1, 50, 10, 2);
  EXPECT_FALSE(win.first_time);
  EXPECT_EQ(win.best_moves, 40);
  EXPECT_EQ(win.best_pushes, 10);
  const auto solved = store.solved("ann");
  ASSERT_EQ(solved.size(), 1u);
  EXPECT_EQ(solved[0].best_moves, 40);
  EXPECT_EQ(solved[0].best_pushes, 10);
}

TEST_F(StoreTest, EverythingSurvivesClosingTheFileAndDeletingAProfileTakesItsData) {
  {
    Store store(file_);
    store.create_profile("ann");
    store.create_profile("bob");
    store.record_win("ann", "c", 1, 3, 3, 2);
    store.set_position("ann", "c", 2, "rrU", true);
    store.save_game("ann", SavedGame{"first try", "c", 2, "rr", 2, 0, "", true});
    store.save_game("bob", SavedGame{"first try", "c", 1, "l", 1, 0, "", false});
  }
  Store store(file_);
  EXPECT_EQ(store.solved("ann").size(), 1u);
  EXPECT_EQ(store.position("ann", "c", 2).history, "rrU");
  EXPECT_TRUE(store.position("ann", "c", 2).assisted);
  EXPECT_EQ(store.last_played("ann")->level, 2);
  const auto save = store.load_save("ann", "first try");
  ASSERT_TRUE(save.has_value());
  EXPECT_EQ(save->history, "rr");
  EXPECT_EQ(save->level, 2);
  EXPECT_FALSE(save->saved.empty());
  EXPECT_TRUE(save->assisted);
  // Two profiles' saves of the same name are two saves.
  EXPECT_EQ(store.load_save("bob", "first try")->history, "l");
  ASSERT_TRUE(store.delete_profile("ann"));
  EXPECT_TRUE(store.solved("ann").empty());
  EXPECT_TRUE(store.saves("ann").empty());
  EXPECT_FALSE(store.last_played("ann").has_value());
  EXPECT_EQ(store.saves("bob").size(), 1u);
}

TEST_F(StoreTest, ASaveOfTheSameNameReplacesTheOldOneAndDeletingOneSaysWhetherItExisted) {
  Store store(file_);
  store.create_profile("ann");
  store.save_game("ann", SavedGame{"s", "c", 1, "l", 1, 0, "", false});
  store.save_game("ann", SavedGame{"s", "c", 1, "lr", 2, 0, "", false});
  ASSERT_EQ(store.saves("ann").size(), 1u);
  EXPECT_EQ(store.saves("ann")[0].history, "lr");
  EXPECT_TRUE(store.delete_save("ann", "s"));
  EXPECT_FALSE(store.delete_save("ann", "s"));
  EXPECT_THROW(store.save_game("nobody", SavedGame{"s", "c", 1, "", 0, 0, "", false}), StoreError);
}

TEST_F(StoreTest, AFileThatIsNotTheGamesDatabaseIsRefusedWithItsName) {
  std::ofstream(file_) << "this is a text file, not a database\n";
  try {
    Store store(file_);
    FAIL() << "opened a text file as the database";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find(file_.string()), std::string::npos) << e.what();
  }
  EXPECT_THROW(Store(dir_ / "no_such_dir" / "x.sqlite"), StoreError);
}

}  // namespace
