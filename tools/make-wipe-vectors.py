#!/usr/bin/env python3
"""Writes tests/vectors/local/wipe_secrets.txt: the inputs of
tests/core/test_wipe.cpp's calls and every secret or value derived from them
that a call could leave on the stack or in registers (AES round keys,
H = E(K, 0) and its powers (also divided by x), E(K, J0), keystream blocks, key ^ ipad and
key ^ opad, H(long key), the HMAC chaining values, the HKDF PRK, PBKDF2's
U1 and U2).

Everything is computed here, independently of the library: AES, GHASH and
the SHA compressions are written out below and checked first against
published answers (FIPS 197 appendix C, the GCM specification's test
cases 2 and 3, Python's hashlib, hmac and pbkdf2_hmac, RFC 5869 test
case 1). Deterministic. Usage: tools/make-wipe-vectors.py > FILE

Format: one line per value, "<case>.<name> <hex>". Cases: aes128, aes192,
aes256; hmac-<alg>-<short|long>; hkdf-<alg>; pbkdf2-<alg>. Names ending in
"_in" are inputs the test passes (not secrets unless listed as "key",
"pw" or "ikm"); every other name is a secret to look for. SHA-3 cases
(alg sha3_256, sha3_512) come last: Keccak-f[1600] is written out below
too (FIPS 202 section 3) and checked against hashlib; their istate and
ostate are the 200-byte Keccak states after K0 ^ ipad and K0 ^ opad.
"""
import hashlib
import hmac
import random
import struct
import sys

rng = random.Random(20261201)


def rbytes(n):
    return bytes(rng.randrange(256) for _ in range(n))


# ---------------------------------------------------------------- AES
def xtime(a):
    a <<= 1
    return (a ^ 0x11B) & 0xFF if a & 0x100 else a


def gmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = xtime(a)
        b >>= 1
    return r


def make_sbox():
    inv = [0] * 256
    for x in range(1, 256):
        for y in range(1, 256):
            if gmul(x, y) == 1:
                inv[x] = y
                break
    sbox = []
    for x in range(256):
        b = inv[x]
        s = b
        for i in range(1, 5):
            s ^= ((b << i) | (b >> (8 - i))) & 0xFF
        sbox.append(s ^ 0x63)
    return sbox


SBOX = make_sbox()


