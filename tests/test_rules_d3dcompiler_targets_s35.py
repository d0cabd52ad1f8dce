"""D3DCompile's target strings, entry-point argument and failure HRESULTs, against d3dcompiler_47 10.1.

Every expected value here was recorded from Microsoft's d3dcompiler_47.dll 10.1 run under Wine (session 35,
``pyd3d11.tools.wine_d3dcompiler``): ``tests/data/d3dcompiler_targets_fxc10_1.txt`` holds its answer for 348 target
strings x 3 entry-point arguments x 2 flag sets; the other tables below are single probes, quoted where they are
used. Targets the project does not build (the Direct3D 9 ``*_sw`` software targets, ``*_4_0_level_9_0``,
``tx_1_0``, ``rootsig_*``) must say so with E_NOTIMPL where fxc would read the source.
"""

from pathlib import Path

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3DERR_INVALIDCALL, D3DXERR_INVALIDDATA, E_FAIL, E_NOTIMPL, D3D11Error
from pyd3d11.shader.hlsl.diagnostics import HlslError
from pyd3d11.shader.hlsl.targets import hresult_of

DATA = Path(__file__).with_name("data") / "d3dcompiler_targets_fxc10_1.txt"
NOT_BUILT_SUFFIXES = ("_sw", "_level_9_0")
NOT_BUILT = {"tx_1_0"}  # rootsig_1_0 / _1_1 built in session 41 (hlsl/entryattrs.compile_root_signature)


def _rows():
    for line in DATA.read_text().splitlines():
        if line.startswith("#"):
            continue
        target, entry, flags, hr, code = line.split("|")
        yield target, None if entry == "NULL" else entry, int(flags, 16), int(hr, 16), code


ROWS = list(_rows())


def _compile(src: str, target, entry, flags=0):
    msgs: list = []
    try:
        dc.D3DCompile(src.encode(), len(src), None, None, None, entry, target, flags, 0, msgs)
        hr = 0
    except D3D11Error as e:
        hr = e.hresult
    text = "".join(bytes(m.GetBufferPointer()).decode() for m in msgs)
    return hr, text


def test_the_record_covers_the_probe():
    assert len(ROWS) == 2088
    assert {r[0] for r in ROWS} >= {"ps_5_0", "hs_4_1", "ps_1_1", "lib_5_0", "fx_5_1", "Ps_5_0", " ps_5_0", ""}


@pytest.mark.parametrize("target,entry,flags,hr,code", ROWS)
def test_target_entry_and_flags_as_fxc(target, entry, flags, hr, code):
    got_hr, text = _compile("garbage !", target, entry, flags)
    reads_source = code not in ("X3506", "pEntrypoint", "X3539", "X3713", "X3723", "-")
    if reads_source and (target.endswith(NOT_BUILT_SUFFIXES) or target in NOT_BUILT):
        assert got_hr == E_NOTIMPL  # not built: said so, never a wrong answer
        return
    assert got_hr == hr
    if code == "X4717":  # fxc's effects warning leads its messages; the error after it is X3000 on this source
        code = "X3000"
    if code == "X3561":  # ps_1_x under /Gec: the upgrade warning, then the source's X3000
        assert text.startswith("warning X3561: ps_1_x is no longer supported; using ps_2_0\n")
        code = "X3000"
    if code == "pEntrypoint":
        assert text == "D3DCompile: pEntrypoint pointer is invalid\n"
    elif code != "-":
        assert f"error {code}:" in text, text


def test_unrecognized_target_message_has_no_position():
    hr, text = _compile("float4 main() : SV_Target { return 0; }", "ps_5_2", "main")
    assert hr == D3DERR_INVALIDCALL and text == "error X3506: unrecognized compiler target 'ps_5_2'\n"


@pytest.mark.parametrize("old,new,flags", [("vs_1_0", "vs_1_1", 0), ("ps_1_1", "ps_2_0", 0x1000),
                                           ("ps_1_4", "ps_2_0", 0x1000)])
