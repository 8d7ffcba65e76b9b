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

/* The certificates of a repeatable option (--ca, --untrusted): paths
   while the options are read, then each loaded. Zero-initialise it. */
#define FCT_CERT_LIST_MAX 16
typedef struct {
  const char *paths[FCT_CERT_LIST_MAX];
  uint8_t *bufs[FCT_CERT_LIST_MAX];
  fc_x509_cert certs[FCT_CERT_LIST_MAX];
  int n;
} fct_cert_list;

/* Records path for option opt: 0, or -1 after a message when the list is
   full. */
int fct_cert_list_add(const char *cmd, fct_cert_list *l, const char *opt, const char *path);
/* Loads every recorded path (fct_cert_load): 0, or -1 after a message. */
int fct_cert_list_load(const char *cmd, fct_cert_list *l);
/* Frees what fct_cert_list_load read (also after a failed load). */
void fct_cert_list_free(fct_cert_list *l);

#endif
