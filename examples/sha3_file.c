/* sha3_file FILE [B]: prints FILE's SHA3-256, its SHAKE256 to 64 bytes and
   its ParallelHash256 to 64 bytes with block size B (default 8192), S = "". */
#include <fastcrypt.h>
#include <stdio.h>
#include <stdlib.h>

static void line(const char *name, const uint8_t *p, size_t n) {
  printf("%s ", name);
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
  printf("\n");
}

int main(int argc, char **argv) {
  FILE *f = argc >= 2 && argc <= 3 ? fopen(argv[1], "rb") : NULL;
  if (f == NULL) return fprintf(stderr, "usage: sha3_file FILE [B] (readable)\n"), 1;
  size_t block = argc == 3 ? strtoul(argv[2], NULL, 10) : 8192;
  static uint8_t data[1 << 22]; /* ParallelHash is one call: the file in memory */
  size_t len = fread(data, 1, sizeof data, f);
  int bad = ferror(f) || !feof(f);
  fclose(f);
  if (bad) return fprintf(stderr, "read error, or larger than 4 MiB\n"), 1;
  uint8_t d[32], x[64], p[64];
  fc_hash_ctx h; /* streaming, as for any hash */
  fc_xof_ctx s;  /* SHAKE: absorb, then squeeze as much as wanted */
  fc_hash_init(&h, FC_SHA3_256);
  fc_hash_update(&h, data, len);
  fc_xof_init(&s, FC_SHAKE256);
  fc_xof_absorb(&s, data, len);
  fc_xof_squeeze(&s, x, 16); /* two squeezes: one output stream */
  fc_xof_squeeze(&s, x + 16, 48);
  fc_xof_clear(&s);
  if (fc_hash_final(&h, d) != FC_OK ||
      fc_parallelhash256(data, len, block, NULL, 0, p, sizeof p) != FC_OK)
    return fprintf(stderr, "bad block size\n"), 1;
  line("SHA3-256", d, sizeof d);
  line("SHAKE256", x, sizeof x);
  line("ParallelHash256", p, sizeof p);
  return 0;
}
