"""Error numbers of expression rules that the mutation round of session 11 (seed 8, scripts/mutate.py) found
unpinned in exprs.py: each test names the fxc record that fixes its number.

- A vector swizzle mixing the ``xyzw`` and ``rgba`` sets: fxc's "X3018: invalid subscript '<name>'" (DXC SemaHLSL
  vector-syntax-mix.hlsl records ``myothervar.xgba = myvar.xyzw`` and ``myothervar.rgbx = ...`` with these
  words; MicrosoftDocs "Per-Component Math Operations": one name set per swizzle, at most four components).
- A vector constructor used as an l-value (``float4(a, b) = ...``, which fxc accepts: the DirectX SDK's
  ParallaxOcclusionMapping.fx) designates its arguments' own storage, so an argument whose type would need a
  conversion is the cast rule's "X4555: cannot use casts on l-values" (DXC SemaHLSL more-operators.hlsl records
  fxc's X4555 for an assignment through a converting cast)."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _errors(src: str) -> str:
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0)
    return ei.value.errors


@pytest.mark.parametrize("target,source", [("o.xgba", "v.xyzw"), ("o.rgbx", "v.xyzw"), ("o.xy", "v.xr"),
                                           ("o.xa", "v.xy")])
def test_swizzle_mixing_the_name_sets_is_x3018(target, source):
    bad = next(s for s in (target.split(".", 1)[1], source.split(".", 1)[1].split(".")[0]) if
               not (set(s) <= set("xyzw") or set(s) <= set("rgba")))
    err = _errors(f"float4 main(float4 v : V) : SV_Target {{ float4 o = 0; {target} = {source}; return o; }}")
    assert f"error X3018: invalid subscript '{bad}'" in err, err


@pytest.mark.parametrize("name", ["xyzwx", "rgbar", "xq", "s"])
def test_swizzle_of_more_than_four_or_unknown_letters_is_x3018(name):
    err = _errors(f"float4 main(float4 v : V) : SV_Target {{ return v.{name}.x; }}")
    assert f"error X3018: invalid subscript '{name}'" in err, err


@pytest.mark.parametrize("args,decl", [("o.x, i", "int i = 1;"), ("u, o.y", "uint u = 2;")])
def test_constructor_lvalue_with_a_converting_argument_is_x4555(args, decl):
    src = f"float4 main(float4 v : V) : SV_Target {{ float4 o = 0; {decl} float2({args}) = v.xy; return o; }}"
    assert "error X4555: cannot use casts on l-values" in _errors(src)


def test_constructor_lvalue_of_same_typed_components_compiles():
    # the accepted form (ParallaxOcclusionMapping.fx): the components are the arguments' own storage
    src = "float4 main(float4 v : V) : SV_Target { float4 o = 0; float2(o.x, o.w) = v.xy; return o; }"
    assert len(bytes(D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0))) > 0
