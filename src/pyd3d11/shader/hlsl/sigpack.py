"""Signature register packing as fxc does it (inter-stage varyings of SM4/SM5 shaders).

Rules (established on every signature table of the fxc listings in the conformance corpus, and
consistent with vkd3d-shader's account of fxc's allocator):

- Elements are placed one at a time in declaration order; a placement never moves earlier ones.
- An element of n components goes to the register with the MOST free components that can hold it
  (ties: the lowest register), taking the lowest free components; only when no existing register
  fits does it open a new one. (So ``float3 a; float2 b; float4 c; float d`` puts ``d`` at b's
  register ``.z``, not at a's ``.w`` -- RenderCascadeScene_VS.)
- A register holds elements of one packing class only: the interpolation mode (PS inputs and the
  matching outputs) and whether the element is a system value.
- Array elements, the vectors of a matrix and the first field of a struct start a fresh register.
- Vertex-shader inputs are never packed (one register per element); pixel-shader SV_Target n sits in
  register n; depth / coverage / stencil-ref outputs have no register (0xFFFFFFFF).
- Signature elements are listed by register, then by first component.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: register index of elements that live in no numbered register (oDepth, oMask, ...)
NO_REGISTER = 0xFFFFFFFF


@dataclass
class SigPacker:
    """Online allocator for one signature. ``pack=False`` gives one register per element."""

    pack: bool = True
    #: per register: (packing class, number of components taken from x upwards)
    regs: list[list] = field(default_factory=list)

    def place(self, ncomps: int, kind: object = "", align: bool = False,
              closed: frozenset[int] = frozenset()) -> tuple[int, int]:
        """Register and first component for an element of ``ncomps`` (1-4) components (never in a ``closed``
        register)."""
        if not 1 <= ncomps <= 4:
            raise ValueError(f"signature element of {ncomps} components")
        if self.pack and not align:
            best = -1
            for i, (k, used) in enumerate(self.regs):
                if i in closed:
                    continue
                if k == kind and used and 4 - used >= ncomps and (best < 0 or used < self.regs[best][1]):
                    best = i
            if best >= 0:
                start = self.regs[best][1]
                self.regs[best][1] += ncomps
                return best, start
        self.regs.append([kind, ncomps])
        return len(self.regs) - 1, 0

    def reserve(self, reg: int, ncomps: int, kind: object = "") -> None:
        """Mark ``reg`` as taken (fixed registers such as SV_Target n)."""
        while len(self.regs) <= reg:
            self.regs.append([None, 4])  # holes before a fixed register are not reused
        self.regs[reg] = [kind, 4]


def pack_signature(elems: list[tuple[int, object, bool]], pack: bool = True) -> list[tuple[int, int]]:
    """(register, first component) for each ``(ncomps, kind, align)`` element, in order."""
    p = SigPacker(pack)
    return [p.place(n, k, a) for n, k, a in elems]


def comp_mask(start: int, ncomps: int) -> int:
    return ((1 << ncomps) - 1) << start


def mask_text(mask: int) -> str:
    return "".join(c for i, c in enumerate("xyzw") if mask >> i & 1)


def signature_order(elems: list) -> list:
    """Elements sorted as fxc lists them: by GS stream, then register, then first component (stable)."""
    def key(e) -> tuple[int, int, int]:
        m = e.mask & 0xF
        first = (m & -m).bit_length() - 1 if m else 0
        return (getattr(e, "stream", 0), e.reg, first)

    return sorted(elems, key=key)


# --- codegen side -----------------------------------------------------------------------------------

#: marker placed in an element's modifier set by ``Codegen.elem_list``: the element starts a register
ALIGN = "$align"
#: marker of an element that is a row of a row_major matrix (its layout differs from a plain vector's)
ROW_VECTOR = "$rowvec"
#: system values fxc always starts in a fresh register (tessellation factors: one per register .x)
_ALWAYS_ALIGNED = frozenset({"SV_TESSFACTOR"})
#: the TessFactors' D3D_NAMEs (quad edge / inside, tri edge / inside, isoline detail / density): a register holding
#: one takes no inside factor
_TESS_FACTORS = frozenset(range(11, 17))
#: pixel-shader inputs the rasterizer generates itself: packed only among themselves (FxDis test_PS:
#: SV_SampleIndex / SV_IsFrontFace open their own register beside rtindex / vpindex / primitive id)
_PS_GENERATED = frozenset({"SV_SAMPLEINDEX", "SV_ISFRONTFACE"})


def packing_class(stage: str, up: str, interp: str) -> str:
    """Elements share a register only within one class (the interpolation mode, see module doc). Clip and cull
    distances share registers only with each other: fxc 10.1's objects of DXDecompiler's corpus (Clipping_VS:
    ``float ClipD : SV_ClipDistance`` after a float2 TEXCOORD1 opens register 3 instead of taking its .z;
    signatures_vs: SV_ClipDistance and SV_CullDistance together in register 1 .x/.y, the next TEXCOORD in
    register 2; signatures_ps_0/1/2: the SV_ClipDistance input alone in its register); DXC's signature packer
    keeps them apart likewise (DxilSignatureAllocator's clip/cull element kind)."""
    if stage == "ps" and up in _PS_GENERATED:
        return "generated"
    if up.startswith(("SV_CLIPDISTANCE", "SV_CULLDISTANCE")):
        return "clipcull:" + interp
    return interp


def place_element(cg: CodegenContext, sig: list, ncomps: int, up: str, interp: str, mods: frozenset,
                  pack: bool = True) -> tuple[int, int]:
    """Register and first component of a new element of signature ``sig`` (a list kept by the
    code generator: inputs, outputs or patch constants), packing it after the elements already there."""
    packers = cg.sig_packers
    if cg.d3d9 is not None:  # D3D9 semantics name whole registers (dcl_texcoord1 v1): one per element
        pack = False
    p = packers.get(id(sig))
    if p is None or p[0] is not sig:
        p = packers[id(sig)] = (sig, SigPacker(pack))
    align = ALIGN in mods or up in _ALWAYS_ALIGNED
    if sig is not cg.tess.pc_outputs:
        return p[1].place(ncomps, packing_class(cg.stage, up, interp), align)
    # patch constants are not interpolated: every element shares one class, whatever its type or modifier
    # (d3dcompiler_47 10.1, session 48: after SV_TessFactor[3] / SV_InsideTessFactor in r0-r3 .x, a float2 TEXCOORD2
    # takes r0.yz, a uint TEXCOORD1 r1.y, a float3 r2.yzw, an int r3.y -- an int2 or a nointerpolation float2
    # r0.yz too -- the same registers in the hull shader's outputs and the domain shader's inputs). An edge factor
    # opens a register of its own (each element of its array); the tri domain's scalar SV_InsideTessFactor packs as
    # any element but into no register a factor holds (``float2 g; float i`` puts i in r0.z, ``float3 k; float2 g;
    # float i`` in r1.z, ``float e[3]; float2 g; float i`` in r3.x, not beside e[0] and g in r0.w; a quad's scalar
    # i1 not beside i0)
    closed = frozenset(e.reg for e in sig if e.sv in _TESS_FACTORS) if up == "SV_INSIDETESSFACTOR" else frozenset()
    return p[1].place(ncomps, "patch constant", align, closed)


_DECL_REG = re.compile(r"(?:\b(?:v|o|vpc)(\d+)|\]\[(\d+)\])\.([xyzw]+)")


@functools.lru_cache(maxsize=1 << 16)
def _decl_key(text: str) -> tuple[int, int] | None:
    # (cached: add_decl compares a new declaration with every earlier one -- a 4,097-element input array's
    # declarations are 8 million comparisons)
    m = _DECL_REG.search(text)
    if m is None:
        return None
    return int(m.group(1) or m.group(2)), "xyzw".index(m.group(3)[0])


def add_decl(decls: list[str], text: str) -> None:
    """Insert an input/output declaration in fxc's order: by register, then first component
    (declarations without a numbered register keep their place)."""
    if text in decls:
        return
    key = _decl_key(text)
    if key is not None:
        for i, d in enumerate(decls):
            k = _decl_key(d)
            if k is not None and k > key:
                decls.insert(i, text)
                return
    decls.append(text)
