/*
 * Same-process comparison of fastcrypt and BoringSSL (tools/bench-boringssl.sh
 * builds it against a BoringSSL the user built elsewhere: BoringSSL's and
 * OpenSSL's symbols clash, so fc_bench cannot link both).
 *
 * For each case the two sides ("A" and "B"; A = fastcrypt, B = BoringSSL,
 * except the streaming case: A = fastcrypt streaming, B = fastcrypt one-shot)
 * are run alternately, round by round (the side that goes first alternates
 * too). Each round is a run of back-to-back calls lasting about -t ms.
 * Reported per side: the MEDIAN and the BEST (lowest) ns/call over the
 * rounds, the matching MB/s, and the ratio speed(A) / speed(B)
 * (= ns(B) / ns(A); > 1 means A is faster), for the medians and the bests.
 *
 * Every call's result is checked; any failure aborts (exit 1). Before any
 * timing, the outputs of the two libraries are compared (ciphertexts, tags,
 * digests, MACs, verification results).
 *
 * ML-DSA-65 and -87 (mldsa65-*, mldsa87-*): bench/mldsa_data.h's signature
 * per parameter set (a 1-byte message, empty context; generated from
 * tests/vectors/mldsa/noble_mldsa.json), verified with fc_mldsa_verify and
 * BoringSSL's MLDSA65_verify / MLDSA87_verify: "verify-warm" on a key loaded
 * once, "parse-raw+verify" loading the raw FIPS 204 key per call
 * (fc_mldsa_pubkey_init, MLDSA65_parse_public_key / MLDSA87_parse_public_key)
 * then verifying. fastcrypt runs its automatic mldsa kernel (printed).
 *
 * Usage: boringssl_compare [-r rounds] [-t ms_per_round] [-k keydir] [-c cpu] [-T] [-l] [filter ...]
 * SLH-DSA (slhdsa-*; a BoringSSL with include/openssl/slhdsa.h, else these
 * cases are not compiled): bench/slhdsa_data.h's signature per parameter set
 * (generated from tests/vectors/slhdsa/noble_slhdsa.json), pure, empty
 * context. BoringSSL takes the raw key on each call, so fastcrypt's side
 * loads it per call too (fc_slhdsa_pubkey_init + fc_slhdsa_verify) against
 * SLHDSA_SHA2_128S_verify, and SLHDSA_SHAKE_256F_verify where slhdsa.h has
 * it. BoringSSL has no SLH-DSA-SHAKE-128s (as of a0689af2): no case for it.
 *
 *   -r  rounds per case (default 41)
 *   -t  target duration of one round of one side, ms (default 2)
 *   -k  directory holding rsa{2048,4096}.{pkcs1,spki}.der, .sig, msg.sha256,
 *       ec{256,384}.spki.der, ec{256,384}.sig (DER) and msg.sha384
 *       (default: CMP_KEYDIR, set at build time by tools/bench-boringssl.sh)
 *   -c  pin the process to this CPU (default: no pinning)
 *   -T  time with the thread's CPU clock (CLOCK_THREAD_CPUTIME_ID) instead of
 *       CLOCK_MONOTONIC: on a loaded machine, time slices lost to other
 *       processes are then not counted
 *   -l  list the case names and exit
 *   filter: run only cases whose name contains one of these substrings
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <fastcrypt.h>

#include "mldsa_data.h" /* one valid ML-DSA signature per parameter set */

#include <openssl/aead.h>
#include <openssl/base.h>
#include <openssl/bytestring.h>
#include <openssl/crypto.h>
#include <openssl/digest.h>
#include <openssl/ec_key.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/mldsa.h>
#include <openssl/nid.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>
#if __has_include(<openssl/slhdsa.h>)
#include <openssl/slhdsa.h>
#include "slhdsa_data.h" /* one valid SLH-DSA signature per parameter set */
#define CMP_SLHDSA 1
#endif

#ifndef CMP_KEYDIR
#define CMP_KEYDIR "."
#endif
#ifndef BSSL_COMMIT
#define BSSL_COMMIT "unknown"
#endif
#ifndef FC_DESC
#define FC_DESC "unknown"
#endif

#define UNLIKELY(x) __builtin_expect(!!(x), 0)

static void die(const char *what) {
  fprintf(stderr, "FATAL: %s\n", what);
  exit(1);
}
#define CHECK(cond, what) do { if (UNLIKELY(!(cond))) die(what); } while (0)

static clockid_t g_clock = CLOCK_MONOTONIC; /* -T: CLOCK_THREAD_CPUTIME_ID */
static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(g_clock, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ------------------------------------------------------------------ */
/* Shared data                                                          */
/* ------------------------------------------------------------------ */

#define MAXLEN 16384
static uint8_t g_in[MAXLEN + 64] __attribute__((aligned(64)));
static uint8_t g_out[MAXLEN + 64] __attribute__((aligned(64)));
static uint8_t g_out2[MAXLEN + 64] __attribute__((aligned(64)));
static uint8_t g_iv[12];
static uint8_t g_key128[16], g_key256[32], g_hmac_key[32];

static fc_aes_key g_fc_aes128, g_fc_aes256;
static EVP_AEAD_CTX g_bs_aead128, g_bs_aead256;

static void fill(uint8_t *p, size_t n, uint32_t seed) {
  uint32_t x = seed * 2654435761u + 12345u;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    p[i] = (uint8_t)(x >> 11);
  }
}

/* ------------------------------------------------------------------ */
/* Cases                                                                */
/* ------------------------------------------------------------------ */

typedef void (*bench_fn)(const void *arg, long iters);

struct gcm_arg {
  int keybits;
  size_t len;
  uint8_t *ct;           /* ciphertext || tag of g_in[0..len), for open */
};

static const fc_aes_key *fck(int bits) { return bits == 128 ? &g_fc_aes128 : &g_fc_aes256; }
static const EVP_AEAD_CTX *bsk(int bits) { return bits == 128 ? &g_bs_aead128 : &g_bs_aead256; }

