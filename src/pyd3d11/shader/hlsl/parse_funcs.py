"""Function declarations and definitions: the header (name, parameters, semantics) and the body (a mixin of
parser.Parser, as parse_stmts.StatementParser is for statements; MicrosoftDocs direct3dhlsl "Function Syntax",
"Function Parameters")."""

from __future__ import annotations

from . import ast as A
from . import regsyntax
from .diagnostics import HlslError, Pos
from .lexer import Token
from .salvage import salvage_function
from .types import VOID, NumType, ObjectType, Type, array_leaf, stream_elements


class FunctionParser:
    """The parser's function half."""

    def parse_function(self, ret: Type, mods: set, attrs: dict, pos: Pos) -> A.FuncDef:
        from .parser import _NUMERIC_NAME

        outer_shadowed = set(self.shadowed)  # parameters and locals shadow a type name until the function ends
        outer_values = set(self.value_names)
        redefined = None
        if self.tok.kind == "id" and _NUMERIC_NAME.match(self.tok.text) and \
                self.tok.text not in self.shadowed:
            # ``float4 half(…)``: fxc declares the function, so the name is no type in its parameters (``float
            # float(float x)`` is X3000 "unrecognized identifier" at the parameter), and reports X3003 "'half' already
            # defined as a type" once the header is read (d3dcompiler_47 10.1, session 40)
            redefined = name_tok = self.next()
            self.shadowed.add(name_tok.text)
        else:
            name_tok = self.decl_name()
        if not getattr(self, "method_owner", None):
            # a method's name is no global: ``float4 g;`` beside ``struct C { float g() ... }`` compiles, before
            # or after it (d3dcompiler_47 10.1, session 41; classes.parse_method)
            self.declare_global(name_tok.text, "function", name_tok)
        self.func_names.add(name_tok.text)
        self.expect("(")
        outer_context = self.function_context
        owner = getattr(self, "method_owner", None)
        # fxc names a method by its type (``static method pear::g``) and a free function as a static method
        self.function_context = (f"{owner}::{name_tok.text}" if isinstance(owner, str) else name_tok.text,
                                 bool(owner) and "static" not in mods)
        try:
            return self._parse_function_rest(name_tok, ret, mods, attrs, pos, redefined)
        finally:
            self.shadowed, self.value_names = outer_shadowed, outer_values
            self.function_context = outer_context

    def _parse_function_rest(self, name_tok: Token, ret: Type, mods: set, attrs: dict, pos: Pos,
                             redefined: Token | None = None) -> A.FuncDef:
        from .parser import _SHADOWABLE_TYPES, Parser

        params: list[A.Param] = []
        if self.at("void") and self.peek().text == ")":
            self.next()
        while not self.accept(")"):
            ppos = self.tok.pos
            self.dup_usage = None
            pm = self.parse_mods()
            self.reject_export(pm)
            if self.dup_usage is not None:
                raise self.error("duplicate usages specified", self.dup_usage, 3048)
            type_tok = self.tok
            if redefined is not None and type_tok.text == redefined.text:
                raise self.error(f"unrecognized identifier '{type_tok.text}'", type_tok)
            if self.at_d3d12_buffer():
                pt, pm = self.parse_constant_buffer_type(), {*pm, "const"}  # read as a constant S (parse_sm51)
            else:
                pt = self.parse_type()
            pm |= self.post_type_mods()
            self.check_type_mods(pm, pt, type_tok)
            self.check_mods("param", pm, "", ppos)
            name_pos = self.tok.pos
            if self.tok.kind != "id":
                # a parameter without a name (``void f(int);``, ``f(float4 : POSITION)``, ``f(int[2])``): fxc 10.1's
                # X3000 at the token after the type, in a prototype, definition, method or interface method alike,
                # at every target (session 45 ACC; DXC cpp-errors' fn_int_arg)
                raise self.error()
            pname = self.decl_name(local=True).text
            if pname in _SHADOWABLE_TYPES:
                self.shadowed.add(pname)
            self.value_names.add(pname)
            pt = self._apply_major(self.parse_array_suffix(pt, param=True), pm)
            if stream_elements(pt) > 1 and not _attribute_type_error(attrs):
                # (an attribute argument's own type error -- ``[maxvertexcount(float4(4))]``, X3014 -- is fxc's
                # first: the entry's code generation reports this one after it, gs.gen_gs_entry; a cast there,
                # ``(float4x4)4``, is no such error: X3128 stands)
                # fxc reads a stream parameter as one stream (d3dcompiler_47 10.1, session 41): an array of more
                # than one is X3128 where the parameter is read (``inout PointStream<D> o[2]``; ``o[1]`` compiles),
                # a struct holding one beside another element too (session 45)
                raise HlslError(name_pos.file, name_pos.line, name_pos.col, 3128,
                                "stream parameters can only be single-element types")
            sem = None
            while self.accept(":"):
                self.reject_packoffset()
                if self.at("register") and self.peek().text == "(":  # fxc: no effect on a parameter (SM4+)
                    self.next()
                    self.parse_register()
                    if getattr(self, "d3d9_target", None) is not None and \
                            self._profile_applies(self.register_profile):
                        # ... but a Direct3D 9 entry point's are judged like a global's (regsyntax.py)
                        bad = regsyntax.name_error(self.register_tok, not isinstance(array_leaf(pt), ObjectType))
                        if bad is not None:
                            self.register_param_errors.append((name_tok.text, bad))
                    continue
                sem = self.ident().text
            if self.at("<"):  # after the semantics: read and judged, then ignored (10.1, sessions 38 and 46 EFX)
                Parser.skip_annotations(self)
            default = self.parse_initializer() if self.accept("=") else None  # `= {1, 2, 3, 4}` too
            if "in" in pm and "out" in pm:
                pm = {*pm, "inout"}  # ``in out T x`` is ``inout T x``
            if pm & {"out", "inout"} and "uniform" in pm or "const" in pm and "out" in pm and "inout" not in pm:
                # d3dcompiler_47 10.1 (session 35): X3062 for ``uniform out`` / ``uniform inout``, X3046 for
                # ``const out`` (``const inout`` compiles; entry points and other functions alike)
                code, what = (3062, "function parameters cannot be declared 'uniform out'") if "uniform" in pm else \
                    (3046, "output parameters cannot be declared 'const'")
                raise HlslError(name_pos.file, name_pos.line, name_pos.col, code, f"'{pname}': {what}")
            if default is not None and pm & {"out", "inout"}:
                # as the parameter is read, before a later syntax error (d3dcompiler_47 10.1, session 47: ``out float
                # b = 1.0`` then ``{{`` or ``typedef float x = 2.0;`` is X3113; check.check_params kept its words)
                raise HlslError(name_pos.file, name_pos.line, name_pos.col, 3113,
                                f"'{pname}': out parameters cannot have default values")
            params.append(A.Param(ppos, pname, pt, frozenset(pm), sem, default, name_pos))
            if not self.at(")"):
                self.expect(",")
        sem = None
        while self.accept(":"):
            self.reject_packoffset()
            if ret is VOID:
                # fxc's X3076 for any function declared void with a semantic (or a register), defined or only
                # declared, called or not, a struct's method too (d3dcompiler_47 10.1, session 35; DXC's
                # semantic.group-index.cs: ``void main(…) : SV_GroupIndex``; test_rules_hlsl_fxc_verdicts_acc)
                raise self.error(f"'{name_tok.text}': void function cannot have a semantic", name_tok, 3076)
            sem = self.ident().text
        if self.at("<"):
            # after the semantics: an annotation list, judged (d3dcompiler_47 10.1, session 46 EFX: ``float4 main() :
            # sv_target < int a = 1; > { ... }`` compiles, ``< int a = undefined; >`` is X3004); a declaration
            # without a body takes none (``float f() < int a = 1; >;``: X3000 at the ``;``)
            from .parser import Parser

            Parser.skip_annotations(self)
            if self.at(";"):
                raise self.error()
        if redefined is not None:
            raise self.error(f"'{redefined.text}' already defined as a type", redefined, 3003)
        global_function = self.__dict__.pop("global_function", False)  # (the parser's mark of a global function)
        if self.accept(";"):
            body = None
        else:
            if global_function:
                _second_definition(self, name_tok, params)
            mark = len(self.local_types)
            try:
                body = self.parse_block()
            except HlslError as exc:  # the function as far as fxc had read it (salvage.py)
                salvage_function(exc, A.FuncDef(name_tok.pos, name_tok.text, ret, params, sem, None, attrs,
                                                frozenset(mods)))
                raise
            # where its braces stand: a ``#pragma warning`` between them is inside a function (warnpragma.py)
            self.func_bodies.append((body.pos, self.toks[self.i - 1].pos))
        f = A.FuncDef(name_tok.pos, name_tok.text, ret, params, sem, body, attrs, frozenset(mods))
        if body is not None:
            for td in self.local_types[mark:]:  # the classes declared in its body see its names (uncalled.py)
                td.enclosing = [*getattr(td, "enclosing", ()), f]  # innermost first: a method's, then its class's
        return f


