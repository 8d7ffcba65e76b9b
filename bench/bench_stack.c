/*
 * The stack high-water mark of one call, for the modes that report memory
 * (mldsa, hashsig): the body runs on a 64 KiB stack of our own (ucontext)
 * painted with a pattern, as tests/support/stack_depth.h does (two patterns,
 * the larger depth), minus an empty body's depth measured the same way.
 */
#define _GNU_SOURCE /* ucontext's getcontext/makecontext/swapcontext; implies POSIX 2008 */

#include <string.h>

#include "bench.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <ucontext.h>

#define PROBE_STACK (64 * 1024)
static unsigned char probe_stack[PROBE_STACK] __attribute__((aligned(64)));
static ucontext_t probe_main, probe_co;
static void (*probe_body)(void);

static void probe_trampoline(void) { probe_body(); }
static void body_empty(void) {}

/* Runs probe_body on probe_stack and comes back (uc_link); 0 on success.
   No locals: getcontext returns twice. */
__attribute__((noinline)) static int probe_run(void) {
  if (getcontext(&probe_co) != 0) return -1;
  probe_co.uc_stack.ss_sp = probe_stack;
  probe_co.uc_stack.ss_size = sizeof probe_stack;
  probe_co.uc_link = &probe_main;
  makecontext(&probe_co, probe_trampoline, 0);
  return swapcontext(&probe_main, &probe_co);
}

/* Bytes of probe_stack body() used, the larger over two patterns; 0 when
   the context switch failed. */
static size_t probe_depth(void (*body)(void)) {
  size_t worst = 0;
  static const unsigned char pats[2] = {0xa5, 0x5a};
  for (int p = 0; p < 2; p++) {
    memset(probe_stack, pats[p], sizeof probe_stack);
    probe_body = body;
    if (probe_run() != 0) return 0;
    size_t i = 0;
    while (i < sizeof probe_stack && probe_stack[i] == pats[p]) i++;
    if (sizeof probe_stack - i > worst) worst = sizeof probe_stack - i;
  }
  return worst;
}

long bench_stack_of(void (*body)(void)) {
  size_t base = probe_depth(body_empty);
  size_t d = probe_depth(body);
  if (base == 0 || d == 0) return -1;
  return d > base ? (long)(d - base) : 0;
}
#else
long bench_stack_of(void (*body)(void)) {
  (void)body;
  return -1;
}
#endif
