/*
 * The hash family's tables for the dispatcher: FC_OP_SHA1, FC_OP_SHA256,
 * FC_OP_SHA512, FC_OP_KECCAK, FC_OP_KECCAK_X and FC_OP_SHA256_X. Baseline ISA. Hardware
 * instructions first, then AVX-512VL, AVX2, then scalar; the order follows
 * measurement (docs/kernels.md "The order and why"). FC_WITH_SHA=OFF
 * leaves every list empty (the hash API returns FC_ERR_UNSUPPORTED).
 */
#include "hash/hash_internal.h"

const char *const fc__sha1_names[] = {"shani_msg", "shani", "armv8", "scalar", NULL};
const char *const fc__sha256_names[] = {"shani", "avx2", "armv8", "scalar", NULL};
const char *const fc__sha512_names[] = {"avx512", "avx2", "armv8", "scalar", NULL};
const char *const fc__keccak_names[] = {"avx512", "armv8", "scalar", NULL};
const char *const fc__keccak_x_names[] = {"avx512", "avx2", "scalar", NULL};
const char *const fc__sha256_x_names[] = {"avx512", "shani", "avx2", "armv8", "neon", "single", NULL};

#if defined(FC_HAVE_SHA)
static const fc__kernel_head *const sha1_list[] = {
#if defined(FC_HAVE_SHANI)
    &fc__sha1_shani_msg.h, /* avoided on Intel (sha1_avoided) */
    &fc__sha1_shani.h,
#endif
#if defined(FC_HAVE_SHA_ARMV8)
    &fc__sha1_armv8.h,
#endif
    &fc__sha1_scalar.h};
static const fc__kernel_head *const sha256_list[] = {
#if defined(FC_HAVE_SHANI)
    &fc__sha256_shani.h,
#endif
#if defined(FC_HAVE_SHA_AVX2)
    &fc__sha256_avx2.h,
#endif
#if defined(FC_HAVE_SHA_ARMV8)
    &fc__sha256_armv8.h,
#endif
    &fc__sha256_scalar.h};
static const fc__kernel_head *const sha512_list[] = {
#if defined(FC_HAVE_SHA_AVX2)
    &fc__sha512_avx512.h, &fc__sha512_avx2.h,
#endif
#if defined(FC_HAVE_SHA512_ARMV8)
    &fc__sha512_armv8.h,
#endif
    &fc__sha512_scalar.h};
/* Keccak: AVX-512 (planes in zmm registers) or the ARMv8.2 SHA3
   instructions, then scalar; many states: AVX-512's eight lanes, AVX2's
   four, then scalar one state after another. */
static const fc__kernel_head *const keccak_list[] = {
#if defined(FC_HAVE_KECCAK_AVX512)
    &fc__keccak_avx512.h,
#endif
#if defined(FC_HAVE_KECCAK_ARMV8)
    &fc__keccak_armv8.h,
#endif
    &fc__keccak_scalar.h};
static const fc__kernel_head *const keccak_x_list[] = {
#if defined(FC_HAVE_KECCAK_AVX512)
    &fc__keccak_x_avx512.h,
#endif
#if defined(FC_HAVE_KECCAK_AVX2)
    &fc__keccak_x_avx2.h,
#endif
    &fc__keccak_x_scalar.h};
/* Many SHA-256 states: AVX-512's sixteen lanes, SHA-NI on two interleaved
   streams (faster than AVX2's eight lanes wherever both exist and were
   measured: docs/kernels.md), AVX2's eight, the ARMv8 SHA-256
   instructions one stream at a time (fewer instructions than a NEON lane),
   NEON's four, then one stream after another on the FC_OP_SHA256 kernel
   ("single"). */
static const fc__kernel_head *const sha256_x_list[] = {
#if defined(FC_HAVE_SHA256_X_AVX512)
    &fc__sha256_x_avx512.h,
#endif
#if defined(FC_HAVE_SHA256_X_SHANI)
    &fc__sha256_x_shani.h,
#endif
#if defined(FC_HAVE_SHA256_X_AVX2)
    &fc__sha256_x_avx2.h,
#endif
#if defined(FC_HAVE_SHA_ARMV8)
    &fc__sha256_x_armv8.h,
#endif
#if defined(FC_HAVE_SHA256_X_NEON)
    &fc__sha256_x_neon.h,
#endif
    &fc__sha256_x_single.h};
#define LIST(l) l, sizeof(l) / sizeof(l[0])
#else
#define LIST(l) NULL, 0
#endif

#if defined(FC_HAVE_SHA) && defined(FC_HAVE_SHANI)
/* SHA1MSG2 in every group: the SHA unit's bound on an Emerald Rapids Xeon
   (src/x86/sha1_shani.c), the faster schedule on the Zen 5 EPYC. */
static const fc__avoid sha1_avoided[] = {{&fc__sha1_shani_msg.h, FC_CPU_INTEL}, {NULL, 0}};
#define SHA1_AVOIDED sha1_avoided
#else
#define SHA1_AVOIDED NULL
#endif

const fc__op_kernels fc__sha1_op = {LIST(sha1_list), SHA1_AVOIDED, 0, NULL, 0, NULL};
const fc__op_kernels fc__sha256_op = {LIST(sha256_list), NULL, 0, NULL, 0, NULL};
const fc__op_kernels fc__sha512_op = {LIST(sha512_list), NULL, 0, NULL, 0, NULL};
const fc__op_kernels fc__keccak_op = {LIST(keccak_list), NULL, 0, NULL, 0, NULL};
const fc__op_kernels fc__keccak_x_op = {
    LIST(keccak_x_list), NULL, 0, NULL, 0, NULL};
const fc__op_kernels fc__sha256_x_op = {LIST(sha256_x_list), NULL, 0, NULL, 0, NULL};
