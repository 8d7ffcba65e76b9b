/*
 * fastcrypt x509: X.509 certificates (RFC 5280), parsed without heap and
 * without copies: a parsed certificate refers to slices of the caller's
 * DER, which must outlive it. Certificates are public data: variable time.
 */
#ifndef FASTCRYPT_X509_H
#define FASTCRYPT_X509_H

#include "fastcrypt/ec.h"
#include "fastcrypt/hash.h"
#include "fastcrypt/mldsa.h"
#include "fastcrypt/rsa.h"
#include "fastcrypt/slhdsa.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A run of bytes inside a buffer of the caller's: p NULL and len 0 when
   absent. */
typedef struct {
  const uint8_t *p;
  size_t len;
} fc_slice;

/* Signature algorithms of certificates (and of PKCS#7 signers). */
typedef enum {
  FC_SIGALG_UNKNOWN = 0,   /* parsed, not supported: FC_ERR_UNSUPPORTED when used */
  FC_SIGALG_RSA_PKCS1 = 1, /* sha{1,224,256,384,512}WithRSAEncryption: hash says which */
  FC_SIGALG_RSA_PSS,       /* id-RSASSA-PSS (RFC 4055) with its parameters */
  FC_SIGALG_ECDSA,         /* ecdsa-with-SHA{1,256,384,512} */
  FC_SIGALG_MLDSA,         /* id-ml-dsa-44/65/87 (RFC 9881): pure ML-DSA over the data
                              itself, empty context; hash 0, the OID names the set */
  FC_SIGALG_SLHDSA         /* id-slh-dsa-sha2-128s .. id-slh-dsa-shake-256f (RFC 9909):
                              pure SLH-DSA over the data itself, empty context; hash 0,
                              the OID names the set */
} fc_sigalg_kind;

typedef struct {
  uint32_t kind;      /* fc_sigalg_kind */
  uint32_t hash;      /* fc_hash_alg of the signed data; 0 when kind is UNKNOWN */
  uint32_t mgf1_hash; /* PSS: MGF1's hash (default SHA-1) */
  uint32_t salt_len;  /* PSS: saltLength (default 20) */
  fc_slice oid;       /* the algorithm's OID (content octets) */
  fc_slice params;    /* its parameters, whole TLV; empty when absent */
} fc_sigalg;

/* Key types of a SubjectPublicKeyInfo. */
typedef enum {
  FC_KEY_UNKNOWN = 0,
  FC_KEY_RSA = 1,
  FC_KEY_EC,
  FC_KEY_MLDSA,
  FC_KEY_SLHDSA /* id-slh-dsa-* (RFC 9909), parameters absent */
} fc_key_kind;

/* keyUsage bits (RFC 5280 4.2.1.3), bit n of the BIT STRING as 1 << n. */
#define FC_KU_DIGITAL_SIGNATURE (1u << 0)
#define FC_KU_NON_REPUDIATION   (1u << 1)
#define FC_KU_KEY_ENCIPHERMENT  (1u << 2)
#define FC_KU_DATA_ENCIPHERMENT (1u << 3)
#define FC_KU_KEY_AGREEMENT     (1u << 4)
#define FC_KU_KEY_CERT_SIGN     (1u << 5)
#define FC_KU_CRL_SIGN          (1u << 6)
#define FC_KU_ENCIPHER_ONLY     (1u << 7)
#define FC_KU_DECIPHER_ONLY     (1u << 8)

/* fc_x509_cert.flags */
/* More extensions in one certificate are refused (FC_ERR_DER); real
   certificates carry about ten. */
#define FC_X509_MAX_EXTENSIONS 64
#define FC_X509_BASIC_CONSTRAINTS (1u << 0) /* the extension is present */
#define FC_X509_CA                (1u << 1) /* basicConstraints cA TRUE */
#define FC_X509_PATH_LEN          (1u << 2) /* pathLenConstraint present: path_len */
#define FC_X509_KEY_USAGE         (1u << 3) /* keyUsage present: key_usage */
#define FC_X509_EXT_KEY_USAGE     (1u << 4) /* extKeyUsage present: eku */
#define FC_X509_SKI               (1u << 5) /* subjectKeyIdentifier: ski */
#define FC_X509_AKI               (1u << 6) /* authorityKeyIdentifier keyIdentifier: aki */
#define FC_X509_UNKNOWN_CRITICAL  (1u << 7) /* a critical extension this parser does not decode */

/*
 * A parsed certificate. Every slice points into the DER given to
 * fc_x509_parse. Times are seconds since 1970-01-01T00:00:00Z (UTCTime
 * years 50-99 are 19xx, 00-49 20xx; GeneralizedTime 0000-9999), so they
 * compare as integers.
 */
