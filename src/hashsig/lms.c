/*
 * LMS and HSS verification (RFC 8554 sections 5 and 6, SP 800-208): keys,
 * signature parsing, the Merkle path, the HSS chain, one-shot and streamed.
 * Verification only (signing is stateful: it stays with the signer's HSM,
 * docs/lms.md). Public data only: variable time, nothing wiped. No heap;
 * the stack holds a few hash contexts and no signature-sized buffer.
 */
#include "hashsig/hashsig_internal.h"

#define D_LEAF 0x8282
#define D_INTR 0x8383

static uint32_t rd32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_u32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/* An LMS public key (u32 type || u32 otstype || I || T[1]) of exactly len
   bytes, with known types whose hash and n agree (SP 800-208 section 4:
   one hash function and n = m within an LMS key). NULL if not. */
static const fc__lms_param *lms_pk_check(const uint8_t *pk, size_t len) {
  if (len < 8) return NULL;
  const fc__lms_param *lp = fc__lms_param_of(rd32(pk));
  const fc__lmots_param *op = fc__lmots_param_of(rd32(pk + 4));
  if (lp == NULL || op == NULL || op->hash != lp->hash || op->n != lp->m) return NULL;
  return len == 24u + lp->m ? lp : NULL;
}

/* Bytes of the LMS signature at s (at most avail) made by the key pk (a
   checked LMS public key), 0 if it is malformed: another LM-OTS or LMS type
   than the key's, q outside the tree, truncated (RFC 8554 Algorithm 6a
   step 2). */
static size_t lms_sig_parse(const uint8_t *pk, const uint8_t *s, size_t avail) {
  const fc__lms_param *lp = fc__lms_param_of(rd32(pk));
  const fc__lmots_param *op = fc__lmots_param_of(rd32(pk + 4));
  if (avail < 8 || rd32(s + 4) != op->type) return 0;
  size_t ol = fc__lmots_sig_len(op), total = fc__lms_sig_len(lp, op);
  if (avail < 4 + ol + 4 || rd32(s + 4 + ol) != lp->type || avail < total) return 0;
  if (rd32(s) >> lp->h != 0) return 0; /* q >= 2^h */
  return total;
}

/* An HSS signature split into its levels: level i's LMS public key and the
   LMS signature it verifies (its message: level i+1's public key). */
typedef struct parsed {
  uint32_t levels;
  const uint8_t *pk[FC_HSS_LEVELS_MAX];
  const uint8_t *sig[FC_HSS_LEVELS_MAX];
} parsed;

/* RFC 8554 Algorithm 8 steps 1 to 3 (and the lengths of 6a): 1 if sig is a
   well-formed HSS signature for key, with nothing left over. */
static int hss_parse(const fc_hss_pubkey *key, const uint8_t *sig, size_t len, parsed *P) {
  size_t at = 0;
  if (!key->bare_lms) {
    if (len < 4 || rd32(sig) != key->levels - 1) return 0; /* Nspk = L - 1 */
    at = 4;
  }
  const uint8_t *pk = key->pk;
  P->levels = key->levels;
  for (uint32_t i = 0; i < key->levels; i++) {
    P->pk[i] = pk;
    P->sig[i] = sig + at;
    size_t used = lms_sig_parse(pk, sig + at, len - at);
    if (used == 0) return 0;
    at += used;
    if (i + 1 < key->levels) {
      if (len - at < 4) return 0;
      const fc__lms_param *lp = fc__lms_param_of(rd32(sig + at));
      if (lp == NULL || len - at < 24u + lp->m || lms_pk_check(sig + at, 24u + lp->m) == NULL)
        return 0;
      pk = sig + at;
      at += 24u + lp->m;
    }
  }
  return at == len;
}

/* Starts the LM-OTS message hash of the LMS signature s under pk. */
static void msg_start(fc__lms_hash *c, const uint8_t *pk, const uint8_t *s) {
  fc__lmots_msg_start(c, fc__lmots_param_of(rd32(pk + 4)), pk + 8, rd32(s), s + 8);
}

/* RFC 8554 Algorithm 6a step 3 and Algorithm 6b from Q, the finished
   message hash: 1 valid, 0 invalid, -1 a hash call failed. */
