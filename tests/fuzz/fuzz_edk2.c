/*
 * libFuzzer target: contrib/edk2's BaseCryptLib instance (its X.509,
 * PKCS#7, Authenticode and SLH-DSA files, built on the test stand-in StandIn.c for
 * the pool) on arbitrary bytes. The input, whole and also cut to size - 1
 * and 0, and the two parts it splits into at a position taken from its
 * first byte (A, B; each an exact-size heap copy, so an over-read shows),
 * go to every entry point that parses untrusted input:
 *   certificates: X509GetSubjectName, X509GetIssuerName, X509GetCommonName,
 *   X509GetOrganizationName, X509GetVersion, X509GetSerialNumber,
 *   X509GetSignatureAlgorithm, X509GetExtensionData (subjectKeyIdentifier),
 *   X509GetExtendedKeyUsage, X509GetExtendedBasicConstraints,
 *   X509GetValidity (+ X509CompareDateTime), X509GetKeyUsage,
 *   X509GetTBSCert, X509ConstructCertificate + X509Free,
 *   X509ConstructCertificateStack (new, then grown) + X509StackFree,
 *   RsaGetPublicKeyFromX509 / EcGetPublicKeyFromX509 (+ RsaFree / EcFree),
 *   SlhDsaGetPublicKeyFromX509 (+ SlhDsaGetPubKey's size query, SlhDsaFree),
 *   X509VerifyCert (the input under each fixed root, and as the CA of a
 *   fixed leaf), X509FormatDateTime (the input's first bytes as text);
 *   chains: X509GetCertFromCertChain (indices -1 to 16 and beyond),
 *   X509VerifyCertChain (under each fixed root; A as root over B);
 *   Asn1GetTag (fixed tags, and a walk down the input's TLVs);
 *   PKCS#7: Pkcs7GetSigners + Pkcs7FreeSigners, Pkcs7GetCertificatesList,
 *   Pkcs7GetAttachedContent (+ FreePool), Pkcs7Verify (over content.txt
 *   and over the input's own attached content, under each fixed root for
 *   the whole input and under root.der for the cut ones; A under
 *   B as the trusted certificate, and the input as the trusted certificate
 *   of a fixed SignedData), VerifyEKUsInPkcs7Signature (fixed EKUs and B
 *   as OID text, all/any), AuthenticodeVerify (fixed code-signing
 *   certificate and image hash; A under B), ImageTimestampVerify (the
 *   fixed TSA root; A under B); SLH-DSA: SlhDsaNewByNid (the input's size
 *   as NID), SlhDsaSetPubKey (A), SlhDsaGetPubKey, SlhDsaVerify (B as
 *   message and context, the input as signature; slhdsa_calls).
 * Whatever the input: no crash, no out-of-bounds access or undefined
 * behaviour (ASan/UBSan); every pool allocation of an iteration freed by
 * its end (StandIn.c's FcEdk2TestAllocs/FcEdk2TestFrees; its FreePool
 * aborts on a pointer it did not hand out: a double free); returned
 * pointers and sizes lie inside the input or the buffer given; the size
 * query conventions the instance documents hold (a query's size then
 * fetches, one less fails with the size again); returned status codes are
 * listed ones; outputs are NULL/0 on the failures that promise it;
 * X509ConstructCertificate accepts exactly what X509GetVersion parses.
 * Fixed data: tests/vectors/pkcs7 (FC_FUZZ_VECTORS, read once; checked to
 * verify at start-up). Seeds: tests/fuzz/corpus/edk2 (the DER files of
 * tests/vectors/pkcs7 as they are, two vboot test certificates as DER,
 * and root.der followed by the P-384 signer's certificate, a chain).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <Base.h>
#include <Library/BaseCryptLib.h>
#include <Library/MemoryAllocationLib.h>

#include "StandIn.h"
#include "fastcrypt.h"

#define CHECK(cond)                                                              \
  do {                                                                           \
    if (!(cond)) {                                                               \
      fprintf(stderr, "fuzz_edk2: %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      abort();                                                                   \
    }                                                                            \
  } while (0)

typedef struct {
  uint8_t *p;
  size_t n;
} blob;

/* SLH-DSA-SHAKE-256s (FIPS 205 Table 2), BaseCryptLib's one SLH-DSA set. */
#ifndef CRYPTO_NID_SLH_DSA_SHAKE_256S
#define CRYPTO_NID_SLH_DSA_SHAKE_256S 0x05CD
#endif
#define SLHDSA_PK 64
#define SLHDSA_SIG 29792

