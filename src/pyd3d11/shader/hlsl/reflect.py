"""RDEF construction for compiled shaders: constant buffers with variable types/offsets and the
resource-binding table (samplers, SRVs, UAVs, cbuffers in fxc's order)."""

from __future__ import annotations

import re
import struct
from dataclasses import replace
from typing import TYPE_CHECKING

from ...headers.d3dcommon import D3D_SHADER_VARIABLE_TYPE as SVT
from ..dxbc.rdef import Rdef, RdefBinding, RdefConstantBuffer, RdefMember, RdefType, RdefVariable
from .codegen import concrete_name
from .foldinit import initializer_bits
from .objects import holds_objects
from .types import BOOL, DOUBLE, ArrayType, NumType, ObjectType, StructType, Type, array_leaf

if TYPE_CHECKING:
    from .cgstate import CodegenContext

# D3D_SHADER_VARIABLE_TYPE / CLASS values
_VT = {"bool": 1, "int": 2, "float": 3, "uint": 19, "double": 39}
#: the minimum-precision types' own D3D_SHADER_VARIABLE_TYPE (d3dcommon.h D3D_SVT_MIN10FLOAT ...; min8float is not
#: an HLSL type). ``half`` is not one of them: it is float on SM4/5 and reflects as float
_MIN_VT = {name: int(SVT[f"D3D_SVT_{name.upper()}"])
           for name in ("min10float", "min16float", "min12int", "min16int", "min16uint")}
_SRV_DIM = {"Buffer": 1, "Texture1D": 2, "Texture1DArray": 3, "Texture2D": 4, "Texture2DArray": 5,
            "Texture2DMS": 6, "Texture2DMSArray": 7, "Texture3D": 8, "TextureCube": 9, "TextureCubeArray": 10,
            "ByteAddressBuffer": 11, "StructuredBuffer": 1, "texture": 4, "Texture": 4}
_UAV_DIM = {"RWBuffer": 1, "RWTexture1D": 2, "RWTexture1DArray": 3, "RWTexture2D": 4, "RWTexture2DArray": 5,
            "RWTexture3D": 8, "RWByteAddressBuffer": 1, "RWStructuredBuffer": 1, "AppendStructuredBuffer": 1,
            "ConsumeStructuredBuffer": 1}
_RT = {"unorm": 1, "snorm": 2, "float": 5, "int": 3, "uint": 4, "bool": 4, "double": 7}


def _numeric_leaves(t: Type) -> list:
    """The numeric leaves of ``t`` in slot order (array elements expanded, struct members in order); None for a
    non-numeric leaf."""
    if isinstance(t, NumType):
        return [t]
    if isinstance(t, ArrayType):
        return _numeric_leaves(t.elem) * t.count
    if isinstance(t, StructType):
        return [leaf for f in t.fields for leaf in _numeric_leaves(f[1])]
    return [None]


