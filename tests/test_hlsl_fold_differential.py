"""Differential check of constant folding over the intrinsic set (issue 19 item 4: an expression folded at compile
time must never change meaning). Random expression trees of intrinsic calls on constant arguments are evaluated
three ways, and every result word must be identical:

1. in code, compiled with optimisation, the arguments written as literals (whatever the code generator and the
   optimiser fold: ops.fold.fold_alu and its callers);
2. as the DefaultValue of a cbuffer variable initialised by the expression (shader/hlsl/foldinit.py);
3. at run time on the reference executor, every argument read from a constant buffer (nothing can fold).

The oracle is (3); for (1) it is (3)'s program run with fxc's folding arithmetic for the instructions its optimiser
folds in double (``_fxc_folder``: hlsl/instfold.py, session 43 -- sincos / exp / log / sqrt / rsq / mad of constants
are C's functions rounded once in d3dcompiler_47 10.1's objects, not the instructions' values). Arguments are written ``asfloat(0x…u)`` so a literal is exactly the word the constant buffer
holds, and no operator joins two literals (literal arithmetic has its own rule: litfold.fold_literal_binary, fxc's
double-precision literal folding, a property of literal types rather than of an operation). ``pow`` and
``normalize`` are left out: of literal operands they follow fxc's own folds (refactor.fold_constant_pow /
fold_constant_normalize, session 18, from fxc's objects), and pow with an integral literal exponent is fxc's
multiply chain — the known exceptions, listed in docs/conformance.md ("Session 25, helper FOLD"). ``tanh`` is
left out too: d3dcompiler_47 10.1 folds a literal argument to the function's value (``tanh(0.5)`` is 0x3eec9a9f)
while its run-time expansion, (2^t - 2^-t) / (2^t + 2^-t), gives 0x3eec9a9e (session 37, helper MRUN:
tests/test_hlsl_fxc_exec_s37.py). ``trunc`` is left out as well: fxc's optimiser folds it
through a 32-bit integer (``trunc(-0.1)`` is +0, out-of-range values -2^31; session 37, helper EXEC,
tests/test_hlsl_fxc_zero_bits_s37.py), not as round_z runs."""

from __future__ import annotations

import dataclasses
import random
import struct
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

#: the folded sides compile under IEEE strictness: with refactoring allowed (fxc's default) the compiler also
#: applies the float identities D3D permits there (x*0 -> 0, lerp(a, b, 0) -> a: refactor.py), which change a
#: NaN or infinite operand's result by design; strictness leaves folding alone to be compared
STRICT = dc.D3DCOMPILE_IEEE_STRICTNESS

UNARY = ["sin", "cos", "tan", "exp", "exp2", "log", "log2", "log10", "sqrt", "rsqrt", "rcp", "abs", "floor", "ceil",
         "frac", "round", "saturate", "sign", "asin", "acos", "atan", "sinh", "cosh", "degrees",
         "radians"]
BINARY = ["min", "max", "atan2", "step", "fmod", "ldexp"]
TERNARY = ["lerp", "clamp", "mad", "smoothstep"]
VECTOR = ["length({v})", "dot({v}, {w})", "distance({v}, {w})", "cross({v}, {w}).y", "reflect({v}, {w}).x"]
#: argument words: ordinary values, zeros of both signs, a denormal (flushed by every float operation), huge
#: and tiny magnitudes, infinities
VALUES = [0.3096, -0.75, 1.0, 2.5, -3.25, 0.0, -0.0, 1e-40, 100.0, -1e30, 7.0, 0.5, 1e-3, float("inf")]


