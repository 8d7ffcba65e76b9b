/* verify_file KEY.der SIG FILE: checks an RSA PKCS#1 v1.5 SHA-256 signature,
   as `openssl dgst -sha256 -sign key.pem -out SIG FILE` makes it. KEY.der:
   `openssl pkey -in key.pem -pubout -outform DER -out KEY.der`. */
#include <fastcrypt.h>
#include <stdio.h>

static size_t slurp(const char *path, uint8_t *buf, size_t max) {
  FILE *f = fopen(path, "rb");
  size_t n = f ? fread(buf, 1, max, f) : 0;
  if (f) fclose(f);
  return n;
}

int main(int argc, char **argv) {
  if (argc != 4) return fprintf(stderr, "usage: verify_file KEY.der SIG FILE\n"), 2;
  static uint8_t der[4096], sig[FC_RSA_MAX_BYTES], buf[65536];
  static fc_rsa_pubkey key; /* about 6 KiB: static, not on the stack */
  uint8_t digest[32];
  fc_hash_ctx h;
  size_t der_len = slurp(argv[1], der, sizeof der), sig_len = slurp(argv[2], sig, sizeof sig), n;
  if (fc_rsa_pubkey_from_der(&key, der, der_len) != FC_OK)
    return fprintf(stderr, "%s: not an RSA public key\n", argv[1]), 2;
  FILE *f = fopen(argv[3], "rb");
  if (f == NULL) return fprintf(stderr, "%s: cannot open\n", argv[3]), 2;
  fc_hash_init(&h, FC_SHA256);
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) fc_hash_update(&h, buf, n);
  fclose(f);
  fc_hash_final(&h, digest);
  fc_err rc = fc_rsa_verify(&key, FC_SHA256, digest, sizeof digest, sig, sig_len);
  puts(rc == FC_OK ? "signature OK" : "signature does NOT verify");
  return rc == FC_OK ? 0 : 1; /* FC_OK only for a valid signature */
}
