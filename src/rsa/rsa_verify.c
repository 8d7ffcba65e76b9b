/*
 * RSASSA-PKCS1-v1_5 verification (RFC 8017 section 8.2.2) and the raw public
 * operation. The modexp result is never parsed: the whole expected encoding
 * EM = 00 01 FF..FF 00 || DigestInfo || digest (at least 8 FF bytes) is
 * compared with it at every byte position, which keeps out the e = 3
 * forgeries that parsing verifiers accept (Bleichenbacher, CRYPTO 2006 rump
 * session). Every check is accumulated and decided once at the end.
 * A kernel with verify_f4 (avx512ifma, e = 2^k + 1, up to 4160 bits) makes
 * the same comparison in its Montgomery form: s^e mod n = EM as
 * K (s^e + D) = A K mod n, EM = A - D (src/bn/mont_ifma_body.h), which saves
 * the entry product of the exponentiation.
 *
 * Stack: fc_rsa_verify and fc_rsa_public put their workspace on the stack,
 * sized for the modulus maximum: for e = 2^k + 1 (3, 65537) the largest
 * need of the kernels built (VERIFY_WS_F4), FC_RSA_VERIFY_WORKSPACE_BYTES
 * otherwise; see docs/firmware.md "Stack".
 */
#include "rsa/rsa_internal.h"

/* DigestInfo DER prefixes, RFC 8017 section 9.2, note 1, end to end in
   fc_hash_alg order: SHA-1's 15 bytes, then 19 bytes for each SHA-2 and
   SHA-3 hash (OIDs 2.16.840.1.101.3.4.2.n: SHA-512/224 and /256 are .5 and
   .6, SHA3-224 to SHA3-512 .7 to .10). Static data, not built on the
   stack: fc_rsa_verify's frame is live beside every kernel's exponentiation. */
static const uint8_t digest_infos[15 + 10 * 19] = {
    /* FC_SHA1 */ 0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00,
    0x04, 0x14,
    /* FC_SHA224 */ 0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c,
    /* FC_SHA256 */ 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
    /* FC_SHA384 */ 0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30,
    /* FC_SHA512 */ 0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40,
    /* FC_SHA512_224 */ 0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x05, 0x05, 0x00, 0x04, 0x1c,
    /* FC_SHA512_256 */ 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x06, 0x05, 0x00, 0x04, 0x20,
    /* FC_SHA3_224 */ 0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x07, 0x05, 0x00, 0x04, 0x1c,
    /* FC_SHA3_256 */ 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x08, 0x05, 0x00, 0x04, 0x20,
    /* FC_SHA3_384 */ 0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x09, 0x05, 0x00, 0x04, 0x30,
    /* FC_SHA3_512 */ 0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x0a, 0x05, 0x00, 0x04, 0x40,
};
static const uint8_t digest_lens[] = {
    [FC_SHA1] = 20,     [FC_SHA224] = 28,     [FC_SHA256] = 32,     [FC_SHA384] = 48,
    [FC_SHA512] = 64,   [FC_SHA512_224] = 28, [FC_SHA512_256] = 32, [FC_SHA3_224] = 28,
    [FC_SHA3_256] = 32, [FC_SHA3_384] = 48,   [FC_SHA3_512] = 64};

size_t fc_hash_len(fc_hash_alg hash) {
  if ((unsigned)hash < FC_SHA1 || (unsigned)hash > FC_SHA3_512) return 0;
  return digest_lens[hash];
}

/* The DigestInfo prefix of a known hash; *len gets its length. */
static const uint8_t *digest_info(fc_hash_alg hash, size_t *len) {
  *len = hash == FC_SHA1 ? 15 : 19;
  return hash == FC_SHA1 ? digest_infos : digest_infos + 15 + 19 * (hash - FC_SHA224);
}

static size_t words_of(const fc_rsa_pubkey *key) { return key->mont.nwords; }

/* Checks the key and the signature's length and range; loads it into r. */
static fc_err load_input(const fc_rsa_pubkey *key, uint32_t *r, const uint8_t *in, size_t in_len) {
  if (in_len != key->nbytes) return FC_ERR_SIG;
  fc__bn_from_be(r, words_of(key), in, in_len);
  if (fc__bn_cmp(r, key->mont.n, words_of(key)) >= 0) return FC_ERR_SIG;
  return FC_OK;
}

/*
 * Workspace layout: up to 3 bytes to align, the result words (4 nwords
 * bytes), then the kernel's modpow workspace (its own alignment slack
 * included in its need). So the need holds at any alignment of ws.
 */
