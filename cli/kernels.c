#include "cli.h"

int fct_kernels_main(int argc, char **argv) {
  (void)argc;
  fct_error(argv[0], "not implemented");
  return FCT_EXIT_USAGE;
}
