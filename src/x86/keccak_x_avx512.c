/*
 * Keccak-f[1600] on eight independent states at once (op FC_OP_KECCAK_X),
 * AVX-512F: lane i of state s in qword s of one zmm register, the plain
 * round of src/hash/keccak_round.h (FIPS 202 section 3.2) with VPTERNLOGQ for
 * the column parities (0x96, a ^ b ^ c) and chi (0xd2, a ^ (~b & c)) and
 * VPROLQ for the rotations (Intel SDM vol. 2). n states (1..8) run in one
 * group: qwords n..7 are masked off, never loaded or stored. Lanes move in
 * and out with masked VPGATHERQQ / VPSCATTERQQ over the states' addresses
 * (byte offsets from the first state, or the first input), and the states
 * stay in registers across a call's blocks. x86-64 only.
 * Stack: at most the descriptor's figure (the 25 lanes and the round's
 * temporaries need more than 32 registers, so some spill); vector and mask
 * registers zeroed before return (src/core/vwipe.h).
 */
#include <immintrin.h>

#include "hash/hash_internal.h"
#include "hash/keccak_round.h"
#include "core/vwipe.h"

#define KT __m512i
#define KXOR(a, b) _mm512_xor_si512(a, b)
#define KPAR5(a, b, c, d, e) \
  _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96)
#define KROL(a, n) ((n) ? _mm512_rol_epi64(a, (n) & 63) : (a))
#define KD(l, r) KXOR(l, _mm512_rol_epi64(r, 1))
#define KXROL(a, d, n) KROL(KXOR(a, d), n)
#define KCHI(b0, b1, b2) _mm512_ternarylogic_epi64(b0, b1, b2, 0xd2)
#define KIOTA(a, rc) KXOR(a, _mm512_set1_epi64((long long)(rc)))

#define LANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
  M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
#define DECL(i) __m512i a##i, e##i;
#define LOAD(i) a##i = _mm512_mask_i64gather_epi64(zero, k, so, s0 + (i), 1);
#define STORE(i) _mm512_mask_i64scatter_epi64(s0 + (i), k, so, a##i, 1);
/* lane i of the n blocks, XORed into a##i, for the lanes of the rate */
#define ABSORB(i) \
  if (8 * (i) < rate) a##i = KXOR(a##i, _mm512_mask_i64gather_epi64(zero, k, io, p0 + 8 * (i), 1));

static void absorb_x(uint64_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks,
                     size_t rate) {
  const __mmask8 k = (__mmask8)((1u << n) - 1);
  const __m512i zero = _mm512_setzero_si512();
  long long sofs[8] = {0}, iofs[8] = {0};
  uint64_t *s0 = st[0];
  const uint8_t *p0 = in != NULL ? in[0] : NULL;
  /* byte offsets from the first state and the first input; only qwords
     < n are ever used */
  for (size_t s = 0; s < n; s++) {
    sofs[s] = (long long)((intptr_t)st[s] - (intptr_t)s0);
    if (p0 != NULL) iofs[s] = (long long)((intptr_t)in[s] - (intptr_t)p0);
  }
  const __m512i so = _mm512_loadu_si512(sofs), io = _mm512_loadu_si512(iofs);
  LANES(DECL)
  LANES(LOAD)
  for (; nblocks--;) {
    if (p0 != NULL) {
      LANES(ABSORB)
      p0 += rate;
    }
    for (int r = 0; r < 24; r += 2) {
      FC__KECCAK_ROUND(a, e, fc__keccak_rc[r]);
      FC__KECCAK_ROUND(e, a, fc__keccak_rc[r + 1]);
    }
  }
  LANES(STORE)
  FC__VWIPE();
}

/* Measured (-fstack-usage, -O2, -O3, -Os): gcc 12 968 to 1,032 bytes,
   clang 14 760; the figures add a quarter and 64 bytes. No i686 build
   (the third figure is gcc's). */
const fc__keccak_x_kernel fc__keccak_x_avx512 = {
    {"avx512", FC_CPU_AVX512F | FC_CPU_AVX512VL | FC_CPU_AVX2 | FC_CPU_AVX | FC_CPU_SSE41 |
                   FC_CPU_SSSE3 | FC_CPU_SSE2},
    absorb_x, FC__STACK(1408, 1024, 1408)};
