/*
 * fastcrypt sha1sum ... sha512sum: print or check digests as GNU coreutils
 * 9.1's commands of the same names do (same stdout, same stderr but for the
 * "fastcrypt: " prefix, same exit statuses). Messages follow the C locale.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sum_line.h"

typedef struct {
  fc_hash_alg alg;
  const char *cmd; /* "sha256sum" */
  const char *tag; /* "SHA256": --tag lines */
  size_t hex_len;  /* digest length in hex digits */
  int binary;      /* -b 1, -t 0, neither -1 */
  int check, tagged, strict, ignore_missing, status, warn, quiet;
  char delim;       /* '\n', or '\0' with -z */
  int form;         /* check mode: the run's GNU line form, FCT_SUM_FORM_* */
} sum_opts;

/* ---------------- messages ---------------- */

/* s quoted as coreutils' quotef does in the C locale (gnulib's quotearg
   shell-escape style, ':' quoted too), including its quirk of an extra
   "''" after the opening quote when s has a single quote and ends with an
   escaped byte. The result lives until the next call. */
static const char *quotef(const char *s) {
  static char *buf;
  size_t n = strlen(s);
  int quote = n == 0, sq = 0, compat = 1;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x20 || c >= 0x7f || strchr("!\"$&()*;<=>?[\\^`|", c)) {
      compat = 0;
      quote = 1;
    } else if (c == ' ' || c == ':' || c == '\'' || ((c == '#' || c == '~') && i == 0) ||
               ((c == '{' || c == '}') && n == 1)) {
      quote = 1;
      sq |= c == '\'';
    } else if (c == '#' || c == '~' || c == '{' || c == '}') {
      compat = 0;
    }
  }
  if (!quote) return s;
  free(buf);
  buf = malloc(8 * n + 8);
  if (buf == NULL) return s;
  char *p = buf;
  if (sq && compat) { /* double quotes are enough */
    *p++ = '"';
    memcpy(p, s, n);
    p += n;
    *p++ = '"';
    *p = '\0';
    return buf;
  }
  /* 1 inside $'...'. Starts as the scan's final state when sq (the quirk). */
  int in_dollar =
      sq && n > 0 && ((unsigned char)s[n - 1] < 0x20 || (unsigned char)s[n - 1] >= 0x7f);
  *p++ = '\'';
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x20 || c >= 0x7f) {
      if (!in_dollar) p += sprintf(p, "'$'");
      in_dollar = 1;
      const char *e = strchr("\aa\bb\ff\nn\rr\tt\vv", c);
      p += e != NULL && c != 0 ? sprintf(p, "\\%c", e[1]) : sprintf(p, "\\%03o", c);
    } else if (c == '\'') {
      p += sprintf(p, "'\\''");
      in_dollar = 0;
    } else {
      if (in_dollar) p += sprintf(p, "''");
      in_dollar = 0;
      *p++ = (char)c;
    }
  }
  *p++ = '\'';
  *p = '\0';
  return buf;
}

/* An error on the command line: the message, then where to find help. */
__attribute__((format(printf, 2, 3))) static int usage_error(const sum_opts *o, const char *fmt,
                                                             ...) {
  va_list ap;
  fprintf(stderr, "%s: %s: ", fct_prog, o->cmd); /* fct_error's prefix */
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  fprintf(stderr, "Try '%s %s --help' for more information.\n", fct_prog, o->cmd);
  return FCT_EXIT_FAIL;
}

static void help(const sum_opts *o) {
  printf(
      "Usage: %s %s [OPTION]... [FILE]...\n"
      "Print or check %s checksums in the format of GNU coreutils' sha*sum.\n"
      "With no FILE, or when FILE is -, read standard input.\n"
      "\n"
      "  -b, --binary          mark the files as read in binary mode ('*' before the name)\n"
      "  -c, --check           read checksums from the FILEs and check them\n"
      "      --tag             BSD-style lines: %s (FILE) = DIGEST\n"
      "  -t, --text            mark the files as read in text mode (default)\n"
      "  -z, --zero            end each output line with NUL, not newline; no escaping\n"
      "Checking only:\n"
      "      --ignore-missing  do not fail or report status for missing files\n"
      "      --quiet           do not print OK for each verified file\n"
      "      --status          print nothing, the exit status tells\n"
      "      --strict          fail on improperly formatted checksum lines\n"
      "  -w, --warn            warn about improperly formatted checksum lines\n"
      "      --help            this help\n"
      "      --version         the fastcrypt version\n"
      "\n"
      "Exit status: 0 all good, 1 a mismatch, an unreadable file or a usage error.\n",
      fct_prog, o->cmd, o->tag, o->tag);
}

