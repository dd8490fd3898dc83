// The adapters compiled into this build (one translation unit per domain, each defining its
// make_*_adapter function; HSEARCH_COMPARE_HAVE_* come from CMakeLists.txt).
#include "hsearch/compare/registry.hpp"

namespace hsearch::compare {

#ifdef HSEARCH_COMPARE_HAVE_SOKOBAN
std::unique_ptr<DomainAdapter> make_sokoban_adapter();
#endif
#ifdef HSEARCH_COMPARE_HAVE_FIFTEEN
std::unique_ptr<DomainAdapter> make_fifteen_puzzle_adapter();
#endif
#ifdef HSEARCH_COMPARE_HAVE_HANOI
std::unique_ptr<DomainAdapter> make_hanoi_adapter();
#endif

std::vector<AdapterFactory> available_adapters() {
  std::vector<AdapterFactory> out;
#ifdef HSEARCH_COMPARE_HAVE_SOKOBAN
  out.push_back({"sokoban", &make_sokoban_adapter});
#endif
#ifdef HSEARCH_COMPARE_HAVE_FIFTEEN
  out.push_back({"fifteen-puzzle", &make_fifteen_puzzle_adapter});
#endif
#ifdef HSEARCH_COMPARE_HAVE_HANOI
  out.push_back({"hanoi", &make_hanoi_adapter});
#endif
  return out;
}

}  // namespace hsearch::compare
