/*
 * The extended key usage policy of EDK2's VerifyEKUsInPkcs7Signature (FMP
 * capsules name the EKUs their signers must hold) and the dotted-text OIDs
 * its callers pass (PcdPkcs7EkuCertificate-style "1.3.6.1.4.1.311.76.9.21.1").
 */
#include "x509/x509_internal.h"

fc_err fc_oid_from_text(const char *text, uint8_t *out, size_t cap, size_t *out_len) {
  if (text == NULL || out == NULL || out_len == NULL) return FC_ERR_ARG;
  *out_len = 0;
  uint32_t arcs[2] = {0, 0};
  size_t n = 0, len = 0;
  const char *p = text;
  for (;;) {
    /* one arc: decimal digits, no leading zero, below 2^32 */
    if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9')) return FC_ERR_ARG;
    uint64_t v = 0;
    while (*p >= '0' && *p <= '9') {
      v = v * 10 + (uint64_t)(*p++ - '0');
      if (v > 0xffffffffu) return FC_ERR_ARG;
    }
    if (n < 2) {
      arcs[n] = (uint32_t)v;
    }
    if (n >= 1) {
      if (n == 1) { /* the first two arcs share one subidentifier */
        if (arcs[0] > 2 || (arcs[0] < 2 && arcs[1] > 39)) return FC_ERR_ARG;
        v = (uint64_t)arcs[0] * 40 + arcs[1];
      }
      size_t k = 1;
      while (k < 5 && (v >> (7 * k)) != 0) k++;
      if (len + k > cap) return FC_ERR_ARG;
      for (size_t i = 0; i < k; i++)
        out[len + i] = (uint8_t)(((v >> (7 * (k - 1 - i))) & 0x7f) | (i + 1 < k ? 0x80 : 0));
      len += k;
    }
    n++;
    if (*p == '\0') break;
    if (*p++ != '.') return FC_ERR_ARG;
  }
  if (n < 2) return FC_ERR_ARG;
  *out_len = len;
  return FC_OK;
}

fc_err fc_pkcs7_check_ekus(const fc_pkcs7 *p7, const fc_slice *ekus, size_t n, int require_all) {
  if (p7 == NULL || ekus == NULL || n == 0 || p7->n_signers == 0) return FC_ERR_ARG;
  const fc_x509_cert *leaf = fc_pkcs7_signer_cert(p7, &p7->signers[0]);
  if (leaf == NULL) return FC_ERR_SIG;
  size_t held = 0;
  for (size_t i = 0; i < n; i++) {
    if (ekus[i].p == NULL || ekus[i].len == 0) return FC_ERR_ARG;
    held += (size_t)fc_x509_has_eku(leaf, ekus[i].p, ekus[i].len);
  }
  return (require_all ? held == n : held != 0) ? FC_OK : FC_ERR_SIG;
}
