"""Run one HLSL expression over typed arguments on the selected shader backend, two ways (issue 15's docs-driven
hunt, tests/test_hlsl_docs_intrinsics_*.py):

* ``run_expr``: the arguments arrive at run time (vertex-shader inputs carrying raw bits, one lane per case), so
  the expression is executed by the backend;
* ``fold_expr``: the arguments are written as literals, one case per output register, so the compiler's constant
  folder computes what it can and the backend runs the rest.

Both return each case's result as raw uint32 words (row-major for matrices, two words per double, bool as 0/1),
so the caller compares them with an independent numpy evaluation of the Microsoft page's definition. Type names:
``float``/``int``/``uint``/``bool``/``double`` with a layout suffix (``3``, ``2x3``)."""

from __future__ import annotations

import re
from functools import cache

import numpy as np
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

_TYPE = re.compile(r"^(float|int|uint|bool|double|half)(?:([1-4])(?:x([1-4]))?)?$")
XYZW = "xyzw"


def parse_type(t: str) -> tuple[str, int, int, bool]:
    """(base, rows, cols, is_matrix); a vector ``floatN`` is (float, 1, N, False), a scalar (base, 1, 1, False)."""
    m = _TYPE.match(t)
    if not m:
        raise ValueError(t)
    base, a, b = m.group(1), m.group(2), m.group(3)
    if b:
        return base, int(a), int(b), True
    return base, 1, int(a) if a else 1, False


def comps(t: str) -> int:
    _, r, c, _ = parse_type(t)
    return r * c


def words(t: str) -> int:
    """uint32 words one value of type ``t`` occupies in the raw form."""
    base = parse_type(t)[0]
    return comps(t) * (2 if base == "double" else 1)


def _index(t: str, k: int) -> str:
    _, r, c, mat = parse_type(t)
    if mat:
        return f"[{k // c}][{k % c}]"
    return "" if r * c == 1 and not _TYPE.match(t).group(2) else f".{XYZW[k]}"


def _word_exprs(t: str, v: str) -> list[str]:
    """HLSL expressions of the raw words of value ``v`` of type ``t`` (row-major; doubles lo, hi)."""
    base = parse_type(t)[0]
    out = []
    for k in range(comps(t)):
        e = f"{v}{_index(t, k)}"
        if base == "double":
            out += [f"_lo({e})", f"_hi({e})"]
        elif base == "bool":
            out.append(f"({e} ? 1u : 0u)")
        else:
            out.append(f"asuint({e})")
    return out


_HELPERS = """
uint _lo(double d) { uint lo, hi; asuint(d, lo, hi); return lo; }
uint _hi(double d) { uint lo, hi; asuint(d, lo, hi); return hi; }
"""


def _load(t: str, w: list[str]) -> str:
    """An HLSL expression of type ``t`` rebuilt from raw word expressions ``w``."""
    base = parse_type(t)[0]
    if base == "double":
        parts = [f"asdouble({w[2 * k]}, {w[2 * k + 1]})" for k in range(comps(t))]
    elif base == "bool":
        parts = [f"({x} != 0u)" for x in w]
    elif base in ("float", "half"):
        parts = [f"asfloat({x})" for x in w]
    elif base == "int":
        parts = [f"asint({x})" for x in w]
    else:
        parts = list(w)
    return f"{t}({', '.join(parts)})"


def _literal(t: str, raw: np.ndarray) -> str:
    """``t`` written with literals from raw words ``raw`` (special floats through asfloat of a uint literal)."""
    base = parse_type(t)[0]
    parts = []
    for k in range(comps(t)):
        if base == "double":
            lo, hi = int(raw[2 * k]), int(raw[2 * k + 1])
            d = np.array([lo | (hi << 32)], np.uint64).view(np.float64)[0]
            parts.append(f"{float(d)!r}L" if np.isfinite(d) else f"asdouble({lo}u, {hi}u)")
        elif base in ("float", "half"):
            f = np.array([raw[k]], np.uint32).view(np.float32)[0]
            ok = np.isfinite(f) and (f == 0 or abs(f) >= np.float32(1.1754944e-38))
            parts.append(f"{float(f)!r}" if ok and not (f == 0 and np.signbit(f)) else f"asfloat({int(raw[k])}u)")
        elif base == "int":
            v = int(np.array([raw[k]], np.uint32).view(np.int32)[0])
            parts.append(f"({v})" if v != -2**31 else "(-2147483647 - 1)")
        elif base == "uint":
            parts.append(f"{int(raw[k])}u")
        else:
            parts.append("true" if raw[k] else "false")
    return f"{t}({', '.join(parts)})"


