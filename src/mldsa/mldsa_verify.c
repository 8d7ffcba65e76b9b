/*
 * ML-DSA.Verify_internal (FIPS 204 Algorithm 8) in bounded memory.
 *
 * A is never stored: its k*l entries are sampled (RejNTTPoly, Algorithm
 * 30) as SHAKE128 streams on the FC_OP_KECCAK_X kernel, up to eight at a
 * time in row-major order, and each block of accepted coefficients is
 * multiplied into its row's accumulator as it comes (acc_i = sum_j A_ij *
 * NTT(z_j)). A batch spans at most two rows, so two accumulators suffice;
 * a row is finished (minus NTT(c) * NTT(t1_i 2^d), NTT^-1, UseHint,
 * w1Encode, absorbed into the c-tilde hash) as soon as its last entry is
 * done. What stays for the whole call: NTT(z_j) for every column (reduced
 * to [0, q) and packed in 3 bytes a coefficient: 5.3 KiB for ML-DSA-87
 * instead of 7), NTT(-c) and the two accumulators (docs/mldsa.md,
 * "Memory").
 * Public data only: variable time, nothing wiped.
 */
#include "hash/hash_internal.h"
#include "mldsa/mldsa_internal.h"

#define N FC__MLDSA_N
#define Q FC__MLDSA_Q
#define SHAKE128_RATE 168
#define BATCH FC__KECCAK_X_MAX

/* BitUnpack of z_j (Algorithm 19 with a = gamma1 - 1, b = gamma1): 0 when a
   coefficient has |z| >= gamma1 - beta. */
static int unpack_z(const fc__mldsa_params *P, const uint8_t *p, int32_t z[N]) {
  const int32_t g1 = P->gamma1;
  if (P->z_bits == 18) { /* four coefficients in 9 bytes */
    for (unsigned i = 0; i < N; i += 4, p += 9) {
      uint64_t lo = fc__le64(p); /* bytes 0..7; byte 8 below */
      z[i] = g1 - (int32_t)(lo & 0x3ffff);
      z[i + 1] = g1 - (int32_t)((lo >> 18) & 0x3ffff);
      z[i + 2] = g1 - (int32_t)((lo >> 36) & 0x3ffff);
      z[i + 3] = g1 - (int32_t)((lo >> 54 | (uint64_t)p[8] << 10) & 0x3ffff);
    }
  } else { /* 20 bits: two coefficients in 5 bytes */
    for (unsigned i = 0; i < N; i += 2, p += 5) {
      uint64_t v = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint64_t)p[3] << 24 |
                   (uint64_t)p[4] << 32;
      z[i] = g1 - (int32_t)(v & 0xfffff);
      z[i + 1] = g1 - (int32_t)(v >> 20);
    }
  }
  /* |z| < gamma1 - beta, every coefficient (z > -gamma1 by construction) */
  const uint32_t span = 2u * (uint32_t)(g1 - P->beta) - 1;
  unsigned bad = 0;
  for (unsigned i = 0; i < N; i++) bad |= (uint32_t)(z[i] + (g1 - P->beta) - 1) >= span;
  return !bad;
}

/* t1_i * 2^d from pkEncode's 10-bit packing. */
static void unpack_t1(const uint8_t *p, int32_t t[N]) {
  for (unsigned i = 0; i < N; i += 4, p += 5) {
    t[i] = (int32_t)((p[0] | (uint32_t)p[1] << 8) & 0x3ff) << FC__MLDSA_D;
    t[i + 1] = (int32_t)((p[1] >> 2 | (uint32_t)p[2] << 6) & 0x3ff) << FC__MLDSA_D;
    t[i + 2] = (int32_t)((p[2] >> 4 | (uint32_t)p[3] << 4) & 0x3ff) << FC__MLDSA_D;
    t[i + 3] = (int32_t)((p[3] >> 6 | (uint32_t)p[4] << 2) & 0x3ff) << FC__MLDSA_D;
  }
}