static void fc_gcm_seal(const void *a_, long iters) {
  const struct gcm_arg *a = a_;
  const fc_aes_key *k = fck(a->keybits);
  for (long i = 0; i < iters; i++) {
    fc_err rc = fc_aes_gcm_encrypt(k, g_iv, 12, NULL, 0, g_in, g_out, a->len, g_out + a->len, 16);
    CHECK(rc == FC_OK, "fc_aes_gcm_encrypt failed");
  }
}
static void bs_gcm_seal(const void *a_, long iters) {
  const struct gcm_arg *a = a_;
  const EVP_AEAD_CTX *c = bsk(a->keybits);
  for (long i = 0; i < iters; i++) {
    size_t olen;
    int ok = EVP_AEAD_CTX_seal(c, g_out, &olen, a->len + 16, g_iv, 12, g_in, a->len, NULL, 0);
    CHECK(ok == 1 && olen == a->len + 16, "EVP_AEAD_CTX_seal failed");
  }
}
static void fc_gcm_open(const void *a_, long iters) {
  const struct gcm_arg *a = a_;
  const fc_aes_key *k = fck(a->keybits);
  for (long i = 0; i < iters; i++) {
    fc_err rc = fc_aes_gcm_decrypt(k, g_iv, 12, NULL, 0, a->ct, g_out, a->len, a->ct + a->len, 16);
    CHECK(rc == FC_OK, "fc_aes_gcm_decrypt failed (tag mismatch?)");
  }
}
static void bs_gcm_open(const void *a_, long iters) {
  const struct gcm_arg *a = a_;
  const EVP_AEAD_CTX *c = bsk(a->keybits);
  for (long i = 0; i < iters; i++) {
    size_t olen;
    int ok = EVP_AEAD_CTX_open(c, g_out, &olen, a->len, g_iv, 12, a->ct, a->len + 16, NULL, 0);
    CHECK(ok == 1 && olen == a->len, "EVP_AEAD_CTX_open failed (tag mismatch?)");
  }
}
static void fc_gcm_stream(const void *a_, long iters) {
  const struct gcm_arg *a = a_;
  const fc_aes_key *k = fck(a->keybits);
  for (long i = 0; i < iters; i++) {
    fc_aes_gcm_ctx c;
    fc_err rc = fc_aes_gcm_init(&c, k, g_iv, 12);
    rc |= fc_aes_gcm_aad(&c, NULL, 0);
    rc |= fc_aes_gcm_encrypt_update(&c, g_in, g_out, a->len);
    rc |= fc_aes_gcm_encrypt_final(&c, g_out + a->len, 16);
    CHECK(rc == FC_OK, "fc_aes_gcm streaming encrypt failed");
  }
}

struct hash_arg {
  fc_hash_alg alg;
  size_t len;
};
static void fc_hash_b(const void *a_, long iters) {
  const struct hash_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    fc_err rc = fc_hash(a->alg, g_in, a->len, g_out);
    CHECK(rc == FC_OK, "fc_hash failed");
  }
}
static void bs_hash_b(const void *a_, long iters) {
  const struct hash_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    uint8_t *r;
    switch (a->alg) {
      case FC_SHA1: r = SHA1(g_in, a->len, g_out); break;
      case FC_SHA256: r = SHA256(g_in, a->len, g_out); break;
      case FC_SHA512: r = SHA512(g_in, a->len, g_out); break;
      default: r = NULL;
    }
    CHECK(r != NULL, "BoringSSL SHA failed");
  }
}
static void fc_hmac_b(const void *a_, long iters) {
  const struct hash_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    fc_err rc = fc_hmac(FC_SHA256, g_hmac_key, sizeof g_hmac_key, g_in, a->len, g_out);
    CHECK(rc == FC_OK, "fc_hmac failed");
  }
}
static void bs_hmac_b(const void *a_, long iters) {
  const struct hash_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    unsigned olen;
    uint8_t *r = HMAC(EVP_sha256(), g_hmac_key, sizeof g_hmac_key, g_in, a->len, g_out, &olen);
    CHECK(r != NULL && olen == 32, "HMAC failed");
  }
}

struct rsa_arg {
  int bits;
  uint8_t *pkcs1; size_t pkcs1_len;
  uint8_t *spki; size_t spki_len;
  uint8_t *sig; size_t sig_len;
  uint8_t digest[32];
  fc_rsa_pubkey *fc_warm;      /* initialised once */
  fc_rsa_pubkey *fc_prepared;  /* initialised once + fc_rsa_pubkey_prepare */
  RSA *bs_warm;                /* parsed once, used once before timing */
};
static fc_rsa_pubkey g_fc_cold_key;  /* ~7 KiB: keep it off the stack */

static void fc_rsa_cold_pkcs1(const void *a_, long iters) {
  const struct rsa_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    fc_err rc = fc_rsa_pubkey_from_der(&g_fc_cold_key, a->pkcs1, a->pkcs1_len);
    CHECK(rc == FC_OK, "fc_rsa_pubkey_from_der (PKCS#1) failed");
    rc = fc_rsa_verify(&g_fc_cold_key, FC_SHA256, a->digest, 32, a->sig, a->sig_len);
    CHECK(rc == FC_OK, "fc_rsa_verify failed");
  }
}
static void bs_rsa_cold_pkcs1(const void *a_, long iters) {
  const struct rsa_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    RSA *r = RSA_public_key_from_bytes(a->pkcs1, a->pkcs1_len);
    CHECK(r != NULL, "RSA_public_key_from_bytes failed");
    int ok = RSA_verify(NID_sha256, a->digest, 32, a->sig, a->sig_len, r);
    CHECK(ok == 1, "RSA_verify failed");
    RSA_free(r);
  }
}
static void fc_rsa_cold_spki(const void *a_, long iters) {
  const struct rsa_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    fc_err rc = fc_rsa_pubkey_from_der(&g_fc_cold_key, a->spki, a->spki_len);
    CHECK(rc == FC_OK, "fc_rsa_pubkey_from_der (SPKI) failed");
    rc = fc_rsa_verify(&g_fc_cold_key, FC_SHA256, a->digest, 32, a->sig, a->sig_len);
    CHECK(rc == FC_OK, "fc_rsa_verify failed");
  }
}
static void bs_rsa_cold_spki(const void *a_, long iters) {
  const struct rsa_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    const uint8_t *p = a->spki;
    RSA *r = d2i_RSA_PUBKEY(NULL, &p, (long)a->spki_len);
    CHECK(r != NULL, "d2i_RSA_PUBKEY failed");
    int ok = RSA_verify(NID_sha256, a->digest, 32, a->sig, a->sig_len, r);
    CHECK(ok == 1, "RSA_verify failed");
    RSA_free(r);
  }
}
static void fc_rsa_warm(const void *a_, long iters) {
  const struct rsa_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    fc_err rc = fc_rsa_verify(a->fc_warm, FC_SHA256, a->digest, 32, a->sig, a->sig_len);
    CHECK(rc == FC_OK, "fc_rsa_verify (warm) failed");
  }
}
static void fc_rsa_warm_prep(const void *a_, long iters) {
  const struct rsa_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    fc_err rc = fc_rsa_verify(a->fc_prepared, FC_SHA256, a->digest, 32, a->sig, a->sig_len);
    CHECK(rc == FC_OK, "fc_rsa_verify (prepared) failed");
  }
}
static void bs_rsa_warm(const void *a_, long iters) {
  const struct rsa_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    int ok = RSA_verify(NID_sha256, a->digest, 32, a->sig, a->sig_len, a->bs_warm);
    CHECK(ok == 1, "RSA_verify (warm) failed");
  }
}

