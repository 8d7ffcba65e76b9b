// Generates tests/vectors/mldsa/pki/: ML-DSA (FIPS 204) inside X.509 certificates
// (RFC 9881) and inside CMS SignedData (RFC 9882), signed with @noble/post-quantum,
// independent of fastcrypt's own code. Every DER byte is encoded here by hand.
// Run it through tools/gen-mldsa-pki.sh, which installs the pinned packages:
//   node tools/gen_mldsa_pki.mjs OUTDIR
// with FC_NOBLE_PREFIX set to the `npm install --prefix` directory, and
// FC_NOBLE_PQ_VERSION / FC_NOBLE_HASHES_VERSION set to the versions expected there.
//
// Deterministic: every random byte (key seeds, content) comes from
// SHAKE256(SEED || uint32_be(counter), n) with counter = 0, 1, 2, ...; every signature
// uses FIPS 204's deterministic variant (rnd = 32 zero bytes, noble's
// `extraEntropy: false`). Math.random and the clock are never used.
//
// RFC 9881 (certificates): signatureAlgorithm (outer and TBS) and the SPKI algorithm
// are id-ml-dsa-44 / -65 / -87 = 2.16.840.1.101.3.4.3.17 / .18 / .19 with the
// parameters ABSENT; the SPKI BIT STRING holds the raw FIPS 204 public key (no OCTET
// STRING around it); the signature is pure ML-DSA.Sign with the empty context over
// the DER TBSCertificate, placed raw in the signatureValue BIT STRING.
// RFC 9882 (CMS): SignerInfo signatureAlgorithm id-ml-dsa-*, parameters absent;
// digestAlgorithm id-sha512 (2.16.840.1.101.3.4.2.3), parameters absent; with signed
// attributes (contentType, messageDigest = SHA-512(content)) pure ML-DSA with the
// empty context over the DER of the SignedAttributes with the SET OF tag (0x31)
// instead of [0] IMPLICIT (0xA0); without them pure ML-DSA over the content itself.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const prefix = process.env.FC_NOBLE_PREFIX;
const outDir = process.argv[2];
if (!prefix || !outDir) {
  console.error('usage: FC_NOBLE_PREFIX=DIR node tools/gen_mldsa_pki.mjs OUTDIR');
  process.exit(2);
}
const nm = join(prefix, 'node_modules', '@noble');
const load = (pkg, file) => import(pathToFileURL(join(nm, pkg, file)).href);
const version = (pkg) => JSON.parse(readFileSync(join(nm, pkg, 'package.json'), 'utf8')).version;
const pqVersion = version('post-quantum');
const hashesVersion = version('hashes');
for (const [got, want, name] of [
  [pqVersion, process.env.FC_NOBLE_PQ_VERSION, '@noble/post-quantum'],
  [hashesVersion, process.env.FC_NOBLE_HASHES_VERSION, '@noble/hashes'],
]) {
  if (want && got !== want) throw new Error(`${name}: installed ${got}, expected ${want}`);
}
const pqDeps = JSON.parse(readFileSync(join(nm, 'post-quantum', 'package.json'), 'utf8')).dependencies;
if (pqDeps['@noble/hashes'] !== hashesVersion)
  throw new Error(`@noble/post-quantum wants @noble/hashes ${pqDeps['@noble/hashes']}, have ${hashesVersion}`);

const { ml_dsa44, ml_dsa65, ml_dsa87 } = await load('post-quantum', 'ml-dsa.js');
const { sha256, sha512 } = await load('hashes', 'sha2.js');
const { shake256 } = await load('hashes', 'sha3.js');
const { concatBytes, utf8ToBytes } = await load('hashes', 'utils.js');

// ---- deterministic byte stream --------------------------------------------------------
const SEED = utf8ToBytes('fastcrypt gen_mldsa_pki.mjs v1');
let counter = 0;
function rand(n) {
  const c = new Uint8Array([counter >>> 24, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff]);
  counter++;
  return shake256(concatBytes(SEED, c), { dkLen: n });
}
const eq = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
function assert(cond, msg) {
  if (!cond) throw new Error('check failed: ' + msg);
}

