/*
 * libFuzzer target: the PEM key decoder of `fastcrypt verify`
 * (fct_pem_detect, fct_pem_decode, fct_der_kind in cli/pem.c), then
 * fc_rsa_pubkey_from_der on what it decodes, as load_key in cli/verify.c
 * does.
 * Input: the key file's bytes, all of them (no selector byte).
 * Checked properties (a violation is __builtin_trap):
 *  - no crash, no out-of-bounds access, no UB, no leak (ASan/UBSan);
 *  - fct_pem_detect and fct_der_kind (on the input and on the decoded DER)
 *    return only their documented values;
 *  - a failed decode returns 0 with *der NULL, *der_len 0 and *why a
 *    non-NULL message that lies outside the input ("PEM: ..." or
 *    "out of memory", the static strings of cli/pem.c);
 *  - a successful decode returns FCT_PEM_SPKI or FCT_PEM_PKCS1 only for an
 *    input fct_pem_detect accepts, with 0 < der_len <= 3 * len / 4; the DER
 *    re-encoded here as canonical PEM (the label of the kind returned,
 *    base64 in 64-character lines, LF, and again with CRLF) decodes to the
 *    same kind and identical bytes;
 *  - fc_rsa_pubkey_from_der on the DER returns FC_OK, FC_ERR_DER or
 *    FC_ERR_KEY, and FC_OK only for DER that fct_der_kind classifies.
 * Seeds: tests/fuzz/corpus/pem, written by a few lines of Python from one
 * RSA key made with `openssl genpkey -algorithm RSA -pkeyopt
 * rsa_keygen_bits:1024 | openssl pkey -pubout` (the private key was not
 * kept): its PUBLIC KEY PEM, its RSA PUBLIC KEY form (`openssl rsa -pubin
 * -RSAPublicKey_out`), a 2048-bit PUBLIC KEY made the same way, the first
 * with CRLF and rewrapped at 76 columns between blank space, the PKCS#1
 * body under a PUBLIC KEY label (decodes; verify's label check refuses
 * it), and near-misses: truncated at 150 bytes, no END line, a mismatched
 * END label, a '!' in the base64, a "Comment:" header, a PRIVATE KEY
 * label, non-zero pad bits ("AgMBAAF=").
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"
#include "pem.h"

#define CHECK(c) \
  do {           \
    if (!(c)) __builtin_trap(); \
  } while (0)

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* der as a PEM block with label, base64 in 64-character lines ending in
   eol; malloc'd, *len bytes. */
static uint8_t *to_pem(const uint8_t *der, size_t der_len, const char *label, const char *eol,
                       size_t *len) {
  size_t ll = strlen(label), el = strlen(eol), chars = (der_len + 2) / 3 * 4;
  size_t cap = 2 * (ll + 16 + el) + chars + (chars / 64 + 1) * el;
  uint8_t *p = malloc(cap), *o = p;
  CHECK(p != NULL);
#define PUT(s, n) (memcpy(o, (s), (n)), o += (n))
  PUT("-----BEGIN ", 11), PUT(label, ll), PUT("-----", 5), PUT(eol, el);
  size_t col = 0;
  for (size_t i = 0; i < der_len; i += 3) {
    uint32_t v = (uint32_t)der[i] << 16;
    if (i + 1 < der_len) v |= (uint32_t)der[i + 1] << 8;
    if (i + 2 < der_len) v |= der[i + 2];
    char q[4] = {b64[v >> 18], b64[(v >> 12) & 63], i + 1 < der_len ? b64[(v >> 6) & 63] : '=',
                 i + 2 < der_len ? b64[v & 63] : '='};
    PUT(q, 4);
    if ((col += 4) == 64 && i + 3 < der_len) PUT(eol, el), col = 0;
  }
  PUT(eol, el);
  PUT("-----END ", 9), PUT(label, ll), PUT("-----", 5), PUT(eol, el);
#undef PUT
  CHECK((size_t)(o - p) <= cap);
  *len = (size_t)(o - p);
  return p;
}

static int kind_ok(int k) { return k == 0 || k == FCT_PEM_SPKI || k == FCT_PEM_PKCS1; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int detected = fct_pem_detect(data, size);
  CHECK(detected == 0 || detected == 1);
  CHECK(kind_ok(fct_der_kind(data, size)));

  static uint8_t sentinel;
  uint8_t *der = &sentinel;
  size_t der_len = 12345;
  const char *why = NULL;
  int kind = fct_pem_decode(data, size, &der, &der_len, &why);
  CHECK(kind_ok(kind));
  if (kind == 0) {
    CHECK(der == NULL && der_len == 0 && why != NULL);
    CHECK(!((const uint8_t *)why >= data && (const uint8_t *)why < data + size));
    size_t wl = strlen(why);
    CHECK(wl > 0 && wl < 200);
    CHECK(strncmp(why, "PEM: ", 5) == 0 || strcmp(why, "out of memory") == 0);
    return 0;
  }
  CHECK(detected == 1);
  CHECK(der != NULL && der != &sentinel && der_len > 0 && der_len * 4 <= 3 * size);

  /* Canonical PEM of the same DER, LF and CRLF: the same kind and bytes. */
  const char *label = kind == FCT_PEM_SPKI ? "PUBLIC KEY" : "RSA PUBLIC KEY";
  for (int crlf = 0; crlf < 2; crlf++) {
    size_t plen;
    uint8_t *pem = to_pem(der, der_len, label, crlf ? "\r\n" : "\n", &plen);
    CHECK(fct_pem_detect(pem, plen) == 1);
    uint8_t *der2;
    size_t der2_len;
    const char *why2 = NULL;
    CHECK(fct_pem_decode(pem, plen, &der2, &der2_len, &why2) == kind);
    CHECK(der2_len == der_len && memcmp(der2, der, der_len) == 0);
    free(der2);
    free(pem);
  }

  int got = fct_der_kind(der, der_len);
  CHECK(kind_ok(got));
  fc_rsa_pubkey key;
  fc_err rc = fc_rsa_pubkey_from_der(&key, der, der_len);
  CHECK(rc == FC_OK || rc == FC_ERR_DER || rc == FC_ERR_KEY);
  if (rc == FC_OK) CHECK(got != 0); /* strict DER: the label check can classify it */
  free(der);
  return 0;
}
