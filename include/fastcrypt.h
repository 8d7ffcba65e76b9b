/*
 * fastcrypt: fast, heap-free signature verification for firmware and systems code.
 *
 * The whole public contract lives in this header. Every function is safe to
 * call before fc_init(): each entry point initialises the library implicitly.
 * The library never allocates, never prints and never aborts.
 */
#ifndef FASTCRYPT_H
#define FASTCRYPT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Version of this header (docs/versioning.md: while the major version is 0,
 * a minor bump marks any change of a public struct's size or layout or of
 * an enum value; a patch bump changes neither). The build takes its
 * version from these lines: CMake's project version, the package config
 * file and fastcrypt.pc agree with them.
 */
#define FC_VERSION_MAJOR 0
#define FC_VERSION_MINOR 2
#define FC_VERSION_PATCH 0
#define FC_VERSION_STRING "0.2.0"

/* FC_VERSION_STRING of the header the archive was built with: compare it
   with the one the caller was compiled with to detect a mismatched pair. */
const char *fc_version(void);

typedef enum {
  FC_OK = 0,
  FC_ERR_ARG = -1,          /* NULL pointer, bad length, unknown enum value */
  FC_ERR_KEY = -2,          /* unusable key: even or too small/large modulus, bad exponent */
  FC_ERR_DER = -3,          /* malformed or non-canonical DER */
  FC_ERR_SIG = -4,          /* signature does not verify (padding, digest, length or range) */
  FC_ERR_UNSUPPORTED = -5,  /* algorithm or kernel not built, or not runnable on this CPU */
  FC_ERR_ENV = -6,          /* FASTCRYPT_IMPL or FASTCRYPT_CPU could not be parsed */
  FC_ERR_AUTH = -7          /* AES-GCM tag mismatch, bad CBC PKCS#7 padding */
} fc_err;

/* ------------------------------------------------------------------ */
/* Initialisation and CPU dispatch                                     */
/* ------------------------------------------------------------------ */

/*
 * Probe the CPU once, read FASTCRYPT_CPU / FASTCRYPT_IMPL once, and fill the
 * kernel table. Idempotent and thread-safe (a thread that finds another
 * probing waits for it). Every later call returns the same code, one of:
 *   FC_OK               no override, or every override applied;
 *   FC_ERR_ENV          a variable could not be parsed (bad syntax, unknown
 *                       feature, op or kernel name): nothing of that
 *                       variable applies, the other one still does;
 *   FC_ERR_UNSUPPORTED  FASTCRYPT_IMPL names a kernel this build lacks
 *                       (another architecture's, or compiled out) or this
 *                       CPU cannot run: that pin is not applied, the
 *                       others are.
 * The kernel table is complete whatever the code.
 * Freestanding builds (FC_FREESTANDING) read no environment and select
 * portable kernels only: SIMD kernels need fc_init_features
 * (docs/firmware.md "Freestanding builds").
 */
fc_err fc_init(void);

/*
 * Firmware entry: initialise with the probed features restricted to `allowed`
 * (a mask of FC_CPU_* bits; 0 leaves only portable kernels). Environment
 * variables are not read. May be called again to change the mask; doing so
 * clears pins and re-selects every op. Not safe concurrently with other calls.
 * In freestanding builds this is the only way to SIMD kernels: pass the
 * features whose register state the firmware has enabled.
 */
fc_err fc_init_features(uint64_t allowed);

/* FC_OP_KECCAK: Keccak-f[1600] over one state (SHA-3, SHAKE, the outer
   sponge of ParallelHash); FC_OP_KECCAK_X: over several independent states
   at once (ParallelHash's leaves). Two ops, because the best kernel for one
   state and for many can differ on one CPU. */
typedef enum { FC_OP_MONT, FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512,
               FC_OP_AES, FC_OP_GHASH, FC_OP_KECCAK, FC_OP_KECCAK_X, FC_OP_COUNT } fc_op;

typedef struct { const char *name; uint64_t needs; int usable; uint64_t avoid; } fc_impl_info;

/* Kernels built for op, best first; fills min(count, max) entries of out
   (out may be NULL when max is 0) and returns the count. usable = the CPU
   (after FASTCRYPT_CPU masking) has every feature in needs. avoid: the
   automatic choice passes over a usable kernel when the features hold any
   of these bits (a kernel measured slower on that vendor's CPUs, such as
   SHA-1 `shani_msg` on Intel); pinning and tests still run it. The
   automatic choice is the first usable kernel not avoided. */
