#!/usr/bin/env python3
"""Writes src/x86/keccak_x_avx2.S: the 24 rounds of Keccak-f[1600] (FIPS 202
section 3) on four states at once (fc__keccak_x_avx2_rounds) and on two
groups of four (fc__keccak_x_avx2_rounds2), for the avx2 many-state kernel
(src/x86/keccak_x_avx2.c) on x86-64: lane i of four states in one 256-bit
register.

Why assembly: the round's 25 lanes, five parities and five D values do not
fit AVX2's 16 ymm registers, and gcc 12's form of the C round
(src/hash/keccak_round.h) spills about 35 registers a round wherever its
allocator chooses. Here the state lives in memory between rounds by plan,
and each round loads and stores each lane once. Registers: ymm0-4 D,
ymm5-9 the plane, ymm10-14 the next round's parities, ymm15 a temporary.
- Plane by plane: each lane pi sends to the plane is loaded and XORed with
  D (theta), rotated (rho; AVX2 has no 64-bit rotate: VPSRLQ, VPSLLQ, VPOR,
  or VPADDQ for a shift by one, and one VPSHUFB for the rotations by 8
  and 56), then chi (VPANDN, VPXOR) writes the plane's five outputs to the
  other buffer and XORs them into the parities. Rounds alternate between
  the two buffers, two a loop pass, so after 24 the state is back in the
  first. Loads are separate VMOVDQAs: on the Zen 5 EPYC of docs/sha3.md a
  load folded into a VPXOR took an ALU slot, a separate load none.
- iota: VPXOR with the round constant broadcast by VPBROADCASTQ from
  fc__keccak_rc (its address is an argument).
- D[x] = C[x-1] ^ rol(C[x+1], 1) at the round's end.
- Every Keccak round waits at its start for D, which waits for the last
  plane of the round before. With two groups (rounds2) the program
  alternates them round by round, so that one group's wait overlaps the
  other's round: a group's D, computed at the end of its round, waits in
  memory (PARK) during the other's round: 5 stores and 5 loads, where
  keeping both groups' D in registers would take the parities' registers
  and need the 25 stored lanes read back for the parities.
Measured outside the tree on that EPYC, cycles a round a group: two groups
50.5 to 52, against 52 to 53 in the same runs with both D in registers
and shift pairs for every rotation (VPSHUFB and the parked D gave about
1% each); one group about 58.
A group's round is 184 vector logic, shift, shuffle and add instructions,
one broadcast, 27 loads and 25 stores, and with two groups 5 more of each.

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

D = [f"%ymm{i}" for i in range(5)]
B = [f"%ymm{5 + i}" for i in range(5)]
C = [f"%ymm{10 + i}" for i in range(5)]
T = "%ymm15"
# two groups: where each group's D waits while the other's round runs, as
# byte offsets from the first argument (past the four state buffers)
PARK = (3200, 3360)


def rol(reg, n, out, dst=None):
    """out += dst (default reg) = reg rotated left by n (0 < n < 64)."""
    dst = dst or reg
    if n in (8, 56):  # whole bytes: one VPSHUFB, its mask loaded into T
        out.append(f"vmovdqa\t.Lrol{n}(%rip), {T}")
        out.append(f"vpshufb\t{T}, {reg}, {dst}")
        return
    if n == 1:
        out.append(f"vpsrlq\t$63, {reg}, {T}")
        out.append(f"vpaddq\t{reg}, {reg}, {dst}")
    else:
        out.append(f"vpsrlq\t${64 - n}, {reg}, {T}")
        out.append(f"vpsllq\t${n}, {reg}, {dst}")
    out.append(f"vpor\t{T}, {dst}, {dst}")


def parities_to_d(out):
    """D[x] = C[x-1] ^ rol(C[x+1], 1); the parities are left as they were."""
    for x in range(5):
        rol(C[(x + 1) % 5], 1, out, D[x])
        out.append(f"vpxor\t{C[(x - 1) % 5]}, {D[x]}, {D[x]}")


def read_parities(buf, out):
    """C[x] from the 25 lanes of the buffer at buf."""
    for x in range(5):
        out.append(f"vmovdqa\t{32 * x}({buf}), {C[x]}")
        for y in range(1, 5):
            out.append(f"vmovdqa\t{32 * (x + 5 * y)}({buf}), {T}")
            out.append(f"vpxor\t{T}, {C[x]}, {C[x]}")


def theta_rho(src, Y, out):
    """The five lanes pi sends to plane Y, from the buffer at src, into B."""
    for X in range(5):
        lane = SRC[X + 5 * Y]
        out.append(f"vmovdqa\t{32 * lane}({src}), {B[X]}")
        out.append(f"vpxor\t{D[lane % 5]}, {B[X]}, {B[X]}")
        if R[lane]:
            rol(B[X], R[lane], out)


def round_body(src, dst, rc, parities=True):
    """One round from the buffer at src to the buffer at dst, D in ymm0-4
    on entry; the round constant at rc. With parities, the next round's
    parities are in ymm10-14 on exit (XORed up from each plane's outputs
    as they are stored)."""
    out = []
    for Y in range(5):
        theta_rho(src, Y, out)
        for k in range(5):
            b0, b1, b2 = B[k], B[(k + 1) % 5], B[(k + 2) % 5]
            if Y == 0:      # the parities start from plane 0's outputs
                out.append(f"vpandn\t{b2}, {b1}, {C[k]}")
                out.append(f"vpxor\t{b0}, {C[k]}, {C[k]}")
                if k == 0:
                    out.append(f"vpbroadcastq\t{rc}, {T}")
                    out.append(f"vpxor\t{T}, {C[0]}, {C[0]}")
                out.append(f"vmovdqa\t{C[k]}, {32 * k}({dst})")
            else:
                out.append(f"vpandn\t{b2}, {b1}, {T}")
                out.append(f"vpxor\t{b0}, {T}, {T}")
                out.append(f"vmovdqa\t{T}, {32 * (k + 5 * Y)}({dst})")
                if parities:
                    out.append(f"vpxor\t{T}, {C[k]}, {C[k]}")
    return out


def park(g, out, load=False):
    """D to (or, with load, from) group g's place in the buffer."""
    for x in range(5):
        at = f"{PARK[g] + 32 * x}(%rdi)"
        out.append(f"vmovdqa\t{at}, {D[x]}" if load else f"vmovdqa\t{D[x]}, {at}")
    return out


