// Generates tests/vectors/slhdsa_pki/: SLH-DSA (FIPS 205) inside X.509 certificates
// (RFC 9909) and inside CMS SignedData (RFC 9814), signed with @noble/post-quantum,
// independent of fastcrypt's own code. Every DER byte is encoded here by hand (the
// DER helpers are tools/gen_mldsa_pki.mjs's). Run it through
// tools/gen-slhdsa-pki.sh, which installs the pinned packages:
//   node tools/gen_slhdsa_pki.mjs OUTDIR
// with FC_NOBLE_PREFIX set to the `npm install --prefix` directory, and
// FC_NOBLE_PQ_VERSION / FC_NOBLE_HASHES_VERSION set to the versions expected there.
//
// Deterministic: every random byte (key seeds, content) comes from
// SHAKE256(SEED || uint32_be(counter), n) with counter = 0, 1, 2, ...; every signature
// uses FIPS 205's deterministic variant (opt_rand = PK.seed, noble's
// `extraEntropy: false`). Math.random and the clock are never used.
//
// RFC 9909 (certificates): signatureAlgorithm (outer and TBS) and the SPKI algorithm
// are id-slh-dsa-* = 2.16.840.1.101.3.4.3.20 (sha2-128s) .. .31 (shake-256f) with the
// parameters ABSENT; the SPKI BIT STRING holds the raw FIPS 205 public key PK.seed ||
// PK.root; the signature is pure SLH-DSA (FIPS 205 Algorithm 22, empty context) over
// the DER TBSCertificate, raw in the signatureValue BIT STRING.
// RFC 9814 (CMS): SignerInfo signatureAlgorithm id-slh-dsa-*, parameters absent;
// digestAlgorithm (section 4) SHA-256 for the SHA2 128-bit sets, SHAKE128 (id-shake128,
// 256-bit output, RFC 8702) for the SHAKE 128-bit sets, parameters absent; with signed
// attributes (contentType, messageDigest = that digest of the content) pure SLH-DSA
// with the empty context over the DER of the SignedAttributes with the SET OF tag
// (0x31) instead of [0] IMPLICIT (0xA0); without them pure SLH-DSA over the content.
//
// The sets are chosen for the smallest signatures that noble signs quickly:
// SLH-DSA-SHA2-128s (7,856 bytes, about 4 s per signature) and SLH-DSA-SHAKE-128f
// (17,088 bytes, under 2 s). SLH-DSA-SHAKE-128s would be as small but takes noble
// about 40 s per signature.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const prefix = process.env.FC_NOBLE_PREFIX;
const outDir = process.argv[2];
if (!prefix || !outDir) {
  console.error('usage: FC_NOBLE_PREFIX=DIR node tools/gen_slhdsa_pki.mjs OUTDIR');
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

const { slh_dsa_sha2_128s, slh_dsa_shake_128f } = await load('post-quantum', 'slh-dsa.js');
const { sha224, sha256, sha512 } = await load('hashes', 'sha2.js');
const { shake128, shake256 } = await load('hashes', 'sha3.js');
const { concatBytes, utf8ToBytes } = await load('hashes', 'utils.js');

// ---- deterministic byte stream --------------------------------------------------------
const SEED = utf8ToBytes('fastcrypt gen_slhdsa_pki.mjs v1');
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
// FIPS 205 sets by name: noble's object, the OID's last arc (RFC 9909 section 3), n.
const SETS = {
  'sha2-128s': { dsa: slh_dsa_sha2_128s, arc: 20, pk: 32, sig: 7856 },
  'shake-128s': { arc: 26 }, // only named (the mismatch certificate), never signed with
  'shake-128f': { dsa: slh_dsa_shake_128f, arc: 27, pk: 32, sig: 17088 },
};
const idSlhDsa = (set) => `2.16.840.1.101.3.4.3.${SETS[set].arc}`;
const ID_SHA224 = '2.16.840.1.101.3.4.2.4';
const ID_SHA256 = '2.16.840.1.101.3.4.2.1';
const ID_SHA512 = '2.16.840.1.101.3.4.2.3';
const ID_SHAKE128 = '2.16.840.1.101.3.4.2.11';
const ID_DATA = '1.2.840.113549.1.7.1';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const ID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
const ID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const ID_CE_BASIC_CONSTRAINTS = '2.5.29.19';
const ID_CE_KEY_USAGE = '2.5.29.15';
const ID_CE_SKI = '2.5.29.14';
const ID_CE_AKI = '2.5.29.35';
// digestAlgorithm name -> [OID, digest function] (SHAKE128 with 256-bit output: RFC 8702)
const DIGESTS = {
  sha224: [ID_SHA224, (m) => sha224(m)],
  sha256: [ID_SHA256, (m) => sha256(m)],
  sha512: [ID_SHA512, (m) => sha512(m)],
  shake128: [ID_SHAKE128, (m) => shake128(m, { dkLen: 32 })],
};
// Self-checks of the encoders against known encodings.
assert(eq(oid(idSlhDsa('sha2-128s')), Uint8Array.from([6, 9, 0x60, 0x86, 0x48, 1, 0x65, 3, 4, 3, 0x14])), 'OID slh-dsa-sha2-128s');
assert(eq(oid(idSlhDsa('shake-128f')), Uint8Array.from([6, 9, 0x60, 0x86, 0x48, 1, 0x65, 3, 4, 3, 0x1b])), 'OID slh-dsa-shake-128f');
assert(eq(oid(ID_SHAKE128), Uint8Array.from([6, 9, 0x60, 0x86, 0x48, 1, 0x65, 3, 4, 2, 0x0b])), 'OID shake128');
assert(eq(oid(ID_SIGNED_DATA), Uint8Array.from([6, 9, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 1, 7, 2])), 'OID signedData');
assert(eq(int(0), Uint8Array.of(2, 1, 0)) && eq(int(128), Uint8Array.of(2, 2, 0, 0x80)), 'INTEGER');
assert(eq(time(2025, 1, 1), utf8ToBytes('\x17\x0d250101000000Z')), 'UTCTime');
assert(eq(namedBits([5, 6]), Uint8Array.of(3, 2, 1, 0x06)), 'keyUsage keyCertSign|cRLSign');
assert(eq(namedBits([0]), Uint8Array.of(3, 2, 7, 0x80)), 'keyUsage digitalSignature');
assert(eq(tlv(4, new Uint8Array(20000)).subarray(0, 4), Uint8Array.of(4, 0x82, 0x4e, 0x20)), 'long length');
// SHAKE128 of the empty string, 256 bits (FIPS 202 / NIST example values)
assert(eq(shake128(new Uint8Array(0), { dkLen: 32 }).subarray(0, 4), Uint8Array.of(0x7f, 0x9c, 0x2b, 0xa4)), 'SHAKE128("")');

// ---- keys -------------------------------------------------------------------------------
const DET = { extraEntropy: false }; // FIPS 205 deterministic variant: opt_rand = PK.seed
function keyPair(set) {
  const s = SETS[set];
  const seed = rand(3 * (s.pk / 2)); // SK.seed || SK.prf || PK.seed
  const kp = s.dsa.keygen(seed.slice());
  assert(kp.publicKey.length === s.pk, `pk length ${set}`);
  return { set, pk: kp.publicKey, sk: kp.secretKey };
}
// Pure SLH-DSA, empty context: checked with noble's verify, and against the hand-built
// M' = 0x00 || 0x00 (context length) || msg through noble's internal (FIPS 205
// Algorithm 20) verifier.
function sign(key, msg) {
  const dsa = SETS[key.set].dsa;
  const sig = dsa.sign(msg, key.sk, DET);
  assert(sig.length === SETS[key.set].sig, 'signature length');
  assert(dsa.verify(sig, msg, key.pk), 'noble verifies its signature');
  assert(dsa.internal.verify(sig, concatBytes(Uint8Array.of(0, 0), msg), key.pk), "pure M' construction");
  return sig;
}
const verifies = (set, sig, msg, pk) => {
  try {
    return SETS[set].dsa.verify(sig, msg, pk);
  } catch {
    return false;
  }
};
const withByteChanged = (b, i) => {
  const c = b.slice();
  c[i] ^= 0x01;
  return c;
};

const root = keyPair('sha2-128s');
const inter = keyPair('shake-128f');
const leaf = keyPair('sha2-128s');
const content = rand(300);

// ---- certificates (RFC 5280 4.1, RFC 9909) -----------------------------------------------
const spki = (key) => seq(algId(idSlhDsa(key.set)), bits(key.pk));
// Key identifier: RFC 7093 section 2 method 1, the leftmost 160 bits of the SHA-256 of
// the subjectPublicKey BIT STRING's value (the raw key).
const keyId = (key) => sha256(key.pk).slice(0, 20);
const ext = (id, critical, value) => seq(oid(id), critical ? bool(true) : new Uint8Array(0), octets(value));

// One certificate: `sigSet` names the algorithm written in both signatureAlgorithm
// fields; `signer` is the key that signs the TBS (normally of that set).
function certificate({ serial, issuerCn, subjectCn, notBefore, notAfter, subject, issuer, ca, pathLen, sigSet, signer }) {
  const exts = [
    ext(ID_CE_BASIC_CONSTRAINTS, true, ca ? seq(bool(true), pathLen === undefined ? new Uint8Array(0) : int(pathLen)) : seq()),
    ext(ID_CE_KEY_USAGE, true, ca ? namedBits([0, 5, 6]) : namedBits([0])),
    ext(ID_CE_SKI, false, octets(keyId(subject))),
  ];
  if (issuer !== subject) exts.push(ext(ID_CE_AKI, false, seq(tlv(0x80, keyId(issuer)))));
  const tbs = seq(
    explicit(0, int(2)), // v3
    int(serial),
    algId(idSlhDsa(sigSet)),
    name(issuerCn),
    seq(notBefore, notAfter),
    name(subjectCn),
    spki(subject),
    explicit(3, seq(...exts))
  );
  const sig = sign(signer, tbs);
  const der = seq(tbs, algId(idSlhDsa(sigSet)), bits(sig));
  return { der, tbs, sig, serial, subjectCn };
}

const ROOT_CN = 'fastcrypt SLH-DSA-SHA2-128s Root CA';
const INTER_CN = 'fastcrypt SLH-DSA-SHAKE-128f Intermediate CA';
const rootCert = certificate({
  serial: 1, issuerCn: ROOT_CN, subjectCn: ROOT_CN,
  notBefore: time(2025, 1, 1), notAfter: time(2045, 1, 1),
  subject: root, issuer: root, ca: true, sigSet: 'sha2-128s', signer: root,
});
const interCert = certificate({
  serial: 2, issuerCn: ROOT_CN, subjectCn: INTER_CN,
  notBefore: time(2025, 1, 1), notAfter: time(2040, 1, 1),
  subject: inter, issuer: root, ca: true, pathLen: 0, sigSet: 'sha2-128s', signer: root,
});
const leafCert = certificate({
  serial: 3, issuerCn: INTER_CN, subjectCn: 'fastcrypt SLH-DSA-SHA2-128s Leaf',
  notBefore: time(2025, 1, 1), notAfter: time(2030, 1, 1),
  subject: leaf, issuer: inter, ca: false, sigSet: 'shake-128f', signer: inter,
});
// Signed by root's SLH-DSA-SHA2-128s key, but both signatureAlgorithm fields say
// id-slh-dsa-shake-128s, a set with the same signature length: the signature is a
// valid SHA2-128s one, the algorithm does not match the issuer's key, so a verifier
// must refuse it.
const mismatchCert = certificate({
  serial: 4, issuerCn: ROOT_CN, subjectCn: 'fastcrypt SLH-DSA Leaf (signature algorithm mismatch)',
  notBefore: time(2025, 1, 1), notAfter: time(2030, 1, 1),
  subject: leaf, issuer: root, ca: false, sigSet: 'shake-128s', signer: root,
});
assert(verifies('sha2-128s', mismatchCert.sig, mismatchCert.tbs, root.pk), 'mismatch: valid as SHA2-128s');

// The signature is the last bytes of the DER (BIT STRING content at the end): flip a
// bit of its middle byte.
function badCert(cert) {
  const i = cert.der.length - cert.sig.length + (cert.sig.length >> 1);
  const der = withByteChanged(cert.der, i);
  const head = cert.der.length - cert.sig.length;
  assert(eq(der.subarray(0, head), cert.der.subarray(0, head)), 'bad cert prefix');
  return { der, sigOffset: i };
}
const leafBad = badCert(leafCert);
const badSig = leafBad.der.subarray(leafBad.der.length - leafCert.sig.length);
assert(!verifies('shake-128f', badSig, leafCert.tbs, inter.pk), 'leaf_bad refused');
assert(verifies('sha2-128s', rootCert.sig, rootCert.tbs, root.pk), 'root self-signature');
assert(verifies('sha2-128s', interCert.sig, interCert.tbs, root.pk), 'inter by root');
assert(verifies('shake-128f', leafCert.sig, leafCert.tbs, inter.pk), 'leaf by inter');
assert(!verifies('shake-128f', leafCert.sig, withByteChanged(leafCert.tbs, 20), inter.pk), 'changed TBS refused');

// ---- CMS SignedData (RFC 5652, RFC 9814) ------------------------------------------------
const otherContent = withByteChanged(content, content.length - 1); // last byte ^ 0x01
// signer: { key, cert, issuerCn }; digest: a DIGESTS name.
function signedData({ signer, digest, attrsDigestOf, withAttrs, corrupt, certs }) {
  const [digestOid, digestFn] = DIGESTS[digest];
  let signedAttrs = null; // [0] IMPLICIT SET OF Attribute, as it sits in SignerInfo
  let toSign;
  if (withAttrs) {
    const attrs = [
      seq(oid(ID_CONTENT_TYPE), tlv(0x31, oid(ID_DATA))),
      seq(oid(ID_MESSAGE_DIGEST), tlv(0x31, octets(digestFn(attrsDigestOf)))),
    ];
    const asSet = setOf(0x31, attrs); // what is signed: tag 0x31 (RFC 5652 5.4)
    signedAttrs = concatBytes(Uint8Array.of(0xa0), asSet.subarray(1)); // same bytes, tag [0]
    toSign = asSet;
  } else {
    toSign = content; // no signed attributes: the content itself (RFC 9814 section 4)
  }
  let sig = sign(signer.key, toSign);
  if (corrupt) {
    sig = withByteChanged(sig, sig.length >> 1);
    assert(!verifies(signer.key.set, sig, toSign, signer.key.pk), 'corrupted CMS signature refused');
  }
  const signerInfo = seq(
    int(1), // version 1: sid is issuerAndSerialNumber
    seq(name(signer.issuerCn), int(signer.cert.serial)),
    algId(digestOid), // digestAlgorithm, parameters absent
    signedAttrs ?? new Uint8Array(0),
    algId(idSlhDsa(signer.key.set)), // signatureAlgorithm
    octets(sig)
  );
  const sd = seq(
    int(1), // version 1: id-data, no attribute certificates, every SignerInfo v1
    setOf(0x31, [algId(digestOid)]), // digestAlgorithms
    seq(oid(ID_DATA)), // encapContentInfo, no eContent: detached
    setOf(0xa0, certs), // certificates [0] IMPLICIT SET OF
    setOf(0x31, [signerInfo])
  );
  return { der: seq(oid(ID_SIGNED_DATA), explicit(0, sd)), toSign, sig };
}
const byLeaf = { key: leaf, cert: leafCert, issuerCn: INTER_CN };
const byInter = { key: inter, cert: interCert, issuerCn: ROOT_CN };
const chain = [leafCert.der, interCert.der];
const cmsAttrs = signedData({ signer: byLeaf, digest: 'sha256', attrsDigestOf: content, withAttrs: true, certs: chain });
const cmsNoAttrs = signedData({ signer: byLeaf, digest: 'sha256', withAttrs: false, certs: chain });
const cmsAttrsBad = signedData({ signer: byLeaf, digest: 'sha256', attrsDigestOf: content, withAttrs: true, corrupt: true, certs: chain });
const cmsWrongDigest = signedData({ signer: byLeaf, digest: 'sha256', attrsDigestOf: otherContent, withAttrs: true, certs: chain });
const cmsSha512 = signedData({ signer: byLeaf, digest: 'sha512', attrsDigestOf: content, withAttrs: true, certs: chain });
const cmsSha224 = signedData({ signer: byLeaf, digest: 'sha224', attrsDigestOf: content, withAttrs: true, certs: chain });
const cmsShake = signedData({ signer: byInter, digest: 'shake128', attrsDigestOf: content, withAttrs: true, certs: [interCert.der] });
const cmsShakeNoAttrs = signedData({ signer: byInter, digest: 'shake128', withAttrs: false, certs: [interCert.der] });
{
  const a = cmsAttrs.der, b = cmsAttrsBad.der;
  assert(a.length === b.length, 'cms_attrs_bad length');
  const diff = [...a.keys()].filter((i) => a[i] !== b[i]);
  assert(diff.length === 1, 'cms_attrs_bad differs in one byte');
}
assert(verifies('sha2-128s', cmsWrongDigest.sig, cmsWrongDigest.toSign, leaf.pk), 'cms_wrongdigest signature valid');
assert(verifies('sha2-128s', cmsSha224.sig, cmsSha224.toSign, leaf.pk), 'cms_sha224 signature valid');
assert(eq(cmsNoAttrs.toSign, content) && verifies('sha2-128s', cmsNoAttrs.sig, content, leaf.pk), 'cms_noattrs over content');
assert(eq(cmsShakeNoAttrs.toSign, content) && verifies('shake-128f', cmsShakeNoAttrs.sig, content, inter.pk), 'cms_shake_noattrs over content');
assert(cmpDer(leafCert.der, interCert.der) !== 0, 'certificates differ');

// ---- output -----------------------------------------------------------------------------
mkdirSync(outDir, { recursive: true });
const files = {
  'root.der': rootCert.der,
  'inter.der': interCert.der,
  'leaf.der': leafCert.der,
  'leaf_bad.der': leafBad.der,
  'leaf_mismatch.der': mismatchCert.der,
  'content.bin': content,
  'cms_attrs.der': cmsAttrs.der,
  'cms_noattrs.der': cmsNoAttrs.der,
  'cms_attrs_bad.der': cmsAttrsBad.der,
  'cms_wrongdigest.der': cmsWrongDigest.der,
  'cms_sha512.der': cmsSha512.der,
  'cms_sha224.der': cmsSha224.der,
  'cms_shake.der': cmsShake.der,
  'cms_shake_noattrs.der': cmsShakeNoAttrs.der,
};
for (const [f, b] of Object.entries(files)) writeFileSync(join(outDir, f), b);
console.error(
  `@noble/post-quantum ${pqVersion}, @noble/hashes ${hashesVersion}: wrote ` +
    Object.entries(files).map(([f, b]) => `${f} (${b.length})`).join(', ') +
    `; leaf_bad changes byte ${leafBad.sigOffset}`
);
