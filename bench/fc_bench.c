/*
 * fc_bench [MODE] [OPTIONS]: the driver. It times the process's first
 * fc_init (verify reports it), parses the options every mode shares, and
 * runs the mode from the table below; no MODE means verify. Also the
 * helpers the modes share (bench.h): --kernels lists, progress, --json.
 *
 * Exit status: 0; 1 when a result check failed; 2 for a usage error, with
 * one line on stderr and where to find the help.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

/* ---------------- options ---------------- */

enum {
  O_RUNS = 1 << 0,
  O_ROUNDS = 1 << 1,
  O_TARGET = 1 << 2,
  O_FILTER = 1 << 3,
  O_KERNELS = 1 << 4,
  O_VECTORS = 1 << 5,
  O_CLOCK = 1 << 6,
  O_CSV = 1 << 7,
  O_MAX = 1 << 8,
};

static const struct {
  const char *name;
  unsigned bit;
} option_names[] = {
    {"--runs", O_RUNS},       {"--rounds", O_ROUNDS},   {"--target-us", O_TARGET},
    {"--filter", O_FILTER},   {"--kernels", O_KERNELS}, {"--vectors", O_VECTORS},
    {"--clock", O_CLOCK},     {"--csv", O_CSV},         {"--max", O_MAX},
};

/* Spellings of fc_bench before the modes, and what replaced them. */
static const struct {
  const char *old, *now;
} renamed[] = {
    {"--sha", "fc_bench sha [OPTIONS]"},
    {"--threads", "fc_bench threads --max N"},
};

/* ---------------- modes ---------------- */

typedef struct {
  const char *name, *summary;
  unsigned opts;    /* the O_* options it takes (all take --json and --help) */
  const char *help; /* those options, one line each */
  int (*run)(const bench_opts *o);
} mode;

