"""The ``dcl_globalFlags`` declaration of a compiled program (D3D11.3 spec §22.3.2 global flags; fxc's
choices read from the corpus listings).

- ``refactoringAllowed``: fxc sets it unless D3DCOMPILE_IEEE_STRICTNESS forbids reordering arithmetic.
- ``enableDoublePrecisionFloatOps`` / ``enable11_1DoubleExtensions``: double instructions (doubles.py).
- ``forceEarlyDepthStencil``: ``[earlydepthstencil]`` on a pixel shader entry point (SM 5.0).
- ``enableRawAndStructuredBuffers``: a non-compute shader of model 4.x that declares a raw or
  structured buffer (they are optional on 10.x hardware; ParticleDraw_VS of the corpus shows it).
- ``enable11_1ShaderExtensions``: the D3D11.1 instructions (msad).
- ``skipOptimization``: D3DCOMPILE_SKIP_OPTIMIZATION (fxc /Od) at shader model 5 (a D3D11.1 flag).
- ``allResourcesBound``: D3DCOMPILE_ALL_RESOURCES_BOUND (fxc /all_resources_bound) at shader model 5.1 -- the
  D3DCOMPILE constants page: "Directs the compiler to ensure all resources are bound", "Only applies to DirectX 12 /
  Shader Model 5.1"; the program's D3D12_SB_GLOBAL_FLAG_ALL_RESOURCES_BOUND (D3D12TokenizedProgramFormat.hpp,
  bit 19). Below 5.1 the flag is ignored (inferred from the page's note: no 11.x bit exists for it).
- ``enableMinimumPrecision``: the code reachable from the entry point names a minimum-precision type
  (min16float, min10float, min16int, min12int, min16uint: MicrosoftDocs "Scalar Types" and "Using HLSL
  minimum precision" — D3D11.1; ``half`` is float on SM4/5 and sets nothing). Its SFI0 bit is
  D3D_SHADER_REQUIRES_MINIMUM_PRECISION (stat.program_feature_flags). The arithmetic itself stays 32-bit,
  which the docs allow ("at least" that precision) and which this device reports (its
  D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT is 0: full precision only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import (
    D3DCOMPILE_ALL_RESOURCES_BOUND,
    D3DCOMPILE_IEEE_STRICTNESS,
    D3DCOMPILE_SKIP_OPTIMIZATION,
)
from .types import MIN_PRECISION, ArrayType, NumType, StructType

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: the minimum-precision scalar types (``half`` is not one of them on SM4/5)
MIN_PRECISION_TYPES = frozenset(MIN_PRECISION)

_RAW_OR_STRUCTURED = ("dcl_resource_raw", "dcl_resource_structured", "dcl_uav_raw", "dcl_uav_structured")
_EXTENSION_OPS = frozenset({"msad"})
#: asm names in bit order (the order fxc prints them)
_ORDER = ("refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
          "enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision", "enable11_1DoubleExtensions",
          "enable11_1ShaderExtensions", "allResourcesBound")


def _min_precision(t, seen: set[int] | None = None) -> bool:
    seen = set() if seen is None else seen
    if id(t) in seen:
        return False
    seen.add(id(t))
    if isinstance(t, NumType):
        return t.prec in MIN_PRECISION_TYPES
    if isinstance(t, ArrayType):
        return _min_precision(t.elem, seen)
    if isinstance(t, StructType):
        return any(_min_precision(f[1], seen) for f in t.fields)
    return False


def uses_min_precision(cg: CodegenContext, names: set[str], funcs: set[str]) -> bool:
    """Whether the functions reached (``funcs``) or the globals they name (``names``) have a minimum-precision
    type: a parameter, return value, local, cast or literal constructor, or a used global's declaration."""
    from .codegen import walk
    from .layout import global_var_decls

    for name in funcs:
        for f in cg.funcs.get(name, []):
            if f.body is None:
                continue
            for node in walk(f):
                if any(_min_precision(getattr(node, a, None)) for a in ("type", "ret")):
                    return True
    return any(d.name in names and _min_precision(d.type) for d in global_var_decls(cg.prog))


def global_flags_decl(cg: CodegenContext, decls: list[str]) -> list[str]:
    """The declaration line (or none when no flag applies) for ``cg``'s program whose other
    declarations are ``decls``."""
    from .doubles import global_flags

    flags = set(global_flags(cg))
    if not cg.compile_flags & D3DCOMPILE_IEEE_STRICTNESS:
        flags.add("refactoringAllowed")
    if cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION and cg.major >= 5:  # an 11.1 flag: SM 5 only
        flags.add("skipOptimization")
    if cg.stage == "ps" and "earlydepthstencil" in cg.entry_attrs and cg.major >= 5:
        # an SM 5 flag: fxc 10.1 ignores the attribute on a ps_4_0 entry (DXDecompiler's 3Dmigoto resource_types_4:
        # ``[earlydepthstencil]``, globalFlags without it; the docs' attribute page names Shader Model 5)
        flags.add("forceEarlyDepthStencil")
    if cg.major == 4 and cg.stage != "cs" and any(d.startswith(_RAW_OR_STRUCTURED) for d in decls):
        flags.add("enableRawAndStructuredBuffers")
    if any(ins.op in _EXTENSION_OPS for ins in cg.code):
        flags.add("enable11_1ShaderExtensions")
    if cg.min_precision_used:
        flags.add("enableMinimumPrecision")
    if cg.compile_flags & D3DCOMPILE_ALL_RESOURCES_BOUND and (cg.major, cg.minor) >= (5, 1):
        flags.add("allResourcesBound")
    ordered = [f for f in _ORDER if f in flags]
    return ["dcl_globalFlags " + " | ".join(ordered)] if ordered else []
