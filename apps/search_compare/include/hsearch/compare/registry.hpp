#pragma once
// The domains search-compare was built with. Each adapter source (adapters/<domain>.cpp)
// registers its factory with a static AdapterRegistrar; CMakeLists.txt compiles an adapter
// only when its domain library exists, so a domain is in the program exactly when it is
// built, and adding one touches one new file.
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hsearch/compare/domain_adapter.hpp"

namespace hsearch::compare {

struct AdapterFactory {
  std::string name;  // the --domain name
  std::function<std::unique_ptr<DomainAdapter>()> make;
};

// The registry, filled before main() by the registrars (a function-local static, so it exists
// whatever order the adapters' static objects are built in).
inline std::vector<AdapterFactory>& adapter_registry() {
  static std::vector<AdapterFactory> factories;
  return factories;
}

// Registers one adapter: `static const AdapterRegistrar registrar{"hanoi", [] {...}};`
struct AdapterRegistrar {
  AdapterRegistrar(std::string name, std::function<std::unique_ptr<DomainAdapter>()> make) {
    adapter_registry().push_back({std::move(name), std::move(make)});
  }
};

// Every adapter built into this program, by name (static objects are built in no set order).
inline std::vector<AdapterFactory> available_adapters() {
  std::vector<AdapterFactory> out = adapter_registry();
  std::sort(out.begin(), out.end(),
            [](const AdapterFactory& a, const AdapterFactory& b) { return a.name < b.name; });
  return out;
}

}  // namespace hsearch::compare
