/* PEM decoding for the fastcrypt command: keys, certificates, signatures (cli/pem.c). */
#ifndef FCT_PEM_H
#define FCT_PEM_H

#include <stddef.h>
#include <stdint.h>

/* 1 when buf, after leading whitespace, starts with a "-----BEGIN " line:
   the key is PEM (and must then decode as PEM, nothing else is tried). */
int fct_pem_detect(const uint8_t *buf, size_t len);

enum { FCT_PEM_SPKI = 1, FCT_PEM_PKCS1 = 2 };

/*
 * Decodes one strict RFC 7468 block labelled "PUBLIC KEY" (returns
 * FCT_PEM_SPKI) or "RSA PUBLIC KEY" (FCT_PEM_PKCS1) into a malloc'd *der of
 * *der_len bytes (the caller frees). Accepted: optional whitespace, the
 * BEGIN line, lines of base64 (any length, LF or CRLF, '=' padding only at
 * the very end, zero pad bits), the END line with the same label, optional
 * whitespace. Rejected: any other character, headers, blank lines in the
 * body, a missing or mismatched END line, data after it, an empty body.
 * Returns 0 with *why set to a static message on failure.
 */
int fct_pem_decode(const uint8_t *buf, size_t len, uint8_t **der, size_t *der_len,
                   const char **why);

/* fct_pem_decode's rules for a block whose label is one of labels[0..n):
   returns 1 + the label's index; 0 with *why set otherwise (`other` for
   an unlisted label, a hint for a private key). */
int fct_pem_decode_labels(const uint8_t *buf, size_t len, const char *const *labels, int nlabels,
                          const char *other, uint8_t **der, size_t *der_len, const char **why);

/* What a DER public key looks like from its first bytes: FCT_PEM_SPKI when
   the outer SEQUENCE starts with a SEQUENCE (SubjectPublicKeyInfo: the
   AlgorithmIdentifier first), FCT_PEM_PKCS1 when with an INTEGER (PKCS#1
   RSAPublicKey: the modulus first), 0 otherwise. Only the label check
   uses it: fc_rsa_pubkey_from_der does the real parse. */
int fct_der_kind(const uint8_t *der, size_t len);

#endif
