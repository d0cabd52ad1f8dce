"""Root signatures written in HLSL: the ``[RootSignature("…")]`` string of an entry point and the ``rootsig_1_0`` /
``rootsig_1_1`` targets, parsed, checked and serialised as the container's RTS0 part (issue 15).

The grammar is MicrosoftDocs "Specifying Root Signatures in HLSL" (RootFlags, RootConstants, root-level CBV / SRV /
UAV, DescriptorTable with CBV / SRV / UAV / Sampler ranges, StaticSampler; each clause's named parameters in any
order). The pages give neither the error numbers nor the serialised bytes; both were recorded from Microsoft's
d3dcompiler_47.dll 10.1 under Wine (session 41, helper REFL; tests/test_rules_reflect_fxc_s41.py):

* the part (D3D12's serialised root signature): a header ``version (1 = 1.0, 2 = 1.1), parameter count, parameter
  offset, static sampler count, static sampler offset, flags``; the parameters (type, visibility, payload offset)
  right after it; each parameter's payload in parameter order, a descriptor table's ranges right after its
  ``count, offset`` pair; the static samplers (13 words each) last. Offsets count from the part's start. Version
  1.1 adds a flags word to a root descriptor (after its space) and to a range (before its offset). An entry
  point's part is version 1.1 unless D3DCOMPILE_FLAGS2_FORCE_ROOT_SIGNATURE_1_0 (0x10) is passed; unspecified
  flags are written 0.
* keywords and enumerator names are matched without regard to case, a register (``b0``, ``t3``) only in lower
  case; numbers are decimal (``0x10`` is ``0`` and then the token ``x10``); a trailing comma is allowed.
* X4612 for the grammar (texts below are fxc's), X4613 a second RootFlags, X4616 a RootConstants without its
  count or register, X4617 a root-level or range register of the wrong class, X4619 / X4620 flags at version 1.0,
  X4614 "RootSignature creation failed: …" for D3D12's own checks of the description (register ranges that
  overlap, samplers mixed into a table, a zero-sized range, ...) and "RootSignature verification failed: …" for
  a shader register the signature does not bind (:func:`verify_bindings`).
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable
from dataclasses import dataclass, field

#: D3D12_ROOT_SIGNATURE_FLAGS that d3dcompiler_47 10.1 knows (LOCAL_ROOT_SIGNATURE and the mesh-shader ones are
#: "Expected a root signature flag value" there)
ROOT_FLAGS = {
    "ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT": 0x1, "DENY_VERTEX_SHADER_ROOT_ACCESS": 0x2,
    "DENY_HULL_SHADER_ROOT_ACCESS": 0x4, "DENY_DOMAIN_SHADER_ROOT_ACCESS": 0x8,
    "DENY_GEOMETRY_SHADER_ROOT_ACCESS": 0x10, "DENY_PIXEL_SHADER_ROOT_ACCESS": 0x20, "ALLOW_STREAM_OUTPUT": 0x40,
}
VISIBILITY = {"SHADER_VISIBILITY_ALL": 0, "SHADER_VISIBILITY_VERTEX": 1, "SHADER_VISIBILITY_HULL": 2,
              "SHADER_VISIBILITY_DOMAIN": 3, "SHADER_VISIBILITY_GEOMETRY": 4, "SHADER_VISIBILITY_PIXEL": 5}
_VIS_NAMES = ("ALL", "VERTEX", "HULL", "DOMAIN", "GEOMETRY", "PIXEL")
ROOT_DESCRIPTOR_FLAGS = {"DATA_VOLATILE": 0x2, "DATA_STATIC_WHILE_SET_AT_EXECUTE": 0x4, "DATA_STATIC": 0x8}
RANGE_FLAGS = {"DESCRIPTORS_VOLATILE": 0x1, **ROOT_DESCRIPTOR_FLAGS}
_FILTER_BASE = {"MIN_MAG_MIP_POINT": 0x0, "MIN_MAG_POINT_MIP_LINEAR": 0x1, "MIN_POINT_MAG_LINEAR_MIP_POINT": 0x4,
                "MIN_POINT_MAG_MIP_LINEAR": 0x5, "MIN_LINEAR_MAG_MIP_POINT": 0x10,
                "MIN_LINEAR_MAG_POINT_MIP_LINEAR": 0x11, "MIN_MAG_LINEAR_MIP_POINT": 0x14, "MIN_MAG_MIP_LINEAR": 0x15,
                "ANISOTROPIC": 0x55}
#: D3D12_FILTER: the plain, COMPARISON_, MINIMUM_ and MAXIMUM_ reductions of each filter
FILTERS = {f"FILTER_{pre}{name}": value | red for name, value in _FILTER_BASE.items()
           for pre, red in (("", 0), ("COMPARISON_", 0x80), ("MINIMUM_", 0x100), ("MAXIMUM_", 0x180))}
ADDRESS_MODES = {"TEXTURE_ADDRESS_WRAP": 1, "TEXTURE_ADDRESS_MIRROR": 2, "TEXTURE_ADDRESS_CLAMP": 3,
                 "TEXTURE_ADDRESS_BORDER": 4, "TEXTURE_ADDRESS_MIRROR_ONCE": 5}
COMPARISONS = {"COMPARISON_NEVER": 1, "COMPARISON_LESS": 2, "COMPARISON_EQUAL": 3, "COMPARISON_LESS_EQUAL": 4,
               "COMPARISON_GREATER": 5, "COMPARISON_NOT_EQUAL": 6, "COMPARISON_GREATER_EQUAL": 7,
               "COMPARISON_ALWAYS": 8}
BORDER_COLORS = {"STATIC_BORDER_COLOR_TRANSPARENT_BLACK": 0, "STATIC_BORDER_COLOR_OPAQUE_BLACK": 1,
                 "STATIC_BORDER_COLOR_OPAQUE_WHITE": 2}

#: D3D12_ROOT_PARAMETER_TYPE and D3D12_DESCRIPTOR_RANGE_TYPE
PARAM_TABLE, PARAM_CONSTANTS, PARAM_CBV, PARAM_SRV, PARAM_UAV = range(5)
RANGE_TYPES = {"SRV": 0, "UAV": 1, "CBV": 2, "SAMPLER": 3}
_REG_CLASS = {"CBV": "b", "SRV": "t", "UAV": "u", "SAMPLER": "s"}
UNBOUNDED = 0xFFFFFFFF
APPEND = 0xFFFFFFFF
FLT_MAX = 3.402823466e+38


class RootSigError(Exception):
    """A root signature refused: ``code`` is fxc's X number; ``at_argument`` tells a D3D12 check (X4614, reported
    at the attribute's argument) from a grammar error (reported at the entry point's body)."""

    def __init__(self, code: int, message: str, at_argument: bool = False) -> None:
        super().__init__(message)
        self.code, self.message, self.at_argument = code, message, at_argument


@dataclass
class Range:
    kind: str  # CBV / SRV / UAV / SAMPLER
    reg: int
    count: int = 1
    space: int = 0
    offset: int = APPEND
    flags: int = 0


@dataclass
class Param:
    type: int
    visibility: int = 0
    reg: int = 0
    space: int = 0
    num32: int = 0
    flags: int = 0
    ranges: list[Range] = field(default_factory=list)


@dataclass
class StaticSampler:
    reg: int
    filter: int = 0x55
    address: list[int] = field(default_factory=lambda: [1, 1, 1])
    mip_lod_bias: float = 0.0
    max_anisotropy: int = 16
    comparison: int = 4
    border: int = 2
    min_lod: float = 0.0
    max_lod: float = FLT_MAX
    space: int = 0
    visibility: int = 0


@dataclass
class RootSignature:
    flags: int = 0
    params: list[Param] = field(default_factory=list)
    samplers: list[StaticSampler] = field(default_factory=list)


#: a number is one token with its sign and whatever a float's scan takes (``-1``, ``1.5e``, ``2.25f``); fxc refuses
#: a signed or fractional one where it wants an unsigned integer ("Unexpected token '-1'"); a character that starts
#: no token makes the rest of the string one ("Unexpected token '# x)'", "Expected ',', found: '; SRV(t0)'")
_TOKEN = re.compile(r"\s*(?:(?P<num>[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]*)?[fF]?)"
                    r"|(?P<id>[A-Za-z_][A-Za-z0-9_]*)|(?P<p>[(),=|])|(?P<other>\S.*))", re.DOTALL)
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?[fF]?")


#: a parameter given twice is named in fxc's spelling, whatever case the source used
_PARAM_NAMES = {n.lower(): n for n in (
    "space", "visibility", "num32BitConstants", "numDescriptors", "offset", "flags", "filter", "addressU", "addressV",
    "addressW", "mipLODBias", "maxAnisotropy", "comparisonFunc", "borderColor", "minLOD", "maxLOD")}


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    while True:
        m = _TOKEN.match(text, pos)
        if m is None:
            return out
        pos = m.end()
        out.append(m.group(m.lastgroup))


class _Parser:
    def __init__(self, text: str, version: int) -> None:
        self.toks, self.i, self.version = _tokens(text), 0, version

    def peek(self) -> str:
        return self.toks[self.i] if self.i < len(self.toks) else ""

    def next(self) -> str:
        t = self.peek()
        self.i += 1
        return t

    def expect(self, tok: str) -> None:
        t = self.next()
        if t != tok:
            raise RootSigError(4612, f"Unexpected token '{t}'")

    def number(self) -> int:
        """An unsigned 32-bit decimal; a larger one is an unexpected token (``4294967296``)."""
        t = self.next()
        if not t.isdigit() or int(t) > 0xFFFFFFFF:
            raise RootSigError(4612, f"Unexpected token '{t}'")
        return int(t)

    def float_(self) -> float:
        """A float (sign, fraction, exponent, ``f``); one that does not scan (``1.5e``, ``abc``, ``)``) or
        overflows a float (``1e40``) stops d3dcompiler_47 10.1 with its numberless internal error."""
        t = self.next()
        # a token that is no number at all (``mipLODBias=)``, ``=abc``, ``=,``) is the same internal error
        value = float(t.rstrip("fF")) if _FLOAT.fullmatch(t) else None
        if value is None or abs(value) > FLT_MAX * (1 + 2 ** -24):
            raise RootSigError(0, "compilation aborted unexpectedly")  # printed "internal error: …"
        return value + 0.0  # ``-0`` is written +0

    def enum(self, table: dict[str, int], what: str) -> int:
        t = self.next()
        value = table.get(t.upper())
        if value is None:
            raise RootSigError(4612, f"Unexpected {what} value: '{t}'.")
        return value

    def flag_set(self, table: dict[str, int], what: str) -> int:
        """``0`` or ``NAME | NAME ...``"""
        t = self.next()
        if t == "0":
            return 0
        value = 0
        while True:
            v = table.get(t.upper())
            if v is None:
                raise RootSigError(4612, f"Expected a {what} flag value, found: '{t}'")
            value |= v
            if self.peek() != "|":
                return value
            self.next()
            t = self.next()

    def register(self, cls: str, clause: str) -> int:
        """A register token of ``cls``'s clause; another class the clause reads as a register is X4617."""
        t = self.next()
        m = re.fullmatch(r"([btus])([0-9]+)", t)
        if m is None or int(m.group(2)) > 0xFFFFFFFF:
            raise RootSigError(4612, f"Unexpected token '{t}'")
        if m.group(1) != cls:
            raise RootSigError(4617, f"Incorrect register type '{t}' in {clause} (expected {cls}#)")
        return int(m.group(2))

    # --- clauses --------------------------------------------------------------------------------------
    def parse(self) -> RootSignature:
        rs = RootSignature()
        have_flags = False
        while self.peek():
            t = self.next()
            kw = t.upper()
            if kw == "ROOTFLAGS":
                if have_flags:
                    raise RootSigError(4613, "RootFlags cannot be specified more than once")
                have_flags = True
                self.expect("(")
                rs.flags = self.root_flags()
                self.expect(")")
            elif kw == "ROOTCONSTANTS":
                rs.params.append(self.root_constants())
            elif kw in ("CBV", "SRV", "UAV"):
                rs.params.append(self.root_descriptor(kw))
            elif kw == "DESCRIPTORTABLE":
                rs.params.append(self.table())
            elif kw == "STATICSAMPLER":
                rs.samplers.append(self.static_sampler())
            else:
                raise RootSigError(4612, f"Unexpected token '{t}' when parsing root signature")
            t = self.peek()
            if t == "":
                break
            if t != ",":
                raise RootSigError(4612, f"Expected ',', found: '{t}'")
            self.next()
        return rs

    def root_flags(self) -> int:
        t = self.next()
        if t == "0":
            return 0
        value = 0
        while True:
            if t.isdigit():
                raise RootSigError(4612, f"Root signature flag values can only be 0 or flag enum values, found: '{t}'")
            v = ROOT_FLAGS.get(t.upper())
            if v is None:
                raise RootSigError(4612, f"Expected a root signature flag value, found: '{t}'")
            value |= v
            if self.peek() != "|":
                return value
            self.next()
            t = self.next()

    def _common(self, p: Param | Range | StaticSampler, vis: bool = True) -> dict:
        h = {"space": lambda: setattr(p, "space", self.number())}
        if vis:
            h["visibility"] = lambda: setattr(p, "visibility", self.enum(VISIBILITY, "visibility"))
        return h

    def root_constants(self) -> Param:
        p = Param(PARAM_CONSTANTS)
        h = self._common(p)
        h["num32bitconstants"] = lambda: setattr(p, "num32", self.number())
        reg, seen = self.args("RootConstants", "b", h, reg_tokens="b", reg_name="cbuffer register b#")
        if "num32bitconstants" not in seen:
            raise RootSigError(4616, "num32BitConstants must be defined for each RootConstants")
        if reg is None:
            raise RootSigError(4616, "Constant buffer register b# must be defined for each RootConstants")
        p.reg = reg
        return p

    def _flags_handler(self, obj: Param | Range, table: dict[str, int], what: str, code: int) -> None:
        if self.version < 2:
            raise RootSigError(code, f"{'Root descriptor' if code == 4619 else 'Descriptor range'} flags cannot be "
                                     "specified for root_sig_1_0")
        self.expect("=")
        obj.flags = self.flag_set(table, what)

    def root_descriptor(self, kind: str) -> Param:
        p = Param({"CBV": PARAM_CBV, "SRV": PARAM_SRV, "UAV": PARAM_UAV}[kind])
        h = self._common(p)
        reg, _ = self.args(kind, _REG_CLASS[kind], h, reg_tokens="btu",
                           flags=lambda: self._flags_handler(p, ROOT_DESCRIPTOR_FLAGS, "root descriptor", 4619))
        if reg is None:
            raise RootSigError(4612, "Unexpected token ')'")
        p.reg = reg
        return p

    def args(self, clause: str, cls: str, handlers: dict, reg_tokens: str = "btus",
             reg_name: str = "shader register",
             flags: Callable[[], None] | None = None) -> tuple[int | None, set]:
        """``( item, item, … )``: the register (once) and ``name = value`` items dispatched to ``handlers``;
        returns the register (None if absent) and the names given. ``flags`` reads its own ``=``: at version 1.0
        the name alone is X4619 / X4620.

        fxc 10.1's grammar reads a register token only of the classes a clause can name (``reg_tokens``): b for
        RootConstants, b / t / u for a root CBV / SRV / UAV, all four in a descriptor table's range, s for a
        static sampler; another letter is an unexpected token (``CBV(s2)``, ``RootConstants(..., t2)``), a read
        class other than ``cls`` is X4617 (``CBV(t2)``, ``DescriptorTable(CBV(s2))``), and a second register
        token is the parameter given twice (``CBV(b2, t3)``: "Parameter 'shader register' ...")."""
        wrapped = dict(handlers)
        if flags is not None:
            wrapped["flags"] = flags
        self.expect("(")
        reg, seen = None, set()
        while True:
            t = self.peek()
            low = t.lower()
            if re.fullmatch(f"[{reg_tokens}][0-9]+", t):
                if reg is not None:
                    raise RootSigError(4612, f"Parameter '{reg_name}' can be specified only once")
                reg = self.register(cls, clause)
            elif low in wrapped:
                if low in seen:
                    raise RootSigError(4612, f"Parameter '{_PARAM_NAMES.get(low, t)}' can be specified only once")
                self.next()
                if low != "flags":
                    self.expect("=")
                seen.add(low)
                wrapped[low]()
            else:
                self.next()
                raise RootSigError(4612, f"Unexpected token '{t}'")
            t = self.next()
            if t == ")":
                return reg, seen
            if t != ",":
                raise RootSigError(4612, f"Unexpected token '{t}'")

    def range_(self, kind: str) -> Range:
        r = Range(kind, 0)
        h = self._common(r, vis=False)

        def count() -> None:
            if self.peek().lower() == "unbounded":
                self.next()
                r.count = UNBOUNDED
            else:
                r.count = self.number()

        def offset() -> None:
            if self.peek().upper() == "DESCRIPTOR_RANGE_OFFSET_APPEND":
                self.next()
                r.offset = APPEND
            else:
                r.offset = self.number()

        h["numdescriptors"] = count
        h["offset"] = offset
        reg, _ = self.args("Sampler/StaticSampler" if kind == "SAMPLER" else kind, _REG_CLASS[kind], h,
                           flags=lambda: self._flags_handler(r, RANGE_FLAGS, "descriptor range", 4620))
        if reg is None:
            raise RootSigError(4612, "Unexpected token ')'")
        r.reg = reg
        return r

    def table(self) -> Param:
        p = Param(PARAM_TABLE)
        self.expect("(")
        seen_vis = False
        while True:
            t = self.next()
            kw = t.upper()
            if kw in ("CBV", "SRV", "UAV", "SAMPLER"):
                p.ranges.append(self.range_(kw))
            elif kw == "VISIBILITY":
                if seen_vis:
                    raise RootSigError(4612, f"Parameter '{t}' can be specified only once")
                seen_vis = True
                self.expect("=")
                p.visibility = self.enum(VISIBILITY, "visibility")
            else:
                raise RootSigError(4612, f"Unexpected token '{t}'")
            t = self.next()
            if t == ")":
                return p
            if t != ",":
                raise RootSigError(4612, f"Unexpected token '{t}'")

    def static_sampler(self) -> StaticSampler:
        s = StaticSampler(0)
        h = self._common(s)

        def address(i: int) -> None:
            s.address[i] = self.enum(ADDRESS_MODES, "texture address mode")

        h.update({
            "filter": lambda: setattr(s, "filter", self.enum(FILTERS, "filter")),
            "addressu": lambda: address(0), "addressv": lambda: address(1), "addressw": lambda: address(2),
            "miplodbias": lambda: setattr(s, "mip_lod_bias", self.float_()),
            "maxanisotropy": lambda: setattr(s, "max_anisotropy", self.number()),
            "comparisonfunc": lambda: setattr(s, "comparison", self.enum(COMPARISONS, "comparison function")),
            # fxc 10.1 names a bad border colour a texture address mode (its text, kept)
            "bordercolor": lambda: setattr(s, "border", self.enum(BORDER_COLORS, "texture address mode")),
            "minlod": lambda: setattr(s, "min_lod", self.float_()),
            "maxlod": lambda: setattr(s, "max_lod", self.float_()),
        })
        reg, _ = self.args("StaticSampler", "s", h, reg_tokens="s", reg_name="sampler register s#")
        if reg is None:
            raise RootSigError(4612, "Unexpected token ')'")
        s.reg = reg
        return s


