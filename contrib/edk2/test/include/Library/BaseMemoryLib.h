/* Test-only stand-in for EDK2's BaseMemoryLib: CopyMem (overlapping
   buffers allowed, as EDK2 documents it) and ZeroMem. */
#ifndef FC_EDK2_TEST_BASE_MEMORY_LIB_H
#define FC_EDK2_TEST_BASE_MEMORY_LIB_H

#include <Base.h>

VOID *EFIAPI CopyMem(VOID *DestinationBuffer, CONST VOID *SourceBuffer, UINTN Length);
VOID *EFIAPI ZeroMem(VOID *Buffer, UINTN Length);

#endif
