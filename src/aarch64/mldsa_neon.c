/*
 * FC_OP_MLDSA kernel "neon": AArch64 Advanced SIMD (baseline ASIMD, no
 * extension), four int32_t coefficients per register. Contract and bounds:
 * src/mldsa/mldsa_internal.h; results congruent mod q to the scalar
 * kernel's (src/mldsa/mldsa_scalar.c) within the same bounds, use_hint equal.
 *
 * Montgomery product (R = 2^32) of 32-bit lanes with the doubling high
 * multiply, after Becker, Hwang, Kannwischer, Yang, Yang, "Neon NTT: Faster
 * Dilithium, Kyber, and Saber on Cortex-A72 and Apple M1", TCHES 2022(1)
 * (Montgomery multiplication from SQDMULH) and Seiler, "Faster
 * AVX2 optimized NTT multiplication for Ring-LWE lattice cryptography",
 * ePrint 2018/039 (signed Montgomery from a high and a low product):
 *   hi = SQDMULH(a, z) = floor(2 a z / 2^32)
 *   t  = MUL(a, z')      = a z q^-1 mod 2^32 (z' = z q^-1 mod 2^32, tabled)
 *   c  = SQDMULH(t, q)   = floor(2 t q / 2^32)
 *   r  = SHSUB(hi, c)    = (hi - c) / 2
 * 2az and 2tq agree mod 2^33, so hi - c = 2 (az - tq) / 2^32 exactly and
 * r = (az - tq) / 2^32 = a z 2^-32 mod q; |az| < q 2^31 and |t| <= 2^31 give
 * |r| < q, the bound of fc__mldsa_montred. SQDMULH saturates only for
 * a = z = -2^31, which |az| < q 2^31 excludes.
 *
 * NTT (FIPS 204 Algorithm 41), coefficient index i = bits 7..0:
 *  - layers 1-4 (len 128..16, bits 7..4): sixteen registers hold
 *    coefficients 16 k + 4 v + {0..3} (k = 0..15), one pass per v; zetas
 *    broadcast by lane (SQDMULH/MUL by element);
 *  - layers 5-6 (len 8, 4): per block of 16, registers x_s = 16 b + 4 s +
 *    {0..3}, one zeta per butterfly;
 *  - a 4x4 transpose (TRN1/TRN2 on 32 then 64 bits) makes T_m lane l =
 *    coefficient 16 b + 4 l + m, so layers 7-8 (len 2, 1) pair registers
 *    with per-lane zeta vectors (LD1 / LD2 of the table), and ST4 writes
 *    T back in natural order.
 * Each layer adds below q to the magnitude (the product is in (-q, q)), so
 * |in| < q gives |out| < 9q, as scalar.
 * Inverse NTT (Algorithm 42, times 2^32): the mirror order (LD4 for len
 * 1, 2; transpose; len 4, 8; then len 16..128 in registers), no reduction
 * of the sums (|in| < q: every sum and difference stays below 256 q <
 * 2^31, as scalar). The final scaling by 2^64 / 256 (FC__MLDSA_INV_F) is
 * merged into the len-128 layer: the sum is multiplied by INV_F and the
 * difference by zeta * INV_F * 2^-32 mod q (one product each), |out| < q.
 * mul_acc: the same product with z' = b q^-1 computed per lane (one more
 * MUL); 16 lanes, then 4, then one at a time: never a load or store outside
 * [0, n).
 * use_hint (Algorithms 36 and 40): r1 = floor(r / 2 gamma2) as
 * ((r >> k) * M) >> s (gamma2 = (q-1)/88: k 11, M 11276, s 20; (q-1)/32:
 * k 9, M 16401, s 24; both checked exhaustively over [0, q)), then scalar's
 * steps as lane masks: the result equals scalar's.
 * Tables (own, from src/mldsa/mldsa_zetas.h): zq[i] = zetas[i] q^-1 mod
 * 2^32; iz[i] = zetas[255 - i] (the inverse's order, so its per-lane zetas
 * are contiguous) and izq its z'.
 * Public data only: no wiping, no FC__VWIPE.
 * Stack (-fstack-usage of this file, AArch64, callees inlined or leaf):
 * gcc 12: ntt 80 / 192 / 96 bytes at -O2 / -O3 / -Os, invntt 80 / 64 /
 * 96, use_hint 0 / 0 / 112, mul_acc 0; clang 14: ntt 192, invntt 48,
 * the others 0, at each level. The descriptor's figure is the largest,
 * 192, plus a quarter and 64 bytes (FC__STACK's convention): 304.
 */
