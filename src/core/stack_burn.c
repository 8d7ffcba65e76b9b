/*
 * fc__burn_get: which form of the stack burn runs (contract in
 * fc_internal.h, "Wiping secrets"). The forms are assembly leaf functions,
 * so that no frame of their own, with unwritten padding, sits inside the
 * area they zero: src/x86/burn_base.S (rep stosb; with or without pxor),
 * src/x86/burn_avx.S, src/x86/burn_avx512.S, src/aarch64/burn_base.S.
 * The choice follows what the CPU and OS enable, whatever FASTCRYPT_CPU
 * masks, since the C library's memcpy and memset use the wide registers
 * regardless; a freestanding build, which has no C library of ours, takes
 * the features the firmware allowed (fc_init_features). Only the calls
 * that handle secrets reference this file, so an RSA-only firmware link
 * does not carry it.
 */
#include "core/fc_internal.h"

#if !defined(FC_FREESTANDING)
#include <stdatomic.h>
#endif

#if !defined(FC_HAVE_BURN_ASM)
/* Another architecture: a C form. Its own frame may keep a few unwritten
   bytes of padding above the area. */
static __attribute__((noinline)) void burn_c(size_t bytes) {
  unsigned char *p = __builtin_alloca(bytes);
  for (size_t i = 0; i < bytes; i += 64) {
    uint64_t *q = (uint64_t *)(void *)(p + i);
    q[0] = q[1] = q[2] = q[3] = q[4] = q[5] = q[6] = q[7] = 0;
    __asm__ __volatile__("" : : "r"(q) : "memory"); /* no memset call below the area */
  }
}
#endif

static fc__burn_fn burn_choose(void) {
#if defined(FC_HAVE_BURN_ASM)
#if defined(FC_FREESTANDING)
  uint64_t f = fc_cpu_features();
#else
  uint64_t f = fc_cpu_features_probed();
#endif
  (void)f;
#if defined(__x86_64__) || defined(__i386__)
#if defined(FC_HAVE_BURN_AVX512)
  if (f & FC_CPU_AVX512F) return fc__burn_avx512;
#endif
  if (f & FC_CPU_AVX) return fc__burn_avx;
#if defined(__x86_64__)
  return fc__burn_sse2; /* SSE2 is x86-64's baseline, enabled or not in the mask */
#else
  if (f & FC_CPU_SSE2) return fc__burn_sse2;
#endif
#endif
  return fc__burn_base;
#else
  return burn_c;
#endif
}

#if defined(FC_FREESTANDING)
/* The firmware's mask may change (fc_init_features): chosen on each call. */
fc__burn_fn fc__burn_get(void) { return burn_choose(); }
#else
/* The probed features never change once read: the choice is made once
   (any thread may make it; all make the same). */
static _Atomic(fc__burn_fn) chosen;
fc__burn_fn fc__burn_get(void) {
  fc__burn_fn f = atomic_load_explicit(&chosen, memory_order_relaxed);
  if (f == NULL) {
    f = burn_choose();
    atomic_store_explicit(&chosen, f, memory_order_relaxed);
  }
  return f;
}
#endif
