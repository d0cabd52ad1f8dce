"""DXC's execution-test tables (tools/clang/unittests/HLSLExec/ShaderOpArithTable.xml) as an independent
compile-and-run corpus (issue 15, tests/test_dxc_exec_tables.py).

Microsoft wrote these rows (a shader, its inputs, the expected outputs and a tolerance) for real GPUs; the C++
that runs them (ExecutionTest.cpp, TableParameterHandler.h, include/dxc/Test/HlslTestUtils.h) fixes how a row
is filled in and compared. This module restates those rules: it reads the XML from a checkout of
microsoft/DirectXShaderCompiler at test time (``PYD3D11_DXC_REPO``, default the mirror below; nothing is copied
into this repository), parses every row, classifies the rows that SM 5.0 cannot express, and compares outputs the
way ExecutionTest.cpp does — with D3D11's rules where D3D11 differs from DXIL (``d3d11_expectation``).

Input spellings (ParseDataToFloat): ``NaN``, ``Inf``/``-Inf``, ``denorm``/``-denorm`` (FLT_MIN / 2 with its
sign), ``0x...`` (the float's bits taken literally), otherwise a decimal converted through double. Integer tables
go through WEX's integer parser (decimal or ``0x`` hex). Vector cells are comma-separated."""

from __future__ import annotations

import math
import os
import re
import struct
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

REPO = Path(os.environ.get("PYD3D11_DXC_REPO", "/work/.mirror/microsoft+DirectXShaderCompiler/repo"))
TABLE_PATH = "tools/clang/unittests/HLSLExec/ShaderOpArithTable.xml"

FLT_MIN = 1.1754943508222875e-38

# Tables SM 5.0 cannot express, with the reason (the feature each needs that no cs_5_0 program has).
SKIPPED_TABLES = {
    "IsSpecialFloatHalfOpTable": "16-bit float storage and isspecialfloat (SM 6.9, -enable-16bit-types)",
    "UnaryHalfOpTable": "IEEE half arithmetic (SM 6.2 -enable-16bit-types; SM 5 has only min16float)",
    "BinaryHalfOpTable": "IEEE half arithmetic (SM 6.2 -enable-16bit-types; SM 5 has only min16float)",
    "TertiaryHalfOpTable": "IEEE half arithmetic (SM 6.2 -enable-16bit-types; SM 5 has only min16float)",
    "UnaryInt16OpTable": "16-bit integer storage and arithmetic (SM 6.2 -enable-16bit-types)",
    "BinaryInt16OpTable": "16-bit integer storage and arithmetic (SM 6.2 -enable-16bit-types)",
    "TertiaryInt16OpTable": "16-bit integer storage and arithmetic (SM 6.2 -enable-16bit-types)",
    "UnaryUint16OpTable": "16-bit integer storage and arithmetic (SM 6.2 -enable-16bit-types)",
    "BinaryUint16OpTable": "16-bit integer storage and arithmetic (SM 6.2 -enable-16bit-types)",
    "TertiaryUint16OpTable": "16-bit integer storage and arithmetic (SM 6.2 -enable-16bit-types)",
    "Dot2AddHalfOpTable": "dot2add (SM 6.4) over half inputs",
    "Dot4AddI8PackedOpTable": "dot4add_i8packed (SM 6.4)",
    "Dot4AddU8PackedOpTable": "dot4add_u8packed (SM 6.4)",
    "WaveIntrinsicsActiveIntTable": "wave intrinsics (SM 6.0; SM 5 has no waves)",
    "WaveIntrinsicsActiveUintTable": "wave intrinsics (SM 6.0; SM 5 has no waves)",
    "WaveIntrinsicsPrefixIntTable": "wave prefix intrinsics (SM 6.0; SM 5 has no waves)",
    "WaveIntrinsicsPrefixUintTable": "wave prefix intrinsics (SM 6.0; SM 5 has no waves)",
    "WaveIntrinsicsMultiPrefixIntTable": "WaveMultiPrefix* (SM 6.5)",
    "WaveIntrinsicsMultiPrefixUintTable": "WaveMultiPrefix* (SM 6.5)",
    "PackUnpackOpTable": "pack_u8/unpack_s8s32 and the packed 8-bit types (SM 6.6)",
}

