#!/usr/bin/env python3
"""Writes src/x86/keccak_x_avx2.S: the 24 rounds of Keccak-f[1600] (FIPS 202
section 3) on four states at once (fc__keccak_x_avx2_rounds) and on two
groups of four (fc__keccak_x_avx2_rounds2), for the avx2 many-state kernel
(src/x86/keccak_x_avx2.c) on x86-64: lane i of four states in one 256-bit
register.

Why assembly: the round's 25 lanes, five parities and five D values do not
fit AVX2's 16 ymm registers, and gcc 12's form of the C round
(src/keccak_round.h) spills about 35 registers a round wherever its
allocator chooses. Here the state lives in memory between rounds by plan,
and each round loads and stores each lane once:
- Plane by plane: each lane pi sends to the plane is loaded and XORed with
  D (theta), rotated (rho; AVX2 has no 64-bit rotate: VPSRLQ, VPSLLQ, VPOR,
  or VPADDQ for a shift by one), then chi (VPANDN, VPXOR) writes the
  plane's five outputs to the other buffer. Rounds alternate between the
  two buffers, two a loop pass, so after 24 the state is back in the
  first. Loads are separate VMOVDQAs: on the Zen 5 EPYC of docs/sha3.md a
  load folded into a VPXOR took an ALU slot, a separate load none.
- iota: VPXOR with the round constant broadcast by VPBROADCASTQ from
  fc__keccak_rc (its address is an argument).
- D[x] = C[x-1] ^ rol(C[x+1], 1) at the round's end.
- Every Keccak round waits at its start for D, which waits for the last
  plane of the round before. One group (rounds): ymm0-4 hold D, ymm5-9 the
  plane, ymm10-14 the next round's parities, XORed up from each plane's
  outputs as they are stored, ymm15 a temporary. Two groups (rounds2):
  ymm0-4 hold group A's D, ymm5-9 group B's, ymm10-14 the plane, ymm15 a
  temporary; a group's parities are read back from the buffer it has just
  written, into the plane registers, and the program alternates the groups
  round by round, so one group's wait overlaps the other's round. Measured
  outside the tree on that EPYC: 58 cycles a round for one group, 50 to 54
  a group for two; gcc's C round took about 58.
A group's round is 189 vector logic, shift and add instructions, one
broadcast, and 25 (one group) or 50 (two) loads and 25 stores.

Run: python3 tools/gen-keccak-x-avx2.py > src/x86/keccak_x_avx2.S
(tests/host_generated.cmake fails when the two differ).
"""
import importlib.util
import os

# rho's offsets R and pi's sources SRC from the C rounds' generator
_spec = importlib.util.spec_from_file_location(
    "gen_keccak_rounds", os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen-keccak-rounds.py"))
_rounds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_rounds)
R, SRC = _rounds.R, _rounds.SRC

# one group
D = [f"%ymm{i}" for i in range(5)]
B = [f"%ymm{5 + i}" for i in range(5)]
C = [f"%ymm{10 + i}" for i in range(5)]
T = "%ymm15"
# two groups
D2 = [[f"%ymm{i}" for i in range(5)], [f"%ymm{5 + i}" for i in range(5)]]
B2 = [f"%ymm{10 + i}" for i in range(5)]


def rol(reg, n, out, dst=None):
    """out += dst (default reg) = reg rotated left by n (0 < n < 64)."""
    dst = dst or reg
    if n == 1:
        out.append(f"vpsrlq\t$63, {reg}, {T}")
        out.append(f"vpaddq\t{reg}, {reg}, {dst}")
    else:
        out.append(f"vpsrlq\t${64 - n}, {reg}, {T}")
        out.append(f"vpsllq\t${n}, {reg}, {dst}")
    out.append(f"vpor\t{T}, {dst}, {dst}")


def parities_to_d(out, C=C, D=D):
    """D[x] = C[x-1] ^ rol(C[x+1], 1); the parities are left as they were."""
    for x in range(5):
        rol(C[(x + 1) % 5], 1, out, D[x])
        out.append(f"vpxor\t{C[(x - 1) % 5]}, {D[x]}, {D[x]}")


def read_parities(buf, C, out):
    """C[x] from the 25 lanes of the buffer at buf."""
    for x in range(5):
        out.append(f"vmovdqa\t{32 * x}({buf}), {C[x]}")
        for y in range(1, 5):
            out.append(f"vmovdqa\t{32 * (x + 5 * y)}({buf}), {T}")
            out.append(f"vpxor\t{T}, {C[x]}, {C[x]}")


def theta_rho(src, D, B, Y, out):
    """The five lanes pi sends to plane Y, from the buffer at src, into B."""
    for X in range(5):
        lane = SRC[X + 5 * Y]
        out.append(f"vmovdqa\t{32 * lane}({src}), {B[X]}")
        out.append(f"vpxor\t{D[lane % 5]}, {B[X]}, {B[X]}")
        if R[lane]:
            rol(B[X], R[lane], out)


def group_round(g, src, dst, rc_off, last=False):
    """Two groups: one round of group g (D in D2[g]) from the buffer at src
    to the buffer at dst, then (unless last) its next D from the parities
    read back.
    Plane 0's outputs are formed in the order 1, 2, 3, 4, 0 so that B[3]
    is free for the round constant."""
    out = []
    for Y in range(5):
        theta_rho(src, D2[g], B2, Y, out)
        for k in ([1, 2, 3, 4, 0] if Y == 0 else range(5)):
            b0, b1, b2 = B2[k], B2[(k + 1) % 5], B2[(k + 2) % 5]
            out.append(f"vpandn\t{b2}, {b1}, {T}")
            out.append(f"vpxor\t{b0}, {T}, {T}")
            if Y == 0 and k == 0:
                out.append(f"vpbroadcastq\t{rc_off}(%rsi), {B2[3]}")
                out.append(f"vpxor\t{B2[3]}, {T}, {T}")
            out.append(f"vmovdqa\t{T}, {32 * (k + 5 * Y)}({dst})")
    if not last:
        read_parities(dst, B2, out)
        parities_to_d(out, B2, D2[g])
    return out