def _word(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


class _Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.args: list[int] = []

    def leaf(self) -> tuple[str, str]:
        k = len(self.args)
        self.args.append(_word(self.rng.choice(VALUES)))
        return f"asfloat({self.args[-1]:#010x}u)", f"a{k}"

    def vec(self, depth: int) -> tuple[str, str]:
        parts = [self.node(depth) for _ in range(3)]
        return "float3(" + ", ".join(p[0] for p in parts) + ")", "float3(" + ", ".join(p[1] for p in parts) + ")"

    def node(self, depth: int) -> tuple[str, str]:
        """(folded text, run-time text) of one expression."""
        if depth <= 0 or self.rng.random() < 0.25:
            return self.leaf()
        kind = self.rng.random()
        if kind < 0.1:
            v, w = self.vec(depth - 1), self.vec(depth - 1)
            form = self.rng.choice(VECTOR)
            return form.format(v=v[0], w=w[0]), form.format(v=v[1], w=w[1])
        fn = self.rng.choice(UNARY if kind < 0.65 else BINARY if kind < 0.85 else TERNARY)
        n = 1 if fn in UNARY else 2 if fn in BINARY else 3
        subs = [self.node(depth - 1) for _ in range(n)]
        return f"{fn}(" + ", ".join(s[0] for s in subs) + ")", f"{fn}(" + ", ".join(s[1] for s in subs) + ")"


def _is_nan(w: int) -> bool:
    return (w & 0x7F800000) == 0x7F800000 and bool(w & 0x7FFFFF)


def _compile(src: str, flags: int = STRICT) -> bytes:
    return bytes(dc.D3DCompile(src.encode(), None, None, None, None, "main", "ps_5_0", flags, 0))


def _run(blob: bytes, cb: np.ndarray | None = None) -> int:
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    b = Bindings()
    if cb is not None:
        b.set_cbuffer(0, np.ascontiguousarray(cb))
    return int(run_program(decode_program(chunk.data), 1, bindings=b).outputs[0].view(np.uint32)[0, 0])


@contextmanager
def _fxc_folder() -> Iterator[None]:
    """The reference executor with fxc's optimiser's arithmetic for the instructions it folds in double (hlsl/
    instfold.py: sincos, exp, log, sqrt, rsq, mad -- C's functions rounded once). Way 1's oracle runs under it:
    d3dcompiler_47 10.1 folds ``sin(asfloat(0xf149f2cau))`` to 0x3f4a89b0 where its ``sincos`` instruction gives
    -1.0, ``exp2(asfloat(0x3fc00000u))`` to 0x403504f3 (the instruction 0x403504f4), also under IEEE strictness
    (session 43 MRUN, tests/test_rules_hlsl_values_s43.py), so "folded == run time" holds instruction by instruction
    with fxc's folding arithmetic, not the hardware's. Ways 2 and 3 keep the executor's (foldinit.py)."""
    from pyd3d11.shader import native
    from pyd3d11.shader.exec import reference
    from pyd3d11.shader.hlsl import instfold
    from pyd3d11.shader.ops.alu_float import FLOAT_OPS

    def folder(name: str, fn):
        def call(*vals):
            arrs = np.broadcast_arrays(*[np.asarray(v, np.uint32) for v in vals])
            got = instfold.fxc_fold(name, [a.ravel() for a in arrs])
            return fn(*vals) if got is None else got.reshape(arrs[0].shape)
        return call

    plain_src = reference.compile_src

    def fxc_src(op, comps, kind):
        # a float |x| of a constant folds as x > 0 ? x : -x (instfold.fold_abs, session 44: a zero is -0)
        mod = op.modifier.name if hasattr(op.modifier, "name") else ""
        if kind != "f" or mod not in ("ABS", "ABSNEG"):
            return plain_src(op, comps, kind)
        get = plain_src(dataclasses.replace(op, modifier=type(op.modifier).NONE), comps, kind)
        fold = np.vectorize(lambda w: instfold.fold_abs(int(w), mod == "ABSNEG"), otypes=[np.uint32])
        return lambda st: fold(get(st)).astype(np.uint32)

    saved, backend = {k: FLOAT_OPS[k] for k in instfold.NAMES}, native._override
    FLOAT_OPS.update({k: (n, folder(k, fn)) for k, (n, fn) in saved.items()})
    reference.compile_src = fxc_src
    native.set_backend("reference")
    try:
        yield
    finally:
        FLOAT_OPS.update(saved)
        reference.compile_src = plain_src
        native._override = backend


#: expansions whose steps fxc folds one by one, each rounded (intrinsics_math._mad, session 46), where their
#: run-time program fuses them into ``mad``s the executor cannot tell from a user's: way 1 has no oracle there
_UNFUSED = ("asin(", "acos(", "atan(", "atan2(")


def _returns_a_constant(blob: bytes) -> bool:
    """Whether the program is ``mov o0, l(...)`` and ``ret``: its whole return value folded to one constant."""
    from pyd3d11.shader import ir

    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    body = [i.opcode for i in decode_program(chunk.data).instructions if not ir.Opcode(i.opcode).name.startswith("DCL")]
    return body == [ir.Opcode.MOV, ir.Opcode.RET]


def _three_ways(folded: str, runtime: str, args: list[int], typ: str = "float") -> tuple[int, int, int, int]:
    """(in code, DefaultValue, run time, run time on the carried words) of one expression of scalar type ``typ``."""
    in_code_blob = _compile(f"{typ}4 main() : SV_Target {{ return {typ}4({folded}, 0, 0, 0); }}")
    with _fxc_folder():  # what is left of it, fxc's optimiser folds too (every argument is a constant)
        in_code = _run(in_code_blob)
    blob = _compile(f"cbuffer K {{ {typ} v = {folded}; float4 pad; }}; float4 main() : SV_Target {{ return pad; }}")
    dv = dc.D3DReflect(blob).GetVariableByName("v").GetDesc().DefaultValue
    assert dv is not None, folded
    default = struct.unpack("<I", bytes(dv)[:4])[0]
    decl = " ".join(f"{typ} a{k};" for k in range(len(args)))
    cb = np.zeros(4 * ((len(args) + 3) // 4), np.uint32)
    cb[:len(args)] = args
    runtime_blob = _compile(f"cbuffer C {{ {decl} }}; {typ}4 main() : SV_Target "
                            f"{{ return {typ}4({runtime}, 0, 0, 0); }}", 0)
    at_run_time = _run(runtime_blob, cb)
    if typ == "float":
        # in code, fxc's optimiser carries an ``asfloat`` of a constant as +0 when it is -0 or denormal (d3dcompiler_47
        # 10.1 under Wine, session 37: constprop.canonical_float), so way 1 is compared with the run time on those
        # carried words; the DefaultValue (way 2) keeps the words as written
        carried = np.where((cb & 0x7F800000) == 0, 0, cb).astype(np.uint32)
        with _fxc_folder():
            in_code_oracle = _run(runtime_blob, carried)
        if in_code_oracle == 0x80000000 and _returns_a_constant(in_code_blob):
            # a return value folded whole is written with +0 for -0 (constprop.canonical_return; d3dcompiler_47 10.1:
            # ``return float4(abs(sinh(round(asfloat(0x3e9e83e4u)))), 0, 0, 0);`` is +0, session 46)
            in_code_oracle = 0
        return in_code, default, at_run_time, in_code_oracle
    return in_code, default, at_run_time, at_run_time


def _check_trees(gen: _Gen, typ: str) -> None:
    """Eight random trees of ``gen``: the three ways agree on each (NaN payloads excepted: D3D leaves them
    undefined); a literal zero divisor is fxc's error X4010 there, not a value, and the tree is passed over."""
    checked = 0
    for _ in range(8):
        gen.args = []
        folded, runtime = gen.node(3)
        if not gen.args or len(gen.args) > 32:
            continue
        try:
            in_code, default, at_run_time, carried = _three_ways(folded, runtime, gen.args, typ)
        except ShaderCompileError as e:
            assert "X4010" in str(e.errors), e.errors
            continue
        if all(_is_nan(w) for w in (in_code, default, at_run_time, carried)):
            continue
        assert in_code == carried or _is_nan(in_code) and _is_nan(carried) or any(f in folded for f in _UNFUSED), \
            (folded, hex(in_code), hex(carried))
        assert default == at_run_time, (folded, hex(default), hex(at_run_time))
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("seed", range(24))
def test_folded_equals_run_time(seed):
    _check_trees(_Gen(1000 + seed), "float")


INT_UNARY = ["abs", "countbits", "reversebits", "firstbithigh", "firstbitlow", "sign", "(int)asuint", "(int)~"]
INT_BINARY = ["min", "max", "(int)min((uint)({0}), (uint)({1}))", "(int)((uint)({0}) / (uint)({1}))"]
INT_VALUES = [0, 1, -1, 7, -8, 31, 0x7FFFFFFF, -0x80000000, 0x12345678, -5, 256, 3]


class _IntGen(_Gen):
    def leaf(self) -> tuple[str, str]:
        k = len(self.args)
        self.args.append(self.rng.choice(INT_VALUES) & 0xFFFFFFFF)
        return f"(int){self.args[-1]:#010x}u", f"a{k}"

    def node(self, depth: int) -> tuple[str, str]:
        if depth <= 0 or self.rng.random() < 0.25:
            return self.leaf()
        if self.rng.random() < 0.6:
            fn = self.rng.choice(INT_UNARY)
            a = self.node(depth - 1)
            if fn.startswith("(int)~"):
                return f"(int)~({a[0]})", f"(int)~({a[1]})"
            if fn == "(int)asuint":
                return f"(int)asuint({a[0]})", f"(int)asuint({a[1]})"
            return f"(int){fn}({a[0]})", f"(int){fn}({a[1]})"
        fn = self.rng.choice(INT_BINARY)
        a, b = self.node(depth - 1), self.node(depth - 1)
        if "{0}" in fn:
            return fn.format(a[0], b[0]), fn.format(a[1], b[1])
        return f"{fn}({a[0]}, {b[0]})", f"{fn}({a[1]}, {b[1]})"


@pytest.mark.parametrize("seed", range(8))
def test_integer_folded_equals_run_time(seed):
    """The integer intrinsics the same three ways."""
    _check_trees(_IntGen(2000 + seed), "int")
