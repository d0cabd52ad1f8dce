"""Local arrays declared without an initialiser: fxc's X4000 / X4575 (uninit.check_local_arrays).

Verdicts recorded from d3dcompiler_47 10.1 under Wine, session 37 (helper EXEC): each row is (target, compile flags,
source, the first error number fxc printed; 0 where it compiled). MicrosoftDocs "HLSL errors and warnings" lists
X4000 ("variable used without having been completely initialized") and X4575 ("reading uninitialized value")
without these cases; the rows fix the rule. At shader model 4 and later, optimised: a never-written array's value
may be copied on (``return u[1];`` compiles with warning X4000) but computing with it, selecting or branching on it
is X4575 (also after copies: ``float v[2] = u; return v[1] * a;``); once some element is written at a literal
index, reading a component no earlier write reached is X4000 even as a plain copy, a run-time-index write counts for
every element; dead reads and ``u[1] * 0`` do not count; /Od judges nothing. At the Direct3D 9 targets (also /Od)
any read of an unwritten component is X4000; at 4_0_level_9_x a pixel shader's copy of one into its return value is
X3508 instead. Scalars, vectors and structs (uninit_locals) rows are here too, as fxc answers them.
"""

import re

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler

#: compiling never consults the shader backend
pytestmark = pytest.mark.backend_independent

