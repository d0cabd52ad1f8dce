"""Run-time values as fxc's objects compute them -- round 7: integer literals and integer constants (issue 15,
session 45, helper MRUN).

Every expected word here is d3dcompiler_47 10.1's (Microsoft's DLL under Wine, tools/wine_d3dcompiler), recorded in
session 45 from its objects run on the reference executor (``data/hlsl_values_s45.json``: the body of a cs_5_0
entry storing ``u[0]`` of a ``RWStructuredBuffer<uint>``, constant buffer words ``cbuffer``, fxc's stored word; 200
rows; words compared exactly). Three rules:

1. **A hexadecimal or octal literal is a ``uint``** (parse_exprs.parse_primary), not an adaptable literal int:
   ``-0x1 > 0`` is true (fxc warns X3092 "unary negate of unsigned value is still unsigned"), ``c.x / 0x2`` of an
   int ``c.x`` is ``ushr``, ``max(c.x, 0x0)`` umax, ``firstbithigh(0xFFFFFFFF)`` 31 (firstbit_hi, not _shi),
   ``asuint(float(0x80000000))`` 0x4f000000, ``f(0x1)`` picks ``f(uint)`` over ``f(int)`` (a decimal ``f(1)`` is
   X3067). Except with an ``l`` suffix and no ``u`` (``0xFFFFFFFFL`` is -1, ``f(0x1L)`` X3067) and an octal
   spelling of zero (``00 - 1`` is -1, ``f(00)`` X3067; ``0x0 - 1`` is 0xFFFFFFFF).
2. **Integer ``+ - *`` of front-end constants fold in double** (intfold.fold_binary): an int result converts back
   through the 32-bit signed conversion (out of range: 0x80000000 -- ``2147483647 * 2``, ``65537 * 65537``), a uint
   one through the 64-bit conversion (the double's rounding: ``123456789u * 987654321u`` 0xfbff5380; 2^63 or more:
   0). A plain local is the optimiser's wrapping instruction (``int s = 65537; s * s`` 0x00020001), a ``const``
   one and a ``static const`` the front end's.
3. **``-x`` of a uint constant** through the 32-bit signed conversion (intfold.fold_negate, litfold.negate_uint):
   ``-0xFFFFFFFF`` and ``-(-0x1)`` are 0x80000000 (``ineg`` gives 1), ``-0x1 + 0.5`` is 4294967296.0.

The bit operations (firstbithigh / firstbitlow / countbits / reversebits) and half conversions at their edge values
agreed before and are kept as guards (38 rows). Before these rules (the session-start commit 8f577053) 96 of the 200
agreed; after them 200.

``VERDICTS`` (36 programs, fxc's first error or ``ok``): the overload rows of rule 1; **a UAV's size is every
thread's** (races.py): ``s.GetDimensions(n, st); s[40] = uint2(n, st)`` of a RWStructuredBuffer, a
RWByteAddressBuffer's or RWTexture2D's GetDimensions written by all threads compiles (X3583 warning only), where
X3694 was reported here; and **an integer divisor fxc's simplifier proves zero is X4010** (knownzero.py): ``v ^ v``,
``v - v``, ``v & 0``, ``v * 0``, ``0 << v``, ``v & ~v``, ``min(v, 0)``, ``v % 1``, ``countbits(v) * 0``, ``v ^ a.x``
of ``uint v = a.x``, in dead code too; not ``(v ^ v) + 1``, ``(v ^ v) | a.z``, ``min(w, 0)`` of an int, a variable
written twice, a float divisor (16 + 7 rows).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from fxc_record_helpers import store_source

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import optdiff
from pyd3d11.tools.fxc_oracle import _reference_backend

#: the words are stored constants: run once, on the reference executor
pytestmark = pytest.mark.backend_specific

_DATA = json.loads((Path(__file__).parent / "data" / "hlsl_values_s45.json").read_text())
#: (body of a cs_5_0 entry storing u[0], fxc's word)
ROWS: list[tuple[str, int]] = [(b, int(w, 16)) for b, w in _DATA["values"]]
#: (source, target, fxc's first error number or "ok")
VERDICTS: list[tuple[str, str, str]] = [tuple(v) for v in _DATA["verdicts"]]
_CB = "cbuffer C : register(b0) { uint4 a; int4 c; };"
_CHUNK = 48  # stores per program (the executor's structured buffer holds 48 elements)
_GROUPS = [ROWS[i:i + _CHUNK] for i in range(0, len(ROWS), _CHUNK)]


def _words(blob: bytes, n: int) -> list[int]:
    cb = np.zeros(4096 * 4, np.uint32)
    cb[:len(_DATA["cbuffer"])] = _DATA["cbuffer"]
    p = optdiff._program(blob)
    with _reference_backend():
        res = optdiff._run_cs(p, 1, [cb.copy() for _ in range(14)], optdiff._resources([p], 0))
    return [int(w) for w in np.asarray(res["UAV#0 word"]).ravel().view(np.uint32)[:n]]


@pytest.mark.parametrize("group", range(len(_GROUPS)))
def test_integer_values_as_fxc(group: int) -> None:
    rows = _GROUPS[group]
    blob = optdiff._compile(store_source([b for b, _ in rows], _CB, "uint").encode(), "s45.hlsl", "main", "cs_5_0", None, None, 0, True)
    got = _words(blob, len(rows))
    bad = [(b, f"{g:08x}", f"{w:08x}") for (b, w), g in zip(rows, got, strict=True) if g != w]
    assert not bad, bad


def _first_error(src: str, target: str) -> str:
    try:
        D3DCompile(src.encode(), None, "s45.hlsl", None, None, "main", target, 0)
    except ShaderCompileError as e:
        m = re.search(r"error (X\d+)", str(e))
        return m.group(1) if m else str(e)
    return "ok"


@pytest.mark.parametrize(("src", "target", "fxc"), VERDICTS, ids=[f"{t}-{i}" for i, (_, t, _) in enumerate(VERDICTS)])
def test_verdicts_as_fxc(src: str, target: str, fxc: str) -> None:
    assert _first_error(src, target) == fxc


def test_rows_hold_the_measured_figures() -> None:
    """The docstring's figures: 200 value rows, 36 verdicts, no body repeated."""
    assert len(ROWS) == 200 and len({b for b, _ in ROWS}) == 200
    assert len(VERDICTS) == 36
