"""``python -m pyd3d11.tools.dxbc``: container/chunk/checksum report, signatures, reflection, disassembly."""

from __future__ import annotations

import struct

import pytest
from conftest import conformance_path

from pyd3d11.shader.dxbc.asm import assemble_shader
from pyd3d11.tools import dxbc as T

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

PS = """ps_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer cb0[1], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, -|cb0[0].xyzw|
ret
"""


@pytest.fixture
def blob(tmp_path):
    data = assemble_shader(PS)
    p = tmp_path / "ps.o"
    p.write_bytes(data)
    return p, data


def test_header_lists_every_chunk_and_checksum(blob, capsys):
    path, data = blob
    assert T.main([str(path), "--header"]) == 0
    out = capsys.readouterr().out
    count = struct.unpack_from("<I", data, 28)[0]
    offsets = struct.unpack_from(f"<{count}I", data, 32)
    assert f"{len(data)} bytes, {count} chunks" in out
    for off in offsets:  # every chunk, with its fourcc and payload size read independently from the bytes
        fourcc = data[off:off + 4].decode()
        size = struct.unpack_from("<I", data, off + 4)[0]
        assert f"chunk {fourcc:<4} at offset {off:6d}, {size:6d} bytes" in out
    assert f"checksum {data[4:20].hex()} (ok)" in out
    assert "Output signature" in out and "SV_Target" in out.replace("SV_TARGET", "SV_Target")


def test_checksum_mismatch_is_reported(blob, tmp_path, capsys):
    _, data = blob
    bad = bytearray(data)
    bad[4] ^= 0xFF  # corrupt the stored checksum
    p = tmp_path / "bad.o"
    p.write_bytes(bytes(bad))
    assert T.main([str(p), "--header"]) == 0
    assert "MISMATCH, computed " + data[4:20].hex() in capsys.readouterr().out


def test_disasm_and_reflect(blob, capsys):
    path, _ = blob
    assert T.main([str(path), "--disasm"]) == 0
    out = capsys.readouterr().out
    assert "ps_5_0" in out and "mov o0.xyzw, -|cb0[0].xyzw|" in out and "checksum" not in out
    assert T.main([str(path), "--reflect"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("reflection: ps_5_0") and "1 outputs" in out


def test_not_dxbc_fails(tmp_path, capsys):
    p = tmp_path / "junk.o"
    p.write_bytes(b"not a shader at all, definitely not" * 2)
    assert T.main([str(p)]) == 1
    assert "DXBC" in capsys.readouterr().err


def test_corpus_object(capsys):
    root = conformance_path("dxbc-corpus", "slimshader")
    objs = sorted(root.rglob("*.o"))
    assert objs
    path = objs[len(objs) // 2]
    data = path.read_bytes()
    assert T.main([str(path)]) == 0
    out = capsys.readouterr().out
    count = struct.unpack_from("<I", data, 28)[0]
    assert f"{count} chunks" in out and "reflection:" in out
    listing = path.with_suffix(".asm")
    if listing.exists():  # fxc's own listing names the same target profile on its first instruction line
        first = next(t.strip() for t in listing.read_text(errors="replace").splitlines()
                     if t.strip() and not t.startswith("//"))
        assert first in out
