"""Native texel access (issue 12): ``ld``, ``resinfo`` and the ``gather4`` family, compiled into shader
kernels beside pipeline/native/sampler_gen.py's sample emitter, bit-identical to the reference
(shader/exec/memory.py _ld / _resinfo, sampler.TextureSampler._gather). ``build_plan`` picks these emitters."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from pyd3d11.shader import ir
from pyd3d11.shader.exec.memory import offset_axes, resinfo_dims

from ..texture_cache import (
    SRV_1D,
    SRV_1DARRAY,
    SRV_2D,
    SRV_2DARRAY,
    SRV_2DMS,
    SRV_2DMSARRAY,
    SRV_3D,
    SRV_BUFFER,
    SRV_BUFFEREX,
    SRV_CUBE,
    SRV_CUBEARRAY,
    buffer_texels,
    texture_data,
)
from .sampler_gen import (
    F32,
    VB,
    VF,
    VI,
    VL,
    Op,
    SampleEmitter,
    _fs,
    _is,
    _or,
    compare,
    quantize_ref,
)
from .sampler_gen_cube import CubeEmitter
from .sampler_plan import _comparison, _mipinfo, _view_2d


def _bits_src(s):
    """The source read as raw bits (ld / resinfo take integer operands with no float modifiers)."""
    return replace(s, kind="n", mod="none")


def _igather(g, base: str, idx64: str, ok: str) -> str:
    return g.gather(base, idx64, ok)


@dataclass(frozen=True)
class LdKey:
    """Compile-time facts of one ld on a 1D / 2D / 3D (array) texture."""

    kind: str  # "1d", "2d", "3d"
    arrayed: bool
    offsets: tuple  # immediate (u, v, w) offsets, added to address components x, y, z
    sel: tuple
    ms_samples: int = 0  # ld_ms on a single-sample view (texel_ms.py): the sample index must be below this


class LdEmitter:
    """ld (§22.4.7-ish typed load, spec-facts §1.9): integer texel address + mip from the address operand's
    .w, 0 in every component outside the view (memory.py _texel_offsets' rules), from the decoded texels."""

    def __init__(self, key: LdKey, ident: int) -> None:
        self.key = key
        self.p = f"tx{ident}_"

    def emit(self, g, op, m: str) -> None:
        k = self.key
        if not k.sel:
            return
        co = [g.src(_bits_src(op.srcs[0][i])) for i in range(4)]
        # the key's immediate offsets are already masked to the view's texel axes (_ld_support)
        co = [g.v(f"add {VI} {co[i]}, {_is(k.offsets[i])}") if i < 3 and k.offsets[i] else co[i] for i in range(4)]
        if k.kind == "buffer":  # memory.py _texel_offsets: element x of the view, 0 outside
            self.emit_buffer(g, op, m, co[0])
            return
        zero = "zeroinitializer"
        x, y, z, sl = {"1d": (co[0], zero, zero, co[1]), "2d": (co[0], co[1], zero, co[2]),
                       "3d": (co[0], co[1], co[2], zero)}[k.kind]
        mip = co[3]
        mips = SampleEmitter._iv(self, g, "mips")
        ok = g.v(f"icmp ult {VI} {mip}, {mips}")  # 0 <= mip < mips
        top = g.v(f"sub {VI} {mips}, {_is(1)}")
        mc = SampleEmitter._call(g, "smin", SampleEmitter._call(g, "smax", mip, "zeroinitializer", t=VI), top, t=VI)
        info = g.arg(self.p + "mip")
        i4 = g.v(f"shl {VI} {mc}, {_is(2)}")

        def field(j: int) -> str:
            ix = g.v(f"sext {VI} {g.v(f'add {VI} {i4}, {_is(j)}')} to {VL}")
            return g.gather(info, ix, "splat (i1 true)")

        w, h, d, base = field(0), field(1), field(2), field(3)
        for c, n in ((x, w), (y, h), (z, d)):
            ok = g.v(f"and {VB} {ok}, {g.v(f'icmp ult {VI} {c}, {n}')}")
        wh = g.v(f"mul {VI} {w}, {h}")
        idx = g.v(f"add {VI} {base}, {g.v(f'mul {VI} {y}, {w}')}")
        idx = g.v(f"add {VI} {idx}, {x}")
        if k.kind == "3d":
            idx = g.v(f"add {VI} {idx}, {g.v(f'mul {VI} {z}, {wh}')}")
        if k.arrayed:  # (layer, z, y, x) order of texture_cache
            layers = SampleEmitter._iv(self, g, "layers")
            ok = g.v(f"and {VB} {ok}, {g.v(f'icmp ult {VI} {sl}, {layers}')}")
            whd = g.v(f"mul {VI} {wh}, {d}")
            idx = g.v(f"add {VI} {idx}, {g.v(f'mul {VI} {sl}, {whd}')}")
        if k.ms_samples:  # memory._texel_offsets checks a sample index against the resource's count on any view
            s = g.src(_bits_src(op.srcs[1][0]))
            ok = g.v(f"and {VB} {ok}, {g.v(f'icmp ult {VI} {s}, {_is(k.ms_samples)}')}")
        # lanes outside the view read nothing (masked): their index is never formed into an address
        i64 = g.v(f"zext {VI} {idx} to {VL}")
        i64 = g.v(f"shl {VL} {i64}, splat (i64 2)")
        data = g.arg(self.p + "data")
        vals = {}
        for ch in sorted(set(k.sel)):
            ic = g.v(f"add {VL} {i64}, splat (i64 {ch})") if ch else i64
            vals[ch] = _igather(g, data, ic, ok)
        for d, ch in zip(op.dsts, k.sel):
            g.store(d, vals[ch], m)

    def emit_buffer(self, g, op, m: str, x: str) -> None:
        """ld from a typed buffer: element ``x`` of the decoded view, 0 outside it."""
        k = self.key
        n = SampleEmitter._iv(self, g, "elements")
        ok = g.v(f"icmp ult {VI} {x}, {n}")  # 0 <= x < num_elements
        i64 = g.v(f"shl {VL} {g.v(f'zext {VI} {x} to {VL}')}, splat (i64 2)")
        data = g.arg(self.p + "data")
        vals = {}
        for ch in sorted(set(k.sel)):
            ic = g.v(f"add {VL} {i64}, splat (i64 {ch})") if ch else i64
            vals[ch] = _igather(g, data, ic, ok)
        for d, ch in zip(op.dsts, k.sel):
            g.store(d, vals[ch], m)


@dataclass(frozen=True)
class GatherKey:
    """Compile-time facts of one gather4* on a 2D (array) texture."""

    op: int
    arrayed: bool
    comp: int  # texel component gathered (the sampler operand's .select; 0 for comparisons)
    modes: tuple
    offsets: tuple  # immediate (u, v) offsets (gather4 / gather4_c)
    programmable: bool  # gather4_po*: offsets from the second source, 6-bit signed
    cmp: int | None
    ref_unorm: int
    sel: tuple
    cube: bool = False
    int_kind: str = ""  # cube maps of integer formats: 'u' (uint32 texels) or 's' (int32): the missing-corner rule


class GatherEmitter:
    """gather4 / gather4_c / gather4_po / gather4_po_c (sampler.TextureSampler._gather, 2D kinds): the 2x2
    bilinear footprint of mip 0 in the order (x0,y1), (x1,y1), (x1,y0), (x0,y0), unfiltered, each tap
    compared against the reference value for the _c forms."""

    def __init__(self, key: GatherKey, ident: int) -> None:
        self.key = key
        self.p = f"tx{ident}_"

    def emit(self, g, op, m: str) -> None:
        k = self.key
        if not k.sel:
            return
        if k.cube:
            self.emit_cube(g, op, m)
            return
        se = SampleEmitter.__new__(SampleEmitter)  # reuse its range reduction / snap / addressing
        se.key, se.p = k, self.p
        a = [g.asf(g.src(op.srcs[0][i])) for i in range(3 if k.arrayed else 2)]
        c = [se.reduce_range(g, a[i], k.modes[i]) for i in range(2)]
        layer = se.array_index(g, a[2]) if k.arrayed else None
        ref = quantize_ref(g, g.asf(g.src(op.srcs[-1][0])), k.ref_unorm) if k.cmp is not None else None
        w, h = se._iv(g, "gw"), se._iv(g, "gh")
        if k.programmable:
            offs = []
            for i in range(2):
                po = g.src(op.srcs[1][i])  # read like every sample source (float modifiers: sampler._gather)
                po = g.v(f"and {VI} {po}, {_is(63)}")
                po = g.v(f"xor {VI} {po}, {_is(32)}")
                offs.append(g.v(f"sub {VI} {po}, {_is(32)}"))
        else:
            offs = [_is(k.offsets[0]), _is(k.offsets[1])]
        ax, ay = [], []
        for i, (n, out) in enumerate(((w, ax), (h, ay))):
            sc = g.v(f"fmul {VF} {c[i]}, {g.v(f'sitofp {VI} {n} to {VF}')}")
            sc = g.v(f"fsub {VF} {sc}, {_fs(0.5)}")
            t0, _ = se.snap(g, sc)
            t0 = g.v(f"add {VI} {t0}, {offs[i]}")
            out.append(se.address(g, t0, n, k.modes[i]))
            out.append(se.address(g, g.v(f"add {VI} {t0}, {_is(1)}"), n, k.modes[i]))
        row0 = "zeroinitializer"
        if layer is not None:
            row0 = g.v(f"mul {VI} {layer}, {g.v(f'mul {VI} {w}, {h}')}")
        taps = []
        for i, j in ((0, 1), (1, 1), (1, 0), (0, 0)):
            (xi, bx), (yj, by) = ax[i], ay[j]
            idx = g.v(f"add {VI} {row0}, {g.v(f'mul {VI} {yj}, {w}')}")
            idx = g.v(f"add {VI} {idx}, {xi}")
            v = se._gather(g, idx, k.comp)
            bm = _or(g, bx, by)
            if bm is not None:
                v = se._sel(g, bm, se._fv(g, "border"), v)
            if ref is not None:
                v = compare(g, k.cmp, ref, v)
            taps.append(v)
        for d, ch in zip(op.dsts, k.sel):
            g.store(d, g.asi(taps[ch]), m)


    def emit_cube(self, g, op, m: str) -> None:
        """sampler._gather on cube maps: the footprint's taps rolled over face edges (CubeEmitter.seam); a
        corner's missing tap is the average of the other three (float-class formats)."""
        k = self.key
        ce = CubeEmitter.__new__(CubeEmitter)
        ce.key, ce.p, ce.channels = k, self.p, [k.comp]
        a = [g.asf(g.src(op.srcs[0][i])) for i in range(4 if k.arrayed else 3)]
        c, layer = ce.coords(g, a)
        ref = quantize_ref(g, g.asf(g.src(op.srcs[-1][0])), k.ref_unorm) if k.cmp is not None else None
        n = ce._iv(g, "gw")
        nf = g.v(f"sitofp {VI} {n} to {VF}")
        x0, _ = ce.snap(g, g.v(f"fsub {VF} {g.v(f'fmul {VF} {c[0]}, {nf}')}, {_fs(0.5)}"))
        y0, _ = ce.snap(g, g.v(f"fsub {VF} {g.v(f'fmul {VF} {c[1]}, {nf}')}, {_fs(0.5)}"))
        x1 = g.v(f"add {VI} {x0}, {_is(1)}")
        y1 = g.v(f"add {VI} {y0}, {_is(1)}")
        lay = layer if layer is not None else "zeroinitializer"
        nn = g.v(f"mul {VI} {n}, {n}")
        vals, missing = [], []
        for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            x = ce._imin(g, ce._imax(g, x, _is(-1)), n)
            y = ce._imin(g, ce._imax(g, y, _is(-1)), n)
            f2, xx, yy, ok = ce.seam(g, x, y, n, nf)
            fl = g.v(f"add {VI} {g.v(f'mul {VI} {lay}, {_is(6)}')}, {f2}")
            idx = g.v(f"add {VI} {g.v(f'mul {VI} {fl}, {nn}')}, {g.v(f'mul {VI} {yy}, {n}')}")
            idx = g.v(f"add {VI} {idx}, {xx}")
            v = ce._gather(g, idx, k.comp)
            if ref is not None:
                v = compare(g, k.cmp, ref, v)
            vals.append(v)
            missing.append(g.v(f"xor {VB} {ok}, splat (i1 true)"))
        acc = None
        for v, ms in zip(vals, missing):
            x = ce._sel(g, ms, "zeroinitializer", v)
            acc = x if acc is None else g.v(f"fadd {VF} {acc}, {x}")
        if k.int_kind:
            avg = self._int_average(g, vals, missing, k.int_kind == "s")
        else:
            avg = g.v(f"fmul {VF} {acc}, {_fs(1.0 / 3.0)}")
        vals = [ce._sel(g, ms, avg, v) for v, ms in zip(vals, missing)]
        taps = [vals[2], vals[3], vals[1], vals[0]]
        for d, ch in zip(op.dsts, k.sel):
            g.store(d, g.asi(taps[ch]), m)


    @staticmethod
    def _int_average(g, vals: list, missing: list, signed: bool) -> str:
        """A missing cube corner of an integer format (sampler._gather): the other three texels converted to
        float32 (uint32 / int32 values), summed in tap order, times float32(1/3), converted back as numpy's
        astype does on x86-64: a 64-bit truncation keeping the low 32 bits (uint32: three 0xFFFFFFFF average to
        2^32 + 128 in float32, i.e. 128). An int32 average leaves the int32 range only at 2^31 (three
        0x7FFFFFFF), where numpy's 32-bit conversion gives 0x80000000 as the low bits do. Returns the texel bits
        as a float vector like the gathered taps."""
        acc = None
        for v, ms in zip(vals, missing):
            iv = g.v(f"bitcast {VF} {v} to {VI}")
            fv = g.v(f"{'sitofp' if signed else 'uitofp'} {VI} {iv} to {VF}")
            x = g.v(f"select {VB} {ms}, {VF} zeroinitializer, {VF} {fv}")
            acc = x if acc is None else g.v(f"fadd {VF} {acc}, {x}")
        avg = g.v(f"fmul {VF} {acc}, {_fs(1.0 / 3.0)}")
        wide = g.v(f"fptosi {VF} {avg} to {VL}")
        out = g.v(f"trunc {VL} {wide} to {VI}")
        return g.v(f"bitcast {VI} {out} to {VF}")


@dataclass(frozen=True)
class ResinfoKey:
    sel: tuple


class ResinfoEmitter:
    """resinfo on an SRV: a per-view table (one row per mip, one for out-of-range mips) made at bind time
    by :func:`resinfo_table` (memory.py _resinfo's rule); the kernel selects the row by the mip operand."""

    def __init__(self, key: ResinfoKey, ident: int) -> None:
        self.key = key
        self.p = f"tx{ident}_"

    def emit(self, g, op, m: str) -> None:
        k = self.key
        if not k.sel:
            return
        mip = g.src(_bits_src(op.srcs[0][0]))
        levels = SampleEmitter._iv(self, g, "levels")
        ok = g.v(f"icmp ult {VI} {mip}, {levels}")  # the mip operand is unsigned
        row = SampleEmitter._sel(g, ok, mip, levels, VI)
        row = g.v(f"shl {VI} {row}, {_is(2)}")
        tab = g.arg(self.p + "tab")
        for d, ch in zip(op.dsts, k.sel):
            ix = g.v(f"sext {VI} {g.v(f'add {VI} {row}, {_is(ch)}')} to {VL}")
            g.store(d, g.gather(tab, ix, "splat (i1 true)"), m)


def resinfo_table(view, rt: int) -> np.ndarray:
    """(levels + 1, 4) uint32 resinfo results of an SRV for mips 0 .. levels-1 and any larger mip (last
    row), per return type (D3D11.3 §22.4.12: float, rcpfloat, uint)."""
    if view is None:
        levels, rows = 0, np.zeros((1, 4), np.int64)
    else:
        levels = view.mip_count
        dims = resinfo_dims(view, view.first_mip + np.arange(levels, dtype=np.int64))
        rows = np.zeros((levels + 1, 4), np.int64)
        for i in range(3):
            rows[:levels, i] = dims[i]
    rows[:, 3] = levels
    if rt == ir.ResInfoReturnType.UINT:
        return np.ascontiguousarray(rows.astype(np.uint32))
    f = rows.astype(F32)
    if rt == ir.ResInfoReturnType.RCPFLOAT:
        with np.errstate(divide="ignore"):
            f[:, :3] = F32(1.0) / f[:, :3]
    return np.ascontiguousarray(f).view(np.uint32)


def _ld_support(sampler, t, bindings, ident: int):
    if t.inst is not None and any(o.type == ir.OperandType.UNORDERED_ACCESS_VIEW for o in t.inst.operands):
        return "ld on a UAV is not compiled"
    if bindings is None:
        return "no bindings"
    view = bindings.srvs[t.t] if t.t < len(bindings.srvs) else None
    if view is None:
        return "unbound SRV"
    if view.dimension in (SRV_BUFFER, SRV_BUFFEREX):
        return _ld_buffer_support(t, view, ident)
    if view.dimension in (SRV_2DMS, SRV_2DMSARRAY):  # plain ld on a multisample view: sample 0 (texel_ms)
        from .texel_ms import ld_plain_ms_support

        return ld_plain_ms_support(t, view, ident)
    if view.dimension not in (SRV_1D, SRV_1DARRAY, SRV_2D, SRV_2DARRAY, SRV_3D, SRV_CUBE, SRV_CUBEARRAY) or \
            view.storage.sample_count > 1:
        return "ld: view dimension not compiled"
    # block-compressed (BC1-BC7) and 2x1 subsampled views need nothing of their own: texture_data decodes each
    # subresource to its logical width x height (the blocks' padding texels dropped), the texels the reference's
    # _block_texels picks out of the addressed block, and ld's bounds are those logical sizes in both (§19.5)
    tex = texture_data(view)
    if tex.data.shape[1] >= 2 ** 29:
        return "texture larger than 2^29 texels"
    mipinfo = _mipinfo(tex)
    data = tex.interleaved()
    p = f"tx{ident}_"
    vals = {"mips": tex.mips, "layers": tex.layers}

    def bind(A) -> None:
        A.ptr(p + "data", data)
        A.ptr(p + "mip", mipinfo)
        for name, v in vals.items():
            A.set(p + name, v)

    # immediate offsets apply to the texel axes only, never to the array axis (memory.offset_axes)
    offs = tuple(int(o) * int(a) for o, a in zip(t.offsets, offset_axes(view)[:3, 0]))
    # a cube view is read as the 2D array of its faces (memory._texel_offsets' definition of ld on cubes): its
    # decoded layers are those faces in order, (layer, y, x) as a 2D array's
    cube = tex.kind == "cube"
    return LdKey("2d" if cube else tex.kind, tex.arrayed or cube, offs, tuple(t.sel)), bind


def _ld_buffer_support(t, view, ident: int):
    """ld from a typed buffer SRV: its elements decoded once per storage version (texture_cache)."""
    from pyd3d11.formats.table import bytes_per_element

    if view.raw or view.structured:
        return "ld on a raw / structured buffer view"
    bpe = view.element_size or bytes_per_element(view.format)
    end = (view.first_element + view.num_elements) * bpe
    if bpe <= 0 or end > view.storage.data.size or view.num_elements >= 2 ** 29:
        return "ld: buffer view past its storage"
    words = buffer_texels(view, bpe)
    data = words if words.size else np.zeros((1, 4), np.uint32)
    p = f"tx{ident}_"
    n = view.num_elements

    def bind(A) -> None:
        A.ptr(p + "data", data)
        A.set(p + "elements", n)

    return LdKey("buffer", False, tuple(t.offsets), tuple(t.sel)), bind


def _resinfo_support(sampler, t, bindings, ident: int):
    if t.inst is None or any(o.type == ir.OperandType.UNORDERED_ACCESS_VIEW for o in t.inst.operands):
        return "resinfo on a UAV is not compiled"
    view = bindings.srvs[t.t] if bindings is not None and t.t < len(bindings.srvs) else None
    tab = resinfo_table(view, t.inst.return_type_control)
    levels = tab.shape[0] - 1
    p = f"tx{ident}_"

    def bind(A) -> None:
        A.ptr(p + "tab", tab)
        A.set(p + "levels", levels)

    return ResinfoKey(tuple(t.sel)), bind


def _gather_support(sampler, t, bindings, ident: int):
    from ..sampler import sampler_params

    if t.s is None or t.inst is None:
        return "no sampler operand"
    view = bindings.srvs[t.t] if bindings is not None and t.t < len(bindings.srvs) else None
    if view is not None and view.dimension in (SRV_CUBE, SRV_CUBEARRAY):
        tex = texture_data(view)
        if not tex.fmt_float_class and tex.data.dtype not in (np.uint32, np.int32):
            return "gather on an integer cube map of texels other than 32-bit words is not compiled"
    else:
        view = _view_2d(t, bindings)
        if isinstance(view, str):
            return view
    tex = texture_data(view)
    res_min = max(float(view.min_lod), float(view.storage.min_lod)) - view.first_mip
    if res_min > tex.mips - 1 or (res_min > 0 and np.floor(res_min) > 0):
        return "resource min-LOD clamp past mip 0 (defaults)"
    if tex.data.shape[1] >= 2 ** 29 or tex.data.dtype.itemsize != 4:
        return "texture larger than 2^29 texels"
    desc = bindings.samplers[t.s] if t.s < len(bindings.samplers) else None
    prm = sampler_params(desc, tex)
    smp = next(o for o in t.inst.operands[1:] if o.type == ir.OperandType.SAMPLER)
    comp = smp.swizzle[0] if smp.selection == ir.SelectionMode.SELECT_1 else 0
    cmp, ref_unorm = None, 0
    if t.opcode in (Op.GATHER4_C, Op.GATHER4_PO_C):
        cmp, comp = prm.func, 0
        ref_unorm, why = _comparison(tex, cmp)
        if why is not None:
            return why
    border = np.ascontiguousarray(prm.border).view(np.uint32)
    cube = tex.kind == "cube"
    key = GatherKey(int(t.opcode), tex.arrayed, int(comp), tuple(prm.modes[:2]), tuple(t.offsets[:2]),
                    t.opcode in (Op.GATHER4_PO, Op.GATHER4_PO_C), cmp, ref_unorm, tuple(t.sel), cube,
                    ("s" if tex.data.dtype == np.int32 else "u") if cube and not tex.fmt_float_class and cmp is None
                    else "")
    data = tex.interleaved()
    p = f"tx{ident}_"
    vals = {"gw": int(tex.w[0]), "gh": int(tex.h[0]), "lastlayer": max((tex.layers // 6 if cube else tex.layers) - 1, 0),
            "border": int(border[comp])}

    def bind(A) -> None:
        A.ptr(p + "data", data)
        for name, v in vals.items():
            A.set(p + name, v)

    return key, bind


