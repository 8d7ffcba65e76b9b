/*
 * Bitsliced constant-time AES core shared by the portable `ct` kernel:
 * four blocks at a time in eight 64-bit bit planes. No table, no branch or
 * index on key or data. See aes_ct64.c for the layout.
 */
#ifndef FC_AES_CT64_H
#define FC_AES_CT64_H

#include <stddef.h>
#include <stdint.h>

/* q = planes of n (1..4) blocks at src (unused slots are zero). */
void fc__aes_ct64_load(uint64_t q[8], const uint8_t *src, size_t n);
/* First n blocks of the planes q into dst. */
void fc__aes_ct64_store(uint8_t *dst, const uint64_t q[8], size_t n);
/* In place on the planes; sk = (rounds + 1) * 8 words of planed round keys. */
void fc__aes_ct64_encrypt(const uint64_t *sk, unsigned rounds, uint64_t q[8]);
void fc__aes_ct64_decrypt(const uint64_t *sk, unsigned rounds, uint64_t q[8]);
/* sk = planed round keys of key k (nk = 4, 6 or 8 words; rounds = nk + 6). */
void fc__aes_ct64_schedule(uint64_t *sk, const uint8_t *k, unsigned nk);

#endif
