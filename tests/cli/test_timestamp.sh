# fastcrypt authenticode's RFC 3161 timestamps (fc_timestamp_verify):
# - images signed by osslsigncode with a timestamp from a local responder
#   (tests/cli/tsa_responder.py: `openssl ts -reply` behind HTTP), SHA-256
#   and SHA-384: valid to the TSA root (--tsa) and under the token's own
#   certificates, the time equal to `openssl ts -reply -token_in -text`'s,
#   each timestamp verdict equal to `osslsigncode verify -TSA-CAfile`'s
#   ("Timestamp Server Signature verification"): an unrelated TSA root, a
#   changed byte in the token's signature and in its messageImprint (the
#   image and its signature untouched) fail with --tsa (exit 1) and are
#   reported, not fatal, without it (exit 0, as osslsigncode);
# - an image signed without a timestamp: valid, "none", but not with --tsa;
# - Microsoft's timestamps in Debian's shim: both verified under the
#   tokens' certificates, the first one's time equal to the genTime
#   `openssl asn1parse` reads in its TSTInfo (OpenSSL itself refuses to
#   parse these tokens: they carry an attribute certificate).
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP
HERE=$(cd "$(dirname "$0")" && pwd)
MM=/usr/lib/shim/mmx64.efi
SHIM=/usr/lib/shim/shimx64.efi.signed
for f in "$MM" "$SHIM"; do [ -f "$f" ] || { echo "FAIL: $f missing (tools/deps.sh installs shim-signed)" >&2; exit 1; }; done

run() { # LABEL WANT ARGS...
  local label=$1 want=$2 st=0
  shift 2
  fct authenticode "$@" >"$T/out" 2>"$T/err" || st=$?
  fct_status "$label" "$want" "$st"
}
oss_ok() { # TSA_ROOT IMAGE: osslsigncode verifies the timestamp (its exit status does not say)
  osslsigncode verify -CAfile "$T/ca.pem" -TSA-CAfile "$1" -in "$2" >"$T/oss.out" 2>/dev/null || true
  grep -q "^Timestamp Server Signature verification: ok" "$T/oss.out"
}
ts_time() { sed -n 's/^  timestamp: \(.* UTC\) by .*/\1/p' "$T/out" | head -1; }

# --- the signer's CA, the TSA (root and timeStamping certificate), an unrelated TSA root
mkcert() { # NAME SUBJECT ISSUER EXTENSIONS...
  local name=$1 subj=$2 issuer=$3
  shift 3
  printf "%s\n" "$@" >"$T/$name.ext"
  openssl req -newkey rsa:2048 -nodes -keyout "$T/$name.key" -subj "$subj" -out "$T/$name.csr" 2>/dev/null
  if [ "$issuer" = self ]; then
    openssl x509 -req -in "$T/$name.csr" -signkey "$T/$name.key" -days 400 -sha256 -extfile "$T/$name.ext" \
      -out "$T/$name.pem" 2>/dev/null
  else
    openssl x509 -req -in "$T/$name.csr" -CA "$T/$issuer.pem" -CAkey "$T/$issuer.key" -set_serial "$RANDOM" \
      -days 90 -sha256 -extfile "$T/$name.ext" -out "$T/$name.pem" 2>/dev/null
  fi
}
CA_EXT=("basicConstraints=critical,CA:TRUE" "keyUsage=critical,keyCertSign")
mkcert ca "/CN=fastcrypt timestamp test CA" self "${CA_EXT[@]}"
mkcert signer "/CN=fastcrypt timestamp test signer" ca "basicConstraints=CA:FALSE" \
  "keyUsage=critical,digitalSignature" "extendedKeyUsage=codeSigning"
mkcert tsaroot "/CN=fastcrypt test TSA root" self "${CA_EXT[@]}"
mkcert tsa "/CN=fastcrypt test TSA" tsaroot "basicConstraints=CA:FALSE" \
  "keyUsage=critical,digitalSignature" "extendedKeyUsage=critical,timeStamping"
mkcert otherroot "/CN=unrelated TSA root" self "${CA_EXT[@]}"
cat >"$T/tsa.cnf" <<CNF
[ tsa ]
default_tsa = tsa1
[ tsa1 ]
dir = $T
serial = $T/tsa.serial
crypto_device = builtin
signer_cert = $T/tsa.pem
certs = $T/tsaroot.pem
signer_key = $T/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha1, sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
CNF
echo 01 >"$T/tsa.serial"
python3 "$HERE/tsa_responder.py" "$T/tsa.cnf" >"$T/port" &
responder=$!
trap 'kill $responder 2>/dev/null; rm -rf "$FCT_TMP"' EXIT
for _ in $(seq 50); do [ -s "$T/port" ] && break; sleep 0.1; done
URL=http://127.0.0.1:$(cat "$T/port")/

