"""What runs past the end of its line in fxc's reader (split from preprocessor.py, session 43): a string left open
at a line's end (fxc's string token holds the new-line, so the next line goes on with the line's text or its
directive), an ``#include`` whose name is missing or left open (the reader looks on to the next token), how a
directive's operands end (tokens after them, a NUL), and a first block comment over lines.
``RunOn`` is mixed into ``preprocessor.Preprocessor``, whose state (``lenient``, ``fxc``, ``errors``, ``macros``,
``line``, ``line_delta``, ``depth``, ``file``, ``shown``, ``_lines``, ``_open_end``, ``_consumed_lines``,
``_name_re``, ``include_open``, ``real_file``, ``_splices``, ``define``, ``expand``, ``error``, ``warn``, ``_soft``,
``_tokens``) it reads and writes; and an ``#include`` among a macro's arguments, whose file fxc reads in its place.
"""

from __future__ import annotations

import re

from .diagnostics import HlslError
from .ppexpr import ERR_PP_SYNTAX, fxc_unexpected
from .ppfxc import GAP, SPLICE_MARK, STRING_NL
from .pplex import _logical_line, _lone_quote
from .ppmarks import _Unterminated

#: what ``Preprocessor._soft`` returns for a directive or line whose error fxc goes on after
_FAILED = object()

#: white space a directive's text may hold at its ends (a splice's mark among it, fxc's mode)
_BLANKS = " \t\f\v\r" + SPLICE_MARK
#: (numbers of fxc's table, "HLSL errors and warnings"; preprocessor.py imports them from here)
ERR_STRINGEOL = 1005  # "A string continues past the end of line"
ERR_STRINGEOF = 1006  # "A string continues past the end of file"
ERR_FILE_OPEN = 1507  # "The specified source file failed to open"
ERR_UNEXPECTEDEOF_MACRO = 1515  # "An unexpected end of file occurred in a macro expansion"
ERR_UNEXPECTEDTOKENS = 1501  # tokens after the operands of a directive (a warning, as MSVC's C4067)


#: a string that holds its line's new-line (STRING_NL) and the rest of its text line
_HELD_STRING = re.compile(r'"(?:\\[^\x04]|[^"\\\x04])*\x04[^\n]*')


def compile_text(out: list[str]) -> str:
    """The compile's text of the preprocessor's lines: a splice mark left inside a string literal is the splice,
    removed as C99's phase 2 removes it; a line holding a string an argument list's line end left open ends before
    it, as the text of a line whose string runs to its end does (fxc's parser reads the tokens before it first:
    ``x F("a`` / ``) pass`` is X3000 at ``x``, then X1005; compile_api._parser_error_before_open)."""
    text = "\n".join(out).replace(SPLICE_MARK, "") + "\n"
    return _HELD_STRING.sub("", text) if STRING_NL in text else text


