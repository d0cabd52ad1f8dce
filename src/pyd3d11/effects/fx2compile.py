"""The ``fx_2_0`` compile target (Direct3D 9 effects): effect source -> :class:`fx2binary.Fx2Effect`.

Built: global parameters of every type class (scalar, vector, matrix, struct, arrays, string and
texture/sampler/shader objects) with semantics, annotations and initial values (literal expressions, intrinsics
of constants: the compiler's code for them run on the reference executor, shader.hlsl.foldinit); techniques and
passes with their annotations. D3D9 annotation syntax (MicrosoftDocs "Annotation Syntax (DirectX HLSL)"):
``<type name = value; ...>`` with comma-separated declarators and a majority modifier; annotation initialisers are
literal expressions (a name of another annotation is no constant), and annotation names are unique within one
list. Pass state assignments and ``sampler_state`` blocks
(arrays of them too) follow the :mod:`.fx2states` table: literal values, enumeration names, ``compile vs_2_0 f()``
shaders (compiled with the project's Direct3D 9 targets, stored as resources; ``compile vs_2_0 f(1, true)`` binds
f's uniform parameters to the arguments, MicrosoftDocs direct3d9 "Shader States", one shader object per distinct
argument list), object references (``Texture[0] = <tex>;``, resources naming the parameter), numeric variable
references (``MinFilter[0] = <g_MinFilter>;``) and array selectors (``VertexShader = (vs[n]);``) as the effect
expression programs fxc writes (:mod:`.fx2preshader`). The binary's details (value classes and types, sampler
block indices, the matrix layout, object entries) follow fxc's objects (tools/d3d9_effects). Not built
(NotSupportedError naming the feature): state expressions that compute (``FogStart = a * 2``, ``vs[n + 1]``),
shader-constant states, asm blocks, state blocks, fragments.
"""

from __future__ import annotations

import dataclasses
import re
import struct
from collections.abc import Callable, Iterator

from ..errors import NotSupportedError
from ..headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY, D3DCOMPILE_NO_PRESHADER
from ..shader.hlsl import ast as A
from ..shader.hlsl.check import string_braces_error
from ..shader.hlsl.compiler import compile_hlsl
from ..shader.hlsl.constexpr import const_value, leaf_bases
from ..shader.hlsl.diagnostics import HlslError
from ..shader.hlsl.foldinit import effect_initial_value, sized_type
from ..shader.hlsl.nullvalue import braced as braced_null
from ..shader.hlsl.nullvalue import is_null, null_or_string
from ..shader.hlsl.preprocessor import preprocess
from ..shader.hlsl.targets import _PS_1_X
from ..shader.hlsl.types import ArrayType, NumType, ObjectType, StructType, Type, array_leaf
from . import fx2binary as B
from . import fx2states
from .fx2asm import assemble, shader_kind
from .fx2expr import expression_program, reads_parameter
from .fx2preshader import reference_program, selector_resource
from .fxannot import braced_other_kind, check_annotation_names, global_names, static_const_names, string_const
from .fxcompile import (
    _bind_uniforms,
    _check_block_initialisers,
    _node_key,
    _substitute,
    braced_shader,
    is_shader_expression,
)
from .fxfuncs import check_compile_arguments, check_effect_functions, undefined_variable
from .fxparse import Annotation, EffectParser, StateEntry, literal_number
from .fxsalvage import check_names_in_order, first_parse_time_error, lex_effect

#: HLSL object kinds -> D3DXPARAMETER_TYPE (d3dx9shader.h)
#: the object kinds of Direct3D 10 and later that fx_2_0 leaves out of its parameters (d3dcompiler_47 10.1, session
#: 38 EFX: textures D3DX9 has none of, Buffer, the geometry shader, the state objects and views; the structured, raw,
#: UAV, compute/hull/domain shader kinds fail)
_NO_D3DX_TEXTURE = frozenset({"Texture1DArray", "Texture2DArray", "Texture2DMS", "Texture2DMSArray", "TextureCubeArray",
                              "Buffer", "GeometryShader", "BlendState", "DepthStencilState", "RasterizerState",
                              "RenderTargetView", "DepthStencilView", "SamplerComparisonState"})
_OBJECT_PT = {
    "texture": "TEXTURE", "Texture": "TEXTURE", "Texture1D": "TEXTURE1D", "Texture2D": "TEXTURE2D",
    "Texture3D": "TEXTURE3D", "TextureCube": "TEXTURECUBE", "sampler": "SAMPLER", "SamplerState": "SAMPLER",
    "sampler1D": "SAMPLER1D", "sampler2D": "SAMPLER2D", "sampler3D": "SAMPLER3D", "samplerCUBE": "SAMPLERCUBE",
    "PixelShader": "PIXELSHADER", "VertexShader": "VERTEXSHADER", "string": "STRING",
}
#: numeric bases -> D3DXPARAMETER_TYPE (half and double are stored as FLOAT, uint as INT in D3D9 effects)
_NO_D3DX_COMPONENT = frozenset({"double", "min16float", "min10float", "min16int", "min12int", "min16uint"})
_NUMERIC_PT = {"bool": "BOOL", "int": "INT", "uint": "INT", "dword": "INT", "float": "FLOAT", "half": "FLOAT",
               "double": "FLOAT", "min16float": "FLOAT", "min10float": "FLOAT", "min16int": "INT",
               "min12int": "INT", "min16uint": "INT"}
#: D3D9 effect type words fxc takes in any letter case at fx_2_0 (effect-variables: ``teXture tex3;``)
_CASELESS = {"texture": "texture"}


class Fx2Parser(EffectParser):
    """The effect parser at fx_2_0: the annotation grammar is the one of every effect target
    (fxparse.EffectParser.annotation_declaration: d3dcompiler_47 10.1 answers alike at fx_2_0 and fx_4/fx_5)."""


class _Ctx:
    def __init__(self, file: str) -> None:
        self.file = file
        self.eff = B.Fx2Effect()
        self.consts: dict = {}
        self.static_consts: dict = {}  #: the declarations an annotation may read, by name (fxannot)
        self.global_names: set[str] = set()
        self.params: dict[str, B.Fx2Param] = {}
        #: parameters declared row_major (their expression programs read them by rows)
        self.row_major: dict[str, bool] = {}
        self.shader_cache: dict[tuple, bytes] = {}
        self.source, self.defines, self.include_open, self.flags = "", None, None, 0
        #: stateblock variables: name -> their state entries
        self.state_blocks: dict[str, list] = {}
        #: the program's declarations and function names (a shader parameter's initialiser check)
        self.decls: list = []
        self.funcs: set[str] = set()

    def error(self, pos, msg: str, code: int = 3000) -> HlslError:
        if pos is None:
            return HlslError(self.file, 1, 1, code, msg)
        return HlslError(pos.file or self.file, pos.line, pos.col, code, msg)

    def new_object(self) -> int:
        oid = self.eff.object_count
        self.eff.object_count += 1
        return oid


