"""``Texture.mips[level][pos]`` and ``Texture2DMS.sample[index][pos]``: texel reads through the
subscript objects of the HLSL texture types (MicrosoftDocs win32 direct3dhlsl, Texture2D mips / sample
members). Both lower to ``ld`` (mip level in the component after the address) or ``ld_ms``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .operands import Reg
from .types import UINT, NumType, ObjectType

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

#: which texture kinds have which subscript member
_MEMBERS = {
    "mips": frozenset({"Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture3D"}),
    "sample": frozenset({"Texture2DMS", "Texture2DMSArray"}),
}


def has_subscript(t: ObjectType, name: str) -> bool:
    return t.kind in _MEMBERS.get(name, ())


def subscript_member(cg: CodegenContext, v: Val, name: str, pos) -> Val:
    from .codegen import Val

    if not isinstance(getattr(v.obj, "reg", None), int):
        raise cg.err(pos, f"'{name}': object is not bound to a register here", 3512)
    return Val(v.type, [], ("texsub", name, v.obj))


def is_subscript(v: Val) -> bool:
    return isinstance(v.obj, tuple) and bool(v.obj) and v.obj[0] == "texsub"


def subscript_index(cg: CodegenContext, v: Val, idx_node: A.Node, pos) -> Val:
    """First subscript: the mip level / sample index; second: the texel address."""
    from .codegen import Val
    from .exprs import expr
    from .intrinsics import _coord_dims, _elem_type, _res_operand

    name, r = v.obj[1], v.obj[2]
    idx = expr(cg, idx_node)
    if len(v.obj) == 3:
        sel = cg.convert(idx, NumType(UINT), pos)
        return Val(v.type, [], ("texsub", name, r, sel.slots[0]))
    k = v.type.kind
    dims = _coord_dims(k)
    c = cg.convert(idx, NumType(UINT, 1, dims, "v") if dims > 1 else NumType(UINT), pos)
    dst = cg.temp()
    d = Reg("r", (dst,), None, (0, 1, 2, 3))
    if name == "mips":
        cg.emit("ld", d, cg.src(c.slots + [v.obj[3]]), _res_operand(r))
    else:
        cg.emit("ldms", d, cg.src(c.slots), _res_operand(r), cg.src([v.obj[3]]))
    et = _elem_type(v.type)
    return Val(et, [("r", (dst,), None, i) for i in range(et.n)])
