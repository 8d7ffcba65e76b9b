/*
 * contrib/vboot's vb2ex_hwcrypto_modexp, timed per usable Montgomery kernel
 * (pinned with fc_impl_select before each run: the hook uses the kernel
 * active at the call) beside scalar32, on vboot's RSA-2048 and RSA-8192
 * test keys and test_file signatures (SHA-256). Built against the test
 * stand-in for vboot's headers (contrib/vboot/test/vb2_shim.h).
 *
 * Timed loop, per call: copy the signature into inout (a 256- or 1024-byte
 * memcpy), then the hook with an 8-byte aligned 16 KiB work buffer: key
 * checks and kernel set-up (fc_mont_init_rr), byte order in, the
 * exponentiation, byte order out. The vb2ex_hwcrypto_rsa_verify_digest rows
 * time the whole-verification hook on the same signature and key (sig_alg
 * RSA2048 / RSA8192, SHA-256): the modexp hook on its static work buffer and
 * the padding and digest compare; each call must return VB2_SUCCESS. The
 * fc_mont_init_rr rows time that set-up alone, the part of each call a
 * context kept across calls would save.
 *
 * Method as the main table (fc_bench.c): per column a run of about
 * target_ns (calibrated once), runs rounds with the column order rotated,
 * the first warmup rounds dropped; mean ± sample std per call;
 * (+x%) = (t_scalar32 - t) / t_scalar32. The e = 3 rows use the same
 * (e = 65537) keys: the arithmetic does not depend on the key's own exponent.
 * Checks (exit status 1): every hook call returns VB2_SUCCESS, and every
 * kernel's result equals scalar32's.
 */
#define _POSIX_C_SOURCE 200809L

#include "bench_vboot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "fastcrypt.h"
#include "fastcrypt_hwcrypto.h"
#include "vb2_shim.h"

#define MAX_KERNELS 12
#define WORKBUF_BYTES 16384

typedef enum { HOOK_F4, HOOK_E3, VERIFY, INIT_RR } vop;
/* Case names for --filter ("vboot" selects all of them, and none of the main table's). */
static const char *const vop_names[] = {"vboot_hook_e65537", "vboot_hook_e3", "vboot_verify",
                                        "vboot_init_rr"};
static const char *const vop_labels[] = {"vb2ex_hwcrypto_modexp, e = 65537",
                                         "vb2ex_hwcrypto_modexp, e = 3",
                                         "vb2ex_hwcrypto_rsa_verify_digest",
                                         "of which fc_mont_init_rr"};
static const unsigned sizes[] = {2048, 8192};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

typedef struct {
  struct vb2_public_key key;
  uint32_t n[FC_MONT_MAX_WORDS], rr[FC_MONT_MAX_WORDS];
  uint8_t sig[FC_RSA_MAX_BYTES];
  uint8_t digest[32]; /* test_file's SHA-256, which sig signs */
  size_t len;
} vinput;

static uint64_t workbuf[WORKBUF_BYTES / 8]; /* 8-byte aligned, as vboot's */
static fc_mont_ctx rr_ctx;
static clockid_t clk = CLOCK_MONOTONIC;

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Exactly `len` bytes of dir/name into out; -1 otherwise. */
static int read_exact(const char *dir, const char *name, uint8_t *out, size_t len) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "fc_bench: cannot open %s\n", path);
    return -1;
  }
  size_t got = fread(out, 1, len, f);
  int extra = fgetc(f) != EOF;
  fclose(f);
  if (got != len || extra) fprintf(stderr, "fc_bench: %s is not %zu bytes\n", path, len);
  return got == len && !extra ? 0 : -1;
}

