#pragma once
// A line chart as a standalone SVG file: integer series over an integer x axis (drawn in
// order, the last on top), dashed reference lines and labelled marks. For pictures a program
// writes on request (a file a person opens in a browser or puts in a document); it needs
// nothing but the text it makes: no script, no font file, nothing fetched.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "hsearch/app/markup.hpp"

namespace hsearch::app {

struct ChartSeries {
  std::string name;                        // in the legend
  std::string colour;                      // any SVG colour
  std::vector<std::pair<int, int>> points;  // (x, y), x increasing
  double width = 2;                         // a wide pale series under a thin one shows both
};

struct ChartLine {  // a dashed horizontal line across the plot
  int y = 0;
  std::string label;
  std::string colour = "#888";
};

struct ChartMark {  // a dot with a short label above it
  int x = 0, y = 0;
  std::string label;
};

struct LineChart {
  std::string title, x_label, y_label;
  std::vector<ChartSeries> series;
  std::vector<ChartLine> lines;
  std::vector<ChartMark> marks;
  std::string mark_colour = "#c0392b";
  int width = 900, height = 380;
};

namespace detail {

// A tick step of 1, 2 or 5 times a power of ten that cuts `span` into at most `most` parts.
inline int tick_step(int span, int most) {
  int step = 1;
  for (;;) {
    for (const int m : {1, 2, 5}) {
      if (span / (step * m) < most) return step * m;
    }
    step *= 10;
  }
}

}  // namespace detail

inline std::string to_svg(const LineChart& chart) {
  int x_min = 0, x_max = 1, y_min = 0, y_max = 1;
  bool any = false;
  auto take = [&](int x, int y) {
    if (!any) x_min = x_max = x, y_min = y_max = y, any = true;
    x_min = std::min(x_min, x), x_max = std::max(x_max, x);
    y_min = std::min(y_min, y), y_max = std::max(y_max, y);
  };
  for (const ChartSeries& s : chart.series)
    for (const auto& [x, y] : s.points) take(x, y);
  for (const ChartLine& l : chart.lines) take(any ? x_min : 0, l.y);
  if (x_max == x_min) ++x_max;
  // Room above the highest point for the marks' labels, below the lowest for the eye.
  const int y_pad = std::max(1, (y_max - y_min) / 8);
  y_min -= y_pad, y_max += 2 * y_pad;
  const int y_step = detail::tick_step(y_max - y_min, 8), x_step = detail::tick_step(x_max - x_min, 12);
  y_min = static_cast<int>(std::floor(static_cast<double>(y_min) / y_step)) * y_step;
  y_max = static_cast<int>(std::ceil(static_cast<double>(y_max) / y_step)) * y_step;

  const double left = 64, right = chart.width - 24.0, top = 44, bottom = chart.height - 64.0;
  auto px = [&](int x) { return left + (right - left) * (x - x_min) / (x_max - x_min); };
  auto py = [&](int y) { return bottom - (bottom - top) * (y - y_min) / (y_max - y_min); };

  std::ostringstream svg;
  svg.setf(std::ios::fixed);
  svg.precision(1);
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << chart.width << "\" height=\"" << chart.height
      << "\" viewBox=\"0 0 " << chart.width << ' ' << chart.height
      << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << left << "\" y=\"24\" font-size=\"15\" font-weight=\"bold\">" << html_escape(chart.title)
      << "</text>\n";
  // Grid and ticks.
  for (int y = y_min; y <= y_max; y += y_step) {
    svg << "<line x1=\"" << left << "\" x2=\"" << right << "\" y1=\"" << py(y) << "\" y2=\"" << py(y)
        << "\" stroke=\"#e4e4e4\"/>\n<text x=\"" << left - 6 << "\" y=\"" << py(y) + 4 << "\" text-anchor=\"end\">" << y
        << "</text>\n";
  }
  const int x_first = (x_min + x_step - 1) / x_step * x_step;
  for (int x = x_first; x <= x_max; x += x_step) {
    svg << "<line x1=\"" << px(x) << "\" x2=\"" << px(x) << "\" y1=\"" << top << "\" y2=\"" << bottom
        << "\" stroke=\"#f0f0f0\"/>\n<text x=\"" << px(x) << "\" y=\"" << bottom + 16 << "\" text-anchor=\"middle\">"
        << x << "</text>\n";
  }
  svg << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << right - left << "\" height=\"" << bottom - top
      << "\" fill=\"none\" stroke=\"#999\"/>\n"
      << "<text x=\"" << (left + right) / 2 << "\" y=\"" << bottom + 36 << "\" text-anchor=\"middle\">"
      << html_escape(chart.x_label) << "</text>\n"
      << "<text transform=\"translate(16 " << (top + bottom) / 2 << ") rotate(-90)\" text-anchor=\"middle\">"
      << html_escape(chart.y_label) << "</text>\n";
  for (const ChartLine& l : chart.lines) {
    svg << "<line x1=\"" << left << "\" x2=\"" << right << "\" y1=\"" << py(l.y) << "\" y2=\"" << py(l.y)
        << "\" stroke=\"" << l.colour << "\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n<text x=\"" << right - 4
        << "\" y=\"" << py(l.y) - 5 << "\" text-anchor=\"end\" fill=\"" << l.colour << "\">" << html_escape(l.label)
        << "</text>\n";
  }
  for (const ChartSeries& s : chart.series) {
    svg << "<polyline fill=\"none\" stroke=\"" << s.colour << "\" stroke-width=\"" << s.width << "\" points=\"";
    for (const auto& [x, y] : s.points) svg << px(x) << ',' << py(y) << ' ';
    svg << "\"/>\n";
  }
  for (const ChartMark& m : chart.marks) {
    svg << "<circle cx=\"" << px(m.x) << "\" cy=\"" << py(m.y) << "\" r=\"3.5\" fill=\"" << chart.mark_colour
        << "\"/>\n<text x=\"" << px(m.x) << "\" y=\"" << py(m.y) - 8 << "\" text-anchor=\"middle\" fill=\""
        << chart.mark_colour << "\">" << html_escape(m.label) << "</text>\n";
  }
  // The legend, under the axis label.
  double lx = left;
  for (const ChartSeries& s : chart.series) {
    svg << "<line x1=\"" << lx << "\" x2=\"" << lx + 22 << "\" y1=\"" << chart.height - 10.0 << "\" y2=\""
        << chart.height - 10.0 << "\" stroke=\"" << s.colour << "\" stroke-width=\"" << s.width
        << "\"/>\n<text x=\"" << lx + 28
        << "\" y=\"" << chart.height - 6.0 << "\">" << html_escape(s.name) << "</text>\n";
    lx += 40 + 7.0 * static_cast<double>(s.name.size());
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace hsearch::app
