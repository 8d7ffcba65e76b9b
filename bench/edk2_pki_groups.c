/*
 * The certificate groups of `fc_bench edk2`: what EDK2's CryptoPkg unit
 * tests of these names do, minus signing (no private keys here), on the
 * committed vectors of tests/vectors/pkcs7/ (its README.md), through
 * contrib/edk2's instance; and, with FC_BENCH_OPENSSL, the same calls as
 * EDK2's OpenSSL instance makes them (CryptoPkg/Library/BaseCryptLib/Pk/
 * CryptX509.c, CryptRsaBasic.c, CryptPkcs7VerifyCommon.c,
 * CryptPkcs7VerifyEku.c, CryptAuthenticode.c, CryptTs.c), on the host's
 * OpenSSL 3 libcrypto:
 *
 *  mX509Test, on the signer certificate of timestamped.p7 (RSA-2048,
 *    extKeyUsage codeSigning, no keyUsage): X509GetSubjectName (size query,
 *    then the name), X509GetCommonName, X509GetIssuerName (query, name),
 *    X509GetSerialNumber, X509GetValidity, X509GetKeyUsage,
 *    X509GetExtendedKeyUsage, X509GetTBSCert. OpenSSL: each call a d2i_X509
 *    of the DER and its getter (X509_get_subject_name + i2d_X509_NAME,
 *    X509_NAME_get_index_by_NID + ASN1_STRING_to_UTF8, X509_get_serialNumber,
 *    X509_get0_notBefore/After copied, X509_get_key_usage, the extension
 *    list walked for extKeyUsage), X509_free; X509GetTBSCert two
 *    ASN1_get_object, no decoding, as the instance does.
 *  mRsaCertTest: RsaGetPublicKeyFromX509 (rsa2048_root.der), Sha256HashAll
 *    of the TBSCertificate of rsa2048_chain_detached.p7's signer,
 *    RsaPkcs1Verify of that certificate's signature with the root's key,
 *    X509VerifyCert (signer, root), RsaFree. OpenSSL: d2i_X509 +
 *    X509_get_pubkey + RSAPublicKey_dup, SHA256_Init/Update/Final,
 *    RSA_verify, d2i_X509 twice + X509_STORE (partial chain, no time check)
 *    + X509_verify_cert, RSA_free: the instance's OpenSSL 1.1 calls, which
 *    OpenSSL 3 deprecates (this file alone enables them).
 *  mPkcs7Test, mPkcs7Test-P256: Pkcs7Verify of rsa2048_chain_detached.p7
 *    (p256_chain_detached.p7) with rsa2048_root.der (p256_root.der) over
 *    content.txt, Pkcs7GetSigners, Pkcs7FreeSigners of both lists.
 *    OpenSSL: EVP_add_digest of the five digests, d2i_PKCS7, d2i_X509 into
 *    a new X509_STORE (X509_V_FLAG_PARTIAL_CHAIN | X509_V_FLAG_NO_CHECK_TIME,
 *    purpose any), PKCS7_verify over a memory BIO (PKCS7_BINARY); d2i_PKCS7,
 *    PKCS7_get0_signers, each certificate i2d_X509_bio'd into the
 *    EFI_CERT_STACK buffer, free.
 *  mPkcs7EkuTest: VerifyEKUsInPkcs7Signature (timestamped.p7, codeSigning
 *    1.3.6.1.5.5.7.3.3, RequireAllPresent). OpenSSL: d2i_PKCS7,
 *    PKCS7_get0_signers, OBJ_txt2obj, X509_dup, X509V3_EXT_d2i of
 *    extKeyUsage, compare, frees.
 *  mAuthenticodeTest: AuthenticodeVerify (timestamped.p7, trusted = its own
 *    signer certificate, SHA-256 image hash). OpenSSL: d2i_PKCS7, the
 *    SpcIndirectDataContent type and digest, then Pkcs7Verify as above
 *    (which decodes the SignedData again).
 *  mImageTimestampTest: ImageTimestampVerify (timestamped.p7, tsa_root.der),
 *    the signing time checked (2026-12-07 01:25:48). OpenSSL: EVP_add_digest,
 *    d2i_PKCS7, the RFC 3161 countersignature found in the unsigned
 *    attributes, d2i_PKCS7 of the token, d2i_X509 of the TSA root into a
 *    store (as above), PKCS7_verify to a memory BIO, d2i_TS_TST_INFO
 *    (OpenSSL's template where the instance declares its own), version,
 *    policy, the imprint's digest of the signature recomputed with
 *    EVP_Digest* and compared, genTime converted.
 *
 * Each run() returns 1 when a call did not return what the test expects.
 * Both columns fold the same outputs (names, common name, serial, key
 * usages, TBS position, the signer certificate, the signing time), so
 * bench_edk2.c checks that they agree. Set-up (files, signer certificates
 * by Pkcs7GetSigners, the signer's TBS and signature by fc_x509_parse) is
 * done once, untimed.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef FC_BENCH_OPENSSL
/* The instance's RSA calls (RSAPublicKey_dup, RSA_verify, SHA256_Init...)
   are deprecated in OpenSSL 3: this file uses them on purpose. */