size_t fc_impls(fc_op op, fc_impl_info *out, size_t max);

/* Pin a kernel by name; NULL returns op to the automatic choice.
   FC_ERR_ARG: bad op or a name no fastcrypt kernel of op has.
   FC_ERR_UNSUPPORTED: a kernel of op that is not built (another
   architecture's, or compiled out), or built but not runnable on this CPU
   (after masking). On error the active kernel is unchanged. */
fc_err fc_impl_select(fc_op op, const char *name);

/* Name of the kernel serving op now; NULL for a bad op or an op with no kernel built. */
const char *fc_impl_active(fc_op op);

/* FC_CPU_* bits: present AND enabled by the OS, after FASTCRYPT_CPU masking
   (whose "+intel" may add the vendor bit FC_CPU_INTEL, which enables no
   instruction, on any CPU). */
uint64_t fc_cpu_features(void);

/* Features as probed, before any masking. */
uint64_t fc_cpu_features_probed(void);

/* Human-readable CPU name (vendor, brand string) into buf, NUL-terminated.
   Costs a full CPU identification (about 1 ms in a VM); never called by fc_init. */
fc_err fc_cpu_name(char *buf, size_t len);

/* x86 (bits 0..31) */
#define FC_CPU_SSE2        (1ull << 0)
#define FC_CPU_SSSE3       (1ull << 1)
#define FC_CPU_SSE41       (1ull << 2)
#define FC_CPU_AVX         (1ull << 3)   /* CPUID and XCR0 bits 1-2 */
#define FC_CPU_AVX2        (1ull << 4)
#define FC_CPU_BMI2        (1ull << 5)
#define FC_CPU_ADX         (1ull << 6)
#define FC_CPU_AESNI       (1ull << 7)
#define FC_CPU_PCLMUL      (1ull << 8)
#define FC_CPU_SHANI       (1ull << 9)
#define FC_CPU_AVX512F     (1ull << 10)  /* CPUID and XCR0 bits 5-7 */
#define FC_CPU_AVX512VL    (1ull << 11)
#define FC_CPU_AVX512BW    (1ull << 12)
#define FC_CPU_AVX512IFMA  (1ull << 13)
#define FC_CPU_VAES        (1ull << 14)
#define FC_CPU_VPCLMUL     (1ull << 15)
#define FC_CPU_INTEL       (1ull << 31)  /* CPUID vendor "GenuineIntel": orders kernels (fc_impl_info.avoid), enables none */
/* AArch64 (bits 32..63) */
#define FC_CPU_NEON        (1ull << 32)  /* Advanced SIMD (ASIMD) */
#define FC_CPU_ARM_AES     (1ull << 33)
#define FC_CPU_ARM_PMULL   (1ull << 34)
#define FC_CPU_ARM_SHA1    (1ull << 35)
#define FC_CPU_ARM_SHA2    (1ull << 36)  /* SHA-256 */
#define FC_CPU_ARM_SHA512  (1ull << 37)
#define FC_CPU_ARM_SHA3    (1ull << 38)  /* EOR3, RAX1, XAR, BCAX (FEAT_SHA3) */

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
/* Run-time calibration of the kernel choice                           */
/* ------------------------------------------------------------------ */

/* FC_OP_MONT size classes: moduli up to 1536, up to 3072, up to 8192 bits. */
#define FC_MONT_CLASSES 3

/*
 * Time every usable kernel of op on this CPU and pin the fastest per size
 * class. For FC_OP_MONT: each kernel first passes a built-in known-answer
 * check (one that fails is never picked), then runs e = 3 exponentiations
 * at 1024, 2048 and 4096 bits, several short rounds each; the pick is the
 * lowest median, except that a kernel earlier in the static order within 3%
 * of it wins (so the result is stable when kernels tie). About 1 ms on the
 * development machine. Contexts initialised afterwards record the kernel of
 * their size class; existing ones keep theirs. A pin (fc_impl_select with a
 * name, FASTCRYPT_IMPL) still wins; fc_impl_select(op, NULL) returns to the
 * calibrated choice; fc_init_features clears the calibration.
 * FASTCRYPT_CALIBRATE=1 makes fc_init calibrate FC_OP_MONT (=0: not; other
 * values: FC_ERR_ENV). Stack: about 12 KiB (one context, its workspace).
 * Not safe concurrently with fc_impl_select or another fc_calibrate.
 * Returns FC_OK; FC_ERR_ARG for a bad op; FC_ERR_UNSUPPORTED for an op
 * without calibration (every op but FC_OP_MONT for now) and in
 * FC_FREESTANDING builds (no clock).
 */