static const mode modes[] = {
    {"verify",
     "RSA verify, modpow, mont_mul per Montgomery kernel; vboot hook (default)",
     O_RUNS | O_TARGET | O_FILTER | O_KERNELS | O_VECTORS | O_CLOCK,
     "  --runs N        runs per case, the first 5 dropped as warm-up (default 100)\n"
     "  --target-us T   length of one run in microseconds (default 1000)\n"
     "  --filter S      only cases whose name (e.g. modpow_e3/2048, vboot) contains S\n"
     "  --kernels L     only these columns: Montgomery kernel names, openssl\n"
     "  --vectors DIR   vboot vectors (default " FC_BENCH_VECTORS_DIR ")\n"
     "  --clock C       monotonic (default) or thread (CPU time of this thread)\n",
     bench_verify_main},
    {"mont",
     "Montgomery kernels: mont_mul, sqr, modpow; verify vs OpenSSL; calibrate",
     O_ROUNDS | O_TARGET | O_CSV | O_VECTORS,
     "  --rounds R      interleaved rounds, the median reported (default 15, at most 64)\n"
     "  --target-us T   length of one run in microseconds (default 200)\n"
     "  --csv PATH      the modpow column per size, for bench/plot_modpow.gp\n"
     "  --vectors DIR   vboot vectors (default " FC_BENCH_VECTORS_DIR ")\n",
     bench_mont_main},
    {"sha",
     "SHA-1/256/512, SHA-3, SHAKE and ParallelHash256 per kernel, HMAC, PBKDF2, RSA-PSS-2048 verification",
     O_RUNS | O_TARGET | O_FILTER | O_CLOCK,
     "  --runs N        runs per case, the first 3 dropped as warm-up (default 30, at most 1000)\n"
     "  --target-us T   length of one run in microseconds (default 2000)\n"
     "  --filter S      only cases whose name (e.g. sha256/16K) contains S\n"
     "  --clock C       monotonic (default) or thread (CPU time of this thread)\n",
     bench_sha_main},
    {"aes", "AES-128/256 ECB, CBC, CTR, GCM throughput per AES kernel",
     O_RUNS | O_TARGET | O_FILTER,
     "  --runs N        rounds, the median reported (default 21)\n"
     "  --target-us T   length of one run in microseconds (default 2000)\n"
     "  --filter S      only cases whose name (e.g. aes128_gcm_enc/1024) contains S\n",
     bench_aes_main},
    {"threads", "RSA-2048 verifications per second on 1, 2, ..., N threads",
     O_MAX | O_VECTORS,
     "  --max N         up to N threads (1..64; default: the online CPUs, at most 64)\n"
     "  --vectors DIR   vboot vectors (default " FC_BENCH_VECTORS_DIR ")\n",
     bench_threads_main},
    {"oneshot",
     "RSA key set-up + one verify vs a warm verify per kernel; mont_init, mont_init_rr",
     O_RUNS | O_TARGET | O_FILTER | O_KERNELS,
     "  --runs N        runs per cell, the median reported (default 31, at most 1000)\n"
     "  --target-us T   length of one run in microseconds (default 300)\n"
     "  --filter S      only cases whose name (e.g. oneshot/2048/e65537) contains S\n"
     "  --kernels L     only these columns: Montgomery kernel names, openssl\n",
     bench_oneshot_main},
    {"edk2",
     "contrib/edk2's BaseCryptLib per CryptoPkg test group, NoAccel vs Accel",
     O_RUNS | O_TARGET | O_FILTER,
     "  --runs N        runs per mode, the first 5 dropped as warm-up (default 100, 6..1000)\n"
     "  --target-us T   length of one run in microseconds (default 1000)\n"
     "  --filter S      only groups whose name (e.g. mRsaPssTest) contains S\n",
     bench_edk2_main},
    {"ec", "ECDSA P-256/P-384 verify per ec kernel: warm key, key from DER + verify",
     O_RUNS | O_TARGET | O_FILTER | O_KERNELS | O_CLOCK,
     "  --runs N        runs per case, the first 5 dropped as warm-up (default 100, 6..1000)\n"
     "  --target-us T   length of one run in microseconds (default 1000)\n"
     "  --filter S      only cases whose name (e.g. p384_der_verify) contains S\n"
     "  --kernels L     only these columns: ec kernel names, openssl\n"
     "  --clock C       monotonic (default) or thread (CPU time of this thread)\n",
     bench_ec_main},
    {"pkcs7", "detached PKCS#7 verification of 2-certificate RSA-2048 and P-256 chains vs OpenSSL",
     O_RUNS | O_TARGET | O_FILTER | O_KERNELS | O_CLOCK,
     "  --runs N        runs per column, the first 5 dropped as warm-up (default 100, 6..1000)\n"
     "  --target-us T   length of one run in microseconds (default 1000)\n"
     "  --filter S      only cases whose name (rsa2048_chain, p256_chain) contains S\n"
     "  --kernels L     openssl to include OpenSSL's column (default: included)\n"
     "  --clock C       monotonic (default) or thread (CPU time of this thread)\n",
     bench_pkcs7_main},
    {"authenticode",
     "Debian's signed shim: PE hash vs SHA-256 of its bytes, Authenticode verification vs OpenSSL",
     O_RUNS | O_TARGET | O_FILTER | O_KERNELS | O_CLOCK,
     "  --runs N        runs per column, the first 5 dropped as warm-up (default 100, 6..1000)\n"
     "  --target-us T   length of one run in microseconds (default 1000)\n"
     "  --filter S      only cases whose name (pe_hash, verify) contains S\n"
     "  --kernels L     openssl to include OpenSSL's column (default: included)\n"
     "  --clock C       monotonic (default) or thread (CPU time of this thread)\n"
     "  the image: $FC_BENCH_SHIM, else /usr/lib/shim/shimx64.efi.signed\n",
     bench_authenticode_main},
    {"mldsa",
     "ML-DSA-44/65/87 verify per mldsa kernel: warm key, key from raw + verify; stack used",
     O_RUNS | O_TARGET | O_FILTER | O_KERNELS | O_CLOCK,
     "  --runs N        runs per case, the first 5 dropped as warm-up (default 100, 6..1000)\n"
     "  --target-us T   length of one run in microseconds (default 1000)\n"
     "  --filter S      only cases whose name (e.g. mldsa65_raw_verify) contains S\n"
     "  --kernels L     only these columns: mldsa kernel names\n"
     "  --clock C       monotonic (default) or thread (CPU time of this thread)\n"
     "  no OpenSSL column: OpenSSL 3.0 has no ML-DSA (tools/bench-boringssl.sh and\n"
     "  tools/bench-mldsa-native.sh compare with BoringSSL and mldsa-native)\n",
     bench_mldsa_main},
    {"sha256x",
     "many SHA-256 streams: 16 messages of 64 bytes per sha256_x kernel vs one stream",
     O_RUNS | O_TARGET | O_CLOCK,
     "  --runs N        runs per case, the first 5 dropped as warm-up (default 100, 6..1000)\n"
     "  --target-us T   length of one run in microseconds (default 1000)\n"
     "  --clock C       monotonic (default) or thread (CPU time of this thread)\n",
     bench_sha256_x_main},
    {"hashsig",
     "SLH-DSA, LMS/HSS, XMSS verify per sha256_x / keccak_x kernel (multi-stream gain); stack used",
     O_RUNS | O_TARGET | O_CLOCK,
     "  --runs N        runs per case, the first 5 dropped as warm-up (default 100, 6..1000)\n"
     "  --target-us T   length of one run in microseconds (default 1000)\n"
     "  --clock C       monotonic (default) or thread (CPU time of this thread)\n"
     "  peers: tools/bench-boringssl.sh (SLH-DSA), tools/bench-lms-peer.sh (hash-sigs),\n"
     "  tools/bench-xmss-botan.sh (Botan)\n",
     bench_hashsig_main},
};
#define NMODES (sizeof(modes) / sizeof(modes[0]))

