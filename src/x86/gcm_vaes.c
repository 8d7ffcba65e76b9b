/*
 * Stitched GCM for the `vaes` + `vpclmul` pair on 512-bit registers: the
 * streaming body (fc__gcm_vaes) and the one-shot kernel for 96-bit IVs
 * (fc__gcm_vaes_seal, aes_internal.h). Flags -mvaes -mvpclmulqdq -maes
 * -mpclmul -mavx512f -mavx512bw: the union of both kernels' needs.
 *
 * Bulk: 16 counter blocks (four registers) through VAES per iteration
 * while the GHASH of 16 ciphertext blocks (the previous iteration's when
 * encrypting, this one's when decrypting) runs in the same round loop, one
 * step per middle round (a register's lo and hi products, or its mid ones;
 * then the folds), the rest after the last round: rounds 1-9 for AES-128,
 * 1-11 for AES-192/256 (the bulk is instantiated once for each spread;
 * with rounds 1-9 for every key size, AES-256 decryption at 16 KiB ran at
 * 0.96x BoringSSL's speed, docs/aes.md).
 * Aggregated: iterations go in pairs, the first multiplying by H^32..H^17,
 * the second by H^16..H^1 and reducing (two folds, ghash_vpclmul.h), one
 * reduction per 32 blocks; an odd iteration alone takes H^16..H^1. y joins
 * the sum last in its iteration, so the previous reduction has slack.
 * Encryption leaves the last iteration's 16 blocks unhashed: they join
 * the final group's sum. The code is instantiated once for encryption and
 * once for decryption (constants after inlining, so the arrays of
 * registers stay in registers at -O2, -O3 and -Os alike).
 *
 * Final group (under 32 blocks, with the pending 16 when there are any):
 * each register's AES and XOR, its bytes loaded and stored under a byte
 * mask (the padding of a partial block is zero, as GHASH wants), its four
 * products accumulated with the powers that put every block, the lengths
 * block L last, in one sum: one reduction for the whole group, y entering
 * with its first block. E(K, J0) is the top lane of the group's last
 * register when that has a free lane; else one block beside it. Masks
 * depend on lengths only (public).
 *
 * The counter steps by 32-bit lane adds on its byte-reflected form:
 * exactly inc32, no branch on it. Method: aes_vaes_impl.h, ghash_vpclmul.h.
 */
#include "ghash_vpclmul.h"
#include "aes_vaes_512.h"
#include "aes/aes_internal.h"

#define GB 4 /* registers per bulk iteration: 16 blocks */

/* Loops over registers and rounds unrolled at every optimisation level, so
   the arrays of registers stay in registers (the stack figures rely on it). */
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
/* Instrumented builds (sanitizers, fuzzing) may keep a loop rolled; their
   stack is not scanned (test_wipe skips them), and a normal build whose
   loops stayed rolled would fail test_wipe's kernel stack figures. */
#pragma clang diagnostic ignored "-Wpass-failed"
#else
#define UNROLL _Pragma("GCC unroll 16")
#endif

FCZ_INLINE __m512i rk_at(const __m128i *rk, unsigned r) { return FCV_BCAST(&rk[r]); }

FCZ_INLINE void aes_round(__m512i b[GB], __m512i k) {
  UNROLL
  for (int i = 0; i < GB; i++) b[i] = _mm512_aesenc_epi128(b[i], k);
}

/* GB counter blocks, round 0 applied; *c advances by 4 GB. */
FCZ_INLINE void counters(__m512i *c, __m512i b[GB], __m512i k0) {
  UNROLL
  for (int i = 0; i < GB; i++, *c = _mm512_add_epi32(*c, FCV_STEP))
    b[i] = _mm512_xor_si512(fcz_bswap(*c), k0);
}

/* Rounds 8 .. nr - 1 and the last one (nr = 10, 12 or 14, a constant
   after inlining: bulk is instantiated once per key size, so no branch
   divides the rounds and b[] stays in registers). */
