#!/usr/bin/env python3
"""Writes the libFuzzer seed corpora in tests/fuzz/corpus/ from tests/vectors/vboot.
Run from the repository root; the corpora are committed, this script only
documents (and can redo) how they were made."""
import base64, os, re

V = "tests/vectors/vboot"
C = "tests/fuzz/corpus"


def put(sub, name, data):
    os.makedirs(f"{C}/{sub}", exist_ok=True)
    with open(f"{C}/{sub}/{name}", "wb") as f:
        f.write(data)


def pem_der(path):
    text = open(path).read()
    body = re.search(r"-----BEGIN PUBLIC KEY-----(.*)-----END", text, re.S).group(1)
    return base64.b64decode("".join(body.split()))


def rd(p):
    return open(p, "rb").read()


for bits in ("1024", "2048"):
    spki = pem_der(f"{V}/testkeys/key_rsa{bits}.pub.pem")
    put("der", f"spki{bits}", spki)
    # RSAPublicKey inside the BIT STRING (after its 00 unused-bits byte).
    i = spki.index(b"\x03\x82") if b"\x03\x82" in spki else spki.index(b"\x03\x81")
    hdr = 4 if spki[i + 1] == 0x82 else 3
    put("der", f"pkcs1_{bits}", spki[i + hdr + 1:])
    keyb = rd(f"{V}/testkeys/key_rsa{bits}.keyb")
    put("vboot", f"keyb{bits}", bytes([2]) + keyb)
    for h in ("sha1", "sha256"):
        put("vboot", f"vbpubk{bits}_{h}", bytes([0]) + rd(f"{V}/testkeys/key_rsa{bits}.{h}.vbpubk"))
for bits, e, ecode in (("1024", 65537, 1), ("2048", 65537, 1), ("2048_exp3", 3, 0)):
    keyb = rd(f"{V}/testkeys/key_rsa{bits}.keyb")
    nw = int.from_bytes(keyb[:4], "little")
    n = keyb[8:8 + 4 * nw][::-1]
    sig = rd(f"{V}/testcases/test_file.rsa{bits}_sha256.sig")
    dig = rd(f"{V}/testcases/test_file.sha256.digest")
    size = (len(n) - 64) // 8
    put("rsa", f"rsa{bits}_sha256", bytes([0, 3, ecode, size, 0]) + n + sig + dig)
put("vboot", "keyb2048_exp3", bytes([1]) + rd(f"{V}/testkeys/key_rsa2048_exp3.keyb"))

# ML-DSA (fuzz_mldsa, fuzz_mldsa_key): from the committed @noble/post-quantum
# vectors. fuzz_mldsa: form byte (param index + 3 * form), key, context
# length and context, signature, message (or digest, or mu).
import json
doc = json.load(open("tests/vectors/mldsa/noble_mldsa.json"))
pidx = {44: 0, 65: 1, 87: 2}
for t in doc["tests"]:
    form = {"pure": 0, "prehash": 1, "mu": 2}[t["mode"]]
    if form == 1 and t["hash"] != "SHA2-512":
        continue
    ctx = bytes.fromhex(t["ctx"])
    tail = bytes.fromhex(t["msg"] if form == 0 else t["digest"] if form == 1 else t["mu"])
    data = (bytes([pidx[t["param"]] + 3 * form]) + bytes.fromhex(t["pk"]) + bytes([len(ctx)])
            + ctx + bytes.fromhex(t["sig"]) + tail[:1000])
    put("mldsa", f"{t['mode']}{t['param']}-{t['id']}", data)
for k in doc["keys_der"]:
    der = bytes.fromhex(k["pk_der"])
    put("mldsa_key", f"spki{k['param']}", der)
    put("mldsa_key", f"spki{k['param']}-short", der[:-1])
