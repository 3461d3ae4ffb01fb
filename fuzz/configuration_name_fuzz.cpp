// libFuzzer target for the names a compare link or command gives a configuration (?a=, ?b=, `infertrack compare`)
// and the comment subjects of the comment routes: any bytes must give a name or a diagnostic, never a crash, a
// sanitizer report or a hang. A name written back reads back the same, and so does a subject's key.
#include "infertrack/domain/comment_rules.hpp"
#include "infertrack/domain/configuration_name.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace domain = infertrack::domain;

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  const auto name = domain::parse_configuration_name(text);
  if (!name) {
    if (name.error().message.empty()) {
      __builtin_trap();
    }
  } else {
    if (name->model.empty()) {
      __builtin_trap();
    }
    // Compare pages link to the names they show, written by to_string.
    const auto again = domain::parse_configuration_name(domain::to_string(*name));
    if (!again || *again != *name) {
      __builtin_trap();
    }
  }

  const auto subject = domain::parse_comment_subject(text);
  if (!subject) {
    if (subject.error().message.empty()) {
      __builtin_trap();
    }
  } else {
    const auto again = domain::parse_comment_subject(subject->key());
    if (!again || *again != *subject) {
      __builtin_trap();
    }
  }
  return 0;
}