/* Fixed data, from tests/vectors/pkcs7. */
static blob g_roots[4];      /* root.der, rsa2048_root.der, p256_root.der, tsa_root.der */
static blob g_p7, g_content; /* p384_detached.p7 over content.txt, under root.der */
static blob g_leaf;          /* its signer's certificate, issued by root.der */
static blob g_codesign;      /* the self-signed signer of timestamped.p7 */
static uint8_t g_hash[32];   /* timestamped.p7's image hash (SHA-256) */

static blob load(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/pkcs7/%s", FC_FUZZ_VECTORS, name);
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "fuzz_edk2: cannot open %s\n", path);
    abort();
  }
  blob b = {malloc(16384), 0};
  CHECK(b.p != NULL);
  b.n = fread(b.p, 1, 16384, f);
  fclose(f);
  CHECK(b.n > 0 && b.n < 16384);
  return b;
}

static blob copy_of(const uint8_t *p, size_t n) {
  blob b = {malloc(n ? n : 1), n};
  CHECK(b.p != NULL);
  if (n) memcpy(b.p, p, n);
  return b;
}

static fc_pkcs7 g_parsed;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  static const char *roots[4] = {"root.der", "rsa2048_root.der", "p256_root.der", "tsa_root.der"};
  for (size_t i = 0; i < 4; i++) g_roots[i] = load(roots[i]);
  g_p7 = load("p384_detached.p7");
  g_content = load("content.txt");
  blob ts = load("timestamped.p7");
  /* the leaf and the code signer through libfastcrypt, not the code under test */
  CHECK(fc_pkcs7_parse(&g_parsed, g_p7.p, g_p7.n) == FC_OK);
  const fc_x509_cert *c = fc_pkcs7_signer_cert(&g_parsed, &g_parsed.signers[0]);
  CHECK(c != NULL);
  g_leaf = copy_of(c->der.p, c->der.len);
  CHECK(fc_pkcs7_parse(&g_parsed, ts.p, ts.n) == FC_OK);
  c = fc_pkcs7_signer_cert(&g_parsed, &g_parsed.signers[0]);
  CHECK(c != NULL && g_parsed.content.len >= 32);
  g_codesign = copy_of(c->der.p, c->der.len);
  /* SpcIndirectDataContent ends with the digest's OCTET STRING */
  memcpy(g_hash, g_parsed.content.p + g_parsed.content.len - 32, 32);
  /* the fixed data verifies, so the fuzzer starts from accepting paths */
  unsigned live = FcEdk2TestAllocs - FcEdk2TestFrees;
  EFI_TIME t;
  CHECK(X509VerifyCert(g_leaf.p, g_leaf.n, g_roots[0].p, g_roots[0].n));
  CHECK(Pkcs7Verify(g_p7.p, g_p7.n, g_roots[0].p, g_roots[0].n, g_content.p, g_content.n));
  CHECK(AuthenticodeVerify(ts.p, ts.n, g_codesign.p, g_codesign.n, g_hash, sizeof g_hash));
  CHECK(ImageTimestampVerify(ts.p, ts.n, g_roots[3].p, g_roots[3].n, &t));
  CHECK(FcEdk2TestAllocs - FcEdk2TestFrees == live);
  free(ts.p);
  return 0;
}

/* The input's buffer, for the pointers the instance returns into it. */
static const uint8_t *g_lo, *g_hi;

static void set_input(const uint8_t *p, size_t n) {
  g_lo = p;
  g_hi = p + n;
}

static void inside(const uint8_t *p, size_t n) {
  CHECK(p >= g_lo && p <= g_hi && n <= (size_t)(g_hi - p));
}

