/** @file
  Test-only UEFI application for tools/build-ovmf-secureboot.sh. It hands
  FMP capsule images (EFI_FIRMWARE_IMAGE_AUTHENTICATION with a PKCS#7
  signature, then the payload) to SecurityPkg's FmpAuthenticationLibPkcs7,
  which checks them with Pkcs7Verify on the BaseCryptLib instance it is
  linked with. The images come from FcCapsuleVectors.h, which the script
  makes with EDK2's own FmpAuthHeader class and the openssl command
  EDK2's capsule tools run, signed by EDK2's test key (TestCert, issued by
  TestSub, issued by TestRoot):
  - valid: trusted TestRoot (OVMF's default PcdPkcs7CertBuffer);
  - payload: one payload byte changed;
  - count: the monotonic count changed (it is signed with the payload);
  - otherroot: trusted a certificate that issued none of the chain.
  Prints "FcCapsule: <case>: <status>" for each.
**/
#include <Uefi.h>
#include <Library/UefiLib.h>
#include <Library/BaseMemoryLib.h>
#include <Library/MemoryAllocationLib.h>
#include <Library/FmpAuthenticationLib.h>

#include "FcCapsuleVectors.h"

/* AuthenticateFmpImage on a copy of Image, with Image[Change] xored with 1
   (Change beyond the image: unchanged). */
STATIC
VOID
Try (
  IN CONST CHAR16  *Case,
  IN CONST UINT8   *Trusted,
  IN UINTN         TrustedSize,
  IN UINTN         Change
  )
{
  UINT8          *Copy;
  RETURN_STATUS  Status;

  Copy = AllocateCopyPool (sizeof (mFcCapsuleImage), mFcCapsuleImage);
  if (Copy == NULL) {
    Print (L"FcCapsule: %s: no memory\n", Case);
    return;
  }

  if (Change < sizeof (mFcCapsuleImage)) {
    Copy[Change] ^= 1;
  }

  Status = AuthenticateFmpImage ((EFI_FIRMWARE_IMAGE_AUTHENTICATION *)Copy, sizeof (mFcCapsuleImage), Trusted, TrustedSize);
  Print (L"FcCapsule: %s: %r\n", Case, Status);
  FreePool (Copy);
}

EFI_STATUS
EFIAPI
FcCapsuleMain (
  IN EFI_HANDLE        ImageHandle,
  IN EFI_SYSTEM_TABLE  *SystemTable
  )
{
  Try (L"valid", mFcCapsuleRoot, sizeof (mFcCapsuleRoot), MAX_UINTN);
  Try (L"payload", mFcCapsuleRoot, sizeof (mFcCapsuleRoot), sizeof (mFcCapsuleImage) - 1);
  Try (L"count", mFcCapsuleRoot, sizeof (mFcCapsuleRoot), 0);
  Try (L"otherroot", mFcCapsuleOtherRoot, sizeof (mFcCapsuleOtherRoot), MAX_UINTN);
  return EFI_SUCCESS;
}
