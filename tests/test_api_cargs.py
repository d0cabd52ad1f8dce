"""The argument-conversion layer (api/cargs.py): C conversion rules case by case, declaration coverage.

Expected values are C's: converting an int to a 32-bit unsigned parameter is reduction modulo 2^32 (C11
6.3.1.3p2), to a signed one the two's-complement wrap every D3D compiler produces; a float parameter holds the
IEEE binary32 value nearest the double (round to nearest even). Python values no C expression of the declared
type can produce (None, str, non-integral floats for integers, integers beyond 64 bits) are refused.
"""

from __future__ import annotations

import inspect
import math
import struct
from types import SimpleNamespace

import numpy as np
import pytest

from pyd3d11.api import cargs
from pyd3d11.api.context import ID3D11DeviceContext1
from pyd3d11.api.device import ID3D11Device
from pyd3d11.d3d11 import (
    D3D11_BOX,
    D3D11_CREATE_DEVICE_DEBUG,
    D3D11_SDK_VERSION,
    D3D11_VIEWPORT,
    D3D_DRIVER_TYPE_HARDWARE,
    D3D11CreateDevice,
    ID3D11InfoQueue,
)
from pyd3d11.errors import E_INVALIDARG, D3D11Error

INT_CASES = [  # (ctype, value, expected C value)
    ("UINT", 0, 0), ("UINT", 5, 5), ("UINT", -1, 0xFFFFFFFF), ("UINT", -2, 0xFFFFFFFE),
    ("UINT", -(2 ** 31), 0x80000000), ("UINT", 2 ** 32 - 1, 0xFFFFFFFF), ("UINT", True, 1),
    ("UINT", np.uint32(7), 7), ("UINT", np.int64(-1), 0xFFFFFFFF), ("UINT", 3.0, 3),
    ("INT", -1, -1), ("INT", 0x7FFFFFFF, 0x7FFFFFFF), ("INT", 0x80000000, -(2 ** 31)), ("INT", 0xFFFFFFFF, -1),
    ("UINT8", 0x1AB, 0xAB), ("UINT8", -1, 0xFF), ("UINT64", -1, 2 ** 64 - 1), ("SIZE_T", 2 ** 40, 2 ** 40),
    ("DXGI_FORMAT", 28, 28), ("D3D11_MAP", -1, 0xFFFFFFFF),
]
INT_REFUSED = [  # values no C expression of the type produces
    ("UINT", None), ("UINT", "1"), ("UINT", 1.5), ("UINT", b"1"), ("UINT", object()), ("UINT", [1]),
    ("UINT", 2 ** 32), ("UINT", -(2 ** 31) - 1), ("INT", 2 ** 32), ("UINT64", 2 ** 64), ("UINT8", 2 ** 32),
    ("UINT", float("nan")), ("UINT", float("inf")),
]


@pytest.mark.parametrize(("ctype", "value", "expected"), INT_CASES)
def test_integer_conversion(ctype, value, expected):
    assert cargs.to_int(value, ctype, "x") == expected


@pytest.mark.parametrize(("ctype", "value"), INT_REFUSED)
def test_integer_refusals(ctype, value):
    with pytest.raises((TypeError, OverflowError)):
        cargs.to_int(value, ctype, "x")


@pytest.mark.parametrize("value", [0.1, 1e-45, 3.4028235e38, 1e39, -1e39, 16777217.0, 2, np.float64(0.3)])
def test_float_is_binary32(value):
    expected = struct.unpack("<f", struct.pack("<f", value))[0] if abs(float(value)) < 3.5e38 else \
        math.copysign(math.inf, value)
    assert cargs.to_float(value, "x") == expected


@pytest.mark.parametrize("value", [None, "1.0", object(), [1.0], 1j])
def test_float_refusals(value):
    with pytest.raises(TypeError):
        cargs.to_float(value, "x")


