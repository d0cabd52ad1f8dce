"""Header comment block of fxc's ``/Fc`` listing (everything before the ``vs_5_0``-style line).

``format_listing_header`` reproduces fxc 9.30's text from the container's RDEF, signatures, STAT
and SFI0 chunks; the layout rules (blank lines, column widths) were read off the slimshader
corpus listings. ``parse_listing_header`` is the inverse used by the assembler: it rebuilds RDEF
and signature chunk objects from the comment tables (see its docstring for what cannot be
recovered from the text).

The class-linkage tables (Available Class Types / Instances, Interface slots) come from the IFCE
chunk (ifce.py); ``parse_listing_header`` does not read them back (the assembler writes no IFCE).
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

from pyd3d11.errors import E_INVALIDARG, InvalidArgError
from pyd3d11.headers.d3dcommon import D3D_SHADER_VARIABLE_TYPE as SVT

from . import listing_dialect
from .checksum import dxbc_checksum
from .container import DxbcContainer, build_container
from .ifce import NO_SLOT, Ifce, parse_ifce
from .rdef import (
    RDEF_PROGRAM_TYPE,
    Rdef,
    RdefBinding,
    RdefConstantBuffer,
    RdefMember,
    RdefType,
    RdefVariable,
)
from .signature import Signature, SignatureElement

# -- enum -> text tables (fxc spellings) ------------------------------------------------------

SYSVALUE_NAMES = {
    0: "NONE", 1: "POS", 2: "CLIPDST", 3: "CULLDST", 4: "RTINDEX", 5: "VPINDEX", 6: "VERTID", 7: "PRIMID",
    8: "INSTID", 9: "FFACE", 10: "SAMPLE", 11: "QUADEDGE", 12: "QUADINT", 13: "TRIEDGE", 14: "TRIINT",
    15: "LINEDET", 16: "LINEDEN", 64: "TARGET", 65: "DEPTH", 66: "COVERAGE", 67: "DEPTHGE", 68: "DEPTHLE",
    69: "STENCILREF", 70: "INNERCOV",
}
# Outputs without a register: printed register name.
#: (fxc 10.1 prints oStencilRef four blanks after N/A, where the 8-wide column would give one: RasterOrderViews.asm)
SPECIAL_OUTPUT_REGISTERS = {65: "oDepth", 66: "oMask", 67: "oDepthGE", 68: "oDepthLE", 69: "   oStencilRef"}
# Inputs without a register (a geometry shader's SV_PrimitiveID, read from vPrim): fxc 10.1 prints
# ``N/A   primID   PRIMID    uint    YES`` (DXDecompiler 3Dmigoto signatures_gs5.asm)
SPECIAL_INPUT_REGISTERS = {7: "primID"}
COMPONENT_TYPE_NAMES = {0: "unknown", 1: "uint", 2: "int", 3: "float"}
#: D3D_MIN_PRECISION -> the Format column fxc 10.1 prints for a minimum-precision element, with the component
#: type it stands for (3Dmigoto signatures_vs.asm: min16f, min2_8f, min16i, min16u; min_precision.asm)
MIN_PRECISION_FORMATS = {1: ("min16f", 3), 2: ("min2_8f", 3), 4: ("min16i", 2), 5: ("min16u", 1)}

INPUT_TYPE_NAMES = {0: "cbuffer", 1: "tbuffer", 2: "texture", 3: "sampler", 4: "UAV", 5: "texture", 6: "UAV",
                    7: "texture", 8: "UAV", 9: "UAV", 10: "UAV", 11: "UAV"}
RETURN_TYPE_NAMES = {1: "unorm", 2: "snorm", 3: "sint", 4: "uint", 5: "float", 6: "mixed", 7: "double",
                     8: "continued"}
SRV_DIMENSION_NAMES = {0: "NA", 1: "buf", 2: "1d", 3: "1darray", 4: "2d", 5: "2darray", 6: "2dMS", 7: "2darrayMS",
                       8: "3d", 9: "cube", 10: "cubearray", 11: "bufex"}
VARIABLE_TYPE_NAMES = {0: "void", 1: "bool", 2: "int", 3: "float", 4: "string", 19: "uint", 20: "uint8",
                       39: "double",
                       **{int(v): v.name[len("D3D_SVT_"):].lower() for v in SVT if v.name.startswith("D3D_SVT_MIN")}}
CBUFFER_KIND = {0: "cbuffer", 1: "tbuffer", 2: "interfaces", 3: "Resource bind info for"}
TESS_DOMAIN_NAMES = {1: "Isoline", 2: "Triangle", 3: "Quadrilateral"}
TESS_OUTPUT_NAMES = {1: "Point", 2: "Line", 3: "Clockwise Triangles", 4: "Counter-Clockwise Triangles"}  # fxc 10.1
#: fxc 10.1 spells pow2 "Integer Power of 2" (DXDecompiler HullShader_PartitioningPow2.asm, 3Dmigoto hull.asm)
TESS_PARTITIONING_NAMES = {1: "Integer", 2: "Integer Power of 2", 3: "Odd Fractional", 4: "Even Fractional"}
# SFI0 bits fxc lists under "Note: shader requires additional functionality:" (0x2, raw/structured
# buffers on 4.x, is not listed by fxc). Only the doubles text is verified against the corpus.
FEATURE_NOTES = {
    0x1: "Double-precision floating point",
    0x2: "Early depth-stencil",  # shader model 5 only: at 4.x the bit is another feature (FEATURE_NOTES_SM4_SILENT)
    0x4: "UAVs at every shader stage",
    0x8: "64 UAV slots",
    0x10: "Minimum-precision data types",
    0x20: "Double-precision extensions for 11.1",
    0x40: "Shader extensions for 11.1",
    0x80: "Comparison filtering for feature level 9",
    0x100: "Tiled resources",
    0x200: "PS Output Stencil Ref",
    0x400: "PS Inner Coverage",
    0x800: "Typed UAV Load Additional Formats",
    0x1000: "Raster Ordered UAVs",
    0x2000: "SV_RenderTargetArrayIndex or SV_ViewportArrayIndex from any shader feeding rasterizer",
}

#: SFI0 bits a 4.x program's listing does not mention: 0x2 there is "raw and structured buffers via shader
#: 4.x" (dxbc/stat.py SFI0_RAW_STRUCTURED_VIA_4_X), which fxc's vs_4_0 listing in the corpus leaves out.
FEATURE_NOTES_SM4_SILENT = 0x2

D3D_SVC_SCALAR, D3D_SVC_VECTOR, D3D_SVC_MATRIX_ROWS, D3D_SVC_MATRIX_COLUMNS = 0, 1, 2, 3
D3D_SVC_OBJECT, D3D_SVC_STRUCT, D3D_SVC_INTERFACE_CLASS, D3D_SVC_INTERFACE_POINTER = 4, 5, 6, 7
D3D_SVF_USED = 2
D3D_SVF_INTERFACE_PTR = 4
D3D_SIF_COMPARISON_SAMPLER = 2
_SIG_HEADER = [
    "// Name                 Index   Mask Register SysValue  Format   Used",
    "// -------------------- ----- ------ -------- -------- ------- ------",
]
_RB_HEADER = [
    "// Name                                 Type  Format         Dim Slot Elements",
    "// ------------------------------ ---------- ------- ----------- ---- --------",
]
#: shader model 5.1's table adds the register space (MicrosoftDocs direct3dhlsl "Bytecode changes in SM5.1")
_RB_HEADER_51 = [
    "// Name                                 Type  Format         Dim Space Slot  Elements",
    "// ------------------------------ ---------- ------- ----------- ----- ---- ---------",
]
_COMMENT_COLUMN = 40  # "// Offset:" starts here (unless the declaration is longer)


def _mask_text(mask: int) -> str:
    return "".join(c if mask & (1 << i) else " " for i, c in enumerate("xyzw"))


# -- Buffer Definitions ------------------------------------------------------------------------


def type_decl_name(t: RdefType) -> str:
    """HLSL spelling of a non-struct type as fxc prints it (``float4``, ``float4x4``, ``uint``)."""
    base = VARIABLE_TYPE_NAMES.get(t.var_type, t.name or f"type{t.var_type}")
    if t.var_class == D3D_SVC_VECTOR:
        return f"{base}{t.columns}"
    if t.var_class == D3D_SVC_MATRIX_COLUMNS:
        return f"{base}{t.rows}x{t.columns}"
    if t.var_class == D3D_SVC_MATRIX_ROWS:
        return f"row_major {base}{t.rows}x{t.columns}"
    if t.var_class == D3D_SVC_INTERFACE_POINTER:
        return f"interface {t.name}"
    return base


def _decl_line(indent: str, decl: str, comment: str) -> str:
    head = f"//{indent}{decl}"
    return head.ljust(_COMMENT_COLUMN) + comment


def _format_var(lines: list[str], indent: str, name: str, t: RdefType, offset: int, tail: str, first: bool) -> None:
    array = f"[{t.elements}]" if t.elements else ""
    comment = f"// Offset: {offset:4d}{tail}"
    if t.var_class != D3D_SVC_STRUCT:
        lines.append(_decl_line(indent, f"{type_decl_name(t)} {name}{array};", comment))
        return
    if not first:
        lines.append(f"//{indent}")
    lines.append(f"//{indent}struct {t.name}" if t.name else f"//{indent}struct")
    lines.append(f"//{indent}{{")
    inner = indent + "    "
    lines.append(f"//{inner}")
    for k, m in enumerate(t.members):
        _format_var(lines, inner, m.name, m.type, offset + m.offset, "", k == 0)
    lines.append("//")
    lines.append(_decl_line(indent, f"}} {name}{array};", comment))


def _format_cbuffer(cb: RdefConstantBuffer, default_values: bool = True) -> list[str]:
    kind = CBUFFER_KIND.get(cb.type, "cbuffer")
    lines = [f"// {kind} {cb.name}", "// {", "//"]
    for k, v in enumerate(cb.variables):
        tail = f" Size: {v.size:5d}"
        if not v.flags & D3D_SVF_USED:
            tail += " [unused]"
        _format_var(lines, "   ", v.name, v.type, v.start_offset, tail, k == 0)
        if v.default_value and default_values:
            words = struct.unpack(f"<{len(v.default_value) // 4}I", v.default_value[: len(v.default_value) // 4 * 4])
            # four words a line, the rest indented under the first (fxc 10.1: AdvancedHLSL_GS.asm's float4x4)
            for i in range(0, len(words), 4):
                lines.append(("//      = " if i == 0 else "//        ") + "".join(f"0x{w:08x} " for w in words[i:i + 4]))
    lines += ["//", "// }", "//"]
    return lines


# -- Resource Bindings -------------------------------------------------------------------------


def binding_columns(b: RdefBinding) -> tuple[str, str, str]:
    """(Type, Format, Dim) column texts of one Resource Bindings row."""
    it = b.input_type
    kind = INPUT_TYPE_NAMES.get(it, "unknown")
    if it == 3 and b.flags & D3D_SIF_COMPARISON_SAMPLER:
        kind = "sampler_c"
    if it in (0, 1, 3):
        return kind, "NA", "NA"
    rw = "r/w" if kind == "UAV" else "r/o"
    if it in (9, 10, 11):  # fxc 10.1 names the structured UAVs with a hidden counter by their use
        # (DXDecompiler Internal/Operations/UAV_AppendStructuredBuffer / _Consume… / _RWStructuredBuffer.asm)
        return kind, "struct", {9: "append", 10: "consume", 11: "r/w+cnt"}[it]
    if it in (5, 6):
        return kind, "struct", rw
    if it in (7, 8):
        return kind, "byte", rw
    count = ((b.flags >> 2) & 3) + 1
    fmt = RETURN_TYPE_NAMES.get(b.return_type, "unknown") + (str(count) if count > 1 else "")
    dim = SRV_DIMENSION_NAMES.get(b.dimension, "unknown")
    if b.dimension in (6, 7) and b.num_samples not in (0, 0xFFFFFFFF):
        dim += str(b.num_samples)
    return kind, fmt, dim


def _format_binding(b: RdefBinding) -> str:
    kind, fmt, dim = binding_columns(b)
    return f"// {b.name:<30} {kind:>10} {fmt:>7} {dim:>11} {b.bind_point:4d} {b.bind_count:8d}"


#: d3dcompiler_47 10.1's table (listing_dialect ``hlsl_bind_columns``; recorded under Wine, session 37): the register
#: as HLSL names it (``t3``, ``cb1``, ``t3,space2``) and the count, each row ending in a space; at 5.1 an ``ID``
#: column (``T0``, ``CB0``) before it
_RB_HEADER_BIND = [
    "// Name                                 Type  Format         Dim      HLSL Bind  Count",
    "// ------------------------------ ---------- ------- ----------- -------------- ------",
]
_RB_HEADER_BIND_51 = [
    "// Name                                 Type  Format         Dim      ID      HLSL Bind  Count",
    "// ------------------------------ ---------- ------- ----------- ------- -------------- ------",
]
#: D3D_SHADER_INPUT_TYPE -> the register letter(s) of its binding (cbuffer b#, tbuffer / textures / read-only
#: buffers t#, samplers s#, the read-write kinds u#); an HLSL ``b`` binding prints as ``cb``
_BIND_PREFIX = {0: "cb", 1: "t", 2: "t", 3: "s", 4: "u", 5: "t", 6: "u", 7: "t", 8: "u", 9: "u", 10: "u", 11: "u"}


def _format_binding_hlsl(b: RdefBinding, sm51: bool) -> str:
    kind, fmt, dim = binding_columns(b)
    prefix = _BIND_PREFIX.get(b.input_type, "t")
    bind = f"{prefix}{b.bind_point}" + (f",space{b.space}" if b.space else "")
    count = "unbounded" if b.bind_count in (0, 0xFFFFFFFF) else str(b.bind_count)
    ident = f" {prefix.upper() + str(b.id):>7}" if sm51 else ""
    return f"// {b.name:<30} {kind:>10} {fmt:>7} {dim:>11}{ident} {bind:>14} {count:>6} "


def _format_binding_51(b: RdefBinding) -> str:
    """A shader-model-5.1 row: the space before the slot; an unbounded range (bind count 0) reads ``unbounded``."""
    kind, fmt, dim = binding_columns(b)
    count = "unbounded" if b.bind_count in (0, 0xFFFFFFFF) else str(b.bind_count)
    return f"// {b.name:<30} {kind:>10} {fmt:>7} {dim:>11} {b.space:5d} {b.bind_point:4d} {count:>9}"


# -- Signatures --------------------------------------------------------------------------------


def _format_sig_row(e: SignatureElement, is_output: bool, streams: bool = False) -> str:
    """One signature row; ``streams``: prefix the name with its GS stream (``m1:TEXCOORD``), as fxc 10.1 does
    in a geometry shader whose outputs are not all in stream 0 (DXDecompiler 3Dmigoto signatures_gs5.asm,
    HlslCrossCompiler gs5/stream.asm; its single-stream gs_5_0 listings print bare names)."""
    name = e.d3d_name
    ctype = COMPONENT_TYPE_NAMES.get(e.component_type, "unknown")
    if e.min_precision in MIN_PRECISION_FORMATS:
        ctype = MIN_PRECISION_FORMATS[e.min_precision][0]
    sem = f"m{e.stream}:{e.semantic_name}" if streams else e.semantic_name
    special = (SPECIAL_OUTPUT_REGISTERS if is_output else SPECIAL_INPUT_REGISTERS).get(name)
    if special is not None and e.register == 0xFFFFFFFF:
        # outputs store the components never written, inputs those read ("NO" for an unread input: by analogy)
        used = "YES" if (e.mask & ~e.rw_mask if is_output else e.rw_mask & e.mask) else "NO"
        return (f"// {sem:<20} {e.semantic_index:5d} {'N/A':>6} {special:>8} "
                f"{SYSVALUE_NAMES[name]:>8} {ctype:>7} {used:>6}")
    used = (~e.rw_mask & e.mask & 0xF) if is_output else e.rw_mask
    return (f"// {sem:<20} {e.semantic_index:5d}   {_mask_text(e.mask)} {e.register:8d} "
            f"{SYSVALUE_NAMES.get(name, str(name)):>8} {ctype:>7}   {_mask_text(used)}")


def _format_signature(title: str, sig: Signature | None, is_output: bool, empty: str) -> list[str]:
    lines = [f"// {title}:", "//", *_SIG_HEADER]
    if sig is None or not sig.elements:
        return lines + [f"// {empty}"]
    streams = is_output and any(e.stream for e in sig.elements)
    return lines + [_format_sig_row(e, is_output, streams) for e in sig.elements] + ["//"]


# -- whole header ------------------------------------------------------------------------------


def _program_type(container: DxbcContainer) -> int:
    prog = container.program
    if prog is not None and len(prog) >= 4:
        return int.from_bytes(prog[2:4], "little")
    rdef = container.rdef
    return rdef.program_type if rdef else -1


def _program_major(container: DxbcContainer) -> int:
    """The shader model's major version (version token bits 4-7; RDEF's when there is no program)."""
    prog = container.program
    if prog is not None and len(prog) >= 4:
        return (prog[0] >> 4) & 0xF
    rdef = container.rdef
    return rdef.major if rdef else 0


def format_listing_header(container: DxbcContainer, default_values: bool = True) -> list[str]:
    """fxc's listing header for ``container`` as a list of lines (no newlines). ``default_values``: each
    initialised constant's ``//      = 0x...`` line (D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS; fxc's /Fc
    listings have them)."""
    rdef = container.rdef
    stats = container.stats
    ptype = _program_type(container)
    dialect = listing_dialect.current()
    default_values = default_values or dialect.default_values_always
    creator = rdef.creator if rdef else "Microsoft (R) HLSL Shader Compiler"
    # Every section below starts with a "//" line; fxc's header ends in a bare "/" that merges
    # with the first section's "//" into the "///" line.
    lines = ["//", f"// Generated by {creator}", "//", "//"]
    sections: list[list[str]] = []
    # fxc prints the debug-layer note when the blob's checksum does not verify (unsigned shader).
    if dxbc_checksum(build_container(container.chunks)) != container.checksum:
        sections.append(["//", "// Note: SHADER WILL ONLY WORK WITH THE DEBUG SDK LAYER ENABLED.", "//"])
    flags = container.feature_flags
    if _program_major(container) < 5:
        flags &= ~FEATURE_NOTES_SM4_SILENT
    else:
        from ..reflection import global_flags
        from .stat import GLOBAL_FLAG_FORCE_EARLY_DEPTH_STENCIL

        # d3dcompiler_47 10.1 writes no SFI0 bit for early depth-stencil and still prints the note: it reads the
        # program's dcl_globalFlags forceEarlyDepthStencil (as its GetRequiresFlags does; session 38, REFL)
        if global_flags(container.program) & GLOBAL_FLAG_FORCE_EARLY_DEPTH_STENCIL:
            flags |= 0x2
    notes = [text for bit, text in FEATURE_NOTES.items() if flags & bit]
    if notes:
        sections.append(["//", "// Note: shader requires additional functionality:",
                         *(f"//       {text}" for text in notes), "//"])
    if rdef and rdef.constant_buffers:
        block = ["//", "// Buffer Definitions: ", "//"]
        for cb in rdef.constant_buffers:
            block += _format_cbuffer(cb, default_values)
        sections.append(block)
    if rdef and rdef.bindings:
        sm51 = (rdef.target & 0xFFFF) >= 0x501
        if dialect.hlsl_bind_columns:
            table = [*(_RB_HEADER_BIND_51 if sm51 else _RB_HEADER_BIND),
                     *(_format_binding_hlsl(b, sm51) for b in rdef.bindings)]
        else:
            table = [*(_RB_HEADER_51 if sm51 else _RB_HEADER),
                     *((_format_binding_51 if sm51 else _format_binding)(b) for b in rdef.bindings)]
        sections.append(["//", "// Resource Bindings:", "//", *table, "//"])
    sigs = []
    pcsg = container.patch_constant_signature
    if pcsg is not None:
        sigs.append(("Patch Constant signature", pcsg, ptype == 3, "no Patch Constant"))
    sigs.append(("Input signature", container.input_signature, False, "no Input"))
    sigs.append(("Output signature", container.output_signature, True, "no Output"))
    for k, (title, sig, is_output, empty) in enumerate(sigs):
        sections.append((["//", "//"] if k == 0 else ["//"]) + _format_signature(title, sig, is_output, empty))
    ifce_data = container.get("IFCE")
    if ifce_data is not None:
        sections.append(format_class_linkage(parse_ifce(ifce_data)))
    for block in sections:
        if lines[-1] == "//" and len(lines) == 4 and block[0] == "//":
            # fxc 9.30 writes the two rules as one "///" line; d3dcompiler_47 10.1 leaves that line out
            lines += ["///", *block[1:]] if dialect.merged_rule else block[1:]
        else:
            lines += block
    if stats is not None and ptype in (3, 4) and stats.TessellatorDomain:
        lines += ["// Tessellation Domain   # of control points", "// -------------------- --------------------",
                  f"// {TESS_DOMAIN_NAMES.get(stats.TessellatorDomain, 'Unknown'):<20} {stats.cControlPoints:20d}",
                  "//"]
        if ptype == 3:
            lines += ["// Tessellation Output Primitive  Partitioning Type ",
                      "// ------------------------------ ------------------",
                      f"// {TESS_OUTPUT_NAMES.get(stats.HSOutputPrimitive, 'Unknown'):<30} "
                      f"{TESS_PARTITIONING_NAMES.get(stats.HSPartitioning, 'Unknown'):<18}",
                      "//"]
    if stats is not None and ptype == 0 and stats.IsSampleFrequencyShader:
        lines += ["// Pixel Shader runs at sample frequency", "//"]
    return lines


def format_class_linkage(ifce: Ifce) -> list[str]:
    """fxc's "Available Class Types", "Available Class Instances" (only when there are any) and
    "Interface slots" tables for an IFCE chunk. Column layout read off the 3 corpus listings."""
    out = ["//", "// Available Class Types:", "//",
           "// Name                             ID CB Stride Texture Sampler",
           "// ------------------------------ ---- --------- ------- -------"]
    out += [f"// {t.name:<30} {i:4d} {t.cb_stride:9d} {t.texture:7d} {t.sampler:7d}"
            for i, t in enumerate(ifce.class_types)]
    out.append("//")
    if ifce.class_instances:
        def slot(v: int) -> str:
            return "-" if v == NO_SLOT else str(v)

        out += ["// Available Class Instances:", "//",
                "// Name                        Type CB CB Offset Texture Sampler",
                "// --------------------------- ---- -- --------- ------- -------"]
        out += [f"// {c.name:<27} {c.type_id:4d} {c.constant_buffer:2d} {c.cb_offset:9d} {slot(c.texture):>7} "
                f"{slot(c.sampler):>7}" for c in ifce.class_instances]
        out.append("//")
    rule = "// +----------+---------+---------------------------------------"
    out += [f"// Interface slots, {ifce.slot_count} total:", "//", "//             Slots", rule]
    for first, rec in ifce.slot_ranges():
        ids = str(first) if rec.span == 1 else f"{first}-{first + rec.span - 1}"
        out.append(f"// | Type ID  |   {ids:<6}|" + "".join(f"{t:<5}" for t in rec.type_ids))
        out.append("// | Table ID |         |" + "".join(f"{t:<5}" for t in rec.table_ids))
        out.append(rule)
    return out


# -- inverse: listing text -> chunk objects ----------------------------------------------------


@dataclass
class ListingHeader:
    """What :func:`parse_listing_header` recovers."""

    rdef: Rdef
    input_signature: Signature
    output_signature: Signature
    patch_constant_signature: Signature | None = None
    creator: str = ""
    notes: list[str] = field(default_factory=list)


def _bad(msg: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, msg, "parse_listing_header")


_SYSVALUE_FROM_TEXT = {v: k for k, v in SYSVALUE_NAMES.items()}
_CTYPE_FROM_TEXT = {v: k for k, v in COMPONENT_TYPE_NAMES.items()}
_INPUT_TYPE_FROM_TEXT = {"cbuffer": 0, "tbuffer": 1, "sampler": 3, "sampler_c": 3}
_RETURN_FROM_TEXT = {v: k for k, v in RETURN_TYPE_NAMES.items()}
_DIM_FROM_TEXT = {v: k for k, v in SRV_DIMENSION_NAMES.items()}
_VARTYPE_FROM_TEXT = {v: k for k, v in VARIABLE_TYPE_NAMES.items()}
# RDEF type records name uint "dword" (SM5 type names); everything else keeps its HLSL spelling.
_RDEF_TYPE_NAME = {"uint": "dword"}
# D3D_NAME values that SM4/5 signatures store as 0 (reflection derives them from the name).
_STORED_AS_ZERO = {64, 65, 66, 67, 68, 69, 70}
_UAV_DIM = {"buf": 1, "1d": 2, "1darray": 3, "2d": 4, "2darray": 5, "3d": 8}

_VAR_RE = re.compile(
    r"^//\s+(?P<decl>.*?);\s*// Offset:\s*(?P<off>\d+)(?: Size:\s*(?P<size>\d+))?(?P<unused> \[unused\])?\s*$")
_SIG_RE = re.compile(r"^// (?P<name>\S+)\s+(?P<idx>\d+)\s{1,}(?P<rest>.*)$")


def _scalar_type(decl_type: str, sm5: bool) -> RdefType:
    """RdefType for ``float4``/``float4x4``/``row_major float3x3``/``uint``/``interface X``."""
    row_major = decl_type.startswith("row_major ")
    if row_major:
        decl_type = decl_type[len("row_major "):]
    m = re.fullmatch(r"([a-z_0-9]+?)(\d)?(?:x(\d))?", decl_type)
    if not m or m.group(1) not in _VARTYPE_FROM_TEXT:
        raise _bad(f"unknown type {decl_type!r} in Buffer Definitions")
    base, a, b = m.group(1), m.group(2), m.group(3)
    t = RdefType(var_type=_VARTYPE_FROM_TEXT[base], rows=1, columns=1)
    if b:
        t.var_class = D3D_SVC_MATRIX_ROWS if row_major else D3D_SVC_MATRIX_COLUMNS
        t.rows, t.columns = int(a), int(b)
    elif a:
        t.var_class, t.columns = D3D_SVC_VECTOR, int(a)
    if sm5:
        t.name = _RDEF_TYPE_NAME.get(base, base) if not a else base + a + (f"x{b}" if b else "")
    return t


def _split_decl(decl: str) -> tuple[str, str, int]:
    m = re.fullmatch(r"(?P<type>.+?) (?P<name>[^ \[]+)(?:\[(?P<n>\d+)\])?", decl)
    if not m:
        raise _bad(f"cannot read declaration {decl!r}")
    return m.group("type"), m.group("name"), int(m.group("n") or 0)


def _parse_block(lines: list[str], i: int, sm5: bool) -> tuple[list[tuple], int]:
    """Parse declarations until the closing '// }' of a cbuffer or '} name;' of a struct."""
    out = []
    while i < len(lines):
        s = lines[i].rstrip()
        if s in ("//", "// }"):
            if s == "// }":
                return out, i
            i += 1
            continue
        body = s[2:].strip()
        if body == "{":
            i += 1
            continue
        if body.startswith("= ") and out:  # default value words of the previous variable
            words = [int(w, 16) for w in body[2:].split()]
            out[-1] = (*out[-1][:5], struct.pack(f"<{len(words)}I", *words))
            i += 1
            continue
        if body.startswith("0x") and out and out[-1][5:]:  # fxc 10.1's continuation line: four words each
            words = [int(w, 16) for w in body.split()]
            out[-1] = (*out[-1][:5], out[-1][5] + struct.pack(f"<{len(words)}I", *words))
            i += 1
            continue
        if body.startswith("struct"):
            sname = body[len("struct"):].strip()
            members, i = _parse_block(lines, i + 1, sm5)
            close = _VAR_RE.match(lines[i].rstrip())
            if not close or not close.group("decl").lstrip().startswith("}"):
                raise _bad(f"unterminated struct {sname!r}")
            _, name, n = _split_decl("struct " + close.group("decl").lstrip()[1:].strip())
            off = int(close.group("off"))
            t = RdefType(var_class=D3D_SVC_STRUCT, elements=n, name=sname if sm5 else "", rows=1)
            t.members = [RdefMember(mn, mt, mo - off) for mn, mt, mo, *_rest in members]
            t.columns = _struct_columns(t)
            size = int(close.group("size") or 0)
            out.append((name, t, off, size, bool(close.group("unused"))))
            i += 1
            continue
        m = _VAR_RE.match(s)
        if not m:
            if body.startswith("}"):
                return out, i
            raise _bad(f"cannot read Buffer Definitions line {s!r}")
        decl = m.group("decl").strip()
        if decl.startswith("}"):
            return out, i
        tname, name, n = _split_decl(decl)
        if tname.startswith("interface "):
            t = RdefType(var_class=D3D_SVC_INTERFACE_POINTER, var_type=37, rows=1, columns=4,
                         name=tname[len("interface "):])
            t.sub_type = RdefType(var_class=D3D_SVC_INTERFACE_CLASS, rows=1, name=t.name, member_list=True)
        else:
            t = _scalar_type(tname, sm5)
        t.elements = n
        out.append((name, t, int(m.group("off")), int(m.group("size") or 0), bool(m.group("unused"))))
        i += 1
    raise _bad("Buffer Definitions block not closed")


def _struct_columns(t: RdefType) -> int:
    """fxc stores a struct's size in components (dwords) in its 'columns' field."""
    total = 0
    for m in t.members:
        mt = m.type
        if mt.var_class == D3D_SVC_STRUCT:
            comps = mt.columns
        else:
            comps = mt.rows * mt.columns
        total += comps * max(1, mt.elements)
    return total


