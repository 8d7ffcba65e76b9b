/*
 * fc_bench aes: AES throughput in MB/s (10^6 bytes per second) for every
 * usable AES kernel and OpenSSL 3 (EVP) when built with it.
 *
 * Cases: AES-128 and AES-256; ECB encrypt, CBC encrypt, CBC decrypt, CTR,
 * GCM encrypt and decrypt with a 16-byte tag (96-bit IV, no AAD); 16 B,
 * 256 B, 1 KiB and 16 KiB per call, GCM also at 64 B and 1,420 B (a
 * packet); and streaming GCM encryption (gcm_stream: init, an empty aad,
 * one encrypt_update, final) at 256 B. A kernel column pins that AES kernel; its GCM uses
 * the GHASH kernel of the same family when one is usable (vaes: vpclmul,
 * vaes256 and aesni: pclmul, armv8: pmull), `ct` for `ct`.
 *
 * Timed loops: fastcrypt: one fc_aes_* call per iteration on a key set up
 * once (GCM: fc_aes_gcm_encrypt or fc_aes_gcm_decrypt, J0 and tag
 * included; decryption checks the tag the encryption made). OpenSSL: an
 * EVP_CIPHER_CTX initialised once with the key; per iteration
 * EVP_EncryptUpdate/EVP_DecryptUpdate (ECB, CBC, CTR; padding off), or for
 * GCM EVP_EncryptInit_ex with the IV, EVP_EncryptUpdate,
 * EVP_EncryptFinal_ex and EVP_CTRL_GCM_GET_TAG (decryption:
 * EVP_DecryptInit_ex, EVP_CTRL_GCM_SET_TAG, EVP_DecryptUpdate,
 * EVP_DecryptFinal_ex, which checks the tag; streaming: as encryption).
 *
 * Clock: CLOCK_THREAD_CPUTIME_ID (the time this thread ran).
 * Method: the iteration count of each column is calibrated so a run lasts
 * about --target-us; then --runs rounds, each timing one run per column
 * (order rotated each round); the figure is the median over the rounds.
 * Checks (exit 1): every column's output equals the `ct` column's.
 * --json: one record per case and column ("case", "kernel", "mb_s").
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#ifdef FC_BENCH_OPENSSL
#include <openssl/evp.h>
#endif

enum { OP_ECB, OP_CBC_ENC, OP_CBC_DEC, OP_CTR, OP_GCM, OP_GCM_DEC, OP_GCM_STREAM, OP_N };
static const char *const op_names[OP_N] = {"ecb_enc", "cbc_enc", "cbc_dec",   "ctr",
                                           "gcm_enc", "gcm_dec", "gcm_stream"};
static const size_t sizes[] = {16, 64, 256, 1024, 1420, 16384};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))
#define MAXC 8
#define MAXLEN 16384

typedef struct {
  const char *name;
  int ossl;
  fc_aes_key key;
#ifdef FC_BENCH_OPENSSL
  EVP_CIPHER_CTX *ctx;
#endif
  uint64_t iters;
  double *mbs;
  uint8_t out[MAXLEN + 16];
} col;

static uint8_t in[MAXLEN], ref[MAXLEN + 16];
/* GCM decryption's input: in encrypted under the case's key, and its tag
   (made with the automatic kernels before any column runs; every column's
   decryption checks it) */
static uint8_t gct[MAXLEN + 16];

/* Which sizes run for an op: GCM all; streaming GCM 256 B; the rest
   16 B, 256 B, 1 KiB, 16 KiB (as before the GCM rows were added). */
static int size_for(int op, size_t len) {
  if (op == OP_GCM || op == OP_GCM_DEC) return 1;
  if (op == OP_GCM_STREAM) return len == 256;
  return len != 64 && len != 1420;
}


