"""A compute shader's groupshared variable read before anything writes it (fxc's X4575 / X4000).

fxc judges groupshared memory as it judges a local without an initialiser, on the finished code in program order
(d3dcompiler_47 10.1 under Wine, session 48; probes of DXC's open ``o[i] = a[o[i]]``):

- a plain read of a variable that no instruction before it writes (a store, an atomic) is warning X4000 "use of
  potentially uninitialized variable ((unknown))" then error X4575 "reading uninitialized value" -- at a literal
  or a run-time index, of a scalar, an array, a struct's member, at cs_4_0 and cs_5_0, also where the write comes
  after the read (``o[i] = a[o[i]]; a[i] = 1;``), through a called function, and beside another variable written;
- an atomic that returns the old value (``InterlockedAdd(a[i], 1, r)``, ``InterlockedExchange``) of such a variable
  reads it: error X4000 "variable 'a' used without having been completely initialized";
- at /Od (D3DCOMPILE_SKIP_OPTIMIZATION) none of this is reported (tests/test_rules_hlsl_dxc_s47.py's
  OD_GROUPSHARED);
- an initialiser is a write (``groupshared uint q = 5;``, ``const groupshared uint g = 0;`` compile);
- a write anywhere in a loop holding the read counts (``for (...) { o[k] = a[o[k]]; a[k] = 1; }`` compiles: a
  later iteration's write comes before), as does a write under a run-time condition; a read the optimiser removes
  (``uint x = a[o[i]];``) or in a function nothing calls is no read.

Not built (see docs/conformance.md, session 48 ACC): fxc's element- and member-wise judgement after a partial
write (``a[0] = 1; o[i] = a[1];``, ``a[i].x = 1; o[i] = a[j];`` of a float4: X4000 named), an atomic without a
result before a read (X4000 named at the atomic), a write under a condition fxc folds false from SV_GroupIndex's
range (X4575)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Ins

#: TGSM reads that return memory's value (D3D11.3 §22.4: ld_raw / ld_structured)
_LOADS = frozenset({"ld_raw", "ld_structured"})


def _g(a) -> int | None:
    return a.idx[0] if getattr(a, "file", None) == "g" and getattr(a, "idx", None) else None


def _written_in_loops(code: list[Ins]) -> list[set[int]]:
    """For each instruction, the g# some instruction of an enclosing loop writes (a later iteration's write)."""
    out: list[set[int]] = []
    stack: list[int] = []
    spans: list[tuple[int, int]] = []
    for k, ins in enumerate(code):
        if ins.op == "loop":
            stack.append(k)
        elif ins.op == "endloop" and stack:
            spans.append((stack.pop(), k))
    writes = [_writes(ins) for ins in code]
    for k in range(len(code)):
        got: set[int] = set()
        for lo, hi in spans:
            if lo <= k <= hi:
                for j in range(lo, hi + 1):
                    got |= writes[j]
        out.append(got)
    return out


def _writes(ins: Ins) -> set[int]:
    """The g# an instruction writes: a store's or a result-less atomic's first operand, an imm_atomic's second."""
    if not ins.args:
        return set()
    if ins.op.startswith("store_") or ins.op.startswith("atomic_"):
        g = _g(ins.args[0])
    elif ins.op.startswith("imm_atomic_"):
        g = _g(ins.args[1]) if len(ins.args) > 1 else None
    else:
        return set()
    return {g} if g is not None else set()


def _merged_into_store(code: list[Ins], k: int, g: int) -> bool:
    """Whether load ``k`` of ``g`` reads the element a store of the same statement then writes back whole (this
    compiler's read-modify-write of a partial store, ``a[i].x = 1`` of a float4: fxc stores the one component, so
    nothing is read): the next instruction touching ``g`` is a store of the same statement at the same address."""
    load = code[k]
    for ins in code[k + 1:]:
        if ins.epos is not load.epos and ins.epos != load.epos:
            return False
        if any(_g(a) == g for a in ins.args):
            return ins.op in ("store_raw", "store_structured") and ins.args[1:-1] == load.args[1:-1]
    return False


def check_unwritten_groupshared(cg: CodegenContext, code: list[Ins]) -> None:
    """Raise fxc's error for the first read of a groupshared variable nothing has written (module doc)."""
    from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION

    if cg.stage != "cs" or not cg.tgsm or cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION or \
            not any(_g(a) is not None for ins in code for a in ins.args):
        # (/Od: fxc 10.1 reports no X4575 there -- session 47's ``o[i] = a[o[i]]`` at /Od is X4586 alone)
        return
    from . import ast as A
    from .diagnostics import Pos

    # a variable declared with an initialiser holds it (``groupshared uint q = 5;``, a ``const groupshared``
    # array: fxc 10.1 compiles their reads): only the others start unwritten
    given = {d.name for d in cg.prog.decls if isinstance(d, A.VarDecl) and d.init is not None}
    names = {g: name for name, (g, _stride, _t) in cg.tgsm.items()}
    written: set[int] = {g for name, (g, _stride, _t) in cg.tgsm.items() if name in given}
    entry = Pos(cg.prog.pos.file, cg.prog.pos.line, cg.prog.pos.col) if cg.prog.pos is not None else Pos("", 1, 1)
    looped = _written_in_loops(code) if any(ins.op == "loop" for ins in code) else [set()] * len(code)
    for k, ins in enumerate(code):
        if ins.op in _LOADS and ins.args:
            g = _g(ins.args[-1])
            if g is not None and g not in written and g not in looped[k] and not _merged_into_store(code, k, g):
                pos = ins.epos or entry
                cg.warn(pos, 4000, "use of potentially uninitialized variable ((unknown))")
                raise cg.err(pos, "reading uninitialized value", 4575)
        elif ins.op.startswith("imm_atomic_") and len(ins.args) > 1:
            g = _g(ins.args[1])
            if g is not None and g not in written and g not in looped[k]:
                raise cg.err(ins.epos or entry, f"variable '{names.get(g, '')}' used without having been completely "
                                       "initialized", 4000)
        written |= _writes(ins)
