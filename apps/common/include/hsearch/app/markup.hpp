#pragma once
// Text put into HTML or SVG (element text and double-quoted attributes): the characters that
// would start or end markup, as entities. The pages and pictures the programs write share it.
#include <string>

namespace hsearch::app {

inline std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace hsearch::app
