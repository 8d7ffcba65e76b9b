/*
 * PE/COFF images for Authenticode: the header walk, the image hash and
 * the certificate table ("PE Format", Microsoft Learn; "Windows
 * Authenticode Portable Executable Signature Format", Microsoft 2008,
 * "Calculating the PE Image Hash"). The hashed ranges are those EDK2's
 * DxeImageVerificationLib hashes, so a digest made here matches what
 * firmware compares. Every offset is checked against the file's length
 * before it is read. Stack: the section order (96 entries) and a digest
 * context.
 */
#include "x509/x509_internal.h"

#define MAX_SECTIONS 96

static uint32_t rd16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const uint8_t *p) { return rd16(p) | rd16(p + 2) << 16; }

typedef struct {
  size_t checksum;     /* offset of CheckSum */
  size_t certdir;      /* offset of the Security directory entry; 0 when absent */
  size_t headers;      /* SizeOfHeaders */
  size_t sections;     /* offset of the section table */
  unsigned nsec;
  size_t cert_off, cert_len; /* the certificate table; 0, 0 when absent */
} pe_layout;

static int layout(const uint8_t *im, size_t len, pe_layout *L) {
  memset(L, 0, sizeof *L);
  if (len < 64 || im[0] != 'M' || im[1] != 'Z') return 0;
  size_t pe = rd32(im + 0x3c);
  if (pe > len || len - pe < 24 || memcmp(im + pe, "PE\0\0", 4) != 0) return 0;
  L->nsec = rd16(im + pe + 6);
  size_t ohsize = rd16(im + pe + 20), oh = pe + 24;
  if (L->nsec > MAX_SECTIONS || ohsize > len - oh || ohsize < 2) return 0;
  uint32_t magic = rd16(im + oh);
  size_t nrva_off, dd;
  if (magic == 0x10b) {
    nrva_off = 92;
    dd = 96;
  } else if (magic == 0x20b) {
    nrva_off = 108;
    dd = 112;
  } else {
    return 0;
  }
  if (ohsize < dd) return 0;
  uint32_t nrva = rd32(im + oh + nrva_off);
  if (nrva > (ohsize - dd) / 8) return 0;
  L->checksum = oh + 64;
  L->headers = rd32(im + oh + 60);
  L->sections = oh + ohsize;
  if (L->nsec * (size_t)40 > len - L->sections) return 0;
  size_t table_end = L->sections + L->nsec * (size_t)40;
  if (L->headers < table_end || L->headers > len) return 0;
  if (nrva > 4) {
    L->certdir = oh + dd + 4 * 8;
    L->cert_off = rd32(im + L->certdir);
    L->cert_len = rd32(im + L->certdir + 4);
    if (L->cert_len == 0) {
      L->cert_off = 0;
    } else if (L->cert_off < L->headers || L->cert_off > len || L->cert_len > len - L->cert_off ||
               L->cert_off + L->cert_len != len) {
      return 0; /* the table must be the file's last bytes (what signers write) */
    }
  }
  return 1;
}

/* The sections with raw data in file order (an insertion sort of their
   indexes into order[0..*n)), each inside the file between the headers and
   the certificate table, none overlapping; *hashed: SizeOfHeaders plus
   their sizes. 1 ok, 0 malformed. */
static int sections(const uint8_t *im, size_t len, const pe_layout *L, uint8_t *order, unsigned *n,
                    size_t *hashed) {
  *n = 0;
  for (unsigned i = 0; i < L->nsec; i++) {
    const uint8_t *s = im + L->sections + 40 * (size_t)i;
    if (rd32(s + 16) == 0) continue; /* SizeOfRawData 0: nothing in the file */
    unsigned j = (*n)++;
    while (j > 0 && rd32(im + L->sections + 40 * (size_t)order[j - 1] + 20) > rd32(s + 20)) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = (uint8_t)i;
  }
  size_t end = L->cert_len ? L->cert_off : len; /* what sections and trailing data may use */
  size_t prev_end = L->headers;
  *hashed = L->headers;
  for (unsigned k = 0; k < *n; k++) {
    const uint8_t *s = im + L->sections + 40 * (size_t)order[k];
    size_t off = rd32(s + 20), size = rd32(s + 16);
    if (off < L->headers || off > end || size > end - off) return 0;
    if (off < prev_end) return 0; /* overlapping sections */
    prev_end = off + size;
    *hashed += size;
  }
  return 1;
}

