# For tests/cli/test_timestamp.sh: from a PE image's first signature, writes
# OUT/token.der (the RFC 3161 TimeStampToken in unsigned attribute
# 1.3.6.1.4.1.311.3.3.1) and prints three file offsets (decimal) for the
# test to alter: the token's first byte, the TSTInfo's messageImprint
# (after its AlgorithmIdentifier's NULL parameters) and the
# token's last byte (inside its signature).
# Usage: python3 ts_token.py IMAGE OUT
import struct
import sys


def tlv_len(d, i):
    """Offset past the TLV at i (definite DER lengths)."""
    n = d[i + 1]
    if n < 0x80:
        return i + 2 + n
    k = n & 0x7f
    return i + 2 + k + int.from_bytes(d[i + 2:i + 2 + k], 'big')


d = open(sys.argv[1], 'rb').read()
pe = struct.unpack_from('<I', d, 0x3c)[0]
magic = struct.unpack_from('<H', d, pe + 24)[0]
va, size = struct.unpack_from('<II', d, pe + 24 + (96 if magic == 0x10b else 112) + 32)
sig = va + 8
attr = d.index(bytes.fromhex('060a2b0601040182370303 01'.replace(' ', '')), sig)
s = attr + 12                      # the attribute's SET
assert d[s] == 0x31
tok = s + 2 + (d[s + 1] & 0x7f if d[s + 1] & 0x80 else 0)
end = tlv_len(d, tok)
open(sys.argv[2] + '/token.der', 'wb').write(d[tok:end])
tst = d.index(bytes.fromhex('060b2a864886f70d0109100104'), tok)
imprint = d.index(b'\x05\x00\x04', tst) + 4
print(tok, imprint, end - 1)
