#pragma once
// The form in which tables (A*/BFS node stores, IDA*'s transposition table) keep a state:
// the domain's compact Key when it offers pack/unpack, else the State itself. load(d, k, m)
// rebuilds a state that move m reached, for a domain whose states remember it.
#include "hsearch/core/domain.hpp"

namespace hsearch {

template <Domain D>
struct StoredState {
  using type = typename D::State;
  static type store(const D&, const typename D::State& s) { return s; }
  static typename D::State load(const D&, const type& k) { return k; }
  static typename D::State load(const D&, const type& k, const typename D::Move&) { return k; }
};

template <PackableDomain D>
struct StoredState<D> {
  using type = typename D::Key;
  static type store(const D& d, const typename D::State& s) { return d.pack(s); }
  static typename D::State load(const D& d, const type& k) { return d.unpack(k); }
  // The state reached by move m (MoveAwareUnpackDomain; other domains ignore m).
  static typename D::State load(const D& d, const type& k, const typename D::Move& m) {
    if constexpr (MoveAwareUnpackDomain<D>) {
      return d.unpack(k, m);
    } else {
      return d.unpack(k);
    }
  }
};

}  // namespace hsearch