// ---- DER helpers ------------------------------------------------------------------------
function derLen(n) {
  if (n < 0x80) return [n];
  if (n < 0x100) return [0x81, n];
  if (n < 0x10000) return [0x82, n >> 8, n & 0xff];
  if (n < 0x1000000) return [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  throw new Error('DER length too large');
}
const tlv = (tag, ...body) => {
  const b = concatBytes(...body);
  return concatBytes(Uint8Array.from([tag, ...derLen(b.length)]), b);
};
const seq = (...parts) => tlv(0x30, ...parts);
// DER SET OF (X.690 11.6): the elements' encodings in ascending order, compared as
// octet strings (a shorter one padded with trailing zero octets).
function cmpDer(a, b) {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = i < a.length ? a[i] : 0;
    const y = i < b.length ? b[i] : 0;
    if (x !== y) return x - y;
  }
  return 0;
}
const setOf = (tag, elems) => tlv(tag, ...[...elems].sort(cmpDer));
// INTEGER from a non-negative JS integer (minimal two's complement).
function int(v) {
  assert(Number.isSafeInteger(v) && v >= 0, 'INTEGER value');
  const b = [];
  do {
    b.unshift(v % 256);
    v = Math.floor(v / 256);
  } while (v > 0);
  if (b[0] & 0x80) b.unshift(0);
  return tlv(0x02, Uint8Array.from(b));
}
// OBJECT IDENTIFIER from dotted text.
function oid(text) {
  const arcs = text.split('.').map((s) => {
    assert(/^(0|[1-9][0-9]*)$/.test(s), `OID arc ${s}`);
    return BigInt(s);
  });
  assert(arcs.length >= 2 && arcs[0] <= 2n && (arcs[0] === 2n || arcs[1] < 40n), `OID ${text}`);
  const out = [];
  const push = (v) => {
    const g = [Number(v & 0x7fn)];
    for (v >>= 7n; v > 0n; v >>= 7n) g.unshift(Number(v & 0x7fn) | 0x80);
    out.push(...g);
  };
  push(arcs[0] * 40n + arcs[1]);
  for (const a of arcs.slice(2)) push(a);
  return tlv(0x06, Uint8Array.from(out));
}
const bool = (v) => Uint8Array.of(0x01, 0x01, v ? 0xff : 0x00);
const octets = (b) => tlv(0x04, b);
const bits = (b) => tlv(0x03, Uint8Array.of(0), b); // BIT STRING, 0 unused bits
const utf8 = (s) => tlv(0x0c, utf8ToBytes(s));
const explicit = (n, ...body) => tlv(0xa0 | n, ...body);
// Time (RFC 5280 4.1.2.5): UTCTime YYMMDDHHMMSSZ through 2049, GeneralizedTime
// YYYYMMDDHHMMSSZ from 2050; arguments are UTC.
function time(y, mo, d, h = 0, mi = 0, s = 0) {
  const p2 = (v) => String(v).padStart(2, '0');
  const rest = p2(mo) + p2(d) + p2(h) + p2(mi) + p2(s) + 'Z';
  if (y >= 1950 && y <= 2049) return tlv(0x17, utf8ToBytes(p2(y % 100) + rest));
  return tlv(0x18, utf8ToBytes(String(y).padStart(4, '0') + rest));
}
// Name with one RDN holding one commonName (UTF8String).
const name = (cn) => seq(tlv(0x31, seq(oid('2.5.4.3'), utf8(cn))));
// AlgorithmIdentifier with the parameters absent.
const algId = (dotted) => seq(oid(dotted));
// Named bits (RFC 5280 keyUsage: bit n is the 2^(7 - n % 8) bit of octet n / 8) as a
// DER BIT STRING: trailing zero bits dropped, the unused-bits count set accordingly.
function namedBits(list) {
  if (list.length === 0) return Uint8Array.of(0x03, 0x01, 0x00);
  const top = Math.max(...list);
  const b = new Uint8Array((top >> 3) + 1);
  for (const n of list) b[n >> 3] |= 0x80 >> (n & 7);
  return tlv(0x03, Uint8Array.of(7 - (top & 7)), b);
}

