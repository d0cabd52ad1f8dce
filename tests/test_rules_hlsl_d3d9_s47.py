"""Issue 15 (session 47, helper D9): the Direct3D 9 (vs/ps 2.0 / 3.0) and 4_0_level_9_x targets as Microsoft's
compiler decides them -- round 10: the validator's minimum-precision marks, minimum-precision integers, object
register classes and placed cbuffer members at the Direct3D 9 targets.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 47
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s47.json; none comes from this compiler. MicrosoftDocs says
nothing of these rules; fxc's answers are the rules. Tables (each row: source, target, flags, fxc's first error
number or "ok"):

- ``minprec`` (hlsl/d3d9minprec.py): fxc's Direct3D 9 code marks a token where its value is a min16float /
  min10float / min12int and its validator refuses the first mark: X5003 / X5307 (a destination: shader model 2
  marks temporaries, input ``dcl``s and outputs) or X5004 / X5308 (a source) -- an operation computed at that
  precision (``(min16float)v + 0.5``, ``abs``, ``length``, a select, ``m * i`` of an int i; not a cast, a negation,
  ``dot``, an operation with a full-precision operand, a constant it folds to), a zero test of such a value, a
  comparison with a literal (as a condition only in some forms: ``if (m > 0.5)`` is marked in a pixel shader,
  ``if (m < 0.5)`` not), a min-float input read or output written, a min-float constant read (``min16float g[2]``,
  a struct member, a uniform parameter; an operation reading one is a destination mark at shader model 2; a
  TEXCOORD input's ``dcl`` is a destination mark, a POSITION / NORMAL / COLOR input's read a source mark);
  D3DCOMPILE_SKIP_VALIDATION compiles them, the level-9 targets accept them. An entry point's ``inout``
  min-precision parameter passes X3703 (only ``out`` is refused). Were compiled (X3703 for ``inout``).
- ``minint``: a min16int / min12int / min16uint constant is an integer constant of the Direct3D 9 and level-9
  translation (``min16int g[2]; return g[1];`` compiles; was X4532 "a float or bool constant read as an
  integer"); a signed min-precision division is X3706 at level 9 and compiles at the Direct3D 9 targets (was X3706);
  a cast's min16int remainder too (``(min16int)var.x % 3``: the cast keeps its spelled type, session 49).
- ``regclass`` (cg_resources.add_resource): a sampler's or texture's register of a class its kind does not name
  (``sampler s : register(c1)``, ``Texture2D t : register(b1)``) is X3530 at the Direct3D 9 targets too, used or
  not (was X4509 once used, compiled unused).
- ``cbmix`` (parser.parse_cbuffer): at the Direct3D 9 targets a cbuffer member is placed by a register() of any
  class or, for an object, by its packoffset (a number's packoffset means nothing there); placing is all or
  nothing, objects counted: ``float4 f : register(c1); Texture2D t;`` is X3530 "cannot mix packoffset elements with
  nonpackoffset elements in a cbuffer", ``float4 f : register(c1); sampler s : register(s0);`` compiles; judged
  after the file's type rules (a struct member's texture X3090, an undeclared name X3004 first).
- ``gaps`` (strict xfails, not built): conditions fxc rewrites before marking (``if ((min16float)v * 2 > 0.5)``
  and ``if (m + 1 < 0.5)`` compile, ``(m < 0.5) * a`` and ``(m < 0.5) && c ? a : b`` in a pixel shader compile:
  its cmp reads no mark), a statement's condition whose branch is empty (``if (m) { }`` compiles); a level-9 min16uint
  input's X4568 before X3703; a level-9 tex2D of a sampler in t# (X3523 before
  X4509).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict, sectioned_params

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s47.json").read_text())
TABLES = ("minprec", "minint", "regclass", "cbmix")
GAPS = ("gaps",)


@COMPILE_ONLY
@pytest.mark.parametrize(("src", "target", "flags", "want"), sectioned_params(DATA, TABLES, GAPS))
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, want: str):
    assert mutant_verdict(src, target, flags) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {"minprec": 95, "minint": 21, "regclass": 12,
                                                                     "cbmix": 14, "gaps": 8}