/* HintBitUnpack (Algorithm 21) checks only: 1 when y (omega + k bytes) is a
   well-formed hint. Row i's positions are then y[y[omega+i-1] ..
   y[omega+i]) (from 0 for row 0), strictly increasing. */
static int hint_ok(const fc__mldsa_params *P, const uint8_t *y) {
  unsigned index = 0;
  for (unsigned i = 0; i < P->k; i++) {
    unsigned end = y[P->omega + i];
    if (end < index || end > P->omega) return 0;
    for (unsigned first = index; index < end; index++)
      if (index > first && y[index - 1] >= y[index]) return 0;
  }
  for (; index < P->omega; index++)
    if (y[index] != 0) return 0;
  return 1;
}

/* -c for c = SampleInBall(c-tilde) (Algorithm 29), coefficients in {-1,0,1}. */
static void sample_in_ball_neg(const fc__mldsa_params *P, const uint8_t *ctilde, int32_t c[N]) {
  fc_xof_ctx x;
  uint8_t buf[136];
  fc_xof_init(&x, FC_SHAKE256);
  fc_xof_absorb(&x, ctilde, P->ctilde_len);
  fc_xof_squeeze(&x, buf, sizeof buf);
  uint64_t signs = fc__le64(buf);
  unsigned pos = 8;
  for (unsigned i = 0; i < N; i++) c[i] = 0;
  for (unsigned i = N - P->tau; i < N; i++) {
    unsigned j;
    do {
      if (pos == sizeof buf) {
        fc_xof_squeeze(&x, buf, sizeof buf);
        pos = 0;
      }
      j = buf[pos++];
    } while (j > i);
    c[i] = c[j];
    c[j] = (signs & 1) ? 1 : -1; /* negated: (-1)^bit becomes -(-1)^bit */
    signs >>= 1;
  }
}

/* SimpleBitPack of w1 (Algorithm 16) with 4 or 6 bits per coefficient. */
static size_t pack_w1(const fc__mldsa_params *P, const int32_t w1[N], uint8_t *out) {
  if (P->w1_bits == 4) {
    for (unsigned i = 0; i < N / 2; i++) out[i] = (uint8_t)(w1[2 * i] | w1[2 * i + 1] << 4);
    return N / 2;
  }
  for (unsigned i = 0; i < N / 4; i++) {
    const int32_t *w = w1 + 4 * i;
    out[3 * i] = (uint8_t)(w[0] | w[1] << 6);
    out[3 * i + 1] = (uint8_t)(w[1] >> 2 | w[2] << 4);
    out[3 * i + 2] = (uint8_t)(w[2] >> 4 | w[3] << 2);
  }
  return 3 * N / 4;
}

/* NTT(z_j) packed: coefficient i in [0, q) at bytes 3i .. 3i+2, little-
   endian; spare bytes so that every coefficient can be read as 4 and a
   vector kernel can read 32 bytes at any coefficient but the last 8. */
#define ZPACK (3 * N + 8) /* and the slack fc__mldsa_kernel.mul_acc24 reads */

/* a (|a_i| < 9q) reduced to [0, q) and packed. */
static void pack_zhat(const int32_t a[N], uint8_t *out) {
  uint32_t v[4];
  for (unsigned i = 0; i < N; i += 4, out += 12) {
    for (unsigned j = 0; j < 4; j++) {
      int32_t r = a[i + j] - ((a[i + j] + (1 << 22)) >> 23) * Q; /* |r| < q */
      v[j] = (uint32_t)(r + ((r >> 31) & Q));
    }
    uint32_t w[3] = {v[0] | v[1] << 24, v[1] >> 8 | v[2] << 16, v[2] >> 16 | v[3] << 8};
    __builtin_memcpy(out, w, 12);
  }
  for (unsigned i = 0; i < ZPACK - 3 * N; i++) out[i] = 0;
}

