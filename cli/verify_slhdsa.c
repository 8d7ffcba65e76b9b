/*
 * fastcrypt verify with an SLH-DSA key (FIPS 205, pure SLH-DSA):
 *   fastcrypt verify --alg slh-dsa-sha2-128s|...|slh-dsa-shake-256f --key KEY
 *                    --sig SIG [--ctx HEX] FILE
 * KEY: the raw public key (PK.seed || PK.root), or SubjectPublicKeyInfo as
 * PEM or DER (then --alg may be left out; given, it must match). SIG: the
 * raw signature. FILE is streamed into H_msg, never held whole.
 * Exit 0 valid, 1 invalid, 2 error; one line on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pem.h"

#define CMD "verify"
#define KEY_MAX 4096u
#define SIG_MAX (64u << 10) /* the largest, SLH-DSA-SHA2-256f, is 49,856 bytes */

static const char *const names[12] = {
    "slh-dsa-sha2-128s",  "slh-dsa-sha2-128f",  "slh-dsa-sha2-192s",  "slh-dsa-sha2-192f",
    "slh-dsa-sha2-256s",  "slh-dsa-sha2-256f",  "slh-dsa-shake-128s", "slh-dsa-shake-128f",
    "slh-dsa-shake-192s", "slh-dsa-shake-192f", "slh-dsa-shake-256s", "slh-dsa-shake-256f"};

static fc_slhdsa_param param_of(const char *alg) {
  for (int i = 0; i < 12; i++)
    if (strcmp(alg, names[i]) == 0) return (fc_slhdsa_param)(FC_SLH_DSA_SHA2_128S + i);
  return (fc_slhdsa_param)0;
}

static const char *name_of(fc_slhdsa_param p) {
  return p >= FC_SLH_DSA_SHA2_128S && p <= FC_SLH_DSA_SHAKE_256F ? names[p - 1] : "?";
}

static int is_slhdsa_spki(const uint8_t *der, size_t len) {
  fc_slhdsa_pubkey key;
  return fc_slhdsa_pubkey_from_der(&key, der, len) == FC_OK;
}

int fct_is_slhdsa(const char *alg, const char *path) {
  if (alg != NULL) return strncmp(alg, "slh-dsa-", 8) == 0;
  return fct_key_file_is(path, KEY_MAX, is_slhdsa_spki);
}

/* Loads KEY: raw (needs want) or SubjectPublicKeyInfo; 0 or FCT_EXIT_USAGE. */
static int load_key(fc_slhdsa_pubkey *key, const char *path, fc_slhdsa_param want) {
  size_t len, der_len;
  uint8_t *buf = fct_read_file(CMD, path, KEY_MAX, &len), *owned;
  if (buf == NULL) return FCT_EXIT_USAGE;
  int status = FCT_EXIT_USAGE;
  const uint8_t *der = fct_spki_der(buf, len, &der_len, &owned);
  if (der != NULL && fc_slhdsa_pubkey_from_der(key, der, der_len) == FC_OK) {
    if (want != 0 && fc_slhdsa_pubkey_param(key) != want)
      fct_error(CMD, "%s: an %s key, not %s (--alg)", path, name_of(fc_slhdsa_pubkey_param(key)),
                name_of(want));
    else
      status = 0;
  } else if (owned != NULL || fct_pem_detect(buf, len)) {
    fct_error(CMD, "%s: not an SLH-DSA PUBLIC KEY", path);
  } else if (want == 0) {
    fct_error(CMD, "%s: not an SLH-DSA SubjectPublicKeyInfo (a raw key needs --alg)", path);
  } else if (fc_slhdsa_pubkey_init(key, want, buf, len) == FC_OK) {
    status = 0;
  } else {
    fct_error(CMD, "%s: %zu bytes: neither an SLH-DSA SubjectPublicKeyInfo nor a raw %s key "
              "(%zu bytes)", path, len, name_of(want), fc_slhdsa_pk_len(want));
  }
  free(owned);
  free(buf);
  return status;
}

static int stream_absorb(void *st, const uint8_t *p, size_t n) {
  return fc_slhdsa_stream_update((fc_slhdsa_stream *)st, p, n) == FC_OK ? 0 : -1;
}

int fct_verify_slhdsa(const char *alg, const char *key_path, const char *sig_path,
                      const char *ctx_hex, const char *file) {
  fc_slhdsa_param want = 0;
  if (alg != NULL && (want = param_of(alg)) == 0) {
    fct_error(CMD, "bad --alg '%s' (slh-dsa-sha2-128s ... slh-dsa-shake-256f)", alg);
    return FCT_EXIT_USAGE;
  }
  uint8_t ctx[255];
  size_t ctx_len = 0;
  if (ctx_hex != NULL && fct_parse_ctx(ctx_hex, ctx, &ctx_len) != 0) {
    fct_error(CMD, "bad --ctx '%s' (hex, at most 255 bytes)", ctx_hex);
    return FCT_EXIT_USAGE;
  }
  fc_slhdsa_pubkey key;
  if (load_key(&key, key_path, want) != 0) return FCT_EXIT_USAGE;
  size_t sig_len;
  uint8_t *sig = fct_read_file(CMD, sig_path, SIG_MAX, &sig_len);
  if (sig == NULL) return FCT_EXIT_USAGE;
  const char *name = name_of(fc_slhdsa_pubkey_param(&key));
  int status;
  fc_slhdsa_stream st;
  fc_err rc = fc_slhdsa_stream_init(&st, &key, sig, sig_len, ctx, ctx_len);
  if (rc != FC_OK) {
    fct_error(CMD, "verification failed (library error %d)", (int)rc);
    status = FCT_EXIT_USAGE;
  } else {
    int frc = fct_stream_file(file, stream_absorb, &st);
    status = fct_verdict(CMD, file, frc, frc == 0 ? fc_slhdsa_stream_final(&st) : FC_OK, name);
  }
  free(sig);
  return status;
}