/* ECDSA: key from SubjectPublicKeyInfo + verify, and a warm key (DER signature) */
struct ec_arg {
  int bits;
  uint8_t *spki; size_t spki_len;
  uint8_t *sig; size_t sig_len;
  uint8_t digest[48]; size_t dlen;
  fc_ec_pubkey fc_warm;  /* initialised once */
  EC_KEY *bs_warm;       /* parsed once */
};
static EC_KEY *bs_ec_parse(const uint8_t *der, size_t len) {
  CBS cbs;
  CBS_init(&cbs, der, len);
  EVP_PKEY *pk = EVP_parse_public_key(&cbs);
  if (pk == NULL || CBS_len(&cbs) != 0) { EVP_PKEY_free(pk); return NULL; }
  EC_KEY *k = EVP_PKEY_get1_EC_KEY(pk);
  EVP_PKEY_free(pk);
  return k;
}
static void fc_ec_cold(const void *a_, long iters) {
  const struct ec_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    fc_ec_pubkey k;
    CHECK(fc_ec_pubkey_from_der(&k, a->spki, a->spki_len) == FC_OK, "fc_ec_pubkey_from_der failed");
    CHECK(fc_ecdsa_verify(&k, a->digest, a->dlen, a->sig, a->sig_len) == FC_OK, "fc_ecdsa_verify failed");
  }
}
static void bs_ec_cold(const void *a_, long iters) {
  const struct ec_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    EC_KEY *k = bs_ec_parse(a->spki, a->spki_len);
    CHECK(k != NULL, "EVP_parse_public_key failed");
    CHECK(ECDSA_verify(0, a->digest, a->dlen, a->sig, a->sig_len, k) == 1, "ECDSA_verify failed");
    EC_KEY_free(k);
  }
}
static void fc_ec_warm(const void *a_, long iters) {
  const struct ec_arg *a = a_;
  for (long i = 0; i < iters; i++)
    CHECK(fc_ecdsa_verify(&a->fc_warm, a->digest, a->dlen, a->sig, a->sig_len) == FC_OK,
          "fc_ecdsa_verify (warm) failed");
}
static void bs_ec_warm(const void *a_, long iters) {
  const struct ec_arg *a = a_;
  for (long i = 0; i < iters; i++)
    CHECK(ECDSA_verify(0, a->digest, a->dlen, a->sig, a->sig_len, a->bs_warm) == 1,
          "ECDSA_verify (warm) failed");
}
static struct ec_arg g_ec[2];

/* ML-DSA-65 and -87 (pure, FIPS 204): bench/mldsa_data.h's signature (from
   tests/vectors/mldsa/noble_mldsa.json). warm: the key loaded once;
   parse+verify: per call the raw key (fc_mldsa_pubkey_init,
   MLDSAxx_parse_public_key), then the verification. Keys in static storage
   on both sides (BoringSSL's parsed keys are large). */
struct mldsa_arg {
  const bench_mldsa_vec *v;
  fc_mldsa_param param;
  fc_mldsa_pubkey fc_warm;
  struct MLDSA65_public_key bs65;
  struct MLDSA87_public_key bs87;
};
static struct mldsa_arg g_mldsa[2];
static fc_mldsa_pubkey g_fc_mldsa_cold;
static struct MLDSA65_public_key g_bs65_cold;
static struct MLDSA87_public_key g_bs87_cold;

static int bs_mldsa_parse(const struct mldsa_arg *a, struct MLDSA65_public_key *k65,
                          struct MLDSA87_public_key *k87) {
  CBS cbs;
  CBS_init(&cbs, a->v->pk, a->v->pk_len);
  return a->param == FC_ML_DSA_65 ? MLDSA65_parse_public_key(k65, &cbs)
                                  : MLDSA87_parse_public_key(k87, &cbs);
}
static int bs_mldsa_verify(const struct mldsa_arg *a, const struct MLDSA65_public_key *k65,
                           const struct MLDSA87_public_key *k87, const uint8_t *sig) {
  const bench_mldsa_vec *v = a->v;
  return a->param == FC_ML_DSA_65
             ? MLDSA65_verify(k65, sig, v->sig_len, v->msg, v->msg_len, v->ctx, v->ctx_len)
             : MLDSA87_verify(k87, sig, v->sig_len, v->msg, v->msg_len, v->ctx, v->ctx_len);
}
static void fc_mldsa_cold(const void *a_, long iters) {
  const struct mldsa_arg *a = a_;
  const bench_mldsa_vec *v = a->v;
  for (long i = 0; i < iters; i++) {
    CHECK(fc_mldsa_pubkey_init(&g_fc_mldsa_cold, a->param, v->pk, v->pk_len) == FC_OK,
          "fc_mldsa_pubkey_init failed");
    CHECK(fc_mldsa_verify(&g_fc_mldsa_cold, v->msg, v->msg_len, v->ctx, v->ctx_len, v->sig,
                          v->sig_len) == FC_OK, "fc_mldsa_verify failed");
  }
}
static void bs_mldsa_cold(const void *a_, long iters) {
  const struct mldsa_arg *a = a_;
  for (long i = 0; i < iters; i++) {
    CHECK(bs_mldsa_parse(a, &g_bs65_cold, &g_bs87_cold) == 1, "MLDSAxx_parse_public_key failed");
    CHECK(bs_mldsa_verify(a, &g_bs65_cold, &g_bs87_cold, a->v->sig) == 1, "MLDSAxx_verify failed");
  }
}
static void fc_mldsa_warm(const void *a_, long iters) {
  const struct mldsa_arg *a = a_;
  const bench_mldsa_vec *v = a->v;
  for (long i = 0; i < iters; i++)
    CHECK(fc_mldsa_verify(&a->fc_warm, v->msg, v->msg_len, v->ctx, v->ctx_len, v->sig,
                          v->sig_len) == FC_OK, "fc_mldsa_verify (warm) failed");
}
static void bs_mldsa_warm(const void *a_, long iters) {
  const struct mldsa_arg *a = a_;
  for (long i = 0; i < iters; i++)
    CHECK(bs_mldsa_verify(a, &a->bs65, &a->bs87, a->v->sig) == 1, "MLDSAxx_verify (warm) failed");
}

