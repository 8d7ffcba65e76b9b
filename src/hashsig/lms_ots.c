/*
 * LM-OTS (RFC 8554 section 4, SP 800-208 section 4): the parameter tables
 * of LMS and LM-OTS, the tree hash (SHA-256, SHA-256/192, SHAKE256/256,
 * SHAKE256/192) and the candidate public key of Algorithm 4b. Public data
 * only: variable time, nothing wiped.
 */
#include "hashsig/hashsig_internal.h"

#define D_PBLC 0x8080
#define D_MESG 0x8181

#define LMS(t, hs, m, h) {t, hs, m, h}
static const fc__lms_param lms_params[] = {
    LMS(0x05, FC__LMS_SHA256, 32, 5),  LMS(0x06, FC__LMS_SHA256, 32, 10),
    LMS(0x07, FC__LMS_SHA256, 32, 15), LMS(0x08, FC__LMS_SHA256, 32, 20),
    LMS(0x09, FC__LMS_SHA256, 32, 25), LMS(0x0A, FC__LMS_SHA256, 24, 5),
    LMS(0x0B, FC__LMS_SHA256, 24, 10), LMS(0x0C, FC__LMS_SHA256, 24, 15),
    LMS(0x0D, FC__LMS_SHA256, 24, 20), LMS(0x0E, FC__LMS_SHA256, 24, 25),
    LMS(0x0F, FC__LMS_SHAKE, 32, 5),   LMS(0x10, FC__LMS_SHAKE, 32, 10),
    LMS(0x11, FC__LMS_SHAKE, 32, 15),  LMS(0x12, FC__LMS_SHAKE, 32, 20),
    LMS(0x13, FC__LMS_SHAKE, 32, 25),  LMS(0x14, FC__LMS_SHAKE, 24, 5),
    LMS(0x15, FC__LMS_SHAKE, 24, 10),  LMS(0x16, FC__LMS_SHAKE, 24, 15),
    LMS(0x17, FC__LMS_SHAKE, 24, 20),  LMS(0x18, FC__LMS_SHAKE, 24, 25),
};

/* p and ls: RFC 8554 Appendix B for n = 32, SP 800-208 Table 1 for n = 24. */
#define OTS(t, hs, n, w, ls, p) {t, hs, n, w, ls, p}
static const fc__lmots_param ots_params[] = {
    OTS(0x01, FC__LMS_SHA256, 32, 1, 7, 265), OTS(0x02, FC__LMS_SHA256, 32, 2, 6, 133),
    OTS(0x03, FC__LMS_SHA256, 32, 4, 4, 67),  OTS(0x04, FC__LMS_SHA256, 32, 8, 0, 34),
    OTS(0x05, FC__LMS_SHA256, 24, 1, 8, 200), OTS(0x06, FC__LMS_SHA256, 24, 2, 6, 101),
    OTS(0x07, FC__LMS_SHA256, 24, 4, 4, 51),  OTS(0x08, FC__LMS_SHA256, 24, 8, 0, 26),
    OTS(0x09, FC__LMS_SHAKE, 32, 1, 7, 265),  OTS(0x0A, FC__LMS_SHAKE, 32, 2, 6, 133),
    OTS(0x0B, FC__LMS_SHAKE, 32, 4, 4, 67),   OTS(0x0C, FC__LMS_SHAKE, 32, 8, 0, 34),
    OTS(0x0D, FC__LMS_SHAKE, 24, 1, 8, 200),  OTS(0x0E, FC__LMS_SHAKE, 24, 2, 6, 101),
    OTS(0x0F, FC__LMS_SHAKE, 24, 4, 4, 51),   OTS(0x10, FC__LMS_SHAKE, 24, 8, 0, 26),
};

const fc__lms_param *fc__lms_param_of(uint32_t type) {
  return type >= 0x05 && type <= 0x18 ? &lms_params[type - 0x05] : NULL;
}

const fc__lmots_param *fc__lmots_param_of(uint32_t type) {
  return type >= 0x01 && type <= 0x10 ? &ots_params[type - 0x01] : NULL;
}

size_t fc__lmots_sig_len(const fc__lmots_param *ots) {
  return 4 + (size_t)ots->n * (ots->p + 1u);
}

size_t fc__lms_sig_len(const fc__lms_param *lms, const fc__lmots_param *ots) {
  return 4 + fc__lmots_sig_len(ots) + 4 + (size_t)lms->m * lms->h;
}

