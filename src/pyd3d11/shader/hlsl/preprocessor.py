"""The HLSL preprocessor (C99 §6.10 as fxc implements it): #include, object- and function-like #define with
# and ## (fxc's: operands expanded first), the charizing #@, variadic macros (``...``, ``__VA_ARGS__``), #undef,
conditionals with 32-bit constant expressions (ppexpr.py) and defined(), #error (macro-expanded), #line, #pragma
(pack_matrix and warning kept for the compiler, once honoured, others warned about), the _Pragma operator
(§6.10.9), the predefined __LINE__/__FILE__ (the only ones fxc documents). Numbers are read as HLSL literals, not C
pp-numbers (``strict_c99`` keeps C's pp-numbers and ##). Diagnostics carry fxc's documented numbers (X1001-X1519,
"HLSL errors and warnings").

Output keeps one output line per input line (directives become blank lines) and inserts
``#line N "file"`` markers where the mapping jumps (includes, a _Pragma's own line), so the lexer reports fxc-style
``file(line,col)`` positions; a line with a replacement keeps its tokens at their source columns where it can.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .diagnostics import DirectiveError, HlslError
from .ppcond import IfExpressions
from .ppdefines import definition_text
from .ppdirective import ERR_MACRO_REDEFINITION, Directives, Macro, _Cond
from .ppexpand import ERR_COMMENTEOF, ERR_PARAMETERS_MACRO, PREDEFINED, Expansion
from .ppexpr import ERR_DIVZERO as ERR_DIVZERO  # the #if numbers live with the evaluator (ppexpr.py)
from .ppexpr import ERR_INVALID_INT_EXPR
from .ppfxc import (
    COMMENT_MARK,
    GAP,
    SPLICE_MARK,
    RecursionContext,
    gap_between,
)
from .ppinclude import ERR_TOOMANYINCLUDES, Includes

# (the lexical layer lives in pplex.py; _PUNCTS and _would_merge stay reachable here for the tests that read them)
from .pplex import _PUNCTS as _PUNCTS
from .pplex import (
    FXC_NAME,
    _join,
    _logical_line,
    _lone_quote,
    _NextLine,
    _open_comment_at,
    _placed_text,
    _same_tokens,
    _strip_comments,
    _tokenize_lines,
    integer_overflows,
    text_line,
    tokenize_line,
)
from .pplex import _would_merge as _would_merge
from .ppmarks import (
    _failed_name,
    _FailedName,
    _hs,
    _Unterminated,
)
from .ppmarks import destringize as destringize  # (tests import it from here)
from .ppmessage import ReadingOrder
from .pppragma import _KNOWN_PRAGMAS, Pragmas
from .pprunon import _BLANKS, _FAILED, ERR_STRINGEOL, ERR_UNEXPECTEDEOF_MACRO, RunOn, compile_text
from .pprunon import ERR_STRINGEOF as ERR_STRINGEOF  # (its number table: kept reachable here)
from .pptext import FxcText
from .ppwalk import after_empty_names, hash_after_invocation, leads_back, paren_follows


@dataclass
class PreprocessResult:
    text: str
    pack_matrix_row_major: bool | None = None
    includes: list[str] = field(default_factory=list)
    #: (file, line, code, message) of preprocessor warnings (an unknown ``#pragma``: X3568)
    warnings: list[tuple[str, int, int, str]] = field(default_factory=list)
    #: ``#pragma warning`` specifiers: warning number -> "disable" | "error" | "once" | "default" | "1".."4"
    warning_specs: dict[int, str] = field(default_factory=dict)
    #: the text of every file the run read, by the name ``#line`` markers give it (the main file, includes)
    sources: dict[str, str] = field(default_factory=dict)
    #: the errors fxc reports and goes on after (``preprocess(keep_errors=True)``; see ``Preprocessor.tolerate``)
    errors: list[HlslError] = field(default_factory=list)
    #: the text as fxc's D3DPreprocess writes it (pptext.FxcText; fxc's mode only)
    fxc_text: str | None = None
    #: an active #include read an empty file (fxc's D3DPreprocess then fails: Preprocessor.include)
    empty_include: bool = False
    #: the main file's last line has no new-line (the compiler's end of file is on it: lexer.lex)
    open_end: bool = False


#: fxc's preprocessor numbers, from Microsoft's table of its codes (MicrosoftDocs "HLSL errors and warnings",
#: CompErrors.h); the directives' live in ppdirective.py, macro replacement's in ppexpand.py
ERR_PP_SYNTAX = 1500  # "An invalid preprocessor syntax": a malformed directive operand
ERR_UNEXPECTEDEOF = 1502  # "The end of file was reached unexpectedly": an #if open at the end of a file


def _last_token_line(code: str, breaks: list[tuple[int, int]], start: int) -> int:
    """The physical line (index) of the last token of the logical line ``code`` that begins on line ``start``
    (``breaks``: pplex._logical_line's; comments blanked, splices ``SPLICE_MARK``); ``start`` when it holds none."""
    pos = max((k for k, ch in enumerate(code) if ch not in _BLANKS and not ch.isspace()), default=-1)
    return max((phys for off, phys in breaks if off <= pos), default=start)


class Preprocessor(Directives, Expansion, IfExpressions, Pragmas, RunOn, Includes):
    """One preprocessing run. ``include_open(kind, name, parent_file) -> (text, file_name)`` loads includes."""

    def __init__(self, defines: dict[str, str] | None = None,
                 include_open: Callable[[int, str, str], tuple[str, str]] | None = None, strict_c99: bool = False):
        #: C99's ``##`` (operands pasted unexpanded) instead of fxc's: the differential test against cpp uses it
        self.strict_c99 = strict_c99
        #: fxc's tolerance of malformed conditionals, unknown directives, #if division by zero and an invocation
        #: open at the end of the file: a warning and the input ignored, where C99 requires a diagnostic and GCC
        #: (the differential test's reference) stops. The record of fxc's behaviour is vkd3d-shader's
        #: preprocessor (preproc.y / preproc.l), written against tests verified on Windows' d3dcompiler_47:
        #: "Ignoring #else after #else", "Ignoring #endif without prior #if", "Unterminated #if block",
        #: "Ignoring unknown directive", "Division by zero", "Unterminated macro invocation" are all warnings there
        self.lenient = not strict_c99
        self._name_re = FXC_NAME if self.lenient else r"[A-Za-z_]\w*"  # (a macro's name: pplex.FXC_NAME)
        self._mark = COMMENT_MARK if self.lenient else " "  # what _strip_comments writes for a comment
        self._marked_line: str | None = None  # a directive line's text with its comments marked (see pplex.directive_text)
        self._raw_line: str | None = None  # a directive's logical line as written (#error's text)
        self._last_token_at = 0  # the presumed line of a directive's last token (process: its line end, #include's)
        self._carried: list[str] | None = None  # an invocation an included file left open (see process)
        self._carried_at = ("", 0)  # (its file and line as fxc's text names them)
        self._ghost: str | None = None  # (a macro removed among its own invocation's arguments: see process)
        self.macros: dict[str, Macro] = {}
        #: the error reading a definition reported (fxc's mode: ppdefines; raised when the run starts)
        self._define_error: HlslError | None = None
        for k, v in (defines or {}).items():
            # a definition given as None is 1 (fxc's /D NAME); an empty one is an empty replacement list; fxc reads
            # its text as source (comments, the first new-line ends it: ppdefines)
            if v is not None and not strict_c99:
                v, err = definition_text(v)
                self._define_error = self._define_error or err
            self.macros[k] = Macro(k, None, tokenize_line("1" if v is None else v.strip(), strict_c99))
        self.include_open = include_open
        self.sources: dict[str, str] = {}
        self.out: list[str] = []
        self.pack_matrix_row_major: bool | None = None
        self.file = ""  # the presumed name (__FILE__, diagnostics): #line may change it
        self.real_file = ""  # the file being read: its includes are looked up from it
        self.line = 0
        #: presumed minus physical line number of the current file, set by #line (C99 §6.10.4)
        self.line_delta = 0
        self._line_directive: int | None = None
        self._in_if = False  # expanding the expression of #if / #elif
        self._consumed_lines = 0  # (ppcond: the physical lines after an #if that its open argument list read)
        self._split_at = -1  # (process: the line read as two, the second numbered as the first)
        self._splices = 0  # (pprunon: the #include files read among a macro's arguments)
        self._held = False  # (pprunon: a line held a string an argument list's line end left open)
        self._main_open_end = False  # (the main file's last line has no new-line: PreprocessResult.open_end)
        self._operand_ends_line = False  # (ppcond: the #if line's last token was a produced defined's operand)
        self._expand_depth = 0  # nesting of expand() (arguments are expanded on their own)
        self._contexts: list[RecursionContext] = []  # fxc's mode: the expand() calls under way, innermost last
        self._expansion_line = 0  # the line of the outermost macro name being expanded
        self._open_at = 0  # set by _needs_more
        #: the errors fxc's preprocessor reports and goes on after (``tolerate``; every error but #error, a file
        #: that fails to open and the resource limits): D3DPreprocess returns its text and these messages
        self.errors: list[HlslError] = []
        self.warnings: ReadingOrder = ReadingOrder(self.errors)
        for name in getattr(defines, "redefined", ()):  # (ppdefines.Definitions: fxc's X1519 of each)
            self.warnings.append(("", 1, ERR_MACRO_REDEFINITION, f"'{name}' : macro redefinition"))
        self.warning_specs: dict[int, str] = {}
        self.depth = 0
        self.empty_include = False  # (an active #include read an empty file: see include)
        self._unclosed: list[Callable[[], None]] = []  # (Close calls a stopped run still owes: see include)
        #: the files a ``#pragma once`` marked (_file_key of the name the include handler gave)
        self.once_files: set[str] = set()
        self.expansion_work = 0  # tokens produced by macro expansion, nested levels included
        self._open_end = False  # the file being read has no new-line after its last line (see process)
        self._left_open: list[_Cond] = []  # the groups an included file left open (fxc's mode, see process)
        self.pragma_ops = 0  # _Pragma operators met by expansion (a line that met one is written by _emit_with_pragmas)
        #: fxc's D3DPreprocess text, written as the run goes (fxc's mode): each token at its line, each line end
        #: fxc's reader returns (pptext.FxcText)
        self.fxc = FxcText() if self.lenient else None
        #: the name fxc's text gives the file being read: the main file's ``main_shown`` (its full path, given by
        #: D3DPreprocess), an include's name as its directive wrote it, a ``#line`` directive's name (``__FILE__``
        #: keeps ``file``, the name as given: fxc spells the main file's full path there too, not built)
        self.shown = ""
        self.main_shown: str | None = None
        #: (index in the outermost expand's output, the line its tokens from there on stand at): see _token_lines
        self._marks: list[tuple[int, int]] = []
        self._lines: list[str] = []  # the main file's physical lines
        self._file_lines: list[str] = []  # the physical lines of the file being read
        self._line_named = False  # the last #line named a file
        self._line_ends = 1  # the line ends a directive returns to fxc's text (a pragma fxc does not read: 2)
        self._groups_open = 0  # the conditional groups open where a directive begins (see ppcond._strays_after)

    # --- errors -----------------------------------------------------------------------------------
    def error(self, msg: str, code: int = 1000, col: int = 1) -> HlslError:
        return HlslError(self.file, self.line, col, code, msg)

    def warn(self, code: int, msg: str) -> None:
        """A preprocessor warning at the current line (D3DPreprocess's ppErrorMsgs, the compile's warnings)."""
        self.warnings.append((self.file, self.line, code, msg))

    def tolerate(self, message: str, code: int, col: int = 1) -> None:
        """An error after which fxc's preprocessor goes on (``lenient``): strictly raised; in fxc's mode recorded
        in ``errors`` and the caller ignores the input. d3dcompiler_47 10.1 (under Wine, session 35) reports
        these as errors -- D3DCompile fails -- while D3DPreprocess still returns S_OK and its text."""
        if not self.lenient:
            raise self.error(message, code, col)
        self.errors.append(self.error(message, code, col))

    def _lex_numbers(self, code: str) -> None:
        """The integers past 64 bits in text fxc's lexer reads (pplex.integer_overflow): reported, the run goes on."""
        for num, msg in integer_overflows(code) if self.lenient else ():
            self.errors.append(self.error(msg, num))

    #: the errors that end fxc's preprocessing (D3DPreprocess fails): #error, a file that does not open, the
    #: resource limits, an #if that macro replacement leaves empty (X1518); every other error is reported and the run goes on (d3dcompiler_47 10.1, session 35)
    FATAL_CODES = frozenset({1000, 1003, 1506, 1507, ERR_INVALID_INT_EXPR})

    def _soft(self, run: Callable[..., object], *args: object) -> object:
        """``run(*args)``; in fxc's mode an error of it that fxc goes on after is recorded and ``_FAILED``
        returned (the directive or line has no effect: ``#if`` with a malformed expression opens no group, so its
        ``#endif`` is then "unexpected", as fxc reports)."""
        try:
            return run(*args)
        except _Unterminated:
            raise
        except HlslError as exc:
            if not self.lenient or exc.code in self.FATAL_CODES:
                raise
            self.errors.append(exc)
            self.errors.extend(getattr(exc, "followed_by", ()))  # (fxc's parser reporting on as it recovers)
            return _FAILED

    # --- driving ------------------------------------------------------------------------------------
    def run(self, text: str, file: str) -> PreprocessResult:
        if self._define_error is not None:
            # (a stopping error; one the reader went on after comes first: D3DPreprocess reports both, a compile
            # the first -- see preprocess)
            later = getattr(self._define_error, "followed_by", None)
            if later:
                self.errors.append(self._define_error)
                raise later[0]
            raise self._define_error
        self.process(text, file)
        # (a splice mark left inside a string literal is the splice, removed as C99's phase 2 removes it)
        return PreprocessResult(compile_text(self.out), self.pack_matrix_row_major,
                                warnings=self.warnings, warning_specs=self.warning_specs, sources=self.sources,
                                errors=self.errors, fxc_text=self.fxc.text() if self.fxc is not None else None,
                                empty_include=self.empty_include, open_end=self._main_open_end)

    def process(self, text: str, file: str, shown: str | None = None) -> None:
        self.depth += 1
        if self.depth > 32:
            raise self.error("#include nesting too deep", ERR_TOOMANYINCLUDES)
        saved_file, saved_line, saved_shown = self.file, self.line, self.shown
        self.shown = shown or (self.main_shown if self.depth == 1 and self.main_shown else file)
        saved_real, saved_delta = self.real_file, self.line_delta
        saved_open_end = self._open_end
        # an included file's presumed name is its name as the #include wrote it (fxc's mode: its diagnostics, the
        # compiler's and __FILE__ say "err.h(1,..)" for #include "err.h", whatever path the handler opened;
        # d3dcompiler_47 10.1, session 44); the file read is still found from its own path
        self.real_file = file
        self.file = shown if self.lenient and shown else file
        self.line_delta = 0
        self.sources.setdefault(self.file, text)  # for /Zi debug information (every file of the compile)
        self.out.append(f'#line 1 "{self.file}"')
        # (fxc ends a line at \n or \r\n only: a lone \r is a blank, in a string or a // comment a character of it;
        # d3dcompiler_47 10.1, session 42: "#if 1\rpass" is X1500 at pass)
        text = text.replace("\r\n", "\n") if self.lenient else text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        eof_line = len(lines)  # (the line fxc's reader is on at the end of the file)
        if self.depth == 1:
            self._lines = lines
        saved_lines, self._file_lines = self._file_lines, lines
        if lines and lines[-1] == "" and not (self.lenient and len(lines) > 1 and lines[-2].endswith("\\")):
            lines.pop()  # (fxc: a backslash before the file's last new-line is still a splice, session 36)
        #: the last line has no new-line: a string left open there reaches the end of the file (X1006, not X1005)
        # (a backslash before the file's last new-line splices it away: "pass\\" then a new-line ends as "pass"
        # does, its line end not returned, after a backslash too; d3dcompiler_47 10.1, session 44)
        self._open_end = bool(text) and (not text.endswith("\n") or (self.lenient and text.endswith("\\\n")))
        if self.depth == 1:
            self._main_open_end = self._open_end
        conds: list[_Cond] = []
        incomment = [False]
        string_open: str | None = None  # a string left open at the line's end: how the next line goes on
        eof_directive = False  # the last line, with no new-line, is a directive that returns no line end
        ends_in_string = False  # the last line is text whose string runs to its end
        i = 0
        while i < len(lines):
            start = i
            raw, i, breaks = _logical_line(lines, i, SPLICE_MARK if self.lenient else "")
            self.line = start + 1 + self.line_delta + (start == self._split_at)
            was_in_comment = incomment[0]
            marked = _strip_comments(raw, incomment, self._mark)
            code = marked.replace(COMMENT_MARK, " ") if self.lenient else marked
            active = all(c.active for c in conds[-1:]) if conds else True
            s = code.strip()
            if self.lenient and s.startswith(SPLICE_MARK):
                # a line of blanks and a splice before a directive's "#" joins it: still a directive (d3dcompiler_47
                # 10.1, session 46: "\\" / "#define X pass" defines X, its line end at line 2; "x\\" / "#define"
                # is text)
                s = s.lstrip(_BLANKS)
            if self.lenient and active and not was_in_comment and i == start + 1 and start != self._split_at and \
                    not incomment[0] and (k := hash_after_invocation(self.macros, code)):
                # fxc reads a # right after the "(" of an invocation that begins the line as a directive's, among
                # the arguments (d3dcompiler_47 10.1, session 42: X(#a) pass is X1504 then X1515, X(#undef Y
                # new-line ) as X( new-line #undef Y ...; pass X(#a), X(1,#a), (X(#a)) are text): the line is read as
                # two, the second numbered as the first
                lines[start:start + 1] = [raw[:k], raw[k:]]
                self._split_at = start
                self.line_delta -= 1
                incomment[0] = was_in_comment
                i = start
                continue
            continued, string_open = string_open, None
            if continued and not was_in_comment:
                # (counted as the line it continues: fxc's lines after it are one less, session 42)
                self.line_delta -= 1
                self.line -= 1
                # the line after one whose string ran to its end continues that line (fxc's string token holds the
                # new-line): never a directive, in a skipped group skipped whatever it holds (d3dcompiler_47 10.1,
                # session 42: "#if 0" / "x "abc" / "#else" / "pass" / "#endif" writes nothing, X1005; active, x "abc /
                # #define X 1 writes "# define X 1" as text); a string it leaves open continues it onto the next
                if _lone_quote(code) is not None and (continued == "skip" or not active):
                    # (an active text line's own check below reports it, once: d3dcompiler_47 10.1, session 43)
                    self.tolerate("string continues past end of line", ERR_STRINGEOL, _lone_quote(code) + 1)
                    string_open = continued
                if continued == "skip" or not active:
                    self.out.extend([""] * (i - start))
                    continue
                s = "\x00" + s  # (text)
            elif self.lenient and not active and not was_in_comment and not s.startswith("#") and \
                    _lone_quote(code) is not None:
                self.tolerate("string continues past end of line", ERR_STRINGEOL, _lone_quote(code) + 1)
                string_open = "skip"
            # (an #elif is read where no group of its #if was taken)
            reads = active and not s.startswith("#") or (active and re.match(r"#\s*if\b", s)) or bool(
                re.match(r"#\s*elif\b", s) and conds and conds[-1].parent_active and not conds[-1].taken)
            if reads and not continued and not was_in_comment and not incomment[0] and \
                    self._hold_string_line(lines, start, code, i, self._opens_list(code)):
                eof_line -= 1  # (the two lines are one: see RunOn._hold_string_line)
                i = start
                continue
            if self.lenient and active and "#" in s and not s.startswith("#") and not was_in_comment:
                s = after_empty_names(self.macros, s)
            if not s.startswith("#") or was_in_comment:
                self._lex_numbers(code)  # (a skipped group's text lines too; directives: see directive)
            if active and (not s.startswith("#") or re.match(r"#\s*define\b", s)):
                if self._soft(self._check_string, code, i, len(lines)) is _FAILED:
                    self.out.extend([""] * (i - start))  # fxc goes on after the line's error
                    if self.lenient and not s.startswith("#") and i > start:
                        self.out[start - i] = self._before_open_string(code)
                    if self.fxc is not None and not s.startswith("#"):
                        self._fxc_open_string(code, i >= len(lines) and self._open_end)
                    elif self.lenient and i < len(lines) and not was_in_comment:
                        self._define_open_string(code, lines[i])
                    if self.lenient and i < len(lines):
                        string_open = "skip" if s.startswith("#") else "text"
                    ends_in_string = i >= len(lines) and not s.startswith("#")
                    continue
            elif active and self.lenient and s.startswith("#") and not was_in_comment and \
                    not re.match(r"#\s*error\b", s):
                # a string left open on any other directive's line is X1005 too, and the directive is still read
                # (d3dcompiler_47 10.1, session 37: #include "a.h, #line 1 "f, #undef "a, #pragma message("a); an
                # #include's <name> is read as a string too (#include <a.h is X1005)
                inc = re.match(r"\s*#\s*include\s*<[^>]*$", code)
                if inc:
                    self.tolerate("string continues past end of line", ERR_STRINGEOL, code.index("<") + 1)
                elif re.match(r"\s*#\s*line\b", code) and code.count('"') % 2 == 0:
                    pass  # (#line's name has no escapes: "q\" is closed; see directive)
                elif re.match(r"\s*#\s*pragma\s+(?!(" + "|".join(_KNOWN_PRAGMAS) + r")\b)", code):
                    pass  # (an unknown pragma stops fxc's reader at its name: "#pragma foo "abc" is no X1005)
                elif self._soft(self._check_string, code, i, len(lines)) is _FAILED and i < len(lines) and \
                        not re.match(r"\s*#\s*(include|line)\b", code):
                    # the string's token holds the new-line: the next line is read with the directive, dropped from
                    # the text and counted as its line (d3dcompiler_47 10.1, session 43: #undef "a / x / __LINE__
                    # writes 2; #include and #line read it themselves)
                    string_open = "skip"
            if s.startswith("#") and not was_in_comment:
                # (the physical line of the directive's last token: see below)
                tok_line = _last_token_line(code, breaks, start) if self.lenient else i - 1
                if self._open_end and i >= len(lines):
                    tok_line = i - 1  # (a splice before the file's last new-line: see _open_end)
                while incomment[0] and i < len(lines):
                    # a comment is one space (C99 5.1.1.2 phase 3, before directives are read in phase 4): a
                    # block comment that opens on a directive line carries the directive on past its end -- into
                    # an #if's expression too, which reads the marked text (d3dcompiler_47 10.1, session 44:
                    # "#if 0 /* c" / "*/ || 1" takes its group, "#if 1 /* c" / "*/ pass" is X1500 at pass)
                    cont = _strip_comments(lines[i], incomment, self._mark)
                    s += " " + (cont.replace(COMMENT_MARK, " ") if self.lenient else cont).strip()
                    marked += " " + cont
                    i += 1
                    if self.lenient and cont.replace(COMMENT_MARK, " ").strip(_BLANKS):
                        tok_line = i - 1
                # fxc returns a directive's line end at the line of its last token: later lines that a splice or a
                # comment joins and that hold no token give none (d3dcompiler_47 10.1: session 45, "#undef X /*" /
                # "*/" / "y" is "#line 1", a line end, y at 3; a token after the */ keeps its line's; session 46,
                # "#define X 1 \\" / " 2 \\" / "" ends at line 2, "#if 1\\" / "" at line 1), and the lines after
                # it are counted from there ("#line 5\\" / "" / "__LINE__" is 6)
                if self.lenient and self._open_end and i >= len(lines) and i - 1 > tok_line and \
                        not lines[i - 1].rstrip().endswith("\\"):
                    # (a comment the directive carries to the end of a file with no last new-line: the file's end
                    # closes the line, and its line end is at the last line; d3dcompiler_47 10.1, session 49:
                    # "#define X /* c" / " */" is "#line 2", with a blank line between "#line 3"; in an included file
                    # the end's own line end at that line again)
                    tok_line = i - 1
                before = (self.shown, tok_line + 1 + self.line_delta)
                self._line_ends = 1
                self._last_token_at = before[1] if self.lenient else 0
                self._marked_line = marked if self.lenient and COMMENT_MARK in marked else None
                self._raw_line = raw
                self._consumed_lines = 0
                emitted = self._soft(self.directive, s[1:].strip(), conds, active, start)
                self._marked_line = self._raw_line = None
                self._last_token_at = 0
                if self._consumed_lines:
                    # an #if / #elif whose argument list closes on a later line read those lines (ppcond): each
                    # gives the text its line end, as the directive's own does
                    i += self._consumed_lines
                    self.out.extend([""] * self._consumed_lines)
                    before = (self.shown, i + self.line_delta)
                    tok_line = i - 1
                failed, emitted = emitted is _FAILED, False if emitted is _FAILED else emitted
                if self._line_directive is not None:
                    # "#line N": the line after the directive (physical line i + 1; fxc's mode: the line after its
                    # last token's, see above) is line N
                    self.line_delta = self._line_directive - (tok_line + 2 if self.lenient else i + 1)
                    if self.lenient and self.depth > 1 and self._open_end and i >= len(lines) and not self._line_named:
                        # (an unnamed "#line N" an included file ends with, no new-line after it: the file's end is
                        # at line N - 2, one before the named form's N - 1; d3dcompiler_47 10.1, session 48: "x" /
                        # "#line 20" ends at 18, "#line 3 "n.h"" at 2, "#line 1" at 4294967295)
                        self.line_delta -= 1
                    self._line_directive = None
                    if self._line_named:
                        # fxc: #line N "f" numbers its own line N-1
                        before = (self.shown, (tok_line + 1 if self.lenient else i) + self.line_delta)
                if self._open_end and i >= len(lines):
                    # the file's last line, with no new-line after it: only #define and #pragma, which read their
                    # line to its end, return one (d3dcompiler_47 10.1, session 37: "a" then "#undef X", "#line 7",
                    # "#endif" write "a " alone, "#define X" and "#pragma foo" one new-line more)
                    # (a #define that fails stops reading before it: "#define 1" writes nothing; session 39)
                    # An included file's last directive returns its line end all the same, the file's end one more
                    # at the same line (d3dcompiler_47 10.1, session 48: a file "x" / "#undef Y" writes x, the line
                    # ends of lines 2 and 2 again; "#endif", "#else", "#", "#line 9" alike)
                    self._line_ends = min(self._line_ends, 1) if (self.depth > 1 and self.lenient) or (re.match(
                        r"#\s*(define|pragma)\b", s) and not (failed and re.match(r"#\s*define\b", s))) else 0
                    eof_directive = not re.match(r"#\s*(define|pragma)\b", s)
                if self.fxc is not None and (all(c.active for c in conds[-1:]) if conds else True):
                    for k in range(self._line_ends):
                        # (a pragma that a token stopped returns a second line end at the line of the new-line that
                        # ends it: "#pragma foo\\" / "" writes line 1's and line 2's; d3dcompiler_47 10.1, session 46)
                        self.fxc.line_end(*(before if k == 0 else (self.shown, i + self.line_delta)))
                if emitted is True:
                    self.out.append(f'#line {i + 1 + self.line_delta} "{self.file}"')
                elif emitted:
                    self.out.append(emitted)
                else:
                    self.out.append("")
            else:
                if active:
                    # fold the multi-line macro invocations: join following lines while parens are open
                    first_line = self.line
                    pragma_ops_before = self.pragma_ops
                    splices_before, errors_before = self._splices, len(self.errors)
                    done: list[str] = []  # the expansion of the tokens before a directive among arguments
                    toks = _tokenize_lines(marked, breaks, self.line_delta, self.strict_c99)
                    undone: str | None = None  # (an invocation whose macro a directive among its arguments removed)
                    carried, self._carried = self._carried, None
                    if carried is not None:
                        toks = carried + ([] if carried[-1:] == [" "] else [GAP]) + toks
                    while (more := self._needs_more(toks)) and i < len(lines):
                        nxt = _NextLine.read(lines, i, incomment, self._mark)
                        if not nxt.is_directive and not incomment[0] and not (conds and not conds[-1].active) and \
                                more != "name" and self._hold_string_line(lines, i, nxt.text, nxt.next_i, True):
                            # (a line of the list whose string runs to its end: the next line joins it)
                            nxt.unread(incomment)
                            eof_line -= 1
                            nxt = _NextLine.read(lines, i, incomment, self._mark)
                        d = nxt.text.strip()
                        if nxt.is_directive:
                            if more != "name" and self._spliced_include(d, lines, i, nxt.next_i, first_line):
                                nxt.unread(incomment)
                                continue  # (the file's lines are read on as the arguments' own)
                            if more == "name" or re.match(r"#\s*include\b", d):
                                nxt.unread(incomment)
                                break
                            # a directive among a macro's arguments takes effect where it stands (as
                            # in GCC and fxc; undefined in C99) and adds no tokens; the tokens before the
                            # invocation were replaced before it was read
                            if self._open_at:
                                self.line = first_line
                                try:
                                    done.extend(self.expand(toks[:self._open_at]))
                                    toks = toks[self._open_at:]
                                except _Unterminated:
                                    pass  # a replacement's "(" opened an earlier list: the line stays whole
                            self.line = i + 1 + self.line_delta
                            here = all(c.active for c in conds[-1:]) if conds else True
                            opener = next((x for x in toks if x not in (" ", GAP)), None)
                            before_directive = self.macros.get(str(opener))
                            self._arguments_directive(d, conds, here, lines, i, first_line)
                            if self.lenient and before_directive is not None and \
                                    self.macros.get(str(opener)) is not before_directive:
                                # the open invocation's macro #undef'd or redefined among its arguments: fxc gives
                                # the invocation up with X1516, its name alone in the text (d3dcompiler_47 10.1,
                                # session 46: "F(pass" / "#undef F" / ")" is "F", X1516; D3DPreprocess crashes on
                                # "F(" / "#undef F" / "pass)", D3DCompile X1516)
                                undone = self._ghost = opener  # (its list is still read to its ")": _invokes)
                            i = nxt.next_i
                            if self._line_directive is not None:
                                # "#line N" among the arguments numbers the line after it N, as it would
                                # outside the invocation (GCC); left pending, the next directive applied it
                                self.line_delta = self._line_directive - (i + 1)
                                self._line_directive = None
                            continue
                        if more == "name" and not d.startswith("("):
                            nxt.unread(incomment)  # the name is not invoked: this line is its own
                            break
                        self._lex_numbers(nxt.text)
                        if conds and not conds[-1].active:
                            i = nxt.next_i
                            continue  # skipped by a conditional among the arguments
                        self._check_string(nxt.text, nxt.next_i, len(lines), i)
                        toks = self._fold(toks, nxt, i)
                        i = nxt.next_i
                    self.line = first_line
                    read = toks  # (the tokens read: their last one's line is the line end's)
                    if undone is not None:
                        self._ghost = None
                        toks = self._given_up(toks, undone)
                    while True:
                        # the replacement is rescanned with the rest of the source (C99 §6.10.3.4p1): an
                        # expansion that ends in a function-like macro name takes its "(" from the next line,
                        # one that opens an invocation takes the next lines until it closes
                        try:
                            expanded = self.expand(toks)
                            # (fxc takes no "(" from the next line: see Gap)
                            more = not self.lenient and self._ends_with_function_name(expanded)
                        except _Unterminated:
                            expanded, more = None, True
                        if more and i < len(lines):
                            nxt = _NextLine.read(lines, i, incomment, self._mark)
                            if not nxt.is_directive and (expanded is None or nxt.text.strip().startswith("(")):
                                self._lex_numbers(nxt.text)
                                toks = self._fold(toks, nxt, i)
                                i = nxt.next_i
                                self.line = first_line
                                continue
                            d = nxt.text.strip()
                            if expanded is None and self.lenient and nxt.is_directive and \
                                    not re.match(r"#\s*include\b", d):
                                # an argument list that a replacement's "(" keeps open reads on through the
                                # directives after it as the file's own does (d3dcompiler_47 10.1, session 37)
                                self.line = i + 1 + self.line_delta
                                here = all(c.active for c in conds[-1:]) if conds else True
                                self._soft(self.directive, d[1:].strip(), conds, here, i)
                                i = nxt.next_i
                                self.line = first_line
                                continue
                            if expanded is None and self.lenient and conds and not conds[-1].active:
                                self._lex_numbers(nxt.text)
                                i = nxt.next_i
                                continue
                            nxt.unread(incomment)
                        if expanded is None and self.lenient and self.depth > 1 and i >= len(lines) and not done:
                            # an invocation an included file leaves open goes on in the includer: fxc collects its
                            # arguments across the file's end (d3dcompiler_47 10.1, sessions 45-46: "G(pass" in a
                            # file, ")" after its #include is "pass" at the ")" line, no X1515, no marker for the
                            # file): the tokens wait for the includer's next text line (_carried)
                            head, self._carried = toks[:self._open_at], toks[self._open_at:]
                            self._carried_at = (self.shown, first_line)
                            # (the tokens before the open invocation stay in the file's text, no line end)
                            done = self.expand(head)
                            for tok in done if self.fxc is not None else ():
                                if tok != " ":
                                    self.fxc.token(self.shown, first_line, tok)
                            break
                        if expanded is None and carried is not None:
                            # (never closed: X1515 and the name at the place the included file opened it)
                            saved = self.file, self.shown, self.line
                            self.shown, self.line = self._carried_at
                            self.file = self.shown
                            try:
                                expanded = self._unterminated_call(toks)
                            finally:
                                self.file, self.shown, self.line = saved
                            carried = []  # (written below at that place)
                        if expanded is None:
                            if self.lenient and self.depth == 1 and i >= len(lines) and conds and \
                                    not all(c.foreign for c in conds):
                                # (the file's end inside a group: fxc reports the group's X1502 before the
                                # invocation's X1515, then its two at the end; d3dcompiler_47 10.1, session 46:
                                # "#if 1" / "F(" is X1502, X1515, X1502, X1502)
                                self.tolerate("unexpected end of file", ERR_UNEXPECTEDEOF)
                            expanded = self._unterminated_call(toks)
                        break
                    if self._carried is not None:
                        self.out.append(text_line(_join(done)))
                        self.out.extend([""] * (i - start - 1))
                        continue
                    if self.fxc is not None and carried == []:
                        for tok in expanded:
                            if tok != " ":
                                self.fxc.token(*self._carried_at, tok)
                    elif self.fxc is not None:
                        at = first_line
                        if carried is not None:
                            at, self._marks = i + self.line_delta, []  # (at the line of the ")", as below)
                        elif self._splices != splices_before and not any(
                                e.code == ERR_PARAMETERS_MACRO for e in self.errors[errors_before:]):
                            # (an #include among the arguments: fxc writes the expansion after the file, at the ")"
                            # line, a name whose arguments do not match at its own; d3dcompiler_47 10.1, session 43)
                            at, self._marks = i + self.line_delta, []
                        self._fxc_line(read if undone is not None else toks, done, expanded, at, i, len(lines), start,
                                       incomment[0])
                    if self.pragma_ops != pragma_ops_before:  # the line's expansion met a _Pragma
                        self._emit_with_pragmas(done + expanded, first_line, i + 1 + self.line_delta)
                        continue
                    if carried is not None:
                        self.out.append(text_line(_join(expanded)))
                    elif self.lenient and (held := self._before_held_string(read)) is not None:
                        self.out.append(text_line(_join(done + held)))
                    elif not done and i - start == 1 and _same_tokens(toks, expanded):
                        # nothing replaced on one physical line: its text as written (comments blanked to their
                        # length), so every token keeps its column — fxc's ``(line,col)`` counts each character
                        # of the physical line, leading blanks included
                        self.out.append(text_line(code.rstrip()))
                    elif not done and i - start == 1:
                        # a replacement on the line: every token where the physical line has it when the text
                        # allows (_placed_text), so a diagnostic's column is the source's or the use site's
                        self.out.append(text_line(_placed_text(code, toks, expanded, self.strict_c99)))
                    elif self.lenient and self._splices != splices_before:
                        # (an #include among the arguments: the compile reads the replacement at the ")" line, as
                        # fxc's text writes it -- its parser's errors there, d3dcompiler_47 10.1, session 48: "F(pass"
                        # / "#include "two.h"" / ")" is X3000 at line 3)
                        head, tail = self._split_at_invocation(read, expanded)
                        self.out.append(text_line(_join(done + head)))
                        self.out.append(f'#line {i + self.line_delta} "{self.file}"')
                        self.out.append(text_line(_join(tail)))
                    else:
                        self.out.append(text_line(_join(done + expanded)))
                    if i - start > 1:
                        self.out.append(f'#line {i + 1 + self.line_delta} "{self.file}"')
                else:
                    self.out.append("")
                    for _ in range(i - start - 1):
                        self.out.append("")
                    continue
                continue
            for _ in range(i - start - 1):
                self.out.append("")
        if incomment[0]:
            # C99 5.1.1.2p1: "A source file shall not end ... in a partial comment"; fxc's ERR_COMMENTEOF
            li, col = _open_comment_at(lines)
            err = HlslError(self.file, li + 1 + self.line_delta, col + 1, ERR_COMMENTEOF,
                            "comment continues past end of file")
            err.open_at_end = True  # (the text before it is read first: compile_api._parser_error_before_open)
            if not self.lenient:
                raise err
            self.errors.append(err)  # fxc goes on (D3DPreprocess S_OK: d3dcompiler_47 10.1, session 35)
        if conds and (not self.lenient or not all(c.foreign for c in conds)):
            # C99 §6.10.1 wants each group closed in its own file; fxc reports X1502 at the file's end, the main
            # file's twice whatever the number of groups left open (d3dcompiler_47 10.1, session 42: ``#if 1``,
            # ``#ifdef X`` / ``#if 1``; an included file's end once)
            self.tolerate("unexpected end of file", ERR_UNEXPECTEDEOF)
            if self.lenient and self.depth == 1 and not (eof_directive and conds[-1].active):
                # (once where the last line, with no new-line, is a directive that returns no line end and leaves
                # its group active: "#if 1", "#if 1" / "#undef X"; d3dcompiler_47 10.1, session 43)
                self.tolerate("unexpected end of file", ERR_UNEXPECTEDEOF)
        if conds and self.lenient and self.depth > 1:
            # ... and the group goes on in the includer: it keeps or skips the includer's lines until the includer
            # ends a group of its own that was open before the #include (d3dcompiler_47 10.1, session 36: after
            # an included "#if 0 / fail", the includer's lines are skipped, its own #endif is X1510 and its own
            # "#if 1 / ... / #endif" changes nothing; "#if 1 / #include / #endif / pass" writes pass)
            for c in conds:
                c.foreign = True
            self._left_open = conds
        if self.fxc is not None and self.depth > 1 and self._carried is None:
            # an included file's end returns one more line end, at the line after a string its last line left open
            # counted as that line: the string's token holds the new-line (d3dcompiler_47 10.1, session 47: a file
            # ``"open`` / ``int a; "open`` then a new-line)
            held = ends_in_string and not self._open_end
            self.fxc.line_end(self.shown, eof_line + self.line_delta - held)
        if self._carried is not None and self.depth == 1:
            # (an invocation an included file left open that the main file never closed: X1515 at the place the
            # included file opened it, as where a later text line carries it; d3dcompiler_47 10.1, session 49: an
            # included "F("a" / "x F("a" then the includer's end is X1515 at the file's (1,1) / (1,3))
            carried, self._carried = self._carried, None
            saved_place = self.file, self.line
            self.file, self.line = self._carried_at
            try:
                expanded = self._unterminated_call(carried)
            finally:
                self.file, self.line = saved_place
            if self.fxc is not None:
                for tok in expanded:  # (the name fxc keeps, in the file that opened the invocation)
                    if tok != " ":
                        self.fxc.token(*self._carried_at, tok)
        self.file, self.line, self.shown = saved_file, saved_line, saved_shown
        self.real_file, self.line_delta = saved_real, saved_delta
        self._open_end = saved_open_end
        self._file_lines = saved_lines
        self.depth -= 1

    def _given_up(self, toks: list[str], name: str) -> list[str]:
        """``toks`` with the invocation that ``name`` (their first token) begins replaced by the name alone, which
        is never replaced again, and its X1516 (see process: a directive among its arguments removed the macro)."""
        k = toks.index(name)
        depth, end = 0, len(toks)
        for j in range(k + 1, len(toks)):
            if toks[j] == "(":
                depth += 1
            elif toks[j] == ")":
                depth -= 1
                if depth == 0:
                    end = j + 1
                    break
        self.errors.append(self.error(f"not enough actual parameters for macro '{name}'", ERR_PARAMETERS_MACRO))
        return toks[:k] + [_failed_name(name)] + toks[end:]

    def _is_defined(self, name: str) -> bool:
        """``defined name`` / ``#ifdef name``. C99 §6.10.8 makes __FILE__ and __LINE__ macro names; fxc does not count
        them defined until a #define makes them so (d3dcompiler_47 10.1, session 37: ``#ifdef __LINE__``,
        ``defined(__LINE__)``, ``defined __FILE__`` take the #else group), though it replaces them in text. Nor does
        it count a macro whose replacement list leads, through the names of the lists it reaches, back to a name of
        the walk (session 38: ``#define A A``, ``A B`` with ``B A``, ``A(x) A``, ``A x B`` with ``B B`` are not
        defined; ``A B`` with ``B C`` is; see ``ppwalk.leads_back``)."""
        if self.lenient and name in self.macros:
            return not leads_back(self.macros, name, frozenset(), [], set())
        return name in self.macros or (name in PREDEFINED and not self.lenient)

    def _fxc_line(self, source: list[str], done: list[str], expanded: list[str], first_line: int, i: int,
                  n_lines: int, start: int, in_comment: bool = False) -> None:
        """A logical line of text (physical lines ``start`` to ``i - 1``, its tokens ``source``, replaced as ``done``
        and ``expanded``) given to fxc's text: its tokens at their lines, then its line end (none for a last line
        with no new-line, nor for one that ends inside a block comment, ``in_comment``: the comment holds the
        new-line, d3dcompiler_47 10.1, session 37). A blank line returns a line end only as its file's first line
        (pptext.FxcText)."""
        assert self.fxc is not None
        if not any(t != " " for t in source):
            if start == 0 and not (in_comment and self._token_after_comment()) and \
                    not (self._open_end and i >= n_lines) and \
                    not (in_comment and self._comment_ends_file(self._file_lines)):
                # (a first line that ends inside a block comment a token follows on its closing line returns none:
                # the text's first marker names that token's line, "/*" / "*/pass" is "#line 2"; where the closing
                # line ends after it, its line end stands; d3dcompiler_47 10.1, sessions 42-43)
                # (nor does a first line the file's end closes, no new-line after it: a main file of blanks,
                # comments or splices alone writes nothing at all, an included one only its end's line end, at the
                # line where it ends; d3dcompiler_47 10.1, session 49: " ", "/* c */ ", "/*" / "*/", "\\" / "",
                # a lone CR; included, "/*" / "*/" writes "#line 2" and one line end)
                self.fxc.line_end(self.shown, first_line)
            return
        for t in done:
            if t != " ":
                self.fxc.token(self.shown, first_line, t)
        marks = self._marks
        k = 0
        line = first_line
        for pos, t in enumerate(expanded):
            while k < len(marks) and marks[k][0] <= pos:
                line = marks[k][1]
                k += 1
            if t != " ":
                self.fxc.token(self.shown, line, t)
        if (self._open_end and i >= n_lines) or (in_comment and not self._comment_closes_bare(i)):
            return  # (the file's last line has no new-line)
        last = next(t for t in reversed(source) if t != " ")
        end = next((t for t in reversed(expanded) if t != " "), None)
        if self.depth == 1 and self._ends_with_function_name(expanded) and end.__class__ is not _FailedName and \
                (self._blank_to_end(i) or paren_follows(self._lines, i)):
            # fxc looks past the line end for the "(" of the function-like name that ends the line; at the end of
            # the file it finds none and the line end is lost (d3dcompiler_47 10.1, session 37: "x F" then blank
            # lines ends the text "x F " with no new-line; before another line's token or a directive it stays)
            return
        # the line end is on the line where the last token read ends (a splice that joins an empty line adds none;
        # one inside a string literal does)
        self.fxc.line_end(self.shown, (getattr(last, "line", 0) or first_line) + last.count(SPLICE_MARK))

    def _blank_to_end(self, i: int) -> bool:
        """The main file's physical lines from ``i`` on are empty or blank (``_lines``: its lines; a comment stops
        fxc's look for the "(" as a token does: d3dcompiler_47 10.1, session 37, ``S(q r) F`` then ``// c`` keeps
        its line end)."""
        return all(not ln.strip() for ln in self._lines[i:])

    def _arguments_directive(self, d: str, conds: list[_Cond], here: bool, lines: list[str], i: int,
                             first_line: int) -> None:
        """The directive ``d`` (physical line ``i``) among the arguments of an invocation begun on ``first_line``.
        An ``#error`` there (fxc's words, as on its own line) stops fxc with the invocation still open: X1515 at the
        invocation's line follows it (d3dcompiler_47 10.1, session 42: ``F(`` / ``#error x`` / ``)`` is
        ``error: x`` then X1515, D3DPreprocess failing)."""
        self._raw_line = _logical_line(lines, i, SPLICE_MARK if self.lenient else "")[0]
        try:
            self._soft(self.directive, d[1:].strip(), conds, here, i)
        except DirectiveError as stop:
            if not self.lenient:
                raise
            self.errors.append(stop)
            raise HlslError(self.file, first_line, 1, ERR_UNEXPECTEDEOF_MACRO,
                            "unexpected end of file in macro expansion") from None
        finally:
            self._raw_line = None

    def _open_invocations(self, toks: list[str]) -> int:
        """How many invocations of function-like macros ``toks`` leave with their "(" unclosed."""
        stack: list[bool] = []  # per open "(": whether it opens an invocation
        prev: str | None = None
        for t in toks:
            if t in (" ", GAP):
                continue
            if t == "(":
                m = self.macros.get(str(prev)) if prev is not None else None
                seen: set[str] = set()
                while m is not None and m.params is None and m.name not in seen:
                    # (an object-like name that is replaced by a function-like one opens an invocation too:
                    # "#define O F", F(O( is X1515 twice)
                    seen.add(m.name)
                    body = [b for b in m.body if b not in (" ", GAP)]
                    m = self.macros.get(str(body[-1])) if body else None
                stack.append(m is not None and m.params is not None)
            elif t == ")" and stack:
                stack.pop()
            prev = t
        return sum(stack)

    def _unterminated_call(self, toks: list[str]) -> list[str]:
        """The end of the file inside a macro's argument list (C99 §6.10.3p10 wants the closing parenthesis):
        strictly an error; fxc warns, keeps the macro's name and drops the unfinished arguments (vkd3d's
        "Unterminated macro invocation", which writes the name alone)."""
        if self.lenient:
            # fxc collects an invocation's arguments as it reads them, so an invocation of a function-like macro
            # opened among them is open too: one X1515 for each, the innermost first (d3dcompiler_47 10.1, session 44:
            # F(F( is X1515 twice, F(F(F( three times, F(x, F( and F(G( twice; F(H( of no macro H, F(( and F(F(1)
            # once)
            for _ in range(self._open_invocations(toks) - 1):
                self.tolerate("unexpected end of file in macro expansion", ERR_UNEXPECTEDEOF_MACRO)
        self.tolerate("unexpected end of file in macro expansion", ERR_UNEXPECTEDEOF_MACRO)
        try:
            self.expand(toks)
        except _Unterminated as e:
            if e.partial is not None:
                return e.partial
        return toks

    def _fold(self, toks: list[str], nxt: _NextLine, i: int) -> list[str]:
        """``toks`` continued by the tokens of the following logical line (one space between); those carry
        their own physical line (for __LINE__, as GCC does)."""
        # the new-line between is a gap (fxc's mode: no invocation across it, see Gap)
        return toks + ([] if toks[-1:] == [" "] else [GAP]) + _tokenize_lines(
            nxt.marked, [(0, i)] + nxt.breaks, self.line_delta, self.strict_c99)

    def _invokes(self, t: str) -> bool:
        """``t`` takes a parenthesized operand that may continue on later lines: a function-like macro's name, or
        the ``_Pragma`` operator (C99 §6.10.9: its operand is pp-tokens like an invocation's, so new-lines may
        separate them, as GCC reads it)."""
        if t == "_Pragma" and not self.lenient:
            return True
        if t == self._ghost:
            return True
        m = self.macros.get(t)
        return m is not None and m.params is not None

    def _ends_with_function_name(self, toks: list[str]) -> bool:
        """The last token is a function-like macro name that may still be invoked (not painted blue)."""
        t = next((x for x in reversed(toks) if x != " "), None)
        return t is not None and t != "_Pragma" and self._invokes(t) and t not in _hs(t)

    def _needs_more(self, toks: list[str]) -> bool | str:
        """True when a function-like macro name is followed by an unclosed argument list; "name" when
        the line ends with a function-like macro name (its argument list may open on the next line)."""
        depth = 0
        pending = False
        self._open_at = 0  # where the open invocation's name is (the tokens before it are complete)
        for k, t in enumerate(toks):
            if t == " ":
                continue
            if depth == 0 and not pending:
                if self._invokes(t):
                    pending = True
                    self._open_at = k
                continue
            if pending and depth == 0:
                if t == "(" and not (self.lenient and gap_between(toks, self._open_at, k)):
                    depth = 1
                else:
                    pending = self._invokes(t)
                    self._open_at = k
                continue
            if t == "(":
                depth += 1
            elif t == ")":
                depth -= 1
                if depth == 0:
                    pending = False
        if depth > 0:
            return True
        return "name" if pending and not self.lenient else False


def preprocess(text: str, file: str = "", defines: dict[str, str] | None = None,
               include_open: Callable[[int, str, str], tuple[str, str]] | None = None,
               strict_c99: bool = False, keep_errors: bool = False, shown_name: str | None = None) -> PreprocessResult:
    """Preprocess ``text``; raises :class:`HlslError` on #error and malformed directives. ``strict_c99``: paste
    ``##`` operands unexpanded as C99 does (fxc expands them first; see ``Preprocessor._subst``).
    ``keep_errors``: the errors fxc goes on after stay in the result's ``errors`` (D3DPreprocess returns its text
    with them); otherwise the first is raised, as a compile fails on it. ``shown_name``: the name fxc's text
    (``fxc_text``) and ``__FILE__`` give the main file (D3DPreprocess: its full path, pptext.full_path)."""
    key = None
    if include_open is None and type(text) is str:  # (a str subclass may carry state the run reads)
        key = (text, file, None if defines is None else tuple(defines.items()), strict_c99, shown_name)
        try:
            done = _CLEAN_RUNS.get(key)
        except TypeError:  # (an unhashable define value: not kept)
            done = key = None
        if done is not None:
            return _fresh(done)
    pp = Preprocessor(defines, include_open, strict_c99)
    pp.main_shown = shown_name
    try:
        res = pp.run(text, file)
    except HlslError as exc:
        # (the text read before the stop: fxc's parser has read it when the preprocessor stops, compile_api)
        exc.partial_text = compile_text(pp.out)
        exc.pp_warnings = pp.warnings  # (D3DPreprocess's blob holds them in reading order: ppmessage.in_order)
        exc.pp_warning_specs = pp.warning_specs
        if pp.errors:
            # an error that stops the run after errors fxc went on after: fxc reports those first (d3dcompiler_47
            # 10.1, session 37: "#define FC() ..." X1500 before a later #if's X1518); D3DPreprocess's message blob
            # holds them all (``prior_errors``), a compile fails on the first
            if not keep_errors:
                pp.errors[0].pp_warnings = pp.warnings
                pp.errors[0].pp_warning_specs = pp.warning_specs
                raise pp.errors[0] from None
            exc.prior_errors = list(pp.errors)
        raise
    if pp.errors and not keep_errors:
        pp.errors[0].pp_warnings, pp.errors[0].pp_warning_specs = pp.warnings, pp.warning_specs
        raise pp.errors[0]
    if key is not None and not pp.errors:
        if len(_CLEAN_RUNS) >= _CLEAN_RUNS_KEPT:
            del _CLEAN_RUNS[next(iter(_CLEAN_RUNS))]
        _CLEAN_RUNS[key] = _fresh(res)
    return res


#: the results of runs without an include handler that met no error, by (text, file, defines, strict_c99,
#: shown_name) -- everything such a run reads (CI time, session 49): a failed compile runs the preprocessor again
#: for its HRESULT (compile_api._hresult_after_preprocessor), a table compiles one text for several targets and
#: flags. Runs with errors are not kept (their HlslError objects are the caller's to annotate).
_CLEAN_RUNS: dict[tuple, PreprocessResult] = {}
_CLEAN_RUNS_KEPT = 256


def _fresh(res: PreprocessResult) -> PreprocessResult:
    """A copy of a kept result whose containers a caller may change without changing the kept one (the warnings
    stay a ReadingOrder over the copy's own error list, as a run's are over its errors: ppmessage.in_order)."""
    errors: list[HlslError] = []
    warnings = res.warnings
    if isinstance(warnings, ReadingOrder):
        copied = ReadingOrder(errors)
        list.extend(copied, warnings)  # (its ``after`` entries are copied as they are, not re-taken)
        copied.after = list(warnings.after)
    else:
        copied = list(warnings)
    return replace(res, includes=list(res.includes), warnings=copied, warning_specs=dict(res.warning_specs),
                   sources=dict(res.sources), errors=errors)
