"""Methods of class instances held in groupshared memory (HLSL classes: a method reads and writes its object's
members; DXC HLSLFileCheck groupshared-base-cast.hlsl expects the stores 1, 2, 3 through ``gs.u.x = 1``,
``gs.set_u_y(2)`` and an inout ``(Base)gs`` argument):

* a method called on a groupshared instance stores its member writes back to the groupshared memory (they were
  made to a register copy and lost: a silent wrong answer before);
* a groupshared derived instance cast to its base class designates its leading ``$super`` part, so it can be
  passed to an inout parameter of the base type (a derived-to-base re-view, as for register-held values).

Expected words are the stores the sources make, worked out by hand."""

from __future__ import annotations

import pytest
from test_hlsl_dxc_corpus_rules import _run_cs

CLASSES = """
class Base { uint3 u; void set_u_y(uint value) { u.y = value; } uint sum() { return u.x + u.y + u.z; } };
class Derived : Base { float bar; void set_all(uint v) { set_u_y(v); u.x = v + 1; bar = 0.5; } };
void UpdateBase_z(inout Base b, uint value) { b.u.z = value; }
RWByteAddressBuffer RWBuf;
"""


@pytest.mark.parametrize(("body", "want"), [
    # DXC groupshared-base-cast.hlsl's three stores (one thread here)
    ("gs.u = 0; gs.u.x = 1; gs.set_u_y(2); UpdateBase_z((Base)gs, 3); RWBuf.Store3(0, gs.u);", [1, 2, 3, 0]),
    # a method calling an inherited method and writing members of both classes
    ("gs.u = 7; gs.set_all(4); RWBuf.Store4(0, uint4(gs.u, gs.sum()));", [5, 4, 7, 16]),
])
def test_methods_of_a_groupshared_instance_write_back(body, want):
    src = CLASSES + "groupshared Derived gs;\n[numthreads(1, 1, 1)] void main() { " + body + " }"
    assert _run_cs(src) == want


def test_array_element_in_groupshared_memory():
    src = CLASSES + ("groupshared Base ga[2];\n[numthreads(1, 1, 1)] void main() {\n"
                     "ga[0].u = 1; ga[1].u = 2; ga[1].set_u_y(9); RWBuf.Store3(0, ga[1].u); }")
    assert _run_cs(src)[:3] == [2, 9, 2]


def _run_structured(src: str) -> list[int]:
    """Dispatch ``src`` with a 4-element RWStructuredBuffer of 12-byte elements (zeros) at u0; its words."""
    import numpy as np
    from api_compute_kit import dispatch_on_structured_uav

    from pyd3d11.d3dcompiler import D3DCompile

    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    return dispatch_on_structured_uav(cs, 12, 4).view(np.uint32).tolist()


def test_methods_of_an_instance_in_a_uav_write_back():
    """The same rule for an element of a RWStructuredBuffer of a class: ``sb[1].set_u_y(2)`` stores into it."""
    src = ("class Base { uint3 u; void set_u_y(uint value) { u.y = value; } };\n"
           "RWStructuredBuffer<Base> sb;\n[numthreads(1, 1, 1)] void main() { sb[1].set_u_y(2); sb[2].u.x = 5; }")
    assert _run_structured(src) == [0, 0, 0, 0, 2, 0, 5, 0, 0, 0, 0, 0]


def test_method_writing_matrix_rows_of_a_groupshared_instance_from_globals():
    """DXC groupshared-member-matrix-subscript.hlsl's shape: a method passes rows of its matrix member to an
    inout parameter filled from a constant buffer; the rows reach groupshared memory (a register copy
    lost them, and the buffer the method reads was left unbound)."""
    src = ("cbuffer C { uint2 rows[2]; };\nvoid set_row(inout uint2 row, uint i) { row = rows[i]; }\n"
           "class Obj { uint2x2 mat; void set() { set_row(mat[0], 0); set_row(mat[1], 1); } };\n"
           "RWByteAddressBuffer RWBuf;\ngroupshared Obj obj;\n"
           "[numthreads(1, 1, 1)] void main() { obj.mat = 7; obj.set(); RWBuf.Store4(0, uint4(obj.mat[0], obj.mat[1])); }")
    # no constant buffer is bound, so the rows read 0 (§7.11.2 unbound slot); lost writes would leave the 7s
    assert _run_cs(src) == [0, 0, 0, 0]