static const char common_help[] =
    "  --json PATH     also write the results to PATH: one JSON array of records\n"
    "  --help, -h      this mode's options\n";

static void help_all(void) {
  printf("usage: fc_bench [MODE] [OPTIONS]    (no MODE: verify)\n\nmodes:\n");
  for (size_t i = 0; i < NMODES; i++) printf("  %-12s %s\n", modes[i].name, modes[i].summary);
  printf("  %-12s this text; 'fc_bench MODE --help' lists MODE's options\n\n", "help");
  printf("options of every mode:\n%s\n", common_help);
  printf("Progress goes to stderr when it is a terminal. Exit status: 0; 1 when a result\n"
         "check failed (every result is checked; no time is); 2 for a usage error.\n");
}

static void help_mode(const mode *m) {
  printf("usage: fc_bench %s [OPTIONS]\n%s.\n\noptions:\n%s%s", m->name, m->summary, m->help,
         common_help);
}

/* A usage error: one line (printf-style) and where the help is; exit status 2. */
static int usage_error(const char *try_mode, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("fc_bench: ", stderr);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\nTry 'fc_bench%s%s --help'\n", try_mode ? " " : "", try_mode ? try_mode : "");
  return 2;
}

/* *out = v as a whole number (1 on success). */
static int parse_int(const char *v, int *out) {
  char *end;
  long x = strtol(v, &end, 10);
  if (end == v || *end != '\0' || x < -1000000000L || x > 1000000000L) return 0;
  *out = (int)x;
  return 1;
}

/* Parses argv[0..argc) (after the mode's name) into *o for mode m.
   Returns -1 to go on, else the exit status (help printed, or a usage error). */
static int parse(const mode *m, int argc, char **argv, bench_opts *o) {
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      help_mode(m);
      return 0;
    }
    unsigned bit = 0;
    for (size_t k = 0; k < sizeof(option_names) / sizeof(option_names[0]); k++)
      if (strcmp(a, option_names[k].name) == 0) bit = option_names[k].bit;
    if (strcmp(a, "--json") != 0 && !(bit & m->opts)) {
      for (size_t k = 0; k < sizeof(renamed) / sizeof(renamed[0]); k++)
        if (strcmp(a, renamed[k].old) == 0)
          return usage_error(NULL, "'%s' is gone: use '%s'", a, renamed[k].now);
      if (bit) return usage_error(m->name, "mode %s has no option '%s'", m->name, a);
      return usage_error(m->name, "unknown option '%s' for mode %s", a, m->name);
    }
    if (v == NULL) return usage_error(m->name, "option '%s' needs a value", a);
    i++;
    int ok = 1;
    if (strcmp(a, "--json") == 0)
      o->json = v;
    else if (bit == O_RUNS || bit == O_ROUNDS)
      ok = parse_int(v, &o->runs) && o->runs > 0; /* 0 stands for "not given" */
    else if (bit == O_MAX)
      ok = parse_int(v, &o->max_threads) && o->max_threads > 0;
    else if (bit == O_TARGET) {
      char *end;
      o->target_us = strtod(v, &end);
      ok = end != v && *end == '\0' && o->target_us > 0 && o->target_us < 1e9;
    } else if (bit == O_FILTER)
      o->filter = v;
    else if (bit == O_KERNELS)
      o->kernels = v;
    else if (bit == O_VECTORS)
      o->vectors = v;
    else if (bit == O_CSV)
      o->csv = v;
    else if (bit == O_CLOCK) {
      ok = strcmp(v, "thread") == 0 || strcmp(v, "monotonic") == 0;
      o->thread_clock = strcmp(v, "thread") == 0;
    }
    if (!ok) return usage_error(m->name, "bad value '%s' for option '%s'", v, a);
  }
  return -1;
}