def fx2_type(t: Type, name: str = "", semantic: str | None = None, ctx: _Ctx | None = None, pos=None) -> B.Fx2Type:
    """The D3DX type definition of an HLSL type (arrays give the element count of their element type)."""
    elements = 0
    if isinstance(t, ArrayType):
        if isinstance(t.elem, ArrayType):
            raise NotSupportedError("fx_2_0: multi-dimensional array parameters")
        elements, t = t.count, t.elem
        if not elements:  # an implicit size no initialiser list gave (see foldinit.sized_type)
            raise (ctx or _Ctx("")).error(pos, f"'{name}': array dimensions must be literal integers", 3058)
    sem = semantic or ""
    if isinstance(t, NumType):
        if (t.prec or t.base) in _NO_D3DX_COMPONENT:
            # D3DX9's types have no such component: d3dcompiler_47 10.1 fails a double or minimum-precision
            # parameter, annotation or struct member ("ID3DXEffectCompiler: Unexpected component type", no error
            # number); a static one is no parameter and compiles
            raise (ctx or _Ctx("")).error(pos, f"'{name}': unexpected component type '{t.prec or t.base}' "
                                               "(ID3DXEffectCompiler)")
        pt = B.D3DXPT[_NUMERIC_PT.get(t.base, "FLOAT")]
        if t.shape == "m":
            # fxc writes every matrix parameter as D3DXPC_MATRIX_ROWS, a column-major RxC matrix as C rows of R (its
            # SDK effect objects: every default float4x4 has class 2, MultiAnimation's ``float4x3 amPalette[26]`` is 3
            # rows of 4). d3dcompiler_47 10.1 describes a row_major one alike (session 38 EFX); here it stays R rows
            # of C, which the preshader's reads of row_major parameters (fx2preshader) are built on -- not built
            if not t.row_major:
                return B.Fx2Type(pt, B.D3DXPC_MATRIX_ROWS, name, sem, elements, t.cols, t.rows)
            cls = B.D3DXPC_MATRIX_ROWS
        else:
            cls = B.D3DXPC_VECTOR if t.shape == "v" else B.D3DXPC_SCALAR
        return B.Fx2Type(pt, cls, name, sem, elements, t.rows, t.cols)
    if isinstance(t, StructType):
        members = [fx2_type(ft, fname, fsem, ctx, pos) for fname, ft, fsem, _m in t.fields]
        if any(m.pclass == B.D3DXPC_OBJECT for m in members):
            raise (ctx or _Ctx("")).error(pos, f"'{name}': structs holding objects cannot be effect parameters")
        return B.Fx2Type(B.D3DXPT["VOID"], B.D3DXPC_STRUCT, name, sem, elements, members=members)
    if isinstance(t, ObjectType):
        kind = _OBJECT_PT.get(t.kind) or ("TEXTURE" if t.kind.startswith("Texture") else None)
        if kind is None:
            raise NotSupportedError(f"fx_2_0: {t.kind} parameters")
        return B.Fx2Type(B.D3DXPT[kind], B.D3DXPC_OBJECT, name, sem, elements)
    raise NotSupportedError(f"fx_2_0: parameters of type {t}")


def _numeric_bytes(ft: B.Fx2Type, vals: list) -> bytes:
    """Values in initialiser order, one DWORD each. Matrices of either class keep row order: the D3DX9 runtime
    copies the value as its parameter data and reads element (i, k) at ``i * columns + k`` whatever the class
    (Wine's d3dx9 get_matrix; GetMatrixTranspose transposes on reading)."""
    leaves = _leaf_types(ft)
    out = bytearray()
    for (pt, _cls, _rows, _cols), chunk in leaves:
        for v in vals[chunk[0]:chunk[1]]:
            if pt == B.D3DXPT["FLOAT"]:
                out += struct.pack("<f", float(v))
            elif pt == B.D3DXPT["BOOL"]:
                out += struct.pack("<I", 1 if v else 0)
            else:
                out += struct.pack("<I", int(v) & 0xFFFFFFFF)
    return bytes(out)


def _leaf_types(ft: B.Fx2Type, start: int = 0) -> list:
    out = []
    for _ in range(max(1, ft.elements)):
        if ft.pclass == B.D3DXPC_STRUCT:
            for m in ft.members:
                sub = _leaf_types(m, start)
                out += sub
                start = sub[-1][1][1] if sub else start
        else:
            n = ft.rows * ft.cols
            out.append(((ft.ptype, ft.pclass, ft.rows, ft.cols), (start, start + n)))
            start += n
    return out


def _null_items(init: A.Node) -> bool:
    """``NULL`` itself (10.1 fails ``Texture2D t[2] = {NULL, NULL};``: "There was an error initializing the
    compiler"; not built, NotSupportedError)."""
    return isinstance(init, A.Ident) and init.name == "NULL"


def _value(ctx: _Ctx, ft: B.Fx2Type, t: Type, init: A.Node | None, what: str, pos) -> bytes:
    """The value bytes of a parameter or annotation: object ids for objects, packed numbers otherwise."""
    n = max(1, ft.elements)
    if ft.pclass == B.D3DXPC_OBJECT and B.D3DXPT["SAMPLER"] <= ft.ptype <= B.D3DXPT["SAMPLERCUBE"]:
        return b""  # the value is the sampler_state blocks (compile_fx2 fills Fx2Param.sampler_states)
    if ft.pclass == B.D3DXPC_OBJECT:
        ids = [ctx.new_object() for _ in range(n)]
        if ft.ptype == B.D3DXPT["STRING"]:
            found = string_braces_error(what.strip("'"), init, t) if isinstance(init, A.InitList) else None
            if found is not None:
                raise ctx.error(pos, found[1], found[0])
            items = init.items if isinstance(init, A.InitList) else [init] if init is not None else []
            for oid, v in zip(ids, items + [None] * (n - len(items)), strict=False):
                if isinstance(v, A.Ident) and v.name == "NULL":
                    # a NULL string, an annotation's or a variable's: an object with no string (fxc 10.1's objects,
                    # sessions 42 and 47: ``string s = NULL;`` compiles at fx_2_0)
                    v = None
                if v is not None and not (isinstance(v, A.Literal) and isinstance(v.value, str)):
                    if isinstance(init, A.InitList):  # braces: another item is an object with no string (fxc)
                        continue
                    if isinstance(v, A.Ident) and v.name.upper() == "NULL":  # `null` names nothing (10.1: X3004)
                        raise ctx.error(v.pos, f"undeclared identifier '{v.name}'", 3004)
                    raise ctx.error(pos, "cannot implicitly convert to 'const string'", 3017)
                if v is not None:  # an uninitialised string has no string object (fxc 10.1, session 39: `string s;`)
                    ctx.eff.strings[oid] = _unescape(v.value)
        elif ft.ptype in (B.D3DXPT["VERTEXSHADER"], B.D3DXPT["PIXELSHADER"]) and init is not None:
            items = init.items if isinstance(init, A.InitList) else [init]
            prefix = "vs" if ft.ptype == B.D3DXPT["VERTEXSHADER"] else "ps"
            for oid, v in zip(ids, items, strict=False):
                if isinstance(v, A.Ident) and v.name.upper() == "NULL":
                    continue
                if isinstance(v, A.AsmBlock):
                    # of the other kind: X3017 as a shader target's variable (check.check_compile_shader), but not in
                    # braces, which take any (d3dcompiler_47 10.1, session 43: ``PixelShader p[2] = { asm { vs_2_0 …
                    # }, NULL };`` compiles)
                    ctx.eff.blobs[oid] = assemble(v.lines, ctx.file) if isinstance(init, A.InitList) else \
                        _assemble(ctx, v, prefix, 3017)
                    continue
                if not (isinstance(v, A.Call) and v.name == "CompileShader"):
                    if isinstance(init, A.InitList):  # braces: another item is a NULL shader (fxcompile.braced_shader)
                        continue
                    if literal_number(v) is not None:  # (fxc: "cannot implicitly convert from 'int' to …")
                        raise ctx.error(pos, f"cannot implicitly convert to 'const {t}'", 3017)
                    _shader_number(ctx, v, t, pos, what.strip("'"))
                    raise ctx.error(pos, f"{what}: a shader needs compile profile function()")
                ctx.eff.blobs[oid] = _compile_shader(ctx, v, prefix, pos)
        elif init is not None and not (B.D3DXPT["TEXTURE"] <= ft.ptype <= B.D3DXPT["TEXTURECUBE"] and
                                       _null_items(init)):
            if isinstance(init, A.Ident) and init.name.upper() == "NULL":  # `null` names nothing (10.1: X3004)
                raise ctx.error(init.pos, f"undeclared identifier '{init.name}'", 3004)
            raise NotSupportedError(f"fx_2_0: initial values of {what}")
        elif B.D3DXPT["TEXTURE"] <= ft.ptype <= B.D3DXPT["TEXTURECUBE"]:
            # (``Texture2D t = NULL;`` is the texture with no initialiser: fxc 10.1's objects, session 45 EFX)
            # a texture parameter's objects are listed in the object section with no data (fxc's objects)
            ctx.eff.blobs.update((oid, b"") for oid in ids)
        return struct.pack(f"<{n}I", *ids)
    if init is None:
        return b"\0" * (4 * ft.scalars() * n)
    # computed by the instructions the compiler emits for it, run on the reference executor (foldinit.py: one
    # definition of every operation, intrinsics included; doubles too)
    if braced_null(init, null_or_string(lambda e: is_null(e, ctx.global_names))):
        return b"\0" * (4 * ft.scalars() * n)  # zeros for a brace list holding NULL (shader/hlsl/nullvalue.py)
    cv = effect_initial_value(t, init, ctx.consts, pos)
    if cv is None:
        if is_shader_expression(init):  # (fxc: "cannot implicitly convert from 'const PixelShader' to …")
            raise ctx.error(pos, f"cannot implicitly convert a shader to 'const {t}'", 3017)
        if braced_shader(init):  # zeros (fxcompile.braced_shader)
            return b"\0" * (4 * ft.scalars() * n)
        raise ctx.error(pos, f"{what}: initial value must be a literal expression", 3011)
    return _numeric_bytes(ft, _effect_order(t, list(cv.vals)))


