"""The errors fxc judges after the type rules of the whole file, where this compiler meets them earlier.

fxc parses and type-checks every function body of the file (called or not) before it looks at the entry point
(d3dcompiler_47 10.1 under Wine, session 48): an entry point that does not exist or is static (X3501 "'main':
entrypoint not found") and a hull or domain entry point's missing or unreadable attribute (X3084, hs.py's
HS_ATTRIBUTE_EXPECTED) come after a body's X3004 / X3013 / X3017 / X3018 / X3020 / X3025 / X3067. This compiler
finds both before it generates a body; on either, every function is type-checked as one nothing calls
(uncalled.check_uncalled: the ps_5_0 and cs_5_0 probes must agree) and the first type error found is fxc's."""

from __future__ import annotations

from .diagnostics import HlslError
from .hs import HS_ATTRIBUTE_EXPECTED, missing_attribute


def type_rules_first(exc: HlslError, parse, entry: str, stage: str, major: int, minor: int, row_major: bool,
                     flags: int) -> HlslError | None:
    """The error to report instead of ``exc`` (None: ``exc`` stands). ``parse(profile)`` parses the file.

    A binding's X4019 / X4509 (Codegen.assign_bindings, before a hull / domain entry's attributes are read here)
    comes after the missing attribute in fxc (its message has no position there)."""
    from .codegen import Codegen
    from .uncalled import check_uncalled

    if exc.code >= 4000 and stage in ("hs", "ds"):
        missing = missing_attribute(parse(f"{stage}_{major}_{minor}"), entry, stage)
        if missing is None:
            return None
        exc = missing
    attribute = exc.code == 3084 and exc.message in HS_ATTRIBUTE_EXPECTED.values()
    if not attribute and not (exc.code == 3501 and exc.message.endswith("entrypoint not found")):
        return None

    def probe_codegen(p_stage: str, p_major: int, p_minor: int) -> Codegen:
        if (major, minor) == (5, 1) and (p_major, p_minor) == (5, 0):
            p_minor = 1  # register spaces parse at 5.1 only
        pcg = Codegen(parse(f"{p_stage}_{p_major}_{p_minor}"), entry, p_stage, p_major, p_minor, row_major)
        pcg.compile_flags = flags
        return pcg

    try:
        check_uncalled(probe_codegen, set())
    except HlslError as found:
        return found
    return exc
