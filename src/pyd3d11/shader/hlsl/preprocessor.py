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
from dataclasses import dataclass, field

from .diagnostics import DirectiveError, HlslError
from .ppcond import IfExpressions
from .ppdefines import definition_text
from .ppexpr import ERR_DIVZERO as ERR_DIVZERO  # the #if numbers live with the evaluator (ppexpr.py)
from .ppexpr import ERR_INVALID_INT_EXPR, fxc_unexpected
from .ppfxc import (
    _DEAD_NAME,
    COMMENT_MARK,
    GAP,
    SPLICE_MARK,
    Gap,
    MacroRecursion,
    RecursionContext,
    _trim,
    closing_at,
    fxc_charize,
    fxc_parameter_list,
    fxc_paste,
    gap_between,
    same_definition,
    split_args,
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
    directive_text,
    error_directive_text,
    glue_number_suffixes,
    integer_overflows,
    tokenize_line,
)
from .pplex import _would_merge as _would_merge
from .ppmarks import (
    _PASTE,
    _VA_ARGS,
    _add_hide,
    _ArgTok,
    _dead,
    _failed_name,
    _FailedName,
    _from_replacement,
    _hs,
    _line_number,
    _Lookahead,
    _spelling,
    _Unterminated,
    mark_pasted,
    pasted_invocation,
)
from .ppmarks import destringize as destringize  # (tests import it from here)
from .pppragma import _KNOWN_PRAGMAS, Pragmas
from .pprunon import _BLANKS, _FAILED, ERR_STRINGEOL, ERR_UNEXPECTEDEOF_MACRO, RunOn
from .pprunon import ERR_STRINGEOF as ERR_STRINGEOF  # (its number table: kept reachable here)
from .pptext import FxcText, quoted_name
from .ppwalk import after_empty_names, hash_after_invocation, leads_back, list_cycle, paren_follows


@dataclass(slots=True)
class Macro:
    name: str
    params: list[str] | None  # None: object-like
    body: list[str]


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




class _Cond:
    __slots__ = ("active", "taken", "parent_active", "seen_else", "foreign")

    def __init__(self, active: bool, parent_active: bool):
        self.active = active and parent_active
        self.taken = active
        self.parent_active = parent_active
        self.seen_else = False
        #: a group an included file left open (fxc's mode, see Preprocessor.process): it goes on in the includer
        self.foreign = False


#: fxc's preprocessor numbers, from Microsoft's table of its codes (MicrosoftDocs "HLSL errors and warnings",
#: CompErrors.h); where fxc only warns (see ``Preprocessor.lenient``) the warning carries the same number
ERR_COMMENTEOF = 1001  # "A comment continues past the end of file"
ERR_PP_SYNTAX = 1500  # "An invalid preprocessor syntax": a malformed directive operand
ERR_UNEXPECTEDEOF = 1502  # "The end of file was reached unexpectedly": an #if open at the end of a file
ERR_INVALIDCOMMAND = 1504  # "An invalid preprocessor command": an unknown directive
ERR_ELIF, ERR_ELSE, ERR_ENDIF = 1508, 1509, 1510  # "An unexpected #elif / #else / #endif directive occurred"
ERR_DUPLICATEPARAMATER = 1511  # "A duplicate parameter was supplied to the specified macro"
ERR_ELIF_ELSE, ERR_ELSE_ELSE = 1513, 1514  # an #elif / #else after #else
#: "Not enough actual parameters were supplied to the specified macro"; the warning for too many takes it too
#: (inferred: the table's only argument-count code)
ERR_PARAMETERS_MACRO = 1516
ERR_MACRO_REDEFINITION = 1519

#: the predefined macro names fxc documents (the "#line Directive" page: "the predefined macros __FILE__ and
#: __LINE__"); no other is documented for fxc, so no other is defined (DXC's __HLSL_VERSION and
#: __SHADER_TARGET_* are DXC's own; C99's __STDC__, __DATE__, __TIME__ are not on any HLSL page)
PREDEFINED = frozenset({"__FILE__", "__LINE__"})
#: C99 §6.10.8p4: a predefined name "shall not be the subject of a #define or a #undef"; fxc's reaction is
#: unrecorded, Microsoft's C preprocessor warns (C4117) and ignores the directive, as this one does (the number:
#: ERR_MACRO_REDEFINITION, given with warning severity)
W_RESERVED_NAME = ERR_MACRO_REDEFINITION
#: the names no #define / #undef may take (§6.10.8p4: the predefined names "nor the identifier defined")
RESERVED_NAMES = PREDEFINED | {"defined"}

#: tokens macro expansion may produce in one run (all nesting levels counted): a few seconds of work, some
#: ten times what large real shaders need
MAX_EXPANSION_WORK = 1 << 21


#: what Preprocessor._soft returns for a run that failed with an error fxc goes on after


