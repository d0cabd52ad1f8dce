"""X4000 is judged on the code after dead code is removed (issue 15): a read that only feeds dead work is no use.

The rule (tests/test_rules_hlsl_uninitialized_locals.py states it with its sources): fxc's error X4000 for a
numeric local that no path defines applies to the code as its back end sees it, after copies are folded and dead
code removed. Two kinds of dead work kept the read alive here before (found on DXC's CodeGenSPIRV files in
session 16, e.g. cf.cond-op.hlsl, cf.logical-and.hlsl, method.buffer.load.hlsl):
- an ``if`` whose arms lose every instruction (``if (a) val++;`` with ``val`` never used): the condition is read
  by the ``if`` alone, and an empty ``if``/``else`` is no work (fxc never emits one);
- a bool output (written as the register holds it, 0 or 0xFFFFFFFF, tests/test_rules_hlsl_bool_outputs.py): a
  copy into an output is X3578's concern (the output warning), never X4000, whatever the output's type
  (DXC's spirv.interpolation.vs.hlsl returns a struct with bool members never assigned; session 16 found the
  bool output's former ``and 1`` conversion counted as a use);
- the status forms of memory loads (``Load(address, status)``; ``ld_*_s``), which only read memory like the plain
  forms the eliminator already removes when their results are dead.
Each dead case has a live twin that must still be X4000, so neither the rule nor the dead-code removal can be
switched off without a failure.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DDisassemble
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_MSG = "error X4000: variable '{}' used without having been completely initialized"


def _compile(src: str, target: str):
    try:
        return D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0), ""
    except ShaderCompileError as exc:
        return None, exc.errors


def _listing(blob) -> str:
    return bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()


# (dead-read source, live twin, target, the local)
_CASES = [
    ("void main() { bool a; int val = 0; if (a) val++; }",
     "int main() : SV_Target { bool a; int val = 0; if (a) val++; return val; }", "ps_5_0", "a"),
    ("void main() { bool a, b, c; int val = 0; if (a ? b : c) val++; }",
     "int main() : SV_Target { bool a, b, c; int val = 0; if (a ? b : c) val++; return val; }", "ps_5_0", "a"),
    ("void main() { bool a; int v = 0; if (a) v = 1; else v = 2; }",
     "int main() : SV_Target { bool a; int v = 0; if (a) v = 1; else v = 2; return v; }", "ps_5_0", "a"),
    ("void main() { bool a, b; int v = 0; if (a && b) v++; }",
     "int main() : SV_Target { bool a, b; int v = 0; if (a && b) v++; return v; }", "ps_5_0", "a"),
    ("void main() { int i; float s = 0; if (i > 3) { s = sqrt(s); } }",
     "float main(float x : X) : SV_Target { int i; float s = 1; if (i > 3) { s = sqrt(x); } return s; }", "ps_5_0", "i"),
    ("struct O { bool3 d : D; float f : F; };\nO main() { O o; return o; }",
     "struct O { bool3 d : D; float f : F; };\nO main(int3 x : X) { bool3 b; O o; o.d = b & x; o.f = 1; return o; }",
     "vs_5_0", "b"),
    ("bool main() : B { bool b; return b; }", "bool main() : B { bool b; return !b; }", "vs_5_0", "b"),
    ("Buffer<float> b;\nvoid main() { int a; uint s; float r = b.Load(a, s); }",
     "Buffer<float> b;\nfloat main() : SV_Target { int a; uint s; return b.Load(a, s); }", "ps_5_0", "a"),
    ("RWBuffer<int2> b;\nvoid main() { int a; uint s; int2 r = b.Load(a, s); }",
     "RWBuffer<int2> b;\nint2 main() : SV_Target { int a; uint s; return b.Load(a, s); }", "ps_5_0", "a"),
    ("ByteAddressBuffer b;\nvoid main() { uint a; uint s; uint r = b.Load(a, s); }",
     "ByteAddressBuffer b;\nuint main() : SV_Target { uint a; uint s; return b.Load(a, s); }", "ps_5_0", "a"),
    ("StructuredBuffer<float4> b;\n[numthreads(1,1,1)] void main() { uint a; uint s; float4 r = b.Load(a, s); }",
     "StructuredBuffer<float4> b; RWBuffer<float4> o;\n[numthreads(1,1,1)] void main() { uint a; uint s; "
     "o[0] = b.Load(a, s); }", "cs_5_0", "a"),
]


@pytest.mark.parametrize("dead,live,target,name", _CASES, ids=range(len(_CASES)))
def test_dead_read_compiles_live_read_is_x4000(dead: str, live: str, target: str, name: str) -> None:
    blob, errors = _compile(dead, target)
    assert errors == "" and blob is not None
    _blob, errors = _compile(live, target)
    assert _MSG.format(name) in errors
    if ".Load(" in live:  # at 5.1 an undefined load address is warning X4000 then X4575 (d3dcompiler_47 10.1)
        _blob, errors = _compile(live, target[:3] + "5_1")
        assert f"warning X4000: use of potentially uninitialized variable ({name})" in errors
        assert "error X4575: reading uninitialized value" in errors


def test_an_unassigned_bool_output_warns_x3578() -> None:
    msgs: list = []
    D3DCompile("struct O { bool2 d : D; };\nO main() { O o; return o; }", None, "t.hlsl", None, None, "main",
               "vs_5_0", 0, 0, msgs)
    assert "warning X3578: Output value 'main' is not completely initialized" in bytes(msgs[0]).decode()


@pytest.mark.parametrize("src", [
    "float main(float x : X) : SV_Target { float y = 0; if (x > 0) { float t = x * 2; } return y; }",
    "float main(float x : X) : SV_Target { float y = x; if (x > 0) { y = y; } else { y = y; } return y; }",
])
def test_no_empty_if_in_the_bytecode(src: str) -> None:
    """An ``if`` left without instructions is removed, with its ``else`` and ``endif``."""
    blob, errors = _compile(src, "ps_5_0")
    assert errors == ""
    text = _listing(blob)
    assert not any(ln.split()[:1] in (["if_nz"], ["if_z"], ["else"], ["endif"]) for ln in text.splitlines())


def test_an_empty_else_arm_goes_and_the_if_stays() -> None:
    src = ("RWBuffer<float> o;\n[numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) { float d = 0; "
           "if (t.x > 1) o[0] = 1; else d = 2; }")
    blob, errors = _compile(src, "cs_5_0")
    assert errors == ""
    text = _listing(blob)
    ops = [ln.split()[0] for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("//")]
    assert "if_nz" in ops or "if_z" in ops
    assert "else" not in ops
    assert "endif" in ops