def _effect_order(t: Type, vals: list) -> list:
    """Initialiser values in the effect's layout: the source order, a matrix of either majority included
    (d3dcompiler_47 10.1, session 38 EFX: ``float2x3 a = {1, 2, 3, 4, 5, 6};`` is stored 1 … 6)."""
    out: list = []
    pos = 0

    def walk(t: Type) -> None:
        nonlocal pos
        if isinstance(t, ArrayType):
            for _ in range(t.count):
                walk(t.elem)
        elif isinstance(t, StructType):
            for _n, ft, _s, _m in t.fields:
                walk(ft)
        elif isinstance(t, NumType):
            n = t.rows * t.cols
            chunk = vals[pos:pos + n]
            pos += n
            out.extend(chunk)
    walk(t)
    return out


_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]+|[0-7]{1,3}|.)")
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _unescape(text: str) -> str:
    """A string literal's value: C escape sequences replaced (fxc stores SDK specular.fx's ``"misc\\\\teapot.x"``
    as ``misc\\teapot.x``); ``\\x`` hexadecimal and ``\\ooo`` octal codes, other escaped characters stand for
    themselves (``\\"``, ``\\\\``, ``\\'``, ``\\?``)."""
    def one(m: re.Match) -> str:
        body = m.group(1)
        if body[0] == "x":
            return chr(int(body[1:], 16) & 0xFF)
        if body[0] in "01234567":
            return chr(int(body, 8) & 0xFF)
        return _SIMPLE_ESCAPES.get(body, body)
    return _ESCAPE.sub(one, text)


def _annotations(ctx: _Ctx, items: list[Annotation]) -> list[B.Fx2Param]:
    out = []
    check_annotation_names(items, ctx.static_consts, ctx.global_names, ctx.file)
    for a in items:
        t = sized_type(a.type, a.value, ctx.consts, a.pos)  # `float a[] = {1, 2};` has two elements
        ft = fx2_type(t, a.name, None, ctx, a.pos)
        if ft.pclass == B.D3DXPC_OBJECT and ft.ptype != B.D3DXPT["STRING"]:
            raise ctx.error(a.pos, f"annotation '{a.name}': only numeric and string annotations are allowed")
        if braced_other_kind(a) and ft.pclass != B.D3DXPC_OBJECT:  # zeros (fxannot)
            out.append(B.Fx2Param(ft, b"\0" * (4 * ft.scalars() * max(1, ft.elements))))
            continue
        raw = _value(ctx, ft, t, string_const(a.value, ctx.static_consts) if a.value is not None else None,
                     f"annotation '{a.name}'", a.pos)
        if isinstance(t, NumType) and t.shape == "m" and t.row_major:
            # a row_major RxC annotation is described as C rows of R like a column-major one, its values as written
            # (d3dcompiler_47 10.1's objects, session 46 EFX: ``< row_major float3x2 m = {1, ..., 6}; >`` is 2x3
            # holding 1 .. 6); a parameter keeps R rows of C here (fx2_type: the preshaders read it so)
            ft = dataclasses.replace(ft, rows=ft.cols, cols=ft.rows)
        out.append(B.Fx2Param(ft, raw))
    return out


# --- state assignments ----------------------------------------------------------------------------------
_OBJECT_KIND = {"vertexshader": "VERTEXSHADER", "pixelshader": "PIXELSHADER", "texture": "TEXTURE",
                "sampler": "SAMPLER"}


def _scalar(ptype: str, raw: bytes, cls: int = B.D3DXPC_SCALAR, rows: int = 1, cols: int = 1) -> B.Fx2Param:
    return B.Fx2Param(B.Fx2Type(B.D3DXPT[ptype], cls, "", "", 0, rows, cols), raw)


_SAMPLER_BLOCK_INDEX = 256


def _states(ctx: _Ctx, entries: list, where: tuple[int, int, int], sampler_block: bool = False) -> list[B.Fx2State]:
    """A pass's or a sampler_state block's assignments. ``where`` is (technique, pass, element) for the
    resources that shader bytecode and parameter references become."""
    out: list[B.Fx2State] = []
    entries = _expand_state_blocks(ctx, entries, sampler_block)
    named: list[tuple[int, fx2states.Fx2StateInfo, int, StateEntry]] = []
    for e in entries:
        if e.call and e.name in ("SetVertexShader", "SetPixelShader") and not sampler_block:
            # the Direct3D 10 spelling of the two D3D9 shader states: d3dcompiler_47 10.1 compiles
            # `SetPixelShader(compile ps_2_0 PS());` in an fx_2_0 pass as `PixelShader = …` (the other state
            # functions fail: "Geometry shader can only be set in fx_4_0 or higher", "unrecognized SB API Call")
            value = e.args[0]
            if _integer_typed(ctx, value):
                # the function takes any integer expression for NULL (d3dcompiler_47 10.1, session 45 EFX:
                # `SetVertexShader(1)`, `(-1)`, `(1 + 1)`, `(k)` of an `int k;` store INT 0 as NULL does; a float, a
                # bool or `VertexShader = 1;` fail "There was an error initializing the compiler")
                value = A.Ident(value.pos, "NULL")
            e = StateEntry(e.name[3:], None, value, [], False, e.pos)
        if e.call:
            raise ctx.error(e.pos, f"'{e.name}': state functions need an fx_4_0 or later target")
        for part in _filter_states(e):
            hit = fx2states.lookup_state(part.name)
            if hit is None or (sampler_block and part.name.lower() not in fx2states.SAMPLER_BLOCK_STATES):
                raise ctx.error(part.pos, f"unrecognized state '{part.name}'" + (" in a sampler_state" if hit else ""))
            op, info = hit
            _check_state_index(ctx, part, info, sampler_block)
            named.append((op, info, part.index or 0, part))
    tech, pass_, element = where
    for op, info, index, e in _last_assignments(named):
        state_no = len(out)

        def resource(usage: int, data: bytes, tech=tech, pass_=pass_, element=element, state_no=state_no) -> None:
            ctx.eff.resources.append(B.Fx2Resource(tech, pass_, element, state_no, usage, data))

        value = _state_value(ctx, e, info, resource)
        # fxc writes index 256 on every state of a sampler_state block (its SDK effect objects); the runtime applies
        # the block to whichever sampler the parameter is bound to
        out.append(B.Fx2State(op, _SAMPLER_BLOCK_INDEX if sampler_block else index, value))
    return out


def _check_state_index(ctx: _Ctx, e: StateEntry, info: fx2states.Fx2StateInfo, sampler_block: bool) -> None:
    """A state's index as d3dcompiler_47 10.1 checks it (session 39; numberless ID3DXEffectCompiler errors): in a
    pass an indexed state needs one ("Index is required for state 'COLOROP'"), in a sampler_state block none
    may be given ("State 'MINFILTER' is not indexed"), a state that is no array takes none, an index is below the
    state's count ("Max index for effect state 'COLOROP' is 7"; a light's is any DWORD) and a sampler state's is
    a D3D9 sampler number ("Invalid sampler index 16": fx2states.SAMPLER_INDICES)."""
    upper = e.name.upper()
    if e.index is None:
        if info.indices and not sampler_block:
            raise ctx.error(e.pos, f"ID3DXEffectCompiler: Index is required for state '{upper}'")
        return
    if sampler_block or not info.indices:
        raise ctx.error(e.pos, f"ID3DXEffectCompiler: State '{upper}' is not indexed")
    if e.index >= info.indices:
        raise ctx.error(e.pos, f"ID3DXEffectCompiler: Max index for effect state '{upper}' is {info.indices - 1}")
    if info.indices == fx2states.SAMPLER_INDICES[-1].stop and not any(e.index in r for r in fx2states.SAMPLER_INDICES):
        raise ctx.error(e.pos, f"ID3DXEffectCompiler: Invalid sampler index {e.index}")


