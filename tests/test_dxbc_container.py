"""DXBC container, checksum, signature, STAT/SFI0 chunks: corpus round trips and malformed input."""

from __future__ import annotations

import hashlib
import struct

import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError
from pyd3d11.shader.dxbc.checksum import _INIT, _compress, dxbc_checksum, dxbc_checksum_of
from pyd3d11.shader.dxbc.container import DxbcChunk, build_container, parse_container
from pyd3d11.shader.dxbc.signature import ELEMENT_LAYOUT, Signature, SignatureElement, build_signature, parse_signature
from pyd3d11.shader.dxbc.stat import build_sfi0, build_stat, parse_sfi0, parse_stat

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

# The one corpus file whose stored checksum does not match: it was hand-edited after compilation
# (slimshader's FxDis test pair). Everything else is straight fxc output.
HAND_EDITED = {"FxDis/test_PS.o"}


def corpus_files():
    root = conformance_path("dxbc-corpus", "slimshader")
    files = sorted(root.rglob("*.o"))
    assert len(files) == 119
    return root, files


def rel(root, f) -> str:
    return f.relative_to(root).as_posix()


# -- checksum ---------------------------------------------------------------------------------


def _std_md5_via_compress(data: bytes) -> bytes:
    """Standard MD5 built from our compression function with RFC 1321 padding."""
    msg = data + b"\x80" + b"\0" * ((55 - len(data)) % 64) + struct.pack("<Q", len(data) * 8)
    state = _INIT
    for off in range(0, len(msg), 64):
        state = _compress(state, msg[off : off + 64])
    return struct.pack("<4I", *state)


@pytest.mark.parametrize("n", [0, 1, 55, 56, 63, 64, 65, 119, 120, 200])
def test_compression_function_is_md5(n):
    data = bytes((i * 37 + 11) & 0xFF for i in range(n))
    assert _std_md5_via_compress(data) == hashlib.md5(data).digest()


def _dxbc_padding_reference(data: bytes) -> bytes:
    """Independent statement of spec-facts §2.1 padding, fed through the (MD5-verified) compressor."""
    L = len(data)
    full, rest = data[: L - L % 64], data[L - L % 64 :]
    blocks = [full[i : i + 64] for i in range(0, len(full), 64)]
    if len(rest) < 56:
        last = struct.pack("<I", L * 8) + rest + b"\x80"
        blocks.append(last.ljust(60, b"\0") + struct.pack("<I", 2 * L + 1))
    else:
        blocks.append((rest + b"\x80").ljust(64, b"\0"))
        blocks.append(struct.pack("<I", L * 8) + b"\0" * 56 + struct.pack("<I", 2 * L + 1))
    state = _INIT
    for b in blocks:
        state = _compress(state, b)
    return struct.pack("<4I", *state)


@pytest.mark.parametrize("n", [0, 3, 55, 56, 60, 63, 64, 128, 183])
def test_checksum_padding_both_branches(n):
    data = bytes((i * 91 + 5) & 0xFF for i in range(n))
    assert dxbc_checksum_of(data) == _dxbc_padding_reference(data)


@pytest.mark.parametrize("n", [0, 64, 128, 640, 4096])
def test_openssl_blocks_equal_the_python_compression(n):
    """The whole-block path through OpenSSL's MD5_Update (where the interpreter's hashlib has it) computes the
    same chained state as RFC 1321's compression function here, from the MD5 start state and from others."""
    from pyd3d11.shader.dxbc import checksum as ck

    if ck._OPENSSL is None:
        pytest.skip("this interpreter's hashlib is not built on OpenSSL")
    assert ck._blocks is not ck._blocks_python  # the fast path is the one in use
    data = bytes((i * 131 + 7) & 0xFF for i in range(n))
    for state in (_INIT, (0, 0xFFFFFFFF, 0x12345678, 0x80000000)):
        assert ck._blocks(state, data) == ck._blocks_openssl(state, data, ck._OPENSSL) == ck._blocks_python(state, data)


def test_a_compression_that_disagrees_is_not_used():
    """The fast path is taken only after it reproduces RFC 1321 on a probe: an ``MD5_Update`` stand-in whose context
    layout differs (it writes the state one word off) or that does nothing leaves the Python compression in use;
    none at all as well."""
    from pyd3d11.shader.dxbc import checksum as ck

    def shifted(ctx, data, n):
        words = list(ctx.state)
        ctx.state[:] = words[1:] + words[:1]

    assert ck._agreeing(None) is ck._blocks_python
    assert ck._agreeing(lambda ctx, data, n: 1) is ck._blocks_python
    assert ck._agreeing(shifted) is ck._blocks_python
    if ck._OPENSSL is not None:
        assert ck._agreeing(ck._OPENSSL) is not ck._blocks_python


