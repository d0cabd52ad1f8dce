"""t# registers of the textures that SM4+ creates for D3D9-style samplers (``tex2D(sampler, uv)``).

fxc pairs each legacy sampler with a texture of its own and gives those textures registers once the
body is known: sampler variables in order of first use, each taking one contiguous range sized to the
highest element used (+1), at the lowest t# left free by the other resources. (vkd3d's
hlsl/sampler.shader_test: ``samC[2]``, ``samB[0]``, ``samA`` used in that order land on t2, t3, t4.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cgstate import CodegenContext


def record_use(cg: CodegenContext, sampler: Any, texture: Any, operand: Any) -> None:
    """Note that ``operand`` (a t# Reg of an emitted instruction) reads ``texture``, made for ``sampler``."""
    cg.legacy_tex_uses.append((sampler, texture, operand))


def _element(cg: CodegenContext, sampler: Any) -> tuple[str, int]:
    """(sampler variable, flattened element index) of a sampler resource."""
    base = sampler.name.split("[", 1)[0]
    g = cg.globals.get(base)
    if isinstance(g, tuple) and g[:1] == ("resarray",):
        for i, r in enumerate(g[1]):
            if r is sampler:
                return base, i
    return sampler.name, 0


def assign_registers(cg: CodegenContext) -> None:
    uses = cg.legacy_tex_uses
    if not uses:
        return
    order: list[str] = []
    size: dict[str, int] = {}
    elem: dict[int, tuple[str, int]] = {}
    for s, tex, _op in uses:
        var, i = _element(cg, s)
        elem[id(tex)] = (var, i)
        if var not in size:
            order.append(var)
            size[var] = 0
        size[var] = max(size[var], i + 1)
    legacy = {id(t) for _s, t, _o in uses}
    taken = {r.reg for r in cg.resources if r.file == "t" and r.reg >= 0 and r.used and id(r) not in legacy}
    start: dict[str, int] = {}
    for var in order:
        n = 0
        while any(n + k in taken for k in range(size[var])):
            n += 1
        start[var] = n
        taken.update(range(n, n + size[var]))
    for _s, tex, op in uses:
        var, i = elem[id(tex)]
        tex.reg = start[var] + i
        op.idx = (tex.reg,)
