"""The ``#if`` / ``#elif`` constant expression (C99 §6.10.1) as fxc evaluates it: every value an unsigned 32-bit
integer (issue 15's statement of fxc's rule, "``#if`` arithmetic in unsigned 32-bit"; vkd3d-shader's preprocessor,
written against d3dcompiler_47, types every ``#if`` value ``uint32_t``), short-circuit evaluation, fxc's tolerance of
a division by zero, and fxc's smaller operator set (no ``%``, ``~``, ``<<``, ``>>``). The strict C99 mode (the GCC
differential's) keeps C's typed arithmetic at 32 bits: ``long`` / ``unsigned long`` with the usual arithmetic
conversions (the older HLSL "#if" page's wording, "treated as signed long values"), and the four operators.

The preprocessor (preprocessor.py) resolves ``defined`` and expands macros first; this module only reads the
resulting tokens.
"""

from __future__ import annotations

from typing import Protocol

from .diagnostics import HlslError
from .ppmarks import _from_replacement

ERR_DIVZERO = 1503  # division or remainder by zero in an evaluated #if operand
ERR_INVALID_INT_EXPR = 1518  # "An integer constant expression is invalid or unsupported": any bad #if expression
#: fxc's number for every malformed #if expression (d3dcompiler_47 10.1, session 35: X1518 never appears; the
#: message names what its grammar met, "syntax error : unexpected token '~'" / "unexpected end of line" / ...)
ERR_PP_SYNTAX = 1500


class _Reader(Protocol):
    """What the evaluator needs of the preprocessor: its mode and its diagnostics."""

    lenient: bool
    errors: list[HlslError]

    def error(self, msg: str, code: int = 1000, col: int = 1) -> HlslError: ...

    def tolerate(self, message: str, code: int, col: int = 1) -> None: ...

    def _after_nul(self, tail: str) -> None: ...


_BIN_PREC = {"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7, ">": 7, "<=": 7, ">=": 7,
             "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10}


#: the C operators fxc's #if does not take (see CondExpr.fxc_operator)
_FXC_MISSING_OPERATORS = frozenset({"%", "~", "<<", ">>"})

_MASK = 0xFFFFFFFF
_MASK64 = (1 << 64) - 1
_CHAR_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "a": 7, "b": 8, "f": 12, "v": 11, "\\": 92, "'": 39,
                 '"': 34, "?": 63}


def _wrap(v: int, unsigned: bool) -> int:
    """``v`` as a 32-bit ``long`` or ``unsigned long`` (the #if page: "treated as signed long values",
    int the same as long, unsigned int the same as unsigned long)."""
    v &= _MASK
    return v if unsigned or v < 0x80000000 else v - 0x100000000


def _pp_int(tok: str) -> tuple[int, bool]:
    """An integer (or character) constant as (value, unsigned) with C++'s typing for 32-bit long: a
    ``u`` suffix, or a value that only fits unsigned long, makes it unsigned."""
    if tok.startswith("'") and tok.endswith("'") and len(tok) >= 3:
        chars = _char_values(tok[1:-1])
        if len(chars) == 1:
            v = chars[0]
            return _wrap(v - 256 if v >= 128 else v, False), False  # char is signed
        # C99 §6.4.4.4p10: a constant of several characters has an implementation-defined int value; Microsoft's
        # (the C/C++ "Character literals" page): each character shifts the value left by 8 bits, 32 bits kept
        v = 0
        for c in chars:
            v = (v << 8) | (c & 0xFF)
        return _wrap(v, False), False
    t = tok.rstrip("uUlL")
    suffix_u = "u" in tok[len(t):].lower()
    try:
        if t.lower().startswith("0x"):
            v = int(t, 16)
        elif t.startswith("0") and t.isdigit():  # octal (C99 §6.4.4.1); "0" itself reads the same
            v = int(t, 8)
        else:
            v = int(t)
    except ValueError:
        # a floating constant (1.0, 2e3, 1.5f) is no integer constant: §6.10.1p1 wants an integer constant
        # expression, and fxc's reader (vkd3d's record) takes floats as plain text there, a syntax error
        raise ValueError(tok) from None
    unsigned = suffix_u or (v & _MASK) >= 0x80000000
    return _wrap(v, unsigned), unsigned



