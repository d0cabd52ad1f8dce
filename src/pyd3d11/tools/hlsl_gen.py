"""Seeded generator of random, well-typed HLSL programs for the run-time comparison with Microsoft's fxc
(tools/fxc_oracle.py ``--real --gen N``, issue 15).

tools/program_gen.py writes shader *assembly*; this module writes *source* that both compilers translate, so
a difference in what the two objects compute on the reference executor points at our front end, optimiser or
code generator. Each program is a pixel (``ps_4_0`` / ``ps_5_0``), vertex or compute shader over:

* locals of every scalar kind (float, int, uint, bool) and width 1-4, float matrices of every shape 1x1-4x4
  (``row_major`` / ``column_major`` declared, ``#pragma pack_matrix`` at random), local arrays, structs and
  arrays of structs;
* helper functions taking structs and vectors with ``in`` / ``out`` / ``inout`` parameters;
* ``for`` loops with run-time bounds (masked to at most 7 trips) and ``break`` / ``continue`` under
  conditions, ``while`` / ``do`` loops, ``if`` / ``else``, ``switch`` with empty-label and statement fallthrough;
* arithmetic, bitwise and shift operators on negative and large integers, integer division and modulo,
  comparisons into bool vectors, ``&&`` / ``||`` / ``!`` and the ternary on vectors, casts between all four
  kinds at their edges (NaN, ±inf, 2^31, -0.0 literals), ``asuint`` / ``asint`` / ``asfloat``;
* swizzled writes, dynamic indexing (indices masked into range: an out-of-range local index is undefined)
  of local arrays, vectors and matrices as sources, of arrays (and arrays of structs) as destinations (a vector or
  matrix destination takes a literal index: a run-time one is fxc's X3500 / X3511);
* ``mul`` in both orders and matrix-matrix, ``transpose``, a few intrinsics;
* constant-buffer reads (floats, ints, matrices of both majorities, arrays) and, when resources are on,
  ``Texture2D.Load`` / ``SampleLevel`` and ``Buffer.Load``.

The words of the variables live at the end reach the outputs through ``asuint`` (at most 32 / 24 of them, a
seeded choice when there are more): a pixel shader writes ``uint4`` render targets, a vertex shader ``uint4``
TEXCOORDs, a compute shader a ``RWStructuredBuffer<uint4>`` (6 rows per thread, 4 threads per group: optdiff's
48-element structured UAV holds two groups' rows), so every bit of them is compared. A program may still be one fxc refuses (a type rule the generator does not model): the oracle
counts those apart.

``version=2`` (``fxc_oracle --gen-version 2``; version 1's programs never change, so the figures of sessions 35-38
stay comparable) widens the language after the HLSL reference's type and intrinsic pages: ``half``,
``min16float`` / ``min16int`` / ``min16uint`` and (5.0) ``double`` values with their operators (fxc refuses ``%`` of
doubles, X3684, and signed min16int division, X3706), a struct holding a nested struct, an array member, a
row_major matrix and a min16float2; unsigned / signed compares selecting operands; shifts by run-time amounts;
intrinsics of every family (trigonometric, hyperbolic, exponential, geometric, ``f16tof32`` / ``f32tof16``,
``rcp``, bit fields, ``fma`` / ``min`` / ``max`` / ``saturate`` of doubles, ``isnan`` / ``isinf`` / ``isfinite``,
``determinant``); casts between shapes (a wider vector truncated, a scalar splatted, a matrix read as a vector);
Texture2DArray, ByteAddressBuffer, StructuredBuffer of a struct, ``Buffer[]``, Gather (5.0), SampleGrad,
SampleCmpLevelZero, and in pixel shaders Sample and ddx / ddy; in compute shaders a groupshared round trip between
barriers (a neighbour's slot, or an InterlockedAdd total).

``version=3`` (``fxc_oracle --gen-version 3``, session 39; versions 1 and 2 unchanged) adds a struct whose members
are a float2x3 matrix, an int array and a float3 array (passed to helpers as ``in`` / ``out`` / ``inout``
parameters like the others), integer division and modulo by an input or constant-buffer value (no odd-making
``| 1``), the bit intrinsics of shader model 5 on either integer kind, ``asfloat(asuint(x))`` / ``asint(asfloat(i))``
/ ``f16tof32(f32tof16(x))`` round trips, loads and samples with literal texel offsets (Texture2D, Texture2DArray), a
switch whose case runs a loop that breaks (an empty label falling into it), and in compute shaders a
read-modify-write of the thread's own element of a ``RWStructuredBuffer<SA>`` (u1, compared like u0). A run-time
index into a double vector is left out (fxc's X3512).

``version=4`` (``fxc_oracle --gen-version 4``, session 40; versions 1-3 unchanged) adds integer matrices (``int2x3``,
``uint4x1``, ... of every shape, with products, transposes, casts, rows and elements), static globals that the
helpers read and write, a helper's early ``return`` under a condition, ``do`` / ``while`` loops with both
``continue`` and ``break``, ``[unroll]`` loops of a literal trip count that break, ``for`` loops with two
counters (the comma operator), a switch nested in a case and a ``default`` label between cases, pre- and
post-increments (a new variable takes the old value), the intrinsics with ``out`` parameters (``sincos``,
``modf``, ``frexp``), integer division and modulo by a local variable (fxc's X4010 where it proves the divisor
0), and reads and writes of a struct's array member at a run-time index (``s[i].a[j]``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SCALARS = ("float", "int", "uint", "bool")
#: literals at the edges of each kind (the brief's conversions at NaN, ±inf, 2^31, -0.0)
_FLOAT_EDGES = ("-0.0", "0.5", "-1.5", "2.5", "1e20", "-1e20", "3.0e38", "2147483648.0", "4294967296.0",
                "-2147483648.0", "0.49999997", "asfloat(0x7f800000u)", "asfloat(0xff800000u)",
                "asfloat(0x7fc00000u)", "asfloat(0x80000000u)", "1e-40", "-7.75", "8388608.5")
_INT_EDGES = ("-1", "-7", "7", "0x7fffffff", "(-2147483647 - 1)", "-2147483647", "13", "-13", "31", "32", "33",
              "-32", "65535", "0", "1")
_UINT_EDGES = ("0xffffffffu", "0x80000000u", "7u", "13u", "31u", "32u", "33u", "0u", "1u", "65536u", "3u")


@dataclass(frozen=True)
class T:
    """A value type: ``base`` float/int/uint/bool, ``n`` components (vector/scalar), or a float matrix
    ``rows`` x ``n`` when ``rows`` > 0."""

    base: str
    n: int = 1
    rows: int = 0

    @property
    def name(self) -> str:
        if self.rows:
            return f"{self.base}{self.rows}x{self.n}"
        return self.base if self.n == 1 else f"{self.base}{self.n}"

    @property
    def is_matrix(self) -> bool:
        return self.rows > 0


@dataclass
class Var:
    name: str
    t: T
    length: int = 0        # > 0: a local array of that many elements
    struct: str | None = None  # a struct type's name (then t is unused)
    writable: bool = True


def M(rows: int, cols: int) -> T:
    """The float matrix type ``float{rows}x{cols}``."""
    return T("float", cols, rows)


#: the structs every program declares: name → [(field, type)]
STRUCTS = {
    "SA": [("f", T("float", 3)), ("i", T("int")), ("u", T("uint", 2))],
    "SB": [("m", T("float", 2, 2)), ("b", T("bool", 2)), ("g", T("float"))],
}
#: version 2 adds a struct holding a nested struct, an array member and a row_major matrix (fields named by
#: their path: reads and writes take ``s.n.f``, ``s.a[1]``)
STRUCTS_V2 = {**STRUCTS, "SC": [("n.f", T("float", 3)), ("n.i", T("int")), ("n.u", T("uint", 2)),
                                ("a[0]", T("float", 2)), ("a[1]", T("float", 2)), ("rm", M(3, 2)),
                                ("h", T("min16float", 2))]}
_SC_DECL = "struct SC { SA n; float2 a[2]; row_major float3x2 rm; min16float2 h; };"
#: version 3 adds a struct whose members are a matrix and arrays (of scalars and of vectors)
STRUCTS_V3 = {**STRUCTS_V2, "SD": [("m", M(2, 3)), ("a[0]", T("int")), ("a[1]", T("int")), ("a[2]", T("int")),
                                   ("v[0]", T("float", 3)), ("v[1]", T("float", 3))]}
_SD_DECL = ("struct SD { float2x3 m; int a[3]; float3 v[2]; };\n"
            "SD makeSD(float2x3 m, int a0, int a1, int a2, float3 v0, float3 v1) { SD r; r.m = m; r.a[0] = a0;"
            " r.a[1] = a1; r.a[2] = a2; r.v[0] = v0; r.v[1] = v1; return r; }")
#: version 2's scalar kinds beyond version 1's, with the family whose operators and literals they take
FAMILY = {"float": "float", "half": "float", "min16float": "float", "double": "float", "int": "int",
          "min16int": "int", "uint": "uint", "min16uint": "uint", "bool": "bool"}

_SW = "xyzw"


class HlslGen:
    """One random program for ``stage`` ('ps', 'vs', 'cs') at shader model ``model`` (4 or 5)."""

    def __init__(self, rng: np.random.Generator, stage: str, model: int = 5, n_stmts: int = 14,
                 resources: bool = True, version: int = 1) -> None:
        self.rng = rng
        #: version 1's programs stay what they were (the measured seeds); version 2 widens the language
        self.v2 = version >= 2
        #: version 3 (session 39): struct members that are arrays and matrices, division and modulo by variables,
        #: bit and reinterpretation round trips, texel offsets, a switch case holding a loop that breaks, and in
        #: compute shaders a RWStructuredBuffer read-modify-write
        self.v3 = version >= 3
        #: version 4 (session 40): integer matrices, static globals, early returns, loops with continue and break,
        #: unrolled loops, nested switches, increments, out-parameter intrinsics, division by locals, run-time
        #: indices into struct member arrays
        self.v4 = version >= 4
        self.globals: list[Var] = []
        self.ret: T | None = None  # inside a helper: its return type (an early return)
        self.structs = STRUCTS_V3 if self.v3 else STRUCTS_V2 if self.v2 else STRUCTS
        self.stage = stage
        self.model = model
        self.n_stmts = n_stmts
        self.resources = resources
        self.lines: list[str] = []
        self.indent = 1
        self.scopes: list[list[Var]] = [[]]
        self.counter = 0
        self.loop_depth = 0
        self.depth = 0
        self.funcs: list[tuple[str, list[tuple[str, str, T]], T]] = []  # name, [(mode, pname, type)], return
        self.in_func = False   # inside a helper: the entry point's inputs are not in scope
        self.in_switch = 0
        self.if_attr = self.pick(("", "[branch] ", "[flatten] "))  # fxc: X3524 for the two nested
        self.idx_nest = 0      # run-time indices inside run-time indices stop at literals

    # ---- random helpers ----------------------------------------------------------------------------
    def r(self, n: int) -> int:
        return int(self.rng.integers(0, n))

    def pick(self, seq):
        return seq[self.r(len(seq))]

    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def emit(self, s: str) -> None:
        self.lines.append("    " * self.indent + s)

    def vars(self) -> list[Var]:
        return self.globals + [v for s in self.scopes for v in s]

    def rand_type(self, matrices: bool = True) -> T:
        c = self.r(10)
        if matrices and c == 0:
            if self.v4:  # integer matrices too
                return T(self.pick(("float", "float", "int", "uint")), 1 + self.r(4), 1 + self.r(4))
            return M(1 + self.r(4), 1 + self.r(4))
        if self.v2 and c <= 3:  # the minimum-precision kinds, half and (5.0) double
            return T(self.pick(("half", "min16float", "min16int", "min16uint")
                               + (("double", "double") if self.model >= 5 else ())), 1 + self.r(4))
        return T(self.pick(("float", "float", "int", "uint", "bool")), 1 + self.r(4))

    # ---- leaves ------------------------------------------------------------------------------------
    def literal(self, t: T) -> str:
        if t.is_matrix:
            el = T(t.base if self.v4 else "float")
            return f"{t.name}({', '.join(self.literal(el) for _ in range(t.rows * t.n))})"
        if t.n > 1:
            return f"{t.name}({', '.join(self.literal(T(t.base)) for _ in range(t.n))})"
        if t.base not in SCALARS:
            return f"({t.base})({self.literal(T(FAMILY[t.base]))})"
        if t.base == "float":
            return self.pick(_FLOAT_EDGES) if self.r(3) == 0 else f"{(self.r(64) - 32) / 4:g}"
        if t.base == "int":
            return self.pick(_INT_EDGES) if self.r(3) == 0 else str(self.r(40) - 20)
        if t.base == "uint":
            return self.pick(_UINT_EDGES) if self.r(3) == 0 else f"{self.r(40)}u"
        return self.pick(("true", "false"))

    def swizzle(self, have: int, n: int) -> str:
        return "".join(_SW[self.r(have)] for _ in range(n))

    def input_leaf(self, t: T) -> str:
        """A read of the stage's inputs or the constant buffer, converted to ``t`` (a scalar or vector)."""
        c = self.r(3 if self.in_func else 6)
        sw = self.swizzle(4, t.n)
        if c == 0:
            src, base = f"cf[{self.r(4)}].{sw}", "float"
        elif c == 1:
            src, base = f"ci[{self.r(2)}].{sw}", "int"
        elif c == 2:
            src, base = f"cu[{self.r(2)}].{sw}", "uint"
        elif c == 3:
            src, base = f"IN_I.{sw}", "int"
        elif c == 4:
            src, base = f"IN_U.{sw}", "uint"
        else:
            src, base = f"IN_F{self.r(2)}.{sw}", "float"
        if self.r(4) == 0 and t.base in ("float", "int", "uint") and base != t.base:
            fn = {"float": "asfloat", "int": "asint", "uint": "asuint"}[t.base]
            return f"{fn}({src})"
        return src if base == t.base else f"({t.name})({src})"

    def var_leaf(self, t: T) -> str | None:
        """A variable (or element / field / component of one) of type ``t``, or None."""
        cands = []
        for v in self.vars():
            if v.struct:
                for f, ft in self.structs[v.struct]:
                    cands.append((f"{self.elem(v)}.{f}", ft))
            elif v.length:
                cands.append((self.elem(v), v.t))
            else:
                cands.append((v.name, v.t))
        self.rng.shuffle(cands)
        for expr, vt in cands:
            if vt == t:
                return expr
            if not t.is_matrix and not vt.is_matrix and vt.base == t.base:
                if vt.n > 1 and (self.r(2) or t.n > 1):
                    if self.r(3) == 0 and t.n == 1:
                        if self.v3 and vt.base == "double":  # a run-time index is fxc's X3512
                            return f"{expr}[{self.r(vt.n)}]"
                        return f"{expr}[{self.index(vt.n)}]"
                    return f"{expr}.{self.swizzle(vt.n, t.n)}"
                if vt.n == 1 and t.n > 1 and self.r(3) == 0:
                    return f"{expr}.{'x' * t.n}"
            if vt.is_matrix and not t.is_matrix and t.base == ("float" if not self.v4 else vt.base):
                if t.n == vt.n and self.r(2):
                    return f"{expr}[{self.index(vt.rows)}]"
                if t.n == 1:
                    if self.r(2):
                        return f"{expr}[{self.index(vt.rows)}][{self.index(vt.n)}]"
                    return f"{expr}._m{self.r(vt.rows)}{self.r(vt.n)}"
        return None

    def elem(self, v: Var) -> str:
        return f"{v.name}[{self.index(v.length)}]" if v.length else v.name

    def index(self, n: int) -> str:
        """An in-range index into ``n`` elements: a literal or a run-time value masked (power of two) or
        taken modulo ``n`` as uint."""
        c = self.r(4)
        if c == 0 or self.idx_nest:
            return str(self.r(n))
        self.idx_nest += 1
        e = self.expr(T(self.pick(("int", "uint"))), 2)
        self.idx_nest -= 1
        if n & (n - 1) == 0:
            return f"(({e}) & {n - 1})"
        return f"((uint)({e}) % {n}u)"

    # ---- expressions -------------------------------------------------------------------------------
    def expr(self, t: T, depth: int = 3) -> str:
        if t.is_matrix:
            return self.mexpr(t, depth)
        if depth <= 0 or self.r(5) == 0:
            c = self.r(5)
            if c == 0:
                return self.literal(t)
            if c <= 2:
                leaf = self.var_leaf(t)
                if leaf is not None:
                    return leaf
            return self.input_leaf(t)
        d = depth - 1
        c = self.r(16)
        if t.base == "bool":
            return self.bool_expr(t, d, c)
        if self.v2 and t.base not in SCALARS and c in (7, 8, 11, 12):  # computed in the full kind, converted
            return f"({t.name})({self.expr(T(FAMILY[t.base], t.n), d)})"
        if self.v3 and c == 15 and self.r(2):
            return self.expr_v3(t, d)
        if self.v2 and c >= 13:
            return self.expr_v2(t, d, c)
        if c <= 4:
            return self.arith(t, d)
        if c == 5:  # conversion from another kind
            other = T(self.pick([b for b in SCALARS if b != t.base]), t.n)
            return f"({t.name})({self.expr(other, d)})"
        if c == 6:  # ternary, scalar or vector condition
            cond = self.expr(T("bool", self.pick((1, t.n))), d)
            return f"(({cond}) ? ({self.expr(t, d)}) : ({self.expr(t, d)}))"
        if c == 7:
            return self.intrinsic(t, d)
        if c == 8 and t.base == "float" and t.n <= 4:
            return self.mul_vec(t, d)
        if c == 9 and self.funcs:
            call = self.call_expr(t, d)
            if call:
                return call
        if c == 10 and t.n > 1:  # constructor from parts
            parts, left = [], t.n
            while left:
                k = 1 + self.r(left)
                parts.append(self.expr(T(t.base, k), d))
                left -= k
            return f"{t.name}({', '.join(parts)})"
        if c == 11 and t.base == "float" and self.resources:
            return self.resource_read(t, d)
        if c == 12 and t.n == 1 and t.base in ("float", "int", "uint"):
            src = T(t.base, 2 + self.r(3))
            if t.base == "float" and self.r(2):
                return f"dot({self.expr(src, d)}, {self.expr(src, d)})"
            return f"({self.expr(src, d)})[{self.index(src.n)}]"
        return self.arith(t, d)

    def arith(self, t: T, d: int) -> str:
        a = self.expr(t, d)
        b = self.expr(self.pick((t, T(t.base))) if t.n > 1 else t, d)
        if t.base not in SCALARS:
            return self.arith_v2(t, a, b)
        if t.base == "float":
            op = self.pick(("+", "-", "*", "/", "%", "+", "*"))
            if self.r(6) == 0:
                return f"(-({a}))"
        else:
            op = self.pick(("+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "+", "*"))
            if self.r(8) == 0:
                return f"(~({a}))"
            if self.r(8) == 0 and t.base == "int":
                return f"(-({a}))"
            if op in ("/", "%"):  # a divisor that folds to 0 is fxc's error X4010: an odd one never does
                one = "1" if t.base == "int" else "1u"
                b = f"(({b}) | {one})"
        return f"(({a}) {op} ({b}))"

    def bool_expr(self, t: T, d: int, c: int) -> str:
        if c <= 6:
            base = self.pick(("float", "int", "uint"))
            op = self.pick(("<", "<=", ">", ">=", "==", "!="))
            return f"(({self.expr(T(base, t.n), d)}) {op} ({self.expr(T(base, t.n), d)}))"
        if c <= 8:
            op = self.pick(("&&", "||"))
            return f"(({self.expr(t, d)}) {op} ({self.expr(t, d)}))"
        if c == 9:
            return f"(!({self.expr(t, d)}))"
        if c == 10:
            return f"(({self.expr(T('bool', self.pick((1, t.n))), d)}) ? ({self.expr(t, d)}) : ({self.expr(t, d)}))"
        if c == 11:
            other = T(self.pick(("float", "int", "uint")), t.n)
            return f"({t.name})({self.expr(other, d)})"
        if c == 12 and t.n == 1:
            src = T(self.pick(("bool", "float", "int")), 2 + self.r(3))
            return f"{self.pick(('any', 'all'))}({self.expr(src, d)})"
        if self.v2 and c == 13:
            fn = self.pick(("isnan", "isinf", "isfinite"))
            return f"{fn}({self.expr(T(self.pick(('float', 'float', 'min16float', 'half')), t.n), d)})"
        if self.v2 and c == 14 and t.n > 1:  # a bool vector from a wider one or a scalar
            return self.shape_cast(t, d)
        leaf = self.var_leaf(t)
        return leaf if leaf is not None else self.literal(t)

    def intrinsic(self, t: T, d: int) -> str:
        e = lambda: self.expr(t, d)  # noqa: E731
        if t.base == "float":
            fn = self.pick(("abs", "min", "max", "clamp", "saturate", "floor", "ceil", "frac", "round", "trunc",
                            "sqrt", "rsqrt", "lerp", "mad", "sign", "exp2", "log2", "step", "normalize"))
            if fn in ("min", "max", "step"):
                return f"{fn}({e()}, {e()})"
            if fn in ("clamp", "lerp", "mad"):
                return f"{fn}({e()}, {e()}, {e()})"
            if fn == "sign":
                return f"(float{t.n if t.n > 1 else ''})(sign({e()}))"
            if fn == "normalize" and t.n == 1:
                fn = "abs"
            return f"{fn}({e()})"
        if t.base == "int":
            fn = self.pick(("abs", "min", "max", "clamp", "sign") + (("firstbithigh", "firstbitlow", "countbits",
                                                                        "reversebits") if self.model >= 5 else ()))
            if fn in ("min", "max"):
                return f"{fn}({e()}, {e()})"
            if fn == "clamp":
                return f"clamp({e()}, {e()}, {e()})"
            if fn in ("countbits", "reversebits"):
                return f"(int{t.n if t.n > 1 else ''})({fn}((uint{t.n if t.n > 1 else ''})({e()})))"
            return f"{fn}({e()})"
        fn = self.pick(("min", "max", "clamp") + (("countbits", "reversebits", "firstbithigh", "firstbitlow")
                                                  if self.model >= 5 else ()))
        if fn in ("min", "max"):
            return f"{fn}({e()}, {e()})"
        if fn == "clamp":
            return f"clamp({e()}, {e()}, {e()})"
        return f"{fn}({e()})"

    def mul_vec(self, t: T, d: int) -> str:
        """``mul(v, M)`` or ``mul(M, v)`` giving a float vector of ``t.n`` components (version 2: the vector has
        2-4 components; a scalar times a 1xN matrix is a matrix in fxc, which its callers' type rules refuse)."""
        k = 2 + self.r(3) if self.v2 else 1 + self.r(4)
        if self.r(2):
            m = self.mexpr(M(t.n, k), d)
            v = self.expr(T("float", k), d)
            return f"mul({m}, {v})"
        m = self.mexpr(M(k, t.n), d)
        v = self.expr(T("float", k), d)
        return f"mul({v}, {m})"

    def mexpr(self, t: T, depth: int) -> str:
        b = t.base  # version 4: integer matrices (versions 1-3 write float ones only)
        if depth <= 0 or self.r(4) == 0:
            leaf = self.var_leaf(t)
            if leaf is not None and self.r(3):
                return leaf
            if (t.rows, t.n) == (4, 4) and self.r(2):
                return self.pick(("cm", "crm")) if b == "float" else f"(({t.name})({self.pick(('cm', 'crm'))}))"
            if (t.rows, t.n) == (3, 2) and self.r(2):
                return "cm32" if b == "float" else f"(({t.name})(cm32))"
            return self.literal(t)
        d = depth - 1
        c = self.r(6)
        if c == 0:
            k = 1 + self.r(4)
            return f"mul({self.mexpr(T(b, k, t.rows), d)}, {self.mexpr(T(b, t.n, k), d)})"
        if c == 1:
            return f"transpose({self.mexpr(T(b, t.rows, t.n), d)})"
        if c == 2:
            return f"(({self.mexpr(t, d)}) {self.pick(('+', '-', '*'))} ({self.mexpr(t, d)}))"
        if c == 3:
            return f"(({self.mexpr(t, d)}) * ({self.expr(T(b), d)}))"
        if c == 4:
            rows = ", ".join(self.expr(T(b, t.n), d) for _ in range(t.rows))
            return f"{t.name}({rows})"
        src = b if not self.v4 or self.r(2) else self.pick(("float", "int", "uint"))  # a cast between kinds
        return f"(({t.name})({self.mexpr(T(src, t.n + (t.n < 4), t.rows + (t.rows < 4)), d)}))"

    def resource_read(self, t: T, d: int) -> str:
        c = self.r(4)
        sw = self.swizzle(4, t.n)
        if c == 0:
            return f"tex.Load(int3(({self.expr(T('int', 2), d)}) & int2(7, 3), ({self.expr(T('int'), d)}) & 1)).{sw}"
        if c == 1:
            return f"buf.Load(({self.expr(T('int'), d)}) & 63).{sw}"
        if c == 2:
            return f"tex.SampleLevel(smp, {self.expr(T('float', 2), d)}, {self.expr(T('float'), d)}).{sw}"
        return f"tex.Load(int3(({self.expr(T('int', 2), d)}) & int2(7, 3), 0), int2(1, -1)).{sw}"

    def call_expr(self, t: T, d: int, outs: bool = False) -> str | None:
        """A call of a helper returning ``t``; one with out/inout parameters only when ``outs`` (a
        statement of its own: inside an expression the order of its writes against other reads of the same
        variables would be the question)."""
        cands = [f for f in self.funcs if f[2] == t and (outs or all(m == "in" for m, _p, _t in f[1]))]
        if not cands:
            return None
        name, params, _ = self.pick(cands)
        args, used = [], set()
        for mode, _p, pt in params:
            if mode == "in":
                args.append(self.struct_value(pt.base) if pt.base in self.structs else self.expr(pt, d))
            else:
                target = self.lvalue(pt, need_whole=True)
                root = target.split("[")[0].split(".")[0] if target else None
                if target is None or root in used:
                    return None  # two out arguments naming one variable: the copy-back order decides
                used.add(root)
                args.append(target)
        return f"{name}({', '.join(args)})"

    def struct_value(self, sname: str) -> str:
        for v in self.vars():
            if v.struct == sname:
                return self.elem(v)
        return f"make{sname}({', '.join(self.expr(ft, 1) for _f, ft in self.structs[sname])})"

    # ---- version 2: more kinds, intrinsic families, shapes, resources --------------------------------
    def arith_v2(self, t: T, a: str, b: str) -> str:
        """A binary operator on a half / minimum-precision / double value: fxc refuses ``%`` of doubles
        (X3684) and signed division of min16int (X3706); the divisor of an integer one is odd."""
        fam = FAMILY[t.base]
        ops = ("+", "-", "*", "/", "%", "+", "*") if fam == "float" else \
            ("+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", "+", "*")
        op = self.pick(ops)
        if op == "%" and t.base == "double" or op in ("/", "%") and t.base == "min16int":
            op = "*"
        if op == "<":  # an unsigned / signed compare selecting between the operands
            return f"((({a}) < ({b})) ? ({a}) : ({b}))"
        if fam != "float" and op in ("/", "%"):
            b = f"(({b}) | {'1' if fam == 'int' else '1u'})"
        return f"(({a}) {op} ({b}))"

    def expr_v2(self, t: T, d: int, c: int) -> str:
        if c == 13:
            return self.shape_cast(t, d)
        if c == 14:
            return self.intrinsic_v2(t, d)
        if FAMILY[t.base] == "float" and self.resources and t.base != "double":
            return f"({t.name})({self.resource_v2(T('float', t.n), d)})"
        if t.base in ("uint", "int") and self.r(2):
            return self.bits_v2(t, d)
        return self.arith(t, d)

    def shape_cast(self, t: T, d: int) -> str:
        """Casts between shapes: a wider vector truncated, a scalar splatted, a matrix of as many
        components read as a vector (row by row)."""
        c = self.r(3)
        if c == 0 and t.n < 4:
            return f"(({t.name})({self.expr(T(t.base, t.n + 1 + self.r(4 - t.n)), d)}))"
        if c == 1 and t.n > 1:
            return f"(({t.name})({self.expr(T(t.base), d)}))"
        if FAMILY[t.base] == "float" and t.base != "double" and t.n > 1:
            shapes = [(r, t.n // r) for r in (1, 2, 4) if t.n % r == 0]
            rows, cols = self.pick(shapes)
            return f"(({t.name})({self.mexpr(M(rows, cols), d)}))"
        return self.arith(t, d)

    def bits_v2(self, t: T, d: int) -> str:
        """Integer-family intrinsics version 1 leaves out: f32tof16, asint/asuint of floats, the bit fields
        of shader model 5 (firstbit* on uint, countbits of an int), msad-free."""
        n = "" if t.n == 1 else str(t.n)
        c = self.r(4)
        if c == 0 and t.base == "uint":
            return f"f32tof16({self.expr(T('float', t.n), d)})"
        if c == 1:
            fn = "asuint" if t.base == "uint" else "asint"
            return f"{fn}({self.expr(T('float', t.n), d)})"
        if c == 2 and self.model >= 5:
            return f"({t.name})({self.pick(('firstbithigh', 'firstbitlow', 'countbits', 'reversebits'))}" \
                   f"(({'int' if t.base == 'uint' else 'uint'}{n})({self.expr(t, d)})))"
        return f"(({self.expr(t, d)}) {self.pick(('<<', '>>'))} ({self.expr(T('uint', t.n), d)}))"

    def intrinsic_v2(self, t: T, d: int) -> str:
        """Float intrinsics of every family (trigonometric, hyperbolic, exponential, geometric, f16, rcp),
        taking the kind of ``t`` (min16float and half overloads) or converted from float."""
        fam = FAMILY[t.base]
        if fam != "float":
            return self.bits_v2(T(fam, t.n), d) if t.base in ("int", "uint") else \
                f"({t.name})({self.bits_v2(T(fam, t.n), d)})"
        if t.base == "double":
            fn = self.pick(("abs", "min", "max", "saturate", "fma"))
            e = lambda: self.expr(t, d)  # noqa: E731
            return {"abs": f"abs({e()})", "saturate": f"saturate({e()})", "fma": f"fma({e()}, {e()}, {e()})"
                    }.get(fn) or f"{fn}({e()}, {e()})"
        k = T(t.base if self.r(2) else "float", t.n)
        e = lambda: self.expr(k, d)  # noqa: E731
        one = ("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp", "log", "log10",
               "degrees", "radians", "rsqrt", "sqrt", "exp2", "log2", "frac") + (("rcp",) if self.model >= 5 else ())
        c = self.r(8)
        if c <= 2:
            out = f"{self.pick(one)}({e()})"
        elif c == 3:
            out = f"{self.pick(('atan2', 'pow', 'fmod', 'ldexp', 'step', 'min', 'max'))}({e()}, {e()})"
        elif c == 4:
            out = f"{self.pick(('smoothstep', 'lerp', 'clamp', 'mad'))}({e()}, {e()}, {e()})"
        elif c == 5:
            v = T(k.base, 2 + self.r(3))
            fn = self.pick(("length", "distance", "dot"))
            out = f"{fn}({self.expr(v, d)}" + (")" if fn == "length" else f", {self.expr(v, d)})")
            if t.n > 1:
                out = f"(({t.name})({out}))"
        elif c == 6 and t.n == 3:
            fn = self.pick(("cross", "reflect", "refract", "faceforward"))
            v = lambda: self.expr(T(k.base, 3), d)  # noqa: E731
            out = {"cross": f"cross({v()}, {v()})", "reflect": f"reflect({v()}, {v()})",
                   "refract": f"refract({v()}, {v()}, {self.expr(T(k.base), d)})",
                   "faceforward": f"faceforward({v()}, {v()}, {v()})"}[fn]
        elif c == 7:
            out = f"f16tof32({self.expr(T('uint', t.n), d)})"
        else:
            out = f"determinant({self.mexpr(M(*(2 * (2 + self.r(3),))), d)})"
            if t.n > 1:
                out = f"(({t.name})({out}))"
        return out if k.base == t.base else f"(({t.name})({out}))"

    def resource_v2(self, t: T, d: int) -> str:
        """Reads version 1 leaves out: a texture array, raw and structured buffers, gather (5.0), a
        gradient sample, a comparison sample, ``Buffer[]``, and in a pixel shader the implicit-derivative
        sample and ddx / ddy."""
        sw = self.swizzle(4, t.n)
        uv = lambda: self.expr(T("float", 2), d)  # noqa: E731
        c = self.r(9)
        if c == 0:
            return f"texa.Load(int4(({self.expr(T('int', 2), d)}) & int2(7, 3), ({self.expr(T('int'), d)}) & 3, 0)).{sw}"
        if c == 1:
            return f"asfloat(raw.Load4((({self.expr(T('uint'), d)}) & 15u) * 16u)).{sw}"
        if c == 2:
            return f"sbuf[({self.expr(T('uint'), d)}) & 31u].f.{self.swizzle(3, t.n)}"
        if c == 3 and self.model >= 5:
            return f"tex.Gather(smp, {uv()}, int2(1, 0)).{sw}"
        if c == 4:
            return f"tex.SampleGrad(smp, {uv()}, {uv()}, {uv()}).{sw}"
        if c == 5:
            cmp = f"texd.SampleCmpLevelZero(smpc, {uv()}, {self.expr(T('float'), d)})"
            return cmp if t.n == 1 else f"({t.name})({cmp})"
        if c == 6:
            return f"buf[({self.expr(T('uint'), d)}) & 63u].{sw}"
        if c == 7 and self.stage == "ps":
            return f"tex.Sample(smp, {uv()}).{sw}"
        if c == 8 and self.stage == "ps":
            return f"{self.pick(('ddx', 'ddy', 'ddx_coarse', 'ddy_fine'))}({self.expr(t, d)})" if self.model >= 5 \
                else f"{self.pick(('ddx', 'ddy'))}({self.expr(t, d)})"
        return f"texa.SampleLevel(smp, float3({uv()}, {self.expr(T('float'), d)}), 0).{sw}"

    # ---- version 3 -----------------------------------------------------------------------------------------
    def expr_v3(self, t: T, d: int) -> str:
        """Version 3's expressions: integer division and modulo by a variable (no odd-making ``| 1``: a zero
        divisor at run time is defined -- udiv gives 0xffffffff), the bit intrinsics, reinterpretation and half
        round trips, texel offsets on loads and samples."""
        fam = FAMILY[t.base]
        if t.base in ("int", "uint"):
            c = self.r(3)
            if c == 0:  # an input or constant divisor: fxc proves a loop counter's 0 after its loop (X4010)
                return f"(({self.expr(t, d)}) {self.pick(('/', '%'))} ({self.input_leaf(t)}))"
            if c == 1 and self.model >= 5:
                fn = self.pick(("firstbithigh", "firstbitlow", "countbits", "reversebits"))
                arg = T(self.pick(("int", "uint")) if fn.startswith("first") else "uint", t.n)
                return f"(({t.name})({fn}({self.expr(arg, d)})))"
            back = "asint" if t.base == "int" else "asuint"
            return f"{back}(asfloat({self.expr(t, d)}))"
        if t.base == "float":
            c = self.r(3)
            if c == 0:
                return f"asfloat(asuint({self.expr(t, d)}))"
            if c == 1:
                return f"f16tof32(f32tof16({self.expr(t, d)}))"
            if self.resources:
                return self.offset_read(t, d)
        if fam == "float" and t.base != "double":
            return f"(({t.name})(asfloat(asint((float{t.n if t.n > 1 else ''})({self.expr(t, d)})))))"
        return self.arith(t, d)

    def offset_read(self, t: T, d: int) -> str:
        """A load or sample with a literal texel offset (-8..7, the immediate offset's range)."""
        sw = self.swizzle(4, t.n)
        off = f"int2({self.r(16) - 8}, {self.r(16) - 8})"
        uv = lambda: self.expr(T("float", 2), d)  # noqa: E731
        c = self.r(4 if self.v2 else 2)
        if c == 0:
            return f"tex.Load(int3(({self.expr(T('int', 2), d)}) & int2(7, 3), 0), {off}).{sw}"
        if c == 1:
            return f"tex.SampleLevel(smp, {uv()}, {self.expr(T('float'), d)}, {off}).{sw}"
        if c == 2:
            return f"texa.Load(int4(({self.expr(T('int', 2), d)}) & int2(7, 3), ({self.expr(T('int'), d)}) & 3, 0), " \
                   f"{off}).{sw}"
        if self.stage == "ps":
            return f"tex.Sample(smp, {uv()}, {off}).{sw}"
        return f"texa.SampleLevel(smp, float3({uv()}, {self.expr(T('float'), d)}), 0, {off}).{sw}"

    def statement_v3(self) -> None:
        """Version 3's statements: a switch whose case runs a loop that breaks (the break leaves the loop, the
        case's own break the switch; an empty label falls into it), and in a compute shader a read-modify-write
        of the thread's own element of a RWStructuredBuffer of a struct."""
        if self.stage == "cs" and not self.in_func and self.r(2):
            field, ft = self.pick(STRUCTS["SA"])
            op = "+=" if ft.base != "float" or self.r(2) else "="
            self.emit(f"rws[tid.x].{field} {op} {self.expr(ft, 2)};")
            s = self.fresh("s")
            self.emit(f"SA {s} = rws[tid.x];")
            self.scopes[-1].append(Var(s, T("SA"), 0, "SA"))
            return
        if self.depth >= 2:
            self.assign()
            return
        self.depth += 1
        kind = self.pick(("int", "uint"))
        self.emit(f"switch ({self.expr(T(kind), 2)}) {{")
        self.in_switch += 1
        self.emit(f"case {self.r(3)}:")
        self.emit(f"case {3 + self.r(3)}:")
        i = self.fresh("i")
        self.loop_depth += 1
        self.emit(f"    for (int {i} = 0; {i} < {self.bound()}; {i}++) {{")
        self.scopes.append([Var(i, T("int"), writable=False)])
        self.indent += 2
        for _ in range(1 + self.r(2)):
            self.statement()
        self.emit(f"if ({self.expr(T('bool'), 2)}) break;")
        self.indent -= 2
        self.scopes.pop()
        self.loop_depth -= 1
        self.emit("    }")
        self.emit("    break;")
        self.emit("default:")
        self.block(1)
        self.emit("    break;")
        self.in_switch -= 1
        self.emit("}")
        self.depth -= 1

    # ---- version 4 -----------------------------------------------------------------------------------------
    def statement_v4(self) -> None:
        """Version 4's statements (one of them, seeded): a helper's early return, a do / while loop with both
        continue and break, an ``[unroll]`` loop of a literal trip count that breaks, a for loop with two counters,
        a nested switch with a default label between cases, an increment, an out-parameter intrinsic, an
        integer division or modulo by a local, a struct member array at a run-time index."""
        c = self.r(10)
        if c == 0 and self.in_func and self.ret is not None:
            self.emit(f"if ({self.expr(T('bool'), 2)}) return {self.expr(self.ret, 2)};")
        elif c == 1 and self.depth < 2:
            self.loop_v4()
        elif c == 2 and self.depth < 2:
            self.unrolled_v4()
        elif c == 3 and self.depth < 2:
            self.switch_v4()
        elif c == 4:
            self.increment_v4()
        elif c == 5:
            self.out_intrinsic_v4()
        elif c == 6:
            self.divide_by_local_v4()
        elif c == 7:
            self.member_array_v4()
        elif c == 8 and self.depth < 2:
            self.two_counters_v4()
        else:
            self.assign()

    def _loop_body(self, n: int) -> None:
        """``n`` statements of a loop body: a jump inside binds to this loop, not to a switch around it."""
        saved = self.in_switch
        self.in_switch = 0
        self.loop_depth += 1
        self.block(n)
        self.loop_depth -= 1
        self.in_switch = saved

    def loop_v4(self) -> None:
        """A do / while loop of a run-time trip count whose body continues and breaks under conditions (a
        do loop's continue goes to its condition, which counts down)."""
        self.depth += 1
        k = self.fresh("w")
        self.emit(f"int {k} = {self.bound()};")
        self.scopes[-1].append(Var(k, T("int"), writable=False))
        do = self.r(2)
        self.emit("do {" if do else f"while ({k}-- > 0) {{")
        self.indent += 1
        self.emit(f"if ({self.expr(T('bool'), 2)}) continue;")
        self.indent -= 1
        self._loop_body(1 + self.r(2))
        self.indent += 1
        self.emit(f"if ({self.expr(T('bool'), 2)}) break;")
        self.indent -= 1
        self._loop_body(1)
        self.emit(f"}} while (--{k} > 0);" if do else "}")
        self.depth -= 1

    def unrolled_v4(self) -> None:
        """A loop of a literal trip count (``[unroll]`` or none: fxc unrolls it either way) that breaks under a
        condition: the values it leaves are fxc's unroller's."""
        self.depth += 1
        i = self.fresh("i")
        self.emit(f"{self.pick(('[unroll] ', ''))}for (int {i} = 0; {i} < {2 + self.r(3)}; ++{i}) {{")
        self.scopes.append([Var(i, T("int"), writable=False)])
        self.indent += 1
        saved = self.in_switch
        self.in_switch, self.loop_depth = 0, self.loop_depth + 1
        for _ in range(1 + self.r(2)):
            self.statement()
        self.emit(f"if ({self.expr(T('bool'), 2)}) break;")
        self.in_switch, self.loop_depth = saved, self.loop_depth - 1
        self.indent -= 1
        self.scopes.pop()
        self.emit("}")
        self.depth -= 1

    def two_counters_v4(self) -> None:
        """A for loop with two counters, the second counting down (the comma operator in its parts)."""
        self.depth += 1
        i, j = self.fresh("i"), self.fresh("j")
        self.emit(f"for (int {i} = 0, {j} = {3 + self.r(4)}; {i} < {self.bound()} && {j} > 0; {i}++, {j}--) {{")
        self.scopes.append([Var(i, T("int"), writable=False), Var(j, T("int"), writable=False)])
        self.indent += 1
        saved = self.in_switch
        self.in_switch, self.loop_depth = 0, self.loop_depth + 1
        for _ in range(1 + self.r(2)):
            self.statement()
        self.in_switch, self.loop_depth = saved, self.loop_depth - 1
        self.indent -= 1
        self.scopes.pop()
        self.emit("}")
        self.depth -= 1

    def switch_v4(self) -> None:
        """A switch whose ``default`` stands between cases and one of whose cases holds a switch of its own."""
        self.depth += 1
        kind = self.pick(("int", "uint"))
        self.emit(f"switch ({self.expr(T(kind), 2)}) {{")
        self.in_switch += 1
        self.emit(f"case {self.r(2)}:")
        self.emit("    {")
        self.indent += 1
        self.emit(f"switch ({self.expr(T(kind), 2)}) {{")
        self.emit(f"case {self.r(3)}:")
        self.block(1)
        self.emit("    break;")
        self.emit("default:")
        self.block(1)
        self.emit("    break;")
        self.emit("}")
        self.indent -= 1
        self.emit("    }")
        self.emit("    break;")
        self.emit("default:")
        self.block(1 + self.r(2))
        self.emit("    break;")
        self.emit(f"case {2 + self.r(3)}:")
        self.block(1)
        self.emit("    break;")
        self.in_switch -= 1
        self.emit("}")
        self.depth -= 1

    def increment_v4(self) -> None:
        """``p++`` / ``--p`` of a scalar int, uint or float place; or a new variable taking ``p++``'s old value."""
        t = T(self.pick(("int", "uint", "float")))
        place = self.lvalue(t)
        if place is None:
            self.assign()
            return
        op = self.pick(("++", "--"))
        if self.r(2):
            self.emit(f"{place}{op};" if self.r(2) else f"{op}{place};")
            return
        v = self.fresh()
        self.emit(f"{t.name} {v} = {place}{op};")
        self.scopes[-1].append(Var(v, t))

    def out_intrinsic_v4(self) -> None:
        """An intrinsic writing an ``out`` argument: ``sincos``, ``modf`` (whole part), ``frexp`` (exponent)."""
        t = T("float", 1 + self.r(4))
        a, b = self.fresh(), self.fresh()
        fn = self.pick(("sincos", "modf", "frexp"))
        x = self.expr(t, 2)
        if fn == "sincos":
            self.emit(f"{t.name} {a}, {b};")
            self.emit(f"sincos({x}, {a}, {b});")
        else:
            self.emit(f"{t.name} {b};")
            self.emit(f"{t.name} {a} = {fn}({x}, {b});")
        self.scopes[-1] += [Var(a, t), Var(b, t)]

    def divide_by_local_v4(self) -> None:
        """An integer division or modulo by a local's value (no odd-making ``| 1``): a divisor fxc's folder
        proves 0 is its X4010, a run-time 0 is defined (0xffffffff / the dividend)."""
        t = T(self.pick(("int", "uint")), 1 + self.r(4))
        place = self.lvalue(t)
        div = self.var_leaf(t)
        if place is None or div is None:
            self.assign()
            return
        self.emit(f"{place} = ({self.expr(t, 2)}) {self.pick(('/', '%'))} ({div});")

    def member_array_v4(self) -> None:
        """A struct's array member at a run-time index: ``s[i].a[j] = ...`` (SD's int array, float3 array; SC's
        float2 array), or a new variable reading one."""
        cands = [v for v in self.vars() if v.struct in ("SC", "SD")]
        if not cands:
            self.assign()
            return
        v = self.pick(cands)
        member, n, t = self.pick({"SD": (("a", 3, T("int")), ("v", 2, T("float", 3))),
                                  "SC": (("a", 2, T("float", 2)),)}[v.struct])
        place = f"{self.elem(v)}.{member}[{self.index(n)}]"
        if v.writable and self.r(2):
            self.emit(f"{place} = {self.expr(t, 2)};")
            return
        w = self.fresh()
        self.emit(f"{t.name} {w} = {place};")
        self.scopes[-1].append(Var(w, t))

    def static_globals_v4(self) -> list[str]:
        """Version 4's static globals: read and written by the helpers and the entry point alike."""
        out = []
        for _ in range(1 + self.r(3)):
            t = self.rand_type(matrices=False)
            if t.base not in ("float", "int", "uint", "bool"):
                t = T("float", t.n)
            name = self.fresh("G")
            out.append(f"static {t.name} {name} = {self.literal(t)};")
            self.globals.append(Var(name, t))
        return out

    def groupshared(self) -> None:
        """A compute shader's groupshared round trip: every thread writes its slot between barriers and
        reads a neighbour's; or every thread adds into one word (InterlockedAdd: order-free)."""
        g = self.fresh("g")
        self.emit("GroupMemoryBarrierWithGroupSync();")
        if self.r(2):
            self.emit(f"gsm[tid.x & 3] = {self.expr(T('uint', 4), 2)};")
            self.emit("GroupMemoryBarrierWithGroupSync();")
            self.emit(f"uint4 {g} = gsm[(tid.x + {1 + self.r(3)}) & 3];")
        else:
            self.emit("if ((tid.x & 3) == 0) gsm[0].y = 0u;")
            self.emit("GroupMemoryBarrierWithGroupSync();")
            self.emit(f"InterlockedAdd(gsm[0].y, {self.expr(T('uint'), 2)});")
            self.emit("GroupMemoryBarrierWithGroupSync();")
            self.emit(f"uint4 {g} = gsm[0].yyyy;")
        self.scopes[-1].append(Var(g, T("uint", 4)))

    # ---- statements --------------------------------------------------------------------------------
    def lvalue(self, t: T, need_whole: bool = False) -> str | None:
        """A writable place of type ``t``: a variable, array element, struct field, swizzle (distinct
        components), vector component or matrix row/element by dynamic index."""
        cands = []
        for v in self.vars():
            if not v.writable:
                continue
            if v.struct:
                if t.base == v.struct:
                    cands.append(self.elem(v))
                for f, ft in self.structs[v.struct]:
                    if ft == t:
                        cands.append(f"{self.elem(v)}.{f}")
                continue
            if t.base in self.structs:
                continue
            place = self.elem(v)
            if v.t == t:
                cands.append(place)
            elif not need_whole and not v.t.is_matrix and not t.is_matrix and v.t.base == t.base and v.t.n > t.n:
                if t.n == 1 and self.r(2):
                    cands.append(f"{place}[{self.r(v.t.n)}]")  # a run-time one is X3500 / X3511 (fxc)
                else:
                    comps = list(_SW[:v.t.n])
                    self.rng.shuffle(comps)
                    cands.append(f"{place}.{''.join(comps[:t.n])}")
            elif not need_whole and v.t.is_matrix and t.base == (v.t.base if self.v4 else "float") \
                    and not t.is_matrix:
                if t.n == v.t.n:
                    cands.append(f"{place}[{self.r(v.t.rows)}]")
                elif t.n == 1:
                    cands.append(f"{place}[{self.r(v.t.rows)}][{self.r(v.t.n)}]")
        return self.pick(cands) if cands else None

    def declare(self) -> None:
        c = self.r(10)
        if c == 0:  # local array
            t = self.rand_type(matrices=False)
            n = 2 + self.r(4)
            name = self.fresh("a")
            init = ", ".join(self.expr(t, 2) for _ in range(n))
            self.emit(f"{t.name} {name}[{n}] = {{ {init} }};")
            self.scopes[-1].append(Var(name, t, n))
            return
        if c == 1:  # struct or array of structs
            s = self.pick(list(self.structs))
            name = self.fresh("s")
            if self.r(2):
                n = 2 + self.r(2)
                self.emit(f"{s} {name}[{n}];")
                for k in range(n):
                    self.emit(f"{name}[{k}] = {self.struct_value(s)};")
                self.scopes[-1].append(Var(name, T(s), n, s))
            else:
                self.emit(f"{s} {name} = {self.struct_value(s)};")
                self.scopes[-1].append(Var(name, T(s), 0, s))
            return
        t = self.rand_type()
        name = self.fresh()
        prefix = ""
        if t.is_matrix and self.r(2):
            prefix = self.pick(("row_major ", "column_major "))
        self.emit(f"{prefix}{t.name} {name} = {self.expr(t)};")
        self.scopes[-1].append(Var(name, t))

    def assign(self) -> None:
        t = self.rand_type()
        place = self.lvalue(t)
        if place is None:
            self.declare()
            return
        if t.base in ("float", "int", "uint") and self.r(3) == 0:
            ops = ("+=", "-=", "*=") + (("/=",) if t.base == "float" else ()) if t.is_matrix else \
                ("+=", "-=", "*=", "/=") if t.base == "float" else \
                ("+=", "-=", "*=", "&=", "|=", "^=", "<<=", ">>=", "/=", "%=")
            self.emit(f"{place} {self.pick(ops)} {self.expr(t)};")
        elif self.v2 and t.base not in SCALARS and self.r(3) == 0:
            ops = ("+=", "-=", "*=") + (("/=",) if t.base != "min16int" else ())  # fxc X3706: no min16int /
            if FAMILY[t.base] != "float":
                ops += ("&=", "|=", "^=", "<<=", ">>=")
            self.emit(f"{place} {self.pick(ops)} {self.expr(t)};")
        else:
            self.emit(f"{place} = {self.expr(t)};")

    def block(self, n: int) -> None:
        self.scopes.append([])
        self.indent += 1
        for _ in range(max(1, n)):
            self.statement()
        self.indent -= 1
        self.scopes.pop()

    def statement(self) -> None:
        c = self.r(20)
        nested = self.depth < 2
        if c < 5:
            self.declare()
        elif c < 11:
            self.assign()
        elif c < 13 and nested:
            self.if_stmt()
        elif c < 15 and nested:
            self.for_stmt()
        elif c == 15 and nested:
            self.switch_stmt()
        elif c == 16 and nested:
            self.while_stmt()
        elif c == 17 and self.funcs:
            self.call_stmt()
        elif c == 17 and self.v2 and self.stage == "cs" and not self.in_func and self.depth == 0 \
                and self.r(2):
            self.groupshared()
        elif c == 19 and self.v3 and (self.r(3) == 0 if self.v4 else self.r(2)):
            self.statement_v3()
        elif c == 18 and self.loop_depth:
            jump = "break" if self.in_switch else self.pick(("break", "continue"))  # fxc: X3708 in a switch
            self.emit(f"if ({self.expr(T('bool'), 2)}) {jump};")
        elif c in (18, 19) and self.v4:
            self.statement_v4()
        else:
            self.assign()

    def if_stmt(self) -> None:
        self.depth += 1
        self.emit(f"{self.pick(('', self.if_attr))}if ({self.expr(T('bool'), 2)}) {{")
        self.block(1 + self.r(3))
        if self.r(2):
            self.emit("} else {")
            self.block(1 + self.r(3))
        self.emit("}")
        self.depth -= 1

    def bound(self) -> str:
        """A run-time trip count of 0..7 (an input or constant masked), or a literal."""
        if self.r(4) == 0:
            return str(self.r(6))
        srcs = ("ci[0].x", "ci[1].y", "(int)cu[0].w") + (() if self.in_func else ("IN_I.x", "IN_I.z", "(int)IN_U.y"))
        return f"({self.pick(srcs)} & 7)"

    def for_stmt(self) -> None:
        self.depth += 1
        self.loop_depth += 1
        i = self.fresh("i")
        attr = self.pick(("", "", "[loop] ", "[fastopt] "))
        bound = self.bound()
        self.emit(f"{attr}for (int {i} = 0; {i} < {bound}; {i}++) {{")
        self.scopes.append([Var(i, T("int"), writable=False)])
        self.indent += 1
        for _ in range(1 + self.r(3)):
            self.statement()
        self.indent -= 1
        self.scopes.pop()
        self.emit("}")
        self.loop_depth -= 1
        self.depth -= 1

    def while_stmt(self) -> None:
        self.depth += 1
        self.loop_depth += 1
        k = self.fresh("w")
        self.emit(f"int {k} = {self.bound()};")
        self.scopes[-1].append(Var(k, T("int"), writable=False))
        if self.r(2):
            self.emit(f"while ({k} > 0) {{")
            self.emit(f"    {k}--;")
            self.block(1 + self.r(2))
            self.emit("}")
        else:
            self.emit("do {")
            self.block(1 + self.r(2))
            self.emit(f"}} while (--{k} > 0);")
        self.loop_depth -= 1
        self.depth -= 1

    def switch_stmt(self) -> None:
        self.depth += 1
        kind = self.pick(("int", "uint"))
        sel = self.expr(T(kind), 2)
        self.emit(f"switch ({sel}) {{")
        labels = sorted({int(x) for x in self.rng.integers(-2 if kind == "int" else 0, 6, 2 + self.r(3))})
        self.in_switch += 1
        for k, lab in enumerate(labels):
            self.emit(f"case {lab}:")
            if self.r(3) == 0 and k + 1 < len(labels):
                continue  # an empty label falls into the next (fxc: X3533 for a non-empty one)
            self.block(1 + self.r(2))
            self.emit("    break;")
        if self.r(2):
            self.emit("default:")
            self.block(1)
            self.emit("    break;")
        self.in_switch -= 1
        self.emit("}")
        self.depth -= 1

    def call_stmt(self) -> None:
        name, params, ret = self.pick(self.funcs)
        call = self.call_expr(ret, 1, outs=True)
        if call is None:
            self.assign()
            return
        v = self.fresh()  # a new variable takes the result: the call may write the ones it could go to
        self.emit(f"{ret.name} {v} = {call};")
        self.scopes[-1].append(Var(v, ret))

    # ---- helper functions --------------------------------------------------------------------------
    def function(self) -> list[str]:
        """A helper with 1-3 parameters (``in`` / ``out`` / ``inout``, vectors, matrices and structs)."""
        name = self.fresh("fn")
        ret = self.rand_type(matrices=False)
        params = []
        for _ in range(1 + self.r(3)):
            mode = self.pick(("in", "in", "out", "inout"))
            pt = T(self.pick(list(self.structs))) if self.r(4) == 0 else self.rand_type()
            params.append((mode, self.fresh("p"), pt))
        saved = self.lines, self.indent, self.scopes, self.depth, self.loop_depth
        self.lines, self.indent, self.depth, self.loop_depth = [], 1, 1, 0
        self.in_func, self.ret = True, ret
        self.scopes = [[Var(p, pt, 0, pt.base if pt.base in self.structs else None, True)
                        for mode, p, pt in params if mode != "out"]]
        for mode, p, pt in params:  # an out parameter is written before anything reads it
            if mode == "out":
                value = self.struct_value(pt.base) if pt.base in self.structs else self.expr(pt, 2)
                self.emit(f"{p} = {value};")
                self.scopes[0].append(Var(p, pt, 0, pt.base if pt.base in self.structs else None, True))
        for _ in range(2 + self.r(3)):
            self.statement()
        self.emit(f"return {self.expr(ret)};")
        body = self.lines
        self.lines, self.indent, self.scopes, self.depth, self.loop_depth = saved
        self.in_func, self.ret = False, None
        sig = ", ".join(f"{'' if m == 'in' else m + ' '}{pt.name} {p}" for m, p, pt in params)
        self.funcs.append((name, params, ret))
        return [f"{ret.name} {name}({sig})", "{", *body, "}", ""]

    # ---- the whole program -------------------------------------------------------------------------
    def header(self) -> list[str]:
        out = []
        if self.r(4) == 0:
            out.append(f"#pragma pack_matrix({self.pick(('row_major', 'column_major'))})")
        out += ["cbuffer Params : register(b0)", "{", "    float4 cf[4];", "    int4 ci[2];", "    uint4 cu[2];",
                "    float4x4 cm;", "    row_major float4x4 crm;", "    column_major float3x2 cm32;", "};"]
        if self.resources:
            out += ["Texture2D<float4> tex : register(t0);", "Buffer<float4> buf : register(t1);",
                    "SamplerState smp : register(s0);"]
        for s, fields in self.structs.items():
            if s == "SD":
                out.append(_SD_DECL)
                continue
            if s == "SC":
                out.append(_SC_DECL)
                out.append("SC makeSC(float3 nf, int ni, uint2 nu, float2 a0, float2 a1, float3x2 rm, min16float2 h)"
                           " { SC r; r.n = makeSA(nf, ni, nu); r.a[0] = a0; r.a[1] = a1; r.rm = rm; r.h = h;"
                           " return r; }")
                continue
            out.append(f"struct {s} {{ " + " ".join(f"{ft.name} {f};" for f, ft in fields) + " };")
            args = ", ".join(f"{ft.name} {f}" for f, ft in fields)
            sets = " ".join(f"r.{f} = {f};" for f, _ in fields)
            out.append(f"{s} make{s}({args}) {{ {s} r; {sets} return r; }}")
        if self.v2 and self.resources:
            out += ["Texture2DArray<float4> texa : register(t4);", "ByteAddressBuffer raw : register(t5);",
                    "StructuredBuffer<SA> sbuf : register(t6);", "Texture2D<float> texd : register(t7);",
                    "SamplerComparisonState smpc : register(s1);"]
        if self.v2 and self.stage == "cs":
            out += ["groupshared uint4 gsm[4];"]
        if self.v3 and self.stage == "cs":
            out += ["RWStructuredBuffer<SA> rws : register(u1);"]
        return out

    def outputs(self) -> int:
        return {"ps": 8, "vs": 6, "cs": 6}[self.stage]

    def dump(self) -> list[str]:
        """Every live scalar word, as uint, into the output rows (at most ``outputs() * 4`` words)."""
        words = []
        for v in self.vars():
            if v.struct:
                for k in range(max(1, v.length)):
                    base = f"{v.name}[{k}]" if v.length else v.name
                    for f, ft in self.structs[v.struct]:
                        words += self.words(f"{base}.{f}", ft)
            else:
                for k in range(max(1, v.length)):
                    words += self.words(f"{v.name}[{k}]" if v.length else v.name, v.t)
        cap = self.outputs() * 4
        if len(words) > cap:  # a seeded choice of them: folding the rest in (xor) would hide a NaN-only difference
            keep = sorted(int(k) for k in self.rng.choice(len(words), cap, replace=False))
            words = [words[k] for k in keep]
        words += ["0u"] * (cap - len(words))
        return [f"uint4({', '.join(words[4 * r:4 * r + 4])})" for r in range(self.outputs())]

    @staticmethod
    def words(expr: str, t: T) -> list[str]:
        comps = ([f"{expr}[{r}][{c}]" for r in range(t.rows) for c in range(t.n)] if t.is_matrix else
                 [expr] if t.n == 1 else [f"{expr}.{_SW[c]}" for c in range(t.n)])
        conv = {"bool": "(uint)({})", "half": "asuint((float)({}))", "min16float": "asuint((float)({}))",
                "double": "asuint((float)({}))", "min16int": "asuint((int)({}))", "min16uint": "(uint)({})"}
        return [conv.get(t.base, "asuint({})").format(c) for c in comps]

    def program(self) -> str:
        head = self.header()
        if self.v4:
            head += self.static_globals_v4()
        funcs: list[str] = []
        for _ in range(self.r(3)):
            funcs += self.function()
        self.lines, self.indent = [], 1
        for _ in range(self.n_stmts):
            self.statement()
        rows = self.dump()
        body = self.lines
        if self.stage == "ps":
            sig = ("uint4 main(float4 IN_F0 : TEXCOORD0, float4 IN_F1 : TEXCOORD1, nointerpolation int4 IN_I : TEXCOORD2, "
                   "nointerpolation uint4 IN_U : TEXCOORD3, out uint4 o1 : SV_Target1, out uint4 o2 : SV_Target2, "
                   "out uint4 o3 : SV_Target3, out uint4 o4 : SV_Target4, out uint4 o5 : SV_Target5, "
                   "out uint4 o6 : SV_Target6, out uint4 o7 : SV_Target7) : SV_Target0")
            tail = [f"    o{k} = {rows[k]};" for k in range(1, 8)] + [f"    return {rows[0]};"]
            entry = [sig, "{", *body, *tail, "}"]
        elif self.stage == "vs":
            sig = ("float4 main(float4 IN_F0 : TEXCOORD0, float4 IN_F1 : TEXCOORD1, int4 IN_I : TEXCOORD2, "
                   "uint4 IN_U : TEXCOORD3, " + ", ".join(f"out uint4 o{k} : TEXCOORD{k}" for k in range(6))
                   + ") : SV_Position")
            tail = [f"    o{k} = {rows[k]};" for k in range(6)] + ["    return IN_F0;"]
            entry = [sig, "{", *body, *tail, "}"]
        else:
            pre = ["StructuredBuffer<float4> inF : register(t2);", "StructuredBuffer<int4> inI : register(t3);",
                   "RWStructuredBuffer<uint4> outb : register(u0);"]
            head += pre
            sig = "[numthreads(4, 1, 1)]\nvoid main(uint3 tid : SV_DispatchThreadID)"
            init = ["    float4 IN_F0 = inF[tid.x];", "    float4 IN_F1 = inF[tid.x + 8];",
                    "    int4 IN_I = inI[tid.x];", "    uint4 IN_U = asuint(inI[tid.x + 8]) ^ tid.xyzx;"]
            tail = [f"    outb[tid.x * 6 + {k}] = {rows[k]};" for k in range(6)]
            entry = [sig, "{", *init, *body, *tail, "}"]
        return "\n".join(head + [""] + funcs + entry) + "\n"


def random_hlsl(seed: int, stage: str, model: int = 5, n_stmts: int = 14, resources: bool | None = None,
                version: int = 1) -> str:
    """The program of ``seed`` for ``stage`` ('ps', 'vs', 'cs') at shader model ``model`` (4 or 5);
    resources are on for half the seeds unless ``resources`` says. ``version`` 1 is the generator the
    figures of sessions 35-38 were measured with (its programs never change); 2 widens the language
    (:class:`HlslGen`'s ``*_v2`` methods)."""
    rng = np.random.default_rng([seed, {"ps": 0, "vs": 1, "cs": 2}[stage], model] + ([version] if version > 1 else []))
    if resources is None:
        resources = bool(rng.integers(0, 2))
    return HlslGen(rng, stage, model, n_stmts, resources, version).program()