static size_t ws_need(const fc_rsa_pubkey *key) {
  const fc__mont_kernel *k = key->mont.kernel;
  return 3 + 4 * (size_t)words_of(key) + fc__modpow_ws_need(k, &key->mont, key->e, key->e_len);
}

/* The result words in ws (the layout above); *used: the bytes up to their
   end, where the kernel's workspace starts. */
static inline __attribute__((always_inline)) uint32_t *ws_words(const fc_rsa_pubkey *key,
                                                                void *ws, size_t *used) {
  uint32_t *r = FC__ALIGN_UP(ws, 4);
  *used = (size_t)((uint8_t *)r - (uint8_t *)ws) + 4 * (size_t)words_of(key);
  return r;
}

/* r = in^e mod n into ws (ws_len >= ws_need(key) checked by the caller). */
static inline __attribute__((always_inline)) fc_err public_op(const fc_rsa_pubkey *key,
                                                              const uint8_t *in, size_t in_len,
                                                              void *ws, size_t ws_len,
                                                              uint32_t **out) {
  const fc__mont_kernel *k = key->mont.kernel;
  size_t used;
  uint32_t *r = ws_words(key, ws, &used);
  fc_err rc = load_input(key, r, in, in_len);
  if (rc != FC_OK) return rc;
  rc = k->modpow(&key->mont, r, r, key->e, key->e_len, (uint8_t *)ws + used, ws_len - used);
  *out = r;
  return rc;
}

static int key_ready(const fc_rsa_pubkey *key) {
  return key->nbytes != 0 && key->mont.kernel != NULL && key->e_len != 0;
}

/* For rsa_pss.c: see fc_internal.h. */
int fc__rsa_key_ready(const fc_rsa_pubkey *key) { return key_ready(key); }

fc_err fc__rsa_public_op(const fc_rsa_pubkey *key, const uint8_t *in, size_t in_len, void *ws,
                         size_t ws_len, uint32_t **out) {
  if (ws_len < ws_need(key)) return FC_ERR_ARG;
  return public_op(key, in, in_len, ws, ws_len, out);
}

size_t fc_rsa_workspace_size(const fc_rsa_pubkey *key) {
  if (key == NULL || !key_ready(key)) return 0;
  return ws_need(key);
}

#if defined(FC_HAVE_AVX512IFMA)
/* The comparison in the kernel's Montgomery form (fc__mont_kernel's
   verify_f4), after verify_core's checks; FC_ERR_UNSUPPORTED when the
   key's kernel has none or the key no constants for it. Out of line, so
   that verify_core's frame, live beside every kernel's exponentiation,
   does not hold its locals (the x86-64 -O2 firmware build's sse2
   verification peaks 28 bytes under its stack bound). */
__attribute__((noinline)) static fc_err verify_in_kernel(const fc_rsa_pubkey *key,
                                                         const uint8_t *prefix, size_t plen,
                                                         const uint8_t *digest, size_t dlen,
                                                         const uint8_t *sig, size_t sig_len,
                                                         void *ws, size_t ws_len) {
  const fc__mont_kernel *k = key->mont.kernel;
  if (k->verify_f4 == NULL) return FC_ERR_UNSUPPORTED;
  size_t used;
  uint32_t *r = ws_words(key, ws, &used);
  fc_err rc = load_input(key, r, sig, sig_len);
  if (rc != FC_OK) return rc;
  return k->verify_f4(&key->mont, r, fc__modpow_f4_squarings(key->e, key->e_len), prefix, plen,
                      digest, dlen, (uint8_t *)ws + used, ws_len - used);
}
#endif

