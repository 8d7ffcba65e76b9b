/*
 * Many independent one-block hashes at once, for the Winternitz chains,
 * FORS trees and tree levels of the hash-based schemes: SHA-256 messages
 * on the multi-stream SHA-256 op (FC_OP_SHA256_X), SHAKE256 messages on
 * the many-state Keccak op (FC_OP_KECCAK_X). Padding is portable code here;
 * the kernels only compress or permute. Public data: variable time, nothing
 * wiped (no verifier hashes a secret).
 */
#include "hash/hash_internal.h"
#include "hashsig/hashsig_internal.h"

int fc__hs_x_init(fc__hs_x *x, int shake, uint32_t n, const uint8_t *prefix64) {
  x->shake = (uint32_t)shake;
  x->rate = shake == 2 ? 168u : 136u;
  x->n = n; /* a multiple of 4 (16, 24, 32) */
  x->prefix = 0;
  if (shake) {
    const fc__keccak_x_kernel *k = fc__keccak_x_active();
    x->kernel = k;
    x->lanes = FC__KECCAK_X_MAX;
    if (k == NULL || k == &fc__keccak_x_scalar || k->stack > FC__HS_X_KECCAK_X_STACK) {
      /* scalar (one state after another anyway), or a many-state kernel too
         deep for the verifiers' 8 KiB: one state at a time on FC_OP_KECCAK */
      x->kernel = fc__keccak_active();
      x->lanes = 1;
    }
    return x->kernel != NULL && prefix64 == NULL;
  }
  const fc__sha256_x_kernel *k = fc__sha256_x_active();
  x->kernel = k;
  if (k == NULL) return 0;
  x->lanes = k->lanes < 1 ? 1 : k->lanes > FC__HS_X_LANES_MAX ? FC__HS_X_LANES_MAX : k->lanes;
  memcpy(x->init, fc__hash_info_of(FC_SHA256)->iv, sizeof x->init); /* FIPS 180-4 H(0) */
  if (prefix64 != NULL) {
    uint32_t *st = x->init;
    k->compress_x(&st, &prefix64, 1, 1);
    x->prefix = 64;
  }
  return 1;
}

static void sha_batch(const fc__hs_x *x, uint8_t *const *buf, size_t len, size_t count,
                      uint8_t *const *out) {
  const fc__sha256_x_kernel *k = (const fc__sha256_x_kernel *)x->kernel;
  uint32_t st[FC__HS_X_LANES_MAX][8];
  uint32_t *sp[FC__HS_X_LANES_MAX];
  const uint8_t *ip[FC__HS_X_LANES_MAX];
  uint64_t bits = (x->prefix + len) * 8;
  const size_t nblocks = len <= 55 ? 1 : 2, end = 64 * nblocks;
  for (size_t i = 0; i < count; i++) {
    uint8_t *b = buf[i];
    b[len] = 0x80;
    memset(b + len + 1, 0, end - 9 - len);
    for (unsigned j = 0; j < 8; j++) b[end - 8 + j] = (uint8_t)(bits >> (56 - 8 * j));
  }
  for (size_t g = 0; g < count; g += FC__HS_X_LANES_MAX) {
    size_t m = count - g < FC__HS_X_LANES_MAX ? count - g : FC__HS_X_LANES_MAX;
    for (size_t i = 0; i < m; i++) {
      memcpy(st[i], x->init, sizeof st[i]);
      sp[i] = st[i];
      ip[i] = buf[g + i];
    }
    if (4 * m >= 3 * k->lanes) {
      k->compress_x(sp, ip, m, nblocks);
    } else {
      /* a group under three quarters full: its empty lanes would cost more
         than hashing these one at a time on the single-stream kernel (a
         16-lane avx512 group costs about eleven SHA-NI compressions on the
         Zen 4 of docs/slhdsa.md) */
      const fc__sha_kernel *k1 = fc__sha_active(FC_OP_SHA256);
      for (size_t i = 0; i < m; i++) k1->compress(sp[i], ip[i], nblocks);
    }
    for (size_t i = 0; i < m; i++) {
      uint8_t *o = out[g + i];
      for (uint32_t w = 0; w < x->n / 4; w++) { /* n is 16, 24 or 32 */
        uint32_t v = __builtin_bswap32(st[i][w]);
        memcpy(o + 4 * w, &v, 4);
      }
    }
  }
}

/* The message in the first len (< rate) bytes of the state buffer st
   becomes the absorbed state: the rest zeroed, SHAKE's padding XORed in
   (domain bits 1111 and the first pad bit: 0x1f after the message, the last
   pad bit at rate - 1; FIPS 202 sections 5.1, 6.2, B.2). The lanes are
   little-endian (hash_internal.h), so byte i of the buffer is byte i of
   the state. */
static void shake_load(uint64_t *st, size_t len, size_t rate) {
  uint8_t *b = (uint8_t *)st;
  memset(b + len, 0, FC__HS_X_STATE - len);
  b[len] = 0x1f;
  b[rate - 1] |= 0x80;
}

