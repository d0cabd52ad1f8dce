"""Interface calls indexed with varying values (X4603, ERR_VARYING_INDEXED_INTERFACE: "Interface calls can't be
indexed with varying values"; MicrosoftDocs "HLSL errors and warnings").

D3D11.3 §22.7.19 fcall restriction (1): with a dynamically indexed interface array, behaviour is undefined if the
index differs between adjacent invocations, "the HLSL compiler will attempt to disallow this case". A value is
*varying* here when it may differ between invocations of one draw or dispatch (inferred from the definition;
fxc's own analysis is not recorded):

* shader inputs and system values (``v#``, ``vicp``/``vocp``/``vpc``, ``vPrim``, ``vCoverage``, ``vDomain``,
  ``vGSInstanceID``, ``vOutputControlPointID``, the thread IDs) -- except ``vThreadGroupID``, one value for
  every thread of a group;
* memory other invocations write: UAV (``u#``) and group-shared (``g#``) reads;
* anything computed from a varying value, and any variable written under control flow a varying value decides
  (an ``if``/``switch`` condition, a loop's conditional ``break``/``continue``): after the construct the
  invocations disagree on it. An expression temp written there is read in the same region, where the active
  invocations agree: a uniform index computed inside a varying ``if`` stays uniform.

Constant buffers, immediates, ``this[]`` and reads of textures and buffers at uniform addresses are uniform.
Flow control alone is fine (§22.7.19: invocations "simply inactive due to flow control" do not break lockstep).
The analysis runs on the optimised code with virtual temps, per temp component, to a fixed point (loops carry
values back); it over-approximates (a component once varying stays so)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_UNIFORM_V = frozenset({"vThreadGroupID"})
_VARYING_MEMORY = frozenset({"u", "g"})
_OPEN = {"if": "if", "switch": "switch", "loop": "loop"}
_CLOSE = frozenset({"endif", "endswitch", "endloop"})


def _varying_file(f: str) -> bool:
    return f in _VARYING_MEMORY or f.startswith("v") and f not in _UNIFORM_V


def check(cg: CodegenContext, code: list | None = None) -> None:
    """Raise X4603 at the first ``fcall fp#[r + k]`` whose index may be varying (in ``code``: a hull shader's
    phase; the program's code by default)."""
    from .optimize import _reads_of, _shape, _writes_of

    code = cg.code if code is None else code
    calls = [ins for ins in code if ins.op == "fcall" and ins.args and ins.args[0].rel is not None]
    if not calls:
        return
    tainted: set[Any] = set()  # (temp, comp) and ("x", n) for indexable temps
    loops: set[int] = set()  # positions of loops whose trip count a varying value decides
    while True:
        size = (len(tainted), len(loops))
        stack: list[tuple[int, bool]] = []  # (position of the construct, decided by a varying value)
        for i, ins in enumerate(code):
            op = ins.op
            if op in _CLOSE:
                if stack:
                    stack.pop()
                continue
            sh = _shape(ins)
            reads = _reads_of(ins, sh)
            bad = any(r in tainted for r in reads) or any(
                _varying_file(a.file) or a.file == "x" and ("x", a.idx[0]) in tainted for a in ins.args[sh.nd:]) \
                or any(a.rel is not None and a.rel[0] == "r" and (a.rel[1][0], a.rel[3]) in tainted
                       for a in ins.args)
            under = any(flag for _pos, flag in stack)
            if op in _OPEN:
                stack.append((i, op != "loop" and bad or op == "loop" and i in loops))
                continue
            if op in ("breakc", "continuec", "retc") and bad:
                loop = next((p for p, _f in reversed(stack) if code[p].op == "loop"), None)
                if loop is not None:
                    loops.add(loop)
                continue
            if bad:
                tainted.update(_writes_of(ins, sh))
                tainted.update(("x", a.idx[0]) for a in ins.args[:sh.nd] if a.file == "x")
            elif under:
                # a variable written where only some invocations run differs between them afterwards; an
                # expression temp is written once and read in the same region, where the active invocations agree
                tainted.update(w for w in _writes_of(ins, sh) if w[0] in cg.var_temps)
                tainted.update(("x", a.idx[0]) for a in ins.args[:sh.nd] if a.file == "x")
        if (len(tainted), len(loops)) == size:
            break
    for ins in calls:
        r = ins.args[0].rel
        if r[0] == "r" and (r[1][0], r[3]) in tainted:
            pos = ins.epos or next(d.pos for d in cg.prog.decls if getattr(d, "name", None) == cg.entry)
            raise cg.err(pos, "interface calls cannot be indexed with varying values", 4603)
