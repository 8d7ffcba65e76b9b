/*
 * libFuzzer target: the checksum-line parser of `fastcrypt sha*sum -c`
 * (fct_sum_parse_line, cli/sum_line.c) on arbitrary bytes.
 * Input: [mode byte][line...]. The mode byte's bits 0-2 choose the
 * algorithm (value % 5: SHA1, SHA224, SHA256, SHA384, SHA512; tag and digest
 * length as the sha*sum commands pass them), bits 3-4 the form the run has
 * decided so far (0 and 3: FCT_SUM_FORM_UNKNOWN, 1: GNU, 2: SINGLE). The
 * rest is one line as getline returns it; as check_file does, one trailing
 * "\n" and then one "\r" are removed (other bytes, NULs and LFs included,
 * reach the parser), and the line is copied into a buffer of exactly
 * len + 1 bytes ending in '\0' (ASan sees any access past it).
 * Checked properties (a violation is __builtin_trap):
 *  - no crash, no out-of-bounds access, no UB (ASan/UBSan);
 *  - on success: the digest is exactly 2 * fc_hash_len(alg) hex digits
 *    followed by '\0', inside the line; the name is a NUL-terminated string
 *    inside the line, not overlapping the digest; unescaping never grows
 *    the name: an unescaped name is a prefix of its bytes in the line, an
 *    escaped one ("\\" first) is exactly as long as its escaped form less
 *    one byte per escape; a GNU line (digest first) decides the form, a
 *    BSD line leaves it alone;
 *  - a decided form never changes, success or not;
 *  - parsing a fresh copy of the line again with the form the first parse
 *    left succeeds with the same digest, the same name, the same form.
 * Seeds: tests/fuzz/corpus/sum_line, written by a few lines of Python
 * (hashlib's digests of "abc", mode byte 0x00 SHA1 / 0x02 SHA256 / 0x04
 * SHA512, plus 0x08 or 0x10 for a decided form): GNU text and binary
 * lines, BSD --tag lines (with and without the space before '('), escaped
 * names (GNU and BSD), the single-space form (undecided, after GNU) and
 * GNU after single-space, leading blanks, CRLF, upper-case hex, and
 * malformed ones (short digest, non-hex digit, lone trailing backslash,
 * missing ')' or '=', a SHA-256 digest in a SHA1 line).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"
#include "sum_line.h"

#define CHECK(c) \
  do {           \
    if (!(c)) __builtin_trap(); \
  } while (0)

static const struct {
  fc_hash_alg alg;
  const char *tag;
} algs[] = {{FC_SHA1, "SHA1"},     {FC_SHA224, "SHA224"}, {FC_SHA256, "SHA256"},
            {FC_SHA384, "SHA384"}, {FC_SHA512, "SHA512"}};

static const char hexchars[] = "0123456789abcdefABCDEF";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  const char *tag = algs[(data[0] & 7) % 5].tag;
  size_t hex_len = 2 * fc_hash_len(algs[(data[0] & 7) % 5].alg);
  static const int forms[] = {FCT_SUM_FORM_UNKNOWN, FCT_SUM_FORM_GNU, FCT_SUM_FORM_SINGLE,
                              FCT_SUM_FORM_UNKNOWN};
  int form0 = forms[(data[0] >> 3) & 3];
  const char *line = (const char *)data + 1;
  size_t n = size - 1;
  if (n > 0 && line[n - 1] == '\n') n--;
  if (n > 0 && line[n - 1] == '\r') n--;

  char *s = malloc(n + 1), *again = malloc(n + 1);
  CHECK(s != NULL && again != NULL);
  memcpy(s, line, n);
  s[n] = '\0';
  memcpy(again, s, n + 1);

  int form = form0;
  char *hex = NULL, *name = NULL;
  int ok = fct_sum_parse_line(tag, hex_len, &form, s, n, &hex, &name);
  CHECK(ok == 0 || ok == 1);
  CHECK(form == FCT_SUM_FORM_UNKNOWN || form == FCT_SUM_FORM_GNU || form == FCT_SUM_FORM_SINGLE);
  if (form0 != FCT_SUM_FORM_UNKNOWN) CHECK(form == form0); /* decided once */
  if (ok) {
    /* The digest: hex_len hex digits, then the end of the string, in s. */
    CHECK(hex != NULL && hex >= s && hex + hex_len <= s + n);
    CHECK(strspn(hex, hexchars) == hex_len && hex[hex_len] == '\0');
    /* The name: a string inside s, apart from the digest. */
    CHECK(name != NULL && name >= s && name <= s + n);
    size_t name_len = strlen(name);
    CHECK(name_len <= (size_t)(s + n - name));
    size_t off = (size_t)(name - s), raw_end;
    if (hex < name) { /* GNU: the name runs to the end of the line */
      CHECK(hex + hex_len < name);
      CHECK(form != FCT_SUM_FORM_UNKNOWN);
      raw_end = n;
    } else { /* BSD: the name ends at the line's last ')' */
      CHECK(name + name_len < hex);
      CHECK(form == form0);
      raw_end = n;
      while (raw_end > off && line[raw_end - 1] != ')') raw_end--;
      CHECK(raw_end > off);
      raw_end--;
    }
    size_t raw_len = raw_end - off;
    CHECK(name_len <= raw_len); /* unescaping never grows the name */
    size_t lead = 0;
    while (lead < n && (line[lead] == ' ' || line[lead] == '\t')) lead++;
    if (lead < n && line[lead] == '\\') {
      size_t escapes = 0;
      for (size_t i = off; i < raw_end; i++) {
        CHECK(line[i] != '\0');
        if (line[i] == '\\') {
          CHECK(i + 1 < raw_end && strchr("nr\\", line[i + 1]) != NULL && line[i + 1] != '\0');
          escapes++, i++;
        }
      }
      CHECK(name_len == raw_len - escapes);
    } else {
      CHECK(memcmp(name, line + off, name_len) == 0);
    }

    /* Again, on a fresh copy, with the form the first parse left. */
    int form2 = form;
    char *hex2 = NULL, *name2 = NULL;
    CHECK(fct_sum_parse_line(tag, hex_len, &form2, again, n, &hex2, &name2) == 1);
    CHECK(form2 == form && hex2 - again == hex - s && name2 - again == name - s);
    CHECK(strcmp(name2, name) == 0 && memcmp(hex2, hex, hex_len + 1) == 0);
  }
  free(s);
  free(again);
  return 0;
}
