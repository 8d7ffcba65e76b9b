/*
 * Keccak-f[1600] on one state (op FC_OP_KECCAK), AVX-512F/VL: each of the
 * 25 lanes in qword 0 of its own vector register, VPTERNLOGQ for the
 * column parities (0x96, a ^ b ^ c) and chi (b0 ^ (~b1 & b2)), VPROLQ for
 * theta's and rho's rotations (Intel SDM vol. 2): 95 logic and rotate
 * instructions a round, no shuffles. The rounds are assembly
 * (src/x86/keccak_avx512.S, written by tools/gen-keccak-avx512.py, which
 * allocates the registers, orders the round plane by plane and says why).
 * A plane per zmm register (lanes 5y .. 5y + 4 in qwords 0..4: theta's
 * parities as two VPTERNLOGQ over the planes, rho as VPROLVQ, pi as
 * VPERMT2Q/VPERMQ gathers, chi's neighbours as VPERMQ) was written and
 * measured slower here: its three dependent cross-lane permutes a round
 * cost more than the four times as many logic operations save
 * (docs/sha3.md "Kernels").
 * absorb keeps the lanes in registers across blocks. x86-64 only.
 * Stack: the return address (absorb and permute tail-call the assembly,
 * which uses none); zmm0-31 zeroed before return by the assembly (no mask
 * register is used).
 */
#include "hash/hash_internal.h"

void fc__keccak_avx512_absorb(uint64_t st[25], const uint8_t *in, size_t nblocks, size_t rate,
                              const uint64_t rc[24]);

static void absorb(uint64_t st[25], const uint8_t *in, size_t nblocks, size_t rate) {
  fc__keccak_avx512_absorb(st, in, nblocks, rate, fc__keccak_rc);
}

static void permute(uint64_t st[25]) { fc__keccak_avx512_absorb(st, NULL, 1, 0, fc__keccak_rc); }

/* Measured 8 bytes (gcc 12 -O2/-O3/-Os, -fstack-usage), plus a quarter and
   64 bytes. No i686 build (the third figure is gcc's). */
const fc__keccak_kernel fc__keccak_avx512 = {
    {"avx512", FC_CPU_AVX512F | FC_CPU_AVX512VL | FC_CPU_AVX2 | FC_CPU_AVX | FC_CPU_SSE41 |
                   FC_CPU_SSSE3 | FC_CPU_SSE2},
    permute, absorb, FC__STACK(80, 80, 80)};
