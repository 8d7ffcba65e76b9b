/*
 * fastcrypt verify: RSA (PKCS#1 v1.5 or PSS), ECDSA (P-256, P-384) or
 * ML-DSA (cli/verify_mldsa.c) signature verification of a file, with the
 * key as PEM, DER, raw (ML-DSA) or vboot (RSA). Exit 0 valid, 1 invalid, 2 error;
 * one line on stderr for every outcome, nothing on stdout (but --help).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "pem.h"

#define CMD "verify"
#define KEY_MAX (64u << 10)  /* larger than any key form of an 8192-bit key */
#define SIG_MAX (64u << 10)  /* a longer file is an input error, a wrong length 1 */

static void usage(FILE *f) {
  fprintf(f,
          "Usage: fastcrypt verify --key KEY --sig SIG [OPTION]... FILE\n"
          "       fastcrypt verify --alg ml-dsa-44|ml-dsa-65|ml-dsa-87 --key KEY --sig SIG\n"
          "                        [--ctx HEX] FILE\n"
          "       fastcrypt verify --alg hss --key KEY --sig SIG FILE\n"
          "       fastcrypt verify --alg xmss|xmssmt --key KEY --sig SIG FILE\n"
          "       fastcrypt verify --alg slh-dsa-SET --key KEY --sig SIG [--ctx HEX] FILE\n"
          "Verify an RSA, ECDSA or ML-DSA signature of FILE ('-': standard input).\n"
          "\n"
          "  --key KEY       public key: PEM (BEGIN PUBLIC KEY or BEGIN RSA PUBLIC KEY),\n"
          "                  DER of either, vboot .vbpubk, or vboot .keyb (needs --e);\n"
          "                  an EC key (P-256 or P-384) as PUBLIC KEY PEM or its DER\n"
          "  --sig SIG       signature bytes as openssl dgst -sign writes them (ECDSA:\n"
          "                  DER ECDSA-Sig-Value)\n"
          "  --hash ALG      sha1, sha224, sha256, sha384, sha512, sha3-224, sha3-256,\n"
          "                  sha3-384 or sha3-512; default: the hash a .vbpubk names,\n"
          "                  else sha256\n"
          "  --pss           RSASSA-PSS with MGF1 of the same hash (default PKCS#1 v1.5;\n"
          "                  RSA keys only)\n"
          "  --salt N|auto   PSS salt length in bytes; auto (default) accepts any\n"
          "  --e 65537|3     public exponent of a .keyb key (others carry theirs;\n"
          "                  given with them, it must match)\n"
          "  --alg ALG       ml-dsa-44, ml-dsa-65 or ml-dsa-87 (FIPS 204, pure ML-DSA):\n"
          "                  KEY is then the raw public key or its SubjectPublicKeyInfo\n"
          "                  (PEM or DER; with one, --alg may be left out), SIG the raw\n"
          "                  signature\n"
          "  --ctx HEX       ML-DSA context string in hex, either case (default empty)\n"
          "  --alg hss       HSS/LMS (RFC 8554): KEY the HSS public key (u32 L || LMS\n"
          "                  public key), SIG the HSS signature\n"
          "  --alg xmss|xmssmt\n"
          "                  XMSS or XMSS^MT (RFC 8391, SP 800-208): KEY the raw public\n"
          "                  key with its OID (u32 OID || root || SEED), SIG the raw\n"
          "                  signature\n"
          "  --alg slh-dsa-sha2-128s ... slh-dsa-shake-256f\n"
          "                  SLH-DSA (FIPS 205, pure): KEY and SIG as for ML-DSA, --ctx too\n"
          "  --help          this text\n"
          "\n"
          "Exit status: 0 valid signature, 1 invalid signature, 2 usage or input error.\n"
          "The verdict (or the error) is one line on standard error.\n");
}

static const struct {
  const char *name;
  fc_hash_alg alg;
} hashes[] = {
    {"sha1", FC_SHA1},     {"sha224", FC_SHA224}, {"sha256", FC_SHA256},
    {"sha384", FC_SHA384}, {"sha512", FC_SHA512},
    {"sha3-224", FC_SHA3_224}, {"sha3-256", FC_SHA3_256},
    {"sha3-384", FC_SHA3_384}, {"sha3-512", FC_SHA3_512},
};

static const char *hash_name(int32_t alg) {
  for (size_t i = 0; i < sizeof(hashes) / sizeof(hashes[0]); i++)
    if ((int32_t)hashes[i].alg == alg) return hashes[i].name;
  return "unknown";
}