#undef OPENSSL_NO_DEPRECATED
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pkcs7.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>
#include <openssl/ts.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>
#endif

#include <Library/BaseCryptLib.h>

#include "bench.h"
#include "edk2_groups.h"
#include "fastcrypt.h"

#ifndef FC_PKCS7_VECTORS
#error "FC_PKCS7_VECTORS: the directory of tests/vectors/pkcs7"
#endif

typedef struct {
  uint8_t *p;
  size_t n;
} blob;

static struct {
  blob rsa_root, rsa_p7, p256_root, p256_p7, content, ts_p7, tsa_root;
  blob signer; /* rsa2048_chain_detached.p7's signer certificate */
  blob coder;  /* timestamped.p7's signer certificate (self-signed) */
  fc_x509_cert signer_cert; /* its TBS and signature, for mRsaCertTest */
} V;

/* timestamped.p7's image hash (SHA-256; tests/vectors/pkcs7/README.md). */
static const UINT8 kImageHash[32] = {0x0a, 0xcf, 0xb2, 0x29, 0xcd, 0x4f, 0x28, 0xf7, 0x85, 0x81, 0x1f,
                                     0xee, 0xd4, 0x5d, 0xce, 0xa0, 0x7d, 0x0b, 0xda, 0xeb, 0x9e, 0x23,
                                     0x17, 0x93, 0x37, 0x1c, 0x65, 0x99, 0x80, 0xc0, 0xfe, 0x51};
static const CHAR8 *const kCodeSigning[1] = {"1.3.6.1.5.5.7.3.3"};

static void fold(edk2_fold *out, const void *p, size_t n) {
  const uint8_t *b = (const uint8_t *)p;
  for (size_t i = 0; i < n; i++) out->b[i % 64] = (uint8_t)((out->b[i % 64] << 1 | out->b[i % 64] >> 7) ^ b[i]);
}

static void fold_n(edk2_fold *out, uint64_t v) { fold(out, &v, sizeof v); }

/* The signing time of timestamped.p7's token, as ImageTimestampVerify gives it. */
static int fold_time(edk2_fold *out, int y, int mo, int d, int h, int mi, int s) {
  int t[6] = {y, mo, d, h, mi, s};
  fold(out, t, sizeof t);
  return y != 2026 || mo != 12 || d != 7 || h != 1 || mi != 25 || s != 48;
}

/* ------------------------------------------------------------------ fastcrypt */

static int x509_group(edk2_fold *out) {
  const UINT8 *c = V.coder.p;
  const UINTN cn = V.coder.n;
  UINT8 buf[1024], from[64], to[64], *tbs = NULL;
  CHAR8 name[64];
  UINTN n = 0, nf = sizeof from, nt = sizeof to, ku = 0, tbs_n = 0;
  int bad = X509GetSubjectName(c, cn, NULL, &n) || n == 0 || n > sizeof buf; /* size query */
  bad |= !X509GetSubjectName(c, cn, buf, &n);
  fold(out, buf, n);
  n = sizeof name;
  bad |= X509GetCommonName(c, cn, name, &n) != RETURN_SUCCESS;
  fold(out, name, n);
  n = 0;
  bad |= X509GetIssuerName(c, cn, NULL, &n) || n == 0 || n > sizeof buf;
  bad |= !X509GetIssuerName(c, cn, buf, &n);
  fold(out, buf, n);
  n = sizeof buf;
  bad |= !X509GetSerialNumber(c, cn, buf, &n);
  fold(out, buf, n);
  bad |= !X509GetValidity(c, cn, from, &nf, to, &nt); /* formats differ: not folded */
  bad |= !X509GetKeyUsage(c, cn, &ku);
  fold_n(out, ku);
  n = sizeof buf;
  bad |= !X509GetExtendedKeyUsage(c, cn, buf, &n) || n == 0;
  fold(out, buf, n);
  bad |= !X509GetTBSCert(c, cn, &tbs, &tbs_n);
  fold_n(out, (uint64_t)(tbs - c));
  fold_n(out, tbs_n);
  return bad;
}

static int rsacert_group(edk2_fold *out) {
  VOID *key = NULL;
  UINT8 md[32];
  int bad = !RsaGetPublicKeyFromX509(V.rsa_root.p, V.rsa_root.n, &key);
  bad |= !Sha256HashAll(V.signer_cert.tbs.p, V.signer_cert.tbs.len, md);
  bad |= !RsaPkcs1Verify(key, md, 32, V.signer_cert.signature.p, V.signer_cert.signature.len);
  bad |= !X509VerifyCert(V.signer.p, V.signer.n, V.rsa_root.p, V.rsa_root.n);
  RsaFree(key);
  fold(out, md, 32);
  return bad;
}

