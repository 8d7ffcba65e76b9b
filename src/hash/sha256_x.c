/*
 * Many SHA-256 messages at once (op FC_OP_SHA256_X), portable: the driver
 * fc__sha256_x (padding, FIPS 180-4 section 5.1.1, and the digest, section
 * 6.2.2 step 4) and the kernel "single", which runs one stream after
 * another on the active FC_OP_SHA256 kernel. Baseline ISA. Contract:
 * hash/hash_internal.h.
 *
 * The driver takes the messages in batches of FC__SHA256_X_MAX_LANES: the
 * whole blocks straight from the callers' buffers (one compress_x call),
 * then the tail. A tail of rem = len % 64 bytes, its 0x80 byte and the
 * length fit in one block when rem <= 55; for rem >= 56 the first tail block
 * holds the rest, 0x80 and zeros, and the second (zeros, then the length)
 * is the same for every stream, so one copy serves all. With rem = 0 the
 * only tail block is that shared one with the 0x80 in front. Stack: the
 * batch's states, one tail block per stream, the shared block and the
 * pointers (-fstack-usage: gcc 12 2,064 to 2,112 bytes, clang 14 2,024 to
 * 2,168, -O2, -O3, -Os; FC__SHA256_X_DRIVER_STACK adds a quarter and 64),
 * states and tails wiped before return; the kernel's own figure comes on
 * top.
 */
#include "hash/hash_internal.h"

#define BATCH FC__SHA256_X_MAX_LANES

static void put_be64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* m (1..BATCH) messages of one batch; see the file comment. */
static void batch(const fc__sha256_x_kernel *xk, const uint32_t *init, uint64_t bits,
                  const uint8_t *const *msg, size_t len, size_t m, uint8_t *const *out) {
  uint32_t st[BATCH][8];
  uint8_t tail[BATCH][64];
  uint8_t shared[64];
  uint32_t *sp[BATCH];
  const uint8_t *tp[BATCH];
  const size_t full = len / 64, rem = len % 64;
  for (size_t j = 0; j < m; j++) {
    for (int w = 0; w < 8; w++) st[j][w] = init[w];
    sp[j] = st[j];
  }
  if (full != 0) xk->compress_x(sp, msg, m, full);

  __builtin_memset(shared, 0, sizeof shared);
  put_be64(shared + 56, bits);
  if (rem == 0) {
    shared[0] = 0x80;
    for (size_t j = 0; j < m; j++) tp[j] = shared;
    xk->compress_x(sp, tp, m, 1);
  } else {
    for (size_t j = 0; j < m; j++) {
      __builtin_memcpy(tail[j], msg[j] + 64 * full, rem);
      tail[j][rem] = 0x80;
      __builtin_memset(tail[j] + rem + 1, 0, 63 - rem);
      if (rem <= 55) put_be64(tail[j] + 56, bits);
      tp[j] = tail[j];
    }
    xk->compress_x(sp, tp, m, 1);
    if (rem >= 56) {
      for (size_t j = 0; j < m; j++) tp[j] = shared;
      xk->compress_x(sp, tp, m, 1);
    }
    fc__burn(tail, 64 * m);
  }
  for (size_t j = 0; j < m; j++)
    for (int w = 0; w < 8; w++) {
      uint32_t v = st[j][w];
      out[j][4 * w] = (uint8_t)(v >> 24);
      out[j][4 * w + 1] = (uint8_t)(v >> 16);
      out[j][4 * w + 2] = (uint8_t)(v >> 8);
      out[j][4 * w + 3] = (uint8_t)v;
    }
  fc__burn(st, sizeof st);
}

/* See hash/hash_internal.h. The bit length counts the prefix: FIPS 180-4
   section 5.1.1 pads the whole message. */
void fc__sha256_x(const fc__sha256_x_kernel *xk, const uint32_t *init, uint64_t prefix,
                  const uint8_t *const *msg, size_t len, size_t n, uint8_t *const *out) {
  const uint64_t bits = (prefix + (uint64_t)len) << 3;
  if (init == NULL) init = (const uint32_t *)fc__hash_info_of(FC_SHA256)->iv;
  for (size_t i = 0; i < n; i += BATCH)
    batch(xk, init, bits, msg + i, len, n - i < BATCH ? n - i : BATCH, out + i);
}

/* "single": each stream on its own, through the FC_OP_SHA256 kernel active
   at the call (its file says what it is). */
static void compress_x_single(uint32_t *const *st, const uint8_t *const *in, size_t n,
                              size_t nblocks) {
  const fc__sha_kernel *k = fc__sha_active(FC_OP_SHA256);
  for (size_t i = 0; i < n; i++) k->compress(st[i], in[i], nblocks);
}

/* Stack: its own frame (measured under 64 bytes, -fstack-usage) plus the
   largest FC_OP_SHA256 figure (avx2's). */
const fc__sha256_x_kernel fc__sha256_x_single = {
    {"single", 0}, compress_x_single, 1, FC__STACK(1104 + 64, 960 + 64, 1504 + 64)};

#if defined(FC_HAVE_SHA_ARMV8)
/* "armv8": each stream on its own through the ARMv8 SHA-256 instructions'
   kernel, listed before "neon": one stream there takes about a third of
   the instructions a NEON lane does (qemu-aarch64 counts, docs/kernels.md). */
static void compress_x_armv8(uint32_t *const *st, const uint8_t *const *in, size_t n,
                             size_t nblocks) {
  for (size_t i = 0; i < n; i++) fc__sha256_armv8.compress(st[i], in[i], nblocks);
}

/* Stack: its own frame (as single's) plus the armv8 kernel's figure. */
const fc__sha256_x_kernel fc__sha256_x_armv8 = {
    {"armv8", FC_CPU_NEON | FC_CPU_ARM_SHA2}, compress_x_armv8, 1,
    FC__STACK(160 + 64, 320 + 64, 64)};
#endif
