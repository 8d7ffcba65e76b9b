/* PEM decoding (verify keys): strict RFC 7468 for the two RSA public key
   labels. The library takes DER only; PEM is the command's business. */
#include <stdlib.h>
#include <string.h>

#include "pem.h"

static const char begin[] = "-----BEGIN ";
static const char end[] = "-----END ";
static const char dashes[] = "-----";

static int is_ws(uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static size_t skip_ws(const uint8_t *buf, size_t len, size_t i) {
  while (i < len && is_ws(buf[i])) i++;
  return i;
}

int fct_pem_detect(const uint8_t *buf, size_t len) {
  size_t i = skip_ws(buf, len, 0);
  return len - i >= sizeof(begin) - 1 && memcmp(buf + i, begin, sizeof(begin) - 1) == 0;
}

/* One line from *pos: [start, start + n) without its LF or CRLF. 0 at the end. */
static int next_line(const uint8_t *buf, size_t len, size_t *pos, const uint8_t **line,
                     size_t *n) {
  if (*pos >= len) return 0;
  size_t s = *pos, e = s;
  while (e < len && buf[e] != '\n') e++;
  *pos = e < len ? e + 1 : e;
  if (e > s && buf[e - 1] == '\r') e--;
  *line = buf + s;
  *n = e - s;
  return 1;
}

static int b64_value(uint8_t c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

/* "-----<word> LABEL-----": the label, or NULL. */
static const uint8_t *boundary(const uint8_t *line, size_t n, const char *word, size_t *label_len) {
  size_t w = strlen(word), d = sizeof(dashes) - 1;
  if (n < w + d || memcmp(line, word, w) != 0 || memcmp(line + n - d, dashes, d) != 0)
    return NULL;
  *label_len = n - w - d;
  return line + w;
}

static int label_is(const uint8_t *l, size_t n, const char *want) {
  return n == strlen(want) && memcmp(l, want, n) == 0;
}

int fct_pem_decode_labels(const uint8_t *buf, size_t len, const char *const *labels, int nlabels,
                          const char *other, uint8_t **der, size_t *der_len, const char **why) {
  size_t pos = skip_ws(buf, len, 0), n, label_len, end_len;
  const uint8_t *line, *label, *elabel;
  *der = NULL;
  *der_len = 0;
  if (!next_line(buf, len, &pos, &line, &n) ||
      (label = boundary(line, n, begin, &label_len)) == NULL) {
    *why = "PEM: malformed BEGIN line";
    return 0;
  }
  int kind = 0;
  for (int i = 0; i < nlabels && kind == 0; i++)
    if (label_is(label, label_len, labels[i])) kind = i + 1;
  if (kind == 0) {
    *why = label_len >= 11 && memcmp(label + label_len - 11, "PRIVATE KEY", 11) == 0
               ? "PEM: a private key; give the public key (openssl pkey -pubout)"
               : other;
    return 0;
  }
  /* The body is at most 3/4 of the input. */
  uint8_t *out = malloc(len / 4 * 3 + 3);
  if (out == NULL) {
    *why = "out of memory";
    return 0;
  }
  size_t o = 0;
  uint32_t acc = 0;
  unsigned nacc = 0, pad = 0;
  int ended = 0;
  *why = NULL;
  while (*why == NULL && next_line(buf, len, &pos, &line, &n)) {
    if ((elabel = boundary(line, n, end, &end_len)) != NULL) {
      if (end_len != label_len || memcmp(elabel, label, label_len) != 0)
        *why = "PEM: END label does not match BEGIN";
      ended = 1;
      break;
    }
    if (n == 0) {
      *why = "PEM: blank line in the base64 body";
      break;
    }
    for (size_t i = 0; i < n; i++) {
      uint8_t c = line[i];
      if (c == '=') {
        if (nacc < 2 || ++pad + nacc > 4) {
          *why = "PEM: misplaced '=' padding";
          break;
        }
        continue;
      }
      int v = b64_value(c);
      if (v < 0) {
        *why = c == ':' ? "PEM: encapsulated headers are not supported"
                        : "PEM: invalid character in the base64 body";
        break;
      }
      if (pad) {
        *why = "PEM: data after '=' padding";
        break;
      }
      acc = acc << 6 | (uint32_t)v;
      if (++nacc == 4) {
        out[o++] = (uint8_t)(acc >> 16);
        out[o++] = (uint8_t)(acc >> 8);
        out[o++] = (uint8_t)acc;
        acc = 0;
        nacc = 0;
      }
    }
  }
  if (*why == NULL && !ended) *why = "PEM: missing END line";
  if (*why == NULL && pad != 0 && nacc + pad != 4) *why = "PEM: truncated base64 (bad padding)";
  if (*why == NULL && pad == 0 && nacc != 0) *why = "PEM: truncated base64";
  if (*why == NULL && nacc != 0) {
    /* nacc = 2: one byte (4 pad bits), nacc = 3: two bytes (2 pad bits). */
    unsigned bits = nacc == 2 ? 4 : 2;
    if (acc & ((1u << bits) - 1)) {
      *why = "PEM: non-canonical base64 (nonzero pad bits)";
    } else {
      acc >>= bits;
      if (nacc == 3) out[o++] = (uint8_t)(acc >> 8);
      out[o++] = (uint8_t)acc;
    }
  }
  if (*why == NULL && skip_ws(buf, len, pos) != len) *why = "PEM: data after the END line";
  if (*why == NULL && o == 0) *why = "PEM: empty body";
  if (*why != NULL) {
    free(out);
    return 0;
  }
  *der = out;
  *der_len = o;
  return kind;
}

int fct_der_kind(const uint8_t *der, size_t len) {
  if (len < 2 || der[0] != 0x30) return 0;
  size_t i = 2;
  if (der[1] & 0x80) i += der[1] & 0x7f; /* long form length: skip its bytes */
  if (i >= len) return 0;
  return der[i] == 0x30 ? FCT_PEM_SPKI : der[i] == 0x02 ? FCT_PEM_PKCS1 : 0;
}

int fct_pem_decode(const uint8_t *buf, size_t len, uint8_t **der, size_t *der_len,
                   const char **why) {
  static const char *const keys[2] = {"PUBLIC KEY", "RSA PUBLIC KEY"}; /* FCT_PEM_SPKI, _PKCS1 */
  return fct_pem_decode_labels(buf, len, keys, 2,
                               "PEM: not a public key (want BEGIN PUBLIC KEY or BEGIN RSA PUBLIC KEY)",
                               der, der_len, why);
}
