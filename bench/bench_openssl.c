/*
 * The OpenSSL 3 column of fc_bench, through non-deprecated APIs only (the
 * target is built with OPENSSL_NO_DEPRECATED).
 *
 * What is set up once, outside the timed loop, and what each timed call does:
 *  - mont_mul:   BN_MONT_CTX for n and a BN_CTX are set up once; each call is
 *                BN_mod_mul_montgomery(r, a, b, mont, bn_ctx).
 *  - modpow:     same BN_MONT_CTX and BN_CTX; each call is
 *                BN_mod_exp_mont(r, a, e, n, bn_ctx, mont).
 *  - rsa_verify: EVP_PKEY built once from the key's n and e
 *                (EVP_PKEY_fromdata), one EVP_PKEY_CTX initialised once for
 *                verification (PKCS#1 v1.5 padding, SHA-256 signature md);
 *                each call is EVP_PKEY_verify(ctx, sig, digest) on the
 *                precomputed digest. OpenSSL caches the key's Montgomery
 *                context on the first call (a calibration call, not timed),
 *                which matches fastcrypt's key holding its constants from
 *                fc_rsa_pubkey_from_vboot. Per call, OpenSSL still does its
 *                provider dispatch, BN_CTX allocation, big-endian conversion,
 *                exponentiation and padding/DigestInfo check.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#include <openssl/rsa.h>

#include "bench.h"

struct bench_ossl {
  bench_op op;
  size_t nwords;
  BN_CTX *bn;
  BN_MONT_CTX *mont;
  BIGNUM *n, *a, *b, *e, *r;
  EVP_PKEY *pkey;
  EVP_PKEY_CTX *vctx;
  const uint8_t *sig, *digest;
  size_t sig_len;
};

const char *bench_ossl_version(void) { return OpenSSL_version(OPENSSL_VERSION); }

static BIGNUM *bn_from_words(const uint32_t *w, size_t nw) {
  uint8_t buf[4 * FC_MONT_MAX_WORDS];
  for (size_t i = 0; i < 4 * nw; i++) buf[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
  return BN_lebin2bn(buf, (int)(4 * nw), NULL);
}

static int setup_rsa(bench_ossl *o) {
  OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
  OSSL_PARAM *params = NULL;
  EVP_PKEY_CTX *kctx = NULL;
  int ok = bld != NULL && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, o->n) &&
           OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, o->e) &&
           (params = OSSL_PARAM_BLD_to_param(bld)) != NULL &&
           (kctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL)) != NULL &&
           EVP_PKEY_fromdata_init(kctx) > 0 &&
           EVP_PKEY_fromdata(kctx, &o->pkey, EVP_PKEY_PUBLIC_KEY, params) > 0 &&
           (o->vctx = EVP_PKEY_CTX_new_from_pkey(NULL, o->pkey, NULL)) != NULL &&
           EVP_PKEY_verify_init(o->vctx) > 0 &&
           EVP_PKEY_CTX_set_rsa_padding(o->vctx, RSA_PKCS1_PADDING) > 0 &&
           EVP_PKEY_CTX_set_signature_md(o->vctx, EVP_sha256()) > 0;
  EVP_PKEY_CTX_free(kctx);
  OSSL_PARAM_free(params);
  OSSL_PARAM_BLD_free(bld);
  return ok;
}

bench_ossl *bench_ossl_new(const bench_input *in) {
  bench_ossl *o = calloc(1, sizeof(*o));
  if (o == NULL) return NULL;
  o->op = in->op;
  o->nwords = in->nwords;
  o->sig = in->sig;
  o->sig_len = in->sig_len;
  o->digest = in->digest;
  int ok = (o->bn = BN_CTX_new()) != NULL && (o->mont = BN_MONT_CTX_new()) != NULL &&
           (o->n = bn_from_words(in->n, in->nwords)) != NULL &&
           (o->a = bn_from_words(in->a, in->nwords)) != NULL &&
           (o->b = bn_from_words(in->b, in->nwords)) != NULL &&
           (o->e = BN_bin2bn(in->e, (int)in->e_len, NULL)) != NULL && (o->r = BN_new()) != NULL &&
           BN_MONT_CTX_set(o->mont, o->n, o->bn);
  if (ok && in->op == BOP_RSA_VERIFY) ok = setup_rsa(o);
  if (!ok) {
    fprintf(stderr, "fc_bench: OpenSSL setup failed\n");
    bench_ossl_free(o);
    return NULL;
  }
  return o;
}

int bench_ossl_run(bench_ossl *o, uint64_t iters) {
  int bad = 0;
  switch (o->op) {
    case BOP_MONT_MUL:
      for (uint64_t i = 0; i < iters; i++)
        bad |= BN_mod_mul_montgomery(o->r, o->a, o->b, o->mont, o->bn) != 1;
      break;
    case BOP_MODPOW_F4:
    case BOP_MODPOW_E3:
      for (uint64_t i = 0; i < iters; i++)
        bad |= BN_mod_exp_mont(o->r, o->a, o->e, o->n, o->bn, o->mont) != 1;
      break;
    case BOP_RSA_VERIFY:
      for (uint64_t i = 0; i < iters; i++)
        bad |= EVP_PKEY_verify(o->vctx, o->sig, o->sig_len, o->digest, 32) != 1;
      break;
  }
  return bad ? -1 : 0;
}

void bench_ossl_result(const bench_ossl *o, uint32_t *out, size_t nwords) {
  uint8_t buf[4 * FC_MONT_MAX_WORDS];
  for (size_t i = 0; i < nwords; i++) out[i] = 0;
  if (BN_bn2lebinpad(o->r, buf, (int)(4 * nwords)) < 0) return;
  for (size_t i = 0; i < 4 * nwords; i++) out[i / 4] |= (uint32_t)buf[i] << (8 * (i % 4));
}

void bench_ossl_free(bench_ossl *o) {
  if (o == NULL) return;
  EVP_PKEY_CTX_free(o->vctx);
  EVP_PKEY_free(o->pkey);
  BN_free(o->r);
  BN_free(o->e);
  BN_free(o->b);
  BN_free(o->a);
  BN_free(o->n);
  BN_MONT_CTX_free(o->mont);
  BN_CTX_free(o->bn);
  free(o);
}

struct x509_store_st *bench_ossl_edk2_store(const uint8_t *der, size_t len) {
  const unsigned char *p = der;
  X509 *x = d2i_X509(NULL, &p, (long)len);
  X509_STORE *st = x ? X509_STORE_new() : NULL;
  if (st != NULL && X509_STORE_add_cert(st, x) != 1) { /* the store takes its own reference */
    X509_STORE_free(st);
    st = NULL;
  }
  X509_free(x);
  if (st != NULL) {
    X509_STORE_set_flags(st, X509_V_FLAG_PARTIAL_CHAIN | X509_V_FLAG_NO_CHECK_TIME);
    X509_STORE_set_purpose(st, X509_PURPOSE_ANY);
  }
  return st;
}
