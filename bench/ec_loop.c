/*
 * `reps` ECDSA verifications of one fixed signature with the ec kernel
 * `name`, for targets fc_bench does not reach (no OpenSSL there).
 * Usage: ec_loop <kernel> <256|384> <reps> [time]
 *   without `time` (tools/ec-icount.sh counts its instructions under qemu):
 *     the verifications only;
 *   with `time` (tools/ec-i686-time.sh, native i686): 100 runs of `reps`
 *     verifications, the first 5 dropped, and prints the mean and standard
 *     deviation per verification in microseconds, as fc_bench does.
 * The key and the signatures (of the message "hello\n", SHA-256 and
 * SHA-384) were made by `openssl ecparam -genkey` and `openssl dgst -sign`
 * (OpenSSL 3.0, 2026-12-06). Exit status 0 only when every verification
 * passed, so a refused kernel or a broken one is never counted as cheap.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <time.h>

#include "fastcrypt.h"

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static const char *const P256[3] = {
    "04b401c6350d4593eabf244e38a52b1dc52b96f39c90bda982602bd1e369c457d1"
    "1c1861d36d75b655a4e3b68e179e04fe890a39568e1c3818aa384c7d573105c8",
    "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03",
    "3fddad0adb8d8010b3ec865e6495df6f4ec82a1534e4efbec92bf5640369fd05"
    "b5feee060615c94fb3e04b238358b15de907083b7602f5d63270022af11d0bba",
};
static const char *const P384[3] = {
    "049bbbc2d9e86b9046d2f326570ec592aa54357f00815b1ae7c3dad902a3213195903106f12fd1845d"
    "3fe68ccd5ec8f8893c04cb082fa1bc20a86b299382dc4cfe3b206c0fef6604ff0ae60a2ed9f286b789"
    "3846b114002ffe0df4222e089e57a5",
    "1d0f284efe3edea4b9ca3bd514fa134b17eae361ccc7a1eefeff801b9bd6604e01f21f6bf249ef0305"
    "99f0c218f2ba8c",
    "e41802a11bb894474cdf6a0b95ad8ae136021500d0b82a5ac04cd95f570b96f60c33655448b478ef4e"
    "002bdf39eec8f70d2d678fbd4e2af37439e4b22b7068e3a42f835b2f00eb57e14776359aed587da111"
    "dcd8c9ad72866be0f4109c34592a",
};

static size_t unhex(const char *s, uint8_t *out) {
  size_t n = strlen(s) / 2;
  for (size_t i = 0; i < n; i++) {
    char b[3] = {s[2 * i], s[2 * i + 1], 0};
    out[i] = (uint8_t)strtoul(b, NULL, 16);
  }
  return n;
}

int main(int argc, char **argv) {
  uint8_t pt[97], dg[48], sig[96];
  if (argc != 4 && !(argc == 5 && !strcmp(argv[4], "time"))) return 2;
  int bits = atoi(argv[2]);
  if (bits != 256 && bits != 384) return 2;
  const char *const *v = bits == 256 ? P256 : P384;
  unsigned reps = (unsigned)strtoul(argv[3], NULL, 10);
  if (fc_init() != FC_OK || fc_impl_select(FC_OP_EC, argv[1]) != FC_OK) return 3;
  fc_ec_pubkey key;
  size_t pl = unhex(v[0], pt), dl = unhex(v[1], dg), sl = unhex(v[2], sig);
  if (fc_ec_pubkey_init(&key, bits == 256 ? FC_P256 : FC_P384, pt, pl) != FC_OK) return 4;
  if (argc == 4) {
    for (unsigned i = 0; i < reps; i++)
      if (fc_ecdsa_verify_raw(&key, dg, dl, sig, sl) != FC_OK) return 5;
    return 0;
  }
  double sum = 0, sq = 0;
  for (int run = 0; run < 100; run++) {
    double t0 = now_us();
    for (unsigned i = 0; i < reps; i++)
      if (fc_ecdsa_verify_raw(&key, dg, dl, sig, sl) != FC_OK) return 5;
    double us = (now_us() - t0) / reps;
    if (run >= 5) sum += us, sq += us * us;
  }
  double mean = sum / 95, var = sq / 95 - mean * mean;
  printf("%s P-%d verify: %.1f +- %.1f us (95 runs of %u)\n", argv[1], bits, mean,
         sqrt(var > 0 ? var : 0), reps);
  return 0;
}
