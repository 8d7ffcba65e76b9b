// Peak stack of a call: the call runs on a 64 KiB stack of our own
// (ucontext: getcontext/makecontext/swapcontext) filled with a pattern; the
// deepest byte that no longer holds the pattern gives the depth (two
// patterns, the larger depth kept). Callers subtract the depth of an empty
// function measured the same way. Bodies take no arguments (makecontext
// passes no pointers portably): they work on globals of the test.
// Sanitizer builds change frames completely: FCT_ASAN is defined there and
// the stack tests skip.
#pragma once

#include <ucontext.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SANITIZE_ADDRESS__)
#define FCT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FCT_ASAN 1
#endif
#endif

namespace fct {

constexpr size_t kStackBytes = 64 * 1024;

namespace stack_detail {
alignas(64) inline uint8_t g_stack[kStackBytes];
inline ucontext_t g_main, g_co;
inline void (*g_body)();

inline void trampoline() { g_body(); }

// Runs g_body on g_stack and returns to the caller (uc_link). No locals:
// getcontext returns twice.
__attribute__((noinline)) inline int run_on_stack() {
  if (getcontext(&g_co) != 0) return -1;
  g_co.uc_stack.ss_sp = g_stack;
  g_co.uc_stack.ss_size = sizeof g_stack;
  g_co.uc_link = &g_main;
  makecontext(&g_co, trampoline, 0);
  return swapcontext(&g_main, &g_co);
}
}  // namespace stack_detail

// Bytes of the painted stack body used (stacks grow down on every target we
// build for); SIZE_MAX if the context switch failed.
inline size_t stack_depth(void (*body)()) {
  using namespace stack_detail;
  size_t worst = 0;
  for (uint8_t pat : {0xa5, 0x5a}) {
    std::memset(g_stack, pat, sizeof g_stack);
    g_body = body;
    if (run_on_stack() != 0) return SIZE_MAX;
    size_t i = 0;
    while (i < sizeof g_stack && g_stack[i] == pat) i++;
    worst = std::max(worst, sizeof g_stack - i);
  }
  return worst;
}

namespace stack_detail {
__attribute__((noinline)) inline void empty_body() { __asm__ __volatile__("" ::: "memory"); }
}  // namespace stack_detail

// stack_depth(body) less the depth of an empty body measured the same way:
// the bytes the body's own calls add.
inline size_t stack_depth_net(void (*body)()) {
  size_t base = stack_depth(stack_detail::empty_body), d = stack_depth(body);
  return d > base ? d - base : 0;
}

}  // namespace fct
