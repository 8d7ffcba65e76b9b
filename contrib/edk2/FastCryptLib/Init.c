/*
 * Kernel selection and the helpers every file of the instance uses.
 */
#include "InternalFastCryptLib.h"

#if defined (MDE_CPU_IA32) || defined (__i386__)
  #include <Library/BaseLib.h>
#endif

/* 0 until the first FcEdk2Init: in .bss, so no initialiser runs. */
STATIC BOOLEAN  mFcEdk2Ready;

VOID
FcEdk2Init (
  VOID
  )
{
  UINT64  Allowed;

  if (mFcEdk2Ready) {
    return;
  }

  Allowed = ~(UINT64)0;
 #if defined (MDE_CPU_IA32) || defined (__i386__)
  //
  // UEFI guarantees SSE at boot-services time on X64 (and FP/ASIMD on
  // AARCH64) but not on IA32: use SSE-class kernels only where the firmware
  // has set CR4.OSFXSR and CR4.OSXMMEXCPT. (AVX-class features also need
  // XCR0, which fastcrypt's probe checks itself.)
  //
  if ((AsmReadCr4 () & (BIT9 | BIT10)) != (BIT9 | BIT10)) {
    Allowed = 0;
  }

 #endif
  (VOID)FastCryptLibInitFeatures (Allowed);
}

BOOLEAN
EFIAPI
FastCryptLibInitFeatures (
  IN UINT64  Allowed
  )
{
  mFcEdk2Ready = TRUE;
  return (BOOLEAN)(fc_init_features (Allowed) == FC_OK);
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