# ExecutionTest.cpp reads these tables' cells as integers (INT32_TABLE / UINT32_TABLE) and compares with
# VerifyOutputWithExpectedValueInt; every other run table is read as floats (ParseDataToFloat).
INT_TABLES = {"UnaryIntOpTable", "BinaryIntOpTable", "TertiaryIntOpTable", "UnaryUintOpTable",
              "BinaryUintOpTable", "TertiaryUintOpTable", "Msad4Table"}

_SCALAR = {"float": "f", "int": "i", "uint": "u"}


@dataclass
class Row:
    table: str
    name: str
    text: str
    target: str
    arguments: str
    vtype: str
    tolerance: float
    inputs: list[list[str]]           # Validation.Input1..N, each a list of cells
    expected: list[list[str]]         # Validation.Expected1..M (M may be 0 for an absent Expected2)
    skip: str | None = None
    fields: list[tuple[str, str, int]] = field(default_factory=list)  # (name, kind f/i/u, components)

    @property
    def id(self) -> str:
        return f"{self.table}.{self.name}"

    @property
    def denorm_mode(self) -> str:
        """hlsl::DXIL::Float32DenormMode as DenormBinary/TertiaryFloatOpTest choose it from the arguments."""
        return {"-denorm preserve": "preserve", "-denorm ftz": "ftz"}.get(self.arguments.strip(), "any")


def available() -> bool:
    """A checkout whose HEAD holds the three files the tests read."""
    if not ((REPO / "HEAD").exists() or (REPO / ".git").exists()):
        return False
    git_dir = REPO if (REPO / "HEAD").exists() else REPO / ".git"
    return all(subprocess.run(["git", f"--git-dir={git_dir}", "cat-file", "-e", f"HEAD:{path}"],
                              capture_output=True).returncode == 0
               for path in (TABLE_PATH, "tools/clang/unittests/HLSLExec/ExecutionTest.cpp",
                            "tools/clang/unittests/HLSLExec/ShaderOpArith.xml"))


def read_table_xml() -> str:
    git_dir = REPO if (REPO / "HEAD").exists() else REPO / ".git"
    return subprocess.run(["git", f"--git-dir={git_dir}", "show", f"HEAD:{TABLE_PATH}"], check=True,
                          capture_output=True, text=True).stdout


def _struct_fields(text: str) -> list[tuple[str, str, int]]:
    """The row struct's fields in order (structured buffers pack them tightly, 4 bytes per component)."""
    body = re.search(r"struct\s+\w+\s*\{(.*?)\}", text, re.S).group(1)
    return [(name, _SCALAR[base], int(n or 1))
            for base, n, name in re.findall(r"\b(float|int|uint)(\d?)\s+(\w+)\s*;", body)]


def parse_rows(xml_text: str) -> list[Row]:
    rows = []
    for tab in ET.fromstring(xml_text).findall("Table"):
        tid = tab.get("Id")
        for r in tab.findall("Row"):
            params = {p.get("Name"): p for p in r.findall("Parameter")}

            def scalar(key: str, default: str = "", params=params) -> str:
                p = params.get(key)
                return p.text if p is not None and p.text is not None else default

            def cells(key: str, params=params) -> list[str] | None:
                p = params.get(key)
                return None if p is None else [v.text or "" for v in p.findall("Value")]

            inputs = [c for k in range(1, 4) if (c := cells(f"Validation.Input{k}")) is not None]
            expected = [c for k in range(1, 4) if (c := cells(f"Validation.Expected{k}"))]
            row = Row(tid, r.get("Name"), scalar("ShaderOp.Text"), scalar("ShaderOp.Target", "cs_6_0"),
                      scalar("ShaderOp.Arguments"), scalar("Validation.Type", "epsilon"),
                      float(scalar("Validation.Tolerance", "0")), inputs, expected, SKIPPED_TABLES.get(tid))
            if row.skip is None:
                row.fields = _struct_fields(row.text)
            rows.append(row)
    return rows


