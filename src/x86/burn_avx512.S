/*
 * fc__stack_burn's AVX-512F form on x86-64 (src/core/stack_burn.c): zmm16-31,
 * which vzeroall leaves, and k0-k7 are cleared, then the AVX form runs
 * (a tail jump, so its area still starts at the caller's frame): 32-byte
 * VEX stores, vzeroall (zmm0-15 whole), the call-clobbered general
 * registers. No 512-bit work beyond the zeroing idioms (512-bit forms,
 * which need AVX-512F alone; the 128-bit ones would need AVX-512VL), since
 * the burn also runs where FASTCRYPT_CPU masks AVX-512. glibc's EVEX
 * memcpy and memset keep data in ymm16-31. Called only where the probe
 * found AVX-512F enabled.
 */
#include "burn_regs.h"
	.section .note.GNU-stack,"",@progbits
	.text
	.globl	fc__burn_avx512
	.hidden	fc__burn_avx512
	.type	fc__burn_avx512, @function
fc__burn_avx512:
	ENDBR
	ZERO_ZMM16_31
	kxorw	%k0, %k0, %k0
	kxorw	%k1, %k1, %k1
	kxorw	%k2, %k2, %k2
	kxorw	%k3, %k3, %k3
	kxorw	%k4, %k4, %k4
	kxorw	%k5, %k5, %k5
	kxorw	%k6, %k6, %k6
	kxorw	%k7, %k7, %k7
	jmp	fc__burn_avx
	.size	fc__burn_avx512, .-fc__burn_avx512