def _second_definition(p, name_tok, params: list) -> None:
    """A global function defined twice with one signature (overload.signature: parameter types and usages;
    names, return type and ``static`` aside) is fxc 10.1's X3003 "redefinition of 'f'" at the second one's name
    as the parser reaches its body -- before a syntax error in that body or anywhere after it (d3dcompiler_47
    under Wine, session 49 probes; codegen's check of the same rule judged it only after the whole file parsed)."""
    from .overload import signature

    sig = signature(A.FuncDef(name_tok.pos, name_tok.text, None, params, None, None, None, frozenset()))
    seen = p.__dict__.setdefault("defined_signatures", {}).setdefault(name_tok.text, set())
    if sig in seen:
        raise p.error(f"redefinition of '{name_tok.text}'", name_tok, 3003)
    seen.add(sig)


def _attribute_type_error(attrs: dict) -> bool:
    """Whether an attribute's argument holds a numeric constructor of literals that do not number its
    components (``float4(4)``, ``float2(1, 2, 3)``: X3014 when the argument is type-checked)."""
    return any(isinstance(n, A.Construct) and isinstance(n.type, NumType) and n.args and
               all(isinstance(x, A.Literal) for x in n.args) and len(n.args) != n.type.rows * n.type.cols
               for args in (attrs or {}).values() if args for a in args if isinstance(a, A.Node) for n in A.walk(a))