/* ---------------- printing digests ---------------- */

/* name with '\\', '\n' and '\r' as two-character escapes when esc. */
static void put_name(const char *name, int esc) {
  for (; *name; name++) {
    if (esc && *name == '\\')
      fputs("\\\\", stdout);
    else if (esc && *name == '\n')
      fputs("\\n", stdout);
    else if (esc && *name == '\r')
      fputs("\\r", stdout);
    else
      putchar(*name);
  }
}

/* Hashes file into d; 0, or a nonzero with the message printed. *missing
   (check mode with --ignore-missing) tells a file that does not exist,
   for which nothing is printed. */
static int hash(const sum_opts *o, const char *file, uint8_t *d, int *missing) {
  int rc = fct_hash_file(o->alg, file, d);
  *missing = rc == ENOENT && o->ignore_missing && strcmp(file, "-") != 0;
  if (rc > 0 && !*missing)
    fct_error(o->cmd, "%s: %s", quotef(file), strerror(rc));
  else if (rc < 0)
    fct_error(o->cmd, "%s: hashing failed", quotef(file));
  return rc;
}

static int print_sum(const sum_opts *o, const char *file) {
  uint8_t d[FC_HASH_MAX_LEN];
  int missing;
  if (hash(o, file, d, &missing) != 0) return 0;
  int esc = o->delim == '\n' && strpbrk(file, "\\\n\r") != NULL;
  if (esc) putchar('\\');
  if (o->tagged) {
    printf("%s (", o->tag);
    put_name(file, esc);
    fputs(") = ", stdout);
  }
  for (size_t i = 0; i < o->hex_len / 2; i++) printf("%02x", d[i]);
  if (!o->tagged) {
    putchar(' ');
    putchar(o->binary == 1 ? '*' : ' ');
    put_name(file, esc);
  }
  putchar(o->delim);
  return 1;
}

/* ---------------- check mode ---------------- */