def expand(key):
    nk = len(key) // 4
    nr = nk + 6
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        t = list(w[i - 1])
        if i % nk == 0:
            t = [SBOX[b] for b in t[1:] + t[:1]]
            t[0] ^= rcon
            rcon = xtime(rcon)
        elif nk > 6 and i % nk == 4:
            t = [SBOX[b] for b in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    return [bytes(sum(w[4 * r:4 * r + 4], [])) for r in range(nr + 1)]


def mix(col, m):
    return [gmul(col[0], m[0]) ^ gmul(col[1], m[1]) ^ gmul(col[2], m[2]) ^ gmul(col[3], m[3]),
            gmul(col[0], m[3]) ^ gmul(col[1], m[0]) ^ gmul(col[2], m[1]) ^ gmul(col[3], m[2]),
            gmul(col[0], m[2]) ^ gmul(col[1], m[3]) ^ gmul(col[2], m[0]) ^ gmul(col[3], m[1]),
            gmul(col[0], m[1]) ^ gmul(col[1], m[2]) ^ gmul(col[2], m[3]) ^ gmul(col[3], m[0])]


def mix_columns(s, m):
    return bytes(sum((mix(list(s[4 * c:4 * c + 4]), m) for c in range(4)), []))


def encrypt(rks, block):
    s = bytes(a ^ b for a, b in zip(block, rks[0]))
    for r in range(1, len(rks)):
        s = bytes(SBOX[b] for b in s)
        s = bytes(s[(i + 4 * (i % 4)) % 16] for i in range(16))  # ShiftRows
        if r != len(rks) - 1:
            s = mix_columns(s, (2, 3, 1, 1))
        s = bytes(a ^ b for a, b in zip(s, rks[r]))
    return s


def inv_mix(rk):
    return mix_columns(rk, (14, 11, 13, 9))


# --------------------------------------------------------------- GHASH
def gf_mul(x, y):
    """SP 800-38D algorithm 1 on 128-bit integers in the standard's bit order."""
    r = 0xE1 << 120
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ r if v & 1 else v >> 1
    return z


def gf_pow(a, e):
    r = 1 << 127  # the field's 1 in the standard's bit order
    while e:
        if e & 1:
            r = gf_mul(r, a)
        a = gf_mul(a, a)
        e >>= 1
    return r


XINV = gf_pow(1 << 126, (1 << 128) - 2)  # 1 / x: the group of units has order 2^128 - 1


def ghash(h, data):
    y = 0
    for i in range(0, len(data), 16):
        y = gf_mul(y ^ int.from_bytes(data[i:i + 16].ljust(16, b"\0"), "big"), h)
    return y


def inc32(b):
    return b[:12] + struct.pack(">I", (struct.unpack(">I", b[12:])[0] + 1) & 0xFFFFFFFF)


def gcm_encrypt(rks, iv, aad, pt):
    h = int.from_bytes(encrypt(rks, bytes(16)), "big")
    j0 = iv + b"\0\0\0\1"
    ctr, ct = j0, b""
    for i in range(0, len(pt), 16):
        ctr = inc32(ctr)
        ct += bytes(a ^ b for a, b in zip(pt[i:i + 16], encrypt(rks, ctr)))
    pad = lambda b: b + bytes(-len(b) % 16)
    s = ghash(h, pad(aad) + pad(ct) + struct.pack(">QQ", 8 * len(aad), 8 * len(ct)))
    tag = (s ^ int.from_bytes(encrypt(rks, j0), "big")).to_bytes(16, "big")
    return ct, tag


def check_aes():
    k = bytes(range(32))
    p = bytes.fromhex("00112233445566778899aabbccddeeff")
    for n, want in ((16, "69c4e0d86a7b0430d8cdb78070b4c55a"), (24, "dda97ca4864cdfe06eaf70a0ec0d7191"),
                    (32, "8ea2b7ca516745bfeafc49904b496089")):
        assert encrypt(expand(k[:n]), p).hex() == want, "FIPS 197 appendix C"
    ct, tag = gcm_encrypt(expand(bytes(16)), bytes(12), b"", bytes(16))
    assert ct.hex() == "0388dace60b6a392f328c2b971b2fe78", "GCM test case 2"
    assert tag.hex() == "ab6e47d42cec13bdf53a67b21257bddf", "GCM test case 2"
    k3 = bytes.fromhex("feffe9928665731c6d6a8f9467308308")
    p3 = bytes.fromhex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                       "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255")
    ct, tag = gcm_encrypt(expand(k3), bytes.fromhex("cafebabefacedbaddecaf888"), b"", p3)
    assert tag.hex() == "4d5c2af327cd64a62cf35abd2ba6fab4", "GCM test case 3"


# ---------------------------------------------------------------- SHA
def rotr32(x, n):
    return ((x >> n) | (x << (32 - n))) & 0xFFFFFFFF


def rotr64(x, n):
    return ((x >> n) | (x << (64 - n))) & 0xFFFFFFFFFFFFFFFF


def primes(n):
    out, c = [], 2
    while len(out) < n:
        if all(c % p for p in out if p * p <= c):
            out.append(c)
        c += 1
    return out


