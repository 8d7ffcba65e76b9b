/*
 * fastcrypt verify with an ML-DSA key (FIPS 204, pure ML-DSA):
 *   fastcrypt verify --alg ml-dsa-44|ml-dsa-65|ml-dsa-87 --key KEY --sig SIG
 *                    [--ctx HEX] FILE
 * KEY: the raw FIPS 204 public key, or SubjectPublicKeyInfo as PEM or DER
 * (then --alg may be left out; given, it must match). SIG: the raw
 * signature. FILE is streamed into the message hash, never held whole.
 * Exit 0 valid, 1 invalid, 2 error; one line on stderr.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pem.h"

#define CMD "verify"
#define KEY_MAX (64u << 10)
#define SIG_MAX (64u << 10)

static const struct {
  const char *name;
  fc_mldsa_param param;
} algs[] = {{"ml-dsa-44", FC_ML_DSA_44}, {"ml-dsa-65", FC_ML_DSA_65}, {"ml-dsa-87", FC_ML_DSA_87}};

static const char *param_name(fc_mldsa_param p) {
  for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++)
    if (algs[i].param == p) return algs[i].name;
  return "?";
}

const uint8_t *fct_spki_der(const uint8_t *buf, size_t len, size_t *der_len, uint8_t **owned) {
  *owned = NULL;
  if (!fct_pem_detect(buf, len)) {
    *der_len = len;
    return buf;
  }
  const char *why;
  if (fct_pem_decode(buf, len, owned, der_len, &why) != FCT_PEM_SPKI) {
    free(*owned);
    *owned = NULL;
    return NULL;
  }
  return *owned;
}

int fct_key_file_is(const char *path, size_t max, int (*is)(const uint8_t *der, size_t len)) {
  if (strcmp(path, "-") == 0) return 0;
  FILE *f = fopen(path, "rb");
  if (f == NULL) return 0;
  uint64_t size = fct_file_size(f); /* 0 for a pipe: the other paths read it */
  fclose(f);
  if (size == 0 || size > max) return 0; /* too large: reported by the caller */
  size_t len, der_len;
  uint8_t *buf = fct_read_file(CMD, path, max, &len), *owned;
  if (buf == NULL) return 0;
  const uint8_t *der = fct_spki_der(buf, len, &der_len, &owned);
  int yes = der != NULL && is(der, der_len);
  free(owned);
  free(buf);
  return yes;
}

static int is_mldsa_spki(const uint8_t *der, size_t len) {
  fc_mldsa_pubkey key;
  return fc_mldsa_pubkey_from_der(&key, der, len) == FC_OK;
}

int fct_is_mldsa_key(const char *path) { return fct_key_file_is(path, KEY_MAX, is_mldsa_spki); }

int fct_parse_ctx(const char *hex, uint8_t ctx[255], size_t *len) {
  size_t n = strlen(hex);
  if (n % 2 != 0 || n / 2 > 255) return -1;
  for (size_t i = 0; i < n; i++) {
    char c = hex[i];
    int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (v < 0) return -1;
    if (i % 2 == 0)
      ctx[i / 2] = (uint8_t)(v << 4);
    else
      ctx[i / 2] |= (uint8_t)v;
  }
  *len = n / 2;
  return 0;
}

/* Loads KEY: raw (needs want) or SubjectPublicKeyInfo; 0 or FCT_EXIT_USAGE. */
static int load_key(fc_mldsa_pubkey *key, const char *path, fc_mldsa_param want) {
  size_t len, der_len;
  uint8_t *buf = fct_read_file(CMD, path, KEY_MAX, &len), *owned;
  if (buf == NULL) return FCT_EXIT_USAGE;
  int status = FCT_EXIT_USAGE;
  const uint8_t *der = fct_spki_der(buf, len, &der_len, &owned);
  fc_err rc = der ? fc_mldsa_pubkey_from_der(key, der, der_len) : FC_ERR_DER;
  if (rc == FC_OK) {
    if (want != 0 && fc_mldsa_pubkey_param(key) != want)
      fct_error(CMD, "%s: an %s key, not %s (--alg)", path,
                param_name(fc_mldsa_pubkey_param(key)), param_name(want));
    else
      status = 0;
  } else if (owned != NULL || fct_pem_detect(buf, len)) {
    fct_error(CMD, "%s: not an ML-DSA PUBLIC KEY", path);
  } else if (want == 0) {
    fct_error(CMD, "%s: not an ML-DSA SubjectPublicKeyInfo (a raw key needs --alg)", path);
  } else if (fc_mldsa_pubkey_init(key, want, buf, len) == FC_OK) {
    status = 0;
  } else {
    fct_error(CMD, "%s: %zu bytes: neither an ML-DSA SubjectPublicKeyInfo nor a raw %s key "
              "(%zu bytes)", path, len, param_name(want), fc_mldsa_pk_len(want));
  }
  free(owned);
  free(buf);
  return status;
}

static int stream_absorb(void *st, const uint8_t *p, size_t n) {
  return fc_mldsa_stream_update((fc_mldsa_stream *)st, p, n) == FC_OK ? 0 : -1;
}

int fct_verify_mldsa(const char *alg, const char *key_path, const char *sig_path,
                     const char *ctx_hex, const char *file) {
  fc_mldsa_param want = 0;
  if (alg != NULL) {
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++)
      if (strcmp(alg, algs[i].name) == 0) want = algs[i].param;
    if (want == 0) {
      fct_error(CMD, "bad --alg '%s' (ml-dsa-44, ml-dsa-65 or ml-dsa-87)", alg);
      return FCT_EXIT_USAGE;
    }
  }
  uint8_t ctx[255];
  size_t ctx_len = 0;
  if (ctx_hex != NULL && fct_parse_ctx(ctx_hex, ctx, &ctx_len) != 0) {
    fct_error(CMD, "bad --ctx '%s' (hex, at most 255 bytes)", ctx_hex);
    return FCT_EXIT_USAGE;
  }
  fc_mldsa_pubkey *key = malloc(sizeof *key);
  if (key == NULL) {
    fct_error(CMD, "out of memory");
    return FCT_EXIT_USAGE;
  }
  int status = load_key(key, key_path, want);
  uint8_t *sig = NULL;
  size_t sig_len = 0;
  if (status == 0) {
    sig = fct_read_file(CMD, sig_path, SIG_MAX, &sig_len);
    status = sig == NULL ? FCT_EXIT_USAGE : 0;
  }
  if (status == 0) {
    fc_mldsa_stream st;
    fc_err rc = fc_mldsa_stream_init(&st, key, ctx, ctx_len);
    int frc = rc == FC_OK ? fct_stream_file(file, stream_absorb, &st) : -1;
    status = fct_verdict(CMD, file, frc, frc == 0 ? fc_mldsa_stream_final(&st, sig, sig_len) : FC_OK,
                         param_name(fc_mldsa_pubkey_param(key)));
  }
  free(sig);
  free(key);
  return status;
}