/* Whether out[0..n) occurs in the input (copied from it). */
static int copied(const uint8_t *out, size_t n) {
  size_t len = (size_t)(g_hi - g_lo);
  if (n == 0) return 1;
  for (size_t i = 0; i + n <= len; i++)
    if (g_lo[i] == out[0] && memcmp(g_lo + i, out, n) == 0) return 1;
  return 0;
}

typedef BOOLEAN(EFIAPI *name_fn)(CONST UINT8 *, UINTN, UINT8 *, UINTN *);

/* X509GetSubjectName / X509GetIssuerName: query, exact, one short, large. */
static void name_calls(name_fn fn, const uint8_t *c, size_t n) {
  UINTN need = 0;
  CHECK(!fn(c, n, NULL, &need));
  if (need == 0) return; /* did not parse */
  CHECK(need >= 2 && need <= n);
  UINTN sz = need + 64;
  CHECK(!fn(c, n, NULL, &sz) && sz == need); /* NULL out: FALSE, size */
  uint8_t *buf = malloc(need);
  CHECK(buf != NULL);
  sz = need;
  CHECK(fn(c, n, buf, &sz) && sz == need);
  CHECK(copied(buf, need));
  sz = need - 1;
  CHECK(!fn(c, n, buf, &sz) && sz == need);
  free(buf);
  buf = malloc(need + 64);
  CHECK(buf != NULL);
  sz = need + 64;
  CHECK(fn(c, n, buf, &sz) && sz == need);
  free(buf);
}

typedef RETURN_STATUS(EFIAPI *string_fn)(CONST UINT8 *, UINTN, CHAR8 *, UINTN *);

/* X509GetCommonName / X509GetOrganizationName. */
static void string_calls(string_fn fn, const uint8_t *c, size_t n) {
  UINTN sz = 0;
  RETURN_STATUS st = fn(c, n, NULL, &sz);
  CHECK(st == RETURN_BUFFER_TOO_SMALL || st == RETURN_NOT_FOUND || st == RETURN_INVALID_PARAMETER);
  if (st != RETURN_BUFFER_TOO_SMALL) {
    CHECK(st == RETURN_INVALID_PARAMETER || sz == 0);
    return;
  }
  UINTN full = sz;
  CHECK(full >= 1 && full <= 4 * n + 1); /* UTF-8 of at most n content octets */
  char *buf = malloc(full);
  CHECK(buf != NULL);
  sz = full;
  CHECK(fn(c, n, buf, &sz) == RETURN_SUCCESS && sz == full && buf[full - 1] == '\0');
  UINTN cut = full / 2 + 1; /* truncated: a prefix, NUL-terminated */
  char *part = malloc(cut);
  CHECK(part != NULL);
  sz = cut;
  CHECK(fn(c, n, part, &sz) == RETURN_SUCCESS && sz == cut && part[cut - 1] == '\0');
  CHECK(memcmp(part, buf, cut - 1) == 0);
  sz = 0;
  CHECK(fn(c, n, part, &sz) == RETURN_INVALID_PARAMETER); /* a buffer of size 0 */
  free(part);
  free(buf);
}

typedef BOOLEAN(EFIAPI *ext_fn)(CONST UINT8 *, UINTN, UINT8 *, UINTN *);

static const uint8_t g_oid_ski[3] = {0x55, 0x1D, 0x0E};

static BOOLEAN EFIAPI ext_ski(CONST UINT8 *c, UINTN n, UINT8 *out, UINTN *sz) {
  return X509GetExtensionData(c, n, g_oid_ski, sizeof g_oid_ski, out, sz);
}

/* X509GetExtensionData's convention, also for the EKU and basicConstraints calls. */
static void ext_calls(ext_fn fn, const uint8_t *c, size_t n) {
  UINTN sz = 0;
  BOOLEAN ok = fn(c, n, NULL, &sz);
  if (ok || sz == 0) {
    CHECK(sz == 0); /* absent (TRUE), no extensions or invalid (FALSE) */
    return;
  }
  UINTN need = sz;
  CHECK(need <= n);
  uint8_t *buf = malloc(need);
  CHECK(buf != NULL);
  CHECK(fn(c, n, buf, &sz) && sz == need);
  CHECK(copied(buf, need));
  sz = need - 1;
  CHECK(!fn(c, n, buf, &sz) && sz == need);
  sz = need + 100;
  CHECK(!fn(c, n, NULL, &sz) && sz == need);
  free(buf);
}

