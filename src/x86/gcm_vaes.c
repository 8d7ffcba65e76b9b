/*
 * Stitched GCM body for the `vaes` + `vpclmul` pair on 512-bit registers:
 * 32 counter blocks (eight registers) through VAES per iteration while
 * the GHASH of 32 ciphertext blocks (the previous iteration's when
 * encrypting, this one's when decrypting) runs in the same round loop:
 * one register's four products per round in rounds 1-8 (AES has at least
 * 9 middle rounds), one reduction per iteration. Method: aes_vaes_impl.h, ghash_vpclmul.h. Flags -mvaes
 * -mvpclmulqdq -maes -mpclmul -mavx512f -mavx512bw: needs the union of
 * both kernels' needs. The counter steps by 32-bit lane adds on its
 * byte-reflected form: exactly inc32, no branch on it.
 */
#include "ghash_vpclmul.h"
#include "aes_vaes_512.h"
#include "aes_internal.h"

#define GN 8 /* registers per iteration */

static inline void counters(__m512i *c, __m512i b[GN]) {
  for (int i = 0; i < GN; i++, *c = _mm512_add_epi32(*c, FCV_STEP)) b[i] = fcz_bswap(*c);
}

/* AES on b[8] interleaved with the GHASH of x[8] (reflected; y not yet
   in): register j's four products in round j + 1, one reduction. */
static inline __m128i rounds_ghash(const __m128i *rk, unsigned nr, __m512i b[GN],
                                   const uint64_t *hd, const __m512i x[GN], __m128i y) {
  fcz_acc a;
  fcz_zero(&a);
  __m512i k0 = FCV_BCAST(&rk[0]);
  for (int i = 0; i < GN; i++) b[i] = _mm512_xor_si512(b[i], k0);
  /* rounds 1..8 carry one register's products each (constant trip count:
     unrolled, so x[] stays in registers); the rest are plain rounds */
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 8
#endif
  for (int j = 0; j < GN; j++) {
    __m512i k = FCV_BCAST(&rk[j + 1]);
    for (int i = 0; i < GN; i++) b[i] = _mm512_aesenc_epi128(b[i], k);
    fcz_mul_acc(&a, j == 0 ? _mm512_xor_si512(x[0], fcz_lane0(y)) : x[j], fcz_pow(hd, 4 * j));
  }
  for (unsigned r = GN + 1; r < nr; r++) {
    __m512i k = FCV_BCAST(&rk[r]);
    for (int i = 0; i < GN; i++) b[i] = _mm512_aesenc_epi128(b[i], k);
  }
  __m512i kl = FCV_BCAST(&rk[nr]);
  for (int i = 0; i < GN; i++) b[i] = _mm512_aesenclast_epi128(b[i], kl);
  return fcz_reduce(&a);
}

/* Fewer than 32 blocks: four at a time, then one at a time. */
static void tail(const fc_aes_key *key, __m512i *c, __m128i *y, const uint8_t *in, uint8_t *out,
                 size_t n, int enc) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  for (; n >= 4; n -= 4, in += 64, out += 64) {
    __m512i b[1] = {fcz_bswap(*c)}, x = _mm512_loadu_si512(in);
    *c = _mm512_add_epi32(*c, FCV_STEP);
    FCV_ROUNDS(FCV_ENC, rk, key->rounds, b, 1);
    __m512i o = _mm512_xor_si512(x, b[0]);
    _mm512_storeu_si512(out, o);
    __m512i g = fcz_bswap(enc ? o : x);
    *y = fcz_ghash_group(hd, *y, &g, 1);
  }
  __m128i c1 = _mm512_castsi512_si128(*c), h1 = fcx_ld((const uint8_t *)hd + 16 * (FCZ_HPOW - 1));
  for (; n > 0; n--, in += 16, out += 16, c1 = _mm_add_epi32(c1, _mm_set_epi32(0, 0, 0, 1))) {
    __m128i x = fcx_ld(in), o = _mm_xor_si128(x, fcx_enc1(rk, key->rounds, fcx_bswap(c1)));
    fcx_st(out, o);
    *y = fcx_gfmul(_mm_xor_si128(*y, fcx_bswap(enc ? o : x)), h1);
  }
  *c = _mm512_broadcast_i32x4(c1); /* lane 0 is what the caller reads back */
}

