"""Issue 15 (session 45, helper D9): the Direct3D 9 (vs/ps 2.0 / 3.0) and 4_0_level_9_x targets as Microsoft's
compiler decides them -- round 8: constants folded through a select, texldd, integer products in loop bounds,
SV_InstanceID.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 45
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s45.json; none comes from this compiler. MicrosoftDocs says
nothing of these rules ("texldd - ps" even says ps_2_b has no texldd, which fxc compiles); fxc's answers are the rule.
Tables (each row: source, target, flags, fxc's first error number or "ok"):

- ``twovalued`` (twovalued.py, called by nonfinite.check_nonfinite_literals): in a pixel shader below shader model 4
  an operation whose one non-literal operand is a select of two constants -- a comparison's 0 / 1 (``!f``, ``f >
  0``, ``iv != 0``, ``step``, ``!b``, ``||``, ``any``) or ``c ? K1 : K2`` -- folds per arm, and an infinite or NaN
  arm left where the select is read without folding, or written out, is X4579: ``rcp(!f)``, ``log(!f)``, ``x / (f >
  0)``, ``1 / !f`` (an integer division by the 0 arm), ``exp((f > 0) * 100)``; ``min(rcp(!f), 1)``, ``rcp(!f) > 0``,
  ``sqrt(!f)``, ``rcp(b)`` of a bool uniform, ``b ? 1 : 0``, ``&&`` of comparisons, ``(!f) / (!f)``, ``sign(f)``
  compile, and so does ``tex2Dproj(s, !f)`` (texldp divides in the sampler: the code generator's division is marked
  ``Ins.projective``); vertex shaders compile every one (no select folded there), ps_4_0 has infinity literals;
- ``texldd`` (sm2/translate.py, profile.texldd): SampleGrad / tex*grad at ps_2_0 and ps_4_0_level_9_1 is texldd,
  refused as fxc's validator refuses it (X5190 "Instruction not supported by version ps_2_0 pixel shader.") where
  the code meets it -- a ddx generated before it is X4532 first; ps_2_b compiles it (no dsx / dsy there);
- ``loops`` (sm2/translate._fold): the level-9 / ps_2_0 / vs_2_0 translation folds ``imul``'s low half, so a loop
  whose condition is an integer product of its counter (``k * 3 < 10``, ``k * k != 16``, ``k * 2u < 7u``) unrolls
  as fxc unrolls it (was X3511 there);
- ``signature`` (signatures.bind_output, sigphase.refuse): at the 4_0_level_9_x targets SV_InstanceID is X4016 "...
  semantic cannot be used with 10Level9 targets" as an output too (a vertex or pixel shader's; was X4502 or
  compiled), and a level-9 input's X4555 / X4583 (SV_VertexID, SV_SampleIndex, SV_PrimitiveID, SV_IsFrontFace)
  comes after every element's X4016 / X3687, whatever their order (``uint v : SV_VertexID, uint i :
  SV_InstanceID`` X4016; ``..., double d : D`` X3687); the Direct3D 9 targets keep X4502 for it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s45.json").read_text())
TABLES = ("twovalued", "texldd", "loops", "signature")


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
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {"twovalued": 110, "texldd": 37, "loops": 21,
                                                                     "signature": 32}
    # each rule's both answers are in its table
    for table, numbers in (("twovalued", {"X4579", "ok"}), ("texldd", {"X5190", "X4532", "ok"}),
                           ("loops", {"X3511", "ok"}), ("signature", {"X4016", "X3687", "X4502"})):
        assert numbers <= {want for *_r, want in DATA[table]}, table