/* Coefficients first .. first + n - 1 of a packed NTT(z_j). */
static void unpack_zhat(const uint8_t *zp, unsigned first, unsigned n, int32_t *out) {
  const uint8_t *p = zp + 3 * first;
  for (unsigned i = 0; i < n; i++, p += 3) {
    uint32_t v;
    __builtin_memcpy(&v, p, 4);
    out[i] = (int32_t)(v & 0xffffff);
  }
}

/* RejNTTPoly's candidates of one block (fc__mldsa_kernel.rej's contract):
   every candidate stored whether accepted or not (a 4-byte read at 165
   stays inside the 200-byte state), the count moving only for accepted
   ones. */
unsigned fc__mldsa_rej_portable(int32_t *out, const uint8_t *b) {
  unsigned cnt = 0;
  for (unsigned p = 0; p < SHAKE128_RATE; p += 3) {
    uint32_t v;
    __builtin_memcpy(&v, b + p, 4);
    v &= 0x7fffff;
    out[cnt] = (int32_t)v;
    cnt += v < Q;
  }
  return cnt;
}

/* Everything a verification keeps; the union holds the Keccak states while
   A is sampled and a row's temporaries while it is finished. */
typedef struct {
  uint8_t zhat[FC__MLDSA_LMAX][ZPACK];
  int32_t chat[N]; /* NTT(-c) */
  int32_t acc[2][N];
  union {
    uint64_t st[BATCH][25];
    struct {
      int32_t t[N];
      uint8_t h[N];
      uint8_t w1[3 * N / 4];
    } row;
  } u;
  fc_xof_ctx hash; /* SHAKE256(mu || w1Encode(w1)) */
} verify_ws;

/* Row i done: acc = acc + NTT(-c) * NTT(t1_i 2^d), then w1 into the hash. */
static void finish_row(const fc__mldsa_kernel *k, const fc__mldsa_params *P,
                       const fc_mldsa_pubkey *key, const uint8_t *y, unsigned i, int32_t *acc,
                       verify_ws *ws) {
  int32_t *t = ws->u.row.t;
  unpack_t1(key->pk + 32 + 320 * i, t);
  k->ntt(t);
  k->mul_acc(acc, ws->chat, t, N);
  for (unsigned n = 0; n < N; n++) /* |acc| < (l + 1) q < 2^26: to |acc| < q */
    acc[n] -= ((acc[n] + (1 << 22)) >> 23) * Q;
  k->invntt(acc);
  uint8_t *h = ws->u.row.h;
  for (unsigned n = 0; n < N; n++) h[n] = 0;
  for (unsigned j = i ? y[P->omega + i - 1] : 0; j < y[P->omega + i]; j++) h[y[j]] = 1;
  k->use_hint(t, acc, h, P->gamma2);
  size_t len = pack_w1(P, t, ws->u.row.w1);
  fc_xof_absorb(&ws->hash, ws->u.row.w1, len);
}

/* Streams first .. first + n - 1 of A (row-major, at most two rows): their
   states absorbed rho || j || i, then blocks squeezed until each has 256
   coefficients, each block multiplied into its row's accumulator. */
