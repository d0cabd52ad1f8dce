"""Parsing of the effect syntax a shader source may carry (``technique`` / ``technique10`` / ``technique11`` /
``fxgroup`` blocks and their passes, the entries of state blocks): read for syntax when a shader target compiles an
effect file, built by ``effects/`` for the fx targets (MicrosoftDocs "Effect Format (Direct3D 11)", "Effect
Technique Syntax"). A mixin of :class:`.parser.Parser`, split out of parser.py unchanged.
"""

from __future__ import annotations

import functools
import re

from . import ast as A
from .diagnostics import HlslError
from .lexer import Token
from .modifiers import CONTEXTUAL_MODIFIERS, MODIFIER_WORDS

#: effect state-block functions -> (min, max) argument counts
_STATE_FUNCS = {"SetBlendState": (3, 3), "SetDepthStencilState": (2, 2), "SetRasterizerState": (1, 1),
                "SetVertexShader": (1, 1), "SetDomainShader": (1, 1), "SetHullShader": (1, 1),
                "SetGeometryShader": (1, 1), "SetPixelShader": (1, 1), "SetComputeShader": (1, 1),
                "OMSetRenderTargets": (2, 9)}
#: the effect framework's shader-building calls, which are no undefined functions on a state's right-hand side:
#: ``VertexShader = CompileShader(vs_4_0, VS());`` is the assignment form of SetVertexShader's argument, and the
#: same expression that initialises a shader variable (MicrosoftDocs "Effect Format", "Shader Type"; the
#: fx_5_0 ``BindInterfaces`` and ``ConstructGSWithSO`` likewise)
_EFFECT_SHADER_BUILTINS = frozenset({"CompileShader", "ConstructGSWithSO", "BindInterfaces"})
#: words no state-block entry may start with: d3dcompiler_47 10.1 fails `BlendState = NULL;`, `RasterizerState =
#: r;`, `SamplerState = …`, `Buffer = …`, `sampler2D = …`, `string = …`, `matrix = …` (X3000 "unexpected token") in a
#: pass of every target, where `VertexShader`, `Texture2D`, `sampler`, `float4` or `blendstate` are state names
NOT_STATE_NAMES = frozenset({
    "BlendState", "DepthStencilState", "RasterizerState", "RenderTargetView", "DepthStencilView", "SamplerState",
    "SamplerComparisonState", "Buffer", "sampler1D", "sampler2D", "sampler3D", "samplerCUBE", "matrix", "vector",
    "void", "struct", "cbuffer", "tbuffer", "sampler_state", "stateblock_state", "compile", "CompileShader",
    "string", "String", "vertexfragment", "pixelfragment", "technique10", "technique11", "fxgroup", "NULL", "true",
    "false"})
#: the profiles ``compile`` / ``CompileShader`` name, as spelled: d3dcompiler_47 10.1 takes exactly these (every
#: other word, ``VS_4_0``, ``vs_6_0``, ``hs_4_1``, ``gs_3_0``, ``tx_1_0``, ``fx_5_0`` and ``lib_*`` included, is
#: X3041 "unsupported compiler target" while the effect is parsed, at every target)
COMPILE_PROFILES = frozenset(
    [f"vs_{m}" for m in ("1_0", "1_1", "2_0", "2_a", "2_sw", "3_0", "3_sw", "4_0", "4_1", "5_0", "5_1",
                         "4_0_level_9_0", "4_0_level_9_1", "4_0_level_9_3")]
    + [f"ps_{m}" for m in ("1_0", "1_1", "1_2", "1_3", "1_4", "2_0", "2_a", "2_b", "2_sw", "3_0", "3_sw", "4_0",
                           "4_1", "5_0", "5_1", "4_0_level_9_0", "4_0_level_9_1", "4_0_level_9_3")]
    + [f"{s}_{m}" for s in ("gs", "cs") for m in ("4_0", "4_1", "5_0", "5_1")]
    + [f"{s}_{m}" for s in ("hs", "ds") for m in ("5_0", "5_1")])




