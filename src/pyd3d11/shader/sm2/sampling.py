"""The sampler registers of the translation, texld / texldb / texldd of the sample instructions and shader model 3's
texldl (translate.py's _Translator mixes this in).

A D3D9 sampler is one texture with one sampler state: each (t#, s#) pair a program samples gets its own s# (the
Aon9 sampler mapping names both sources); a texture's first pair keeps its number, a further pair takes the
lowest number no declared texture and no other pair uses. ``texldl`` ("texldl - ps", "texldl - vs": shader
model 3, pixel and vertex shaders) samples at the level of detail in the coordinate's w: SampleLevel /
tex*lod at the D3D9 vs_3_0 / ps_3_0 targets (Level9Profile.texldl).
"""

from __future__ import annotations

from .. import ir
from ..hlsl.diagnostics import HlslError
from .base import _COORDS, ZERO, O, SamplerMapping, T
from .program import IDENTITY, Dst, Inst, Src
from .tokens import TEXLD_BIAS, TEXTURE, Reg, SamplerType


class Sm3Sampling:
    """Needs the translator's ``samplers``, ``resources``, ``one_d``, ``prof``, ``file``, ``body``, ``src``, ``tmp``,
    ``emit``, ``dst``, ``cscalar``, ``_set_masks``, ``kind``, ``written``, ``unsupported_textures``, ``int_resources``,
    ``intf`` and ``_gated``."""

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

    def _coordinate_lanes(self, inst: ir.Instruction, lanes: tuple[int, ...]) -> tuple[int, ...]:
        """The lanes of a temporary read in place as a texld coordinate that must have been written: a plain
        texld reads only its texture's coordinates at the D3D9 targets (Level9Profile.coords_by_dimension);
        texldd and the level-9 programs read all four."""
        return lanes if self.prof.coords_by_dimension and inst.opcode == O.SAMPLE else (0, 1, 2, 3)

    def unsupported_texture(self, res: ir.Operand) -> None:
        """X4545 for a sample of a texture type the target has no sampler type for (DCL_RESOURCE above)."""
        if res.register in self.unsupported_textures:
            raise HlslError(self.file, 1, 1, 4545, f"Unsupported texture type for {self.prof.target}")

    def _sample(self, inst: ir.Instruction) -> None:
        if self.kind != "ps":
            raise HlslError(self.file, 1, 1, 4532, f"{self.prof.target}: texture sampling is not available in a "
                            "feature level 9_x vertex shader")
        if any(inst.texel_offset):
            raise HlslError(self.file, 1, 1, 4532, f"{self.prof.target}: texel offsets have no shader model 2 "
                            "equivalent")
        d0, coord, res, smp = inst.operands[:4]
        self.unsupported_texture(res)
        stype = self.resources[res.register]
        target = self.sampler_for(res, smp)
        one_d = res.register in self.one_d
        ncoord = 1 if one_d else _COORDS[stype]
        lanes = tuple(range(ncoord))
        c = self.src(coord, lanes=lanes)
        t = self.tmp()
        controls = 0
        # texld reads all four coordinate components: a copy repeats the last coordinate into the rest
        whole = (*c.swizzle[:ncoord], *(c.swizzle[ncoord - 1],) * (4 - ncoord))
        extra = None
        if inst.opcode == O.SAMPLE_B:  # texldb takes the bias from the coordinate's w
            extra, controls = (inst.operands[4], 0x8), TEXLD_BIAS
        elif inst.opcode in (O.SAMPLE_C, O.SAMPLE_C_LZ):  # 9_x shadow maps: the reference in the coordinate's z
            if stype != SamplerType.TEX_2D:
                raise HlslError(self.file, 1, 1, 4532, f"{self.prof.target}: comparison sampling needs a Texture2D")
            extra = (inst.operands[4], 0x4)
        if extra is not None:
            e = self.src(extra[0], lanes=(0,))
            self.emit("mov", Dst(Reg.TEMP, t), [Src(c.reg, c.num, whole, c.mod, c.rel)])
            self.emit("mov", Dst(Reg.TEMP, t, extra[1]), [Src(e.reg, e.num, (e.swizzle[0],) * 4, e.mod)])
            c = Src(Reg.TEMP, t)
        elif one_d:
            self.emit("mov", Dst(Reg.TEMP, t), [Src(c.reg, c.num, whole, c.mod, c.rel)])
            c = Src(Reg.TEMP, t)
        elif c.reg == TEXTURE and c.mod == 0 and all(c.swizzle[ln] == ln for ln in lanes):
            c = Src(c.reg, c.num)
        elif c.reg == Reg.TEMP and c.mod == 0 and all(c.swizzle[ln] == ln for ln in lanes) and all(
                (Reg.TEMP, c.num, ln) in self.written for ln in self._coordinate_lanes(inst, lanes)):
            c = Src(c.reg, c.num)
        else:
            self.emit("mov", Dst(Reg.TEMP, t), [Src(c.reg, c.num, whole, c.mod, c.rel)])
            c = Src(Reg.TEMP, t)
        if one_d:  # v = 0.5: the row's centre
            self.emit("mov", Dst(Reg.TEMP, t, 0x2), [self.cscalar(0x3F000000)])
        direct = not self._gated() and d0.type == T.TEMP and d0.mask == 0xF and res.components() == IDENTITY and not inst.saturate
        r = Dst(Reg.TEMP, d0.register) if direct else Dst(Reg.TEMP, self.tmp())
        if inst.opcode == O.SAMPLE_D:  # texldd dst, coordinate, sampler, ddx, ddy (ps_2_x gradients)
            grads = []
            for g_op in inst.operands[4:6]:
                g = self.src(g_op, lanes=lanes)
                gt = self.tmp()
                self.emit("mov", Dst(Reg.TEMP, gt), [Src(g.reg, g.num, (*g.swizzle[:ncoord], *(g.swizzle[ncoord - 1],)
                                                                           * (4 - ncoord)), g.mod, g.rel)])
                if one_d:  # the row does not vary with v
                    self.emit("mov", Dst(Reg.TEMP, gt, 0x2), [self.cscalar(ZERO)])
                grads.append(Src(Reg.TEMP, gt))
            self.body.append(Inst("texldd", r, [c, Src(Reg.SAMPLER, target), *grads]))
        else:
            self.body.append(Inst("texld", r, [c, Src(Reg.SAMPLER, target)], controls))
        if not direct:
            self.emit("mov", self.dst(d0, inst.saturate), [Src(Reg.TEMP, r.num, res.components())])
        self._set_masks(d0, False)
        if res.register in self.int_resources and d0.type == T.TEMP:
            self.intf.update((d0.register, ln) for ln in range(4) if d0.mask >> ln & 1)
