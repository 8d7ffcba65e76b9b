#!/usr/bin/env python3
"""XMSS / XMSS^MT signatures for trees too tall to build, and their verifier.

Written from RFC 8391 (sections 2.5-2.8 addresses and notation, 3.1 WOTS+,
4.1 XMSS, 4.2 XMSS^MT, 5 parameter sets) and NIST SP 800-208 (section 5:
the SHA-256/192, SHAKE256/256 and SHAKE256/192 sets, their OIDs and the
toByte(x, 4) prefix at n = 24), independently of fastcrypt's code.

A real signer computes every leaf of its trees (XMSS h = 20: a million
WOTS+ keys). Verification recomputes a root from one leaf and its
authentication path only, so this signer builds sparse trees: the WOTS+
signatures are real (chains from secret seeds, section 3.1.5), each signed
leaf is its WOTS+ key's L-tree (section 4.1.5), every node whose subtree
holds no signed leaf is drawn at random, and the nodes above the signed
leaves are computed upward through them (section 4.1.6's hashing). All the
signatures of one key share one sparse tree per XMSS tree, hence one root.
For XMSS^MT, layer i + 1's WOTS+ key signs layer i's root and the top
layer's root is the public key's. Such signatures satisfy Algorithms 14
and 17 exactly; they prove nothing about a signer, only about a verifier.

The verifier below shares with the signer only the address, hash and
encoding layer: addresses (section 2.5), base_w and the WOTS+ checksum
(2.6, 3.1.5), the chain (3.1.2), RAND_HASH (4.1.4), the L-tree (4.1.5),
PRF, F, H, H_msg (5.1; SP 800-208 section 5). The WOTS+ public key from a
signature, the root from a path, the XMSS^MT layers and the parsing are its
own; it verifies every reference and Botan vector in tests/vectors/xmss.

Usage:
  gen-xmss-sparse-vectors.py [gen] > tests/vectors/xmss/sparse_tall.txt
  gen-xmss-sparse-vectors.py verify FILE...   (records of the same format;
      exit 1 if any fails, or if one with a signature byte flipped passes)
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hashsig_records import main  # noqa: E402

W = 16  # every set: w = 16, lg(w) = 4 (RFC 8391 section 5.2)


def u32(v):
    return v.to_bytes(4, "big")


def to_byte(x, y):  # RFC 8391 section 2.4
    return x.to_bytes(y, "big")


def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


# --- parameter sets (RFC 8391 sections 5.3, 5.4; SP 800-208 Tables 10, 11) ---
# Per hash: its name in set names, the function, n, the toByte pad of the
# hash prefixes, the first XMSS OID (h = 10, 16, 20 follow) and the first
# XMSS^MT OID (eight (h, d) follow, in MT_SHAPES order).
FAMILIES = [
    ("SHA2", lambda b, n: hashlib.sha256(b).digest()[:n], 32, 32, 0x01, 0x01),
    ("SHAKE", lambda b, n: hashlib.shake_128(b).digest(n), 32, 32, 0x07, 0x11),
    ("SHA2", lambda b, n: hashlib.sha256(b).digest()[:n], 24, 4, 0x0D, 0x21),
    ("SHAKE256", lambda b, n: hashlib.shake_256(b).digest(n), 32, 32, 0x10, 0x29),
    ("SHAKE256", lambda b, n: hashlib.shake_256(b).digest(n), 24, 4, 0x13, 0x31),
]
XMSS_HEIGHTS = (10, 16, 20)
MT_SHAPES = ((20, 2), (20, 4), (40, 2), (40, 4), (40, 8), (60, 3), (60, 6), (60, 12))


class Params:
    """One parameter set: n, h, d, len and the hash functions."""

    def __init__(self, fam, h, d, mt):
        self.tag, self.fn, self.n, self.pad, oid_x, oid_mt = FAMILIES[fam]
        self.h, self.d, self.mt = h, d, mt
        self.hp = h // d  # the height of each tree
        if mt:
            self.oid = oid_mt + MT_SHAPES.index((h, d))
            self.name = "XMSSMT-%s_%d/%d_%d" % (self.tag, h, d, 8 * self.n)
        else:
            self.oid = oid_x + XMSS_HEIGHTS.index(h)
            self.name = "XMSS-%s_%d_%d" % (self.tag, h, 8 * self.n)
        # RFC 8391 section 3.1.1: len_1 = ceil(8n / lg(w)),
        # len_2 = floor(log2(len_1 (w - 1)) / lg(w)) + 1
        self.len1 = 8 * self.n // 4
        self.len2 = ((self.len1 * (W - 1)).bit_length() - 1) // 4 + 1
        self.len = self.len1 + self.len2
        self.idx_bytes = (h + 7) // 8 if mt else 4  # sections 4.2.3, 4.1.8
        self.sig_len = self.idx_bytes + self.n + d * (self.len + self.hp) * self.n

    # RFC 8391 section 5.1, SP 800-208 section 5: Hash(toByte(x, pad) || KEY || M)
    def _th(self, x, key, m):
        return self.fn(to_byte(x, self.pad) + key + m, self.n)

    def F(self, key, m):
        return self._th(0, key, m)

    def H(self, key, m):
        return self._th(1, key, m)

    def H_msg(self, key, m):
        return self._th(2, key, m)

    def PRF(self, key, m):
        return self._th(3, key, m)


def params_of(oid, mt):
    """The supported set with this OID in the XMSS or XMSS^MT registry, or None."""
    for fam in range(len(FAMILIES)):
        shapes = MT_SHAPES if mt else [(h, 1) for h in XMSS_HEIGHTS]
        for h, d in shapes:
            p = Params(fam, h, d, mt)
            if p.oid == oid:
                return p
    return None


# --- addresses (RFC 8391 section 2.5): eight 32-bit words; the tree address
# is words 1-2. Type 0 OTS (OTS, chain, hash address), 1 L-tree (L-tree
# address, tree height, tree index), 2 hash tree (padding 0, tree height,
# tree index); the last word keyAndMask.
def adrs(layer, tree, typ, w4, w5, w6, km):
    return u32(layer) + to_byte(tree, 8) + u32(typ) + u32(w4) + u32(w5) + u32(w6) + u32(km)


def base_w(x, out_len):  # section 2.6, w = 16: the nibbles, high first
    digits = []
    for byte in x:
        digits += [byte >> 4, byte & 0x0F]
    return digits[:out_len]


def wots_digits(p, m):
    """Section 3.1.5 (Algorithm 5) steps 1-9: base-w message and checksum."""
    msg = base_w(m, p.len1)
    csum = sum(W - 1 - d for d in msg)
    csum <<= 8 - ((p.len2 * 4) % 8)
    return msg + base_w(to_byte(csum, (p.len2 * 4 + 7) // 8), p.len2)


def chain(p, x, start, steps, seed, layer, tree, ots, i):
    """Section 3.1.2 (Algorithm 2), as a loop: steps start .. start + steps - 1
    of chain i of WOTS+ key ots."""
    for j in range(start, start + steps):
        key = p.PRF(seed, adrs(layer, tree, 0, ots, i, j, 0))
        bm = p.PRF(seed, adrs(layer, tree, 0, ots, i, j, 1))
        x = p.F(key, xor(x, bm))
    return x


def rand_hash(p, left, right, seed, addr):
    """Section 4.1.4 (Algorithm 7); addr(km) gives the address."""
    key = p.PRF(seed, addr(0))
    bm0 = p.PRF(seed, addr(1))
    bm1 = p.PRF(seed, addr(2))
    return p.H(key, xor(left, bm0) + xor(right, bm1))


def ltree(p, pk, seed, layer, tree, leaf):
    """Section 4.1.5 (Algorithm 8): the leaf of a WOTS+ public key."""
    pk, height = list(pk), 0
    while len(pk) > 1:
        nxt = [rand_hash(p, pk[2 * i], pk[2 * i + 1], seed,
                         lambda km, i=i: adrs(layer, tree, 1, leaf, height, i, km))
               for i in range(len(pk) // 2)]
        if len(pk) % 2:
            nxt.append(pk[-1])
        pk, height = nxt, height + 1
    return pk[0]


def node_hash(p, left, right, seed, layer, tree, height, index):
    """Two nodes of `height` into their parent `index` (sections 4.1.6, 4.1.10)."""
    return rand_hash(p, left, right, seed, lambda km: adrs(layer, tree, 2, 0, height, index, km))


# --- verification (RFC 8391 sections 3.1.6, 4.1.10, 4.2.4) ---
def wots_pk_from_sig(p, sig, m, seed, layer, tree, ots):
    """Algorithm 6."""
    digits = wots_digits(p, m)
    return [chain(p, sig[i * p.n:(i + 1) * p.n], d, W - 1 - d, seed, layer, tree, ots, i)
            for i, d in enumerate(digits)]


def root_from_sig(p, idx, sig_ots, auth, m, seed, layer, tree):
    """Algorithm 13 (XMSS_rootFromSig) for tree `tree` of `layer`."""
    pk_ots = wots_pk_from_sig(p, sig_ots, m, seed, layer, tree, idx)
    node = ltree(p, pk_ots, seed, layer, tree, idx)
    for k in range(p.hp):
        sib = auth[k * p.n:(k + 1) * p.n]
        parent = (idx >> k) >> 1
        if (idx >> k) % 2 == 0:
            node = node_hash(p, node, sib, seed, layer, tree, k, parent)
        else:
            node = node_hash(p, sib, node, seed, layer, tree, k, parent)
    return node


def verify(mt, pk, msg, sig):
    """Algorithm 14 (XMSS) or 17 (XMSS^MT) with the encodings of sections
    4.1.7/4.1.8 and 4.2.2/4.2.3 (u32 OID || root || SEED). True if valid."""
    if len(pk) < 4:
        return False
    p = params_of(int.from_bytes(pk[:4], "big"), mt)
    if p is None or len(pk) != 4 + 2 * p.n or len(sig) != p.sig_len:
        return False
    root, seed = pk[4:4 + p.n], pk[4 + p.n:]
    idx = int.from_bytes(sig[:p.idx_bytes], "big")
    if idx >= 2**p.h:
        return False
    r = sig[p.idx_bytes:p.idx_bytes + p.n]
    node = p.H_msg(r + root + to_byte(idx, p.n), msg)
    at, tree = p.idx_bytes + p.n, idx
    for layer in range(p.d):
        leaf, tree = tree % 2**p.hp, tree >> p.hp
        sig_ots = sig[at:at + p.len * p.n]
        auth = sig[at + p.len * p.n:at + (p.len + p.hp) * p.n]
        at += (p.len + p.hp) * p.n
        node = root_from_sig(p, leaf, sig_ots, auth, node, seed, layer, tree)
    return node == root


# --- the sparse signer ---
def shake(label, n):
    return hashlib.shake_256(label).digest(n)


class SparseKey:
    """An XMSS / XMSS^MT key whose trees are sparse: only the leaves of
    `indices` (the idx_sig it will sign) are real; every other subtree is a
    random node. Every value comes from SHAKE256 of the key's label and a
    position."""

    def __init__(self, p, label, indices):
        self.p, self.label, self.indices = p, label, indices
        self.seed = shake(label + b" SEED", p.n)
        self.sk_prf = shake(label + b" SK_PRF", p.n)
        self.memo = {}
        self.root = self.node(p.d - 1, 0, p.hp, 0)

    def _rand(self, what, *pos):
        return shake(self.label + b" " + what + b"".join(to_byte(x, 8) for x in pos), self.p.n)

    def wots_sk(self, layer, tree, leaf):
        return [self._rand(b"wots", layer, tree, leaf, i) for i in range(self.p.len)]

    def signed(self, layer, tree, lo, hi):
        """Does leaf lo .. hi - 1 of tree `tree` at `layer` sign something?"""
        hp = self.p.hp
        for idx in self.indices:
            t, q = idx >> (hp * (layer + 1)), (idx >> (hp * layer)) % 2**hp
            if t == tree and lo <= q < hi:
                return True
        return False

    def leaf(self, layer, tree, q):
        """A real leaf: the L-tree of WOTS+ key q's public key (section 4.1.6)."""
        p = self.p
        pk = [chain(p, x, 0, W - 1, self.seed, layer, tree, q, i)
              for i, x in enumerate(self.wots_sk(layer, tree, q))]
        return ltree(p, pk, self.seed, layer, tree, q)

    def node(self, layer, tree, height, index):
        """Node `index` at `height` of tree `tree` at `layer`."""
        key = (layer, tree, height, index)
        if key not in self.memo:
            if not self.signed(layer, tree, index << height, (index + 1) << height):
                v = self._rand(b"node", *key)
            elif height == 0:
                v = self.leaf(layer, tree, index)
            else:
                v = node_hash(self.p, self.node(layer, tree, height - 1, 2 * index),
                              self.node(layer, tree, height - 1, 2 * index + 1),
                              self.seed, layer, tree, height - 1, index)
            self.memo[key] = v
        return self.memo[key]

    def wots_sign(self, m, layer, tree, q):
        """Algorithm 5."""
        p = self.p
        return b"".join(chain(p, x, 0, d, self.seed, layer, tree, q, i)
                        for i, (x, d) in enumerate(zip(self.wots_sk(layer, tree, q),
                                                       wots_digits(p, m))))

    def sign(self, idx, msg):
        """Algorithms 12 and 16: idx_sig || r || per layer (WOTS+ signature,
        authentication path)."""
        p = self.p
        assert idx in self.indices
        r = p.PRF(self.sk_prf, to_byte(idx, 32))
        m = p.H_msg(r + self.root + to_byte(idx, p.n), msg)
        out, tree = [to_byte(idx, p.idx_bytes), r], idx
        for layer in range(p.d):
            q, tree = tree % 2**p.hp, tree >> p.hp
            out.append(self.wots_sign(m, layer, tree, q))
            out += [self.node(layer, tree, k, (q >> k) ^ 1) for k in range(p.hp)]
            m = self.node(layer, tree, p.hp, 0)
        return b"".join(out)

    def public(self):
        return u32(self.p.oid) + self.root + self.seed


