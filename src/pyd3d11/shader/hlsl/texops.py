"""Texture-method pieces: immediate texel offsets, GetSamplePosition and the per-texel-offset Gather
overload (HLSL reference: Texture2DMS.GetSamplePosition, Texture2D.Gather* (offset1..offset4))."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .diagnostics import HlslError
from .methodsig import no_matching
from .operands import Reg, Slot
from .types import DOUBLE, FLOAT, INT, NumType

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val


def offset_values(off: Val) -> list[int]:
    """The signed components of a constant int offset value, padded with zeros to three."""
    return [((s[3] + 2**31) % 2**32) - 2**31 for s in off.slots] + [0, 0, 0]


def offset_suffix(off: Val, pos) -> str:
    """``_aoffimmi(u,v,w)`` of an offset value whose slots are compile-time constants (after constant
    propagation and unrolling; anything else is fxc's X4566), each in [-8, 7]."""
    from .check import check_texel_offsets, texel_offset_error

    if not off.const:
        raise texel_offset_error(pos)
    vals = offset_values(off)
    check_texel_offsets(vals, pos)
    return "_aoffimmi({},{},{})".format(*vals[:3])


def imm_offset_suffix(cg: CodegenContext, off: Val, n: int, pos) -> str:
    """:func:`offset_suffix` of ``off`` converted to an ``n``-component int vector. An offset that is no literal
    in [-8, 7] is X4566 only if the access survives dead-code removal (d3dcompiler_47 10.1 compiles an unused
    ``t.Load(c, q)`` of a run-time q; session 36 AUD): the access is then generated without it and the error
    left to objmethods.method."""
    from .intrinsics import offset_error_waits

    value = cg.convert(off, NumType(INT, 1, n, "v") if n > 1 else NumType(INT), pos)
    try:
        return offset_suffix(value, pos)
    except HlslError as exc:
        if exc.code != 4566 or not offset_error_waits(cg):
            raise
        cg.unmappable_deferred = cg.unmappable_deferred or exc  # (a missing instruction's X4532 first)
        return ""


def sample_position(cg: CodegenContext, res, args: list, pos) -> Val:
    """``Texture2DMS[Array].GetSamplePosition(s)``: ``samplepos dst.xy, tN.xyxx, s`` (the position of
    sample s of the bound resource relative to the pixel centre, in pixels; zero when out of range)."""
    from .codegen import Val

    if len(args) != 1:
        raise no_matching(cg, "GetSamplePosition", len(args), pos)
    from .featuregates import METHODS, check_gate

    check_gate(cg, METHODS["GetSamplePosition"], pos, "GetSamplePosition")  # samplepos: 4.1
    from .methodsig import check_numeric_parameter

    check_numeric_parameter(cg, "GetSamplePosition", args[0], 1, 1, pos)  # a truncating scalar (session 38)
    i = cg.convert(args[0], NumType(INT), pos)
    dst = cg.temp()
    from .memaccess import _object_operand

    # a 5.1 element chosen at run time is named by its range and the index (sm51.DynamicElement)
    cg.emit("samplepos", Reg("r", (dst,), None, (0, 1)), _object_operand(res, (0, 1, 0, 0)), cg.src(i.slots))
    return Val(NumType(FLOAT, 1, 2, "v"), [("r", (dst,), None, c) for c in range(2)])


def gather_per_texel(cg: CodegenContext, offsets: list, one: Callable[..., None], status_node=None,
                     pos=None) -> list[Slot]:
    """Gather with four offsets: texel i of the footprint comes from a gather at offset i, so the
    result is component i of four gathers (one per distinct offset).

    With a status argument each gather is its residency form and the caller's status is the bitwise AND
    of the four: CheckAccessFullyMapped of it must hold only when every access was fully mapped (the
    method page: the status of "the operation"). Inferred, not read from fxc output: DXC keeps only the
    first gather's status (its TODO in HLOperationLower's GenerateDxilGather), and no fxc listing of this
    form is at hand; the project's executors do not run residency instructions (tiled resources)."""
    out: list[Slot] = []
    statuses: list[Reg] | None = [] if status_node is not None else None
    for i, off in enumerate(offsets):
        t = cg.temp()
        one(off, Reg("r", (t,), None, (0, 1, 2, 3)), statuses)
        out.append(("r", (t,), None, i))
    if statuses:
        acc = statuses[0]
        for s in statuses[1:]:
            cg.emit("and", acc, acc, s)
        store_status(cg, status_node, acc, pos)
    return out


def access(cg: CodegenContext, op: str, dst: Reg, srcs: list[Reg], suffix: str, clamp: Val | None,
           status_node, pos) -> None:
    """One resource access ``op dst, srcs…``; with a clamp or a status argument, its D3D11.2 residency form
    (``*_s``: a second destination receives the status, methodsig.FEEDBACK) — the status is stored into the
    caller's ``out uint`` argument, or appended to ``status_node`` when that is a list (the accesses of one
    call that share one status: gather_per_texel). A program with such an instruction requires tiled
    resources (SFI0)."""
    if clamp is None and status_node is None:
        cg.emit(op, dst, *srcs, suffix=suffix)
        return
    from .methodsig import CLAMPED_FEEDBACK, FEEDBACK

    fop = FEEDBACK[op]
    if fop in CLAMPED_FEEDBACK:
        srcs = srcs + [cg.src(clamp.slots) if clamp is not None else Reg("l", imm=(0,))]
    status = Reg("null")
    if status_node is not None:
        status = Reg("r", (cg.temp(),), None, (0,))
    cg.emit(fop, dst, status, *srcs, suffix=suffix)
    if isinstance(status_node, list):
        status_node.append(status)
    elif status_node is not None:
        store_status(cg, status_node, status, pos)


def store_status(cg: CodegenContext, status_node, status: Reg, pos) -> None:
    from .assign import assign_to
    from .codegen import Val
    from .types import UINT

    assign_to(cg, status_node, Val(NumType(UINT), [("r", status.idx, None, 0)]), pos)


def upgrade_to_feedback(cg: CodegenContext, status_node, pos, op: str, start: int) -> None:
    """Turn the ``op`` instructions emitted from ``cg.code[start]`` on (the loads of one structured-buffer
    element: one per 16 bytes) into their residency forms; the caller's status is the AND of theirs (mapped
    only when every load was: as gather_per_texel, inferred for more than one load)."""
    from .methodsig import FEEDBACK

    statuses: list[Reg] = []
    for ins in cg.code[start:]:
        if ins.op == op:
            status = Reg("r", (cg.temp(),), None, (0,))
            ins.op = FEEDBACK[ins.op]
            ins.args.insert(1, status)
            statuses.append(status)
    if not statuses:  # the element's loads were folded away: nothing to take a status from
        raise NotImplementedError(f"a status argument of a {op} whose loads were removed")
    for s in statuses[1:]:
        cg.emit("and", statuses[0], statuses[0], s)
    store_status(cg, status_node, statuses[0], pos)


def literal_sample_index(cg: CodegenContext, slots: list, pos) -> list:
    """The sample index of an ld2dms (Texture2DMS(Array).Load, ``.sample[s][p]``): shader model 4.0 takes only a
    literal (D3D11.3 ch. 22 "[D3D10.1] ld2dms: (1) sampleIndex does not have to be a literal", the 10.1 change;
    §22.4.7 "otherwise it is identical to the DX10 version"). An index that unrolling or folding left a literal
    passes; any other is X4532 at 4.0 (fxc's number for an operation the target has no instruction for)."""
    from .operands import is_imm

    if (cg.major, cg.minor) < (4, 1) and not all(is_imm(s) for s in slots):
        from .check import unmappable

        exc = unmappable(cg, pos)
        exc.wants_literal = True  # a loop counter becomes a literal once the loop unrolls (unroll.needs_unroll)
        raise exc
    return slots


def typed_element(e: NumType) -> NumType:
    """The element type of a typed buffer or texture read or written. double / double2 fit the four 32-bit words
    fxc allows (DXC SemaHLSL template-checks' X3037 record), but no typed view returns doubles and how fxc
    declares and reads them is unrecorded: reported when such an element is accessed (a declared, unused one
    compiles, vkd3d uav-rwbuffer's ``RWBuffer<double2> u;``)."""
    if e.base == DOUBLE:
        from ...errors import NotSupportedError

        raise NotSupportedError(f"a typed buffer or texture of {e} elements read or written (fxc's form of a "
                                "double element of a typed resource is not built)")
    return e


def check_cube_array_count_reads(cg: CodegenContext, code: list | None = None, phase: str = "") -> None:
    """d3dcompiler_47 10.1 (session 37, tests/test_rules_hlsl_fxc_objects_s37.py): TextureCubeArray.GetDimensions'
    float overload -- taken unless every output is ``uint`` (``int``, ``half``, ``bool``, a mix included) -- has no
    array element count: where the finished program reads that output, X4598 "The array element count of
    GetDimensions on TextureCubeArray objects is unavailable on <target>" (at 4.1, 5.0 and 5.1, every stage; an
    unread or folded count compiles). The GetDimensions page is silent. ``cg.cube_array_counts``: (temp, position)
    of each such call's resinfo result, whose .z is the count. Runs on the optimised code (cglisting.listing; a hull
    shader's phases one by one, ``phase`` the words fxc adds to the target: " patch constant")."""
    from .optimize import _padded, _shape, _src_lanes

    for temp, pos in cg.cube_array_counts:
        for ins in cg.code if code is None else code:
            sh = _shape(ins)
            for a in ins.args[sh.nd:]:
                if a.file != "r" or not a.idx or a.idx[0] != temp:
                    continue
                sw = _padded(a)
                lanes = {sw[ln] for ln in _src_lanes(ins, sh)} if sh.kind in ("cw", "dot") else set(sw)
                if 2 in lanes:
                    raise cg.err(pos, "The array element count of GetDimensions on TextureCubeArray objects is "
                                      f"unavailable on {cg.stage}_{cg.major}_{cg.minor}{phase}", 4598)


def drop_unread_feedback(cg: CodegenContext) -> None:
    """Below shader model 5 a resource access written with its status argument is the plain access while the
    status is never read (d3dcompiler_47 10.1, recorded under Wine, session 36; tests/test_rules_hlsl_fxc_
    load_status_s36.py): ``t.Load(c, o, s)`` with ``s`` unused compiles at ps_4_0 to ``ld``. A status read after
    dead code is removed leaves the residency form, which fxc's bytecode validator refuses: X8000 "ld_s
    instruction requires shader model 5 or higher." Runs on the optimised code (cglisting.listing)."""
    if cg.major >= 5:
        return
    from .methodsig import FEEDBACK
    from .optimize import _shape

    plain = {v: k for k, v in FEEDBACK.items()}
    reads: set[int] = set()
    for ins in cg.code:
        nd = 2 if ins.op in plain else _shape(ins).nd
        reads |= {a.idx[0] for a in ins.args[nd:] if a.file == "r" and a.idx}
        reads |= {a.rel[1][0] for a in ins.args if a.rel is not None and a.rel[0] == "r"}
    for ins in cg.code:
        if ins.op not in plain:
            continue
        status = ins.args[1]
        if status.file == "r" and status.idx and status.idx[0] in reads:
            raise HlslError("", 0, 0, 8000, "D3D11 Internal Compiler Error: Invalid Bytecode: "
                                            f"{ins.op} instruction requires shader model 5 or higher.")
        ins.op = plain[ins.op]
        del ins.args[1]
