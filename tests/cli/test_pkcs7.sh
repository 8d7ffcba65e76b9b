# fastcrypt pkcs7-verify against `openssl cms -verify -partial_chain
# -no_check_time -purpose any` (EDK2's policy): signatures made here by
# `openssl cms -sign` and `openssl smime -sign` with RSA (PKCS#1 v1.5 and
# PSS), P-256 and P-384 signers under a root and an intermediate;
# detached and attached content, with and without signed attributes
# (-noattr), SHA-256/384/512 and SHA-1, DER and PEM. Altered cases: the
# content changed, a flipped byte in the signature value, a wrong CA, the
# intermediate missing, each signed attribute removed (messageDigest,
# contentType, signingTime), the leaf trusted directly (valid), the
# intermediate trusted (valid). Every verdict equals openssl's; the EC
# signers run on every ec kernel.
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP

kernels=$(fct kernels --json | python3 -c 'import json,sys; print(" ".join(k["name"] for k in json.load(sys.stdin)["ops"]["ec"]["kernels"] if k["usable"]))')
[ -n "$kernels" ] || { echo "FAIL: no ec kernel listed" >&2; exit 1; }

mk() { # NAME ISSUER KEYSPEC EXT
  case $3 in
    rsa:*) openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:${3#rsa:} -out "$T/$1.key" 2>/dev/null ;;
    ec:*) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:${3#ec:} -out "$T/$1.key" 2>/dev/null ;;
  esac
  printf "$4\n" >"$T/$1.ext"
  if [ "$1" = "$2" ]; then
    openssl req -x509 -new -key "$T/$1.key" -subj "/CN=$1" -days 400 -sha256 -extensions v3 \
      -config <(printf "[req]\ndistinguished_name=dn\n[dn]\n[v3]\n$4\n") -out "$T/$1.pem" 2>/dev/null
  else
    openssl req -new -key "$T/$1.key" -subj "/CN=$1" -out "$T/$1.csr" 2>/dev/null
    openssl x509 -req -in "$T/$1.csr" -CA "$T/$2.pem" -CAkey "$T/$2.key" -set_serial $((RANDOM * 32768 + RANDOM)) \
      -days 90 -sha256 -extfile "$T/$1.ext" -out "$T/$1.pem" 2>/dev/null
  fi
}
CA="basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign\nsubjectKeyIdentifier=hash"
LEAF="basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid"
mk root root rsa:3072 "$CA"
mk int root ec:P-384 "$CA"
mk other other rsa:2048 "$CA"
mk rsaleaf int rsa:2048 "$LEAF"
mk ecleaf int ec:P-256 "$LEAF"
mk ec384leaf int ec:P-384 "$LEAF"
head -c 3000 /dev/urandom >"$T/content"
printf 'something else' >"$T/other_content"

# verdict LABEL WANT P7 CONTENT|- CA [--]: fastcrypt's and openssl's
verdict() {
  local label=$1 want=$2 p7=$3 content=$4 ca=$5 st=0 ost=0
  local a=(--ca "$T/$ca.pem") o=(-CAfile "$T/$ca.pem")
  if [ "$content" != - ]; then a+=(--content "$content"); o+=(-content "$content"); fi
  fct pkcs7-verify "${a[@]}" "$p7" >"$T/out" 2>"$T/err" || st=$?
  local inform=DER
  grep -q -- "-----BEGIN" "$p7" && inform=PEM
  openssl cms -verify -binary -partial_chain -no_check_time -purpose any -inform $inform -in "$p7" \
    "${o[@]}" -out /dev/null >/dev/null 2>&1 || ost=1
  [ "$st" = "$want" ] && fct_ok || { fct_fail "$label: exit $st, expected $want"; cat "$T/err" >&2; }
  [ "$want" = "$ost" ] && fct_ok || fct_fail "$label: openssl's verdict $ost, expected $want"
}

n=0
for signer in rsaleaf rsaleaf-pss ecleaf ec384leaf; do
  key=${signer%-pss}
  for md in sha256 sha384 sha512 sha1; do
    for mode in det att det-noattr att-noattr smime-det; do
      n=$((n + 1))
      p=$T/$signer.$md.$mode.p7
      opts=(-binary -md "$md" -signer "$T/$key.pem" -inkey "$T/$key.key" -certfile "$T/int.pem" -outform DER)
      [ "$signer" = rsaleaf-pss ] && opts+=(-keyopt rsa_padding_mode:pss)
      case $mode in
        det) openssl cms -sign "${opts[@]}" -in "$T/content" -out "$p" ;;
        att) openssl cms -sign -nodetach "${opts[@]}" -in "$T/content" -out "$p" ;;
        det-noattr) openssl cms -sign -noattr "${opts[@]}" -in "$T/content" -out "$p" ;;
        att-noattr) openssl cms -sign -nodetach -noattr "${opts[@]}" -in "$T/content" -out "$p" ;;
        smime-det) openssl smime -sign -binary -md "$md" -signer "$T/$key.pem" -inkey "$T/$key.key" \
          -certfile "$T/int.pem" -outform PEM -in "$T/content" -out "$p" ;;
      esac
      c=$T/content
      case $mode in att*) c=- ;; esac
      ks=scalar32
      case $signer in ec*) ks=$kernels ;; esac
      # the full matrix on one kernel; the other kernels on the first mode
      for kern in $ks; do
        export FASTCRYPT_IMPL=ec=$kern
        verdict "$signer $md $mode $kern" 0 "$p" "$c" root
        [ "$kern" = "${ks%% *}" ] || continue
        [ "$mode" = det ] || [ "$mode" = att ] || [ "$mode" = smime-det ] || continue
        if [ "$c" != - ]; then
          verdict "$signer $md $mode: other content" 1 "$p" "$T/other_content" root
        fi
        verdict "$signer $md $mode: wrong CA" 1 "$p" "$c" other
        verdict "$signer $md $mode: trusted intermediate" 0 "$p" "$c" int
        verdict "$signer $md $mode: trusted leaf" 0 "$p" "$c" "$key"
        if [ "$mode" = det ]; then
          # flip a byte of the signature value: the SignerInfo ends the DER (no unsigned attributes)
          python3 -c 'import sys; d=bytearray(open(sys.argv[1],"rb").read()); d[-2]^=1; open(sys.argv[2],"wb").write(d)' "$p" "$T/bad.p7"
          verdict "$signer $md $mode: flipped signature byte" 1 "$T/bad.p7" "$c" root
        fi
      done
    done
  done
