/*
 * HmacSha256* and HmacSha384*: New, Free, SetKey, Duplicate, Update,
 * Final, All.
 *
 * New allocates a zeroed fc_hmac_ctx from the pool (the only allocation
 * besides RsaNew's); Update or Final before SetKey return FALSE. SetKey may
 * be called again to start over with another key; a SetKey that fails
 * leaves the context unusable until the next successful one. Final wipes the keyed
 * state (a new SetKey is needed); Free wipes the context, then frees it.
 * The key drives no branch and no memory index, and fastcrypt leaves no
 * copy of it on the stack or in registers (docs/wiping.md).
 */
#include "InternalFastCryptLib.h"

STATIC
VOID *
HmacNew (
  VOID
  )
{
  return AllocateZeroPool (sizeof (fc_hmac_ctx));
}

STATIC
VOID
HmacFree (
  VOID  *Context
  )
{
  if (Context != NULL) {
    FcEdk2Wipe (Context, sizeof (fc_hmac_ctx));
    FreePool (Context);
  }
}

STATIC
BOOLEAN
HmacSetKey (
  VOID         *Context,
  fc_hash_alg  Alg,
  CONST UINT8  *Key,
  UINTN        KeySize
  )
{
  if (Context == NULL) {
    return FALSE;
  }

  //
  // A failure leaves the context unusable (zeroed), not keyed as before.
  //
  if (((Key == NULL) && (KeySize != 0)) || !FcEdk2Init ()) {
    FcEdk2Wipe (Context, sizeof (fc_hmac_ctx));
    return FALSE;
  }

  return (BOOLEAN)(fc_hmac_init ((fc_hmac_ctx *)Context, Alg, Key, KeySize) == FC_OK);
}

STATIC
BOOLEAN
HmacDuplicate (
  CONST VOID  *Context,
  VOID        *NewContext
  )
{
  if ((Context == NULL) || (NewContext == NULL)) {
    return FALSE;
  }

  CopyMem (NewContext, Context, sizeof (fc_hmac_ctx));
  return TRUE;
}

STATIC
BOOLEAN
HmacUpdate (
  VOID        *Context,
  CONST VOID  *Data,
  UINTN       DataSize
  )
{
  if ((Context == NULL) || ((Data == NULL) && (DataSize != 0))) {
    return FALSE;
  }

  return (BOOLEAN)(fc_hmac_update ((fc_hmac_ctx *)Context, Data, DataSize) == FC_OK);
}

STATIC
BOOLEAN
HmacFinal (
  VOID   *Context,
  UINT8  *HmacValue
  )
{
  if ((Context == NULL) || (HmacValue == NULL)) {
    return FALSE;
  }

  return (BOOLEAN)(fc_hmac_final ((fc_hmac_ctx *)Context, HmacValue) == FC_OK);
}

STATIC
BOOLEAN
HmacAll (
  fc_hash_alg  Alg,
  CONST VOID   *Data,
  UINTN        DataSize,
  CONST UINT8  *Key,
  UINTN        KeySize,
  UINT8        *HmacValue
  )
{
  if ((HmacValue == NULL) || ((Data == NULL) && (DataSize != 0)) ||
      ((Key == NULL) && (KeySize != 0)))
  {
    return FALSE;
  }

  if (!FcEdk2Init ()) {
    return FALSE;
  }

  return (BOOLEAN)(fc_hmac (Alg, Key, KeySize, Data, DataSize, HmacValue) == FC_OK);
}

//
// The seven entry points of one algorithm.
//
#define FC_EDK2_HMAC(Name, Alg)                                                         \
  VOID *EFIAPI Name##New (VOID) { return HmacNew (); }                                  \
  VOID EFIAPI Name##Free (IN VOID *Ctx) { HmacFree (Ctx); }                             \
  BOOLEAN EFIAPI Name##SetKey (OUT VOID *Ctx, IN CONST UINT8 *Key, IN UINTN KeySize)    \
  { return HmacSetKey (Ctx, Alg, Key, KeySize); }                                       \
  BOOLEAN EFIAPI Name##Duplicate (IN CONST VOID *Ctx, OUT VOID *NewCtx)                 \
  { return HmacDuplicate (Ctx, NewCtx); }                                               \
  BOOLEAN EFIAPI Name##Update (IN OUT VOID *Ctx, IN CONST VOID *Data, IN UINTN Size)    \
  { return HmacUpdate (Ctx, Data, Size); }                                              \
  BOOLEAN EFIAPI Name##Final (IN OUT VOID *Ctx, OUT UINT8 *HmacValue)                   \
  { return HmacFinal (Ctx, HmacValue); }                                                \
  BOOLEAN EFIAPI Name##All (IN CONST VOID *Data, IN UINTN Size, IN CONST UINT8 *Key,    \
                            IN UINTN KeySize, OUT UINT8 *HmacValue)                     \
  { return HmacAll (Alg, Data, Size, Key, KeySize, HmacValue); }

FC_EDK2_HMAC (HmacSha256, FC_SHA256)
FC_EDK2_HMAC (HmacSha384, FC_SHA384)