#include <arm_neon.h>

#include "mldsa/mldsa_internal.h"
#include "mldsa/mldsa_zetas.h"

typedef int32x4_t v4;

/* zetas[i] * q^-1 mod 2^32 */
static const int32_t zq[256] = {
    -513, 1830765815, -1929875198, -1927777021, 1640767044, 1477910808, 1612161320,
    1640734244, 308362795, -1815525077, -1374673747, -1091570561, -1929495947, 515185417,
    -285697463, 625853735, 1727305304, 2082316400, -1364982364, 858240904, 1806278032,
    222489248, -346752664, 684667771, 1654287830, -878576921, -1257667337, -748618600,
    329347125, 1837364258, -1443016191, -1170414139, -1846138265, -1631226336, -1404529459,
    1838055109, 1594295555, -1076973524, -1898723372, -594436433, -202001019, -475984260,
    -561427818, 1797021249, -1061813248, 2059733581, -1661512036, -1104976547, -1750224323,
    -901666090, 418987550, 1831915353, -1925356481, 992097815, 879957084, 2024403852,
    1484874664, -1636082790, -285388938, -1983539117, -1495136972, -950076368, -1714807468,
    -952438995, -1574918427, -654783359, 1350681039, -1974159335, -2143979939, 1651689966,
    1599739335, 140455867, -1285853323, -1039411342, -993005454, 1955560694, -1440787840,
    1529189038, 568627424, -2131021878, -783134478, -247357819, -588790216, 1518161567,
    289871779, -86965173, -1262003603, 1708872713, 2135294594, 1787797779, -1018755525,
    1638590967, -889861155, -120646188, 1665705315, -1669960606, 1321868265, -916321552,
    1225434135, 1155548552, -1784632064, 2143745726, 666258756, 1210558298, 675310538,
    -1261461890, -1555941048, -318346816, -1999506068, 628664287, -1499481951, -1729304568,
    -695180180, 1422575624, -1375177022, 1424130038, 1777179795, -1185330464, 334803717,
    235321234, -178766299, 168022240, -518252220, 1206536194, 1957047970, 985155484,
    1146323031, -894060583, -898413, 991903578, 1363007700, 746144248, -1363460238,
    912367099, 30313375, -1420958686, -605900043, -44694137, -326425360, 2032221021,
    2027833504, 1176904444, 1683520342, 1904936414, 14253662, -421552614, -517299994,
    1257750362, 1014493059, -818371958, 2027935492, 1926727420, 863641633, 1747917558,
    -1372618620, 1931587462, 1819892093, -325927722, 128353682, 1258381762, 2124962073,
    908452108, -1123881663, 885133339, -1223601433, 1851023419, 137583815, 1629985060,
    -1920467227, -1176751719, -635454918, 1967222129, -1637785316, -1354528380, -642772911,
    6363718, -1536588520, -72690498, 45766801, -1287922800, 694382729, -314284737,
    671509323, 1136965286, 235104446, 985022747, -2070602178, 1779436847, -1045062172,
    963438279, 419615363, 1116720494, 831969619, -1078959975, 1216882040, 1042326957,
    -300448763, 604552167, -270590488, 1405999311, 756955444, -1021949428, -1276805128,
    713994583, -260312805, 608791570, 371462360, 940195359, 1554794072, 173440395,
    -1357098057, -1542497137, 1339088280, -2126092136, -384158533, 2061661095, -2040058690,
    -1316619236, 827959816, -883155599, -853476187, -1039370342, -596344473, 1726753853,
    -2047270596, 6087993, 702390549, -1547952704, -1723816713, -110126092, -279505433,
    394851342, -1591599803, 565464272, -260424530, 283780712, -440824168, -1758099917,
    -71875110, 776003547, 1119856484, -1600929361, -1208667171, 1123958025, 1544891539,
    879867909, -1499603926, 201262505, 155290192, -1809756372, 2036925262, 1934038751,
    -973777462, 400711272, -540420426, 374860238,
};