/*
 * The stitched loop over whole groups of 4 GN blocks (bulk) is a function
 * of its own, shared by the streaming kernels (run) and the one-shot
 * (seal), so a one-shot message under 512 bytes touches only seal's small
 * frame.
 *
 * One-shot GCM (fc__gcm_seal_kernel, aes_internal.h). The rest (under 32 blocks) is one
 * group: each register's AES and XOR, its bytes loaded and stored under a
 * byte mask (the padding of a partial block is zero, as GHASH wants), its
 * four products accumulated with the powers that put every block, the
 * lengths block L last, in one sum: one reduction for the whole group,
 * y entering with its first block. E(K, J0) is the top lane of the
 * group's last register when that has a free lane (any message whose
 * group is not a whole number of registers, 16 bytes among them); else
 * one block beside it. Masks depend on lengths only (public).
 */
static FC__NOINLINE void bulk(const fc_aes_key *key, __m512i *cp, __m128i *yp, const uint8_t *in,
                              uint8_t *out, size_t n, int enc) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  __m512i c = *cp, x[GN];
  __m128i y = *yp;
  int have_prev = 0;
  for (; n >= 4 * GN; n -= 4 * GN, in += 64 * GN, out += 64 * GN) {
    __m512i b[GN], raw[GN];
    counters(&c, b);
    if (!enc) {
      for (int i = 0; i < GN; i++) { /* all input read before in == out is written */
        raw[i] = _mm512_loadu_si512(in + 64 * i);
        x[i] = fcz_bswap(raw[i]);
      }
      y = rounds_ghash(rk, key->rounds, b, hd, x, y);
      for (int i = 0; i < GN; i++) _mm512_storeu_si512(out + 64 * i, _mm512_xor_si512(b[i], raw[i]));
      continue;
    }
    if (have_prev) {
      y = rounds_ghash(rk, key->rounds, b, hd, x, y);
    } else {
      FCV_ROUNDS(FCV_ENC, rk, key->rounds, b, GN);
    }
    for (int i = 0; i < GN; i++) {
      __m512i o = _mm512_xor_si512(b[i], _mm512_loadu_si512(in + 64 * i));
      _mm512_storeu_si512(out + 64 * i, o);
      x[i] = fcz_bswap(o);
    }
    have_prev = 1;
  }
  if (have_prev) y = fcz_ghash_group(hd, y, x, GN);
  *cp = c;
  *yp = y;
}

/* The stitched kernels' entry: whole groups of 4 GN blocks in bulk, the
   rest in tail. */
static void run(const fc_aes_key *key, uint8_t ctr[16], uint8_t yb[16], const uint8_t *in,
                uint8_t *out, size_t n, int enc) {
  __m512i c = _mm512_add_epi32(fcz_bswap(FCV_BCAST(ctr)), FCV_LANE_IDX);
  __m128i y = fcx_bswap(fcx_ld(yb));
  size_t whole = n / (4 * GN) * (4 * GN);
  bulk(key, &c, &y, in, out, whole, enc);
  tail(key, &c, &y, in + 16 * whole, out + 16 * whole, n - whole, enc);
  fcx_st(ctr, fcx_bswap(_mm512_castsi512_si128(c)));
  fcx_st(yb, fcx_bswap(y));
}

static void gcm_enc(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                    uint8_t *out, size_t n) {
  run(key, ctr, y, in, out, n, 1);
  FC__VWIPE();
}

static void gcm_dec(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
                    uint8_t *out, size_t n) {
  run(key, ctr, y, in, out, n, 0);
  FC__VWIPE();
}

static inline __mmask64 bytes_mask(size_t n) { /* n <= 64 */
  return n >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << n) - 1);
}

/* D[t .. t + 3] (ghash_vpclmul.h: D[t] = H^(32 - t)), the lanes past D[31]
   zero (read under a mask: no byte past hdata is touched). */
