// A tiny DER tree for the hand-made malformed-input tests
// (tests/x509/test_x509_malformed.cpp, test_pkcs7_malformed.cpp,
// test_pe_malformed.cpp): decode a valid structure into a tree (Node),
// edit one node (at(), Path), encode it again, so that parents' lengths stay
// right and only the intended defect is present. Nodes can be given an
// indefinite length, raw length octets whatever their content, or raw TLV
// bytes written as is (raw()); prim(), cons(), nest(), der_len(), tlv() and
// non_minimal_len() build the pieces.
// Also the helpers those tests share: Exact (an input on the heap with
// nothing after it, for ASan), pkcs7_vector() (tests/vectors/pkcs7/ files)
// and Workspace (fc_x509_check_signed's and fc_pkcs7_verify's scratch).
//
// Preconditions: tree() takes trusted DER only (the committed vectors):
// definite lengths of at most 3 octets, low tag numbers, nothing after the
// outer TLV. Anything else is not decoded but fails the current test
// (EXPECT), as does a tree that does not re-encode to its input. The
// encoder writes whatever the tree says, malformed or not: that is its job.
// Header-only (tests/support is built as one library from a fixed list).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fc_test.h"

namespace fct {
namespace der {

// Child indexes from the root (the root's path is empty).
using Path = std::vector<size_t>;

struct Node {
  enum class Len { kMinimal, kIndefinite, kRaw };
  uint8_t tag = 0;
  Bytes value;             // primitive content
  std::vector<Node> kids;  // constructed content
  Len len = Len::kMinimal;
  Bytes raw_len;           // Len::kRaw: these length octets, whatever the content
  Bytes raw;               // when not empty: the whole TLV, written as is
  bool constructed() const { return (tag & 0x20) != 0; }
};

inline Bytes der_len(size_t n) {
  if (n < 0x80) return {(uint8_t)n};
  Bytes b;
  for (size_t v = n; v != 0; v >>= 8) b.insert(b.begin(), (uint8_t)v);
  b.insert(b.begin(), (uint8_t)(0x80 | b.size()));
  return b;
}

inline Bytes tlv(uint8_t tag, const Bytes &content) {
  Bytes out{tag};
  Bytes l = der_len(content.size());
  out.insert(out.end(), l.begin(), l.end());
  out.insert(out.end(), content.begin(), content.end());
  return out;
}

inline void append(Bytes &a, const Bytes &b) { a.insert(a.end(), b.begin(), b.end()); }

inline Bytes content_of(const Node &n);
inline Bytes enc(const Node &n) {
  if (!n.raw.empty()) return n.raw;
  Bytes c = content_of(n), out{n.tag};
  switch (n.len) {
    case Node::Len::kMinimal: append(out, der_len(c.size())); break;
    case Node::Len::kIndefinite: out.push_back(0x80); break;
    case Node::Len::kRaw: append(out, n.raw_len); break;
  }
  append(out, c);
  if (n.len == Node::Len::kIndefinite) append(out, {0x00, 0x00});  // end-of-contents
  return out;
}
inline Bytes content_of(const Node &n) {
  if (!n.constructed()) return n.value;
  Bytes c;
  for (const Node &k : n.kids) append(c, enc(k));
  return c;
}

// Decodes one DER TLV (definite lengths; constructed tags recursively).
// Only for the committed vectors, which are DER: any surprise fails the test.
inline bool decode(const uint8_t *p, size_t n, Node *out, size_t *used) {
  if (n < 2 || (p[0] & 0x1f) == 0x1f) return false;
  size_t len = p[1], hdr = 2;
  if (len & 0x80) {
    size_t nl = len & 0x7f;
    if (nl == 0 || nl > 3 || n < 2 + nl) return false;
    len = 0;
    for (size_t i = 0; i < nl; i++) len = len << 8 | p[2 + i];
    hdr += nl;
  }
  if (len > n - hdr) return false;
  out->tag = p[0];
  if (out->constructed()) {
    for (size_t off = 0; off < len;) {
      Node k;
      size_t u;
      if (!decode(p + hdr + off, len - off, &k, &u)) return false;
      out->kids.push_back(k);
      off += u;
    }
  } else {
    out->value.assign(p + hdr, p + hdr + len);
  }
  *used = hdr + len;
  return true;
}

inline Node tree(const Bytes &der) {
  Node n;
  size_t used = 0;
  EXPECT_TRUE(decode(der.data(), der.size(), &n, &used) && used == der.size()) << "not DER";
  EXPECT_EQ(enc(n), der) << "the DER tree does not re-encode its input";
  return n;
}

inline Node prim(uint8_t tag, const Bytes &v) {
  Node n;
  n.tag = tag;
  n.value = v;
  return n;
}
inline Node cons(uint8_t tag, std::vector<Node> kids) {
  Node n;
  n.tag = tag;
  n.kids = std::move(kids);
  return n;
}
inline Node raw(const Bytes &whole) {
  Node n;
  n.tag = whole.empty() ? 0 : whole[0];
  n.raw = whole;
  return n;
}

inline Node &at(Node &root, const Path &path) {
  Node *n = &root;
  for (size_t i : path) {
    if (i >= n->kids.size()) {
      ADD_FAILURE() << "no child " << i << " (vector changed?)";
      return root;
    }
    n = &n->kids[i];
  }
  return *n;
}

// Every node's path (the root's is empty), parents before children.
inline void paths(const Node &n, Path cur, std::vector<Path> *out) {
  out->push_back(cur);
  for (size_t i = 0; i < n.kids.size(); i++) {
    cur.push_back(i);
    paths(n.kids[i], cur, out);
    cur.pop_back();
  }
}
inline std::vector<Path> paths(const Node &root) {
  std::vector<Path> out;
  paths(root, {}, &out);
  return out;
}
inline bool starts_with(const Path &p, const Path &prefix) {
  return p.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), p.begin());
}
inline std::string str(const Path &p) {
  std::string s = "{";
  for (size_t i : p) s += std::to_string(i) + ",";
  return s + "}";
}