fc_err fc_calibrate(fc_op op);

/* Name of the kernel a context with a modulus of `bits` bits would record
   now (FC_OP_MONT; other ops: fc_impl_active). NULL for a bad op. */
const char *fc_impl_active_for_bits(fc_op op, uint32_t bits);

typedef struct {
  uint32_t max_bits;  /* largest modulus of the class (0: the op has no sizes) */
  const char *name;   /* kernel serving the class now */
  int calibrated;     /* 1 when the choice came from fc_calibrate */
} fc_impl_class;

/* The choice per size class, smallest first; fills min(count, max) entries
   of out (may be NULL when max is 0) and returns the count (FC_MONT_CLASSES
   for FC_OP_MONT, 1 for other ops, 0 for a bad op). */
size_t fc_impl_classes(fc_op op, fc_impl_class *out, size_t max);

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

/* ------------------------------------------------------------------ */
/* RSA public-key operations                                           */
/* ------------------------------------------------------------------ */

/* FC_SHA512_224 and FC_SHA512_256: SHA-512/t (FIPS 180-4 section 5.3.6).
   FC_SHA3_*: FIPS 202 section 6.1 (PKCS#1 v1.5 DigestInfo OIDs
   2.16.840.1.101.3.4.2.7 to .10). */
typedef enum { FC_SHA1 = 1, FC_SHA224, FC_SHA256, FC_SHA384, FC_SHA512,
               FC_SHA512_224, FC_SHA512_256,
               FC_SHA3_224, FC_SHA3_256, FC_SHA3_384, FC_SHA3_512 } fc_hash_alg;

#define FC_RSA_MIN_BITS 512
#define FC_RSA_MAX_BITS 8192
#define FC_RSA_MAX_BYTES (FC_RSA_MAX_BITS / 8)

struct fc_rsa_pubkey {
  fc_mont_ctx mont;        /* n and its Montgomery constants */
  uint32_t nbytes;         /* modulus length in bytes (signature length) */
  uint32_t e_len;          /* exponent length in bytes, no leading zeros */
  uint8_t e[FC_RSA_MAX_BYTES]; /* public exponent, big-endian */
  int32_t hash;            /* fc_hash_alg from a .vbpubk, 0 when unknown */
};
typedef struct fc_rsa_pubkey fc_rsa_pubkey;

/* n, e big-endian, leading zeros allowed. Rejects (FC_ERR_KEY) an even
   modulus, one under 512 or over 8192 bits, e < 3, e even, e >= n.
   FC_ERR_UNSUPPORTED: e is not 2^k + 1 (k >= 1) in a build with
   FC_WITH_ANY_EXPONENT=OFF (fc_modpow / fc_modpow_ws likewise).
   Every key initialiser (this one, _from_der, _from_vboot) clears *key on
   failure, so a key that failed to (re)initialise is never usable: every
   later call with it returns FC_ERR_ARG, whatever it held before. */
fc_err fc_rsa_pubkey_init(fc_rsa_pubkey *key, const uint8_t *n, size_t n_len,
                          const uint8_t *e, size_t e_len);

/* PKCS#1 RSAPublicKey or X.509 SubjectPublicKeyInfo (rsaEncryption, NULL
   parameters), strict DER. Malformed: FC_ERR_DER; bad numbers: FC_ERR_KEY. */
fc_err fc_rsa_pubkey_from_der(fc_rsa_pubkey *key, const uint8_t *der, size_t der_len);

/* vboot .keyb (e = 3 or 65537 given) or .vbpubk (pass e = 0: e and hash come
   from its algorithm field). n0inv and rr are checked against n: a mismatch
   is FC_ERR_KEY. Formats are told apart by length. */
fc_err fc_rsa_pubkey_from_vboot(fc_rsa_pubkey *key, const uint8_t *buf, size_t len, uint32_t e);

/* Optional, for long-lived keys: precomputes per-key constants some
   Montgomery kernels use to verify faster (avx512ifma: e = 2^k + 1 such as
   65537 or 3, up to 4160 bits; the cost is about one verification). No key
   initialiser does this by itself, and it is never needed: without it
   verification gives the same results through the exponentiation path.
   Returns FC_OK, also on kernels and sizes with nothing to prepare (the key
   is then unchanged); FC_ERR_ARG for NULL or a key that is not initialised.
   It writes the key: call it once, after initialising and before sharing
   the key between threads (verifying with a shared key only reads it), and
   not on a const or ROM key. Re-initialising the key drops the constants. */
