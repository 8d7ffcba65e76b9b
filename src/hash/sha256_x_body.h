/*
 * The SHA-256 compression (FIPS 180-4 section 6.2.2) on a vector of
 * independent streams, one stream per 32-bit lane: the body shared by the
 * FC_OP_SHA256_X kernels avx512, avx2 and neon. Macros and one static
 * inline function, compiled in the including kernel file with its flags.
 *
 * The includer defines, for its vector type V of 32-bit lanes:
 *   ADD(a, b)        lane-wise sum mod 2^32
 *   ROR(x, n)        rotate right by n (0 < n < 32)
 *   SHR(x, n)        shift right by n
 *   XOR3(a, b, c)    a ^ b ^ c
 *   CH(e, f, g)      (e & f) ^ (~e & g)          (FIPS 180-4 (4.2))
 *   MAJ(a, b, c)     (a & b) ^ (a & c) ^ (b & c) (FIPS 180-4 (4.3))
 *   KB(t)            fc__sha256_k[t] in every lane
 *   LOADW(w, p, off) w[0..15] = the big-endian words of the 64-byte block at
 *                    p[j] + off, word i of lane j's block in lane j of w[i]
 *   or LOADQ(w, q, p, off): w[4q .. 4q + 3] only (bytes 16q .. 16q + 15)
 * and includes hash/sha256_k.h first.
 *
 * Layout: s[0..7] = H0..H7 of every lane; the schedule W[t] is kept as a
 * ring of 16 (w[t mod 16]), each word computed just before its round
 * (FIPS 180-4 6.2.2 step 1 with t - 16 = the slot being replaced). Rounds
 * rename the working variables instead of moving them (step 3).
 */
#ifndef FC_SHA256_X_BODY_H
#define FC_SHA256_X_BODY_H

#define S256X_BS0(x) XOR3(ROR(x, 2), ROR(x, 13), ROR(x, 22))  /* (4.4) */
#define S256X_BS1(x) XOR3(ROR(x, 6), ROR(x, 11), ROR(x, 25))  /* (4.5) */
#define S256X_SS0(x) XOR3(ROR(x, 7), ROR(x, 18), SHR(x, 3))   /* (4.6) */
#define S256X_SS1(x) XOR3(ROR(x, 17), ROR(x, 19), SHR(x, 10)) /* (4.7) */

/* One round t with W[t] = wt: T1 = h + S1(e) + Ch + K[t] + W[t], T2 = S0(a)
   + Maj; the new e is d + T1 (written into d), the new a T1 + T2 (into h). */
#define S256X_ROUND(a, b, c, d, e, f, g, h, wt, t)                                  \
  do {                                                                              \
    V t1_ = ADD(ADD(h, S256X_BS1(e)), ADD(ADD(CH(e, f, g), KB(t)), wt));            \
    V t2_ = ADD(S256X_BS0(a), MAJ(a, b, c));                                        \
    d = ADD(d, t1_);                                                                \
    h = ADD(t1_, t2_);                                                              \
  } while (0)

/* W[t] for slot j = t mod 16: W[t-16] + s0(W[t-15]) + W[t-7] + s1(W[t-2]). */
#define S256X_SCHED(w, j) \
  w[j] = ADD(ADD(w[j], S256X_SS0(w[((j) + 1) & 15])), ADD(w[((j) + 9) & 15], S256X_SS1(w[((j) + 14) & 15])))

/* Four rounds t0 .. t0 + 3 over slots j0 .. j0 + 3, the working variables
   named from A (SC: schedule first or not). */
#define S256X_R4(A, B, C, D, E, F, G, H, w, j0, t0, SC)                 \
  do {                                                                  \
    SC(w, j0 + 0); S256X_ROUND(A, B, C, D, E, F, G, H, w[j0 + 0], t0 + 0); \
    SC(w, j0 + 1); S256X_ROUND(H, A, B, C, D, E, F, G, w[j0 + 1], t0 + 1); \
    SC(w, j0 + 2); S256X_ROUND(G, H, A, B, C, D, E, F, w[j0 + 2], t0 + 2); \
    SC(w, j0 + 3); S256X_ROUND(F, G, H, A, B, C, D, E, w[j0 + 3], t0 + 3); \
  } while (0)
/* Eight rounds t0 .. t0 + 7 over slots j0 .. j0 + 7. */
#define S256X_R8(w, j0, t0, SC)                                \
  do {                                                         \
    S256X_R4(a, b, c, d, e, f, g, h, w, j0, t0, SC);           \
    S256X_R4(e, f, g, h, a, b, c, d, w, (j0) + 4, (t0) + 4, SC); \
  } while (0)
#define S256X_NOSCHED(w, j) ((void)0)

/* The message words of the first sixteen rounds: with LOADQ(w, q, p, off)
   (w[4q .. 4q + 3] = words 4q .. 4q + 3, i.e. bytes 16q .. 16q + 15 of
   every lane's block) each chunk is loaded just before its four rounds, so
   that fewer words are live at once; else LOADW loads all sixteen first. */
#if defined(LOADQ)
#define S256X_LOADALL(w, p, off) ((void)0)
#define S256X_LOADQ(w, q, p, off) LOADQ(w, q, p, off)
#else
#define S256X_LOADALL(w, p, off) LOADW(w, p, off)
#define S256X_LOADQ(w, q, p, off) ((void)0)
#endif

/* The includer may define S256X_LOOP_PRAGMA as _Pragma("GCC unroll 4") to
   unroll rounds 16 .. 63 whole (avx512: 32 registers then hold the ring, the
   working variables and the temporaries without spills; with 16 the longer
   code only spills more). */
#if !defined(S256X_LOOP_PRAGMA)
#define S256X_LOOP_PRAGMA
#endif

/* nblocks blocks of every lane: lane j's block b at p[j] + 64 b. */
static inline __attribute__((always_inline)) void s256x_blocks(V s[8], const uint8_t *const *p, size_t nblocks) {
  for (size_t blk = 0; blk < nblocks; blk++) {
    V w[16];
    size_t off = 64 * blk;
    S256X_LOADALL(w, p, off);
    V a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    S256X_LOADQ(w, 0, p, off);
    S256X_R4(a, b, c, d, e, f, g, h, w, 0, 0, S256X_NOSCHED);
    S256X_LOADQ(w, 1, p, off);
    S256X_R4(e, f, g, h, a, b, c, d, w, 4, 4, S256X_NOSCHED);
    S256X_LOADQ(w, 2, p, off);
    S256X_R4(a, b, c, d, e, f, g, h, w, 8, 8, S256X_NOSCHED);
    S256X_LOADQ(w, 3, p, off);
    S256X_R4(e, f, g, h, a, b, c, d, w, 12, 12, S256X_NOSCHED);
    S256X_LOOP_PRAGMA
    for (int t = 16; t < 64; t += 16) {
      S256X_R8(w, 0, t, S256X_SCHED);
      S256X_R8(w, 8, t + 8, S256X_SCHED);
    }
    s[0] = ADD(s[0], a);
    s[1] = ADD(s[1], b);
    s[2] = ADD(s[2], c);
    s[3] = ADD(s[3], d);
    s[4] = ADD(s[4], e);
    s[5] = ADD(s[5], f);
    s[6] = ADD(s[6], g);
    s[7] = ADD(s[7], h);
  }
}

#endif /* FC_SHA256_X_BODY_H */
