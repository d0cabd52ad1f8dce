"""D3DPreprocess's text as Microsoft's compiler writes it (recorded from d3dcompiler_47.dll 10.1 under Wine, sessions
35-37; the D3DPreprocess page says only that the result is the preprocessed text).

The preprocessor's own text (preprocessor.py) keeps one line per source line, every ``#pragma`` line where it stood
and the source's spacing, since the compiler reads it for positions and applies ``pack_matrix`` and ``warning``
from their places. fxc's text is another layout, built here from what the preprocessor reports as it goes
(``FxcText``): each token with its presumed file and line, and the end of each line fxc's reader returns.

The layout, as the DLL writes it (session 37, probed with runs of blank lines, directives, skipped groups,
invocations over several lines, ``#line``, includes and pragmas in each place):

- each token is written followed by one space; a line's leading blanks and the source's spacing go;
- every new-line is followed by four blanks for each ``{`` the text holds that no ``}`` closed (session 38: a
  stray ``}`` leaves the count at 0); a ``}`` written where its line holds only that indent takes four blanks of it
  back; the new-line before a ``#line`` marker and the one that ends a ``pack_matrix`` line take no indent;
- a line's tokens sit at their own line, an expansion's at its macro name's line (the tokens after an invocation
  that spans lines are on the line where it ends);
- the reader returns the end of every line that held tokens (even ones that replace to nothing) or a directive
  after which lines are kept (a directive that begins a skipped group does not; the one that ends it does), and of
  a file's first line when it is blank; later blank lines and skipped lines return nothing;
- before a token or a line end at line L, the text moves to L: nothing where it is on L, one new-line where L is the
  next line, else a new-line and ``#line L`` (with the file's name, doubled backslashes, where the file changed);
  a line end then writes its new-line. So ``a``, two blank lines, ``b`` is ``a `` / ``#line 4`` / ``b ``, and a
  ``#if 0`` group of one line leaves ``#line N`` before the ``#endif``'s empty line;
- the first thing written is preceded by ``#line L "name"``, the main file named by its full path; an included file
  is named as its ``#include`` wrote it, and its end returns one more line end; ``#line N "f"`` writes
  ``#line N-1 "f"`` at once, ``#line N`` only moves the numbering;
- ``#pragma pack_matrix(row_major)`` / ``(column_major)`` is written on a line of its own just before the next token
  (a later one replaces it); ``#pragma def (...)`` and ``#pragma warning (spec:n)`` lines are written ahead of the
  whole text (the defs by register, then the warnings by number, each number's last specifier, ``default`` none);
  a pragma fxc does not read to its end (an unknown one, ``warning(push)``, ``message`` without parentheses, extra
  tokens) returns its line end twice.

``fxc_pragma_layout`` is the older, partial reading of a PreprocessResult's text (its pragma lines alone), kept for
texts that have no ``FxcText`` (the strict C99 mode).
"""

from __future__ import annotations

import ntpath
import os
import re

from .ppfxc import SPLICE_MARK, STRING_NL
from .pplex import tokenize_line


def fxc_pragma_layout(text: str) -> str:
    """``text`` (a PreprocessResult's) with its ``#pragma`` lines as fxc's D3DPreprocess writes them: a
    ``pack_matrix`` line where it stood, an empty line for any other pragma."""
    out: list[str] = []
    for ln in text.split("\n"):
        s = ln.strip()
        if not s.startswith("#pragma"):
            out.append(ln)
            continue
        toks = [t for t in tokenize_line(s[len("#pragma"):].strip()) if t != " "]
        out.append(s if toks[:1] == ["pack_matrix"] else "")
    return "\n".join(out)


def full_path(name: str) -> str:
    """The full path of a source name as GetFullPathName gives it, which fxc writes in its text's first ``#line``
    and for ``__FILE__`` (d3dcompiler_47 10.1, session 36: ``t.hlsl`` is written ``Z:\\work\\main\\t.hlsl``): a
    drive-absolute name normalized (``/`` read as ``\\``, ``.`` and ``..`` resolved), a rooted one on the current
    drive, a relative one under the current directory. On a POSIX host the current directory is spelled as Wine
    spells it, on drive ``Z:`` (which maps ``/``), the only Windows spelling such a host has."""
    if not name:
        return name
    cwd = os.getcwd()
    if not ntpath.splitdrive(cwd)[0]:
        cwd = "Z:" + cwd.replace("/", "\\")
    win = name.replace("/", "\\")
    drive, rest = ntpath.splitdrive(win)
    if drive and rest.startswith("\\"):
        return ntpath.normpath(win)
    if not drive and rest.startswith("\\"):
        return ntpath.normpath(ntpath.splitdrive(cwd)[0] + rest)
    if drive:
        # drive-relative ("C:t.hlsl"): under the drive's own current directory, its root for a process that never
        # changed it (d3dcompiler_47 10.1 under Wine, session 37: C:\t.hlsl)
        return ntpath.normpath(drive + "\\" + rest)
    return ntpath.normpath(ntpath.join(cwd, win))


