#!/usr/bin/env python3
"""Seeds for tests/fuzz/fuzz_xmss.c in tests/fuzz/corpus/xmss, from the
committed vectors (tests/vectors/xmss): for a few parameter sets (the small
signatures: XMSS h = 10 of each hash, XMSS^MT 20/4 of two hashes), a valid
signature, and the same with one signature byte changed and with the OID
space swapped. Input layout: see fuzz_xmss.c (byte 0: bit 0 XMSS^MT, the
rest the split; u8 key length, key; u16 signature length, signature;
message). Usage: tools/make-xmss-fuzz-seeds.py (from the repository root)."""
import os
import re

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, "tests/fuzz/corpus/xmss")
os.makedirs(out, exist_ok=True)


def records(path):
    name, rec = None, {}
    for line in open(path).read().splitlines() + ["[end]"]:
        if line.startswith("["):
            if name and {"pk", "msg", "sig"} <= rec.keys():
                yield name, rec
            name, rec = line.strip("[]"), {}
        elif "=" in line and not line.startswith("#"):
            k, _, v = line.partition("=")
            rec[k.strip()] = bytes.fromhex(v.strip())


def seed(mt, split, pk, sig, msg):
    return bytes([(split << 1 | mt) & 0xFF, len(pk)]) + pk + len(sig).to_bytes(2, "big") + sig + msg


wanted = re.compile(r"^(XMSS-\w+_10_\d+|XMSSMT-(SHA2|SHAKE256)_20/4_192) idx=(0|511|3)\]?$")
done = set()
for f in ("xmssref_vectors.txt", "botan_vectors.txt"):
    for name, r in records(os.path.join(root, "tests/vectors/xmss", f)):
        key = name.split(" ")[0] + (" botan" if "botan" in name else "")
        if key in done or not (wanted.match(name) or "botan idx=1]" in name + "]"):
            continue
        done.add(key)
        mt = 1 if name.startswith("XMSSMT") else 0
        base = re.sub(r"[^A-Za-z0-9]+", "_", key).strip("_").lower()
        pk, sig, msg = r["pk"], r["sig"], r["msg"]
        open(f"{out}/{base}", "wb").write(seed(mt, 3, pk, sig, msg))
        bad = bytearray(sig)
        bad[len(bad) // 2] ^= 0x10
        open(f"{out}/{base}_tampered", "wb").write(seed(mt, 3, pk, bytes(bad), msg))
        open(f"{out}/{base}_other_space", "wb").write(seed(mt ^ 1, 0, pk, sig, msg))
print(f"{len(os.listdir(out))} seeds in {out}")
