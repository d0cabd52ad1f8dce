"""Accept/reject rules found by judging DXC's test corpora with Microsoft's own compiler, round 4 (session 40,
helper ACC; issue 15): the corpus differential (``python -m pyd3d11.tools.dxc_corpus --real``) and the per-line
run of DXC's SemaHLSL tests (``python -m pyd3d11.tools.dxc_sema_lines``: every line a test marks as an error
restored alone into a base program fxc compiles, judged by fxc and by this compiler).

Every expected verdict (``ok`` or fxc's first error number) in tests/data/fxc10_verdicts_acc40.json was recorded
from d3dcompiler_47 10.1 under Wine (``pyd3d11.tools.wine_d3dcompiler``) for the programs the generators below
build; the rows cover each rule's extent, not only the lines that showed it:

* compound bit operators: ``b op= x`` with ``op`` one of ``& | ^ << >>`` checks the operands' common type before
  the bool l-value: ``bools <<= floats`` is X3082 "int or unsigned int type required", ``bools <<= ints`` and
  ``bools += floats`` X3020 "operator cannot be used with a bool lvalue" (DXC scalar-operators-assign).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError
from pyd3d11.tools import wine_d3dcompiler

DATA = Path(__file__).parent / "data" / "fxc10_verdicts_acc40.json"


def _verdict(src: str, target: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)
        return "ok"
    except ShaderCompileError as e:
        m = re.search(r"error (X\d{4})", e.errors or str(e))
        return m.group(1) if m else "fail"


# --- compound bit operators on bool targets --------------------------------------------------------------------
_PS = "float4 main(float4 v : A, int4 iv : B, uint4 uv : C) : SV_Target {{ {body} return v; }}"
_TARGETS = {"bool": "bool t = v.x;", "bool2": "bool2 t = v.xy;", "bool2x2": "bool2x2 t = (bool2x2)v;",
            "int": "int t = iv.x;", "uint2": "uint2 t = uv.xy;", "float": "float t = v.x;"}
_RIGHTS = {"float": "v.y", "half": "(half)v.y", "double": "(double)v.y", "min16float": "min16float(v.y)",
           "lit_float": "1.5", "int": "iv.y", "uint": "uv.y", "bool": "true", "lit_int": "2",
           "float2": "v.xy", "float4": "v", "int2": "iv.xy", "float2x2": "(float2x2)v"}


def compound_rows() -> list[tuple[str, str, str]]:
    rows = []
    for tn, decl in _TARGETS.items():
        for op in ("&=", "|=", "^=", "<<=", ">>=", "+=", "%="):
            for rn, rhs in _RIGHTS.items():
                if tn not in ("bool", "bool2") and rn not in ("float", "int", "lit_float", "float2"):
                    continue
                name = f"compound_{tn}_{op[:-1]}_{rn}".replace("<<", "shl").replace(">>", "shr") \
                    .replace("&", "and").replace("|", "or").replace("^", "xor").replace("+", "add").replace("%", "mod")
                rows.append((name, "ps_5_0", _PS.format(body=f"{decl} t {op} {rhs}; v.x += (float)t;"
                                                    if tn in ("bool", "int", "float") else f"{decl} t {op} {rhs};")))
    # the same statement folded on constants (the l-value is a static const) and in a function nothing calls
    rows += [("compound_static_const_bool_shl_float", "ps_5_0",
              "static const bool k = true; float4 main(float4 v : A) : SV_Target { k <<= 1.5; return v; }"),
             ("compound_uncalled_bool_and_float", "ps_5_0",
              "void f(float x) { bool b = x; b &= x; } float4 main(float4 v : A) : SV_Target { return v; }")]
    return rows


def all_rows() -> list[tuple[str, str, str]]:
    rows = compound_rows()
    assert len({r[0] for r in rows}) == len(rows), "row names are the recorded table's keys"
    return rows


#: rows where this compiler still differs from fxc (strict xfails)
KNOWN_DIFFERENCES: frozenset[str] = frozenset()


def _recorded() -> dict[str, str]:
    return json.loads(DATA.read_text())


def _params():
    rec = _recorded()
    out = []
    for name, target, src in all_rows():
        marks = [pytest.mark.xfail(strict=True, reason="known difference")] if name in KNOWN_DIFFERENCES else []
        out.append(pytest.param(src, target, rec.get(name, "?"), id=name, marks=marks))
    return out


@pytest.mark.parametrize("src, target, expected", _params())
def test_verdict_matches_fxc(src, target, expected):
    assert _verdict(src, target) == expected


def test_every_row_has_a_recorded_verdict():
    assert {r[0] for r in all_rows()} == set(_recorded())


def record(real) -> dict[str, str]:
    """Every row's verdict from the live DLL (``real``: a WineD3DCompiler)."""
    out = {}
    for name, target, src in all_rows():
        r = real.compile(src, target, "main", 0, 0, None, "t.hlsl")
        m = re.search(r"error (X\d{4})", r.messages)
        out[name] = "ok" if r.ok else (m.group(1) if m else "fail")
    return out


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_verdicts_match_the_live_dll():
    """Re-records every row with the live d3dcompiler_47.dll ($PYD3D11_D3DCOMPILER_DLL)."""
    rec = _recorded()
    got = record(wine_d3dcompiler.shared())
    assert {k: v for k, v in got.items() if rec.get(k) != v} == {}
