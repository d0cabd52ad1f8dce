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
    3506: D3DERR_INVALIDCALL,   # unrecognized compiler target
    3536: 0x80010064,           # duplicated input semantics change type (an unnamed code; vkd3d maps it to E_FAIL)
    3539: E_NOTIMPL,            # ps_1_x is no longer supported
    3713: D3DERR_INVALIDCALL,   # entry point given for a library
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
    if target in LIBRARY_TARGETS and exc.code not in (3506, 3713):
        return E_FAIL  # a library function's failure comes wrapped ("Failed compiling ..."): E_FAIL
    if target in D3D9_TARGETS and exc.code in D3D9_HRESULT_BY_CODE:
        return D3D9_HRESULT_BY_CODE[exc.code]
    return HRESULT_BY_CODE.get(exc.code, E_FAIL)


class EntryPointPointerInvalid(Exception):
    """A NULL pEntrypoint where the target needs one (D3DERR_INVALIDCALL, fxc's own words)."""

    text = "D3DCompile: pEntrypoint pointer is invalid"


#: the warning fxc gives where backwards compatibility upgrades a ps_1_x target (its message blob's first line)
PS_1_X_UPGRADE = "warning X3561: ps_1_x is no longer supported; using ps_2_0"


def check_target(target: str, entry: str | None, flags: int) -> tuple[str, list[str]]:
    """The checks d3dcompiler_47 makes on its arguments before it reads the source, in its order; returns the
    target to compile and the warnings that lead the message blob: ``ps_1_x`` under
    D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY is compiled as ps_2_0 (the same object) with :data:`PS_1_X_UPGRADE`,
    ``vs_1_0`` as vs_1_1 without a word (the same object)."""
    if entry is None and target not in EFFECT_TARGETS and target not in LIBRARY_TARGETS:
        raise EntryPointPointerInvalid()
    if target not in RECOGNISED_TARGETS:
        raise HlslError("", 0, 0, 3506, f"unrecognized compiler target '{target}'")
    if _PS_1_X.match(target):
        if flags & 0x1000:  # D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
            return "ps_2_0", [PS_1_X_UPGRADE]
        raise HlslError("", 0, 0, 3539, "ps_1_x is no longer supported; use /Gec in fxc to automatically upgrade "
                                        "to ps_2_0")
    if target in LIBRARY_TARGETS and entry is not None:
        raise HlslError("", 0, 0, 3713, "D3DCompile: Entry point cannot be specified for a library (mark library "
                                        "entry points with the export keyword)")
    if (target.endswith("_5_1") or target.startswith("rootsig_")) and flags & 0x1000:  # /Gec
        raise HlslError("", 0, 0, 3723, "D3DCompile: backwards compatibility mode (/Gec) option is not supported "
                                        "for SM5_1+ targets")
    return ("vs_1_1" if target == "vs_1_0" else target), []
