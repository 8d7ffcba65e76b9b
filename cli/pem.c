/* PEM decoding (verify keys). */
#include "cli.h"
