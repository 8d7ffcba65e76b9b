/*
 * fastcrypt rsa: RSA public keys (n and e, DER, vboot), PKCS#1 v1.5 and
 * PSS verification.
 */
#ifndef FASTCRYPT_RSA_H
#define FASTCRYPT_RSA_H

#include "fastcrypt/bn.h"
#include "fastcrypt/hash.h"

#ifdef __cplusplus
extern "C" {
#endif


/* ------------------------------------------------------------------ */
/* RSA public-key operations                                           */

#define FC_RSA_MIN_BITS 512
#define FC_RSA_MAX_BITS 8192
#define FC_RSA_MAX_BYTES (FC_RSA_MAX_BITS / 8)

struct fc_rsa_pubkey {
  fc_mont_ctx mont;        /* n and its Montgomery constants */
  uint32_t nbytes;         /* modulus length in bytes (signature length) */
  uint32_t e_len;          /* exponent length in bytes, no leading zeros */
  uint8_t e[FC_RSA_MAX_BYTES]; /* public exponent, big-endian */
  int32_t hash;            /* fc_hash_alg from a .vbpubk, 0 when unknown */
};
typedef struct fc_rsa_pubkey fc_rsa_pubkey;

/* n, e big-endian, leading zeros allowed. Rejects (FC_ERR_KEY) an even
   modulus, one under 512 or over 8192 bits, e < 3, e even, e >= n.
   FC_ERR_UNSUPPORTED: e is not 2^k + 1 (k >= 1) in a build with
   FC_WITH_ANY_EXPONENT=OFF (fc_modpow / fc_modpow_ws likewise).
   Every key initialiser (this one, _from_der, _from_vboot) clears *key on
   failure, so a key that failed to (re)initialise is never usable: every
   later call with it returns FC_ERR_ARG, whatever it held before. */
fc_err fc_rsa_pubkey_init(fc_rsa_pubkey *key, const uint8_t *n, size_t n_len,
                          const uint8_t *e, size_t e_len);

/* PKCS#1 RSAPublicKey or X.509 SubjectPublicKeyInfo (rsaEncryption, NULL
   parameters), strict DER. Malformed: FC_ERR_DER; bad numbers: FC_ERR_KEY. */
fc_err fc_rsa_pubkey_from_der(fc_rsa_pubkey *key, const uint8_t *der, size_t der_len);

/* vboot .keyb (e = 3 or 65537 given) or .vbpubk (pass e = 0: e and hash come
   from its algorithm field). n0inv and rr are checked against n: a mismatch
   is FC_ERR_KEY. Formats are told apart by length. */
fc_err fc_rsa_pubkey_from_vboot(fc_rsa_pubkey *key, const uint8_t *buf, size_t len, uint32_t e);

/* Optional, for long-lived keys: precomputes per-key constants some
   Montgomery kernels use to verify faster (avx512ifma: e = 2^k + 1 such as
   65537 or 3, up to 4160 bits; the cost is about one verification). No key
   initialiser does this by itself, and it is never needed: without it
   verification gives the same results through the exponentiation path.
   Returns FC_OK, also on kernels and sizes with nothing to prepare (the key
   is then unchanged); FC_ERR_ARG for NULL or a key that is not initialised.
   It writes the key: call it once, after initialising and before sharing
   the key between threads (verifying with a shared key only reads it), and
   not on a const or ROM key. Re-initialising the key drops the constants. */
fc_err fc_rsa_pubkey_prepare(fc_rsa_pubkey *key);

/* PKCS#1 v1.5 (RSASSA-PKCS1-v1_5) verification of a digest. FC_OK only if
   valid; FC_ERR_SIG for any mismatch, and for a hash other than the one a
   key carries (key->hash, set from a .vbpubk: vboot binds the hash to the
   key, so metadata cannot downgrade it); FC_ERR_ARG for NULL, a key that is
   not initialised, or a digest length that does not match hash. The decrypted block is never parsed: the whole
   expected encoding is built and compared. */
fc_err fc_rsa_verify(const fc_rsa_pubkey *key, fc_hash_alg hash,
                     const uint8_t *digest, size_t digest_len,
                     const uint8_t *sig, size_t sig_len);

/* Workspace for fc_rsa_verify_ws with a modulus of `bits` bits, any exponent. */
#define FC_RSA_VERIFY_WORKSPACE_BYTES(bits) \
  (FC_MODPOW_WORKSPACE_BYTES(bits) + 4 * (((bits) + 31) / 32) + 16)

/* fc_rsa_verify with caller-provided workspace (no large stack frame). */
fc_err fc_rsa_verify_ws(const fc_rsa_pubkey *key, fc_hash_alg hash,
                        const uint8_t *digest, size_t digest_len,
                        const uint8_t *sig, size_t sig_len,
                        void *ws, size_t ws_len);

/* Raw in^e mod n; in_len and out = modulus byte length; in >= n rejected
   (FC_ERR_SIG). out may alias in. */
fc_err fc_rsa_public(const fc_rsa_pubkey *key, const uint8_t *in, size_t in_len,
                     uint8_t *out);


/* ------------------------------------------------------------------ */
/* RSA-PSS and hash-then-verify                                       */
/* ------------------------------------------------------------------ */

/*
 * RSASSA-PSS verification of a digest (RFC 8017 section 8.1.2 with
 * EMSA-PSS-VERIFY, section 9.1.2), MGF1 (appendix B.2.1) over mgf1_hash.
 * salt_len: the expected salt length, or FC_PSS_SALT_AUTO to accept any
 * salt length (recovered from the position of the 0x01 separator).
 * FC_OK only if valid; FC_ERR_SIG for any mismatch (including a key from a
 * .vbpubk whose hash is not `hash`); FC_ERR_ARG for NULL, unknown hashes,
 * a digest length that is not fc_hash_len(hash), or a salt_len that cannot
 * fit the modulus (emLen < hLen + salt_len + 2).
 */
#define FC_PSS_SALT_AUTO ((size_t)-1)
fc_err fc_rsa_verify_pss(const fc_rsa_pubkey *key, fc_hash_alg hash, fc_hash_alg mgf1_hash,
                         size_t salt_len, const uint8_t *digest, size_t digest_len,
                         const uint8_t *sig, size_t sig_len);

/* Workspace for fc_rsa_verify_pss_ws with a modulus of `bits` bits, any
   exponent (EM is decoded in the exponentiation's space once it is free). */
#define FC_RSA_VERIFY_PSS_WORKSPACE_BYTES(bits) FC_RSA_VERIFY_WORKSPACE_BYTES(bits)

/* fc_rsa_verify_pss with caller-provided workspace (no large stack frame). */
fc_err fc_rsa_verify_pss_ws(const fc_rsa_pubkey *key, fc_hash_alg hash, fc_hash_alg mgf1_hash,
                            size_t salt_len, const uint8_t *digest, size_t digest_len,
                            const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

/*
 * RSASSA-PSS with SHAKE128 or SHAKE256 as both the hash and the mask
 * generation function (RFC 8702 section 3.1: id-RSASSA-PSS-SHAKE128 and
 * -SHAKE256). digest is the message's SHAKE output of 32 bytes (SHAKE128)
 * or 64 (SHAKE256); H' and the mask are the same SHAKE's output. RFC 8702
 * fixes the salt at 32 or 64 bytes: pass that, or FC_PSS_SALT_AUTO.
 * Return codes as fc_rsa_verify_pss (FC_ERR_ARG for another shake value or
 * digest length; a .vbpubk key, which names a SHA hash, gives FC_ERR_SIG).
 */
fc_err fc_rsa_verify_pss_shake(const fc_rsa_pubkey *key, fc_xof_alg shake, size_t salt_len,
                               const uint8_t *digest, size_t digest_len,
                               const uint8_t *sig, size_t sig_len);
/* The same with caller-provided workspace (FC_RSA_VERIFY_PSS_WORKSPACE_BYTES). */
fc_err fc_rsa_verify_pss_shake_ws(const fc_rsa_pubkey *key, fc_xof_alg shake, size_t salt_len,
                                  const uint8_t *digest, size_t digest_len,
                                  const uint8_t *sig, size_t sig_len, void *ws, size_t ws_len);

/* Hash msg with `hash`, then fc_rsa_verify (PKCS#1 v1.5). msg may be NULL
   when len is 0. */
fc_err fc_rsa_verify_msg(const fc_rsa_pubkey *key, fc_hash_alg hash,
                         const void *msg, size_t len, const uint8_t *sig, size_t sig_len);


/* ------------------------------------------------------------------ */
/* Firmware: exact workspace (docs/firmware.md "Workspace")            */
/* ------------------------------------------------------------------ */

/*
 * Bytes fc_rsa_verify_ws needs for this key: what its modulus size, its
 * exponent (e = 2^k + 1, k >= 1, takes one value slot, others two) and the Montgomery
 * kernel recorded at its init ask for, at any alignment of the workspace.
 * With fewer bytes fc_rsa_verify_ws returns FC_ERR_ARG and writes nothing;
 * with more, a long exponent may use them for a wider window. At most
 * FC_RSA_VERIFY_WORKSPACE_BYTES(bits). 0 for NULL or an uninitialised key.
 * (scalar32, 8192 bits, e = 65537: 3,087 bytes.)
 */
size_t fc_rsa_workspace_size(const fc_rsa_pubkey *key);

#ifdef __cplusplus
}
#endif
#endif /* FASTCRYPT_RSA_H */
