/*
 * Same-process comparison of fastcrypt's ML-DSA verification with a peer
 * implementation's, linked in by a script that builds the peer from a tree
 * the user has elsewhere (no peer code is in this repository):
 * tools/bench-mldsa-avx2-peer.sh (the pq-crystals reference AVX2 code, from
 * which mldsa-native's AVX2 backend derives; not mldsa-native itself) and
 * tools/bench-mldsa-native.sh (mldsa-native). -DPEER_NAME="..." names the
 * peer in the output.
 *
 * Inputs: bench/mldsa_data.h (generated from
 * tests/vectors/mldsa/noble_mldsa.json): one valid pure ML-DSA signature per
 * parameter set, a 1-byte message and an empty context.
 * Cases, per parameter set NN = 44, 65, 87:
 *   mldsaNN-verify-warm:       fastcrypt: fc_mldsa_verify on a key loaded once;
 *                              peer: its crypto_sign_verify (it takes the
 *                              encoded key on every call).
 *   mldsaNN-parse-raw+verify:  fastcrypt: fc_mldsa_pubkey_init from the raw
 *                              key, then fc_mldsa_verify; peer: the same call
 *                              as above (it has no key object).
 * The two sides alternate round by round (the side that goes first
 * alternates too), each round a run of back-to-back calls lasting about
 * -t ms. Reported per side: the MEDIAN and the BEST ns/call over the rounds,
 * and the ratio speed(fastcrypt) / speed(peer) = ns(B) / ns(A) (> 1:
 * fastcrypt faster). Every call's result is checked (exit 1 on a failure);
 * before any timing, a valid signature must verify and a corrupted one must
 * fail on both sides.
 * Stack: the high-water mark of one verification on each side, measured
 * on a 1 MiB stack of our own (ucontext) painted with a pattern, minus an
 * empty call's (as fc_bench mldsa and tests/support/stack_depth.h do).
 *
 * The peer's verify functions (pq-crystals avx2/api.h, one build per
 * DILITHIUM_MODE 2/3/5 = ML-DSA-44/65/87) are, unless overridden with
 * -DPEER_VERIFY44=<symbol> etc.:
 *   pqcrystals_dilithium{2,3,5}_avx2_verify
 * each int f(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
 * const uint8_t *ctx, size_t ctxlen, const uint8_t *pk), 0 = valid.
 * -DPEER_RANDOMBYTES_STUB: define randombytes() (key generation and signing
 * only; aborts). -DPEER_DESC="...": what was built.
 *
 * Usage: mldsa_peer_compare [-r rounds] [-t ms_per_round] [-c cpu] [-K kernel] [filter ...]
 *   -r  rounds per case (default 41)
 *   -t  target duration of one round of one side, ms (default 2)
 *   -c  pin the process to this CPU
 *   -K  pin fastcrypt's mldsa kernel (default: the automatic choice, which
 *       FASTCRYPT_IMPL=mldsa=... also sets)
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>

#include <fastcrypt.h>

#include "mldsa_data.h"

#ifndef PEER_DESC
#define PEER_DESC "unknown"
#endif
#ifndef PEER_NAME
#define PEER_NAME "pq-crystals"
#endif
#ifndef PEER_VERIFY44
#define PEER_VERIFY44 pqcrystals_dilithium2_avx2_verify
#endif
#ifndef PEER_VERIFY65
#define PEER_VERIFY65 pqcrystals_dilithium3_avx2_verify
#endif
#ifndef PEER_VERIFY87
#define PEER_VERIFY87 pqcrystals_dilithium5_avx2_verify
#endif
#ifndef FC_DESC
#define FC_DESC "unknown"
#endif

typedef int (*peer_verify_fn)(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                             const uint8_t *ctx, size_t ctxlen, const uint8_t *pk);
int PEER_VERIFY44(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                 const uint8_t *ctx, size_t ctxlen, const uint8_t *pk);
int PEER_VERIFY65(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                 const uint8_t *ctx, size_t ctxlen, const uint8_t *pk);
int PEER_VERIFY87(const uint8_t *sig, size_t siglen, const uint8_t *m, size_t mlen,
                 const uint8_t *ctx, size_t ctxlen, const uint8_t *pk);

#ifdef PEER_RANDOMBYTES_STUB
void randombytes(uint8_t *out, size_t outlen);
void randombytes(uint8_t *out, size_t outlen) {
  (void)out;
  (void)outlen;
  fprintf(stderr, "FATAL: randombytes called (key generation and signing are not benchmarked)\n");
  abort();
}
#endif

static void die(const char *what) {
  fprintf(stderr, "FATAL: %s\n", what);
  exit(1);
}
#define CHECK(cond, what) \
  do {                    \
    if (!(cond)) die(what); \
  } while (0)

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

struct arg {
  const bench_mldsa_vec *v;
  fc_mldsa_param param;
  peer_verify_fn peer;
  fc_mldsa_pubkey warm;
};
static struct arg g_args[3];
static fc_mldsa_pubkey g_cold;

typedef void (*bench_fn)(const struct arg *a, long iters);

static void fc_warm(const struct arg *a, long iters) {
  const bench_mldsa_vec *v = a->v;
  for (long i = 0; i < iters; i++)
    CHECK(fc_mldsa_verify(&a->warm, v->msg, v->msg_len, v->ctx, v->ctx_len, v->sig, v->sig_len) ==
              FC_OK, "fc_mldsa_verify failed");
}
static void fc_cold(const struct arg *a, long iters) {
  const bench_mldsa_vec *v = a->v;
  for (long i = 0; i < iters; i++) {
    CHECK(fc_mldsa_pubkey_init(&g_cold, a->param, v->pk, v->pk_len) == FC_OK,
          "fc_mldsa_pubkey_init failed");
    CHECK(fc_mldsa_verify(&g_cold, v->msg, v->msg_len, v->ctx, v->ctx_len, v->sig, v->sig_len) ==
              FC_OK, "fc_mldsa_verify failed");
  }
}
static void peer_verify(const struct arg *a, long iters) {
  const bench_mldsa_vec *v = a->v;
  for (long i = 0; i < iters; i++)
    CHECK(a->peer(v->sig, v->sig_len, v->msg, v->msg_len, v->ctx, v->ctx_len, v->pk) == 0,
          "peer verify failed");
}

/* ---------------- stack high-water mark ---------------- */

