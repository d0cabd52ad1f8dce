"""Rules found by mutating the shader-test corpus's programs at shader models 4.0-5.1 and judging the mutants with
fxc (issue 15, session 48, helper MUT, round 13; ``python -m pyd3d11.tools.shader_test_mutants --salt s48a
--min-model 4.0``, the opt-in ``--ops stage`` operator, and session 47's open items).

Every expected column was recorded from Microsoft's d3dcompiler_47.dll 10.1 (the Windows 10 SDK's fxc) under
Wine, session 48 (``pyd3d11.tools.wine_d3dcompiler``): "ok" where it compiles, else the first error number it
prints (warnings skipped); entry point ``main``, the flags of the row. The rows are probe programs varied around each
cluster (the rule's extent and its order against the other errors), not the mutants that showed it; the overload
choices are the constant fxc's listing writes. MicrosoftDocs ("Variable Syntax", "Functions", "Stream-Output
Object", "HLSL errors and warnings") gives the forms, none of these numbers or orders; fxc's answer is the rule:

- UAV members of uniform structs: a store through the member's writable operator[] (``bar.u[xy] = v``, ``+=``,
  ``++``, ``InterlockedAdd(bar.u[0], 1)``, arrays of structs, nested, in a cbuffer) writes no part of the global
  (assign._object_member_store_base; session 47's uniform-object rule had made it X3025). A global struct holding
  a RWBuffer / RWTexture* / RWStructuredBuffer is no constant for fxc: its other writes (``bar.a = 1``, ``bar =
  bar2``) compile on a copy, built in session 49 (uavcopy.py; were strict xfails here). A struct of textures,
  samplers, buffers, byte-address, append or consume buffers stays X3025.
- Static / groupshared objects (modifiers.resource_mix): a static struct variable without an initialiser whose type
  holds objects and numbers is X3007 at its declaration (global, local, a cbuffer's, an uncalled function's); a
  groupshared global holding any object X3010.
- in / out / inout overloads (overload.param_cost): an ``out`` parameter costs its conversion back to the argument,
  an ``inout`` both ways; a conversion toward a later class of bool < int < float costs more than one toward an
  earlier (``f(float)`` beside ``f(bool)`` takes bool for an int), int -> uint more than uint -> int; an out
  parameter takes only its own component count, and only an argument that names storage (a name, member, element,
  swizzle, a cast of one) or a bare literal: ``f(i + 1)``, ``f(-1)``, ``f(int(0))``, ``f(float2(1, 2))`` take the
  in overload; an untyped literal of the parameter's class is no conversion for the in / out tie-break.
- Stages (the ``stage`` operator): a hull / domain entry's missing attribute (X3084) comes after the whole file's
  type rules (hs.type_rules_before_attributes) and packoffsets (regsyntax.judge), before the bindings' X4019 /
  X4509; a geometry shader's missing input primitive (X3514) after the type rules; an attribute of another stage
  is not read (``[numthreads(x++, 1, 1)]`` compiles at ps); a stream parameter outside a geometry shader is X3514
  in the parameters' order (gs.stream_parameter_error); an entry point missing or static (X3501) after the type
  rules too (entryorder.type_rules_first).
- A function returning ``ConstantBuffer<S>`` / ``TextureBuffer<S>`` at 5.1 is a function (parse_sm51): each
  ``return value;`` is X3017, in a function nothing calls too; a prototype or a body without return compiles.
"""

from __future__ import annotations

import re

import pytest
from fxc_record_helpers import mutant_verdict as _verdict

from pyd3d11 import d3dcompiler as dc

