/*
 * The scalar rounds of the x86 SHA-2 kernels (sha256_avx2.c,
 * sha512_x86_impl.h for sha512_avx2.c and sha512_avx512.c), written once for
 * 32- and 64-bit words. The includer defines SHA2_W (uint32_t or uint64_t)
 * and the rotation counts of Sigma1 (SHA2_R1A..C) and Sigma0 (SHA2_R0A..C)
 * (FIPS 180-4 4.1.2 / 4.1.3), then uses RND8_AT, LOAD_ST, SET_BC (after
 * reloading a..h) and ADD_ST (st: the state words) in its compression loop.
 * x86-64 and i686 have different rounds (below).
 */
#ifndef FC_SHA2_X86_ROUNDS_H
#define FC_SHA2_X86_ROUNDS_H

/* The 16 bytes at p in both 128-bit lanes, as one load (VBROADCASTI128
   m128): from _mm256_broadcastsi128_si256 of a load gcc 12 makes a load and
   a VINSERTI128, or keeps the round constants in registers across the
   rounds and spills them. */
static inline __m256i sha2_bcast128(const void *p) {
  __m256i r;
  __asm__("vbroadcasti128 %1, %0" : "=x"(r) : "m"(*(const __m128i *)p));
  return r;
}

/* Zeroes the W + K area (bytes a multiple of 32, p 32-byte aligned) with
   256-bit stores. As a memset, gcc 12 makes it REP STOSQ, whose start-up
   cost a one-block call (fc_hash, HMAC) pays in full; the stores issue
   beside the last rounds instead. The asm keeps the loop from becoming a
   memset call and the stores from being dropped. */
