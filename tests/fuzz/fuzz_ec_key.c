/*
 * libFuzzer target: fc_ec_pubkey_from_der, and fc_ec_pubkey_init on both
 * curves, on arbitrary bytes. Whatever the input: no crash, no
 * out-of-bounds access (ASan/UBSan), and either a key of the curve asked
 * for (or named) that refuses an all-zero signature as FC_ERR_SIG, or an
 * error code the header lists with the key cleared.
 * Seeds: tests/fuzz/corpus/ec_key (Wycheproof keys: SubjectPublicKeyInfo of
 * both curves, uncompressed and compressed points).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fastcrypt.h"

static void check(fc_err rc, const fc_ec_pubkey *key, fc_curve want) {
  if (rc == FC_OK) {
    fc_curve c = fc_ec_pubkey_curve(key);
    if (c != FC_P256 && c != FC_P384) abort();
    if (want && c != want) abort();
    uint8_t digest[32] = {1}, raw[96] = {0};
    size_t nb = c == FC_P256 ? 32 : 48;
    if (fc_ecdsa_verify_raw(key, digest, 32, raw, 2 * nb) != FC_ERR_SIG) abort();
  } else {
    if (rc != FC_ERR_DER && rc != FC_ERR_KEY && rc != FC_ERR_UNSUPPORTED) abort();
    const uint8_t *p = (const uint8_t *)key;
    for (size_t i = 0; i < sizeof *key; i++)
      if (p[i]) abort(); /* a failed init clears its output */
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fc_ec_pubkey key;
  check(fc_ec_pubkey_from_der(&key, data, size), &key, (fc_curve)0);
  if (size > 0) {
    check(fc_ec_pubkey_init(&key, FC_P256, data, size), &key, FC_P256);
    check(fc_ec_pubkey_init(&key, FC_P384, data, size), &key, FC_P384);
  }
  return 0;
}
