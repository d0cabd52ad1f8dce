"""The fast conversion of positional calls (api/cargs.py ``_fast_convert``, bound per method as
``CallPlan.fast_fn``) against the general path.

The fast path accepts only common values and must give exactly what ``convert_call``'s general path gives for
them (the same objects, the same list/tuple containers, the same count truncation); for every other value it must
decline (return None) so that the general path converts or refuses the call. The oracle is the general path itself
(cargs's own rules, tested case by case in test_api_cargs.py): every context and device method with parameters is
called with argument tuples drawn from pools of valid, invalid and edge values.
"""

from __future__ import annotations

import inspect
import random

import numpy as np
import pytest

from pyd3d11.api import cargs
from pyd3d11.d3d11 import *  # noqa: F403

pytestmark = pytest.mark.backend_independent


def _device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=8, Height=8, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS))
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_VERTEX_BUFFER))
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_CONSTANT_BUFFER))
    objs = {
        "ID3D11ShaderResourceView": dev.CreateShaderResourceView(tex, None),
        "ID3D11RenderTargetView": dev.CreateRenderTargetView(tex, None),
        "ID3D11UnorderedAccessView": dev.CreateUnorderedAccessView(tex, None),
        "ID3D11SamplerState": dev.CreateSamplerState(D3D11_SAMPLER_DESC(
            Filter=D3D11_FILTER_MIN_MAG_MIP_POINT, AddressU=D3D11_TEXTURE_ADDRESS_WRAP,
            AddressV=D3D11_TEXTURE_ADDRESS_WRAP, AddressW=D3D11_TEXTURE_ADDRESS_WRAP, MaxLOD=1.0)),
        "ID3D11Buffer": buf,
        "cb": cb,
        "ID3D11Texture2D": tex,
    }
    return dev, ctx, objs


@pytest.fixture(scope="module")
def world():
    return _device(), _device()


def _plans(obj):
    """(name, plan) of every converting method of ``obj``'s class with parameters (arrays first)."""
    out = []
    for name in dir(type(obj)):
        fn = inspect.getattr_static(type(obj), name, None)
        while fn is not None and getattr(fn, "__cargs__", None) is None and hasattr(fn, "__wrapped__"):
            fn = fn.__wrapped__
        decl = getattr(fn, "__cargs__", None)
        if decl is None or not decl.params:
            continue
        sig = inspect.signature(fn.__wrapped_original__)
        plan = cargs.CallPlan(decl, sig.replace(parameters=list(sig.parameters.values())[1:]))
        out.append((name, plan))
    return out


def _scalar_pool(p, objs, foreign):
    kind = cargs._kind(p.ctype, p.pointer)
    if kind == "int":
        return [0, 1, 2, 3, 8, -1, 2 ** 31, 2 ** 32 + 1, True, 1.0, np.uint32(1), None, "1", 0xFFFFFFFF]
    if kind == "interface":
        own = [o for k, o in objs.items() if k != "cb" and cargs.implements(o, p.ctype)]
        other = [o for k, o in objs.items() if not cargs.implements(o, p.ctype)][:2]
        far = [o for k, o in foreign.items() if k != "cb" and cargs.implements(o, p.ctype)]
        return own * 4 + other + far + [None, None, 5, "x"]
    if kind == "float":
        return [0.0, 1.0, 0.1, 1, -2, 1e39, float("nan"), None, "x", np.float32(0.5), True]
    if p.ctype == "D3D11_VIEWPORT":
        return [D3D11_VIEWPORT(0, 0, 8, 8, 0, 1), D3D11_VIEWPORT(0, 0, 8, 8, 0, 1), D3D11_VIEWPORT(1, 2, 3, 4, 0, 1),
                D3D11_VIEWPORT("a", 0, 8, 8, 0, 1), D3D11_VIEWPORT(0.5, 0, 2 ** 70, 8, 0, 1),
                {"TopLeftX": 0.0, "Width": 8.0}, D3D11_RECT(0, 0, 4, 4), None, 3]
    if p.ctype == "D3D11_RECT":
        return [D3D11_RECT(0, 0, 4, 4), D3D11_RECT(-1, 0, 4, 4), D3D11_RECT(0, 0, 2 ** 64, 4),
                D3D11_RECT(0.5, 0, 4, 4), D3D11_VIEWPORT(0, 0, 8, 8, 0, 1), None, [0, 0, 4, 4]]
    return [None, 0, 1, "x", object(), objs["ID3D11Buffer"]]


