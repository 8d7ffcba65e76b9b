/*
 * fc_bench hashsig: hash-based signature verification per parameter set
 * and per kernel of the many-stream hash op it runs on, so the multi-stream
 * gain is visible: SHA-256 schemes on FC_OP_SHA256_X (its "single" kernel
 * hashes one stream after another on the SHA-256 op's kernel: the
 * single-stream baseline), SHAKE schemes on FC_OP_KECCAK_X (its "scalar"
 * kernel: one state after another). Reported as the other modes do: --runs
 * runs (default 100), the first 5 dropped, mean and standard deviation per
 * call, and each column's speed-up over the single-stream column.
 *
 * Inputs (read at run time from tests/vectors, FC_HASHSIG_VECTORS):
 *   SLH-DSA: the first valid pure vector of each of the twelve sets
 *            (slhdsa/noble_slhdsa.json, @noble/post-quantum);
 *   LMS/HSS: hash-sigs signatures (lms/hashsigs_vectors.txt): H10 with
 *            W4 and W8, HSS with two levels, SHA-256 and SHAKE256;
 *   XMSS:    Botan signatures (xmss/botan_vectors.txt).
 * Cases verify with the key loaded once. Memory: the stack high-water mark
 * of one verification with the automatic kernels (bench_stack.c) and the
 * caller's key size.
 * Checks (exit 1): every call returns FC_OK, once per column before timing
 * and on every timed call.
 * --json: one record per case and column ("case", "kernel", "mean_ns",
 * "std_ns", "gain_vs_single") and per case "stack_bytes", "key_bytes".
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "fastcrypt/lms.h"
#include "fastcrypt/slhdsa.h"
#include "fastcrypt/xmss.h"

#ifndef FC_HASHSIG_VECTORS
#error "FC_HASHSIG_VECTORS: the directory tests/vectors"
#endif

enum { K_SLH, K_HSS, K_XMSS };

typedef struct {
  char name[48];
  int kind, shake;
  uint8_t *pk, *msg, *ctx, *sig;
  size_t pk_len, msg_len, ctx_len, sig_len;
  union {
    fc_slhdsa_pubkey slh;
    fc_hss_pubkey hss;
    fc_xmss_pubkey xmss;
  } key;
} hs_case;

static int verify_case(void *arg) {
  const hs_case *c = arg;
  switch (c->kind) {
  case K_SLH:
    return fc_slhdsa_verify(&c->key.slh, c->msg, c->msg_len, c->ctx, c->ctx_len, c->sig,
                            c->sig_len) == FC_OK;
  case K_HSS:
    return fc_hss_verify(&c->key.hss, c->msg, c->msg_len, c->sig, c->sig_len) == FC_OK;
  default:
    return fc_xmss_verify(&c->key.xmss, c->msg, c->msg_len, c->sig, c->sig_len) == FC_OK;
  }
}

/* ---- inputs ---------------------------------------------------------- */

static char *slurp(const char *rel) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", FC_HASHSIG_VECTORS, rel);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "fc_bench hashsig: cannot read %s\n", path);
    return NULL;
  }
  size_t cap = 1 << 20, len = 0;
  char *b = malloc(cap + 1);
  size_t got;
  while (b && (got = fread(b + len, 1, cap - len, f)) > 0) {
    len += got;
    if (len == cap) {
      char *grown = realloc(b, (cap *= 2) + 1);
      if (!grown) free(b); /* the old block is still ours when realloc fails */
      b = grown;
    }
  }
  fclose(f);
  if (b) b[len] = 0;
  return b;
}

/* Hex digits from p up to the first non-hex character, decoded (malloc). */
static uint8_t *unhex(const char *p, size_t *len) {
  size_t n = strspn(p, "0123456789abcdefABCDEF") / 2;
  uint8_t *out = malloc(n ? n : 1);
  for (size_t i = 0; out && i < n; i++) {
    unsigned v;
    sscanf(p + 2 * i, "%2x", &v);
    out[i] = (uint8_t)v;
  }
  *len = n;
  return out;
}

/* The value of "key": "..." after p (in the same JSON object). */
static uint8_t *json_hex(const char *p, const char *key, size_t *len) {
  char pat[32];
  snprintf(pat, sizeof pat, "\"%s\": \"", key);
  const char *q = strstr(p, pat);
  return q ? unhex(q + strlen(pat), len) : NULL;
}

