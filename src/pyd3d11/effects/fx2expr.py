"""Computing state expressions of ``fx_2_0`` effects: an expression over parameters -> an FXLC program.

A D3D9 effect state may be set from an expression of effect parameters (MicrosoftDocs direct3d9 "Expressions
(Direct3D 9)": ``FogStart = g_fStart * 2;``, ``ZEnable = (g_b > 0);``, ``VertexShader = (vsArray[n + 1]);``).
The effect runtime evaluates it on the CPU each time the pass is applied; fxc stores it as an effect expression
program (a preshader, :mod:`.fx2preshader`) in the state's resource. This module compiles such an expression.

The instruction encoding is :mod:`.fxlc`'s (one token per instruction -- the component count, the opcode, the
scalar form: input 0 is one component, applied to every component of the others --, the input count, each input
and then the output as (table, component offset)); tables 1 = the literal table (CLIT, doubles), 2 = the parameters (CTAB), 4 = the
result, 7 = temporaries. The operations are the D3DX9 runtime's (Wine's d3dx9 preshader.c, from tests of the
native runtime): mov neg rcp frc exp (2^x) log (log2|x|) rsq sin cos asin acos atan, min max lt ge add mul atan2,
cmp (a >= 0 ? b : c), dot; its ``div`` evaluates to 0 and is never written. Every value is a float in the machine
(an int or bool parameter is read as a float register).

What fxc's objects fix. Effect_ShaderArray (``vsArray20[CurNumBones + 1]``, byte-equal): an int parameter read as
a float register and added with the float ``add``; a one-component binary operation in the scalar form; the
literal table starting with one zero register, the first literal at component 4; the operation that makes the
value writing the result table directly. fxc's preshaders of shader code (Effect_Expression.fx, BasicHLSL.fx,
CompiledEffect.fx), the same machine: ``a - b`` as neg + add; ``a / b`` as rcp of each component then mul;
sqrt as rsq then rcp per component; abs as max(a, -a); floor as a + -frc(a); a float converted to an int toward
zero as floor(a) + (a < 0) * (frc(a) > 0), integer division as that of a * rcp(b); ``a == b`` as ge(-d*d, d*d)
with d = a - b; sin/cos after the range reduction (a / 2pi + 0.5, frc, * 2pi, - pi).

Inferred (no fxc object shows them in a state; each keeps the runtime's value right, checked by an evaluator
written in the tests from the runtime's definition): parameters laid out in the order first read; a temporary
register per intermediate; ``a > b`` as lt(b, a), ``a <= b`` as ge(b, a); a scalar operand of a vector ``+ * min
max`` put first for the scalar form, of other operations moved to every component (scalar-form mov); ``!=`` as
1 - (a == b); a value as a bool (``!``, ``&& || ?:`` operands, ``(bool)``) as lt(-v*v, v*v) unless it is a bool;
``&&`` mul, ``||`` max, ``c ? a : b`` cmp(-c, b, a); ``%`` as a - b * trunc(a / b); ceil as a + frc(-a); exp and
log through exp2 / log2 with log2(e) / ln 2, pow as exp2(b * log2(a)), tan as sin / cos, lerp, clamp, saturate,
step, sign, radians / degrees, length, distance, fmod, any / all by their definitions; the inverse trigonometric
functions and atan2 as the runtime's operations; swizzles that are not an ascending run of a parameter, and
constructors, as one-component movs; the state's value typed by the expression (INT for int arithmetic, BOOL
for a comparison or logic, FLOAT otherwise; fxc writes the parameter's type for a plain reference).

Matrix parameters are read by element (``M._12``, ``M._m01``, ``M[1]``: a row) and by ``mul(v, M)`` / ``mul(M, v)``
(a vector: per component the runtime's ``dot`` where the column / row is one register, multiply-adds otherwise;
inferred). Not built (NotSupportedError naming "fx_2_0 state expression (preshader)"): matrix values (matrix
arithmetic, ``mul`` of two matrices, transpose, computed matrix states: the result table's layout for a transform
is shown by no fxc object), bitwise and shift operators, vector casts, run-time array indices, other intrinsics.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import NotSupportedError
from ..shader.hlsl import ast as A
from ..shader.hlsl.constexpr import const_value
from ..shader.hlsl.types import NumType
from . import fx2binary as B
from . import fxlc
from .fx2preshader import encode_program, param_constant

_LIT, _PARAM, _OUT, _TEMP = 1, 2, 4, 7
#: HLSL intrinsics of one argument that are one operation of the machine applied per component
_UNARY_OPS = {"frac": "frc", "exp2": "exp", "log2": "log"}
#: ... and those whose operation fxc applies one component at a time (the D3D9 scalar instructions rcp / rsq: fxc's
#: preshaders of Effect_Expression.fx write ``rcp r1.x, c3.x`` ... ``rcp r1.w, c3.w``)
_SCALAR_OPS = {"rcp": "rcp", "rsqrt": "rsq"}
#: the inverse trigonometric operations the runtime evaluates itself (no fxc object shows them in a state)
_TRIG_OPS = {"asin": "asin", "acos": "acos", "atan": "atan"}
_BINARY_INTRINSICS = {"min": "min", "max": "max"}
_COMMUTATIVE = ("add", "mul", "min", "max")
_SWIZZLE = "xyzw"
_RGBA = "rgba"
_LOG2_E = 1.4426950408889634
_LN_2 = 0.6931471805599453
_TWO_PI = 6.283185307179586


def _instruction(op: str, comps: int, ins: list, out, scalar: bool = False) -> list[int]:
    """The words of one instruction over values (:class:`_Val`: a table and a component offset)."""
    return fxlc.encode_instruction(fxlc.Instruction(op, comps, tuple(fxlc.Operand(v.table, v.index) for v in ins),
                                                    fxlc.Operand(out.table, out.index), scalar))


def _unsupported(what: str) -> NotSupportedError:
    return NotSupportedError(f"fx_2_0 state expression (preshader): {what}")


@dataclass
class _Val:
    """A value of the program: ``comps`` components from component offset ``index`` of ``table``; ``base`` is
    the HLSL scalar type (bool / int / float)."""

    table: int
    index: int
    comps: int
    base: str

    def comp(self, c: int) -> _Val:
        """Component ``c`` (a scalar value stays itself: HLSL's scalar promotion)."""
        return self if self.comps == 1 else _Val(self.table, self.index + c, 1, self.base)

    def typed(self, base: str) -> _Val:
        return _Val(self.table, self.index, self.comps, base)


@dataclass
class _Program:
    params: dict
    consts: dict
    row_major: dict
    #: parameter name -> (first register, registers used)
    regs: dict = field(default_factory=dict)
    #: the literal table, starting with the zero register fxc's object has
    literals: list = field(default_factory=lambda: [0.0] * 4)
    code: list = field(default_factory=list)
    temps: int = 0
    #: the parameters in the order they were first read
    order: list = field(default_factory=list)

    #: the next free literal component
    used: int = 4

    def literal(self, vals: list[float], base: str) -> _Val:
        """Literal components in the table: a scalar already there is shared; a run of components must not wrap
        inside its register (the machine reads .yzwx for a four-component operand at offset 1)."""
        if len(vals) == 1:
            for i in range(4, self.used):
                if self.literals[i] == float(vals[0]):
                    return _Val(_LIT, i, 1, base)
        free = self.used
        if free % 4 + len(vals) > 4:
            free += -free % 4
        need = free + len(vals)
        self.literals += [0.0] * (need - len(self.literals))
        self.literals[free:need] = [float(v) for v in vals]
        self.used = need
        return _Val(_LIT, free, len(vals), base)

    def temp(self, comps: int, base: str) -> _Val:
        self.temps += 1
        return _Val(_TEMP, 4 * (self.temps - 1), comps, base)

    def emit(self, op: str, out: _Val, ins: list[_Val], scalar: bool = False) -> None:
        self.code.append(_instruction(op, out.comps, ins, out, scalar))

    def param(self, name: str, element: int | None, first: int, comps: int) -> _Val:
        p = self.params[name]
        t = p.type
        if t.pclass not in (B.D3DXPC_SCALAR, B.D3DXPC_VECTOR):
            raise _unsupported(f"reading the matrix or object parameter '{name}'")
        if t.elements and element is None:
            raise _unsupported(f"reading the whole array '{name}'")
        if element is not None and not 0 <= element < t.elements:
            raise IndexError(f"'{name}[{element}]': array index out of bounds")
        reg = element or 0
        if name not in self.regs:
            base = sum(n for _b, n in self.regs.values())
            self.regs[name] = (base, reg + 1)
            self.order.append(name)
        else:
            base, n = self.regs[name]
            if reg + 1 > n:
                raise _unsupported(f"'{name}' read past an element of it already laid out")
        ptype = {B.D3DXPT["BOOL"]: "bool", B.D3DXPT["INT"]: "int"}.get(t.ptype, "float")
        return _Val(_PARAM, 4 * (self.regs[name][0] + reg) + first, comps, ptype)


@dataclass
class _Mat:
    """A matrix parameter (an element of an array of them) as the expression reads it: element (i, j) of the
    HLSL matrix is component i of register j for a column-major parameter, component j of register i for a
    row_major one (the D3D9 constant-table layout the program's CTAB declares: fx2preshader.param_constant)."""

    reg0: int
    rows: int
    cols: int
    row_major: bool
    base: str

    def elem(self, i: int, j: int) -> _Val:
        reg, comp = (i, j) if self.row_major else (j, i)
        return _Val(_PARAM, 4 * (self.reg0 + reg) + comp, 1, self.base)

    def row(self, i: int) -> _Val | None:
        return _Val(_PARAM, 4 * (self.reg0 + i), self.cols, self.base) if self.row_major else None

    def col(self, j: int) -> _Val | None:
        return None if self.row_major else _Val(_PARAM, 4 * (self.reg0 + j), self.rows, self.base)


def _matrix_param(prog: _Program, name: str, element: int | None) -> _Mat:
    t = prog.params[name].type
    if t.elements and element is None:
        raise _unsupported(f"reading the whole array '{name}'")
    if element is not None and not 0 <= element < t.elements:
        raise IndexError(f"'{name}[{element}]': array index out of bounds")
    per = t.rows  # registers per element (the effect describes a matrix in its register layout)
    need = ((element or 0) + 1) * per
    if name not in prog.regs:
        prog.regs[name] = (sum(n for _b, n in prog.regs.values()), need)
        prog.order.append(name)
    elif need > prog.regs[name][1]:
        raise _unsupported(f"'{name}' read past an element of it already laid out")
    row_major = prog.row_major.get(name, False)
    rows, cols = (t.rows, t.cols) if row_major else (t.cols, t.rows)
    base = {B.D3DXPT["BOOL"]: "bool", B.D3DXPT["INT"]: "int"}.get(t.ptype, "float")
    return _Mat(prog.regs[name][0] + (element or 0) * per, rows, cols, row_major, base)


def _result_base(a: str, b: str) -> str:
    return "float" if "float" in (a, b) else "int"


class _Compiler:
    """An expression -> instructions of the machine. Every value is a float in the machine (an int or bool
    parameter is read as a float register, a comparison gives 1.0 or 0.0); ``_Val.base`` keeps the HLSL type for
    the rules that depend on it (integer division truncates, a bool is already 0 or 1)."""

    def __init__(self, prog: _Program) -> None:
        self.p = prog

    # --- constants ----------------------------------------------------------------------------------------
    def fold(self, node) -> _Val | None:
        """A subexpression of literals and static constants: its components in the literal table."""
        width = node.type.n if isinstance(node, (A.Construct, A.Cast)) and isinstance(node.type, NumType) else 1
        if width > 1:  # a vector constant (float3(1, 0, 2)): all its components
            try:
                cv = const_value(NumType("float", 1, width, "v"), node, self.p.consts)
            except Exception:  # noqa: BLE001 - not constant
                cv = None
            return None if cv is None else self.p.literal([float(x) for x in cv.vals], "float")
        for t in (NumType("int"), NumType("float")):
            try:
                cv = const_value(t, node, self.p.consts)
            except Exception:  # noqa: BLE001 - a node const_value cannot type is simply not constant
                cv = None
            if cv is not None:
                if t.base == "int" and not self._int_literal(node):
                    continue
                return self.p.literal([float(x) for x in cv.vals], t.base)
        return None

    def lit(self, x: float) -> _Val:
        return self.p.literal([x], "float")

    @staticmethod
    def _int_literal(node) -> bool:
        return isinstance(node, A.Literal) and node.base in ("lit_int", "int", "uint")

    # --- emission helpers ---------------------------------------------------------------------------------
    def un(self, op: str, a: _Val, dest: _Val | None = None, base: str | None = None) -> _Val:
        """``op`` of every component of ``a`` in one instruction."""
        out = dest or self.p.temp(a.comps, base or a.base)
        out = _Val(out.table, out.index, a.comps, base or a.base)
        self.p.emit(op, out, [a])
        return out

    def per_comp(self, op: str, a: _Val, dest: _Val | None = None) -> _Val:
        """``op`` one component at a time (fxc's form of the D3D9 scalar instructions rcp, rsq)."""
        out = dest or self.p.temp(a.comps, "float")
        out = _Val(out.table, out.index, a.comps, "float")
        for c in range(a.comps):
            self.p.emit(op, out.comp(c) if a.comps > 1 else out, [a.comp(c)])
        return out

    def splat(self, a: _Val, comps: int) -> _Val:
        """A scalar moved into ``comps`` components (the scalar form of ``mov``)."""
        if a.comps == comps:
            return a
        out = self.p.temp(comps, a.base)
        self.p.emit("mov", out, [a], scalar=True)
        return out

    def op(self, name: str, a: _Val, b: _Val, dest: _Val | None = None, base: str | None = None) -> _Val:
        """A binary operation with HLSL's scalar promotion: equal widths, or one scalar operand (the scalar form,
        the scalar first; commutative operations swap, others have the scalar moved to every component)."""
        base = base or _result_base(a.base, b.base)
        if a.comps != b.comps and 1 not in (a.comps, b.comps):
            raise _unsupported(f"operands of {a.comps} and {b.comps} components")
        if b.comps == 1 and a.comps > 1:
            if name in _COMMUTATIVE:
                a, b = b, a
            else:
                b = self.splat(b, a.comps)
        comps = max(a.comps, b.comps)
        out = dest or self.p.temp(comps, base)
        out = _Val(out.table, out.index, comps, base)
        self.p.emit(name, out, [a, b], scalar=a.comps == 1)
        return out

    def cmp(self, c: _Val, ge0: _Val, lt0: _Val, dest: _Val | None = None) -> _Val:
        """``c >= 0 ? ge0 : lt0`` per component (the runtime's cmp, three inputs)."""
        comps = max(c.comps, ge0.comps, lt0.comps)
        ge0, lt0 = self.splat(ge0, comps), self.splat(lt0, comps)
        out = dest or self.p.temp(comps, _result_base(ge0.base, lt0.base))
        out = _Val(out.table, out.index, comps, _result_base(ge0.base, lt0.base))
        self.p.emit("cmp", out, [c, ge0, lt0], scalar=c.comps == 1)
        return out

    def neg(self, a: _Val) -> _Val:
        return self.un("neg", a)

    def sub(self, a: _Val, b: _Val, dest: _Val | None = None) -> _Val:
        return self.op("add", a, self.neg(b), dest)

    def div(self, a: _Val, b: _Val, dest: _Val | None = None) -> _Val:
        """``a / b`` as fxc writes it: rcp of each component of b, then mul (the runtime's ``div`` gives 0: Wine's
        tests of native d3dx9; fxc's preshaders never use it)."""
        return self.op("mul", a, self.per_comp("rcp", b), dest)

    def floor(self, a: _Val, dest: _Val | None = None) -> _Val:
        """a - frc(a) (fxc's preshader of Effect_Expression.fx: ``frc``, ``neg``, ``add``)."""
        return self.op("add", a, self.neg(self.un("frc", a, base="float")), dest, base="float")

    def trunc(self, a: _Val, dest: _Val | None = None, base: str = "int") -> _Val:
        """Toward zero, as fxc converts a float to an int in its preshaders (Effect_Expression.fx's ``(int)a`` and
        ``temp1 /= i``): floor(a) + (a < 0) * (frc(a) > 0)."""
        f = self.un("frc", a, base="float")
        nf = self.neg(f)
        frac_pos = self.op("lt", nf, f)
        fl = self.op("add", nf, a)
        negative = self.op("lt", a, self.neg(a))
        return self.op("add", self.op("mul", frac_pos, negative), fl, dest, base=base)

    def square(self, a: _Val) -> _Val:
        return self.op("mul", a, a)

    def eq(self, a: _Val, b: _Val, dest: _Val | None = None) -> _Val:
        """``a == b`` as fxc's preshader writes it: d = a - b; ge(-d*d, d*d)."""
        s = self.square(self.sub(a, b))
        return self.op("ge", self.neg(s), s, dest, base="bool")

    def truth(self, a: _Val) -> _Val:
        """A value as a bool (0 or 1): a bool already is one; else a != 0, lt(-a*a, a*a) (inferred, the mirror of
        fxc's ``==``)."""
        if a.base == "bool":
            return a
        s = self.square(a)
        return self.op("lt", self.neg(s), s, base="bool")

    def sin_cos(self, op: str, a: _Val, dest: _Val | None = None) -> _Val:
        """sin / cos after fxc's range reduction to [-pi, pi) (its preshaders of BasicHLSL / CompiledEffect:
        ``mul (1/2pi)``, ``add 0.5``, ``frc``, ``mul 2pi``, ``add -pi``, then the runtime's ``sin``)."""
        t = self.op("mul", a, self.lit(1 / _TWO_PI))
        t = self.op("add", t, self.lit(0.5))
        t = self.un("frc", t, base="float")
        t = self.op("mul", t, self.lit(_TWO_PI))
        t = self.op("add", t, self.lit(-math.pi))
        return self.un(op, t, dest, base="float")

    # --- the tree -----------------------------------------------------------------------------------------
    def value(self, node, dest: _Val | None = None) -> _Val:  # noqa: C901 - one dispatch over node kinds
        """Compile ``node``; an operation writes ``dest`` when given (the result table for the root)."""
        if isinstance(node, A.Literal) or not reads_parameter(node, self.p.params):
            v = self.fold(node)
            if v is None:
                raise _unsupported("a constant subexpression this compiler cannot evaluate")
            return v
        m = self.matrix(node.a) if isinstance(node, (A.Member, A.Index)) else None
        if m is not None and isinstance(node, A.Member):
            return self.matrix_swizzle(m, node.name)
        if m is not None:  # M[i]: row i
            k = const_value(NumType("int"), node.index, self.p.consts)
            if k is None or not 0 <= int(k.vals[0]) < m.rows:
                raise _unsupported("a matrix row chosen at run time or out of range")
            return self.gather([m.elem(int(k.vals[0]), j) for j in range(m.cols)], m.row(int(k.vals[0])))
        if isinstance(node, A.Ident):
            return self.p.param(node.name, None, 0, self._width(node.name))
        if isinstance(node, A.Index) and isinstance(node.a, A.Ident) and node.a.name in self.p.params:
            k = const_value(NumType("int"), node.index, self.p.consts)
            if k is None:
                raise _unsupported(f"an element of '{node.a.name}' chosen at run time")
            return self.p.param(node.a.name, int(k.vals[0]), 0, self._width(node.a.name))
        if isinstance(node, A.Member):
            return self.swizzle(node)
        if isinstance(node, A.Unary) and node.op == "+":
            return self.value(node.a, dest)
        if isinstance(node, A.Unary) and node.op == "-":
            return self.un("neg", self.value(node.a), dest)
        if isinstance(node, A.Unary) and node.op == "!":
            a = self.value(node.a)
            return self.eq(a, self.lit(0.0), dest)
        if isinstance(node, A.Binary):
            return self.binary(node, dest)
        if isinstance(node, A.Ternary):
            c = self.truth(self.value(node.cond))
            a, b = self.value(node.a), self.value(node.b)
            # c is 0 or 1: -c >= 0 exactly when the condition is false (the runtime's cmp; inferred, no fxc object
            # shows a conditional state)
            out = self.cmp(self.neg(c), b, a, dest)
            return out.typed(a.base if a.base == b.base else _result_base(a.base, b.base))
        if isinstance(node, A.Call):
            return self.call(node, dest)
        if isinstance(node, A.Construct) and isinstance(node.type, NumType) and node.type.shape in ("s", "v"):
            # float4(g_a, 0, g_v.xy): the arguments' components moved in order into one value
            parts = [self.value(x) for x in node.args]
            n = sum(v.comps for v in parts)
            if n != node.type.n:
                raise _unsupported(f"a constructor of {n} components for {node.type}")
            out = self.p.temp(n, "float" if node.type.base in ("float", "half", "double") else node.type.base)
            k = 0
            for v in parts:
                if node.type.base in ("int", "uint") and v.base == "float":
                    raise _unsupported("a float converted to an integer vector component")
                self.p.emit("mov", _Val(out.table, out.index + k, v.comps, out.base), [v])
                k += v.comps
            return out
        if isinstance(node, A.Cast) and isinstance(node.type, NumType) and node.type.shape == "s":
            a = self.value(node.a)
            if a.comps != 1:
                raise _unsupported("a cast of a vector")
            if node.type.base in ("float", "half", "double"):
                return a.typed("float")
            if node.type.base in ("int", "uint"):
                return a.typed("int") if a.base in ("int", "bool") else self.trunc(a, dest)
            if node.type.base == "bool":
                return self.truth(a)
        raise _unsupported(f"the operation {type(node).__name__}"
                           + (f" '{getattr(node, 'op', getattr(node, 'name', ''))}'"
                              if hasattr(node, "op") or hasattr(node, "name") else ""))

    def call(self, node: A.Call, dest: _Val | None) -> _Val:  # noqa: C901 - one dispatch over intrinsics
        name, args = node.name, node.args
        if name == "mul" and len(args) == 2:
            return self.mul(node, dest)
        if len(args) == 1:
            if name in _UNARY_OPS:
                return self.un(_UNARY_OPS[name], self.value(args[0]), dest, base="float")
            if name in _SCALAR_OPS:
                return self.per_comp(_SCALAR_OPS[name], self.value(args[0]), dest)
            if name in _TRIG_OPS:
                return self.un(_TRIG_OPS[name], self.value(args[0]), dest, base="float")
            a = self.value(args[0])
            if name == "sqrt":  # fxc: rsq then rcp, per component (Effect_Expression.fx)
                return self.per_comp("rcp", self.per_comp("rsq", a), dest)
            if name == "abs":  # max(a, -a) (fxc's preshader)
                return self.op("max", a, self.neg(a), dest)
            if name == "floor":
                return self.floor(a, dest)
            if name == "ceil":  # -floor(-a) = a + frc(-a) (inferred: fxc's object folds its ceil away)
                return self.op("add", a, self.un("frc", self.neg(a), base="float"), dest, base="float")
            if name == "trunc":
                return self.trunc(a, dest, base="float")
            if name in ("sin", "cos"):
                return self.sin_cos(name, a, dest)
            if name == "tan":
                return self.div(self.sin_cos("sin", a), self.sin_cos("cos", a), dest)
            if name == "exp":  # exp2(a * log2(e)), as the compiler expands exp
                return self.un("exp", self.op("mul", a, self.lit(_LOG2_E)), dest, base="float")
            if name == "log":  # log2(a) * ln(2)
                return self.op("mul", self.un("log", a, base="float"), self.lit(_LN_2), dest, base="float")
            if name == "log10":
                return self.op("mul", self.un("log", a, base="float"), self.lit(_LN_2 / math.log(10)), dest,
                               base="float")
            if name == "saturate":
                return self.op("min", self.op("max", a, self.lit(0.0)), self.lit(1.0), dest, base="float")
            if name == "sign":  # (0 < a) - (a < 0)
                pos = self.op("lt", self.lit(0.0), a)
                return self.sub(pos, self.op("lt", a, self.lit(0.0)), dest).typed("int")
            if name == "radians":
                return self.op("mul", a, self.lit(math.pi / 180), dest, base="float")
            if name == "degrees":
                return self.op("mul", a, self.lit(180 / math.pi), dest, base="float")
            if name == "length":
                return self.call(A.Call(node.pos, "sqrt", [A.Call(node.pos, "dot", [args[0], args[0]])]), dest)
            if name in ("any", "all") and a.comps >= 1:
                t = [self.truth(a.comp(c)) for c in range(a.comps)]
                acc = t[0]
                for x in t[1:]:
                    acc = self.op("max" if name == "any" else "mul", acc, x)
                return self.un("mov", acc, dest, base="bool") if dest is not None else acc
        if len(args) == 2:
            if name in _BINARY_INTRINSICS:
                return self.op(_BINARY_INTRINSICS[name], self.value(args[0]), self.value(args[1]), dest)
            a, b = self.value(args[0]), self.value(args[1])
            if name == "dot":
                if a.comps != b.comps:
                    raise _unsupported("dot of operands of different widths")
                out = dest or self.p.temp(1, "float")
                out = _Val(out.table, out.index, 1, _result_base(a.base, b.base))
                # the runtime's dot sums the products of all the inputs' components into one (component count:
                # the inputs')
                self.p.code.append(_instruction("dot", a.comps, [a, b], out))
                return out
            if name == "step":  # b >= a
                return self.op("ge", b, a, dest, base="float")
            if name == "atan2":
                return self.op("atan2", a, b, dest, base="float")
            if name == "pow":  # exp2(b * log2(a)), as the compiler expands pow of a non-literal exponent
                return self.un("exp", self.op("mul", b, self.un("log", a, base="float")), dest, base="float")
            if name == "fmod":  # a - b * trunc(a / b)
                q = self.trunc(self.div(a, b), base="float")
                return self.sub(a, self.op("mul", b, q), dest).typed("float")
            if name == "distance":
                d = A.Binary(node.pos, "-", args[0], args[1])
                return self.call(A.Call(node.pos, "length", [d]), dest)
        if len(args) == 3:
            a, b, c = (self.value(x) for x in args)
            if name == "clamp":
                return self.op("min", self.op("max", a, b), c, dest)
            if name == "lerp":  # a + t * (b - a)
                return self.op("add", a, self.op("mul", c, self.sub(b, a)), dest, base="float")
        raise _unsupported(f"the intrinsic '{name}' with {len(args)} arguments")

    def matrix(self, node) -> _Mat | None:
        """``node`` naming a matrix parameter (``M``, ``Ms[k]`` with a literal k), or None."""
        element = None
        if isinstance(node, A.Index) and isinstance(node.a, A.Ident):
            t = self.p.params.get(node.a.name)
            if t is None or t.type.pclass != B.D3DXPC_MATRIX_ROWS or not t.type.elements:
                return None
            k = const_value(NumType("int"), node.index, self.p.consts)
            if k is None:
                raise _unsupported(f"an element of '{node.a.name}' chosen at run time")
            node, element = node.a, int(k.vals[0])
        if not isinstance(node, A.Ident) or node.name not in self.p.params:
            return None
        t = self.p.params[node.name].type
        if t.pclass != B.D3DXPC_MATRIX_ROWS or (t.elements and element is None):
            return None
        return _matrix_param(self.p, node.name, element)

    def gather(self, parts: list[_Val], whole: _Val | None = None) -> _Val:
        """Components read in place when they are one run (``whole``), else moved one by one into a temporary."""
        if whole is not None:
            return whole
        if len(parts) == 1:
            return parts[0]
        out = self.p.temp(len(parts), parts[0].base)
        for c, v in enumerate(parts):
            self.p.emit("mov", out.comp(c), [v])
        return out

    def matrix_swizzle(self, m: _Mat, name: str) -> _Val:
        """``M._11_22`` (one-based) or ``M._m00_m11`` (zero-based) elements."""
        import re

        one = re.fullmatch(r"(?:_[1-4][1-4])+", name)
        zero = re.fullmatch(r"(?:_m[0-3][0-3])+", name)
        if not (one or zero):
            raise _unsupported(f"the matrix member .{name}")
        pairs = re.findall(r"_m?([0-3])([0-3])" if zero else r"_([1-4])([1-4])", name)
        off = 0 if zero else 1
        idx = [(int(i) - off, int(j) - off) for i, j in pairs]
        if any(i >= m.rows or j >= m.cols for i, j in idx) or len(idx) > 4:
            raise _unsupported(f"the matrix member .{name} of a {m.rows}x{m.cols} matrix")
        return self.gather([m.elem(i, j) for i, j in idx])

    def mul(self, node: A.Call, dest: _Val | None) -> _Val:
        """``mul(v, M)`` and ``mul(M, v)`` (a vector result): each component a dot of the vector with a column
        (row) of the matrix, the runtime's ``dot`` where that column (row) is one register, else multiply-adds of
        its elements; ``mul`` of scalars or a scalar and a vector is ``*``."""
        a_node, b_node = node.args
        ma, mb = self.matrix(a_node), self.matrix(b_node)
        if ma is not None and mb is not None:
            raise _unsupported("mul of two matrices (a matrix value)")
        if ma is None and mb is None:
            return self.op("mul", self.value(a_node), self.value(b_node), dest)
        m = ma or mb
        v = self.value(b_node if ma is not None else a_node)
        n = m.cols if ma is not None else m.rows  # the vector's width: M's columns for mul(M, v)
        if v.comps != n:
            raise _unsupported(f"mul of a {v.comps}-component vector and a {m.rows}x{m.cols} matrix")
        count = m.rows if ma is not None else m.cols
        out = dest or self.p.temp(count, "float")
        out = _Val(out.table, out.index, count, _result_base(v.base, m.base))
        for k in range(count):
            line = m.row(k) if ma is not None else m.col(k)
            elems = [m.elem(k, i) for i in range(n)] if ma is not None else [m.elem(i, k) for i in range(n)]
            target = out.comp(k) if count > 1 else out
            if line is not None and n > 1:
                self.p.code.append(_instruction("dot", n, [v, line], target))
                continue
            acc = self.op("mul", v.comp(0), elems[0], target if n == 1 else None)
            for i in range(1, n):
                acc = self.op("add", acc, self.op("mul", v.comp(i), elems[i]), target if i == n - 1 else None)
        return out

    def _width(self, name: str) -> int:
        t = self.p.params[name].type
        return t.cols if t.pclass == B.D3DXPC_VECTOR else 1

    def swizzle(self, node: A.Member) -> _Val:
        """A swizzle: an ascending run of a parameter's components is read in place; any other (a repeat, another
        order, a computed value's components) is moved one component at a time into a temporary."""
        letters = _SWIZZLE if all(c in _SWIZZLE for c in node.name) else _RGBA
        idx = [letters.find(c) for c in node.name]
        if -1 in idx or not 1 <= len(idx) <= 4:
            raise _unsupported(f"the member or swizzle .{node.name}")
        src = self.value(node.a)
        if max(idx) >= max(src.comps, 1) and not (src.comps == 1 and max(idx) == 0):
            raise _unsupported(f"the swizzle .{node.name} past the value's components")
        if src.table == _PARAM and idx == list(range(idx[0], idx[0] + len(idx))):
            return _Val(src.table, src.index + idx[0], len(idx), src.base)
        out = self.p.temp(len(idx), src.base)
        for c, k in enumerate(idx):
            self.p.emit("mov", out.comp(c) if len(idx) > 1 else out, [src.comp(k)])
        return out

    def binary(self, node: A.Binary, dest: _Val | None) -> _Val:  # noqa: C901 - one dispatch over operators
        op = node.op
        if op in ("&&", "||"):
            a, b = self.truth(self.value(node.a)), self.truth(self.value(node.b))
            # both 0 or 1: and = a * b, or = max(a, b) (inferred; HLSL evaluates both operands of a vector-free
            # expression without side effects, so no short circuit is needed)
            return self.op("mul" if op == "&&" else "max", a, b, dest, base="bool")
        a, b = self.value(node.a), self.value(node.b)
        if op in ("+", "*"):
            return self.op("add" if op == "+" else "mul", a, b, dest)
        if op == "-":
            return self.sub(a, b, dest)
        if op == "/":
            if "float" not in (a.base, b.base):  # integer division truncates toward zero (fxc: rcp, mul, trunc)
                return self.trunc(self.div(a, b), dest)
            return self.div(a, b, dest)
        if op == "%":  # a - b * trunc(a / b): C's remainder, the dividend's sign
            q = self.trunc(self.div(a, b), base="int" if "float" not in (a.base, b.base) else "float")
            return self.sub(a, self.op("mul", b, q), dest).typed(_result_base(a.base, b.base))
        if op in ("<", ">", "<=", ">="):
            if op in (">", "<="):
                a, b = b, a
            return self.op("lt" if op in ("<", ">") else "ge", a, b, dest, base="bool")
        if op == "==":
            return self.eq(a, b, dest)
        if op == "!=":
            e = self.eq(a, b)
            return self.op("add", self.lit(1.0), self.neg(e), dest, base="bool")
        raise _unsupported(f"the operator '{op}'")


def _children(node) -> list:
    if isinstance(node, (A.Binary,)):
        return [node.a, node.b]
    if isinstance(node, (A.Unary, A.Cast, A.Member, A.Postfix)):
        return [node.a]
    if isinstance(node, A.Index):
        return [node.a, node.index]
    if isinstance(node, (A.Call, A.Construct)):
        return list(node.args)
    if isinstance(node, A.Ternary):
        return [node.cond, node.a, node.b]
    return []


def reads_parameter(node, params: dict) -> bool:
    """Whether ``node`` reads an effect parameter (an expression the runtime must evaluate)."""
    if isinstance(node, A.Ident):
        return node.name in params
    return any(reads_parameter(c, params) for c in _children(node))


def expression_program(node, params: dict, consts: dict, row_major: dict, comps: int, flags: int,
                       selector: bool = False) -> tuple[bytes, str, int]:
    """The expression program computing ``node`` into ``comps`` result components (``selector``: an array
    selector's index), the value's HLSL scalar type and its component count (see the module)."""
    prog = _Program(params, consts, row_major)
    comp = _Compiler(prog)
    out = comp.value(node, _Val(_OUT, 0, comps, "float"))
    if out.table != _OUT:
        # a plain operand (a swizzle of a parameter, a literal): moved to the result
        prog.emit("mov", _Val(_OUT, 0, out.comps, out.base), [out])
    if out.comps != comps:
        raise _unsupported(f"a value of {out.comps} components for a state of {comps}")
    constants = [param_constant(name, params[name], row_major.get(name, False), *prog.regs[name])
                 for name in prog.order]
    lits = prog.literals + [0.0] * (-len(prog.literals) % 4)
    if len(lits) == 4:
        lits = []  # no literal read: an empty table (fxc's reference programs)
    return encode_program(constants, lits, prog.code, flags, selector), out.base, out.comps