/* X509GetSerialNumber and X509GetSignatureAlgorithm. */
static void serial_calls(const uint8_t *c, size_t n, BOOLEAN parses) {
  UINTN sz = 0;
  CHECK(!X509GetSerialNumber(c, n, NULL, &sz));
  CHECK(parses ? sz >= 1 && sz <= n : sz == 0);
  if (parses) {
    UINTN need = sz;
    uint8_t *buf = malloc(need);
    CHECK(buf != NULL);
    CHECK(X509GetSerialNumber(c, n, buf, &sz) && sz == need);
    sz = need - 1;
    CHECK(!X509GetSerialNumber(c, n, buf, &sz) && sz == need);
    free(buf);
  }
  sz = 0;
  BOOLEAN ok = X509GetSignatureAlgorithm(c, n, NULL, &sz);
  if (!parses) {
    CHECK(!ok && sz == 0);
    return;
  }
  CHECK(!ok && sz >= 1 && sz <= n);
  UINTN need = sz;
  uint8_t *buf = malloc(need);
  CHECK(buf != NULL);
  CHECK(X509GetSignatureAlgorithm(c, n, buf, &sz) && sz == need && copied(buf, need));
  sz = need + 7;
  CHECK(X509GetSignatureAlgorithm(c, n, NULL, &sz) && sz == need);
  free(buf);
}

#define DATE_TIME_SIZE 16

static void validity_calls(const uint8_t *c, size_t n, BOOLEAN parses) {
  uint8_t *from = malloc(DATE_TIME_SIZE), *to = malloc(DATE_TIME_SIZE);
  CHECK(from != NULL && to != NULL);
  UINTN fs = 0, ts = 0;
  CHECK(!X509GetValidity(c, n, from, &fs, to, &ts));
  CHECK(fs == (parses ? DATE_TIME_SIZE : 0) && ts == 0);
  fs = ts = DATE_TIME_SIZE;
  BOOLEAN ok = X509GetValidity(c, n, from, &fs, to, &ts);
  CHECK(ok == parses);
  if (ok) {
    CHECK(fs == DATE_TIME_SIZE && ts == DATE_TIME_SIZE);
    INT32 cmp = X509CompareDateTime(from, to);
    CHECK(cmp >= -1 && cmp <= 1);
    CHECK(X509CompareDateTime(from, from) == 0);
    fs = ts = 1000;
    CHECK(X509GetValidity(c, n, NULL, &fs, NULL, &ts) && fs == DATE_TIME_SIZE && ts == DATE_TIME_SIZE);
  }
  free(from);
  free(to);
}

static void key_calls(const uint8_t *c, size_t n) {
  VOID *key = (VOID *)&key;
  if (RsaGetPublicKeyFromX509(c, n, &key)) {
    CHECK(key != NULL && key != (VOID *)&key);
    RsaFree(key);
  } else if (n == 0) {
    CHECK(key == NULL);
  }
  key = (VOID *)&key;
  if (EcGetPublicKeyFromX509(c, n, &key)) {
    CHECK(key != NULL && key != (VOID *)&key);
    EcFree(key);
  } else if (n == 0) {
    CHECK(key == NULL);
  }
  key = (VOID *)&key;
  if (SlhDsaGetPublicKeyFromX509(c, n, &key)) {
    CHECK(key != NULL && key != (VOID *)&key);
    UINT8 pk[SLHDSA_PK + 1];
    UINTN sz = 0;
    CHECK(!SlhDsaGetPubKey(key, pk, &sz) && sz == SLHDSA_PK); /* the size query */
    CHECK(SlhDsaGetPubKey(key, pk, &sz) && sz == SLHDSA_PK);
    SlhDsaFree(key);
  } else if (n == 0) {
    CHECK(key == NULL);
  } else {
    CHECK(key == (VOID *)&key); /* untouched */
  }
}