/* Decimal 0..max, digits only. */
static int parse_uint(const char *s, unsigned long max, unsigned long *out) {
  if (*s == '\0') return 0;
  unsigned long v = 0;
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return 0;
    unsigned d = (unsigned)(*s - '0');
    if (v > (max - d) / 10) return 0;
    v = v * 10 + d;
  }
  *out = v;
  return 1;
}

/* e of a key as an integer when it fits 32 bits, else 0. */
static uint32_t key_e(const fc_rsa_pubkey *k) {
  if (k->e_len > 4) return 0;
  uint32_t e = 0;
  for (uint32_t i = 0; i < k->e_len; i++) e = e << 8 | k->e[i];
  return e;
}

static int is_keyb(const uint8_t *buf, size_t len) {
  if (len < 8) return 0;
  uint64_t nwords = (uint64_t)buf[0] | (uint64_t)buf[1] << 8 | (uint64_t)buf[2] << 16 |
                    (uint64_t)buf[3] << 24;
  return 8 + 8 * nwords == len;
}

static const char *rc_text(fc_err rc) {
  switch (rc) {
    case FC_ERR_KEY: return "unusable RSA key (modulus size, parity or exponent)";
    case FC_ERR_DER: return "malformed DER";
    case FC_ERR_UNSUPPORTED: return "exponent not supported by this build";
    default: return "not an RSA public key";
  }
}

/* An EC SubjectPublicKeyInfo in der? 1: *ec is its key; 0: not an EC key
   (FC_ERR_DER: go on with RSA); -1: an EC key we refuse (one line printed). */
static int try_ec(fc_ec_pubkey *ec, const uint8_t *der, size_t der_len, const char *path) {
  fc_err rc = fc_ec_pubkey_from_der(ec, der, der_len);
  if (rc == FC_OK) return 1;
  if (rc == FC_ERR_DER) return 0;
  fct_error(CMD, "%s: EC key: %s", path,
            rc == FC_ERR_UNSUPPORTED ? "curve not supported (P-256 and P-384 are)"
                                     : "the point is not on the curve");
  return -1;
}

/* Loads the key, RSA (*is_ec = 0) or EC (*is_ec = 1); returns 0 or prints
   one line and returns FCT_EXIT_USAGE. */
static int load_key(fc_rsa_pubkey *key, fc_ec_pubkey *ec, int *is_ec, const char *path,
                    uint32_t want_e) {
  size_t len;
  uint8_t *buf = fct_read_file(CMD, path, KEY_MAX, &len);
  if (buf == NULL) return FCT_EXIT_USAGE;
  int status = FCT_EXIT_USAGE, carries_e = 1, ecr;
  fc_err rc;
  if (fct_pem_detect(buf, len)) {
    uint8_t *der;
    size_t der_len;
    const char *why;
    int kind = fct_pem_decode(buf, len, &der, &der_len, &why);
    if (kind == 0) {
      fct_error(CMD, "%s: %s", path, why);
      goto out;
    }
    int got = fct_der_kind(der, der_len);
    int e = kind == FCT_PEM_SPKI ? try_ec(ec, der, der_len, path) : 0;
    if (e != 0) {
      free(der);
      *is_ec = e > 0;
      if (e < 0) goto out;
      goto ec_key;
    }
    rc = fc_rsa_pubkey_from_der(key, der, der_len);
    free(der);
    if (rc == FC_OK && got != kind) {
      fct_error(CMD, "%s: PEM label says %s but the key is %s", path,
                kind == FCT_PEM_SPKI ? "PUBLIC KEY" : "RSA PUBLIC KEY",
                got == FCT_PEM_SPKI ? "a SubjectPublicKeyInfo" : "PKCS#1 RSAPublicKey");
      goto out;
    }
    if (rc != FC_OK) {
      fct_error(CMD, "%s: PEM body: %s", path, rc_text(rc));
      goto out;
    }
  } else if ((ecr = try_ec(ec, buf, len, path)) != 0) {
    *is_ec = ecr > 0;
    if (ecr < 0) goto out;
    goto ec_key;
  } else if ((rc = fc_rsa_pubkey_from_der(key, buf, len)) == FC_OK) {
    /* DER */
  } else if (rc != FC_ERR_DER) {
    fct_error(CMD, "%s: DER key: %s", path, rc_text(rc));
    goto out;
  } else if (is_keyb(buf, len)) {
    if (want_e == 0) {
      fct_error(CMD, "%s: a vboot .keyb key stores no exponent: give --e 65537 or --e 3", path);
      goto out;
    }
    carries_e = 0;
    rc = fc_rsa_pubkey_from_vboot(key, buf, len, want_e);
    if (rc != FC_OK) {
      fct_error(CMD, "%s: vboot .keyb key: %s", path, rc_text(rc));
      goto out;
    }
  } else if ((rc = fc_rsa_pubkey_from_vboot(key, buf, len, 0)) != FC_OK) {
    fct_error(CMD, "%s: not a PEM, DER or vboot RSA public key", path);
    goto out;
  }
  if (carries_e && want_e != 0 && key_e(key) != want_e) {
    fct_error(CMD, "%s: the key's exponent is not %lu (--e)", path, (unsigned long)want_e);
    goto out;
  }
  status = 0;
  goto out;
ec_key:
  if (want_e != 0)
    fct_error(CMD, "%s: an EC key; --e applies to RSA keys", path);
  else
    status = 0;
out:
  free(buf);
  return status;
}

