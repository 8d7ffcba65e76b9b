/*
 * Constant-time check of every usable AES and GHASH kernel under valgrind
 * memcheck (the ctgrind method: Langley, 2010): the key, and the plaintext
 * or ciphertext, are marked undefined with VALGRIND_MAKE_MEM_UNDEFINED, so
 * memcheck reports any conditional jump or memory index that depends on
 * them. Run as `valgrind --error-exitcode=1 aes_ct_check --require-valgrind`
 * (exit status: 1 on any memcheck error, on a failed call, or when no pair
 * ran); without valgrind the marks are no-ops and it only exercises the code.
 *
 * This executable links its own copies of src/aes/aes.c and src/aes/aes_gcm.c built
 * with FC_VALGRIND: there the two verdicts that are public by design (the
 * GCM tag comparison, the CBC padding check) are declassified
 * (FC__DECLASSIFY) once computed. The test never branches on outputs.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "fastcrypt.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))

static uint8_t buf[1000], out[1000], tag[16];

static int run_pair(const char *aes, const char *ghash) {
  if (fc_impl_select(FC_OP_AES, aes) != FC_OK || fc_impl_select(FC_OP_GHASH, ghash) != FC_OK)
    return 1;
  for (size_t klen = 16; klen <= 32; klen += 8) {
    uint8_t k[32], iv[16], ctr[16];
    size_t ol;
    fc_aes_key key;
    for (size_t i = 0; i < sizeof(k); i++) k[i] = (uint8_t)(i * 7 + klen);
    for (size_t i = 0; i < sizeof(buf); i++) buf[i] = (uint8_t)(i * 13);
    SECRET(k, sizeof(k));
    if (fc_aes_init(&key, k, klen) != FC_OK) return 1;
    /* Every mode, a length that reaches every kernel's wide loop and tail. */
    const size_t len = 16 * 61;
    SECRET(buf, len);
    fc_aes_ecb_encrypt(&key, buf, out, len);
    fc_aes_ecb_decrypt(&key, buf, out, len);
    memset(iv, 1, 16);
    fc_aes_cbc_encrypt(&key, iv, buf, out, len);
    fc_aes_cbc_decrypt(&key, iv, buf, out, len);
    memset(ctr, 0xFF, 16); /* carries across all 128 bits */
    fc_aes_ctr(&key, ctr, buf, out, len - 5);
    fc_aes_cbc_decrypt_unpad(&key, iv, buf, out, len, &ol);
    memset(iv, 1, 16);
    fc_aes_cbc_encrypt_pad(&key, iv, buf, 100, out, sizeof(out), &ol);
    /* GCM: secret key and plaintext; 12-byte and other IV lengths (then
       J0 = GHASH_H(IV) is secret too). The IV itself is public. */
    memset(iv, 2, 16);
    fc_aes_gcm_encrypt(&key, iv, 12, buf + 900, 33, buf, out, len - 3, tag, 16);
    fc_aes_gcm_encrypt(&key, iv, 16, buf + 900, 33, buf, out, len - 3, tag, 12);
    /* Decrypt: secret key; a wrong and a right tag both end in one public verdict. */
    fc_aes_gcm_decrypt(&key, iv, 12, buf + 900, 33, out, out, len - 3, tag, 12);
    fc_aes_gcm_decrypt(&key, iv, 7, buf + 900, 33, out, out, len - 3, tag, 16);
    fc_aes_gcm_ctx ctx;
    uint8_t t2[16];
    fc_aes_gcm_init(&ctx, &key, iv, 20);
    fc_aes_gcm_aad(&ctx, buf, 7);
    fc_aes_gcm_encrypt_update(&ctx, buf, out, 5);
    fc_aes_gcm_encrypt_update(&ctx, buf + 5, out + 5, 300);
    fc_aes_gcm_encrypt_final(&ctx, t2, 16);
    fc_aes_clear(&key);
  }
  printf("aes_ct_check: %s/%s: done\n", aes, ghash);
  return 0;
}

int main(int argc, char **argv) {
  /* --require-valgrind: the ctest entry, where running natively is a failure */
  if (argc > 1 && strcmp(argv[1], "--require-valgrind") == 0 && !RUNNING_ON_VALGRIND) {
    printf("aes_ct_check: not running under valgrind\n");
    return 1;
  }
  fc_impl_info a[16], g[16];
  size_t na = fc_impls(FC_OP_AES, a, 16), ng = fc_impls(FC_OP_GHASH, g, 16), ran = 0;
  int bad = 0;
  for (size_t i = 0; i < na && i < 16; i++)
    for (size_t j = 0; j < ng && j < 16; j++) {
      if (!a[i].usable || !g[j].usable) {
        printf("aes_ct_check: %s/%s: UNAVAILABLE on this CPU%s\n", a[i].name, g[j].name,
               RUNNING_ON_VALGRIND ? " (as valgrind reports it)" : "");
        continue;
      }
      bad |= run_pair(a[i].name, g[j].name);
      ran++;
    }
  printf("aes_ct_check: %zu pairs checked%s\n", ran,
         RUNNING_ON_VALGRIND ? " under valgrind" : " (not under valgrind: no check)");
  return bad || ran == 0;
}