class Preprocessor(IfExpressions, Pragmas, RunOn, Includes):
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
        self._operand_ends_line = False  # (ppcond: the #if line's last token was a produced defined's operand)
        self._expand_depth = 0  # nesting of expand() (arguments are expanded on their own)
        self._contexts: list[RecursionContext] = []  # fxc's mode: the expand() calls under way, innermost last
        self._expansion_line = 0  # the line of the outermost macro name being expanded
        self._open_at = 0  # set by _needs_more
        self.warnings: list[tuple[str, int, int, str]] = []
        #: the errors fxc's preprocessor reports and goes on after (``tolerate``; every error but #error, a file
        #: that fails to open and the resource limits): D3DPreprocess returns its text and these messages
        self.errors: list[HlslError] = []
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
        return PreprocessResult("\n".join(self.out).replace(SPLICE_MARK, "") + "\n", self.pack_matrix_row_major,
                                warnings=self.warnings, warning_specs=self.warning_specs, sources=self.sources,
                                errors=self.errors, fxc_text=self.fxc.text() if self.fxc is not None else None,
                                empty_include=self.empty_include)

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
        if lines and lines[-1] == "" and not (self.lenient and len(lines) > 1 and lines[-2].endswith("\\")):
            lines.pop()  # (fxc: a backslash before the file's last new-line is still a splice, session 36)
        #: the last line has no new-line: a string left open there reaches the end of the file (X1006, not X1005)
        # (a backslash before the file's last new-line splices it away: "pass\\" then a new-line ends as "pass"
        # does, its line end not returned, after a backslash too; d3dcompiler_47 10.1, session 44)
        self._open_end = bool(text) and (not text.endswith("\n") or (self.lenient and text.endswith("\\\n")))
        conds: list[_Cond] = []
        incomment = [False]
        string_open: str | None = None  # a string left open at the line's end: how the next line goes on
        eof_directive = False  # the last line, with no new-line, is a directive that returns no line end
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
                    self.tolerate("string continues past the end of the line", ERR_STRINGEOL, _lone_quote(code) + 1)
                    string_open = continued
                if continued == "skip" or not active:
                    self.out.extend([""] * (i - start))
                    continue
                s = "\x00" + s  # (text)
            elif self.lenient and not active and not was_in_comment and not s.startswith("#") and \
                    _lone_quote(code) is not None:
                self.tolerate("string continues past the end of the line", ERR_STRINGEOL, _lone_quote(code) + 1)
                string_open = "skip"
            if self.lenient and active and "#" in s and not s.startswith("#") and not was_in_comment:
                s = after_empty_names(self.macros, s)
            if not s.startswith("#") or was_in_comment:
                self._lex_numbers(code)  # (a skipped group's text lines too; directives: see directive)
            if active and (not s.startswith("#") or re.match(r"#\s*define\b", s)):
                if self._soft(self._check_string, code, i, len(lines)) is _FAILED:
                    self.out.extend([""] * (i - start))  # fxc goes on after the line's error
                    if self.fxc is not None and not s.startswith("#"):
                        self._fxc_open_string(code, i >= len(lines) and self._open_end)
                    elif self.lenient and i < len(lines) and not was_in_comment:
                        self._define_open_string(code, lines[i])
                    if self.lenient and i < len(lines):
                        string_open = "skip" if s.startswith("#") else "text"
                    continue
            elif active and self.lenient and s.startswith("#") and not was_in_comment and \
                    not re.match(r"#\s*error\b", s):
                # a string left open on any other directive's line is X1005 too, and the directive is still read
                # (d3dcompiler_47 10.1, session 37: #include "a.h, #line 1 "f, #undef "a, #pragma message("a); an
                # #include's <name> is read as a string too (#include <a.h is X1005)
                inc = re.match(r"\s*#\s*include\s*<[^>]*$", code)
                if inc:
                    self.tolerate("string continues past the end of the line", ERR_STRINGEOL, code.index("<") + 1)
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
                # (a directive whose further lines only a comment holds, // spliced or /* */: see below)
                comment_only = i - start > 1 and "//" in lines[start] and self.lenient
                while incomment[0] and i < len(lines):
                    # a comment is one space (C99 5.1.1.2 phase 3, before directives are read in phase 4): a
                    # block comment that opens on a directive line carries the directive on past its end -- into
                    # an #if's expression too, which reads the marked text (d3dcompiler_47 10.1, session 44:
                    # "#if 0 /* c" / "*/ || 1" takes its group, "#if 1 /* c" / "*/ pass" is X1500 at pass)
                    cont = _strip_comments(lines[i], incomment, self._mark)
                    s += " " + (cont.replace(COMMENT_MARK, " ") if self.lenient else cont).strip()
                    marked += " " + cont
                    i += 1
                    comment_only = self.lenient and not cont.replace(COMMENT_MARK, " ").strip()
                before = (self.shown, i + self.line_delta)  # (the directive's last line)
                if comment_only:
                    # fxc returns the line end of a directive whose later lines hold only a comment at its first
                    # line (d3dcompiler_47 10.1, session 45: "#undef X /*" / "*/" / "y" is "#line 1", a line end, y
                    # at 3; over three lines "#line 4" before y; a token after the */ keeps its last line's)
                    before = (self.shown, start + 1 + self.line_delta)
                self._line_ends = 1
                self._marked_line = marked if self.lenient and COMMENT_MARK in marked else None
                self._raw_line = raw
                self._consumed_lines = 0
                emitted = self._soft(self.directive, s[1:].strip(), conds, active, start)
                self._marked_line = self._raw_line = None
                if self._consumed_lines:
                    # an #if / #elif whose argument list closes on a later line read those lines (ppcond): each
                    # gives the text its line end, as the directive's own does
                    i += self._consumed_lines
                    self.out.extend([""] * self._consumed_lines)
                    before = (self.shown, i + self.line_delta)
                failed, emitted = emitted is _FAILED, False if emitted is _FAILED else emitted
                if self._line_directive is not None:
                    # "#line N": the line after the directive (physical line i + 1) is line N
                    self.line_delta = self._line_directive - (i + 1)
                    self._line_directive = None
                    if self._line_named:
                        before = (self.shown, i + self.line_delta)  # fxc: #line N "f" numbers its own line N-1
                if self._open_end and i >= len(lines):
                    # the file's last line, with no new-line after it: only #define and #pragma, which read their
                    # line to its end, return one (d3dcompiler_47 10.1, session 37: "a" then "#undef X", "#line 7",
                    # "#endif" write "a " alone, "#define X" and "#pragma foo" one new-line more)
                    # (a #define that fails stops reading before it: "#define 1" writes nothing; session 39)
                    self._line_ends = min(self._line_ends, 1) if re.match(r"#\s*(define|pragma)\b", s) and not (
                        failed and re.match(r"#\s*define\b", s)) else 0
                    eof_directive = not re.match(r"#\s*(define|pragma)\b", s)
                if self.fxc is not None and (all(c.active for c in conds[-1:]) if conds else True):
                    for _ in range(self._line_ends):
                        self.fxc.line_end(*before)
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
                    while (more := self._needs_more(toks)) and i < len(lines):
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
                            self._arguments_directive(d, conds, here, lines, i, first_line)
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
                        if expanded is None:
                            expanded = self._unterminated_call(toks)
                        break
                    if self.fxc is not None:
                        at = first_line
                        if self._splices != splices_before and not any(
                                e.code == ERR_PARAMETERS_MACRO for e in self.errors[errors_before:]):
                            # (an #include among the arguments: fxc writes the expansion after the file, at the ")"
                            # line, a name whose arguments do not match at its own; d3dcompiler_47 10.1, session 43)
                            at, self._marks = i + self.line_delta, []
                        self._fxc_line(toks, done, expanded, at, i, len(lines), start, incomment[0])
                    if self.pragma_ops != pragma_ops_before:  # the line's expansion met a _Pragma
                        self._emit_with_pragmas(done + expanded, first_line, i + 1 + self.line_delta)
                        continue
                    if not done and i - start == 1 and _same_tokens(toks, expanded):
                        # nothing replaced on one physical line: its text as written (comments blanked to their
                        # length), so every token keeps its column — fxc's ``(line,col)`` counts each character
                        # of the physical line, leading blanks included
                        self.out.append(code.rstrip())
                    elif not done and i - start == 1:
                        # a replacement on the line: every token where the physical line has it when the text
                        # allows (_placed_text), so a diagnostic's column is the source's or the use site's
                        self.out.append(_placed_text(code, toks, expanded, self.strict_c99))
                    else:
                        self.out.append(_join(done + expanded))
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
                            "comment continues past the end of the file")
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
        if self.fxc is not None and self.depth > 1:
            self.fxc.line_end(self.shown, eof_line + self.line_delta)  # an included file's end returns one more
        self.file, self.line, self.shown = saved_file, saved_line, saved_shown
        self.real_file, self.line_delta = saved_real, saved_delta
        self._open_end = saved_open_end
        self.depth -= 1

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
            if start == 0 and not (in_comment and self._token_after_comment()):
                # (a first line that ends inside a block comment a token follows on its closing line returns none:
                # the text's first marker names that token's line, "/*" / "*/pass" is "#line 2"; where the closing
                # line ends after it, its line end stands; d3dcompiler_47 10.1, sessions 42-43)
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

    # --- directives ------------------------------------------------------------------------------
    def directive(self, s: str, conds: list[_Cond], active: bool, start: int) -> bool | str:
        s = s.strip(_BLANKS)
        self._groups_open = len(conds)
        m = re.match(r"([A-Za-z_]\w*)[\s\x02]*(.*)$", s, re.S)
        if not m:
            self._lex_numbers(s)  # (in a skipped group too)
            if not active:
                return False
            if s == "":
                if not self.lenient:
                    return False  # C99 §6.10.7: the null directive has no effect
                # fxc has no null directive: d3dcompiler_47 10.1 (session 35) reports "syntax error : unexpected
                # end of line" (X1500) and goes on
                raise self.error("syntax error : unexpected end of line", ERR_PP_SYNTAX)
            if self.lenient:
                # a # before anything but a name: fxc's X1500 naming that token (d3dcompiler_47 10.1, session 36:
                # "# 1" is "unexpected integer '1l'", "# +" "unexpected token '+'", "# "s"" "unexpected string
                # constant"), not X1504
                first = next(t for t in self._tokens(s) if t != " ")
                raise self.error("syntax error : " + fxc_unexpected(first), ERR_PP_SYNTAX)
            return self.unknown_directive(s)
        name, rest = m.group(1), m.group(2).strip(_BLANKS)
        if name in ("if", "ifdef", "ifndef"):
            if not active:
                conds.append(_Cond(False, False))
                return False
            if name != "if":
                self._lex_numbers(rest)  # (#if's in eval_expr)
            if name == "if":
                val = self.eval_expr(directive_text(self._marked_line, name, rest)) != 0
            else:
                im = re.match(self._name_re, rest)
                if not im:  # "# ifdef identifier" (C99 §6.10.1)
                    raise self.error(f"#{name} requires an identifier", ERR_PP_SYNTAX)
                ident = im.group(0)
                self._check_end(name, rest[im.end():])
                if self.lenient and ident == "defined":
                    # (the name fxc's grammar keeps for the operator: d3dcompiler_47 10.1, session 43: "#ifdef defined"
                    # is X1500 at it and opens no group, as "#undef defined" and "#if defined(defined)")
                    raise self.error("syntax error : unexpected token 'defined'", ERR_PP_SYNTAX)
                val = self._is_defined(ident) == (name == "ifdef")
            conds.append(_Cond(val, True))
            return False
        if name in ("elif", "else", "endif"):
            own = [k for k, c in enumerate(conds) if not c.foreign]
            if own and own[-1] < len(conds) - 1:
                del conds[own[-1] + 1:]  # an included file's groups end with the includer's own (see process)
            if not own:
                # C99 §6.10.1: these only continue a group the same file opened; fxc ignores a stray one
                if name == "elif" and self.lenient:
                    # ... after reading its expression: a syntax error or a division by zero drops the directive
                    # before X1508 is reported, tokens after a complete expression are reported after it
                    # (d3dcompiler_47 10.1, session 36: "#elif 1 / 0" is X1503 alone, "#elif 1 2" X1508 then X1500)
                    before = len(self.errors)
                    self.eval_expr(directive_text(self._marked_line, name, rest))
                    later = self.errors[before:]
                    del self.errors[before:]
                    self.tolerate("unexpected #elif", ERR_ELIF)
                    self.errors.extend(later)
                    return False
                self.tolerate(f"unexpected #{name}", {"elif": ERR_ELIF, "else": ERR_ELSE, "endif": ERR_ENDIF}[name])
                self._lex_numbers(rest)
                if rest and self.lenient:
                    # ... and then reads its line on: a token after it is X1500 (d3dcompiler_47 10.1, session 39:
                    # "#endif x", "#else 1", "#endif "s"")
                    self._check_end(name, rest)
                return False
            c = conds[-1]
            if name != "elif":
                self._lex_numbers(rest)  # (fxc reads an #else / #endif line in any group, an #elif's where it evaluates it)
            if name != "elif" and rest and (c.active if self.lenient else c.parent_active):
                # "# else new-line", "# endif new-line": nothing may follow (a comment is white space); fxc checks
                # only a directive that ends a group it was keeping (d3dcompiler_47 10.1, session 36: "#if 0 /
                # #endif junk" and "#if 1 / #elif 1 / #endif junk" report nothing, "#if 1 / #endif junk" X1500)
                self._check_end(name, rest)
            if name == "endif":
                conds.pop()
            elif name == "else":
                if c.seen_else:
                    self.tolerate("unexpected #else following #else", ERR_ELSE_ELSE)
                    return False
                c.seen_else = True
                c.active = c.parent_active and not c.taken
                c.taken = True
            else:
                if c.seen_else:
                    self.tolerate("unexpected #elif following #else", ERR_ELIF_ELSE)
                    return False
                if c.parent_active and not c.taken:
                    v = self.eval_expr(directive_text(self._marked_line, name, rest)) != 0
                    c.active = v
                    c.taken = v
                else:
                    if c.active and self.lenient:
                        # fxc evaluates the #elif right after the taken group too (C99 §6.10.1p6 does not), not the
                        # later ones: its errors are reported, and one that drops the directive leaves the taken group
                        # going on (d3dcompiler_47 10.1, session 35: ``#if 1 / a / #elif ~1 / b / #endif`` writes a
                        # and b; ``#if 1 / #elif 0 / #elif 1/0`` reports nothing)
                        self.eval_expr(directive_text(self._marked_line, name, rest))
                    c.active = False
            return False
        if not active:
            return False
        if name in ("include", "line") or name in ("define", "undef") and re.match(r"[A-Za-z_]", rest) or \
                name == "pragma" and re.match(r"(pack_matrix|warning|message|def)\b", rest):
            # (not #error's, an unknown directive's or pragma's, nor a #define's or #undef's without a name: fxc
            # stops reading there, "#define #0x10000000000000000" is X1500 alone)
            self._lex_numbers(rest)
        if name == "define":
            self.define(rest)
        elif name == "undef":
            im = re.match(self._name_re, rest)
            if not im:  # "# undef identifier" (C99 §6.10.3.5)
                raise self.error("#undef requires an identifier", ERR_PP_SYNTAX)
            self._check_end(name, rest[im.end():])
            if self.lenient and im.group(0) == "defined":
                raise self.error("syntax error : unexpected token 'defined'", ERR_PP_SYNTAX)
            if im.group(0) in RESERVED_NAMES and not self.lenient:
                self.warn(W_RESERVED_NAME, f"macro name '{im.group(0)}' is reserved, '#undef' ignored")
            else:
                self.macros.pop(im.group(0), None)
        elif name == "include":
            self.include(rest)
            conds.extend(self._left_open)  # the groups the file left open (fxc's mode, see process)
            self._left_open = []
            return True
        elif name == "error":
            found = error_directive_text(self._raw_line) if self.lenient and self._raw_line else None
            if found:  # fxc's words (see DirectiveError): the text as written, no macro replaced
                raise DirectiveError(self.file, self.line, found[0], 1003, found[1], end=found[0] + 4)
            # "#error Directive": "The token string is subject to macro expansion" (an invocation the line leaves
            # open is kept as written: the directive's own error is the one to report)
            try:
                rest = _join(_trim(self.expand(self._tokens(rest))))
            except _Unterminated:
                pass
            raise self.error(f"#error {rest}".rstrip(), 1003)
        elif name == "pragma":
            return self.pragma(rest)
        elif name == "line":
            parts = self._tokens(rest)
            # C99 §6.10.4p5 replaces macros in a #line that matches neither form; fxc does not (d3dcompiler_47
            # 10.1, session 35: ``#line L`` is "syntax error : unexpected token 'L'")
            parts = [p for p in (parts if self.lenient else self.expand(parts)) if p != " "]
            if self.lenient and (not parts or _line_number(parts[0]) is None):
                raise self.error("syntax error : " + fxc_unexpected(parts[0] if parts else None), ERR_PP_SYNTAX)
            if self.lenient and len(parts) > 1 and parts[1].startswith('"') and rest.count('"') == 1:
                # a name left open runs to the line's end, and the next line is read with the directive: its first
                # token is X1500 (d3dcompiler_47 10.1, session 43: #line 5 "abc / x names abc, the line after x 5)
                parts[1:] = ['"' + rest[rest.index('"') + 1:].strip(_BLANKS) + '"']
                if (after := self._skip_to_next_token(first=False)) is not None:
                    self.errors.append(after)
            elif self.lenient and len(parts) > 1 and parts[1].startswith('"') and rest.count('"') > 1:
                # fxc's name ends at the next quote, a backslash before it no escape (d3dcompiler_47 10.1, session
                # 43: #line 3 "q\"r.h" names q\ and is X1500 at r)
                at = rest.index('"')
                end = rest.find('"', at + 1)
                parts[1:] = [rest[at:end + 1]] + [p for p in self._tokens(rest[end + 1:]) if p != " "]
            if not self.lenient and (not parts or not parts[0].isdigit()):
                raise self.error("#line directive requires a line number", ERR_PP_SYNTAX)
            # the presumed file name as written: the HLSL "Preprocessor Directives" page has "escape sequences are
            # not supported" in preprocessor statements, so #line 1 "C:\dir\a.hlsl" names C:\dir\a.hlsl (C99
            # §6.10.4p4 would read the string literal's escapes)
            fname = parts[1][1:-1] if len(parts) > 1 and parts[1].startswith('"') else self.file
            if len(parts) > 2 or (len(parts) > 1 and not parts[1].startswith('"')):
                self._check_end("line", " ".join(parts[1 if not parts[1].startswith('"') else 2:]))
            self.file = fname
            # (fxc writes the marker of a #line with anything after its number at once: a name's, or a token's one
            # line lower, see below; d3dcompiler_47 10.1, session 39: "#line 5 6" writes "#line 3" before its line)
            self._line_named = len(parts) > 1
            if self._line_named and parts[1].startswith('"'):
                self.shown = fname
            self._line_directive = _line_number(parts[0]) if self.lenient else int(parts[0])
            if self.lenient and len(parts) > 1 and not parts[1].startswith('"'):
                # fxc numbers the directive's own line N when a token other than a file name follows the number
                # (d3dcompiler_47 10.1, session 36: "#line 5 x" then __LINE__ is 4, "#line 5 "f.h" x" 5)
                self._line_directive -= 1
            return f'#line {self._line_directive} "{fname}"'  # the marker names the line after it
        else:
            return self.unknown_directive(s)
        return False

    def unknown_directive(self, s: str) -> str:
        """A ``#`` line in an active group that names no directive (C99 §6.10p1 "non-directive": the standard
        leaves it undefined). Strictly an error; fxc warns and keeps the line as text (vkd3d's "Ignoring unknown
        directive"), which the compiler then rejects as a syntax error (lexer.py)."""
        # d3dcompiler_47 10.1 (session 35): X1504 "invalid preprocessor command 'foo'", an error fxc goes on after
        # (D3DPreprocess writes an empty line for it)
        name = re.split(r"[\s\x02]+", s.strip(_BLANKS))[0]
        self.tolerate(f"invalid preprocessor command '{name or s}'", ERR_INVALIDCOMMAND)
        return ""

    def define(self, rest: str) -> None:
        m = re.match("(" + self._name_re + r")(\()?", rest)
        if not m:
            raise self.error("#define requires a macro name", ERR_PP_SYNTAX)
        name = m.group(1)
        if self.lenient and name == "defined":
            raise self.error("syntax error : unexpected token 'defined'", ERR_PP_SYNTAX)
        if name in RESERVED_NAMES and not self.lenient:
            self.warn(W_RESERVED_NAME, f"macro name '{name}' is reserved, '#define' ignored")
            return
        params = None
        body_text = rest[m.end():]
        if m.group(2) and self.lenient:
            bad = fxc_parameter_list(self._tokens(("(" + body_text).replace(SPLICE_MARK, " ")), self._name_re)
            if bad is not None:
                err = self.error("syntax error : " + fxc_unexpected(bad[0]), ERR_PP_SYNTAX)
                if bad[1] is not None:
                    # fxc's parser, recovering, reports the token after the bad one too
                    err.followed_by = [self.error("syntax error : " + fxc_unexpected(bad[1]), ERR_PP_SYNTAX)]
                raise err
        if m.group(2):
            close = body_text.find(")")
            if close < 0:
                raise self.error("missing ')' in macro parameter list", ERR_PP_SYNTAX)
            # (a line splice among the parameters is a blank: d3dcompiler_47 10.1, session 37, ``#define A(x\``
            # new-line ``) [x]`` defines A(x))
            plist = body_text[:close].replace(SPLICE_MARK, " ").strip()
            if not plist and self.lenient:
                # fxc's parameter list needs an identifier: ``#define F() x`` is its X1500 "syntax error : unexpected
                # token ')'" (quoted from fxc in FidelityFX-SDK issue 68; a 2007 fxc10 test says the same); C99
                # §6.10.3p10 allows the empty list, and the strict mode keeps it
                raise self.error("syntax error : unexpected token ')'", ERR_PP_SYNTAX)
            params = [p.strip() for p in plist.split(",")] if plist else []
            body_text = body_text[close + 1:]
            # C99 §6.10.3p12: a final "..." makes the macro variadic; its parameter is named __VA_ARGS__
            if self.lenient and "..." in plist:
                # fxc has no variadic macros: d3dcompiler_47 10.1 and 6.3 (session 35) report "syntax error :
                # unexpected token '...'" (X1500) and ignore the definition
                raise self.error("syntax error : unexpected token '...'", ERR_PP_SYNTAX)
            if params and params[-1] == "...":
                params[-1] = _VA_ARGS
            # C99 §6.10.3 constraints: an identifier list without repeats (p6); __VA_ARGS__ is no parameter
            # name a definition may give (p5)
            for k, p in enumerate(params):
                if k == len(params) - 1 and p == _VA_ARGS and plist.rstrip().endswith("..."):
                    continue
                if p == "...":
                    raise self.error(f"'...' must be the last parameter of '{name}'", ERR_PP_SYNTAX)
                # (fxc, which has no variadic macros, takes __VA_ARGS__ as an ordinary parameter name: d3dcompiler_47
                # 10.1, session 45: F(__VA_ARGS__) __VA_ARGS__ then F(pass) is pass)
                if not re.fullmatch(r"[A-Za-z_]\w*", p) or (p == _VA_ARGS and not self.lenient):
                    raise self.error(f"invalid macro parameter '{p}' in the parameter list of '{name}'", ERR_PP_SYNTAX)
                if p in params[:k]:
                    raise self.error(f"duplicate macro parameter '{p}' in '{name}'", ERR_DUPLICATEPARAMATER)
        body = self._tokens(body_text.strip())
        if self.lenient:
            body = glue_number_suffixes(body)
        if _VA_ARGS in body and not (params and params[-1] == _VA_ARGS) and not self.lenient:
            # C99 §6.10.3p5: only in the replacement list of a macro that uses the ellipsis notation
            raise self.error(f"'__VA_ARGS__' can only appear in the expansion of a variadic macro ('{name}')", ERR_PP_SYNTAX)
        self._check_replacement_list(name, params, [t for t in body if t != " "])
        old = self.macros.get(name)
        if old is not None and (old.params != params or old.body != body) and not (
                self.lenient and same_definition(old, params, body)):
            # C99 §6.10.3p2 allows only an identical redefinition; fxc warns (X1519) and the new one holds
            self.warnings.append((self.file, self.line, 1519, f"'{name}' : macro redefinition"))
        self.macros[name] = Macro(name, params, body)

    def _check_replacement_list(self, name: str, params: list[str] | None, toks: list[str]) -> None:
        """C99 §6.10.3.3p1: ``##`` neither begins nor ends a replacement list; §6.10.3.2p1: in a function-like
        macro each ``#`` is followed by a parameter. fxc (``lenient``) has neither for ``#`` (see ``_subst``) nor
        for an object-like macro's ``##`` (no operator there); the charizing ``#@`` keeps its parameter rule."""
        # fxc takes ``##`` at either end of a function-like macro's list too and writes it out (d3dcompiler_47
        # 10.1, session 35: ``#define F(x) x ##`` then ``F(a) b`` is ``a ## b``)
        if toks and (toks[0] == "##" or toks[-1] == "##") and not self.lenient:
            raise self.error(f"'##' cannot begin or end the replacement list of '{name}'", ERR_PP_SYNTAX)
        if params is not None:
            for k, t in enumerate(toks):
                if t != "#":
                    continue
                if self.lenient:
                    # fxc: # and #@ before anything (d3dcompiler_47 10.1, session 35: #@ b gives 'b', #@ at the end
                    # nothing; see _subst)
                    continue
                if toks[k + 1:k + 2] == ["@"]:  # #@ charizes its operand (the #define page)
                    k += 1
                if k + 1 >= len(toks) or toks[k + 1] not in params:
                    raise self.error(f"'#' is not followed by a macro parameter in '{name}'", ERR_PP_SYNTAX)

    # --- macro expansion -----------------------------------------------------------------------
    def expand(self, toks: list[str], hide: frozenset[str] = frozenset(), spaced: bool = False) -> list[str]:
        """Macro-expand ``toks`` as C99 §6.10.3 prescribes (Prosser's algorithm): every token carries
        the set of macros whose expansion produced it (its hide set, "painted blue"); a replacement
        list is rescanned together with the tokens that follow it, so a function-like macro name
        produced by an expansion takes its arguments from the source after it; arguments are fully
        expanded on their own before substitution (except next to # and ##)."""
        out: list[str] = []
        pending = list(reversed(toks))  # a stack: the next token is pending[-1]
        # pending[:source_left] are still the tokens given (not produced by an expansion); at the outer level
        # a macro name among them sets the line a __LINE__ of its expansion gives (the name's line, as GCC)
        source_left = len(pending)
        outer = self._expand_depth == 0
        if outer:
            self._expansion_line = self.line
            self._marks = []
        self._expand_depth += 1
        try:
            return self._expand(pending, source_left, outer, out, hide, spaced)
        finally:
            self._expand_depth -= 1

    def _expand(self, pending: list[str], source_left: int, outer: bool, out: list[str],
                hide: frozenset[str], spaced: bool = False) -> list[str]:
        if not self.lenient:
            return self._expand_run(pending, source_left, outer, out, hide, None)
        ctx = RecursionContext(pending[:], source_left, len(out))
        ctx.spaced = spaced
        self._contexts.append(ctx)
        try:
            while True:
                try:
                    return self._expand_run(pending, ctx.source_left, outer, out, hide, ctx)
                except MacroRecursion as r:
                    if r.name not in ctx.started:
                        raise  # an enclosing context started that macro: the abandoned invocation is its
                    # fxc gives up the whole invocation the context's source began and writes its tokens as they
                    # were (see RecursionContext); they are never replaced again
                    del out[ctx.top_out:]
                    taken = ctx.abandoned()
                    # the tokens it took after the name are written as fxc replaced them while it read the argument
                    # list (d3dcompiler_47 10.1, session 38: F(O) of F(a) G(a), G(a) F(a) is F ( 1 ); F(F(O)) is
                    # F ( F ( 1 ) ), the inner invocation given up in its turn)
                    out.extend(_dead(taken[:1] + self.expand(taken[1:], spaced=ctx.spaced)))
                    del pending[ctx.source_left:]
                    ctx.started.clear()
        finally:
            self._contexts.pop()

    def _expand_run(self, pending: list[str], source_left: int, outer: bool, out: list[str],
                    hide: frozenset[str], ctx: RecursionContext | None) -> list[str]:
        while pending:
            t = pending.pop()
            if len(pending) < source_left:
                source_left = len(pending)
                if ctx is not None:
                    ctx.close_space(out)
                    ctx.begin(source_left, len(out))
                if outer:
                    self._expansion_line = getattr(t, "line", 0) or self.line
                    self._marks.append((len(out), self._expansion_line))
            if ctx is not None:
                ctx.source_left = source_left
            self.expansion_work += 1
            if self.expansion_work > MAX_EXPANSION_WORK:
                # macros that double at every level (#define A1 A0 A0 ...) grow exponentially; fxc runs out of
                # memory on them, here the run stops after a bounded amount of work
                raise self.error(f"out of memory: macro expansion exceeds {MAX_EXPANSION_WORK} tokens", 1000)
            if t == "__FILE__" and self._in_if and self.lenient and t not in self.macros:
                # fxc does not replace __FILE__ in #if / #elif: a name there, 0 without an error (d3dcompiler_47
                # 10.1, session 42: ``#if __FILE__`` takes the #else group, ``#if !__FILE__`` its own; "a" is X1500)
                out.append(t)
                continue
            if t in PREDEFINED and t not in self.macros:
                if t == "__LINE__":
                    value = str(getattr(t, "line", 0) or self._expansion_line)
                    if self.lenient:  # (an unsigned 32-bit number: 0 after "#line 4294967295" and a line; session 39)
                        value = str(int(value) & 0xFFFFFFFF)
                else:
                    # fxc's __FILE__: the name its text's #line gives the file (the main file's full path; session 38)
                    value = quoted_name(self.shown) if self.lenient and self.shown else \
                        '"' + self.file.replace("\\", "\\\\") + '"'
                # (a replacement: spelled between blanks in an argument's text, "( 2 )" of S((__LINE__)))
                out.extend(ctx.open_space(out, [value]) if ctx is not None else [value])
                continue
            # fxc has no _Pragma operator: d3dcompiler_47 10.1 (session 35) passes ``_Pragma("x")`` on as text
            if t == "_Pragma" and not self._in_if and not self.lenient:
                out.append(self._pragma_operator(pending))
                continue
            if self._in_if and t == "defined":
                # a ``defined`` produced by an expansion in #if: its operand is not expanded (GCC's rule)
                out.append(t)
                k = len(pending) - 1
                while k >= 0 and pending[k] == " ":
                    k -= 1
                if k >= 0 and pending[k] == "(":
                    k -= 1
                    while k >= 0 and pending[k] == " ":
                        k -= 1
                if k >= 0:
                    out.extend(reversed(pending[k:]))
                    del pending[k:]
                    # the line's last token read as an operand here cannot leave the line ending in an empty
                    # replacement (ppcond's X1518 stop)
                    self._operand_ends_line = k == 0
                continue
            m = self.macros.get(t)
            ths = _hs(t) | hide
            if m is None or t in ths or _DEAD_NAME in ths:
                if m is not None and ctx is not None and t in ths and _DEAD_NAME not in ths and \
                        any(t in c.started for c in self._contexts):
                    raise MacroRecursion(t)  # fxc: the invocation is given up (see RecursionContext)
                out.append(t)
                continue
            taken = pasted_invocation(t, m.params, pending) if getattr(t, "pasted", False) else None
            if taken is not None:
                # (expanded on its own: a macro it meets again gives up only this invocation, see mark_pasted)
                source_left = min(source_left, len(pending))
                pending.extend(reversed(self.expand(taken, hide, spaced=ctx is not None and ctx.spaced)))
                continue
            if ctx is not None:
                ctx.started.add(m.name)
            if m.params is None:
                if ctx is not None and list_cycle(self.macros, m.body, ths | {m.name}):
                    raise MacroRecursion(m.name)  # (see ppwalk.list_cycle)
                # fxc pastes only in function-like macros: in an object-like one "##" is an ordinary token
                # (vkd3d's record: "Concatenation is not done for object-like macros, but is done for both
                # function-like macro bodies and their arguments"); C99 §6.10.3.3 pastes in both
                body = m.body if self.lenient else self._paste(self._subst(m.body, {}, ths | {m.name}))
                body = _add_hide(body, ths | {m.name}, self.lenient)
                if ctx is not None:
                    body = ctx.open_space(out, body)
                pending.extend(reversed(body))
                continue
            j = len(pending) - 1
            while j >= 0 and pending[j] == " ":
                j -= 1
            if j < 0 or pending[j] != "(" or (self.lenient and any(g.__class__ is Gap for g in pending[j + 1:])):
                if ctx is not None and ctx.spaced and j >= 0 and pending[j] != "(" and _from_replacement(pending[j]) \
                        and not isinstance(t, _Lookahead):
                    # fxc, replacing an argument list's macros: a function-like name a replacement's token follows
                    # (not the file's) becomes a copy of that token, which is read again (see _Lookahead)
                    pending.append(_Lookahead.of(pending[j]))
                    continue
                out.append(t)
                continue
            variadic = bool(m.params) and m.params[-1] == _VA_ARGS
            try:
                args, rparen, rest = self._collect_args(pending, j, len(m.params) if variadic else 0)
            except _Unterminated as e:
                if e.partial is None and self._expand_depth == 1:
                    e.partial = [*out, t]  # what the text gives up to the open invocation's name
                raise
            if self.lenient:
                try:
                    args, rest = self._fxc_arguments(args, rparen, rest, pending)
                except _Unterminated as e:
                    if e.partial is None and self._expand_depth == 1:
                        e.partial = [*out, t]  # what the text gives up to the open invocation's name
                    raise
            if len(args) == 1 and not [a for a in args[0] if a != " "] and not m.params:
                args = []
            if variadic and len(args) == len(m.params) - 1:
                # no argument for the "...": C99 §6.10.3p4 wants one more argument than named parameters; C23
                # (and MSVC, GCC, Clang) accept none and __VA_ARGS__ is then empty
                args.append([])
            if len(args) < len(m.params) or (not variadic and not self.strict_c99
                                             and any(not [a for a in arg if a != " "] for arg in args)):
                # fxc's number and wording, recorded in DXC's SemaHLSL tests (literals.hlsl: X1516). fxc counts
                # an empty argument as a missing one: DXC issue 3315 quotes fxc's X1516 for A(,), A(a,) and
                # A(,b) of `#define A(x,y) x##y` (C99 §6.10.3p4 allows empty arguments; strict_c99 keeps that).
                # d3dcompiler_47 10.1 (session 35) confirms both, B() of a one-parameter macro included, and goes on:
                # the invocation is replaced by the macro's name alone
                if self.lenient:
                    self.errors.append(self.error(f"not enough actual parameters for macro '{t}'", ERR_PARAMETERS_MACRO))
                    out.append(_failed_name(t))
                    del pending[rest:]
                    source_left = min(source_left, rest)
                    continue
                raise self.error(f"not enough actual parameters for macro '{t}'", ERR_PARAMETERS_MACRO)
            if len(args) > len(m.params):
                # C99 §6.10.3p4 wants as many arguments as parameters. fxc's table of preprocessor errors has no
                # entry for too many (X1516 is "not enough"): its preprocessor family (MSVC C4002, the resource
                # compiler's RC4002, "too many actual parameters for macro") warns and the extra arguments are
                # "collected but ignored during expansion"; vkd3d's record warns too. The number is inferred.
                # d3dcompiler_47 10.1 (session 35) settles it: an error, worded "not enough actual parameters", the
                # invocation replaced by the macro's name alone
                if not self.lenient:
                    raise self.error(f"too many actual parameters for macro '{t}'", ERR_PARAMETERS_MACRO)
                self.errors.append(self.error(f"not enough actual parameters for macro '{t}'", ERR_PARAMETERS_MACRO))
                out.append(_failed_name(t))
                del pending[rest:]
                source_left = min(source_left, rest)
                continue
            if outer and self.lenient and rest < source_left:
                # fxc replaces a __LINE__ of the list when it has read the invocation's ")": the line of that ")"
                # (d3dcompiler_47 10.1, session 42: F(\n1\n) of F(a) a __LINE__ is "1 4"; an argument's own
                # __LINE__ keeps its line, an object-like name's list the name's)
                self._expansion_line = getattr(rparen, "line", 0) or self._expansion_line
            amap = dict(zip(m.params, args, strict=True))
            # C99 (Prosser's algorithm) paints the replacement with the macros both the name and the ``)`` carry;
            # fxc counts every macro the name went through, so ``f(2)(9)`` of ``#define f(a) a*g`` / ``#define
            # g(a) f(a)`` meets f again and is given up (d3dcompiler_47 10.1, session 36)
            inner = (ths | {m.name}) if self.lenient else (ths & (_hs(rparen) | hide)) | {m.name}
            if ctx is not None and list_cycle(self.macros, m.body, inner):
                raise MacroRecursion(m.name)  # (see ppwalk.list_cycle)
            substituted = self._subst(m.body, amap, inner)
            if ctx is not None:
                # fxc meets a name of its replacement list before pasting: ``X(1)`` of ``#define X(a) X ## a`` is
                # given up (``X ( 1 )``, d3dcompiler_47 10.1, session 36), not pasted to X1
                met = next((x for x in substituted if x in inner and x.__class__ is not _ArgTok), None)
                if met is not None:
                    raise MacroRecursion(met)
            body = _add_hide(self._paste(substituted), inner, self.lenient)
            del pending[rest:]
            source_left = min(source_left, rest)
            if ctx is not None:
                body = ctx.open_space(out, body)
            pending.extend(reversed(body))
        if ctx is not None:
            ctx.close_space(out)
        return out

    def _fxc_arguments(self, args: list[list[str]], rparen: str, rest: int,
                       pending: list[str]) -> tuple[list[list[str]], int]:
        """fxc's arguments of an invocation whose list ``_collect_args`` read (``args``, its closer ``rparen``, the
        stack length ``rest`` once it is consumed): (the arguments, the new ``rest``).

        fxc replaces the macros of the whole argument list first and splits it at its commas after, so a comma a
        macro produces separates arguments and # spells the replaced argument (d3dcompiler_47 10.1, session 35: with
        #define C , F(1 C 2) gives a two-parameter F its two arguments, and S(A) of #define A 1 is "1"); C99
        §6.10.3.1 splits first and replaces each argument alone. The list is read as source, so a gap keeps a name
        there uninvoked too (``FB /**/ (x)`` stays, its argument unused is never replaced: no error); once
        substituted the gaps are plain blanks (G's replacement F (1) of G(F/**/(1)) is invoked)."""
        whole: list[str] = []
        for k, a in enumerate(args):
            whole += ([","] if k else []) + a
        # the list's own ")" is read with it: a name just before it may become a copy of it (_Lookahead)
        whole += [rparen] if rparen == ")" else []
        replaced = self.expand(whole, spaced=True)
        end = closing_at(replaced)
        while end is None:
            # a "(" the replacement made takes the list's ")": the list goes on to the next one (an invocation left
            # open at the end of the file is X1515; d3dcompiler_47 10.1, session 37: XS(OB) of #define OB ( & b)
            _more, rparen, k = self._collect_args(pending, rest)
            whole += pending[k + 1:rest][::-1] + [rparen]
            rest = k
            replaced = self.expand(whole, spaced=True)
            end = closing_at(replaced)
        # a ")" the replacement made (see _Lookahead) ends the argument list there, as it would in the file; the
        # tokens after it follow the invocation (d3dcompiler_47 10.1, session 37: S(P) of #define P ( F ) is "( )"
        # then ")")
        after = _trim(replaced[end + 1:])
        replaced = replaced[:end + (replaced[end] != ")")]
        pending[rest:rest] = reversed(_dead(after))
        rest += len(after)
        return [[" " if t.__class__ is Gap else t for t in a] for a in split_args(replaced)], rest

    def _collect_args(self, pending: list[str], j: int, variadic: int = 0) -> tuple[list[list[str]], str, int]:
        """The arguments of the invocation whose ``(`` is ``pending[j]`` (``pending`` is a reversed stack):
        (arguments, the closing parenthesis token, the stack length once the invocation is consumed).
        ``variadic``: the parameter count of a variadic macro; its last argument takes the rest of the list,
        commas included (C99 §6.10.3p12)."""
        depth = 0
        args: list[list[str]] = [[]]
        # C99 §6.10.3p11: only parentheses keep a comma inside one argument; fxc's brackets and braces do too
        # (vkd3d's record of it counts "(", "[" and "{" alike: F({1, 2}) and F(a[1, 2]) have one argument)
        opens, closes = ("(", "[", "{") if self.lenient else ("(",), (")", "]", "}") if self.lenient else (")",)
        j -= 1
        while j >= 0:
            t = pending[j]
            if t in opens:
                depth += 1
            elif t in closes:
                if depth == 0:
                    if t != ")":
                        # fxc: an unmatched ] or } ends the argument list too, itself the last argument's last
                        # token (d3dcompiler_47 10.1, session 36: F(1, ] 2) of F(a,b) [a|b] is [1|]] then 2 ), and
                        # F(], 2) has one argument: X1516)
                        args[-1].append(t)
                    return [_trim(a) for a in args], t, j
                depth -= 1
            elif t == "," and depth == 0 and not (variadic and len(args) == variadic):
                args.append([])
                j -= 1
                continue
            args[-1].append(t)
            j -= 1
        raise _Unterminated(self.file, self.line, 1, ERR_UNEXPECTEDEOF_MACRO, "unexpected end of file in macro expansion")

    def _subst(self, body: list[str], amap: dict[str, list[str]], hide: frozenset[str] = frozenset()) -> list[str]:
        """The replacement list with its parameters replaced (C99 §6.10.3.1) and ``#`` applied (§6.10.3.2).

        The operands of ``##`` are where fxc differs from C99 (§6.10.3.3p2 pastes an argument as written):
        fxc macro-expands an argument operand before pasting as it does any other argument (documented by
        Microsoft in DXC's option ``-flegacy-macro-expansion``, "Expand the operands before performing
        token-pasting operation (fxc behavior)", and DXC issues #1005 and #2158); a name of the replacement list
        is pasted as written (d3dcompiler_47 10.1, session 36: ``x ## C`` of ``#define C 4`` is ``aC``, not
        ``a4``). ``hide``: the macros whose expansion this is."""
        out: list[str] = []
        i = 0
        while i < len(body):
            t = body[i]
            if t == "#" and amap:
                # stringizing #, and the charizing operator #@ (#define page: "preceded by a stringizing (#),
                # charizing (#@), or token-pasting (##) operator"): the argument as written, in double / single
                # quotes; a # or #@ before anything but a parameter stays as it is
                quote = "'" if body[i + 1:i + 2] == ["@"] else '"'
                j = i + (2 if quote == "'" else 1)
                while j < len(body) and body[j] == " ":
                    j += 1
                if j < len(body) and body[j] in amap:
                    if self.lenient and quote == "'":
                        out.append(fxc_charize(_spelling(amap[body[j]], '"')))
                    else:
                        out.append(quote + _spelling(amap[body[j]], quote, self.lenient) + quote)
                    i = j + 1
                    continue
                if self.lenient and quote == "'":
                    # fxc charizes whatever token follows #@ as written, and #@ at the end gives nothing
                    # (d3dcompiler_47 10.1, session 35)
                    if j < len(body):
                        out.append(fxc_charize(body[j]))
                    i = j + 1
                    continue
                if self.lenient and quote == '"':
                    # §6.10.3.2p1 requires a parameter after #; fxc stringizes whatever token follows, spelled as
                    # # spells an argument, and a # that ends the list gives nothing (d3dcompiler_47 10.1, session
                    # 36: ``# 1``, ``# +``, ``# ##``, ``# #`` give "1", "+", "##", "#"; ``#"s"`` gives "\"s\"")
                    if j < len(body):
                        out.append('"' + _spelling([body[j]], quote, True) + '"')
                    i = j + 1
                    continue
            if t == "##":
                # an operator only where the replacement list has it; fxc writes one that begins or ends the list
                # as the token ## (d3dcompiler_47 10.1, sessions 35-36: ``x ##`` of F(a) is ``a ##``, ``## x`` is
                # ``## a``; C99 §6.10.3.3p1 forbids both)
                edge = self.lenient and (not any(x != " " for x in body[:i]) or not any(x != " " for x in body[i + 1:]))
                out.append("##" if edge else _PASTE)
                i += 1
                continue
            if t in amap:
                prev = next((x for x in reversed(out) if x != " "), None)
                nxt = next((x for x in body[i + 1:] if x != " "), None)
                if prev == _PASTE or nxt == "##":
                    out.extend((amap[t] if self.strict_c99 else self._arg_pastes(self.expand(amap[t]))) or ["\x00"])
                else:
                    out.extend(self._unpainted(self._arg_pastes(self.expand(amap[t]))))
            else:
                out.append(t)
            i += 1
        return out

    def _unpainted(self, toks: list[str]) -> list[str]:
        """fxc's mode: an argument's tokens keep the hide sets they had (``_add_hide`` adds none to an
        ``_ArgTok``); C99 §6.10.3.4 rescans them painted with the macro's name. d3dcompiler_47 10.1 (session 36):
        ``F(F)`` of ``#define F(x) [x(2)]`` invokes the argument's F (``[ [ 2 ( 2 ) ] ]``), ``F(F)(F)(1)`` of
        ``#define F(x) x`` is ``1``."""
        if not self.lenient:
            return toks
        return [t if t == " " else _ArgTok.of(t) for t in toks]

    def _arg_pastes(self, toks: list[str]) -> list[str]:
        """fxc pastes at a ``##`` an argument brings into a function-like macro's replacement (vkd3d's record,
        quoted in ``_expand``); C99 §6.10.3.3p2 has only the replacement list's own ``##`` operate."""
        if not self.lenient or "##" not in toks:
            return toks
        return [_PASTE if t == "##" else t for t in toks]

    def _tokens(self, text: str) -> list[str]:
        return tokenize_line(text, self.strict_c99)

    def _paste(self, toks: list[str]) -> list[str]:
        if _PASTE not in toks:
            return [t for t in toks if t != "\x00"]
        out: list[str] = []
        i = 0
        while i < len(toks):
            t = toks[i]
            if t == _PASTE:
                if self.lenient and (not any(x not in (" ", "\x00") for x in out) or
                                     all(x in (" ", "\x00") for x in toks[i + 1:])):
                    # an argument's ## with nothing on one side in the whole replacement stays the token ##
                    # (d3dcompiler_47 10.1, session 42: X(##), X(a ##), X(## b) of X(a) a give ``##``, ``a ##``,
                    # ``## b``; with a list around it, x a y, it pastes: ``x ay``), as the list's own does (_subst)
                    out.append("##")
                    i += 1
                    continue
                while out and out[-1] == " ":
                    out.pop()
                j = i + 1
                # (fxc: ``x ## ## y`` pastes x, nothing and y: ``ay``, d3dcompiler_47 10.1, session 36)
                while j < len(toks) and (toks[j] == " " or (self.lenient and toks[j] == _PASTE)):
                    j += 1
                left = out.pop() if out else ""
                right = toks[j] if j < len(toks) else ""
                if self.lenient:
                    glued = fxc_paste(left, right, self._tokens, self._pasted)
                    out.extend([mark_pasted(x) for x in glued] if left and right else glued)
                else:
                    out.extend(self._tokens((left + right).replace("\x00", "")) or [])
                i = j + 1
                continue
            out.append(t)
            i += 1
        return [t for t in out if t != "\x00"]

    def _pasted(self, text: str) -> None:
        """fxc's lexer reads a paste's text again (ppfxc.fxc_paste): a comment it opens is X1001, a number past 64
        bits its X1002-X1004."""
        if text.startswith("/*"):
            self.errors.append(self.error("comment continues past the end of the file", ERR_COMMENTEOF))
        else:
            self._lex_numbers(text)  # (``C(9999999999, 9999999999)``)


