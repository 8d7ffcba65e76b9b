/*
 * The AES kernel (fc__aes_kernel) over the vector code of aes_vaes_impl.h,
 * for the file that included a width header first (aes_vaes_512.h or
 * aes_vaes_256.h: FCV_AES_NAME, FCV_AES_STR, FCV_NEEDS). One kernel per
 * including file: aes_vaes.c (512-bit), aes_vaes256.c (256-bit).
 */
#ifndef FC_AES_VAES_KERNEL_H
#define FC_AES_VAES_KERNEL_H

#ifndef FC_AES_VAES_IMPL_H
#error "include aes_vaes_512.h or aes_vaes_256.h first"
#endif

static void v_setkey(fc_aes_key *key, const uint8_t *k) {
  fcx_setkey(key, k);
  FC__VWIPE();
}

static void v_ecb_enc(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  fcv_ecb(fcx_ek(key), key->rounds, in, out, n, 1);
  FC__VWIPE();
}

static void v_ecb_dec(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t n) {
  fcv_ecb(fcx_dk(key), key->rounds, in, out, n, 0);
  FC__VWIPE();
}

static void v_cbc_enc(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                      size_t n) {
  fcx_cbc_enc(fcx_ek(key), key->rounds, iv, in, out, n);
  FC__VWIPE();
}

static void v_cbc_dec(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                      size_t n) {
  fcv_cbc_dec(fcx_dk(key), key->rounds, iv, in, out, n);
  FC__VWIPE();
}

static void v_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                  size_t n) {
  fcv_ctr(fcx_ek(key), key->rounds, ctr, in, out, n);
  FC__VWIPE();
}

const fc__aes_kernel FCV_AES_NAME = {
    {FCV_AES_STR, FCV_NEEDS}, v_setkey, v_ecb_enc, v_ecb_dec, v_cbc_enc, v_cbc_dec, v_ctr,
    FCV_STACK,
};

#endif