def test_corpus_checksums():
    root, files = corpus_files()
    mismatched = set()
    for f in files:
        data = f.read_bytes()
        if dxbc_checksum(data) != data[4:20]:
            mismatched.add(rel(root, f))
    assert mismatched == HAND_EDITED


# -- container --------------------------------------------------------------------------------


def test_corpus_parse_build_identical():
    root, files = corpus_files()
    for f in files:
        data = f.read_bytes()
        name = rel(root, f)
        c = parse_container(data, verify_checksum=name not in HAND_EDITED)
        out = build_container(c.chunks)
        if name in HAND_EDITED:
            assert out[20:] == data[20:] and out[:4] == data[:4]
            with pytest.raises(InvalidArgError, match="checksum"):
                parse_container(data)
        else:
            assert out == data, name
        # chunk payloads are the raw bytes at the offsets the header names
        n = struct.unpack_from("<I", data, 28)[0]
        for chunk, off in zip(c.chunks, struct.unpack_from(f"<{n}I", data, 32)):
            size = struct.unpack_from("<I", data, off + 4)[0]
            assert chunk.fourcc.encode() == data[off : off + 4]
            assert chunk.data == data[off + 8 : off + 8 + size]


def test_container_accessors():
    root, files = corpus_files()
    c = parse_container((root / "HlslCrossCompiler/ps4/fxaa.o").read_bytes())
    assert c.fourccs == ["RDEF", "ISGN", "OSGN", "SHDR", "STAT"]
    assert c.get("SHEX") is None and "SHDR" in c and c.program == c.get("SHDR")
    assert struct.unpack_from("<I", c.program)[0] == 0x00000040  # ps_4_0 version token
    assert c.get_chunk("STAT").fourcc == "STAT"
    assert [e.semantic_name for e in c.input_signature] == ["SV_POSITION", "TEXCOORD"]
    assert c.output_signature.elements[0].d3d_name == 64  # SV_TARGET -> D3D_NAME_TARGET
    assert c.patch_constant_signature is None
    assert c.rdef.creator.startswith("Microsoft (R) HLSL Shader Compiler")
    assert c.stats.InstructionCount == struct.unpack_from("<I", c.get("STAT"))[0]
    assert c.feature_flags == 0


def test_build_new_container_and_reparse():
    blob = build_container([("ABCD", b"\x01\x02\x03"), DxbcChunk("WXYZ", b"")])
    assert blob[:4] == b"DXBC" and struct.unpack_from("<I", blob, 24)[0] == len(blob)
    c = parse_container(blob)  # checksum verifies
    assert [(x.fourcc, x.data) for x in c] == [("ABCD", b"\x01\x02\x03"), ("WXYZ", b"")]
    # the next chunk follows the last payload byte, unpadded, as d3dcompiler_47 10.1 writes and requires
    # (session 37, tests/test_rules_d3dcompiler_api_s37.py; this test expected a dword pad)
    assert struct.unpack_from("<2I", blob, 32) == (40, 40 + 8 + 3)


def _valid_blob() -> bytearray:
    return bytearray(build_container([("RDEF", b"\0" * 28), ("SHDR", struct.pack("<2I", 0x40, 2))]))


def _rechecksum(b: bytearray) -> bytes:
    b[4:20] = dxbc_checksum(b)
    return bytes(b)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda b: bytes(b[:31]), "too short"),
        (lambda b: b"DXBX" + bytes(b[4:]), "magic"),
        (lambda b: _rechecksum(bytearray(b[:20]) + struct.pack("<I", 2) + b[24:]), "version"),
        (lambda b: _rechecksum(bytearray(b[:24]) + struct.pack("<I", len(b) + 4) + b[28:]), "size field"),
        (lambda b: _rechecksum(bytearray(b[:24]) + struct.pack("<I", 16) + b[28:]), "size field"),
        (lambda b: _rechecksum(bytearray(b[:28]) + struct.pack("<I", 1000) + b[32:]), "chunk count"),
        (lambda b: _rechecksum(bytearray(b[:32]) + struct.pack("<I", 4) + b[36:]), "offset"),
        (lambda b: _rechecksum(bytearray(b[:32]) + struct.pack("<I", len(b) - 4) + b[36:]), "offset"),
        (lambda b: _rechecksum(bytearray(b[:44]) + struct.pack("<I", 999) + b[48:]), "runs past"),
        (lambda b: bytes(b[:-1]) + bytes([b[-1] ^ 1]), "checksum"),
        (lambda b: "not bytes", "bytes-like"),
    ],
)
def test_malformed_containers(mutate, message):
    blob = _valid_blob()
    parse_container(bytes(blob))
    with pytest.raises(InvalidArgError, match=message):
        parse_container(mutate(blob))


