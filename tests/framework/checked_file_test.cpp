// Table files: round trip, and every kind of damage or mismatch rejected with a clear message.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "hsearch/core/checked_file.hpp"

namespace {

using namespace hsearch;
namespace fs = std::filesystem;

class CheckedFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("hsearch_checked_file_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    path_ = dir_ / "table.bin";
    payload_.resize(1000);
    for (std::size_t i = 0; i < payload_.size(); ++i) payload_[i] = static_cast<std::uint8_t>(i * 7);
    write_table_file(path_, "test-kind", "n=1000", payload_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string error_of(const std::string& kind, const std::string& params) {
    try {
      read_table_file(path_, kind, params);
    } catch (const TableFileError& e) {
      return e.what();
    }
    return "";
  }

  fs::path dir_, path_;
  std::vector<std::uint8_t> payload_;
};

TEST_F(CheckedFile, RoundTrips) { EXPECT_EQ(read_table_file(path_, "test-kind", "n=1000"), payload_); }

TEST_F(CheckedFile, RejectsAFlippedByte) {
  std::fstream f(path_, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(-10, std::ios::end);
  f.put('\x55');
  f.close();
  EXPECT_NE(error_of("test-kind", "n=1000").find("checksum"), std::string::npos);
}

TEST_F(CheckedFile, RejectsATruncatedFile) {
  fs::resize_file(path_, fs::file_size(path_) - 1);
  EXPECT_NE(error_of("test-kind", "n=1000").find("size"), std::string::npos);
}

TEST_F(CheckedFile, RejectsAnotherKindOrParameters) {
  EXPECT_NE(error_of("other-kind", "n=1000").find("other-kind"), std::string::npos);
  EXPECT_NE(error_of("test-kind", "n=999").find("built for"), std::string::npos);
}

TEST_F(CheckedFile, RejectsAnotherVersionAndGarbage) {
  {
    std::ofstream f(path_, std::ios::binary | std::ios::trunc);
    f << "hsearch-table 999\nkind test-kind\n";
  }
  EXPECT_NE(error_of("test-kind", "n=1000").find("version"), std::string::npos);
  {
    std::ofstream f(path_, std::ios::binary | std::ios::trunc);
    f << "\x7f" "ELF garbage";
  }
  EXPECT_NE(error_of("test-kind", "n=1000").find(path_.string()), std::string::npos);
  fs::remove(path_);
  EXPECT_NE(error_of("test-kind", "n=1000").find("cannot open"), std::string::npos);
}

// The temporary file of an atomic write is renamed (success) or removed (failure): the
// directory never keeps a partial table under any name.
TEST_F(CheckedFile, LeavesNoTemporaryFileBehind) {
  write_table_file(path_, "test-kind", "n=1000", payload_);  // over an existing table
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir_)) names.push_back(entry.path().filename().string());
  EXPECT_EQ(names, std::vector<std::string>{"table.bin"});
  // A target that is a directory: the rename fails, the temporary file goes.
  const fs::path blocked = dir_ / "blocked";
  fs::create_directories(blocked / "inside");
  EXPECT_THROW(write_table_file(blocked, "test-kind", "n=1000", payload_), TableFileError);
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) files += entry.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1u);
}

}  // namespace