def _char_values(body: str) -> list[int]:
    """The characters of a character constant's body (C99 §6.4.4.4: simple, octal and hexadecimal escapes)."""
    out: list[int] = []
    i = 0
    while i < len(body):
        if body[i] != "\\":
            out.append(ord(body[i]))
            i += 1
            continue
        e = body[i + 1:i + 2]
        if e == "x":
            j = i + 2
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                j += 1
            if j == i + 2:
                raise ValueError(body)
            out.append(int(body[i + 2:j], 16) & 0xFF)
        elif e in "01234567" and e:
            j = i + 1
            while j < len(body) and j < i + 4 and body[j] in "01234567":
                j += 1
            out.append(int(body[i + 1:j], 8) & 0xFF)
        elif e in _CHAR_ESCAPES:
            out.append(_CHAR_ESCAPES[e])
            j = i + 2
        else:
            raise ValueError(body)
        i = j
    if not out:
        raise ValueError(body)
    return out


class _Stop(str):
    """A place in an ``#if`` expression where fxc stops with X1518 once its parser reaches it (see
    ``Preprocessor.eval_expr``): a syntax error before it is reported instead."""


#: the token that marks such a place
STOP = _Stop("\x05")


class CondExpr:
    """Precedence-climbing evaluator for #if. fxc's mode: unsigned 32-bit arithmetic throughout (``-1 > 0``,
    ``-7 / 2`` is 0x7FFFFFFC). Strict C99 mode: 32-bit ``long`` / ``unsigned long`` with C++'s usual arithmetic
    conversions (either operand unsigned makes the operation unsigned). Both: C++'s evaluation rules — the
    unevaluated operand of ``&&``, ``||`` and ``?:`` may divide by zero."""

    def __init__(self, toks: list[str], pp: _Reader):
        self.toks, self.i, self.pp = toks, 0, pp
        self.skipping = 0  # > 0 inside an operand whose value is not used
        self.nested = 0  # the "(" and "?" open where the parser is (a stop there: see peek)
        # fxc's mode types every value unsigned, results of comparisons and logical operators included, so no
        # operation is ever signed
        self.all_unsigned = pp.lenient

    def peek(self) -> str | None:
        t = self.toks[self.i] if self.i < len(self.toks) else None
        if t.__class__ is _Stop:
            stop = self.pp.error("invalid or unsupported integer constant expression", ERR_INVALID_INT_EXPR)
            if self.nested and self.pp.lenient:
                # fxc's parser, stopped inside parentheses or a ?:'s middle operand, then meets the end of the
                # line there (d3dcompiler_47 10.1, session 46: "#if (F)" of a function-like F, "(R(1))", "1 ? R(1) :
                # 2" are X1518 then X1500; "F", "-R(1)", "R(1) (" X1518 alone)
                stop.followed_by = [self.pp.error("syntax error : unexpected end of line", ERR_PP_SYNTAX)]
            raise stop
        return t

    def take(self) -> str:
        t = self.peek()
        if t is None:
            raise self.bad(None, "syntax error in #if expression")
        self.i += 1
        return t

    def bad(self, tok: str | None, c99: str) -> HlslError:
        """The error for ``tok`` (None: the end of the line) where the grammar wants something else: C99's
        wording with X1518 strictly; fxc's X1500 and its words (d3dcompiler_47 10.1, session 35), which name the
        token's kind for literals: "unexpected integer '4294967296'", "unexpected float '1.5'", "unexpected
        string constant", else "unexpected token 'X'" or "unexpected end of line"."""
        if not self.pp.lenient:
            return self.pp.error(c99, ERR_INVALID_INT_EXPR)
        return self.pp.error("syntax error : " + fxc_unexpected(tok), ERR_PP_SYNTAX)

    def parse(self) -> int:
        v, _ = self.ternary()
        if self.peek() == "\x00" and self.pp.lenient:
            # (a NUL ends the expression: see Preprocessor._after_nul)
            self.pp._after_nul(" ".join(str(t) for t in self.toks[self.i:]))
            return v
        if self.peek() is not None:
            err = self.bad(self.peek(), f"unexpected token '{self.peek()}' in #if expression")
            if not self.pp.lenient:
                raise err
            # fxc reports tokens after a complete expression and keeps the value: the group is still decided by
            # it (``#if 1 2`` includes its group; no "unexpected #endif" follows, as after other syntax errors)
            self.pp.errors.append(err)
        return v

    def ternary(self) -> tuple[int, bool]:
        c = self.binary(1)
        if self.peek() == "?":
            self.take()
            self.skipping += not c[0]
            # fxc's middle operand is a logical-or expression: a ?: there needs parentheses (d3dcompiler_47 10.1,
            # session 35: ``1 ? 2 ? 0 : 1 : 1`` is "unexpected token '?'"; C's grammar takes any expression)
            self.nested += 1
            a = self.binary(1) if self.pp.lenient else self.ternary()
            self.nested -= 1
            self.skipping -= not c[0]
            if self.peek() != ":":
                raise self.bad(self.peek(), "expected ':' in #if expression")
            self.take()
            self.skipping += bool(c[0])
            b = self.ternary()
            self.skipping -= bool(c[0])
            unsigned = a[1] or b[1]
            return _wrap((a if c[0] else b)[0], unsigned), unsigned
        return c

    def binary(self, min_prec: int) -> tuple[int, bool]:
        lhs = self.unary()
        while True:
            op = self.peek()
            # fxc's grammar has no binary %, << or >>: such a token ends the operand like any unknown token, so
            # after a complete expression it is the trailing-token X1500 with the value kept (d3dcompiler_47 10.1,
            # session 36: "#if 1 << 2 == 4" includes its group, "#if (1 >> 1)" is dropped)
            p = None if self.pp.lenient and op in _FXC_MISSING_OPERATORS else _BIN_PREC.get(op or "")
            if p is None or p < min_prec:
                return lhs
            self.take()
            # the right operand of && / || is not evaluated when the left one decides
            skip = (op == "&&" and not lhs[0]) or (op == "||" and bool(lhs[0]))
            self.skipping += skip
            rhs = self.binary(p + 1)
            self.skipping -= skip
            lhs = self.apply(op, lhs, rhs)

    def fxc_operator(self, op: str) -> None:
        """fxc's #if grammar lacks ``%``, ``~``, ``<<`` and ``>>`` (C99 §6.10.1 has every C operator): vkd3d's
        record of fxc's preprocessor, written against tests run on d3dcompiler_47, lexes them as plain text and so
        rejects them, while it implements every other operator down to ``?:``; a 2007 test of fxc10 found
        ``#if`` "bit operations" rejected and the four arithmetic operations accepted. The strict C99 mode keeps
        them."""
        if op in _FXC_MISSING_OPERATORS and self.pp.lenient:
            # d3dcompiler_47 10.1 (session 35): "syntax error : unexpected token '~'" (X1500) for each of the four
            raise self.bad(op, "")

    def apply(self, op: str, x: tuple[int, bool], y: tuple[int, bool]) -> tuple[int, bool]:
        if op in ("&&", "||"):
            r = (bool(x[0]) and bool(y[0])) if op == "&&" else (bool(x[0]) or bool(y[0]))
            return int(r), self.all_unsigned
        if op in ("<<", ">>"):  # the result has the (promoted) left operand's type
            unsigned = x[1]
            a, n = x[0], y[0] & 31
            return _wrap(a << n if op == "<<" else a >> n, unsigned), unsigned
        unsigned = x[1] or y[1]
        a, b = _wrap(x[0], unsigned), _wrap(y[0], unsigned)
        if op in ("/", "%") and b == 0:
            if self.pp.lenient:
                # d3dcompiler_47 10.1 (session 35): X1503, in an unevaluated operand too (``#if 0 && 1/0``), and the
                # directive is dropped as after a syntax error (``#if 1/0`` opens no group: its lines are written and
                # its #endif is "unexpected")
                raise self.pp.error("division by zero in preprocessor expression", ERR_DIVZERO)
            if self.skipping:
                return 0, unsigned
            # C99 §6.6p4 (a constant expression evaluates to a representable value) makes this a constraint
            # violation; fxc warns and goes on, dividing by 1 (vkd3d's record of it: "Division by zero", the
            # divisor replaced by 1), so x / 0 is x and x % 0 is 0
            self.pp.tolerate("division by zero in preprocessor expression", ERR_DIVZERO)
            b = 1
        if op in ("==", "!=", "<", ">", "<=", ">="):
            r = {"==": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]
            return int(r), self.all_unsigned
        if op == "/":
            v = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)  # truncation toward zero
        elif op == "%":
            v = a - b * (abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1))
        else:
            v = {"|": lambda: a | b, "^": lambda: a ^ b, "&": lambda: a & b, "+": lambda: a + b,
                 "-": lambda: a - b, "*": lambda: a * b}[op]()
        return _wrap(v, unsigned), unsigned

    def unary(self) -> tuple[int, bool]:
        t = self.take()
        if t == "(":
            self.nested += 1
            v = self.ternary()
            while self.peek() == ",":
                # "( expression )" may hold a comma operator only where it is not evaluated (C99 §6.6p3); fxc's
                # grammar has no comma at all (X1500 "unexpected token ','", evaluated or not)
                if self.pp.lenient:
                    raise self.bad(",", "")
                if not self.skipping:
                    raise self.pp.error("comma operator in an evaluated #if expression", ERR_INVALID_INT_EXPR)
                self.take()
                v = self.ternary()
            if self.peek() != ")":
                raise self.bad(self.peek(), "missing ')' in #if expression")
            self.take()
            self.nested -= 1
            return v
        if t == "!":
            return int(not self.unary()[0]), self.all_unsigned
        if t in ("-", "~", "+"):
            self.fxc_operator(t)
            v, unsigned = self.unary()
            return _wrap(-v if t == "-" else ~v if t == "~" else v, unsigned), unsigned
        if self.pp.lenient:
            if t[:2] == "0X":
                # fxc's #if knows only the 0x prefix: 0X1f is the integer 0 and then the token X1f, its syntax error
                # after a complete operand, the value kept (d3dcompiler_47 10.1, session 35)
                self.pp.errors.append(self.pp.error(f"syntax error : unexpected token '{t[1:]}'", ERR_PP_SYNTAX))
                self.i = len(self.toks)
                return 0, True
            return fxc_constant(t, self), True
        try:
            v, unsigned = _pp_int(t)
            if self.all_unsigned:
                return _wrap(v, True), True
            return v, unsigned
        except ValueError:
            raise self.pp.error(f"invalid token '{t}' in #if expression", ERR_INVALID_INT_EXPR) from None


