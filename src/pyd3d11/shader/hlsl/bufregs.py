"""A buffer's ``register()`` and its members' ``packoffset()``, judged as d3dcompiler_47 10.1 judges them (issue 15,
session 43, helper MUT).

The MicrosoftDocs "packoffset" and "register" pages give the forms (``packoffset(c0.y)``, a cbuffer in ``b#``, a
tbuffer in ``t#``) but none of these errors or their order; probed under Wine (tests/test_rules_hlsl_fxc_mutants_s43.py):

* fxc reads them while parsing but judges them after every type rule of the file (an undeclared name X3004 or a
  bad conversion X3017 anywhere in it, a later syntax error, X3047 / X3077 of a later function are reported
  instead), and after an object's register of the wrong class (X3530 "texture requires a 't' or 's' register",
  raised by the code generation's declaration walk), in source order together with the global register names of
  regsyntax.py (X3530 "register cc1 not valid"), before everything else (X3502, X3507, X4502, X3511, a double's
  refusal ...):

  - below shader model 5.1 a cbuffer's register of another class is X3530 "invalid register specification,
    expected 'b' or 'c' binding" (``c#``: "... expected 'b' binding"), a tbuffer's X3530 "invalid register
    specification, expected 't' binding" (at 5.1 both are X3591 "incorrect bind semantic" while parsing:
    parser.py);
  - a packoffset location that is no ``c#`` or names a register past c4095 (the number read modulo 2**32:
    ``c4294967296`` is c0, ``c2147483648`` is not; a bracketed offset is added after: ``c1[1]`` is c2, a
    non-literal one X3058 at once) is X3541 "invalid packoffset location 'c4096'", a component of
    another spelling than one of ``xyzw`` / ``rgba`` (``c0.xy``, ``c0._m00``, ``c1.X``) X3530 "register or offset
    bind c0.xy not valid", and a member that does not fit where its component puts it (an aggregate or a matrix
    not at ``.x``, a vector across a register: cg_resources.py) X3530 the same.

* Then, still before X3502, a buffer that places some members (a packoffset, an object's or a number's register of
  another set than c) and not others, objects included, is X3530 "cannot mix packoffset elements with
  nonpackoffset elements in a cbuffer" (:func:`mixed_member`).

* A cbuffer's ``b#`` with letters after the number (``b0x``, ``b0manymanyletters``, ``bx``) is slot 4294967295,
  fxc's own parse-failure value (the shared corpus's register-reservations-numeric says so): X4567 "maximum
  cbuffer exceeded. target has 14 slots, manual bind to slot 4294967295 failed", judged with every slot after
  the code (check.check_cb_slots). A tbuffer's ``t0x`` / ``tx`` reserves nothing: fxc's listing places it as an
  unreserved buffer (t0 before an unreserved texture).
"""

from __future__ import annotations

from .diagnostics import HlslError

#: the slot fxc binds a cbuffer whose b# it cannot read (0xFFFFFFFF)
UNREAD_SLOT = 0xFFFFFFFF
#: D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT: the last packoffset register is c4095
LAST_REGISTER = 4095


def _error(tok, code: int, msg: str) -> HlslError:
    p = tok.pos
    return HlslError(p.file, p.line, p.col, code, msg)


def buffer_register_error(kind: str, letter: str, tok) -> HlslError | None:
    """X3530 for a ``kind`` buffer ("cbuffer" / "tbuffer") reserved in a register of set ``letter`` below shader
    model 5.1 (``tok``: the register's name token), None where the set is the buffer's own."""
    if kind == "tbuffer":
        return None if letter == "t" else _error(tok, 3530, "invalid register specification, expected 't' binding")
    if letter == "b":
        return None
    if letter == "c":
        return _error(tok, 3530, "invalid register specification, expected 'b' binding")
    return _error(tok, 3530, "invalid register specification, expected 'b' or 'c' binding")


def location_error(tok) -> HlslError | None:
    """X3541 for a packoffset location fxc does not take (``tok``: the location's identifier)."""
    low = tok.text.lower()
    if low == "c" or (low[:1] == "c" and low[1:].isdigit() and int(low[1:]) % (1 << 32) <= LAST_REGISTER):
        return None
    return _error(tok, 3541, f"invalid packoffset location '{tok.text}'")


def component_error(register: str, comp_tok) -> HlslError | None:
    """X3530 for a packoffset component other than one of x y z w r g b a (lower case); ``register``: the register it
    names (``c2`` for ``c1[1]``)."""
    if len(comp_tok.text) == 1 and comp_tok.text in "xyzwrgba":
        return None
    return _error(comp_tok, 3530, f"register or offset bind {register}.{comp_tok.text} not valid")


def _placed(m) -> bool:
    return m.packoffset is not None or (m.register is not None and m.register[0] != "c")


def mixed_member(members: list):
    """The first member of a buffer that places some of its members -- a packoffset, or a register of another set
    than c (``Texture2D t : register(t0)``, ``float b : register(t1)``) -- which is not placed itself, else None. An
    object counts (``float4 a : packoffset(c0); Texture2D t;`` is X3530), a static member does not (fxc 10.1
    compiles ``float a : packoffset(c1); static float s = 2;``: it is no buffer member)."""
    if not any(_placed(m) for m in members):
        return None
    return next((m for m in members if not _placed(m) and "static" not in m.mods), None)


def mix_error(member) -> HlslError:
    p = member.pos
    return HlslError(p.file, p.line, p.col, 3530,
                     "cannot mix packoffset elements with nonpackoffset elements in a cbuffer")