#ifdef CMP_SLHDSA
/* SLH-DSA (FIPS 205, pure, empty context): bench/slhdsa_data.h's signature
   for the sets BoringSSL implements. Both sides take the raw key per call. */
struct slhdsa_arg {
  const bench_slhdsa_vec *v;
  int (*bs_verify)(const uint8_t *sig, size_t sig_len, const uint8_t *pk, const uint8_t *msg,
                   size_t msg_len, const uint8_t *ctx, size_t ctx_len);
};
static struct slhdsa_arg g_slhdsa[BENCH_SLHDSA_NVECS];
static int g_nslhdsa;

static fc_err fc_slhdsa_once(const bench_slhdsa_vec *v, const uint8_t *sig, const uint8_t *ctx,
                             size_t ctx_len) {
  fc_slhdsa_pubkey k;
  fc_err rc = fc_slhdsa_pubkey_init(&k, (fc_slhdsa_param)v->param, v->pk, v->pk_len);
  return rc != FC_OK ? rc : fc_slhdsa_verify(&k, v->msg, v->msg_len, ctx, ctx_len, sig, v->sig_len);
}
static void fc_slhdsa_b(const void *a_, long iters) {
  const struct slhdsa_arg *a = a_;
  for (long i = 0; i < iters; i++)
    CHECK(fc_slhdsa_once(a->v, a->v->sig, a->v->ctx, a->v->ctx_len) == FC_OK,
          "fc_slhdsa_verify failed");
}
static void bs_slhdsa_b(const void *a_, long iters) {
  const struct slhdsa_arg *a = a_;
  const bench_slhdsa_vec *v = a->v;
  for (long i = 0; i < iters; i++)
    CHECK(a->bs_verify(v->sig, v->sig_len, v->pk, v->msg, v->msg_len, v->ctx, v->ctx_len) == 1,
          "SLHDSA_*_verify failed");
}

/* valid accepted, a corrupted signature and a wrong context refused, by both */
static void slhdsa_check(const bench_slhdsa_vec *v,
                         int (*bs)(const uint8_t *, size_t, const uint8_t *, const uint8_t *,
                                   size_t, const uint8_t *, size_t)) {
  CHECK(fc_slhdsa_once(v, v->sig, v->ctx, v->ctx_len) == FC_OK, "check: fc SLH-DSA valid");
  CHECK(bs(v->sig, v->sig_len, v->pk, v->msg, v->msg_len, v->ctx, v->ctx_len) == 1,
        "check: bssl SLH-DSA valid");
  uint8_t *bad = malloc(v->sig_len);
  memcpy(bad, v->sig, v->sig_len);
  bad[v->sig_len / 2] ^= 0x04;
  CHECK(fc_slhdsa_once(v, bad, v->ctx, v->ctx_len) == FC_ERR_SIG,
        "check: fc accepted a bad SLH-DSA signature");
  CHECK(bs(bad, v->sig_len, v->pk, v->msg, v->msg_len, v->ctx, v->ctx_len) == 0,
        "check: bssl accepted a bad SLH-DSA signature");
  free(bad);
  const uint8_t wrong_ctx[1] = {0x42};
  CHECK(fc_slhdsa_once(v, v->sig, wrong_ctx, 1) == FC_ERR_SIG,
        "check: fc accepted a wrong SLH-DSA context");
  CHECK(bs(v->sig, v->sig_len, v->pk, v->msg, v->msg_len, wrong_ctx, 1) == 0,
        "check: bssl accepted a wrong SLH-DSA context");
}

static void slhdsa_setup(void) {
  for (int i = 0; i < BENCH_SLHDSA_NVECS; i++) {
    const bench_slhdsa_vec *v = &bench_slhdsa_vecs[i];
    struct slhdsa_arg *a = &g_slhdsa[g_nslhdsa];
    a->v = v;
    a->bs_verify = NULL;
    if (v->param == FC_SLH_DSA_SHA2_128S) a->bs_verify = SLHDSA_SHA2_128S_verify;
#ifdef SLHDSA_SHAKE_256F_SIGNATURE_BYTES
    if (v->param == FC_SLH_DSA_SHAKE_256F) a->bs_verify = SLHDSA_SHAKE_256F_verify;
#endif
    if (a->bs_verify == NULL) continue; /* BoringSSL lacks this set */
    slhdsa_check(v, a->bs_verify);
    g_nslhdsa++;
  }
}
#endif /* CMP_SLHDSA */

/* ------------------------------------------------------------------ */
/* Case table                                                           */
/* ------------------------------------------------------------------ */

struct bcase {
  char name[64];
  const char *a_name, *b_name;
  bench_fn a, b;
  const void *arg;
  size_t bytes;   /* bytes processed per call, for MB/s (0: not shown) */
};

#define MAXCASES 64
static struct bcase g_cases[MAXCASES];
static int g_ncases;

static void add_case(const char *name, const char *an, bench_fn a, const char *bn, bench_fn b,
                     const void *arg, size_t bytes) {
  CHECK(g_ncases < MAXCASES, "too many cases");
  struct bcase *c = &g_cases[g_ncases++];
  snprintf(c->name, sizeof c->name, "%s", name);
  c->a_name = an; c->b_name = bn; c->a = a; c->b = b; c->arg = arg; c->bytes = bytes;
}

static uint8_t *read_file(const char *dir, const char *name, size_t *len) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno)); exit(1); }
  uint8_t *buf = malloc(1 << 16);
  size_t n = fread(buf, 1, 1 << 16, f);
  fclose(f);
  CHECK(n > 0 && n < (1 << 16), "key file empty or too large");
  *len = n;
  return buf;
}

/* ------------------------------------------------------------------ */
/* Agreement checks (before any timing)                                 */
/* ------------------------------------------------------------------ */

