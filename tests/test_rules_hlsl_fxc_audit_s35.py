"""Verdicts and error numbers the audit of the tests' fxc expectations settled (issue 15, session 35 AUDIT).

Every expected column in this file was recorded from Microsoft's d3dcompiler_47.dll 10.1 (the Windows 10 SDK's
fxc) under Wine, session 35 (``pyd3d11.tools.wine_d3dcompiler``): "ok" where it compiles, else the first error
number it prints. Each table samples one rule whose earlier tests held a number or verdict fxc does not give:

- UAV_ROWS: UAVs below shader model 5 (check._uav_model_numbers). An append/consume buffer is X3660 "<target>
  does not support interlocked operations" in every 4.x stage; any UAV outside a compute shader X4585 "maximum
  <target> UAV register index (0) exceeded - note that the target doesn't support UAVs"; a typed UAV in cs_4_x
  X3666 "<target> does not support typed UAVs"; an unused one nothing. (X3000 in the earlier tests.)
- HALF_ROWS: a global typed half below shader model 6 is X3650, a constant-buffer member included (a struct
  holding one, an array of half and min16float compile).
- OVERLAP_ROWS: two register(c#) reservations sharing a register when either is read: X4019 "multiple variables
  found with the same user-specified location" at 4.0-5.0 (X3530 before), X4500 "overlapping register semantics
  not yet implemented 'c1'" at ps_3_0.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler

#: (source, target, fxc's verdict): each UAV kind used and unused in every 4.x stage, and at 5.0
UAV_ROWS = [
    ('RWBuffer<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_4_0', 'X4585'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_4_1', 'X4585'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_4_0', 'X4585'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_4_1', 'X4585'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('RWBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[0] = 1; s.Append(v[0]); }', 'gs_4_0', 'X4585'),
    ('RWBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('RWBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[0] = 1; s.Append(v[0]); }', 'gs_4_1', 'X4585'),
    ('RWBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('RWBuffer<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_4_0', 'X3666'),
    ('RWBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('RWBuffer<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_4_1', 'X3666'),
    ('RWBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_5_0', 'ok'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_5_0', 'ok'),
    ('RWBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('RWBuffer<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_5_0', 'ok'),
    ('RWBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_4_0', 'X4585'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_4_1', 'X4585'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_4_0', 'X4585'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_4_1', 'X4585'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('RWTexture1D<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[0] = 1; s.Append(v[0]); }', 'gs_4_0', 'X4585'),
    ('RWTexture1D<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('RWTexture1D<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[0] = 1; s.Append(v[0]); }', 'gs_4_1', 'X4585'),
    ('RWTexture1D<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('RWTexture1D<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_4_0', 'X3666'),
    ('RWTexture1D<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('RWTexture1D<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_4_1', 'X3666'),
    ('RWTexture1D<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_5_0', 'ok'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_5_0', 'ok'),
    ('RWTexture1D<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('RWTexture1D<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_5_0', 'ok'),
    ('RWTexture1D<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Position { u[uint2(0,0)] = 1; return 0; }', 'vs_4_0', 'X4585'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Position { u[uint2(0,0)] = 1; return 0; }', 'vs_4_1', 'X4585'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Target { u[uint2(0,0)] = 1; return 0; }', 'ps_4_0', 'X4585'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Target { u[uint2(0,0)] = 1; return 0; }', 'ps_4_1', 'X4585'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('RWTexture2D<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[uint2(0,0)] = 1; s.Append(v[0]); }', 'gs_4_0', 'X4585'),
    ('RWTexture2D<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('RWTexture2D<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[uint2(0,0)] = 1; s.Append(v[0]); }', 'gs_4_1', 'X4585'),
    ('RWTexture2D<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('RWTexture2D<float> u;\n[numthreads(1,1,1)] void main() { u[uint2(0,0)] = 1; }', 'cs_4_0', 'X3666'),
    ('RWTexture2D<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('RWTexture2D<float> u;\n[numthreads(1,1,1)] void main() { u[uint2(0,0)] = 1; }', 'cs_4_1', 'X3666'),
    ('RWTexture2D<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Position { u[uint2(0,0)] = 1; return 0; }', 'vs_5_0', 'ok'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Target { u[uint2(0,0)] = 1; return 0; }', 'ps_5_0', 'ok'),
    ('RWTexture2D<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('RWTexture2D<float> u;\n[numthreads(1,1,1)] void main() { u[uint2(0,0)] = 1; }', 'cs_5_0', 'ok'),
    ('RWTexture2D<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Position { u[uint3(0,0,0)] = 1; return 0; }', 'vs_4_0', 'X4585'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Position { u[uint3(0,0,0)] = 1; return 0; }', 'vs_4_1', 'X4585'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Target { u[uint3(0,0,0)] = 1; return 0; }', 'ps_4_0', 'X4585'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Target { u[uint3(0,0,0)] = 1; return 0; }', 'ps_4_1', 'X4585'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('RWTexture3D<float4> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[uint3(0,0,0)] = 1; s.Append(v[0]); }', 'gs_4_0', 'X4585'),
    ('RWTexture3D<float4> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('RWTexture3D<float4> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[uint3(0,0,0)] = 1; s.Append(v[0]); }', 'gs_4_1', 'X4585'),
    ('RWTexture3D<float4> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('RWTexture3D<float4> u;\n[numthreads(1,1,1)] void main() { u[uint3(0,0,0)] = 1; }', 'cs_4_0', 'X3666'),
    ('RWTexture3D<float4> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('RWTexture3D<float4> u;\n[numthreads(1,1,1)] void main() { u[uint3(0,0,0)] = 1; }', 'cs_4_1', 'X3666'),
    ('RWTexture3D<float4> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Position { u[uint3(0,0,0)] = 1; return 0; }', 'vs_5_0', 'ok'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Target { u[uint3(0,0,0)] = 1; return 0; }', 'ps_5_0', 'ok'),
    ('RWTexture3D<float4> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('RWTexture3D<float4> u;\n[numthreads(1,1,1)] void main() { u[uint3(0,0,0)] = 1; }', 'cs_5_0', 'ok'),
    ('RWTexture3D<float4> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_4_0', 'X4585'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_4_1', 'X4585'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_4_0', 'X4585'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_4_1', 'X4585'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('RWStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[0] = 1; s.Append(v[0]); }', 'gs_4_0', 'X4585'),
    ('RWStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('RWStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u[0] = 1; s.Append(v[0]); }', 'gs_4_1', 'X4585'),
    ('RWStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('RWStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_4_0', 'ok'),
    ('RWStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('RWStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_4_1', 'ok'),
    ('RWStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Position { u[0] = 1; return 0; }', 'vs_5_0', 'ok'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }', 'ps_5_0', 'ok'),
    ('RWStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('RWStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { u[0] = 1; }', 'cs_5_0', 'ok'),
    ('RWStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Position { u.Store(0, 1); return 0; }', 'vs_4_0', 'X4585'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Position { u.Store(0, 1); return 0; }', 'vs_4_1', 'X4585'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Target { u.Store(0, 1); return 0; }', 'ps_4_0', 'X4585'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Target { u.Store(0, 1); return 0; }', 'ps_4_1', 'X4585'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('RWByteAddressBuffer u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u.Store(0, 1); s.Append(v[0]); }', 'gs_4_0', 'X4585'),
    ('RWByteAddressBuffer u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('RWByteAddressBuffer u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u.Store(0, 1); s.Append(v[0]); }', 'gs_4_1', 'X4585'),
    ('RWByteAddressBuffer u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() { u.Store(0, 1); }', 'cs_4_0', 'ok'),
    ('RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() { u.Store(0, 1); }', 'cs_4_1', 'ok'),
    ('RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Position { u.Store(0, 1); return 0; }', 'vs_5_0', 'ok'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Target { u.Store(0, 1); return 0; }', 'ps_5_0', 'ok'),
    ('RWByteAddressBuffer u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() { u.Store(0, 1); }', 'cs_5_0', 'ok'),
    ('RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Position { u.Append(1); return 0; }', 'vs_4_0', 'X3660'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Position { u.Append(1); return 0; }', 'vs_4_1', 'X3660'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Target { u.Append(1); return 0; }', 'ps_4_0', 'X3660'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Target { u.Append(1); return 0; }', 'ps_4_1', 'X3660'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('AppendStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u.Append(1); s.Append(v[0]); }', 'gs_4_0', 'X3660'),
    ('AppendStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u.Append(1); s.Append(v[0]); }', 'gs_4_1', 'X3660'),
    ('AppendStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('AppendStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { u.Append(1); }', 'cs_4_0', 'X3660'),
    ('AppendStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { u.Append(1); }', 'cs_4_1', 'X3660'),
    ('AppendStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Position { u.Append(1); return 0; }', 'vs_5_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Target { u.Append(1); return 0; }', 'ps_5_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { u.Append(1); }', 'cs_5_0', 'ok'),
    ('AppendStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Position { float c = u.Consume(); return 0; }', 'vs_4_0', 'X3660'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Position { float c = u.Consume(); return 0; }', 'vs_4_1', 'X3660'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Target { float c = u.Consume(); return 0; }', 'ps_4_0', 'X3660'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Target { float c = u.Consume(); return 0; }', 'ps_4_1', 'X3660'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { float c = u.Consume(); s.Append(v[0]); }', 'gs_4_0', 'X3660'),
    ('ConsumeStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { float c = u.Consume(); s.Append(v[0]); }', 'gs_4_1', 'X3660'),
    ('ConsumeStructuredBuffer<float> u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { float c = u.Consume(); }', 'cs_4_0', 'X3660'),
    ('ConsumeStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { float c = u.Consume(); }', 'cs_4_1', 'X3660'),
    ('ConsumeStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Position { float c = u.Consume(); return 0; }', 'vs_5_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Target { float c = u.Consume(); return 0; }', 'ps_5_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { float c = u.Consume(); }', 'cs_5_0', 'ok'),
    ('ConsumeStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Position { u.Store(0, 1); return 0; }', 'vs_4_0', 'X4585'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Position { u.Store(0, 1); return 0; }', 'vs_4_1', 'X4585'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_4_1', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Target { u.Store(0, 1); return 0; }', 'ps_4_0', 'X4585'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Target { u.Store(0, 1); return 0; }', 'ps_4_1', 'X4585'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_4_1', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u.Store(0, 1); s.Append(v[0]); }', 'gs_4_0', 'X4585'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { u.Store(0, 1); s.Append(v[0]); }', 'gs_4_1', 'X4585'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nstruct V { float4 p : SV_Position; }; [maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) {  s.Append(v[0]); }', 'gs_4_1', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() { u.Store(0, 1); }', 'cs_4_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() { u.Store(0, 1); }', 'cs_4_1', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() {  }', 'cs_4_1', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Position { u.Store(0, 1); return 0; }', 'vs_5_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Position {  return 0; }', 'vs_5_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Target { u.Store(0, 1); return 0; }', 'ps_5_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\nfloat4 main() : SV_Target {  return 0; }', 'ps_5_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() { u.Store(0, 1); }', 'cs_5_0', 'ok'),
    ('RWBuffer<float> u2; RWByteAddressBuffer u;\n[numthreads(1,1,1)] void main() {  }', 'cs_5_0', 'ok'),
]

#: (source, target, fxc's verdict): half globals and constant-buffer members
HALF_ROWS = [
    ('cbuffer C { half h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'X3650'),
    ('cbuffer C { half h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'X3650'),
    ('cbuffer C { half h; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'X3650'),
    ('cbuffer C { half h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'X3650'),
    ('cbuffer C { half h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'X3650'),
    ('cbuffer C { half2 h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'X3650'),
    ('cbuffer C { half2 h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'X3650'),
    ('cbuffer C { half2 h; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'X3650'),
    ('cbuffer C { half2 h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'X3650'),
    ('cbuffer C { half2 h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'X3650'),
    ('cbuffer C { half3x3 h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'X3650'),
    ('cbuffer C { half3x3 h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'X3650'),
    ('cbuffer C { half3x3 h; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'X3650'),
    ('cbuffer C { half3x3 h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'X3650'),
    ('cbuffer C { half3x3 h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'X3650'),
    ('cbuffer C { half h[2]; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'ok'),
    ('cbuffer C { half h[2]; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'ok'),
    ('cbuffer C { half h[2]; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'ok'),
    ('cbuffer C { half h[2]; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'ok'),
    ('cbuffer C { half h[2]; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'ok'),
    ('struct S { half a; }; cbuffer C { S s; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'ok'),
    ('struct S { half a; }; cbuffer C { S s; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'ok'),
    ('struct S { half a; }; cbuffer C { S s; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'ok'),
    ('struct S { half a; }; cbuffer C { S s; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'ok'),
    ('struct S { half a; }; cbuffer C { S s; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'ok'),
    ('cbuffer C { min16float h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'ok'),
    ('cbuffer C { min16float h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'ok'),
    ('cbuffer C { min16float h; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'ok'),
    ('cbuffer C { min16float h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'ok'),
    ('cbuffer C { min16float h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'ok'),
    ('tbuffer T { half h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'X3650'),
    ('tbuffer T { half h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'X3650'),
    ('tbuffer T { half h; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'X3650'),
    ('tbuffer T { half h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'X3650'),
    ('tbuffer T { half h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'X3650'),
    ('cbuffer C { float f; half h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'X3650'),
    ('cbuffer C { float f; half h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'X3650'),
    ('cbuffer C { float f; half h; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'X3650'),
    ('cbuffer C { float f; half h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'X3650'),
    ('cbuffer C { float f; half h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'X3650'),
    ('cbuffer C { static half h = 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'X3650'),
    ('cbuffer C { static half h = 1; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'X3650'),
    ('cbuffer C { static half h = 1; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'X3650'),
    ('cbuffer C { static half h = 1; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'X3650'),
    ('cbuffer C { static half h = 1; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'X3650'),
    ('half h;\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'X3650'),
    ('half h;\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'X3650'),
    ('half h;\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'X3650'),
    ('half h;\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'X3650'),
    ('half h;\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'X3650'),
    ('static half h = 1;\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'X3650'),
    ('static half h = 1;\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'X3650'),
    ('static half h = 1;\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'X3650'),
    ('static half h = 1;\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'X3650'),
    ('static half h = 1;\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'X3650'),
    ('cbuffer C { float h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'ok'),
    ('cbuffer C { float h; }\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'ok'),
    ('cbuffer C { float h; }\nfloat4 main() : SV_Position { return 0; }', 'vs_5_0', 'ok'),
    ('cbuffer C { float h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_5_0', 'ok'),
    ('cbuffer C { float h; }\n[numthreads(1, 1, 1)] void main() { }', 'cs_4_0', 'ok'),
]

#: (source, target, fxc's verdict): overlapping register(c#) reservations
OVERLAP_ROWS = [
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : SV_Target { return a + b; }', 'ps_4_0', 'X4019'),
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : SV_Target { return a + b; }', 'ps_5_0', 'X4019'),
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : COLOR { return a + b; }', 'ps_3_0', 'X4500'),
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : SV_Target { return a; }', 'ps_4_0', 'X4019'),
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : SV_Target { return a; }', 'ps_5_0', 'X4019'),
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : COLOR { return a; }', 'ps_3_0', 'ok'),
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : SV_Target { return 0; }', 'ps_4_0', 'ok'),
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : SV_Target { return 0; }', 'ps_5_0', 'ok'),
    ('float a : register(c0); float b : register(c0);\nfloat4 main() : COLOR { return 0; }', 'ps_3_0', 'ok'),
    ('float4 a[2] : register(c0); float b : register(c1);\nfloat4 main() : SV_Target { return a[1] + b; }', 'ps_4_0', 'X4019'),
    ('float4 a[2] : register(c0); float b : register(c1);\nfloat4 main() : SV_Target { return a[1] + b; }', 'ps_5_0', 'X4019'),
    ('float4 a[2] : register(c0); float b : register(c1);\nfloat4 main() : COLOR { return a[1] + b; }', 'ps_3_0', 'X4500'),
    ('float4 a[2] : register(c0); float b : register(c2);\nfloat4 main() : SV_Target { return a[1] + b; }', 'ps_4_0', 'ok'),
    ('float4 a[2] : register(c0); float b : register(c2);\nfloat4 main() : SV_Target { return a[1] + b; }', 'ps_5_0', 'ok'),
    ('float4 a[2] : register(c0); float b : register(c2);\nfloat4 main() : COLOR { return a[1] + b; }', 'ps_3_0', 'ok'),
    ('float4x4 m : register(c0); float b : register(c3);\nfloat4 main() : SV_Target { return m[0] + b; }', 'ps_4_0', 'X4019'),
    ('float4x4 m : register(c0); float b : register(c3);\nfloat4 main() : SV_Target { return m[0] + b; }', 'ps_5_0', 'X4019'),
    ('float4x4 m : register(c0); float b : register(c3);\nfloat4 main() : COLOR { return m[0] + b; }', 'ps_3_0', 'X4500'),
    ('float4x4 m : register(c0); float b : register(c4);\nfloat4 main() : SV_Target { return m[0] + b; }', 'ps_4_0', 'ok'),
    ('float4x4 m : register(c0); float b : register(c4);\nfloat4 main() : SV_Target { return m[0] + b; }', 'ps_5_0', 'ok'),
    ('float4x4 m : register(c0); float b : register(c4);\nfloat4 main() : COLOR { return m[0] + b; }', 'ps_3_0', 'ok'),
]

ROWS = UAV_ROWS + HALF_ROWS + OVERLAP_ROWS


def _verdict(src: str, target: str) -> str:
    try:
        D3DCompile(src, None, "r.hlsl", None, None, "main", target)
        return "ok"
    except D3D11Error as exc:
        codes = re.findall(r"error (X\d+)", getattr(exc, "errors", "") or str(exc))
        return codes[0] if codes else "fail"


@pytest.mark.parametrize("src,target,expected", ROWS)
def test_fxc_verdicts(src: str, target: str, expected: str) -> None:
    assert _verdict(src, target) == expected


@pytest.mark.parametrize("src,target,words", [
    ("RWBuffer<float> u;\nfloat4 main() : SV_Target { u[0] = 1; return 0; }", "ps_4_1",
     "error X4585: maximum ps_4_1 UAV register index (0) exceeded - note that the target doesn't support UAVs"),
    ("RWTexture2D<float> u;\n[numthreads(1,1,1)] void main() { u[uint2(0,0)] = 1; }", "cs_4_0",
     "error X3666: cs_4_0 does not support typed UAVs"),
    ("AppendStructuredBuffer<float> u;\n[numthreads(1,1,1)] void main() { u.Append(1); }", "cs_4_1",
     "error X3660: cs_4_1 does not support interlocked operations"),
    ("cbuffer C { half h; }\nfloat4 main() : SV_Target { return 0; }", "ps_4_0",
     "error X3650: 'h': global variables cannot use the 'half' type in ps_4_0. To treat this variable as a float, "
     "use the backwards compatibility flag."),
    ("float a : register(c0); float b : register(c0);\nfloat4 main() : SV_Target { return a; }", "ps_5_0",
     "error X4019: multiple variables found with the same user-specified location"),
    ("float4 a[2] : register(c0); float b : register(c1);\nfloat4 main() : COLOR { return a[1] + b; }", "ps_3_0",
     "error X4500: overlapping register semantics not yet implemented 'c1'"),
])
def test_fxc_words(src: str, target: str, words: str) -> None:
    with pytest.raises(D3D11Error) as info:
        D3DCompile(src, None, "r.hlsl", None, None, "main", target)
    assert words in info.value.errors


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="needs Wine and d3dcompiler_47.dll")
def test_recorded_rows_are_the_live_dll_answers() -> None:
    real = wine_d3dcompiler.shared()
    for src, target, expected in ROWS:
        r = real.compile(src, target, "main", name="r.hlsl")
        found = re.findall(r"error (X\d+)", r.messages)
        assert ("ok" if r.ok else found[0] if found else "fail") == expected, (src, target)
