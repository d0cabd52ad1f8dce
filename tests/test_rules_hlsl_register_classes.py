"""Register classes of ``register(...)`` on resource objects, every object kind x every register letter.

Sources:
- MicrosoftDocs direct3dhlsl "register": ``register([shader_profile,] Type#[subcomponent])``; the register
  types are b (constant buffer), t (texture and texture buffer), c (buffer offset), s (sampler), u (unordered
  access view); the profile is a target or a bare ``ps``/``vs``; the page's own example
  ``sampler myVar : register(ps_5_0, s)`` leaves the number out.
- fxc's X3530 texts for an object in a register set its kind does not take, as DXC's SemaHLSL packreg
  records them (fxc at ps_5_1): textures "texture requires a 't' or 's' register", samplers "sampler requires
  an 's' or 't' register", Buffer/StructuredBuffer/ByteAddressBuffer "buffer requires a 't' register", RW*,
  Append/Consume "UAV requires a 'u' register"; register letters in either case (``register(T3)`` passes).
- d3dcompiler_47 10.1 under Wine (session 35) for which letters fail (FXC_FAILING_LETTERS, recorded): a letter
  the object's kind does not name fails at the declaration, used or not (X3530); of the pairings it names, a
  texture in s# binds as if unreserved and a used sampler in t# is X4509. (Before session 35 these tests held
  that an unused object's reservation is never judged, generalising vkd3d's register-reservations-resources,
  whose cases are all pairings.) A letter that is no register type (register-reservations-numeric:
  ``register(samply)`` is a parse failure) fails used or not.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: kind -> (declaration of ``o`` with its reservation as {reg}, statement using it, its register set, fxc's
#: X3530 text for its kind, the letters that text names)
_TEX = ("t", "texture requires a 't' or 's' register", "ts")
_BUF = ("t", "buffer requires a 't' register", "t")
_SMP = ("s", "sampler requires an 's' or 't' register", "st")
_UAV = ("u", "UAV requires a 'u' register", "u")
KINDS = {
    "Texture1D": ("Texture1D o{reg};", "r += o.Load(int2(0, 0));", *_TEX),
    "Texture1DArray": ("Texture1DArray o{reg};", "r += o.Load(int3(0, 0, 0));", *_TEX),
    "Texture2D": ("Texture2D o{reg};", "r += o.Load(int3(0, 0, 0));", *_TEX),
    "Texture2DArray": ("Texture2DArray o{reg};", "r += o.Load(int4(0, 0, 0, 0));", *_TEX),
    "Texture3D": ("Texture3D o{reg};", "r += o.Load(int4(0, 0, 0, 0));", *_TEX),
    "TextureCube": ("TextureCube o{reg}; SamplerState smp;", "r += o.SampleLevel(smp, float3(0, 0, 1), 0);",
                    *_TEX),
    "TextureCubeArray": ("TextureCubeArray o{reg}; SamplerState smp;",
                         "r += o.SampleLevel(smp, float4(0, 0, 1, 0), 0);", *_TEX),
    "Texture2DMS": ("Texture2DMS<float4, 4> o{reg};", "r += o.Load(int2(0, 0), 1);", *_TEX),
    "Texture2DMSArray": ("Texture2DMSArray<float4, 4> o{reg};", "r += o.Load(int3(0, 0, 0), 1);", *_TEX),
    "Buffer": ("Buffer<float4> o{reg};", "r += o.Load(0);", *_BUF),
    "StructuredBuffer": ("StructuredBuffer<float4> o{reg};", "r += o[0];", *_BUF),
    "ByteAddressBuffer": ("ByteAddressBuffer o{reg};", "r += asfloat(o.Load4(0));", *_BUF),
    "SamplerState": ("SamplerState o{reg}; Texture2D tx;", "r += tx.SampleLevel(o, float2(0, 0), 0);", *_SMP),
    "SamplerComparisonState": ("SamplerComparisonState o{reg}; Texture2D tx;",
                               "r += tx.SampleCmpLevelZero(o, float2(0, 0), 0.5);", *_SMP),
    "RWTexture1D": ("RWTexture1D<float> o{reg};", "r += o[0];", *_UAV),
    "RWTexture1DArray": ("RWTexture1DArray<float> o{reg};", "r += o[uint2(0, 0)];", *_UAV),
    "RWTexture2D": ("RWTexture2D<float> o{reg};", "r += o[uint2(0, 0)];", *_UAV),
    "RWTexture2DArray": ("RWTexture2DArray<float> o{reg};", "r += o[uint3(0, 0, 0)];", *_UAV),
    "RWTexture3D": ("RWTexture3D<float> o{reg};", "r += o[uint3(0, 0, 0)];", *_UAV),
    "RWBuffer": ("RWBuffer<float> o{reg};", "r += o[0];", *_UAV),
    "RWStructuredBuffer": ("RWStructuredBuffer<float4> o{reg};", "r += o[0];", *_UAV),
    "RWByteAddressBuffer": ("RWByteAddressBuffer o{reg};", "r += asfloat(o.Load4(0));", *_UAV),
    "AppendStructuredBuffer": ("AppendStructuredBuffer<float4> o{reg};", "o.Append(r);", *_UAV),
    "ConsumeStructuredBuffer": ("ConsumeStructuredBuffer<float4> o{reg};", "r += o.Consume();", *_UAV),
}
#: the register types of the "register" page, and Direct3D 9's integer set i, in both letter cases
LETTERS = ["b", "t", "c", "s", "u", "i", "B", "T", "C", "S", "U", "I"]


def _source(kind: str, reg: str, used: bool) -> str:
    decl, use = KINDS[kind][:2]
    body = use if used else ""
    return decl.format(reg=reg) + f"\nfloat4 main() : SV_Target {{ float4 r = 0; {body} return r; }}\n"


def _compile(src: str, target: str = "ps_5_0") -> bytes:
    return D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)


def _error(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as info:
        _compile(src, target)
    return info.value.errors


#: recorded from d3dcompiler_47 10.1 under Wine (session 35): per X3530 text (the kind's category), the
#: register letters (either case) that fail an unused object and a used one. The rows before session 35 said
#: an unused object's reservation is never judged (after vkd3d's records, whose letters are all pairings)
FXC_FAILING_LETTERS = {  # text -> (unused, used)
    _TEX[1]: ("bcui", "bcui"),  # a texture in s# binds as if unreserved
    _BUF[1]: ("bcsui", "bcsui"),
    _SMP[1]: ("bcui", "btcui"),  # a used sampler in t# is X4509
    _UAV[1]: ("btcsi", "btcsi"),
}


def _expected_error(kind: str, letter: str, used: bool = True) -> str | None:
    """The error a ``kind`` object reserved with ``letter`` gets (fxc's number and text), or None."""
    text = KINDS[kind][3]
    if letter.lower() not in FXC_FAILING_LETTERS[text][used]:
        return None
    if text == _SMP[1] and letter.lower() == "t":
        return (f"X4509: invalid register semantic '{letter.lower()}2', or variable must be bound to multiple "
                "register banks (s register binding required)")
    return f"X3530: {text}"


CASES = [(k, letter) for k in KINDS for letter in LETTERS]


@pytest.mark.parametrize("kind,letter", CASES)
def test_used_object_register_letter(kind, letter):
    src = _source(kind, f" : register({letter}2)", used=True)
    expected = _expected_error(kind, letter)
    if expected is None:
        desc = D3DReflect(_compile(src)).GetResourceBindingDescByName("o")
        # its own set binds the reservation; a texture in s# takes the first free t#
        assert desc.BindPoint == (2 if letter.lower() == KINDS[kind][2] else 0)
    else:
        err = _error(src)
        assert f"error {expected}" in err, err


@pytest.mark.parametrize("kind,letter", CASES)
def test_unused_object_reservation_letter(kind, letter):
    """An unused object's reservation is judged at its declaration: a letter its kind does not name is X3530."""
    src = _source(kind, f" : register({letter}2)", used=False)
    expected = _expected_error(kind, letter, used=False)
    if expected is None:
        _compile(src)
    else:
        err = _error(src)
        assert f"error {expected}" in err, err


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("letter", ["a", "f", "z", "x", "A", "F"])
@pytest.mark.parametrize("used", [True, False])
def test_letter_that_is_no_register_type(kind, letter, used):
    """A letter outside the register types fails, used or not, with the kind's X3530 text."""
    err = _error(_source(kind, f" : register({letter}2)", used))
    assert f"error X3530: {KINDS[kind][3]}" in err, err


#: (reservation, target, expected bind point of the used texture ``o``): profile-qualified forms,
#: subcomponents and numberless letters
FORMS = [
    (" : register(t3)", "ps_5_0", 3),
    (" : register(T3)", "ps_5_0", 3),
    (" : register(ps, t3)", "ps_5_0", 3),
    (" : register(ps, T3)", "ps_5_0", 3),  # (a profile is case-sensitive: ``PS`` is X3089, d3dcompiler_47 10.1)
    (" : register(ps_5_0, t3)", "ps_5_0", 3),
    (" : register(ps_4_0, t3)", "ps_5_0", 0),  # for another target: no binding here
    (" : register(vs, t3)", "ps_5_0", 0),
    (" : register(vs, t1) : register(ps, t4)", "ps_5_0", 4),
    (" : register(ps, t)", "ps_5_0", 0),  # the number left out: register 0
    (" : register(t)", "ps_5_0", 0),
    (" : register(ps, t[5])", "ps_5_0", 5),  # a subcomponent is added to the number
    (" : register(t1[2])", "ps_5_0", 3),
    (" : register(ps, t2[1])", "ps_5_0", 3),
    (" : register(t3)", "ps_4_0", 3),
    (" : register(ps, T3)", "ps_4_1", 3),
]


@pytest.mark.parametrize("reg,target,slot", FORMS)
def test_reservation_forms(reg, target, slot):
    src = f"Texture2D other; Texture2D o{reg};\nfloat4 main() : SV_Target {{ return o.Load(int3(0, 0, 0)); }}\n"
    assert D3DReflect(_compile(src, target)).GetResourceBindingDescByName("o").BindPoint == slot


def test_documented_sampler_example_binds_s0():
    """The "register" page's ``sampler myVar : register(ps_5_0, s)``."""
    src = ("sampler myVar : register(ps_5_0, s); Texture2D tx : register(t1);\n"
           "float4 main() : SV_Target { return tx.Sample(myVar, float2(0, 0)); }\n")
    assert D3DReflect(_compile(src)).GetResourceBindingDescByName("myVar").BindPoint == 0


@pytest.mark.parametrize("reg,verdict", [(" : register(vs, t0)", None), (" : register(vs, u0)", "X3530"),
                                         (" : register(vs, b0)", "X3530")])
def test_reservation_for_another_profile_is_checked_at_its_declaration(reg, verdict):
    """A reservation for another profile binds nothing here; its letter is judged at the declaration, used or
    not (d3dcompiler_47 10.1, session 35: a sampler's ``register(vs, t0)`` compiles used under ps_5_0, which
    DXC packreg's ps_5_1 annotation and this test's earlier rows had as an X3530 once used)."""
    for src in ("SamplerState o" + reg + "; Texture2D tx;\n"
                "float4 main() : SV_Target { return tx.Sample(o, float2(0, 0)); }\n",
                "SamplerState o" + reg + ";\nfloat4 main() : SV_Target { return 0; }\n"):
        if verdict is None:
            _compile(src)
        else:
            assert f"error {verdict}" in _error(src)


@pytest.mark.parametrize("kind", ["Texture2D", "Buffer", "SamplerState", "RWBuffer", "StructuredBuffer"])
def test_array_of_objects_takes_its_range_from_the_reservation(kind):
    """An array's elements bind consecutive registers from its reservation (reflected one per element,
    ``o[1]`` at the base + 1). A reservation in another set is not judged at an array's declaration:
    d3dcompiler_47 10.1 (session 35) binds a used array as if unreserved, and fails a used sampler array's
    (X4509); these rows said X3530 before."""
    decl, use, file = KINDS[kind][:3]
    arr_decl = decl.replace(" o{reg}", f" o[3] : register({file}4)")
    arr_use = use.replace("o.", "o[1].").replace("o[0]", "o[1][0]").replace("o[uint", "o[1][uint").replace(
        "(o,", "(o[1],")
    src = arr_decl + f"\nfloat4 main() : SV_Target {{ float4 r = 0; {arr_use} return r; }}\n"
    desc = D3DReflect(_compile(src)).GetResourceBindingDescByName("o[1]")
    assert (desc.BindPoint, desc.BindCount) == (5, 1)
    wrong = arr_decl.replace(f"register({file}4)", "register(c4)") + \
        f"\nfloat4 main() : SV_Target {{ float4 r = 0; {arr_use} return r; }}\n"
    if file == "s":
        assert "error X4509: invalid register semantic 'c" in _error(wrong)
    else:
        # o[0] at the first free register, o[1] next (a pixel shader's u# start after its one render target;
        # fxc 10.1 reflects RWBuffer o[1] at u2)
        assert D3DReflect(_compile(wrong)).GetResourceBindingDescByName("o[1]").BindPoint == 1 + (file == "u")


@pytest.mark.parametrize("reg,fxc", [(" : register(t0, space1)", "X3721"), (" : register(ps, t0, space0)", None),
                                     (" : register(space1)", "X3530")])
def test_register_spaces_need_shader_model_5_1(reg, fxc):
    """Register spaces are a shader model 5.1 feature (MicrosoftDocs "Resource binding in HLSL"). d3dcompiler_47
    10.1's answers at ps_5_0 (recorded under Wine, session 38; X3530 for all three was inferred from the page):
    X3721 "space is only supported for shader targets 5.1 and higher", but a register naming a profile passes over
    its space (compiles), and a space alone is X3530 (tests/test_rules_hlsl_fxc_mutants_s38.py has the table)."""
    src = f"Texture2D o{reg};\nfloat4 main() : SV_Target {{ return o.Load(int3(0, 0, 0)); }}\n"
    if fxc is None:
        _compile(src)
    else:
        assert f"error {fxc}" in _error(src)