/* zetas[255 - i] */
static const int32_t iz[256] = {
    1976782, -846154, 1400424, 3937738, -1362209, -48306, 3919660,
    -554416, -3545687, 1612842, -976891, 183443, -2286327, -420899,
    -2235985, -2939036, -3833893, -260646, -1104333, -1667432, 1910376,
    -1803090, 1723600, -426683, 472078, 1717735, -975884, 2213111,
    269760, 3866901, 3523897, -3038916, -1799107, -3694233, 1652634,
    810149, 3014001, 1616392, 162844, -3183426, -1207385, 185531,
    3369112, 1957272, -164721, 2454455, 2432395, -2013608, -3776993,
    594136, -3724270, -2584293, -1846953, -1671176, -2831860, -542412,
    3406031, 2235880, 777191, 1500165, -1374803, -2546312, 1917081,
    -1279661, -1962642, 3306115, 1312455, -451100, -1430225, -3318210,
    1237275, -1333058, -1050970, 1903435, 1869119, -2994039, -3548272,
    2635921, 1250494, -3767016, 1595974, 2486353, 1247620, 4055324,
    1265009, -2590150, 2691481, 2842341, 203044, 1735879, -3342277,
    3437287, 4108315, -2437823, 286988, 342297, -3595838, -768622,
    -525098, -3556995, 3207046, 2031748, -3122442, -655327, -522500,
    -43260, -1613174, 495491, 819034, 909542, 1859098, 900702,
    -3193378, -1197226, -3759364, -3520352, 3513181, -1235728, 2434439,
    266997, -3562462, -2446433, 2244091, -3342478, 3817976, 2316500,
    3407706, 2091667, 3839961, -3628969, -3881060, -3019102, -1439742,
    -812732, -1584928, 1285669, 1341330, 1315589, -177440, -2409325,
    -1851402, 3159746, -3553272, 189548, -1316856, 759969, -210977,
    2389356, -3249728, 1653064, -8578, -3724342, 3958618, 904516,
    -1100098, 44288, 3097992, 508951, 264944, -3343383, -1430430,
    1852771, 1349076, -381987, -1308169, -22981, -1228525, -671102,
    -2477047, -411027, -3693493, -2967645, 2715295, 2147896, -983419,
    3412210, 126922, -3632928, -3157330, -3190144, -1000202, -4083598,
    1939314, -1257611, -1585221, 2176455, 3475950, -1452451, -3041255,
    -3677745, -1528703, -3930395, -2797779, 2071892, -2556880, 3900724,
    3881043, 954230, 531354, 811944, 3699596, -1600420, -2140649,
    3507263, -3821735, 3505694, -1643818, -1699267, -539299, 2348700,
    -300467, 3539968, -2867647, 3574422, -3043716, -3861115, 3915439,
    -2537516, -3592148, -1661693, 3530437, 3077325, 95776, 2706023,
    280005, 4010497, -19422, 1757237, -3277672, -1399561, -3859737,
    -2118186, -2108549, 2619752, -1119584, -549488, 3585928, -1079900,
    1024112, 2725464, 2680103, 3111497, -2884855, 3119733, -2091905,
    -359251, 2353451, 1826347, 466468, -876248, -777960, 237124,
    -518909, -2608894, 25847, -4186625,
};


