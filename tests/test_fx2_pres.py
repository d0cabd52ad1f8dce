"""fxc's preshaders of compiled D3D9 shaders (PRES) read and listed as fxc lists them (effects/fx2pres.py).

Expected text: fxc 10.1's own listings (/Fc) of DXDecompiler's ShadersDX9 corpus (7b48f44^), the objects' PRES
blocks embedded below as bytes; the whole corpus (60 preshaders in 27 listings) is compared when the mirror of
spacehamster/DXDecompiler is present.
"""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

import pytest

from pyd3d11.effects.fx2pres import find_preshader, listing, read_program

#: BasicHLSL.fx's RenderScenePS preshader body (after the PRES fourcc), fxc 10.1
BASIC_HLSL = bytes.fromhex(
    "01025846feff3e00435441421c000000cb00000001025846030000001c00000000010020c800000058000000020001000100000068000000"
    "78000000880000000200000001000000a000000078000000b00000000200020001000000b800000078000000675f4c69676874416d626965"
    "6e7400ab0100030001000400010000000000000000000000000000000000000000000000675f4d6174657269616c416d6269656e74436f6c"
    "6f7200ab01000300010004000100000000000000675f6654696d6500000003000100010001000000000000007478004d6963726f736f6674"
    "2028522920484c534c2053686164657220436f6d70696c65722031302e3100abfeff0e005052534907000000000000000000000003000000"
    "000000000000000002000000070000000100000009000000010000000000000000000000feff2a00434c4954140000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000164083c8c96d305fc43f000000000000e03f"
    "182d4454fb211940182d4454fb2109c0000000000000000000000000000000000000000000000000feff610046584c4309000000010040a0"
    "0200000000000000020000000800000000000000010000000c000000000000000700000000000000010050a0020000000000000007000000"
    "0000000000000000010000000d000000000000000700000004000000010040a0020000000000000007000000040000000000000001000000"
    "0e0000000000000007000000000000000100401001000000000000000700000000000000000000000700000004000000010050a002000000"
    "00000000070000000400000000000000010000000f000000000000000700000000000000010040a002000000000000000700000000000000"
    "0000000001000000100000000000000007000000040000000100801001000000000000000700000004000000000000000700000001000000"
    "010040a00200000000000000070000000100000000000000010000000e00000000000000040000001c000000030050200200000000000000"
    "0200000000000000000000000200000004000000000000000400000024000000f0f0f0f00f0f0f0fffff0000")
#: Effect_ArrayIndex.fx: a relative read c0[c10.x]
ARRAY_INDEX = bytes.fromhex(
    "01025846feff5500435441421c0000002701000001025846020000001c000000000100202401000044000000020000000a0000004c000000"
    "5c000000fc00000002000a00010000000401000014010000617272617900abab01000300010004000a000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000000000000696e64657800abab0000020001000100"
    "0100000000000000000000000000000000000000000000007478004d6963726f736f66742028522920484c534c2053686164657220436f6d"
    "70696c65722031302e3100abfeff0c0050525349000000000000000000000000010000000000000000000000010000000000000001000000"
    "0000000000000000feff0200434c495400000000feff0e0046584c4301000000040000100100000001000000020000002800000002000000"
    "00000000000000000400000000000000f0f0f0f00f0f0f0fffff0000")


def _program(raw: bytes):
    return read_program(list(struct.unpack(f"<{len(raw) // 4}I", raw)))


def test_basic_hlsl_listing_is_fxcs():
    """BasicHLSL_FX.asm, fxc's listing of the same object."""
    assert listing(_program(BASIC_HLSL)) == [
        "preshader",
        "add r0.x, c2.x, (5.5)",
        "mul r1.x, r0.x, (0.159154943)",
        "add r0.x, r1.x, (0.5)",
        "frc r1.x, r0.x",
        "mul r0.x, r1.x, (6.28318531)",
        "add r1.x, r0.x, (-3.14159265)",
        "sin r0.y, r1.x",
        "add c7.x, r0.y, (0.5)",
        "mul c9.xyz, c0.xyz, c1.xyz",
    ]


def test_relative_read_listing_is_fxcs():
    assert listing(_program(ARRAY_INDEX)) == ["preshader", "mov c0, c0[c10.x]"]


def test_program_fields():
    p = _program(BASIC_HLSL)
    assert p.version == 0x46580201
    assert [i.opcode for i in p.instructions] == [0x204, 0x205, 0x204, 0x104, 0x205, 0x204, 0x108, 0x204, 0x205]
    assert p.ctab and p.prsi  # the parameters it reads, the registers it writes


def test_found_in_a_shader_token_stream():
    """A PRES comment among a shader's comments (after its CTAB); a shader without one has none."""
    def comment(body: bytes) -> bytes:
        return struct.pack("<I", 0xFFFE | (len(body) // 4 << 16)) + body

    shader = struct.pack("<I", 0xFFFE0200) + comment(b"CTAB" + bytes(8)) + comment(b"PRES" + BASIC_HLSL) \
        + struct.pack("<I", 0x0000FFFF)
    found = find_preshader(shader)
    assert found is not None and listing(read_program(found))[1] == "add r0.x, c2.x, (5.5)"
    assert find_preshader(struct.pack("<II", 0xFFFE0200, 0x0000FFFF)) is None


def test_the_projects_shaders_have_none():
    """A stand-alone compile has no PRES block: fxc writes preshaders only inside effects (docs/conformance.md
    "Session 32, helper PRE"; tests/test_fx2_preshader_gen.py)."""
    from pyd3d11.d3dcompiler import D3DCompile

    src = "float4 a; float4 b; float4 main() : POSITION { return a * b; }"
    blob = bytes(D3DCompile(src, len(src), "t", None, None, "main", "vs_2_0").GetBufferPointer())
    assert find_preshader(blob) is None


_MIRROR = Path("/work/.mirror/spacehamster+DXDecompiler/repo")
_REV = "7b48f44^"
_DIR = "src/DXDecompiler.Tests/ShadersDX9"


def _git(*args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", str(_MIRROR), *args], check=True, capture_output=True).stdout


@pytest.mark.skipif(not _MIRROR.exists(), reason="the DXDecompiler mirror is not on this machine")
def test_every_preshader_of_the_corpus_lists_as_fxc():
    names = _git("ls-tree", "-r", "--name-only", _REV, _DIR).decode().split()
    total = 0
    for asm in (n for n in names if n.endswith(".asm")):
        text = _git("show", f"{_REV}:{asm}").decode("latin-1").splitlines()
        want = []
        for i, line in enumerate(text):
            if line.strip() == "preshader":
                block = ["preshader"]
                for m in text[i + 1:]:
                    if not m.strip() or m.strip().startswith("//"):
                        break
                    block.append(m.strip())
                want.append(block)
        if not want:
            continue
        data = _git("show", f"{_REV}:{asm[:-4]}.o")
        got, i = [], 0
        while (i := data.find(b"PRES", i)) >= 0:
            n = struct.unpack_from("<I", data, i - 4)[0] >> 16 & 0x7FFF
            body = data[i + 4:i + 4 * n]
            if body[:4] == struct.pack("<I", 0x46580201):
                got.append(listing(_program(body)))
            i += 4
        for block in want:
            assert block in got, (asm, block[:4])
            total += 1
    assert total == 60
