#pragma once
// Where tests find ../shared/data: $HSEARCH_DATA_DIR, else the path configured at build time.
// A test that needs data calls HSEARCH_REQUIRE_DATA("sokoban/microban/microban_155.xsb") and is
// skipped, with a message naming the missing path, when the data is absent.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

namespace hsearch::testing {

inline std::filesystem::path data_dir() {
  if (const char* env = std::getenv("HSEARCH_DATA_DIR"); env != nullptr && *env != '\0') {
    return env;
  }
  return HSEARCH_DEFAULT_DATA_DIR;
}

inline std::filesystem::path data_file(const std::string& relative) { return data_dir() / relative; }

}  // namespace hsearch::testing

#define HSEARCH_REQUIRE_DATA(relative)                                                        \
  do {                                                                                        \
    const auto hsearch_data_path_ = ::hsearch::testing::data_file(relative);                  \
    if (!std::filesystem::exists(hsearch_data_path_)) {                                       \
      GTEST_SKIP() << "data not found: " << hsearch_data_path_.string()                       \
                   << " (set HSEARCH_DATA_DIR to the shared/data folder)";                    \
    }                                                                                         \
  } while (0)
