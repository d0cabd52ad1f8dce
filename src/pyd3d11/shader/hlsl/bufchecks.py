"""The checks of a shader's buffers and registers once its resources are bound (D3D11.3 functional spec §5.3 on
the register spaces, §7.2 on constant buffers): UAVs against the target's model (X3676 / X4121 ...), registers two
resources share (X4500 / X4509 / X4610), the fourteen constant-buffer slots and a buffer's 4,096 entries
(d3dcompiler_47 10.1's answers as the callers' docstrings record them). Split from check.py (session 48)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .check import RW_KINDS_TYPED
from .diagnostics import Pos
from .types import array_leaf

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .values import CbVar


def check_uav_model(cg: CodegenContext) -> None:
    """The object kinds the target has, for the objects the shader uses (featuregates.OBJECTS: typed UAVs and
    append/consume buffers 5.0, raw and structured UAVs in cs_4_x, no UAV in another 4.x stage, TextureCubeArray
    4.1), and cs_4_x's single UAV (D3D11.3 §18.7.2.5 "The output is a single UAV": _uav_model_numbers)."""
    from .featuregates import OBJECTS, gate_error

    used = [r for r in cg.resources if r.used]
    _uav_model_numbers(cg, used)
    if cg.d3d9 is not None:
        return  # the Direct3D 9 targets drop UAV stores and judge no UAV slot (memaccess.mem_store, session 42)
    if cg.stage == "ps" and (cg.major, cg.minor) == (5, 0):
        # a 5.0 pixel shader's UAVs share slots with its render targets (objects._render_targets): a reservation
        # below one past the highest SV_Target is X4509 (d3dcompiler_47 10.1, session 35)
        from .objects import _render_targets

        first = _render_targets(cg)
        for r in used:
            if r.file == "u" and r.explicit and r.reg < first:
                raise cg.err(Pos("", 1, 1), "UAV registers live in the same name space as outputs, so they must be "
                                            f"bound to at least u{first}, manual bind to slot u{r.reg} failed", 4509)
    for r in used:
        kind = getattr(array_leaf(r.type), "kind", None)
        gate = OBJECTS.get(kind or "")
        if gate is None:
            continue
        if r.file == "u" and cg.stage != "cs":
            msg = "'{r}': UAVs require shader model {{need}} in this stage"
        elif kind in RW_KINDS_TYPED:
            msg = "'{r}': typed UAVs require shader model {{need}}"
        else:
            msg = "'{r}': {k} requires shader model {{need}} or later ({{target}})"
        exc = gate_error(cg, gate, Pos("", 1, 1), kind or "", msg.format(r=r.name, k=kind))
        if exc is not None:
            raise exc

def _uav_model_numbers(cg: CodegenContext, used: list) -> None:
    """UAVs below shader model 5 with d3dcompiler_47 10.1's numbers and words (session 35, every 4.x stage):
    an append/consume buffer is X3660 "<target> does not support interlocked operations" (first, in any
    stage), a UAV reserved past the target's UAV slots (none outside cs, one in cs_4_x) X4509 "maximum UAV register
    index exceeded, target has 0 slots, manual bind to slot u1 failed", a UAV outside a compute shader X4585
    "maximum <target> UAV register index (0) exceeded - note that the target doesn't support UAVs", a typed UAV in
    cs_4_x X3666 "<target> does not support typed UAVs"."""
    if cg.major >= 5:
        return
    target = cg.level9 or f"{cg.stage}_{cg.major}_{cg.minor}"
    kinds = [getattr(array_leaf(r.type), "kind", "") or "" for r in used if r.file == "u"]
    if any(kind.startswith(("Append", "Consume")) for kind in kinds):
        raise cg.err(Pos("", 1, 1), f"{target} does not support interlocked operations", 3660)
    if cg.d3d9 is not None:
        return  # (check_uav_model)
    slots = 1 if cg.stage == "cs" else 0  # a reservation past them is X4509, before the kind's own rule
    for r in used:
        if r.file == "u" and r.explicit and r.reg >= slots:
            raise cg.err(Pos("", 1, 1), f"maximum UAV register index exceeded, target has {slots} slots, manual bind "
                                        f"to slot u{r.reg} failed", 4509)
    if kinds and cg.stage != "cs":
        raise cg.err(Pos("", 1, 1), f"maximum {target} UAV register index (0) exceeded - note that the target "
                                    "doesn't support UAVs", 4585)
    if len(kinds) > slots:
        # a second UAV in cs_4_x (D3D11.3 §18.7.2.5: a single UAV), before the kinds' rules: d3dcompiler_47 10.1's
        # X4585 names the slot count, whichever kinds they are (session 36, helper AUD)
        raise cg.err(Pos("", 1, 1), f"maximum {target} UAV register index ({slots}) exceeded", 4585)
    for kind in kinds:
        if kind in RW_KINDS_TYPED:
            raise cg.err(Pos("", 1, 1), f"{target} does not support typed UAVs", 3666)


def check_register_overlap_reads(cg: CodegenContext) -> None:
    """register(c#) reservations in $Globals may not overlap where the optimised code reads either variable
    (layout.mark_read_cb_variables): d3dcompiler_47 10.1's X4019 "multiple variables found with the same
    user-specified location" (session 35's number); a variable named only by code the optimiser removes --
    ``if (false) return b;``, ``return 1.0; return b;``, ``b * 0``, an unused local copy -- does not count (session
    38, recorded in tests/test_rules_hlsl_fxc_mutants_s38.py). A Direct3D 9 target judges the registers each
    variable reads instead (cg_resources, sm2/d3d9.py)."""
    for a, b in cg.reg_overlaps:
        if (a.used or b.used) and not cg.d3d9:
            raise cg.err(b.decl.pos, "multiple variables found with the same user-specified location", 4019)