def iroot(x, k):
    lo, hi = 0, 1 << (x.bit_length() // k + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid ** k <= x:
            lo = mid
        else:
            hi = mid - 1
    return lo


def frac_root(p, k, bits):  # first `bits` bits of the fractional part of p^(1/k)
    return iroot(p << (k * bits), k) & ((1 << bits) - 1)


K256 = [frac_root(p, 3, 32) for p in primes(64)]
K512 = [frac_root(p, 3, 64) for p in primes(80)]


def sha1_compress(h, block):
    w = list(struct.unpack(">16I", block))
    for t in range(16, 80):
        x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
        w.append(((x << 1) | (x >> 31)) & 0xFFFFFFFF)
    a, b, c, d, e = h
    for t in range(80):
        if t < 20:
            f, k = (b & c) | (~b & d), 0x5A827999
        elif t < 40:
            f, k = b ^ c ^ d, 0x6ED9EBA1
        elif t < 60:
            f, k = (b & c) | (b & d) | (c & d), 0x8F1BBCDC
        else:
            f, k = b ^ c ^ d, 0xCA62C1D6
        t2 = (((a << 5) | (a >> 27)) + f + e + k + w[t]) & 0xFFFFFFFF
        a, b, c, d, e = t2, a, ((b << 30) | (b >> 2)) & 0xFFFFFFFF, c, d
    return [(x + y) & 0xFFFFFFFF for x, y in zip(h, (a, b, c, d, e))]


def sha256_compress(h, block):
    w = list(struct.unpack(">16I", block))
    for t in range(16, 64):
        s0 = rotr32(w[t - 15], 7) ^ rotr32(w[t - 15], 18) ^ (w[t - 15] >> 3)
        s1 = rotr32(w[t - 2], 17) ^ rotr32(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w.append((w[t - 16] + s0 + w[t - 7] + s1) & 0xFFFFFFFF)
    a, b, c, d, e, f, g, hh = h
    for t in range(64):
        t1 = (hh + (rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25)) + ((e & f) ^ (~e & g)) + K256[t] + w[t])
        t2 = (rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))
        a, b, c, d, e, f, g, hh = (t1 + t2) & 0xFFFFFFFF, a, b, c, (d + t1) & 0xFFFFFFFF, e, f, g
    return [(x + y) & 0xFFFFFFFF for x, y in zip(h, (a, b, c, d, e, f, g, hh))]


def sha512_compress(h, block):
    m = 0xFFFFFFFFFFFFFFFF
    w = list(struct.unpack(">16Q", block))
    for t in range(16, 80):
        s0 = rotr64(w[t - 15], 1) ^ rotr64(w[t - 15], 8) ^ (w[t - 15] >> 7)
        s1 = rotr64(w[t - 2], 19) ^ rotr64(w[t - 2], 61) ^ (w[t - 2] >> 6)
        w.append((w[t - 16] + s0 + w[t - 7] + s1) & m)
    a, b, c, d, e, f, g, hh = h
    for t in range(80):
        t1 = (hh + (rotr64(e, 14) ^ rotr64(e, 18) ^ rotr64(e, 41)) + ((e & f) ^ (~e & g)) + K512[t] + w[t])
        t2 = (rotr64(a, 28) ^ rotr64(a, 34) ^ rotr64(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))
        a, b, c, d, e, f, g, hh = (t1 + t2) & m, a, b, c, (d + t1) & m, e, f, g
    return [(x + y) & m for x, y in zip(h, (a, b, c, d, e, f, g, hh))]


def iv_of(name):
    if name == "sha1":
        return [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0]
    if name == "sha256":
        return [frac_root(p, 2, 32) for p in primes(8)]
    if name == "sha512":
        return [frac_root(p, 2, 64) for p in primes(8)]
    if name == "sha384":
        return [frac_root(p, 2, 64) for p in primes(16)[8:]]
    raise ValueError(name)


ALGS = {  # name: (compress, block, word bytes, digest bytes)
    "sha1": (sha1_compress, 64, 4, 20),
    "sha256": (sha256_compress, 64, 4, 32),
    "sha384": (sha512_compress, 128, 8, 48),
    "sha512": (sha512_compress, 128, 8, 64),
}


def digest(alg, msg, h=None, prefix_len=0):
    comp, block, wb, dl = ALGS[alg]
    h = list(h or iv_of(alg))
    total = prefix_len + len(msg)
    lenbytes = 8 if block == 64 else 16
    msg = msg + b"\x80" + bytes(-(len(msg) + 1 + lenbytes) % block) + (8 * total).to_bytes(lenbytes, "big")
    for i in range(0, len(msg), block):
        h = comp(h, msg[i:i + block])
    return b"".join(x.to_bytes(wb, "big") for x in h)[:dl]


