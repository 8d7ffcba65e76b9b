/*
 * Keccak-f[1600] (FIPS 202 section 3), portable C with lane complementing
 * (src/hash/keccak_round.h). Ops FC_OP_KECCAK (one state) and FC_OP_KECCAK_X
 * (several, one after another). Lanes are little-endian: byte i of the
 * state is byte i % 8 of lane i / 8 (FIPS 202 section 3.1.2 with the bit
 * order of B.1).
 * 64-bit targets keep 64-bit lanes. i686 keeps each lane bit-interleaved
 * (Keccak team, "Keccak implementation overview", section 2.1): its even
 * bits in one 32-bit word, its odd bits in another, so a 64-bit rotation
 * is two 32-bit rotations (and a swap for odd amounts) instead of four
 * shifts and two ORs. Lanes are interleaved on the way into a call and
 * back on the way out; measured 1.7x faster per permutation than split
 * 64-bit lanes with gcc 12 on i686 (docs/sha3.md "Kernels").
 */
#include "hash/hash_internal.h"
#include "keccak_round.h"

#define LANES(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
  M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)

#if !defined(__i386__)
#include "keccak_plain64.h"

static void permute(uint64_t st[25]) { fc__keccak_permute64(st, fc__keccak_rc); }

static void absorb(uint64_t st[25], const uint8_t *in, size_t nblocks, size_t rate) {
  for (; nblocks--; in += rate) {
    for (size_t i = 0; i < rate / 8; i++) st[i] ^= fc__le64(in + 8 * i);
    permute(st);
  }
}
#else
/* A lane as its even bits e and odd bits o (bit i of e is bit 2i). */
typedef struct {
  uint32_t e, o;
} il;
static inline uint32_t rol32(uint32_t x, unsigned n) {
  return (n & 31) ? (x << (n & 31)) | (x >> ((32 - n) & 31)) : x;
}
/* Rotation by n (a constant after inlining) of the 64-bit lane. */
static inline il il_rol(il a, unsigned n) {
  if (n % 2 == 0) return (il){rol32(a.e, n / 2), rol32(a.o, n / 2)};
  return (il){rol32(a.o, n / 2 + 1), rol32(a.e, n / 2)};
}
/* Even bits of w to its low half, odd bits to its high half; and back. */
static inline uint32_t unzip32(uint32_t w) {
  uint32_t t;
  t = (w ^ (w >> 1)) & 0x22222222u, w ^= t ^ (t << 1);
  t = (w ^ (w >> 2)) & 0x0c0c0c0cu, w ^= t ^ (t << 2);
  t = (w ^ (w >> 4)) & 0x00f000f0u, w ^= t ^ (t << 4);
  t = (w ^ (w >> 8)) & 0x0000ff00u, w ^= t ^ (t << 8);
  return w;
}
static inline uint32_t zip32(uint32_t w) {
  uint32_t t;
  t = (w ^ (w >> 8)) & 0x0000ff00u, w ^= t ^ (t << 8);
  t = (w ^ (w >> 4)) & 0x00f000f0u, w ^= t ^ (t << 4);
  t = (w ^ (w >> 2)) & 0x0c0c0c0cu, w ^= t ^ (t << 2);
  t = (w ^ (w >> 1)) & 0x22222222u, w ^= t ^ (t << 1);
  return w;
}
static inline il to_il(uint64_t x) {
  uint32_t lo = unzip32((uint32_t)x), hi = unzip32((uint32_t)(x >> 32));
  return (il){(lo & 0xffffu) | (hi << 16), (lo >> 16) | (hi & 0xffff0000u)};
}
static inline uint64_t from_il(il a) {
  uint32_t lo = (a.e & 0xffffu) | (a.o << 16), hi = (a.e >> 16) | (a.o & 0xffff0000u);
  return (uint64_t)zip32(hi) << 32 | zip32(lo);
}
/* fc__keccak_rc interleaved (each checked by every known-answer test). */
static const il rc_il[24] = {
    {0x00000001u, 0x00000000u}, {0x00000000u, 0x00000089u}, {0x00000000u, 0x8000008bu},
    {0x00000000u, 0x80008080u}, {0x00000001u, 0x0000008bu}, {0x00000001u, 0x00008000u},
    {0x00000001u, 0x80008088u}, {0x00000001u, 0x80000082u}, {0x00000000u, 0x0000000bu},
    {0x00000000u, 0x0000000au}, {0x00000001u, 0x00008082u}, {0x00000000u, 0x00008003u},
    {0x00000001u, 0x0000808bu}, {0x00000001u, 0x8000000bu}, {0x00000001u, 0x8000008au},
    {0x00000001u, 0x80000081u}, {0x00000000u, 0x80000081u}, {0x00000000u, 0x80000008u},
    {0x00000000u, 0x00000083u}, {0x00000000u, 0x80008003u}, {0x00000001u, 0x80008088u},
    {0x00000000u, 0x80000088u}, {0x00000001u, 0x00008000u}, {0x00000000u, 0x80008082u},
};
#define KT il
#define KPAR5(a, b, c, d, f) \
  ((il){(a).e ^ (b).e ^ (c).e ^ (d).e ^ (f).e, (a).o ^ (b).o ^ (c).o ^ (d).o ^ (f).o})
#define KXOR(a, b) ((il){(a).e ^ (b).e, (a).o ^ (b).o})
#define KAND(a, b) ((il){(a).e & (b).e, (a).o & (b).o})
#define KOR(a, b) ((il){(a).e | (b).e, (a).o | (b).o})
#define KNOT(a) ((il){~(a).e, ~(a).o})
#define KROL(a, n) il_rol(a, n)
#define KD(l, r) KXOR(l, KROL(r, 1))
#define KXROL(a, d, n) KROL(KXOR(a, d), n)
#define KIOTA(a, rc) KXOR(a, rc)

#define DECL(i) il a##i = to_il(st[i]), e##i;
#define STORE(i) st[i] = from_il(a##i);
#define ABSORB(i) \
  if (8 * (i) < rate) a##i = KXOR(a##i, to_il(fc__le64(in + 8 * (i))));

/* in NULL: permute only (nblocks times). The lanes stay interleaved across
   the call's blocks. */
static void absorb(uint64_t st[25], const uint8_t *in, size_t nblocks, size_t rate) {
  LANES(DECL)
  for (; nblocks--;) {
    if (in != NULL) {
      LANES(ABSORB)
      in += rate;
    }
    FC__KECCAK_LC_MASK(a);
    for (int r = 0; r < 24; r += 2) {
      FC__KECCAK_ROUND_LC(a, e, rc_il[r]);
      FC__KECCAK_ROUND_LC(e, a, rc_il[r + 1]);
    }
    FC__KECCAK_LC_MASK(a);
  }
  LANES(STORE)
}

static void permute(uint64_t st[25]) { absorb(st, NULL, 1, 0); }
#endif

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
   up to 160 more; i686 gcc, interleaved: absorb 368, test_wipe 412, absorb_x
   36 more) plus a quarter and 64 bytes, rounded up to 64. */
const fc__keccak_kernel fc__keccak_scalar = {{"scalar", 0}, permute, absorb,
                                             FC__STACK(512, 512, 640)};
const fc__keccak_x_kernel fc__keccak_x_scalar = {{"scalar", 0}, absorb_x,
                                                 FC__STACK(640, 640, 704)};
