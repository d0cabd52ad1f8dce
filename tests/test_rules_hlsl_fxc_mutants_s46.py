"""Rules found by mutating the shader-test corpus's programs at shader models 4.0-5.1 and judging the mutants with
fxc (issue 15, session 46, helper MUT, round 11; ``python -m pyd3d11.tools.shader_test_mutants --salt s46a
--min-model 4.0``, session 45's salt ``s45a``, and the new opt-in operators ``--ops args,object`` on ``s46a`` /
``s46b``).

Every expected column was recorded from Microsoft's d3dcompiler_47.dll 10.1 (the Windows 10 SDK's fxc) under
Wine, session 46 (``pyd3d11.tools.wine_d3dcompiler``): "ok" where it compiles, else the first error number it
prints (warnings skipped); entry point ``main``, the flags of the row. The rows are probe programs varied around each
cluster of disagreements (most of them a verdict the rules moved, the rest controls whose verdict they keep), not the
mutants that showed it. MicrosoftDocs ("Static members" of the struct page, "Geometry-Shader Object", "Stream-Output
Object", "register", "HLSL errors and warnings") gives the forms, none of these numbers or orders; fxc's answer is
the rule:

- ``S::m``: an undefined static member read or written type-checks as the declared variable, X3103 after the file's
  type rules (parser.parse_program's stand-in; an instance's ``a.bb`` stays X3018); ``S::m`` of an instance member
  is X3097 "static method F cannot refer to instance members" in a free function or a static method, X3018 "invalid
  subscript" in an instance method, where the type rules meet it, uncalled functions too (Program.member_refs).
- ``= { sampler_state {}, ... }``: a block per element below 5.1 (an unsized array sized by them), one at 5.1 for
  samplers; another count X3017 "initializer does not match type" as the declaration is read; in a function an
  object literal, X3064 (Parser.state_block_list_type).
- Geometry-shader inputs: an input's refusals (X3514, X3513, X3507, X4502) come after the body's type rules; a
  struct holding a texture or sampler is X3090 below 5.0, and as the primitive's vertices at 5.0 / 5.1 too; a
  ``line InputPatch<D, 3>`` is X3513; a uniform parameter is a constant (gs.gen_gs_entry).
- Streams: a global or cbuffer stream is X3514 after the type rules; a called function's stream parameter must be
  inout (X3514); a stream method of another name is X3088, Append / RestartStrip of another argument count or an
  array X3013, a struct appended to a numeric stream (or the reverse) X3017; a stream local may be left unassigned.
- Registers at 5.1: an object's register name that starts with a letter of its kind's but is no letter and number
  (``samply``, ``tx``, ``t1x``, ``space0`` of a texture) is X3591 (Parser._parse_var_list).
- Templates: a count's constructor of the wrong arity is X3014 before the template's own rule; vector / matrix
  counts parse above the shifts (X3000 at ``<<`` / ``>>``, a nested ``Buffer<vector<int, 2>>`` too); a patch's count
  is required; an array size naming nothing declared is X3004 (a parameter's, a member's, a typedef's);
  ``[maxvertexcount((4 += 1))]`` finds no value: X3514 / X3084 after the type rules.
- Objects: the D3D9 ``texture`` has no methods (X3087) and converts to and from nothing else; a dimensioned D3D9
  sampler converts to no SamplerState and is no method's sampler (X3013), a comparison sampler only to itself;
  ``noise()`` X3013 by its argument count, else X4532 after the type rules.
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import mutant_verdict as _verdict

#: (source, target, flags, fxc's verdict): S::m: an undefined static member is X3103 after the type rules; an instance member is X3097 in a free function or a static method, X3018 in an instance method
STATIC_MEMBER_ROWS = [
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::bb;\n}\n', 'ps_4_0', 0, 'X3103'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::bb;\n}\n', 'ps_5_0', 0, 'X3103'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::bb + 1;\n}\n', 'ps_4_0', 0, 'X3103'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::bb + 1;\n}\n', 'ps_5_0', 0, 'X3103'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    float x = apple::bb; return x;\n}\n', 'ps_4_0', 0, 'X3103'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    float x = apple::bb; return x;\n}\n', 'ps_5_0', 0, 'X3103'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::a;\n}\n', 'ps_4_0', 0, 'X3097'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::a;\n}\n', 'ps_5_0', 0, 'X3097'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    apple::bb = 1; return 0;\n}\n', 'ps_4_0', 0, 'X3103'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    apple::bb = 1; return 0;\n}\n', 'ps_5_0', 0, 'X3103'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::a;\n}\n', 'ps_4_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::a;\n}\n', 'ps_5_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::v.x;\n}\n', 'ps_4_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::v.x;\n}\n', 'ps_5_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::a + undeclared;\n}\n', 'ps_4_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::a + undeclared;\n}\n', 'ps_5_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    apple::a = 1; return 0;\n}\n', 'ps_4_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    apple::a = 1; return 0;\n}\n', 'ps_5_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat f() { return apple::a; }\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat f() { return apple::a; }\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat f() { return apple::a; }\nfloat4 main() : SV_Target\n{\n    return f();\n}\n', 'ps_4_0', 0, 'X3097'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat f() { return apple::a; }\nfloat4 main() : SV_Target\n{\n    return f();\n}\n', 'ps_5_0', 0, 'X3097'),
    ('typedef struct pear { float b; } P;\nfloat4 main() : SV_Target\n{\n    return P::b;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    return undeclared + apple::a;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('struct apple { float a; static float bb; };\nfloat4 main() : SV_Target\n{\n    return apple::bb; undeclared = 1;\n}\n', 'ps_4_0', 0, 'X3004'),
    ('struct apple { float a; float4 v; static float bb; };\nfloat4 main() : SV_Target\n{\n    return undeclared + apple::a;\n}\n', 'ps_4_0', 0, 'X3004'),
]

#: (source, target, flags, fxc's verdict): = { sampler_state {}, ... }: one block per element below 5.1, one at 5.1 for samplers (X3017); in a function X3064
STATE_BLOCK_ROWS = [
    ('sampler sams[2][2] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3017'),
    ('sampler sams[2][2] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('sampler sams[2][2] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3017'),
    ('sampler sams[2][2] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'vs_4_1', 0, 'X3017'),
    ('sampler sams[2][2] = { sampler_state {}, sampler_state {}, sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3017'),
    ('sampler sams[1] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3017'),
    ('sampler sams[1] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('sampler sams[1] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3017'),
    ('sampler sams[1] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'vs_4_1', 0, 'X3017'),
    ('SamplerComparisonState sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3017'),
    ('SamplerComparisonState sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('SamplerComparisonState sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'vs_4_1', 0, 'X3017'),
    ('BlendState sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3017'),
    ('BlendState sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('BlendState sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3017'),
    ('BlendState sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'vs_4_1', 0, 'X3017'),
    ('sampler sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return undeclared;\n}\n', 'ps_4_0', 0, 'X3017'),
    ('sampler sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return undeclared;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('sampler sams[2] = { sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return undeclared;\n}\n', 'vs_4_1', 0, 'X3017'),
    ('sampler sams[2] = { sampler_state {} };\nfloat4 g = 1 +;\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3017'),
    ('sampler sams[2] = { sampler_state {} };\nfloat4 g = float3(1, 2, 3);\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3017'),
    ('float4 main() : SV_Target\n{\n    return undeclared;\n}\nfloat4 f() : SV_Target\n{\n    sampler s = sampler_state {};\n    return 0;\n}\n', 'ps_4_0', 0, 'X3004'),
    ('sampler sams[2] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'ok'),
    ('sampler sams[2][2] = { sampler_state {}, sampler_state {}, sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): a geometry shader's inputs: their refusals after the body's type rules; a struct holding an object X3090 (below 5.0; the primitive's vertices at 5.x too); InputPatch sizes X3513
GS_INPUT_ROWS = [
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(point s vin[1], inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_0', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(point s vin[1], inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_1', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(point s vin[1], inout PointStream<gs_data> so)\n{\n}\n', 'gs_5_0', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(s vin[1], inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_0', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(s vin[1], inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_1', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(s vin : COLOR, inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_0', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(s vin : COLOR, inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_1', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(s vin, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(s vin, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_4_1', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(s vin, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { SamplerState t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(triangle s vin[3], inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_0', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { SamplerState t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(triangle s vin[3], inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_1', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { SamplerState t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(triangle s vin[3], inout PointStream<gs_data> so)\n{\n}\n', 'gs_5_0', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t[2]; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(line s vin[2], inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_0', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t[2]; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(line s vin[2], inout PointStream<gs_data> so)\n{\n}\n', 'gs_4_1', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t[2]; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(line s vin[2], inout PointStream<gs_data> so)\n{\n}\n', 'gs_5_0', 0, 'X3090'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(gs_data vin, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(gs_data vin, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(float4 vin : COLOR, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(float4 vin : COLOR, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(point gs_data vin, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(point gs_data vin, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(point gs_data vin[2], inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; };\n[maxvertexcount(4)]\nvoid main(inout struct s vout, point gs_data vin[1])\n{\n}\n', 'gs_5_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; float4 p : SV_Position; };\n[maxvertexcount(4)]\nvoid main(point s vin[2], inout PointStream<gs_data> so)\n{\n}\n', 'gs_5_0', 0, 'X3513'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s { Texture2D t; };\n[maxvertexcount(4)]\nvoid main(inout struct s vout[1], point gs_data vin[1])\n{\n}\n', 'gs_5_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(point gs_data vin[1], uint id : SV_PrimitiveID, uint id2 : SV_PrimitiveID, inout PointStream<gs_data> so)\n{\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3004'),
]

#: (source, target, flags, fxc's verdict): streams: global / cbuffer X3514 after the type rules, a called function's non-inout parameter X3514, methods X3088 / X3013, Append's conversion X3017, an unassigned local compiles
STREAM_ROWS = [
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nvoid emit( TriangleStream<gs_data> s, gs_data v)\n{\n    s.Append(v);\n}\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    emit(vout, vin[0]);\n}\n', 'gs_4_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nvoid emit( TriangleStream<gs_data> s, gs_data v)\n{\n    s.Append(v);\n}\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    emit(vout, vin[0]);\n}\n', 'gs_5_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nvoid emit(in TriangleStream<gs_data> s, gs_data v)\n{\n    s.Append(v);\n}\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    emit(vout, vin[0]);\n}\n', 'gs_4_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nvoid emit(in TriangleStream<gs_data> s, gs_data v)\n{\n    s.Append(v);\n}\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    emit(vout, vin[0]);\n}\n', 'gs_5_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\ncbuffer cb_t\n{\n    TriangleStream<gs_data> so;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n}\n', 'gs_4_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\ncbuffer cb_t\n{\n    TriangleStream<gs_data> so;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n}\n', 'gs_5_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nTriangleStream<gs_data> so;\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nTriangleStream<gs_data> so;\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, uniform line gs_data vin[2])\n{\n}\n', 'gs_4_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, uniform line gs_data vin[2])\n{\n}\n', 'gs_5_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, uniform point gs_data vin[1])\n{\n}\n', 'gs_4_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, uniform point gs_data vin[1])\n{\n}\n', 'gs_5_0', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform float4 u)\n{\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform float4 u)\n{\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform float4 u)\n{\n    gs_data d = vin[0]; d.pos += u; vout.Append(d);\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform float4 u)\n{\n    gs_data d = vin[0]; d.pos += u; vout.Append(d);\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform float4 u[2])\n{\n    gs_data d = vin[0]; d.pos += u[1]; vout.Append(d);\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1], uniform float4 u[2])\n{\n    gs_data d = vin[0]; d.pos += u[1]; vout.Append(d);\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    s.Append(vin[0]);\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    s.Append(vin[0]);\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v, w;\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v, w;\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    undeclared = 1;\n}\n', 'gs_4_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    undeclared = 1;\n}\n', 'gs_5_0', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    float x = v;\n}\n', 'gs_4_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    float x = v;\n}\n', 'gs_5_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v;\n    s = v;\n}\n', 'gs_4_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> s, point gs_data vin[1])\n{\n    TriangleStream<gs_data> v[2];\n}\n', 'gs_4_0', 0, 'X3128'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstatic TriangleStream<gs_data> so;\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n}\n', 'gs_4_0', 0, 'X3007'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nvoid emit(TriangleStream<gs_data> s) { }\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n}\n', 'gs_5_0', 0, 'ok'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nvoid emit(uniform TriangleStream<gs_data> s, gs_data v)\n{\n    s.Append(v);\n}\n[maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout, point gs_data vin[1])\n{\n}\n', 'gs_4_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): registers at 5.1: an object's register name of its kind's letter that is no letter and number X3591
REGISTER_ROWS = [
    ('Texture2D t : register(space0);\nfloat4 main() : sv_target\n{\n    return t.Load(0);\n}\n', 'ps_5_1', 0, 'X3591'),
    ('Texture2D t : register(space0);\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3591'),
    ('Texture2D t : register(t1x);\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3591'),
    ('sampler s : register(samply);\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3591'),
    ('Texture2D t : register(space1);\nfloat4 main() : sv_target\n{\n    return t.Load(0);\n}\n', 'ps_5_1', 0, 'X3591'),
    ('Texture2D t : register(samply);\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3591'),
    ('Texture2D t : register(space0);\n[numthreads(1,1,1)]\nvoid main()\n{\n    float4 r = t.Load(0);\n}\n', 'cs_5_1', 0, 'X3591'),
    ('Texture2D t : register(space0);\n[numthreads(1,1,1)]\nvoid main()\n{\n    float4 r = 0;\n}\n', 'cs_5_1', 0, 'X3591'),
    ('Texture2D t : register(t1x);\n[numthreads(1,1,1)]\nvoid main()\n{\n    float4 r = 0;\n}\n', 'cs_5_1', 0, 'X3591'),
    ('sampler s : register(samply);\n[numthreads(1,1,1)]\nvoid main()\n{\n    float4 r = 0;\n}\n', 'cs_5_1', 0, 'X3591'),
    ('Texture2D t : register(c0);\n[numthreads(1,1,1)]\nvoid main()\n{\n    float4 r = t.Load(0);\n}\n', 'cs_5_1', 0, 'X3530'),
    ('RWBuffer<float4> b : register(s0);\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3530'),
    ('RWBuffer<float4> b : register(space0);\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_1', 0, 'X3530'),
    ('cbuffer cb : register(space0) { float4 x; }\n[numthreads(1,1,1)]\nvoid main()\n{\n    float4 r = x;\n}\n', 'cs_5_1', 0, 'X3591'),
]

#: (source, target, flags, fxc's verdict): template counts and array sizes: X3014 of a constructor first, vector / matrix counts above the shifts, patch counts required, an undeclared size X3004; (4 += 1) as a count attribute's argument
TEMPLATE_ROWS = [
    ('float4 main(float2 arr[N_t] : COLOR) : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3004'),
    ('float4 main(float2 arr[N_t] : COLOR) : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('struct S { float e[N_t]; };\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3004'),
    ('struct S { float e[N_t]; };\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('float f() { return 1; }\nfloat a[f];\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3005'),
    ('float f() { return 1; }\nfloat a[f];\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3005'),
    ('typedef float T[N_t];\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3004'),
    ('typedef float T[N_t];\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('void g(float x[N_t]) {}\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3004'),
    ('void g(float x[N_t]) {}\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('Texture2DMS<float4, float4(2)> t;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3014'),
    ('Texture2DMS<float4, float4(2)> t;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3014'),
    ('Texture2DMS<float4, int3(2, 1)> t;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3014'),
    ('Texture2DMS<float4, int3(2, 1)> t;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3014'),
    ('vector<float, int3(2, 1)> v;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3014'),
    ('vector<float, int3(2, 1)> v;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3014'),
    ('matrix<float, 2, float4(2)> v;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3014'),
    ('matrix<float, 2, float4(2)> v;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3014'),
    ('InputPatch<float, float4(2).x> p;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3014'),
    ('InputPatch<float, float4(2).x> p;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3014'),
    ('RWBuffer<vector<float, 3>> u;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3000'),
    ('Buffer<vector<int, 2>> b;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3000'),
    ('Texture2D<vector<float, 4>> t;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'X3000'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount((4 = 5))]\nvoid main(point gs_data vin[1], inout PointStream<gs_data> s)\n{\n}\n', 'gs_5_0', 0, 'X3025'),
    ('float4 main() : sv_target\n{\n    float a[N_t];\n    return 0;\n}\n', 'ps_4_0', 0, 'X3004'),
    ('vector<float, 2 == 2> v;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3000'),
    ('InputPatch<vector<float, 4>, 3> p;\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'ok'),
]

#: (source, target, flags, fxc's verdict): objects: texture has no methods and converts to nothing else, sampler kinds' conversions, dimensioned D3D9 samplers refused by the methods, noise()
OBJECT_ROWS = [
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v);\n}\n', 'ps_2_0', 0, 'X4532'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v, v);\n}\n', 'ps_2_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise();\n}\n', 'ps_2_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v.x);\n}\n', 'ps_2_0', 0, 'X4532'),
    ('Texture2D tex; sampler2D s;\nfloat4 main() : sv_target\n{\n    return tex.Sample(s, 0);\n}\n', 'ps_2_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v);\n}\n', 'ps_3_0', 0, 'X4532'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v, v);\n}\n', 'ps_3_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise();\n}\n', 'ps_3_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v.x);\n}\n', 'ps_3_0', 0, 'X4532'),
    ('Texture2D tex; sampler2D s;\nfloat4 main() : sv_target\n{\n    return tex.Sample(s, 0);\n}\n', 'ps_3_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v);\n}\n', 'ps_4_0_level_9_1', 0, 'X4532'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v, v);\n}\n', 'ps_4_0_level_9_1', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise();\n}\n', 'ps_4_0_level_9_1', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v.x);\n}\n', 'ps_4_0_level_9_1', 0, 'X4532'),
    ('Texture2D tex; sampler2D s;\nfloat4 main() : sv_target\n{\n    return tex.Sample(s, 0);\n}\n', 'ps_4_0_level_9_1', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v);\n}\n', 'ps_4_0', 0, 'X4532'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v, v);\n}\n', 'ps_4_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise();\n}\n', 'ps_4_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    return noise(v.x);\n}\n', 'ps_4_0', 0, 'X4532'),
    ('Texture2D tex; sampler2D s;\nfloat4 main() : sv_target\n{\n    return tex.Sample(s, 0);\n}\n', 'ps_4_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : SV_Position\n{\n    return noise(v);\n}\n', 'vs_5_0', 0, 'X4532'),
    ('float4 v;\nfloat4 main() : SV_Position\n{\n    return noise(v, v);\n}\n', 'vs_5_0', 0, 'X3013'),
    ('float4 v;\nfloat4 main() : SV_Position\n{\n    return noise();\n}\n', 'vs_5_0', 0, 'X3013'),
    ('Texture2D tex; sampler2D s;\nfloat4 main() : sv_target\n{\n    return tex.Load(0) + tex2D(s, 0);\n}\n', 'ps_4_0', 0, 'X3523'),
    ('SamplerState g;\nstruct foo { float4 p; sampler2D m; };\nfloat4 main() : sv_target\n{\n    struct foo q;\n    q.m = g;\n    return 0;\n}\n', 'ps_4_0', 0, 'ok'),
    ('float4 v;\nfloat4 main() : sv_target\n{\n    float4 r = noise(v);\n    return undeclared;\n}\n', 'ps_2_0', 0, 'X3004'),
    ('Texture2D tex; sampler_state s;\nfloat4 main() : sv_target\n{\n    return tex.Sample(s, 0);\n}\n', 'ps_5_0', 0, 'X3000'),
]

#: (source, target, flags, fxc's verdict): rows that kill the hand mutants the tables above left alive (an inherited member's
#: S::m, an unsized sampler_state list, a local sampler_state, line InputPatch<D, 3> at gs_4_0, ...)
KILL_ROWS = [
    ('float4 f(InputPatch<float4> p) { return 0; }\nfloat4 main() : SV_Position\n{\n    return 0;\n}\n', 'ps_5_0', 0, 'X3000'),
    ('struct apple { float a; };\nstruct pear : apple { float b; };\nfloat4 main() : sv_target\n{\n    return pear::a;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('struct apple { float a; };\nstruct pear : apple { float b; };\nfloat f() { return pear::a; }\nfloat4 main() : sv_target\n{\n    return f();\n}\n', 'ps_5_0', 0, 'X3004'),
    ('sampler sams[] = { sampler_state {}, sampler_state {} };\nfloat4 main() : SV_Target\n{\n    return 0;\n}\n', 'ps_4_0', 0, 'ok'),
    ('float4 main() : SV_Target\n{\n    sampler s = sampler_state {};\n    return 0;\n}\n', 'ps_4_0', 0, 'X3064'),
    ('float4 main() : SV_Target\n{\n    float s = sampler_state {};\n    return 0;\n}\n', 'ps_5_1', 0, 'X3064'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(line InputPatch<gs_data, 3> vin)\n{\n}\n', 'gs_4_0', 0, 'X3513'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(point gs_data vin[1], inout PointStream<gs_data> s)\n{\n    s.Consume(vin[0]);\n}\n', 'gs_5_0', 0, 'X3088'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct other\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(point gs_data vin[1], inout TriangleStream<float4> s)\n{\n    s.Append(vin[0]);\n}\n', 'gs_5_0', 0, 'X3017'),
    ('InputPatch<float4> p;\nfloat4 main() : SV_Position\n{\n    return 0;\n}\n', 'hs_5_0', 0, 'X3000'),
    ('Texture2D tex;\ncbuffer buffer\n{\n    sampler sam : packoffset(c1);\n}\nfloat4 main() : sv_target\n{\n    return tex.Sample(sam, float2(0));\n}\n', 'ps_4_0', 0, 'X3014'),
    ('Texture2D tex;\ncbuffer buffer\n{\n    sampler sam : packoffset(c1);\n}\nfloat4 main() : sv_target\n{\n    float4 r = tex.Sample(sam, float2(0, 0));\n    return undeclared;\n}\n', 'ps_5_0', 0, 'X3004'),
    ('Texture2D tex;\ncbuffer buffer\n{\n    sampler sam : packoffset(c1);\n}\nfloat4 main() : sv_target\n{\n    return tex.Sample(sam, float2(0, 0));\n}\n', 'ps_4_0', 0, 'X4509'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount((4 += 1))]\nvoid main(point gs_data vin[1], inout PointStream<gs_data> s)\n{\n}\n', 'gs_5_0', 0, 'X3514'),
    ('[numthreads((1 += 1), 1, 1)]\nvoid main()\n{\n}\n', 'cs_5_0', 0, 'X3084'),
    ('texture tex;\nfloat4 main() : sv_target\n{\n    return tex.Load(0);\n}\n', 'ps_5_0', 0, 'X3087'),
    ('texture g;\nfloat4 f(Texture2D x) { return 0; }\nfloat4 main() : sv_target\n{\n    return f(g);\n}\n', 'ps_5_0', 0, 'X3017'),
    ('Texture2D g;\nfloat4 f(texture x) { return 0; }\nfloat4 main() : sv_target\n{\n    return f(g);\n}\n', 'ps_5_0', 0, 'X3017'),
    ('sampler2D g;\nfloat4 f(sampler x) { return 0; }\nfloat4 main() : sv_target\n{\n    return f(g);\n}\n', 'ps_5_0', 0, 'X3017'),
    ('SamplerComparisonState g;\nstruct foo { float4 p; SamplerState m; };\nfloat4 main() : sv_target\n{\n    struct foo q;\n    q.m = g;\n    return 0;\n}\n', 'ps_5_0', 0, 'X3017'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n[maxvertexcount(4)]\nvoid main(point gs_data vin[1], inout PointStream<gs_data> s)\n{\n    s.RestartStrip(undeclared);\n}\n', 'gs_5_0', 0, 'X3004'),
]

ALL_ROWS = STATIC_MEMBER_ROWS + STATE_BLOCK_ROWS + GS_INPUT_ROWS + STREAM_ROWS + REGISTER_ROWS + TEMPLATE_ROWS + OBJECT_ROWS + KILL_ROWS


@pytest.mark.parametrize(("src", "target", "flags", "expected"), ALL_ROWS)
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, expected: str) -> None:
    assert _verdict(src, target, flags) == expected
