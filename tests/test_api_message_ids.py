"""Every message the debug layer emits carries its Windows D3D11_MESSAGE_ID (issue 13 item 8): the
name table (api/message_map.py) resolves to real d3d11sdklayers.h members, every message name written in
the api layer resolves, and a broad run of invalid calls stores no message with ID 0."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

import pyd3d11.api as api_pkg
from pyd3d11.api import D3D11CreateDevice
from pyd3d11.api.debug import ID3D11Debug, ID3D11InfoQueue
from pyd3d11.api.message_map import ALIASES, METHOD_DEFAULT, _member, resolve
from pyd3d11.errors import D3D11Error

API_DIR = pathlib.Path(api_pkg.__file__).parent
NAME = re.compile(r"^[A-Z][A-Z0-9_]+$")
CALLS = {"_report", "_drop", "reject", "Reject", "fail", "rep", "_creating"}
VIEW_PREFIXES = ("CREATESHADERRESOURCEVIEW_", "CREATERENDERTARGETVIEW_", "CREATEDEPTHSTENCILVIEW_",
                 "CREATEUNORDEREDACCESSVIEW_")


@pytest.mark.parametrize("name", sorted(set(ALIASES.values()) | set(METHOD_DEFAULT.values())))
def test_table_targets_are_members(name):
    assert _member(name) != 0


def _consts(nodes) -> dict[str, str]:
    return {n.targets[0].id: n.value.value for n in nodes
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
            and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)}


def _literal_names() -> list[tuple[str, int, str]]:
    """Message names written as literals (or a constant + literal) at the api layer's report calls,
    each resolved with the constants of its innermost function over the module's."""
    found = []
    for path in sorted(API_DIR.glob("*.py")):
        tree = ast.parse(path.read_text())
        module = _consts(tree.body)
        scope: dict[int, dict[str, str]] = {}
        funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for fn in sorted(funcs, key=lambda f: f.lineno):  # inner functions come later and win
            local = {**module, **_consts(ast.walk(fn))}
            for node in ast.walk(fn):
                scope[id(node)] = local
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if f not in CALLS:
                continue
            consts = scope.get(id(node), module)

            def ev(n, consts=consts):
                if isinstance(n, ast.Constant) and isinstance(n.value, str):
                    return n.value
                if isinstance(n, ast.Name):
                    return consts.get(n.id)
                if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add):
                    a, b = ev(n.left), ev(n.right)
                    return a + b if a is not None and b is not None else None
                return None

            for a in list(node.args) + [k.value for k in node.keywords]:
                v = ev(a)
                if v and NAME.match(v):
                    found.append((path.name, node.lineno, v))
    return found


def test_every_literal_message_name_resolves():
    names = _literal_names()
    assert len(names) > 100
    bad = [(f, line, v) for f, line, v in names
           if not resolve(v) and not (f == "views.py" and any(_member(p + v) for p in VIEW_PREFIXES))]
    assert not bad, bad


def _device():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0x2, [0xB100], 1, 7)
    return dev, ctx, dev.QueryInterface(ID3D11InfoQueue)