// ---- OIDs -------------------------------------------------------------------------------
const ID_ML_DSA = { 44: '2.16.840.1.101.3.4.3.17', 65: '2.16.840.1.101.3.4.3.18', 87: '2.16.840.1.101.3.4.3.19' };
const ID_SHA512 = '2.16.840.1.101.3.4.2.3';
const ID_DATA = '1.2.840.113549.1.7.1';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const ID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
const ID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const ID_CE_BASIC_CONSTRAINTS = '2.5.29.19';
const ID_CE_KEY_USAGE = '2.5.29.15';
const ID_CE_SKI = '2.5.29.14';
const ID_CE_AKI = '2.5.29.35';
// Self-checks of the encoders against known encodings.
assert(eq(oid(ID_ML_DSA[44]), Uint8Array.from([6, 9, 0x60, 0x86, 0x48, 1, 0x65, 3, 4, 3, 0x11])), 'OID ml-dsa-44');
assert(eq(oid(ID_SHA512), Uint8Array.from([6, 9, 0x60, 0x86, 0x48, 1, 0x65, 3, 4, 2, 3])), 'OID sha512');
assert(eq(oid(ID_SIGNED_DATA), Uint8Array.from([6, 9, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 1, 7, 2])), 'OID signedData');
assert(eq(oid('2.5.29.35'), Uint8Array.from([6, 3, 0x55, 0x1d, 0x23])), 'OID aki');
assert(eq(int(0), Uint8Array.of(2, 1, 0)) && eq(int(128), Uint8Array.of(2, 2, 0, 0x80)), 'INTEGER');
assert(eq(time(2025, 1, 1), utf8ToBytes('\x17\x0d250101000000Z')), 'UTCTime');
assert(eq(time(2050, 1, 1), utf8ToBytes('\x18\x0f20500101000000Z')), 'GeneralizedTime');
assert(eq(namedBits([5, 6]), Uint8Array.of(3, 2, 1, 0x06)), 'keyUsage keyCertSign|cRLSign');
assert(eq(namedBits([0]), Uint8Array.of(3, 2, 7, 0x80)), 'keyUsage digitalSignature');
assert(eq(tlv(4, new Uint8Array(200)).subarray(0, 3), Uint8Array.of(4, 0x81, 200)), 'long length');

// ---- keys -------------------------------------------------------------------------------
const DSA = { 44: ml_dsa44, 65: ml_dsa65, 87: ml_dsa87 };
const PK_LEN = { 44: 1312, 65: 1952, 87: 2592 };
const SIG_LEN = { 44: 2420, 65: 3309, 87: 4627 };
const DET = { extraEntropy: false }; // FIPS 204 deterministic variant: rnd = {0}^32
function keyPair(param) {
  const seed = rand(32);
  const kp = DSA[param].keygen(seed.slice());
  assert(eq(DSA[param].keygen(seed.slice()).publicKey, kp.publicKey), 'keygen determinism');
  assert(kp.publicKey.length === PK_LEN[param], `pk length ${param}`);
  return { param, pk: kp.publicKey, sk: kp.secretKey };
}
// Pure ML-DSA, empty context; checked with noble's verify, for determinism, and
// against the hand-built M' = 0x00 || 0x00 (context length) || msg through noble's
// internal (FIPS 204 Algorithm 7) signer.
function sign(key, msg) {
  const dsa = DSA[key.param];
  const sig = dsa.sign(msg, key.sk, DET);
  assert(sig.length === SIG_LEN[key.param], 'signature length');
  assert(eq(sig, dsa.sign(msg, key.sk, DET)), 'deterministic sign');
  assert(eq(sig, dsa.internal.sign(concatBytes(Uint8Array.of(0, 0), msg), key.sk, DET)), "pure M' construction");
  assert(dsa.verify(sig, msg, key.pk), 'noble verifies its signature');
  return sig;
}
const verifies = (param, sig, msg, pk) => {
  try {
    return DSA[param].verify(sig, msg, pk);
  } catch {
    return false;
  }
};
const withByteChanged = (b, i) => {
  const c = b.slice();
  c[i] ^= 0x01;
  return c;
};

const root = keyPair(87);
const inter = keyPair(65);
const leaf = keyPair(44);
const leaf87 = keyPair(87);
const content = rand(300);

// ---- certificates (RFC 5280 4.1, RFC 9881) -----------------------------------------------
const spki = (key) => seq(algId(ID_ML_DSA[key.param]), bits(key.pk));
// Key identifier: RFC 7093 section 2 method 1, the leftmost 160 bits of the SHA-256 of
// the subjectPublicKey BIT STRING's value (the raw key).
const keyId = (key) => sha256(key.pk).slice(0, 20);
const ext = (id, critical, value) => seq(oid(id), critical ? bool(true) : new Uint8Array(0), octets(value));

