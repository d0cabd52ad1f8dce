"""Resource binding and constant-buffer layout for :class:`.codegen.Codegen` (self is the code generator): resource
declarations by kind and register (explicit ``register()`` bindings, then first use), the packing of a constant
buffer's members into 16-byte vectors (the SM4/5 and level-9 rules, ``packoffset``), and which functions and
globals an entry point uses."""

from __future__ import annotations

from dataclasses import replace

from . import ast as A
from .bufchecks import CB_MAX_ENTRIES, check_cb_entry_count, check_cb_overlap, check_uav_model
from .diagnostics import HlslError
from .layout import check_packoffset_objects, mark_struct_objects, referenced_names, shader_roots
from .objects import allocate_registers, has_object, leaf_count
from .operands import imm
from .regclass import CATEGORIES, category, register_file
from .types import DOUBLE, EFFECT_KINDS, MIN_PRECISION, ArrayType, NumType, ObjectType, StructType, Type, array_leaf
from .values import _DIM, SPACE_STRIDE, CBuf, CbVar, Resource, Val

#: the precision classes of fxc's constant-buffer packing; any other numeric type is 32-bit ("32")
_PRECISION_CLASS = {"min16float": "16", "min16int": "16", "min16uint": "16", "min10float": "10", "min12int": "12"}


def _precision_class(t: Type) -> str:
    """The precision class of a type's last numeric leaf."""
    while True:
        if isinstance(t, ArrayType):
            t = t.elem
        elif isinstance(t, StructType) and t.fields:
            t = t.fields[-1][1]
        else:
            break
    return _PRECISION_CLASS.get(t.prec or "", "32") if isinstance(t, NumType) else "32"


def same_precision_class(prev: Type | None, t: Type) -> bool:
    """Whether a member of type ``t`` may share a register with the member of type ``prev`` before it.

    fxc 10.1 (under Wine, session 35; tests/test_rules_hlsl_fxc_layout_minprec.py) starts a register whenever the
    precision class changes from the last numeric leaf of the previous member to the next one: 32-bit types
    (float, int, uint, bool, double, half) share registers, min16float / min16int / min16uint share theirs, and
    min10float and min12int each keep to themselves -- `float a; min16float b; float c;` places b at byte 16
    and c at 32, `min16float a; min16int b;` b at 4. A struct's members follow the same rule."""
    # an array or a struct starts a register of its own whatever precedes it: only a numeric type is judged
    return prev is None or not isinstance(t, NumType) or _precision_class(prev) == _precision_class(t)


