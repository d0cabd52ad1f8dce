"""The spelling of a ``register()`` reservation, judged as d3dcompiler_47 10.1 judges it (issue 15, session 40).

fxc reads ``register([profile,] name)`` in two steps, each with its own phase (probed under Wine, session 40;
the MicrosoftDocs "register" page documents the form, not these errors; tests/test_rules_hlsl_d3d9_s40.py):

* the **profile** must be a target fxc knows (``ps_3_0``, ``vs_1_1``, ``ps_4_0_level_9_0``, ``lib_4_0``, ``fx_2_0``,
  ``tx_1_0``, ``rootsig_1_0`` -- :data:`targets.RECOGNISED_TARGETS`) or a stage name (``vs`` ``ps`` ``gs`` ``hs`` ``ds``
  ``cs`` ``lib`` ``tx``), case-sensitive: anything else (``PS``, ``pixel``, ``ps_6_0``, ``hs_4_1``, ``fx``, ``as``)
  is X3089 "'pixel': invalid shader target/usage". It is reported while the file is parsed, so it comes before a
  later syntax or type error and after an earlier one, at every target, in a global's, a parameter's or a
  buffer's register();
* the **register name** of a global variable, for the profile compiled: ``c``, ``s``, ``t`` or ``u`` (either case)
  followed by something other than a digit (``cc1``, ``c_1``, ``cx``, ``sx1``, ``Cx``) is X3530 "register cc1 not
  valid" at every target; a trailing part after the number is fine (``c1x``, ``t1x``, ``s0_``), as is a name
  alone (``c`` is c0). At the Direct3D 9 targets a numeric global's register must moreover be of the sets
  ``b c i s t u`` (``z1``, ``a0``, ``x`` are X3530 there; shader model 4+ ignores them) and ``b`` / ``i`` need a
  digit next (``bx``). These come after every type rule of the file (an undeclared name, X3004, or a bad
  operand, X3017, anywhere in it is reported instead) and before everything else (entry point X3501, missing
  semantics X3503, X3535, X3548, X3511, X4532 ...). A cbuffer member's or a parameter's register() is not read
  (``cbuffer { float4 a : register(cx); }`` compiles).
"""

from __future__ import annotations

from .diagnostics import HlslError
from .targets import RECOGNISED_TARGETS

#: the stage names register() takes besides whole targets (d3dcompiler_47 10.1, session 40)
STAGE_NAMES = frozenset({"vs", "ps", "gs", "hs", "ds", "cs", "lib", "tx"})
PROFILE_ERROR = 3089
NAME_ERROR = 3530


def profile_error(tok) -> HlslError | None:
    """X3089 for a register() profile fxc does not know (``tok``: the profile's identifier token)."""
    if tok.text in RECOGNISED_TARGETS or tok.text in STAGE_NAMES:
        return None
    p = tok.pos
    return HlslError(p.file, p.line, p.col, PROFILE_ERROR, f"'{tok.text}': invalid shader target/usage")


def name_error(tok, d3d9_numeric: bool) -> HlslError | None:
    """X3530 for a global's register name fxc does not parse (``tok``: the name's token); ``d3d9_numeric``: a
    numeric global at a Direct3D 9 target, whose register set must be one of b c i s t u."""
    low = tok.text.lower()
    if low.startswith("space") and len(low) > 5:
        return None  # ``register(space0)``: a space alone, which the parser judges (5.1 only)
    digit_next = len(low) == 1 or low[1].isdigit()
    bad = low[0] in "cstu" and not digit_next
    if d3d9_numeric:
        bad = bad or low[0] not in "bcistu" or (low[0] in "bi" and not digit_next)
    if not bad:
        return None
    p = tok.pos
    return HlslError(p.file, p.line, p.col, NAME_ERROR, f"register {tok.text} not valid")


def _before(a: HlslError, b: HlslError) -> bool:
    return a.file == b.file and (a.line, a.col) < (b.line, b.col)


def after_parse_error(profile_errors: list[HlslError], exc: HlslError) -> HlslError:
    """The error a failed parse reports: a register() profile error recorded before the parse stopped (so read
    earlier: ``cbuffer cb : register(abc, b1)``'s X3089 before its own X3515), else ``exc``."""
    return profile_errors[0] if profile_errors else exc


def _entry_attribute_missing(exc: HlslError) -> bool:
    """An entry point's required attribute missing or unreadable (X3084 "'numthreads(X,Y,Z)' attribute expected",
    a hull / domain shader's "'domain(domain type)' attribute expected" ...): fxc judges it after the packoffsets and
    register() names (d3dcompiler_47 10.1, session 48: a cbuffer's ``packoffset(c0.z)`` float4 compiled at cs_4_1,
    hs_5_0 or ds_5_1 is X3530)."""
    return exc.code == 3084 and "' attribute expected, where '" in exc.message


def judge(profile_errors: list[HlslError], name_errors: list[HlslError],
          exc: HlslError | None, mixed: list[HlslError] | tuple = ()) -> HlslError | None:
    """The error a compile reports, given what it raised (``exc``; None: it compiled or raised something that is
    no compile error), the register() spelling errors its parse recorded and ``mixed``, the buffers that mix
    packoffset members with others (bufregs.py: judged after the names)."""
    if profile_errors:
        first = profile_errors[0]
        if exc is not None and 3000 <= exc.code < 3500 and _before(exc, first):
            return exc  # a type rule earlier in the text: reported while parsing, before the profile
        return first
    if name_errors or mixed:
        if exc is not None and 3000 <= exc.code < 3500 and not _entry_attribute_missing(exc):
            return exc  # every type rule of the file first
        if exc is not None and exc.code == NAME_ERROR:
            # an object's register of the wrong class (the code generation's declaration walk) comes before the
            # names and packoffsets wherever it stands (d3dcompiler_47 10.1, session 43: bufregs.py)
            return exc
        return name_errors[0] if name_errors else mixed[0]
    return exc
