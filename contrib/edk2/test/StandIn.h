/* Counters and settings of the test-only EDK2 stand-in (StandIn.c). */
#ifndef FC_EDK2_TEST_STAND_IN_H
#define FC_EDK2_TEST_STAND_IN_H

#include <Base.h>

#ifdef __cplusplus
extern "C" {
#endif

extern unsigned FcEdk2TestAllocs, FcEdk2TestFrees;
/* Buffers FreePool found not all zero. */
extern unsigned FcEdk2TestFreedNonZero;
/* What AsmReadCr4 returns (default: OSFXSR and OSXMMEXCPT set). */
extern UINTN FcEdk2TestCr4;

/* contrib/edk2/FastCryptLib/MemMove.c, built under this name for the tests. */
void *FcEdk2TestMemMove(void *Dest, const void *Src, size_t Count);

/* The one call the instance adds (contrib/edk2/Include/Library/FastCryptLib.h). */
BOOLEAN EFIAPI FastCryptLibInitFeatures(UINT64 Allowed);

#ifdef __cplusplus
}
#endif
#endif