static inline void sha2_wipe_ws(void *p, size_t bytes) {
  for (size_t i = 0; i < bytes; i += 32) {
    __asm__("" : "+r"(i));
    _mm256_store_si256((__m256i *)((char *)p + i), _mm256_setzero_si256());
  }
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

#define SHA2_ROR(x, n) (((x) >> (n)) | ((x) << (8 * sizeof(SHA2_W) - (n))))
#define SHA2_S1(e) (SHA2_ROR(e, SHA2_R1A) ^ SHA2_ROR(e, SHA2_R1B) ^ SHA2_ROR(e, SHA2_R1C))
#define SHA2_S0(a) (SHA2_ROR(a, SHA2_R0A) ^ SHA2_ROR(a, SHA2_R0B) ^ SHA2_ROR(a, SHA2_R0C))

#if defined(__x86_64__)
/*
 * One round (FIPS 180-4 6.4.2 step 3) in 24 instructions, 22 of them
 * integer operations (the two MOVs are renames); the caller rotates the
 * roles of a..h instead of moving them:
 *   h += W + K;  h += Ch(e,f,g);  h += S1(e)        (h is now T1)
 *   d += h                                          (new e)
 *   h += Maj(a,b,c);  h += S0(a)                    (new a)
 * with Ch = g ^ (e & (f ^ g)) and Maj = b ^ ((a ^ b) & (b ^ c)), where
 * b ^ c is the previous round's a ^ b (bc_, carried; LOAD_ST sets it).
 * Both recurrences are 5 operations deep (S1 and S0: RORX, XOR, XOR).
 * Why this form (the C one below is 4 deep and has 28 instructions): on
 * a shared Emerald Rapids host it was about 7% slower while the host was
 * quiet and about 10% faster while it was busy (docs/sha.md "x86"); fewer operations should also be what counts on the
 * 4-ALU cores (Haswell to Ice Lake, Zen 2/3) that choose these kernels (not
 * measured: none was at hand).
 * Written in assembly because the compiler, given the same expressions in
 * C, adds moves back (27 to 29 instructions a round).
 */
#define RND(a, b, c, d, e, f, g, h, w)                                                  \
  do {                                                                                  \
    SHA2_W t0_, t1_, t2_;                                                               \
    __asm__("add %[Rw], %[Rh]\n\t"                                                      \
            "mov %[Rf], %[t0]\n\t"                                                      \
            "xor %[Rg], %[t0]\n\t"                                                      \
            "and %[Re], %[t0]\n\t"                                                      \
            "xor %[Rg], %[t0]\n\t"                                                      \
            "rorx %[r1a], %[Re], %[t1]\n\t"                                             \
            "rorx %[r1b], %[Re], %[t2]\n\t"                                             \
            "add %[t0], %[Rh]\n\t"                                                      \
            "xor %[t2], %[t1]\n\t"                                                      \
            "rorx %[r1c], %[Re], %[t2]\n\t"                                             \
            "xor %[t2], %[t1]\n\t"                                                      \
            "add %[t1], %[Rh]\n\t"                                                      \
            "mov %[Ra], %[t0]\n\t"                                                      \
            "xor %[Rb], %[t0]\n\t"                                                      \
            "add %[Rh], %[Rd]\n\t"                                                      \
            "and %[t0], %[bc]\n\t"                                                      \
            "rorx %[r0a], %[Ra], %[t1]\n\t"                                             \
            "rorx %[r0b], %[Ra], %[t2]\n\t"                                             \
            "xor %[Rb], %[bc]\n\t"                                                      \
            "xor %[t2], %[t1]\n\t"                                                      \
            "rorx %[r0c], %[Ra], %[t2]\n\t"                                             \
            "add %[bc], %[Rh]\n\t"                                                      \
            "xor %[t2], %[t1]\n\t"                                                      \
            "add %[t1], %[Rh]"                                                          \
            : [Rh] "+r"(h), [Rd] "+r"(d), [bc] "+r"(bc_), [t0] "=&r"(t0_),              \
              [t1] "=&r"(t1_), [t2] "=&r"(t2_)                                          \
            : [Ra] "r"(a), [Rb] "r"(b), [Re] "r"(e), [Rf] "r"(f), [Rg] "r"(g),          \
              [Rw] "m"(w), [r1a] "i"(SHA2_R1A), [r1b] "i"(SHA2_R1B), [r1c] "i"(SHA2_R1C), \
              [r0a] "i"(SHA2_R0A), [r0b] "i"(SHA2_R0B), [r0c] "i"(SHA2_R0C)              \
            : "cc");                                                                    \
    bc_ = t0_; /* a ^ b: the next round's b ^ c */                                      \
  } while (0)
#define DECL_BC SHA2_W bc_ = b ^ c
#define SET_BC bc_ = b ^ c
#else
/* Pins a value's evaluation order: the compiler may not reassociate the
   sums across it (it would, and lengthen the chains below). */
#define KEEP(x) __asm__("" : "+r"(x))
/* One round (FIPS 180-4 6.4.2 step 3) for i686, where seven general
   registers cannot hold a..h and the temporaries anyway; the caller rotates
   the roles of a..h instead of moving them. Both recurrences stay 4
   operations deep (23 integer operations):
   - new e = ((d + (h + w)) + Ch(e,f,g)) + S1(e): d + h + w does not depend
     on e, Ch = g ^ (e & (f ^ g)) (2 deep) goes in before S1 (3 deep);
   - T1 = new e - d, one subtraction;
   - new a = (T1 + Maj(a,b,c)) + S0(a), Maj = (a & (b ^ c)) ^ (b & c) with
     b ^ c and b & c independent of a. T1 arrives after a's own terms; that
     only delays a, whose next use outside its chain (as d) is 3 rounds on. */
#define RND(a, b, c, d, e, f, g, h, w) \
  do {                                 \
    SHA2_W ne_ = d + (h + (w));        \
    KEEP(ne_);                         \
    ne_ += g ^ (e & (f ^ g));          \
    KEEP(ne_);                         \
    ne_ += SHA2_S1(e);                 \
    KEEP(ne_);                         \
    h = ne_ - d;                       \
    d = ne_;                           \
    h += (a & (b ^ c)) ^ (b & c);      \
    KEEP(h);                           \
    h += SHA2_S0(a);                   \
  } while (0)
#define DECL_BC (void)0
#define SET_BC (void)0
#endif

/* Eight rounds over wk[i0], ..., wk[i7] (W + K of the rounds, at the
   includer's layout of the two interleaved blocks). */
#define RND8_AT(wk, i0, i1, i2, i3, i4, i5, i6, i7) \
  do {                                              \
    RND(a, b, c, d, e, f, g, h, (wk)[i0]);          \
    RND(h, a, b, c, d, e, f, g, (wk)[i1]);          \
    RND(g, h, a, b, c, d, e, f, (wk)[i2]);          \
    RND(f, g, h, a, b, c, d, e, (wk)[i3]);          \
    RND(e, f, g, h, a, b, c, d, (wk)[i4]);          \
    RND(d, e, f, g, h, a, b, c, (wk)[i5]);          \
    RND(c, d, e, f, g, h, a, b, (wk)[i6]);          \
    RND(b, c, d, e, f, g, h, a, (wk)[i7]);          \
  } while (0)

#define LOAD_ST                                                                          \
  SHA2_W a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], \
         h = st[7];                                                                    \
  DECL_BC
#define ADD_ST \
  st[0] += a;  \
  st[1] += b;  \
  st[2] += c;  \
  st[3] += d;  \
  st[4] += e;  \
  st[5] += f;  \
  st[6] += g;  \
  st[7] += h

#endif /* FC_SHA2_X86_ROUNDS_H */
