/*
 * The scalar rounds of the x86 SHA-2 kernels (sha256_avx2.c,
 * sha512_x86_impl.h for sha512_avx2.c and sha512_avx512.c), written once for
 * 32- and 64-bit words. The includer defines SHA2_W (uint32_t or uint64_t)
 * and the Sigma rotations SHA2_S1(e) and SHA2_S0(a) (FIPS 180-4 4.1.2 /
 * 4.1.3) over SHA2_ROR, then uses RND8_AT, LOAD_ST and ADD_ST (st: the
 * state words) in its compression loop.
 */
#ifndef FC_SHA2_X86_ROUNDS_H
#define FC_SHA2_X86_ROUNDS_H

#define SHA2_ROR(x, n) (((x) >> (n)) | ((x) << (8 * sizeof(SHA2_W) - (n))))
/* Pins a value's evaluation order: the compiler may not reassociate the
   sums across it (it would, and lengthen the chains below). */
#define KEEP(x) __asm__("" : "+r"(x))
/* One round (FIPS 180-4 6.4.2 step 3); the caller rotates the roles of a..h
   instead of moving them. Both recurrences stay 4 operations deep, with
   one addition fewer than T1 and T2 written out (23 integer operations):
   - new e = ((d + (h + w)) + Ch(e,f,g)) + S1(e): d + h + w does not depend
     on e, Ch = g ^ (e & (f ^ g)) (2 deep) goes in before S1 (3 deep);
   - T1 = new e - d, one subtraction;
   - new a = (T1 + Maj(a,b,c)) + S0(a), Maj = (a & (b ^ c)) ^ (b & c) with
     b ^ c and b & c independent of a. T1 arrives after a's own terms; that
     only delays a, whose next use outside its chain (as d) is 3 rounds on.
   Measured (fc_bench, SHA-512 16 KiB): the variant with 22 operations and
   5-deep chains (Maj = b ^ ((a ^ b) & (b ^ c)), h += T1 parts in turn) is
   about 2% slower, the previous one with 25 operations about 1%. */
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
         h = st[7]
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
