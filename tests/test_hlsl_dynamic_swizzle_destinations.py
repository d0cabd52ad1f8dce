"""A swizzle, member or further index of an element picked by a run-time index, as an assignment destination
(issue 15, helper HL10): ``m[i].x = v``, ``m[i].yz += v``, ``m[i].zyx[j] = v``, ``a[i].x = v``, ``s[i].f = v``.

HLSL's ``m[i]`` names the logical row ``i`` of a matrix whatever its packing, ``a[i]`` element ``i`` of an
array; a swizzle of it names those components in the order written (MicrosoftDocs direct3dhlsl "Per-Component
Math Operations": a write mask may list each component once, in any order). fxc compiles a write through a
run-time index into an array anywhere (an indexable temp); one into a vector or matrix only where unrolling the
enclosing loop makes the index a literal: outside a loop X3500, inside one whose copies keep a run-time index
X3500 (literal bound) or X3511 "forced to unroll loop, but unrolling failed" (run-time bound) — the verdicts of
Microsoft's d3dcompiler_47 10.1, recorded under Wine in session 35 (:data:`FXC_REFUSES`; before that this file
assumed fxc compiled them all). A repeated component in a destination mask is X3025. Each shader fills a local, writes it in a loop whose bound
is the run-time ``q.w`` and reads every element back packed one row per word (8 bits a component); the
expected words are computed here in Python from that definition."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_language_kit import Case, run_case

from pyd3d11.errors import NotSupportedError, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

PARAMS = [[0, 1, 0, 1], [1, 2, 0, 2], [2, 0, 0, 3], [1, 1, 0, 0], [0, 2, 0, 4]]  # q.x row, q.y col, q.w count
SWZ = {"x": 0, "y": 1, "z": 2, "w": 3, "r": 0, "g": 1, "b": 2, "a": 3}


def init(rows: int, cols: int) -> np.ndarray:
    return np.array([[10 * r + c for c in range(cols)] for r in range(rows)], np.int64)


def packed(m: np.ndarray) -> list[int]:
    """Row ``n`` of ``m`` as one word, component ``c`` in bits 8c..8c+7 (every value here is below 256)."""
    out = [sum(int(v) << (8 * c) for c, v in enumerate(row)) for row in m]
    return out + [0] * (4 - len(out))


#: (name, HLSL loop statement with R = rows, C = cols, model(m, q, k) applied per iteration). ``i`` and ``j``
#: are the run-time row and column of iteration k.
def _ops(rows: int, cols: int):
    i, j = f"(q.x + k) % {rows}", f"(q.y + k) % {cols}"

    def row_i(q, k):
        return (q[0] + k) % rows

    def col_j(q, k):
        return (q[1] + k) % cols

    def swz_set(name, vals):
        def f(m, q, k):
            for n, ch in enumerate(name):
                m[row_i(q, k)][SWZ[ch]] = vals(k)[n] if isinstance(vals(k), list) else vals(k)
        return f

    ops = [
        ("x_set", f"m[{i}].x = 100 + k;", swz_set("x", lambda k: 100 + k)),
        ("y_step", f"m[{i}].y++;", lambda m, q, k: m[row_i(q, k)].__setitem__(1, m[row_i(q, k)][1] + 1)),
        ("rgba_set", f"m[{i}].g = 150 + k;", swz_set("g", lambda k: 150 + k)),
    ]
    if cols >= 2:
        def yx_add(m, q, k):
            r = row_i(q, k)
            m[r][1] += 50 + k
            m[r][0] += 60
        ops.append(("yx_add", f"m[{i}].yx += int2(50 + k, 60);", yx_add))
        ops.append(("xy_splat", f"m[{i}].xy = 120 + k;", swz_set("xy", lambda k: 120 + k)))
    if cols >= 3:
        ops.append(("zx_set", f"m[{i}].zx = int2(200 + k, 201 + k);", swz_set("zx", lambda k: [200 + k, 201 + k])))

        def swz_dyn(m, q, k):  # .zyx[j]: component (2 - j) of row i, j < 3
            jj = (q[1] + k) % 3
            m[row_i(q, k)][2 - jj] = 90 + k
        ops.append(("zyx_dyn", f"m[{i}].zyx[(q.y + k) % 3] = 90 + k;", swz_dyn))

        def swz_lit(m, q, k):  # .zy[1]: component y of row i, a literal index into the swizzle
            m[row_i(q, k)][1] += 3
        ops.append(("zy_lit_add", f"m[{i}].zy[1] += 3;", swz_lit))

    def elem_x(m, q, k):  # [j].x: the one component j of row i
        m[row_i(q, k)][col_j(q, k)] = 70 + k
    ops.append(("elem_x", f"m[{i}][{j}].x = 70 + k;", elem_x))
    return ops


def _cases():
    cases = []
    shapes = [("float", 3, 3), ("int", 2, 4), ("uint", 4, 2), ("float", 4, 4)]
    for tn, rows, cols in shapes:
        vals = ", ".join(str(10 * r + c) for r in range(rows) for c in range(cols))
        read = "".join(
            f"  r[{n}] = " + " | ".join(f"((uint)X[{n}][{c}] << {8 * c})" for c in range(cols)) + ";\n"
            for n in range(rows))
        holders = [(major or "default", f"  {major} {tn}{rows}x{cols} m = {{{vals}}};\n")
                   for major in ("", "row_major", "column_major")]
        holders.append(("array", f"  {tn}{cols} m[{rows}] = {{{vals}}};\n"))
        for hname, decl in holders:
            if hname in ("row_major", "column_major") and (tn, rows, cols) != ("float", 3, 3) and \
                    (tn, rows, cols) != ("int", 2, 4):
                continue  # packing is checked on two shapes; the others run the default
            for oname, stmt, model in _ops(rows, cols):
                body = decl + f"  for (int k = 0; k < q.w; k++) {{\n    {stmt.replace('int2', tn + '2')}\n  }}\n" \
                    + read.replace("X", "m")
                expect = []
                for q in PARAMS:
                    m = init(rows, cols)
                    for k in range(q[3]):
                        model(m, q, k)
                    expect.append(packed(m))
                cases.append(Case(f"{hname}_{tn}{rows}x{cols}_{oname}", body, PARAMS, expect,
                                  runtime_only="fxc rejects a run-time destination index outside a loop"))
    # an array of structs: a member of the element picked at run time, and a swizzle of a vector member
    body = ("  struct S { float a; int2 b; };\n  S s[3] = {1, 2, 3, 4, 5, 6, 7, 8, 9};\n"
            "  for (int k = 0; k < q.w; k++) {\n    s[(q.x + k) % 3].a += 10;\n"
            "    s[(q.x + k) % 3].b.y = 100 + k;\n  }\n"
            "  for (int n = 0; n < 3; n++) r[n] = (uint)s[n].a | ((uint)s[n].b.x << 8) | ((uint)s[n].b.y << 16);\n")
    expect = []
    for q in PARAMS:
        s = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
        for k in range(q[3]):
            s[(q[0] + k) % 3][0] += 10
            s[(q[0] + k) % 3][2] = 100 + k
        expect.append([a | (b << 8) | (c << 16) for a, b, c in s] + [0])
    cases.append(Case("struct_array_member", body, PARAMS, expect, runtime_only="loop"))
    # a literal trip count unrolls, but the index stays a run-time value: the copies write through selects
    body = ("  int2x3 m = {1, 2, 3, 4, 5, 6};\n  for (int k = 0; k < 3; k++) {\n    m[q.x % 2].zx += int2(k, 10);\n"
            "    m[(q.y + k) % 2][k].x++;\n  }\n"
            "  r.x = m[0][0] | (m[0][1] << 8) | (m[0][2] << 16);\n  r.y = m[1][0] | (m[1][1] << 8) | (m[1][2] << 16);\n")
    expect = []
    for q in PARAMS:
        m = [[1, 2, 3], [4, 5, 6]]
        for k in range(3):
            m[q[0] % 2][2] += k
            m[q[0] % 2][0] += 10
            m[(q[1] + k) % 2][k] += 1
        expect.append([m[0][0] | m[0][1] << 8 | m[0][2] << 16, m[1][0] | m[1][1] << 8 | m[1][2] << 16, 0, 0])
    cases.append(Case("literal_loop_runtime_index", body, PARAMS, expect))
    # out / inout arguments through such a destination: written back when the call returns (MicrosoftDocs
    # "Function Parameters": out copies the parameter's last value back to the argument)
    outs = "void setv(out int2 o, int v) { o = int2(v, v + 1); }\nvoid bump(inout int x) { x += 100; }\n"
    out_params = [[0, 1, 0, 2], [1, 2, 0, 3], [2, 0, 0, 1]]
    body = ("  int3x3 m = 0;\n  for (int k = 0; k < q.w; k++) setv(m[(q.x + k) % 3].zx, k + 1);\n"
            "  r = uint4(m[0].x | (m[0].z << 8), m[1].x | (m[1].z << 8), m[2].x | (m[2].z << 8), 0);\n")
    expect = []
    for q in out_params:
        m = [[0] * 3 for _ in range(3)]
        for k in range(q[3]):
            row = m[(q[0] + k) % 3]
            row[2], row[0] = k + 1, k + 2
        expect.append([row[0] | row[2] << 8 for row in m] + [0])
    cases.append(Case("out_argument_swizzle", body, out_params, expect, decls=outs, runtime_only="loop"))
    body = ("  int3 a[3] = {0, 0, 0, 0, 0, 0, 0, 0, 0};\n  int2x3 m = 0;\n  for (int k = 0; k < q.w; k++) {\n"
            "    bump(a[(q.x + k) % 3].y);\n    bump(m[(q.x + k) % 2][q.y]);\n  }\n"
            "  r = uint4(a[0].y | (a[1].y << 12) | (a[2].y << 24), m[0][0] | (m[0][1] << 12) | (m[0][2] << 24),"
            " m[1][0] | (m[1][1] << 12) | (m[1][2] << 24), 0);\n")
    expect = []
    for q in out_params:
        a = [0, 0, 0]
        m = [[0] * 3 for _ in range(2)]
        for k in range(q[3]):
            a[(q[0] + k) % 3] += 100
            m[(q[0] + k) % 2][q[1]] += 100
        expect.append([a[0] | a[1] << 12 | a[2] << 24, m[0][0] | m[0][1] << 12 | m[0][2] << 24,
                       m[1][0] | m[1][1] << 12 | m[1][2] << 24, 0])
    cases.append(Case("inout_argument_component", body, out_params, expect, decls=outs, runtime_only="loop"))
    # a static global matrix, and an array of matrices picked at run time twice (``am[j][i].zx``)
    holders = {"static": ("  sm = 0;\n", "sm[{i}]", "sm[{n}]"),
               "matrix_array": ("  int3x3 am[2] = (int3x3[2])0;\n", "am[q.y % 2][{i}]", "am[q.y % 2][{n}]")}
    for hname, (init_stmt, dst, src) in holders.items():
        body = (init_stmt + "  for (int k = 0; k < q.w; k++) " + dst.format(i="(q.x + k) % 3")
                + ".zx = int2(k + 1, 7);\n"
                + "".join(f"  r[{n}] = {src.format(n=n)}.x | ({src.format(n=n)}.z << 8);\n" for n in range(3)))
        expect = []
        for q in PARAMS:
            m = [[0] * 3 for _ in range(3)]
            for k in range(q[3]):
                m[(q[0] + k) % 3][2], m[(q[0] + k) % 3][0] = k + 1, 7
            expect.append([row[0] | row[2] << 8 for row in m] + [0])
        cases.append(Case(f"{hname}_zx", body, PARAMS, expect, decls="static int3x3 sm;\n", runtime_only="loop"))
    # an array is addressable in fxc (an indexable temp): an inout array parameter written through a run-time
    # index and a swizzle compiles even under [loop], which forbids the unroll a vector or matrix would need
    decls = ("void put(inout int3 a[3], int n, int w) {\n"
             "  [loop] for (int k = 0; k < w; k++) { a[(n + k) % 3].zy = int2(k + 1, 9); a[(n + k) % 3].x++; }\n}\n")
    body = ("  int3 a[3] = {1, 2, 3, 4, 5, 6, 7, 8, 9};\n  put(a, q.x, q.w);\n"
            + "".join(f"  r[{n}] = a[{n}].x | (a[{n}].y << 8) | (a[{n}].z << 16);\n" for n in range(3)))
    expect = []
    for q in PARAMS:
        a = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
        for k in range(q[3]):
            e = a[(q[0] + k) % 3]
            e[2], e[1] = k + 1, 9
            e[0] += 1
        expect.append([e[0] | e[1] << 8 | e[2] << 16 for e in a] + [0])
    cases.append(Case("loop_attribute_array_parameter", body, PARAMS, expect, decls=decls))
    # ... and outside any loop (fxc copies the parameter to an indexable temp)
    decls = ("void put(inout int3 a[3], int n) { a[n].y = 50; a[(n + 1) % 3] = 1; }\n"
             "void put2(out int a[3], int n) { a[0] = 0; a[1] = 0; a[2] = 0; a[n] = 7; }\n")
    body = ("  int3 a[3] = {1, 2, 3, 4, 5, 6, 7, 8, 9};\n  put(a, q.x % 3);\n  int c[3];\n  put2(c, q.y % 3);\n"
            + "".join(f"  r[{n}] = a[{n}].y | (a[{n}].x << 8) | (a[{n}].z << 16);\n" for n in range(3))
            + "  r.w = c[0] | (c[1] << 8) | (c[2] << 16);\n")
    expect = []
    for q in PARAMS:
        a = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
        a[q[0] % 3][1] = 50
        a[(q[0] % 3 + 1) % 3] = [1, 1, 1]
        c = [0, 0, 0]
        c[q[1] % 3] = 7
        expect.append([e[1] | e[0] << 8 | e[2] << 16 for e in a] + [c[0] | c[1] << 8 | c[2] << 16])
    cases.append(Case("array_parameter_outside_loop", body, PARAMS, expect, decls=decls))
    # an array member of a struct element (the array of structs lives in an indexable temp, its member array not
    # evenly spaced there): a run-time index into it, under a literal or a run-time element index, loop or not
    decls = "struct SA { int arr[3]; int2 v; };\n"
    body = ("  SA s[2] = (SA[2])0;\n  s[1].arr[q.y % 3] = 10;\n  s[q.x % 2].arr[q.y % 3] += 5;\n"
            "  s[0].arr[(q.x + 1) % 3]++;\n  for (int k = 0; k < q.w; k++) s[(q.x + k) % 2].arr[(q.y + k) % 3] += 40;\n"
            + "".join(f"  r[{n}] = s[{n}].arr[0] | (s[{n}].arr[1] << 8) | (s[{n}].arr[2] << 16);\n" for n in range(2)))
    expect = []
    for q in PARAMS:
        a = [[0, 0, 0], [0, 0, 0]]
        a[1][q[1] % 3] = 10
        a[q[0] % 2][q[1] % 3] += 5
        a[0][(q[0] + 1) % 3] += 1
        for k in range(q[3]):
            a[(q[0] + k) % 2][(q[1] + k) % 3] += 40
        expect.append([e[0] | e[1] << 8 | e[2] << 16 for e in a] + [0, 0])
    cases.append(Case("struct_element_array_member", body, PARAMS, expect, decls=decls))
    cases += _groupshared_cases()
    return cases


def _groupshared_cases():
    """A swizzle of a groupshared matrix row picked at run time: memory is addressable, so no loop is needed;
    each swizzled component is stored at its own word (one thread per case: the memory is the group's)."""
    out = []
    decls = ("groupshared int3x3 gsm;\ngroupshared column_major int3x3 gcm;\ngroupshared row_major int3x3 grm;\n"
             "groupshared double2x2 gd;\n")
    for q in ([1, 2, 0, 3], [2, 0, 1, 2]):
        for name in ("gsm", "gcm", "grm"):
            body = (f"  {name} = 0;\n  {name}[q.x].zx = int2(q.w, 7);\n  {name}[q.y].y += 5;\n"
                    f"  {name}[q.z].zy[1] += 20;\n"
                    f"  for (int k = 0; k < q.w; k++) {name}[(q.x + k) % 3].xz += int2(1, 100);\n"
                    + "".join(f"  r[{n}] = {name}[{n}].x | ({name}[{n}].y << 8) | ({name}[{n}].z << 16);\n"
                              for n in range(3)))
            m = [[0] * 3 for _ in range(3)]
            m[q[0]][2], m[q[0]][0] = q[3], 7
            m[q[1]][1] += 5
            m[q[2]][1] += 20
            for k in range(q[3]):
                m[(q[0] + k) % 3][0] += 1
                m[(q[0] + k) % 3][2] += 100
            out.append(Case(f"groupshared_{name}_{q[0]}{q[1]}{q[2]}{q[3]}", body, [q],
                            [[row[0] | row[1] << 8 | row[2] << 16 for row in m] + [0]], decls=decls))
        body = ("  gd = 0;\n  gd[q.x].yx = double2(1.5, 2.5);\n"
                "  r = uint4(gd[0].x * 2, gd[0].y * 2, gd[1].x * 2, gd[1].y * 2);\n")
        m = [[0.0, 0.0], [0.0, 0.0]]
        m[q[0] % 2][1], m[q[0] % 2][0] = 1.5, 2.5
        out.append(Case(f"groupshared_double_{q[0]}", body.replace("q.x", "(q.x % 2)"), [q],
                        [[int(m[0][0] * 2), int(m[0][1] * 2), int(m[1][0] * 2), int(m[1][1] * 2)]], decls=decls))
    return out


CASES = _cases()

#: the cases d3dcompiler_47 10.1 refuses, with its first error (recorded under Wine, session 35): every loop form
#: whose destination keeps a run-time index into a matrix or vector (the holders other than ``array``, and the
#: array's ``[j]``-component forms ``zyx_dyn`` / ``elem_x``), the argument forms and the static / matrix-array
#: holders; the literal-bound loop whose index stays a run-time value is X3500 (the others X3511)
FXC_REFUSES = {c.name: "X3500" if c.name == "literal_loop_runtime_index" else "X3511" for c in CASES
               if (c.name.split("_")[0] in ("default", "row", "column") or c.name.endswith(("zyx_dyn", "elem_x"))
                   or c.name in ("out_argument_swizzle", "inout_argument_component", "static_zx",
                                 "matrix_array_zx", "literal_loop_runtime_index"))
               and not c.name.startswith("groupshared")}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_swizzle_of_runtime_picked_element_as_destination(case):
    if case.name in FXC_REFUSES:
        with pytest.raises(ShaderCompileError) as e:
            run_case(case)
        assert FXC_REFUSES[case.name] in e.value.errors, e.value.errors
        return
    run_case(case)


def test_recorded_verdicts_count():
    """81 of the 119 cases are refused by fxc (the DLL's count when recorded)."""
    assert len(CASES) == 119 and len(FXC_REFUSES) == 81


CS = ("{decls}\nRWStructuredBuffer<uint4> R; StructuredBuffer<int4> Q;\n[numthreads(1, 1, 1)] void main(uint3 t : "
      "SV_DispatchThreadID) {{ int4 q = Q[t.x]; uint4 r = 0;\n{body}\n R[t.x] = r; }}")

#: (name, declarations, body, fxc's error code)
ERRORS = [
    # outside a loop fxc has no unrolling to make the index literal: "not natively addressable" (X3500)
    ("outside_loop_matrix", "", "float3x3 m = 0; m[q.x].x = 1; r.x = m[0].x;", "X3500"),
    ("outside_loop_matrix_yz", "", "float3x3 m = 0; m[q.x].yz += 1; r.x = m[0].x;", "X3500"),
    ("outside_loop_vector", "", "float4 v = 0; v[q.x] = 1; r.x = v.x;", "X3500"),
    # [loop] forbids the unroll fxc needs (tests/test_hlsl_dynindex.py has the literal-bound form): X3531
    # "can't unroll loops marked with loop attribute" (d3dcompiler_47 10.1, session 35)
    ("loop_attribute", "", "float3x3 m = 0; [loop] for (int k = 0; k < q.w; k++) m[q.x].y = 1; r.x = m[0].x;",
     "X3531"),
    # a destination mask names each component once (MicrosoftDocs: write masks)
    ("repeated_component", "", "float3x3 m = 0; for (int k = 0; k < q.w; k++) m[q.x].xx = 1; r.x = m[0].x;",
     "X3025"),
    ("repeated_component_array", "",
     "float3 a[2] = {0, 0, 0, 0, 0, 0}; for (int k = 0; k < q.w; k++) a[q.x].zz = 1; r.x = a[0].x;", "X3025"),
    # components the row has not
    ("no_such_component", "", "float3x3 m = 0; for (int k = 0; k < q.w; k++) m[q.x].w = 1; r.x = m[0].x;",
     "X3018"),
    ("mixed_sets", "", "float3x3 m = 0; for (int k = 0; k < q.w; k++) m[q.x].xg = 1; r.x = m[0].x;", "X3018"),
    # a component is a scalar: it takes no further index
    ("index_of_scalar", "", "float3x3 m = 0; for (int k = 0; k < q.w; k++) m[q.x][q.y][0] = 1; r.x = m[0].x;",
     "X3121"),
    # a uniform (a global in a cbuffer) is no destination, however it is indexed
    ("uniform_matrix", "float3x3 gm;", "for (int k = 0; k < q.w; k++) gm[q.x].x = 1; r.x = gm[0].x;", "X3025"),
    ("uniform_array", "float4 ga[3];", "for (int k = 0; k < q.w; k++) ga[q.x].yz = 1; r.x = ga[0].x;", "X3025"),
    ("const_local", "", "const float3x3 m = 0; for (int k = 0; k < q.w; k++) m[q.x].x = 1; r.x = m[0].x;",
     "X3025"),
    # groupshared: a repeated component, a literal index past the swizzle
    ("groupshared_repeated", "groupshared int3x3 g;", "g[q.x].zz = 9; r.x = g[0].x;", "X3025"),
    ("groupshared_swizzle_bounds", "groupshared int3x3 g;", "g[q.x].zy[2] = 9; r.x = g[0].x;", "X3504"),
    # a vector index
    ("vector_index", "", "float3x3 m = 0; for (int k = 0; k < q.w; k++) m[q.x].zyx[q.xy] = 1; r.x = m[0].x;",
     "X3120"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("name", "decls", "body", "code"), ERRORS, ids=[e[0] for e in ERRORS])
def test_swizzled_dynamic_destination_errors(name, decls, body, code):
    """Each rule's error code, fxc's for the case (see the module docstring)."""
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(CS.format(decls=decls, body=body), None, "t.hlsl", None, None, "main", "cs_5_0")
    assert code in e.value.errors, e.value.errors


@pytest.mark.backend_independent
def test_runtime_index_into_a_swizzle_of_a_memory_row_is_not_supported():
    """``g[i].zy[j] = v`` with both run-time: not built, refused by name (never a wrong store)."""
    with pytest.raises(NotSupportedError, match="swizzle of a memory row"):
        D3DCompile(CS.format(decls="groupshared int3x3 g;", body="g[q.x].zy[q.y] = 9; r.x = g[0].x;"), None,
                   "t.hlsl", None, None, "main", "cs_5_0")