for h in sha256 sha384; do
  img=$T/ts_$h.efi
  osslsigncode sign -certs "$T/signer.pem" -key "$T/signer.key" -h "$h" -ts "$URL" -in "$MM" -out "$img" >/dev/null
  run "$h: to the CA and the TSA root" 0 --ca "$T/ca.pem" --tsa "$T/tsaroot.pem" "$img"
  grep -q "by fastcrypt test TSA, verified" "$T/out" && fct_ok || fct_fail "$h: timestamp not reported verified"
  oss_ok "$T/tsaroot.pem" "$img" && fct_ok || fct_fail "$h: osslsigncode refuses it"
  offs=$(python3 "$HERE/ts_token.py" "$img" "$T")
  want=$(openssl ts -reply -token_in -in "$T/token.der" -token_out -text 2>/dev/null | sed -n 's/^Time stamp: //p')
  want=$(date -u -d "$want" '+%Y-%m-%d %H:%M:%S UTC')
  [ "$(ts_time)" = "$want" ] && fct_ok || fct_fail "$h: time $(ts_time), openssl $want"
  run "$h: the token's own certificates" 0 --ca "$T/ca.pem" "$img"
  run "$h: an unrelated TSA root" 1 --ca "$T/ca.pem" --tsa "$T/otherroot.pem" "$img"
  oss_ok "$T/otherroot.pem" "$img" && fct_fail "$h: osslsigncode accepts an unrelated TSA root" || fct_ok
  read -r _ imprint last <<<"$offs"
  for at in imprint last; do
    python3 -c 'import sys; d=bytearray(open(sys.argv[1],"rb").read()); d[int(sys.argv[3])]^=1; open(sys.argv[2],"wb").write(d)' \
      "$img" "$T/changed.efi" "${!at}"
    run "$h: token changed ($at)" 1 --ca "$T/ca.pem" --tsa "$T/tsaroot.pem" "$T/changed.efi"
    grep -q "verified" "$T/out" && fct_fail "$h: changed token ($at) reported verified" || fct_ok
    run "$h: token changed ($at), no --tsa" 0 --ca "$T/ca.pem" "$T/changed.efi"
    grep -q "fastcrypt test TSA, NOT valid" "$T/out" && fct_ok || fct_fail "$h: changed token ($at) not reported"
    oss_ok "$T/tsaroot.pem" "$T/changed.efi" && fct_fail "$h: osslsigncode accepts the changed token ($at)" || fct_ok
  done
done

osslsigncode sign -certs "$T/signer.pem" -key "$T/signer.key" -h sha256 -in "$MM" -out "$T/plain.efi" >/dev/null
run "no timestamp" 0 --ca "$T/ca.pem" "$T/plain.efi"
grep -q "timestamp: none" "$T/out" && fct_ok || fct_fail "no timestamp: not reported"
run "no timestamp, --tsa" 1 --ca "$T/ca.pem" --tsa "$T/tsaroot.pem" "$T/plain.efi"

run "shim's timestamps" 0 "$SHIM"
[ "$(grep -c 'by Microsoft Time-Stamp Service, verified' "$T/out")" = 2 ] && fct_ok ||
  fct_fail "shim: not two verified timestamps"
got=$(ts_time)
python3 "$HERE/ts_token.py" "$SHIM" "$T" >/dev/null
openssl asn1parse -inform DER -in "$T/token.der" >"$T/token.txt" 2>/dev/null
off=$(awk '/id-smime-ct-TSTInfo/{f=1} f && /OCTET STRING/ && !done{sub(/:.*/, ""); print $1; done=1}' "$T/token.txt")
gt=$(openssl asn1parse -inform DER -in "$T/token.der" -strparse "$off" 2>/dev/null | sed -n 's/.*GENERALIZEDTIME *:\(.*\)/\1/p')
want=$(echo "$gt" | sed 's/^\(....\)\(..\)\(..\)\(..\)\(..\)\(..\).*/\1-\2-\3 \4:\5:\6 UTC/')
[ -n "$gt" ] && [ "$got" = "$want" ] && fct_ok || fct_fail "shim: time $got, TSTInfo genTime $gt"
fct_done
