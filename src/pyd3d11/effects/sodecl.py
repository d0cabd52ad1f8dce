"""The checks fxc's effect compiler makes on a ConstructGSWithSO stream-output declaration string.

d3dcompiler_47 10.1 parses each declaration as it stores the shader (its messages name
``ID3D10Effect::ParseSODecl``; none has an error number): the entries between ``;`` one by one, each
``[slot:]name[.mask]``. Session 45, helper EFX, probed it (SO_DECL_ROWS); the rules found:

- the output slot is the text before the first ``:``: empty, or a number (a leading sign allowed; its value
  taken modulo 2**32) above 255, is "Invalid output slot" (``":X"``, ``"-1:X"``, ``"256:X"``; ``"4294967297:X"``
  is slot 1 and passes); then any character other than a digit is "Non-digit 'c' in output slot" (``"a:X"``,
  ``" 0:X"``, ``"-0:X"``, ``"SV_Position.x:y"``); a slot above 3 passes here (the runtime's check);
- the mask is the text after the first ``.`` of the rest: empty, or a run of ``xyzw`` or of ``rgba`` in that
  order (``yz``, ``gba``), else "invalid mask declaration 'm'" (``xz``, ``wx``, ``xyzwx``, ``XYZW``, ``xy ``,
  ``xy.z``, ``stuv``, ``$SKIP.3``);
- the entries are split at each ``;`` with the white space around it, not at the ends of the string
  (``"a.xy ; b"`` passes, ``"a.xy "`` is the mask ``'xy '``);
- the name is not checked (``"Foo"``, ``"SV_Posi tion"``, ``"1SV_Position"``, an empty entry all pass).
"""

from __future__ import annotations

import re

_SLOT_NUMBER = re.compile(r"[-+]?[0-9]+")
#: the entries' separator: a ``;`` with the white space around it (``"a.xy ; b"`` passes; a space at either end of
#: the whole string stays: ``" 0:X"`` and ``"a.xy "`` fail)
_SEPARATOR = re.compile(r"[ \t\r\n]*;[ \t\r\n]*")
#: the largest output slot the parser takes (it holds the slot in a byte)
_MAX_SLOT = 255


def _slot_error(slot: str) -> str | None:
    m = _SLOT_NUMBER.match(slot)
    if not slot or m is not None and int(m.group()) % (1 << 32) > _MAX_SLOT:
        return "Invalid output slot"
    bad = next((c for c in slot if not c.isdigit() or not c.isascii()), None)
    return None if bad is None else f"Non-digit '{bad}' in output slot"


def _mask_ok(mask: str) -> bool:
    return not mask or mask in "xyzw" or mask in "rgba"


def so_decl_error(decl: str) -> str | None:
    """fxc's message for the first fault of a stream-output declaration, or None where it passes."""
    for entry in _SEPARATOR.split(decl):
        slot, colon, rest = entry.partition(":")
        if colon:
            err = _slot_error(slot)
            if err is not None:
                return f"Invalid StreamOut decl: ID3D10Effect::ParseSODecl - {err}"
        else:
            rest = entry
        _name, dot, mask = rest.partition(".")
        if dot and not _mask_ok(mask):
            return f"Invalid StreamOut decl: ID3D10Effect::ParseSODecl - invalid mask declaration '{mask}'"
    return None
