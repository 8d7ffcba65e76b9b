/*
 * SLH-DSA's hash functions (FIPS 205 section 11): F, H and T_l as
 * tweakable hashes over PK.seed || ADRS || input, and H_msg.
 *   SHAKE (11.1): SHAKE256(PK.seed || ADRS || in), n bytes; ADRS 32 bytes.
 *   SHA2, n = 16 (11.2.1): SHA-256(PK.seed || 0^(64-n) || ADRSc || in).
 *   SHA2, n = 24, 32 (11.2.2): F as at n = 16; H and T_l with SHA-512 and
 *   PK.seed padded to 128 bytes. ADRSc: the 22-byte compressed address.
 *   H_msg: MGF1-SHA-X(R || PK.seed || SHA-X(R || PK.seed || PK.root || M), m),
 *   X = 256 at n = 16, 512 otherwise.
 * The padded PK.seed fills exactly one block, so the state after it is
 * computed once per verification (fc__slh_hash_init) and each call clones
 * it (a plain copy of fc_hash_ctx): one compression instead of two.
 * Public data: variable time, nothing wiped.
 */
#include "hash/hash_internal.h"
#include "hashsig/hashsig_internal.h"

static void put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

static void put64(uint8_t *p, uint64_t v) {
  put32(p, (uint32_t)(v >> 32));
  put32(p + 4, (uint32_t)v);
}

size_t fc__slh_adrs_bytes(const fc__slhdsa_params *P, const fc__slh_adrs *a, uint8_t out[32]) {
  if (P->shake) {
    put32(out, a->layer);
    put32(out + 4, 0);
    put64(out + 8, a->tree);
    put32(out + 16, a->type);
    put32(out + 20, a->w1);
    put32(out + 24, a->w2);
    put32(out + 28, a->w3);
    return 32;
  }
  out[0] = (uint8_t)a->layer;
  put64(out + 1, a->tree);
  out[9] = (uint8_t)a->type;
  put32(out + 10, a->w1);
  put32(out + 14, a->w2);
  put32(out + 18, a->w3);
  return 22;
}

int fc__slh_hash_init(fc__slh_hash *c, const fc__slhdsa_params *P, const uint8_t *pk_seed) {
  static const uint8_t zero[128] = {0};
  c->P = P;
  memcpy(c->seed, pk_seed, P->n);
  if (P->shake)
    return fc__hs_x_init(&c->x, 1, P->n, NULL) &&
           fc_xof_init(&c->u.xof, FC_SHAKE256) == FC_OK &&
           fc_xof_absorb(&c->u.xof, pk_seed, P->n) == FC_OK;
  uint8_t block[64] = {0};
  memcpy(block, pk_seed, P->n);
  if (!fc__hs_x_init(&c->x, 0, P->n, block) || fc_hash_init(&c->u.sha.f, FC_SHA256) != FC_OK ||
      fc_hash_update(&c->u.sha.f, pk_seed, P->n) != FC_OK ||
      fc_hash_update(&c->u.sha.f, zero, 64u - P->n) != FC_OK)
    return 0;
  if (P->n == 16) return 1;
  return fc_hash_init(&c->u.sha.h, FC_SHA512) == FC_OK &&
         fc_hash_update(&c->u.sha.h, pk_seed, P->n) == FC_OK &&
         fc_hash_update(&c->u.sha.h, zero, 128u - P->n) == FC_OK;
}

void fc__slh_thash_begin(const fc__slh_hash *c, fc__slh_thash *t, int big,
                         const fc__slh_adrs *a) {
  uint8_t ab[32];
  size_t al = fc__slh_adrs_bytes(c->P, a, ab);
  t->P = c->P;
  if (c->P->shake) {
    t->u.xof = c->u.xof;
    (void)fc_xof_absorb(&t->u.xof, ab, al);
  } else {
    t->u.sha = big && c->P->n != 16 ? c->u.sha.h : c->u.sha.f;
    (void)fc_hash_update(&t->u.sha, ab, al);
  }
}

void fc__slh_thash_absorb(fc__slh_thash *t, const uint8_t *in, size_t len) {
  if (t->P->shake)
    (void)fc_xof_absorb(&t->u.xof, in, len);
  else
    (void)fc_hash_update(&t->u.sha, in, len);
}

