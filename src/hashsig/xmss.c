/*
 * XMSS and XMSS^MT verification (RFC 8391 sections 4.1.10 and 4.2.5,
 * SP 800-208 section 5): the parameter sets, keys, signature parsing, the
 * Merkle paths of every layer, one-shot and streamed. Verification only
 * (signing is stateful: it stays with the signer's HSM, docs/xmss.md).
 * Public data only: variable time, nothing wiped. No heap; the stack holds
 * a few hash contexts and the chain values of one WOTS+ signature
 * (xmss_wots.c), never a signature-sized buffer.
 */
#include "hashsig/hashsig_internal.h"

static uint32_t rd32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* ---- Parameter sets --------------------------------------------------- */

/* RFC 8391 section 5.1; SP 800-208 section 5: toByte(x, 4) at n = 24. */
#define PAD(n) ((n) == 24 ? 4 : (n))
#define LEN(n) (2 * (n) + 3)
#define XS(oid, hs, n, h) {oid, 0, hs, n, PAD(n), h, 1, h, LEN(n), 4, 4 + (n) + LEN(n) * (n) + (h) * (n)}
#define IB(h) (((h) + 7) / 8)
#define MT(oid, hs, n, h, d)                                                                     \
  {oid, 1, hs, n, PAD(n), h, d, (h) / (d), LEN(n), IB(h),                                       \
   IB(h) + (n) + (d) * LEN(n) * (n) + (h) * (n)}
/* The eight XMSS^MT shapes of each hash, in OID order (RFC 8391 5.4). */
#define MT8(base, hs, n)                                                                        \
  MT(base, hs, n, 20, 2), MT(base + 1, hs, n, 20, 4), MT(base + 2, hs, n, 40, 2),               \
      MT(base + 3, hs, n, 40, 4), MT(base + 4, hs, n, 40, 8), MT(base + 5, hs, n, 60, 3),       \
      MT(base + 6, hs, n, 60, 6), MT(base + 7, hs, n, 60, 12)

enum { SHA2 = FC__XMSS_SHA2, SHAKE128 = FC__XMSS_SHAKE128, SHAKE256 = FC__XMSS_SHAKE256 };

/* IANA "XMSS Signatures" and "XMSS^MT Signatures" registries (RFC 8391
   sections 5.3, 5.4; SP 800-208 Tables 10, 11). n = 64 left out. */
static const fc__xmss_param params[] = {
    XS(0x01, SHA2, 32, 10),     XS(0x02, SHA2, 32, 16),     XS(0x03, SHA2, 32, 20),
    XS(0x07, SHAKE128, 32, 10), XS(0x08, SHAKE128, 32, 16), XS(0x09, SHAKE128, 32, 20),
    XS(0x0D, SHA2, 24, 10),     XS(0x0E, SHA2, 24, 16),     XS(0x0F, SHA2, 24, 20),
    XS(0x10, SHAKE256, 32, 10), XS(0x11, SHAKE256, 32, 16), XS(0x12, SHAKE256, 32, 20),
    XS(0x13, SHAKE256, 24, 10), XS(0x14, SHAKE256, 24, 16), XS(0x15, SHAKE256, 24, 20),
    MT8(0x01, SHA2, 32),        MT8(0x11, SHAKE128, 32),    MT8(0x21, SHA2, 24),
    MT8(0x29, SHAKE256, 32),    MT8(0x31, SHAKE256, 24),
};

const fc__xmss_param *fc__xmss_param_of(uint32_t oid, int mt) {
  for (size_t i = 0; i < sizeof params / sizeof params[0]; i++)
    if (params[i].oid == oid && params[i].mt == (mt != 0)) return &params[i];
  return NULL;
}

/* ---- Keys ------------------------------------------------------------- */

static const fc__xmss_param *key_param(const fc_xmss_pubkey *key) {
  if (key == NULL || key->n == 0) return NULL;
  const fc__xmss_param *P = fc__xmss_param_of(key->oid, (int)key->mt);
  return P != NULL && P->n == key->n ? P : NULL;
}