int fct_verify_main(int argc, char **argv) {
  const char *key_path = NULL, *sig_path = NULL, *file = NULL;
  const char *hash_arg = NULL, *salt_arg = NULL, *e_arg = NULL, *alg_arg = NULL, *ctx_arg = NULL;
  int pss = 0, opts_done = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (opts_done || a[0] != '-' || strcmp(a, "-") == 0) {
      if (file != NULL) {
        fct_error(CMD, "one FILE only ('%s' is extra; see fastcrypt verify --help)", a);
        return FCT_EXIT_USAGE;
      }
      file = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      opts_done = 1;
      continue;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      return FCT_EXIT_OK;
    }
    if (strcmp(a, "--pss") == 0) {
      pss = 1;
      continue;
    }
    static const char *const valued[] = {"--key", "--sig", "--hash", "--salt",
                                         "--e",   "--alg", "--ctx"};
    const char **slots[] = {&key_path, &sig_path, &hash_arg, &salt_arg, &e_arg, &alg_arg, &ctx_arg};
    const char *v;
    int k = fct_valued_option(CMD, valued, 7, argc, argv, &i, &v);
    if (k < 0) return FCT_EXIT_USAGE;
    if (k == 7) {
      fct_error(CMD, "unknown option '%s' (see fastcrypt verify --help)", a);
      return FCT_EXIT_USAGE;
    }
    *slots[k] = v;
  }
  if (key_path == NULL || sig_path == NULL || file == NULL) {
    fct_error(CMD, "missing %s (usage: fastcrypt verify --key KEY --sig SIG FILE)",
              key_path == NULL ? "--key" : sig_path == NULL ? "--sig" : "FILE");
    return FCT_EXIT_USAGE;
  }
  if ((strcmp(key_path, "-") == 0) + (strcmp(sig_path, "-") == 0) + (strcmp(file, "-") == 0) > 1) {
    fct_error(CMD, "standard input ('-') can be only one of KEY, SIG and FILE");
    return FCT_EXIT_USAGE;
  }
  if (alg_arg != NULL && strcmp(alg_arg, "hss") == 0) {
    if (hash_arg != NULL || pss || salt_arg != NULL || e_arg != NULL || ctx_arg != NULL) {
      fct_error(CMD, "--hash, --pss, --salt, --e and --ctx do not apply to HSS");
      return FCT_EXIT_USAGE;
    }
    return fct_verify_hss(key_path, sig_path, file);
  }
  if (alg_arg != NULL && (strcmp(alg_arg, "xmss") == 0 || strcmp(alg_arg, "xmssmt") == 0)) {
    if (hash_arg != NULL || pss || salt_arg != NULL || e_arg != NULL || ctx_arg != NULL) {
      fct_error(CMD, "--hash, --pss, --salt, --e and --ctx do not apply to XMSS");
      return FCT_EXIT_USAGE;
    }
    return fct_verify_xmss(strcmp(alg_arg, "xmssmt") == 0, key_path, sig_path, file);
  }
  if (fct_is_slhdsa(alg_arg, key_path)) {
    if (hash_arg != NULL || pss || salt_arg != NULL || e_arg != NULL) {
      fct_error(CMD, "--hash, --pss, --salt and --e do not apply to SLH-DSA");
      return FCT_EXIT_USAGE;
    }
    return fct_verify_slhdsa(alg_arg, key_path, sig_path, ctx_arg, file);
  }
  if (alg_arg != NULL || ctx_arg != NULL || fct_is_mldsa_key(key_path)) {
    if (hash_arg != NULL || pss || salt_arg != NULL || e_arg != NULL) {
      fct_error(CMD, "--hash, --pss, --salt and --e do not apply to ML-DSA");
      return FCT_EXIT_USAGE;
    }
    return fct_verify_mldsa(alg_arg, key_path, sig_path, ctx_arg, file);
  }

  fc_hash_alg hash = 0;
  if (hash_arg != NULL) {
    for (size_t i = 0; i < sizeof(hashes) / sizeof(hashes[0]); i++)
      if (strcmp(hash_arg, hashes[i].name) == 0) hash = hashes[i].alg;
    if (hash == 0) {
      fct_error(CMD, "bad --hash '%s' (sha1, sha224, sha256, sha384, sha512, sha3-224, sha3-256, sha3-384 or sha3-512)", hash_arg);
      return FCT_EXIT_USAGE;
    }
  }
  size_t salt = FC_PSS_SALT_AUTO;
  if (salt_arg != NULL) {
    unsigned long s;
    if (!pss) {
      fct_error(CMD, "--salt needs --pss");
      return FCT_EXIT_USAGE;
    }
    if (strcmp(salt_arg, "auto") == 0) {
      salt = FC_PSS_SALT_AUTO;
    } else if (parse_uint(salt_arg, FC_RSA_MAX_BYTES, &s)) {
      salt = (size_t)s;
    } else {
      fct_error(CMD, "bad --salt '%s' (a byte count or auto)", salt_arg);
      return FCT_EXIT_USAGE;
    }
  }
  uint32_t want_e = 0;
  if (e_arg != NULL) {
    if (strcmp(e_arg, "65537") == 0) {
      want_e = 65537;
    } else if (strcmp(e_arg, "3") == 0) {
      want_e = 3;
    } else {
      fct_error(CMD, "bad --e '%s' (65537 or 3)", e_arg);
      return FCT_EXIT_USAGE;
    }
  }

  int status = FCT_EXIT_USAGE;
  uint8_t *sig = NULL;
  fc_rsa_pubkey *key = malloc(sizeof(*key));
  fc_ec_pubkey ec;
  int is_ec = 0;
  if (key == NULL) {
    fct_error(CMD, "out of memory");
    return FCT_EXIT_USAGE;
  }
  memset(key, 0, sizeof(*key));
  if (load_key(key, &ec, &is_ec, key_path, want_e) != 0) goto out;
  if (is_ec && (pss || salt_arg != NULL)) {
    fct_error(CMD, "%s: an EC key; --pss and --salt apply to RSA keys", key_path);
    goto out;
  }
  if (is_ec) {
    if (hash == 0) hash = FC_SHA256;
  } else if (key->hash != 0) {
    /* A .vbpubk binds its hash: another --hash is a contradiction. */
    if (hash != 0 && (int32_t)hash != key->hash) {
      fct_error(CMD, "%s: a vboot %s key; --hash %s does not apply", key_path,
                hash_name(key->hash), hash_arg);
      goto out;
    }
    hash = (fc_hash_alg)key->hash;
  } else if (hash == 0) {
    hash = FC_SHA256;
  }
  size_t sig_len;
  sig = fct_read_file(CMD, sig_path, SIG_MAX, &sig_len);
  if (sig == NULL) goto out;

  uint8_t digest[FC_HASH_MAX_LEN];
  int hrc = fct_hash_file(hash, file, digest);
  if (hrc != 0) {
    fct_error(CMD, "%s: %s", file, hrc > 0 ? strerror(hrc) : "hashing failed");
    goto out;
  }
  size_t dlen = fc_hash_len(hash);
  fc_err rc = is_ec ? fc_ecdsa_verify(&ec, digest, dlen, sig, sig_len)
               : pss ? fc_rsa_verify_pss(key, hash, hash, salt, digest, dlen, sig, sig_len)
                     : fc_rsa_verify(key, hash, digest, dlen, sig, sig_len);
  if (rc == FC_OK) {
    fct_error(CMD, "signature OK");
    status = FCT_EXIT_OK;
  } else if (rc == FC_ERR_SIG) {
    fct_error(CMD, "signature does not verify");
    status = FCT_EXIT_FAIL;
  } else if (pss && rc == FC_ERR_ARG) {
    if (salt == FC_PSS_SALT_AUTO)
      fct_error(CMD, "%s: a %u-bit key is too small for PSS with %s", key_path,
                (unsigned)key->mont.nbits, hash_name((int32_t)hash));
    else
      fct_error(CMD, "--salt %zu does not fit a %u-bit key with %s", salt,
                (unsigned)key->mont.nbits, hash_name((int32_t)hash));
  } else {
    fct_error(CMD, "verification failed (library error %d)", (int)rc);
  }
out:
  free(sig);
  free(key);
  return status;
}
