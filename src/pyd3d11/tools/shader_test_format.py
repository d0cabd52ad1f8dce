"""Parser for vkd3d ``.shader_test`` files (format of vkd3d 1.17, described in
../shared/conformance/shader-tests/FORMAT.md §1.3).

Everything here is pure data: sections, requirement state, shader headers, resources, samplers,
input layouts, ``[test]`` directives, conditions, literals and the float comparison rule. The D3D11
execution lives in :mod:`pyd3d11.tools.shader_test_exec`; the pass driver in
:mod:`pyd3d11.tools.shader_runner`.

Numbers are parsed the way the C runner parses them (``strtoul(..., 0)``, ``strtol``, ``strtof``,
``strtod``): a prefix is read and the rest of the token is left, ``-1`` read as unsigned wraps to
0xffffffff, ``0x`` is hexadecimal and a leading ``0`` is octal.
"""

from __future__ import annotations

import math
import re
import struct
from dataclasses import dataclass, field

import numpy as np

from pyd3d11.errors import E_FAIL, E_NOTIMPL, S_OK


class ShaderTestSyntaxError(ValueError):
    """A line the C runner would reject with ``fatal_error``."""


# ---------------------------------------------------------------------------------------------------
# shader models and conditions

Model = tuple[int, int]
#: Every shader model a [require] line may name (FORMAT.md §1.3).
MODELS: tuple[Model, ...] = ((2, 0), (3, 0), (4, 0), (4, 1), (5, 0), (5, 1), (6, 0), (6, 2))
LOWEST_MODEL: Model = (1, 0)
ABOVE_ALL_MODELS: Model = (99, 0)

#: Tags of other runners; for the D3D11 harness every tag is false (FORMAT.md "Condition grammar").
KNOWN_TAGS = frozenset({"d3d12", "glsl", "llvmpipe", "mesa<23.3", "msl", "mvk<1.2.11", "mvk", "opengl",
                        "vulkan", "warp", "radv", "windows"})


def parse_model(text: str) -> Model:
    """``"4"`` → (4, 0), ``"5.1"`` → (5, 1)."""
    m = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?\s*", text)
    if not m:
        raise ShaderTestSyntaxError(f"unknown shader model '{text}'")
    return int(m.group(1)), int(m.group(2) or 0)


def model_str(m: Model) -> str:
    return f"{m[0]}.{m[1]}"


def _atom(text: str, sm: Model) -> bool:
    t = text.strip()
    if t.startswith("sm>="):
        return sm >= parse_model(t[4:])
    if t.startswith("sm<"):
        return sm < parse_model(t[3:])
    if t.startswith("!"):
        return not _atom(t[1:], sm)
    if t in KNOWN_TAGS:
        return False
    raise ShaderTestSyntaxError(f"invalid qualifier argument '{t}'")


def evaluate_condition(cond: str | None, sm: Model) -> bool:
    """``cond := conj ('|' conj)*``, ``conj := atom ('&' atom)*``; None (no parentheses) holds."""
    if cond is None:
        return True
    if not cond.strip():
        raise ShaderTestSyntaxError("empty condition")
    return any(all(_atom(a, sm) for a in conj.split("&")) for conj in cond.split("|"))


# ---------------------------------------------------------------------------------------------------
# C number parsing

_INT_RE = re.compile(r"\s*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)")
_FLOAT_RE = re.compile(r"\s*([+-]?(?:0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?"
                       r"|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan(?:\([0-9a-zA-Z_]*\))?))",
                       re.IGNORECASE)


def _c_integer(text: str) -> tuple[int, str] | None:
    m = _INT_RE.match(text)
    if not m:
        return None
    digits = m.group(2)
    if digits[:2].lower() == "0x":
        v = int(digits[2:], 16)
    elif digits.startswith("0") and len(digits) > 1:
        v = int(digits, 8)
    else:
        v = int(digits)
    if m.group(1) == "-":
        v = -v
    return v, text[m.end():]


def strtoul(text: str) -> tuple[int, str]:
    """C ``strtoul(s, &rest, 0)`` stored into a uint32: returns (value & 0xffffffff, rest).
    With no digits the value is 0 and ``rest`` is ``text`` (as C leaves ``rest == s``)."""
    r = _c_integer(text)
    if r is None:
        return 0, text
    v, rest = r
    if v >= 1 << 64:
        v = (1 << 64) - 1  # ULONG_MAX on overflow
    elif v <= -(1 << 64):
        v = (1 << 64) - 1
    return v & 0xFFFFFFFF, rest


def strtol(text: str) -> tuple[int, str]:
    """C ``strtol(s, &rest, 0)`` stored into an int32, returned as its uint32 bit pattern."""
    r = _c_integer(text)
    if r is None:
        return 0, text
    v, rest = r
    return v & 0xFFFFFFFF, rest


def strtoull64(text: str) -> tuple[int, str]:
    """``strtoull``/``strtoll`` base 0 as a uint64 bit pattern."""
    r = _c_integer(text)
    if r is None:
        return 0, text
    v, rest = r
    return v & 0xFFFFFFFFFFFFFFFF, rest


