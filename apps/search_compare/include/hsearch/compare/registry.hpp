#pragma once
// The domains search-compare was built with. A domain's adapter is compiled in only when its
// library target exists (see CMakeLists.txt), so a domain that has not landed is simply absent.
#include <memory>
#include <string>
#include <vector>

#include "hsearch/compare/domain_adapter.hpp"

namespace hsearch::compare {

struct AdapterFactory {
  std::string name;
  std::unique_ptr<DomainAdapter> (*make)();
};

// Every adapter built into this program, in --help order.
std::vector<AdapterFactory> available_adapters();

// The names --domain may take in a full build.
inline std::vector<std::string> planned_domains() { return {"sokoban", "fifteen-puzzle", "hanoi"}; }

}  // namespace hsearch::compare
