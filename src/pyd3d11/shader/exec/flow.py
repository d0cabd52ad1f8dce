"""Structured flow control over an execution mask (D3D11.3 spec 22.7).

Each op is ``fn(st, pc) -> next pc``. Lanes leaving through break/continue/ret are removed from every
enclosing frame up to the construct they leave, so restoring a frame's mask never revives them.
Jump targets are resolved once at compile time (``targets`` dict filled by the compiler).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .. import watchdog
from .state import ExecState, Frame

U32 = np.uint32


class Halt(Exception):
    """Raised by the op that ends the main program."""


def cond_fn(get: Callable, nz: bool) -> Callable[[ExecState], np.ndarray]:
    """Per-lane boolean test of a 1-component source (``_nz`` or ``_z``), shape (N,)."""

    def f(st: ExecState) -> np.ndarray:
        v = np.broadcast_to(get(st)[0], (st.n,))
        return (v != 0) if nz else (v == 0)

    return f


def _innermost(st: ExecState, kinds: tuple[str, ...]) -> int:
    for i in range(len(st.stack) - 1, -1, -1):
        if st.stack[i].kind in kinds:
            return i
    return -1


def op_if(cond, else_pc: int | None, end_pc: int):
    def f(st: ExecState, pc: int) -> int:
        c = cond(st) & st.mask
        st.stack.append(Frame("if", st.mask, st.mask & ~c))
        st.set_mask(c)
        if not st.any:
            return else_pc if else_pc is not None else end_pc
        return pc + 1

    return f


def op_else(end_pc: int):
    def f(st: ExecState, pc: int) -> int:
        fr = st.stack[-1]
        st.set_mask(fr.other)
        return pc + 1 if st.any else end_pc

    return f


def op_endif(st: ExecState, pc: int) -> int:
    fr = st.stack.pop()
    st.set_mask(fr.saved)
    return pc + 1


def op_loop(exit_pc: int):
    def f(st: ExecState, pc: int) -> int:
        if not st.any:
            return exit_pc
        st.stack.append(Frame("loop", st.mask, cont=np.zeros(st.n, bool), pc=pc + 1))
        return pc + 1

    return f


def op_endloop(st: ExecState, pc: int) -> int:
    fr = st.stack[-1]
    m = st.mask | fr.cont
    fr.cont = np.zeros(st.n, bool)
    st.set_mask(m)
    if st.any:
        watchdog.check()  # a back-edge: the only place a valid program can run without bound
        return fr.pc
    st.stack.pop()
    st.set_mask(fr.saved)
    return pc + 1


def op_break(cond):
    def f(st: ExecState, pc: int) -> int:
        if not st.any:
            return pc + 1
        lanes = st.mask if cond is None else st.mask & cond(st)
        tgt = _innermost(st, ("loop", "switch"))
        st.remove_lanes(lanes, tgt)
        st.set_mask(st.mask & ~lanes)
        return pc + 1

    return f


def op_continue(cond):
    def f(st: ExecState, pc: int) -> int:
        if not st.any:
            return pc + 1
        lanes = st.mask if cond is None else st.mask & cond(st)
        tgt = _innermost(st, ("loop",))
        st.remove_lanes(lanes, tgt)
        st.stack[tgt].cont = st.stack[tgt].cont | lanes
        st.set_mask(st.mask & ~lanes)
        return pc + 1

    return f


def op_switch(sel, exit_pc: int):
    def f(st: ExecState, pc: int) -> int:
        if not st.any:
            return exit_pc
        s = np.broadcast_to(sel(st)[0], (st.n,))
        st.stack.append(Frame("switch", st.mask, other=st.mask.copy(), sel=s))
        st.set_mask(np.zeros(st.n, bool))
        return pc + 1

    return f


def op_case(value: int | None, all_values: list[int]):
    """``case value`` (or ``default`` when value is None): unmatched lanes whose selector matches join
    the lanes falling through from the previous case."""
    vals = np.array(all_values, U32)

    def f(st: ExecState, pc: int) -> int:
        fr = st.stack[-1]
        if value is None:
            hit = fr.other & ~np.isin(fr.sel, vals)
        else:
            hit = fr.other & (fr.sel == U32(value))
        fr.other = fr.other & ~hit
        st.set_mask(st.mask | hit)
        return pc + 1

    return f


def op_endswitch(st: ExecState, pc: int) -> int:
    fr = st.stack.pop()
    st.set_mask(fr.saved)
    return pc + 1


def op_ret_lanes(cond):
    """ret inside a construct, or retc: those lanes stop until the function returns."""

    def f(st: ExecState, pc: int) -> int:
        if not st.any:
            return pc + 1
        lanes = st.mask if cond is None else st.mask & cond(st)
        tgt = _innermost(st, ("call",))
        st.remove_lanes(lanes, tgt)
        st.set_mask(st.mask & ~lanes)
        return pc + 1

    return f


def op_function_end(st: ExecState, pc: int) -> int:
    """The ``ret`` closing a subroutine (or the main program)."""
    while st.stack and st.stack[-1].kind != "call":
        st.stack.pop()  # defensive: unbalanced constructs
    if not st.stack:
        raise Halt
    fr = st.stack.pop()
    st.set_mask(fr.saved)
    return fr.pc


#: return addresses a call may push (a call issued with this many on the stack is skipped)
MAX_CALL_DEPTH = 32


def op_call(cond, target: Callable[[], int]):
    def f(st: ExecState, pc: int) -> int:
        if not st.any:
            return pc + 1
        m = st.mask if cond is None else st.mask & cond(st)
        if not m.any():
            return pc + 1
        if sum(1 for fr in st.stack if fr.kind == "call") >= MAX_CALL_DEPTH:
            # "If there are already 32 entries on the return address stack and a call is issued, the call is
            # skipped over" (the call / callc asm pages' restrictions; D3D11.3 §22.7.5-6)
            return pc + 1
        st.stack.append(Frame("call", st.mask, pc=pc + 1))
        st.set_mask(m)
        return target()

    return f


def op_discard(cond):
    def f(st: ExecState, pc: int) -> int:
        if st.any:
            st.discarded |= st.mask & cond(st)
            st.discard_ran = True
        return pc + 1

    return f
