/* Test stand-in: see vb2_shim.h. */
#include "vb2_shim.h"