static size_t g_sizes[] = {16, 256, 1024, 1420, 16384};
#define NSIZES (sizeof g_sizes / sizeof g_sizes[0])
static struct gcm_arg g_gcm[2][NSIZES];
static struct gcm_arg g_gcm_stream[2];
static struct hash_arg g_hash[3][2];
static struct hash_arg g_hmac_arg = {FC_SHA256, 64};
static struct rsa_arg g_rsa[2];

static void setup_and_check(const char *keydir) {
  fill(g_in, sizeof g_in, 1);
  fill(g_iv, sizeof g_iv, 2);
  fill(g_key128, sizeof g_key128, 3);
  fill(g_key256, sizeof g_key256, 4);
  fill(g_hmac_key, sizeof g_hmac_key, 5);

  CHECK(fc_aes_init(&g_fc_aes128, g_key128, 16) == FC_OK, "fc_aes_init 128");
  CHECK(fc_aes_init(&g_fc_aes256, g_key256, 32) == FC_OK, "fc_aes_init 256");
  CHECK(EVP_AEAD_CTX_init(&g_bs_aead128, EVP_aead_aes_128_gcm(), g_key128, 16, 16, NULL) == 1,
        "EVP_AEAD_CTX_init 128");
  CHECK(EVP_AEAD_CTX_init(&g_bs_aead256, EVP_aead_aes_256_gcm(), g_key256, 32, 16, NULL) == 1,
        "EVP_AEAD_CTX_init 256");

  /* GCM: seal with both, compare ct||tag; open with both; bad tag rejected by both. */
  for (int kb = 0; kb < 2; kb++) {
    int bits = kb ? 256 : 128;
    for (size_t s = 0; s < NSIZES; s++) {
      size_t len = g_sizes[s];
      struct gcm_arg *a = &g_gcm[kb][s];
      a->keybits = bits; a->len = len;
      a->ct = aligned_alloc(64, MAXLEN + 64);
      size_t olen;
      CHECK(fc_aes_gcm_encrypt(fck(bits), g_iv, 12, NULL, 0, g_in, a->ct, len, a->ct + len, 16) == FC_OK,
            "check: fc_aes_gcm_encrypt");
      CHECK(EVP_AEAD_CTX_seal(bsk(bits), g_out, &olen, len + 16, g_iv, 12, g_in, len, NULL, 0) == 1 &&
            olen == len + 16, "check: EVP_AEAD_CTX_seal");
      CHECK(memcmp(a->ct, g_out, len + 16) == 0, "check: GCM ciphertext/tag differ between libraries");
      memset(g_out, 0, len);
      CHECK(fc_aes_gcm_decrypt(fck(bits), g_iv, 12, NULL, 0, a->ct, g_out, len, a->ct + len, 16) == FC_OK &&
            memcmp(g_out, g_in, len) == 0, "check: fc_aes_gcm_decrypt");
      memset(g_out, 0, len);
      CHECK(EVP_AEAD_CTX_open(bsk(bits), g_out, &olen, len, g_iv, 12, a->ct, len + 16, NULL, 0) == 1 &&
            olen == len && memcmp(g_out, g_in, len) == 0, "check: EVP_AEAD_CTX_open");
      /* corrupted tag must be refused by both */
      memcpy(g_out2, a->ct, len + 16);
      g_out2[len + 3] ^= 1;
      CHECK(fc_aes_gcm_decrypt(fck(bits), g_iv, 12, NULL, 0, g_out2, g_out, len, g_out2 + len, 16) == FC_ERR_AUTH,
            "check: fc_aes_gcm_decrypt accepted a bad tag");
      CHECK(EVP_AEAD_CTX_open(bsk(bits), g_out, &olen, len, g_iv, 12, g_out2, len + 16, NULL, 0) == 0,
            "check: EVP_AEAD_CTX_open accepted a bad tag");
    }
    /* streaming == one-shot at 256 B */
    struct gcm_arg *st = &g_gcm_stream[kb];
    st->keybits = bits; st->len = 256; st->ct = NULL;
    fc_gcm_stream(st, 1);
    CHECK(memcmp(g_out, g_gcm[kb][1].ct, 256 + 16) == 0, "check: streaming GCM differs from one-shot");
  }

  /* Hashes and HMAC */
  const fc_hash_alg algs[3] = {FC_SHA1, FC_SHA256, FC_SHA512};
  const size_t hlens[2] = {64, 16384};
  for (int h = 0; h < 3; h++)
    for (int l = 0; l < 2; l++) {
      struct hash_arg *a = &g_hash[h][l];
      a->alg = algs[h]; a->len = hlens[l];
      size_t dl = fc_hash_len(a->alg);
      memset(g_out, 0, 64); memset(g_out2, 0xff, 64);
      fc_hash_b(a, 1); memcpy(g_out2, g_out, dl);
      memset(g_out, 0, 64);
      bs_hash_b(a, 1);
      CHECK(memcmp(g_out, g_out2, dl) == 0, "check: digests differ between libraries");
    }
  memset(g_out, 0, 64);
  fc_hmac_b(&g_hmac_arg, 1); memcpy(g_out2, g_out, 32);
  memset(g_out, 0, 64);
  bs_hmac_b(&g_hmac_arg, 1);
  CHECK(memcmp(g_out, g_out2, 32) == 0, "check: HMAC-SHA-256 differs between libraries");

  /* RSA */
  size_t dlen;
  uint8_t *dig = read_file(keydir, "msg.sha256", &dlen);
  CHECK(dlen == 32, "msg.sha256 must be 32 bytes");
  for (int i = 0; i < 2; i++) {
    struct rsa_arg *a = &g_rsa[i];
    char fn[64];
    a->bits = i ? 4096 : 2048;
    snprintf(fn, sizeof fn, "rsa%d.pkcs1.der", a->bits); a->pkcs1 = read_file(keydir, fn, &a->pkcs1_len);
    snprintf(fn, sizeof fn, "rsa%d.spki.der", a->bits);  a->spki = read_file(keydir, fn, &a->spki_len);
    snprintf(fn, sizeof fn, "rsa%d.sig", a->bits);       a->sig = read_file(keydir, fn, &a->sig_len);
    CHECK(a->sig_len == (size_t)a->bits / 8, "signature length does not match key size");
    memcpy(a->digest, dig, 32);
    a->fc_warm = aligned_alloc(64, (sizeof(fc_rsa_pubkey) + 63) / 64 * 64);
    a->fc_prepared = aligned_alloc(64, (sizeof(fc_rsa_pubkey) + 63) / 64 * 64);
    CHECK(fc_rsa_pubkey_from_der(a->fc_warm, a->pkcs1, a->pkcs1_len) == FC_OK, "check: fc parse PKCS#1");
    CHECK(fc_rsa_pubkey_from_der(a->fc_prepared, a->spki, a->spki_len) == FC_OK, "check: fc parse SPKI");
    CHECK(a->fc_warm->nbytes == (uint32_t)a->bits / 8 && a->fc_prepared->nbytes == a->fc_warm->nbytes,
          "check: fc key size");
    CHECK(fc_rsa_pubkey_prepare(a->fc_prepared) == FC_OK, "check: fc_rsa_pubkey_prepare");
    a->bs_warm = RSA_public_key_from_bytes(a->pkcs1, a->pkcs1_len);
    CHECK(a->bs_warm != NULL && RSA_bits(a->bs_warm) == (unsigned)a->bits, "check: bssl parse PKCS#1");
    /* one call of each path (also warms BoringSSL's cached Montgomery context) */
    fc_rsa_cold_pkcs1(a, 1); bs_rsa_cold_pkcs1(a, 1);
    fc_rsa_cold_spki(a, 1);  bs_rsa_cold_spki(a, 1);
    fc_rsa_warm(a, 1); fc_rsa_warm_prep(a, 1); bs_rsa_warm(a, 1);
    /* a wrong signature and a wrong digest are refused by both */
    uint8_t *bad = malloc(a->sig_len);
    memcpy(bad, a->sig, a->sig_len); bad[a->sig_len / 2] ^= 0x10;
    CHECK(fc_rsa_verify(a->fc_warm, FC_SHA256, a->digest, 32, bad, a->sig_len) == FC_ERR_SIG,
          "check: fc accepted a bad signature");
    CHECK(fc_rsa_verify(a->fc_prepared, FC_SHA256, a->digest, 32, bad, a->sig_len) == FC_ERR_SIG,
          "check: fc (prepared) accepted a bad signature");
    CHECK(RSA_verify(NID_sha256, a->digest, 32, bad, a->sig_len, a->bs_warm) == 0,
          "check: bssl accepted a bad signature");
    uint8_t bd[32]; memcpy(bd, a->digest, 32); bd[0] ^= 1;
    CHECK(fc_rsa_verify(a->fc_warm, FC_SHA256, bd, 32, a->sig, a->sig_len) == FC_ERR_SIG,
          "check: fc accepted a wrong digest");
    CHECK(RSA_verify(NID_sha256, bd, 32, a->sig, a->sig_len, a->bs_warm) == 0,
          "check: bssl accepted a wrong digest");
    free(bad);
  }
  free(dig);

  /* ---- ECDSA P-256 (SHA-256) and P-384 (SHA-384) ---- */
  for (int i = 0; i < 2; i++) {
    struct ec_arg *a = &g_ec[i];
    char fn[64];
    size_t dl;
    a->bits = i ? 384 : 256;
    snprintf(fn, sizeof fn, "ec%d.spki.der", a->bits); a->spki = read_file(keydir, fn, &a->spki_len);
    snprintf(fn, sizeof fn, "ec%d.sig", a->bits);      a->sig = read_file(keydir, fn, &a->sig_len);
    uint8_t *d = read_file(keydir, i ? "msg.sha384" : "msg.sha256", &dl);
    CHECK(dl == (size_t)(i ? 48 : 32), "digest length");
    memcpy(a->digest, d, dl); a->dlen = dl; free(d);
    CHECK(fc_ec_pubkey_from_der(&a->fc_warm, a->spki, a->spki_len) == FC_OK, "check: fc parse EC SPKI");
    a->bs_warm = bs_ec_parse(a->spki, a->spki_len);
    CHECK(a->bs_warm != NULL, "check: bssl parse EC SPKI");
    fc_ec_cold(a, 1); bs_ec_cold(a, 1); fc_ec_warm(a, 1); bs_ec_warm(a, 1);
    /* a wrong digest is refused by both */
    uint8_t bd[48]; memcpy(bd, a->digest, a->dlen); bd[0] ^= 1;
    CHECK(fc_ecdsa_verify(&a->fc_warm, bd, a->dlen, a->sig, a->sig_len) == FC_ERR_SIG,
          "check: fc accepted a wrong digest (EC)");
    CHECK(ECDSA_verify(0, bd, a->dlen, a->sig, a->sig_len, a->bs_warm) == 0,
          "check: bssl accepted a wrong digest (EC)");
  }

  /* ---- ML-DSA-65 and -87 ---- */
  for (int i = 0; i < 2; i++) {
    struct mldsa_arg *a = &g_mldsa[i];
    a->v = &bench_mldsa_vecs[i + 1];
    a->param = i ? FC_ML_DSA_87 : FC_ML_DSA_65;
    CHECK(a->v->param == (i ? 87 : 65), "mldsa_data.h: parameter sets out of order");
    CHECK(fc_mldsa_pubkey_init(&a->fc_warm, a->param, a->v->pk, a->v->pk_len) == FC_OK,
          "check: fc_mldsa_pubkey_init");
    CHECK(bs_mldsa_parse(a, &a->bs65, &a->bs87) == 1, "check: bssl MLDSAxx_parse_public_key");
    fc_mldsa_cold(a, 1); bs_mldsa_cold(a, 1); fc_mldsa_warm(a, 1); bs_mldsa_warm(a, 1);
    /* a corrupted signature and a wrong context are refused by both */
    uint8_t *bad = malloc(a->v->sig_len);
    memcpy(bad, a->v->sig, a->v->sig_len); bad[a->v->sig_len / 3] ^= 0x10;
    CHECK(fc_mldsa_verify(&a->fc_warm, a->v->msg, a->v->msg_len, a->v->ctx, a->v->ctx_len, bad,
                          a->v->sig_len) == FC_ERR_SIG, "check: fc accepted a bad ML-DSA signature");
    CHECK(bs_mldsa_verify(a, &a->bs65, &a->bs87, bad) == 0,
          "check: bssl accepted a bad ML-DSA signature");
    free(bad);
    const uint8_t wrong_ctx[1] = {0x42};
    CHECK(fc_mldsa_verify(&a->fc_warm, a->v->msg, a->v->msg_len, wrong_ctx, 1, a->v->sig,
                          a->v->sig_len) == FC_ERR_SIG, "check: fc accepted a wrong ML-DSA context");
    CHECK((i ? MLDSA87_verify(&a->bs87, a->v->sig, a->v->sig_len, a->v->msg, a->v->msg_len,
                              wrong_ctx, 1)
             : MLDSA65_verify(&a->bs65, a->v->sig, a->v->sig_len, a->v->msg, a->v->msg_len,
                              wrong_ctx, 1)) == 0, "check: bssl accepted a wrong ML-DSA context");
  }

#ifdef CMP_SLHDSA
  slhdsa_setup();
#endif

  /* ---- case table ---- */
  char nm[64];
  for (int op = 0; op < 2; op++)
    for (int kb = 0; kb < 2; kb++)
      for (size_t s = 0; s < NSIZES; s++) {
        snprintf(nm, sizeof nm, "aes%d-gcm-%s-%zu", kb ? 256 : 128, op ? "open" : "seal", g_sizes[s]);
        add_case(nm, "fastcrypt", op ? fc_gcm_open : fc_gcm_seal,
                 "boringssl", op ? bs_gcm_open : bs_gcm_seal, &g_gcm[kb][s], g_sizes[s]);
      }
  for (int kb = 0; kb < 2; kb++) {
    snprintf(nm, sizeof nm, "aes%d-gcm-seal-256-fc-stream-vs-oneshot", kb ? 256 : 128);
    add_case(nm, "fc-stream", fc_gcm_stream, "fc-1shot", fc_gcm_seal, &g_gcm_stream[kb], 256);
  }
  const char *hn[3] = {"sha1", "sha256", "sha512"};
  for (int h = 0; h < 3; h++)
    for (int l = 0; l < 2; l++) {
      snprintf(nm, sizeof nm, "%s-%zu", hn[h], hlens[l]);
      add_case(nm, "fastcrypt", fc_hash_b, "boringssl", bs_hash_b, &g_hash[h][l], hlens[l]);
    }
  add_case("hmac-sha256-k32-64", "fastcrypt", fc_hmac_b, "boringssl", bs_hmac_b, &g_hmac_arg, 64);
  for (int i = 0; i < 2; i++) {
    int b = g_rsa[i].bits;
    snprintf(nm, sizeof nm, "rsa%d-parse-pkcs1+verify", b);
    add_case(nm, "fastcrypt", fc_rsa_cold_pkcs1, "boringssl", bs_rsa_cold_pkcs1, &g_rsa[i], 0);
    snprintf(nm, sizeof nm, "rsa%d-parse-spki+verify", b);
    add_case(nm, "fastcrypt", fc_rsa_cold_spki, "boringssl", bs_rsa_cold_spki, &g_rsa[i], 0);
    snprintf(nm, sizeof nm, "rsa%d-verify-warm", b);
    add_case(nm, "fastcrypt", fc_rsa_warm, "boringssl", bs_rsa_warm, &g_rsa[i], 0);
    snprintf(nm, sizeof nm, "rsa%d-verify-warm-fc-prepared", b);
    add_case(nm, "fc-prep", fc_rsa_warm_prep, "boringssl", bs_rsa_warm, &g_rsa[i], 0);
  }
  for (int i = 0; i < 2; i++) {
    snprintf(nm, sizeof nm, "ecdsa-p%d-parse-spki+verify", g_ec[i].bits);
    add_case(nm, "fastcrypt", fc_ec_cold, "boringssl", bs_ec_cold, &g_ec[i], 0);
    snprintf(nm, sizeof nm, "ecdsa-p%d-verify-warm", g_ec[i].bits);
    add_case(nm, "fastcrypt", fc_ec_warm, "boringssl", bs_ec_warm, &g_ec[i], 0);
  }
  for (int i = 0; i < 2; i++) {
    snprintf(nm, sizeof nm, "mldsa%d-parse-raw+verify", g_mldsa[i].v->param);
    add_case(nm, "fastcrypt", fc_mldsa_cold, "boringssl", bs_mldsa_cold, &g_mldsa[i], 0);
    snprintf(nm, sizeof nm, "mldsa%d-verify-warm", g_mldsa[i].v->param);
    add_case(nm, "fastcrypt", fc_mldsa_warm, "boringssl", bs_mldsa_warm, &g_mldsa[i], 0);
  }
#ifdef CMP_SLHDSA
  for (int i = 0; i < g_nslhdsa; i++) {
    /* "SLH-DSA-SHA2-128s" -> "slhdsa-sha2-128s-raw+verify" */
    const char *p = g_slhdsa[i].v->name + 8;
    size_t j = 0;
    j += (size_t)snprintf(nm, sizeof nm, "slhdsa-");
    for (; *p && j + 1 < sizeof nm; p++) nm[j++] = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    snprintf(nm + j, sizeof nm - j, "-raw+verify");
    add_case(nm, "fastcrypt", fc_slhdsa_b, "boringssl", bs_slhdsa_b, &g_slhdsa[i], 0);
  }
#endif
}

