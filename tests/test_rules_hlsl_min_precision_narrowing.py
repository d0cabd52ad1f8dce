"""X3205 "conversion from larger type to smaller, possible loss of data" between two minimum-precision types
(shader/hlsl/precision.py). Expected verdicts: fxc's, as recorded per assignment in DXC's SemaHLSL
scalar-assignments-exact-precision.hlsl (``<left> l; <right> r; l = r;`` with ``fxc-warning {{X3205: …}}``
or ``fxc-pass {{}}``) for the 25 ordered pairs of min16float, min10float, min16int, min12int and min16uint:
a warning exactly when the right side has more precision (MicrosoftDocs "Scalar Types": 16 > 12 > 10 bits).
An explicit cast is no implicit conversion and never warns."""

from __future__ import annotations

import re

import pytest

from pyd3d11.d3dcompiler import D3DCompile

MIN_TYPES = ("min16float", "min10float", "min16int", "min12int", "min16uint")

#: (left, right) pairs fxc warns on (the record's X3205 lines among the min-precision pairs); every other pair
#: of MIN_TYPES is an fxc-pass line
FXC_WARNS = {
    ("min10float", "min16float"), ("min10float", "min16int"), ("min10float", "min12int"),
    ("min10float", "min16uint"),
    ("min12int", "min16float"), ("min12int", "min16int"), ("min12int", "min16uint"),
}


def _messages(src: str) -> str:
    errs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0, errs)
    return "".join(e if isinstance(e, str) else bytes(e).decode() for e in errs)


@pytest.mark.parametrize("left", MIN_TYPES)
@pytest.mark.parametrize("right", MIN_TYPES)
def test_assignment_between_min_precision_types(left, right):
    src = f"{right} r;\nfloat4 main() : SV_Target {{ {left} l; l = r; return l; }}"
    text = _messages(src)
    if (left, right) in FXC_WARNS:
        assert re.search(r"t\.hlsl\(2,\d+\): warning X3205: conversion from larger type to smaller, possible loss of data",
                         text)
    else:
        assert "X3205" not in text


@pytest.mark.parametrize("left", MIN_TYPES)
@pytest.mark.parametrize("right", MIN_TYPES)
def test_explicit_cast_never_warns(left, right):
    assert "X3205" not in _messages(f"{right} r;\nfloat4 main() : SV_Target {{ {left} l = ({left})r; return l; }}")