FCZ_INLINE void rounds_rest(const __m128i *rk, unsigned nr, __m512i b[GB], const __m512i kl[GB]) {
  for (unsigned r = 8; r < nr; r++) aes_round(b, rk_at(rk, r));
  UNROLL
  for (int i = 0; i < GB; i++) b[i] = _mm512_aesenclast_epi128(b[i], kl[i]);
}

/* GHASH of 16 reflected blocks x[] in steps, one per AES round, so that
   the products are interleaved with the rounds in program order too (the
   scheduler's window holds about half an iteration): step k < 8 is a
   register's lo and hi products (k even) or its mid ones (k odd), x[0]
   last; step 8 and 9 the two folds, step 10 the lane sum into *y.
   Modes: G_FULL, the 16 blocks alone (H^16 .. H^1, y joins x[0], reduced:
   11 steps); G_HIGH, the first half of 32 blocks (H^32 .. H^17, y joins,
   8 steps: left in *a); G_LOW, the second half (H^16 .. H^1 added to *a,
   then reduced: 11 steps). One reduction per 32 blocks in pairs. */
enum { G_FULL, G_HIGH, G_LOW };

FCZ_INLINE void ghash_step(int k, int mode, fcz_acc *a, const uint64_t *hd, const __m512i x[GB],
                           __m128i *y) {
  static const int reg[8] = {1, 1, 2, 2, 3, 3, 0, 0};
  if (k < 8) {
    int j = reg[k], init = mode != G_LOW && k < 2;
    __m512i h = fcz_pow(hd, (mode == G_HIGH ? 0 : 16) + 4 * j);
    __m512i v = j == 0 && mode != G_LOW ? _mm512_xor_si512(x[0], fcz_lane0(*y)) : x[j];
    if (k % 2 == 0) {
      __m512i lo = _mm512_clmulepi64_epi128(v, h, 0x00), hi = _mm512_clmulepi64_epi128(v, h, 0x11);
      a->lo = init ? lo : _mm512_xor_si512(a->lo, lo);
      a->hi = init ? hi : _mm512_xor_si512(a->hi, hi);
    } else {
      __m512i m0 = _mm512_clmulepi64_epi128(v, h, 0x01), m1 = _mm512_clmulepi64_epi128(v, h, 0x10);
      a->mid = init ? _mm512_xor_si512(m0, m1) : _mm512_ternarylogic_epi64(a->mid, m0, m1, 0x96);
    }
  } else if (k == 8) {
    a->mid = fcz_fold_lo(a->lo, a->mid);
  } else if (k == 9) {
    a->hi = fcz_fold_mid(a->mid, a->hi);
  } else {
    *y = fcz_sum_lanes(a->hi);
  }
}

/* Rounds 1..nr of b[] (round 0 applied; kl[] the last round's keys) with
   the GHASH of x[] in `mode`: step r - 1 in round r, the steps left after
   the last round. */
FCZ_INLINE void rounds_ghash(const __m128i *rk, const unsigned nr, const unsigned mid,
                             __m512i b[GB], const __m512i kl[GB], int mode, fcz_acc *a,
                             const uint64_t *hd, const __m512i x[GB], __m128i *y) {
  const int steps = mode == G_HIGH ? 8 : 11;
  UNROLL
  for (unsigned r = 1; r <= mid; r++) {
    aes_round(b, rk_at(rk, r));
    if ((int)r - 1 < steps) ghash_step((int)r - 1, mode, a, hd, x, y);
  }
  for (unsigned r = mid + 1; r < nr; r++) aes_round(b, rk_at(rk, r));
  UNROLL
  for (int i = 0; i < GB; i++) b[i] = _mm512_aesenclast_epi128(b[i], kl[i]);
  UNROLL
  for (int k = (int)mid; k < steps; k++) ghash_step(k, mode, a, hd, x, y);
}

