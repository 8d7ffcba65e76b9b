/*
 * Strict DER reading (X.690 section 10) for every family's parsers: minimal
 * definite lengths (at most 3 length bytes: 16 MiB), positive minimal
 * INTEGERs. Public data: variable time.
 */
#include "core/fc_internal.h"

int fc__der_tlv(fc__span *in, uint8_t tag, fc__span *val) {
  if (in->len < 2 || in->p[0] != tag) return 0;
  size_t len, hdr;
  uint8_t l0 = in->p[1];
  if (l0 < 0x80) {
    len = l0;
    hdr = 2;
  } else {
    size_t nl = l0 & 0x7f;
    if (nl == 0 || nl > 3 || in->len < 2 + nl) return 0; /* indefinite or > 16 MiB */
    if (in->p[2] == 0) return 0;                         /* leading zero: not minimal */
    len = 0;
    for (size_t i = 0; i < nl; i++) len = (len << 8) | in->p[2 + i];
    if (len < 0x80) return 0; /* short form was required */
    hdr = 2 + nl;
  }
  if (len > in->len - hdr) return 0;
  val->p = in->p + hdr;
  val->len = len;
  in->p += hdr + len;
  in->len -= hdr + len;
  return 1;
}

int fc__der_integer(fc__span *in, fc__span *val) {
  if (!fc__der_tlv(in, 0x02, val) || val->len == 0) return 0;
  if (val->p[0] & 0x80) return 0;                                    /* negative */
  if (val->len > 1 && val->p[0] == 0 && !(val->p[1] & 0x80)) return 0; /* not minimal */
  return 1;
}

int fc__der_spki_nist_sig(const uint8_t *der, size_t len, uint8_t *arc, fc__span *key) {
  static const uint8_t nist_sig[8] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03};
  fc__span in = {der, len}, spki, alg, oid, bits;
  if (!fc__der_tlv(&in, 0x30, &spki) || in.len != 0 || !fc__der_tlv(&spki, 0x30, &alg) ||
      !fc__der_tlv(&alg, 0x06, &oid) || alg.len != 0 || !fc__der_tlv(&spki, 0x03, &bits) ||
      spki.len != 0 || bits.len < 1 || bits.p[0] != 0 || oid.len != 9 ||
      memcmp(oid.p, nist_sig, 8) != 0)
    return 0;
  *arc = oid.p[8];
  key->p = bits.p + 1;
  key->len = bits.len - 1;
  return 1;
}
