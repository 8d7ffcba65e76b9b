/*
 * XMSS / XMSS^MT vector generator: links against the XMSS reference
 * implementation (github.com/XMSS/xmss-reference, built outside this
 * repository by tools/gen-xmss-vectors.sh) and prints, for each parameter
 * set named on the command line, one key and signatures at chosen indices
 * on messages of several lengths. Our own code; it calls only the
 * reference's public API (xmss_keypair, xmss_sign, xmss_sign_open and the
 * XMSS^MT twins) and its parameter parser. Deterministic: randombytes()
 * below replaces the reference's /dev/urandom one with SHAKE256 of a
 * counter, and the signing index is written into the secret key (the
 * reference's non-BDS core signs any index the key holds).
 *
 * Usage: gen_xmss_vectors [--ends] NAME...  (e.g. XMSS-SHA2_10_256 XMSSMT-SHA2_20/2_256)
 *   --ends: sign only at the first index and the last but one (for tall
 *   trees: each signature of the reference's plain core rebuilds the tree,
 *   so every index costs about one key generation).
 * Output (stdout): records "[NAME idx=I]" then "pk = ", "msg = ", "sig = "
 * lines in hex; pk with its 4-byte OID, sig without the message.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fips202.h"
#include "params.h"
#include "xmss.h"

static unsigned long long rb_counter;

/* SHAKE256("fastcrypt xmss vectors" || u64 counter), xlen bytes. */
void randombytes(unsigned char *x, unsigned long long xlen) {
  unsigned char in[32] = "fastcrypt xmss vectors";
  for (int i = 0; i < 8; i++) in[24 + i] = (unsigned char)(rb_counter >> (56 - 8 * i));
  rb_counter++;
  shake256(x, xlen, in, sizeof in);
}

static void hex(const char *label, const unsigned char *p, unsigned long long n) {
  printf("%s = ", label);
  for (unsigned long long i = 0; i < n; i++) printf("%02x", p[i]);
  printf("\n");
}

static void one_set(const char *name, unsigned set_no, int ends) {
  int mt = strncmp(name, "XMSSMT", 6) == 0;
  uint32_t oid;
  xmss_params P;
  if ((mt ? xmssmt_str_to_oid(&oid, name) : xmss_str_to_oid(&oid, name)) != 0 ||
      (mt ? xmssmt_parse_oid(&P, oid) : xmss_parse_oid(&P, oid)) != 0) {
    fprintf(stderr, "unknown parameter set %s\n", name);
    exit(2);
  }
  rb_counter = (unsigned long long)set_no << 32;
  unsigned char *pk = malloc(XMSS_OID_LEN + P.pk_bytes);
  unsigned char *sk = malloc(XMSS_OID_LEN + P.sk_bytes);
  if (pk == NULL || sk == NULL) exit(2);
  if ((mt ? xmssmt_keypair(pk, sk, oid) : xmss_keypair(pk, sk, oid)) != 0) {
    fprintf(stderr, "keypair %s failed\n", name);
    exit(2);
  }
  /* Indices: the first leaf, the last leaf of the first bottom tree, one
     leaf in a later bottom tree (XMSS^MT), the middle, and the last but one. */
  unsigned long long top = P.full_height >= 64 ? ~0ull : (1ull << P.full_height) - 1;
  unsigned long long tree = (1ull << P.tree_height) - 1;
  unsigned long long idx[5];
  unsigned k = 0;
  idx[k++] = 0;
  if (ends) {
    /* only the two ends */
  } else if (mt) {
    idx[k++] = tree;
    idx[k++] = (5ull << P.tree_height) + 3;
    idx[k++] = top / 2 + 7;
  } else {
    idx[k++] = top / 2;
  }
  idx[k++] = top - 1; /* the reference never signs with 2^h - 1 (its
                         marker of an exhausted key) */
  for (unsigned i = 0; i < k; i++) {
    /* Message lengths 0, 33, 1000, 1, 200: several SHA-256 block phases. */
    static const unsigned long long mlens[5] = {0, 33, 1000, 1, 200};
    unsigned long long mlen = mlens[i % 5], smlen = 0, olen = 0;
    unsigned char *m = malloc(mlen + 1), *sm = malloc(P.sig_bytes + mlen),
                  *mo = malloc(P.sig_bytes + mlen);
    if (m == NULL || sm == NULL || mo == NULL) exit(2);
    for (unsigned long long j = 0; j < mlen; j++)
      m[j] = (unsigned char)(j * 131u + set_no * 7u + i);
    unsigned char *sidx = sk + XMSS_OID_LEN;
    for (unsigned j = 0; j < P.index_bytes; j++)
      sidx[j] = (unsigned char)(idx[i] >> (8 * (P.index_bytes - 1 - j)));
    if ((mt ? xmssmt_sign(sk, sm, &smlen, m, mlen) : xmss_sign(sk, sm, &smlen, m, mlen)) != 0 ||
        smlen != P.sig_bytes + mlen ||
        (mt ? xmssmt_sign_open(mo, &olen, sm, smlen, pk) : xmss_sign_open(mo, &olen, sm, smlen, pk)) != 0) {
      fprintf(stderr, "sign/open %s idx %llu failed\n", name, idx[i]);
      exit(2);
    }
    printf("[%s idx=%llu]\n", name, idx[i]);
    hex("pk", pk, XMSS_OID_LEN + P.pk_bytes);
    hex("msg", m, mlen);
    hex("sig", sm, P.sig_bytes);
    printf("\n");
    fflush(stdout);
    free(m);
    free(sm);
    free(mo);
  }
  free(pk);
  free(sk);
}

int main(int argc, char **argv) {
  int ends = argc > 1 && strcmp(argv[1], "--ends") == 0;
  for (int i = 1 + ends; i < argc; i++) one_set(argv[i], (unsigned)(i - ends), ends);
  return 0;
}
