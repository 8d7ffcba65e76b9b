# fastcrypt kernels [--json]: the JSON parses (python3) and is consistent
# with itself, with FASTCRYPT_IMPL / FASTCRYPT_CPU and (natively) with
# /proc/cpuinfo; the plain table names every op and kernel. Nothing here
# knows this machine's kernels. Run by ctest as cli_kernels.
source "$(dirname "$0")/lib.sh"
unset FASTCRYPT_IMPL FASTCRYPT_CPU FASTCRYPT_CALIBRATE
ops="mont sha1 sha256 sha512 aes ghash keccak keccak_x ec mldsa sha256_x"

# check LABEL JSON_FILE PYTHON: runs PYTHON with d = the parsed JSON (and
# base = the unpinned run's, once there is one); each line it prints is
# "ok" or a failure.
check() {
  local label=$1 file=$2 code=$3 line
  while IFS= read -r line; do
    if [ "$line" = ok ]; then fct_ok; else fct_fail "$label: $line"; fi
  done < <(python3 - "$file" "$FCT_TMP/base.json" <<EOF 2>&1 || echo "python failed"
import json, os, sys
OPS = "$ops".split()
def out(cond, msg):
    print("ok" if cond else msg)
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("not JSON: %s" % e); sys.exit(0)
base = json.load(open(sys.argv[2])) if os.path.exists(sys.argv[2]) else d
$code
EOF
)
}

# The automatic choice under every feature mask this host can fake
# (FASTCRYPT_CPU; +intel sets the vendor bit on any CPU): the active kernel
# is the first usable one whose avoid bits are not among the usable
# features. The unmasked run is the base for the pins below.
masks="UNSET -intel +intel none -avx512f -avx2,-avx512f -shani -shani,+intel -sha -aes -bmi2 -neon -sha,-aes"
for mask in $masks; do
  st=0
  if [ "$mask" = UNSET ]; then
    fct kernels --json >"$FCT_TMP/m.json" || st=$?
  else
    FASTCRYPT_CPU=$mask fct kernels --json >"$FCT_TMP/m.json" || st=$?
  fi
  fct_status "FASTCRYPT_CPU=$mask kernels --json" 0 "$st"
  check "FASTCRYPT_CPU=$mask kernels --json" "$FCT_TMP/m.json" '
mask = "'"$mask"'"
out(isinstance(d.get("cpu"), str) and d["cpu"] != "", "no cpu name")
probed, usable = set(d["features_probed"]), set(d["features_usable"])
if mask == "UNSET":
    out(usable <= probed, "usable features %s not all probed %s" % (usable, probed))
else:
    out(d["features_probed"] == base["features_probed"], "probed changed")
    want = set() if mask == "none" else set(base["features_probed"])
    for t in ([] if mask == "none" else mask.split(",")):
        if t == "+intel":
            want.add("intel")
        else:
            want -= {{"sha": "shani", "aes": "aesni"}.get(t[1:], t[1:])}
            if t[1:] == "sha": want -= {"sha1", "sha2", "sha512", "sha3"}
            if t[1:] == "aes": want.discard("aes")
    out(usable == want, "usable %s, expected %s" % (sorted(usable), sorted(want)))
out(sorted(d["ops"]) == sorted(OPS), "ops %s" % sorted(d["ops"]))
for op in OPS:
    o = d["ops"].get(op, {})
    ks = o.get("kernels", [])
    out(len(ks) > 0, "%s: no kernel" % op)
    act = [k["name"] for k in ks if k["active"]]
    out(len(act) == 1 and act[0] == o["active"],
        "%s: active %s, flagged %s" % (op, o.get("active"), act))
    for k in ks:
        out(k["usable"] == (set(k["needs"]) <= usable),
            "%s/%s: usable %s, needs %s of %s" % (op, k["name"], k["usable"], k["needs"], usable))
    # No pin, no calibration: the first usable kernel that the features do
    # not make the automatic choice avoid (fastcrypt.h, fc_impls).
    first = [k["name"] for k in ks if k["usable"] and not set(k["avoid"]) & usable][:1]
    out([o["active"]] == first, "%s: active %s, first usable not avoided %s" % (op, o["active"], first))
    cl = o["classes"]
    out(len(cl) == (3 if op == "mont" else 1), "%s: %d classes" % (op, len(cl)))
    out(all(c["kernel"] in [k["name"] for k in ks if k["usable"]] for c in cl),
        "%s: class kernels %s" % (op, cl))
'
  [ "$mask" = UNSET ] && cp "$FCT_TMP/m.json" "$FCT_TMP/base.json"
done
# Which kernels the automatic choice took under the vendor bit and without
# it, for the log.
for mask in -intel +intel; do
  FASTCRYPT_CPU=$mask fct kernels --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print("kernels under FASTCRYPT_CPU=%s: %s" % (sys.argv[1], ", ".join("%s=%s" % (o, v["active"]) for o, v in d["ops"].items())))' "$mask"
done

# Natively, the probe agrees with the kernel's view (/proc/cpuinfo flags:
# SIMD state the OS has not enabled is cleared there too, so AVX-family bits
# only have to be a subset).
if [ -z "${FCT_EMU:-}" ] && [ -r /proc/cpuinfo ]; then
  check 'probe vs /proc/cpuinfo' "$FCT_TMP/base.json" '