void fc__slh_thash_end(fc__slh_thash *t, uint8_t *out) {
  if (t->P->shake) {
    (void)fc_xof_squeeze(&t->u.xof, out, t->P->n);
  } else {
    uint8_t d[FC_HASH_MAX_LEN];
    (void)fc_hash_final(&t->u.sha, d);
    memcpy(out, d, t->P->n);
  }
}

/* One tweakable hash over ADRS || in, the address already encoded at the
   start of buf: a single absorb into a clone of the seeded state. */
static void thash_buf(const fc__slh_hash *c, int big, const uint8_t *buf, size_t len,
                      uint8_t *out) {
  const fc__slhdsa_params *P = c->P;
  if (P->shake) {
    fc_xof_ctx x = c->u.xof;
    (void)fc_xof_absorb(&x, buf, len);
    (void)fc_xof_squeeze(&x, out, P->n);
  } else {
    fc_hash_ctx h = big && P->n != 16 ? c->u.sha.h : c->u.sha.f;
    uint8_t d[FC_HASH_MAX_LEN];
    (void)fc_hash_update(&h, buf, len);
    (void)fc_hash_final(&h, d);
    memcpy(out, d, P->n);
  }
}

void fc__slh_f(const fc__slh_hash *c, const fc__slh_adrs *a, const uint8_t *in, uint8_t *out) {
  uint8_t buf[32 + FC__SLH_N_MAX];
  size_t al = fc__slh_adrs_bytes(c->P, a, buf);
  memcpy(buf + al, in, c->P->n);
  thash_buf(c, 0, buf, al + c->P->n, out);
}

void fc__slh_h(const fc__slh_hash *c, const fc__slh_adrs *a, const uint8_t *l, const uint8_t *r,
               uint8_t *out) {
  uint8_t buf[32 + 2 * FC__SLH_N_MAX];
  size_t al = fc__slh_adrs_bytes(c->P, a, buf);
  memcpy(buf + al, l, c->P->n);
  memcpy(buf + al + c->P->n, r, c->P->n);
  thash_buf(c, 1, buf, al + 2u * c->P->n, out);
}

/* ---- many at a time -------------------------------------------------- */

/* Messages of one batch: ADRSc || in (SHA2) or PK.seed || ADRS || in
   (SHAKE), in lane-sized groups. */
static inline void batch(const fc__slh_hash *c, const fc__slh_adrs *a, const uint32_t *w3,
                         const uint8_t *const *in1, const uint8_t *const *in2,
                         uint8_t *const *out, size_t count, uint8_t *bufs, size_t stride) {
  const fc__slhdsa_params *P = c->P;
  const size_t lanes = c->x.lanes;
  uint8_t *bp[FC__HS_X_LANES_MAX];
  fc__slh_adrs t = *a;
  size_t pre = P->shake ? P->n : 0, len = 0;
  for (size_t g = 0; g < count; g += lanes) {
    size_t m = count - g < lanes ? count - g : lanes;
    for (size_t i = 0; i < m; i++) {
      uint8_t *b = bufs + i * stride;
      bp[i] = b;
      t.w3 = w3[g + i];
      memcpy(b, c->seed, pre);
      len = pre + fc__slh_adrs_bytes(P, &t, b + pre);
      memcpy(b + len, in1[g + i], P->n);
      len += P->n;
      if (in2 != NULL) {
        memcpy(b + len, in2[g + i], P->n);
        len += P->n;
      }
    }
    fc__hs_x_hash(&c->x, bp, len, m, out + g);
  }
}

/* Each path's lane buffers in its own frame: 16 blocks of 64 bytes (SHA2),
   or 8 Keccak states of 200 (SHAKE). */
__attribute__((noinline)) static void batch_sha(const fc__slh_hash *c, const fc__slh_adrs *a,
                                                const uint32_t *w3, const uint8_t *const *in1,
                                                const uint8_t *const *in2, uint8_t *const *out,
                                                size_t count) {
  uint8_t bufs[FC__HS_X_LANES_MAX * 64];
  batch(c, a, w3, in1, in2, out, count, bufs, 64);
}
__attribute__((noinline)) static void batch_shake(const fc__slh_hash *c, const fc__slh_adrs *a,
                                                  const uint32_t *w3, const uint8_t *const *in1,
                                                  const uint8_t *const *in2,
                                                  uint8_t *const *out, size_t count) {
  uint64_t bufs[FC__KECCAK_X_MAX * 25];
  batch(c, a, w3, in1, in2, out, count, (uint8_t *)bufs, FC__HS_X_STATE);
}
static void batch_any(const fc__slh_hash *c, const fc__slh_adrs *a, const uint32_t *w3,
                      const uint8_t *const *in1, const uint8_t *const *in2,
                      uint8_t *const *out, size_t count) {
  if (c->P->shake)
    batch_shake(c, a, w3, in1, in2, out, count);
  else
    batch_sha(c, a, w3, in1, in2, out, count);
}

