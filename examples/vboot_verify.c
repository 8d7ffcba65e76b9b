/*
 * vboot_verify: checks a PKCS#1 v1.5 signature of a digest against a vboot
 * public key (.vbpubk), the way a boot stage would, with fastcrypt.
 *
 *   vboot_verify KEY.vbpubk DIGEST_FILE SIG_FILE
 *
 * DIGEST_FILE holds the raw digest (20, 32 or 64 bytes), SIG_FILE the raw
 * big-endian signature (modulus length). The exponent and the hash come from
 * the key's algorithm field. Prints "OK ..." and exits 0 only when the
 * signature is valid; otherwise prints the error and exits 1 (2 for usage or
 * I/O errors).
 */
#include <stdio.h>
#include <string.h>

#include <fastcrypt.h>

/* A .vbpubk is a 32-byte header and a .keyb of 8 + 2 * modulus bytes. */
#define MAX_KEY_BYTES (32 + 8 + 2 * FC_RSA_MAX_BYTES)
#define MAX_DIGEST_BYTES 64

static const char *err_name(fc_err e) {
  switch (e) {
    case FC_OK: return "FC_OK";
    case FC_ERR_ARG: return "FC_ERR_ARG (bad argument or digest length)";
    case FC_ERR_KEY: return "FC_ERR_KEY (unusable key)";
    case FC_ERR_DER: return "FC_ERR_DER (malformed DER)";
    case FC_ERR_SIG: return "FC_ERR_SIG (signature does not verify)";
    case FC_ERR_UNSUPPORTED: return "FC_ERR_UNSUPPORTED";
    case FC_ERR_ENV: return "FC_ERR_ENV (bad FASTCRYPT_CPU or FASTCRYPT_IMPL)";
    case FC_ERR_AUTH: return "FC_ERR_AUTH";
  }
  return "unknown error";
}

static const char *hash_name(int32_t h) {
  switch (h) {
    case FC_SHA1: return "SHA-1";
    case FC_SHA224: return "SHA-224";
    case FC_SHA256: return "SHA-256";
    case FC_SHA384: return "SHA-384";
    case FC_SHA512: return "SHA-512";
  }
  return "unknown hash";
}

/* Reads the whole file into buf; -1 if unreadable or longer than cap. */
static long read_all(const char *path, unsigned char *buf, size_t cap) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    perror(path);
    return -1;
  }
  size_t n = fread(buf, 1, cap, f);
  int more = fgetc(f) != EOF;
  int bad = ferror(f);
  fclose(f);
  if (bad || more) {
    fprintf(stderr, "%s: %s\n", path, bad ? "read error" : "file too large");
    return -1;
  }
  return (long)n;
}

int main(int argc, char **argv) {
  static unsigned char keybuf[MAX_KEY_BYTES], digest[MAX_DIGEST_BYTES], sig[FC_RSA_MAX_BYTES];
  static fc_rsa_pubkey key;
  if (argc != 4) {
    fprintf(stderr, "usage: %s KEY.vbpubk DIGEST_FILE SIG_FILE\n", argv[0]);
    return 2;
  }
  long klen = read_all(argv[1], keybuf, sizeof keybuf);
  long dlen = read_all(argv[2], digest, sizeof digest);
  long slen = read_all(argv[3], sig, sizeof sig);
  if (klen < 0 || dlen < 0 || slen < 0) return 2;

  fc_err rc = fc_init();
  if (rc != FC_OK) /* an unparsable override: the automatic choice stays */
    fprintf(stderr, "warning: fc_init: %s\n", err_name(rc));

  rc = fc_rsa_pubkey_from_vboot(&key, keybuf, (size_t)klen, 0);
  if (rc != FC_OK) {
    printf("bad key %s: %s\n", argv[1], err_name(rc));
    return 1;
  }
  rc = fc_rsa_verify(&key, (fc_hash_alg)key.hash, digest, (size_t)dlen, sig, (size_t)slen);
  if (rc != FC_OK) {
    printf("FAILED: %s\n", err_name(rc));
    return 1;
  }
  const char *kernel = fc_impl_active(FC_OP_MONT);
  printf("OK: RSA-%u %s signature verified (mont kernel %s)\n", (unsigned)key.mont.nbits,
         hash_name(key.hash), kernel ? kernel : "?");
  return 0;
}