/* Plain rounds 1..nr (round 0 applied). */
FCZ_INLINE void rounds_plain(const __m128i *rk, unsigned nr, __m512i b[GB], const __m512i kl[GB]) {
  UNROLL
  for (unsigned r = 1; r < 8; r++) aes_round(b, rk_at(rk, r));
  rounds_rest(rk, nr, b, kl);
}

/* ng >= 1 iterations of 16 blocks. Encryption: the last iteration's
   reflected ciphertext is left in x[] for the caller to hash; decryption:
   everything is hashed. */
/* One group of 16 blocks: counters, the last round keys XORed with the
   input (AESENCLAST's own XOR then yields the output: AESENCLAST(s, k ^ p)
   = AESENCLAST(s, k) ^ p), the rounds with the GHASH of g[] in `mode`,
   the output; x[] gets the reflected ciphertext. */
FCZ_INLINE void group16(const __m128i *rk, const unsigned nr, const unsigned mid,
                        const uint64_t *hd, __m512i *c,
                        const uint8_t *in, uint8_t *out, int enc, int mode, fcz_acc *a,
                        __m128i *y, __m512i x[GB]) {
  __m512i b[GB], kl[GB], raw[GB], xd[GB];
  UNROLL
  for (int i = 0; i < GB; i++) { /* all input read before in == out is written */
    raw[i] = _mm512_loadu_si512(in + 64 * i);
    kl[i] = _mm512_xor_si512(rk_at(rk, nr), raw[i]);
    if (!enc) xd[i] = fcz_bswap(raw[i]);
  }
  counters(c, b, rk_at(rk, 0));
  if (mode < 0)
    rounds_plain(rk, nr, b, kl);
  else
    rounds_ghash(rk, nr, mid, b, kl, mode, a, hd, enc ? x : xd, y);
  UNROLL
  for (int i = 0; i < GB; i++) {
    _mm512_storeu_si512(out + 64 * i, b[i]);
    if (enc) x[i] = fcz_bswap(b[i]);
  }
}

/* ng >= 1 groups of 16 blocks, GHASH in pairs (one reduction per 32
   blocks), an odd one alone. Encryption hashes the previous group's
   ciphertext and leaves the last group's in x[] for the caller to hash;
   decryption hashes everything. */
FCZ_INLINE void bulk_nr(const __m128i *rk, const unsigned nr, const unsigned mid,
                        const uint64_t *hd, __m512i *cp, __m128i *yp, const uint8_t *in,
                        uint8_t *out, size_t ng, int enc, __m512i x[GB]) {
  __m512i c = *cp;
  __m128i y = *yp;
  fcz_acc a;
  size_t g = 0;
  if (enc) {
    group16(rk, nr, mid, hd, &c, in, out, 1, -1, &a, &y, x);
    g = 1;
  }
  for (; g + 1 < ng; g += 2) {
    group16(rk, nr, mid, hd, &c, in + 256 * g, out + 256 * g, enc, G_HIGH, &a, &y, x);
    group16(rk, nr, mid, hd, &c, in + 256 * (g + 1), out + 256 * (g + 1), enc, G_LOW, &a, &y, x);
  }
  if (g < ng) group16(rk, nr, mid, hd, &c, in + 256 * g, out + 256 * g, enc, G_FULL, &a, &y, x);
  *cp = c;
  *yp = y;
}

/* bulk_nr with the GHASH spread over the middle rounds a key has (the
   key size is public): 9 for AES-128, 11 for AES-192/256, a constant in
   each instance. enc is a constant at every call. */
FCZ_INLINE void bulk(const __m128i *rk, unsigned nr, const uint64_t *hd, __m512i *cp, __m128i *yp,
                     const uint8_t *in, uint8_t *out, size_t ng, int enc, __m512i x[GB]) {
  if (nr == 10)
    bulk_nr(rk, nr, 9, hd, cp, yp, in, out, ng, enc, x);
  else
    bulk_nr(rk, nr, 11, hd, cp, yp, in, out, ng, enc, x);
}