// One certificate: `sigParam` names the algorithm written in both signatureAlgorithm
// fields; `signer` is the key that signs the TBS (normally of that parameter set).
function certificate({ serial, issuerCn, subjectCn, notBefore, notAfter, subject, issuer, ca, pathLen, sigParam, signer }) {
  const exts = [
    ext(ID_CE_BASIC_CONSTRAINTS, true, ca ? seq(bool(true), pathLen === undefined ? new Uint8Array(0) : int(pathLen)) : seq()),
    ext(ID_CE_KEY_USAGE, true, ca ? namedBits([5, 6]) : namedBits([0])),
    ext(ID_CE_SKI, false, octets(keyId(subject))),
  ];
  if (issuer !== subject) exts.push(ext(ID_CE_AKI, false, seq(tlv(0x80, keyId(issuer)))));
  const tbs = seq(
    explicit(0, int(2)), // v3
    int(serial),
    algId(ID_ML_DSA[sigParam]),
    name(issuerCn),
    seq(notBefore, notAfter),
    name(subjectCn),
    spki(subject),
    explicit(3, seq(...exts))
  );
  const sig = sign(signer, tbs);
  const der = seq(tbs, algId(ID_ML_DSA[sigParam]), bits(sig));
  return { der, tbs, sig, serial, subjectCn };
}

const ROOT_CN = 'fastcrypt ML-DSA-87 Root CA';
const INTER_CN = 'fastcrypt ML-DSA-65 Intermediate CA';
const rootCert = certificate({
  serial: 1, issuerCn: ROOT_CN, subjectCn: ROOT_CN,
  notBefore: time(2025, 1, 1), notAfter: time(2045, 1, 1),
  subject: root, issuer: root, ca: true, sigParam: 87, signer: root,
});
const interCert = certificate({
  serial: 2, issuerCn: ROOT_CN, subjectCn: INTER_CN,
  notBefore: time(2025, 1, 1), notAfter: time(2040, 1, 1),
  subject: inter, issuer: root, ca: true, pathLen: 0, sigParam: 87, signer: root,
});
const leafCert = certificate({
  serial: 3, issuerCn: INTER_CN, subjectCn: 'fastcrypt ML-DSA-44 Leaf',
  notBefore: time(2025, 1, 1), notAfter: time(2030, 1, 1),
  subject: leaf, issuer: inter, ca: false, sigParam: 65, signer: inter,
});
// Signed by root87's ML-DSA-87 key, but both signatureAlgorithm fields say
// id-ml-dsa-65: the signature is a valid ML-DSA-87 one, the algorithm does not match
// the issuer's key, so a verifier must refuse it.
const leaf87Cert = certificate({
  serial: 4, issuerCn: ROOT_CN, subjectCn: 'fastcrypt ML-DSA-87 Leaf (signature algorithm mismatch)',
  notBefore: time(2025, 1, 1), notAfter: time(2030, 1, 1),
  subject: leaf87, issuer: root, ca: false, sigParam: 65, signer: root,
});
assert(verifies(87, leaf87Cert.sig, leaf87Cert.tbs, root.pk), 'leaf87: valid as ML-DSA-87');
assert(!verifies(65, leaf87Cert.sig, leaf87Cert.tbs, inter.pk), 'leaf87: not an ML-DSA-65 signature');

// The signature is the last bytes of the DER (BIT STRING content at the end): flip a
// bit of its middle byte.
function badCert(cert) {
  const i = cert.der.length - cert.sig.length + (cert.sig.length >> 1);
  const der = withByteChanged(cert.der, i);
  assert(eq(der.subarray(0, cert.der.length - cert.sig.length), cert.der.subarray(0, cert.der.length - cert.sig.length)), 'bad cert prefix');
  return { der, sigOffset: i };
}
const leafBad = badCert(leafCert);
const badSig = leafBad.der.subarray(leafBad.der.length - leafCert.sig.length);
assert(!verifies(44, badSig, leafCert.tbs, inter.pk) && !verifies(65, badSig, leafCert.tbs, inter.pk), 'leaf44_bad refused');
assert(verifies(87, rootCert.sig, rootCert.tbs, root.pk), 'root self-signature');
assert(verifies(87, interCert.sig, interCert.tbs, root.pk), 'inter by root');
assert(verifies(65, leafCert.sig, leafCert.tbs, inter.pk), 'leaf by inter');
assert(!verifies(65, leafCert.sig, withByteChanged(leafCert.tbs, 20), inter.pk), 'changed TBS refused');

