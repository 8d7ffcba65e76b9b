/* DER pieces of the x509 family: whole TLVs, OIDs, times. */
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

int fc__der_uint(fc__span *in, size_t max_len, uint32_t *v) {
  fc__span n;
  if (!fc__der_integer(in, &n) || n.len > max_len) return 0;
  *v = 0;
  for (size_t i = 0; i < n.len; i++) *v = *v << 8 | n.p[i];
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
   inverse of H. Hinnant's "chrono-Compatible Low-Level Date Algorithms").
   32-bit arithmetic (years 0 .. 9999): no 64-bit division, which i686
   freestanding builds have no library for. */
static int32_t days_from_civil(int32_t y, int32_t m, int32_t d) {
  y -= m <= 2;
  int32_t era = (y >= 0 ? y : y - 399) / 400;
  int32_t yoe = y - era * 400;
  int32_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  int32_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
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
  *t = (int64_t)days_from_civil(year, mon, day) * 86400 + hh * 3600 + mm * 60 + ss;
  return 1;
}

int fc__der_valid(fc__span s) {
  const uint8_t *outer_end[FC__DER_MAX_DEPTH];
  const uint8_t *p = s.p, *end = s.p + s.len;
  size_t depth = 0;
  for (;;) {
    if (p == end) {
      if (depth == 0) return 1;
      end = outer_end[--depth]; /* p is now just past the constructed TLV */
      continue;
    }
    fc__span in = {p, (size_t)(end - p)}, v;
    uint8_t tag = p[0];
    if ((tag & 0x1f) == 0x1f || !fc__der_tlv(&in, tag, &v)) return 0;
    if (tag & 0x20) {
      if (depth == FC__DER_MAX_DEPTH) return 0;
      outer_end[depth++] = end;
      p = v.p;
      end = v.p + v.len;
    } else {
      p = in.p;
    }
  }
}

int fc__x509_serial(fc__span *in, fc__span *v) {
  if (!fc__der_tlv(in, 0x02, v) || v->len == 0) return 0;
  if (v->len > 1 && ((v->p[0] == 0 && !(v->p[1] & 0x80)) || (v->p[0] == 0xff && (v->p[1] & 0x80))))
    return 0;
  return 1;
}
