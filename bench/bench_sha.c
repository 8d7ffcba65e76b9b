/*
 * fc_bench sha: SHA-1/256/512 throughput at 64 B, 1 KiB, 16 KiB and 1 MiB
 * for every usable kernel of each hash op, SHA3-256 and SHA3-512 at 64 B,
 * 1 KiB and 16 KiB and 16 KiB of SHAKE128 output (from a 32-byte input)
 * per Keccak kernel, SHAKE256 over 1 MiB (one stream) and
 * ParallelHash256 over 1 MiB with an 8 KiB block per many-state kernel,
 * HMAC-SHA256 on 64 B,
 * PBKDF2-HMAC-SHA256 with 10,000 iterations, and RSA-PSS-2048 (SHA-256,
 * MGF1-SHA-256, 32-byte salt, e = 65537) verification, with an OpenSSL 3
 * column when built with it.
 *
 * Method (as fc_bench's): each column's iteration count is calibrated once
 * so a run lasts about --target-us; then --runs rounds, each timing one run
 * per column, the column order rotated every round; the first rounds are
 * warm-up and dropped. Median and sample standard deviation over the kept
 * runs (--clock thread: CPU time of the thread, for a busy shared machine).
 *
 * Timed loops (setup outside them):
 *  - hash:   fc_hash(alg, buf, len, out) with the kernel pinned
 *            (fc_impl_select); OpenSSL: EVP_Digest(buf, len, out, NULL, md,
 *            NULL) with md pre-fetched once by EVP_MD_fetch.
 *  - shake:  fc_xof(alg, buf, len, out, out_len); OpenSSL: EVP_DigestInit_ex,
 *            EVP_DigestUpdate, EVP_DigestFinalXOF on one EVP_MD_CTX.
 *  - ph:     fc_parallelhash256(buf, 1 MiB, 8192, NULL, 0, out, 64), the
 *            FC_OP_KECCAK_X kernel pinned (OpenSSL 3.0 has no ParallelHash);
 *            the line after the table gives it as a multiple of the
 *            shake256/1M row's automatic kernel.
 *  - hmac:   fc_hmac(FC_SHA256, key32, msg64); OpenSSL: HMAC(md, ...).
 *  - pbkdf2: fc_pbkdf2(FC_SHA256, 8-byte password, 16-byte salt, 10000, 32
 *            bytes out); OpenSSL: PKCS5_PBKDF2_HMAC with the same.
 *  - pss:    fc_rsa_verify_pss on a key loaded once; OpenSSL: EVP_PKEY_verify
 *            on a context set up once. Key and signature are made by OpenSSL
 *            at start-up (this row needs OpenSSL).
 * Every timed call's result is checked (digests against the scalar kernel's).
 * --json: one record per case and column ("case", "kernel", "median_ns",
 * "std_ns", and "mb_s" for the hash and HMAC cases).
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "core/fc_internal.h"

#ifdef FC_BENCH_OPENSSL
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rsa.h>
#endif

#define MAXCOLS 8
#define MAXRUNS 1000

typedef enum { K_HASH, K_HMAC, K_PBKDF2, K_PSS, K_SHAKE, K_PH } kind;

typedef struct {
  const char *name;
  kind k;
  fc_hash_alg alg; /* K_SHAKE: an fc_xof_alg */
  size_t len;
  size_t out_len; /* K_SHAKE */
} row;

