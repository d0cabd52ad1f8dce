"""Precision ranks of HLSL's scalar types for warning X3205 ("conversion from larger type to smaller, possible
loss of data") on implicit conversions into the minimum-precision types.

Rule (fxc's per-assignment verdicts recorded in DXC's SemaHLSL scalar-assignments-exact-precision.hlsl, every
pair of bool/int/uint/dword/half/float/double/min16float/min10float/min16int/min12int/min16uint; the
MicrosoftDocs "Scalar Types" page gives the minimum bit counts): an implicit conversion warns when the source's
precision exceeds the destination's, ranked double 64 > the 32-bit types (int, uint, dword, float and half,
which fxc's SM 4/5 targets store as float) 32 > min16float/min16int/min16uint 16 > min12int 12 > min10float 10;
bool ranks below every type (bool → min-precision passes). Conversions from double are handled with their
own X3205 in Codegen.convert; this module adds the narrowings between two min-precision types."""

from __future__ import annotations

from .types import BOOL, DOUBLE, NumType

#: bits of precision of the minimum-precision spellings (the Scalar Types page: "minimum 16-bit", "10-bit",
#: "12-bit"); every other spelling takes its base type's rank (_BASE_RANK)
_MIN_RANK = {"min16float": 16, "min16int": 16, "min16uint": 16, "min12int": 12, "min10float": 10}
_BASE_RANK = {BOOL: 0, DOUBLE: 64}


def precision_rank(t: NumType) -> int:
    """The rank of ``t``'s element type in the X3205 order above (32 for int/uint/float/half)."""
    if t.prec in _MIN_RANK:
        return _MIN_RANK[t.prec]
    return _BASE_RANK.get(t.base, 32)


def narrows_to_min_precision(src: NumType, dst: NumType) -> bool:
    """Whether an implicit conversion ``src`` → ``dst`` between two minimum-precision types is fxc's X3205
    (min16* → min12int/min10float, min12int → min10float). Only spelled min-precision sources are judged:
    the type of an arithmetic result does not carry its operands' spelling here (NumType.prec), so a 32-bit
    source may be a min16 value in disguise and its warning (float → min16float in the records) is not
    issued rather than issued falsely."""
    return (dst.prec in _MIN_RANK and src.prec in _MIN_RANK and src.base != DOUBLE
            and precision_rank(src) > precision_rank(dst))



def check_level9_min16uint(cg, prog, compiled: list, entry=None) -> None:
    """X3703 "<target> does not support 16-bit uint minimum-precision data": a level-9 target (4_0_level_9_x)
    has no min16uint. fxc 10.1 (under Wine, session 35; tests/test_rules_hlsl_fxc_layout_minprec.py) rejects
    every global declared with a min16uint scalar, vector or matrix type, a typedef of one included -- static or
    not, a cbuffer member, used or not -- and every such local or parameter of the functions it compiles
    (``compiled``: a function the entry point never calls is not judged); an array of min16uint, a struct member
    of the type and a cast to it pass; a function's return type is judged too, called or not. The first such declaration
    in the source is named. At a Direct3D 9 target
    (compiled through the level-9 one) the entry point's input and uniform parameters pass (``float4
    main(min16uint x : TEXCOORD0) : COLOR`` compiles at ps_2_0, session 36)."""
    if not cg.level9:
        return
    from . import ast as A
    from .codegen import walk

    passing = {id(p) for p in entry.params if "out" not in p.mods and "inout" not in p.mods} \
        if cg.d3d9 and entry is not None else set()
    tops = [d for d in prog.decls if not isinstance(d, A.FuncDef)]
    # (an overload's parameters are judged when a call picks it: note_called_overload)
    passing |= {id(p) for f in compiled if _overloaded(prog, f) for p in f.params}
    found = [(n.pos.line, n.pos.col, n) for n in walk([tops, compiled]) if isinstance(n, (A.VarDecl, A.Param))
             and isinstance(n.type, NumType) and n.type.prec == "min16uint" and n.pos is not None
             and id(n) not in passing]
    # a function's min16uint return type too, called or not (``min16uint4 main(...) : SV_Target`` at
    # ps_4_0_level_9_x, vs_4_0_level_9_1's SV_Position; an uncalled ``min16uint f(float x)`` as well): after the
    # type rules, as a Direct3D 9 target's min-precision local (local_refusal; session 48)
    returns = [f for f in prog.decls if isinstance(f, A.FuncDef) and f.pos is not None
               and isinstance(f.ret, NumType) and f.ret.prec == "min16uint"]
    if returns and not cg.d3d9 and cg.min_precision_local is None:
        cg.min_precision_local = (returns[0].pos, returns[0].name)
    if found:
        n = min(found, key=lambda x: x[:2])[2]
        raise cg.err(n.pos, f"{cg.d3d9 or cg.level9} does not support 16-bit uint minimum-precision data", 3703)


