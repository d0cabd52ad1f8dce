"""``#pragma`` as the preprocessor reads it (split from preprocessor.py, session 42): the directive (the pragmas the
"#pragma Directive" page lists, ``pack_matrix`` and ``warning`` applied, any other one warned about as X3568 and
passed on), ``#pragma once``'s file identity, and C99 §6.10.9's ``_Pragma`` operator of the strict C99 mode (fxc
has none). ``Pragmas`` is mixed into ``preprocessor.Preprocessor``, whose state (``lenient``, ``fxc``, ``out``,
``warnings``, ``warning_specs``, ``once_files``, ``real_file``, ``file``, ``line``, ``pragma_ops``, ``error``,
``expand``, ``_tokens``, ``_line_ends``) it reads and writes.
"""

from __future__ import annotations

import os

from .diagnostics import HlslError
from .ppexpr import ERR_PP_SYNTAX
from .ppfxc import _trim
from .pplex import _join, text_line
from .ppmarks import _PragmaOp
from .ppmessage import PRAGMA_MESSAGE, message_text
from .warnpragma import parse_warning_pragma

#: the pragmas the HLSL compiler recognises ("#pragma Directive" page); any other one is warned about
#: ("once" is not among them: it warns X3568 and a file is read at each #include, as the page says of any other)
#: (and "ruledisable", which fxc's reader knows without the page: no X3568, d3dcompiler_47 10.1, session 43)
#: what a written ``__FILE__`` is in ``#pragma message``'s operand: a token neither string nor name
_FILE_THERE = "<__FILE__>"

_KNOWN_PRAGMAS = frozenset({"def", "message", "pack_matrix", "warning", "ruledisable"})


def _file_key(name: str) -> str:
    """The identity ``#pragma once`` gives a file: its name as the include handler returned it, with Windows'
    rules (``\\`` and ``/`` both separate folders, case does not matter, ``a/../b`` is ``b``)."""
    return os.path.normpath(name.replace("\\", "/")).replace("\\", "/").lower()