def _parse_sig_row(line: str, is_output: bool) -> SignatureElement:
    parts = line[2:].split()
    if len(parts) < 6:
        raise _bad(f"cannot read signature row {line!r}")
    name, idx = parts[0], int(parts[1])
    printed = len(name)  # the column shift below follows the printed name, stream prefix included
    stream_m = re.match(r"m([0-3]):(.+)$", name) if is_output else None
    stream = 0
    if stream_m:  # fxc 10.1's ``m1:NAME`` of a multi-stream geometry shader (_format_sig_row)
        stream, name = int(stream_m.group(1)), stream_m.group(2)
    if parts[2] == "N/A":
        sv, ctype = parts[4], parts[5]
        used = parts[6] if len(parts) > 6 else "NO"
        d3d = _SYSVALUE_FROM_TEXT.get(sv, 0)
        # outputs: never-written y, z, w (sigusage); inputs: the component read
        rw = (0xE if used == "YES" else 0xF) if is_output else (1 if used == "YES" else 0)
        return SignatureElement(name, idx, 0 if d3d in _STORED_AS_ZERO else d3d, _CTYPE_FROM_TEXT.get(ctype, 0),
                                0xFFFFFFFF, 1, rw, stream)
    # mask and used columns are positional ("x   ", " y  "): read by column, shifted by overlong names
    sh = max(0, printed - 20)
    mask = _mask_from(line[32 + sh:36 + sh])
    reg = int(line[37 + sh:45 + sh])
    sv = line[46 + sh:54 + sh].strip()
    ctype = line[55 + sh:62 + sh].strip()
    used = _mask_from(line[65 + sh:69 + sh])
    d3d = _SYSVALUE_FROM_TEXT.get(sv, 0)
    # outputs store "never written" (spec-facts §2.3), inputs the components read
    rw = (0xF ^ used) if is_output else used
    stored = 0 if d3d in _STORED_AS_ZERO else d3d
    prec = next((p for p, (text, _c) in MIN_PRECISION_FORMATS.items() if text == ctype), 0)
    comp = MIN_PRECISION_FORMATS[prec][1] if prec else _CTYPE_FROM_TEXT.get(ctype, 0)
    return SignatureElement(name, idx, stored, comp, reg, mask, rw, stream, prec)


