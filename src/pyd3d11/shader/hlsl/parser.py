"""Recursive-descent parser for HLSL (SM4/SM5 grammar): declarations, cbuffers, structs, typedefs,
functions with attributes, statements and the full C-like expression grammar with casts and
constructors. Errors use fxc's X3000 'syntax error' wording with line/column."""

from __future__ import annotations

import math
import re

from . import ast as A
from . import bufregs, regsyntax
from . import modifiers as M
from .classes import derives_class, is_elaborated
from .constexpr import const_value
from .diagnostics import HlslError, Pos
from .early_names import check_names
from .keywords import KEYWORD_NAMES, RESERVED_WORDS
from .lexer import Token, lex
from .namespaces import merge_qualified, parse_namespace, qualify
from .parse_effects import EffectSyntaxParser
from .parse_exprs import ExprParser
from .parse_funcs import FunctionParser
from .parse_sm51 import D3D12_BUFFERS, Sm51Parser
from .parse_stmts import StatementParser
from .parse_types import _LOWER_TEXTURES, _NUMERIC_NAME, TypeParser, const_eval
from .regclass import object_letters
from .salvage import earlier_type_error, salvage_program, salvage_var_list, unreducible_name
from .types import (
    OBJECT_KINDS,
    SCALAR_NAMES,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    array_leaf,
    stream_elements,
)

_INTERP = {"nointerpolation", "linear", "centroid", "noperspective", "sample"}
#: the one form of ``#pragma pack_matrix`` fxc honours (d3dcompiler_47 10.1, session 35): one argument, spelled in
#: lower case, nothing after the parenthesis (``(row_major) extra``, ``(row_major);``, ``(row_major,
#: column_major)`` and ``(ROW_MAJOR)`` change nothing, silently)
_PACK_MATRIX = re.compile(r"#\s*pragma\s+pack_matrix\s*\(\s*(row_major|column_major)\s*\)\s*$")
_RESERVED = {"if", "else", "for", "while", "do", "switch", "case", "default", "break", "continue", "return",
             "discard", "struct", "cbuffer", "tbuffer", "typedef", "true", "false"}
#: geometry-shader primitive types: keywords of fxc's grammar that only a parameter's modifiers may hold
#: (DXC SemaHLSL varmods-syntax: `int point;`, `float4 point g;`, `struct point S`, a `point` global, field,
#: local, typedef or return type are all X3000 "unexpected token 'point'"; two on one parameter X3083)
PRIMITIVE_MODIFIERS = frozenset({"point", "line", "triangle", "lineadj", "triangleadj"})
#: the technique keyword, which fxc's lexer reads in any letter case (DXC SemaHLSL effects-syntax.hlsl:
#: `Technique`, `TechNiQue` pass fxc; `int TechNiQue = 1;` is X3000 at the keyword). ``technique10`` and
#: ``technique11`` are exact spellings: d3dcompiler_47 10.1 fails `Technique10 T { … }` (X3000 "unrecognized
#: identifier") and compiles `int Technique10;` (tests/test_rules_fx_fxc_verdicts_s35.py)
_CASELESS_KEYWORDS = {"technique": "technique"}
#: effect words no declaration may name in any letter case (d3dcompiler_47 10.1: `int PASS;`, `int Asm;`,
#: `int Decl;`, `int TechNiQue;` are X3000 at the name) ...
_CASELESS_RESERVED = frozenset({"technique", "pass", "asm", "decl"})
#: ... and those reserved in this spelling only (`int fxgroup;`, `int CompileShader;`, `int NULL;`, `int String;`
#: are X3000 where `int FxGroup;`, `int compileshader;`, `int null;`, `int STRING;` compile)
_EXACT_RESERVED = frozenset({"technique10", "technique11", "fxgroup", "compile", "CompileShader", "compile_fragment",
                             "stateblock", "stateblock_state", "NULL", "String", "sampler_state"})
#: the Direct3D 10 state objects a ``sampler_state { … }`` block initialises as it does a sampler
_STATE_BLOCK_KINDS = frozenset({"BlendState", "DepthStencilState", "RasterizerState"})
#: type names that are no keywords: MicrosoftDocs "Keywords" lists ``texture`` (lowercase) and not ``Texture``, the
#: D3D9 spelling fxc still takes as a type (vkd3d effect-variables-fx_2: ``Texture tex1;``). Like a typedef name,
#: a declaration may name a variable so (DirectXTK's effects, built by fxc with /WX: ``Texture2D<float4> Texture :
#: register(t0);`` then ``Texture.Sample(…)``); in that variable's scope the name is the variable.
_SHADOWABLE_TYPES = frozenset({"Texture"})
_EFFECT_WORDS = frozenset({"PixelShader", "pixelshader", "VertexShader", "vertexshader", "RenderTargetView",
                           "technique", "technique10", "technique11"})


#: type keywords outside _NUMERIC_NAME and OBJECT_KINDS (MicrosoftDocs "Keywords")
_BUILTIN_TYPE_WORDS = frozenset({"vector", "matrix", "string", "void"})
#: the SM5.1 rasterizer-ordered types, keywords of fxc 10.1's lexer though no object type here
_ROV_WORDS = frozenset({"RasterizerOrderedBuffer", "RasterizerOrderedByteAddressBuffer",
                        "RasterizerOrderedStructuredBuffer", "RasterizerOrderedTexture1D",
                        "RasterizerOrderedTexture1DArray", "RasterizerOrderedTexture2D",
                        "RasterizerOrderedTexture2DArray", "RasterizerOrderedTexture3D"})


#: the keywords a pass's or a ``sampler_state { … }`` block's grammar refuses as a state name, where it reads the
#: object, shader and texture words and ``precise`` / ``point`` / ``sample`` / ``linear`` as names (d3dcompiler_47
#: 10.1, session 47 EFX: ``sampler s = sampler_state { uniform = 1; };`` X3000, ``{ RWTexture2D = 1; }`` compiles;
#: session 48 EFX: ``{ TriangleStream = 1; }`` compiles, ``line``, ``lineadj``, ``triangleadj`` are X3000 there)
PASS_REFUSED_WORDS = frozenset({
    "uniform", "static", "const", "extern", "volatile", "in", "out", "inout", "inline", "shared", "groupshared",
    "row_major", "column_major", "nointerpolation", "noperspective", "centroid", "snorm", "unorm", "export",
    "PointStream", "LineStream", "InputPatch", "OutputPatch", "class", "interface", "typedef",
    "namespace", "register", "packoffset", "unsigned", "asm_fragment", "compile_fragment", "if", "else", "return",
    "do", "for", "while", "switch", "case", "default", "break", "continue", "discard", "triangle", "line", "lineadj",
    "triangleadj"}) | RESERVED_WORDS


def lexer_keyword(n: str) -> bool:
    """A word fxc's lexer makes a token of its own (no identifier), as :meth:`Parser._decl_name` refuses it: the
    object types (``texture``, ``sampler``, ``Texture2D``, ``RWBuffer``, ``PointStream``, ``vertexshader``), the
    other type, effect, statement and modifier keywords -- not the numeric type names (``float``, ``half``,
    ``dword``), ``Texture`` or ``geometryshader``. A state object's block takes none as a state name
    (parse_effects.state_name; d3dcompiler_47 10.1, session 47 EFX)."""
    if n in _SHADOWABLE_TYPES or n == "geometryshader" or _NUMERIC_NAME.match(n):
        return False
    return (n in OBJECT_KINDS or n in _BUILTIN_TYPE_WORDS or n in _LOWER_TEXTURES or n in _ROV_WORDS
            or n.lower() in _CASELESS_RESERVED or n in _EXACT_RESERVED or n in _RESERVED or n in RESERVED_WORDS
            or n in PRIMITIVE_MODIFIERS or n in _EFFECT_WORDS or n in KEYWORD_NAMES
            or n in M.MODIFIER_WORDS and n not in M.CONTEXTUAL_MODIFIERS)