/* iz[i] * q^-1 mod 2^32 */
static const int32_t izq[256] = {
    374860238, -540420426, 400711272, -973777462, 1934038751, 2036925262, -1809756372,
    155290192, 201262505, -1499603926, 879867909, 1544891539, 1123958025, -1208667171,
    -1600929361, 1119856484, 776003547, -71875110, -1758099917, -440824168, 283780712,
    -260424530, 565464272, -1591599803, 394851342, -279505433, -110126092, -1723816713,
    -1547952704, 702390549, 6087993, -2047270596, 1726753853, -596344473, -1039370342,
    -853476187, -883155599, 827959816, -1316619236, -2040058690, 2061661095, -384158533,
    -2126092136, 1339088280, -1542497137, -1357098057, 173440395, 1554794072, 940195359,
    371462360, 608791570, -260312805, 713994583, -1276805128, -1021949428, 756955444,
    1405999311, -270590488, 604552167, -300448763, 1042326957, 1216882040, -1078959975,
    831969619, 1116720494, 419615363, 963438279, -1045062172, 1779436847, -2070602178,
    985022747, 235104446, 1136965286, 671509323, -314284737, 694382729, -1287922800,
    45766801, -72690498, -1536588520, 6363718, -642772911, -1354528380, -1637785316,
    1967222129, -635454918, -1176751719, -1920467227, 1629985060, 137583815, 1851023419,
    -1223601433, 885133339, -1123881663, 908452108, 2124962073, 1258381762, 128353682,
    -325927722, 1819892093, 1931587462, -1372618620, 1747917558, 863641633, 1926727420,
    2027935492, -818371958, 1014493059, 1257750362, -517299994, -421552614, 14253662,
    1904936414, 1683520342, 1176904444, 2027833504, 2032221021, -326425360, -44694137,
    -605900043, -1420958686, 30313375, 912367099, -1363460238, 746144248, 1363007700,
    991903578, -898413, -894060583, 1146323031, 985155484, 1957047970, 1206536194,
    -518252220, 168022240, -178766299, 235321234, 334803717, -1185330464, 1777179795,
    1424130038, -1375177022, 1422575624, -695180180, -1729304568, -1499481951, 628664287,
    -1999506068, -318346816, -1555941048, -1261461890, 675310538, 1210558298, 666258756,
    2143745726, -1784632064, 1155548552, 1225434135, -916321552, 1321868265, -1669960606,
    1665705315, -120646188, -889861155, 1638590967, -1018755525, 1787797779, 2135294594,
    1708872713, -1262003603, -86965173, 289871779, 1518161567, -588790216, -247357819,
    -783134478, -2131021878, 568627424, 1529189038, -1440787840, 1955560694, -993005454,
    -1039411342, -1285853323, 140455867, 1599739335, 1651689966, -2143979939, -1974159335,
    1350681039, -654783359, -1574918427, -952438995, -1714807468, -950076368, -1495136972,
    -1983539117, -285388938, -1636082790, 1484874664, 2024403852, 879957084, 992097815,
    -1925356481, 1831915353, 418987550, -901666090, -1750224323, -1104976547, -1661512036,
    2059733581, -1061813248, 1797021249, -561427818, -475984260, -202001019, -594436433,
    -1898723372, -1076973524, 1594295555, 1838055109, -1404529459, -1631226336, -1846138265,
    -1170414139, -1443016191, 1837364258, 329347125, -748618600, -1257667337, -878576921,
    1654287830, 684667771, -346752664, 222489248, 1806278032, 858240904, -1364982364,
    2082316400, 1727305304, 625853735, -285697463, 515185417, -1929495947, -1091570561,
    -1374673747, -1815525077, 308362795, 1640734244, 1612161320, 1477910808, 1640767044,
    -1927777021, -1929875198, 1830765815, -513,
};

/* The last inverse layer's constants: INV_F, zeta_1 * INV_F * 2^-32 mod q
   (centred), and their z'. */
static const int32_t inv_last[4] = {FC__MLDSA_INV_F, -3975713, 0, 0};
static const int32_t inv_last_q[4] = {-8395782, -151046689, 0, 0};

/* a * z * 2^-32 mod q in (-q, q) for |a z| < q 2^31; zq = z q^-1 mod 2^32. */
static inline v4 mm(v4 a, v4 z, v4 zq_) {
  v4 hi = vqdmulhq_s32(a, z);
  v4 c = vqdmulhq_s32(vmulq_s32(a, zq_), vdupq_n_s32(FC__MLDSA_Q));
  return vhsubq_s32(hi, c);
}
/* The same by lane l of z and zq_ (l a constant). */
#define MML(a, z, zq_, l)                                                      \
  vhsubq_s32(vqdmulhq_laneq_s32(a, z, l),                                      \
             vqdmulhq_s32(vmulq_laneq_s32(a, zq_, l), vdupq_n_s32(FC__MLDSA_Q)))

/* Forward (Cooley-Tukey) butterfly: x, y <- x + zy, x - zy. */
#define FBF(x, y, prod) \
  do {                  \
    v4 t_ = (prod);     \
    y = vsubq_s32(x, t_); \
    x = vaddq_s32(x, t_); \
  } while (0)
#define FBFL(x, y, z, zq_, l) FBF(x, y, MML(y, z, zq_, l))
#define FBFV(x, y, z, zq_) FBF(x, y, mm(y, z, zq_))
/* Inverse (Gentleman-Sande) butterfly with zeta z standing for -zeta_m:
   x, y <- x + y, z (y - x). */
#define IBF(x, y, mul) \
  do {                 \
    v4 d_ = vsubq_s32(y, x); \
    x = vaddq_s32(x, y); \
    y = mul;           \
  } while (0)
