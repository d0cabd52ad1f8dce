"""D3DCompile's target strings and the HRESULT of each failure, as Microsoft's d3dcompiler_47 gives them.

Recorded from d3dcompiler_47.dll 10.1 (the Windows 10 SDK's) under Wine, session 35
(tools/wine_d3dcompiler; tests/test_rules_d3dcompiler_targets_s35.py holds the probe's table):

* the targets it recognises, exactly (case-sensitive; nothing else, e.g. ``hs_4_1``, ``ps_5_2``, ``vs_6_0``,
  ``PS_5_0``, ``fx_5_1``, a trailing space): anything else is X3506 "unrecognized compiler target" with
  D3DERR_INVALIDCALL;
* a NULL pEntrypoint for any target but a recognised effect or library target is D3DERR_INVALIDCALL
  "D3DCompile: pEntrypoint pointer is invalid" (checked before the target is recognised);
* ``ps_1_x`` is X3539 with E_NOTIMPL; a library target given an entry point (even "") X3713 with
  D3DERR_INVALIDCALL; D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY at shader model 5.1 X3723 with E_FAIL
  (vkd3d's shader runner notes the same change from d3dcompiler_47 10.0.17134 on);
* the HRESULT of a compile error where it is not E_FAIL, by error number (:data:`HRESULT_BY_CODE`).
"""

from __future__ import annotations

import re

from ...errors import D3DERR_INVALIDCALL, D3DXERR_INVALIDDATA, E_FAIL, E_NOTIMPL
from .diagnostics import HlslError

EFFECT_TARGETS = frozenset({"fx_2_0", "fx_4_0", "fx_4_1", "fx_5_0"})
LIBRARY_TARGETS = frozenset({"lib_4_0", "lib_4_1", "lib_5_0",
                             *(f"lib_4_0_level_9_{n}{only}" for n in (1, 3) for only in ("", "_vs_only", "_ps_only"))})
#: every target string d3dcompiler_47 10.1 recognises (a syntax error is then reported, not the target)
RECOGNISED_TARGETS = frozenset({
    *(f"vs_{v}" for v in ("1_0", "1_1", "2_0", "2_a", "2_sw", "3_0", "3_sw", "4_0", "4_1", "5_0", "5_1",
                          "4_0_level_9_0", "4_0_level_9_1", "4_0_level_9_3")),
    *(f"ps_{v}" for v in ("1_0", "1_1", "1_2", "1_3", "1_4", "2_0", "2_a", "2_b", "2_sw", "3_0", "3_sw", "4_0",
                          "4_1", "5_0", "5_1", "4_0_level_9_0", "4_0_level_9_1", "4_0_level_9_3")),
    *(f"{s}_{v}" for s in ("gs", "cs") for v in ("4_0", "4_1", "5_0", "5_1")),
    *(f"{s}_{v}" for s in ("hs", "ds") for v in ("5_0", "5_1")),
    *EFFECT_TARGETS, *LIBRARY_TARGETS, "tx_1_0", "rootsig_1_0", "rootsig_1_1",
})
_PS_1_X = re.compile(r"^ps_1_[0-4]$")

