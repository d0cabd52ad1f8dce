"""IFCE chunk (class linkage tables): byte-exact round trip over the corpus, the listing tables fxc
prints for it, and the interface-slot counts seen by reflection and the program's declarations."""

from __future__ import annotations

import re
import struct

import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.ifce import Ifce, IfceClassInstance, IfceClassType, IfceSlot, build_ifce, parse_ifce
from pyd3d11.shader.dxbc.listing_header import format_class_linkage, format_listing_header
from pyd3d11.shader.exec.interfaces import interface_decls
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

IFCE_FILES = ["HlslCrossCompiler/ps5/interfaces", "HlslCrossCompiler/ps5/interface_arrays",
              "Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS"]
VERSION_LINE = re.compile(r"^[a-z][a-z]_\d_\d")


def _load(name: str):
    root = conformance_path("dxbc-corpus", "slimshader")
    c = parse_container((root / f"{name}.o").read_bytes(), verify_checksum=False)
    header = []
    for line in (root / f"{name}.asm").read_text().split("\n"):
        if VERSION_LINE.match(line):
            break
        header.append(line.rstrip())
    return c, header


def test_round_trip_whole_corpus():
    root = conformance_path("dxbc-corpus", "slimshader")
    found = []
    for f in sorted(root.rglob("*.o")):
        data = parse_container(f.read_bytes(), verify_checksum=False).get("IFCE")
        if data is not None:
            assert build_ifce(parse_ifce(data)) == data, f
            found.append(f.relative_to(root).with_suffix("").as_posix())
    assert sorted(found) == sorted(IFCE_FILES)


def test_parsed_fields_match_listing_rows():
    c, _ = _load("Sdk/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS")
    x = parse_ifce(c.get("IFCE"))
    # listing: "cDirectionalLight 10 2 0 0", "g_plasticLightingOnlyMaterial 3 1 2 - -"
    t = x.class_types[10]
    assert (t.name, t.cb_stride, t.texture, t.sampler) == ("cDirectionalLight", 2, 0, 0)
    i = x.class_instances[6]
    assert (i.name, i.type_id, i.constant_buffer, i.cb_offset, i.texture, i.sampler) == \
        ("g_plasticLightingOnlyMaterial", 3, 1, 2, 0xFFFF, 0xFFFF)
    assert x.slot_count == 4 and x.slots[2].type_ids == [7, 8, 9, 10, 11, 12]
    assert x.slots[2].table_ids == [13, 14, 15, 16, 17, 18]
    arr = parse_ifce(_load("HlslCrossCompiler/ps5/interface_arrays")[0].get("IFCE"))
    assert [s.span for s in arr.slots] == [2, 1, 3] and arr.slot_count == 6
    assert arr.slot_record(4) is arr.slots[2] and arr.slot_record(6) is None
    assert arr.type_id("OneAlpha") == 4 and arr.type_id("nope") is None


def test_build_from_scratch_layout():
    x = Ifce(class_types=[IfceClassType("A", cb_stride=1), IfceClassType("Bee")],
             class_instances=[IfceClassInstance("g", 0, constant_buffer=2, cb_offset=5)],
             slots=[IfceSlot(2, [0, 1], [0, 1])])
    data = build_ifce(x)
    # header: counts (1 instance, 2 types, 1 record, 2 slots) and offsets computed by hand:
    # slots at 28 + 8 = 36, types at 36 + 16 = 52, instances at 52 + 24 = 76, lists at 76 + 16 = 92
    assert struct.unpack_from("<7I", data) == (1, 2, 1, 2, 76, 52, 36)
    assert struct.unpack_from("<4I", data, 36) == (2, 2, 92, 96)
    assert data[92:96] == struct.pack("<2H", 0, 1) and data[96:104] == struct.pack("<2I", 0, 1)
    assert data[104:108] == b"g\0\xab\xab"  # instance names first, 0xAB-padded
    assert data[108:112] == b"A\0\xab\xab" and data[112:116] == b"Bee\0"
    back = parse_ifce(data)
    assert back == x and build_ifce(back) == data


def test_rejects_truncated_chunks():
    c, _ = _load("HlslCrossCompiler/ps5/interfaces")
    data = c.get("IFCE")
    for cut in (10, 60, 150):
        with pytest.raises(InvalidArgError):
            parse_ifce(data[:cut])


@pytest.mark.parametrize("name", IFCE_FILES)
def test_listing_header_matches_fxc(name):
    c, expected = _load(name)
    got = [line.rstrip() for line in format_listing_header(c)]
    assert got == expected
    assert "// Available Class Types:" in got  # the tables really come from the IFCE chunk


def test_class_linkage_table_text():
    x = Ifce(class_types=[IfceClassType("cLongName", 3, 1, 2)],
             class_instances=[IfceClassInstance("g_i", 0, 1, 7, texture=4)], slots=[IfceSlot(3, [0], [12])])
    lines = format_class_linkage(x)
    assert "// cLongName                         0         3       1       2" in lines
    assert "// g_i                            0  1         7       4       -" in lines
    assert "// Interface slots, 3 total:" in lines
    assert "// | Type ID  |   0-2   |0    " in lines and "// | Table ID |         |12   " in lines


@pytest.mark.parametrize("name", IFCE_FILES)
def test_interface_slot_counts_agree(name):
    c, header = _load(name)
    listed = next(int(m.group(1)) for ln in header if (m := re.match(r"^// Interface slots, (\d+) total:", ln)))
    assert D3DReflect(_raw(name)).GetNumInterfaceSlots() == listed
    assert parse_ifce(c.get("IFCE")).slot_count == listed
    assert interface_decls(decode_program(c.program)).slot_count == listed


def _raw(name: str) -> bytes:
    return (conformance_path("dxbc-corpus", "slimshader") / f"{name}.o").read_bytes()


def test_shaders_without_interfaces_report_zero_slots():
    root = conformance_path("dxbc-corpus", "slimshader")
    for f in sorted(root.rglob("ps5/*.o"))[:12]:
        c = parse_container(f.read_bytes(), verify_checksum=False)
        if c.get("IFCE") is None:
            assert D3DReflect(f.read_bytes()).GetNumInterfaceSlots() == 0, f