static const row rows[] = {
    {"sha1/64", K_HASH, FC_SHA1, 64, 0},          {"sha1/1K", K_HASH, FC_SHA1, 1024, 0},
    {"sha1/16K", K_HASH, FC_SHA1, 16384, 0},      {"sha1/1M", K_HASH, FC_SHA1, 1 << 20, 0},
    {"sha256/64", K_HASH, FC_SHA256, 64, 0},      {"sha256/1K", K_HASH, FC_SHA256, 1024, 0},
    {"sha256/16K", K_HASH, FC_SHA256, 16384, 0},  {"sha256/1M", K_HASH, FC_SHA256, 1 << 20, 0},
    {"sha512/64", K_HASH, FC_SHA512, 64, 0},      {"sha512/1K", K_HASH, FC_SHA512, 1024, 0},
    {"sha512/16K", K_HASH, FC_SHA512, 16384, 0},  {"sha512/1M", K_HASH, FC_SHA512, 1 << 20, 0},
    {"sha3-256/64", K_HASH, FC_SHA3_256, 64, 0},  {"sha3-256/1K", K_HASH, FC_SHA3_256, 1024, 0},
    {"sha3-256/16K", K_HASH, FC_SHA3_256, 16384, 0},
    {"sha3-512/64", K_HASH, FC_SHA3_512, 64, 0},  {"sha3-512/1K", K_HASH, FC_SHA3_512, 1024, 0},
    {"sha3-512/16K", K_HASH, FC_SHA3_512, 16384, 0},
    {"shake128/out16K", K_SHAKE, (fc_hash_alg)FC_SHAKE128, 32, 16384},
    {"shake256/1M", K_SHAKE, (fc_hash_alg)FC_SHAKE256, 1 << 20, 64},
    {"parallelhash256/1M/B8K", K_PH, 0, 1 << 20, 0},
    {"hmac-sha256/64", K_HMAC, FC_SHA256, 64, 0}, {"pbkdf2-sha256/10000", K_PBKDF2, FC_SHA256, 10000, 0},
    {"rsa-pss-2048/sha256", K_PSS, FC_SHA256, 2048, 0},
};

#define NROWS (sizeof(rows) / sizeof(rows[0]))

/* Does the run measure r? --filter, and the PSS row needs OpenSSL's key. */
static int have_pss;
static int selected(const row *r, const char *filter) {
  return (filter == NULL || strstr(r->name, filter) != NULL) && (r->k != K_PSS || have_pss);
}

typedef struct {
  const char *name; /* kernel name or "openssl" */
  int ossl;
  uint64_t iters;
  double s[MAXRUNS];
  int ns;
} col;

