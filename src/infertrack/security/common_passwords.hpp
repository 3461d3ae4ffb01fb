#pragma once

#include "infertrack/domain/account_rules.hpp"

namespace infertrack::security {

// The shipped list of common passwords (data/common-passwords.txt, embedded at build time), sorted and
// without duplicates, for domain::check_new_password. Built on first use; safe to call from any thread.
domain::CommonPasswords common_passwords();

}  // namespace infertrack::security
