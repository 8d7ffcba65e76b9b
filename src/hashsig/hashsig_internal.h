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
/* Many independent hashes at once: src/hashsig/hashsig_x.c           */
/* ================================================================== */

/* The hash of a batch: SHA-256 continuing from a start state (messages of
   at most 119 bytes after the prefix: one or two blocks), or SHAKE256 /
   SHAKE128 from the empty state (messages of at most 128 bytes: one
   block), each output cut to n bytes. */
typedef struct fc__hs_x {
  uint32_t shake;       /* 0: SHA-256 on FC_OP_SHA256_X; 1: SHAKE256, 2: SHAKE128 (below) */
  uint32_t rate;        /* SHAKE: 136 or 168 */
  uint32_t n;           /* output bytes: 16, 24 or 32 */
  uint32_t lanes;       /* messages the kernel hashes side by side (SHAKE: 1
                           on FC_OP_KECCAK, FC__KECCAK_X_MAX on FC_OP_KECCAK_X) */
  uint32_t init[8];     /* SHA-256: the state after prefix bytes */
  uint64_t prefix;      /* SHA-256: bytes folded into init (a multiple of 64) */
  const void *kernel;   /* fc__sha256_x_kernel, fc__keccak_x_kernel or fc__keccak_kernel */
} fc__hs_x;
#define FC__HS_X_LANES_MAX 16 /* FC__SHA256_X_MAX_LANES; FC__KECCAK_X_MAX is 8 */
#define FC__HS_X_STATE 200    /* a SHAKE message buffer: a Keccak state */
/* SHAKE batches use FC_OP_KECCAK_X only on a many-state kernel declaring
   at most this much stack (avx512). On a deeper one (avx2: 5,440 B, which
   would take the verifiers past 8 KiB) and on scalar (one state after
   another anyway) they hash one state at a time on FC_OP_KECCAK's kernel,
   the single-stream baseline of fc_bench hashsig. */
#define FC__HS_X_KECCAK_X_STACK 1536

/* shake 0: SHA-256 from the IV (prefix64 NULL) or after the 64-byte block
   prefix64; 1, 2: SHAKE256, SHAKE128 (prefix64 NULL). 0 when the hash
   kernels are not built. */
int fc__hs_x_init(fc__hs_x *x, int shake, uint32_t n, const uint8_t *prefix64);
/* count independent messages of len bytes: buf[i] holds one and is
   overwritten. SHA-256: room for the message's blocks (64 bytes for len <=
   55, 128 to 119), the padding is written into it. SHAKE: a Keccak state
   of FC__HS_X_STATE bytes, 8-byte aligned (a uint64_t[25]), the message at
   its start: it is absorbed and permuted in place. out[i] gets n bytes and
   may not alias buf[i]. Any count. */
void fc__hs_x_hash(const fc__hs_x *x, uint8_t *const *buf, size_t len, size_t count,
                   uint8_t *const *out);

/* count (<= FC__HS_CHAINS_MAX) Winternitz chains of one one-time key:
   chain i hashes tmpl (tmpl_len bytes) with its number idx0 + i written at
   chain_off (chain_len bytes, big-endian) and the step number at step_off
   (step_len bytes), followed by its n-byte value val + i n, which each step
   replaces: steps start[i] .. end - 1. Steps are scheduled so that every
   round of the kernel's lanes is full but the last (McNaughton's
   wrap-around rule: rounds = max(longest chain, ceil(steps / lanes))). */
typedef struct fc__hs_chains {
  const fc__hs_x *x;
  const uint8_t *tmpl;
  uint8_t tmpl_len, chain_off, chain_len, step_off, step_len;
} fc__hs_chains;
#define FC__HS_CHAINS_MAX 36
void fc__hs_chains_run(const fc__hs_chains *c, uint32_t idx0, const uint16_t *start,
                       uint32_t end, unsigned count, uint8_t *val);

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
#define FC__SLH_K_MAX 35   /* FORS trees, at most (256f) */

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
  fc__hs_x x;                     /* F (and H at n = 16 or SHAKE) many at a time */
  uint8_t seed[FC__SLH_N_MAX];    /* PK.seed: the SHAKE batches hash it each time */
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

/* The address as hashed: 32 bytes (SHAKE) or 22 (SHA2's ADRSc); returns
   the length. */
size_t fc__slh_adrs_bytes(const fc__slhdsa_params *P, const fc__slh_adrs *a, uint8_t out[32]);
/* count independent F (resp. H) calls: address a with index w3[i] (its
   other fields shared), inputs in[i] (resp. l[i] || r[i]), n-byte out[i]
   (out[i] may alias the inputs). */
