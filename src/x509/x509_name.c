/*
 * Names (RFC 5280 section 4.1.2.4): structure, attribute lookup, and
 * matching as section 7.1 asks, with RFC 4518's insignificant space
 * handling and case folding on ASCII for PrintableString and UTF8String.
 */
#include "x509/x509_internal.h"

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

/* One value against another: byte-equal, or both Printable/UTF8 strings
   equal after folding ASCII case and spaces (leading, trailing, runs). */
static int value_match(uint8_t ta, fc__span a, uint8_t tb, fc__span b) {
  if (ta == tb && a.len == b.len && memcmp(a.p, b.p, a.len) == 0) return 1;
  if ((ta != 0x13 && ta != 0x0c) || (tb != 0x13 && tb != 0x0c)) return 0;
  size_t i = 0, j = 0;
  for (;;) {
    while (i < a.len && a.p[i] == ' ') i++;
    while (j < b.len && b.p[j] == ' ') j++;
    if (i == a.len || j == b.len) return i == a.len && j == b.len;
    /* a word of each */
    while (i < a.len && j < b.len && a.p[i] != ' ' && b.p[j] != ' ') {
      uint8_t x = a.p[i++], y = b.p[j++];
      if (x >= 'A' && x <= 'Z') x += 32;
      if (y >= 'A' && y <= 'Z') y += 32;
      if (x != y) return 0;
    }
    if ((i < a.len && a.p[i] != ' ') || (j < b.len && b.p[j] != ' ')) return 0; /* one word longer */
  }
}

int fc_x509_name_match(fc_slice a_s, fc_slice b_s) {
  fc__span a = fc__span_of(a_s), b = fc__span_of(b_s), ra, rb, sa, sb, xa, xb, oa, ob, va, vb;
  if (a.p == NULL || b.p == NULL || !fc__x509_name_ok(a) || !fc__x509_name_ok(b)) return 0;
  if (a.len == b.len && memcmp(a.p, b.p, a.len) == 0) return 1;
  fc__der_tlv(&a, 0x30, &ra);
  fc__der_tlv(&b, 0x30, &rb);
  while (ra.len > 0 && rb.len > 0) {
    fc__der_tlv(&ra, 0x31, &sa);
    fc__der_tlv(&rb, 0x31, &sb);
    while (sa.len > 0 && sb.len > 0) {
      fc__der_tlv(&sa, 0x30, &xa);
      fc__der_tlv(&sb, 0x30, &xb);
      fc__der_tlv(&xa, 0x06, &oa);
      fc__der_tlv(&xb, 0x06, &ob);
      uint8_t ta = xa.p[0], tb = xb.p[0];
      fc__der_tlv(&xa, ta, &va);
      fc__der_tlv(&xb, tb, &vb);
      if (oa.len != ob.len || memcmp(oa.p, ob.p, oa.len) != 0 || !value_match(ta, va, tb, vb))
        return 0;
    }
    if (sa.len != 0 || sb.len != 0) return 0;
  }
  return ra.len == 0 && rb.len == 0;
}
