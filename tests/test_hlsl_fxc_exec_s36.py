"""Run-time agreement with the real fxc's objects (issue 15, session 36, helper EXEC).

The expected columns are d3dcompiler_47 10.1's: conversion mnemonics recorded from Microsoft's DLL run under Wine
(tools/wine_d3dcompiler) in session 36, and values computed here in numpy from the instructions those listings
show, with the D3D11.3 functional spec's conversion rules (section 3.1.x: float-to-integer conversion truncates,
NaN becomes 0, values outside the range saturate; ``round_z`` rounds toward zero and keeps NaN and -0).

1. A float/integer conversion and its inverse (convpairs.py): with refactoring allowed (no /Od, no IEEE
   strictness) fxc writes ``(float)(int)x`` as one ``round_z x`` -- scalars, vectors, swizzles, through
   temporaries, across an ``if``, out of a loop, with the source's float modifiers and the ``itof``'s saturate --
   and ``(int)(float)i`` / ``(uint)(float)u`` as ``i`` / ``u``. A ``uint`` in the middle, an integer negate
   between the two, a saturate between ``itof`` and ``ftoi``, /Od and IEEE strictness keep both conversions.
   MicrosoftDocs (direct3dhlsl round_z / dx-graphics-hlsl-casting) say nothing of this; the rule is the DLL's.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import wine_d3dcompiler

_LIVE = wine_d3dcompiler.unavailable_reason()
_OD, _IEEE = 1 << 2, 1 << 13  # D3DCOMPILE_SKIP_OPTIMIZATION, D3DCOMPILE_IEEE_STRICTNESS

_NAN = float("nan")
#: the float input a, per component: a small negative (ftoi: 0, round_z: -0), NaN, a value past 2^31, -2.7
_A = np.array([-0.5, _NAN, 3.0e9, -2.7], np.float32)
#: the integer input i: 2^24 + 1 (itof rounds it), -5, INT_MAX, 0
_I = np.array([16777217, -5, 2147483647, 0], np.int64).astype(np.uint32)


# --- independent D3D11.3 conversions (numpy) -----------------------------------------------------------------
def ftoi(x: np.ndarray) -> np.ndarray:
    """float -> int: truncation, NaN -> 0, saturation at INT_MIN / INT_MAX."""
    x = np.asarray(x, np.float64)
    t = np.trunc(np.nan_to_num(x, nan=0.0))
    return np.clip(t, -2.0 ** 31, 2.0 ** 31 - 1).astype(np.int64)


def ftou(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    t = np.trunc(np.nan_to_num(x, nan=0.0))
    return np.clip(t, 0, 2.0 ** 32 - 1).astype(np.int64)


def itof(i: np.ndarray) -> np.ndarray:
    return np.asarray(i, np.int64).astype(np.float32)  # round to nearest even


def round_z(x: np.ndarray) -> np.ndarray:
    return np.trunc(np.asarray(x, np.float32))  # keeps NaN, -0 and the value


def _f(v) -> np.ndarray:
    """Float words (uint32) of float values."""
    return np.asarray(v, np.float32).view(np.uint32)


def _w(v) -> np.ndarray:
    """Integer words (uint32) of integer values."""
    return (np.asarray(v, np.int64) & 0xFFFFFFFF).astype(np.uint32)


_SI = _I.view(np.int32).astype(np.int64)  # i as signed values
_U = _I.astype(np.int64)  # i as unsigned values

#: (name, body of ``uint4 main(float4 a : A, int4 i : I)``, fxc 10.1's conversion mnemonics with refactoring
#: allowed and at /Od -- the kinds, not the counts: the two compilers split vectors differently -- (IEEE strictness gives
#: /Od's with [precise]), expected words refactored, at /Od)
PAIRS = [
    ("vector", "return asuint((float4)(int4)a);", ["round_z"], ["ftoi", "itof"],
     _f(round_z(_A)), _f(itof(ftoi(_A)))),
    ("swizzle", "return asuint((float4)(int4)a.wzyx);", ["round_z"], ["ftoi", "itof"],
     _f(round_z(_A[::-1])), _f(itof(ftoi(_A[::-1])))),
    ("temporary", "int4 k = (int4)a; float4 f = k; return asuint(f);", ["round_z"], ["ftoi", "itof"],
     _f(round_z(_A)), _f(itof(ftoi(_A)))),
    ("negated source", "return asuint((float4)(int4)(-a));", ["round_z"], ["ftoi", "itof"],
     _f(round_z(-_A)), _f(itof(ftoi(-_A)))),
    ("abs source", "return asuint((float4)(int4)abs(a));", ["round_z"], ["ftoi", "itof"],
     _f(round_z(np.abs(_A))), _f(itof(ftoi(np.abs(_A))))),
    ("cbuffer-free product", "return asuint((float4)(int4)(a * 0.5));", ["round_z"], ["ftoi", "itof"],
     _f(round_z(_A * np.float32(0.5))), _f(itof(ftoi(_A * np.float32(0.5))))),
    ("lanes of two variables", "int2 k = int2((int)a.x, (int)a.z); return asuint(float4(k, 1, 1));",
     ["round_z"], ["ftoi", "itof"],
     _f([*round_z(_A[[0, 2]]), 1, 1]), _f([*itof(ftoi(_A[[0, 2]])), 1, 1])),
    ("inside an if", "float4 r = 7; int4 k = (int4)a; if (i.w == 0) r = (float4)k; return asuint(r);",
     ["round_z"], ["ftoi", "itof"], _f(round_z(_A)), _f(itof(ftoi(_A)))),
    ("inside a loop", "float4 r = 7; int4 k = (int4)a; for (int j = 0; j <= i.w; j++) r = (float4)k; "
     "return asuint(r);", ["round_z"], ["ftoi", "itof"], _f(round_z(_A)), _f(itof(ftoi(_A)))),
    ("source rewritten", "float4 x = a * 2; int4 k = (int4)x; x = a; return asuint(x.x < 0 ? (float4)k : x);",
     None, None, _f(round_z(_A * 2)), _f(itof(ftoi(_A * 2)))),
    ("twice", "return asuint((float4)(int4)(float4)(int4)a);", ["round_z"], ["ftoi", "itof", "ftoi", "itof"],
     _f(round_z(_A)), _f(itof(ftoi(_A)))),
    ("integer negate between", "return asuint((float4)(-(int4)a));", ["ftoi", "itof"], ["ftoi", "itof"],
     _f(itof(-ftoi(_A))), _f(itof(-ftoi(_A)))),
    ("uint between", "return asuint((float4)(uint4)a);", ["ftou", "utof"], ["ftou", "utof"],
     _f(itof(ftou(_A))), _f(itof(ftou(_A)))),
    ("ftou then itof", "return asuint((float4)(int4)(uint4)a);", ["ftou", "itof"], ["ftou", "itof"],
     _f(itof(ftou(_A).astype(np.uint32).view(np.int32))), _f(itof(ftou(_A).astype(np.uint32).view(np.int32)))),
    ("int through float", "return asuint((int4)(float4)i);", [], ["itof", "ftoi"], _w(_SI), _w(ftoi(itof(_SI)))),
    ("uint through float", "return (uint4)(float4)asuint(i);", [], ["utof", "ftou"], _w(_U), _w(ftou(itof(_U)))),
    ("uint through float to int", "return asuint((int4)(float4)asuint(i));", ["utof", "ftoi"], ["utof", "ftoi"],
     _w(ftoi(itof(_U))), _w(ftoi(itof(_U)))),
    ("int through float to uint", "return (uint4)(float4)i;", ["itof", "ftou"], ["itof", "ftou"],
     _w(ftou(itof(_SI))), _w(ftou(itof(_SI)))),
    ("saturate between", "return asuint((int4)saturate((float4)i));", ["itof", "ftoi"], ["itof", "ftoi"],
     _w(ftoi(np.clip(itof(_SI), 0, 1))), _w(ftoi(np.clip(itof(_SI), 0, 1)))),
]

_SRC = "uint4 main(float4 a : A, int4 i : I) : SV_Target {{ {body} }}"
_CONVERSIONS = ("round_z", "ftoi", "itof", "ftou", "utof")


def _compile(body: str, flags: int) -> bytes:
    from pyd3d11.shader.blob import blob_bytes

    return bytes(blob_bytes(D3DCompile(_SRC.format(body=body), None, "t.hlsl", None, None, "main", "ps_5_0", flags)))


def _run(blob: bytes) -> np.ndarray:
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.tools.optdiff import _program

    inputs = np.zeros((32, 1, 4), np.uint32)  # (register, lane, component): one lane, v0 = a, v1 = i
    inputs[0, 0] = _A.view(np.uint32)
    inputs[1, 0] = _I
    return run_program(_program(blob), 1, inputs=inputs, bindings=Bindings()).outputs[0][0].astype(np.uint32)


def _conversions(blob: bytes) -> list[str]:
    """The conversion mnemonics of a program, in order (``round_z_sat`` counts as ``round_z``)."""
    from pyd3d11.shader.compiler_tools import disassemble_with_flags

    ops = [ln.split()[0] for ln in disassemble_with_flags(blob, 0, None).splitlines() if ln.strip()
           and not ln.startswith("//")]
    return [op.removesuffix("_sat") for op in ops if op.removesuffix("_sat") in _CONVERSIONS]


@pytest.mark.parametrize(("name", "body", "fxc_ops", "fxc_od_ops", "folded", "kept"), PAIRS,
                         ids=[p[0] for p in PAIRS])
def test_conversion_pairs(name, body, fxc_ops, fxc_od_ops, folded, kept):
    """Values: refactored as fxc's round_z / identity, at /Od and IEEE strictness as the two conversions."""
    blob = _compile(body, 0)
    assert list(_run(blob)) == list(folded), name
    if fxc_ops is not None:
        assert set(_conversions(blob)) == set(fxc_ops), name
    for flags in (_OD, _IEEE):
        blob = _compile(body, flags)
        assert list(_run(blob)) == list(kept), (name, hex(flags))
        if fxc_od_ops is not None:
            assert set(_conversions(blob)) == set(fxc_od_ops), (name, hex(flags))


def test_conversion_rows_tell_the_two_apart():
    """Every folding row's inputs separate round_z from the pair (else the row would test nothing)."""
    for name, _body, fxc_ops, fxc_od_ops, folded, kept in PAIRS:
        if fxc_ops != fxc_od_ops:
            assert list(folded) != list(kept), name


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
def test_conversion_pairs_against_the_live_dll():
    """fxc's own objects of the same shaders: the recorded mnemonics, and the recorded values on the executor."""
    real = wine_d3dcompiler.shared()
    for name, body, fxc_ops, fxc_od_ops, folded, kept in PAIRS:
        for flags, ops, want in ((0, fxc_ops, folded), (_OD, fxc_od_ops, kept)):
            got = real.compile(_SRC.format(body=body), "ps_5_0", "main", flags)
            assert got.ok, (name, got.messages)
            if ops is not None:
                assert set(_conversions(got.blob)) == set(ops), (name, flags)
            assert list(_run(got.blob)) == list(want), (name, flags)
