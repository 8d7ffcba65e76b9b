/*
 * fc_bench sha256x: many SHA-256 messages at once (op FC_OP_SHA256_X), the
 * hash-based signatures' shape. 16 streams of 64-byte messages (two
 * compressions each: the message block and the padding block) through
 * fc__sha256_x with the IV, per usable sha256_x kernel; against one stream
 * at a time through fc_hash on the single-stream kernel (sha256=shani where
 * the CPU has it, else the automatic one). Printed: ns per message and the
 * ratio of the one-stream row to each kernel's. Every kernel's digests are
 * checked against fc_hash's first (exit status 1 on a mismatch).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "hash/hash_internal.h"

#define STREAMS 16
#define MSG_LEN 64

typedef struct {
  uint8_t msg[STREAMS][MSG_LEN], out[STREAMS][32];
  const uint8_t *mp[STREAMS];
  uint8_t *op[STREAMS];
  const fc__sha256_x_kernel *xk;
} x_case;

static int call_x(void *arg) {
  x_case *c = arg;
  fc__sha256_x(c->xk, NULL, 0, c->mp, MSG_LEN, STREAMS, c->op);
  return 1;
}

/* The same 16 messages one after another through fc_hash. */
static int call_one(void *arg) {
  x_case *c = arg;
  int ok = 1;
  for (int i = 0; i < STREAMS; i++) ok &= fc_hash(FC_SHA256, c->msg[i], MSG_LEN, c->out[i]) == FC_OK;
  return ok;
}

/* Mean ns per message over the runs after the warm-up. */
static double per_msg(int (*call)(void *), x_case *c, clockid_t clk, double target_ns, int runs,
                      int *bad) {
  double t[1000], mean, sd;
  *bad |= bench_time_runs(call, c, clk, target_ns, runs, t);
  bench_mean_std(t + BENCH_WARMUP_RUNS, runs - BENCH_WARMUP_RUNS, &mean, &sd);
  return mean / STREAMS;
}

int bench_sha256_x_main(const bench_opts *o) {
  int runs, bad = 0;
  double target_ns;
  clockid_t clk;
  int rc = bench_run_opts(o, "sha256x", &runs, &target_ns, &clk);
  if (rc) return rc;
  bench_json j;
  if (bench_json_open(&j, o->json) != 0) return 2;

  static x_case c;
  uint64_t seed = 1;
  for (int i = 0; i < STREAMS; i++) {
    for (int b = 0; b < MSG_LEN; b++) c.msg[i][b] = (uint8_t)bench_rng32(&seed);
    c.mp[i] = c.msg[i];
    c.op[i] = c.out[i];
  }
  uint8_t want[STREAMS][32];
  for (int i = 0; i < STREAMS; i++) fc_hash(FC_SHA256, c.msg[i], MSG_LEN, want[i]);

  /* the one-stream baseline: SHA-NI where usable */
  fc_impl_info sk[16];
  size_t ns = fc_impls(FC_OP_SHA256, sk, 16);
  const char *one = NULL;
  for (size_t i = 0; i < ns && i < 16; i++)
    if (strcmp(sk[i].name, "shani") == 0 && sk[i].usable) one = "shani";
  if (one) fc_impl_select(FC_OP_SHA256, one);
  const char *one_name = fc_impl_active(FC_OP_SHA256);
  double base = per_msg(call_one, &c, clk, target_ns, runs, &bad);

  printf("SHA-256 of %d messages of %d bytes (2 compressions each); sha256=%s for the one-stream "
         "row and for sha256_x=single\n",
         STREAMS, MSG_LEN, one_name);
  printf("%-28s %6s %12s %8s\n", "case", "lanes", "ns/message", "ratio");
  printf("%-28s %6d %12.1f %8s\n", "fc_hash, one stream", 1, base, "1.00x");
  bench_json_add(&j, "\"case\": \"sha256/64 one stream\", \"kernel\": \"%s\", \"ns_per_msg\": %.2f",
                 one_name, base);

  fc_impl_info xk[16];
  size_t nx = fc_impls(FC_OP_SHA256_X, xk, 16);
  for (size_t i = 0; i < nx && i < 16; i++) {
    char label[64];
    snprintf(label, sizeof label, "sha256_x=%s, %d streams", xk[i].name, STREAMS);
    if (!xk[i].usable) {
      printf("%-28s %6s %12s %8s\n", label, "-", "UNAVAILABLE", "-");
      continue;
    }
    bench_progress((int)i + 1, (int)nx, "sha256x/%s", xk[i].name);
    fc_impl_select(FC_OP_SHA256_X, xk[i].name);
    c.xk = fc__sha256_x_active();
    memset(c.out, 0, sizeof c.out);
    call_x(&c);
    if (memcmp(c.out, want, sizeof want) != 0) {
      bench_progress_clear();
      fprintf(stderr, "fc_bench sha256x: %s: wrong digest\n", xk[i].name);
      bad = 1;
      continue;
    }
    double t = per_msg(call_x, &c, clk, target_ns, runs, &bad);
    bench_progress_clear();
    printf("%-28s %6u %12.1f %7.2fx\n", label, (unsigned)c.xk->lanes, t, base / t);
    bench_json_add(&j,
                   "\"case\": \"sha256_x/64 x%d\", \"kernel\": \"%s\", \"lanes\": %u, "
                   "\"ns_per_msg\": %.2f, \"ratio_vs_one_stream\": %.3f",
                   STREAMS, xk[i].name, (unsigned)c.xk->lanes, t, base / t);
  }
  fc_impl_select(FC_OP_SHA256_X, NULL);
  fc_impl_select(FC_OP_SHA256, NULL);
  if (bench_json_close(&j) != 0) return 2;
  return bad;
}