void fc__slh_f_x(const fc__slh_hash *c, const fc__slh_adrs *a, const uint32_t *w3,
                 const uint8_t *const *in, uint8_t *const *out, size_t count) {
  batch_any(c, a, w3, in, NULL, out, count);
}

void fc__slh_h_x(const fc__slh_hash *c, const fc__slh_adrs *a, const uint32_t *w3,
                 const uint8_t *const *l, const uint8_t *const *r, uint8_t *const *out,
                 size_t count) {
  if (c->P->shake || c->P->n == 16) {
    batch_any(c, a, w3, l, r, out, count);
    return;
  }
  /* SHA2 at n = 24, 32: H is SHA-512, one call after another */
  fc__slh_adrs t = *a;
  for (size_t i = 0; i < count; i++) {
    t.w3 = w3[i];
    fc__slh_h(c, &t, l[i], r[i], out[i]);
  }
}

/* ---- H_msg ------------------------------------------------------------ */

static fc_hash_alg hmsg_alg(const fc__slhdsa_params *P) {
  return P->n == 16 ? FC_SHA256 : FC_SHA512;
}

int fc__slh_hmsg_start(const fc__slhdsa_params *P, fc_slhdsa_stream *st, const uint8_t *R,
                       const uint8_t *pk) {
  if (P->shake)
    return fc_xof_init(&st->h.xof, FC_SHAKE256) == FC_OK &&
           fc_xof_absorb(&st->h.xof, R, P->n) == FC_OK &&
           fc_xof_absorb(&st->h.xof, pk, 2u * P->n) == FC_OK;
  return fc_hash_init(&st->h.sha, hmsg_alg(P)) == FC_OK &&
         fc_hash_update(&st->h.sha, R, P->n) == FC_OK &&
         fc_hash_update(&st->h.sha, pk, 2u * P->n) == FC_OK;
}

int fc__slh_hmsg_absorb(const fc__slhdsa_params *P, fc_slhdsa_stream *st, const void *p,
                        size_t len) {
  if (P->shake) return fc_xof_absorb(&st->h.xof, p, len) == FC_OK;
  return fc_hash_update(&st->h.sha, p, len) == FC_OK;
}

int fc__slh_hmsg_end(const fc__slhdsa_params *P, fc_slhdsa_stream *st, const uint8_t *R,
                     const uint8_t *pk, uint8_t *digest) {
  if (P->shake) {
    int ok = fc_xof_squeeze(&st->h.xof, digest, P->m) == FC_OK;
    fc_xof_clear(&st->h.xof);
    return ok;
  }
  /* MGF1-SHA-X(R || PK.seed || inner, m) (RFC 8017 B.2.1) */
  uint8_t inner[FC_HASH_MAX_LEN], block[FC_HASH_MAX_LEN];
  fc_hash_alg alg = hmsg_alg(P);
  size_t hl = fc_hash_len(alg);
  if (fc_hash_final(&st->h.sha, inner) != FC_OK) return 0;
  for (uint32_t ctr = 0, done = 0; done < P->m; ctr++) {
    uint8_t cb[4];
    put32(cb, ctr);
    fc_hash_ctx h;
    if (fc_hash_init(&h, alg) != FC_OK || fc_hash_update(&h, R, P->n) != FC_OK ||
        fc_hash_update(&h, pk, P->n) != FC_OK || fc_hash_update(&h, inner, hl) != FC_OK ||
        fc_hash_update(&h, cb, 4) != FC_OK || fc_hash_final(&h, block) != FC_OK)
      return 0;
    size_t take = P->m - done < hl ? P->m - done : hl;
    memcpy(digest + done, block, take);
    done += (uint32_t)take;
  }
  return 1;
}
