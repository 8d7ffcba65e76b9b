/*
 * Static inline AES-NI and PCLMULQDQ helpers for the x86 AES/GHASH kernel
 * files (each compiled with its own -m flags; static inline only, so no
 * ISA-specific copy can leak to other files). Include after <immintrin.h>.
 *
 * AES-NI: Intel, "Intel Advanced Encryption Standard (AES) New
 * Instructions Set", white paper 323641 (Gueron), sections 4-5: key
 * expansion, the equivalent inverse cipher (AESIMC on the middle round
 * keys), parallel modes. Round keys are expanded with AESENCLAST on a
 * broadcast word (ShiftRows is then the identity): FIPS 197 section 5.2
 * for every key length, constant time.
 *
 * GHASH: Gueron and Kounavis, "Intel Carry-Less Multiplication Instruction
 * and its Usage for Computing the GCM Mode", white paper 323640, sections
 * 4-5: blocks byte-reflected into 128-bit integers, Karatsuba products,
 * the 256-bit result shifted left by one and reduced modulo
 * x^128 + x^7 + x^2 + x + 1; aggregated reduction (one reduction per
 * group of blocks, Y = (Y + X1) H^n + X2 H^(n-1) + ... + Xn H).
 *
 * kdata layout (aesni, vaes): encryption round keys 0..Nr at bytes
 * 0..16 Nr + 15; decryption round keys (equivalent inverse cipher) from
 * byte 240. hdata layout (pclmul, vpclmul): H^i for i = 1..FC_X86_HPOW at
 * 16 (i - 1), byte-reflected; then (hi ^ lo) of each power in both halves.
 */
#ifndef FC_AES_X86_H
#define FC_AES_X86_H

#include <immintrin.h>
#include <stdint.h>

#include "aes/aes_key_expand.h"

#define FC_X86_DEC_OFF 15 /* decryption keys start at kdata block 15 */
#define FC_X86_HPOW 16     /* H^1..H^16 */

static inline __m128i fcx_ld(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void fcx_st(void *p, __m128i v) { _mm_storeu_si128((__m128i *)p, v); }

static inline const __m128i *fcx_ek(const fc_aes_key *key) {
  return (const __m128i *)(const void *)key->kdata;
}
static inline const __m128i *fcx_dk(const fc_aes_key *key) {
  return (const __m128i *)(const void *)key->kdata + FC_X86_DEC_OFF;
}

/* SubWord(w) for a little-endian 32-bit word: AESENCLAST on the broadcast
   word, whose ShiftRows moves nothing. */
static inline uint32_t fcx_subword(uint32_t w) {
  __m128i x = _mm_aesenclast_si128(_mm_set1_epi32((int)w), _mm_setzero_si128());
  return (uint32_t)_mm_cvtsi128_si32(x);
}

/* FIPS 197 section 5.2 on little-endian words, then AESIMC for decryption. */
static inline void fcx_setkey(fc_aes_key *key, const uint8_t *k) {
  uint32_t w[60];
  unsigned nr = key->rounds;
  fc__aes_expand_key(w, k, key->key_len / 4, nr, fcx_subword);
  __m128i *ek = (__m128i *)(void *)key->kdata, *dk = ek + FC_X86_DEC_OFF;
  for (unsigned r = 0; r <= nr; r++) fcx_st(&ek[r], fcx_ld(w + 4 * r));
  fcx_st(&dk[0], fcx_ld(&ek[nr]));
  for (unsigned r = 1; r < nr; r++) fcx_st(&dk[r], _mm_aesimc_si128(fcx_ld(&ek[nr - r])));
  fcx_st(&dk[nr], fcx_ld(&ek[0]));
  memset(w, 0, sizeof(w));
  __asm__ __volatile__("" : : "r"(w) : "memory"); /* keep the wipe */
}

static inline __m128i fcx_enc1(const __m128i *rk, unsigned nr, __m128i x) {
  x = _mm_xor_si128(x, fcx_ld(&rk[0]));
  for (unsigned r = 1; r < nr; r++) x = _mm_aesenc_si128(x, fcx_ld(&rk[r]));
  return _mm_aesenclast_si128(x, fcx_ld(&rk[nr]));
}

static inline __m128i fcx_dec1(const __m128i *rk, unsigned nr, __m128i x) {
  x = _mm_xor_si128(x, fcx_ld(&rk[0]));
  for (unsigned r = 1; r < nr; r++) x = _mm_aesdec_si128(x, fcx_ld(&rk[r]));
  return _mm_aesdeclast_si128(x, fcx_ld(&rk[nr]));
}

/*
 * CBC encryption, serial by nature: the chain is only the AES rounds. The
 * next plaintext block and round key 0 are folded into the last round key
 * (AESENCLAST(s, kl ^ p' ^ k0) is already the next block's state after
 * round 0), and the ciphertext is recovered off the chain.
 */
static inline void fcx_cbc_enc(const __m128i *rk, unsigned nr, uint8_t iv[16], const uint8_t *in,
                               uint8_t *out, size_t n) {
  const __m128i k0 = fcx_ld(&rk[0]), kl = fcx_ld(&rk[nr]);
  __m128i c = fcx_ld(iv);
  if (n == 0) return;
  __m128i s = _mm_xor_si128(_mm_xor_si128(c, fcx_ld(in)), k0);
  for (size_t i = 0; i < n; i++, in += 16, out += 16) {
    for (unsigned r = 1; r < nr; r++) s = _mm_aesenc_si128(s, fcx_ld(&rk[r]));
    if (i + 1 < n) {
      __m128i m = _mm_xor_si128(fcx_ld(in + 16), k0); /* read before out (in == out) */
      s = _mm_aesenclast_si128(s, _mm_xor_si128(kl, m));
      c = _mm_xor_si128(s, m);
    } else {
      c = _mm_aesenclast_si128(s, kl);
    }
    fcx_st(out, c);
  }
  fcx_st(iv, c);
}

/* Byte reversal of a block (SSSE3). */
static inline __m128i fcx_bswap(__m128i x) {
  return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* Low 64 bits of a big-endian 128-bit counter block. */
static inline uint64_t fcx_ctr_lo(const uint8_t ctr[16]) {
  uint64_t v = 0;
  for (int i = 8; i < 16; i++) v = v << 8 | ctr[i];
  return v;
}

#endif