/*
 * SLH-DSA-SHAKE-256s verification with fuzzed keys, messages, contexts and
 * signatures: the argument checks on every input; a full verification
 * (about 2 ms) on one input in 32 (the last byte's low five bits zero),
 * with k as the key when it is 64 bytes (else a fixed one), m as the
 * message and context, and the whole input repeated to the signature's
 * length as the signature (an exact-size heap copy). No result is
 * asserted for that call: a fuzzer will not forge a signature, but a seed
 * may hold a valid one.
 */
static void slhdsa_calls(blob w, blob k, blob m) {
  static const UINT8 fixed_pk[SLHDSA_PK] = {1, 2, 3};
  VOID *other = SlhDsaNewByNid(w.n);
  CHECK((other != NULL) == (w.n == CRYPTO_NID_SLH_DSA_SHAKE_256S));
  SlhDsaFree(other);
  VOID *key = SlhDsaNewByNid(CRYPTO_NID_SLH_DSA_SHAKE_256S);
  CHECK(key != NULL);
  UINT8 pk[SLHDSA_PK];
  UINTN sz = sizeof pk;
  CHECK(!SlhDsaGetPubKey(key, pk, &sz) && sz == sizeof pk); /* no key yet */
  CHECK(!SlhDsaVerify(key, NULL, 0, m.p, m.n, w.p, w.n));
  CHECK(SlhDsaSetPubKey(key, k.p, k.n) == (k.n == SLHDSA_PK));
  if (k.n != SLHDSA_PK) CHECK(SlhDsaSetPubKey(key, (UINT8 *)fixed_pk, sizeof fixed_pk));
  sz = sizeof pk;
  CHECK(SlhDsaGetPubKey(key, pk, &sz) && sz == SLHDSA_PK);
  CHECK(memcmp(pk, k.n == SLHDSA_PK ? k.p : fixed_pk, SLHDSA_PK) == 0);
  UINTN ctx_n = m.n;
  /* wrong signature sizes, an over-long context, Context NULL with a size:
     refused before the signature is read (the last two claim SLHDSA_SIG
     bytes of a shorter buffer: ASan reports a read) */
  if (w.n != SLHDSA_SIG) CHECK(!SlhDsaVerify(key, m.p, ctx_n < 256 ? ctx_n : 255, w.p, w.n, w.p, w.n));
  if (ctx_n > 255) CHECK(!SlhDsaVerify(key, m.p, ctx_n, w.p, w.n, w.p, SLHDSA_SIG));
  CHECK(!SlhDsaVerify(key, NULL, 1, w.p, w.n, w.p, SLHDSA_SIG));
  if (w.n > 0 && (w.p[w.n - 1] & 0x1f) == 0) {
    uint8_t *sig = malloc(SLHDSA_SIG);
    CHECK(sig != NULL);
    for (size_t i = 0; i < SLHDSA_SIG; i++) sig[i] = w.p[i % w.n];
    (void)SlhDsaVerify(key, m.p, ctx_n < 256 ? ctx_n : 255, m.p, m.n, sig, SLHDSA_SIG);
    free(sig);
  }
  SlhDsaFree(key);
}

