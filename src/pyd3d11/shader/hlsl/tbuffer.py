"""tbuffer reads (D3D10+ texture buffers): the members of a ``tbuffer`` are elements of a buffer bound as a
shader resource at t#, read with ``ld`` (``ld_indexable(buffer)`` at SM 5) from a
``dcl_resource_buffer (mixed,mixed,mixed,mixed) t#`` declaration — one 16-byte element per constant register —
not through a constant-buffer register. Code generation names such reads with the register file ``tb`` (like
``cb``: slot, register, relative index, component); :func:`lower_tbuffer_reads` turns every ``tb`` operand into
an ``ld`` of the element into a temp, before optimisation, so copies and common subexpressions apply as usual.
"""

from __future__ import annotations

from typing import Any

from .operands import Ins, Reg


def lower_tbuffer_reads(cg: Any, code: list[Ins]) -> None:
    """Rewrite ``code`` in place: each instruction reading ``tb`` operands gets one ``ld`` per operand first."""
    sm5 = cg.major >= 5
    out: list[Ins] = []
    # the (element, component) pairs each tbuffer's code reads, by t# slot: RDEF's used flags (layout.py)
    reads: dict[int, set[tuple[int, int]]] = cg.tb_reads
    for ins in code:
        if not any(type(a) is Reg and a.file == "tb" for a in ins.args):
            out.append(ins)
            continue
        legacy = cg.d3d9 or cg.level9
        if legacy:
            # shader model 2 has no buffer resource: fxc refuses a tbuffer read at the Direct3D 9 and 4_0_level_9_x
            # targets, X3546, whether or not the value reaches an output (``u * 0``), after the unrolling (X3511),
            # X3548 and the entry point's semantics, before X4532 / X4579 (d3dcompiler_47 10.1, session 40); an
            # unread tbuffer compiles
            from .diagnostics import Pos

            pos = ins.epos if isinstance(ins.epos, Pos) else Pos(*ins.loc, 1) if ins.loc else Pos("", 1, 1)
            raise cg.err(pos, f"Reading from texture buffers is unsupported on {legacy}", 3546)
        args = list(ins.args)
        for k, a in enumerate(args):
            if type(a) is not Reg or a.file != "tb":
                continue
            slot, reg = a.idx
            comps = set(a.comps) if a.comps else {0, 1, 2, 3}
            if a.rel is None:
                elements: range | list[int] = [reg]
            else:  # a run-time element: any of the indexed array's (dynpick.dynamic_element records its reach)
                last, stride = cg.cb_reach.get((slot, reg), (reg, 1))
                elements = range(reg, last + 1, stride)
            reads.setdefault(slot, set()).update((e, c) for e in elements for c in comps)
            t = cg.temp()
            if a.rel is None:
                addr = Reg("l", imm=(reg, 0, 0, 0))
            else:  # run-time element: base register + the relative index
                a_t = cg.temp()
                out.append(Ins("iadd", [Reg("r", (a_t,), None, (0,)), Reg(a.rel[0], a.rel[1], None, (a.rel[3],)),
                                        Reg("l", imm=(reg,))], loc=ins.loc, epos=ins.epos))
                addr = Reg("r", (a_t,), None, (0, 0, 0, 0))
            # the SM5 form is ``ld`` with its _indexable text as the suffix, so every pass that reads an
            # instruction's shape by its mnemonic (the optimiser, the undefined-output pass) knows it writes r#
            suffix = "_indexable(buffer)(mixed,mixed,mixed,mixed)" if sm5 else ""
            out.append(Ins("ld", [Reg("r", (t,), None, (0, 1, 2, 3)), addr, Reg("t", (slot,), None, (0, 1, 2, 3))],
                           suffix, loc=ins.loc, epos=ins.epos))
            args[k] = Reg("r", (t,), None, a.comps, a.mod)
        out.append(Ins(ins.op, args, ins.suffix, ins.tail, ins.loc, ins.epos))
    code[:] = out
