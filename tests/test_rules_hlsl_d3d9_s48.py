"""Issue 15 (session 48, helper D9): the Direct3D 9 (vs/ps 1.1-3.0) and 4_0_level_9_x targets as Microsoft's
compiler decides them -- round 11: returns inside unrolled loops, minimum-precision unsigned integers, uint
constructors, a vertex shader's early-return condition, bool vectors with constant lanes, the late X4532 of
CalculateLevelOfDetail / Gather.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 48
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s48.json; none comes from this compiler. MicrosoftDocs says
nothing of these rules; fxc's answers are the rules. Tables (each row: source, target, flags, fxc's first error
number or "ok"):

- ``loops`` (sm2/flow.py ``_return`` / ``_return_in_loop``): an unconditional return reached in an unrolled loop
  after earlier returns -- every lane still running returns there -- ends the loop as a break would (the program
  where no flattened branch or skipped lane is open); where some lanes took a run-time continue in the copy, the
  next copy starts with what they carried. ``if (c) return 1; [loop] for (;;) { return 0; }``, ``if (c) {
  [loop] for (;;) { return 0; } }``, ``for (i = 0; i < 3; i++) { if (c) continue; return 0; }`` compile (were
  X3511 after 20-80 s of unrolling to the 65,536-instruction guard, or X3511 after 1,024 copies).
- ``minuint`` (uintrange.min16uint_values and its callers): below shader model 4 fxc holds min16uint / min16int /
  min12int values as floats, so the known-positive rule (X3548) judges no conversion into min16uint and no
  subtraction, negation, division or remainder of such values (``(min16uint)var.x / 2``, ``(min16uint)-1``,
  ``m - 1``, ``gu[1] / gu[0]``); such a value made a plain uint (a cast, an operation with a uint, ``2u``, a
  switch, countbits) is judged as the float it is (``(uint)gu[1]``, ``(uint)((min16uint)var.x / 2)`` X3548).
  Session 49 met two of the strict xfails (moved here): ``(uint)(min16uint)-5`` X3548 and ``gu[0] /
  (min16uint)3`` compiles (min16uint computed as int below SM4: uintrange.signed_min_ints).
- ``minret`` (precision.check_level9_min16uint): a function's min16uint return type is X3703 "<target> does not
  support 16-bit uint minimum-precision data" at the level-9 targets after the type rules, called or not (``min16uint4 main() :
  SV_Target``; was compiled, or X4576 / X4529 / X3523 of the later rules); a min16int return passes.
- ``ctor`` (uintrange.check_constructor): a uint constructor's float / int arguments are judged as a cast's
  (``uint4(u)``, ``uint(u.x)``, ``uint4(-1, 1, 1, 1)`` X3548; ``uint4(abs(u))``, ``uint4(u > 0)`` compile; were
  compiled).
- ``vscond`` (d3d9minprec.note_early_return): a vertex shader's min-float condition ``m < K`` / ``m >= K`` is a
  source mark alone (X5308 at vs_2_0, compiled at vs_1_1) only as an early return's (``if (m < 0.5) return a;``);
  an assignment in the then part, an else part or a select write the comparison to a marked temporary (X5307 at
  shader model 2; were X5308).
- ``bool4`` (sm2/masks.py ``_and_known_lanes``): a bool vector made floats whose lanes mix comparisons with bools
  known at compile time (``bool4(u.x, 1, 0, u.y)``, ``r.z = 0``) compiles (was a NotSupportedError).
- ``lod`` (objmethods._defer_unmappable): a Direct3D 9 / level-9 pixel shader's CalculateLevelOfDetail
  is X4532 only where it survives dead-code removal (``... * 0`` and an unread one compile), after the legacy
  phase's X3548 / X3543 / X3684, X4000, X3508 and the signature's X4502 (an ``sv_position`` input at ps_2_0, a
  POSITION output; at level 9 after the translation's SV_Position X4502); was an immediate X4532.
- ``gaps`` (strict xfails, not built): vs_1_1's ``if (m < 0.5) return 1; return 0;`` (fxc folds both returns into the comparison: X5307),
  ``bool4(0, u.x, 1, u.w) * 2 + 1`` (the int path's ``and`` with 1: X4532 here), a level-9 ``tex2D`` in a min16uint
  function (fxc's X3703 before the X3523 given here). Session 49 met three (moved to ``lod``): ``ddx_fine`` of an
  sv_position input and a level-9 Gather of one are X4502 first (their X4532 in the late slot).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict, sectioned_params

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s48.json").read_text())
TABLES = ("loops", "minuint", "minret", "vscond", "ctor", "bool4", "lod")
GAPS = ("gaps",)


@COMPILE_ONLY
@pytest.mark.parametrize(("src", "target", "flags", "want"), sectioned_params(DATA, TABLES, GAPS))
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, want: str):
    assert mutant_verdict(src, target, flags) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {
        "loops": 26, "minuint": 31, "minret": 10, "vscond": 21, "ctor": 18, "bool4": 10, "lod": 30, "gaps": 4}


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_bool_vector_with_known_lanes_values(target: str):
    """``bool4(u.x, 1, 0, u.y)`` made floats: the known lanes are 1.0 / 0.0, the others the comparisons' 1.0 / 0.0
    (HLSL's bool -> float conversion; fxc's object gives the same on tests/sm2_interp.py, session 48)."""
    import numpy as np
    from sm2_interp import Sm2Machine

    from pyd3d11 import d3dcompiler as dc
    from pyd3d11.shader.sm2.program import decode_program
    from pyd3d11.shader.sm2.tokens import Reg

    src = b"uniform float4 u;\nfloat4 main() : COLOR { return bool4(u.x, 1, 0, u.y); }"
    prog = decode_program(bytes(dc.D3DCompile(src, len(src), None, None, None, "main", target, 0, 0)))
    for u, want in (((2.0, 0.0, 5.0, 5.0), (1.0, 1.0, 0.0, 0.0)), ((0.0, -1.0, 0.0, 0.0), (0.0, 1.0, 0.0, 1.0))):
        consts = np.zeros((224, 4), np.float32)
        consts[0] = u
        got = Sm2Machine(prog, 1, {}, consts).run().out(Reg.COLOROUT, 0)
        assert got.tolist() == [list(want)]