class Pragmas:
    """The #pragma methods of the preprocessor."""

    def pragma(self, rest: str) -> str:
        # "#pragma Directive": the token-string "is subject to macro expansion"; fxc does not replace it
        # (d3dcompiler_47 10.1, session 35: #pragma pack_matrix(M) of #define M row_major leaves matrices
        # column-major, #pragma P of #define P pack_matrix(row_major) is the unknown pragma 'P')
        toks = [t for t in (self._tokens(rest) if self.lenient else self.expand(self._tokens(rest))) if t != " "]
        if self.lenient and toks[:2] == ["message", "("]:
            # ... except message's operand after its "(" (ppmessage.py): it prints its text, which the line
            # ends its reading returns follow
            toks = ["message", "(", *self._message_operand(rest)]
            text = message_text(toks[1:])
            if text is not None:
                self.warnings.append((self.file, self.line, PRAGMA_MESSAGE, text))
        if self.fxc is not None:
            self._line_ends = self.fxc.pragma(toks)  # the lines fxc's text writes for it (pptext.FxcText)
        # only ``pack_matrix ( row_major|column_major )`` with nothing after it counts: fxc ignores
        # ``(row_major);``, ``(row_major) extra`` and ``(row_major, column_major)`` silently (session 35 AREA)
        if toks[:2] == ["pack_matrix", "("] and len(toks) == 4 and toks[2] in ("row_major", "column_major") and \
                toks[3] == ")":
            self.pack_matrix_row_major = toks[2] == "row_major"
            return f"#pragma pack_matrix({toks[2]})"  # the parser applies it from this point on
        if toks[:1] == ["pack_matrix"] and self.lenient:
            return ""  # any other operand: ignored without a word (fxc, as above)
        if toks[:1] == ["warning"]:
            self.warning_pragma(toks[1:])
            # kept in the output: the compiler applies it from this position on (warnpragma.py)
            return "#pragma warning " + " ".join(toks[1:])
        if toks[:1] == ["once"] and not self.lenient:
            # the file is read once: a later #include of it adds nothing (fxc honours it in included files,
            # as MSVC does; the main file is never included again, so there it changes nothing)
            self.once_files.add(_file_key(self.real_file))
            return ""
        if toks and toks[0] not in _KNOWN_PRAGMAS:
            # "#pragma Directive": a pragma the compiler does not recognise is a warning, compilation goes on
            self.warnings.append((self.file, self.line, 3568, f"'{toks[0]}' : unknown pragma ignored"))
        # the line goes on to the compiler as written (fxc's pragmas are the compiler's: X3568 is a compiler number,
        # and vkd3d's record of fxc's D3DPreprocess prints a pragma's tokens verbatim); the parser skips it
        return ("#pragma " + rest.strip()).rstrip()

    def _message_operand(self, rest: str) -> list[str]:
        """The tokens of ``#pragma message``'s line after its ``(``, macro-replaced (blanks left out); a written
        ``__FILE__`` is a token of its own there, neither a string nor a name (ppmessage.py)."""
        raw = self._tokens(rest)
        at = raw.index("(") + 1
        after = [_FILE_THERE if t == "__FILE__" else t for t in raw[at:]]
        try:
            replaced = self.expand(after)
        except HlslError:
            replaced = after  # (an invocation the line leaves open: the operand as written)
        return [t for t in replaced if t != " "]

    def warning_pragma(self, toks: list[str]) -> None:
        """``#pragma warning( specifier : numbers [; specifier : numbers ...] )`` ("warning pragma Directive"):
        ``warning_specs`` keeps the last specifier of each number (numbers below 1000 mean 4000 + n); the
        compiler applies each pragma from its position (warnpragma.py)."""
        for spec, nums in parse_warning_pragma(" ".join(toks)):
            for num in nums:
                self.warning_specs[num] = spec

    def _emit_with_pragmas(self, toks: list[str], line: int, next_line: int) -> None:
        """Write an expanded line that holds ``_Pragma`` operators: each runs as the ``#pragma`` directive would
        (C99 §6.10.9) and its line goes out on its own, as a directive's does; the tokens around it keep their
        order, and ``#line`` markers keep the numbering (the tokens after a pragma are on ``line``, what follows
        the whole on ``next_line``)."""
        seg: list[str] = []
        marker = False  # a marker must number the text that comes next
        for t in [*toks, None]:
            if t is not None and t.__class__ is not _PragmaOp:
                seg.append(t)
                continue
            text = _join(_trim(seg))
            if text or t is None:
                if marker and text:
                    self.out.append(f'#line {line} "{self.file}"')
                if text:
                    self.out.append(text_line(text))
                    marker = False
            seg = []
            if t is None:
                break
            self.out.append(self.pragma(t.pragma) or "")  # self.line is the line's own: a warning names it
            marker = True
        self.out.append(f'#line {next_line} "{self.file}"')

    def _pragma_operator(self, pending: list[str]) -> _PragmaOp:
        """``_Pragma ( string-literal )`` (C99 §6.10.9), its name just taken from ``pending`` (a reversed stack):
        the operand is taken off the stack and the operator becomes one token that the output step executes as a
        ``#pragma`` at its place. Anything but a parenthesized string literal is the operator's syntax error."""
        operand: list[str] = []
        while pending and len(operand) < 4:
            t = pending.pop()
            if t == " ":
                continue
            operand.append(t)
            if t == ")" or (len(operand) == 1 and t != "("):
                break
        if operand[-1:] == [")"] and operand[:1] == ["("] and len(operand) == 4 and operand[1] == "L":
            operand = ["(", "L" + operand[2], ")"]  # a wide literal: the L prefix goes (§6.10.9p1)
        lit = operand[1] if len(operand) == 3 and operand[0] == "(" and operand[2] == ")" else ""
        if not (lit.startswith(('"', 'L"')) and lit.endswith('"') and len(lit) >= 2):
            raise self.error("_Pragma takes a parenthesized string literal", ERR_PP_SYNTAX)
        self.pragma_ops += 1
        return _PragmaOp(lit)
