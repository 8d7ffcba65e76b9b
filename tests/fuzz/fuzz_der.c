/*
 * libFuzzer target: fc_rsa_pubkey_from_der on arbitrary bytes.
 * Whatever the input: no crash, no out-of-bounds access (ASan/UBSan), and a
 * result that is either a usable key whose numbers meet the documented
 * bounds, or an error code the header lists, with the key cleared.
 * Seeds: tests/fuzz/corpus/der (the vboot test keys' SubjectPublicKeyInfo and
 * RSAPublicKey DER).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fastcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fc_rsa_pubkey key;
  fc_err rc = fc_rsa_pubkey_from_der(&key, data, size);
  if (rc == FC_OK) {
    if (key.mont.nbits < FC_RSA_MIN_BITS || key.mont.nbits > FC_RSA_MAX_BITS) abort();
    if (!(key.mont.n[0] & 1) || key.nbytes != (key.mont.nbits + 7) / 8) abort();
    if (key.e_len == 0 || key.e_len > key.nbytes || !(key.e[key.e_len - 1] & 1)) abort();
    /* A zero signature is in range and never verifies. */
    uint8_t sig[FC_RSA_MAX_BYTES] = {0}, digest[32] = {0};
    if (fc_rsa_verify(&key, FC_SHA256, digest, 32, sig, key.nbytes) != FC_ERR_SIG) abort();
  } else {
    if (rc != FC_ERR_DER && rc != FC_ERR_KEY) abort();
    const uint8_t *p = (const uint8_t *)&key;
    for (size_t i = 0; i < sizeof key; i++)
      if (p[i]) abort(); /* a failed init clears its output */
  }
  return 0;
}
