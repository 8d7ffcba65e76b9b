# fastcrypt verify with ML-DSA keys (the contract form --alg ml-dsa-NN --key
# KEY --sig SIG [--ctx HEX] FILE) against signatures made by
# @noble/post-quantum (tests/vectors/mldsa/noble_mldsa.json, pure entries):
# raw keys with --alg, SubjectPublicKeyInfo keys as PEM and DER with and
# without --alg, contexts in either case, the file from standard input, on
# every mldsa kernel this build has. A changed file, signature or context
# gives exit 1; a wrong --alg, a raw key without --alg, bad --ctx and RSA
# options give exit 2, each with one line on stderr.
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP

check() { fct_check_verify "$@"; } # LABEL STATUS ARGS...

# Files per case: c<N>.{pk,sig,msg,ctx} (ctx as hex text), and k<P>.{der,pem}.
python3 - "$FCT_VECTORS/mldsa/noble_mldsa.json" "$T" >"$T/cases" <<'PY'
import base64, json, sys
doc = json.load(open(sys.argv[1])); out = sys.argv[2]
seen = {}
for t in doc["tests"]:
    if t["mode"] != "pure" or t["result"] != "valid" or seen.get(t["param"], 0) >= 2:
        continue
    seen[t["param"]] = seen.get(t["param"], 0) + 1
    n = t["id"]
    for f in ("pk", "sig", "msg"):
        open(f"{out}/c{n}.{f}", "wb").write(bytes.fromhex(t[f]))
    print(n, t["param"], t["ctx"] or "-")
for k in doc["keys_der"]:
    p = k["param"]; der = bytes.fromhex(k["pk_der"])
    open(f"{out}/k{p}.der", "wb").write(der)
    open(f"{out}/k{p}.raw", "wb").write(bytes.fromhex(k["pk"]))
    b = base64.b64encode(der).decode()
    open(f"{out}/k{p}.pem", "w").write("-----BEGIN PUBLIC KEY-----\n" +
        "".join(b[i:i + 64] + "\n" for i in range(0, len(b), 64)) + "-----END PUBLIC KEY-----\n")
PY
[ "$(wc -l <"$T/cases")" -eq 6 ] || { echo "FAIL: expected 6 cases" >&2; exit 1; }

kernels=$(fct kernels --json | python3 -c 'import json,sys; print(" ".join(k["name"] for k in json.load(sys.stdin)["ops"]["mldsa"]["kernels"] if k["usable"]))')
[ -n "$kernels" ] || { echo "FAIL: no mldsa kernel listed" >&2; exit 1; }

while read -r n p ctx; do
  c=$T/c$n
  ctxarg=()
  [ "$ctx" != "-" ] && ctxarg=(--ctx "$ctx")
  for kern in $kernels; do
    export FASTCRYPT_IMPL=mldsa=$kern
    check "$n ml-dsa-$p $kern raw" 0 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" "${ctxarg[@]}" "$c.msg"
    unset FASTCRYPT_IMPL
  done
  check "$n stdin" 0 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" "${ctxarg[@]}" - <"$c.msg"
  if [ "$ctx" != "-" ]; then
    check "$n upper-case ctx" 0 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" --ctx "${ctx^^}" "$c.msg"
    check "$n no ctx" 1 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" "$c.msg"
  else
    check "$n a ctx" 1 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" --ctx 00 "$c.msg"
  fi
  cp "$c.msg" "$T/m2"; printf 'x' >>"$T/m2"
  check "$n changed file" 1 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" "${ctxarg[@]}" "$T/m2"
  cp "$c.sig" "$T/s2"
  printf '\377' | dd of="$T/s2" bs=1 seek=100 conv=notrunc 2>/dev/null
  cmp -s "$T/s2" "$c.sig" && printf '\376' | dd of="$T/s2" bs=1 seek=100 conv=notrunc 2>/dev/null
  check "$n changed signature" 1 --alg "ml-dsa-$p" --key "$c.pk" --sig "$T/s2" "${ctxarg[@]}" "$c.msg"
  head -c -1 "$c.sig" >"$T/s3"
  check "$n short signature" 1 --alg "ml-dsa-$p" --key "$c.pk" --sig "$T/s3" "${ctxarg[@]}" "$c.msg"
  # The SubjectPublicKeyInfo forms, when this case's key is the committed one.
  if cmp -s "$c.pk" "$T/k$p.raw"; then
    check "$n pem, no --alg" 0 --key "$T/k$p.pem" --sig "$c.sig" "${ctxarg[@]}" "$c.msg"
    check "$n der, no --alg" 0 --key "$T/k$p.der" --sig "$c.sig" "${ctxarg[@]}" "$c.msg"
    check "$n der with --alg" 0 --alg "ml-dsa-$p" --key "$T/k$p.der" --sig "$c.sig" "${ctxarg[@]}" "$c.msg"
    other=$([ "$p" = 44 ] && echo 65 || echo 44)
    check "$n der, wrong --alg" 2 --alg "ml-dsa-$other" --key "$T/k$p.der" --sig "$c.sig" "$c.msg"
    spki_checked=1
  fi
  check "$n raw key, no --alg" 2 --key "$c.pk" --sig "$c.sig" --ctx 00 "$c.msg"
  check "$n raw key, wrong --alg" 2 --alg ml-dsa-87 --key "$T/s3" --sig "$c.sig" "$c.msg"
done <"$T/cases"
[ "${spki_checked:-0}" = 1 ] || fct_fail "no case used a committed SubjectPublicKeyInfo key"

c=$T/c$(head -1 "$T/cases" | cut -d' ' -f1); p=$(head -1 "$T/cases" | cut -d' ' -f2)
check "bad --alg" 2 --alg ml-dsa-99 --key "$c.pk" --sig "$c.sig" "$c.msg"
check "odd --ctx" 2 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" --ctx abc "$c.msg"
check "non-hex --ctx" 2 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" --ctx zz "$c.msg"
check "256-byte --ctx" 2 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" --ctx "$(printf '00%.0s' $(seq 256))" "$c.msg"
check "--hash with ML-DSA" 2 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" --hash sha256 "$c.msg"
check "--pss with ML-DSA" 2 --key "$T/k$p.pem" --sig "$c.sig" --pss "$c.msg"
check "missing file" 2 --alg "ml-dsa-$p" --key "$c.pk" --sig "$c.sig" "$T/nonexistent"
fct_done