/* The block hi:lo from two 64-bit values, in registers. */
FCZ_INLINE __m128i halves(uint64_t lo, uint64_t hi) {
  return _mm_insert_epi64(_mm_cvtsi64_si128((long long)lo), (long long)hi, 1);
}

/* A block read as two 8-byte loads: the streaming init writes J0 and the
   first counter as two 8-byte stores each (aes_gcm.c, put_j), which a
   16-byte load could not take from the store buffer. */
FCZ_INLINE __m128i ld_halves(const uint8_t *p) {
  uint64_t lo, hi;
  memcpy(&lo, p, 8);
  memcpy(&hi, p + 8, 8);
  return halves(lo, hi);
}

/* The lengths block, reflected: bit counts of the AAD (high half) and
   the text (low half), built in registers (not through the stack, whose
   two 8-byte stores a 16-byte load could not forward). */
FCZ_INLINE __m128i lengths(uint64_t aad_len, uint64_t msg_len) { return halves(msg_len * 8, aad_len * 8); }

FCZ_INLINE __mmask64 bytes_mask(size_t n) { /* n <= 64 */
  return n >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << n) - 1);
}

/* D[t .. t + 3] (ghash_vpclmul.h: D[t] = H^(32 - t) x), the lanes past
   D[31] zero (read under a mask: no byte past hdata is touched). */
FCZ_INLINE __m512i pow_at(const uint64_t *hd, size_t t) {
  if (t + 3 <= 31) return fcz_pow(hd, (int)t);
  return _mm512_maskz_loadu_epi64((__mmask8)((1u << (2 * (32 - t))) - 1), (const uint8_t *)hd + 16 * t);
}

/* w (1 or 4, a constant) registers of the final group: nb bytes from in
   (the last register's under a mask when nb < 64 w), the products with the
   powers from D[t] into *a, y (in *yv) joining the first; with_j0: j0 in
   the top lane of the last register, its encryption into *ej0. */
FCZ_INLINE void text_regs(const __m128i *rk, unsigned nr, const uint64_t *hd, __m512i *c,
                          fcz_acc *a, __m512i *yv, const uint8_t *in, uint8_t *out, size_t nb,
                          const size_t w, int enc, int with_j0, __m128i j0, __m128i *ej0,
                          size_t t) {
  __m512i b[4];
  UNROLL
  for (size_t i = 0; i < w; i++) {
    b[i] = fcz_bswap(*c);
    *c = _mm512_add_epi32(*c, FCV_STEP);
    if (with_j0 && i + 1 == w) b[i] = _mm512_inserti32x4(b[i], j0, 3);
    b[i] = _mm512_xor_si512(b[i], rk_at(rk, 0));
  }
  for (unsigned r = 1; r < nr; r++) {
    __m512i k = rk_at(rk, r);
    UNROLL
    for (size_t i = 0; i < w; i++) b[i] = _mm512_aesenc_epi128(b[i], k);
  }
  UNROLL
  for (size_t i = 0; i < w; i++) {
    size_t n = nb - 64 * i;
    __mmask64 bm = bytes_mask(n);
    __m512i bl = _mm512_aesenclast_epi128(b[i], rk_at(rk, nr));
    __m512i x = _mm512_maskz_loadu_epi8(bm, in + 64 * i);
    __m512i o = _mm512_xor_si512(x, bl);
    if (n >= 64)
      _mm512_storeu_si512(out + 64 * i, o);
    else
      _mm512_mask_storeu_epi8(out + 64 * i, bm, o);
    __m512i g = fcz_bswap(enc ? _mm512_maskz_mov_epi8(bm, o) : x);
    fcz_mul_acc(a, _mm512_xor_si512(g, *yv), pow_at(hd, t + 4 * i));
    *yv = _mm512_setzero_si512();
    if (with_j0 && i + 1 == w) *ej0 = _mm512_extracti32x4_epi32(bl, 3);
  }
}

