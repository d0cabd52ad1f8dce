"""The Effects 11 binary (microsoft/FX11 Binary/EffectBinaryFormat.h): written from and read back into
:mod:`.model`.

Layout: ``SBinaryHeader5`` (24 uint32, 96 bytes: FX11's static_assert), the unstructured block (strings, types, default values, constants,
data blocks; every ``o*`` field is an offset into it, 0 meaning none), then the structured block (constant
buffers with their variables, object variables, interface variables, groups/techniques/passes, each
followed by its annotations). Shader bytecode sits in the unstructured block as a uint32 size + bytes.

The header is the same 96 bytes, with groups, for every target: FX11's ``CEffectLoader::LoadEffect`` accepts the
tags of ``g_EffectVersions`` (fx_4_0 0xFEFF1001, fx_4_1 0xFEFF1011, fx_5_0 0xFEFF2001) and then reads
``sizeof(SBinaryHeader5)`` and ``cGroups`` group records whatever the tag is (the version it looks up is never used
again). fxc's fx_4_x output for Direct3D 10's effect runtime is the older layout — the 76-byte ``SBinaryHeader``
with techniques and no groups — which FX11 cannot load; pyd3d11 targets FX11, so fx_4_x blobs carry the fx_4 tag in
the FX11 layout. Malformed data fails as FX11's loader fails: E_FAIL (``VBD``/``CMemoryStream::Read``)."""

from __future__ import annotations

import struct

from ..errors import E_FAIL, D3D11Error, error_for
from . import model as M
from . import states as S

_HEADER = struct.Struct("<24I")
_U32 = struct.Struct("<I")


def _f32(v: float) -> bytes:
    """A state constant as a 32-bit float, rounded as fxc stores it: a literal beyond the float range is an
    infinity (``SetBlendState(NULL, float4(5, 6, 7, 1e40), 0xf0)`` compiles, d3dcompiler_47 10.1, session 47 EFX;
    struct's "f" refuses it)."""
    import numpy as np

    with np.errstate(over="ignore"):
        return np.float32(v).tobytes()


