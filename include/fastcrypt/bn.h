/*
 * fastcrypt bn: Montgomery multiplication and modular exponentiation
 * on 32-bit little-endian words (vboot's layout).
 */
#ifndef FASTCRYPT_BN_H
#define FASTCRYPT_BN_H

#include "fastcrypt/core.h"

#ifdef __cplusplus
extern "C" {
#endif


/* ------------------------------------------------------------------ */
/* Montgomery arithmetic (32-bit little-endian words, vboot's layout)  */
/* ------------------------------------------------------------------ */

#define FC_MONT_MAX_BITS   8192
#define FC_MONT_MAX_WORDS  (FC_MONT_MAX_BITS / 32)
/* Room for any kernel's own form of n and of its R'^2 mod n. */
#define FC_MONT_KDATA_BYTES 4096

/*
 * Montgomery context for an odd modulus n > 1 of nwords 32-bit words,
 * R = 2^(32*nwords). Callers allocate it; fields are public for inspection
 * but must be filled by fc_mont_init only. The context records the Montgomery
 * kernel active at fc_mont_init and uses it for its whole life, so a later
 * fc_impl_select never changes a computation halfway.
 */
struct fc_mont_ctx {
  const void *kernel;                 /* kernel chosen at init (internal) */
  uint32_t nwords;                    /* 1..FC_MONT_MAX_WORDS */
  uint32_t nbits;                     /* bit length of n */
  uint32_t n0inv;                     /* -1/n mod 2^32 */
  uint32_t n[FC_MONT_MAX_WORDS];      /* n, least significant word first */
  uint32_t rr[FC_MONT_MAX_WORDS];     /* R^2 mod n */
  uint64_t kdata[FC_MONT_KDATA_BYTES / 8]; /* kernel's own precomputation */
};
typedef struct fc_mont_ctx fc_mont_ctx;

/* n odd, n > 1, 1 <= nwords <= FC_MONT_MAX_WORDS (leading zero words allowed).
   On failure *ctx (when not NULL) is cleared: fc_modpow with it returns
   FC_ERR_ARG and fc_mont_mul does nothing. */
fc_err fc_mont_init(fc_mont_ctx *ctx, const uint32_t *n, size_t nwords);

/* r = a*b*2^(-32*nwords) mod n for a, b < n; r may alias a or b.
   Preconditions are the caller's (no return code): a, b < n, ctx initialised. */
void   fc_mont_mul(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a, const uint32_t *b);

/* r = base^exp mod n; exp big-endian (leading zeros allowed, exp = 0 gives 1).
   base < n required (FC_ERR_ARG otherwise). r may alias base.
   Variable time: for public exponents and bases only. */
fc_err fc_modpow(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base,
                 const uint8_t *exp, size_t exp_len);

/*
 * Workspace for fc_modpow_ws at a modulus of `bits` bits, for every kernel
 * and every exponent (larger workspaces allow wider windows for long
 * exponents; e = 2^k + 1 with k >= 1, such as 3 and 65537, needs only
 * FC_MODPOW_WORKSPACE_F4_BYTES). For a context, bits is 32 * the nwords
 * fc_mont_init was given (the kernels work at that width, leading zero
 * words included), not the modulus's bit length.
 * The workspace needs no alignment: kernels align their own slices.
 */
#define FC__DIGITS28(bits)  ((((bits) + 31) / 32 * 32 + 27) / 28 + 3)
#define FC_MODPOW_WORKSPACE_F4_BYTES(bits)  (20 * FC__DIGITS28(bits) + 96)
#define FC_MODPOW_WORKSPACE_BYTES(bits)     (40 * FC__DIGITS28(bits) + 64)

fc_err fc_modpow_ws(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base,
                    const uint8_t *exp, size_t exp_len, void *ws, size_t ws_len);


/* ------------------------------------------------------------------ */
/* Montgomery context from precomputed constants (vboot's key layout)  */
/* ------------------------------------------------------------------ */

/*
 * fc_mont_init with R^2 mod n and n0inv given instead of computed, as vboot's
 * public keys carry them (struct vb2_public_key: arrsize, n0inv, n, rr).
 * n and rr: nwords 32-bit words, least significant first; R = 2^(32*nwords);
 * rr = R^2 mod n; n0inv = -1/n mod 2^32. R^2 is not recomputed: only cheap
 * checks are made, and an rr that passes them but is not R^2 mod n gives
 * wrong results (never a fault). The context records the Montgomery kernel
 * active now, as fc_mont_init does.
 * FC_ERR_ARG: ctx, n or rr NULL, nwords outside 1..FC_MONT_MAX_WORDS, n even
 * or n = 1. FC_ERR_KEY: n0inv * n[0] != -1 mod 2^32, or rr >= n.
 * On failure ctx is cleared: later calls with it return FC_ERR_ARG (and
 * fc_mont_mul does nothing). n and rr may point into ctx itself.
 */
fc_err fc_mont_init_rr(fc_mont_ctx *ctx, const uint32_t *n, const uint32_t *rr, uint32_t n0inv,
                       size_t nwords);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_BN_H */
