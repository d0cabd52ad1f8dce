"""Constant-buffer packing (SM4/5) rule by rule, checked through reflection (variable offsets and sizes,
the buffer's size) and through a draw that reads every variable back from hand-built constant data.

Sources:
- MicrosoftDocs direct3dhlsl "Packing rules for constant variables": 4-byte components; a variable never
  straddles a 16-byte register (it moves to the next one); arrays are not packed (each element starts a
  register); structures start a register; the page's examples are the first rows of ``DOCS_EXAMPLES``.
- spec-facts §5 and DXC's model of fxc's cbuffer layout (``FxcCTBuffer`` in DXC's SPIR-V layout code: "arrays/
  structs do not need to have padding at the end; arrays/structs do not affect the base offset of the member
  following them"): the last array element and a struct are not padded, so a member that follows them may
  share their last register. The docs page's last example (a float after a struct "starts a new vector")
  is the one point where the page is wrong (spec-facts §5).
- Matrices: a column-major RxC matrix is C registers of R components, a row-major one R registers of C
  components; the last register is not padded (size 16*(C-1)+4*R, resp. 16*(R-1)+4*C), and the straddle rule
  places it.
- Doubles take two 32-bit components and sit in .xy or .zw (D3D11.3 §22.14: double operands are component
  pairs xy/zw), so a double starts on an 8-byte boundary.
- packoffset(c#[.comp]): MicrosoftDocs "packoffset"; fxc's verdicts recorded in DXC's packreg.hlsl and
  DXC issue #3724 (an aggregate must start a register, X3530 "register or offset bind ... not valid"; two
  members at one location X4019).

The expected offsets are written out by hand from those rules in each row.
"""

from __future__ import annotations

import struct

import numpy as np
import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.reflection import D3DReflect


def _compile(src: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))


def _layout(blob: bytes, cb: str = "cb") -> tuple[int, dict[str, tuple[int, int]]]:
    """(buffer size, name -> (offset, size)) of one constant buffer."""
    r = D3DReflect(blob).GetConstantBufferByName(cb)
    d = r.GetDesc()
    out = {}
    for k in range(d.Variables):
        vd = r.GetVariableByIndex(k).GetDesc()
        out[vd.Name] = (vd.StartOffset, vd.Size)
    return d.Size, out


def _run(blob: bytes, words: np.ndarray) -> np.ndarray:
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    b = Bindings()
    b.set_cbuffer(0, np.ascontiguousarray(words, dtype=np.uint32))
    return run_program(decode_program(chunk.data), 1, bindings=b).outputs[0].view(np.uint32)[0]


# Each row: (members, {name: (offset, size, HLSL reading the variable's first 32-bit word)}, buffer size).
# Offsets and sizes in bytes, worked out from the rules above; a read of None (a double, a bool: asuint does not
# take them) is checked through reflection only.
DOCS_EXAMPLES = [
    # the docs page's examples, in its order (sizes given there as "N x 16byte elements")
    ("float4 v1; float2 v2; float2 v3;", {"v1": (0, 16, "v1.x"), "v2": (16, 8, "v2.x"), "v3": (24, 8, "v3.x")}, 32),
    ("float2 v1; float4 v2; float2 v3;", {"v1": (0, 8, "v1.x"), "v2": (16, 16, "v2.x"), "v3": (32, 8, "v3.x")}, 48),
    ("float1 v1; float1 v2; float2 v3;", {"v1": (0, 4, "v1.x"), "v2": (4, 4, "v2.x"), "v3": (8, 8, "v3.x")}, 16),
    ("float1 v1; float2 v2; float1 v3;", {"v1": (0, 4, "v1.x"), "v2": (4, 8, "v2.x"), "v3": (12, 4, "v3.x")}, 16),
    ("float1 v1; float1 v2; float1 v3; float2 v4;",
     {"v1": (0, 4, "v1.x"), "v2": (4, 4, "v2.x"), "v3": (8, 4, "v3.x"), "v4": (16, 8, "v4.x")}, 32),
    ("float3 v1; float1 v2;", {"v1": (0, 12, "v1.x"), "v2": (12, 4, "v2.x")}, 16),
    ("float1 v1; float3 v2;", {"v1": (0, 4, "v1.x"), "v2": (4, 12, "v2.x")}, 16),
    ("float1 v1; float1 v2; float3 v3;", {"v1": (0, 4, "v1.x"), "v2": (4, 4, "v2.x"), "v3": (16, 12, "v3.x")}, 32),
    ("float1 v1; struct { float4 s1; float1 s2; } v2;", {"v1": (0, 4, "v1.x"), "v2": (16, 20, "v2.s1.x")}, 48),
    ("float1 v1; struct { float1 s1; float4 s2; } v2;", {"v1": (0, 4, "v1.x"), "v2": (16, 32, "v2.s1")}, 48),
    # the struct is not padded: the next float shares its last register (spec-facts §5; DXC FxcCTBuffer)
    ("struct { float4 s1; float1 s2; } v1; float1 v2;", {"v1": (0, 20, "v1.s1.x"), "v2": (20, 4, "v2.x")}, 32),
]

