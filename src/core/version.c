/* fc_version: the header's version string, as this archive was built. */
#include "core/fc_internal.h"

const char *fc_version(void) { return FC_VERSION_STRING; }
