/*
 * Kernel selection and the helpers every file of the instance uses.
 */
#include "InternalFastCryptLib.h"

#if defined (MDE_CPU_IA32) || defined (MDE_CPU_X64) || defined (__i386__) || defined (__x86_64__)
  #define FC_EDK2_X86  1
  #include <Library/BaseLib.h>
#endif

/* FALSE until the first FcEdk2Init: in .bss, so no initialiser runs. */
STATIC BOOLEAN  mFcEdk2Ready;
STATIC BOOLEAN  mFcEdk2LayoutOk;

/*
 * Whether this file and libfastcrypt agree on the layout of fastcrypt.h's
 * structures. They differ when one was built with -malign-double (EDK2's
 * IA32 flags) and the other without: fc_hash_ctx's 64-bit count then sits
 * at another offset. fc_hash_init writes known values; read back here.
 */
STATIC
BOOLEAN
FcEdk2LayoutMatches (
  VOID
  )
{
  fc_hash_ctx  Ctx;
  BOOLEAN      Same;
  UINTN        Index;

  for (Index = 0; Index < sizeof (Ctx); Index++) {
    ((UINT8 *)&Ctx)[Index] = 0xA5;
  }

  Same = (BOOLEAN)((fc_hash_init (&Ctx, FC_SHA256) == FC_OK) && (Ctx.alg == FC_SHA256) &&
                   (Ctx.buf_len == 0) && (Ctx.total == 0) && (Ctx.u.sha2.h.w32[0] == 0x6a09e667u) &&
                   (Ctx.u.sha2.h.w32[7] == 0x5be0cd19u));
  FcEdk2Wipe (&Ctx, sizeof (Ctx));
  return Same;
}

BOOLEAN
FcEdk2Init (
  VOID
  )
{
  UINT64  Allowed;

  if (mFcEdk2Ready) {
    return mFcEdk2LayoutOk;
  }

  Allowed = ~(UINT64)0;
 #if defined (FC_EDK2_X86)
  //
  // UEFI guarantees SSE at boot-services time on X64 (and FP/ASIMD on
  // AARCH64), but not on IA32 nor in the PEI phase: use SSE-class kernels
  // only where the firmware has set CR4.OSFXSR and CR4.OSXMMEXCPT. (AVX-class
  // features also need XCR0, which fastcrypt's probe checks itself.)
  //
  if ((AsmReadCr4 () & (BIT9 | BIT10)) != (BIT9 | BIT10)) {
    Allowed = 0;
  }

 #endif
  (VOID)FastCryptLibInitFeatures (Allowed);
  return mFcEdk2LayoutOk;
}

BOOLEAN
EFIAPI
FastCryptLibInitFeatures (
  IN UINT64  Allowed
  )
{
  BOOLEAN  Ok;

  mFcEdk2Ready    = TRUE;
  Ok              = (BOOLEAN)(fc_init_features (Allowed) == FC_OK);
  mFcEdk2LayoutOk = FcEdk2LayoutMatches ();
  return (BOOLEAN)(Ok && mFcEdk2LayoutOk);
}

VOID
FcEdk2Wipe (
  VOID   *Buffer,
  UINTN  Size
  )
{
  volatile UINT8  *Byte;

  for (Byte = (volatile UINT8 *)Buffer; Size > 0; Size--) {
    *Byte++ = 0;
  }
}

fc_hash_alg
FcEdk2HashBySize (
  UINTN  DigestSize
  )
{
  switch (DigestSize) {
    case SHA1_DIGEST_SIZE:
      return FC_SHA1;
    case SHA256_DIGEST_SIZE:
      return FC_SHA256;
    case SHA384_DIGEST_SIZE:
      return FC_SHA384;
    case SHA512_DIGEST_SIZE:
      return FC_SHA512;
    default:
      return (fc_hash_alg)0;
  }
}
