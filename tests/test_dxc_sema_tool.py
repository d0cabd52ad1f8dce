"""tools/dxc_sema's classification of fxc verdicts it cannot reproduce at SM 5.0, and the X3504 rule the
hand-annotated array-index-out-of-bounds files record.

known_difference: fxc's verdicts in DXC's SemaHLSL files were recorded at cs_5_1, where an object declared in
a documented register set of another kind (b, t, c, s, u, i) is an error even when unused; fxc 4.0–5.0 ignores
the reservation of an unused object (vkd3d's Windows-verified register-reservations-resources test), so those
lines are known differences. An undocumented register letter, and constant/texture buffers in the wrong set,
fail at every model and are never excused.

X3504 "array index out of bounds": a constant index outside an array, vector or matrix of the function being
compiled (a negative literal converts to a uint past any bound). It is a code-generation error of the compiled
function: DXC's array-index-out-of-bounds.hlsl records it for ``int array[2]; array[-1]``/``array[2]`` in the
entry point ``main``, its -HV-2016 twin records no error for the same statements in an uncalled ``dead()``."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools.dxc_sema import HAND_ARGS, _target, known_difference

pytestmark = pytest.mark.backend_specific

_SM51 = "sm5.1-only: unused object in another documented register set"


@pytest.mark.parametrize("line, why", [
    # objects in another documented set: fxc 5.1's error, not fxc 5.0's
    ("RWBuffer<float> u : register(t1); /* fxc-error {{X3530: UAV requires a 'u' register}} */", _SM51),
    ("Texture2D t : register(u2); // fxc-error {{X3530: texture requires a 't' or 's' register}}", _SM51),
    ("Buffer b : register(B2); // fxc-error {{X3530: buffer requires a 't' register}}", _SM51),
    ("sampler s : register(ps, c3); // fxc-error {{X3530: sampler requires an 's' or 't' register}}", _SM51),
    ("sampler s : register(t1); /* fxc-error {{X3591: incorrect bind semantic}} */", _SM51),
    ("Texture1D t : register(vs, S2); /* fxc-error {{X3591: incorrect bind semantic}} */", _SM51),
    ("Texture1D t : register(i2); /* fxc-error {{X3591: incorrect bind semantic}} */", _SM51),
    # an undocumented letter fails at every model
    ("sampler s : register(ps, a0); // fxc-error {{X3530: sampler requires an 's' or 't' register}}", None),
    ("RWBuffer<float> u : register(f1); /* fxc-error {{X3530: UAV requires a 'u' register}} */", None),
    ("sampler s : register(vs); // fxc-error {{X3530: sampler requires an 's' or 't' register}}", None),
    # constant and texture buffers are checked at every model
    ("cbuffer C : register(t1) { float c; } /* fxc-error {{X3591: incorrect bind semantic}} */", None),
    ("tbuffer T : register(c1) { float c; } /* fxc-error {{X3591: incorrect bind semantic}} */", None),
    # ... but a cbuffer's c# is its slot below 5.1 (fxc 6.3.9600 at vs_5_0: AMD_UnitCube.hlsl)
    ("cbuffer C : register(c2) { float c; } /* fxc-error {{X3591: incorrect bind semantic}} */",
     "sm5.1-only: a cbuffer's c# register"),
    ("ConstantBuffer<S> C : register(u1); /* fxc-error {{X3591: incorrect bind semantic}} */", None),
    ("TextureBuffer<S> T : register(b1); /* fxc-error {{X3591: incorrect bind semantic}} */", None),
    # other errors and passes are never excused
    ("sampler s : register(s0) : register(s1); // fxc-error {{X3115: Conflicting register semantics}}", None),
    ("Texture2D t : register(t0); /* fxc-pass {{}} */", None),
    ("float4 f : register(c0); // fxc-error {{X3530: register or offset bind c3.w not valid}}", None),
])
def test_known_difference_excuses_only_unused_objects_in_a_documented_set(line, why):
    assert known_difference(line) == why


def test_hand_annotated_files_run_at_the_entry_point_their_annotations_assume():
    for name, args in HAND_ARGS.items():
        assert _target(args) == ("main", "vs_5_0", 0), name


_CONTAINERS = [  # declaration, type's bound
    ("int a[2]", "a", 2),
    ("float3 a = 0", "a", 3),
    ("float2x3 a = 0", "a", 2),  # a matrix subscript picks a row
]


def _compile(src: str, entry: str = "main") -> None:
    D3DCompile(src, None, "t.hlsl", None, None, entry, "vs_5_0", 0, 0)


@pytest.mark.parametrize("decl, name, n", _CONTAINERS)
@pytest.mark.parametrize("which", ["-1", "n"])
def test_constant_index_out_of_bounds_in_the_entry_point_is_x3504(decl, name, n, which):
    i = -1 if which == "-1" else n
    src = f"float4 main() : SV_Position {{ {decl}; {name}[{i}] = 0; return 0; }}"
    with pytest.raises(ShaderCompileError) as ei:
        _compile(src)
    assert "error X3504" in ei.value.errors


def test_constant_index_within_bounds_compiles():
    body = " ".join(f"{{ {d}; {nm}[0] = 1; {nm}[{n - 1}] = 1; }}" for d, nm, n in _CONTAINERS)
    _compile(f"float4 main() : SV_Position {{ {body} return 0; }}")


def test_constant_index_out_of_bounds_in_an_uncalled_function_compiles():
    body = " ".join(f"{{ {d}; {nm}[-1] = 0; {nm}[{n}] = 0; }}" for d, nm, n in _CONTAINERS)
    _compile(f"void dead() {{ {body} }} float4 main() : SV_Position {{ return 0; }}")
