/*
 * SHA-256 on four independent streams at once (op FC_OP_SHA256_X), AArch64
 * Advanced SIMD (baseline ASIMD, no SHA instructions): stream j in 32-bit
 * lane j of 128-bit registers, the rounds and schedule of
 * src/hash/sha256_x_body.h (FIPS 180-4 section 6.2.2). Rotations are SHL
 * then SRI (shift right and insert); Ch and Maj are BSL (bitwise select:
 * Ch(e, f, g) = e ? f : g, and Maj(a, b, c) = (a ^ b) ? c : b, since where
 * a and b agree the majority is their value). Message words enter by 4x4 transposes of words
 * (TRN1/TRN2 on 32 then 64 bits) after REV32; states by one 4x4 transpose
 * per half each way. n streams run as groups of four; a short last group
 * repeats stream 0 in its empty lanes, whose results are dropped.
 * Stack: at most the descriptor's figure (32 vector registers hold the
 * ring, the state and the temporaries); vector registers zeroed before
 * return (src/core/vwipe.h).
 */
#include <arm_neon.h>

#include "hash/hash_internal.h"
#include "hash/sha256_k.h"
#include "core/vwipe.h"

/* full unrolling: the loops index register arrays */
#define FC__UNROLL _Pragma("GCC unroll 16")

#define V uint32x4_t
#define ADD(a, b) vaddq_u32(a, b)
#define ROR(x, n) vsriq_n_u32(vshlq_n_u32(x, 32 - (n)), x, n)
#define SHR(x, n) vshrq_n_u32(x, n)
#define XOR3(a, b, c) veorq_u32(veorq_u32(a, b), c)
#define CH(e, f, g) vbslq_u32(e, f, g)
/* where a and b differ, c decides; where they agree, either */
#define MAJ(a, b, c) vbslq_u32(veorq_u32(a, b), c, b)
#define KB(t) vdupq_n_u32(fc__sha256_k[t])

/* r[0..3] (row j: 4 words) becomes columns: 4x4 transpose of words. */
static inline __attribute__((always_inline)) void transpose4(V *r) {
  V t0 = vtrn1q_u32(r[0], r[1]), t1 = vtrn2q_u32(r[0], r[1]);
  V t2 = vtrn1q_u32(r[2], r[3]), t3 = vtrn2q_u32(r[2], r[3]);
  r[0] = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));
  r[1] = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));
  r[2] = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)));
  r[3] = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)));
}

static inline __attribute__((always_inline)) void loadw(V w[16], const uint8_t *const *p, size_t off) {
  FC__UNROLL
  for (int q = 0; q < 4; q++) {
    V *r = w + 4 * q;
    FC__UNROLL
    for (int j = 0; j < 4; j++)
      r[j] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p[j] + off + 16 * q)));
    transpose4(r);
  }
}
#define LOADW(w, p, off) loadw(w, p, off)

#include "hash/sha256_x_body.h"

static void group(uint32_t *const *s4, const uint8_t *const *p4, size_t m, size_t nblocks) {
  V s[8];
  FC__UNROLL
  for (int j = 0; j < 4; j++) {
    s[j] = vld1q_u32(s4[j]);
    s[4 + j] = vld1q_u32(s4[j] + 4);
  }
  transpose4(s);     /* H0..H3 */
  transpose4(s + 4); /* H4..H7 */
  s256x_blocks(s, p4, nblocks);
  transpose4(s);
  transpose4(s + 4);
  for (size_t j = 0; j < m; j++) {
    vst1q_u32(s4[j], s[j]);
    vst1q_u32(s4[j] + 4, s[4 + j]);
  }
}

static void compress_x(uint32_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks) {
  uint32_t *s4[4];
  const uint8_t *p4[4];
  for (size_t i = 0; i < n; i += 4) {
    size_t m = n - i < 4 ? n - i : 4;
    for (size_t j = 0; j < 4; j++) {
      s4[j] = st[i + (j < m ? j : 0)];
      p4[j] = in[i + (j < m ? j : 0)];
    }
    group(s4, p4, m, nblocks);
  }
  FC__VWIPE();
}

/* Measured (-fstack-usage, -O2, -O3, -Os): gcc 12 304 to 528 bytes
   (clang 14 for AArch64: 512 to 528); the figures add a quarter and 64
   bytes, rounded up (clang's: twice gcc's measurement, as the other
   AArch64 kernels). AArch64 only (the third figure is gcc's). */
const fc__sha256_x_kernel fc__sha256_x_neon = {{"neon", FC_CPU_NEON}, compress_x, 4,
                                               FC__STACK(768, 1056, 768)};
