/* fc_bench output: the markdown table, the ratios, the JSON records. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"

const char *bench_op_name(bench_op op) {
  switch (op) {
    case BOP_MONT_MUL:
      return "mont_mul";
    case BOP_MODPOW_F4:
      return "modpow_e65537";
    case BOP_MODPOW_E3:
      return "modpow_e3";
    case BOP_RSA_VERIFY:
      return "rsa_verify";
  }
  return "?";
}

static const bench_result *at(const bench_report *r, int ci, int k) {
  return &r->results[(size_t)ci * (size_t)r->ncols + (size_t)k];
}

static int col_of(const bench_report *r, const char *name) {
  for (int k = 0; name != NULL && k < r->ncols; k++)
    if (strcmp(r->cols[k], name) == 0) return k;
  return -1;
}

/* "850 ns ±12" below 1 us, else "12.3 us ±0.4" with fewer decimals as it grows. */
static void fmt_time(char *out, size_t len, double mean, double std) {
  if (mean < 1e3)
    snprintf(out, len, "%.0f ns ±%.0f", mean, std);
  else if (mean < 1e4)
    snprintf(out, len, "%.2f us ±%.2f", mean / 1e3, std / 1e3);
  else if (mean < 1e6)
    snprintf(out, len, "%.1f us ±%.1f", mean / 1e3, std / 1e3);
  else
    snprintf(out, len, "%.0f us ±%.0f", mean / 1e3, std / 1e3);
}

void bench_print_table(const bench_report *r) {
  int base = col_of(r, "scalar32");
  printf("| op | bits |");
  for (int k = 0; k < r->ncols; k++)
    printf(" %s%s |", r->cols[k],
           r->auto_kernel && strcmp(r->cols[k], r->auto_kernel) == 0 ? " (auto)" : "");
  printf("\n|---|---:|");
  for (int k = 0; k < r->ncols; k++) printf("---:|");
  printf("\n");
  for (int ci = 0; ci < r->ncases; ci++) {
    printf("| %s | %u |", bench_op_name(r->cases[ci].op), r->cases[ci].bits);
    for (int k = 0; k < r->ncols; k++) {
      const bench_result *x = at(r, ci, k), *b = base >= 0 ? at(r, ci, base) : NULL;
      char cell[96];
      if (!x->valid) {
        printf(" n/a |");
        continue;
      }
      fmt_time(cell, sizeof(cell), x->mean_ns, x->std_ns);
      if (b != NULL && k != base && b->valid)
        printf(" %s (%+.0f%%) |", cell, (b->mean_ns - x->mean_ns) / b->mean_ns * 100);
      else
        printf(" %s |", cell);
    }
    printf("\n");
  }
}

/* Mean of column a over column b at rsa_verify/bits, into out ("n/a" if missing). */
static void ratio(const bench_report *r, unsigned bits, const char *a, const char *b, char *out,
                  size_t len) {
  int ka = col_of(r, a), kb = col_of(r, b);
  snprintf(out, len, "n/a");
  for (int ci = 0; ci < r->ncases; ci++) {
    if (r->cases[ci].op != BOP_RSA_VERIFY || r->cases[ci].bits != bits || ka < 0 || kb < 0)
      continue;
    const bench_result *x = at(r, ci, ka), *y = at(r, ci, kb);
    if (x->valid && y->valid) snprintf(out, len, "%.2fx", x->mean_ns / y->mean_ns);
  }
}

void bench_print_figures(const bench_report *r) {
  char f[4][32];
  ratio(r, 2048, r->auto_kernel, "openssl", f[0], sizeof(f[0]));
  ratio(r, 4096, r->auto_kernel, "openssl", f[1], sizeof(f[1]));
  ratio(r, 2048, "sse2", "scalar32", f[2], sizeof(f[2]));
  ratio(r, 2048, "scalar64", "scalar32", f[3], sizeof(f[3]));
  printf("\nrsa_verify time ratios: automatic kernel (%s) / openssl at 2048: %s (target <= 0.30x), "
         "at 4096: %s (<= 0.25x); at 2048: sse2/scalar32 %s (foundation: <= 0.5x), "
         "scalar64/scalar32 %s\n",
         r->auto_kernel ? r->auto_kernel : "none", f[0], f[1], f[2], f[3]);
}

void bench_write_json(const bench_report *r, bench_json *j) {
  /* The probe first (bits 0): the cost fc_init pays once. */
  bench_json_add(j,
                 "\"op\": \"cpu_probe\", \"bits\": 0, \"kernel\": \"probe\", \"mean_ns\": %.1f, "
                 "\"std_ns\": %.1f, \"runs\": %d, \"iters\": 1, \"clock\": \"%s\"",
                 r->probe_mean_ns, r->probe_std_ns, r->probe_calls, r->clock);
  for (int ci = 0; ci < r->ncases; ci++)
    for (int k = 0; k < r->ncols; k++) {
      const bench_result *x = at(r, ci, k);
      if (!x->valid) continue;
      bench_json_add(j,
                     "\"op\": \"%s\", \"bits\": %u, \"kernel\": \"%s\", \"mean_ns\": %.1f, "
                     "\"std_ns\": %.1f, \"runs\": %d, \"iters\": %" PRIu64
                     ", \"median_ns\": %.1f, \"clock\": \"%s\"",
                     bench_op_name(r->cases[ci].op), r->cases[ci].bits, r->cols[k], x->mean_ns,
                     x->std_ns, x->runs, x->iters, x->median_ns, r->clock);
    }
}