static const char *ghash_for(const char *aes) {
  static const char *const pairs[][2] = {
      {"vaes", "vpclmul"}, {"vaes256", "pclmul"}, {"aesni", "pclmul"}, {"armv8", "pmull"}};
  for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
    if (strcmp(aes, pairs[i][0]) == 0 && fc_impl_select(FC_OP_GHASH, pairs[i][1]) == FC_OK)
      return pairs[i][1];
  return "ct";
}

static int setup(col *c, const uint8_t *k, size_t klen, int op) {
#ifdef FC_BENCH_OPENSSL
  if (c->ossl) {
    const EVP_CIPHER *ciph[OP_N][2] = {
        {EVP_aes_128_ecb(), EVP_aes_256_ecb()}, {EVP_aes_128_cbc(), EVP_aes_256_cbc()},
        {EVP_aes_128_cbc(), EVP_aes_256_cbc()}, {EVP_aes_128_ctr(), EVP_aes_256_ctr()},
        {EVP_aes_128_gcm(), EVP_aes_256_gcm()}, {EVP_aes_128_gcm(), EVP_aes_256_gcm()},
        {EVP_aes_128_gcm(), EVP_aes_256_gcm()}};
    uint8_t iv[16] = {0};
    EVP_CIPHER_CTX_free(c->ctx);
    c->ctx = EVP_CIPHER_CTX_new();
    int ok = c->ctx && (op == OP_CBC_DEC || op == OP_GCM_DEC
                            ? EVP_DecryptInit_ex(c->ctx, ciph[op][klen == 32], NULL, k, iv)
                            : EVP_EncryptInit_ex(c->ctx, ciph[op][klen == 32], NULL, k, iv));
    if (ok) EVP_CIPHER_CTX_set_padding(c->ctx, 0);
    return ok ? 0 : -1;
  }
#endif
  if (fc_impl_select(FC_OP_AES, c->name) != FC_OK) return -1;
  const char *g = strcmp(c->name, "ct") == 0 ? "ct" : ghash_for(c->name);
  if (fc_impl_select(FC_OP_GHASH, g) != FC_OK) return -1;
  fc_err rc = fc_aes_init(&c->key, k, klen);
  fc_impl_select(FC_OP_AES, NULL);
  fc_impl_select(FC_OP_GHASH, NULL);
  (void)op;
  return rc == FC_OK ? 0 : -1;
}

/* iters calls; 0 on success. Each call starts from the same IV/counter. */
static int run(col *c, int op, size_t len, uint64_t iters) {
  static const uint8_t iv0[16] = {0};
  uint8_t iv[16];
  int bad = 0;
#ifdef FC_BENCH_OPENSSL
  if (c->ossl) {
    int n = 0;
    for (uint64_t i = 0; i < iters; i++) {
      if (op == OP_GCM_DEC) {
        bad |= EVP_DecryptInit_ex(c->ctx, NULL, NULL, NULL, iv0) != 1;
        bad |= EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_GCM_SET_TAG, 16, gct + len) != 1;
        bad |= EVP_DecryptUpdate(c->ctx, c->out, &n, gct, (int)len) != 1;
        bad |= EVP_DecryptFinal_ex(c->ctx, c->out + len, &n) != 1;
      } else if (op == OP_GCM || op == OP_GCM_STREAM) {
        bad |= EVP_EncryptInit_ex(c->ctx, NULL, NULL, NULL, iv0) != 1;
        bad |= EVP_EncryptUpdate(c->ctx, c->out, &n, in, (int)len) != 1;
        bad |= EVP_EncryptFinal_ex(c->ctx, c->out + len, &n) != 1;
        bad |= EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_GCM_GET_TAG, 16, c->out + len) != 1;
      } else {
        bad |= EVP_CipherInit_ex(c->ctx, NULL, NULL, NULL, iv0, -1) != 1; /* same IV each call */
        bad |= (op == OP_CBC_DEC ? EVP_DecryptUpdate(c->ctx, c->out, &n, in, (int)len)
                                 : EVP_EncryptUpdate(c->ctx, c->out, &n, in, (int)len)) != 1;
      }
    }
    return bad ? -1 : 0;
  }