static uint8_t *buf;
static uint8_t out[16384], ref[64];
static double shake_stream_ns; /* shake256/1M, the automatic Keccak kernel */
static const uint8_t key32[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
static const uint8_t pw[8] = "password", salt[16] = "saltsaltsaltsalt";
static fc_rsa_pubkey pss_key;
static uint8_t pss_sig[256], pss_digest[32];
static int check_failed;

#ifdef FC_BENCH_OPENSSL
static EVP_MD *md_of[FC_SHA3_512 + 1], *shake_md[3];
static EVP_MD_CTX *xof_ctx;
static EVP_PKEY_CTX *pss_vctx;
#endif

static clockid_t clk = CLOCK_MONOTONIC;
/* One run of iters calls; returns ns for the run. */
static double run(const row *r, const col *c, uint64_t iters) {
  double t0 = bench_ns(clk);
  int ok = 1;
  if (!c->ossl) {
    for (uint64_t i = 0; i < iters; i++) switch (r->k) {
        case K_HASH: ok &= fc_hash(r->alg, buf, r->len, out) == FC_OK; break;
        case K_HMAC: ok &= fc_hmac(r->alg, key32, 32, buf, r->len, out) == FC_OK; break;
        case K_PBKDF2:
          ok &= fc_pbkdf2(r->alg, pw, 8, salt, 16, (uint32_t)r->len, out, 32) == FC_OK;
          break;
        case K_PSS:
          ok &= fc_rsa_verify_pss(&pss_key, FC_SHA256, FC_SHA256, 32, pss_digest, 32, pss_sig,
                                  256) == FC_OK;
          break;
        case K_SHAKE:
          ok &= fc_xof((fc_xof_alg)r->alg, buf, r->len, out, r->out_len) == FC_OK;
          break;
        case K_PH: ok &= fc_parallelhash256(buf, r->len, 8192, NULL, 0, out, 64) == FC_OK; break;
      }
  }
#ifdef FC_BENCH_OPENSSL
  else {
    EVP_MD *md = md_of[r->alg];
    for (uint64_t i = 0; i < iters; i++) switch (r->k) {
        case K_HASH: ok &= EVP_Digest(buf, r->len, out, NULL, md, NULL) == 1; break;
        case K_HMAC: ok &= HMAC(md, key32, 32, buf, r->len, out, NULL) != NULL; break;
        case K_PBKDF2:
          ok &= PKCS5_PBKDF2_HMAC((const char *)pw, 8, salt, 16, (int)r->len, md, 32, out) == 1;
          break;
        case K_PSS:
          ok &= EVP_PKEY_verify(pss_vctx, pss_sig, 256, pss_digest, 32) == 1;
          break;
        case K_SHAKE:
          ok &= EVP_DigestInit_ex(xof_ctx, shake_md[r->alg], NULL) == 1 &&
                EVP_DigestUpdate(xof_ctx, buf, r->len) == 1 &&
                EVP_DigestFinalXOF(xof_ctx, out, r->out_len) == 1;
          break;
        case K_PH: ok = 0; break; /* no OpenSSL column */
      }
  }
#endif
  double t = bench_ns(clk) - t0;
  size_t olen = r->k == K_PSS                      ? 0
                 : r->k == K_PBKDF2 || r->k == K_SHAKE ? 32
                 : r->k == K_PH                       ? 64
                                                      : fc_hash_len(r->alg);
  if (!ok || (olen && memcmp(out, ref, olen) != 0)) {
    fprintf(stderr, "fc_bench sha: %s / %s: wrong result\n", r->name, c->name);
    check_failed = 1;
  }
  return t;
}

/* The op whose kernel the row times. */
static fc_op op_of(const row *r) {
  if (r->k == K_PH) return FC_OP_KECCAK_X;
  if (r->k == K_SHAKE || r->alg >= FC_SHA3_224) return FC_OP_KECCAK;
  return r->alg == FC_SHA1 ? FC_OP_SHA1 : r->alg == FC_SHA256 ? FC_OP_SHA256 : FC_OP_SHA512;
}

static void pin(const row *r, const col *c) {
  if (!c->ossl && r->k != K_PSS) fc_impl_select(op_of(r), c->name);
}

#ifdef FC_BENCH_OPENSSL
/* RSA-2048 key and a PSS signature over SHA-256("fc_bench"), by OpenSSL. */
static int make_pss(void) {
  EVP_PKEY *pk = EVP_RSA_gen(2048);
  BIGNUM *n = NULL, *e = NULL;
  uint8_t nb[256], eb[8];
  size_t sl = sizeof(pss_sig);
  if (!pk || !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_N, &n) ||
      !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_RSA_E, &e) || BN_bn2binpad(n, nb, 256) != 256)
    return -1;
  int el = BN_bn2bin(e, eb);
  BN_free(n);
  BN_free(e);
  if (fc_rsa_pubkey_init(&pss_key, nb, 256, eb, (size_t)el) != FC_OK) return -1;
  fc_hash(FC_SHA256, "fc_bench", 8, pss_digest);
  EVP_PKEY_CTX *sc = EVP_PKEY_CTX_new(pk, NULL);
  if (!sc || EVP_PKEY_sign_init(sc) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(sc, RSA_PKCS1_PSS_PADDING) != 1 ||
      EVP_PKEY_CTX_set_signature_md(sc, md_of[FC_SHA256]) != 1 ||
      EVP_PKEY_CTX_set_rsa_mgf1_md(sc, md_of[FC_SHA256]) != 1 ||
      EVP_PKEY_CTX_set_rsa_pss_saltlen(sc, 32) != 1 ||
      EVP_PKEY_sign(sc, pss_sig, &sl, pss_digest, 32) != 1 || sl != 256)
    return -1;
  EVP_PKEY_CTX_free(sc);
  pss_vctx = EVP_PKEY_CTX_new(pk, NULL);
  if (!pss_vctx || EVP_PKEY_verify_init(pss_vctx) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(pss_vctx, RSA_PKCS1_PSS_PADDING) != 1 ||
      EVP_PKEY_CTX_set_signature_md(pss_vctx, md_of[FC_SHA256]) != 1 ||
      EVP_PKEY_CTX_set_rsa_mgf1_md(pss_vctx, md_of[FC_SHA256]) != 1 ||
      EVP_PKEY_CTX_set_rsa_pss_saltlen(pss_vctx, 32) != 1)
    return -1;
  EVP_PKEY_free(pk);
  return 0;
}
#endif

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Median of the kept runs (robust on a shared machine); *sd: their sample
   standard deviation. Sorts c->s. */
