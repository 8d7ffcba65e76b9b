// Generates tests/vectors/slhdsa/noble_slhdsa.json: SLH-DSA (FIPS 205) verification
// vectors for the twelve parameter sets, made with @noble/post-quantum, independent of
// fastcrypt's own code. Run it through tools/gen-slhdsa-vectors.sh, which installs the
// pinned packages:
//   node tools/gen_slhdsa_vectors.mjs OUT.json
// with FC_NOBLE_PREFIX set to the `npm install --prefix` directory, and
// FC_NOBLE_PQ_VERSION / FC_NOBLE_HASHES_VERSION set to the versions expected there.
//
// Deterministic: every random byte (key seeds, messages, contexts) comes from
// SHAKE256(SEED || uint32_be(counter), n) with counter = 0, 1, 2, ...; every signature
// uses FIPS 205's deterministic variant (opt_rand = PK.seed, noble's
// `extraEntropy: false`). Math.random is never used. Same versions => same bytes.
//
// Size: the signatures of the 'f' sets are up to 49,856 bytes, so only valid entries
// carry a signature; an invalid entry names the valid entry whose signature it edits
// ("sig_from") and the edit: "flip" [offset, xor mask], "sig_len" (truncation) or
// "sig_append" (hex bytes added). tests/vectors/slhdsa/README.md has the format.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const prefix = process.env.FC_NOBLE_PREFIX;
const out = process.argv[2];
if (!prefix || !out) {
  console.error('usage: FC_NOBLE_PREFIX=DIR node tools/gen_slhdsa_vectors.mjs OUT.json');
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

const slh = await load('post-quantum', 'slh-dsa.js');
const sha2 = await load('hashes', 'sha2.js');
const sha3 = await load('hashes', 'sha3.js');
const { bytesToHex, concatBytes, utf8ToBytes } = await load('hashes', 'utils.js');
const { shake256 } = sha3;

// ---- deterministic byte stream --------------------------------------------------------
const SEED = utf8ToBytes('fastcrypt gen_slhdsa_vectors.mjs v1');
let counter = 0;
function rand(n) {
  const c = new Uint8Array([counter >>> 24, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff]);
  counter++;
  return shake256(concatBytes(SEED, c), { dkLen: n });
}
const randInt = (lo, hi) => {
  const b = rand(4);
  const v = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  return lo + (v % (hi - lo + 1));
};
const hex = (b) => bytesToHex(b);
const eq = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
function assert(cond, msg) {
  if (!cond) throw new Error('check failed: ' + msg);
}

// ---- parameter sets (FIPS 205 Table 2) -----------------------------------------------
// oid: last arc of id-slh-dsa-* = 2.16.840.1.101.3.4.3.20 .. .31 (NIST CSOR).
const T = {
  '128s': { n: 16, h: 63, d: 7, a: 12, k: 14, sig: 7856 },
  '128f': { n: 16, h: 66, d: 22, a: 6, k: 33, sig: 17088 },
  '192s': { n: 24, h: 63, d: 7, a: 14, k: 17, sig: 16224 },
  '192f': { n: 24, h: 66, d: 22, a: 8, k: 33, sig: 35664 },
  '256s': { n: 32, h: 64, d: 8, a: 14, k: 22, sig: 29792 },
  '256f': { n: 32, h: 68, d: 17, a: 9, k: 35, sig: 49856 },
};
const SETS = [];
let oid = 20;
for (const fam of ['sha2', 'shake'])
  for (const lvl of ['128s', '128f', '192s', '192f', '256s', '256f'])
    SETS.push({
      name: `SLH-DSA-${fam.toUpperCase()}-${lvl}`,
      dsa: slh[`slh_dsa_${fam}_${lvl}`],
      t: T[lvl],
      level: Number(lvl.slice(0, 3)),
      oid: oid++,
    });
// FIPS 205 section 10.2.2 (as FIPS 204 section 5.4.1): OID 2.16.840.1.101.3.4.2.<last>;
// SHAKE128 output 256 bits, SHAKE256 output 512 bits. `bits`: collision strength.
const HASHES = [
  { name: 'SHA2-224', fn: sha2.sha224, last: 0x04, bits: 112 },
  { name: 'SHA2-256', fn: sha2.sha256, last: 0x01, bits: 128 },
  { name: 'SHA2-384', fn: sha2.sha384, last: 0x02, bits: 192 },
  { name: 'SHA2-512', fn: sha2.sha512, last: 0x03, bits: 256 },
  { name: 'SHA2-512/224', fn: sha2.sha512_224, last: 0x05, bits: 112 },
  { name: 'SHA2-512/256', fn: sha2.sha512_256, last: 0x06, bits: 128 },
  { name: 'SHA3-224', fn: sha3.sha3_224, last: 0x07, bits: 112 },
  { name: 'SHA3-256', fn: sha3.sha3_256, last: 0x08, bits: 128 },
  { name: 'SHA3-384', fn: sha3.sha3_384, last: 0x09, bits: 192 },
  { name: 'SHA3-512', fn: sha3.sha3_512, last: 0x0a, bits: 256 },
  { name: 'SHAKE-128', fn: sha3.shake128_32, last: 0x0b, outLen: 32, bits: 128 },
  { name: 'SHAKE-256', fn: sha3.shake256_64, last: 0x0c, outLen: 64, bits: 256 },
];
for (const h of HASHES) {
  const want = Uint8Array.from([6, 9, 0x60, 0x86, 0x48, 1, 0x65, 3, 4, 2, h.last]);
  assert(eq(h.fn.oid, want), `${h.name} OID`);
  if (h.outLen) assert(h.fn(new Uint8Array(0)).length === h.outLen, `${h.name} output length`);
}

// ---- DER SubjectPublicKeyInfo -----------------------------------------------------------
function derLen(n) {
  if (n < 0x80) return [n];
  if (n < 0x100) return [0x81, n];
  throw new Error('DER length too large');
}
const tlv = (tag, body) => concatBytes(Uint8Array.from([tag, ...derLen(body.length)]), body);
function spki(pk, oidLast) {
  const o = tlv(0x06, Uint8Array.from([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, oidLast]));
  return tlv(0x30, concatBytes(tlv(0x30, o), tlv(0x03, concatBytes(Uint8Array.of(0), pk))));
}

// ---- the vectors -------------------------------------------------------------------------
// FC_SLHDSA_ONLY=name,name,...: sign only those sets. The others still draw their random
// bytes and ids (nothing drawn depends on a signature), so each set's entries are the same
// bytes as in a full run: partial outputs merged by id give the full file (signing the 's'
// sets is slow in JavaScript; they can run in parallel processes).
const only = process.env.FC_SLHDSA_ONLY ? process.env.FC_SLHDSA_ONLY.split(',') : null;
const PER_SET = 19; // tests per set: 3 valid, 16 invalid
const tests = [];
const keysDer = [];
let id = 1;
let hashTurn = 0;
for (const set of SETS) {
  const { dsa, t } = set;
  const n = t.n;
  assert(dsa.lengths.signature === t.sig && dsa.lengths.publicKey === 2 * n, `${set.name} lengths`);
  if (only && !only.includes(set.name)) {
    // draw what the set draws (seeds, lengths, messages, contexts) and skip its ids
    rand(3 * n), rand(3 * n);
    for (let i = 0; i < 2; i++) {
      rand(randInt(0, 300));
      if (i) rand(randInt(1, 255));
    }
    for (;;) if (HASHES[hashTurn++ % HASHES.length].bits >= set.level) break;
    rand(randInt(1, 300)), rand(randInt(0, 255));
    id += PER_SET;
    continue;
  }
  const fast = set.name.endsWith('f'); // the repeat-signing checks run on the quick sets
  const first = id;
  const keys = [dsa.keygen(rand(3 * n)), dsa.keygen(rand(3 * n))];
  keysDer.push({ param: set.name, pk: hex(keys[0].publicKey), pk_der: hex(spki(keys[0].publicKey, set.oid)) });
  const valid = [];
  // pure: empty context, then a random one
  for (let i = 0; i < 2; i++) {
    const msg = rand(randInt(0, 300));
    const ctx = i === 0 ? new Uint8Array(0) : rand(randInt(1, 255));
    const sig = dsa.sign(msg, keys[0].secretKey, { context: ctx, extraEntropy: false });
    assert(dsa.verify(sig, msg, keys[0].publicKey, { context: ctx }), `${set.name} pure verify`);
    const e = { id: id++, param: set.name, mode: 'pure', pk: hex(keys[0].publicKey), msg: hex(msg),
                ctx: hex(ctx), sig: hex(sig), result: 'valid', comment: `pure, key 0, ${msg.length}-byte message, ${ctx.length}-byte context` };
    tests.push(e);
    valid.push({ e, msg, ctx, sig });
  }
  // pre-hash: the next hash of the list that noble accepts for this set
  let h;
  for (;;) {
    h = HASHES[hashTurn++ % HASHES.length];
    if (h.bits >= set.level) break;
  }
  {
    const msg = rand(randInt(1, 300));
    const ctx = rand(randInt(0, 255));
    const ph = dsa.prehash(h.fn);
    const sig = ph.sign(msg, keys[0].secretKey, { context: ctx, extraEntropy: false });
    assert(ph.verify(sig, msg, keys[0].publicKey, { context: ctx }), `${set.name} prehash verify`);
    // M' by hand through the internal API gives the same signature
    const M = concatBytes(Uint8Array.of(1, ctx.length), ctx, h.fn.oid, h.fn(msg));
    if (fast)
      assert(eq(dsa.internal.sign(M, keys[0].secretKey, { extraEntropy: false }), sig), `${set.name} prehash M'`);
    const e = { id: id++, param: set.name, mode: 'prehash', hash: h.name, pk: hex(keys[0].publicKey),
                msg: hex(msg), digest: hex(h.fn(msg)), ctx: hex(ctx), sig: hex(sig), result: 'valid',
                comment: `HashSLH-DSA with ${h.name}, key 0` };
    tests.push(e);
    valid.push({ e, msg, ctx, sig, h });
  }
  // signing is repeatable
  if (fast)
    assert(eq(dsa.sign(valid[0].msg, keys[0].secretKey, { extraEntropy: false }), valid[0].sig), `${set.name} deterministic`);

  // invalid entries, derived from valid[1] (pure, with a context) and valid[2] (prehash)
  const fors = n + t.k * (t.a + 1) * n;
  const base = valid[1];
  const edits = [
    { flip: [0, 0x01], what: 'a bit of R flipped' },
    { flip: [n - 1, 0x80], what: 'the top bit of R\'s last byte flipped' },
    { flip: [n + ((t.k * (t.a + 1) * n) >> 1), 0x10], what: 'a bit in the middle of the FORS signature flipped' },
    { flip: [fors + 3, 0x02], what: 'a bit of the first WOTS+ signature (hypertree layer 0) flipped' },
    { flip: [t.sig - 1, 0x01], what: 'a bit of the last authentication path node (last hypertree layer) flipped' },
    { flip: [t.sig - (t.h / t.d) * n - 1, 0x04], what: 'a bit of the last WOTS+ signature (last hypertree layer) flipped' },
    { sig_len: t.sig - 1, what: 'truncated by one byte' },
    { sig_append: '00', what: 'one zero byte appended' },
  ];
  const push = (src, ed, fields, nobleOk) => {
    let sig = src.sig;
    if (ed.flip) {
      sig = Uint8Array.from(sig);
      sig[ed.flip[0]] ^= ed.flip[1];
    }
    if (ed.sig_len !== undefined) sig = sig.subarray(0, ed.sig_len);
    if (ed.sig_append) sig = concatBytes(sig, Uint8Array.from(Buffer.from(ed.sig_append, 'hex')));
    const e = { ...src.e, id: id++, sig: undefined, ...fields, sig_from: src.e.id, result: 'invalid', comment: ed.what };
    delete e.sig;
    if (ed.flip) e.flip = ed.flip;
    if (ed.sig_len !== undefined) e.sig_len = ed.sig_len;
    if (ed.sig_append) e.sig_append = ed.sig_append;
    assert(!nobleOk(sig, e), `${set.name} invalid ${ed.what}`);
    tests.push(e);
  };
  const pureOk = (sig, e) => {
    try {
      return dsa.verify(sig, Buffer.from(e.msg, 'hex'), Buffer.from(e.pk, 'hex'), { context: Buffer.from(e.ctx, 'hex') });
    } catch {
      return false;
    }
  };
  for (const ed of edits) push(base, ed, {}, pureOk);
  const ctx2 = Uint8Array.from(base.ctx);
  ctx2[0] ^= 1;
  push(base, { what: 'another context than the signed one' }, { ctx: hex(ctx2) }, pureOk);
  push(base, { what: 'the empty context instead of the signed one' }, { ctx: '' }, pureOk);
  const msg2 = base.msg.length ? Uint8Array.from(base.msg) : Uint8Array.of(0);
  msg2[msg2.length - 1] ^= 0x80;
  push(base, { what: 'the message with one bit flipped' }, { msg: hex(msg2) }, pureOk);
  push(base, { what: 'the public key of the other key pair' }, { pk: hex(keys[1].publicKey) }, pureOk);
  const pkr = Uint8Array.from(keys[0].publicKey);
  pkr[2 * n - 1] ^= 1;
  push(base, { what: 'PK.root with one bit flipped' }, { pk: hex(pkr) }, pureOk);
  // pre-hash ones: the digest changed (its message with a bit flipped), and the pure verifier
  const pv = valid[2];
  const phOk = (sig, e) => {
    try {
      return dsa.prehash(pv.h.fn).verify(sig, Buffer.from(e.msg, 'hex'), Buffer.from(e.pk, 'hex'), { context: Buffer.from(e.ctx, 'hex') });
    } catch {
      return false;
    }
  };
  const pm = Uint8Array.from(pv.msg);
  pm[0] ^= 1;
  push(pv, { what: 'the digest of another message' }, { msg: hex(pm), digest: hex(pv.h.fn(pm)) }, phOk);
  push(pv, { flip: [n + 1, 0x08], what: 'a bit of the FORS signature flipped' }, {}, phOk);
  push(pv, { what: 'a pre-hash signature checked as pure SLH-DSA over the message' }, { mode: 'pure', hash: undefined, digest: undefined }, pureOk);
  assert(id - first === PER_SET, `${set.name}: ${id - first} tests`);
  console.error(`${set.name}: done (${tests.length} tests so far)`);
}
for (const e of tests) for (const k of Object.keys(e)) if (e[k] === undefined) delete e[k];

if (only) keysDer.sort((x, y) => SETS.findIndex((s) => s.name === x.param) - SETS.findIndex((s) => s.name === y.param));
const doc = {
  source: `@noble/post-quantum ${pqVersion}, @noble/hashes ${hashesVersion}, tools/gen_slhdsa_vectors.mjs`,
  license: 'the generated data is in the public domain (CC0); the generator is the project\'s',
  tests,
  keys_der: keysDer,
};
writeFileSync(out, JSON.stringify(doc, null, 1) + '\n');
