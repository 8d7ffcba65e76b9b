# fastcrypt verify against the openssl command (keys and signatures made
# here by `openssl genpkey` / `openssl dgst -sign`) and vboot's published
# keys and signatures (tests/vectors/vboot). Every run checks the exit
# status, an empty stdout and exactly one stderr line (the verdict's text
# for 0 and 1).
source "$(dirname "$0")/lib.sh"
VB=${FCT_VECTORS:?FCT_VECTORS not set}/vboot
T=$FCT_TMP

# check LABEL STATUS ARGS...: `fastcrypt verify ARGS` exits STATUS, prints
# nothing on stdout and one line on stderr: the verdict for 0 and 1, an
# error (neither verdict) for 2.
check() {
  local label=$1 want=$2 st=0 line n
  shift 2
  fct verify "$@" >"$T/out" 2>"$T/err" || st=$?
  fct_status "$label" "$want" "$st"
  if [ -s "$T/out" ]; then fct_fail "$label: stdout not empty"; else fct_ok; fi
  n=$(wc -l <"$T/err")
  line=$(head -n 1 "$T/err")
  case $want in
    0) [ "$line" = "fastcrypt: verify: signature OK" ] ;;
    1) [ "$line" = "fastcrypt: verify: signature does not verify" ] ;;
    *) [[ $line == "fastcrypt: verify: "* ]] && [ "$line" != "fastcrypt: verify: signature OK" ] &&
         [ "$line" != "fastcrypt: verify: signature does not verify" ] ;;
  esac && ok=1 || ok=0
  if [ "$n" -eq 1 ] && [ "$ok" -eq 1 ]; then fct_ok; else
    fct_fail "$label: stderr is not the one expected line:"; cat "$T/err" >&2
  fi
}

hlen() {
  case $1 in
    sha1) echo 20 ;; sha224 | sha3-224) echo 28 ;; sha256 | sha3-256) echo 32 ;;
    sha384 | sha3-384) echo 48 ;; sha512 | sha3-512) echo 64 ;;
  esac
}
HASHES="sha1 sha224 sha256 sha384 sha512 sha3-224 sha3-256 sha3-384 sha3-512"

# --- keys: 2048, 3072 and 4096 bits with e = 65537, 2048 bits with e = 3 ---
keys="r2048 r3072 r4096 e3"
gen() { openssl genpkey -algorithm RSA -pkeyopt "rsa_keygen_bits:$2" "${@:3}" -out "$T/$1.key" 2>/dev/null; }
gen r2048 2048
gen r3072 3072
gen r4096 4096
gen e3 2048 -pkeyopt rsa_keygen_pubexp:3
for k in $keys; do
  openssl pkey -in "$T/$k.key" -pubout -out "$T/$k.spki.pem"
  openssl pkey -in "$T/$k.key" -pubout -outform DER -out "$T/$k.spki.der"
  openssl rsa -in "$T/$k.key" -RSAPublicKey_out -out "$T/$k.pkcs1.pem" 2>/dev/null
  openssl rsa -in "$T/$k.key" -RSAPublicKey_out -outform DER -out "$T/$k.pkcs1.der" 2>/dev/null
done
grep -q "BEGIN RSA PUBLIC KEY" "$T/r2048.pkcs1.pem" && fct_ok || fct_fail "openssl did not write PKCS#1 PEM"
grep -q "BEGIN PUBLIC KEY" "$T/r2048.spki.pem" && fct_ok || fct_fail "openssl did not write SPKI PEM"

M=$T/msg
head -c 100003 /dev/urandom >"$M"
cp "$M" "$T/msg2"
printf '\001' | dd of="$T/msg2" bs=1 seek=5000 conv=notrunc 2>/dev/null
cmp -s "$M" "$T/msg2" && printf '\002' | dd of="$T/msg2" bs=1 seek=5000 conv=notrunc 2>/dev/null

