/*
 * The checksum-line parser of `fastcrypt sha1sum -c` ... `sha512sum -c`
 * (cli/sum_line.c): splits one line of a sum file into digest and name as
 * GNU coreutils 9.1 does. Apart from cli/sum.c so that a fuzz target
 * (tests/fuzz/fuzz_sum_line.c) can call it; it uses no globals.
 */
#ifndef FCT_SUM_LINE_H
#define FCT_SUM_LINE_H

#include <stddef.h>

/* Which GNU line form a run of checks accepts, *form below. coreutils
   decides it once, at the first well-formed GNU line of the run (over all
   sum files of one command), and keeps it. */
enum {
  FCT_SUM_FORM_UNKNOWN = -1, /* not decided yet: start here */
  FCT_SUM_FORM_GNU = 0,      /* "HEX  NAME" / "HEX *NAME": one mode character */
  FCT_SUM_FORM_SINGLE = 1    /* "HEX NAME": one space, no mode character */
};

/*
 * Splits the line s (n bytes, any values; s[n] must be '\0', so n + 1 bytes
 * are readable and writable; the caller has removed the line end) in place.
 * Forms: GNU "HEX  NAME" / "HEX *NAME" and, per *form, "HEX NAME"; BSD
 * "TAG (NAME) = HEX" (the space before '(' optional, blanks around '=');
 * leading blanks; a leading '\\' marks a name with "\\\\", "\\n" and "\\r"
 * escapes, undone in place. tag is the BSD tag ("SHA256"), hex_len the
 * digest length in hex digits (2 * fc_hash_len).
 *
 * Returns 1 with *hex pointing at exactly hex_len hex digits (either case)
 * followed by '\0', and *name at a NUL-terminated name; both inside
 * [s, s + n], not overlapping, the name never longer than its escaped
 * form in s. *form is updated (UNKNOWN to GNU or SINGLE by a GNU line,
 * never changed once decided). Returns 0 for an improperly formatted line;
 * s and *form may then have been changed, *hex and *name are unspecified.
 * Reads and writes nothing outside s[0..n].
 */
int fct_sum_parse_line(const char *tag, size_t hex_len, int *form, char *s, size_t n, char **hex,
                       char **name);

#endif
