#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "hsearch/app/json.hpp"

using namespace hsearch;
using namespace hsearch::app;

TEST(Json, CoreKeysInTheirOrderWithTheFrameworksStatusWord) {
  Result<int, int> r;
  r.status = Status::stopped;
  r.stop_reason = StopReason::time_limit;
  r.lower_bound = 41;
  r.stats.expanded = 5;
  r.stats.generated = 9;
  CoreRecord record;
  record.program = "prog";
  record.domain = "toy";
  record.instance = "a \"quoted\"\nname";
  fill_from_result(record, r);
  const Json j = core_json(record);
  std::vector<std::string> keys;
  for (const auto& item : j.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"program", "domain", "instance", "algorithm", "heuristic", "status", "cost",
                                            "optimal", "lower_bound", "expanded", "generated", "seconds", "solution"}));
  EXPECT_EQ(j["status"], "time_limit");
  EXPECT_TRUE(j["cost"].is_null());
  EXPECT_TRUE(j["solution"].is_null());
  EXPECT_EQ(j["lower_bound"], 41);
  std::ostringstream out;
  print_json_line(out, j);
  const std::string line = out.str();
  EXPECT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1);  // the newline in the name is escaped
  EXPECT_EQ(Json::parse(line)["instance"], "a \"quoted\"\nname");
}

TEST(Json, SolvedRecordsCarryCostAndSolution) {
  Result<int, int> r;
  r.status = Status::solved;
  r.cost = 3;
  r.optimal = true;
  r.lower_bound = 3;
  CoreRecord record;
  fill_from_result(record, r);
  record.solution = "UDL";
  const Json j = core_json(record);
  EXPECT_EQ(j["status"], "solved");
  EXPECT_EQ(j["cost"], 3);
  EXPECT_EQ(j["optimal"], true);
  EXPECT_EQ(j["solution"], "UDL");
}