def parse(text: str, version: int = 2) -> RootSignature:
    """The root signature ``text`` describes (``version`` 1: 1.0, 2: 1.1, which allows flags); raises
    :class:`RootSigError`, then checks it as D3D12 does (:func:`validate`)."""
    rs = _Parser(text, version).parse()
    validate(rs, version)
    return rs


# --- D3D12's checks of the description (X4614 "RootSignature creation failed") -------------------------------
def _fail(msg: str) -> RootSigError:
    return RootSigError(4614, f"RootSignature creation failed: {msg}", at_argument=True)


def _check_range_flags(r: Range) -> None:
    data = r.flags & 0xE
    if r.kind == "SAMPLER" and data:
        raise _fail("Sampler descriptor ranges can't specify DATA_* flags since there is no data pointed to by "
                    f"samplers (descriptor range flags {r.flags:x}).")
    if bin(data).count("1") > 1:
        raise _fail(f"Descriptor range flags cannot specify more than one DATA_* flag at a time (descriptor range "
                    f"flags {r.flags:x}).")
    if r.flags & 1 and data == 0x8:
        raise _fail(f"Descriptor range flags cannot specify DESCRIPTORS_VOLATILE with the DATA_STATIC flag at the "
                    f"same time (descriptor range flags {r.flags:x}). DATA_STATIC_WHILE_SET_AT_EXECUTE is fine to combine "
                    "with DESCRIPTORS_VOLATILE, since DESCRIPTORS_VOLATILE still requires descriptors don't change "
                    "during execution.")