#define IBFL(x, y, z, zq_, l) IBF(x, y, MML(d_, z, zq_, l))
#define IBFV(x, y, z, zq_) IBF(x, y, mm(d_, z, zq_))

/* 4x4 transpose: rows x0..x3 -> columns. */
#define TR64(f, a, b) \
  vreinterpretq_s32_s64(f(vreinterpretq_s64_s32(a), vreinterpretq_s64_s32(b)))
#define TRANSPOSE(x0, x1, x2, x3)                   \
  do {                                              \
    v4 t0_ = vtrn1q_s32(x0, x1), t1_ = vtrn2q_s32(x0, x1); \
    v4 t2_ = vtrn1q_s32(x2, x3), t3_ = vtrn2q_s32(x2, x3); \
    x0 = TR64(vtrn1q_s64, t0_, t2_);                \
    x1 = TR64(vtrn1q_s64, t1_, t3_);                \
    x2 = TR64(vtrn2q_s64, t0_, t2_);                \
    x3 = TR64(vtrn2q_s64, t1_, t3_);                \
  } while (0)

#define LOAD16(p)                                                               \
  v4 r0 = vld1q_s32(p), r1 = vld1q_s32(p + 16), r2 = vld1q_s32(p + 32),        \
     r3 = vld1q_s32(p + 48), r4 = vld1q_s32(p + 64), r5 = vld1q_s32(p + 80),   \
     r6 = vld1q_s32(p + 96), r7 = vld1q_s32(p + 112), r8 = vld1q_s32(p + 128), \
     r9 = vld1q_s32(p + 144), r10 = vld1q_s32(p + 160), r11 = vld1q_s32(p + 176), \
     r12 = vld1q_s32(p + 192), r13 = vld1q_s32(p + 208), r14 = vld1q_s32(p + 224), \
     r15 = vld1q_s32(p + 240)
#define STORE16(p)                                                          \
  do {                                                                      \
    vst1q_s32(p, r0), vst1q_s32(p + 16, r1), vst1q_s32(p + 32, r2);          \
    vst1q_s32(p + 48, r3), vst1q_s32(p + 64, r4), vst1q_s32(p + 80, r5);     \
    vst1q_s32(p + 96, r6), vst1q_s32(p + 112, r7), vst1q_s32(p + 128, r8);   \
    vst1q_s32(p + 144, r9), vst1q_s32(p + 160, r10), vst1q_s32(p + 176, r11); \
    vst1q_s32(p + 192, r12), vst1q_s32(p + 208, r13), vst1q_s32(p + 224, r14); \
    vst1q_s32(p + 240, r15);                                                \
  } while (0)

/* Layers 5-8 on coefficients 16 b .. 16 b + 15 (p = a + 16 b). */
static inline void ntt_block(int32_t *p, unsigned b) {
  const int32_t *z = fc__mldsa_zetas;
  v4 x0 = vld1q_s32(p), x1 = vld1q_s32(p + 4), x2 = vld1q_s32(p + 8), x3 = vld1q_s32(p + 12);
  v4 z5 = vdupq_n_s32(z[16 + b]), z5q = vdupq_n_s32(zq[16 + b]);
  FBFV(x0, x2, z5, z5q);
  FBFV(x1, x3, z5, z5q);
  FBFV(x0, x1, vdupq_n_s32(z[32 + 2 * b]), vdupq_n_s32(zq[32 + 2 * b]));
  FBFV(x2, x3, vdupq_n_s32(z[33 + 2 * b]), vdupq_n_s32(zq[33 + 2 * b]));
  TRANSPOSE(x0, x1, x2, x3); /* x_m lane l = coefficient 16 b + 4 l + m */
  v4 z7 = vld1q_s32(z + 64 + 4 * b), z7q = vld1q_s32(zq + 64 + 4 * b);
  FBFV(x0, x2, z7, z7q);
  FBFV(x1, x3, z7, z7q);
  int32x4x2_t z8 = vld2q_s32(z + 128 + 8 * b), z8q = vld2q_s32(zq + 128 + 8 * b);
  FBFV(x0, x1, z8.val[0], z8q.val[0]);
  FBFV(x2, x3, z8.val[1], z8q.val[1]);
  int32x4x4_t out = {{x0, x1, x2, x3}};
  vst4q_s32(p, out);
}