def _calls(dev, ctx):
    """Invalid calls across state creation, state setting, resource manipulation and execution."""
    buf = dev.CreateBuffer(dict(ByteWidth=64, BindFlags=1))
    tex = dev.CreateTexture2D(dict(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=28,
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=8))
    yield lambda: dev.CreateBuffer(dict(ByteWidth=0, BindFlags=1))
    yield lambda: dev.CreateTexture2D(dict(Width=0, Height=4, MipLevels=1, ArraySize=1, Format=28,
                                           SampleDesc=dict(Count=1, Quality=0), BindFlags=8))
    yield lambda: dev.CreateTexture2D(dict(Width=16384, Height=16384, MipLevels=1, ArraySize=2, Format=2,
                                           SampleDesc=dict(Count=1, Quality=0), BindFlags=8))
    yield lambda: dev.CreateShaderResourceView(buf)
    yield lambda: dev.CreateRenderTargetView(buf)
    yield lambda: dev.CreateVertexShader(b"junk" * 8)
    yield lambda: dev.CreatePixelShader(b"DXBC" + b"\0" * 28)
    yield lambda: dev.CreateSamplerState(dict(Filter=0x15, AddressU=99, AddressV=1, AddressW=1, MaxAnisotropy=1,
                                              ComparisonFunc=1, MaxLOD=1.0))
    yield lambda: dev.CreateBlendState(dict(RenderTarget=[dict(BlendEnable=1, SrcBlend=99)]))
    yield lambda: dev.CreateRasterizerState(dict(FillMode=9, CullMode=1))
    yield lambda: dev.CreateQuery(dict(Query=99))
    yield lambda: ctx.IASetInputLayout(buf)
    yield lambda: ctx.RSSetState(buf)
    yield lambda: ctx.OMSetBlendState(buf)
    yield lambda: ctx.OMSetDepthStencilState(buf, 0)
    yield lambda: ctx.SetPredication(buf, False)
    yield lambda: ctx.VSSetConstantBuffers(0, 1, [buf])
    yield lambda: ctx.PSSetShaderResources(0, 1, [buf])
    yield lambda: ctx.PSSetSamplers(0, 1, [buf])
    yield lambda: ctx.VSSetShaderResources(127, 2, [None, None])
    yield lambda: ctx.IASetVertexBuffers(31, 2, [buf, buf], [16, 16], [0, 0])
    yield lambda: ctx.IASetIndexBuffer(tex, 57, 0)
    yield lambda: ctx.OMSetRenderTargets(1, [buf], None)
    yield lambda: ctx.CSSetUnorderedAccessViews(0, 1, [buf])
    yield lambda: ctx.Map(buf, 0, 99, 0)
    yield lambda: ctx.Unmap(buf, 0)
    yield lambda: ctx.UpdateSubresource(tex, 5, None, b"\0" * 64, 16, 64)
    yield lambda: ctx.CopyResource(buf, tex)
    yield lambda: ctx.CopySubresourceRegion(tex, 9, 0, 0, 0, tex, 0, None)
    yield lambda: ctx.ResolveSubresource(tex, 0, tex, 0, 28)
    yield lambda: ctx.ClearRenderTargetView(buf, [0, 0, 0, 0])
    yield lambda: ctx.ClearDepthStencilView(buf, 1, 1.0, 0)
    yield lambda: ctx.ClearUnorderedAccessViewUint(buf, [0, 0, 0, 0])
    yield lambda: ctx.ClearUnorderedAccessViewFloat(buf, [0, 0, 0, 0])
    yield lambda: ctx.GenerateMips(buf)
    yield lambda: ctx.SetResourceMinLOD(buf, 1.0)
    yield lambda: ctx.DiscardView(buf)
    yield lambda: ctx.DrawAuto()
    yield lambda: ctx.Draw(3, 0)
    yield lambda: ctx.Dispatch(1, 1, 1)
    yield lambda: dev.CreateDeferredContext(0).SwapDeviceContextState(None)
    yield lambda: dev.QueryInterface(ID3D11Debug).ReportLiveDeviceObjects(2)
    yield lambda: dev.QueryInterface(ID3D11Debug).ReportLiveDeviceObjects(1)


def test_broad_run_has_no_message_id_zero():
    dev, ctx, q = _device()
    q.SetMessageCountLimit(-1)
    n_calls = 0
    for call in _calls(dev, ctx):
        n_calls += 1
        try:
            call()
        except (D3D11Error, TypeError, ValueError, AttributeError):
            pass
    n = q.GetNumStoredMessages()
    assert n >= n_calls // 2  # most calls report something
    zero = [q.GetMessage(i).pDescription for i in range(n) if q.GetMessage(i).ID == 0]
    assert not zero, zero[:5]


def test_live_object_report_names_and_ids():
    dev, ctx, q = _device()
    keep = [dev.CreateBuffer(dict(ByteWidth=16, BindFlags=1)),
            dev.CreateSamplerState(dict(Filter=0x15, AddressU=1, AddressV=1, AddressW=1, MaxAnisotropy=1,
                                        ComparisonFunc=1, MaxLOD=3.4e38)),
            dev.CreateQuery(dict(Query=0)), dev.CreatePredicate(dict(Query=5)), dev.CreateClassLinkage(),
            dev.CreateDeferredContext(0),
            dev.CreateTexture2D(dict(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=28,
                                     SampleDesc=dict(Count=1, Quality=0), BindFlags=8))]
    q.ClearStoredMessages()
    dev.QueryInterface(ID3D11Debug).ReportLiveDeviceObjects(2)
    lines = {q.GetMessage(i).pDescription.split(" at ")[0].replace("Live ", ""): q.GetMessage(i).ID
             for i in range(q.GetNumStoredMessages())}
    expected = {"ID3D11Device": 441, "ID3D11Context": 0x20004A, "ID3D11Buffer": 423, "ID3D11Sampler": 434,
                "ID3D11Query": 438, "ID3D11Predicate": 439, "ID3D11ClassLinkage": 0x20008E,
                "ID3D11Texture2D": 425}
    for name, mid in expected.items():
        assert lines.get(name) == mid, (name, lines)
    assert keep
