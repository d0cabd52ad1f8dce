"""The phase in which fxc judges an entry point's signature, among its other refusals.

d3dcompiler_47 10.1 under Wine (session 43, helper D9; tests/test_rules_hlsl_d3d9_s43.py ``phase``): the program's
signature is judged in two places of fxc's order, whatever the target (vs/ps 2.0 / 3.0, level 9, 4.0, 4.1, 5.0):

1. the type rules of the whole file (X3000-X3499: ``return foo;`` after an invalid semantic is X3004);
2. the signature's element *types* (EARLY): a double element X3687 (a Direct3D 9 / level-9 output's refusal is the
   double written for it, X3684 with the optimiser's), a 4.0+ pixel shader's depth / coverage / stencil output of
   more than one component X4555, an index system value's declared type X4555 (``float id : SV_VertexID``), a duplicated
   input of another layout X3536, the level-9 system-value inputs X4016 / X4555 / X4583;
3. the optimiser's refusals: a loop it cannot unroll or map (X3511, X3525, X3526), doubles below 5.0 (X3684,
   X3651), the legacy targets' unsigned values (X3548, X3543, X3704), min precision at D3D9 (X3703), a value used
   uninitialised (X4000), a level-9 pixel shader's output left undefined (X3508);
4. the signature's semantics (LATE): an invalid name or index X4502 (inputs and outputs), a system value twice X4574,
   an output twice X4504 (D3D9) / X4503 (level 9), a second depth X3677, a D3D9 vertex shader's FOG / PSIZE vector
   X4540, a D3D9 DEPTH vector X4528, a level-9 depth vector X4555, an input a Direct3D 9 target has no register for
   where the program reads it (X4502: sm2/d3d9.input_semantic_error, iodecls.check_read_inputs);
5. code generation and its checks: X4532 (a Load or derivative the target lacks), X4580, X4541 / X4529, the
   4.0+ duplicate output's X4503 (after X4580), the built signature's types X4576, the bytecode validator.

The code generator here binds the signature as it meets the parameters and the returns, so it records a refusal of
phase 2 or 4 (:func:`refuse`) and goes on generating; :func:`instead` then picks, for an error raised later, the one
fxc reports first, and compiler.py raises what is left once the code is generated. Outputs' element types are judged
before the body (:func:`judge_entry_types`): fxc's phase 2 precedes an unrolling failure inside the body.
"""

from __future__ import annotations

from typing import Any

from .diagnostics import HlslError

EARLY = 0
LATE = 1


def refuse(cg: Any, err: HlslError, phase: int) -> None:
    """Record ``err`` as the signature's refusal of ``phase`` (EARLY / LATE); the first of each phase is kept (fxc
    judges the elements in order: the inputs as bound, then the outputs)."""
    kept = cg.signature_errors[phase]
    if kept is None or getattr(kept, "after_4016", False) and not getattr(err, "after_4016", False):
        # a level-9 input's X4555 / X4583 comes after every element's X4016 / X3687 (d3dcompiler_47 10.1,
        # session 45: ``uint v : SV_VertexID, uint i : SV_InstanceID`` is X4016, ``..., double d : D`` X3687)
        cg.signature_errors[phase] = err


def pending(cg: Any, phase: int) -> HlslError | None:
    return cg.signature_errors[phase]


def _optimiser_phase(cg: Any, exc: HlslError) -> bool:
    """Whether ``exc`` is a refusal fxc makes before it judges the signature's semantics (phases 1-3)."""
    # (a value used uninitialised, X4000, at every target: ``float4 main(float4 e : SV_Target) : SV_Target { float4
    # y; return e + y; }`` is X4000 at ps_4_0 and vs_4_0_level_9_1)
    return exc.code <= 4000


def instead(cg: Any, exc: HlslError) -> HlslError | None:
    """The signature refusal fxc reports before ``exc``, an error the code generation raised after one was
    recorded; None where ``exc`` comes first (a type rule, or an optimiser refusal before the semantics' phase)."""
    early, late = cg.signature_errors
    if exc is early or exc is late or exc.code == 4615:  # (a root signature's target precedes code generation)
        return None
    if cg.deferred_gate_error is not None:  # (a resource's element type right after the type rules: compiler.py)
        return None
    if early is not None and exc.code >= 3500:
        return early
    if late is not None and not _optimiser_phase(cg, exc):
        # a deferred optimiser refusal (a double, an unsigned value at D3D9) still precedes the semantics
        from .uintrange import earliest

        return earliest(cg.deferred_legacy_error, cg.deferred_double_error) or late
    return None


def judge_entry_types(cg: Any, f: Any) -> None:
    """Phase 2 for the entry point's outputs, before its body is generated: the first double output element
    (X3687 at 4.0+) or 4.0+ pixel-shader depth / coverage / stencil
    output wider than one component (X4555); and the inputs' index system values declared float or bool (X4555 of
    svtypes.check_signature_types: the inputs are bound by now). A refusal is recorded, not raised (:func:`refuse`)."""
    from .compat import compat_semantic
    from .signatures import _PS_SCALAR_OUTPUTS
    from .sigpack import signature_order
    from .svtypes import check_signature_types
    from .sysvalues import default_point, system_value_error
    from .types import DOUBLE, VOID, concrete

    legacy = cg.d3d9 or cg.level9
    try:
        if not legacy:  # (the 4.0+ rules: compiler.build_blob judges the outputs' system-value types)
            check_signature_types(signature_order(cg.inputs), False, cg.stage)
    except HlslError as exc:
        # an index value declared float is X4555 with the element types (``float e : SV_VertexID`` at vs_4_0 before
        # X3651 / X3511); X4576 judges the built signature, after its semantics (``int id : SV_SampleIndex`` at
        # ps_4_0 is X4502 first), and X8000 is the bytecode validator's: both stay with compiler.build_blob
        if exc.code == 4555:
            refuse(cg, exc, EARLY)
    outs = [(f.ret, f.semantic, f.pos, "return value", "return")] if f.ret is not VOID else []
    outs += [(p.type, p.semantic, p.pos, p.name, "output") for p in f.params
             if ("out" in p.mods or "inout" in p.mods) and "uniform" not in p.mods]
    for t, sem, pos, name, role in outs:
        try:
            elems = cg.elem_list(t, sem, pos, name, role)
        except HlslError:
            continue  # a missing semantic is the binding's own error
        for lt, base, idx, _mods in elems:
            if concrete(lt.base) == DOUBLE:
                # (below 4.0 the double written for the output is refused where it is written, with the optimiser's
                # refusals in source order: ``double main() : COLOR { return (uint)x; }`` is X3548; doubles.py)
                if not legacy:
                    from .signatures import no_double_element

                    try:
                        no_double_element(lt, pos)
                    except HlslError as exc:
                        refuse(cg, exc, EARLY)
                return
            if cg.stage != "ps" or legacy or lt.n < 2:
                continue
            spelled = compat_semantic(cg, base, True, idx)
            up = spelled.upper()
            point = default_point(cg.stage, "out")
            if up in _PS_SCALAR_OUTPUTS and (system_value_error(cg.stage, cg.major, cg.minor, "out", spelled, idx,
                                                                point) is None or up == "SV_COVERAGE"):
                refuse(cg, cg.err(pos, f"invalid type used for '{spelled}' output semantics", 4555), EARLY)
                return
