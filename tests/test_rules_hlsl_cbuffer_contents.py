"""What a ``cbuffer`` / ``tbuffer`` block may hold besides its variables, as fxc accepts it.

- A function defined (or declared) inside the block is an ordinary global function: DXC PR 1012 (Microsoft's
  marcelolr: "Functions within cbuffers declarations are effectively global functions ... it was supported by
  the prior compiler", i.e. fxc), with DXC's tests CodeGenSPIRV/fn.ctbuffer.hlsl and
  HLSLFileCheck/hlsl/objects/CbufferLegacy/cbuffer_fn.hlsl (both were X3000 here). The function takes no room in
  the buffer: the variables after it are laid out as if it were not there.
- A ``cbuffer`` nested in another is a buffer of its own, and fxc binds the outer one first (microsoft/hlsl-specs
  issue 357, tex3d's FXC/DXC comparison: "FXC binds outer cbuffer declaration before the nested one while DXC
  binds it after"); the outer buffer's variables after the nested block stay in the outer buffer.

Everything else in a block is unchanged: the function obeys the rules of any global function (a second body
X3003 (fxc 10.1; session 40), a call that matches no overload X3013), and a member's own syntax errors stay X3000."""

from __future__ import annotations

import re

import pytest
from hlsl_docs_language_kit import Case, run_case

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.reflection import D3DReflect


def _compile(src: str, entry: str = "main", target: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target))


def _buffers(blob: bytes) -> dict[str, tuple[int, dict[str, int]]]:
    """name -> (bind point, variable name -> start offset) of each constant/texture buffer."""
    r = D3DReflect(blob)
    out = {}
    for k in range(r.GetDesc().ConstantBuffers):
        cb = r.GetConstantBufferByIndex(k)
        d = cb.GetDesc()
        offs = {cb.GetVariableByIndex(j).GetDesc().Name: cb.GetVariableByIndex(j).GetDesc().StartOffset
                for j in range(d.Variables)}
        out[d.Name] = (r.GetResourceBindingDescByName(d.Name).BindPoint, offs)
    return out


def _error(src: str) -> str:
    with pytest.raises(D3D11Error) as exc:
        _compile(src)
    return str(exc.value)


DXC_FN_CTBUFFER = """cbuffer MyCBuffer {
    float4 cb_val;
    float4 get_cb_val() { return cb_val; }
}
struct S {
    float3 s_val;
    float3 get_s_val() { return s_val; }
};
tbuffer MyTBuffer {
    float tb_val;
    S     tb_s;
    float get_tb_val() { return tb_val; }
}
float4 main() : SV_Target {
    return get_cb_val() + float4(tb_s.get_s_val(), 0.) * get_tb_val();
}"""

DXC_CBUFFER_FN = """cbuffer C {
  float4 f4;
  float4 get_f4() { return f4; }
};
struct PSInput { float4 position : SV_POSITION; float4 color : COLOR; };
PSInput VSMain(float4 position: POSITION, float4 color: COLOR) {
 PSInput result;
 result.position = position;
 result.color = color * get_f4();
 return result;
}"""


@pytest.mark.backend_independent
def test_dxc_fn_ctbuffer_compiles_with_the_functions_global():
    bufs = _buffers(_compile(DXC_FN_CTBUFFER))
    assert bufs["MyCBuffer"][1] == {"cb_val": 0}
    assert bufs["MyTBuffer"][1] == {"tb_val": 0, "tb_s": 16}


@pytest.mark.backend_independent
def test_dxc_cbuffer_fn_compiles():
    assert _buffers(_compile(DXC_CBUFFER_FN, "VSMain", "vs_5_0"))["C"][1] == {"f4": 0}


