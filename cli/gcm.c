#include "cli.h"

int fct_gcm_main(int decrypt, int argc, char **argv) { (void)decrypt;
  (void)argc;
  fct_error(argv[0], "not implemented");
  return FCT_EXIT_USAGE;
}
