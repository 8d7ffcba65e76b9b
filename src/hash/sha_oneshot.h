/*
 * The one-shot hashing core of fc_hash (hash.c) and fc_hmac (hmac.c):
 * portable code, inlined into both, no call but the kernel's.
 *
 * A message is hashed in at most three kernel calls: an optional prefix
 * block (HMAC's K0 ^ ipad), the whole blocks of a long message straight
 * from the caller's buffer, and the end of the message with its padding
 * from a local buffer of three blocks. When the prefix, the message and
 * the padding fit in that buffer, they all go in one call: a message under
 * 3 blocks - 9 bytes (SHA-1, SHA-256) or 3 blocks - 17 bytes (SHA-512)
 * costs one call, and HMAC's inner hash of a message under 2 blocks minus
 * the same is one call as well.
 *
 * The local buffer is written in 16-byte stores, one per 16 bytes, and
 * kernels load a block in 16-byte (or wider, aligned) loads: each load is
 * then served by one store. A load that needs bytes of several narrower
 * stores waits until they reach the cache, which the first block of a call
 * would pay in full (the kernel's first rounds wait for it).
 *
 * Byte order: the host is little-endian (the digest and length words are
 * byte-swapped into big-endian here and in hash.c).
 */
#ifndef FC_SHA_ONESHOT_H
#define FC_SHA_ONESHOT_H

#include "hash/hash_internal.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the hash layer assumes a little-endian host"
#endif

#define FC__SHA_INLINE static inline __attribute__((always_inline))

/* Blocks of the local buffer (the tail, its padding, and a prefix). */
#define FC__SHA_BUF_BLOCKS 3

/* Two 64-bit words as one 16-byte value: SSE2 on x86-64, NEON on AArch64,
   general registers on i686 (whose baseline has no SSE). Only ever a
   local, never passed by value (i686's ABI for such types depends on
   SSE). */
typedef uint64_t fc__sha_v2 __attribute__((vector_size(16)));

/* A chaining value in the kernels' layout: uint32_t[5], uint32_t[8] or
   uint64_t[8]. */
typedef union {
  uint32_t w32[16];
  uint64_t w64[8];
  fc__sha_v2 v[4];
} fc__sha_state;

FC__SHA_INLINE uint64_t fc__sha_ld64(const uint8_t *p) {
  uint64_t v;
  __builtin_memcpy(&v, p, 8);
  return v;
}

FC__SHA_INLINE uint32_t fc__sha_ld32(const uint8_t *p) {
  uint32_t v;
  __builtin_memcpy(&v, p, 4);
  return v;
}

/* 16 bytes lo (first 8) and hi, in one store. */
FC__SHA_INLINE void fc__sha_st2(uint8_t *d, uint64_t lo, uint64_t hi) {
  fc__sha_v2 t = {lo, hi};
  __builtin_memcpy(d, &t, 16);
}

/* The loops below would be recognised as memcpy or memset and become
   calls; this hides the index from that, at no cost. */
#define FC__SHA_OPAQUE(i) __asm__("" : "+r"(i))

/* The r < 16 bytes at p (nothing read past them) as two little-endian
   words, zeros above, then marker at byte r. The loads depend on r only. */
FC__SHA_INLINE void fc__sha_partial(const uint8_t *p, size_t r, uint64_t marker, uint64_t *lo,
                                    uint64_t *hi) {
  uint64_t a = 0, b = 0;
  if (r >= 8) {
    a = fc__sha_ld64(p);
    if (r > 8) b = fc__sha_ld64(p + r - 8) >> (8 * (16 - r));
    b |= marker << (8 * (r - 8));
  } else {
    if (r >= 4)
      a = fc__sha_ld32(p) | (uint64_t)fc__sha_ld32(p + r - 4) << (8 * (r - 4));
    else if (r)
      a = p[0] | (uint64_t)p[r >> 1] << (8 * (r >> 1)) | (uint64_t)p[r - 1] << (8 * (r - 1));
    a |= marker << (8 * r);
  }
  *lo = a;
  *hi = b;
}

/*
 * total bytes (a multiple of 16, at least n) at dst: the n bytes at p,
 * then marker (0x80, or 0), zeros, and last, the little-endian word
 * lenword in the final 8 bytes (the big-endian bit length, or 0). The
 * caller leaves room: n + 1 + 8 <= total when lenword is set, n < total
 * when marker is.
 */
FC__SHA_INLINE void fc__sha_fill(uint8_t *dst, const uint8_t *p, size_t n, size_t total,
                                 uint64_t marker, uint64_t lenword) {
  size_t q = n & ~(size_t)15, i;
  for (i = 0; i < q; i += 16) {
    FC__SHA_OPAQUE(i);
    __builtin_memcpy(dst + i, p + i, 16);
  }
  if (q == total) return; /* n == total: a key of one block (no marker) */
  uint64_t lo, hi;
  fc__sha_partial(q ? p + q : p, n & 15, marker, &lo, &hi); /* p may be NULL when n = 0 */
  if (q + 16 == total) {
    fc__sha_st2(dst + q, lo, hi | lenword);
    return;
  }
  fc__sha_st2(dst + q, lo, hi);
  for (i = q + 16; i < total - 16; i += 16) {
    FC__SHA_OPAQUE(i);
    fc__sha_st2(dst + i, 0, 0);
  }
  fc__sha_st2(dst + total - 16, 0, lenword);
}

