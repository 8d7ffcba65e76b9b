/*
 * libFuzzer target: fc_x509_parse on arbitrary bytes, then every accessor
 * on what it accepted (name lookups, extension lookups, extKeyUsage, the
 * key, the certificate's signature checked with its own key). Whatever the
 * input: no crash, no out-of-bounds access (ASan/UBSan); a failed parse
 * clears the certificate; every slice of a parsed one lies inside the
 * input; every call returns a code its header lists.
 * Seeds: tests/fuzz/corpus/x509 (DER certificates made by the openssl
 * command: RSA 2048 with PKCS#1 and PSS signatures, P-256, P-384, with and
 * without extensions).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fastcrypt.h"

static const uint8_t *g_lo, *g_hi;

static void inside(fc_slice s) {
  if (s.len == 0) return;
  if (s.p < g_lo || s.p > g_hi || s.len > (size_t)(g_hi - s.p)) abort();
}

static _Alignas(64) uint8_t ws[FC_X509_SIG_WORKSPACE_BYTES];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fc_x509_cert c;
  fc_err rc = fc_x509_parse(&c, data, size);
  if (rc != FC_OK) {
    if (rc != FC_ERR_DER && rc != FC_ERR_ARG) abort();
    const uint8_t *p = (const uint8_t *)&c;
    for (size_t i = 0; i < sizeof c; i++)
      if (p[i]) abort();
    return 0;
  }
  g_lo = data;
  g_hi = data + size;
  fc_slice all[] = {c.der,     c.tbs,       c.serial,     c.issuer, c.subject, c.spki,
                    c.key_params, c.signature, c.extensions, c.eku, c.ski, c.aki,
                    c.sig_alg.oid, c.sig_alg.params};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) inside(all[i]);
  if (c.version < 1 || c.version > 3) abort();
  static const uint8_t cn[3] = {0x55, 0x04, 0x03}, bc[3] = {0x55, 0x1d, 0x13};
  static const uint8_t cs[8] = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x03};
  fc_slice v;
  uint8_t tag;
  int crit;
  for (int i = 0; i < 2; i++) {
    rc = fc_x509_name_attr(i ? c.subject : c.issuer, cn, 3, &v, &tag);
    if (rc == FC_OK) inside(v);
    else if (rc != FC_ERR_DER) abort();
  }
  rc = fc_x509_ext(&c, bc, 3, &crit, &v);
  if (rc == FC_OK) {
    inside(v);
    if (crit != 0 && crit != 1) abort();
  } else if (rc != FC_ERR_DER) {
    abort();
  }
  if ((unsigned)fc_x509_has_eku(&c, cs, sizeof cs) > 1) abort();
  fc_ec_pubkey ek;
  rc = fc_x509_ec_key(&c, &ek);
  if (rc != FC_OK && rc != FC_ERR_UNSUPPORTED && rc != FC_ERR_DER && rc != FC_ERR_KEY) abort();
  rc = fc_x509_check_signed(&c, &c, ws, sizeof ws);
  if (rc != FC_OK && rc != FC_ERR_SIG && rc != FC_ERR_UNSUPPORTED && rc != FC_ERR_DER &&
      rc != FC_ERR_KEY && rc != FC_ERR_ARG)
    abort();
  return 0;
}