/* The EFI_CERT_STACK and signer certificate Pkcs7GetSigners returns. */
static void fold_signers(edk2_fold *out, const UINT8 *stack, size_t stack_n, const UINT8 *cert,
                         size_t cert_n) {
  fold(out, stack, 1);
  fold_n(out, stack_n);
  fold_n(out, cert_n);
  fold(out, cert + cert_n - 16, 16);
}

static int pkcs7_case(edk2_fold *out, const blob *p7, const blob *root) {
  UINT8 *stack = NULL, *cert = NULL;
  UINTN stack_n = 0, cert_n = 0;
  int bad = !Pkcs7Verify(p7->p, p7->n, root->p, root->n, V.content.p, V.content.n);
  bad |= !Pkcs7GetSigners(p7->p, p7->n, &stack, &stack_n, &cert, &cert_n) || cert_n < 16;
  if (!bad) fold_signers(out, stack, stack_n, cert, cert_n);
  Pkcs7FreeSigners(stack);
  Pkcs7FreeSigners(cert);
  return bad;
}

static int pkcs7_group(edk2_fold *out) { return pkcs7_case(out, &V.rsa_p7, &V.rsa_root); }
static int pkcs7_p256_group(edk2_fold *out) { return pkcs7_case(out, &V.p256_p7, &V.p256_root); }

static int eku_group(edk2_fold *out) {
  (void)out;
  return VerifyEKUsInPkcs7Signature(V.ts_p7.p, (UINT32)V.ts_p7.n, (CONST CHAR8 **)kCodeSigning, 1,
                                    TRUE) != RETURN_SUCCESS;
}

static int auth_group(edk2_fold *out) {
  (void)out;
  return !AuthenticodeVerify(V.ts_p7.p, V.ts_p7.n, V.coder.p, V.coder.n, kImageHash, 32);
}

static int ts_group(edk2_fold *out) {
  EFI_TIME t;
  memset(&t, 0, sizeof t);
  int bad = !ImageTimestampVerify(V.ts_p7.p, V.ts_p7.n, V.tsa_root.p, V.tsa_root.n, &t);
  return bad | fold_time(out, t.Year, t.Month, t.Day, t.Hour, t.Minute, t.Second);
}

/* ------------------------------------------------------------------ OpenSSL */

#ifdef FC_BENCH_OPENSSL
static X509 *o_cert(const uint8_t *der, size_t n) { /* X509ConstructCertificate */
  const unsigned char *p = der;
  return d2i_X509(NULL, &p, (long)n);
}

/* X509GetSubjectName / X509GetIssuerName: one decode per call. */
static int o_name(const uint8_t *der, size_t n, int issuer, uint8_t *buf, size_t *len) {
  X509 *x = o_cert(der, n);
  X509_NAME *nm = x ? (issuer ? X509_get_issuer_name(x) : X509_get_subject_name(x)) : NULL;
  int ok = 0, sz = nm ? i2d_X509_NAME(nm, NULL) : -1;
  if (sz > 0 && *len >= (size_t)sz && buf != NULL) {
    unsigned char *p = buf;
    ok = i2d_X509_NAME(nm, &p) == sz;
  }
  if (sz > 0) *len = (size_t)sz;
  X509_free(x);
  return ok;
}

static int o_common_name(const uint8_t *der, size_t n, char *buf, size_t *len) {
  X509 *x = o_cert(der, n);
  X509_NAME *nm = x ? X509_get_subject_name(x) : NULL;
  int i = nm ? X509_NAME_get_index_by_NID(nm, NID_commonName, -1) : -1;
  X509_NAME_ENTRY *e = i >= 0 ? X509_NAME_get_entry(nm, i) : NULL;
  ASN1_STRING *s = e ? X509_NAME_ENTRY_get_data(e) : NULL;
  unsigned char *utf8 = NULL;
  int l = s ? ASN1_STRING_to_UTF8(&utf8, s) : -1, ok = l >= 0 && *len > 0;
  if (ok) {
    size_t k = (size_t)l < *len - 1 ? (size_t)l : *len - 1;
    memcpy(buf, utf8, k);
    buf[k] = 0;
    *len = k + 1;
  }
  OPENSSL_free(utf8);
  X509_free(x);
  return ok;
}

static int o_serial(const uint8_t *der, size_t n, uint8_t *buf, size_t *len) {
  X509 *x = o_cert(der, n);
  const ASN1_INTEGER *s = x ? X509_get_serialNumber(x) : NULL;
  int ok = s && (size_t)ASN1_STRING_length(s) <= *len;
  if (ok) {
    *len = (size_t)ASN1_STRING_length(s);
    memcpy(buf, ASN1_STRING_get0_data(s), *len);
  }
  X509_free(x);
  return ok;
}