static void ntt_neon(int32_t a[FC__MLDSA_N]) {
  const v4 z0 = vld1q_s32(fc__mldsa_zetas), z1 = vld1q_s32(fc__mldsa_zetas + 4),
           z2 = vld1q_s32(fc__mldsa_zetas + 8), z3 = vld1q_s32(fc__mldsa_zetas + 12);
  const v4 q0 = vld1q_s32(zq), q1 = vld1q_s32(zq + 4), q2 = vld1q_s32(zq + 8),
           q3 = vld1q_s32(zq + 12);
  for (unsigned v = 0; v < 4; v++) {
    int32_t *p = a + 4 * v;
    LOAD16(p);
    /* len 128: zeta 1 */
    FBFL(r0, r8, z0, q0, 1); FBFL(r1, r9, z0, q0, 1); FBFL(r2, r10, z0, q0, 1);
    FBFL(r3, r11, z0, q0, 1); FBFL(r4, r12, z0, q0, 1); FBFL(r5, r13, z0, q0, 1);
    FBFL(r6, r14, z0, q0, 1); FBFL(r7, r15, z0, q0, 1);
    /* len 64: zetas 2, 3 */
    FBFL(r0, r4, z0, q0, 2); FBFL(r1, r5, z0, q0, 2); FBFL(r2, r6, z0, q0, 2);
    FBFL(r3, r7, z0, q0, 2); FBFL(r8, r12, z0, q0, 3); FBFL(r9, r13, z0, q0, 3);
    FBFL(r10, r14, z0, q0, 3); FBFL(r11, r15, z0, q0, 3);
    /* len 32: zetas 4..7 */
    FBFL(r0, r2, z1, q1, 0); FBFL(r1, r3, z1, q1, 0); FBFL(r4, r6, z1, q1, 1);
    FBFL(r5, r7, z1, q1, 1); FBFL(r8, r10, z1, q1, 2); FBFL(r9, r11, z1, q1, 2);
    FBFL(r12, r14, z1, q1, 3); FBFL(r13, r15, z1, q1, 3);
    /* len 16: zetas 8..15 */
    FBFL(r0, r1, z2, q2, 0); FBFL(r2, r3, z2, q2, 1); FBFL(r4, r5, z2, q2, 2);
    FBFL(r6, r7, z2, q2, 3); FBFL(r8, r9, z3, q3, 0); FBFL(r10, r11, z3, q3, 1);
    FBFL(r12, r13, z3, q3, 2); FBFL(r14, r15, z3, q3, 3);
    STORE16(p);
  }
  for (unsigned b = 0; b < 16; b += 2) {
    ntt_block(a + 16 * b, b);
    ntt_block(a + 16 * b + 16, b + 1);
  }
}

/* Inverse layers len 1..8 on coefficients 16 b .. 16 b + 15 (p = a + 16 b):
   block k of layer len uses iz[256 - 256 / len + k]. */
static inline void invntt_block(int32_t *p, unsigned b) {
  int32x4x4_t in = vld4q_s32(p); /* val[m] lane l = coefficient 16 b + 4 l + m */
  v4 x0 = in.val[0], x1 = in.val[1], x2 = in.val[2], x3 = in.val[3];
  int32x4x2_t z1 = vld2q_s32(iz + 8 * b), z1q = vld2q_s32(izq + 8 * b);
  IBFV(x0, x1, z1.val[0], z1q.val[0]);
  IBFV(x2, x3, z1.val[1], z1q.val[1]);
  v4 z2 = vld1q_s32(iz + 128 + 4 * b), z2q = vld1q_s32(izq + 128 + 4 * b);
  IBFV(x0, x2, z2, z2q);
  IBFV(x1, x3, z2, z2q);
  TRANSPOSE(x0, x1, x2, x3); /* x_s = coefficients 16 b + 4 s + {0..3} */
  IBFV(x0, x1, vdupq_n_s32(iz[192 + 2 * b]), vdupq_n_s32(izq[192 + 2 * b]));
  IBFV(x2, x3, vdupq_n_s32(iz[193 + 2 * b]), vdupq_n_s32(izq[193 + 2 * b]));
  v4 z8 = vdupq_n_s32(iz[224 + b]), z8q = vdupq_n_s32(izq[224 + b]);
  IBFV(x0, x2, z8, z8q);
  IBFV(x1, x3, z8, z8q);
  vst1q_s32(p, x0), vst1q_s32(p + 4, x1), vst1q_s32(p + 8, x2), vst1q_s32(p + 12, x3);
}

