#pragma once
// Learning a move-pruning automaton (Taylor & Korf 1993).
//
// Input: a LabelledDomain, sample states supplied by the domain (samples[0] is the "primary"
// one, from which label sequences are enumerated; e.g. the 15-puzzle on a 7x7 board with the
// blank in the centre, so that short sequences do not meet the edges) and a maximum depth.
//
// Rounds d = 1, 2, ..., max_depth. Round d enumerates depth-first, labels in increasing order,
// every label sequence of length d applicable from the primary sample and accepted by the
// automaton of round d-1; so sequences are met in (length, lexicographic) order. A sequence s2
// is forbidden when an earlier kept sequence s1 is preferable to it:
//   (i)   from every sample where s2 is applicable, s1 reaches the same state (full states are
//         compared, hashes only filter);
//   (ii)  s1 is not longer (it was met earlier) and, from each such sample, costs no more;
//   (iii) s1 is applicable from every sample where s2 is (edge effects of the board);
//   (iv)  s1 comes before s2 in (length, lexicographic) order.
// Otherwise s2 is kept as a candidate s1 for later sequences. After the round the automaton is
// rebuilt with Aho–Corasick from all forbidden sequences, and the next round uses it. The empty
// sequence is kept from the start, so a sequence that returns to its state ("U D") is forbidden.
// A sequence refused by the automaton is never explored, hence never kept nor forbidden again:
// every kept sequence of length < d is exactly an accepted one.
//
// Why pruning stays optimal. Order paths by (length, lexicographic order of labels): a
// well-order. Let P be the smallest optimal path (to any goal). If P contained a forbidden s2,
// replacing it by its s1 would give a path that is applicable (iii), reaches the same states
// after it (i), costs no more (ii) — hence is optimal — and is strictly smaller (iv: shorter,
// or same length and smaller at the first differing label). Contradiction: P contains no
// forbidden sequence, and a depth-first search (DFS, IDDFS, IDA*) pruned by the automaton still
// finds an optimal path. This does NOT hold with duplicate detection on states alone (A*, BFS):
// a state reached by several paths is kept once, with the automaton state of one path, and that
// automaton state may refuse the continuation that the discarded path allowed. Detection keyed
// on (state, automaton state), as IDA*'s transposition table does, is safe: the same pair has
// the same pruned subtree.
// The conditions are checked on the samples only: the result is as sound as the samples are
// representative. (i) and (iii) must hold from every state where s2 applies, so give samples
// that show every context (for a sliding-tile puzzle, the blank on every cell of the board: then
// applicability from all samples is exactly "the blank's excursion stays on the board"). The
// centre sample alone is not enough: test SlowLearner.TheCentreSampleAloneIsNotEnough.
//
// Requirements on the domain: in a state, at most one applicable move carries a given label
// (checked; std::invalid_argument otherwise). max_depth <= 255.
//
// Cost. Each round visits the accepted sequences of length <= d from the primary sample and,
// for each, applies the same labels from every other sample (k samples: k moves per node).
// Memory grows with the kept sequences (the accepted ones of length <= d, about the number of
// distinct states within d moves), which are stored: per kept sequence the 64-bit hash of its
// primary end state, its labels (d bytes) and about 17 bytes of index, plus the open-addressing
// table (4 bytes a slot, at most half full). End states are not stored: when hashes match, the
// kept sequence is replayed from the samples and full states are compared. The explored nodes
// allocate nothing (per-depth buffers allocated once). LearnerRound::bytes reports the figure;
// Limits::max_bytes caps it.
//
// Typical use (the tag should name everything the sequences depend on: domain, label order):
//   LearnerOptions opt;  opt.max_depth = 14;  opt.limits.stop_flag = &interrupt_flag();
//   LearnerResult r = learn_move_automaton(board7x7, samples, opt,
//       [&](const LearnerRound& round, const LearnerResult& so_far) {
//         save_move_automaton(path, "fifteen-puzzle", so_far.file_data());  // resumable
//         std::cout << "depth " << round.depth << " forbidden " << round.forbidden_total << "\n";
//       });
//   TableAutomaton a = load_move_automaton(path, "fifteen-puzzle", 4).automaton;
//   ida_star(domain4x4, start, h, IdaStarOptions{}, a);
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/limits.hpp"
#include "hsearch/core/result.hpp"
#include "hsearch/pruning/aho_corasick.hpp"
#include "hsearch/pruning/automaton_file.hpp"
#include "hsearch/pruning/table_automaton.hpp"