# --- cell parsing (TableParameterHandler.h) ---------------------------------------------------------------

def parse_float(cell: str) -> np.float32:
    """ParseDataToFloat: the special spellings, ``0x`` bits, else a decimal rounded double -> float."""
    s = cell.replace(" ", "").replace("\n", "")
    low = s.lower()
    specials = {"nan": math.nan, "-inf": -math.inf, "inf": math.inf, "-denorm": -FLT_MIN / 2,
                "denorm": FLT_MIN / 2, "-0.0f": -0.0, "-0.0": -0.0, "-0": -0.0, "0.0f": 0.0, "0.0": 0.0, "0": 0.0}
    if low in specials:
        return np.float32(specials[low])
    if low.startswith("0x"):
        return np.frombuffer(struct.pack("<I", int(s, 16)), np.float32)[0]
    return np.float32(float(s.rstrip("fF")))


def parse_int(cell: str) -> int:
    """WEX's integer cells (decimal or 0x hex), as the 32-bit pattern."""
    return int(cell.strip(), 0) & 0xFFFFFFFF


def parse_cell(cell: str, kind: str, n: int) -> list:
    parts = cell.split(",") if n > 1 else [cell]
    assert len(parts) == n, (cell, n)
    return [parse_float(p) if kind == "f" else parse_int(p) for p in parts]


# --- comparison (HlslTestUtils.h) ----------------------------------------------------------------------------

def _bits(x: np.float32) -> int:
    return int(np.float32(x).view(np.uint32))


def _is_denorm(x: np.float32) -> bool:
    return x != 0 and abs(float(x)) < FLT_MIN and not math.isnan(float(x))


def _denorm_zero_ok(out: np.float32, ref: np.float32, mode: str) -> bool:
    # Float32DenormMode::Any: a denormal expectation may come back as the zero of the same sign.
    return mode == "any" and _is_denorm(ref) and out == 0 and math.copysign(1, out) == math.copysign(1, ref)


def compare_float(out: np.float32, ref: np.float32, vtype: str, tol: float, mode: str = "any") -> bool:
    """CompareFloatULP / CompareFloatEpsilon / CompareFloatRelativeEpsilon (ULP with 23 - n)."""
    out, ref = np.float32(out), np.float32(ref)
    if out == ref:
        return True
    if math.isnan(out):
        return math.isnan(ref)
    if _denorm_zero_ok(out, ref, mode):
        return True
    kind = vtype.lower()
    if kind == "relative":
        kind, tol = "ulp", 23 - int(tol)
    if kind == "ulp":
        # The C++ subtracts the two bit patterns as signed ints: values of opposite signs are far apart.
        diff = (_bits(out) - _bits(ref) + 2 ** 31) % 2 ** 32 - 2 ** 31
        return abs(diff) <= int(tol)
    if kind == "epsilon":
        return bool(abs(np.float32(out - ref)) < np.float32(tol))
    raise ValueError(f"Validation.Type {vtype!r}")


def compare_int(out: int, ref: int, tol: int) -> bool:
    """CompareOutputWithExpectedValueInt on the int32 values (both tables, Int and Uint, go through it)."""
    to_i = lambda v: v - 2 ** 32 if v >= 2 ** 31 else v  # noqa: E731
    return abs(to_i(out) - to_i(ref)) <= tol


# --- D3D11's rules where they differ from DXIL's --------------------------------------------------------------