def validate(rs: RootSignature, version: int = 2) -> None:
    """D3D12's checks of a root signature description, in the order fxc reports them (each parameter's own checks,
    the static samplers', then register ranges that overlap)."""
    for i, p in enumerate(rs.params):
        spaces = [r.space for r in p.ranges] if p.type == PARAM_TABLE else [p.space]
        for space in spaces:
            if space >= 0xFFFFFFF0:
                raise _fail(f"Root parameter [{i}] specifies RegisterSpace={space:#x}, which is invalid since "
                            "RegisterSpace values in the range [0xfffffff0,0xffffffff] are reserved for system use.")
        if p.type in (PARAM_CBV, PARAM_SRV, PARAM_UAV) and bin(p.flags & 0xE).count("1") > 1:  # (1.0: no flags)
            raise _fail(f"Root descriptor flags cannot specify more than one DATA_* flag at a time (root descriptor "
                        f"flags {p.flags:x}).")
        if p.type != PARAM_TABLE:
            continue
        kinds = {r.kind == "SAMPLER" for r in p.ranges}
        for j, r in enumerate(p.ranges):
            if r.count == 0:
                raise _fail(f"NumDescriptors cannot be 0 (descriptor table slot [{j}], root parameter [{i}]).")
            if j and r.offset == APPEND and p.ranges[j - 1].count == UNBOUNDED:
                raise _fail("Cannot append range with implicit lower bound after an unbounded range (descriptor "
                            f"table slot [{j}], root parameter [{i}]).")
            if version >= 2:
                _check_range_flags(r)
        if len(kinds) > 1:
            raise _fail(f"Samplers cannot be mixed with other resource types in a descriptor table (root parameter "
                        f"[{i}]).")
    for s in rs.samplers:
        if not -16.0 <= s.mip_lod_bias <= 15.99:
            raise _fail(f"Static sampler: MipLODBias must be in the range [-16.000000 to 15.990000].  "
                        f"{s.mip_lod_bias:f} specified.")
        if s.max_anisotropy > 16:
            raise _fail(f"Static sampler: MaxAnisotropy must be in the range [0 to 16].  {s.max_anisotropy} specified.")
    _check_overlaps(rs)


