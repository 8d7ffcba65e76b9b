/*
 * vboot's own code calling the fastcrypt hooks: built by
 * tools/test-vboot-client.sh against a vboot tree's real headers and
 * sources (2sha_utility.c, 2sha1.c, 2sha256.c, 2sha512.c, 2rsa.c,
 * 2common.c, 2stub_hwcrypto.c), with contrib/vboot's two hook files and
 * libfastcrypt.a. Not part of the test command (it needs a vboot tree).
 *
 * Checks, each path against the other (exit status 1 on any difference):
 *  - vb2_hash_calculate and vb2_digest_init/extend/finalize in random
 *    pieces, hardware crypto allowed (the hooks) against forbidden (vboot's
 *    software), SHA-1/224/256/384/512, on test_file and on prefixes of it,
 *    and against vboot's test_file digests;
 *  - vb2_verify_digest on the 18 test_file signatures, allowed and
 *    forbidden, the right digest and a changed one (the same code from
 *    both), and the 1,653 padding vectors (the same code from both);
 * then, with --bench, times (MB/s, 4 KiB and 1 MiB, per fastcrypt SHA kernel pinned):
 * vb2_hash_calculate through the hooks, vboot's software, and, with
 * VBOOT_SHA_NI defined, vboot's own SHA-NI SHA-256 (2hwcrypto.c and
 * 2sha256_x86.c, their hook symbols renamed vboot_shani_digest_* by the
 * script).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "2common.h"
#include "2rsa.h"
#include "2sha.h"
#include "fastcrypt.h"

#ifdef VBOOT_SHA_NI
vb2_error_t vboot_shani_digest_init(enum vb2_hash_algorithm hash_alg, uint32_t data_size);
vb2_error_t vboot_shani_digest_extend(const uint8_t *buf, uint32_t size);
vb2_error_t vboot_shani_digest_finalize(uint8_t *digest, uint32_t digest_size);
#endif

static const char *vdir;
static int failures;

/* What the firmware provides vboot: its debug output (dropped here) and abort. */
void vb2ex_printf(const char *func, const char *fmt, ...) {
  (void)func;
  (void)fmt;
}
void vb2ex_abort(void) { abort(); }

#define CHECK(cond, ...)                       \
  do {                                         \
    if (!(cond)) {                             \
      failures++;                              \
      fprintf(stderr, "FAIL: " __VA_ARGS__);   \
      fprintf(stderr, "\n");                   \
    }                                          \
  } while (0)

static uint8_t *slurp(const char *rel, size_t *len) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/%s", vdir, rel);
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *p = malloc((size_t)n + 1);
  if (p == NULL || fread(p, 1, (size_t)n, f) != (size_t)n) exit(2);
  fclose(f);
  *len = (size_t)n;
  return p;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 16);
}

static const enum vb2_hash_algorithm algs[] = {VB2_HASH_SHA1, VB2_HASH_SHA224, VB2_HASH_SHA256,
                                               VB2_HASH_SHA384, VB2_HASH_SHA512};
static const char *const alg_names[] = {"SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"};

/* vb2_digest_* in random pieces. */
static vb2_error_t pieces(bool hw, enum vb2_hash_algorithm a, const uint8_t *m, uint32_t len,
                          uint8_t *out) {
  struct vb2_digest_context dc;
  vb2_error_t rv = vb2_digest_init(&dc, hw, a, rnd() & 1 ? len : 0);
  uint32_t at = 0;
  while (rv == VB2_SUCCESS && at < len) {
    uint32_t r = rnd(), left = len - at;
    uint32_t piece = (r & 3) == 0 ? 0 : (r & 3) == 1 ? r % 300 : r % (left + 1);
    if (piece > left) piece = left;
    rv = vb2_digest_extend(&dc, m + at, piece);
    at += piece;
  }
  return rv == VB2_SUCCESS ? vb2_digest_finalize(&dc, out, VB2_MAX_DIGEST_SIZE) : rv;
}