static int load_slh(const char *json, const char *set, int param, hs_case *c) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"param\": \"%s\"", set);
  for (const char *p = strstr(json, pat); p; p = strstr(p + 1, pat)) {
    const char *end = strstr(p, "\"id\":");
    const char *mode = strstr(p, "\"mode\": \"pure\""), *ok = strstr(p, "\"result\": \"valid\"");
    if (!mode || !ok || (end && (mode > end || ok > end))) continue;
    snprintf(c->name, sizeof c->name, "%s", set);
    c->kind = K_SLH;
    c->shake = strstr(set, "SHAKE") != NULL;
    c->pk = json_hex(p, "pk", &c->pk_len);
    c->msg = json_hex(p, "msg", &c->msg_len);
    c->ctx = json_hex(p, "ctx", &c->ctx_len);
    c->sig = json_hex(p, "sig", &c->sig_len);
    return c->pk && c->sig &&
           fc_slhdsa_pubkey_init(&c->key.slh, (fc_slhdsa_param)param, c->pk, c->pk_len) == FC_OK;
  }
  return 0;
}

/* A "[label...]" record of the text files: pk, msg, sig lines after it. */
static int load_text(const char *txt, const char *label, const char *name, int kind, int shake,
                     hs_case *c) {
  const char *p = strstr(txt, label);
  if (!p) return 0;
  snprintf(c->name, sizeof c->name, "%s", name);
  c->kind = kind;
  c->shake = shake;
  const char *k;
  if (!(k = strstr(p, "pk = "))) return 0;
  c->pk = unhex(k + 5, &c->pk_len);
  if (!(k = strstr(p, "msg = "))) return 0;
  c->msg = unhex(k + 6, &c->msg_len);
  if (!(k = strstr(p, "sig = "))) return 0;
  c->sig = unhex(k + 6, &c->sig_len);
  c->ctx = NULL;
  c->ctx_len = 0;
  if (kind == K_HSS) return fc_hss_pubkey_init(&c->key.hss, c->pk, c->pk_len) == FC_OK;
  return fc_xmss_pubkey_init(&c->key.xmss, c->pk, c->pk_len) == FC_OK;
}

#define MAXCASE 24
static hs_case cases[MAXCASE];
static int ncase;

static int load_all(void) {
  static const char *const sets[12] = {
      "SLH-DSA-SHA2-128s",  "SLH-DSA-SHA2-128f",  "SLH-DSA-SHA2-192s",  "SLH-DSA-SHA2-192f",
      "SLH-DSA-SHA2-256s",  "SLH-DSA-SHA2-256f",  "SLH-DSA-SHAKE-128s", "SLH-DSA-SHAKE-128f",
      "SLH-DSA-SHAKE-192s", "SLH-DSA-SHAKE-192f", "SLH-DSA-SHAKE-256s", "SLH-DSA-SHAKE-256f"};
  static const struct {
    const char *label, *name;
    int shake;
  } lms[] = {{"[SHA256 H10 W4 sig1]", "LMS SHA256 H10 W4", 0},
             {"[SHA256 H10 W8 sig1]", "LMS SHA256 H10 W8", 0},
             {"[SHA256 HSS 5/8,5/4", "HSS L2 SHA256 H5W8,H5W4", 0},
             {"[SHAKE256 H10 W4 sig1]", "LMS SHAKE256 H10 W4", 1},
             {"[SHAKE256 H10 W8 sig1]", "LMS SHAKE256 H10 W8", 1}},
    xmss[] = {{"[XMSS-SHA2_10_256 botan", "XMSS-SHA2_10_256", 0},
              {"[XMSS-SHAKE_10_256 botan", "XMSS-SHAKE_10_256", 1}};
  char *json = slurp("slhdsa/noble_slhdsa.json");
  char *lt = slurp("lms/hashsigs_vectors.txt");
  char *xt = slurp("xmss/botan_vectors.txt");
  int ok = json && lt && xt;
  for (int i = 0; ok && i < 12; i++) ok = load_slh(json, sets[i], i + 1, &cases[ncase++]);
  for (size_t i = 0; ok && i < sizeof lms / sizeof lms[0]; i++)
    ok = load_text(lt, lms[i].label, lms[i].name, K_HSS, lms[i].shake, &cases[ncase++]);
  for (size_t i = 0; ok && i < sizeof xmss / sizeof xmss[0]; i++)
    ok = load_text(xt, xmss[i].label, xmss[i].name, K_XMSS, xmss[i].shake, &cases[ncase++]);
  free(json);
  free(lt);
  free(xt);
  if (!ok) fprintf(stderr, "fc_bench hashsig: could not load %s\n", cases[ncase - 1].name);
  return ok;
}

/* ---- stack ----------------------------------------------------------- */

static const hs_case *probe_case;
static volatile int probe_ok;
static void body_verify(void) { probe_ok = verify_case((void *)probe_case); }