#: reading a further part of a variable: (expression, byte offset of the word it reads)
DEEP_READS = {
    "float1 v1; struct { float4 s1; float1 s2; } v2;": [("v2.s2", 32)],
    "float1 v1; struct { float1 s1; float4 s2; } v2;": [("v2.s2.y", 36)],
}

RULE_ROWS = [
    # straddling: a float2 at .w moves on, a float at .w stays
    ("float3 a; float2 b;", {"a": (0, 12, "a.x"), "b": (16, 8, "b.x")}, 32),
    ("float3 a; float b; float c;", {"a": (0, 12, "a.x"), "b": (12, 4, "b"), "c": (16, 4, "c")}, 32),
    ("float2 a; float3 b;", {"a": (0, 8, "a.x"), "b": (16, 12, "b.x")}, 32),
    ("float a; float2 b; float2 c;", {"a": (0, 4, "a"), "b": (4, 8, "b.x"), "c": (16, 8, "c.x")}, 32),
    ("int a; uint2 b; bool c;", {"a": (0, 4, "a"), "b": (4, 8, "b.x"), "c": (12, 4, None)}, 16),
    # arrays: every element starts a register, the last one is not padded
    ("float a[3]; float b;", {"a": (0, 36, "a[0]"), "b": (36, 4, "b")}, 48),
    ("float x; float a[2];", {"x": (0, 4, "x"), "a": (16, 20, "a[0]")}, 48),
    ("float2 a[2]; float2 b;", {"a": (0, 24, "a[0].x"), "b": (24, 8, "b.x")}, 32),
    ("float3 a[2]; float c;", {"a": (0, 28, "a[0].x"), "c": (28, 4, "c")}, 32),
    ("float3 a[2]; float2 c;", {"a": (0, 28, "a[0].x"), "c": (32, 8, "c.x")}, 48),
    ("float4 a[2]; float c;", {"a": (0, 32, "a[0].x"), "c": (32, 4, "c")}, 48),
    ("float a[2][2]; float b;", {"a": (0, 52, "a[0][0]"), "b": (52, 4, "b")}, 64),
    # structs: start a register, members laid out by the same rules inside, size not padded
    ("float x; struct { float a; float2 b; } s; float y;",
     {"x": (0, 4, "x"), "s": (16, 12, "s.a"), "y": (28, 4, "y")}, 32),
    ("struct { float a; struct { float b; float2 c; } n; float d; } s;", {"s": (0, 32, "s.a")}, 32),
    ("struct { float4 a; float b; } s[2]; float c;", {"s": (0, 52, "s[0].a.x"), "c": (52, 4, "c")}, 64),
    ("struct { float a; } s[3]; float2 c;", {"s": (0, 36, "s[0].a"), "c": (36, 8, "c.x")}, 48),
    # matrices (column-major by default): C registers of R components, the last not padded
    ("float3x3 m; float b;", {"m": (0, 44, "m._m00"), "b": (44, 4, "b")}, 48),
    ("float a; float2x2 m;", {"a": (0, 4, "a"), "m": (16, 24, "m._m00")}, 48),
    ("float2x3 m; float2 b;", {"m": (0, 40, "m._m00"), "b": (40, 8, "b.x")}, 48),
    ("row_major float2x3 m; float b;", {"m": (0, 28, "m._m00"), "b": (28, 4, "b")}, 32),
    ("row_major float3x2 m; float2 b;", {"m": (0, 40, "m._m00"), "b": (40, 8, "b.x")}, 48),
    ("float4x4 m; float b;", {"m": (0, 64, "m._m00"), "b": (64, 4, "b")}, 80),
    ("row_major float4x3 m; float b;", {"m": (0, 60, "m._m00"), "b": (60, 4, "b")}, 64),
    ("float4x3 m; float b;", {"m": (0, 48, "m._m00"), "b": (48, 4, "b")}, 64),
    ("float2x2 m[2]; float b;", {"m": (0, 56, "m[0]._m00"), "b": (56, 4, "b")}, 64),
    # doubles: 8 bytes a component, on an 8-byte boundary
    ("float a; double b;", {"a": (0, 4, "a"), "b": (8, 8, None)}, 16),
    ("float a; double b; float c;", {"a": (0, 4, "a"), "b": (8, 8, None), "c": (16, 4, "c")}, 32),
    ("double a; double b;", {"a": (0, 8, None), "b": (8, 8, None)}, 16),
    ("float a; double2 b;", {"a": (0, 4, "a"), "b": (16, 16, None)}, 32),
    ("float3 a; double b;", {"a": (0, 12, "a.x"), "b": (16, 8, None)}, 32),
]

