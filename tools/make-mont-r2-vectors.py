#!/usr/bin/env python3
"""R^2 mod n vectors for tests/bn/test_mont_r2.cpp (tests/vectors/local/mont_r2.txt).

For every modulus size from 512 to 8192 bits in 32-bit steps, the moduli of
tests/bn/test_mont_worst.cpp (all ones 2^k - 1, 2^(k-1) + 1, all ones of k - 1
bits in the words of k bits) and one pseudo-random k-bit odd modulus (the
tests' xorshift64* generator, fct::Rng, seeded with k), plus random moduli
with leading zero words. Each line: kind, bits, nwords, seed (random
moduli; 0 otherwise), then SHA-256 of
R^2 mod n (R = 2^(32 nwords)) as nwords little-endian 32-bit words,
least significant first, computed with Python's pow. Run:
    python3 tools/make-mont-r2-vectors.py > tests/vectors/local/mont_r2.txt
"""
import hashlib
import struct

M64 = (1 << 64) - 1


class Rng:
    """fct::Rng (tests/support/fc_test.h): xorshift64*."""

    def __init__(self, seed):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & M64

    def next(self):
        s = self.s
        s ^= s >> 12
        s ^= (s << 25) & M64
        s ^= s >> 27
        self.s = s
        return (s * 0x2545F4914F6CDD1D) & M64

    def u32(self):
        return self.next() >> 32


def random_modulus(bits, seed):
    """nw = ceil(bits / 32) words from Rng(seed).u32(), least significant first,
    masked to bits, top bit and bit 0 set."""
    nw = (bits + 31) // 32
    rng = Rng(seed)
    n = 0
    for i in range(nw):
        n |= rng.u32() << (32 * i)
    n &= (1 << bits) - 1
    return n | (1 << (bits - 1)) | 1


def line(kind, bits, nw, n, seed=0):
    assert n % 2 == 1 and n > 1 and n.bit_length() <= 32 * nw
    rr = pow(2, 64 * nw, n)
    # R^2 mod n by another route: the Montgomery form of R, squared
    r = pow(2, 32 * nw, n)
    assert rr == r * r % n
    digest = hashlib.sha256(b"".join(struct.pack("<I", (rr >> (32 * i)) & 0xFFFFFFFF)
                                     for i in range(nw))).hexdigest()
    return "%s %d %d %d %s" % (kind, bits, nw, seed, digest)


def main():
    print("# R^2 mod n (R = 2^(32 nwords)): kind bits nwords seed sha256(rr as LE words); "
          "tools/make-mont-r2-vectors.py")
    for bits in range(512, 8193, 32):
        nw = (bits + 31) // 32
        print(line("ones", bits, nw, (1 << bits) - 1))
        print(line("pow2p1", bits, nw, (1 << (bits - 1)) + 1))
        print(line("ones_short", bits, nw, (1 << (bits - 1)) - 1))
        print(line("random", bits, nw, random_modulus(bits, bits), bits))
    # random moduli of odd bit lengths, some with leading zero words
    for i, bits in enumerate([513, 1000, 2047, 2049, 3071, 4095, 4097, 6143, 8191]):
        n = random_modulus(bits, 100000 + i)
        nw = (bits + 31) // 32
        print(line("random", bits, nw, n, 100000 + i))
        if nw < 256:  # the same modulus in more words: leading zero words, another R
            print(line("random", bits, min(256, nw + 1 + i % 3), n, 100000 + i))


if __name__ == "__main__":
    main()
