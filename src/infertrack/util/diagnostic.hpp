#pragma once

#include <string>

namespace infertrack::util {

// Why a piece of input was refused: where it was (file, record, field) and what was wrong with it.
// Readers fill `record` and `field`; the caller that knows the path fills `file`.
struct Diagnostic
{
  std::string file;
  std::string record;
  std::string field;
  std::string message;

  // `file:record:field: message`, leaving out the parts that are empty.
  std::string to_string() const;
};

}  // namespace infertrack::util
