"""Shared runner of the session-18 HLSL rule tables (tests/test_rules_hlsl_*_s18.py): a table of rows, each an
HLSL expression and the value its definition gives, becomes one program whose results are read back and
compared row by row.

* :func:`cs_rows`: a compute shader storing ``asuint(expression)`` per row into a zeroed
  RWStructuredBuffer<uint> (tests/api_compute_kit.py); the program reads one element of that buffer first, a
  zero the compiler cannot know, from which the rows build their run-time operands (``RZ``), so the rows
  measure the executed instructions and not the compiler's constant folding (a second table run with
  literal operands checks the folding against the same values).
* :func:`shader_test_blocks`: shader_test text (FORMAT.md of the shared corpus) run through the project's
  harness (pyd3d11.tools.shader_runner); per probe, the harness's verdict.
"""

from __future__ import annotations

import math
import struct
from typing import Any

import numpy as np
from api_compute_kit import dispatch_on_structured_uav

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import shader_runner as SR
from pyd3d11.tools.shader_test_format import parse_file_text

#: the run-time operands the expression rows use (built from the run-time zero RZ)
FLOAT_OPERANDS = """    float Z = asfloat(RZ), O = 1.0 + Z, M = -1.0 + Z, T = 2.0 + Z;
    float NZ = asfloat(0x80000000u | RZ), DN = asfloat(1u | RZ);
    float INF = asfloat(0x7f800000u | RZ), NAN = asfloat(0x7fc00000u | RZ);
    int IZ = (int)RZ, I1 = 1 + IZ, IM1 = -1 + IZ, IMIN = (int)(0x80000000u | RZ);
    uint UZ = RZ, U1 = 1u + RZ, UMAX = 0xffffffffu | RZ, UTOP = 0x80000000u | RZ;
"""
#: the same operands as literals (what constant folding sees)
FLOAT_LITERALS = """    static const float Z = 0.0, O = 1.0, M = -1.0, T = 2.0;
    static const float NZ = -0.0, DN = asfloat(1u), INF = asfloat(0x7f800000u), NAN = asfloat(0x7fc00000u);
    static const int IZ = 0, I1 = 1, IM1 = -1, IMIN = (int)0x80000000u;
    static const uint UZ = 0u, U1 = 1u, UMAX = 0xffffffffu, UTOP = 0x80000000u;
"""


def f32_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def expected_bits(kind: str, value: Any) -> int:
    """``u``: the uint (an int is taken modulo 2^32); ``f``: the float32's bits."""
    if kind == "u":
        return int(value) & 0xFFFFFFFF
    return f32_bits(float(value))


def cs_program(rows: list[tuple], decls: str = "", pre: str = "", literal: bool = False) -> str:
    n = len(rows)
    body = [f"    u[{i}] = asuint({r[0]});" for i, r in enumerate(rows)]
    return (f"RWStructuredBuffer<uint> u : register(u0);\n{decls}\n[numthreads(1, 1, 1)]\nvoid main()\n{{\n"
            f"    uint RZ = u[{n}];\n{FLOAT_LITERALS if literal else FLOAT_OPERANDS}{pre}" + "\n".join(body) + "\n}\n")


def cs_rows(rows: list[tuple], decls: str = "", pre: str = "", literal: bool = False,
            profile: str = "cs_5_0") -> list[int]:
    """The uint32 each row's expression stored (rows: (expression, kind, value[, ulps]))."""
    src = cs_program(rows, decls, pre, literal)
    blob = D3DCompile(src, None, "rules_s18.hlsl", None, None, "main", profile)
    cs = bytes(blob.GetBufferPointer())[: blob.GetBufferSize()] if hasattr(blob, "GetBufferPointer") else bytes(blob)
    out = dispatch_on_structured_uav(cs, 4, len(rows) + 1)
    return [int(v) for v in np.frombuffer(out.tobytes(), np.uint32)[: len(rows)]]


def row_matches(row: tuple, got: int) -> bool:
    kind, value = row[1], row[2]
    ulps = row[3] if len(row) > 3 else 0
    if kind == "f" and isinstance(value, float) and math.isnan(value):
        return (got & 0x7F800000) == 0x7F800000 and (got & 0x7FFFFF) != 0
    want = expected_bits(kind, value)
    if ulps:
        def mono(b: int) -> int:
            return b if b < 0x80000000 else -(b - 0x80000000)
        return abs(mono(got) - mono(want)) <= ulps
    return got == want


def check_rows(rows: list[tuple], got: list[int]) -> list[str]:
    """The rows whose stored value differs from the definition's, one line each."""
    bad = []
    for r, g in zip(rows, got, strict=True):
        if not row_matches(r, g):
            bad.append(f"{r[0]}: got {g:#010x}, want {expected_bits(r[1], r[2]):#010x} ({r[2]!r})")
    return bad


def shader_test_blocks(text: str, sm: str = "5") -> list[SR.BlockResult]:
    """Every [test] block of ``text`` run through the project's harness at shader model ``sm``."""
    lo, hi = SR.PASSES[sm]
    return SR.run_pass(parse_file_text(text), lo, hi)


def probe_failures(blocks: list[SR.BlockResult]) -> list[str]:
    """Each failed directive (a probe, a draw, a dispatch), with the harness's reason."""
    out = []
    for b in blocks:
        for d in b.directives:
            if d.status != "ok":
                out.append(f"line {d.line}: {d.text}: {d.status} {d.detail}")
        if b.status == "failed" and not b.directives:
            out.append(f"block {b.line}: {b.reason}")
    return out
