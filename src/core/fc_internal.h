/*
 * The core's internal contract: what every family and kernel may use (the
 * kernel head, the dispatcher's table of each op, wiping and stack burns,
 * workspace and alignment helpers). It knows no family: each family's
 * internal header (bn/bn_internal.h, hash/hash_internal.h, ...) includes
 * this one. No intrinsics headers here: baseline-ISA code includes it.
 * Every non-static symbol is fc_ (public) or fc__ (internal).
 */
#ifndef FC_INTERNAL_H
#define FC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "fastcrypt/core.h"
#include "core/vwipe.h" /* FC__VWIPE: macros only, per the includer's ISA flags */

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

/* Every kernel descriptor starts with this head: tests, the bench and the
   environment address kernels by name. needs = FC_CPU_* bits, exactly what
   the kernel file's ISA flags allow. */
typedef struct fc__kernel_head {
  const char *name;
  uint64_t needs;
} fc__kernel_head;


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
/* The dispatcher and the families' kernel tables                       */
/* ------------------------------------------------------------------ */

/* A kernel the automatic choice passes over when the features hold any of
   the avoid bits (fc_impl_info.avoid): measured slower there than the next
   usable kernel of its op. */
typedef struct fc__avoid {
  const fc__kernel_head *k;
  uint64_t avoid;
} fc__avoid;

/* Size classes an op may have (FC_OP_MONT has FC_MONT_CLASSES). */
#define FC__MAX_CLASSES 4

/*
 * One op's kernels as its family hands them to the dispatcher (GMP's
 * cpuvec, simdjson's implementation list); src/families.c lists one per
 * fc_op.
 *   list, count:  this build's kernels, best first (count 0: compiled out).
 *   avoided:      fc__avoid pairs ended by a NULL kernel, or NULL.
 *   classes:      size classes (0: the op has no sizes), class_max[c] the
 *                 largest size of class c (the last covers every size),
 *                 default_bits the size fc_impl_active reports.
 *   calibrate:    NULL, or times usable[0 .. count) (static order) and
 *                 writes each class's pick to choice[0 .. classes) (NULL:
 *                 the static order); FC_ERR_UNSUPPORTED when it cannot
 *                 (no clock, no kernel passed its check). Runs inside
 *                 fc_init (FASTCRYPT_CALIBRATE=1): it must not call fc_init.
 */
typedef struct fc__op_kernels {
  const fc__kernel_head *const *list;
  size_t count;
  const fc__avoid *avoided;
  unsigned classes;
  const uint32_t *class_max;
  uint32_t default_bits;
  fc_err (*calibrate)(const fc__kernel_head *const *usable, size_t count,
                      const fc__kernel_head **choice);
} fc__op_kernels;

/* Every op's table, indexed by fc_op (src/families.c). */
extern const fc__op_kernels *const fc__op_tables[FC_OP_COUNT];
/* Every kernel name the project has for each op, on any architecture and
   build, NULL-terminated (src/families.c): a name there but not in the
   op's list is "not built" (FC_ERR_UNSUPPORTED). Apart from the tables, so
   a link that never looks a kernel up by name (firmware) keeps no name. */
extern const char *const *const fc__op_known[FC_OP_COUNT];

/* The kernel op runs now, after fc_init; NULL when the op has none built. */
const fc__kernel_head *fc__active(fc_op op);
/* The kernel a computation of `bits` bits takes now: a pin, else the
   calibrated kernel of its size class, else the static choice. */
const fc__kernel_head *fc__active_for_bits(fc_op op, uint32_t bits);
/* Size class of `bits` for op: 0 .. classes - 1 (0 for an op without sizes). */
unsigned fc__class_of(fc_op op, uint32_t bits);
/* Usable kernels of op in list order; no fc_init, so callable inside it. */
size_t fc__usable(fc_op op, const fc__kernel_head **out, size_t max);
/* Publish op's calibrated kernels per class (NULL: that class keeps the
   static order). */
void fc__set_calibration(fc_op op, const fc__kernel_head *const *choice);
/* The kernel the automatic choice takes for op under features feat (hosted
   builds; for tests). */
const char *fc__auto_choice_name(fc_op op, uint64_t feat);

/* ------------------------------------------------------------------ */
/* Strict DER reading (core/der_read.c), for every family's parsers         */
/* ------------------------------------------------------------------ */

typedef struct {
  const uint8_t *p;
  size_t len;
} fc__span;
/* One TLV with tag `tag` from *in (minimal definite length, at most 16
   MiB): 1 and *val = its content, *in advanced past it; 0 otherwise. */
int fc__der_tlv(fc__span *in, uint8_t tag, fc__span *val);
/* A positive minimal INTEGER: 1 and *val = its content (a 00 sign byte
   kept); 0 otherwise. */
int fc__der_integer(fc__span *in, fc__span *val);
/* A SubjectPublicKeyInfo (strict DER, nothing after it) whose algorithm is
   2.16.840.1.101.3.4.3.<arc> (NIST's signature arc: ML-DSA, SLH-DSA) with
   parameters absent and the key in a BIT STRING with no unused bits: 1,
   *arc and *key (the BIT STRING's octets after the unused-bits byte); 0
   otherwise. */
int fc__der_spki_nist_sig(const uint8_t *der, size_t len, uint8_t *arc, fc__span *key);
/* A big-endian number without its leading zero bytes (public data). */
static inline void fc__be_strip(const uint8_t **p, size_t *len) {
  while (*len != 0 && (*p)[0] == 0) {
    (*p)++;
    (*len)--;
  }
}

/* Probe: FC_CPU_* bits present and OS-enabled. Built for the baseline ISA. */
uint64_t fc__cpu_probe(void);
/* The selected features (fc_cpu_features) without calling fc_init: for
   code that runs inside fc_init too (a calibration's key set-ups). */
uint64_t fc__features(void);
/* CPU name for fc_cpu_name (may be slow). */
fc_err fc__cpu_name(char *buf, size_t len);

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
 *      tests/core/test_wipe.cpp checks on every kernel and build it runs that the
 *      burn reaches the deepest byte the call touched.
 * Vector registers: a kernel entry point that held secrets in vector
 * registers ends with FC__VWIPE() (src/core/vwipe.h), in the form its ISA
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
fc__burn_fn fc__burn_get(void); /* src/core/stack_burn.c */
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
 * most its entry points used in tests/core/test_wipe.cpp, at -O2, -O3 and -Os,
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

#ifdef __cplusplus
}
#endif
#endif /* FC_INTERNAL_H */
