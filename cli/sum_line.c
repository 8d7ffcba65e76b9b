/* The checksum-line parser of the sha*sum -c commands (cli/sum_line.h),
   coreutils 9.1's split_3 and bsd_split_3. */
#include <ctype.h>
#include <string.h>

#include "sum_line.h"

/* Undoes put_name's escapes in the len bytes at s, in place (NUL-terminated
   when shorter). 0 for a lone trailing '\\', another escape, or a NUL. */
static int unescape(char *s, size_t len) {
  char *dst = s;
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '\0') return 0;
    if (s[i] != '\\') {
      *dst++ = s[i];
      continue;
    }
    if (++i == len) return 0;
    if (s[i] == 'n')
      *dst++ = '\n';
    else if (s[i] == 'r')
      *dst++ = '\r';
    else if (s[i] == '\\')
      *dst++ = '\\';
    else
      return 0;
  }
  if (dst < s + len) *dst = '\0';
  return 1;
}

/* Exactly hex_len hex digits, then the end of the string. */
static int hex_digits(size_t hex_len, const char *s) {
  for (size_t i = 0; i < hex_len; i++)
    if (!isxdigit((unsigned char)s[i])) return 0;
  return s[hex_len] == '\0';
}

static int white(char c) { return c == ' ' || c == '\t'; }

/* "NAME) = HEX" (the rest of a BSD line, s[n] == '\0'). */
static int parse_bsd(size_t hex_len, char *s, size_t n, char **hex, char **name, int esc) {
  if (n == 0) return 0;
  size_t i = n - 1;
  while (i > 0 && s[i] != ')') i--;
  if (s[i] != ')') return 0;
  *name = s;
  if (esc && !unescape(s, i)) return 0;
  s[i++] = '\0';
  while (white(s[i])) i++;
  if (s[i++] != '=') return 0;
  while (white(s[i])) i++;
  *hex = s + i;
  return hex_digits(hex_len, *hex);
}

int fct_sum_parse_line(const char *tag, size_t hex_len, int *form, char *s, size_t n, char **hex,
                       char **name) {
  size_t i = 0;
  int esc = 0;
  while (white(s[i])) i++;
  if (s[i] == '\\') i++, esc = 1;
  size_t tl = strlen(tag);
  if (strncmp(s + i, tag, tl) == 0) {
    i += tl;
    if (s[i] == ' ') i++;
    if (s[i] != '(') return 0;
    i++;
    return parse_bsd(hex_len, s + i, n - i, hex, name, esc);
  }
  if (n - i < hex_len + 2 + (s[i] == '\\')) return 0;
  *hex = s + i;
  i += hex_len;
  if (!white(s[i])) return 0;
  s[i++] = '\0';
  if (!hex_digits(hex_len, *hex)) return 0;
  if (n - i == 1 || (s[i] != ' ' && s[i] != '*')) {
    if (*form == FCT_SUM_FORM_GNU) return 0;
    *form = FCT_SUM_FORM_SINGLE;
  } else if (*form != FCT_SUM_FORM_SINGLE) {
    *form = FCT_SUM_FORM_GNU;
    i++; /* the mode flag */
  }
  *name = s + i;
  return !esc || unescape(s + i, n - i);
}