/* ------------------------------------------------------------------ */
/* Measurement                                                          */
/* ------------------------------------------------------------------ */

static double time_run(bench_fn f, const void *arg, long iters) {
  uint64_t t0 = now_ns();
  f(arg, iters);
  return (double)(now_ns() - t0);
}

/* iterations giving about target_ns per round */
static long calibrate(bench_fn f, const void *arg, double target_ns) {
  long n = 1;
  f(arg, 1);  /* warm caches, lazy init */
  for (;;) {
    double t = time_run(f, arg, n);
    if (t >= target_ns / 4 || n >= (1L << 40)) {
      double per = t / (double)n;
      long it = (long)(target_ns / (per > 0 ? per : 1));
      return it < 1 ? 1 : it;
    }
    n *= 2;
  }
}

static int cmp_d(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}
static double median(double *v, int n) {
  double *s = malloc(sizeof(double) * (size_t)n);
  memcpy(s, v, sizeof(double) * (size_t)n);
  qsort(s, (size_t)n, sizeof(double), cmp_d);
  double m = (n & 1) ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
  free(s);
  return m;
}
static double minimum(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; i++) if (v[i] < m) m = v[i];
  return m;
}

static void fmt_ns(char *buf, size_t n, double ns) {
  if (ns >= 100000) snprintf(buf, n, "%.1fus", ns / 1000);
  else snprintf(buf, n, "%.1f", ns);
}
static void fmt_mbs(char *buf, size_t n, size_t bytes, double ns) {
  if (!bytes) snprintf(buf, n, "-");
  else snprintf(buf, n, "%.0f", (double)bytes / ns * 1000.0);  /* bytes/ns * 1e3 = MB/s (1e6 B) */
}

