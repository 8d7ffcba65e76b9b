/*
 * Sha1*, Sha256*, Sha384*, Sha512*: GetContextSize, Init, Duplicate,
 * Update, Final, HashAll; ParallelHash256HashAll.
 *
 * A context is a caller-allocated blob of GetContextSize () bytes holding
 * an fc_hash_ctx (8-byte alignment, as AllocatePool gives); it records the
 * hash kernel active at Init. Duplicate is a plain copy. Final wipes the
 * context: Update or Final after it return FALSE until the next Init.
 * Data may be NULL only when its size is 0.
 */
#include "InternalFastCryptLib.h"

STATIC
BOOLEAN
HashInit (
  VOID         *Context,
  fc_hash_alg  Alg
  )
{
  if (Context == NULL) {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    FcEdk2Wipe (Context, sizeof (fc_hash_ctx));  // unusable, as after a failed fc_hash_init
    return FALSE;
  }

  return (BOOLEAN)(fc_hash_init ((fc_hash_ctx *)Context, Alg) == FC_OK);
}

STATIC
BOOLEAN
HashDuplicate (
  CONST VOID  *Context,
  VOID        *NewContext
  )
{
  if ((Context == NULL) || (NewContext == NULL)) {
    return FALSE;
  }

  CopyMem (NewContext, Context, sizeof (fc_hash_ctx));
  return TRUE;
}

STATIC
BOOLEAN
HashUpdate (
  VOID        *Context,
  CONST VOID  *Data,
  UINTN       DataSize
  )
{
  if ((Context == NULL) || ((Data == NULL) && (DataSize != 0))) {
    return FALSE;
  }

  return (BOOLEAN)(fc_hash_update ((fc_hash_ctx *)Context, Data, DataSize) == FC_OK);
}

STATIC
BOOLEAN
HashFinal (
  VOID   *Context,
  UINT8  *HashValue
  )
{
  if ((Context == NULL) || (HashValue == NULL)) {
    return FALSE;
  }

  return (BOOLEAN)(fc_hash_final ((fc_hash_ctx *)Context, HashValue) == FC_OK);
}

STATIC
BOOLEAN
HashAll (
  fc_hash_alg  Alg,
  CONST VOID   *Data,
  UINTN        DataSize,
  UINT8        *HashValue
  )
{
  if ((HashValue == NULL) || ((Data == NULL) && (DataSize != 0))) {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    return FALSE;
  }

  return (BOOLEAN)(fc_hash (Alg, Data, DataSize, HashValue) == FC_OK);
}

//
// The six entry points of one algorithm.
//
#define FC_EDK2_HASH(Name, Alg)                                                        \
  UINTN EFIAPI Name##GetContextSize (VOID) { return sizeof (fc_hash_ctx); }           \
  BOOLEAN EFIAPI Name##Init (OUT VOID *Ctx) { return HashInit (Ctx, Alg); }            \
  BOOLEAN EFIAPI Name##Duplicate (IN CONST VOID *Ctx, OUT VOID *NewCtx)                \
  { return HashDuplicate (Ctx, NewCtx); }                                              \
  BOOLEAN EFIAPI Name##Update (IN OUT VOID *Ctx, IN CONST VOID *Data, IN UINTN Size)   \
  { return HashUpdate (Ctx, Data, Size); }                                             \
  BOOLEAN EFIAPI Name##Final (IN OUT VOID *Ctx, OUT UINT8 *HashValue)                  \
  { return HashFinal (Ctx, HashValue); }                                               \
  BOOLEAN EFIAPI Name##HashAll (IN CONST VOID *Data, IN UINTN Size, OUT UINT8 *HashValue) \
  { return HashAll (Alg, Data, Size, HashValue); }

#ifndef DISABLE_SHA1_DEPRECATED_INTERFACES
FC_EDK2_HASH (Sha1, FC_SHA1)
#endif
FC_EDK2_HASH (Sha256, FC_SHA256)
FC_EDK2_HASH (Sha384, FC_SHA384)
FC_EDK2_HASH (Sha512, FC_SHA512)

/*
 * ParallelHash256 (SP 800-185 section 6.3), as BaseCryptLib.h documents it,
 * on fc_parallelhash256: no heap and no application processors, the leaves
 * on the many-state Keccak kernel. FALSE for InputByteLen, BlockSize or
 * OutputByteLen 0, Input or Output NULL, or Customization NULL with
 * CustomByteLen > 0 (the checks of EDK2's own instance). Each leaf value
 * is 512 bits, as the standard defines; EDK2's OpenSSL-based instance
 * makes it OutputByteLen bytes, which agrees only at OutputByteLen = 64
 * (the length its unit test and the NIST samples use; README.md).
 */
BOOLEAN
EFIAPI
ParallelHash256HashAll (
  IN CONST VOID   *Input,
  IN       UINTN  InputByteLen,
  IN       UINTN  BlockSize,
  OUT      VOID   *Output,
  IN       UINTN  OutputByteLen,
  IN CONST VOID   *Customization,
  IN       UINTN  CustomByteLen
  )
{
  if ((InputByteLen == 0) || (OutputByteLen == 0) || (BlockSize == 0) || (Input == NULL) ||
      (Output == NULL) || ((Customization == NULL) && (CustomByteLen != 0)))
  {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    return FALSE;
  }

  return (BOOLEAN)(fc_parallelhash256 (Input, InputByteLen, BlockSize, Customization,
                                       CustomByteLen, Output, OutputByteLen) == FC_OK);
}
