/*
 * libFuzzer target: fc_rsa_verify and fc_rsa_public with random keys and
 * signatures on every usable Montgomery kernel, each against scalar32.
 *
 * Input: [kernel][hash][exp][size] n (nbytes) sig (nbytes) digest (rest).
 *   kernel: index into fc_impls(FC_OP_MONT) (unusable kernels: scalar32);
 *   hash:   fc_hash_alg (out-of-range values are a test too);
 *   exp:    bit 0..1: 3, 65537, 17, or 1 + 2 * byte 4's value (any odd);
 *   size:   modulus length 64 + 8 * (size % 57) bytes (512..4096 bits).
 * The modulus gets its top and low bits set so the key is valid. Both
 * kernels must agree on every return code and every output byte.
 * Seeds: tests/fuzz/corpus/rsa (vboot test keys with their signatures).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 5) return 0;
  fc_impl_info impls[16];
  size_t nk = fc_impls(FC_OP_MONT, impls, 16);
  const char *kname = impls[data[0] % nk].name;
  if (!impls[data[0] % nk].usable) kname = "scalar32";
  fc_hash_alg hash = (fc_hash_alg)(data[1] % 8);
  size_t nbytes = 64 + 8 * (size_t)(data[3] % 57);
  uint8_t e[4];
  size_t e_len;
  switch (data[2] & 3) {
    case 0: e[0] = 3; e_len = 1; break;
    case 1: e[0] = 1; e[1] = 0; e[2] = 1; e_len = 3; break;
    case 2: e[0] = 17; e_len = 1; break;
    default: e[0] = (uint8_t)(data[4] | 1); e_len = 1; break;
  }
  data += 5;
  size -= 5;
  uint8_t n[512], sig[512], digest[64];
  memset(n, 0xa5, sizeof n);
  memset(sig, 0, sizeof sig);
  memset(digest, 0, sizeof digest);
  size_t take = size < nbytes ? size : nbytes;
  memcpy(n, data, take);
  data += take;
  size -= take;
  n[0] |= 0x80;
  n[nbytes - 1] |= 1;
  take = size < nbytes ? size : nbytes;
  memcpy(sig, data, take);
  data += take;
  size -= take;
  size_t dlen = size < 64 ? size : 64;
  memcpy(digest, data, dlen);

  fc_rsa_pubkey kx, k32;
  if (fc_impl_select(FC_OP_MONT, kname) != FC_OK) abort();
  fc_err rx = fc_rsa_pubkey_init(&kx, n, nbytes, e, e_len);
  if (fc_impl_select(FC_OP_MONT, "scalar32") != FC_OK) abort();
  fc_err r32 = fc_rsa_pubkey_init(&k32, n, nbytes, e, e_len);
  fc_impl_select(FC_OP_MONT, NULL);
  if (rx != r32) abort();
  if (rx != FC_OK) return 0;

  uint8_t ox[512], o32[512];
  fc_err px = fc_rsa_public(&kx, sig, nbytes, ox);
  fc_err p32 = fc_rsa_public(&k32, sig, nbytes, o32);
  if (px != p32 || (px == FC_OK && memcmp(ox, o32, nbytes) != 0)) abort();
  if (px != FC_OK && px != FC_ERR_SIG) abort();

  fc_err vx = fc_rsa_verify(&kx, hash, digest, dlen, sig, nbytes);
  fc_err v32 = fc_rsa_verify(&k32, hash, digest, dlen, sig, nbytes);
  if (vx != v32) abort();
  /* A wrong signature length is refused, never read past. */
  if (fc_rsa_verify(&kx, hash, digest, dlen, sig, nbytes - 1) == FC_OK) abort();
  return 0;
}