class ResourceBinding:
    """The resource and constant-buffer half of the code generator (a mixin of :class:`.codegen.Codegen`)."""

    def add_resource(self, d: A.VarDecl, order: int) -> None:
        t = d.type
        if isinstance(t, ArrayType) and t.count == 0 and (self.major, self.minor) >= (5, 1) and \
                isinstance(array_leaf(t), ObjectType):
            from .sm51 import add_unbounded

            add_unbounded(self, d, order)
            return
        if isinstance(t, ArrayType):  # elements flattened row-major onto consecutive registers
            leaf = array_leaf(t)
            if not isinstance(leaf, ObjectType):
                raise self.err(d.pos, f"'{d.name}': arrays of structs holding objects are not supported", 3000)
            if leaf.kind == "string" or leaf.kind in EFFECT_KINDS:
                # effect state objects and strings take no register (like a single one), but the name is one the
                # type rules judge (fxc 10.1, session 45: ``BlendState b[2]; ... b[0].Foo()`` X3087, not X3004)
                self.globals[d.name] = ("staticval", Val(t, [], readonly=True))
                return
            elems = []
            for i in range(leaf_count(t)):
                reg = (d.register[0], d.register[1] + i, *d.register[2:]) if d.register is not None else None
                # every reservation moves with the element: the element binds in its own set (below)
                regs = tuple((r[0], r[1] + i, *r[2:]) for r in d.registers)
                sub = A.VarDecl(d.pos, f"{d.name}[{i}]", array_leaf(t), d.mods, None, reg, registers=regs,
                                inactive_registers=d.inactive_registers, space=d.space)
                self.add_resource(sub, order)
                elems.append(self.globals.pop(sub.name))
            self.globals[d.name] = ("resarray", elems, t)
            return
        assert isinstance(t, ObjectType)
        k = t.kind
        if k == "string":  # no storage and no register; functions may read it (string.hlsl: `str = s_global2`)
            self.globals[d.name] = ("staticval", Val(t, [], readonly="static" in d.mods and "const" in d.mods))
            return
        elif k in EFFECT_KINDS:
            # no storage and no register, but a name the type rules see (d3dcompiler_47 10.1, session 44: at a
            # shader target ``BlendState o; ... o + 1`` is X3022, ``o.x`` X3018, ``o[0]`` X3121, ``(float4)o`` X3017,
            # ``o = o`` X3025, a bare ``o;`` compiles -- they were X3004)
            self.globals[d.name] = ("staticval", Val(t, [], readonly=True))
            return
        elif k in ("InputPatch", "OutputPatch"):
            if not 1 <= t.samples <= 32 or t.elem is None:
                raise self.err(d.pos, f"'{d.name}': patch size must be in [1, 32]", 3000)
            at = ArrayType(t.elem, t.samples)
            self.globals[d.name] = ("staticval", Val(at, [imm(0)] * at.slots))
            return
        file = register_file(k)
        if (k in _DIM or k.startswith("RW") and k[2:] in _DIM) and t.elem is not None:
            e = t.elem
            # the parser refuses an object element (X3124) and one wider than four 32-bit values (X3037) as it
            # reads the type (templates.py); a struct element holding objects waits for the type rules (X3683,
            # Codegen.deferred_nested_error)
            if not has_object(e) and (isinstance(e, ArrayType) or e.slots > 4):
                raise self.err(d.pos, "elements of typed buffers and textures must fit in four 32-bit quantities",
                               3037)
        r = Resource(d.name, t, file, decl_order=order, pos=d.pos, space=d.space,
                     coherent="globallycoherent" in d.mods)
        if (self.major, self.minor) >= (5, 1) and file == "s" and "." not in d.name:
            # 5.1 drops the Direct3D 9 pairing of a sampler reserved in t#: fxc's X3591 "incorrect bind semantic"
            # whether or not the sampler is used (regclass.py: packreg at ps_5_1; vkd3d
            # register-reservations-resources fails ``sampler2D unused : register(t0)`` from 5.1 on, and
            # compiles ``Texture2D unused : register(s0)`` and a struct's unused sampler under register(t1))
            # (every reservation: ``register(t5) : register(s3)`` too, d3dcompiler_47 10.1, session 41)
            for reservation in (d.register, *d.registers, *d.inactive_registers):
                if reservation is not None and reservation[0] == "t":
                    raise self.err(d.pos, "incorrect bind semantic", 3591)
        for reservation in (d.register, *d.inactive_registers):
            # a register that is no register type at all (``register(a0)``, ``register(z)``, ``register(t1x)``)
            # fails whether or not the object is used (fxc's X3530 text of the object's kind; regclass.py)
            if reservation is not None and len(reservation) > 2 and not reservation[2]:
                if (self.major, self.minor) >= (5, 1) and reservation[0][:1].lower() in CATEGORIES[category(k)][1]:
                    # at 5.1 one that begins with a letter of the kind's (``register(samply)``, ``register(t1x)``,
                    # a space alone: ``register(space0)``) is fxc's X3591 (d3dcompiler_47 10.1, session 46)
                    raise self.err(d.pos, "incorrect bind semantic", 3591)
                raise self.err(d.pos, CATEGORIES[category(k)][2], 3530)
            # a letter the object's kind does not take (a texture in b#/c#/u#, a buffer in s#, a UAV in t#) fails
            # at the declaration, used or not and for any profile it names (d3dcompiler_47 10.1, session 35: the
            # used/unused difference regclass.py drew from vkd3d's records is only the Direct3D 9 pairing); the
            # Direct3D 9 targets alike (``sampler s : register(c1)``, ``Texture2D t : register(b1)`` unused: session 47)
            if (reservation is not None and "." not in d.name and "[" not in d.name
                    and reservation[0].lower() not in CATEGORIES[category(k)][1]):
                raise self.err(d.pos, CATEGORIES[category(k)][2], 3530)
        own = [r for r in d.registers if r[0] == file]
        if own and d.register is not None and d.register[0] != file:
            # an object reserved in its own register set and in the other set its kind names binds in its own:
            # ``sampler2D s : register(s0) : register(t0)`` (the 't' half of the sampler-texture pairing fxc's
            # X3530 text names) reserves s0 and nothing more, in either order -- at the Direct3D 9 targets (the
            # DXDecompiler corpus's constTexCoord.hlsl, which fxc compiles at ps_3_0) and at 4.0-5.0 and level 9
            # (d3dcompiler_47 10.1, session 41: the sampler binds s3 for ``register(s3) : register(t5)``; DXC
            # SemaHLSL intrinsic-examples.hlsl's ``sampler FontTexture : register(s0) : register(t0)``). Only the
            # reservations of the compile's profile count: ``register(vs, s3) : register(t5)`` in a pixel shader
            # is the lone t5 (X4509 once used). 5.1 refuses the t# of a sampler above (X3591)
            d = replace(d, register=own[-1], registers=tuple(r for r in d.registers if r[0] == file or
                                                             r[0] not in CATEGORIES[category(k)][1]))
        if d.register is not None:
            kind, num = d.register[:2]
            if kind != file:  # judged only if the object is used (objects.allocate_registers, regclass.py)
                self.bad_reservations.append((r, d.pos, f"{kind}{num}"))
            else:
                r.reg, r.explicit = num + d.space * SPACE_STRIDE, True
        for other in d.inactive_registers:  # another profile's: its letter was checked above (D3D9: its set too)
            if self.d3d9 is not None and other[0] != file and not any(b[0] is r for b in self.bad_reservations):
                self.bad_reservations.append((r, d.pos, f"{other[0]}{other[1]}"))
        if k in ("StructuredBuffer", "RWStructuredBuffer", "AppendStructuredBuffer", "ConsumeStructuredBuffer"):
            r.stride = (t.elem.slots if t.elem is not None else 4) * 4
        self.resources.append(r)
        self.globals[d.name] = r

    def layout_cbuffer(self, cb: CBuf) -> None:
        off = 0
        prev: Type | None = None  # the member placed last (same_precision_class)
        reserved: list[tuple[int, int, CbVar]] = []
        # Direct3D 9 targets judge overlapping register(c#) reservations on the registers each variable's
        # program reads (sm2/d3d9.py), so an overlapping one gets registers of its own in the intermediate SM4
        # layout, after every other variable: its reads stay its own (the D3D9 register is still register(c#))
        relocated: list[CbVar] = []
        if cb.name == "$Globals" and self.d3d9 is None:
            # fxc (d3dcompiler_47 10.1) places the register(c#) variables first and packs the others after the
            # end of the last register one, gaps left empty, and lists them in that order in the RDEF:
            # ``float4 a; float4 b : register(c2);`` puts a at c3, not c0 (session 38, REFL)
            cb.vars.sort(key=lambda cv: not (cv.decl.register is not None and cv.decl.register[0] == "c"))
        if cb.name == "$Globals":
            for cv in cb.vars:
                d = cv.decl
                if d.register is not None and d.register[0] == "c":
                    size = self.cb_size(d.type)[0]
                    cv.offset = d.register[1] * 16
                    hits = [other for s0, e, other in reserved if s0 < cv.offset + size and cv.offset < e]
                    self.reg_overlaps += [(other, cv) for other in hits]
                    if (hits or cv.offset + size > CB_MAX_ENTRIES * 16) and self.d3d9 is not None:
                        # (a D3D9 constant reserved past the SM4 buffer's 4096 registers, ``register(c5000)`` at
                        # vs_2_0, is judged by the D3D9 slots, sm2/d3d9.constant_slots, not X4601)
                        relocated.append(cv)
                        continue
                    reserved.append((cv.offset, cv.offset + size, cv))
        for cv in cb.vars:
            d = cv.decl
            size, align_reg = self.cb_size(d.type)
            if any(cv is r for r in relocated):
                continue
            if d.packoffset is not None:
                off_new = d.packoffset[0] * 16 + d.packoffset[1] * 4
                is_double = isinstance(d.type, NumType) and d.type.base == DOUBLE
                # fxc X3530 "register or offset bind c3.w not valid" (DXC packreg; DXC issue #3724 for a
                # struct): an aggregate or matrix starts a register and a vector may not straddle one. A double
                # vector is judged as if its components were 32-bit (double at .w, double2 at .z and double3 at
                # .y are valid, double2 at .w is not), and the double then moves on to an 8-byte boundary, and
                # to the next register when it would straddle: double at c1.y sits at byte 24, at c1.w at 32,
                # double2 at c1.y at 32 (fxc 10.1 under Wine, session 35; tests/test_rules_hlsl_fxc_layout_*)
                width = 4 * d.type.n if is_double else size
                if (d.packoffset[1] and (align_reg or isinstance(d.type, NumType) and d.type.shape == "m")) or (
                        d.packoffset[1] * 4 + width > 16 and not align_reg and not (
                            isinstance(d.type, NumType) and d.type.shape == "m")):
                    # judged with the other packoffset errors, after the type rules (bufregs.py)
                    self.layout_errors.append(self.err(d.pos, f"register or offset bind c{d.packoffset[0]}."
                                                              f"{'xyzw'[d.packoffset[1]]} not valid", 3530))
                if is_double:
                    off_new = (off_new + 7) // 8 * 8
                    if off_new % 16 + size > 16:
                        off_new = (off_new + 15) // 16 * 16
                cv.offset = off_new
                off = max(off, off_new + size)
                continue
            if d.register is not None and d.register[0] == "c" and cb.name == "$Globals":
                # placed above (register(c#) only means something in $Globals); packing goes on after it,
                # so `float a : register(c2); float b;` puts b at c2.y (vkd3d register-reservations-numeric)
                off = max(off, cv.offset + size)
                prev = d.type
                continue
            if isinstance(d.type, NumType) and d.type.base == DOUBLE:
                off = (off + 7) // 8 * 8  # a double sits in .xy or .zw (8-byte aligned)
            if align_reg or (off % 16) + size > 16 or not same_precision_class(prev, d.type):
                off = (off + 15) // 16 * 16
            while True:  # skip registers reserved with register(c#)
                hit = next((e for s0, e, _c in reserved if s0 < off + size and off < e), None)
                if hit is None:
                    break
                off = (hit + 15) // 16 * 16
            cv.offset = off
            off += size
            prev = d.type
        for cv in relocated:
            off = max([off] + [e for _s, e, _c in reserved])
            cv.offset = (off + 15) // 16 * 16
            off = cv.offset + self.cb_size(cv.decl.type)[0]
        end = max([off] + [e for _s, e, _c in reserved])
        cb.size = (end + 15) // 16 * 16

    def is_row_major(self, t: NumType) -> bool:
        return t.row_major if t.row_major is not None else self.row_major_default

    def cb_size(self, t: Type) -> tuple[int, bool]:
        """(size in bytes, must start on a register) per SM4 packing (spec-facts §5). For a Direct3D 9 target
        every numeric value starts a register (D3D9 constants are whole c# registers; CTAB RegisterIndex)."""
        if isinstance(t, NumType) and self.d3d9 is not None:
            size, _ = self._cb_size_sm4(t)
            return size, True
        return self._cb_size_sm4(t)

    def _cb_size_sm4(self, t: Type) -> tuple[int, bool]:
        if isinstance(t, NumType):
            w = 8 if t.base == DOUBLE else 4
            if t.shape == "m":
                # each row (row_major) or column starts a register; a double row/column of three or four
                # spans two (DXC d3dreflect cb_sizes: double3x4 is 120 bytes, columns 32 bytes apart)
                n, length = (t.rows, t.cols) if self.is_row_major(t) else (t.cols, t.rows)
                return -(-length * w // 16) * 16 * (n - 1) + w * length, False
            return w * t.n, False
        if isinstance(t, ArrayType):
            es, _ = self.cb_size(t.elem)
            stride = (es + 15) // 16 * 16
            return stride * (t.count - 1) + es, True
        if isinstance(t, StructType):
            return self.field_offsets(t)[1], True
        return 0, False

    def field_offsets(self, t: StructType) -> tuple[list[int], int]:
        """The byte offset of each member of a struct in a constant buffer, and the struct's size: the
        packing of the buffer's own members (spec-facts §5), a change of precision class included
        (starts_register)."""
        offsets: list[int] = []
        off, prev = 0, None
        for f in t.fields:
            s, al = self.cb_size(f[1])
            if al or (off % 16) + s > 16 or not same_precision_class(prev, f[1]):
                off = (off + 15) // 16 * 16
            offsets.append(off)
            off += s
            prev = f[1]
        return offsets, off

    def cb_slots(self, t: Type, off: int, only_32bit: bool = False) -> list[tuple[int, int]]:
        """(register, component) of each slot of a cbuffer variable of type t at byte offset off; with
        ``only_32bit`` the double and minimum-precision parts hold none (fxc's packoffset overlap check:
        check.py)."""
        if isinstance(t, NumType):
            if only_32bit and (t.base == DOUBLE or t.prec in MIN_PRECISION):
                return []
            reg, comp = off // 16, off % 16 // 4
            if t.shape == "m":
                out = []
                rm = self.is_row_major(t)
                if t.base == DOUBLE:  # element k of a row/column: lanes 2k, 2k+1 from the register it starts
                    step = 2 if (t.cols if rm else t.rows) > 2 else 1
                    for r in range(t.rows):
                        for c in range(t.cols):
                            vec, k = (r, c) if rm else (c, r)
                            out += [(reg + vec * step + k // 2, comp + 2 * (k % 2) + h) for h in (0, 1)]
                    return out
                for r in range(t.rows):
                    for c in range(t.cols):
                        out.append((reg + r, comp + c) if rm else (reg + c, comp + r))
                return out
            return [(reg + (comp + i) // 4, (comp + i) % 4) for i in range(t.slots)]
        if isinstance(t, ArrayType):
            es, _ = self.cb_size(t.elem)
            stride = (es + 15) // 16 * 16
            out = []
            for e in range(t.count):
                out += self.cb_slots(t.elem, off + e * stride, only_32bit)
            return out
        if isinstance(t, StructType):
            out = []
            for f, o in zip(t.fields, self.field_offsets(t)[0], strict=True):
                out += self.cb_slots(f[1], off + o, only_32bit)
            return out
        return []

    def mark_used(self, fdef: A.FuncDef) -> None:
        names, seen = referenced_names(self, shader_roots(self, fdef))
        from .precision import check_level9_min16uint

        check_level9_min16uint(self, self.prog, [x for n in seen for x in self.funcs.get(n, []) if x.body is not None],
                               fdef)
        from .precision import note_d3d9_min_precision

        note_d3d9_min_precision(self, self.prog, [x for n in seen for x in self.funcs.get(n, []) if x.body is not None],
                                fdef)
        from .globalflags import uses_min_precision

        self.min_precision_used = uses_min_precision(self, names, fdef)
        mark_struct_objects(self, [x for n in seen for x in self.funcs.get(n, []) if x.body is not None])
        if self.stage == "hs":
            self.tess.cp_names = referenced_names(self, [fdef])[0]
        for name in names:
            g = self.globals.get(name)
            if isinstance(g, tuple) and g[0] == "resarray":
                for r in g[1]:
                    r.used = True
            if isinstance(g, tuple) and g[0] == "cbarray":  # an array of ConstantBuffer<S>: one range, all live
                for cb in g[2] or ():
                    cb.used = True
            if isinstance(g, CbVar):
                g.used = True
                g.cb.used = True
            elif isinstance(g, Resource):
                g.used = True

    def assign_bindings(self) -> None:
        from .deadres import drop_dead

        drop_dead(self)  # the objects' model gates judge the resources fxc binds (compiler.py: _ObjectGate)
        try:
            check_uav_model(self)
        except HlslError as exc:
            # a back-end refusal in fxc (X4585, typed UAVs below 5.0, ...): the body's own errors come first (fxc
            # 10.1 reports "RWTexture2D<float4> object does not have method 'Sample'" at ps_4_0), so it is raised
            # once the entry point's body is generated (codegen.run)
            self.deferred_target_error = exc
        check_cb_overlap(self)
        check_packoffset_objects(self)
        # A constant buffer none of whose variables the shader reads is not bound, explicit register or not:
        # d3dcompiler_47 (fxc 10.1: DXDecompiler's SubD11_PS/_DS, Particle_PS, POM_PS, DetailTessellation11_PS)
        # drops it where d3dcompiler_46 (fxc 9.30.9200, the SlimShader corpus) kept some explicit ones
        # (docs/conformance.md, Session 25 helper REF)
        for cb in self.cbufs:
            if cb.kind == "cbuffer" and cb.size == 0 and cb.vars:
                # variables of no size (a struct of objects only) make no buffer: fxc 10.1 binds no $Globals for
                # ``struct { Texture2D t; sampler s; } foo;`` (session 38, REFL)
                cb.used = False
        allocate_registers(self)
        # at shader model 5.1 an unused buffer's register(b#) reserves nothing (fxc 10.1, session 38, REFL); an
        # array of ConstantBuffer<S> reserves its range when any element is read
        used_arrays = {getattr(cb, "array_name", None) for cb in self.cbufs if cb.used} - {None}
        cb_taken = {cb.reg for cb in self.cbufs if cb.explicit and cb.kind != "tbuffer" and (
            (self.major, self.minor) < (5, 1) or cb.used or getattr(cb, "array_name", None) in used_arrays)}
        # $Params takes its b# right after $Globals, before the declared buffers (fxc 10.1, session 38, REFL: ``cbuffer
        # X {…}`` with a uniform entry parameter binds $Params at b0 and X at b1); a Direct3D 9 target keeps the order
        order = sorted(self.cbufs, key=lambda c: {"$Globals": 0, "$Params": 1}.get(c.name, 2)) if self.d3d9 is None \
            else self.cbufs
        for cb in order:
            if cb.kind == "tbuffer":  # a texture buffer: its t# (an automatic one placed by allocate_registers)
                if cb.explicit:
                    cb.slot = cb.reg  # type: ignore[assignment]
                continue
            if cb.explicit:
                cb.slot = cb.reg  # type: ignore[assignment]
                continue
            if not cb.used or cb.slot >= 0:  # (an array member placed with its array)
                continue
            # an array of ConstantBuffer<S> takes the first hole its whole length fits in ("Resource binding in
            # HLSL": the compiler's "first-hole-fits heuristic"; sm51.add_cb_array)
            name = getattr(cb, "array_name", None)
            members = [c for c in self.cbufs if getattr(c, "array_name", None) == name] if name else [cb]
            n = 0
            while any(n + k in cb_taken for k in range(len(members))):
                n += 1
            for k, c in enumerate(members):
                c.slot = n + k
                cb_taken.add(n + k)
        check_cb_entry_count(self)