void fc__lms_hash_init(fc__lms_hash *c, uint32_t shake, uint32_t n) {
  c->shake = shake;
  c->n = n;
  c->ok = (shake ? fc_xof_init(&c->u.xof, FC_SHAKE256) : fc_hash_init(&c->u.sha, FC_SHA256)) ==
          FC_OK;
}

void fc__lms_hash_update(fc__lms_hash *c, const void *p, size_t len) {
  if (!c->ok) return;
  c->ok = (c->shake ? fc_xof_absorb(&c->u.xof, p, len) : fc_hash_update(&c->u.sha, p, len)) ==
          FC_OK;
}

int fc__lms_hash_final(fc__lms_hash *c, uint8_t *out) {
  if (!c->ok) return 0;
  if (c->shake) {
    c->ok = fc_xof_squeeze(&c->u.xof, out, c->n) == FC_OK;
    fc_xof_clear(&c->u.xof);
    return c->ok;
  }
  uint8_t d[32];
  c->ok = fc_hash_final(&c->u.sha, d) == FC_OK;
  memcpy(out, d, c->n); /* SHA-256/192: the first 24 bytes */
  return c->ok;
}

static void put_u32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

void fc__lmots_msg_start(fc__lms_hash *c, const fc__lmots_param *ots, const uint8_t I[16],
                         uint32_t q, const uint8_t *C) {
  uint8_t head[22];
  memcpy(head, I, 16);
  put_u32(head + 16, q);
  head[20] = (uint8_t)(D_MESG >> 8);
  head[21] = (uint8_t)D_MESG;
  fc__lms_hash_init(c, ots->hash, ots->n);
  fc__lms_hash_update(c, head, sizeof head);
  fc__lms_hash_update(c, C, ots->n);
}

/* coef(S, i, w) of RFC 8554 section 3.1.3. */
static unsigned coef(const uint8_t *S, unsigned i, unsigned w) {
  unsigned per = 8 / w, mask = (1u << w) - 1;
  return (S[i / per] >> (8 - w * (i % per + 1))) & mask;
}

int fc__lmots_candidate(const fc__lmots_param *ots, const uint8_t I[16], uint32_t q,
                        const uint8_t *Q, const uint8_t *y, uint8_t *Kc) {
  const unsigned n = ots->n, w = ots->w, top = (1u << w) - 1;
  /* Q || Cksm(Q) (section 4.4). */
  uint8_t qc[32 + 2];
  memcpy(qc, Q, n);
  unsigned sum = 0;
  for (unsigned i = 0; i < n * 8 / w; i++) sum += top - coef(Q, i, w);
  sum <<= ots->ls;
  qc[n] = (uint8_t)(sum >> 8);
  qc[n + 1] = (uint8_t)sum;

  /* Kc = H(I || u32 q || u16 D_PBLC || z[0] || ... || z[p-1]), the z[i]
     absorbed a group of chains at a time: no array of p values. */
  uint8_t head[22];
  memcpy(head, I, 16);
  put_u32(head + 16, q);
  head[20] = (uint8_t)(D_PBLC >> 8);
  head[21] = (uint8_t)D_PBLC;
  fc__lms_hash outer;
  fc__lms_hash_init(&outer, ots->hash, n);
  fc__lms_hash_update(&outer, head, sizeof head);

  /* The chain steps H(I || u32 q || u16 i || u8 j || tmp), up to
     FC__HS_CHAINS_MAX chains side by side, their ends absorbed in order. */
  fc__hs_x x;
  if (!fc__hs_x_init(&x, ots->hash, n, NULL)) return 0;
  uint8_t tmpl[23];
  memcpy(tmpl, head, 20);
  fc__hs_chains ch = {&x, tmpl, 23, 20, 2, 22, 1};
  uint8_t vals[FC__HS_CHAINS_MAX * 32];
  uint16_t start[FC__HS_CHAINS_MAX];
  for (unsigned i0 = 0; i0 < ots->p; i0 += FC__HS_CHAINS_MAX) {
    unsigned cnt = ots->p - i0 < FC__HS_CHAINS_MAX ? ots->p - i0 : FC__HS_CHAINS_MAX;
    for (unsigned i = 0; i < cnt; i++) start[i] = (uint16_t)coef(qc, i0 + i, w);
    memcpy(vals, y + (size_t)i0 * n, (size_t)cnt * n);
    fc__hs_chains_run(&ch, i0, start, top, cnt, vals);
    fc__lms_hash_update(&outer, vals, (size_t)cnt * n);
  }
  return fc__lms_hash_final(&outer, Kc);
}
