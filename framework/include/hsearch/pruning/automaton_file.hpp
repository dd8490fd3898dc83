#pragma once
// Saving and loading a move-pruning automaton (with the forbidden sequences it was built from)
// in a versioned, checksummed table file (core/checked_file.hpp):
//   kind   "move-automaton"
//   params "domain=<tag> labels=<label count>"   the tag is chosen by the domain, e.g.
//          "fifteen-puzzle"; a file built for another domain or label count is refused.
// The payload is never trusted: besides the checksum, every field is range-checked before use
// (sizes against the bytes actually present, next states in range, masks within the label
// count, sequence labels in range) and, when the file says the automaton was built from its
// forbidden sequences, the automaton is rebuilt from them and must be identical. Any problem
// throws TableFileError naming the file and the problem.
//
// Payload (all integers little-endian):
//   u32 payload layout version (1)
//   u32 label count L, u32 state count n
//   n times: u64 allowed mask, then L times u32 next state (0xFFFFFFFF when refused)
//   u32 learned depth (rounds completed by the learner; 0 when not learned)
//   u8  1 when the automaton is exactly Aho–Corasick of the sequences below, else 0
//   u32 sequence count; each: u32 length, then length times u8 label
// Keeping the sequences lets the learner resume with its next round (learner.hpp).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <istream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "hsearch/core/checked_file.hpp"
#include "hsearch/pruning/aho_corasick.hpp"
#include "hsearch/pruning/table_automaton.hpp"

namespace hsearch {

inline constexpr const char* kMoveAutomatonKind = "move-automaton";
inline constexpr std::uint32_t kMoveAutomatonLayout = 1;

struct MoveAutomatonData {
  TableAutomaton automaton;
  // The forbidden sequences (may be empty, e.g. for a hand-made automaton).
  std::vector<LabelSequence> forbidden;
  // The automaton is build_aho_corasick(labels, forbidden); checked again when loading.
  bool built_from_forbidden = true;
  // The learner's completed depth (its next round is learned_depth + 1); 0 when not learned.
  unsigned learned_depth = 0;
};

inline std::string move_automaton_params(const std::string& domain_tag, unsigned labels) {
  return "domain=" + domain_tag + " labels=" + std::to_string(labels);
}


// Writes atomically. Throws TableFileError on I/O failure, std::invalid_argument when the data
// is inconsistent (a label out of range, or built_from_forbidden but the automaton differs).
inline void save_move_automaton(const std::filesystem::path& path, const std::string& domain_tag,
                                const MoveAutomatonData& data) {
  const TableAutomaton& a = data.automaton;
  const unsigned L = a.label_count();
  if (data.built_from_forbidden && build_aho_corasick(L, data.forbidden) != a) {
    throw std::invalid_argument(
        "save_move_automaton: the automaton is not the one its "
        "forbidden sequences build");
  }
  PayloadWriter w;
  w.u32(kMoveAutomatonLayout);
  w.u32(L);
  w.u32(static_cast<std::uint32_t>(a.state_count()));
  for (std::size_t s = 0; s < a.state_count(); ++s) {
    w.u64(a.allowed_masks()[s]);
    for (unsigned l = 0; l < L; ++l) w.u32(a.next_table()[s * L + l]);
  }
  w.u32(data.learned_depth);
  w.u8(data.built_from_forbidden ? 1 : 0);
  w.u32(static_cast<std::uint32_t>(data.forbidden.size()));
  for (const LabelSequence& seq : data.forbidden) {
    w.u32(static_cast<std::uint32_t>(seq.size()));
    for (unsigned l : seq) {
      if (l >= L) throw std::invalid_argument("save_move_automaton: sequence label out of range");
      w.u8(static_cast<std::uint8_t>(l));
    }
  }
  write_table_file(path, kMoveAutomatonKind, move_automaton_params(domain_tag, L), w.bytes());
}

// Reads and checks a file written by save_move_automaton for this domain tag and label count,
// from a seekable binary stream; `name` (the file's name) starts every message.
inline MoveAutomatonData load_move_automaton(std::istream& in, const std::string& name,
                                             const std::string& domain_tag, unsigned labels) {
  const std::vector<std::uint8_t> payload =
      read_table_file(in, name, kMoveAutomatonKind, move_automaton_params(domain_tag, labels));
  PayloadReader r(payload, name + ": move automaton");
  const std::uint32_t layout = r.u32("the layout version");
  if (layout != kMoveAutomatonLayout) {
    r.fail("payload layout " + std::to_string(layout) + ", expected " +
           std::to_string(kMoveAutomatonLayout));
  }
  const std::uint32_t L = r.u32("the label count");
  if (L != labels) {
    r.fail("payload has " + std::to_string(L) + " labels, header says " + std::to_string(labels));
  }
  if (L == 0 || L > TableAutomaton::kMaxLabels) r.fail("label count " + std::to_string(L));
  const std::uint32_t n = r.u32("the state count");
  const std::size_t per_state = 8 + 4 * std::size_t{L};
  // Check the size before allocating: a corrupt count must not trigger a huge allocation.
  if (n == 0 || n > r.remaining() / per_state) {
    r.fail("state count " + std::to_string(n) + " does not fit the payload");
  }
  std::vector<TableAutomaton::StateId> next(std::size_t{n} * L);
  std::vector<std::uint64_t> allowed(n);
  for (std::size_t s = 0; s < n; ++s) {
    allowed[s] = r.u64("an allowed mask");
    for (unsigned l = 0; l < L; ++l) next[s * L + l] = r.u32("the next-state table");
  }
  MoveAutomatonData data{TableAutomaton::allow_all(L), {}, false, 0};
  try {
    data.automaton = TableAutomaton(L, std::move(next), std::move(allowed));
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  data.learned_depth = r.u32("the learned depth");
  const std::uint8_t built = r.u8("the built-from-sequences flag");
  if (built > 1) r.fail("bad built-from-sequences flag " + std::to_string(built));
  data.built_from_forbidden = built == 1;
  const std::uint32_t count = r.u32("the sequence count");
  if (count > r.remaining() / 4) r.fail("sequence count " + std::to_string(count) + " too large");
  data.forbidden.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::uint32_t len = r.u32("a sequence length");
    if (len == 0 || len > r.remaining()) {
      r.fail("sequence #" + std::to_string(i) + " has length " + std::to_string(len));
    }
    LabelSequence seq(len);
    for (auto& l : seq) {
      l = r.u8("a sequence label");
      if (l >= L) {
        r.fail("sequence #" + std::to_string(i) + " has label " + std::to_string(l) +
               ", expected < " + std::to_string(L));
      }
    }
    data.forbidden.push_back(std::move(seq));
  }
  if (r.remaining() != 0) r.fail(std::to_string(r.remaining()) + " unexpected trailing bytes");
  if (data.built_from_forbidden && build_aho_corasick(L, data.forbidden) != data.automaton) {
    r.fail("the automaton differs from the one its forbidden sequences build");
  }
  return data;
}

// The same, from a file.
inline MoveAutomatonData load_move_automaton(const std::filesystem::path& path,
                                             const std::string& domain_tag, unsigned labels) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TableFileError(path.string() + ": cannot open");
  return load_move_automaton(in, path.string(), domain_tag, labels);
}

}  // namespace hsearch