DEEP_READS.update({
    "float3x3 m; float b;": [("m._m01", 16), ("m._m10", 4), ("m._m22", 40)],  # column-major: a column a register
    "row_major float2x3 m; float b;": [("m._m01", 4), ("m._m12", 24)],
    "float2x3 m; float2 b;": [("m._m12", 36)],
    "float a[3]; float b;": [("a[1]", 16), ("a[2]", 32)],
    "struct { float4 a; float b; } s[2]; float c;": [("s[0].b", 16), ("s[1].a.y", 36), ("s[1].b", 48)],
    "struct { float a; struct { float b; float2 c; } n; float d; } s;": [("s.n.b", 16), ("s.n.c.y", 24),
                                                                         ("s.d", 28)],
    "float2x2 m[2]; float b;": [("m[1]._m11", 52)],
})

PACKOFFSET_ROWS = [
    ("float a : packoffset(c1.y); float b : packoffset(c0);", {"a": (20, 4, "a"), "b": (0, 4, "b")}, 32),
    ("float2 a : packoffset(c0.z); float b : packoffset(c0.y);", {"a": (8, 8, "a.x"), "b": (4, 4, "b")}, 16),
    ("float3 a : packoffset(c2.y);", {"a": (36, 12, "a.x")}, 48),
    ("float a : packoffset(c5);", {"a": (80, 4, "a")}, 96),
    ("float a : packoffset(c0.r); float b : packoffset(c0.g); float c : packoffset(c0.b); float d : packoffset(c0.a);",
     {"a": (0, 4, "a"), "b": (4, 4, "b"), "c": (8, 4, "c"), "d": (12, 4, "d")}, 16),
    ("float4 a : packoffset(C1); float b : packoffset(C0.w);", {"a": (16, 16, "a.x"), "b": (12, 4, "b")}, 32),
    ("float a[2] : packoffset(c1); float b : packoffset(c2.y);", {"a": (16, 20, "a[1]"), "b": (36, 4, "b")}, 48),
    ("float4x4 m : packoffset(c2); float b : packoffset(c0);", {"m": (32, 64, "m._m00"), "b": (0, 4, "b")}, 96),
    ("struct { float a; float b; } s : packoffset(c1); float c : packoffset(c0.w);",
     {"s": (16, 8, "s.b"), "c": (12, 4, "c")}, 32),
    # the last packoffset of a member wins (DXC packreg.hlsl: fxc-pass)
    ("float4 a : packoffset(c3) : packoffset(c1);", {"a": (16, 16, "a.x")}, 32),
]
#: reads whose word is not the variable's first
READ_OFFSET = {("float a[2] : packoffset(c1); float b : packoffset(c2.y);", "a"): 32,
               ("struct { float a; float b; } s : packoffset(c1); float c : packoffset(c0.w);", "s"): 20}

ALL_ROWS = DOCS_EXAMPLES + RULE_ROWS + PACKOFFSET_ROWS