def _min_numeric(t: object) -> bool:
    """A minimum-precision scalar, vector or matrix (a typedef of one included); arrays and structs are not."""
    from .globalflags import MIN_PRECISION_TYPES
    from .types import StructType

    return isinstance(t, NumType) and not isinstance(t, StructType) and t.prec in MIN_PRECISION_TYPES


def local_refusal(cg):
    """X3703 "'x': ps_3_0 does not support minimum-precision data" for the first min16float/min10float/min16int/
    min12int/min16uint local (or declaration :func:`note_d3d9_min_precision` noted) at a Direct3D 9 target, or
    None: d3dcompiler_47 10.1 (session 35, INTR) reports it after the type rules (a call's overload error comes
    first) and before the legacy targets' X3548 / X3543 / X3704 (session 37, INTR: ``min16float m = a.x;
    (uint)m`` is X3703); the 4_0_level_9_x targets take them."""
    if cg.min_precision_local is None:
        return None
    pos, name = cg.min_precision_local
    if not cg.d3d9:  # (a level-9 min16uint return: check_level9_min16uint)
        return cg.err(pos, f"{cg.d3d9 or cg.level9} does not support 16-bit uint minimum-precision data", 3703)
    return cg.err(pos, f"'{name}': {cg.d3d9} does not support minimum-precision data", 3703)


def note_d3d9_min_precision(cg, prog, compiled: list, entry) -> None:
    """X3703 "'name': ps_3_0 does not support minimum-precision data" at a Direct3D 9 target (ps/vs_2_0/3_0):
    d3dcompiler_47 10.1 (under Wine, session 36) names the first declaration, in source order, of a
    min16float/min10float/min16int/min12int/min16uint scalar, vector or matrix among the globals (uniform, static,
    cbuffer members; used or not), every function's return type (called or not), the parameters of the functions
    the entry point calls and the entry point's ``out`` parameters; an array, a struct member, a cast and the entry
    point's input, ``inout`` and uniform parameters pass this rule (fxc's own validator then fails those the code
    computes with, reads or writes with X5003 / X5004 / X5307 / X5308: d3d9minprec.py). Locals are noted while the
    body is generated (Codegen._declare_local); the error is raised
    after the type rules, as for a local (Codegen.min_precision_local)."""
    if not cg.d3d9 or cg.min_precision_local is not None:
        return
    from . import ast as A

    found: list = []
    for d in prog.decls:
        if isinstance(d, A.VarDecl) and _min_numeric(d.type):
            found.append((d.pos, d.name))
        elif isinstance(d, A.CBufferDecl):
            found += [(m.pos, m.name) for m in d.members if _min_numeric(m.type)]
        elif isinstance(d, A.FuncDef):
            if _min_numeric(d.ret):
                found.append((d.pos, d.name))
            if d is entry:
                # an ``inout`` one passes (its input reads and output writes are the validator's X5003 / X5004:
                # d3d9minprec.py; d3dcompiler_47 10.1, session 47)
                found += [(p.pos, p.name) for p in d.params
                          if _min_numeric(p.type) and "out" in p.mods and "inout" not in p.mods]
            elif any(d is c for c in compiled) and not _overloaded(prog, d):
                found += [(p.pos, p.name) for p in d.params if _min_numeric(p.type)]
    found = [f for f in found if f[0] is not None]
    if found:
        cg.min_precision_local = min(found, key=lambda f: (f[0].line, f[0].col))


def _overloaded(prog, f) -> bool:
    """Whether another function of ``f``'s name has a body: which of them a call picks is known only when the
    call is generated (:func:`note_called_overload`)."""
    from . import ast as A

    return any(isinstance(d, A.FuncDef) and d is not f and d.name == f.name and d.body is not None
               for d in prog.decls)


def note_called_overload(cg, f) -> None:
    """The Direct3D 9 X3703 of an overloaded function's min-precision parameter, noted when a call picks that
    overload: d3dcompiler_47 10.1 (under Wine, session 42) compiles ``float f(int a)`` beside ``float f(min16float
    a)`` where ``f(3)`` calls the int one, and refuses the min16float one where a call picks it; the first such
    declaration in source order is named (as :func:`note_d3d9_min_precision`)."""
    if not _overloaded(cg.prog, f):
        return
    uint16 = [p for p in f.params if isinstance(p.type, NumType) and p.type.prec == "min16uint" and p.pos is not None]
    if uint16:  # (check_level9_min16uint's rule, for the overload picked)
        raise cg.err(uint16[0].pos, f"{cg.d3d9 or cg.level9} does not support 16-bit uint minimum-precision data", 3703)
    if not cg.d3d9:
        return
    found = [(p.pos, p.name) for p in f.params if _min_numeric(p.type) and p.pos is not None]
    if cg.min_precision_local is not None:
        found.append(cg.min_precision_local)
    if found:
        cg.min_precision_local = min(found, key=lambda x: (x[0].line, x[0].col))
