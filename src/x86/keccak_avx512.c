/*
 * Keccak-f[1600] on one state (op FC_OP_KECCAK), AVX-512F/VL: each of the
 * 25 lanes in element 0 of its own vector register (AVX-512 has 32, so
 * the state, the column parities and most of the round's temporaries stay
 * in registers), running the plain round of src/keccak_round.h (FIPS 202
 * section 3.2) with VPTERNLOGQ for the column parities (0x96, a ^ b ^ c)
 * and chi (0xd2, a ^ (~b & c)) and VPROLQ for theta's and rho's rotations
 * (Intel SDM vol. 2): about 95 vector instructions a round, no shuffles.
 * This is the layout armv8 uses (src/aarch64/keccak_armv8.c).
 * A plane per zmm register (lanes 5y .. 5y + 4 in qwords 0..4: theta's
 * parities as two VPTERNLOGQ over the planes, rho as VPROLVQ, pi as
 * VPERMT2Q/VPERMQ gathers, chi's neighbours as VPERMQ) was written and
 * measured slower here: its three dependent cross-lane permutes a round
 * cost more than the four times as many logic operations save
 * (docs/sha3.md "Kernels").
 * absorb keeps the lanes in registers across blocks. x86-64 only.
 * Stack: at most the descriptor's figure (a few lanes spill); vector and
 * mask registers zeroed before return (src/vwipe.h).
 */
#include <immintrin.h>

#include "fc_internal.h"
#include "keccak_round.h"
#include "vwipe.h"

#define KT __m128i
#define KXOR(a, b) _mm_xor_si128(a, b)
#define KPAR5(a, b, c, d, e) _mm_ternarylogic_epi64(_mm_ternarylogic_epi64(a, b, c, 0x96), d, e, 0x96)
#define KROL(a, n) ((n) ? _mm_rol_epi64(a, (n) & 63) : (a))
#define KD(l, r) KXOR(l, _mm_rol_epi64(r, 1))
#define KXROL(a, d, n) KROL(KXOR(a, d), n)
#define KCHI(b0, b1, b2) _mm_ternarylogic_epi64(b0, b1, b2, 0xd2)
#define KIOTA(a, rc) KXOR(a, _mm_cvtsi64_si128((long long)(rc)))

#define LANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
  M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
#define DECL(i) __m128i a##i = _mm_loadl_epi64((const __m128i *)(st + (i))), e##i;
#define STORE(i) _mm_storel_epi64((__m128i *)(st + (i)), a##i);
#define ABSORB(i) \
  if (8 * (i) < rate) a##i = KXOR(a##i, _mm_loadl_epi64((const __m128i *)(in + 8 * (i))));

/* in NULL: permute only (nblocks times) */
static void absorb(uint64_t st[25], const uint8_t *in, size_t nblocks, size_t rate) {
  LANES(DECL)
  for (; nblocks; nblocks--) {
    if (in != NULL) {
      LANES(ABSORB)
      in += rate;
    }
    for (int r = 0; r < 24; r += 2) {
      FC__KECCAK_ROUND(a, e, fc__keccak_rc[r]);
      FC__KECCAK_ROUND(e, a, fc__keccak_rc[r + 1]);
    }
  }
  LANES(STORE)
  FC__VWIPE();
}

static void permute(uint64_t st[25]) { absorb(st, NULL, 1, 0); }

/* Measured (-fstack-usage, -O2, -O3, -Os; permute adds its 8 bytes and a
   return address to absorb's): gcc 12 136 bytes, clang 14 none (no
   spill); the figures add a quarter and 64 bytes. No i686 build (the
   third figure is gcc's). */
const fc__keccak_kernel fc__keccak_avx512 = {
    {"avx512", FC_CPU_AVX512F | FC_CPU_AVX512VL | FC_CPU_AVX2 | FC_CPU_AVX | FC_CPU_SSE41 |
                   FC_CPU_SSSE3 | FC_CPU_SSE2},
    permute, absorb, FC__STACK(320, 128, 320)};
