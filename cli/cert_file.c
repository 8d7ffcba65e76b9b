/* Files of certificates and signatures for x509, pkcs7-verify and
   authenticode (cli/cert_file.h). */
#include <stdlib.h>

#include "cert_file.h"
#include "cli.h"
#include "pem.h"

uint8_t *fct_read_der(const char *cmd, const char *path, const char *const *labels, int nlabels,
                      const char *other, size_t max, size_t *len) {
  uint8_t *buf = fct_read_file(cmd, path, max, len);
  if (buf == NULL || !fct_pem_detect(buf, *len)) return buf;
  uint8_t *der;
  const char *why;
  if (!fct_pem_decode_labels(buf, *len, labels, nlabels, other, &der, len, &why)) {
    fct_error(cmd, "%s: %s", path, why);
    der = NULL;
  }
  free(buf);
  return der;
}

uint8_t *fct_cert_load(const char *cmd, const char *path, fc_x509_cert *cert) {
  static const char *const labels[1] = {"CERTIFICATE"};
  size_t len;
  uint8_t *der = fct_read_der(cmd, path, labels, 1, "PEM: not a certificate (want BEGIN CERTIFICATE)",
                              FCT_CERT_MAX, &len);
  if (der == NULL) return NULL;
  fc_err rc = fc_x509_parse(cert, der, len);
  if (rc != FC_OK) {
    fct_error(cmd, "%s: not a valid DER certificate (error %d)", path, (int)rc);
    free(der);
    return NULL;
  }
  return der;
}