# --- PKCS#1 v1.5: every key form, every hash ---
for k in $keys; do
  for h in $HASHES; do
    openssl dgst "-$h" -sign "$T/$k.key" -out "$T/$k.$h.sig" "$M"
    check "$k $h" 0 --key "$T/$k.spki.pem" --sig "$T/$k.$h.sig" --hash "$h" "$M"
  done
  for form in spki.der pkcs1.pem pkcs1.der; do
    check "$k $form" 0 --key "$T/$k.$form" --sig "$T/$k.sha256.sig" --hash sha256 "$M"
  done
  check "$k changed file" 1 --key "$T/$k.spki.pem" --sig "$T/$k.sha256.sig" --hash sha256 "$T/msg2"
  check "$k wrong --hash" 1 --key "$T/$k.spki.pem" --sig "$T/$k.sha256.sig" --hash sha384 "$M"
  check "$k PKCS#1 sig as PSS" 1 --key "$T/$k.spki.pem" --sig "$T/$k.sha256.sig" --pss "$M"
done
check "default hash is sha256" 0 --key "$T/r2048.spki.pem" --sig "$T/r2048.sha256.sig" "$M"
check "default hash is not sha384" 1 --key "$T/r2048.spki.pem" --sig "$T/r2048.sha384.sig" "$M"
check "stdin" 0 --key "$T/r2048.pkcs1.der" --sig "$T/r2048.sha512.sig" --hash sha512 - <"$M"
check "--opt=value" 0 --key="$T/r2048.spki.pem" --sig="$T/r2048.sha1.sig" --hash=sha1 "$M"
check "options after FILE" 0 "$M" --sig "$T/r2048.sha1.sig" --hash sha1 --key "$T/r2048.spki.pem"
check "--e matches" 0 --key "$T/e3.spki.pem" --e 3 --sig "$T/e3.sha256.sig" "$M"
check "--e does not match the key" 2 --key "$T/e3.spki.pem" --e 65537 --sig "$T/e3.sha256.sig" "$M"
check "other key" 1 --key "$T/r3072.spki.pem" --sig "$T/r2048.sha256.sig" "$M"
check "SHA3-256 sig, --hash sha256" 1 --key "$T/r2048.spki.pem" --sig "$T/r2048.sha3-256.sig" --hash sha256 "$M"
check "SHA-256 sig, --hash sha3-256" 1 --key "$T/r2048.spki.pem" --sig "$T/r2048.sha256.sig" --hash sha3-256 "$M"
check "SHA3-384 sig, --hash sha3-256" 1 --key "$T/r2048.spki.pem" --sig "$T/r2048.sha3-384.sig" --hash sha3-256 "$M"
check "SHA3-256 changed file" 1 --key "$T/r2048.spki.pem" --sig "$T/r2048.sha3-256.sig" --hash sha3-256 "$T/msg2"
check "bad --hash sha3" 2 --key "$T/r2048.spki.pem" --sig "$T/r2048.sha3-256.sig" --hash sha3 "$M"