void fc__slh_f_x(const fc__slh_hash *c, const fc__slh_adrs *a, const uint32_t *w3,
                 const uint8_t *const *in, uint8_t *const *out, size_t count);
void fc__slh_h_x(const fc__slh_hash *c, const fc__slh_adrs *a, const uint32_t *w3,
                 const uint8_t *const *l, const uint8_t *const *r, uint8_t *const *out,
                 size_t count);

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

/* ================================================================== */
/* XMSS / XMSS^MT (RFC 8391, SP 800-208): src/hashsig/xmss.c,          */
/* xmss_wots.c (its own include guard, as SLH-DSA's)                  */
/* ================================================================== */
#ifndef FC_HASHSIG_XMSS_INTERNAL_H
#define FC_HASHSIG_XMSS_INTERNAL_H

#include "fastcrypt/xmss.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FC__XMSS_N_MAX 32
#define FC__XMSS_LEN_MAX 67 /* WOTS+ chains, w = 16: 2n + 3 */
#define FC__XMSS_W 16       /* Winternitz parameter of every set */

/* The hash of a parameter set (RFC 8391 section 5.1, SP 800-208 5.1 to
   5.4): SHA-256 (its first 24 bytes for n = 24), SHAKE128 (n = 32, RFC
   8391's XMSS-SHAKE_*_256) or SHAKE256 (n = 24, 32; SP 800-208). */
enum { FC__XMSS_SHA2 = 0, FC__XMSS_SHAKE128 = 1, FC__XMSS_SHAKE256 = 2 };

/* One parameter set and its derived lengths. */
typedef struct fc__xmss_param {
  uint32_t oid;
  uint8_t mt;        /* 0: XMSS, 1: XMSS^MT (separate OID spaces) */
  uint8_t hash;      /* FC__XMSS_SHA2, _SHAKE128, _SHAKE256 */
  uint8_t n;         /* 24 or 32 */
  uint8_t pad;       /* bytes of toByte(x, pad) before each hash: 32 at n = 32, 4 at n = 24 */
  uint8_t h, d, hp;  /* total height, layers, tree height h / d (<= 20) */
  uint8_t len;       /* WOTS+ chains: 2n + 3 */
  uint8_t idx_bytes; /* 4 (XMSS) or ceil(h / 8) (XMSS^MT) */
  uint32_t sig_len;  /* idx_bytes + n + d * len * n + h * n */
} fc__xmss_param;

/* NULL for an unknown or unsupported (n = 64) OID. */
const fc__xmss_param *fc__xmss_param_of(uint32_t oid, int mt);

/* The tweakable hashes of one verification (one key): PRF, F, H (RFC 8391
   sections 5.1 and 4.1.x, SP 800-208 section 5). For SHA2 at n = 32,
   toByte(3, 32) || SEED is one 64-byte block: the SHA-256 state after it
   is computed once and each PRF clones it (one compression instead of
   two). ok turns 0 when a hash call fails (family not built). */
typedef struct fc__xmss_ctx {
  const fc__xmss_param *P;
  const uint8_t *seed; /* n bytes, the public SEED */
  int ok;
  fc__hs_x xp, xf; /* many PRF calls (SHA2, n = 32: from the state after
                      toByte(3, 32) || SEED), many F calls */
} fc__xmss_ctx;

/* An address (RFC 8391 section 2.5): eight 32-bit words, word 7 the
   keyAndMask, set per PRF call. */
typedef struct fc__xmss_adrs {
  uint32_t w[8];
} fc__xmss_adrs;

void fc__xmss_ctx_init(fc__xmss_ctx *c, const fc__xmss_param *P, const uint8_t *seed);
/* RAND_HASH (RFC 8391 Algorithm 7): out = H(KEY, (l ^ BM_0) || (r ^ BM_1)),
   the keys and masks PRF(SEED, a) with keyAndMask 0, 1, 2. n bytes each;
   out may alias l or r. */
void fc__xmss_rand_hash(fc__xmss_ctx *c, const fc__xmss_adrs *a, const uint8_t *l,
                        const uint8_t *r, uint8_t *out);
/* The leaf idx of tree (layer, tree) from a WOTS+ signature (len * n bytes)
   of the n-byte digest M: WOTS_pkFromSig (Algorithm 6), then ltree
   (Algorithm 8). out: n bytes. */
void fc__xmss_leaf(fc__xmss_ctx *c, uint32_t layer, uint64_t tree, uint32_t idx,
                   const uint8_t *M, const uint8_t *sig_ots, uint8_t *out);

#ifdef __cplusplus
}
#endif
#endif /* FC_HASHSIG_XMSS_INTERNAL_H */
/* ========================== end of XMSS =========================== */
