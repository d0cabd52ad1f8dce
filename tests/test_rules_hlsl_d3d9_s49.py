"""Session 49, helper D9: the Direct3D 9 and level-9 targets, judged by d3dcompiler_47 10.1 (under Wine; every
expected column of ``data/fxc10_d3d9_s49.json`` is the DLL's verdict, recorded once by the helper's generator:
programs from its probes, one to three hash-picked targets each).

Sections:

- ``minuint`` (uintrange.signed_min_ints / convert_min_ints and their callers): below shader model 4 fxc computes
  min16uint exactly as int -- its listing of every operation on a min16uint value at ps_2_0 / ps_3_0 / vs_2_0 and in
  both parts of a 4_0_level_9_x object is the int's: a float made a min16uint truncates toward zero kept negative
  (ftoi, no clamp), ``/`` and ``%`` are the signed division and remainder, ``abs`` / ``sign`` an int's, a
  min16uint made a float is itof (``(float)(min16uint)4000000000`` -294967296); a cast constant keeps its spelled type
  (``gu[0] / (min16uint)3`` compiles, was X3548; ``(uint)(min16uint)-5`` X3548, was compiled); a constant quotient
  is folded as the uint's (``(uint)((min16uint)-5 / 2)`` compiles); the known-positive rule (X3548) sees a constant
  remainder take the dividend's sign and a run-time one's sign unknown.
- ``zerorem`` (divisions.check_zero_divisor / legacy_zero_lanes): a remainder by a known zero -- at the Direct3D 9
  targets fxc folds it to 0 (``var.x % 0``, ``gi % 0``, ``gu % 0``, a local holding 0 compile; were X4579); at
  4_0_level_9_x an integer one is the shader-model-4 part's X4010 (``gi % 0``, ``gu % 0``, an unread ``int k = gi %
  0;``, ``gi % (gj * 0)``; were compiled), a float one folds to 0; a constant dividend's (``5 % 0``) is X4579 where
  read; a float remainder mixing zero and non-zero divisor lanes keeps the infinity (X4579).
- ``l9order`` (divisions.level9_sm4_part, compiler.py): a level-9 object's shader-model-4 refusals -- X3706 of a
  signed min-precision division, X4010 of an integer remainder by zero -- come after every refusal of its level-9
  part: the signature's X4502 (``float4 main() : COLOR { return gk[0] / 2; }``), X4541, X3508, X4579, X3548
  (were X3706 / X4010 first).
- ``deriv`` (intrinsics._derivative_below_model, objmethods._gate_or_defer / gather_or_lod, compiler.py): a
  Direct3D 9 / level-9 pixel shader's ``ddx_fine`` / ``ddy_coarse`` and Gather (any offset: uniform, literal, out of
  range) are X4532 only where they survive dead-code removal (``ddx_fine(p) * 0``, an unread one, ``t.Gather(s,
  uv, o) * 0`` compile; were X4532 / X4566), after the legacy phase's X3548, X4000 / X3508, an ``sv_position``
  input's X4502 and ps_3_0's vPos X5631 (the translation's: the derivative is generated as the plain one).
- ``switch`` (sm2/flow.py ``_switch``): a value folded in a flattened case group is known for its lanes (then
  forgotten), so a literal loop inside a case unrolls (``case 1: for (int i = 0; i < 2; ++i) { c += 0.1f; }
  break;`` compiles at ps_2_0 / level 9; was X3511 after 1,024 copies).
- ``gaps`` (strict xfails, not built): a vertex shader's float remainder by mixed zero lanes at vs_4_0_level_9_1
  (fxc X4579; the level-9 vertex shader's non-finite check does not see it here).

``test_min16uint_values``: the outputs of min16uint operations on tests/sm2_interp.py equal the int semantics
(fxc's objects give the same, probed in the session).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from fxc_record_helpers import mutant_verdict, sectioned_params

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s49.json").read_text())
TABLES = ("minuint", "zerorem", "l9order", "deriv", "switch")
GAPS = ("gaps",)


@COMPILE_ONLY
@pytest.mark.parametrize(("src", "target", "flags", "want"), sectioned_params(DATA, TABLES, GAPS))
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, want: str):
    assert mutant_verdict(src, target, flags) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {
        "minuint": 40, "zerorem": 45, "l9order": 25, "deriv": 30, "switch": 8, "gaps": 1}


def _trunc(x: float) -> float:
    return float(math.trunc(x))


#: (expression of v, expected value of x = v.x): HLSL's int semantics, which fxc gives min16uint below SM4
VALUE_ROWS = [
    ("(min16uint)v.x", _trunc),
    ("(min16uint)v.x / 3", lambda x: _trunc(_trunc(x) / 3)),
    ("(min16uint)v.x % 3", lambda x: math.fmod(_trunc(x), 3)),
    ("abs((min16uint)v.x)", lambda x: abs(_trunc(x))),
    ("sign((min16uint)v.x)", lambda x: float(np.sign(_trunc(x)))),
    ("(float)(min16uint)4000000000 + v.x", lambda x: float(np.float32(-294967296.0) + np.float32(x))),
    ("(min16uint)v.x % 0", lambda x: 0.0),
    ("v.x % 0", lambda x: 0.0),
]


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
@pytest.mark.parametrize(("expr", "want"), VALUE_ROWS, ids=[r[0] for r in VALUE_ROWS])
def test_min16uint_values(target: str, expr: str, want):
    from sm2_interp import Sm2Machine

    from pyd3d11 import d3dcompiler as dc
    from pyd3d11.shader.sm2.program import decode_program
    from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

    src = f"float4 main(float4 v : TEXCOORD0) : COLOR {{ return {expr}; }}".encode()
    prog = decode_program(bytes(dc.D3DCompile(src, len(src), None, None, None, "main", target, 0, 0)))
    xs = np.array([-7.5, -2.5, -1.0, 0.0, 0.5, 2.0, 3.75, 7.0, 100.0], np.float32)
    t0 = np.zeros((len(xs), 4), np.float32)
    t0[:, 0] = xs
    reg = (Reg.INPUT, 0) if target == "ps_3_0" else (TEXTURE, 0)
    got = Sm2Machine(prog, len(xs), {reg: t0}, np.zeros((224, 4), np.float32)).run().out(Reg.COLOROUT, 0)
    assert got[:, 0].tolist() == [want(float(x)) for x in xs]



def _for_continue_break(y: float, z: float) -> float:
    k = 0.0
    for i in range(4):
        if y > i:
            k += 1
            continue
        break
    return k


def _while_continue_break(y: float, z: float) -> float:
    k, i = 0.0, 0
    while i < 4:
        i += 1
        if y > i:
            k += 1
            continue
        break
    return k


def _two_continues_break(y: float, z: float) -> float:
    k = 0.0
    for i in range(4):
        if y > i:
            continue
        if z > i:
            k += 1
            continue
        break
    return k


#: a break at an unrolled loop's own level after some lanes took a run-time continue in the copy (sm2/flow.py
#: _break_at_loop_level; the walk ended the loop for every lane after one copy): (body over r = f, r.x - f.x)
LOOP_ROWS = [
    ("[loop] for (int i = 0; i < 4; i++) { if (f.y > i) { r += 1; continue; } break; }", _for_continue_break),
    ("int i = 0; [loop] while (i < 4) { i++; if (f.y > i) { r += 1; continue; } break; }", _while_continue_break),
    ("[loop] for (int i = 0; i < 4; i++) { if (f.y > i) continue; if (f.z > i) { r += 1; continue; } break; }",
     _two_continues_break),
]


@pytest.mark.parametrize(("body", "want"), LOOP_ROWS, ids=["for", "while", "two-continues"])
def test_continue_then_break_values(body: str, want):
    """ps_2_0 unrolls the ``[loop]``; its outputs equal the HLSL loop's (fxc's ps_2_0 objects give the same on
    tests/sm2_interp.py, probed in the session; fxc's ps_3_0 rep form steps ``i`` twice on the continue path, a
    miscompilation this compiler does not copy)."""
    from sm2_interp import Sm2Machine

    from pyd3d11 import d3dcompiler as dc
    from pyd3d11.shader.sm2.program import decode_program
    from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

    src = f"float4 main(float4 f : TEXCOORD0) : COLOR {{ float4 r = f; {body} return r; }}".encode()
    prog = decode_program(bytes(dc.D3DCompile(src, len(src), None, None, None, "main", "ps_2_0", 0, 0)))
    yz = [(y, z) for y in (-1.0, 0.0, 0.5, 1.0, 2.0, 3.75, 7.0) for z in (-1.0, 1.5, 3.0)]
    t0 = np.zeros((len(yz), 4), np.float32)
    t0[:, 1:3] = yz
    got = Sm2Machine(prog, len(yz), {(TEXTURE, 0): t0}, np.zeros((224, 4), np.float32)).run().out(Reg.COLOROUT, 0)
    assert got[:, 0].tolist() == [want(y, z) for y, z in yz]