/* X509GetValidity: the instance copies each ASN1_TIME and its octets. */
static int o_validity(const uint8_t *der, size_t n, uint8_t *from, size_t *nf, uint8_t *to,
                      size_t *nt) {
  X509 *x = o_cert(der, n);
  const ASN1_TIME *t[2] = {x ? X509_get0_notBefore(x) : NULL, x ? X509_get0_notAfter(x) : NULL};
  uint8_t *dst[2] = {from, to};
  size_t *dn[2] = {nf, nt};
  int ok = x != NULL;
  for (int i = 0; i < 2 && ok; i++) {
    size_t need = sizeof(ASN1_TIME) + (size_t)ASN1_STRING_length(t[i]);
    ok = t[i] && *dn[i] >= need;
    if (ok) {
      memcpy(dst[i], t[i], sizeof(ASN1_TIME));
      memcpy(dst[i] + sizeof(ASN1_TIME), ASN1_STRING_get0_data(t[i]), need - sizeof(ASN1_TIME));
      *dn[i] = need;
    }
  }
  X509_free(x);
  return ok;
}

static int o_key_usage(const uint8_t *der, size_t n, uint64_t *ku) {
  X509 *x = o_cert(der, n);
  if (x) *ku = X509_get_key_usage(x);
  X509_free(x);
  return x != NULL;
}

/* X509GetExtensionData (X509GetExtendedKeyUsage): the extensions walked. */
static int o_extension(const uint8_t *der, size_t n, const uint8_t *oid, size_t oid_n, uint8_t *buf,
                       size_t *len) {
  X509 *x = o_cert(der, n);
  const STACK_OF(X509_EXTENSION) *exts = x ? X509_get0_extensions(x) : NULL;
  int ok = 0;
  for (int i = 0; exts && i < sk_X509_EXTENSION_num(exts); i++) {
    X509_EXTENSION *e = sk_X509_EXTENSION_value(exts, i);
    const ASN1_OBJECT *o = X509_EXTENSION_get_object(e);
    const ASN1_OCTET_STRING *v = X509_EXTENSION_get_data(e);
    if ((size_t)OBJ_length(o) == oid_n && memcmp(OBJ_get0_data(o), oid, oid_n) == 0) {
      ok = (size_t)ASN1_STRING_length(v) <= *len;
      if (ok) {
        *len = (size_t)ASN1_STRING_length(v);
        memcpy(buf, ASN1_STRING_get0_data(v), *len);
      }
      break;
    }
  }
  X509_free(x);
  return ok;
}

static int o_tbs(const uint8_t *der, size_t n, const uint8_t **tbs, size_t *tbs_n) {
  const unsigned char *p = der;
  long len = 0;
  int tag, cls;
  if ((ASN1_get_object(&p, &len, &tag, &cls, (long)n) & 0x80) || tag != V_ASN1_SEQUENCE) return 0;
  *tbs = p;
  if ((ASN1_get_object(&p, &len, &tag, &cls, len) & 0x80) || tag != V_ASN1_SEQUENCE) return 0;
  *tbs_n = (size_t)len + (size_t)(p - *tbs);
  return 1;
}

static int x509_ossl(edk2_fold *out) {
  static const uint8_t kOidEku[3] = {0x55, 0x1d, 0x25};
  const uint8_t *c = V.coder.p, *tbs = NULL;
  const size_t cn = V.coder.n;
  uint8_t buf[1024], from[64], to[64];
  char name[64];
  size_t n = 0, nf = sizeof from, nt = sizeof to, tbs_n = 0;
  uint64_t ku = 0;
  int bad = o_name(c, cn, 0, NULL, &n) || n == 0 || n > sizeof buf;
  bad |= !o_name(c, cn, 0, buf, &n);
  fold(out, buf, n);
  n = sizeof name;
  bad |= !o_common_name(c, cn, name, &n);
  fold(out, name, n);
  n = 0;
  bad |= o_name(c, cn, 1, NULL, &n) || n == 0 || n > sizeof buf;
  bad |= !o_name(c, cn, 1, buf, &n);
  fold(out, buf, n);
  n = sizeof buf;
  bad |= !o_serial(c, cn, buf, &n);
  fold(out, buf, n);
  bad |= !o_validity(c, cn, from, &nf, to, &nt);
  bad |= !o_key_usage(c, cn, &ku);
  fold_n(out, ku);
  n = sizeof buf;
  bad |= !o_extension(c, cn, kOidEku, sizeof kOidEku, buf, &n) || n == 0;
  fold(out, buf, n);
  bad |= !o_tbs(c, cn, &tbs, &tbs_n);
  fold_n(out, (uint64_t)(tbs - c));
  fold_n(out, tbs_n);
  return bad;
}