def check_sha():
    for alg in ALGS:
        for n in (0, 3, 55, 56, 64, 111, 112, 128, 300):
            m = bytes(range(256))[:n] * 1 if n <= 256 else bytes(n)
            assert digest(alg, m) == hashlib.new(alg, m).digest(), alg


# --------------------------------------------------------- HMAC, KDFs
def state_after(alg, block_bytes):
    comp, _, _, _ = ALGS[alg]
    return comp(iv_of(alg), block_bytes)


def k0_of(alg, key):
    _, block, _, _ = ALGS[alg]
    if len(key) > block:
        key = digest(alg, key)
    return key


def pads(alg, key):
    """(K0 ^ ipad, K0 ^ opad, length of their secret part)."""
    _, block, _, _ = ALGS[alg]
    k0 = k0_of(alg, key)
    kb = k0 + bytes(block - len(k0))
    return bytes(b ^ 0x36 for b in kb), bytes(b ^ 0x5C for b in kb), len(k0)


def my_hmac(alg, key, msg):
    _, block, _, _ = ALGS[alg]
    ip, op, _ = pads(alg, key)
    inner = digest(alg, msg, state_after(alg, ip), block)
    return digest(alg, inner, state_after(alg, op), block)


def check_kdf():
    for alg in ALGS:
        for key in (b"k" * 5, bytes(range(200))):
            assert my_hmac(alg, key, b"message") == hmac.new(key, b"message", alg).digest(), alg
    ikm, salt, info = bytes([0x0B] * 22), bytes(range(13)), bytes(range(0xF0, 0xFA))
    prk = my_hmac("sha256", salt, ikm)
    okm = my_hmac("sha256", prk, info + b"\x01") + my_hmac("sha256", prk, my_hmac("sha256", prk, info + b"\x01") + info + b"\x02")
    assert okm[:42].hex() == ("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                              "34007208d5b887185865"), "RFC 5869 test case 1"


# ------------------------------------------------------------ SHA-3
def keccak_f(a):
    """Keccak-f[1600] on 25 lanes (index x + 5y), FIPS 202 section 3."""
    m = 0xFFFFFFFFFFFFFFFF
    rot = lambda v, n: ((v << n) | (v >> (64 - n))) & m if n % 64 else v
    rho = [0] * 25
    x, y = 1, 0
    for t in range(24):
        rho[x + 5 * y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    r = 1
    rcs = []
    for _ in range(24):
        rc = 0
        for j in range(7):
            r = ((r << 1) ^ ((r >> 7) * 0x71)) % 256
            if r & 2:
                rc |= 1 << ((1 << j) - 1)
        rcs.append(rc)
    a = list(a)
    for ir in range(24):
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        a = [a[i] ^ c[(i % 5 + 4) % 5] ^ rot(c[(i % 5 + 1) % 5], 1) for i in range(25)]
        b = [0] * 25
        for x in range(5):
            for y in range(5):
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rot(a[x + 5 * y], rho[x + 5 * y])
        a = [b[i] ^ (~b[(i % 5 + 1) % 5 + 5 * (i // 5)] & b[(i % 5 + 2) % 5 + 5 * (i // 5)]) & m
             for i in range(25)]
        a[0] ^= rcs[ir]
    return a


SHA3 = {"sha3_256": (136, 32), "sha3_512": (72, 64)}  # name: (rate, digest bytes)


def lanes_of(b):
    b = b + bytes(200 - len(b))
    return [int.from_bytes(b[8 * i:8 * i + 8], "little") for i in range(25)]


def bytes_of(lanes):
    return b"".join(v.to_bytes(8, "little") for v in lanes)


def sha3_digest(alg, msg, st=None):
    rate, dl = SHA3[alg]
    st = list(st or [0] * 25)
    msg = bytearray(msg) + b"\x06" + bytes(-(len(msg) + 1) % rate)
    msg[-1] |= 0x80
    for i in range(0, len(msg), rate):
        st = keccak_f([v ^ w for v, w in zip(st, lanes_of(bytes(msg[i:i + rate])))])
    return bytes_of(st)[:dl]


def sha3_pads(alg, key):
    rate, _ = SHA3[alg]
    k0 = sha3_digest(alg, key) if len(key) > rate else key
    kb = k0 + bytes(rate - len(k0))
    return k0, bytes(b ^ 0x36 for b in kb), bytes(b ^ 0x5C for b in kb)


def sha3_hmac(alg, key, msg):
    _, ip, op = sha3_pads(alg, key)
    inner = sha3_digest(alg, msg, keccak_f(lanes_of(ip)))
    return sha3_digest(alg, inner, keccak_f(lanes_of(op)))


def check_sha3():
    for alg in SHA3:
        for n in (0, 3, 71, 72, 135, 136, 300):
            m = bytes(range(256))[:n] if n <= 256 else bytes(n)
            assert sha3_digest(alg, m) == hashlib.new(alg, m).digest(), alg
        for key in (b"k" * 5, bytes(range(200))):
            assert sha3_hmac(alg, key, b"message") == hmac.new(key, b"message", alg).digest(), alg


def put_sha3_key(case, alg, key):
    k0, ip, op = sha3_pads(alg, key)
    if k0 != key:
        put(case, "k0", k0)
    put(case, "k0_ipad", ip[:len(k0)])
    put(case, "k0_opad", op[:len(k0)])
    put(case, "istate", bytes_of(keccak_f(lanes_of(ip))))
    put(case, "ostate", bytes_of(keccak_f(lanes_of(op))))


def sha3_cases(alg):
    for kind in ("short", "long"):
        case = "hmac-%s-%s" % (alg, kind)
        key = rbytes(32 if kind == "short" else 200)
        put(case, "key", key)
        put_sha3_key(case, alg, key)
        msg = rbytes(100)
        put(case, "msg_in", msg)
        assert sha3_hmac(alg, key, msg) == hmac.new(key, msg, alg).digest()
    hkdf_case(alg, sha3_hmac, put_sha3_key)
    pbkdf2_case(alg, sha3_hmac, put_sha3_key)


# ------------------------------------------------------------ output
out = []


def put(case, name, data):
    out.append("%s.%s %s" % (case, name, data.hex()))


def put_state(case, name, alg, words):
    """A chaining value in the forms a kernel may hold it: native
    little-endian words (the context), big-endian bytes (the digest),
    and for SHA-NI the register orders ABEF/CDGH (SHA-256) and ABCD
    (SHA-1), least significant word first."""
    _, _, wb, _ = ALGS[alg]
    le = b"".join(w.to_bytes(wb, "little") for w in words)
    be = b"".join(w.to_bytes(wb, "big") for w in words)
    put(case, name + "_le", le)
    put(case, name + "_be", be)
    if alg == "sha256":
        put(case, name + "_abef", b"".join(words[i].to_bytes(4, "little") for i in (5, 4, 1, 0)))
        put(case, name + "_cdgh", b"".join(words[i].to_bytes(4, "little") for i in (7, 6, 3, 2)))
    if alg == "sha1":
        put(case, name + "_abcd", b"".join(words[i].to_bytes(4, "little") for i in (3, 2, 1, 0)))


def put_hmac_key(case, alg, key):
    ip, op, n = pads(alg, key)
    k0 = k0_of(alg, key)
    if k0 != key:
        put(case, "k0", k0)
    put(case, "k0_ipad", ip[:n])
    put(case, "k0_opad", op[:n])
    put_state(case, "istate", alg, state_after(alg, ip))
    put_state(case, "ostate", alg, state_after(alg, op))


def aes_case(bits):
    case = "aes%d" % bits
    key = rbytes(bits // 8)
    rks = expand(key)
    put(case, "key", key)
    put(case, "rk", b"".join(rks))
    put(case, "dk", b"".join(inv_mix(rk) for rk in rks[1:-1]))
    h = int.from_bytes(encrypt(rks, bytes(16)), "big")
    hp = h
    for i in range(1, 5):
        put(case, "h%d" % i, hp.to_bytes(16, "big"))
        put(case, "h%d_rev" % i, hp.to_bytes(16, "little"))
        # H^i / x in the standard's bit order, byte-reversed: the form the
        # vpclmul kernel stores (docs/aes.md's "H^i x", in its reflected order)
        put(case, "h%dxinv_rev" % i, gf_mul(hp, XINV).to_bytes(16, "little"))
        hp = gf_mul(hp, h)
    pt, iv, aad = rbytes(64), rbytes(12), rbytes(20)
    ctr0, cbc_iv = rbytes(12) + b"\xff\xff\xff\xfe", rbytes(16)
    put(case, "pt_in", pt)
    put(case, "iv_in", iv)
    put(case, "aad_in", aad)
    put(case, "ctr_in", ctr0)
    put(case, "cbciv_in", cbc_iv)
    j0 = iv + b"\0\0\0\1"
    put(case, "ek0", encrypt(rks, j0))
    ks, c = b"", j0
    for _ in range(4):
        c = inc32(c)
        ks += encrypt(rks, c)
    put(case, "gcm_ks", ks)
    ks, c = b"", int.from_bytes(ctr0, "big")
    for _ in range(4):
        ks += encrypt(rks, c.to_bytes(16, "big"))
        c = (c + 1) % (1 << 128)
    put(case, "ctr_ks", ks)
    # CBC: the cipher's input for encryption is P_i ^ C_(i-1), which is
    # also the output of decryption before its XOR.
    prev, pre = cbc_iv, b""
    for i in range(0, 64, 16):
        x = bytes(a ^ b for a, b in zip(pt[i:i + 16], prev))
        pre += x
        prev = encrypt(rks, x)
    put(case, "cbc_pre", pre)
    ct, tag = gcm_encrypt(rks, iv, aad, pt)
    put(case, "gcmct_in", ct)
    put(case, "gcmtag_in", tag)


def hmac_case(alg, kind):
    case = "hmac-%s-%s" % (alg, kind)
    key = rbytes(32 if kind == "short" else 200)
    put(case, "key", key)
    put_hmac_key(case, alg, key)
    msg = rbytes(100)
    put(case, "msg_in", msg)
    assert my_hmac(alg, key, msg) == hmac.new(key, msg, alg).digest()


def hkdf_case(alg, hm=None, put_key=None):
    """hm, put_key: the HMAC and key-secrets functions (SHA-3's, or by default SHA-2's)."""
    hm, put_key = hm or my_hmac, put_key or put_hmac_key
    case = "hkdf-" + alg
    salt, ikm, info = rbytes(16), rbytes(32), rbytes(10)
    put(case, "salt_in", salt)
    put(case, "ikm", ikm)
    put(case, "info_in", info)
    prk = hm(alg, salt, ikm)
    put(case, "prk", prk)
    put_key(case, alg, prk)
    put(case, "t1", hm(alg, prk, info + b"\x01"))


def pbkdf2_case(alg, hm=None, put_key=None):
    hm, put_key = hm or my_hmac, put_key or put_hmac_key
    case = "pbkdf2-" + alg
    pw, salt = rbytes(24), rbytes(16)
    put(case, "pw", pw)
    put(case, "salt_in", salt)
    put_key(case, alg, pw)
    u1 = hm(alg, pw, salt + b"\0\0\0\1")
    u2 = hm(alg, pw, u1)
    put(case, "u1", u1)
    put(case, "u2", u2)
    t = bytes(a ^ b for a, b in zip(u1, u2))
    assert t == hashlib.pbkdf2_hmac(alg, pw, salt, 2), alg
    put(case, "t", t)


def main():
    check_aes()
    check_sha()
    check_kdf()
    for bits in (128, 192, 256):
        aes_case(bits)
    for alg in ALGS:
        for kind in ("short", "long"):
            hmac_case(alg, kind)
    for alg in ("sha256", "sha384", "sha512"):
        hkdf_case(alg)
    for alg in ("sha1", "sha256", "sha512"):
        pbkdf2_case(alg)
    check_sha3()
    for alg in SHA3:
        sha3_cases(alg)
    sys.stdout.write("# tools/make-wipe-vectors.py: see its docstring\n" + "\n".join(out) + "\n")


main()
