"""Which UAV-writing pixel shaders the fused lane may run (issue 12): those whose memory results cannot depend on
the order the pixel-shader invocations run in.

D3D11 leaves the order of UAV writes between pixel-shader invocations undefined (D3D11.3 §5.3.9 / §16.12: only
a pixel's render-target and depth writes are ordered, by primitive); this project defines it as the reference
pipeline's order (raster bands, quads in primitive then row order, each instruction over a whole batch). The
fused lane walks screen tiles instead, so it may only take a shader whose UAV contents come out the same in any
order that keeps each pixel's invocations in primitive order (the fused lane's tiles are disjoint pixel sets
that keep primitive order). Two classes qualify, checked per UAV slot:

* commutative atomics: every write to the slot is one and the same non-returning atomic (``atomic_iadd``,
  ``_and``, ``_or``, ``_xor``, ``_imax``, ``_imin``, ``_umax``, ``_umin``), and the shader neither reads the
  slot nor stores to it: the final words are the fold of one commutative, associative operation over the same
  set of operands (the same live, non-discarded, non-helper lanes compute the same operands in both lanes).
* one store per pixel: the slot is written by one ``store_uav_typed`` only, outside loops and subroutines,
  whose x and y address components are the pixel's own (``ftou``/``ftoi`` of SV_Position.x / .y, the only
  definition of those temp components, at the top level before the store), at pixel frequency, on a 2D view
  (checked per draw): each address is written only by invocations of one pixel, at most once each, so its
  final texel is the last of that pixel's invocations in primitive order — the same invocation in both lanes.

Everything else (stores to computed addresses, atomics with results, counters, compare-store, reads of a slot the
shader writes, [earlydepthstencil] — its early test, which the fused lane runs late, decides which lanes write)
keeps the draw on the reference pipeline with the reason returned here (fused.stats.reasons).
"""

from __future__ import annotations

from ...headers.d3d11_enums import D3D11_UAV_DIMENSION
from ...shader import ir
from ..shader_io import EARLY_DEPTH_STENCIL_FLAG, global_flags, input_decls, memo, uses_sample_frequency

Op = ir.Opcode
OT = ir.OperandType
SN = ir.SystemName

#: non-returning atomics whose operation is commutative and associative on 32-bit words (§22.4: atomic_*)
COMMUTATIVE_ATOMICS = frozenset({Op.ATOMIC_AND, Op.ATOMIC_OR, Op.ATOMIC_XOR, Op.ATOMIC_IADD, Op.ATOMIC_IMAX,
                                 Op.ATOMIC_IMIN, Op.ATOMIC_UMAX, Op.ATOMIC_UMIN})
_ORDERED_ATOMICS = frozenset({Op.ATOMIC_CMP_STORE} | {o for o in Op if o.name.startswith("IMM_ATOMIC_")})
_STORES = frozenset({Op.STORE_RAW, Op.STORE_STRUCTURED, Op.STORE_UAV_TYPED})
_LOADS = frozenset({o for o in Op if o.name.startswith(("LD_RAW", "LD_STRUCTURED", "LD_UAV_TYPED"))})
_BLOCK_OPEN = frozenset({Op.IF, Op.LOOP, Op.SWITCH})
_BLOCK_CLOSE = frozenset({Op.ENDIF, Op.ENDLOOP, Op.ENDSWITCH})
#: instructions whose first operand is a source (conditions, selectors)
_NO_DEST = frozenset({Op.IF, Op.BREAKC, Op.CONTINUEC, Op.RETC, Op.DISCARD, Op.CALLC, Op.SWITCH, Op.CASE})


def _uav_operand(inst: ir.Instruction) -> ir.Operand | None:
    for o in inst.operands:
        if o.type == OT.UNORDERED_ACCESS_VIEW:
            return o
    return None


def order_reason(ps: ir.Program) -> str | None:
    """Why the fused lane may not run UAV-writing pixel shader ``ps`` (None: its UAV results do not depend on
    the invocation order; see the module docstring). Per program, memoised."""
    return memo(ps, "fused_uav_order", _order_reason)


def pixel_stored_slots(ps: ir.Program) -> frozenset:
    """The u# slots ``ps`` writes by one pixel-addressed typed store (their views must be 2D: bindings_reason)."""
    return memo(ps, "fused_uav_pixel_slots", lambda p: frozenset(_classify(p)[1]))


def bindings_reason(ps: ir.Program, bindings) -> str | None:
    """The draw-time half of :func:`order_reason`: the views of the pixel-addressed slots are 2D textures, and no
    two UAV slots the shader names share a resource (aliased slots would mix the per-slot classes)."""
    seen: set = set()
    for slot in sorted(memo(ps, "fused_uav_slots", _slots)):
        view = bindings.uavs[slot] if slot < len(bindings.uavs) else None
        if view is None:
            continue
        st = getattr(view, "storage", None)
        if st is not None:
            if id(st) in seen:
                return "pixel shader UAV slots that share a resource"
            seen.add(id(st))
        if slot in pixel_stored_slots(ps) and int(view.dimension) != D3D11_UAV_DIMENSION.D3D11_UAV_DIMENSION_TEXTURE2D:
            return "pixel shader pixel-addressed UAV store on a view that is not a 2D texture"
    return None


