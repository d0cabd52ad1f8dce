"""The input and output declarations' component masks, as fxc writes them (issue 15, session 37).

d3dcompiler_47 10.1 (recorded under Wine in tests/test_rules_hlsl_fxc_io_decls_s37.py) declares of each signature
element only the components the finished program reads (``dcl_input v0.xy`` for a ``float4`` whose .xy alone are
read; an element read nowhere has no declaration at all, SV_Position, SV_VertexID, SV_Coverage and the other
system values included), and of each output element only the components some instruction writes (``dcl_output
o1.xz``). The signature's own mask stays the declared one; its ReadWriteMask byte is computed from the same reads
(sigusage.py). The system registers with components (a compute shader's thread IDs, a domain shader's location)
follow the same rule. The DXBC reference ("dcl_input", "dcl_output" pages of the shader model 4/5 assembly
reference) is silent on which mask a compiler writes; the runtime reads only the declared components.

Geometry-shader outputs (declared per stream) and the hull shader's phases keep their full declarations: not
probed here."""

from __future__ import annotations

import re

from .operands import Ins
from .sigusage import (
    REGISTERLESS,
    input_reads,
    output_writes,
)

#: an input declaration of a numbered register: the opcode and interpolation words, the file, an optional vertex
#: count (``v[3][0]``), the register, the mask, and the system-value name after the comma
_IN_RE = re.compile(r"^(?P<head>dcl_input\w*(?: [a-z]+)* )(?P<file>vicp|vpc|v)(?P<count>\[\d+\])?"
                    r"(?:\[(?P<r1>\d+)\]|(?P<r2>\d+))\.(?P<mask>[xyzw]+)(?P<tail>,.*)?$")
#: an input declaration of a system register without a number (``dcl_input vThreadID.xyz``, ``dcl_input vCoverage``)
_SPECIAL_RE = re.compile(r"^dcl_input (?P<file>v[A-Za-z]+)(?:\.(?P<mask>[xyzw]+))?$")
#: system registers whose declaration stays whatever the program reads (fxc declares them for the program's
#: shape: a geometry shader's instance ID, the hull shader's phase IDs; a geometry shader's unread SV_PrimitiveID
#: parameter keeps ``dcl_input vPrim``, recorded)
_KEPT_SPECIAL = frozenset({"vGSInstanceID", "vOutputControlPointID", "vForkInstanceID", "vJoinInstanceID", "vPrim"})
_OUT_RE = re.compile(r"^(?P<head>dcl_output(?:_siv|_sgv)? )o(?P<reg>\d+)\.(?P<mask>[xyzw]+)(?P<tail>,.*)?$")


def _bits(letters: str) -> int:
    return sum(1 << "xyzw".index(c) for c in letters)


def _letters(mask: int) -> str:
    return "".join(c for i, c in enumerate("xyzw") if mask >> i & 1)


def check_read_inputs(cg) -> None:
    """Raise the first of ``cg.late_input_errors`` whose register the finished program reads: a pixel shader's
    SV_Coverage / SV_InnerCoverage input below 5.0 (X4502 "SV_Coverage input not supported on ps_4_1"), a nointerpolation
    SV_Position (X4568), a clip distance's interpolation (the validator's X8000, last), a Direct3D 9
    pixel shader's input spelled SV_IsFrontFace (X4502 "invalid ps_3_0 input semantic 'SV_IsFrontFace'"). fxc 10.1
    compiles each unread (session 37, recorded in tests/test_rules_hlsl_fxc_io_decls_s37.py)."""
    if not cg.late_input_errors:
        return
    reads = input_reads(cg.code)
    # (the validator's X8000 -- a clip distance's interpolation -- after fxc's own refusals, X4568 SV_Position's)
    for f, reg, err in sorted(cg.late_input_errors, key=lambda x: x[2].code == 8000):
        if reads.get((f, reg), 0) or reads.get((f, -1), 0):
            raise err


def present_reads(code: list[Ins]) -> dict[tuple[str, int], int]:
    """``{(file, register): mask}`` of the input components any instruction of ``code`` names as a source, live or
    not (the validator requires a declaration for every register read; fxc at /Od keeps dead code and declares what
    it reads)."""
    return input_reads(code, live=False)


def narrow_input_decls(decls: list[str], code: list[Ins], optimized: bool = True) -> list[str]:
    """``decls`` with each element's declaration masked to the components ``code`` reads; unread ones dropped.
    ``optimized``: the live reads (fxc's masks after dead code); otherwise (/Od) every read present. A register only
    dead code reads stays declared with what it reads (the validator checks every read register)."""
    live = input_reads(code)
    present = present_reads(code)
    reads = live if optimized else present
    out = []
    for line in decls:
        m = _IN_RE.match(line)
        if m is not None:
            reg = int(m.group("r1") or m.group("r2"))
            f = m.group("file")
            read = (reads.get((f, reg), 0) | reads.get((f, -1), 0)) & _bits(m.group("mask"))
            if not read:
                read = (present.get((f, reg), 0) | present.get((f, -1), 0)) & _bits(m.group("mask"))
            if read:
                at = f"[{reg}]" if m.group("r1") else str(reg)
                out.append(f"{m.group('head')}{f}{m.group('count') or ''}{at}.{_letters(read)}{m.group('tail') or ''}")
            continue
        s = _SPECIAL_RE.match(line)
        if s is not None and s.group("file") not in _KEPT_SPECIAL:
            f = s.group("file")
            read = reads.get((f, REGISTERLESS if f == "vPrim" else 0), 0) or present.get((f, 0), 0)
            if s.group("mask") is None:
                if read:
                    out.append(line)
            elif read & _bits(s.group("mask")):
                out.append(f"dcl_input {s.group('file')}.{_letters(read & _bits(s.group('mask')))}")
            continue
        out.append(line)
    return out


def narrow_output_decls(decls: list[str], code: list[Ins]) -> list[str]:
    """``decls`` with each o# element's declaration masked to the components ``code`` writes; unwritten dropped."""
    writes = output_writes(code)
    out = []
    for line in decls:
        m = _OUT_RE.match(line)
        if m is None:
            out.append(line)  # oDepth, oMask, ...: one component, written (X4580 otherwise)
            continue
        reg = int(m.group("reg"))
        wrote = (writes.get(reg, 0) | writes.get(-1, 0)) & _bits(m.group("mask"))
        if wrote:
            out.append(f"{m.group('head')}o{reg}.{_letters(wrote)}{m.group('tail') or ''}")
    return out
