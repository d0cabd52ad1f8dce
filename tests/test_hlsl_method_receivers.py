"""A struct method writes the instance it is called on, wherever that instance lives (``receiver.py``): DXC's
CodeGenSPIRV fn.param.isomorphism.hlsl calls a member-incrementing ``incr()`` on an RWStructuredBuffer element,
a groupshared struct and array element, a static struct and array element, and a local struct and array element.

Expected values follow from that definition alone: after ``x.incr()`` (``++a; b += 10;``) the instance ``x`` holds
``a + 1`` and ``b + 10``. Before this rule a UAV or groupshared instance silently kept its old value (the method
wrote a copy) and a literal-indexed element of an array with known-constant elements (a zero-initialised
``static S arr[3]``, ``S f[2] = {…}``) was X3025, its read folded to immediates."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.disasm import disassemble

_STRUCT = """struct S {
  int a; int b;
  void incr() { ++a; b += 10; }
  void set(int v) { a = v; }
  int sum() { return a + b; }
};
RWStructuredBuffer<S> rw : register(u0);
groupshared S gs;
groupshared S gsarr[2];
static S st;
static S starr[3];
struct T { int x; S s; };
groupshared T gt[2];
struct MR { row_major float2x2 m; void set(float a) { m[0] = float2(a, a + 1); m[1] = float2(a + 2, a + 3); } };
struct MC { column_major float2x2 m; void set(float a) { m[0] = float2(a, a + 1); m[1] = float2(a + 2, a + 3); } };
groupshared MR gmr;
groupshared MC gmc;
"""


def _compile(src: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0"))


def _run(body: str) -> list[int]:
    """Runs ``body`` in a one-thread compute shader over ``rw`` (4 elements, zeroed) and returns element 0."""
    from api_compute_kit import dispatch_on_structured_uav

    cs = _compile(_STRUCT + "[numthreads(1, 1, 1)] void main() {\n" + body + "\n}")
    return dispatch_on_structured_uav(cs, 8, 4).view(np.int32)[:2].tolist()


#: (statements; element 0 of ``rw`` afterwards, from the definition: incr() is a += 1, b += 10)
RECEIVERS = [
    ("rw[1].a = 1; rw[1].b = 2; rw[1].incr(); rw[0] = rw[1];", [2, 12]),                 # UAV element
    ("rw[1].a = 2; int k = rw[1].a - 1; rw[k].incr(); rw[k].incr(); rw[0] = rw[1];", [4, 20]),  # run-time index
    ("rw[0].set(7);", [7, 0]),
    ("gs.a = 3; gs.b = 4; gs.incr(); rw[0] = gs;", [4, 14]),                              # groupshared struct
    ("gsarr[1].a = 7; gsarr[1].b = 0; rw[2].a = 1; gsarr[rw[2].a].incr(); rw[0] = gsarr[1];", [8, 10]),
    ("starr[1].incr(); rw[0] = starr[1];", [1, 10]),                                      # static, zeroed
    ("starr[2].set(5); starr[2].incr(); rw[0] = starr[2];", [6, 10]),
    ("st.incr(); st.incr(); rw[0] = st;", [2, 20]),
    ("S f[2] = { 5, 6, 7, 8 }; f[1].incr(); rw[0] = f[1];", [8, 18]),                      # known elements
    ("S f[2] = { 5, 6, 7, 8 }; f[0].incr(); rw[0].a = f[0].a; rw[0].b = f[1].b;", [6, 8]),
    ("S s = { 1, 1 }; s.set(9); rw[0] = s;", [9, 1]),                                      # local
    ("gt[1].x = 4; gt[1].s.a = 1; gt[1].s.b = 1; gt[1].s.incr(); rw[0] = gt[1].s; rw[1].a = gt[1].x;", [2, 11]),
    ("rw[1].a = 5; rw[1].b = 6; rw[0].a = rw[1].sum(); rw[0].b = rw[1].a;", [11, 5]),       # read-only method
    # a matrix member's rows written by the method (DXC groupshared-member-matrix-subscript, both majorities)
    ("gmr.set(1); rw[0].a = (int)(gmr.m[1].x * 10 + gmr.m[0].y); rw[0].b = (int)gmr.m._m11;", [32, 4]),
    ("gmc.set(1); rw[0].a = (int)(gmc.m[1].x * 10 + gmc.m[0].y); rw[0].b = (int)gmc.m._m11;", [32, 4]),
]


@pytest.mark.parametrize(("body", "expect"), RECEIVERS)
def test_a_method_writes_its_instance(body: str, expect: list[int]):
    assert _run(body) == expect


@pytest.mark.backend_independent
def test_a_method_that_writes_nothing_stores_nothing_back():
    """A read-only method on a UAV element loads it and stores nothing: the only store is the explicit one."""
    text = disassemble(_compile(_STRUCT + "[numthreads(1, 1, 1)] void main() { rw[0].a = rw[1].sum(); }"))
    assert sum(ln.strip().startswith("store_structured") for ln in text.splitlines()) == 1, text


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl", [
    "StructuredBuffer<S> ro : register(t0);",   # a read-only resource element
    "cbuffer C { S ro; };",                      # a uniform instance
])
def test_a_writing_method_on_a_read_only_instance_is_x3025(decl: str):
    with pytest.raises(D3D11Error, match="X3025"):
        _compile(_STRUCT + decl + "[numthreads(1, 1, 1)] void main() { ro" + ("[0]" if "Buffer" in decl else "")
                 + ".incr(); }")


@pytest.mark.backend_independent
@pytest.mark.parametrize("method", [
    "int f() { return g + k; }",                                # read in the method itself
    "int f() { return twice() + k; }",                          # through a free function
    "int h() { return g; } int f() { return h() + k; }",        # through another method, unqualified
])
@pytest.mark.parametrize("instance", ["static O o;", "groupshared O o;"])
def test_globals_read_only_inside_methods_are_used(method: str, instance: str):
    """A uniform global read only inside a struct method (or a function it calls) is a used constant: its buffer
    is declared and bound (DXC groupshared-member-matrix-subscript reads a cbuffer array through a method's
    callee; the buffer was left without a register and the assembler raised a raw error)."""
    src = ("int g; int twice() { return 2 * g; }\nstruct O { int k; " + method + " };\n" + instance +
           "\nRWStructuredBuffer<int> out_ : register(u0);\n"
           "[numthreads(1, 1, 1)] void main() { o.k = 1; out_[0] = o.f(); }")
    text = disassemble(_compile(src))
    assert "dcl_constantbuffer cb0[1]" in text, text