fc_err fc_rsa_pubkey_prepare(fc_rsa_pubkey *key);

/* PKCS#1 v1.5 (RSASSA-PKCS1-v1_5) verification of a digest. FC_OK only if
   valid; FC_ERR_SIG for any mismatch, and for a hash other than the one a
   key carries (key->hash, set from a .vbpubk: vboot binds the hash to the
   key, so metadata cannot downgrade it); FC_ERR_ARG for NULL, a key that is
   not initialised, or a digest length that does not match hash. The decrypted block is never parsed: the whole
   expected encoding is built and compared. */
fc_err fc_rsa_verify(const fc_rsa_pubkey *key, fc_hash_alg hash,
                     const uint8_t *digest, size_t digest_len,
                     const uint8_t *sig, size_t sig_len);

/* Workspace for fc_rsa_verify_ws with a modulus of `bits` bits, any exponent. */
#define FC_RSA_VERIFY_WORKSPACE_BYTES(bits) \
  (FC_MODPOW_WORKSPACE_BYTES(bits) + 4 * (((bits) + 31) / 32) + 16)

/* fc_rsa_verify with caller-provided workspace (no large stack frame). */
fc_err fc_rsa_verify_ws(const fc_rsa_pubkey *key, fc_hash_alg hash,
                        const uint8_t *digest, size_t digest_len,
                        const uint8_t *sig, size_t sig_len,
                        void *ws, size_t ws_len);

/* Raw in^e mod n; in_len and out = modulus byte length; in >= n rejected
   (FC_ERR_SIG). out may alias in. */
fc_err fc_rsa_public(const fc_rsa_pubkey *key, const uint8_t *in, size_t in_len,
                     uint8_t *out);

/* Digest length of a hash, 0 for an unknown value. */
size_t fc_hash_len(fc_hash_alg hash);

/* ------------------------------------------------------------------ */
/* Hashing, HMAC, HKDF, PBKDF2, RSA-PSS and hash-then-verify           */
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

/*
 * RSASSA-PSS verification of a digest (RFC 8017 section 8.1.2 with
 * EMSA-PSS-VERIFY, section 9.1.2), MGF1 (appendix B.2.1) over mgf1_hash.
 * salt_len: the expected salt length, or FC_PSS_SALT_AUTO to accept any
 * salt length (recovered from the position of the 0x01 separator).
 * FC_OK only if valid; FC_ERR_SIG for any mismatch (including a key from a
 * .vbpubk whose hash is not `hash`); FC_ERR_ARG for NULL, unknown hashes,
 * a digest length that is not fc_hash_len(hash), or a salt_len that cannot
 * fit the modulus (emLen < hLen + salt_len + 2).
 */
#define FC_PSS_SALT_AUTO ((size_t)-1)
fc_err fc_rsa_verify_pss(const fc_rsa_pubkey *key, fc_hash_alg hash, fc_hash_alg mgf1_hash,
                         size_t salt_len, const uint8_t *digest, size_t digest_len,
                         const uint8_t *sig, size_t sig_len);

/* Workspace for fc_rsa_verify_pss_ws with a modulus of `bits` bits, any
   exponent (EM is decoded in the exponentiation's space once it is free). */
#define FC_RSA_VERIFY_PSS_WORKSPACE_BYTES(bits) FC_RSA_VERIFY_WORKSPACE_BYTES(bits)

