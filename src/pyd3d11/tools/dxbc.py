"""``python -m pyd3d11.tools.dxbc FILE [--header] [--disasm] [--reflect]``

Dumps a DXBC shader object: the container (version, size, chunk table, whether the stored checksum
matches the computed one), the signatures, a reflection summary (D3DReflect) and the disassembly
(fxc /Fc format). With no option everything is printed. Exit code 1 when the file cannot be read or is
not a DXBC container.
"""

from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path
from typing import Any

from pyd3d11.shader.dxbc.checksum import dxbc_checksum
from pyd3d11.shader.dxbc.container import DxbcContainer, parse_container
from pyd3d11.shader.dxbc.signature import Signature

#: D3D_REGISTER_COMPONENT_TYPE (d3dcommon.h)
_COMPONENT_TYPES = {0: "unknown", 1: "uint", 2: "int", 3: "float", 4: "uint16", 5: "int16", 6: "float16",
                    7: "uint64", 8: "int64", 9: "float64"}


def _mask(m: int) -> str:
    return "".join(c if m & (1 << i) else " " for i, c in enumerate("xyzw"))


def header_lines(blob: bytes) -> list[str]:
    """The container header and chunk table, with the checksum verdict."""
    out = []
    container = parse_container(blob, verify_checksum=False)
    total, count = struct.unpack_from("<2I", blob, 24)
    stored = blob[4:20]
    computed = dxbc_checksum(blob[:total])
    out.append(f"DXBC container: version {container.version}, {total} bytes, {count} chunks")
    out.append(f"checksum {stored.hex()} ({'ok' if stored == computed else 'MISMATCH, computed ' + computed.hex()})")
    offsets = struct.unpack_from(f"<{count}I", blob, 32)
    for off, chunk in zip(offsets, container, strict=True):
        out.append(f"  chunk {chunk.fourcc:<4} at offset {off:6d}, {len(chunk.data):6d} bytes")
    return out


def signature_lines(sig: Signature | None, title: str) -> list[str]:
    if sig is None:
        return []
    out = [f"{title} ({sig.fourcc}, {len(sig)} elements):",
           "  Name                 Index   Mask Register SysValue  Format   Used"]
    for e in sig:
        out.append(f"  {e.semantic_name:<20} {e.semantic_index:5d}   {_mask(e.mask)} {e.register:8d} "
                   f"{e.system_value:8d}  {_COMPONENT_TYPES.get(e.component_type, str(e.component_type)):<8} "
                   f"{_mask(e.rw_mask)}" + (f"  stream {e.stream}" if e.stream else ""))
    return out


def signatures(container: DxbcContainer) -> list[str]:
    out: list[str] = []
    for title, attr in (("Input signature", "input_signature"), ("Output signature", "output_signature"),
                        ("Patch constant signature", "patch_constant_signature")):
        try:
            out += signature_lines(getattr(container, attr), title)
        except Exception as e:
            out.append(f"{title}: cannot parse ({type(e).__name__}: {e})")
    return out


def reflection_lines(blob: bytes) -> list[str]:
    """A summary of ID3D11ShaderReflection: the shader desc, constant buffers, bound resources."""
    from pyd3d11.shader.reflection import D3DReflect

    try:
        r: Any = D3DReflect(blob)
    except Exception as e:
        return [f"reflection: D3DReflect failed ({type(e).__name__}: {e})"]
    d = r.GetDesc()
    ver = int(d.Version)
    kind = {0: "ps", 1: "vs", 2: "gs", 3: "hs", 4: "ds", 5: "cs"}.get(ver >> 16, f"type{ver >> 16}")
    out = [f"reflection: {kind}_{(ver >> 4) & 0xF}_{ver & 0xF}, creator {d.Creator!r}, flags 0x{int(d.Flags):x}",
           f"  {d.InstructionCount} instructions, {d.TempRegisterCount} temps, {d.ConstantBuffers} constant buffers,"
           f" {d.BoundResources} bound resources, {d.InputParameters} inputs, {d.OutputParameters} outputs"]
    for i in range(int(d.ConstantBuffers)):
        cb = r.GetConstantBufferByIndex(i)
        cd = cb.GetDesc()
        out.append(f"  cbuffer {cd.Name}: {cd.Size} bytes, {cd.Variables} variables")
        for j in range(int(cd.Variables)):
            vd = cb.GetVariableByIndex(j).GetDesc()
            out.append(f"    {vd.Name}: offset {vd.StartOffset}, size {vd.Size}")
    for i in range(int(d.BoundResources)):
        b = r.GetResourceBindingDesc(i)
        out.append(f"  binding {b.Name}: type {int(b.Type)}, point {b.BindPoint}, count {b.BindCount}, "
                   f"dimension {int(b.Dimension)}")
    if kind == "cs":
        try:
            x, y, z, _ = r.GetThreadGroupSize()
            out.append(f"  thread group {x} x {y} x {z}")
        except Exception:
            pass
    return out


def disasm_text(blob: bytes) -> str:
    from pyd3d11.shader.dxbc.disasm import disassemble

    return disassemble(blob)


def dump(blob: bytes, header: bool = True, disasm: bool = True, reflect: bool = True) -> str:
    """Everything ``main`` prints, as one string (raises for a blob that is not a DXBC container)."""
    out: list[str] = []
    container = parse_container(blob, verify_checksum=False)
    if header:
        out += header_lines(blob)
        out += signatures(container)
    if reflect:
        out += reflection_lines(blob)
    if disasm:
        try:
            out.append(disasm_text(blob).rstrip("\n"))
        except Exception as e:
            out.append(f"disassembly failed ({type(e).__name__}: {e})")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pyd3d11.tools.dxbc", description="Dump a DXBC shader object.")
    ap.add_argument("file")
    ap.add_argument("--header", action="store_true", help="container, chunks, checksum and signatures")
    ap.add_argument("--disasm", action="store_true", help="the disassembly (fxc /Fc format)")
    ap.add_argument("--reflect", action="store_true", help="the reflection summary (D3DReflect)")
    a = ap.parse_args(argv)
    every = not (a.header or a.disasm or a.reflect)
    try:
        blob = Path(a.file).read_bytes()
        text = dump(blob, a.header or every, a.disasm or every, a.reflect or every)
    except Exception as e:
        print(f"{a.file}: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
