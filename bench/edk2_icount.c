/*
 * One CryptoPkg test group (edk2_groups.c), executed reps times after one
 * warm execution, for tools/edk2-icount.sh: qemu-aarch64 counts the guest
 * instructions of runs with 1 and 11 repetitions, and the difference / 10
 * is one execution's count, without start-up and set-up.
 * Usage: edk2_icount <group> <noaccel|accel> <reps>
 * Prints the kernels the mode selects. Exit: 0 when every call returned what the group expects, 1 when one did
 * not, 2 on bad arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <Library/BaseCryptLib.h>
#include <Library/FastCryptLib.h>
#include <fastcrypt.h>

#include "edk2_groups.h"

int main(int argc, char **argv) {
  if (argc != 4 || (strcmp(argv[2], "noaccel") != 0 && strcmp(argv[2], "accel") != 0)) {
    fprintf(stderr, "usage: edk2_icount <group> <noaccel|accel> <reps>\n");
    return 2;
  }
  const edk2_group *g = NULL;
  for (int i = 0; i < EDK2_NGROUPS; i++)
    if (strcmp(edk2_groups[i].name, argv[1]) == 0) g = &edk2_groups[i];
  long reps = strtol(argv[3], NULL, 10);
  if (g == NULL || reps < 1) {
    fprintf(stderr, "edk2_icount: unknown group or reps < 1\n");
    return 2;
  }
  (void)FastCryptLibInitFeatures(strcmp(argv[2], "accel") == 0 ? ~(UINT64)0 : 0);
  edk2_print_kernels(argv[2]);
  if (edk2_groups_setup() != 0) return 1;
  edk2_fold f;
  memset(&f, 0, sizeof f);
  int bad = g->run(&f);
  for (long r = 0; r < reps; r++) bad |= g->run(&f);
  edk2_groups_teardown();
  return bad;
}
