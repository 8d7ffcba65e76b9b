/*
 * libFuzzer target: fc_pkcs7_parse on arbitrary bytes, then
 * fc_pkcs7_verify of what it accepts (against its own first certificate
 * as the trusted one, over its attached content and over a fixed detached
 * one), fc_pkcs7_signer_cert and fc_authenticode_timestamp_token for every
 * signer, and the input read as a TimeStampToken (fc_timestamp_info,
 * fc_timestamp_verify against its own first signer), the first signer's
 * EKUs (fc_pkcs7_check_ekus), and the input's first 128 bytes as dotted
 * OID text (fc_oid_from_text). Whatever the input: no
 * crash, no out-of-bounds access (ASan/UBSan); a failed parse clears the
 * structure; slices lie inside the input; only listed return codes.
 * Seeds: tests/fuzz/corpus/pkcs7 (SignedData made by `openssl cms -sign`
 * with P-256 and RSA-2048 signers: detached, attached, without attributes,
 * bare SignedData; an Authenticode SignedData with an RFC 3161 timestamp
 * by osslsigncode and `openssl ts`, and that timestamp's token alone).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

static const uint8_t *g_lo, *g_hi;

static void inside(fc_slice s) {
  if (s.len == 0) return;
  if (s.p < g_lo || s.p > g_hi || s.len > (size_t)(g_hi - s.p)) abort();
}

static fc_pkcs7 p7;
static _Alignas(64) uint8_t ws[FC_X509_SIG_WORKSPACE_BYTES];

static void code(fc_err rc) {
  if (rc != FC_OK && rc != FC_ERR_SIG && rc != FC_ERR_UNSUPPORTED && rc != FC_ERR_ARG) abort();
}

/* fc_oid_from_text on the input's first bytes: a valid result ends its
   last arc (high bit clear) and fits the buffer. */
static void oid_text(const uint8_t *data, size_t size) {
  char text[129];
  size_t n = size < 128 ? size : 128, len = 0;
  memcpy(text, data, n);
  text[n] = '\0';
  uint8_t out[64];
  fc_err rc = fc_oid_from_text(text, out, sizeof out, &len);
  if (rc == FC_OK ? len == 0 || len > sizeof out || (out[len - 1] & 0x80) : rc != FC_ERR_ARG) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  oid_text(data, size);
  fc_err rc = fc_pkcs7_parse(&p7, data, size);
  if (rc != FC_OK) {
    if (rc != FC_ERR_DER && rc != FC_ERR_UNSUPPORTED && rc != FC_ERR_ARG) abort();
    const uint8_t *p = (const uint8_t *)&p7;
    for (size_t i = 0; i < sizeof p7; i++)
      if (p[i]) abort();
    return 0;
  }
  g_lo = data;
  g_hi = data + size;
  if (p7.n_signers == 0 || p7.n_signers > FC_PKCS7_MAX_SIGNERS || p7.n_certs > FC_PKCS7_MAX_CERTS)
    abort();
  inside(p7.content_type);
  inside(p7.content);
  inside(p7.content_whole);
  for (size_t i = 0; i < p7.n_signers; i++) {
    const fc_pkcs7_signer *s = &p7.signers[i];
    inside(s->issuer);
    inside(s->serial);
    inside(s->ski);
    inside(s->signed_attrs);
    inside(s->signature);
    inside(s->unsigned_attrs);
    const fc_x509_cert *c = fc_pkcs7_signer_cert(&p7, s);
    if (c != NULL && (c < p7.certs || c >= p7.certs + p7.n_certs)) abort();
    fc_slice token;
    rc = fc_authenticode_timestamp_token(s, &token);
    if (rc != FC_OK && rc != FC_ERR_SIG && rc != FC_ERR_DER) abort();
    if (rc == FC_OK) inside(token);
  }
  fc_tst_info info;
  rc = fc_timestamp_info(&p7, &info);
  if (rc != FC_OK && rc != FC_ERR_DER && rc != FC_ERR_UNSUPPORTED) abort();
  if (rc == FC_OK) {
    inside(info.policy);
    inside(info.imprint);
    inside(info.serial);
    if (info.imprint.len != fc_hash_len(info.imprint_alg)) abort();
  }
  static const uint8_t kCodeSigning[8] = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x03};
  const fc_slice ekus[2] = {{kCodeSigning, 8}, {kCodeSigning, 7}};
  rc = fc_pkcs7_check_ekus(&p7, ekus, 2, (int)(size & 1));
  if (rc != FC_OK && rc != FC_ERR_SIG) abort();
  int64_t when;
  rc = fc_timestamp_verify(&p7, &p7.signers[0], p7.certs, p7.n_certs, FC_X509_PARTIAL_CHAIN, 0, ws,
                           sizeof ws, &when);
  if (rc != FC_OK && rc != FC_ERR_SIG && rc != FC_ERR_DER && rc != FC_ERR_UNSUPPORTED) abort();
  for (size_t i = 0; i < p7.n_certs; i++) inside(p7.certs[i].der);
  const fc_x509_cert *signer;
  code(fc_pkcs7_verify(&p7, NULL, 0, p7.certs, p7.n_certs ? 1 : 0, FC_X509_PARTIAL_CHAIN, 0, ws,
                       sizeof ws, &signer));
  static const uint8_t detached[] = "fastcrypt fuzz content\n";
  code(fc_pkcs7_verify(&p7, detached, sizeof detached - 1, p7.certs, p7.n_certs ? 1 : 0,
                       FC_X509_PARTIAL_CHAIN, 0, ws, sizeof ws, &signer));
  return 0;
}