static void sample_batch(const fc__mldsa_kernel *k, const fc__keccak_x_kernel *xk,
                         const fc__mldsa_params *P, const uint8_t *rho, unsigned first,
                         unsigned n, verify_ws *ws) {
  uint64_t *st[BATCH];
  unsigned filled[BATCH];
  uint8_t seed[34];
  for (unsigned s = 0; s < n; s++) {
    unsigned row = (first + s) / P->l, col = (first + s) % P->l;
    __builtin_memcpy(seed, rho, 32);
    seed[32] = (uint8_t)col;
    seed[33] = (uint8_t)row;
    st[s] = ws->u.st[s];
    for (unsigned w = 0; w < 25; w++) st[s][w] = 0;
    fc__keccak_xor_bytes(st[s], 0, seed, sizeof seed);
    ((uint8_t *)st[s])[34] ^= 0x1f;
    ((uint8_t *)st[s])[SHAKE128_RATE - 1] ^= 0x80;
    filled[s] = 0;
  }
  uint64_t *live[BATCH];
  unsigned idx[BATCH], nlive = n;
  for (unsigned s = 0; s < n; s++) {
    live[s] = st[s];
    idx[s] = s;
  }
  int32_t coef[FC__MLDSA_REJ_OUT], zc[SHAKE128_RATE / 3];
  while (nlive) {
    xk->absorb_x(live, NULL, nlive, 1, SHAKE128_RATE);
    unsigned keep = 0;
    for (unsigned m = 0; m < nlive; m++) {
      unsigned s = idx[m], stream = first + s;
      const uint8_t *b = (const uint8_t *)live[m];
      unsigned cnt = k->rej ? k->rej(coef, b) : fc__mldsa_rej_portable(coef, b), want = N - filled[s];
      if (cnt > want) cnt = want;
      int32_t *acc = ws->acc[(stream / P->l) & 1];
      const uint8_t *zp = ws->zhat[stream % P->l];
      if (k->mul_acc24) {
        k->mul_acc24(acc + filled[s], coef, zp + 3 * filled[s], cnt);
      } else {
        unpack_zhat(zp, filled[s], cnt, zc);
        k->mul_acc(acc + filled[s], coef, zc, cnt);
      }
      filled[s] += cnt;
      if (filled[s] < N) {
        live[keep] = live[m];
        idx[keep++] = s;
      }
    }
    nlive = keep;
  }
}

int fc__mldsa_verify_mu(const fc__mldsa_kernel *k, const fc_mldsa_pubkey *key,
                        const uint8_t mu[64], const uint8_t *sig, size_t sig_len) {
  const fc__mldsa_params *P = fc__mldsa_params_of((fc_mldsa_param)key->param);
  const fc__keccak_x_kernel *xk = fc__keccak_x_active();
  if (!P || !xk || sig_len != P->sig_len) return 0;
  const uint8_t *ctilde = sig, *zp = sig + P->ctilde_len;
  const size_t zbytes = 32 * P->z_bits;
  const uint8_t *y = zp + P->l * zbytes;
  if (!hint_ok(P, y)) return 0;

  verify_ws ws;
  for (unsigned j = 0; j < P->l; j++) {
    if (!unpack_z(P, zp + j * zbytes, ws.acc[0])) return 0;
    k->ntt(ws.acc[0]);
    pack_zhat(ws.acc[0], ws.zhat[j]);
  }
  sample_in_ball_neg(P, ctilde, ws.chat);
  k->ntt(ws.chat);
  fc_xof_init(&ws.hash, FC_SHAKE256);
  fc_xof_absorb(&ws.hash, mu, 64);

  /* Batches of up to BATCH streams that end at a row's end whenever the
     next row would be a third one in flight. */
  const unsigned total = P->k * P->l;
  unsigned first = 0, done_rows = 0;
  for (unsigned n = 0; n < N; n++) ws.acc[0][n] = ws.acc[1][n] = 0;
  while (first < total) {
    unsigned n = total - first < BATCH ? total - first : BATCH;
    unsigned row0 = first / P->l;
    if ((first + n - 1) / P->l > row0 + 1) n = (row0 + 2) * P->l - first;
    sample_batch(k, xk, P, key->pk, first, n, &ws);
    first += n;
    for (; done_rows < P->k && (done_rows + 1) * P->l <= first; done_rows++) {
      int32_t *acc = ws.acc[done_rows & 1];
      finish_row(k, P, key, y, done_rows, acc, &ws);
      for (unsigned m = 0; m < N; m++) acc[m] = 0;
    }
  }
  uint8_t ct[64];
  fc_xof_squeeze(&ws.hash, ct, P->ctilde_len);
  int diff = 0;
  for (unsigned i = 0; i < P->ctilde_len; i++) diff |= ct[i] ^ ctilde[i];
  return diff == 0;
}