def fxc_unexpected(tok: str | None) -> str:
    """fxc's words for a token its #if grammar did not expect (d3dcompiler_47 10.1, session 35)."""
    if tok is None:
        return "unexpected end of line"
    if hasattr(tok, "ident"):  # an identifier read as 0 (ppfxc.IdentifierZero): fxc names it
        return f"unexpected token '{tok.ident}'"
    if tok[:1].isdigit() or (tok[:1] == "." and tok[1:2].isdigit()):
        # fxc spells the constant's value with its type's suffix (d3dcompiler_47 10.1, session 35): a float as %g
        # does (1e3 is '1000', .5 is '0.5'); a decimal integer that fits 32 bits as a signed long ('2l',
        # 2147483648 is '-2147483648l', 4294967295 '-1l'), a u-suffixed, hexadecimal or octal one as unsigned
        # long ('2ul' for 2u and 0x2, '7ul' for 07; 00 is '0l'); past 32 bits 'u64' for those, nothing for a
        # decimal one ('4294967296')
        hexa = tok.lower().startswith("0x")
        is_float = not hexa and any(c in tok for c in ".eE")
        # an i64 / ui64 constant is fxc's 64-bit integer type whatever its value, signed unless u-suffixed whatever
        # its base ('1', '16' for 0x10i64, '1u64'; session 42)
        wide = tok.lower().endswith("i64") and not is_float
        tok = tok[:-3] if wide else tok
        body = tok.rstrip("uUlL") if hexa else tok.rstrip("uUlLfFhH")
        if body.startswith("1.#INF"):  # (%g of infinity in MSVC's words; d3dcompiler_47 10.1, session 44)
            return "unexpected float '1.#INF'"
        try:
            if is_float:
                return f"unexpected float '{float(body):g}'"
            based = hexa or (body.startswith("0") and body.isdigit() and len(body) > 1)
            v = int(body, 16 if hexa else 8) if based else int(body)
        except ValueError:
            return f"unexpected token '{tok}'"
        v &= _MASK64  # (the 64 bits fxc's lexer keeps: '7766279631452241919' for 99999999999999999999)
        unsigned = (based and v != 0 and not wide) or "u" in tok[len(body):].lower()
        if v <= _MASK and not wide:
            if not unsigned:
                v = v - (1 << 32) if v > 0x7FFFFFFF else v
            suffix = "ul" if unsigned else "l"
        else:
            suffix = "u64" if unsigned else ""
        return f"unexpected integer '{v}{suffix}'"
    if tok.startswith('"'):
        return "unexpected string constant"
    if tok.startswith("'"):
        return "unexpected token '''"
    return f"unexpected token '{tok}'"


