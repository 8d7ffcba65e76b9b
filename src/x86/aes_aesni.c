/*
 * AES-NI kernel `aesni` (x86-64 and i686): eight blocks in flight for ECB,
 * CTR and CBC decryption (AESENC latency 3-4 cycles, throughput 1-2 per
 * cycle: eight independent blocks keep the unit busy; white paper 323641
 * section 5). CBC encryption is serial. Contract: fc_internal.h; layout:
 * aes_x86.h. Flags -maes -mssse3: needs AESNI, SSE2, SSSE3.
 * Stack: at most the descriptor's `stack` figure (measured: 280-344 bytes
 * on x86-64, 436 on i686); the caller burns it, and the vector registers
 * are zeroed before return (fc_internal.h, "Wiping secrets").
 *
 * CTR: the counter is kept byte-reversed (a little-endian 128-bit integer)
 * and eight blocks take +0..+7 on its low 64-bit lane while that lane
 * cannot overflow within the batch; otherwise the batch is built one block
 * at a time with full 128-bit carries.
 */
#include "aes_x86.h"

static void ni_setkey(fc_aes_key *key, const uint8_t *k) {
  fcx_setkey(key, k);
  FC__VWIPE();
}

#define ROUNDS8(op, rk, nr, b)                                    \
  do {                                                            \
    __m128i k0_ = fcx_ld(&(rk)[0]);                               \
    for (int i_ = 0; i_ < 8; i_++) b[i_] = _mm_xor_si128(b[i_], k0_); \
    for (unsigned r_ = 1; r_ < (nr); r_++) {                      \
      __m128i k_ = fcx_ld(&(rk)[r_]);                             \
      for (int i_ = 0; i_ < 8; i_++) b[i_] = _mm_##op##_si128(b[i_], k_); \
    }                                                             \
    __m128i kl_ = fcx_ld(&(rk)[nr]);                              \
    for (int i_ = 0; i_ < 8; i_++) b[i_] = _mm_##op##last_si128(b[i_], kl_); \
  } while (0)

static void ni_ecb_enc(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  const __m128i *rk = fcx_ek(key);
  unsigned nr = key->rounds;
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    __m128i b[8];
    for (int i = 0; i < 8; i++) b[i] = fcx_ld(in + 16 * i);
    ROUNDS8(aesenc, rk, nr, b);
    for (int i = 0; i < 8; i++) fcx_st(out + 16 * i, b[i]);
  }
  for (; n > 0; n--, in += 16, out += 16) fcx_st(out, fcx_enc1(rk, nr, fcx_ld(in)));
  FC__VWIPE();
}

static void ni_ecb_dec(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  const __m128i *rk = fcx_dk(key);
  unsigned nr = key->rounds;
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    __m128i b[8];
    for (int i = 0; i < 8; i++) b[i] = fcx_ld(in + 16 * i);
    ROUNDS8(aesdec, rk, nr, b);
    for (int i = 0; i < 8; i++) fcx_st(out + 16 * i, b[i]);
  }
  for (; n > 0; n--, in += 16, out += 16) fcx_st(out, fcx_dec1(rk, nr, fcx_ld(in)));
  FC__VWIPE();
}

static void ni_cbc_enc(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                       size_t n) {
  fcx_cbc_enc(fcx_ek(key), key->rounds, iv, in, out, n);
  FC__VWIPE();
}

static void ni_cbc_dec(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                       size_t n) {
  const __m128i *rk = fcx_dk(key);
  unsigned nr = key->rounds;
  __m128i prev = fcx_ld(iv);
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    __m128i c[8], b[8];
    for (int i = 0; i < 8; i++) b[i] = c[i] = fcx_ld(in + 16 * i); /* read all before in == out */
    ROUNDS8(aesdec, rk, nr, b);
    fcx_st(out, _mm_xor_si128(b[0], prev));
    for (int i = 1; i < 8; i++) fcx_st(out + 16 * i, _mm_xor_si128(b[i], c[i - 1]));
    prev = c[7];
  }
  for (; n > 0; n--, in += 16, out += 16) {
    __m128i c = fcx_ld(in);
    fcx_st(out, _mm_xor_si128(fcx_dec1(rk, nr, c), prev));
    prev = c;
  }
  fcx_st(iv, prev);
  FC__VWIPE();
}

static void ni_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                   size_t n) {
  const __m128i *rk = fcx_ek(key);
  unsigned nr = key->rounds;
  const __m128i one = _mm_set_epi64x(0, 1);
  while (n > 0) {
    size_t m = n < 8 ? n : 8;
    __m128i b[8];
    if (fcx_ctr_lo(ctr) <= UINT64_MAX - 8) {
      __m128i c = fcx_bswap(fcx_ld(ctr));
      for (int i = 0; i < 8; i++, c = _mm_add_epi64(c, one)) b[i] = fcx_bswap(c);
      fcx_st(ctr, fcx_bswap(_mm_sub_epi64(c, _mm_set_epi64x(0, (long long)(8 - m)))));
    } else {
      for (int i = 0; i < 8; i++) {
        b[i] = fcx_ld(ctr);
        if ((size_t)i < m) fc__ctr128_add(ctr, 1);
      }
    }
    ROUNDS8(aesenc, rk, nr, b);
    for (size_t i = 0; i < m; i++)
      fcx_st(out + 16 * i, _mm_xor_si128(b[i], fcx_ld(in + 16 * i)));
    in += 16 * m;
    out += 16 * m;
    n -= m;
  }
  FC__VWIPE();
}

const fc__aes_kernel fc__aes_aesni = {
    {"aesni", FC_CPU_AESNI | FC_CPU_SSE2 | FC_CPU_SSSE3},
    ni_setkey, ni_ecb_enc, ni_ecb_dec, ni_cbc_enc, ni_cbc_dec, ni_ctr, FC__STACK(512, 448, 640),
};