static size_t key_bytes(const hs_case *c) {
  return c->kind == K_SLH ? sizeof c->key.slh : c->kind == K_HSS ? sizeof c->key.hss
                                                                   : sizeof c->key.xmss;
}

/* ---- driver ---------------------------------------------------------- */

#define MAXCOL 8

int bench_hashsig_main(const bench_opts *o) {
  int runs, bad = 0;
  double target_ns;
  clockid_t clk;
  if (bench_run_opts(o, "hashsig", &runs, &target_ns, &clk) != 0) return 2;
  if (!load_all()) return 2;
  bench_json j;
  if (bench_json_open(&j, o->json) != 0) return 2;

  fc_impl_info sk[MAXCOL], kk[MAXCOL];
  size_t nsk = fc_impls(FC_OP_SHA256_X, sk, MAXCOL), nkk = fc_impls(FC_OP_KECCAK_X, kk, MAXCOL);
  if (nsk > MAXCOL) nsk = MAXCOL;
  if (nkk > MAXCOL) nkk = MAXCOL;
  fc_impl_select(FC_OP_SHA256_X, NULL);
  fc_impl_select(FC_OP_KECCAK_X, NULL);
  printf("hash-based verification, key loaded once; automatic: sha256_x=%s keccak_x=%s "
         "(sha256=%s keccak=%s)\n",
         fc_impl_active(FC_OP_SHA256_X), fc_impl_active(FC_OP_KECCAK_X),
         fc_impl_active(FC_OP_SHA256), fc_impl_active(FC_OP_KECCAK));
  printf("columns: mean us per verification (gain over the single-stream column: sha256_x "
         "single, keccak_x scalar)\n");

  double t[1000];
  for (int ci = 0; ci < ncase; ci++) {
    hs_case *c = &cases[ci];
    fc_op op = c->shake ? FC_OP_KECCAK_X : FC_OP_SHA256_X;
    const fc_impl_info *ks = c->shake ? kk : sk;
    size_t nk = c->shake ? nkk : nsk;
    const char *single = c->shake ? "scalar" : "single";
    double mean[MAXCOL] = {0}, sd[MAXCOL] = {0}, base = 0;
    for (size_t k = 0; k < nk; k++) {
      if (!ks[k].usable) continue;
      fc_impl_select(op, ks[k].name);
      if (!verify_case(c)) {
        fprintf(stderr, "fc_bench hashsig: %s on %s: does not verify\n", c->name, ks[k].name);
        bad = 1;
        continue;
      }
      bench_progress(ci + 1, ncase, "hashsig/%s/%s", c->name, ks[k].name);
      bad |= bench_time_runs(verify_case, c, clk, target_ns, runs, t);
      bench_mean_std(t + BENCH_WARMUP_RUNS, runs - BENCH_WARMUP_RUNS, &mean[k], &sd[k]);
      if (strcmp(ks[k].name, single) == 0) base = mean[k];
    }
    fc_impl_select(op, NULL);
    bench_progress_clear();
    printf("%-26s", c->name);
    for (size_t k = 0; k < nk; k++) {
      if (!ks[k].usable || mean[k] == 0) {
        printf("  %s -", ks[k].name);
        continue;
      }
      printf("  %s %.1f (%.2fx)", ks[k].name, mean[k] / 1e3, base > 0 ? base / mean[k] : 0);
      bench_json_add(&j,
                     "\"case\": \"%s\", \"kernel\": \"%s\", \"mean_ns\": %.0f, \"std_ns\": "
                     "%.0f, \"gain_vs_single\": %.3f",
                     c->name, ks[k].name, mean[k], sd[k], base > 0 ? base / mean[k] : 0);
    }
    printf("\n");
  }

  printf("\nmemory (automatic kernels): stack high-water mark of one verification; the "
         "caller's key\n");
  for (int ci = 0; ci < ncase; ci++) {
    probe_case = &cases[ci];
    probe_ok = 0;
    long st = bench_stack_of(body_verify);
    if (st >= 0 && !probe_ok) bad = 1;
    printf("%-26s stack %6ld B   key %4zu B\n", cases[ci].name, st, key_bytes(&cases[ci]));
    bench_json_add(&j, "\"case\": \"%s\", \"stack_bytes\": %ld, \"key_bytes\": %zu",
                   cases[ci].name, st, key_bytes(&cases[ci]));
  }
  for (int ci = 0; ci < ncase; ci++) {
    free(cases[ci].pk);
    free(cases[ci].msg);
    free(cases[ci].ctx);
    free(cases[ci].sig);
  }
  if (bench_json_close(&j) != 0) return 2;
  return bad;
}
