/*
 * The aes family's tables for the dispatcher: FC_OP_AES and FC_OP_GHASH.
 * Baseline ISA. The order follows measurement (docs/kernels.md "The order
 * and why"). Built also with FC_WITH_AES=OFF (a verification-only firmware
 * build): the lists are then empty and the names still known, so a pin of
 * an AES kernel is "not built" rather than unknown.
 */
#include "aes/aes_kernel.h"

const char *const fc__aes_names[] = {"vaes", "vaes256", "aesni", "armv8", "neon", "ct", NULL};
const char *const fc__ghash_names[] = {"vpclmul", "pclmul", "pmull", "ct", NULL};

#if defined(FC_HAVE_AES)
static const fc__kernel_head *const aes_list[] = {
#if defined(FC_HAVE_VAES)
    &fc__aes_vaes.h,
#endif
#if defined(FC_HAVE_VAES256)
    &fc__aes_vaes256.h,
#endif
#if defined(FC_HAVE_AESNI)
    &fc__aes_aesni.h,
#endif
#if defined(FC_HAVE_ARMV8_AES)
    &fc__aes_armv8.h,
#endif
#if defined(FC_HAVE_AES_NEON)
    &fc__aes_neon.h,
#endif
    &fc__aes_ct.h,
};
static const fc__kernel_head *const ghash_list[] = {
#if defined(FC_HAVE_VPCLMUL)
    &fc__ghash_vpclmul.h,
#endif
#if defined(FC_HAVE_PCLMUL)
    &fc__ghash_pclmul.h,
#endif
#if defined(FC_HAVE_PMULL)
    &fc__ghash_pmull.h,
#endif
    &fc__ghash_ct.h,
};
#define LIST(l) l, sizeof(l) / sizeof(l[0])
#else
#define LIST(l) NULL, 0
#endif

const fc__op_kernels fc__aes_op = {LIST(aes_list), NULL, 0, NULL, 0, NULL};
const fc__op_kernels fc__ghash_op = {LIST(ghash_list), NULL, 0, NULL, 0, NULL};