static void invntt_neon(int32_t a[FC__MLDSA_N]) {
  for (unsigned b = 0; b < 16; b += 2) {
    invntt_block(a + 16 * b, b);
    invntt_block(a + 16 * b + 16, b + 1);
  }
  /* iz[240..255]: len 16 (240..247), 32 (248..251), 64 (252, 253), 128 (254) */
  const v4 w0 = vld1q_s32(iz + 240), w1 = vld1q_s32(iz + 244), w2 = vld1q_s32(iz + 248),
           w3 = vld1q_s32(iz + 252);
  const v4 q0 = vld1q_s32(izq + 240), q1 = vld1q_s32(izq + 244), q2 = vld1q_s32(izq + 248),
           q3 = vld1q_s32(izq + 252);
  const v4 f = vld1q_s32(inv_last), fq = vld1q_s32(inv_last_q);
  for (unsigned v = 0; v < 4; v++) {
    int32_t *p = a + 4 * v;
    LOAD16(p);
    /* len 16 */
    IBFL(r0, r1, w0, q0, 0); IBFL(r2, r3, w0, q0, 1); IBFL(r4, r5, w0, q0, 2);
    IBFL(r6, r7, w0, q0, 3); IBFL(r8, r9, w1, q1, 0); IBFL(r10, r11, w1, q1, 1);
    IBFL(r12, r13, w1, q1, 2); IBFL(r14, r15, w1, q1, 3);
    /* len 32 */
    IBFL(r0, r2, w2, q2, 0); IBFL(r1, r3, w2, q2, 0); IBFL(r4, r6, w2, q2, 1);
    IBFL(r5, r7, w2, q2, 1); IBFL(r8, r10, w2, q2, 2); IBFL(r9, r11, w2, q2, 2);
    IBFL(r12, r14, w2, q2, 3); IBFL(r13, r15, w2, q2, 3);
    /* len 64 */
    IBFL(r0, r4, w3, q3, 0); IBFL(r1, r5, w3, q3, 0); IBFL(r2, r6, w3, q3, 0);
    IBFL(r3, r7, w3, q3, 0); IBFL(r8, r12, w3, q3, 1); IBFL(r9, r13, w3, q3, 1);
    IBFL(r10, r14, w3, q3, 1); IBFL(r11, r15, w3, q3, 1);
    /* len 128 with the scaling: sum times INV_F, difference times
       zeta * INV_F * 2^-32 */
#define LAST(x, y)                        \
  do {                                    \
    v4 d_ = vsubq_s32(y, x);              \
    x = MML(vaddq_s32(x, y), f, fq, 0);   \
    y = MML(d_, f, fq, 1);                \
  } while (0)
    LAST(r0, r8); LAST(r1, r9); LAST(r2, r10); LAST(r3, r11);
    LAST(r4, r12); LAST(r5, r13); LAST(r6, r14); LAST(r7, r15);
#undef LAST
    STORE16(p);
  }
}

/* acc[i] += a[i] b[i] 2^-32 mod q: the product with z' = b q^-1 per lane. */
static inline v4 mm_var(v4 a, v4 b) {
  v4 hi = vqdmulhq_s32(a, b);
  v4 t = vmulq_s32(vmulq_s32(a, b), vdupq_n_s32((int32_t)FC__MLDSA_QINV));
  return vhsubq_s32(hi, vqdmulhq_s32(t, vdupq_n_s32(FC__MLDSA_Q)));
}

static void mul_acc_neon(int32_t *acc, const int32_t *a, const int32_t *b, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    int32x4x4_t x = vld1q_s32_x4(a + i), y = vld1q_s32_x4(b + i), s = vld1q_s32_x4(acc + i);
    s.val[0] = vaddq_s32(s.val[0], mm_var(x.val[0], y.val[0]));
    s.val[1] = vaddq_s32(s.val[1], mm_var(x.val[1], y.val[1]));
    s.val[2] = vaddq_s32(s.val[2], mm_var(x.val[2], y.val[2]));
    s.val[3] = vaddq_s32(s.val[3], mm_var(x.val[3], y.val[3]));
    vst1q_s32_x4(acc + i, s);
  }
  for (; i + 4 <= n; i += 4)
    vst1q_s32(acc + i,
              vaddq_s32(vld1q_s32(acc + i), mm_var(vld1q_s32(a + i), vld1q_s32(b + i))));
  for (; i < n; i++) acc[i] += fc__mldsa_montred((int64_t)a[i] * b[i]);
}