def register_ranges(rs: RootSignature) -> list[tuple[str, int, int, int, int, str]]:
    """(class, space, first, last, visibility, where) of every register range the signature binds, in order.
    ``where`` names the range as fxc's overlap message does (as the range found second: a table's range is named
    "root parameter[i]" without the space when it is the earlier one, :func:`_check_overlaps`)."""
    out = []
    for i, p in enumerate(rs.params):
        vis = _VIS_NAMES[p.visibility]
        if p.type == PARAM_TABLE:
            for j, r in enumerate(p.ranges):
                last = UNBOUNDED if r.count == UNBOUNDED else min(r.reg + r.count - 1, UNBOUNDED)
                out.append((r.kind, r.space, r.reg, last, p.visibility,
                            f"root parameter [{i}], visibility {vis}, descriptor table slot [{j}]"))
        else:
            kind = {PARAM_CONSTANTS: "CBV", PARAM_CBV: "CBV", PARAM_SRV: "SRV", PARAM_UAV: "UAV"}[p.type]
            out.append((kind, p.space, p.reg, p.reg, p.visibility, f"root parameter [{i}], visibility {vis}"))
    for k, s in enumerate(rs.samplers):
        out.append(("SAMPLER", s.space, s.reg, s.reg, s.visibility,
                    f"static sampler [{k}], visibility {_VIS_NAMES[s.visibility]}"))
    return out


