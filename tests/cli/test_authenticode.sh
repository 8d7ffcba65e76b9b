# fastcrypt authenticode against real signed binaries and other signers:
# - real signed binaries (real(), below): Debian's shim-signed
#   (/usr/lib/shim/shimx64.efi.signed), signed twice by Microsoft (UEFI CA
#   2011 and UEFI CA 2023), and Debian's signed GRUB and kernel
#   (tools/fetch-debian-signed.sh, signed by Debian Secure Boot CA): hashes
#   equal pesign's (and osslsigncode's for GRUB and the kernel), every
#   signature verifies under the certificates it carries and to the CA
#   taken from the signature itself (partial chain, as EDK2 with that CA in
#   db); an unrelated CA fails; a byte changed in each of five places of
#   the hashed image fails under every CA;
# - an unsigned EFI binary (mmx64.efi from the same package) signed here by
#   sbsign and by osslsigncode (SHA-256 and SHA-384) with an RSA key under a
#   CA made here: hashes equal pesign's, verdicts equal osslsigncode
#   verify's, wrong CA and changed byte fail; the unsigned image is
#   reported unsigned (exit 1) with pesign's hash; a truncated image and a
#   PE header pointing outside the file are unparseable (exit 2).
source "$(dirname "$0")/lib.sh"
T=$FCT_TMP
SHIM=/usr/lib/shim/shimx64.efi.signed
MM=/usr/lib/shim/mmx64.efi
DEBIAN_SIGNED=${FC_DEBIAN_SIGNED:-/var/cache/fastcrypt/debian-signed}
for f in "$SHIM" "$MM" "$DEBIAN_SIGNED/grubx64.efi.signed" "$DEBIAN_SIGNED/vmlinuz"; do
  [ -f "$f" ] || { echo "FAIL: $f missing (tools/deps.sh installs shim-signed and fetches the rest)" >&2; exit 1; }
done

run() { # LABEL WANT ARGS...
  local label=$1 want=$2 st=0
  shift 2
  fct authenticode "$@" >"$T/out" 2>"$T/err" || st=$?
  fct_status "$label" "$want" "$st"
}
hash_of() { sed -n 's/.*image hash (\(sha[0-9]*\)): \([0-9a-f]*\).*/\2/p' "$T/out" | head -1; }
pesign_hash() { pesign -h -i "$1" 2>/dev/null | sed -n 's/^hash: //p'; }

