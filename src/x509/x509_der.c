/* DER pieces of the x509 family: whole TLVs, OIDs, times, names. */
#include "x509/x509_internal.h"

int fc__der_whole(fc__span *in, uint8_t tag, fc__span *whole, fc__span *val) {
  fc__span v, start = *in;
  if (!fc__der_tlv(in, tag, &v)) return 0;
  if (whole != NULL) {
    whole->p = start.p;
    whole->len = (size_t)(in->p - start.p);
  }
  if (val != NULL) *val = v;
  return 1;
}

int fc__oid_ok(fc__span oid) {
  if (oid.len == 0 || (oid.p[oid.len - 1] & 0x80)) return 0;
  int arc_start = 1;
  for (size_t i = 0; i < oid.len; i++) {
    if (arc_start && oid.p[i] == 0x80) return 0; /* non-minimal arc */
    arc_start = !(oid.p[i] & 0x80);
  }
  return 1;
}

static int digits(const uint8_t *p, size_t n, int *v) {
  int x = 0;
  for (size_t i = 0; i < n; i++) {
    if (p[i] < '0' || p[i] > '9') return 0;
    x = x * 10 + (p[i] - '0');
  }
  *v = x;
  return 1;
}

/* Days from 1970-01-01 to y-m-d, proleptic Gregorian (the civil-from-days
   inverse of H. Hinnant's "chrono-Compatible Low-Level Date Algorithms"). */
static int64_t days_from_civil(int64_t y, int m, int d) {
  y -= m <= 2;
  int64_t era = (y >= 0 ? y : y - 399) / 400;
  int64_t yoe = y - era * 400;
  int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

int fc__x509_time(fc__span *in, int64_t *t) {
  fc__span v;
  int year, mon, day, hh, mm, ss;
  const uint8_t *p;
  if (fc__der_peek(in, 0x17)) { /* UTCTime YYMMDDHHMMSSZ */
    if (!fc__der_tlv(in, 0x17, &v) || v.len != 13 || !digits(v.p, 2, &year)) return 0;
    year += year < 50 ? 2000 : 1900;
    p = v.p + 2;
  } else { /* GeneralizedTime YYYYMMDDHHMMSSZ */
    if (!fc__der_tlv(in, 0x18, &v) || v.len != 15 || !digits(v.p, 4, &year)) return 0;
    p = v.p + 4;
  }
  if (p[10] != 'Z' || !digits(p, 2, &mon) || !digits(p + 2, 2, &day) || !digits(p + 4, 2, &hh) ||
      !digits(p + 6, 2, &mm) || !digits(p + 8, 2, &ss))
    return 0;
  static const uint8_t mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (mon < 1 || mon > 12 || day < 1 || day > mdays[mon - 1] || (mon == 2 && day == 29 && !leap) ||
      hh > 23 || mm > 59 || ss > 59)
    return 0;
  *t = days_from_civil(year, mon, day) * 86400 + hh * 3600 + mm * 60 + ss;
  return 1;
}

int fc__x509_name_ok(fc__span name) {
  fc__span rdns, rdn, atv, oid;
  if (!fc__der_tlv(&name, 0x30, &rdns) || name.len != 0) return 0;
  while (rdns.len > 0) { /* an empty Name (no RDN) is valid */
    if (!fc__der_tlv(&rdns, 0x31, &rdn) || rdn.len == 0) return 0;
    while (rdn.len > 0) {
      if (!fc__der_tlv(&rdn, 0x30, &atv) || !fc__der_tlv(&atv, 0x06, &oid) || !fc__oid_ok(oid))
        return 0;
      /* the value: any one TLV of a single-octet tag */
      if (atv.len < 2 || (atv.p[0] & 0x1f) == 0x1f) return 0;
      fc__span val;
      if (!fc__der_tlv(&atv, atv.p[0], &val) || atv.len != 0) return 0;
    }
  }
  return 1;
}

fc_err fc_x509_name_attr(fc_slice name_s, const uint8_t *oid, size_t oid_len, fc_slice *value,
                         uint8_t *tag) {
  fc__span name = fc__span_of(name_s), rdns, rdn, atv, type, val;
  if (name.p == NULL || oid == NULL || value == NULL) return FC_ERR_ARG;
  if (!fc__x509_name_ok(name) || !fc__der_tlv(&name, 0x30, &rdns)) return FC_ERR_DER;
  while (rdns.len > 0) {
    fc__der_tlv(&rdns, 0x31, &rdn);
    while (rdn.len > 0) {
      fc__der_tlv(&rdn, 0x30, &atv);
      fc__der_tlv(&atv, 0x06, &type);
      uint8_t t = atv.p[0];
      fc__der_tlv(&atv, t, &val);
      if (fc__span_eq(type, oid, oid_len)) {
        *value = fc__slice(val);
        if (tag != NULL) *tag = t;
        return FC_OK;
      }
    }
  }
  return FC_ERR_DER;
}
