/* Test-only stand-in for EDK2's MemoryAllocationLib: the calls the
   fastcrypt instance makes (contrib/edk2/test/StandIn.c implements them
   on the C library and counts them). */
#ifndef FC_EDK2_TEST_MEMORY_ALLOCATION_LIB_H
#define FC_EDK2_TEST_MEMORY_ALLOCATION_LIB_H

#include <Base.h>

VOID *EFIAPI AllocatePool(UINTN AllocationSize);
VOID *EFIAPI AllocateZeroPool(UINTN AllocationSize);
VOID EFIAPI FreePool(VOID *Buffer);

#endif