#endif
  for (uint64_t i = 0; i < iters; i++) {
    memcpy(iv, iv0, 16);
    switch (op) {
      case OP_ECB: bad |= fc_aes_ecb_encrypt(&c->key, in, c->out, len) != FC_OK; break;
      case OP_CBC_ENC: bad |= fc_aes_cbc_encrypt(&c->key, iv, in, c->out, len) != FC_OK; break;
      case OP_CBC_DEC: bad |= fc_aes_cbc_decrypt(&c->key, iv, in, c->out, len) != FC_OK; break;
      case OP_CTR: bad |= fc_aes_ctr(&c->key, iv, in, c->out, len) != FC_OK; break;
      case OP_GCM_DEC:
        bad |= fc_aes_gcm_decrypt(&c->key, iv0, 12, NULL, 0, gct, c->out, len, gct + len, 16) !=
               FC_OK;
        break;
      case OP_GCM_STREAM: {
        fc_aes_gcm_ctx g;
        bad |= fc_aes_gcm_init(&g, &c->key, iv0, 12) != FC_OK;
        bad |= fc_aes_gcm_aad(&g, NULL, 0) != FC_OK;
        bad |= fc_aes_gcm_encrypt_update(&g, in, c->out, len) != FC_OK;
        bad |= fc_aes_gcm_encrypt_final(&g, c->out + len, 16) != FC_OK;
        break;
      }
      default:
        bad |= fc_aes_gcm_encrypt(&c->key, iv0, 12, NULL, 0, in, c->out, len, c->out + len, 16) !=
               FC_OK;
    }
  }
  return bad ? -1 : 0;
}

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Writes the case's name into name; 1 when --filter (only; NULL: all) selects it. */
static int selected(int kb, int op, size_t len, const char *only, char name[64]) {
  snprintf(name, 64, "aes%d_%s/%zu", kb, op_names[op], len);
  return size_for(op, len) && (only == NULL || strstr(name, only) != NULL);
}

