/*
 * Test-only implementations of the EDK2 library calls the fastcrypt
 * instance makes (MemoryAllocationLib, BaseMemoryLib, BaseLib's
 * AsmReadCr4), on the C library, with EFIAPI as the build defines it.
 * FreePool records whether each buffer it frees is all zero, so the tests
 * can check that *Free wipes before freeing.
 */
#include <stdlib.h>
#include <string.h>

#include <Base.h>
#include <Library/BaseLib.h>
#include <Library/BaseMemoryLib.h>
#include <Library/MemoryAllocationLib.h>

#include "StandIn.h"

/* Sizes of the live allocations, for FreePool's check (at most 64 live). */
static struct {
  VOID *p;
  UINTN n;
} live[64];

unsigned FcEdk2TestAllocs, FcEdk2TestFrees, FcEdk2TestFreedNonZero;
UINTN FcEdk2TestCr4 = BIT9 | BIT10;

VOID *EFIAPI AllocateZeroPool(UINTN AllocationSize) {
  for (size_t i = 0; i < sizeof(live) / sizeof(live[0]); i++) {
    if (live[i].p == NULL) {
      live[i].p = calloc(1, AllocationSize ? AllocationSize : 1);
      live[i].n = AllocationSize;
      if (live[i].p != NULL) FcEdk2TestAllocs++;
      return live[i].p;
    }
  }
  return NULL;
}

/* The instance never relies on AllocatePool's content: zeroed here too. */
VOID *EFIAPI AllocatePool(UINTN AllocationSize) { return AllocateZeroPool(AllocationSize); }

VOID EFIAPI FreePool(VOID *Buffer) {
  for (size_t i = 0; i < sizeof(live) / sizeof(live[0]); i++) {
    if (live[i].p == Buffer && Buffer != NULL) {
      const UINT8 *b = (const UINT8 *)Buffer;
      for (UINTN j = 0; j < live[i].n; j++) {
        if (b[j] != 0) {
          FcEdk2TestFreedNonZero++;
          break;
        }
      }
      FcEdk2TestFrees++;
      free(Buffer);
      live[i].p = NULL;
      return;
    }
  }
  abort(); /* freeing what AllocateZeroPool did not hand out */
}

VOID *EFIAPI CopyMem(VOID *DestinationBuffer, CONST VOID *SourceBuffer, UINTN Length) {
  return memmove(DestinationBuffer, SourceBuffer, Length);
}

VOID *EFIAPI ZeroMem(VOID *Buffer, UINTN Length) { return memset(Buffer, 0, Length); }

UINTN EFIAPI AsmReadCr4(VOID) { return FcEdk2TestCr4; }