# --- real signed binaries: Microsoft's dual-signed shim, Debian's GRUB and kernel
# real NAME IMAGE NSIG [oss]: the hash equals pesign's (and with oss,
# osslsigncode's: it refuses shim's table of two entries), every
# signature verifies under its own certificates and to the CA taken from
# the signature itself (partial chain); a byte changed in the DOS header (0x20), the
# COFF header, the first section, the middle and the last hashed byte each
# fails under every CA; an unrelated CA fails.
real() {
  local name=$1 img=$2 nsig=$3 n at oss
  run "$name, its own certificates" 0 "$img"
  [ "$(hash_of)" = "$(pesign_hash "$img")" ] && fct_ok || fct_fail "$name hash $(hash_of), pesign $(pesign_hash "$img")"
  if [ "${4:-}" = oss ]; then
    oss=$( (osslsigncode verify -in "$img" 2>/dev/null || true) | sed -n 's/^Calculated message digest *: *\([0-9A-F]*\).*/\1/p' | head -1 | tr A-F a-f)
    [ "$(hash_of)" = "$oss" ] && fct_ok || fct_fail "$name hash $(hash_of), osslsigncode $oss"
  fi
  [ "$(grep -c 'verdict: valid' "$T/out")" = "$nsig" ] && fct_ok || fct_fail "$name: not $nsig valid signatures"
  python3 - "$img" "$T" "$name" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
t, name = sys.argv[2], sys.argv[3]
pe = struct.unpack_from('<I', d, 0x3c)[0]
magic = struct.unpack_from('<H', d, pe + 24)[0]
dirs = pe + 24 + (96 if magic == 0x10b else 112)
va, sz = struct.unpack_from('<II', d, dirs + 32)
off, n = va, 0
while off < va + sz:
    l = struct.unpack_from('<I', d, off)[0]
    n += 1
    open('%s/%s_sig%d.der' % (t, name, n), 'wb').write(d[off + 8:off + l])
    off += (l + 7) & ~7
nsec = struct.unpack_from('<H', d, pe + 6)[0]
opt = struct.unpack_from('<H', d, pe + 20)[0]
first = min(struct.unpack_from('<I', d, pe + 24 + opt + 40 * i + 20)[0] for i in range(nsec))
for label, at in (('dos', 0x20), ('coff', pe + 8), ('section', first), ('middle', va // 2), ('last', va - 1)):
    b = bytearray(d); b[at] ^= 1
    open('%s/%s_changed_%s.efi' % (t, name, label), 'wb').write(b)
PY
  for n in $(seq 1 "$nsig"); do
    # the CA: the certificate of the signature that issued the signer (the last one printed)
    openssl pkcs7 -inform DER -in "$T/${name}_sig$n.der" -print_certs 2>/dev/null |
      awk -v out="$T/${name}_ca$n.pem" '/BEGIN CERT/{buf=""} {buf=buf $0 "\n"} /END CERT/{last=buf} END{printf "%s", last > out}'
    grep -q "BEGIN CERTIFICATE" "$T/${name}_ca$n.pem" && fct_ok || fct_fail "$name signature $n: no certificate"
    run "$name to the CA of signature $n" 0 --ca "$T/${name}_ca$n.pem" "$img"
    for at in dos coff section middle last; do
      run "$name changed ($at), CA of signature $n" 1 --ca "$T/${name}_ca$n.pem" "$T/${name}_changed_$at.efi"
    done
  done
  run "$name changed, its own certificates" 1 "$T/${name}_changed_middle.efi"
  run "$name to an unrelated CA" 1 --ca "$T/ca.pem" "$img"
}

# --- our own signers
openssl req -x509 -newkey rsa:3072 -nodes -keyout "$T/ca.key" -subj "/CN=fastcrypt authenticode CA" -days 400 \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign" -out "$T/ca.pem" 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$T/other.key" -subj "/CN=other CA" -days 400 -out "$T/other.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout "$T/signer.key" -subj "/CN=fastcrypt test signer" -out "$T/signer.csr" 2>/dev/null
printf "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=codeSigning\n" >"$T/signer.ext"
openssl x509 -req -in "$T/signer.csr" -CA "$T/ca.pem" -CAkey "$T/ca.key" -set_serial 77 -days 90 -sha256 \
  -extfile "$T/signer.ext" -out "$T/signer.pem" 2>/dev/null
real shim "$SHIM" 2
real grub "$DEBIAN_SIGNED/grubx64.efi.signed" 1 oss
real linux "$DEBIAN_SIGNED/vmlinuz" 1 oss
cp "$MM" "$T/unsigned.efi"
run "unsigned image" 1 "$T/unsigned.efi"
grep -q "unsigned image" "$T/out" && fct_ok || fct_fail "unsigned image not reported"
[ "$(hash_of)" = "$(pesign_hash "$T/unsigned.efi")" ] && fct_ok || fct_fail "unsigned hash differs from pesign's"
sbsign --key "$T/signer.key" --cert "$T/signer.pem" --output "$T/sbsign.efi" "$T/unsigned.efi" 2>/dev/null
osslsigncode sign -certs "$T/signer.pem" -key "$T/signer.key" -h sha256 -in "$T/unsigned.efi" -out "$T/oss256.efi" >/dev/null
osslsigncode sign -certs "$T/signer.pem" -key "$T/signer.key" -h sha384 -in "$T/unsigned.efi" -out "$T/oss384.efi" >/dev/null
for img in sbsign oss256 oss384; do
  f=$T/$img.efi
  run "$img: to the CA" 0 --ca "$T/ca.pem" "$f"
  if [ "$img" != oss384 ]; then # pesign -h hashes with SHA-256 only
    [ "$(hash_of)" = "$(pesign_hash "$f")" ] && fct_ok || fct_fail "$img: hash $(hash_of), pesign $(pesign_hash "$f")"
  fi
  osslsigncode verify -CAfile "$T/ca.pem" -in "$f" >/dev/null 2>&1 && fct_ok || fct_fail "$img: osslsigncode refuses it"
  run "$img: its own certificates" 0 "$f"
  run "$img: signer trusted itself" 0 --ca "$T/signer.pem" "$f"
  run "$img: wrong CA" 1 --ca "$T/other.pem" "$f"
  python3 -c 'import sys; d=bytearray(open(sys.argv[1],"rb").read()); d[len(d)//2]^=1; open(sys.argv[2],"wb").write(d)' "$f" "$T/changed.efi"
  run "$img: changed byte" 1 --ca "$T/ca.pem" "$T/changed.efi"
  if osslsigncode verify -CAfile "$T/ca.pem" -in "$T/changed.efi" >/dev/null 2>&1; then
    fct_fail "$img: osslsigncode accepts the changed image"
  else fct_ok; fi
done
grep -q "image hash (sha384)" <(fct authenticode "$T/oss384.efi") && fct_ok || fct_fail "oss384: not hashed with SHA-384"

# --- malformed images
head -c 4000 "$T/sbsign.efi" >"$T/trunc.efi"
run "truncated image" 2 "$T/trunc.efi"
python3 -c 'import sys,struct; d=bytearray(open(sys.argv[1],"rb").read()); struct.pack_into("<I",d,0x3c,len(d)+16); open(sys.argv[2],"wb").write(d)' "$T/sbsign.efi" "$T/badpe.efi"
run "PE header outside the file" 2 "$T/badpe.efi"
fct_done
