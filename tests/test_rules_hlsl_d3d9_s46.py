"""Issue 15 (session 46, helper D9): the Direct3D 9 (vs/ps 2.0 / 3.0) and 4_0_level_9_x targets as Microsoft's
compiler decides them -- round 9: one sampler read in two dimensions, integer and bool outputs, a level-9 integer
position, object out parameters.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 46
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s46.json; none comes from this compiler. MicrosoftDocs says
nothing of this rule; fxc's answers are the rule. Tables (each row: source, target, flags, fxc's first error number
or "ok"):

- ``sampler`` (legacytex.check_dimensions, intrinsics_math.legacy_tex): at the Direct3D 9 targets a sampler read
  as two of 2D / 3D / CUBE (``tex2D(s, uv) + tex3D(s, uvw)``, the tex*lod forms, two arms of a select, an
  element of a sampler array) is X4539 "sampler mismatch: sampler used inconsistently" -- judged on the code left
  after dead-code removal (an unread ``float4 b = tex3D(s, uvw);`` or ``tex3Dlod(s, x) * 0`` compiles, the
  constant table naming the dimension read) and after a type error (X3004, X3013), X3548, X3543 and X4579; two
  elements of one array (``sa[0]``, ``sa[1]``) are two samplers. Was X3013 "sampler used with conflicting texture
  dimensions" as the second call was made; in a branch folded away (``if (false)``) it compiles (session 48: the
  conflict is no type rule for the dead branch's probe, intrinsics_math / uncalled.is_type_error). The 4_0_level_9_x and shader-model-4 targets refuse every tex* there
  (X3523) before any of this.
- ``sampler_gaps`` (strict xfails): a vertex shader's tex2D (fxc's X4532 comes after X4539 and after the type
  rules; here X4532 as the call is made), tex1D beside tex2D of one sampler (fxc compiles: a 1D sampler is 2D at
  these targets; X3013 here), a second dimension only in a loop iteration fxc's unrolling folds away (the loop is
  unrolled here after the check: X4539).
- ``outputs`` (sm2/translate._int_output, sm2/masks.py): a pixel shader's ``bool4`` / ``uint4`` / ``int4`` color
  output written with a comparison's mask or a select of integers compiles at ps_2_0, ps_3_0 and level 9, the mask
  written as fxc's cmp writes it, 1.0 / 0.0 (was X4532 "a comparison result's bit pattern written to an output");
  a float output of a mask's bits (``asfloat``) stays refused here.
- ``outputs_gaps`` (strict xfails): vs_2_0's bool POSITION of a comparison (NotSupportedError here), a bool output
  of ``c ? true : false`` (X4579 / NotSupportedError here), ``asfloat((uint4)(f > 1))`` as a color (fxc compiles at
  the Direct3D 9 targets, its level-9 path fails with a numberless internal error).
- ``position`` (svtypes.check_level9_position): at vs_4_0_level_9_x an SV_Position output of four int / uint / bool
  components is X4576 "Output signature parameter  (1-based Entry n) type must be float32 and mask must be xyzw."
  (n 0-based as fxc prints it), after X3004, X3548, X3543 and a level-9 input's X4555, before X4579 (was compiled);
  vs_2_0 / vs_3_0 compile it; fewer components stay X4541.
- ``position_gaps`` (strict xfails): an SV_VertexID *output* at level 9 is X4555 in fxc (X4502 here).
- ``objout`` (d3d9outputs.object_output_taken / object_output_error): an entry point's object out parameter (``out
  Texture2D t : TEXTURE``, ``out sampler s : S``, ``inout``) compiles at vs_2_0 / vs_3_0 / ps_3_0 (no signature
  element); at ps_2_0 and the level-9 pixel targets it is an output the body must write: X3508 "'main': output
  parameter 't' not completely initialized" (before its missing semantics' X3503, after X3548, before X4579),
  written (or inout) ps_2_0 compiles it (was X3000 "objects cannot be entry-point outputs" everywhere).
- ``objout_gaps`` (strict xfails): written at level 9, and any at the level-9 vertex targets, fxc fails with its
  numberless internal error "compilation aborted unexpectedly" (X3000 here); ps_3_0's ``out float4 c : TEXCOORD0``
  compiles in fxc (X4502 here); an unwritten ps_3_0 object out parameter with its semantics compiles in fxc 10.1
  (warning X3578) but is X3508 here, as at ps_2_0: the shared vkd3d test object-parameters.shader_test expects the
  ps_3_0 compile to fail (d3d9outputs.object_output_taken, a rule fitted to that expectation; 4 rows).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict, sectioned_params

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s46.json").read_text())
TABLES = ("sampler", "outputs", "position", "objout")
GAPS = ("sampler_gaps", "outputs_gaps", "position_gaps", "objout_gaps")


@COMPILE_ONLY
@pytest.mark.parametrize(("src", "target", "flags", "want"), sectioned_params(DATA, TABLES, GAPS))
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, want: str):
    assert mutant_verdict(src, target, flags) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {"sampler": 61, "sampler_gaps": 8, "outputs": 51,
                                                                     "outputs_gaps": 15, "position": 24,
                                                                     "position_gaps": 2, "objout": 36,
                                                                     "objout_gaps": 10}
