/* Test-only stand-in for EDK2's Uefi/UefiBaseType.h: EFI_TIME (UEFI
   specification, "GetTime"), the one UEFI type BaseCryptLib.h names. */
#ifndef FC_EDK2_TEST_UEFI_BASE_TYPE_H
#define FC_EDK2_TEST_UEFI_BASE_TYPE_H

#include <Base.h>

typedef struct {
  UINT16 Year;
  UINT8 Month;
  UINT8 Day;
  UINT8 Hour;
  UINT8 Minute;
  UINT8 Second;
  UINT8 Pad1;
  UINT32 Nanosecond;
  INT16 TimeZone;
  UINT8 Daylight;
  UINT8 Pad2;
} EFI_TIME;

#endif