/*
 * The final group: np pending registers p[] (reflected ciphertext not yet
 * hashed; np = 0 or GB), then rb bytes of text (rb + 16 np < 512), then,
 * when `last`, the lengths block lr and E(K, J0) into *ej0 (j0 as bytes).
 * Returns y over all of them. The counter *c advances by 4 per register.
 */
FCZ_INLINE __m128i group(const __m128i *rk, unsigned nr, const uint64_t *hd, __m512i *c,
                            __m128i y, const __m512i *p, size_t np, const uint8_t *in,
                            uint8_t *out, size_t rb, int enc, int last, __m128i lr, __m128i j0,
                            __m128i *ej0) {
  size_t md = (rb + 15) / 16, pb = 4 * np;
  int with_l = last && pb + md + 1 <= 32; /* L joins the group's sum */
  size_t mt = pb + md + (size_t)with_l;   /* blocks in the sum */
  size_t nv = (md + 3) / 4;               /* registers of text */
  int folded = last && md % 4 != 0;       /* E(J0) in the last register's top lane */
  if (last && !folded) *ej0 = fcx_enc1(rk, nr, j0);
  fcz_acc a;
  fcz_zero(&a);
  __m512i yv = fcz_lane0(y); /* joins the first register of the sum */
  UNROLL
  for (size_t j = 0; j < np; j++) {
    fcz_mul_acc(&a, _mm512_xor_si512(p[j], yv), fcz_pow(hd, (int)(32 - mt + 4 * j)));
    yv = _mm512_setzero_si512();
  }
  /* registers four at a time (their rounds side by side), then one at a
     time; j0 rides in the top lane of the last one when folded */
  size_t j = 0;
  for (; nv - j >= 4; j += 4, in += 256, out += 256)
    text_regs(rk, nr, hd, c, &a, &yv, in, out, rb - 64 * j, 4, enc, folded && j + 4 == nv, j0,
              ej0, 32 - mt + pb + 4 * j);
  for (; j < nv; j++, in += 64, out += 64)
    text_regs(rk, nr, hd, c, &a, &yv, in, out, rb - 64 * j, 1, enc, folded && j + 1 == nv, j0,
              ej0, 32 - mt + pb + 4 * j);
  if (with_l) {
    fcz_mul_acc(&a, _mm512_xor_si512(fcz_lane0(lr), yv), fcz_lane0(fcz_h1(hd)));
    return fcz_reduce(&a);
  }
  if (mt == 0) return y; /* nothing (streaming only) */
  y = fcz_reduce(&a);
  if (last) y = fcz_mul1(_mm_xor_si128(y, lr), fcz_h1(hd));
  return y;
}

/* Streaming: nb >= 32 whole blocks, the groups of 16 then the rest. */
static FC__NOINLINE void run_big(const fc_aes_key *key, __m512i *c, __m128i *y, const uint8_t *in,
                                 uint8_t *out, size_t n, int enc) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  __m512i x[GB];
  size_t ng = n / 16;
  const __m128i z = _mm_setzero_si128();
  size_t rb = 16 * (n - 16 * ng);
  if (enc) { /* a constant count: x[] stays in registers */
    bulk(rk, key->rounds, hd, c, y, in, out, ng, 1, x);
    *y = group(rk, key->rounds, hd, c, *y, x, GB, in + 256 * ng, out + 256 * ng, rb, 1, 0, z, z,
               NULL);
  } else {
    bulk(rk, key->rounds, hd, c, y, in, out, ng, 0, x);
    *y = group(rk, key->rounds, hd, c, *y, NULL, 0, in + 256 * ng, out + 256 * ng, rb, 0, 0, z, z,
               NULL);
  }
}

/* The stitched kernels' entry: under 32 blocks one group, else run_big.
   ek0 not NULL: J0 in, E(K, J0) out, its rounds independent of the
   blocks' (the out-of-order core runs them in the AES units' free slots). */
