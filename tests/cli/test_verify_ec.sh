# fastcrypt verify with EC keys against the openssl command: P-256 and P-384
# keys made here at random (`openssl genpkey`), signatures by `openssl dgst
# -sign` over random files with every hash the command takes, verified on
# every ec kernel this build has (FASTCRYPT_IMPL=ec=...), with the key as
# PEM, as DER and with a compressed point. A changed file or signature must
# give exit 1; EC keys refuse RSA options (exit 2).
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP

check() { fct_check_verify "$@"; } # LABEL STATUS ARGS...

kernels=$(fct kernels --json | python3 -c 'import json,sys; print(" ".join(k["name"] for k in json.load(sys.stdin)["ops"]["ec"]["kernels"] if k["usable"]))')
[ -n "$kernels" ] || { echo "FAIL: no ec kernel listed" >&2; exit 1; }
HASHES="sha256 sha384 sha512 sha3-256 sha1"
for curve in P-256 P-384; do
  for i in 1 2 3; do
    k=$T/$curve-$i
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:$curve -out "$k.key" 2>/dev/null
    openssl pkey -in "$k.key" -pubout -out "$k.pem"
    openssl pkey -in "$k.key" -pubout -outform DER -out "$k.der"
    openssl ec -in "$k.key" -pubout -conv_form compressed -out "$k.c.pem" 2>/dev/null
    head -c $((RANDOM % 3000 + 1)) /dev/urandom >"$k.msg"
    for h in $HASHES; do
      openssl dgst -"$h" -sign "$k.key" -out "$k.$h.sig" "$k.msg"
      for kern in $kernels; do
        export FASTCRYPT_IMPL=ec=$kern
        check "$curve $i $h $kern pem" 0 --key "$k.pem" --sig "$k.$h.sig" --hash "$h" "$k.msg"
        check "$curve $i $h $kern der" 0 --key "$k.der" --sig "$k.$h.sig" --hash "$h" "$k.msg"
        check "$curve $i $h $kern compressed" 0 --key "$k.c.pem" --sig "$k.$h.sig" --hash "$h" "$k.msg"
        cp "$k.msg" "$T/m2"
        printf 'x' >>"$T/m2"
        check "$curve $i $h $kern changed file" 1 --key "$k.pem" --sig "$k.$h.sig" --hash "$h" "$T/m2"
        cp "$k.$h.sig" "$T/s2"
        printf '\001' | dd of="$T/s2" bs=1 seek=$(( $(stat -c %s "$T/s2") - 1 )) conv=notrunc 2>/dev/null
        cmp -s "$T/s2" "$k.$h.sig" && printf '\002' | dd of="$T/s2" bs=1 seek=$(( $(stat -c %s "$T/s2") - 1 )) conv=notrunc 2>/dev/null
        check "$curve $i $h $kern changed signature" 1 --key "$k.pem" --sig "$T/s2" --hash "$h" "$k.msg"
        unset FASTCRYPT_IMPL
      done
    done
    # the default hash is SHA-256; a wrong hash does not verify
    check "$curve $i default hash" 0 --key "$k.pem" --sig "$k.sha256.sig" "$k.msg"
    check "$curve $i wrong hash" 1 --key "$k.pem" --sig "$k.sha256.sig" --hash sha384 "$k.msg"
    check "$curve $i --pss" 2 --pss --key "$k.pem" --sig "$k.sha256.sig" "$k.msg"
    check "$curve $i --e" 2 --e 65537 --key "$k.pem" --sig "$k.sha256.sig" "$k.msg"
  done
done
# a P-521 key is refused as unsupported (exit 2)
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-521 -out "$T/p521.key" 2>/dev/null
openssl pkey -in "$T/p521.key" -pubout -out "$T/p521.pem"
openssl dgst -sha512 -sign "$T/p521.key" -out "$T/p521.sig" "$T/P-256-1.msg"
check "P-521" 2 --key "$T/p521.pem" --sig "$T/p521.sig" --hash sha512 "$T/P-256-1.msg"
fct_done
