"""``#pragma message ( "text" ... )`` as fxc's preprocessor runs it: the "#pragma Directive" page lists ``message``
among the pragmas the compiler knows; what it does was probed in d3dcompiler_47.dll 10.1 under Wine (session 49).

- The token after ``message`` must be a ``(`` as written (``#define P (`` / ``#pragma message P "a")`` prints
  nothing); the tokens after it are macro-replaced (``message(S)`` of ``#define S "hi"`` prints ``hi``, so do
  ``M("a")`` of ``#define M(x) x``, ``Q(a b) Q(c)`` of ``#define Q(x) #x`` -- ``a bc`` -- and ``"a" C`` of
  ``#define C )``); ``__FILE__`` is no string literal there (``message(__FILE__)`` prints nothing).
- One or more narrow string literals follow; their texts are joined (``"a" "b"`` prints ``ab``). The message is
  printed when the token after the last literal is anything but a name: ``)``, ``,``, ``;``, a number, an operator,
  a character constant, a stray character (``"a" 1`` / ``"a", "b"`` / ``"a") x`` print ``a`` / ``a`` / ``a``); a
  name (``"a" x``, ``"a" float``, an undefined or an identifier-like ``__COUNTER__``, ``L"b"``), ``##``, ``...``,
  a string left open (``"a" ")``: X1005) or the line's end (``("a"``) print nothing, and so does ``(`` followed by no literal (``()``, ``(x "a")``,
  ``(("a"))``, ``(L"a")``, ``('a')``).
- The text is the literals' characters with C's escape sequences read (``\\n``, ``\\t``, ``\\a`` ... ``\\x41``,
  ``\\101``, ``\\"``, ``\\\\``; a value past a byte keeps its low byte, ``\\xfff`` and ``\\777`` are 0xFF; ``\\x``
  without a digit and an unknown ``\\q`` are the letter); a ``\\0`` ends it (``"a\\0b"`` prints ``a``); bytes are
  kept as read. fxc writes it followed by a new-line into the message blob, at its place in reading order among the
  preprocessor's warnings and errors, in D3DPreprocess and D3DCompile alike (``message("")`` writes an empty line).
"""

from __future__ import annotations

from .ppfxc import SPLICE_MARK

#: the code a ``#pragma message`` text carries among the preprocessor's warnings (no X number: it is written bare)
PRAGMA_MESSAGE = 0

_SIMPLE = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


def _literal_text(lit: str) -> str:
    """The characters of the narrow string literal ``lit`` (quotes included), escapes read; a NUL ends them."""
    body = lit[1:-1].replace(SPLICE_MARK, "")
    out: list[str] = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\" or i + 1 >= len(body):
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e == "x":
            j = i + 2
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                j += 1
            out.append(chr(int(body[i + 2:j], 16) & 0xFF) if j > i + 2 else "x")
            i = j
        elif e in "01234567":
            j = i + 1
            while j < len(body) and j < i + 4 and body[j] in "01234567":
                j += 1
            out.append(chr(int(body[i + 1:j], 8) & 0xFF))
            i = j
        else:
            out.append(_SIMPLE.get(e, e))
            i += 2
    text = "".join(out)
    return text.split("\0", 1)[0] + ("\0" if "\0" in text else "")


def message_text(ops: list[str]) -> str | None:
    """The text ``#pragma message`` prints for its operand tokens ``ops`` (after ``message``, blanks left out,
    replaced after the opening ``(``), or None where fxc prints nothing (see the module's docstring)."""
    if ops[:1] != ["("]:
        return None
    k = 1
    while k < len(ops) and ops[k][:1] == '"' and len(ops[k]) >= 2 and ops[k].endswith('"'):
        k += 1
    if k == 1 or k >= len(ops):
        return None
    nxt = ops[k]
    if nxt[:1].isalpha() or nxt[:1] == "_" or nxt in ("##", "...") or nxt[:1] == '"':
        return None
    text = ""
    for lit in ops[1:k]:
        text += _literal_text(lit)
        if text.endswith("\0"):
            return text[:-1]
    return text


class ReadingOrder(list):
    """The preprocessor's warnings (file, line, code, message), each remembering the error reported last before it
    (``after``): fxc writes warnings, ``#pragma message`` texts and the errors it goes on after in the order it read
    them (d3dcompiler_47 10.1, session 49: a redefinition's X1519 before a later ``#if 1/0``'s X1503 and X1510, after
    an earlier one's; a message between them where it stands)."""

    def __init__(self, errors: list) -> None:
        super().__init__()
        self._errors = errors
        self.after: list[object] = []

    def append(self, warning: tuple[str, int, int, str]) -> None:
        super().append(warning)
        self.after.append(self._errors[-1] if self._errors else None)


def in_order(errors: list, warnings: list, kept: list) -> list[tuple[str, object]]:
    """``errors`` and the warnings of ``kept`` (those of ``warnings`` -- a ReadingOrder, or a plain list whose
    warnings all follow the errors -- that the ``#pragma warning`` lines leave, in order) merged in reading order:
    ("error", HlslError) and ("warning", (file, line, code, message)) items."""
    after = getattr(warnings, "after", None)
    anchors: list[object] = []
    k = 0
    for i, w in enumerate(warnings):
        if k < len(kept) and tuple(kept[k]) == tuple(w):
            anchors.append(after[i] if after is not None else _END)
            k += 1
    anchors += [_END] * (len(kept) - len(anchors))
    known = {id(e) for e in errors}
    anchors = [a if a is None or a is _END or id(a) in known else _END for a in anchors]
    out: list[tuple[str, object]] = [("warning", w) for w, a in zip(kept, anchors) if a is None]
    for e in errors:
        out.append(("error", e))
        out += [("warning", w) for w, a in zip(kept, anchors) if a is e]
    return out + [("warning", w) for w, a in zip(kept, anchors) if a is _END]


_END = object()  # (a warning after every error: its error is no longer among them)