static void run(const fc_aes_key *key, uint8_t ctr[16], uint8_t yb[16], const uint8_t *in,
                uint8_t *out, size_t n, int enc, uint8_t *ek0) {
  if (ek0 != NULL) fcx_st(ek0, fcx_enc1(fcx_ek(key), key->rounds, ld_halves(ek0)));
  __m128i c1 = fcx_bswap(ld_halves(ctr));
  __m512i c = _mm512_add_epi32(_mm512_broadcast_i32x4(c1), FCV_LANE_IDX);
  __m128i y = fcx_bswap(fcx_ld(yb));
  if (n >= 32)
    run_big(key, &c, &y, in, out, n, enc);
  else
    y = group(fcx_ek(key), key->rounds, key->hdata, &c, y, NULL, 0, in, out, 16 * n, enc, 0,
              _mm_setzero_si128(), _mm_setzero_si128(), NULL);
  /* inc32 n times: the low 32 bits alone */
  fcx_st(ctr, fcx_bswap(_mm_add_epi32(c1, _mm_cvtsi32_si128((int)(uint32_t)n))));
  fcx_st(yb, fcx_bswap(y));
}

static void gcm_enc(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                    uint8_t *out, size_t n) {
  run(key, ctr, y, in, out, n, 1, NULL);
  FC__VWIPE();
}

static void gcm_dec(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                    uint8_t *out, size_t n) {
  run(key, ctr, y, in, out, n, 0, NULL);
  FC__VWIPE();
}

/* One shot from 512 bytes: the groups of 16 blocks, then the final group
   with the lengths block and E(J0); the tag into tag. */
static FC__NOINLINE void seal_big(const fc_aes_key *key, __m512i c, __m128i y, const uint8_t *in,
                                  uint8_t *out, size_t len, int enc, __m128i lr, __m128i j0,
                                  uint8_t tag[16]) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  __m512i x[GB];
  size_t ng = len / 256;
  __m128i ej0 = _mm_setzero_si128();
  size_t rb = len - 256 * ng;
  if (enc) { /* a constant count: x[] stays in registers */
    bulk(rk, key->rounds, hd, &c, &y, in, out, ng, 1, x);
    y = group(rk, key->rounds, hd, &c, y, x, GB, in + 256 * ng, out + 256 * ng, rb, 1, 1, lr, j0,
              &ej0);
  } else {
    bulk(rk, key->rounds, hd, &c, &y, in, out, ng, 0, x);
    y = group(rk, key->rounds, hd, &c, y, NULL, 0, in + 256 * ng, out + 256 * ng, rb, 0, 1, lr,
              j0, &ej0);
  }
  fcx_st(tag, _mm_xor_si128(fcx_bswap(y), ej0));
}

static void seal(const fc_aes_key *key, const uint8_t iv[12], const uint8_t *aad, size_t aad_len,
                 const uint8_t *in, uint8_t *out, size_t len, uint8_t tag[16], int enc) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  const unsigned nr = key->rounds;
  /* J0 = IV || 0^31 || 1, as bytes (for E(J0)) and reflected (counters) */
  __m128i j0 = _mm_or_si128(_mm512_castsi512_si128(_mm512_maskz_loadu_epi8(0xFFF, iv)),
                            _mm_set_epi32(0x01000000, 0, 0, 0));
  __m512i c = _mm512_add_epi32(_mm512_broadcast_i32x4(fcx_bswap(j0)),
                               _mm512_add_epi32(FCV_LANE_IDX, _mm512_set_epi32(0, 0, 0, 1, 0, 0, 0, 1,
                                                                               0, 0, 0, 1, 0, 0, 0, 1)));
  __m128i y = _mm_setzero_si128();
  /* AAD: groups of up to 32 blocks, the last one zero-padded, one
     reduction each (no array: every register is loaded, multiplied and
     summed in turn, so nothing is kept on the stack) */
  for (size_t left = aad_len; left > 0;) {
    size_t gb = left < FC__GCM_SEAL_SMALL ? left : FC__GCM_SEAL_SMALL, mt = (gb + 15) / 16;
    fcz_acc a;
    fcz_zero(&a);
    for (size_t j = 0; 64 * j < gb; j++) {
      __m512i g = fcz_bswap(_mm512_maskz_loadu_epi8(bytes_mask(gb - 64 * j), aad + 64 * j));
      if (j == 0) g = _mm512_xor_si512(g, fcz_lane0(y));
      fcz_mul_acc(&a, g, pow_at(hd, 32 - mt + 4 * j));
    }
    y = fcz_reduce(&a);
    aad += gb;
    left -= gb;
  }
  const __m128i lr = lengths(aad_len, len);
  if (len >= FC__GCM_SEAL_SMALL) {
    seal_big(key, c, y, in, out, len, enc, lr, j0, tag);
  } else {
    __m128i ej0 = _mm_setzero_si128();
    y = group(rk, nr, hd, &c, y, NULL, 0, in, out, len, enc, 1, lr, j0, &ej0);
    fcx_st(tag, _mm_xor_si128(fcx_bswap(y), ej0));
  }
  FC__VWIPE();
}

