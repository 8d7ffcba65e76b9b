/*
 * libFuzzer target: fc_mldsa_pubkey_from_der on arbitrary bytes. Whatever
 * the input: no crash, no out-of-bounds access (ASan/UBSan), FC_OK,
 * FC_ERR_DER or FC_ERR_KEY only; a key it accepts is strict DER: the
 * input is exactly SEQUENCE { SEQUENCE { OID id-ml-dsa-NN }, BIT STRING
 * (0 unused bits) key } re-encoded from the parsed key, and equals the raw
 * load of the same key.
 * Seeds: tests/fuzz/corpus/mldsa_key (the committed SubjectPublicKeyInfo
 * keys of the three sets, and truncations: tools/make-fuzz-seeds.py).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static fc_mldsa_pubkey key, raw;
  uint8_t one = 0;
  fc_err rc = fc_mldsa_pubkey_from_der(&key, size ? data : &one, size);
  if (rc != FC_OK && rc != FC_ERR_DER && rc != FC_ERR_KEY) abort();
  if (rc != FC_OK) {
    if (fc_mldsa_pubkey_param(&key) != 0) abort(); /* cleared on failure */
    return 0;
  }
  fc_mldsa_param p = fc_mldsa_pubkey_param(&key);
  size_t n = fc_mldsa_pk_len(p), body = 2 + 11 + 4 + 1 + n;
  uint8_t want[4 + 2 + 11 + 4 + 1 + FC_MLDSA_PK_MAX];
  size_t w = 0;
  want[w++] = 0x30, want[w++] = 0x82, want[w++] = (uint8_t)(body >> 8), want[w++] = (uint8_t)body;
  static const uint8_t alg[13] = {0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48,
                                  0x01, 0x65, 0x03, 0x04, 0x03, 0};
  memcpy(want + w, alg, sizeof alg);
  want[w + 12] = (uint8_t)(16 + p);
  w += sizeof alg;
  want[w++] = 0x03, want[w++] = 0x82, want[w++] = (uint8_t)((n + 1) >> 8);
  want[w++] = (uint8_t)(n + 1), want[w++] = 0;
  memcpy(want + w, data + w, n);
  w += n;
  if (w != size || memcmp(want, data, size) != 0) abort();
  if (fc_mldsa_pubkey_init(&raw, p, data + size - n, n) != FC_OK) abort();
  if (memcmp(&raw, &key, sizeof key) != 0) abort();
  return 0;
}
