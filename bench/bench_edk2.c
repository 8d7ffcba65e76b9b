/*
 * fc_bench edk2: the second seed's table, for contrib/edk2's BaseCryptLib
 * instance. One row per CryptoPkg unit-test group in the instance's scope
 * (edk2_groups.c lists each group's calls and sizes):
 *   | TestName | NoAccel (ns) | NoAccel std | Accel (ns) | Accel std | Improvement |
 * NoAccel is FastCryptLibInitFeatures(0), portable kernels only; Accel is
 * FastCryptLibInitFeatures(all), the instance's own choice at boot. Each
 * run times iters executions of a group in one mode, then in the other
 * (the order swapped every run, so drift hits both alike); iters is chosen
 * once, on NoAccel, so one run lasts about --target-us. --runs runs, the
 * first 5 dropped; mean and sample std of the per-execution time over the
 * rest; Improvement = 100 * (Accel - NoAccel) / NoAccel (negative: faster),
 * as the seed reported it.
 * The certificate groups (edk2_pki_groups.c: mX509Test ... mImageTimestampTest)
 * come after the others in that table and, with OpenSSL 3 (FC_BENCH_OPENSSL),
 * get a second table, the OpenSSL/fastcrypt comparison:
 *   | TestName | OpenSSL (ns) | OpenSSL std | fastcrypt (ns) | fastcrypt std | fastcrypt/OpenSSL |
 * OpenSSL: the same calls as EDK2's OpenSSL instance makes them, on the
 * host's libcrypto; fastcrypt: the Accel column (the same runs: each run
 * times NoAccel, Accel and OpenSSL in turn, the order reversed every run).
 * Checks (exit status 1): every execution's calls returned what the group
 * expects, and every mode (OpenSSL too) produced the same outputs.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#include <Library/BaseCryptLib.h>
#include <Library/FastCryptLib.h>

#include "edk2_groups.h"

#define WARMUP 5
#define MAX_RUNS 1000

enum { NOACCEL, ACCEL, OPENSSL, NMODES };
static const char *const mode_names[NMODES] = {"NoAccel", "Accel", "OpenSSL"};
static const UINT64 mode_features[NMODES] = {0, ~(UINT64)0, ~(UINT64)0};

typedef int (*run_fn)(edk2_fold *out);

/* One row: a group of edk2_groups.c or edk2_pki_groups.c; fn[OPENSSL] may be NULL. */
typedef struct {
  const char *name;
  run_fn fn[NMODES];
} row;

/* iters executions of g; the per-execution ns, or -1 when a check failed. */
static double time_group(run_fn run, uint64_t iters, edk2_fold *fold) {
  int bad = 0;
  double t0 = bench_ns(CLOCK_MONOTONIC);
  for (uint64_t i = 0; i < iters; i++) bad |= run(fold);
  double t1 = bench_ns(CLOCK_MONOTONIC);
  return bad ? -1 : (t1 - t0) / (double)iters;
}

static void set_mode(int m) { (void)FastCryptLibInitFeatures(mode_features[m]); }

static uint64_t calibrate(run_fn g, double target_ns) {
  edk2_fold f;
  uint64_t iters = 1;
  for (;;) {
    memset(&f, 0, sizeof f);
    double t0 = bench_ns(CLOCK_MONOTONIC);
    if (time_group(g, iters, &f) < 0) return 0;
    double dt = bench_ns(CLOCK_MONOTONIC) - t0;
    if (dt >= target_ns / 4 || iters >= (1u << 30)) {
      double k = dt > 0 ? target_ns / dt * (double)iters : (double)iters;
      return k < 1 ? 1 : (uint64_t)k;
    }
    iters *= 4;
  }
}

static void print_kernels(void) {
  for (int m = 0; m < OPENSSL; m++) {
    set_mode(m);
    printf("- ");
    edk2_print_kernels(mode_names[m]);
  }
}

#define NROWS (EDK2_NGROUPS + EDK2_PKI_NGROUPS)