def _last_assignments(named: list) -> list:
    """The assignments a block keeps: a state (operation and index) assigned again drops its earlier assignment,
    whose value is then never evaluated, and takes the later one's place (d3dcompiler_47 10.1, session 39:
    ``FillMode = foo; ZEnable = true; FillMode = Solid;`` compiles to ZEnable, FillMode; ``fillmode`` and
    ``SetPixelShader(NULL)`` replace ``FillMode`` and ``PixelShader = compile …``; the dropped one's shader
    or parameter reference leaves no resource)."""
    last = {(op, index): k for k, (op, _info, index, _e) in enumerate(named)}
    return [x for k, x in enumerate(named) if last[(x[0], x[2])] == k]


#: the D3DTEXTUREFILTERTYPE words fxc writes for each part of a Direct3D 10 filter name
_FILTER_PARTS = {"POINT": "POINT", "LINEAR": "LINEAR"}


def _filter_states(e: StateEntry) -> list[StateEntry]:
    """``Filter = X`` (any letter case), the Direct3D 10 sampler state, becomes MagFilter, MinFilter and MipFilter
    in that order (d3dcompiler_47 10.1, session 39: an fx_2_0 sampler block, ``SamplerState s { Filter = … }`` and
    a pass's ``Filter[i]``). A D3D10_FILTER name (not the COMPARISON_ ones, which fxc refuses: "Unrecognized RHS
    value") sets each of the three from its MIN_ / MAG_ / MIP_ parts (``MIN_POINT_MAG_MIP_LINEAR``: mag LINEAR,
    min POINT, mip LINEAR); any other value (a D3DTEXF word, a number, a variable) is copied to all three."""
    if e.name.lower() != "filter":
        return [e]
    parts = {"mag": e.value, "min": e.value, "mip": e.value}
    word = e.value.name.upper() if isinstance(e.value, A.Ident) else ""
    if word.startswith("MIN_"):
        pending: list[str] = []
        for token in word.split("_"):
            if token.lower() in parts:
                pending.append(token.lower())
            elif token in _FILTER_PARTS and pending:
                for part in pending:
                    parts[part] = A.Ident(e.value.pos, _FILTER_PARTS[token])
                pending = []
            else:
                pending = ["?"]  # no filter name: left to the value check (fxc's "Unrecognized RHS value")
                break
        if pending:
            parts = {k: e.value for k in parts}
    return [StateEntry(f"{k.capitalize()}Filter", e.index, parts[k], [], False, e.pos) for k in ("mag", "min", "mip")]


def _expand_state_blocks(ctx: _Ctx, entries: list, sampler_block: bool, within: tuple[str, ...] = ()) -> list:
    """A pass's ``StateBlock = <name>;`` (or ``= name``) replaced by that state block's entries (see
    _take_state_blocks). MicrosoftDocs direct3d9 "Expressions": state blocks can be nested, but cannot contain
    circular references -- a block naming itself, directly or through others, is an error."""
    out = []
    for e in entries:
        if e.name.lower() != "stateblock" or e.call:
            out.append(e)
            continue
        v = e.value
        if sampler_block or e.index is not None or not isinstance(v, A.Ident) or v.name not in ctx.state_blocks:
            raise ctx.error(e.pos, "StateBlock needs the name of a stateblock variable")
        if v.name in within:
            raise ctx.error(e.pos, f"state block '{v.name}' refers to itself")
        out += _expand_state_blocks(ctx, ctx.state_blocks[v.name], False, (*within, v.name))
    return out


#: the value type fxc writes for a state's literal value: INT for bool, dword and enumeration states (``true`` and
#: ``TRUE`` alike), FLOAT for float, float4 and matrix states (fxc's SDK effect objects, DXDecompiler ShadersDX9)
_STATE_FLOAT_KINDS = ("float", "float4", "matrix")
#: the words a state value may spell in any letter case (MicrosoftDocs direct3d9 "Expressions": tokens are not
#: case sensitive)
_TRUTH = {"true": 1, "false": 0}


def _state_value(ctx: _Ctx, e, info: fx2states.Fx2StateInfo, resource: Callable) -> B.Fx2Param:
    """A state's value. fxc writes literal values with class D3DXPC_MATRIX_ROWS, the state's base type and the
    value's shape (``Ambient = float4(0, 0, 0, 0)``: INT 1x4; ``LightRange[0] = 100.0f``: FLOAT 1x1; a transform:
    FLOAT 4x4), and ``NULL`` on a shader or texture state as INT 0 with no object (fxc's SDK effect objects)."""
    v = e.value
    if info.kind == "constants":
        return _shader_constants(ctx, info, v)
    if isinstance(v, A.Ident) and v.name.upper() == "NULL" and info.kind in _OBJECT_KIND:
        return _scalar("INT", struct.pack("<I", 0), B.D3DXPC_MATRIX_ROWS)
    if info.kind in _OBJECT_KIND:
        pt = _OBJECT_KIND[info.kind]
        if isinstance(v, A.Ident) and v.name in ctx.params:
            ref = ctx.params[v.name]
            want = {"TEXTURE": range(B.D3DXPT["TEXTURE"], B.D3DXPT["TEXTURECUBE"] + 1),
                    "SAMPLER": range(B.D3DXPT["SAMPLER"], B.D3DXPT["SAMPLERCUBE"] + 1)}.get(pt, [B.D3DXPT[pt]])
            if ref.type.ptype not in want or ref.type.elements:
                raise ctx.error(e.pos, f"state '{info.name}': '{v.name}' is not a {info.kind}")
            resource(1, v.name.encode() + b"\0")
            # the value has the referenced parameter's type (fxc: LDPRT's ``Texture = <textureCUBE param>`` is
            # TEXTURECUBE); a Sampler state names its sampler with object id 0 (Effect_SamplerArray), the other
            # references get an object of their own
            oid = 0 if pt == "SAMPLER" else ctx.new_object()
            return B.Fx2Param(B.Fx2Type(ref.type.ptype, B.D3DXPC_OBJECT), struct.pack("<I", oid))
        if pt.endswith("SHADER") and isinstance(v, A.AsmBlock):
            oid = ctx.new_object()
            resource(0, _assemble(ctx, v, pt[:1].lower() + "s"))
            return _object(pt, oid)
        if pt.endswith("SHADER") and isinstance(v, A.Call) and v.name == "CompileShader":
            oid = ctx.new_object()
            resource(0, _compile_shader(ctx, v, pt[:1].lower() + "s", e.pos, in_pass=True))
            return _object(pt, oid)
        if pt.endswith("SHADER") and isinstance(v, A.Index) and isinstance(v.a, A.Ident) and v.a.name in ctx.params:
            k = const_value(NumType("int"), v.index, ctx.consts)
            if k is not None:
                # a literal element: fxc names it as a parameter reference "ps[1]" (usage 1; its object of
                # `PixelShader = (ps[1]);`), where a run-time index is an array selector
                array = ctx.params[v.a.name]
                element = int(k.vals[0])
                if array.type.ptype != B.D3DXPT[pt] or not array.type.elements:
                    raise ctx.error(e.pos, f"state '{info.name}': '{v.a.name}' is not an array of {info.kind}s")
                if not 0 <= element < array.type.elements:
                    raise ctx.error(v.pos, f"'{v.a.name}[{element}]': array index out of bounds")
                resource(1, f"{v.a.name}[{element}]".encode() + b"\0")
                return B.Fx2Param(B.Fx2Type(array.type.ptype, B.D3DXPC_OBJECT), struct.pack("<I", ctx.new_object()))
            return _array_selector(ctx, e, info, pt, v, resource)
        raise ctx.error(e.pos, f"state '{info.name}' needs a {info.kind}")
    ref = _reference(ctx, v)
    if ref is not None:
        # a variable reference: the runtime reads the parameter through an expression resource; the state's value
        # has the parameter's type and shape, zero-filled (fxc's ConfigSystem: ``MinFilter[0] = <g_MinFilter>``)
        name, param, element = ref
        resource(0, reference_program(name, param, element, ctx.row_major.get(name, False), ctx.flags))
        t = param.type
        return B.Fx2Param(B.Fx2Type(t.ptype, B.D3DXPC_MATRIX_ROWS, "", "", 0, t.rows, t.cols),
                          bytes(4 * t.rows * t.cols))
    if isinstance(v, A.Ident) and v.name in ctx.params:
        raise NotSupportedError(f"fx_2_0: state '{info.name}' set from the parameter '{v.name}' of this type")
    if v is not None and reads_parameter(v, ctx.params):
        return _computed_state(ctx, info, v, resource)
    ptype = "FLOAT" if info.kind in _STATE_FLOAT_KINDS else "INT"
    if isinstance(v, A.Ident) and v.name.lower() in _TRUTH and v.name not in _TRUTH and info.kind != "bool" and \
            info.kind not in fx2states.ENUMS:
        # ``TRUE`` / ``FALSE`` in a letter case but the HLSL literal's are the named values of a bool state (and of
        # an enumeration that has them, D3DZBUFFERTYPE): d3dcompiler_47 10.1 fails ``StencilMask = TRUE;`` and
        # ``FogDensity = True;`` ("Unexpected error"), ``CullMode = TRUE;`` below, where ``true`` compiles (session 40)
        raise ctx.error(e.pos, f"state '{info.name}': '{v.name}' is no value of this state")
    if info.kind in fx2states.ENUMS and isinstance(v, A.Ident) and v.name not in _TRUTH:
        n = fx2states.enum_value(info.kind, v.name)
        if n is None:
            raise ctx.error(e.pos, f"state '{info.name}': '{v.name}' is no value of this state")
        return _scalar("INT", struct.pack("<I", n), B.D3DXPC_MATRIX_ROWS)
    if isinstance(v, A.Ident) and v.name.lower() in _TRUTH:
        vals, rows, cols = [_TRUTH[v.name.lower()]], 1, 1
    else:
        # the value in the state's base type (an INT state takes `0xFFFFFFFF` exactly), computed as an initial value
        # is (foldinit: the compiler's code run on the reference executor)
        base = "float" if ptype == "FLOAT" else "int"
        if info.kind == "matrix":
            t: Type = NumType("float", 4, 4, "m", row_major=True)
        elif info.kind == "float4" or (isinstance(v, A.Construct) and isinstance(v.type, NumType)
                                       and v.type.shape == "v"):
            t = NumType(base, 1, v.type.cols if isinstance(v, A.Construct) and info.kind != "float4" else 4, "v")
        else:
            t = NumType(base)
        if v is not None and info.kind in fx2states.ENUMS:
            v = _enum_names_as_numbers(ctx, info, v)
        cv = effect_initial_value(t, v, ctx.consts, v.pos) if v is not None else None
        if cv is None:
            raise NotSupportedError(f"fx_2_0: state '{info.name}' set from an expression (preshaders)")
        vals, rows, cols = list(cv.vals), t.rows, t.cols
    if ptype == "FLOAT":
        raw = struct.pack(f"<{len(vals)}f", *(float(x) for x in vals))
    else:
        raw = struct.pack(f"<{len(vals)}I", *(int(x) & 0xFFFFFFFF for x in vals))
    return _scalar(ptype, raw, B.D3DXPC_MATRIX_ROWS, rows, cols)


