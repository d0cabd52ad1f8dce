"""The sampler registers of the translation and shader model 3's texldl (translate.py's _Translator mixes this in).

A D3D9 sampler is one texture with one sampler state: each (t#, s#) pair a program samples gets its own s# (the
Aon9 sampler mapping names both sources); a texture's first pair keeps its number, a further pair takes the
lowest number no declared texture and no other pair uses. ``texldl`` ("texldl - ps", "texldl - vs": shader
model 3, pixel and vertex shaders) samples at the level of detail in the coordinate's w: SampleLevel /
tex*lod at the D3D9 vs_3_0 / ps_3_0 targets (Level9Profile.texldl).
"""

from __future__ import annotations

from .. import ir
from ..hlsl.diagnostics import HlslError
from .base import _COORDS, SamplerMapping
from .program import Dst, Inst, Src
from .tokens import Reg


class Sm3Sampling:
    """Needs the translator's ``samplers``, ``resources``, ``one_d``, ``prof``, ``file``, ``body``, ``src``, ``tmp``,
    ``emit``, ``dst``, ``cscalar`` and ``_set_masks``."""

    def sampler_for(self, res: ir.Operand, smp: ir.Operand) -> int:
        """The D3D9 sampler register of the (texture, sampler) pair, assigned on first use."""
        pair = (res.register, smp.register)
        if pair not in self.samplers:
            taken = {m.target for m in self.samplers.values()}
            target = res.register
            if target in taken:
                target = next(k for k in range(64) if k not in taken and k not in self.resources)
            if target >= self.prof.samplers:
                raise HlslError(self.file, 1, 1, 4510, f"{self.prof.target}: texture t{res.register} with sampler "
                                f"s{smp.register} needs sampler s{target}, beyond the {self.prof.samplers} samplers")
            self.samplers[pair] = SamplerMapping(res.register, smp.register, target, self.resources[res.register])
        return self.samplers[pair].target

    def texldl(self, inst: ir.Instruction) -> None:
        """sample_l -> ``texldl dst, coord, s#`` with the level of detail in the coordinate's w."""
        if any(inst.texel_offset):
            raise HlslError(self.file, 1, 1, 4532, f"{self.prof.target}: texel offsets have no shader model 3 "
                            "equivalent")
        d0, coord, res, smp, lod = inst.operands[:5]
        self.unsupported_texture(res)
        # a Texture1D is a 2D texture of one row (tex1Dlod: sampler1D, D3DXPT_SAMPLER1D): u, v = 0.5, as texld's
        one_d = res.register in self.one_d
        target = self.sampler_for(res, smp)
        ncoord = 1 if one_d else _COORDS[self.resources[res.register]]
        c = self.src(coord, lanes=tuple(range(ncoord)))
        e = self.src(lod, lanes=(0,))
        t = self.tmp()
        whole = (*c.swizzle[:ncoord], *(c.swizzle[ncoord - 1],) * (4 - ncoord))
        self.emit("mov", Dst(Reg.TEMP, t), [Src(c.reg, c.num, whole, c.mod, c.rel)])
        self.emit("mov", Dst(Reg.TEMP, t, 0x8), [Src(e.reg, e.num, (e.swizzle[0],) * 4, e.mod, e.rel)])
        if one_d:  # v = 0.5: the row's centre
            self.emit("mov", Dst(Reg.TEMP, t, 0x2), [self.cscalar(0x3F000000)])
        r = Dst(Reg.TEMP, self.tmp())
        self.body.append(Inst("texldl", r, [Src(Reg.TEMP, t), Src(Reg.SAMPLER, target)]))
        self.emit("mov", self.dst(d0, inst.saturate), [Src(Reg.TEMP, r.num, res.components())])
        self._set_masks(d0, False)
        if res.register in self.int_resources and d0.type == ir.OperandType.TEMP:  # (translate._sample)
            self.intf.update((d0.register, ln) for ln in range(4) if d0.mask >> ln & 1)
