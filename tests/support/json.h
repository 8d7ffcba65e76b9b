// Minimal JSON reader (RFC 8259) for the Wycheproof vector files.
// Header-only (tests/support is built as one library from a fixed list).
//
// Recursive descent over objects, arrays, strings (every escape, \u with
// surrogate pairs, output UTF-8), numbers (kept as text, converted on
// demand), true/false/null. Anything malformed, a duplicate object key,
// trailing data or nesting deeper than 64 throws std::runtime_error with
// the byte offset.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace fct {
namespace json {

class Value {
 public:
  enum Type { kNull, kBool, kNumber, kString, kArray, kObject };

  Type type() const { return type_; }
  bool is(Type t) const { return type_ == t; }

  bool as_bool() const { return need(kBool).b_; }
  const std::string &as_string() const { return need(kString).s_; }
  // Integral number; throws for a fraction, an exponent or overflow.
  int64_t as_int() const {
    const std::string &t = need(kNumber).s_;
    if (t.find_first_of(".eE") != std::string::npos || t.size() > 18)
      throw std::runtime_error("json: not a small integer: " + t);
    return std::strtoll(t.c_str(), nullptr, 10);
  }
  const std::vector<Value> &items() const { return need(kArray).a_; }
  const std::vector<std::pair<std::string, Value>> &members() const { return need(kObject).o_; }

  // Object member or nullptr.
  const Value *find(const std::string &k) const {
    for (const auto &m : need(kObject).o_)
      if (m.first == k) return &m.second;
    return nullptr;
  }
  // Object member; throws if absent.
  const Value &operator[](const std::string &k) const {
    const Value *v = find(k);
    if (!v) throw std::runtime_error("json: no member \"" + k + "\"");
    return *v;
  }

 private:
  friend class Parser;
  const Value &need(Type t) const {
    static const char *names[] = {"null", "bool", "number", "string", "array", "object"};
    if (type_ != t)
      throw std::runtime_error(std::string("json: expected ") + names[t] + ", found " +
                               names[type_]);
    return *this;
  }
  Type type_ = kNull;
  bool b_ = false;
  std::string s_;  // string contents, or number text
  std::vector<Value> a_;
  std::vector<std::pair<std::string, Value>> o_;
};

class Parser {
 public:
  explicit Parser(const std::string &text) : t_(text) {}

  Value document() {
    Value v = value(0);
    ws();
    if (p_ != t_.size()) fail("trailing data");
    return v;
  }

 private:
  [[noreturn]] void fail(const char *what) const {
    throw std::runtime_error(std::string("json: ") + what + " at byte " + std::to_string(p_));
  }
  void ws() {
    while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\t' || t_[p_] == '\n' || t_[p_] == '\r'))
      p_++;
  }
  char peek() const { return p_ < t_.size() ? t_[p_] : '\0'; }
  void expect(char c) {
    if (peek() != c) fail("unexpected character");
    p_++;
  }
  void literal(const char *word) {
    for (const char *w = word; *w; w++) expect(*w);
  }

  Value value(int depth) {
    if (depth > 64) fail("nesting too deep");
    ws();
    Value v;
    char c = peek();
    if (c == '{') {
      v.type_ = Value::kObject;
      p_++;
      ws();
      if (peek() == '}') {
        p_++;
        return v;
      }
      for (;;) {
        ws();
        std::string k = string();
        for (const auto &m : v.o_)
          if (m.first == k) fail("duplicate key");
        ws();
        expect(':');
        v.o_.emplace_back(std::move(k), value(depth + 1));
        ws();
        if (peek() == ',') {
          p_++;
          continue;
        }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      v.type_ = Value::kArray;
      p_++;
      ws();
      if (peek() == ']') {
        p_++;
        return v;
      }
      for (;;) {
        v.a_.push_back(value(depth + 1));
        ws();
        if (peek() == ',') {
          p_++;
          continue;
        }
        expect(']');
        return v;
      }
    }
    if (c == '"') {
      v.type_ = Value::kString;
      v.s_ = string();
      return v;
    }
    if (c == 't' || c == 'f') {
      v.type_ = Value::kBool;
      v.b_ = c == 't';
      literal(v.b_ ? "true" : "false");
      return v;
    }
    if (c == 'n') {
      literal("null");
      return v;
    }
    v.type_ = Value::kNumber;
    v.s_ = number();
    return v;
  }

  static bool digit(char c) { return c >= '0' && c <= '9'; }

  // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  std::string number() {
    size_t b = p_;
    if (peek() == '-') p_++;
    if (peek() == '0') {
      p_++;
    } else if (digit(peek())) {
      while (digit(peek())) p_++;
    } else {
      fail("bad value");
    }
    if (peek() == '.') {
      p_++;
      if (!digit(peek())) fail("bad fraction");
      while (digit(peek())) p_++;
    }
    if (peek() == 'e' || peek() == 'E') {
      p_++;
      if (peek() == '+' || peek() == '-') p_++;
      if (!digit(peek())) fail("bad exponent");
      while (digit(peek())) p_++;
    }
    return t_.substr(b, p_ - b);
  }

  unsigned hex4() {
    unsigned u = 0;
    for (int i = 0; i < 4; i++) {
      char c = peek();
      int d = digit(c)                 ? c - '0'
              : (c >= 'a' && c <= 'f') ? c - 'a' + 10
              : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                       : -1;
      if (d < 0) fail("bad \\u escape");
      u = u << 4 | (unsigned)d;
      p_++;
    }
    return u;
  }

  static void utf8(std::string &out, unsigned cp) {
    if (cp < 0x80) {
      out += (char)cp;
    } else if (cp < 0x800) {
      out += (char)(0xc0 | cp >> 6);
      out += (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      out += (char)(0xe0 | cp >> 12);
      out += (char)(0x80 | ((cp >> 6) & 0x3f));
      out += (char)(0x80 | (cp & 0x3f));
    } else {
      out += (char)(0xf0 | cp >> 18);
      out += (char)(0x80 | ((cp >> 12) & 0x3f));
      out += (char)(0x80 | ((cp >> 6) & 0x3f));
      out += (char)(0x80 | (cp & 0x3f));
    }
  }

  std::string string() {
    expect('"');
    std::string out;
    for (;;) {
      if (p_ >= t_.size()) fail("unterminated string");
      char c = t_[p_++];
      if (c == '"') return out;
      if ((unsigned char)c < 0x20) fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      char e = peek();
      p_++;
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xd800 && cp < 0xdc00) {  // high surrogate: a low one must follow
            expect('\\');
            expect('u');
            unsigned lo = hex4();
            if (lo < 0xdc00 || lo >= 0xe000) fail("unpaired surrogate");
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          } else if (cp >= 0xdc00 && cp < 0xe000) {
            fail("unpaired surrogate");
          }
          utf8(out, cp);
          break;
        }
        default:
          p_--;
          fail("bad escape");
      }
    }
  }

  const std::string &t_;
  size_t p_ = 0;
};

inline Value parse(const std::string &text) { return Parser(text).document(); }

}  // namespace json
}  // namespace fct
