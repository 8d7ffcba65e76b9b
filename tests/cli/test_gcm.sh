# fastcrypt gcm-encrypt / gcm-decrypt against published known answers (NIST
# CAVP gcmEncryptExtIV / gcmDecrypt, Wycheproof aes_gcm_test.json) and, for
# large files, against `openssl enc -aes-*-ctr` (GCM's ciphertext is CTR
# from J0 + 1). Failure paths: exit status, one stderr line, empty stdout,
# OUT absent or untouched, no temporary file left behind.
source "$(dirname "$0")/lib.sh"
VEC=${FCT_VECTORS:?FCT_VECTORS not set}
T=$FCT_TMP
D=$T/outdir   # OUT's directory: must hold nothing but what a test expects
mkdir "$D"

hex2bin() { printf '%s' "$1" | sed 's/../\\x&/g' | xargs -0 printf '%b' >"$2"; }
bin2hex() { od -An -v -tx1 "$1" | tr -d ' \n'; }

# run LABEL STATUS CMD ARGS...: exit status, empty stdout, and for a
# failure exactly one stderr line starting "fastcrypt: CMD: " (for a
# success, an empty stderr).
run() {
  local label=$1 want=$2 cmd=$3 st=0 n
  shift 3
  fct "$cmd" "$@" >"$T/out" 2>"$T/err" || st=$?
  fct_status "$label" "$want" "$st"
  if [ -s "$T/out" ]; then fct_fail "$label: stdout not empty"; else fct_ok; fi
  n=$(wc -l <"$T/err")
  if [ "$want" -eq 0 ]; then
    if [ "$n" -eq 0 ] && [ ! -s "$T/err" ]; then fct_ok; else fct_fail "$label: stderr:"; cat "$T/err" >&2; fi
  elif [ "$n" -eq 1 ] && [[ $(head -n 1 "$T/err") == "fastcrypt: $cmd: "* ]]; then fct_ok; else
    fct_fail "$label: stderr is not one line:"; cat "$T/err" >&2
  fi
}
# clean LABEL: no temporary file left in $D (only the files named in $keep).
clean() {
  local extra
  extra=$(cd "$D" && ls -A | grep -v -x -F -e "${keep:-}" || true)
  if [ -z "$extra" ]; then fct_ok; else fct_fail "$1: left in OUT's directory: $extra"; fi
}
# absent LABEL FILE
absent() { if [ -e "$2" ]; then fct_fail "$1: $2 written"; else fct_ok; fi; }
mode600() {
  local m; m=$(stat -c %a "$2" 2>/dev/null || echo none)
  if [ "$m" = 600 ]; then fct_ok; else fct_fail "$1: mode $m, expected 600"; fi
}