def _signed_char(code: int) -> int:
    """A plain character's value in fxc's #if: its byte as a signed char, read as unsigned 32 bits (``'\\xe9'``
    written as its byte is 0xFFFFFFE9: ``== -23`` holds, ``< 0`` does not -- d3dcompiler_47 10.1, session 45)."""
    return (code - 256 if code >= 128 else code) & _MASK


def _replaced_char(body: str) -> int | None:
    """The value of a character constant's body that came from a replacement, as fxc reads it (d3dcompiler_47 10.1,
    session 45): one plain character (``_signed_char``) or one escape -- ``\\x`` and its hexadecimal digits, ``\\``
    and up to three octal digits (neither cut to a byte: ``'\\400'`` is 256, ``'\\x100'`` 256, ``'\\xFFFFFFFFF'``
    32 bits of it), C's simple escapes, any other character after ``\\`` itself (``'\\q'`` 113, ``'\\x'`` 120).
    Several characters or none: None (its X1500)."""
    if len(body) == 1:
        return _signed_char(ord(body))
    if len(body) < 2 or body[0] != "\\":
        return None
    e, rest = body[1], body[2:]
    if e == "x" and rest:
        return int(rest, 16) & _MASK if all(c in "0123456789abcdefABCDEF" for c in rest) else None
    if e in "01234567":
        digits = body[1:]
        return int(digits, 8) if len(digits) <= 3 and all(c in "01234567" for c in digits) else None
    if rest:
        return None
    return _CHAR_ESCAPES.get(e, ord(e))


