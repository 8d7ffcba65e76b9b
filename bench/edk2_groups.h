/*
 * The BaseCryptLib calls of EDK2's CryptoPkg unit-test groups that
 * contrib/edk2's instance serves, on those tests' data sizes: what
 * `fc_bench edk2` times (bench_edk2.c) and tools/edk2-icount.sh counts
 * (edk2_icount.c). Each group's calls are listed in edk2_groups.c.
 */
#ifndef FC_BENCH_EDK2_GROUPS_H
#define FC_BENCH_EDK2_GROUPS_H

#include <stddef.h>
#include <stdint.h>

/* Outputs of one execution folded into 64 bytes (for comparing modes). */
typedef struct {
  uint8_t b[64];
} edk2_fold;

typedef struct {
  const char *name; /* the CryptoPkg test group: mHashTest, ... */
  /* One execution of the group's calls. 0 when every call returned what
     the group expects (TRUE, or FALSE where it corrupts an input), else 1.
     Outputs (digests, keys, ciphertexts, tags) are folded into *out. */
  int (*run)(edk2_fold *out);
} edk2_group;

#define EDK2_NGROUPS 9
extern const edk2_group edk2_groups[EDK2_NGROUPS];

/* Before the first run: the RSA contexts (RsaNew). 0 on success. */
int edk2_groups_setup(void);
void edk2_groups_teardown(void); /* RsaFree */

/* The certificate groups (edk2_pki_groups.c): mX509Test, mRsaCertTest,
   mPkcs7Test (and its P-256 variant), mPkcs7EkuTest, mAuthenticodeTest,
   mImageTimestampTest, on tests/vectors/pkcs7/. ossl: the same calls as
   EDK2's OpenSSL instance makes them, on OpenSSL 3's libcrypto (NULL without
   FC_BENCH_OPENSSL); it folds the same outputs as run. Not in
   edk2_icount.c's list: tools/edk2-icount.sh links no PKCS#7 code. */
typedef struct {
  const char *name;
  int (*run)(edk2_fold *out);
  int (*ossl)(edk2_fold *out);
} edk2_pki_group;

#define EDK2_PKI_NGROUPS 7
extern const edk2_pki_group edk2_pki_groups[EDK2_PKI_NGROUPS];

/* Before the first run: the vectors read, the signer certificates taken
   out (Pkcs7GetSigners). 0 on success. */
int edk2_pki_setup(void);
void edk2_pki_teardown(void);

/* One line naming the kernels the current mode selects ("<mode> kernels:
   mont ..."), on stdout. */
void edk2_print_kernels(const char *mode);

#endif