typedef struct {
  uint32_t version;     /* 1, 2 or 3 */
  uint32_t key_kind;    /* fc_key_kind */
  uint32_t flags;       /* FC_X509_* */
  uint32_t path_len;    /* with FC_X509_PATH_LEN */
  uint32_t key_usage;   /* FC_KU_* with FC_X509_KEY_USAGE */
  fc_slice der;         /* the whole certificate */
  fc_slice tbs;         /* TBSCertificate, tag and length included: what the issuer signed */
  fc_slice serial;      /* INTEGER content octets */
  fc_sigalg sig_alg;    /* the outer signatureAlgorithm (the TBS one is equal) */
  fc_slice issuer;      /* Name, tag and length included */
  fc_slice subject;     /* Name, tag and length included */
  int64_t not_before, not_after;
  fc_slice spki;        /* SubjectPublicKeyInfo, tag and length included */
  fc_slice key_params;  /* EC: the namedCurve OID's content octets; else empty */
  fc_slice signature;   /* signatureValue's bits (the unused-bits octet dropped) */
  fc_slice extensions;  /* content of the Extensions SEQUENCE; empty when none */
  fc_slice eku;         /* content of extKeyUsage's SEQUENCE OF KeyPurposeId */
  fc_slice ski;         /* subjectKeyIdentifier's OCTET STRING content */
  fc_slice aki;         /* authorityKeyIdentifier's keyIdentifier content */
} fc_x509_cert;

/*
 * Parses a DER certificate (strict DER: definite minimal lengths, minimal
 * INTEGERs, no trailing bytes at any level). Refused with FC_ERR_DER: a
 * length past its parent, trailing bytes, an unknown version, a TBS
 * signature algorithm that differs from the outer one, a time that is
 * not a valid UTCTime or GeneralizedTime (Z, seconds, no fraction), a
 * duplicated extension, a malformed decoded extension. Unknown signature
 * algorithms and key types parse (FC_SIGALG_UNKNOWN, FC_KEY_UNKNOWN);
 * unknown extensions too, a critical one setting FC_X509_UNKNOWN_CRITICAL.
 * FC_ERR_ARG: NULL cert or der. On failure *cert is cleared.
 */
fc_err fc_x509_parse(fc_x509_cert *cert, const uint8_t *der, size_t der_len);

/*
 * The extension with this OID (content octets, e.g. 55 1D 13 for
 * basicConstraints): FC_OK with *critical (0 or 1) and *value (the
 * extnValue OCTET STRING's content); FC_ERR_DER when absent (the list was
 * checked by fc_x509_parse). critical or value may be NULL.
 */
fc_err fc_x509_ext(const fc_x509_cert *cert, const uint8_t *oid, size_t oid_len, int *critical,
                   fc_slice *value);

/*
 * The first attribute of this type (OID content octets, e.g. 55 04 03 for
 * commonName) in a Name (a cert's issuer or subject slice): FC_OK and
 * *value = the string's content octets, *tag its ASN.1 tag (may be NULL);
 * FC_ERR_DER when there is none or the Name is malformed.
 */
fc_err fc_x509_name_attr(fc_slice name, const uint8_t *oid, size_t oid_len, fc_slice *value,
                         uint8_t *tag);

/* 1 when extKeyUsage lists this purpose (OID content octets), else 0
   (also without the extension). */
int fc_x509_has_eku(const fc_x509_cert *cert, const uint8_t *oid, size_t oid_len);

/* The certificate's key: FC_ERR_UNSUPPORTED for another key type, else as
   fc_rsa_pubkey_from_der / fc_ec_pubkey_from_der on cert->spki. */
fc_err fc_x509_rsa_key(const fc_x509_cert *cert, fc_rsa_pubkey *key);
fc_err fc_x509_ec_key(const fc_x509_cert *cert, fc_ec_pubkey *key);
/* An ML-DSA key (id-ml-dsa-44/65/87, parameters absent): as
   fc_mldsa_pubkey_from_der on cert->spki; FC_ERR_UNSUPPORTED for another
   key type or a build without FC_WITH_MLDSA. */
fc_err fc_x509_mldsa_key(const fc_x509_cert *cert, fc_mldsa_pubkey *key);
/* An SLH-DSA key (id-slh-dsa-sha2-128s .. id-slh-dsa-shake-256f, parameters
   absent, RFC 9909): as fc_slhdsa_pubkey_from_der on cert->spki;
   FC_ERR_UNSUPPORTED for another key type or a build without
   FC_WITH_HASHSIG. */
fc_err fc_x509_slhdsa_key(const fc_x509_cert *cert, fc_slhdsa_pubkey *key);

/*
 * Workspace of fc_x509_verify_sig and fc_x509_check_signed: an RSA key of up
 * to 8192 bits and its verification's workspace (which also holds an
 * ML-DSA or an SLH-DSA key). Aligned as a uint64_t.
 */
