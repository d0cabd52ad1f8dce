"""``#include`` as fxc reads it (split from preprocessor.py, session 44): the directive's operand forms, the
handler's Open and Close calls (pParentData, the order of Close after a run that stops), the nesting limit, and the
name an included file goes by. ``Includes`` is mixed into ``preprocessor.Preprocessor``, whose state (``lenient``,
``fxc``, ``errors``, ``depth``, ``line``, ``shown``, ``real_file``, ``include_open``, ``once_files``,
``empty_include``, ``_unclosed``, ``_line_ends``, ``_consumed_lines``, ``error``, ``expand``, ``process``,
``_tokens``, ``_check_end``, ``_skip_to_next_token``) it reads and writes.
"""

from __future__ import annotations

import re

from .diagnostics import HlslError
from .ppexpr import ERR_PP_SYNTAX, fxc_unexpected
from .ppfxc import GAP
from .pppragma import _file_key
from .pprunon import ERR_FILE_OPEN

ERR_TOOMANYINCLUDES = 1506  # "There are too many nested #includes"
#: the deepest file an #include may open (the main file is 1; d3dcompiler_47 10.1, session 44)
MAX_INCLUDE_DEPTH = 32


class Includes:
    """The ``#include`` directive of ``Preprocessor`` (see the module docstring)."""

    def include(self, rest: str) -> None:
        rest, after_splice = self._name_cut_by_splice(rest)  # (the name a splice cuts: what follows is not read)
        if after_splice is not None:
            # (a name ending in a backslash names a folder: no file opens, whatever the handler, X1507)
            raise self.error(f"failed to open source file: '{rest.strip()[1:-1]}'", ERR_FILE_OPEN)
        text = rest.strip()
        m = re.match(r'"([^"\n]*)"|<([^>\n]*)>', text)
        after = None  # (the X1500 of a line read with the directive's, reported once the file is open)
        if self.lenient and not m and text[:1] in ('"', "<") and (">" if text[0] == "<" else '"') not in text[1:]:
            # a name left open runs to the line's end and the reader goes on onto the next line, whose first token
            # is the directive's X1500 (the line read with it); the file is still included (d3dcompiler_47 10.1,
            # session 43: #include "a.h / A includes a.h, X1005 then X1500 at A; "a.h x" is X1507 'a.h x')
            after = self._skip_to_next_token(first=False)
            # (the name keeps the blanks it ends in: fxc's text names "a.h  ", the file the handler opens is a.h --
            # Windows drops a name's trailing blanks; d3dcompiler_47 10.1, session 44)
            raw = self._raw_line or ""
            q = raw.find(text[0], raw.find("include"))
            name = raw[q + 1:].rstrip("\r\n") if q >= 0 and raw[q + 1:].strip() == text[1:].strip() else text[1:]
            kind, fname, tail = (0, name, "") if text[0] == '"' else (1, name, "")
        elif self.lenient and not text:
            # #include alone: fxc's reader looks on over blank lines for the name, the first token it meets X1500
            # and its line dropped (d3dcompiler_47 10.1, session 43: #include / pass is X1500 twice, no pass)
            err = self.error("syntax error : unexpected end of line", ERR_PP_SYNTAX)
            nxt = self._skip_to_next_token(first=True)
            if nxt is not None:
                err.followed_by = [nxt]
            raise err
        elif m:
            # §6.10.2p2/p3: a header name as written (6.4.7: its characters are not escapes, spaces are kept)
            kind, fname, tail = (0, m.group(1), text[m.end():]) if m.group(1) is not None else \
                (1, m.group(2), text[m.end():])
        else:
            if self.lenient:
                # fxc replaces no macros in #include: d3dcompiler_47 10.1 (session 35) reports the first token
                # as its X1500 ("#include INC" of #define INC "a.h": "unexpected token 'INC'") and goes on
                toks = [t for t in self._tokens(rest) if t not in (" ", GAP)]
                err = self.error("syntax error : " + fxc_unexpected(toks[0] if toks else None), ERR_PP_SYNTAX)
                if len(toks) > 1:
                    # ... and, recovering, the token after it (session 42: ``#include a.h`` is 'a' then '.')
                    err.followed_by = [self.error("syntax error : " + fxc_unexpected(toks[1]), ERR_PP_SYNTAX)]
                raise err
            # §6.10.2p4: any other form is macro-replaced first and must then match one of the two
            toks = [t for t in self.expand(self._tokens(rest)) if t != " "]
            if toks and toks[0].startswith('"'):
                kind, fname, tail = 0, toks[0][1:-1], " ".join(toks[1:])
            elif toks and toks[0] == "<" and ">" in toks:
                close = toks.index(">")
                kind, fname, tail = 1, "".join(toks[1:close]), " ".join(toks[close + 1:])
            else:
                raise self.error("#include expects \"FILENAME\" or <FILENAME>", ERR_PP_SYNTAX)
        if self.include_open is None:
            raise self.error(f"failed to open source file: '{fname}'", ERR_FILE_OPEN)
        if self.lenient and self.depth >= MAX_INCLUDE_DEPTH:
            # fxc refuses the #include of a file 32 deep before it asks the handler for it (d3dcompiler_47 10.1,
            # session 44: a file including itself is opened 31 times, then X1506 at the 31st copy's #include)
            raise self.error("too many nested #includes", ERR_TOOMANYINCLUDES)
        try:
            opened = self.include_open(kind, fname, self.real_file)
        except HlslError:
            raise
        except Exception:
            raise self.error(f"failed to open source file: '{fname}'", ERR_FILE_OPEN) from None
        # (the tokens after the name are checked once the file is open: fxc reports only X1507 for a file it cannot
        # open, d3dcompiler_47 10.1, session 37)
        self._check_end("include", tail)
        if after is not None:
            self.errors.append(after)  # (not where the file failed to open: X1507 alone)
        # (text, shown name) or (text, shown name, done): done() runs once the file is processed
        # (ID3DInclude::Close)
        text, shown = opened[0], opened[1]
        if self.lenient and not text:
            # an active #include of an empty file: fxc's D3DPreprocess fails (E_INVALIDARG, no message) where its
            # D3DCompile reads the file as nothing (d3dcompiler_47 10.1, session 44: std and ID3DInclude handlers,
            # once or twice, first or last; a file of one blank or a comment alone is read well; its cause inside
            # fxc is not known: the rule is the observation)
            self.empty_include = True
        if self.fxc is not None:
            # fxc's reader returns the #include's line end before the file it reads, which its text names as the
            # directive wrote it (d3dcompiler_47 10.1, session 37: #line 1 "a.h")
            # (at the line of the directive's last token: Preprocessor.process's tok_line)
            self.fxc.line_end(self.shown, self._last_token_at or self.line)
            self._line_ends = 0
        consumed = self._consumed_lines  # (the includer's lines read with the directive: the file's own set it again)
        done = opened[2] if len(opened) > 2 else None
        from_main = self.depth == 1  # (the includer is the main file; a failed process leaves depth as it was)
        try:
            if _file_key(shown) not in self.once_files:
                mark = self.fxc.enter() if self.fxc is not None else None
                self.process(text, shown, fname if self.fxc is not None else None)
                if self.fxc is not None and mark is not None:
                    self.fxc.leave(mark, self._carried is not None)
        except BaseException:
            # a run that stops inside the file: fxc closes the files still open in the order it opened them, once
            # the run is over (d3dcompiler_47 10.1, session 44: an ID3DInclude's Close calls for a.h > b.h > a
            # missing c.h are a.h's then b.h's); a file read to its end is closed there (innermost first)
            if done is not None:
                self._unclosed.append(done)
            if from_main:
                pending, self._unclosed = self._unclosed, []
                for close in reversed(pending):
                    close()
            raise
        else:
            if done is not None:
                done()
        finally:
            self._line_ends = 0  # (the file's own directives set it again)
            self._consumed_lines = consumed