def _mask_from(text: str) -> int:
    return sum(1 << i for i, c in enumerate("xyzw") if i < len(text) and text[i] == c)


def parse_listing_header(lines: list[str], target: int = 0) -> ListingHeader:
    """Rebuild RDEF and signature chunk objects from an fxc listing header.

    ``target`` is the RDEF target dword (program type and version, e.g. from the ``ps_5_0`` line).
    What the text cannot say and is therefore approximated: cbuffer flags, SM5 texture/sampler
    slots of variables (written as "none"), default values, binding flags other than the
    comparison-sampler bit and the return-type component count, sample counts of non-MS
    textures, the compile-flags dword (0x100 assumed), the structured-buffer stride for the
    NumSamples field (taken from the $Element size), and for output signatures a partially
    written component mask is kept but "never written" for unlisted components is inferred.
    """
    try:
        return _parse_listing_header(lines, target)
    except InvalidArgError:
        raise
    except (ValueError, IndexError, KeyError, struct.error) as exc:
        raise _bad(f"malformed listing header: {exc}") from exc


def _parse_listing_header(lines: list[str], target: int) -> ListingHeader:
    sm5 = (target & 0xFFFF) >= 0x500
    rdef = Rdef(target=target, flags=0x100)
    hdr = ListingHeader(rdef, Signature("ISGN"), Signature("OSGN"))
    text = [ln.rstrip() for ln in lines]
    i = 0
    ptype_code = target >> 16
    is_hs = ptype_code == RDEF_PROGRAM_TYPE[3]
    while i < len(text):
        s = text[i]
        if s.startswith("// Generated by "):
            hdr.creator = rdef.creator = s[len("// Generated by "):]
        elif s.startswith("// Note:"):
            hdr.notes.append(s[len("// Note:"):].strip())
        elif s.startswith(("// cbuffer ", "// tbuffer ", "// interfaces ", "// Resource bind info for ")):
            cb = RdefConstantBuffer("")
            for code, kind in CBUFFER_KIND.items():
                if s.startswith(f"// {kind} "):
                    cb = RdefConstantBuffer(s[len(kind) + 4:], type=code)
            decls, i = _parse_block(text, i + 1, sm5)
            for name, t, off, size, unused, *default in decls:
                vflags = (0 if unused else D3D_SVF_USED) | (D3D_SVF_INTERFACE_PTR if t.var_class == 7 else 0)
                cb.variables.append(RdefVariable(name, off, size, vflags, t, default[0] if default else None))
            end = max((v.start_offset + v.size for v in cb.variables), default=0)
            cb.size = end if cb.type in (2, 3) else (end + 15) // 16 * 16
            if cb.type == 2:
                cb.size = 16 * ((len(cb.variables) + 3) // 4) if cb.variables else 0
            rdef.constant_buffers.append(cb)
        elif s == "// Resource Bindings:":
            i += 4
            while i < len(text) and text[i] != "//":
                rdef.bindings.append(_parse_binding(text[i], rdef))
                i += 1
            continue
        elif s in ("// Input signature:", "// Output signature:", "// Patch Constant signature:"):
            kind = s[3:-len(" signature:")]
            is_output = kind == "Output" or (kind == "Patch Constant" and is_hs)
            fourcc = {"Input": "ISGN", "Output": "OSGN", "Patch Constant": "PCSG"}[kind]
            sig = Signature(fourcc)
            i += 4
            while i < len(text) and text[i] != "//" and not text[i].startswith("// no "):
                sig.elements.append(_parse_sig_row(text[i], is_output))
                i += 1
            if kind == "Input":
                hdr.input_signature = sig
            elif kind == "Output":
                hdr.output_signature = sig
            else:
                hdr.patch_constant_signature = sig
            continue
        i += 1
    return hdr


def _parse_binding(line: str, rdef: Rdef) -> RdefBinding:
    m = re.match(r"^// (?P<name>.+?)\s+(?P<type>\S+)\s+(?P<fmt>\S+)\s+(?P<dim>\S+)\s+(?P<slot>\d+)\s+(?P<n>\d+)$", line)
    if not m:
        raise _bad(f"cannot read Resource Bindings row {line!r}")
    name, kind, fmt, dim = m.group("name"), m.group("type"), m.group("fmt"), m.group("dim")
    # D3D_SIF_USERPACKED (explicit register) is not in the text; most corpus shaders set it.
    b = RdefBinding(name, bind_point=int(m.group("slot")), bind_count=int(m.group("n")), flags=1)
    elem_size = 0
    for cb in rdef.constant_buffers:
        if cb.type == 3 and cb.name == name and cb.variables:
            elem_size = cb.variables[0].size
    if kind in _INPUT_TYPE_FROM_TEXT:
        b.input_type = _INPUT_TYPE_FROM_TEXT[kind]
        if kind == "sampler_c":
            b.flags |= D3D_SIF_COMPARISON_SAMPLER
        return b
    uav = kind == "UAV"
    if fmt == "struct":
        # SRV and UAV buffer dimensions are both 1 (D3D_SRV_DIMENSION_BUFFER / D3D_UAV_DIMENSION_BUFFER)
        b.input_type, b.return_type, b.dimension, b.num_samples = (6 if uav else 5), 6, 1, elem_size
        if uav:  # the counter-carrying kinds by their Dim text (binding_columns)
            b.input_type = {"append": 9, "consume": 10, "r/w+cnt": 11}.get(dim, 6)
        return b
    if fmt == "byte":
        b.input_type, b.return_type, b.dimension = (8 if uav else 7), 6, 1
        return b
    b.input_type = 4 if uav else 2
    fm = re.fullmatch(r"([a-z]+)(\d)?", fmt)
    if not fm or fm.group(1) not in _RETURN_FROM_TEXT:
        raise _bad(f"unknown resource format {fmt!r}")
    b.return_type = _RETURN_FROM_TEXT[fm.group(1)]
    b.flags |= (int(fm.group(2) or 1) - 1) << 2
    dm = re.fullmatch(r"(2dMS|2darrayMS)(\d+)", dim)
    if dm:
        b.dimension, b.num_samples = _DIM_FROM_TEXT[dm.group(1)], int(dm.group(2))
    elif uav:
        b.dimension = _UAV_DIM.get(dim, 0)
    else:
        if dim not in _DIM_FROM_TEXT:
            raise _bad(f"unknown resource dimension {dim!r}")
        b.dimension = _DIM_FROM_TEXT[dim]
        b.num_samples = 0 if dim in ("2dMS", "2darrayMS") else 0xFFFFFFFF
    return b