#define PROBE_STACK (1024 * 1024)
static unsigned char *g_probe;
static ucontext_t g_main_ctx, g_co_ctx;
static void (*g_body)(void);
static const struct arg *g_probe_arg;
static volatile int g_probe_ok;

static void trampoline(void) { g_body(); }
static void body_empty(void) { g_probe_ok = 1; }
static void body_fc(void) {
  const bench_mldsa_vec *v = g_probe_arg->v;
  g_probe_ok = fc_mldsa_verify(&g_probe_arg->warm, v->msg, v->msg_len, v->ctx, v->ctx_len,
                               v->sig, v->sig_len) == FC_OK;
}
static void body_peer(void) {
  const bench_mldsa_vec *v = g_probe_arg->v;
  g_probe_ok = g_probe_arg->peer(v->sig, v->sig_len, v->msg, v->msg_len, v->ctx, v->ctx_len,
                                v->pk) == 0;
}
/* No locals: getcontext returns twice. */
__attribute__((noinline)) static int run_on_probe(void) {
  if (getcontext(&g_co_ctx) != 0) return -1;
  g_co_ctx.uc_stack.ss_sp = g_probe;
  g_co_ctx.uc_stack.ss_size = PROBE_STACK;
  g_co_ctx.uc_link = &g_main_ctx;
  makecontext(&g_co_ctx, trampoline, 0);
  return swapcontext(&g_main_ctx, &g_co_ctx);
}
static size_t depth(void (*body)(void)) {
  static const unsigned char pats[2] = {0xa5, 0x5a};
  size_t worst = 0;
  for (int p = 0; p < 2; p++) {
    memset(g_probe, pats[p], PROBE_STACK);
    g_body = body;
    g_probe_ok = 0;
    if (run_on_probe() != 0 || !g_probe_ok) return 0;
    size_t i = 0;
    while (i < PROBE_STACK && g_probe[i] == pats[p]) i++;
    if (PROBE_STACK - i > worst) worst = PROBE_STACK - i;
  }
  return worst;
}
static long stack_of(void (*body)(void), const struct arg *a) {
  size_t base = depth(body_empty);
  g_probe_arg = a;
  size_t d = depth(body);
  if (base == 0 || d == 0) return -1;
  return d > base ? (long)(d - base) : 0;
}

