/* Test-only stand-in for EDK2's BaseLib: AsmReadCr4, which the instance
   reads on IA32 to learn whether the firmware has enabled SSE. The tests
   set the value it returns (FcEdk2TestCr4 in StandIn.c). */
#ifndef FC_EDK2_TEST_BASE_LIB_H
#define FC_EDK2_TEST_BASE_LIB_H

#include <Base.h>

UINTN EFIAPI AsmReadCr4(VOID);

#endif
