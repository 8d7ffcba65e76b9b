/*
 * memmove for libfastcrypt, which calls it (besides memcpy, memset and
 * memcmp, which CryptoPkg's IntrinsicLib provides). Weak, so a platform
 * whose intrinsic library has its own keeps that one. Built only into EDK2
 * images (FastCryptLib.inf), where no C library exists.
 */
#include "InternalFastCryptLib.h"

__attribute__ ((weak))
void *
memmove (
  void           *Dest,
  const void     *Src,
  __SIZE_TYPE__  Count
  )
{
  return CopyMem (Dest, Src, (UINTN)Count);
}
