/*
 * `reps` pure ML-DSA verifications (fc_mldsa_verify) of one signature read
 * from files, for tools/mldsa-icount.sh (instruction counts under qemu).
 * Usage: mldsa_loop <44|65|87> <pk file> <msg file> <ctx file> <sig file> <reps>
 *   files hold raw bytes (the script writes them from a committed vector,
 *   tests/vectors/mldsa/noble_mldsa.json); the kernel is the one fc_init
 *   picks, so pin it with FASTCRYPT_IMPL=mldsa=<name>.
 * Exit status 0 only when fc_init accepted the environment and every
 * verification passed, so a refused pin or a broken kernel is never counted
 * as cheap. Prints the active mldsa kernel on stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fastcrypt.h"

static size_t slurp(const char *path, uint8_t *buf, size_t cap) {
  FILE *f = fopen(path, "rb");
  if (!f) exit(2);
  size_t n = fread(buf, 1, cap, f);
  int more = fgetc(f) != EOF;
  fclose(f);
  if (more) exit(2);
  return n;
}

int main(int argc, char **argv) {
  static uint8_t pk[FC_MLDSA_PK_MAX + 1], msg[65536], ctx[256], sig[FC_MLDSA_SIG_MAX + 1];
  if (argc != 7) return 2;
  int p = atoi(argv[1]);
  fc_mldsa_param param = p == 44 ? FC_ML_DSA_44 : p == 65 ? FC_ML_DSA_65 : FC_ML_DSA_87;
  if (p != 44 && p != 65 && p != 87) return 2;
  size_t pl = slurp(argv[2], pk, sizeof pk), ml = slurp(argv[3], msg, sizeof msg);
  size_t cl = slurp(argv[4], ctx, sizeof ctx), sl = slurp(argv[5], sig, sizeof sig);
  unsigned reps = (unsigned)strtoul(argv[6], NULL, 10);
  if (fc_init() != FC_OK) return 3;
  fprintf(stderr, "mldsa kernel: %s\n", fc_impl_active(FC_OP_MLDSA));
  fc_mldsa_pubkey key;
  if (fc_mldsa_pubkey_init(&key, param, pk, pl) != FC_OK) return 4;
  for (unsigned i = 0; i < reps; i++)
    if (fc_mldsa_verify(&key, msg, ml, cl ? ctx : NULL, cl, sig, sl) != FC_OK) return 5;
  return 0;
}
