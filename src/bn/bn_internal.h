/*
 * The bn family's internal contract: Montgomery kernels, the exponentiation
 * driver they share, the plain multi-precision helpers and Montgomery
 * calibration. Baseline ISA: kernels in src/x86 and src/aarch64 include it.
 */
#ifndef FC_BN_INTERNAL_H
#define FC_BN_INTERNAL_H

#include "core/fc_internal.h"
#include "fastcrypt/bn.h"

#ifdef __cplusplus
extern "C" { /* the tests call internal symbols */
#endif

/*
 * A Montgomery kernel. Its representation between steps is its own; its
 * edges are vboot's: 32-bit little-endian words, R = 2^(32*nwords).
 *
 * prepare:  fill ctx->kdata (at most FC_MONT_KDATA_BYTES) from ctx->n,
 *           nwords, nbits, n0inv, rr, which are already set. MUST NOT fail.
 * mont_mul: r = a*b/R mod n. a, b < n MUST hold. r may alias a or b.
 *           Uses its own stack (bounded; documented in the kernel file).
 * modpow:   r = base^exp mod n, base < n, exp big-endian with its first byte
 *           nonzero (exp_len >= 1). ws is ws_len bytes, no alignment
 *           promised. Returns FC_ERR_ARG if ws_len is below what the exponent
 *           needs (see fc__modpow_ws_need), FC_OK otherwise. r may alias base.
 * ws_slot:  bytes of one value slot of its representation at ctx's size,
 *           and ws_fixed: bytes the kernel needs besides its slots
 *           (accumulators, temporaries, alignment slack). modpow needs
 *           ws_fixed + 1 slot for e = 2^k + 1 and ws_fixed + 2 slots for
 *           any other exponent (more slots allow a wider window).
 */
typedef struct fc__mont_kernel {
  fc__kernel_head h;
  /* n, nwords, nbits, n0inv and rr set, kdata all zero (every caller clears
     it: fc_mont_init, fc_mont_init_rr, fc_calibrate) */
  void (*prepare)(fc_mont_ctx *ctx);
  void (*mont_mul)(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *a,
                   const uint32_t *b);
  fc_err (*modpow)(const fc_mont_ctx *ctx, uint32_t *r, const uint32_t *base,
                   const uint8_t *exp, size_t exp_len, void *ws, size_t ws_len);
  size_t (*ws_slot)(const fc_mont_ctx *ctx);
  size_t (*ws_fixed)(const fc_mont_ctx *ctx);
  /*
   * PKCS#1 v1.5 verification for e = 2^k + 1 without the entry product
   * (avx512ifma: src/bn/mont_ifma_body.h; NULL on the other kernels).
   * prepare_f4 (k = 0: none) stores per-key constants when the kernel has
   * room for them at this size; only fc_rsa_pubkey_prepare calls it (opt-in:
   * a key may be const, in ROM or shared), and verification checks that
   * they are present (verify_f4's FC_ERR_UNSUPPORTED). verify_f4:
   * s < n in 32-bit words, T = prefix || digest (the DigestInfo, at most
   * FC__F4_MAX_T bytes), ws as modpow's for e = 2^k + 1; FC_OK when
   * s^e mod n is 00 01 FF..FF 00 T at the key's length, FC_ERR_SIG when
   * not, FC_ERR_UNSUPPORTED when the context has no constants for k (the
   * caller then runs modpow and compares).
   */
  void (*prepare_f4)(fc_mont_ctx *ctx, size_t k);
  fc_err (*verify_f4)(const fc_mont_ctx *ctx, const uint32_t *s, size_t k,
                      const uint8_t *prefix, size_t prefix_len, const uint8_t *digest,
                      size_t digest_len, void *ws, size_t ws_len);
  /*
   * fc_mont_init's R^2 and prepare in one (NULL: fc__mont_rr, then
   * prepare): for a kernel whose constants are powers of two on the way to
   * R^2, one long division passes through them all (avx512ifma: C, then
   * R^2, then R'^2). ctx as for fc__mont_rr, kdata zero or as this
   * kernel's prepare left it for the same n (fc_rsa_pubkey_from_vboot's
   * check of a .keyb's rr); it writes ctx->rr as fc__mont_rr does.
   */
  void (*init_chain)(fc_mont_ctx *ctx);
  /*
   * Whether ctx->rr is R^2 mod n, given rr < n and the kernel's prepare
   * done (a vboot key's rr, fc_rsa_pubkey_from_vboot): 1 yes, 0 no, -1 the
   * check does not apply at this size (the caller runs fc__bn_rr_ok). NULL:
   * fc__bn_rr_ok. For a kernel whose product costs a fraction of the
   * generic check's reduction (avx512ifma: one product by 1).
   */
  int (*rr_ok)(const fc_mont_ctx *ctx);
} fc__mont_kernel;
#define FC__F4_MAX_T 83 /* SHA-512's DigestInfo: 19 + 64 bytes */

/*
 * Workspace of each kernel's modpow for e = 2^k + 1 (ws_fixed + 1 slot) at
 * FC_MONT_MAX_BITS, its maximum: fc_rsa_verify keeps the largest of the
 * kernels built on its stack (rsa_verify.c), so a build without SIMD
 * kernels needs a third of the stack. A new kernel adds its figure here and
 * a line to rsa_verify.c's maximum; tests/rsa/test_rsa_workspace.cpp checks
 * every kernel's need against the maximum.
 */
#define FC__WS_F4_SCALAR32 (4 * (FC_MONT_MAX_WORDS + 2) + 4 + 4 * FC_MONT_MAX_WORDS)
#define FC__WS_F4_MONT64 (8 * (3 * (FC_MONT_MAX_WORDS / 2) + 2) + 8 + 8 * (FC_MONT_MAX_WORDS / 2))
#define FC__WS_F4_SSE2 (16 * (294 + 2) + 15 + 4 * (294 + 2))
#define FC__WS_F4_NEON (16 * 296 + 15 + 4 * 296)
/* avx512ifma: its need at 8192 bits as fc_rsa_workspace_size
   reports it (6210) less alignment and result words. Too small a figure
   only costs stack: fc_rsa_verify then takes the next tier up. */
#define FC__WS_F4_AVX512IFMA (6210 - 3 - 4 * FC_MONT_MAX_WORDS)

/* Kernel descriptors (one per file; only those built are referenced). */
extern const fc__mont_kernel fc__mont_scalar32;
extern const fc__mont_kernel fc__mont_scalar64;
extern const fc__mont_kernel fc__mont_sse2;
extern const fc__mont_kernel fc__mont_mulx;
extern const fc__mont_kernel fc__mont_neon;
extern const fc__mont_kernel fc__mont_avx512ifma;

/* ------------------------------------------------------------------ */
/* Exponentiation driver shared by kernels                              */
/* ------------------------------------------------------------------ */

/*
 * Callbacks on numbered slots holding values in the kernel's Montgomery form
 * (value * R' mod n for the kernel's own R'). Slot 0 is the accumulator;
 * slots 1.. hold the window table. dst may equal any source.
 * leave_mul_base ends only the e = 2^k + 1 chain (enter, squarings, then
 * it): a kernel may keep what its enter derived from the base for it.
 */
typedef struct fc__pow_ops {
  void (*mul)(void *k, unsigned dst, unsigned a, unsigned b); /* dst = a*b/R'   */
  void (*sqr)(void *k, unsigned dst, unsigned a);             /* dst = a*a/R'   */
  void (*enter)(void *k, unsigned dst);        /* dst = base*R' mod n          */
  void (*leave)(void *k, unsigned src);        /* r = src/R' mod n             */
  void (*leave_mul_base)(void *k, unsigned src); /* r = src*base/R' mod n      */
  void (*copy)(void *k, unsigned dst, unsigned src);
} fc__pow_ops;

/*
 * Runs the exponentiation: e = 2^k + 1 (3, 17, 65537, ...) as k squarings and
 * one final multiplication by the plain base (needs 1 slot); any other
 * exponent by a left-to-right sliding window using up to `slots` slots
 * (needs 2). exp: big-endian, first byte nonzero. Variable time in exp.
 */
void fc__modpow_run(const fc__pow_ops *ops, void *k, const uint8_t *exp,
                    size_t exp_len, unsigned slots);

/* k when exp = 2^k + 1 (k >= 1), else 0: a kernel may run that chain
   itself (k squarings, then a product with the plain base) to keep the
   driver's frames off its stack. exp as for fc__modpow_run. */
size_t fc__modpow_f4_squarings(const uint8_t *exp, size_t exp_len);

/*
 * FC_WITH_ANY_EXPONENT=OFF (FC_HAVE_ANY_EXPONENT undefined) builds only
 * e = 2^k + 1: the sliding window and the callbacks only it uses (leave,
 * copy) are left out (FC__WINDOW_OP gives NULL), and the public entry points
 * refuse other exponents with FC_ERR_UNSUPPORTED before a kernel sees them.
 */
#if defined(FC_HAVE_ANY_EXPONENT)
#define FC__WINDOW_OP(f) f
#else
#define FC__WINDOW_OP(f) NULL
#endif
/* FC_ERR_UNSUPPORTED if this build cannot raise to exp (see above), else FC_OK. */
fc_err fc__modpow_exp_built(const uint8_t *exp, size_t exp_len);

/* Slots fc__modpow_run needs at least for this exponent (1 or 2). */
unsigned fc__modpow_min_slots(const uint8_t *exp, size_t exp_len);

/* Workspace bytes kernel k needs for this exponent at ctx's size. */
size_t fc__modpow_ws_need(const fc__mont_kernel *k, const fc_mont_ctx *ctx,
                          const uint8_t *exp, size_t exp_len);

/* ------------------------------------------------------------------ */
/* Plain multi-precision helpers on 32-bit little-endian words          */
/* ------------------------------------------------------------------ */

/* a < b ? -1 : a > b ? 1 : 0 (variable time: public values). */
int fc__bn_cmp(const uint32_t *a, const uint32_t *b, size_t nwords);
/* a = 2a mod n for a < n (constant time in a). */
void fc__bn_mod_double(uint32_t *a, const uint32_t *n, size_t nwords);
/* a = a * 2^k mod n for a < n: the radix corrections at kernels' edges. */
void fc__bn_mod_shl(uint32_t *a, const uint32_t *n, size_t nwords, size_t k);
/* As fc__bn_mod_shl, in variable time (set-up on public values) and
   faster where a 128-bit product exists. a and n MUST have
   FC_MONT_MAX_WORDS words, n zero above nwords (a context's n): 64-bit
   digits read and write the word above nwords (a's is left zero). */
void fc__bn_mod_shl_fast(uint32_t *a, const uint32_t *n, size_t nwords, size_t k);
/* a = a / 2^(64 rows) mod n for a < n, nwords even (optimised builds with a
   128-bit product only: bn_util.c). */
void fc__bn_redc64(uint32_t *a, const uint32_t *n, size_t nwords, size_t rows);
/* x = 2^e mod n for e >= nbits - 1 (nbits = bits of n), variable time; x
   and n as for fc__bn_mod_shl_fast. R mod n, R^2 mod n and the
   kernels' radix constants (2^(32 nwords + 2k) for R' = R 2^k). */
void fc__bn_pow2_mod(uint32_t *x, const uint32_t *n, size_t nwords, uint32_t nbits, size_t e);
/* 1 if c->rr = R^2 mod n (c: n, nwords, nbits, n0inv, rr < n set), checked
   with one product instead of recomputed: rr / R mod n (one Montgomery
   reduction; 64-bit digits where a 128-bit product exists) must be R mod n
   (fc__bn_pow2_mod). R is invertible mod odd n, so this holds for
   R^2 mod n alone; both sides are below n. Stack: two FC_MONT_MAX_WORDS
   buffers. */
int fc__bn_rr_ok(const fc_mont_ctx *c);
/* a = a / 2^(32 nwords) mod n in place, for a < n (src/bn/mont_redc.c). */
void fc__bn_mont_reduce(uint32_t *a, const uint32_t *n, uint32_t n0inv, size_t nwords);
/* -1/x mod 2^32 for odd x. */
uint32_t fc__neg_inv32(uint32_t x);
/* -1/x mod 2^64 for odd x. */
uint64_t fc__neg_inv64(uint64_t x);
/* Bit length of a. */
uint32_t fc__bn_bits(const uint32_t *a, size_t nwords);
/* Big-endian bytes (any length, leading zeros allowed) -> nwords LE words.
   Returns 0 if the value does not fit. */
int fc__bn_from_be(uint32_t *w, size_t nwords, const uint8_t *be, size_t be_len);
/* nwords LE words -> out_len big-endian bytes (truncating high words). */
void fc__bn_to_be(uint8_t *out, size_t out_len, const uint32_t *w, size_t nwords);
/* ------------------------------------------------------------------ */
/* The Montgomery op's kernels and calibration                          */
/* ------------------------------------------------------------------ */

/* ctx->rr = R^2 mod n from ctx->n, nwords, nbits, n0inv (scalar32's products;
   see mont_r2.c). */
void fc__mont_rr(fc_mont_ctx *ctx);

/* FC_OP_MONT's table for the dispatcher (bn/mont_kernels.c). */
extern const fc__op_kernels fc__mont_op;

/* The kernel a context of `bits` bits records now (pin, calibration of its
   size class, or the static order), after fc_init. Never NULL: scalar32 is
   always built. The head is the descriptor's first member. */
static inline const fc__mont_kernel *fc__mont_active_for_bits(uint32_t bits) {
  return (const fc__mont_kernel *)fc__active_for_bits(FC_OP_MONT, bits);
}
/* The same for 2048 bits. */
static inline const fc__mont_kernel *fc__mont_active(void) {
  return fc__mont_active_for_bits(2048);
}
/* Size class of a modulus of `bits` bits: 0 .. FC_MONT_CLASSES - 1. */
static inline unsigned fc__mont_class(uint32_t bits) { return fc__class_of(FC_OP_MONT, bits); }
/* Usable Montgomery kernels in list order (no fc_init: callable inside it). */
static inline size_t fc__mont_usable(const fc__mont_kernel **out, size_t max) {
  return fc__usable(FC_OP_MONT, (const fc__kernel_head **)out, max);
}
/* FC_OP_MONT's calibrate hook (bn/mont_calibrate.c): the real clock;
   FC_ERR_UNSUPPORTED in freestanding builds. */
fc_err fc__mont_calibrate_usable(const fc__kernel_head *const *usable, size_t count,
                                 const fc__kernel_head **choice);
/* ctx for n with kernel k (fc_mont_init without fc_init or argument checks
   beyond its own: n odd, > 1, 1 <= nwords <= FC_MONT_MAX_WORDS). */
fc_err fc__mont_init_with(fc_mont_ctx *ctx, const uint32_t *n, size_t nwords,
                          const fc__mont_kernel *k);

/*
 * Calibration core (bn/mont_calibrate.c), testable with injected measurements.
 * clock(arg, k, bits) returns nanoseconds; it is read right before and right
 * after each timed run of kernel k at a modulus of `bits` bits. list: the
 * candidate kernels, static order (best first). On FC_OK, choice[c] is the
 * pick for class c. Kernels failing the built-in known-answer check are never
 * picked; FC_ERR_UNSUPPORTED if no kernel passes it.
 */
typedef uint64_t (*fc__calib_clock)(void *arg, const fc__mont_kernel *k, uint32_t bits);
fc_err fc__mont_calibrate(const fc__mont_kernel *const *list, size_t count, fc__calib_clock clock,
                          void *arg, const fc__mont_kernel *choice[FC_MONT_CLASSES]);
/* The decision: index of the kernel to pick from per-kernel median times
   (ok[i] = 0: failed its check, never picked). The fastest passing kernel,
   unless one earlier in the list is within margin_pct percent of it: then
   the earliest such. Returns count if none passed. */
size_t fc__calib_pick(const uint64_t *median, const int *ok, size_t count, unsigned margin_pct);

#ifdef __cplusplus
}
#endif
#endif /* FC_BN_INTERNAL_H */
