#pragma once
// Versioned, checksummed files for precomputed tables (pattern databases, pruning automata,
// deadlock/penalty tables). A file is never trusted: a wrong magic, version, kind, parameter
// string, size or checksum is rejected with a message that says which.
//
// Layout (a text header, then the raw payload):
//   hsearch-table <format-version>\n
//   kind <kind>\n              e.g. "fifteen-puzzle-pdb", "move-automaton"
//   params <params>\n          what the table was built for, e.g. "4x4 tiles=1,2,3,4,5"
//   bytes <payload size>\n
//   fnv1a64 <hex checksum of the payload>\n
//   \n
//   <payload>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <istream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hsearch {

struct TableFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline constexpr int kTableFileVersion = 1;

inline std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= data[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

// Writes atomically (a temporary file in the same directory, renamed when complete) so that an
// interrupted write never leaves a half-written table behind; the temporary name is unique, so
// two processes building the same table never write into one file, and it is removed when the
// write fails. Throws TableFileError on I/O failure.
inline void write_table_file(const std::filesystem::path& path, const std::string& kind,
                             const std::string& params, const std::vector<std::uint8_t>& payload) {
  if (kind.find('\n') != std::string::npos || params.find('\n') != std::string::npos) {
    throw TableFileError("table kind/params must be one line");
  }
  if (path.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
  }
  std::ostringstream suffix;
  suffix << ".tmp-" << std::hex << std::random_device{}() << std::random_device{}();
  const std::filesystem::path tmp = path.string() + suffix.str();
  const auto fail = [&](const std::string& what) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    return TableFileError(path.string() + ": " + what);
  };
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw fail("cannot open for writing");
    std::ostringstream hex;
    hex << std::hex << fnv1a64(payload.data(), payload.size());
    out << "hsearch-table " << kTableFileVersion << "\n"
        << "kind " << kind << "\n"
        << "params " << params << "\n"
        << "bytes " << payload.size() << "\n"
        << "fnv1a64 " << hex.str() << "\n\n";
    out.write(reinterpret_cast<const char*>(payload.data()),
              static_cast<std::streamsize>(payload.size()));
    out.close();
    if (!out) throw fail("write failed");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw fail("cannot rename temporary file: " + ec.message());
}

// Reads and checks a table from a seekable binary stream; `file` (the file's name) starts
// every message. Throws TableFileError naming the file and the problem.
inline std::vector<std::uint8_t> read_table_file(std::istream& in, const std::string& file,
                                                 const std::string& kind,
                                                 const std::string& params) {
  const auto fail = [&](const std::string& what) { return TableFileError(file + ": " + what); };
  std::string line;
  auto field = [&](const std::string& name) {
    if (!std::getline(in, line)) throw fail("truncated header (expected '" + name + "')");
    if (line.rfind(name + " ", 0) != 0) throw fail("bad header line (expected '" + name + " ...')");
    return line.substr(name.size() + 1);
  };
  const std::string version = field("hsearch-table");
  if (version != std::to_string(kTableFileVersion)) {
    throw fail("format version " + version + ", expected " + std::to_string(kTableFileVersion));
  }
  const std::string got_kind = field("kind");
  if (got_kind != kind) throw fail("holds a '" + got_kind + "' table, expected '" + kind + "'");
  const std::string got_params = field("params");
  if (got_params != params) {
    throw fail("built for '" + got_params + "', expected '" + params + "'");
  }
  std::size_t bytes = 0;
  std::uint64_t checksum = 0;
  try {
    bytes = static_cast<std::size_t>(std::stoull(field("bytes")));
    checksum = std::stoull(field("fnv1a64"), nullptr, 16);
  } catch (const std::logic_error&) {
    throw fail("unreadable size or checksum");
  }
  if (!std::getline(in, line) || !line.empty()) throw fail("missing blank line after header");
  const auto header_end = in.tellg();
  in.seekg(0, std::ios::end);
  const auto file_end = in.tellg();
  if (header_end < 0 || file_end < 0 ||
      static_cast<std::size_t>(file_end - header_end) != bytes) {
    throw fail("payload size differs from header (" + std::to_string(bytes) + " bytes)");
  }
  in.seekg(header_end);
  std::vector<std::uint8_t> payload(bytes);
  in.read(reinterpret_cast<char*>(payload.data()), static_cast<std::streamsize>(bytes));
  if (!in) throw fail("read failed");
  if (fnv1a64(payload.data(), payload.size()) != checksum) throw fail("checksum mismatch (corrupt file)");
  return payload;
}

// Reads and checks a table file; throws TableFileError naming the file and the problem.
inline std::vector<std::uint8_t> read_table_file(const std::filesystem::path& path,
                                                 const std::string& kind,
                                                 const std::string& params) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TableFileError(path.string() + ": cannot open");
  return read_table_file(in, path.string(), kind, params);
}

// The payload's fields, little-endian, for the tables' writers and readers.
class PayloadWriter {
 public:
  void u8(std::uint8_t v) { bytes_.push_back(v); }
  void u16(std::uint16_t v) { put(v, 2); }
  void u32(std::uint32_t v) { put(v, 4); }
  void u64(std::uint64_t v) { put(v, 8); }
  std::vector<std::uint8_t>& bytes() { return bytes_; }

 private:
  void put(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  std::vector<std::uint8_t> bytes_;
};

// Reads the fields PayloadWriter wrote; running past the end throws TableFileError naming the
// field. `where` starts every message (the file's name and what the table is).
class PayloadReader {
 public:
  PayloadReader(const std::vector<std::uint8_t>& bytes, std::string where)
      : bytes_(bytes), where_(std::move(where)) {}

  std::uint8_t u8(const char* what) { return static_cast<std::uint8_t>(take(1, what)); }
  std::uint16_t u16(const char* what) { return static_cast<std::uint16_t>(take(2, what)); }
  std::uint32_t u32(const char* what) { return static_cast<std::uint32_t>(take(4, what)); }
  std::uint64_t u64(const char* what) { return take(8, what); }
  std::size_t remaining() const { return bytes_.size() - pos_; }
  std::size_t position() const { return pos_; }
  [[noreturn]] void fail(const std::string& what) const { throw TableFileError(where_ + ": " + what); }

 private:
  std::uint64_t take(std::size_t n, const char* what) {
    if (remaining() < n) fail(std::string("payload ends inside ") + what);
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v |= std::uint64_t{bytes_[pos_ + i]} << (8 * i);
    pos_ += n;
    return v;
  }

  const std::vector<std::uint8_t>& bytes_;
  std::string where_;
  std::size_t pos_ = 0;
};

}  // namespace hsearch
