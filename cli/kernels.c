/*
 * fastcrypt kernels [--json]: per op, every kernel built (best first),
 * whether this CPU runs it, the features it needs, those on which the
 * automatic choice avoids it (fc_impl_info.avoid), the active one (for mont
 * per modulus size class too); the CPU's name and features as probed and as
 * usable (after FASTCRYPT_CPU, which fc_init applied, as FASTCRYPT_IMPL).
 */
#include <string.h>

#include "cli.h"
#include "core/fc_cpu_names.h"

static const char *const op_names[FC_OP_COUNT] = {"mont", "sha1", "sha256",
                                                  "sha512", "aes", "ghash",
                                                  "keccak", "keccak_x", "ec",
                                                  "mldsa", "sha256_x"};

#define MAX_KERNELS 16

/* The features in mask, separated by sep; each quoted when json; bits
   without a name as "bitN"; plain text shows an empty set as "-". */
static void put_features(uint64_t mask, const char *sep, int json) {
  const char *q = json ? "\"" : "";
  int any = 0;
  for (size_t i = 0; i < FC_CPU_FEATURE_NAMES; i++) {
    if (!(mask & fc_cpu_feature_names[i].bit)) continue;
    printf("%s%s%s%s", any ? sep : "", q, fc_cpu_feature_names[i].name, q);
    mask &= ~fc_cpu_feature_names[i].bit;
    any = 1;
  }
  for (int b = 0; b < 64; b++)
    if (mask >> b & 1) printf("%s%sbit%d%s", any++ ? sep : "", q, b, q);
  if (!any && !json) fputs("-", stdout);
}

/* s as a JSON string. */
static void put_json_string(const char *s) {
  putchar('"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      printf("\\%c", c);
    else if (c < 0x20)
      printf("\\u%04x", c);
    else
      putchar(c);
  }
  putchar('"');
}

static int same_name(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static void print_text(const char *cpu) {
  printf("cpu: %s\nprobed: ", cpu);
  put_features(fc_cpu_features_probed(), " ", 0);
  printf("\nusable: ");
  put_features(fc_cpu_features(), " ", 0);
  printf("\n\n%-7s %-11s %-7s %-7s %s\n", "op", "kernel", "usable", "active", "needs");
  for (int op = 0; op < FC_OP_COUNT; op++) {
    fc_impl_info k[MAX_KERNELS];
    size_t n = fc_impls((fc_op)op, k, MAX_KERNELS);
    const char *active = fc_impl_active((fc_op)op);
    if (n == 0) printf("%-7s (none built)\n", op_names[op]);
    for (size_t i = 0; i < n && i < MAX_KERNELS; i++) {
      printf("%-7s %-11s %-7s %-7s ", i == 0 ? op_names[op] : "", k[i].name,
             k[i].usable ? "yes" : "no", same_name(k[i].name, active) ? "*" : "");
      put_features(k[i].needs, " ", 0);
      if (k[i].avoid) {
        fputs("  (automatic choice avoids it on: ", stdout);
        put_features(k[i].avoid, " ", 0);
        putchar(')');
      }
      putchar('\n');
    }
    fc_impl_class c[FC_MONT_CLASSES];
    size_t nc = fc_impl_classes((fc_op)op, c, FC_MONT_CLASSES);
    if (nc > 1) {
      printf("%-7s by size:", "");
      for (size_t i = 0; i < nc && i < FC_MONT_CLASSES; i++)
        printf("%s <= %u bits %s%s", i ? "," : "", (unsigned)c[i].max_bits,
               c[i].name ? c[i].name : "-", c[i].calibrated ? " (calibrated)" : "");
      putchar('\n');
    }
  }
}

static void print_json(const char *cpu) {
  printf("{\n  \"cpu\": ");
  put_json_string(cpu);
  printf(",\n  \"features_probed\": [");
  put_features(fc_cpu_features_probed(), ", ", 1);
  printf("],\n  \"features_usable\": [");
  put_features(fc_cpu_features(), ", ", 1);
  printf("],\n  \"ops\": {");
  for (int op = 0; op < FC_OP_COUNT; op++) {
    fc_impl_info k[MAX_KERNELS];
    size_t n = fc_impls((fc_op)op, k, MAX_KERNELS);
    const char *active = fc_impl_active((fc_op)op);
    printf("%s\n    \"%s\": {\n      \"active\": ", op ? "," : "", op_names[op]);
    if (active)
      put_json_string(active);
    else
      fputs("null", stdout);
    printf(",\n      \"kernels\": [");
    for (size_t i = 0; i < n && i < MAX_KERNELS; i++) {
      printf("%s\n        {\"name\": ", i ? "," : "");
      put_json_string(k[i].name);
      printf(", \"usable\": %s, \"active\": %s, \"needs\": [", k[i].usable ? "true" : "false",
             same_name(k[i].name, active) ? "true" : "false");
      put_features(k[i].needs, ", ", 1);
      printf("], \"avoid\": [");
      put_features(k[i].avoid, ", ", 1);
      printf("]}");
    }
    printf("%s],\n      \"classes\": [", n ? "\n      " : "");
    fc_impl_class c[FC_MONT_CLASSES];
    size_t nc = fc_impl_classes((fc_op)op, c, FC_MONT_CLASSES);
    for (size_t i = 0; i < nc && i < FC_MONT_CLASSES; i++) {
      printf("%s{\"max_bits\": %u, \"kernel\": ", i ? ", " : "", (unsigned)c[i].max_bits);
      if (c[i].name)
        put_json_string(c[i].name);
      else
        fputs("null", stdout);
      printf(", \"calibrated\": %s}", c[i].calibrated ? "true" : "false");
    }
    printf("]\n    }");
  }
  printf("\n  }\n}\n");
}

/* argv[0] is "kernels"; fc_init has run (main.c). */
int fct_kernels_main(int argc, char **argv) {
  int json = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--json") == 0) {
      json = 1;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      printf("Usage: %s kernels [--json]\n"
             "Every kernel per op (best first), whether this CPU runs it, the active one,\n"
             "the features each needs; the CPU's name and features (probed, usable).\n"
             "FASTCRYPT_CPU and FASTCRYPT_IMPL apply as in any program using the library.\n",
             fct_prog);
      return FCT_EXIT_OK;
    } else {
      fct_error(argv[0], "unknown argument '%s' (usage: %s kernels [--json])", argv[i], fct_prog);
      return FCT_EXIT_USAGE;
    }
  }
  char cpu[128];
  if (fc_cpu_name(cpu, sizeof(cpu)) != FC_OK) strcpy(cpu, "unknown");
  if (json)
    print_json(cpu);
  else
    print_text(cpu);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fct_error(argv[0], "write error");
    return FCT_EXIT_USAGE;
  }
  return FCT_EXIT_OK;
}
