#!/usr/bin/env python3
"""Tables of the NEON vector-permute AES kernel (src/aarch64/aes_neon.c).

Follows M. Hamburg, "Accelerating AES with Vector Permute Instructions",
CHES 2009: GF(2^8) as GF(2^4)[t]/(t^2 + a t + a) (GF(2^4) = GF(2)[x]/(x^4 +
x + 1), a = 2, the smallest a with that quadratic irreducible), bytes held
as i t + k with i the high nibble and k the low one. For z = i t + k, with
N = a i^2 + a i k + k^2 its norm over GF(2^4) and j = i + k,
    io = 1/(1/i + a/k) + j = N / (k + a i),
    jo = 1/(1/j + a/k) + i = N / (k + a i + a k),
so z^-1 = c1 t + c0 with c0 = 1/io and c1 = (1/jo + (1 + a)/io) / a^2.
1/0 in the inversion table is 0x80 ("infinity"): XORed with a nibble it
stays >= 16, where TBL returns 0, which the output tables read as 1/inf = 0.
The script checks that this gives z^-1 for all 256 z, then checks whole
encryptions and decryptions (FIPS 197 C.1-C.3) with the kernel's exact
steps, and prints the C table.
Usage: tools/gen-vpaes-tables.py > src/aarch64/aes_neon_tab.h
"""


def m4(a, b):
    r = 0
    for i in range(4):
        if b >> i & 1:
            r ^= a << i
    for i in (7, 6, 5, 4):
        if r >> i & 1:
            r ^= 0x13 << (i - 4)
    return r


def m8(a, b):
    r = 0
    for i in range(8):
        if b >> i & 1:
            r ^= a << i
    for i in range(14, 7, -1):
        if r >> i & 1:
            r ^= 0x11B << (i - 8)
    return r


INV4 = [0] + [next(y for y in range(1, 16) if m4(x, y) == 1) for x in range(1, 16)]
A = next(a for a in range(1, 16) if all(m4(x, x) ^ m4(a, x) ^ a for x in range(16)))
A2I = INV4[m4(A, A)]


def mt(x, y):  # tower product, x = i t + k as i << 4 | k; t^2 = a t + a
    i1, k1, i2, k2 = x >> 4, x & 15, y >> 4, y & 15
    p = m4(i1, i2)
    return (m4(p, A) ^ m4(i1, k2) ^ m4(k1, i2)) << 4 | (m4(p, A) ^ m4(k1, k2))


def tpow(x, n):
    r = 1
    for _ in range(n):
        r = mt(r, x)
    return r


# T: AES byte -> tower byte, bit b -> g^b with g a root of the AES polynomial.
G = next(g for g in range(2, 256) if tpow(g, 8) ^ tpow(g, 4) ^ tpow(g, 3) ^ g ^ 1 == 0)
TCOL = [tpow(G, b) for b in range(8)]


def T(x):
    return 0 if x == 0 else TCOL[(x & -x).bit_length() - 1] ^ T(x & (x - 1))


TINV = [0] * 256
for _x in range(256):
    TINV[T(_x)] = _x
assert sorted(TINV) == list(range(256))
assert all(T(m8(x, y)) == mt(T(x), T(y)) for x in range(256) for y in range(0, 256, 7))


def ainv(x):  # inverse in the AES field, 0 -> 0
    return next((y for y in range(1, 256) if m8(x, y) == 1), 0)


def alin(x):  # linear part of the S-box's affine map (FIPS 197 5.1.1)
    return sum(((x >> b ^ x >> (b + 4) % 8 ^ x >> (b + 5) % 8 ^ x >> (b + 6) % 8 ^ x >> (b + 7) % 8) & 1) << b
               for b in range(8))


ALINV = [0] * 256
for _x in range(256):
    ALINV[alin(_x)] = _x
SBOX = [alin(ainv(x)) ^ 0x63 for x in range(256)]
assert SBOX[0] == 0x63 and SBOX[0x53] == 0xED