def _array_pool(elem_pool, rng):
    out = [None, "abc", 7, np.array([1, 2, 3], dtype=np.uint32), (x for x in [])]
    for _ in range(10):
        items = [rng.choice(elem_pool) for _ in range(rng.randrange(0, 4))]
        out.append(items if rng.random() < 0.6 else tuple(items))
    return out


def _same(a, b):
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and a != a:
        return b != b
    return a is b or a == b


@pytest.mark.parametrize("which", ["context", "device"])
def test_fast_path_agrees_with_the_general_path(world, which):
    (dev, ctx, objs), (_fdev, _fctx, foreign) = world
    target = ctx if which == "context" else dev
    owner = cargs._owner_device(target)
    plans = _plans(target)
    assert len(plans) >= (100 if which == "context" else 30), [n for n, _ in plans]
    rng = random.Random(40)
    fast_taken = declined = 0
    for name, plan in plans:
        pools = []
        for p, _default_none in plan.positional:
            if p is None:
                pools.append([None, 0, "x"])
            elif p.count is None:
                pools.append(_scalar_pool(p, objs, foreign))
            else:
                pools.append(_array_pool(_scalar_pool(cargs._element(p), objs, foreign), rng))
        for _ in range(300):
            n = rng.randrange(max(1, len(pools) - 2), len(pools) + 1)
            args = tuple(rng.choice(pool) for pool in pools[:n])
            args = tuple(list(a) if isinstance(a, list) else a for a in args)  # fresh lists (the call may not keep them)
            fast = cargs._fast_convert(plan.fast, args, owner)
            # the bound converter the wrappers call gives exactly the same answer
            compiled = plan.fast_fn(args, owner) if plan.fast_fn is not None else None
            assert (compiled is None) == (fast is None) and (fast is None or _same(compiled, fast)), \
                (name, args, compiled, fast)
            try:
                slow, _kw = cargs.convert_call_general(plan, args, {}, owner)
            except cargs.ArgError:
                assert fast is None, (name, args, fast)
                declined += 1
                continue
            if fast is None:
                declined += 1
                continue
            fast_taken += 1
            assert _same(fast, slow), (name, args, fast, slow)
    # both outcomes occur often (the pools are not all-valid nor all-invalid)
    least = 1000 if which == "context" else 100
    assert fast_taken > least and declined > least, (fast_taken, declined, len(plans))


def test_fast_path_covers_the_hot_setters(world):
    (dev, ctx, objs), _ = world
    owner = cargs._owner_device(ctx)
    plans = dict(_plans(ctx))
    srv, samp, buf, rtv = (objs[k] for k in ("ID3D11ShaderResourceView", "ID3D11SamplerState", "ID3D11Buffer",
                                             "ID3D11RenderTargetView"))
    calls = {
        "PSSetShaderResources": (0, 1, [srv]), "PSSetSamplers": (0, 1, [samp]),
        "VSSetConstantBuffers": (0, 1, [objs["cb"]]), "IASetVertexBuffers": (0, 1, [buf], [16], [0]),
        "OMSetRenderTargets": (1, [rtv], None), "RSSetViewports": (1, [D3D11_VIEWPORT(0, 0, 8, 8, 0, 1)]),
        "PSSetShader": (None, None, 0), "IASetInputLayout": (None,), "ClearRenderTargetView": (rtv, [0.0, 0, 1, 1.0]),
    }
    for name, args in calls.items():
        assert cargs._fast_convert(plans[name].fast, args, owner) is not None, name
        assert plans[name].fast_fn(args, owner) is not None, name
