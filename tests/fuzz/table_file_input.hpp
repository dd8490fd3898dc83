#pragma once
// Shared by the fuzz targets of the table files (core/checked_file.hpp): the checksum makes a
// mutated file fail before its payload is read, so each input is fed twice, once as a whole
// file (the header parser) and once as the payload of a header written for it with the right
// kind, parameters, size and checksum (the payload parser behind the checksum).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "hsearch/core/checked_file.hpp"

namespace hsearch::fuzz {

inline constexpr const char* kInputName = "fuzz-input";

inline std::string table_file_text(const std::string& kind, const std::string& params,
                                   const std::uint8_t* data, std::size_t size) {
  std::ostringstream hex;
  hex << std::hex << fnv1a64(data, size);
  return "hsearch-table " + std::to_string(kTableFileVersion) + "\nkind " + kind + "\nparams " +
         params + "\nbytes " + std::to_string(size) + "\nfnv1a64 " + hex.str() + "\n\n" +
         std::string(reinterpret_cast<const char*>(data), size);
}

// Calls load(stream) on `text`; the loader's one documented failure is a TableFileError whose
// message names the input and says something: anything else escapes (a finding).
template <class Load>
void load_or_refuse(const std::string& text, Load&& load) {
  std::istringstream in(text, std::ios::binary);
  try {
    load(in);
  } catch (const TableFileError& e) {
    const std::string what = e.what();
    const std::string prefix = std::string(kInputName) + ": ";
    if (what.rfind(prefix, 0) != 0 || what.size() == prefix.size()) __builtin_trap();
  }
}

// Both feeds of one input: as a whole file, and as the payload of a valid header.
template <class Load>
void feed_table_file(const std::uint8_t* data, std::size_t size, const std::string& kind,
                     const std::string& params, Load&& load) {
  load_or_refuse(std::string(reinterpret_cast<const char*>(data), size), load);
  load_or_refuse(table_file_text(kind, params, data, size), load);
}

}  // namespace hsearch::fuzz