/* UseHint on four lanes; hm all ones where the hint is set. The constants
   (shifts as negative counts) follow gamma2: see the head comment. */
typedef struct {
  v4 nk, mul, ns, d, g2, m;
} uh_consts;

static inline v4 uh4(v4 w, v4 hm, const uh_consts *k) {
  const v4 zero = vdupq_n_s32(0);
  v4 r = vaddq_s32(w, vandq_s32(vshrq_n_s32(w, 31), vdupq_n_s32(FC__MLDSA_Q))); /* [0, q) */
  uint32x4_t x = vshlq_u32(vreinterpretq_u32_s32(r), k->nk);
  v4 r1 = vreinterpretq_s32_u32(
      vshlq_u32(vmulq_u32(x, vreinterpretq_u32_s32(k->mul)), k->ns)); /* floor(r / 2 gamma2) */
  v4 r0 = vmlsq_s32(r, r1, k->d);                                      /* [0, 2 gamma2) */
  v4 big = vreinterpretq_s32_u32(vcgtq_s32(r0, k->g2));
  r0 = vsubq_s32(r0, vandq_s32(big, k->d)); /* centred: (-gamma2, gamma2] */
  r1 = vsubq_s32(r1, big);
  v4 e = vreinterpretq_s32_u32(vceqq_s32(r1, k->m)); /* r - r0 = q - 1 */
  r1 = vbicq_s32(r1, e);
  r0 = vaddq_s32(r0, e);
  v4 pos = vreinterpretq_s32_u32(vcgtq_s32(r0, zero));
  v4 delta = vandq_s32(vornq_s32(vdupq_n_s32(1), pos), hm); /* +1, -1 or 0 */
  r1 = vaddq_s32(r1, delta);
  r1 = vaddq_s32(r1, vandq_s32(vreinterpretq_s32_u32(vcltq_s32(r1, zero)), k->m));
  return vbicq_s32(r1, vreinterpretq_s32_u32(vceqq_s32(r1, k->m)));
}

static void use_hint_neon(int32_t w1[FC__MLDSA_N], const int32_t w[FC__MLDSA_N],
                          const uint8_t h[FC__MLDSA_N], int32_t gamma2) {
  uh_consts k;
  if (gamma2 == (FC__MLDSA_Q - 1) / 88) {
    k.nk = vdupq_n_s32(-11), k.mul = vdupq_n_s32(11276), k.ns = vdupq_n_s32(-20);
  } else { /* (q - 1) / 32 */
    k.nk = vdupq_n_s32(-9), k.mul = vdupq_n_s32(16401), k.ns = vdupq_n_s32(-24);
  }
  k.d = vdupq_n_s32(2 * gamma2);
  k.g2 = vdupq_n_s32(gamma2);
  k.m = vdupq_n_s32((FC__MLDSA_Q - 1) / (2 * gamma2));
  for (unsigned i = 0; i < FC__MLDSA_N; i += 16) {
    uint8x16_t hb = vtstq_u8(vld1q_u8(h + i), vld1q_u8(h + i)); /* 0xff where set */
    int16x8_t lo = vmovl_s8(vget_low_s8(vreinterpretq_s8_u8(hb)));
    int16x8_t hi = vmovl_high_s8(vreinterpretq_s8_u8(hb));
    vst1q_s32(w1 + i, uh4(vld1q_s32(w + i), vmovl_s16(vget_low_s16(lo)), &k));
    vst1q_s32(w1 + i + 4, uh4(vld1q_s32(w + i + 4), vmovl_high_s16(lo), &k));
    vst1q_s32(w1 + i + 8, uh4(vld1q_s32(w + i + 8), vmovl_s16(vget_low_s16(hi)), &k));
    vst1q_s32(w1 + i + 12, uh4(vld1q_s32(w + i + 12), vmovl_high_s16(hi), &k));
  }
}

/* stack: the head comment's measurement (192 bytes) plus a quarter and 64.
   rej and mul_acc24 (optional): NULL, the portable code of mldsa_verify.c. */
const fc__mldsa_kernel fc__mldsa_neon = {
    .h = {"neon", FC_CPU_NEON},
    .ntt = ntt_neon,
    .invntt = invntt_neon,
    .mul_acc = mul_acc_neon,
    .use_hint = use_hint_neon,
    .stack = FC__STACK(304, 304, 304),
    .rej = NULL,
    .mul_acc24 = NULL,
};