static void shake_batch(const fc__hs_x *x, uint8_t *const *buf, size_t len, size_t count,
                        uint8_t *const *out) {
  if (x->lanes == 1) {
    const fc__keccak_kernel *k1 = (const fc__keccak_kernel *)x->kernel;
    for (size_t i = 0; i < count; i++) {
      uint64_t *st = (uint64_t *)(void *)buf[i];
      shake_load(st, len, x->rate);
      k1->permute(st);
      memcpy(out[i], st, x->n);
    }
    return;
  }
  const fc__keccak_x_kernel *k = (const fc__keccak_x_kernel *)x->kernel;
  uint64_t *sp[FC__KECCAK_X_MAX];
  for (size_t g = 0; g < count; g += FC__KECCAK_X_MAX) {
    size_t m = count - g < FC__KECCAK_X_MAX ? count - g : FC__KECCAK_X_MAX;
    for (size_t i = 0; i < m; i++) {
      sp[i] = (uint64_t *)(void *)buf[g + i];
      shake_load(sp[i], len, x->rate);
    }
    k->absorb_x(sp, NULL, m, 1, x->rate);
    for (size_t i = 0; i < m; i++) memcpy(out[g + i], sp[i], x->n);
  }
}

void fc__hs_x_hash(const fc__hs_x *x, uint8_t *const *buf, size_t len, size_t count,
                   uint8_t *const *out) {
  if (count == 0) return;
  if (x->shake)
    shake_batch(x, buf, len, count, out);
  else
    sha_batch(x, buf, len, count, out);
}

static void put_be(uint8_t *p, uint32_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * (bytes - 1 - i)));
}

/* bufs: a lane buffer of stride bytes per lane (chains_sha, chains_shake). */
static inline void chains(const fc__hs_chains *c, uint32_t idx0, const uint16_t *start,
                          uint32_t end, unsigned count, uint8_t *val, uint8_t *bufs,
                          size_t stride) {
  const fc__hs_x *x = c->x;
  const uint32_t n = x->n, L = x->lanes;
  /* Steps of chain i: rem[i]; chains laid end to end over L lanes of R
     rounds each (global slot g = lane * R + round), chain i at [off[i],
     off[i] + rem[i]). A chain cut by a lane boundary does its first steps
     at the start of the next lane and its last ones at the end of its own:
     no round holds a chain twice, and its steps stay in order, as rem <= R. */
  uint16_t rem[FC__HS_CHAINS_MAX];
  uint16_t off[FC__HS_CHAINS_MAX + 1]; /* total <= 36 * 255 */
  uint32_t total = 0, longest = 0;
  for (unsigned i = 0; i < count; i++) {
    rem[i] = (uint16_t)(start[i] < end ? end - start[i] : 0);
    off[i] = (uint16_t)total;
    total += rem[i];
    if (rem[i] > longest) longest = rem[i];
  }
  off[count] = (uint16_t)total;
  if (total == 0) return;
  uint32_t R = (total + L - 1) / L;
  if (R < longest) R = longest;

  uint8_t *bp[FC__HS_X_LANES_MAX], *op[FC__HS_X_LANES_MAX];
  unsigned cur[FC__HS_X_LANES_MAX]; /* each lane's chain cursor */
  for (unsigned l = 0; l < L; l++) {
    cur[l] = 0;
    bp[l] = bufs + l * stride;
  }
  for (uint32_t r = 0; r < R; r++) {
    unsigned m = 0;
    for (unsigned l = 0; l < L; l++) {
      uint32_t g = l * R + r;
      if (g >= total) break;
      unsigned ci = cur[l];
      while (off[ci] + rem[ci] <= g) ci++;
      cur[l] = ci;
      uint32_t lane0 = off[ci] / R, cut = (lane0 + 1) * R; /* end of its first lane */
      uint32_t step;
      if (off[ci] + rem[ci] <= cut) /* within one lane */
        step = g - off[ci];
      else if (g >= cut) /* the next lane: its first steps */
        step = g - cut;
      else /* its own lane's end: the rest */
        step = (off[ci] + rem[ci] - cut) + (g - off[ci]);
      step += start[ci];
      uint8_t *b = bp[m];
      memcpy(b, c->tmpl, c->tmpl_len);
      put_be(b + c->chain_off, idx0 + ci, c->chain_len);
      put_be(b + c->step_off, step, c->step_len);
      memcpy(b + c->tmpl_len, val + (size_t)ci * n, n);
      op[m] = val + (size_t)ci * n;
      m++;
    }
    fc__hs_x_hash(x, bp, (size_t)c->tmpl_len + n, m, op);
  }
}

/* Each path's lane buffers in its own frame: 16 blocks of 64 bytes, or 8
   Keccak states of 200. */
__attribute__((noinline)) static void chains_sha(const fc__hs_chains *c, uint32_t idx0,
                                                 const uint16_t *start, uint32_t end,
                                                 unsigned count, uint8_t *val) {
  uint8_t bufs[FC__HS_X_LANES_MAX * 64];
  chains(c, idx0, start, end, count, val, bufs, 64);
}
__attribute__((noinline)) static void chains_shake(const fc__hs_chains *c, uint32_t idx0,
                                                   const uint16_t *start, uint32_t end,
                                                   unsigned count, uint8_t *val) {
  uint64_t bufs[FC__KECCAK_X_MAX * 25];
  chains(c, idx0, start, end, count, val, (uint8_t *)bufs, FC__HS_X_STATE);
}

void fc__hs_chains_run(const fc__hs_chains *c, uint32_t idx0, const uint16_t *start,
                       uint32_t end, unsigned count, uint8_t *val) {
  if (c->x->shake)
    chains_shake(c, idx0, start, end, count, val);
  else
    chains_sha(c, idx0, start, end, count, val);
}