def _default_value(cg: CodegenContext, decl, size: int) -> bytes | None:
    """D3D11_SHADER_VARIABLE_DESC.DefaultValue: a uniform's initializer in the constant buffer's register
    layout -- each value at the (register, component) the packing rules give its slot (``cb_slots``: array
    elements and matrix rows or columns each start a register), the bytes between left zero. The values are
    those the initialiser computes at run time (foldinit.initializer_bits: its code run on the reference
    executor, intrinsic calls included); None without an initializer or when it is not a constant expression
    (the compile itself reports that).

    Three things fxc 10.1 does its own way (both d3dcompiler_47 10.1 and 6.3 under Wine, session 35;
    tests/test_rules_hlsl_fxc_layout_defaults.py): a true bool is all ones; a matrix's initializer list is read
    column by column -- the value written at element [r][c] of an R x C matrix is the list's item c * R + r,
    whatever the majority (``float2x2 m = {1,2,3,4}`` holds 1, 2 in its first column register); and the k-th
    component of a double vector is written 4 * k bytes on from the vector's start, each 8-byte write over the
    one before (``double2 d = {1.5, 2.5}`` leaves 0, 0, 2.5's high word, 0), where a double scalar, array element
    or matrix element sits in its own 8 bytes."""
    if getattr(decl, "init", None) is None:
        return None
    leaves = _numeric_leaves(decl.type)
    if None in leaves:
        return None
    words = initializer_bits(cg, decl.init, decl.type, decl.pos)
    if words is None or len(words) != sum(leaf.slots for leaf in leaves):
        return None
    out = bytearray(size)
    slots = cg.cb_slots(decl.type, 0)
    i = 0
    for leaf in leaves:
        n = leaf.slots
        w, where = words[i:i + n], slots[i:i + n]
        i += n
        if leaf.base == BOOL:
            w = [0xFFFFFFFF if x else 0 for x in w]
        per = 2 if leaf.base == DOUBLE else 1  # words per element
        if leaf.shape == "m" and cg.d3d9 is None:  # a D3D9 constant table keeps the source order (fxc 10.1)
            rows, cols = leaf.rows, leaf.cols
            w = [x for r in range(rows) for c in range(cols) for x in w[(c * rows + r) * per:(c * rows + r + 1) * per]]
        if leaf.base == DOUBLE and leaf.shape == "v":
            start = 16 * where[0][0] + 4 * where[0][1]
            for k in range(leaf.n):
                out[start + 4 * k:start + 4 * k + 8] = struct.pack("<2I", w[2 * k], w[2 * k + 1])
            continue
        for (reg, comp), x in zip(where, w, strict=True):
            out[16 * reg + 4 * comp:16 * reg + 4 * comp + 4] = struct.pack("<I", x)
    return bytes(out)


def rdef_type(cg: CodegenContext, t: Type, packed: bool = False) -> RdefType:
    """D3D11_SHADER_TYPE_DESC of ``t``. ``packed``: the element type of a structured buffer, whose members lie
    one after the other with no register alignment (each member's Offset is the sum of the 4-byte slots before
    it, the layout of the buffer's stride); otherwise the constant-buffer packing rules place the members
    (a member that would cross a 16-byte register starts the next one; arrays and structs start a register).
    The structured layout: fxc 10.1's $Element types in DXDecompiler's corpus (3Dmigoto structured_buffers_4/_5:
    ``float oopsie; float4 m4;`` puts m4 at 52, not 64)."""
    if isinstance(t, ArrayType):
        # fxc flattens multi-dimensional arrays: uint4 a[9][10] reflects as 90 elements of uint4
        e = rdef_type(cg, t.elem, packed)
        e.elements = t.count * max(1, e.elements)
        return e
    if isinstance(t, NumType):
        base = concrete_name(t.base)
        vt = _VT[base]
        name = str(t)
        if t.prec in _MIN_VT:  # a min-precision variable keeps its type (32-bit storage all the same)
            vt = _MIN_VT[t.prec]
            name = t.prec + name[len(base):]
        elif t.prec == "half":
            # half is float on SM4/5 (D3D_SVT_FLOAT) but keeps its spelling as the type's name: fxc 10.1's
            # objects of DXDecompiler's corpus (Unity fog_test VS/PS: ``half4 unity_SHAr`` reflects "half4",
            # type 3, while the listing prints "float4")
            name = "half" + name[len(base):]
        elif base == "uint" and t.shape == "s":
            # fxc names the scalar uint type "dword" in RDEF (its vectors stay "uint2".."uint4"); its listing
            # prints "uint" all the same
            name = "dword"
        name = t.alias or name  # a typedef's name when the declaration used one (fxc)
        if t.shape == "m":
            cls = 2 if cg.is_row_major(t) else 3
            return RdefType(cls, vt, t.rows, t.cols, 0, name=name)
        return RdefType(1 if t.shape == "v" else 0, vt, 1, t.cols if t.shape == "v" else 1, 0, name=name)
    if isinstance(t, StructType):
        members = []
        off = 0
        offsets = None if packed else cg.field_offsets(t)[0]
        own = enumerate(t.fields)
        base = t.inherits
        if base is not None:
            # ``struct B : A`` reflects as B { A $super; B's own members } with A as its base class, A's members
            # at the offsets the flattened layout gives them (a member after the base packs on right after it,
            # as after any struct member): d3dcompiler_47 10.1 under Wine, session 39
            # (tests/test_rules_d3dcompiler_refl_s39.py)
            inherited = len(base.fields)
            members.append(RdefMember("$super", rdef_type(cg, base, packed), 0))
            off = 4 * base.slots
            own = ((k, f) for k, f in enumerate(t.fields) if k >= inherited)
        for k, (fname, ft, _s, _m) in own:
            if offsets is None:
                members.append(RdefMember(fname, rdef_type(cg, ft, True), off))
                off += 4 * ft.slots
                continue
            members.append(RdefMember(fname, rdef_type(cg, ft), offsets[k]))
        cols = sum(m.type.columns * m.type.rows * max(1, m.type.elements) for m in members)
        # an object member (or array of objects) is no member of the reflected type, though it counts one column
        # per object: ``struct { float2 a; Texture2D tex; float b; }`` reflects members a, b and 4 columns
        # (d3dcompiler_47 10.1 under Wine, session 39; tests/test_rules_d3dcompiler_refl_s39.py)
        objects = {fname for fname, ft, _s, _m in t.fields if isinstance(array_leaf(ft), ObjectType)}
        members = [m for m in members if m.name not in objects]
        # an anonymous struct is "<unnamed>"; declared as a member of a struct S it is "S::<unnamed>" (the
        # parser records the enclosing struct's name): inferred from fxc 10.1's objects of DXDecompiler's corpus
        # (ResourceDefinitions, AdvancedHLSL_VS, 3Dmigoto structured_buffers_extra_5: ``struct bar { struct {...}
        # inner_struct_1; }`` reflects "bar::<unnamed>", a cbuffer's ``struct {...} anonStruct1`` "<unnamed>")
        rt = RdefType(5, 0, 1, cols, 0, members, name=t.name or t.scoped_name or "<unnamed>")
        if base is not None:
            rt.base_class = rdef_type(cg, base, packed)
        from .linkage import rdef_class_type

        rdef_class_type(cg, t, rt, rdef_type)  # classes: base class and interfaces
        return rt
    return RdefType(0, 0, 1, 1, 0)