def test_trailing_bytes_past_size_field_ignored():
    blob = bytes(_valid_blob())
    c = parse_container(blob + b"junk")
    assert build_container(c.chunks) == blob


# -- signatures, STAT, SFI0 -------------------------------------------------------------------


def test_corpus_signature_stat_sfi0_round_trip():
    root, files = corpus_files()
    seen = set()
    for f in files:
        c = parse_container(f.read_bytes(), verify_checksum=False)
        for ch in c:
            if ch.fourcc in ELEMENT_LAYOUT:
                seen.add(ch.fourcc)
                sig = parse_signature(ch.data, ch.fourcc)
                assert build_signature(sig) == ch.data
                count = struct.unpack_from("<I", ch.data)[0]
                assert len(sig) == count
            elif ch.fourcc == "STAT":
                st = parse_stat(ch.data)
                assert build_stat(st) == ch.data
                words = struct.unpack(f"<{len(ch.data) // 4}I", ch.data)
                assert (st.InstructionCount, st.TempRegisterCount, st.MovInstructionCount) == (words[0], words[1],
                                                                                               words[19])
            elif ch.fourcc == "SFI0":
                assert build_sfi0(parse_sfi0(ch.data)) == ch.data
    assert seen == {"ISGN", "OSGN", "OSG5", "PCSG"}


def test_signature_element_bytes_by_hand():
    # fxaa.o ISGN, decoded by hand from the spec-facts §2.3 layout
    root, _ = corpus_files()
    c = parse_container((root / "HlslCrossCompiler/ps4/fxaa.o").read_bytes())
    sig = c.input_signature
    e0, e1 = sig.elements
    assert (e0.semantic_name, e0.semantic_index, e0.system_value, e0.component_type, e0.register, e0.mask,
            e0.rw_mask) == ("SV_POSITION", 0, 1, 3, 0, 0xF, 0)
    assert (e1.semantic_name, e1.register, e1.mask, e1.rw_mask) == ("TEXCOORD", 1, 0x3, 0x3)


@pytest.mark.parametrize("fourcc", sorted(ELEMENT_LAYOUT))
def test_signature_layouts_build_parse(fourcc):
    elems = [SignatureElement("TEXCOORD", 1, 0, 3, 2, 0x3, 0x1, stream=1, min_precision=1),
             SignatureElement("TEXCOORD", 2, 0, 1, 3, 0xF, 0xF, stream=1, min_precision=0),
             SignatureElement("SV_Target", 0, 0, 3, 0, 0xF, 0x0)]
    data = build_signature(Signature(fourcc, elems))
    size, has_stream, has_prec = ELEMENT_LAYOUT[fourcc]
    pool = b"TEXCOORD\0SV_Target\0"
    assert len(data) == 8 + 3 * size + len(pool) + (-len(pool) % 4)
    assert data.endswith(b"\xab" * (-len(pool) % 4))
    back = parse_signature(data, fourcc)
    for a, b in zip(elems, back.elements):
        assert (a.semantic_name, a.semantic_index, a.register, a.mask, a.rw_mask) == (
            b.semantic_name, b.semantic_index, b.register, b.mask, b.rw_mask)
        assert b.stream == (a.stream if has_stream else 0)
        assert b.min_precision == (a.min_precision if has_prec else 0)
    assert back.elements[2].d3d_name == 64


@pytest.mark.parametrize(
    "data, fourcc, message",
    [
        (b"\x01\0\0", "ISGN", "too short"),
        (struct.pack("<2I", 5, 8), "ISGN", "do not fit"),
        (struct.pack("<2I", 1, 8) + struct.pack("<6I", 500, 0, 0, 3, 0, 0xF), "OSGN", "out of range"),
        (struct.pack("<2I", 1, 8) + struct.pack("<6I", 32, 0, 0, 3, 0, 0xF) + b"ABCD", "OSGN", "NUL"),
        (b"\0" * 8, "XXXX", "not a signature"),
    ],
)
def test_malformed_signatures(data, fourcc, message):
    with pytest.raises(InvalidArgError, match=message):
        parse_signature(data, fourcc)


def test_stat_sizes_and_errors():
    st = parse_stat(struct.pack("<29I", *range(1, 30)))
    assert st.InstructionCount == 1 and st.IsSampleFrequencyShader == 29 and st.cBarrierInstructions == 0
    assert build_stat(st) == struct.pack("<29I", *range(1, 30))
    st5 = parse_stat(struct.pack("<37I", *range(100, 137)))
    assert (st5.cGSInstanceCount, st5.TessellatorDomain, st5.cTextureStoreInstructions) == (129, 133, 136)
    with pytest.raises(InvalidArgError):
        parse_stat(b"\0" * 5)
    with pytest.raises(InvalidArgError):
        parse_sfi0(b"\0" * 4)
    assert parse_sfi0(struct.pack("<Q", 0x21)) == 0x21
