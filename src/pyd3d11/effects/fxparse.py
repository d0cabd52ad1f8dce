"""The effect-file grammar on top of the HLSL parser: techniques (``technique``/``technique10``/
``technique11``), ``fxgroup``, passes, state-block initialisers of state-object variables
(``BlendState b { ... };``, ``sampler s = sampler_state { ... };``) and annotations, recorded instead of
skipped (MicrosoftDocs "Effect Format", "Effect State Groups", "Annotation Syntax").

The plain HLSL parser (shader/hlsl/parser.py) parses the same syntax and throws it away, so the shaders
of an effect compile exactly as they do for a vs/ps target; this subclass keeps what it sees."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..shader.hlsl import ast as A
from ..shader.hlsl.diagnostics import HlslError
from ..shader.hlsl.lexer import Token
from ..shader.hlsl.parser import Parser
from ..shader.hlsl.types import ArrayType, NumType, Type


@dataclass
class Annotation:
    name: str
    type: Type
    value: A.Node | None
    pos: object = None


@dataclass
class StateEntry:
    """``name[index] = value;`` or a pass function call ``SetBlendState(a, b, c);`` (``call`` True)."""

    name: str
    index: int | None
    value: A.Node | None
    args: list = field(default_factory=list)
    call: bool = False
    pos: object = None


@dataclass
class PassDecl:
    name: str | None
    annotations: list[Annotation]
    entries: list[StateEntry]
    pos: object = None


@dataclass
class TechniqueDecl:
    name: str | None
    keyword: str
    annotations: list[Annotation]
    passes: list[PassDecl]
    group: str | None = None
    pos: object = None


@dataclass
class GroupDecl:
    name: str | None
    annotations: list[Annotation]
    techniques: list[TechniqueDecl]
    pos: object = None


#: the storage classes an annotation may not have, with d3dcompiler_47 10.1's numbers ("'a': annotation members
#: cannot be declared 'static'"), in the order it reports them whatever their order in the source (every pair
#: probed: ``volatile static`` and ``static volatile`` are both X3007)
ANNOTATION_STORAGE = {"inline": 3055, "static": 3007, "uniform": 3047, "extern": 3006, "groupshared": 3010,
                      "shared": 3054, "volatile": 3008}
#: the modifiers an annotation takes and ignores (10.1 compiles ``< linear int a = 1; >`` and its kin)
ANNOTATION_MODIFIERS = frozenset({"const", "linear", "nointerpolation", "precise", "centroid", "noperspective",
                                  "sample", "globallycoherent", "snorm", "unorm", "row_major", "column_major"})


#: type words of fxc's lexer that no state value may be (besides the numeric types and NOT_STATE_NAMES): X3000 at
#: the token after them (d3dcompiler_47 10.1, session 40; ``TriangleStream`` and the texture / shader / UAV kinds
#: are names there)
_VALUE_TYPE_WORDS = frozenset({"PointStream", "LineStream", "InputPatch", "OutputPatch", "unsigned"})
#: keywords and modifiers that no state value may be, X3000 at the word (10.1, session 40; ``linear``, ``precise``,
#: ``sample``, ``globallycoherent``, ``point``, ``single``, ``center`` are names there)
_VALUE_KEYWORDS = frozenset({
    "const", "static", "uniform", "extern", "volatile", "groupshared", "row_major", "column_major",
    "nointerpolation", "centroid", "noperspective", "in", "out", "inout", "inline", "shared", "snorm", "unorm",
    "line", "triangle", "lineadj", "triangleadj", "export", "technique10", "technique11", "fxgroup", "compile",
    "CompileShader", "compile_fragment", "stateblock_state", "vertexfragment", "pixelfragment"})


def _after(a, b) -> bool:
    return (a.line, a.col) >= (b.line, b.col)


#: the value of an annotation written ``sampler_state { ... }`` (fxannot: a sampler's; X3017 for another type)
STATE_BLOCK_VALUE = "$StateBlock"


class EffectParser(Parser):
    """Parser that records the effect constructs while ``parse_program`` runs: ``techniques`` (those
    outside any fxgroup), ``groups`` (fxgroup blocks, in source order), ``var_blocks`` (variable name ->
    its state-block entry lists, one per array element), ``var_annotations`` and ``cb_annotations``."""

    def __init__(self, tokens):
        super().__init__(tokens)
        #: the effect file's own declarations are parsed (parse_cbuffer reads a buffer's register as they do)
        self.effect_declarations = True
        self.techniques: list[TechniqueDecl] = []
        self.groups: list[GroupDecl] = []
        self.var_blocks: dict[str, list[list[StateEntry]]] = {}
        self.var_annotations: dict[str, list[Annotation]] = {}
        self.cb_annotations: dict[str, list[Annotation]] = {}
        self._annots: list[tuple[object, list[Annotation]]] = []
        self._blocks: list[tuple[object, list[StateEntry]]] = []
        self._last_annotations: list[Annotation] = []
        #: an annotation list is judged as it is read (fxannot.judge_annotations; off in fxannot's own sub-parser)
        self.annotation_judging = True
        self._log: list[tuple[object, list[Annotation]]] = []  # every annotation list, in source order
        #: ids of the hexadecimal integer literals parsed: fxc stores a hex constant of a state assignment as
        #: EST_UInt and a decimal one as EST_Int (its fx_5_0 objects of DXDecompiler's AdvancedEffect.fx:
        #: ``RenderTargetWriteMask[0] = 0x0F`` -> UInt 15, ``DepthBias = 5`` -> Int 5), which the AST does not keep
        self.hex_literals: set[int] = set()
        #: every ``compile`` / ``CompileShader`` call parsed, in every technique, kept or left out (fxfuncs)
        self.compile_calls: list[A.Call] = []
        #: the argument counts each function declared so far takes (least, most: defaults may be left out)
        self.func_arities: dict[str, list[tuple[int, int]]] = {}
        #: how many function bodies enclose the cursor, and the locals declared so far in the innermost one (a
        #: local's state block may write those: _check_state_writes)
        self._function_depth = 0
        self._locals: set[str] = set()
        #: the state values read so far, as the shader targets' parser lists them (Parser.state_values): what a
        #: parse error's salvage type-checks of a block it stopped (fxsalvage.py)
        self.salvage_state_values: list[A.Node] = []
        #: every annotation list begun, as far as it was read (the same list objects _log holds once complete)
        self.salvage_annotations: list[list[Annotation]] = []

    def parse_function(self, ret, mods: set, attrs: dict, pos) -> A.FuncDef:
        self._function_depth += 1
        saved, self._locals = self._locals, set()
        try:
            f = super().parse_function(ret, mods, attrs, pos)
        finally:
            self._function_depth -= 1
            self._locals = saved
        self.func_arities.setdefault(f.name, []).append((sum(p.default is None for p in f.params), len(f.params)))
        return f

    def parse_primary(self) -> A.Node:
        hex_token = self.tok.kind == "int" and self.tok.text.lower().startswith("0x")
        node = super().parse_primary()
        if hex_token:
            self.hex_literals.add(id(node))
        return node

    # --- annotations ------------------------------------------------------------------------------
    def skip_annotations(self, judge: bool = True) -> None:
        if not self.at("<"):
            self._last_annotations = []
            return
        start = self.next().pos
        out: list[Annotation] = []
        # the list as far as it is read: a parse error's salvage checks its completed annotations (fxsalvage.py),
        # by the annotation rules, not as expressions
        self.salvage_annotations.append(out)
        mark = len(self.expr_log)
        try:
            while not self.accept(">"):
                out += self.annotation_declaration(out)
        finally:
            del self.expr_log[mark:]
        self._last_annotations = out
        self._annots.append((start, out))
        self._log.append((start, out))
        if judge and self.annotation_judging:
            # judged where it stands, against the globals declared so far, as fxc reads it (fxannot.judge_annotations:
            # ``technique < string s = 1; >`` X3017 ahead of a later variable's or compile's error; 10.1, session 46)
            from .fxannot import judge_annotations

            judge_annotations(out, self.program_decls, self.consts, start.file or "")

    def check_compile_call(self, call: A.Call) -> A.Call:  # type: ignore[override]
        self.compile_calls.append(call)
        return super().check_compile_call(call)

    def annotation_declaration(self, earlier: list[Annotation]) -> list[Annotation]:
        """One ``[modifiers] type name[…] = value[, name = value …];`` of an annotation list (``earlier``: the
        list's annotations so far). The declaration grammar of d3dcompiler_47 10.1 at every effect target
        (session 38, helper EFX; ANNOTATION_ROWS): comma-separated declarators; the interpolation modifiers,
        ``precise``, ``globallycoherent``, ``const`` and a matrix majority accepted and ignored; a storage class
        refused with its own number (ANNOTATION_STORAGE); a modifier twice X3048; ``snorm``/``unorm`` on an
        integer X3085; ``row_major``/``column_major`` on a non-matrix X3077; a ``struct`` definition a syntax
        error at its name (a struct type declared before is a type like another). A local's annotations are X3040
        before they are read (parser.parse_var_list)."""
        mods: list[Token] = []
        while self.tok.kind == "id" and (self.tok.text in ANNOTATION_STORAGE or self.tok.text in ANNOTATION_MODIFIERS):
            if any(m.text == self.tok.text for m in mods):
                raise self.error("duplicate usages specified", code=3048)
            mods.append(self.next())
        words = {m.text for m in mods}
        if self.at("struct"):
            self.next()
            raise self.error()  # fxc: "unexpected token" at the struct's name
        type_tok = self.tok
        base = self.parse_type()
        if words & {"snorm", "unorm"}:
            if not isinstance(base, NumType):
                raise self.error(tok=type_tok)
            if base.base not in ("float", "half", "double", "min16float", "min10float"):
                raise self.error(f"{sorted(words & {'snorm', 'unorm'})[0]} can not be used with type", mods[0], 3085)
        if words & {"row_major", "column_major"}:
            if not (isinstance(base, NumType) and base.shape == "m"):
                raise self.error("non-matrix types cannot be declared 'row_major' or 'column_major'", mods[0], 3077)
            if {"row_major", "column_major"} <= words:  # (after the non-matrix check: X3077 wins on an int)
                raise self.error("matrix types cannot be both column_major and row_major", mods[0], 3048)
            base = NumType(base.base, base.rows, base.cols, base.shape, row_major="row_major" in words, prec=base.prec,
                           alias=base.alias)
        names = {a.name for a in earlier}
        out: list[Annotation] = []
        while True:
            pos = self.tok.pos
            name_tok = self.tok
            self.effect_name("annotation")
            storage = next((w for w in ANNOTATION_STORAGE if w in words), None)
            if storage is not None:
                raise self.error(f"'{name_tok.text}': annotation members cannot be declared '{storage}'", name_tok,
                                 ANNOTATION_STORAGE[storage])
            if name_tok.text in names:  # 10.1: X3003 in the annotations of any object kind
                raise self.error(f"redefinition of '{name_tok.text}'", name_tok, 3003)
            names.add(name_tok.text)
            t = self.parse_array_suffix(base)
            if self.at(":") and self.peek().kind == "id":  # (10.1: before a missing value; ``a : 1`` a syntax error)
                raise self.error(f"'{name_tok.text}': annotation members cannot have semantics", name_tok, 3043)
            if not self.at("=") and not self.at(":") and not self.at("{"):  # (``a {1, 2}``: a syntax error)
                # any token but the initialiser's ``=`` ends the declarator without a value, which fxc reports
                # before the token (d3dcompiler_47 10.1, session 40: ``< int a += 1; >``, ``a == 1``, ``a 1``,
                # ``a (1)``, ``a >>= 1`` are X3012 like ``< int a; >``; ``a [`` and ``a :`` stay syntax errors)
                if isinstance(t, ArrayType) and t.count == 0:  # ``< float a[]; >``, ``a[] &= {1, 2}`` (10.1, s46)
                    raise self.error(f"'{name_tok.text}': implicit array missing value", name_tok, 3074)
                raise self.error(f"'{name_tok.text}': missing value", name_tok, 3012)
            self.expect("=")
            if self.at("sampler_state") and self.peek().text == "{":
                # a sampler annotation's block: read as syntax (10.1 compiles ``< sampler s = sampler_state { }; >``
                # at the shader targets; an effect fails it, with no number, when it stores the annotation)
                value = A.Ident(self.next().pos, STATE_BLOCK_VALUE)
                depth = 0
                while True:
                    tok = self.next()
                    if tok.kind == "eof":
                        raise self.error(tok=tok)
                    depth += (tok.text == "{") - (tok.text == "}")
                    if depth == 0:
                        break
            else:
                value = self.parse_initializer() if self.at("{") else self.parse_assign()
            out.append(Annotation(name_tok.text, t, value, pos))
            if not self.accept(","):
                break
        self.expect(";")
        return out

    def parse_cbuffer(self, hoisted: list[A.Node]) -> A.CBufferDecl:
        """``cbuffer name [: register(bN)] [<annotations>] { ... }``: the buffer's own annotations are the
        first list parsed before its first member (functions and nested buffers go to ``hoisted``, as in HLSL)."""
        mark = len(self._log)
        cb = super().parse_cbuffer(hoisted)
        first = cb.members[0].pos if cb.members else None
        for where, items in self._log[mark:]:
            if first is None or not _after(where, first):
                self.cb_annotations[cb.name] = items
                break
        return cb

    # --- variables with state blocks ----------------------------------------------------------------
    def parse_var_list(self, base: Type, mods: set, pos) -> list[A.Node]:
        saved_a, saved_b = self._annots, self._blocks
        self._annots, self._blocks = [], []
        try:
            out = super().parse_var_list(base, mods, pos)
            decls = [d for d in out if isinstance(d, A.VarDecl)]
            if self._function_depth:
                self._locals.update(d.name for d in decls)
            for d in decls:
                if d.init is not None:
                    # a compile's argument names (X3004) and count (X3013) before an operator on the compile
                    # (``-CompileShader(ps_2_0, main(foobar))`` X3004; d3dcompiler_47 10.1, session 47 EFX)
                    self._check_compile_argument_names(d.init)  # (before the kind: fxc's X3004 comes first)
                    self._check_compile_counts(d.init)
                    check_shader_operands(d.init, self.shader_name)
                    if _kind_mismatch(d):
                        # a compile of another kind: its count first (10.1, session 48 EFX: ``PixelShader p =
                        # CompileShader(vs_4_0_level_9_1, main(aa, bb));`` of one uniform parameter is X3013)
                        self._check_compile_counts(d.init, alone=True)
                    _check_shader_object_kind(d)
            for where, items in self._annots:
                owner = None
                for d in decls:
                    if _after(where, d.pos):
                        owner = d
                if owner is not None:
                    self.var_annotations[owner.name] = items
            for where, entries in self._blocks:
                owner = None
                for d in decls:
                    if _after(where, d.pos):
                        owner = d
                if owner is not None:
                    self.var_blocks.setdefault(owner.name, []).append(entries)
            return out
        finally:
            self._annots, self._blocks = saved_a, saved_b

    def _state_block_entries(self) -> list[StateEntry]:  # type: ignore[override]
        mark = len(self.expr_log)
        self.state_value_depth = getattr(self, "state_value_depth", 0) + 1  # (parse_effects.state_word)
        try:
            return self._state_block_entry_list()
        except HlslError as exc:
            from ..shader.hlsl.sbwrites import reduced_write

            found = reduced_write(self.expr_log[mark:], self._locals.__contains__, exc)
            if found is not None:  # (a write fxc reduced before the syntax error: sbwrites.py)
                raise found from exc
            self._salvage_reduced_values(exc, mark)
            raise
        finally:
            self.state_value_depth -= 1
            # a state value is type-checked by the state-value rules (an unknown name is a ``const int``), not as
            # an expression of a salvaged declaration (fxsalvage.py reads salvage_state_values instead)
            del self.expr_log[mark:]

    def _salvage_reduced_values(self, exc: HlslError, mark: int) -> None:
        """The largest expressions of the block that fxc reduced before its error ``exc`` -- a state function's
        arguments, a brace item, a value cut short -- join the values the failed declaration's salvage types
        (fxsalvage._failed_declaration: the state-value rules, an unknown name a ``const int``): fxc types each as
        it reduces it, so a call's count, a constructor's NULL, an argument's conversion is the error before the
        block's syntax error (d3dcompiler_47 10.1, session 49 EFX: ``SetBlendState(addition(foo, float4(0, 0, 0,
        0), p + q, p / q);`` X3013, ``SetBlendState(1-1, float4(5, 6, 7, NULL, NULL, 0xf0);`` X3017,
        ``SetPixelShader(fun(foo);`` of ``fun(float p[2])`` X3017, in passes and state blocks at every fx target)."""
        from ..shader.hlsl.salvage import completed_expressions

        have = {id(v) for v in self.salvage_state_values}
        for n in completed_expressions(self.expr_log[mark:]):
            end = getattr(n, "end", None) or (n.pos.line, n.pos.col)
            if id(n) not in have and n.pos.file == exc.file and end < (exc.line, exc.col):
                self.salvage_state_values.append(n)

    def _state_block_entry_list(self) -> list[StateEntry]:  # type: ignore[override]
        start = self.tok.pos
        entries: list[StateEntry] = []
        while not self.accept("}"):
            name = self.state_name()
            if self.at("("):
                args = self.parse_args()
                for a in args:
                    # an argument's calls as a value's (``SetBlendState(bs, float2x(1, 2, 3, 4), 0xf)``: X3004 while
                    # fxc parses; d3dcompiler_47 10.1, session 46 EFX)
                    self._check_state_value(a)
                self.check_state_call(name, args)
                self.salvage_state_values.extend(args)
                entries.append(StateEntry(name.text, None, None, args, True, name.pos))
                self.expect(";")
                continue
            index = None
            if self.accept("["):
                tok = self.next()
                if tok.kind != "int":
                    raise self.error(tok=tok)
                index = int(tok.text.rstrip("uUlL"), 0)
                self.expect("]")
            self.expect("=")
            if self.at("compile"):
                value = self.parse_assign()  # ``compile ps_2_0 f()++``: an operator on it is fxc's type error
                self._check_compile_counts(value)
                check_shader_operands(value, self.shader_name)
                self._check_state_writes(value)  # (``compile ps_2_0 f(--x)`` too)
                self.salvage_state_values.append(value)
            elif self.at("<"):  # ``Filter = <ANISOTROPIC>;`` (old syntax): the name inside the brackets
                self.next()
                value = self.parse_postfix(self.parse_primary())  # ``<g_vLightPos[0]>``: an element too
                self.expect(">")
            elif self.at("{"):
                value = self.parse_initializer()
                # a brace list's items write nothing either (``dogs[3] = {1, 3, ++any_identifier};`` X3025 ahead of the
                # unknown state; 10.1, session 46 EFX), an undeclared call reduced first (``{--bar(), 1}`` X3004)
                for n in _reduction_order(value):
                    found = self._write_error(n) or self._undeclared_call(n)
                    if found is not None:
                        raise found
            elif self.tok.kind == "id" and self.peek().text == ";" and self.tok.text not in ("true", "false"):
                # one word: a value name, also where it spells a type (D3D9 ``ColorArg1[0] = Texture;``, D3DTA_TEXTURE)
                self._check_value_word()
                value = A.Ident(self.tok.pos, self.next().text)
            else:
                value = self.parse_assign()
                self._check_state_value(value)
                self.salvage_state_values.append(value)
                word = self.trailing_value_word(value)
                if word is not None:  # ``MaxAnisotropy = 1 foo;``: no value of any state (parse_effects)
                    value = A.Ident(value.pos, f"{value.value} {word.text}")
            self.expect(";")
            entries.append(StateEntry(name.text, index, value, [], False, name.pos))
        self._blocks.append((start, entries))
        return entries

    def _check_value_word(self) -> None:
        """A state value of one word is a name (``Filter = LINEAR;``, ``foo = Texture2D;``, ``foo = sampler;``)
        unless fxc's lexer makes the word a token that begins no expression: a numeric type or a type the program
        declared is X3000 at the ``;`` after it (it expects the constructor's ``(``), a keyword or a storage /
        interpolation modifier X3000 at the word itself (d3dcompiler_47 10.1, session 40: ``foo = float;``, ``=
        DWORD;``, ``= S;`` of a struct, ``= SamplerState;``, ``= static;``, ``= line;`` in sampler, state-object and
        pass blocks at fx_4_0 / fx_4_1 / fx_5_0; ``= Texture2D;``, ``= VertexShader;``, ``= TriangleStream;``,
        ``= INT;``, ``= linear;``, ``= point;``, ``= float5;`` name nothing yet and fail later as an unknown
        state's or value's word). The fx_2_0 grammar (parse_effects) reads such a value as an expression and
        meets the same errors there."""
        from ..shader.hlsl.keywords import KEYWORD_NAMES, RESERVED_WORDS
        from ..shader.hlsl.parse_effects import NOT_STATE_NAMES
        from ..shader.hlsl.parser import _NUMERIC_NAME, _RESERVED
        from ..shader.hlsl.types import dx8_typedef

        word = self.tok.text
        if word in self.types or _NUMERIC_NAME.match(word) or word in _VALUE_TYPE_WORDS or \
                dx8_typedef(word) in ("DWORD", "FLOAT", "VECTOR", "MATRIX") or \
                word in NOT_STATE_NAMES and word not in ("NULL", "true", "false"):
            raise self.error(tok=self.peek())
        if word in _RESERVED or word in RESERVED_WORDS or word in KEYWORD_NAMES or word in _VALUE_KEYWORDS or \
                word.lower() in ("technique", "pass", "asm", "decl"):
            raise self.error(tok=self.tok)

    def _check_compile_argument_names(self, init: A.Node) -> None:
        """A compile in a global's initialiser (of any type: a shader, a texture, a string, a brace list's item) names
        only globals declared above in its arguments: another name is X3004 "undeclared identifier" while fxc parses
        (d3dcompiler_47 10.1, session 39: ``Texture2D t = CompileShader(ps_4_0, main(foobar));``; in a pass the name
        is X3517 later, in a state block's value it is not read)."""
        from ..shader.hlsl.codegen import walk

        for n in walk(init):
            if not (isinstance(n, A.Call) and n.name == "CompileShader" and len(n.args) == 2
                    and isinstance(n.args[1], A.Call)):
                continue
            for m in (m for a in n.args[1].args for m in _reduction_order(a)):
                if isinstance(m, A.Ident) and m.name not in self.global_kinds and m.name != "NULL":
                    raise HlslError(m.pos.file, m.pos.line, m.pos.col, 3004, f"undeclared identifier '{m.name}'")
                # a write is reduced where it stands too, before the names after it and the count (10.1, session 49
                # EFX: ``CompileShader(ps_2_0, main(++aa, bb))`` of one uniform parameter X3025, ``main(++aa,
                # nothere)`` X3025, ``main(nothere, ++aa)`` X3004, at fx_2_0 / fx_4_0 / fx_5_0)
                written = self._write_error(m)
                if written is not None:
                    raise written

    def _check_compile_counts(self, value: A.Node, alone: bool = False) -> None:
        """A compile's argument count against its function's uniform parameters (X3013) is judged before an operator
        on the compile (``cat = !compile ps_2_0 fun(1, 2, 3);``, ``PixelShader = ~compile ps_4_0 fun(4, 5);`` of a
        two-uniform ``fun``: X3013, not X3022 / X3082; d3dcompiler_47 10.1 at fx_2_0, fx_4_0 and fx_5_0, session 47
        EFX), for a function declared above, whatever names its arguments hold (``!compile ps_2_0 fun(foo, 2, 3)``
        X3013 in a pass; a global's compile names declared globals only, judged before: X3004)."""
        from ..shader.hlsl.codegen import walk
        from ..shader.hlsl.compileargs import conversion_error
        from ..shader.hlsl.shaderobj import object_name

        if object_name(value) is not None and not alone:
            return  # a compile alone: its count is judged where it is compiled (``alone``: here too)
        for n in walk(value):
            if object_name(n) is None or len(n.args) != 2 or not isinstance(n.args[1], A.Call):
                continue
            converted = conversion_error(n, self.program_decls)  # (an argument's X3017 first: compileargs.py)
            if converted is not None:
                raise converted
            call = n.args[1]
            if any(isinstance(m, A.Call) for a in call.args for m in walk(a)):
                continue  # (an argument's call: its own X3004 first, as the shader targets' rule has it)
            defs = [d for d in self.program_decls if isinstance(d, A.FuncDef) and d.name == call.name and
                    d.body is not None]
            counts = [(sum(1 for p in u if p.default is None), len(u))
                      for u in ([p for p in d.params if "uniform" in p.mods] for d in defs)]
            if counts and not any(lo <= len(call.args) <= hi for lo, hi in counts):
                raise HlslError(call.pos.file, call.pos.line, call.pos.col, 3013,
                                f"'{call.name}': no matching {len(call.args)} parameter function")

    def _check_state_writes(self, value: A.Node) -> None:
        """A state value or a state function's argument writes nothing: ``++`` / ``--`` either side, ``=`` and a
        compound assignment are X3025 while fxc parses, whatever they write (d3dcompiler_47 10.1, session 39:
        ``SetBlendState(foo, ++bar, baz)``, ``FillMode = bar += 1``, ``float f { foo = 1 + ++bar; }`` at every
        target; a declared global's text is "global variables are implicitly constant ...")."""
        from ..shader.hlsl.codegen import walk

        for n in walk(value):
            found = self._write_error(n)
            if found is not None:
                raise found

    def _undeclared_call(self, n: A.Node) -> HlslError | None:
        """X3004 for a call of no function declared above and no intrinsic (gated ones too: ``noise``), or None."""
        from ..shader.hlsl.featuregates import INTRINSICS
        from ..shader.hlsl.intrinsics import is_intrinsic
        from ..shader.hlsl.parse_effects import _EFFECT_SHADER_BUILTINS

        if isinstance(n, A.Call) and n.name not in self.func_names and n.name not in _EFFECT_SHADER_BUILTINS \
                and not is_intrinsic(n.name) and n.name not in INTRINSICS:
            return HlslError(n.pos.file, n.pos.line, n.pos.col, 3004, f"undeclared identifier '{n.name}'")
        return None

    def _write_error(self, n: A.Node) -> HlslError | None:
        """_check_state_writes' X3025 for node ``n`` itself, or None."""
        target = n.target if isinstance(n, A.Assign) else n.a if isinstance(n, A.Postfix) or (
            isinstance(n, A.Unary) and n.op in ("++", "--")) else None
        if target is None or isinstance(target, A.Ident) and target.name in self._locals:
            return None  # a local's block in a function may write a local (`float b { foo = zero++; };`, fxc 10.1)
        if isinstance(target, (A.Call, A.Construct)) and isinstance(n, (A.Unary, A.Postfix)):
            # a call's or constructor's result is typed before the write on it: ``++fun(foo)`` of ``fun(float
            # p[2])`` X3017, ``float4(1, 2, 3, 4, 5)++`` X3014 (10.1, session 49 EFX) -- the state-value check
            # (check._sb_type) types the operand, then refuses the write (X3025)
            return None
        if isinstance(target, (A.Index, A.Member)) and isinstance(n, (A.Unary, A.Postfix)):
            # the operand is typed before the write: ``++foobar[2]`` of a state constant is X3121, ``--foobar.y``
            # X3018 (10.1, session 46 EFX) -- the state-value check (check._sb_type) judges both in that order
            return None
        msg = "l-value specifies const object"
        if isinstance(target, A.Ident) and self.global_kinds.get(target.name) == "variable":
            msg = "global variables are implicitly constant, enable compatibility mode to allow modification"
        return HlslError(n.pos.file, n.pos.line, n.pos.col, 3025, msg)

    def _check_state_value(self, value: A.Node) -> None:
        """What d3dcompiler_47 10.1 refuses in a state entry's value while it parses, in every block of every
        target (session 38, EFX): a state function called as a value (``cat = SetPixelShader(p);``: "this FX API is
        not available in this part your program") and a cast to an object type (``foo = (sampler)2;``: a syntax
        error at the operand); a call of no function declared above and no intrinsic is X3004 "undeclared
        identifier" (session 39: ``float f { foo = bar(); };``, ``foo = 1 + bar(1, 2);``, a function defined below
        the block, in variable, sampler, state-object blocks and passes at every target; ``sin(1)`` compiles)."""
        from ..shader.hlsl.codegen import walk
        from ..shader.hlsl.compileargs import call_conversion_error
        from ..shader.hlsl.parse_effects import _EFFECT_SHADER_BUILTINS, _STATE_FUNCS
        from ..shader.hlsl.sbcasts import object_cast_error, string_conversion_error
        from ..shader.hlsl.sbops import constant_conditional_error
        from ..shader.hlsl.statecalls import intrinsic_count_error

        self._check_compile_counts(value)
        check_shader_operands(value, self.shader_name)
        # a shader call's own arguments are the compile's (check_compile_call, fxfuncs: its uniform parameters)
        inner = {id(m) for n in walk(value) if isinstance(n, A.Call) and n.name in _EFFECT_SHADER_BUILTINS
                 for a in n.args for m in walk(a)}
        for n in _reduction_order(value):
            # in the order fxc reduces the value: an operand's call before the write on it (10.1, session 48 EFX:
            # ``foo = --bar();``, ``(x = bar())``, ``sin(1, 2)++`` report the call; ``bar(++x)`` the write)
            written = self._write_error(n)
            if written is not None:
                raise written
            if id(n) in inner:
                continue
            if isinstance(n, A.Call) and n.name in _STATE_FUNCS:
                raise HlslError(n.pos.file, n.pos.line, n.pos.col, 3000,
                                f"this FX API is not available in this part your program ({n.name})")
            undeclared = self._undeclared_call(n)
            if undeclared is not None:
                raise undeclared
            counted = intrinsic_count_error(n, self.func_names)
            if counted is not None:  # ``sin(1, 2)++``, ``max(1) 2``: X3013 as the call is reduced (statecalls.py)
                raise counted
            if isinstance(n, A.Call) and n.name in self.func_arities:
                converted = call_conversion_error(n, self.program_decls)  # (before the count: compileargs.py)
                if converted is not None:
                    raise converted
            arities = self.func_arities.get(n.name) if isinstance(n, A.Call) else None
            if arities and not any(lo <= len(n.args) <= hi for lo, hi in arities):
                # a declared function called with another argument count: X3013 (``float bar(float x)`` then
                # ``foo = bar();``)
                raise HlslError(n.pos.file, n.pos.line, n.pos.col, 3013,
                                f"'{n.name}': no matching {len(n.args)} parameter function")
            converted = string_conversion_error(n)  # ``foo = (int)"s";`` X3017 (sbcasts.py)
            if converted is not None:
                raise converted
            cast = object_cast_error(n)  # ``foo = (string)1;`` X3017 (sbcasts.py)
            if cast is not None:
                raise cast
        folded = constant_conditional_error(value)  # (sbops: fxc's fold of a constant value with a conditional)
        if folded is not None:
            raise folded

    # --- techniques, passes, groups -----------------------------------------------------------------
    def parse_technique(self) -> None:
        kw = self.next()
        name = None
        if self.tok.kind == "id" and not self.at("{") and not self.at("<"):
            name = self.effect_name("technique")
        elif kw.text == "fxgroup":  # a group is named (10.1, session 42: ``fxgroup {``, ``fxgroup <`` are X3000 there)
            raise self.error()
        self.skip_annotations()
        annots = self._last_annotations
        if kw.text == "fxgroup":
            self.expect("{")
            group = GroupDecl(name, annots, [], kw.pos)
            if self.at("}"):  # 10.1: a group holds a technique at least ("unexpected token '}'")
                raise self.error()
            while not self.accept("}"):
                if self.tok.text not in ("technique10", "technique11"):
                    raise self.error("fxgroup may only hold technique10/technique11 blocks", self.tok, 3000)
                tech = self._technique_body(self.next())
                tech.group = name
                group.techniques.append(tech)
            self.accept(";")
            self.groups.append(group)
            return
        self.techniques.append(self._technique_rest(kw, name, annots))
        self.accept(";")

    def _technique_body(self, kw) -> TechniqueDecl:
        name = None
        if self.tok.kind == "id" and not self.at("{") and not self.at("<"):
            name = self.effect_name("technique")
        self.skip_annotations()
        annots = self._last_annotations
        # a group's technique takes no ``;`` after its ``}``: X3000 at the ``;`` (d3dcompiler_47 10.1, session 49 EFX:
        # ``fxgroup g { technique11 t { … }; }`` at fx_4_0 / fx_4_1 / fx_5_0; a top-level technique or group may)
        return self._technique_rest(kw, name, annots)

    def _technique_rest(self, kw, name, annots) -> TechniqueDecl:
        self.expect("{")
        tech = TechniqueDecl(name, kw.text, annots, [], None, kw.pos)
        while not self.accept("}"):
            p = self.expect_pass()
            pname = None
            if self.tok.kind == "id" and not self.at("{") and not self.at("<"):
                pname = self.effect_name("pass")
            self.skip_annotations()
            pannots = self._last_annotations
            self.expect("{")
            saved = self._blocks
            self._blocks = []
            entries = self._state_block_entries()
            self._blocks = saved
            tech.passes.append(PassDecl(pname, pannots, entries, p.pos))
        return tech


def _reduction_order(n: A.Node):
    """The expression nodes of ``n``, each after those inside it (the order a bottom-up parser reduces them)."""
    for c in A.children(n):
        yield from _reduction_order(c)
    yield n


def _kind_mismatch(d: A.VarDecl) -> bool:
    from ..shader.hlsl.shaderobj import object_name
    from ..shader.hlsl.types import ObjectType

    made = object_name(d.init)
    return made is not None and isinstance(d.type, ObjectType) and d.type.kind.lower() != made.lower()


def _check_shader_object_kind(d: A.VarDecl) -> None:
    """A shader expression initialises a shader variable of its own kind only: for another object (a texture, a
    sampler, a state object, a string, another shader kind -- ``GeometryShader g = CompileShader(vs_4_0, f());``
    too) d3dcompiler_47 10.1 says X3017 "cannot implicitly convert from 'const PixelShader' to 'const Texture2D'"
    at every target (session 39; a brace list is more permissive, BRACE_ROWS of session 38)."""
    from ..shader.hlsl.shaderobj import object_name
    from ..shader.hlsl.types import ObjectType

    made = object_name(d.init)
    if made is not None and isinstance(d.type, ObjectType) and d.type.kind.lower() != made.lower():
        pos = d.pos
        raise HlslError(pos.file, pos.line, pos.col, 3017,
                        f"cannot implicitly convert from 'const {made}' to 'const {d.type}'")


def check_shader_operands(value: A.Node, named=None) -> None:
    """Raise fxc's error for a shader expression (``compile …`` / ``CompileShader(…)``) used as a number in a pass
    value, a state function's argument or a global's initialiser, at every fx target (d3dcompiler_47 10.1, session
    39): the operators, casts, constructors, swizzles and indices of shader/hlsl/shaderobj.misuse (the shader
    targets' rule: X3022 / X3082 / X3020 / X3017 / X3018 / X3121), and what writes to it: ``++`` / ``--`` either
    side and ``=`` X3025 "l-value specifies const object", a compound assignment X3022."""
    from ..shader.hlsl.codegen import walk
    from ..shader.hlsl.shaderobj import misuse, object_name

    found = misuse(value, named)  # (``named``: Parser.shader_name, a shader variable's or NULL's type)
    if found is not None:
        raise found
    for n in walk(value):
        target = n.target if isinstance(n, A.Assign) else n.a if isinstance(n, (A.Unary, A.Postfix)) else None
        if target is None or object_name(target) is None:
            continue
        if isinstance(n, A.Assign) and n.op != "=":
            raise HlslError(n.pos.file, n.pos.line, n.pos.col, 3022, "scalar, vector, or matrix expected")
        if isinstance(n, A.Assign) or n.op in ("++", "--"):
            raise HlslError(n.pos.file, n.pos.line, n.pos.col, 3025, "l-value specifies const object")


def literal_number(n: A.Node):
    """The Python number a constant state value spells (``1``, ``-0.5f``, ``true``, ``0xFF``), or None."""
    if isinstance(n, A.Literal):
        if isinstance(n.value, bool):
            return int(n.value)
        return n.value
    if isinstance(n, A.Unary) and n.op in "-+" and n.op:
        v = literal_number(n.a)
        if v is None or isinstance(v, str):  # (``-"s"``: no number; the typer's X3022)
            return None
        return -v if n.op == "-" else v
    if isinstance(n, A.Cast):
        return literal_number(n.a)
    return None
