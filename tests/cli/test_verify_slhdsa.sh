# fastcrypt verify --alg slh-dsa-SET --key KEY --sig SIG [--ctx HEX] FILE
# against signatures made by @noble/post-quantum
# (tests/vectors/slhdsa/noble_slhdsa.json): one valid pure signature per
# parameter set (all twelve), raw keys with --alg, the committed
# SubjectPublicKeyInfo keys as PEM and DER without it, contexts, the file on
# standard input. A changed file or signature gives exit 1; a wrong --alg,
# a raw key without --alg and bad --ctx give exit 2; one stderr line each.
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP

check() { fct_check_verify "$@"; } # LABEL STATUS ARGS...

python3 - "$FCT_VECTORS/slhdsa/noble_slhdsa.json" "$T" >"$T/cases" <<'PY'
import base64, json, sys
doc = json.load(open(sys.argv[1])); out = sys.argv[2]
seen = set(); ders = {k["pk"]: k for k in doc["keys_der"]}
for t in doc["tests"]:
    if t["mode"] != "pure" or t["result"] != "valid" or t["param"] in seen:
        continue
    seen.add(t["param"])
    n = t["id"]
    for f in ("pk", "sig", "msg"):
        open(f"{out}/c{n}.{f}", "wb").write(bytes.fromhex(t[f]))
    spki = "-"
    if t["pk"] in ders:
        der = bytes.fromhex(ders[t["pk"]]["pk_der"]); spki = "1"
        open(f"{out}/c{n}.der", "wb").write(der)
        b = base64.b64encode(der).decode()
        open(f"{out}/c{n}.pem", "w").write("-----BEGIN PUBLIC KEY-----\n" + "".join(
            b[i:i + 64] + "\n" for i in range(0, len(b), 64)) + "-----END PUBLIC KEY-----\n")
    print(n, t["param"].lower(), t["ctx"] or "-", spki)
PY
[ "$(wc -l <"$T/cases")" -eq 12 ] || { echo "FAIL: expected 12 sets" >&2; cat "$T/cases" >&2; exit 1; }

spki_checked=0
while read -r n alg ctx spki; do
  c=$T/c$n
  ctxarg=()
  [ "$ctx" != "-" ] && ctxarg=(--ctx "$ctx")
  check "$alg raw" 0 --alg "$alg" --key "$c.pk" --sig "$c.sig" "${ctxarg[@]}" "$c.msg"
  check "$alg stdin" 0 --alg "$alg" --key "$c.pk" --sig "$c.sig" "${ctxarg[@]}" - <"$c.msg"
  cp "$c.msg" "$T/m2"; printf 'x' >>"$T/m2"
  check "$alg changed file" 1 --alg "$alg" --key "$c.pk" --sig "$c.sig" "${ctxarg[@]}" "$T/m2"
  cp "$c.sig" "$T/s2"
  printf '\377' | dd of="$T/s2" bs=1 seek=20 conv=notrunc 2>/dev/null
  cmp -s "$T/s2" "$c.sig" && printf '\376' | dd of="$T/s2" bs=1 seek=20 conv=notrunc 2>/dev/null
  check "$alg changed signature" 1 --alg "$alg" --key "$c.pk" --sig "$T/s2" "${ctxarg[@]}" "$c.msg"
  check "$alg other context" 1 --alg "$alg" --key "$c.pk" --sig "$c.sig" --ctx 0102 "$c.msg"
  if [ "$spki" = 1 ]; then
    check "$alg pem, no --alg" 0 --key "$c.pem" --sig "$c.sig" "${ctxarg[@]}" "$c.msg"
    check "$alg der, no --alg" 0 --key "$c.der" --sig "$c.sig" "${ctxarg[@]}" "$c.msg"
    spki_checked=$((spki_checked + 1))
  fi
done <"$T/cases"
[ "$spki_checked" -ge 1 ] || fct_fail "no SubjectPublicKeyInfo key checked"

read -r n alg ctx spki <"$T/cases"
c=$T/c$n
check "raw key, wrong --alg" 2 --alg slh-dsa-shake-256f --key "$c.pk" --sig "$c.sig" "$c.msg"
check "bad --alg" 2 --alg slh-dsa-sha2-999s --key "$c.pk" --sig "$c.sig" "$c.msg"
check "bad --ctx" 2 --alg "$alg" --key "$c.pk" --sig "$c.sig" --ctx xyz "$c.msg"
check "--pss with SLH-DSA" 2 --alg "$alg" --key "$c.pk" --sig "$c.sig" --pss "$c.msg"
fct_done