static int lms_check(const uint8_t *pk, const uint8_t *s, const uint8_t *Q) {
  const fc__lms_param *lp = fc__lms_param_of(rd32(pk));
  const fc__lmots_param *op = fc__lmots_param_of(rd32(pk + 4));
  const uint8_t *I = pk + 8;
  const uint32_t q = rd32(s), m = lp->m;
  uint8_t node[32];
  if (!fc__lmots_candidate(op, I, q, Q, s + 8 + op->n, node)) return -1;
  const uint8_t *path = s + 4 + fc__lmots_sig_len(op) + 4;
  uint32_t r = (1u << lp->h) + q;
  uint8_t head[22];
  memcpy(head, I, 16);
  fc__lms_hash c;
  put_u32(head + 16, r);
  head[20] = (uint8_t)(D_LEAF >> 8);
  head[21] = (uint8_t)D_LEAF;
  fc__lms_hash_init(&c, lp->hash, m);
  fc__lms_hash_update(&c, head, sizeof head);
  fc__lms_hash_update(&c, node, m);
  if (!fc__lms_hash_final(&c, node)) return -1;
  head[20] = (uint8_t)(D_INTR >> 8);
  head[21] = (uint8_t)D_INTR;
  for (unsigned i = 0; r > 1; i++, r >>= 1) {
    put_u32(head + 16, r >> 1);
    fc__lms_hash_init(&c, lp->hash, m);
    fc__lms_hash_update(&c, head, sizeof head);
    if (r & 1) {
      fc__lms_hash_update(&c, path + (size_t)i * m, m);
      fc__lms_hash_update(&c, node, m);
    } else {
      fc__lms_hash_update(&c, node, m);
      fc__lms_hash_update(&c, path + (size_t)i * m, m);
    }
    if (!fc__lms_hash_final(&c, node)) return -1;
  }
  return memcmp(node, pk + 24, m) == 0;
}

/* Every level but the bottom one: each signs the next level's key. */
static int upper_levels(const parsed *P) {
  for (uint32_t i = 0; i + 1 < P->levels; i++) {
    uint8_t Q[32];
    fc__lms_hash c;
    msg_start(&c, P->pk[i], P->sig[i]);
    fc__lms_hash_update(&c, P->pk[i + 1], 24u + fc__lms_param_of(rd32(P->pk[i + 1]))->m);
    if (!fc__lms_hash_final(&c, Q)) return -1;
    int v = lms_check(P->pk[i], P->sig[i], Q);
    if (v != 1) return v;
  }
  return 1;
}

static fc_err result(int v) {
  return v == 1 ? FC_OK : v == 0 ? FC_ERR_SIG : FC_ERR_UNSUPPORTED;
}

static int key_ok(const fc_hss_pubkey *key) {
  return key != NULL && key->levels >= 1 && key->levels <= FC_HSS_LEVELS_MAX &&
         lms_pk_check(key->pk, key->pk_len) != NULL;
}

static fc_err key_set(fc_hss_pubkey *key, uint32_t levels, uint32_t bare, const uint8_t *pk,
                      size_t len) {
  const fc__lms_param *lp = lms_pk_check(pk, len);
  if (lp == NULL || levels < 1 || levels > FC_HSS_LEVELS_MAX) {
    memset(key, 0, sizeof *key);
    return FC_ERR_KEY;
  }
  uint32_t lt = rd32(pk), ot = rd32(pk + 4);
  memmove(key->pk, pk, len); /* pk may lie inside *key */
  memset(key->pk + len, 0, sizeof key->pk - len);
  key->pk_len = (uint32_t)len;
  key->lms_type = lt;
  key->ots_type = ot;
  key->bare_lms = bare;
  key->levels = levels;
  return FC_OK;
}

fc_err fc_hss_pubkey_init(fc_hss_pubkey *key, const uint8_t *pk, size_t len) {
  if (key == NULL) return FC_ERR_ARG;
  if (pk == NULL) {
    memset(key, 0, sizeof *key);
    return FC_ERR_ARG;
  }
  if (len < 4) {
    memset(key, 0, sizeof *key);
    return FC_ERR_KEY;
  }
  return key_set(key, rd32(pk), 0, pk + 4, len - 4);
}

