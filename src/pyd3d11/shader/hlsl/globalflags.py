"""The ``dcl_globalFlags`` declaration of a compiled program (D3D11.3 spec §22.3.2 global flags; fxc's
choices read from the corpus listings).

- ``refactoringAllowed``: fxc sets it unless D3DCOMPILE_IEEE_STRICTNESS forbids reordering arithmetic.
- ``enableDoublePrecisionFloatOps`` / ``enable11_1DoubleExtensions``: double instructions (doubles.py).
- ``forceEarlyDepthStencil``: ``[earlydepthstencil]`` on a pixel shader entry point (SM 5.0).
- ``enableRawAndStructuredBuffers``: a non-compute shader of model 4.x that declares a raw or
  structured buffer (they are optional on 10.x hardware; ParticleDraw_VS of the corpus shows it).
- ``enable11_1ShaderExtensions``: the D3D11.1 instructions (msad).
- ``skipOptimization``: D3DCOMPILE_SKIP_OPTIMIZATION (fxc /Od) at shader model 5 (a D3D11.1 flag).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS, D3DCOMPILE_SKIP_OPTIMIZATION

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_RAW_OR_STRUCTURED = ("dcl_resource_raw", "dcl_resource_structured", "dcl_uav_raw", "dcl_uav_structured")
_EXTENSION_OPS = frozenset({"msad"})
#: asm names in bit order (the order fxc prints them)
_ORDER = ("refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
          "enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision", "enable11_1DoubleExtensions",
          "enable11_1ShaderExtensions")


def global_flags_decl(cg: CodegenContext, decls: list[str]) -> list[str]:
    """The declaration line (or none when no flag applies) for ``cg``'s program whose other
    declarations are ``decls``."""
    from .doubles import global_flags

    flags = set(global_flags(cg))
    if not cg.compile_flags & D3DCOMPILE_IEEE_STRICTNESS:
        flags.add("refactoringAllowed")
    if cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION and cg.major >= 5:  # an 11.1 flag: SM 5 only
        flags.add("skipOptimization")
    if cg.stage == "ps" and "earlydepthstencil" in cg.entry_attrs:
        flags.add("forceEarlyDepthStencil")
    if cg.major == 4 and cg.stage != "cs" and any(d.startswith(_RAW_OR_STRUCTURED) for d in decls):
        flags.add("enableRawAndStructuredBuffers")
    if any(ins.op in _EXTENSION_OPS for ins in cg.code):
        flags.add("enable11_1ShaderExtensions")
    ordered = [f for f in _ORDER if f in flags]
    return ["dcl_globalFlags " + " | ".join(ordered)] if ordered else []