def _check_overlaps(rs: RootSignature) -> None:
    """A range overlapping an earlier one of its class and space that a common stage sees. A range visible to all
    is checked stage by stage (vertex, hull, domain, geometry, pixel: the first stage whose earlier ranges it
    overlaps names the other) and fxc's text gives the other its own visibility, ALL (d3dcompiler_47 10.1:
    ``CBV(b0, PIXEL), CBV(b0, VERTEX), CBV(b0)`` names root parameter [1], visibility ALL)."""
    seen: list[tuple[str, int, int, int, int, str]] = []
    for cur in register_ranges(rs):
        kind, space, first, last, vis, where = cur
        for stage in (range(1, 6) if vis == 0 else [vis]):
            for o in seen:
                if o[0] == kind and o[1] == space and first <= o[3] and o[2] <= last and o[4] in (0, stage):
                    other = o[5].replace("root parameter [", "root parameter[") if "table" in o[5] else o[5]
                    if vis == 0:
                        other = other.replace(f"visibility {_VIS_NAMES[o[4]]}", "visibility ALL")
                    raise _fail(f"Shader register range of type {kind} ({where}) overlaps with another shader "
                                f"register range ({other}).")
        seen.append(cur)


# --- the RTS0 part ----------------------------------------------------------------------------------------------
def serialize(rs: RootSignature, version: int = 2) -> bytes:
    """The RTS0 part's bytes (``version`` 1: 1.0, 2: 1.1), laid out as d3dcompiler_47 writes it."""
    header = 24
    params_at = header
    payload_at = params_at + 12 * len(rs.params)
    payloads: list[bytes] = []
    entries: list[bytes] = []
    for p in rs.params:
        at = payload_at + sum(len(b) for b in payloads)
        if p.type == PARAM_TABLE:
            words = [len(p.ranges), at + 8]
            for r in p.ranges:
                words += [RANGE_TYPES[r.kind], r.count, r.reg, r.space] + ([r.flags] if version >= 2 else []) + \
                         [r.offset]
        elif p.type == PARAM_CONSTANTS:
            words = [p.reg, p.space, p.num32]
        else:
            words = [p.reg, p.space] + ([p.flags] if version >= 2 else [])
        payloads.append(struct.pack(f"<{len(words)}I", *words))
        entries.append(struct.pack("<3I", p.type, p.visibility, at))
    samplers_at = payload_at + sum(len(b) for b in payloads)
    samplers = b"".join(struct.pack("<4If3I2f3I", s.filter, *s.address, s.mip_lod_bias, s.max_anisotropy,
                                    s.comparison, s.border, s.min_lod, s.max_lod, s.reg, s.space, s.visibility)
                        for s in rs.samplers)
    head = struct.pack("<6I", version, len(rs.params), params_at, len(rs.samplers), samplers_at, rs.flags)
    return head + b"".join(entries) + b"".join(payloads) + samplers


