/*
 * Names of the FC_CPU_* feature bits, for the hosted programs that print
 * them (fc_bench, the fastcrypt command). Not compiled into the library.
 */
#ifndef FC_CPU_NAMES_H
#define FC_CPU_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "fastcrypt/core.h"

static const struct {
  uint64_t bit;
  const char *name;
} fc_cpu_feature_names[] = {
    {FC_CPU_SSE2, "sse2"},         {FC_CPU_SSSE3, "ssse3"},           {FC_CPU_SSE41, "sse4.1"},
    {FC_CPU_AVX, "avx"},           {FC_CPU_AVX2, "avx2"},             {FC_CPU_BMI2, "bmi2"},
    {FC_CPU_ADX, "adx"},           {FC_CPU_AESNI, "aesni"},           {FC_CPU_PCLMUL, "pclmul"},
    {FC_CPU_SHANI, "shani"},       {FC_CPU_AVX512F, "avx512f"},       {FC_CPU_AVX512VL, "avx512vl"},
    {FC_CPU_AVX512BW, "avx512bw"}, {FC_CPU_AVX512IFMA, "avx512ifma"}, {FC_CPU_VAES, "vaes"},
    {FC_CPU_VPCLMUL, "vpclmul"},   {FC_CPU_NEON, "neon"},             {FC_CPU_ARM_AES, "aes"},
    {FC_CPU_ARM_PMULL, "pmull"},   {FC_CPU_ARM_SHA1, "sha1"},         {FC_CPU_ARM_SHA2, "sha2"},
    {FC_CPU_ARM_SHA512, "sha512"}, {FC_CPU_ARM_SHA3, "sha3"},      {FC_CPU_INTEL, "intel"},
};
#define FC_CPU_FEATURE_NAMES (sizeof(fc_cpu_feature_names) / sizeof(fc_cpu_feature_names[0]))

#endif
