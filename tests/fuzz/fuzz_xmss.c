/*
 * libFuzzer target: XMSS / XMSS^MT verification with arbitrary keys,
 * signatures and messages. Input: fuzz_hashsig_input.h's layout; the form
 * bit picks the OID space (XMSS^MT, fc_xmssmt_pubkey_init, or
 * fc_xmss_pubkey_init). Whatever the input: no crash, no out-of-bounds access
 * (ASan/UBSan); key set-up gives FC_OK or FC_ERR_KEY, verification FC_OK or
 * FC_ERR_SIG; the streamed form (two pieces, input-chosen split) agrees
 * with one-shot; a signature that verifies no longer does with its last
 * byte dropped, with a byte appended, or with the message's first byte
 * changed. Seeds: tests/fuzz/corpus/xmss (tools/make-xmss-fuzz-seeds.py:
 * valid signatures from tests/vectors/xmss and tampered ones).
 */
#include "fastcrypt.h"
#include "fastcrypt/xmss.h"
#include "fuzz_hashsig_input.h"

static fc_err verify(const void *key, const void *msg, size_t len, const uint8_t *sig,
                     size_t sig_len) {
  return fc_xmss_verify((const fc_xmss_pubkey *)key, msg, len, sig, sig_len);
}

static fc_err streamed(const fc_xmss_pubkey *key, const fz_hashsig_input *in) {
  fc_xmss_stream st;
  fc_err rc = fc_xmss_stream_init(&st, key, in->sig, in->sig_len);
  if (rc != FC_OK) return rc;
  if (fc_xmss_stream_update(&st, in->msg, in->split) != FC_OK ||
      fc_xmss_stream_update(&st, in->msg + in->split, in->msg_len - in->split) != FC_OK)
    abort();
  return fc_xmss_stream_final(&st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_hashsig_input in;
  if (!fz_hashsig_parse(data, size, &in)) return 0;
  static fc_xmss_pubkey key;
  fc_err krc = in.form ? fc_xmssmt_pubkey_init(&key, in.pk, in.pk_len)
                       : fc_xmss_pubkey_init(&key, in.pk, in.pk_len);
  if (krc == FC_ERR_KEY) {
    if (fc_xmss_verify(&key, &fz_one, 0, &fz_one, 0) != FC_ERR_ARG) abort(); /* cleared */
    return 0;
  }
  if (krc != FC_OK) abort();
  fc_err rc = fc_xmss_verify(&key, in.msg, in.msg_len, in.sig, in.sig_len);
  if (rc != FC_OK && rc != FC_ERR_SIG) abort();
  if (streamed(&key, &in) != rc) abort();
  if (rc == FC_OK) fz_hashsig_tampered(verify, &key, &in);
  return 0;
}