static int rsacert_ossl(edk2_fold *out) {
  /* RsaGetPublicKeyFromX509 */
  X509 *x = o_cert(V.rsa_root.p, V.rsa_root.n);
  EVP_PKEY *pk = x ? X509_get_pubkey(x) : NULL;
  RSA *rsa = pk && EVP_PKEY_id(pk) == EVP_PKEY_RSA ? RSAPublicKey_dup(EVP_PKEY_get0_RSA(pk)) : NULL;
  X509_free(x);
  EVP_PKEY_free(pk);
  int bad = rsa == NULL;
  /* Sha256HashAll */
  SHA256_CTX sc;
  UINT8 md[32];
  bad |= !SHA256_Init(&sc) || !SHA256_Update(&sc, V.signer_cert.tbs.p, V.signer_cert.tbs.len) ||
         !SHA256_Final(md, &sc);
  /* RsaPkcs1Verify */
  bad |= rsa == NULL || RSA_verify(NID_sha256, md, 32, V.signer_cert.signature.p,
                                   (unsigned)V.signer_cert.signature.len, rsa) != 1;
  /* X509VerifyCert */
  int ok = EVP_add_digest(EVP_md5()) && EVP_add_digest(EVP_sha1()) && EVP_add_digest(EVP_sha256());
  X509 *leaf = ok ? o_cert(V.signer.p, V.signer.n) : NULL;
  X509 *ca = leaf ? o_cert(V.rsa_root.p, V.rsa_root.n) : NULL;
  X509_STORE *st = ca ? X509_STORE_new() : NULL;
  X509_STORE_CTX *ctx = NULL;
  ok = st && X509_STORE_add_cert(st, ca);
  if (ok) {
    X509_STORE_set_flags(st, X509_V_FLAG_PARTIAL_CHAIN | X509_V_FLAG_NO_CHECK_TIME);
    ctx = X509_STORE_CTX_new();
    ok = ctx && X509_STORE_CTX_init(ctx, st, leaf, NULL) && X509_verify_cert(ctx) == 1;
    if (ctx) X509_STORE_CTX_cleanup(ctx);
  }
  X509_free(leaf);
  X509_free(ca);
  X509_STORE_free(st);
  X509_STORE_CTX_free(ctx);
  bad |= !ok;
  RSA_free(rsa); /* RsaFree */
  fold(out, md, 32);
  return bad;
}

static int o_add_digests(void) {
  return EVP_add_digest(EVP_md5()) && EVP_add_digest(EVP_sha1()) && EVP_add_digest(EVP_sha256()) &&
         EVP_add_digest(EVP_sha384()) && EVP_add_digest(EVP_sha512()) &&
         EVP_add_digest_alias(SN_sha1WithRSAEncryption, SN_sha1WithRSA);
}

/* WrapPkcs7Data: a bare SignedData gets a ContentInfo header (a copy). */
static const uint8_t kOidSignedData[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02};

static uint8_t *o_wrap(const uint8_t *p7, size_t n, size_t *out_n, int *wrapped) {
  *wrapped = n > 17 && p7[4] == 0x06 && p7[5] == 0x09 && memcmp(p7 + 6, kOidSignedData, 9) == 0 &&
             p7[15] == 0xa0 && p7[16] == 0x82;
  if (*wrapped) {
    *out_n = n;
    return (uint8_t *)p7;
  }
  uint8_t *w = malloc(n + 19);
  if (w == NULL) return NULL;
  *out_n = n + 19;
  w[0] = 0x30, w[1] = 0x82, w[2] = (uint8_t)((n + 15) >> 8), w[3] = (uint8_t)(n + 15);
  w[4] = 0x06, w[5] = 0x09;
  memcpy(w + 6, kOidSignedData, 9);
  w[15] = 0xa0, w[16] = 0x82, w[17] = (uint8_t)(n >> 8), w[18] = (uint8_t)n;
  memcpy(w + 19, p7, n);
  return w;
}

/* Pkcs7Verify */
static int o_pkcs7_verify(const uint8_t *p7d, size_t p7n, const uint8_t *cert, size_t cert_n,
                          const uint8_t *data, size_t data_n) {
  if (!o_add_digests()) return 0;
  int wrapped;
  size_t sn;
  uint8_t *sd = o_wrap(p7d, p7n, &sn, &wrapped);
  if (sd == NULL) return 0;
  const unsigned char *p = sd;
  PKCS7 *p7 = d2i_PKCS7(NULL, &p, (long)sn);
  X509_STORE *st = p7 && PKCS7_type_is_signed(p7) ? bench_ossl_edk2_store(cert, cert_n) : NULL;
  BIO *bio = st ? BIO_new_mem_buf(data, (int)data_n) : NULL;
  int ok = bio && PKCS7_verify(p7, NULL, st, bio, NULL, PKCS7_BINARY) == 1;
  BIO_free(bio);
  X509_STORE_free(st);
  PKCS7_free(p7);
  if (!wrapped) free(sd);
  return ok;
}

/* X509PopCertificate: the DER of a signer, re-encoded through a memory BIO. */
static uint8_t *o_pop_cert(STACK_OF(X509) *sk, size_t *n) {
  X509 *x = sk_X509_pop(sk);
  BIO *b = x ? BIO_new(BIO_s_mem()) : NULL;
  BUF_MEM *m = NULL;
  uint8_t *der = NULL;
  if (b && i2d_X509_bio(b, x) && (BIO_get_mem_ptr(b, &m), m) && m->length > 0 &&
      (der = malloc(m->length)) != NULL) {
    *n = m->length;
    if (BIO_read(b, der, (int)*n) != (int)*n) {
      free(der);
      der = NULL;
    }
  }
  BIO_free(b);
  return der;
}

