/*
 * The smallest verifying firmware stage, for tools/size-firmware.sh: loads a
 * vboot .keyb and verifies a digest's signature with fc_rsa_verify, nothing
 * else, linked -nostdlib with --gc-sections. Built twice: as is, and with
 * FW_SIZE_BASELINE (the same program without the two library calls), so the
 * difference is the code the library adds to a link. The inputs are zero:
 * the program is measured, never run.
 */
#include <stddef.h>
#include <stdint.h>

#include "fastcrypt.h"

#include "fw_mem.h"

volatile uint8_t keyb[8 + 2 * 256]; /* written by a loader in real firmware */
volatile uint8_t digest[32], sig[256];
fc_rsa_pubkey key;
volatile int result;

void _start(void) {
#if !defined(FW_SIZE_BASELINE)
  fc_err rc = fc_rsa_pubkey_from_vboot(&key, (const uint8_t *)keyb, sizeof keyb, 65537);
  if (rc == FC_OK)
    rc = fc_rsa_verify(&key, FC_SHA256, (const uint8_t *)digest, sizeof digest,
                       (const uint8_t *)sig, sizeof sig);
  result = rc;
#else
  result = keyb[0] + digest[0] + sig[0];
#endif
  for (;;) {
  }
}
