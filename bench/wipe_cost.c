/*
 * The cost of wiping secrets (docs/wiping.md "Cost"), for
 * tools/wipe-cost.sh:
 *   wipe_cost calls CASE N   N calls of one keyed call (callgrind counts
 *                            the instructions; CASE 0..8, names below);
 *   wipe_cost burn           the stack burn alone (the form this CPU
 *                            gets), wall-clock per call at several depths:
 *                            the best of 200 rounds of 10,000 calls.
 * Links against libfastcrypt.a; the burn mode needs this tree's archive
 * (fc__burn_get), the calls mode works with any archive of the public API.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fastcrypt.h"

static const char *const names[] = {"aes128_gcm_enc/16", "aes128_gcm_enc/1024",
                                    "aes128_gcm_enc/16384", "aes128_ctr/16",
                                    "fc_aes_init/128",   "hmac-sha256/64",
                                    "hmac-sha512/64",    "pbkdf2-sha256/1",
                                    "pbkdf2-sha256/1000"};
#define NCASES (sizeof(names) / sizeof(names[0]))

static uint8_t key[32] = {1, 2, 3}, iv[16], ctr[16], in[16384], out[16384], tag[16], mac[64];
static fc_aes_key k;

static int call(unsigned c) {
  switch (c) {
    case 0: return fc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, in, out, 16, tag, 16);
    case 1: return fc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, in, out, 1024, tag, 16);
    case 2: return fc_aes_gcm_encrypt(&k, iv, 12, NULL, 0, in, out, 16384, tag, 16);
    case 3: return fc_aes_ctr(&k, ctr, in, out, 16);
    case 4: return fc_aes_init(&k, key, 16);
    case 5: return fc_hmac(FC_SHA256, key, 32, in, 64, mac);
    case 6: return fc_hmac(FC_SHA512, key, 32, in, 64, mac);
    case 7: return fc_pbkdf2(FC_SHA256, key, 8, in, 16, 1, mac, 32);
    default: return fc_pbkdf2(FC_SHA256, key, 8, in, 16, 1000, mac, 32);
  }
}

#if !defined(WIPE_COST_CALLS_ONLY)
typedef void (*burn_fn)(size_t);
burn_fn fc__burn_get(void); /* src/core/stack_burn.c (internal) */
#endif

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
  if (fc_init() != FC_OK || fc_aes_init(&k, key, 16) != FC_OK) return 1;
  if (argc == 4 && strcmp(argv[1], "calls") == 0) {
    unsigned c = (unsigned)atoi(argv[2]);
    long n = atol(argv[3]);
    if (c >= NCASES) return 2;
    for (long i = 0; i < n; i++)
      if (call(c) != FC_OK) return 1;
    printf("%s\n", names[c]);
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "list") == 0) {
    for (unsigned c = 0; c < NCASES; c++) printf("%u %s\n", c, names[c]);
    return 0;
  }
#if !defined(WIPE_COST_CALLS_ONLY)
  if (argc == 2 && strcmp(argv[1], "burn") == 0) {
    static const size_t depth[] = {0, 512, 1024, 2048, 4096, 8192};
    burn_fn b = fc__burn_get();
    for (size_t i = 0; i < sizeof(depth) / sizeof(depth[0]); i++) {
      double best = 1e30;
      for (int r = 0; r < 200; r++) {
        double t0 = now_ns();
        for (int j = 0; j < 10000; j++) b(depth[i]);
        double t = (now_ns() - t0) / 10000;
        if (t < best) best = t;
      }
      printf("burn %5zu bytes: %.1f ns\n", depth[i], best);
    }
    return 0;
  }
#endif
  fprintf(stderr, "usage: wipe_cost calls CASE N | wipe_cost list | wipe_cost burn\n");
  return 2;
}