#: RDEF's flags word: the D3DCOMPILE_* flags of the compile, every bit (WARNINGS_ARE_ERRORS, ALL_RESOURCES_BOUND,
#: the debug-name flags and bit 29 too; check_target refuses the rest), with D3DCOMPILE_NO_PRESHADER (0x100) set.
#: At shader model 5.1 fxc adds D3DCOMPILE_PREFER_FLOW_CONTROL (0x400) unless ALL_RESOURCES_BOUND is given: a
#: resource that may be unbound keeps its reads behind branches (the same compile refuses AVOID_FLOW_CONTROL
#: without that flag, X3722). d3dcompiler_47 10.1, session 47: each accepted bit alone at ps / vs / cs 5.0 / 5.1 and
#: ps_4_0_level_9_1, and 0x200200 / 0x200400 / 0x200600 at 5.1 (0x200300, 0x200500, 0x200700).
RDEF_NO_PRESHADER = 0x100
RDEF_SM51_FLAG = 0x400
_ALL_RESOURCES_BOUND = 0x200000


def build_rdef_for(cg: CodegenContext, target: int) -> Rdef:
    sm51 = (cg.major, cg.minor) >= (5, 1)
    prefer_flow = sm51 and not cg.compile_flags & _ALL_RESOURCES_BOUND
    flags = RDEF_NO_PRESHADER | (cg.compile_flags & 0xFFFFFFFF) | (RDEF_SM51_FLAG if prefer_flow else 0)
    rdef = Rdef(target=target, flags=flags, creator="pyd3d11 HLSL compiler")
    binds: list[RdefBinding] = []
    nested = _nested_element_names(cg) if cg.major >= 5 and not sm51 else {}
    for r in cg.resources:
        if not r.used or r.reg < 0:
            continue
        # the binding's name: a multi-dimensional array's element by its indices (the compiler's own is flat)
        name = nested.get(id(r), r.name)
        t: ObjectType = r.type
        k = t.kind
        base = concrete_name(t.elem.base) if isinstance(t.elem, NumType) else "float"
        base = t.norm or base
        ncomp = t.elem.n if isinstance(t.elem, NumType) else 4
        flags = {1: 0, 2: 4, 3: 8, 4: 12}.get(ncomp, 12)
        # D3D_SIF_USERPACKED: the resource has an explicit register() binding (fxc sets it on samplers,
        # textures, buffers and UAVs alike, as on cbuffers). At shader model 5.1 fxc sets it on constant buffers
        # only: inferred from fxc 10.1's 5.1 objects of DXDecompiler's corpus (BasicHLSL_PS_5_1's
        # ``g_samLinear : register(s0)`` 0 and ``g_txDiffuse : register(t0)`` 12 where the 5.0 compile has 1 and
        # 13; ResourceDefinitions_5_1's 20 textures, samplers and UAVs alike; its ``cbPerFrame : register(b1)`` 1)
        # The texture made for a D3D9-style sampler (legacytex.py) takes the t# the body's first uses give it, never
        # one the source names: not user-packed (fxc 10.1: Texture_Legacy's and Unity fog_test_PS's textures, 12)
        packed = 1 if getattr(r, "explicit", False) and not sm51 and getattr(r, "legacy_sampler", None) is None else 0
        if r.file == "s":
            binds.append(RdefBinding(name, 3, 0, 0, 0, r.reg, 1,
                                     (2 if k == "SamplerComparisonState" else 0) | packed))
        elif k == "ByteAddressBuffer":
            binds.append(RdefBinding(name, 7, 6, 1, 0, r.reg, 1, packed))
        elif k == "StructuredBuffer":
            binds.append(RdefBinding(name, 5, 6, 1, r.stride, r.reg, 1, packed))
        elif k == "RWByteAddressBuffer":
            binds.append(RdefBinding(name, 8, 6, 1, 0, r.reg, 1, packed))
        elif k in ("RWStructuredBuffer", "AppendStructuredBuffer", "ConsumeStructuredBuffer"):
            kind = {"RWStructuredBuffer": 11 if r.counter else 6, "AppendStructuredBuffer": 9,
                    "ConsumeStructuredBuffer": 10}[k]
            binds.append(RdefBinding(name, kind, 6, 1, r.stride, r.reg, 1, packed))
        elif r.file == "u":
            binds.append(RdefBinding(name, 4, _RT.get(base, 5), _UAV_DIM[k], 0xFFFFFFFF, r.reg, 1, flags | packed))
        else:
            samples = t.samples if "MS" in k else 0xFFFFFFFF
            binds.append(RdefBinding(name, 2, _RT.get(base, 5), _SRV_DIM[k], samples, r.reg, 1, flags | packed))
    cbs = []
    templates = {d.name for d in cg.prog.decls if getattr(d, "template", False)}  # ConstantBuffer<S> (parse_sm51)
    for cb in cg.cbufs:
        if cb.slot < 0 or not cb.used:
            continue
        vars_ = []
        for cv in cb.vars:
            size, _ = cg.cb_size(cv.decl.type)
            if size == 0 and cg.d3d9 is None and holds_objects(cv.decl.type):
                continue  # a struct of objects only is no variable of the buffer (fxc 10.1, session 38, REFL)
            v = RdefVariable(cv.decl.name, cv.offset, size, 2 if cv.used else 0, rdef_type(cg, cv.decl.type))
            v.default_value = _default_value(cg, cv.decl, size)
            if holds_objects(cv.decl.type):
                _object_ranges(cg, cv.decl.name, v)
            vars_.append(v)
        # a TextureBuffer<S>'s buffer is named ``$$name`` and bound as ``name`` (fxc 10.1, session 42)
        buf_name = "$$" + cb.name if cb.kind == "tbuffer" and cb.name in templates else cb.name
        cbs.append(RdefConstantBuffer(buf_name, vars_, cb.size, 0, 1 if cb.kind == "tbuffer" else 0))
        # D3D_SIF_USERPACKED on a buffer bound with register(), but never on a ConstantBuffer<S> (single or
        # array): fxc 10.1 under Wine, session 35 (tests/test_rules_hlsl_fxc_layout_bindings.py)
        templated = cb.name in templates or getattr(cb, "array_name", None) is not None
        binds.append(RdefBinding(cb.name, 1 if cb.kind == "tbuffer" else 0, 0, 0, 0, cb.slot, 1,
                                 1 if cb.explicit and not templated else 0))
    if cg.major < 5:
        binds = _whole_array_bindings(binds)
    order = {3: 0, 2: 1, 7: 1, 5: 1, 1: 1, 4: 2, 6: 2, 8: 2, 9: 2, 10: 2, 0: 3}
    rdef.bindings = sorted(binds, key=lambda b: (order.get(b.input_type, 4), b.bind_point))
    # fxc lists the structured buffers' bind-info buffers in the order of their bindings (SRVs by register,
    # then UAVs), not in declaration order
    rank = {b.name: i for i, b in enumerate(rdef.bindings) if b.input_type not in (0, 1)}
    cbs.extend(c for c, _ in sorted(_bind_info_buffers(cg), key=lambda cb: rank.get(cb[1], len(rank))))
    # fxc (d3dcompiler_47 10.1) lists $Params after $Globals and before the declared buffers (session 38, REFL)
    # (a Direct3D 9 target's constant table pairs these buffers with cg.cbufs in their order: left as it is)
    if cg.d3d9 is None:
        cbs.sort(key=lambda c: {"$Globals": 0, "$Params": 1}.get(c.name, 2))
    rdef.constant_buffers = cbs
    from .linkage import rdef_additions

    rdef_additions(cg, rdef)  # $ThisPointer and the interface-slot count
    return rdef


