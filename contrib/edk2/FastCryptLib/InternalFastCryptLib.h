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

/*
 * The identifier and length octets at Der[0..Avail): a one-octet tag (a
 * high tag number, 0x1F in the low bits, is refused) and a definite length
 * in short or long form (leading zero octets accepted, as OpenSSL's
 * ASN1_get_object accepts them). TRUE when the contents fit in Avail, with
 * *Tag, *HeaderSize (identifier and length octets) and *Length (contents).
 * Der may be NULL only when Avail is 0. (X509.c; the PKCS#7 files use it too.)
 */
BOOLEAN
FcEdk2DerHeader (
  CONST UINT8  *Der,
  UINTN        Avail,
  UINT8        *Tag,
  UINTN        *HeaderSize,
  UINTN        *Length
  );

#endif
