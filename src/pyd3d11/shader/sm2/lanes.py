"""Which components of each source a shader-model-2/3 instruction reads: one definition for the translator's
swizzle legalisation (translate.py), dead-code removal and value splitting (optimize.py) and the peephole passes'
liveness (peephole.py, and propagate.py through it).

A *lane* is a position of the source's swizzle: lane k reads component ``swizzle[k]``. Each rule comes from the
instruction's page of the D3D9 "Asm Shader Reference" (MicrosoftDocs direct3dhlsl, ``<op>---ps`` / ``---vs``):

- component-wise instructions (add, mov, mul, mad, min, max, slt, sge, cmp, cnd, lrp, abs, frc, mova, dsx, dsy,
  setp, sgn) compute destination lane k from lane k of every source: the lanes read are the write mask's;
- dp3 reads .xyz, dp4 .xyzw, dp2add ``src0.r * src1.r + src0.g * src1.g + src2.replicate_swizzle``;
- rcp, rsq, exp, log, expp, logp and both sources of pow take a scalar "with an explicit replicate swizzle" (rcp -
  vs: "if the source has no subscripts, the x-component is used"): lane 0;
- sincos: src0 "the required replicate swizzle" (lane 0); the shader-model-2 form's src1 and src2 are the
  D3DSINCOSCONST1/2 constant registers, read whole;
- nrm: every destination lane reads .xyz (the length), lane w also .w; crs: dest.x = src0.y * src1.z - src0.z *
  src1.y, and so on (each lane the other two of .xyz); lit: dest.y from src.x, dest.z from .x, .y and .w (dest.x
  and dest.w are constants); dst: dest.y = src0.y * src1.y, dest.z = src0.z, dest.w = src1.w;
- m4x4 / m4x3 read the vector's .xyzw, m3x4 / m3x3 / m3x2 its .xyz (and the matrix rows alike);
- texld (with texldp / texldb: the project's ``texld`` with controls), texldl and texldd: "the number of
  coordinates required ... depends on how src1 was declared, plus the .w component" (texldp divides by .w, texldb
  biases by .w, texldl takes the level from .w; texldd's gradients likewise follow the sampler's dimension): the
  sampler's dimension is not known here, so every lane;
- texkill: its operand (a destination-parameter token) — the docs name the first three components, while fxc's
  own ps_3_0 code writes all four before ``texkill`` (DXDecompiler's HlslCrossCompiler/ps3/discard.asm) and Wine's
  d3d9 compares all four from ps_2_0 on: every lane, which is right under either reading;
- if_comp, break_comp: replicate swizzles (lane 0); ``if b#`` / ``callnz``: lane 0; rep i#: .x; loop aL, i#:
  .xyz of i#.

Reading more lanes than the instruction does is safe for every user (a value kept alive, a swizzle constrained);
reading fewer is not.
"""

from __future__ import annotations

import functools

X, XY, XYZ, ALL = (0,), (0, 1), (0, 1, 2), (0, 1, 2, 3)

#: a source rule: for each destination lane k (x, y, z, w), the source lanes read to compute it
Rule = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
PER_LANE: Rule = ((0,), (1,), (2,), (3,))


def mask_lanes(mask: int) -> tuple[int, ...]:
    """The lanes a write mask names, x to w ("Destination Parameter Token": bits 16..19 of the token, here 0..3)."""
    return tuple(k for k in range(4) if mask >> k & 1)


def _whole(lanes: tuple[int, ...]) -> Rule:
    """A source read the same whatever lane is written."""
    return (lanes, lanes, lanes, lanes)


#: instruction -> the rule of each source (sources past the tuple take its last rule); instructions not listed
#: are component-wise (PER_LANE)
READS: dict[str, tuple[Rule, ...]] = {
    "dp3": (_whole(XYZ),),
    "dp4": (_whole(ALL),),
    "dp2add": (_whole(XY), _whole(XY), _whole(X)),
    "rcp": (_whole(X),), "rsq": (_whole(X),), "exp": (_whole(X),), "log": (_whole(X),),
    "expp": (_whole(X),), "logp": (_whole(X),), "pow": (_whole(X),),
    "sincos": (_whole(X), _whole(ALL)),
    "nrm": ((XYZ, XYZ, XYZ, ALL),),
    "crs": (((1, 2), (0, 2), (0, 1), ()),),
    "lit": (((), X, (0, 1, 3), ()),),
    "dst": (((), (1,), (2,), ()), ((), (1,), (), (3,))),
    "m4x4": (_whole(ALL),), "m4x3": (_whole(ALL),),
    "m3x4": (_whole(XYZ),), "m3x3": (_whole(XYZ),), "m3x2": (_whole(XYZ),),
    "texld": (_whole(ALL),), "texldl": (_whole(ALL),), "texldd": (_whole(ALL),),
    "texkill": (_whole(ALL),),
    "ifc": (_whole(X),), "breakc": (_whole(X),), "if": (_whole(X),), "callnz": (_whole(X),),
    "rep": (_whole(X),), "loop": (_whole(X), _whole(XYZ)),
}


#: the instructions whose every source is a scalar (a replicate swizzle's one component: lane 0 above)
SCALAR_OPS = frozenset({"rcp", "rsq", "exp", "log", "expp", "logp", "pow"})


@functools.cache  # a pure function of its arguments over the constant tables above; the SM2 passes ask it
# millions of times (peephole liveness)
def lanes_read(op: str, i: int, mask: int | None) -> tuple[int, ...]:
    """The lanes of source ``i`` that ``op`` reads when it writes the lanes of ``mask`` (None: no destination, or
    texkill's operand: every lane)."""
    rules = READS.get(op)
    rule = PER_LANE if rules is None else rules[min(i, len(rules) - 1)]
    m = 0xF if mask is None else mask
    return tuple(sorted({lane for k in mask_lanes(m) for lane in rule[k]}))