def _object_ranges(cg: CodegenContext, name: str, v: RdefVariable) -> None:
    """D3D11_SHADER_VARIABLE_DESC.StartTexture / TextureSize / StartSampler / SamplerSize of a struct variable
    holding objects: the first register and the length of the t# (s#) range its object leaves were given, the
    leaves the shader does not read but whose registers the range keeps included (``struct { float2 a; Texture2D
    tex[2]; } bar`` read at bar.tex[1] only: 0, 2); -1, 0 where none is bound. d3dcompiler_47 10.1 under Wine,
    session 39 (tests/test_rules_d3dcompiler_refl_s39.py)."""
    for file in "ts":
        regs = [r.reg for r in cg.resources if r.file == file and r.reg >= 0 and r.name.startswith((name + ".",
                                                                                                    name + "["))]
        if regs and any(r.used for r in cg.resources if r.file == file and r.reg >= 0 and
                        r.name.startswith((name + ".", name + "["))):
            first, size = min(regs), max(regs) - min(regs) + 1
            if file == "t":
                v.start_texture, v.texture_size = first, size
            else:
                v.start_sampler, v.sampler_size = first, size


_ELEMENT = re.compile(r"(\$?\w+)\[(\d+)\]")


def _element_indices(cg: CodegenContext) -> dict[int, tuple[str, tuple[int, ...]]]:
    """``{id(resource): (array name, indices)}`` of every element of an object array declared at global scope
    (the compiler numbers a multi-dimensional array's elements flat: "t[5]" of ``t[2][3]`` is (1, 2))."""
    out: dict[int, tuple[str, tuple[int, ...]]] = {}
    for g in cg.globals.values():
        if not (isinstance(g, tuple) and g[:1] == ("resarray",) and isinstance(g[2], ArrayType)):
            continue
        dims = []
        t = g[2]
        while isinstance(t, ArrayType):
            dims.append(t.count)
            t = t.elem
        for flat, r in enumerate(g[1]):
            m = _ELEMENT.fullmatch(r.name)
            if m is None:
                continue
            idx = []
            for d in reversed(dims[1:]):  # (the first dimension may be unbounded, 0: the quotient left)
                flat, k = divmod(flat, d)
                idx.append(k)
            out[id(r)] = (m.group(1), (flat, *reversed(idx)))
    return out


