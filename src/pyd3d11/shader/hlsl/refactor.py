"""Float identities fxc applies when refactoring is allowed (the default; D3DCOMPILE_IEEE_STRICTNESS and
D3DCOMPILE_SKIP_OPTIMIZATION turn it off): ``x * 1 = x``, ``x * 0 = 0``, ``x + 0 = x`` (and ``mad``
with a 0 or 1 factor).

They are not IEEE-exact — ``x * 1`` skips the denormal flush of ``mul``, ``x * 0`` is 0 even for NaN and
infinities, ``-0 + 0`` stays -0 — but they are what fxc's code does: NBodyGravityCS11's ParticleDraw_GS
drops ``position.z * g_mInvView[2]`` (z is 0) and reads one register of the constant buffer less, and
the cubic filter weights of ContactHardeningShadows11 (constant 0/1 matrices) collapse the same way.
A program compiled here should compute what fxc's would, so the compiler folds them too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS, D3DCOMPILE_SKIP_OPTIMIZATION
from .operands import Slot, imm, is_imm
from .types import FLOAT

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_ZERO = frozenset({0x00000000, 0x80000000})
_ONE = 0x3F800000


def _all_imm(slots: list[Slot], values) -> bool:
    return bool(slots) and all(is_imm(s) and s[3] in values for s in slots)


def uses_precise(cg: CodegenContext) -> bool:
    """Whether the source declares anything ``precise`` (D3D11.3 §22.19.2: precise results must not be
    refactored). Which computations feed a precise value is not tracked, so one such declaration turns
    the identities off for the whole shader (the safe side)."""
    if cg.precise_seen is None:
        from . import ast as A
        from .codegen import walk

        def precise(n: object) -> bool:
            if isinstance(n, (A.VarDecl, A.Param)):
                return "precise" in n.mods
            fields = getattr(getattr(n, "type", None), "fields", None) if isinstance(n, A.TypeDecl) else None
            return any(len(f) > 3 and "precise" in f[3] for f in fields or ())

        cg.precise_seen = any(precise(n) for n in walk(cg.prog))
    return cg.precise_seen


def refactor_identity(cg: CodegenContext, name: str, n: int, srcs: list[list[Slot]]) -> list[Slot] | None:
    """The result slots of ``add``/``mul``/``mad`` on ``srcs`` when a factor or addend is an identity
    literal in every component, else None."""
    if cg.compile_flags & (D3DCOMPILE_IEEE_STRICTNESS | D3DCOMPILE_SKIP_OPTIMIZATION) or uses_precise(cg):
        return None
    if name == "mad" and len(srcs) == 3 and all(len(x) >= n for x in srcs):
        a, b, c = srcs
        for x, y in ((a, b), (b, a)):
            if _all_imm(x[:n], _ZERO):
                return list(c[:n])
            if _all_imm(x[:n], {_ONE}):
                return cg.alu("add", FLOAT, n, [y[:n], c[:n]])
        return None
    if len(srcs) != 2:
        return None
    a, b = srcs
    if len(a) < n or len(b) < n:
        return None
    for x, y in ((a, b), (b, a)):
        if name == "mul" and _all_imm(x[:n], {_ONE}):
            return list(y[:n])
        if name == "mul" and _all_imm(x[:n], _ZERO):
            return [imm(0)] * n
        if name == "add" and _all_imm(x[:n], _ZERO):
            return list(y[:n])
    return None
