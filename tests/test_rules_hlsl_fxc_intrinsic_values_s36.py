"""Issue 15 (session 36, helper INTR): pow, length and distance compute what fxc's own object computes.

Expected words recorded from d3dcompiler_47 10.1 under Wine, session 36 (tests/data/fxc10_pow_length_values_s36.json):
fxc's cs_5_0 object for the 347 stores below, run on this project's reference executor with the constant buffer of
sixteen edge values (±0, ±denormal, ±inf, NaN, ±2, ±1e30, ±0.5, 3, ±1). fxc's listings give the rules:

- ``pow(x, y)`` of run-time values is ``log x; mul y; exp`` with no ``abs`` (warning X3571 "pow(f, e) will not
  work for negative f"): any negative base gives NaN, pow(-2, 2) included;
- ``length`` of one component is ``|x|`` and ``distance`` of one-component values ``|b - a|``: no square, so a
  denormal keeps its bits and 1e30 does not overflow to inf.

NaNs compare as NaNs (D3D11 leaves a NaN's sign and payload open).
"""

from __future__ import annotations

import json
import math
import struct
from pathlib import Path

import test_rules_hlsl_fxc_verdicts_intrinsics_rules as R

from pyd3d11.d3dcompiler import D3DCompile

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_pow_length_values_s36.json").read_text())
ROWS: list[list] = DATA["rows"]
EDGES = [0.0, -0.0, 1e-40, -1e-40, math.inf, -math.inf, math.nan, -2.0, 2.0, 1e30, -1e30, 0.5, -0.5, 3.0, 1.0, -1.0]
CB = "cbuffer K : register(b1) { float4 X[4]; };"


def _nan(w: int) -> bool:
    return (w & 0x7F800000) == 0x7F800000 and bool(w & 0x7FFFFF)


def test_pow_length_distance_match_fxc_objects(monkeypatch):
    monkeypatch.setattr(R, "_CB_BYTES", struct.pack("<16f", *EDGES))
    body = "\n".join(f"    o.Store({4 * k}, {e});" for k, (e, _w) in enumerate(ROWS))
    src = f"{CB}\nRWByteAddressBuffer o : register(u0);\n[numthreads(1, 1, 1)] void main() {{\n{body}\n}}\n"
    words = R.run_code(D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0, []), len(ROWS))
    bad = [f"{e}: {int(g):#x}, fxc {w:#x}" for (e, w), g in zip(ROWS, words, strict=True)
           if int(g) != w and not (_nan(int(g)) and _nan(w))]
    assert not bad, "\n".join(bad[:20]) + f"\n({len(bad)} of {len(ROWS)})"


def test_table_covers_the_rules():
    assert len(ROWS) == 347
    by = dict((e, w) for e, w in ROWS)
    assert _nan(by["asuint(pow(X[1].w, X[2].x))"])            # pow(-2, 2) of run-time values: NaN
    assert by["asuint(length(X[0].z))"] == 0x000116C2          # |1e-40|: the denormal's own bits
    assert by["asuint(length(X[2].y))"] == 0x7149F2CA          # |1e30|, no overflow