@functools.cache
def lexer_word(n: str) -> bool:
    """parser.lexer_keyword, remembered per word (parse_exprs asks it of every name an expression reads)."""
    from .parser import lexer_keyword

    return lexer_keyword(n)


@functools.cache
def state_word(n: str) -> bool:
    """A keyword of fxc's lexer that its effect grammar reads as a name in a state block -- a later entry's, a
    pass's or a ``sampler_state { … }`` block's state name, and an identifier inside any state value (an entry's,
    a state function's argument, a brace item): the object, shader and texture words (``sampler``, ``texture``,
    ``Texture2D``, ``RWBuffer``, ``PixelShader``, ``pixelshader``, ``TriangleStream``, ``stateblock``,
    ``geometryshader``) and ``linear`` / ``point`` (d3dcompiler_47 10.1, session 48 EFX, 178 words probed in the
    three places: ``Filter = sampler + 1;`` compiles at ps_4_0, ``++sampler`` is X3025 "l-value specifies const
    object", ``Texture2D[0]`` X3121, ``sampler(1)`` X3004 "undeclared identifier", as for any unknown name;
    ``SamplerState``, ``sampler2D``, ``Buffer``, ``PointStream``, ``compile``, ``pass``, ``String`` are X3000 in a
    value as in a name; a numeric type word is a name but starts a constructor or cast in a value)."""
    from .parser import PASS_REFUSED_WORDS

    return (lexer_word(n) or n == "geometryshader") and n not in NOT_STATE_NAMES and \
        n not in PASS_REFUSED_WORDS and n.lower() not in ("technique", "pass", "asm", "decl")


#: contextual modifiers fxc still refuses as an effect object's name (``technique10 point``, ``pass triangle``)
_MODIFIER_NOT_NAMES = frozenset({"point", "line", "triangle"})
NUMERIC_NAME = re.compile(r"(bool|int|uint|half|float|double|dword|min16float|min10float|min16int|min12int|min16uint)"
                          r"([1-4](x[1-4])?)?$")


