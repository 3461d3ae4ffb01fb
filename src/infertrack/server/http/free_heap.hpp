#pragma once

namespace infertrack::server::http {

// Hands the heap's free pages back to the operating system. A large answer (a history, a page of points)
// frees tens of MiB in small blocks that the allocator would otherwise keep as resident memory for good.
// Returns whether anything was released; false where the C library offers no way to ask.
bool return_free_heap_to_os();

}  // namespace infertrack::server::http
