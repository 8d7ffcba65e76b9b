/* Feature probe for targets with no kernels beyond portable C. */
#include "core/fc_internal.h"

uint64_t fc__cpu_probe(void) { return 0; }

fc_err fc__cpu_name(char *buf, size_t len) {
  (void)len;
  buf[0] = '\0';
  return FC_ERR_UNSUPPORTED;
}