def _c_float(text: str) -> tuple[float, str] | None:
    m = _FLOAT_RE.match(text)
    if not m:
        return None
    tok = m.group(1)
    low = tok.lower().lstrip("+-")
    sign = -1.0 if tok.startswith("-") else 1.0
    if low.startswith("inf"):
        v = sign * math.inf
    elif low.startswith("nan"):
        v = math.copysign(math.nan, sign)
    elif low.startswith("0x"):
        body = tok.lstrip("+-")
        v = sign * float.fromhex(body if "p" in body.lower() else body + "p0")
    else:
        v = float(tok)
    return v, text[m.end():]


def strtof(text: str) -> tuple[int, str]:
    """C ``strtof``: returns (float32 bit pattern, rest); (0, text) when nothing parses."""
    r = _c_float(text)
    if r is None:
        return 0, text
    v, rest = r
    with np.errstate(over="ignore"):
        bits = int(np.array([v], dtype=np.float64).astype(np.float32).view(np.uint32)[0])
    return bits, rest


def strtod(text: str) -> tuple[int, str]:
    """C ``strtod``: returns (float64 bit pattern, rest)."""
    r = _c_float(text)
    if r is None:
        return 0, text
    v, rest = r
    return struct.unpack("<Q", struct.pack("<d", v))[0], rest


def f32_bits(value: float) -> int:
    return int(np.array([value], dtype=np.float32).view(np.uint32)[0])


def bits_f32(bits: int) -> float:
    return float(np.array([bits & 0xFFFFFFFF], dtype=np.uint32).view(np.float32)[0])


def parse_data_words(line: str) -> list[int]:
    """A resource data line: whitespace-separated tokens, each one 32-bit word. A token containing
    ``.`` is read with strtof, any other with strtoul base 0 (so ``1`` is the integer 1, not 1.0)."""
    words: list[int] = []
    for tok in line.split():
        if "." in tok:
            bits, rest = strtof(tok)
        else:
            bits, rest = strtoul(tok)
        if rest == tok:
            raise ShaderTestSyntaxError(f"malformed data token '{tok}'")
        words.append(bits)
    return words


# ---------------------------------------------------------------------------------------------------
# the float comparison of vkd3d's tests/utils.h

def _monotonic(bits: np.ndarray) -> np.ndarray:
    x = bits.astype(np.uint32).view(np.int32).astype(np.int64)
    return np.where(x < 0, np.int64(-(1 << 31)) - x, x)


def compare_float_bits(got: np.ndarray | int, expected: np.ndarray | int, ulps: int) -> np.ndarray:
    """vkd3d ``compare_float``: map each float's bit pattern to ``x = bits`` if ``bits >= 0`` else
    ``INT_MIN - bits``; pass if ``|x - y| <= ulps``. The C difference is an ``int``: it wraps to 32 bits
    and ``abs`` of INT_MIN stays negative, which the unsigned comparison turns into a huge value."""
    x = _monotonic(np.asarray(got, dtype=np.uint64).astype(np.uint32))
    y = _monotonic(np.asarray(expected, dtype=np.uint64).astype(np.uint32))
    d = ((x - y + (1 << 31)) % (1 << 32)) - (1 << 31)  # wrap to int32
    a = np.abs(d) % (1 << 32)  # abs(INT_MIN) == INT_MIN; as unsigned it is 0x80000000
    return a <= ulps


def compare_double_bits(got: np.ndarray | int, expected: np.ndarray | int, ulps: int) -> np.ndarray:
    """``compare_double``: the same mapping over int64 (differences computed exactly)."""
    def mono(b: np.ndarray) -> list[int]:
        out = []
        for v in np.asarray(b, dtype=np.uint64).ravel().tolist():
            s = v - (1 << 64) if v >= 1 << 63 else v
            out.append(-(1 << 63) - s if s < 0 else s)
        return out

    gx, ex = mono(np.asarray(got)), mono(np.asarray(expected))
    if len(ex) == 1 and len(gx) > 1:
        ex = ex * len(gx)
    return np.array([abs(a - b) <= ulps for a, b in zip(gx, ex, strict=True)], dtype=bool)


# ---------------------------------------------------------------------------------------------------
# lexing into sections

@dataclass(slots=True)
class Section:
    """One ``[...]`` block: its header text (without brackets), 1-based header line and body lines."""

    header: str
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)


def lex_sections(text: str) -> list[Section]:
    """Split a file into sections. A line whose first character is ``[`` always starts a section; lines
    starting with ``%`` and empty lines are dropped everywhere (also inside shader source)."""
    sections: list[Section] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r")
        if line.startswith("["):
            if not line.rstrip().endswith("]"):
                raise ShaderTestSyntaxError(f"line {no}: malformed section header '{line}'")
            sections.append(Section(line.rstrip()[1:-1], no))
            continue
        if line.startswith("%") or not line.strip():
            continue
        if sections:
            sections[-1].lines.append((no, line))
    return sections


# ---------------------------------------------------------------------------------------------------
# qualifiers

_QUAL_RE = re.compile(r"\s*([A-Za-z][\w-]*)")


