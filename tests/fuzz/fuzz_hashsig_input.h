/*
 * What fuzz_lms.c and fuzz_xmss.c share: the input's layout and the checks
 * on a signature that verifies.
 * Layout: byte 0's bit 0 picks the key form (the target says which), its
 * other bits where the streamed form splits the message; byte 1 the key's
 * length, then the key; two bytes (big-endian) the signature's length,
 * then the signature (what is left if shorter); the rest is the message.
 */
#ifndef FC_FUZZ_HASHSIG_INPUT_H
#define FC_FUZZ_HASHSIG_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastcrypt.h"

/* Empty pieces point here: never NULL, so only the lengths say "empty". */
static const uint8_t fz_one = 0;

typedef struct {
  int form; /* byte 0, bit 0 */
  const uint8_t *pk, *sig, *msg;
  size_t pk_len, sig_len, msg_len;
  size_t split; /* 0 .. msg_len */
} fz_hashsig_input;

/* 0 when data is too short to hold the layout's fixed bytes. */
static int fz_hashsig_parse(const uint8_t *data, size_t size, fz_hashsig_input *in) {
  if (size < 4) return 0;
  size_t at = 1, pkl = data[at++];
  if (pkl > size - at) pkl = size - at;
  in->form = data[0] & 1;
  in->pk = pkl ? data + at : &fz_one;
  in->pk_len = pkl;
  at += pkl;
  if (size - at < 2) return 0;
  size_t sl = (size_t)data[at] << 8 | data[at + 1];
  at += 2;
  if (sl > size - at) sl = size - at;
  in->sig = sl ? data + at : &fz_one;
  in->sig_len = sl;
  at += sl;
  in->msg_len = size - at;
  in->msg = in->msg_len ? data + at : &fz_one;
  in->split = in->msg_len ? (size_t)(data[0] >> 1) % (in->msg_len + 1) : 0;
  return 1;
}

typedef fc_err (*fz_hashsig_verify)(const void *key, const void *msg, size_t len,
                                    const uint8_t *sig, size_t sig_len);

/* For a signature that verifies: one byte short, one byte long, and over
   the message with its first byte changed, it must not. */
static void fz_hashsig_tampered(fz_hashsig_verify verify, const void *key,
                                const fz_hashsig_input *in) {
  static uint8_t big[65536 + 1];
  static uint8_t m2[65536];
  if (in->sig_len == 0 || verify(key, in->msg, in->msg_len, in->sig, in->sig_len - 1) != FC_ERR_SIG)
    abort();
  memcpy(big, in->sig, in->sig_len);
  big[in->sig_len] = 0;
  if (verify(key, in->msg, in->msg_len, big, in->sig_len + 1) != FC_ERR_SIG) abort();
  if (in->msg_len && in->msg_len <= sizeof m2) {
    memcpy(m2, in->msg, in->msg_len);
    m2[0] ^= 1;
    if (verify(key, m2, in->msg_len, in->sig, in->sig_len) != FC_ERR_SIG) abort();
  }
}

#endif
