/*
 * fastcrypt verify with an HSS/LMS key (RFC 8554, NIST SP 800-208):
 *   fastcrypt verify --alg hss --key KEY --sig SIG FILE
 * KEY: the HSS public key as RFC 8554 section 6.1 encodes it (u32 L || the
 * top LMS public key; a single LMS tree is L = 1); SIG: the HSS signature
 * (u32 Nspk || ...). FILE is streamed into the bottom one-time signature's
 * message hash, never held whole. Exit 0 valid, 1 invalid, 2 error.
 */
#include <stdlib.h>

#include "cli.h"

#define CMD "verify"
#define KEY_MAX 4096u
#define SIG_MAX (1u << 20) /* 8 levels of H25, W1, m32: about 110 KB */

static int stream_absorb(void *st, const uint8_t *p, size_t n) {
  return fc_hss_stream_update((fc_hss_stream *)st, p, n) == FC_OK ? 0 : -1;
}

int fct_verify_hss(const char *key_path, const char *sig_path, const char *file) {
  size_t klen, slen;
  uint8_t *kbuf = fct_read_file(CMD, key_path, KEY_MAX, &klen);
  if (kbuf == NULL) return FCT_EXIT_USAGE;
  fc_hss_pubkey key;
  fc_err rc = fc_hss_pubkey_init(&key, kbuf, klen);
  free(kbuf);
  if (rc != FC_OK) {
    fct_error(CMD, "%s: not an HSS public key (u32 L || LMS public key, known types)", key_path);
    return FCT_EXIT_USAGE;
  }
  uint8_t *sig = fct_read_file(CMD, sig_path, SIG_MAX, &slen);
  if (sig == NULL) return FCT_EXIT_USAGE;
  int status;
  fc_hss_stream st;
  rc = fc_hss_stream_init(&st, &key, sig, slen);
  if (rc == FC_ERR_SIG) {
    fct_error(CMD, "signature does not verify (malformed HSS signature)");
    status = FCT_EXIT_FAIL;
  } else if (rc != FC_OK) {
    fct_error(CMD, "verification failed (library error %d)", (int)rc);
    status = FCT_EXIT_USAGE;
  } else {
    char what[32];
    snprintf(what, sizeof what, "HSS, %u level%s", (unsigned)fc_hss_pubkey_levels(&key),
             fc_hss_pubkey_levels(&key) == 1 ? "" : "s");
    int frc = fct_stream_file(file, stream_absorb, &st);
    status = fct_verdict(CMD, file, frc, frc == 0 ? fc_hss_stream_final(&st) : FC_OK, what);
  }
  free(sig);
  return status;
}
