"""DXC's execution tables (ShaderOpArithTable.xml) compiled as cs_5_0 and run on both shader backends (issue 15).

Each row Microsoft wrote for real GPUs — a compute shader, its inputs, the expected outputs and a tolerance — is
run as ExecutionTest.cpp runs it (one [numthreads(8,8,1)] group over a RWStructuredBuffer at u0) and compared as
ExecutionTest.cpp compares (tests/dxc_exec_tables.py restates HlslTestUtils.h's CompareFloatULP / Epsilon /
RelativeEpsilon and VerifyOutputWithExpectedValueInt), with D3D11's rules where they differ from DXIL's:
denormals always flushed (D3D11.3 §3.1, 3.1.3.2), and atan(NaN) through fxc's min/max range reduction; and held to
D3D11's exact rules where the tables allow more (correctly rounded add/sub/mul, exact roundings and frc with their
zero signs, dot no worse than serial ordering, sqrt(-0) and sin(-0) = -0). The XML is read from a
DirectXShaderCompiler checkout at test time (``PYD3D11_DXC_REPO``); without one the module skips.

The first tests pin the loader to the C++ definitions (spellings, comparisons, classification) without running a
shader; the row tests run each SM 5-expressible row."""

from __future__ import annotations

import math
import os

import dxc_exec_tables as T
import numpy as np
import pytest

if not T.available():
    pytest.skip(f"no DirectXShaderCompiler checkout at {T.REPO} (set PYD3D11_DXC_REPO)", allow_module_level=True)

ROWS = T.parse_rows(T.read_table_xml())
BY_ID = {r.id: r for r in ROWS}
RUN = [r for r in ROWS if r.skip is None]

F = np.float32


def _f(bits: int) -> np.float32:
    return np.array([bits], np.uint32).view(np.float32)[0]


# --- the loader against the C++ definitions (no shader runs) -------------------------------------------------

