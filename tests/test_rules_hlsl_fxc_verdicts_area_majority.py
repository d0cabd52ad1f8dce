"""Matrix majority as Microsoft's compiler decides it (issue 15, area 3; session 35 AREA).

Verdicts and reflected majorities recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine,
session 35: each table's expected column is what that DLL answered (its verdict, or the class
D3D_SVC_MATRIX_ROWS / _COLUMNS its reflection gives each constant), not this compiler's output. The
programs are generated from MicrosoftDocs direct3dhlsl "Variable Syntax" (Type Modifiers: row_major,
column_major), "#pragma pack_matrix" and the D3DCOMPILE_PACK_MATRIX_ROW_MAJOR / _COLUMN_MAJOR flags
(/Zpr, /Zpc): no modifier, each modifier, both, one twice, on 6 types (two matrices, a vector, a scalar, a
struct holding a matrix) at 10 sites (uniform, static, cbuffer member, struct member, local, parameter,
return type, typedef, cast, array); and the pragma at 9 positions (before and after a typedef, inside a
struct, between globals, inside a cbuffer, before the function), each way, under no flag, /Zpr and /Zpc,
and in malformed spellings.

fxc's rules these record: a majority modifier on anything but a matrix -- a struct, an object, in a cast --
is X3077; any modifier written twice is X3048 "duplicate usages specified"; a typedef keeps the majority in
force where it is declared, and a compile flag is in force from the first line (so under /Zpr a typedef
declared before ``#pragma pack_matrix(column_major)`` stays row-major, while without a flag it follows the
pragma where it is used); only ``pack_matrix(row_major)`` / ``(column_major)`` with nothing after the
parenthesis changes anything (``(row_major);``, ``(row_major) extra``, ``(row_major, column_major)``,
``(ROW_MAJOR)`` are ignored without a message). A live re-check runs where Wine and the DLL are present.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect
from pyd3d11.tools import wine_d3dcompiler

#: compile-only tests run once (tests/conftest.py checks that they never consult the shader backend)
compile_only = pytest.mark.backend_independent

#: the struct every MAJORITY_SITES program declares first
PRE = "struct S { float2x2 m; };\n"
#: where MAJORITY_VERDICTS puts ``{m}{t}`` (modifiers and type); ``{ix}`` reads one component
MAJORITY_SITES = {
    'uniform':
        '{m}{t} g;\nfloat4 main() : SV_Target {{ return (float)g{ix}; }}\n',
    'static':
        'static {m}{t} g = ({t})1;\nfloat4 main() : SV_Target {{ return (float)g{ix}; }}\n',
    'cbuffer':
        'cbuffer C {{ {m}{t} g; }}\nfloat4 main() : SV_Target {{ return (float)g{ix}; }}\n',
    'member':
        'struct T {{ {m}{t} g; }};\nT s;\nfloat4 main() : SV_Target {{ return (float)s.g{ix}; }}\n',
    'local':
        'float4 main(float4 v : V) : SV_Target {{ {m}{t} g = ({t})v.x; return (float)g{ix}; }}\n',
    'param':
        'float f({m}{t} g) {{ return (float)g{ix}; }}\nfloat4 main(float4 v : V) : SV_Target {{ return f(({t})v.x); }}\n',
    'return':
        '{m}{t} f(float x) {{ return ({t})x; }}\nfloat4 main(float4 v : V) : SV_Target {{ return (float)f(v.x){ix}; }}\n',
    'typedef':
        'typedef {m}{t} TT;\nTT g;\nfloat4 main() : SV_Target {{ return (float)g{ix}; }}\n',
    'cast':
        'float4 main(float4 v : V) : SV_Target {{ return (float)(({m}{t})v.x){ix}; }}\n',
    'array':
        '{m}{t} g[2];\nfloat4 main() : SV_Target {{ return (float)g[1]{ix}; }}\n',
}
#: how each type's value is read down to one component
INDEX = {"float4x4": "[0][0]", "float3x2": "[0][0]", "float2x2": "[1][1]", "float4": ".x", "float": "", "S": ".m[0][0]"}
#: the pragma programs: ``{name}`` slots a pragma line may fill
PACK_POSITIONS = ['top', 'after_typedef', 'in_struct_before', 'in_struct_after', 'before_vars', 'between', 'cb_top', 'cb_mid', 'before_main']
PACK_USE = 'float4 main() : SV_Target { return a[0] + b[0].x + t[0] + s.m[0].x + arr[1][0] + c1[0] + c2[0].x + n.m[0].x; }\n'
ROW, COL = "#pragma pack_matrix(row_major)\n", "#pragma pack_matrix(column_major)\n"
ODD = ("#pragma pack_matrix( row_major )", "#pragma pack_matrix(ROW_MAJOR)", "#pragma pack_matrix(rowmajor)",
       "#pragma pack_matrix row_major", "#pragma pack_matrix()", "#pragma pack_matrix(row_major) extra",
       "#pragma PACK_MATRIX(row_major)", "#pragma pack_matrix(row_major, column_major)")


def pack_program(p: dict) -> str:
    g = p.get
    return (g("top", "") + "typedef float4x4 T;\n" + g("after_typedef", "") + "struct S {\n" + g("in_struct_before", "")
            + " float2x3 m;\n" + g("in_struct_after", "") + "};\n" + g("before_vars", "") + "float4x4 a;\n"
            + g("between", "") + "float3x2 b;\nT t;\nS s;\nfloat4x4 arr[2];\n" + "cbuffer CB {\n" + g("cb_top", "")
            + " float4x4 c1;\n" + g("cb_mid", "") + " float2x3 c2;\n struct { float3x4 m; } n;\n}\n"
            + g("before_main", "") + PACK_USE)


def pack_source(case: str) -> str:
    if case == "none":
        return pack_program({})
    if case == "in_function":
        return "float helper() {\n#pragma pack_matrix(row_major)\n return 1; }\n" + pack_program({})
    if case.startswith("odd:"):
        return pack_program({"top": case[4:] + "\n"})
    parts = {}
    for part in case.split("+"):
        pos, way = part.split(":")
        parts[pos] = ROW if way == "row" else COL
    return pack_program(parts)

#: type -> modifier -> fxc's verdicts at MAJORITY_SITES in order
MAJORITY_VERDICTS = {
    'float4x4': {
        '': 'YYYYYYYYYY',
        'row_major': 'YYYYYYYYYY',
        'column_major': 'YYYYYYYYYY',
        'row_major column_major': 'nnnnnnnnnn',
        'row_major row_major': 'nnnnnnnnnn',
        'column_major row_major': 'nnnnnnnnnn',
    },
    'float3x2': {
        '': 'YYYYYYYYYY',
        'row_major': 'YYYYYYYYYY',
        'column_major': 'YYYYYYYYYY',
        'row_major column_major': 'nnnnnnnnnn',
        'row_major row_major': 'nnnnnnnnnn',
        'column_major row_major': 'nnnnnnnnnn',
    },
    'float4': {
        '': 'YYYYYYYYYY',
        'row_major': 'nnnnnnnnnn',
        'column_major': 'nnnnnnnnnn',
        'row_major column_major': 'nnnnnnnnnn',
        'row_major row_major': 'nnnnnnnnnn',
        'column_major row_major': 'nnnnnnnnnn',
    },
    'float': {
        '': 'YYYYYYYYYY',
        'row_major': 'nnnnnnnnnn',
        'column_major': 'nnnnnnnnnn',
        'row_major column_major': 'nnnnnnnnnn',
        'row_major row_major': 'nnnnnnnnnn',
        'column_major row_major': 'nnnnnnnnnn',
    },
    'S': {
        '': 'YYYYYYYYYY',
        'row_major': 'nnnnnnnnnn',
        'column_major': 'nnnnnnnnnn',
        'row_major column_major': 'nnnnnnnnnn',
        'row_major row_major': 'nnnnnnnnnn',
        'column_major row_major': 'nnnnnnnnnn',
    },
    'float2x2': {
        '': 'YYYYYYYYYY',
        'row_major': 'YYYYYYYYYY',
        'column_major': 'YYYYYYYYYY',
        'row_major column_major': 'nnnnnnnnnn',
        'row_major row_major': 'nnnnnnnnnn',
        'column_major row_major': 'nnnnnnnnnn',
    },
}
#: (case, compile flags, the majority fxc reflects for a, b, t, s.m, arr, c1, c2, n.m: R rows, C columns)
PACK_CASES = [
    ('none', 0, 'CCCCCCCC'),
    ('top:row', 0, 'RRRRRRRR'),
    ('top:col', 0, 'CCCCCCCC'),
    ('after_typedef:row', 0, 'RRRRRRRR'),
    ('after_typedef:col', 0, 'CCCCCCCC'),
    ('in_struct_before:row', 0, 'RRRRRRRR'),
    ('in_struct_before:col', 0, 'CCCCCCCC'),
    ('in_struct_after:row', 0, 'RRRCRRRR'),
    ('in_struct_after:col', 0, 'CCCCCCCC'),
    ('before_vars:row', 0, 'RRRCRRRR'),
    ('before_vars:col', 0, 'CCCCCCCC'),
    ('between:row', 0, 'CRRCRRRR'),
    ('between:col', 0, 'CCCCCCCC'),
    ('cb_top:row', 0, 'CCCCCRRR'),
    ('cb_top:col', 0, 'CCCCCCCC'),
    ('cb_mid:row', 0, 'CCCCCCRR'),
    ('cb_mid:col', 0, 'CCCCCCCC'),
    ('before_main:row', 0, 'CCCCCCCC'),
    ('before_main:col', 0, 'CCCCCCCC'),
    ('top:row+between:col', 0, 'RCRRCCCC'),
    ('top:col+cb_mid:row', 0, 'CCCCCCRR'),
    ('odd:#pragma pack_matrix( row_major )', 0, 'RRRRRRRR'),
    ('odd:#pragma pack_matrix(ROW_MAJOR)', 0, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix(rowmajor)', 0, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix row_major', 0, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix()', 0, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix(row_major) extra', 0, 'CCCCCCCC'),
    ('odd:#pragma PACK_MATRIX(row_major)', 0, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix(row_major, column_major)', 0, 'CCCCCCCC'),
    ('none', 8, 'RRRRRRRR'),
    ('top:row', 8, 'RRRRRRRR'),
    ('top:col', 8, 'CCCCCCCC'),
    ('after_typedef:row', 8, 'RRRRRRRR'),
    ('after_typedef:col', 8, 'CCRCCCCC'),
    ('in_struct_before:row', 8, 'RRRRRRRR'),
    ('in_struct_before:col', 8, 'CCRCCCCC'),
    ('in_struct_after:row', 8, 'RRRRRRRR'),
    ('in_struct_after:col', 8, 'CCRRCCCC'),
    ('before_vars:row', 8, 'RRRRRRRR'),
    ('before_vars:col', 8, 'CCRRCCCC'),
    ('between:row', 8, 'RRRRRRRR'),
    ('between:col', 8, 'RCRRCCCC'),
    ('cb_top:row', 8, 'RRRRRRRR'),
    ('cb_top:col', 8, 'RRRRRCCC'),
    ('cb_mid:row', 8, 'RRRRRRRR'),
    ('cb_mid:col', 8, 'RRRRRRCC'),
    ('before_main:row', 8, 'RRRRRRRR'),
    ('before_main:col', 8, 'RRRRRRRR'),
    ('top:row+between:col', 8, 'RCRRCCCC'),
    ('top:col+cb_mid:row', 8, 'CCCCCCRR'),
    ('odd:#pragma pack_matrix( row_major )', 8, 'RRRRRRRR'),
    ('odd:#pragma pack_matrix(ROW_MAJOR)', 8, 'RRRRRRRR'),
    ('odd:#pragma pack_matrix(rowmajor)', 8, 'RRRRRRRR'),
    ('odd:#pragma pack_matrix row_major', 8, 'RRRRRRRR'),
    ('odd:#pragma pack_matrix()', 8, 'RRRRRRRR'),
    ('odd:#pragma pack_matrix(row_major) extra', 8, 'RRRRRRRR'),
    ('odd:#pragma PACK_MATRIX(row_major)', 8, 'RRRRRRRR'),
    ('odd:#pragma pack_matrix(row_major, column_major)', 8, 'RRRRRRRR'),
    ('none', 16, 'CCCCCCCC'),
    ('top:row', 16, 'RRRRRRRR'),
    ('top:col', 16, 'CCCCCCCC'),
    ('after_typedef:row', 16, 'RRCRRRRR'),
    ('after_typedef:col', 16, 'CCCCCCCC'),
    ('in_struct_before:row', 16, 'RRCRRRRR'),
    ('in_struct_before:col', 16, 'CCCCCCCC'),
    ('in_struct_after:row', 16, 'RRCCRRRR'),
    ('in_struct_after:col', 16, 'CCCCCCCC'),
    ('before_vars:row', 16, 'RRCCRRRR'),
    ('before_vars:col', 16, 'CCCCCCCC'),
    ('between:row', 16, 'CRCCRRRR'),
    ('between:col', 16, 'CCCCCCCC'),
    ('cb_top:row', 16, 'CCCCCRRR'),
    ('cb_top:col', 16, 'CCCCCCCC'),
    ('cb_mid:row', 16, 'CCCCCCRR'),
    ('cb_mid:col', 16, 'CCCCCCCC'),
    ('before_main:row', 16, 'CCCCCCCC'),
    ('before_main:col', 16, 'CCCCCCCC'),
    ('top:row+between:col', 16, 'RCRRCCCC'),
    ('top:col+cb_mid:row', 16, 'CCCCCCRR'),
    ('odd:#pragma pack_matrix( row_major )', 16, 'RRRRRRRR'),
    ('odd:#pragma pack_matrix(ROW_MAJOR)', 16, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix(rowmajor)', 16, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix row_major', 16, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix()', 16, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix(row_major) extra', 16, 'CCCCCCCC'),
    ('odd:#pragma PACK_MATRIX(row_major)', 16, 'CCCCCCCC'),
    ('odd:#pragma pack_matrix(row_major, column_major)', 16, 'CCCCCCCC'),
    ('in_function', 0, 'RRRRRRRR'),
]


def _verdict(src: str, flags: int = 0) -> bool:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags)
    except ShaderCompileError:
        return False
    return True


def _majority_rows():
    for t, mods in MAJORITY_VERDICTS.items():
        for m, verdicts in mods.items():
            for site, want in zip(MAJORITY_SITES, verdicts, strict=True):
                mm = m + " " if m else ""
                yield (site, m, t), PRE + MAJORITY_SITES[site].format(m=mm, t=t, ix=INDEX[t]), want


def reflected_majorities(blob: bytes) -> str:
    """R or C for each matrix the constant buffers hold (members of structs included), in order."""
    r = D3DReflect(blob)
    out = []

    def walk(t) -> None:
        d = t.GetDesc()
        if d.Class in (2, 3):  # D3D_SVC_MATRIX_ROWS, D3D_SVC_MATRIX_COLUMNS (d3dcommon.h)
            out.append("R" if d.Class == 2 else "C")
        for i in range(d.Members):
            walk(t.GetMemberTypeByIndex(i))

    for i in range(r.GetDesc().ConstantBuffers):
        cb = r.GetConstantBufferByIndex(i)
        for j in range(cb.GetDesc().Variables):
            walk(cb.GetVariableByIndex(j).GetType())
    return "".join(out)


def _error(src: str) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    except ShaderCompileError as e:
        return e.errors
    return ""


def fxc_number(mods: str, type_: str) -> int:
    """fxc 10.1's error number for a failing MAJORITY_VERDICTS row (the same at all ten sites, recorded): a
    modifier written twice X3048, otherwise a non-matrix X3077 and both majorities on a matrix X3048."""
    words = mods.split()
    if len(words) == 2 and words[0] == words[1]:
        return 3048
    return 3048 if type_ in ("float4x4", "float3x2", "float2x2") else 3077


@compile_only
@pytest.mark.parametrize("type_", MAJORITY_VERDICTS)
def test_majority_modifiers_at_every_site(type_):
    bad = []
    for key, src, want in _majority_rows():
        if key[2] != type_:
            continue
        err = _error(src)
        if (not err) != (want == "Y"):
            bad.append(f"{key}: fxc {'compiles' if want == 'Y' else 'fails'}\n{src}")
        elif err and f"X{fxc_number(key[1], type_)}" not in err:
            bad.append(f"{key}: fxc's X{fxc_number(key[1], type_)}, here {err.strip()}")
    assert not bad, "\n".join(bad)


#: a majority written on a typedef name: (program, fxc 10.1's error number or None)
TYPEDEF_MAJORITY = [
    ("typedef row_major float4x4 M; row_major M g;", None),
    ("typedef float4x4 M; row_major M g;", None),
    ("typedef float4x4 M; column_major M g;", None),
    ("typedef column_major float4x4 M; row_major M g;", 3048),
    ("typedef row_major float4x4 M; column_major M g;", 3048),
]


@compile_only
@pytest.mark.parametrize("decl,number", TYPEDEF_MAJORITY)
def test_majority_on_a_typedef_name(decl, number):
    err = _error(decl + "\nfloat4 main() : SV_Target { return g[0]; }")
    assert (f"X{number}" in err) if number else not err, err


@compile_only
@pytest.mark.parametrize("case,flags,want", PACK_CASES, ids=[f"{c}|{f}" for c, f, _ in PACK_CASES])
def test_pack_matrix_by_position_and_flag(case, flags, want):
    blob = D3DCompile(pack_source(case), None, "t.hlsl", None, None, "main", "ps_5_0", flags)
    assert reflected_majorities(blob) == want


_LIVE = wine_d3dcompiler.unavailable_reason()


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47 re-check: {_LIVE}")
def test_recorded_answers_match_the_live_dll():
    real = wine_d3dcompiler.shared()
    bad = [k for k, s, w in _majority_rows() if real.compile(s, "ps_5_0", "main").ok != (w == "Y")]
    for case, flags, want in PACK_CASES:
        got = real.compile(pack_source(case), "ps_5_0", "main", flags)
        if not got.ok or reflected_majorities(got.blob) != want:
            bad.append((case, flags))
    assert not bad, bad
