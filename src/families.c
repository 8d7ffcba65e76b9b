/*
 * The one file that knows every family: each fc_op's kernel table, as the
 * family that owns the op defines it. The dispatcher (core/dispatch.c)
 * reads ops only through this array. A new family adds its ops to fc_op
 * (include/fastcrypt/core.h) and its tables here (docs/architecture.md).
 */
#include "aes/aes_kernel.h"
#include "bn/bn_internal.h"
#include "ec/ec_internal.h"
#include "hash/hash_internal.h"
#include "mldsa/mldsa_internal.h"

/* A family compiled out (FC_WITH_<FAMILY>=OFF) lends its ops this empty
   table, so a firmware link keeps none of the family's tables. */
#if !defined(FC_HAVE_SHA) || !defined(FC_HAVE_AES) || !defined(FC_HAVE_EC) || \
    !defined(FC_HAVE_MLDSA) || !defined(FC_HAVE_HASHSIG)
static const fc__op_kernels none = {NULL, 0, NULL, 0, NULL, 0, NULL};
#endif
#if defined(FC_HAVE_SHA)
#define HASH_OP(t) &t
#else
#define HASH_OP(t) &none
#endif
#if defined(FC_HAVE_AES)
#define AES_OP(t) &t
#else
#define AES_OP(t) &none
#endif
#if defined(FC_HAVE_EC)
#define EC_OP(t) &t
#else
#define EC_OP(t) &none
#endif
/* Many SHA-256 streams serve only the hash-based signatures. */
#if defined(FC_HAVE_HASHSIG)
#define HASHSIG_OP(t) &t
#else
#define HASHSIG_OP(t) &none
#endif
#if defined(FC_HAVE_MLDSA)
#define MLDSA_OP(t) &t
#else
#define MLDSA_OP(t) &none
#endif

const fc__op_kernels *const fc__op_tables[FC_OP_COUNT] = {
    [FC_OP_MONT] = &fc__mont_op,
    [FC_OP_SHA1] = HASH_OP(fc__sha1_op),
    [FC_OP_SHA256] = HASH_OP(fc__sha256_op),
    [FC_OP_SHA512] = HASH_OP(fc__sha512_op),
    [FC_OP_AES] = AES_OP(fc__aes_op),
    [FC_OP_GHASH] = AES_OP(fc__ghash_op),
    [FC_OP_KECCAK] = HASH_OP(fc__keccak_op),
    [FC_OP_KECCAK_X] = HASH_OP(fc__keccak_x_op),
    [FC_OP_EC] = EC_OP(fc__ec_op),
    [FC_OP_MLDSA] = MLDSA_OP(fc__mldsa_op),
    [FC_OP_SHA256_X] = HASHSIG_OP(fc__sha256_x_op),
};

/* Each family's kernel names (its table file). */
extern const char *const fc__mont_names[];
extern const char *const fc__sha1_names[];
extern const char *const fc__sha256_names[];
extern const char *const fc__sha512_names[];
extern const char *const fc__aes_names[];
extern const char *const fc__ghash_names[];
extern const char *const fc__keccak_names[];
extern const char *const fc__keccak_x_names[];
extern const char *const fc__ec_names[];
extern const char *const fc__mldsa_names[];
extern const char *const fc__sha256_x_names[];
const char *const *const fc__op_known[FC_OP_COUNT] = {
    [FC_OP_MONT] = fc__mont_names,     [FC_OP_SHA1] = fc__sha1_names,
    [FC_OP_SHA256] = fc__sha256_names, [FC_OP_SHA512] = fc__sha512_names,
    [FC_OP_AES] = fc__aes_names,       [FC_OP_GHASH] = fc__ghash_names,
    [FC_OP_KECCAK] = fc__keccak_names, [FC_OP_KECCAK_X] = fc__keccak_x_names,
    [FC_OP_EC] = fc__ec_names,         [FC_OP_MLDSA] = fc__mldsa_names,
    [FC_OP_SHA256_X] = fc__sha256_x_names,
};