/* Every certificate entry point on c[0..n). */
static void cert_calls(const uint8_t *c, size_t n) {
  set_input(c, n);
  UINTN version = 99;
  BOOLEAN parses = X509GetVersion(c, n, &version);
  CHECK(!parses || version <= 2);
  UINT8 *obj = NULL;
  BOOLEAN built = X509ConstructCertificate(c, n, &obj);
  CHECK(built == parses && (obj != NULL) == built);
  X509Free(obj);
  name_calls(X509GetSubjectName, c, n);
  name_calls(X509GetIssuerName, c, n);
  string_calls(X509GetCommonName, c, n);
  string_calls(X509GetOrganizationName, c, n);
  serial_calls(c, n, parses);
  ext_calls(ext_ski, c, n);
  ext_calls(X509GetExtendedKeyUsage, c, n);
  ext_calls(X509GetExtendedBasicConstraints, c, n);
  validity_calls(c, n, parses);
  UINTN usage = 0;
  if (X509GetKeyUsage(c, n, &usage)) CHECK(usage != 0);
  UINT8 *tbs = NULL;
  UINTN tbs_size = 0;
  if (X509GetTBSCert(c, n, &tbs, &tbs_size)) {
    inside(tbs, tbs_size);
    CHECK(tbs_size >= 2 && tbs[0] == 0x30);
  }
  key_calls(c, n);
  if (!parses) return; /* the verifications below parse first */
  for (size_t i = 0; i < 4; i++) X509VerifyCert(c, n, g_roots[i].p, g_roots[i].n);
  X509VerifyCert(g_leaf.p, g_leaf.n, c, n);
}

/* X509ConstructCertificateStack with the pieces, then grown, then freed. */
static void stack_calls(blob w, blob a, blob b) {
  UINT8 *st = NULL;
  BOOLEAN ok = X509ConstructCertificateStack(&st, a.p, (UINTN)a.n, b.p, (UINTN)b.n, w.p, (UINTN)w.n,
                                             (UINT8 *)NULL);
  CHECK((st != NULL) == ok);
  UINT8 *before = st;
  ok = X509ConstructCertificateStack(&st, w.p, (UINTN)w.n, w.p, (UINTN)w.n, w.p, (UINTN)w.n, w.p,
                                     (UINTN)w.n, w.p, (UINTN)w.n, (UINT8 *)NULL);
  CHECK(before == NULL ? (st != NULL) == ok : st == before);
  X509StackFree(st);
  st = NULL;
  CHECK(!X509ConstructCertificateStack(&st, w.p, (UINTN)0) && st == NULL); /* an empty list */
}

/* X509GetCertFromCertChain and X509VerifyCertChain on c[0..n). */
static void chain_calls(const uint8_t *c, size_t n) {
  set_input(c, n);
  const UINT8 *cert = NULL, *last = NULL;
  UINTN len = 0, last_len = 0;
  INT32 i;
  for (i = 0; i < 16; i++) {
    if (!X509GetCertFromCertChain(c, n, i, &cert, &len)) break;
    inside(cert, len);
    CHECK(len >= 2 && cert[0] == 0x30 && (last == NULL || cert == last + last_len));
    last = cert;
    last_len = len;
  }
  if (X509GetCertFromCertChain(c, n, -1, &cert, &len)) {
    inside(cert, len);
    CHECK(i > 0 && (i == 16 || (cert == last && len == last_len)));
  } else {
    CHECK(i == 0);
  }
  CHECK(!X509GetCertFromCertChain(c, n, -2, &cert, &len));
  CHECK(!X509GetCertFromCertChain(c, n, 0x7FFFFFFF, &cert, &len));
  if (i == 0) return; /* no SEQUENCE: the walk verifies nothing */
  for (size_t r = 0; r < 4; r++) X509VerifyCertChain(g_roots[r].p, g_roots[r].n, c, n);
}

/* Asn1GetTag: fixed tags at the start, then a walk down the TLVs. */
static void asn1_calls(uint8_t *c, size_t n) {
  static const UINT32 tags[] = {0x30, 0x02, 0x06, 0xA0, 0x04, 0x31};
  UINT8 *end = c + n;
  UINTN len;
  for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++) {
    UINT8 *p = c;
    if (Asn1GetTag(&p, end, &len, tags[t])) {
      CHECK(p > c && p <= end && len <= (UINTN)(end - p) && ((c[0] ^ tags[t]) & 0xDF) == 0);
    } else {
      CHECK(p == c);
    }
  }
  UINT8 *p = end;
  CHECK(!Asn1GetTag(&p, c, &len, 0x30) || n == 0); /* End before Ptr */
  p = c;
  for (int step = 0; step < 64 && p < end; step++) {
    UINT8 *at = p;
    if (!Asn1GetTag(&p, end, &len, *at)) {
      CHECK(p == at);
      break;
    }
    CHECK(p > at && p <= end && len <= (UINTN)(end - p));
    if ((*at & 0x20) == 0) p += len; /* primitive: skip; constructed: step in */
  }
}