static void check_digests(const uint8_t *file, size_t flen) {
  static const char *const digest_files[] = {"testcases/test_file.sha1.digest", NULL,
                                             "testcases/test_file.sha256.digest", NULL,
                                             "testcases/test_file.sha512.digest"};
  int n = 0;
  for (size_t i = 0; i < 5; i++) {
    size_t dl = vb2_digest_size(algs[i]);
    struct vb2_hash hw, sw;
    CHECK(vb2_hash_calculate(true, file, (uint32_t)flen, algs[i], &hw) == VB2_SUCCESS, "%s hw",
          alg_names[i]);
    CHECK(vb2_hash_calculate(false, file, (uint32_t)flen, algs[i], &sw) == VB2_SUCCESS, "%s sw",
          alg_names[i]);
    CHECK(memcmp(hw.raw, sw.raw, dl) == 0, "%s: hooks and vboot differ on test_file", alg_names[i]);
    if (digest_files[i]) {
      size_t len;
      uint8_t *want = slurp(digest_files[i], &len);
      CHECK(len == dl && memcmp(hw.raw, want, dl) == 0, "%s: test_file digest", alg_names[i]);
      free(want);
    }
    for (int j = 0; j < 200; j++, n++) {
      uint32_t len = j < 150 ? (uint32_t)j : rnd() % (uint32_t)flen;
      uint8_t a[VB2_MAX_DIGEST_SIZE], b[VB2_MAX_DIGEST_SIZE];
      CHECK(pieces(true, algs[i], file, len, a) == VB2_SUCCESS, "%s pieces hw", alg_names[i]);
      CHECK(pieces(false, algs[i], file, len, b) == VB2_SUCCESS, "%s pieces sw", alg_names[i]);
      CHECK(memcmp(a, b, dl) == 0, "%s: %u bytes in pieces differ", alg_names[i], len);
    }
  }
  printf("digests: test_file and %d prefixes in pieces, hooks = vboot's software\n", n);
}

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

typedef struct {
  struct vb2_public_key key;
  uint32_t n[256], rr[256];
} keybuf;

static void load_key(keybuf *k, const char *name, enum vb2_signature_algorithm sa) {
  size_t len;
  uint8_t *b = slurp(name, &len);
  uint32_t nw = le32(b);
  if (len != 8 + 8 * (size_t)nw || nw > 256) exit(2);
  memset(&k->key, 0, sizeof(k->key));
  for (uint32_t i = 0; i < nw; i++) {
    k->n[i] = le32(b + 8 + 4 * i);
    k->rr[i] = le32(b + 8 + 4 * (nw + i));
  }
  k->key.arrsize = nw;
  k->key.n0inv = le32(b + 4);
  k->key.n = k->n;
  k->key.rr = k->rr;
  k->key.sig_alg = sa;
  free(b);
}

/* vb2_verify_digest with hardware crypto allowed or not; sig is copied. */
static vb2_error_t verify(keybuf *k, bool hw, const uint8_t *sig, size_t slen,
                          const uint8_t *digest) {
  static uint8_t sigbuf[sizeof(struct vb2_signature) + 1024];
  static uint8_t work[16384] __attribute__((aligned(16)));
  struct vb2_signature *s = (struct vb2_signature *)sigbuf;
  struct vb2_workbuf wb;
  memset(s, 0, sizeof(*s));
  s->sig_offset = sizeof(*s);
  s->sig_size = (uint32_t)slen;
  s->data_size = 1;
  memcpy(sigbuf + sizeof(*s), sig, slen);
  vb2_workbuf_init(&wb, work, sizeof(work));
  k->key.allow_hwcrypto = hw;
  return vb2_verify_digest(&k->key, s, digest, &wb);
}