def _reads(decl: str, expect: dict) -> list[tuple[str, int]]:
    out = [(r, READ_OFFSET.get((decl, n), off)) for n, (off, _s, r) in expect.items() if r is not None]
    return out + DEEP_READS.get(decl, [])


def _source(decl: str, reads: list[tuple[str, int]]) -> str:
    body = ", ".join(f"asuint({r})" for r, _ in reads)
    return f"cbuffer cb : register(b0) {{ {decl} }}\nuint{len(reads)} main() : SV_Target {{ return uint{len(reads)}({body}); }}"


@pytest.mark.parametrize("decl,expect,size", ALL_ROWS)
def test_layout_in_reflection(decl, expect, size):
    uses = " + ".join(f"(float)({r})" for n, (_o, _s, r) in expect.items() if r is not None) or "0"
    doubles = " + ".join(f"(float){n}" for n, (_o, _s, r) in expect.items() if r is None)
    src = (f"cbuffer cb {{ {decl} }}\nfloat4 main() : SV_Target {{ return {uses}{' + ' + doubles if doubles else ''}; }}")
    got_size, got = _layout(_compile(src))
    assert {n: got[n] for n in expect} == {n: v[:2] for n, v in expect.items()}
    assert got_size == size


@pytest.mark.parametrize("decl,expect,size", ALL_ROWS)
def test_layout_read_by_a_draw(decl, expect, size):
    """Constant data whose every word holds 1000 + its word index: each read returns the word the rules place
    it at."""
    reads = _reads(decl, expect)
    words = np.arange(size // 4 + 8, dtype=np.uint32) + 1000
    for start in range(0, len(reads), 4):
        chunk = reads[start:start + 4]
        got = _run(_compile(_source(decl, chunk)), words)[: len(chunk)]
        assert [int(g) for g in got] == [1000 + off // 4 for _r, off in chunk], chunk


#: (cbuffer members or a global declaration, expected fxc error text)
PACKOFFSET_ERRORS = [
    # an offset the variable cannot start at (fxc X3530 "register or offset bind c3.w not valid", DXC packreg)
    ("cbuffer cb { float4 a : packoffset(c3.w); }", "error X3530: register or offset bind c3.w not valid"),
    ("cbuffer cb { float4 a : packoffset(c0.y); }", "error X3530: register or offset bind c0.y not valid"),
    ("cbuffer cb { float3 a : packoffset(c1.z); }", "error X3530: register or offset bind c1.z not valid"),
    ("cbuffer cb { float2 a : packoffset(c0.w); }", "error X3530: register or offset bind c0.w not valid"),
    # more than one component names no offset (DXC packreg: c2.xy)
    ("cbuffer cb { float4 a : packoffset(c2.xy); }", "error X3530: register or offset bind c2.xy not valid"),
    ("cbuffer cb { float a : packoffset(c0.q); }", "error X3530: register or offset bind c0.q not valid"),
    # aggregates start a register (DXC issue #3724: a struct at c2.y)
    ("cbuffer cb { struct { float x; float y; } a : packoffset(c2.y); }",
     "error X3530: register or offset bind c2.y not valid"),
    ("cbuffer cb { float a[2] : packoffset(c0.z); }", "error X3530: register or offset bind c0.z not valid"),
    ("cbuffer cb { float2x2 a : packoffset(c0.y); }", "error X3530: register or offset bind c0.y not valid"),
    # (a double at c0.y and a double2 at c0.z were listed here as errors, inferred from §22.14's component pairs;
    # fxc 10.1 compiles both and moves the double on to an 8-byte boundary, or to the next register:
    # tests/test_rules_hlsl_fxc_layout_packoffset.py records its answers)
    ("cbuffer cb { double2 a : packoffset(c0.w); }", "error X3530: register or offset bind c0.w not valid"),
    # two members at one location (DXC issue #3724: fxc X4019)
    ("cbuffer cb { float a : packoffset(c0); float b : packoffset(c0); }",
     "error X4019: multiple variables found with the same user-specified location"),
    ("cbuffer cb { float4 a : packoffset(c0); float b : packoffset(c0.w); }",
     "error X4019: multiple variables found with the same user-specified location"),
    ("cbuffer cb { float a[2] : packoffset(c0); float b : packoffset(c1); }",
     "error X4019: multiple variables found with the same user-specified location"),
    # outside a constant buffer (DXC packreg: fxc X3091)
    ("float4 a : packoffset(c0);", "error X3091: packoffset is only allowed in a constant buffer"),
]


def _main_reading(decl: str) -> str:
    """A pixel shader reading the first word of ``a`` (and ``b`` where declared), so that the buffer is used."""
    first = "a[0]" if "a[2]" in decl else ("a.x" if "struct" in decl else "a")
    reads = f"(float){first}" + (" + (float)b" if " b :" in decl else "")
    return f"\nfloat4 main() : SV_Target {{ return {reads}; }}"


@pytest.mark.parametrize("decl,text", PACKOFFSET_ERRORS)
def test_packoffset_errors(decl, text):
    with pytest.raises(ShaderCompileError) as info:
        _compile(decl + _main_reading(decl))
    assert text in info.value.errors, info.value.errors


@pytest.mark.parametrize("decl", [
    "cbuffer cb { double a : packoffset(c0.z); }",
    "cbuffer cb { double2 a : packoffset(c1); }",
    "cbuffer cb { float3 a : packoffset(c0.y); }",
    "cbuffer cb { float2 a : packoffset(c0.z); }",
    "cbuffer cb { float a : packoffset(c0); float b : packoffset(c0.y); }",  # adjacent, not overlapping
    "cbuffer cb { float a[2] : packoffset(c0); float b : packoffset(c1.y); }",  # after the last element
])
def test_packoffset_accepted(decl):
    _compile(decl + _main_reading(decl))


# --- session 10 survivors (mutate.py seed 6) ---------------------------------------------------------------------
# The straddle rule inside a structure, where the running offset is past the first register: after float4 a[4]
# (64 bytes) and float b (offset 64), a float4 cannot start at 68 (it would straddle 64..80), so it starts at 80 and
# the structure's size is 96 (not padded at the end)
@pytest.mark.parametrize(("fields", "size"), [
    ("float4 a[4]; float b; float4 c;", 96),
    ("float4 a[4]; float b; float3 c;", 80),        # 68 + 12 = 80 fits: c at 68
    ("float4 a[4]; float2 b; float3 c;", 92),       # c at 80 (72 + 12 > 80)
    ("float4 a[4]; float3 b; float2 c;", 88),       # c at 80
    ("float a; float4 b[2]; float c; float4 d;", 80),  # b at 16..48, c at 48, d at 64
])
def test_struct_member_past_the_first_register_does_not_straddle(fields, size):
    blob = _compile(f"struct S {{ {fields} }}; cbuffer cb {{ S s; }}; float4 main() : SV_Target {{ return s.c.x; }}")
    _, layout = _layout(blob)
    assert layout["s"] == (0, size)


# A double3 is 24 bytes: it starts a register and its third component takes .xy of the next one (doubles are
# component pairs; a vector does not straddle, and one this large starts a register): d.z is bytes 16..24
def test_double3_third_component_in_the_next_register():
    blob = _compile("cbuffer cb { double3 d; float f; }; float4 main() : SV_Target "
                    "{ return float4((float)d.z, (float)d.y, (float)d.x, f); }")
    assert _layout(blob)[1] == {"d": (0, 24), "f": (24, 4)}
    words = np.zeros(12, np.uint32)
    words[:6] = np.frombuffer(struct.pack("<3d", 1.5, 2.5, 3.5), np.uint32)
    words[6] = np.float32(7).view(np.uint32)
    assert _run(blob, words).view(np.float32).tolist() == [3.5, 2.5, 1.5, 7.0]


# register(c#) on a global places it in $Globals at constant register # (byte offset 16 * #; MicrosoftDocs
# "register": c is the constant-register set); the next global does not overlap it
@pytest.mark.parametrize(("reg", "offset"), [(2, 32), (5, 80), (0, 0)])
def test_global_register_c_places_the_variable(reg, offset):
    blob = _compile(f"float4 a : register(c{reg}); float b; float4 main() : SV_Target {{ return a + b; }}")
    size, layout = _layout(blob, "$Globals")
    assert layout["a"] == (offset, 16)
    b_off = layout["b"][0]
    assert not offset <= b_off < offset + 16 and size >= offset + 16