// ---- CMS SignedData (RFC 5652, RFC 9882) ------------------------------------------------
const otherContent = withByteChanged(content, content.length - 1); // last byte ^ 0x01
function signedData({ attrsDigestOf, withAttrs, corrupt }) {
  let signedAttrs = null; // [0] IMPLICIT SET OF Attribute, as it sits in SignerInfo
  let toSign;
  if (withAttrs) {
    const attrs = [
      seq(oid(ID_CONTENT_TYPE), tlv(0x31, oid(ID_DATA))),
      seq(oid(ID_MESSAGE_DIGEST), tlv(0x31, octets(sha512(attrsDigestOf)))),
    ];
    const asSet = setOf(0x31, attrs); // what is signed: tag 0x31 (RFC 5652 5.4)
    signedAttrs = concatBytes(Uint8Array.of(0xa0), asSet.subarray(1)); // same bytes, tag [0]
    toSign = asSet;
  } else {
    toSign = content; // no signed attributes: the content itself (RFC 9882)
  }
  let sig = sign(leaf, toSign);
  if (corrupt) {
    sig = withByteChanged(sig, sig.length >> 1);
    assert(!verifies(44, sig, toSign, leaf.pk), 'corrupted CMS signature refused');
  }
  const signerInfo = seq(
    int(1), // version 1: sid is issuerAndSerialNumber
    seq(name(INTER_CN), int(leafCert.serial)), // IssuerAndSerialNumber of leaf44
    algId(ID_SHA512), // digestAlgorithm
    signedAttrs ?? new Uint8Array(0),
    algId(ID_ML_DSA[44]), // signatureAlgorithm
    octets(sig)
  );
  const sd = seq(
    int(1), // version 1: id-data, no attribute certificates, every SignerInfo v1
    setOf(0x31, [algId(ID_SHA512)]), // digestAlgorithms
    seq(oid(ID_DATA)), // encapContentInfo, no eContent: detached
    setOf(0xa0, [leafCert.der, interCert.der]), // certificates [0] IMPLICIT SET OF
    setOf(0x31, [signerInfo])
  );
  return { der: seq(oid(ID_SIGNED_DATA), explicit(0, sd)), toSign, sig };
}
const cmsAttrs = signedData({ attrsDigestOf: content, withAttrs: true });
const cmsNoAttrs = signedData({ withAttrs: false });
const cmsAttrsBad = signedData({ attrsDigestOf: content, withAttrs: true, corrupt: true });
const cmsWrongDigest = signedData({ attrsDigestOf: otherContent, withAttrs: true });
// cms_attrs_bad is cms_attrs with one byte of the signature changed, nothing else.
{
  const a = cmsAttrs.der, b = cmsAttrsBad.der;
  assert(a.length === b.length, 'cms_attrs_bad length');
  const diff = [...a.keys()].filter((i) => a[i] !== b[i]);
  assert(diff.length === 1, 'cms_attrs_bad differs in one byte');
}
assert(!eq(sha512(content), sha512(otherContent)), 'other content differs');
assert(verifies(44, cmsWrongDigest.sig, cmsWrongDigest.toSign, leaf.pk), 'cms_wrongdigest signature valid');
assert(eq(cmsNoAttrs.toSign, content) && verifies(44, cmsNoAttrs.sig, content, leaf.pk), 'cms_noattrs over content');
// The leaf and the intermediate in ascending DER order, as the brief lists them.
assert(cmpDer(leafCert.der, interCert.der) < 0, 'certificates order');

// ---- output -----------------------------------------------------------------------------
mkdirSync(outDir, { recursive: true });
const files = {
  'root87.der': rootCert.der,
  'inter65.der': interCert.der,
  'leaf44.der': leafCert.der,
  'leaf44_bad.der': leafBad.der,
  'leaf87_selfsig.der': leaf87Cert.der,
  'content.bin': content,
  'cms_attrs.der': cmsAttrs.der,
  'cms_noattrs.der': cmsNoAttrs.der,
  'cms_attrs_bad.der': cmsAttrsBad.der,
  'cms_wrongdigest.der': cmsWrongDigest.der,
};
for (const [f, b] of Object.entries(files)) writeFileSync(join(outDir, f), b);
console.error(
  `@noble/post-quantum ${pqVersion}, @noble/hashes ${hashesVersion}: wrote ` +
    Object.entries(files).map(([f, b]) => `${f} (${b.length})`).join(', ') +
    `; leaf44_bad changes byte ${leafBad.sigOffset}`
);
