"""Resource subscripts, structured and groupshared memory, and the Interlocked* atomics (MicrosoftDocs win32
direct3dhlsl sm5-object-rwstructuredbuffer, dx-graphics-hlsl-variable-syntax groupshared, interlocked*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .codegen import Resource, Val
from .diagnostics import HlslError, Pos
from .exprs import expr
from .featuregates import (
    GROUPSHARED_BYTES,
    INTRINSICS,
    gate_error,
)
from .methodsig import check_numeric_parameter, out_arg_type, unwritable_out_argument
from .operands import Reg, imm
from .sm51 import mem_operand, reg_of, regs_of
from .texops import typed_element
from .types import (
    BOOL,
    DOUBLE,
    FLOAT,
    INT,
    UINT,
    VOID,
    NumType,
    ObjectType,
    StructType,
    Type,
    concrete,
)

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_ATOMIC = {"InterlockedAdd": "iadd", "InterlockedAnd": "and", "InterlockedOr": "or", "InterlockedXor": "xor",
           "InterlockedMin": "min", "InterlockedMax": "max", "InterlockedExchange": "exch",
           "InterlockedCompareStore": "cmp_store", "InterlockedCompareExchange": "cmp_exch"}
#: arguments after the destination (the Interlocked* pages): value [, out original]; Exchange: value, out
#: original; CompareExchange: compare, value, out original; CompareStore: compare, value
_ATOMIC_ARGS = {"exch": (2,), "cmp_exch": (3,), "cmp_store": (2,)}


# --- resource operands ------------------------------------------------------------------------------------
def _res_operand(r, n: int = 4) -> Reg:
    return _object_operand(r, tuple(range(4)))


def _bound(r) -> bool:
    """Whether an object value names registers: a Resource with one, or a 5.1 run-time-indexed element."""
    from .sm51 import DynamicElement

    return isinstance(r, DynamicElement) or isinstance(getattr(r, "reg", None), int)


def _object_operand(r, comps: tuple | None = None) -> Reg:
    """A resource or sampler operand; an element picked by a run-time index (5.1, sm51.DynamicElement) is
    ``t[rN.c + base]``."""
    rel = getattr(r, "rel", None) if not isinstance(r, Resource) else None
    if rel is not None:
        from .linkage import NonUniformRelFirst, _RelFirst

        return (NonUniformRelFirst if r.nonuniform else _RelFirst)(r.file, (r.base,), rel, comps)
    return Reg(r.file, (r.reg,), None, comps)


def _elem_type(t: ObjectType) -> NumType:
    e = t.elem
    if isinstance(e, NumType):
        return typed_element(e)  # a double element: NotSupportedError (texops)
    return NumType(FLOAT, 1, 4, "v")




def object_index(cg: CodegenContext, v: Val, idx_node: A.Node, pos) -> Val:
    legacy = cg.d3d9 or cg.level9
    if legacy and not v.type.kind.startswith(("RW", "RasterizerOrdered")):
        # shader model 2 reads a resource by sampling only: an object's operator[] (``tx[uint2(0, 0)]``,
        # ``tx.mips[0][p]``, ``Buffer`` / ``StructuredBuffer`` elements) is X3701 at the Direct3D 9 and 4_0_level_9_x
        # targets, in called code, read or not, in the legacy targets' phase after the type rules (an undeclared
        # name later in the text is X3004), with X3548 in source order (d3dcompiler_47 10.1, session 40); a UAV's
        # element is X3701 when read but its store compiles (fxc drops it): not told apart here, left as before
        from .uintrange import defer

        defer(cg, cg.err(pos, f"{legacy} does not support indexing resources", 3701))
    from .texsub import is_subscript, subscript_index

    if is_subscript(v):
        return subscript_index(cg, v, idx_node, pos)
    t, r = v.type, v.obj
    k = t.kind
    from .texsub import check_index, index_dims

    # an object without operator[] is the type rule's X3121 before any binding question (d3dcompiler_47 10.1,
    # session 44: ``string s = "a"; s[0]`` X3121, not X3512; DXC subobjects-syntax)
    dims = index_dims(cg, k, pos)
    if not _bound(r):
        raise cg.err(pos, f"'{k}': object is not bound to a register here (resource arrays need literal indices)",
                     3512)
    idx = check_index(cg, expr(cg, idx_node), dims, pos)
    if k in ("StructuredBuffer", "RWStructuredBuffer"):
        i = cg.convert(idx, NumType(UINT), pos)
        return Val(t.elem, [], ("mem", "struct", r.file, reg_of(r), i.slots[0], 0))
    c = cg.convert(idx, NumType(UINT, 1, dims, "v") if dims > 1 else NumType(UINT), pos)
    # a multisampled texture's operator[] reads sample 0 with ld2dms (the spec's ld takes no multisampled resource)
    kind = "typed_ms" if k in ("Texture2DMS", "Texture2DMSArray") else "typed"
    return Val(_elem_type(t), [], ("mem", kind, r.file, reg_of(r), c.slots, 0))


def mem_index(cg: CodegenContext, v: Val, idx_node: A.Node, pos) -> Val:
    from .types import ArrayType

    t = v.type
    info = v.obj
    if not isinstance(t, ArrayType):
        if isinstance(t, NumType):
            loaded = mem_load(cg, v)
            from .exprs import index as idx_fn

            return idx_fn(cg, loaded, idx_node, pos)
        raise cg.err(pos, "cannot index this value", 3121)
    i = cg.convert(expr(cg, idx_node), NumType(UINT), pos)
    es = t.elem.slots
    if info[0] == "tgsm":
        if info[1] in cg.tgsm_elem:  # cs_4_x: the array index is the structure index (a copy: the index may change)
            base = i.slots[0] if i.const else cg.alu("mov", INT, 1, [i.slots])[0]
        else:
            base = cg.alu("imul", INT, 1, [i.slots, [imm(es)]], dst_pos=1, ndst=2)[0]
        chain = thread_index_chain(cg, i.slots[0]) if len(i.slots) == 1 else None
        if chain is not None:
            # the writing thread's own element (cs_4_x groupshared writes): SV_GroupIndex through its parameter's
            # working copy and inlined-argument copies (check_thread_region_writes: none of them reassigned)
            cg.tgsm_own_bases[base] = chain
        return Val(t.elem, [], ("mem", "tgsm", "g", info[1], base, 0))
    _, kind, file, reg, base, off = info
    if kind == "tgsm" and i.const and not isinstance(off, tuple) and base in cg.tgsm_own_bases:
        # a literal index inside the thread's element: a literal byte offset, the base kept (same address)
        return Val(t.elem, [], ("mem", kind, file, reg, base, off + 4 * es * i.slots[0][3]))
    word = cg.alu("imul", INT, 1, [i.slots, [imm(es)]], dst_pos=1, ndst=2)[0]
    if kind == "struct" or is_thread_tgsm(cg, kind, reg):
        return Val(t.elem, [], ("mem", kind, file, reg, base, off + 0)) if False else \
            Val(t.elem, [], ("mem", kind, file, reg, base, ("dyn", word, off)))
    return Val(t.elem, [], ("mem", kind, file, reg, cg.alu("iadd", INT, 1, [[base], [word]])[0], off))


def mem_member(cg: CodegenContext, v: Val, off: int, ft: Type) -> Val:
    info = v.obj
    if info[0] == "tgsm":
        return Val(ft, [], ("mem", "tgsm", "g", info[1], imm(0), off * 4))
    _, kind, file, reg, base, o = info
    if isinstance(o, tuple):
        return Val(ft, [], ("mem", kind, file, reg, base, ("dyn", o[1], o[2] + off * 4)))
    return Val(ft, [], ("mem", kind, file, reg, base, o + off * 4))


def _struct_addr(cg: CodegenContext, info) -> tuple[list, int]:
    """(index slots, byte offset) for ld/store_structured; for groupshared (a raw g# register whose
    ``base`` counts 32-bit words) the byte address and 0."""
    _, kind, file, reg, base, off = info
    if kind == "tgsm" and reg in cg.tgsm_raw:
        byte = cg.alu("ishl", INT, 1, [[base], [imm(2)]])
        return (cg.alu("iadd", INT, 1, [byte, [imm(off)]]) if off else byte), 0
    if kind == "tgsm" and reg not in cg.tgsm_elem:  # structured, one word per element
        words = off // 4
        return (cg.alu("iadd", INT, 1, [[base], [imm(words)]]) if words else [base]), 0
    if isinstance(off, tuple):
        byte = cg.alu("imul", INT, 1, [[off[1]], [imm(4)]], dst_pos=1, ndst=2)
        byte = cg.alu("iadd", INT, 1, [byte, [imm(off[2])]])
        return [base], byte  # type: ignore[return-value]
    return [base], off


def _typed_uav_load_check(cg: CodegenContext, t: Type, reg: int) -> None:
    """A typed UAV load of an element type other than one 32-bit component (``RWTexture2D<float4>``) needs the
    D3D11.3 typed-UAV-load formats: fxc 10 compiles it and the shader requires
    D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS ("Typed Unordered Access View Loads": "For typed UAVs,
    the HLSL flag is D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS"; DXC's dxbc2dxil corpus loads a
    RWBuffer<min16int3> under ``fxc /T ps_5_0``). The register is noted here; build_blob sets the flag when an
    ld_uav_typed of it survives to the program. One 32-bit component (R32_FLOAT/UINT/SINT) is D3D11.0's typed
    load and needs nothing."""
    if cg.uav_load_ok:
        return
    if not isinstance(t, NumType) or t.slots != 1:
        if cg.major < 5:
            # below shader model 5 such a load is refused where it is written, used or not (d3dcompiler_47 10.1,
            # session 36, helper AUD: ``u[i] += 1`` of a RWTexture2D<float4> at cs_4_0 too; one float or uint
            # element loads, then the UAV's own model rules apply)
            raise cg.err(cg.expr_pos or Pos("", 1, 1), "typed UAV loads are only allowed for single-component 32-bit "
                         "element types", 3676)
        cg.wide_typed_uavs.add(reg)


def mem_load(cg: CodegenContext, v: Val, word_by_word: bool = False) -> Val:
    """Read the memory element ``v`` names. ``word_by_word``: one load per 32-bit component (a double's two
    words together) -- fxc's reading of a ConsumeStructuredBuffer's element (bufmethods.counter_method)."""
    info = v.obj
    if info[0] == "tgsm":
        v = Val(v.type, [], ("mem", "tgsm", "g", info[1], imm(0), 0))
        info = v.obj
    _, kind, file, reg, base, off = info
    t = v.type
    n = t.slots
    if file == "u" and kind in ("typed", "struct") and (cg.d3d9 or cg.level9):
        # a UAV's element read at the Direct3D 9 / level-9 targets is X3701 like any resource's operator[] (object_index;
        # d3dcompiler_47 10.1 under Wine, session 42: RWBuffer, RWTexture2D, RWStructuredBuffer, RasterizerOrdered*),
        # in the legacy phase -- before level 9's UAV slot / model refusals (X4509, X4585) and X3676
        from .uintrange import defer

        legacy = cg.d3d9 or cg.level9
        defer(cg, cg.err(cg.expr_pos or Pos("", 1, 1), f"{legacy} does not support indexing resources", 3701))
    if kind == "typed_ms":
        dst = cg.temp()
        cg.emit("ldms", Reg("r", (dst,), None, (0, 1, 2, 3)), cg.src(list(base)),
                mem_operand(file, reg, (0, 1, 2, 3)), cg.src([imm(0)]))
        return Val(t, [("r", (dst,), None, c) for c in range(n)])
    if kind == "typed":
        if file == "u":
            for one in ([reg] if isinstance(reg, int) else regs_of(reg)):
                _typed_uav_load_check(cg, t, one)
        dst = cg.temp()
        op = "ld_uav_typed" if file == "u" else "ld"
        coords = base
        if op == "ld":
            coords = list(base) + [imm(0)]
        cg.emit(op, Reg("r", (dst,), None, (0, 1, 2, 3)), cg.src(coords), mem_operand(file, reg, (0, 1, 2, 3)))
        return Val(t, [("r", (dst,), None, c) for c in range(n)])
    slots = []
    whole = cg.temp() if word_by_word and n <= 4 else None  # the words into the lanes of one temp, as fxc does
    step = 1 if kind == "tgsm" and reg not in cg.tgsm_raw and reg not in cg.tgsm_elem else 4  # a 4-byte-stride g# reads word by word
    if word_by_word:
        step = 2 if _holds_double(t) else 1
    for c0 in range(0, n, step):
        k = min(step, n - c0)
        idx, o = _struct_addr(cg, ("mem", kind, file, reg, base, off if isinstance(off, tuple) else off + c0 * 4))
        if isinstance(off, tuple):
            idx, o = _struct_addr(cg, ("mem", kind, file, reg, base, ("dyn", off[1], off[2] + c0 * 4)))
        if whole is not None:
            lanes = tuple(range(c0, c0 + k))
            cg.emit("ld_structured", Reg("r", (whole,), None, lanes), cg.src(idx), Reg("l", imm=(o,)) if not
                    isinstance(o, list) else cg.src(o), mem_operand(file, reg, tuple(range(k)) * (4 // k)))
            slots += [("r", (whole,), None, c) for c in lanes]
            continue
        dst = cg.temp()
        if kind == "tgsm" and reg in cg.tgsm_raw:  # raw groupshared: up to four consecutive words per load
            cg.emit("ld_raw", Reg("r", (dst,), None, tuple(range(k))), cg.src(idx),
                    mem_operand(file, reg, tuple(range(k))))
        else:
            osrc = cg.src(o) if isinstance(o, list) else Reg("l", imm=(o,))
            cg.emit("ld_structured", Reg("r", (dst,), None, tuple(range(k))), cg.src(idx), osrc,
                    mem_operand(file, reg, tuple(range(k))))
        slots += [("r", (dst,), None, c) for c in range(k)]
    perm = mem_order(cg, t) if kind == "struct" else None
    if perm is not None:
        slots = [slots[w] for w in perm]
    if isinstance(t, NumType) and concrete(t.base) == BOOL:
        slots = cg.alu("ine", INT, n, [slots, [imm(0)] * n])
    return Val(t, slots)


def _holds_double(t) -> bool:
    if isinstance(t, NumType):
        return concrete(t.base) == DOUBLE
    from .types import ArrayType, StructType

    if isinstance(t, ArrayType):
        return _holds_double(t.elem)
    return isinstance(t, StructType) and any(_holds_double(ft) for _, ft, _, _ in t.fields)


def mem_words(cg: CodegenContext, bv: Val, comps: list[int]) -> list[int]:
    """The first 32-bit word (from the element's start) of each logical component of ``bv`` in its memory (a
    double's two words are consecutive: mem_order moves whole doubles)."""
    w = 2 if bv.type.base == DOUBLE else 1
    perm = mem_order(cg, bv.type) if bv.obj[0] != "tgsm" and bv.obj[1] == "struct" else None
    return [perm[w * c] if perm is not None else w * c for c in comps]


def mem_order(cg: CodegenContext, t: Type) -> list[int] | None:
    """Structured-buffer word of each logical slot of ``t``, or None when they coincide: fxc lays out
    column_major matrices (the default) column by column in structured buffers, as in cbuffers."""
    from .types import ArrayType

    def walk(tt: Type, base: int, out: list[int]) -> None:
        if isinstance(tt, NumType) and tt.shape == "m" and not cg.is_row_major(tt):
            if tt.base == "double":  # whole doubles (two words) move: element (r, c) is double c * rows + r
                out += [base + 2 * (c * tt.rows + r) + h for r in range(tt.rows) for c in range(tt.cols)
                        for h in (0, 1)]
            else:
                out += [base + c * tt.rows + r for r in range(tt.rows) for c in range(tt.cols)]
        elif isinstance(tt, ArrayType):
            for i in range(tt.count):
                walk(tt.elem, base + i * tt.elem.slots, out)
        elif isinstance(tt, StructType):
            for f in tt.fields:
                walk(f[1], base, out)
                base += f[1].slots
        else:
            out += range(base, base + tt.slots)

    order: list[int] = []
    walk(t, 0, order)
    return None if order == list(range(len(order))) else order


def mem_store(cg: CodegenContext, target: Val, v: Val, pos) -> None:
    info = target.obj
    if info[0] == "tgsm":
        target = Val(target.type, [], ("mem", "tgsm", "g", info[1], imm(0), 0))
        info = target.obj
    _, kind, file, reg, base, off = info
    if file == "t":
        raise cg.err(pos, "l-value specifies const object", 3025)
    cv = cg.convert(v, target.type, pos)
    if file == "u" and cg.d3d9 is not None:
        # the Direct3D 9 targets drop a UAV store: fxc compiles ``u[0] = 1`` (RWBuffer, RWTexture2D,
        # RWStructuredBuffer, RWByteAddressBuffer.Store, any u# reservation) into ps_2_0 ... vs_3_0 with no trace of
        # it (d3dcompiler_47 10.1 under Wine, session 42; level 9 keeps its X4509 / X4585: check._uav_model_numbers)
        return
    n = len(cv.slots)
    perm = mem_order(cg, target.type) if kind == "struct" else None
    if perm is not None:  # logical slot i goes to memory word perm[i]
        words = list(cv.slots)
        for i, w in enumerate(perm):
            words[w] = cv.slots[i]
        cv = Val(cv.type, words)
    if kind == "tgsm":
        _check_thread_region(cg, base, off, pos)
    if kind == "typed":
        vals = cv.slots + [cv.slots[-1]] * (4 - n) if n < 4 else cv.slots
        cg.emit("store_uav_typed", mem_operand(file, reg, (0, 1, 2, 3)), cg.src(list(base)), cg.src(vals))
        return
    step = 1 if kind == "tgsm" and reg not in cg.tgsm_raw and reg not in cg.tgsm_elem else 4  # see mem_load
    for c0 in range(0, n, step):
        k = min(step, n - c0)
        o2 = ("dyn", off[1], off[2] + c0 * 4) if isinstance(off, tuple) else off + c0 * 4
        idx, o = _struct_addr(cg, ("mem", kind, file, reg, base, o2))
        if kind == "tgsm" and reg in cg.tgsm_raw:  # up to four consecutive words per store (see mem_load)
            cg.emit("store_raw", mem_operand(file, reg, tuple(range(k))), cg.src(idx), cg.src(cv.slots[c0:c0 + k]))
            continue
        osrc = cg.src(o) if isinstance(o, list) else Reg("l", imm=(o,))
        cg.emit("store_structured", mem_operand(file, reg, tuple(range(k))), cg.src(idx), osrc,
                cg.src(cv.slots[c0:c0 + k]))


def tgsm_thread_decl(g: int, t, numthreads) -> str:
    """A cs_4_x groupshared variable's declaration (D3D11.3 §18.7.2.9): ``dcl_tgsm_structured g#, stride, count``
    (fxc's listing order) with one structure per thread -- "numStructures ... must be exactly x*y*z" -- of the
    array's element (a non-array variable: the variable itself), tightly packed words."""
    from .types import ArrayType

    x, y, z = numthreads or (1, 1, 1)
    elem = t.elem if isinstance(t, ArrayType) else t
    return f"dcl_tgsm_structured g{g}, {4 * max(1, elem.slots)}, {x * y * z}"


def check_groupshared_total(cg: CodegenContext) -> None:
    """X4586 of the groupshared memory the finished program declares: fxc 10.1 adds up the variables left once dead
    code is gone -- one no instruction touches (unused, only written, written in a dead branch, read into nothing,
    used in a function nothing calls) has no ``dcl_tgsm_*`` and counts for nothing, at /Od too -- and reports the sum
    past the model's limit (D3D11.3 §18.7.2.7: 16 KB at cs_4_x, 32 KB at cs_5_0) without a source position, after
    the type rules, X3511, X4000 and X4575 (d3dcompiler_47 10.1, session 47: DXC ExecutionTest's 36,864-byte
    ``g_shared`` of a ``[GroupSharedLimit]`` test compiles at cs_5_0 once the entry point is another)."""
    if not cg.tgsm:
        return
    used = {a.idx[0] for ins in cg.code for a in ins.args if a.file == "g"}
    total = sum(4 * t.slots for g, _stride, t in cg.tgsm.values() if g in used)
    limit = GROUPSHARED_BYTES[min(max(cg.major, 4), 5)]
    if total > limit:
        raise HlslError("", 0, 0, 4586, f"The total amount of group shared memory ({total} bytes) exceeds the "
                                        f"{cg.stage}_{cg.major}_{cg.minor} limit of {limit} bytes")


def is_thread_tgsm(cg: CodegenContext, kind: str, reg) -> bool:
    """Whether a memory access is to a cs_4_x per-thread g# (addressed as structured memory: element, offset)."""
    return kind == "tgsm" and reg in cg.tgsm_elem


#: SV_GroupIndex's register (vThreadIDInGroupFlattened), as an input slot
_THREAD_SLOT = ("vThreadIDInGroupFlattened", (), None, 0)


def _check_thread_region(cg: CodegenContext, base, off, pos) -> None:
    """cs_4_0/cs_4_1 (D3D11.3 §18.7.2.8-9): a thread writes only its own region of groupshared memory --
    store_structured at vThreadIDInGroupFlattened (SV_GroupIndex) with a literal byte offset. In HLSL: ``g[i]``
    (then members, literal indices, swizzles) with ``i`` the SV_GroupIndex input itself; a one-thread group's
    only region is element 0. featuregates.LANGUAGE['groupshared_any_write']: fxc's X3668."""
    from .featuregates import LANGUAGE, check_gate, denial

    gate = LANGUAGE["groupshared_any_write"]
    if denial(gate, cg.stage, cg.major, cg.minor) is None:
        return
    x, y, z = cg.numthreads or (1, 1, 1)
    if not isinstance(off, tuple) and base in cg.tgsm_own_bases:
        cg.tgsm_thread_writes += [(pos, s) for s in cg.tgsm_own_bases[base]]
        return
    if not isinstance(off, tuple) and x * y * z == 1 and base == imm(0):
        return
    # fxc 10.1's words and number (session 40 ACC: X3668, DXC's groupshared tests at cs_4_0)
    check_gate(cg, gate, pos, "groupshared", "stores to group shared memory for {target} targets must be indexed by "
               "an SV_GroupIndex only")


def thread_index_chain(cg: CodegenContext, slot) -> list | None:
    """The copies a value went through from SV_GroupIndex's input register (the entry parameter's working copy,
    then each inlined helper's parameter copy), or None when ``slot`` does not hold it."""
    chain = []
    while slot is not None and len(chain) < 64:
        if cg.input_origin.get(slot) == _THREAD_SLOT:
            return chain + [slot]
        chain.append(slot)
        slot = cg.thread_aliases.get(slot)
    return None


#: instructions that write their second operand too
_TWO_DESTINATIONS = frozenset({"imul", "umul", "udiv", "uaddc", "usubb", "swapc", "sincos"})


def check_thread_region_writes(cg: CodegenContext, entry_pos) -> None:
    """After the entry point's code: each cs_4_x groupshared write indexed through SV_GroupIndex's working copy
    needs that copy to hold SV_GroupIndex everywhere (written once, by the entry's copy of the input); a copy
    reassigned anywhere (a later loop iteration included) no longer names the thread's own element."""
    from .featuregates import LANGUAGE, check_gate, cs4_tgsm_bytes_per_thread, denial
    from .types import ArrayType

    gate = LANGUAGE["groupshared_any_write"]
    if denial(gate, cg.stage, cg.major, cg.minor) is None:
        return
    x, y, z = cg.numthreads or (1, 1, 1)
    # §18.7.2.8-9: each g# is one structure per thread; the structures' strides together fit the thread's region
    stride = sum(4 * (t.elem.slots if isinstance(t, ArrayType) else t.slots) for _g, _b, t in cg.tgsm.values())
    most = cs4_tgsm_bytes_per_thread(x * y * z)
    if stride > most:  # fxc's number for it not recorded (X3668 is the element rule's)
        raise cg.err(entry_pos, f"{cg.stage}_{cg.major}_{cg.minor}: the groupshared elements take {stride} bytes "
                     f"per thread, above the {most} a thread of a {x * y * z}-thread group may write", 3000)
    for pos, slot in cg.tgsm_thread_writes:
        if slot[0] != "r":
            continue
        writes = 0
        for ins in cg.code:
            dsts = ins.args[:2] if ins.op in _TWO_DESTINATIONS else ins.args[:1]
            writes += sum(1 for a in dsts if type(a) is Reg and a.file == "r" and a.idx[:1] == slot[1]
                          and a.comps is not None and slot[3] in a.comps)
        if writes > 1:
            cg.tgsm_own_bases.clear()
            check_gate(cg, gate, pos, "groupshared", "stores to group shared memory for {target} targets must be "
                       "indexed by an SV_GroupIndex only")  # fxc 10.1's X3668 (a reassigned copy of it too)


# --- atomics -------------------------------------------------------------------------------------------
#: fxc 10.1's words for an Interlocked* function or method below shader model 5 (X3660, the gate's number)
_ATOMIC_MODEL_MSG = "{target} does not support interlocked operations"


def _below_model(cg: CodegenContext, name: str, arg_nodes: list[A.Node], pos, raw: bool) -> Val | None:
    """Below shader model 5 an Interlocked* call is X3660 after the type rules of the whole program (a later
    statement's X3013 / X3004, the call's own ``uint r = InterlockedAdd(…)`` X3017 come first), before the
    destination's rules, in the doubles' phase (the first in source order of it, a double's refusal, a barrier's
    X3664; then X3504, X4000; d3dcompiler_47 10.1 under Wine, session 42, helper MUT): :func:`_deferred_call`.
    None where the target has atomics."""
    exc = gate_error(cg, INTRINSICS.get(name, INTRINSICS["InterlockedAdd"]), pos, name, _ATOMIC_MODEL_MSG)
    if exc is None:
        return None
    if exc.code != 3660:
        raise exc
    return _deferred_call(cg, exc, name, arg_nodes, pos, raw)


def _deferred_call(cg: CodegenContext, exc, name: str, arg_nodes: list[A.Node], pos, raw: bool) -> Val:
    """An Interlocked* call refused after the type rules (X3660, X3549): ``exc`` joins the refusals of the doubles'
    phase -- the first in source order among it, a double's X3651 / X3684, a barrier's X3664 (uintrange.defer) --,
    the call's argument count and values are checked, and it stands for a void value."""
    from .uintrange import defer

    if not raw and arg_nodes:
        # the destination's type is part of the overload: one of no scalar type is X3013 first (as at 5.0, atomic_on)
        from .assign import lvalue

        try:
            lv = lvalue(cg, arg_nodes[0], atomic=True)
        except HlslError:
            lv = None
        t = lv[1].type if isinstance(lv, tuple) and len(lv) == 2 and isinstance(lv[1], Val) else None
        if t is not None and (not isinstance(t, NumType) or t.shape != "s" or isinstance(t, StructType)):
            raise cg.err(pos, f"'{name}': no matching {len(arg_nodes)} parameter intrinsic function", 3013)
    defer(cg, exc)
    op = _ATOMIC.get(name)
    counts = _ATOMIC_ARGS.get(op, (1, 2)) if op is not None else (1, 2)
    values = arg_nodes[raw:] if raw else arg_nodes[1:]
    if len(values) not in counts:
        kind = "intrinsic method" if raw else "intrinsic function"
        raise cg.err(pos, f"'{name}': no matching {len(arg_nodes)} parameter {kind}", 3013)
    n_in = 2 if op is not None and op.startswith("cmp") else 1
    for a in arg_nodes[:raw]:
        expr(cg, a)
    for a in values[:n_in]:  # the values are true scalars, as at 5.0 (atomic_on)
        check_numeric_parameter(cg, name, expr(cg, a), 1, len(arg_nodes) + (0 if raw else 0), pos, exact=True,
                                kind="method" if raw else "function")
    return Val(VOID, [])


def atomic(cg: CodegenContext, name: str, arg_nodes: list[A.Node], pos) -> Val:
    from .assign import lvalue

    refused = _below_model(cg, name, arg_nodes, pos, False)
    if refused is not None:
        return refused

    # fxc looks through scalar casts on the destination (d3dcompiler_47 10.1 compiles ``InterlockedOr((int)
    # buf[0], 1)`` on an RWBuffer<uint>, DXC's atomic_cast1, and ``(float)``/``(bool)``/``(uint)(int)`` alike):
    # the element written is the memory's own, and the outermost cast's type only picks Min/Max's signedness
    # (umin/umax for uint, imin/imax for any other type). A cast to a vector is no overload (X3013); an
    # element that is not scalar int/uint memory is refused as without the cast (test_rules_hlsl_fxc_verdicts_acc)
    dest, view = arg_nodes[0], None
    while isinstance(dest, A.Cast):
        view = view or dest.type
        dest = dest.a
    if view is not None and not (isinstance(view, NumType) and not isinstance(view, StructType)
                                 and view.shape == "s"):
        raise cg.err(pos, f"'{name}': no matching {len(arg_nodes)} parameter intrinsic function", 3013)
    try:
        lv = lvalue(cg, dest, atomic=True)
    except HlslError as exc:
        if exc.code not in (3000, 3025):  # an undeclared name's X3004 is a type rule: first
            raise
        lv = None  # a constant or no l-value at all: not memory either (below)
    if lv is None or isinstance(lv, tuple) and lv[0] == "mem" and lv[1].obj[2] == "t":
        # a uniform, a local, a static (const), a literal, an SRV element, an expression: fxc 10.1's X3549 after the
        # type rules, before the phases that follow (session 42, helper MUT; as X3660 below 5.0)
        return _deferred_call(cg, cg.err(pos, "interlocked targets must be groupshared or UAV elements", 3549),
                              name, arg_nodes, pos, False)
    if isinstance(lv, tuple) and lv[0] == "memswz" and lv[2] == [0] and isinstance(lv[1].type, NumType) \
            and lv[1].type.shape == "s":
        # ``.x``/``.r`` of a scalar in memory is that scalar (rwTex[p].x, sb[i].u.x: DXC issue 2434)
        lv = ("mem", lv[1])
    if isinstance(lv, tuple) and lv[0] == "memswz" and len(lv[2]) == 1 and lv[1].type.base != "double" \
            and (lv[1].obj[0] == "tgsm" or lv[1].obj[1] in ("struct", "tgsm")):
        # one component of a structured/groupshared vector or matrix (InterlockedAdd(sb[i].y, v),
        # InterlockedOr(m[1][0], v)): its own word, where a column_major matrix puts it in a structured buffer
        lv = ("mem", mem_member(cg, lv[1], mem_words(cg, lv[1], lv[2])[0], NumType(lv[1].type.base)))
    if not (isinstance(lv, tuple) and lv[0] == "mem"):
        return _deferred_call(cg, cg.err(pos, "interlocked targets must be groupshared or UAV elements", 3549),
                              name, arg_nodes, pos, False)
    return atomic_on(cg, ("mem", lv[1]), name, arg_nodes[1:], pos, skip_first=True, view=view)


def atomic_on(cg: CodegenContext, target, name: str, arg_nodes: list[A.Node], pos, skip_first: bool = False,
              view: Type | None = None) -> Val:
    # D3D11.3 §18.7.2.5: cs_4_0/cs_4_1 have no atomic operations; the Interlocked* pages give shader model 5
    # (featuregates.INTRINSICS); a name that is no atomic is X3018 below
    if not skip_first:
        refused = _below_model(cg, name, arg_nodes, pos, target[0] == "raw")
        if refused is not None:
            return refused
    from .assign import assign_to

    op = _ATOMIC.get(name)
    if op is None:
        raise cg.err(pos, f"'{name}': unknown atomic", 3018)
    raw = target[0] == "raw"
    counts = _ATOMIC_ARGS.get(op, (1, 2))
    total = len(arg_nodes) + (0 if raw else 1)  # the argument count of the call as written
    if len(arg_nodes) - raw not in counts:
        kind = "intrinsic method" if raw else "intrinsic function"
        raise cg.err(pos, f"'{name}': no matching {total} parameter {kind}", 3013)
    n_in = 2 if op.startswith("cmp") else 1
    args = [expr(cg, a) for a in arg_nodes[:n_in + raw]]  # the out argument is written, not read
    if raw:
        r = target[1]
        if r.file != "u":
            raise cg.err(pos, "l-value specifies const object", 3025)
        res = mem_operand("u", reg_of(r), None)
        check_numeric_parameter(cg, name, args[0], 1, total, pos, exact=True)  # a scalar byte address, as Load's
        addr = cg.convert(args[0], NumType(UINT), pos).slots
        args = args[1:]
        arg_nodes = arg_nodes[1:]
        base_t: Type = NumType(UINT)
        # the RWByteAddressBuffer methods have an int and a uint overload of the value (DXC's intrinsic table,
        # from fxc's: InterlockedMin/Max(uint byteOffset, any_int32 value) with unsigned_op): an int value (an
        # int literal too) compares signed (imin/imax), a uint value unsigned
        vt = args[0].type if args else None
        if op in ("min", "max") and isinstance(vt, NumType) and concrete(vt.base) == INT:
            base_t = NumType(INT)
    else:
        v = target[1]
        if v.obj[0] == "tgsm":  # a scalar groupshared variable: element 0 of its g# register (as mem_store)
            v = Val(v.type, [], ("mem", "tgsm", "g", v.obj[1], imm(0), 0))
        _, kind, file, reg, base, off = v.obj
        if file == "t":  # an SRV element is a const l-value
            raise cg.err(pos, "l-value specifies const object", 3025)
        res = mem_operand(file, reg, None)
        base_t = v.type
        if kind == "typed":
            addr = list(base)
        else:
            idx, o = _struct_addr(cg, v.obj)
            if kind == "tgsm":
                addr = idx if reg in cg.tgsm_raw else idx + [imm(0)]  # byte address / (element, offset)
            else:
                addr = idx + (o if isinstance(o, list) else [imm(o)])
    scalar = isinstance(base_t, NumType) and base_t.shape == "s" and not isinstance(base_t, StructType)
    if view is None and not scalar:
        # a destination of no scalar type (an int1 / uint2 element, a groupshared int2) matches no overload: fxc 10.1's
        # X3013, at 4.x before X3660 too (session 42 MUT; X3681 below is a scalar's of another type)
        kind = "intrinsic method" if raw else "intrinsic function"
        raise cg.err(pos, f"'{name}': no matching {total} parameter {kind}", 3013)
    if not scalar or concrete(base_t.base) not in (INT, UINT):  # (through a cast: ``(int)b[0]`` of a uint2)
        # fxc's words (DXC issue #2483) and number (d3dcompiler_47 6.3.9600 and 10.1 alike: X3681)
        raise cg.err(pos, f"{cg.stage}_{cg.major}_{cg.minor} only supports interlocked operations on "
                          "scalar int or uint data", 3681)
    signed = concrete((view or base_t).base) != UINT
    if op in ("min", "max"):
        op = ("i" if signed else "u") + op
    # the values and the original-value output are true scalars: a vector (uint1 too), a matrix or a structure
    # matches no overload (fxc 10.1, session 38, tests/test_rules_hlsl_fxc_verdicts_acc38.py)
    kind = "method" if raw else "function"
    for a in args:
        check_numeric_parameter(cg, name, a, 1, total, pos, exact=True, kind=kind)
    if len(arg_nodes) > n_in:  # an assignment or prefix step as the original value is carried out and designates
        from .assign import designated_argument  # its variable, as for sincos (fxc 10.1, session 43, helper ACC)

        arg_nodes = [*arg_nodes[:n_in], designated_argument(cg, arg_nodes[n_in]), *arg_nodes[n_in + 1:]]
    out_type = out_arg_type(cg, arg_nodes[n_in]) if len(arg_nodes) > n_in else None
    if out_type is not None and out_type.shape != "s" or \
            len(arg_nodes) > n_in and unwritable_out_argument(cg, arg_nodes[n_in]):
        raise cg.err(pos, f"'{name}': no matching {total} parameter intrinsic {kind}", 3013)
    # fxc: Min/Max values take the destination's type but a float always converts through int (ftoi);
    # every other atomic's value is uint (ftou)
    via_int = op[1:] in ("min", "max")
    vals = [cg.convert(a, NumType(INT if via_int and isinstance(a.type, NumType)
                                  and concrete(a.type.base) in (FLOAT, "double") else UINT), pos) for a in args]
    out_node = arg_nodes[n_in] if len(arg_nodes) > n_in else None
    srcs = [cg.src(x.slots) for x in vals[:n_in]]
    if out_node is not None or op == "exch" or op == "cmp_exch":
        dst = cg.temp()
        cg.emit(f"imm_atomic_{op}", Reg("r", (dst,), None, (0,)), res, cg.src(addr), *srcs)
        if out_node is not None:
            assign_to(cg, out_node, Val(NumType(UINT), [("r", (dst,), None, 0)]), pos)
    else:
        cg.emit(f"atomic_{op}", res, cg.src(addr), *srcs)
    return Val(VOID, [])