static double mean_of(col *c, double *sd) {
  qsort(c->s, (size_t)c->ns, sizeof(double), cmpd);
  double med = c->ns % 2 ? c->s[c->ns / 2] : (c->s[c->ns / 2 - 1] + c->s[c->ns / 2]) / 2;
  double m;
  bench_mean_std(c->s, c->ns, &m, sd);
  return med;
}

int bench_sha_main(const bench_opts *o) {
  int runs = o->runs ? o->runs : 30, warm = 3;
  double target = o->target_us ? o->target_us * 1e3 : 2e6;
  const char *filter = o->filter;
  clk = o->thread_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
  if (runs < 2 || runs > MAXRUNS) {
    fprintf(stderr, "fc_bench sha: --runs takes 2..%d\n", MAXRUNS);
    return 2;
  }
  bench_json json;
  if (bench_json_open(&json, o->json) != 0) return 2;
  if (warm >= runs) warm = runs / 2;
  buf = malloc(1 << 20);
  if (!buf) return 2;
  for (size_t i = 0; i < (1 << 20); i++) buf[i] = (uint8_t)(i * 131 + 7);
#ifdef FC_BENCH_OPENSSL
  const char *mdn[FC_SHA3_512 + 1] = {NULL,     "SHA1", "SHA224", "SHA256", "SHA384", "SHA512",
                                       NULL,     NULL,   NULL,     "SHA3-256", NULL, "SHA3-512"};
  for (int a = 1; a <= FC_SHA3_512; a++)
    if (mdn[a]) md_of[a] = EVP_MD_fetch(NULL, mdn[a], NULL);
  shake_md[FC_SHAKE128] = EVP_MD_fetch(NULL, "SHAKE128", NULL);
  shake_md[FC_SHAKE256] = EVP_MD_fetch(NULL, "SHAKE256", NULL);
  xof_ctx = EVP_MD_CTX_new();
  have_pss = make_pss() == 0;
  if (!have_pss) fprintf(stderr, "fc_bench sha: OpenSSL PSS set-up failed\n");
#endif
  char cpu[256] = "unknown";
  fc_cpu_name(cpu, sizeof cpu);
  printf("# fc_bench sha\n\n- CPU: %s\n- automatic: sha1 %s, sha256 %s, sha512 %s, keccak %s,"
         " keccak_x %s, mont %s\n",
         cpu, fc_impl_active(FC_OP_SHA1), fc_impl_active(FC_OP_SHA256),
         fc_impl_active(FC_OP_SHA512), fc_impl_active(FC_OP_KECCAK),
         fc_impl_active(FC_OP_KECCAK_X), fc_impl_active(FC_OP_MONT));
  const char *keccak_auto = fc_impl_active(FC_OP_KECCAK);
  char ph_note[512] = "";
  printf("- method: %d runs per case, first %d dropped, about %.0f us per run, %s;"
         " median ±std of the kept runs\n\n",
         runs, warm, target / 1e3,
         clk == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "CLOCK_THREAD_CPUTIME_ID");
  printf("| case | column | throughput or time | vs openssl | vs scalar |\n|---|---|---:|---:|---:|\n");
  static col cols[MAXCOLS];
  int ncases = 0, done = 0;
  for (size_t ri = 0; ri < NROWS; ri++) ncases += selected(&rows[ri], filter);
  for (size_t ri = 0; ri < NROWS; ri++) {
    const row *r = &rows[ri];
    if (!selected(r, filter)) continue;
    bench_progress(++done, ncases, "%s", r->name);
    int nc = 0;
    if (r->k == K_PSS) {
      cols[nc++] = (col){.name = "auto"};
    } else {
      fc_impl_info info[MAXCOLS];
      size_t n = fc_impls(op_of(r), info, MAXCOLS);
      for (size_t i = 0; i < n && i < MAXCOLS - 1; i++)
        if (info[i].usable) cols[nc++] = (col){.name = info[i].name};
    }
#ifdef FC_BENCH_OPENSSL
    if (r->k != K_PH) cols[nc++] = (col){.name = "openssl", .ossl = 1};
#endif
    /* reference output: scalar */
    if (r->k != K_PSS) fc_impl_select(op_of(r), "scalar");
    if (r->k == K_HASH) {
      fc_hash(r->alg, buf, r->len, ref);
    } else if (r->k == K_HMAC) {
      fc_hmac(r->alg, key32, 32, buf, r->len, ref);
    } else if (r->k == K_PBKDF2) {
      fc_pbkdf2(r->alg, pw, 8, salt, 16, (uint32_t)r->len, ref, 32);
    } else if (r->k == K_SHAKE) {
      fc_xof((fc_xof_alg)r->alg, buf, r->len, out, r->out_len);
      memcpy(ref, out, 32);
    } else if (r->k == K_PH) {
      fc_parallelhash256(buf, r->len, 8192, NULL, 0, ref, 64);
    }
    /* calibrate */
    for (int c = 0; c < nc; c++) {
      pin(r, &cols[c]);
      uint64_t it = 1;
      double t;
      while ((t = run(r, &cols[c], it)) < target / 4 && it < (1ull << 40)) it *= 2;
      cols[c].iters = (uint64_t)fmax(1.0, (double)it * target / t);
    }
    for (int k = 0; k < runs; k++)
      for (int j = 0; j < nc; j++) {
        col *c = &cols[(j + k) % nc];
        pin(r, c);
        double t = run(r, c, c->iters) / (double)c->iters;
        if (k >= warm) c->s[c->ns++] = t;
      }
    if (r->k != K_PSS) fc_impl_select(op_of(r), NULL);
    bench_progress_clear();
    double ossl = 0, scal = 0, sd;
    for (int c = 0; c < nc; c++) {
      double m = mean_of(&cols[c], &sd);
      if (cols[c].ossl) ossl = m;
      if (strcmp(cols[c].name, "scalar") == 0) scal = m;
    }
    for (int c = 0; c < nc; c++) {
      double m = mean_of(&cols[c], &sd);
      char v[64], vo[32] = "", vs[32] = "";
      /* bytes processed: the input, or SHAKE's output when it is the larger */
      size_t bytes = r->k == K_SHAKE && r->out_len > r->len ? r->out_len : r->len;
      if (r->k == K_SHAKE && strcmp(r->name, "shake256/1M") == 0 && !cols[c].ossl &&
          strcmp(cols[c].name, keccak_auto) == 0)
        shake_stream_ns = m;
      if (r->k == K_PH && shake_stream_ns > 0) {
        size_t at = strlen(ph_note);
        snprintf(ph_note + at, sizeof ph_note - at, "%s%.2fx with keccak_x=%s", at ? ", " : "",
                 shake_stream_ns / m, cols[c].name);
      }
      if (r->k == K_HASH || r->k == K_HMAC || r->k == K_SHAKE || r->k == K_PH)
        snprintf(v, sizeof v, "%.0f MB/s ±%.0f", bytes * 1e3 / m, bytes * 1e3 / m * sd / m);
      else
        snprintf(v, sizeof v, "%.1f us ±%.1f", m / 1e3, sd / 1e3);
      /* ratios as speed-ups: > 1 means this column is faster */
      if (ossl > 0 && !cols[c].ossl) snprintf(vo, sizeof vo, "%.2fx", ossl / m);
      if (scal > 0 && !cols[c].ossl && strcmp(cols[c].name, "scalar") != 0)
        snprintf(vs, sizeof vs, "%.2fx", scal / m);
      printf("| %s | %s | %s | %s | %s |\n", r->name, cols[c].name, v, vo, vs);
      if (r->k == K_HASH || r->k == K_HMAC || r->k == K_SHAKE || r->k == K_PH)
        bench_json_add(&json,
                       "\"case\": \"%s\", \"kernel\": \"%s\", \"median_ns\": %.1f, "
                       "\"std_ns\": %.1f, \"mb_s\": %.1f",
                       r->name, cols[c].name, m, sd, bytes * 1e3 / m);
      else
        bench_json_add(&json,
                       "\"case\": \"%s\", \"kernel\": \"%s\", \"median_ns\": %.1f, "
                       "\"std_ns\": %.1f",
                       r->name, cols[c].name, m, sd);
    }
    fflush(stdout);
  }
  if (ph_note[0])
    printf("\nparallelhash256/1M/B8K against one SHAKE256 stream over 1 MiB (keccak %s): %s\n",
           keccak_auto, ph_note);
#ifdef FC_BENCH_OPENSSL
  EVP_MD_CTX_free(xof_ctx);
#endif
  free(buf);
  if (bench_json_close(&json) != 0) return 1;
  return check_failed;
}
