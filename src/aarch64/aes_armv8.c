/*
 * ARMv8 Cryptography Extension AES kernel `armv8`: eight blocks in flight
 * for ECB, CTR and CBC decryption (AESE/AESMC pairs fuse on most cores and
 * have a 2-3 cycle latency). Helpers and layout: aes_armv8.h. Flags
 * -march=armv8-a+crypto, which enable AES, PMULL, SHA-1 and SHA-256
 * together: needs NEON, ARM_AES, ARM_PMULL, ARM_SHA1, ARM_SHA2.
 * Stack: at most the descriptor's `stack` figure (measured: up to 464
 * bytes); burned by the caller; vector registers zeroed before return.
 */
#include "aes_armv8.h"

static void a8_setkey(fc_aes_key *key, const uint8_t *k) {
  fca_setkey(key, k);
  FC__VWIPE();
}

static void a8_ecb_enc(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  const uint8_t *rk = fca_ek(key);
  unsigned nr = key->rounds;
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int i = 0; i < 8; i++) b[i] = fca_ld(in + 16 * i);
    FCA_ROUNDS8(vaeseq_u8, vaesmcq_u8, rk, nr, b);
    for (int i = 0; i < 8; i++) fca_st(out + 16 * i, b[i]);
  }
  for (; n > 0; n--, in += 16, out += 16) fca_st(out, fca_enc1(rk, nr, fca_ld(in)));
  FC__VWIPE();
}

static void a8_ecb_dec(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  const uint8_t *rk = fca_dk(key);
  unsigned nr = key->rounds;
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    uint8x16_t b[8];
    for (int i = 0; i < 8; i++) b[i] = fca_ld(in + 16 * i);
    FCA_ROUNDS8(vaesdq_u8, vaesimcq_u8, rk, nr, b);
    for (int i = 0; i < 8; i++) fca_st(out + 16 * i, b[i]);
  }
  for (; n > 0; n--, in += 16, out += 16) fca_st(out, fca_dec1(rk, nr, fca_ld(in)));
  FC__VWIPE();
}

static void a8_cbc_enc(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                       size_t n) {
  /* Serial by nature: the last round key, the next plaintext block and
     round key 0 are folded into one AESE key (AESE adds its key first),
     so only AESE/AESMC are on the chain; the ciphertext is recovered off
     it. */
  if (n == 0) return; /* before any round key is loaded */
  const uint8_t *rk = fca_ek(key);
  unsigned nr = key->rounds;
  const uint8x16_t k0 = fca_ld(rk), kl = fca_ld(rk + 16 * nr);
  uint8x16_t c = fca_ld(iv);
  uint8x16_t s = veorq_u8(c, fca_ld(in)), k = k0; /* AESE(s, k) runs round 0 */
  for (size_t i = 0; i < n; i++, in += 16, out += 16) {
    s = vaesmcq_u8(vaeseq_u8(s, k));
    for (unsigned r = 1; r + 1 < nr; r++) s = vaesmcq_u8(vaeseq_u8(s, fca_ld(rk + 16 * r)));
    s = vaeseq_u8(s, fca_ld(rk + 16 * (nr - 1)));
    c = veorq_u8(s, kl);
    /* next round 0: AESE(c ^ p', k0) = AESE(s, kl ^ p' ^ k0) */
    if (i + 1 < n) k = veorq_u8(veorq_u8(kl, fca_ld(in + 16)), k0); /* read before out */
    fca_st(out, c);
  }
  fca_st(iv, c);
  FC__VWIPE();
}

static void a8_cbc_dec(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                       size_t n) {
  const uint8_t *rk = fca_dk(key);
  unsigned nr = key->rounds;
  uint8x16_t prev = fca_ld(iv);
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    uint8x16_t c[8], b[8];
    for (int i = 0; i < 8; i++) b[i] = c[i] = fca_ld(in + 16 * i);
    FCA_ROUNDS8(vaesdq_u8, vaesimcq_u8, rk, nr, b);
    fca_st(out, veorq_u8(b[0], prev));
    for (int i = 1; i < 8; i++) fca_st(out + 16 * i, veorq_u8(b[i], c[i - 1]));
    prev = c[7];
  }
  for (; n > 0; n--, in += 16, out += 16) {
    uint8x16_t c = fca_ld(in);
    fca_st(out, veorq_u8(fca_dec1(rk, nr, c), prev));
    prev = c;
  }
  fca_st(iv, prev);
  FC__VWIPE();
}

/* Counter blocks: the low 32-bit word (big-endian) is set per block while
   it cannot wrap within the batch; else full 128-bit carries one by one. */
static void a8_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                   size_t n) {
  const uint8_t *rk = fca_ek(key);
  unsigned nr = key->rounds;
  while (n > 0) {
    size_t m = n < 8 ? n : 8;
    uint8x16_t b[8];
    uint32_t lo = (uint32_t)ctr[12] << 24 | (uint32_t)ctr[13] << 16 | (uint32_t)ctr[14] << 8 | ctr[15];
    if (lo <= UINT32_MAX - 8) {
      uint32x4_t base = vreinterpretq_u32_u8(fca_ld(ctr));
      for (int i = 0; i < 8; i++)
        b[i] = vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(lo + (uint32_t)i), base, 3));
      fc__ctr128_add(ctr, m);
    } else {
      for (int i = 0; i < 8; i++) {
        b[i] = fca_ld(ctr);
        if ((size_t)i < m) fc__ctr128_add(ctr, 1);
      }
    }
    FCA_ROUNDS8(vaeseq_u8, vaesmcq_u8, rk, nr, b);
    for (size_t i = 0; i < m; i++) fca_st(out + 16 * i, veorq_u8(b[i], fca_ld(in + 16 * i)));
    in += 16 * m;
    out += 16 * m;
    n -= m;
  }
  FC__VWIPE();
}

const fc__aes_kernel fc__aes_armv8 = {
    {"armv8", FC_CPU_NEON | FC_CPU_ARM_AES | FC_CPU_ARM_PMULL | FC_CPU_ARM_SHA1 | FC_CPU_ARM_SHA2},
    a8_setkey, a8_ecb_enc, a8_ecb_dec, a8_cbc_enc, a8_cbc_dec, a8_ctr, FC__STACK(672, 1344, 0),
};
