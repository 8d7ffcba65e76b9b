/*
 * The `fastcrypt` command: what its subcommands share (cli/io.c).
 * A hosted program: it uses the heap and stdio; the library does not.
 */
#ifndef FCT_CLI_H
#define FCT_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "fastcrypt.h"

/* Exit statuses of verify, gcm-encrypt and gcm-decrypt (the sums follow
   coreutils: 0 all good, 1 a mismatch or unreadable file). */
enum { FCT_EXIT_OK = 0, FCT_EXIT_FAIL = 1, FCT_EXIT_USAGE = 2 };

/* Program name for messages ("fastcrypt"). */
extern const char *fct_prog;

/* "fastcrypt: <cmd>: <message>\n" on stderr. */
void fct_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whole file (or standard input for "-") into a malloc'd buffer of *len
   bytes, at most max bytes (larger: error). NULL with a message on stderr
   on failure. The caller frees (and wipes, for keys). */
uint8_t *fct_read_file(const char *cmd, const char *path, size_t max, size_t *len);

/* argv[*i] as one of the valued long options names[0..n): "--name VALUE"
   (then *i moves past VALUE) or "--name=VALUE". Returns its index with
   *value set; n when argv[*i] is none of them; -1, after a message, when
   the value is missing. */
int fct_valued_option(const char *cmd, const char *const *names, size_t n, int argc, char **argv,
                      int *i, const char **value);

/* Progress on stderr for inputs over 64 MiB when stderr is a terminal.
   fct_progress_start with the total size (0 when unknown: no progress),
   fct_progress_add per chunk, fct_progress_end once (clears the line). */
typedef struct {
  const char *label;
  uint64_t total, done, last_shown;
  int on;
} fct_progress;
void fct_progress_start(fct_progress *p, const char *label, uint64_t total);
void fct_progress_add(fct_progress *p, uint64_t n);
void fct_progress_end(fct_progress *p);

/* Size of an open regular file; 0 for pipes, terminals and errors. */
uint64_t fct_file_size(FILE *f);

/* Streams the file at path ("-": standard input) through alg into out
   (fc_hash_len(alg) bytes), with progress when it is large. Returns 0, an
   errno value when the file cannot be opened or read, or -1 when the
   library fails. Prints nothing but the progress. */
int fct_hash_file(fc_hash_alg alg, const char *path, uint8_t *out);
/* Streams the file at path ("-": standard input) in chunks to absorb
   (nonzero from it: stop, -1), with progress when it is large. Returns 0,
   an errno value when the file cannot be opened or read, or -1. */
int fct_stream_file(const char *path, int (*absorb)(void *arg, const uint8_t *p, size_t n),
                    void *arg);
/* The verdict of a streamed verification, one stderr line: frc from
   fct_stream_file (nonzero: the file's error, FCT_EXIT_USAGE), else rc,
   the stream's final result: FC_OK "signature OK (what)" and FCT_EXIT_OK,
   FC_ERR_SIG "signature does not verify (what)" and FCT_EXIT_FAIL, any
   other the library error and FCT_EXIT_USAGE. */
int fct_verdict(const char *cmd, const char *file, int frc, fc_err rc, const char *what);

/* Subcommands: argv[0] is the subcommand's name; they return the exit status. */
int fct_sum_main(fc_hash_alg alg, int argc, char **argv);   /* cli/sum.c */
int fct_verify_main(int argc, char **argv);                 /* cli/verify.c */
/* verify with an ML-DSA key (cli/verify_mldsa.c): alg "ml-dsa-44" .. "-87" or
   NULL (the key's SubjectPublicKeyInfo names it), ctx_hex NULL: empty. */
int fct_verify_mldsa(const char *alg, const char *key_path, const char *sig_path,
                     const char *ctx_hex, const char *file);
/* 1 when the file at path (not "-") is an ML-DSA SubjectPublicKeyInfo, PEM
   or DER; 0 otherwise (unreadable included: the caller reports that). */
int fct_is_mldsa_key(const char *path);
/* The DER of a key file's bytes: buf itself, or a PEM PUBLIC KEY's body
   (malloc'd into *owned, which the caller frees). NULL when buf is PEM of
   another kind or malformed (cli/verify_mldsa.c). */
const uint8_t *fct_spki_der(const uint8_t *buf, size_t len, size_t *der_len, uint8_t **owned);
/* 1 when the file at path (not "-", at most max bytes) holds a key, PEM or
   DER, that is(der, len) accepts; 0 otherwise, silently (the caller's
   other paths report unreadable files). */
int fct_key_file_is(const char *path, size_t max, int (*is)(const uint8_t *der, size_t len));
/* A context string from hex (either case, even length, at most 255 bytes)
   into ctx; 0, or -1 when malformed. */
int fct_parse_ctx(const char *hex, uint8_t ctx[255], size_t *len);
/* verify with an SLH-DSA key (cli/verify_slhdsa.c): alg "slh-dsa-sha2-128s"
   .. "slh-dsa-shake-256f" or NULL (the key's SubjectPublicKeyInfo names it). */
int fct_verify_slhdsa(const char *alg, const char *key_path, const char *sig_path,
                      const char *ctx_hex, const char *file);
/* 1 when alg names an SLH-DSA set, or the file at path (not "-") is an
   SLH-DSA SubjectPublicKeyInfo. */
int fct_is_slhdsa(const char *alg, const char *path);
/* verify with an HSS key (cli/verify_hss.c). */
int fct_verify_hss(const char *key_path, const char *sig_path, const char *file);
/* verify with an XMSS (mt 0) or XMSS^MT (mt 1) key (cli/verify_xmss.c). */
int fct_verify_xmss(int mt, const char *key_path, const char *sig_path, const char *file);
int fct_gcm_main(int decrypt, int argc, char **argv);       /* cli/gcm.c */
int fct_kernels_main(int argc, char **argv);                /* cli/kernels.c */
int fct_x509_main(int argc, char **argv);                   /* cli/x509.c */
int fct_pkcs7_main(int argc, char **argv);                  /* cli/pkcs7.c */
int fct_authenticode_main(int argc, char **argv);           /* cli/authenticode.c */

#endif