# --- damaged signatures ---
S=$T/r2048.sha256.sig
flip() { # flip IN OFFSET OUT: OUT = IN with the low bit of byte OFFSET flipped
  cp "$1" "$3"
  local b; b=$(od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' ')
  printf "\\$(printf '%03o' $((b ^ 1)))" | dd of="$3" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
flip "$S" 0 "$T/bad0"; flip "$S" 128 "$T/bad128"; flip "$S" 255 "$T/bad255"
for b in bad0 bad128 bad255; do
  cmp -s "$S" "$T/$b" && fct_fail "$b: flip did nothing" || fct_ok
  check "flipped bit $b" 1 --key "$T/r2048.spki.pem" --sig "$T/$b" "$M"
done
head -c 255 "$S" >"$T/short.sig"
check "truncated signature" 1 --key "$T/r2048.spki.pem" --sig "$T/short.sig" "$M"
{ cat "$S"; printf '\000'; } >"$T/long.sig"
check "signature one byte long" 1 --key "$T/r2048.spki.pem" --sig "$T/long.sig" "$M"
{ printf '\000'; cat "$S"; } >"$T/lead0.sig"
check "signature with a leading zero byte" 1 --key "$T/r2048.spki.pem" --sig "$T/lead0.sig" "$M"
: >"$T/empty"
check "empty signature" 1 --key "$T/r2048.spki.pem" --sig "$T/empty" "$M"
head -c 256 /dev/zero | tr '\0' '\377' >"$T/ff.sig"
check "signature >= n" 1 --key "$T/r2048.spki.pem" --sig "$T/ff.sig" "$M"

# --- PSS: salt 0, the digest length, the maximum; auto and the exact N ---
pss() { # pss KEY HASH SALTLEN(openssl) N(bytes)
  local k=$1 h=$2 s=$3 n=$4 sig=$T/$1.$2.pss$3.sig wrong
  openssl dgst "-$h" -sign "$T/$k.key" -sigopt rsa_padding_mode:pss -sigopt "rsa_pss_saltlen:$s" \
    -sigopt "rsa_mgf1_md:$h" -out "$sig" "$M"
  check "$k $h PSS salt $s auto" 0 --key "$T/$k.spki.pem" --sig "$sig" --hash "$h" --pss "$M"
  check "$k $h PSS salt $s --salt $n" 0 --key "$T/$k.spki.pem" --sig "$sig" --hash "$h" --pss --salt "$n" "$M"
  if [ "$s" = max ]; then wrong=$((n - 1)); else wrong=$((n + 1)); fi
  check "$k $h PSS salt $s --salt $wrong" 1 --key "$T/$k.spki.pem" --sig "$sig" --hash "$h" --pss --salt "$wrong" "$M"
}
for h in $HASHES; do
  hl=$(hlen $h)
  pss r2048 $h 0 0
  pss r2048 $h "$hl" "$hl"
  pss r2048 $h max $((256 - hl - 2))
done
for k in r3072 r4096 e3; do
  bytes=$(($(wc -c <"$T/$k.sha256.sig")))
  pss $k sha256 0 0
  pss $k sha256 32 32
  pss $k sha256 max $((bytes - 32 - 2))
done
P=$T/r2048.sha256.pss32.sig
check "PSS sig as PKCS#1" 1 --key "$T/r2048.spki.pem" --sig "$P" "$M"
check "PSS changed file" 1 --key "$T/r2048.spki.pem" --sig "$P" --pss "$T/msg2"
check "PSS wrong --hash" 1 --key "$T/r2048.spki.pem" --sig "$P" --pss --hash sha384 "$M"
flip "$P" 100 "$T/pbad"
check "PSS flipped bit" 1 --key "$T/r2048.spki.pem" --sig "$T/pbad" --pss "$M"
head -c 200 "$P" >"$T/pshort"
check "PSS truncated signature" 1 --key "$T/r2048.spki.pem" --sig "$T/pshort" --pss "$M"
check "PSS --salt auto" 0 --key "$T/r2048.pkcs1.pem" --sig "$P" --pss --salt auto "$M"
check "PSS --salt too large for the key" 2 --key "$T/r2048.spki.pem" --sig "$P" --pss --salt 223 "$M"

# --- vboot: .vbpubk (the key names its hash), .keyb with --e ---
TF=$VB/testcases/test_file
for k in 1024 2048 4096 8192 2048_exp3 3072_exp3; do
  for h in sha1 sha256 sha512; do
    check "vbpubk rsa$k $h" 0 --key "$VB/testkeys/key_rsa$k.$h.vbpubk" \
      --sig "$VB/testcases/test_file.rsa${k}_$h.sig" "$TF"
  done
  case $k in *exp3) e=3 ;; *) e=65537 ;; esac
  check "keyb rsa$k --e $e" 0 --key "$VB/testkeys/key_rsa$k.keyb" --e $e --hash sha256 \
    --sig "$VB/testcases/test_file.rsa${k}_sha256.sig" "$TF"
done
V2=$VB/testkeys/key_rsa2048
check "vbpubk --hash agrees" 0 --key "$V2.sha512.vbpubk" --hash sha512 --sig "$VB/testcases/test_file.rsa2048_sha512.sig" "$TF"
check "vbpubk with another hash's signature" 1 --key "$V2.sha256.vbpubk" --sig "$VB/testcases/test_file.rsa2048_sha1.sig" "$TF"
check "vbpubk --hash contradicts the key" 2 --key "$V2.sha256.vbpubk" --hash sha1 --sig "$VB/testcases/test_file.rsa2048_sha1.sig" "$TF"
check "vbpubk --e contradicts the key" 2 --key "$V2.sha256.vbpubk" --e 3 --sig "$VB/testcases/test_file.rsa2048_sha256.sig" "$TF"
check "vbpubk --e agrees" 0 --key "$V2.sha256.vbpubk" --e 65537 --sig "$VB/testcases/test_file.rsa2048_sha256.sig" "$TF"
check "vbpubk changed file" 1 --key "$V2.sha256.vbpubk" --sig "$VB/testcases/test_file.rsa2048_sha256.sig" "$M"
check "keyb without --e" 2 --key "$V2.keyb" --hash sha256 --sig "$VB/testcases/test_file.rsa2048_sha256.sig" "$TF"
check "keyb with the wrong --e" 1 --key "$VB/testkeys/key_rsa2048_exp3.keyb" --e 65537 --hash sha256 \
  --sig "$VB/testcases/test_file.rsa2048_exp3_sha256.sig" "$TF"