def quoted_name(name: str) -> str:
    """A file name as fxc writes it in its text's ``#line`` markers and for ``__FILE__``: between quotes, each
    backslash doubled -- unless the name already holds a doubled one, as a ``#line "a\\\\b"`` writes it: then as
    written (d3dcompiler_47 10.1, session 38: ``a\\b`` is written ``a\\\\b``, ``a\\\\b`` and ``a\\\\b\\c`` as
    they are)."""
    return '"' + (name if "\\\\" in name else name.replace("\\", "\\\\")) + '"'




class FxcText:
    """The writer of fxc's D3DPreprocess text (see the module's docstring): the preprocessor calls ``token`` and
    ``line_end`` in reading order, ``pack_matrix`` / ``ahead_def`` / ``ahead_warning`` for the pragmas; ``text``
    is the result."""

    def __init__(self) -> None:
        self._out: list[str] = []
        self._file: str | None = None  # None: nothing written yet (no first #line)
        self._line = 0  # the presumed line the text is on
        self._pragma: str | None = None  # a pack_matrix line waiting for the next token
        self._pragma_written: str | None = None  # the last one written
        self._rule: str | None = None  # a ruledisable line waiting for the next token (written after pack_matrix's)
        self._defs: list[tuple[tuple[str, str], str]] = []
        self._warnings: dict[int, str] = {}
        self._depth = 0  # the braces open in the text written so far
        self._indent = 0  # the blanks of an indent that ends the text, nothing written after it on its line
        self._switched = False  # the reader entered or left an included file since the last write (see switch)

    def _newline(self) -> None:
        """A new-line and the indent of the braces open in the text so far (four blanks each)."""
        self._out.append("\n")
        self._indent = 4 * self._depth
        if self._indent:
            self._out.append(" " * self._indent)

    def _marker(self, text: str) -> None:
        """A ``#line`` marker on a line of its own: the new-line before it takes no indent, the one after it does."""
        self._out.append(text)
        self._newline()

    def _move(self, file: str, line: int) -> None:
        line &= 0xFFFFFFFF  # (an unsigned 32-bit number: "#line 0 x" numbers its line 4294967294, session 39)
        if self._file is None:
            self._marker(f"#line {line} {quoted_name(file)}")
        elif file != self._file or self._switched:
            self._marker(f"\n#line {line} {quoted_name(file)}")
        elif line == self._line + 1:
            self._newline()
        elif line != self._line:
            self._marker(f"\n#line {line}")
        self._file, self._line = file, line
        self._switched = False

    def token(self, file: str, line: int, tok: str) -> None:
        """A token at ``line`` of ``file`` (presumed)."""
        self._move(file, line)
        tok = tok.replace(STRING_NL, "\n")  # (the new-line an open string holds: ppfxc.STRING_NL)
        if self._pragma is not None and self._pragma != self._pragma_written:
            # (the pragma's own new-line moves the text on a line its numbering does not count; one that repeats
            # the last written is not written again)
            # (its new-line takes no indent)
            self._out.append(self._pragma + "\n")
            self._indent = 0
            self._line += 1
            self._pragma_written = self._pragma
        self._pragma = None
        if self._rule is not None:
            # (after a pack_matrix line; only the last of several waiting; d3dcompiler_47 10.1, session 43)
            self._out.append(self._rule + "\n")
            self._indent = 0
            self._line += 1
            self._rule = None
        if tok == "}":
            if self._indent >= 4:
                # a line that holds nothing but its indent gives four blanks back to a closing brace
                self._out[-1] = self._out[-1][:-4]
            self._depth = max(0, self._depth - 1)  # (a stray one leaves the depth at 0)
        elif tok == "{":
            self._depth += 1
        self._indent = 0
        # a string literal continued by a splice keeps it (session 36: "a\<new-line>b" is written so)
        self._out.append(tok.replace(SPLICE_MARK, "\\\n") + " ")

    def enter(self) -> tuple[int, bool]:
        """The reader enters an included file: fxc's next marker names the file even where the name is the one
        written last (d3dcompiler_47 10.1, sessions 42 and 46: a file including itself is ``#line 5 "self.h"``, then
        ``#line 4 "self.h"`` back in the includer). What ``leave`` needs."""
        mark = (len(self._out), self._switched)
        self._switched = True
        return mark

    def leave(self, mark: tuple[int, bool], goes_on: bool) -> None:
        """The reader leaves the included file ``enter`` gave ``mark`` for: the next marker names the file where the
        file wrote something, unless an invocation it left open goes on (``goes_on``: its tokens are still the
        file's; session 46); where it wrote nothing the text goes on as before."""
        self._switched = len(self._out) != mark[0] and not goes_on or (len(self._out) == mark[0] and mark[1])

    def line_end(self, file: str, line: int) -> None:
        """The end of ``line`` of ``file`` as fxc's reader returns it."""
        self._move(file, line)
        self._newline()
        self._line = (self._line + 1) & 0xFFFFFFFF

    def pragma(self, toks: list[str]) -> int:
        """A ``#pragma`` line's tokens (blanks left out, the word ``pragma`` not among them) given to fxc's text:
        the pragma lines it writes, and the number of line ends fxc's reader returns for the line: 2 where a token
        it did not expect stopped it (an unknown pragma, ``once``, ``warning(push)`` / ``(pop)`` / ``(disable:
        x)``, ``message "hi"``, ``pack_matrix(row_major) x``), else 1, also where the line ends early
        (``pack_matrix(``, ``warning(``; d3dcompiler_47 10.1, session 37)."""
        if not toks:
            return 1
        name, ops = toks[0], toks[1:]
        if name == "pack_matrix":
            # ( name ): any name, only row_major / column_major written
            if ops[:1] != ["("]:
                return _ends(ops, 0)
            if len(ops) > 1 and not (ops[1][:1].isalpha() or ops[1][:1] == "_") and ops[1] != ")":
                return 2  # (a token other than a name or ")" stops it there: "(9", "(9)", "(+)"; session 39)
            if len(ops) < 3 or ops[2] != ")":
                return _ends(ops, 2 if len(ops) > 1 else 1)
            if ops[1] in ("row_major", "column_major") and len(ops) == 3:
                self._pragma = f"#pragma pack_matrix({ops[1]})"  # (not with a token after it)
            return _ends(ops, 3)
        if name == "message":
            # ( string... ), the strings may be none (d3dcompiler_47 10.1, session 43: "message()" returns one)
            k = 1
            while k < len(ops) and ops[k].startswith('"'):
                k += 1
            if ops[:1] != ["("] or (k == 1 and ops[1:2] != [")"]):
                return _ends(ops, 0 if ops[:1] != ["("] else 1)
            return _ends(ops, k + 1) if ops[k:k + 1] == [")"] else _ends(ops, k)
        if name == "warning":
            if ops[:1] != ["("]:
                return _ends(ops, 0)
            return self._warning(ops[1:])
        if name == "def":
            return self._def(ops)
        if name == "ruledisable":
            return self._ruledisable(ops)
        return 2

    def _ruledisable(self, ops: list[str]) -> int:
        """``ruledisable`` with nothing, a string or a 32-bit hexadecimal / octal integer (a lone ``0`` or a decimal
        one stops it): written ahead of the text as pack_matrix is, an integer spelled ``"(null)"`` (fxc prints a
        null string there), a token after the operand returning two line ends (d3dcompiler_47 10.1, session 43)."""
        if not ops:
            return 1
        op = ops[0]
        if op.startswith('"'):
            self._rule = f"#pragma ruledisable {op}"
        elif re.fullmatch(r"0([xX][0-9a-fA-F]+|[0-7]+)[uU]?", op) and \
                int(op.rstrip("uU"), 16 if op[1:2] in ("x", "X") else 8) < 2 ** 32:
            self._rule = '#pragma ruledisable "(null)"'
        else:
            return 2
        return _ends(ops, 1)

    def _def(self, ops: list[str]) -> int:
        """``def ( target , register , x , y , z , w )``, each value a number with an optional sign: written ahead
        of the text when the whole line reads (session 37: three values or a name among them return two line
        ends and write nothing)."""
        fields: list[str] = []
        k = 1
        if ops[:1] != ["("]:
            return _ends(ops, 0)
        while len(fields) < 6:
            if k >= len(ops):
                return 1
            tok = ops[k]
            sign = ""
            if len(fields) >= 2 and tok == "-" and k + 1 < len(ops):
                sign, k = "-", k + 1
                tok = ops[k]
            if (len(fields) < 2) != (tok[:1].isalpha() or tok[:1] == "_"):
                return 2  # (a "+" sign too: session 37)
            if len(fields) >= 2:
                value = _def_value(tok)
                if value is None:
                    return 2
                tok = sign + value
            fields.append(tok)
            k += 1
            if k >= len(ops):
                return 1
            if ops[k] != ("," if len(fields) < 6 else ")"):
                return 2
            k += 1
        if k < len(ops):
            return 2
        self.ahead_def(fields[0], fields[1], fields[2:])
        return 1

    def _warning(self, ops: list[str]) -> int:
        """``warning (`` then ``ops``: ``spec : numbers`` parts split by ``;`` and a closing ``)``; each number's
        specifier is written ahead of the text when the whole list reads."""
        changes: list[tuple[str, int]] = []
        k = 0
        while True:
            if k >= len(ops):
                return 1  # the line ends early: its line end was read
            if ops[k] not in _SPECIFIERS:
                return 2  # push, pop, a misspelling
            if ops[k + 1:k + 2] != [":"]:
                return _ends(ops, k + 1)
            spec, k = ops[k], k + 2
            while k < len(ops) and ops[k].isdigit():
                changes.append((spec, int(ops[k])))
                k += 1
            if ops[k:k + 1] == [";"]:
                k += 1
                continue
            if ops[k:k + 1] != [")"]:
                return _ends(ops, k)
            if k + 1 < len(ops):
                return 2  # a token after the list: nothing written (session 37: "warning(error: 5) x")
            for spec, n in changes:
                self.ahead_warning(spec, n)
            return 1

    def ahead_def(self, target: str, register: str, values: list[str]) -> None:
        """``#pragma def (target, register, x, y, z, w)``: written ahead of the text, by the register's name as text
        (``c10`` before ``c2``, ``b1`` before ``c0``) then the target, each one (a repeated one again); each value as
        a float in its shortest form (``3e1`` is ``30``)."""
        self._defs.append(((register, target), f"#pragma def ({target}, {register}, " + ", ".join(
            _msvc_g(float(v)) for v in values) + ")"))

    def ahead_warning(self, spec: str, number: int) -> None:
        """``#pragma warning (spec:number)``: written ahead of the text by number, the last specifier of each;
        ``default`` writes none."""
        if spec == "default":
            self._warnings.pop(number, None)
        else:
            self._warnings[number] = spec

    def text(self) -> str:
        ahead = [line + "\n" for _key, line in sorted(self._defs, key=lambda d: d[0])]
        ahead += [f"#pragma warning ({self._warnings[n]}:{n})\n" for n in sorted(self._warnings)]
        return "".join(ahead) + "".join(self._out)