#: (source, target, flags, fxc's verdict): a store through a UAV member of a uniform struct compiles (every RW kind, arrays of structs, cbuffer-held, nested; ++ / += / Interlocked); a struct holding only read-only objects stays X3025; a static struct mixing objects and numbers is X3007
UAV_MEMBER_ROWS = [
    ('struct S { float2 a; RWTexture2D<float4> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.u[int2(0,0)] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWTexture2D<float4> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.u[int2(0,0)]++; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWTexture2D<float4> u; float b; };\nS bar;\nfloat4 main() : sv_target { ++bar.u[int2(0,0)]; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWTexture2D<float4> u; float b; };\nS bar;\n[numthreads(1,1,1)] void main() { bar.u[int2(0,0)] = 1; }', 'cs_5_0', 0, 'ok'),
    ('struct S { float2 a; RWTexture1D<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<uint> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.u[0] += 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWStructuredBuffer<float4> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWTexture3D<float4> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.u[int3(0,0,0)] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWByteAddressBuffer u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.u.Store(0, 1); return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<uint> u; float b; };\nS bar;\nfloat4 main() : sv_target { InterlockedAdd(bar.u[0], 1); return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<uint> u; float b; };\nS bar;\nfloat4 main() : sv_target { uint o; InterlockedAdd(bar.u[0], 1, o); return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar[2];\nfloat4 main() : sv_target { bar[1].u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar[2];\nfloat4 main() : sv_target { bar[0].u[0] += 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\ncbuffer cb { S bar; }\nfloat4 main() : sv_target { bar.u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nstruct T { float c; S s; }; T bar;\nfloat4 main() : sv_target { bar.s.u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nstruct T { float c; S s[2]; }; T bar;\nfloat4 main() : sv_target { bar.s[1].u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; RWBuffer<float> u[2]; }; S bar;\nfloat4 main() : sv_target { bar.u[1][0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; Texture2D u; float b; };\nS bar; Texture2D q;\nfloat4 main() : sv_target { bar.u = q; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { bar.u[0] = 1; return 0; }', 'ps_5_1', 0, 'ok'),
    ('RWBuffer<float> u;\nfloat4 main() : sv_target { u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; };\nS bar;\nfloat4 main() : sv_target { S l = bar; l.u[0] = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWBuffer<float> u; float b; }; S bar;\nfloat4 main() : sv_target { bar.a = 1; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float2 a; RWByteAddressBuffer u; float b; }; S bar;\nfloat4 main() : sv_target { bar.a = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float2 a; ConsumeStructuredBuffer<float4> u; float b; }; S bar;\nfloat4 main() : sv_target { bar.a = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float2 a; Texture2D u; float b; }; S bar;\nfloat4 main() : sv_target { bar.a = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float2 a; SamplerState u; float b; }; S bar;\nfloat4 main() : sv_target { bar.a = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float2 a; Buffer<float> u; float b; }; S bar;\nfloat4 main() : sv_target { bar.a = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float a; RWBuffer<float> u; }; cbuffer cb { S bar; float z; }\nfloat4 main() : sv_target { z = 1; return 0; }', 'ps_5_0', 0, 'X3025'),
    ('struct S { float a; Texture2D t; RWBuffer<float> u; }; S bar; Texture2D q;\nfloat4 main() : sv_target { bar.t = q; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWBuffer<float> u, q;\nfloat4 main() : sv_target { u = q; return 0; }', 'ps_5_0', 0, 'ok'),
    ('RWByteAddressBuffer u, q;\nfloat4 main() : sv_target { u = q; return 0; }', 'ps_5_0', 0, 'X3025'),
]

