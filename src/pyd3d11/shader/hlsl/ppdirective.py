"""The preprocessor's directives (split from preprocessor.py, session 46): the conditional groups (``#if``, ``#ifdef``,
``#ifndef``, ``#elif``, ``#else``, ``#endif`` -- the expression itself is ppcond's), ``#define`` and its parameter and
replacement-list checks, ``#undef``, ``#include`` (ppinclude's), ``#error``, ``#pragma`` (pppragma's), ``#line`` and an
unknown directive. ``Directives`` is mixed into ``preprocessor.Preprocessor``, whose state (``lenient``, ``macros``,
``errors``, ``file``, ``line``, ``shown``, ``_marked_line``, ``_raw_line``, ``_line_directive``, ``_line_named``,
``_left_open``, ``_groups_open``, ``_name_re``, ``error``, ``warn``, ``tolerate``, ``expand``, ``eval_expr``,
``include``, ``pragma``, ``_tokens``, ``_lex_numbers``, ``_check_end``, ``_is_defined``) it reads and writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .diagnostics import EMPTY_NAME, DirectiveError
from .ppexpand import PREDEFINED
from .ppexpr import ERR_PP_SYNTAX, fxc_unexpected
from .ppfxc import (
    SPLICE_MARK,
    _trim,
    fxc_parameter_list,
    same_definition,
)
from .pplex import (
    _join,
    directive_text,
    error_directive_text,
    glue_number_suffixes,
)
from .ppmarks import (
    _VA_ARGS,
    _line_number,
    _Unterminated,
)
from .pprunon import _BLANKS

#: fxc's directive numbers, from Microsoft's table of its codes (MicrosoftDocs "HLSL errors and warnings",
#: CompErrors.h); where fxc only warns (see ``Preprocessor.lenient``) the warning carries the same number
ERR_INVALIDCOMMAND = 1504  # "An invalid preprocessor command": an unknown directive
ERR_ELIF, ERR_ELSE, ERR_ENDIF = 1508, 1509, 1510  # "An unexpected #elif / #else / #endif directive occurred"
ERR_DUPLICATEPARAMATER = 1511  # "A duplicate parameter was supplied to the specified macro"
ERR_ELIF_ELSE, ERR_ELSE_ELSE = 1513, 1514  # an #elif / #else after #else
ERR_MACRO_REDEFINITION = 1519

#: C99 §6.10.8p4: a predefined name "shall not be the subject of a #define or a #undef"; fxc's reaction is
#: unrecorded, Microsoft's C preprocessor warns (C4117) and ignores the directive, as this one does (the number:
#: ERR_MACRO_REDEFINITION, given with warning severity)
W_RESERVED_NAME = ERR_MACRO_REDEFINITION
#: the names no #define / #undef may take (§6.10.8p4: the predefined names "nor the identifier defined")
RESERVED_NAMES = PREDEFINED | {"defined"}


@dataclass(slots=True)
class Macro:
    name: str
    params: list[str] | None  # None: object-like
    body: list[str]
    #: (file, line) of its #define (fxc's mode: the place of an error its replacement makes, ppexpand._stringized)
    place: tuple[str, int] | None = None


class _Cond:
    __slots__ = ("active", "taken", "parent_active", "seen_else", "foreign")

    def __init__(self, active: bool, parent_active: bool):
        self.active = active and parent_active
        self.taken = active
        self.parent_active = parent_active
        self.seen_else = False
        #: a group an included file left open (fxc's mode, see Preprocessor.process): it goes on in the includer
        self.foreign = False


class Directives:
    """The directive methods of the preprocessor (see the module's docstring for the state it reads)."""

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
            number = re.match(r"[^\s\"]*\s*", rest).group(0)
            name_part, after_splice = self._name_cut_by_splice(rest[len(number):])
            rest = number + name_part
            if after_splice is not None and (more := [p for p in self._tokens(after_splice) if p.strip()]):
                # (the line after the splice is read with the directive: its first token is X1500)
                self.errors.append(self.error("syntax error : " + fxc_unexpected(more[0]), ERR_PP_SYNTAX))
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
            if self.lenient and fname == "":
                fname = EMPTY_NAME  # (its messages keep their places: diagnostics.EMPTY_NAME)
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
                    if not self.lenient:
                        raise self.error(f"duplicate macro parameter '{p}' in '{name}'", ERR_DUPLICATEPARAMATER)
                    # fxc reports each repeat and defines the macro all the same, every parameter counted and a
                    # name bound to its first argument (d3dcompiler_47 10.1, session 47: ``#define F(a,b,a) a b``
                    # then ``F(1,2,3)`` is ``1 2`` after one X1511; ``F(1,2)`` of ``F(a,a,a)`` is X1516)
                    self.errors.append(self.error(f"duplicate macro parameter '{p}'", ERR_DUPLICATEPARAMATER))
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
        self.macros[name] = Macro(name, params, body, (self.file, self.line))

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