/* An EFI_CERT_STACK's layout: count, then (UINT32 length, DER) each, filling size. */
static void cert_stack(const UINT8 *s, UINTN size, size_t count_min) {
  CHECK(s != NULL && size >= 1);
  size_t count = s[0], pos = 1;
  CHECK(count >= count_min);
  for (size_t i = 0; i < count; i++) {
    UINT32 len;
    CHECK(size - pos >= 4);
    memcpy(&len, s + pos, 4);
    pos += 4;
    CHECK(len >= 2 && len <= size - pos && s[pos] == 0x30 && copied(s + pos, len));
    pos += len;
  }
  CHECK(pos == size);
}

static void signer_calls(const uint8_t *p, size_t n) {
  UINT8 *stack = (UINT8 *)&stack, *trusted = (UINT8 *)&trusted;
  UINTN stack_len = 0, cert_len = 0;
  if (Pkcs7GetSigners(p, n, &stack, &stack_len, &trusted, &cert_len)) {
    cert_stack(stack, stack_len, 1);
    CHECK(trusted != NULL && cert_len >= 2 && copied(trusted, cert_len));
    /* the last entry is the first signer's certificate, TrustedCert */
    CHECK(cert_len + 4 < stack_len && memcmp(stack + stack_len - cert_len, trusted, cert_len) == 0);
    Pkcs7FreeSigners(stack);
    Pkcs7FreeSigners(trusted);
  } else {
    CHECK(stack == NULL && trusted == NULL);
  }
  UINT8 *chain = (UINT8 *)&chain, *unchain = (UINT8 *)&unchain;
  UINTN chain_len = 1, unchain_len = 1;
  if (Pkcs7GetCertificatesList(p, n, &chain, &chain_len, &unchain, &unchain_len)) {
    cert_stack(chain, chain_len, 1);
    if (unchain != NULL) cert_stack(unchain, unchain_len, 1);
    else CHECK(unchain_len == 0);
    Pkcs7FreeSigners(chain);
    Pkcs7FreeSigners(unchain);
  } else {
    CHECK(chain == NULL && unchain == NULL && chain_len == 0 && unchain_len == 0);
  }
}

static void time_ok(const EFI_TIME *t) {
  CHECK(t->Year >= 1900 && t->Year <= 9999 && t->Month >= 1 && t->Month <= 12 && t->Day >= 1 &&
        t->Day <= 31 && t->Hour < 24 && t->Minute < 60 && t->Second < 60 && t->TimeZone == 0);
}

/*
 * Every PKCS#7 and Authenticode entry point on p[0..n); eku: B as OID text.
 * Under the first nroots fixed roots (each verification takes some 25 KiB
 * of pool, zeroed and scanned: all four for the whole input only).
 */
static void pkcs7_calls(const uint8_t *p, size_t n, const char *eku, size_t nroots) {
  set_input(p, n);
  signer_calls(p, n);
  VOID *content = (VOID *)&content;
  UINTN content_len = 1;
  BOOLEAN attached = Pkcs7GetAttachedContent(p, n, &content, &content_len);
  if (attached) {
    CHECK((content == NULL) == (content_len == 0));
    if (content != NULL) CHECK(copied(content, content_len));
  } else {
    CHECK(content == NULL && content_len == 0);
  }
  for (size_t r = 0; r < nroots; r++) {
    Pkcs7Verify(p, n, g_roots[r].p, g_roots[r].n, g_content.p, g_content.n);
    if (content != NULL) Pkcs7Verify(p, n, g_roots[r].p, g_roots[r].n, content, content_len);
  }
  if (content != NULL) FreePool(content);
  const CHAR8 *ekus[3] = {"1.3.6.1.5.5.7.3.8", "1.3.6.1.5.5.7.3.3", eku};
  for (int all = 0; all < 2; all++) {
    for (UINT32 count = 1; count <= 3; count += 2) {
      RETURN_STATUS st = VerifyEKUsInPkcs7Signature(p, (UINT32)n, ekus, count, (BOOLEAN)all);
      CHECK(st == RETURN_SUCCESS || st == RETURN_NOT_FOUND || st == RETURN_INVALID_PARAMETER);
      CHECK(n != 0 || st == RETURN_INVALID_PARAMETER);
    }
  }
  AuthenticodeVerify(p, n, g_codesign.p, g_codesign.n, g_hash, sizeof g_hash);
  AuthenticodeVerify(p, n, g_codesign.p, g_codesign.n, g_hash, 20); /* a short hash must fail */
  EFI_TIME t;
  memset(&t, 0xA5, sizeof t);
  if (ImageTimestampVerify(p, n, g_roots[3].p, g_roots[3].n, &t)) time_ok(&t);
  if (nroots > 1) ImageTimestampVerify(p, n, g_roots[3].p, g_roots[3].n, NULL);
}

