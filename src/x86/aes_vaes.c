/*
 * VAES kernel `vaes` on 512-bit registers (four blocks per register, eight
 * registers in flight: 32 blocks). Code: aes_vaes_impl.h; key layout and
 * schedule: aes_x86.h. Flags -mvaes -maes -mavx512f -mavx512bw: needs
 * VAES, AESNI, AVX512F, AVX512BW and what AVX-512F implies (AVX2, AVX,
 * SSE4.1, SSSE3, SSE2). Stack: under 700 bytes (vectors; counter blocks on
 * the slow path are public).
 */
#include "aes_vaes_512.h"

static void v_setkey(fc_aes_key *key, const uint8_t *k) { fcx_setkey(key, k); }

static void v_ecb_enc(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  fcv_ecb(fcx_ek(key), key->rounds, in, out, n, 1);
}

static void v_ecb_dec(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  fcv_ecb(fcx_dk(key), key->rounds, in, out, n, 0);
}

static void v_cbc_enc(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                      size_t n) {
  fcx_cbc_enc(fcx_ek(key), key->rounds, iv, in, out, n);
}

static void v_cbc_dec(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                      size_t n) {
  fcv_cbc_dec(fcx_dk(key), key->rounds, iv, in, out, n);
}

static void v_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                  size_t n) {
  fcv_ctr(fcx_ek(key), key->rounds, ctr, in, out, n);
}

const fc__aes_kernel FCV_AES_NAME = {
    {FCV_AES_STR, FCV_NEEDS}, v_setkey, v_ecb_enc, v_ecb_dec, v_cbc_enc, v_cbc_dec, v_ctr,
};