static fc_err key_set(fc_xmss_pubkey *key, int mt, const uint8_t *pk, size_t len) {
  if (key == NULL) return FC_ERR_ARG;
  const fc__xmss_param *P = NULL;
  fc_err rc = FC_ERR_ARG;
  if (pk != NULL) {
    rc = FC_ERR_KEY;
    if (len >= 4) P = fc__xmss_param_of(rd32(pk), mt);
  }
  if (P == NULL || len != 4u + 2u * P->n) {
    memset(key, 0, sizeof *key);
    return rc;
  }
  uint32_t oid = rd32(pk);
  memmove(key->pk, pk + 4, len - 4); /* pk may lie inside *key */
  memset(key->pk + (len - 4), 0, sizeof key->pk - (len - 4));
  key->oid = oid;
  key->mt = (uint32_t)mt;
  key->n = P->n;
  return FC_OK;
}

fc_err fc_xmss_pubkey_init(fc_xmss_pubkey *key, const uint8_t *pk, size_t len) {
  return key_set(key, 0, pk, len);
}

fc_err fc_xmssmt_pubkey_init(fc_xmss_pubkey *key, const uint8_t *pk, size_t len) {
  return key_set(key, 1, pk, len);
}

/* ---- Signatures -------------------------------------------------------- */

/* idx_sig of a signature of exactly P->sig_len bytes with idx_sig < 2^h
   (RFC 8391 Algorithms 12 and 16: the index is inside the key's leaves);
   1 if so. */
static int sig_parse(const fc__xmss_param *P, const uint8_t *sig, size_t len, uint64_t *idx) {
  if (sig == NULL || len != P->sig_len) return 0;
  uint64_t v = 0;
  for (unsigned i = 0; i < P->idx_bytes; i++) v = v << 8 | sig[i];
  *idx = v;
  return (v >> P->h) == 0; /* h <= 60 */
}

/* H_msg(r || root || toByte(idx_sig, n), M) = Hash(toByte(2, pad) || r ||
   root || toByte(idx_sig, n) || M) (RFC 8391 section 5.1, SP 800-208
   section 5): started into st. 1 on success. */
static int hmsg_start(const fc__xmss_param *P, fc_xmss_stream *st, const uint8_t *r,
                      const uint8_t *root, uint64_t idx) {
  uint8_t head[32 + 3 * FC__XMSS_N_MAX] = {0};
  const unsigned n = P->n;
  head[P->pad - 1] = 2;
  memcpy(head + P->pad, r, n);
  memcpy(head + P->pad + n, root, n);
  for (unsigned i = 0; i < 8; i++) head[P->pad + 3 * n - 1 - i] = (uint8_t)(idx >> (8 * i));
  size_t hl = P->pad + 3u * n;
  st->xof = P->hash != FC__XMSS_SHA2;
  if (!st->xof)
    return fc_hash_init(&st->h.sha, FC_SHA256) == FC_OK &&
           fc_hash_update(&st->h.sha, head, hl) == FC_OK;
  return fc_xof_init(&st->h.xof, P->hash == FC__XMSS_SHAKE128 ? FC_SHAKE128 : FC_SHAKE256) ==
             FC_OK &&
         fc_xof_absorb(&st->h.xof, head, hl) == FC_OK;
}

/* n bytes of the finished H_msg; 1 on success. */
static int hmsg_end(const fc__xmss_param *P, fc_xmss_stream *st, uint8_t *out) {
  if (st->xof) {
    int ok = fc_xof_squeeze(&st->h.xof, out, P->n) == FC_OK;
    fc_xof_clear(&st->h.xof);
    return ok;
  }
  uint8_t d[32];
  int ok = fc_hash_final(&st->h.sha, d) == FC_OK;
  memcpy(out, d, P->n); /* SHA-256/192: the first 24 bytes */
  return ok;
}

/*
 * XMSS_rootFromSig on every layer (RFC 8391 Algorithms 13, 14 and 17): the
 * leaf of layer j from its WOTS+ signature of M (M' at layer 0, the root of
 * layer j - 1 above), then its authentication path; the root of layer d - 1
 * against the key's. 1 valid, 0 invalid, -1 a hash call failed. sig has
 * P->sig_len bytes (checked by sig_parse).
 */