class _Writer:
    def __init__(self) -> None:
        self.un = bytearray(b"\0\0\0\0")  # offset 0 stands for "none"
        self.st = bytearray()
        self.strings: dict[str, int] = {}
        self.types: dict[tuple, int] = {}
        self.blobs: dict[bytes, int] = {}

    def string(self, s: str | None) -> int:
        if s is None:
            return 0
        off = self.strings.get(s)
        if off is None:
            off = self.strings[s] = len(self.un)
            self.un += s.encode("utf-8") + b"\0"
        return off

    def raw(self, data: bytes) -> int:
        off = len(self.un)
        self.un += data
        return off

    def block(self, data: bytes) -> int:
        off = self.blobs.get(data)
        if off is None:
            off = self.blobs[data] = self.raw(_U32.pack(len(data)) + data)
        return off

    def type(self, t: M.FxType) -> int:
        key = t.key()
        off = self.types.get(key)
        if off is not None:
            return off
        member_offs = [(self.string(m[0]), self.string(m[1]), m[2], self.type(m[3])) for m in t.members]
        name = self.string(t.name)
        body = struct.pack("<6I", name, t.var_type, t.elements, t.total_size, t.stride, t.packed_size)
        if t.var_type == M.EVT_Numeric:
            bits = (t.layout & 7) | (t.scalar & 31) << 3 | (t.rows & 7) << 8 | (t.cols & 7) << 11 | \
                int(t.column_major) << 14
            body += _U32.pack(bits)
        elif t.var_type == M.EVT_Object:
            body += _U32.pack(t.object_type)
        elif t.var_type == M.EVT_Struct:
            body += _U32.pack(len(t.members))
            for m in member_offs:
                body += struct.pack("<4I", m[0], m[1], m[2], m[3])
            # SBinaryTypeInheritance: the base class's type (0: none), then the implemented interfaces' types
            ifaces = [self.type(i) for i in t.interfaces]
            body += struct.pack(f"<2I{len(ifaces)}I", self.type(t.base) if t.base is not None else 0, len(ifaces),
                                *ifaces)
        off = self.types[key] = self.raw(body)
        return off

    def u32(self, *vals: int) -> None:
        for v in vals:
            self.st += _U32.pack(v & 0xFFFFFFFF)

    def annotations(self, items: list[M.FxAnnotation]) -> None:
        self.u32(len(items))
        for a in items:
            self.u32(self.string(a.name), self.type(a.type))
            if isinstance(a.value, list):
                for s in a.value:
                    self.u32(self.string(s))
            else:
                self.u32(self.raw(a.value))

    def shader5(self, sh: M.FxShader) -> bytes:
        decls = [self.string(d) if d else 0 for d in sh.so_decls] + [0] * (4 - len(sh.so_decls))
        binds = self.raw(b"".join(struct.pack("<2I", self.string(n), i) for n, i in sh.interface_bindings)) \
            if sh.interface_bindings else 0
        return struct.pack("<9I", self.block(sh.bytecode) if sh.bytecode else 0, *decls[:4], len(sh.so_decls),
                           sh.rasterized_stream & 0xFFFFFFFF, len(sh.interface_bindings), binds)

    def assignments(self, items: list[M.FxAssignment]) -> None:
        for a in items:
            if a.kind == M.ECAT_Constant:
                data = _U32.pack(len(a.value))
                for est, v in a.value:
                    data += _U32.pack(est) + _f32(v) if est == M.EST_Float else \
                        struct.pack("<II", est, int(v) & 0xFFFFFFFF)
                init = self.raw(data)
            elif a.kind == M.ECAT_Variable:
                init = self.string(a.value)
            elif a.kind == M.ECAT_ConstIndex:
                init = self.raw(struct.pack("<2I", self.string(a.value[0]), a.value[1]))
            elif a.kind == M.ECAT_VariableIndex:
                init = self.raw(struct.pack("<2I", self.string(a.value[0]), self.string(a.value[1])))
            elif a.kind == M.ECAT_Expression:
                init = self.block(a.value)
            elif a.kind == M.ECAT_ExpressionIndex:
                init = self.raw(struct.pack("<2I", self.string(a.value[0]), self.block(a.value[1])))
            elif a.kind == M.ECAT_InlineShader5:
                init = self.raw(self.shader5(a.value))
            elif a.kind == M.ECAT_InlineShader:
                sh = a.value
                # an empty declaration of the two-argument form is written (an offset to ""), not left out: 10.1's
                # objects of ``ConstructGSWithSO(…, "")`` (session 38 EFX)
                so = self.string(sh.so_decls[0]) if sh.so_decls and sh.so_decls[0] is not None else 0
                init = self.raw(struct.pack("<2I", self.block(sh.bytecode) if sh.bytecode else 0, so))
            else:
                raise ValueError(f"assignment kind {a.kind}")
            self.u32(a.state, a.index, a.kind, init)


def _is_inline_shader(a: M.FxAssignment) -> bool:
    return a.kind in (M.ECAT_InlineShader, M.ECAT_InlineShader5)