STRUCT_CASES = [  # (ctype, value, accepted)
    ("D3D11_BOX", D3D11_BOX(right=1, bottom=1, back=1), True),
    ("D3D11_BOX", dict(right=1, bottom=1, back=1), True),
    ("D3D11_BOX", dict(right="1"), False),
    ("D3D11_BOX", "box", False),
    ("D3D11_BOX", (0, 0, 0, 1, 1, 1), False),
    ("D3D11_BOX", 5, False),
    ("D3D11_BOX", D3D11_VIEWPORT(), False),  # another struct lacks the fields
    ("D3D11_VIEWPORT", dict(Width=np.float32(2), Height=2), True),
    ("D3D11_VIEWPORT", dict(Width=None), True),  # None is the zero default
    ("D3D11_VIEWPORT", dict(Width=[2]), False),
    ("D3D11_BLEND_DESC", dict(RenderTarget=[dict(BlendEnable=1, SrcBlend="one")]), False),
    ("D3D11_BLEND_DESC", dict(RenderTarget="all"), False),
    ("D3D11_TEXTURE2D_DESC", dict(Width=2 ** 70), False),
    # an integer field takes any integer a 64-bit C field could hold, signed or not: [-2^63, 2^64)
    ("D3D11_TEXTURE2D_DESC", dict(Width=2 ** 64 - 1), True),
    ("D3D11_TEXTURE2D_DESC", dict(Width=2 ** 64), False),
    ("D3D11_TEXTURE2D_DESC", dict(Width=-(2 ** 63)), True),
    ("D3D11_TEXTURE2D_DESC", dict(Width=-(2 ** 63) - 1), False),
    ("D3D11_TEXTURE2D_DESC", dict(Width=np.uint64(2 ** 64 - 1), Height=True), True),
    ("D3D11_TEXTURE2D_DESC", dict(Width=np.int64(-5)), True),
    ("D3D11_TEXTURE2D_DESC", dict(Width=np.int64(-(2 ** 63))), True),
    # the struct check tests kinds, not values: a float in an integer field passes here (the method converts it)
    ("D3D11_TEXTURE2D_DESC", dict(Width=2.5), True),
    ("D3D11_TEXTURE2D_DESC", dict(Width=b"2"), False),
    # any object with every field of the struct stands for it (duck typing); one lacking a field does not
    ("D3D11_BOX", SimpleNamespace(left=0, top=0, front=0, right=1, bottom=1, back=1), True),
    ("D3D11_BOX", SimpleNamespace(left=0, top=0, front=0, right=1, bottom=1), False),
    ("D3D11_BOX", None, False),
]


@pytest.mark.parametrize(("ctype", "value", "accepted"), STRUCT_CASES)
def test_struct_arguments(ctype, value, accepted):
    if accepted:
        cargs.check_struct(value, ctype, "p")
    else:
        with pytest.raises((TypeError, OverflowError)):
            cargs.check_struct(value, ctype, "p")


def test_declarations_match_the_python_signatures():
    # every declared parameter exists on the method (a misspelt name would silently skip its conversion)
    classes = {"context": ID3D11DeviceContext1, "device": ID3D11Device}
    for group, cls in classes.items():
        for name, decl in cargs.declared_methods()[group].items():
            fn = getattr(cls, name, None)
            if fn is None:
                continue
            params = inspect.signature(fn.__wrapped_original__).parameters
            for p in decl.params:
                assert p.name in params, (name, p.name)


def test_every_public_method_with_parameters_is_declared():
    tables = cargs.declared_methods()
    declared = set(tables["context"]) | set(tables["device"]) | set(tables["unknown"]) | set(tables["resource"])
    for cls in (ID3D11DeviceContext1, ID3D11Device):
        for name in dir(cls):
            fn = getattr(cls, name)
            if not name[:1].isupper() or not callable(fn) or isinstance(fn, type):
                continue
            params = [p for p in inspect.signature(getattr(fn, "__wrapped_original__", fn)).parameters.values()
                      if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
            if params:
                assert name in declared, name


def _debug_device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, D3D11_CREATE_DEVICE_DEBUG, None,
                                    D3D11_SDK_VERSION)
    return dev, ctx, dev.QueryInterface(ID3D11InfoQueue)


