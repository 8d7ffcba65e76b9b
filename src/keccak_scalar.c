/*
 * Keccak-f[1600] (FIPS 202 section 3), portable C: 64-bit lanes with lane
 * complementing (src/keccak_round.h). On i686 the compiler splits each lane
 * into two 32-bit halves; bit interleaving was not taken (docs/kernels.md
 * "Keccak"). Ops FC_OP_KECCAK (one state) and FC_OP_KECCAK_X (several, one
 * after another). Lanes are little-endian: byte i of the state is byte
 * i % 8 of lane i / 8 (FIPS 202 section 3.1.2 with the bit order of B.1).
 */
#include "fc_internal.h"
#include "keccak_round.h"

#define KT uint64_t
#define KPAR5(a, b, c, d, e) ((a) ^ (b) ^ (c) ^ (d) ^ (e))
#define KROL(a, n) ((n) ? (((a) << ((n) & 63)) | ((a) >> ((64 - (n)) & 63))) : (a))
#define KD(l, r) ((l) ^ KROL(r, 1))
#define KXROL(a, d, n) KROL((a) ^ (d), n)
#define KXOR(a, b) ((a) ^ (b))
#define KAND(a, b) ((a) & (b))
#define KOR(a, b) ((a) | (b))
#define KNOT(a) (~(a))
#define KIOTA(a, rc) ((a) ^ (rc))

#define LANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
  M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
#define DECL(i) uint64_t a##i = st[i], e##i;
#define STORE(i) st[i] = a##i;

static void permute(uint64_t st[25]) {
  LANES(DECL)
  FC__KECCAK_LC_MASK(a);
  for (int r = 0; r < 24; r += 2) {
    FC__KECCAK_ROUND_LC(a, e, fc__keccak_rc[r]);
    FC__KECCAK_ROUND_LC(e, a, fc__keccak_rc[r + 1]);
  }
  FC__KECCAK_LC_MASK(a);
  LANES(STORE)
}

static void absorb(uint64_t st[25], const uint8_t *in, size_t nblocks, size_t rate) {
  for (; nblocks--; in += rate) {
    for (size_t i = 0; i < rate / 8; i++) st[i] ^= fc__le64(in + 8 * i);
    permute(st);
  }
}

static void absorb_x(uint64_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks,
                     size_t rate) {
  for (size_t s = 0; s < n; s++) {
    if (in != NULL)
      absorb(st[s], in[s], nblocks, rate);
    else
      for (size_t b = 0; b < nblocks; b++) permute(st[s]);
  }
}

/* Stack figures: the most measured (-fstack-usage, gcc and clang -O2, -O3,
   -Os: absorb 96 + permute 152 on x86-64, 96 + 208 on AArch64, absorb_x
   up to 160 more; i686 gcc: permute 960) plus a quarter and 64 bytes,
   rounded up to 64. */
const fc__keccak_kernel fc__keccak_scalar = {{"scalar", 0}, permute, absorb,
                                             FC__STACK(512, 512, 1408)};
const fc__keccak_x_kernel fc__keccak_x_scalar = {{"scalar", 0}, 1, absorb_x,
                                                 FC__STACK(640, 640, 1600)};