# --- generation ---
# Every supported XMSS h = 16, 20 and XMSS^MT 40/2, 60/3 set; each key signs at
# idx_sig = 0, 2^(h-1) + 12345 and 2^h - 1, messages of 0, 33, 1000 bytes.
SETS = [(fam, h, d, mt) for fam in range(len(FAMILIES))
        for (h, d, mt) in ((16, 1, False), (20, 1, False), (40, 2, True), (60, 3, True))]
SIZES = (0, 33, 1000)


def message(size, tag):
    return shake(b"fastcrypt xmss sparse message " + tag.encode(), size)


def gen():
    out = ["# XMSS / XMSS^MT signatures of tall trees (XMSS h = 16 and 20, XMSS^MT",
           "# 40/2 and 60/3) from a sparse-tree signer: tools/gen-xmss-sparse-vectors.py,",
           "# written from RFC 8391 and SP 800-208, independent of fastcrypt's code",
           "# (real WOTS+ signatures, random authentication-path siblings, the roots",
           "# computed through them). Each record: the public key (u32 OID || root",
           "# || SEED), the message, the signature. All valid.", ""]
    for fam, h, d, mt in SETS:
        p = Params(fam, h, d, mt)
        indices = (0, (2**(h - 1) + 12345) % 2**h, 2**h - 1)
        key = SparseKey(p, b"fastcrypt xmss sparse key " + p.name.encode(), indices)
        for idx, size in zip(indices, SIZES):
            tag = "%s sparse idx=%d" % (p.name, idx)
            msg = message(size, tag)
            out += ["[%s]" % tag, "pk = " + key.public().hex(), "msg = " + msg.hex(),
                    "sig = " + key.sign(idx, msg).hex(), ""]
    sys.stdout.write("\n".join(out))


def check(r):
    """None if the record verifies, its name names its OID's set, and the
    signature with a byte flipped (the middle, the last) fails; else why not."""
    mt = r["name"].startswith("XMSSMT")
    p = params_of(int.from_bytes(r["pk"][:4], "big"), mt)
    if p is None or r["name"].split(" ")[0] != p.name:
        return "OID %s does not match the name" % r["pk"][:4].hex()
    if not verify(mt, r["pk"], r["msg"], r["sig"]):
        return "does not verify"
    for at in (len(r["sig"]) // 2, len(r["sig"]) - 1):
        flipped = bytearray(r["sig"])
        flipped[at] ^= 1
        if verify(mt, r["pk"], r["msg"], bytes(flipped)):
            return "passes with byte %d flipped" % at
    return None


if __name__ == "__main__":
    main(__doc__, gen, check)