PARSE_CASES = [  # ParseDataToFloat (TableParameterHandler.h): cell -> float32 bits
    ("NaN", None), ("nan", None), ("-Inf", 0xFF800000), ("inf", 0x7F800000), ("denorm", 0x00400000),
    ("-denorm", 0x80400000), ("-0", 0x80000000), ("-0.0", 0x80000000), ("-0.0f", 0x80000000), ("0", 0),
    ("0.0f", 0), ("0x007F0000", 0x007F0000), ("0x807E0000", 0x807E0000), ("1.0000001", 0x3F800001),
    ("0.761594", 0x3F42F7D3), (" 1 ", 0x3F800000),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("cell,bits", PARSE_CASES)
def test_parse_float_spellings(cell, bits):
    v = T.parse_float(cell)
    if bits is None:
        assert math.isnan(v)
    else:
        assert int(np.float32(v).view(np.uint32)) == bits


@pytest.mark.backend_independent
def test_parse_int_and_vector_cells():
    assert T.parse_int("-2147483648") == 0x80000000
    assert T.parse_int("0xffffffff") == 0xFFFFFFFF
    assert T.parse_int("-1") == 0xFFFFFFFF
    assert T.parse_cell("0xD7B0C372, 0x4F57C2A3", "u", 2) == [0xD7B0C372, 0x4F57C2A3]
    got = T.parse_cell("-denorm,1,Inf,-0", "f", 4)
    assert [int(np.float32(x).view(np.uint32)) for x in got] == [0x80400000, 0x3F800000, 0x7F800000, 0x80000000]


COMPARE_CASES = [  # (out, ref, type, tolerance, mode, verdict) from HlslTestUtils.h
    (F(1), F(1), "ulp", 0, "any", True),
    (F(math.nan), F(math.nan), "epsilon", 0, "any", True),
    (F(math.nan), F(1), "ulp", 1000, "any", False),
    (F(1), F(math.nan), "ulp", 1000, "any", False),             # a number never matches a NaN expectation
    (F(0), F(-0.0), "ulp", 0, "ftz", True),                      # 0 == -0 as floats
    (_f(0x3F800001), F(1), "ulp", 1, "any", True),
    (_f(0x3F800002), F(1), "ulp", 1, "any", False),
    (F(0), _f(0x00400000), "ulp", 0, "any", True),               # Any: a denormal expectation may come back 0
    (F(-0.0), _f(0x00400000), "ulp", 0, "any", False),           # ... with its sign
    (F(0), _f(0x00400000), "ulp", 0, "ftz", False),              # FTZ/Preserve: no such allowance
    (_f(0x00000001), _f(0x80000001), "ulp", 1, "any", False),    # bit patterns subtract as signed ints
    (F(1.0005), F(1), "epsilon", 0.0008, "any", True),
    (F(1.0008), F(1), "epsilon", 0.0008, "any", False),          # strictly less than epsilon
    (_f(0x3F800002), F(1), "Relative", 21, "any", True),         # Relative n = ULP (23 - n)
    (_f(0x3F800003), F(1), "Relative", 21, "any", False),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("out,ref,vtype,tol,mode,verdict", COMPARE_CASES)
def test_compare_float_rules(out, ref, vtype, tol, mode, verdict):
    assert T.compare_float(out, ref, vtype, tol, mode) is verdict


@pytest.mark.backend_independent
def test_compare_int_rule():
    assert T.compare_int(0xFFFFFFFF, 0xFFFFFFFF, 0)
    assert not T.compare_int(0, 0xFFFFFFFF, 0)          # 0 vs -1
    assert T.compare_int(0, 0xFFFFFFFF, 1)
    assert not T.compare_int(0x7FFFFFFF, 0x80000000, 1)  # int32 values, not uint32


@pytest.mark.backend_independent
def test_classification():
    """153 rows in 33 tables; 70 run as cs_5_0; the 83 others need 16-bit types, waves or SM 6.4+ intrinsics."""
    assert len(ROWS) == 153
    assert len({r.table for r in ROWS}) == 33
    assert len(RUN) == 70
    skipped = [r for r in ROWS if r.skip]
    assert len(skipped) == 83
    assert all(r.table in T.SKIPPED_TABLES for r in skipped)
    for r in RUN:
        assert r.target.startswith("cs_6_"), r.id
        # inputs fill the first struct fields, expectations the next ones (ExecutionTest.cpp's structs); a
        # -denorm any row's Expected1/Expected2 are two alternatives for its one output
        outputs = 1 if r.table.startswith("Denorm") and r.denorm_mode == "any" else len(r.expected)
        assert len(r.inputs) + outputs <= len(r.fields), r.id
        assert (r.table in T.INT_TABLES) == all(k != "f" for _, k, _ in r.fields), r.id


@pytest.mark.backend_independent
def test_d3d11_substitutions():
    """Every -denorm preserve / any row has an FTZ sibling with the same inputs; those are what D3D11 checks."""
    denorm = [r for r in RUN if r.table.startswith("Denorm")]
    assert len(denorm) == 15
    subst = [r for r in denorm if r.denorm_mode != "ftz"]
    assert len(subst) == 10
    for r in subst:
        exp, mode, note = T.d3d11_expectation(r, BY_ID)
        assert mode == "ftz" and "FTZ" in note
        assert all(T.parse_float(c) == 0 or abs(float(T.parse_float(c))) >= T.FLT_MIN for col in exp for c in col)
    atan = BY_ID["UnaryFloatOpTable.Atan"]
    assert atan.inputs[0][0] == "NaN" and atan.expected[0][0] == "NaN"
    exp, _, note = T.d3d11_expectation(atan, BY_ID)
    assert exp[0][0] == "0.785398163" and "min/max" in note
    assert atan.expected[0][0] == "NaN"  # the row itself is not modified


@pytest.mark.backend_independent
def test_d3d11_exact_rule():
    """The correctly-rounded check: a result one ULP off (allowed by the table's tolerance) is refused."""
    row = BY_ID["BinaryFloatOpTable.FMul"]
    words = T.pack_inputs(row).copy()
    exact = [np.float32(T.parse_float(a) * T.parse_float(b)) for a, b in zip(row.inputs[0], row.inputs[1])]
    words[:, 2] = np.array(exact, np.float32).view(np.uint32)
    assert T.d3d11_exact_failures(row, words) == []
    words[2, 2] += 1
    assert len(T.d3d11_exact_failures(row, words)) == 1
    assert not T.check_outputs(row, words, row.expected, "any")  # the DXC tolerance (1 ULP) still passes it
    assert len(T.D3D11_EXACT) == 18 and all(k in BY_ID for k in T.D3D11_EXACT)


# --- the rows, run ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rid", [r.id for r in RUN])
def test_row(rid):
    row = BY_ID[rid]
    expected, mode, _ = T.d3d11_expectation(row, BY_ID)
    words = T.run_row(row)
    fails = T.check_outputs(row, words, expected, mode) + T.d3d11_exact_failures(row, words) + \
        T.d3d11_zero_sign_failures(row, words)
    assert not fails, f"{rid}: {fails}"
    # the inputs come back as written (the shader stores the whole struct back)
    n_in_words = sum(c for _, _, c in row.fields[:len(row.inputs)])
    assert np.array_equal(words[:, :n_in_words], T.pack_inputs(row)[:, :n_in_words])


# Rows also drawn as pixel shaders (the native backend compiles pixel shaders on its own path, with helper lanes
# and the fused lane): output flush, fused multiply-add flush, the min/max NaN rule, a transcendental, integer
# division. All 70 pass this way on both backends (a script: 16-65 s native, 10 s reference, with the host's load),
# too slow for every run: PYD3D11_DXC_PS_ALL=1 runs them all.
PS_ROWS = ["DenormBinaryFloatOpTable.FDivDenormFTZ", "DenormTertiaryFloatOpTable.FMadDenormFTZ",
           "BinaryFloatOpTable.FMin", "UnaryFloatOpTable.Log", "BinaryIntOpTable.IDiv"]
if os.environ.get("PYD3D11_DXC_PS_ALL") == "1":
    PS_ROWS = [r.id for r in RUN]


@pytest.mark.parametrize("rid", PS_ROWS)
def test_row_pixel_shader(rid):
    row = BY_ID[rid]
    expected, mode, _ = T.d3d11_expectation(row, BY_ID)
    words = T.run_row_ps(row)
    fails = T.check_outputs(row, words, expected, mode) + T.d3d11_exact_failures(row, words) + \
        T.d3d11_zero_sign_failures(row, words)
    assert not fails, f"{rid} (pixel shader): {fails}"