/* fc_rsa_verify_ws after fc_init and the checks of key (non-NULL, ready). */
static fc_err verify_core(const fc_rsa_pubkey *key, fc_hash_alg hash, const uint8_t *digest,
                          size_t digest_len, const uint8_t *sig, size_t sig_len, void *ws,
                          size_t ws_len) {
  if (digest == NULL || sig == NULL || ws == NULL) return FC_ERR_ARG;
  size_t dlen = fc_hash_len(hash);
  if (dlen == 0 || digest_len != dlen) return FC_ERR_ARG;
  /* argument errors first: a short workspace is FC_ERR_ARG whatever the verdict */
  if (ws_len < ws_need(key)) return FC_ERR_ARG;
  /* A key that names its hash (.vbpubk) verifies with that hash only: a
     caller taking the hash from image metadata cannot be downgraded. */
  if (key->hash != 0 && key->hash != (int32_t)hash) return FC_ERR_SIG;
  size_t nbytes = key->nbytes, plen;
  const uint8_t *prefix = digest_info(hash, &plen);
  /* 00 01 PS(>= 8 x FF) 00 T */
  if (nbytes < 11 + plen + dlen) return FC_ERR_SIG;
  uint32_t *r;
  fc_err rc;
#if defined(FC_HAVE_AVX512IFMA)
  rc = verify_in_kernel(key, prefix, plen, digest, dlen, sig, sig_len, ws, ws_len);
  if (rc != FC_ERR_UNSUPPORTED) return rc;
#endif
  rc = public_op(key, sig, sig_len, ws, ws_len, &r);
  if (rc != FC_OK) return rc;

  /* EM by significance in r (byte p is bits 8p..8p+7; r < n < 2^(8 nbytes)):
     digest at [0, dlen), prefix at [dlen, tlen), 00 at tlen, FF at
     [tlen + 1, hi) with hi = nbytes - 2 (at least 8 bytes, checked above),
     01 at hi, 00 at nbytes - 1. Public data: compared in variable time,
     digest and prefix in one loop, PS in another, a whole word at a time
     where aligned. */
#define EM_BYTE(p) ((r[(p) / 4] >> (8 * ((p) % 4))) & 0xffu)
  size_t tlen = plen + dlen, hi = nbytes - 2, p;
  uint32_t diff = 0;
  for (p = 0; p < tlen; p++)
    diff |= EM_BYTE(p) ^ (p < dlen ? digest[dlen - 1 - p] : prefix[tlen - 1 - p]);
  diff |= EM_BYTE(tlen) | (EM_BYTE(hi) ^ 0x01u) | EM_BYTE(hi + 1);
  for (p = tlen + 1; p < hi; p++) {
    if (p % 4 == 0 && p + 4 <= hi) {
      diff |= r[p / 4] ^ 0xffffffffu;
      p += 3;
    } else
      diff |= EM_BYTE(p) ^ 0xffu;
  }
#undef EM_BYTE
  return diff == 0 ? FC_OK : FC_ERR_SIG;
}

fc_err fc_rsa_verify_ws(const fc_rsa_pubkey *key, fc_hash_alg hash, const uint8_t *digest,
                        size_t digest_len, const uint8_t *sig, size_t sig_len, void *ws,
                        size_t ws_len) {
  fc_init();
  if (key == NULL || !key_ready(key)) return FC_ERR_ARG;
  return verify_core(key, hash, digest, digest_len, sig, sig_len, ws, ws_len);
}

/*
 * fc_rsa_verify and fc_rsa_public with workspace on the stack. For
 * e = 2^k + 1 fc_rsa_verify's frame is the smallest tier that holds the
 * key's need (alignment, result words and its kernel's workspace at 8192
 * bits: fc_internal.h), so a key on a portable kernel costs half the stack
 * of one on a SIMD kernel; any other exponent, and fc_rsa_public, get the
 * whole FC_RSA_VERIFY_WORKSPACE_BYTES (a wider window) or the largest
 * e = 2^k + 1 tier. A kernel with a larger need adds its figure to the SIMD
 * tier's maximum. Each tier is one frame: the buffer, then verify_core.
 */
#define MAX_(a, b) ((a) > (b) ? (a) : (b))
#define TIER(kernel_ws) (3 + 4 * FC_MONT_MAX_WORDS + (kernel_ws))
#define TIER_SCALAR32 TIER(FC__WS_F4_SCALAR32)
#if defined(FC_HAVE_SCALAR64) || defined(FC_HAVE_MULX)
#define TIER_MONT64 TIER(FC__WS_F4_MONT64)
#else
#define TIER_MONT64 TIER_SCALAR32
#endif
#if defined(FC_HAVE_AVX512IFMA)
#define TIER_IFMA TIER(FC__WS_F4_AVX512IFMA)
#else
#define TIER_IFMA TIER_MONT64
#endif
#if defined(FC_HAVE_SSE2) && defined(FC_HAVE_NEON)
#define TIER_SIMD TIER(MAX_(FC__WS_F4_SSE2, FC__WS_F4_NEON))
#elif defined(FC_HAVE_SSE2)
#define TIER_SIMD TIER(FC__WS_F4_SSE2)
#elif defined(FC_HAVE_NEON)
#define TIER_SIMD TIER(FC__WS_F4_NEON)
#else
#define TIER_SIMD TIER_MONT64
#endif
#define TIER_ANY FC_RSA_VERIFY_WORKSPACE_BYTES(FC_RSA_MAX_BITS)

