#include "cli.h"

int fct_sum_main(fc_hash_alg alg, int argc, char **argv) { (void)alg;
  (void)argc;
  fct_error(argv[0], "not implemented");
  return FCT_EXIT_USAGE;
}
