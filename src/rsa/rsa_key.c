/* RSA public keys from raw big-endian numbers and from vboot's formats. */
#include "rsa/rsa_internal.h"

/* Fills *key; on failure *key may hold a part of the new key: the public
   entry points clear it (see fc__key_result). rr_nw = 0: R^2 mod n is
   computed (fc_mont_init); otherwise key->mont.rr already holds the rr of a
   vboot key of rr_nw words with n0inv, taken as given here (fc_mont_init_rr's
   checks; from_keyb checks rr itself). */
static fc_err init_raw(fc_rsa_pubkey *key, const uint8_t *n, size_t n_len, const uint8_t *e,
                       size_t e_len, size_t rr_nw, uint32_t n0inv) {
  if (n == NULL || e == NULL) return FC_ERR_ARG;
  fc__be_strip(&n, &n_len);
  fc__be_strip(&e, &e_len);
  if (n_len == 0 || n_len > FC_RSA_MAX_BYTES) return FC_ERR_KEY;
  uint32_t nbits = 8 * (uint32_t)(n_len - 1);
  for (uint8_t t = n[0]; t; t >>= 1) nbits++;
  if (nbits < FC_RSA_MIN_BITS || nbits > FC_RSA_MAX_BITS || !(n[n_len - 1] & 1)) return FC_ERR_KEY;
  /* e >= 3, odd, e < n (both without leading zeros) */
  if (e_len == 0 || !(e[e_len - 1] & 1) || (e_len == 1 && e[0] < 3)) return FC_ERR_KEY;
  if (e_len > n_len) return FC_ERR_KEY;
  if (fc__modpow_exp_built(e, e_len) != FC_OK) return FC_ERR_UNSUPPORTED; /* FC_WITH_ANY_EXPONENT */
  if (e_len == n_len) {
    size_t i = 0;
    while (i < n_len && e[i] == n[i]) i++;
    if (i == n_len || e[i] > n[i]) return FC_ERR_KEY;
  }
  uint32_t words[FC_MONT_MAX_WORDS];
  size_t nw = (nbits + 31) / 32;
  fc__bn_from_be(words, nw, n, n_len);
  fc_err rc;
  if (rr_nw == 0)
    rc = fc_mont_init(&key->mont, words, nw);
  else if (rr_nw != nw) /* Same R only when n fills all rr_nw words */
    rc = FC_ERR_KEY;
  else /* rr may sit in key->mont.rr: fc_mont_init_rr allows it */
#if !defined(__OPTIMIZE_SIZE__)
    rc = fc_mont_init_rr(&key->mont, words, key->mont.rr, n0inv, nw);
#else
    rc = FC_ERR_ARG; /* -Os: from_keyb passes rr_nw = 0 */
  (void)n0inv;
#endif
  if (rc != FC_OK) return FC_ERR_KEY;
  key->nbytes = (uint32_t)n_len;
  key->e_len = (uint32_t)e_len;
  for (size_t i = 0; i < e_len; i++) key->e[i] = e[i];
  key->hash = 0;
  return FC_OK;
}

fc_err fc__key_result(fc_rsa_pubkey *key, fc_err rc) {
  if (rc != FC_OK) {
    fc__wipe(key, sizeof(*key));
    return rc;
  }
  return FC_OK;
}

/* Opt-in (fastcrypt.h): the kernel's e = 2^k + 1 verification constants
   (fc__mont_kernel's prepare_f4), never computed implicitly: a key may be
   const, in ROM or shared read-only. Called from the application's frame,
   none of the initialisers' above it. */
fc_err fc_rsa_pubkey_prepare(fc_rsa_pubkey *key) {
  fc_init();
  if (key == NULL || !fc__rsa_key_ready(key)) return FC_ERR_ARG;
#if defined(FC_HAVE_AVX512IFMA)
  const fc__mont_kernel *k = key->mont.kernel;
  if (k->prepare_f4 != NULL) k->prepare_f4(&key->mont, fc__modpow_f4_squarings(key->e, key->e_len));
#endif
  return FC_OK;
}

fc_err fc_rsa_pubkey_init(fc_rsa_pubkey *key, const uint8_t *n, size_t n_len, const uint8_t *e,
                          size_t e_len) {
  fc_init();
  if (key == NULL) return FC_ERR_ARG;
  return fc__key_result(key, init_raw(key, n, n_len, e, e_len, 0, 0));
}

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/*
 * .keyb: uint32 nwords, uint32 n0inv, uint32 n[nwords], uint32 rr[nwords],
 * little-endian, least significant word first. Its nwords fixes R.
 */
/* The key from a .keyb of nw words, rr taken as given. Its own frame, so
   n_be has returned before fc__bn_rr_ok's buffers (key set-up stack bound). */