def _nested_element_names(cg: CodegenContext) -> dict[int, str]:
    """The binding names of a multi-dimensional object array's elements: ``Texture2D t[2][3]`` read at t[1][2]
    is bound as "t[1][2]" (its sixth register), where the compiler numbers the elements flat ("t[5]").
    d3dcompiler_47 10.1 under Wine, session 39 (tests/test_rules_d3dcompiler_refl_s39.py); below shader model 5
    the array is one binding named after it (:func:`_whole_array_bindings`)."""
    return {k: base + "".join(f"[{i}]" for i in idx) for k, (base, idx) in _element_indices(cg).items()
            if len(idx) > 1}


def _whole_array_bindings(binds: list[RdefBinding]) -> list[RdefBinding]:
    """Below shader model 5, fxc reflects an object array as one binding named after the array, from its first
    element's register, counting the elements up to the last one read (``Texture2D t[4]`` read at t[2]:
    ``t``, t0, count 3; read at t[0] and t[3]: count 4), where shader model 5.0 lists each element read
    (``t[2]``). Recorded from fxc 10.1 under Wine, session 35 (tests/test_rules_hlsl_fxc_layout_bindings.py)."""
    out: list[RdefBinding] = []
    arrays: dict[tuple[str, int], RdefBinding] = {}
    for b in binds:
        m = _ELEMENT.fullmatch(b.name)
        if m is None:
            out.append(b)
            continue
        k = int(m.group(2))
        key = (m.group(1), b.input_type)
        whole = arrays.get(key)
        if whole is None:
            whole = arrays[key] = replace(b, name=m.group(1), bind_point=b.bind_point - k, bind_count=k + 1)
            out.append(whole)
        else:
            whole.bind_count = max(whole.bind_count, k + 1)
    return out


