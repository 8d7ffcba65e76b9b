/*
 * libFuzzer target: a PE/COFF image on arbitrary bytes: fc_pe_cert_table,
 * fc_pe_hash (SHA-256), every WIN_CERTIFICATE through fc_pe_next_signature,
 * fc_pkcs7_parse and fc_authenticode_digest / fc_authenticode_verify with
 * the signature's own certificates. Whatever the input: no crash, no
 * out-of-bounds access (ASan/UBSan), slices inside the input, only listed
 * return codes.
 * Seeds: tests/fuzz/corpus/pe (small PE32+ and PE32 images written by
 * tools/make-pe-seeds.py: headers, two sections, trailing data, a
 * certificate table holding a SignedData made by the openssl command).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fastcrypt.h"

static fc_pkcs7 p7;
static _Alignas(64) uint8_t ws[FC_X509_SIG_WORKSPACE_BYTES];

static void inside(fc_slice s, const uint8_t *lo, size_t n) {
  if (s.len != 0 && (s.p < lo || s.p > lo + n || s.len > (size_t)(lo + n - s.p))) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t d[FC_HASH_MAX_LEN];
  fc_slice table, cur, der;
  fc_err rc = fc_pe_hash(FC_SHA256, data, size, d);
  if (rc != FC_OK && rc != FC_ERR_DER && rc != FC_ERR_ARG) abort();
  rc = fc_pe_cert_table(data, size, &table);
  if (rc != FC_OK) {
    if (rc != FC_ERR_DER && rc != FC_ERR_ARG) abort();
    return 0;
  }
  inside(table, data, size);
  cur = table;
  for (int n = 0; n < 8 && (rc = fc_pe_next_signature(&cur, &der)) == FC_OK; n++) {
    inside(der, data, size);
    if (fc_pkcs7_parse(&p7, der.p, der.len) != FC_OK) continue;
    fc_hash_alg alg;
    fc_slice dig;
    rc = fc_authenticode_digest(&p7, &alg, &dig);
    if (rc == FC_OK) {
      inside(dig, data, size);
      rc = fc_authenticode_verify(&p7, dig.p, dig.len, p7.certs, p7.n_certs, FC_X509_PARTIAL_CHAIN, 0,
                                  ws, sizeof ws, NULL);
      if (rc != FC_OK && rc != FC_ERR_SIG && rc != FC_ERR_UNSUPPORTED && rc != FC_ERR_ARG) abort();
    } else if (rc != FC_ERR_DER && rc != FC_ERR_UNSUPPORTED) {
      abort();
    }
  }
  if (rc != FC_OK && rc != FC_ERR_SIG && rc != FC_ERR_DER && rc != FC_ERR_UNSUPPORTED &&
      rc != FC_ERR_ARG)
    abort();
  return 0;
}