static inline __m512i pow_at(const uint64_t *hd, size_t t) {
  if (t + 3 <= 31) return fcz_pow(hd, (int)t);
  return _mm512_maskz_loadu_epi64((__mmask8)((1u << (2 * (32 - t))) - 1), (const uint8_t *)hd + 16 * t);
}

static void seal(const fc_aes_key *key, const uint8_t iv[12], const uint8_t *aad, size_t aad_len,
                 const uint8_t *in, uint8_t *out, size_t len, uint8_t tag[16], int enc) {
  const __m128i *rk = fcx_ek(key);
  const uint64_t *hd = key->hdata;
  const unsigned nr = key->rounds;
  const __m128i h1 = fcx_ld((const uint8_t *)hd + 16 * (FCZ_HPOW - 1));
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
  size_t done = 0;
  if (len >= FC__GCM_SEAL_SMALL) {
    done = len / FC__GCM_SEAL_SMALL * FC__GCM_SEAL_SMALL;
    bulk(key, &c, &y, in, out, done / 16, enc);
  }
  /* the group: rb < 512 bytes, md blocks, then L */
  size_t rb = len - done, md = (rb + 15) / 16, m = md + 1;
  int with_l = m <= 32;            /* L joins the group's sum */
  size_t mt = with_l ? m : md;     /* blocks in the sum */
  size_t nv = (md + 3) / 4;        /* registers */
  int folded = md % 4 != 0;        /* E(J0) in the last register's top lane */
  __m128i ej0 = _mm_setzero_si128();
  if (!folded) ej0 = fcx_enc1(rk, nr, j0);
  const __m128i lr = _mm_set_epi64x((long long)((uint64_t)aad_len * 8), (long long)((uint64_t)len * 8));
  fcz_acc a;
  fcz_zero(&a);
  in += done;
  out += done;
  for (size_t j = 0; j < nv; j++, in += 64, out += 64) {
    size_t nb = rb - 64 * j;
    __mmask64 bm = bytes_mask(nb);
    __m512i b[1] = {fcz_bswap(c)};
    c = _mm512_add_epi32(c, FCV_STEP);
    if (folded && j + 1 == nv) b[0] = _mm512_inserti32x4(b[0], j0, 3);
    FCV_ROUNDS(FCV_ENC, rk, nr, b, 1);
    __m512i x = _mm512_maskz_loadu_epi8(bm, in);
    __m512i o = _mm512_xor_si512(x, b[0]);
    if (nb >= 64)
      _mm512_storeu_si512(out, o);
    else
      _mm512_mask_storeu_epi8(out, bm, o);
    __m512i g = fcz_bswap(enc ? _mm512_maskz_mov_epi8(bm, o) : x);
    if (j == 0) g = _mm512_xor_si512(g, fcz_lane0(y));
    fcz_mul_acc(&a, g, pow_at(hd, 32 - mt + 4 * j)); /* H^(mt - 4j) .. */
    if (folded && j + 1 == nv) ej0 = _mm512_extracti32x4_epi32(b[0], 3);
  }
  if (with_l) {
    __m128i l = md == 0 ? _mm_xor_si128(lr, y) : lr;
    fcz_mul_acc(&a, fcz_lane0(l), fcz_lane0(h1));
    y = fcz_reduce(&a);
  } else {
    y = fcz_reduce(&a);
    y = fcx_gfmul(_mm_xor_si128(y, lr), h1);
  }
  fcx_st(tag, _mm_xor_si128(fcx_bswap(y), ej0));
  FC__VWIPE();
}

const fc__gcm_kernel fc__gcm_vaes = {
    {"vaes+vpclmul", FCV_NEEDS | FC_CPU_VPCLMUL | FC_CPU_PCLMUL},
    &fc__aes_vaes, &fc__ghash_vpclmul, gcm_enc, gcm_dec, FC__STACK(2496, 3968, 0),
};

const fc__gcm_seal_kernel fc__gcm_vaes_seal = {&fc__gcm_vaes, seal, FC__STACK(448, 384, 0),
                                               FC__STACK(3072, 2624, 0)};
