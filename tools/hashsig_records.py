"""The record format of tests/vectors/lms and tests/vectors/xmss: `[name]`,
then `key = hex` lines (pk, msg, sig); `#` lines and blank lines skipped.
Imported by tools/gen-lms-sparse-vectors.py and
tools/gen-xmss-sparse-vectors.py."""


def records(path):
    """The file's records, each a dict: name, and bytes per key."""
    recs, cur = [], None
    for line in open(path):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            cur = {"name": line[1:-1]}
            recs.append(cur)
            continue
        k, _, v = line.partition(" =")
        cur[k] = bytes.fromhex(v.strip())
    return recs
