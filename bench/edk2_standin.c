/*
 * The EDK2 library calls contrib/edk2's instance makes, for fc_bench: the
 * C library's allocator and memmove behind MemoryAllocationLib and
 * BaseMemoryLib, and AsmReadCr4 answering "SSE enabled". Unlike the test
 * stand-in (contrib/edk2/test/StandIn.c) it checks nothing, so the bench
 * times the instance and not the checks.
 */
#include <stdlib.h>
#include <string.h>

#include <Base.h>
#include <Library/BaseLib.h>
#include <Library/BaseMemoryLib.h>
#include <Library/MemoryAllocationLib.h>

VOID *EFIAPI AllocateZeroPool(UINTN AllocationSize) {
  return calloc(1, AllocationSize ? AllocationSize : 1);
}

VOID *EFIAPI AllocatePool(UINTN AllocationSize) { return malloc(AllocationSize ? AllocationSize : 1); }
VOID EFIAPI FreePool(VOID *Buffer) { free(Buffer); }

VOID *EFIAPI ZeroMem(VOID *Buffer, UINTN Length) { return memset(Buffer, 0, Length); }
VOID *EFIAPI CopyMem(VOID *DestinationBuffer, CONST VOID *SourceBuffer, UINTN Length) {
  return memmove(DestinationBuffer, SourceBuffer, Length);
}

UINTN EFIAPI AsmReadCr4(VOID) { return BIT9 | BIT10; }