#: the HLSL scalar type of a computed value -> the state value's D3DXPARAMETER_TYPE
_COMPUTED_PT = {"bool": "BOOL", "int": "INT", "float": "FLOAT"}


def _computed_state(ctx: _Ctx, info: fx2states.Fx2StateInfo, v, resource: Callable) -> B.Fx2Param:
    """A state set from an expression that computes over parameters (``FogStart = g_f * 2``): the expression
    program (:mod:`.fx2expr`) as the state's resource (usage 0, as a variable reference's), the value zero-filled
    with the expression's type, class D3DXPC_MATRIX_ROWS and shape (1 x components), as fxc writes a reference's."""
    if info.kind == "matrix":
        raise NotSupportedError(f"fx_2_0 state expression (preshader): the matrix state '{info.name}'")
    comps = 4 if info.kind == "float4" else 1
    try:
        program, base, n = expression_program(v, ctx.params, ctx.consts, ctx.row_major, comps, ctx.flags)
    except IndexError as exc:  # an element past the parameter's array (as _reference reports it)
        raise ctx.error(v.pos, str(exc)) from None
    resource(0, program)
    return B.Fx2Param(B.Fx2Type(B.D3DXPT[_COMPUTED_PT[base]], B.D3DXPC_MATRIX_ROWS, "", "", 0, 1, n), bytes(4 * n))


def _reference(ctx: _Ctx, v) -> tuple[str, B.Fx2Param, int | None] | None:
    """``param`` or ``param[k]`` (a literal index) naming a numeric parameter: (name, parameter, element)."""
    element = None
    if isinstance(v, A.Index) and isinstance(v.a, A.Ident):
        k = const_value(NumType("int"), v.index, ctx.consts)
        if k is None:
            return None
        v, element = v.a, int(k.vals[0])
    if not (isinstance(v, A.Ident) and v.name in ctx.params):
        return None
    param = ctx.params[v.name]
    if param.type.pclass not in (B.D3DXPC_SCALAR, B.D3DXPC_VECTOR, B.D3DXPC_MATRIX_ROWS):
        return None
    if element is not None and not param.type.elements:
        return None  # `M[1]` of a matrix that is no array: its row, an expression program (fx2expr)
    if element is not None and not 0 <= element < param.type.elements:
        raise ctx.error(v.pos, f"'{v.name}[{element}]': array index out of bounds")
    if element is None and param.type.elements:
        raise NotSupportedError(f"fx_2_0: a state set from the whole array '{v.name}'")
    return v.name, param, element


def _shader_constants(ctx: _Ctx, info: fx2states.Fx2StateInfo, v: A.Node | None) -> B.Fx2Param:
    """A shader-constant state's value (``VertexShaderConstantF[2] = {1, 2, 3, 4};``) as d3dcompiler_47 10.1 writes
    it (session 45 EFX, its objects): the state's type (the B states BOOL, the I states INT, the others FLOAT) with
    class MATRIX_COLUMNS; a number is 1x1, a brace list of n numbers 1xn with every value, a vector constructor
    1xn and a matrix constructor ``floatRxC`` CxR with only its first value, the others zero (``float4(1, 2, 3, 4)``
    stores 1, 0, 0, 0: so fxc's objects hold it)."""
    ptype = "BOOL" if info.name.endswith("B") else "INT" if info.name.endswith("I") else "FLOAT"
    base = {"BOOL": "bool", "INT": "int", "FLOAT": "float"}[ptype]
    fmt = "<f" if ptype == "FLOAT" else "<i"
    if isinstance(v, A.InitList):
        items = v.items
        if any(isinstance(x, A.InitList) for x in items):
            raise NotSupportedError(f"fx_2_0: shader-constant state {info.name} set from nested braces")
        shape, first_only = (1, len(items)), False
    elif isinstance(v, A.Construct) and isinstance(v.type, NumType):
        items, first_only = [v], True
        t = v.type
        shape = (t.cols, t.rows) if t.shape == "m" else (1, t.cols)
    else:
        items, shape, first_only = [v], (1, 1), False
    vals: list = []
    for x in items:
        if isinstance(x, A.Ident) and x.name.upper() in ("TRUE", "FALSE"):
            # the D3D9 value names TRUE / FALSE: the whole value of a B state only (``PixelShaderConstantB[0] =
            # TRUE;``, ``= True;`` compile as ``true``; ``VertexShaderConstantF[0] = TRUE;``, ``{TRUE, 1}`` fail with
            # no number; d3dcompiler_47 10.1, session 46 EFX)
            if ptype != "BOOL" or x is not v:
                raise ctx.error(x.pos, "ID3DXEffectCompiler: Unexpected error")
            x = A.Literal(x.pos, x.name.upper() == "TRUE", "bool")
        cv = effect_initial_value(NumType(base) if not first_only else x.type, x, ctx.consts, x.pos) \
            if x is not None else None
        if cv is None:
            raise NotSupportedError(f"fx_2_0: shader-constant state {info.name} set from an expression")
        vals.append(cv.vals[0])
    if first_only:
        first = effect_initial_value(NumType(base), A.Literal(v.pos, vals[0], "float"), {}, v.pos)
        vals = [first.vals[0] if first is not None else vals[0]] + [0] * (shape[0] * shape[1] - 1)
    raw = b"".join(struct.pack(fmt, float(x) if ptype == "FLOAT" else int(x)) for x in vals)
    return _scalar(ptype, raw, B.D3DXPC_MATRIX_COLUMNS, *shape)


