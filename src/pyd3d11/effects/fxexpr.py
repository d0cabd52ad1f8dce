"""Compiling an fx_4/fx_5 state expression over effect variables to an FXLVM program (:mod:`.fxlvm`).

``DepthFunc = i + 2;``, ``BlendEnable[0] = f * g;`` and the index of ``DepthStencilArray[i * 3 + j]`` are
computed by the effect runtime from the variables' current values. The expression is taken apart into its
scalar components (each a small graph of operations, shared where equal), converted to the state's type
(``ftob`` for a bool state, ``ftoi``/``itof`` for int/float, as fxc's objects do), and written out one
instruction per component; an operation of the same kind over components that lie one after another in every
operand is written once as a vector instruction (fxc's ``sin r1, r0``; ``mul r0.x, a.x, m[3].z`` stays scalar).

What fxc's objects fix (DXDecompiler's EffectExpressions_4_0/5_0 objects; byte-equal for
``DepthFunc = i + 2``, ``BlendEnable[0] = f * g`` and ``DepthStencilArray[i * 3 + j]``, tests in
tests/test_fx11_fxlvm.py): operands in source order; the operation that makes the value writes the result
table; temporaries from r0.x; literals in the order the program first reads them, padded to a register;
a bool variable read as ``bine v, 0``; bool to number as ``and mask, 1`` / ``and mask, 1.0f``; ``a - b`` as
``neg`` then ``add``; int division through ``imax(x, -x)``, ``udiv`` and the sign (``xor``, ``and 0x80000000``,
``movc``); ``tan`` as ``sin / cos``; the constant table registers given largest first, then in constant-buffer
order (inferred from two programs: bar 0-4, m 5-8, a 9; i, j, l, b1, a, b in buffer order).

Inferred where fxc's objects are silent (the result is the HLSL value either way): temporaries take the lowest
free component; float ``<``/``>=`` are ``lt``/``ge`` (1.0 / 0.0) then ``ftob``; ``==``/``!=`` of floats
combine two ``ge``; ``exp``/``log`` scale ``exp``/``log`` (base 2); ``%`` is ``x - trunc(x / y) * y``.
A user function called from the expression is inlined (:class:`_Inliner`): parameters bound to the arguments,
locals as values, assignments under an ``if`` and returns selected with ``movc`` -- fxc's own code for
EffectExpressions' ``func()`` / ``func2()`` is ordered and folded by its optimiser, so those programs are compared
by what they compute (tests/test_fx11_fxlvm.py), not byte for byte.

Loops in an inlined function are unrolled (:meth:`_Inliner.loop`: the machine has no branch, so only loops whose
conditions fold to constants compile). Not built (NotSupportedError naming "FXLVM state expression"): loops whose
condition reads a variable, ``break``/``continue``, overloads without one exact match of the arguments' types,
``out`` arguments that are no local of a calling function, run-time array indices into variables, intrinsics outside :data:`_UNARY` / :data:`_BINARY` and
the few composed below, doubles.
"""

from __future__ import annotations

import math
import struct

from ..errors import NotSupportedError
from ..shader.hlsl import ast as A
from ..shader.hlsl.types import VoidType
from ..shader.sm2 import ctab as C
from . import fxlvm as L
from . import model as M


def _unsupported(what: str) -> NotSupportedError:
    return NotSupportedError(f"Effects 11: FXLVM state expression: {what}")


def _FBITS(x: float) -> int:  # noqa: N802 - the float's bit pattern, as the literal table holds it
    return struct.unpack("<I", struct.pack("<f", x))[0]
_UNARY = {"sin": "sin", "cos": "cos", "asin": "asin", "acos": "acos", "atan": "atan", "sqrt": "sqrt",
          "rsqrt": "rsq", "rcp": "rcp", "frac": "frc", "floor": "floor", "ceil": "ceil", "round": "round",
          "exp2": "exp", "log2": "log"}
_BINARY = {"atan2": "atan2"}
_SCALAR_OF = {M.EST_Float: "f", M.EST_Int: "i", M.EST_UInt: "u", M.EST_Bool: "b"}
_BASE = {"float": "f", "half": "f", "min16float": "f", "min10float": "f", "int": "i", "min16int": "i",
         "min12int": "i", "uint": "u", "dword": "u", "min16uint": "u", "bool": "b", "lit_float": "f",
         "lit_int": "i"}