fc_err fc_lms_pubkey_init(fc_hss_pubkey *key, const uint8_t *pk, size_t len) {
  if (key == NULL) return FC_ERR_ARG;
  if (pk == NULL) {
    memset(key, 0, sizeof *key);
    return FC_ERR_ARG;
  }
  return key_set(key, 1, 1, pk, len);
}

uint32_t fc_hss_pubkey_levels(const fc_hss_pubkey *key) {
  return key_ok(key) ? key->levels : 0;
}

fc_err fc_hss_verify(const fc_hss_pubkey *key, const void *msg, size_t len, const uint8_t *sig,
                     size_t sig_len) {
  if (!key_ok(key) || (msg == NULL && len != 0) || (sig == NULL && sig_len != 0))
    return FC_ERR_ARG;
  parsed P;
  if (sig == NULL || !hss_parse(key, sig, sig_len, &P)) return FC_ERR_SIG;
  int v = upper_levels(&P);
  if (v != 1) return result(v);
  uint32_t b = P.levels - 1;
  uint8_t Q[32];
  fc__lms_hash c;
  msg_start(&c, P.pk[b], P.sig[b]);
  fc__lms_hash_update(&c, msg, len);
  if (!fc__lms_hash_final(&c, Q)) return FC_ERR_UNSUPPORTED;
  return result(lms_check(P.pk[b], P.sig[b], Q));
}

static void stream_clear(fc_hss_stream *st) {
  if (st->key != NULL && st->shake) fc_xof_clear(&st->h.xof);
  memset(st, 0, sizeof *st);
}

fc_err fc_hss_stream_init(fc_hss_stream *st, const fc_hss_pubkey *key, const uint8_t *sig,
                          size_t sig_len) {
  if (st == NULL) return FC_ERR_ARG;
  memset(st, 0, sizeof *st);
  if (!key_ok(key) || (sig == NULL && sig_len != 0)) return FC_ERR_ARG;
  parsed P;
  if (sig == NULL || !hss_parse(key, sig, sig_len, &P)) return FC_ERR_SIG;
  uint32_t b = P.levels - 1;
  fc__lms_hash c;
  msg_start(&c, P.pk[b], P.sig[b]);
  if (!c.ok) return FC_ERR_UNSUPPORTED;
  st->shake = c.shake;
  st->n = c.n;
  if (c.shake)
    st->h.xof = c.u.xof;
  else
    st->h.sha = c.u.sha;
  st->sig = sig;
  st->sig_len = sig_len;
  st->key = key;
  return FC_OK;
}

fc_err fc_hss_stream_update(fc_hss_stream *st, const void *msg, size_t len) {
  if (st == NULL || st->key == NULL || (msg == NULL && len != 0)) return FC_ERR_ARG;
  fc_err rc = st->shake ? fc_xof_absorb(&st->h.xof, msg, len) : fc_hash_update(&st->h.sha, msg, len);
  if (rc != FC_OK) stream_clear(st);
  return rc;
}

fc_err fc_hss_stream_final(fc_hss_stream *st) {
  if (st == NULL || st->key == NULL) return FC_ERR_ARG;
  parsed P;
  fc__lms_hash c;
  c.shake = st->shake;
  c.n = st->n;
  c.ok = 1;
  if (c.shake)
    c.u.xof = st->h.xof;
  else
    c.u.sha = st->h.sha;
  /* Parsed again: the key or the signature may have changed since init. */
  int ok = hss_parse(st->key, st->sig, st->sig_len, &P);
  if (ok) {
    const fc__lmots_param *op = fc__lmots_param_of(rd32(P.pk[P.levels - 1] + 4));
    ok = op->hash == c.shake && op->n == c.n;
  }
  stream_clear(st);
  uint8_t Q[32];
  if (!fc__lms_hash_final(&c, Q)) return FC_ERR_UNSUPPORTED;
  if (!ok) return FC_ERR_SIG;
  int v = upper_levels(&P);
  if (v != 1) return result(v);
  return result(lms_check(P.pk[P.levels - 1], P.sig[P.levels - 1], Q));
}