UNINIT_ROWS = [
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1] * 0; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1] * a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1] + a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return a > 0 ? u[1] : 1; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = 1; return u[1]; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = 1; return u[0]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float2 u[2]; u[0].x = 1; return u[0].y; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[(uint)a & 1] + a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[(uint)a & 1]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u; return u; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u; return u + a; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float2 u; u.x = 1; return u.y + a; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float2 u; u.x = 1; return u.y; }', 0),
    ('ps_5_0', 0x0, 'struct S { float f; float g; }; float4 main(float a : A) : SV_Target { S s; s.f = 1; return s.g; }', 0),
    ('ps_5_0', 0x0, 'struct S { float f; float g; }; float4 main(float a : A) : SV_Target { S s; s.f = 1; return s.g + a; }', 4000),
    ('ps_5_0', 0x0, 'struct S { float f; float g; }; float4 main(float a : A) : SV_Target { S s[2]; s[0].g = 1; return s[1].g; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[0]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return float4(u[0], u[1], 0, 1); }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return -u[1]; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return abs(u[1]); }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return saturate(u[1]); }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float x = u[1]; return x; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float x = u[1]; return x + a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (u[1] > 0) return 1; return 0; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[1] + a; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; u[1] = 2; return u[1] + u[0]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[1] = a; return u[0]; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[(uint)a & 1] = a; return u[1]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[(uint)a & 1] = a; return u[1] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[(uint)a & 1]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[(uint)a & 1] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (a > 0) u[0] = 1; return u[0]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (a > 0) u[0] = 1; return u[0] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (a > 0) u[0] = 1; else u[0] = 2; return u[0] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; for (int i = 0; i < 2; i++) u[i] = a; return u[1] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; [loop] for (int i = 0; i < 2; i++) u[i] = a; return u[1] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = 0; [loop] for (int i = 0; i < 2; i++) r += u[i]; return r; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = 0; for (int i = 0; i < 2; i++) r += u[i]; return r; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = 0; [loop] for (int k = 0; k < 3; k++) r += u[k & 1]; return r; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float2 u[2]; u[0].x = 1; return u[0].x; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float2 u[2]; u[0] = 1; return u[0].y + u[1].x; }', 4000),
    ('ps_5_0', 0x0, 'struct S { float f; float g; }; float4 main(float a : A) : SV_Target { S s[2]; s[0].g = 1; return s[0].f; }', 4000),
    ('ps_5_0', 0x0, 'struct S { float f; float g; }; float4 main(float a : A) : SV_Target { S s[2]; return s[0].f; }', 0),
    ('ps_5_0', 0x0, 'struct S { float f; float g; }; float4 main(float a : A) : SV_Target { S s[2]; return s[0].f + a; }', 4575),
    ('ps_5_0', 0x0, 'struct S { float f[2]; }; float4 main(float a : A) : SV_Target { S s; s.f[0] = 1; return s.f[1]; }', 0),
    ('ps_5_0', 0x0, 'struct S { float f[2]; }; float4 main(float a : A) : SV_Target { S s; return s.f[1] + a; }', 4000),
    ('ps_5_0', 0x0, 'int4 main(float a : A) : SV_Target { int u[2]; return u[1] + 1; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = 1; u[1] = u[0]; return u[1]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2]; v[0] = u[0]; return v[0] + a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2] = u; return v[0] + a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2] = u; return v[0]; }', 0),
    ('ps_5_0', 0x0, 'void f(out float x[2]) { } float4 main(float a : A) : SV_Target { float u[2]; f(u); return u[0] + a; }', 4575),
    ('ps_5_0', 0x0, 'void f(out float x) { } float4 main(float a : A) : SV_Target { float u; f(u); return u + a; }', 3508),
    ('ps_5_0', 0x0, 'void f(out float x) { } float4 main(float a : A) : SV_Target { float u = 1; f(u); return u + a; }', 3508),
    ('ps_5_0', 0x0, 'void f(out float x) { x = 1; } float4 main(float a : A) : SV_Target { float u; f(u); return u + a; }', 0),
    ('ps_5_0', 0x0, 'void f(out float2 x) { x.x = 1; } float4 main(float a : A) : SV_Target { float2 u; f(u); return u.y + a; }', 3508),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = 1; return u[1] * 0; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (false) return u[1] + a; return a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float x = u[1] + a; return a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[4]; u[0] = 1; u[1] = 2; return u[2] + u[0]; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[4]; u[0] = 1; u[1] = 2; return u[(uint)a & 1] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[4]; u[0] = 1; u[1] = 2; return u[(uint)a & 3] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; float x = u[1]; return a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; float x = u[1] + a; return a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; if (false) return u[1]; return a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; if (a > 0) return u[1]; return a; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[0]; u[1] = 1; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1]; u[0] = a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = u[1]; u[1] = 2; return r + u[0] * 0; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = u[1] + a; u[0] = 2; return r; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = 0; [loop] for (int i = 0; i < 2; i++) { u[i] = a; r += u[1]; } return r; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[1] * a; }', 4000),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1] * a; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1] * 0; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[1]; }', 0),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1] * a; }', 4575),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; return u[1] * a; }', 4575),
    ('cs_5_0', 0x0, 'RWBuffer<float> b; [numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) { float u[2]; b[0] = u[1] * t.x; }', 4575),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1] * a; }', 4575),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[1] * a; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[1]; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[1] * a; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; return u[1] * a; }', 4000),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; return u[1] * a; }', 4000),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; return u[1]; }', 3508),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float4 u[2]; u[0].xy = a; return u[0]; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float4 u[2]; u[0].xy = a; return u[0] + a; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float4 u[2]; u[0].xy = a; return u[0].xyxy + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float4 u[2]; return u[0].xyxy + a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = 1; u[1] = u[0] + u[1]; return u[1]; }', 4000),
    ('ps_5_0', 0x0, 'Texture2D t; float4 main(float a : A) : SV_Target { float u[2]; return t.Load(int3(0,0,0)).x + u[(uint)a & 1]; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2]; v = u; return v[1] + a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; float v[2] = u; return v[1]; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[1] = a; return u[1]; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[1] = a; return u[1] + u[0] * 0; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; float x = u[1]; return a; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[(int)a]; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[(int)a]; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; u[1] = 1; return u[(int)a]; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; if (a > 0) u[0] = a; return u[0]; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; for (int i = 0; i < 2; i++) u[i] = a; return u[1]; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float2 u[2]; u[0].x = a; return u[0].y; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u; return u; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float2 u; u.x = 1; return u.y; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[1]; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[1]; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; return u[1]; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; return u[1]; }', 3508),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; return u[1] * a; }', 4000),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; return u[1]; }', 3508),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1]; }', 0),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return -u[0]; }', 4575),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[(int)a]; }', 0),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[(int)a] + a; }', 4575),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[3]; u[(int)a] = a; return u[2] + a; }', 0),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2] = u; return v[1] * a; }', 4575),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4575),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_4_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1]; }', 0),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1] * a; }', 4575),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return -u[0]; }', 4575),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[(int)a]; }', 0),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[(int)a] + a; }', 4575),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[3]; u[(int)a] = a; return u[2] + a; }', 0),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2] = u; return v[1] * a; }', 4575),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4575),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_4_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return -u[0]; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[(int)a]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[(int)a] + a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[3]; u[(int)a] = a; return u[2] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2] = u; return v[1] * a; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4575),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_5_0', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1]; }', 0),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return -u[0]; }', 4575),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[(int)a]; }', 0),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; return u[(int)a] + a; }', 4575),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[3]; u[(int)a] = a; return u[2] + a; }', 0),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2] = u; return v[1] * a; }', 4575),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4575),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_5_1', 0x0, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; return u[1]; }', 0),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; return u[1] * a; }', 4575),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; return -u[0]; }', 4575),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; return u[0]; }', 0),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; return u[(int)a]; }', 0),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; return u[(int)a] + a; }', 4575),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[3]; u[(int)a] = a; return u[2] + a; }', 0),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; float v[2] = u; return v[1] * a; }', 4575),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4575),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('vs_4_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; return u[1]; }', 0),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; return -u[0]; }', 4575),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; return u[0]; }', 0),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; return u[(int)a]; }', 0),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; return u[(int)a] + a; }', 4575),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[3]; u[(int)a] = a; return u[2] + a; }', 0),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; float v[2] = u; return v[1] * a; }', 4575),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4575),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('vs_5_0', 0x0, 'float4 main(float a : A) : SV_Position { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return -u[0]; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[(int)a]; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[(int)a] + a; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[3]; u[(int)a] = a; return u[2] + a; }', 3500),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; float v[2] = u; return v[1] * a; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4000),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_2_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return -u[0]; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[(int)a] + a; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[3]; u[(int)a] = a; return u[2] + a; }', 3500),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; float v[2] = u; return v[1] * a; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4000),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_3_0', 0x0, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; return u[1]; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; return -u[0]; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; return u[0]; }', 0),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; return u[(int)a]; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; return u[(int)a] + a; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[3]; u[(int)a] = a; return u[2] + a; }', 3500),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; float v[2] = u; return v[1] * a; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4000),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('vs_2_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; return u[1] * a; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; return -u[0]; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; return u[0]; }', 0),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; return u[(int)a]; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; return u[(int)a] + a; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[3]; u[(int)a] = a; return u[2] + a; }', 3500),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; float v[2] = u; return v[1] * a; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4000),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('vs_3_0', 0x0, 'float4 main(float a : POSITION) : POSITION { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; return -u[0]; }', 4000),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; return u[(int)a]; }', 4000),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; return u[(int)a] + a; }', 4000),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[3]; u[(int)a] = a; return u[2] + a; }', 3500),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float2 u[2]; u[1].y = a; return u[1].x; }', 3508),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; float v[2] = u; return v[1] * a; }', 4000),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4000),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_4_0_level_9_1', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; return u[1]; }', 3508),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; return -u[0]; }', 4000),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; return u[(int)a]; }', 4000),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; return u[(int)a] + a; }', 4000),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[3]; u[(int)a] = a; return u[2] + a; }', 3500),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float2 u[2]; u[1].y = a; return u[1].x; }', 3508),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; float v[2] = u; return v[1] * a; }', 4000),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4000),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_4_0_level_9_3', 0x0, 'float4 main(float a : TEXCOORD0) : SV_Target { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; return u[1]; }', 4000),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; return u[1] * a; }', 4000),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; return -u[0]; }', 4000),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; u[0] = a; return u[0]; }', 0),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; u[0] = a; return u[(int)a]; }', 4000),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; return u[(int)a] + a; }', 4000),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[3]; u[(int)a] = a; return u[2] + a; }', 3500),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; float v[2] = u; return v[1] * a; }', 4000),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4000),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('vs_4_0_level_9_1', 0x0, 'float4 main(float a : POSITION) : SV_Position { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; return u[1]; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; return -u[0]; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; return u[(int)a]; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; return u[(int)a] + a; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[3]; u[(int)a] = a; return u[2] + a; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float2 u[2]; u[1].y = a; return u[1].x; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; float v[2] = u; return v[1] * a; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_5_0', 0x4, 'float4 main(float a : A) : SV_Target { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[1] * a; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return -u[0]; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[1]; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[0]; }', 0),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; return u[(int)a]; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; return u[(int)a] + a; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[3]; u[(int)a] = a; return u[2] + a; }', 3500),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float2 u[2]; u[1].y = a; return u[1].x; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; float v[2] = u; return v[1] * a; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; u[1] = u[0] * 2; return u[1]; }', 0),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; float r = a; [loop] for (int i = 0; i < 2; i++) r *= u[i]; return r; }', 4000),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; if (a > 1) u[1] = a; return u[1] + a; }', 0),
    ('ps_3_0', 0x4, 'float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; float x = u[1] * a; return a; }', 0),
    ('cs_5_0', 0x0, 'RWBuffer<float> buf; [numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) { float a = t.x; float r; { float u[2]; r = u[1]; } buf[0] = r; }', 4575),
    ('cs_5_0', 0x0, 'RWBuffer<float> buf; [numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) { float a = t.x; float r; { float u[2]; r = u[1] * a; } buf[0] = r; }', 4575),
    ('cs_5_0', 0x0, 'RWBuffer<float> buf; [numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) { float a = t.x; float r; { float u[2]; r = -u[0]; } buf[0] = r; }', 4575),
    ('cs_5_0', 0x0, 'RWBuffer<float> buf; [numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) { float a = t.x; float r; { float u[2]; u[0] = a; r = u[1]; } buf[0] = r; }', 4000),
    ('cs_5_0', 0x0, 'RWBuffer<float> buf; [numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) { float a = t.x; float r; { float u[2]; u[0] = a; r = u[0]; } buf[0] = r; }', 0),
    ('cs_5_0', 0x0, 'RWBuffer<float> buf; [numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) { float a = t.x; float r; { float u[2]; u[0] = a; r = u[(int)a]; } buf[0] = r; }', 0),
]

