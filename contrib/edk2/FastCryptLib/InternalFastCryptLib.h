/*
 * fastcrypt's BaseCryptLib instance: what its source files share.
 *
 * Every entry point has EDK2's EFIAPI convention (ms_abi on GCC X64) and
 * calls libfastcrypt, which keeps the platform's own convention; the
 * compiler converts at each call. Contexts the instance hands out hold
 * fastcrypt structures, which record kernel pointers: they stay valid for
 * the life of the image, not across SetVirtualAddressMap (README.md).
 */
#ifndef FAST_CRYPT_LIB_INTERNAL_H_
#define FAST_CRYPT_LIB_INTERNAL_H_

#include <Base.h>
#include <Library/BaseCryptLib.h>
#include <Library/BaseMemoryLib.h>
#include <Library/MemoryAllocationLib.h>
#include <Library/FastCryptLib.h>

#include "fastcrypt.h"

/*
 * Selects fastcrypt's kernels on the first call of any entry point that
 * needs them, once: every feature the CPU probe reports, minus SSE-class
 * ones on IA32 when CR4 says the firmware has not enabled SSE. A platform
 * that called FastCryptLibInitFeatures first keeps its choice, and pins
 * made with fc_impl_select after the first call stay (the instance never
 * re-initialises).
 * Returns FALSE, and every entry point fails, if libfastcrypt was built
 * with another struct layout than this instance (-malign-double on one side
 * only: README.md, "Build flags").
 */
BOOLEAN
FcEdk2Init (
  VOID
  );

/* Zeroes Size bytes at Buffer through a volatile pointer (never elided). */
VOID
FcEdk2Wipe (
  VOID   *Buffer,
  UINTN  Size
  );

/* The hash whose digest is DigestSize bytes (20, 32, 48, 64); 0 for any other size. */
fc_hash_alg
FcEdk2HashBySize (
  UINTN  DigestSize
  );

#endif
