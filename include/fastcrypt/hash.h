/*
 * fastcrypt hash: SHA-1, SHA-2, SHA-3, SHAKE, ParallelHash256, HMAC,
 * HKDF and PBKDF2.
 */
#ifndef FASTCRYPT_HASH_H
#define FASTCRYPT_HASH_H

#include "fastcrypt/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Hash algorithms                                                    */
/* ------------------------------------------------------------------ */

/* FC_SHA512_224 and FC_SHA512_256: SHA-512/t (FIPS 180-4 section 5.3.6).
   FC_SHA3_*: FIPS 202 section 6.1 (PKCS#1 v1.5 DigestInfo OIDs
   2.16.840.1.101.3.4.2.7 to .10). */
typedef enum { FC_SHA1 = 1, FC_SHA224, FC_SHA256, FC_SHA384, FC_SHA512,
               FC_SHA512_224, FC_SHA512_256,
               FC_SHA3_224, FC_SHA3_256, FC_SHA3_384, FC_SHA3_512 } fc_hash_alg;

/* Digest length of a hash, 0 for an unknown value. */
size_t fc_hash_len(fc_hash_alg hash);

/* ------------------------------------------------------------------ */

#define FC_HASH_MAX_LEN   64    /* largest digest (SHA-512, SHA3-512) */
#define FC_HASH_MAX_BLOCK 144   /* largest block (SHA3-224's rate) */

/* Block length of a hash, 0 for an unknown value: 64 (SHA-1, SHA-224,
   SHA-256), 128 (SHA-384, SHA-512, SHA-512/t), or a SHA-3's rate: 144,
   136, 104, 72 (SHA3-224, -256, -384, -512; HMAC's B, FIPS 202 and
   SP 800-224). */
size_t fc_hash_block_len(fc_hash_alg hash);

/* One-shot digest: fc_hash_len(alg) bytes into out. msg may be NULL when
   len is 0. FC_ERR_ARG: unknown alg, out NULL, msg NULL with len > 0.
   The library cannot know whether msg is secret: fc_hash and the
   streaming calls wipe their buffers and context (at final), but do not
   burn the stack or clear registers as the keyed calls do. Hash secrets
   through fc_hmac, fc_hkdf or fc_pbkdf2. */
fc_err fc_hash(fc_hash_alg alg, const void *msg, size_t len, uint8_t *out);

/*
 * Streaming hash context. Caller-allocated; a plain struct copy clones it
 * (no pointers into itself), so a common prefix can be hashed once. It
 * records the compression kernel active at fc_hash_init and keeps it for its
 * whole life. Fields are internal: use the functions.
 */
struct fc_hash_ctx {
  const void *kernel;     /* compression kernel chosen at init; NULL: not usable */
  uint32_t alg;           /* fc_hash_alg */
  uint32_t buf_len;       /* bytes waiting in buf (SHA-3: bytes of the current
                             block already in the state), < block length */
  uint64_t total;         /* bytes hashed so far */
  union {
    struct {
      union {
        uint32_t w32[8];
        uint64_t w64[8];
      } h;                /* chaining value */
      uint8_t buf[128];   /* the partial block */
    } sha2;               /* SHA-1 and SHA-2 */
    uint64_t keccak[25];  /* SHA-3: the Keccak-f[1600] state, absorbed into directly */
  } u;
};
typedef struct fc_hash_ctx fc_hash_ctx;

/* FC_ERR_ARG for NULL ctx or unknown alg (ctx is then cleared: later calls
   with it return FC_ERR_ARG). */
fc_err fc_hash_init(fc_hash_ctx *ctx, fc_hash_alg alg);
/* msg may be NULL when len is 0. FC_ERR_ARG: ctx not initialised (or
   already finalised), msg NULL with len > 0, or more than 2^61 - 1 bytes in
   total (the FIPS 180-4 limit for SHA-1/SHA-256). */
fc_err fc_hash_update(fc_hash_ctx *ctx, const void *msg, size_t len);
/* Writes fc_hash_len(alg) bytes, then wipes ctx (a later update or final
   returns FC_ERR_ARG until the next init). */
fc_err fc_hash_final(fc_hash_ctx *ctx, uint8_t *out);

/* HMAC (RFC 2104, FIPS 198-1). Any key length (NULL allowed when key_len
   is 0); out gets fc_hash_len(alg) bytes. The key drives no branch and no
   memory index. No copy of the key, nor of a value derived from it (K0,
   K0 ^ ipad, K0 ^ opad, the chaining values), is left on the stack or in
   registers when any HMAC, HKDF or PBKDF2 call returns (docs/wiping.md "Wiping
   secrets"); a streaming context holds the chaining values until final
   or fc_hmac_final wipes it. */
fc_err fc_hmac(fc_hash_alg alg, const uint8_t *key, size_t key_len,
               const void *msg, size_t len, uint8_t *out);

/* Streaming HMAC: the inner context after key ^ ipad and the outer one
   after key ^ opad. A plain copy clones it. Final wipes it. */
struct fc_hmac_ctx {
  fc_hash_ctx inner;
  fc_hash_ctx outer;
};
typedef struct fc_hmac_ctx fc_hmac_ctx;

fc_err fc_hmac_init(fc_hmac_ctx *ctx, fc_hash_alg alg, const uint8_t *key, size_t key_len);
fc_err fc_hmac_update(fc_hmac_ctx *ctx, const void *msg, size_t len);
fc_err fc_hmac_final(fc_hmac_ctx *ctx, uint8_t *out);