def write_effect(eff: M.FxEffect) -> bytes:
    """The FX11 binary of an effect."""
    w = _Writer()
    counts = dict.fromkeys(("strings", "srv", "ds", "blend", "rs", "samp", "rtv", "dsv", "shaders", "inline",
                            "uav"), 0)
    num_vars = 0
    for cb in eff.cbuffers:
        w.u32(w.string(cb.name), cb.size, cb.flags, len(cb.variables), cb.bind_point)
        w.annotations(cb.annotations)
        for v in cb.variables:
            num_vars += 1
            w.u32(w.string(v.name), w.type(v.type), w.string(v.semantic), v.offset,
                  w.raw(v.default) if v.default is not None else 0, v.flags)
            w.annotations(v.annotations)
    for o in eff.objects:
        n = max(1, o.type.elements)
        eot = o.type.object_type
        w.u32(w.string(o.name), w.type(o.type), w.string(o.semantic), o.bind_point)
        if eot in M.STATE_EOTS:
            key = {"Blend": "blend", "DepthStencil": "ds", "Rasterizer": "rs", "Sampler": "samp"}[M.STATE_EOTS[eot]]
            counts[key] += n
            for blk in o.blocks:
                w.u32(len(blk))
                w.assignments(blk)
        elif eot in M.SHADER_EOTS:
            counts["shaders"] += n
            for sh in o.shaders:
                if eot >= M.EOT["PixelShader5"]:
                    w.st += w.shader5(sh)
                elif eot == M.EOT["GeometryShaderSO"]:
                    # "" too (see the inline form); a NULL declaration (None) is offset 0
                    so = w.string(sh.so_decls[0]) if sh.so_decls and sh.so_decls[0] is not None else 0
                    w.u32(w.block(sh.bytecode) if sh.bytecode else 0, so)
                else:
                    w.u32(w.block(sh.bytecode) if sh.bytecode else 0)
        elif eot == M.EOT["String"]:
            counts["strings"] += n
            for s in o.strings:
                w.u32(w.string(s))
        elif eot in M.SRV_EOTS:
            counts["srv"] += n
        elif eot in M.UAV_EOTS:
            counts["uav"] += n
        elif eot == M.EOT["RenderTargetView"]:
            counts["rtv"] += n
        elif eot == M.EOT["DepthStencilView"]:
            counts["dsv"] += n
        w.annotations(o.annotations)
    iface_elements = 0
    for iv in eff.interfaces:
        n = max(1, iv.type.elements)
        iface_elements += n
        defaults = w.raw(b"".join(struct.pack("<2I", w.string(name), idx) for name, idx in iv.defaults)) \
            if iv.defaults else 0
        w.u32(w.string(iv.name), w.type(iv.type), defaults, iv.flags)
        w.annotations(iv.annotations)
    class_elements = sum(max(1, v.type.elements) for cb in eff.cbuffers for v in cb.variables
                         if v.type.is_class_instance)
    techniques = 0
    for g in eff.groups:
        w.u32(w.string(g.name), len(g.techniques))
        w.annotations(g.annotations)
        for t in g.techniques:
            techniques += 1
            w.u32(w.string(t.name), len(t.passes))
            w.annotations(t.annotations)
            for p in t.passes:
                w.u32(w.string(p.name), len(p.assignments))
                w.annotations(p.annotations)
                inline = sum(1 for a in p.assignments if _is_inline_shader(a))
                counts["inline"] += inline
                counts["shaders"] += inline
                w.assignments(p.assignments)
    while len(w.un) % 4:
        w.un += b"\0"
    header = _HEADER.pack(
        M.VERSION_TAGS[eff.target], len(eff.cbuffers), num_vars, len(eff.objects), 0, 0, 0, techniques, len(w.un),
        counts["strings"], counts["srv"], counts["ds"], counts["blend"], counts["rs"], counts["samp"],
        counts["rtv"], counts["dsv"], counts["shaders"], counts["inline"], len(eff.groups), counts["uav"],
        len(eff.interfaces), iface_elements, class_elements)
    return header + bytes(w.un) + bytes(w.st)


# --- reading ------------------------------------------------------------------------------------------------
def _bad(msg: str) -> D3D11Error:
    # FX11: every check of LoadEffect is VBD/VHD, which set E_FAIL, and CMemoryStream::Read/Seek return E_FAIL
    return error_for(E_FAIL, f"Invalid pEffectBuffer: {msg}", "D3DX11CreateEffectFromMemory")


