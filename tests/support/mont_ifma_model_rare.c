/*
 * A second instance of the portable avx512ifma model (mont_ifma_model.c)
 * for the set-up division's rare paths (src/bn/mont_ifma_body.h, pow2_52):
 * every digit one too large (capped at 2^52 - 1), so the add-back of N runs
 * in nearly every row, and the scalar ripple after every row's carry pass.
 * Its results must equal the model's. Built into the test binaries only.
 */
#define IFMA_TEST_QHAT_BIAS 1
#define IFMA_TEST_RIPPLE 1
#define FC_IFMA_MODEL_HOOK(x) fc__ifma_model_rare_##x
#define FC_IFMA_MODEL_DESC fc__mont_ifma_model_rare
#define FC_IFMA_MODEL_NAME "ifma-model-rare"
#include "mont_ifma_model.c"