/* Zeroes n bytes (a multiple of 16) at p; not removed as a dead store. */
FC__SHA_INLINE void fc__sha_wipe(void *p, size_t n) {
  uint8_t *d = p;
  for (size_t i = 0; i < n; i += 16) {
    FC__SHA_OPAQUE(i);
    fc__sha_st2(d + i, 0, 0);
  }
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

/* The initial value of hi (8 words of the state's width) into st. */
FC__SHA_INLINE void fc__sha_iv(fc__sha_state *st, const fc__hash_info *hi, size_t block) {
  __builtin_memcpy(st, hi->iv, block == 128 ? 64 : 32);
}

/* Little-endian word j (bytes 8j .. 8j + 7) of the big-endian digest of st,
   for a digest of hl bytes; past it, marker at byte hl, zeros. */
FC__SHA_INLINE uint64_t fc__sha_dword(const fc__sha_state *st, size_t block, size_t hl, size_t j,
                                      uint64_t marker) {
  if (8 * j >= hl) return 8 * j == hl ? marker : 0;
  uint64_t w = block == 128 ? __builtin_bswap64(st->w64[j])
                            : (uint64_t)__builtin_bswap32(st->w32[2 * j]) |
                                  (uint64_t)__builtin_bswap32(st->w32[2 * j + 1]) << 32;
  if (hl - 8 * j < 8) /* SHA-1, SHA-224, SHA-512/224 end on half a word */
    w = (w & 0xffffffffu) | marker << 32;
  return w;
}

/* One block at dst: the hl-byte digest of st, then (pad) 0x80, zeros and
   the big-endian bit length bits, or (!pad) zeros. */
FC__SHA_INLINE void fc__sha_state_block(uint8_t *dst, const fc__sha_state *st, size_t block,
                                        size_t hl, int pad, uint64_t bits) {
  uint64_t marker = pad ? 0x80 : 0;
  for (size_t c = 0; c < block / 16; c++) {
    uint64_t lo = fc__sha_dword(st, block, hl, 2 * c, marker);
    uint64_t hi = fc__sha_dword(st, block, hl, 2 * c + 1, marker);
    if (pad && c == block / 16 - 1) hi |= __builtin_bswap64(bits);
    fc__sha_st2(dst + 16 * c, lo, hi);
  }
}

/* The first outlen bytes of st, big-endian, to out. */
FC__SHA_INLINE void fc__sha_digest(uint8_t *out, const fc__sha_state *st, size_t block,
                                   size_t outlen) {
  size_t i = 0;
  if (block == 128) {
    for (; i + 8 <= outlen; i += 8) {
      uint64_t w = __builtin_bswap64(st->w64[i / 8]);
      __builtin_memcpy(out + i, &w, 8);
    }
    if (i < outlen) { /* SHA-512/224: half a word */
      uint32_t w = __builtin_bswap32((uint32_t)(st->w64[i / 8] >> 32));
      __builtin_memcpy(out + i, &w, 4);
    }
  } else {
    for (; i + 4 <= outlen; i += 4) {
      uint32_t w = __builtin_bswap32(st->w32[i / 4]);
      __builtin_memcpy(out + i, &w, 4);
    }
  }
}

/*
 * Hashes pre bytes (0, or one block already at buf) followed by the len
 * bytes at msg, padding included, into st (which holds the initial or a
 * chaining value). buf: FC__SHA_BUF_BLOCKS blocks. Returns the bytes of
 * buf written last, for the caller to wipe (the prefix block too). block
 * is a constant where this is inlined.
 */
FC__SHA_INLINE size_t fc__sha_run(const fc__sha_kernel *k, fc__sha_state *st, size_t block,
                                  uint8_t *buf, size_t pre, const uint8_t *msg, size_t len) {
  const size_t lenbytes = block / 8, cap = FC__SHA_BUF_BLOCKS * block;
  uint64_t bits = ((uint64_t)pre + len) << 3;
  if (pre + len + 1 + lenbytes > cap) {
    if (pre) k->compress(st, buf, 1);
    pre = 0;
    if (len + 1 + lenbytes > cap) { /* every whole block from msg, the tail from buf */
      size_t whole = len / block;
      k->compress(st, msg, whole);
      msg += whole * block;
      len -= whole * block;
    }
  }
  size_t total = (pre + len + 1 + lenbytes + block - 1) / block * block;
  fc__sha_fill(buf + pre, msg, len, total - pre, 0x80, __builtin_bswap64(bits));
  k->compress(st, buf, total / block);
  return total;
}

#endif
