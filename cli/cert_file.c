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

int fct_cert_list_add(const char *cmd, fct_cert_list *l, const char *opt, const char *path) {
  if (l->n == FCT_CERT_LIST_MAX) {
    fct_error(cmd, "at most %d %s", FCT_CERT_LIST_MAX, opt);
    return -1;
  }
  l->paths[l->n++] = path;
  return 0;
}

int fct_cert_list_load(const char *cmd, fct_cert_list *l) {
  for (int i = 0; i < l->n; i++)
    if ((l->bufs[i] = fct_cert_load(cmd, l->paths[i], &l->certs[i])) == NULL) return -1;
  return 0;
}

void fct_cert_list_free(fct_cert_list *l) {
  for (int i = 0; i < l->n; i++) {
    free(l->bufs[i]);
    l->bufs[i] = NULL;
  }
}