#: (source, target, flags, fxc's verdict): a static struct variable holding objects and numbers, without an initialiser, is X3007 at its declaration; a groupshared one holding any object X3010
STATIC_MIX_ROWS = [
    ('struct S { float a; Texture2D t; }; static S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; SamplerState t; }; static S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; RWBuffer<float> t; }; static S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { Texture2D t; SamplerState s; }; static S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; Texture2D t; }; static S bar[2];\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; Texture2D t; }; struct T { S s; }; static T bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; Texture2D t; }; static const S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; Texture2D t; }; float4 main2() { static S bar; return 0; }\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; Texture2D t; };\nfloat4 main() : sv_target { static S bar; return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; Texture2D t; };\nfloat4 main() : sv_target { S bar; return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; Texture2D t; }; groupshared S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3010'),
    ('struct S { float a; Texture2D t; }; static S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_4_0', 0, 'X3007'),
    ('struct S { float a; Texture2D t; }; static S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_1', 0, 'X3007'),
    ('struct S { float a; Texture2D t; }; static S bar;\nfloat4 main() : sv_target { float2 x = float3(1,2,3) + int4(1,2,3,4); return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; Texture2D t; }; static S bar; undeclared q;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('groupshared Texture2D t;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3010'),
    ('struct S { Texture2D t; }; struct T { S s[2]; SamplerState q; }; static T bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; Texture2D t; }; cbuffer cb { static S bar; }\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct E { }; struct S { E e; Texture2D t; }; static S bar;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; Texture2D t; };\nfloat4 main() : sv_target { for (static S bar; ; ) {} return 0; }', 'ps_5_0', 0, 'X3007'),
    ('struct S { float a; Texture2D t; }; S bar0; static S bar = bar0;\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'ok'),
    ('struct S { float a; Texture2D t; }; Texture2D q; static S bar = { 1, q };\nfloat4 main() : sv_target {  return 0; }', 'ps_5_0', 0, 'ok'),
    ('groupshared SamplerState t;\nfloat4 main() : sv_target {  return 0; }', 'cs_5_0', 0, 'X3010'),
    ('cbuffer cb { groupshared Texture2D t; }\nfloat4 main() : sv_target {  return 0; }', 'cs_5_0', 0, 'X3010'),
]

#: (source, target, flags, fxc's verdict): in / out / inout overloads: an out parameter's cost is its conversion back, an inout's both; a conversion toward float costs more than toward bool, int -> uint more than uint -> int; an out parameter takes only its own component count
OUT_OVERLOAD_ROWS = [
    ('float4 func(uint x) { return 2.0; }\nfloat3 func(min16int x) { return 1.0; }\nfloat4 main() : sv_target { return func(int(0)); }', 'ps_5_1', 0, 'ok'),
    ('float4 addition(inout float4 a, float4 b) { return a + b; }\nsampler sam { cat = addition(foo, bar) + p * q; };\nfloat4 main() : sv_target { return 0; }', 'ps_5_1', 0, 'X3025'),
    ('void func(inout float o) { o += 0.1; }\nfloat4 main() : sv_target { float x = 0; func(x + 1); return 0; }', 'ps_5_0', 0, 'X3025'),
    ('void func(out float o) { o = 0.1; }\nvoid func(out int o) { o = 1; }\nfloat4 main() : sv_target { float x = 0; func(x + 1); return 0; }', 'ps_5_0', 0, 'X3025'),
    ('float f(float x) { return x; } float f(out float x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1); return r; }', 'ps_5_0', 0, 'X3025'),
    ('float f(float x) { return x; } float f(out float x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1.0); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(float x) { return x; } float f(out float x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(r); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(float x) { return x; } float f(out float x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(true); return r; }', 'ps_5_0', 0, 'X3025'),
    ('float f(float x) { return x; } float f(out float x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1u); return r; }', 'ps_5_0', 0, 'X3025'),
    ('float f(out float x) { x = 1; return 2; } float f(float x) { return x; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1); return r; }', 'ps_5_0', 0, 'X3025'),
    ('float f(out float x) { x = 1; return 2; } float f(float x) { return x; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1.0); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(uint x) { return x; } float f(out uint x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(uint x) { return x; } float f(out uint x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1.0); return r; }', 'ps_5_0', 0, 'ok'),
    ('float f(float x) { return x; } float f(inout float x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1); return r; }', 'ps_5_0', 0, 'ok'),
    ('float f(float x) { return x; } float f(inout float x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1.0); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(float2 x) { return x.x; } float f(out float2 x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(float2(1,2)); return r; }', 'ps_5_0', 0, 'ok'),
    ('float f(float2 x) { return x.x; } float f(out float2 x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(v.xy); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(bool x) { return x; } float f(out bool x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1); return r; }', 'ps_5_0', 0, 'ok'),
    ('float f(bool x) { return x; } float f(out bool x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(true); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(bool x) { return x; } float f(out bool x) { x = 1; return 2; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = 0; uint u = 0; bool b = false; r = f(1.0); return r; }', 'ps_5_0', 0, 'ok'),
    ('float f(float x) { return 5; } float f(bool x) { return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = v.y; uint u = v.z; bool b = v.w; r = f(i); return r; }', 'ps_5_0', 0, 'ok'),
    ('float f(int x) { return 5; } float f(bool x) { return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = v.y; uint u = v.z; bool b = v.w; r = f(r); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(float x) { return 5; } float f(int x) { return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = v.y; uint u = v.z; bool b = v.w; r = f(b); return r; }', 'ps_5_0', 0, 'X3067'),
    ('float f(float x) { return 5; } float f(bool x) { return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = v.y; uint u = v.z; bool b = v.w; r = f(1); return r; }', 'ps_5_0', 0, 'ok'),
    ('float f(float x) { return 5; } float f(int x) { return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = 0; int i = v.y; uint u = v.z; bool b = v.w; r = f(true); return r; }', 'ps_5_0', 0, 'X3067'),
    ('void g(out float x) { x = 1; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; float2 r2 = v.xy; int2 i2 = v.xy; int4 i4 = v; float3 r3 = v.xyz; g(r2); return r; }', 'ps_5_0', 0, 'X3017'),
    ('void g(out int2 x) { x = 1; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; float2 r2 = v.xy; int2 i2 = v.xy; int4 i4 = v; float3 r3 = v.xyz; g(r); return r; }', 'ps_5_0', 0, 'X3017'),
    ('void g(out float2 x) { x = 1; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; float2 r2 = v.xy; int2 i2 = v.xy; int4 i4 = v; float3 r3 = v.xyz; g(r); return r; }', 'ps_5_0', 0, 'X3017'),
    ('void g(inout float x) { x = 1; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; float2 r2 = v.xy; int2 i2 = v.xy; int4 i4 = v; float3 r3 = v.xyz; g(r2); return r; }', 'ps_5_0', 0, 'X3017'),
]

#: (source, target, flags, fxc's verdict): a body compiled at another stage: a missing hs / ds attribute after the file's type rules and packoffsets (before the bindings), a gs's missing input primitive after them, attributes of another stage unread, a stream parameter outside gs X3514
STAGE_ROWS = [
    ('float4 main() : sv_target\n{\n    bool b = true;\n    return asfloat(b);\n}\n', 'gs_4_0', 0, 'X3013'),
    ('float4 main() : SV_TARGET\n{\n    uint u = 5;\n    float f = 15.0;\n    return float4(u >> f, 0, 0, 0);\n}\n', 'gs_4_1', 0, 'X3082'),
    ('struct apple\n{\n    int2 aa;\n    float bb;\n};\nstruct banana\n{\n    int2 aa;\n    float bb;\n    float cc;\n};\nfloat4 main() : sv_target\n{\n    struct apple a = {1, 2, 3};\n    struct banana b;\n    b = (struct banana) a;\n    return b.bb;\n}\n', 'gs_4_1', 0, 'X3017'),
    ('float4 main() : sv_target\n{\n    float arr[5] = {1, 2, 3, 4, 5};\n    float2x2 mat;\n    mat = (float2x2) arr;\n    return float4(mat);\n}\n', 'hs_5_1', 0, 'X3017'),
    ('float4 main() : sv_target\n{\n    float2x2 mat = {1, 2, 3, 4};\n    int arr[3];\n    arr = (int[3]) mat;\n    return 0;\n}\n', 'hs_5_0', 0, 'X3017'),
    ('// Elements cannot overlap if buffer is used.\ncbuffer buffer\n{\n    float c : packoffset(c0);\n    float4 a[2] : packoffset(c1);\n    float4 b[2] : packoffset(c2);\n}\nfloat4 main() : sv_target\n{\n    return float4(c, a[1].x, b[0].x, b[1].x);\n}\n', 'hs_5_1', 0, 'X3084'),
    ('// Elements must respect register boundaries.\ncbuffer buffer\n{\n    float4 c : packoffset(c0.z);\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'hs_5_0', 0, 'X3530'),
    ('// Arrays must be aligned.\ncbuffer buffer\n{\n    float a[1] : packoffset(c0.y);\n}\nfloat4 main() : sv_target\n{\n    return 0;\n}\n', 'ds_5_1', 0, 'X3530'),
    ('static const float2 f;\nfloat4 main() : sv_target\n{\n    if (f);\n    return 0;\n}\n', 'hs_5_1', 0, 'X3019'),
    ('float2 v;\nfloat4 main() : sv_target\n{\n    return determinant(v);\n}\n', 'ds_5_0', 0, 'X3013'),
    ('struct apple\n{\n    float2 miss; // missing semantic.\n};\nstruct banana\n{\n    apple apl[2];\n    float4 arb : UNUSED;\n};\nvoid main(out banana bans[2])\n{\n    return 0.0;\n}\n', 'ds_5_1', 0, 'X3079'),
    ('float f(min16float x) { return 1.0; }\nfloat f(min10float x) { return 2.0; }\nfloat4 main() : sv_target\n{\n    return f(half(0.0));\n}\n', 'ds_5_0', 0, 'X3067'),
    ('void func(inout float2 o)\n{\n    o += 0.1;\n}\nfloat4 main() : sv_target\n{\n    float2 x = 0;\n    func(x.yy);\n    return 0;\n}\n', 'hs_5_1', 0, 'X3025'),
    ('float4 main() : sv_target\n{\n    func();\n    return 0;\n}\nvoid func()\n{\n}\n', 'hs_5_1', 0, 'X3004'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\n    [maxvertexcount(4)]\nvoid main(inout TriangleStream<gs_data> vout[1], point gs_data vin[1])\n{\n}\n', 'ps_4_1', 0, 'X3514'),
    ('struct gs_data\n{\n    float4 pos : SV_POSITION;\n};\nstruct s1\n{\n    TriangleStream<gs_data> so;\n};\nstruct s2\n{\n    struct s1 s;\n};\n    [maxvertexcount(4)]\nvoid main(inout struct s2 vout[1], point gs_data vin[1])\n{\n}\n', 'vs_5_1', 0, 'X3514'),
    ('/* Expressions with side effects are forbidden in attributes (but not if the\n * attribute is ignored). */\nstatic int x = 1;\n    [numthreads(x++, 1, 1)]\nvoid main() {}\n', 'ps_5_1', 0, 'ok'),
    ('static int x = 1;\n    [numthreads(++x, 1, 1)]\nvoid main() {}\n', 'ps_5_1', 0, 'ok'),
    ('static int x = 1;\n    [numthreads((x = 2), 1, 1)]\nvoid main() {}\n', 'hs_5_0', 0, 'X3084'),
    ('struct\n{\n     Texture2D tex;\n     sampler sam;\n} foo : register(t1);\nfloat4 main() : sv_target\n{\n    return foo.tex.Sample(foo.sam, float2(0.4, 0));\n}\n', 'ds_5_1', 0, 'X3084'),
    ('uint4 v;\nfloat4 main() : sv_target\n{\n    float4 c = {1.0, 2.0, 3.0, 4.0};\n    uint a = 1;\n    switch (v.x)\n    {\n    case 1+a:\n        c += 0.1f;\n        break;\n    case 0:\n        c += 0.2f;\n        break;\n    }\n    return c;\n}\n', 'gs_4_1', 0, 'X3020'),
    ('Texture2D t;\nTexture3D u;\nfloat4 main() : sv_target\n{\n    0 ? t : u;\n    return 0;\n}\n', 'hs_5_1', 0, 'X3020'),
    ('RWBuffer<uint1> u : register(u1);\n    [numthreads(3, 1, 1)]\nvoid main()\n{\n    InterlockedAdd(u[0], 1);\n}\n', 'gs_4_1', 0, 'X3013'),
    ('struct D { float4 pos : SV_POSITION; };\nvoid main(inout TriangleStream<D> s) { }', 'vs_5_0', 0, 'X3514'),
    ('struct D { float4 pos : SV_POSITION; };\nfloat4 main(float4 p : POSITION, inout PointStream<D> s) : SV_POSITION { return p; }', 'vs_5_0', 0, 'X3514'),
    ('struct D { float4 pos : SV_POSITION; };\nfloat4 main(inout PointStream<D> s, float4 p) : SV_POSITION { return p; }', 'vs_5_0', 0, 'X3514'),
    ('struct D { float4 pos : SV_POSITION; };\nfloat4 main(float4 p, inout PointStream<D> s) : SV_POSITION { return p; }', 'vs_5_0', 0, 'X3502'),
    ('struct D { float4 pos : SV_POSITION; };\nfloat4 main(PointStream<D> s) : SV_POSITION { return 0; }', 'vs_5_0', 0, 'X3514'),
    ('struct D { float4 pos : SV_POSITION; };\nfloat4 main(out PointStream<D> s) : SV_POSITION { return 0; }', 'vs_5_0', 0, 'X3514'),
    ('struct D { float4 pos : SV_POSITION; };\nstruct S { PointStream<D> s; }; float4 main(inout S s) : SV_POSITION { return 0; }', 'vs_5_0', 0, 'X3514'),
    ('struct D { float4 pos : SV_POSITION; };\nfloat4 main(inout PointStream<D> s) : SV_POSITION { return undeclared; }', 'vs_5_0', 0, 'X3004'),
    ('static const float4 main() : SV_TARGET { float2 b = 0; dst(b, b); return 1; }', 'ps_5_0', 0, 'X3013'),
    ('float4 main2() : SV_TARGET { float2 b = 0; dst(b, b); return 1; }', 'ps_5_0', 0, 'X3013'),
    ('float4 main();\nfloat4 f() { float2 b = 0; dst(b, b); return 1; }', 'ps_5_0', 0, 'X3013'),
    ('static float4 main() : SV_TARGET { return undeclared; }', 'ps_5_0', 0, 'X3004'),
    ('static float4 main() : SV_TARGET { int x; x.y = 1; return 1; }', 'vs_5_0', 0, 'X3018'),
]

#: (source, target, flags, fxc's verdict): a function returning ConstantBuffer<S> / TextureBuffer<S> at 5.1: each value return X3017 as a type rule of the body, called or not; a prototype or a body without return compiles
CB_RETURN_ROWS = [
    ('struct s { float4 m; };\nConstantBuffer<s> func(s arg) { return arg; }\nfloat4 main() : sv_target { return 0; }', 'ps_5_1', 0, 'X3017'),
    ('struct s { float4 m; };\nConstantBuffer<s> func() { return 1; }\nfloat4 main() : sv_target { return 0; }', 'ps_5_1', 0, 'X3017'),
    ('struct s { float4 m; };\nConstantBuffer<s> func() { }\nfloat4 main() : sv_target { return 0; }', 'ps_5_1', 0, 'ok'),
    ('struct s { float4 m; };\nConstantBuffer<s> func();\nfloat4 main() : sv_target { return 0; }', 'ps_5_1', 0, 'ok'),
    ('struct s { float4 m; };\nConstantBuffer<s> func(s arg) { return undeclared; }\nfloat4 main() : sv_target { return 0; }', 'ps_5_1', 0, 'X3004'),
    ('struct s { float4 m; };\nTextureBuffer<s> func(s arg) { return arg; }\nfloat4 main() : sv_target { return 0; }', 'ps_5_1', 0, 'X3017'),
    ('struct s { float4 m; };\nConstantBuffer<s> func(s arg) { return arg; } float4 g = 1 + undeclared2;\nfloat4 main() : sv_target { return 0; }', 'ps_5_1', 0, 'X3017'),
]

#: (source, target, flags, fxc's verdict): rows that kill hand mutants the first draw left alive (a uniform stream parameter compiles outside gs; a hull entry without outputcontrolpoints before a binding's X4019)
KILL_ROWS = [
    ('struct D { float4 pos : SV_POSITION; };\nfloat4 main(uniform PointStream<D> s) : SV_POSITION { return 0; }', 'vs_5_0', 0, 'ok'),
    ('struct D { float4 pos : SV_POSITION; };\nfloat4 main(uniform PointStream<D> s, inout PointStream<D> t) : SV_POSITION { return 0; }', 'vs_5_0', 0, 'X3514'),
    ('struct data { float4 val : VAL; };\nstruct pcd { float edges[2] : SV_TessFactor; };\npcd patch_constant() { return (pcd)0; }\nTexture2D t : register(t1);\nsampler s : register(t1);\n[partitioning("integer")] [outputtopology("point")] [patchconstantfunc("patch_constant")]\ndata main(InputPatch<data, 2> p) { return p[0] + float2(1,2); }\n', 'hs_5_0', 0, 'X3022'),
    ('cbuffer buffer { float c : packoffset(c0); float4 a[2] : packoffset(c1); float4 b[2] : packoffset(c2); }\nstruct data { float4 val : VAL; };\nstruct pcd { float edges[2] : SV_TessFactor; };\npcd patch_constant() { return (pcd)0; }\nTexture2D t : register(t1);\nsampler s : register(t1);\n[domain("isoline")] [partitioning("integer")] [outputtopology("point")] [patchconstantfunc("patch_constant")]\ndata main(InputPatch<data, 2> p) { data o = p[0]; o.val += a[1] + b[0] + c; return o; }\n', 'hs_5_0', 0, 'X3084'),
    ('cbuffer buffer { float c : packoffset(c0); float4 a[2] : packoffset(c1); float4 b[2] : packoffset(c2); }\nstruct data { float4 val : VAL; };\nstruct pcd { float edges[2] : SV_TessFactor; };\npcd patch_constant() { return (pcd)0; }\nTexture2D t : register(t1);\nsampler s : register(t1);\n[domain("isoline")] [partitioning("integer")] [outputcontrolpoints(2)] [outputtopology("point")] [patchconstantfunc("patch_constant")]\ndata main(InputPatch<data, 2> p) { data o = p[0]; o.val += a[1] + b[0] + c; return o; }\n', 'hs_5_0', 0, 'X4019'),
    ('cbuffer buffer { float c : packoffset(c0); float4 a[2] : packoffset(c1); float4 b[2] : packoffset(c2); }\nstruct D { float4 p : SV_Position; };\nD main() { D o; o.p = a[1] + b[0] + c; return o; }', 'ds_5_0', 0, 'X3084'),
]

#: (source, target, the constant fxc's listing returns): the overload an in / out pair's call takes (the in one returns 5 / 1, the out one 6 / 2)
CHOICE_ROWS = [
    ('float f(int x) { return 5; } float f(out int x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(u); return r; }', 'ps_5_0', 5),
    ('float f(uint x) { return 5; } float f(out uint x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(i); return r; }', 'ps_5_0', 6),
    ('float f(float x) { return 5; } float f(out float x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(h); return r; }', 'ps_5_0', 5),
    ('float f(float x) { return 5; } float f(out float x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(d); return r; }', 'ps_5_0', 6),
    ('float f(float2 x) { return 5; } float f(out float2 x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(r); return r; }', 'ps_5_0', 5),
    ('float f(float x) { return 5; } float f(out float x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(r2); return r; }', 'ps_5_0', 5),
    ('float f(int x) { return 5; } float f(out int x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(b); return r; }', 'ps_5_0', 6),
    ('float f(float x) { return 5; } float f(out float x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(i2); return r; }', 'ps_5_0', 5),
    ('float f(float2 x) { return 5; } float f(out float2 x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { float r = v.x; int i = v.y; uint u = v.z; bool b = v.w; half h = v.x; double d = v.x; min16float m = v.x; float2 r2 = v.xy; int2 i2 = v.xy; r = f(i2); return r; }', 'ps_5_0', 6),
    ('float4 func(out uint x) { x = 1; return 2.0; } float4 func(min16int x) { return 1.0; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { int i = v.x; uint u = v.y; float r = v.z; return func(i + 1); }', 'ps_5_0', 1),
    ('float4 func(out uint x) { x = 1; return 2.0; } float4 func(min16int x) { return 1.0; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { int i = v.x; uint u = v.y; float r = v.z; return func(int(0) + 0); }', 'ps_5_0', 1),
    ('float4 func(out uint x) { x = 1; return 2.0; } float4 func(min16int x) { return 1.0; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { int i = v.x; uint u = v.y; float r = v.z; return func(1 + 1); }', 'ps_5_0', 1),
    ('float4 func(out uint x) { x = 1; return 2.0; } float4 func(min16int x) { return 1.0; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { int i = v.x; uint u = v.y; float r = v.z; return func(-1); }', 'ps_5_0', 1),
    ('float4 func(out uint x) { x = 1; return 2.0; } float4 func(min16int x) { return 1.0; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { int i = v.x; uint u = v.y; float r = v.z; return func(int(i)); }', 'ps_5_0', 2),
    ('float4 func(out uint x) { x = 1; return 2.0; } float4 func(min16int x) { return 1.0; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { int i = v.x; uint u = v.y; float r = v.z; return func(int1(0)); }', 'ps_5_0', 1),
    ('float func(float x) { return 5; } float func(out float x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { int i = v.x; uint u = v.y; float r = v.z; return func(float(1)); }', 'ps_5_0', 5),
    ('float func(float x) { return 5; } float func(out float x) { x = 1; return 6; }\nfloat4 main(float4 v : TEXCOORD) : sv_target { int i = v.x; uint u = v.y; float r = v.z; return func(1.0 + 1); }', 'ps_5_0', 5),
]

ALL_ROWS = UAV_MEMBER_ROWS + STATIC_MIX_ROWS + OUT_OVERLOAD_ROWS + STAGE_ROWS + CB_RETURN_ROWS + KILL_ROWS


@pytest.mark.parametrize(("src", "target", "flags", "expected"), ALL_ROWS)
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, expected: str) -> None:
    assert _verdict(src, target, flags) == expected


@pytest.mark.parametrize(("src", "target", "value"), CHOICE_ROWS)
def test_overload_fxc_takes(src: str, target: str, value: int) -> None:
    blob = bytes(dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0))
    text = bytes(dc.D3DDisassemble(blob, len(blob), 0, None)).rstrip(b"\0").decode()
    assert re.findall(r"mov o0\.xyzw, l\((\d+)\.", text) == [str(value)]