flags = set()
for line in open("/proc/cpuinfo"):
    k, _, v = line.partition(":")
    if k.strip() in ("flags", "Features"):
        flags |= set(v.split())
exact = {"sse2": "sse2", "ssse3": "ssse3", "sse4_1": "sse4.1", "bmi2": "bmi2", "adx": "adx",
         "aes": "aesni", "pclmulqdq": "pclmul", "sha_ni": "shani"}
subset = {"avx": "avx", "avx2": "avx2", "avx512f": "avx512f", "avx512vl": "avx512vl",
          "avx512bw": "avx512bw", "avx512ifma": "avx512ifma", "vaes": "vaes",
          "vpclmulqdq": "vpclmul"}
if "asimd" in flags:  # AArch64
    exact = {"asimd": "neon", "aes": "aes", "pmull": "pmull", "sha1": "sha1", "sha2": "sha2",
             "sha512": "sha512", "sha3": "sha3"}
    subset = {}
probed = set(d["features_probed"])
for f, n in exact.items():
    out((f in flags) == (n in probed), "%s: cpuinfo %s, probed %s" % (n, f in flags, n in probed))
for f, n in subset.items():
    out(n not in probed or f in flags, "%s probed, not in /proc/cpuinfo" % n)
'
fi

# FASTCRYPT_IMPL: per op, pin a usable kernel other than the automatic one
# (the automatic one when it is the only usable kernel).
for op in $ops; do
  pick=$(python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))["ops"][sys.argv[2]]
u = [k["name"] for k in o["kernels"] if k["usable"]]
print(([n for n in u if n != o["active"]] or u)[-1])' "$FCT_TMP/base.json" "$op")
  st=0
  FASTCRYPT_IMPL="$op=$pick" fct kernels --json >"$FCT_TMP/pin.json" || st=$?
  fct_status "FASTCRYPT_IMPL=$op=$pick" 0 "$st"
  check "FASTCRYPT_IMPL=$op=$pick" "$FCT_TMP/pin.json" "
op, pick = '$op', '$pick'
for o in OPS:
    want = pick if o == op else base['ops'][o]['active']
    got = d['ops'][o]['active']
    out(got == want, '%s: active %s, expected %s' % (o, got, want))
    flagged = [k['name'] for k in d['ops'][o]['kernels'] if k['active']]
    out(flagged == [want], '%s: active flags %s' % (o, flagged))
cl = d['ops'][op]['classes']
out(all(c['kernel'] == pick for c in cl), 'classes %s' % cl)
"
done

# Every op pinned at once, each to its last usable kernel.
pins=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["ops"]
last = lambda o: [k["name"] for k in o["kernels"] if k["usable"]][-1]
print(",".join("%s=%s" % (op, last(o)) for op, o in d.items()))' \
  "$FCT_TMP/base.json")
FASTCRYPT_IMPL=$pins fct kernels --json >"$FCT_TMP/pins.json"
check "FASTCRYPT_IMPL=$pins" "$FCT_TMP/pins.json" "
for p in '$pins'.split(','):
    op, name = p.split('=')
    got = d['ops'][op]['active']
    out(got == name, '%s: active %s, pinned %s' % (op, got, name))
"

# FASTCRYPT_CPU=none: nothing usable but portable kernels; the probe unchanged.
FASTCRYPT_CPU=none fct kernels --json >"$FCT_TMP/none.json"
check 'FASTCRYPT_CPU=none' "$FCT_TMP/none.json" '
out(d["features_usable"] == [], "usable features %s" % d["features_usable"])
out(d["features_probed"] == base["features_probed"], "probed changed")
for op in OPS:
    for k in d["ops"][op]["kernels"]:
        out(k["usable"] == (k["needs"] == []), "%s/%s usable %s" % (op, k["name"], k["usable"]))
    act = [k for k in d["ops"][op]["kernels"] if k["name"] == d["ops"][op]["active"]]
    out(len(act) == 1 and act[0]["needs"] == [], "%s: active %s" % (op, d["ops"][op]["active"]))
'

# The table: every op and every kernel named; the active one starred.
st=0
fct kernels >"$FCT_TMP/plain.txt" || st=$?
fct_status 'kernels' 0 "$st"
check 'kernels (plain)' "$FCT_TMP/base.json" "
text = open('$FCT_TMP/plain.txt').read()
out(d['cpu'] in text, 'no cpu name')
rows = [l.split() for l in text.splitlines()]
for op in OPS:
    out(any(r[:1] == [op] for r in rows), 'no row starts with %s' % op)
    for k in d['ops'][op]['kernels']:
        out(any(k['name'] in r[:2] for r in rows), '%s/%s not shown' % (op, k['name']))
starred = [r for r in rows if '*' in r]
out(len(starred) == len(OPS), '%d starred rows' % len(starred))
"

st=0
fct kernels --bogus >/dev/null 2>"$FCT_TMP/err" || st=$?
fct_status 'kernels --bogus' 2 "$st"
if [ -s "$FCT_TMP/err" ]; then fct_ok; else fct_fail 'kernels --bogus: no message'; fi
fct_done
