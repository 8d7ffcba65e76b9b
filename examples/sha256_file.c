/* sha256_file FILE: prints FILE's SHA-256 as sha256sum does. */
#include <fastcrypt.h>
#include <stdio.h>

int main(int argc, char **argv) {
  FILE *f = argc == 2 ? fopen(argv[1], "rb") : NULL;
  if (f == NULL) return fprintf(stderr, "usage: sha256_file FILE (readable)\n"), 1;
  fc_hash_ctx h; /* caller-allocated; the library has no heap */
  uint8_t buf[65536], digest[32];
  size_t n;
  fc_hash_init(&h, FC_SHA256);
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) fc_hash_update(&h, buf, n);
  int bad = ferror(f);
  fclose(f);
  if (bad || fc_hash_final(&h, digest) != FC_OK) return fprintf(stderr, "read error\n"), 1;
  for (int i = 0; i < 32; i++) printf("%02x", digest[i]);
  printf("  %s\n", argv[1]);
  return 0;
}