def _split_paren(text: str) -> tuple[str | None, str]:
    """``(cond)rest`` → (cond, rest); text not starting with '(' → (None, text)."""
    if not text.startswith("("):
        return None, text
    end = text.find(")")
    if end < 0:
        raise ShaderTestSyntaxError(f"unterminated qualifier arguments '{text}'")
    return text[1:end], text[end + 1:]


def split_prefix_qualifiers(line: str) -> tuple[list[tuple[str, str | None]], str]:
    """Leading ``todo``/``bug``/``winbug``/``if`` qualifiers (each with an optional ``(cond)``) of a
    ``[test]`` line → ([(name, cond)], rest of line)."""
    quals: list[tuple[str, str | None]] = []
    rest = line.strip()
    while True:
        m = _QUAL_RE.match(rest)
        if not m or m.group(1) not in ("todo", "bug", "winbug", "if"):
            break
        after = rest[m.end():]
        if after and not (after[0].isspace() or after[0] == "("):
            break
        cond, after = _split_paren(after)
        quals.append((m.group(1), cond))
        rest = after.strip()
    return quals, rest


# ---------------------------------------------------------------------------------------------------
# shader headers

STAGES = {"pixel shader": "ps", "vertex shader": "vs", "compute shader": "cs", "geometry shader": "gs",
          "hull shader": "hs", "domain shader": "ds", "effect": "fx"}
SOURCE_FORMATS = ("hlsl", "dxbc-tpf-hex", "d3dbc-hex", "dxbc-dxil-hex")


@dataclass(slots=True)
class ShaderHeader:
    stage: str
    source_format: str = "hlsl"
    #: ("fail" | "notimpl" | "todo", condition or None) in header order
    qualifiers: list[tuple[str, str | None]] = field(default_factory=list)

    def expected_hr(self, sm: Model) -> int:
        """S_OK, E_FAIL or E_NOTIMPL for compiling at ``sm`` (later qualifiers win, as in the C runner)."""
        hr = S_OK
        for name, cond in self.qualifiers:
            if name == "fail" and evaluate_condition(cond, sm):
                hr = E_FAIL
            elif name == "notimpl" and evaluate_condition(cond, sm):
                hr = E_NOTIMPL
        return hr

    def is_todo(self, sm: Model) -> bool:
        return any(n == "todo" and evaluate_condition(c, sm) for n, c in self.qualifiers)


def parse_shader_header(header: str) -> ShaderHeader | None:
    """``pixel shader fail(sm<6) todo`` → ShaderHeader; None when the header is not a shader section."""
    found = next((n for n in STAGES if header == n or header.startswith((n + " ", n + "("))), None)
    if found is None:
        return None
    rest = header[len(found):]
    sh = ShaderHeader(STAGES[found])
    rest = rest.strip()
    while rest:
        m = _QUAL_RE.match(rest)
        if not m:
            raise ShaderTestSyntaxError(f"malformed shader header '[{header}]'")
        word = m.group(1)
        after = rest[m.end():]
        if word in ("fail", "notimpl", "todo"):
            cond, after = _split_paren(after)
            sh.qualifiers.append((word, cond))
        elif word in SOURCE_FORMATS:
            sh.source_format = word
        else:
            raise ShaderTestSyntaxError(f"malformed shader header '[{header}]'")
        rest = after.strip()
    return sh


def parse_hex(body: str) -> bytes:
    """A ``dxbc-tpf-hex`` body: 32-bit words as 8 hex digits separated by whitespace, ``%`` comments to end
    of line → little-endian bytes."""
    words: list[int] = []
    for line in body.splitlines():
        line = line.split("%", 1)[0]
        for tok in line.split():
            if len(tok) != 8 or not re.fullmatch(r"[0-9a-fA-F]{8}", tok):
                raise ShaderTestSyntaxError(f"malformed hex literal '{tok}'")
            words.append(int(tok, 16))
    return struct.pack(f"<{len(words)}I", *words)


# ---------------------------------------------------------------------------------------------------
# [require]

#: Capabilities of the D3D11 runner that are constant (FORMAT.md): the rest come from the device.
CAPS_ALWAYS = frozenset({"geometry-shader", "tessellation-shader"})
CAPS_FROM_DEVICE = frozenset({"float64", "rov", "rt-vp-array-index"})
CAPS_KNOWN = frozenset({"clip-planes", "depth-bounds", "float64", "fog", "geometry-shader", "int64",
                        "native-16-bit", "point-size", "rov", "rt-vp-array-index", "tessellation-shader",
                        "wave-ops"})

#: ``options:`` words → D3DCOMPILE flags (d3dcompiler.h values).
COMPILE_OPTIONS = {"none": 0, "row-major": 0x8, "column-major": 0x10, "backcompat": 0x1000,
                   "unbounded-descriptor-arrays": 0x100000}


@dataclass(slots=True)
class Requirements:
    """The requirement state of one ``[require]`` (FORMAT.md: each one resets all of it)."""

    min_model: Model = LOWEST_MODEL
    max_model_exclusive: Model = ABOVE_ALL_MODELS  # "shader model < X"
    caps: set[str] = field(default_factory=set)
    uav_load_formats: list[str] = field(default_factory=list)
    compile_options: int = 0


