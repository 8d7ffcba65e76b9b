// Reader for NIST CAVP response files (.rsp) and strict hex for vector data.
// Header-only (tests/support is built as one library from a fixed list).
//
// Format: `KEY = VALUE` lines, `[SECTION]` or `[KEY = VALUE]` headers, `#`
// comments, blank lines, LF or CRLF. A line holding a bare word (GCM's `FAIL`)
// is a flag. Records are built by the caller from the line stream, or with
// records() below.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace fct {
namespace rsp {

struct Line {
  enum Kind { kSection, kField, kFlag } kind;
  std::string key, value;  // section "[mod = 1024]": key "mod", value "1024"
  size_t lineno;           // 1-based, for messages
};

inline std::string trim(const std::string &s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r' || s[b] == '\n')) b++;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r' || s[e - 1] == '\n'))
    e--;
  return s.substr(b, e - b);
}

// The lines of text, trimmed, empty ones left out (plain one-per-line
// files such as vboot's padding_test_vectors.hex).
inline std::vector<std::string> nonempty_lines(const std::string &text) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string s = trim(text.substr(pos, nl - pos));
    pos = nl + 1;
    if (!s.empty()) out.push_back(s);
  }
  return out;
}

// Splits "key = value" (value may be empty); no '=' gives key only.
inline void split_kv(const std::string &s, std::string *k, std::string *v) {
  size_t eq = s.find('=');
  if (eq == std::string::npos) {
    *k = trim(s);
    v->clear();
  } else {
    *k = trim(s.substr(0, eq));
    *v = trim(s.substr(eq + 1));
  }
}

// Throws std::runtime_error on a malformed header.
inline std::vector<Line> parse(const std::string &text) {
  std::vector<Line> out;
  size_t pos = 0, lineno = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    std::string s = trim(text.substr(pos, nl - pos));
    pos = nl + 1;
    lineno++;
    if (s.empty() || s[0] == '#') continue;
    Line l;
    l.lineno = lineno;
    if (s[0] == '[') {
      if (s.back() != ']')
        throw std::runtime_error("rsp: bad header at line " + std::to_string(lineno));
      l.kind = Line::kSection;
      split_kv(s.substr(1, s.size() - 2), &l.key, &l.value);
    } else if (s.find('=') != std::string::npos) {
      l.kind = Line::kField;
      split_kv(s, &l.key, &l.value);
    } else {
      l.kind = Line::kFlag;
      l.key = s;
    }
    out.push_back(l);
  }
  return out;
}

struct Record {
  std::map<std::string, std::string> section;  // headers in force
  std::map<std::string, std::string> f;        // this record's fields (and sticky ones)
  std::set<std::string> flags;
  size_t lineno;  // line of the closing field
  bool has(const std::string &k) const { return f.count(k) != 0; }
  const std::string &at(const std::string &k) const {
    auto it = f.find(k);
    if (it == f.end())
      throw std::runtime_error("rsp: record at line " + std::to_string(lineno) + " lacks " + k);
    return it->second;
  }
};

// Groups the line stream into records, each closed by a field named `end`.
// Fields named in `sticky` persist until overwritten (SigVer's `n`); all
// others are cleared after each record, so a record missing a field fails
// at() instead of reusing the previous value. A header line following a
// field starts a new set of headers. Throws if a field repeats within a record.
inline std::vector<Record> records(const std::vector<Line> &lines, const std::string &end,
                                   const std::set<std::string> &sticky = {}) {
  std::vector<Record> out;
  Record cur;
  bool after_field = false;
  for (const Line &l : lines) {
    if (l.kind == Line::kSection) {
      if (after_field) cur.section.clear();
      cur.section[l.key] = l.value;
      after_field = false;
      continue;
    }
    after_field = true;
    if (l.kind == Line::kFlag) {
      cur.flags.insert(l.key);
      continue;
    }
    if (cur.f.count(l.key) && !sticky.count(l.key))
      throw std::runtime_error("rsp: field " + l.key + " repeats at line " +
                               std::to_string(l.lineno));
    cur.f[l.key] = l.value;
    if (l.key == end) {
      cur.lineno = l.lineno;
      out.push_back(cur);
      for (auto it = cur.f.begin(); it != cur.f.end();)
        it = sticky.count(it->first) ? std::next(it) : cur.f.erase(it);
      cur.flags.clear();
    }
  }
  return out;
}

}  // namespace rsp

// Strict hex: an even number of hex digits and nothing else (else throws).
// CAVP writes integers (RSA n, e, S) with leading zero nibbles dropped; use
// hex_int for those: an odd digit count gets a leading 0.
inline std::vector<uint8_t> hex_strict(const std::string &s) {
  auto nib = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw std::runtime_error("hex: bad digit in \"" + s.substr(0, 40) + "\"");
  };
  if (s.size() % 2) throw std::runtime_error("hex: odd length in \"" + s.substr(0, 40) + "\"");
  std::vector<uint8_t> out(s.size() / 2);
  for (size_t i = 0; i < out.size(); i++)
    out[i] = (uint8_t)(nib(s[2 * i]) << 4 | nib(s[2 * i + 1]));
  return out;
}

inline std::vector<uint8_t> hex_int(const std::string &s) {
  return hex_strict(s.size() % 2 ? "0" + s : s);
}

// Big-endian integer bytes left-padded with zeros to len (I2OSP, RFC 8017
// 4.1); throws if the value (without leading zeros) needs more than len bytes.
inline std::vector<uint8_t> pad_be(const std::vector<uint8_t> &v, size_t len) {
  size_t skip = 0;
  while (skip < v.size() && v[skip] == 0) skip++;
  if (v.size() - skip > len) throw std::runtime_error("pad_be: integer too long");
  std::vector<uint8_t> out(len - (v.size() - skip), 0);
  out.insert(out.end(), v.begin() + (long)skip, v.end());
  return out;
}

}  // namespace fct
