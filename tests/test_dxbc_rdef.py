"""RDEF chunk: byte-exact corpus round trips, hand-decoded fields, malformed input."""

from __future__ import annotations

import struct

import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.rdef import (
    Rdef,
    RdefBinding,
    RdefConstantBuffer,
    RdefMember,
    RdefType,
    RdefVariable,
    build_rdef,
    parse_rdef,
)

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _corpus():
    root = conformance_path("dxbc-corpus", "slimshader")
    return root, sorted(root.rglob("*.o"))


def test_corpus_rdef_round_trip_byte_exact():
    root, files = _corpus()
    targets = set()
    for f in files:
        data = parse_container(f.read_bytes(), verify_checksum=False).get("RDEF")
        rdef = parse_rdef(data)
        targets.add(rdef.target & 0xFFFF)
        assert build_rdef(rdef) == data, f.relative_to(root)
    assert {0x400, 0x500} <= targets


def test_structured_buffer_element_struct_by_hand():
    root, _ = _corpus()
    c = parse_container((root / "Sdk/Direct3D11/FluidCS11/FluidCS11_DensityCS_Grid.o").read_bytes())
    raw = c.get("RDEF")
    rdef = c.rdef
    # header words read directly from the bytes
    ncb, _, nbind, _, target = struct.unpack_from("<5I", raw)
    assert (len(rdef.constant_buffers), len(rdef.bindings), rdef.target) == (ncb, nbind, target)
    assert target == 0x43530500  # cs_5_0
    assert rdef.rd11 == (0x31314452, 60, 24, 32, 40, 36, 12, 0)
    b = rdef.bindings[0]
    assert (b.name, b.input_type, b.return_type, b.dimension, b.num_samples) == ("ParticlesRO", 5, 6, 1, 16)
    cb = rdef.constant_buffers[1]
    assert (cb.name, cb.type, cb.size) == ("ParticlesRO", 3, 16)
    el = cb.variables[0]
    assert el.name == "$Element" and el.type.name == "Particle" and el.type.var_class == 5
    assert [(m.name, m.offset, m.type.name, m.type.columns) for m in el.type.members] == [
        ("position", 0, "float2", 2), ("velocity", 8, "float2", 2)]
    # both members share one type record in the file
    assert el.type.members[0].type is el.type.members[1].type


def test_sm4_default_values():
    root, _ = _corpus()
    rdef = parse_container((root / "Sdk/Direct3D10/CubeMapGS/GS_CubeMap_PS.o").read_bytes()).rdef
    cb = rdef.constant_buffers[1]
    v = cb.variables[0]
    assert v.name == "fReflectivity" and struct.unpack("<f", v.default_value) == (1.0,)
    assert struct.unpack("<3f", cb.variables[1].default_value) == (0.0, 1.0, 0.0)


def _new_rdef(target: int) -> Rdef:
    f4 = RdefType(1, 3, 1, 4, name="float4")
    s = RdefType(5, 0, 1, 8, members=[RdefMember("a", f4, 0), RdefMember("b", f4, 16)], name="S")
    cb = RdefConstantBuffer("cb0", [RdefVariable("v", 0, 16, 2, f4), RdefVariable("s", 16, 32, 0, s),
                                    RdefVariable("arr", 48, 64, 2, RdefType(1, 3, 1, 4, 4, name="float4"))], 112)
    return Rdef([cb], [RdefBinding("tex", 2, 5, 4, 0xFFFFFFFF, 3, 1, 12), RdefBinding("cb0", 0, 0, 0, 0, 0, 1, 0)],
                target, 0x100, "pyd3d11")


@pytest.mark.parametrize("target", [0xFFFF0400, 0xFFFF0401, 0xFFFF0500, 0x43530501])
def test_build_then_parse(target):
    rdef = _new_rdef(target)
    data = build_rdef(rdef)
    assert len(data) % 4 == 0
    back = parse_rdef(data)
    assert back.creator == "pyd3d11" and back.target == target
    assert [b.name for b in back.bindings] == ["tex", "cb0"]
    assert back.bindings[0].flags == 12 and back.bindings[0].bind_point == 3
    v = back.constant_buffers[0].variables
    assert [x.name for x in v] == ["v", "s", "arr"]
    assert [m.name for m in v[1].type.members] == ["a", "b"] and v[1].type.members[1].offset == 16
    assert v[2].type.elements == 4
    assert (v[1].type.name == "S") == (target & 0xFFFF >= 0x500)
    assert build_rdef(back) == data
    # SM5 header extension present exactly for 5.x targets
    assert (struct.unpack_from("<I", data, 28)[0] in (0x31314452, 0x25441313)) == (target & 0xFFFF >= 0x500)


@pytest.mark.parametrize(
    "data, message",
    [
        (b"\0" * 20, "header"),
        (struct.pack("<7I", 0, 0, 1, 28, 0xFFFF0400, 0, 0), "do not fit"),
        (struct.pack("<7I", 0, 0, 1, 40, 0xFFFF0400, 0, 0) + bytes(32), "binding 0"),
        (struct.pack("<7I", 1, 28, 0, 0, 0xFFFF0400, 0, 0) + struct.pack("<6I", 900, 0, 0, 0, 0, 0), "out of range"),
        (struct.pack("<7I", 0, 0, 0, 28, 0xFFFF0500, 0, 0), "RD11"),
        (struct.pack("<7I", 0, 0, 0, 28, 0xFFFF0400, 0, 28) + b"abc", "NUL"),
    ],
)
def test_malformed_rdef(data, message):
    with pytest.raises(InvalidArgError, match=message):
        parse_rdef(data)


def test_self_referencing_type_rejected():
    # one cbuffer, one variable whose struct type lists itself as a member
    hdr = struct.pack("<7I", 1, 28, 0, 28, 0xFFFF0400, 0, 0)
    cb = struct.pack("<6I", 0, 1, 52, 16, 0, 0)  # at 28
    var = struct.pack("<6I", 0, 0, 16, 0, 76, 0)  # at 52, type at 76
    typ = struct.pack("<4I", 5, 1 | (4 << 16), 1 << 16, 92)  # at 76, member list at 92
    mem = struct.pack("<3I", 0, 76, 0)
    with pytest.raises(InvalidArgError, match="itself"):
        parse_rdef(hdr + cb + var + typ + mem)