/* X509FormatDateTime on the input's first bytes as text. */
static void date_calls(const uint8_t *data, size_t size) {
  char text[20];
  size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
  memcpy(text, data, n);
  text[n] = '\0';
  uint8_t *dt = malloc(DATE_TIME_SIZE);
  CHECK(dt != NULL);
  UINTN sz = 0;
  if (X509FormatDateTime(text, NULL, &sz) || sz != 0) {
    CHECK(sz == DATE_TIME_SIZE);
    sz = 0;
    CHECK(!X509FormatDateTime(text, dt, &sz) && sz == DATE_TIME_SIZE);
    CHECK(X509FormatDateTime(text, dt, &sz) && sz == DATE_TIME_SIZE);
    CHECK(X509CompareDateTime(dt, dt) == 0);
  }
  free(dt);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  unsigned live = FcEdk2TestAllocs - FcEdk2TestFrees;
  /* exact-size copies: the whole, one short, empty; A and B after the first byte */
  blob w = copy_of(data, size);
  blob w1 = copy_of(data, size ? size - 1 : 0);
  blob z = copy_of(data, 0);
  size_t rest = size ? size - 1 : 0;
  size_t k = size ? (size_t)data[0] * rest / 255 : 0;
  blob a = copy_of(data + (size ? 1 : 0), k);
  blob b = copy_of(data + (size ? 1 : 0) + k, rest - k);
  char eku[65];
  size_t en = b.n < 64 ? b.n : 64;
  memcpy(eku, b.p, en);
  eku[en] = '\0';

  blob all[5] = {w, w1, z, a, b};
  for (size_t i = 0; i < 5; i++) cert_calls(all[i].p, all[i].n);
  stack_calls(w, a, b);
  chain_calls(w.p, w.n);
  chain_calls(w1.p, w1.n);
  set_input(b.p, b.n);
  X509VerifyCertChain(a.p, a.n, b.p, b.n);
  X509VerifyCert(a.p, a.n, b.p, b.n);
  asn1_calls(w.p, w.n);
  asn1_calls(a.p, a.n);
  for (size_t i = 0; i < 4; i++) pkcs7_calls(all[i].p, all[i].n, eku, i == 0 ? 4 : 1);
  /* two fuzzed buffers */
  Pkcs7Verify(a.p, a.n, b.p, b.n, g_content.p, g_content.n);
  Pkcs7Verify(g_p7.p, g_p7.n, w.p, w.n, g_content.p, g_content.n);
  Pkcs7Verify(g_p7.p, g_p7.n, w1.p, w1.n, g_content.p, g_content.n);
  AuthenticodeVerify(a.p, a.n, b.p, b.n, g_hash, sizeof g_hash);
  EFI_TIME t;
  if (ImageTimestampVerify(a.p, a.n, b.p, b.n, &t)) time_ok(&t);
  date_calls(data, size);
  slhdsa_calls(w, a, b);

  free(w.p);
  free(w1.p);
  free(z.p);
  free(a.p);
  free(b.p);
  CHECK(FcEdk2TestAllocs - FcEdk2TestFrees == live); /* every pool allocation freed */
  return 0;
}
