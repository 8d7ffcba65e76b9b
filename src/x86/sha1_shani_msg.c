/*
 * SHA-1 with the SHA extensions, every group from 4 on scheduled with
 * SHA1MSG1/SHA1MSG2 (Gulley et al., "Intel SHA Extensions", 2013,
 * "SHA-1 Message Scheduling"); src/x86/sha1_shani_body.h has the rounds.
 * On the Zen 5 EPYC this is the faster SHA-1 kernel, at 64 bytes and at
 * 16 KiB (docs/kernels.md); on an Emerald Rapids Xeon the SHA unit bounds
 * it (src/x86/sha1_shani.c), so the automatic order passes over it on
 * Intel CPUs (FC_CPU_INTEL, sha1_avoided in src/hash/hash_kernels.c).
 * Stack (-fstack-usage): gcc 12 8 bytes on x86-64 (shani: 72), 256 on i686
 * (shani: 352), clang 14 up to 568 at -Os (shani: 552); the figures are
 * shani's, with clang's raised by the rule of FC__STACK.
 */
#define SHA1_LATE_GROUPS()      \
  do {                          \
    SCHED_GRP4(SCHED_MSG, 8);   \
    SCHED_GRP4(SCHED_MSG, 12);  \
    SCHED_GRP4(SCHED_MSG, 16);  \
  } while (0)

#include "sha1_shani_body.h"

const fc__sha_kernel fc__sha1_shani_msg = {
    {"shani_msg", FC_CPU_SHANI | FC_CPU_SSE41 | FC_CPU_SSSE3 | FC_CPU_SSE2}, compress,
    FC__STACK(672, 800, 1344)};