static void check_rsa(void) {
  static const struct {
    const char *name;
    enum vb2_signature_algorithm sa;
  } sizes[] = {{"1024", VB2_SIG_RSA1024},           {"2048", VB2_SIG_RSA2048},
               {"4096", VB2_SIG_RSA4096},           {"8192", VB2_SIG_RSA8192},
               {"2048_exp3", VB2_SIG_RSA2048_EXP3}, {"3072_exp3", VB2_SIG_RSA3072_EXP3}};
  static const struct {
    const char *name;
    enum vb2_hash_algorithm h;
  } hashes[] = {{"sha1", VB2_HASH_SHA1}, {"sha256", VB2_HASH_SHA256}, {"sha512", VB2_HASH_SHA512}};
  static keybuf k;
  int n = 0;
  for (size_t s = 0; s < 6; s++)
    for (size_t h = 0; h < 3; h++) {
      char name[128];
      size_t slen, dlen;
      snprintf(name, sizeof(name), "testkeys/key_rsa%s.keyb", sizes[s].name);
      load_key(&k, name, sizes[s].sa);
      k.key.hash_alg = hashes[h].h;
      snprintf(name, sizeof(name), "testcases/test_file.rsa%s_%s.sig", sizes[s].name,
               hashes[h].name);
      uint8_t *sig = slurp(name, &slen);
      snprintf(name, sizeof(name), "testcases/test_file.%s.digest", hashes[h].name);
      uint8_t *dig = slurp(name, &dlen);
      vb2_error_t hw = verify(&k, true, sig, slen, dig), sw = verify(&k, false, sig, slen, dig);
      CHECK(hw == VB2_SUCCESS && sw == VB2_SUCCESS, "rsa%s %s: hw %#x sw %#x", sizes[s].name,
            hashes[h].name, hw, sw);
      dig[dlen - 1] ^= 1;
      hw = verify(&k, true, sig, slen, dig), sw = verify(&k, false, sig, slen, dig);
      CHECK(hw == sw && hw != VB2_SUCCESS, "rsa%s %s wrong digest: hw %#x sw %#x", sizes[s].name,
            hashes[h].name, hw, sw);
      dig[dlen - 1] ^= 1;
      sig[slen / 2] ^= 0x10;
      hw = verify(&k, true, sig, slen, dig), sw = verify(&k, false, sig, slen, dig);
      CHECK(hw == sw && hw != VB2_SUCCESS, "rsa%s %s changed sig: hw %#x sw %#x", sizes[s].name,
            hashes[h].name, hw, sw);
      free(sig);
      free(dig);
      n++;
    }
  /* Padding vectors: RSA-1024, SHA-1 of 00000000. */
  load_key(&k, "testkeys/rsa_padding_test_pubkey.keyb", VB2_SIG_RSA1024);
  k.key.hash_alg = VB2_HASH_SHA1;
  static const uint8_t dig[20] = {0x90, 0x69, 0xca, 0x78, 0xe7, 0x45, 0x0a, 0x28, 0x51, 0x73,
                                  0x43, 0x1b, 0x3e, 0x52, 0xc5, 0xc2, 0x52, 0x99, 0xe4, 0x73};
  size_t tlen;
  char *text = (char *)slurp("testcases/padding_test_vectors.hex", &tlen);
  text[tlen] = 0;
  int lines = 0, ok = 0;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    uint8_t sig[128];
    if (strlen(line) < 256) continue;
    for (int i = 0; i < 128; i++) {
      unsigned v;
      sscanf(line + 2 * i, "%2x", &v);
      sig[i] = (uint8_t)v;
    }
    vb2_error_t hw = verify(&k, true, sig, 128, dig), sw = verify(&k, false, sig, 128, dig);
    CHECK(hw == sw, "padding vector %d: hw %#x sw %#x", lines + 1, hw, sw);
    ok += hw == VB2_SUCCESS;
    lines++;
  }
  free(text);
  CHECK(lines == 1653 && ok == 1, "padding vectors: %d lines, %d verified", lines, ok);
  printf("vb2_verify_digest: %d signatures (right, wrong digest, changed), %d padding vectors: "
         "hooks = vboot's software\n", n, lines);
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

typedef enum { PATH_HOOKS, PATH_SOFTWARE, PATH_SHANI } path;

static void hash_once(path p, enum vb2_hash_algorithm a, const uint8_t *m, uint32_t len) {
  struct vb2_hash h;
  if (p != PATH_SHANI) {
    if (vb2_hash_calculate(p == PATH_HOOKS, m, len, a, &h) != VB2_SUCCESS) failures++;
    return;
  }
#ifdef VBOOT_SHA_NI
  if (vboot_shani_digest_init(a, len) != VB2_SUCCESS || vboot_shani_digest_extend(m, len) ||
      vboot_shani_digest_finalize(h.raw, 32))
    failures++;
#endif
}

/* A column of the timing table: a path, and for the hooks a SHA kernel. */
typedef struct {
  path p;
  const char *kernel; /* pinned for the hooks; NULL otherwise */
  fc_op op;
  uint64_t iters;
  double sum;
} column;

