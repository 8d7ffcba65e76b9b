/* What the subcommands share: messages, whole-file reads, progress. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

void fct_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s: %s: ", fct_prog, cmd);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

int fct_valued_option(const char *cmd, const char *const *names, size_t n, int argc, char **argv,
                      int *i, const char **value) {
  const char *a = argv[*i];
  for (size_t k = 0; k < n; k++) {
    size_t len = strlen(names[k]);
    if (strncmp(a, names[k], len) != 0 || (a[len] != '\0' && a[len] != '=')) continue;
    if (a[len] == '=') {
      *value = a + len + 1;
    } else if (*i + 1 < argc) {
      *value = argv[++*i];
    } else {
      fct_error(cmd, "option '%s' needs an argument", a);
      return -1;
    }
    return (int)k;
  }
  return (int)n;
}

uint64_t fct_file_size(FILE *f) {
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0) return 0;
  return (uint64_t)st.st_size;
}

uint8_t *fct_read_file(const char *cmd, const char *path, size_t max, size_t *len) {
  int is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (f == NULL) {
    fct_error(cmd, "%s: %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 4096, n = 0;
  uint8_t *buf = malloc(cap);
  int err = buf == NULL;
  while (!err) {
    if (n == cap) {
      if (cap > max) break;
      uint8_t *nb = malloc(cap * 2); /* not realloc: the old buffer is wiped */
      if (nb == NULL) {
        err = 1;
        break;
      }
      memcpy(nb, buf, n);
      memset(buf, 0, cap);
      free(buf);
      buf = nb;
      cap *= 2;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      err = ferror(f) ? 2 : 0;
      break;
    }
  }
  int saved = errno;
  if (!is_stdin) fclose(f);
  if (!err && n > max) {
    fct_error(cmd, "%s: larger than %zu bytes", path, max);
    err = 3;
  } else if (err == 1) {
    fct_error(cmd, "%s: out of memory", path);
  } else if (err == 2) {
    fct_error(cmd, "%s: %s", path, strerror(saved));
  }
  if (err) {
    if (buf) memset(buf, 0, cap);
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

#define FCT_PROGRESS_MIN (64ull << 20)

void fct_progress_start(fct_progress *p, const char *label, uint64_t total) {
  memset(p, 0, sizeof(*p));
  p->label = label;
  p->total = total;
  p->on = total > FCT_PROGRESS_MIN && isatty(STDERR_FILENO);
}

void fct_progress_add(fct_progress *p, uint64_t n) {
  p->done += n;
  if (!p->on || p->done - p->last_shown < (8ull << 20)) return;
  p->last_shown = p->done;
  unsigned pct = (unsigned)(p->done >= p->total ? 100 : p->done * 100 / p->total);
  fprintf(stderr, "\r%s: %s: %3u%% (%llu / %llu MiB)", fct_prog, p->label, pct,
          (unsigned long long)(p->done >> 20), (unsigned long long)(p->total >> 20));
}

void fct_progress_end(fct_progress *p) {
  if (p->on) fputs("\r\033[K", stderr);
  p->on = 0;
}

#define FCT_CHUNK (256u << 10)

int fct_stream_file(const char *path, int (*absorb)(void *arg, const uint8_t *p, size_t n),
                    void *arg) {
  int is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (f == NULL) return errno ? errno : EIO;
  static uint8_t buf[FCT_CHUNK];
  int rc = 0;
  fct_progress pr;
  fct_progress_start(&pr, path, fct_file_size(f));
  while (rc == 0) {
    size_t got = fread(buf, 1, sizeof(buf), f);
    if (got > 0 && absorb(arg, buf, got) != 0) rc = -1;
    fct_progress_add(&pr, got);
    if (got < sizeof(buf)) {
      if (ferror(f)) rc = errno ? errno : EIO;
      break;
    }
  }
  fct_progress_end(&pr);
  if (is_stdin)
    clearerr(stdin);
  else
    fclose(f);
  return rc;
}

int fct_verdict(const char *cmd, const char *file, int frc, fc_err rc, const char *what) {
  if (frc != 0) {
    fct_error(cmd, "%s: %s", file, frc > 0 ? strerror(frc) : "hashing failed");
    return FCT_EXIT_USAGE;
  }
  if (rc == FC_OK) {
    fct_error(cmd, "signature OK (%s)", what);
    return FCT_EXIT_OK;
  }
  if (rc == FC_ERR_SIG) {
    fct_error(cmd, "signature does not verify (%s)", what);
    return FCT_EXIT_FAIL;
  }
  fct_error(cmd, "verification failed (library error %d)", (int)rc);
  return FCT_EXIT_USAGE;
}

static int hash_absorb(void *ctx, const uint8_t *p, size_t n) {
  return fc_hash_update((fc_hash_ctx *)ctx, p, n) == FC_OK ? 0 : -1;
}

int fct_hash_file(fc_hash_alg alg, const char *path, uint8_t *out) {
  fc_hash_ctx ctx;
  if (fc_hash_init(&ctx, alg) != FC_OK) return -1;
  int rc = fct_stream_file(path, hash_absorb, &ctx);
  if (rc == 0 && fc_hash_final(&ctx, out) != FC_OK) rc = -1;
  return rc;
}
