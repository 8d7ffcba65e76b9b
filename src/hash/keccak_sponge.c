/*
 * The sponge construction (FIPS 202 section 4) over the Keccak kernels:
 * absorbing at any byte position, pad10*1 with a domain suffix, and many
 * independent sponges at once on an FC_OP_KECCAK_X kernel. The state's
 * bytes are its lanes in memory order (little-endian hosts, fc_internal.h).
 */
#include "hash/hash_internal.h"

const uint64_t fc__keccak_rc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull};

#if defined(FC_COMPACT)
const uint8_t fc__keccak_pi_lane[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                        15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};
const uint8_t fc__keccak_rho_rot[24] = {1, 3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                        27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
#endif

void fc__keccak_xor_bytes(uint64_t st[25], size_t pos, const uint8_t *p, size_t len) {
  uint8_t *s = (uint8_t *)st;
  for (size_t i = 0; i < len; i++) s[pos + i] ^= p[i];
}

void fc__keccak_get_bytes(const uint64_t st[25], size_t pos, uint8_t *out, size_t len) {
  const uint8_t *s = (const uint8_t *)st;
  for (size_t i = 0; i < len; i++) out[i] = s[pos + i];
}

size_t fc__sponge_absorb(const fc__keccak_kernel *k, uint64_t st[25], size_t rate, size_t pos,
                         const uint8_t *p, size_t len) {
  if (len == 0) return pos; /* p may be NULL */
  if (pos) {
    size_t take = rate - pos < len ? rate - pos : len;
    fc__keccak_xor_bytes(st, pos, p, take);
    pos += take;
    p += take;
    len -= take;
    if (pos < rate) return pos;
    k->permute(st);
  }
  size_t whole = len / rate;
  if (whole) k->absorb(st, p, whole, rate);
  p += whole * rate;
  len -= whole * rate;
  fc__keccak_xor_bytes(st, 0, p, len);
  return len;
}

void fc__sponge_pad(const fc__keccak_kernel *k, uint64_t st[25], size_t rate, size_t pos,
                    uint8_t suffix) {
  uint8_t *s = (uint8_t *)st;
  s[pos] ^= suffix;
  s[rate - 1] ^= 0x80;
  k->permute(st);
}

/* A block of zeros: what a sponge whose last (padded) block is already in
   its state absorbs beside the others' message blocks. */
static const uint8_t zero_block[168];

/*
 * Each sponge i runs through full_i = len[i] / rate message blocks, then
 * one last block: its tail and padding, XORed into the state when it gets
 * there, absorbed as a zero block. Every call to the kernel takes the live
 * sponges (those with blocks left) for as many blocks as all of them have
 * left in their current part (message or last block); each sponge changes
 * part twice, so there are at most 2n + 1 calls before the squeeze.
 */
void fc__keccak_x_sponge(const fc__keccak_x_kernel *xk, size_t rate, uint8_t suffix,
                         const uint8_t *const *msg, const size_t *len, size_t n,
                         uint8_t *const *out, size_t out_len) {
  uint64_t st[FC__KECCAK_X_MAX][25];
  uint64_t *sp[FC__KECCAK_X_MAX];
  const uint8_t *ip[FC__KECCAK_X_MAX];
  size_t done[FC__KECCAK_X_MAX]; /* blocks absorbed: 0 .. full + 1 */
  for (size_t i = 0; i < n; i++) {
    for (size_t j = 0; j < 25; j++) st[i][j] = 0;
    done[i] = 0;
  }
  for (;;) {
    size_t live = 0, m = (size_t)-1;
    for (size_t i = 0; i < n; i++) {
      size_t full = len[i] / rate, avail = 1;
      if (done[i] > full) continue;
      if (done[i] < full) {
        ip[live] = msg[i] + done[i] * rate;
        avail = full - done[i];
      } else {
        /* entering the last block: this state is not touched again before
           the call below absorbs it */
        uint8_t *s = (uint8_t *)st[i];
        if (len[i] > full * rate) /* msg[i] may be NULL when len[i] is 0 */
          fc__keccak_xor_bytes(st[i], 0, msg[i] + full * rate, len[i] - full * rate);
        s[len[i] - full * rate] ^= suffix;
        s[rate - 1] ^= 0x80;
        ip[live] = zero_block;
      }
      sp[live++] = st[i];
      if (avail < m) m = avail;
    }
    if (live == 0) break;
    xk->absorb_x(sp, ip, live, m, rate);
    /* the live states are st[i] in order: advance each by m */
    for (size_t i = 0, l = 0; i < n && l < live; i++)
      if (sp[l] == st[i]) {
        done[i] += m;
        l++;
      }
  }
  for (size_t i = 0; i < n; i++) sp[i] = st[i];
  for (size_t at = 0; at < out_len;) { /* out[i] may be NULL when out_len is 0 */
    size_t take = out_len - at < rate ? out_len - at : rate;
    for (size_t i = 0; i < n; i++) fc__keccak_get_bytes(st[i], 0, out[i] + at, take);
    at += take;
    if (at < out_len) xk->absorb_x(sp, NULL, n, 1, rate);
  }
  fc__wipe(st, sizeof(st));
}