/* ---------------- measurement (as boringssl_compare.c) ---------------- */

static double time_run(bench_fn f, const struct arg *a, long iters) {
  uint64_t t0 = now_ns();
  f(a, iters);
  return (double)(now_ns() - t0);
}
static long calibrate(bench_fn f, const struct arg *a, double target_ns) {
  long n = 1;
  f(a, 1);
  for (;;) {
    double t = time_run(f, a, n);
    if (t >= target_ns / 4 || n >= (1L << 40)) {
      double per = t / (double)n;
      long it = (long)(target_ns / (per > 0 ? per : 1));
      return it < 1 ? 1 : it;
    }
    n *= 2;
  }
}
static int cmp_d(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return a < b ? -1 : a > b;
}
static double median(const double *v, int n) {
  double *s = malloc(sizeof(double) * (size_t)n);
  CHECK(s != NULL, "out of memory");
  memcpy(s, v, sizeof(double) * (size_t)n);
  qsort(s, (size_t)n, sizeof(double), cmp_d);
  double m = (n & 1) ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
  free(s);
  return m;
}
static double minimum(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; i++)
    if (v[i] < m) m = v[i];
  return m;
}

static void run_case(const char *name, bench_fn fa, bench_fn fb, const struct arg *arg, int rounds,
                     double target_ns) {
  long ia = calibrate(fa, arg, target_ns), ib = calibrate(fb, arg, target_ns);
  double *ta = malloc(sizeof(double) * (size_t)rounds), *tb = malloc(sizeof(double) * (size_t)rounds);
  CHECK(ta != NULL && tb != NULL, "out of memory");
  fa(arg, ia);
  fb(arg, ib);
  for (int r = 0; r < rounds; r++) {
    if (r & 1) {
      tb[r] = time_run(fb, arg, ib) / (double)ib;
      ta[r] = time_run(fa, arg, ia) / (double)ia;
    } else {
      ta[r] = time_run(fa, arg, ia) / (double)ia;
      tb[r] = time_run(fb, arg, ib) / (double)ib;
    }
  }
  double ma = median(ta, rounds), ba = minimum(ta, rounds);
  double mb = median(tb, rounds), bb = minimum(tb, rounds);
  printf("%-28s %-9s %10.0f %10.0f | %-12s %10.0f %10.0f | %6.3f %6.3f\n", name, "fastcrypt", ma,
         ba, PEER_NAME, mb, bb, mb / ma, bb / ba);
  fflush(stdout);
  free(ta);
  free(tb);
}

static int matches(const char *name, char **filters, int nf) {
  if (nf == 0) return 1;
  for (int i = 0; i < nf; i++)
    if (strstr(name, filters[i])) return 1;
  return 0;
}

