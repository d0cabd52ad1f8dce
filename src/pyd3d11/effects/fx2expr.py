"""Computing state expressions of ``fx_2_0`` effects: an expression over parameters -> an FXLC program.

A D3D9 effect state may be set from an expression of effect parameters (MicrosoftDocs direct3d9 "Expressions
(Direct3D 9)": ``FogStart = g_fStart * 2;``, ``ZEnable = (g_b > 0);``, ``VertexShader = (vsArray[n + 1]);``).
The effect runtime evaluates it on the CPU each time the pass is applied; fxc stores it as an effect expression
program (a preshader, :mod:`.fx2preshader`) in the state's resource. This module compiles such an expression.

The instruction encoding (fxc's objects, read with the layout :mod:`.fx2preshader` gives): one token per
instruction -- the component count in bits 0-2, the opcode in bits 20-30, bit 31 the scalar form (input 0 is
one component, applied to every component of the others) --, the input count, each input and then the output as
(0, table, component offset); tables 1 = the literal table (CLIT, doubles), 2 = the parameters (CTAB), 4 = the
result, 7 = temporaries. Opcodes of the FX 2.0 expression machine: mov 0x100, neg 0x101, rcp 0x103, frc 0x104,
rsq 0x107, sqrt 0x112, floor 0x139, ceil 0x13A, min 0x200, max 0x201, lt 0x202, ge 0x203, add 0x204, mul 0x205,
div 0x208.

What fxc's object fixes (DXDecompiler's Effect_ShaderArray: ``vsArray20[CurNumBones + 1]``, byte-equal): an int
parameter is read as a float register and added with the float ``add`` (the runtime converts the register); a
one-component binary operation takes the scalar form; the literal table starts with one zero register and the
first literal is component 4, the table padded to whole registers; the operation that makes the value writes the
result table directly. Inferred (no object of fxc shows them, so these are this project's choices, each keeping
the runtime's value right): parameters take registers in the order they are first read; each intermediate value
gets a temporary register of its own; distinct literals take consecutive components; a scalar operand of a
vector operation of ``+ * min max`` is moved first for the scalar form; ``a - b`` is neg then add, ``a > b`` is
``lt(b, a)``, ``a <= b`` is ``ge(b, a)``; the state's value has the expression's type (INT for int arithmetic,
BOOL for a comparison, FLOAT otherwise; fxc writes the parameter's type for a plain reference).

Not built (NotSupportedError naming "fx_2_0 state expression (preshader)"): matrices, swizzles that are not one
ascending run, integer division and modulo, ``== != && || ! ?:``, casts to integers, and intrinsics other than
min, max, floor, ceil, frac, sqrt, rsqrt, rcp, abs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import NotSupportedError
from ..shader.hlsl import ast as A
from ..shader.hlsl.constexpr import const_value
from ..shader.hlsl.types import NumType
from . import fx2binary as B
from .fx2preshader import encode_program, param_constant

_LIT, _PARAM, _OUT, _TEMP = 1, 2, 4, 7
_OPS = {"mov": 0x100, "neg": 0x101, "rcp": 0x103, "frc": 0x104, "rsq": 0x107, "sqrt": 0x112, "floor": 0x139,
        "ceil": 0x13A, "min": 0x200, "max": 0x201, "lt": 0x202, "ge": 0x203, "add": 0x204, "mul": 0x205,
        "div": 0x208}
#: HLSL intrinsics with one FXLC operation of the same meaning
_UNARY_INTRINSICS = {"floor": "floor", "ceil": "ceil", "frac": "frc", "sqrt": "sqrt", "rsqrt": "rsq", "rcp": "rcp"}
_BINARY_INTRINSICS = {"min": "min", "max": "max"}
_COMMUTATIVE = ("add", "mul", "min", "max")
_SWIZZLE = "xyzw"
_RGBA = "rgba"


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
        token = (_OPS[op] << 20) | out.comps | (0x80000000 if scalar else 0)
        words = [token, len(ins)]
        for v in [*ins, out]:
            words += [0, v.table, v.index]
        self.code.append(words)

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


def _result_base(a: str, b: str) -> str:
    return "float" if "float" in (a, b) else "int"


class _Compiler:
    def __init__(self, prog: _Program) -> None:
        self.p = prog

    def fold(self, node) -> _Val | None:
        """A subexpression of literals and static constants: its components in the literal table."""
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

    @staticmethod
    def _int_literal(node) -> bool:
        return isinstance(node, A.Literal) and node.base in ("lit_int", "int", "uint")

    def value(self, node, dest: _Val | None = None) -> _Val:
        """Compile ``node``; an operation writes ``dest`` when given (the result table for the root)."""
        if isinstance(node, A.Literal) or not reads_parameter(node, self.p.params):
            v = self.fold(node)
            if v is None:
                raise _unsupported("a constant subexpression this compiler cannot evaluate")
            return v
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
            a = self.value(node.a)
            out = dest or self.p.temp(a.comps, a.base)
            self.p.emit("neg", _Val(out.table, out.index, a.comps, a.base), [a])
            return _Val(out.table, out.index, a.comps, a.base)
        if isinstance(node, A.Binary):
            return self.binary(node, dest)
        if isinstance(node, A.Call) and node.name in _UNARY_INTRINSICS and len(node.args) == 1:
            a = self.value(node.args[0])
            out = dest or self.p.temp(a.comps, "float")
            self.p.emit(_UNARY_INTRINSICS[node.name], _Val(out.table, out.index, a.comps, "float"), [a])
            return _Val(out.table, out.index, a.comps, "float")
        if isinstance(node, A.Call) and node.name == "abs" and len(node.args) == 1:
            # |a| = max(a, -a)
            a = self.value(node.args[0])
            n = self.p.temp(a.comps, a.base)
            self.p.emit("neg", n, [a])
            return self.op("max", a, n, dest)
        if isinstance(node, A.Call) and node.name in _BINARY_INTRINSICS and len(node.args) == 2:
            return self.op(_BINARY_INTRINSICS[node.name], self.value(node.args[0]), self.value(node.args[1]), dest)
        if isinstance(node, A.Cast) and isinstance(node.type, NumType) and node.type.base in ("float", "half") \
                and node.type.shape == "s":
            return self.value(node.a, dest)
        raise _unsupported(f"the operation {type(node).__name__}"
                           + (f" '{getattr(node, 'op', getattr(node, 'name', ''))}'"
                              if hasattr(node, "op") or hasattr(node, "name") else ""))

    def _width(self, name: str) -> int:
        t = self.p.params[name].type
        return t.cols if t.pclass == B.D3DXPC_VECTOR else 1

    def swizzle(self, node: A.Member) -> _Val:
        letters = _SWIZZLE if all(c in _SWIZZLE for c in node.name) else _RGBA
        idx = [letters.find(c) for c in node.name]
        if -1 in idx or idx != list(range(idx[0], idx[0] + len(idx))):
            raise _unsupported(f"the swizzle .{node.name} (not one ascending run)")
        src = self.value(node.a)
        if src.table != _PARAM or idx[-1] >= src.comps:
            raise _unsupported(f"the swizzle .{node.name} of a computed value")
        return _Val(src.table, src.index + idx[0], len(idx), src.base)

    def binary(self, node: A.Binary, dest: _Val | None) -> _Val:
        op = node.op
        if op in ("+", "*"):
            return self.op("add" if op == "+" else "mul", self.value(node.a), self.value(node.b), dest)
        if op == "-":
            a, b = self.value(node.a), self.value(node.b)
            n = self.p.temp(b.comps, b.base)
            self.p.emit("neg", n, [b])
            return self.op("add", a, n, dest)
        if op == "/":
            a, b = self.value(node.a), self.value(node.b)
            if "float" not in (a.base, b.base):
                raise _unsupported("integer division")
            return self.op("div", a, b, dest)
        if op in ("<", ">", "<=", ">="):
            a, b = self.value(node.a), self.value(node.b)
            if op in (">", "<="):
                a, b = b, a
            out = self.op("lt" if op in ("<", ">") else "ge", a, b, dest)
            return _Val(out.table, out.index, out.comps, "bool")
        raise _unsupported(f"the operator '{op}'")

    def op(self, name: str, a: _Val, b: _Val, dest: _Val | None) -> _Val:
        """A binary operation with HLSL's scalar promotion: equal widths, or one scalar operand (the scalar form,
        the scalar first; commutative operations swap, others need their scalar first)."""
        base = _result_base(a.base, b.base)
        if a.comps != b.comps and 1 not in (a.comps, b.comps):
            raise _unsupported(f"operands of {a.comps} and {b.comps} components")
        if b.comps == 1 and a.comps > 1:
            if name not in _COMMUTATIVE:
                raise _unsupported(f"{name} of a vector by a scalar")
            a, b = b, a
        comps = max(a.comps, b.comps)
        out = dest or self.p.temp(comps, base)
        out = _Val(out.table, out.index, comps, base)
        self.p.emit(name, out, [a, b], scalar=a.comps == 1)
        return out


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