class EffectSyntaxParser:
    """Technique and state-block syntax (its methods read the token stream of :class:`.parser.Parser`)."""

    def effect_name(self, kind: str) -> str:
        """The name of a technique / group (``kind`` "technique"), a pass ("pass") or an annotation ("annotation"),
        as d3dcompiler_47 10.1 reads it (session 38, EFX; NAME_ROWS): a keyword, a type word or a modifier (but the
        contextual ``precise``, ``sample``, ``globallycoherent``, ``point``-like words fxc takes as names) is a
        syntax error; a numeric type's name is a name; a technique's name shares the global name space (a type,
        function or variable of that name: X3003 "redefinition")."""
        n = self.tok.text
        if self.tok.kind == "id" and n in MODIFIER_WORDS and n not in CONTEXTUAL_MODIFIERS - _MODIFIER_NOT_NAMES:
            raise self.error()
        numeric = self.tok.kind == "id" and bool(NUMERIC_NAME.match(n))
        if kind == "technique" and self.tok.kind == "id" and (
                numeric or n in self.types or n in self.global_kinds or n in self.func_names):
            raise self.error(f"redefinition of '{n}'", code=3003)
        if numeric:
            return self.next().text
        saved = set(self.shadowed)
        tok = self.decl_name()
        self.shadowed = saved  # (decl_name scopes ``STRING`` as a variable; an effect name is no variable)
        if kind == "technique":
            self.declare_global(tok.text, "technique", tok)  # a later global of the name: X3003
        return tok.text

    def parse_technique(self, in_group: bool = False) -> None:
        """``technique[10|11] [name] [<annotations>] { pass [name] [<...>] { state entries } ... }`` (fxgroups
        hold techniques). Effects are parsed for syntax only. A technique inside a group takes no ``;`` after its
        ``}`` (X3000 at the ``;``), a top-level one or a group one or more (d3dcompiler_47 10.1, session 49 EFX)."""
        kw = self.next().text
        if self.tok.kind == "id":
            self.effect_name("technique")
        elif kw == "fxgroup":  # a group is named (10.1, session 42: ``fxgroup {`` is X3000 at the brace)
            raise self.error()
        self.skip_annotations()
        self.expect("{")
        if kw == "fxgroup" and self.at("}"):  # 10.1: a group holds a technique at least
            raise self.error()
        while not self.accept("}"):
            if kw == "fxgroup":
                if self.tok.text not in ("technique10", "technique11"):
                    raise self.error()
                self.parse_technique(in_group=True)
                continue
            self.expect_pass()
            if self.tok.kind == "id":
                self.effect_name("pass")
            self.skip_annotations()
            self.expect("{")
            self._state_block_entries()
        if not in_group:
            self.accept(";")

    def check_compile_call(self, call: A.Call) -> A.Call:
        """``compile profile f(args)`` / ``CompileShader(profile, f(args))`` as fxc reads them while it parses: the
        profile is one of COMPILE_PROFILES (else X3041) and ``f`` a function declared above (else X3004: 10.1
        fails a technique that compiles a function defined after it, or ``compileshader``'s lower-case call, at
        ps_5_0 as at the fx targets)."""
        args = call.args
        if call.name == "CompileShader" and len(args) > 2:  # 10.1: a syntax error at the third argument's comma
            raise self.error("syntax error: unexpected token ','", Token(",", ",", args[2].pos))
        if args and isinstance(args[0], A.Ident) and args[0].name not in COMPILE_PROFILES:
            if not getattr(self, "state_value_depth", 0) and len(args) > 1 and isinstance(args[1], A.Call):
                # outside a state block the call's arguments name variables, resolved before the profile is judged
                # (10.1, session 48 EFX: ``PixelShader p = CompileShader(ps_6_0, main(foobar));`` is X3004 at
                # ps_4_0 and every fx target, a local's and a brace item's too; a state value's names are no
                # variables: X3041 there, as for ``nomain(1)``)
                from .codegen import walk

                for n in (m for a in args[1].args for m in walk(a)):
                    if isinstance(n, A.Ident) and n.name != "NULL" and n.name not in self.value_names and \
                            n.name not in self.global_kinds and n.name not in self.func_names:
                        raise self.error(f"undeclared identifier '{n.name}'", Token("id", n.name, n.pos), 3004)
            raise self.error(f"unsupported compiler target '{args[0].name}'", Token("id", args[0].name, args[0].pos),
                             3041)
        if len(args) > 1 and isinstance(args[1], A.Call) and args[1].name not in self.func_names:
            raise self.error(f"undeclared identifier '{args[1].name}'", Token("id", args[1].name, args[1].pos), 3004)
        return call

    def parse_compile_args(self) -> list[A.Node]:
        """``CompileShader(profile, f(args))``'s argument list, as fxc reads it: the profile is a token and the call
        binds ``f``'s uniform parameters, so of the expressions the list completes only the call's own arguments
        stay in the parser's log (salvage.py reads it: fxc type-checks them as it reduces them, ``CompileShader(
        ps_2_0, main(foobar)) +;`` is X3004 at ``foobar``; ``CompileShader(vs_4_0, f(), 1)`` X3000 at the third
        argument, nothing else checked)."""
        mark = len(self.expr_log)
        operands: int | None = None  # the log's length where the call's arguments began
        args: list[A.Node] = []
        self.expect("(")
        try:
            while True:
                if self.at(")"):
                    if len(args) < 2:
                        raise self.error()  # ``CompileShader(vs_4_0)``: a profile and a call, always
                    self.next()
                    break
                if len(args) == 0 and self.tok.kind != "id":
                    raise self.error()  # the profile is a word: ``CompileShader(-vs_4_0, f())``, ``((vs_4_0), ...``
                if len(args) == 1:
                    self._compile_flags()
                    operands = len(self.expr_log)
                    args.append(self.parse_primary())
                    if not self.at(")") and not self.at(","):
                        raise self.error()  # ``CompileShader(vs_4_0, f() + 1)``: the call ends the argument
                else:
                    args.append(self.parse_assign())
                if not self.at(")"):
                    self.expect(",")
        finally:
            kept = [n for n in self.expr_log[operands:] if len(args) < 2 or n is not args[1]] \
                if operands is not None else []
            del self.expr_log[mark:]
            self.expr_log.extend(kept)
        return args

    def object_literal(self, node: A.Node, tok: Token) -> A.Node:
        """A compile or an ``asm { }`` block read inside a function body is fxc's X3064 "object literals are not
        allowed inside functions" as it is reduced (d3dcompiler_47 10.1, session 44, at fx_2_0, fx_5_0, ps_2_0 and
        ps_5_0 alike): after its own checks -- the profile and the function (check_compile_call), the uniform
        arguments' count (X3013), the block's assembly and validation (X2000, X5405, ...) -- and before the rest of
        its statement (``PixelShader p < int a = 1; > = compile ...``'s X3040, ``RasterizerState r = compile ...``'s
        X3017, a syntax error after it, a conditional's X3020). The statements before it are the salvage's
        (``float x = nothere; PixelShader p = compile ...`` is X3004)."""
        if self.block_depth == 0:
            return node
        if self.local_mods is not None:
            from .modifiers import LOCAL_RULES

            if any(test(self.local_mods) for test, _, _ in LOCAL_RULES):
                return node  # the local's modifier error first (``shared PixelShader p = compile ...`` X3054)
        if isinstance(node, A.AsmBlock):
            from .shaderobj import asm_object_name

            asm_object_name(node)  # (assembles it: its errors first)
        elif isinstance(node, A.Call) and len(node.args) == 2 and isinstance(node.args[1], A.Call):
            call = node.args[1]
            from .codegen import walk
            from .intrinsics import is_intrinsic

            for n in (n for a in call.args for n in walk(a)):
                # a name the arguments' type check may refuse first (``main(foobar)``, ``main(foo())``, ``main(k,
                # foobar)``'s X3004 before the count's X3013): left to the checks after the parse (shaderobj.py)
                if isinstance(n, A.Ident) and n.name not in self.global_kinds or \
                        isinstance(n, A.Call) and n.name not in self.func_names and not is_intrinsic(n.name):
                    return node
            defs = [d for d in self.program_decls if isinstance(d, A.FuncDef) and d.name == call.name and
                    d.body is not None]
            if not defs:  # the function being read (an unclosed body): its uniforms are the later checks' (X3013)
                return node
            counts = [(sum(1 for p in u if p.default is None), len(u))
                      for u in ([p for p in d.params if "uniform" in p.mods] for d in defs)]
            if counts and not any(lo <= len(call.args) <= hi for lo, hi in counts):
                raise self.error(f"'{call.name}': no matching {len(call.args)} parameter function",
                                 Token("id", call.name, call.pos), 3013)
        raise self.error("object literals are not allowed inside functions", tok, 3064)

    def _compile_flags(self) -> None:
        """What may stand before ``CompileShader``'s call: fxc's grammar reads words there as compiler flags and
        knows none of them (d3dcompiler_47 10.1, session 44, at fx_2_0, fx_4_0, fx_5_0 and ps_5_0 alike):
        ``CompileShader(vs_4_0, VSm)``, ``(VSm, 1)``, ``(VSm VSm())``, ``(VSm[0])``, ``(VSm.x)``, ``(VSm + 1)`` and
        ``((VSm()))`` are X3000 "invalid compiler flag VSm" at the word; anything else that is no word (a number, a
        ``-``, a type's name: ``(vs_4_0, float4(1, 2, 3, 4))``) is the syntax error at it."""
        k = self.i
        while self.toks[k].text == "(":
            k += 1
        word = self.toks[k]
        if word.kind != "id" or self.is_type_start(k - self.i):
            raise self.error(tok=word)
        if k > self.i or self.toks[k + 1].text != "(":
            raise self.error(f"invalid compiler flag {word.text}", word, 3000)

    def check_construct_gs(self, name: Token, args: list) -> None:
        """``ConstructGSWithSO``'s argument count, checked when its ``)`` is read (after its arguments' own errors:
        ``(..., "a", nothere)`` is X3004): a shader and one declaration, or a shader, four declarations and the
        rasterized stream (MicrosoftDocs "Stream-Out Syntax"); any other count is X3000 "parameter count mismatch
        (ConstructGSWithSO)" at the name -- at fx_2_0, fx_4_0, fx_5_0 and ps_5_0 alike, a pass's state value too
        (d3dcompiler_47 10.1, session 44). In a function body fxc's X3064 (an object literal) comes first
        (shaderobj.py), so the count is left to it there."""
        if self.block_depth == 0 and len(args) not in (2, 6):
            from .codegen import walk

            for n in (n for a in args for n in walk(a) if isinstance(n, A.Ident)):
                if n.name not in self.global_kinds and n.name.upper() != "NULL" and n.name not in COMPILE_PROFILES:
                    raise self.error(f"undeclared identifier '{n.name}'", Token("id", n.name, n.pos), 3004)
            raise self.error("parameter count mismatch (ConstructGSWithSO)", name, 3000)

    def shader_name(self, n: A.Node) -> str | None:
        """The shader object type a name in a state value or a global's initialiser stands for: a global shader
        variable's type, NULL's (shaderobj.misuse's ``named``)."""
        from .shaderobj import named_in

        if isinstance(n, A.Ident) and n.name.upper() == "NULL" and n.name in self.global_kinds:
            return None
        return named_in(self.program_decls)(n)

    def check_state_call(self, name: Token, args: list) -> None:
        """A state-block function call, checked while parsing in every technique of every target (d3dcompiler_47
        10.1 fails ``SetFoo(1)``, ``setvertexshader(NULL)`` and a two-argument ``SetBlendState`` even in a Direct3D 9
        ``technique`` an fx_4/fx_5 effect leaves out): the name as spelled, then the argument count; X3000."""
        lo_hi = _STATE_FUNCS.get(name.text)
        if lo_hi is None:
            raise self.error(f"Unrecognized FX function call ({name.text})", name, 3000)
        if not lo_hi[0] <= len(args) <= lo_hi[1]:
            raise self.error(f"parameter count mismatch ({name.text})", name, 3000)

    def _check_state_value(self, name: Token, v: A.Node) -> None:
        """A state value's calls (statecalls.py: X3004 / X3013 / X3093) and casts as fxc reduces them while it
        parses (d3dcompiler_47 10.1, session 41, at every shader target); a cast to an object type is fxc's syntax
        error. The first reduced wins: a call when its ``)`` is read (``bar(nothere())`` reports ``nothere``)."""
        from .codegen import walk
        from .sbcasts import object_cast_error, string_conversion_error
        from .sbops import constant_conditional_error
        from .shaderobj import misuse
        from .statecalls import call_error

        found: list[tuple[tuple[int, int], HlslError]] = []
        for n in walk(v):
            converted = string_conversion_error(n)  # ``foo = (int)"s";`` X3017 (sbcasts.py)
            if converted is not None:
                found.append((getattr(n, "end", None) or (n.pos.line, n.pos.col), converted))
            cast = object_cast_error(n)  # ``foo = (string)1;`` X3017 (sbcasts.py)
            if cast is not None:
                found.append((getattr(n, "end", None) or (n.pos.line, n.pos.col), cast))
            elif isinstance(n, A.Call):
                err = call_error(n, self.func_names, _EFFECT_SHADER_BUILTINS, _STATE_FUNCS)
                if err is not None:
                    # (X3093 comes when the whole value is reduced, after every call's own error: ``foo = rcp(1) +
                    # bar();`` is X3004, ``foo = rcp(1) +;`` the syntax error)
                    key = (1 << 30, 0) if err[0] == 3093 else getattr(n, "end", None) or (n.pos.line, n.pos.col)
                    found.append((key, self.error(err[1], Token("id", n.name, n.pos), err[0])))
        folded = constant_conditional_error(v)  # (X3093, or the value's own type error first)
        if folded is not None:
            found.append(((1 << 30, 0), folded))
        if found:
            raise min(found, key=lambda f: f[0])[1]
        # an operator on a shader variable (``SetVertexShader(-vs1)``); on a compile it waits for the compile's own
        # checks after the parse (``-compile ps_2_0 fun(1, 2, 3)`` is X3013: shaderobj.py, check.py)
        misused = misuse(v, self.shader_name)
        if misused is not None and not isinstance(v, A.Call) and misuse(v) is None:
            raise misused

    def _state_value(self, name: Token) -> A.Node:
        """A state value read as an expression; where it fails to parse, a call fxc had reduced before the error
        is its error (``foo = bar()+;`` is X3004 at ``bar``)."""
        mark = len(self.expr_log)
        try:
            v = self.parse_assign()
        except HlslError as exc:
            from .salvage import completed_expressions

            for done in completed_expressions(self.expr_log[mark:]):
                try:
                    self._check_state_value(name, done)
                except HlslError as first:
                    # (an object cast is the syntax error itself; X3093 waits for the value's end)
                    if first.message != "invalid state block value" and first.code != 3093:
                        raise first from exc
            raise
        self._check_state_value(name, v)
        return v

    def trailing_value_word(self, value: A.Node) -> Token | None:
        """The name fxc's state-block grammar takes after a value that is one integer literal, before the ``;``
        (d3dcompiler_47 10.1, session 48 EFX: ``MaxAnisotropy = 1 foo;``, ``= 1ll;`` -- ``1l`` then ``l`` --, ``=
        0x1 foo;``, ``= 1u float;``, ``= 1 sampler;`` compile in a numeric variable's block, a local's, a pass and a
        ``sampler_state { … }`` at the shader targets; ``1.5 foo``, ``-1 foo``, ``(1) foo``, ``1 foo bar``, ``a b``,
        ``1 uniform``, ``1 pass`` stay syntax errors; an effect's real state refuses such a value). Consumed and
        returned, or None."""
        prev = self.toks[self.i - 1] if self.i else None
        if not (isinstance(value, A.Literal) and prev is not None and prev.kind == "int" and value.pos == prev.pos
                and self.tok.kind == "id" and self.peek().text == ";"):
            return None
        word = self.tok.text
        if lexer_word(word) and not state_word(word) or word in ("true", "false"):
            return None
        return self.next()

    def state_name(self) -> Token:
        """The name of a state-block entry: any identifier, effect keywords included (``PixelShader =
        compile ps_4_0 PS();``), which ``ident`` refuses as variable names, but for the words fxc's lexer
        makes tokens of their own (NOT_STATE_NAMES), the modifiers, statements and stream types
        (PASS_REFUSED_WORDS). The first name of a variable's own block (``sampler s { … }``, ``DepthStencilState d {
        … }``: parser.parse_state_blocks sets ``strict_state_names``) is no keyword of fxc's lexer at all: the
        shader types, ``texture``, ``sampler``, ``Texture2D``, ``stateblock`` there are X3000 at the word, at the
        shader and the fx targets (parser.lexer_keyword), where the later names, a pass's and a ``sampler_state {
        … }`` block's read them as names (d3dcompiler_47 10.1, session 47 EFX)."""
        from .parser import PASS_REFUSED_WORDS, lexer_keyword

        strict, self.strict_state_names = getattr(self, "strict_state_names", False), False
        if self.tok.kind != "id" or self.tok.text in NOT_STATE_NAMES or self.tok.text in PASS_REFUSED_WORDS or \
                self.tok.text.lower() in ("technique", "pass", "asm", "decl") or strict and lexer_keyword(
                    self.tok.text) and id(self.tok) not in getattr(self, "respelled_words", ()):  # (fx_2_0 `Texture`)
            raise self.error()
        return self.next()

    def _state_block_entries(self) -> None:
        mark = len(self.expr_log)
        self.state_value_depth = getattr(self, "state_value_depth", 0) + 1  # (state_word names in the values)
        try:
            self._state_block_entry_list()
        except HlslError as exc:
            from .sbwrites import reduced_write

            # a write fxc reduced before the error is its error (sbwrites.py); a function's local is a value name
            # no global declares
            found = reduced_write(self.expr_log[mark:], lambda n: n in self.value_names and n not in
                                  self.global_kinds, exc)
            if found is not None:
                raise found from exc
            if not hasattr(exc, "salvage_state_values"):
                # the block's largest expressions reduced before the error, typed by the salvage with the values
                # of the blocks before it (salvage.salvage_program; d3dcompiler_47 10.1, session 49 EFX:
                # ``Filter = float2(1, 2).xyz 2;`` X3018, ``= fun(foo) 2;`` of ``fun(float p[2])`` X3017, ``=
                # float4(1, NULL) 2;`` X3017 at ps_4_0, as at the fx targets)
                from .salvage import completed_expressions

                exc.salvage_state_values = [n for n in completed_expressions(self.expr_log[mark:]) if n.pos.file ==
                                            exc.file and (getattr(n, "end", None) or (n.pos.line, n.pos.col)) < (
                                                exc.line, exc.col)]
            raise
        finally:
            self.state_value_depth -= 1
            # a state value is not type-checked as fxc's parser reduces it (salvage.py reads the log)
            del self.expr_log[mark:]

    def _state_block_entry_list(self) -> None:
        while not self.accept("}"):
            name = self.state_name()
            if self.at("("):
                args = self.parse_args()
                for a in args:
                    self._check_state_value(name, a)
                self.check_state_call(name, args)
                # the arguments are state values, type-checked as those are (d3dcompiler_47 10.1, session 40:
                # ``SetPixelShader(foobar.w);`` is X3018, ``SetBlendState(x, f(1), y)`` of ``f(float a[2])`` X3017,
                # at ps_5_0 and the fx targets alike)
                self.state_values.extend(args)
                self.expect(";")
                continue
            if self.accept("["):
                if self.tok.kind != "int":
                    raise self.error()
                self.next()
                self.expect("]")
            self.expect("=")
            if self.at("compile"):
                # an expression that starts with the compile (``compile ps_2_0 f() + 1``: fxc parses it and refuses
                # the operator on the shader object, X3022; shaderobj.py)
                self.state_values.append(self.parse_assign())
            elif self.at("<"):
                self.skip_annotations(judge=False)  # ``Filter = <ANISOTROPIC>;``: a value, not a list
            elif self.at("{"):
                # typed as any value: an item's write is X3025 (``dogs[3] = {1, ++any_identifier};``, d3dcompiler_47
                # 10.1, session 46 EFX)
                self.state_values.append(self.parse_initializer())
            elif self.tok.text == "stateblock_state" and self.peek().text == "{":  # D3D9 inline block: syntax only
                self.i += 2
                self._state_block_entries()
            elif self.tok.text.lower() == "texture" and self.peek().text == ";":
                # D3D9 effect states name D3DTA_TEXTURE "Texture" (``ColorArg1[0] = Texture;``, the DirectX SDK's
                # ConfigSystem main.fx): a state enumeration value, not the type keyword
                tok = self.next()
                self.state_values.append(A.Ident(tok.pos, tok.text))
            else:
                v = self._state_value(name)
                self.state_values.append(v)
                self.trailing_value_word(v)  # (``MaxAnisotropy = 1 foo;``)
            self.expect(";")
