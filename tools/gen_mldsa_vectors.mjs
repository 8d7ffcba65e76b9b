// Generates tests/vectors/mldsa/noble_mldsa.json: ML-DSA (FIPS 204) verification
// vectors made with @noble/post-quantum, independent of fastcrypt's own code.
// Run it through tools/gen-mldsa-vectors.sh, which installs the pinned packages:
//   node tools/gen_mldsa_vectors.mjs OUT.json
// with FC_NOBLE_PREFIX set to the `npm install --prefix` directory, and
// FC_NOBLE_PQ_VERSION / FC_NOBLE_HASHES_VERSION set to the versions expected there.
//
// Deterministic: every random byte (key seeds, messages, contexts) comes from
// SHAKE256(SEED || uint32_be(counter), n) with counter = 0, 1, 2, ...; all signatures
// use FIPS 204's deterministic variant (rnd = 32 zero bytes, noble's
// `extraEntropy: false`). Math.random is never used. Same versions => same bytes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const prefix = process.env.FC_NOBLE_PREFIX;
const out = process.argv[2];
if (!prefix || !out) {
  console.error('usage: FC_NOBLE_PREFIX=DIR node tools/gen_mldsa_vectors.mjs OUT.json');
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
// @noble/post-quantum must use the same @noble/hashes we compute digests with.
const pqDeps = JSON.parse(readFileSync(join(nm, 'post-quantum', 'package.json'), 'utf8')).dependencies;
if (pqDeps['@noble/hashes'] !== hashesVersion)
  throw new Error(`@noble/post-quantum wants @noble/hashes ${pqDeps['@noble/hashes']}, have ${hashesVersion}`);

const { ml_dsa44, ml_dsa65, ml_dsa87, PARAMS } = await load('post-quantum', 'ml-dsa.js');
const sha2 = await load('hashes', 'sha2.js');
const sha3 = await load('hashes', 'sha3.js');
const { bytesToHex, concatBytes, utf8ToBytes } = await load('hashes', 'utils.js');
const { shake256 } = sha3;

// ---- deterministic byte stream --------------------------------------------------------
const SEED = utf8ToBytes('fastcrypt gen_mldsa_vectors.mjs v1');
let counter = 0;
function rand(n) {
  const c = new Uint8Array([counter >>> 24, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff]);
  counter++;
  return shake256(concatBytes(SEED, c), { dkLen: n });
}
const randInt = (lo, hi) => {
  // uniform enough for picking lengths; lo..hi inclusive
  const b = rand(4);
  const v = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  return lo + (v % (hi - lo + 1));
};
const hex = (b) => bytesToHex(b);
const eq = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
function assert(cond, msg) {
  if (!cond) throw new Error('check failed: ' + msg);
}

// ---- parameter sets and pre-hashes ----------------------------------------------------
const SETS = [
  { param: 44, dsa: ml_dsa44, p: PARAMS[2], ctildeLen: 32, oid: 0x11 },
  { param: 65, dsa: ml_dsa65, p: PARAMS[3], ctildeLen: 48, oid: 0x12 },
  { param: 87, dsa: ml_dsa87, p: PARAMS[5], ctildeLen: 64, oid: 0x13 },
];
// FIPS 204 section 5.4.1: OID 2.16.840.1.101.3.4.2.<last>; SHAKE128 output 256 bits,
// SHAKE256 output 512 bits (noble's shake128_32 / shake256_64).
const HASHES = [
  { name: 'SHA2-224', fn: sha2.sha224, last: 0x04 },
  { name: 'SHA2-256', fn: sha2.sha256, last: 0x01 },
  { name: 'SHA2-384', fn: sha2.sha384, last: 0x02 },
  { name: 'SHA2-512', fn: sha2.sha512, last: 0x03 },
  { name: 'SHA3-224', fn: sha3.sha3_224, last: 0x07 },
  { name: 'SHA3-256', fn: sha3.sha3_256, last: 0x08 },
  { name: 'SHA3-384', fn: sha3.sha3_384, last: 0x09 },
  { name: 'SHA3-512', fn: sha3.sha3_512, last: 0x0a },
  { name: 'SHAKE-128', fn: sha3.shake128_32, last: 0x0b, outLen: 32 },
  { name: 'SHAKE-256', fn: sha3.shake256_64, last: 0x0c, outLen: 64 },
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
  if (n < 0x10000) return [0x82, n >> 8, n & 0xff];
  throw new Error('DER length too large');
}
const tlv = (tag, body) => concatBytes(Uint8Array.from([tag, ...derLen(body.length)]), body);
function spki(pk, oidLast) {
  // id-ml-dsa-NN = 2.16.840.1.101.3.4.3.{17,18,19}, parameters absent (RFC 9881)
  const oid = tlv(0x06, Uint8Array.from([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, oidLast]));
  const algId = tlv(0x30, oid);
  const bits = tlv(0x03, concatBytes(Uint8Array.of(0), pk));
  return tlv(0x30, concatBytes(algId, bits));
}

// ---- helpers ----------------------------------------------------------------------------
const computeMu = (pk, msg, ctx) => {
  const tr = shake256(pk, { dkLen: 64 }); // FIPS 204 Alg. 7 line 6: tr <- H(pk, 64)
  // Alg. 2/3 M' = 0x00 || len(ctx) || ctx || M; Alg. 7 line 7: mu <- H(tr || M', 64)
  return shake256(concatBytes(tr, Uint8Array.of(0, ctx.length), ctx, msg), { dkLen: 64 });
};
const DET = { extraEntropy: false }; // FIPS 204 deterministic variant: rnd = {0}^32

const tests = [];
const keysDer = [];
const stats = {};
const refusedPrehash = {};
let threw = 0;

function verifyEntry(set, e) {
  const { dsa } = set;
  const r = {};
  const call = (f) => {
    try {
      return f();
    } catch (err) {
      threw++;
      return false;
    }
  };
  if (e.mode === 'pure') {
    r.ok = call(() => dsa.verify(e._sig, e._msg, e._pk, { context: e._ctx }));
  } else if (e.mode === 'prehash') {
    assert(eq(e._hash.fn(e._msg), e._digest), 'digest');
    r.ok = call(() => dsa.prehash(e._hash.fn).verify(e._sig, e._msg, e._pk, { context: e._ctx }));
  } else {
    assert(eq(computeMu(e._pk, e._msg, e._ctx), e._mu), 'mu');
    const a = call(() => dsa.internal.verify(e._sig, e._mu, e._pk, { externalMu: true }));
    const b = call(() => dsa.verify(e._sig, e._msg, e._pk, { context: e._ctx }));
    assert(a === b, `mu and pure verify disagree (${e.comment})`);
    r.ok = a;
  }
  const want = e.result === 'valid';
  assert(r.ok === want, `noble verify returned ${r.ok} for a "${e.result}" entry: ${e.comment}`);
}

function push(set, e) {
  verifyEntry(set, e);
  const o = { id: tests.length + 1, param: set.param, mode: e.mode };
  if (e.mode === 'prehash') o.hash = e._hash.name;
  o.pk = hex(e._pk);
  o.msg = hex(e._msg);
  if (e.mode === 'prehash') o.digest = hex(e._digest);
  o.ctx = hex(e._ctx);
  if (e.mode === 'mu') o.mu = hex(e._mu);
  o.sig = hex(e._sig);
  o.result = e.result;
  o.comment = e.comment;
  tests.push(o);
  const k = `${set.param}/${e.mode}/${e.result}`;
  stats[k] = (stats[k] || 0) + 1;
}

// A valid entry with its fields recomputed for a tampered (pk, msg, ctx, sig).
function derive(base, changes, comment) {
  const e = { ...base, ...changes, result: 'invalid', comment };
  if (e.mode === 'prehash') e._digest = e._hash.fn(e._msg);
  if (e.mode === 'mu') e._mu = computeMu(e._pk, e._msg, e._ctx);
  return e;
}

function invalidFrom(set, base, keys) {
  const { p, ctildeLen } = set;
  const zPoly = 32 * (1 + Math.log2(p.GAMMA1)); // bytes per z polynomial (GAMMA1 = 2^17 or 2^19)
  const zLen = p.L * zPoly;
  assert(base._sig.length === ctildeLen + zLen + p.OMEGA + p.K, 'signature length');
  const flip = (b, i, mask) => {
    const c = b.slice();
    c[i] ^= mask;
    return c;
  };
  const zMid = ctildeLen + (zLen >> 1);
  const last = base._sig.slice();
  last[last.length - 1] = 0xff;
  const otherCtx = base._ctx.length ? flip(base._ctx, 0, 0x01) : Uint8Array.of(0);
  const other = keys[1 - base._key].publicKey;
  const what = base.mode === 'prehash' ? `prehash ${base._hash.name}` : base.mode;
  const list = [
    [{ _sig: flip(base._sig, 0, 0x01) }, 'c-tilde: bit 0 of signature byte 0 flipped'],
    [{ _sig: flip(base._sig, zMid, 0x10) }, `z: bit 4 of signature byte ${zMid} (middle of z) flipped`],
    [{ _sig: base._sig.slice(0, -1) }, 'signature truncated by one byte'],
    [{ _sig: concatBytes(base._sig, Uint8Array.of(0)) }, 'signature with one extra 0x00 byte'],
    [{ _ctx: otherCtx }, `wrong context (${otherCtx.length} bytes, differs from the signed one)`],
    [{ _msg: flip(base._msg, base._msg.length >> 1, 0x01) }, `message bit 0 of byte ${base._msg.length >> 1} flipped`],
    [{ _sig: last }, `hint: last signature byte (hint count of polynomial k-1) set to 0xff > omega=${p.OMEGA}`],
    [{ _pk: other }, `public key of the other key pair (key ${1 - base._key})`],
  ];
  for (const [ch, c] of list) push(set, derive(base, ch, `invalid from id ${base._id} (${what}): ${c}`));
}

// ---- generation -------------------------------------------------------------------------
const PURE_MSG = [0, 1, 33, 200, 1000, 5000];
const PURE_CTX = [255, 0, 17, 1, 17, 0];
const MU_MSG = [0, 64, 700];
const MU_CTX = [17, 0, 255];

for (const set of SETS) {
  const { dsa } = set;
  const keys = [];
  for (let i = 0; i < 2; i++) {
    const seed = rand(32);
    const kp = dsa.keygen(seed.slice());
    // keygen is deterministic from the seed
    assert(eq(dsa.keygen(seed.slice()).publicKey, kp.publicKey), 'keygen determinism');
    assert(eq(dsa.getPublicKey(kp.secretKey), kp.publicKey), 'getPublicKey');
    keys.push({ ...kp, seed });
  }
  keysDer.push({ param: set.param, pk: hex(keys[0].publicKey), pk_der: hex(spki(keys[0].publicKey, set.oid)) });

  const bases = {};
  // pure ML-DSA (FIPS 204 Alg. 2 / 3), deterministic
  for (let i = 0; i < PURE_MSG.length; i++) {
    const k = i % 2;
    const { secretKey, publicKey } = keys[k];
    const msg = rand(PURE_MSG[i]);
    const ctx = rand(PURE_CTX[i]);
    const sig = dsa.sign(msg, secretKey, { context: ctx, ...DET });
    assert(eq(sig, dsa.sign(msg, secretKey, { context: ctx, ...DET })), 'deterministic sign');
    // M' = 0x00 || len(ctx) || ctx || M through the internal API gives the same signature
    const Mp = concatBytes(Uint8Array.of(0, ctx.length), ctx, msg);
    assert(eq(sig, dsa.internal.sign(Mp, secretKey, DET)), 'pure M\' construction');
    const e = {
      mode: 'pure', _key: k, _pk: publicKey, _msg: msg, _ctx: ctx, _sig: sig, result: 'valid', _id: tests.length + 1,
      comment: `key ${k}; msg ${msg.length} bytes, ctx ${ctx.length} bytes; deterministic signing (rnd = 0^32)`,
    };
    push(set, e);
    if (msg.length === 33) bases.pure = e;
  }
  // HashML-DSA (FIPS 204 Alg. 4 / 5), deterministic
  let hk = 0;
  for (const h of HASHES) {
    let signer;
    try {
      signer = dsa.prehash(h.fn);
    } catch (err) {
      (refusedPrehash[set.param] ||= []).push(`${h.name}: ${err.message}`);
      continue;
    }
    const k = hk++ % 2;
    const { secretKey, publicKey } = keys[k];
    const msg = rand(randInt(1, 300));
    const ctx = rand(randInt(0, 255));
    const sig = signer.sign(msg, secretKey, { context: ctx, ...DET });
    const digest = h.fn(msg);
    // M' = 0x01 || len(ctx) || ctx || OID(DER) || PH(M) through the internal API gives the same signature
    const Mp = concatBytes(Uint8Array.of(1, ctx.length), ctx, h.fn.oid, digest);
    assert(eq(sig, dsa.internal.sign(Mp, secretKey, DET)), `prehash M' construction (${h.name})`);
    // and differs from pure ML-DSA over the same message
    assert(!dsa.verify(sig, msg, publicKey, { context: ctx }), 'prehash sig accepted as pure');
    const e = {
      mode: 'prehash', _hash: h, _key: k, _pk: publicKey, _msg: msg, _digest: digest, _ctx: ctx, _sig: sig,
      result: 'valid', _id: tests.length + 1,
      comment: `HashML-DSA with ${h.name} (digest ${digest.length} bytes); key ${k}; msg ${msg.length} bytes, ctx ${ctx.length} bytes; deterministic signing (rnd = 0^32)`,
    };
    push(set, e);
    if (h.name === 'SHA2-512') bases.prehash = e;
  }
  // external mu (FIPS 204 Alg. 7 line 6-7 computed here; noble's internal.sign with externalMu)
  for (let i = 0; i < MU_MSG.length; i++) {
    const k = i % 2;
    const { secretKey, publicKey } = keys[k];
    const msg = rand(MU_MSG[i]);
    const ctx = rand(MU_CTX[i]);
    const mu = computeMu(publicKey, msg, ctx);
    const sig = dsa.internal.sign(mu.slice(), secretKey, { externalMu: true, ...DET });
    assert(eq(sig, dsa.sign(msg, secretKey, { context: ctx, ...DET })), 'external-mu sig == pure sig');
    const e = {
      mode: 'mu', _key: k, _pk: publicKey, _msg: msg, _ctx: ctx, _mu: mu, _sig: sig, result: 'valid', _id: tests.length + 1,
      comment: `external mu; key ${k}; msg ${msg.length} bytes, ctx ${ctx.length} bytes; mu = SHAKE256(SHAKE256(pk,64) || 0x00 || len(ctx) || ctx || msg, 64); deterministic signing (rnd = 0^32), identical to the pure signature`,
    };
    push(set, e);
    if (i === 1) bases.mu = e;
  }
  for (const m of ['pure', 'prehash', 'mu']) invalidFrom(set, bases[m], keys);
}

const doc = {
  source: `@noble/post-quantum ${pqVersion}, @noble/hashes ${hashesVersion}, tools/gen_mldsa_vectors.mjs`,
  license: "the generated data is in the public domain (CC0); the generator is the project's",
  tests,
  keys_der: keysDer,
};
writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
console.error(`wrote ${out}: ${tests.length} tests, ${keysDer.length} DER keys`);
for (const [k, v] of Object.entries(stats)) console.error(`  ${k}: ${v}`);
for (const [k, v] of Object.entries(refusedPrehash)) console.error(`  ML-DSA-${k} prehash refused by noble: ${v.join('; ')}`);
console.error(`  verify calls that threw (counted as refused): ${threw}`);
