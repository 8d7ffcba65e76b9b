/*
 * contrib/vboot's digest hooks (init, one extend, finalize) on one message,
 * with a pinned SHA kernel, executed reps times after one warm execution,
 * for tools/vboot-digest-icount.sh: qemu-aarch64 counts the guest
 * instructions of runs with 1 and 11 repetitions, and the difference / 10
 * is one execution's count, without start-up. Built against the test
 * stand-in for vboot's headers.
 * Usage: vboot_digest_icount <sha1|sha256|sha512> <kernel> <bytes> <reps>
 * Exit: 0 when every call succeeded, 1 when one did not, 2 on bad arguments
 * or a kernel this CPU cannot run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"
#include "vb2_shim.h"

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: vboot_digest_icount <sha1|sha256|sha512> <kernel> <bytes> <reps>\n");
    return 2;
  }
  enum vb2_hash_algorithm alg = strcmp(argv[1], "sha1") == 0     ? VB2_HASH_SHA1
                                : strcmp(argv[1], "sha256") == 0 ? VB2_HASH_SHA256
                                : strcmp(argv[1], "sha512") == 0 ? VB2_HASH_SHA512
                                                                 : VB2_HASH_INVALID;
  fc_op op = alg == VB2_HASH_SHA1 ? FC_OP_SHA1 : alg == VB2_HASH_SHA256 ? FC_OP_SHA256 : FC_OP_SHA512;
  long bytes = strtol(argv[3], NULL, 10), reps = strtol(argv[4], NULL, 10);
  if (alg == VB2_HASH_INVALID || bytes < 0 || bytes > (1 << 24) || reps < 1 ||
      fc_impl_select(op, argv[2]) != FC_OK) {
    fprintf(stderr, "vboot_digest_icount: bad algorithm, size, reps or kernel\n");
    return 2;
  }
  uint8_t *msg = calloc((size_t)bytes + 1, 1), out[64];
  if (msg == NULL) return 2;
  for (long i = 0; i < bytes; i++) msg[i] = (uint8_t)(i * 7 + 1);
  int bad = 0;
  for (long r = 0; r <= reps; r++) {
    bad |= vb2ex_hwcrypto_digest_init(alg, (uint32_t)bytes) != VB2_SUCCESS;
    bad |= vb2ex_hwcrypto_digest_extend(msg, (uint32_t)bytes) != VB2_SUCCESS;
    bad |= vb2ex_hwcrypto_digest_finalize(out, sizeof(out)) != VB2_SUCCESS;
  }
  free(msg);
  return bad;
}
