"""Which components of each source a shader-model-2/3 instruction reads (shader/sm2/lanes.py, the one definition
the translator's swizzle legalisation, dead-code removal and the peephole liveness share; issue 19 item 4).

The expected lanes are not taken from the table: each instruction's formula is written here as the D3D9 "Asm
Shader Reference" page gives it (MicrosoftDocs direct3dhlsl: dp3/dp4/dp2add, rcp/rsq/exp/log/expp/logp/pow
"requires explicit use of replicate swizzle" — rcp - vs: "if the source has no subscripts, the x-component is
used" —, sincos (V = src0's replicate component; the sm2 form's src1/src2 the D3DSINCOSCONST registers), nrm, crs,
lit, dst, m4x4 ... m3x2 as their dp expansions, if_comp / break_comp "replicate swizzle is required", texld /
texldp / texldb / texldl / texldd "the number of coordinates required depends on how src1 was declared, plus the
.w component") and run on recording operands: the lanes a written destination lane touches are the lanes read.
texkill's operand: every lane (the docs' first three, fxc's ps_3_0 code and Wine's d3d9 all four; reading more is
the safe side).
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.sm2 import optimize, peephole
from pyd3d11.shader.sm2.lanes import READS, lanes_read
from pyd3d11.shader.sm2.program import Dst, Inst, Sm2Program, Src
from pyd3d11.shader.sm2.tokens import Reg


class _Rec:
    """An operand that records the lanes read from it."""

    def __init__(self) -> None:
        self.read: set[int] = set()

    def __getitem__(self, k: int) -> float:
        self.read.add(k)
        return 1.0


def _dot(a, b, n):
    return sum(a[c] * b[c] for c in range(n))


def _touch(*vals):  # an expression reading all its arguments
    return sum(vals)


#: op -> (number of sources, formula(srcs, destination lane) reading what that lane reads)
FORMULAS = {
    # component-wise: lane k from lane k of each source
    "mov": (1, lambda s, k: s[0][k]), "add": (2, lambda s, k: s[0][k] + s[1][k]),
    "mul": (2, lambda s, k: s[0][k] * s[1][k]), "mad": (3, lambda s, k: s[0][k] * s[1][k] + s[2][k]),
    "min": (2, lambda s, k: _touch(s[0][k], s[1][k])), "max": (2, lambda s, k: _touch(s[0][k], s[1][k])),
    "slt": (2, lambda s, k: _touch(s[0][k], s[1][k])), "sge": (2, lambda s, k: _touch(s[0][k], s[1][k])),
    "cmp": (3, lambda s, k: _touch(s[0][k], s[1][k], s[2][k])),
    "cnd": (3, lambda s, k: _touch(s[0][k], s[1][k], s[2][k])),
    "lrp": (3, lambda s, k: s[0][k] * (s[1][k] - s[2][k]) + s[2][k]),
    "abs": (1, lambda s, k: abs(s[0][k])), "frc": (1, lambda s, k: s[0][k] % 1.0),
    "mova": (1, lambda s, k: s[0][k]), "dsx": (1, lambda s, k: s[0][k]), "dsy": (1, lambda s, k: s[0][k]),
    "setp": (2, lambda s, k: _touch(s[0][k], s[1][k])),
    # dot products
    "dp3": (2, lambda s, k: _dot(s[0], s[1], 3)), "dp4": (2, lambda s, k: _dot(s[0], s[1], 4)),
    "dp2add": (3, lambda s, k: s[0][0] * s[1][0] + s[0][1] * s[1][1] + s[2][0]),
    # scalar instructions: the replicate swizzle's component (lane 0)
    "rcp": (1, lambda s, k: 1.0 / s[0][0]), "rsq": (1, lambda s, k: s[0][0] ** -0.5),
    "exp": (1, lambda s, k: 2.0 ** s[0][0]), "log": (1, lambda s, k: s[0][0]),
    "expp": (1, lambda s, k: 2.0 ** s[0][0]), "logp": (1, lambda s, k: s[0][0]),
    "pow": (2, lambda s, k: abs(s[0][0]) ** s[1][0]),
    "sincos": (3, lambda s, k: _touch(s[0][0], *(s[1][c] for c in range(4)), *(s[2][c] for c in range(4)))),
    # nrm: dest.k = src.k / |src.xyz|
    "nrm": (1, lambda s, k: s[0][k] * (s[0][0] ** 2 + s[0][1] ** 2 + s[0][2] ** 2)),
    # crs: dest.x = src0.y * src1.z - src0.z * src1.y, ...; dest.w is no valid mask
    "crs": (2, lambda s, k: 0.0 if k == 3 else
            s[0][(k + 1) % 3] * s[1][(k + 2) % 3] - s[0][(k + 2) % 3] * s[1][(k + 1) % 3]),
    # lit: dest.x = dest.w = 1; dest.y = src.x (if > 0); dest.z = pow(src.y, src.w) if src.x > 0 and src.y > 0
    "lit": (1, lambda s, k: 1.0 if k in (0, 3) else s[0][0] if k == 1 else _touch(s[0][0], s[0][1], s[0][3])),
    # dst: (1, src0.y * src1.y, src0.z, src1.w)
    "dst": (2, lambda s, k: 1.0 if k == 0 else s[0][1] * s[1][1] if k == 1 else s[0][2] if k == 2 else s[1][3]),
    # the matrix macros: dest.k = dp4 / dp3 of the vector and row k (the row register is src1 + k)
    "m4x4": (2, lambda s, k: _dot(s[0], s[1], 4)), "m4x3": (2, lambda s, k: _dot(s[0], s[1], 4)),
    "m3x4": (2, lambda s, k: _dot(s[0], s[1], 3)), "m3x3": (2, lambda s, k: _dot(s[0], s[1], 3)),
    "m3x2": (2, lambda s, k: _dot(s[0], s[1], 3)),
    # if_comp / break_comp: replicate swizzles
    "ifc": (2, lambda s, k: _touch(s[0][0], s[1][0])), "breakc": (2, lambda s, k: _touch(s[0][0], s[1][0])),
}


def _texture_formula(n_src):
    # the coordinates a sampler of dimension 2 (2d) or 3 (cube, volume) needs, plus .w (the projection divisor,
    # the bias, the level); texldd's gradients follow the same dimension; the sampler s# alike (a whole register)
    def f(s, k):
        return _touch(*(s[i][c] for i in range(n_src) for c in range(3)), s[0][3], *(s[i][3] for i in range(n_src)))
    return (n_src, f)


FORMULAS.update({"texld": _texture_formula(2), "texldl": _texture_formula(2), "texldd": _texture_formula(4)})

#: the write masks an instruction allows ("sincos": .x, .y, .xy; "crs": no .w; the texture loads of ps_2_0: .xyzw;
#: the others any)
_MASKS = {"sincos": (1, 2, 3), "crs": (1, 2, 4, 3, 5, 6, 7)}
_NO_DST = {"ifc", "breakc"}


def _expected(op: str, i: int, mask: int | None) -> tuple[int, ...]:
    n, f = FORMULAS[op]
    srcs = [_Rec() for _ in range(n)]
    for k in range(4):
        if mask is None or mask >> k & 1:
            f(srcs, k)
    return tuple(sorted(srcs[i].read))


_CASES = [(op, i, mask) for op, (n, _f) in sorted(FORMULAS.items()) for i in range(n)
          for mask in ((None,) if op in _NO_DST else _MASKS.get(op, range(1, 16)))]


@pytest.mark.parametrize("op", sorted(FORMULAS))
def test_lanes_read_follow_the_instruction_formula(op):
    # every source and every write mask the instruction allows
    cases = [(i, mask) for o, i, mask in _CASES if o == op]
    assert [lanes_read(op, i, mask) for i, mask in cases] == [_expected(op, i, mask) for i, mask in cases]


def test_every_table_entry_has_a_formula_here():
    # texkill, if b#, callnz, rep and loop have no formula of source lanes above: checked one by one below
    assert set(READS) - set(FORMULAS) == {"texkill", "if", "callnz", "rep", "loop"}


def test_flow_and_kill_operands():
    assert lanes_read("texkill", 0, None) == (0, 1, 2, 3)
    assert lanes_read("if", 0, None) == (0,)  # if b#: one bool
    assert lanes_read("callnz", 1, None) == (0,)  # callnz l#, b# / p0.replicate
    assert lanes_read("rep", 0, None) == (0,)  # rep i#: the count i#.x
    assert lanes_read("loop", 1, None) == (0, 1, 2)  # loop aL, i#: count, start, step


# --- the users agree with the one definition ------------------------------------------------------------------

_USER_CASES = [(op, i, mask) for op, i, mask in _CASES if mask is not None]


@pytest.mark.parametrize("op,i,mask", _USER_CASES[::7])
def test_optimize_and_peephole_read_the_table(op, i, mask):
    n = FORMULAS[op][0]
    srcs = [Src(Reg.TEMP, k, (3, 2, 1, 0)) for k in range(n)]
    inst = Inst(op, Dst(Reg.TEMP, 9, mask), srcs)
    want = lanes_read(op, i, mask)
    assert tuple(sorted(optimize._lanes_read(inst, i))) == want
    assert peephole._reads(inst, i, srcs[i]) == {(3, 2, 1, 0)[k] for k in want}


def _ps30(*body):
    return Sm2Program("ps", 3, 0, list(body))


def test_dead_code_keeps_the_lod_written_for_texldl():
    # texldl takes the level from src0.w ("texldl - ps"): with a .x destination the coordinate's w is still read
    body = [Inst("mov", Dst(Reg.TEMP, 0, 0x7), [Src(Reg.CONST, 0)]),
            Inst("mov", Dst(Reg.TEMP, 0, 0x8), [Src(Reg.CONST, 1)]),
            Inst("texldl", Dst(Reg.TEMP, 1, 0x1), [Src(Reg.TEMP, 0), Src(Reg.SAMPLER, 0)]),
            Inst("mov", Dst(Reg.COLOROUT, 0), [Src(Reg.TEMP, 1, (0, 0, 0, 0))])]
    out = optimize.remove_dead_code(_ps30(*body)).instructions
    assert [(i.op, i.dst.mask) for i in out] == [("mov", 0x7), ("mov", 0x8), ("texldl", 0x1), ("mov", 0xF)]


def test_dead_code_keeps_every_lane_texkill_reads():
    body = [Inst("mov", Dst(Reg.TEMP, 0, 0x7), [Src(Reg.CONST, 0)]),
            Inst("mov", Dst(Reg.TEMP, 0, 0x8), [Src(Reg.CONST, 1)]),
            Inst("texkill", Dst(Reg.TEMP, 0)),
            Inst("mov", Dst(Reg.COLOROUT, 0), [Src(Reg.CONST, 2)])]
    out = optimize.remove_dead_code(_ps30(*body)).instructions
    assert [i.op for i in out] == ["mov", "mov", "texkill", "mov"]


def test_dead_code_keeps_the_sincos_constants_whole_and_reads_one_angle():
    # sincos r2.xy, r0.z, r1, r3 (the sm2 form, its constants in temps here only to watch liveness): r0's other
    # lanes are dead, r1 and r3 are read whole
    body = [Inst("mov", Dst(Reg.TEMP, 0, 0x4), [Src(Reg.CONST, 0)]),
            Inst("mov", Dst(Reg.TEMP, 0, 0x1), [Src(Reg.CONST, 0)]),
            Inst("mov", Dst(Reg.TEMP, 1, 0x8), [Src(Reg.CONST, 1)]),
            Inst("mov", Dst(Reg.TEMP, 3, 0x8), [Src(Reg.CONST, 2)]),
            Inst("sincos", Dst(Reg.TEMP, 2, 0x3), [Src(Reg.TEMP, 0, (2, 2, 2, 2)), Src(Reg.TEMP, 1), Src(Reg.TEMP, 3)]),
            Inst("mov", Dst(Reg.COLOROUT, 0), [Src(Reg.TEMP, 2, (0, 1, 1, 1))])]
    out = optimize.remove_dead_code(Sm2Program("ps", 2, 0, body)).instructions
    assert [(i.op, i.dst.num, i.dst.mask) for i in out] == [
        ("mov", 0, 0x4), ("mov", 1, 0x8), ("mov", 3, 0x8), ("sincos", 2, 0x3), ("mov", 0, 0xF)]