/* HKDF (RFC 5869) extract-then-expand. salt NULL/empty means hash-length
   zeros; info may be NULL when info_len is 0. FC_ERR_ARG: okm_len 0 or over
   255 * fc_hash_len(alg), or okm sharing any byte with info (info is read
   for every block; okm is then untouched). okm may overlap salt and ikm
   (read before okm is written). */
fc_err fc_hkdf(fc_hash_alg alg, const uint8_t *salt, size_t salt_len,
               const uint8_t *ikm, size_t ikm_len, const uint8_t *info, size_t info_len,
               uint8_t *okm, size_t okm_len);

/* HKDF-Expand alone (RFC 5869 section 2.3), for a PRK from elsewhere (an
   HKDF-Extract, which is fc_hmac keyed with the salt, or a protocol's key
   schedule). Any prk_len (NULL allowed when 0); FC_ERR_ARG as fc_hkdf for
   okm_len, and for okm sharing any byte with info. okm may overlap prk
   (absorbed first). Wiped and burned as fc_hkdf. */
fc_err fc_hkdf_expand(fc_hash_alg alg, const uint8_t *prk, size_t prk_len,
                      const uint8_t *info, size_t info_len, uint8_t *okm, size_t okm_len);

/* PBKDF2-HMAC (RFC 8018 section 5.2). FC_ERR_ARG: iterations 0, out_len 0,
   or out_len over (2^32 - 1) * fc_hash_len(alg). The password drives no
   branch and no memory index; intermediate values (U1, U2, ...) are wiped
   from memory, the stack and the registers. out may
   overlap pw and salt (both are read before out is written). */
fc_err fc_pbkdf2(fc_hash_alg alg, const uint8_t *pw, size_t pw_len,
                 const uint8_t *salt, size_t salt_len, uint32_t iterations,
                 uint8_t *out, size_t out_len);

/* ------------------------------------------------------------------ */
/* SHAKE and ParallelHash (FIPS 202 section 6.2, SP 800-185)            */
/* ------------------------------------------------------------------ */

typedef enum { FC_SHAKE128 = 1, FC_SHAKE256 } fc_xof_alg;

/*
 * Streaming XOF context: absorb any number of times, then squeeze any
 * number of times, any lengths (the output is one stream: squeezing 10 then
 * 22 bytes gives the first 32 bytes of the output). Caller-allocated; a
 * plain struct copy clones it. It records the FC_OP_KECCAK kernel active at
 * fc_xof_init. Fields are internal: use the functions. As for fc_hash, the
 * state is wiped by fc_xof_clear, not the stack.
 */
struct fc_xof_ctx {
  const void *kernel;   /* Keccak kernel chosen at init; NULL: not usable */
  uint32_t alg;         /* fc_xof_alg */
  uint32_t rate;        /* bytes per block: 168 (SHAKE128) or 136 (SHAKE256) */
  uint32_t pos;         /* bytes of the current block absorbed, or squeezed */
  uint32_t squeezing;   /* 0 while absorbing, 1 after the first squeeze */
  uint64_t st[25];      /* the Keccak-f[1600] state */
};
typedef struct fc_xof_ctx fc_xof_ctx;

/* FC_ERR_ARG for NULL ctx or an unknown alg (ctx is then cleared: later
   calls with it return FC_ERR_ARG). FC_ERR_UNSUPPORTED: built with
   FC_WITH_SHA=OFF. */
fc_err fc_xof_init(fc_xof_ctx *ctx, fc_xof_alg alg);
/* msg may be NULL when len is 0. FC_ERR_ARG: ctx not initialised, msg NULL
   with len > 0, or a squeeze has already happened. */
fc_err fc_xof_absorb(fc_xof_ctx *ctx, const void *msg, size_t len);
/* The next len bytes of output (out may be NULL when len is 0; the first
   call, even with len 0, ends absorbing). FC_ERR_ARG: ctx not initialised,
   out NULL with len > 0. */
fc_err fc_xof_squeeze(fc_xof_ctx *ctx, uint8_t *out, size_t len);
/* Wipes ctx (NULL allowed); later calls with it return FC_ERR_ARG. */
void   fc_xof_clear(fc_xof_ctx *ctx);
/* One shot: out_len bytes of SHAKE128(msg) or SHAKE256(msg). msg may be NULL
   when len is 0, out when out_len is 0. */
fc_err fc_xof(fc_xof_alg alg, const void *msg, size_t len, uint8_t *out, size_t out_len);

/*
 * ParallelHash256 (SP 800-185 section 6.3): out_len bytes (L = 8 out_len
 * bits) of ParallelHash256(X = msg, B = block_size, L, S = custom). The
 * ceil(len / block_size) leaves (cSHAKE256 of each block, 64 bytes each) run
 * on the FC_OP_KECCAK_X kernel, eight at a time; the outer cSHAKE256 on the
 * FC_OP_KECCAK kernel. msg, custom and out may be NULL when their length is
 * 0. FC_ERR_ARG: block_size 0, a NULL pointer with a length, or out_len or
 * custom_len of 2^61 bytes or more (their bit counts must fit 64 bits).
 * Stack (x86-64 gcc): 4.9 KiB with the avx2 leaf kernel, 3.4 KiB with
 * scalar (eight leaf states and their outputs, then the kernel). Not a
 * keyed call: the stack is not burned.
 */
fc_err fc_parallelhash256(const void *msg, size_t len, size_t block_size,
                          const uint8_t *custom, size_t custom_len, uint8_t *out, size_t out_len);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_HASH_H */