def test_python_conveniences_keep_working():
    # omitted counts are the sequence length; omitted out-pointers return the object (features.md, Porting)
    dev, ctx, q = _debug_device()
    cb = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4))
    ctx.VSSetConstantBuffers(0, 1, [cb])
    assert ctx.VSGetConstantBuffers(0, 1) == [cb]
    assert dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4), None, None) is None  # ppBuffer NULL: validate only
    assert q.GetNumStoredMessages() == 0


def test_extra_array_items_are_not_read_and_short_arrays_are_refused():
    dev, ctx, q = _debug_device()
    cb = dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4))
    ctx.PSSetConstantBuffers(0, 1, [cb, "never read"])  # C reads NumBuffers items only
    assert ctx.PSGetConstantBuffers(0, 2) == [cb, None]
    ctx.PSSetConstantBuffers(0, 3, [None])
    assert ctx.PSGetConstantBuffers(0, 1) == [cb]
    assert q.GetMessage(0).ID == cargs.MESSAGE_CORRUPTED_PARAMETER1 + 2  # ppConstantBuffers, parameter 3


def test_refusals_from_hresult_and_void_methods():
    dev, ctx, q = _debug_device()
    with pytest.raises(D3D11Error) as e:
        dev.CreateBuffer("a buffer please")
    assert e.value.hresult == E_INVALIDARG
    with pytest.raises(D3D11Error):
        dev.CreateVertexShader(b"\0" * 32, None, dev.CreateBuffer(dict(ByteWidth=16, BindFlags=4)))  # no linkage
    q.ClearStoredMessages()
    ctx.RSSetViewports(1, ["junk"])
    ctx.OMSetBlendState(None, "rgba", 0xFFFFFFFF)
    ctx.Draw(None, 0)
    ids = [q.GetMessage(i).ID for i in range(q.GetNumStoredMessages())]
    assert ids == [cargs.MESSAGE_CORRUPTED_PARAMETER1 + 1, cargs.MESSAGE_CORRUPTED_PARAMETER1 + 1,
                   cargs.MESSAGE_CORRUPTED_PARAMETER1]
    assert all(q.GetMessage(i).Severity == 0 for i in range(3))  # D3D11_MESSAGE_SEVERITY_CORRUPTION
    assert ctx.RSGetViewports() == [] and ctx.OMGetBlendState()[2] == 0xFFFFFFFF


@pytest.mark.backend_independent
def test_positional_integers_convert_as_declared():
    """convert_call's inline pass-through of small Python ints (a Draw* call's arguments) gives what the
    declared type's conversion gives for every value, and the same refusals: a table over UINT and INT positions
    of DrawIndexed (IndexCount, StartIndexLocation: UINT; BaseVertexLocation: INT)."""
    import inspect

    from pyd3d11.api import cargs
    from pyd3d11.d3d11 import ID3D11DeviceContext

    method = ID3D11DeviceContext.DrawIndexed
    decl = method.__cargs__
    sig = inspect.signature(method.__wrapped_original__)
    plan = cargs.CallPlan(decl, sig.replace(parameters=list(sig.parameters.values())[1:]))
    assert plan.ints == (True, True, True)
    values = [0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, -1, -(2 ** 31), True, False, np.uint32(7), np.int64(-3),
              2 ** 32, 1.5, "3", None]
    types = ("UINT", "UINT", "INT")
    for v in values:
        for pos, ctype in enumerate(types):
            args = [5, 6, 7]
            args[pos] = v
            try:
                want = cargs.to_int(v, ctype, "x")
            except Exception:  # refused by the declared conversion: refused by the call too
                with pytest.raises(cargs.ArgError):
                    cargs.convert_call(plan, tuple(args), {}, None)
                continue
            got = cargs.convert_call(plan, tuple(args), {}, None)[0]
            assert got[pos] == want and type(got[pos]) is type(want), (v, ctype, got)