static int load(vinput *in, unsigned bits, const char *vdir) {
  static uint8_t keyb[8 + 2 * FC_RSA_MAX_BYTES];
  char name[96];
  size_t nw = bits / 32;
  in->len = bits / 8;
  snprintf(name, sizeof(name), "testkeys/key_rsa%u.keyb", bits);
  if (read_exact(vdir, name, keyb, 8 + 8 * nw) != 0) return -1;
  snprintf(name, sizeof(name), "testcases/test_file.rsa%u_sha256.sig", bits);
  if (read_exact(vdir, name, in->sig, in->len) != 0) return -1;
  if (read_exact(vdir, "testcases/test_file.sha256.digest", in->digest, 32) != 0) return -1;
  for (size_t i = 0; i < nw; i++) {
    in->n[i] = le32(keyb + 8 + 4 * i);
    in->rr[i] = le32(keyb + 8 + 4 * (nw + i));
  }
  memset(&in->key, 0, sizeof(in->key));
  in->key.arrsize = (uint32_t)nw;
  in->key.n0inv = le32(keyb + 4);
  in->key.n = in->n;
  in->key.rr = in->rr;
  in->key.sig_alg = bits == 2048 ? VB2_SIG_RSA2048 : VB2_SIG_RSA8192;
  in->key.hash_alg = VB2_HASH_SHA256;
  in->key.allow_hwcrypto = true;
  return 0;
}

/* iters calls; out gets the last result. 0 when every call succeeded. */
static int run(vop op, const vinput *in, uint64_t iters, uint8_t *out) {
  int bad = 0;
  int exp = op == HOOK_E3 ? 3 : 65537;
  for (uint64_t i = 0; i < iters; i++) {
    if (op == INIT_RR) {
      bad |= fc_mont_init_rr(&rr_ctx, in->n, in->rr, in->key.n0inv, in->key.arrsize) != FC_OK;
      continue;
    }
    if (op == VERIFY) { /* the whole check; sig is only read */
      bad |= vb2ex_hwcrypto_rsa_verify_digest(&in->key, in->sig, in->digest) != VB2_SUCCESS;
      continue;
    }
    memcpy(out, in->sig, in->len);
    bad |= vb2ex_hwcrypto_modexp(&in->key, out, workbuf, sizeof(workbuf), exp) != VB2_SUCCESS;
  }
  return bad ? -1 : 0;
}

static int pinned_run(const char *kernel, vop op, const vinput *in, uint64_t iters, uint8_t *out,
                      double *ns) {
  if (fc_impl_select(FC_OP_MONT, kernel) != FC_OK) return -1;
  double t0 = bench_ns(clk);
  int rc = run(op, in, iters, out);
  *ns = bench_ns(clk) - t0;
  fc_impl_select(FC_OP_MONT, NULL);
  return rc;
}

static uint64_t calibrate(const char *kernel, vop op, const vinput *in, double target,
                          uint8_t *out) {
  uint64_t iters = 1;
  double t = 0;
  for (;;) {
    if (pinned_run(kernel, op, in, iters, out, &t) != 0) return 0;
    if (t >= target / 2 || iters >= ((uint64_t)1 << 32)) break;
    iters *= t < target / 64 ? 16 : 2;
  }
  double k = (double)iters * target / (t > 0 ? t : 1);
  return k < 1 ? 1 : (uint64_t)(k + 0.5);
}

static void cell(double mean, double std, double base) {
  char t[64];
  if (mean < 1e4)
    snprintf(t, sizeof(t), "%.2f us ±%.2f", mean / 1e3, std / 1e3);
  else if (mean < 1e6)
    snprintf(t, sizeof(t), "%.1f us ±%.1f", mean / 1e3, std / 1e3);
  else
    snprintf(t, sizeof(t), "%.0f us ±%.0f", mean / 1e3, std / 1e3);
  if (base > 0)
    printf(" %s (%+.0f%%) |", t, (base - mean) / base * 100);
  else
    printf(" %s |", t);
}

/* Writes case (op, sizes[s])'s name into name; 1 when --filter selects it. */
static int selected(const bench_vboot_opts *o, int op, size_t s, char name[64]) {
  snprintf(name, 64, "%s/%u", vop_names[op], sizes[s]);
  return o->filter == NULL || strstr(name, o->filter) != NULL;
}

