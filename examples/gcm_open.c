/* gcm_open KEY BLOB OUT: decrypts BLOB = 12-byte IV || ciphertext || 16-byte
   tag (at most 1 MiB) with the AES key in KEY (16, 24 or 32 raw bytes) and
   writes the plaintext to OUT only if the tag verifies. Whoever sealed it
   must never repeat an IV under one key. */
#include <fastcrypt.h>
#include <stdio.h>

static uint8_t blob[1 << 20];

int main(int argc, char **argv) {
  if (argc != 4) return fprintf(stderr, "usage: gcm_open KEY BLOB OUT\n"), 2;
  uint8_t k[32];
  FILE *f = fopen(argv[1], "rb"), *g = fopen(argv[2], "rb");
  size_t k_len = f ? fread(k, 1, sizeof k, f) : 0, len = g ? fread(blob, 1, sizeof blob, g) : 0;
  if (f) fclose(f);
  if (g) fclose(g);
  fc_aes_key key;
  if (len < 12 + 16 || len == sizeof blob || fc_aes_init(&key, k, k_len) != FC_OK)
    return fprintf(stderr, "bad key or blob\n"), 2;
  uint8_t *ct = blob + 12, *tag = blob + len - 16;
  size_t ct_len = len - 12 - 16;
  /* in place; no additional data (aad NULL, 0) */
  fc_err rc = fc_aes_gcm_decrypt(&key, blob, 12, NULL, 0, ct, ct, ct_len, tag, 16);
  fc_aes_clear(&key); /* wipes the key schedule */
  if (rc != FC_OK) return fprintf(stderr, "authentication failed\n"), 1;
  FILE *o = fopen(argv[3], "wb");
  if (o == NULL || fwrite(ct, 1, ct_len, o) != ct_len || fclose(o) != 0)
    return fprintf(stderr, "%s: write error\n", argv[3]), 2;
  return 0;
}