def parse_require(lines: list[tuple[int, str]]) -> Requirements:
    req = Requirements()
    for no, line in lines:
        t = line.strip()
        if m := re.fullmatch(r"shader model\s*>=\s*(\S+)", t):
            req.min_model = max(req.min_model, parse_model(m.group(1)))
        elif m := re.fullmatch(r"shader model\s*<\s*(\S+)", t):
            req.max_model_exclusive = min(req.max_model_exclusive, parse_model(m.group(1)))
        elif t.startswith("options:"):
            req.compile_options = 0
            for word in t[len("options:"):].split():
                if word not in COMPILE_OPTIONS:
                    raise ShaderTestSyntaxError(f"line {no}: unknown compile option '{word}'")
                req.compile_options |= COMPILE_OPTIONS[word]
        elif m := re.fullmatch(r"format\s+(\S+)\s+uav-load", t):
            parse_format_name(m.group(1))
            req.uav_load_formats.append(m.group(1))
        elif t in CAPS_KNOWN:
            req.caps.add(t)
        else:
            raise ShaderTestSyntaxError(f"line {no}: unknown require directive '{t}'")
    return req


def model_range(req: Requirements, runner_min: Model, runner_max: Model) -> tuple[Model, bool]:
    """(minimum model to compile with, whether any model of the runner's range satisfies ``req``).

    min = max(runner min, required min); the block is valid while min ≤ runner max and min < the
    required exclusive maximum."""
    lo = max(runner_min, req.min_model)
    ok = lo <= runner_max and lo < req.max_model_exclusive
    return lo, ok


# ---------------------------------------------------------------------------------------------------
# formats, resources, samplers, input layouts

@dataclass(frozen=True, slots=True)
class FormatInfo:
    name: str  # DXGI_FORMAT_* name
    texel_size: int
    data_type: str  # float | sint | uint | typeless
    is_shadow: bool = False


FORMATS: dict[str, FormatInfo] = {
    "r32g32b32a32-float": FormatInfo("DXGI_FORMAT_R32G32B32A32_FLOAT", 16, "float"),
    "r32g32b32a32-sint": FormatInfo("DXGI_FORMAT_R32G32B32A32_SINT", 16, "sint"),
    "r32g32b32a32-uint": FormatInfo("DXGI_FORMAT_R32G32B32A32_UINT", 16, "uint"),
    "r32g32-float": FormatInfo("DXGI_FORMAT_R32G32_FLOAT", 8, "float"),
    "r32g32-sint": FormatInfo("DXGI_FORMAT_R32G32_SINT", 8, "sint"),
    "r32g32-uint": FormatInfo("DXGI_FORMAT_R32G32_UINT", 8, "uint"),
    "r32-float-shadow": FormatInfo("DXGI_FORMAT_R32_FLOAT", 4, "float", True),
    "r32-float": FormatInfo("DXGI_FORMAT_R32_FLOAT", 4, "float"),
    "r32-sint": FormatInfo("DXGI_FORMAT_R32_SINT", 4, "sint"),
    "r32-uint": FormatInfo("DXGI_FORMAT_R32_UINT", 4, "uint"),
    "r32-typeless": FormatInfo("DXGI_FORMAT_R32_TYPELESS", 4, "typeless"),
    "unknown": FormatInfo("DXGI_FORMAT_UNKNOWN", 4, "uint"),
}


def parse_format_name(name: str) -> FormatInfo:
    key = name.strip().lower().replace(" ", "-")
    if key == "r32g32-int":  # older vkd3d spelling
        key = "r32g32-sint"
    if key not in FORMATS:
        raise ShaderTestSyntaxError(f"unknown format '{name}'")
    return FORMATS[key]


RESOURCE_TYPES = ("srv", "uav", "rtv", "dsv", "vb")


@dataclass(slots=True)
class ResourceDecl:
    """A ``[srv N]``/``[uav N]``/``[rtv N]``/``[dsv]``/``[vb N]`` section."""

    type: str
    slot: int
    line: int = 0
    format: FormatInfo = FORMATS["r32g32b32a32-float"]
    explicit_format: bool = False
    stride: int = 0  # structured buffer element size
    dimension: str = "buffer"  # buffer raw_buffer counter_buffer 2d 2dms 2darray 3d cube
    width: int = 1
    height: int = 1
    depth: int = 1  # array layers (2darray/cube) or depth (3d)
    sample_count: int = 1
    levels: int = 1
    data: list[int] = field(default_factory=list)

    @property
    def texel_size(self) -> int:
        return self.stride if self.stride else self.format.texel_size

    @property
    def is_buffer(self) -> bool:
        return self.dimension in ("buffer", "raw_buffer", "counter_buffer")

    @property
    def layers(self) -> int:
        return 6 if self.dimension == "cube" else (self.depth if self.dimension == "2darray" else 1)


def parse_resource_header(header: str) -> tuple[str, int] | None:
    if header.strip() == "dsv":
        return "dsv", 0
    m = re.fullmatch(r"(srv|uav|rtv|vb)\s+(\d+)", header.strip())
    return (m.group(1), int(m.group(2))) if m else None


