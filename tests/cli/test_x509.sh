# fastcrypt x509 against the openssl command: chains of three certificates
# (root, intermediate, leaf) made here by `openssl req` and `openssl x509
# -req` with RSA 2048-4096 (PKCS#1 v1.5 and PSS signatures), P-256 and
# P-384 keys, and a mixed chain. For every certificate: the printed serial,
# validity and key against openssl's own reading, the signature by its
# issuer (exit 0) on every ec kernel, a flipped byte in the TBS and in the
# signature (exit 1, and `openssl verify -partial_chain` refuses it too),
# a wrong issuer (exit 1), PEM and DER input, truncation (exit 2).
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP

kernels=$(fct kernels --json | python3 -c 'import json,sys; print(" ".join(k["name"] for k in json.load(sys.stdin)["ops"]["ec"]["kernels"] if k["usable"]))')
[ -n "$kernels" ] || { echo "FAIL: no ec kernel listed" >&2; exit 1; }

newkey() { # NAME SPEC: rsa:BITS or ec:CURVE
  case $2 in
    rsa:*) openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:${2#rsa:} -out "$T/$1.key" 2>/dev/null ;;
    ec:*) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:${2#ec:} -out "$T/$1.key" 2>/dev/null ;;
  esac
}
CA_EXT="basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid"
LEAF_EXT="basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=codeSigning\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid"
# cert NAME ISSUER SIGOPTS EXT: NAME.pem signed by ISSUER's key (self when ISSUER = NAME)
cert() {
  local name=$1 issuer=$2 sigopts=$3 ext=$4
  printf "$ext\n" >"$T/$name.ext"
  if [ "$name" = "$issuer" ]; then
    openssl req -x509 -new -key "$T/$name.key" -subj "/C=DE/O=fastcrypt test/CN=$name" -days 400 \
      $sigopts -extensions v3 -config <(printf "[req]\ndistinguished_name=dn\n[dn]\n[v3]\n$ext\n") \
      -out "$T/$name.pem" 2>/dev/null
  else
    openssl req -new -key "$T/$name.key" -subj "/O=fastcrypt test/CN=$name" -out "$T/$name.csr" 2>/dev/null
    openssl x509 -req -in "$T/$name.csr" -CA "$T/$issuer.pem" -CAkey "$T/$issuer.key" \
      -set_serial $((RANDOM * 32768 + RANDOM)) -days 90 $sigopts -extfile "$T/$name.ext" \
      -out "$T/$name.pem" 2>/dev/null
  fi
  openssl x509 -in "$T/$name.pem" -outform DER -out "$T/$name.der"
}

run() { # LABEL WANT ARGS...: fastcrypt x509 ARGS, exit status WANT
  local label=$1 want=$2 st=0
  shift 2
  fct x509 "$@" >"$T/out" 2>"$T/err" || st=$?
  fct_status "$label" "$want" "$st"
}

field() { sed -n "s/^$1: //p" "$T/out"; }

