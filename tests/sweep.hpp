#pragma once
// How much of a long sweep (many levels, many random cases) a test takes. CI runs the fast suite
// twice: in Release, and under AddressSanitizer + UndefinedBehaviorSanitizer, where the solvers
// run several times slower. The Release run sweeps everything; the sanitized run takes the first
// half, or every other case, which goes through the same code (the same options, the same
// kinds of level) for the sanitizers to watch. Thresholds on what a sweep finds scale the same
// way.
namespace hsearch::testing {

#ifdef HSEARCH_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// n in Release; under the sanitizers, half of n (rounded up).
constexpr int sweep(int n) { return kSanitized ? (n + 1) / 2 : n; }
// A sweep's step: `step` in Release, twice it under the sanitizers (every other case, for a
// sweep whose later cases hold what its first ones lack).
constexpr int stride(int step) { return kSanitized ? 2 * step : step; }

}  // namespace hsearch::testing