#define FC_X509_SIG_WORKSPACE_BYTES \
  (sizeof(fc_rsa_pubkey) + FC_RSA_VERIFY_WORKSPACE_BYTES(FC_RSA_MAX_BITS) + 64)

/*
 * Verifies sig over data (hashed here with alg's hash) with the key of a
 * SubjectPublicKeyInfo: FC_OK, FC_ERR_SIG (does not verify, or the key's
 * type does not match alg), FC_ERR_UNSUPPORTED (alg or key unknown),
 * FC_ERR_KEY / FC_ERR_DER (the key), FC_ERR_ARG (NULL, workspace too
 * small). ECDSA signatures are DER; RSA ones the modulus's length; ML-DSA
 * ones the set's length, the set named by alg's OID and the key's alike
 * (another pairing is FC_ERR_SIG). SLH-DSA likewise (RFC 9909: pure,
 * empty context; up to FC_SLHDSA_SIG_MAX bytes, read in place). ML-DSA and
 * SLH-DSA keys live in the workspace; an ML-DSA verification adds up to
 * FC_MLDSA_STACK_MAX bytes of stack, an SLH-DSA one FC_SLHDSA_STACK_MAX.
 */
fc_err fc_x509_verify_sig(fc_slice spki, const fc_sigalg *alg, const uint8_t *data, size_t len,
                          const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

/* cert's signature by issuer's key, over cert's TBS: fc_x509_verify_sig's
   codes. Checks the signature only (not names, validity or extensions). */
fc_err fc_x509_check_signed(const fc_x509_cert *cert, const fc_x509_cert *issuer, void *ws,
                            size_t ws_len);

/* ------------------------------------------------------------------ */
/* Chains                                                               */
/* ------------------------------------------------------------------ */

/* fc_x509_verify_chain's flags. EDK2's policy (Pkcs7Verify,
   AuthenticodeVerify) is FC_X509_PARTIAL_CHAIN alone: no time check, any
   purpose. */
#define FC_X509_PARTIAL_CHAIN (1u << 0) /* a trusted certificate may be any link, the leaf included */
#define FC_X509_CHECK_TIME    (1u << 1) /* every link valid at `now` */

/* Links from the leaf to the trust anchor, both included. */
#define FC_X509_MAX_DEPTH 8

/*
 * 1 when two Names match (RFC 5280 section 7.1): the same RDNs in the same
 * order, each attribute of the same type; values equal byte for byte, or,
 * when both are PrintableString or UTF8String, equal ignoring ASCII case,
 * leading and trailing spaces and runs of inner spaces (the insignificant
 * space handling of RFC 4518 on ASCII). 0 otherwise or when malformed.
 */
int fc_x509_name_match(fc_slice a, fc_slice b);

/*
 * Verifies a chain from leaf through certificates of `untrusted` to one of
 * `trusted`, trying every candidate issuer (name match, and when both
 * carry them, the child's authorityKeyIdentifier equal to the issuer's
 * subjectKeyIdentifier) depth first up to FC_X509_MAX_DEPTH links and 64
 * signature checks. Every link above the leaf must be a CA (basicConstraints
 * cA TRUE) with keyCertSign where keyUsage is present, and honour its
 * pathLenConstraint; a trusted issuer without basicConstraints is accepted
 * as the anchor (not as a link) when it is a v1 self-issued certificate or
 * holds keyCertSign (RFC 5280 6.1: anchors are inputs); no link may carry
 * an unknown critical extension.
 * Without FC_X509_PARTIAL_CHAIN the anchor must be self-issued with a valid
 * self-signature; with it, any trusted certificate ends the chain, also
 * the leaf itself (byte-equal DER). *anchor (may be NULL) receives the
 * trusted certificate used.
 * FC_OK: a chain verifies. FC_ERR_SIG: none does (a wrong CA, a missing
 * intermediate, a bad signature, a constraint broken, an expired link).
 * FC_ERR_ARG: NULL arguments (n_* may be 0 with NULL arrays), an
 * unparsed certificate, a workspace below FC_X509_SIG_WORKSPACE_BYTES.
 */
fc_err fc_x509_verify_chain(const fc_x509_cert *leaf, const fc_x509_cert *untrusted,
                            size_t n_untrusted, const fc_x509_cert *trusted, size_t n_trusted,
                            uint32_t flags, int64_t now, void *ws, size_t ws_len,
                            const fc_x509_cert **anchor);

/*
 * An OID in dotted text ("1.3.6.1.5.5.7.3.3") as DER content octets into
 * out[0..cap): FC_OK and *out_len; FC_ERR_ARG for NULL, malformed text
 * (empty, a leading zero, a missing arc, a first arc above 2, a second
 * above 39 under 0 or 1, an arc of 2^32 or more) or cap too small.
 */
fc_err fc_oid_from_text(const char *text, uint8_t *out, size_t cap, size_t *out_len);
#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_X509_H */
