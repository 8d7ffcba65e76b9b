/* fc__wipe: zeroing memory that held secrets (core/fc_internal.h). */
#include "core/fc_internal.h"

/* memset, then an empty asm that takes p and clobbers memory: the compiler
   must assume the zeroed bytes are read, so the memset is not a dead store
   it may drop (BoringSSL's OPENSSL_cleanse does the same). Byte stores
   through a volatile pointer took 57 times as long for 1,600 bytes on the
   Zen 5 EPYC of docs/performance.md. */
void fc__wipe(void *p, size_t len) {
  if (len == 0) return;
  memset(p, 0, len);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}
