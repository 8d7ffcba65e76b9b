/*
 * Keccak-f[1600] on plain 64-bit lanes with lane complementing
 * (src/hash/keccak_round.h): the scalar kernel's form on 64-bit targets
 * (src/hash/keccak_scalar.c), and the form bench/keccak_lanes.c times the i686
 * bit-interleaved lanes against. Defines the round's lane macros (KT ...)
 * for uint64_t lanes and fc__keccak_permute64; an includer uses no other
 * lane type.
 */
#ifndef FC_KECCAK_PLAIN64_H
#define FC_KECCAK_PLAIN64_H

#include <stdint.h>

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

#define FC__K64_LANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
  M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
#define FC__K64_DECL(i) uint64_t a##i = st[i], e##i;
#define FC__K64_STORE(i) st[i] = a##i;

#if defined(FC_COMPACT)
/*
 * The 24 rounds on st, one step mapping at a time over the lanes in place
 * (FIPS 202 section 3.2): the smallest code, for firmware builds. rho and
 * pi walk the lanes other than (0, 0) in the order of fc__keccak_pi_lane
 * (src/hash/keccak_sponge.c); every index comes from the loop counters.
 */
static void fc__keccak_permute64(uint64_t st[25], const uint64_t rc[24]) {
  uint64_t c[5];
  for (int r = 0; r < 24; r++) {
    for (unsigned x = 0; x < 5; x++) c[x] = st[x] ^ st[x + 5] ^ st[x + 10] ^ st[x + 15] ^ st[x + 20];
    for (unsigned x = 0; x < 5; x++) {
      uint64_t d = c[(x + 4) % 5] ^ KROL(c[(x + 1) % 5], 1);
      for (unsigned y = 0; y < 25; y += 5) st[y + x] ^= d;
    }
    uint64_t cur = st[1];
    for (unsigned t = 0; t < 24; t++) {
      unsigned to = fc__keccak_pi_lane[t], rot = fc__keccak_rho_rot[t];
      uint64_t next = st[to];
      st[to] = (cur << rot) | (cur >> (64 - rot)); /* rot in 1 .. 62 */
      cur = next;
    }
    for (unsigned y = 0; y < 25; y += 5) {
      for (unsigned x = 0; x < 5; x++) c[x] = st[y + x];
      for (unsigned x = 0; x < 5; x++) st[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
    }
    st[0] ^= rc[r];
  }
}
#else
/* The 24 rounds on st; rc: the round constants (fc__keccak_rc). */
static void fc__keccak_permute64(uint64_t st[25], const uint64_t rc[24]) {
  FC__K64_LANES(FC__K64_DECL)
  FC__KECCAK_LC_MASK(a);
  for (int r = 0; r < 24; r += 2) {
    FC__KECCAK_ROUND_LC(a, e, rc[r]);
    FC__KECCAK_ROUND_LC(e, a, rc[r + 1]);
  }
  FC__KECCAK_LC_MASK(a);
  FC__K64_LANES(FC__K64_STORE)
}
#endif

#endif