/* fc_rsa_verify_pss with caller-provided workspace (no large stack frame). */
fc_err fc_rsa_verify_pss_ws(const fc_rsa_pubkey *key, fc_hash_alg hash, fc_hash_alg mgf1_hash,
                            size_t salt_len, const uint8_t *digest, size_t digest_len,
                            const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

/*
 * RSASSA-PSS with SHAKE128 or SHAKE256 as both the hash and the mask
 * generation function (RFC 8702 section 3.1: id-RSASSA-PSS-SHAKE128 and
 * -SHAKE256). digest is the message's SHAKE output of 32 bytes (SHAKE128)
 * or 64 (SHAKE256); H' and the mask are the same SHAKE's output. RFC 8702
 * fixes the salt at 32 or 64 bytes: pass that, or FC_PSS_SALT_AUTO.
 * Return codes as fc_rsa_verify_pss (FC_ERR_ARG for another shake value or
 * digest length; a .vbpubk key, which names a SHA hash, gives FC_ERR_SIG).
 */
fc_err fc_rsa_verify_pss_shake(const fc_rsa_pubkey *key, fc_xof_alg shake, size_t salt_len,
                               const uint8_t *digest, size_t digest_len,
                               const uint8_t *sig, size_t sig_len);
/* The same with caller-provided workspace (FC_RSA_VERIFY_PSS_WORKSPACE_BYTES). */
fc_err fc_rsa_verify_pss_shake_ws(const fc_rsa_pubkey *key, fc_xof_alg shake, size_t salt_len,
                                  const uint8_t *digest, size_t digest_len,
                                  const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

/* Hash msg with `hash`, then fc_rsa_verify (PKCS#1 v1.5). msg may be NULL
   when len is 0. */
fc_err fc_rsa_verify_msg(const fc_rsa_pubkey *key, fc_hash_alg hash,
                         const void *msg, size_t len, const uint8_t *sig, size_t sig_len);

/* ------------------------------------------------------------------ */
/* Firmware: exact workspace (docs/firmware.md "Workspace")            */
/* ------------------------------------------------------------------ */

/*
 * Bytes fc_rsa_verify_ws needs for this key: what its modulus size, its
 * exponent (e = 2^k + 1, k >= 1, takes one value slot, others two) and the Montgomery
 * kernel recorded at its init ask for, at any alignment of the workspace.
 * With fewer bytes fc_rsa_verify_ws returns FC_ERR_ARG and writes nothing;
 * with more, a long exponent may use them for a wider window. At most
 * FC_RSA_VERIFY_WORKSPACE_BYTES(bits). 0 for NULL or an uninitialised key.
 * (scalar32, 8192 bits, e = 65537: 3,087 bytes.)
 */
size_t fc_rsa_workspace_size(const fc_rsa_pubkey *key);

/* ------------------------------------------------------------------ */
/* AES (FIPS 197): ECB, CBC (PKCS#7 helpers), CTR (SP 800-38A), GCM    */
/* (SP 800-38D). Constant time on every kernel: no branch or memory    */
/* index depends on the key, the plaintext or the keystream.           */
/* ------------------------------------------------------------------ */

/* Bytes reserved for the round keys in any AES kernel's layout (the
   bitsliced `ct` kernel needs 8 words per round: 15 * 64 = 960). */
#define FC_AES_KDATA_BYTES 1024
/* Bytes reserved for the GCM hash key H = E(K, 0^128) and its powers in
   any GHASH kernel's layout (pclmul: 16 powers with Karatsuba halves, 384
   bytes; vpclmul: 32 powers, 512). */
#define FC_AES_HDATA_BYTES 512

/*
 * An expanded AES key. Callers allocate it (about 1.6 KiB, no alignment
 * needed); only fc_aes_init fills it. It records the FC_OP_AES and
 * FC_OP_GHASH kernels active at init and uses them for its whole life.
 * A failed init leaves it zeroed: every later call with it returns
 * FC_ERR_ARG. fc_aes_clear wipes it (same state). It holds secrets: wipe it.
 */
struct fc_aes_key {
  const void *aes;     /* AES kernel chosen at init (internal); NULL: unusable */
  const void *ghash;   /* GHASH kernel chosen at init (internal) */
  uint32_t rounds;     /* 10, 12 or 14; 0: unusable */
  uint32_t key_len;    /* 16, 24 or 32 */
  uint64_t kdata[FC_AES_KDATA_BYTES / 8]; /* round keys, the AES kernel's layout */
  uint64_t hdata[FC_AES_HDATA_BYTES / 8]; /* GCM hash key, the GHASH kernel's layout */
};
typedef struct fc_aes_key fc_aes_key;

fc_err fc_aes_init(fc_aes_key *key, const uint8_t *k, size_t k_len);   /* 16, 24 or 32 bytes */
void   fc_aes_clear(fc_aes_key *key);                                  /* wipes the schedule */

/*
 * Every mode: in == out (in place) works; other overlaps are not allowed,
 * nor may iv or ctr overlap in or out (FC_ERR_ARG). in/out may be NULL
 * only when len is 0. On an error nothing is written (out, iv and ctr
 * untouched; the one exception is bad padding below, which zeroes out).
 * ECB/CBC: len a multiple of 16, else FC_ERR_ARG; iv is updated for chaining.
 * Every call that handles the key, its schedule or text leaves no copy of
 * them, nor of a value derived from them, on the stack or in registers
 * when it returns (docs/wiping.md "Wiping secrets"); the caller's own buffers
 * (key, in, out) are the caller's to wipe.
 */
fc_err fc_aes_ecb_encrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_ecb_decrypt(const fc_aes_key *key, const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_cbc_encrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_cbc_decrypt(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len);

/* 128-bit big-endian counter (SP 800-38A), wrapping at 2^128; any len;
   ctr is updated past the last block used (a partial last block counts). */
fc_err fc_aes_ctr(const fc_aes_key *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t len);

/*
 * CBC with PKCS#7 padding. Encrypt: out receives in_len / 16 * 16 + 16
 * bytes (*out_len), out_cap must hold them (FC_ERR_ARG otherwise, nothing
 * written); in == out allowed (the buffer then needs the room). Decrypt:
 * len a nonzero multiple of 16; *out_len = the unpadded length. Bad padding
 * gives FC_ERR_AUTH, with out's len bytes zeroed, *out_len = 0 and iv as
 * it was; the padding is checked in constant time (no branch on its bytes).
 */
fc_err fc_aes_cbc_encrypt_pad(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                              size_t in_len, uint8_t *out, size_t out_cap, size_t *out_len);
fc_err fc_aes_cbc_decrypt_unpad(const fc_aes_key *key, uint8_t iv[16], const uint8_t *in,
                                uint8_t *out, size_t len, size_t *out_len);

/*
 * GCM, one shot. Any iv_len >= 1 (12 is the fast, recommended case);
 * tag_len 4..16; len at most 2^36 - 32 bytes. Decrypt: a wrong tag gives
 * FC_ERR_AUTH, out is zeroed; the tag is compared in constant time.
 * Overlaps (FC_ERR_ARG, nothing written): iv may not overlap in or out;
 * aad and tag may not overlap out (out is written before they are all
 * read); an encryption tag, an output, may not overlap in, aad or iv
 * either. Inputs may share bytes (iv inside aad, a decryption tag inside
 * the buffer that holds aad and in): those calls give the result of apart
 * copies.
 */
fc_err fc_aes_gcm_encrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len,
                          uint8_t *tag, size_t tag_len);
fc_err fc_aes_gcm_decrypt(const fc_aes_key *key, const uint8_t *iv, size_t iv_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out, size_t len,
                          const uint8_t *tag, size_t tag_len);

/*
 * GCM, streaming: init, any number of aad calls, then any number of
 * encrypt_update (or decrypt_update: one direction per message), then the
 * matching final. Pieces may have any length. The key must outlive the
 * context and stay unchanged. final wipes the context; so does any error
 * other than FC_ERR_ARG from a bad argument (the context is then unusable).
 * init copies what it needs of the IV before it returns, so the IV's
 * buffer may later be in or out (in and out are not known at init; the
 * one-shot calls refuse that overlap). aad may be any buffer; in and out
 * are equal or apart; decrypt_final's tag may be anywhere, out having
 * been written by earlier calls.
 * Streaming decryption hands out plaintext before the tag is checked: keep
 * it unused until decrypt_final returns FC_OK.
 */
struct fc_aes_gcm_ctx {
  const fc_aes_key *key;
  uint8_t ctr[16];     /* counter block of the next keystream block */
  uint8_t ek0[16];     /* E(K, J0), the tag mask; or J0, where the tag step encrypts it */
  uint8_t y[16];       /* GHASH accumulator */
  uint8_t buf[16];     /* partial block: AAD, or ciphertext of the current block */
  uint8_t ks[16];      /* keystream of the current partial block */
  uint64_t aad_len;    /* bytes so far */
  uint64_t msg_len;    /* bytes so far */
  uint32_t state;      /* 0 unusable, 1 AAD, 2 encrypting, 3 decrypting */
  uint32_t used;       /* bytes in buf */
};
typedef struct fc_aes_gcm_ctx fc_aes_gcm_ctx;

fc_err fc_aes_gcm_init(fc_aes_gcm_ctx *ctx, const fc_aes_key *key, const uint8_t *iv, size_t iv_len);
fc_err fc_aes_gcm_aad(fc_aes_gcm_ctx *ctx, const uint8_t *aad, size_t len);
fc_err fc_aes_gcm_encrypt_update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_gcm_decrypt_update(fc_aes_gcm_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);
fc_err fc_aes_gcm_encrypt_final(fc_aes_gcm_ctx *ctx, uint8_t *tag, size_t tag_len);
fc_err fc_aes_gcm_decrypt_final(fc_aes_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len);
void   fc_aes_gcm_clear(fc_aes_gcm_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_H */
