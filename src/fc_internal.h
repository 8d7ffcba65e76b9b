/*
 * Internal contract between the public API, the dispatcher and the kernels.
 * No intrinsics headers here: this file is included by baseline-ISA code.
 * Every non-static symbol is fc_ (public) or fc__ (internal).
 */
#ifndef FC_INTERNAL_H
#define FC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "fastcrypt.h"
#include "vwipe.h" /* FC__VWIPE: macros only, per the includer's ISA flags */

/*
 * memcpy, memset, memcmp, memmove: the only functions a freestanding archive
 * may reference (every firmware has them; tests/host_freestanding.cmake).
 * A freestanding build includes no hosted header, so they are declared here
 * (C11 7.1.4p2 allows declaring a library function without its header).
 */
#if defined(FC_FREESTANDING)
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
#else
#include <string.h>
#endif

#ifdef __cplusplus
extern "C" { /* the tests call internal symbols */
#endif

/* ------------------------------------------------------------------ */
/* Montgomery kernels                                                   */
/* ------------------------------------------------------------------ */

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
/* Every kernel descriptor starts with this head: tests, the bench and the
   environment address kernels by name. needs = FC_CPU_* bits, exactly what
   the kernel file's ISA flags allow. */
typedef struct fc__kernel_head {
  const char *name;
  uint64_t needs;
} fc__kernel_head;

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
   * (avx512ifma: src/mont_ifma_body.h; NULL on the other kernels).
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
 * a line to rsa_verify.c's maximum; tests/test_rsa_workspace.cpp checks
 * every kernel's need against the maximum.
 */
#define FC__WS_F4_SCALAR32 (4 * (FC_MONT_MAX_WORDS + 2) + 4 + 4 * FC_MONT_MAX_WORDS)
#define FC__WS_F4_MONT64 (8 * (3 * (FC_MONT_MAX_WORDS / 2) + 2) + 8 + 8 * (FC_MONT_MAX_WORDS / 2))
#define FC__WS_F4_SSE2 (16 * (294 + 2) + 15 + 4 * (294 + 2))
#define FC__WS_F4_NEON (16 * 296 + 15 + 4 * 296)
/* avx512ifma (issue 9): its need at 8192 bits as fc_rsa_workspace_size
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
/* a = a / 2^(32 nwords) mod n in place, for a < n (src/mont_redc.c). */
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
/* Key initialisers' common exit: on failure the whole key is wiped, so a
   key that failed to (re)initialise verifies nothing (FC_ERR_ARG). */
fc_err fc__key_result(fc_rsa_pubkey *key, fc_err rc);
/* Zero len bytes so the compiler cannot drop it. */
void fc__wipe(void *p, size_t len);

/*
 * Entry points of kernels that keep 16-byte vectors on the stack (prepare,
 * mont_mul, modpow, ...): realign the stack on entry. coreboot's 32-bit
 * stages and other firmware promise no 16-byte alignment, and a movaps
 * spill faults without it. (Freestanding x86-64 builds also compile every
 * file with -mstackrealign: baseline x86-64 code spills SSE registers.)
 */
#if defined(__i386__) || defined(__x86_64__)
#define FC__REALIGN __attribute__((force_align_arg_pointer))
#else
#define FC__REALIGN
#endif

/*
 * Stack workspace of `bytes` bytes for fc_modpow_ws / fc_rsa_verify_ws.
 * Kernels carve it into slices of uint32_t, uint64_t or vector type, so it
 * is declared as a union of those arrays (C11 6.5p7: each slice is accessed
 * through a member type, never through a type the storage was not declared
 * with). Kernels align their own slices. Pass &name and sizeof(name).
 */
#define FC__WORKSPACE(name, bytes)              \
  union {                                       \
    unsigned char c[(bytes)];                   \
    uint32_t w[((bytes) + 3) / 4];              \
    uint64_t q[((bytes) + 7) / 8];              \
  } name

/* Align p up to 16 or 64 bytes. */
#define FC__ALIGN_UP(p, a) ((void *)(((uintptr_t)(p) + ((a) - 1)) & ~(uintptr_t)((a) - 1)))

/* p[0 .. plen) and q[0 .. qlen) share no byte (an empty or NULL range is
   apart from anything). Compares addresses as integers: the two ranges may
   belong to different objects. */
static inline int fc__apart(const void *p, size_t plen, const void *q, size_t qlen) {
  if (p == NULL || q == NULL || plen == 0 || qlen == 0) return 1;
  uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
  return a + plen <= b || b + qlen <= a;
}

/* ------------------------------------------------------------------ */
/* Dispatch                                                             */
/* ------------------------------------------------------------------ */

/* ctx->rr = R^2 mod n from ctx->n, nwords, nbits, n0inv (scalar32's products;
   see mont_r2.c). */
void fc__mont_rr(fc_mont_ctx *ctx);

/* Active Montgomery kernel (after fc_init) for 2048 bits. Never NULL. */
const fc__mont_kernel *fc__mont_active(void);
/* The kernel a context of `bits` bits records now (pin, calibration of its
   size class, or the static order). Never NULL. */
const fc__mont_kernel *fc__mont_active_for_bits(uint32_t bits);
/* Size class of a modulus of `bits` bits: 0 .. FC_MONT_CLASSES - 1. */
unsigned fc__mont_class(uint32_t bits);
/* Usable Montgomery kernels in list order (no fc_init: callable inside it). */
size_t fc__mont_usable(const fc__mont_kernel **out, size_t max);
/* Publish calibrated kernels per class (NULL: that class keeps the static order). */
void fc__mont_set_calibration(const fc__mont_kernel *const choice[FC_MONT_CLASSES]);
/* Calibrate FC_OP_MONT now with the real clock, without calling fc_init
   (src/calibrate.c); FC_ERR_UNSUPPORTED in freestanding builds. */
fc_err fc__mont_calibrate_now(void);
/* ctx for n with kernel k (fc_mont_init without fc_init or argument checks
   beyond its own: n odd, > 1, 1 <= nwords <= FC_MONT_MAX_WORDS). */
fc_err fc__mont_init_with(fc_mont_ctx *ctx, const uint32_t *n, size_t nwords,
                          const fc__mont_kernel *k);

/*
 * Calibration core (src/calibrate.c), testable with injected measurements.
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

/* Probe: FC_CPU_* bits present and OS-enabled. Built for the baseline ISA. */
uint64_t fc__cpu_probe(void);
/* The selected features (fc_cpu_features) without calling fc_init: for
   code that runs inside fc_init too (calibration). */
uint64_t fc__features(void);
/* CPU name for fc_cpu_name (may be slow). */
fc_err fc__cpu_name(char *buf, size_t len);

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

/* Active kernel of a hash op (FC_OP_SHA1, FC_OP_SHA256 or FC_OP_SHA512). */
const fc__sha_kernel *fc__sha_active(fc_op op);
/* The kernel the automatic choice takes for op under features feat (hosted
   builds; for tests). */
const char *fc__auto_choice_name(fc_op op, uint64_t feat);

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
const fc__keccak_kernel *fc__keccak_active(void);
const fc__keccak_x_kernel *fc__keccak_x_active(void);

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

/* SHA-3 over a context (hash.c's streaming calls for op FC_OP_KECCAK). */
void fc__sha3_update(fc_hash_ctx *ctx, const uint8_t *p, size_t len);
void fc__sha3_final(fc_hash_ctx *ctx, uint8_t *out);
void fc__sha3_oneshot(const fc__keccak_kernel *k, const fc__hash_info *hi, const uint8_t *msg,
                      size_t len, uint8_t *out);
/* The first outlen bytes of ctx's chaining value, big-endian. */
void fc__hash_digest_out(const fc_hash_ctx *ctx, uint8_t *out, size_t outlen);

/*
 * Wiping secrets. Every public call that handles a secret (the AES key
 * schedule and every mode, GHASH, HMAC, HKDF, PBKDF2 and the hashing of key
 * material inside them) leaves no copy of it, and no value derived from
 * it, on the stack or in registers when it returns. Two mechanisms:
 *   1. Memory the code names (locals, contexts it clears) is wiped with
 *      fc__burn or fc__wipe where it stops being needed.
 *   2. What the compiler spilled, no C code can name. So every such public
 *      call is a thin wrapper: it runs the work in callees, then calls
 *      FC__STACK_BURN(depth) from its own frame, which zeroes `depth` bytes
 *      below that frame, the area its callees used, and the scratch
 *      registers baseline code writes. depth = the portable layer's
 *      documented figure + the `stack` figure of each kernel the call ran:
 *      what was used, not a fixed large region. A kernel's `stack` is the
 *      most any of its entry points uses, callees included; it is stated in
 *      the kernel file's header comment and in its descriptor, and
 *      tests/test_wipe.cpp checks on every kernel and build it runs that the
 *      burn reaches the deepest byte the call touched.
 * Vector registers: a kernel entry point that held secrets in vector
 * registers ends with FC__VWIPE() (src/vwipe.h), in the form its ISA
 * needs (vzeroall, zmm16-31 and k0-k7 with AVX-512, pxor without AVX,
 * v0-v31 on AArch64). Plain fc_hash of caller data is out of scope: the
 * library cannot know the data is secret (it still wipes its context at
 * final).
 * The burn's cost (FC__STACK_BURN): docs/wiping.md "Cost".
 */
#ifndef FC__BURN_MAX
#define FC__BURN_MAX 8192
#endif
/* Zeroes `bytes` below the calling frame (rounded up to 64, at most
   FC__BURN_MAX), then the call-clobbered registers. A macro, so that the
   burn's frame sits directly below the public call's at any optimisation
   level. */
typedef void (*fc__burn_fn)(size_t bytes);
fc__burn_fn fc__burn_get(void); /* src/stack_burn.c */
static inline size_t fc__burn_round(size_t bytes) {
  return bytes < FC__BURN_MAX ? (bytes + 63) & ~(size_t)63 : FC__BURN_MAX;
}
#define FC__STACK_BURN(bytes) (fc__burn_get()(fc__burn_round(bytes)))
/* The body of a public keyed call: depth is taken first (a final call
   wipes the context it is read from), then the work, then the burn. */
#define FC__BURNED(depth, call)   \
  do {                            \
    size_t burn_depth_ = (depth); \
    fc_err burn_rc_ = (call);     \
    FC__STACK_BURN(burn_depth_);  \
    return burn_rc_;              \
  } while (0)
/* The forms (src/x86/burn_*.S, src/aarch64/burn_base.S). */
void fc__burn_base(size_t bytes);
void fc__burn_sse2(size_t bytes);
void fc__burn_avx(size_t bytes);
void fc__burn_avx512(size_t bytes);
#define FC__NOINLINE __attribute__((noinline))
/*
 * A kernel's `stack` figure for the compiler and target building it: the
 * most its entry points used in tests/test_wipe.cpp, at -O2, -O3 and -Os,
 * plus a quarter and 64 bytes (unoptimised code needs several times more:
 * not covered). gcc: gcc 12 on x86-64 and AArch64; clang: clang
 * 14 on x86-64 (on AArch64, twice gcc's figure: not measured); i686:
 * gcc 12 (twice the x86-64 figure where qemu-i386 lacks the extension).
 * Another compiler: run test_wipe, which fails where a figure is short.
 */
#if defined(__i386__)
#define FC__STACK(gcc, clang, i686) (i686)
#elif defined(__clang__)
#define FC__STACK(gcc, clang, i686) (clang)
#else
#define FC__STACK(gcc, clang, i686) (gcc)
#endif

/* Zeroes len bytes with memset, which the empty asm (taking p, clobbering
   memory) keeps from being removed as a dead store. Fast enough for the
   per-call wipes of the hash paths. */
static inline void fc__burn(void *p, size_t len) {
  __builtin_memset(p, 0, len);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

/* ------------------------------------------------------------------ */
/* RSA helpers shared by PKCS#1 v1.5 and PSS (rsa_verify.c)             */
/* ------------------------------------------------------------------ */

/* key filled by a successful init. */
int fc__rsa_key_ready(const fc_rsa_pubkey *key);
/* *out = sig^e mod n (nwords words, in ws, which begins with them; the rest
   of ws is the kernel's modpow workspace). FC_ERR_SIG: sig_len is not the
   modulus length or sig >= n. FC_ERR_ARG: ws too small. */
fc_err fc__rsa_public_op(const fc_rsa_pubkey *key, const uint8_t *in, size_t in_len, void *ws,
                         size_t ws_len, uint32_t **out);

/* ------------------------------------------------------------------ */
/* AES and GHASH kernels                                               */
/* ------------------------------------------------------------------ */

/*
 * An AES kernel (op FC_OP_AES). Block data are bytes as in FIPS 197; the
 * round keys live in key->kdata in the kernel's own layout.
 * setkey:  fill key->kdata from k (key->key_len bytes; key->rounds set).
 * ecb_enc, ecb_dec: nblocks >= 0 independent blocks.
 * cbc_enc, cbc_dec: chaining from iv, which is left holding the last
 *          ciphertext block.
 * ctr:     keystream blocks E(ctr), E(ctr+1), ... XORed into nblocks
 *          blocks; ctr is a 128-bit big-endian integer wrapping at 2^128,
 *          left holding the counter after the last block used.
 * All: in == out MUST be allowed; no other overlap is. Vector registers
 * are zeroed before returning (FC__VWIPE); the caller burns `stack` bytes.
 */
typedef struct fc__aes_kernel {
  fc__kernel_head h;
  void (*setkey)(fc_aes_key *key, const uint8_t *k);
  void (*ecb_enc)(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t nblocks);
  void (*ecb_dec)(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t nblocks);
  void (*cbc_enc)(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                  size_t nblocks);
  void (*cbc_dec)(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out,
                  size_t nblocks);
  void (*ctr)(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
              size_t nblocks);
  uint32_t stack; /* bytes of stack any entry point uses at most ("Wiping secrets") */
} fc__aes_kernel;

/*
 * A GHASH kernel (op FC_OP_GHASH), SP 800-38D section 6.4.
 * setkey: hdata (FC_AES_HDATA_BYTES) from the hash key h (16 bytes).
 * ghash:  y = (...((y ^ X1) * H ^ X2) * H ...) * H over nblocks blocks;
 *         y is a 16-byte block in the standard's bit order.
 */
typedef struct fc__ghash_kernel {
  fc__kernel_head h;
  void (*setkey)(uint64_t *hdata, const uint8_t h[16]);
  void (*ghash)(const uint64_t *hdata, uint8_t y[16], const uint8_t *in, size_t nblocks);
  uint32_t stack; /* bytes of stack setkey or ghash uses at most ("Wiping secrets") */
} fc__ghash_kernel;

/*
 * A stitched GCM body: GCTR encryption and GHASH of the ciphertext in one
 * pass, used when a key's AES and GHASH kernels are exactly `aes` and
 * `ghash`. enc: out = in ^ keystream, y absorbs out; dec: y absorbs in,
 * out = in ^ keystream. The counter steps by inc32 (SP 800-38D 6.2: the
 * low 32 bits wrap alone) and is left past the last block. It may derive
 * from the key (IVs other than 96 bits): no branch or index on it.
 */
typedef struct fc__gcm_kernel {
  fc__kernel_head h;
  const fc__aes_kernel *aes;
  const fc__ghash_kernel *ghash;
  void (*enc)(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
              uint8_t *out, size_t nblocks);
  void (*dec)(const fc_aes_key *key, uint8_t ctr[16], uint8_t y[16], const uint8_t *in,
              uint8_t *out, size_t nblocks);
  uint32_t stack; /* bytes of stack enc or dec uses at most ("Wiping secrets") */
} fc__gcm_kernel;

extern const fc__aes_kernel fc__aes_ct;
extern const fc__aes_kernel fc__aes_aesni;
extern const fc__aes_kernel fc__aes_vaes;
extern const fc__aes_kernel fc__aes_vaes256;
extern const fc__aes_kernel fc__aes_armv8;
extern const fc__aes_kernel fc__aes_neon;
extern const fc__ghash_kernel fc__ghash_ct;
extern const fc__ghash_kernel fc__ghash_pclmul;
extern const fc__ghash_kernel fc__ghash_vpclmul;
extern const fc__ghash_kernel fc__ghash_pmull;
extern const fc__gcm_kernel fc__gcm_aesni;
extern const fc__gcm_kernel fc__gcm_vaes;
extern const fc__gcm_kernel fc__gcm_vaes256;
extern const fc__gcm_kernel fc__gcm_armv8;

/* Active kernels (after fc_init); NULL only if none is built. */
const fc__aes_kernel *fc__aes_active(void);
const fc__ghash_kernel *fc__ghash_active(void);

/*
 * A verdict computed in constant time from secrets (GCM tag comparison,
 * CBC padding check) becomes public when the function returns it. In the
 * valgrind constant-time check (tests/ct, built with FC_VALGRIND) that
 * step is told to memcheck, so only branches on still-secret data report.
 */
#if defined(FC_VALGRIND)
#include <valgrind/memcheck.h>
#define FC__DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define FC__DECLASSIFY(p, n) ((void)0)
#endif

/* Hides x's value from the optimiser, so it cannot rewrite a loop's exit
   test in terms of a secret (gcc turns `i < n` into `ctr32 != start + n`). */
#if defined(__GNUC__)
#define FC__OPAQUE(x) __asm__("" : "+r"(x))
#else
#define FC__OPAQUE(x) ((void)0)
#endif

/* 128-bit big-endian counter + n (mod 2^128), portable. */
static inline void fc__ctr128_add(uint8_t ctr[16], uint64_t n) {
  for (int i = 15; i >= 0 && n != 0; i--) {
    n += ctr[i];
    ctr[i] = (uint8_t)n;
    n >>= 8;
  }
}

#ifdef __cplusplus
}
#endif
#endif /* FC_INTERNAL_H */