def parse_resource(rtype: str, slot: int, lines: list[tuple[int, str]], header_line: int = 0) -> ResourceDecl:
    """The body of a resource section (FORMAT.md "Resource-section lines")."""
    r = ResourceDecl(rtype, slot, header_line)
    if rtype == "dsv":
        r.format = FormatInfo("DXGI_FORMAT_D32_FLOAT", 4, "float", True)
        r.dimension = "2d"
    elif rtype != "vb":
        r.dimension = "2d"
    for no, line in lines:
        t = line.strip()
        if t.startswith("format ") or t == "format":
            r.format = parse_format_name(t[len("format"):])
            r.explicit_format = True
        elif t.startswith("stride"):
            v, rest = strtoul(t[len("stride"):])
            if rest == t[len("stride"):]:
                raise ShaderTestSyntaxError(f"line {no}: malformed stride '{t}'")
            r.stride = v
            r.format = FORMATS["unknown"]
            r.explicit_format = True
            r.dimension = "buffer"
        elif t.startswith("size"):
            m = re.fullmatch(r"size\s*\(\s*(\w+)\s*((?:,\s*\d+\s*)+)\)", t)
            if not m:
                raise ShaderTestSyntaxError(f"line {no}: malformed size '{t}'")
            kind = m.group(1)
            nums = [int(x) for x in m.group(2).replace(",", " ").split()]
            want = {"buffer": 1, "raw_buffer": 1, "counter_buffer": 1, "2d": 2, "2dms": 3, "2darray": 3, "3d": 3,
                    "cube": 1}
            if kind not in want or len(nums) != want[kind]:
                raise ShaderTestSyntaxError(f"line {no}: malformed size '{t}'")
            r.dimension = kind
            if kind in ("buffer", "raw_buffer", "counter_buffer"):
                r.width = nums[0]
                if kind == "counter_buffer":
                    r.stride = 4
                    r.format = FORMATS["unknown"]
                    r.explicit_format = True
            elif kind == "2d":
                r.width, r.height = nums
            elif kind == "2dms":
                r.sample_count, r.width, r.height = nums
            elif kind in ("2darray", "3d"):
                r.width, r.height, r.depth = nums
            else:  # cube
                r.width = r.height = nums[0]
        elif t.startswith("levels"):
            v, rest = strtoul(t[len("levels"):])
            if rest == t[len("levels"):]:
                raise ShaderTestSyntaxError(f"line {no}: malformed levels '{t}'")
            r.levels = v
        else:
            r.data.extend(parse_data_words(t))
    if rtype == "vb":
        r.dimension = "buffer"
        r.width = len(r.data) * 4
    return r


@dataclass(slots=True)
class SamplerDecl:
    """A ``[sampler N]`` section with the D3D11 encodings of filter, address modes and comparison."""

    slot: int
    filter: int = 0  # D3D11_FILTER_MIN_MAG_MIP_POINT
    address: tuple[int, int, int] = (3, 3, 3)  # D3D11_TEXTURE_ADDRESS_CLAMP
    comparison: int = 0  # 0 = none; else D3D11_COMPARISON_FUNC


_FILTER = {"point": 0, "linear": 1}
ADDRESS_MODES = {"wrap": 1, "mirror": 2, "clamp": 3, "border": 4, "mirror_once": 5}
COMPARISON_FUNCS = {"never": 1, "less": 2, "equal": 3, "less equal": 4, "greater": 5, "not equal": 6,
                    "greater equal": 7, "always": 8}
COMPARISON_FILTER_BIT = 0x80


def parse_comparison(text: str) -> int:
    key = " ".join(text.split())
    if key not in COMPARISON_FUNCS:
        raise ShaderTestSyntaxError(f"unknown comparison func '{text.strip()}'")
    return COMPARISON_FUNCS[key]


def parse_sampler(slot: int, lines: list[tuple[int, str]]) -> SamplerDecl:
    s = SamplerDecl(slot)
    for no, line in lines:
        words = line.split()
        if words[0] == "filter" and len(words) == 4 and all(w in _FILTER for w in words[1:]):
            mn, mg, mp = (_FILTER[w] for w in words[1:])
            s.filter = (mn << 4) | (mg << 2) | mp | (COMPARISON_FILTER_BIT if s.comparison else 0)
        elif words[0] == "address" and len(words) == 4 and all(w in ADDRESS_MODES for w in words[1:]):
            s.address = tuple(ADDRESS_MODES[w] for w in words[1:])  # type: ignore[assignment]
        elif words[0] == "comparison":
            s.comparison = parse_comparison(" ".join(words[1:]))
            s.filter |= COMPARISON_FILTER_BIT
        else:
            raise ShaderTestSyntaxError(f"line {no}: unknown sampler directive '{line.strip()}'")
    return s


@dataclass(frozen=True, slots=True)
class InputElement:
    slot: int
    format: FormatInfo
    semantic: str
    index: int = 0