#: (source, buffer -> (bind point, variable offsets)): a function takes no room; variables after it follow on
LAYOUTS = [
    ("cbuffer C { float a; float get_a() { return a; } float b; float4 c; };\n"
     "float4 main() : SV_Target { return get_a() + b + c; }",
     {"C": (0, {"a": 0, "b": 4, "c": 16})}),
    ("cbuffer C { float4 v; float4 twice(float4 x) { return 2 * x; } float4 w; };\n"
     "float4 main() : SV_Target { return twice(w) + v; }",
     {"C": (0, {"v": 0, "w": 16})}),
    # a prototype in the block, the body outside
    ("cbuffer C { float4 v; float4 f(); };\nfloat4 f() { return v; }\n"
     "float4 main() : SV_Target { return f(); }",
     {"C": (0, {"v": 0})}),
    # overloads, one inside and one outside
    ("cbuffer C { float4 v; float4 f(float x) { return v * x; } };\nfloat4 f(float2 x) { return v.xy.xyxy * x.xyxy; }\n"
     "float4 main(float a : A) : SV_Target { return f(a) + f(float2(a, a)); }",
     {"C": (0, {"v": 0})}),
    # a nested buffer: its own buffer, bound after the outer one; the outer's later members stay outer
    ("cbuffer A { float4 a; cbuffer B { float4 b; }; float4 a2; };\n"
     "float4 main() : SV_Target { return a + b + a2; }",
     {"A": (0, {"a": 0, "a2": 16}), "B": (1, {"b": 0})}),
    ("cbuffer A { float4 a; cbuffer B { float4 b; float4 get_b() { return b; } } };\n"
     "float4 main() : SV_Target { return a + get_b(); }",
     {"A": (0, {"a": 0}), "B": (1, {"b": 0})}),
    ("cbuffer A : register(b3) { float4 a; cbuffer B : register(b1) { float4 b; } };\n"
     "float4 main() : SV_Target { return a + b; }",
     {"A": (3, {"a": 0}), "B": (1, {"b": 0})}),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("src", "expect"), LAYOUTS)
def test_functions_and_nested_buffers_in_a_block(src: str, expect: dict):
    assert _buffers(_compile(src)) == expect


#: the hoisted function is any global function; the block's own errors stay
ERRORS = [
    ("cbuffer C { float4 v; float4 get() { return v; } };\nfloat4 get() { return 2; }\n"
     "float4 main() : SV_Target { return get(); }", "X3003"),  # fxc 10.1 (session 40 ACC)
    ("cbuffer C { float4 v; float4 get(float x) { return v * x; } };\n"
     "float4 main() : SV_Target { return get(); }", "X3013"),
    ("cbuffer C { float4 v; float4 get() { return w; } };\nfloat4 main() : SV_Target { return get(); }", "X3004"),
    ("cbuffer C { float4 v; float4 () { return v; } };\nfloat4 main() : SV_Target { return v; }", "X3000"),
    # an entry point may not be defined twice either (the block's copy is the second body; fxc 10.1 compiles this
    # one, session 40 ACC: tests/test_rules_hlsl_dxc_s40.py keeps it as a known difference)
    ("float4 main() : SV_Target { return 0; }\ncbuffer C { float4 v; float4 main() : SV_Target { return v; } };",
     "X3003"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("src", "code"), ERRORS)
def test_block_errors_and_global_function_rules_stay(src: str, code: str):
    assert re.search(rf"error {code}\b", _error(src))


RUNS = [
    Case("function_in_cbuffer_runs", "r.x = twice(q.x); r.y = add3(q.y);",
         [[1, 2, 0, 0], [-4, 10, 0, 0]], [[2, 5, 0, 0], [-8, 13, 0, 0]],
         decls="cbuffer C { float4 unused_v; uint twice(int x) { return 2 * x; } };\n"
               "tbuffer T { float unused_t; int add3(int y) { return y + 3; } };"),
]


@pytest.mark.parametrize("case", RUNS, ids=[c.name for c in RUNS])
def test_a_function_defined_in_a_block_runs(case: Case):
    run_case(case)