check_cert() { # NAME ISSUER KEYDESC
  local n=$1 iss=$2 key=$3
  run "$n parse pem" 0 "$T/$n.pem"
  # serial, validity and key against openssl's reading
  local serial nb na
  serial=$(openssl x509 -in "$T/$n.pem" -noout -serial | cut -d= -f2 | tr 'A-F' 'a-f')
  nb=$(date -u -d "$(openssl x509 -in "$T/$n.pem" -noout -startdate | cut -d= -f2)" +%s)
  na=$(date -u -d "$(openssl x509 -in "$T/$n.pem" -noout -enddate | cut -d= -f2)" +%s)
  # openssl prints a positive serial without its sign octet
  local got
  got=$(field serial | sed 's/^00//')
  [ "$got" = "$serial" ] && fct_ok || fct_fail "$n serial $got, openssl $serial"
  field "not before" | grep -q "($nb)" && fct_ok || fct_fail "$n not before $(field 'not before'), openssl $nb"
  field "not after" | grep -q "($na)" && fct_ok || fct_fail "$n not after $(field 'not after'), openssl $na"
  [ "$(field key)" = "$key" ] && fct_ok || fct_fail "$n key $(field key), expected $key"
  grep -q "^subject: .*CN=$n\$" "$T/out" && fct_ok || fct_fail "$n subject: $(field subject)"
  for kern in $kernels; do
    FASTCRYPT_IMPL=ec=$kern run "$n signed by $iss ($kern)" 0 --issuer "$T/$iss.pem" "$T/$n.der"
  done
  openssl verify -partial_chain -no_check_time -CAfile "$T/$iss.pem" "$T/$n.pem" >/dev/null 2>&1 &&
    fct_ok || fct_fail "$n: openssl verify refuses the valid certificate"
  # a flipped byte in the signature (the last byte) and in the subject's CN
  python3 - "$T/$n.der" "$T/$n.badsig.der" "$T/$n.badtbs.der" "$n" <<'PY'
import sys
d = bytearray(open(sys.argv[1], 'rb').read())
s = bytearray(d); s[-1] ^= 0x01; open(sys.argv[2], 'wb').write(s)
t = bytearray(d); i = t.rfind(sys.argv[4].encode()); t[i] ^= 0x20; open(sys.argv[3], 'wb').write(t)
PY
  run "$n flipped signature byte" 1 --issuer "$T/$iss.pem" "$T/$n.badsig.der"
  run "$n flipped TBS byte" 1 --issuer "$T/$iss.pem" "$T/$n.badtbs.der"
  for bad in badsig badtbs; do
    openssl x509 -inform DER -in "$T/$n.$bad.der" -out "$T/$n.$bad.pem" 2>/dev/null
    if openssl verify -partial_chain -no_check_time -CAfile "$T/$iss.pem" "$T/$n.$bad.pem" >/dev/null 2>&1; then
      fct_fail "$n $bad: openssl accepts it"
    else fct_ok; fi
  done
  run "$n wrong issuer" 1 --issuer "$T/other.pem" "$T/$n.pem"
  head -c $(($(stat -c %s "$T/$n.der") - 7)) "$T/$n.der" >"$T/$n.trunc.der"
  run "$n truncated" 2 "$T/$n.trunc.der"
}

newkey other rsa:2048
cert other other "-sha256" "$CA_EXT"

# chain SPEC_ROOT SPEC_INT SPEC_LEAF SIGOPTS PREFIX KEYDESC...
chain() {
  local p=$5
  newkey ${p}root "$1"
  newkey ${p}int "$2"
  newkey ${p}leaf "$3"
  cert ${p}root ${p}root "$4" "$CA_EXT"
  cert ${p}int ${p}root "$4" "$CA_EXT"
  cert ${p}leaf ${p}int "$4" "$LEAF_EXT"
  check_cert ${p}root ${p}root "$6"
  check_cert ${p}int ${p}root "$7"
  check_cert ${p}leaf ${p}int "$8"
}
chain rsa:4096 rsa:3072 rsa:2048 "-sha256" rsa "RSA, 512-byte modulus" "RSA, 384-byte modulus" "RSA, 256-byte modulus"
chain rsa:3072 rsa:2048 rsa:2048 "-sha384 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32" pss \
  "RSA, 384-byte modulus" "RSA, 256-byte modulus" "RSA, 256-byte modulus"
chain ec:P-384 ec:P-384 ec:P-256 "-sha384" ecc "EC P-384" "EC P-384" "EC P-256"
chain rsa:2048 ec:P-256 rsa:2048 "-sha512" mix "RSA, 256-byte modulus" "EC P-256" "RSA, 256-byte modulus"
grep -q "RSASSA-PSS (SHA384, MGF1 SHA384, salt 32)" <(fct x509 "$T/pssleaf.pem") && fct_ok ||
  fct_fail "pss leaf: signature algorithm not printed as RSASSA-PSS (SHA384, MGF1 SHA384, salt 32)"
fct_done
