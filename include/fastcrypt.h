/*
 * fastcrypt: fast, heap-free signature verification for firmware and systems code.
 *
 * The one header a user includes: it includes one header per family, and the
 * public contract is theirs. Every function is safe to call before fc_init():
 * each entry point initialises the library implicitly.
 * The library never allocates, never prints and never aborts.
 */
#ifndef FASTCRYPT_H
#define FASTCRYPT_H

/* One header per family, each readable alone (docs/architecture.md). */
#include "fastcrypt/core.h" /* version, errors, init, dispatch, CPU features */
#include "fastcrypt/bn.h"   /* Montgomery multiplication, modular exponentiation */
#include "fastcrypt/hash.h" /* SHA-1/2/3, SHAKE, ParallelHash, HMAC, HKDF, PBKDF2 */
#include "fastcrypt/rsa.h"  /* RSA keys, PKCS#1 v1.5 and PSS verification */
#include "fastcrypt/aes.h"  /* AES: ECB, CBC, CTR, GCM */
#include "fastcrypt/ec.h"   /* ECDSA P-256 and P-384 verification */
#include "fastcrypt/mldsa.h" /* ML-DSA verification (FIPS 204) */
#include "fastcrypt/lms.h"   /* LMS/HSS verification (RFC 8554) */
#include "fastcrypt/xmss.h"  /* XMSS, XMSS^MT verification (RFC 8391) */
#include "fastcrypt/slhdsa.h" /* SLH-DSA verification (FIPS 205) */
#include "fastcrypt/x509.h" /* X.509 certificates: parsing, signatures, chains */
#include "fastcrypt/pkcs7.h" /* PKCS#7 / CMS SignedData verification */
#include "fastcrypt/authenticode.h" /* PE image hash, Authenticode */

#endif /* FASTCRYPT_H */