#: a failed compile's HRESULT by fxc's error number where it is not E_FAIL (each observed from the DLL on the
#: shared shader tests and the session-35 probes; a number fxc reports with more than one HRESULT for one kind
#: of target is not listed -- X3500 and X3535 give E_NOTIMPL only for recursion and bitwise operators, marked
#: where they are raised)
HRESULT_BY_CODE: dict[int, int] = {
    3116: D3DERR_INVALIDCALL,   # strictness and backwards compatibility together (an argument check)
    3506: D3DERR_INVALIDCALL,   # unrecognized compiler target
    3536: 0x80010064,           # duplicated input semantics change type (an unnamed code; vkd3d maps it to E_FAIL)
    3539: E_NOTIMPL,            # ps_1_x is no longer supported
    3534: D3DERR_INVALIDCALL,   # partial precision at a 4_0_level_9_x target (an argument check)
    3713: D3DERR_INVALIDCALL,   # entry point given for a library
    3719: D3DERR_INVALIDCALL,   # RESOURCES_MAY_ALIAS outside cs_5_0 / cs_5_1 (an argument check)
    4532: E_NOTIMPL,            # cannot map expression to the target's instruction set (every target)
    4589: D3DXERR_INVALIDDATA,  # control point count exceeded
}
#: the same for a Direct3D 9 target only: the same numbers are E_FAIL at 4_0_level_9_x and shader model 4/5
#: (X4500 at ps_4_0, X5190 at ps_4_0_level_9_1); the slot-count errors X5608/X5609 are E_FAIL everywhere
D3D9_HRESULT_BY_CODE: dict[int, int] = {
    3546: D3DXERR_INVALIDDATA,  # reading from texture buffers is unsupported (E_FAIL at level 9; session 40)
    4500: D3DXERR_INVALIDDATA,  # overlapping register semantics not yet implemented
    5003: D3DXERR_INVALIDDATA,  # the Direct3D 9 validator: reserved bits in a destination token
    5004: D3DXERR_INVALIDDATA,  # the Direct3D 9 validator: reserved bits in a source token
    5190: D3DXERR_INVALIDDATA,  # the Direct3D 9 validator: instruction not supported by the version
    5200: D3DXERR_INVALIDDATA,  # the Direct3D 9 validator: a constant register past c31 at ps_2_x (session 40)
    5631: D3DXERR_INVALIDDATA,  # the Direct3D 9 validator: vPos.zw not available
}
D3D9_TARGETS = frozenset({"vs_1_1", "vs_2_0", "vs_2_a", "vs_3_0", "ps_2_0", "ps_2_a", "ps_2_b", "ps_3_0"})


def hresult_of(exc: HlslError, target: str | None = None) -> int:
    """The HRESULT D3DCompile returns for a compile of ``target`` that failed with ``exc``."""
    if exc.notimpl:
        return E_NOTIMPL
    if target in LIBRARY_TARGETS and exc.code not in (3116, 3506, 3534, 3713, 3719):  # (the argument checks')
        return E_FAIL  # a library function's failure comes wrapped ("Failed compiling ..."): E_FAIL
    if target in D3D9_TARGETS and exc.code in D3D9_HRESULT_BY_CODE:
        return D3D9_HRESULT_BY_CODE[exc.code]
    return HRESULT_BY_CODE.get(exc.code, E_FAIL)


class ArgumentsRejected(Exception):
    """D3DCompile's arguments refused before the source is read: D3DERR_INVALIDCALL and fxc's own words (no file,
    and for most no X number)."""

    text = ""

    def __init__(self, text: str | None = None) -> None:
        super().__init__(text or self.text)
        if text is not None:
            self.text = text


class EntryPointPointerInvalid(ArgumentsRejected):
    """A NULL pEntrypoint where the target needs one."""

    text = "D3DCompile: pEntrypoint pointer is invalid"


#: Flags1 bits d3dcompiler_47 refuses for every target but an effect's ("D3DCompile: Invalid flags specified"):
#: FORCE_VS_SOFTWARE_NO_OPT (0x40), FORCE_PS_SOFTWARE_NO_OPT (0x80), NO_PRESHADER (0x100), RESERVED16 / 17
#: (0x10000, 0x20000) and bits 24-28, 30, 31. Every other bit is taken, bit 29 too (the effect-shader bit that
#: fx compiles write into their shaders' tables). Each of the 32 bits probed alone at ps_5_0 (session 47).
INVALID_FLAGS1 = 0x40 | 0x80 | 0x100 | 0x10000 | 0x20000 | 0x1F000000 | 0xC0000000
D3DCOMPILE_DEBUG_NAME_FOR_SOURCE_AND_BINARY = 0x400000 | 0x800000
_STRICT_AND_COMPATIBLE = 0x800 | 0x1000  # ENABLE_STRICTNESS | ENABLE_BACKWARDS_COMPATIBILITY
_GEC = 0x1000
_GFA = 0x200  # AVOID_FLOW_CONTROL
_PARTIAL_PRECISION = 0x20
_RESOURCES_MAY_ALIAS = 0x80000
_ALL_RESOURCES_BOUND = 0x200000


#: the warning fxc gives where backwards compatibility upgrades a ps_1_x target (its message blob's first line)
PS_1_X_UPGRADE = "warning X3561: ps_1_x is no longer supported; using ps_2_0"


