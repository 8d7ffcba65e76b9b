/* fc_bench: what the driver (fc_bench.c) shares with the OpenSSL side. */
#ifndef FC_BENCH_H
#define FC_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "fastcrypt.h"

/* Is name in the comma-separated list (NULL list: everything)? --kernels. */
int bench_in_list(const char *list, const char *name);

typedef enum { BOP_MONT_MUL, BOP_MODPOW_F4, BOP_MODPOW_E3, BOP_RSA_VERIFY } bench_op;

/*
 * One case's inputs, the same for every column. Numbers are 32-bit words,
 * least significant first (vboot's layout). For rsa_verify, n and e are the
 * test key's, sig and digest the vboot test case's.
 */
typedef struct {
  bench_op op;
  unsigned bits;
  size_t nwords;
  uint32_t n[FC_MONT_MAX_WORDS];
  uint32_t a[FC_MONT_MAX_WORDS]; /* < n: mont_mul operand, modpow base */
  uint32_t b[FC_MONT_MAX_WORDS]; /* < n: mont_mul operand */
  uint8_t e[4];                  /* big-endian, no leading zero */
  size_t e_len;
  uint8_t *keyb; /* rsa_verify: .keyb file */
  size_t keyb_len;
  uint8_t *sig;
  size_t sig_len;
  uint8_t digest[32]; /* SHA-256 of vboot's test_file */
} bench_input;

typedef struct {
  bench_op op;
  unsigned bits;
} bench_case;

/* Per-call time of one column on one case, over the kept runs. */
typedef struct {
  int valid; /* measured, and every check passed */
  double mean_ns, std_ns;
  double median_ns; /* JSON only: robust when the machine is busy */
  uint64_t iters; /* calls per run */
  int runs;       /* kept runs */
} bench_result;

/* Everything the report needs; results is ncases x ncols, row-major. */
typedef struct {
  const bench_case *cases;
  int ncases;
  const char *const *cols; /* kernel names, "openssl" */
  int ncols;
  const bench_result *results;
  const char *auto_kernel;
  double probe_mean_ns, probe_std_ns;
  int probe_calls;
  const char *clock; /* "monotonic" or "thread" */
} bench_report;

/* bench_sha.c: fc_bench --sha (argv[0] is "--sha"); exit status. */
int bench_sha_main(int argc, char **argv);

/* bench_report.c */
const char *bench_op_name(bench_op op);
void bench_print_table(const bench_report *r);
void bench_print_figures(const bench_report *r);
int bench_write_json(const bench_report *r, const char *path); /* 0 on success */

/* bench_mont.c: `fc_bench mont ...` (argv[0] is "mont"). */
int bench_mont_main(int argc, char **argv, const char *vdir);

#ifdef FC_BENCH_OPENSSL
typedef struct bench_ossl bench_ossl;
/* Library version string. */
const char *bench_ossl_version(void);
/* Everything set up outside the timed loop; NULL (message on stderr) on failure. */
bench_ossl *bench_ossl_new(const bench_input *in);
/* The timed loop: iters calls. 0 when every call succeeded. */
int bench_ossl_run(bench_ossl *o, uint64_t iters);
/* Last mont_mul/modpow result as nwords words. */
void bench_ossl_result(const bench_ossl *o, uint32_t *out, size_t nwords);
void bench_ossl_free(bench_ossl *o);
#endif

/* fc_bench --threads N (bench_threads.c): RSA-2048 verification throughput
   on 1..N threads; 0 on success. */
int fc_bench_threads(int max_threads, const char *vectors_dir);

#endif /* FC_BENCH_H */
