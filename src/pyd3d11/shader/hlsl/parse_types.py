"""The HLSL parser's type grammar (a mixin of parser.Parser): type names, templates, structs and their
bodies, array suffixes and matrix majority, and parse-time constant folding (moved out of parser.py when it
passed ~1,500 lines; no behaviour change)."""

from __future__ import annotations

import math
import re

from ...errors import NotSupportedError
from . import ast as A
from .classes import is_elaborated, parse_elaborated
from .constexpr import UNARY, dimension_ops_ok, eval_const, fold_binary, to_int
from .early_names import COUNT_ERRORS, check_constructors, check_names
from .lexer import Token
from .parse_sm51 import D3D12_BUFFERS
from .templates import element_error
from .types import (
    DOUBLE,
    DX8_TYPEDEFS,
    FLOAT,
    FLOAT4,
    OBJECT_KINDS,
    VOID,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    concrete,
    dx8_typedef,
    numeric_from_name,
)

_LOWER_TEXTURES = {"texture1D": "Texture1D", "texture2D": "Texture2D", "texture3D": "Texture3D",
                   "textureCUBE": "TextureCube"}
#: object types written only with template arguments: the bare name is fxc's X3000 at the token after it
#: (DXC SemaHLSL indexing-operator: `Texture2DMS g;`, `RWBuffer g;`, `RWTexture1D/1DArray/2D/2DArray g;`)
_MS_KINDS = frozenset({"Texture2DMS", "Texture2DMSArray"})
_PATCH_KINDS = frozenset({"InputPatch", "OutputPatch"})
_TEMPLATE_REQUIRED = frozenset({"Texture2DMS", "Texture2DMSArray", "RWBuffer", "RWTexture1D", "RWTexture1DArray",
                                "RWTexture2D", "RWTexture2DArray", "RWTexture3D", "InputPatch", "OutputPatch"})
#: the spelled numeric type names (scalar name, then an optional vector/matrix suffix; `dword` has none)
_NUMERIC_NAME = re.compile(r"(?:(bool|int|uint|half|float|double|min16float|min10float|min16int|min12int|min16uint)"
                           r"(?:[1-4](?:x[1-4])?)?|(dword))$")
#: the shader object types are found in any letter case where a type is expected (effects-syntax:
#: `PixelShadeR ps`, `VertexShadeR vs;` pass), but only these spellings are reserved words: vkd3d's
#: Windows-verified effect-shader-objects-fx_5 compiles `float4 vertexshadeR; float4 geometryshader;` and
#: fails `float4 vertexshader;` / `float4 VertexShader;`; effects-syntax fails `int RenderTargetView = 1;`,
#: `int PixelShader = 1;` and `int pixelshader = 1;`
_CASELESS_TYPES = {"pixelshader": "PixelShader", "vertexshader": "VertexShader"}


