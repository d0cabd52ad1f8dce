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
