/*
 * AlgorithmIdentifiers of signatures: RSA PKCS#1 v1.5 (RFC 8017 appendix
 * A.2.4; parameters NULL or absent, RFC 4055 section 5), RSASSA-PSS (RFC
 * 4055 section 3.1: hash, MGF1 with a hash, salt length, trailer field 1),
 * ECDSA (RFC 5758 section 3.2: parameters absent), ML-DSA (RFC 9881:
 * id-ml-dsa-44/65/87, parameters absent), SLH-DSA (RFC 9909 section 3,
 * RFC 9814 section 3: id-slh-dsa-sha2-128s .. id-slh-dsa-shake-256f,
 * parameters absent). CMS digest algorithms besides the SHA-2 family:
 * id-shake128 and id-shake256 (RFC 8702 section 3, parameters absent).
 */
#include "x509/x509_internal.h"

const uint8_t fc__oid_rsa_encryption[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01};
const uint8_t fc__oid_ec_public_key[7] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};
const uint8_t fc__oid_mldsa_arc[8] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03};

int fc__x509_mldsa_set(fc__span oid) {
  if (oid.len != 9 || memcmp(oid.p, fc__oid_mldsa_arc, 8) != 0 || oid.p[8] < 17 || oid.p[8] > 19)
    return 0;
  return FC_ML_DSA_44 + oid.p[8] - 17;
}

/* 2.16.840.1.101.3.4.3.20 .. .31 share fc__oid_mldsa_arc (NIST sigAlgs) and
   follow fc_slhdsa_param's order. */
int fc__x509_slhdsa_set(fc__span oid) {
  if (oid.len != 9 || memcmp(oid.p, fc__oid_mldsa_arc, 8) != 0 || oid.p[8] < 20 || oid.p[8] > 31)
    return 0;
  return FC_SLH_DSA_SHA2_128S + oid.p[8] - 20;
}

static const uint8_t kPkcs1[8] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01};
static const uint8_t kEcdsa[6] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04};
static const uint8_t kSha1[5] = {0x2b, 0x0e, 0x03, 0x02, 0x1a};
static const uint8_t kNistHash[8] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02};

/* A hash AlgorithmIdentifier's OID: its fc_hash_alg, 0 if unknown. */
static uint32_t hash_of(fc__span oid) {
  if (fc__span_eq(oid, kSha1, sizeof kSha1)) return FC_SHA1;
  if (oid.len == 9 && memcmp(oid.p, kNistHash, 8) == 0) switch (oid.p[8]) {
      case 1: return FC_SHA256;
      case 2: return FC_SHA384;
      case 3: return FC_SHA512;
      case 4: return FC_SHA224;
    }
  return 0;
}

/* A hash AlgorithmIdentifier (params NULL or absent): its fc_hash_alg, 0
   when malformed or unknown. */
static uint32_t hash_alg(fc__span *in) {
  fc__span seq, oid, null;
  if (!fc__der_tlv(in, 0x30, &seq) || !fc__der_tlv(&seq, 0x06, &oid)) return 0;
  if (seq.len != 0 && (!fc__der_tlv(&seq, 0x05, &null) || null.len != 0 || seq.len != 0)) return 0;
  return hash_of(oid);
}

int fc__x509_digest_alg(fc__span *in, uint32_t *hash) {
  fc__span seq, oid, null;
  if (!fc__der_tlv(in, 0x30, &seq) || !fc__der_tlv(&seq, 0x06, &oid) || !fc__oid_ok(oid)) return 0;
  if (seq.len != 0 && (!fc__der_tlv(&seq, 0x05, &null) || null.len != 0 || seq.len != 0)) return 0;
  *hash = hash_of(oid);
  return 1;
}

int fc__x509_cms_digest_alg(fc__span *in, uint32_t *hash) {
  fc__span probe = *in, seq, oid;
  if (fc__der_tlv(&probe, 0x30, &seq) && fc__der_tlv(&seq, 0x06, &oid) && oid.len == 9 &&
      memcmp(oid.p, kNistHash, 8) == 0 && (oid.p[8] == 11 || oid.p[8] == 12)) {
    if (seq.len != 0) return 0; /* RFC 8702 section 3: parameters MUST be absent */
    *hash = oid.p[8] == 11 ? FC_SLHDSA_PH_SHAKE128 : FC_SLHDSA_PH_SHAKE256;
    *in = probe;
    return 1;
  }
  return fc__x509_digest_alg(in, hash);
}

size_t fc__x509_cms_digest_len(uint32_t hash) {
  if (hash == FC_SLHDSA_PH_SHAKE128) return 32; /* RFC 8702 section 3: 256 bits */
  if (hash == FC_SLHDSA_PH_SHAKE256) return 64; /* 512 bits */
  return hash == 0 ? 0 : fc_hash_len((fc_hash_alg)hash);
}