class TypeParser:
    """Type parsing for :class:`parser.Parser` (which provides the token stream, errors and scopes)."""

    def is_type_start(self, k: int = 0) -> bool:
        t = self.peek(k) if k else self.tok
        if t.kind != "id":
            return False
        n = t.text
        if n in self.shadowed:
            return False
        if n in _LOWER_TEXTURES or n.lower() in _CASELESS_TYPES or n.lower() == "string":
            return True
        if n.startswith("RasterizerOrdered") and "RW" + n[17:] in OBJECT_KINDS:
            return True
        if n in ("class", "interface"):  # an elaborated type specifier (not a definition)
            return is_elaborated(self, k)
        # a lookahead only: a type name that is not built (double matrices) is still a type name here
        return (n in self.types or _NUMERIC_NAME.match(n) is not None or n in OBJECT_KINDS or dx8_typedef(n)
                or n in ("vector", "matrix", "struct", "void", "unsigned", "string"))

    def _numeric(self, name: str, tok: Token) -> NumType | None:
        """numeric_from_name, with a type that is not built (double matrices) reported at its position so
        that the caller sees where the unsupported feature is."""
        try:
            return numeric_from_name(name)
        except NotSupportedError as exc:
            p = tok.pos
            raise NotSupportedError(f"{p.file}({p.line},{p.col}): {exc.message}") from None

    def parse_type(self) -> Type:
        """A type; a matrix type without a packing modifier takes the ``#pragma pack_matrix`` in force
        where it is written (the pragma applies from its position on, not to the whole file; before any
        pragma the compile flags decide)."""
        pack = self.pack_at[min(self.i, len(self.pack_at) - 1)]
        if self.tok.kind == "id" and self.tok.text in self.shadowed and _NUMERIC_NAME.match(self.tok.text):
            # a parameter or member named like a numeric type hides it for the declarations after it in its list
            # (d3dcompiler_47 10.1, session 45: ``float f(float float, float b)``, ``struct { int float; float c; }``)
            raise self.error(f"unrecognized identifier '{self.tok.text}'")
        t = self._parse_type()
        if pack is not None and isinstance(t, NumType) and t.shape == "m" and t.row_major is None:
            return NumType(t.base, t.rows, t.cols, "m", pack, prec=t.prec, alias=t.alias)
        return t

    def _parse_type(self) -> Type:
        t = self.tok
        if t.kind != "id":
            raise self.error()
        name = t.text
        if name == "struct":
            return self.parse_struct()
        if name in ("class", "interface") and is_elaborated(self):
            return parse_elaborated(self)
        if name in ("geometryshader", "sampler_state"):
            # words of the effect grammar, no type names: d3dcompiler_47 10.1 fails `geometryshader g;` and
            # `sampler_state s;` (X3000 at the word; `GeometryShader g;` compiles)
            raise self.error()
        self.next()
        if name == "unsigned":  # modifies an int type (also through a typedef): int2x2 -> uint2x2
            if not self.is_type_start():
                # bare ``unsigned`` is no type: d3dcompiler_47 10.1 fails ``unsigned u;``, ``typedef unsigned U;``
                # and ``unsigned(1)`` with X3000 at the token after it (session 35)
                raise self.error()
            m = _NUMERIC_NAME.match(self.tok.text)
            if m and (m.group(1) or m.group(2)) != "int":  # before the type is built (a double matrix is not built at all)
                raise self.error("unsigned can not be used with type", t, 3085)
            it = self.parse_type()
            # only the 32-bit int types have an unsigned form (DXC's SemaHLSL vector/matrix-syntax record fxc's
            # X3085 for `unsigned` on min16int, min12int, double and float types)
            if not isinstance(it, NumType) or it.base != "int" or it.prec is not None:
                # an array typedef, a struct or an object too (d3dcompiler_47 10.1, session 43: ``typedef int
                # Int[2]; unsigned Int var;`` is X3085, as the shared unsigned.shader_test has it)
                raise self.error("unsigned can not be used with type", t, 3085)
            return NumType("uint", it.rows, it.cols, it.shape, it.row_major)
        if name.lower() in _CASELESS_TYPES and name not in self.types:
            name = _CASELESS_TYPES[name.lower()]
        if name == "void":
            return VOID
        if name.lower() == "string" and name not in self.types:  # any letter case (fxc 10.1: `sTrInG s;`)
            return ObjectType("string")
        if name in self.types:
            t = self.types[name]
            if isinstance(t, NumType):  # remember the spelling for reflection's type name
                return NumType(t.base, t.rows, t.cols, t.shape, t.row_major, prec=t.prec, alias=name)
            if isinstance(t, ArrayType) and t.alias is None:  # messages spell it `typedef int[1]`
                return ArrayType(t.elem, t.count, alias=name)
            return t
        if dx8_typedef(name):  # the super-global typedefs, below any the program declares itself
            spelled = DX8_TYPEDEFS[dx8_typedef(name)]
            num = self._numeric(spelled, t)
            if num is not None:
                return NumType(num.base, num.rows, num.cols, num.shape, num.row_major, prec=num.prec, alias=name)
            if spelled == "string":
                return ObjectType("string")
            # PIXELSHADER/VERTEXSHADER stand for the shader object kinds, spelled as the effect compilers know them
            # (an fx_2_0 or fx_5_0 `PixelShader p = …;` is a PixelShader variable, not a "pixelshader" kind)
            name = _CASELESS_TYPES.get(spelled, spelled)
        num = self._numeric(name, t)
        if num is not None:
            return num
        if name in ("vector", "matrix"):
            if not self.accept("<"):
                return FLOAT4 if name == "vector" else NumType(FLOAT, 4, 4, "m")
            norm = self._template_norm()
            base = self.parse_type()
            if norm is not None and not (isinstance(base, NumType) and base.base in (FLOAT, DOUBLE)):
                raise self.error(f"{norm.text} can not be used with type", norm, 3085)
            # the element is judged after the counts: ``vector<S>``, ``matrix<float2>`` are X3000 at the ``>``,
            # ``vector<S, 5>`` X3052 (d3dcompiler_47 10.1, session 45 ACC; DXC cpp-errors' ``matrix<ns::s>``)
            self.expect(",")
            r = self.const_int(template=True, what=name)
            c = 0
            if name == "matrix":
                self.expect(",")
                c = self.const_int(template=True, what=name)
            self.expect(">")
            if not 1 <= r <= 4:
                raise self.error(f"{name} dimension must be between 1 and 4", t, 3052 if name == "vector" else 3053)
            if name == "matrix" and not 1 <= c <= 4:
                raise self.error("matrix dimensions must be between 1 and 4", t, 3053)
            if not isinstance(base, NumType) or base.shape != "s":
                # fxc's X3122 (vector) / X3123 (matrix), recorded in DXC's SemaHLSL template-checks
                raise self.error(f"{name} element type must be a scalar type", t, 3122 if name == "vector" else 3123)
            # the element's precision stays (``vector<half, 3>`` is a half3: a global of it is X3650). The template
            # spelling reflects as "<anonymous>" (fxc 10.1 under Wine, session 35: ``vector<float, 3> v;`` in a
            # cbuffer; bare ``vector`` is float4; tests/test_rules_hlsl_fxc_layout_names.py); a min-precision
            # element keeps its own name (the alias also keys min-precision overloads: overload._type_key)
            alias = "<anonymous>" if base.prec is None else None
            return NumType(base.base, 1, r, "v", prec=base.prec, alias=alias) if name == "vector" else \
                NumType(base.base, r, c, "m", prec=base.prec, alias=alias)
        rov = name.startswith("RasterizerOrdered") and "RW" + name[17:] in OBJECT_KINDS
        if rov:
            name = "RW" + name[17:]  # ROVs compile like their RW counterparts (ordering is a runtime property)
        if name in _LOWER_TEXTURES:
            name = _LOWER_TEXTURES[name]  # fxc accepts the d3d9-style lowercase spellings
        if name == "texture" and self.at("<"):
            raise self.error("'texture' cannot take template arguments", t, 3000)
        if name in OBJECT_KINDS:
            elem: Type | None = None
            samples = 0
            norm = None
            if self.accept("<"):
                norm_tok = self.next() if self.tok.text in ("unorm", "snorm") else None
                norm = norm_tok.text if norm_tok is not None else None
                if norm_tok is not None and self.tok.text in OBJECT_KINDS:
                    raise self.error()  # ``RWBuffer<snorm Texture2D>``: fxc's syntax error at the object's name
                spelled = self.tok.text
                elem = self.parse_type()
                if norm_tok is not None and (not isinstance(elem, NumType) or spelled in self.types or
                                             concrete(elem.base) != FLOAT and elem.base != DOUBLE):
                    # (a typedef's name too: ``Texture2D<unorm F>`` of ``typedef float F``, as for a variable)
                    # the float family, double included, as for a variable (modifiers.py): d3dcompiler_47 10.1's
                    # X3085 at the word, for every templated kind (session 43: ``RWBuffer<snorm uint>``)
                    raise self.error(f"{norm} can not be used with type", norm_tok, 3085)
                # a count only for the multisampled textures and the patches: elsewhere fxc's grammar has no
                # second argument (``Texture2D<float, 4>``, ``Buffer<float, 4>`` are X3000 at the ',', 10.1)
                counted = name in _MS_KINDS | _PATCH_KINDS and self.accept(",")
                if name in _PATCH_KINDS and not counted:
                    raise self.error()  # a patch's count is no option: fxc's syntax error at the '>' (10.1, session 46)
                if counted:
                    samples = self.const_int(template=True, what="patch" if "Patch" in name else "samples")
                self.expect(">")
                bad = element_error(name, elem)  # X3124 / X3037 as the type is read (templates.py)
                if bad is not None:
                    raise self.error(bad[1], t, bad[0])
                if name in ("InputPatch", "OutputPatch") and counted and samples == 0:
                    # fxc reduces the type as it parses: X3020 "vertex count must be non-zero" at it, wherever it
                    # stands (global, parameter, local, typedef; before a later type error), d3dcompiler_47 10.1
                    raise self.error("vertex count must be non-zero", t, 3020)
                if name in _MS_KINDS and counted and samples == 0:
                    # the count as an integer (``.5``, ``0u``, ``false``, ``1 - 1`` are 0; ``-1``, ``1.5`` compile):
                    # X3020 at the type, every target (d3dcompiler_47 10.1, session 46 EFX)
                    raise self.error("sample count must be non-zero", t, 3020)
                if name in _MS_KINDS and not samples and self.file_target and self.file_target.startswith("fx_") \
                        and self.file_target.endswith("_4_0"):
                    # the sample count may be left out from shader model 4.1 on (the to-type page's form
                    # states it; fxc accepts the bare form at 4_1+); an effect file's declaration at fx_4_0 stays
                    # an error (number not recorded: X3000 inferred). A shader's is judged where the texture is
                    # used: cglisting's check_unsized_msaa, fxc's X4539
                    raise self.error(f"{name} needs a sample count below shader model 4.1", t, 3000)
            elif name in _TEMPLATE_REQUIRED:  # fxc's grammar has no bare form: a syntax error at the next token
                raise self.error()
            return ObjectType(name, elem, samples, norm, rov=rov)
        if name in D3D12_BUFFERS and self._sm51():  # outside a global, parameter or local (parse_sm51)
            raise NotSupportedError(f"shader model 5.1: {name}<T> here (a struct member, typedef or cast) "
                                    "is not built")
        raise self.error(f"unrecognized type '{name}'", t, 3000)

    def _template_norm(self) -> Token | None:
        """The one ``snorm``/``unorm`` a ``vector<…>``/``matrix<…>`` element type may carry (DXC's SemaHLSL
        typemods-syntax records fxc accepting ``matrix<snorm float, 2, 3>``; a second normalisation modifier
        is a syntax error at it, and a majority modifier inside the brackets one at the majority: fxc X3000)."""
        if self.tok.text not in ("snorm", "unorm"):
            if self.tok.text in ("row_major", "column_major"):
                raise self.error()
            return None
        norm = self.next()
        if self.tok.text in ("snorm", "unorm", "row_major", "column_major"):
            raise self.error()
        return norm

    def _struct_has_methods(self) -> bool:
        """``struct Name [: Base] { ... }`` whose body declares a function: an identifier followed by '('
        at the body's top level (fields never have one there)."""
        k = 2
        while self.peek(k).text not in ("{", ";") and self.peek(k).kind != "eof":
            k += 1
        if self.peek(k).text != "{":
            return False
        depth = 0
        while self.peek(k).kind != "eof":
            t = self.peek(k).text
            if t in ("{", "("):
                if t == "(" and depth == 1 and self.peek(k - 1).kind == "id":
                    return True
                depth += 1
            elif t in ("}", ")"):
                depth -= 1
                if depth == 0:
                    return False
            k += 1
        return False

    def const_int(self, template: bool = False, dimension: bool = False, what: str = "") -> int:
        # inside <...> a '>' closes the template argument list: parse above the relational level -- and, in a vector's
        # or a matrix's, above the shifts (d3dcompiler_47 10.1, session 46: ``vector<float, 1 << 2>`` and a nested
        # ``Buffer<vector<int, 2>>`` are X3000 at the shift token; ``InputPatch<D, 8 >> 1>`` compiles)
        e = self.parse_binary(8 if what in ("vector", "matrix") else 7) if template else self.parse_ternary()
        if dimension and not dimension_ops_ok(e):
            raise self.error("array dimensions must be literal scalar expressions", code=3058)
        if template:
            check_constructors(e)  # a constructor's arity first (early_names: X3014)
        v = const_eval(e)
        if v is None:
            v = eval_const(e, self.consts, scalar=dimension, calls=True)
        if v is None and dimension:
            # an array size naming nothing declared is X3004 as it is read -- a parameter's, a member's, a typedef's
            # too (a function's name X3005); a variable's is the size's X3058 (d3dcompiler_47 10.1, session 46)
            check_names(self, e, members=True, local=True)
        if v is None and template and not self.block_depth:
            # a global's template count naming nothing declared (``vector<float, NUM> v;``): fxc's X3004 first
            # (d3dcompiler_47 10.1, session 42; DXC invalid-longvec-decls)
            check_names(self, e, members=True)
        if v is None and template:
            # a literal written (``InputPatch<D, 3++>``, ``(2 = 2)``): X3025 "l-value specifies const object" as the
            # count is read, before its template's own words (d3dcompiler_47 10.1, session 45; ``(3 += 1)`` is 4)
            for n in _nodes(e):
                target = n.target if isinstance(n, A.Assign) and n.op == "=" else n.a if isinstance(n, A.Postfix) or \
                    isinstance(n, A.Unary) and n.op in ("++", "--") else None
                if isinstance(target, A.Literal):
                    raise self.error("l-value specifies const object", n, 3025)
        if v is None and what in COUNT_ERRORS:  # a count of no constant value: the template's own words
            raise self.error(COUNT_ERRORS[what][1], code=COUNT_ERRORS[what][0])
        if v is None or isinstance(v, float) and not math.isfinite(v):  # (a float division by zero: no size)
            raise self.error("expected a literal integer expression", code=3058)
        return int(v)

    def parse_struct(self) -> StructType:
        self.expect("struct")
        name = ""
        if self.tok.kind == "id" and not self.at("{"):
            name = self.decl_name(scope="" if self.block_depth else "global").text
            if not self.at("{") and not self.at(":"):
                st = self.types.get(name)
                if isinstance(st, StructType) and st.name == name:  # a struct tag, not a typedef of one
                    return st
                if st is not None:
                    # ``struct myfloat a;`` of a typedef (of a struct, a number or an object): d3dcompiler_47 10.1's
                    # X3003 "redefinition of type with struct/class" as it parses, wherever it stands (session 41)
                    raise self.error("redefinition of type with struct/class", code=3003)
                raise self.error(f"undeclared struct '{name}'")
        if name and name in self.type_scopes[-1]:  # a second definition of the name in one scope (X3003)
            raise self.error(f"redefinition of '{name}'", code=3003)
        if name:
            self.type_scopes[-1].add(name)
            self.value_names.discard(name)  # the type hides a variable of an outer scope
            if self.block_depth == 0 and not self._struct_stack:
                self.declare_global(name, "type", self.toks[self.i - 1])
        st = StructType(name)
        outer = self._struct_stack
        if not name and outer:  # fxc reflects an anonymous member struct as "Outer::<unnamed>" (reflect.py)
            st.scoped_name = f"{outer[-1].name or outer[-1].scoped_name or '<unnamed>'}::<unnamed>"
        inherited = 0
        if name and self.accept(":"):  # `struct b : a`: a's fields come first; b's may shadow them
            base_tok = self.tok
            bases = [self._base_type()]
            while self.accept(","):
                bases.append(self._base_type())
            base = bases[0]
            if not isinstance(base, StructType) or len(bases) > 1 or base.name != base_tok.text:
                # fxc's X3094 (DXC builtin-types-no-inheritance.hlsl): a numeric type, a typedef of a struct
                # (``typedef a SA; struct c : SA``), a second base (d3dcompiler_47 10.1, session 40)
                raise self.error("base type is not a struct, class or interface", base_tok, 3094)
            st.fields.extend(base.fields)
            inherited = len(base.fields)
            st.inherits = base
        if name:
            self.types[name] = st
        self.expect("{")
        mark = len(self.member_consts)
        self._struct_stack = [*outer, st]
        shadowed = set(self.shadowed)  # a member named like a numeric type hides it to the closing brace
        values = set(self.value_names)  # (a member is no operand outside its struct)
        try:
            self._struct_body(st, inherited)
        finally:
            self._struct_stack = outer
            self.shadowed, self.value_names = shadowed, values
        self.end_member_consts(mark)
        return st

    def _base_type(self) -> Type:
        """One type of a struct's base list: a name -- a struct, a numeric type or a typedef; ``vector``,
        ``matrix``, ``string``, an object type or anything but a name is fxc's syntax error at it (d3dcompiler_47
        10.1, session 40: ``struct c : vector<float, 4>``, ``: Texture2D``, ``: ~a``, ``: (a)``)."""
        self.check_base_token()
        return self.parse_type()

    def reject_packoffset(self) -> None:
        """``: packoffset(…)`` outside a cbuffer's members -- a parameter, a return value, a struct member, a local,
        a global -- is X3091 "packoffset is only allowed in a constant buffer" where fxc's parser meets it, whatever
        it holds (d3dcompiler_47 10.1, session 40; a global's without ``;`` after it too); without its parentheses
        it is the syntax error at the next token."""
        if not self.at("packoffset") or self.peek().text != "(":
            return
        tok = self.next()
        self.next()
        # its clause is read first: ``packoffset(c0 ++)``, ``packoffset((c0))`` are the syntax error inside it
        if self.tok.kind != "id":
            raise self.error()
        self.next()
        if self.accept("."):
            if self.tok.kind != "id":
                raise self.error()
            self.next()
        self.expect(")")
        raise self.error("packoffset is only allowed in a constant buffer", tok, 3091)

    def check_base_token(self) -> None:
        """The syntax of one name of a base list (``_base_type``; classes.parse_type_decl's too)."""
        t = self.tok
        if t.kind != "id" or t.text in ("vector", "matrix") or t.text.lower() in ("string", "texture", "sampler") or \
                t.text in OBJECT_KINDS or t.text in _LOWER_TEXTURES or t.text in ("public", "private", "protected"):
            raise self.error()  # (an access word: ``class C : public B`` is X3000 at it, fxc 10.1, session 45)

    def _struct_body(self, st: StructType, inherited: int) -> None:
        """The member declarations of ``st`` up to its closing brace."""
        while not self.accept("}"):
            mods = self.parse_mods()
            type_tok = self.tok
            ftype = self.parse_type()
            mods |= self.post_type_mods()
            self.check_type_mods(mods, ftype, type_tok)
            while True:
                ftok = self.tok
                fname = self.decl_name(local=True).text
                self.reject_export(mods, after_name=True)
                ft = self.parse_array_suffix(ftype)
                a = ft
                while isinstance(a, ArrayType):
                    if a.count == 0:  # no initialiser can size a member
                        owner = f"{st.name}::" if st.name else ""  # fxc: 'foo2::a' (DXC incomp_array_err)
                        raise self.error(f"'{owner}{fname}': array dimensions of struct/class members must be "
                                         "explicit", ftok, 3072)
                    a = a.elem
                sem = None
                while self.accept(":"):  # several semantics: the last one counts
                    self.reject_packoffset()
                    sem = self.ident().text
                if self.at("<") and self.peek().text == ">":  # an empty list compiles (10.1, session 38 EFX)
                    self.next()
                    self.next()
                elif self.at("<"):  # d3dcompiler_47 10.1: X3040 (session 38 EFX)
                    from ...effects.fxannot import check_local_annotations

                    owner = f"{st.name}::" if st.name else ""
                    annotated = self.error(f"'{owner}{fname}': struct/class members cannot have annotations", ftok,
                                           3040)
                    # the list is read and judged first, as a local's (session 45 EFX: ``float4 f < int a = "s";
                    # >;`` X3017, ``< int a = 1 >;`` X3000), then X3040 -- before a default value's X3009
                    check_local_annotations(self, ftok.pos.file or "")
                    raise annotated
                if not ("static" in mods and "const" in mods) and self.accept("="):
                    # a default value is read (its syntax error first: ``float f = ;``) and refused as the member is
                    # reduced, X3009 at its name (d3dcompiler_47 10.1, session 42 EFX, at ps_4_0 to fx_5_0; a
                    # static non-const member's too) -- a static const member's initialiser defines it
                    # (check_static_member: fxc 10.1 compiles ``struct S { static const int K = 5; };``)
                    value = self.parse_initializer() if self.at("{") else self.parse_assign()
                    from ...effects.fxannot import member_default_error

                    # the value is typed first: a name declared nowhere X3004, a constructor's count X3014, a
                    # number for an object or a string for a number X3017 (10.1, session 46 EFX)
                    typed = member_default_error(fname, ft, value, list(getattr(self, "program_decls", None) or []),
                                                 self.consts, ftok.pos.file or "")
                    if typed is not None:
                        raise typed
                    owner = f"{st.name}::" if st.name else "<unnamed>::"
                    raise self.error(f"'{owner}{fname}': struct/class members cannot have default values", ftok, 3009)
                ft = self._apply_major(ft, mods)
                self.check_mods("field", mods, fname, ftok.pos)
                from .classes import check_not_containing, check_not_member

                check_not_member(self, ft, st.name, fname, ftok)
                check_not_containing(self, ft, st, fname, ftok)
                if any(f[0] == fname for f in st.fields[inherited:]):
                    raise self.error(f"redefinition of '{fname}'", code=3003)
                if not self.check_static_member(st.name, fname, mods, ftok, ft):
                    st.fields.append((fname, ft, sem, frozenset(mods)))
                if not self.accept(","):
                    break
            self.expect(";")

    def _apply_major(self, t: Type, mods: set) -> Type:
        if isinstance(t, NumType) and t.shape == "m" and ("row_major" in mods or "column_major" in mods):
            return NumType(t.base, t.rows, t.cols, "m", "row_major" in mods, prec=t.prec, alias=t.alias)
        if isinstance(t, ArrayType):
            return ArrayType(self._apply_major(t.elem, mods), t.count, alias=t.alias)
        return t

    def parse_array_suffix(self, t: Type, variable: bool = False, param: bool = False) -> Type:
        """``[n]…`` after a declarator. ``variable``: a variable's declarator (global, local, cbuffer member),
        where an implicit dimension after the first is X3073; typedefs and struct members report any implicit
        dimension as X3072 later (DXC incomp_array_err.hlsl: ``typedef float A[2][]``; ``class foo5 { int a[2][];
        }``). ``param``: a parameter's, X3073 as a variable's (d3dcompiler_47 10.1, session 35: ``float t[2][]``;
        an implicit first dimension is arraysizes.py's X3072)."""
        dims = []
        while self.at("["):
            open_tok = self.next()
            if self.accept("]"):
                if dims and (variable or param):  # ERR_ARRAY_IMPLICIT_ORDER (DXC invalid-unbounded-resource-arrays.hlsl: ``Buf[3][]``, ``[3][][2]``)
                    raise self.error("secondary array dimensions must be explicit", open_tok, 3073)
                dims.append(0)
                continue
            tok = self.tok
            n = self.const_int(dimension=True)
            if n == 0 and not dims and variable and self.unbounded_zero(t):  # 5.1: ``[0]`` first is ``[]``
                dims.append(0)
                self.expect("]")
                continue
            if not 1 <= n <= 65536:  # fxc's bound on one array dimension, judged at the ``]`` (10.1, session 48
                # EFX: ``float2 arr[0b1];`` is X3000 at ``b1``, ``arr[0 x]`` at ``x``, ``arr[0;`` at ``;``)
                if not self.at("]"):
                    raise self.error()
                raise self.error("array dimension must be between 1 and 65536", tok, 3059)
            dims.append(n)
            self.expect("]")
            if math.prod(dims) > 1 << 20:  # beyond any D3D11 storage (x#, cbuffers: 4096 registers)
                raise self.error("array is too large", tok, 3059)
        for d in reversed(dims):
            t = ArrayType(t, d)
        return t


def const_eval(e: A.Node) -> int | float | None:
    """Integer/float constant folding of a parse-time expression (array sizes, case labels)."""
    if isinstance(e, A.Literal) and isinstance(e.value, (int, float, bool)):
        return e.value
    if isinstance(e, A.Unary):
        v = const_eval(e.a)
        if v is None:
            return None
        return UNARY[e.op](v) if e.op in UNARY else None
    if isinstance(e, A.Binary):
        a, b = const_eval(e.a), const_eval(e.b)
        if a is None or b is None or e.op in ("/", "%") and not b:
            return None
        # C's arithmetic, shared with constexpr (integer division truncates toward zero: -7 / 2 is -3)
        return fold_binary(e.op, a, b)
    if isinstance(e, A.Cast) and isinstance(e.type, NumType):
        v = const_eval(e.a)
        if v is None:
            return None
        return to_int(v, e.type.base) if e.type.base in ("int", "uint") else float(v)
    return None


def _nodes(e: A.Node):
    """``e`` and every node below it."""
    stack = [e]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(A.children(n))
