/*
 * Certificate extensions (RFC 5280 section 4.2): the list checked (each
 * Extension well formed, critical encoded only as TRUE, no OID twice) and
 * the ones chain verification needs decoded: basicConstraints, keyUsage,
 * extKeyUsage, subjectKeyIdentifier, authorityKeyIdentifier. Understood
 * without decoding (their content does not restrict a chain under the
 * policies this library offers, as OpenSSL treats them without a policy
 * check): subjectAltName, issuerAltName, certificatePolicies,
 * cRLDistributionPoints, authorityInfoAccess. Any other critical
 * extension sets FC_X509_UNKNOWN_CRITICAL.
 */
#include "x509/x509_internal.h"

#define ID_CE(x) {0x55, 0x1d, (x)}
static const uint8_t kBasic[3] = ID_CE(0x13), kKu[3] = ID_CE(0x0f), kEku[3] = ID_CE(0x25),
                     kSki[3] = ID_CE(0x0e), kAki[3] = ID_CE(0x23);
static const uint8_t kUnderstood[4][3] = {ID_CE(0x11), ID_CE(0x12), ID_CE(0x20), ID_CE(0x1f)};
static const uint8_t kAia[8] = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x01, 0x01};

/* One Extension from *in: its OID, critical flag and extnValue content. */
static int ext_next(fc__span *in, fc__span *oid, int *critical, fc__span *value) {
  fc__span ext, b;
  if (!fc__der_tlv(in, 0x30, &ext) || !fc__der_tlv(&ext, 0x06, oid) || !fc__oid_ok(*oid)) return 0;
  *critical = 0;
  if (fc__der_peek(&ext, 0x01)) {
    /* DER: DEFAULT FALSE is never encoded, and TRUE is FF */
    if (!fc__der_tlv(&ext, 0x01, &b) || b.len != 1 || b.p[0] != 0xff) return 0;
    *critical = 1;
  }
  return fc__der_tlv(&ext, 0x04, value) && ext.len == 0;
}

static int basic_constraints(fc_x509_cert *c, fc__span v) {
  fc__span seq, b;
  if (!fc__der_tlv(&v, 0x30, &seq) || v.len != 0) return 0;
  c->flags |= FC_X509_BASIC_CONSTRAINTS;
  if (fc__der_peek(&seq, 0x01)) {
    if (!fc__der_tlv(&seq, 0x01, &b) || b.len != 1 || b.p[0] != 0xff) return 0;
    c->flags |= FC_X509_CA;
  }
  if (fc__der_peek(&seq, 0x02)) {
    if (!fc__der_uint(&seq, 4, &c->path_len)) return 0; /* below 2^31 */
    c->flags |= FC_X509_PATH_LEN;
  }
  return seq.len == 0;
}

static int key_usage(fc_x509_cert *c, fc__span v) {
  fc__span bits;
  /* DER BIT STRING: unused bits 0..7, zero, and no trailing zero bit */
  if (!fc__der_tlv(&v, 0x03, &bits) || v.len != 0 || bits.len < 2 || bits.len > 3) return 0;
  unsigned unused = bits.p[0];
  uint8_t last = bits.p[bits.len - 1];
  if (unused > 7 || (last & ((1u << unused) - 1)) != 0 || (last & (1u << unused)) == 0) return 0;
  uint32_t ku = 0;
  for (size_t i = 1; i < bits.len; i++)
    for (unsigned j = 0; j < 8; j++)
      if (bits.p[i] & (0x80 >> j)) ku |= 1u << (8 * (i - 1) + j);
  c->flags |= FC_X509_KEY_USAGE;
  c->key_usage = ku;
  return 1;
}

static int ext_key_usage(fc_x509_cert *c, fc__span v) {
  fc__span seq, list, oid;
  if (!fc__der_tlv(&v, 0x30, &seq) || v.len != 0 || seq.len == 0) return 0;
  list = seq;
  while (list.len > 0)
    if (!fc__der_tlv(&list, 0x06, &oid) || !fc__oid_ok(oid)) return 0;
  c->flags |= FC_X509_EXT_KEY_USAGE;
  c->eku = fc__slice(seq);
  return 1;
}

