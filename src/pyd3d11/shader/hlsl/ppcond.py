"""The ``#if`` / ``#elif`` expression as the preprocessor reads it (split from preprocessor.py, session 39): the
``defined`` operator resolved before and after macro replacement (C99 §6.10.1p1 and p4), fxc's stops (X1518), the
evaluation (ppexpr.CondExpr) and the integers past 64 bits fxc's lexer reports on the way (pplex.integer_overflow).
The HLSL #if page: "treated as signed long values"; fxc's own reading is recorded in tests/test_rules_hlsl_fxc_*.
``IfExpressions`` is mixed into ``preprocessor.Preprocessor``, whose state (macros, errors, expand) it reads.
"""

from __future__ import annotations

import re

from .diagnostics import HlslError
from .ppexpr import ERR_INVALID_INT_EXPR, ERR_PP_SYNTAX, STOP, CondExpr, fxc_unexpected
from .ppfxc import Gap, identifier_zero
from .pplex import integer_overflows
from .ppmarks import _Unterminated
from .ppwalk import ends_empty


class IfExpressions:
    """The #if expression methods of the preprocessor (``Preprocessor`` provides ``lenient``, ``errors``, ``macros``,
    ``error``, ``expand``, ``_tokens``, ``_is_defined``, ``_in_if``, ``line``, ``line_delta``, ``depth``,
    ``_lines``, ``_open_end``, ``_groups_open``, ``_name_re``, ``_operand_ends_line`` and ``_consumed_lines``)."""

    def eval_expr(self, text: str) -> int:
        """An ``#if`` / ``#elif`` expression's value. fxc's lexer reads the line only as far as its parser goes: the
        integers past 64 bits it reports (pplex.integer_overflow) are those up to the token a syntax error names
        (d3dcompiler_47 10.1, session 39: ``#if > 99999999999999999999`` is X1500 alone, ``#if 1 ||
        99999999999999999999`` X1004 then X1500 at the number)."""
        at = len(self.errors)
        try:
            value = self._eval_expr(text)
        except HlslError as exc:
            self.errors[at:at] = self._numbers_read(text, [*self.errors[at:], exc])
            raise
        self.errors[at:at] = self._numbers_read(text, self.errors[at:])
        return value

    def _numbers_read(self, text: str, errors: list[HlslError]) -> list[HlslError]:
        """The overflow errors of ``text``'s integers up to the token the first syntax error of ``errors`` names."""
        stop = next((e.message for e in errors if e.code == ERR_PP_SYNTAX), None)
        toks = [t for t in self._tokens(text) if t != " "]
        end = next((k + 1 for k, t in enumerate(toks) if "syntax error : " + fxc_unexpected(t) == stop), len(toks))
        found = integer_overflows(" ".join(toks[:end])) if self.lenient else []
        return [self.error(msg, num) for num, msg in found]

    def _eval_expr(self, text: str) -> int:
        if self.lenient:
            # fxc's character constant is one character between quotes, taken as written: ``'\'`` is 92
            # (d3dcompiler_47 10.1, session 35), where C's tokens would leave the quote open
            text = re.sub(r"(?<![\w'])'\\'", "92", text)
        raw = self._tokens(text)
        # (a comment between a name and "(" stays, as a Gap: no invocation across it; see pplex.directive_text; not
        # after ``defined``, no macro: d3dcompiler_47 10.1, session 46, ``defined/**/(X)`` is ``defined(X)``)
        toks = [t for k, t in enumerate(raw) if t != " " or (
            t.__class__ is Gap and k and raw[k - 1][:1].isidentifier() and raw[k + 1:k + 2] == ["("] and
            raw[k - 1] != "defined")]
        return self._eval_tokens(text, toks)

    def _eval_tokens(self, text: str, toks: list[str]) -> int:
        """The value of the #if expression ``toks`` (read from ``text``: see _eval_expr)."""
        # defined X / defined(X) before expansion (C99 §6.10.1p1); a ``defined`` that an expansion produces is
        # undefined behaviour in C99 and evaluated the same way afterwards (as GCC, Clang and MSVC do)
        self._in_if = True
        self._operand_ends_line = False
        try:
            try:
                resolved = self._resolve_defined(toks, self._in_argument_lists(toks))
            except HlslError as bad:
                value = self._before_defined(text, toks, bad)
                if value is None:
                    raise
                return value
            exp = [t for t in self.expand(resolved) if t != " "]
        except _Unterminated as open_list:
            if not self.lenient:
                raise
            value = self._syntax_before(open_list.partial)
            if value is not None:
                return value
            nxt = self.line - self.line_delta + self._consumed_lines  # (the next physical line's index)
            if self.depth == 1 and nxt < len(self._lines) and not re.match(r"\s*#", self._lines[nxt]) and \
                    not self._lines[nxt].rstrip().endswith("\\") and "/*" not in self._lines[nxt]:
                # fxc reads the next line into the expression while its argument list is open, and evaluates it
                # when the list closes (d3dcompiler_47 10.1, session 42: "#if f(" / "1) == 1" takes the group;
                # a directive before the ")" is session 39's open list, below)
                self._consumed_lines += 1
                self._hold_if_line(nxt)  # (a string the line leaves open holds its new-line: pprunon)
                return self._eval_expr(text + " " + self._lines[nxt].split("//")[0])
            # fxc reads an argument list the line leaves open on to the end of the file, the directives there taking
            # effect (a group they close that is not theirs: X1508-X1510), then stops: X1515 and X1518
            # (d3dcompiler_47 10.1, session 39: "#if F(1" / "a" / "#endif" is X1510, X1515, X1518; D3DPreprocess fails)
            self.errors.extend(self._strays_after())
            self.errors.append(open_list)
            raise self.error("invalid or unsupported integer constant expression", ERR_INVALID_INT_EXPR) from None
        finally:
            self._in_if = False
        exp = self._resolve_defined(exp)
        trailing = None  # (the name whose empty replacement ends the line: see below)
        if self.lenient and toks:
            # fxc 10.1 stops with X1518 where its parser reaches a function-like name left without arguments (``F + 1``)
            # or the end of a line ending in an empty replacement (``1 + E``, ``defined(E) E``); a syntax error before
            # either comes first (``| OC``: X1500) (session 38)
            exp = [STOP if t in self.macros and self.macros[t].params is not None else t for t in exp]
            # (not where that name is the operand of a ``defined`` an expansion produced: ``#define D defined X``
            # with an empty X, ``#if D`` is 1 -- d3dcompiler_47 10.1, session 42)
            if ends_empty(self.macros, resolved[-1]) and not self._operand_ends_line:
                exp.append(STOP)
                trailing = str(resolved[-1])
        exp = [identifier_zero(t) if re.match(r"[A-Za-z_]", t) else t for t in exp]
        if not exp:
            if self.lenient and toks:
                # tokens that macro replacement leaves empty (``#define E`` then ``#if E``): d3dcompiler_47 10.1
                # (session 35) stops there with X1518, D3DPreprocess failing
                raise self.error("invalid or unsupported integer constant expression", ERR_INVALID_INT_EXPR)
            if self.lenient:
                raise self.error("syntax error : unexpected end of line", ERR_PP_SYNTAX)
            raise self.error("#if requires an expression", ERR_INVALID_INT_EXPR)
        try:
            return CondExpr(exp, self).parse()
        except HlslError as stop:
            if trailing is not None and stop.code == ERR_INVALID_INT_EXPR and self._complete(exp[:-1]):
                # the line's end reached inside that replacement after a whole expression: fxc's X1518 is followed
                # by X1500 naming the macro (d3dcompiler_47 10.1, session 44: #if 1 E, (1) E, 1 E E, #elif 1 E;
                # not #if E alone nor 1 + E)
                stop.followed_by = [self.error(f"syntax error : unexpected token '{trailing}'", ERR_PP_SYNTAX)]
            raise

    def _before_defined(self, text: str, toks: list[str], bad: HlslError) -> int | None:
        """fxc's parser meets a ``defined`` that has no operand (``bad``, raised by _resolve_defined) where it
        wants an operator: after a complete expression the token is the trailing-token X1500 and the expression's
        value stands (d3dcompiler_47 10.1, session 46: ``#if 1 defined``, ``X defined``, ``(1) defined`` take the
        group with X1500, ``#if 0 defined`` skips it; ``1 + defined`` is the operand's X1500 and no group). The
        expression before it, or None where that does not read whole (``bad`` stands)."""
        at = getattr(bad, "defined_at", None)
        if not self.lenient or not at:
            return None
        errors = len(self.errors)
        try:
            value = self._eval_tokens(text, toks[:at])
        except (HlslError, _Unterminated):
            value = None
        if value is None or any(e.code == ERR_PP_SYNTAX for e in self.errors[errors:]):
            del self.errors[errors:]
            return None
        self.errors.append(self.error("syntax error : unexpected token 'defined'", ERR_PP_SYNTAX))
        return value

    def _complete(self, exp: list[str]) -> bool:
        """Whether ``exp`` reads as one whole #if expression (no stop, no syntax error)."""
        if not exp or any(t.__class__ is STOP.__class__ for t in exp):
            return False
        errors = len(self.errors)
        try:
            CondExpr(exp, self).parse()
        except HlslError:
            return False
        finally:
            del self.errors[errors:]  # (a probe: what it reported is not the directive's)
        return True

    def _syntax_before(self, partial: list[str] | None) -> int | None:
        """fxc's parser meets a syntax error in the tokens before an open invocation before it reads the invocation
        (d3dcompiler_47 10.1, session 39: ``#if < F(`` is X1500 at ``<`` alone, the run going on): raised here; a
        token after a complete expression there is the trailing-token X1500 and the expression's value is the
        directive's (``#if 1 ) F(`` opens its group), returned. None where the tokens before read well so far."""
        before = [t for t in (partial or [])[:-1] if t != " "]
        if not before:
            return None
        at = len(self.errors)
        try:
            value = CondExpr([identifier_zero(t) if re.match(r"[A-Za-z_]", t) else t for t in before], self).parse()
        except HlslError as exc:
            if exc.code == ERR_PP_SYNTAX and not exc.message.endswith("unexpected end of line"):
                raise
            value = None
        if not any(e.code == ERR_PP_SYNTAX for e in self.errors[at:]):
            del self.errors[at:]
            return None
        return value

    def _strays_after(self) -> list[HlslError]:
        """The ``#elif`` / ``#else`` / ``#endif`` lines after the current one (of the main file) that close no group
        open there, as fxc reports them (X1508 / X1509 / X1510; a group left open X1502)."""
        first = self.line - self.line_delta  # (the current physical line: the next one's index)
        depth, found = self._groups_open, []  # (the groups open before the directive may be closed there)
        for k, text in enumerate(self._lines[first:] if self.depth == 1 else [], first + 1):
            m = re.match(r"[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b", text)
            if m and m.group(1).startswith("if"):
                depth += 1
            elif m and m.group(1) == "endif" and depth:
                depth -= 1
            elif m and not depth:
                code = {"elif": 1508, "else": 1509, "endif": 1510}[m.group(1)]
                found.append(HlslError(self.file, k + self.line_delta, 1, code, f"unexpected #{m.group(1)}"))
        # (groups opened there and left open: one X1502 at the end of the file, the line after its last new-line)
        end = len(self._lines) + (0 if self._open_end else 1) + self.line_delta
        if depth > self._groups_open and self.depth == 1:
            found.append(HlslError(self.file, end, 1, 1502, "unexpected end of file"))
        return found

    def _in_argument_lists(self, toks: list[str]) -> frozenset[int]:
        """The indices of ``toks`` inside a function-like macro's argument list (fxc's mode; else none)."""
        if not self.lenient:
            return frozenset()
        inside: set[int] = set()
        opened: list[int] = []  # the depths at which an invocation's list opened
        depth = 0
        for i, t in enumerate(toks):
            if t == "(":
                depth += 1
                m = self.macros.get(toks[i - 1]) if i else None
                if m is not None and m.params is not None:
                    opened.append(depth)
            elif t == ")":
                if opened and opened[-1] == depth:
                    opened.pop()
                depth -= 1
            if opened:
                inside.add(i)
        return frozenset(inside)

    def _resolve_defined(self, toks: list[str], in_lists: frozenset[int] = frozenset()) -> list[str]:
        """``defined identifier`` and ``defined ( identifier )`` become 1 or 0; any other form is an error, but for
        one inside a macro's argument list (``in_lists``), which the expansion's result reads instead
        (d3dcompiler_47 10.1, session 45: ``P(defined)(P)`` of ``#define P(x) x`` is ``defined(P)``)."""
        res: list[str] = []
        i = 0
        while i < len(toks):
            if toks[i] != "defined" or i in in_lists:
                # (one in an argument list is read after the expansion, its operand replaced as any argument's
                # token: d3dcompiler_47 10.1, session 46, F(defined X) of #define X 1 is X1500 at the 1)
                res.append(toks[i])
                i += 1
                continue
            paren = i + 1 < len(toks) and toks[i + 1] == "("
            k = i + 2 if paren else i + 1
            name = toks[k] if k < len(toks) else ""
            # (the operand "defined" is fxc's X1500 at it: d3dcompiler_47 10.1, session 43, "#if defined(defined)"
            # and "#if defined defined" open no group)
            if not re.fullmatch(self._name_re, name) or (self.lenient and name == "defined") or \
                    (paren and (k + 1 >= len(toks) or toks[k + 1] != ")")):
                if self.lenient:
                    bad = k if not re.fullmatch(self._name_re, name) or name == "defined" else k + 1
                    err = self.error("syntax error : " + fxc_unexpected(toks[bad] if bad < len(toks) else None),
                                     ERR_PP_SYNTAX)
                    err.defined_at = i  # (see _before_defined)
                    raise err
                raise self.error("'defined' requires an identifier, optionally in parentheses", ERR_INVALID_INT_EXPR)
            res.append("1" if self._is_defined(name) else "0")
            i = k + 2 if paren else k + 1
        return res