#define VERIFY_ON_STACK(name, bytes)                                                           \
  __attribute__((noinline)) static fc_err name(const fc_rsa_pubkey *key, fc_hash_alg hash,     \
                                               const uint8_t *digest, size_t digest_len,       \
                                               const uint8_t *sig, size_t sig_len) {           \
    FC__WORKSPACE(ws, bytes); /* kernels align their own slices */                             \
    return verify_core(key, hash, digest, digest_len, sig, sig_len, &ws, sizeof(ws));          \
  }
VERIFY_ON_STACK(verify_scalar32, TIER_SCALAR32)
#if TIER_MONT64 > TIER_SCALAR32
VERIFY_ON_STACK(verify_mont64, TIER_MONT64)
#endif
#if TIER_IFMA > TIER_MONT64
VERIFY_ON_STACK(verify_ifma, TIER_IFMA)
#endif
#if TIER_SIMD > TIER_MONT64
VERIFY_ON_STACK(verify_simd, TIER_SIMD)
#endif
#if defined(FC_HAVE_ANY_EXPONENT)
VERIFY_ON_STACK(verify_any, TIER_ANY)
#endif

fc_err fc_rsa_verify(const fc_rsa_pubkey *key, fc_hash_alg hash, const uint8_t *digest,
                     size_t digest_len, const uint8_t *sig, size_t sig_len) {
  fc_init();
  if (key == NULL || !key_ready(key)) return FC_ERR_ARG;
#if defined(FC_HAVE_ANY_EXPONENT)
  if (fc__modpow_min_slots(key->e, key->e_len) == 1)
#endif
  { /* without FC_WITH_ANY_EXPONENT every key has e = 2^k + 1 */
    size_t need = ws_need(key);
    if (need <= TIER_SCALAR32) return verify_scalar32(key, hash, digest, digest_len, sig, sig_len);
#if TIER_MONT64 > TIER_SCALAR32
    if (need <= TIER_MONT64) return verify_mont64(key, hash, digest, digest_len, sig, sig_len);
#endif
#if TIER_IFMA > TIER_MONT64
    if (need <= TIER_IFMA) return verify_ifma(key, hash, digest, digest_len, sig, sig_len);
#endif
#if TIER_SIMD > TIER_MONT64
    if (need <= TIER_SIMD) return verify_simd(key, hash, digest, digest_len, sig, sig_len);
#endif
  }
#if defined(FC_HAVE_ANY_EXPONENT)
  return verify_any(key, hash, digest, digest_len, sig, sig_len);
#else
  return FC_ERR_ARG; /* not reached: the largest tier holds every kernel's need */
#endif
}

/* in^e mod n to out with ws_len bytes of workspace. */
static fc_err public_to(const fc_rsa_pubkey *key, const uint8_t *in, size_t in_len, uint8_t *out,
                        void *ws, size_t ws_len) {
  if (ws_len < ws_need(key)) return FC_ERR_ARG;
  uint32_t *r;
  fc_err rc = public_op(key, in, in_len, ws, ws_len, &r);
  if (rc != FC_OK) return rc;
  fc__bn_to_be(out, key->nbytes, r, words_of(key));
  return FC_OK;
}

#define PUBLIC_ON_STACK(name, bytes)                                                           \
  __attribute__((noinline)) static fc_err name(const fc_rsa_pubkey *key, const uint8_t *in,   \
                                               size_t in_len, uint8_t *out) {                  \
    FC__WORKSPACE(ws, bytes);                                                                  \
    return public_to(key, in, in_len, out, &ws, sizeof(ws));                                   \
  }
PUBLIC_ON_STACK(public_f4, TIER_SIMD)
PUBLIC_ON_STACK(public_any, TIER_ANY)

fc_err fc_rsa_public(const fc_rsa_pubkey *key, const uint8_t *in, size_t in_len, uint8_t *out) {
  fc_init();
  if (key == NULL || in == NULL || out == NULL || !key_ready(key)) return FC_ERR_ARG;
  if (in_len != key->nbytes) return FC_ERR_ARG;
  if (fc__modpow_min_slots(key->e, key->e_len) == 1) return public_f4(key, in, in_len, out);
  return public_any(key, in, in_len, out);
}