class Parser(TypeParser, FunctionParser, StatementParser, Sm51Parser, EffectSyntaxParser, ExprParser):
    def __init__(self, tokens: list[Token], target: str | None = None, pack: bool | None = None):
        # ``#pragma`` lines may stand anywhere, even inside a declaration: they are taken out of the
        # token stream, and ``pack_at[i]`` keeps the pack_matrix orientation in force at token i
        self.toks: list[Token] = []
        self.pack_at: list[bool | None] = []
        # ``pack``: the majority a compile flag (/Zpr, /Zpc) sets, in force from the first token as a pragma
        # would be: a typedef declared before any pragma keeps it (d3dcompiler_47 10.1 under /Zpr: ``typedef
        # float4x4 T;`` then ``#pragma pack_matrix(column_major)`` leaves T row-major; without a flag T
        # follows the pragma where it is used)
        for t in merge_qualified(tokens):  # ``N :: f`` of a namespace N is one name (namespaces.py)
            if t.kind == "id" and t.text.lower() in _CASELESS_KEYWORDS and t.text not in _CASELESS_KEYWORDS.values():
                t = Token(t.kind, _CASELESS_KEYWORDS[t.text.lower()], t.pos)
            if t.kind == "pragma":
                m = _PACK_MATRIX.match(t.text)
                if m:
                    pack = m.group(1) == "row_major"
                continue
            self.toks.append(t)
            self.pack_at.append(pack)
        self.i = 0
        self.types: dict[str, Type] = {}
        self.pack_row_major = False  # the whole-file default stays the compile flags' (see parse_type)
        self.func_names: set[str] = set()
        #: local class declarations (parse_stmts.parse_decl_stmt; A.Program.local_types)
        self.local_types: list[A.TypeDecl] = []
        #: static data members: (type name, member) -> [type, declaring token, modifiers, defined?]
        self.static_members: dict[tuple[str, str], list] = {}
        #: the function whose body is being parsed: (its name as fxc prints it, an instance method?) -- ``S::m`` of an
        #: instance member is judged by it (instance_member_ref)
        self.function_context: tuple[str, bool] | None = None
        #: ``S::m`` operands naming an instance member: (line, column, name) -> the type rule's (number, message),
        #: raised where the code generator reads them (Program.member_refs)
        self.member_refs: dict[tuple[int, int, str], tuple[int, str]] = {}
        self.pending_globals: list[A.Node] = []  # static const members defined in their type, emitted before it
        #: the _SHADOWABLE_TYPES names declared as variables in the scopes open here (they are not types there)
        self.shadowed: set[str] = set()
        #: the names declared as variables or parameters in the scopes open here and not hidden since by a type of
        #: the name in an inner scope: such a name is an operand even where it also names a type (exprs.py's rule
        #: for a type name read as an operand)
        self.value_names: set[str] = set()
        self.member_consts: list[tuple[str, object]] = []  # (bare name, shadowed constant) while in a type
        self.register_clean = True
        self.register_space = 0
        #: register() spelling errors, judged after the parse (regsyntax.py): X3089 profiles, X3530 global names
        self.register_profile_errors: list = []
        self.register_name_errors: list = []
        self.register_param_errors: list = []  # (function, error): a D3D9 entry point's parameters
        #: a buffer's register() and its members' packoffset(), judged with the names (bufregs.py); then the
        #: buffers that mix packoffset members with others
        self.layout_errors: list = []
        self.mix_errors: list = []
        self.register_tok = None  # the name token of the last register() parsed
        self.mod_toks: dict[str, Token] = {}
        self.dup_usage: Token | None = None  # a repeated in/out/inout seen by parse_mods
        #: the compile target (``ps_5_0``): ``register(profile, …)`` bindings apply only where it matches
        self.target = target
        #: the target declarations are judged for (an effect file's fx_4_x: see compile_hlsl's file_target)
        self.file_target = target
        #: whether an effect file's own declarations are parsed (effects.fxparse.EffectParser): parse_cbuffer
        self.effect_declarations = False
        self.register_profile: str | None = None  # profile of the last register() parsed
        self.warnings: list[tuple[Pos, int, str]] = []  # (position, X number, message)
        #: how many attribute lists (``[...]``, ``[]`` too) the last parse_attributes read (session 43, helper ACC)
        self.attribute_lists = 0
        self.func_bodies: list[tuple[Pos, Pos]] = []  # (opening, closing brace) of each function definition
        self.nesting = 0
        #: blocks open around the token being read (0: the global scope)
        self.block_depth = 0
        #: the struct and typedef names each open scope declared, the global scope's first (a block may declare a
        #: type of a name an outer scope holds: fxc 10.1 compiles a local ``typedef float T;`` under a global one)
        self.type_scopes: list[set[str]] = [set()]
        #: what each global name is: "variable", "function" or "type" (one name space: declare_global)
        self.global_kinds: dict[str, str] = {}
        #: the global declarations parsed so far (parse_program's list: what a state value's names stand for)
        self.program_decls: list[A.Node] = []
        #: the modifiers of the local declaration being read (None outside one)
        self.local_mods: set | None = None
        self._struct_stack: list[StructType] = []  # the structs whose bodies are being parsed, outermost first
        self.consts: dict = {}  # name -> constexpr.ConstValue of const variables (array sizes)
        self.state_values: list = []  # values in effect state blocks, type-checked later (check.py)
        #: every expression node as it is completed, operands first: what fxc had type-checked when a parse
        #: error stops the file (salvage.py)
        self.expr_log: list[A.Node] = []
        self.var_list_mark = 0
        self.cbuffer_depth = 0  # cbuffer / tbuffer member lists being read (a packoffset's only place)
        self.salvage_cut: Pos | None = None
        self.ns_path, self.ns_locals, self.ns_resolved = [], set(), []  # namespaces.py: open, hiding, resolved

    # --- token helpers ----------------------------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Token:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def next(self) -> Token:
        t = self.toks[self.i]
        if t.kind != "eof":
            self.i += 1
        return t

    def at(self, text: str) -> bool:
        t = self.tok
        return t.text == text and t.kind in ("op", "id")

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.i += 1
            return True
        return False

    def ended(self, node: A.Node) -> A.Node:
        """Record on an expression node where its text ends: ``node.end`` = (line, last column) of the last token
        consumed, for fxc's ``(line,col-end)`` ranges (diagnostics.py). An inner node keeps its own end (a
        parenthesised expression ends at its last operand)."""
        if getattr(node, "end", None) is None and self.i:
            t = self.toks[self.i - 1]
            node.end = (t.pos.line, t.pos.col + len(t.text) - 1)
        self.expr_log.append(node)
        if isinstance(node, (A.Ident, A.Call)) and self.salvage_cut is None and unreducible_name(self, node.name):
            self.salvage_cut = node.pos  # fxc's syntax error stands here (salvage.py)
        return node

    def error(self, msg: str | None = None, tok: Token | None = None, code: int = 3000) -> HlslError:
        t = tok or self.tok
        if msg is None:
            msg = "syntax error: unexpected end of file" if t.kind == "eof" else \
                f"syntax error: unexpected token '{t.text}'"
        return HlslError(t.pos.file, t.pos.line, t.pos.col, code, msg)

    def expect(self, text: str) -> Token:
        if not self.at(text):
            raise self.error()
        return self.next()

    def expect_pass(self) -> Token:
        """A technique's ``pass`` keyword, read in any letter case as ``technique`` is (the DirectX SDK's D3D9
        sample PIXGameDebugging.fx writes ``Technique Caustic { Pass P0 { … } }``)."""
        if self.tok.kind != "id" or self.tok.text.lower() != "pass":
            raise self.error()
        return self.next()

    def ident(self) -> Token:
        t = self.tok
        if t.kind != "id" or t.text in _RESERVED or t.text in RESERVED_WORDS or t.text in PRIMITIVE_MODIFIERS or \
                t.text in _EFFECT_WORDS or t.text in KEYWORD_NAMES or t.text == "export":
            raise self.error()
        return self.next()

    def decl_name(self, local: bool = False, scope: str = "") -> Token:
        tok = self._decl_name(local, scope)
        if local:
            self.ns_locals.add(tok.text)
        return qualify(self, tok) if scope == "global" and not self._struct_stack else tok

    def _decl_name(self, local: bool = False, scope: str = "") -> Token:
        """The name a declaration introduces (variable, parameter, member, function). MicrosoftDocs "Keywords":
        the built-in type names — the numeric types with their vector/matrix expansions, ``vector``, ``matrix``,
        ``string``, ``void`` and the object types — are keywords, and "you can't use them as identifiers": fxc
        stops at the name (X3000 "unexpected token"). Exceptions: ``geometryshader`` (vkd3d's Windows-verified
        effect-shader-objects-fx_5 compiles ``float4 geometryshader;``) and ``_SHADOWABLE_TYPES``.

        ``scope`` "global" (a global variable, typedef, struct, class or interface tag): fxc's parser reads a numeric
        type's name there as a name declared again, X3003 "redefinition of 'half'" (d3dcompiler_47 10.1, session
        40: ``float4 half;``, ``struct A { … } float4 main()`` -- the missing ``;`` declares a variable ``float4``;
        a function's name: parse_function); the object types and ``vector`` / ``matrix`` / ``string`` / ``void``
        stay its syntax error."""
        n = self.tok.text
        if scope and self.tok.kind == "id" and _NUMERIC_NAME.match(n) and n not in self.shadowed:
            raise self.error(f"redefinition of '{n}'", code=3003)
        if local and self.tok.kind == "id" and _NUMERIC_NAME.match(n):
            # a local, parameter or member may take a numeric type's name (d3dcompiler_47 10.1: ``float half =
            # 0.5;``, ``float4 f(float4 float4 : T)``, ``struct S { float int; }``); until its scope closes the
            # name is that variable, no type (``half h2;`` after it is X3000), a global of the name is X3003
            self.shadowed.add(n)
            return self.next()
        if self.tok.kind == "id" and n not in _SHADOWABLE_TYPES and n != "geometryshader" and \
                (n in OBJECT_KINDS or _NUMERIC_NAME.match(n) or n in _BUILTIN_TYPE_WORDS or n in _LOWER_TEXTURES):
            raise self.error()
        if self.tok.kind == "id" and (n.lower() in _CASELESS_RESERVED or n in _EXACT_RESERVED):
            raise self.error()
        if self.tok.kind == "id" and n in M.MODIFIER_WORDS and n not in M.CONTEXTUAL_MODIFIERS:
            # a storage, interpolation or parameter modifier is no name (d3dcompiler_47 10.1, session 45: ``typedef
            # int linear;``, ``typedef int in;``; ``sample`` / ``precise`` may name a type or variable)
            raise self.error()
        if self.tok.kind == "id" and n.lower() == "string":  # `int STRING;`: a variable, no type, in its scope
            self.shadowed.add(n)
        return self.ident()

    # --- types ------------------------------------------------------------------------------------
    def parse_mods(self) -> set:
        mods = set()
        while self.tok.kind == "id" and self.tok.text in M.MODIFIER_WORDS:
            # 'sample'/'point'/'line' etc. are also valid identifiers; treat as modifier only before a type
            # ... and a struct or typedef of the name makes it that type (d3dcompiler_47 10.1: ``struct precise {
            # float a; }; precise s;``, ``typedef float sample; sample x;``)
            if self.tok.text in M.CONTEXTUAL_MODIFIERS and not \
                    (self.is_type_start(1) or self.peek().text in M.MODIFIER_WORDS and self.tok.text not in self.types):
                break
            if self.tok.text == "export" and (mods or self.block_depth):
                # fxc's grammar takes ``export`` only as the first word of a global or member declaration
                # (reject_export): after another modifier or in a block it is the unexpected token
                raise self.error()
            tok = self.next()
            if tok.text in PRIMITIVE_MODIFIERS and mods & PRIMITIVE_MODIFIERS:
                raise self.error("conflicting geometry types", tok, 3083)
            if tok.text in mods and tok.text not in ("snorm", "unorm"):
                # any modifier written twice (d3dcompiler_47 10.1, session 35: ``static static``, ``const const``,
                # ``row_major row_major``, ``precise precise``, ``linear linear`` ... at every site they may stand)
                raise self.error("duplicate usages specified", tok, 3048)
            if tok.text in ("snorm", "unorm") and tok.text in mods:  # part of the type: one only (fxc X3000 at
                raise self.error(None, tok)                          # the second, DXC scalar-assignments)
            if tok.text in ("snorm", "unorm") and self.tok.text in M.MODIFIER_WORDS and self.tok.text not in self.types:
                # the word binds to the type that follows it: any modifier after it is fxc's syntax error there
                # (d3dcompiler_47 10.1, session 48: ``unorm const float``, ``snorm static float``, ``unorm precise``,
                # ``unorm nointerpolation float`` are X3000 at the modifier; ``const unorm float`` compiles)
                raise self.error(None, self.tok)
            self.mod_toks[tok.text] = tok  # where a misplaced modifier is reported (modifiers.py)
            if tok.text in ("in", "out", "inout") and (tok.text in mods or "inout" in mods or
                                                      tok.text == "inout" and mods & {"in", "out"}):
                self.dup_usage = tok  # ``out out`` / ``inout out``: fxc X3048 on a parameter
            mods.add(tok.text)
        return mods

    def reject_export(self, mods: set, after_name: bool = False) -> None:
        """``export`` begins a function's declaration only (d3dcompiler_47 10.1, session 45: ``export float4
        f()`` compiles at every target, a struct's method too): on a parameter or a typedef fxc stops at the word;
        on a global, a cbuffer or struct member (``after_name``: the cursor is past the declared name) at the
        token where the declaration turns out no function (``export float4 g;`` at ';', ``export struct S`` at S)."""
        if "export" in mods:
            raise self.error(tok=None if after_name else self.mod_toks.get("export"))

    def _early_global_mods(self, mods: set, name_tok: Token) -> None:
        """A global's modifier conflicts that fxc reports as its name is read, before the array suffix, the
        semantics, the annotations, the initialiser or the state block (d3dcompiler_47 10.1 at ps_4_0 and every fx
        target, session 47 EFX: ``volatile float f { foo = (sampler)bar; };`` X3008, ``inline float f < int a =
        undeclared; >;`` X3055, ``extern static float f = 1 +;`` X3007, ``in float2 a[2] { {}, {} };`` X3000 at
        ``in``): in / out / a primitive word, then modifiers.GLOBAL_RULES, then the interpolation conflict (X3048);
        the initialiser's X3012 waits for the declaration's end (check_mods)."""
        fm = frozenset(mods)
        bad = next((m for m in sorted(fm & PRIMITIVE_MODIFIERS)), None) or M.misplaced_in_out(fm)
        if bad is not None:
            raise self.error(None, self.mod_toks.get(bad))
        hit = M.first_violation(M.GLOBAL_RULES, fm, name_tok.text) or M.interpolation_conflict(fm)
        if hit is not None:
            raise HlslError(name_tok.pos.file, name_tok.pos.line, name_tok.pos.col, hit[0], hit[1])

    def check_mods(self, kind: str, mods: set, name: str, pos: Pos, has_init: bool = False,
                   t: Type | None = None) -> None:
        """Storage-class / interpolation modifier rules of one declaration (modifiers.py); ``t``: its type, for
        the objects that need an initialiser."""
        fm = frozenset(mods)
        if kind != "param":
            bad = next((m for m in sorted(fm & PRIMITIVE_MODIFIERS)), None) or M.misplaced_in_out(fm)
            if bad is not None:
                raise self.error(None, self.mod_toks.get(bad))
        if kind == "param":
            bad = next((m for m in M.PARAM_SYNTAX_ERRORS if m in fm), None)
            if bad is not None:
                raise self.error(None, self.mod_toks.get(bad))
        elif kind == "typedef":
            bad = next((m for m in M.TYPEDEF_SYNTAX_ORDER if m in fm and m not in M.TYPEDEF_ALLOWED), None)
            if bad is not None:
                raise self.error(None, self.mod_toks.get(bad))
        rules = {"global": M.GLOBAL_RULES, "local": M.LOCAL_RULES, "loop": M.LOOP_RULES, "field": M.FIELD_RULES,
                 "function": M.FUNCTION_RULES}.get(kind)
        hit = M.first_violation(rules, fm, name) if rules else None
        hit = hit or M.interpolation_conflict(fm)
        if hit is None and M.needs_initializer(kind, fm, has_init):
            hit = 3012, f"'{name}': missing initial value"
        if hit is None and t is not None:
            hit = M.object_initializer(kind, fm, t, name, has_init) or M.resource_mix(kind, fm, t, name, has_init)
        if hit is not None:
            raise HlslError(pos.file, pos.line, pos.col, hit[0], hit[1])

    def check_static_member(self, owner: str, name: str, mods: set, tok: Token, t: Type) -> bool:
        """A static data member only declares the variable (it takes no room in an instance): it needs a
        definition outside the type, ``float S::x = 1;``, which makes it the global static ``S::x``; without
        one fxc reports X3103 "'S::name': variable declared but not defined" (DXC varmods-syntax), checked
        at the end of the program (undefined_static_members). True for a static member."""
        if "static" not in mods:
            return False
        entry = [t, tok, set(mods), False]
        self.static_members[(owner, name)] = entry
        if "const" in mods and self.accept("="):
            # an in-class initialiser of a static const member defines it (C++'s rule for const integral
            # members, extended as GNU C++ did to floating types; fxc accepts ``static const uint N = 6;`` in
            # a struct, glslang issue 864 / DXC issue 664): the global ``Owner::name``, and within the rest of
            # the type its bare name as a constant (``float4 c[N];``). A non-const one stays a syntax error.
            init = self.parse_initializer()
            entry[3] = True
            qual = f"{owner}::{name}"
            self.pending_globals.append(A.VarDecl(tok.pos, qual, t, frozenset((set(mods) | {"static"}) -
                                                                               {"extern", "uniform"}), init=init))
            cv = const_value(t, init, self.consts)
            if cv is not None:
                self.consts[qual] = cv
                self.member_consts.append((name, self.consts.get(name)))
                self.consts[name] = cv
        return True

    def end_member_consts(self, mark: int) -> None:
        """Leave a type's scope: its static const members' bare names stop naming constants."""
        while len(self.member_consts) > mark:
            name, old = self.member_consts.pop()
            if old is None:
                self.consts.pop(name, None)
            else:
                self.consts[name] = old

    def undefined_static_members(self) -> HlslError | None:
        """X3103 of the first static member left undefined, returned: fxc reports it once the file is read, after
        every type rule (an uncalled function's X3004, a member access's X3018) and before code generation's
        refusals (a loop's X3511, a double's X3651; d3dcompiler_47 10.1, session 45). An effect file's is raised."""
        for (owner, name), (_t, tok, _m, defined) in self.static_members.items():
            if not defined:
                err = self.error(f"'{owner}::{name}': variable declared but not defined", tok, 3103)
                if self.effect_declarations or (self.file_target or "").startswith("fx_"):
                    raise err
                return err
        return None

    def parse_static_member_definition(self, base: Type, mods: set) -> list[A.Node]:
        """``float S::x = 1;`` at global scope: the definition of static data member ``x`` of ``S`` (C++'s
        out-of-class definition; ``static`` may be repeated, fxc being lenient with storage classes). It is a
        global static named ``S::x``, which ``S::x`` in an expression reads."""
        owner_tok = self.next()
        self.expect("::")
        name_tok = self.ident()
        entry = self.static_members.get((owner_tok.text, name_tok.text))
        if entry is None:
            raise self.error(f"'{owner_tok.text}::{name_tok.text}': not a static member of '{owner_tok.text}'",
                             name_tok, 3000)
        t = self._apply_major(self.parse_array_suffix(base), mods)
        if str(t) != str(entry[0]):  # fxc's rule for a mismatch is not recorded: a redefinition (inferred)
            raise self.error(f"'{owner_tok.text}::{name_tok.text}': redefinition with a different type", name_tok,
                             3003)
        if entry[3]:
            raise self.error(f"redefinition of '{owner_tok.text}::{name_tok.text}'", name_tok, 3003)
        entry[3] = True
        init = self.parse_initializer() if self.accept("=") else None
        self.expect(";")
        all_mods = frozenset((mods | entry[2] | {"static"}) - {"extern", "uniform"})
        return [A.VarDecl(name_tok.pos, f"{owner_tok.text}::{name_tok.text}", t, all_mods, init=init)]

    def state_block_list_type(self, t: Type, blocks: int, name_tok: Token) -> Type:
        """The type of an array initialised by ``= { sampler_state { … }, … }`` of ``blocks`` blocks: one block per
        element below shader model 5.1 (``sampler s[2][2]`` takes 4, an unsized ``s[]`` is sized by them), one
        block at 5.1, where an object array counts as one component (the effect targets judge it their way);
        another count is X3017 "'s': initializer does not match type" as the declaration is read, before a later
        syntax error (d3dcompiler_47 10.1, session 46)."""
        if (self.file_target or "").startswith("fx_") or self.effect_declarations:
            return t
        leaf = array_leaf(t)
        if (self.target or "").endswith("_5_1") and "ampler" in leaf.kind:
            want = 1  # (a state object's array -- ``BlendState b[2]`` -- still takes a block per element)
        elif isinstance(t, ArrayType) and t.count == 0:
            return ArrayType(t.elem, blocks) if blocks else t
        else:
            want = max(1, _flat_count(t))
        if blocks != want:
            raise self.error(f"'{name_tok.text}': initializer does not match type", name_tok, 3017)
        return ArrayType(t.elem, 1) if isinstance(t, ArrayType) and t.count == 0 else t

    def post_type_mods(self) -> set:
        """Modifiers written after the type: none may follow it (fxc: X3000 at the modifier; DXC typemods-syntax
        for the type modifiers; d3dcompiler_47 10.1, session 45, for every other one -- ``float4 nointerpolation x``,
        ``float4 const g = 1;``, ``float4 uniform x`` as a parameter, global, local or member). A contextual word
        (``sample``, ``precise``, ``center``, ...) with no type after it is the declared name instead."""
        post = self.parse_mods()
        if post:
            first = min((self.mod_toks[m] for m in post if m in self.mod_toks), key=lambda t: (t.pos.line, t.pos.col),
                        default=None)
            raise self.error(None, first)
        return post

    def check_type_mods(self, mods: set, t: Type, type_tok: Token) -> None:
        """row_major/column_major and snorm/unorm against the declared type (modifiers.py)."""
        def at(m: str) -> tuple[int, int]:
            k = self.mod_toks[m]
            return k.pos.line, k.pos.col

        norms = [m for m in ("snorm", "unorm") if m in mods and m in self.mod_toks]
        if len(norms) == 2:  # the later of the two is the unexpected token
            raise self.error(None, self.mod_toks[max(norms, key=at)])
        # the majority comes before snorm/unorm (``snorm row_major float2x3`` stops at row_major)
        late = [m for m in ("row_major", "column_major") if m in mods and m in self.mod_toks and norms and
                at(m) > at(norms[0])]
        if late:
            raise self.error(None, self.mod_toks[late[0]])
        elem = t
        while isinstance(elem, ArrayType):
            elem = elem.elem
        kind = "typedef" if type_tok.text in self.types else "template" if type_tok.text in ("matrix", "vector") \
            else "plain"
        hit = M.type_modifier_violation(frozenset(mods), elem, kind)
        if hit is None:
            return
        if hit[0] == 3000:
            raise self.error(None, type_tok)
        raise HlslError(type_tok.pos.file, type_tok.pos.line, type_tok.pos.col, hit[0], hit[1])

    def parse_attributes(self, statement: bool = False) -> dict:
        attrs: dict = {}
        ignored: list[tuple[Token, str]] = []  # statement attributes fxc ignores with its X3554 warning
        toks: dict[str, Token] = {}
        spelled: list[tuple[Token, str]] = []  # every attribute as written, in order
        self.attribute_lists = 0
        while self.at("[") and self.peek().kind == "id" or self.at("[") and self.peek().text == "]":
            self.attribute_lists += 1
            if self.peek().text == "]":  # ``[]``: an empty list, ignored before a function, a method or a statement
                self.i += 2  # (d3dcompiler_47 10.1, session 43, helper ACC)
                continue
            self.next()
            at = self.tok
            raw = self.next().text
            name = raw.lower()
            if name == "numthreads" and raw != "numthreads":  # fxc: this one is case-sensitive
                name = "numthreads:" + raw
            if name == "rootsignature" and raw != "RootSignature":  # so is this one (X4615 only for this spelling)
                name = "rootsignature:" + raw
            args: list = []
            if self.accept("("):
                if self.at(")"):  # ``[domain()]``: an empty argument list is a syntax error in fxc
                    raise self.error()
                while not self.accept(")"):
                    e = self.parse_assign()
                    check_names(self, e, local=statement)
                    args.append(e)
                    if not self.at(")"):
                        self.expect(",")
            self.expect("]")
            spelled.append((at, raw))
            if statement:
                # fxc 10.1 knows a statement attribute by its exact (lower-case) name: [Unroll] / [UNROLL] / [Branch]
                # are unknown and ignored with X3554, so [UNROLL] [loop] compiles (session 38)
                if raw not in M.STATEMENT_ATTRIBUTES:  # ignored, as fxc does, with its warning
                    ignored.append((at, raw))
                    continue
                if name == "unroll" and args:
                    v = const_eval(args[0])
                    if isinstance(v, (int, float)) and not isinstance(v, bool) and v < 0:
                        raise self.error("cannot match attribute unroll, non-uint parameters found", at, 3084)
                    a0 = args[0]
                    if isinstance(a0, A.Literal) and (isinstance(a0.value, str) or
                                                      a0.base in ("lit_float", "float", "double")):
                        # a float or string count: the attribute is ignored (a named constant still counts),
                        # then reported as not matching the statement (DXC's attributes.hlsl: both warnings)
                        self.warnings.append((at.pos, 3554, "cannot match attribute unroll, parameter 1 is "
                                                            "expected to be of type int"))
                        ignored.append((at, raw))
                        continue
            if not statement and raw in (r for _, r in spelled[:-1]):
                # a function attribute spelled twice in one list, any name, case-sensitive: ERR_DUPLICATE_ATTRIBUTE
                # 3524 where fxc compiles the function (check.check_duplicate_attribute); the first stays
                attrs.setdefault("$duplicate", (raw, at.pos))
                continue
            if not statement and name in attrs:  # another spelling of one attribute ([domain] [DOMAIN]): compiles
                continue
            attrs[name] = args
            toks[name] = at
        if statement and (attrs or ignored):
            # an attribute the following statement does not take is ignored with X3554 (MicrosoftDocs lists
            # each statement's attributes; fxc's text for a loop ends with its list, DXC attributes.hlsl)
            valid, listed = M.statement_attributes(self.tok.text if self.tok.kind == "id" else "")
            for name in [n for n in attrs if n not in valid]:
                ignored.append((toks[name], toks[name].text))
                del attrs[name]
            for at, raw in sorted(ignored, key=lambda x: (x[0].pos.line, x[0].pos.col)):
                self.warnings.append((at.pos, 3554, f"unknown attribute {raw}, or attribute invalid for this "
                                                    f"statement{listed}"))
            conflict = M.statement_attribute_conflict(spelled, valid, self.tok.text)
            if conflict is not None:  # judged where the statement is compiled (cgstmts), as fxc does
                attrs["$conflict"] = conflict
        return attrs

    # --- top level --------------------------------------------------------------------------------
    def parse_program(self) -> A.Program:
        decls: list[A.Node] = []
        self.program_decls = decls
        start = self.tok.pos
        while self.tok.kind != "eof":
            if self.accept(";"):
                continue
            mark, first = len(self.expr_log), self.i
            try:
                got = self.parse_toplevel()
            except HlslError as exc:
                # fxc type-checks as it parses: a type error before this error comes first (salvage.py)
                salvage_program(self, exc, decls + self.pending_globals, start, mark)
                if self.effect_declarations or (self.file_target or "").startswith("fx_"):
                    # an effect file's checks are the effect compiler's too (effects/fxsalvage.py): it reads
                    # the record and where the failed declaration began
                    if not hasattr(exc, "salvage_first_token"):
                        exc.salvage_first_token = first
                    raise
                found = earlier_type_error(exc)
                if found is None:
                    raise
                raise found from None
            decls.extend(self.pending_globals)
            self.pending_globals.clear()
            decls.extend(got)
        late = self.undefined_static_members()
        if late is not None:
            # fxc declares the member's variable with the type, so every read or write of ``S::x`` type-checks
            # as the variable's and X3103 waits for the file's end (d3dcompiler_47 10.1, session 46: ``return
            # apple::bb;`` of an undefined member is X3103, not X3004); the late error stops the compile before
            # code generation, so this storage is never laid out
            # (``$declared_only``: an instance's ``a.bb`` still names no field, X3018: exprs.static_member_key)
            decls[:0] = [A.VarDecl(tok.pos, f"{owner}::{name}", t, frozenset((mods | {"static", "$declared_only"}) -
                                                                              {"extern", "uniform"}))
                         for (owner, name), (t, tok, mods, defined) in self.static_members.items() if not defined]
        return A.Program(start, decls, self.pack_row_major, self.state_values, self.warnings, self.func_bodies,
                         any(t.text == "precise" for t in self.toks), late, self.member_refs, self.local_types)

    def parse_toplevel(self) -> list[A.Node]:
        pos = self.tok.pos
        if self.tok.text == "namespace" and self.tok.kind == "id":
            return parse_namespace(self)
        attrs = self.parse_attributes()
        attributed = self.attribute_lists  # only a function may follow (attributed.py; session 43, helper ACC)
        if attributed:
            from .attributed import check_attributed_declaration

            check_attributed_declaration(self)
        # fx_5_0's `single` modifier, unless a typedef made it a type (then `single cbuffer` is an error), and the
        # effect-pool `shared` (Effects 11 has no pools: a shared buffer is an ordinary one)
        if self.tok.text in ("single", "shared") and self.peek().text in ("cbuffer", "tbuffer") and \
                self.tok.text not in self.types:
            self.next()
        if self.at("cbuffer") or self.at("tbuffer"):
            hoisted: list[A.Node] = []
            mark = len(self.register_name_errors)
            buffer = self.parse_cbuffer(hoisted)
            if getattr(self, "d3d9_target", None) is None:  # from 4.0 fxc reads no member's register() name
                del self.register_name_errors[mark:]
            return [buffer, *hoisted]
        if self.tok.text in ("technique", "technique10", "technique11", "fxgroup") and self.tok.kind == "id":
            self.parse_technique()
            return []
        if self.tok.text == "stateblock" and self.peek(2).text == "=" and self.peek(3).text == "stateblock_state":
            self.i += 4  # D3D9 effect state blocks (MicrosoftDocs "Keywords"): syntax only (effects/fx2compile.py)
            self.expect("{")
            self._state_block_entries()
            self.expect(";")
            return []
        if self.accept("typedef"):
            mods = self.parse_mods()
            self.reject_export(mods)
            self.check_mods("typedef", mods, "", pos)
            type_tok = self.tok
            base = self.parse_type()
            self.check_type_mods(mods, base, type_tok)
            while True:
                ntok = self.decl_name(scope="" if self.block_depth else "global")
                name = ntok.text
                t = self._apply_major(self.parse_array_suffix(base), mods)
                a = t
                while isinstance(a, ArrayType):  # no initialiser can ever size a typedef's array (X3072)
                    if a.count == 0:
                        raise self.error("array dimensions of type must be explicit", ntok, 3072)
                    a = a.elem
                # any second typedef of a name fails, even of the same type (DXC's typemods-syntax records fxc's
                # X3003 for `row_major t_mat_sno` over an identical earlier typedef)
                if name in self.type_scopes[-1]:
                    raise self.error(f"redefinition of '{name}'", ntok, 3003)
                if self.block_depth == 0:
                    self.declare_global(name, "type", ntok)
                self.type_scopes[-1].add(name)
                self.value_names.discard(name)  # the type hides a variable of an outer scope
                if isinstance(t, StructType) and not t.name and t.scoped_name is None:
                    # an anonymous struct reflects under the name its typedef gives it: `typedef struct { ... } T;`
                    # is "T" (fxc 10.1 under Wine, session 35: tests/test_rules_hlsl_fxc_layout_names.py)
                    t.scoped_name = name
                self.types[name] = t
                if not self.accept(","):
                    break
            self.expect(";")
            return []
        mods = self.parse_mods()
        if self.at_d3d12_buffer():  # ConstantBuffer<S> / TextureBuffer<S> globals (parse_sm51)
            return self.parse_d3d12_buffers(mods, pos)
        if self.at("struct") and self.peek().kind == "id" and (self._struct_has_methods() or derives_class(self)):
            from .classes import parse_type_decl  # a struct with member functions is a class without access

            return parse_type_decl(self, mods, pos)
        if self.at("struct") and self.peek().kind == "id" and self.peek(2).text in ("{", ":") or \
                self.at("struct") and self.peek().text == "{":
            bad = next((m for m in sorted(frozenset(mods) & PRIMITIVE_MODIFIERS)), None)
            if bad is not None:  # before a struct definition too (DXC varmods-syntax: `point struct S {`)
                raise self.error(None, self.mod_toks.get(bad))
            if "export" in mods:
                raise self.error(tok=self.peek())  # (reject_export: at the struct's name or brace)
            st = self.parse_struct()
            if not st.name and self.at(";"):
                raise self.error("an anonymous struct must declare a variable", code=3000)
            if self.accept(";"):
                return []
            if self.tok.kind == "id" and self.tok.text in self.types:
                # ``struct S { ... } S g;``, ``... } S;``: a declarator named like a type is fxc's X3003, before the
                # syntax error at the name after it (d3dcompiler_47 10.1, session 49)
                raise self.error(f"redefinition of '{self.tok.text}'", self.tok, 3003)
            return self.parse_var_list(st, mods, pos)
        if (self.at("class") or self.at("interface")) and self.peek().kind == "id" and not is_elaborated(self):
            from .classes import parse_type_decl

            return parse_type_decl(self, mods, pos)
        if not self.is_type_start():
            raise self.error()
        type_tok = self.tok
        base = self.parse_type()
        mods |= self.post_type_mods()
        self.check_type_mods(mods, base, type_tok)
        if self.tok.kind == "id" and self.peek().text == "::" and (self.peek(2).kind != "id" or
                                                                   self.peek(3).text != "("):
            return self.parse_static_member_definition(base, mods)
        if self.tok.kind == "id" and self.peek().text == "::":  # out-of-class method definition
            from .classes import parse_method_definition

            return parse_method_definition(self, base, mods, attrs, pos)
        if self.tok.kind == "id" and self.peek().text == "(":
            self.check_mods("function", mods, self.tok.text, self.tok.pos)
            self.toks[self.i] = qualify(self, self.tok)  # ``N::f`` in a namespace (namespaces.py)
            self.global_function = True  # (parse_funcs._second_definition: X3003 as the body starts)
            return [self.parse_function(self._apply_major(base, mods), mods, attrs, pos)]
        if attributed:  # an attributed variable (session 43, helper ACC)
            from .attributed import not_a_function

            raise not_a_function(self)
        decls = self.parse_var_list(base, mods, pos)
        for d in decls:
            if isinstance(d, A.VarDecl):
                self.declare_global(d.name, "variable", Token("id", d.name, d.pos))
                self.check_mods("global", mods, d.name, d.pos, d.init is not None, d.type)
                if M.const_global_initializer(mods, d.init is not None):
                    self.warnings.append((d.pos, 3207, M.CONST_GLOBAL_INITIALIZER))
        return decls

    def parse_cbuffer(self, hoisted: list[A.Node]) -> A.CBufferDecl:
        """A ``cbuffer``/``tbuffer`` block. Functions defined or declared in it are global functions (DXC PR
        1012: fxc accepted them) and a nested block is a buffer of its own, bound after this one (hlsl-specs
        issue 357's FXC comparison): both go to ``hoisted``, which follows this buffer among the globals."""
        kind = self.next().text
        # a buffer's name is in no scope: a numeric type's name may name it and stays a type (d3dcompiler_47
        # 10.1 compiles ``cbuffer float { float x; } float y;``)
        numeric = self.tok.kind == "id" and _NUMERIC_NAME.match(self.tok.text)
        name_tok = qualify(self, self.next() if numeric else self.decl_name())  # ``N::CB`` (namespaces.py)
        reg = None
        space = 0
        while self.accept(":"):
            self.reject_packoffset()  # (a buffer's own ``: packoffset(c0)``: X3091, d3dcompiler_47 10.1, session 48)
            if self.at("register"):
                reg_tok = self.next()
                r = self.parse_register()
                if self.effect_declarations and \
                        (r[0] != ("b" if kind == "cbuffer" else "t") or not self.register_clean):
                    # an effect's own declarations leave a buffer's register of another class unread: its buffer
                    # has no slot (fxc 10.1, session 39: `cbuffer cb : register(t1)`, `register(c3)`, `tbuffer
                    # tb : register(b2)` compile at every fx target, the fx_5_0 object's bind point 0xFFFFFFFF);
                    # a shader compiled from the file still refuses it
                    continue
                legacy_c = kind == "cbuffer" and r[0] == "c" and not (self.target or "").endswith("_5_1")
                clean = self.register_clean
                d3d9 = getattr(self, "d3d9_target", None) is not None
                if not (self.target or "").endswith("_5_1") and \
                        not (legacy_c and (d3d9 or (self.target or "x_4")[3:4] in ("1", "2", "3"))):
                    # below 5.1 another register set is judged after the type rules (bufregs.py)
                    bad = bufregs.buffer_register_error(kind, r[0], self.register_tok)
                    if bad is not None:
                        self.layout_errors.append(bad)
                        continue
                    if not clean and (kind == "tbuffer" or d3d9):  # ``t0x``, a D3D9 ``b0x``: no reservation
                        continue
                    if not clean:  # ``b0x``: slot 4294967295, fxc's X4567 once the code is done (check_cb_slots)
                        r, clean = (r[0], bufregs.UNREAD_SLOT), True
                if (r[0] != ("b" if kind == "cbuffer" else "t") and not legacy_c) or not clean:
                    # fxc: X3591 "incorrect bind semantic" (DXC packreg test: cbuffers bound to t/c/s/u — fxc's
                    # 5.1 verdicts); below 5.1 a cbuffer's c# names its slot (AMD's ShadowFX/GeometryFX library
                    # AMD_UnitCube.hlsl, `cbuffer … : register(c0)`, built by fxc 6.3.9600 for vs_5_0: its
                    # committed listing binds the cbuffer at slot 0)
                    if kind == "tbuffer" and self.register_clean and \
                            not (self.target or "").endswith("_5_1"):
                        raise self.error("invalid register specification, expected 't' binding", reg_tok, 3530)
                    raise self.error("incorrect bind semantic", reg_tok, 3591)
                if legacy_c and getattr(self, "d3d9_target", None) is None and \
                        (self.target or "x_4")[3:4] not in ("1", "2", "3"):
                    # ... but d3dcompiler_47 10.1 refuses that c# at every 4.x / 5.0 target, level 9 included (6.3
                    # compiled it); only the Direct3D 9 targets keep it (Wine, session 35:
                    # tests/test_rules_hlsl_fxc_layout_registers.py)
                    raise self.error("invalid register specification, expected 'b' binding", reg_tok, 3530)
                if self.register_profile is not None:  # fxc X3515 (DXC packreg)
                    raise self.error("User defined constant buffer slots cannot be target specific", reg_tok, 3515)
                if reg is not None:
                    raise self.error("Buffers may only be bound to one slot.", reg_tok, 3530)
                reg = r[1]
                space = self.register_space
            elif self.tok.kind == "id":  # a semantic: ignored with a warning (fxc X3202)
                t = self.next()
                self.warnings.append((t.pos, 3202, "usage semantics do not apply to cbuffers"))
            else:
                raise self.error()
        self.skip_annotations()
        self.expect("{")
        members: list[A.VarDecl] = []
        while not self.accept("}"):
            if self.accept(";"):
                continue
            if self.at("cbuffer") or self.at("tbuffer"):
                inner: list[A.Node] = []
                hoisted.append(self.parse_cbuffer(inner))
                hoisted.extend(inner)
                continue
            # a typedef, and a struct defined with no member declared (``struct S { ... };``), are global types
            # declared inside the buffer (fxc 10.1 under Wine, session 35: tests/test_rules_hlsl_fxc_layout_names.py)
            if self.at("[") or self._function_ahead() or self.at("typedef"):
                hoisted.extend(self.parse_toplevel())
                continue
            pos = self.tok.pos
            mods = self.parse_mods()
            type_tok = self.tok
            named = self.at("struct") and self.peek().kind == "id"  # `struct { ... };` alone is X3000 (fxc)
            base = self.parse_type()
            if named and not mods and self.at(";"):
                continue
            mods |= self.post_type_mods()
            self.check_type_mods(mods, base, type_tok)
            self.cbuffer_depth += 1
            try:
                decls = self.parse_var_list(base, mods, pos)
            except HlslError as exc:  # the members fxc had reduced are checked before the error (salvage.py)
                if not hasattr(exc, "salvage_buffer"):
                    exc.salvage_buffer = A.CBufferDecl(name_tok.pos, name_tok.text, kind, reg, list(members), space)
                raise
            finally:
                self.cbuffer_depth -= 1
            for d in decls:
                assert isinstance(d, A.VarDecl)
                # a member is a global for the storage-class rules (d3dcompiler_47 10.1, session 35: ``in``/``out``
                # X3000, ``volatile`` X3008, ``uniform static`` X3007, ``nointerpolation linear`` X3048 in a cbuffer)
                # (with its type: a static const object's X3012, a static / groupshared object's X3007 / X3010)
                self.check_mods("global", mods, d.name, d.pos, d.init is not None, d.type)
                # ... and shares the global name space with types and functions (fxc 10.1, session 39: `struct a`,
                # `typedef float a` or `float4 a()` before or after `cbuffer cb { float4 a; }` is X3003)
                self.declare_global(d.name, "variable", Token("id", d.name, d.pos))
                members.append(d)
        self.accept(";")
        if getattr(self, "d3d9_target", None) is not None:  # packoffset means nothing there (parse_var_list)
            # ... but an object's places it, as a register() does any member's; placing is all or nothing as
            # packoffset is elsewhere, objects counted (d3dcompiler_47 10.1, session 47: ``float4 f : register(c1);
            # Texture2D t;`` and ``sampler s : packoffset(c1); float4 f : packoffset(c0);`` are X3530 naming the
            # member left unplaced, ``float4 f : register(c1); sampler s : register(s0);`` and ``float4 f :
            # packoffset(c0); sampler s;`` compile)
            packed = {id(m) for m in members if m.packoffset is not None and _is_object(m.type)}
            for m in members:
                m.packoffset = None
            placed = [m for m in members if m.register is not None or id(m) in packed]
            loose = next((m for m in members if m.register is None and id(m) not in packed and
                          "static" not in m.mods), None)
            if placed and loose is not None:  # (after the file's type rules: a struct member's texture X3090)
                self.mix_errors.append(bufregs.mix_error(loose))
        from .classes import is_interface_type

        bad = next((m for m in members if is_interface_type(m.type)), None)
        if bad is not None:  # MicrosoftDocs "HLSL errors and warnings" X3132 (wording inferred)
            raise HlslError(bad.pos.file, bad.pos.line, bad.pos.col, 3132,
                            f"'{bad.name}': interfaces cannot be declared in buffers")
        # packoffset is all or nothing (fxc X3530), judged after the other register errors (bufregs.py): a member
        # bound to a t/s/u register (an object, or one in a struct) is not packed, a static member is no buffer
        # member (fxc 10.1 compiles `float a : packoffset(c1); static float s = 2;` in one cbuffer)
        loose = bufregs.mixed_member(members) if getattr(self, "d3d9_target", None) is None else None
        if loose is not None:
            self.mix_errors.append(bufregs.mix_error(loose))
        return A.CBufferDecl(name_tok.pos, name_tok.text, kind, reg, members, space)

    def _function_ahead(self) -> bool:
        """Whether the declaration at the cursor is a function (modifiers, a type, a name, then ``(``); the
        cursor does not move. A ``struct`` type is never looked through (its definition would be recorded)."""
        start = self.i
        try:
            self.parse_mods()
            if self.at("struct") or not self.is_type_start():
                return False
            self.parse_type()
            self.post_type_mods()
            return self.tok.kind == "id" and self.peek().text == "("
        except HlslError:
            return False
        finally:
            self.i = start

    def skip_annotations(self, judge: bool = True) -> None:
        """``< type name = value; … >``: each annotation ends at its ``;``, so a value may hold ``<``/``>``
        (``< bool foo = 1 > 2; >``, which fxc accepts). ``judge``: a list (not ``<>``) is read with the effect
        grammar and judged as fxc judges it at every target, a global's, a buffer's, a technique's, a parameter's
        at the shader targets too (effects/fxannot.read_annotation_list; d3dcompiler_47 10.1, session 46 EFX); off
        for a D3D9 state's ``<NAME>`` value."""
        if not self.at("<"):
            return
        if judge and self.peek().text != ">":
            from ...effects.fxannot import read_annotation_list

            read_annotation_list(self, self.tok.pos.file or "")
            return
        self.next()
        while not self.accept(">"):
            depth = 0
            assigned = False  # a '>' before the entry's '=' closes the list (``Filter = <ANISOTROPIC>;``)
            while True:
                t = self.next()
                if t.kind == "eof":
                    raise self.error()
                if t.text in ("(", "[", "{"):
                    depth += 1
                elif t.text in (")", "]", "}"):
                    depth -= 1
                elif t.text == "=":
                    assigned = True
                elif t.text == ">" and depth <= 0 and not assigned:
                    return
                elif t.text == ";" and depth <= 0:
                    break

    def parse_register(self) -> tuple[str, int]:
        """``register([profile,] x#[ [expr] ] [, space#])``: kind letter + leading digits (+ the offset)."""
        self.expect("(")
        t = self.ident()
        offset = 0

        def bracket() -> int:
            if not self.accept("["):
                return 0
            e = self.parse_expr()
            self.expect("]")
            v = const_eval(e)
            # INF and NaN (``c[1.#INF * 0]``) have no register number: the literal-expression error, not a crash
            if v is None or not math.isfinite(v):
                raise self.error("register offset must be a literal expression", t, 3530)
            if getattr(self, "d3d9_target", None) is not None:
                # a Direct3D 9 target reads the offset as a 32-bit uint, a larger one saturated (fxc's X3204 "too
                # large, truncated") and -1 wrapped: ``c0[1e10]`` and ``c0[-1]`` are slot c1073741823 (session 40)
                return min(int(v), 0xFFFFFFFF) & 0xFFFFFFFF
            return int(v)

        bracketed = self.at("[")
        offset = bracket()
        profile = None
        space_tok = None
        comma = False
        if self.accept(","):  # register(profile, r#) / space
            comma = True
            t2 = self.ident()
            self.check_space_order(t, bracketed, t2)
            # a bracketed first name is the register, never a profile: what follows is its space, whatever its
            # spelling (``register(t0[1], t1)`` compiles below 5.1, X3591 at 5.1; ``register(ps[1], t1)`` is a
            # texture's X3530 "requires a 't' or 's' register"; d3dcompiler_47 10.1, session 44)
            if not t2.text.lower().startswith("space") and not bracketed:
                bad_profile = regsyntax.profile_error(t)
                if bad_profile is not None:
                    self.register_profile_errors.append(bad_profile)
                profile, t = t.text, t2
                bracketed = self.at("[")
                offset = bracket()
                if self.accept(","):
                    space_tok = self.ident()
            else:
                space_tok = t2
        else:
            self.check_space_order(t, bracketed, None)
        self.expect(")")
        # register(space0): a space alone (``register(space0, space1)`` names a register space0, below 5.1 refused
        # for its space as ``register(t0, space1)`` is: X3721)
        alone = t.text.lower().startswith("space") and len(t.text) > 5 and not comma
        if alone:
            space_tok = t
        if space_tok is not None and self.target is not None and not self.target.endswith("_5_1"):
            if (profile is not None or bracketed) and not alone:
                # below 5.1 fxc 10.1 passes over the space of a register that names a profile or a bracketed offset,
                # unread (``register(ps, t1, space1)``, ``register(t[1], spacex)`` compile; session 38)
                space_tok = None
            elif not alone:
                raise self.error("space is only supported for shader targets 5.1 and higher", space_tok, 3721)
            else:
                raise self.error(f"register space '{space_tok.text}' requires shader model 5.1 or higher "
                                 f"(target {self.target})", space_tok, 3530)
        self.register_profile = profile
        self.register_tok = t
        # the register space (Shader Model 5.1 "Resource binding in HLSL": ``register(t3, space1)``; space0 when
        # none is named), read by the declaration that owns this register()
        self.register_space = self._space_number(space_tok, t.text[:1].lower()) if space_tok is not None else 0
        txt = t.text.lower()
        kind = txt[0]
        # a documented register type (MicrosoftDocs "register": b, t, c, s, u; i is Direct3D 9's integer
        # set) followed by its number; the number may be left out (the page's own ``register(ps_5_0, s)``
        # is s0, as is a bracketed ``s[2]``'s base)
        self.register_clean = kind in "bcistu" and (txt[1:].isdigit() or len(txt) == 1)
        digits = ""
        for ch in txt[1:]:
            if not ch.isdigit():
                break
            digits += ch
        return kind, (int(digits) if digits else 0) + offset

    def _space_number(self, tok, kind: str = "") -> int:
        """N of a ``spaceN`` register space (Shader Model 5.1 "Resource binding in HLSL": a space is named
        ``space`` and a non-negative integer). Another spelling is fxc 10.1's X3591 "incorrect bind semantic",
        except on a ``c#`` constant, whose space fxc never reads (``float4 x : register(c1, spacex)`` compiles;
        session 38)."""
        digits = tok.text[5:]
        if not digits.isdigit():
            if kind == "c":
                return 0
            raise self.error("incorrect bind semantic", tok, 3591)
        return int(digits)

    def _profile_applies(self, profile: str | None) -> bool:
        """MicrosoftDocs "register": the optional shader profile is a target (``ps_5_0``) or a stage
        (``ps``); a binding for another profile does not apply to this compile (SM4/5.0)."""
        if profile is None or self.target is None:
            return True
        p = profile.lower()
        # a Direct3D 9 target is compiled under its level-9 front end: its own name applies too (``register(ps_3_0,
        # c5)`` binds c5 at ps_3_0, fxc 10.1's constant table; session 37, tests/test_rules_hlsl_fxc_objects_s37.py)
        return p == self.target or p == self.target.split("_")[0] or p == getattr(self, "d3d9_target", None)

    def parse_var_list(self, base: Type, mods: set, pos: Pos) -> list[A.Node]:
        out: list[A.Node] = []
        try:
            # (a local's modifiers, which fxc judges before the initialiser's object literal: parse_effects)
            saved, self.local_mods = self.local_mods, (mods if self.block_depth > 0 else None)
            try:
                return self._parse_var_list(base, mods, out)
            finally:
                self.local_mods = saved
        except HlslError as exc:  # the declarators fxc had reduced when it failed (salvage.py)
            salvage_var_list(exc, out, self)
            raise

    def _parse_var_list(self, base: Type, mods: set, out: list[A.Node]) -> list[A.Node]:
        while True:
            # built-in type names are keywords (`float4 VertexShader;`), but a local may take a numeric one's
            name_tok = self.decl_name(local=self.block_depth > 0, scope="" if self.block_depth else "global")
            if name_tok.text in D3D12_BUFFERS and self._sm51():  # a type name from 5.1 on, no variable's
                raise self.error(f"syntax error: unexpected token '{name_tok.text}'", name_tok, 3000)
            if name_tok.text in _SHADOWABLE_TYPES:
                self.shadowed.add(name_tok.text)
            self.value_names.add(name_tok.text)
            self.reject_export(mods, after_name=True)
            if not self.block_depth and not out:
                self._early_global_mods(mods, name_tok)
            t = self._apply_major(self.parse_array_suffix(base, variable=True), mods)
            if self.block_depth and stream_elements(t) > 1:  # a local as a parameter (types.stream_elements)
                raise self.error("stream parameters can only be single-element types", name_tok, 3128)
            sem = reg = pack = None
            space = 0
            regs: list = []
            all_regs: list[tuple[str, str]] = []  # (profile, register name as spelt) of every register()
            reg_texts: list[str] = []  # the applying ones' names as spelt (parallel to regs)
            inactive: list = []  # register()s for another profile
            while self.accept(":"):
                if self.at("register"):
                    reg_tok = self.next()
                    r = self.parse_register()
                    txt = self.register_tok.text.lower()
                    if len(txt) > 1 and not txt[1:].isdigit() and (self.target or "").endswith("_5_1") and \
                            isinstance(array_leaf(t), ObjectType) and txt[0] in object_letters(array_leaf(t).kind):
                        # at 5.1 an object's register name that begins with a letter of its kind's but is no letter
                        # and number (``samply``, ``tx``, ``t1x`` -- read as t1 below 5.1 --, a space alone for a
                        # texture) is X3591 (d3dcompiler_47 10.1, session 46; another letter stays cg_resources' X3530)
                        raise self.error("incorrect bind semantic", self.register_tok, 3591)
                    if txt[0] not in "bcistu" or not (len(txt) == 1 or txt[1].isdigit()):
                        # no register at all (``a0``, ``tx``): an object's X3530 (cg_resources); a part after the
                        # number is read past (``t1x`` is t1: d3dcompiler_47 10.1, session 40)
                        r = (r[0], r[1], False)
                    prof = (self.register_profile or "").lower()
                    text = self.register_tok.text
                    # two bindings of one register set for one profile (fxc X3115), compared as spelt: ``c0`` and
                    # ``c0x`` / ``c00`` / ``c`` conflict, ``c1x`` twice does not, nor ``c0`` and ``C0`` (d3dcompiler_47
                    # 10.1, session 40)
                    clash = next((q for q in all_regs if q[0] == prof and q[1][0] == text[0] and q[1] != text), None)
                    if clash is not None:
                        raise self.error(f"Conflicting register semantics: '{clash[1]}' and '{text}'", reg_tok, 3115)
                    all_regs.append((prof, text))
                    if self._sm51() and isinstance(array_leaf(t), ObjectType) and \
                            getattr(self, "d3d9_target", None) is None:
                        # at 5.1 fxc 10.1 takes an object's first register() of a set whatever profile it names
                        # (``register(vs, t1) : register(ps, t2)`` binds t1 at ps_5_1; a constant's c# keeps the
                        # profile rule; session 38, REFL)
                        if any(q[0] == r[0] for q in regs):
                            continue
                    elif not self._profile_applies(self.register_profile):
                        inactive.append(r)  # no binding here, but its register set is still checked
                        continue
                    reg = r
                    space = self.register_space
                    regs.append(reg)
                    reg_texts.append(text)
                    if self.block_depth == 0 and not self._struct_stack and not mods & {"static", "groupshared"}:
                        # a constant's (a static or groupshared global is none; cbuffer members: parse_toplevel)
                        bad = regsyntax.name_error(self.register_tok, getattr(self, "d3d9_target", None) is not None
                                                   and not isinstance(array_leaf(t), ObjectType))
                        if bad is not None:
                            self.register_name_errors.append(bad)
                elif getattr(self, "d3d9_target", None) is not None and self.accept("packoffset"):
                    # a Direct3D 9 target reads no packoffset: whatever stands in it compiles (``b0``, ``c0.xy``,
                    # ``zz``) and a cbuffer member keeps the place the packing gives it; outside a cbuffer it is
                    # still X3091 (fxc 10.1 under Wine, session 35: tests/test_rules_hlsl_fxc_layout_registers.py)
                    self.expect("(")
                    while not self.accept(")"):
                        self.next()
                    pack = (0, 0)  # dropped by parse_cbuffer
                elif self.at("packoffset") and (self.block_depth or not self.cbuffer_depth):
                    self.reject_packoffset()
                elif self.accept("packoffset"):
                    self.expect("(")
                    ct = self.ident()
                    c = ct.text.lower()
                    # a bare ``c`` is c0, another letter X3541 (fxc 10.1 under Wine, session 37: ``packoffset(c)``,
                    # ``packoffset(c.y)`` compile, ``packoffset(b)``, ``packoffset(cc)`` are X3541), as is a register
                    # past c4095; both judged after the type rules (bufregs.py), the member then placed at c0
                    bad = bufregs.location_error(ct)
                    if bad is not None:
                        self.layout_errors.append(bad)
                    where = 0 if bad is not None else int(c[1:] or 0) % (1 << 32)
                    if self.accept("["):  # ``c1[1]`` is c2: a literal offset, read at once (X3058)
                        e = self.parse_expr()
                        self.expect("]")
                        v = const_eval(e)
                        if v is None or not math.isfinite(v):
                            raise self.error("register offset must be a literal scalar expression", ct, 3058)
                        where = max(where + int(v), 0)
                    comp = 0
                    if self.accept("."):
                        st = self.ident()
                        wrong = bufregs.component_error(f"c{where}", st)  # one component names the offset
                        if wrong is not None:
                            self.layout_errors.append(wrong)
                        else:
                            comp = "xyzwrgba".index(st.text) % 4
                    self.expect(")")
                    pack = (where, comp)
                else:
                    sem = self.ident().text
            if (isinstance(array_leaf(t), ObjectType) and not self._sm51() or
                    getattr(self, "d3d9_target", None) is not None) and \
                    any(a[0] == b[0] and (a[1] != b[1] or ta[0] != tb[0]) for i, (a, ta) in
                        enumerate(zip(regs, reg_texts)) for b, tb in zip(regs[i + 1:], reg_texts[i + 1:])):
                # an object's general register() and one for this target's profile or stage, both applying and
                # naming different registers of one set: fxc 10.1's X4017, used or not (Wine, session 35:
                # tests/test_rules_hlsl_fxc_layout_registers.py); a number (c#) keeps the later one -- at the
                # Direct3D 9 targets a numeric variable's too (``register(c3) : register(ps, c5)`` at ps_3_0; the other
                # stage's or the same register compiles: session 37, tests/test_rules_hlsl_fxc_objects_s37.py); the
                # same register with its letter in the other case too (``register(t0) : register(T0)``; session 40)
                raise self.error("cannot bind the same variable to multiple constants in the same constant bank",
                                 name_tok, 4017)
            if self.block_depth > 0 and self.at("<") and self.peek().text != ">":
                # d3dcompiler_47 10.1 at every target: X3040 (an empty ``<>`` compiles; session 38 EFX) -- after an
                # object literal's X3064 in the initialiser (``PixelShader p < string s = "a"; > = compile ps_2_0
                # f();``, session 44: parse_effects.object_literal)
                annotated = self.error(f"'{name_tok.text}': local variables cannot have annotations", name_tok, 3040)
                from ...effects.fxannot import check_local_annotations

                # the list is read and judged first, then the initialiser, then X3040 (10.1, session 45 EFX)
                check_local_annotations(self, name_tok.pos.file or "")
                if not (self.at("=") and self.peek().text in ("compile", "CompileShader") or
                        self.at("=") and self.peek().text.lower() == "asm" and self.peek(2).text == "{"):
                    has_init = self.accept("=")
                    if has_init:
                        self.parse_initializer()
                    # the local's modifier errors before it (``in float v < … >`` X3000 at ``in``, ``uniform`` X3047)
                    self.check_mods("local", self.local_mods or set(), name_tok.text, name_tok.pos, has_init)
                    raise annotated
            self.skip_annotations()
            init = None
            arr = self.at("=") and self.peek().text == "{" and self.peek(2).text == "sampler_state"
            if arr or (self.at("=") and self.peek().kind == "id" and self.peek().text == "sampler_state"):
                # ``sampler s = sampler_state { … };`` (an array: ``= { sampler_state { … }, … }``, a block per
                # element): effect state blocks, ignored outside fx profiles. d3dcompiler_47 10.1 takes the block
                # for the sampler kinds and the three Direct3D 10 state objects (`BlendState b = sampler_state
                # { … };` compiles) and reads it as a 'const StateBlock' elsewhere: X3017 "cannot implicitly
                # convert"; the keyword is spelled exactly (`SAMPLER_STATE` is an undeclared identifier)
                if self.block_depth > 0 and not (self.file_target or "").startswith("fx_"):
                    # in a function the block is an object literal (d3dcompiler_47 10.1, session 46: ``sampler s =
                    # sampler_state {};`` there, an array's list too, ``float f = sampler_state {}``)
                    raise self.error("object literals are not allowed inside functions", self.peek(1 + arr), 3064)
                leaf = array_leaf(t) if arr else t
                mismatch = None
                if not (isinstance(leaf, ObjectType) and ("ampler" in leaf.kind or leaf.kind in _STATE_BLOCK_KINDS)):
                    mismatch = self.error(f"cannot implicitly convert from 'const StateBlock' to 'const {leaf}'",
                                          self.peek(1 + arr), 3017)
                for _ in range(1 + arr):
                    self.next()
                blocks = 0
                while self.tok.text == "sampler_state":
                    self.next()
                    self.expect("{")
                    self._state_block_entries()
                    if mismatch is not None:
                        # after the block's own syntax and calls (``Texture3D s = sampler_state { foo = 1 +; };``
                        # X3000, ``{ foo = bar(); }`` X3004; d3dcompiler_47 10.1 at ps_4_0 and fx_5_0, session 47 EFX)
                        raise mismatch
                    blocks += 1
                    if not (arr and self.accept(",")):
                        break
                if arr:
                    self.expect("}")
                    t = self.state_block_list_type(t, blocks, name_tok)
            elif self.accept("="):
                init = self.parse_initializer()
            elif self.at("{"):  # effect state block(s): parsed and ignored, like fxc outside fx profiles
                self.parse_state_blocks(t, name_tok.text)
            if isinstance(t, ArrayType) and t.count == 0 and isinstance(init, A.InitList):
                n = _count_init(init)
                if n is None and _holds_object(t.elem):  # an object item is one element (an object variable)
                    n = _count_items(init)
                if n is not None:  # else the code generator sizes it from the items' types
                    per = max(1, _flat_count(t.elem))
                    if n % per:  # no whole number of elements (fxc 10.1, session 45: ``float2 a[] = {1, 2, 3};``)
                        raise self.error(f"'{name_tok.text}': implicit array type does not match initial value",
                                         name_tok, 3075)
                    t = ArrayType(t.elem, n // per)
            out.append(A.VarDecl(name_tok.pos, name_tok.text, t, frozenset(mods), sem, reg, pack, init,
                                 frozenset(mods & _INTERP), tuple(regs), tuple(inactive), space))
            self.var_list_mark = len(self.expr_log)  # the expressions read after it (salvage.py)
            if "const" in mods and init is not None:  # later array sizes may read it
                # (not a global without ``static``: a uniform, its value the constant buffer's -- ``const int N = 3;
                # float a[N];`` is X3058, ``vector<float, N>`` X3060, ``static const int M = N + 1`` no constant
                # either; d3dcompiler_47 10.1, session 47)
                uniform = self.block_depth == 0 and "static" not in mods
                cv = None if uniform else const_value(t, init, self.consts)
                if cv is not None:
                    self.consts[name_tok.text] = cv
                else:
                    self.consts.pop(name_tok.text, None)
            if not self.accept(","):
                break
        self.expect(";")
        return out

    def parse_state_blocks(self, t: Type, name: str = "") -> None:
        """``{ name[idx] = expr; ... }`` or a list ``{ {...}, {...} }`` with one block per component. A single
        block's first state name is no keyword of fxc's lexer (parse_effects.state_name: ``sampler s { VertexShader
        = 1; };`` X3000, ``{ foo = 1; VertexShader = 1; }`` compiles; d3dcompiler_47 10.1, session 47 EFX)."""
        start = self.expect("{")
        if not self.at("{"):
            marks = len(self.state_values), len(getattr(self, "salvage_state_values", []))
            self.strict_state_names = True  # (state_name clears it at the first name)
            try:
                self._state_block_entries()
            finally:
                self.strict_state_names = False
            values = self.state_values[marks[0]:] + getattr(self, "salvage_state_values", [])[marks[1]:]
            if _flat_count(t) > 1 and not self.one_block_for_range(t, 1) and \
                    all(isinstance(v, (A.Ident, A.Literal)) for v in values):
                # one block is one item, converted as the declarator is reduced -- before a syntax error after
                # it, at the shader targets too (d3dcompiler_47 10.1: ``float3 f {} = 1;``, ``float3 f { foo = bar; }
                # x`` and ``sampler s[2] {} x`` are X3017, ``float3 f {};`` X3017 at ps_5_0, a local too); a value
                # that may fail its own type rules (a swizzle, an index, a call: X3018 first in ``DepthStencilState
                # d[2] { RandomField = vec.w; };``) leaves the count to the checks after the parse (effects'
                # _check_block_initialisers); a name or a literal cannot (an unknown name is a const int)
                raise self.error(f"'{name}': initializer does not match type", start, 3017)
            return
        count = 0
        while True:
            self.expect("{")
            self._state_block_entries()
            count += 1
            if not self.accept(","):
                break
            if self.at("}"):
                raise self.error()
        self.expect("}")
        if count != max(1, _flat_count(t)) and not self.one_block_for_range(t, count):
            # d3dcompiler_47 10.1: "'v': initializer does not match type" (X3017; session 38 EFX)
            raise self.error(f"'{name}': initializer does not match type", start, 3017)

    def parse_initializer(self) -> A.Node:
        if self.at("{"):
            pos = self.next().pos
            if self.at("}"):  # an empty list is fxc's syntax error at the `}` (10.1: `float a[2] = { };`,
                raise self.error()  # `S s = { };`, `Texture2D t = { { } };` are X3000)
            items = []
            while not self.accept("}"):
                items.append(self.parse_initializer())
                if not self.at("}"):
                    self.expect(",")
            return A.InitList(pos, items)
        return self.parse_assign()


    def declare_global(self, name: str, kind: str, tok: Token) -> None:
        """Globals, functions and global types share one name space (d3dcompiler_47 10.1, X3003): a function
        named like an earlier variable or type is "'f' already defined as a variable" / "... as a type", a
        variable or type named like an earlier declaration of another kind "redefinition of 'f'". Declarations
        of one kind follow their own rules (overloads; decls.py for variables; typedef/struct here)."""
        prev = self.global_kinds.setdefault(name, kind)
        if prev == kind:
            return
        if kind == "function":
            raise self.error(f"'{name}' already defined as a {prev}", tok, 3003)
        raise self.error(f"redefinition of '{name}'", tok, 3003)


def _count_init(n: A.Node) -> int | None:
    """Scalar components of an initialiser list when the parser can tell (literals, casts and constructors of
    numeric types); None when an item's size needs its type (a variable, a call): the code generator then
    sizes the unsized array from the items it evaluates (codegen.size_unsized_array)."""
    if isinstance(n, A.InitList):
        counts = [_count_init(x) for x in n.items]
        return None if any(c is None for c in counts) else sum(counts)  # type: ignore[misc]
    if isinstance(n, A.Literal) and isinstance(n.value, (int, float, bool)):
        return 1
    if isinstance(n, A.Unary) and n.op in ("-", "+"):
        return _count_init(n.a)
    if isinstance(n, (A.Construct, A.Cast)) and isinstance(n.type, (NumType, ArrayType, StructType)):
        return _flat_count(n.type)
    return None


def _count_items(n: A.Node) -> int:
    return sum(_count_items(x) for x in n.items) if isinstance(n, A.InitList) else 1


def _holds_object(t: Type) -> bool:
    if isinstance(t, ArrayType):
        return _holds_object(t.elem)
    if isinstance(t, StructType):
        return any(_holds_object(f[1]) for f in t.fields)
    return not isinstance(t, NumType)


def _flat_count(t: Type) -> int:
    if isinstance(t, NumType):
        return t.n
    if isinstance(t, ArrayType):
        return t.count * _flat_count(t.elem)
    if isinstance(t, StructType):
        return sum(_flat_count(f[1]) for f in t.fields)
    return 1


def _is_object(t: Type) -> bool:
    while isinstance(t, ArrayType):
        t = t.elem
    return isinstance(t, ObjectType)


def parse(text: str, file: str = "") -> A.Program:
    return Parser(lex(text, file)).parse_program()


__all__ = ["parse", "Parser", "const_eval", "SCALAR_NAMES"]
