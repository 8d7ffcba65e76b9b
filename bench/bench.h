/* fc_bench: what the driver (fc_bench.c) shares with its modes and the OpenSSL side. */
#ifndef FC_BENCH_H
#define FC_BENCH_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include <time.h> /* clockid_t: every includer defines _POSIX_C_SOURCE first */

#include "fastcrypt.h"

/* bench_util.c: what every mode's timing and inputs share. */
double bench_ns(clockid_t clk);                   /* the clock's time in ns */
uint32_t bench_rng32(uint64_t *state);            /* splitmix64: fixed-seed operands */
int bench_cmp_double(const void *a, const void *b); /* qsort, ascending */
/* Mean and sample standard deviation (n - 1; 0 when n = 1) of x[0..n), n >= 1. */
void bench_mean_std(const double *x, int n, double *mean, double *sd);
/* Times call(arg) as fc_bench ec and pkcs7 report it: the calls per run
   calibrated so a run lasts about target_ns (at least 1 call), then `runs`
   runs; t[r] = ns per call of run r. Returns 1 when any call returned 0
   (a failed check), else 0. */
int bench_time_runs(int (*call)(void *), void *arg, clockid_t clk, double target_ns, int runs,
                    double *t);

#ifndef FC_BENCH_VECTORS_DIR
#define FC_BENCH_VECTORS_DIR "tests/vectors/vboot"
#endif

/*
 * `fc_bench [MODE] [OPTIONS]`: the options as the driver parsed them. A mode
 * sees only the options its table entry (fc_bench.c) accepts; 0 or NULL
 * means "not given: the mode's default". Numbers are already checked to be
 * numbers; ranges are the mode's to check.
 */
typedef struct {
  int runs;            /* --runs N (verify, sha, aes), --rounds R (mont) */
  double target_us;    /* --target-us T, > 0 when given */
  const char *json;    /* --json PATH */
  const char *filter;  /* --filter SUBSTR */
  const char *kernels; /* --kernels a,b */
  const char *csv;     /* --csv PATH (mont) */
  const char *vectors; /* --vectors DIR; never NULL */
  int thread_clock;    /* --clock thread (1) or monotonic (0) */
  int max_threads;     /* --max N (threads) */
  double init_ns;      /* the process's first fc_init, timed by the driver first */
  fc_err init_rc;
} bench_opts;

/* The runs bench_time_runs' modes (ec, pkcs7, authenticode) drop as
   warm-up before the mean and std. */
#define BENCH_WARMUP_RUNS 5
/* Those modes' --runs, --target-us and --clock: *runs (default 100, from
   BENCH_WARMUP_RUNS + 1 to 1000), *target_ns (default 1 ms), *clk. Returns
   0, or 2 after a message naming `mode` when --runs is out of range. */
int bench_run_opts(const bench_opts *o, const char *mode, int *runs, double *target_ns,
                   clockid_t *clk);

/* The modes: exit status 0, 1 (a check failed) or 2 (bad input, usage). */
int bench_verify_main(const bench_opts *o);  /* bench_verify.c */
int bench_mont_main(const bench_opts *o);    /* bench_mont.c */
int bench_sha_main(const bench_opts *o);     /* bench_sha.c */
int bench_aes_main(const bench_opts *o);     /* bench_aes.c */
int bench_threads_main(const bench_opts *o); /* bench_threads.c */
int bench_oneshot_main(const bench_opts *o); /* bench_oneshot.c */
int bench_edk2_main(const bench_opts *o);    /* bench_edk2.c */
int bench_ec_main(const bench_opts *o);      /* bench_ec.c */
int bench_pkcs7_main(const bench_opts *o);   /* bench_pkcs7.c */
int bench_authenticode_main(const bench_opts *o); /* bench_authenticode.c */
int bench_mldsa_main(const bench_opts *o);    /* bench_mldsa.c */
int bench_sha256_x_main(const bench_opts *o); /* bench_sha256_x.c */
int bench_hashsig_main(const bench_opts *o);  /* bench_hashsig.c */

/* Stack bytes body() uses at most (bench_stack.c: a painted stack of its
   own, minus an empty body's depth); -1 where it cannot be measured. */
long bench_stack_of(void (*body)(void));

/* Progress on stderr, one line rewritten in place ("[3/12] rsa_verify/4096"),
   only when stderr is a terminal. i counts from 1. Call bench_progress_clear
   before writing to stdout, so a terminal shows the tables unbroken. */
void bench_progress(int i, int n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void bench_progress_clear(void);

/* --json: one document, an array of flat records. bench_json_open with a
   NULL path leaves j closed, and every call on a closed j does nothing. */
typedef struct {
  FILE *f;
  const char *path;
  int n;
} bench_json;
int bench_json_open(bench_json *j, const char *path); /* 0, or -1 and a message */
/* One record; fmt gives its members, e.g. "\"op\": \"%s\", \"ns\": %.1f".
   Precondition: every number is finite (JSON has no nan or inf). */
void bench_json_add(bench_json *j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int bench_json_close(bench_json *j); /* 0 when everything was written, else -1 and a message */

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

/* bench_report.c */
const char *bench_op_name(bench_op op);
void bench_print_table(const bench_report *r);
void bench_print_figures(const bench_report *r);
void bench_write_json(const bench_report *r, bench_json *j); /* verify's records */

#ifdef FC_BENCH_OPENSSL
/* EDK2's OpenSSL trust store (Pkcs7Verify, AuthenticodeVerify,
   ImageTimestampVerify): a new X509_STORE trusting the one DER certificate,
   partial chains allowed, no time check, any purpose; NULL when the
   certificate does not parse. The caller frees it (X509_STORE_free). */
struct x509_store_st;
struct x509_store_st *bench_ossl_edk2_store(const uint8_t *der, size_t len);

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

#endif /* FC_BENCH_H */