done
# a signed attribute removed (the SignedData re-encoded around it): the
# signature no longer covers the attributes, and without messageDigest or
# contentType the attributes are incomplete
unset FASTCRYPT_IMPL
for oid in 2a864886f70d010904 2a864886f70d010903 2a864886f70d010905; do # messageDigest, contentType, signingTime
  python3 - "$T/rsaleaf.sha256.det.p7" "$T/noattr.p7" "$oid" <<'PY'
import sys
def parse(b, i):
    """(tag, header length, content length) of the TLV at i."""
    l, h = b[i + 1], 2
    if l & 0x80:
        n = l & 0x7f; l = int.from_bytes(b[i + 2:i + 2 + n], 'big'); h = 2 + n
    return b[i], h, l
def enc(tag, body):
    n = len(body)
    k = (n.bit_length() + 7) // 8
    return bytes([tag]) + (bytes([n]) if n < 128 else bytes([0x80 | k]) + n.to_bytes(k, 'big')) + body
def walk(b, oid):
    """b re-encoded with the Attribute whose OID is oid removed from any [0] signedAttrs."""
    out, i = b'', 0
    while i < len(b):
        tag, h, l = parse(b, i)
        body = b[i + h:i + h + l]
        if tag & 0x20:
            if tag == 0xa0 and body[:1] == b'\x30' and body[2:4] == b'\x06\x09':
                kept, j = b'', 0
                while j < len(body):
                    _, ah, al = parse(body, j)
                    attr = body[j:j + ah + al]
                    if attr[ah + 2:ah + 2 + attr[ah + 1]] != bytes.fromhex(oid):
                        kept += attr
                    j += ah + al
                body = kept
            else:
                body = walk(body, oid)
        out += enc(tag, body)
        i += h + l
    return out
d = open(sys.argv[1], 'rb').read()
r = walk(d, sys.argv[3])
assert len(r) < len(d), "attribute not found"
open(sys.argv[2], 'wb').write(r)
PY
  verdict "signed attribute $oid removed" 1 "$T/noattr.p7" "$T/content" root
done
# the intermediate missing from the SignedData, only the root trusted
openssl cms -sign -binary -md sha256 -signer "$T/rsaleaf.pem" -inkey "$T/rsaleaf.key" -outform DER \
  -in "$T/content" -out "$T/noint.p7"
verdict "no intermediate" 1 "$T/noint.p7" "$T/content" root
verdict "no intermediate, intermediate trusted" 0 "$T/noint.p7" "$T/content" int
# a bare SignedData (no ContentInfo), as EDK2's callers also pass: valid
python3 - "$T/rsaleaf.sha256.det.p7" "$T/bare.p7" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read()
def tl(b, i):
    l, h = b[i + 1], 2
    if l & 0x80:
        n = l & 0x7f; l = int.from_bytes(b[i + 2:i + 2 + n], 'big'); h = 2 + n
    return h, l
h, _ = tl(d, 0); i = h
h, l = tl(d, i); i += h + l      # contentType
h, _ = tl(d, i); i += h          # [0] EXPLICIT
h, l = tl(d, i)
open(sys.argv[2], 'wb').write(d[i:i + h + l])
PY
st=0
fct pkcs7-verify --ca "$T/root.pem" --content "$T/content" "$T/bare.p7" 2>/dev/null || st=$?
fct_status "bare SignedData" 0 "$st"
# BER (openssl cms -stream: indefinite lengths) is refused as unparseable:
# no real signer of firmware images emits it (docs/x509.md)
openssl cms -sign -stream -binary -nodetach -md sha256 -signer "$T/rsaleaf.pem" -inkey "$T/rsaleaf.key" \
  -outform DER -in "$T/content" -out "$T/ber.p7"
st=0
fct pkcs7-verify --ca "$T/root.pem" "$T/ber.p7" 2>/dev/null || st=$?
fct_status "indefinite-length BER" 2 "$st"
fct_done