class _Reader:
    def __init__(self, data: bytes, un_size: int) -> None:
        self.data = data
        self.un = data[_HEADER.size:_HEADER.size + un_size]
        self.pos = _HEADER.size + un_size
        self.types: dict[int, M.FxType] = {}

    def u32(self) -> int:
        if self.pos + 4 > len(self.data):
            raise _bad("truncated structured data")
        (v,) = _U32.unpack_from(self.data, self.pos)
        self.pos += 4
        return v

    def at(self, off: int, size: int) -> bytes:
        if off + size > len(self.un):
            raise _bad("offset out of the unstructured block")
        return self.un[off:off + size]

    def string(self, off: int) -> str | None:
        if off == 0:
            return None
        end = self.un.find(b"\0", off)
        if end < 0:
            raise _bad("unterminated string")
        return self.un[off:end].decode("utf-8", "replace")

    def block(self, off: int) -> bytes:
        if off == 0:
            return b""
        (n,) = _U32.unpack(self.at(off, 4))
        return self.at(off + 4, n)

    def type(self, off: int) -> M.FxType:
        t = self.types.get(off)
        if t is not None:
            return t
        name, vt, elems, total, stride, packed = struct.unpack("<6I", self.at(off, 24))
        t = M.FxType(self.string(name) or "", vt, elems, total, stride, packed)
        if max(1, elems) * stride != (total + 15) // 16 * 16 or stride % 16 or packed > total:
            if vt != M.EVT_Object:
                raise _bad("invalid type size")
        if vt == M.EVT_Numeric:
            (bits,) = _U32.unpack(self.at(off + 24, 4))
            t.layout, t.scalar = bits & 7, bits >> 3 & 31
            t.rows, t.cols, t.column_major = bits >> 8 & 7, bits >> 11 & 7, bool(bits >> 14 & 1)
            if not (1 <= t.rows <= 4 and 1 <= t.cols <= 4 and 1 <= t.layout <= 3 and 1 <= t.scalar <= 4):
                raise _bad("invalid numeric type")
        elif vt == M.EVT_Object:
            (t.object_type,) = _U32.unpack(self.at(off + 24, 4))
        elif vt == M.EVT_Struct:
            (n,) = _U32.unpack(self.at(off + 24, 4))
            for i in range(n):
                mn, ms, mo, mt = struct.unpack("<4I", self.at(off + 28 + 16 * i, 16))
                t.members.append((self.string(mn), self.string(ms), mo, self.type(mt)))
            inh = off + 28 + 16 * n
            base, n_if = struct.unpack("<2I", self.at(inh, 8))
            t.base = self.type(base) if base else None
            t.interfaces = [self.type(o) for o in struct.unpack(f"<{n_if}I", self.at(inh + 8, 4 * n_if))]
        elif vt != M.EVT_Interface:
            raise _bad("invalid variable type")
        self.types[off] = t
        return t

    def annotations(self) -> list[M.FxAnnotation]:
        out = []
        for _ in range(self.u32()):
            name, toff = self.u32(), self.u32()
            t = self.type(toff)
            if t.var_type == M.EVT_Object and t.object_type == M.EOT["String"]:
                out.append(M.FxAnnotation(self.string(name) or "",
                                          t, [self.string(self.u32()) for _ in range(max(1, t.elements))]))
            elif t.var_type in (M.EVT_Numeric, M.EVT_Struct):
                out.append(M.FxAnnotation(self.string(name) or "", t, self.at(self.u32(), t.packed_size)))
            else:
                raise _bad("invalid annotation type")
        return out

    def shader5(self, off: int | None = None) -> M.FxShader:
        if off is None:
            vals = [self.u32() for _ in range(9)]
        else:
            vals = list(struct.unpack("<9I", self.at(off, 36)))
        decls = [self.string(d) or "" for d in vals[1:1 + min(vals[5], 4)]]
        binds = []
        for i in range(vals[7]):
            name, idx = struct.unpack("<2I", self.at(vals[8] + 8 * i, 8))
            binds.append((self.string(name) or "", idx))
        return M.FxShader(self.block(vals[0]), decls, vals[6], True, binds)

    def assignments(self, n: int) -> list[M.FxAssignment]:
        out = []
        for _ in range(n):
            state, index, kind, init = self.u32(), self.u32(), self.u32(), self.u32()
            if state >= len(S.LVALUES) or index >= S.LVALUES[state].indices:
                raise _bad("invalid assignment state")
            if kind == M.ECAT_Constant:
                (cnt,) = _U32.unpack(self.at(init, 4))
                vals = []
                for i in range(cnt):
                    est, = _U32.unpack(self.at(init + 4 + 8 * i, 4))
                    fmt = "<f" if est == M.EST_Float else "<i" if est == M.EST_Int else "<I"
                    vals.append((est, struct.unpack(fmt, self.at(init + 8 + 8 * i, 4))[0]))
                value: object = vals
            elif kind == M.ECAT_Variable:
                value = self.string(init)
            elif kind == M.ECAT_ConstIndex:
                a, i = struct.unpack("<2I", self.at(init, 8))
                value = (self.string(a), i)
            elif kind == M.ECAT_VariableIndex:
                a, i = struct.unpack("<2I", self.at(init, 8))
                value = (self.string(a), self.string(i))
            elif kind == M.ECAT_InlineShader5:
                value = self.shader5(init)
            elif kind == M.ECAT_InlineShader:
                sh, so = struct.unpack("<2I", self.at(init, 8))
                value = M.FxShader(self.block(sh), [self.string(so) or ""] if so else [], 0, False)
            elif kind == M.ECAT_Expression:
                # FXLVM code (effects/fxlvm.py): kept as fxc's container bytes, evaluated by the runtime
                value = self.block(init)
            elif kind == M.ECAT_ExpressionIndex:
                a, code = struct.unpack("<2I", self.at(init, 8))
                value = (self.string(a), self.block(code))
            else:
                raise _bad("invalid assignment type")
            out.append(M.FxAssignment(state, index, kind, value))
        return out


