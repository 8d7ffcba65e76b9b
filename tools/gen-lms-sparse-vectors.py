#!/usr/bin/env python3
"""LMS/HSS signatures for trees too tall to build, and their verifier.

Written from RFC 8554 (sections 3-6, Appendix B) and NIST SP 800-208
(section 4: the SHA-256/192, SHAKE256/256 and SHAKE256/192 parameter sets
and their type codes), independently of fastcrypt's code.

A real signer computes every leaf of a 2^h tree (h = 25: 33 million
one-time keys). Verification recomputes the root from one leaf and its
authentication path only, so this signer builds a sparse tree: the
one-time signature is real (chains from secret seeds, RFC 8554 section
4.5), the leaf is that one-time key's (section 5.3), the path's siblings
are drawn at random, and the root (the public key) is computed upward
through them. Such a signature satisfies section 5.4.2's check exactly;
it proves nothing about a signer, only about a verifier.

Usage:
  gen-lms-sparse-vectors.py [gen] > tests/vectors/lms/sparse_tall.txt
  gen-lms-sparse-vectors.py verify FILE...   (records of the same format;
      exit 1 if any fails, or if a signature with one byte flipped passes)
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hashsig_records import main  # noqa: E402

D_PBLC, D_MESG, D_LEAF, D_INTR = 0x8080, 0x8181, 0x8282, 0x8383


def u32(v):
    return v.to_bytes(4, "big")


def u16(v):
    return v.to_bytes(2, "big")


# --- parameter sets (RFC 8554 section 5.1, SP 800-208 Tables 2 and 3) ---
# families in code order: SHA-256 n=32, SHA-256/192, SHAKE256 n=32, SHAKE256/192
FAMILIES = [("sha256", 32), ("sha256", 24), ("shake256", 32), ("shake256", 24)]


def hash_fn(fam):
    alg, n = FAMILIES[fam]
    if alg == "sha256":
        return lambda b: hashlib.sha256(b).digest()[:n]
    return lambda b: hashlib.shake_256(b).digest(n)


def lms_type(fam, h):  # 0x05 .. 0x18
    return 5 + 5 * fam + (h // 5 - 1)


def lms_params(t):
    if not 5 <= t <= 0x18:
        raise ValueError("lms type %#x" % t)
    fam, k = divmod(t - 5, 5)
    return fam, 5 * (k + 1)


def ots_type(fam, w):  # 1 .. 16
    return 1 + 4 * fam + {1: 0, 2: 1, 4: 2, 8: 3}[w]


def ots_params(t):
    """(family, n, w, p, ls) from RFC 8554 Appendix B's formulas."""
    if not 1 <= t <= 16:
        raise ValueError("lmots type %d" % t)
    fam, k = divmod(t - 1, 4)
    n, w = FAMILIES[fam][1], 1 << k
    u = -(-8 * n // w)
    v = -(-(((2**w - 1) * u).bit_length()) // w)
    return fam, n, w, u + v, 16 - v * w


def coef(s, i, w):  # section 3.1.3
    return (2**w - 1) & (s[i * w // 8] >> (8 - (w * (i % (8 // w)) + w)))


def cksm(s, n, w, ls):  # section 4.4
    total = sum(2**w - 1 - coef(s, i, w) for i in range(8 * n // w))
    return u16((total << ls) & 0xFFFF)


def chain(H, ident, q, i, x, start, steps):  # section 4.5 step 3's inner loop
    for j in range(start, start + steps):
        x = H(ident + u32(q) + u16(i) + bytes([j]) + x)
    return x


# --- LM-OTS (section 4) ---
def ots_sign(otype, ident, q, seed_fn, msg, c):
    fam, n, w, p, ls = ots_params(otype)
    H = hash_fn(fam)
    x = [seed_fn(i, n) for i in range(p)]
    qh = H(ident + u32(q) + u16(D_MESG) + c + msg)
    v = qh + cksm(qh, n, w, ls)
    ys = [chain(H, ident, q, i, x[i], 0, coef(v, i, w)) for i in range(p)]
    zs = [chain(H, ident, q, i, x[i], 0, 2**w - 1) for i in range(p)]
    k = H(ident + u32(q) + u16(D_PBLC) + b"".join(zs))
    return u32(otype) + c + b"".join(ys), k


def ots_key_from_sig(ident, q, sig, msg, want_type):
    """Algorithm 4b: the candidate one-time key, or None if malformed."""
    if len(sig) < 4 or int.from_bytes(sig[:4], "big") != want_type:
        return None
    fam, n, w, p, ls = ots_params(want_type)
    if len(sig) != 4 + n * (p + 1):
        return None
    H = hash_fn(fam)
    c, ys = sig[4:4 + n], sig[4 + n:]
    qh = H(ident + u32(q) + u16(D_MESG) + c + msg)
    v = qh + cksm(qh, n, w, ls)
    zs = []
    for i in range(p):
        a = coef(v, i, w)
        zs.append(chain(H, ident, q, i, ys[n * i:n * (i + 1)], a, 2**w - 1 - a))
    return H(ident + u32(q) + u16(D_PBLC) + b"".join(zs))


# --- LMS (section 5) ---
def lms_sign_sparse(ltype, otype, ident, q, msg, rnd):
    """A signature at leaf q and the root it implies (the sparse tree)."""
    fam, h = lms_params(ltype)
    H = hash_fn(fam)
    m = FAMILIES[fam][1]
    c = rnd(ots_params(otype)[1])
    ots_sig, k = ots_sign(otype, ident, q, lambda i, n: rnd(n), msg, c)
    node = 2**h + q
    tmp = H(ident + u32(node) + u16(D_LEAF) + k)
    path = []
    while node > 1:
        sib = rnd(m)
        path.append(sib)
        left, right = (sib, tmp) if node & 1 else (tmp, sib)
        node //= 2
        tmp = H(ident + u32(node) + u16(D_INTR) + left + right)
    sig = u32(q) + ots_sig + u32(ltype) + b"".join(path)
    pub = u32(ltype) + u32(otype) + ident + tmp
    return sig, pub


def lms_verify(pub, msg, sig):
    """Section 5.4.2; returns the number of bytes of sig used, or None."""
    if len(pub) < 8:
        return None
    ltype, otype = int.from_bytes(pub[:4], "big"), int.from_bytes(pub[4:8], "big")
    try:
        fam, h = lms_params(ltype)
        _, n, _, p, _ = ots_params(otype)
    except ValueError:
        return None
    m = FAMILIES[fam][1]
    if len(pub) != 24 + m:
        return None
    ident, root = pub[8:24], pub[24:]
    ots_len = 4 + n * (p + 1)
    used = 4 + ots_len + 4 + m * h
    if len(sig) < used:
        return None
    q = int.from_bytes(sig[:4], "big")
    if q >= 2**h or int.from_bytes(sig[4 + ots_len:8 + ots_len], "big") != ltype:
        return None
    k = ots_key_from_sig(ident, q, sig[4:4 + ots_len], msg, otype)
    if k is None:
        return None
    H = hash_fn(fam)
    node = 2**h + q
    tmp = H(ident + u32(node) + u16(D_LEAF) + k)
    path = sig[8 + ots_len:used]
    for i in range(h):
        sib = path[m * i:m * (i + 1)]
        left, right = (sib, tmp) if node & 1 else (tmp, sib)
        node //= 2
        tmp = H(ident + u32(node) + u16(D_INTR) + left + right)
    return used if tmp == root else None


# --- HSS (section 6) ---
def hss_verify(pub, msg, sig):
    if len(pub) < 4 or len(sig) < 4:
        return False
    levels, nspk = int.from_bytes(pub[:4], "big"), int.from_bytes(sig[:4], "big")
    if nspk + 1 != levels:
        return False
    key, rest = pub[4:], sig[4:]
    for _ in range(nspk):
        # an LMS signature's length follows from its two type codes
        if len(rest) < 8:
            return False
        try:
            _, n, _, p, _ = ots_params(int.from_bytes(rest[4:8], "big"))
            lfam, h = lms_params(int.from_bytes(rest[8 + n * (p + 1):12 + n * (p + 1)], "big"))
            slen = 4 + 4 + n * (p + 1) + 4 + FAMILIES[lfam][1] * h
            nfam, _ = lms_params(int.from_bytes(rest[slen:slen + 4], "big"))
        except ValueError:
            return False
        plen = 24 + FAMILIES[nfam][1]
        nxt = rest[slen:slen + plen]
        if len(nxt) != plen or lms_verify(key, nxt, rest[:slen]) != slen:
            return False
        key, rest = nxt, rest[slen + plen:]
    used = lms_verify(key, msg, rest)
    return used is not None and used == len(rest)


# --- generation ---
class Rng:
    """Deterministic bytes: SHAKE256 of a label and a counter."""

    def __init__(self, label):
        self.label, self.ctr = label.encode(), 0

    def __call__(self, n):
        self.ctr += 1
        return hashlib.shake_256(self.label + u32(self.ctr)).digest(n)


def message(size, tag):
    return hashlib.shake_256(b"fastcrypt lms sparse message " + tag.encode()).digest(size)


# (family, h, w) of each L = 1 key and its leaves: H25 and H20 of every
# family and W (no independent signer builds them), H15 with the W that
# tools/gen-lms-vectors.sh --tall leaves out.
def leaves(h):
    return {25: (0, 2**24 + 12345, 2**25 - 1), 20: (0, 2**20 - 1), 15: (2**15 - 1,)}[h]


KEYS = [(fam, h, w) for h in (25, 20) for fam in range(4) for w in (1, 2, 4, 8)] + \
       [(fam, 15, w) for fam in range(4) for w in (1, 2, 8)]
SIZES = (0, 33, 1000)
# HSS keys of two levels, both H25 of one family (top W8, bottom W2).
HSS2 = [(fam, 25, 8, 25, 2) for fam in range(4)]


def gen():
    names = ["SHA256_M32", "SHA256_M24", "SHAKE_M32", "SHAKE_M24"]
    out = ["# LMS/HSS signatures of tall trees (H15, H20, H25) from a sparse-tree signer:",
           "# tools/gen-lms-sparse-vectors.py, written from RFC 8554 and SP 800-208,",
           "# independent of fastcrypt's code (real LM-OTS signatures, random",
           "# authentication-path siblings, the root computed from them). Each record:",
           "# the HSS public key, the message, the HSS signature. All valid.", ""]
    for fam, h, w in KEYS:
        lt, ot = lms_type(fam, h), ots_type(fam, w)
        rnd = Rng("key %d %d %d" % (fam, h, w))
        ident = rnd(16)
        for j, q in enumerate(leaves(h)):
            tag = "LMS_%s_H%d W%d q=%d" % (names[fam], h, w, q)
            msg = message(SIZES[j], tag)
            sig, pub = lms_sign_sparse(lt, ot, ident, q, msg, Rng("sig " + tag))
            # each signature has its own sparse tree, so its own root: one key per record
            out += ["[%s]" % tag, "pk = " + (u32(1) + pub).hex(), "msg = " + msg.hex(),
                    "sig = " + (u32(0) + sig).hex(), ""]
    for fam, h1, w1, h2, w2 in HSS2:
        tag = "HSS L=2 %s H%d W%d / H%d W%d" % (names[fam], h1, w1, h2, w2)
        rnd = Rng("hss " + tag)
        id1, id2 = rnd(16), rnd(16)
        msg = message(33, tag)
        q2 = 2**h2 - 1
        sig2, pub2 = lms_sign_sparse(lms_type(fam, h2), ots_type(fam, w2), id2, q2, msg, Rng("l2 " + tag))
        sig1, pub1 = lms_sign_sparse(lms_type(fam, h1), ots_type(fam, w1), id1, 2**(h1 - 1) + 7, pub2,
                                     Rng("l1 " + tag))
        out += ["[%s]" % tag, "pk = " + (u32(2) + pub1).hex(), "msg = " + msg.hex(),
                "sig = " + (u32(1) + sig1 + pub2 + sig2).hex(), ""]
    sys.stdout.write("\n".join(out))


def check(r):
    """None if the record verifies and fails with its middle signature byte
    flipped; else why not."""
    if not hss_verify(r["pk"], r["msg"], r["sig"]):
        return "does not verify"
    flipped = bytearray(r["sig"])
    flipped[len(flipped) // 2] ^= 1
    if hss_verify(r["pk"], r["msg"], bytes(flipped)):
        return "passes with its middle byte flipped"
    return None


if __name__ == "__main__":
    main(__doc__, gen, check)