fc_err fc_pe_cert_table(const uint8_t *image, size_t len, fc_slice *table) {
  pe_layout L;
  uint8_t order[MAX_SECTIONS];
  unsigned n;
  size_t hashed;
  if (image == NULL || table == NULL) return FC_ERR_ARG;
  table->p = NULL;
  table->len = 0;
  if (!layout(image, len, &L) || !sections(image, len, &L, order, &n, &hashed)) return FC_ERR_DER;
  if (L.cert_len != 0) {
    table->p = image + L.cert_off;
    table->len = L.cert_len;
  }
  return FC_OK;
}

fc_err fc_pe_hash(fc_hash_alg alg, const uint8_t *im, size_t len, uint8_t *digest) {
  pe_layout L;
  if (im == NULL || digest == NULL) return FC_ERR_ARG;
  if (fc_hash_len(alg) == 0) return FC_ERR_ARG;
  uint8_t order[MAX_SECTIONS];
  unsigned n;
  size_t hashed;
  if (!layout(im, len, &L) || !sections(im, len, &L, order, &n, &hashed)) return FC_ERR_DER;
  size_t end = L.cert_len ? L.cert_off : len;
  fc_hash_ctx ctx;
  fc_err rc = fc_hash_init(&ctx, alg);
#define UPD(a, b)                                                        \
  do {                                                                   \
    if (rc == FC_OK && (b) > (a)) rc = fc_hash_update(&ctx, im + (a), (b) - (a)); \
  } while (0)
  UPD(0, L.checksum);
  if (L.certdir) {
    UPD(L.checksum + 4, L.certdir);
    UPD(L.certdir + 8, L.headers);
  } else {
    UPD(L.checksum + 4, L.headers);
  }
  for (unsigned k = 0; k < n; k++) {
    const uint8_t *s = im + L.sections + 40 * (size_t)order[k];
    size_t off = rd32(s + 20), size = rd32(s + 16);
    UPD(off, off + size);
  }
  /* data after the sections, up to the certificate table */
  if (end > hashed) UPD(hashed, end);
#undef UPD
  if (rc == FC_OK) rc = fc_hash_final(&ctx, digest);
  return rc;
}

fc_err fc_pe_next_signature(fc_slice *cursor, fc_slice *p7der) {
  if (cursor == NULL || p7der == NULL) return FC_ERR_ARG;
  while (cursor->len > 0) {
    if (cursor->len < 8) return FC_ERR_DER;
    size_t dw = rd32(cursor->p);
    uint32_t rev = rd16(cursor->p + 4), type = rd16(cursor->p + 6);
    if (dw < 8 || dw > cursor->len) return FC_ERR_DER;
    const uint8_t *body = cursor->p + 8;
    size_t body_len = dw - 8, step = (dw + 7) & ~(size_t)7;
    if (step > cursor->len) step = cursor->len; /* the last entry's padding may be absent */
    cursor->p += step;
    cursor->len -= step;
    if (rev == 0x0200 && type == 0x0002) {
      /* signers pad bCertificate to 8 bytes inside dwLength: the SignedData
         is its outer TLV, and what follows it must be zero padding */
      fc__span in = {body, body_len}, v;
      if (!fc__der_tlv(&in, 0x30, &v) || in.len > 7) return FC_ERR_DER;
      for (size_t i = 0; i < in.len; i++)
        if (in.p[i] != 0) return FC_ERR_DER;
      p7der->p = body;
      p7der->len = body_len - in.len;
      return FC_OK;
    }
  }
  return FC_ERR_SIG;
}
