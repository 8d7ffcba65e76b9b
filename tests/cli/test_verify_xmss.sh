# fastcrypt verify --alg xmss|xmssmt --key KEY --sig SIG FILE against XMSS and
# XMSS^MT signatures made by the XMSS reference implementation and Botan
# (tests/vectors/xmss/): one signature per parameter set (the second of
# each key); the file given by path and on standard input. A changed file or
# signature gives exit 1; a malformed key, a key read in the other OID
# space, a missing file and options of other algorithms give exit 2, each
# with one stderr line.
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP

check() { fct_check_verify "$@"; } # LABEL STATUS ARGS...

python3 - "$FCT_VECTORS/xmss" "$T" >"$T/cases" <<'PY'
import sys
src, out = sys.argv[1], sys.argv[2]
n = 0
for f in ("xmssref_vectors.txt", "botan_vectors.txt"):
    name = None; rec = {}; seen = {}
    for line in open(f"{src}/{f}").read().splitlines() + ["[end]"]:
        if line.startswith("["):
            if name and {"pk", "msg", "sig"} <= rec.keys():
                key = name.split(" ")[0]
                seen[key] = seen.get(key, 0) + 1
                if seen[key] == 2:
                    n += 1
                    for k in ("pk", "msg", "sig"):
                        open(f"{out}/c{n}.{k}", "wb").write(bytes.fromhex(rec[k]))
                    alg = "xmssmt" if key.startswith("XMSSMT") else "xmss"
                    print(n, alg, name.replace(" ", "_"))
            name = line.strip("[]"); rec = {}
        elif " = " in line or line.endswith(" ="):
            k, _, v = line.partition("=")
            rec[k.strip()] = v.strip()
PY
[ "$(wc -l <"$T/cases")" -ge 10 ] || { echo "FAIL: too few XMSS cases" >&2; exit 1; }

while read -r n alg name; do
  c=$T/c$n
  check "$name" 0 --alg "$alg" --key "$c.pk" --sig "$c.sig" "$c.msg"
  check "$name stdin" 0 --alg "$alg" --key "$c.pk" --sig "$c.sig" - <"$c.msg"
  cp "$c.msg" "$T/m2"; printf 'x' >>"$T/m2"
  check "$name changed file" 1 --alg "$alg" --key "$c.pk" --sig "$c.sig" "$T/m2"
  cp "$c.sig" "$T/s2"
  printf '\377' | dd of="$T/s2" bs=1 seek=40 conv=notrunc 2>/dev/null
  cmp -s "$T/s2" "$c.sig" && printf '\376' | dd of="$T/s2" bs=1 seek=40 conv=notrunc 2>/dev/null
  check "$name changed signature" 1 --alg "$alg" --key "$c.pk" --sig "$T/s2" "$c.msg"
  head -c -1 "$c.sig" >"$T/s3"
  check "$name short signature" 1 --alg "$alg" --key "$c.pk" --sig "$T/s3" "$c.msg"
done <"$T/cases"

read -r n alg name <"$T/cases"
c=$T/c$n
head -c -1 "$c.pk" >"$T/k2"
check "short key" 2 --alg "$alg" --key "$T/k2" --sig "$c.sig" "$c.msg"
cat "$c.pk" >"$T/k3"; printf '\000\000\000\026' | dd of="$T/k3" bs=1 conv=notrunc 2>/dev/null
check "unknown OID" 2 --alg xmss --key "$T/k3" --sig "$c.sig" "$c.msg"
check "--ctx with xmss" 2 --alg xmss --key "$c.pk" --sig "$c.sig" --ctx 00 "$c.msg"
check "--hash with xmssmt" 2 --alg xmssmt --key "$c.pk" --sig "$c.sig" --hash sha256 "$c.msg"
check "missing file" 2 --alg "$alg" --key "$c.pk" --sig "$c.sig" "$T/nonexistent"
fct_done