def _enum_names_as_numbers(ctx: _Ctx, info: fx2states.Fx2StateInfo, v: A.Node) -> A.Node:
    """An enumerated state's ``|`` chain with its value names as their numbers: fxc folds ``Wrap0 = U | V;``,
    ``ColorWriteEnable = RED | GREEN;``, ``Wrap0 = U | 4;`` to a constant (3, 3, 5; d3dcompiler_47 10.1's objects,
    session 45 EFX). A name is a value only as an operand of the chain: ``RED + GREEN``, ``~RED``, ``(RED | GREEN)
    & RED`` are X3517 "'RED': undefined variable"."""
    from ..shader.hlsl.codegen import walk

    operands, stack = [], [v]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Binary) and n.op == "|":
            stack += [n.a, n.b]
        else:
            operands.append(n)
    names = {}
    for n in operands:
        if isinstance(n, A.Ident) and n.name not in ctx.params and n.name not in ctx.consts:
            k = fx2states.enum_value(info.kind, n.name)
            if k is not None:
                names[n.name] = A.Literal(n.pos, k, "int")
            elif len(operands) > 1 and n.name.lower() not in _TRUTH:  # (10.1: `Wrap0 = U | NOTANAME;`, no number)
                raise ctx.error(n.pos, f"Unrecognized RHS value in assignment: '{n.name}'")
    operand_ids = {id(n) for n in operands}
    for n in walk(v):
        if isinstance(n, A.Ident) and id(n) not in operand_ids and n.name not in ctx.params and \
                n.name not in ctx.consts and fx2states.enum_value(info.kind, n.name) is not None:
            raise ctx.error(n.pos, f"'{n.name}': undefined variable", 3517)
    return _substitute(v, names) if names else v


_INTEGER_BASES = frozenset({"lit_int", "int", "uint", "dword"})


def _integer_typed(ctx: _Ctx, v: A.Node) -> bool:
    """Whether an expression has a scalar integer type: an integer literal, an int / uint parameter or static
    const, a cast or constructor to one, arithmetic or a negation of such (a comparison is bool)."""
    if isinstance(v, A.Literal):
        return v.base in _INTEGER_BASES
    if isinstance(v, A.Ident):
        if v.name in ctx.params:
            t = ctx.params[v.name].type
            return t.ptype == B.D3DXPT["INT"] and t.rows == t.cols == 1 and not t.elements
        cv = ctx.consts.get(v.name)
        return cv is not None and isinstance(cv.type, NumType) and cv.type.base in _INTEGER_BASES and \
            cv.type.shape == "s"
    if isinstance(v, (A.Cast, A.Construct)):
        return isinstance(v.type, NumType) and v.type.base in _INTEGER_BASES and v.type.shape == "s"
    if isinstance(v, A.Unary) and v.op in ("-", "+", "~"):
        return _integer_typed(ctx, v.a)
    if isinstance(v, A.Binary) and v.op in ("+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"):
        return _integer_typed(ctx, v.a) and _integer_typed(ctx, v.b)
    return False


def _array_selector(ctx: _Ctx, e, info: fx2states.Fx2StateInfo, pt: str, v: A.Index, resource: Callable) -> B.Fx2Param:
    """``VertexShader = (vsArray[CurNumBones]);``: the element of a shader array a parameter selects when the pass
    is applied (an array selector, resource usage 2: the array's name, then the index expression's program)."""
    array = ctx.params[v.a.name]
    if array.type.ptype != B.D3DXPT[pt] or not array.type.elements:
        raise ctx.error(e.pos, f"state '{info.name}': '{v.a.name}' is not an array of {info.kind}s")
    ref = _reference(ctx, v.index)
    if ref is not None and ref[1].type.pclass == B.D3DXPC_SCALAR:
        name, param, element = ref
        program = reference_program(name, param, element, False, ctx.flags, selector=True)
    elif reads_parameter(v.index, ctx.params):
        # a computed index (Effect_ShaderArray's ``vsArray20[CurNumBones + 1]``): one component
        try:
            program, _base, _comps = expression_program(v.index, ctx.params, ctx.consts, ctx.row_major, 1,
                                                        ctx.flags, selector=True)
        except IndexError as exc:
            raise ctx.error(v.pos, str(exc)) from None
    else:
        raise ctx.error(e.pos, f"state '{info.name}': a shader array selector must read a parameter")
    resource(2, selector_resource(v.a.name, program))
    return _object(pt, ctx.new_object())


def _object(ptype: str, oid: int) -> B.Fx2Param:
    return B.Fx2Param(B.Fx2Type(B.D3DXPT[ptype], B.D3DXPC_OBJECT), struct.pack("<I", oid))


_D3D9_PROFILE = re.compile(r"^(vs_2_0|vs_2_a|vs_3_0|ps_2_0|ps_2_a|ps_2_b|ps_3_0|vs_1_1|ps_1_[1-4])$")
#: the Direct3D 10/11 profiles an fx_2_0 effect compiles to a DXBC object (d3dcompiler_47 10.1, session 39: the
#: shader's object holds fxc's "DXBC" blob): vs/ps 5.0 and 5.1 anywhere, vs/ps 4.0 and 4.1 in a variable's initialiser
#: only (in a pass X3506 "Only 3_x and earlier targets are supported on this compiler."), the vertex level-9 profiles;
#: a pixel level-9 profile fails ("internal error: blob content mismatch between level9 and d3d10 shader")
_DXBC_PROFILE = re.compile(r"^(vs|ps)_(4_0|4_1|5_0|5_1)$|^vs_4_0_level_9_[13]$")


def _assemble(ctx: _Ctx, block: A.AsmBlock, prefix: str, code: int = 3000) -> bytes:
    """``asm { ... }``: the assembled program (:mod:`.fx2asm`), which must be of the state's or variable's kind
    (``code``: a variable's X3017, a pass state's D3DX error)."""
    data = assemble(block.lines, ctx.file)
    if shader_kind(data) != prefix:
        names = {"vs": "VertexShader", "ps": "PixelShader"}
        raise ctx.error(block.pos, f"cannot implicitly convert from 'const {names[shader_kind(data)]}' to "
                                   f"'const {names[prefix]}'", code)
    return data


def _compile_shader(ctx: _Ctx, call: A.Call, prefix: str, pos, in_pass: bool = False) -> bytes:
    """``compile vs_2_0 f()``: the function compiled at that Direct3D 9 profile (the project's D3D9 targets), or at a
    Direct3D 10/11 profile fxc takes there (_DXBC_PROFILE) as that profile's DXBC object."""
    if not (len(call.args) == 2 and isinstance(call.args[0], A.Ident) and isinstance(call.args[1], A.Call)):
        raise ctx.error(pos, "a shader must be compile profile function(arguments)")
    profile, fcall = call.args[0].name, call.args[1]
    if _PS_1_X.match(profile):
        # as D3DCompile's own target check (targets.check_target): X3539 where the pass's shader is compiled -- after
        # the program's and the call's own errors (`compile ps_1_1 PSx()` X3004, `PSm(1)` X3013) --, ps_2_0 under
        # /Gec (d3dcompiler_47 10.1, session 45 EFX: `PixelShader = compile ps_1_1 PSm();`, a variable's too)
        if not ctx.flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY:
            raise ctx.error(pos, "ps_1_x is no longer supported; use /Gec in fxc to automatically upgrade to ps_2_0",
                            3539)
        profile = "ps_2_0"
    dxbc = bool(_DXBC_PROFILE.match(profile))
    if dxbc and in_pass and profile[3] == "4" and "level" not in profile:
        raise ctx.error(pos, "Only 3_x and earlier targets are supported on this compiler.", 3506)
    if profile.startswith("ps_4_0_level_9_"):
        raise ctx.error(pos, "internal error: blob content mismatch between level9 and d3d10 shader")
    if not (dxbc or _D3D9_PROFILE.match(profile)):
        raise ctx.error(pos, f"invalid shader profile '{profile}' for fx_2_0")
    if not profile.startswith(prefix):
        raise ctx.error(pos, f"a {profile} shader cannot be assigned to this state")
    # uniform arguments (MicrosoftDocs direct3d9 "Shader States": ``compile vs_2_0 VS(1, true)``): each call's
    # arguments bind the function's uniform parameters in order as constants of its own shader object; the
    # same profile, function and arguments give the same bytecode
    key = (profile, fcall.name, _node_key(fcall.args))
    if key not in ctx.shader_cache:
        hook = _bind_uniforms(fcall.name, fcall.args, ctx, pos) if fcall.args else None
        # preshaders (shader/sm2/preshader.py): fxc's default inside an effect, off under
        # D3DXSHADER_NO_PRESHADER (/Op; D3DCOMPILE_NO_PRESHADER has the same bit)
        try:
            res = compile_hlsl(ctx.source, ctx.file, fcall.name, profile, ctx.defines, ctx.include_open, ctx.flags,
                               hook, preshader=not (dxbc or ctx.flags & D3DCOMPILE_NO_PRESHADER))
        except HlslError as exc:
            raise undefined_variable(exc, fcall) from None
        ctx.shader_cache[key] = res.blob
    return ctx.shader_cache[key]


