"""``Base::Method(args)`` inside a method (C++'s qualified, non-virtual member call, as HLSL classes follow C++:
MicrosoftDocs "Interfaces and Classes"; DXC HLSLFileCheck classes/parent_method.hlsl calls ``A::bar()`` from
``B::bar()``): the method ``Base`` declares (or inherits) runs on the ``Base`` part of ``this`` -- a derived
class's leading ``$super`` member, so writes land in the object -- whatever class overrides it. Outside a
method of ``Base`` or of a class deriving from it the name resolves to nothing: X3004 (as an undeclared
function; fxc's code for this case is not recorded).

Expected pixels are worked out from the classes below: A::get = m * 10, B::get = A::get + n."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_interface_params import CB, draw

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

F32 = np.float32

SRC = """
interface IF { float4 get(); };
class A { float4 m; void set() { m = float4(2, 0, 0, 0); } float4 get() { return m * 10; } };
class B : A, IF { float4 n; void set() { A::set(); n = float4(3, 0, 0, 0); } float4 get() { return A::get() + n; } };
class C : B { float4 get() { return B::get() + A::get(); } };
cbuffer cb0 { B g_b; };
IF g_if;
float4 PSLocal() : SV_Target { B b; b.set(); return b.get(); }
float4 PSChain() : SV_Target { C c; c.set(); return c.get(); }
float4 PSGlobal() : SV_Target { return g_b.get(); }
float4 PSIface() : SV_Target { return g_if.get(); }
"""
M, N = CB[0:4], CB[4:8]  # g_b.m, g_b.n from the shared constant buffer


def _compile(entry: str, src: str = SRC) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, "ps_5_0"))


@pytest.mark.parametrize(("entry", "slots", "want"), [
    ("PSLocal", [], [23, 0, 0, 0]),           # B::set calls A::set (m = 2), then n = 3: 2 * 10 + 3
    ("PSChain", [], [43, 0, 0, 0]),           # C::get = B::get (23) + A::get (20): A's, not C's override
    ("PSGlobal", [], M * 10 + N),             # on a cbuffer instance
    ("PSIface", ["g_b"], M * 10 + N),         # in a function body called through an interface (this[])
])
def test_qualified_base_method_calls(entry, slots, want):
    np.testing.assert_array_equal(draw(_compile(entry), slots), np.array(want, F32))


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
# X3000 as for S::Get() outside a method (test_rules_hlsl_language_s12.py); no fxc record of the code either way
@pytest.mark.parametrize("body", ["return A::get();", "B b; b.set(); return C::get();"])
def test_a_qualified_method_call_without_an_object_of_the_class_is_an_error(body):
    with pytest.raises(ShaderCompileError, match="X3000"):
        _compile("Bad", SRC + f"float4 Bad() : SV_Target {{ {body} }}")


GLOBALS = """
cbuffer cb0 { float4 v0; float4 v1; };
float4 scale(float4 x) { return x * v1.x; }
class D { float4 m; float4 get() { return m + v0; } float4 twice() { return scale(get()); } };
float4 PSLocalReadsGlobals() : SV_Target { D d; d.m = float4(1, 2, 3, 4); return d.twice(); }
"""


def test_methods_reading_globals_keep_them_bound():
    """A method (and a function it calls) reading a constant-buffer global: the buffer is bound like any the
    shader reads (the usage walk did not follow method calls: the listing named cb slot -1)."""
    blob = bytes(D3DCompile(GLOBALS, None, "t.hlsl", None, None, "PSLocalReadsGlobals", "ps_5_0"))
    want = (np.array([1, 2, 3, 4], F32) + CB[0:4]) * CB[4]
    np.testing.assert_array_equal(draw(blob, []), want)
