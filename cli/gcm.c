/*
 * fastcrypt gcm-encrypt / gcm-decrypt: AES-GCM over files, streamed in
 * constant memory. OUT = ciphertext || 16-byte tag. OUT appears (by rename
 * of a 0600 temporary file in its directory) only when everything
 * succeeded, for decryption only once the tag verified; on any failure the
 * temporary file is removed and an existing OUT is left as it was.
 * Exit 0 success, 1 authentication failure (bad tag, or an IN shorter than
 * the tag), 2 usage or input/output error.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define TAG_LEN 16
#define CHUNK (256u << 10)

static void usage(FILE *f, const char *cmd) {
  fprintf(f,
          "Usage: fastcrypt %s --key-file F --iv HEX [--aad FILE] IN OUT\n"
          "AES-GCM %s of IN ('-': standard input) into OUT (a path).\n"
          "\n"
          "  --key-file F  the raw key: a file of exactly 16, 24 or 32 bytes\n"
          "                (AES-128/192/256), e.g. head -c 32 /dev/urandom > key;\n"
          "                keys are never taken from the command line\n"
          "  --iv HEX      the IV in hex, 1 byte or more (12 bytes is the usual\n"
          "                and fastest). NEVER use an IV twice with one key: a\n"
          "                repeated IV reveals the XOR of the plaintexts and lets\n"
          "                anyone forge tags under that key\n"
          "  --aad FILE    additional authenticated data (the whole file; may be empty)\n"
          "  --help        this text\n"
          "\n"
          "gcm-encrypt writes OUT = ciphertext || 16-byte tag. gcm-decrypt takes the\n"
          "tag from IN's last 16 bytes and writes OUT only if it verifies.\n"
          "OUT is written through a temporary file (mode 0600) in its directory,\n"
          "renamed over OUT on success and removed on any failure.\n"
          "Exit status: 0 success, 1 authentication failure (OUT not written),\n"
          "2 usage or input/output error.\n",
          cmd, strcmp(cmd, "gcm-decrypt") == 0 ? "decryption" : "encryption");
}

static void wipe(void *p, size_t n) {
  volatile uint8_t *v = p;
  while (n--) *v++ = 0;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* The temporary file, for the signal handler: removed if we are killed. */
static volatile sig_atomic_t tmp_live;
static char *tmp_name;

static void on_signal(int sig) {
  if (tmp_live) unlink(tmp_name);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void catch_signals(void) {
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
    struct sigaction old;
    /* Keep an inherited SIG_IGN (nohup, ignored SIGPIPE). */
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction(sigs[i], &sa, NULL);
  }
}

/* The key file with read(2) (no stdio buffer keeps a copy): 0 or FCT_EXIT_USAGE. */
static int read_key(const char *cmd, const char *path, uint8_t key[33], size_t *len) {
  int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
  if (fd < 0) {
    fct_error(cmd, "%s: %s", path, strerror(errno));
    return FCT_EXIT_USAGE;
  }
  size_t n = 0;
  int err = 0;
  while (n < 33) {
    ssize_t got = read(fd, key + n, 33 - n);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) err = errno;
    if (got <= 0) break;
    n += (size_t)got;
  }
  if (fd != STDIN_FILENO) close(fd);
  if (err) {
    fct_error(cmd, "%s: %s", path, strerror(err));
    return FCT_EXIT_USAGE;
  }
  if (n != 16 && n != 24 && n != 32) {
    if (n > 32)
      fct_error(cmd, "%s: a key file holds 16, 24 or 32 bytes (AES-128/192/256), this one more than 32",
                path);
    else
      fct_error(cmd, "%s: a key file holds 16, 24 or 32 bytes (AES-128/192/256), this one %zu",
                path, n);
    return FCT_EXIT_USAGE;
  }
  *len = n;
  return 0;
}

/* write(2) all of buf: 0 or an errno value. */
static int write_all(int fd, const uint8_t *buf, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, buf, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return errno;
    if (w == 0) return EIO;
    buf += w;
    n -= (size_t)w;
  }
  return 0;
}

/* Feeds the whole AAD file to ctx: 0 or FCT_EXIT_USAGE (with a message). */
static int feed_aad(const char *cmd, const char *path, fc_aes_gcm_ctx *ctx, uint8_t *buf) {
  int is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (f == NULL) {
    fct_error(cmd, "%s: %s", path, strerror(errno));
    return FCT_EXIT_USAGE;
  }
  int status = 0;
  for (;;) {
    size_t got = fread(buf, 1, CHUNK, f);
    if (got > 0 && fc_aes_gcm_aad(ctx, buf, got) != FC_OK) {
      fct_error(cmd, "%s: too much additional data for GCM", path);
      status = FCT_EXIT_USAGE;
      break;
    }
    if (got < CHUNK) {
      if (ferror(f)) {
        fct_error(cmd, "%s: %s", path, strerror(errno ? errno : EIO));
        status = FCT_EXIT_USAGE;
      }
      break;
    }
  }
  if (!is_stdin) fclose(f);
  return status;
}