/* Pkcs7GetSigners: EFI_CERT_STACK (count, then UINT32 length + DER each), grown per certificate. */
static int o_get_signers(const uint8_t *p7d, size_t p7n, uint8_t **stack, size_t *stack_n,
                         uint8_t **cert, size_t *cert_n) {
  int wrapped;
  size_t sn;
  uint8_t *sd = o_wrap(p7d, p7n, &sn, &wrapped), *buf = NULL, *one;
  if (sd == NULL) return 0;
  const unsigned char *p = sd;
  PKCS7 *p7 = d2i_PKCS7(NULL, &p, (long)sn);
  STACK_OF(X509) *sk = p7 && PKCS7_type_is_signed(p7) ? PKCS7_get0_signers(p7, NULL, PKCS7_BINARY) : NULL;
  size_t size = 1, old = 1, one_n = 0;
  unsigned count = 0;
  int ok = 0;
  while (sk && (one = o_pop_cert(sk, &one_n)) != NULL) {
    uint8_t *nb = malloc(size + 4 + one_n);
    if (nb == NULL) {
      free(one);
      break;
    }
    if (buf) memcpy(nb, buf, size);
    free(buf);
    buf = nb;
    old = size;
    uint32_t l = (uint32_t)one_n;
    memcpy(buf + old, &l, 4);
    memcpy(buf + old + 4, one, one_n);
    size = old + 4 + one_n;
    free(one);
    count++;
  }
  if (buf && (*cert = malloc(size - old - 4)) != NULL) {
    buf[0] = (uint8_t)count;
    *cert_n = size - old - 4;
    memcpy(*cert, buf + old + 4, *cert_n);
    *stack = buf;
    *stack_n = size;
    ok = 1;
  } else {
    free(buf);
  }
  if (!wrapped) free(sd);
  PKCS7_free(p7);
  sk_X509_pop_free(sk, X509_free); /* empty by now: get0 signers belong to p7 */
  return ok;
}

static int pkcs7_ossl_case(edk2_fold *out, const blob *p7, const blob *root) {
  uint8_t *stack = NULL, *cert = NULL;
  size_t stack_n = 0, cert_n = 0;
  int bad = !o_pkcs7_verify(p7->p, p7->n, root->p, root->n, V.content.p, V.content.n);
  bad |= !o_get_signers(p7->p, p7->n, &stack, &stack_n, &cert, &cert_n) || cert_n < 16;
  if (!bad) fold_signers(out, stack, stack_n, cert, cert_n);
  free(stack); /* Pkcs7FreeSigners */
  free(cert);
  return bad;
}

static int pkcs7_ossl(edk2_fold *out) { return pkcs7_ossl_case(out, &V.rsa_p7, &V.rsa_root); }
static int pkcs7_p256_ossl(edk2_fold *out) { return pkcs7_ossl_case(out, &V.p256_p7, &V.p256_root); }

/* IsEkuInCertificate: on a copy of the signer, the extension decoded. */
static int o_eku_in_cert(X509 *signer, const ASN1_OBJECT *want) {
  X509 *x = X509_dup(signer);
  int i = x ? X509_get_ext_by_NID(x, NID_ext_key_usage, -1) : -1, found = 0;
  X509_EXTENSION *e = i >= 0 ? X509_get_ext(x, i) : NULL;
  EXTENDED_KEY_USAGE *eku = e ? X509V3_EXT_d2i(e) : NULL;
  for (int k = 0; eku && k < sk_ASN1_OBJECT_num(eku) && !found; k++) {
    const ASN1_OBJECT *o = sk_ASN1_OBJECT_value(eku, k);
    found = OBJ_length(o) == OBJ_length(want) &&
            memcmp(OBJ_get0_data(o), OBJ_get0_data(want), OBJ_length(o)) == 0;
  }
  X509_free(x);
  sk_ASN1_OBJECT_pop_free(eku, ASN1_OBJECT_free);
  return found;
}

static int eku_ossl(edk2_fold *out) {
  (void)out;
  int wrapped;
  size_t sn;
  uint8_t *sd = o_wrap(V.ts_p7.p, V.ts_p7.n, &sn, &wrapped);
  if (sd == NULL) return 1;
  const unsigned char *p = sd;
  PKCS7 *p7 = d2i_PKCS7(NULL, &p, (long)sn);
  STACK_OF(X509) *chain = p7 && OBJ_obj2nid(p7->type) == NID_pkcs7_signed && p7->d.sign ? p7->d.sign->cert : NULL;
  int ok = chain && sk_X509_num(chain) > 0;
  STACK_OF(X509) *signers = ok ? PKCS7_get0_signers(p7, NULL, PKCS7_BINARY) : NULL;
  X509 *signer = signers && sk_X509_num(signers) == 1 ? sk_X509_value(signers, 0) : NULL;
  sk_X509_free(signers);
  ASN1_OBJECT *want = signer ? OBJ_txt2obj(kCodeSigning[0], 0) : NULL;
  ok = want && o_eku_in_cert(signer, want);
  ASN1_OBJECT_free(want);
  PKCS7_free(p7);
  if (!wrapped) free(sd);
  return !ok;
}

