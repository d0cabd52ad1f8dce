"""Macro replacement (split from preprocessor.py, session 46): C99 §6.10.3's rescanning with hide sets (Prosser's
algorithm) and fxc's departures from it -- the argument list replaced whole before it is split at its commas, the
operands of ``##`` expanded first, an invocation given up where it meets itself again (ppfxc.RecursionContext),
argument counts (X1516), ``#`` / ``#@`` / ``##``, ``__LINE__`` / ``__FILE__``. ``Expansion`` is mixed into
``preprocessor.Preprocessor``, whose state (``lenient``, ``strict_c99``, ``macros``, ``errors``, ``line``, ``file``,
``shown``, ``_in_if``, ``_expand_depth``, ``_contexts``, ``_expansion_line``, ``_marks``, ``expansion_work``,
``_operand_ends_line``, ``error``, ``_lex_numbers``, ``_pragma_operator``) it reads and writes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .diagnostics import HlslError
from .ppfxc import (
    _DEAD_NAME,
    STRING_NL,
    Gap,
    MacroRecursion,
    RecursionContext,
    _trim,
    closing_at,
    fxc_charize,
    fxc_paste,
    split_args,
)
from .pplex import (
    tokenize_line,
)
from .ppmarks import (
    _PASTE,
    _VA_ARGS,
    _add_hide,
    _ArgTok,
    _dead,
    _failed_name,
    _from_replacement,
    _hs,
    _Lookahead,
    _spelling,
    _Unterminated,
    mark_pasted,
    pasted_invocation,
)
from .pprunon import ERR_STRINGEOF, ERR_STRINGEOL, ERR_UNEXPECTEDEOF_MACRO
from .pptext import quoted_name
from .ppwalk import list_cycle

if TYPE_CHECKING:
    from .ppdirective import Macro

#: fxc's numbers (MicrosoftDocs "HLSL errors and warnings"; preprocessor.py imports them from here)
ERR_COMMENTEOF = 1001  # "A comment continues past the end of file" (a paste that opens one, see _pasted)
#: "Not enough actual parameters were supplied to the specified macro"; the warning for too many takes it too
#: (inferred: the table's only argument-count code)
ERR_PARAMETERS_MACRO = 1516

#: the predefined macro names fxc documents (the "#line Directive" page: "the predefined macros __FILE__ and
#: __LINE__"); no other is documented for fxc, so no other is defined (DXC's __HLSL_VERSION and
#: __SHADER_TARGET_* are DXC's own; C99's __STDC__, __DATE__, __TIME__ are not on any HLSL page)
PREDEFINED = frozenset({"__FILE__", "__LINE__"})

#: tokens macro expansion may produce in one run (all nesting levels counted): a few seconds of work, some
#: ten times what large real shaders need
MAX_EXPANSION_WORK = 1 << 21


class Expansion:
    """The macro replacement methods of the preprocessor (see the module's docstring for the state it reads)."""

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
            if self._in_if and t == "defined" and (not self.lenient or _from_replacement(t)):
                # a ``defined`` produced by an expansion in #if: its operand is not expanded (GCC's rule); fxc's
                # mode: one an argument list holds is an argument's token, its operand replaced too (see
                # ppcond._resolve_defined)
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
                    del pending[0 if self._in_if and self._expand_depth == 1 else rest:]  # (in #if: see below)
                    source_left = min(source_left, len(pending))
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
                # in #if fxc reads no further after an argument count's X1516: the name left stops its parser
                # (X1518), no later invocation is reported (d3dcompiler_47 10.1, session 46: "#if R(1) == 1 ||
                # R(1) == 2" of a two-parameter R is X1516 once, then X1518; "(R(1))" adds X1500 at the line's end)
                del pending[0 if self._in_if and self._expand_depth == 1 else rest:]
                source_left = min(source_left, len(pending))
                continue
            if outer and self.lenient and rest < source_left:
                # fxc replaces a __LINE__ of the list when it has read the invocation's ")": the line of that ")"
                # (d3dcompiler_47 10.1, session 42: F(\n1\n) of F(a) a __LINE__ is "1 4"; an argument's own
                # __LINE__ keeps its line, an object-like name's list the name's)
                self._expansion_line = getattr(rparen, "line", 0) or self._expansion_line
            amap: dict[str, list[str]] = {}
            for p, a in zip(m.params, args, strict=True):
                amap.setdefault(p, a)  # (a repeated parameter name is the first one's: see Directives.define)
            # C99 (Prosser's algorithm) paints the replacement with the macros both the name and the ``)`` carry;
            # fxc counts every macro the name went through, so ``f(2)(9)`` of ``#define f(a) a*g`` / ``#define
            # g(a) f(a)`` meets f again and is given up (d3dcompiler_47 10.1, session 36)
            inner = (ths | {m.name}) if self.lenient else (ths & (_hs(rparen) | hide)) | {m.name}
            if ctx is not None and list_cycle(self.macros, m.body, inner):
                raise MacroRecursion(m.name)  # (see ppwalk.list_cycle)
            substituted = self._subst(m.body, amap, inner, m)
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

    def _subst(self, body: list[str], amap: dict[str, list[str]], hide: frozenset[str] = frozenset(),
               macro: Macro | None = None) -> list[str]:
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
                        out.append(self._stringized(quote + _spelling(amap[body[j]], quote, self.lenient) + quote,
                                                    macro))
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
                        out.append(self._stringized('"' + _spelling([body[j]], quote, True) + '"', macro))
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

    def _stringized(self, text: str, macro: Macro | None) -> str:
        """The string ``#`` made (``text``) as fxc's lexer reads it again: one whose closing quote a backslash
        escapes (an argument ending in a lone ``\\``: ``S(\\)``, ``S(a \\)``) runs to the end of that text, X1006 at
        the line of the macro's ``#define`` (column 1), and the token fxc writes then has one character more: the
        first character of the string's value (``"a\\"a``, ``"\\""`` -- a rule fitted to d3dcompiler_47 10.1's
        answers, session 46, 14 probes; its cause inside fxc is not known)."""
        if self.lenient and STRING_NL in text:
            # (an argument's string that holds its line's new-line, ppfxc.STRING_NL: the string # makes ends there,
            # left open -- X1005 at the #define --, the rest of it lost; d3dcompiler_47 10.1, session 48: ``S("a`` /
            # ``b) pass`` writes ``"\\"a`` and the new-line, then ``pass``)
            file, line = macro.place if macro is not None and macro.place is not None else (self.file, self.line)
            self.errors.append(HlslError(file, line, 1, ERR_STRINGEOL, "string continues past end of line"))
            return text[:text.index(STRING_NL) + 1]
        if not self.lenient or text[:1] != '"' or (len(text) - 1 - len(text[:-1].rstrip("\\"))) % 2 == 0:
            return text
        file, line = macro.place if macro is not None and macro.place is not None else (self.file, self.line)
        err = HlslError(file, line, 1, ERR_STRINGEOF, "string continues past end of file")
        line, col = self._expansion_line or self.line, None
        if macro is not None and self.depth == 1 and 0 <= line - self.line_delta - 1 < len(self._lines):
            # (the invocation's column in the main file's line: the compile's order on one line, compile_api)
            found = re.search(r"(?<!\w)" + re.escape(macro.name) + r"(?!\w)", self._lines[line - self.line_delta - 1])
            col = found.start() if found else None
        err.met_at = (self.file, line, macro.name if macro is not None else None, col)
        self.errors.append(err)
        first = text[1:3]
        return text + (first[1] if first[0] == "\\" else first[0])

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
            self.errors.append(self.error("comment continues past end of file", ERR_COMMENTEOF))
        elif self.lenient and STRING_NL in text:
            # a string an argument list's line end left open (ppfxc.STRING_NL) is read again as open: X1005 once
            # more, at its quote's offset in the pasted text (d3dcompiler_47 10.1, session 48: ``a ## x`` of
            # ``G("a`` / ``)`` is X1005 at (3,3) then (3,1), ``x ## a`` at (3,2))
            at = text.index('"') if '"' in text else 0
            self.errors.append(self.error("string continues past end of line", ERR_STRINGEOL, at + 1))
        else:
            self._lex_numbers(text)  # (``C(9999999999, 9999999999)``)