int bench_edk2_main(const bench_opts *o) {
  int runs = o->runs ? o->runs : 100;
  double target_us = o->target_us > 0 ? o->target_us : 1000;
  if (runs <= WARMUP || runs > MAX_RUNS) {
    fprintf(stderr, "fc_bench edk2: --runs must be %d..%d (the first %d are dropped)\n",
            WARMUP + 1, MAX_RUNS, WARMUP);
    return 2;
  }
  bench_json j;
  if (bench_json_open(&j, o->json) != 0) return 2;
  if (edk2_groups_setup() != 0) {
    fprintf(stderr, "fc_bench edk2: RsaNew failed\n");
    return 1;
  }
  if (edk2_pki_setup() != 0) {
    edk2_groups_teardown();
    return 1;
  }
  row rows[NROWS];
  memset(rows, 0, sizeof rows);
  for (int i = 0; i < EDK2_NGROUPS; i++) {
    rows[i].name = edk2_groups[i].name;
    rows[i].fn[NOACCEL] = rows[i].fn[ACCEL] = edk2_groups[i].run;
  }
  for (int i = 0; i < EDK2_PKI_NGROUPS; i++) {
    row *w = &rows[EDK2_NGROUPS + i];
    w->name = edk2_pki_groups[i].name;
    w->fn[NOACCEL] = w->fn[ACCEL] = edk2_pki_groups[i].run;
    w->fn[OPENSSL] = edk2_pki_groups[i].ossl;
  }
  char cpu[256] = "unknown";
  fc_cpu_name(cpu, sizeof cpu);
  printf("# fc_bench edk2\n\n- CPU: %s\n", cpu);
  print_kernels();
  printf("- %d runs per mode, the first %d dropped; about %.0f us per run; mean and sample std "
         "per execution of the group's calls\n\n",
         runs, WARMUP, target_us);
  printf("| TestName | NoAccel (ns) | NoAccel std | Accel (ns) | Accel std | Improvement |\n"
         "|---|---:|---:|---:|---:|---:|\n");

  static double t[NMODES][MAX_RUNS];
  /* The OpenSSL table, printed after the first: mean and std of OpenSSL and Accel. */
  static char ossl_lines[NROWS][160];
  int failed = 0, shown = 0, nsel = 0, nossl = 0;
  for (int gi = 0; gi < NROWS; gi++)
    nsel += o->filter == NULL || strstr(rows[gi].name, o->filter) != NULL;
  for (int gi = 0; gi < NROWS; gi++) {
    const row *g = &rows[gi];
    if (o->filter != NULL && strstr(g->name, o->filter) == NULL) continue;
    bench_progress(++shown, nsel, "%s", g->name);
    int nm = g->fn[OPENSSL] != NULL ? NMODES : OPENSSL;
    set_mode(NOACCEL);
    uint64_t iters = calibrate(g->fn[NOACCEL], target_us * 1000);
    int bad = iters == 0;
    edk2_fold fold[NMODES];
    memset(fold, 0, sizeof fold);
    for (int r = 0; r < runs && !bad; r++) {
      for (int k = 0; k < nm; k++) {
        int m = (r & 1) ? nm - 1 - k : k;
        set_mode(m);
        /* The fold of a run's first execution only: every mode sees the same inputs. */
        edk2_fold f;
        memset(&f, 0, sizeof f);
        bad |= g->fn[m](&f) != 0;
        if (r == 0) fold[m] = f;
        t[m][r] = time_group(g->fn[m], iters, &f);
        bad |= t[m][r] < 0;
      }
    }
    for (int m = 1; m < nm; m++) bad |= memcmp(&fold[0], &fold[m], sizeof fold[0]) != 0;
    bench_progress_clear();
    if (bad) {
      printf("| %s | check failed | | | | |\n", g->name);
      fprintf(stderr, "fc_bench edk2: %s: a call failed or the modes disagree\n", g->name);
      failed = 1;
      continue;
    }
    double mean[NMODES], sd[NMODES];
    for (int m = 0; m < nm; m++) bench_mean_std(t[m] + WARMUP, runs - WARMUP, &mean[m], &sd[m]);
    double imp = 100 * (mean[ACCEL] - mean[NOACCEL]) / mean[NOACCEL];
    printf("| %s | %.0f | %.0f | %.0f | %.0f | %+.1f%% |\n", g->name, mean[NOACCEL], sd[NOACCEL],
           mean[ACCEL], sd[ACCEL], imp);
    if (nm == NMODES) {
      double ratio = mean[ACCEL] / mean[OPENSSL];
      snprintf(ossl_lines[nossl++], sizeof ossl_lines[0], "| %s | %.0f | %.0f | %.0f | %.0f | %.3fx |",
               g->name, mean[OPENSSL], sd[OPENSSL], mean[ACCEL], sd[ACCEL], ratio);
      bench_json_add(&j,
                     "\"mode\": \"edk2\", \"group\": \"%s\", \"noaccel_ns\": %.1f, "
                     "\"noaccel_std_ns\": %.1f, \"accel_ns\": %.1f, \"accel_std_ns\": %.1f, "
                     "\"improvement_pct\": %.2f, \"openssl_ns\": %.1f, \"openssl_std_ns\": %.1f, "
                     "\"ratio_accel_openssl\": %.4f, \"iters\": %llu, \"runs\": %d",
                     g->name, mean[NOACCEL], sd[NOACCEL], mean[ACCEL], sd[ACCEL], imp, mean[OPENSSL],
                     sd[OPENSSL], ratio, (unsigned long long)iters, runs - WARMUP);
    } else {
      bench_json_add(&j,
                     "\"mode\": \"edk2\", \"group\": \"%s\", \"noaccel_ns\": %.1f, "
                     "\"noaccel_std_ns\": %.1f, \"accel_ns\": %.1f, \"accel_std_ns\": %.1f, "
                     "\"improvement_pct\": %.2f, \"iters\": %llu, \"runs\": %d",
                     g->name, mean[NOACCEL], sd[NOACCEL], mean[ACCEL], sd[ACCEL], imp,
                     (unsigned long long)iters, runs - WARMUP);
    }
  }
  if (nossl > 0) {
    printf("\nOpenSSL: the same calls as EDK2's OpenSSL instance makes them, on this host's "
           "libcrypto; fastcrypt: the Accel column above (same runs).\n\n"
           "| TestName | OpenSSL (ns) | OpenSSL std | fastcrypt (ns) | fastcrypt std | "
           "fastcrypt/OpenSSL |\n|---|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < nossl; i++) printf("%s\n", ossl_lines[i]);
  }
  set_mode(ACCEL);
  edk2_groups_teardown();
  edk2_pki_teardown();
  if (bench_json_close(&j) != 0) failed = 1;
  if (shown == 0) {
    fprintf(stderr, "fc_bench edk2: no group matches --filter '%s'\n", o->filter);
    return 2;
  }
  return failed;
}
