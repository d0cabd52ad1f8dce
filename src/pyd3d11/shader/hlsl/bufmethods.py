"""Structured-buffer counter methods: ``RWStructuredBuffer.IncrementCounter/DecrementCounter``,
``AppendStructuredBuffer.Append`` and ``ConsumeStructuredBuffer.Consume`` (D3D11.3 spec §5.3.10 UAV
counters; imm_atomic_alloc / imm_atomic_consume §22.17.20–21)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .diagnostics import HlslError
from .methodsig import no_matching
from .operands import Reg
from .types import UINT, VOID, NumType

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

_COUNTER_METHODS = {
    "RWStructuredBuffer": {"IncrementCounter": 0, "DecrementCounter": 0},
    "AppendStructuredBuffer": {"Append": 1},
    "ConsumeStructuredBuffer": {"Consume": 0},
}


def is_counter_method(kind: str, name: str) -> bool:
    return name in _COUNTER_METHODS.get(kind, {})


def counter_method(cg: CodegenContext, obj: Val, name: str, arg_nodes: list[A.Node], pos) -> Val:
    """The counter ops return the index to use: imm_atomic_alloc hands out the pre-increment count,
    imm_atomic_consume the post-decrement count (spec §22.17.20/21)."""
    from .codegen import Val
    from .exprs import expr
    from .memaccess import mem_load, mem_store
    from .sm51 import mem_operand, reg_of

    k = obj.type.kind
    want = _COUNTER_METHODS[k][name]
    if len(arg_nodes) != want:
        raise no_matching(cg, name, len(arg_nodes), pos)
    if k == "RWStructuredBuffer":
        from .featuregates import INTRINSICS, check_gate

        # imm_atomic_alloc/consume are UAV atomics: cs_4_x has "no atomic operations, append/consume" (D3D11.3
        # §18.7.2.5), the counter pages 'Shader Model 5'; the Interlocked* gate states the same models
        check_gate(cg, INTRINSICS["InterlockedAdd"], pos, name, "'{name}': requires shader model {need}")
    r = obj.obj
    if k == "RWStructuredBuffer":
        for e in getattr(r, "elems", [r]):  # a 5.1 run-time-indexed element: each element's UAV has the counter
            e.counter = True
    # Append's argument is evaluated before the slot is allocated (and only once: it may itself Consume)
    value = expr(cg, arg_nodes[0]) if name == "Append" else None
    dst = cg.temp()
    op = "imm_atomic_consume" if name in ("DecrementCounter", "Consume") else "imm_atomic_alloc"
    cg.emit(op, Reg("r", (dst,), None, (0,)), mem_operand("u", reg_of(r), None))
    idx = ("r", (dst,), None, 0)
    if name in ("IncrementCounter", "DecrementCounter"):
        return Val(NumType(UINT), [idx])
    element = Val(obj.type.elem, [], ("mem", "struct", r.file, reg_of(r), idx, 0))
    if name == "Consume":
        # fxc reads the consumed element one 32-bit component at a time (a double's two words at once):
        # ConsumeStructuredBuffer<float3> is three ld_structured (STAT texload 3), a float4x4 sixteen
        # (d3dcompiler_47 10.1 under Wine, sessions 48-49)
        return mem_load(cg, element, word_by_word=True)
    mem_store(cg, element, value, pos)
    return Val(VOID, [])


def counter_direction_error(cg: CodegenContext) -> HlslError | None:
    """fxc's X4595 "RWStructuredBuffers may increment or decrement their counters, but not both." for the first
    counter operation of the other direction on a UAV the generated code both increments (``imm_atomic_alloc``)
    and decrements (``imm_atomic_consume``), through any function it calls; a branch folded away and separate
    elements of an array of buffers do not count (D3D11.3 §22.17.20-21 leaves a counter's direction to the
    shader; the rule is d3dcompiler_47 10.1's, session 46)."""
    seen: dict[tuple, str] = {}
    for ins in cg.code:
        if ins.op not in ("imm_atomic_alloc", "imm_atomic_consume") or len(ins.args) < 2:
            continue
        u = ins.args[1]
        key = (u.file, tuple(u.idx), u.rel)
        first = seen.setdefault(key, ins.op)
        if first != ins.op:
            words = "RWStructuredBuffers may increment or decrement their counters, but not both."
            return cg.err(ins.epos, words, 4595) if ins.epos is not None else HlslError("", 0, 0, 4595, words)
    return None