/* Streaming helpers (aes_internal.h). */
static void stream_crypt(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                         uint8_t *out, size_t n, int enc, uint8_t ek0[16]) {
  if (enc)
    run(key, ctr, y, in, out, n, 1, ek0);
  else
    run(key, ctr, y, in, out, n, 0, ek0);
  FC__VWIPE();
}

static void stream_block(const fc_aes_key *key, uint8_t ctr[16], uint8_t ks[16]) {
  __m128i c = fcx_ld(ctr);
  fcx_st(ks, fcx_enc1(fcx_ek(key), key->rounds, c));
  fcx_st(ctr, fcx_bswap(_mm_add_epi32(fcx_bswap(c), _mm_cvtsi32_si128(1)))); /* inc32 */
  FC__VWIPE();
}

static void stream_tag(const fc_aes_key *key, const uint8_t yb[16], const uint8_t *buf,
                       size_t used, uint64_t aad_len, uint64_t msg_len, const uint8_t ek0[16],
                       int enc_j0, uint8_t tag[16]) {
  const uint64_t *hd = key->hdata;
  __m128i ej0 = fcx_ld(ek0);
  if (enc_j0) ej0 = fcx_enc1(fcx_ek(key), key->rounds, ej0); /* beside the product */
  __m128i y = fcx_bswap(fcx_ld(yb));
  const __m128i lr = lengths(aad_len, msg_len);
  if (used != 0) { /* (y + P) H^2 + L H, one reduction */
    __m128i p = _mm512_castsi512_si128(_mm512_maskz_loadu_epi8(bytes_mask(used), buf));
    fcz_acc a;
    fcz_zero(&a);
    __m512i v = _mm512_inserti32x4(fcz_lane0(_mm_xor_si128(y, fcx_bswap(p))), lr, 1);
    fcz_mul_acc(&a, v, _mm512_maskz_loadu_epi64(0xF, (const uint8_t *)hd + 16 * 30));
    y = fcz_reduce(&a);
  } else {
    y = fcz_mul1(_mm_xor_si128(y, lr), fcz_h1(hd));
  }
  fcx_st(tag, _mm_xor_si128(fcx_bswap(y), ej0));
  FC__VWIPE();
}

const fc__gcm_kernel fc__gcm_vaes = {
    {"vaes+vpclmul", FCV_NEEDS | FC_CPU_VPCLMUL | FC_CPU_PCLMUL},
    &fc__aes_vaes, &fc__ghash_vpclmul, gcm_enc, gcm_dec, FC__STACK(1024, 704, 0),
};

const fc__gcm_seal_kernel fc__gcm_vaes_seal = {
    &fc__gcm_vaes,        seal,    stream_block, stream_crypt, stream_tag, FC__STACK(128, 128, 0),
    FC__STACK(384, 512, 0), FC__STACK(1024, 704, 0),
};