def fxc_constant(tok: str, expr: CondExpr) -> int:
    """An operand of fxc's #if as d3dcompiler_47 10.1 reads it (session 35): an integer constant that fits 32
    bits (decimal, octal, hexadecimal; ``u``/``l`` suffixes), or a character constant of exactly one character
    other than the quote, taken as written (``'\\'`` is 92); an escape sequence (``'\\n'``, ``'\\0'``,
    ``'\\x41'``), several characters or none are its X1500 "unexpected token '''". A larger integer is its
    "unexpected integer", anything else (a float, a string, an operator) its syntax error for that token."""
    if tok.startswith("'"):
        if _from_replacement(tok):
            # a character constant a macro's replacement (or an argument) brought is read by fxc's own lexer, with
            # C's escapes (d3dcompiler_47 10.1, session 45: #define C '\n' then #if C == 10 takes its group, while
            # #if '\n' written in the line is X1500)
            value = _replaced_char(tok[1:-1]) if len(tok) >= 3 and tok.endswith("'") else None
            if value is None:
                raise expr.bad(tok, "")
            return value
        if len(tok) == 3:  # (a quote between quotes is one token, 39: pplex._TOKEN; session 39)
            return _signed_char(ord(tok[1]))
        raise expr.bad(tok, "")
    try:
        # (an i64 / ui64 constant reads as no 32-bit number either: fxc's #if has no 64-bit operand, "unexpected
        # integer", the directive opening no group -- d3dcompiler_47 10.1, session 42: ``#if 1i64`` / ``#endif`` is
        # X1500 then X1510)
        v, _ = _pp_int(tok)
    except ValueError:
        raise expr.bad(tok, "") from None
    body = tok.rstrip("uUlL")
    hexa, octal = body.lower().startswith("0x"), body.startswith("0") and body.isdigit()
    # (fxc's lexer keeps 64 bits of a longer constant, X1002-X1004: ``#if 18446744073709551617`` is 1; session 39)
    raw = (int(body, 16) if hexa else int(body, 8) if octal else int(body)) & _MASK64
    if raw > _MASK:
        raise expr.bad(tok, "")
    return v & _MASK