def parse_input_layout(lines: list[tuple[int, str]]) -> list[InputElement]:
    out = []
    for no, line in lines:
        w = line.split()
        if len(w) not in (3, 4) or not w[0].isdigit():
            raise ShaderTestSyntaxError(f"line {no}: malformed input layout element '{line.strip()}'")
        out.append(InputElement(int(w[0]), parse_format_name(w[1]), w[2], int(w[3]) if len(w) == 4 else 0))
    return out


def vb_stride(layout: list[InputElement], slot: int) -> int:
    """The stride of vertex-buffer ``slot``: the sum of its elements' sizes."""
    return sum(e.format.texel_size for e in layout if e.slot == slot)


# ---------------------------------------------------------------------------------------------------
# [test] directives

@dataclass(slots=True)
class ProbeSpec:
    resource: tuple[str, int]
    rect: tuple[int, int, int, int]  # left, top, right, bottom (half-open)
    layer: int
    kind: str  # f32 f64 u32 i32 u64 i64 (rgba → f32)
    values: list[int]  # bit patterns (u32 for 32-bit kinds, u64 for 64-bit kinds)
    ulps: int = 0


@dataclass(slots=True)
class Directive:
    line: int
    text: str
    op: str
    qualifiers: list[tuple[str, str | None]] = field(default_factory=list)
    args: dict = field(default_factory=dict)

    def enabled(self, sm: Model) -> bool:
        """False when an ``if(cond)`` prefix does not hold at ``sm``."""
        return all(evaluate_condition(c, sm) for n, c in self.qualifiers if n == "if")

    def todo(self, sm: Model) -> bool:
        return any(n == "todo" and evaluate_condition(c, sm) for n, c in self.qualifiers)

    def bug(self, sm: Model) -> bool:
        return any(n == "bug" and evaluate_condition(c, sm) for n, c in self.qualifiers)


def parse_resource_ref(text: str) -> tuple[tuple[str, int], str] | None:
    """``rtv 0`` / ``dsv`` / ``srv 1`` / ``uav 2`` / ``vb 0`` (also vkd3d 1.18's ``rtv-0`` form)."""
    m = re.match(r"\s*(dsv)\b|\s*(rtv|srv|uav|vb)[\s-]*(\d+)", text)
    if not m:
        return None
    if m.group(1):
        return ("dsv", 0), text[m.end():]
    return (m.group(2), int(m.group(3))), text[m.end():]


def _read_values(text: str, reader, what: str) -> tuple[list[int], str]:
    """``(v[, v...])`` read with ``reader``; returns the values and the text after ')'."""
    t = text.lstrip()
    if not t.startswith("("):
        raise ShaderTestSyntaxError(f"malformed literal '{text.strip()}'")
    t = t[1:]
    vals: list[int] = []
    while True:
        v, rest = reader(t)
        if rest == t:
            raise ShaderTestSyntaxError(f"malformed {what} constant '{t.strip()}'")
        vals.append(v)
        t = rest.lstrip()
        if t.startswith(","):
            t = t[1:]
            continue
        if t.startswith(")"):
            return vals, t[1:]
        raise ShaderTestSyntaxError(f"malformed probe arguments '{t.strip()}'")


_LITERAL_KINDS = {"rgba": ("f32", strtof, (1, 2, 4)), "f32": ("f32", strtof, (1, 2, 4)),
                  "f64": ("f64", strtod, (1, 2)), "u32": ("u32", strtoul, (1, 4)), "i32": ("i32", strtol, (1, 4)),
                  "u64": ("u64", strtoull64, (1, 2)), "i64": ("i64", strtoull64, (1, 2))}


def parse_probe(text: str) -> ProbeSpec:
    """The arguments of ``probe`` (FORMAT.md "probe details")."""
    ref = parse_resource_ref(text)
    resource, rest = ref if ref else (("rtv", 0), text)
    layer = 0
    m = re.match(r"\s*\(\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?(?:,\s*(-?\d+)\s*)?(?:,\s*(-?\d+)\s*)?\)", rest)
    if not m:
        raise ShaderTestSyntaxError(f"malformed probe arguments '{rest.strip()}'")
    nums = [int(g) for g in m.groups() if g is not None]
    if len(nums) == 4:
        rect = (nums[0], nums[1], nums[2], nums[3])
    elif len(nums) == 3:
        rect = (nums[0], nums[1], nums[0] + 1, nums[1] + 1)
        layer = nums[2]
    elif len(nums) == 2:
        rect = (nums[0], nums[1], nums[0] + 1, nums[1] + 1)
    else:
        rect = (nums[0], 0, nums[0] + 1, 1)
    rest = rest[m.end():]
    lm = re.match(r"\s*(rgba|f32|f64|u32|i32|u64|i64)\s*(?=\()", rest)
    if not lm:
        raise ShaderTestSyntaxError(f"malformed literal '{rest.strip()}'")
    kind, reader, counts = _LITERAL_KINDS[lm.group(1)]
    values, rest = _read_values(rest[lm.end():], reader, kind)
    if len(values) not in counts:
        raise ShaderTestSyntaxError(f"unhandled {kind} element count {len(values)}")
    ulps = 0
    if kind in ("f32", "f64"):
        um = re.match(r"\s*(\d+)", rest)
        if um:
            ulps = int(um.group(1))
    return ProbeSpec(resource, rect, layer, kind, values, ulps)


