"""Division by a divisor known to be zero (issue 15, constant folding errors).

Sources: fxc reports ``error X4010: Unsigned integer divide by zero`` for an integer ``/`` or ``%`` whose
divisor it knows to be zero — signed as well as unsigned, since DXBC divides integers only with udiv
(fxc logs quoted in gfx-rs/naga#1891, a signed i32 division of constants after inlining, and
mc-imperial/shader-compiler-bugs#66, a divisor that constant propagation made zero); code fxc removes
as dead first is not reported (naga#1891: the error appears only where fxc could not remove the branch).
A float division by a known zero is ``warning X4008: floating point division by zero`` (the value is an
IEEE infinity or NaN; projects silence it with ``#pragma warning(disable : 4008)``).
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_WARNINGS_ARE_ERRORS
from pyd3d11.shader.compile_api import D3DCompile


def _compile(src: str, flags: int = 0, msgs: list | None = None) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags, 0, msgs))


def _error(src: str) -> str:
    with pytest.raises(ShaderCompileError) as info:
        _compile(src)
    return info.value.errors


INT_ZERO = [
    "int x = 1 / 0; return x;",
    "int x = 1 % 0; return x;",
    "uint x = 7u / 0u; return x;",
    "uint x = 7u % 0u; return x;",
    "return i / 0;",
    "return u % 0;",
    "return (u / 0u).xxxx;",
    "int z = 0; return i / z;",  # the divisor is known through constant propagation
    "int2 z = int2(3, 0); return (i / z).xyxy;",  # one component is enough
    "int x = i; x /= 0; return x;",
    "uint x = u; x %= 0; return x;",
    "return i / (2 - 2);",
    "return i / int(false);",
]


@pytest.mark.parametrize("body", INT_ZERO)
def test_integer_division_by_known_zero_is_x4010(body):
    src = f"float4 main(int i : I, uint u : U) : SV_Target {{ {body} }}"
    err = _error(src)
    assert re.search(r"t\.hlsl\(1,\d+\): error X4010: Unsigned integer divide by zero", err), err


def test_static_const_initialiser_division_by_zero():
    err = _error("static const int k = 4 / 0;\nfloat4 main() : SV_Target { return k; }")
    assert "t.hlsl(1," in err and "X4010" in err


INT_FINE = [
    "return i / 3;",
    "return u % 7u;",
    "return i / u;",  # unknown at compile time: the run-time result (0xFFFFFFFF) is the hardware's business
    "if (false) return i / 0; return 1;",  # removed as dead before any division exists
    "int z = 0; z = i; return i / z;",  # the last store wins: z is no longer known
    "return 0 / i;",  # a zero dividend is fine
]


@pytest.mark.parametrize("body", INT_FINE)
def test_integer_divisions_fxc_accepts(body):
    src = f"float4 main(int i : I, uint u : U) : SV_Target {{ {body} }}"
    msgs: list = []
    assert _compile(src, msgs=msgs)
    assert not any(b"X4010" in bytes(m) for m in msgs)


FLOAT_ZERO = ["return 1.0 / 0.0;", "return f / 0.0;", "return f / -0.0;", "return f % 0.0;",
              "float z = 0; return f / z;", "return (f / float2(1, 0)).xyxy;", "float x = f; x /= 0; return x;"]


@pytest.mark.parametrize("body", FLOAT_ZERO)
def test_float_division_by_known_zero_is_warning_x4008(body):
    src = f"float4 main(float f : F) : SV_Target {{ {body} }}"
    msgs: list = []
    assert _compile(src, msgs=msgs)  # a warning: the program compiles
    text = b"".join(bytes(m) for m in msgs).decode()
    assert re.search(r"t\.hlsl\(1,\d+\): warning X4008: floating point division by zero", text), text
    with pytest.raises(ShaderCompileError) as info:
        _compile(src, flags=D3DCOMPILE_WARNINGS_ARE_ERRORS)
    assert "X4008" in info.value.errors


@pytest.mark.parametrize("body", ["return f / 2.0;", "return f / f;", "return 0.0 / f;", "return f % 3.0;"])
def test_float_divisions_without_warning(body):
    msgs: list = []
    _compile(f"float4 main(float f : F) : SV_Target {{ {body} }}", msgs=msgs)
    assert msgs == []


def test_pragma_disables_x4008():
    msgs: list = []
    _compile("#pragma warning(disable : 4008)\nfloat4 main(float f : F) : SV_Target { return f / 0.0; }", msgs=msgs)
    assert msgs == []


def test_float_division_by_zero_folds_to_infinity():
    # the folded value is the executor's: +F / +0 = +inf, +F / -0 = -inf (div's table, SM4 asm docs)
    from test_hlsl_features import run_ps

    out = run_ps("float4 main() : SV_Target { return float4(1.0 / 0.0, -1.0 / 0.0, 1.0 / -0.0, 0); }", {}, 1)
    assert [int(b) for b in out[0, 0][:3]] == [0x7F800000, 0xFF800000, 0xFF800000]  # render target bits
