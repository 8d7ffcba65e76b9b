/*
 * The hashsig family's internal header: hash-based signature verification
 * (LMS/HSS, RFC 8554 and SP 800-208; SLH-DSA, FIPS 205) on the hash family.
 * Each scheme keeps its own section below.
 */
#ifndef FC_HASHSIG_INTERNAL_H
#define FC_HASHSIG_INTERNAL_H

#include "core/fc_internal.h"
#include "fastcrypt/hash.h"

#ifdef __cplusplus
extern "C" { /* the tests call internal symbols */
#endif

/* ================================================================== */
/* LMS / HSS (RFC 8554, SP 800-208): src/hashsig/lms.c, lms_ots.c     */
/* ================================================================== */

#include "fastcrypt/lms.h"

#define FC__LMS_SHA256 0 /* SHA-256, or its first 24 bytes (SHA-256/192) */
#define FC__LMS_SHAKE 1  /* SHAKE256 with 24 or 32 output bytes */

/* An LMS type (RFC 8554 Table 2, SP 800-208 Table 2). */
typedef struct fc__lms_param {
  uint32_t type;
  uint8_t hash; /* FC__LMS_SHA256 or FC__LMS_SHAKE */
  uint8_t m;    /* bytes per node: 24 or 32 */
  uint8_t h;    /* tree height: 5 .. 25 */
} fc__lms_param;

/* An LM-OTS type (RFC 8554 Table 1 and Appendix B, SP 800-208 Table 1). */
typedef struct fc__lmots_param {
  uint32_t type;
  uint8_t hash; /* FC__LMS_SHA256 or FC__LMS_SHAKE */
  uint8_t n;    /* bytes per chain value: 24 or 32 */
  uint8_t w;    /* Winternitz width in bits: 1, 2, 4, 8 */
  uint8_t ls;   /* left shift of the checksum */
  uint16_t p;   /* chains */
} fc__lmots_param;

/* NULL for an unknown code. */
const fc__lms_param *fc__lms_param_of(uint32_t type);
const fc__lmots_param *fc__lmots_param_of(uint32_t type);

/* Bytes of an LM-OTS signature (u32 type || C || y[p]) and of an LMS
   signature (u32 q || LM-OTS signature || u32 type || path[h]). */
size_t fc__lmots_sig_len(const fc__lmots_param *ots);
size_t fc__lms_sig_len(const fc__lms_param *lms, const fc__lmots_param *ots);

/* The one hash of a tree: SHA-256 (truncated to n) or SHAKE256 (n bytes). */
typedef struct fc__lms_hash {
  uint32_t shake, n;
  int ok; /* 0 once any call failed: final then reports failure */
  union {
    fc_hash_ctx sha;
    fc_xof_ctx xof;
  } u;
} fc__lms_hash;
void fc__lms_hash_init(fc__lms_hash *c, uint32_t shake, uint32_t n);
void fc__lms_hash_update(fc__lms_hash *c, const void *p, size_t len);
/* n bytes into out; 1 on success, 0 if any call on c failed. */
int fc__lms_hash_final(fc__lms_hash *c, uint8_t *out);

/* The message hash Q = H(I || u32 q || u16 D_MESG || C || message) starts
   here: *c is left open for the message (RFC 8554 Algorithm 4b step 3). */
void fc__lmots_msg_start(fc__lms_hash *c, const fc__lmots_param *ots, const uint8_t I[16],
                         uint32_t q, const uint8_t *C);

/* Kc from Q (n bytes: the finished message hash) and the y values of an
   LM-OTS signature (p * n bytes): Algorithm 4b steps 4 and 5. Kc gets n
   bytes. 1 on success, 0 on a hash failure. */
int fc__lmots_candidate(const fc__lmots_param *ots, const uint8_t I[16], uint32_t q,
                        const uint8_t *Q, const uint8_t *y, uint8_t *Kc);

/* ========================== end of LMS ============================ */

#ifdef __cplusplus
}
#endif
#endif /* FC_HASHSIG_INTERNAL_H */