def check_target(target: str, entry: str | None, flags: int) -> tuple[str, list[str]]:
    """The checks d3dcompiler_47 makes on its arguments before it reads the source, in its order; returns the
    target to compile and the warnings that lead the message blob: ``ps_1_x`` under
    D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY is compiled as ps_2_0 (the same object) with :data:`PS_1_X_UPGRADE`,
    ``vs_1_0`` as vs_1_1 without a word (the same object).

    The order (d3dcompiler_47 10.1, session 47: every pair of the conditions below probed on one program, at 18
    targets): an effect target skips every flag check; then refused Flags1 bits, both debug-name flags, a NULL
    entry point, strictness with backwards compatibility (X3116), an unrecognised target (X3506), ps_1_x (X3539,
    or the upgrade to ps_2_0 the later checks then judge), a library's entry point (X3713), partial precision at a
    4_0_level_9_x target (X3534), RESOURCES_MAY_ALIAS anywhere but cs_5_0 / cs_5_1 (X3719), /Gec at 5.1 (X3723),
    AVOID_FLOW_CONTROL at 5.1 without ALL_RESOURCES_BOUND (X3722). X3723 alone stops nothing in fxc (its message
    leads; the compile goes on and fails, E_FAIL); before X3722 both are reported, with X3722's
    D3DERR_INVALIDCALL."""
    effect = target in EFFECT_TARGETS
    if not effect and flags & INVALID_FLAGS1:
        raise ArgumentsRejected("D3DCompile: Invalid flags specified")
    if not effect and flags & D3DCOMPILE_DEBUG_NAME_FOR_SOURCE_AND_BINARY == D3DCOMPILE_DEBUG_NAME_FOR_SOURCE_AND_BINARY:
        raise ArgumentsRejected("D3DCompile: cannot specify source and binary debug names")
    if entry is None and not effect and target not in LIBRARY_TARGETS:
        raise EntryPointPointerInvalid()
    if not effect and flags & _STRICT_AND_COMPATIBLE == _STRICT_AND_COMPATIBLE:
        raise HlslError("", 0, 0, 3116, "Flags specified both compatibility and strict mode. These are mutually "
                                        "exclusive")
    if target not in RECOGNISED_TARGETS:
        raise HlslError("", 0, 0, 3506, f"unrecognized compiler target '{target}'")
    if effect:
        return target, []
    lead: list[str] = []
    if _PS_1_X.match(target):
        if not flags & _GEC:
            raise HlslError("", 0, 0, 3539, "ps_1_x is no longer supported; use /Gec in fxc to automatically "
                                            "upgrade to ps_2_0")
        target, lead = "ps_2_0", [PS_1_X_UPGRADE]
    if target in LIBRARY_TARGETS and entry is not None:
        raise HlslError("", 0, 0, 3713, "D3DCompile: Entry point cannot be specified for a library (mark library "
                                        "entry points with the export keyword)")
    if "_level_9_" in target and flags & _PARTIAL_PRECISION:
        raise HlslError("", 0, 0, 3534, f"partial precision is not supported for target {target}. Min-precision "
                                        "types may offer similar functionality.")
    if flags & _RESOURCES_MAY_ALIAS and target not in ("cs_5_0", "cs_5_1"):
        raise HlslError("", 0, 0, 3719, "D3DCompile: resources_may_alias option is only valid for cs_5_0+ targets")
    sm51 = target.endswith("_5_1") or target.startswith("rootsig_")
    gec = HlslError("", 0, 0, 3723, "D3DCompile: backwards compatibility mode (/Gec) option is not supported for "
                                    "SM5_1+ targets") if sm51 and flags & _GEC else None
    if sm51 and flags & _GFA and not flags & _ALL_RESOURCES_BOUND:
        gfa = ("error X3722: D3DCompile: Gfa option cannot be used in SM_5_1+ unless all_resources_bound flag is "
               "specified")
        raise ArgumentsRejected(gfa if gec is None else f"{gec.text()}\n{gfa}")
    if gec is not None:
        raise gec
    return ("vs_1_1" if target == "vs_1_0" else target), lead