def read_effect(data: bytes) -> M.FxEffect:
    """Parse an FX11 binary; malformed data raises D3D11Error(E_FAIL) as FX11's loader fails."""
    data = bytes(data)
    if len(data) < _HEADER.size:
        raise _bad("too small")
    h = _HEADER.unpack_from(data)
    target = next((k for k, v in M.VERSION_TAGS.items() if v == h[0]), None)
    if target is None:
        raise _bad("unrecognized effect version")
    if any(h[4:7]):
        raise error_for(E_FAIL, "Effect11 does not support EffectPools", "D3DX11CreateEffectFromMemory")
    (n_cb, n_num, n_obj), n_tech, un_size = h[1:4], h[7], h[8]
    n_groups, n_iface = h[19], h[21]
    if _HEADER.size + un_size > len(data) or h[18] > h[17]:
        raise _bad("inconsistent header")
    r = _Reader(data, un_size)
    eff = M.FxEffect(target)
    seen_vars = 0
    for _ in range(n_cb):
        name, size, flags, nvars, bind = (r.u32() for _ in range(5))
        if size % 16:
            raise _bad("CB size not a multiple of 16")
        cb = M.FxConstantBuffer(r.string(name) or "", size, flags, bind, r.annotations())
        for _ in range(nvars):
            vn, vt, vs, off, dv, vf = (r.u32() for _ in range(6))
            t = r.type(vt)
            if off + t.total_size > size:
                raise _bad("variable does not fit in CB")
            default = r.at(dv, t.packed_size) if dv else None
            cb.variables.append(M.FxNumericVar(r.string(vn) or "", t, r.string(vs), off, default, vf,
                                               r.annotations()))
            seen_vars += 1
        eff.cbuffers.append(cb)
    if seen_vars != n_num:
        raise _bad("numeric variable count mismatch")
    for _ in range(n_obj):
        name, toff, sem, bind = (r.u32() for _ in range(4))
        t = r.type(toff)
        if t.var_type != M.EVT_Object:
            raise _bad("object variable of a non-object type")
        o = M.FxObjectVar(r.string(name) or "", t, r.string(sem), bind)
        n = max(1, t.elements)
        eot = t.object_type
        if eot in M.STATE_EOTS:
            o.blocks = [r.assignments(r.u32()) for _ in range(n)]
        elif eot in M.SHADER_EOTS:
            for _ in range(n):
                if eot >= M.EOT["PixelShader5"]:
                    o.shaders.append(r.shader5())
                elif eot == M.EOT["GeometryShaderSO"]:
                    sh, so = r.u32(), r.u32()
                    o.shaders.append(M.FxShader(r.block(sh), [r.string(so) or ""] if so else [], 0, False))
                else:
                    o.shaders.append(M.FxShader(r.block(r.u32()), [], 0, False))
        elif eot == M.EOT["String"]:
            o.strings = [r.string(r.u32()) for _ in range(n)]  # offset 0: a null string (``string s = NULL;``)
        o.annotations = r.annotations()
        eff.objects.append(o)
    elements = 0
    for _ in range(n_iface):
        name, toff, dflt, flags = (r.u32() for _ in range(4))
        t = r.type(toff)
        if t.var_type != M.EVT_Interface:
            raise _bad("interface variable of a non-interface type")
        n = max(1, t.elements)
        elements += n
        defaults = None
        if dflt:
            defaults = []
            for i in range(n):
                iname, idx = struct.unpack("<2I", r.at(dflt + 8 * i, 8))
                defaults.append((r.string(iname) or "", idx))
        eff.interfaces.append(M.FxInterfaceVar(r.string(name) or "", t, defaults, flags, r.annotations()))
    if elements != h[22]:
        raise _bad("interface count mismatch")
    techs = 0
    for _ in range(n_groups):
        gname, ntech = r.u32(), r.u32()
        g = M.FxGroup(r.string(gname), r.annotations())
        for _ in range(ntech):
            tname, npass = r.u32(), r.u32()
            t_ = M.FxTechnique(r.string(tname), r.annotations())
            for _ in range(npass):
                pname, nassign = r.u32(), r.u32()
                p = M.FxPass(r.string(pname), r.annotations())
                p.assignments = r.assignments(nassign)
                t_.passes.append(p)
            g.techniques.append(t_)
            techs += 1
        eff.groups.append(g)
    if techs != n_tech:
        raise _bad("technique count mismatch")
    if sum(1 for g in eff.groups if g.name is None) > 1:
        raise _bad("multiple unnamed groups")
    return eff
