/*
 * libFuzzer target: SLH-DSA verification (FIPS 205) with arbitrary keys,
 * contexts, messages and signatures. Input: byte 0 picks the parameter set
 * (% 12) and the form (/ 12 % 2: pure, HashSLH-DSA with SHA-256); then the
 * raw public key (its set's 2n bytes), a context length byte and the
 * context, the signature (its set's length, or what is left), and the rest
 * as the message (for HashSLH-DSA: the digest is its first 32 bytes,
 * zero-padded).
 * Whatever the input: no crash, no out-of-bounds access (ASan/UBSan),
 * FC_OK or FC_ERR_SIG only; a pure signature that verifies also verifies
 * streamed in two pieces at an input-chosen split, and no longer verifies
 * with its last byte dropped or its first byte changed.
 * Seeds: tests/fuzz/corpus/slhdsa (@noble/post-quantum signatures from
 * tests/vectors/slhdsa, valid and tampered). Inputs reach 50.2 KB (a
 * 256f signature is 49,856 bytes): run with -max_len=51200.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"
#include "fastcrypt/slhdsa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  fc_slhdsa_param P = (fc_slhdsa_param)(FC_SLH_DSA_SHA2_128S + data[0] % 12);
  unsigned form = data[0] / 12 % 2;
  size_t pkl = fc_slhdsa_pk_len(P), sigl = fc_slhdsa_sig_len(P), at = 1;
  if (size - at < pkl + 1) return 0;
  static fc_slhdsa_pubkey key;
  if (fc_slhdsa_pubkey_init(&key, P, data + at, pkl) != FC_OK) abort(); /* any bytes are a key */
  at += pkl;
  size_t ctxl = data[at++];
  if (ctxl > size - at) ctxl = size - at;
  const uint8_t *ctx = data + at;
  at += ctxl;
  size_t sl = size - at < sigl ? size - at : sigl;
  const uint8_t *sig = data + at;
  at += sl;
  const uint8_t *msg = data + at;
  size_t ml = size - at;
  uint8_t buf[32] = {0}, one = 0;
  memcpy(buf, msg, ml < 32 ? ml : 32);
  const uint8_t *cp = ctxl ? ctx : &one, *sp = sl ? sig : &one, *mp = ml ? msg : &one;
  fc_err rc = form == 0 ? fc_slhdsa_verify(&key, mp, ml, cp, ctxl, sp, sl)
                        : fc_slhdsa_verify_prehash(&key, FC_SHA256, buf, 32, cp, ctxl, sp, sl);
  if (rc != FC_OK && rc != FC_ERR_SIG) abort();
  if (rc == FC_OK) {
    if (sl != sigl) abort();
    if (fc_slhdsa_verify(&key, mp, ml, cp, ctxl, sp, sl - 1) != FC_ERR_SIG) abort();
    if (form == 0) {
      static uint8_t copy[FC_SLHDSA_SIG_MAX];
      memcpy(copy, sp, sl);
      copy[0] ^= 1;
      if (fc_slhdsa_verify(&key, mp, ml, cp, ctxl, copy, sl) != FC_ERR_SIG) abort();
      fc_slhdsa_stream st;
      size_t split = ml ? data[0] % (ml + 1) : 0;
      if (fc_slhdsa_stream_init(&st, &key, sp, sl, cp, ctxl) != FC_OK ||
          fc_slhdsa_stream_update(&st, mp, split) != FC_OK ||
          fc_slhdsa_stream_update(&st, mp + split, ml - split) != FC_OK ||
          fc_slhdsa_stream_final(&st) != FC_OK)
        abort();
    }
  }
  return 0;
}