def round_body(src, dst, rc_off):
    """One round from the buffer at src to the buffer at dst (registers),
    D in ymm0-4 on entry and the next round's D on exit."""
    out = []
    for Y in range(5):
        theta_rho(src, D, B, Y, out)
        for k in range(5):
            b0, b1, b2 = B[k], B[(k + 1) % 5], B[(k + 2) % 5]
            if Y == 0:      # the parities start from plane 0's outputs
                out.append(f"vpandn\t{b2}, {b1}, {C[k]}")
                out.append(f"vpxor\t{b0}, {C[k]}, {C[k]}")
                if k == 0:
                    out.append(f"vpbroadcastq\t{rc_off}(%rdx), {T}")
                    out.append(f"vpxor\t{T}, {C[0]}, {C[0]}")
                out.append(f"vmovdqa\t{C[k]}, {32 * k}({dst})")
            else:
                out.append(f"vpandn\t{b2}, {b1}, {T}")
                out.append(f"vpxor\t{b0}, {T}, {T}")
                out.append(f"vmovdqa\t{T}, {32 * (k + 5 * Y)}({dst})")
                out.append(f"vpxor\t{T}, {C[k]}, {C[k]}")
    parities_to_d(out)
    return out


def main():
    first = []
    read_parities("%rdi", C, first)
    parities_to_d(first)
    body = round_body("%rdi", "%rsi", 0) + round_body("%rsi", "%rdi", 8)
    print(HEADER)
    print(PROLOGUE)
    print("\n".join("\t" + s for s in first))
    print("\tmovl\t$12, %eax\n.Lround:")
    print("\n".join("\t" + s for s in body))
    print("\taddq\t$16, %rdx\n\tdecl\t%eax\n\tjnz\t.Lround")
    print(EPILOGUE)
    # two groups: A in, A out, B in, B out at 0, 800, 1600, 2400 from %rdi
    a0, a1, b0, b1 = "%rdi", "%rdx", "%rcx", "%r8"
    first = []
    for g, buf in ((0, a0), (1, b0)):
        read_parities(buf, B2, first)
        parities_to_d(first, B2, D2[g])
    body = (group_round(0, a0, a1, 0) + group_round(1, b0, b1, 0) +
            group_round(0, a1, a0, 8) + group_round(1, b1, b0, 8))
    # rounds 23 and 24 without the D that no round would use
    tail = (group_round(0, a0, a1, 0) + group_round(1, b0, b1, 0) +
            group_round(0, a1, a0, 8, True) + group_round(1, b1, b0, 8, True))
    print(PROLOGUE2)
    print("\n".join("\t" + s for s in first))
    print("\tmovl\t$11, %eax\n.Lround_two:")
    print("\n".join("\t" + s for s in body))
    print("\taddq\t$16, %rsi\n\tdecl\t%eax\n\tjnz\t.Lround_two")
    print("\n".join("\t" + s for s in tail))
    print(EPILOGUE2)


HEADER = '''/* Generated by tools/gen-keccak-x-avx2.py: do not edit. See the generator
   for the register plan. */'''

PROLOGUE = r'''	.section .note.GNU-stack,"",@progbits
	.text

/*
 * void fc__keccak_x_avx2_rounds(uint64_t st[4 * 25], uint64_t tmp[4 * 25],
 *                               const uint64_t rc[24]);
 * Keccak-f[1600] on four states, lane i of state j at st[4 i + j]; st and
 * tmp 32-byte aligned; tmp's contents are overwritten (a round's output
 * buffer). x86-64 SysV, AVX2. No stack; ymm0-15 are zero on return
 * (secrets issue: src/vwipe.h's rule, here in assembly).
 */
	.globl	fc__keccak_x_avx2_rounds
	.hidden	fc__keccak_x_avx2_rounds
	.type	fc__keccak_x_avx2_rounds, @function
	.p2align 5
fc__keccak_x_avx2_rounds:'''

EPILOGUE = r'''	vzeroall
	ret
	.size	fc__keccak_x_avx2_rounds, .-fc__keccak_x_avx2_rounds'''

PROLOGUE2 = r'''
/*
 * void fc__keccak_x_avx2_rounds2(uint64_t buf[4 * 4 * 25],
 *                                const uint64_t rc[24]);
 * Keccak-f[1600] on two groups of four states: group A's lanes at buf[0],
 * group B's at buf[200] (each as st above), buf[100] and buf[300] their
 * round buffers, overwritten; buf 32-byte aligned. x86-64 SysV, AVX2. No
 * stack; ymm0-15 are zero on return.
 */
	.globl	fc__keccak_x_avx2_rounds2
	.hidden	fc__keccak_x_avx2_rounds2
	.type	fc__keccak_x_avx2_rounds2, @function
	.p2align 5
fc__keccak_x_avx2_rounds2:
	leaq	800(%rdi), %rdx
	leaq	1600(%rdi), %rcx
	leaq	2400(%rdi), %r8'''

EPILOGUE2 = r'''	vzeroall
	ret
	.size	fc__keccak_x_avx2_rounds2, .-fc__keccak_x_avx2_rounds2'''

if __name__ == "__main__":
    main()
