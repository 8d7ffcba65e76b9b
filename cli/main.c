/*
 * fastcrypt: the library from the command line. `fastcrypt help` lists the
 * subcommands; docs/cli.md describes them.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

const char *fct_prog = "fastcrypt";

static const struct {
  const char *name;
  fc_hash_alg alg;
} sums[] = {
    {"sha1sum", FC_SHA1},           {"sha224sum", FC_SHA224},
    {"sha256sum", FC_SHA256},       {"sha384sum", FC_SHA384},
    {"sha512sum", FC_SHA512},       {"sha3-224sum", FC_SHA3_224},
    {"sha3-256sum", FC_SHA3_256},   {"sha3-384sum", FC_SHA3_384},
    {"sha3-512sum", FC_SHA3_512},
};

static void usage(FILE *f) {
  fprintf(f,
          "Usage: fastcrypt COMMAND [OPTION]... [ARG]...\n"
          "\n"
          "Commands:\n"
          "  sha1sum, sha224sum, sha256sum, sha384sum, sha512sum [OPTION]... [FILE]...\n"
          "  sha3-224sum, sha3-256sum, sha3-384sum, sha3-512sum [OPTION]... [FILE]...\n"
          "      print or check digests, as coreutils' sha*sum commands\n"
          "  verify --key KEY --sig SIG [--hash ALG] [--pss [--salt N|auto]] [--e 65537|3] FILE\n"
          "      verify an RSA or ECDSA signature (exit 0 valid, 1 invalid, 2 error)\n"
          "  verify --alg ml-dsa-44|ml-dsa-65|ml-dsa-87 --key KEY --sig SIG [--ctx HEX] FILE\n"
          "      verify an ML-DSA signature (the same exit statuses)\n"
          "  verify --alg hss|xmss|xmssmt|slh-dsa-SET --key KEY --sig SIG [--ctx HEX] FILE\n"
          "      verify an HSS/LMS, XMSS or SLH-DSA signature (the same exit statuses)\n"
          "  gcm-encrypt --key-file F --iv HEX [--aad FILE] IN OUT\n"
          "      AES-GCM: write OUT = ciphertext || 16-byte tag\n"
          "  gcm-decrypt --key-file F --iv HEX [--aad FILE] IN OUT\n"
          "      AES-GCM: check IN's last 16 bytes as the tag; OUT only if it verifies\n"
          "  x509 [--issuer ISSUER] CERT\n"
          "      print a certificate; check its signature by ISSUER's key\n"
          "  pkcs7-verify --ca CERT [--ca CERT]... [--content FILE] P7\n"
          "      verify a PKCS#7 / CMS SignedData (exit 0 valid, 1 invalid, 2 error)\n"
          "  authenticode [--ca CERT]... IMAGE\n"
          "      image hash and Authenticode signatures of an EFI binary\n"
          "  kernels [--json]\n"
          "      every kernel per op, whether this CPU runs it, the active one\n"
          "  version, help\n"
          "\n"
          "`fastcrypt COMMAND --help` describes a command.\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return FCT_EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
    usage(stdout);
    return FCT_EXIT_OK;
  }
  if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
    printf("fastcrypt %s\n", fc_version());
    return FCT_EXIT_OK;
  }
  /* A bad FASTCRYPT_CPU / FASTCRYPT_IMPL leaves the automatic choice (or
     the other pins) in place: say so and go on. */
  fc_err rc = fc_init();
  if (rc == FC_ERR_ENV)
    fct_error(cmd, "warning: FASTCRYPT_CPU or FASTCRYPT_IMPL could not be parsed; ignored");
  else if (rc == FC_ERR_UNSUPPORTED)
    fct_error(cmd, "warning: FASTCRYPT_IMPL names a kernel not built or not usable here; not pinned");
  else if (rc != FC_OK) {
    fct_error(cmd, "library initialisation failed (%d)", (int)rc);
    return FCT_EXIT_USAGE;
  }
  for (size_t i = 0; i < sizeof(sums) / sizeof(sums[0]); i++)
    if (strcmp(cmd, sums[i].name) == 0) return fct_sum_main(sums[i].alg, argc - 1, argv + 1);
  if (strcmp(cmd, "verify") == 0) return fct_verify_main(argc - 1, argv + 1);
  if (strcmp(cmd, "gcm-encrypt") == 0) return fct_gcm_main(0, argc - 1, argv + 1);
  if (strcmp(cmd, "gcm-decrypt") == 0) return fct_gcm_main(1, argc - 1, argv + 1);
  if (strcmp(cmd, "kernels") == 0) return fct_kernels_main(argc - 1, argv + 1);
  if (strcmp(cmd, "x509") == 0) return fct_x509_main(argc - 1, argv + 1);
  if (strcmp(cmd, "pkcs7-verify") == 0) return fct_pkcs7_main(argc - 1, argv + 1);
  if (strcmp(cmd, "authenticode") == 0) return fct_authenticode_main(argc - 1, argv + 1);
  fprintf(stderr, "fastcrypt: unknown command '%s'\n", cmd);
  usage(stderr);
  return FCT_EXIT_USAGE;
}
