"""Effects 11 refuses FXLVM expressions at load, as microsoft/FX11 does (effects/runtime.py ``_refuse_fxlvm``).

Every rule here is read from FX11's source (github:microsoft/FX11, EffectLoad.cpp and EffectAPI.cpp):

- ``CEffectLoader::LoadAssignments`` switches on each assignment's ECompilerAssignmentType; ``ECAT_ExpressionIndex``
  ("LHS = myVar[a + b * c]") and ``ECAT_Expression`` ("LHS = a + b * c") both end in
  ``VHD( E_NOTIMPL, "FXLVM Expressions (complex assignments like myVar[i*2]) are not supported in Effects11." )``;
  ``ECAT_Constant``, ``ECAT_Variable``, ``ECAT_ConstIndex`` and ``ECAT_VariableIndex`` load.
- LoadAssignments runs for every state block of a state-object variable (LoadObjectVariables) and for every pass
  (LoadTechnique), whatever the state and whether the technique is ever applied; the target (fx_4_0, fx_4_1,
  fx_5_0) does not matter -- one loader reads them all.
- ``D3DX11CreateEffectFromMemory`` returns LoadEffect's HRESULT (VH), so the call fails with E_NOTIMPL;
  D3DX11CompileEffectFromMemory / FromFile load through the same LoadEffect.

pyd3d11's evaluator of these programs (Direct3D 10's behaviour) stays reachable behind ``evaluate_fxlvm=True``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from pyd3d11 import quick_device
from pyd3d11.effects import D3DX11CompileEffectFromMemory, D3DX11CreateEffectFromMemory
from pyd3d11.effects import model as M
from pyd3d11.effects.binary import read_effect
from pyd3d11.errors import E_NOTIMPL, NotSupportedError
from pyd3d11.shader.blob import blob_bytes
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # loads effects, draws nothing

SLOW_OPS = 0x2  # D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS (fxc /Gdp): expressions in state objects compile
TEXT = "FXLVM Expressions (complex assignments like myVar[i*2]) are not supported in Effects11."
TARGETS = ["fx_4_0", "fx_4_1", "fx_5_0"]
_TECH = {"fx_4_0": "technique10", "fx_4_1": "technique10", "fx_5_0": "technique11"}
_DECL = "int i = 1; uint d = 2; DepthStencilState dss[3]; DepthStencilState one { DepthFunc = LESS; };\n"

#: (name, source after _DECL with {tech}, the ECAT kind the assignment under test compiles to, refused?)
CASES = [
    ("constant in a block", "DepthStencilState s { DepthFunc = GREATER; };", M.ECAT_Constant, False),
    ("variable in a block", "DepthStencilState s { DepthFunc = d; };", M.ECAT_Variable, False),
    ("expression in a block", "DepthStencilState s { DepthFunc = d + 1; };", M.ECAT_Expression, True),
    ("expression in a sampler", "SamplerState s { MaxAnisotropy = i * 2; };", M.ECAT_Expression, True),
    ("constant in a pass", "{tech} t { pass p { SetDepthStencilState(one, 3); } }", M.ECAT_Constant, False),
    ("variable in a pass", "{tech} t { pass p { SetDepthStencilState(one, d); } }", M.ECAT_Variable, False),
    ("constant index", "{tech} t { pass p { SetDepthStencilState(dss[1], 0); } }", M.ECAT_ConstIndex, False),
    ("variable index", "{tech} t { pass p { SetDepthStencilState(dss[i], 0); } }", M.ECAT_VariableIndex, False),
    ("expression index", "{tech} t { pass p { SetDepthStencilState(dss[i + 1], 0); } }",
     M.ECAT_ExpressionIndex, True),
    ("expression in a pass", "{tech} t { pass p { SetDepthStencilState(one, d * 2); } }", M.ECAT_Expression, True),
]


def _kinds(eff: M.FxEffect) -> set[int]:
    blocks = [b for o in eff.objects if o.name == "s" for b in o.blocks]
    blocks += [p.assignments for g in eff.groups for t in g.techniques for p in t.passes]
    return {a.kind for b in blocks for a in b}


@pytest.fixture(scope="module")
def dev():
    return quick_device()[0]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name,body,kind,refused", CASES, ids=[c[0] for c in CASES])
def test_load_refuses_exactly_the_expression_kinds(dev, target, name, body, kind, refused):
    src = _DECL + body.replace("{tech}", _TECH[target])
    blob = blob_bytes(D3DCompile(src, len(src), "t.fx", None, None, None, target, 0, SLOW_OPS, None))
    assert kind in _kinds(read_effect(blob)), name  # the case compiles to the kind it is about
    if refused:
        with pytest.raises(NotSupportedError) as exc:
            D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev)
        assert exc.value.hresult == E_NOTIMPL and TEXT in str(exc.value)
        assert D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev, evaluate_fxlvm=True) is not None
    else:
        assert D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev) is not None


def test_an_unapplied_technique_still_fails_the_load(dev):
    """The refusal is LoadEffect's, not Apply's: a second technique no one applies fails the whole effect."""
    src = _DECL + ("technique11 a { pass p { SetDepthStencilState(one, 0); } }\n"
                   "technique11 b { pass p { SetDepthStencilState(one, d + 1); } }")
    with pytest.raises(NotSupportedError, match="Effects11"):
        D3DX11CompileEffectFromMemory(src, len(src), "t.fx", None, None, 0, 0, dev)
    eff = D3DX11CompileEffectFromMemory(src, len(src), "t.fx", None, None, 0, 0, dev, evaluate_fxlvm=True)
    assert eff.GetTechniqueByName("a").IsValid()


MIRROR = Path("/work/.mirror/spacehamster+DXDecompiler/repo")


def test_fxc_effect_expressions_object_is_refused(dev):
    """fxc's own EffectExpressions_5_0 object (DXDecompiler's corpus): FX11 refuses it at load. (Its _4_0 object is
    fxc's DXBC container around the FX10 chunk, which FX11's loader does not unwrap: E_FAIL before any assignment.)"""
    path = "src/DXDecompiler.Tests/Shaders/Internal/Effects/EffectExpressions_5_0_FX.o"
    r = subprocess.run(["git", "--git-dir", str(MIRROR), "show", f"7b48f44^:{path}"], capture_output=True)
    if not MIRROR.exists() or r.returncode:
        pytest.skip("no DXDecompiler mirror")
    with pytest.raises(NotSupportedError) as exc:
        D3DX11CreateEffectFromMemory(r.stdout, len(r.stdout), 0, dev)
    assert exc.value.hresult == E_NOTIMPL
    assert D3DX11CreateEffectFromMemory(r.stdout, len(r.stdout), 0, dev, evaluate_fxlvm=True) is not None