static void run_case(const struct bcase *c, int rounds, double target_ns) {
  long ia = calibrate(c->a, c->arg, target_ns);
  long ib = calibrate(c->b, c->arg, target_ns);
  double *ta = malloc(sizeof(double) * (size_t)rounds), *tb = malloc(sizeof(double) * (size_t)rounds);
  /* one untimed warm-up round each */
  c->a(c->arg, ia); c->b(c->arg, ib);
  for (int r = 0; r < rounds; r++) {
    if (r & 1) {
      tb[r] = time_run(c->b, c->arg, ib) / (double)ib;
      ta[r] = time_run(c->a, c->arg, ia) / (double)ia;
    } else {
      ta[r] = time_run(c->a, c->arg, ia) / (double)ia;
      tb[r] = time_run(c->b, c->arg, ib) / (double)ib;
    }
  }
  double ma = median(ta, rounds), ba = minimum(ta, rounds);
  double mb = median(tb, rounds), bb = minimum(tb, rounds);
  char s1[32], s2[32], s3[32], s4[32], s5[32], s6[32], s7[32], s8[32];
  fmt_ns(s1, sizeof s1, ma); fmt_ns(s2, sizeof s2, ba);
  fmt_mbs(s3, sizeof s3, c->bytes, ma); fmt_mbs(s4, sizeof s4, c->bytes, ba);
  fmt_ns(s5, sizeof s5, mb); fmt_ns(s6, sizeof s6, bb);
  fmt_mbs(s7, sizeof s7, c->bytes, mb); fmt_mbs(s8, sizeof s8, c->bytes, bb);
  printf("%-40s %-9s %9s %9s %7s %7s | %-9s %9s %9s %7s %7s | %6.3f %6.3f\n",
         c->name, c->a_name, s1, s2, s3, s4, c->b_name, s5, s6, s7, s8, mb / ma, bb / ba);
  fflush(stdout);
  free(ta); free(tb);
}