#: uniform types → (reader, number of values, number of 32-bit words written)
UNIFORM_TYPES: dict[str, tuple[str, int, int]] = {
    "float4": ("f32", 4, 4), "float": ("f32", 1, 1), "double2": ("f64", 2, 4), "int4": ("i32", 4, 4),
    "uint4": ("u32", 4, 4), "int": ("i32", 1, 1), "uint": ("u32", 1, 1), "int64_t2": ("i64", 2, 4),
    "uint64_t2": ("u64", 2, 4),
}
_UNIFORM_ORDER = ("float4", "float", "double2", "int4", "uint4", "int64_t2", "uint64_t2", "int", "uint")


def parse_uniform(text: str) -> tuple[int, list[int]]:
    """``<offset> <type> <values...>`` → (offset in dwords, the 32-bit words to write). Values must be
    followed by whitespace or the end of the line (the C runner's ``is_uniform`` check); anything after
    the last value (e.g. a ``#`` remark) is ignored."""
    m = re.match(r"\s*(\d+)\s+", text)
    if not m:
        raise ShaderTestSyntaxError(f"malformed uniform offset '{text.strip()}'")
    offset = int(m.group(1))
    rest = text[m.end():]
    for name in _UNIFORM_ORDER:
        if rest.startswith(name) and (len(rest) == len(name) or rest[len(name)].isspace()):
            break
    else:
        raise ShaderTestSyntaxError(f"unknown uniform type '{rest.strip()}'")
    kind, count, _ = UNIFORM_TYPES[name]
    rest = rest[len(name):]
    reader = {"f32": strtof, "f64": strtod, "i32": strtol, "u32": strtoul, "i64": strtoull64,
              "u64": strtoull64}[kind]
    vals = []
    for _ in range(count):
        v, after = reader(rest)
        if after == rest or (after and not after[0].isspace()):
            raise ShaderTestSyntaxError(f"malformed {kind} constant '{rest.strip()}'")
        vals.append(v)
        rest = after
    words: list[int] = []
    for v in vals:
        if kind in ("f64", "i64", "u64"):
            words += [v & 0xFFFFFFFF, v >> 32]
        else:
            words.append(v)
    return offset, words


class UniformBuffer:
    """The runner's constant buffer 0: dwords, grown to a multiple of 4 with 0x7f7f7f7f fill."""

    FILL = 0x7F7F7F7F

    def __init__(self) -> None:
        self.words: list[int] = []

    def write(self, offset: int, words: list[int]) -> None:
        end = offset + len(words)
        if end > len(self.words):
            size = (end + 3) // 4 * 4
            self.words.extend([self.FILL] * (size - len(self.words)))
        self.words[offset:end] = words

    def to_bytes(self) -> bytes:
        return struct.pack(f"<{len(self.words)}I", *self.words)


TOPOLOGIES = {"triangle list": 4, "triangle strip": 5, "point list": 1, "line list": 2, "line strip": 3,
              **{f"{n} control point patch list": 32 + n for n in range(1, 33)}}
#: D3D9 fixed-function or D3D12-only state (FORMAT.md: never reached by applicable D3D11 blocks).
NON_D3D11_DIRECTIVES = ("depth-bounds", "alpha test", "shade mode", "clip-plane", "point-size", "point-sprite",
                        "fog-colour", "fog", "bump", "denorm", "projected")


def _floats(text: str, n: int, what: str) -> list[int]:
    out = []
    for _ in range(n):
        v, rest = strtof(text)
        if rest == text:
            raise ShaderTestSyntaxError(f"malformed {what} '{text.strip()}'")
        out.append(v)
        text = rest
    return out


def _starts(text: str, word: str) -> str | None:
    """The text after ``word`` when ``text`` starts with it as a whole word, else None."""
    if text == word:
        return ""
    if text.startswith(word) and (text[len(word)].isspace() or text[len(word)] == "("):
        return text[len(word):].strip()
    return None


