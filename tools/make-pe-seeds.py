#!/usr/bin/env python3
"""Writes the seed corpus of tests/fuzz/fuzz_pe.c: small PE32+ and PE32
images (DOS header, PE header, optional header with 16 data directories,
two sections, trailing data) without and with a certificate table that
holds one WIN_CERTIFICATE around a SignedData file given on the command
line (one of tests/fuzz/corpus/pkcs7/).
Usage: tools/make-pe-seeds.py SIGNEDDATA.der OUTDIR"""
import hashlib
import struct
import sys


def image(pe32plus, sig):
    oh_size = 240 if pe32plus else 224
    e_lfanew = 0x40
    sections = 2
    headers = 0x200
    sec_data = [b'\x90' * 0x30, b'\xc3' * 0x20]
    body = bytearray(headers)
    body[0:2] = b'MZ'
    struct.pack_into('<I', body, 0x3c, e_lfanew)
    body[e_lfanew:e_lfanew + 4] = b'PE\0\0'
    struct.pack_into('<HHIIIHH', body, e_lfanew + 4, 0x8664 if pe32plus else 0x14c, sections,
                     0, 0, 0, oh_size, 0x22)
    oh = e_lfanew + 24
    struct.pack_into('<H', body, oh, 0x20b if pe32plus else 0x10b)
    struct.pack_into('<I', body, oh + 60, headers)  # SizeOfHeaders
    nrva, dd = (108, 112) if pe32plus else (92, 96)
    struct.pack_into('<I', body, oh + nrva, 16)
    table = oh + oh_size
    off = headers
    for i, d in enumerate(sec_data):
        s = table + 40 * i
        body[s:s + 8] = b'.sec%d\0\0\0' % i
        struct.pack_into('<IIII', body, s + 8, len(d), 0x1000 * (i + 1), len(d), off)
        off += len(d)
    out = body + b''.join(sec_data) + b'trailing data!!\0'
    if sig is not None:
        cert = struct.pack('<IHH', 8 + len(sig), 0x0200, 0x0002) + sig
        cert += b'\0' * (-len(cert) % 8)
        struct.pack_into('<II', out, oh + dd + 32, len(out), len(cert))
        out += cert
    return bytes(out)


def main():
    sig = open(sys.argv[1], 'rb').read()
    for plus in (True, False):
        for s in (None, sig):
            data = image(plus, s)
            name = hashlib.sha256(data).hexdigest()[:16]
            open('%s/%s' % (sys.argv[2], name), 'wb').write(data)


main()
