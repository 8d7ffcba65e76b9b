/*
 * The mem* functions a firmware's C library provides, for the -nostdlib
 * programs in this folder (fw_client.c, fw_size.c): byte loops, the only
 * external symbols a freestanding libfastcrypt.a may reference. Included
 * once per program.
 */
#ifndef FW_MEM_H
#define FW_MEM_H

#include <stddef.h>
#include <stdint.h>

void *memcpy(void *d, const void *s, size_t n) {
  uint8_t *dp = d;
  const uint8_t *sp = s;
  while (n--) *dp++ = *sp++;
  return d;
}
void *memmove(void *d, const void *s, size_t n) {
  uint8_t *dp = d;
  const uint8_t *sp = s;
  if (dp < sp)
    while (n--) *dp++ = *sp++;
  else
    while (n--) dp[n] = sp[n];
  return d;
}
void *memset(void *d, int c, size_t n) {
  uint8_t *dp = d;
  while (n--) *dp++ = (uint8_t)c;
  return d;
}
int memcmp(const void *a, const void *b, size_t n) {
  const uint8_t *x = a, *y = b;
  for (; n; n--, x++, y++)
    if (*x != *y) return *x < *y ? -1 : 1;
  return 0;
}

#endif /* FW_MEM_H */