def parse_directive(no: int, line: str) -> Directive:
    """One ``[test]`` line (FORMAT.md "[test] directives")."""
    quals, rest = split_prefix_qualifiers(line)
    d = Directive(no, line.strip(), "", quals)
    if (a := _starts(rest, "dispatch")) is not None:
        m = re.fullmatch(r"(\d+)\s+(\d+)\s+(\d+).*", a)
        if not m:
            raise ShaderTestSyntaxError(f"malformed dispatch arguments '{a}'")
        d.op, d.args = "dispatch", {"groups": tuple(int(x) for x in m.groups())}
    elif (a := _starts(rest, "clear")) is not None:
        ref = parse_resource_ref(a)
        if ref is None:
            raise ShaderTestSyntaxError(f"malformed resource reference '{a}'")
        (rtype, slot), after = ref
        if rtype == "rtv":
            d.op, d.args = "clear_rtv", {"slot": slot, "color": _floats(after, 4, "clear colour")}
        elif rtype == "dsv":
            d.op, d.args = "clear_dsv", {"depth": _floats(after, 1, "clear depth")[0]}
        else:
            raise ShaderTestSyntaxError(f"cannot clear '{a}'")
    elif any(_starts(rest, w) is not None for w in NON_D3D11_DIRECTIVES):
        d.op = "non_d3d11"
        d.args = {"name": next(w for w in NON_D3D11_DIRECTIVES if _starts(rest, w) is not None)}
    elif (a := _starts(rest, "depth")) is not None:
        d.op, d.args = "depth", {"func": parse_comparison(a)}
    elif rest.startswith("draw quad") and _starts(rest, "draw quad") is not None:
        d.op = "draw_quad"
    elif (a := _starts(rest, "draw")) is not None:
        for name, topo in TOPOLOGIES.items():
            if a.startswith(name):
                nums = a[len(name):].split()
                if not nums or not nums[0].isdigit():
                    raise ShaderTestSyntaxError(f"malformed vertex count '{a}'")
                inst = int(nums[1]) if len(nums) > 1 and nums[1].isdigit() else 1
                d.op, d.args = "draw", {"topology": topo, "topology_name": name, "vertices": int(nums[0]),
                                        "instances": inst}
                break
        else:
            raise ShaderTestSyntaxError(f"unknown primitive topology '{a}'")
    elif (a := _starts(rest, "copy")) is not None:
        src = parse_resource_ref(a)
        dst = parse_resource_ref(src[1]) if src else None
        if not src or not dst:
            raise ShaderTestSyntaxError(f"malformed resource reference '{a}'")
        d.op, d.args = "copy", {"src": src[0], "dst": dst[0]}
    elif (a := _starts(rest, "probe")) is not None:
        d.op, d.args = "probe", {"probe": parse_probe(a)}
    elif (a := _starts(rest, "uniform")) is not None:
        offset, words = parse_uniform(a)
        d.op, d.args = "uniform", {"offset": offset, "words": words}
    elif (a := _starts(rest, "sample mask")) is not None:
        v, after = strtoul(a)
        if after == a:
            raise ShaderTestSyntaxError(f"malformed sample mask '{a}'")
        d.op, d.args = "sample_mask", {"mask": v}
    elif (a := _starts(rest, "viewport")) is not None:
        m = re.fullmatch(r"(\d+)\s*\(\s*([^,]+),([^,]+),([^,]+),([^)]+)\).*", a)
        if not m or int(m.group(1)) > 3:
            raise ShaderTestSyntaxError(f"malformed viewport '{a}'")
        vals = [bits_f32(_floats(g, 1, "viewport")[0]) for g in m.groups()[1:]]
        d.op, d.args = "viewport", {"index": int(m.group(1)), "rect": vals}
    else:
        raise ShaderTestSyntaxError(f"unknown test directive '{rest}'")
    return d


# ---------------------------------------------------------------------------------------------------
# whole files

@dataclass(slots=True)
class ParsedSection:
    """A section with its parsed payload (one of the attributes is set, per ``kind``)."""

    kind: str  # require shader resource sampler input_layout test preproc preproc_fail
    section: Section
    require: Requirements | None = None
    shader: ShaderHeader | None = None
    source: str = ""
    resource: ResourceDecl | None = None
    sampler: SamplerDecl | None = None
    layout: list[InputElement] | None = None
    directives: list[Directive] | None = None
    error: str = ""  # a syntax error in this section (the block is counted failed)


def parse_section(sec: Section) -> ParsedSection:
    h = sec.header.strip()
    try:
        if h == "require":
            return ParsedSection("require", sec, require=parse_require(sec.lines))
        if h == "test":
            return ParsedSection("test", sec, directives=[parse_directive(no, t) for no, t in sec.lines])
        if h == "preproc":
            return ParsedSection("preproc", sec, source="\n".join(t for _, t in sec.lines) + "\n")
        if h == "preproc fail":
            return ParsedSection("preproc_fail", sec, source="\n".join(t for _, t in sec.lines) + "\n")
        if h == "input layout":
            return ParsedSection("input_layout", sec, layout=parse_input_layout(sec.lines))
        if m := re.fullmatch(r"sampler\s+(\d+)", h):
            return ParsedSection("sampler", sec, sampler=parse_sampler(int(m.group(1)), sec.lines))
        if rh := parse_resource_header(h):
            return ParsedSection("resource", sec, resource=parse_resource(rh[0], rh[1], sec.lines, sec.line))
        if sh := parse_shader_header(h):
            return ParsedSection("shader", sec, shader=sh, source="\n".join(t for _, t in sec.lines) + "\n")
    except ShaderTestSyntaxError as e:
        kind = "test" if h == "test" else ("shader" if parse_shader_header_safe(h) else "invalid")
        return ParsedSection(kind, sec, shader=parse_shader_header_safe(h), error=f"line {sec.line}: {e}")
    return ParsedSection("invalid", sec, error=f"line {sec.line}: unknown section '[{h}]'")


def parse_shader_header_safe(h: str) -> ShaderHeader | None:
    try:
        return parse_shader_header(h)
    except ShaderTestSyntaxError:
        return None


def parse_file_text(text: str) -> list[ParsedSection]:
    return [parse_section(s) for s in lex_sections(text)]
