"""The two forms of fxc's listing text this project writes (issue 15: D3DDisassemble "text byte for byte").

The SlimShader corpus's ``.asm`` listings come from fxc 9.30 (/Fc); D3DDisassemble is d3dcompiler_47 10.1's, whose
text differs in the rows below -- each recorded from the DLL under Wine (session 37,
``tests/test_rules_d3ddisassemble_dialect_s37.py``). ``disassemble`` and the other writers take a dialect; the
D3DDisassemble API uses D3DCOMPILER_47, the corpus comparisons FXC_9_30.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class ListingDialect:
    """What one compiler version's listing does where the two differ."""

    name: str
    #: the first section's opening "//" after the header's fourth written as a "///" line (False: left out)
    merged_rule: bool
    #: the resource-binding table's last columns: "Slot Elements" (False) or "HLSL Bind  Count" (True)
    hlsl_bind_columns: bool
    #: constants' initial values (``//      = 0x...``) printed whatever D3D_DISASM_ENABLE_DEFAULT_VALUE_PRINTS says
    default_values_always: bool
    #: ``dcl_constantbuffer CB0[n]`` (True) or ``cb0[n]`` (False)
    upper_cb_declaration: bool
    #: ``%f`` of a float's exact decimal value (True) or of its first 17 significant digits, then zeros
    exact_floats: bool
    #: a space after ``dcl_resource_structured t0, 16`` and after ``sync_*``
    trailing_spaces: bool
    #: ``dcl_input_ps_sgv constant v0.x, primitive_id``: the interpolation mode printed
    sgv_interpolation: bool
    #: under D3D_DISASM_ENABLE_INSTRUCTION_NUMBERING, hull-shader phase markers (not hs_decls) are numbered as
    #: instructions and an immediate constant buffer's continuation rows keep their own indentation
    numbered_phases: bool
    #: trailing spaces kept on the Aon9 sampler-mapping rows
    padded_aon9_rows: bool


FXC_9_30 = ListingDialect("fxc 9.30 /Fc", merged_rule=True, hlsl_bind_columns=False, default_values_always=False,
                          upper_cb_declaration=False, exact_floats=False, trailing_spaces=True,
                          sgv_interpolation=False, numbered_phases=False, padded_aon9_rows=False)
D3DCOMPILER_47 = ListingDialect("d3dcompiler_47 10.1 D3DDisassemble", merged_rule=False, hlsl_bind_columns=True,
                                default_values_always=True, upper_cb_declaration=True, exact_floats=True,
                                trailing_spaces=False, sgv_interpolation=True, numbered_phases=True,
                                padded_aon9_rows=True)

# The dialect of the listing being written: the formatting helpers (floats, declarations) sit several calls below
# the writer that chose it, so it travels in a context variable rather than through every signature.
_CURRENT: ContextVar[ListingDialect] = ContextVar("listing_dialect", default=FXC_9_30)


def current() -> ListingDialect:
    return _CURRENT.get()


# D3D_DISASM_PRINT_HEX_LITERALS is a caller's choice, not a compiler version's, so it is a switch of its own beside
# the dialect: the literal writers (an instruction's l()/d() operands, an immediate constant buffer's rows, a
# Direct3D 9 ``def``) read it several calls below D3DDisassemble.
_HEX_LITERALS: ContextVar[bool] = ContextVar("hex_literals", default=False)


def hex_literals() -> bool:
    """Whether literals are written as their 32-bit words (``0x%08x``) rather than as values."""
    return _HEX_LITERALS.get()


@contextlib.contextmanager
def writing_hex_literals(on: bool) -> Iterator[None]:
    """Write literals as hexadecimal words while ``on`` (D3D_DISASM_PRINT_HEX_LITERALS)."""
    token = _HEX_LITERALS.set(on)
    try:
        yield
    finally:
        _HEX_LITERALS.reset(token)


@contextlib.contextmanager
def writing(dialect: ListingDialect | None) -> Iterator[ListingDialect]:
    """Write a listing in ``dialect`` (None: the one already in force)."""
    if dialect is None:
        yield _CURRENT.get()
        return
    token = _CURRENT.set(dialect)
    try:
        yield dialect
    finally:
        _CURRENT.reset(token)
