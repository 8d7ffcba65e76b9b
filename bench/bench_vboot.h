/* fc_bench: contrib/vboot's vb2ex_hwcrypto_modexp per Montgomery kernel. */
#ifndef FC_BENCH_VBOOT_H
#define FC_BENCH_VBOOT_H

#include "bench.h"

typedef struct {
  int runs, warmup;    /* rounds, of which the first `warmup` are dropped */
  double target_ns;    /* length of one run */
  const char *filter;  /* case-name substring (e.g. "vboot_hook_e65537/8192"; "vboot": all), NULL: all */
  const char *kernels; /* comma-separated kernel names, NULL: every usable one */
  const char *vdir;    /* tests/vectors/vboot */
  int thread_clock;    /* CLOCK_THREAD_CPUTIME_ID instead of CLOCK_MONOTONIC */
  bench_json *json;    /* --json: one record per case and kernel (bench.h; may be closed) */
} bench_vboot_opts;

/* Prints its own markdown table. 0: every call succeeded and every kernel's
   result equals scalar32's; 1: a check failed; 2: the vectors are missing. */
int bench_vboot(const bench_vboot_opts *o);

#endif /* FC_BENCH_VBOOT_H */
