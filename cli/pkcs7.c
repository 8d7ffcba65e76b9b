/*
 * fastcrypt pkcs7-verify: verifies a PKCS#7 / CMS SignedData (PEM PKCS7 or
 * CMS, or DER), detached (--content) or attached, under EDK2's policy:
 * partial chain (a --ca may be an intermediate or the signer's own
 * certificate), no time check, any purpose. Exit 0 valid, 1 a signature
 * or chain that does not verify, 2 usage, unreadable or unparseable input.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cert_file.h"

#define CMD "pkcs7-verify"
#define P7_MAX (16u << 20)

static void usage(FILE *f) {
  fprintf(f,
          "Usage: fastcrypt pkcs7-verify --ca CERT [--ca CERT]... [--content FILE] P7\n"
          "Verify a PKCS#7 / CMS SignedData (PEM PKCS7 or CMS, or DER; '-': standard\n"
          "input): every signer, over FILE (detached) or the attached content, with a\n"
          "chain to a --ca certificate (PEM or DER) under EDK2's policy: partial chain\n"
          "(a CA may be an intermediate or the signer itself), no time check, any purpose.\n"
          "\n"
          "Exit status: 0 valid, 1 a signature or chain that does not verify, 2 usage\n"
          "error or an unreadable or unparseable input.\n");
}

int fct_pkcs7_main(int argc, char **argv) {
  static const char *const opts[2] = {"--ca", "--content"};
  static const char *const p7_labels[2] = {"PKCS7", "CMS"};
  const char *content_path = NULL, *path = NULL;
  fct_cert_list cas = {0};
  for (int i = 1; i < argc; i++) {
    const char *v;
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return FCT_EXIT_OK;
    }
    int k = fct_valued_option(CMD, opts, 2, argc, argv, &i, &v);
    if (k < 0) return FCT_EXIT_USAGE;
    if (k == 0) {
      if (fct_cert_list_add(CMD, &cas, "--ca", v) != 0) return FCT_EXIT_USAGE;
    } else if (k == 1) {
      content_path = v;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fct_error(CMD, "unknown option %s", argv[i]);
      return FCT_EXIT_USAGE;
    } else if (path != NULL) {
      fct_error(CMD, "one signature file only");
      return FCT_EXIT_USAGE;
    } else {
      path = argv[i];
    }
  }
  if (path == NULL || cas.n == 0) {
    usage(stderr);
    return FCT_EXIT_USAGE;
  }
  int status = FCT_EXIT_USAGE;
  uint8_t *p7der = NULL, *content = NULL;
  fc_pkcs7 *p7 = malloc(sizeof *p7);
  size_t ws_len = FC_X509_SIG_WORKSPACE_BYTES, len, content_len = 0;
  void *ws = aligned_alloc(64, (ws_len + 63) / 64 * 64);
  if (p7 == NULL || ws == NULL) {
    fct_error(CMD, "out of memory");
    goto out;
  }
  if (fct_cert_list_load(CMD, &cas) != 0) goto out;
  p7der = fct_read_der(CMD, path, p7_labels, 2, "PEM: not a signature (want BEGIN PKCS7 or BEGIN CMS)",
                       P7_MAX, &len);
  if (p7der == NULL) goto out;
  fc_err rc = fc_pkcs7_parse(p7, p7der, len);
  if (rc != FC_OK) {
    fct_error(CMD, "%s: %s", path,
              rc == FC_ERR_UNSUPPORTED ? "not a SignedData this command takes (content type or bounds)"
                                       : "not a valid DER PKCS#7 SignedData");
    goto out;
  }
  if (content_path != NULL && (content = fct_read_file(CMD, content_path, 1u << 30, &content_len)) == NULL)
    goto out;
  const fc_x509_cert *signer = NULL;
  rc = fc_pkcs7_verify(p7, content_path ? (content ? content : (const uint8_t *)"") : NULL, content_len,
                       cas.certs, (size_t)cas.n, FC_X509_PARTIAL_CHAIN, 0, ws, ws_len, &signer);
  if (rc == FC_OK) {
    fprintf(stderr, "%s: verified (%zu signer%s)\n", path, p7->n_signers, p7->n_signers > 1 ? "s" : "");
    status = FCT_EXIT_OK;
  } else if (rc == FC_ERR_SIG) {
    fprintf(stderr, "%s: verification FAILED\n", path);
    status = FCT_EXIT_FAIL;
  } else {
    fct_error(CMD, "%s: cannot verify (error %d: an algorithm this build lacks?)", path, (int)rc);
  }
out:
  fct_cert_list_free(&cas);
  free(p7);
  free(ws);
  free(p7der);
  free(content);
  return status;
}
