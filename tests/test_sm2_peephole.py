"""The Direct3D 9 targets' peephole rewrites (shader/sm2/peephole.py): each rewrite case by case, each refusal
case by case, and every rewritten program run by the test-side SM2 interpreter against the original on random
registers ("mad - ps": src0 * src1 + src2; "mov - ps"; "texld - ps_2_0 and up": a 2D texture uses the
coordinate's u and v; "Source Register Swizzling": ps_2_0's swizzles; ps_2_0 writes oC# with mov only)."""

from __future__ import annotations

import numpy as np
import pytest
from sm2_interp import Sm2Machine, validate

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.sm2.d3d9 import TARGETS
from pyd3d11.shader.sm2.peephole import optimize
from pyd3d11.shader.sm2.program import Dst, Inst, Sm2Program, Src, decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg, SamplerType, SrcMod

F = np.float32
PS20, PS2A, PS30 = (TARGETS[t].profile for t in ("ps_2_0", "ps_2_a", "ps_3_0"))
R, C, T = Reg.TEMP, Reg.CONST, TEXTURE
X, Y, Z, W = ((k,) * 4 for k in range(4))


def r(n: int, swz=(0, 1, 2, 3), mod: int = 0) -> Src:
    return Src(R, n, tuple(swz), mod)


def d(n: int, mask: int = 0xF, reg: int = R) -> Dst:
    return Dst(reg, n, mask)


SAMPLER = Inst("dcl", Dst(Reg.SAMPLER, 0), decl=int(SamplerType.TEX_2D) << 27)
ZERO_DEF = Inst("def", Dst(C, 9), values=[0, 0, 0, 0])