# --- NIST CAVP: records with a 128-bit tag as "key iv pt aad ct tag result"
# ("-" for an empty field; result P or F) ---
nist() {
  tr -d '\r' <"$1" | awk '
    function out() { if (key != "" && taglen == 128 && count <= maxcount && index(pick, "|" ivlen "/" ptlen "/" aadlen "|"))
                       print key, iv, (pt == "" ? "-" : pt), (aad == "" ? "-" : aad), (ct == "" ? "-" : ct), tag, res;
                     key = "" }
    /^\[/ { out() }
    /^\[IVlen/ { ivlen = $3 + 0 } /^\[PTlen/ { ptlen = $3 + 0 } /^\[AADlen/ { aadlen = $3 + 0 }
    /^\[Taglen/ { taglen = $3 + 0 }
    /^Count/ { out(); count = $3 + 0; pt = ""; aad = ""; ct = ""; res = "P" }
    /^Key/ { key = $3 } /^IV/ { iv = $3 } /^PT/ { pt = $3 } /^AAD/ { aad = $3 }
    /^CT/ { ct = $3 } /^Tag/ { tag = $3 } /^FAIL/ { res = "F" }
    END { out() }' pick="$2" maxcount="$3"
}
kat=0
# IV lengths 8, 96 and 1024 bits; empty text, empty AAD, both, neither; whole and partial blocks.
PICK="|8/0/0|8/104/160|96/0/0|96/0/128|96/128/0|96/408/720|96/104/160|1024/256/384|1024/0/720|"
for ks in 128 192 256; do
  while read -r key iv pt aad ct tag res; do
    kat=$((kat + 1))
    hex2bin "$key" "$T/key"
    [ "$pt" = - ] && pt=
    [ "$aad" = - ] && aad=
    [ "$ct" = - ] && ct=
    hex2bin "$pt" "$T/pt"; hex2bin "$aad" "$T/aad"; hex2bin "$ct$tag" "$T/want"
    run "NIST $ks #$kat encrypt" 0 gcm-encrypt --key-file "$T/key" --iv "$iv" --aad "$T/aad" "$T/pt" "$D/ct"
    fct_same_file "NIST $ks #$kat ct||tag" "$T/want" "$D/ct"
    run "NIST $ks #$kat decrypt" 0 gcm-decrypt --key-file "$T/key" --iv "$iv" --aad "$T/aad" "$T/want" "$D/pt"
    fct_same_file "NIST $ks #$kat plaintext" "$T/pt" "$D/pt"
    rm -f "$D/ct" "$D/pt"
  done < <(nist "$VEC/nist/aes/gcm/gcmEncryptExtIV$ks.rsp" "$PICK" 0)
  # gcmDecrypt: the first few 128-bit-tag records, passes and FAILs.
  n=0
  np=0; nf=0
  while read -r key iv pt aad ct tag res; do
    n=$((n + 1))
    hex2bin "$key" "$T/key"; [ "$aad" = - ] && aad=; [ "$ct" = - ] && ct=; [ "$pt" = - ] && pt=
    hex2bin "$aad" "$T/aad"; hex2bin "$ct$tag" "$T/in"; hex2bin "$pt" "$T/want"
    if [ "$res" = P ]; then
      np=$((np + 1))
      run "NIST decrypt $ks #$n" 0 gcm-decrypt --key-file "$T/key" --iv "$iv" --aad "$T/aad" "$T/in" "$D/pt"
      fct_same_file "NIST decrypt $ks #$n plaintext" "$T/want" "$D/pt"
    else
      nf=$((nf + 1))
      run "NIST decrypt $ks #$n FAIL" 1 gcm-decrypt --key-file "$T/key" --iv "$iv" --aad "$T/aad" "$T/in" "$D/pt"
      absent "NIST decrypt $ks #$n FAIL" "$D/pt"
    fi
    rm -f "$D/pt"
  done < <(nist "$VEC/nist/aes/gcm/gcmDecrypt$ks.rsp" "|96/0/0|96/128/0|96/104/160|8/104/160|1024/408/720|" 1)
  [ $np -ge 3 ] && [ $nf -ge 3 ] && fct_ok || fct_fail "NIST decrypt $ks: $np passes, $nf FAILs picked"
done
[ $kat -eq 27 ] && fct_ok || fct_fail "NIST: $kat encrypt records picked, expected 27"
keep= clean "NIST"

# --- Wycheproof: long and short IVs, counter wrap, invalid tags, empty IV ---
W=$VEC/wycheproof/testvectors_v1/aes_gcm_test.json
# jq comes with tools/deps.sh: without it this part fails, never skips.
if ! command -v jq >/dev/null; then
  fct_fail "jq not found (tools/deps.sh installs it): the Wycheproof vectors cannot be read"
else
  nw=0
  while read -r id key iv aad msg ct tag res; do
    nw=$((nw + 1))
    for v in iv aad msg ct; do [ "${!v}" = - ] && printf -v "$v" ''; done
    hex2bin "$key" "$T/key"; hex2bin "$aad" "$T/aad"; hex2bin "$msg" "$T/pt"; hex2bin "$ct$tag" "$T/ct"
    if [ -z "$iv" ]; then
      run "Wycheproof $id empty IV" 2 gcm-encrypt --key-file "$T/key" --iv "" --aad "$T/aad" "$T/pt" "$D/x"
      absent "Wycheproof $id" "$D/x"
    elif [ "$res" = valid ]; then
      run "Wycheproof $id encrypt" 0 gcm-encrypt --key-file "$T/key" --iv "$iv" --aad "$T/aad" "$T/pt" "$D/x"
      fct_same_file "Wycheproof $id ct||tag" "$T/ct" "$D/x"
      run "Wycheproof $id decrypt" 0 gcm-decrypt --key-file "$T/key" --iv "$iv" --aad "$T/aad" "$T/ct" "$D/y"
      fct_same_file "Wycheproof $id plaintext" "$T/pt" "$D/y"
    else
      run "Wycheproof $id invalid" 1 gcm-decrypt --key-file "$T/key" --iv "$iv" --aad "$T/aad" "$T/ct" "$D/y"
      absent "Wycheproof $id" "$D/y"
    fi
    rm -f "$D/x" "$D/y"
  done < <(jq -r '.testGroups[] | select(.tagSize == 128) | .tests[] |
      select((.flags | index("LongIv") or index("CounterWrap") or index("ModifiedTag") or index("ZeroLengthIv"))
             or (.tcId >= 1 and .tcId <= 3)) |
      [.tcId, .key, (.iv | if . == "" then "-" else . end), (.aad | if . == "" then "-" else . end),
       (.msg | if . == "" then "-" else . end), (.ct | if . == "" then "-" else . end), .tag, .result] | @tsv' "$W" |
    awk -F'\t' '{ k = length($2) "/" length($3) "/" $8; if (seen[k]++ < 2) print }' | tr '\t' ' ')
  [ $nw -ge 20 ] && fct_ok || fct_fail "Wycheproof: only $nw vectors"
fi

# --- round trips of random files; large ones against openssl's AES-CTR ---
for ks in 16 24 32; do head -c $ks /dev/urandom >"$T/k$ks"; done
IV12=cafebabefacedbaddecaf888
i=0
for size in 0 1 15 16 17 4099 262143 262160 3145733; do
  ks=$((16 + 8 * (i % 3))); i=$((i + 1))
  head -c "$size" /dev/urandom >"$T/plain"
  head -c 100 /dev/urandom >"$T/aad"
  run "round trip $size encrypt" 0 gcm-encrypt --key-file "$T/k$ks" --iv "$IV12" --aad "$T/aad" "$T/plain" "$D/ct"
  mode600 "round trip $size" "$D/ct"
  [ "$(stat -c %s "$D/ct" 2>/dev/null || echo 0)" -eq $((size + 16)) ] && fct_ok || fct_fail "round trip $size: length"
  head -c "$size" "$D/ct" >"$T/ctonly"
  openssl enc "-aes-$((ks * 8))-ctr" -K "$(bin2hex "$T/k$ks")" -iv "${IV12}00000002" -in "$T/plain" -out "$T/ctr" 2>/dev/null
  fct_same_file "round trip $size: ciphertext = openssl AES-CTR" "$T/ctr" "$T/ctonly"
  # decrypt from standard input (the tag held back from a stream)
  run "round trip $size decrypt" 0 gcm-decrypt --key-file "$T/k$ks" --iv "$IV12" --aad "$T/aad" - "$D/pt" <"$D/ct"
  fct_same_file "round trip $size plaintext" "$T/plain" "$D/pt"
  mode600 "round trip $size decrypt" "$D/pt"
  rm -f "$D/ct" "$D/pt"
done
# a stream in, a 16-byte IV, no AAD
head -c 70001 /dev/urandom >"$T/plain"
cat "$T/plain" | { run "encrypt from a pipe" 0 gcm-encrypt --key-file "$T/k32" --iv 000102030405060708090a0b0c0d0e0f - "$D/ct"; }
run "decrypt file" 0 gcm-decrypt --key-file "$T/k32" --iv 000102030405060708090a0b0c0d0e0f "$D/ct" "$D/pt"
fct_same_file "pipe round trip" "$T/plain" "$D/pt"
# mode 0600 whatever the umask, and over an existing file
echo old >"$D/pt"; chmod 644 "$D/pt"
st=0; (umask 000; fct gcm-decrypt --key-file "$T/k32" --iv 000102030405060708090a0b0c0d0e0f "$D/ct" "$D/pt") || st=$?
fct_status "umask 000" 0 "$st"
mode600 "umask 000, replaced file" "$D/pt"
fct_same_file "replaced file" "$T/plain" "$D/pt"
# OUT without a directory part: the temporary file goes in the current directory
(cd "$D" && fct gcm-encrypt --key-file "$T/k16" --iv 00 "$T/plain" rel.out 2>"$T/err") && fct_ok || fct_fail "relative OUT"
[ -f "$D/rel.out" ] && fct_ok || fct_fail "relative OUT not written"
rm -f "$D"/*
keep= clean "round trips"

# --- authentication failures: exit 1, OUT absent or unchanged, nothing left ---
head -c 5000 /dev/urandom >"$T/plain"
printf 'header v1' >"$T/aad"
fct gcm-encrypt --key-file "$T/k24" --iv "$IV12" --aad "$T/aad" "$T/plain" "$T/good"
flip() { # flip IN OFFSET OUT
  cp "$1" "$3"
  local b; b=$(od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' ')
  printf "\\$(printf '%03o' $((b ^ 128)))" | dd of="$3" bs=1 seek="$2" conv=notrunc 2>/dev/null
  cmp -s "$1" "$3" && fct_fail "flip $2 did nothing" || fct_ok
}
flip "$T/good" 0 "$T/bad_ct0"; flip "$T/good" 4321 "$T/bad_ct"; flip "$T/good" 5000 "$T/bad_tag0"; flip "$T/good" 5015 "$T/bad_tag"
head -c 5015 "$T/good" >"$T/trunc"
{ cat "$T/good"; printf 'x'; } >"$T/appended"
printf 'header v2' >"$T/aad2"
head -c 24 /dev/urandom >"$T/k24b"
: >"$T/empty"
printf '0123456789abcde' >"$T/in15"
head -c 16 /dev/urandom >"$T/in16"
echo "precious" >"$T/precious"
fail_case() { # fail_case LABEL IN [ARGS...]: decrypt must fail with 1
  local label=$1 in=$2; shift 2
  set -- --key-file "$T/k24" --iv "$IV12" --aad "$T/aad" "$@"
  run "$label" 1 gcm-decrypt "$@" "$in" "$D/new"
  absent "$label" "$D/new"
  cp "$T/precious" "$D/existing"
  run "$label (existing OUT)" 1 gcm-decrypt "$@" "$in" "$D/existing"
  fct_same_file "$label: existing OUT unchanged" "$T/precious" "$D/existing"
  keep=existing clean "$label"
  rm -f "$D/existing"
}
run "the good one decrypts" 0 gcm-decrypt --key-file "$T/k24" --iv "$IV12" --aad "$T/aad" "$T/good" "$D/ok"
fct_same_file "the good one" "$T/plain" "$D/ok"; rm -f "$D/ok"
fail_case "flipped first ciphertext byte" "$T/bad_ct0"
fail_case "flipped ciphertext byte" "$T/bad_ct"
fail_case "flipped first tag byte" "$T/bad_tag0"
fail_case "flipped last tag byte" "$T/bad_tag"
fail_case "truncated" "$T/trunc"
fail_case "appended byte" "$T/appended"
fail_case "IN of 16 random bytes" "$T/in16"
fail_case "IN shorter than the tag" "$T/in15"
grep -q "shorter than the 16-byte tag" "$T/err" && fct_ok || fct_fail "short IN message"
fail_case "empty IN" "$T/empty"
run "wrong AAD" 1 gcm-decrypt --key-file "$T/k24" --iv "$IV12" --aad "$T/aad2" "$T/good" "$D/new"; absent "wrong AAD" "$D/new"
run "missing AAD" 1 gcm-decrypt --key-file "$T/k24" --iv "$IV12" "$T/good" "$D/new"; absent "missing AAD" "$D/new"
run "wrong key" 1 gcm-decrypt --key-file "$T/k24b" --iv "$IV12" --aad "$T/aad" "$T/good" "$D/new"; absent "wrong key" "$D/new"
run "wrong IV" 1 gcm-decrypt --key-file "$T/k24" --iv "${IV12%?}9" --aad "$T/aad" "$T/good" "$D/new"; absent "wrong IV" "$D/new"
run "bad tag from stdin" 1 gcm-decrypt --key-file "$T/k24" --iv "$IV12" --aad "$T/aad" - "$D/new" <"$T/bad_tag"; absent "bad tag from stdin" "$D/new"
grep -q "authentication failed" "$T/err" && fct_ok || fct_fail "authentication message"
keep= clean "authentication failures"

# --- usage and input errors: exit 2, nothing written ---
u() { # u LABEL ARGS...: gcm-encrypt fails with 2, OUT ($D/u) absent
  local label=$1; shift
  run "$label" 2 gcm-encrypt "$@"
  absent "$label" "$D/u"
}
for n in 0 1 15 17 23 31 33 64; do
  head -c $n /dev/urandom >"$T/kbad"
  u "key of $n bytes" --key-file "$T/kbad" --iv "$IV12" "$T/plain" "$D/u"
done
grep -q "16, 24 or 32" "$T/err" && fct_ok || fct_fail "key size message names the sizes"
u "odd hex IV" --key-file "$T/k16" --iv abc "$T/plain" "$D/u"
u "non-hex IV" --key-file "$T/k16" --iv 00112233445566778899aaxx "$T/plain" "$D/u"
u "0x IV" --key-file "$T/k16" --iv 0x00112233445566778899aa "$T/plain" "$D/u"
u "empty IV" --key-file "$T/k16" --iv "" "$T/plain" "$D/u"
u "missing --key-file" --iv "$IV12" "$T/plain" "$D/u"
u "missing --iv" --key-file "$T/k16" "$T/plain" "$D/u"
u "missing OUT" --key-file "$T/k16" --iv "$IV12" "$T/plain"
u "missing IN and OUT" --key-file "$T/k16" --iv "$IV12"
u "missing option argument" "$T/plain" "$D/u" --key-file "$T/k16" --iv
u "extra operand" --key-file "$T/k16" --iv "$IV12" "$T/plain" "$D/u" "$D/u2"
u "key on the command line" --key 000102030405060708090a0b0c0d0e0f --iv "$IV12" "$T/plain" "$D/u"
u "unknown option" --key-file "$T/k16" --iv "$IV12" --tag-len 12 "$T/plain" "$D/u"
u "OUT is -" --key-file "$T/k16" --iv "$IV12" "$T/plain" -
u "nonexistent key file" --key-file "$T/nonexistent" --iv "$IV12" "$T/plain" "$D/u"
u "nonexistent IN" --key-file "$T/k16" --iv "$IV12" "$T/nonexistent" "$D/u"
u "nonexistent AAD" --key-file "$T/k16" --iv "$IV12" --aad "$T/nonexistent" "$T/plain" "$D/u"
u "IN is a directory" --key-file "$T/k16" --iv "$IV12" "$T" "$D/u"
u "OUT's directory missing" --key-file "$T/k16" --iv "$IV12" "$T/plain" "$D/nodir/u"
u "two stdins" --key-file - --iv "$IV12" - "$D/u" </dev/null
run "decrypt with a bad key size" 2 gcm-decrypt --key-file "$T/in15" --iv "$IV12" "$T/good" "$D/u"; absent "decrypt bad key" "$D/u"
mkdir "$D/adir"
run "OUT is a directory" 2 gcm-encrypt --key-file "$T/k16" --iv "$IV12" "$T/plain" "$D/adir"
[ -d "$D/adir" ] && [ -z "$(ls -A "$D/adir")" ] && fct_ok || fct_fail "OUT directory changed"
rmdir "$D/adir"
keep= clean "usage errors"

for c in gcm-encrypt gcm-decrypt; do
  st=0; fct $c --help >"$T/out" 2>"$T/err" || st=$?
  fct_status "$c --help" 0 "$st"
  grep -q -- "--key-file" "$T/out" && grep -qi "never" "$T/out" && [ ! -s "$T/err" ] && fct_ok || fct_fail "$c --help output"
done

fct_done
