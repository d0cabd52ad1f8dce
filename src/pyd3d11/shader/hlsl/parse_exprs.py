"""Expression parsing for :class:`.parser.Parser` (self is the parser): assignment, the conditional operator, binary
operators by C's precedence table (``_BIN_PREC``), unary operators and casts, postfix members / indices / calls /
method calls, and primary expressions (literals, names, constructors, ``sizeof``-like forms)."""

from __future__ import annotations

import math
import struct

from . import ast as A
from .classes import member_method, static_method
from .keywords import KEYWORD_NAMES, RESERVED_WORDS
from .namespaces import resolve, resolved
from .parse_effects import lexer_word, state_word
from .types import OBJECT_KINDS, dx8_typedef

#: the bits of MSVC's NaN spellings ``1.#IND`` / ``1.#QNAN`` / ``1.#SNAN`` (see Parser's float literal)
_NAN_SPELLINGS = {"IND": 0xFFC00000, "QNAN": 0x7FE00000, "SNAN": 0x7FE00000}

_ASSIGN_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}
#: binary operators by C's precedence, loosest first (C99 §6.5.5-6.5.14)
_BIN_PREC = [
    {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"},
    {"*", "/", "%"},
]
_BIN_LEVEL = {op: level for level, ops in enumerate(_BIN_PREC) for op in ops}


#: words fxc's grammar never reads as an operand: the statement keywords and the modifiers that are no names
#: (``sample``, ``precise``, ``center``, ``globallycoherent``, ``point``, ``single`` are names where no type follows)
_KEYWORD_OPERANDS = frozenset({"if", "else", "for", "while", "do", "switch", "case", "default", "break", "continue",
                               "return", "discard", "struct", "cbuffer", "tbuffer", "typedef", "const", "static",
                               "uniform", "extern", "volatile", "groupshared", "row_major", "column_major",
                               "nointerpolation", "linear", "centroid", "noperspective", "in", "out", "inout",
                               "inline", "shared", "snorm", "unorm", "lineadj", "triangleadj", "export"}) | \
    RESERVED_WORDS | KEYWORD_NAMES  # the reserved words too (``sizeof(x)``, ``new``, ``register``: fxc 10.1, session 42)


class ExprParser:
    """The expression half of the HLSL parser (a mixin of :class:`.parser.Parser`)."""

    def parse_expr(self) -> A.Node:
        e = self.parse_assign()
        if self.at(","):
            items = [e]
            while self.accept(","):
                items.append(self.parse_assign())
            return self.ended(A.Comma(e.pos, items))
        return e

    def parse_assign(self) -> A.Node:
        self._enter()
        try:
            return self._parse_assign()
        finally:
            self.nesting -= 1

    def _parse_assign(self) -> A.Node:
        lhs = self.parse_ternary()
        t = self.tok
        if t.kind == "op" and t.text in _ASSIGN_OPS:
            self.next()
            rhs = self.parse_assign()
            return self.ended(A.Assign(t.pos, t.text, lhs, rhs))
        return lhs

    def parse_ternary(self) -> A.Node:
        c = self.parse_binary(0)
        if self.at("?"):
            pos = self.next().pos
            a = self.parse_assign()
            self.expect(":")
            b = self.parse_assign()
            return self.ended(A.Ternary(pos, c, a, b))
        return c

    def parse_binary(self, level: int) -> A.Node:
        """Binary operators of ``_BIN_PREC[level:]`` (all left-associative), by precedence climbing: the same
        tree as one recursive call per precedence level, without descending through every level for each
        operand (most operands have no operator)."""
        lhs = self.parse_unary()
        while True:
            t = self.tok
            op_level = _BIN_LEVEL.get(t.text, -1) if t.kind == "op" else -1
            if op_level < level:
                return lhs
            self.next()
            rhs = self.parse_binary(op_level + 1)
            lhs = self.ended(A.Binary(t.pos, t.text, lhs, rhs))

    def parse_unary(self) -> A.Node:
        self._enter()
        try:
            return self._parse_unary()
        finally:
            self.nesting -= 1

    def _parse_unary(self) -> A.Node:
        t = self.tok
        if t.kind == "op" and t.text in ("-", "+", "!", "~", "++", "--"):
            self.next()
            if t.text in ("++", "--") and self.tok.kind == "op" and self.tok.text == "(" and self._is_cast():
                raise self.error(tok=self._prefix_cast_token())
            return self.ended(A.Unary(t.pos, t.text, self.parse_unary()))
        if t.kind == "op" and t.text == "(" and self._is_cast():
            self.next()
            mods = self.parse_mods()
            type_tok = self.tok
            ty = self.parse_type()
            if mods & {"snorm", "unorm", "row_major", "column_major"}:
                # the declaration rules of the normalisation and majority modifiers (X3085 / X3000 / X3077 /
                # X3048: d3dcompiler_47 10.1 fails ``(row_major float4)v`` and ``(row_major column_major M)m``)
                self.check_type_mods(mods, ty, type_tok)
            ty = self.parse_array_suffix(ty)
            self.expect(")")
            return self.ended(A.Cast(t.pos, ty, self.parse_unary()))
        return self.parse_postfix(self.ended(self.parse_primary()))

    def _prefix_cast_token(self):
        """The token fxc's syntax error names where a cast follows a prefix ``++`` / ``--`` (``++(int)x``,
        ``--(struct apple)f``, ``++(int[4])m``): the operand of those operators is no cast expression in fxc's
        grammar, so ``(`` opens a parenthesised expression -- a built-in type name there must start a constructor
        (the token after it is unexpected: ``)``, ``[``), ``struct`` is unexpected itself, and a user type name is a
        name in parentheses followed by an unexpected token (d3dcompiler_47 10.1 under Wine, session 49: X3000 at
        every target; ``-(int)f``, ``!(bool)f``, ``++((int)x)``, ``++int(x)`` compile)."""
        first = self.peek(1)
        if first.text == "struct":
            return first
        if first.text in self.types:
            k, depth = 1, 1
            while self.peek(k).kind != "eof":
                depth += {"(": 1, ")": -1}.get(self.peek(k).text, 0) if self.peek(k).kind == "op" else 0
                if depth == 0:
                    return self.peek(k + 1)
                k += 1
            return self.peek(k)
        return self.peek(2)

    def _is_cast(self) -> bool:
        k = 1
        # type modifiers may precede the type (DXC typemods-syntax: fxc passes ``((row_major unorm float4x4)foo)``),
        # volatile and precise too (d3dcompiler_47 10.1 under Wine, session 37: ``(volatile bool4)b``, ``(precise
        # float4)b`` compile; ``static``, ``uniform``, ``inline``, ``nointerpolation`` there are X3000)
        while self.peek(k).kind == "id" and self.peek(k).text in ("const", "row_major", "column_major", "snorm",
                                                                   "unorm", "unsigned", "volatile", "precise"):
            k += 1
        if not self.is_type_start(k) or getattr(self, "state_value_depth", 0) and state_word(self.peek(k).text):
            return False  # (a state value's ``(sampler)2``: a name in parentheses, then fxc's syntax error)
        t = self.peek(k).text
        if t in ("vector", "matrix") or t in OBJECT_KINDS:
            return True
        if t == "struct":
            return self.peek(k + 2).text in (")", "[")
        nxt = self.peek(k + 1).text
        return nxt in (")", "[")

    def parse_postfix(self, e: A.Node) -> A.Node:
        while True:
            t = self.tok
            if t.kind != "op":
                return e
            if t.text == "[":
                self.next()
                idx = self.parse_expr()
                self.expect("]")
                e = self.ended(A.Index(t.pos, e, idx))
            elif t.text == ".":
                self.next()
                name = self.ident()
                if self.at("("):
                    args = self.parse_args()
                    e = self.ended(A.MethodCall(name.pos, e, name.text, args))
                else:
                    e = self.ended(A.Member(name.pos, e, name.text))
            elif t.text in ("++", "--"):
                self.next()
                e = self.ended(A.Postfix(t.pos, t.text, e))
            else:
                return e

    def parse_args(self) -> list[A.Node]:
        if self.i and self.toks[self.i - 1].text == "CompileShader":
            return self.parse_compile_args()  # (parse_effects.py: what fxc type-checks of it)
        self.expect("(")
        args = []
        while not self.accept(")"):
            args.append(self.parse_assign())
            if not self.at(")"):
                self.expect(",")
                if self.at(")"):  # no trailing comma (fxc 10.1: ``float4(1, 2, 3, 4,)``, ``f(1,)`` are X3000 at ')')
                    raise self.error()
        return args

    def parse_primary(self) -> A.Node:
        t = self.tok
        if t.kind == "int":
            self.next()
            txt = t.text.lower()
            txt, suffix_u = txt.rstrip("ul"), "u" in txt
            # a hexadecimal or octal literal is a ``uint`` to fxc, whatever its value, as ``1u`` is -- not an
            # adaptable literal int (d3dcompiler_47 10.1, session 45 MRUN: ``-0x1 > 0`` is true with X3092
            # "unary negate of unsigned value is still unsigned", ``c.x / 0x2`` of an int c is ``ushr``,
            # ``max(c.x, 0x0)`` umax, ``firstbithigh(0xFFFFFFFF)`` 31, ``f(0x1)`` picks f(uint) over f(int),
            # ``010 - 9 > 0``); except with an ``l`` suffix and no ``u`` (``0xFFFFFFFFL`` is -1, ``0x1L - 2`` < 0)
            # and an octal spelling of zero (``00 - 1`` is -1; ``0x0 - 1`` is 0xFFFFFFFF); a decimal literal
            # stays a literal int
            is_u = suffix_u or (len(txt) > 1 and txt[0] == "0" and not t.text.lower().endswith("l")
                                and (txt.startswith("0x") or txt.strip("0") != ""))
            try:
                v = int(txt, 16) if txt.startswith("0x") else (int(txt, 8) if len(txt) > 1 and txt[0] == "0"
                                                                  else int(txt))
            except ValueError:
                raise self.error(f"invalid integer literal '{t.text}'", t) from None
            # a literal of more than 32 bits reaches here only with a suffix (the lexer drops one without:
            # lexer._dropped_literal); fxc keeps its low 32 bits (d3dcompiler_47 10.1, session 45 EFX:
            # ``4294967297u`` is 1, ``0x1FFFFFFFFu`` 0xFFFFFFFF, ``4294967296L`` 0)
            v &= 0xFFFFFFFF
            return A.Literal(t.pos, v & 0xFFFFFFFF if is_u else v, "uint" if is_u else "lit_int",
                             unsigned_spelling=len(txt) > 1 and txt[0] == "0")
        if t.kind == "float":
            self.next()
            txt = t.text
            if txt.startswith("1.#INF"):  # MSVC's spelling of infinity, a float (DXC SemaHLSL literals.hlsl: fxc
                # takes ``asuint(1.#INF)``, ``1.#INF.xxx``; not ``0.#INF``; ``1.#INFf`` too, d3dcompiler_47 10.1,
                # session 44)
                return A.Literal(t.pos, math.inf, "float")
            if txt.startswith("1.#"):
                # MSVC's NaN spellings, floats whose bits fxc writes (d3dcompiler_47 10.1, session 45): 1.#IND the x86
                # "indefinite" 0xFFC00000, 1.#QNAN and 1.#SNAN (quieted) 0x7FE00000; a minus flips the sign bit
                bits = _NAN_SPELLINGS[txt[3:].rstrip("fFhH")]
                return A.Literal(t.pos, struct.unpack("<f", struct.pack("<I", bits))[0], "float")
            suffix = txt[-1].lower() if txt[-1] in "fFhHlL" else ""
            try:
                v = float(txt[:-1] if suffix else txt)
            except ValueError:
                raise self.error(f"invalid floating-point literal '{t.text}'", t) from None
            return A.Literal(t.pos, v, {"f": "float", "h": "float", "l": "double"}.get(suffix, "lit_float"))
        if t.kind == "str":
            self.next()
            text = t.text[1:-1]
            while self.tok.kind == "str":  # adjacent literals are one string, as in C (DXC's string.hlsl)
                text += self.next().text[1:-1]
            return A.Literal(t.pos, text, "string")
        if t.kind == "op" and t.text == "(":
            self.next()
            e = self.parse_expr()
            self.expect(")")
            if isinstance(e, A.Comma):
                # fxc's X3081 for a parenthesised comma expression, which reads like a constructor without its
                # type (DXC matrix-assignments.hlsl: ``(float2x2)(0.1f, 0.2f, 0.3f, 0.4f)``; more-operators.hlsl:
                # ``(floats, ints) = 1`` warns beside its X3025); the value stays the last operand's
                self.warnings.append((t.pos, 3081, "comma expression used where a vector constructor may have "
                                                   "been intended"))
            return e
        if t.kind == "op" and t.text == "{":
            # a brace list is an initialiser only (after a declaration's `=`, parse_initializer); as an operand,
            # `(S){ … }` or `(S)({ … })`, it is fxc's syntax error at the brace, whether or not the function is
            # called (DXC SemaHLSL struct-assignments: X3000 "unexpected token '{'")
            raise self.error(tok=t)
        if t.kind == "id":
            if t.text in ("true", "false"):
                self.next()
                return A.Literal(t.pos, t.text == "true", "bool")
            if t.text.lower() == "asm" and self.peek().text == "{":  # any letter case (10.1: `ASM { … }`)
                # a D3D9 effect's assembly shader: its lines up to the closing brace (assembly has no braces)
                self.next()
                self.next()
                lines: dict = {}
                while not self.at("}"):
                    if self.tok.kind == "eof":
                        raise self.error(tok=self.tok)
                    tk = self.next()
                    lines.setdefault((tk.pos.file, tk.pos.line), []).append(tk)
                self.next()
                return self.object_literal(A.AsmBlock(t.pos, list(lines.values())), t)
            if t.text == "compile" and self.peek().kind == "id" and self.peek(2).kind == "id":
                self.next()  # effects: `compile ps_4_0 f(args)` is CompileShader(ps_4_0, f(args))
                prof = self.ident()
                if self.peek().text != "(":  # ``compile vs_4_0 VSm;``, ``compile vs_4_0 VSm VSm()``: no flags here
                    raise self.error(tok=self.peek())
                return self.object_literal(self.check_compile_call(A.Call(
                    t.pos, "CompileShader", [A.Ident(prof.pos, prof.text), self.parse_primary()])), t)
            if t.text == "compile_fragment" and self.peek().kind == "id" and self.peek(2).kind == "id":
                # an fx_2_0 fragment: ``vertexfragment vf = compile_fragment vs_2_0 f();`` -- read and checked as a
                # compile (X3041 profile, X3004 function), its variable left out of the effect (10.1, session 45 EFX)
                self.next()
                prof = self.ident()
                if self.peek().text != "(":
                    raise self.error(tok=self.peek())
                return self.object_literal(self.check_compile_call(A.Call(
                    t.pos, "CompileFragment", [A.Ident(prof.pos, prof.text), self.parse_primary()])), t)
            word = getattr(self, "state_value_depth", 0) and state_word(t.text)  # (a name in a state value)
            named = t.text in self.types or dx8_typedef(t.text) is not None  # typedef names may also name variables
            # a function the program declared under a typedef's name is called (fxc 10.1: ``float VECTOR(float a)``
            # then ``VECTOR(x)`` calls it)
            if not word and (self.is_type_start() and not named or (named and self.peek().text == "(" and
                                                                    t.text not in self.func_names)):
                ty = self.parse_type()
                if self.at("("):
                    return A.Construct(t.pos, ty, self.parse_args())
                raise self.error(tok=t)
            if t.text in self.types and t.text not in self.value_names and self.peek().text not in ("(", "::"):
                # a struct or typedef name whose innermost declaration is the type (no variable or parameter of
                # the name declared since, in this scope or an outer one) is a type to fxc's grammar, no operand:
                # its syntax error at the token after it (d3dcompiler_47 10.1, session 45: ``return T + 1;`` at
                # '+', ``float4(a, T)`` at ')', ``S.a`` at '.'; ``float4 T = 1; return T;`` compiles under a global
                # ``typedef float4 T;``, a block's ``typedef`` hides an outer variable of the name) -- not X3004
                raise self.error(tok=self.peek())
            if not word and (t.text in _KEYWORD_OPERANDS or lexer_word(t.text) and t.text != "NULL" and not (
                    t.text == "CompileShader" and self.peek().text == "(")):
                # a statement keyword, a modifier or any other word of fxc's lexer (``pass``, ``compile``,
                # ``String``, ``PixelShader``, ``stateblock``) is no operand: fxc's syntax error at the word
                # (d3dcompiler_47 10.1, session 40: ``return p + in;``, ``float4 r = if (v);``; session 48 EFX:
                # ``return pass + 1;``), not an undeclared name -- but for a state value's names (state_word)
                raise self.error(tok=t)
            self.next()
            if self.at("("):
                call = resolved(self, A.Call(t.pos, resolve(self, t.text), self.parse_args()), t.text)
                if t.text == "ConstructGSWithSO":
                    self.check_construct_gs(t, call.args)
                return self.object_literal(self.check_compile_call(call), t) if t.text == "CompileShader" else call
            if self.at("::") and self.peek().kind == "id" and (t.text, self.peek().text) in self.static_members:
                self.next()
                return A.Ident(t.pos, f"{t.text}::{self.next().text}")  # a static data member
            if self.at("::") and self.peek().kind == "id" and self.peek(2).text == "(" and \
                    static_method(self, t.text, self.peek().text):
                # ``S::fn(args)``: a static member function, called with no instance (it names no instance
                # member); HlslTools issue 66 shows fxc-era HLSL declaring ``static PassInterface Create(…)`` in
                # a struct, DXC static_method.hlsl calls ``Helper::GetValue()``
                self.next()
                name_tok = self.next()
                owner = self.types[t.text]
                zero = A.Cast(t.pos, owner, A.Literal(t.pos, 0, "lit_int"))
                return A.MethodCall(t.pos, zero, name_tok.text, self.parse_args())
            if self.at("::") and self.peek().kind == "id" and self.peek(2).text == "(" and \
                    member_method(self, t.text, self.peek().text):
                # ``Base::Method(args)`` in a method: the named class's own method on the base part of
                # ``this`` (C++'s qualified, non-virtual call; DXC classes/parent_method.hlsl)
                self.next()
                name_tok = self.next()
                return A.Call(t.pos, f"{t.text}::{name_tok.text}", self.parse_args())
            if self.at("::") and self.peek().kind == "id" and self.peek(2).text != "::":
                ref = instance_member_ref(self, t.text, self.peek().text)
                if ref is not None:
                    self.next()
                    member = self.next()
                    self.member_refs[(t.pos.line, t.pos.col, f"{t.text}::{member.text}")] = ref
                    return A.Ident(t.pos, f"{t.text}::{member.text}")
            name = t.text
            while self.at("::") and self.peek().kind == "id":
                # a qualified name that names no namespace, struct or class of the file (``dx::foo(v)``,
                # ``HitObject::MakeNop()``): fxc reads it whole and finds nothing, X3004 "undeclared identifier
                # 'dx::foo'" -- after a call's arguments (d3dcompiler_47 10.1, session 41; namespaces.py)
                self.next()
                name = f"{name}::{self.next().text}"
            if name != t.text and self.tok.kind == "id":  # ``dx::HitObject hit;``: a declaration of no type
                raise self.error(f"unrecognized identifier '{name}'", t)
            if name != t.text:
                return A.Call(t.pos, name, self.parse_args()) if self.at("(") else A.Ident(t.pos, name)
            name = resolve(self, t.text)
            if self.global_kinds.get(name) == "namespace":  # fxc 10.1: ``N.c``, ``return N;``
                raise self.error(f"'{name}': identifier represents a scope, not a variable", t, 3005)
            return resolved(self, A.Ident(t.pos, name), t.text)
        raise self.error()


def instance_member_ref(p, owner: str, member: str) -> tuple[int, str] | None:
    """``S::m`` of a data member ``S`` declares itself (an inherited one is X3004: it is no name of ``S``) reads an
    instance's member with no instance: fxc reports it where the type rules meet the operand (d3dcompiler_47 10.1,
    session 46) -- in an instance method, of its own type or another, X3018 "invalid subscript 'S::m'"; in a free
    function or a static method X3097 "static method NAME cannot refer to instance members", a free function
    named as a static method (``static method main``), a method by its type (``pear::g``). A call's ``S::m(...)``
    and a typedef's name (``P::b``) are not this rule's. None when ``S::m`` names no such member."""
    from .types import StructType

    st = p.types.get(owner)
    ctx = p.function_context
    if not isinstance(st, StructType) or st.name != owner or owner in p.value_names or ctx is None or \
            p.peek(2).text == "(":
        return None
    own = st.fields[len(st.inherits.fields):] if st.inherits is not None else st.fields
    if not any(f[0] == member for f in own if f[0] != "$super"):
        return None
    if ctx[1]:
        return 3018, f"invalid subscript '{owner}::{member}'"
    return 3097, f"static method {ctx[0]} cannot refer to instance members"