int bench_vboot(const bench_vboot_opts *o) {
  fc_impl_info impls[MAX_KERNELS];
  const char *cols[MAX_KERNELS];
  int ncols = 0, base = -1, failed = 0, kept = o->runs - o->warmup;
  size_t nimpl = fc_impls(FC_OP_MONT, impls, MAX_KERNELS);
  for (size_t i = 0; i < nimpl && i < MAX_KERNELS; i++)
    if (impls[i].usable && bench_in_list(o->kernels, impls[i].name)) {
      if (strcmp(impls[i].name, "scalar32") == 0) base = ncols;
      cols[ncols++] = impls[i].name;
    }
  if (ncols == 0 || kept < 1) return 0;
  clk = o->thread_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
  double *samples = malloc(sizeof(double) * (size_t)kept * (size_t)ncols);
  static vinput in;
  static uint8_t out[MAX_KERNELS][FC_RSA_MAX_BYTES];
  uint64_t iters[MAX_KERNELS];
  if (samples == NULL) return 2;

  int header = 0, ncases = 0, done = 0;
  char name[64];
  for (int op = HOOK_F4; op <= INIT_RR; op++)
    for (size_t s = 0; s < NSIZES; s++) ncases += selected(o, op, s, name);
  for (int op = HOOK_F4; op <= INIT_RR; op++)
    for (size_t s = 0; s < NSIZES; s++) {
      if (!selected(o, op, s, name)) continue;
      bench_progress(++done, ncases, "%s", name);
      if (load(&in, sizes[s], o->vdir) != 0) {
        free(samples);
        return 2;
      }
      if (!header) {
        bench_progress_clear();
        printf("\n## contrib/vboot: the RSA hooks per kernel (vboot test keys, "
               "test_file SHA-256 signatures; workbuf %d bytes)\n\n| call | bits |",
               WORKBUF_BYTES);
        for (int k = 0; k < ncols; k++) printf(" %s |", cols[k]);
        printf("\n|---|---:|");
        for (int k = 0; k < ncols; k++) printf("---:|");
        printf("\n");
        header = 1;
      }
      const char *failure[MAX_KERNELS] = {0};
      for (int k = 0; k < ncols; k++)
        if ((iters[k] = calibrate(cols[k], (vop)op, &in, o->target_ns, out[k])) == 0)
          failure[k] = "a call failed";
      for (int r = 0; r < o->runs; r++)
        for (int j = 0; j < ncols; j++) {
          int k = (j + r) % ncols;
          double ns;
          if (failure[k]) continue;
          if (pinned_run(cols[k], (vop)op, &in, iters[k], out[k], &ns) != 0)
            failure[k] = "a call failed";
          else if (r >= o->warmup)
            samples[(size_t)k * (size_t)kept + (size_t)(r - o->warmup)] = ns / (double)iters[k];
        }
      double mean[MAX_KERNELS], std[MAX_KERNELS];
      for (int k = 0; k < ncols; k++) {
        bench_mean_std(samples + (size_t)k * (size_t)kept, kept, &mean[k], &std[k]);
        if (!failure[k] && op != INIT_RR && op != VERIFY && base >= 0 && !failure[base] &&
            memcmp(out[k], out[base], in.len) != 0)
          failure[k] = "result differs from scalar32's";
      }
      bench_progress_clear();
      printf("| %s | %u |", vop_labels[op], sizes[s]);
      for (int k = 0; k < ncols; k++) {
        if (failure[k]) {
          fprintf(stderr, "fc_bench: %s: %s: %s\n", name, cols[k], failure[k]);
          failed = 1;
          printf(" n/a |");
          continue;
        }
        cell(mean[k], std[k], base >= 0 && base != k && !failure[base] ? mean[base] : 0);
        bench_json_add(o->json,
                       "\"op\": \"%s\", \"bits\": %u, \"kernel\": \"%s\", \"mean_ns\": %.1f, "
                       "\"std_ns\": %.1f, \"runs\": %d, \"iters\": %llu, \"clock\": \"%s\"",
                       vop_names[op], sizes[s], cols[k], mean[k], std[k], kept,
                       (unsigned long long)iters[k], o->thread_clock ? "thread" : "monotonic");
      }
      printf("\n");
      fflush(stdout);
    }
  free(samples);
  return failed;
}