static FC__NOINLINE fc_err keyb_init(fc_rsa_pubkey *key, const uint8_t *buf, uint32_t nw,
                                     uint32_t e) {
  uint8_t n_be[FC_RSA_MAX_BYTES];
  for (size_t i = 0; i < 4 * (size_t)nw; i++) n_be[4 * nw - 1 - i] = buf[8 + i];
  uint8_t e_be[4] = {(uint8_t)(e >> 24), (uint8_t)(e >> 16), (uint8_t)(e >> 8), (uint8_t)e};
#if !defined(__OPTIMIZE_SIZE__)
  for (size_t i = 0; i < FC_MONT_MAX_WORDS; i++) /* init_raw takes rr from here */
    key->mont.rr[i] = i < nw ? le32(buf + 8 + 4 * (nw + i)) : 0;
  return init_raw(key, n_be, 4 * (size_t)nw, e_be, 4, nw, le32(buf + 4));
#else
  /* -Os (firmware's verification-only links): R^2 recomputed by the code
     fc_rsa_pubkey_init links anyway and compared, the smaller code
     (docs/firmware.md "Code size"); firmware's hot path takes vboot's rr
     through fc_mont_init_rr. */
  fc_err rc = init_raw(key, n_be, 4 * (size_t)nw, e_be, 4, 0, 0);
  if (rc != FC_OK) return rc;
  int ok = key->mont.nwords == nw && le32(buf + 4) == key->mont.n0inv;
  for (size_t i = 0; ok && i < nw; i++) ok = le32(buf + 8 + 4 * (nw + i)) == key->mont.rr[i];
  return ok ? FC_OK : FC_ERR_KEY;
#endif
}

static fc_err from_keyb(fc_rsa_pubkey *key, const uint8_t *buf, size_t len, uint32_t e) {
  uint32_t nw = le32(buf);
  if (nw == 0 || nw > FC_MONT_MAX_WORDS || len != 8 + 8 * (size_t)nw) return FC_ERR_KEY;
  fc_err rc = keyb_init(key, buf, nw, e);
  if (rc != FC_OK) return rc;
#if !defined(__OPTIMIZE_SIZE__)
  /* rr checked: by the kernel where it has a cheaper check, else by the
     kernel's own set-up where it has one (avx512ifma above 4128 bits: about
     5 us at 8192 bits on the Zen 5 EPYC, against about 7 us for the generic
     check's nw / 2 reduction rows) and a comparison, else generically */
  const fc__mont_kernel *k = key->mont.kernel;
  int ok = k->rr_ok != NULL ? k->rr_ok(&key->mont) : -1;
  if (ok < 0 && k->init_chain != NULL) {
    k->init_chain(&key->mont);
    ok = 1;
    for (size_t i = 0; i < nw; i++) ok &= le32(buf + 8 + 4 * ((size_t)nw + i)) == key->mont.rr[i];
  }
  if (ok < 0) ok = fc__bn_rr_ok(&key->mont);
  return ok ? FC_OK : FC_ERR_KEY;
#else
  return FC_OK; /* keyb_init compared it */
#endif
}

/* vb2_packed_key algorithm = 3 * size_index + hash_index (vboot 2crypto.h). */
static const struct {
  uint16_t bits;
  uint32_t e;
} vb_sizes[6] = {{1024, 65537}, {2048, 65537}, {4096, 65537},
                 {8192, 65537}, {2048, 3},     {3072, 3}};
static const fc_hash_alg vb_hashes[3] = {FC_SHA1, FC_SHA256, FC_SHA512};

static fc_err from_vboot(fc_rsa_pubkey *key, const uint8_t *buf, size_t len, uint32_t e) {
  if (buf == NULL || len < 8) return FC_ERR_ARG;
  if (8 + 8 * (uint64_t)le32(buf) == len) { /* .keyb */
    if (e != 3 && e != 65537) return FC_ERR_ARG;
    return from_keyb(key, buf, len, e);
  }
  /* .vbpubk: key_offset, key_size, algorithm, key_version at 0, 8, 16, 24 */
  if (len < 32) return FC_ERR_KEY;
  uint32_t off = le32(buf), size = le32(buf + 8), alg = le32(buf + 16);
  if (off < 32 || off > len || size > len - off || size < 8) return FC_ERR_KEY;
  if (alg >= 18) return FC_ERR_KEY;
  uint32_t want_e = vb_sizes[alg / 3].e;
  if (e != 0 && e != want_e) return FC_ERR_ARG;
  fc_err rc = from_keyb(key, buf + off, size, want_e);
  if (rc != FC_OK) return rc;
  if (key->mont.nbits != vb_sizes[alg / 3].bits) return FC_ERR_KEY;
  key->hash = (int32_t)vb_hashes[alg % 3];
  return FC_OK;
}

fc_err fc_rsa_pubkey_from_vboot(fc_rsa_pubkey *key, const uint8_t *buf, size_t len, uint32_t e) {
  fc_init();
  if (key == NULL) return FC_ERR_ARG;
  return fc__key_result(key, from_vboot(key, buf, len, e));
}
