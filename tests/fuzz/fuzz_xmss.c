/*
 * libFuzzer target: XMSS / XMSS^MT verification with arbitrary keys,
 * signatures and messages. Input: byte 0 picks the OID space (bit 0:
 * XMSS^MT, fc_xmssmt_pubkey_init; otherwise fc_xmss_pubkey_init) and, with
 * the rest of its bits, where the streamed form splits the message; byte 1
 * the key's length, then the key; two bytes (big-endian) the signature's
 * length, then the signature (what is left if shorter); the rest is the
 * message. Whatever the input: no crash, no out-of-bounds access
 * (ASan/UBSan); key set-up gives FC_OK or FC_ERR_KEY, verification FC_OK or
 * FC_ERR_SIG; the streamed form (two pieces, input-chosen split) agrees
 * with one-shot; a signature that verifies no longer does with its last
 * byte dropped, with a byte appended, or with the message's first byte
 * changed. Seeds: tests/fuzz/corpus/xmss (tools/make-xmss-fuzz-seeds.py:
 * valid signatures from tests/vectors/xmss and tampered ones).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"
#include "fastcrypt/xmss.h"

static fc_err streamed(const fc_xmss_pubkey *key, const uint8_t *m, size_t ml, size_t split,
                       const uint8_t *s, size_t sl) {
  fc_xmss_stream st;
  fc_err rc = fc_xmss_stream_init(&st, key, s, sl);
  if (rc != FC_OK) return rc;
  if (fc_xmss_stream_update(&st, m, split) != FC_OK ||
      fc_xmss_stream_update(&st, m + split, ml - split) != FC_OK)
    abort();
  return fc_xmss_stream_final(&st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4) return 0;
  int mt = data[0] & 1;
  size_t at = 1, pkl = data[at++];
  if (pkl > size - at) pkl = size - at;
  const uint8_t *pk = data + at;
  at += pkl;
  if (size - at < 2) return 0;
  size_t sl = (size_t)data[at] << 8 | data[at + 1];
  at += 2;
  if (sl > size - at) sl = size - at;
  const uint8_t *sig = data + at;
  at += sl;
  const uint8_t *msg = data + at;
  size_t ml = size - at;

  static fc_xmss_pubkey key;
  static uint8_t one = 0;
  fc_err krc = mt ? fc_xmssmt_pubkey_init(&key, pkl ? pk : &one, pkl)
                  : fc_xmss_pubkey_init(&key, pkl ? pk : &one, pkl);
  if (krc == FC_ERR_KEY) {
    if (fc_xmss_verify(&key, &one, 0, &one, 0) != FC_ERR_ARG) abort(); /* cleared */
    return 0;
  }
  if (krc != FC_OK) abort();
  const uint8_t *sp = sl ? sig : &one, *mp = ml ? msg : &one;
  fc_err rc = fc_xmss_verify(&key, mp, ml, sp, sl);
  if (rc != FC_OK && rc != FC_ERR_SIG) abort();
  size_t split = ml ? (size_t)(data[0] >> 1) % (ml + 1) : 0;
  if (streamed(&key, mp, ml, split, sp, sl) != rc) abort();
  if (rc == FC_OK) {
    if (sl == 0 || fc_xmss_verify(&key, mp, ml, sp, sl - 1) != FC_ERR_SIG) abort();
    static uint8_t big[65536 + 1];
    memcpy(big, sp, sl);
    big[sl] = 0;
    if (fc_xmss_verify(&key, mp, ml, big, sl + 1) != FC_ERR_SIG) abort();
    if (ml) {
      static uint8_t m2[65536];
      if (ml <= sizeof m2) {
        memcpy(m2, msg, ml);
        m2[0] ^= 1;
        if (fc_xmss_verify(&key, m2, ml, sp, sl) != FC_ERR_SIG) abort();
      }
    }
  }
  return 0;
}
