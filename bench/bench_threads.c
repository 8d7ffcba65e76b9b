/*
 * fc_bench threads [--max N]: RSA-2048 verification throughput on 1, 2, ..., N
 * threads at once. The library has no shared mutable state after fc_init,
 * so k threads should verify about k times as many signatures per second as
 * one (on k free cores).
 *
 * Method: one key (vboot's key_rsa2048.keyb, the automatic kernel) shared
 * read-only by every thread, vboot's test_file SHA-256 signature. For each
 * thread count, ROUNDS rounds; in a round every thread is released together
 * and verifies for ROUND_MS milliseconds; the round's throughput is the sum
 * of the threads' verifications over the wall time until the last thread
 * stops. The first round is a warm-up; reported: mean and standard deviation
 * of the others, per-thread throughput, and scaling against one thread.
 * Every verification must return FC_OK (otherwise exit status 1).
 * N: --max, by default the online CPUs (at most MAX_THREADS). --json: one
 * record per thread count ("threads", "verifications_per_s", "std", "scaling").
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define ROUNDS 6
#define ROUND_MS 200
#define MAX_THREADS 64

typedef struct {
  const fc_rsa_pubkey *key;
  const uint8_t *sig, *digest;
  atomic_int *go;
  long count;
  int failed;
} worker;

static void *run(void *p) {
  worker *w = p;
  while (!atomic_load(w->go)) {
  }
  double end = bench_ns(CLOCK_MONOTONIC) + ROUND_MS * 1e6;
  long c = 0;
  do {
    for (int i = 0; i < 8; i++, c++)
      if (fc_rsa_verify(w->key, FC_SHA256, w->digest, 32, w->sig, 256) != FC_OK) w->failed = 1;
  } while (bench_ns(CLOCK_MONOTONIC) < end);
  w->count = c;
  return NULL;
}

static uint8_t *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  static uint8_t buf[4][4096];
  static int next;
  uint8_t *b = buf[next++ & 3];
  *len = fread(b, 1, sizeof buf[0], f);
  fclose(f);
  return b;
}

int bench_threads_main(const bench_opts *o) {
  const char *vdir = o->vectors;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  int max_threads = o->max_threads;
  if (max_threads == 0) max_threads = cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : (int)cpus;
  if (max_threads < 1 || max_threads > MAX_THREADS) {
    fprintf(stderr, "fc_bench threads: --max takes 1..%d\n", MAX_THREADS);
    return 2;
  }
  char path[1024];
  size_t klen = 0, slen = 0, dlen = 0;
  snprintf(path, sizeof path, "%s/testkeys/key_rsa2048.keyb", vdir);
  uint8_t *keyb = slurp(path, &klen);
  snprintf(path, sizeof path, "%s/testcases/test_file.rsa2048_sha256.sig", vdir);
  uint8_t *sig = slurp(path, &slen);
  snprintf(path, sizeof path, "%s/testcases/test_file.sha256.digest", vdir);
  uint8_t *dig = slurp(path, &dlen);
  if (!keyb || !sig || !dig || slen != 256 || dlen != 32) {
    fprintf(stderr, "fc_bench: cannot read the RSA-2048 vboot vectors under %s\n", vdir);
    return 1;
  }
  static fc_rsa_pubkey key;
  if (fc_rsa_pubkey_from_vboot(&key, keyb, klen, 65537) != FC_OK) {
    fprintf(stderr, "fc_bench: key_rsa2048.keyb does not load\n");
    return 1;
  }
  bench_json json;
  if (bench_json_open(&json, o->json) != 0) return 2;
  printf("## RSA-2048 verification on several threads (kernel %s)\n\n",
         fc_impl_active(FC_OP_MONT));
  printf("%d rounds of %d ms per thread count, the first dropped; one key shared read-only.\n\n",
         ROUNDS, ROUND_MS);
  printf("| threads | verifications/s (total) | per thread | scaling vs 1 thread |\n");
  printf("|---:|---:|---:|---:|\n");
  double one = 0;
  int failed = 0;
  for (int n = 1; n <= max_threads; n++) {
    double tput[ROUNDS];
    bench_progress(n, max_threads, "%d thread%s", n, n > 1 ? "s" : "");
    for (int r = 0; r < ROUNDS; r++) {
      atomic_int go = 0;
      worker w[MAX_THREADS];
      pthread_t t[MAX_THREADS];
      for (int i = 0; i < n; i++) {
        w[i] = (worker){&key, sig, dig, &go, 0, 0};
        if (pthread_create(&t[i], NULL, run, &w[i]) != 0) {
          fprintf(stderr, "fc_bench: pthread_create failed\n");
          return 1;
        }
      }
      double t0 = bench_ns(CLOCK_MONOTONIC);
      atomic_store(&go, 1);
      long total = 0;
      for (int i = 0; i < n; i++) {
        pthread_join(t[i], NULL);
        total += w[i].count;
        failed |= w[i].failed;
      }
      tput[r] = (double)total / ((bench_ns(CLOCK_MONOTONIC) - t0) * 1e-9);
    }
    double mean = 0, var = 0;
    for (int r = 1; r < ROUNDS; r++) mean += tput[r] / (ROUNDS - 1);
    for (int r = 1; r < ROUNDS; r++) var += (tput[r] - mean) * (tput[r] - mean) / (ROUNDS - 2);
    if (n == 1) one = mean;
    bench_progress_clear();
    printf("| %d | %.0f ±%.0f | %.0f | %.2fx |\n", n, mean, sqrt(var), mean / n, mean / one);
    fflush(stdout);
    bench_json_add(&json,
                   "\"threads\": %d, \"verifications_per_s\": %.1f, \"std\": %.1f, "
                   "\"scaling\": %.3f, \"kernel\": \"%s\"",
                   n, mean, sqrt(var), mean / one, fc_impl_active(FC_OP_MONT));
  }
  int json_failed = bench_json_close(&json) != 0;
  if (failed) {
    fprintf(stderr, "fc_bench: a verification failed\n");
    return 1;
  }
  return json_failed;
}