check "vboot's PEM key" 0 --key "$V2.pub.pem" --hash sha512 --sig "$VB/testcases/test_file.rsa2048_sha512.sig" "$TF"
check "ChromeOS devkey loads (random sig)" 1 --key "$VB/devkeys/kernel_data_key.vbpubk" --sig "$T/ff.sig" "$M"
check "ChromeOS 8192 devkey loads (random sig)" 1 --key "$VB/devkeys/root_key.vbpubk" --sig "$S" "$M"
head -c 300 "$V2.sha256.vbpubk" >"$T/trunc.vbpubk"
check "truncated vbpubk" 2 --key "$T/trunc.vbpubk" --sig "$VB/testcases/test_file.rsa2048_sha256.sig" "$TF"
head -c 519 "$V2.keyb" >"$T/trunc.keyb"
check "truncated keyb" 2 --key "$T/trunc.keyb" --e 65537 --sig "$VB/testcases/test_file.rsa2048_sha256.sig" "$TF"

# Bleichenbacher's padding vectors (vboot): line 1 is the only valid one.
PV=$VB/testcases/padding_test_vectors.hex
printf '\000\000\000\000' >"$T/zero4"
for line in 1 2 3 50 500 1000 1653; do
  sed -n "${line}p" "$PV" | tr -d '\r\n' | sed 's/../\\x&/g' | xargs -0 printf '%b' >"$T/pad.sig"
  [ "$(wc -c <"$T/pad.sig")" -eq 128 ] && fct_ok || fct_fail "padding vector $line: not 128 bytes"
  want=1; [ $line -eq 1 ] && want=0
  check "padding vector $line" $want --key "$VB/testkeys/rsa_padding_test_pubkey.pem" --hash sha1 --sig "$T/pad.sig" "$T/zero4"
done