def ftz(x: np.float32) -> np.float32:
    """D3D11.3 §3.1.4 (float32 denorms): arithmetic flushes a denormal input or result to the zero of its sign."""
    x = np.float32(x)
    return np.float32(math.copysign(0.0, float(x))) if _is_denorm(x) else x


# Row elements whose DXIL expectation D3D11 does not give, with what D3D11 gives and the rule that says so.
# UnaryFloatOpTable.Atan[0], atan(NaN): DXIL has an Atan operation that returns NaN; DXBC has none, so an SM 5
# atan is fxc's instruction sequence, which reduces |x| to [0, 1] through min(|x|, 1) / max(|x|, 1). D3D11.3
# 22.10.11/22.10.12 (min/max, §3.1 float rules) return the other operand when one is NaN, so the reduction
# sees 1 / 1 and the sequence yields atan(1) = pi/4 (the compares that pick the quadrant are false for NaN).
D3D11_ELEMENTS = {
    ("UnaryFloatOpTable.Atan", 0): ("0.785398163", "atan(NaN): fxc's min/max range reduction drops the NaN "
                                                   "(D3D11.3 22.10.11/22.10.12) and gives atan(1)"),
    # tanh is fxc 10.1's expansion, t = x*log2(e), (2^t - 2^-t) * (1 / (2^t + 2^-t)) (d3dcompiler_47 10.1's object
    # under Wine, session 37, tests/test_hlsl_fxc_exec_s37.py): at x = -inf / +inf that is (-inf or inf) * 0 = NaN
    ("UnaryFloatOpTable.Htan", 1): ("NaN", "tanh(-inf): fxc's expansion gives (-inf) * (1 / inf) = NaN"),
    ("UnaryFloatOpTable.Htan", 6): ("NaN", "tanh(inf): fxc's expansion gives inf * (1 / inf) = NaN"),
}

# Rows whose shader uses a DXC intrinsic fxc does not have (it is not in the HLSL reference's list of SM 4/5
# intrinsics): run with an SM 5 definition of it, written from DXC's documentation of the intrinsic, prepended.
SM5_PRELUDES = {
    # AddUint64(a, b): a and b are 64-bit values as uint2 (low word in x); the sum with the carry of the low words.
    "BinaryUintOpTable.UAddc": "uint2 AddUint64(uint2 a, uint2 b) {\n"
                               "    uint lo = a.x + b.x;\n"
                               "    return uint2(lo, a.y + b.y + (lo < a.x ? 1u : 0u));\n}\n",
}


def d3d11_expectation(row: Row, rows_by_id: dict[str, Row]) -> tuple[list[list[str]], str, str]:
    """(expected cells, denorm mode, note) the row is checked against under D3D11.

    D3D11 has no -denorm option: SM 5 float32 arithmetic always flushes denormals on input and output (D3D11.3
    §3.1, 3.1.3.2). A ``-denorm ftz`` row is checked as written. A ``-denorm preserve`` row expects preserved
    denormals and a ``-denorm any`` row accepts them; both are checked against the ``-denorm ftz`` row of the
    same operation and inputs (D3D11 allows only the flushed result). Elements of D3D11_ELEMENTS get the value
    D3D11 gives."""
    if row.table.startswith("Denorm") and row.denorm_mode != "ftz":
        sibling = rows_by_id[row.id.replace(row.name[row.name.index("Denorm") + 6:], "FTZ")]
        assert sibling.inputs == row.inputs, row.id
        return sibling.expected, "ftz", f"checked against {sibling.name} (D3D11.3 3.1.3.2: always flushed)"
    expected = [list(c) for c in row.expected]
    notes = []
    for (rid, i), (cell, why) in D3D11_ELEMENTS.items():
        if rid == row.id:
            expected[0][i] = cell
            notes.append(f"[{i}] {why}")
    return expected, "any", "; ".join(notes)