namespace hsearch {

// What one round (one depth bound) did.
struct LearnerRound {
  unsigned depth = 0;
  std::uint64_t nodes = 0;           // sequences visited (all lengths <= depth), root included
  std::uint64_t sequences = 0;       // sequences of length `depth` examined (applicable, accepted)
  std::uint64_t new_forbidden = 0;   // of those, forbidden in this round
  std::size_t forbidden_total = 0;   // forbidden sequences after the round (all depths)
  std::size_t automaton_states = 0;  // states of the rebuilt automaton (forbidden ones dropped)
  std::size_t trie_states = 0;       // Aho–Corasick trie nodes, forbidden ones included
  std::size_t kept = 0;              // sequences stored as candidates (length <= depth)
  std::size_t distinct_states = 0;   // distinct end states of kept sequences from the primary
  std::size_t bytes = 0;             // memory of the kept sequences (see the header comment)
  double seconds = 0;                // this round's time
  double branching = 0;              // the rebuilt automaton's asymptotic branching factor
};

struct LearnedSequence {
  LabelSequence forbidden;  // s2
  LabelSequence preferred;  // the s1 that justified it
};

struct LearnerOptions {
  unsigned max_depth = 6;
  // max_expanded counts visited sequences; max_seconds, max_bytes, stop_flag as for searches.
  // A round cut by a limit is discarded: the result is the last completed round's.
  Limits limits;
  // Resume: sequences forbidden by earlier rounds up to `initial_depth` (with the same domain
  // and samples), e.g. read back from a file (MoveAutomatonData::forbidden / learned_depth).
  std::vector<LabelSequence> initial_forbidden;
  unsigned initial_depth = 0;
};

struct LearnerResult {
  TableAutomaton automaton = TableAutomaton::allow_all(1);
  std::vector<LabelSequence> forbidden;  // initial ones first, then learned, in order found
  std::vector<LearnedSequence> learned;  // the ones learned by this run, with their s1
  std::vector<LearnerRound> rounds;
  unsigned depth_completed = 0;
  // Every sequence of some length was refused or inapplicable: longer rounds cannot find more.
  bool exhausted = false;
  StopReason stop_reason = StopReason::none;  // why it ended before max_depth, if it did

  // What automaton_file.hpp saves (the learned depth lets a later run resume).
  MoveAutomatonData file_data() const { return {automaton, forbidden, true, depth_completed}; }
};

namespace detail {

template <LabelledDomain D>
class MoveSequenceLearner {
  using State = typename D::State;
  using Move = typename D::Move;
  using Undo = typename D::Undo;
  using Cost = typename D::Cost;
  using StateId = TableAutomaton::StateId;
  static constexpr unsigned kLabels = D::kLabelCount;
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

 public:
  MoveSequenceLearner(const D& domain, const std::vector<State>& samples,
                      const LearnerOptions& options)
      : domain_(domain),
        samples_(samples),
        options_(options),
        guard_(options.limits),
        k_(samples.size()) {
    if (samples_.empty()) throw std::invalid_argument("learner: no sample state");
    if (options_.max_depth > 255) throw std::invalid_argument("learner: max_depth > 255");
    if (options_.initial_depth > options_.max_depth) {
      throw std::invalid_argument("learner: initial_depth > max_depth");
    }
    for (const LabelSequence& s : options_.initial_forbidden) {
      if (s.size() > options_.initial_depth) {
        throw std::invalid_argument(
            "learner: an initial forbidden sequence is longer than "
            "initial_depth " +
            std::to_string(options_.initial_depth));
      }
    }
    const std::size_t depths = options_.max_depth + 1;
    cur_ = samples_;
    replay_ = samples_;
    moves_.resize(depths);
    for (auto& m : moves_) m.reserve(kLabels);
    path_.assign(depths, 0);
    g_.assign(depths * k_, Cost{0});
    alive_.assign(depths * k_, 0);
    for (std::size_t i = 0; i < k_; ++i) alive_[i] = 1;           // the empty sequence applies
    for (std::size_t t = 0; t < depths; ++t) alive_[t * k_] = 1;  // explored from the primary
    other_move_.resize(depths * k_);
    undo_.resize(depths * k_);
    heads_.assign(1024, kNone);
  }