# --- PEM strictness ---
K=$T/r2048.spki.pem
sed 's/$/\r/' "$K" >"$T/crlf.pem"
check "PEM with CRLF" 0 --key "$T/crlf.pem" --sig "$S" "$M"
{ printf '\n  \n'; cat "$K"; printf '\n\n'; } >"$T/ws.pem"
check "PEM with surrounding whitespace" 0 --key "$T/ws.pem" --sig "$S" "$M"
sed '1d;$d' "$K" | tr -d '\n' | fold -w 76 | { echo "-----BEGIN PUBLIC KEY-----"; cat; echo; echo "-----END PUBLIC KEY-----"; } >"$T/w76.pem"
check "PEM with 76-column lines" 0 --key "$T/w76.pem" --sig "$S" "$M"
head -n 4 "$K" >"$T/trunc.pem"
check "truncated PEM (no END)" 2 --key "$T/trunc.pem" --sig "$S" "$M"
{ head -n 4 "$K"; tail -n 1 "$K"; } >"$T/short.pem"
check "PEM missing body lines" 2 --key "$T/short.pem" --sig "$S" "$M"
{ head -n 1 "$K"; echo 'this is not base64 at all!'; tail -n 1 "$K"; } >"$T/garbage.pem"
check "garbage PEM body" 2 --key "$T/garbage.pem" --sig "$S" "$M"
sed '3s/^./*/' "$K" >"$T/badchar.pem"
check "PEM bad character" 2 --key "$T/badchar.pem" --sig "$S" "$M"
sed '3s/^/ /' "$K" >"$T/space.pem"
check "PEM space in the body" 2 --key "$T/space.pem" --sig "$S" "$M"
sed '3s/$/\n/' "$K" >"$T/blank.pem"
check "PEM blank line in the body" 2 --key "$T/blank.pem" --sig "$S" "$M"
sed '$s/PUBLIC KEY/RSA PUBLIC KEY/' "$K" >"$T/mismatch.pem"
check "PEM END label differs" 2 --key "$T/mismatch.pem" --sig "$S" "$M"
sed 's/PUBLIC KEY/RSA PUBLIC KEY/' "$K" >"$T/relabel.pem"
check "SPKI body under RSA PUBLIC KEY" 2 --key "$T/relabel.pem" --sig "$S" "$M"
sed 's/PUBLIC KEY/CERTIFICATE/' "$K" >"$T/cert.pem"
check "PEM CERTIFICATE label" 2 --key "$T/cert.pem" --sig "$S" "$M"
{ cat "$K"; echo trailing; } >"$T/trail.pem"
check "data after END" 2 --key "$T/trail.pem" --sig "$S" "$M"
{ cat "$K" "$K"; } >"$T/two.pem"
check "two PEM blocks" 2 --key "$T/two.pem" --sig "$S" "$M"
check "private key PEM" 2 --key "$T/r2048.key" --sig "$S" "$M"
# Non-canonical base64: nonzero pad bits before '=' (a 3072-bit SPKI is
# 422 bytes: its base64 ends in one '=').
K3=$T/r3072.spki.pem
b64=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/
pl=$(grep -n '=' "$K3" | cut -d: -f1)
if [ -n "$pl" ]; then
  l=$(sed -n "${pl}p" "$K3"); body=${l%%=*}; c=${body: -1}; pre=${b64%%"$c"*}
  nc=${b64:$(( ${#pre} ^ 1 )):1}
  sed "${pl}s|.=|$nc=|" "$K3" >"$T/noncanon.pem"
  check "canonical PEM" 0 --key "$K3" --sig "$T/r3072.sha256.sig" "$M"
  check "non-canonical base64 pad bits" 2 --key "$T/noncanon.pem" --sig "$T/r3072.sha256.sig" "$M"
else
  fct_fail "3072-bit SPKI PEM without '=' padding"
fi
sed '$d' "$K3" | sed '$s/=$/==/' >"$T/pad2.pem"; tail -n 1 "$K3" >>"$T/pad2.pem"
check "PEM extra '='" 2 --key "$T/pad2.pem" --sig "$T/r3072.sha256.sig" "$M"

# --- other bad keys ---
check "random bytes as key" 2 --key "$M" --sig "$S" "$M"
check "empty key file" 2 --key "$T/empty" --sig "$S" "$M"
head -c 200 "$T/r2048.spki.der" >"$T/trunc.der"
check "truncated DER" 2 --key "$T/trunc.der" --sig "$S" "$M"
{ cat "$T/r2048.spki.der"; printf '\000'; } >"$T/trail.der"
check "DER with trailing byte" 2 --key "$T/trail.der" --sig "$S" "$M"

# --- usage and input errors ---
check "unknown option" 2 --key "$K" --sig "$S" --frobnicate "$M"
check "unknown short option" 2 -k "$K" --sig "$S" "$M"
check "missing --key" 2 --sig "$S" "$M"
check "missing --sig" 2 --key "$K" "$M"
check "missing FILE" 2 --key "$K" --sig "$S"
check "missing option argument" 2 --key "$K" "$M" --sig
check "two FILEs" 2 --key "$K" --sig "$S" "$M" "$M"
check "nonexistent FILE" 2 --key "$K" --sig "$S" "$T/nonexistent"
check "nonexistent key" 2 --key "$T/nonexistent" --sig "$S" "$M"
check "nonexistent signature" 2 --key "$K" --sig "$T/nonexistent" "$M"
check "FILE is a directory" 2 --key "$K" --sig "$S" "$T"
check "bad --hash" 2 --key "$K" --sig "$S" --hash md5 "$M"
check "bad --e" 2 --key "$K" --sig "$S" --e 17 "$M"
check "bad --salt" 2 --key "$K" --sig "$P" --pss --salt -1 "$M"
check "bad --salt text" 2 --key "$K" --sig "$P" --pss --salt 3x "$M"
check "key from stdin" 0 --key - --sig "$S" "$M" <"$K"
check "signature from stdin" 0 --key "$K" --sig - "$M" <"$S"
check "two stdins" 2 --key - --sig "$S" - <"$K"
check "--salt without --pss" 2 --key "$K" --sig "$P" --salt 32 "$M"

# --help: usage on stdout, exit 0, nothing on stderr.
st=0; fct verify --help >"$T/out" 2>"$T/err" || st=$?
fct_status "--help" 0 "$st"
grep -q -- "--key" "$T/out" && [ ! -s "$T/err" ] && fct_ok || fct_fail "--help output"

fct_done