def _take_state_blocks(toks: list, file: str, blocks: dict[str, list] | None = None) -> tuple[list, dict[str, list]]:
    """State blocks taken out of the token list (MicrosoftDocs direct3d9 "Expressions", Effect State State Block:
    ``stateblock_state { states }``, assigned to the STATEBLOCK state, nested blocks allowed): a declaration
    ``stateblock NAME = stateblock_state { states };`` and an inline ``StateBlock = stateblock_state { states };``
    (a name of its own, ``$stateblockN``, put in its place) -> NAME: the block's state entries. fxc writes no
    parameter for a state block; a pass's ``StateBlock = <NAME>;`` stands for the block's states, written into the
    pass in their order (fxc's object of DXDecompiler's Internal/Effect_StateBlock.fx: the pass holds CullMode,
    ZWriteEnable, VertexShader, PixelShader and the effect no parameter)."""
    out: list = []
    blocks = {} if blocks is None else blocks
    i = 0

    def err(tk, msg: str, code: int = 3000) -> HlslError:
        return HlslError(tk.pos.file or file, tk.pos.line, tk.pos.col, code, msg)

    while i < len(toks):
        tk = toks[i]
        declared = tk.kind == "id" and tk.text == "stateblock"
        inline = tk.kind == "id" and tk.text == "stateblock_state"
        if not (declared or inline):
            out.append(tk)
            i += 1
            continue
        if declared:
            name, eq, init, brace = (toks[i + k] if i + k < len(toks) else toks[-1] for k in range(1, 5))
            if not (name.kind == "id" and eq.text == "=" and init.text == "stateblock_state" and brace.text == "{"):
                if name.kind == "id" and eq.text == ";":
                    raise NotSupportedError("fx_2_0: a stateblock variable without a stateblock_state initializer")
                raise err(tk, "syntax error: expected 'stateblock name = stateblock_state { ... };'")
            if name.text in blocks:
                raise err(name, f"redefinition of '{name.text}'", 3003)
            open_at = i + 4
        else:
            if not (len(out) > 1 and out[-1].text == "=" and out[-2].text.lower() == "stateblock"
                    and i + 1 < len(toks) and toks[i + 1].text == "{"):
                raise err(tk, "stateblock_state { ... } is assigned to a StateBlock state or a stateblock variable")
            name = type(tk)(kind="id", text=f"$stateblock{len(blocks)}", pos=tk.pos)
            open_at = i + 1
        depth, close = 0, open_at
        for close in range(open_at, len(toks)):
            depth += {"{": 1, "}": -1}.get(toks[close].text, 0) if toks[close].kind == "op" else 0
            if depth == 0:
                break
        if depth:
            raise err(tk, "syntax error: unexpected end of file in a state block")
        inner, _ = _take_state_blocks(toks[open_at + 1:close], file, blocks)  # nested inline blocks first
        parser = Fx2Parser([*inner, toks[close], toks[-1]])
        # the block is parsed apart from the program, before its functions are: any name of the file passes
        # for a declared function here (a shader of a function the file lacks still fails when it is compiled)
        parser.func_names = {t.text for t in toks if t.kind == "id"}
        entries = parser._state_block_entries()  # noqa: SLF001 - the parser's state-list grammar
        blocks[name.text] = entries
        if declared:
            if close + 1 >= len(toks) or toks[close + 1].text != ";":
                raise err(toks[min(close + 1, len(toks) - 1)], "syntax error: expected ';'")
            i = close + 2
        else:
            out.append(name)
            i = close + 1
    return out, blocks


def _check_buffer_types(toks: list, file: str) -> None:
    """A type defined inside a cbuffer / tbuffer (``struct S { … }`` with or without a declarator, an anonymous
    struct, a ``typedef``) fails the fx_2_0 effect compiler: d3dcompiler_47 10.1 says only "ID3DXEffectCompiler:
    There was an error initializing the compiler" (session 39), where fx_4/fx_5 and the shader targets hoist the
    type to the globals."""
    depth = 0  # brace depth inside a buffer's body (0: outside every buffer)
    for k, tk in enumerate(toks):
        if depth == 0:
            if tk.kind == "id" and tk.text in ("cbuffer", "tbuffer"):
                depth = -1  # the body's ``{`` opens it
            continue
        if tk.text == "{" and tk.kind == "op":
            depth = 1 if depth < 0 else depth + 1
        elif tk.text == "}" and tk.kind == "op" and depth > 0:
            depth -= 1
            if depth == 0:
                continue
        if depth <= 0 or tk.kind != "id":
            continue
        ahead = [t.text for t in toks[k + 1:k + 3]]
        if tk.text == "typedef" or (tk.text == "struct" and "{" in ahead):
            p = tk.pos
            raise HlslError(p.file or file, p.line, p.col, 3000,
                            "ID3DXEffectCompiler: There was an error initializing the compiler")


def _flattened_buffers(decls: list) -> Iterator:
    """The program's declarations with each cbuffer / tbuffer replaced by its members: D3DX9 has no constant
    buffers, and d3dcompiler_47 10.1 writes an fx_2_0 buffer's members as parameters of the effect in declaration
    order (the buffer's name, register, annotations and ``shared`` are dropped; a member's own ``shared``, semantic
    and annotations kept, a ``static`` member left out as a static global is). Probed with the DLL, session 39
    (the MicrosoftDocs "Effect Format" (Direct3D 9) page does not mention buffers)."""
    for d in decls:
        if isinstance(d, A.CBufferDecl):
            yield from d.members
        else:
            yield d


def _shader_number(ctx: _Ctx, init: A.Node, t: Type, pos, name: str) -> None:
    """A shader parameter's number or string initialiser: X3004 / X3017 as at fx_4/fx_5 (check.shader_number_error)."""
    from ..shader.hlsl.check import shader_number_error

    found = shader_number_error(init, ctx.decls, ctx.funcs, array_leaf(t))
    if found is not None:
        raise ctx.error(init.pos if found[0] == 3004 else pos, found[1].format(t=t, n=name), found[0])