  template <class OnRound>
  LearnerResult run(OnRound&& on_round) {
    LearnerResult result;
    result.forbidden = options_.initial_forbidden;
    result.automaton = build_aho_corasick(kLabels, result.forbidden);
    result.depth_completed = options_.initial_depth;
    // The kept sequences of earlier rounds are exactly the accepted ones: store them again.
    automaton_ = &result.automaton;
    mode_ = Mode::rebuild;
    depth_ = options_.initial_depth;
    visit(0, automaton_->start());
    if (stopped_) {
      result.stop_reason = guard_.reason();
      return result;
    }
    mode_ = Mode::learn;
    for (unsigned d = options_.initial_depth + 1; d <= options_.max_depth; ++d) {
      const auto t0 = std::chrono::steady_clock::now();
      LearnerRound round;
      round.depth = d;
      depth_ = d;
      nodes_ = 0;
      sequences_ = 0;
      found_.clear();
      visit(0, automaton_->start());
      if (stopped_) {  // discard the partial round: its forbidden list may be incomplete
        result.stop_reason = guard_.reason();
        return result;
      }
      for (LearnedSequence& f : found_) {
        result.forbidden.push_back(f.forbidden);
        result.learned.push_back(std::move(f));
      }
      const AhoCorasickBuild built = build_aho_corasick_detailed(kLabels, result.forbidden);
      result.automaton = built.automaton;
      result.depth_completed = d;
      round.nodes = nodes_;
      round.sequences = sequences_;
      round.new_forbidden = found_.size();
      round.forbidden_total = result.forbidden.size();
      round.automaton_states = built.automaton.state_count();
      round.trie_states = built.trie_states;
      round.kept = kept();
      round.distinct_states = classes_;
      round.bytes = bytes();
      round.branching = built.automaton.branching_factor();
      round.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      result.rounds.push_back(round);
      on_round(static_cast<const LearnerRound&>(round), static_cast<const LearnerResult&>(result));
      if (sequences_ == 0) {
        result.exhausted = true;
        break;
      }
    }
    return result;
  }

 private:
  enum class Mode { rebuild, learn };