int fct_gcm_main(int decrypt, int argc, char **argv) {
  const char *cmd = argv[0];
  const char *key_path = NULL, *iv_hex = NULL, *aad_path = NULL, *ops[3] = {NULL, NULL, NULL};
  int nops = 0, opts_done = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (opts_done || a[0] != '-' || strcmp(a, "-") == 0) {
      if (nops == 2) {
        fct_error(cmd, "extra operand '%s' (see fastcrypt %s --help)", a, cmd);
        return FCT_EXIT_USAGE;
      }
      ops[nops++] = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      opts_done = 1;
      continue;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout, cmd);
      return FCT_EXIT_OK;
    }
    static const char *const valued[] = {"--key-file", "--iv", "--aad"};
    const char **slots[] = {&key_path, &iv_hex, &aad_path};
    const char *v;
    int k = fct_valued_option(cmd, valued, 3, argc, argv, &i, &v);
    if (k < 0) return FCT_EXIT_USAGE;
    if (k == 3) {
      if (strncmp(a, "--key", 5) == 0)
        fct_error(cmd, "unknown option '%s': keys come from a file only (--key-file)", a);
      else
        fct_error(cmd, "unknown option '%s' (see fastcrypt %s --help)", a, cmd);
      return FCT_EXIT_USAGE;
    }
    *slots[k] = v;
  }
  if (key_path == NULL || iv_hex == NULL || nops < 2) {
    fct_error(cmd, "missing %s (usage: fastcrypt %s --key-file F --iv HEX [--aad FILE] IN OUT)",
              key_path == NULL ? "--key-file" : iv_hex == NULL ? "--iv" : nops == 0 ? "IN" : "OUT",
              cmd);
    return FCT_EXIT_USAGE;
  }
  const char *in_path = ops[0], *out_path = ops[1];
  if (strcmp(out_path, "-") == 0) {
    fct_error(cmd, "OUT must be a file path, not '-' (it is written only on success)");
    return FCT_EXIT_USAGE;
  }
  int stdin_users = (strcmp(in_path, "-") == 0) + (strcmp(key_path, "-") == 0) +
                    (aad_path != NULL && strcmp(aad_path, "-") == 0);
  if (stdin_users > 1) {
    fct_error(cmd, "standard input ('-') can be only one of the key file, the AAD and IN");
    return FCT_EXIT_USAGE;
  }
  size_t hex_len = strlen(iv_hex), iv_len = hex_len / 2;
  if (hex_len == 0 || hex_len % 2 != 0) {
    fct_error(cmd, "bad --iv: %s", hex_len == 0 ? "empty (an IV has 1 byte or more; 12 is usual)"
                                                : "an odd number of hex digits");
    return FCT_EXIT_USAGE;
  }

  int status = FCT_EXIT_USAGE, out_fd = -1, wrote_tmp = 0;
  FILE *in = NULL;
  uint8_t raw_key[33], *buf = NULL, *iv = NULL;
  size_t key_len = 0;
  fc_aes_key *key = NULL;
  fc_aes_gcm_ctx ctx;
  fct_progress pr;
  memset(&ctx, 0, sizeof(ctx));
  memset(raw_key, 0, sizeof(raw_key));
  memset(&pr, 0, sizeof(pr));

  iv = malloc(iv_len);
  buf = malloc(CHUNK + TAG_LEN);
  key = malloc(sizeof(*key));
  if (iv == NULL || buf == NULL || key == NULL) {
    fct_error(cmd, "out of memory");
    goto out;
  }
  memset(key, 0, sizeof(*key));
  for (size_t i = 0; i < iv_len; i++) {
    int hi = hexval(iv_hex[2 * i]), lo = hexval(iv_hex[2 * i + 1]);
    if (hi < 0 || lo < 0) {
      fct_error(cmd, "bad --iv: '%c' is not a hex digit", hi < 0 ? iv_hex[2 * i] : iv_hex[2 * i + 1]);
      goto out;
    }
    iv[i] = (uint8_t)(hi << 4 | lo);
  }
  if (read_key(cmd, key_path, raw_key, &key_len) != 0) goto out;
  fc_err rc = fc_aes_init(key, raw_key, key_len);
  wipe(raw_key, sizeof(raw_key));
  if (rc != FC_OK) {
    fct_error(cmd, "AES key setup failed (library error %d)", (int)rc);
    goto out;
  }
  if ((rc = fc_aes_gcm_init(&ctx, key, iv, iv_len)) != FC_OK) {
    fct_error(cmd, "GCM setup failed (library error %d)", (int)rc);
    goto out;
  }
  if (aad_path != NULL && feed_aad(cmd, aad_path, &ctx, buf) != 0) goto out;

  in = strcmp(in_path, "-") == 0 ? stdin : fopen(in_path, "rb");
  if (in == NULL) {
    fct_error(cmd, "%s: %s", in_path, strerror(errno));
    goto out;
  }
  setvbuf(in, NULL, _IONBF, 0); /* whole chunks anyway; no stdio copy of the text */

  /* The temporary file: OUT's directory, "<dir>/.<name>.XXXXXX". */
  const char *slash = strrchr(out_path, '/');
  size_t dir_len = slash == NULL ? 0 : (size_t)(slash - out_path) + 1;
  const char *base = out_path + dir_len;
  if (*base == '\0') {
    fct_error(cmd, "%s: OUT names a directory", out_path);
    goto out;
  }
  tmp_name = malloc(dir_len + strlen(base) + 10);
  if (tmp_name == NULL) {
    fct_error(cmd, "out of memory");
    goto out;
  }
  memcpy(tmp_name, out_path, dir_len);
  sprintf(tmp_name + dir_len, ".%s.XXXXXX", base);
  catch_signals();
  out_fd = mkstemp(tmp_name);
  if (out_fd < 0) {
    fct_error(cmd, "%s: cannot create a temporary file in its directory: %s", out_path,
              strerror(errno));
    goto out;
  }
  wrote_tmp = 1;
  tmp_live = 1;
  if (fchmod(out_fd, 0600) != 0) {
    fct_error(cmd, "%s: %s", tmp_name, strerror(errno));
    goto out;
  }

  fct_progress_start(&pr, in_path, fct_file_size(in));
  size_t have = 0; /* decrypt: bytes held in buf (the last TAG_LEN may be the tag) */
  int werr = 0, eof = 0;
  while (!eof) {
    size_t want = decrypt ? CHUNK + TAG_LEN - have : CHUNK;
    size_t got = fread(buf + have, 1, want, in);
    if (got < want) {
      if (ferror(in)) {
        fct_progress_end(&pr);
        fct_error(cmd, "%s: %s", in_path, strerror(errno ? errno : EIO));
        goto out;
      }
      eof = 1;
    }
    have += got;
    size_t n = decrypt ? (have > TAG_LEN ? have - TAG_LEN : 0) : have;
    if (n == 0) continue;
    rc = decrypt ? fc_aes_gcm_decrypt_update(&ctx, buf, buf, n)
                 : fc_aes_gcm_encrypt_update(&ctx, buf, buf, n);
    if (rc != FC_OK) {
      fct_progress_end(&pr);
      fct_error(cmd, "%s: %s", in_path,
                rc == FC_ERR_ARG ? "too long for GCM (at most 2^36 - 32 bytes)" : "GCM failed");
      goto out;
    }
    if ((werr = write_all(out_fd, buf, n)) != 0) {
      fct_progress_end(&pr);
      fct_error(cmd, "%s: %s", tmp_name, strerror(werr));
      goto out;
    }
    fct_progress_add(&pr, n);
    if (decrypt) memmove(buf, buf + n, TAG_LEN);
    have -= n;
  }
  fct_progress_end(&pr);

  if (decrypt) {
    if (have < TAG_LEN) {
      fct_error(cmd, "authentication failed: %s is shorter than the %u-byte tag; %s not written",
                in_path, TAG_LEN, out_path);
      status = FCT_EXIT_FAIL;
      goto out;
    }
    rc = fc_aes_gcm_decrypt_final(&ctx, buf, TAG_LEN);
    if (rc == FC_ERR_AUTH) {
      fct_error(cmd, "authentication failed: %s not written", out_path);
      status = FCT_EXIT_FAIL;
      goto out;
    }
  } else {
    rc = fc_aes_gcm_encrypt_final(&ctx, buf, TAG_LEN);
    if (rc == FC_OK && (werr = write_all(out_fd, buf, TAG_LEN)) != 0) {
      fct_error(cmd, "%s: %s", tmp_name, strerror(werr));
      goto out;
    }
  }
  if (rc != FC_OK) {
    fct_error(cmd, "GCM failed (library error %d)", (int)rc);
    goto out;
  }
  if (fsync(out_fd) != 0 && errno != EINVAL && errno != EROFS) {
    fct_error(cmd, "%s: %s", tmp_name, strerror(errno));
    goto out;
  }
  int cfd = out_fd;
  out_fd = -1;
  if (close(cfd) != 0) {
    fct_error(cmd, "%s: %s", tmp_name, strerror(errno));
    goto out;
  }
  if (rename(tmp_name, out_path) != 0) {
    fct_error(cmd, "%s: %s", out_path, strerror(errno));
    goto out;
  }
  tmp_live = 0;
  wrote_tmp = 0;
  status = FCT_EXIT_OK;
out:
  if (out_fd >= 0) close(out_fd);
  if (wrote_tmp) {
    unlink(tmp_name);
    tmp_live = 0;
  }
  if (in != NULL && in != stdin) fclose(in);
  fc_aes_gcm_clear(&ctx);
  if (key != NULL) fc_aes_clear(key);
  wipe(raw_key, sizeof(raw_key));
  if (buf != NULL) wipe(buf, CHUNK + TAG_LEN);
  free(buf);
  free(key);
  free(iv);
  free(tmp_name);
  tmp_name = NULL;
  return status;
}