int bench_aes_main(const bench_opts *o) {
  int runs = o->runs ? o->runs : 21;
  double target_ns = o->target_us ? o->target_us * 1e3 : 2e6;
  const char *only = o->filter;
  if (runs < 1) {
    fprintf(stderr, "fc_bench aes: --runs needs at least 1\n");
    return 2;
  }
  bench_json json;
  if (bench_json_open(&json, o->json) != 0) return 2;
  fc_init();
  static col cols[MAXC + 1];
  int nc = 0;
  fc_impl_info info[MAXC];
  size_t ni = fc_impls(FC_OP_AES, info, MAXC);
  for (size_t i = 0; i < ni && i < MAXC; i++)
    if (info[i].usable) cols[nc++].name = info[i].name;
#ifdef FC_BENCH_OPENSSL
  cols[nc].name = "openssl";
  cols[nc++].ossl = 1;
#endif
  for (int k = 0; k < nc; k++)
    if (!(cols[k].mbs = malloc(sizeof(double) * (size_t)runs))) return 2;
  for (size_t i = 0; i < MAXLEN; i++) in[i] = (uint8_t)(i * 31 + 7);
  const uint8_t key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                           17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

  printf("# fc_bench aes\n\n- AES kernels: ");
  for (int k = 0; k < nc; k++) printf("%s%s", k ? ", " : "", cols[k].name);
  printf(" (automatic: aes=%s, ghash=%s)\n", fc_impl_active(FC_OP_AES),
         fc_impl_active(FC_OP_GHASH));
  printf("- method: %d rounds, about %.0f us per run, median; MB/s = 10^6 bytes/s\n\n", runs,
         target_ns / 1e3);
  printf("| case |");
  for (int k = 0; k < nc; k++) printf(" %s |", cols[k].name);
  printf(" best / openssl |\n|---|");
  for (int k = 0; k <= nc; k++) printf("---:|");
  printf("\n");
  int failed = 0, ncases = 0, done = 0;
  char name[64];
  for (int kb = 128; kb <= 256; kb += 128)
    for (int op = 0; op < OP_N; op++)
      for (size_t si = 0; si < NSIZES; si++) ncases += selected(kb, op, sizes[si], only, name);
  for (int kb = 128; kb <= 256; kb += 128)
    for (int op = 0; op < OP_N; op++)
      for (size_t si = 0; si < NSIZES; si++) {
        size_t len = sizes[si];
        if (!selected(kb, op, len, only, name)) continue;
        bench_progress(++done, ncases, "%s", name);
        int ok[MAXC + 1];
        if (op == OP_GCM_DEC) { /* the ciphertext and tag to decrypt, from the reference */
          fc_aes_key gk;
          memset(gct, 0, sizeof(gct));
          if (fc_aes_init(&gk, key, (size_t)kb / 8) != FC_OK ||
              fc_aes_gcm_encrypt(&gk, (const uint8_t[12]){0}, 12, NULL, 0, in, gct, len, gct + len,
                                 16) != FC_OK)
            failed = 1;
          fc_aes_clear(&gk);
        }
        for (int k = 0; k < nc; k++) {
          col *c = &cols[k];
          ok[k] = setup(c, key, (size_t)kb / 8, op) == 0 && run(c, op, len, 1) == 0;
          if (!ok[k]) {
            bench_progress_clear();
            fprintf(stderr, "fc_bench aes: %s: %s failed\n", name, c->name);
            failed = 1;
            continue;
          }
          size_t olen = len + (op == OP_GCM || op == OP_GCM_STREAM ? 16 : 0);
          if (k == 0) memcpy(ref, c->out, olen);
          if (memcmp(ref, c->out, olen) != 0) {
            bench_progress_clear();
            fprintf(stderr, "fc_bench aes: %s: %s differs from %s\n", name, c->name, cols[0].name);
            failed = 1;
            ok[k] = 0;
            continue;
          }
          uint64_t it = 1;
          double t;
          for (;;) {
            double t0 = bench_ns(CLOCK_THREAD_CPUTIME_ID);
            run(c, op, len, it);
            t = bench_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
            if (t >= target_ns / 4 || it >= (1u << 30)) break;
            it *= 2;
          }
          c->iters = (uint64_t)((double)it * target_ns / (t > 0 ? t : 1)) + 1;
        }
        for (int r = 0; r < runs; r++)
          for (int j = 0; j < nc; j++) {
            col *c = &cols[(j + r) % nc];
            if (!ok[(j + r) % nc]) continue;
            double t0 = bench_ns(CLOCK_THREAD_CPUTIME_ID);
            run(c, op, len, c->iters);
            double t = bench_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
            c->mbs[r] = (double)len * (double)c->iters / t * 1e3;
          }
        bench_progress_clear();
        printf("| %s |", name);
        double best = 0, ossl = 0;
        for (int k = 0; k < nc; k++) {
          if (!ok[k]) {
            printf(" n/a |");
            continue;
          }
          qsort(cols[k].mbs, (size_t)runs, sizeof(double), cmpd);
          double m = cols[k].mbs[runs / 2];
          printf(" %.0f |", m);
          bench_json_add(&json, "\"case\": \"%s\", \"kernel\": \"%s\", \"mb_s\": %.1f", name,
                         cols[k].name, m);
          if (cols[k].ossl)
            ossl = m;
          else if (m > best)
            best = m;
        }
        if (ossl > 0)
          printf(" %.2fx |\n", best / ossl);
        else
          printf(" |\n");
        fflush(stdout);
      }
  for (int k = 0; k < nc; k++) {
    free(cols[k].mbs);
    fc_aes_clear(&cols[k].key);
#ifdef FC_BENCH_OPENSSL
    EVP_CIPHER_CTX_free(cols[k].ctx);
#endif
  }
  if (bench_json_close(&json) != 0) failed = 1;
  return failed;
}