fc_err fc__x509_cms_digest(uint32_t hash, const uint8_t *data, size_t len, uint8_t *out) {
  if (hash == FC_SLHDSA_PH_SHAKE128) return fc_xof(FC_SHAKE128, data, len, out, 32);
  if (hash == FC_SLHDSA_PH_SHAKE256) return fc_xof(FC_SHAKE256, data, len, out, 64);
  return fc_hash((fc_hash_alg)hash, data, len, out);
}

/* RSASSA-PSS-params; 0 when malformed or naming an unknown hash. */
static int pss_params(fc__span params, fc_sigalg *alg) {
  static const uint8_t kMgf1[9] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08};
  fc__span seq, f, mgf, oid;
  alg->hash = FC_SHA1;
  alg->mgf1_hash = FC_SHA1;
  alg->salt_len = 20;
  if (!fc__der_tlv(&params, 0x30, &seq) || params.len != 0) return 0;
  if (fc__der_peek(&seq, 0xa0)) { /* DER: a default value is never encoded */
    if (!fc__der_tlv(&seq, 0xa0, &f) || (alg->hash = hash_alg(&f)) == 0 || f.len != 0 ||
        alg->hash == FC_SHA1)
      return 0;
  }
  if (fc__der_peek(&seq, 0xa1)) {
    if (!fc__der_tlv(&seq, 0xa1, &f) || !fc__der_tlv(&f, 0x30, &mgf) || f.len != 0 ||
        !fc__der_tlv(&mgf, 0x06, &oid) || !fc__span_eq(oid, kMgf1, sizeof kMgf1) ||
        (alg->mgf1_hash = hash_alg(&mgf)) == 0 || mgf.len != 0 || alg->mgf1_hash == FC_SHA1)
      return 0;
  }
  if (fc__der_peek(&seq, 0xa2)) {
    uint32_t v;
    if (!fc__der_tlv(&seq, 0xa2, &f) || !fc__der_uint(&f, 2, &v) || f.len != 0) return 0;
    if (v == 20) return 0; /* the default, encoded */
    alg->salt_len = v;
  }
  if (fc__der_peek(&seq, 0xa3)) return 0; /* trailerField: only the default, 1, which DER omits */
  return seq.len == 0;
}

int fc__x509_sigalg(fc__span *in, fc_sigalg *alg, fc__span *whole) {
  fc__span seq, oid;
  memset(alg, 0, sizeof *alg);
  if (!fc__der_whole(in, 0x30, whole, &seq) || !fc__der_tlv(&seq, 0x06, &oid) || !fc__oid_ok(oid))
    return 0;
  alg->oid = fc__slice(oid);
  alg->params.p = seq.len ? seq.p : NULL;
  alg->params.len = seq.len;
  if (oid.len == 9 && memcmp(oid.p, kPkcs1, 8) == 0) {
    uint32_t h = 0;
    switch (oid.p[8]) {
      case 0x05: h = FC_SHA1; break;
      case 0x0e: h = FC_SHA224; break;
      case 0x0b: h = FC_SHA256; break;
      case 0x0c: h = FC_SHA384; break;
      case 0x0d: h = FC_SHA512; break;
      case 0x0a: /* RSASSA-PSS: parameters required */
        if (!pss_params(seq, alg)) return 0;
        alg->kind = FC_SIGALG_RSA_PSS;
        return 1;
    }
    if (h != 0) {
      fc__span null;
      if (seq.len != 0 && (!fc__der_tlv(&seq, 0x05, &null) || null.len != 0 || seq.len != 0)) return 0;
      alg->kind = FC_SIGALG_RSA_PKCS1;
      alg->hash = h;
    }
    return 1;
  }
  if (oid.len >= 7 && memcmp(oid.p, kEcdsa, 6) == 0) {
    uint32_t h = 0;
    if (oid.len == 7 && oid.p[6] == 0x01) h = FC_SHA1;
    if (oid.len == 8 && oid.p[6] == 0x03 && oid.p[7] >= 1 && oid.p[7] <= 4) {
      static const uint32_t hs[4] = {FC_SHA224, FC_SHA256, FC_SHA384, FC_SHA512};
      h = hs[oid.p[7] - 1];
    }
    if (h != 0) {
      if (seq.len != 0) return 0; /* parameters MUST be absent */
      alg->kind = FC_SIGALG_ECDSA;
      alg->hash = h;
    }
    return 1;
  }
  if (fc__x509_mldsa_set(oid)) {
    if (seq.len != 0) return 0; /* parameters MUST be absent */
    alg->kind = FC_SIGALG_MLDSA;
    return 1;
  }
  if (fc__x509_slhdsa_set(oid)) {
    if (seq.len != 0) return 0; /* RFC 9909 section 3: parameters MUST be absent */
    alg->kind = FC_SIGALG_SLHDSA;
    return 1;
  }
  return 1; /* unknown: FC_SIGALG_UNKNOWN */
}