static int matches(const char *name, char **filters, int nf) {
  if (nf == 0) return 1;
  for (int i = 0; i < nf; i++) if (strstr(name, filters[i])) return 1;
  return 0;
}

int main(int argc, char **argv) {
  int rounds = 41, list = 0, cpu = -1;
  double ms = 2.0;
  const char *keydir = CMP_KEYDIR;
  char **filters = malloc(sizeof(char *) * (size_t)argc);
  int nf = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-r") && i + 1 < argc) rounds = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-t") && i + 1 < argc) ms = atof(argv[++i]);
    else if (!strcmp(argv[i], "-k") && i + 1 < argc) keydir = argv[++i];
    else if (!strcmp(argv[i], "-c") && i + 1 < argc) cpu = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-l")) list = 1;
    else if (!strcmp(argv[i], "-T")) g_clock = CLOCK_THREAD_CPUTIME_ID;
    else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      printf("usage: %s [-r rounds(41)] [-t ms_per_round(2)] [-k keydir(%s)] [-c cpu] [-T] [-l] [filter ...]\n",
             argv[0], CMP_KEYDIR);
      return 0;
    } else filters[nf++] = argv[i];
  }
  if (rounds < 1 || ms <= 0) die("bad -r or -t");
  if (cpu >= 0) {
    cpu_set_t set; CPU_ZERO(&set); CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) perror("sched_setaffinity");
  }

  fc_err irc = fc_init();
  if (strcmp(fc_version(), FC_VERSION_STRING) != 0)
    fprintf(stderr, "WARNING: libfastcrypt is %s but fastcrypt.h is %s (header/archive mismatch)\n",
            fc_version(), FC_VERSION_STRING);
  setup_and_check(keydir);
  if (list) {
    for (int i = 0; i < g_ncases; i++) printf("%s\n", g_cases[i].name);
    return 0;
  }

  printf("# fastcrypt %s (%s), fc_init()=%d\n", fc_version(), FC_DESC, (int)irc);
  printf("# fastcrypt kernels: aes=%s ghash=%s sha1=%s sha256=%s sha512=%s mont2048=%s mont4096=%s "
         "ec=%s mldsa=%s\n",
         fc_impl_active(FC_OP_AES), fc_impl_active(FC_OP_GHASH), fc_impl_active(FC_OP_SHA1),
         fc_impl_active(FC_OP_SHA256), fc_impl_active(FC_OP_SHA512),
         fc_impl_active_for_bits(FC_OP_MONT, 2048), fc_impl_active_for_bits(FC_OP_MONT, 4096),
         fc_impl_active(FC_OP_EC), fc_impl_active(FC_OP_MLDSA));
#ifdef CMP_SHA256_X /* the script's: core.h has FC_OP_SHA256_X (SLH-DSA's one-block hashes) */
  printf("# fastcrypt kernels: sha256_x=%s keccak_x=%s\n", fc_impl_active(FC_OP_SHA256_X),
         fc_impl_active(FC_OP_KECCAK_X));
#endif
  printf("# boringssl %s (%s)\n", BSSL_COMMIT, OpenSSL_version(OPENSSL_VERSION));
  printf("# agreement checks passed (GCM ct+tag, open, bad-tag reject; SHA-1/256/512; HMAC; RSA, ECDSA, "
         "ML-DSA ok/bad%s)\n",
#ifdef CMP_SLHDSA
         ", SLH-DSA ok/bad/ctx"
#else
         ""
#endif
  );
  printf("# clock: %s\n", g_clock == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "CLOCK_THREAD_CPUTIME_ID");
  printf("# %d rounds x ~%.2f ms per side, sides alternate; ns/call (us when >=100000 ns), MB/s = 1e6 B/s\n",
         rounds, ms);
  printf("# ratio = speed(A)/speed(B) = ns(B)/ns(A): >1 means A faster. A = left side, B = right side\n");
  printf("%-40s %-9s %9s %9s %7s %7s | %-9s %9s %9s %7s %7s | %6s %6s\n", "case", "A", "med_ns",
         "best_ns", "medMB/s", "bestMB/s", "B", "med_ns", "best_ns", "medMB/s", "bestMB/s", "r_med",
         "r_best");
  for (int i = 0; i < g_ncases; i++)
    if (matches(g_cases[i].name, filters, nf)) run_case(&g_cases[i], rounds, ms * 1e6);
  return 0;
}
