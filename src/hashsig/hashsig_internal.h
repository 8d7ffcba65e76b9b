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

/* ================================================================== */
/* SLH-DSA (FIPS 205): src/hashsig/slhdsa.c, slhdsa_params.c,          */
/* slhdsa_hash.c, slhdsa_wots.c, slhdsa_fors.c                         */
/* (its own include guard: appended after the shared header's end)     */
/* ================================================================== */
#ifndef FC_HASHSIG_SLHDSA_INTERNAL_H
#define FC_HASHSIG_SLHDSA_INTERNAL_H

#include "fastcrypt/slhdsa.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC__SLH_N_MAX 32
#define FC__SLH_M_MAX 49   /* message digest bytes, at most (256f) */
#define FC__SLH_LEN_MAX 67 /* WOTS+ chains: 2n + 3 for lg w = 4 */
#define FC__SLH_W 16       /* Winternitz parameter (lg w = 4, every set) */

/* One parameter set (FIPS 205 Table 2) and its derived lengths. */
typedef struct fc__slhdsa_params {
  uint32_t id;    /* fc_slhdsa_param */
  uint8_t shake;  /* 1: SHAKE256 (section 11.1); 0: SHA2 (sections 11.2.1, 11.2.2) */
  uint8_t n;      /* security parameter, bytes */
  uint8_t h, d;   /* hypertree height, layers */
  uint8_t hp;     /* h' = h / d: XMSS tree height */
  uint8_t a, k;   /* FORS tree height, FORS trees */
  uint8_t m;      /* H_msg output bytes */
  uint8_t len;    /* WOTS+ chains: 2n + 3 */
  uint32_t sig_len;
} fc__slhdsa_params;

/* NULL for an unknown parameter set. */
const fc__slhdsa_params *fc__slhdsa_params_of(fc_slhdsa_param id);

/* An address (FIPS 205 section 4.2) as its fields; encoded per hash call:
   32 bytes for SHAKE, the 22-byte compressed ADRSc for SHA2 (11.2). */
typedef struct fc__slh_adrs {
  uint32_t layer;
  uint64_t tree; /* the low 64 bits of the 96-bit tree address (the rest is 0) */
  uint32_t type;
  uint32_t w1, w2, w3; /* keypair / chain, height / hash, index */
} fc__slh_adrs;
enum {
  FC__SLH_WOTS_HASH = 0,
  FC__SLH_WOTS_PK = 1,
  FC__SLH_TREE = 2,
  FC__SLH_FORS_TREE = 3,
  FC__SLH_FORS_ROOTS = 4
};
static inline void fc__slh_adrs_type(fc__slh_adrs *a, uint32_t type) {
  a->type = type; /* setTypeAndClear */
  a->w1 = a->w2 = a->w3 = 0;
}

/* The hash functions F, H and T_l of one verification (one key): the
   states after PK.seed are computed once and cloned per call. */
typedef struct fc__slh_hash {
  const fc__slhdsa_params *P;
  union {
    struct {
      fc_hash_ctx f; /* SHA-256 after PK.seed || 0^(64-n): F (and H, T_l at n = 16) */
      fc_hash_ctx h; /* SHA-512 after PK.seed || 0^(128-n): H, T_l at n = 24, 32 */
    } sha;
    fc_xof_ctx xof; /* SHAKE256 after PK.seed */
  } u;
} fc__slh_hash;
/* One open tweakable hash: T_l's inputs are absorbed as they come. */
typedef struct fc__slh_thash {
  const fc__slhdsa_params *P;
  union {
    fc_hash_ctx sha;
    fc_xof_ctx xof;
  } u;
} fc__slh_thash;

/* 1 on success, 0 if the hash family failed (not built). */
int fc__slh_hash_init(fc__slh_hash *c, const fc__slhdsa_params *P, const uint8_t *pk_seed);
/* big = 0: F (and PRF); 1: H and T_l. */
void fc__slh_thash_begin(const fc__slh_hash *c, fc__slh_thash *t, int big, const fc__slh_adrs *a);
void fc__slh_thash_absorb(fc__slh_thash *t, const uint8_t *in, size_t len);
void fc__slh_thash_end(fc__slh_thash *t, uint8_t *out); /* n bytes */
/* F(PK.seed, ADRS, in) and H(PK.seed, ADRS, l || r); out may alias inputs. */
void fc__slh_f(const fc__slh_hash *c, const fc__slh_adrs *a, const uint8_t *in, uint8_t *out);
void fc__slh_h(const fc__slh_hash *c, const fc__slh_adrs *a, const uint8_t *l, const uint8_t *r,
               uint8_t *out);

/* H_msg (FIPS 205 sections 11.1, 11.2.1, 11.2.2), streamed: start
   absorbs R || PK.seed || PK.root, the caller absorbs M', end gives the
   m-byte digest. 1 on success, 0 on a hash failure. */
int fc__slh_hmsg_start(const fc__slhdsa_params *P, fc_slhdsa_stream *st, const uint8_t *R,
                       const uint8_t *pk);
int fc__slh_hmsg_absorb(const fc__slhdsa_params *P, fc_slhdsa_stream *st, const void *p,
                        size_t len);
int fc__slh_hmsg_end(const fc__slhdsa_params *P, fc_slhdsa_stream *st, const uint8_t *R,
                     const uint8_t *pk, uint8_t *digest);

/* base_2b (FIPS 205 Algorithm 4): out_len values of b bits from x. */
void fc__slh_base_2b(const uint8_t *x, unsigned b, unsigned out_len, uint16_t *out);

/* FORS public key from a FORS signature (Algorithm 17); a holds the FORS
   tree address (layer 0, tree, keypair). pk_fors: n bytes. */
void fc__slh_fors_pk(const fc__slh_hash *c, const uint8_t *sig_fors, const uint8_t *md,
                     fc__slh_adrs *a, uint8_t *pk_fors);
/* Hypertree verification (Algorithm 13): 1 if the root is PK.root. */
int fc__slh_ht_verify(const fc__slh_hash *c, const uint8_t *msg, const uint8_t *sig_ht,
                      uint64_t idx_tree, uint32_t idx_leaf, const uint8_t *pk_root);

/* The whole of slh_verify_internal (Algorithm 24) after H_msg: 1 if valid.
   sig has P->sig_len bytes. */
int fc__slh_verify_digest(const fc__slhdsa_params *P, const uint8_t *pk, const uint8_t *sig,
                          const uint8_t *digest);

#ifdef __cplusplus
}
#endif
#endif /* FC_HASHSIG_SLHDSA_INTERNAL_H */
/* ======================== end of SLH-DSA ========================== */
