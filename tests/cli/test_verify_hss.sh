# fastcrypt verify --alg hss --key KEY --sig SIG FILE against HSS/LMS
# signatures made by Cisco's hash-sigs (tests/vectors/lms/hashsigs_vectors.txt)
# and RFC 8554's test cases: one signature per hash family and W, and the
# multi-level keys; the file given by path and on standard input. A changed
# file or signature gives exit 1; a malformed key, a missing file and
# options of other algorithms give exit 2, each with one stderr line.
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP

check() { fct_check_verify "$@"; } # LABEL STATUS ARGS...

python3 - "$FCT_VECTORS/lms" "$T" >"$T/cases" <<'PY'
import re, sys
src, out = sys.argv[1], sys.argv[2]
n = 0
for f in ("hashsigs_vectors.txt", "rfc8554_testcases.txt"):
    name = None; rec = {}
    for line in open(f"{src}/{f}").read().splitlines() + ["[end]"]:
        if line.startswith("["):
            if name and {"pk", "msg", "sig"} <= rec.keys() and (name.endswith("sig2") or f.startswith("rfc")):
                n += 1
                for k in ("pk", "msg", "sig"):
                    open(f"{out}/c{n}.{k}", "wb").write(bytes.fromhex(rec[k]))
                print(n, name.replace(" ", "_"))
            name = line.strip("[]"); rec = {}
        elif " = " in line or line.endswith(" ="):
            k, _, v = line.partition("=")
            rec[k.strip()] = v.strip()
PY
[ "$(wc -l <"$T/cases")" -ge 10 ] || { echo "FAIL: too few HSS cases" >&2; exit 1; }

while read -r n name; do
  c=$T/c$n
  check "$name" 0 --alg hss --key "$c.pk" --sig "$c.sig" "$c.msg"
  check "$name stdin" 0 --alg hss --key "$c.pk" --sig "$c.sig" - <"$c.msg"
  cp "$c.msg" "$T/m2"; printf 'x' >>"$T/m2"
  check "$name changed file" 1 --alg hss --key "$c.pk" --sig "$c.sig" "$T/m2"
  cp "$c.sig" "$T/s2"
  printf '\377' | dd of="$T/s2" bs=1 seek=40 conv=notrunc 2>/dev/null
  cmp -s "$T/s2" "$c.sig" && printf '\376' | dd of="$T/s2" bs=1 seek=40 conv=notrunc 2>/dev/null
  check "$name changed signature" 1 --alg hss --key "$c.pk" --sig "$T/s2" "$c.msg"
  head -c -1 "$c.sig" >"$T/s3"
  check "$name short signature" 1 --alg hss --key "$c.pk" --sig "$T/s3" "$c.msg"
done <"$T/cases"

c=$T/c1
head -c -1 "$c.pk" >"$T/k2"
check "short key" 2 --alg hss --key "$T/k2" --sig "$c.sig" "$c.msg"
check "--ctx with hss" 2 --alg hss --key "$c.pk" --sig "$c.sig" --ctx 00 "$c.msg"
check "--hash with hss" 2 --alg hss --key "$c.pk" --sig "$c.sig" --hash sha256 "$c.msg"
check "missing file" 2 --alg hss --key "$c.pk" --sig "$c.sig" "$T/nonexistent"
fct_done
