/*
 * The hash family's internal contract: SHA-1/SHA-2 compression kernels,
 * Keccak-f[1600] kernels (one state and many), the sponge and the
 * per-algorithm facts. Baseline ISA: kernels include it.
 */
#ifndef FC_HASH_INTERNAL_H
#define FC_HASH_INTERNAL_H

#include "core/fc_internal.h"
#include "fastcrypt/hash.h"

#ifdef __cplusplus
extern "C" { /* the tests call internal symbols */
#endif

/* ------------------------------------------------------------------ */
/* Hash kernels: block compression only; padding is portable code      */
/* ------------------------------------------------------------------ */

/* compress: fold nblocks whole blocks (64 bytes for SHA-1/SHA-256, 128 for
   SHA-512) into state (uint32_t[5], uint32_t[8] or uint64_t[8]). */
typedef struct fc__sha_kernel {
  fc__kernel_head h;
  void (*compress)(void *state, const uint8_t *blocks, size_t nblocks);
  uint32_t stack; /* bytes of stack compress uses at most ("Wiping secrets") */
} fc__sha_kernel;

extern const fc__sha_kernel fc__sha1_scalar;
extern const fc__sha_kernel fc__sha256_scalar;
extern const fc__sha_kernel fc__sha512_scalar;

/* Tables of FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512, FC_OP_KECCAK,
   FC_OP_KECCAK_X and FC_OP_SHA256_X for the dispatcher (hash/hash_kernels.c). */
extern const fc__op_kernels fc__sha1_op, fc__sha256_op, fc__sha512_op, fc__keccak_op,
    fc__keccak_x_op, fc__sha256_x_op;

/* Active kernel of a hash op (FC_OP_SHA1, FC_OP_SHA256 or FC_OP_SHA512);
   NULL when built with FC_WITH_SHA=OFF. */
static inline const fc__sha_kernel *fc__sha_active(fc_op op) {
  return (const fc__sha_kernel *)fc__active(op);
}

/* x86 SHA-NI (SHA-1, SHA-256), AVX2 (SHA-256, SHA-512), AVX-512VL (SHA-512);
   AArch64 ARMv8 SHA. */
extern const fc__sha_kernel fc__sha1_shani;
extern const fc__sha_kernel fc__sha1_shani_msg;
extern const fc__sha_kernel fc__sha256_shani;
extern const fc__sha_kernel fc__sha256_avx2;
extern const fc__sha_kernel fc__sha512_avx2;
extern const fc__sha_kernel fc__sha512_avx512;
extern const fc__sha_kernel fc__sha1_armv8;
extern const fc__sha_kernel fc__sha256_armv8;
extern const fc__sha_kernel fc__sha512_armv8;

/* One-shot digest of msg into out (fc_hash_len(alg) bytes): fc_hash. */
fc_err fc__hash(fc_hash_alg alg, const uint8_t *msg, size_t len, uint8_t *out);

/* Per-algorithm facts: the op whose kernel compresses it, digest and block
   length, and its initial value (8 words of the state's width). */
typedef struct fc__hash_info {
  fc_op op;
  uint32_t len, block;
  const void *iv;
} fc__hash_info;
#define FC__HASH_COUNT (FC_SHA3_512 + 1)
extern const fc__hash_info fc__hash_infos[FC__HASH_COUNT];
static inline const fc__hash_info *fc__hash_info_of(fc_hash_alg alg) {
  return (unsigned)alg >= FC_SHA1 && (unsigned)alg <= FC_SHA3_512 ? &fc__hash_infos[alg] : NULL;
}
/* Stack bytes the kernel serving hi's op now uses at most, 0 when none is built. */
uint32_t fc__hash_kernel_stack(const fc__hash_info *hi);
/* The same for the kernel a context recorded (0 for one not initialised). */
uint32_t fc__hash_ctx_kernel_stack(const fc_hash_ctx *ctx);

/* ------------------------------------------------------------------ */
/* Keccak-f[1600] kernels (FIPS 202 section 3.3) and the sponge         */
/* ------------------------------------------------------------------ */

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the Keccak state is kept as little-endian lanes: little-endian targets only"
#endif
static inline uint64_t fc__le64(const uint8_t *p) {
  uint64_t v;
  __builtin_memcpy(&v, p, 8);
  return v;
}

/* Round constants RC[0..23] (FIPS 202 section 3.2.5). */
extern const uint64_t fc__keccak_rc[24];
/* FC_COMPACT's Keccak-f (keccak_plain64.h): rho and pi as one walk over the
   24 lanes other than (0, 0), (x, y) -> (y, 2x + 3y) from (1, 0): step t
   moves the lane it holds, rotated by fc__keccak_rho_rot[t] = (t + 1)(t + 2)
   / 2 mod 64, into lane fc__keccak_pi_lane[t] (FIPS 202 sections 3.2.2-3). */
extern const uint8_t fc__keccak_pi_lane[24];
extern const uint8_t fc__keccak_rho_rot[24];

/* One state of 25 lanes (lane x + 5y; byte i of the state is byte i % 8 of
   lane i / 8). permute: the 24 rounds. absorb: for each of nblocks blocks
   of rate bytes (a multiple of 8, at most 168), XOR it into the state, then
   permute. */
typedef struct fc__keccak_kernel {
  fc__kernel_head h;
  void (*permute)(uint64_t st[25]);
  void (*absorb)(uint64_t st[25], const uint8_t *in, size_t nblocks, size_t rate);
  uint32_t stack; /* bytes of stack either uses at most */
} fc__keccak_kernel;

/* n (1..8) independent states st[0..n-1], each absorbing nblocks blocks of
   rate bytes from in[i] as fc__keccak_kernel.absorb does; in NULL: the
   states are permuted nblocks times with nothing absorbed. How many states
   a kernel runs side by side, and what a call with fewer pays, its file
   says. */
typedef struct fc__keccak_x_kernel {
  fc__kernel_head h;
  void (*absorb_x)(uint64_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks,
                   size_t rate);
  uint32_t stack;
} fc__keccak_x_kernel;
#define FC__KECCAK_X_MAX 8

extern const fc__keccak_kernel fc__keccak_scalar;
extern const fc__keccak_x_kernel fc__keccak_x_scalar;
extern const fc__keccak_kernel fc__keccak_armv8;
extern const fc__keccak_x_kernel fc__keccak_x_avx2;
extern const fc__keccak_kernel fc__keccak_avx512;
extern const fc__keccak_x_kernel fc__keccak_x_avx512;
/* Active kernels (NULL when built with FC_WITH_SHA=OFF). */
static inline const fc__keccak_kernel *fc__keccak_active(void) {
  return (const fc__keccak_kernel *)fc__active(FC_OP_KECCAK);
}
static inline const fc__keccak_x_kernel *fc__keccak_x_active(void) {
  return (const fc__keccak_x_kernel *)fc__active(FC_OP_KECCAK_X);
}

/* ------------------------------------------------------------------ */
/* Many SHA-256 compressions at once (FC_OP_SHA256_X)                   */
/* ------------------------------------------------------------------ */

/* n >= 1 independent SHA-256 states st[i] (8 words each, H0..H7 of FIPS 180-4),
   each folding nblocks 64-byte blocks from in[i] (64 * nblocks bytes). Any n:
   the kernel runs groups of `lanes` side by side (a short last group pays for
   a full one). Pointers may repeat only if the states are distinct. */
typedef struct fc__sha256_x_kernel {
  fc__kernel_head h;
  void (*compress_x)(uint32_t *const *st, const uint8_t *const *in, size_t n, size_t nblocks);
  uint32_t lanes; /* streams per group */
  uint32_t stack; /* bytes of stack compress_x uses at most */
} fc__sha256_x_kernel;
#define FC__SHA256_X_MAX_LANES 16
static inline const fc__sha256_x_kernel *fc__sha256_x_active(void) {
  return (const fc__sha256_x_kernel *)fc__active(FC_OP_SHA256_X);
}
/* n independent messages msg[i] of the same len bytes, each continuing a
   SHA-256 from the state init (8 words; NULL: the IV of FIPS 180-4) after
   prefix bytes (a multiple of 64) already folded into init; out[i] gets the
   32-byte digest (out[i] may alias msg[i]). Any n >= 0. On kernel xk. */
void fc__sha256_x(const fc__sha256_x_kernel *xk, const uint32_t *init, uint64_t prefix,
                  const uint8_t *const *msg, size_t len, size_t n, uint8_t *const *out);

/* The kernels: "avx512" (16 lanes, x86-64), "avx2" (8), "shani" (SHA-NI,
   streams interleaved), "neon" (4, AArch64), "single" (portable: one stream
   after another on the active FC_OP_SHA256 kernel). */
extern const fc__sha256_x_kernel fc__sha256_x_avx512;
extern const fc__sha256_x_kernel fc__sha256_x_avx2;
extern const fc__sha256_x_kernel fc__sha256_x_shani;
extern const fc__sha256_x_kernel fc__sha256_x_neon;
extern const fc__sha256_x_kernel fc__sha256_x_armv8; /* one stream at a time on sha256's armv8 */
extern const fc__sha256_x_kernel fc__sha256_x_single;
/* Stack bytes of fc__sha256_x beyond its kernel's figure (sha256_x.c). */
#define FC__SHA256_X_DRIVER_STACK 2816

/* Sponge steps over a state and its position pos in the current block
   (0 <= pos < rate while absorbing). absorb returns the new pos; pad XORs
   the domain suffix (0x06 SHA-3, 0x1f SHAKE, 0x04 cSHAKE) and the final
   bit at pos and rate - 1, then permutes. */
size_t fc__sponge_absorb(const fc__keccak_kernel *k, uint64_t st[25], size_t rate, size_t pos,
                         const uint8_t *p, size_t len);
void fc__sponge_pad(const fc__keccak_kernel *k, uint64_t st[25], size_t rate, size_t pos,
                    uint8_t suffix);
/* XOR len bytes into the state from byte offset pos (pos + len <= 200). */
void fc__keccak_xor_bytes(uint64_t st[25], size_t pos, const uint8_t *p, size_t len);
/* Bytes [pos, pos + len) of the state. */
void fc__keccak_get_bytes(const uint64_t st[25], size_t pos, uint8_t *out, size_t len);

/* n (1..FC__KECCAK_X_MAX) independent sponges of one rate and suffix over
   messages of any lengths: out[i] gets out_len bytes of the sponge of
   msg[i] (len[i] bytes). On the FC_OP_KECCAK_X kernel xk. */
void fc__keccak_x_sponge(const fc__keccak_x_kernel *xk, size_t rate, uint8_t suffix,
                         const uint8_t *const *msg, const size_t *len, size_t n,
                         uint8_t *const *out, size_t out_len);

/* A pre-hash of HashML-DSA (FIPS 204 Algorithm 4) and HashSLH-DSA (FIPS 205
   Algorithm 23): an fc_hash_alg of FC_SHA224 .. FC_SHA3_512, or
   FC__PH_SHAKE128 / FC__PH_SHAKE256 (the value of FC_MLDSA_PH_SHAKE* and
   FC_SLHDSA_PH_SHAKE*). 1, the last arc of its OID 2.16.840.1.101.3.4.2.x
   and its digest length (SHAKE128: 32, SHAKE256: 64); 0 for another. */
#define FC__PH_SHAKE128 0x100
#define FC__PH_SHAKE256 0x101
int fc__hash_prehash_oid(int ph, uint8_t *last, size_t *len);

/* SHA-3 over a context (hash.c's streaming calls for op FC_OP_KECCAK). */
void fc__sha3_update(fc_hash_ctx *ctx, const uint8_t *p, size_t len);
void fc__sha3_final(fc_hash_ctx *ctx, uint8_t *out);
void fc__sha3_oneshot(const fc__keccak_kernel *k, const fc__hash_info *hi, const uint8_t *msg,
                      size_t len, uint8_t *out);
/* The first outlen bytes of ctx's chaining value, big-endian. */
void fc__hash_digest_out(const fc_hash_ctx *ctx, uint8_t *out, size_t outlen);

#ifdef __cplusplus
}
#endif
#endif /* FC_HASH_INTERNAL_H */