def U(x):  # decryption basis: T after the inverse affine map's linear part
    return T(ALINV[x])


INF = 0x80
INV = [INF] + INV4[1:]
INVA = [INF] + [m4(A, INV4[k]) for k in range(1, 16)]


def tbl(t, i):
    return t[i] if i < 16 else 0


def core(x):
    i, k = x >> 4, x & 15
    j = i ^ k
    ak = tbl(INVA, k)
    io = tbl(INV, tbl(INV, i) ^ ak) ^ j
    jo = tbl(INV, tbl(INV, j) ^ ak) ^ i
    return io, jo


def recip(v):  # what the output tables read: 1/v, 1/0 = 0, 1/inf = 0
    return INV4[v] if v < 16 else 0


def from_io(io):  # the part of z^-1 (tower byte) that io determines
    c0 = recip(io)
    return m4(m4(1 ^ A, c0), A2I) << 4 | c0


def from_jo(jo):
    return m4(recip(jo), A2I) << 4


for _x in range(256):
    _io, _jo = core(_x)
    assert from_io(_io) ^ from_jo(_jo) == T(ainv(TINV[_x])), hex(_x)

# Byte permutations (block byte p = row p % 4, column p / 4).
SR = [r + 4 * ((c + r) % 4) for c in range(4) for r in range(4)]
ISR = [r + 4 * ((c - r) % 4) for c in range(4) for r in range(4)]
ROT = [[(r + k) % 4 + 4 * c for c in range(4) for r in range(4)] for k in range(4)]
P = [[SR[ROT[k][p]] for p in range(16)] for k in range(4)]   # row rotation after ShiftRows
Q = [[ISR[ROT[k][p]] for p in range(16)] for k in range(4)]  # after InvShiftRows

TABLES = [  # name, 16 bytes, comment
    ("IPT_LO", [T(n) for n in range(16)], "T of a low nibble"),
    ("IPT_HI", [T(n << 4) for n in range(16)], "T of a high nibble"),
    ("DIPT_LO", [U(n) for n in range(16)], "U of a low nibble"),
    ("DIPT_HI", [U(n << 4) for n in range(16)], "U of a high nibble"),
    ("INV", INV, "1/x in GF(2^4), 1/0 = 0x80"),
    ("INVA", INVA, "a/x, a/0 = 0x80"),
]
for nm, f in (("U", from_io), ("T", from_jo)):
    TABLES += [
        ("E1" + nm, [T(alin(TINV[f(n)])) for n in range(16)], "T(L z^-1) from i" + nm.lower() + "o"),
        ("E2" + nm, [T(m8(2, alin(TINV[f(n)]))) for n in range(16)], "T(2 L z^-1)"),
        ("EO" + nm, [alin(TINV[f(n)]) for n in range(16)], "L z^-1 (last round)"),
        ("DE" + nm, [U(m8(14, TINV[f(n)])) for n in range(16)], "U(14 z^-1)"),
        ("DB" + nm, [U(m8(11, TINV[f(n)])) for n in range(16)], "U(11 z^-1)"),
        ("DD" + nm, [U(m8(13, TINV[f(n)])) for n in range(16)], "U(13 z^-1)"),
        ("D9" + nm, [U(m8(9, TINV[f(n)])) for n in range(16)], "U(9 z^-1)"),
        ("DO" + nm, [TINV[f(n)] for n in range(16)], "z^-1 (last round)"),
    ]
TABLES += [("P%d" % k, P[k], "ShiftRows, then rows up by %d" % k) for k in range(4)]
TABLES += [("Q%d" % k, Q[k], "InvShiftRows, then rows up by %d" % k) for k in range(4)]
TABLES += [("SR", SR, "ShiftRows"), ("ISR", ISR, "InvShiftRows")]
TABLES += [("ROT%d" % k, ROT[k], "rows up by %d" % k) for k in range(1, 4)]
TAB = {n: v for n, v, _ in TABLES}


# The kernel's steps on lists of 16 bytes.
def vt(t, v):
    return [tbl(t, x) for x in v]