_SPECIFIERS = frozenset({"disable", "once", "error", "default", "1", "2", "3", "4"})


def _ends(ops: list[str], k: int) -> int:
    """The line ends a pragma returns once its operands ``ops`` read well up to ``k``: 1 at the end of the line, 2
    where a token is left (see ``FxcText.pragma``)."""
    return 1 if k >= len(ops) else 2


def _def_value(tok: str) -> str | None:
    """A ``#pragma def`` value token as a number's text, or None: hexadecimal read as such (``0x10`` is 16), a
    suffix ignored (``1.5f``, ``2u``; session 37)."""
    try:
        if tok[:2].lower() == "0x":
            return str(int(tok[2:].rstrip("uUlL"), 16) & _MASK64)
        body = tok.rstrip("fFhHlLuU")
        float(body)
    except ValueError:
        return None
    # (an integer keeps the 64 bits fxc's lexer keeps, pplex.integer_overflow: 99999999999999999999 is written
    # 7.76628e+018; session 39)
    return str(int(body) & _MASK64) if body.isdigit() else body


_MASK64 = (1 << 64) - 1


def _msvc_g(v: float) -> str:
    """``%g`` as the DLL's C runtime writes it: an exponent of at least three digits (``7.76628e+018``,
    ``1e-005``; d3dcompiler_47 10.1, session 39, ``#pragma def`` values)."""
    text = f"{v:g}"
    mant, e, exp = text.partition("e")
    return f"{mant}e{exp[0]}{int(exp[1:]):03d}" if e else text
