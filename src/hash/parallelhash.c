/*
 * ParallelHash256 (NIST SP 800-185 sections 2.3 and 6.3): the leaves,
 * cSHAKE256(X_i, 512, "", "") = SHAKE256(X_i, 64 bytes), eight at a time on
 * the FC_OP_KECCAK_X kernel; the outer cSHAKE256(newX, L, "ParallelHash", S)
 * absorbs their values as they come on the FC_OP_KECCAK kernel, so no
 * buffer grows with the message. Contract in fastcrypt.h.
 */
#include "hash/hash_internal.h"

#define RATE 136          /* cSHAKE256 */
#define SUFFIX_SHAKE 0x1f /* a leaf: cSHAKE with N = S = "" is SHAKE */
#define SUFFIX_CSHAKE 0x04

/* left_encode(x) (section 2.3.1) into out (at most 9 bytes); returns its length. */
static size_t left_encode(uint64_t x, uint8_t out[9]) {
  size_t n = 1;
  while (n < 8 && (x >> (8 * n)) != 0) n++;
  out[0] = (uint8_t)n;
  for (size_t i = 0; i < n; i++) out[1 + i] = (uint8_t)(x >> (8 * (n - 1 - i)));
  return n + 1;
}

/* right_encode(x): the bytes of x, then their count. */
static size_t right_encode(uint64_t x, uint8_t out[9]) {
  uint8_t t[9];
  size_t n = left_encode(x, t) - 1;
  for (size_t i = 0; i < n; i++) out[i] = t[1 + i];
  out[n] = (uint8_t)n;
  return n + 1;
}

typedef struct {
  const fc__keccak_kernel *k;
  uint64_t st[25];
  size_t pos;
} outer;

static void put(outer *o, const uint8_t *p, size_t len) {
  o->pos = fc__sponge_absorb(o->k, o->st, RATE, o->pos, p, len);
}

static void put_enc(outer *o, uint64_t x, int right) {
  uint8_t e[9];
  put(o, e, right ? right_encode(x, e) : left_encode(x, e));
}

fc_err fc_parallelhash256(const void *msg, size_t len, size_t block_size, const uint8_t *custom,
                          size_t custom_len, uint8_t *out, size_t out_len) {
  if (block_size == 0 || (msg == NULL && len) || (custom == NULL && custom_len) ||
      (out == NULL && out_len) || ((uint64_t)out_len >> 61) != 0 ||
      ((uint64_t)custom_len >> 61) != 0)
    return FC_ERR_ARG;
  const fc__keccak_kernel *k = fc__keccak_active();
  const fc__keccak_x_kernel *xk = fc__keccak_x_active();
  if (k == NULL || xk == NULL) return FC_ERR_UNSUPPORTED; /* FC_WITH_SHA=OFF */
  outer o = {k, {0}, 0};
  /* bytepad(encode_string(N) || encode_string(S), 136) */
  static const uint8_t n_enc[] = {0x01, 0x88, 0x01, 0x60, 'P', 'a', 'r', 'a', 'l', 'l',
                                  'e', 'l', 'H', 'a', 's', 'h'}; /* left_encode(136), N */
  put(&o, n_enc, sizeof(n_enc));
  put_enc(&o, (uint64_t)custom_len * 8, 0);
  put(&o, custom, custom_len);
  if (o.pos) { /* the zeros up to the block boundary change nothing but pos */
    k->permute(o.st);
    o.pos = 0;
  }
  put_enc(&o, block_size, 0);
  /* the leaves, eight at a time */
  const uint8_t *p = msg;
  size_t nleaves = len / block_size + (len % block_size != 0);
  uint8_t z[FC__KECCAK_X_MAX][64];
  for (size_t first = 0; first < nleaves; first += FC__KECCAK_X_MAX) {
    const uint8_t *mp[FC__KECCAK_X_MAX];
    size_t ml[FC__KECCAK_X_MAX];
    uint8_t *zp[FC__KECCAK_X_MAX];
    size_t n = nleaves - first < FC__KECCAK_X_MAX ? nleaves - first : FC__KECCAK_X_MAX;
    for (size_t i = 0; i < n; i++) {
      size_t off = (first + i) * block_size;
      mp[i] = p + off;
      ml[i] = len - off < block_size ? len - off : block_size;
      zp[i] = z[i];
    }
    fc__keccak_x_sponge(xk, RATE, SUFFIX_SHAKE, mp, ml, n, zp, 64);
    put(&o, &z[0][0], 64 * n);
  }
  put_enc(&o, nleaves, 1);
  put_enc(&o, (uint64_t)out_len * 8, 1);
  fc__sponge_pad(k, o.st, RATE, o.pos, SUFFIX_CSHAKE);
  for (size_t at = 0; at < out_len;) {
    size_t take = out_len - at < RATE ? out_len - at : RATE;
    fc__keccak_get_bytes(o.st, 0, out + at, take);
    at += take;
    if (at < out_len) k->permute(o.st);
  }
  fc__wipe(o.st, sizeof(o.st));
  fc__wipe(z, sizeof(z));
  return FC_OK;
}
