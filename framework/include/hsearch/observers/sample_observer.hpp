#pragma once
// Every k-th node a search expands, written as text with its g, h and f: a sample of the states
// the search spends its time on. A person (or a script) can then look at them one by one, or
// solve each alone and compare its h with its true cost: where the bound falls short, and by
// how much, in the states that fill the search's last layers.
//
// Each sample is a header line, `prefix` "sample K: expansion E, g G, h H, f F", then the
// domain's state_string and an empty line. With a prefix that the domain's file format reads
// as a comment (Sokoban's "; "), the samples are a file of instances, each titled by its header.
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>

#include "hsearch/core/domain.hpp"
#include "hsearch/core/observer.hpp"

namespace hsearch {

template <Domain D>
class SampleObserver : public NullObserver {
 public:
  static constexpr bool kWantsNodes = true;

  // every >= 1: the 1st sample is the every-th expansion.
  SampleObserver(const D& domain, std::ostream& out, std::uint64_t every, std::string prefix = "")
      : domain_(domain), out_(out), every_(every == 0 ? 1 : every), prefix_(std::move(prefix)) {}

  void on_expand(const typename D::State& s, std::int64_t g, std::int64_t h) {
    if (++expanded_ % every_ != 0) return;
    ++written_;
    const std::string text = state_string(domain_, s);
    out_ << prefix_ << "sample " << written_ << ": expansion " << expanded_ << ", g " << g << ", h " << h
         << ", f " << g + h << "\n"
         << text;
    if (!text.empty() && text.back() != '\n') out_ << "\n";
    out_ << "\n";
  }

  std::uint64_t written() const { return written_; }

 private:
  const D& domain_;
  std::ostream& out_;
  std::uint64_t every_;
  std::string prefix_;
  std::uint64_t expanded_ = 0;
  std::uint64_t written_ = 0;
};

}  // namespace hsearch
