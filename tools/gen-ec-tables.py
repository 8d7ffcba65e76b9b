#!/usr/bin/env python3
"""Writes src/ec/ec_tables.h: the constants of P-256 and P-384 (FIPS 186-5 /
SP 800-186 section 3.2.1.3 and 3.2.1.4) in the form the ec kernels use, and
the odd multiples 1G, 3G, ..., 63G of each base point (wNAF digits of width
7), affine, in Montgomery form (x * R mod p, R = 2^256 or 2^384), as 64-bit
little-endian limbs. Python's integers compute everything; the script checks
that G is on its curve and has order n before writing.
Run: python3 tools/gen-ec-tables.py > src/ec/ec_tables.h
"""

CURVES = {
    "p256": dict(
        bits=256,
        p=2**256 - 2**224 + 2**192 + 2**96 - 1,
        n=0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
        b=0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B,
        gx=0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
        gy=0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5,
    ),
    "p384": dict(
        bits=384,
        p=2**384 - 2**128 - 2**96 + 2**32 - 1,
        n=0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973,
        b=0xB3312FA7E23EE7E4988E056BE3F82D19181D9C6EFE8141120314088F5013875AC656398D8A2ED19D2A85C8EDD3EC2AEF,
        gx=0xAA87CA22BE8B05378EB1C71EF320AD746E1D3B628BA79B9859F741E082542A385502F25DBF55296C3A545E3872760AB7,
        gy=0x3617DE4A96262C6F5D9E98BF9292DC29F8F41DBD289A147CE9DA3113B5F0B8C00A60B1CE1D7E819D7A431D7C90EA0E5F,
    ),
}
TABLE = 32  # odd multiples 1G .. 63G


def affine_add(P, Q, p):
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = (3 * x1 * x1 - 3) * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)


def mul(k, P, p):
    R = None
    while k:
        if k & 1:
            R = affine_add(R, P, p)
        P = affine_add(P, P, p)
        k >>= 1
    return R


def limbs(v, n):
    return ", ".join("0x%016xull" % ((v >> (64 * i)) & (2**64 - 1)) for i in range(n))


def main():
    out = []
    out.append("/* Written by tools/gen-ec-tables.py: do not edit. P-256 and P-384 constants")
    out.append("   and base-point tables (64-bit little-endian limbs; Montgomery form where")
    out.append("   noted, R = 2^256 or 2^384). */")
    out.append("#ifndef FC_EC_TABLES_H")
    out.append("#define FC_EC_TABLES_H")
    out.append("")
    out.append("#define FC__EC_GTABLE_FULL %d /* entries of the full table: wNAF width 7 */" % TABLE)
    out.append("")
    for name, c in CURVES.items():
        p, n, bits = c["p"], c["n"], c["bits"]
        L = bits // 64
        R = 2**bits
        G = (c["gx"], c["gy"])
        assert (G[1] ** 2 - (G[0] ** 3 - 3 * G[0] + c["b"])) % p == 0
        assert mul(n, G, p) is None and n.bit_length() == bits
        U = "P256" if name == "p256" else "P384"
        out.append("/* %s */" % U)
        out.append("#define FC__EC_%s_P {%s}" % (U, limbs(p, L)))
        out.append("#define FC__EC_%s_N {%s}" % (U, limbs(n, L)))
        out.append("#define FC__EC_%s_B_MONT {%s}" % (U, limbs(c["b"] * R % p, L)))
        out.append("#define FC__EC_%s_RR_P {%s}  /* R^2 mod p */" % (U, limbs(R * R % p, L)))
        out.append("#define FC__EC_%s_ONE_P {%s} /* R mod p */" % (U, limbs(R % p, L)))
        out.append("#define FC__EC_%s_RR_N {%s}  /* R^2 mod n */" % (U, limbs(R * R % n, L)))
        out.append("#define FC__EC_%s_ONE_N {%s} /* R mod n */" % (U, limbs(R % n, L)))
        out.append("#define FC__EC_%s_PINV 0x%016xull /* -1/p mod 2^64 */" % (U, (-pow(p, -1, 2**64)) % 2**64))
        out.append("#define FC__EC_%s_NINV 0x%016xull /* -1/n mod 2^64 */" % (U, (-pow(n, -1, 2**64)) % 2**64))
        P2 = affine_add(G, G, p)
        P = G
        rows = []
        for k in range(TABLE):
            rows.append("  {{%s}, \\\n   {%s}}" % (limbs(P[0] * R % p, L), limbs(P[1] * R % p, L)))
            P = affine_add(P, P2, p)
        out.append("/* (2k+1)G for k = 0 .. 3, then k = 4 .. %d: x, y in Montgomery form */" % (TABLE - 1))
        out.append("#define FC__EC_%s_GTABLE_LO \\" % U)
        out.append(", \\\n".join(rows[:4]))
        out.append("#define FC__EC_%s_GTABLE_HI \\" % U)
        out.append(", \\\n".join(rows[4:]))
        out.append("")
    out.append("#endif /* FC_EC_TABLES_H */")
    print("\n".join(out))


if __name__ == "__main__":
    main()