def _run(prog_insts: list[Inst], seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = 32
    regs = {(T, k): rng.uniform(-2, 2, (n, 4)).astype(F) for k in range(4)}
    consts = rng.uniform(-2, 2, (16, 4)).astype(F)
    consts[9] = 0

    def sample(_s, c, _controls, *_g):
        u, v = c[:, 0], c[:, 1]  # a 2D texture reads u and v only
        return np.stack([u, v, u * v, u - v], axis=1).astype(F)

    prog = Sm2Program("ps", 2, 0, [i for i in prog_insts])
    return Sm2Machine(prog, n, regs, consts, sample).run().out(Reg.COLOROUT, 0)


def _copy(insts: list[Inst]) -> list[Inst]:
    return [Inst(i.op, Dst(i.dst.reg, i.dst.num, i.dst.mask, i.dst.mod, i.dst.shift) if i.dst else None,
                 [Src(s.reg, s.num, s.swizzle, s.mod) for s in i.srcs], i.controls, i.decl, list(i.values))
            for i in insts]


# (name, program, profile, expected ops after the rewrites) -- each program ends writing oC0 with mov
CASES = [
    ("mul+add -> mad", [Inst("mul", d(1), [r(10), r(11)]), Inst("add", d(2), [r(1), r(12)]),
                        Inst("mov", d(0, reg=Reg.COLOROUT), [r(2)])], PS20, ["mad", "mov"]),
    ("add+mul order: add's second source", [Inst("mul", d(1), [r(10), Src(C, 1)]),
                                            Inst("add", d(2), [r(12), r(1, mod=SrcMod.NEG)]),
                                            Inst("mov", d(0, reg=Reg.COLOROUT), [r(2)])], PS20, ["mad", "mov"]),
    ("product read again: kept", [Inst("mul", d(1), [r(10), r(11)]), Inst("add", d(2), [r(1), r(12)]),
                                  Inst("add", d(3), [r(2), r(1)]), Inst("mov", d(0, reg=Reg.COLOROUT), [r(3)])],
     PS20, ["mul", "add", "add", "mov"]),
    ("two constants in one mad: ps read port", [Inst("mul", d(1), [r(10), Src(C, 1)]),
                                                Inst("add", d(2), [r(1), Src(C, 2)]),
                                                Inst("mov", d(0, reg=Reg.COLOROUT), [r(2)])], PS20,
     ["mul", "add", "mov"]),
    ("add of zero -> mov, then coalesced", [ZERO_DEF, Inst("add", d(2), [r(10), Src(C, 9)]),
                                            Inst("mov", d(0, reg=Reg.COLOROUT), [r(2)])], PS20, ["def", "mov", "mov"]),
    ("ps_2_0 oC0 is written by mov only", [Inst("add", d(1), [r(10), r(11)]),
                                           Inst("mov", d(0, reg=Reg.COLOROUT), [r(1)])], PS20, ["add", "mov"]),
    ("ps_3_0 oC0 by any instruction", [Inst("add", d(1), [r(10), r(11)]),
                                       Inst("mov", d(0, reg=Reg.COLOROUT), [r(1)])], PS30, ["add"]),
    # the .yz result copied to .xy of a 2D coordinate: one add writing r2.xy (identity swizzles, legal at ps_2_0)
    ("coordinate copies", [SAMPLER, Inst("add", d(0, 0x6), [r(10, (2, 0, 1, 3)), r(11, (2, 0, 1, 3))]),
                           Inst("mov", d(1, 0x1), [r(0, Y)]), Inst("mov", d(1, 0xE), [r(0, Z)]),
                           Inst("mov", d(2), [r(1)]), Inst("texld", d(3), [r(2), Src(Reg.SAMPLER, 0)]),
                           Inst("mov", d(0, reg=Reg.COLOROUT), [r(3)])], PS20, ["dcl", "add", "texld", "mov"]),
    # the same copy where the register is read as a value, not a coordinate: all four lanes needed, and .yzzz is
    # no ps_2_0 swizzle: the copies stay
    ("value copies at ps_2_0", [Inst("add", d(0, 0x6), [r(10, (2, 0, 1, 3)), r(11, (2, 0, 1, 3))]),
                                Inst("mov", d(1, 0x1), [r(0, Y)]), Inst("mov", d(1, 0xE), [r(0, Z)]),
                                Inst("add", d(2), [r(1), r(12)]), Inst("mov", d(0, reg=Reg.COLOROUT), [r(2)])],
     PS20, ["add", "mov", "mov", "add", "mov"]),
    ("value copies at ps_2_a: arbitrary swizzle", [Inst("add", d(0, 0x6), [r(10, (2, 0, 1, 3)),
                                                                        r(11, (2, 0, 1, 3))]),
                                                   Inst("mov", d(1, 0x1), [r(0, Y)]), Inst("mov", d(1, 0xE), [r(0, Z)]),
                                                   Inst("add", d(2), [r(1), r(12)]),
                                                   Inst("mov", d(0, reg=Reg.COLOROUT), [r(2)])],
     PS2A, ["add", "add", "mov"]),
    ("copy into a register in use meanwhile: kept", [Inst("mov", d(5), [r(13)]),
                                                     Inst("add", d(1), [r(10), r(11)]),
                                                     Inst("mul", d(4), [r(5), r(12)]),
                                                     Inst("mov", d(5), [r(1)]), Inst("add", d(6), [r(5), r(4)]),
                                                     Inst("mov", d(0, reg=Reg.COLOROUT), [r(6)])], PS20,
     None),
    # the copied register's value is rebuilt by the block, but the block also reads an older component of it
    # (r1.z): renaming the block to r5 would read r5.z instead -- kept
    ("block reading an older component: kept", [Inst("mov", d(1), [r(10)]), Inst("mov", d(1, 0x1), [r(11)]),
                                               Inst("add", d(1, 0x2), [r(1, X), r(1, Z)]),
                                               Inst("mov", d(5, 0x3), [r(1)]),
                                               Inst("mov", d(0, reg=Reg.COLOROUT), [r(5, X)])], PS20, None),
    ("flow control: untouched", [Inst("rep", None, [Src(Reg.CONSTINT, 0)]),
                                 Inst("mul", d(1), [r(10), r(11)]), Inst("add", d(2), [r(1), r(12)]),
                                 Inst("endrep"), Inst("mov", d(0, reg=Reg.COLOROUT), [r(2)])], PS20,
     ["rep", "mul", "add", "endrep", "mov"]),
]


#: the inputs r10-r13, loaded from t0-t3 first (a legal ps_2_0 program: one t# read per instruction)
LOADS = [Inst("mov", d(10 + k), [Src(T, k)]) for k in range(4)]


@pytest.mark.parametrize(("name", "insts", "prof", "ops"), CASES, ids=[c[0] for c in CASES])
def test_peephole_rewrite(name: str, insts: list[Inst], prof, ops: list[str] | None):
    setup = [i for i in insts if i.op in ("dcl", "def")]
    insts = setup + LOADS + [i for i in insts if i.op not in ("dcl", "def")]
    after = optimize(_copy(insts), prof, outputs_any=prof is PS30)
    if ops is not None:  # the loads left out (a load merged into its one use counts as that use)
        assert [i.op for i in after if not (i.op == "mov" and i.dst.num >= 10 and i.srcs[0].reg == T)] == ops
    if any(i.op == "rep" for i in insts):
        return
    assert validate(Sm2Program("ps", 2, 1 if prof is not PS20 else 0, after)) == [] or prof is not PS20
    for seed in range(3):
        np.testing.assert_array_equal(_run(after, seed), _run(insts, seed))


BLUR = ("sampler2D s; float2 off[13]; float w[13];\n"
        "float4 main(float2 t : TEXCOORD0) : COLOR { float4 r = 0;\n"
        "  [unroll] for (int i = 0; i < 13; i++) r += tex2D(s, t + off[i]) * w[i]; return r; }")


def test_a_13_tap_blur_fits_ps_2_0_and_samples_where_the_hlsl_says():
    """13 taps of tex2D(t + offset) * weight: 13 texture + 39 arithmetic slots with the rewrites (80 without);
    run with a stand-in 2D texture f(u, v), the result is sum f(t + off_i) * w_i (numpy)."""
    blob = bytes(D3DCompile(BLUR, None, "t.hlsl", None, None, "main", "ps_2_0", 0, 0))
    prog = decode_program(blob)
    assert validate(prog) == []
    import sys

    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from test_hlsl_d3d9_targets import read_ctab

    regs = {c["name"]: c for c in read_ctab(blob)["constants"]}
    rng = np.random.default_rng(7)
    n = 24
    t = rng.uniform(-1, 1, (n, 4)).astype(F)
    off = rng.uniform(-0.1, 0.1, (13, 4)).astype(F)
    wts = rng.uniform(0, 1, 13).astype(F)
    consts = np.zeros((32, 4), F)
    consts[regs["off"]["index"]: regs["off"]["index"] + 13, :2] = off[:, :2]
    consts[regs["w"]["index"]: regs["w"]["index"] + 13, 0] = wts

    def f(u, v):
        return np.stack([u, v, u * v, u - v], axis=1).astype(F)

    def sample(_s, c, _controls, *_g):
        return f(c[:, 0], c[:, 1])

    got = Sm2Machine(prog, n, {(T, 0): t}, consts, sample).run().out(Reg.COLOROUT, 0)
    expect = sum(f(t[:, 0] + off[i, 0], t[:, 1] + off[i, 1]) * wts[i] for i in range(13))
    np.testing.assert_allclose(got, expect, rtol=1e-5, atol=1e-5)