# --- the shader's bindings against the signature (X4614 "RootSignature verification failed") -------------------
#: D3D_SHADER_INPUT_TYPE -> register class; the buffers a root-level SRV / UAV may hold (raw and structured)
_INPUT_CLASS = {0: "CBV", 1: "SRV", 2: "SRV", 3: "SAMPLER", 4: "UAV", 5: "SRV", 6: "UAV", 7: "SRV", 8: "UAV",
                9: "UAV", 10: "UAV", 11: "UAV"}
_ROOT_DESCRIPTOR_OK = {5, 6, 7, 8, 9, 10, 11}
#: the order fxc checks the classes in (its declarations' order: constant buffers, samplers, resources, UAVs)
_CLASS_ORDER = ("CBV", "SAMPLER", "SRV", "UAV")
#: the visibility and DENY flag of each graphics stage (a compute shader sees only SHADER_VISIBILITY_ALL parameters
#: and has no DENY flag: d3dcompiler_47 10.1, session 41)
_STAGE_VISIBILITY = {"vs": 1, "hs": 2, "ds": 3, "gs": 4, "ps": 5}
_STAGE_DENY = {"vs": 0x2, "hs": 0x4, "ds": 0x8, "gs": 0x10, "ps": 0x20}


def _verify_fail(msg: str) -> RootSigError:
    return RootSigError(4614, f"RootSignature verification failed: {msg}", at_argument=True)


