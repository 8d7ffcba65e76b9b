/* fc_bench: contrib/vboot's hooks, vb2ex_hwcrypto_modexp per Montgomery kernel
   (bench_vboot.c) and the digest hooks per SHA kernel (bench_vboot_digest.c). */
#ifndef FC_BENCH_VBOOT_H
#define FC_BENCH_VBOOT_H

#include "bench.h"

typedef struct {
  int runs, warmup;    /* rounds, of which the first `warmup` are dropped */
  double target_ns;    /* length of one run */
  const char *filter;  /* case-name substring (e.g. "vboot_hook_e65537/8192", "vboot_digest_sha256"; "vboot": all), NULL: all */
  const char *kernels; /* comma-separated kernel names, NULL: every usable one */
  const char *vdir;    /* tests/vectors/vboot */
  int thread_clock;    /* CLOCK_THREAD_CPUTIME_ID instead of CLOCK_MONOTONIC */
  bench_json *json;    /* --json: one record per case and kernel (bench.h; may be closed) */
} bench_vboot_opts;

/* Prints its own markdown table. 0: every call succeeded and every kernel's
   result equals scalar32's; 1: a check failed; 2: the vectors are missing. */
int bench_vboot(const bench_vboot_opts *o);

/* One table per algorithm (SHA-1, SHA-256, SHA-512), 4 KiB and 1 MiB, cases
   "vboot_digest_sha256/4096" ... for --filter. 0: every call succeeded and
   every kernel's digest equals scalar's; 1: a check failed; 2: no memory. */
int bench_vboot_digest(const bench_vboot_opts *o);

#endif /* FC_BENCH_VBOOT_H */
