"""Issue 15 (session 44, helper D9): the order of the optimiser's refusals below shader model 4 and the resource
reads of the Direct3D 9 (vs/ps 2.0 / 3.0) and 4_0_level_9_x targets, as Microsoft's compiler decides them.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 44
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s44.json; none comes from this compiler. MicrosoftDocs says
nothing of the order of these refusals; fxc's answers are the rule. Tables (each row: source, target, flags, fxc's
first error number or "ok"):

- ``order`` (uintrange.stamp / earliest, doubles.read_double, compiler.first_refusal): a double's X3684 / X3651 and
  the legacy phase's X3548 / X3543 / X3704 are reported in the order code generation meets them -- operands before
  their operation, arguments before their call, statements in order -- and at the legacy targets a value converted
  to double is refused only where an operation reads it, a variable takes it, a parameter or a return passes it:
  ``(float)(double)(uint)a.x`` and ``(float)((double)a.x + (uint)a.y)`` are X3548, ``(float)(double)a.x +
  (uint)a.y`` X3684, ``asdouble(-1, cu)`` X3651 (its call before the arguments' conversions), ``asdouble((uint)a.x,
  1)`` X3548; ``(uint)(double)a.y`` is X3548 (a double made a uint); the ternary's double condition is read first;
- ``discarded`` (discarded.py): an expression statement's outermost operation is not generated, its operands are:
  ``(uint)a.y;``, ``asint(a.y);``, ``(double)a.x;`` and ``asdouble(cu, cu);`` compile, ``(uint)a.y + 1;``,
  ``f16tof32(ci);`` (the argument's conversion) X3548, at ps_4_0 ``(double)a.x + 1;`` X3684;
- ``resources`` (objmethods.reads_unsigned / samples_integers, intrinsics_math's GetRenderTargetSample*, the sm2
  translation): at the legacy targets a Load / Sample / Gather of a uint element, GetDimensions into a uint and
  GetRenderTargetSampleCount are X3548, before the access's X4532 / X4580 / X4539; a sample of an integer or bool
  texture is X4582 at 4.0+ and level 9 where it survives dead-code removal (after the level-9 translation's own
  refusals), while ps_2_0 / ps_3_0 sample it; a sample of a texture type D3D9 has no sampler for (Texture2DArray,
  Texture1DArray, TextureCubeArray) is X4545 "Unsupported texture type", its Load the ld's X4532; SampleCmp at ps_2_0 /
  ps_3_0 X4532;
- ``flow`` (unroll.gen_if / _can_branch, unroll._gradient_in_loop, the loop left a loop, sm2/profile.py): a ``[branch]
  if`` on a value not known at compile time is X3528 "can't use flow control on this profile" at the pixel targets
  below ps_3_0, vs_1_1, and at vs_2_0 / vs_4_0_level_9_1 unless it tests a uniform bool, met in order with the
  optimiser's refusals; a loop with a run-time count is X3511 at the pixel targets below ps_3_0 (ps_4_0_level_9_3
  too: no flow control there), before a gradient's X4532; at ps_3_0 a gradient (ddx, fwidth, Sample, tex2D) in a
  loop with a run-time count is X3526 under [loop], X3511 without.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s44.json").read_text())
TABLES = ("order", "discarded", "resources", "flow")


def _rows(tables: tuple[str, ...]):
    for table in tables:
        for k, (src, target, flags, want) in enumerate(DATA[table]):
            yield pytest.param(src, target, flags, want, id=f"{table}-{k}-{target}")


@COMPILE_ONLY
@pytest.mark.parametrize(("src", "target", "flags", "want"), list(_rows(TABLES)))
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, want: str):
    assert mutant_verdict(src, target, flags) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {"order": 77, "discarded": 30, "resources": 50,
                                                                     "flow": 40}
    # each rule's both answers are in the table
    wants = {want for t in TABLES for *_r, want in DATA[t]}
    assert {"X3548", "X3684", "X3651", "X3543", "X4582", "X4545", "X4532", "X3528", "X3526", "X3511", "ok"} <= wants