def vx(*vs):
    return [eval("^".join("v%d" % i for i in range(len(vs))), {"v%d" % i: b for i, b in enumerate(col)})
            for col in zip(*vs)]


def xf(lo, hi, v):
    return vx(vt(TAB[lo], [x & 15 for x in v]), vt(TAB[hi], [x >> 4 for x in v]))


def pair(nm, v):
    io, jo = zip(*[core(x) for x in v])
    return vx(vt(TAB[nm + "U"], io), vt(TAB[nm + "T"], jo))


def perm(v, p):
    return [v[i] for i in p]


def expand(key):
    nk = len(key) // 4
    nr = nk + 6
    w = [key[4 * i:4 * i + 4] for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        t = w[i - 1]
        if i % nk == 0 or (nk > 6 and i % nk == 4):
            if i % nk == 0:
                t = t[1:] + t[:1]
            t = [s ^ 0x63 for s in pair("EO", xf("IPT_LO", "IPT_HI", t * 4))[:4]]
            if i % nk == 0:
                t[0] ^= rcon
                rcon = m8(rcon, 2)
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    return [sum(w[4 * r:4 * r + 4], []) for r in range(nr + 1)], nr


def invmc(v):
    return vx(*[perm([m8(c, x) for x in v], ROT[k]) for k, c in enumerate((14, 11, 13, 9))])


def schedule(key):
    rk, nr = expand(key)
    c = [0x63] * 16
    ek = [xf("IPT_LO", "IPT_HI", rk[0])] + [xf("IPT_LO", "IPT_HI", vx(rk[r], c)) for r in range(1, nr)]
    dk = [xf("DIPT_LO", "DIPT_HI", vx(rk[nr], c))]
    dk += [xf("DIPT_LO", "DIPT_HI", vx(invmc(rk[nr - r]), c)) for r in range(1, nr)]
    return ek + [vx(rk[nr], c)], dk + [rk[0]], nr


def encrypt(ek, nr, x):
    x = vx(xf("IPT_LO", "IPT_HI", x), ek[0])
    for r in range(1, nr):
        a, b = pair("E1", x), pair("E2", x)
        x = vx(perm(b, P[0]), perm(vx(a, b), P[1]), perm(a, P[2]), perm(a, P[3]), ek[r])
    return vx(perm(pair("EO", x), SR), ek[nr])


def decrypt(dk, nr, x):
    x = vx(xf("DIPT_LO", "DIPT_HI", x), dk[0])
    for r in range(1, nr):
        x = vx(*[perm(pair(n, x), Q[k]) for k, n in enumerate(("DE", "DB", "DD", "D9"))], dk[r])
    return vx(perm(pair("DO", x), ISR), dk[nr])


for key, ct in (("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
                ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
                ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                 "8ea2b7ca516745bfeafc49904b496089")):
    pt = list(bytes.fromhex("00112233445566778899aabbccddeeff"))
    ek, dk, nr = schedule(list(bytes.fromhex(key)))
    c = encrypt(ek, nr, pt)
    assert bytes(c).hex() == ct and decrypt(dk, nr, c) == pt, key

print("/* Generated by tools/gen-vpaes-tables.py: do not edit. a = %d; T maps bit b of" % A)
print("   a byte to g^b, g = 0x%02x (a root of the AES polynomial in the tower). */" % G)
print("#ifndef FC_AES_NEON_TAB_H")
print("#define FC_AES_NEON_TAB_H")
print("enum {")
names = ["FCN_" + n for n, _, _ in TABLES] + ["FCN_NTAB"]
for i in range(0, len(names), 8):
    print("  " + ", ".join(names[i:i + 8]) + ",")
print("};")
print("static const uint8_t fcn_tab[FCN_NTAB][16] __attribute__((aligned(16))) = {")
for n, v, c in TABLES:
    print("  /* %s: %s */" % (n, c))
    print("  {%s}," % ", ".join("0x%02x" % b for b in v))
print("};")
print("#endif")