#: rows this compiler does not meet yet, each with the reason (docs/conformance.md, session 37 EXEC)
NOT_BUILT = {
    ("ps_5_0", 0, "void f(out float x[2]) { } float4 main(float a : A) : SV_Target { float u[2]; f(u); return u[0] + a; }"):
        "an out-parameter array the callee never writes is not tracked as unwritten",
    ("ps_5_0", 0, "float4 main(float a : A) : SV_Target { float u[2]; u[0] = 1; return u[1] * 0; }"):
        "the optimiser folds u[1] * 0 before the judgement; fxc judges the partial-write read first",
    ("ps_5_0", 0, "float4 main(float a : A) : SV_Target { float u[2]; float r = u[1]; u[1] = 2; return r + u[0] * 0; }"):
        "the optimiser folds u[0] * 0 before the judgement",
    ("ps_3_0", 0, "float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[1] = a; return u[1] + u[0] * 0; }"):
        "the optimiser folds u[0] * 0 before the judgement",
    ("ps_3_0", 0, "float4 main(float a : TEXCOORD0) : COLOR { float u; return u; }"):
        "a scalar local's X4000 below shader model 4 comes after the output-size rule X4529 here",
    ("ps_3_0", 0, "float4 main(float a : TEXCOORD0) : COLOR { float2 u; u.x = 1; return u.y; }"):
        "a vector local's X4000 below shader model 4 comes after the output-size rule X4529 here",
    ("ps_3_0", 4, "float4 main(float a : TEXCOORD0) : COLOR { float u[2]; u[0] = a; float x = u[1] * a; return a; }"):
        "at /Od fxc still drops a dead read below shader model 4; this compiler judges the /Od code as generated",
}


