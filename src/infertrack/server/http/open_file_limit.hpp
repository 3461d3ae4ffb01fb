#pragma once

#include <cstddef>

namespace infertrack::server::http {

// How many connections the process can hold open, up to `wanted`. Each connection holds a descriptor, and the 503
// over the limit needs one more: with the common soft limit of 1,024 open files, accept() failed ("Too many open
// files") before a limit of 1,024 connections was reached, and the clients over it waited for nothing. So the soft
// limit is raised as far as the hard one allows; what still does not fit is left out, with a warning.
std::size_t connections_within_open_file_limit(std::size_t wanted);

}  // namespace infertrack::server::http