# Rows D3D11 holds to more than their DXC tolerance, with the rule's result computed here from the inputs in float32
# IEEE arithmetic (inputs flushed, the result flushed, D3D11.3 §3.1):
# - add, subtract, multiply: correctly rounded (§3.1: 0.5 ULP, round to nearest even); the tables allow 1 ULP;
# - round_ni/round_pi/round_ne/round_z (floor, ceil, round, trunc) and frc (frac = x - round_ni(x)): exact, zero
#   signs included (the sm4 instruction pages' tables: -denorm → -0 for the roundings, frc(-0) = +0); the tables
#   compare 0 == -0;
# - dp2/dp3/dp4 (dot): no worse than the worst serial ordering (§3.1 fused operations); every ordering of this row's
#   data is exact, so the left-to-right sum is the answer (zero signs not held); the table allows 0.008.
# Value: (function of the flushed inputs -> float32 results, the output word of each result, zero sign held).
_F32 = np.float32


def _binary(fn):
    return lambda a, b: [fn(_F32(a), _F32(b))]


def _dots(a, b):
    out, acc = [], None
    for k in range(4):
        p = ftz(_F32(a[k] * b[k]))
        acc = p if acc is None else ftz(_F32(acc + p))
        if k >= 1:
            out.append(acc)
    return out


D3D11_EXACT = {
    "BinaryFloatOpTable.FAdd": (_binary(np.add), [2], True),
    "BinaryFloatOpTable.FSub": (_binary(np.subtract), [2], True),
    "BinaryFloatOpTable.FMul": (_binary(np.multiply), [2], True),
    "UnaryFloatOpTable.Round_ni": (lambda x: [np.floor(x)], [1], True),
    "UnaryFloatOpTable.Round_pi": (lambda x: [np.ceil(x)], [1], True),
    "UnaryFloatOpTable.Round_ne": (lambda x: [np.rint(x)], [1], True),
    "UnaryFloatOpTable.Round_z": (lambda x: [np.trunc(x)], [1], True),
    "UnaryFloatOpTable.Frc": (lambda x: [_F32(x - np.floor(x))], [1], True),
    "DotOpTable.Dot": (_dots, [8, 9, 10], False),
}
D3D11_EXACT.update({f"DenormBinaryFloatOpTable.F{op}Denorm{mode}": (_binary(fn), [2], True)
                    for op, fn in (("Add", np.add), ("Sub", np.subtract), ("Mul", np.multiply))
                    for mode in ("FTZ", "Any", "Preserve")})


def d3d11_exact_failures(row: Row, words: np.ndarray) -> list[str]:
    """The outputs of a D3D11_EXACT row against the rule's result for its inputs."""
    entry = D3D11_EXACT.get(row.id)
    if entry is None:
        return []
    fn, out_words, zero_sign = entry
    fails = []
    for i in range(element_count(row)):
        args = []
        for (_, _, comps), cells in zip(row.fields, row.inputs):
            vals = [ftz(v) for v in parse_cell(cells[i % len(cells)], "f", comps)]
            args.append(vals[0] if comps == 1 else vals)
        with np.errstate(all="ignore"):
            wants = [ftz(_F32(w)) for w in fn(*args)]
        for w_idx, want in zip(out_words, wants):
            got = np.array([words[i, w_idx]], np.uint32).view(np.float32)[0]
            if math.isnan(got) and math.isnan(want):
                continue
            same = _bits(got) == _bits(want) if zero_sign else got == want
            if not same:
                fails.append(f"[{i}] word {w_idx}: {float(got)!r} is not D3D11's {float(want)!r}")
    return fails


# Rows whose zero results D3D11 gives with a sign the tables do not hold (they compare 0 == -0): sqrt(-0) = -0
# (D3D11.3 §3.1 specials; -denorm flushes to -0 first) and sin(-0) = -0 (22.10.20's sincos table).
D3D11_ZERO_SIGNS = {"UnaryFloatOpTable.Sqrt": 1, "UnaryFloatOpTable.Sin": 1}