int main(int argc, char **argv) {
  int rounds = 41, cpu = -1, nf = 0;
  double ms = 2.0;
  const char *kernel = NULL;
  char **filters = malloc(sizeof(char *) * (size_t)argc);
  CHECK(filters != NULL, "out of memory");
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-r") && i + 1 < argc) rounds = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-t") && i + 1 < argc) ms = atof(argv[++i]);
    else if (!strcmp(argv[i], "-c") && i + 1 < argc) cpu = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-K") && i + 1 < argc) kernel = argv[++i];
    else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      printf("usage: %s [-r rounds(41)] [-t ms_per_round(2)] [-c cpu] [-K mldsa_kernel] [filter ...]\n",
             argv[0]);
      return 0;
    } else filters[nf++] = argv[i];
  }
  if (rounds < 1 || ms <= 0) die("bad -r or -t");
  if (cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) perror("sched_setaffinity");
  }
  fc_err irc = fc_init();
  if (kernel && fc_impl_select(FC_OP_MLDSA, kernel) != FC_OK) die("-K: no such usable mldsa kernel");

  static const fc_mldsa_param params[3] = {FC_ML_DSA_44, FC_ML_DSA_65, FC_ML_DSA_87};
  const peer_verify_fn fns[3] = {PEER_VERIFY44, PEER_VERIFY65, PEER_VERIFY87};
  for (int i = 0; i < 3; i++) {
    struct arg *a = &g_args[i];
    a->v = &bench_mldsa_vecs[i];
    a->param = params[i];
    a->peer = fns[i];
    CHECK(fc_mldsa_pubkey_init(&a->warm, a->param, a->v->pk, a->v->pk_len) == FC_OK,
          "check: fc_mldsa_pubkey_init");
    fc_warm(a, 1);
    fc_cold(a, 1);
    peer_verify(a, 1);
    uint8_t *bad = malloc(a->v->sig_len);
    CHECK(bad != NULL, "out of memory");
    memcpy(bad, a->v->sig, a->v->sig_len);
    bad[a->v->sig_len / 3] ^= 0x10;
    CHECK(fc_mldsa_verify(&a->warm, a->v->msg, a->v->msg_len, a->v->ctx, a->v->ctx_len, bad,
                          a->v->sig_len) == FC_ERR_SIG, "check: fastcrypt accepted a bad signature");
    CHECK(a->peer(bad, a->v->sig_len, a->v->msg, a->v->msg_len, a->v->ctx, a->v->ctx_len,
                 a->v->pk) != 0, "check: the peer accepted a bad signature");
    free(bad);
  }

  const char *env = getenv("FASTCRYPT_IMPL");
  char how[160];
  if (kernel) snprintf(how, sizeof how, "pinned by -K");
  else if (env && *env) snprintf(how, sizeof how, "fc_init's choice, FASTCRYPT_IMPL=%s", env);
  else snprintf(how, sizeof how, "automatic");
  printf("# fastcrypt %s (%s), fc_init()=%d, mldsa kernel %s (%s)\n", fc_version(), FC_DESC,
         (int)irc, fc_impl_active(FC_OP_MLDSA), how);
  printf("# peer (%s): %s\n", PEER_NAME, PEER_DESC);
  printf("# agreement checks passed (valid signature verifies, corrupted one fails, both sides)\n");
  printf("# %d rounds x ~%.2f ms per side, sides alternate; ns/call\n", rounds, ms);
  printf("# ratio = speed(fastcrypt)/speed(peer) = ns(B)/ns(A): >1 means fastcrypt faster\n");
  printf("%-28s %-9s %10s %10s | %-12s %10s %10s | %6s %6s\n", "case", "A", "med_ns", "best_ns", "B",
         "med_ns", "best_ns", "r_med", "r_best");
  char nm[64];
  for (int i = 0; i < 3; i++) {
    snprintf(nm, sizeof nm, "mldsa%d-verify-warm", g_args[i].v->param);
    if (matches(nm, filters, nf)) run_case(nm, fc_warm, peer_verify, &g_args[i], rounds, ms * 1e6);
    snprintf(nm, sizeof nm, "mldsa%d-parse-raw+verify", g_args[i].v->param);
    if (matches(nm, filters, nf)) run_case(nm, fc_cold, peer_verify, &g_args[i], rounds, ms * 1e6);
  }

  g_probe = malloc(PROBE_STACK);
  CHECK(g_probe != NULL, "out of memory");
  printf("\n# stack high-water mark of one verification, bytes (fastcrypt: plus its caller's key, "
         "sizeof(fc_mldsa_pubkey) = %zu)\n", sizeof(fc_mldsa_pubkey));
  printf("%-12s %12s %14s\n", "param", "fastcrypt", PEER_NAME);
  for (int i = 0; i < 3; i++) {
    long sf = stack_of(body_fc, &g_args[i]), sm = stack_of(body_peer, &g_args[i]);
    printf("ML-DSA-%-5d %12ld %14ld\n", g_args[i].v->param, sf, sm);
  }
  free(g_probe);
  free(filters);
  return 0;
}