static const uint8_t kOidSpcIndirect[10] = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x01, 0x04};

static int auth_ossl(edk2_fold *out) {
  (void)out;
  const unsigned char *p = V.ts_p7.p;
  PKCS7 *p7 = d2i_PKCS7(NULL, &p, (long)V.ts_p7.n);
  int ok = p7 && PKCS7_type_is_signed(p7) && !PKCS7_get_detached(p7);
  const ASN1_OBJECT *type = ok ? p7->d.sign->contents->type : NULL;
  ok = type && OBJ_length(type) == sizeof kOidSpcIndirect &&
       memcmp(OBJ_get0_data(type), kOidSpcIndirect, sizeof kOidSpcIndirect) == 0;
  const uint8_t *c = ok ? p7->d.sign->contents->d.other->value.asn1_string->data : NULL;
  size_t cn = 0;
  if (ok) { /* the SEQUENCE's length octets, as the instance reads them */
    if ((c[1] & 0x80) == 0) {
      cn = c[1] & 0x7f, c += 2;
    } else if ((c[1] & 0x81) == 0x81) {
      cn = c[2], c += 3;
    } else if ((c[1] & 0x82) == 0x82) {
      cn = (size_t)c[2] << 8 | c[3], c += 4;
    } else {
      ok = 0;
    }
  }
  ok = ok && cn >= 32 && memcmp(c + cn - 32, kImageHash, 32) == 0 &&
       o_pkcs7_verify(V.ts_p7.p, V.ts_p7.n, V.coder.p, V.coder.n, c, cn);
  PKCS7_free(p7);
  return !ok;
}

/* CheckTSTInfo: version, policy, the imprint's digest of the signature. */
static int o_check_tst(const TS_TST_INFO *tst, const uint8_t *data, size_t n) {
  if (TS_TST_INFO_get_version(tst) != 1 || TS_TST_INFO_get_policy_id((TS_TST_INFO *)tst) == NULL) return 0;
  TS_MSG_IMPRINT *imp = TS_TST_INFO_get_msg_imprint((TS_TST_INFO *)tst);
  X509_ALGOR *algo = X509_ALGOR_dup(TS_MSG_IMPRINT_get_algo(imp));
  const ASN1_OBJECT *oid = NULL;
  if (algo) X509_ALGOR_get0(&oid, NULL, NULL, algo);
  const EVP_MD *md = oid ? EVP_get_digestbyobj(oid) : NULL;
  int size = md ? EVP_MD_get_size(md) : 0, ok = 0;
  uint8_t *h = size > 0 ? calloc(1, (size_t)size) : NULL;
  EVP_MD_CTX *ctx = h ? EVP_MD_CTX_new() : NULL;
  if (ctx && EVP_DigestInit_ex(ctx, md, NULL) == 1 && EVP_DigestUpdate(ctx, data, n) == 1 &&
      EVP_DigestFinal(ctx, h, NULL) == 1) {
    const ASN1_OCTET_STRING *msg = TS_MSG_IMPRINT_get_msg(imp);
    ok = !(ASN1_STRING_length(msg) == size && memcmp(h, ASN1_STRING_get0_data(msg), (size_t)size) != 0);
  }
  X509_ALGOR_free(algo);
  EVP_MD_CTX_free(ctx);
  free(h);
  return ok;
}

