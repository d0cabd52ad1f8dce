"""fxc's warning X3578 "Output value '<entry>' is not completely initialized" (issue 15).

Sources: MicrosoftDocs direct3dhlsl "HLSL errors and warnings" (X3578 among fxc's warnings); fxc's wording as
recorded for DXC issue 2419 (``uint sum = sum; return sum;`` compiles with only this warning, naming 'main').
Rule (uninit.warn_incomplete_outputs): a component of the entry point's return value (a vector lane, a struct
member's lane) that the shader never defines — never assigned, or copied only from components never assigned
— makes fxc warn once, at the entry point's name. A value defined on every path, or on some path, is not this
warning. *Inferred*: the position (the entry's name); entry out parameters are not judged. ``#pragma warning``
acts on it as on any warning (warning pragma page): ``disable`` silences it, ``error`` makes it an error.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_WARNINGS_ARE_ERRORS
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_OUT = "struct O { float4 p : SV_Position; float4 c : COLOR; };\n"


def _warnings(src: str, target: str = "ps_5_0", flags: int = 0) -> list[str]:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags, 0, msgs)
    text = "".join(bytes(m).decode() for m in msgs)
    return [ln for ln in text.splitlines() if "warning X3578" in ln]


# (source, target): some returned component is never defined
_WARN = [
    ("uint main() : SV_Target { uint sum = sum; return sum; }", "ps_5_0"),  # DXC issue 2419's record
    ("float4 main() : SV_Target { float4 r; return r; }", "ps_5_0"),
    ("float4 main() : SV_Target { float4 r; r.xyz = 1; return r; }", "ps_5_0"),
    ("float4 main(float4 v : C) : SV_Target { float4 r; r.xw = v.xw; return r; }", "ps_4_0"),
    (_OUT + "O main(float4 v : POSITION) { O o; o.p = v; return o; }", "vs_5_0"),
    (_OUT + "O main(float4 v : POSITION) { O o; o.p = v; o.c.xy = v.xy; return o; }", "vs_5_0"),
    # an undefined member travels through a copy
    (_OUT + "O main(float4 v : POSITION) { O a; a.p = v; O b = a; return b; }", "vs_5_0"),
    # a component left undefined on every path
    ("float4 main(float4 v : C) : SV_Target { float4 r; if (v.x > 0) r.x = 1; else r.x = 2; return r; }",
     "ps_5_0"),
]

# every returned component is defined (on every path, or at least on one)
_SILENT = [
    ("float4 main() : SV_Target { return 1; }", "ps_5_0"),
    ("float4 main(float4 v : C) : SV_Target { return v; }", "ps_5_0"),
    ("float4 main(float4 v : C) : SV_Target { float4 r; r.xy = v.xy; r.zw = 0; return r; }", "ps_5_0"),
    (_OUT + "O main(float4 v : POSITION) { O o; o.p = v; o.c = v * 2; return o; }", "vs_5_0"),
    (_OUT + "O main(float4 v : POSITION) { O o = (O)0; o.p = v; return o; }", "vs_5_0"),
    ("float4 main(float4 v : C) : SV_Target { float4 r; if (v.x > 0) r = 1; else r = v; return r; }", "ps_5_0"),
    ("float4 main(float4 v : C) : SV_Target { float4 r; if (v.x > 0) r = 1; return r; }", "ps_5_0"),
    ("void f(out float4 r) { r = 3; }\nfloat4 main() : SV_Target { float4 r; f(r); return r; }", "ps_5_0"),
    ("void main(out float4 o : SV_Target) { o = 1; }", "ps_5_0"),
]


@pytest.mark.parametrize(("src", "target"), _WARN)
def test_undefined_returned_component_warns_once(src, target):
    assert len(_warnings(src, target)) == 1


@pytest.mark.parametrize(("src", "target"), _SILENT)
def test_defined_outputs_do_not_warn(src, target):
    assert _warnings(src, target) == []


def test_text_and_position_name_the_entry():
    src = "\n\nfloat4 main() : SV_Target { float4 r; r.x = 1; return r; }"
    assert _warnings(src) == ["t.hlsl(3,8): warning X3578: Output value 'main' is not completely initialized"]


def test_pragma_disable_silences_it():
    src = "#pragma warning(disable: 3578)\nfloat4 main() : SV_Target { float4 r; r.x = 1; return r; }"
    assert _warnings(src) == []
    # a pragma after the entry does not reach back
    src = "float4 main() : SV_Target { float4 r; r.x = 1; return r; }\n#pragma warning(disable: 3578)\n"
    assert len(_warnings(src)) == 1


def test_pragma_error_and_warnings_are_errors_fail_the_compile():
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile("#pragma warning(error: 3578)\nfloat4 main() : SV_Target { float4 r; r.x = 1; return r; }",
                   None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "X3578" in e.value.errors
    with pytest.raises(ShaderCompileError):
        D3DCompile("float4 main() : SV_Target { float4 r; r.x = 1; return r; }", None, "t.hlsl", None, None,
                   "main", "ps_5_0", D3DCOMPILE_WARNINGS_ARE_ERRORS)


# --- session 13, helper MU2: what fxc writes for the undefined components (uninit.drop_unwritten_output_decls) --
# Rule (fxc's ContactHardeningShadows11_VSSM.o record, uninit.py's docstring): a returned component the shader
# never defines is not written at all — its lanes are masked off the output moves, an output left with no lane
# written loses its dcl_output and is written by no instruction, and the output signature still lists the element
# with those lanes in its "never written" mask (D3D11_SIGNATURE_PARAMETER_DESC.ReadWriteMask for an output).
_OUT3 = "struct O { float4 p : SV_Position; float4 c : COLOR; float4 d : TEXCOORD; };\n"
_XYZW = "xyzw"

# (source, target, {output register: lanes the shader defines}); every other lane of o0..o2 is undefined
_WRITTEN = [
    (_OUT3 + "O main(float4 v : POSITION) { O o; o.p = v; return o; }", "vs_5_0", {0: "xyzw"}),
    (_OUT3 + "O main(float4 v : POSITION) { O o; o.p = v; o.d = v.yxwz; return o; }", "vs_5_0",
     {0: "xyzw", 2: "xyzw"}),
    (_OUT3 + "O main(float4 v : POSITION) { O o; o.p = v; o.c.xz = v.yw; o.d.w = v.x; return o; }", "vs_5_0",
     {0: "xyzw", 1: "xz", 2: "w"}),
    (_OUT3 + "O main(float4 v : POSITION) { O o; o.p = v; o.c.y = v.x; return o; }", "vs_4_0",
     {0: "xyzw", 1: "y"}),
    ("float4 main(float4 v : C) : SV_Target { float4 r; r.xw = v.xw; return r; }", "ps_4_0", {0: "xw"}),
    ("float4 main(float4 v : C) : SV_Target { float4 r; r.yz = v.zy; return r; }", "ps_5_0", {0: "yz"}),
]


def _listing_and_signature(src: str, target: str, flags: int):
    from pyd3d11.d3dcompiler import D3DDisassemble, D3DReflect

    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags, 0))
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("//")]
    refl = D3DReflect(blob)
    sig = {}
    for i in range(refl.GetDesc().OutputParameters):
        d = refl.GetOutputParameterDesc(i)
        sig[d.Register] = (d.Mask, d.ReadWriteMask)
    return lines, sig


def _written_lanes(lines: list[str]) -> tuple[dict[int, set[str]], set[int]]:
    """Output register -> lanes some instruction writes; and the registers with a dcl_output."""
    import re

    written: dict[int, set[str]] = {}
    declared: set[int] = set()
    for ln in lines:
        m = re.match(r"dcl_output(?:_s[gi]v)? o(\d+)", ln)
        if m:
            declared.add(int(m.group(1)))
            continue
        m = re.match(r"[a-z_]+ o(\d+)(?:\.([xyzw]+))?,", ln)
        if m and not ln.startswith("dcl"):
            written.setdefault(int(m.group(1)), set()).update(m.group(2) or _XYZW)
    return written, declared


@pytest.mark.parametrize("flags", [0, 1 << 2], ids=["optimised", "Od"])
@pytest.mark.parametrize(("src", "target", "defined"), _WRITTEN)
def test_undefined_components_are_not_written(src, target, defined, flags):
    lines, sig = _listing_and_signature(src, target, flags)
    written, declared = _written_lanes(lines)
    assert {r: "".join(c for c in _XYZW if c in lanes) for r, lanes in written.items()} == defined
    assert declared == set(defined)
    for reg, (mask, never) in sig.items():
        lanes = defined.get(reg, "")
        assert mask == 0xF
        assert never == sum(1 << i for i, c in enumerate(_XYZW) if c not in lanes), reg

