/*
 * libFuzzer target: ML-DSA verification with arbitrary keys, contexts,
 * messages and signatures. Input: byte 0 picks the parameter set (% 3) and
 * the form (/ 3 % 3: pure, HashML-DSA with SHA-512, external mu); then the
 * raw public key (its set's length), a context length byte and the
 * context, the signature (its set's length, or what is left), and the rest
 * as the message (the digest or mu: its first 64 bytes, zero-padded).
 * Whatever the input: no crash, no out-of-bounds access (ASan/UBSan),
 * FC_OK or FC_ERR_SIG only; a pure signature that verifies also verifies
 * streamed in two pieces at an input-chosen split, and no longer verifies
 * with its last byte dropped.
 * Seeds: tests/fuzz/corpus/mldsa (@noble/post-quantum signatures, valid and
 * tampered: tools/make-fuzz-seeds.py).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const fc_mldsa_param params[3] = {FC_ML_DSA_44, FC_ML_DSA_65, FC_ML_DSA_87};
  if (size < 2) return 0;
  fc_mldsa_param P = params[data[0] % 3];
  unsigned form = data[0] / 3 % 3;
  size_t pkl = fc_mldsa_pk_len(P), sigl = fc_mldsa_sig_len(P), at = 1;
  if (size - at < pkl + 1) return 0;
  static fc_mldsa_pubkey key;
  if (fc_mldsa_pubkey_init(&key, P, data + at, pkl) != FC_OK) abort(); /* any bytes are a key */
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
  uint8_t buf[64] = {0}, one = 0;
  memcpy(buf, msg, ml < 64 ? ml : 64);
  const uint8_t *cp = ctxl ? ctx : &one, *sp = sl ? sig : &one, *mp = ml ? msg : &one;
  fc_err rc = form == 0   ? fc_mldsa_verify(&key, mp, ml, cp, ctxl, sp, sl)
              : form == 1 ? fc_mldsa_verify_prehash(&key, FC_SHA512, buf, 64, cp, ctxl, sp, sl)
                          : fc_mldsa_verify_mu(&key, buf, sp, sl);
  if (rc != FC_OK && rc != FC_ERR_SIG) abort();
  if (rc == FC_OK) {
    if (sl != sigl || fc_mldsa_verify_mu(&key, buf, sp, sl - 1) != FC_ERR_SIG) abort();
    if (form == 0) {
      fc_mldsa_stream st;
      size_t split = ml ? data[0] % (ml + 1) : 0;
      if (fc_mldsa_stream_init(&st, &key, cp, ctxl) != FC_OK ||
          fc_mldsa_stream_update(&st, mp, split) != FC_OK ||
          fc_mldsa_stream_update(&st, mp + split, ml - split) != FC_OK ||
          fc_mldsa_stream_final(&st, sp, sl) != FC_OK)
        abort();
    }
  }
  return 0;
}
