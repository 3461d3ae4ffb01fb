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

  // `file:record:field: message`, leaving out the parts that are empty; control characters in the parts are written
  // as \u escapes (a NUL would cut the message short where it becomes a C string).
  std::string to_string() const;
};

}  // namespace infertrack::util
