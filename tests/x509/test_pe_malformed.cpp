// Hand-made malformed PE/COFF images for Authenticode's PE functions
// (include/fastcrypt/authenticode.h: fc_pe_hash, fc_pe_cert_table,
// fc_pe_next_signature). Every case starts from a valid image, checks that
// it hashes with FC_OK, breaks it in one place and expects the error code
// the header documents: FC_ERR_DER for malformed input.
//
// The valid starting point: a minimal PE32+ image built here, whose
// Authenticode hash is computed here from the layout the builder chose
// ("Calculating the PE Image Hash"), signed with the committed vector
// tests/vectors/pkcs7/p384_detached.p7 in its certificate table.
//
// Covered: PE headers, sections and certificate tables that lie, every
// truncation, WIN_CERTIFICATE entries. The ASan/UBSan suite runs it too: an
// out-of-bounds read fails there even when the returned code is right.
// (Certificates: test_x509_malformed.cpp; SignedData: test_pkcs7_malformed.cpp.)
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "der_tree.h"
#include "fc_test.h"

namespace {

using fct::Bytes;
using fct::der::append;
using fct::der::Exact;
using fct::der::pkcs7_vector;

// ---------------------------------------------------------------------------
// PE/COFF images: a minimal PE32+ built here
// ---------------------------------------------------------------------------

void put16(Bytes &b, size_t off, uint32_t v) {
  b[off] = (uint8_t)v;
  b[off + 1] = (uint8_t)(v >> 8);
}
void put32(Bytes &b, size_t off, uint32_t v) {
  put16(b, off, v & 0xffff);
  put16(b, off + 2, v >> 16);
}

// The layout the builder writes ("PE Format", Microsoft Learn).
constexpr size_t kLfanew = 0x40;                   // e_lfanew
constexpr size_t kCoff = kLfanew + 4;              // after "PE\0\0"
constexpr size_t kOpt = kCoff + 20;                // the optional header
constexpr size_t kOptSize = 112 + 16 * 8;          // PE32+, 16 data directories
constexpr size_t kChecksum = kOpt + 64;            // CheckSum
constexpr size_t kSecurityDir = kOpt + 112 + 4 * 8;  // data directory 4
constexpr size_t kSecTable = kOpt + kOptSize;      // the section table (2 x 40)
constexpr size_t kHeaders = 0x200;                 // SizeOfHeaders
constexpr size_t kTextOff = 0x200, kTextSize = 0x200;  // section table entry 1
constexpr size_t kDataOff = 0x400, kDataSize = 0x180;  // section table entry 0
constexpr size_t kTrailing = 0x80;  // data after the sections (not in any section)
constexpr size_t kUnsignedLen = kDataOff + kDataSize + kTrailing;  // 0x600: 8-aligned

// A valid unsigned PE32+ image: two sections, entered in the table in the
// reverse of their file order (the hash sorts them), and trailing data.
Bytes pe_unsigned() {
  Bytes im(kUnsignedLen, 0);
  for (size_t i = 0; i < im.size(); i++) im[i] = (uint8_t)(i * 37 + 11);  // every byte distinct-ish
  std::fill(im.begin(), im.begin() + kHeaders, 0);
  im[0] = 'M';
  im[1] = 'Z';
  put32(im, 0x3c, kLfanew);
  memcpy(&im[kLfanew], "PE\0\0", 4);
  put16(im, kCoff + 0, 0x8664);        // Machine: AMD64
  put16(im, kCoff + 2, 2);             // NumberOfSections
  put32(im, kCoff + 4, 0x5f5e100);     // TimeDateStamp
  put16(im, kCoff + 16, kOptSize);     // SizeOfOptionalHeader
  put16(im, kCoff + 18, 0x2022);       // Characteristics
  put16(im, kOpt + 0, 0x20b);          // Magic: PE32+
  put32(im, kOpt + 16, 0x1000);        // AddressOfEntryPoint
  put32(im, kOpt + 32, 0x1000);        // SectionAlignment
  put32(im, kOpt + 36, 0x200);         // FileAlignment
  put32(im, kOpt + 56, 0x3000);        // SizeOfImage
  put32(im, kOpt + 60, kHeaders);      // SizeOfHeaders
  put32(im, kChecksum, 0xdeadbeef);    // CheckSum: left out of the hash
  put16(im, kOpt + 68, 10);            // Subsystem: EFI application
  put32(im, kOpt + 108, 16);           // NumberOfRvaAndSizes
  put32(im, kOpt + 112 + 8 * 1, 0x2000);  // an import directory, to have one that is hashed
  put32(im, kOpt + 112 + 8 * 1 + 4, 0x40);
  struct {
    const char *name;
    size_t off, size, rva;
  } sec[2] = {{".data", kDataOff, kDataSize, 0x2000}, {".text", kTextOff, kTextSize, 0x1000}};
  for (size_t i = 0; i < 2; i++) {
    size_t s = kSecTable + 40 * i;
    memcpy(&im[s], sec[i].name, strlen(sec[i].name));
    put32(im, s + 8, (uint32_t)sec[i].size);   // VirtualSize
    put32(im, s + 12, (uint32_t)sec[i].rva);   // VirtualAddress
    put32(im, s + 16, (uint32_t)sec[i].size);  // SizeOfRawData
    put32(im, s + 20, (uint32_t)sec[i].off);   // PointerToRawData
    put32(im, s + 36, 0x60000020);
  }
  return im;
}

// The image with a certificate table at its end: one WIN_CERTIFICATE
// (revision 2.0, PKCS_SIGNED_DATA) holding p7, padded to 8 bytes.
Bytes pe_signed(const Bytes &p7) {
  Bytes im = pe_unsigned();
  size_t table = im.size();
  Bytes entry(8);
  put32(entry, 0, (uint32_t)(8 + p7.size()));
  put16(entry, 4, 0x0200);
  put16(entry, 6, 0x0002);
  append(entry, p7);
  entry.resize((entry.size() + 7) & ~(size_t)7, 0);
  append(im, entry);
  put32(im, kSecurityDir, (uint32_t)table);
  put32(im, kSecurityDir + 4, (uint32_t)entry.size());
  return im;
}

// What Authenticode hashes, from the layout above ("Calculating the PE Image
// Hash"): the headers without CheckSum and the Security directory entry,
// the sections by PointerToRawData, then the rest up to the certificate
// table (table_len octets at the end).
Bytes pe_hashed_bytes(const Bytes &im, size_t table_len) {
  const size_t hashed = kHeaders + kTextSize + kDataSize;  // SUM_OF_BYTES_HASHED
  const std::pair<size_t, size_t> ranges[] = {
      {0, kChecksum},
      {kChecksum + 4, kSecurityDir},
      {kSecurityDir + 8, kHeaders},
      {kTextOff, kTextOff + kTextSize},  // sections by PointerToRawData: .text first
      {kDataOff, kDataOff + kDataSize},
      {hashed, im.size() - table_len},
  };
  Bytes out;
  for (const auto &r : ranges)
    for (size_t i = r.first; i < r.second; i++) out.push_back(im.at(i));
  return out;
}

// SHA-256 of pe_hashed_bytes(pe_unsigned(), 0), by sha256sum (coreutils)
// over those bytes when this test was written: an answer from outside
// fastcrypt.
const char kUnsignedHashHex[] = "ff78a38a70d3e84331fbcb23ffad50f39045581de15f3b5f150635f5d39b2c86";

fc_err pe_hash(const Bytes &im, Bytes *digest = nullptr) {
  Exact e(im.data(), im.size());
  Bytes d(32);
  fc_err rc = fc_pe_hash(FC_SHA256, e.p.get(), e.n, d.data());
  if (digest != nullptr) *digest = d;
  return rc;
}
fc_err pe_table(const Bytes &im) {
  Exact e(im.data(), im.size());
  fc_slice t;
  return fc_pe_cert_table(e.p.get(), e.n, &t);
}
// Both header walks: the hash and the table agree on what is malformed.
void expect_pe_der(const Bytes &im, const std::string &what) {
  EXPECT_EQ(pe_hash(im), FC_ERR_DER) << what;
  EXPECT_EQ(pe_table(im), FC_ERR_DER) << what;
}

class PeMalformed : public ::testing::Test {
 protected:
  void SetUp() override {
    p7_ = fct::read_file(pkcs7_vector("p384_detached.p7"));
    ASSERT_FALSE(p7_.empty());
    unsigned_ = pe_unsigned();
    signed_ = pe_signed(p7_);
    table_len_ = signed_.size() - kUnsignedLen;
    ASSERT_EQ(pe_hash(unsigned_), FC_OK);
    ASSERT_EQ(pe_hash(signed_), FC_OK);
  }
  Bytes p7_, unsigned_, signed_;
  size_t table_len_ = 0;
};

TEST_F(PeMalformed, ValidImagesHashAsTheSpecSays) {
  Bytes expect(32), got;
  Bytes spec = pe_hashed_bytes(unsigned_, 0);
  EXPECT_EQ(spec.size(), kUnsignedLen - 4 - 8);  // all but CheckSum and the Security entry
  ASSERT_EQ(fc_hash(FC_SHA256, spec.data(), spec.size(), expect.data()), FC_OK);
  EXPECT_EQ(fct::to_hex(expect), kUnsignedHashHex);
  ASSERT_EQ(pe_hash(unsigned_, &got), FC_OK);
  EXPECT_EQ(got, expect) << "unsigned image";
  // signing changes neither the hashed bytes nor the hash
  EXPECT_EQ(pe_hashed_bytes(signed_, table_len_), spec);
  ASSERT_EQ(pe_hash(signed_, &got), FC_OK);
  EXPECT_EQ(got, expect) << "signed image";
  // CheckSum is left out; any other header byte is not
  Bytes im = signed_;
  put32(im, kChecksum, 0x01020304);
  ASSERT_EQ(pe_hash(im, &got), FC_OK);
  EXPECT_EQ(got, expect);
  im = signed_;
  im[kCoff + 4] ^= 1;  // TimeDateStamp
  ASSERT_EQ(pe_hash(im, &got), FC_OK);
  EXPECT_NE(got, expect);

  // the table and its one signature
  fc_slice table;
  ASSERT_EQ(fc_pe_cert_table(signed_.data(), signed_.size(), &table), FC_OK);
  EXPECT_EQ(table.p, signed_.data() + kUnsignedLen);
  EXPECT_EQ(table.len, table_len_);
  fc_slice p7der;
  ASSERT_EQ(fc_pe_next_signature(&table, &p7der), FC_OK);
  EXPECT_EQ(Bytes(p7der.p, p7der.p + p7der.len), p7_);
  EXPECT_EQ(fc_pe_next_signature(&table, &p7der), FC_ERR_SIG) << "the end of the table";
  ASSERT_EQ(fc_pe_cert_table(unsigned_.data(), unsigned_.size(), &table), FC_OK);
  EXPECT_EQ(table.len, 0u);
  EXPECT_EQ(fc_pe_next_signature(&table, &p7der), FC_ERR_SIG) << "an unsigned image";
  // the SignedData parses; it is not Authenticode's (content pkcs7-data)
  auto p7 = std::make_unique<fc_pkcs7>();
  ASSERT_EQ(fc_pkcs7_parse(p7.get(), p7_.data(), p7_.size()), FC_OK);
  fc_hash_alg alg;
  fc_slice d;
  EXPECT_EQ(fc_authenticode_digest(p7.get(), &alg, &d), FC_ERR_UNSUPPORTED);
}

TEST_F(PeMalformed, EveryTruncation) {
  // signed: every prefix cuts the certificate table, which must end the file
  for (size_t n = 0; n < signed_.size(); n++) {
    Bytes t(signed_.begin(), signed_.begin() + n);
    ASSERT_EQ(pe_hash(t), FC_ERR_DER) << "prefix of " << n << " bytes";
    ASSERT_EQ(pe_table(t), FC_ERR_DER) << "prefix of " << n << " bytes";
  }
  // unsigned: every prefix that cuts a header or a section; one that only
  // drops trailing data is a valid image
  for (size_t n = 0; n < unsigned_.size(); n++) {
    Bytes t(unsigned_.begin(), unsigned_.begin() + n);
    fc_err want = n < kDataOff + kDataSize ? FC_ERR_DER : FC_OK;
    ASSERT_EQ(pe_hash(t), want) << "prefix of " << n << " bytes";
    ASSERT_EQ(pe_table(t), want) << "prefix of " << n << " bytes";
  }
}

TEST_F(PeMalformed, SignaturesAndELfanew) {
  Bytes im = signed_;
  im[1] = 'X';
  expect_pe_der(im, "no MZ");
  im = signed_;
  im[kLfanew + 2] = 'x';
  expect_pe_der(im, "PE\\0x");
  const size_t len = signed_.size();
  for (uint32_t v : {(uint32_t)len, (uint32_t)len - 1, (uint32_t)len - 4, (uint32_t)len - 23,
                     (uint32_t)len + 1, 0x7fffffffu, 0x80000000u, 0xfffffff0u, 0xffffffffu}) {
    im = signed_;
    put32(im, 0x3c, v);
    expect_pe_der(im, "e_lfanew " + std::to_string(v));
  }
  im = signed_;
  put32(im, 0x3c, 0x20);  // inside the DOS header: no PE signature there
  expect_pe_der(im, "e_lfanew 0x20");
}

TEST_F(PeMalformed, NumberOfSections) {
  for (uint32_t n : {97u, 0x100u, 0x7fffu, 0xffffu}) {
    Bytes im = signed_;
    put16(im, kCoff + 2, n);
    expect_pe_der(im, "NumberOfSections " + std::to_string(n));
  }
  // 5 to 96: the table runs past SizeOfHeaders (it has room for 4)
  for (uint32_t n : {5u, 8u, 96u}) {
    Bytes im = signed_;
    put16(im, kCoff + 2, n);
    expect_pe_der(im, "NumberOfSections " + std::to_string(n));
  }
  // 1: only .data hashed, .text becomes trailing data; 3 and 4: zero
  // entries (SizeOfRawData 0) in the headers' room: valid
  for (uint32_t n : {1u, 3u, 4u}) {
    Bytes im = signed_;
    put16(im, kCoff + 2, n);
    EXPECT_EQ(pe_hash(im), FC_OK) << n;
  }
}

TEST_F(PeMalformed, SizeOfOptionalHeader) {
  for (uint32_t v : {0u, 1u, 2u, 96u, 111u, (uint32_t)kOptSize - 8, (uint32_t)kOptSize - 1, 0xffffu}) {
    Bytes im = signed_;
    put16(im, kCoff + 16, v);
    expect_pe_der(im, "SizeOfOptionalHeader " + std::to_string(v));
  }
  // the magic, NumberOfRvaAndSizes and SizeOfHeaders it is read with
  Bytes im = signed_;
  put16(im, kOpt, 0x10c);
  expect_pe_der(im, "magic 0x10c");
  im = signed_;
  put16(im, kOpt, 0x10b);  // PE32: the directories move, and NumberOfRvaAndSizes with them
  im[kOpt + 92] = 0xff;
  expect_pe_der(im, "PE32 magic on a PE32+ header");
  for (uint32_t v : {17u, 0x1000u, 0xffffffffu}) {
    im = signed_;
    put32(im, kOpt + 108, v);
    expect_pe_der(im, "NumberOfRvaAndSizes " + std::to_string(v));
  }
  for (uint32_t v : {0u, (uint32_t)kSecTable + 79, (uint32_t)signed_.size() + 1, 0xffffffffu}) {
    im = signed_;
    put32(im, kOpt + 60, v);
    expect_pe_der(im, "SizeOfHeaders " + std::to_string(v));
  }
}

// Sections whose raw data lies outside the file, in the headers, over
// another section or over the certificate table: (what, image) pairs made
// from the unsigned and the signed image.
std::vector<std::pair<std::string, Bytes>> section_defects(const Bytes &unsigned_im,
                                                           const Bytes &signed_im) {
  auto section = [](Bytes im, size_t idx, uint32_t off, uint32_t size) {
    put32(im, kSecTable + 40 * idx + 20, off);  // PointerToRawData
    put32(im, kSecTable + 40 * idx + 16, size);  // SizeOfRawData
    return im;
  };
  const size_t data = 0, text = 1;  // table indexes
  std::vector<std::pair<std::string, Bytes>> out;
  for (const Bytes *base : {&unsigned_im, &signed_im}) {
    const std::string which = base == &unsigned_im ? "unsigned: " : "signed: ";
    const uint32_t len = (uint32_t)base->size();
    auto add = [&](const char *what, size_t idx, uint32_t off, uint32_t size) {
      out.emplace_back(which + what, section(*base, idx, off, size));
    };
    add("raw data one byte past the file", data, kDataOff, len - kDataOff + 1);
    add("raw data starting at the end", data, len, 0x10);
    add("PointerToRawData + SizeOfRawData wraps 32 bits", data, 0xfffffff0u, 0x20);
    add("SizeOfRawData 4 GiB", data, kDataOff, 0xffffffffu);
    add("raw data inside the headers", text, kHeaders - 8, kTextSize);
    add("raw data at offset 0", text, 0, kTextSize);
    add(".text overlapping .data", text, kTextOff, kTextSize + 8);
    add(".data inside .text", data, kTextOff + 0x100, kDataSize);
    add("two sections at one offset", data, kTextOff, kTextSize);
  }
  // in the file, but over the certificate table
  out.emplace_back(".data overlapping the certificate table",
                   section(signed_im, data, kDataOff, kDataSize + kTrailing + 8));
  out.emplace_back(".data inside the certificate table", section(signed_im, data, kUnsignedLen, 8));
  return out;
}

TEST_F(PeMalformed, SectionsOutsideTheFileOrOverlapping) {
  ASSERT_LE(kDataOff + kDataSize + kTrailing + 8, signed_.size());
  for (const auto &d : section_defects(unsigned_, signed_)) EXPECT_EQ(pe_hash(d.second), FC_ERR_DER) << d.first;
  // valid neighbours: SizeOfRawData 0 (nothing of the section in the file,
  // whatever its pointer), .data grown up to the table
  Bytes im = signed_;
  put32(im, kSecTable + 20, 0xffffffffu);
  put32(im, kSecTable + 16, 0);
  EXPECT_EQ(pe_hash(im), FC_OK);
  im = signed_;
  put32(im, kSecTable + 16, kDataSize + kTrailing);
  EXPECT_EQ(pe_hash(im), FC_OK) << ".data up to the table";
}

// authenticode.h: fc_pe_cert_table returns "FC_ERR_DER as fc_pe_hash": the
// same section checks (src/x509/pe_image.c, sections()).
TEST_F(PeMalformed, CertTableRefusesWhatHashRefuses) {
  ASSERT_EQ(pe_table(signed_), FC_OK);
  for (const auto &d : section_defects(unsigned_, signed_)) EXPECT_EQ(pe_table(d.second), FC_ERR_DER) << d.first;
  Bytes cut(unsigned_.begin(), unsigned_.begin() + kDataOff);  // .data cut off
  EXPECT_EQ(pe_hash(cut), FC_ERR_DER);
  EXPECT_EQ(pe_table(cut), FC_ERR_DER);
}

TEST_F(PeMalformed, CertificateTableOutOfPlace) {
  const uint32_t len = (uint32_t)signed_.size(), table = (uint32_t)kUnsignedLen,
                 tlen = (uint32_t)table_len_;
  auto dir = [&](uint32_t off, uint32_t size) {
    Bytes im = signed_;
    put32(im, kSecurityDir, off);
    put32(im, kSecurityDir + 4, size);
    return im;
  };
  ASSERT_EQ(pe_hash(dir(table, tlen)), FC_OK);
  expect_pe_der(dir(table, tlen + 8), "past the end by 8");
  expect_pe_der(dir(table, tlen + 1), "past the end by 1");
  expect_pe_der(dir(table, 0xffffffffu), "size 4 GiB");
  expect_pe_der(dir(len, 8), "starting at the end");
  expect_pe_der(dir(0xfffffff8u, 16), "offset + size wraps 32 bits");
  expect_pe_der(dir(table, tlen - 8), "not at the end: 8 bytes follow it");
  expect_pe_der(dir(table - 8, tlen), "not at the end: ends 8 bytes early");
  expect_pe_der(dir(0x100, len - 0x100), "overlapping the headers");
  expect_pe_der(dir(0, len), "the whole file");
  Bytes im = signed_;
  append(im, Bytes(8, 0));
  expect_pe_der(im, "8 zero bytes appended after the table");
  // fewer than 5 data directories: no Security entry, no table, all hashed
  im = signed_;
  put32(im, kOpt + 108, 4);
  fc_slice t;
  ASSERT_EQ(fc_pe_cert_table(im.data(), im.size(), &t), FC_OK);
  EXPECT_EQ(t.len, 0u);
}

TEST_F(PeMalformed, WinCertificateEntries) {
  fc_slice table;
  ASSERT_EQ(fc_pe_cert_table(signed_.data(), signed_.size(), &table), FC_OK);
  const Bytes entry(table.p, table.p + table.len);
  auto next = [](const Bytes &e, fc_slice *out = nullptr) {
    Exact x(e.data(), e.size());
    fc_slice cur = {x.p.get(), x.n}, p7;
    fc_err rc = fc_pe_next_signature(&cur, &p7);
    if (out != nullptr) *out = p7;
    return rc;
  };
  ASSERT_EQ(next(entry), FC_OK);
  for (uint32_t dw : {0u, 1u, 7u, (uint32_t)entry.size() + 1, (uint32_t)entry.size() + 8, 0x7fffffffu,
                      0xffffffffu}) {
    Bytes e = entry;
    put32(e, 0, dw);
    EXPECT_EQ(next(e), FC_ERR_DER) << "dwLength " << dw;
  }
  // dwLength 8: an empty bCertificate, not a SignedData
  Bytes e = entry;
  put32(e, 0, 8);
  EXPECT_EQ(next(e), FC_ERR_DER) << "dwLength 8";
  // dwLength cutting the SignedData short
  e = entry;
  put32(e, 0, (uint32_t)(8 + p7_.size() - 1));
  EXPECT_EQ(next(e), FC_ERR_DER) << "dwLength one short";
  for (size_t n : {1, 4, 7}) EXPECT_EQ(next(Bytes(entry.begin(), entry.begin() + n)), FC_ERR_DER) << n;
  // the padding inside dwLength: up to 7 zero bytes (p7_ needs some?) then
  // anything else refused
  for (size_t pad : {1, 7}) {
    Bytes p = Bytes(entry.begin(), entry.begin() + 8);
    append(p, p7_);
    append(p, Bytes(pad, 0));
    put32(p, 0, (uint32_t)p.size());
    fc_slice got;
    ASSERT_EQ(next(p, &got), FC_OK) << pad << " zero bytes of padding";
    EXPECT_EQ(got.len, p7_.size());
    p.back() = 0x01;
    EXPECT_EQ(next(p), FC_ERR_DER) << pad << " bytes of padding, the last not zero";
  }
  Bytes p = Bytes(entry.begin(), entry.begin() + 8);
  append(p, p7_);
  append(p, Bytes(8, 0));
  put32(p, 0, (uint32_t)p.size());
  EXPECT_EQ(next(p), FC_ERR_DER) << "8 bytes of padding";
  // a SignedData of indefinite length
  p = entry;
  p[9] = 0x80;
  EXPECT_EQ(next(p), FC_ERR_DER) << "30 80";
  // an entry of another type is skipped; a broken one after it is refused
  Bytes other(16, 0);
  put32(other, 0, 16);
  put16(other, 4, 0x0200);
  put16(other, 6, 0x0001);  // WIN_CERT_TYPE_X509
  Bytes two = other;
  append(two, entry);
  fc_slice got;
  ASSERT_EQ(next(two, &got), FC_OK);
  EXPECT_EQ(got.len, p7_.size());
  put32(two, 16, 4);
  EXPECT_EQ(next(two), FC_ERR_DER) << "a broken entry after a skipped one";
}

}  // namespace
