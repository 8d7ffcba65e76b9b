/*
 * Chain verification (RFC 5280 section 6, the parts a firmware verifier
 * needs): a depth-first search from the leaf over candidate issuers, the
 * trusted ones tried first. Bounds: FC_X509_MAX_DEPTH links (the
 * recursion's depth) and MAX_CHECKS signature checks in all, so a crafted
 * set of certificates cannot make the search explode. Stack: a frame of a
 * few words per level beside one signature check (ECDSA: under 4 KiB; RSA
 * in the caller's workspace).
 */
#include "x509/x509_internal.h"

#define MAX_CHECKS 64

typedef struct {
  const fc_x509_cert *untrusted, *trusted;
  size_t n_untrusted, n_trusted;
  uint32_t flags;
  int64_t now;
  void *ws;
  size_t ws_len;
  unsigned checks;
  const fc_x509_cert *path[FC_X509_MAX_DEPTH];
  const fc_x509_cert *anchor;
} chain;

static int is_trusted(const chain *C, const fc_x509_cert *c) {
  return C->n_trusted > 0 && c >= C->trusted && c < C->trusted + C->n_trusted;
}

static int self_issued(const fc_x509_cert *c) { return fc_x509_name_match(c->subject, c->issuer); }

/* What every link must satisfy on its own. */
static int link_ok(const chain *C, const fc_x509_cert *c) {
  if (c->flags & FC_X509_UNKNOWN_CRITICAL) return 0;
  if ((C->flags & FC_X509_CHECK_TIME) && (C->now < c->not_before || C->now > c->not_after)) return 0;
  return 1;
}

/* An issuer above `below` non-self-issued intermediates. A trusted one is
   an input of path validation, not a link of the path (RFC 5280 6.1.1 d,
   6.1.4 k): without basicConstraints it may still issue when it is a v1
   self-issued certificate or holds keyCertSign, as OpenSSL accepts such
   anchors (EDK2 db entries include v1 roots); cA FALSE is refused. */
static int ca_ok(const fc_x509_cert *c, unsigned below, int anchor) {
  if (!(c->flags & FC_X509_CA)) {
    if (!anchor || (c->flags & FC_X509_BASIC_CONSTRAINTS)) return 0;
    int v1_root = c->version == 1 && self_issued(c);
    int kcs = (c->flags & FC_X509_KEY_USAGE) && (c->key_usage & FC_KU_KEY_CERT_SIGN);
    if (!v1_root && !kcs) return 0;
  }
  if ((c->flags & FC_X509_KEY_USAGE) && !(c->key_usage & FC_KU_KEY_CERT_SIGN)) return 0;
  if ((c->flags & FC_X509_PATH_LEN) && below > c->path_len) return 0;
  return 1;
}

static int signed_by(chain *C, const fc_x509_cert *c, const fc_x509_cert *issuer) {
  if (C->checks >= MAX_CHECKS) return 0;
  C->checks++;
  return fc_x509_check_signed(c, issuer, C->ws, C->ws_len) == FC_OK;
}

static int der_equal(const fc_x509_cert *a, const fc_x509_cert *b) {
  return a->der.len == b->der.len && memcmp(a->der.p, b->der.p, a->der.len) == 0;
}

/* path[0..depth) is verified up to path[depth - 1]; `below` counts its
   non-self-issued intermediates. 1 when it can be completed. */
static int extend(chain *C, unsigned depth, unsigned below) {
  const fc_x509_cert *cur = C->path[depth - 1];
  if (depth >= FC_X509_MAX_DEPTH) return 0;
  for (size_t k = 0; k < C->n_trusted + C->n_untrusted; k++) {
    const fc_x509_cert *cand = k < C->n_trusted ? &C->trusted[k] : &C->untrusted[k - C->n_trusted];
    int seen = 0;
    for (unsigned i = 0; i < depth; i++) seen |= C->path[i] == cand || der_equal(C->path[i], cand);
    if (seen || !fc_x509_name_match(cur->issuer, cand->subject)) continue;
    if ((cur->flags & FC_X509_AKI) && (cand->flags & FC_X509_SKI) &&
        (cur->aki.len != cand->ski.len || memcmp(cur->aki.p, cand->ski.p, cur->aki.len) != 0))
      continue;
    if (!link_ok(C, cand) || !ca_ok(cand, below, is_trusted(C, cand)) || !signed_by(C, cur, cand))
      continue;
    if (is_trusted(C, cand)) {
      if (C->flags & FC_X509_PARTIAL_CHAIN) {
        C->anchor = cand;
        return 1;
      }
      if (self_issued(cand) && signed_by(C, cand, cand)) {
        C->anchor = cand;
        return 1;
      }
    }
    if (!(cand->flags & FC_X509_CA)) continue; /* accepted as an anchor only, not as a link */
    C->path[depth] = cand;
    if (extend(C, depth + 1, below + !self_issued(cand))) return 1;
  }
  return 0;
}

fc_err fc_x509_verify_chain(const fc_x509_cert *leaf, const fc_x509_cert *untrusted,
                            size_t n_untrusted, const fc_x509_cert *trusted, size_t n_trusted,
                            uint32_t flags, int64_t now, void *ws, size_t ws_len,
                            const fc_x509_cert **anchor) {
  if (anchor != NULL) *anchor = NULL;
  if (leaf == NULL || leaf->version == 0 || (untrusted == NULL && n_untrusted != 0) ||
      (trusted == NULL && n_trusted != 0) || ws == NULL || ws_len < FC_X509_SIG_WORKSPACE_BYTES ||
      (flags & ~(uint32_t)(FC_X509_PARTIAL_CHAIN | FC_X509_CHECK_TIME)) != 0)
    return FC_ERR_ARG;
  for (size_t i = 0; i < n_untrusted; i++)
    if (untrusted[i].version == 0) return FC_ERR_ARG;
  for (size_t i = 0; i < n_trusted; i++)
    if (trusted[i].version == 0) return FC_ERR_ARG;
  chain C;
  memset(&C, 0, sizeof C);
  C.untrusted = untrusted;
  C.trusted = trusted;
  C.n_untrusted = n_untrusted;
  C.n_trusted = n_trusted;
  C.flags = flags;
  C.now = now;
  C.ws = ws;
  C.ws_len = ws_len;
  C.path[0] = leaf;
  if (!link_ok(&C, leaf)) return FC_ERR_SIG;
  if (flags & FC_X509_PARTIAL_CHAIN)
    for (size_t i = 0; i < n_trusted; i++)
      if (der_equal(leaf, &trusted[i])) {
        if (anchor != NULL) *anchor = &trusted[i];
        return FC_OK;
      }
  if (!extend(&C, 1, 0)) return FC_ERR_SIG;
  if (anchor != NULL) *anchor = C.anchor;
  return FC_OK;
}