// `depth` levels of `tag` around `inner`: the lengths from the inside out,
// then the headers from the outside in (no recursion, and linear time:
// 10,000 levels would be a deep stack or a quadratic copy otherwise).
inline Bytes nest(uint8_t tag, size_t depth, const Bytes &inner) {
  std::vector<size_t> len(depth);  // len[i]: content length of level i (0 innermost)
  size_t n = inner.size();
  for (size_t i = 0; i < depth; i++) {
    len[i] = n;
    n += 1 + der_len(n).size();
  }
  Bytes out;
  out.reserve(n);
  for (size_t i = depth; i-- > 0;) {
    out.push_back(tag);
    append(out, der_len(len[i]));
  }
  append(out, inner);
  return out;
}

// The same length octets, one octet longer than needed (still the same value).
inline Bytes non_minimal_len(size_t n) {
  if (n < 0x80) return {0x81, (uint8_t)n};
  Bytes l = der_len(n);
  l[0] = (uint8_t)(l[0] + 1);
  l.insert(l.begin() + 1, 0x00);
  return l;
}

// ---------------------------------------------------------------------------
// Shared by the malformed-input tests.
// ---------------------------------------------------------------------------

// A copy of exactly these bytes on the heap, so that ASan sees any read past
// them (a std::vector would do too; this makes the bound explicit).
struct Exact {
  std::unique_ptr<uint8_t[]> p;
  size_t n;
  Exact(const uint8_t *d, size_t len) : p(new uint8_t[len + (len == 0)]), n(len) {
    if (len) memcpy(p.get(), d, len);
  }
};

// A committed vector of tests/vectors/pkcs7/ (root.der, p384_detached.p7,
// content.txt).
inline std::string pkcs7_vector(const char *name) { return fct::vectors_dir() + "/pkcs7/" + name; }

// FC_X509_SIG_WORKSPACE_BYTES of 8-aligned scratch.
class Workspace {
 public:
  Workspace() : w_(new uint64_t[FC_X509_SIG_WORKSPACE_BYTES / 8 + 1]) {}
  void *get() { return w_.get(); }

 private:
  std::unique_ptr<uint64_t[]> w_;
};

}  // namespace der
}  // namespace fct