def test_upgraded_targets_build_the_same_object(old, new, flags):
    """fxc 10.1: vs_1_0 is vs_1_1's object without a word; ps_1_x under /Gec is ps_2_0's with warning X3561."""
    src = ("float4x4 m; float4 main(float4 p : POSITION) : POSITION { return mul(p, m); }" if old.startswith("vs")
           else "sampler s; float4 main(float2 t : TEXCOORD0) : COLOR { return tex2D(s, t) * 0.5; }")
    msgs: list = []
    a = dc.D3DCompile(src.encode(), len(src), None, None, None, "main", old, flags, 0, msgs)
    b = dc.D3DCompile(src.encode(), len(src), None, None, None, "main", new, flags, 0)
    assert bytes(a.GetBufferPointer()) == bytes(b.GetBufferPointer())
    text = "".join(bytes(m.GetBufferPointer()).decode() for m in msgs)
    assert ("X3561" in text) == old.startswith("ps_1")


# (error number, D3D9 target or not) -> fxc's HRESULT: the shared shader tests' failures and session-35 probes
# (X4500 at ps_2_0 vs ps_4_0, X5190 at ps_2_0 vs ps_4_0_level_9_1)
HRESULTS = [
    (3506, "ps_5_0", D3DERR_INVALIDCALL), (3536, "ps_4_0", 0x80010064), (3539, "ps_1_1", E_NOTIMPL),
    (3713, "lib_5_0", D3DERR_INVALIDCALL), (4532, "ps_2_0", E_NOTIMPL), (4532, "cs_5_0", E_NOTIMPL),
    (4589, "hs_5_0", D3DXERR_INVALIDDATA), (4500, "ps_2_0", D3DXERR_INVALIDDATA), (4500, "ps_4_0", E_FAIL),
    (5190, "ps_2_0", D3DXERR_INVALIDDATA), (5190, "ps_4_0_level_9_1", E_FAIL), (5631, "ps_3_0", D3DXERR_INVALIDDATA),
    (5003, "ps_2_0", D3DXERR_INVALIDDATA), (5004, "ps_3_0", D3DXERR_INVALIDDATA), (5608, "ps_2_0", E_FAIL),
    (5609, "ps_2_0", E_FAIL), (3000, "ps_5_0", E_FAIL), (3523, "ps_5_0", E_FAIL), (3723, "ps_5_1", E_FAIL),
    (3514, "gs_5_0", E_FAIL),
]


@pytest.mark.parametrize("code,target,hr", HRESULTS)
def test_hresult_by_error_number(code, target, hr):
    assert hresult_of(HlslError("t", 1, 1, code, "m"), target) == hr


def test_notimpl_sites_override_the_number():
    err = HlslError("t", 1, 1, 3500, "'f': recursive functions not allowed in ps_5_0", notimpl=True)
    assert hresult_of(err, "ps_5_0") == E_NOTIMPL
    assert hresult_of(HlslError("t", 1, 1, 3500, "array reference cannot be used as an l-value"), "ps_5_0") == E_FAIL


# X3535: an integer/bool bitwise operator below shader model 4 that constant folding leaves (fxc 10.1, session 35:
# every row's verdict and HRESULT below; "expr" returns it, "dead" assigns it to an unused local)
BITWISE_OPS = ["a & b", "a | b", "a ^ b", "~a", "a << b", "a >> b"]


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0", "ps_4_0_level_9_1"])
@pytest.mark.parametrize("ty", ["int", "uint", "bool", "int2"])
@pytest.mark.parametrize("op", BITWISE_OPS)
@pytest.mark.parametrize("dead", [False, True])
def test_bitwise_below_sm4_is_x3535_notimpl(target, ty, op, dead):
    body = f"{ty} c = {op}; return 0;" if dead else f"return ({op}).x;"
    out = "SV_Target" if "level" in target else "COLOR"
    hr, text = _compile(f"uniform {ty} a; uniform {ty} b; float4 main() : {out} {{ {body} }}", target, "main")
    assert hr == E_NOTIMPL
    assert f"error X3535: Bitwise operations not supported on target {target}." in text


