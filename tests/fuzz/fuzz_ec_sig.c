/*
 * libFuzzer target: fc_ecdsa_verify and fc_ecdsa_verify_raw with arbitrary
 * signature and digest bytes under fixed valid keys of both curves (the
 * first byte picks the curve and splits digest from signature). Whatever the
 * input: no crash, no out-of-bounds access (ASan/UBSan), and FC_OK,
 * FC_ERR_SIG or (empty digest) FC_ERR_ARG only. A signature that verifies
 * as DER must be strict DER: re-encoding its two INTEGERs minimally gives
 * the same bytes.
 * Seeds: tests/fuzz/corpus/ec_sig (Wycheproof signatures, valid and not).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

/* SEC1 points of the Wycheproof groups' keys (secp256r1, secp384r1). */
static const uint8_t p256_pt[65] = {
    0x04, 0x04, 0xaa, 0xec, 0x73, 0x63, 0x57, 0x26, 0xf2, 0x13, 0xfb, 0x8a, 0x9e, 0x64, 0xda,
    0x3b, 0x86, 0x32, 0xe4, 0x14, 0x95, 0xa9, 0x44, 0xd0, 0x04, 0x5b, 0x52, 0x2e, 0xba, 0x72,
    0x40, 0xfa, 0xd5, 0x87, 0xd9, 0x31, 0x57, 0x98, 0xaa, 0xa3, 0xa5, 0xba, 0x01, 0x77, 0x57,
    0x87, 0xce, 0xd0, 0x5e, 0xaa, 0xf7, 0xb4, 0xe0, 0x9f, 0xc8, 0x1d, 0x6d, 0x1a, 0xa5, 0x46,
    0xe8, 0x36, 0x5d, 0x52, 0x5d};

/* Minimal INTEGER of magnitude v (len bytes, leading zeros allowed) at out;
   returns its size. */
static size_t put_int(uint8_t *out, const uint8_t *v, size_t len) {
  while (len > 1 && v[0] == 0) v++, len--;
  size_t pad = v[0] & 0x80 ? 1 : 0, n = 0;
  out[n++] = 0x02;
  out[n++] = (uint8_t)(len + pad);
  if (pad) out[n++] = 0;
  memcpy(out + n, v, len);
  return n + len;
}

/* The signature is 30 L (02 lr r) (02 ls s) with r, s re-encoded minimally
   giving back the same bytes. */
static int strict_der(const uint8_t *sig, size_t sl) {
  uint8_t re[160];
  if (sl < 8 || sl > 150 || sig[0] != 0x30) return 0;
  size_t h = sig[1] == 0x81 ? 3 : 2;
  if (h >= sl || sig[h] != 0x02 || h + 2 + sig[h + 1] > sl) return 0;
  const uint8_t *r = sig + h + 2;
  size_t rl = sig[h + 1], i = h + 2 + rl;
  if (rl == 0 || i + 2 > sl || sig[i] != 0x02 || i + 2 + sig[i + 1] != sl) return 0;
  const uint8_t *s = sig + i + 2;
  size_t body = put_int(re + 3, r, rl);
  body += put_int(re + 3 + body, s, sig[i + 1]);
  size_t start = body >= 0x80 ? 0 : 1;
  re[start] = 0x30;
  if (body >= 0x80) re[1] = 0x81;
  re[2] = (uint8_t)body;
  return 3 - start + body == sl && memcmp(re + start, sig, sl) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static fc_ec_pubkey key;
  static int ready;
  if (!ready) {
    if (fc_ec_pubkey_init(&key, FC_P256, p256_pt, sizeof p256_pt) != FC_OK) abort();
    ready = 1;
  }
  if (size < 1) return 0;
  size_t dl = data[0] % 80; /* digest length 0 .. 79 */
  if (dl > size - 1) dl = size - 1;
  const uint8_t *digest = data + 1, *sig = data + 1 + dl;
  size_t sl = size - 1 - dl;
  uint8_t one = 0;
  const uint8_t *sp = sl ? sig : &one;
  fc_err a = fc_ecdsa_verify(&key, dl ? digest : &one, dl, sp, sl);
  fc_err b = fc_ecdsa_verify_raw(&key, dl ? digest : &one, dl, sp, sl);
  if (dl == 0) {
    if (a != FC_ERR_ARG || b != FC_ERR_ARG) abort();
    return 0;
  }
  if ((a != FC_OK && a != FC_ERR_SIG) || (b != FC_OK && b != FC_ERR_SIG)) abort();
  if (a == FC_OK && !strict_der(sig, sl)) abort();
  return 0;
}