static const char *plural(uintmax_t n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

/* Checks the lines of the sum file at path ("-": standard input).
   1 when every listed file was read and matched (and, with --strict,
   every line was well formed). */
static int check_file(sum_opts *o, const char *path) {
  int is_stdin = strcmp(path, "-") == 0;
  const char *shown = is_stdin ? "standard input" : path;
  FILE *f = is_stdin ? stdin : fopen(path, "r");
  if (f == NULL) {
    fct_error(o->cmd, "%s: %s", quotef(path), strerror(errno));
    return 0;
  }
  uintmax_t lineno = 0, n_bad = 0, n_unread = 0, n_mismatch = 0;
  int any_good = 0, matched = 0;
  char *line = NULL;
  size_t cap = 0;
  ssize_t got;
  while ((got = getline(&line, &cap, f)) > 0) {
    size_t len = (size_t)got;
    lineno++;
    if (line[0] == '#') continue;
    if (line[len - 1] == '\n') len--;
    if (len > 0 && line[len - 1] == '\r') len--;
    if (len == 0) continue;
    line[len] = '\0';
    char *hex, *name;
    if (!fct_sum_parse_line(o->tag, o->hex_len, &o->form, line, len, &hex, &name) ||
        (is_stdin && strcmp(name, "-") == 0)) {
      n_bad++;
      if (o->warn)
        fct_error(o->cmd, "%s: %ju: improperly formatted %s checksum line", quotef(shown), lineno,
                  o->tag);
      continue;
    }
    any_good = 1;
    int esc = !o->status && strchr(name, '\n') != NULL;
    uint8_t d[FC_HASH_MAX_LEN];
    int missing;
    if (hash(o, name, d, &missing) != 0) {
      if (missing) continue;
      n_unread++;
      if (!o->status) {
        if (esc) putchar('\\');
        put_name(name, esc);
        fputs(": FAILED open or read\n", stdout);
      }
      continue;
    }
    static const char digits[] = "0123456789abcdef";
    int ok = 1;
    for (size_t i = 0; i < o->hex_len / 2 && ok; i++)
      ok = tolower((unsigned char)hex[2 * i]) == digits[d[i] >> 4] &&
           tolower((unsigned char)hex[2 * i + 1]) == digits[d[i] & 15];
    if (ok)
      matched = 1;
    else
      n_mismatch++;
    if (o->status || (ok && o->quiet)) continue;
    if (esc) putchar('\\');
    put_name(name, esc);
    fputs(ok ? ": OK\n" : ": FAILED\n", stdout);
  }
  free(line);
  int read_err = ferror(f);
  if (is_stdin)
    clearerr(f);
  else
    fclose(f);
  if (read_err) {
    fct_error(o->cmd, "%s: read error", quotef(shown));
    return 0;
  }
  if (!any_good) {
    fct_error(o->cmd, "%s: no properly formatted checksum lines found", quotef(shown));
  } else if (!o->status) {
    if (n_bad)
      fct_error(o->cmd, "WARNING: %ju %s improperly formatted", n_bad,
                plural(n_bad, "line is", "lines are"));
    if (n_unread)
      fct_error(o->cmd, "WARNING: %ju listed %s could not be read", n_unread,
                plural(n_unread, "file", "files"));
    if (n_mismatch)
      fct_error(o->cmd, "WARNING: %ju computed %s did NOT match", n_mismatch,
                plural(n_mismatch, "checksum", "checksums"));
    if (o->ignore_missing && !matched) fct_error(o->cmd, "%s: no file was verified", quotef(shown));
  }
  return any_good && matched && !n_mismatch && !n_unread && (!o->strict || !n_bad);
}

/* ---------------- options ---------------- */

enum { OPT_HELP = 256, OPT_VERSION, OPT_IGNORE, OPT_QUIET, OPT_STATUS, OPT_STRICT, OPT_TAG };

/* glibc getopt_long's order and messages; the table is in coreutils' order
   where that shows (ambiguity lists). */
static const struct {
  const char *name;
  int code;
} long_opts[] = {
    {"binary", 'b'},        {"check", 'c'},
    {"help", OPT_HELP},     {"ignore-missing", OPT_IGNORE},
    {"quiet", OPT_QUIET},   {"status", OPT_STATUS},
    {"strict", OPT_STRICT}, {"tag", OPT_TAG},
    {"text", 't'},          {"version", OPT_VERSION},
    {"warn", 'w'},          {"zero", 'z'},
};
#define N_LONG (sizeof(long_opts) / sizeof(long_opts[0]))

/* The option code of "--name[=value]" (arg), or -1 after the message. */
static int long_option(const sum_opts *o, const char *arg) {
  const char *name = arg + 2;
  size_t len = strcspn(name, "=");
  int found = -1, count = 0;
  for (size_t i = 0; i < N_LONG; i++) {
    if (strncmp(long_opts[i].name, name, len) != 0) continue;
    if (long_opts[i].name[len] == '\0') { /* exact */
      found = (int)i, count = 1;
      break;
    }
    if (count++ == 0) found = (int)i;
  }
  if (count == 0) return usage_error(o, "unrecognized option '%s'", arg), -1;
  if (count > 1) {
    fprintf(stderr, "%s: %s: option '%s' is ambiguous; possibilities:", fct_prog, o->cmd, arg);
    for (size_t i = 0; i < N_LONG; i++)
      if (strncmp(long_opts[i].name, name, len) == 0) fprintf(stderr, " '--%s'", long_opts[i].name);
    fputc('\n', stderr);
    fprintf(stderr, "Try '%s %s --help' for more information.\n", fct_prog, o->cmd);
    return -1;
  }
  if (name[len] == '=') {
    char full[32];
    snprintf(full, sizeof(full), "--%s", long_opts[found].name);
    return usage_error(o, "option '%s' doesn't allow an argument", full), -1;
  }
  return long_opts[found].code;
}

static void apply(sum_opts *o, int code) {
  switch (code) {
    case 'b': o->binary = 1; break;
    case 't': o->binary = 0; break;
    case 'c': o->check = 1; break;
    case 'z': o->delim = '\0'; break;
    case OPT_TAG: o->tagged = 1, o->binary = 1; break;
    case OPT_IGNORE: o->ignore_missing = 1; break;
    case OPT_STRICT: o->strict = 1; break;
    /* the last of --status, --warn and --quiet wins */
    case OPT_STATUS: o->status = 1, o->warn = 0, o->quiet = 0; break;
    case 'w': o->status = 0, o->warn = 1, o->quiet = 0; break;
    case OPT_QUIET: o->status = 0, o->warn = 0, o->quiet = 1; break;
  }
}

/* The option combinations coreutils refuses, in its order; NULL when fine. */
static const char *bad_combination(const sum_opts *o) {
  if (o->tagged && o->binary == 0) return "--tag does not support --text mode";
  if (o->check && o->delim != '\n')
    return "the --zero option is not supported when verifying checksums";
  if (o->check && o->tagged) return "the --tag option is meaningless when verifying checksums";
  if (o->check && o->binary >= 0)
    return "the --binary and --text options are meaningless when verifying checksums";
  if (o->check) return NULL;
  if (o->ignore_missing)
    return "the --ignore-missing option is meaningful only when verifying checksums";
  if (o->status) return "the --status option is meaningful only when verifying checksums";
  if (o->warn) return "the --warn option is meaningful only when verifying checksums";
  if (o->quiet) return "the --quiet option is meaningful only when verifying checksums";
  if (o->strict) return "the --strict option is meaningful only when verifying checksums";
  return NULL;
}

/* The --tag name of alg, as OpenSSL and BSD write it. */
static const char *tag_of(fc_hash_alg alg) {
  switch (alg) {
    case FC_SHA1: return "SHA1";
    case FC_SHA224: return "SHA224";
    case FC_SHA256: return "SHA256";
    case FC_SHA384: return "SHA384";
    case FC_SHA512: return "SHA512";
    case FC_SHA3_224: return "SHA3-224";
    case FC_SHA3_256: return "SHA3-256";
    case FC_SHA3_384: return "SHA3-384";
    case FC_SHA3_512: return "SHA3-512";
    default: return "";
  }
}

/* argv[0] is the command's name ("sha256sum"); options and files mix as with
   GNU getopt (POSIXLY_CORRECT: options end at the first file). */
int fct_sum_main(fc_hash_alg alg, int argc, char **argv) {
  sum_opts o = {.alg = alg,
                .cmd = argv[0],
                .tag = tag_of(alg),
                .hex_len = 2 * fc_hash_len(alg),
                .binary = -1,
                .delim = '\n',
                .form = FCT_SUM_FORM_UNKNOWN};
  char **files = malloc(sizeof(char *) * (size_t)(argc + 1));
  if (files == NULL) return FCT_EXIT_FAIL;
  int nfiles = 0, opts_done = 0, posix = getenv("POSIXLY_CORRECT") != NULL, rc = -1;
  for (int i = 1; i < argc && rc < 0; i++) {
    const char *a = argv[i];
    if (opts_done || a[0] != '-' || a[1] == '\0') {
      files[nfiles++] = argv[i];
      opts_done |= posix;
    } else if (strcmp(a, "--") == 0) {
      opts_done = 1;
    } else if (a[1] == '-') {
      int code = long_option(&o, a);
      if (code < 0)
        rc = FCT_EXIT_FAIL;
      else if (code == OPT_HELP)
        help(&o), rc = FCT_EXIT_OK;
      else if (code == OPT_VERSION)
        printf("%s %s\n", fct_prog, fc_version()), rc = FCT_EXIT_OK;
      else
        apply(&o, code);
    } else {
      for (const char *c = a + 1; *c && rc < 0; c++) {
        if (strchr("bctwz", *c))
          apply(&o, *c);
        else
          rc = usage_error(&o, "invalid option -- '%c'", *c);
      }
    }
  }
  const char *bad = rc < 0 ? bad_combination(&o) : NULL;
  if (bad) rc = usage_error(&o, "%s", bad);
  if (rc < 0) {
    if (nfiles == 0) files[nfiles++] = "-";
    int ok = 1;
    for (int i = 0; i < nfiles; i++)
      ok &= o.check ? check_file(&o, files[i]) : print_sum(&o, files[i]);
    rc = ok ? FCT_EXIT_OK : FCT_EXIT_FAIL;
  }
  free(files);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fct_error(o.cmd, "write error"); /* as coreutils words it */
    rc = FCT_EXIT_FAIL;
  }
  return rc;
}