_STRUCTURED = {"StructuredBuffer", "RWStructuredBuffer", "AppendStructuredBuffer", "ConsumeStructuredBuffer"}


def _bind_info_buffers(cg: CodegenContext) -> list[tuple[RdefConstantBuffer, str]]:
    """fxc describes each structured buffer's element type in RDEF as a constant buffer of type
    D3D_CT_RESOURCE_BIND_INFO (3) named like the resource, holding one variable ``$Element``
    (d3d11shader.h D3D11_SHADER_BUFFER_DESC); with the name of the binding it follows in the list.

    An array of structured buffers (d3dcompiler_47 10.1 under Wine, session 48; 1-, 2- and 3-dimensional arrays,
    one or several elements read, at 4.0 / 5.0 / 5.1): at shader model 5.0 each element read has its own, named
    as its binding ("i[1][0][1]"); below 5.0, where the array is one binding, one for the array, named after the
    first element read ("i[1]" of ``i[3]`` read at i[1] and i[2]); at 5.1 one for the array, named after its first
    element whatever is read ("i[0]", "i[0][0]"), its ``$Element`` type as the element's (Elements 0 for a
    scalar) -- not the merged description a ConstantBuffer<S> array gets (sm51.rdef_bindings)."""
    sm51 = (cg.major, cg.minor) >= (5, 1)
    elements = _element_indices(cg)
    out, arrays = [], set()
    for r in cg.resources:
        if not (r.used and r.reg >= 0 and r.type.kind in _STRUCTURED and r.type.elem is not None):
            continue
        name = binding = r.name
        at = elements.get(id(r))
        if at is not None:
            base, idx = at
            name = base + "".join(f"[{i}]" for i in idx)
            if cg.major >= 5 and not sm51:
                binding = name
            elif base in arrays:
                continue
            else:
                arrays.add(base)
                binding = base if not sm51 else r.name
                if sm51:
                    name = base + "[0]" * len(idx)
        elem = RdefVariable("$Element", 0, r.stride, 2, rdef_type(cg, r.type.elem, packed=True))
        out.append((RdefConstantBuffer(name, [elem], r.stride, 0, 3), binding))
    return out