def _ours(src: str, target: str, flags: int) -> int:
    msgs: list = []
    try:
        D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, flags, 0, msgs)
    except D3D11Error:
        text = " ".join(bytes(m).decode("latin-1") for m in msgs)
        m = re.search(r"error X(\d+)", text)
        return int(m.group(1)) if m else -1
    return 0


def _params():
    out = []
    for row in UNINIT_ROWS:
        reason = NOT_BUILT.get(row[:3])
        out.append(pytest.param(*row, marks=pytest.mark.xfail(strict=True, reason=reason)) if reason else row)
    return out


@pytest.mark.parametrize(("target", "flags", "src", "want"), _params())
def test_uninitialized_reads_as_fxc(target, flags, src, want):
    assert _ours(src, target, flags) == want


def test_never_written_array_copied_out_warns():
    """``return u[1];`` compiles with fxc's warning X4000 "use of potentially uninitialized variable ((unknown))"."""
    msgs: list = []
    D3DCompile(b"float4 main(float a : A) : SV_Target { float u[2]; return u[1] + 0 * a; }", None, "t.hlsl", None,
               None, "main", "ps_5_0", 0, 0, msgs)
    text = " ".join(bytes(m).decode("latin-1") for m in msgs)
    assert "warning X4000: use of potentially uninitialized variable ((unknown))" in text


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="no live d3dcompiler_47")
def test_uninit_rows_against_the_live_dll():
    real = wine_d3dcompiler.shared()
    for target, flags, src, want in UNINIT_ROWS[::4]:
        r = real.compile(src, target, "main", flags)
        errs = re.findall(r"error X(\d+)", r.messages)
        assert (int(errs[0]) if errs else (0 if r.ok else -1)) == want, (target, src)