def _slots(ps: ir.Program) -> set:
    return {o.register for inst in ps.instructions if (o := _uav_operand(inst)) is not None}


def _order_reason(ps: ir.Program) -> str | None:
    if global_flags(ps) & EARLY_DEPTH_STENCIL_FLAG:
        return "pixel shader writes UAVs under [earlydepthstencil] (the early test decides which lanes write)"
    return _classify(ps)[0]


def _classify(ps: ir.Program) -> tuple[str | None, set]:  # noqa: C901
    """(reason or None, the pixel-addressed store slots)."""
    writes: dict = {}  # slot -> set of writing opcodes
    reads: set = set()
    stores: dict = {}  # slot -> [(instruction index, depth, in loop)]
    has_sub = any(inst.opcode in (Op.LABEL, Op.CALL, Op.CALLC) for inst in ps.instructions)
    depth = loops = 0
    for i, inst in enumerate(ps.instructions):
        o = inst.opcode
        if o in _BLOCK_CLOSE:
            depth -= 1
            loops -= o == Op.ENDLOOP
        u = _uav_operand(inst)
        if u is not None:
            if o in _ORDERED_ATOMICS:
                return ("pixel shader UAV atomics with results, counters or compare-store "
                        "(their values depend on the invocation order)"), set()
            if o in COMMUTATIVE_ATOMICS or o in _STORES:
                writes.setdefault(u.register, set()).add(o)
                if o in _STORES:
                    stores.setdefault(u.register, []).append((i, depth, loops))
            elif o in _LOADS:
                reads.add(u.register)
        if o in _BLOCK_OPEN:
            depth += 1
            loops += o == Op.LOOP
    pixel: set = set()
    for slot, ops in writes.items():
        if slot in reads:
            return "pixel shader reads a UAV it writes (the values read depend on the invocation order)", set()
        if ops <= COMMUTATIVE_ATOMICS:
            if len(ops) > 1:
                return "pixel shader mixes different atomics on one UAV (not commutative with each other)", set()
            continue
        if ops != {Op.STORE_UAV_TYPED} or len(stores[slot]) != 1:
            return ("pixel shader UAV stores to addresses not provably one per pixel "
                    "(their order is the reference's)"), set()
        at, _d, in_loop = stores[slot][0]
        if in_loop or has_sub or uses_sample_frequency(ps) or not _pixel_address(ps, at):
            return ("pixel shader UAV stores to addresses not provably one per pixel "
                    "(their order is the reference's)"), set()
        pixel.add(slot)
    return None, pixel


def _pixel_address(ps: ir.Program, at: int) -> bool:
    """Whether the store at instruction ``at`` addresses x = the pixel's x and y = its y. Temp components are
    followed forward from the start: ``ftou``/``ftoi`` of SV_Position .x / .y at the top level tags a component
    "x" / "y", a plain ``mov`` (no modifier, no saturate) copies tags, any other write — and any write inside a
    branch, which may or may not run — clears them; the address operand's first two components must then read
    "x" and "y"."""
    pos = [d.register for d in input_decls(ps) if d.system_name == SN.POSITION and d.operand_type == OT.INPUT]
    if not pos:
        return False
    tags: dict = {}  # (temp register, component) -> 0 (pixel x) / 1 (pixel y)
    depth = 0

    def plain(o: ir.Operand) -> bool:
        return o.modifier == ir.Modifier.NONE and all(i.rel is None for i in o.indices) and len(o.indices) == 1

    for inst in ps.instructions[:at]:
        o = inst.opcode
        if o in _BLOCK_CLOSE:
            depth -= 1
        elif o in _BLOCK_OPEN:
            depth += 1
        for d in _dests(inst):
            if d.type != OT.TEMP:
                continue
            src = inst.operands[1] if len(inst.operands) > 1 else None
            new = {}
            if depth == 0 and src is not None and not inst.saturate and plain(d) and plain(src) and \
                    len(_dests(inst)) == 1:
                sw = src.components()
                if o in (Op.FTOU, Op.FTOI) and src.type == OT.INPUT and src.register == pos[0]:
                    new = {c: sw[c] for c in d.written() if sw[c] in (0, 1)}
                elif o == Op.MOV and src.type == OT.TEMP:
                    new = {c: tags[(src.register, sw[c])] for c in d.written() if (src.register, sw[c]) in tags}
            for c in d.written():
                tags.pop((d.register, c), None)
            for c, t in new.items():
                tags[(d.register, c)] = t
    addr = ps.instructions[at].operands[1]
    if addr.type != OT.TEMP or not plain(addr):
        return False
    comps = addr.components()
    return tags.get((addr.register, comps[0])) == 0 and tags.get((addr.register, comps[1])) == 1


def _dests(inst: ir.Instruction) -> list:
    """Destination operands of an instruction that writes registers (the first operand of ALU/load forms; sincos,
    udiv, swapc and the like write two)."""
    o = inst.opcode
    if o in (Op.SINCOS, Op.UDIV, Op.UMUL, Op.IMUL, Op.UADDC, Op.USUBB, Op.SWAPC):
        return [x for x in inst.operands[:2]]
    if not inst.operands or o in _STORES or o in COMMUTATIVE_ATOMICS or o in _NO_DEST:
        return []
    first = inst.operands[0]
    return [first] if first.type in (OT.TEMP, OT.INDEXABLE_TEMP) else []