def preprocess(text: str, file: str = "", defines: dict[str, str] | None = None,
               include_open: Callable[[int, str, str], tuple[str, str]] | None = None,
               strict_c99: bool = False, keep_errors: bool = False, shown_name: str | None = None) -> PreprocessResult:
    """Preprocess ``text``; raises :class:`HlslError` on #error and malformed directives. ``strict_c99``: paste
    ``##`` operands unexpanded as C99 does (fxc expands them first; see ``Preprocessor._subst``).
    ``keep_errors``: the errors fxc goes on after stay in the result's ``errors`` (D3DPreprocess returns its text
    with them); otherwise the first is raised, as a compile fails on it. ``shown_name``: the name fxc's text
    (``fxc_text``) and ``__FILE__`` give the main file (D3DPreprocess: its full path, pptext.full_path)."""
    pp = Preprocessor(defines, include_open, strict_c99)
    pp.main_shown = shown_name
    try:
        res = pp.run(text, file)
    except HlslError as exc:
        # (the text read before the stop: fxc's parser has read it when the preprocessor stops, compile_api)
        exc.partial_text = "\n".join(pp.out).replace(SPLICE_MARK, "") + "\n"
        if pp.errors:
            # an error that stops the run after errors fxc went on after: fxc reports those first (d3dcompiler_47
            # 10.1, session 37: "#define FC() ..." X1500 before a later #if's X1518); D3DPreprocess's message blob
            # holds them all (``prior_errors``), a compile fails on the first
            if not keep_errors:
                raise pp.errors[0] from None
            exc.prior_errors = list(pp.errors)
        raise
    if pp.errors and not keep_errors:
        raise pp.errors[0]
    return res