class _Compiler:
    def __init__(self, numeric: dict, consts: dict, target: str, functions: dict | None = None) -> None:
        self.numeric, self.consts, self.target, self.functions = numeric, consts, target, functions or {}
        #: the inlined function's locals and parameters: name -> (scalar type, components)
        self.env: dict[str, tuple[str, list[tuple]]] = {}
        #: the inlined function and path of the statement being compiled (out arguments are written under it)
        self.caller: tuple | None = None
        #: node key -> scalar type; keys: ("var", name, component) | ("lit", bits) | (op, *keys)
        self.types: dict[tuple, str] = {}
        self.reads: dict[str, int] = {}  # variable -> highest component read
        self.order: list[tuple] = []  # operation nodes in the order they were made
        self.group: dict[tuple, tuple] = {}
        self.epoch = 0
        self.runs = 0

    # -- building nodes --------------------------------------------------------------------------------------
    def lit(self, bits: int, t: str) -> tuple:
        k = ("lit", bits & 0xFFFFFFFF)
        self.types.setdefault(k, t)
        return k

    def op(self, name: str, t: str, *args: tuple) -> tuple:
        k = (name, *args)
        if k not in self.types:
            # the scalar operations one vector operation of the source makes (made one after another, none
            # reading another) form one group: the program is written group by group in the order the source's
            # operations are taken (fxc: the four ``mul`` of ``a * m[2].wyzx``, then ``sin r1, r0``, then the
            # four ``add``)
            prev = self.order[-1] if self.order else None
            if prev is None or prev[0] != name or self.group[prev][0] != self.epoch or any(
                    self.group.get(a) == self.group[prev] for a in _children(k)):
                self.runs += 1
            self.group[k] = (self.epoch, self.runs)
            self.order.append(k)
        self.types[k] = t
        return k

    def convert(self, k: tuple, to: str) -> tuple:
        t = self.types[k]
        if t == to or {t, to} == {"i", "u"}:
            if t != to:
                k2 = ("as", to, k)
                self.types[k2] = to
                return k2
            return k
        if k[0] == "lit":
            v = self._lit_value(k, t)
            return self.lit(_to_bits(v, to), to)
        if to == "b":
            return self.op("ftob" if t == "f" else "itob", "b", k)
        if t == "b":
            return self.op("and", to, k, self.lit(_FBITS(1.0) if to == "f" else 1, to))
        if to == "f":
            return self.op("itof" if t == "i" else "utof", "f", k)
        return self.op("ftoi" if to == "i" else "ftou", to, k)

    def _lit_value(self, k: tuple, t: str) -> float | int:
        bits = k[1]
        if t == "f":
            return struct.unpack("<f", struct.pack("<I", bits))[0]
        if t == "i":
            return bits - (1 << 32) if bits & 0x80000000 else bits
        return bits

    # -- expressions -> lists of component keys ----------------------------------------------------------------
    def value(self, n) -> list[tuple]:
        self.epoch += 1
        out = self._value(n)
        self.epoch += 1
        return out

    def _value(self, n) -> list[tuple]:
        if isinstance(n, A.Literal):
            t = _BASE.get(n.base)
            if t is None:
                raise _unsupported(f"{n.base} literals")
            return [self.lit(_to_bits(n.value, t), t)]
        if isinstance(n, A.Ident):
            if n.name in self.env:
                return list(self.env[n.name][1])
            if n.name in self.numeric:
                var = self.numeric[n.name]
                return self._var_components(n.name, var.type, 0)
            if n.name in self.consts:
                return self._const(n)
            raise _unsupported(f"'{n.name}' is no numeric effect variable")
        if isinstance(n, (A.Index, A.Member)):
            path = self._path(n)
            if path is not None:
                return path
            base = self.value(n.a)
            if isinstance(n, A.Member):
                return [base[i] for i in _swizzle(n.name, len(base))]
            raise _unsupported("indexing a computed value")
        if isinstance(n, A.Unary):
            a = self.value(n.a)
            if n.op == "+":
                return a
            if n.op == "-":
                return [self.op("neg" if self.types[c] == "f" else "ineg", self.types[c], c)
                        for c in self._promote_ints(a)]
            if n.op == "!":
                return [self.op("bieq", "b", self.convert(c, "b"), self.lit(0, "i")) for c in a]
            if n.op == "~":
                return [self.op("not", self.types[c], c) for c in self._promote_ints(a)]
            raise _unsupported(f"operator {n.op}")
        if isinstance(n, A.Binary):
            return self._binary(n.op, self.value(n.a), self.value(n.b))
        if isinstance(n, A.Ternary):
            cond, a, b = self.value(n.cond), self.value(n.a), self.value(n.b)
            width = max(len(cond), len(a), len(b))
            cond, a, b = (_splat(v, width) for v in (cond, a, b))
            t = _arith_type([self.types[c] for c in a + b])
            return [self.op("movc", t, self.convert(c, "b"), self.convert(x, t), self.convert(y, t))
                    for c, x, y in zip(cond, a, b, strict=True)]
        if isinstance(n, (A.Cast, A.Construct)):
            t = n.type
            base = _BASE.get(getattr(t, "base", None))
            if base is None:
                raise _unsupported(f"casts to {t}")
            comps = [c for a in (n.args if isinstance(n, A.Construct) else [n.a]) for c in self.value(a)]
            size = getattr(t, "rows", 1) * getattr(t, "cols", 1)
            if len(comps) == 1:
                comps = comps * size
            return [self.convert(c, base) for c in comps[:size]]
        if isinstance(n, A.Call):
            return self._call(n)
        raise _unsupported(f"{type(n).__name__} expressions")

    def _inline(self, n: A.Call, statement: bool = False) -> list[tuple]:
        funcs = [f for f in self.functions[n.name] if len(f.params) == len(n.args)]
        outs = [any(m in p.mods for m in ("out", "inout")) for f in funcs for p in f.params]
        # an out argument is a local of the calling function, not read as a value when only ``out``
        args = [None if isinstance(a, A.Ident) and a.name in self.env and len(funcs) == 1 and
                "out" in funcs[0].params[k].mods and "inout" not in funcs[0].params[k].mods else self.value(a)
                for k, a in enumerate(n.args)]
        if len(funcs) > 1:
            # HLSL overload resolution: an exact match of every argument's type wins over any conversion; only that
            # case is built (a literal argument keeps its literal type, which HLSL ranks its own way)
            exact = [f for f in funcs if all(a is not None and not any(x[0] == "lit" for x in a) and
                                             _type_of(p.type) == (self.types[a[0]], len(a))
                                             for p, a in zip(f.params, args, strict=True))]
            if len(exact) != 1 or any(outs):
                raise _unsupported(f"the call {n.name}() (overloads without one exact match)")
            funcs = exact
        if not funcs:
            raise _unsupported(f"the call {n.name}() with {len(n.args)} arguments")
        f = funcs[0]
        saved = self.env
        self.env = {}
        for p, a in zip(f.params, args, strict=True):
            t, size = _type_of(p.type)
            if "out" in p.mods and "inout" not in p.mods:
                a = [self.lit(0, t)]  # an out parameter starts undefined; zero here
            self.env[p.name] = (t, [self.convert(x, t) for x in _splat(a, size)[:size]])
        inl = _Inliner(self, f)
        try:
            inl.block(f.body.stmts, None)
        except _Return:
            pass
        finally:
            callee, self.env = self.env, saved
        if inl.ret is None and not (statement and inl.rtype is None):
            raise _unsupported(f"{n.name}() returns no value")
        for p, a in zip(f.params, n.args, strict=True):
            if "out" in p.mods or "inout" in p.mods:
                self._copy_out(n.name, a, callee[p.name][1])
        return inl.ret or []

    def _copy_out(self, fname: str, arg, vals: list[tuple]) -> None:
        """An out / inout parameter's value copied to its argument when the call returns (HLSL's copy-out), in
        the lanes where the calling statement runs."""
        caller = self.caller
        if caller is None or not isinstance(arg, A.Ident) or arg.name not in self.env:
            raise _unsupported(f"the out argument of {fname}() is no local of a calling function")
        inl, path = caller
        t, old = self.env[arg.name]
        self.env[arg.name] = (t, inl.select(inl.active(path), _splat(vals, len(old))[:len(old)], old, t))

    def _const(self, n) -> list[tuple]:
        from ..shader.hlsl.constexpr import const_value

        cv = const_value(None, n, self.consts)
        if cv is None or cv.vals is None:
            raise _unsupported(f"the constant '{getattr(n, 'name', n)}'")
        t = _BASE.get(getattr(cv.type, "base", "float"), "f")
        return [self.lit(_to_bits(v, t), t) for v in cv.vals]

    def _path(self, n) -> list[tuple] | None:
        """A variable element, member, row or swizzle at constant indices: its components."""
        chain = []
        cur = n
        while isinstance(cur, (A.Index, A.Member)):
            chain.append(cur)
            cur = cur.a
        if not (isinstance(cur, A.Ident) and cur.name in self.numeric) or cur.name in self.env:
            return None
        name = cur.name
        t: M.FxType = self.numeric[name].type
        offset = 0
        comps: list[tuple] | None = None
        for node in reversed(chain):
            if comps is not None:  # a swizzle of a vector already taken
                if not isinstance(node, A.Member):
                    raise _unsupported("indexing a vector")
                comps = [comps[i] for i in _swizzle(node.name, len(comps))]
                continue
            if isinstance(node, A.Index):
                from .fxparse import literal_number

                idx = literal_number(node.index)
                if idx is None:
                    raise _unsupported("run-time indices into variables")
                idx = int(idx)
                if t.elements:
                    el = t.element()
                    if not 0 <= idx < t.elements:
                        raise _unsupported("an index past the array")
                    offset += idx * t.stride
                    t = el
                elif t.layout == M.ENL_Matrix:
                    comps = [self._var_comp(name, offset, t, idx, c) for c in range(t.cols)]
                elif t.layout == M.ENL_Vector:
                    comps = [self._var_components(name, t, offset)[idx]]
                else:
                    raise _unsupported("indexing a scalar")
            else:
                if t.var_type == M.EVT_Struct:
                    m = next((m for m in t.members if m[0] == node.name), None)
                    if m is None:
                        raise _unsupported(f"member '{node.name}'")
                    offset += m[2]
                    t = m[3]
                elif t.layout == M.ENL_Matrix:
                    comps = [self._var_comp(name, offset, t, r, c) for r, c in _matrix_swizzle(node.name)]
                else:
                    base = self._var_components(name, t, offset)
                    comps = [base[i] for i in _swizzle(node.name, len(base))]
        if comps is None:
            comps = self._var_components(name, t, offset)
        return comps

    def _var_comp(self, name: str, offset: int, t: M.FxType, r: int, c: int) -> tuple:
        off = offset + (16 * c + 4 * r if t.column_major else 16 * r + 4 * c)
        return self._read(name, off // 4, _SCALAR_OF.get(t.scalar, "f"))

    def _var_components(self, name: str, t: M.FxType, offset: int) -> list[tuple]:
        if t.var_type != M.EVT_Numeric or t.elements:
            raise _unsupported(f"reading the whole {t.name} '{name}'")
        if t.layout == M.ENL_Matrix:
            return [self._var_comp(name, offset, t, r, c) for r in range(t.rows) for c in range(t.cols)]
        return [self._read(name, offset // 4 + k, _SCALAR_OF.get(t.scalar, "f")) for k in range(t.cols)]

    def _read(self, name: str, comp: int, t: str) -> tuple:
        self.reads[name] = max(self.reads.get(name, -1), comp)
        k = ("var", name, comp)
        if t == "b":
            # a bool variable holds any non-zero value for true: fxc normalises it (``bine b1.x, (0)``)
            self.types[k] = "i"
            return self.op("bine", "b", k, self.lit(0, "i"))
        self.types[k] = t
        return k

    # -- operators ---------------------------------------------------------------------------------------------
    def _promote_ints(self, comps: list[tuple]) -> list[tuple]:
        return [self.convert(c, "i") if self.types[c] == "b" else c for c in comps]

    def _binary(self, op: str, a: list[tuple], b: list[tuple]) -> list[tuple]:
        width = max(len(a), len(b)) if min(len(a), len(b)) == 1 else min(len(a), len(b))
        a, b = _splat(a, width)[:width], _splat(b, width)[:width]
        if op in ("&&", "||"):
            name = "and" if op == "&&" else "or"
            return [self.op(name, "b", self.convert(x, "b"), self.convert(y, "b")) for x, y in zip(a, b, strict=True)]
        t = _arith_type([self.types[c] for c in a + b])
        a, b = [self.convert(c, t) for c in a], [self.convert(c, t) for c in b]
        if op == "-":  # ``a - b`` is neg then add (fxc), every component's neg first
            b, op = [self.op("neg" if t == "f" else "ineg", t, y) for y in b], "+"
        out = []
        for x, y in zip(a, b, strict=True):
            out.append(self._scalar_binary(op, t, x, y))
        return out

    def _scalar_binary(self, op: str, t: str, x: tuple, y: tuple) -> tuple:
        f = t == "f"
        if op == "+":
            return self.op("add" if f else "iadd", t, x, y)
        if op == "-":
            return self.op("add" if f else "iadd", t, x, self.op("neg" if f else "ineg", t, y))
        if op == "*":
            return self.op("mul" if f else "imul", t, x, y)
        if op == "/":
            if f:
                return self.op("div", t, x, y)
            if t == "u":
                return self.op("udiv", t, x, y)
            return self._idiv(x, y)
        if op == "%":
            if f:
                q = self.op("div", t, x, y)
                trunc = self.op("cmp", t, q, self.op("floor", t, q), self.op("ceil", t, q))
                return self.op("add", t, x, self.op("neg", t, self.op("mul", t, trunc, y)))
            q = self.op("udiv", t, x, y) if t == "u" else self._idiv(x, y)
            return self.op("iadd", t, x, self.op("ineg", t, self.op("imul", t, q, y)))
        if op in ("&", "|", "^", "<<", ">>"):
            if f:
                raise _unsupported(f"operator {op} on floats")
            name = {"&": "and", "|": "or", "^": "xor", "<<": "ishl", ">>": "ishr" if t == "i" else "ushr"}[op]
            return self.op(name, t, x, y)
        if op in ("<", ">", "<=", ">=", "==", "!="):
            if op in (">", "<="):
                x, y, op = y, x, {">": "<", "<=": ">="}[op]
            if f:
                if op == "<":
                    return self.op("ftob", "b", self.op("lt", "f", x, y))
                if op == ">=":
                    return self.op("ftob", "b", self.op("ge", "f", x, y))
                both = self.op("and", "b", self.op("ftob", "b", self.op("ge", "f", x, y)),
                               self.op("ftob", "b", self.op("ge", "f", y, x)))
                return both if op == "==" else self.op("bieq", "b", both, self.lit(0, "i"))
            name = {"<": "bilt" if t == "i" else "bult", ">=": "bige" if t == "i" else "buge",
                    "==": "bieq", "!=": "bine"}[op]
            return self.op(name, "b", x, y)
        raise _unsupported(f"operator {op}")

    def _idiv(self, x: tuple, y: tuple) -> tuple:
        ax = self.op("imax", "i", x, self.op("ineg", "i", x))
        ay = self.op("imax", "i", y, self.op("ineg", "i", y))
        sign = self.op("and", "i", self.op("xor", "i", x, y), self.lit(0x80000000, "i"))
        q = self.op("udiv", "i", ax, ay)
        return self.op("movc", "i", sign, self.op("ineg", "i", q), q)

    def _call(self, n: A.Call) -> list[tuple]:
        name = n.name
        if name in self.functions:
            return self._inline(n)
        args = [self.value(a) for a in n.args]
        if name in _UNARY and len(args) == 1:
            return [self.op(_UNARY[name], "f", self.convert(c, "f")) for c in args[0]]
        if name in _BINARY and len(args) == 2:
            a, b = _splat(args[0], len(args[1])), _splat(args[1], len(args[0]))
            return [self.op(_BINARY[name], "f", self.convert(x, "f"), self.convert(y, "f"))
                    for x, y in zip(a, b, strict=False)]
        if name == "tan" and len(args) == 1:
            return [self.op("div", "f", self.op("sin", "f", c), self.op("cos", "f", c))
                    for c in (self.convert(c, "f") for c in args[0])]
        if name in ("exp", "log", "log10") and len(args) == 1:
            k = {"exp": 1 / math.log(2), "log": math.log(2), "log10": math.log10(2)}[name]
            out = []
            for c in (self.convert(c, "f") for c in args[0]):
                if name == "exp":
                    out.append(self.op("exp", "f", self.op("mul", "f", c, self.lit(_FBITS(k), "f"))))
                else:
                    out.append(self.op("mul", "f", self.op("log", "f", c), self.lit(_FBITS(k), "f")))
            return out
        if name in ("min", "max") and len(args) == 2:
            w = max(len(args[0]), len(args[1]))
            a, b = _splat(args[0], w), _splat(args[1], w)
            t = _arith_type([self.types[c] for c in a + b])
            opname = {"f": name, "i": "i" + name, "u": "u" + name}[t]
            return [self.op(opname, t, self.convert(x, t), self.convert(y, t)) for x, y in zip(a, b, strict=True)]
        if name == "abs" and len(args) == 1:
            out = []
            for c in self._promote_ints(args[0]):
                f = self.types[c] == "f"
                out.append(self.op("max" if f else "imax", self.types[c], c,
                                   self.op("neg" if f else "ineg", self.types[c], c)))
            return out
        if name == "dot" and len(args) == 2:
            a, b = [self.convert(c, "f") for c in args[0]], [self.convert(c, "f") for c in args[1]]
            return [self.op("dot", "f", tuple(a), tuple(b))]
        if name == "saturate" and len(args) == 1:
            return [self.op("min", "f", self.op("max", "f", self.convert(c, "f"), self.lit(0, "f")),
                            self.lit(_FBITS(1.0), "f")) for c in args[0]]
        if name == "lerp" and len(args) == 3:
            w = max(len(a) for a in args)
            x, y, s = ([self.convert(c, "f") for c in _splat(a, w)] for a in args)
            return [self.op("add", "f", xi, self.op("mul", "f", self.op("add", "f", yi, self.op("neg", "f", xi)), si))
                    for xi, yi, si in zip(x, y, s, strict=True)]
        raise _unsupported(f"the call {name}()")


class _Return(Exception):
    pass


class _Inliner:
    """A user function called from a state expression, inlined as fxc does: parameters bound to the
    arguments, locals as values, assignments under an ``if`` selected with ``movc`` on the path's condition,
    a ``return`` taken where the path is live and no earlier return was (flow control flattened)."""

    def __init__(self, comp: _Compiler, func: A.FuncDef) -> None:
        self.c, self.f = comp, func
        self.ret: list[tuple] | None = None
        self.done: tuple | None = None  # the mask of lanes that returned; None: none did
        self.rtype = None if isinstance(func.ret, VoidType) else _type_of(func.ret)

    def active(self, path: tuple | None) -> tuple | None:
        """The condition under which a statement on ``path`` runs (None: always)."""
        c = self.c
        if self.done is None:
            return path
        live = c.op("bieq", "b", self.done, c.lit(0, "i"))
        return live if path is None else c.op("and", "b", path, live)

    def select(self, cond: tuple | None, new: list[tuple], old: list[tuple] | None, t: str) -> list[tuple]:
        c = self.c
        new = [c.convert(x, t) for x in new]
        if cond is None or old is None:
            return new
        return [c.op("movc", t, cond, x, c.convert(y, t)) for x, y in zip(new, old, strict=True)]

    def block(self, stmts: list, path: tuple | None) -> None:
        for st in stmts:
            self.stmt(st, path)

    def stmt(self, st, path: tuple | None) -> None:
        c = self.c
        saved, c.caller = c.caller, (self, path)
        try:
            return self._stmt(st, path)
        finally:
            c.caller = saved

    def _stmt(self, st, path: tuple | None) -> None:
        c = self.c
        if isinstance(st, A.Block):
            return self.block(st.stmts, path)
        if isinstance(st, A.DeclStmt):
            for d in st.decls:
                t, size = _type_of(d.type)
                vals = c.value(d.init) if d.init is not None else [c.lit(0, t)]
                vals = _splat(vals, size)[:size]
                c.env[d.name] = (t, [c.convert(x, t) for x in vals])
            return None
        if isinstance(st, A.ExprStmt):
            return self.effect(st.expr, path)
        if isinstance(st, (A.For, A.While, A.DoWhile)):
            return self.loop(st, path)
        if isinstance(st, A.If):
            cond = c.convert(c.value(st.cond)[0], "b")
            then = cond if path is None else c.op("and", "b", path, cond)
            self.stmt(st.then, then)
            if st.other is not None:
                neg = c.op("bieq", "b", cond, c.lit(0, "i"))
                self.stmt(st.other, neg if path is None else c.op("and", "b", path, neg))
            return None
        if isinstance(st, A.Return):
            act = self.active(path)
            if self.rtype is not None:
                t, size = self.rtype
                vals = _splat(c.value(st.value), size)[:size]
                self.ret = self.select(act, vals, self.ret, t)
            if act is None:
                raise _Return
            self.done = act if self.done is None else c.op("or", "b", self.done, act)
            return None
        raise _unsupported(f"{type(st).__name__} statements in an inlined function")

    def effect(self, e, path: tuple | None) -> None:
        """An expression statement: an assignment, or ``++`` / ``--`` (as ``+= 1`` / ``-= 1``)."""
        if e is None:
            return None
        if isinstance(e, A.Assign):
            return self.assign(e, path)
        if isinstance(e, A.Call) and e.name in self.c.functions:
            self.c._inline(e, statement=True)  # a call for its out arguments (a void function)
            return None
        if isinstance(e, (A.Postfix, A.Unary)) and e.op in ("++", "--"):
            return self.assign(A.Assign(e.pos, e.op[0] + "=", e.a, A.Literal(e.pos, 1, "lit_int")), path)
        raise _unsupported("expression statements other than assignments")

    def loop(self, st, path: tuple | None) -> None:
        """A loop, unrolled: the machine has no branch (no flow-control operation in its opcode table), so a loop
        compiles only when each test of its condition is known at compile time -- the locals it reads folded to
        literals after every iteration; a condition that reads an effect variable (or a local set under one)
        cannot be unrolled, and more than :data:`_MAX_UNROLL` iterations are not unrolled either. ``break`` and
        ``continue`` are not built."""
        c = self.c
        if isinstance(st, A.For) and st.init is not None:
            self.stmt(st.init, path)
        # under a condition (an ``if`` around the loop, an earlier conditional return) the loop's writes are
        # selected on ``act``; where it is false they are all discarded, so the trip count that matters is the one
        # where it is true: the condition is folded assuming ``act`` (while no return inside changes it)
        act, done = self.active(path), self.done
        test = not isinstance(st, A.DoWhile)
        for _ in range(_MAX_UNROLL):
            assume = {act: _MASK32} if act is not None and self.done is done else {}
            if test and st.cond is not None:
                bits = _fold(c, c.convert(c.value(st.cond)[0], "b"), assume)
                if bits is None:
                    raise _unsupported("a loop whose condition is not known at compile time (unrolled loops only)")
                if not bits:
                    return None
            test = True
            self.stmt(st.body, path)
            if isinstance(st, A.For):
                self.effect(st.step, path)
            for name, (t, vals) in list(c.env.items()):
                c.env[name] = (t, [self._folded(v, t, act if assume else None) for v in vals])
        raise _unsupported(f"a loop of more than {_MAX_UNROLL} iterations")

    def _folded(self, v: tuple, t: str, act: tuple | None) -> tuple:
        """A local's value after an iteration, its known parts made literals: a literal when it reads only
        literals; ``movc(act, literal, value before the loop)`` when it does so where ``act`` holds."""
        c = self.c
        bits = _fold(c, v)
        if bits is not None:
            return c.lit(bits, t)
        if act is None or v[0] != "movc" or v[1] != act:
            return v
        bits = _fold(c, v[2], {act: _MASK32})
        if bits is None:
            return v
        base = v[3]
        while base[0] == "movc" and base[1] == act:  # the pre-loop value where ``act`` is false
            base = base[3]
        return c.op("movc", t, act, c.lit(bits, t), base)

    def assign(self, a: A.Assign, path: tuple | None) -> None:
        c = self.c
        target, swz = a.target, None
        if isinstance(target, A.Member) and isinstance(target.a, A.Ident):
            target, swz = target.a, target.name
        if not isinstance(target, A.Ident) or target.name not in c.env:
            raise _unsupported("assignments to anything but a local")
        t, old = c.env[target.name]
        value = c.value(a.value)
        if a.op != "=":
            cur = old if swz is None else [old[i] for i in _swizzle(swz, len(old))]
            value = c._binary(a.op[:-1], cur, value)
        new = list(old)
        idx = range(len(old)) if swz is None else _swizzle(swz, len(old))
        value = _splat(value, len(idx))
        for k, i in enumerate(idx):
            new[i] = value[k]
        c.env[target.name] = (t, self.select(self.active(path), new, old, t))


#: the most iterations a loop of an inlined function is unrolled to
_MAX_UNROLL = 1024


_MASK32 = 0xFFFFFFFF


def _fold(c: _Compiler, k: tuple, assume: dict | None = None) -> int | None:
    """The 32-bit value of node ``k`` when it reads only literals and the nodes of ``assume`` (node -> value;
    computed with the machine's own operation, :func:`.fxlvm.component`), else None."""
    if assume and k in assume:
        return assume[k]
    if k[0] == "lit":
        return k[1]
    if k[0] == "as":
        return _fold(c, k[2], assume)
    if k[0] not in L.OPCODE or k[0] in ("dot", "d3ds_dotswiz"):
        return None
    args = [_fold(c, a, assume) for a in k[1:]]
    if k[0] == "movc" and args[0] is not None:  # the other operand of a known selection does not matter
        return args[1] if args[0] else args[2]
    return None if None in args else L.component(k[0], args)


def _type_of(t) -> tuple[str, int]:
    base = _BASE.get(getattr(t, "base", None))
    if base is None:
        raise _unsupported(f"locals of type {t}")
    return base, getattr(t, "rows", 1) * getattr(t, "cols", 1)


def _to_bits(v, t: str) -> int:
    if t == "f":
        return _FBITS(float(v))
    if t == "b":
        return 0xFFFFFFFF if v else 0
    return int(v) & 0xFFFFFFFF


def _arith_type(ts: list[str]) -> str:
    if "f" in ts:
        return "f"
    if "u" in ts:
        return "u"
    return "i"


def _splat(v: list, n: int) -> list:
    return v * n if len(v) == 1 else v


def _swizzle(s: str, n: int) -> list[int]:
    sets = ("xyzw", "rgba")
    for letters in sets:
        if all(ch in letters for ch in s):
            idx = [letters.index(ch) for ch in s]
            if max(idx) >= n:
                raise _unsupported(f"swizzle .{s}")
            return idx
    raise _unsupported(f"member .{s}")


def _matrix_swizzle(s: str) -> list[tuple[int, int]]:
    out = []
    import re

    for m in re.finditer(r"_m(\d)(\d)|_(\d)(\d)", s):
        if m.group(1):
            out.append((int(m.group(1)), int(m.group(2))))
        else:
            out.append((int(m.group(3)) - 1, int(m.group(4)) - 1))
    if not out:
        raise _unsupported(f"matrix member .{s}")
    return out


# --- emission -----------------------------------------------------------------------------------------------
class _Emitter:
    """Writes the operation nodes group by group; each group's outputs take consecutive free temporaries
    (allocated before its inputs are released, so a vector instruction never writes what it reads), and a
    group whose every operand position reads consecutive components is one vector instruction."""

    def __init__(self, comp: _Compiler, layout: dict[str, int]) -> None:
        self.c, self.layout = comp, layout
        self.code: list[L.Instruction] = []
        self.literals: list[int] = []
        self.where: dict[tuple, L.Operand] = {}
        self.uses: dict[tuple, int] = {}
        self.busy: set[int] = set()

    def operand(self, k: tuple) -> L.Operand:
        if k[0] == "lit":
            bits = k[1]
            if bits not in self.literals:
                self.literals.append(bits)
            return L.Operand(L.LIT, self.literals.index(bits))
        if k[0] == "var":
            return L.Operand(L.VAR, 4 * self.layout[k[1]] + k[2])
        if k[0] == "as":
            return self.operand(k[2])
        return self.where[k]

    def release(self, k: tuple) -> None:
        while k[0] == "as":
            k = k[2]
        if k[0] in ("lit", "var"):
            return
        self.uses[k] -= 1
        if self.uses[k] == 0 and self.where[k].table == L.TEMP:
            self.busy.discard(self.where[k].index)

    def temps(self, n: int) -> list[L.Operand]:
        i = 0
        while any(i + k in self.busy for k in range(n)):
            i += 1
        self.busy.update(range(i, i + n))
        return [L.Operand(L.TEMP, i + k) for k in range(n)]

    def run(self, results: list[tuple]) -> None:
        needed: set[tuple] = set()
        stack = [_strip(r) for r in results]
        while stack:
            k = stack.pop()
            if k in needed or k[0] in ("lit", "var"):
                continue
            needed.add(k)
            for a in _children(k):
                a = _strip(a)
                self.uses[a] = self.uses.get(a, 0) + 1
                stack.append(a)
        out_of = {}
        for i, r in enumerate(results):
            r = _strip(r)
            if r[0] not in ("lit", "var") and r not in out_of:
                out_of[r] = L.Operand(L.OUT, i)
        groups: dict[tuple, list[tuple]] = {}
        for k in self.c.order:
            if k in needed:
                groups.setdefault(self.c.group[k], []).append(k)
        for members in groups.values():
            temps = [k for k in members if k not in out_of]
            for k, o in zip(temps, self.temps(len(temps)), strict=True):
                self.where[k] = o
            for k in members:
                if k in out_of:
                    self.where[k] = out_of[k]
            ins = [[self.operand(a) for a in _inputs(k)] for k in members]
            for k in members:
                for a in _children(k):
                    self.release(a)
            self._write(members, ins)
        for i, r in enumerate(results):  # a result that is a variable or a literal itself
            r = _strip(r)
            if r[0] in ("lit", "var") or out_of.get(r) != L.Operand(L.OUT, i):
                self.code.append(L.Instruction("mov", 1, (self.operand(r),), L.Operand(L.OUT, i)))

    def _write(self, members: list[tuple], ins: list[list[L.Operand]]) -> None:
        name = members[0][0]
        outs = [self.where[k] for k in members]
        if name == "dot":
            for k, srcs, o in zip(members, ins, outs, strict=True):
                n = len(k[1])
                if _run(srcs[:n]) and _run(srcs[n:]):
                    self.code.append(L.Instruction("dot", n, (srcs[0], srcs[n]), o))
                else:
                    self.code.append(L.Instruction("d3ds_dotswiz", 1, tuple(srcs), o))
            return
        if len(members) > 1 and _run(outs) and all(
                _run([srcs[pos] for srcs in ins]) and ins[0][pos].table != L.LIT for pos in range(len(ins[0]))):
            self.code.append(L.Instruction(name, len(members), tuple(ins[0]), outs[0]))
            return
        for srcs, o in zip(ins, outs, strict=True):
            self.code.append(L.Instruction(name, 1, tuple(srcs), o))


def _strip(k: tuple) -> tuple:
    while k[0] == "as":
        k = k[2]
    return k


def _inputs(k: tuple) -> list[tuple]:
    return list(k[1]) + list(k[2]) if k[0] == "dot" else list(k[1:])


def _children(k: tuple) -> list[tuple]:
    if k[0] in ("lit", "var"):
        return []
    if k[0] == "as":
        return [k[2]]
    if k[0] == "dot":
        return list(k[1]) + list(k[2])
    return list(k[1:])


def _run(ops: list[L.Operand]) -> bool:
    return all(o.table == ops[0].table and o.index == ops[0].index + i for i, o in enumerate(ops))


def _ctab_type(t: M.FxType) -> C.TypeInfo:
    """The constant-table type of an effect variable (fxc's FXLVM tables: uint is INT, as D3D9 has no uint; a
    column-major matrix is MATRIX_COLUMNS with its rows and columns as declared)."""
    ptype = {M.EST_Float: 3, M.EST_Int: 2, M.EST_UInt: 2, M.EST_Bool: 1}.get(t.scalar, 3)
    if t.var_type == M.EVT_Struct:
        info = C.TypeInfo(C.CLASS_STRUCT, 0, 1, 0, max(1, t.elements))
        for name, _sem, _off, mt in t.members:
            info.members.append((name, _ctab_type(mt)))
        info.columns = sum(m[1].columns * m[1].rows * m[1].elements for m in info.members)
        return info
    if t.layout == M.ENL_Matrix:
        cls = C.CLASS_MATRIX_COLUMNS if t.column_major else C.CLASS_MATRIX_ROWS
        return C.TypeInfo(cls, ptype, t.rows, t.cols, max(1, t.elements))
    cls = C.CLASS_VECTOR if t.layout == M.ENL_Vector else C.CLASS_SCALAR
    return C.TypeInfo(cls, ptype, 1, t.cols, max(1, t.elements))


def compile_expression(node, numeric: dict, consts: dict, target: str, comps: int, state_type: str,
                       functions: dict | None = None) -> L.Program:
    """The FXLVM program of ``node`` for a state of ``comps`` components of scalar type ``state_type``
    ("f", "i", "u", "b"); the index of an ECAT_ExpressionIndex is ``comps=1, state_type="u"``."""
    comp = _Compiler(numeric, consts, target, functions)
    vals = comp.value(node)
    if len(vals) == 1 and comps > 1:
        vals = vals * comps
    if len(vals) < comps:
        raise _unsupported(f"{len(vals)} components for a state of {comps}")
    vals = [comp.convert(v, state_type) for v in vals[:comps]]
    # the constant table: each variable read gets registers up to the last one read; largest first, then in
    # the constant buffer's order
    regs = {name: hi // 4 + 1 for name, hi in comp.reads.items()}
    order = sorted(regs, key=lambda n: (-regs[n], numeric[n].offset))
    layout, nxt = {}, 0
    for name in order:
        layout[name] = nxt
        nxt += regs[name]
    em = _Emitter(comp, layout)
    em.run(vals)
    p = L.Program(literals=em.literals, code=em.code, result_comps=comps)
    for name in order:
        p.variables.append(L.Variable(name, layout[name], regs[name], _ctab_type(numeric[name].type),
                                      _ctab_default(numeric[name], regs[name])))
    return p


def cast_program(vals: list, base: str, splat: bool, comps: int, state_type: str) -> L.Program:
    """The FXLVM program fxc writes for a pass state's value that is a cast of a constant (``SetDepthStencilState(
    NULL, (int)5.5)``, ``SetBlendState(NULL, (int4)float4(-1.5, 2, 0.5, 4), m)``): no operation but a ``mov`` of
    the folded value, converted to the state's type, from the literal table (d3dcompiler_47 10.1's objects, session
    47 EFX). A vector of the cast's own width is one ``mov`` of a run of literals; a scalar cast to a wider state
    (``(float4)-5``) reads its one literal once per component, as fxc's objects do. ``vals``: the cast's folded
    values of scalar type ``base``."""
    src = _BASE.get(base, "f")
    conv = {("f", "u"): "ftou", ("f", "i"): "ftoi", ("f", "b"): "ftob", ("i", "f"): "itof", ("u", "f"): "utof",
            ("b", "f"): "btof", ("b", "i"): "btoi", ("b", "u"): "btoi", ("i", "b"): "itob", ("u", "b"): "itob"}

    def bits(v) -> int:
        b = _to_bits(1 if v and src == "b" else v, "u" if src == "b" else src)
        op = conv.get((src, state_type))
        return L.component(op, [b]) if op is not None else b

    if splat or len(vals) == 1:
        lit = [bits(vals[0])]
        code = [L.Instruction("mov", 1, (L.Operand(L.LIT, 0),), L.Operand(L.OUT, i)) for i in range(comps)]
    else:
        lit = [bits(v) for v in vals[:comps]]
        code = [L.Instruction("mov", comps, (L.Operand(L.LIT, 0),), L.Operand(L.OUT, 0))]
    return L.Program(literals=lit, code=code, result_comps=comps)


def _ctab_default(var: M.FxNumericVar, regs: int) -> bytes | None:
    """A scalar or vector variable's initial value as fxc's CTAB holds it: each component a float (``int4 bf = 1;``
    is 1.0f four times, ``bool b = 1;`` 1.0f), the registers padded with zeros (d3dcompiler_47 10.1's objects,
    session 46 EFX). An array's default (and an integer matrix's) is laid out by registers in fxc's table: not
    written here (None, as for a variable without initialiser)."""
    t, raw = var.type, var.default
    if raw is not None and not t.elements and t.scalar not in (M.EST_Int, M.EST_UInt, M.EST_Bool):
        return (bytes(raw) + b"\0" * (16 * regs))[:16 * regs]  # (a float matrix's too: ``float4x4 m = 2;``)
    if raw is None or t.elements or t.rows * t.cols > 4 or len(raw) < 4 * t.rows * t.cols:
        return None
    words = struct.unpack(f"<{t.rows * t.cols}I", bytes(raw)[:4 * t.rows * t.cols])
    if t.scalar == M.EST_Int:
        vals = [float(w - (1 << 32) if w & 0x80000000 else w) for w in words]
    else:
        vals = [float(w) if t.scalar == M.EST_UInt else float(w != 0) for w in words]
    return (struct.pack(f"<{len(vals)}f", *vals) + b"\0" * (16 * regs))[:16 * regs]