def verify_bindings(rs: RootSignature, stage: str, bindings: list[tuple[int, int, int, int]]) -> None:
    """D3D12's check of a shader against its root signature: each bound register range ``(input type, space,
    first, count)`` of the shader's reflection lies in one range of its class and space visible to ``stage`` (a
    compute shader sees only those visible to all); one held by a root-level SRV / UAV is a raw or
    structured buffer; then a stage the flags deny root access to has no bindings. Raises X4614."""
    stage_vis = _STAGE_VISIBILITY.get(stage, 0)
    ranges = [r for r in register_ranges(rs) if r[4] in (0, stage_vis)]
    roots = {}
    for p in rs.params:
        if p.type in (PARAM_SRV, PARAM_UAV) and p.visibility in (0, stage_vis):
            roots[("SRV" if p.type == PARAM_SRV else "UAV", p.space, p.reg)] = p
    for cls in _CLASS_ORDER:
        for itype, space, first, count in sorted((b for b in bindings if _INPUT_CLASS.get(b[0]) == cls),
                                                 key=lambda b: (b[1], b[2])):
            last = first + max(count, 1) - 1
            # inside one visible range of its class and space: two ranges side by side do not bind an array
            # (``Texture2D ta[4] : register(t2)`` against SRV(t2, numDescriptors=2), SRV(t4, numDescriptors=2))
            if not any(r[0] == cls and r[1] == space and r[2] <= first and last <= r[3] for r in ranges):
                name = "sampler" if cls == "SAMPLER" else cls
                raise _verify_fail(f"Shader {name} descriptor range (RegisterSpace={space}, NumDescriptors="
                                   f"{max(count, 1)}, BaseShaderRegister={first}) is not fully bound in root "
                                   "signature")
            for r in range(first, last + 1):
                if (cls, space, r) in roots and itype not in _ROOT_DESCRIPTOR_OK:
                    what = "a typed UAV" if cls == "UAV" else "a resource object as a texture"
                    raise _verify_fail(f"A Shader is declaring {what} using a register mapped to a root descriptor "
                                       f"{cls} (RegisterSpace={space}, ShaderRegister={r}).  SRV or UAV root "
                                       "descriptors can only be Raw or Structured buffers.")
    if bindings and rs.flags & _STAGE_DENY.get(stage, 0):
        raise _verify_fail("Shader has root bindings but root signature uses a DENY flag to disallow root binding "
                           "access to the shader stage.")
