/*
 * fastcrypt core: version, error codes, initialisation, the kernel
 * dispatcher (listing, pinning, calibration) and CPU features. Every
 * family header includes it.
 */
#ifndef FASTCRYPT_CORE_H
#define FASTCRYPT_CORE_H

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
   state and for many can differ on one CPU. FC_OP_EC: the field and point
   arithmetic of ECDSA P-256 and P-384 verification. FC_OP_MLDSA: ML-DSA's
   polynomial arithmetic mod q (NTT, products, UseHint). FC_OP_SHA256_X:
   many independent SHA-256 compressions at once (the hash-based
   signatures' one-block hashes); last, so the values before it stay. */
typedef enum { FC_OP_MONT, FC_OP_SHA1, FC_OP_SHA256, FC_OP_SHA512,
               FC_OP_AES, FC_OP_GHASH, FC_OP_KECCAK, FC_OP_KECCAK_X, FC_OP_EC,
               FC_OP_MLDSA, FC_OP_SHA256_X, FC_OP_COUNT } fc_op;

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

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_CORE_H */