  // The current sequence is path_[0..t); cur_[i] is its end state from sample i when alive.
  void visit(unsigned t, StateId a) {
    if (stopped_) return;
    ++nodes_;
    if (guard_.should_stop(++total_nodes_)) {
      stopped_ = true;
      return;
    }
    if (mode_ == Mode::rebuild) {  // keep every accepted sequence, at the tail of its class
      const auto [slot, head] = find_class();
      std::uint32_t last = head;
      while (last != kNone && next_in_class_[last] != kNone) last = next_in_class_[last];
      store(t, slot, last);
    }
    if (t == depth_) {
      if (mode_ == Mode::learn) examine(t);
      return;
    }
    auto& moves = moves_[t];
    moves.clear();
    domain_.for_each_move(cur_[0], [&](const Move& m) {
      moves.emplace_back(static_cast<unsigned>(domain_.label(m)), m);
    });
    std::sort(moves.begin(), moves.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    for (std::size_t j = 1; j < moves.size(); ++j) {
      if (moves[j].first == moves[j - 1].first) duplicate_label(moves[j].first);
    }
    for (const auto& [label, move] : moves) {
      if (label >= kLabels) {
        throw std::invalid_argument("learner: label " + std::to_string(label) +
                                    " >= " + std::to_string(kLabels));
      }
      if (!automaton_->allows(a, label)) continue;
      path_[t] = label;
      step_primary(t, move);
      for (std::size_t i = 1; i < k_; ++i) step_other(t, i, label);
      visit(t + 1, automaton_->next(a, label));
      for (std::size_t i = k_; i-- > 1;) {
        const std::size_t at = t * k_ + i;
        if (alive_[(t + 1) * k_ + i]) {
          domain_.undo(cur_[i], *other_move_[at], *undo_[at]);
          undo_[at].reset();
        }
      }
      domain_.undo(cur_[0], move, *undo_[t * k_]);
      undo_[t * k_].reset();
      if (stopped_) return;
    }
  }

  void step_primary(unsigned t, const Move& m) {
    g_[(t + 1) * k_] = static_cast<Cost>(g_[t * k_] + domain_.cost(cur_[0], m));
    undo_[t * k_].emplace(domain_.apply(cur_[0], m));
  }

  void step_other(unsigned t, std::size_t i, unsigned label) {
    const std::size_t at = t * k_ + i, below = (t + 1) * k_ + i;
    alive_[below] = 0;
    if (!alive_[at]) return;
    if (!find_move(cur_[i], label, other_move_[at])) return;
    g_[below] = static_cast<Cost>(g_[at] + domain_.cost(cur_[i], *other_move_[at]));
    undo_[at].emplace(domain_.apply(cur_[i], *other_move_[at]));
    alive_[below] = 1;
  }

  // The move with this label in s, if any.
  bool find_move(const State& s, unsigned label, std::optional<Move>& out) const {
    out.reset();
    unsigned found = 0;
    domain_.for_each_move(s, [&](const Move& m) {
      if (static_cast<unsigned>(domain_.label(m)) != label) return;
      if (found++ == 0) out.emplace(m);
    });
    if (found > 1) duplicate_label(label);
    return found == 1;
  }

  [[noreturn]] static void duplicate_label(unsigned label) {
    throw std::invalid_argument("learner: two applicable moves share label " +
                                std::to_string(label) +
                                " in one state; labels must identify moves");
  }

  // A sequence of length t (the current path) whose end state is new or already seen.
  void examine(unsigned t) {
    ++sequences_;
    const auto [slot, head] = find_class();
    std::uint32_t last = kNone;
    for (std::uint32_t e = head; e != kNone; last = e, e = next_in_class_[e]) {
      if (preferable(e, t)) {
        LearnedSequence f;
        f.forbidden.assign(path_.begin(), path_.begin() + t);
        f.preferred.assign(labels_.begin() + static_cast<std::ptrdiff_t>(offset_[e]),
                           labels_.begin() + static_cast<std::ptrdiff_t>(offset_[e] + length_[e]));
        found_.push_back(std::move(f));
        return;
      }
    }
    store(t, slot, last);
  }

  // Kept sequence e against the current path of length t, which comes later in the order
  // (iv) and ends, from the primary sample, in the same state: conditions (i)-(iii), checked by
  // replaying e from every sample where the current path applies.
  bool preferable(std::uint32_t e, unsigned t) {
    for (std::size_t i = 0; i < k_; ++i) {
      if (!alive_[t * k_ + i]) continue;  // the current path does not apply from sample i
      Cost cost = 0;
      if (!replay(e, i, cost)) return false;       // (iii)
      if (cost > g_[t * k_ + i]) return false;     // (ii)
      if (!(replay_[i] == cur_[i])) return false;  // (i)
    }
    return true;
  }

  // Applies kept sequence e from sample i into replay_[i]; false when a label does not apply.
  bool replay(std::uint32_t e, std::size_t i, Cost& cost) {
    replay_[i] = samples_[i];
    cost = 0;
    for (std::uint32_t j = 0; j < length_[e]; ++j) {
      if (!find_move(replay_[i], labels_[offset_[e] + j], replay_move_)) return false;
      cost = static_cast<Cost>(cost + domain_.cost(replay_[i], *replay_move_));
      domain_.apply(replay_[i], *replay_move_);
    }
    return true;
  }

  // The hash-table slot for the primary end state of the current path, and the first kept
  // sequence of its class (kNone when the state is new).
  std::pair<std::size_t, std::uint32_t> find_class() {
    const std::uint64_t h = domain_.hash(cur_[0]);
    const std::size_t mask = heads_.size() - 1;
    std::size_t slot = mix(h) & mask;
    while (heads_[slot] != kNone) {
      const std::uint32_t e = heads_[slot];
      Cost unused = 0;
      if (end_hash_[e] == h && replay(e, 0, unused) && replay_[0] == cur_[0]) return {slot, e};
      slot = (slot + 1) & mask;
    }
    return {slot, kNone};
  }

  // Keeps the current path of length t; `last` is the tail of its class (kNone: a new class
  // whose head goes to `slot`).
  void store(unsigned t, std::size_t slot, std::uint32_t last) {
    if (kept() >= kNone - 1) throw std::length_error("learner: too many kept sequences");
    const auto e = static_cast<std::uint32_t>(kept());
    end_hash_.push_back(domain_.hash(cur_[0]));
    offset_.push_back(labels_.size());
    length_.push_back(static_cast<std::uint8_t>(t));
    labels_.insert(labels_.end(), path_.begin(), path_.begin() + t);
    next_in_class_.push_back(kNone);
    if (last != kNone) {
      next_in_class_[last] = e;
    } else {
      heads_[slot] = e;
      if (++classes_ * 2 > heads_.size()) grow();
    }
    if (guard_.over_memory(bytes())) stopped_ = true;
  }

  void grow() {
    std::vector<std::uint32_t> heads(heads_.size() * 2, kNone);
    const std::size_t mask = heads.size() - 1;
    for (const std::uint32_t e : heads_) {
      if (e == kNone) continue;
      std::size_t slot = mix(end_hash_[e]) & mask;
      while (heads[slot] != kNone) slot = (slot + 1) & mask;
      heads[slot] = e;
    }
    heads_.swap(heads);
  }

  std::size_t kept() const { return end_hash_.size(); }

  std::size_t bytes() const {
    return end_hash_.capacity() * sizeof(std::uint64_t) + labels_.capacity() +
           offset_.capacity() * sizeof(std::uint64_t) + length_.capacity() +
           next_in_class_.capacity() * sizeof(std::uint32_t) +
           heads_.size() * sizeof(std::uint32_t);
  }

  static std::size_t mix(std::uint64_t h) {  // spreads weak domain hashes over the table
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return static_cast<std::size_t>(h);
  }

  const D& domain_;
  const std::vector<State>& samples_;
  const LearnerOptions& options_;
  LimitGuard guard_;
  const std::size_t k_;  // number of samples
  const TableAutomaton* automaton_ = nullptr;
  Mode mode_ = Mode::learn;
  unsigned depth_ = 0;
  bool stopped_ = false;
  std::uint64_t nodes_ = 0, sequences_ = 0, total_nodes_ = 0;
  std::vector<LearnedSequence> found_;  // this round's

  // Depth-first search buffers, indexed by depth (and sample): allocated once.
  std::vector<State> cur_, replay_;
  std::vector<std::vector<std::pair<unsigned, Move>>> moves_;
  std::vector<unsigned> path_;
  std::vector<Cost> g_;
  std::vector<char> alive_;
  std::vector<std::optional<Move>> other_move_;
  std::vector<std::optional<Undo>> undo_;
  std::optional<Move> replay_move_;

  // Kept sequences, indexed by kept order: the hash of the primary end state and the labels.
  // End states are not stored: comparisons replay the labels (only when hashes match).
  std::vector<std::uint64_t> end_hash_;
  std::vector<std::uint8_t> labels_;
  std::vector<std::uint64_t> offset_;
  std::vector<std::uint8_t> length_;
  std::vector<std::uint32_t> next_in_class_;
  // Open-addressing index of the classes (kept sequences with the same primary end state).
  std::vector<std::uint32_t> heads_;
  std::size_t classes_ = 0;
};

}  // namespace detail

// Learns the automaton up to options.max_depth. on_round(const LearnerRound&, const
// LearnerResult& so_far) is called after each completed round (e.g. to save the file and print
// a progress line). Throws std::invalid_argument for bad input (no sample, labels that do not
// identify moves, a depth over 255).
template <LabelledDomain D, class OnRound>
LearnerResult learn_move_automaton(const D& domain, const std::vector<typename D::State>& samples,
                                   const LearnerOptions& options, OnRound&& on_round) {
  detail::MoveSequenceLearner<D> learner(domain, samples, options);
  return learner.run(std::forward<OnRound>(on_round));
}

template <LabelledDomain D>
LearnerResult learn_move_automaton(const D& domain, const std::vector<typename D::State>& samples,
                                   const LearnerOptions& options = {}) {
  return learn_move_automaton(domain, samples, options,
                              [](const LearnerRound&, const LearnerResult&) {});
}

}  // namespace hsearch