def group_round(g, src, dst, rc, last=False):
    """Two groups: one round of group g; unless last, its next D parked;
    then (unless g is B in the last round) the other group's D loaded."""
    out = round_body(src, dst, rc, not last)
    if not last:
        parities_to_d(out)
        park(g, out)
    if not (last and g == 1):
        park(1 - g, out, True)
    return out


def main():
    first = []
    read_parities("%rdi", first)
    parities_to_d(first)
    body = []
    for src, dst, off in (("%rdi", "%rsi", 0), ("%rsi", "%rdi", 8)):
        body += round_body(src, dst, f"{off}(%rdx)")
        parities_to_d(body)
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
    read_parities(b0, first)
    parities_to_d(first)
    park(1, first)
    read_parities(a0, first)
    parities_to_d(first)

    def two(last):
        return (group_round(0, a0, a1, "0(%rsi)") + group_round(1, b0, b1, "0(%rsi)") +
                group_round(0, a1, a0, "8(%rsi)", last) + group_round(1, b1, b0, "8(%rsi)", last))
    print(PROLOGUE2)
    print("\n".join("\t" + s for s in first))
    print("\tmovl\t$11, %eax\n.Lround_two:")
    print("\n".join("\t" + s for s in two(False)))
    print("\taddq\t$16, %rsi\n\tdecl\t%eax\n\tjnz\t.Lround_two")
    # rounds 23 and 24 without the D that no round would use
    print("\n".join("\t" + s for s in two(True)))
    print(EPILOGUE2)
    print("\t.section\t.rodata\n\t.p2align\t5")
    for n, step in ((8, -1), (56, 1)):
        print(f".Lrol{n}:")
        for q in range(4):
            print("\t.byte\t" + ", ".join(str(8 * q + (j + step) % 8) for j in range(8)))


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
 * (secrets issue: src/core/vwipe.h's rule, here in assembly).
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
 * void fc__keccak_x_avx2_rounds2(uint64_t buf[4 * 4 * 25 + 2 * 20],
 *                                const uint64_t rc[24]);
 * Keccak-f[1600] on two groups of four states: group A's lanes at buf[0],
 * group B's at buf[200] (each as st above); buf[100] and buf[300] their
 * round buffers and buf[400] and buf[420] their D between rounds,
 * overwritten; buf 32-byte aligned. x86-64 SysV, AVX2. No
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
