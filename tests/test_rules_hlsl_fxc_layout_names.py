"""Reflected type names and the declarations a cbuffer body may hold, as Microsoft's compiler answers them.

Every expected value here was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 35
(helper LAY, pyd3d11.tools.wine_d3dcompiler), not from this project's output. MicrosoftDocs direct3d11
"D3D11_SHADER_TYPE_DESC" says only that Name is "the name of the shader-variable type"; fxc's answers: a typedef's
name (``typedef float4 color;`` reflects "color"; an array typedef its element type), "<anonymous>" for the
template spellings ``vector<T, N>`` / ``matrix<T, R, C>`` (bare ``vector`` is float4), "<unnamed>" for an
anonymous struct -- or the name a typedef gives it (``typedef struct { ... } T;`` is "T"), "<unnamed>::<unnamed>"
for one nested in another. A cbuffer body may hold typedefs and struct definitions with no member declared
(``struct S { ... };``); an anonymous struct declared alone there is X3000, as at global scope.
"""

from __future__ import annotations

import pytest
from fxc_layout_helpers import compile_or_error

from pyd3d11.tools.reflect_diff import describe

pytestmark = pytest.mark.backend_independent  # runs no shader

#: (declarations, use, where, fxc's (variable, (type name, member types)) of the buffer, or its error)
NAMES = [
    ('typedef float4 color; color c;', 'c', 'cbuffer', (('c', ('color', ())),)),
    ('typedef float4 color; color c;', 'c', 'globals', (('c', ('color', ())),)),
    ('struct S { float a; }; S s;', 's.a', 'cbuffer', (('s', ('S', (('float', ()),))),)),
    ('struct S { float a; }; S s;', 's.a', 'globals', (('s', ('S', (('float', ()),))),)),
    ('struct S { float a; } s;', 's.a', 'cbuffer', (('s', ('S', (('float', ()),))),)),
    ('struct S { float a; } s;', 's.a', 'globals', (('s', ('S', (('float', ()),))),)),
    ('typedef struct { float a; } T; T t;', 't.a', 'cbuffer', (('t', ('T', (('float', ()),))),)),
    ('typedef struct { float a; } T; T t;', 't.a', 'globals', (('t', ('T', (('float', ()),))),)),
    ('float4 c; typedef float F;', 'c', 'cbuffer', (('c', ('float4', ())),)),
    ('float4 c; typedef float F;', 'c', 'globals', (('c', ('float4', ())),)),
    ('typedef float4 C4; C4 a; C4 b;', 'a + b', 'cbuffer', (('a', ('C4', ())), ('b', ('C4', ())))),
    ('typedef float4 C4; C4 a; C4 b;', 'a + b', 'globals', (('a', ('C4', ())), ('b', ('C4', ())))),
    ('typedef float3x3 M3; M3 m;', 'm[0].xyzz', 'cbuffer', (('m', ('M3', ())),)),
    ('typedef float3x3 M3; M3 m;', 'm[0].xyzz', 'globals', (('m', ('M3', ())),)),
    ('typedef row_major float2x2 RM; RM m;', 'm[1].xyxy', 'cbuffer', (('m', ('RM', ())),)),
    ('typedef row_major float2x2 RM; RM m;', 'm[1].xyxy', 'globals', (('m', ('RM', ())),)),
    ('typedef float F; F f[2];', 'f[1]', 'cbuffer', (('f', ('F', ())),)),
    ('typedef float F; F f[2];', 'f[1]', 'globals', (('f', ('F', ())),)),
    ('typedef int2 I2[2]; I2 i;', 'i[1].y', 'cbuffer', (('i', ('int2', ())),)),
    ('typedef int2 I2[2]; I2 i;', 'i[1].y', 'globals', (('i', ('int2', ())),)),
    ('typedef float4 C4; typedef C4 CC; CC c;', 'c', 'cbuffer', (('c', ('CC', ())),)),
    ('typedef float4 C4; typedef C4 CC; CC c;', 'c', 'globals', (('c', ('CC', ())),)),
    ('static struct S { float a; } s; float4 c;', 'c', 'cbuffer', (('c', ('float4', ())),)),
    ('static struct S { float a; } s; float4 c;', 'c', 'globals', (('c', ('float4', ())),)),
    ('struct { float a; }; float4 c;', 'c', 'cbuffer', 'X3000'),
    ('struct { float a; }; float4 c;', 'c', 'globals', 'X3000'),
    ('vector<float, 3> v3;', 'v3.xyzz', 'cbuffer', (('v3', ('<anonymous>', ())),)),
    ('vector<float, 3> v3;', 'v3.xyzz', 'globals', (('v3', ('<anonymous>', ())),)),
    ('vector<int, 2> v;', 'v.xyxy', 'cbuffer', (('v', ('<anonymous>', ())),)),
    ('vector<int, 2> v;', 'v.xyxy', 'globals', (('v', ('<anonymous>', ())),)),
    ('matrix<float, 2, 2> m;', 'm[0].xyxy', 'cbuffer', (('m', ('<anonymous>', ())),)),
    ('matrix<float, 2, 2> m;', 'm[0].xyxy', 'globals', (('m', ('<anonymous>', ())),)),
    ('vector<float, 4> v;', 'v', 'cbuffer', (('v', ('<anonymous>', ())),)),
    ('vector<float, 4> v;', 'v', 'globals', (('v', ('<anonymous>', ())),)),
    ('vector v;', 'v', 'cbuffer', (('v', ('float4', ())),)),
    ('vector v;', 'v', 'globals', (('v', ('float4', ())),)),
    ('matrix m;', 'm[0]', 'cbuffer', (('m', ('float4x4', ())),)),
    ('matrix m;', 'm[0]', 'globals', (('m', ('float4x4', ())),)),
    ('vector<float, 1> v;', 'v.xxxx', 'cbuffer', (('v', ('<anonymous>', ())),)),
    ('vector<float, 1> v;', 'v.xxxx', 'globals', (('v', ('<anonymous>', ())),)),
    ('typedef vector<float, 3> V3; V3 v;', 'v.xyzz', 'cbuffer', (('v', ('V3', ())),)),
    ('typedef vector<float, 3> V3; V3 v;', 'v.xyzz', 'globals', (('v', ('V3', ())),)),
    ('vector<float, 3> a[2];', 'a[1].xyzz', 'cbuffer', (('a', ('<anonymous>', ())),)),
    ('vector<float, 3> a[2];', 'a[1].xyzz', 'globals', (('a', ('<anonymous>', ())),)),
    ('struct { vector<float, 2> q; } s;', 's.q.xyxy', 'cbuffer', (('s', ('<unnamed>', (('<anonymous>', ()),))),)),
    ('struct { vector<float, 2> q; } s;', 's.q.xyxy', 'globals', (('s', ('<unnamed>', (('<anonymous>', ()),))),)),
    ('row_major matrix<float, 2, 2> m;', 'm[0].xyxy', 'cbuffer', (('m', ('<anonymous>', ())),)),
    ('row_major matrix<float, 2, 2> m;', 'm[0].xyxy', 'globals', (('m', ('<anonymous>', ())),)),
    ('struct { struct { float b; } in1; float c; } s;', 's.in1.b', 'cbuffer', (('s', ('<unnamed>', (('<unnamed>::<unnamed>', (('float', ()),)), ('float', ())))),)),
    ('struct { struct { float b; } in1; float c; } s;', 's.in1.b', 'globals', (('s', ('<unnamed>', (('<unnamed>::<unnamed>', (('float', ()),)), ('float', ())))),)),
    ('struct N { struct { float b; } in1; } s;', 's.in1.b', 'cbuffer', (('s', ('N', (('N::<unnamed>', (('float', ()),)),))),)),
    ('struct N { struct { float b; } in1; } s;', 's.in1.b', 'globals', (('s', ('N', (('N::<unnamed>', (('float', ()),)),))),)),
    ('uint u; uint2 u2; dword d;', 'u + u2.x + d', 'cbuffer', (('u', ('dword', ())), ('u2', ('uint2', ())), ('d', ('dword', ())))),
    ('uint u; uint2 u2; dword d;', 'u + u2.x + d', 'globals', (('u', ('dword', ())), ('u2', ('uint2', ())), ('d', ('dword', ())))),
    ('float1 a; float1x1 b; int1x3 c;', 'a + b + c[0].x', 'cbuffer', (('a', ('float1', ())), ('b', ('float1x1', ())), ('c', ('int1x3', ())))),
    ('float1 a; float1x1 b; int1x3 c;', 'a + b + c[0].x', 'globals', (('a', ('float1', ())), ('b', ('float1x1', ())), ('c', ('int1x3', ())))),
    ('typedef struct { float a; } T, U; U u;', 'u.a', 'cbuffer', (('u', ('U', (('float', ()),))),)),
    ('typedef struct { float a; } T, U; U u;', 'u.a', 'globals', (('u', ('U', (('float', ()),))),)),
]

#: the typedef names this project does not give yet: every name of one typedef of an anonymous struct reflects
#: under that name in fxc (``typedef struct { ... } T, U; U u;`` is "U"); here the first name is kept
_NOT_BUILT = {"typedef struct { float a; } T, U; U u;"}


def _names(d: dict) -> tuple:
    def tn(t: dict) -> tuple:
        return t["name"], tuple(tn(m) for m in t.get("members", []))
    return tuple((v["name"], tn(v["type"])) for v in d["cbuffers"][0]["variables"])


@pytest.mark.parametrize("body,use,where,want", NAMES)
def test_type_names(body, use, where, want):
    if body in _NOT_BUILT:
        pytest.xfail("one anonymous struct under several typedef names reflects under the first")
    src = (f"cbuffer N {{ {body} }}" if where == "cbuffer" else body) + f"\nfloat4 main() : SV_Target {{ return {use}; }}"
    got = compile_or_error(src)
    assert (got if isinstance(got, str) else _names(describe(got))) == want