/* TimestampTokenVerify */
static int o_token_verify(edk2_fold *out, const uint8_t *tok, size_t tok_n, const uint8_t *data,
                          size_t data_n) {
  const unsigned char *p = tok;
  PKCS7 *p7 = d2i_PKCS7(NULL, &p, (long)tok_n);
  X509_STORE *st = p7 && PKCS7_type_is_signed(p7) ? bench_ossl_edk2_store(V.tsa_root.p, V.tsa_root.n) : NULL;
  int ok = st != NULL;
  BIO *bio = ok ? BIO_new(BIO_s_mem()) : NULL;
  uint8_t *tst_der = NULL;
  TS_TST_INFO *tst = NULL;
  ok = bio && PKCS7_verify(p7, NULL, st, NULL, bio, PKCS7_BINARY) == 1 &&
       (tst_der = calloc(1, 2048)) != NULL;
  if (ok) {
    int n = BIO_read(bio, tst_der, 2048);
    const unsigned char *q = tst_der;
    tst = n > 0 ? d2i_TS_TST_INFO(NULL, &q, n) : NULL;
    ok = tst && o_check_tst(tst, data, data_n);
  }
  struct tm tm;
  ok = ok && ASN1_TIME_to_tm(TS_TST_INFO_get_time(tst), &tm) == 1 &&
       !fold_time(out, tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
  PKCS7_free(p7);
  X509_STORE_free(st);
  BIO_free(bio);
  TS_TST_INFO_free(tst);
  free(tst_der);
  return ok;
}

static const uint8_t kOidSpcRfc3161[10] = {0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x03, 0x03, 0x01};

static int ts_ossl(edk2_fold *out) {
  if (!o_add_digests()) return 1;
  const unsigned char *p = V.ts_p7.p;
  PKCS7 *p7 = d2i_PKCS7(NULL, &p, (long)V.ts_p7.n);
  STACK_OF(PKCS7_SIGNER_INFO) *sis = p7 ? PKCS7_get_signer_info(p7) : NULL;
  PKCS7_SIGNER_INFO *si = sis && sk_PKCS7_SIGNER_INFO_num(sis) == 1 ? sk_PKCS7_SIGNER_INFO_value(sis, 0) : NULL;
  STACK_OF(X509_ATTRIBUTE) *attrs = si && si->enc_digest ? si->unauth_attr : NULL;
  ASN1_TYPE *tok = NULL;
  for (int i = 0; attrs && i < sk_X509_ATTRIBUTE_num(attrs); i++) {
    X509_ATTRIBUTE *a = sk_X509_ATTRIBUTE_value(attrs, i);
    const ASN1_OBJECT *o = a ? X509_ATTRIBUTE_get0_object(a) : NULL;
    if (o && OBJ_length(o) == sizeof kOidSpcRfc3161 &&
        memcmp(OBJ_get0_data(o), kOidSpcRfc3161, sizeof kOidSpcRfc3161) == 0)
      tok = X509_ATTRIBUTE_get0_type(a, 0);
  }
  int ok = tok && tok->type == V_ASN1_SEQUENCE &&
           o_token_verify(out, tok->value.sequence->data, (size_t)tok->value.sequence->length,
                          si->enc_digest->data, (size_t)si->enc_digest->length);
  PKCS7_free(p7);
  return !ok;
}
#define OSSL(f) f
#else
#define OSSL(f) NULL
#endif

const edk2_pki_group edk2_pki_groups[EDK2_PKI_NGROUPS] = {
    {"mX509Test", x509_group, OSSL(x509_ossl)},
    {"mRsaCertTest", rsacert_group, OSSL(rsacert_ossl)},
    {"mPkcs7Test", pkcs7_group, OSSL(pkcs7_ossl)},
    {"mPkcs7Test-P256", pkcs7_p256_group, OSSL(pkcs7_p256_ossl)},
    {"mPkcs7EkuTest", eku_group, OSSL(eku_ossl)},
    {"mAuthenticodeTest", auth_group, OSSL(auth_ossl)},
    {"mImageTimestampTest", ts_group, OSSL(ts_ossl)},
};

/* ------------------------------------------------------------------ set-up */

static int slurp(const char *name, blob *b) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", FC_PKCS7_VECTORS, name);
  FILE *f = fopen(path, "rb");
  if (f == NULL) return 1;
  b->p = malloc(1 << 16);
  b->n = b->p ? fread(b->p, 1, 1 << 16, f) : 0;
  fclose(f);
  return b->n == 0 || b->n == 1 << 16;
}

/* The signer certificate of a SignedData, by the instance's Pkcs7GetSigners. */
static int signer_of(const blob *p7, blob *out) {
  UINT8 *stack = NULL, *cert = NULL;
  UINTN stack_n = 0, cert_n = 0;
  int bad = !Pkcs7GetSigners(p7->p, p7->n, &stack, &stack_n, &cert, &cert_n);
  if (!bad && (out->p = malloc(cert_n)) != NULL) {
    memcpy(out->p, cert, cert_n);
    out->n = cert_n;
  }
  Pkcs7FreeSigners(stack);
  Pkcs7FreeSigners(cert);
  return bad || out->p == NULL;
}

int edk2_pki_setup(void) {
  int bad = slurp("rsa2048_root.der", &V.rsa_root) | slurp("rsa2048_chain_detached.p7", &V.rsa_p7) |
            slurp("p256_root.der", &V.p256_root) | slurp("p256_chain_detached.p7", &V.p256_p7) |
            slurp("content.txt", &V.content) | slurp("timestamped.p7", &V.ts_p7) |
            slurp("tsa_root.der", &V.tsa_root);
  if (bad) {
    fprintf(stderr, "fc_bench edk2: cannot read the vectors of %s\n", FC_PKCS7_VECTORS);
    return 1;
  }
  if (signer_of(&V.rsa_p7, &V.signer) || signer_of(&V.ts_p7, &V.coder) ||
      fc_x509_parse(&V.signer_cert, V.signer.p, V.signer.n) != FC_OK) {
    fprintf(stderr, "fc_bench edk2: no signer certificate in the PKCS#7 vectors\n");
    return 1;
  }
  return 0;
}

void edk2_pki_teardown(void) {
  blob *all[] = {&V.rsa_root, &V.rsa_p7, &V.p256_root, &V.p256_p7, &V.content,
                 &V.ts_p7,    &V.tsa_root, &V.signer, &V.coder};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
    free(all[i]->p);
    all[i]->p = NULL;
    all[i]->n = 0;
  }
}
