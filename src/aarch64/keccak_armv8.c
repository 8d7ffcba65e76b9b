/*
 * Keccak-f[1600] on one state with the ARMv8.2 SHA3 instructions (op
 * FC_OP_KECCAK; FEAT_SHA3, -march=armv8.2-a+sha3): EOR3 for the column
 * parities, RAX1 for theta's D, XAR for theta's XOR and rho's rotation in
 * one, BCAX for chi. Each lane is element 0 of a 128-bit register (the
 * instructions have no 64-bit form), the plain round of src/hash/keccak_round.h.
 * Stack: at most the descriptor's figure (25 lanes fit v0-v31 with the
 * temporaries, the rest spills); vector registers zeroed before return.
 */
#include <arm_neon.h>

#include "hash/hash_internal.h"
#include "hash/keccak_round.h"
#include "core/vwipe.h"

#define KT uint64x2_t
#define KPAR5(a, b, c, d, e) veor3q_u64(veor3q_u64(a, b, c), d, e)
#define KD(l, r) vrax1q_u64(l, r)
/* rol(a ^ d, n) = ror(a ^ d, 64 - n) */
#define KXROL(a, d, n) vxarq_u64(a, d, (64 - (n)) & 63)
#define KCHI(b0, b1, b2) vbcaxq_u64(b0, b2, b1)
#define KIOTA(a, rc) veorq_u64(a, vdupq_n_u64(rc))

#define LANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
  M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
#define DECL(i) uint64x2_t a##i = vdupq_n_u64(st[i]), e##i;
#define STORE(i) st[i] = vgetq_lane_u64(a##i, 0);

static void rounds(uint64_t st[25]) {
  LANES(DECL)
  for (int r = 0; r < 24; r += 2) {
    FC__KECCAK_ROUND(a, e, fc__keccak_rc[r]);
    FC__KECCAK_ROUND(e, a, fc__keccak_rc[r + 1]);
  }
  LANES(STORE)
}

static void permute(uint64_t st[25]) {
  rounds(st);
  FC__VWIPE();
}

static void absorb(uint64_t st[25], const uint8_t *in, size_t nblocks, size_t rate) {
  for (; nblocks--; in += rate) {
    for (size_t i = 0; i < rate / 8; i++) st[i] ^= fc__le64(in + 8 * i);
    rounds(st);
  }
  FC__VWIPE();
}

/* Measured (-fstack-usage): gcc rounds 176 + absorb 80, clang 272 + 160
   bytes; the figures add a quarter and 64 bytes. */
const fc__keccak_kernel fc__keccak_armv8 = {{"armv8", FC_CPU_NEON | FC_CPU_ARM_SHA3}, permute,
                                            absorb, FC__STACK(384, 640, 640)};