class RunOn:
    """The methods of the preprocessor for what runs past its line."""

    def _check_string(self, code: str, next_i: int, n_lines: int, first: int | None = None) -> None:
        """A ``"`` that opens no complete string literal on the logical line ``code`` (ending before physical line
        ``next_i``; ``first``: its first physical line when not the current one): fxc's ERR_STRINGEOL, or
        ERR_STRINGEOF on a last line with no new-line. The position is the quote's (single-line offsets)."""
        at = _lone_quote(code)
        if at is None:
            return
        line = self.line if first is None else first + 1 + self.line_delta
        if next_i >= n_lines and self._open_end:
            raise HlslError(self.file, line, at + 1, ERR_STRINGEOF, "string continues past end of file")
        raise HlslError(self.file, line, at + 1, ERR_STRINGEOL, "string continues past end of line")

    def _opens_list(self, code: str) -> bool:
        """The tokens before the quote a line leaves open are a macro invocation whose argument list is open."""
        q = _lone_quote(code)
        return self.lenient and q is not None and self._needs_more(self._tokens(code[:q])) is True

    def _before_held_string(self, toks: list[str]) -> list[str] | None:
        """The compile's text of a line whose invocation holds a string an argument list's line end left open: the
        tokens before that invocation, replaced -- fxc's parser reads the invocation's replacement only after the
        string's X1005 (d3dcompiler_47 10.1, session 48: ``x F("a`` / ``)`` is X3000 at ``x`` first, ``F(1`` /
        ``"a`` / ``)`` and ``C("a`` / ``)`` of a ``#@`` X1005 first) --; None where no token holds one."""
        if not self._held:
            return None  # (no line held a string yet: the common case, no scan)
        at = next((k for k, t in enumerate(toks) if STRING_NL in t), None)
        if at is None or self._needs_more(toks[:at]) is not True:
            return None
        known = len(self.errors)
        try:
            return self.expand(toks[:self._open_at])
        except (HlslError, _Unterminated):
            return []
        finally:
            del self.errors[known:]  # (reported as the line was replaced)

    def _split_at_invocation(self, toks: list[str], expanded: list[str]) -> tuple[list[str], list[str]]:
        """``expanded`` (the replacement of ``toks``) cut where the replacement of the line's last invocation begins:
        the tokens before it keep the line they were read on (an #include among that invocation's arguments moves the
        rest to its ")" line: d3dcompiler_47 10.1, session 48, ``x F(`` / ``#include`` ... is X3000 at x's line)."""
        self._needs_more(toks)
        known = len(self.errors)
        try:
            head = self.expand(toks[:self._open_at]) if self._open_at else []
        except (HlslError, _Unterminated):
            head = []
        finally:
            del self.errors[known:]  # (reported as the line was replaced)
        if expanded[:len(head)] != head:
            return [], expanded
        return head, expanded[len(head):]

    def _hold_string_line(self, lines: list[str], at: int, code: str, next_i: int, opened: bool) -> bool:
        """A string left open at the end of the logical line ``code`` (physical lines ``at`` to ``next_i - 1``) inside
        a macro's argument list -- ``opened``: the tokens before the quote leave one open, or the line is read into
        one --: fxc's string token holds the new-line and the list reads on, the next line as this one's text (never
        a directive) counted as this line, the columns after it going on from the string's (d3dcompiler_47 10.1,
        session 48: ``F("a`` / ``) pass`` writes ``"a\n pass``; ``F("a`` / ``b"c) pass`` is X1005 at (2,3) and
        (2,7); ``F("a`` / ``#define Y 1`` / ``) Y`` writes ``"a\n # define Y 1`` then ``Y``; ``__LINE__`` after it
        one less); at the file's end the string holds its last new-line and the list is left open (X1515, the name
        alone written: ``F(") pass``). X1005 at the quote; the lines joined in ``lines`` with STRING_NL between
        them. False where this is not the case (a last line with no new-line: X1006, read as before)."""
        q = _lone_quote(code)
        if not self.lenient or q is None or not opened:
            return False
        line = at + 1 + self.line_delta + (at == self._split_at)  # (the string's own line: in a list, not the first)
        if next_i >= len(lines) and self._open_end:
            # (a last line with no new-line: the string reaches the end of the file, X1006, the list left open --
            # X1515, the name alone written: ``F("a``)
            self.errors.append(HlslError(self.file, line, q + 1, ERR_STRINGEOF, "string continues past end of file"))
        else:
            self.errors.append(HlslError(self.file, line, q + 1, ERR_STRINGEOL,
                                         "string continues past end of line"))
        self._held = True
        raw = _logical_line(lines, at, SPLICE_MARK)[0]
        lines[at:next_i + 1] = [raw + STRING_NL + (lines[next_i] if next_i < len(lines) else "")]
        return True

    def _fxc_open_string(self, code: str, at_eof: bool) -> None:
        """A text line whose string runs to its end, given to fxc's text: the tokens before the quote replaced, then
        the string as one token that holds the line's new-line (fxc's reader goes on with the next line, which it
        counts as this one: no line end here) or, on a last line with no new-line, the NUL of the end of the file
        (d3dcompiler_47 10.1, session 43: ``x "abc`` / ``y`` writes ``x "abc\\n y \\n``, ``pass`` / ``"abc`` writes
        ``"abc\\0 ``)."""
        assert self.fxc is not None
        q = _lone_quote(code)
        if q is None:
            return
        before = self._tokens(code[:q])
        known = len(self.errors)
        try:
            before = self.expand(before)
        except (HlslError, _Unterminated):
            pass  # (an invocation the quote leaves open: its tokens as written)
        del self.errors[known:]  # (reported by _before_open_string, before the string's error)
        for t in before:
            if t != " ":
                self.fxc.token(self.shown, self.line, t)
        self.fxc.token(self.shown, self.line, code[q:].rstrip("\n") + ("\x00" if at_eof else "\n"))

    def _before_open_string(self, code: str) -> str:
        """A compile's text for a line whose string runs to its end: the tokens before the quote replaced (fxc's
        parser reads them before the string's X1005: compile_api._parser_error_before_open), the string left out."""
        q = _lone_quote(code)
        if q is None:
            return ""
        known = len(self.errors)
        try:
            before = self.expand(self._tokens(code[:q]))
        except (HlslError, _Unterminated):
            return ""  # (an invocation the quote leaves open: no text)
        finally:
            # the replacement's errors come before the string's X1005 (fxc reads the tokens in order: d3dcompiler_47
            # 10.1, session 47, ``F(1,2) "open`` is X1516 then X1005); _fxc_open_string reports none again
            found = self.errors[known:]
            del self.errors[known:]
            at = known - 1 if known and self.errors[known - 1].code in (ERR_STRINGEOL, ERR_STRINGEOF) else known
            self.errors[at:at] = found
        return " ".join(t for t in before if t != " ")

    def _define_open_string(self, code: str, next_line: str) -> None:
        """A ``#define`` whose string runs to the line's end: fxc's string token holds the new-line and the list goes
        on with the next line's tokens, that line counted as this one (d3dcompiler_47 10.1, session 43: ``#define S
        "abc`` / ``pass`` / ``S`` writes ``"abc\\n pass``, one line end for both lines)."""
        q = _lone_quote(code)
        head = re.match(r"\s*#\s*define\b(.*)", code[:q] if q is not None else "")
        if head is None or self._soft(self.define, head.group(1).strip(_BLANKS)) is _FAILED:
            return
        name = re.match(self._name_re, head.group(1).strip(_BLANKS))
        macro = self.macros.get(name.group(0)) if name else None
        if macro is None:
            return
        macro.body = [*macro.body, *([" "] if macro.body else []), code[q:].rstrip("\n") + "\n", " ",
                      *self._tokens(next_line.strip())]
        if self.fxc is not None:
            self.fxc.line_end(self.shown, self.line)

    def _name_cut_by_splice(self, rest: str) -> tuple[str, str | None]:
        """fxc reads an #include's or #line's name from its physical line: a splice inside it is no splice, the
        name runs to the line's end, the backslash its last character, and the string is left open there: X1005 at
        its quote (d3dcompiler_47 10.1, session 46: ``#include "to\\`` / ``p.h"`` is X1005 then X1507 'to\\'; ``#line
        5 "a\\`` / ``b"`` names ``a\\``, X1005 then X1500 at b). (``rest`` with the name closed there, the text after
        the splice) or (``rest``, None) where no splice cuts the name."""
        text = rest.lstrip()
        if not self.lenient or text[:1] not in ('"', "<") or SPLICE_MARK not in text:
            return rest, None
        closer = ">" if text[0] == "<" else '"'
        cut, close = text.index(SPLICE_MARK), text.find(closer, 1)
        if 0 <= close < cut:
            return rest, None
        raw = self._raw_line or ""
        quote = raw.find(text[0], raw.find("#") + 1)
        self.tolerate("string continues past end of line", ERR_STRINGEOL, quote + 1)
        return text[:cut] + "\\" + closer, text[cut + 1:]

    def _skip_to_next_token(self, first: bool) -> HlslError | None:
        """fxc's #include / #line reading on past its line (the main file's lines; see Preprocessor.include and the
        #line directive): the physical lines after
        the directive's, up to the first that holds a token (``first``) or the next one, are read with it
        (``_consumed_lines``); the X1500 of that line's first token."""
        if self.depth != 1:
            return None
        nxt = self.line - self.line_delta + self._consumed_lines  # (the next physical line's index)
        k = nxt
        while first and k < len(self._lines) and not self._lines[k].strip():
            k += 1
        if k >= len(self._lines):
            return None
        self._consumed_lines += k + 1 - nxt
        toks = [t for t in self._tokens(self._lines[k]) if t not in (" ", GAP)]
        if not toks:
            return None
        col = self._lines[k].index(toks[0][0]) + 1 if toks[0] else 1
        return HlslError(self.file, (k + 1 if first else self.line) + self.line_delta, col, ERR_PP_SYNTAX,
                         "syntax error : " + fxc_unexpected(toks[0]))

    def _spliced_include(self, d: str, lines: list[str], i: int, next_i: int, first_line: int) -> bool:
        """An ``#include`` among a macro's arguments (physical lines ``i`` to ``next_i`` - 1): fxc reads the file's
        text in its place, its tokens joining the argument and its directives taking effect there (d3dcompiler_47
        10.1, session 43: ``F(a`` / ``#include "t.h"`` / ``b)`` of ``t.h`` ``x y`` is ``F(a x y b)``). The file's
        lines replace the directive's in ``lines``, the lines after it keeping their numbers. False where fxc's
        mode is off, the name is not a plain one or the splices pass the nesting limit (the caller's reading then
        stands). A file that does not open stops fxc there: X1507, then X1515 for the invocation begun on
        ``first_line``."""
        m = re.match(r'#\s*include\s*(?:"([^"\n]*)"|<([^>\n]*)>)\s*$', d)
        if not self.lenient or m is None or self._splices >= 32:
            return False
        kind, fname = (0, m.group(1)) if m.group(1) is not None else (1, m.group(2))
        try:
            if self.include_open is None:
                raise OSError(fname)  # (no handler: D3DCompile's X1507, as a file that does not open)
            opened = self.include_open(kind, fname, self.real_file)
        except Exception:  # noqa: BLE001 -- any failure of the handler is fxc's X1507
            # (at the #include's own line: d3dcompiler_47 10.1, session 48, "F(" / "#include "nope.h"" is X1507 at 3)
            self.errors.append(HlslError(self.file, i + 1 + self.line_delta, 1, ERR_FILE_OPEN,
                                         f"failed to open source file: '{fname}'"))
            raise HlslError(self.file, first_line, 1, ERR_UNEXPECTEDEOF_MACRO,
                            "unexpected end of file in macro expansion") from None
        if len(opened) > 2 and opened[2] is not None:
            opened[2]()
        body = opened[0].replace("\r\n", "\n").split("\n")
        if body and body[-1] == "":
            body.pop()
        lines[i:next_i] = body
        self.line_delta -= len(body) - (next_i - i)
        self._splices += 1
        return True

    def _after_nul(self, tail: str) -> None:
        """A NUL after a directive's complete operands ends them: nothing more, or X1501 (as an error) where a token
        follows it (d3dcompiler_47 10.1, session 43: "#if 1\\0" / "#ifdef X\\0" / "#else\\0" read well, "#if 1\\0 x"
        is X1501; a NUL where an operand is due is X1500 "unexpected token ''")."""
        if any(t not in (" ", "\x00") for t in self._tokens(tail)):
            self.errors.append(HlslError(self.file, self.line, 1, ERR_UNEXPECTEDTOKENS,
                                         "unexpected tokens following preprocessor directive"))

    def _check_end(self, name: str, tail: str) -> None:
        """C99 §6.10.1/§6.10.3.5: the directive's new-line follows its operands. Strictly a warning (as MSVC's
        C4067); fxc reports the first extra token as its X1500 syntax error and the directive still takes effect
        (d3dcompiler_47 10.1, session 35: ``#ifdef A B`` opens its group, ``#endif x``, ``#undef A B``,
        ``#line 5 foo`` are errors)."""
        if not tail.strip():
            return
        if self.lenient:
            first = next(t for t in self._tokens(tail.strip()) if t != " ")
            if first == "\x00":
                self._after_nul(tail)
                return
            self.errors.append(self.error("syntax error : " + fxc_unexpected(first), ERR_PP_SYNTAX))
        else:
            self.warn(ERR_UNEXPECTEDTOKENS, f"unexpected tokens following preprocessor directive #{name}")

    def _token_after_comment(self) -> bool:
        """The main file's first block comment closes on a later line with text after its ``*/``, or never closes
        (fxc's text is then empty: ``/* unterminated`` / ``pass``, X1001)."""
        if self.depth != 1:
            return False
        for text in self._lines[1:]:
            if "*/" in text:
                return bool(text.split("*/", 1)[1].split("//", 1)[0].strip())  # (a // comment is no token)
        return True

    def _comment_closes_bare(self, i: int) -> bool:
        """The block comment a text line of the main file ends in closes on a later physical line (from ``i`` on)
        with nothing after its ``*/`` and a new-line after it: fxc returns that new-line as the text line's end
        (d3dcompiler_47 10.1, session 45: "pass /* fail" / "*/" then a new-line writes "pass " and its line end, "x"
        after it one line down; without the new-line the comment holds it, session 37)."""
        if self.depth != 1:
            return False
        inside = True
        for k in range(i, len(self._lines)):
            rest = self._lines[k]
            while True:
                if inside:
                    if "*/" not in rest:
                        break
                    rest, inside = rest.split("*/", 1)[1], False
                    continue
                # (after it only blanks, a // comment or another comment, which may run on: "*/ /* b" / "*/")
                rest = rest.lstrip()
                if rest.startswith("/*"):
                    rest, inside = rest[2:], True
                    continue
                if rest and not rest.startswith("//"):
                    return False
                return not (self._open_end and k == len(self._lines) - 1)
        return False

    def _comment_ends_file(self, lines: list[str]) -> bool:
        """The block comment the first line of ``lines`` (the file being read) ends in closes on the file's last
        line with nothing but blanks after its ``*/`` and no new-line after that: the file's end, not a new-line,
        ends the first line, which then returns no line end (d3dcompiler_47 10.1, session 49: a main file ``/*`` /
        ``*/`` writes nothing, an included one ``#line 2`` and its end's line end alone; with a new-line after the
        ``*/`` the first line's end stands)."""
        if not self._open_end:
            return False
        for k in range(1, len(lines)):
            if "*/" in lines[k]:
                return k == len(lines) - 1 and not lines[k].split("*/", 1)[1].strip()
        return False

    def _hold_if_line(self, at: int) -> None:
        """The main file's physical line ``at``, read into an ``#if`` / ``#elif`` whose argument list is open, leaves
        a string open at its end: as on a text line's list (``_hold_string_line``), X1005 at the quote, and the
        string holds the new-line -- the next line joins this one and is counted as it (d3dcompiler_47 10.1, session
        49: ``#if F(`` / ``"a`` / ``)`` is X1005 at (3,1), then the expression's X1500 at the ``#if``, the ``#endif``
        one line earlier; ``x "a`` X1005 at (3,3); two such lines two X1005; a last line with no new-line stays
        X1006's reading, as before)."""
        while True:
            code = self._lines[at]
            last = code.rsplit(STRING_NL, 1)[-1]  # (the joined line's own text; its columns go on from the string's)
            q = _lone_quote(last)
            if q is None or at + 1 >= len(self._lines) or last.rstrip().endswith("\\"):
                return
            self.errors.append(HlslError(self.file, at + 1 + self.line_delta, len(code) - len(last) + q + 1,
                                         ERR_STRINGEOL, "string continues past end of line"))
            self._held = True
            self._lines[at:at + 2] = [code + STRING_NL + self._lines[at + 1]]
