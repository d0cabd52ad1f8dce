"""Class methods: bool data members read through an interface pointer, and ambiguous method calls (seed-16
mutation round over shader/hlsl/classes.py, issue 19).

The rules, from their definitions:

* MicrosoftDocs direct3dhlsl "Interfaces and Classes": a class's data members live in a constant buffer like
  any global variable's; a method called through an interface pointer reads its instance's members at the
  instance's place in that buffer (D3D11.3 §22.7.20 ``this[]``: constant buffer and base vector). A ``bool``
  in a constant buffer is a 32-bit value, false when 0 and true otherwise ("Scalar Types": bool is true or
  false; the buffer holds it as a 32-bit element), and the language's true converts to 1 as an integer or
  float ("Conversions": true -> 1). A bool member therefore reads as the application stored it, and a float
  member beside it is read as its own bits, untouched by the bool conversion.
* "Function Overloading" / "Interfaces and Classes" (methods overload as functions do): a call whose best
  candidates rank equal is an error, fxc's X3067 "ambiguous function call" ("HLSL errors and warnings"), for a
  method called on a class value and for one called through an interface pointer alike.

The mutants these kill survived the seed-16 round: classes.py #86 (the bool conversion applied to every member
read from this[], ``and`` made ``or``), #92 (the conversion's result slot 0 made 1: a compile crash) and #67
(X3067 made X3068; test_rules_hlsl_class_linkage.py pins it but did not guard classes.py).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

F32 = np.float32

BOOL_MEMBERS = """
interface IPick { float4 pick(); };
class cPick : IPick {
    float v;
    bool b;
    float w;
    bool c;
    float4 pick() { return float4(b ? v : -v, (float)b + 10 * (float)c, w, (b && c) ? 100 : (b || c) ? 200 : 300); }
};
class cOther : IPick { float4 k; float4 pick() { return k; } };
cbuffer cbInst : register(b1) { cOther g_other; cPick g_pick; };
IPick g_p;
float4 main() : SV_Target { return g_p.pick(); }
"""


def _compile(src: str, entry: str = "main") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, "ps_5_0"))


def _error(src: str) -> str:
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    return info.value.errors


def _draw(blob: bytes, cb1: np.ndarray, instance: str) -> np.ndarray:
    """One full-target triangle through the pixel shader with class instance ``instance`` in slot 0; the
    colour of pixel (0, 0) (every pixel is checked equal)."""
    import pyd3d11.d3d11 as cd

    dev, _lvl, ctx = cd.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    vs_src = """void main(uint id : SV_VertexID, out float4 pos : SV_Position) {
        pos = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); }"""
    vs = dev.CreateVertexShader(bytes(D3DCompile(vs_src, None, "v.hlsl", None, None, "main", "vs_5_0")), None, None)
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(blob, None, link)
    cb = dev.CreateBuffer(dict(ByteWidth=cb1.nbytes, BindFlags=4), dict(pSysMem=cb1.tobytes()))
    rt = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                  SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(vs, None, 0)
    ctx.PSSetConstantBuffers(1, 1, [cb])
    ctx.PSSetShader(ps, [link.GetClassInstance(instance, 0)], 1)
    ctx.Draw(3, 0)
    px = texture_to_numpy(ctx, rt)
    bits = px.view(np.uint32)
    assert (bits == bits[0, 0]).all()
    return px[0, 0]


#: a struct member mixing a bool and floats: one value whose float components must stay bits while its bool
#: component is converted
STRUCT_MEMBER = """
struct S { float x; bool on; float y; };
interface IPick { float4 pick(); };
class cPick : IPick {
    S s;
    float4 pick() { return float4(s.on ? s.x : -s.x, (float)s.on, s.y, s.on ? 5 : 6); }
};
class cOther : IPick { float4 k; float4 pick() { return k; } };
cbuffer cbInst : register(b1) { cOther g_other; cPick g_pick; };
IPick g_p;
float4 main() : SV_Target { return g_p.pick(); }
"""


def _cb(v: float, b: int, w: float, c: int) -> np.ndarray:
    """cbInst: g_other.k at vector 0; g_pick (v, b, w, c) packed in vector 1 ("Packing Rules for Constant
    Variables": scalars share a 16-byte register in declaration order)."""
    words = np.zeros((2, 4), np.uint32)
    words[0] = np.array([1, 2, 3, 4], F32).view(np.uint32)
    words[1] = [F32(v).view(np.uint32), b, F32(w).view(np.uint32), c]
    return words


@pytest.mark.parametrize(("b", "c"), [(0, 0), (1, 0), (0, 1), (1, 1)])
def test_bool_members_read_through_an_interface(b, c):
    v, w = 2.5, -6.25
    want = [v if b else -v, b + 10 * c, w, 100 if b and c else 200 if b or c else 300]
    got = _draw(_compile(BOOL_MEMBERS), _cb(v, b, w, c), "g_pick")
    np.testing.assert_array_equal(got, np.array(want, F32))


@pytest.mark.parametrize("on", [0, 1])
def test_struct_member_with_a_bool_read_through_an_interface(on):
    """S (x, on, y) packs into g_pick's vector 1 as (x, on, y); the floats read as stored, ``on`` as a bool."""
    x, y = 2.5, -6.25
    got = _draw(_compile(STRUCT_MEMBER), _cb(x, on, y, 0), "g_pick")
    np.testing.assert_array_equal(got, np.array([x if on else -x, on, y, 5 if on else 6], F32))


def test_other_class_of_the_same_buffer_unaffected():
    got = _draw(_compile(BOOL_MEMBERS), _cb(2.5, 1, 3.0, 1), "g_other")
    np.testing.assert_array_equal(got, np.array([1, 2, 3, 4], F32))


# --- X3067: ambiguous method calls -------------------------------------------------------------------------
AMBIGUOUS_CLASS = """
class cA { float k; float f(int x) { return 1; } float f(uint x) { return 2; } };
cA g_a;
float4 main(float4 p : SV_Position) : SV_Target { return g_a.f(p.x); }
"""
AMBIGUOUS_IFACE = """
interface iF { float f(int x); float f(uint x); };
class cA : iF { float k; float f(int x) { return 1; } float f(uint x) { return 2; } };
cA g_a;
iF g_i;
float4 main(float4 p : SV_Position) : SV_Target { return g_i.f(p.x); }
"""
AMBIGUOUS_THIS = """
class cA {
    float k;
    float f(int x) { return 1; }
    float f(uint x) { return 2; }
    float g(float y) { return f(y); }
};
cA g_a;
float4 main(float4 p : SV_Position) : SV_Target { return g_a.g(p.x); }
"""


@pytest.mark.backend_independent
@pytest.mark.parametrize(("src", "owner"), [(AMBIGUOUS_CLASS, "cA"), (AMBIGUOUS_IFACE, "iF"),
                                           (AMBIGUOUS_THIS, "cA")])
def test_ambiguous_method_call_is_x3067(src, owner):
    """float -> int and float -> uint are both conversions of one rank: neither overload is better (on a class
    value, through an interface pointer, and unqualified inside another method of the class)."""
    errors = _error(src)
    assert f"error X3067: '{owner}::f': ambiguous function call" in errors


@pytest.mark.backend_independent
def test_exact_match_is_not_ambiguous():
    """The same overload pair with an int argument: f(int) matches exactly, no X3067."""
    blob = _compile(AMBIGUOUS_CLASS.replace("g_a.f(p.x)", "g_a.f((int)p.x)"))
    assert blob[:4] == b"DXBC"
