/* Certificates and signatures from files, PEM or DER (cli/cert_file.c). */
#ifndef FCT_CERT_FILE_H
#define FCT_CERT_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "fastcrypt.h"

#define FCT_CERT_MAX (1u << 20) /* larger than any certificate */

/* A file (at most max bytes) as DER: PEM with one of labels (decoded), or
   the bytes themselves. A malloc'd buffer, or NULL after a message. */
uint8_t *fct_read_der(const char *cmd, const char *path, const char *const *labels, int nlabels,
                      const char *other, size_t max, size_t *len);

/* A certificate file (PEM CERTIFICATE or DER) parsed into *cert, which
   refers to the returned malloc'd DER (free it after cert); NULL after a
   message when unreadable or not a certificate. */
uint8_t *fct_cert_load(const char *cmd, const char *path, fc_x509_cert *cert);

#endif
