"""Re-checks the tables of tests/test_rules_hlsl_fxc_layout_*.py against Microsoft's d3dcompiler_47 itself (under
Wine, tools/wine_d3dcompiler.py), where the DLL is installed ($PYD3D11_D3DCOMPILER_DLL); skipped elsewhere. The
other files hold fxc 10.1's answers as data, so they run everywhere; this one says the data is still the DLL's."""

from __future__ import annotations

import re

import pytest
import test_rules_hlsl_fxc_layout_defaults as defaults
import test_rules_hlsl_fxc_layout_names as names
import test_rules_hlsl_fxc_layout_packoffset as packoffset
import test_rules_hlsl_fxc_layout_tbuffer as tbuffer

from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.reflect_diff import describe

pytestmark = [pytest.mark.backend_independent,
              pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                                 reason=str(wine_d3dcompiler.unavailable_reason()))]


def _real(src: str, target: str = "ps_5_0") -> bytes | str:
    got = wine_d3dcompiler.shared().compile(src, target, "main")
    if not got.ok:
        found = re.findall(r"error (X\d+)", got.messages)
        return found[0] if found else "fail"
    return got.blob


@pytest.mark.parametrize("decl,use,want", defaults.DEFAULTS)
def test_defaults_still_fxc(decl, use, want):
    got = _real(f"{decl}\nfloat4 main() : SV_Target {{ return {use}; }}")
    assert tuple(v["default"] for v in describe(got)["cbuffers"][0]["variables"]) == want


@pytest.mark.parametrize("t,at,want", packoffset.DOUBLE_PLACE)
def test_double_placement_still_fxc(t, at, want):
    read = "[0][0]" if "x" in t else (".x" if t[-1].isdigit() else "")
    got = _real(f"cbuffer P {{ float4 head : packoffset(c0); {t} v : packoffset({at}); }}\n"
                f"float4 main() : SV_Target {{ return head + (float)v{read}; }}")
    assert (got if isinstance(got, str) else describe(got)["cbuffers"][0]["variables"][1]["offset"]) == want


@pytest.mark.parametrize("decl,use,target,want", tbuffer.TBUFFER_USED[:20])
def test_tbuffer_flags_still_fxc(decl, use, target, want):
    got = _real(f"tbuffer T {{ {decl} }}\nfloat4 main() : SV_Target {{ return {use}; }}", target)
    assert "".join(v["name"] for v in describe(got)["cbuffers"][0]["variables"] if v["flags"] & 2) == want


@pytest.mark.parametrize("body,use,where,want", names.NAMES[:20])
def test_names_still_fxc(body, use, where, want):
    src = (f"cbuffer N {{ {body} }}" if where == "cbuffer" else body) + f"\nfloat4 main() : SV_Target {{ return {use}; }}"
    got = _real(src)
    assert (got if isinstance(got, str) else names._names(describe(got))) == want