def d3d11_zero_sign_failures(row: Row, words: np.ndarray) -> list[str]:
    """Elements of a D3D11_ZERO_SIGNS row whose expectation is a zero: the output must be that zero, sign included."""
    w_idx = D3D11_ZERO_SIGNS.get(row.id)
    if w_idx is None:
        return []
    fails = []
    cells = row.expected[0]
    for i in range(element_count(row)):
        want = parse_float(cells[i % len(cells)])
        got = np.array([words[i, w_idx]], np.uint32).view(np.float32)[0]
        if want == 0 and _bits(got) != _bits(want):
            fails.append(f"[{i}] {float(got)!r} is not D3D11's {float(want)!r}")
    return fails


# --- running ---------------------------------------------------------------------------------------------------

def element_count(row: Row) -> int:
    # Msad4Test sizes the buffer by Expected1; the others by Input1.
    return len(row.expected[0]) if row.table == "Msad4Table" else len(row.inputs[0])


def pack_inputs(row: Row) -> np.ndarray:
    """The structured buffer's initial contents (uint32 words, one struct per element), inputs cycled as the C++
    does (``i % size``), outputs zero."""
    n = element_count(row)
    words_per = sum(c for _, _, c in row.fields)
    buf = np.zeros((n, words_per), np.uint32)
    for i in range(n):
        col = 0
        for k, (_, kind, comps) in enumerate(row.fields):
            if k < len(row.inputs):
                cells = row.inputs[k]
                vals = parse_cell(cells[i % len(cells)], kind, comps)
                for j, v in enumerate(vals):
                    buf[i, col + j] = _bits(v) if kind == "f" else v
            col += comps
    return buf


def check_outputs(row: Row, words: np.ndarray, expected: list[list[str]], mode: str) -> list[str]:
    """Failures (human-readable) of the output fields against ``expected``, per ExecutionTest.cpp's rule."""
    fails = []
    n = element_count(row)
    words = words.reshape(n, -1)
    offsets, col = [], 0
    for _, _, comps in row.fields:
        offsets.append(col)
        col += comps
    n_in = len(row.inputs)
    any_pair = row.table.startswith("Denorm") and mode == "any"
    outs = list(range(n_in, len(row.fields)))
    for i in range(n):
        if any_pair:
            # -denorm any: output1 may match Expected1 or Expected2.
            k = outs[0]
            _, kind, _ = row.fields[k]
            got = words[i, offsets[k]].view(np.float32)
            cands = [parse_float(e[i % len(e)]) for e in expected]
            if not any(compare_float(got, c, row.vtype, row.tolerance, "any") for c in cands):
                fails.append(f"[{i}] got {float(got)!r} expected one of {[float(c) for c in cands]}")
            continue
        for e_idx, cells in enumerate(expected):
            k = outs[e_idx]
            name, kind, comps = row.fields[k]
            exp_vals = parse_cell(cells[i % len(cells)], kind, comps)
            for j, ev in enumerate(exp_vals):
                w = words[i, offsets[k] + j]
                if kind == "f":
                    got = np.array([w], np.uint32).view(np.float32)[0]
                    ok = compare_float(got, ev, row.vtype, row.tolerance, mode)
                    shown = (float(got), float(ev))
                else:
                    ok = compare_int(int(w), ev, int(row.tolerance))
                    shown = (int(w), ev)
                if not ok:
                    fails.append(f"[{i}] {name}[{j}] got {shown[0]!r} expected {shown[1]!r}")
    return fails


def sm5_text(row: Row) -> str:
    """The row's shader (cs_6_x becomes cs_5_0 at compile time), after its SM5_PRELUDES entry if any."""
    return SM5_PRELUDES.get(row.id, "") + row.text