def compile_fx2(source: str, file: str, defines: dict | None = None, include_open: Callable | None = None,
                flags: int = 0) -> B.Fx2Effect:
    """Compile effect source for ``fx_2_0`` into :class:`fx2binary.Fx2Effect`."""
    pp = preprocess(source, file, defines, include_open)
    toks = lex_effect(pp.text, file, lambda text: compile_fx2(text, file, None, None, flags))
    respelled = set()  # (the words that were no keyword as written: a state name may be one, parse_effects)
    for prev, tk in zip([None, *toks], toks, strict=False):  # D3D9 effect type words are caseless at fx_2_0
        if tk.kind == "id" and tk.text.lower() in _CASELESS and not (prev is not None and prev.text == ":"):
            # (a semantic keeps its spelling: MeshFromObj's ``texture g_MeshTexture : Texture``)
            if tk.text != _CASELESS[tk.text.lower()]:
                respelled.add(id(tk))
            tk.text = _CASELESS[tk.text.lower()]
    toks, state_blocks = _take_state_blocks(toks, file)
    _check_buffer_types(toks, file)
    parser = Fx2Parser(toks)
    parser.respelled_words = respelled
    try:
        prog = parser.parse_program()
    except HlslError as exc:  # an error fxc found in the text before it comes first (fxsalvage.py)
        found = first_parse_time_error(exc, parser, pp.text, lambda text: compile_fx2(text, file, None, None, flags))
        if found is None:
            raise
        raise found from None
    # two globals of one name (cbuffer members included) are X3003 in an effect as in a shader (fxc 10.1,
    # session 39: `float4 a; float4 a;` at every fx target), before any function is type-checked
    check_names_in_order(prog, pp.text, lambda text: compile_fx2(text, file, None, None, flags))
    check_effect_functions(source, file, "fx_2_0", defines, include_open, flags)  # every body, compiled or not
    check_compile_arguments(parser.compile_calls, prog)
    ctx = _Ctx(file)
    _check_block_initialisers(ctx, prog, parser)  # one block per item, as at fx_4/fx_5 (fxc 10.1, session 39)
    ctx.state_blocks = state_blocks
    ctx.decls = prog.decls
    ctx.funcs = {d.name for d in prog.decls if isinstance(d, A.FuncDef)}
    ctx.source, ctx.defines, ctx.include_open, ctx.flags = source, defines, include_open, flags
    ctx.consts = parser.consts
    ctx.static_consts, ctx.global_names = static_const_names(prog.decls), global_names(prog.decls)
    # the variables' annotation values are converted before any parameter's value is built (10.1: ``PixelShader p1 <
    # int2 a = {1, 2, 3}; > = CompileShader(…);`` before a later variable's X3011 is X3017; session 43)
    for items in sorted((x for x in parser.var_annotations.values() if x and x[0].pos is not None),
                        key=lambda x: (x[0].pos.line, x[0].pos.col)):
        check_annotation_names(items, ctx.static_consts, ctx.global_names, ctx.file)
    if parser.groups:  # (10.1: D3DX's compiler fails it, no number)
        raise ctx.error(parser.groups[0].pos, "ID3DXEffectCompiler: There was an error initializing the compiler")
    for d in _flattened_buffers(prog.decls):
        if isinstance(d, A.VarDecl) and "static" in d.mods and "const" in d.mods and d.init is not None:
            # a static const is a constant later initialisers, states and uniform arguments read: its value by the
            # same path as a parameter's (foldinit: `static const float k = sin(0.3);`, `K2 = K * 3` in float32
            # as at run time), replacing the parser's (Python arithmetic, kept for array sizes)
            cv = effect_initial_value(d.type, d.init, ctx.consts, d.pos)
            if cv is not None:
                ctx.consts[d.name] = cv
            elif None not in leaf_bases(d.type):  # numeric and not a constant: no value from a second evaluator
                ctx.consts.pop(d.name, None)
        if not isinstance(d, A.VarDecl) or "static" in d.mods:
            continue
        leaf = array_leaf(d.type)
        if isinstance(leaf, ObjectType) and leaf.kind in ("vertexfragment", "pixelfragment"):
            # a fragment variable -- uninitialised or `= compile_fragment vs_2_0 f()` -- is left out of the effect at
            # every fx target (d3dcompiler_47 10.1's objects, session 45 EFX: no parameter, no object)
            continue
        if isinstance(leaf, ObjectType) and leaf.kind in _NO_D3DX_TEXTURE:
            if leaf.kind == "GeometryShader" and d.init is not None and not isinstance(d.init, A.InitList):
                _shader_number(ctx, d.init, d.type, d.pos, d.name)  # (left out, but its initialiser type-checked first)
            continue  # no D3DX9 texture type: d3dcompiler_47 10.1 leaves the parameter out (session 38 EFX)
        if isinstance(leaf, ObjectType) and (leaf.kind.startswith(("RW", "RasterizerOrdered")) or "Buffer" in leaf.kind
                                             or leaf.kind in ("ComputeShader", "HullShader", "DomainShader")):
            raise ctx.error(d.pos, "ID3DXEffectCompiler: Unexpected component type")  # (10.1, no error number)
        if isinstance(d.type, ArrayType) and d.type.count == 0:  # `float a[] = {K, sin(1)};`
            d.type = sized_type(d.type, d.init, ctx.consts, d.pos)
        ft = fx2_type(d.type, d.name, d.semantic, ctx, d.pos)
        value = _value(ctx, ft, d.type, d.init, f"'{d.name}'", d.pos)
        flags_ = B.D3DX_PARAMETER_SHARED if "shared" in d.mods else 0
        param = B.Fx2Param(ft, value, flags_, _annotations(ctx, parser.var_annotations.get(d.name, [])))
        if not value and ft.pclass == B.D3DXPC_OBJECT and B.D3DXPT["SAMPLER"] <= ft.ptype <= B.D3DXPT["SAMPLERCUBE"]:
            blocks = parser.var_blocks.get(d.name, [])
            n = max(1, ft.elements)
            if len(blocks) not in (0, n):
                raise ctx.error(d.pos, f"'{d.name}': expected {n} sampler_state blocks, got {len(blocks)}")
            where = len(ctx.eff.parameters)
            param.sampler_states = [
                _states(ctx, b, (0xFFFFFFFF, where, e), sampler_block=True)
                for e, b in enumerate(blocks)] or [[] for _ in range(n)]
        # a state block on any other variable is read and dropped (fxc 10.1, session 39: `float u { foo = 1; };`,
        # `texture t { MinFilter = Linear; };` and `VertexShader v { foo = bar; };` compile, the variable keeping its
        # default; a block count its type cannot take is the parser's X3017)
        ctx.eff.parameters.append(param)
        ctx.params[d.name] = param
        leaf = d.type.elem if isinstance(d.type, ArrayType) else d.type
        ctx.row_major[d.name] = bool(isinstance(leaf, NumType) and leaf.shape == "m" and leaf.row_major)
    # the techniques' and passes' after the parameters (10.1: ``string s = 1;`` before ``technique < int a = 1, b = a;
    # >`` is the parameter's X3017), before any pass state (``technique t { pass { foo = 1; } }`` then ``technique10 T <
    # int a = "s"; >`` is X3017)
    for t in parser.techniques:
        for items in [t.annotations] + [p.annotations for p in t.passes]:
            check_annotation_names(items, ctx.static_consts, ctx.global_names, ctx.file)
    seen: set[str] = set()
    for t in parser.techniques:
        if t.name is not None:
            if t.name in seen:
                raise ctx.error(t.pos, f"technique '{t.name}' is already defined", 3003)
            seen.add(t.name)
        if t.keyword != "technique":
            # a Direct3D 10 / 11 technique is read -- its annotations converted (above), its compiles' arguments counted,
            # its name one of the techniques' -- and left out of the D3D9 effect: ``technique10 T {…} technique t
            # {…}`` compiles to ``t`` alone (its states are never judged: ``foo = 1;``, ``SetPixelShader(
            # CompileShader(ps_4_0, f()))`` compile); a technique11 fails D3DX's compiler ("There was an error
            # initializing the compiler", no number), as an fxgroup does; none left is "There were no techniques"
            # (d3dcompiler_47 10.1, session 43; its annotations' strings are not kept)
            if t.keyword != "technique10":
                raise ctx.error(t.pos, "ID3DXEffectCompiler: There was an error initializing the compiler")
            continue
        ft_ = B.Fx2Technique(t.name, _annotations(ctx, t.annotations))
        for pi, p in enumerate(t.passes):
            ft_.passes.append(B.Fx2Pass(p.name, _annotations(ctx, p.annotations),
                                        _states(ctx, p.entries, (len(ctx.eff.techniques), pi, 0xFFFFFFFF))))
        ctx.eff.techniques.append(ft_)
    if not ctx.eff.techniques:
        # 10.1 refuses an fx_2_0 effect without one ("ID3DXEffectCompiler: There were no techniques"), where an
        # fx_4/fx_5 effect may have none
        raise ctx.error(None, "ID3DXEffectCompiler: There were no techniques")
    return ctx.eff