static int ski(fc_x509_cert *c, fc__span v) {
  fc__span id;
  if (!fc__der_tlv(&v, 0x04, &id) || v.len != 0) return 0;
  c->flags |= FC_X509_SKI;
  c->ski = fc__slice(id);
  return 1;
}

static int aki(fc_x509_cert *c, fc__span v) {
  fc__span seq, id, f;
  if (!fc__der_tlv(&v, 0x30, &seq) || v.len != 0) return 0;
  if (fc__der_peek(&seq, 0x80)) {
    if (!fc__der_tlv(&seq, 0x80, &id)) return 0;
    c->flags |= FC_X509_AKI;
    c->aki = fc__slice(id);
  }
  if (fc__der_peek(&seq, 0xa1) && !fc__der_tlv(&seq, 0xa1, &f)) return 0;
  if (fc__der_peek(&seq, 0x82) && !fc__der_tlv(&seq, 0x82, &f)) return 0;
  return seq.len == 0;
}

int fc__x509_extensions(fc_x509_cert *c, fc__span exts) {
  fc__span all = exts, oid, val;
  int crit;
  size_t n = 0;
  if (exts.len == 0) return 0; /* SIZE (1..MAX) */
  while (exts.len > 0) {
    fc__span before = exts;
    /* the bound keeps the duplicate scan below quadratic blow-up */
    if (++n > FC_X509_MAX_EXTENSIONS || !ext_next(&exts, &oid, &crit, &val)) return 0;
    /* no OID twice (RFC 5280 4.2): compare with every earlier one */
    fc__span scan = all, o2, v2;
    int c2;
    while (scan.p < before.p) {
      ext_next(&scan, &o2, &c2, &v2);
      if (o2.len == oid.len && memcmp(o2.p, oid.p, oid.len) == 0) return 0;
    }
    int ok = 1, known = 1;
    if (fc__span_eq(oid, kBasic, 3)) ok = basic_constraints(c, val);
    else if (fc__span_eq(oid, kKu, 3)) ok = key_usage(c, val);
    else if (fc__span_eq(oid, kEku, 3)) ok = ext_key_usage(c, val);
    else if (fc__span_eq(oid, kSki, 3)) ok = ski(c, val);
    else if (fc__span_eq(oid, kAki, 3)) ok = aki(c, val);
    else {
      known = fc__span_eq(oid, kAia, sizeof kAia);
      for (size_t i = 0; i < 4; i++) known |= fc__span_eq(oid, kUnderstood[i], 3);
    }
    if (!ok) return 0;
    if (crit && !known) c->flags |= FC_X509_UNKNOWN_CRITICAL;
  }
  c->extensions = fc__slice(all);
  return 1;
}

fc_err fc_x509_ext(const fc_x509_cert *cert, const uint8_t *oid, size_t oid_len, int *critical,
                   fc_slice *value) {
  if (cert == NULL || oid == NULL) return FC_ERR_ARG;
  fc__span exts = fc__span_of(cert->extensions), o, v;
  int c;
  while (exts.len > 0 && ext_next(&exts, &o, &c, &v))
    if (fc__span_eq(o, oid, oid_len)) {
      if (critical != NULL) *critical = c;
      if (value != NULL) *value = fc__slice(v);
      return FC_OK;
    }
  return FC_ERR_DER;
}

int fc_x509_has_eku(const fc_x509_cert *cert, const uint8_t *oid, size_t oid_len) {
  if (cert == NULL || oid == NULL || !(cert->flags & FC_X509_EXT_KEY_USAGE)) return 0;
  fc__span list = fc__span_of(cert->eku), o;
  while (list.len > 0 && fc__der_tlv(&list, 0x06, &o))
    if (fc__span_eq(o, oid, oid_len)) return 1;
  return 0;
}