def run_row(row: Row, dev=None, ctx=None) -> np.ndarray:
    """Compile the row's shader as cs_5_0 and run Dispatch(1, 1, 1) over its structured buffer at u0 (one
    [numthreads(8,8,1)] group, as ShaderOpArith.xml's ops do); the buffer's words afterwards."""
    from api_compute_kit import read_buffer_bytes

    import pyd3d11.d3d11 as d
    from pyd3d11.d3dcompiler import D3DCompile

    if dev is None:
        dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    init = pack_inputs(row)
    stride = init.shape[1] * 4
    n = init.shape[0]
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=init.nbytes, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS,
                                               MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                               StructureByteStride=stride),
                           d.D3D11_SUBRESOURCE_DATA(pSysMem=init.tobytes()))
    uav = dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=d.DXGI_FORMAT_UNKNOWN, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=n)))
    cs = D3DCompile(sm5_text(row), None, f"{row.id}.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    ctx.CSSetUnorderedAccessViews(0, 1, [None], None)
    return read_buffer_bytes(dev, ctx, buf, init.nbytes).view(np.uint32).reshape(n, -1)


# --- ExecutionTest.cpp's own shaders (the tests that are not tables) --------------------------------------------

EXEC_CPP_PATH = "tools/clang/unittests/HLSLExec/ExecutionTest.cpp"


def read_exec_cpp() -> str:
    git_dir = REPO if (REPO / "HEAD").exists() else REPO / ".git"
    return subprocess.run(["git", f"--git-dir={git_dir}", "show", f"HEAD:{EXEC_CPP_PATH}"], check=True,
                          capture_output=True, text=True).stdout


def cpp_shader(cpp: str, test: str, var: str, anchor: str | None = None) -> str:
    """The string literal ``[static] const char <var>[] = "..." "...";`` (or ``const char *<var> = R"(...)";``)
    after ``TEST_F(ExecutionTest, <test>)`` (or after ``anchor``), its adjacent literals joined and its escapes
    decoded as a C compiler would (a raw literal is taken as written)."""
    body = cpp[cpp.index(anchor or f"TEST_F(ExecutionTest, {test})"):]
    decl = re.search(rf"(?:static\s+)?const char\s*(?:{var}\[\]|\*\s*{var})\s*=", body)
    body = body[decl.end():]
    raw = re.match(r'\s*R"\((.*?)\)"\s*;', body, re.S)
    if raw:
        return raw.group(1)
    pieces, i = [], 0
    while True:
        m = re.compile(r'\s*"((?:[^"\\]|\\.)*)"').match(body, i)
        if not m:
            break
        pieces.append(m.group(1))
        i = m.end()
    assert body[i:].lstrip().startswith(";"), body[i:i + 80]
    escapes = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\", "'": "'"}
    return re.sub(r"\\(.)", lambda m: escapes[m.group(1)], "".join(pieces))


# --- ShaderOpArith.xml's shader ops ---------------------------------------------------------------------------

SHADER_OPS_PATH = "tools/clang/unittests/HLSLExec/ShaderOpArith.xml"


def read_shader_op_text(op: str, shader: str) -> str:
    """The text of Shader ``shader`` of ShaderOp ``op`` in ShaderOpArith.xml."""
    git_dir = REPO if (REPO / "HEAD").exists() else REPO / ".git"
    xml_text = subprocess.run(["git", f"--git-dir={git_dir}", "show", f"HEAD:{SHADER_OPS_PATH}"], check=True,
                              capture_output=True, text=True).stdout
    ns = "{http://schemas.microsoft.com/test/ShaderOp}"
    node = ET.fromstring(xml_text).find(f"{ns}ShaderOp[@Name='{op}']/{ns}Shader[@Name='{shader}']")
    return node.text


def top_level_items(text: str) -> list[str]:
    """Split HLSL source into top-level items: preprocessor directives (with their continuation lines),
    declarations ending in ``;`` at brace depth 0, and function definitions ending in ``}`` at depth 0."""
    items, cur, depth = [], [], 0
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not cur and line.lstrip().startswith("#"):
            block = [line]
            while block[-1].rstrip().endswith("\\") and i < len(lines):
                block.append(lines[i])
                i += 1
            items.append("".join(block))
            continue
        code = re.sub(r"//.*", "", line)
        depth += code.count("{") - code.count("}")
        cur.append(line)
        end = code.strip()
        if depth or not end:
            continue
        head = re.sub(r"//.*", "", "".join(cur)).lstrip()
        aggregate = head.startswith(("struct", "static", "groupshared", "cbuffer"))
        if end.endswith(";") or (end.endswith("}") and not aggregate):
            items.append("".join(cur))
            cur = []
    if "".join(cur).strip():
        items.append("".join(cur))
    return items


def atomics_sm5_text() -> str:
    """AtomicsHeap's CS text reduced to its 32-bit compute program: the items that use 64-bit types, mesh or
    amplification payloads, and the other entry points are dropped (SM 5 has none of them); what stays is kept
    verbatim (the structs, the 32-bit UAVs u0-u11, the macros, AtomicTest, InitSharedMem,
    AtomicGroupSharedTest and CSMain32)."""
    text = read_shader_op_text("AtomicsHeap", "CS")
    keep = []
    for item in top_level_items(text):
        if re.search(r"\bu?int64_t|64Stuff|64Buf|Payload|payload|DispatchMesh|SetMeshOutputCounts|"
                     r"\b\w+Main\w*\s*\(", item) \
                and "CSMain32(" not in item:
            continue
        keep.append(item)
    return "".join(keep)


# --- the rows in a pixel shader ------------------------------------------------------------------------------------

_CS_ENTRY = re.compile(r"\[numthreads\(8,\s*8,\s*1\)\]\s*void\s+main\s*\(\s*uint\s+GI\s*:\s*SV_GroupIndex\s*\)\s*\{")

_FULLSCREEN_VS = ("void main(uint id : SV_VertexID, out float4 pos : SV_Position) {\n"
                  "    pos = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); }\n")


def ps_text(row: Row) -> str:
    """The row's shader as a pixel shader with no outputs: the compute entry ``[numthreads(8,8,1)] void main(uint
    GI : SV_GroupIndex) {`` becomes ``void main(float4 pos : SV_Position) { uint GI = (uint)pos.x;`` — pixel
    column x does element x; the body is unchanged."""
    text, n = _CS_ENTRY.subn("void main(float4 hl13_pos : SV_Position) { uint GI = (uint)hl13_pos.x;", sm5_text(row))
    assert n == 1, row.id
    return text


def run_row_ps(row: Row) -> np.ndarray:
    """Draw the row's pixel shader over a viewport ``element_count`` pixels wide and 1 high, the row's structured
    buffer at u0 (no render target: D3D11 shares PS u# with o# slots); the buffer's words afterwards."""
    from api_compute_kit import read_buffer_bytes

    import pyd3d11.d3d11 as d
    from pyd3d11.d3dcompiler import D3DCompile

    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    init = pack_inputs(row)
    stride, n = init.shape[1] * 4, init.shape[0]
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=init.nbytes, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS,
                                               MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                               StructureByteStride=stride),
                           d.D3D11_SUBRESOURCE_DATA(pSysMem=init.tobytes()))
    uav = dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=d.DXGI_FORMAT_UNKNOWN, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=n)))
    vs = D3DCompile(_FULLSCREEN_VS, None, "vs.hlsl", None, None, "main", "vs_5_0")
    ps = D3DCompile(ps_text(row), None, f"{row.id}.ps.hlsl", None, None, "main", "ps_5_0")
    ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.IASetInputLayout(None)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=n, Height=1, MinDepth=0, MaxDepth=1)])
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(0, None, None, 0, 1, [uav], None)
    ctx.Draw(3, 0)
    return read_buffer_bytes(dev, ctx, buf, init.nbytes).view(np.uint32).reshape(n, -1)
