"""The record format of tests/vectors/lms and tests/vectors/xmss: `[name]`,
then `key = hex` lines (pk, msg, sig); `#` lines and blank lines skipped.
And the command line both sparse-tree generators share. Imported by
tools/gen-lms-sparse-vectors.py and tools/gen-xmss-sparse-vectors.py."""
import sys


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


def verify_files(paths, check):
    """check(record) on every record of the files: None when it holds, else
    why not (printed). True when every record held and there was one."""
    bad = total = 0
    for path in paths:
        n = 0
        for r in records(path):
            n += 1
            why = check(r)
            if why:
                bad += 1
                print("FAIL %s: %s: %s" % (path, r["name"], why))
        print("%s: %d records" % (path, n))
        total += n
    print("%d records, %d failed" % (total, bad))
    return bad == 0 and total > 0


def main(doc, gen, check):
    """`[gen]`: gen() writes the records; `verify FILE...`: verify_files;
    anything else: the usage (doc), exit 1."""
    if len(sys.argv) >= 2 and sys.argv[1] == "verify":
        sys.exit(0 if verify_files(sys.argv[2:], check) else 1)
    if len(sys.argv) == 1 or (len(sys.argv) == 2 and sys.argv[1] == "gen"):
        gen()
        sys.exit(0)
    sys.exit(doc)
