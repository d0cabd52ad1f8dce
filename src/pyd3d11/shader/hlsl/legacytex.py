"""t# registers of the textures that SM4+ creates for D3D9-style samplers (``tex2D(sampler, uv)``).

fxc pairs each legacy sampler with a texture of its own and gives those textures registers once the
body is known: sampler variables in order of first use, each taking one contiguous range sized to the
highest element used (+1), at the lowest t# no reservation (``register(t#)``) holds. (vkd3d's
hlsl/sampler.shader_test: ``samC[2]``, ``samB[0]``, ``samA`` used in that order land on t2, t3, t4.)

Those textures are placed before the shader's own unreserved textures, which move up past them (vkd3d-shader
sorts its synthetic separated textures first for this, `sort_synthetic_separated_samplers_first`, its
combined-samplers test recording d3dcompiler_47: ``Texture2D tex; sampler sam;`` with ``tex.Sample(sam, uv)``
and ``tex2D(sam, uv)`` reads ``sam``'s texture at t0 and ``tex`` at t1). Where moving them would also move
registers that class linkage or tbuffers lay out (this[] offsets, automatic tbuffer slots), or in shader
model 5.1 and hull shaders, the earlier rule stays: the legacy textures take the registers left free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import ast as A
from .diagnostics import HlslError

if TYPE_CHECKING:
    from .cgstate import CodegenContext


def record_use(cg: CodegenContext, sampler: Any, texture: Any, operand: Any, dimension: str) -> None:
    """Note that ``operand`` (a t# Reg of an emitted instruction) reads ``texture``, made for ``sampler`` and read
    as ``dimension`` (1D, 2D, 3D or CUBE: the tex* intrinsic's)."""
    cg.legacy_tex_uses.append((sampler, texture, operand, dimension))


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
    for s, tex, _op, _dim in uses:
        var, i = _element(cg, s)
        elem[id(tex)] = (var, i)
        if var not in size:
            order.append(var)
            size[var] = 0
        size[var] = max(size[var], i + 1)
    legacy = {id(t) for _s, t, _o, _d in uses}
    movable = _movable_textures(cg, legacy)
    taken = {r.reg for r in cg.resources if r.file == "t" and r.reg >= 0 and (r.used or r in movable) and
             id(r) not in legacy and r not in movable}
    if movable is not None:
        taken |= {cb.reg for cb in cg.cbufs if cb.kind == "tbuffer" and cb.explicit}
    start: dict[str, int] = {}
    for var in order:
        n = 0
        while any(n + k in taken for k in range(size[var])):
            n += 1
        start[var] = n
        taken.update(range(n, n + size[var]))
    if movable:
        _move_after(cg, movable, taken)
    for _s, tex, op, _dim in uses:
        var, i = elem[id(tex)]
        tex.reg = start[var] + i
        op.idx = (tex.reg,)


def _movable_textures(cg: CodegenContext, legacy: set[int]) -> list | None:
    """The shader's own textures placed by allocation (no reservation), in register order; None where they
    may not move (see the module's note)."""
    if (cg.major, cg.minor) >= (5, 1) or cg.stage == "hs" or (cg.linkage is not None and
                                                               cg.linkage.instance_objects):
        return None
    if any(cb.kind == "tbuffer" and not cb.explicit for cb in cg.cbufs):
        return None
    return sorted((r for r in cg.resources if r.file == "t" and r.reg >= 0 and not r.explicit and
                   id(r) not in legacy), key=lambda r: r.reg)


def _move_after(cg: CodegenContext, movable: list, taken: set[int]) -> None:
    """Re-place ``movable`` (contiguous runs kept together: an array is one range) at the lowest registers
    ``taken`` leaves, in their old order, and rewrite the t# operands that name them."""
    runs: list[list] = []
    for r in movable:
        if runs and runs[-1][-1].reg + 1 == r.reg and _same_array(runs[-1][-1], r):
            runs[-1].append(r)
        else:
            runs.append([r])
    remap: dict[int, int] = {}
    for run in runs:
        n = 0
        while any(n + k in taken for k in range(len(run))):
            n += 1
        for k, r in enumerate(run):
            remap[r.reg] = n + k
            taken.add(n + k)
    if all(old == new for old, new in remap.items()):
        return
    seen: set[int] = set()
    for ins in [*cg.static_prologue, *cg.code]:
        for a in ins.args:
            if getattr(a, "file", None) == "t" and a.idx and id(a) not in seen and a.idx[0] in remap:
                seen.add(id(a))
                a.idx = (remap[a.idx[0]], *a.idx[1:])
    for r in movable:
        r.reg = remap[r.reg]


def _same_array(a, b) -> bool:
    return "[" in a.name and a.name.split("[", 1)[0] == b.name.split("[", 1)[0]


def check_dimensions(cg: CodegenContext) -> None:
    """fxc 10.1's X4539 "sampler mismatch: sampler used inconsistently" (no source position) at the Direct3D 9
    targets: one sampler read as two of 2D / 3D / CUBE (``tex2D(s, uv) + tex3D(s, uvw)``, tex*lod forms too; a
    vertex shader's tex2D met there before its own X4532) -- judged on the code left after dead-code removal and
    after X3548 / X4579 (``if (false) a += tex3D(s, uvw);`` or an unread ``float4 b = tex3D(s, uvw);`` compiles,
    the constant table then naming the dimension read: sampler2D; session 46, D9). The other shader models abort
    instead (dimension_abort). A texture of a sampler that no code left reads, beside one that is read, is
    dropped."""
    if not cg.d3d9 or not cg.legacy_tex_uses:
        return
    live = {id(a) for ins in cg.code for a in ins.args}
    textures: dict[int, list] = {}
    read: dict[int, list] = {}
    for s, tex, op, _dim in cg.legacy_tex_uses:
        for group in (textures, *((read,) if id(op) in live else ())):
            seen = group.setdefault(id(s), [])
            if all(t is not tex for t in seen):
                seen.append(tex)
    for key, texs in textures.items():
        if len(texs) < 2:
            continue
        kept = read.get(key, [])
        if len(kept) > 1:
            raise HlslError("", 0, 0, 4539, "sampler mismatch: sampler used inconsistently")
        dropped = texs[1:] if not kept else [t for t in texs if t is not kept[0]]
        cg.resources[:] = [r for r in cg.resources if all(r is not t for t in dropped)]


def check_sm4_dimensions(cg: CodegenContext) -> None:
    """The shader-model-4+ targets' rules of a D3D9-style sampler's dimensions (dimension_abort, then
    _array_kinds), judged on the finished code after X4000 and before a pixel operation's X4532 outside the pixel
    shader (d3dcompiler_47 10.1, session 49: ``tex2Dlod(s, p) + tex1D(s, p.x)`` at vs_4_0 aborts, though tex1D is a
    pixel-shader lookup there) and level 9's X4579."""
    if cg.d3d9 or not cg.legacy_tex_uses:
        return
    abort = dimension_abort(cg)
    if abort is not None:
        raise abort
    _array_kinds(cg, {id(a) for ins in cg.code for a in ins.args})


def dimension_abort(cg: CodegenContext) -> HlslError | None:
    """fxc's numberless "internal error: compilation aborted unexpectedly" where, at a shader-model-4+ target in
    backwards-compatibility mode (4_0_level_9_x too), one sampler is read as two of 1D / 2D / 3D / CUBE
    (``tex2D(s, uv) + tex3D(s, uvw)``, ``tex2D`` beside ``tex1D``, ``texCUBE`` or ``tex2Dlod``; an untyped
    ``sampler``, a ``sampler_state``, one element of a sampler array) -- d3dcompiler_47 10.1 under Wine, session 49:
    after every error of code generation and X4000 (a missing output semantic X3503, a constant division by zero X4010, an
    uninitialised read X4000, an index out of range X3504, ps_4_0's double X3651, recursion X3500, a path without a
    return X3507, an ``[unroll]`` of a run-time bound X3511, an undeclared name anywhere X3004), an unread value's
    reads too; a read in a branch a constant condition removes, or in a function nothing calls, counts for nothing
    (code generation does not reach them). (The Direct3D 9 targets judge it on the optimised code instead:
    check_dimensions' X4539.)"""
    if cg.d3d9:
        return None
    seen: dict[int, str] = {}
    for s, _tex, _op, dim in cg.legacy_tex_uses:
        if seen.setdefault(id(s), dim) != dim:
            return HlslError("", 0, 0, 0, "compilation aborted unexpectedly")
    return None


def _array_kinds(cg: CodegenContext, live: set[int]) -> None:
    """fxc's X4539 "texture mismatch: texture used inconsistently, can only use one DX9-style texture intrinsic on
    individual samplers or sampler arrays" at the array's declaration, where a shader-model-4+ target in
    backwards-compatibility mode reads two elements of one sampler array (``sampler sa[3]``, ``sampler sb[2][2]``)
    as textures of two kinds: Texture2D (tex1D or tex2D, any form), Texture3D, TextureCube -- d3dcompiler_47 10.1
    under Wine, session 49: ``tex2D(sa[0], uv) + tex3D(sa[1], uvw)``, the second read in a called function too;
    tex1D beside tex2D compiles; judged on the code left after dead-code removal (an unread value's reads compile),
    after X4000 / X3503 / X3504 / X3511; one element read in two dimensions aborts first (check_sm4_dimensions). The
    Direct3D 9 targets compile such an array (each element a sampler of its own)."""
    kinds: dict[str, tuple[str, int]] = {}
    for s, tex, op, _dim in cg.legacy_tex_uses:
        var, i = _element(cg, s)
        if id(op) not in live or var == s.name:  # (a sampler of its own: no array)
            continue
        first = kinds.setdefault(var, (tex.type.kind, i))
        if first[0] != tex.type.kind:
            decl = next(d for d in cg.prog.decls if isinstance(d, A.VarDecl) and d.name == var)
            raise cg.err(decl.pos, "texture mismatch: texture used inconsistently, can only use one DX9-style "
                         "texture intrinsic on individual samplers or sampler arrays", 4539)
