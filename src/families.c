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

const fc__op_kernels *const fc__op_tables[FC_OP_COUNT] = {
    [FC_OP_MONT] = &fc__mont_op,     [FC_OP_SHA1] = &fc__sha1_op,
    [FC_OP_SHA256] = &fc__sha256_op, [FC_OP_SHA512] = &fc__sha512_op,
    [FC_OP_AES] = &fc__aes_op,       [FC_OP_GHASH] = &fc__ghash_op,
    [FC_OP_KECCAK] = &fc__keccak_op, [FC_OP_KECCAK_X] = &fc__keccak_x_op,
    [FC_OP_EC] = &fc__ec_op,
};