int main(int argc, char **argv) {
  /* First thing: the whole first fc_init (probe, environment, tables). */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  fc_err init_rc = fc_init();
  clock_gettime(CLOCK_MONOTONIC, &t1);
  bench_opts o = {.vectors = FC_BENCH_VECTORS_DIR, .init_rc = init_rc};
  o.init_ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);

  const char *first = argc > 1 ? argv[1] : "";
  if (strcmp(first, "help") == 0 || strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
    const mode *m = NULL; /* fc_bench help MODE: MODE's help */
    for (size_t i = 0; argc > 2 && i < NMODES; i++)
      if (strcmp(argv[2], modes[i].name) == 0) m = &modes[i];
    if (m)
      help_mode(m);
    else
      help_all();
    return 0;
  }
  const mode *m = &modes[0]; /* verify, without a MODE */
  int skip = 1;
  if (argc > 1 && first[0] != '-') {
    m = NULL;
    for (size_t i = 0; i < NMODES; i++)
      if (strcmp(first, modes[i].name) == 0) m = &modes[i];
    if (m == NULL) return usage_error(NULL, "unknown mode '%s'", first);
    skip = 2;
  }
  int rc = parse(m, argc - skip, argv + skip, &o);
  if (rc >= 0) return rc;
  rc = m->run(&o);
  bench_progress_clear();
  return rc;
}

/* ---------------- shared helpers (bench.h) ---------------- */

int bench_in_list(const char *list, const char *name) {
  if (list == NULL) return 1;
  size_t n = strlen(name);
  for (const char *p = list;;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len == n && memcmp(p, name, n) == 0) return 1;
    if (!end) return 0;
    p = end + 1;
  }
}

static int progress_tty = -1; /* unknown until the first call */
static int progress_shown;

void bench_progress(int i, int n, const char *fmt, ...) {
  if (progress_tty < 0) progress_tty = isatty(STDERR_FILENO);
  if (!progress_tty) return;
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "\r\033[K[%d/%d] ", i, n);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fflush(stderr);
  progress_shown = 1;
}

void bench_progress_clear(void) {
  if (progress_shown) fputs("\r\033[K", stderr);
  progress_shown = 0;
}

int bench_json_open(bench_json *j, const char *path) {
  *j = (bench_json){NULL, path, 0};
  if (path == NULL) return 0;
  if ((j->f = fopen(path, "w")) == NULL) {
    fprintf(stderr, "fc_bench: cannot write %s\n", path);
    return -1;
  }
  fputs("[", j->f);
  return 0;
}

void bench_json_add(bench_json *j, const char *fmt, ...) {
  if (j == NULL || j->f == NULL) return;
  va_list ap;
  va_start(ap, fmt);
  fputs(j->n++ ? ",\n  {" : "\n  {", j->f);
  vfprintf(j->f, fmt, ap);
  fputs("}", j->f);
  va_end(ap);
}

int bench_json_close(bench_json *j) {
  if (j->f == NULL) return 0;
  fputs("\n]\n", j->f);
  int bad = ferror(j->f) != 0;
  bad |= fclose(j->f) != 0;
  j->f = NULL;
  if (bad) fprintf(stderr, "fc_bench: cannot write %s\n", j->path);
  return bad ? -1 : 0;
}
