/*
 * fastcrypt verify with an XMSS or XMSS^MT key (RFC 8391, NIST SP 800-208):
 *   fastcrypt verify --alg xmss|xmssmt --key KEY --sig SIG FILE
 * KEY: the raw public key with its OID prefix (u32 OID || root || SEED; the
 * OID is read in the XMSS or the XMSS^MT registry, as --alg says); SIG: the
 * raw signature. FILE is streamed into H_msg, never held whole. Exit 0
 * valid, 1 invalid, 2 error.
 */
#include <stdlib.h>

#include "cli.h"

#define CMD "verify"
#define KEY_MAX 4096u
#define SIG_MAX (1u << 20) /* XMSS^MT 60/12, n = 32: 27,688 bytes */

static int stream_absorb(void *st, const uint8_t *p, size_t n) {
  return fc_xmss_stream_update((fc_xmss_stream *)st, p, n) == FC_OK ? 0 : -1;
}

int fct_verify_xmss(int mt, const char *key_path, const char *sig_path, const char *file) {
  const char *what = mt ? "XMSS^MT" : "XMSS";
  size_t klen, slen;
  uint8_t *kbuf = fct_read_file(CMD, key_path, KEY_MAX, &klen);
  if (kbuf == NULL) return FCT_EXIT_USAGE;
  fc_xmss_pubkey key;
  fc_err rc = mt ? fc_xmssmt_pubkey_init(&key, kbuf, klen) : fc_xmss_pubkey_init(&key, kbuf, klen);
  free(kbuf);
  if (rc != FC_OK) {
    fct_error(CMD, "%s: not an %s public key (u32 OID || root || SEED, a supported OID)",
              key_path, what);
    return FCT_EXIT_USAGE;
  }
  uint8_t *sig = fct_read_file(CMD, sig_path, SIG_MAX, &slen);
  if (sig == NULL) return FCT_EXIT_USAGE;
  int status;
  fc_xmss_stream st;
  rc = fc_xmss_stream_init(&st, &key, sig, slen);
  if (rc == FC_ERR_SIG) {
    fct_error(CMD, "signature does not verify (malformed %s signature)", what);
    status = FCT_EXIT_FAIL;
  } else if (rc != FC_OK) {
    fct_error(CMD, "verification failed (library error %d)", (int)rc);
    status = FCT_EXIT_USAGE;
  } else {
    int frc = fct_stream_file(file, stream_absorb, &st);
    status = fct_verdict(CMD, file, frc, frc == 0 ? fc_xmss_stream_final(&st) : FC_OK, what);
  }
  free(sig);
  return status;
}