@pytest.mark.parametrize("src,ok", [
    ("int f(int a) { return a & 1; } float4 main() : COLOR { return 0; }", True),  # uncalled
    ("static const int k = 1 << 2; float4 main() : COLOR { return k; }", True),  # folded
    ("float4 main() : COLOR { return 6 & 3; }", True),
    ("float4 main() : COLOR { float a[2 << 1] = {1, 2, 3, 4}; return a[1]; }", True),
    ("uniform int a = 1 | 2; float4 main() : COLOR { return a; }", True),  # a default value, not code
    ("uniform int a; float4 main() : COLOR { if (false) return a & 1; return 0; }", True),  # pruned
    ("uniform int a; float4 main() : COLOR { int c = a; c &= 3; return c; }", False),
    ("uniform int a; float4 main() : COLOR { int c = a; c <<= 1; return c; }", False),
    ("uniform int a; uniform int b; static int u = a & b; float4 main() : COLOR { return 0; }", False),
    ("uniform int a; float4 main() : POSITION { return a & 1; }", False),
    ("uniform int a; uniform int b; float4 main() : COLOR { return a % b; }", True),  # not a bitwise operator
    ("uniform bool a; uniform bool b; float4 main() : COLOR { return a && b; }", True),
])
def test_bitwise_rule_extent(src, ok):
    target = "vs_2_0" if "POSITION" in src else "ps_2_0"
    hr, text = _compile(src, target, "main")
    assert (hr == 0) == ok, text
    if not ok:
        assert hr == E_NOTIMPL and "X3535" in text


LEGACY_TEX = ["tex1D(s, 0.5)", "tex1Dlod(s, float4(0, 0, 0, 0))", "tex2D(s, float2(0, 0))",
              "tex2Dbias(s, float4(0, 0, 0, 0))", "tex2Dgrad(s, float2(0, 0), float2(0, 0), float2(0, 0))",
              "tex2Dproj(s, float4(0, 0, 0, 1))", "tex3D(s, float3(0, 0, 0))", "texCUBE(s, float3(0, 0, 1))",
              "texCUBElod(s, float4(0, 0, 1, 0))"]


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0", "ps_5_1", "vs_5_0", "ps_4_0_level_9_1"])
@pytest.mark.parametrize("call", LEGACY_TEX)
@pytest.mark.parametrize("dead", [False, True])
def test_dx9_intrinsics_need_backwards_compatibility(target, call, dead):
    """fxc 10.1: X3523 (E_FAIL) at every shader-model-4+ target without /Gec, used or not, before argument checks."""
    body = f"float4 unused = {call}; return 0;" if dead else f"return {call};"
    out = "SV_Position" if target.startswith("vs") else "SV_Target"
    hr, text = _compile(f"sampler s; float4 main() : {out} {{ {body} }}", target, "main")
    assert hr == E_FAIL
    assert "error X3523: DX9-style intrinsics are disabled when not in dx9 compatibility mode." in text


@pytest.mark.parametrize("src,ok", [
    ("sampler s; float4 f() { return tex2D(s, 0); } float4 main() : SV_Target { return 0; }", True),
    ("sampler s; float4 main() : SV_Target { if (false) return tex2D(s, 0); return 0; }", True),
    ("Texture2D t; SamplerState s; float4 main() : SV_Target { return tex2D(s, 0); }", False),
    ("float4 tex2D(float x) { return x; } float4 main() : SV_Target { return tex2D(1); }", True),  # a user function
])
def test_dx9_intrinsic_rule_extent(src, ok):
    hr, text = _compile(src, "ps_5_0", "main")
    assert (hr == 0) == ok, text