static double run(column *c, enum vb2_hash_algorithm a, const uint8_t *m, uint32_t len,
                  uint64_t iters) {
  if (c->kernel) fc_impl_select(c->op, c->kernel);
  double t0 = now_ns();
  for (uint64_t i = 0; i < iters; i++) hash_once(c->p, a, m, len);
  double t = now_ns() - t0;
  if (c->kernel) fc_impl_select(c->op, NULL);
  return t;
}

/* 100 rounds, each running every column for about 2 ms in a rotated
   order, the first 5 rounds dropped; MB/s of the mean. */
static void measure(column *cols, int ncols, enum vb2_hash_algorithm a, const uint8_t *m,
                    uint32_t len) {
  for (int k = 0; k < ncols; k++) {
    cols[k].iters = 1;
    while (run(&cols[k], a, m, len, cols[k].iters) < 2e6) cols[k].iters *= 2;
    cols[k].sum = 0;
  }
  for (int r = 0; r < 100; r++)
    for (int j = 0; j < ncols; j++) {
      column *c = &cols[(j + r) % ncols];
      double t = run(c, a, m, len, c->iters);
      if (r >= 5) c->sum += t;
    }
}

static double mbps(const column *c, uint32_t len) {
  return (double)len * (double)c->iters * 95 / c->sum * 1e3;
}

static void bench(const uint8_t *file) {
  static const uint32_t lens[] = {4096, 1048576};
  static uint8_t big[1048576];
  for (size_t i = 0; i < sizeof(big); i++) big[i] = file[i % 1000000];
  static const fc_op ops[] = {FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512};
  static const enum vb2_hash_algorithm bench_algs[] = {VB2_HASH_SHA1, VB2_HASH_SHA256,
                                                       VB2_HASH_SHA512};
  printf("\nvb2_hash_calculate, MB/s (100 rounds of about 2 ms per column, columns rotated, "
         "the first 5 dropped; mean):\n\n"
         "| algorithm | bytes | vboot software | vboot SHA-NI | fastcrypt hooks: kernel MB/s "
         "(x vboot's best) |\n|---|---:|---:|---:|---|\n");
  for (size_t i = 0; i < 3; i++)
    for (size_t l = 0; l < 2; l++) {
      column cols[16];
      int n = 0, shani = -1;
      cols[n++] = (column){PATH_SOFTWARE, NULL, ops[i], 0, 0};
#ifdef VBOOT_SHA_NI
      if (bench_algs[i] == VB2_HASH_SHA256) {
        shani = n;
        cols[n++] = (column){PATH_SHANI, NULL, ops[i], 0, 0};
      }
#endif
      int first = n;
      fc_impl_info impls[12];
      size_t ni = fc_impls(ops[i], impls, 12);
      for (size_t k = 0; k < ni && k < 12; k++)
        if (impls[k].usable) cols[n++] = (column){PATH_HOOKS, impls[k].name, ops[i], 0, 0};
      measure(cols, n, bench_algs[i], big, lens[l]);
      double sw = mbps(&cols[0], lens[l]), best = sw;
      char shani_cell[32] = "-";
      if (shani >= 0) {
        double v = mbps(&cols[shani], lens[l]);
        snprintf(shani_cell, sizeof(shani_cell), "%.0f", v);
        if (v > best) best = v;
      }
      printf("| %s | %u | %.0f | %s |", vb2_get_hash_algorithm_name(bench_algs[i]), lens[l], sw,
             shani_cell);
      for (int k = first; k < n; k++) {
        double v = mbps(&cols[k], lens[l]);
        printf(" %s %.0f (%.2fx)%s", cols[k].kernel, v, v / best, k + 1 < n ? ";" : " |");
      }
      printf("\n");
      fflush(stdout);
    }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s VECTORS_DIR [--bench]\n", argv[0]);
    return 2;
  }
  vdir = argv[1];
  /* As a firmware stage does once it has enabled SSE / FP-SIMD (README.md,
     "Which kernel"): a freestanding libfastcrypt.a otherwise runs portable
     kernels only. */
  if (fc_init_features(fc_cpu_features_probed()) != FC_OK) return 2;
  size_t flen;
  uint8_t *file = slurp("testcases/test_file", &flen);
  check_digests(file, flen);
  check_rsa();
  if (argc > 2 && strcmp(argv[2], "--bench") == 0) bench(file);
  free(file);
  if (failures) fprintf(stderr, "%d checks failed\n", failures);
  else printf("all checks passed\n");
  return failures ? 1 : 0;
}
