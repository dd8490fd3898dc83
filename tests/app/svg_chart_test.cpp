#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "hsearch/app/svg_chart.hpp"

using namespace hsearch::app;

namespace {
int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}
}  // namespace

TEST(SvgChart, TickStepsAreOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_EQ(detail::tick_step(0, 8), 1);
  EXPECT_EQ(detail::tick_step(7, 8), 1);
  EXPECT_EQ(detail::tick_step(8, 8), 2);
  EXPECT_EQ(detail::tick_step(30, 8), 5);
  EXPECT_EQ(detail::tick_step(174, 12), 20);
  EXPECT_EQ(detail::tick_step(1000, 12), 100);
}

TEST(SvgChart, DrawsEverySeriesLineAndMarkWithItsTextEscaped) {
  LineChart chart;
  chart.title = "a <level> & its \"bound\"";
  chart.x_label = "pushes";
  chart.y_label = "f";
  chart.series.push_back({"f", "#123456", {{0, 10}, {1, 12}, {2, 12}, {3, 12}}});
  chart.lines.push_back({12, "optimum: 12"});
  chart.marks.push_back({1, 12, "+2 at 1"});
  const std::string svg = to_svg(chart);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0U);
  EXPECT_NE(svg.find("a &lt;level&gt; &amp; its &quot;bound&quot;"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("<level>"), std::string::npos);
  EXPECT_EQ(count_of(svg, "<polyline"), 1);
  EXPECT_EQ(count_of(svg, "stroke-dasharray"), 1);
  EXPECT_EQ(count_of(svg, "<circle"), 1);
  EXPECT_NE(svg.find(">+2 at 1</text>"), std::string::npos);
  EXPECT_NE(svg.find(">optimum: 12</text>"), std::string::npos);
  // Four points in the polyline, all inside the drawing.
  const auto at = svg.find("points=\"");
  const std::string points = svg.substr(at + 8, svg.find('"', at + 8) - at - 8);
  EXPECT_EQ(std::count(points.begin(), points.end(), ','), 4) << points;
  EXPECT_EQ(points.find('-'), std::string::npos) << points;
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
}

TEST(SvgChart, AnEmptyChartIsStillAPicture) {
  const std::string svg = to_svg(LineChart{});
  EXPECT_EQ(svg.rfind("<svg", 0), 0U);
  EXPECT_EQ(svg.find("nan"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("inf"), std::string::npos) << svg;
}
