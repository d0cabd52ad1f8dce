"""fxc listing header: formatter vs the corpus .asm files; parser rebuilds signature/RDEF chunks."""

from __future__ import annotations

import re

import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.listing_header import format_listing_header, parse_listing_header
from pyd3d11.shader.dxbc.rdef import build_rdef
from pyd3d11.shader.dxbc.signature import build_signature

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

VERSION_LINE = re.compile(r"^[a-z][a-z]_\d_\d")


def _pairs():
    root = conformance_path("dxbc-corpus", "slimshader")
    for f in sorted(root.rglob("*.o")):
        header = []
        for line in f.with_suffix(".asm").read_text().split("\n"):
            if VERSION_LINE.match(line):
                break
            header.append(line.rstrip())
        yield f.relative_to(root).as_posix(), parse_container(f.read_bytes(), verify_checksum=False), header


def test_header_matches_fxc_listing():
    matched = 0
    for name, c, expected in _pairs():
        got = [line.rstrip() for line in format_listing_header(c)]
        # (the 3 class-linkage listings included: their IFCE tables are produced by ifce.py)
        assert got == expected, name
        matched += 1
    assert matched == 119


def test_header_parse_rebuilds_signatures():
    exact = total = 0
    for _name, c, header in _pairs():
        h = parse_listing_header(header, c.rdef.target)
        assert h.creator == c.rdef.creator
        for sig, fourccs in ((h.input_signature, ("ISGN",)), (h.output_signature, ("OSGN", "OSG5")),
                             (h.patch_constant_signature, ("PCSG",))):
            chunk = c.get_first(fourccs)
            if chunk is None:
                assert sig is None or not sig.elements
                continue
            sig.fourcc = chunk.fourcc
            total += 1
            if build_signature(sig) == chunk.data:
                exact += 1
    # every signature rebuilds exactly, the depth outputs' never-written mask (0xE for a "YES" row) included
    assert total == 251 and exact == 251


def test_header_parse_rebuilds_rdef_fields():
    exact = 0
    for name, c, header in _pairs():
        h = parse_listing_header(header, c.rdef.target).rdef
        r = c.rdef
        assert [(b.name, b.input_type, b.bind_point, b.bind_count, b.return_type, b.dimension, b.num_samples)
                for b in h.bindings] == [(b.name, b.input_type, b.bind_point, b.bind_count, b.return_type,
                                          b.dimension, b.num_samples) for b in r.bindings], name
        assert [(cb.name, cb.type, cb.size, [(v.name, v.start_offset, v.size, v.flags, v.default_value)
                                             for v in cb.variables]) for cb in h.constant_buffers] == [
            (cb.name, cb.type, cb.size, [(v.name, v.start_offset, v.size, v.flags, v.default_value)
                                         for v in cb.variables]) for cb in r.constant_buffers], name
        exact += build_rdef(h) == c.get("RDEF")
    # the rest differ only in D3D_SIF_USERPACKED (explicit register()), which the listing omits
    assert exact >= 95


def test_parse_listing_header_rejects_garbage():
    with pytest.raises(InvalidArgError):
        parse_listing_header(["// cbuffer x", "// {", "//", "//   float4 ???", "// }"], 0xFFFF0500)
    with pytest.raises(InvalidArgError):
        parse_listing_header(["// Input signature:", "//", "// Name", "// ----", "// POSITION   zero   xyzw"],
                             0xFFFE0400)
