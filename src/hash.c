/*
 * One-shot SHA-1/224/256/384/512 over the active compression kernels
 * (FIPS 180-4: padding 5.1, initial values 5.3). Internal for now: the RSA
 * tests hash Wycheproof messages with it.
 */
#include "fc_internal.h"

static const uint32_t iv1[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
static const uint32_t iv224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                  0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
static const uint32_t iv256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
static const uint64_t iv384[8] = {0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull,
                                  0x9159015a3070dd17ull, 0x152fecd8f70e5939ull,
                                  0x67332667ffc00b31ull, 0x8eb44a8768581511ull,
                                  0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull};
static const uint64_t iv512[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull,
                                  0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
                                  0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                                  0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

fc_err fc__hash(fc_hash_alg alg, const uint8_t *msg, size_t len, uint8_t *out) {
  uint64_t st64[8];
  uint32_t st32[8];
  void *st;
  size_t block, lenbytes, outlen = fc_hash_len(alg);
  fc_op op;
  if (outlen == 0 || out == NULL || (msg == NULL && len)) return FC_ERR_ARG;
  switch (alg) {
    case FC_SHA1:
      for (int i = 0; i < 5; i++) st32[i] = iv1[i];
      op = FC_OP_SHA1;
      break;
    case FC_SHA224:
    case FC_SHA256:
      for (int i = 0; i < 8; i++) st32[i] = alg == FC_SHA224 ? iv224[i] : iv256[i];
      op = FC_OP_SHA256;
      break;
    default:
      for (int i = 0; i < 8; i++) st64[i] = alg == FC_SHA384 ? iv384[i] : iv512[i];
      op = FC_OP_SHA512;
      break;
  }
  int wide = op == FC_OP_SHA512;
  st = wide ? (void *)st64 : (void *)st32;
  block = wide ? 128 : 64;
  lenbytes = wide ? 16 : 8;
  const fc__sha_kernel *k = fc__sha_active(op);
  if (k == NULL) return FC_ERR_UNSUPPORTED; /* built with FC_WITH_SHA=OFF */

  size_t whole = len / block;
  if (whole) k->compress(st, msg, whole);
  uint8_t tail[256];
  size_t rest = len - whole * block, tl = rest + 1 + lenbytes <= block ? block : 2 * block;
  for (size_t i = 0; i < tl; i++) tail[i] = 0;
  for (size_t i = 0; i < rest; i++) tail[i] = msg[whole * block + i];
  tail[rest] = 0x80;
  /* message length in bits, big-endian; len < 2^61 so the top part is 0 */
  uint64_t bits = (uint64_t)len * 8;
  for (int i = 0; i < 8; i++) tail[tl - 1 - i] = (uint8_t)(bits >> (8 * i));
  k->compress(st, tail, tl / block);

  for (size_t i = 0; i < outlen; i++)
    out[i] = wide ? (uint8_t)(st64[i / 8] >> (56 - 8 * (i % 8)))
                  : (uint8_t)(st32[i / 4] >> (24 - 8 * (i % 4)));
  fc__wipe(tail, sizeof(tail));
  fc__wipe(st64, sizeof(st64));
  fc__wipe(st32, sizeof(st32));
  return FC_OK;
}
