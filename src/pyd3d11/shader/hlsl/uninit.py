"""Outputs copied from values the shader never defined.

A struct member that is never assigned (``O.f4SMC`` of ContactHardeningShadows11's shadow-map vertex
shader) lives in temp components that no instruction writes; its ``mov o#, r#`` would copy whatever
the register allocator left there. fxc writes nothing for such components: the output stays declared
in the signature but undeclared in the code, so the OSGN "never written" mask lists them
(ContactHardeningShadows11_VSSM.o: TEXTURE1 with mask xyzw). This pass masks those lanes off output
moves and deletes moves left with none."""

from __future__ import annotations

from .operands import Ins, Reg
from .optimize import _copy_slots, _padded, _shape, _writes_of


def defined_components(code: list[Ins]) -> set[tuple[int, int]]:
    """Temp components that hold a value the shader computed: written by an operation other than a plain
    copy of a temp, or copied from such a component (without optimisation an undefined member travels
    through copies before it reaches its output)."""
    copies: list[tuple[tuple[int, int], tuple[int, int]]] = []
    defined: set[tuple[int, int]] = set()
    for ins in code:
        moved = _copy_slots(ins)
        if moved is not None:
            t = ins.args[0].idx[0]
            for c, src in moved:
                if src[0] == "r":
                    copies.append(((t, c), (src[1][0], src[3])))
                else:
                    defined.add((t, c))
            continue
        defined.update(_writes_of(ins, _shape(ins)))
    changed = True
    while changed:
        changed = False
        for dst, src in copies:
            if src in defined and dst not in defined:
                defined.add(dst)
                changed = True
    return defined


def drop_undefined_output_moves(code: list[Ins]) -> bool:
    """Edit ``code`` in place; True when a lane or an instruction was removed."""
    written = defined_components(code)
    changed = False
    out: list[Ins] = []
    for ins in code:
        if ins.op == "mov" and not ins.suffix and len(ins.args) == 2:
            d, s = ins.args
            if d.file == "o" and d.rel is None and s.file == "r" and s.rel is None and not s.mod:
                lanes = tuple(d.comps) if d.comps is not None else (0, 1, 2, 3)
                sw = _padded(s)
                keep = [c for c in lanes if (s.idx[0], sw[c]) in written]
                if len(keep) < len(lanes):
                    changed = True
                    if not keep:
                        continue
                    ins = Ins("mov", [Reg(d.file, d.idx, None, tuple(keep)), s], ins.suffix, ins.tail, ins.loc)
        out.append(ins)
    code[:] = out
    return changed


def written_outputs(code: list[Ins]) -> set[int]:
    return {d.idx[0] for ins in code for d in ins.args[:_shape(ins).nd] if d.file == "o" and d.idx}


def drop_unwritten_output_decls(code: list[Ins], decls: list[str]) -> list[str]:
    """Undefined-only outputs lose their ``dcl_output`` (system-value outputs stay declared)."""
    before = written_outputs(code)
    if not drop_undefined_output_moves(code):
        return decls
    gone = before - written_outputs(code)
    return [ln for ln in decls if not any(ln.startswith(f"dcl_output o{r}.") for r in gone)]


def warn_incomplete_outputs(cg) -> None:
    """fxc's warning X3578 "Output value '<entry>' is not completely initialized" (MicrosoftDocs "HLSL errors
    and warnings"; the wording is fxc's as recorded for DXC issue 2419's ``uint sum = sum; return sum;``).

    Rule, as implemented: a component of the entry point's return value (a struct member, a vector lane)
    that no instruction of the shader ever defines — never assigned, or copied only from components never
    assigned — is an output the shader leaves undefined, so fxc warns once, at the entry point. A component
    assigned on some paths only is not this warning (that is "potentially uninitialized", X4000, not built
    for numeric locals). Inferred where no fxc record says: the position is the entry's definition; out
    parameters of the entry are not checked (their wording is not recorded); hull shaders are not checked."""
    if not cg.entry_returns:
        return
    defined = defined_components(cg.code)
    for pos, slots in cg.entry_returns:
        if any(s[0] == "r" and s[2] is None and (s[1][0], s[3]) not in defined for s in slots):
            cg.warn(pos, 3578, f"Output value '{cg.entry}' is not completely initialized")
            return