def check_cb_overlap(cg: CodegenContext) -> None:
    """Members placed with packoffset may not overlap in a constant buffer that is used; register(c#)
    reservations in $Globals may not overlap when either variable is used (shader model 4-5; a Direct3D 9
    target judges the registers each variable reads instead: sm2/d3d9.py)."""
    # (the register(c#) reservations are judged after optimisation: check_register_overlap_reads)
    for cb in cg.cbufs:
        if not cb.used:
            continue
        # Overlap is judged on the components each member occupies, not on its byte span: the padding after
        # an array element or a matrix column that does not fill its register is free, so `float3x3 m :
        # packoffset(c0); float b : packoffset(c1.w);` compiles (fxc 10.1 under Wine, session 35:
        # tests/test_rules_hlsl_fxc_layout_packoffset.py). A double or minimum-precision value holds no component
        # in this check, whichever member it is: `float4 h : packoffset(c0); double p : packoffset(c0);` compiles,
        # p at byte 0 (fxc 10.1).
        # Of the two, the member placed further on is named
        # (fxc: `float b : packoffset(c1.y); float4 a : packoffset(c1);` points at b), the later one on a tie.
        taken: dict[tuple[int, int], CbVar] = {}
        for cv in cb.vars:
            if cv.decl.packoffset is None:
                continue
            mine = cg.cb_slots(cv.decl.type, cv.offset, only_32bit=True)
            other = next((taken[c] for c in mine if c in taken), None)
            if other is not None:
                named = other if other.offset > cv.offset else cv
                # fxc's wording (DXC issue #3724, packoffset members sharing c2.y)
                raise cg.err(named.decl.pos, "multiple variables found with the same user-specified location", 4019)
            taken.update((c, cv) for c in mine)


#: D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
CB_SLOTS = 14


def check_cb_slots(cg: CodegenContext) -> None:
    """Every constant buffer, reserved ones included even when unused, needs one of the 14 slots: fxc's link-time
    X4567 "maximum cbuffer exceeded. target has 14 slots, manual bind to slot 15 failed", after every error of the
    code (d3dcompiler_47 10.1, session 43: a b# with letters after the number is slot 4294967295, bufregs.py).
    A Direct3D 9 target has no constant-buffer slots: its b# is not judged (``cbuffer C : register(b99)``
    compiles at ps_3_0 / vs_2_0; fxc 10.1, session 37)."""
    if cg.d3d9 is not None:
        return
    for cb in cg.cbufs:
        if cb.kind == "tbuffer":  # a t# register: objects.check_register_limits
            continue
        slot = cb.reg if cb.explicit else cb.slot
        if slot is not None and slot >= CB_SLOTS and (cb.used or cb.explicit):
            raise cg.err(cb.pos or Pos("", 1, 1), f"maximum cbuffer exceeded. target has {CB_SLOTS} slots, manual "
                                                  f"bind to slot {slot} failed", 4567)
    # two used cbuffers reserved at one b#: X4578 "cbuffer bank 1 used more than once" (fxc 10.1, session 43; an
    # unused one reserves nothing then)
    seen: set[int] = set()
    for cb in cg.cbufs:
        if cb.kind != "tbuffer" and cb.explicit and cb.used and cb.reg is not None:
            if cb.reg in seen:
                raise cg.err(cb.pos or Pos("", 1, 1), f"cbuffer bank {cb.reg} used more than once", 4578)
            seen.add(cb.reg)


def check_tbuffer_overlaps(cg: CodegenContext) -> None:
    """Two used tbuffers reserved at one t#: fxc's X4500 "overlapping register semantics not yet implemented 't1'",
    at every model from 4.0, 5.1 too (d3dcompiler_47 10.1, session 43: not 5.1's X4610 of textures)."""
    from .values import SPACE_STRIDE

    seen: set[int] = set()
    for cb in cg.cbufs:
        if cb.kind == "tbuffer" and cb.explicit and cb.used and cb.reg is not None:
            if cb.reg in seen:
                raise cg.err(cb.pos or Pos("", 1, 1), f"overlapping register semantics not yet implemented "
                                                      f"'t{cb.reg % SPACE_STRIDE}'", 4500)
            seen.add(cb.reg)



#: D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT (the D3D10 value is the same): 16-byte entries per constant buffer
CB_MAX_ENTRIES = 4096


def check_cb_entry_count(cg: CodegenContext) -> None:
    """A constant buffer in the program (``cbuffer`` or ``$Globals``) holds at most 4096 16-byte entries:
    fxc's X4601 with its text (DXC issue 1919). The size is the buffer's legacy layout rounded up to whole
    entries; a buffer the program does not reference is not in it, and a tbuffer is a shader-resource view
    without this limit (both inferred: fxc's record has one referenced cbuffer)."""
    for cb in cg.cbufs:
        entries = (cb.size + 15) // 16
        if cb.used and cb.kind != "tbuffer" and entries > CB_MAX_ENTRIES:
            raise cg.err(cb.pos or Pos("", 1, 1), f"the size of constant buffer {cb.name} is {entries} 16-byte "
                         f"entries, which exceeds maximum allowed size of {CB_MAX_ENTRIES} entries", 4601)

#: intrinsics declared for scalars/vectors only: a matrix argument matches no overload