static int trees(const fc__xmss_param *P, const fc_xmss_pubkey *key, const uint8_t *sig,
                 uint64_t idx, const uint8_t *Mp) {
  const unsigned n = P->n, hp = P->hp;
  fc__xmss_ctx c;
  fc__xmss_ctx_init(&c, P, key->pk + n);
  const uint8_t *p = sig + P->idx_bytes + n;
  uint8_t node[FC__XMSS_N_MAX];
  memcpy(node, Mp, n);
  uint32_t leaf = (uint32_t)(idx & ((1u << hp) - 1)); /* hp <= 20 */
  uint64_t tree = P->mt ? idx >> hp : 0;
  for (unsigned j = 0; j < P->d; j++) {
    fc__xmss_leaf(&c, j, tree, leaf, node, p, node);
    p += (size_t)P->len * n;
    /* Hash tree address (type 2): padding word 0, height k, index. */
    fc__xmss_adrs a = {{j, (uint32_t)(tree >> 32), (uint32_t)tree, 2, 0, 0, 0, 0}};
    for (unsigned k = 0; k < hp; k++, p += n) {
      a.w[5] = k;
      a.w[6] = leaf >> (k + 1);
      if ((leaf >> k & 1) == 0)
        fc__xmss_rand_hash(&c, &a, node, p, node);
      else
        fc__xmss_rand_hash(&c, &a, p, node, node);
    }
    leaf = (uint32_t)(tree & ((1u << hp) - 1));
    tree >>= hp;
  }
  if (!c.ok) return -1;
  return memcmp(node, key->pk, n) == 0;
}

/* ---- Streamed and one-shot --------------------------------------------- */

static void stream_clear(fc_xmss_stream *st) {
  if (st->key != NULL && st->xof) fc_xof_clear(&st->h.xof);
  memset(st, 0, sizeof *st);
}

fc_err fc_xmss_stream_init(fc_xmss_stream *st, const fc_xmss_pubkey *key, const uint8_t *sig,
                           size_t sig_len) {
  if (st == NULL) return FC_ERR_ARG;
  memset(st, 0, sizeof *st);
  const fc__xmss_param *P = key_param(key);
  if (P == NULL || (sig == NULL && sig_len != 0)) return FC_ERR_ARG;
  uint64_t idx;
  if (!sig_parse(P, sig, sig_len, &idx)) return FC_ERR_SIG;
  if (!hmsg_start(P, st, sig + P->idx_bytes, key->pk, idx)) {
    st->key = key;
    stream_clear(st);
    return FC_ERR_UNSUPPORTED;
  }
  st->key = key;
  st->sig = sig;
  st->sig_len = sig_len;
  return FC_OK;
}

fc_err fc_xmss_stream_update(fc_xmss_stream *st, const void *msg, size_t len) {
  if (st == NULL || st->key == NULL || (msg == NULL && len != 0)) return FC_ERR_ARG;
  fc_err rc = st->xof ? fc_xof_absorb(&st->h.xof, msg, len) : fc_hash_update(&st->h.sha, msg, len);
  if (rc != FC_OK) stream_clear(st);
  return rc;
}

fc_err fc_xmss_stream_final(fc_xmss_stream *st) {
  if (st == NULL || st->key == NULL) return FC_ERR_ARG;
  const fc_xmss_pubkey *key = st->key;
  const fc__xmss_param *P = key_param(key);
  uint8_t Mp[FC__XMSS_N_MAX];
  uint64_t idx = 0;
  /* Checked again: the key or the signature may have changed since init. */
  int ok = P != NULL && (P->hash != FC__XMSS_SHA2) == (st->xof != 0) &&
           sig_parse(P, st->sig, st->sig_len, &idx);
  int hashed = ok && hmsg_end(P, st, Mp);
  const uint8_t *sig = st->sig;
  stream_clear(st);
  if (!ok) return FC_ERR_SIG;
  if (!hashed) return FC_ERR_UNSUPPORTED;
  int v = trees(P, key, sig, idx, Mp);
  return v == 1 ? FC_OK : v == 0 ? FC_ERR_SIG : FC_ERR_UNSUPPORTED;
}

fc_err fc_xmss_verify(const fc_xmss_pubkey *key, const void *msg, size_t len, const uint8_t *sig,
                      size_t sig_len) {
  if (key_param(key) == NULL || (msg == NULL && len != 0) || (sig == NULL && sig_len != 0))
    return FC_ERR_ARG;
  fc_xmss_stream st;
  fc_err rc = fc_xmss_stream_init(&st, key, sig, sig_len);
  if (rc == FC_OK) rc = fc_xmss_stream_update(&st, msg, len);
  if (rc == FC_OK) rc = fc_xmss_stream_final(&st);
  return rc;
}