def _header(arg_types: list[str], result: str, n_out: int) -> str:
    ins = "".join(f"  uint4 r{i} : R{i};\n" for i in range(sum((words(t) + 3) // 4 for t in arg_types)))
    outs = "".join(f"  uint4 o{i} : O{i};\n" for i in range(n_out))
    return f"{_HELPERS}struct VIn {{\n{ins}  uint4 _pad : PAD;\n}};\nstruct VOut {{\n{outs}}};\n"


@cache
def _compiled(src: str, profile: str):
    return blob_program(D3DCompile(src, None, "docs.hlsl", None, None, "main", profile))


def compile_errors(src: str, profile: str = "vs_5_0") -> str | None:
    """None when ``src`` compiles, else fxc's error text."""
    from pyd3d11.errors import D3D11Error

    try:
        D3DCompile(src, None, "docs.hlsl", None, None, "main", profile)
    except D3D11Error as exc:
        return str(exc)
    return None


def run_expr(expr: str, arg_types: list[str], result: str, args: list[np.ndarray], profile: str = "vs_5_0",
             prelude: str = "") -> np.ndarray:
    """Evaluate ``expr`` (arguments named a, b, c, ...) with run-time arguments. ``args[i]``: (N, words) uint32 raw
    values of argument i. Returns (N, words(result)) uint32."""
    n = len(args[0]) if args else 1
    nres = words(result)
    n_out = (nres + 3) // 4
    lines, reg, inputs = [], 0, {}
    for i, (t, raw) in enumerate(zip(arg_types, args, strict=True)):
        raw = np.asarray(raw, np.uint32).reshape(n, words(t))
        w = []
        for j in range((words(t) + 3) // 4):
            block = np.zeros((n, 4), np.uint32)
            chunk = raw[:, 4 * j:4 * j + 4]
            block[:, :chunk.shape[1]] = chunk
            inputs[reg] = block
            w += [f"i.r{reg}.{XYZW[k]}" for k in range(chunk.shape[1])]
            reg += 1
        lines.append(f"  {t} {'abcdefgh'[i]} = {_load(t, w)};")
    res_words = _word_exprs(result, "_r")
    body = "\n".join(lines)
    stores = "\n".join(f"  o.o{k // 4}.{XYZW[k % 4]} = {w};" for k, w in enumerate(res_words))
    src = (f"{_header(arg_types, result, n_out)}{prelude}\nVOut main(VIn i) {{\n  VOut o = (VOut)0;\n{body}\n"
           f"  {result} _r = {expr};\n{stores}\n  return o;\n}}\n")
    prog = _compiled(src, profile)
    res = run_program(prog, n, inputs=inputs, bindings=Bindings())
    out = np.concatenate([res.outputs[k] for k in range(n_out)], axis=1)
    return out[:, :nres].astype(np.uint32)


def fold_expr(expr: str, arg_types: list[str], result: str, args: list[np.ndarray], profile: str = "vs_5_0",
              prelude: str = "") -> np.ndarray:
    """Evaluate ``expr`` with literal arguments, one case per block of output registers (chunks of cases so
    the output stays within the stage's registers). Same result form as ``run_expr``."""
    n = len(args[0]) if args else 1
    nres = words(result)
    per = (nres + 3) // 4
    limit = 16 if profile.endswith("4_0") else 32
    chunk = max(1, limit // per)
    outs = []
    for s in range(0, n, chunk):
        cases = range(s, min(n, s + chunk))
        lines = []
        for j, case in enumerate(cases):
            lits = [_literal(t, np.asarray(a, np.uint32).reshape(n, words(t))[case])
                    for t, a in zip(arg_types, args, strict=True)]
            call = expr
            for i, lit in enumerate(lits):
                call = re.sub(rf"\b{'abcdefgh'[i]}\b", f"({lit})", call)
            lines.append(f"  {{ {result} _r = {call};")
            for k, w in enumerate(_word_exprs(result, "_r")):
                lines.append(f"    o.o{j * per + k // 4}.{XYZW[k % 4]} = {w};")
            lines.append("  }")
        src = (f"{_header([], result, per * len(cases))}{prelude}\nVOut main(VIn i) {{\n  VOut o = (VOut)0;\n"
               + "\n".join(lines) + "\n  return o;\n}\n")
        res = run_program(_compiled(src, profile), 1, inputs={0: np.zeros((1, 4), np.uint32)}, bindings=Bindings())
        for j in range(len(cases)):
            row = np.concatenate([res.outputs[j * per + q][0] for q in range(per)])
            outs.append(row[:nres])
    return np.array(outs, np.uint32)


# ---------------------------------------------------------------- raw value helpers

def f32(*v) -> np.ndarray:
    return np.asarray(v, np.float32).view(np.uint32)


def raw_of(t: str, values) -> np.ndarray:
    """(N, words(t)) raw words of N values of type ``t`` given as numbers (nested lists: (N, comps))."""
    base = parse_type(t)[0]
    a = np.asarray(values)
    a = a.reshape(a.shape[0], comps(t))
    if base in ("float", "half"):
        return a.astype(np.float32).view(np.uint32)
    if base == "double":
        return a.astype(np.float64).view(np.uint32).reshape(a.shape[0], -1)
    if base == "int":
        return a.astype(np.int64).astype(np.int32).view(np.uint32)
    if base == "bool":
        return (a != 0).astype(np.uint32)
    return a.astype(np.int64).astype(np.uint32)


def value_of(t: str, raw: np.ndarray) -> np.ndarray:
    """The inverse of ``raw_of``: (N, comps) values in numpy's dtype for ``t`` (bool as bool)."""
    base = parse_type(t)[0]
    raw = np.ascontiguousarray(np.asarray(raw, np.uint32))
    if base in ("float", "half"):
        return raw.view(np.float32)
    if base == "double":
        return raw.view(np.float64)
    if base == "int":
        return raw.view(np.int32)
    if base == "bool":
        return raw != 0
    return raw
