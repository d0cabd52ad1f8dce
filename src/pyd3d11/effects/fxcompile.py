"""The ``fx_4_0`` / ``fx_4_1`` / ``fx_5_0`` compile targets: effect source -> :class:`model.FxEffect`
(-> the FX11 binary, ``binary.py``).

Constant buffers and their variables are laid out by the HLSL compiler's own cbuffer packing (the code
generator's ``collect``), each ``CompileShader(profile, f(args))`` is compiled by the HLSL compiler with
``f``'s uniform parameters bound to ``args`` (MicrosoftDocs "CompileShader", "Effect Format"), and the
technique/pass/state-block syntax comes from :mod:`.fxparse`. State names and their values follow the
FX11 state table (:mod:`.states`)."""

from __future__ import annotations

import re
import struct
from collections.abc import Callable

from ..errors import NotSupportedError
from ..headers.d3dcompiler_types import (
    D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS,
    D3DCOMPILE_EFFECT_CHILD_EFFECT,
    D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY,
    D3DCOMPILE_PACK_MATRIX_ROW_MAJOR,
)
from ..shader.dxbc.container import parse_container
from ..shader.hlsl import ast as A
from ..shader.hlsl.classes import ClassType, InterfaceType, is_interface_type
from ..shader.hlsl.codegen import Codegen, component_bases, walk
from ..shader.hlsl.compiler import compile_hlsl
from ..shader.hlsl.constexpr import const_value, eval_const
from ..shader.hlsl.diagnostics import HlslError
from ..shader.hlsl.foldinit import effect_initial_value, sized_type
from ..shader.hlsl.nullvalue import braced as braced_null
from ..shader.hlsl.nullvalue import is_null, null_or_string
from ..shader.hlsl.objects import leaf_count
from ..shader.hlsl.parse_effects import COMPILE_PROFILES
from ..shader.hlsl.preprocessor import preprocess
from ..shader.hlsl.sbops import FLOAT_INTRINSICS
from ..shader.hlsl.types import SAMPLER_KINDS, ArrayType, NumType, ObjectType, StructType, Type, array_leaf
from . import model as M
from . import states as S
from .fx2states import lookup_state
from .fxannot import (
    braced_other_kind,
    check_annotation_names,
    global_names,
    is_null_value,
    static_const_names,
    string_const,
)
from .fxfuncs import check_compile_arguments, check_effect_functions, undefined_variable
from .fxparse import Annotation, EffectParser, StateEntry, literal_number
from .fxsalvage import check_names_in_order, earlier_in_text, first_parse_time_error, lex_effect, parse_time
from .sodecl import so_decl_error

_SHADER_PROFILE = re.compile(r"^(vs|ps|gs|hs|ds|cs)_(4_0|4_1|5_0)$|^(vs|ps)_4_0_level_9_[13]$")
#: the shader models each target's techniques run (d3dcompiler_47 10.1, session 39): another model's shader -- a
#: Direct3D 9 one (vs/ps 1.1-3.0), 5.1, and 4.1 / 5.0 above their targets -- is "not allowed in D3D10 techniques"
#: inline, and a variable of it is stored as NULL without being compiled, which a pass may not name
_TECHNIQUE_MODELS = {"fx_4_0": ("4_0",), "fx_4_1": ("4_0", "4_1"), "fx_5_0": ("4_0", "4_1", "5_0")}


def _unsupported_model(profile: str, target: str) -> bool:
    """Whether ``profile`` (one fxc's ``compile`` takes: parse_effects.COMPILE_PROFILES) is a model ``target``'s
    techniques cannot run (_TECHNIQUE_MODELS)."""
    return profile in COMPILE_PROFILES and profile[3:6] not in _TECHNIQUE_MODELS[target]
_FX_TARGET = re.compile(r"^fx_(4_0|4_1|5_0)$")

#: HLSL object kind -> EObjectType name
_OBJECT_KIND = {
    "string": "String", "BlendState": "Blend", "DepthStencilState": "DepthStencil",
    "RasterizerState": "Rasterizer", "RenderTargetView": "RenderTargetView", "DepthStencilView": "DepthStencilView",
    "SamplerState": "Sampler", "SamplerComparisonState": "Sampler", "sampler": "Sampler", "sampler1D": "Sampler",
    "sampler2D": "Sampler", "sampler3D": "Sampler", "samplerCUBE": "Sampler", "sampler_state": "Sampler",
    "texture": "Texture", "Texture": "Texture", "Texture1D": "Texture1D", "Texture1DArray": "Texture1DArray",
    "Texture2D": "Texture2D", "Texture2DArray": "Texture2DArray", "Texture2DMS": "Texture2DMS",
    "Texture2DMSArray": "Texture2DMSArray", "Texture3D": "Texture3D", "TextureCube": "TextureCube",
    "TextureCubeArray": "TextureCubeArray", "Buffer": "Buffer", "ByteAddressBuffer": "ByteAddressBuffer",
    "StructuredBuffer": "StructuredBuffer", "RWTexture1D": "RWTexture1D", "RWTexture1DArray": "RWTexture1DArray",
    "RWTexture2D": "RWTexture2D", "RWTexture2DArray": "RWTexture2DArray", "RWTexture3D": "RWTexture3D",
    "RWBuffer": "RWBuffer", "RWByteAddressBuffer": "RWByteAddressBuffer",
    "RWStructuredBuffer": "RWStructuredBuffer", "AppendStructuredBuffer": "AppendStructuredBuffer",
    "ConsumeStructuredBuffer": "ConsumeStructuredBuffer",
}
_SHADER_KIND = {"VertexShader": "VertexShader", "vertexshader": "VertexShader", "PixelShader": "PixelShader",
                "pixelshader": "PixelShader", "GeometryShader": "GeometryShader",
                "geometryshader": "GeometryShader", "HullShader": "HullShader", "DomainShader": "DomainShader",
                "ComputeShader": "ComputeShader"}
#: the state a pass assigns for each shader kind, and the profile prefix a shader of that kind needs
_SHADER_STATE_PREFIX = {"VertexShader": "vs", "PixelShader": "ps", "GeometryShader": "gs", "HullShader": "hs",
                        "DomainShader": "ds", "ComputeShader": "cs"}
#: object kinds with no Direct3D 10 EObjectType (FX11 EffectBinaryFormat.h: the D3D11 additions), left out of an
#: fx_4_x effect (the RW* kinds too)
_FX5_ONLY_OBJECTS = frozenset({"HullShader", "DomainShader", "ComputeShader", "StructuredBuffer",
                               "ByteAddressBuffer", "AppendStructuredBuffer", "ConsumeStructuredBuffer"})
_SCALAR = {"float": M.EST_Float, "half": M.EST_Float, "min16float": M.EST_Float, "min10float": M.EST_Float,
           "int": M.EST_Int, "min16int": M.EST_Int, "min12int": M.EST_Int, "uint": M.EST_UInt, "dword": M.EST_UInt,
           "min16uint": M.EST_UInt, "bool": M.EST_Bool}


class _Ctx:
    def __init__(self, source: str, file: str, target: str, defines, include_open, flags: int):
        self.source, self.file, self.target = source, file, target
        self.defines, self.include_open, self.flags = defines, include_open, flags
        self.flags2 = 0  #: D3DCOMPILE_EFFECT_* bits
        self.fx5 = target == "fx_5_0"
        self.row_major = bool(flags & D3DCOMPILE_PACK_MATRIX_ROW_MAJOR)
        self.shader_cache: dict[tuple, bytes] = {}
        self.numeric: dict[str, M.FxNumericVar] = {}
        self.objects: dict[str, M.FxObjectVar] = {}
        self.interfaces: dict[str, M.FxInterfaceVar] = {}
        self.consts: dict = {}
        self.static_consts: dict = {}  #: the declarations an annotation may read, by name (fxannot)
        self.global_names: set[str] = set()
        self.hex_literals: set[int] = set()
        #: the functions the program defines, by name (a state expression calling one is FXLVM code)
        self.functions: dict[str, list] = {}
        #: numeric variables a state expression may not read: name -> (where fxc reports it, or None for the
        #: reading name; error number; text) -- a tbuffer member, a global bound to no c register (_fxlvm)
        self.unreadable: dict[str, tuple] = {}
        #: shader variables of a model the target's techniques cannot run (stored as NULL; a pass may not name them)
        self.unsupported_shaders: set[str] = set()

    def error(self, pos, msg: str, code: int = 3000) -> HlslError:
        if pos is None:
            return HlslError(self.file, 1, 1, code, msg)
        return HlslError(pos.file or self.file, pos.line, pos.col, code, msg)


# --- types --------------------------------------------------------------------------------------------------
def fx_type(t: Type, row_major_default: bool, fx5: bool = True, pos=None, file: str = "") -> M.FxType:
    """The SBinaryType of an HLSL type: sizes by the cbuffer packing rules (D3D11.3 functional spec,
    "Constant Buffer packing"), ``PackedSize`` the size with every element tightly packed."""
    if isinstance(t, ArrayType):
        if isinstance(t.elem, ArrayType):
            raise NotSupportedError("Effects 11: multi-dimensional array variables")
        e = fx_type(t.elem, row_major_default, fx5, pos, file)
        if e.var_type == M.EVT_Object:
            return M.FxType(e.name, e.var_type, t.count, object_type=e.object_type)
        stride = (e.total_size + 15) // 16 * 16
        return M.FxType(e.name, e.var_type, t.count, stride * (t.count - 1) + e.total_size, stride,
                        e.packed_size * t.count, e.layout, e.scalar, e.rows, e.cols, e.column_major, 0, e.members)
    if isinstance(t, NumType):
        if t.base == "double" or t.prec is not None and t.prec.startswith("min"):
            # no effect scalar type holds them: d3dcompiler_47 10.1 fails a double or minimum-precision global,
            # buffer member, struct member or annotation alike with "Unexpected component type" (no error
            # number; a static one compiles, session 38 EFX), as fx_2_0 does (fx2compile.fx2_type)
            raise HlslError(file, pos.line if pos else 1, pos.col if pos else 1, 3000, "Unexpected component type")
        scalar = _SCALAR.get(t.base)
        if scalar is None:
            raise NotSupportedError(f"Effects 11: variables of type {t}")
        if t.shape == "m":
            rm = t.row_major if t.row_major is not None else row_major_default
            size = 16 * (t.rows - 1) + 4 * t.cols if rm else 16 * (t.cols - 1) + 4 * t.rows
            return M.FxType(str(t), M.EVT_Numeric, 0, size, (size + 15) // 16 * 16, 4 * t.rows * t.cols,
                            M.ENL_Matrix, scalar, t.rows, t.cols, not rm)
        layout = M.ENL_Vector if t.shape == "v" else M.ENL_Scalar
        size = 4 * t.cols
        return M.FxType(str(t), M.EVT_Numeric, 0, size, 16, size, layout, scalar, 1, t.cols, False)
    if isinstance(t, InterfaceType):
        return M.FxType(t.name, M.EVT_Interface)
    if isinstance(t, ClassType):
        return _class_type(t, row_major_default, fx5, pos, file)
    if isinstance(t, StructType):
        members = []
        off = 0
        packed = 0
        for fname, ftype, sem, _mods in t.fields:
            ft = fx_type(ftype, row_major_default, fx5, pos, file)
            if ft.var_type == M.EVT_Object:
                raise NotSupportedError("Effects 11: structs holding objects")
            if ft.elements or ft.var_type == M.EVT_Struct or off % 16 + ft.total_size > 16:
                off = (off + 15) // 16 * 16
            members.append((fname, sem, off, ft))
            off += ft.total_size
            packed += ft.packed_size
        # an anonymous struct's SBinaryType name is "<unnamed>" in fxc's objects (DXDecompiler's EffectPacking,
        # AdvancedHLSL)
        return M.FxType(t.name or "<unnamed>", M.EVT_Struct, 0, off, (off + 15) // 16 * 16, packed,
                        members=members)
    if isinstance(t, ObjectType):
        if t.kind in _SHADER_KIND:
            kind = _SHADER_KIND[t.kind]
            # fxc's fx_5_0 objects type a vertex/pixel/geometry shader variable as the fx_4 kind (a bare shader
            # offset) unless it needs SBinaryShaderData5 (stream output, interface bindings: upgraded where its
            # initialiser is compiled); hull, domain and compute shaders exist only as the *5 kinds
            name = kind + "5" if fx5 and kind in ("HullShader", "DomainShader", "ComputeShader") else kind
            if not fx5 and kind in ("HullShader", "DomainShader", "ComputeShader"):
                raise HlslError(file, pos.line if pos else 1, pos.col if pos else 1, 3000,
                                f"{kind} objects need fx_5_0")
            return M.FxType(t.kind, M.EVT_Object, object_type=M.EOT[name])
        name = _OBJECT_KIND.get(t.kind)
        if name is None:
            raise NotSupportedError(f"Effects 11: variables of type {t.kind}")
        # the object kind without its template arguments: fxc names ``Buffer<float4>`` "Buffer" and
        # ``StructuredBuffer<BufType>`` "StructuredBuffer" in its fx_5_0 objects (DXDecompiler's EffectNoTechnique,
        # AdvancedHLSL); textures follow the same rule (inferred: no templated texture in those objects). A string
        # variable's type is named "String" (d3dcompiler_47 10.1's fx_5_0 objects, session 35)
        # the sampler kinds of Direct3D 9 syntax (``sampler``, ``sampler2D``, …) are named "SamplerState" (10.1's
        # fx_5_0 objects, session 38 EFX); SamplerComparisonState keeps its name
        type_name = "String" if name == "String" else \
            "SamplerState" if name == "Sampler" and t.kind != "SamplerComparisonState" else t.kind
        return M.FxType(type_name, M.EVT_Object, object_type=M.EOT[name])
    raise NotSupportedError(f"Effects 11: variables of type {t}")


def _class_type(t: ClassType, row_major_default: bool, fx5: bool, pos, file: str) -> M.FxType:
    """A class: a struct whose members are its base class's, then its own (FX11 reads members laid out from
    offset 0), with SBinaryTypeInheritance naming the base class type and the interfaces the class itself
    declares."""
    members: list = []
    off = packed = 0
    base = None
    for fname, ftype, sem, _mods in t.fields:
        ft = fx_type(ftype, row_major_default, fx5, pos, file)
        if ft.var_type == M.EVT_Object:
            raise NotSupportedError("Effects 11: classes holding objects")
        if fname == "$super":
            base = ft
            members += ft.members
            off, packed = ft.total_size, ft.packed_size
            continue
        if ft.elements or ft.var_type == M.EVT_Struct or off % 16 + ft.total_size > 16:
            off = (off + 15) // 16 * 16
        members.append((fname, sem, off, ft))
        off += ft.total_size
        packed += ft.packed_size
    if not fx5:  # fx_4_x has no dynamic linkage: a class's data is a plain struct there
        return M.FxType(t.name, M.EVT_Struct, 0, off, (off + 15) // 16 * 16, packed, members=members)
    return M.FxType(t.name, M.EVT_Struct, 0, off, (off + 15) // 16 * 16, packed, members=members, base=base,
                    interfaces=[M.FxType(i.name, M.EVT_Interface) for i in t.interfaces])


def pack_values(t: M.FxType, vals: list) -> bytes:
    """The packed default-value bytes (SBinaryNumericVariable.oDefaultValue) of flat values in HLSL
    initialiser order: each element's components row by row, 32 bits each."""
    out = bytearray()
    leaves = _leaf_scalars(t)
    for v, sc in zip(vals, leaves, strict=False):
        if sc == M.EST_Float:
            out += struct.pack("<f", float(v))
        elif sc == M.EST_Int:
            out += struct.pack("<i", int(v))
        elif sc == M.EST_Bool:
            out += struct.pack("<I", 1 if v else 0)
        else:
            out += struct.pack("<I", int(v) & 0xFFFFFFFF)
    return bytes(out)


def _leaf_scalars(t: M.FxType) -> list[int]:
    n = max(1, t.elements)
    if t.var_type == M.EVT_Struct:
        one = [s for m in t.members for s in _leaf_scalars(m[3])]
    else:
        one = [t.scalar] * (t.rows * t.cols)
    return one * n


# --- annotations --------------------------------------------------------------------------------------------
def _annotations(ctx: _Ctx, items: list[Annotation]) -> list[M.FxAnnotation]:
    out = []
    check_annotation_names(items, ctx.static_consts, ctx.global_names, ctx.file)
    for a in items:
        leaf = array_leaf(a.type)
        if isinstance(leaf, ObjectType):
            if leaf.kind != "string":
                raise ctx.error(a.pos, f"annotation '{a.name}': only numeric and string annotations are allowed")
            ft = fx_type(a.type, ctx.row_major, ctx.fx5)
            vals = a.value.items if isinstance(a.value, A.InitList) else [a.value]
            strs = []
            if braced_other_kind(a):  # fx_2_0 stores "", 10.1 fails it here with no message (fxannot)
                raise ctx.error(a.pos, f"annotation '{a.name}': a brace list of numbers for a string")
            for v in vals:
                v = string_const(v, ctx.static_consts)
                if is_null_value(v):
                    # fxc 10.1 compiles ``< string s = NULL; >`` and writes a null string (offset 0, as a variable's)
                    strs.append(None)
                    continue
                if not (isinstance(v, A.Literal) and isinstance(v.value, str)):
                    raise ctx.error(a.pos, f"annotation '{a.name}': a string annotation needs a string literal")
                strs.append(v.value)
            out.append(M.FxAnnotation(a.name, ft, strs))
            continue
        t = sized_type(a.type, a.value, ctx.consts, a.pos)  # `float a[] = {1, 2};` has two elements
        ft = fx_type(t, ctx.row_major, ctx.fx5)
        if braced_other_kind(a):  # fx_2_0 stores zeros, 10.1 fails it here with no message (fxannot)
            raise ctx.error(a.pos, f"annotation '{a.name}': a brace list of strings for a number")
        # the value the initialiser computes at run time (foldinit.py), as for a variable's default
        cv = effect_initial_value(t, a.value, ctx.consts, a.pos)
        if cv is None:
            raise ctx.error(a.pos, f"'{a.name}': value must be a literal expression", 3011)
        out.append(M.FxAnnotation(a.name, ft, pack_values(ft, cv.vals)))
    return out


# --- shaders ------------------------------------------------------------------------------------------------
def _node_key(n) -> object:
    if isinstance(n, A.Node):
        return (type(n).__name__,) + tuple(_node_key(getattr(n, f)) for f in n.__dataclass_fields__ if f != "pos")
    if isinstance(n, (list, tuple)):
        return tuple(_node_key(x) for x in n)
    if isinstance(n, (frozenset, set)):
        return tuple(sorted(map(str, n)))
    return n if isinstance(n, (int, float, str, bool, type(None))) else str(n)


def _bind_uniforms(func: str, args: list[A.Node], ctx: _Ctx, pos) -> Callable:
    """A program hook that turns ``func``'s uniform parameters into constants initialised by ``args`` (the
    effect's ``CompileShader(vs_5_0, f(args))``: arguments bind to the uniform parameters in order,
    missing ones take their defaults)."""

    def hook(prog: A.Program) -> None:
        named = [d for d in prog.decls if isinstance(d, A.FuncDef) and d.name == func]
        if named and all("static" in d.mods for d in named):
            # a static function is no entry point of a shader compile (X3501) but an effect compiles one (10.1,
            # session 45 EFX: `static float4 fun() : sv_target {…}` then `compile ps_4_0 fun()` at fx_4_x / fx_5_0)
            for d in named:
                d.mods = d.mods - {"static"}
        for d in prog.decls:
            if not (isinstance(d, A.FuncDef) and d.name == func and d.body is not None):
                continue
            uni = [p for p in d.params if "uniform" in p.mods]
            if len(args) > len(uni):
                continue
            consts = []
            aliases: dict[str, A.Node] = {}
            for i, p in enumerate(uni):
                val = args[i] if i < len(args) else p.default
                if val is None:
                    raise ctx.error(pos, f"'{func}': no value for uniform parameter '{p.name}'")
                if is_interface_type(p.type):
                    # an interface parameter names the pointer or class instance passed: the body calls
                    # through the global interface variable (an interface slot) or inlines the class's methods
                    if not isinstance(val, (A.Ident, A.Index)):
                        raise ctx.error(pos, f"'{func}': interface parameter '{p.name}' needs an interface or "
                                             "class instance variable")
                    aliases[p.name] = val
                    continue
                mods = frozenset({"const"})
                consts.append(A.DeclStmt(p.pos, [A.VarDecl(p.pos, p.name, p.type, mods, init=val)]))
            d.params = [p for p in d.params if "uniform" not in p.mods]
            d.bound_uniforms = uni
            body = _substitute(d.body, aliases) if aliases else d.body
            d.body = A.Block(body.pos, consts + list(body.stmts))
            return
        # no definition takes that many uniform arguments (the others are the shader's inputs)
        raise ctx.error(pos, f"'{func}': no matching {len(args)} parameter function", 3013)
    return hook


def _substitute(node, names: dict):
    """A copy of ``node`` with identifiers in ``names`` replaced by their nodes (uniform interface
    parameters bound to the effect's variables)."""
    if isinstance(node, A.Ident) and node.name in names:
        return names[node.name]
    if isinstance(node, A.Node):
        import dataclasses

        changes = {}
        for f in dataclasses.fields(node):
            v = getattr(node, f.name)
            nv = _substitute(v, names)
            if nv is not v:
                changes[f.name] = nv
        return dataclasses.replace(node, **changes) if changes else node
    if isinstance(node, list):
        out = [_substitute(x, names) for x in node]
        return out if any(a is not b for a, b in zip(out, node, strict=True)) else node
    if isinstance(node, tuple):
        out_t = tuple(_substitute(x, names) for x in node)
        return out_t if any(a is not b for a, b in zip(out_t, node, strict=True)) else node
    return node


def _bind_interfaces(ctx: _Ctx, call: A.Call, state_kind: str | None, pos) -> M.FxShader:
    """``BindInterfaces(shader, a, b[1], ...)``: the shader (a shader variable or CompileShader) with its
    entry-point interface parameters bound, in order, to interface variables or class instances (an
    SBinaryShaderData5 with interface bindings, as FX11 loads it)."""
    if not ctx.fx5:
        raise ctx.error(pos, "BindInterfaces needs the fx_5_0 target")
    if not call.args:
        raise ctx.error(pos, "BindInterfaces needs a shader")
    first = call.args[0]
    if isinstance(first, A.Ident):
        var = ctx.objects.get(first.name)
        if var is None or var.type.object_type not in M.SHADER_EOTS:
            raise ctx.error(pos, f"'{first.name}': BindInterfaces needs a shader variable", 3004)
        if not var.shaders or not var.shaders[0].bytecode:
            raise ctx.error(pos, f"'{first.name}': BindInterfaces of a NULL shader")
        inner = var.shaders[0]
    else:
        inner = _compile_shader(ctx, first, state_kind, pos)
    binds = []
    for a in call.args[1:]:
        idx = 0xFFFFFFFF
        if isinstance(a, A.Index) and isinstance(a.a, A.Ident) and literal_number(a.index) is not None:
            name, idx = a.a.name, int(literal_number(a.index))
        elif isinstance(a, A.Ident):
            name = a.name
        else:
            raise ctx.error(pos, "BindInterfaces arguments must be interface or class instance variables")
        if name in ctx.interfaces:
            t = ctx.interfaces[name].type
        elif name in ctx.numeric and ctx.numeric[name].type.is_class_instance:
            t = ctx.numeric[name].type
        else:
            raise ctx.error(pos, f"'{name}': not an interface or class instance variable", 3004)
        if idx != 0xFFFFFFFF and not 0 <= idx < max(1, t.elements):
            raise ctx.error(pos, f"'{name}[{idx}]': array index out of bounds")
        binds.append((name, idx))
    return M.FxShader(inner.bytecode, list(inner.so_decls), inner.rasterized_stream, True, binds)


def _compile_shader(ctx: _Ctx, call: A.Node, state_kind: str | None, pos) -> M.FxShader:
    """``CompileShader(profile, f(args))`` / ``compile profile f(args)`` / ``ConstructGSWithSO(shader,
    decl[, decl1, decl2, decl3, rasterizedStream])`` / ``NULL`` -> a shader block."""
    if isinstance(call, A.Call) and call.name == "BindInterfaces":
        return _bind_interfaces(ctx, call, state_kind, pos)
    if isinstance(call, A.Call) and call.name == "ConstructGSWithSO":
        if not call.args:
            raise ctx.error(pos, "ConstructGSWithSO needs a shader")
        inner = _shader_variable(ctx, call.args[0], pos) or _compile_shader(ctx, call.args[0], None, pos)
        rest = call.args[1:]
        decls: list[str | None] = []
        stream = 0
        for i, a in enumerate(rest):
            if isinstance(a, A.Literal) and isinstance(a.value, str):
                err = so_decl_error(a.value)
                if err is not None:
                    raise ctx.error(pos, err)
                decls.append(a.value)
            elif isinstance(a, A.Ident) and a.name.upper() == "NULL":
                # the two-argument form's NULL is a declaration of no string (10.1's objects, session 47 EFX: a
                # GeometryShaderSO object whose offset is 0, not one to "" as ``ConstructGSWithSO(s, "")`` has);
                # the five-declaration form keeps an empty stream's ""
                decls.append("" if len(rest) > 1 else None)
            elif i == 4 and literal_number(a) is not None:
                # the rasterized stream: the sixth argument alone (MicrosoftDocs "Stream-Out Syntax"); the second's
                # number is a declaration's (10.1, session 45 EFX: `ConstructGSWithSO(s, 1)` fails)
                stream = int(literal_number(a))
            else:
                # a number, a string variable, a static const string alike (10.1, session 45 EFX; no number)
                raise ctx.error(pos, "StreamOut declarations must be a literal string")
        if len(decls) > 1 and not ctx.fx5:
            raise ctx.error(pos, "ConstructGSWithSO with several streams needs fx_5_0")
        if len(decls) > 4:
            raise ctx.error(pos, "ConstructGSWithSO takes at most four stream-output declarations")
        return M.FxShader(inner.bytecode, decls, stream, ctx.fx5)
    if not (isinstance(call, A.Call) and call.name == "CompileShader" and len(call.args) == 2 and
            isinstance(call.args[0], A.Ident) and isinstance(call.args[1], A.Call)):
        raise ctx.error(pos, "a shader must be CompileShader(profile, function(arguments)), "
                             "ConstructGSWithSO(...) or NULL")
    profile = call.args[0].name
    if _unsupported_model(profile, ctx.target):  # (a variable's: compile_effect)
        raise ctx.error(pos, f"Shader model {profile} is not allowed in D3D10 techniques")
    if not _SHADER_PROFILE.match(profile):
        raise ctx.error(pos, f"invalid shader profile '{profile}'")
    fcall = call.args[1]
    key = (profile, fcall.name, _node_key(fcall.args))
    blob = ctx.shader_cache.get(key)
    if blob is None:
        try:
            res = compile_hlsl(ctx.source, ctx.file, fcall.name, profile, ctx.defines, ctx.include_open, ctx.flags,
                               _bind_uniforms(fcall.name, fcall.args, ctx, pos), file_target=ctx.target)
        except HlslError as exc:
            raise undefined_variable(exc, fcall) from None
        blob = ctx.shader_cache[key] = res.blob
    if state_kind is not None and not profile.startswith(_SHADER_STATE_PREFIX[state_kind]):
        # a vertex shader takes the GeometryShader state only through ConstructGSWithSO (d3dcompiler_47 10.1,
        # session 45 EFX: `SetGeometryShader(CompileShader(vs_4_0, f()))` and `GeometryShader = compile vs_4_0
        # f();` fail, with no error number, as `SetVertexShader(CompileShader(gs_4_0, g()))` does) -- once the
        # shader compiled: its own errors come first (session 49 EFX: `PixelShader = compile gs_4_0 fun();` of a
        # function with no [maxvertexcount] is X3514, `compile vs_4_0_level_9_1` of an sv_target output X4502)
        raise ctx.error(pos, f"Assignment {state_kind}: Attempting to assign an incompatible inline shader")
    return M.FxShader(blob, [], 0, ctx.fx5)


#: the shader variables ConstructGSWithSO may name (Effects "Stream Out Syntax": ShaderVar is "a geometry shader
#: or vertex shader variable"; a vertex shader streams its outputs out with no geometry shader)
_SO_SOURCE_EOTS = {M.EOT[n] for n in ("VertexShader", "VertexShader5", "GeometryShader", "GeometryShader5")}


def _left_out(ctx: _Ctx, leaf: ObjectType) -> bool:
    """An object kind no EObjectType of the target holds: the effect leaves such a variable out -- a global, and a
    cbuffer's or tbuffer's member alike, which is then no "Only numeric variables" error (d3dcompiler_47 10.1,
    session 49 EFX: ``tbuffer t { ComputeShader cs; float4 f; };``, ``cbuffer c { HullShader hs; };``, ``{
    RWTexture2D<float4> rw; }`` compile at fx_4_0 / fx_4_1; a PixelShader member, or a ComputeShader one at fx_5_0,
    stays refused)."""
    return leaf.kind.startswith("RasterizerOrdered") or not ctx.fx5 and (
        leaf.kind in _FX5_ONLY_OBJECTS or leaf.kind.startswith("RW"))


def _shader_variable(ctx: _Ctx, node, pos) -> M.FxShader | None:
    """The compiled shader of ``name`` / ``name[k]`` (a shader variable declared earlier in the file), or None
    where ``node`` names no variable (a CompileShader call)."""
    index = 0
    if isinstance(node, A.Index) and isinstance(node.a, A.Ident):
        k = literal_number(node.index)
        if k is None:
            raise ctx.error(pos, "ConstructGSWithSO: a shader array element needs a literal index")
        node, index = node.a, int(k)
    if not isinstance(node, A.Ident) or node.name.upper() == "NULL":
        return None
    var = ctx.objects.get(node.name)
    if var is None:
        raise ctx.error(pos, f"'{node.name}': undeclared identifier", 3004)
    if var.type.object_type not in _SO_SOURCE_EOTS:
        raise ctx.error(pos, f"ConstructGSWithSO: '{node.name}' is not a vertex or geometry shader")
    if not 0 <= index < len(var.shaders):
        raise ctx.error(pos, f"'{node.name}[{index}]': array index out of bounds")
    return var.shaders[index]


# --- state values -------------------------------------------------------------------------------------------
def _profile_of(init) -> str:
    """The profile of a ``CompileShader(profile, f())`` / ``compile profile f()`` initialiser ("" otherwise)."""
    if isinstance(init, A.Call) and init.name == "CompileShader" and init.args and isinstance(init.args[0], A.Ident):
        return init.args[0].name
    return ""


def _is_null(n) -> bool:
    return (isinstance(n, A.Ident) and n.name.upper() == "NULL") or literal_number(n) == 0 and \
        isinstance(n, (A.Literal, A.Unary))


def _integer_constant(ctx: _Ctx, n) -> int | None:
    """The value of an integer constant expression (``1-1``, ``0u``, ``2*3``), or None for anything else
    (names, bool or float values, calls)."""
    if isinstance(n, A.Ident) or (isinstance(n, A.Literal) and n.base == "bool"):
        return None
    if _value_kinds(ctx, n) not in ([M.EST_Int], [M.EST_UInt]):
        return None
    v = eval_const(n, ctx.consts, scalar=True)
    return None if v is None else int(v)


def _object_value(ctx: _Ctx, lv: S.LValue, node, pos) -> tuple[int, object]:
    """An object state's value: NULL or an integer constant expression of value 0 (fxc compiles
    ``SetRasterizerState(1-1)`` and ``SetGeometryShader(0u)`` as NULL — vkd3d's effect-pass-states-fx_5 record;
    any other constant is refused, as vkd3d-shader's fx writer refuses "only 0 integer constants are allowed
    for object-typed fields"), an inline shader, a variable, or an array element."""
    # the constant keeps its type at fx_5_0: an unsigned zero (``0u``, ``0x0``, ``uint(0)``) is UInt 0 there
    # (d3dcompiler_47 10.1's objects, session 42 EFX: ``SetGeometryShader(0u)``), Int 0 at fx_4_x
    zero = M.EST_UInt if ctx.fx5 and not isinstance(node, A.Ident) and _value_kinds(ctx, node) == [M.EST_UInt] \
        else M.EST_Int
    if _is_null(node):
        return M.ECAT_Constant, [(zero, 0)]
    k = _integer_constant(ctx, node)
    if k is not None:
        if k != 0:
            raise ctx.error(pos, f"invalid value for state '{lv.name}': only a 0 integer constant may stand for NULL")
        return M.ECAT_Constant, [(zero, 0)]
    if lv.name in S.SHADER_STATES and isinstance(node, A.Call):
        sh = _compile_shader(ctx, node, lv.name, pos)
        # fxc writes the fx_5_0 record (SInlineShader5) only for what the fx_4 one (SInlineShader: the shader
        # and one stream-output declaration) cannot hold: its fx_5_0 objects of DXDecompiler's AdvancedEffect
        # and BasicEffect store every plain CompileShader as ECAT_InlineShader
        extended = len(sh.so_decls) > 1 or sh.rasterized_stream != 0 or bool(sh.interface_bindings)
        return (M.ECAT_InlineShader5 if ctx.fx5 and extended else M.ECAT_InlineShader), sh
    if isinstance(node, A.Ident):
        var = ctx.objects.get(node.name)
        if var is None:
            raise ctx.error(pos, f"'{node.name}': undeclared identifier in state assignment", 3004)
        _check_object_kind(ctx, lv, var, pos)
        if var.type.elements:
            # an array names no object (10.1, session 45 EFX: `VertexShader v[2];` then `SetVertexShader(v);`, a
            # sampler's `Texture = t;` of `Texture2D t[2];`, `v[1]` alike; no error number)
            raise ctx.error(pos, f"Assignment {lv.name}: Non-array right-hand type expected")
        if node.name in ctx.unsupported_shaders:
            raise ctx.error(pos, f"Assignment {lv.name}: Reference to shader variable '{node.name}' not valid for "
                                 f"{ctx.target} techniques because it uses an unsupported shader model")
        return M.ECAT_Variable, node.name
    if isinstance(node, A.Index) and isinstance(node.a, A.Ident):
        var = ctx.objects.get(node.a.name)
        if var is None:
            raise ctx.error(pos, f"'{node.a.name}': undeclared identifier in state assignment", 3004)
        _check_object_kind(ctx, lv, var, pos)
        idx = literal_number(node.index)
        if idx is not None:
            if not 0 <= int(idx) < max(1, var.type.elements):
                raise ctx.error(pos, f"'{node.a.name}[{int(idx)}]': array index out of bounds")
            return M.ECAT_ConstIndex, (node.a.name, int(idx))
        if isinstance(node.index, A.Ident) and node.index.name in ctx.numeric:
            return M.ECAT_VariableIndex, (node.a.name, node.index.name)
        if _reads_variables(ctx, node.index):
            # ``DepthStencilArray[i * 3 + j]``: fxc's ECAT_ExpressionIndex, the index as FXLVM code
            return M.ECAT_ExpressionIndex, (node.a.name, _fxlvm(ctx, node.index, 1, "u"))
        raise ctx.error(pos, f"invalid index for state '{lv.name}': not a literal expression")
    raise ctx.error(pos, f"invalid value for state '{lv.name}'")


_LV_OBJECT_EOTS = {
    S.SVT_RASTERIZER: {M.EOT["Rasterizer"]}, S.SVT_DEPTHSTENCIL: {M.EOT["DepthStencil"]},
    S.SVT_BLEND: {M.EOT["Blend"]}, S.SVT_RENDERTARGETVIEW: {M.EOT["RenderTargetView"]},
    S.SVT_DEPTHSTENCILVIEW: {M.EOT["DepthStencilView"]}, S.SVT_TEXTURE: M.SRV_EOTS,
    S.SVT_VERTEXSHADER: {M.EOT["VertexShader"], M.EOT["VertexShader5"]},
    S.SVT_PIXELSHADER: {M.EOT["PixelShader"], M.EOT["PixelShader5"]},
    S.SVT_GEOMETRYSHADER: {M.EOT["GeometryShader"], M.EOT["GeometryShaderSO"], M.EOT["GeometryShader5"]},
    S.SVT_HULLSHADER: {M.EOT["HullShader5"]}, S.SVT_DOMAINSHADER: {M.EOT["DomainShader5"]},
    S.SVT_COMPUTESHADER: {M.EOT["ComputeShader5"]},
}


def _check_object_kind(ctx: _Ctx, lv: S.LValue, var: M.FxObjectVar, pos) -> None:
    if var.type.object_type not in _LV_OBJECT_EOTS.get(lv.type, set()):
        raise ctx.error(pos, f"'{var.name}' cannot be assigned to state '{lv.name}' (type mismatch)")


def _numeric_value(ctx: _Ctx, lv: S.LValue, node, pos, in_pass: bool = False) -> tuple[int, object]:
    """A numeric state's value: a named value of the state's table or TRUE/FALSE (both stored as EST_Int, as
    fxc stores them: ``CullMode = BACK`` -> Int 3, ``DepthEnable = TRUE`` -> Int 1 in its fx_5_0 objects), a
    numeric variable (ECAT_Variable), or a constant expression whose components keep their own scalar type
    (:func:`_value_kinds`; FX11's ExecuteConstantAssignment converts them to the state's type when applied)."""
    while not in_pass and isinstance(node, A.InitList) and len(node.items) == 1:
        # a state object's value in braces of one item is the item, a named value too (d3dcompiler_47 10.1, session
        # 49 EFX: ``DepthEnable = {TRUE};``, ``= {{TRUE}};``, ``Filter = {MIN_MAG_MIP_LINEAR};``, ``FillMode =
        # {WIREFRAME};`` compile at fx_4_0 / fx_5_0 as ``{1}`` did; two items stay refused)
        node = node.items[0]
    if isinstance(node, A.Ident):
        key = node.name.upper()
        if lv.values is not None:
            for name, v in lv.values.items():
                if name.upper() == key:
                    return M.ECAT_Constant, [(M.EST_Int, v)]
        if key in ("TRUE", "FALSE") and lv.type == S.SVT_BOOL:
            # the named values of a BOOL state only (d3dcompiler_47 10.1, session 40: ``CullMode = TRUE`` is
            # "Unrecognized RHS value in assignment", ``StencilReadMask = TRUE`` "Unrecognized token TRUE")
            return M.ECAT_Constant, [(M.EST_Int, 1 if key == "TRUE" else 0)]
        if node.name == "NULL":
            # NULL is a numeric state's Int 0, as the literal 0 (10.1's fx_5_0 objects, session 40: ``Filter =
            # NULL``, ``MaxLOD = NULL``, ``SetDepthStencilState(d, NULL)``; ``null`` is an unrecognized value and
            # a four-component state's NULL a dimensionality mismatch)
            if lv.cols != 1:
                raise ctx.error(pos, f"Assignment {lv.name}: Dimensionality mismatch (LHS expects {lv.cols}, RHS has 1)")
            return M.ECAT_Constant, [(M.EST_Int, 0)]
        var = ctx.numeric.get(node.name)
        if var is not None:
            # d3dcompiler_47 10.1 takes a numeric variable of any shape but an array (`SetBlendState(b, g1, m)`,
            # `SetBlendState(b, f, gMatrix)` compile; `SetBlendState(b, gArray, m)` fails "Assignment
            # AB_BlendFactor: Non-array right-hand type expected"); a struct is no numeric value
            if var.type.var_type != M.EVT_Numeric:
                raise ctx.error(pos, f"'{node.name}' cannot be assigned to state '{lv.name}' (type mismatch)")
            if var.type.elements:
                raise ctx.error(pos, f"Assignment {lv.name}: Non-array right-hand type expected")
            n = var.type.rows * var.type.cols
            if 1 < n < lv.cols:  # a float2 for the blend factor: 10.1 "invalid sequence/cast expression"
                raise ctx.error(pos, f"Assignment {lv.name}: invalid sequence/cast expression")
            if n != lv.cols:
                # another width is converted by FXLVM code (10.1's objects: `SetBlendState(b, gScalar, m)` and
                # `SetBlendState(b, gMatrix, m)` are ECAT_Expression programs), the same width read in place
                kind = {S.SVT_FLOAT: "f", S.SVT_BOOL: "b", S.SVT_INT: "i"}.get(lv.type, "u")
                return M.ECAT_Expression, _fxlvm(ctx, node, lv.cols, kind)
            if lv.type not in _SAME_SCALAR.get(var.type.scalar, ()):
                # a variable of another scalar type (a float for the stencil reference, an int for the blend
                # factor) is converted by FXLVM code, as another width is (10.1's objects, session 46 EFX); that
                # expression refuses a tbuffer member or a b# register (a float4 tbuffer member as the blend factor
                # is read in place and compiles)
                kind = {S.SVT_FLOAT: "f", S.SVT_BOOL: "b", S.SVT_INT: "i"}.get(lv.type, "u")
                return M.ECAT_Expression, _fxlvm(ctx, node, lv.cols, kind)
            return M.ECAT_Variable, node.name
        if node.name not in ctx.consts:
            raise ctx.error(pos, f"'{node.name}': invalid value for state '{lv.name}'", 3004)
    minp = next((n for n in walk(node) if isinstance(n, (A.Construct, A.Cast)) and isinstance(n.type, NumType) and
                 n.type.prec is not None and n.type.prec.startswith("min")), None)
    if minp is not None:
        # a minimum-precision constructor or cast is no literal: a pass state's FXLVM expression refuses it (X3703),
        # a state object's block takes literals only (d3dcompiler_47 10.1, session 48 EFX: ``SetBlendState(NULL,
        # min16float4(5, 6, 7, 8), 0xf0)``, ``(min16uint)3``, ``2 + min16int(3)`` at fx_4_0 / fx_5_0; ``half4`` is
        # a float; ``SamplerState s { MaxLOD = min16float(2); }`` fails with no number)
        if in_pass:
            raise ctx.error(minp.pos, "fxl_4_0 does not support minimum-precision data", 3703)
        raise ctx.error(pos, f"Assignment {lv.name}: Only literal right-hand side values are allowed in state "
                             "blocks in Effects performance mode")
    if in_pass and isinstance(node, A.Cast) and isinstance(node.type, NumType) and node.type.shape != "m":
        folded = const_value(node.type, node, ctx.consts)
        inner = const_value(node.type, node.a, ctx.consts) if folded is not None else None
        if folded is not None and (len(folded.vals) >= lv.cols or len(folded.vals) == 1):
            # a pass state's value that is a cast of a constant is FXLVM code, a ``mov`` of the value converted to
            # the state's type, of any width (10.1's objects, session 47 EFX: ``SetDepthStencilState(NULL,
            # (int)5.5)`` is ``mov expr.x, (5)``, ``(float4)5`` for a scalar state compiles); a state object's cast
            # and a cast inside an operator fold (``(int)5.5 + 1``)
            from . import fxexpr, fxlvm

            kind = {S.SVT_FLOAT: "f", S.SVT_BOOL: "b", S.SVT_INT: "i"}.get(lv.type, "u")
            splat = inner is not None and const_value(NumType(node.type.base), node.a, ctx.consts) is not None \
                and _component_count(ctx, node.a, lv, pos) == 1
            program = fxexpr.cast_program(folded.vals, node.type.base, splat, lv.cols, kind)
            return M.ECAT_Expression, fxlvm.encode(program, ctx.target, ctx.flags)
    comps = _component_count(ctx, node, lv, pos)
    if comps is not None and comps != lv.cols:
        # a constant has the state's own width: no splat (10.1: `BorderColor = 1;`, `float1(1)`,
        # `SetBlendState(b, 0, m)` and `DepthBias = float2(1, 1);` fail "Dimensionality mismatch")
        raise ctx.error(pos, f"Assignment {lv.name}: Dimensionality mismatch (LHS expects {lv.cols}, RHS has {comps})")
    want = NumType("float", 1, lv.cols, "v") if lv.cols > 1 else NumType("float")
    # (an intrinsic of constants folds: ``Filter = ~abs(1);``, ``abs(-1) | 2`` compile at fx_4_0 and fx_5_0,
    # d3dcompiler_47 10.1, session 47 EFX)
    cv = const_value(want, node, ctx.consts) or const_value(want, node, ctx.consts, calls=True)
    vals = None if cv is None else cv.vals
    if vals is None:
        if _reads_variables(ctx, node):
            # fxc compiles an expression over the effect's variables (``DepthFunc = i + 2;``, DXDecompiler's
            # EffectExpressions.fx) to FXLVM code (ECAT_Expression), which the runtime runs at Apply
            kind = {S.SVT_FLOAT: "f", S.SVT_BOOL: "b", S.SVT_INT: "i"}.get(lv.type, "u")
            return M.ECAT_Expression, _fxlvm(ctx, node, lv.cols, kind)
        raise ctx.error(pos, f"invalid value for state '{lv.name}': not a literal expression")
    kinds = _value_kinds(ctx, node)
    if len(kinds) == 1 and lv.cols > 1:
        kinds = kinds * lv.cols  # a swizzled scalar (``BorderColor = 0.xxxx``)
    consts = []
    for i, v in enumerate(vals[:lv.cols]):
        kind = kinds[i] if i < len(kinds) else M.EST_Float
        consts.append((kind, float(v) if kind == M.EST_Float else int(v)))
    if len(consts) != lv.cols:
        raise ctx.error(pos, f"state '{lv.name}' needs {lv.cols} values")
    return M.ECAT_Constant, consts


def _component_count(ctx: _Ctx, node, lv: S.LValue, pos) -> int | None:
    """How many components a constant state value has as written (None where it cannot be told here: calls,
    variables, FXLVM expressions); a brace list is no value at all (10.1: "Non-array right-hand type expected")."""
    if isinstance(node, A.InitList):
        if len(node.items) == 1:  # `DepthBias = {1};` compiles
            return _component_count(ctx, node.items[0], lv, pos)
        raise ctx.error(pos, f"Assignment {lv.name}: Non-array right-hand type expected")
    if isinstance(node, A.Literal):
        return 1
    if isinstance(node, (A.Construct, A.Cast)) and isinstance(node.type, NumType):
        return node.type.slots
    if isinstance(node, A.Member) and re.fullmatch(r"[xyzw]{1,4}|[rgba]{1,4}", node.name):
        return len(node.name)
    if isinstance(node, A.Unary) and node.op in ("-", "+", "~", "!"):
        return _component_count(ctx, node.a, lv, pos)
    if isinstance(node, A.Binary):
        a, b = _component_count(ctx, node.a, lv, pos), _component_count(ctx, node.b, lv, pos)
        return None if a is None or b is None else max(a, b) if 1 in (a, b) else min(a, b)
    if isinstance(node, A.Ident) and node.name in ctx.consts and isinstance(ctx.consts[node.name].type, NumType):
        return ctx.consts[node.name].type.slots
    return None


def _reads_variables(ctx: _Ctx, node) -> bool:
    """Whether an expression reads a numeric effect variable (so fxc compiles it to FXLVM code)."""
    return any(isinstance(n, A.Ident) and n.name in ctx.numeric or isinstance(n, A.Call) and n.name in ctx.functions
               for n in walk(node))


#: the state scalar types a variable's own scalar type needs no conversion to
_SAME_SCALAR = {M.EST_Float: (S.SVT_FLOAT,), M.EST_Int: (S.SVT_INT, S.SVT_UINT, S.SVT_UINT8),
                M.EST_UInt: (S.SVT_INT, S.SVT_UINT, S.SVT_UINT8), M.EST_Bool: (S.SVT_BOOL,)}


def _check_readable(ctx: _Ctx, node) -> None:
    """_fxlvm's rule for the variables a state value reads (a variable named alone too: fxc compiles it as an
    expression before it stores the reference)."""
    for n in walk(node):
        if isinstance(n, A.Ident) and n.name in ctx.unreadable:
            pos, code, msg = ctx.unreadable[n.name]
            raise ctx.error(pos or n.pos, msg, code)


def _fxlvm(ctx: _Ctx, node, comps: int, kind: str) -> bytes:
    """A state expression as FXLVM code. fxc compiles it as a program of its expression language (fxl_4_0): a
    tbuffer member read there is X3546 "Reading from texture buffers is unsupported on fxl_4_0" at the read, a
    global bound only to another register set (``float x : register(b1)``) X4509 at its declaration (d3dcompiler_47
    10.1 at fx_4_0 and fx_5_0, session 46 EFX; an unread one compiles)."""
    from . import fxexpr, fxlvm

    _check_readable(ctx, node)

    program = fxexpr.compile_expression(node, ctx.numeric, ctx.consts, ctx.target, comps, kind,
                                         ctx.functions)
    return fxlvm.encode(program, ctx.target, ctx.flags)


_KIND_OF_BASE = {"float": M.EST_Float, "half": M.EST_Float, "double": M.EST_Float, "lit_float": M.EST_Float,
                 "min16float": M.EST_Float, "min10float": M.EST_Float, "int": M.EST_Int, "lit_int": M.EST_Int,
                 "min16int": M.EST_Int, "min12int": M.EST_Int, "uint": M.EST_UInt, "dword": M.EST_UInt,
                 "min16uint": M.EST_UInt, "bool": M.EST_Bool}


def _value_kinds(ctx: _Ctx, node) -> list[int]:
    """The scalar type fxc stores for each component of a constant state value (SBinaryConstant.Type): a
    decimal integer literal EST_Int, a hexadecimal one or a ``u`` literal EST_UInt, a float literal EST_Float,
    ``true``/``false`` EST_Bool; a cast or constructor gives its own type's; an
    operator the usual promotion (float over uint over int)."""
    if isinstance(node, A.Literal):
        if node.base in ("lit_int", "int") and id(node) in ctx.hex_literals:
            return [M.EST_UInt]
        if node.base == "bool":  # the HLSL literal (``true``), unlike the named value ``TRUE``: Tutorial14's
            return [M.EST_Bool]  # ``DepthEnable = false;`` is EST_Bool 0 in fxc's object
        return [_KIND_OF_BASE.get(node.base, M.EST_Float)]
    if isinstance(node, (A.Construct, A.Cast)) and isinstance(node.type, NumType):
        return [_KIND_OF_BASE.get(node.type.base, M.EST_Float)] * node.type.slots
    if isinstance(node, A.Construct):
        out: list[int] = []
        for a in node.args:
            out += _value_kinds(ctx, a)
        return out
    if isinstance(node, A.InitList):
        out = []
        for a in node.items:
            out += _value_kinds(ctx, a)
        return out
    if isinstance(node, A.Member) and re.fullmatch(r"[xyzw]{1,4}|[rgba]{1,4}", node.name):
        # a swizzle keeps its source's component types (10.1: `BorderColor = (1).xxxx` is four Int 1)
        base = _value_kinds(ctx, node.a)
        return [base[min("xyzwrgba".index(c) % 4, len(base) - 1)] for c in node.name]
    if isinstance(node, A.Unary):
        return _value_kinds(ctx, node.a)
    if isinstance(node, A.Binary):
        a, b = _value_kinds(ctx, node.a), _value_kinds(ctx, node.b)
        n = max(len(a), len(b))
        a, b = (a * n if len(a) == 1 else a), (b * n if len(b) == 1 else b)
        return [min(x, y, key=lambda k: (k != M.EST_Float, k != M.EST_UInt)) for x, y in zip(a, b, strict=False)]
    if isinstance(node, A.Ident) and node.name in ctx.consts:
        t = ctx.consts[node.name].type
        if isinstance(t, NumType):
            return [_KIND_OF_BASE.get(t.base, M.EST_Float)] * t.slots
    if isinstance(node, A.Call) and node.args and node.name not in FLOAT_INTRINSICS | {"length", "distance"}:
        # a folded intrinsic keeps its arguments' type (``abs(1)``, ``max(1, 7)`` EST_Int; ``sign`` is int
        # whatever its argument; 10.1's objects, session 47 EFX)
        if node.name == "sign":
            return [M.EST_Int] * len(_value_kinds(ctx, node.args[0]))
        out = _value_kinds(ctx, node.args[0])
        for a in node.args[1:]:
            b = _value_kinds(ctx, a)
            n = max(len(out), len(b))
            x, y = (out * n if len(out) == 1 else out), (b * n if len(b) == 1 else b)
            out = [min(p, q, key=lambda k: (k != M.EST_Float, k != M.EST_UInt)) for p, q in zip(x, y, strict=False)]
        return out
    return [M.EST_Float]


def _assignments(ctx: _Ctx, entries: list[StateEntry], block: int) -> list[M.FxAssignment]:
    out: list[M.FxAssignment] = []
    for e in entries:
        if e.call:
            if block != S.EBT_Pass:
                raise ctx.error(e.pos, f"'{e.name}' is only valid in a pass")
            for a in e.args:
                if isinstance(a, A.Ident) and a.name.upper() == "NULL" and a.name != "NULL":
                    # only the assignment form reads a shader state's named values in any case (`VertexShader =
                    # null;` compiles); a function's argument is an expression (10.1: `SetVertexShader(null)` fails
                    # "Unrecognized token null")
                    raise ctx.error(e.pos, f"Unrecognized token {a.name}")
            names = S.STATE_FUNCTIONS.get(e.name)
            if names is None:
                if e.name != "OMSetRenderTargets":
                    raise ctx.error(e.pos, f"unknown state function '{e.name}'", 3004)
                # OMSetRenderTargets(rtv0[, rtv1 .. rtv7], dsv): RenderTargetView[i] and DepthStencilView
                if not 2 <= len(e.args) <= 9:
                    raise ctx.error(e.pos, f"'{e.name}': wrong number of arguments ({len(e.args)}, expected 2 to 9)")
                pairs = [("RenderTargetView", i, a) for i, a in enumerate(e.args[:-1])]
                pairs.append(("DepthStencilView", 0, e.args[-1]))
                # the first argument last, as for the other functions (10.1's fx_5_0 objects: `OMSetRenderTargets(r0,
                # r1, d)` is RenderTargetView[1], DepthStencilView, RenderTargetView[0])
                pairs = pairs[1:] + pairs[:1]
            elif len(e.args) != len(names):
                raise ctx.error(e.pos, f"'{e.name}': wrong number of arguments ({len(e.args)}, expected "
                                       f"{len(names)})")
            else:
                # fxc writes a state function's values before its object (SetBlendState: AB_BlendFactor,
                # AB_SampleMask, BlendState), as its listings of the SDK effects show
                pairs = [(n, 0, a) for n, a in zip(names, e.args, strict=True)]
                pairs = pairs[1:] + pairs[:1]
        else:
            pairs = [(e.name, e.index, e.value)]
        for name, index, value in pairs:
            found = S.LVALUE_BY_NAME.get(name.lower())
            if found is None and not e.call and ctx.flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY and \
                    lookup_state(name) is not None:
                # fxc /Gec reads a Direct3D 9 state (``MipFilter = Linear;`` in a sampler_state) and writes
                # nothing for it: its fx_4_0 objects of DXDecompiler's ContentStreaming.fx and DDSWithoutD3DX.fx,
                # compiled with /Gec and without their D3D10 define, hold only the samplers' Direct3D 10 states
                continue
            if found is None:
                raise ctx.error(e.pos, f"unrecognized state '{name}'", 3004)
            istate, lv = found
            if not ctx.fx5 and lv.name in ("HullShader", "DomainShader", "ComputeShader") and (
                    e.call or not _is_null(value)):
                # 10.1 at fx_4_x: `SetHullShader(…)` "is not supported on fx_4_0", a shader "Shader model cs_4_0
                # is not allowed in D3D10 techniques"; `ComputeShader = NULL;` compiles (its listing keeps it)
                raise ctx.error(e.pos, f"state '{lv.name}' needs the fx_5_0 target")
            if lv.block != block:
                raise ctx.error(e.pos, f"state '{lv.name}' is not valid in this block")
            # d3dcompiler_47 10.1 in a state object's block: a one-element state takes no index (`FillMode[0] =`,
            # `DepthEnable[0] =`, `Filter[0] =` fail "State 'X' is not indexed"), nor do the six blend factors and
            # operations at fx_4_0, where Direct3D 10's blend description has one for every target; the other
            # per-target states need one (`BlendEnable = TRUE;` fails "Index is required for state 'BlendEnable'")
            one_value = lv.indices == 1 or lv.vector_scalar and ctx.target == "fx_4_0"
            if one_value and index is not None and not e.call:
                # a pass's states alike (session 45 EFX: `PixelShader[0] = …;`, `DS_StencilRef[0] = 1;`,
                # `AB_BlendFactor[0] = …;`, `HullShader[0] = NULL;` at fx_4_0 too)
                raise ctx.error(e.pos, f"State '{lv.name}' is not indexed")
            if block != S.EBT_Pass and not one_value and not lv.vector_scalar and index is None:
                raise ctx.error(e.pos, f"Index is required for state '{lv.name}'")
            if lv.vector_scalar and ctx.target == "fx_4_0":
                indices = [0]
            elif lv.vector_scalar and index is None:
                indices = list(range(lv.indices))  # FX11's m_VectorScalar: the value for every target
            else:
                indices = [index or 0]
            if not all(0 <= i < lv.indices for i in indices):
                raise ctx.error(e.pos, f"state '{lv.name}': index {indices[0]} out of range (0..{lv.indices - 1})")
            if lv.type in _LV_OBJECT_EOTS:
                kind, val = _object_value(ctx, lv, value, e.pos)
            else:
                kind, val = _numeric_value(ctx, lv, value, e.pos, block == S.EBT_Pass)
            numeric_variable = kind == M.ECAT_Variable and lv.type not in _LV_OBJECT_EOTS
            if (kind == M.ECAT_Expression or numeric_variable) and block != S.EBT_Pass and \
                    not ctx.flags2 & D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS:
                # "Performance mode disallows mutable state objects by preventing non-literal expressions from
                # appearing in state object definitions" (D3DCOMPILE_EFFECT constants; fxc /Gdp lifts it, as
                # EffectExpressions.fx is compiled); a numeric variable alone too (10.1: `DepthBias = g;` fails
                # "only literal right-hand side values are allowed in state blocks in Effects performance mode",
                # with no error number: X3000 here)
                raise ctx.error(e.pos, f"state '{lv.name}': only literal right-hand side values are allowed in state "
                                       "blocks in Effects performance mode (D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS, /Gdp)")
            out += [M.FxAssignment(istate, i, kind, val) for i in indices]
    # a state assigned again later in the block keeps only its last assignment, where that one stands (fxc's
    # objects hold one assignment per state and index; vkd3d-shader's fx writer skips "a property reassigned
    # later" the same way)
    last = {(a.state, a.index): i for i, a in enumerate(out)}
    return [a for i, a in enumerate(out) if last[(a.state, a.index)] == i]


# --- the effect ---------------------------------------------------------------------------------------------
def _interface_variable(ctx: _Ctx, eff: M.FxEffect, d: A.VarDecl, parser: EffectParser) -> None:
    """A global interface variable (fx_5_0), optionally initialised with class instance variables."""
    if not ctx.fx5:
        raise ctx.error(d.pos, f"'{d.name}': interface variables need fx_5_0")
    if isinstance(d.type, ArrayType) and isinstance(d.type.elem, ArrayType):
        raise NotSupportedError("Effects 11: multi-dimensional interface arrays")
    ft = fx_type(d.type, ctx.row_major, ctx.fx5, d.pos, ctx.file)
    defaults = None
    if d.init is not None:
        inits = d.init.items if isinstance(d.init, A.InitList) else [d.init]
        if len(inits) != max(1, ft.elements):
            raise ctx.error(d.pos, f"'{d.name}': expected {max(1, ft.elements)} initializers")
        defaults = []
        for init in inits:
            if isinstance(init, A.Index) and isinstance(init.a, A.Ident) and literal_number(init.index) is not None:
                name, idx = init.a.name, int(literal_number(init.index))
            elif isinstance(init, A.Ident):
                name, idx = init.name, 0xFFFFFFFF
            else:
                raise ctx.error(d.pos, f"'{d.name}': an interface initializer must be a class instance variable")
            var = ctx.numeric.get(name)
            if var is None or not var.type.is_class_instance:
                raise ctx.error(d.pos, f"'{name}': not a class instance variable", 3004)
            defaults.append((name, idx))
    iv = M.FxInterfaceVar(d.name, ft, defaults, 0, _annotations(ctx, parser.var_annotations.get(d.name, [])))
    ctx.interfaces[d.name] = iv
    eff.interfaces.append(iv)


def _check_tessellation_pair(ctx: _Ctx, fp: M.FxPass, t, p) -> None:
    """A pass sets both tessellation stages or neither, NULL counting as set (10.1: "If either a HullShader or
    DomainShader is set then both must be set. Technique T, Pass P.", technique10 and technique11, fx_4_x's
    `HullShader = NULL;` too, no error number)."""
    names = {S.LVALUES[a.state].name for a in fp.assignments}
    if ("HullShader" in names) != ("DomainShader" in names):
        raise ctx.error(p.pos, "If either a HullShader or DomainShader is set then both must be set. "
                               f"Technique {t.name}, Pass {p.name}.")


#: the signature chunks of a shader that uses minimum precision (fxc writes ISGN / OSGN / PCSG otherwise)
_MIN_PRECISION_SIGNATURES = ("ISG1", "OSG1", "PSG1")


def _pass_shaders(ctx: _Ctx, fp: M.FxPass):
    """(state name, bytecode) of each graphics shader a pass sets by a constant: inline, a variable or a
    variable's element (an index read at run time names no one shader)."""
    for a in fp.assignments:
        name = S.LVALUES[a.state].name
        if name not in S.SHADER_STATES or name == "ComputeShader":
            continue
        shaders: list[M.FxShader] = []
        if a.kind in (M.ECAT_InlineShader, M.ECAT_InlineShader5):
            shaders = [a.value]
        elif a.kind == M.ECAT_Variable and a.value in ctx.objects:
            shaders = ctx.objects[a.value].shaders[:1]
        elif a.kind == M.ECAT_ConstIndex and a.value[0] in ctx.objects:
            shaders = ctx.objects[a.value[0]].shaders[a.value[1]:a.value[1] + 1]
        for sh in shaders:
            if sh.bytecode:
                yield name, sh.bytecode


def _check_pass_signatures(ctx: _Ctx, fp: M.FxPass, p) -> None:
    """A pass may not set a graphics shader whose signatures carry minimum precision (d3dcompiler_47 10.1,
    session 45 EFX, PASS_ROWS: fx_4_0, fx_4_1 and fx_5_0 fail with no message at all where the vertex, pixel,
    geometry, hull or domain shader of a pass -- inline, a variable, an array element, ConstructGSWithSO's --
    was compiled with its ISG1 / OSG1 signatures, i.e. uses ``min16float`` & co. in its signature, its constant
    buffer or its code (``min16float4 b = a; return b * 2;``; not where folding removes it); the compute shader
    and a shader variable no pass sets compile). The effect's pass stores each shader's signatures in the
    Direct3D 10 form, which has no minimum-precision field; X3000 here."""
    for name, code in _pass_shaders(ctx, fp):
        if any(c in parse_container(code, verify_checksum=False) for c in _MIN_PRECISION_SIGNATURES):
            raise ctx.error(p.pos, f"Assignment {name}: the shader's signatures use minimum precision, which an "
                                   "effect pass cannot store (fxc fails with no message)")


#: the object kinds a state block may follow (the sampler kinds take sampler states; the views ignore it)
_BLOCK_KINDS = SAMPLER_KINDS | {"BlendState", "DepthStencilState", "RasterizerState", "RenderTargetView",
                                "DepthStencilView"}
_BLOCK_OF_EOT = {M.EOT["Blend"]: S.EBT_Blend, M.EOT["DepthStencil"]: S.EBT_DepthStencil,
                 M.EOT["Rasterizer"]: S.EBT_Rasterizer, M.EOT["Sampler"]: S.EBT_Sampler}


def is_shader_expression(n: A.Node) -> bool:
    return isinstance(n, A.Call) and n.name in ("CompileShader", "ConstructGSWithSO", "BindInterfaces")


def braced_shader(init: A.Node | None) -> bool:
    """Whether ``init`` is a brace list holding a shader expression: "braces make the type checking more
    permissive" (vkd3d's effect-compile test) -- d3dcompiler_47 10.1 compiles ``float4 f = {1, 2, compile ps_2_0
    g(), 4};`` and ``PixelShader p = {42};`` (session 38, EFX; BRACE_ROWS): the number gets no default value (fx_2_0:
    zeros), the shader is NULL, a string item is empty; without the braces each is X3017."""
    return isinstance(init, A.InitList) and any(is_shader_expression(n) for n in walk(init))


def _check_block_initialisers(ctx: _Ctx, prog: A.Program, parser: EffectParser) -> None:
    """A state block ``{ … }`` after a global's name counts as an initialiser of one item (d3dcompiler_47 10.1,
    session 38, helper EFX; BLOCK_ROWS): a one-component number (``float``, ``float1x1``, a struct of one float)
    keeps it and ignores it, one of more components is X3017 "initializer does not match type" (``float2``,
    ``float v[2]``), an array of objects needs one block per element (``BlendState b[2] { {…}, {…} }``)."""
    for d in prog.decls:
        blocks = parser.var_blocks.get(d.name) if isinstance(d, A.VarDecl) else None
        if not blocks:
            continue
        leaf = array_leaf(d.type)
        items = leaf_count(d.type) if isinstance(leaf, ObjectType) else len(component_bases(d.type))
        if items != len(blocks):
            raise ctx.error(d.pos, f"'{d.name}': initializer does not match type", 3017)


def compile_effect(source: str, file: str, target: str, defines: dict | None = None,
                   include_open: Callable | None = None, flags: int = 0, flags2: int = 0) -> M.FxEffect:
    """Compile effect source for ``fx_4_0``/``fx_4_1``/``fx_5_0`` into the effect model; ``flags2`` the
    D3DCOMPILE_EFFECT_* bits (D3DCompile's Flags2: fxc /Gch, /Gdp)."""
    if not _FX_TARGET.match(target):
        raise NotSupportedError(f"HLSL compilation for {target}")
    if flags2 & D3DCOMPILE_EFFECT_CHILD_EFFECT and target != "fx_5_0":
        # a child effect leaves its ``shared`` buffers and objects to the effect pool (fxc's fx_4_0/fx_4_1
        # objects of DXDecompiler's AdvancedEffect/BasicEffect/EffectNoTechnique *_Child: "Child effect
        # (requires effect pool): true", the shared ones listed apart); Effects 11 has no pools and refuses
        # such a binary (EffectLoad.cpp "Effect11 does not support EffectPools"), so it is not written. At
        # fx_5_0 fxc ignores /Gch: its *_5_0_Child objects are byte-equal to the plain ones
        raise NotSupportedError(f"Effects 11: child effects (effect pools, D3DCOMPILE_EFFECT_CHILD_EFFECT / fxc "
                                f"/Gch) at {target}")
    ctx = _Ctx(source, file, target, defines, include_open, flags)
    ctx.flags2 = flags2
    pp = preprocess(source, file, defines, include_open)
    parser = EffectParser(lex_effect(pp.text, file, lambda text: compile_effect(text, file, target, None, None, flags,
                                                                                flags2)))
    try:
        prog = parser.parse_program()
    except HlslError as exc:  # an error fxc found in the text before it comes first (fxsalvage.py)
        found = first_parse_time_error(exc, parser, pp.text, lambda text: compile_effect(
            text, file, target, None, None, flags, flags2))
        if found is None:
            raise
        raise found from None
    # two globals of one name (cbuffer members included) are X3003 in an effect as in a shader (fxc 10.1,
    # session 39: `float4 a; float4 a;` at every fx target), before any later function is type-checked; what
    # fxc found in the text before the second name comes first (fxsalvage.check_names_in_order)
    check_names_in_order(prog, pp.text, lambda text: compile_effect(text, file, target, None, None, flags, flags2))
    check_effect_functions(source, file, target, defines, include_open, flags)  # every body, compiled or not
    check_compile_arguments(parser.compile_calls, prog)
    _check_block_initialisers(ctx, prog, parser)
    ctx.consts = parser.consts
    ctx.static_consts, ctx.global_names = static_const_names(prog.decls), global_names(prog.decls)
    for d in prog.decls:
        # a static const's value, read by later defaults, annotations and states, is the one its initialiser computes
        # at run time (foldinit: `B = A * 3` in float32), not the parser's (Python doubles, kept for array sizes)
        if isinstance(d, A.VarDecl) and {"static", "const"} <= d.mods and d.init is not None \
                and not isinstance(array_leaf(d.type), ObjectType):
            cv = effect_initial_value(d.type, d.init, ctx.consts, d.pos)
            if cv is not None:
                ctx.consts[d.name] = cv
    ctx.hex_literals = parser.hex_literals
    cg = Codegen(prog, "", "vs", 5, 0, ctx.row_major)
    # the effect's declarations are no shader compile: fxc 10.1 keeps a ``half`` global (a buffer member too)
    # in an fx_4/fx_5 effect and refuses it (X3650, naming the shader's profile) only in a shader compiled from
    # the file (session 38, helper EFX), as the backwards-compatibility flag lets a shader keep one
    cg.requested_flags = flags | D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
    try:
        cg.collect()
    except NotImplementedError as exc:
        raise NotSupportedError(str(exc)) from None
    except HlslError as exc:  # (a shader variable's X3011: fxc's parse-time errors before it first, fxsalvage.py)
        if not parse_time(exc):
            raise
        raise earlier_in_text(exc, pp.text, lambda text: compile_effect(text, file, target, None, None, flags,
                                                                          flags2)) or exc from None
    eff = M.FxEffect(target)
    # constant buffers, $Globals first (the code generator's order)
    for cb in cg.cbufs:
        if cb.name == "$Params":
            continue
        fcb = M.FxConstantBuffer(cb.name, cb.size, 1 if cb.kind == "tbuffer" else 0,
                                 cb.reg if cb.explicit and cb.reg is not None else 0xFFFFFFFF,
                                 _annotations(ctx, parser.cb_annotations.get(cb.name, [])))
        for cv in cb.vars:
            d = cv.decl
            if "shared" in d.mods:
                # an effect pool shares whole buffers (10.1: "Numeric variables ('f') can't be shared; share the
                # containing cbuffer instead", no error number), a global's and a buffer member's alike
                raise ctx.error(d.pos, f"Numeric variables ('{d.name}') can't be shared; share the containing "
                                       "cbuffer instead")
            if is_interface_type(d.type) or is_interface_type(array_leaf(d.type)):
                raise NotSupportedError("Effects 11: interface variables (dynamic shader linkage in effects)")
            ft = fx_type(d.type, ctx.row_major or prog.pack_row_major, ctx.fx5, d.pos, file)
            default = None
            if d.init is not None:
                # the value the initialiser computes at run time, intrinsic calls included (foldinit.py)
                # (a double alone through the parser's const_value: foldinit.effect_initial_value)
                c = effect_initial_value(d.type, d.init, ctx.consts, d.pos)
                if c is None and is_shader_expression(d.init):
                    raise ctx.error(d.pos, f"cannot implicitly convert a shader to 'const {d.type}'", 3017)
                if braced_null(d.init, null_or_string(lambda e: is_null(e, ctx.global_names))):
                    c = None  # no default value (shader/hlsl/nullvalue.py)
                elif c is None and not braced_shader(d.init):
                    raise ctx.error(d.pos, f"'{d.name}': initial value must be a literal expression", 3011)
                default = pack_values(ft, c.vals) if c is not None else None
            var = M.FxNumericVar(d.name, ft, d.semantic, cv.offset, default, 0,
                                 _annotations(ctx, parser.var_annotations.get(d.name, [])))
            fcb.variables.append(var)
            ctx.numeric[d.name] = var
            regs = [r for r in d.registers if isinstance(r, tuple)]
            if cb.kind == "tbuffer":
                ctx.unreadable[d.name] = (None, 3546, "Reading from texture buffers is unsupported on fxl_4_0")
            elif regs and all(r[0] != "c" for r in regs):
                ctx.unreadable[d.name] = (d.pos, 4509, "invalid register semantic '" + "; ".join(
                    f"{r[0]}{r[1]}" for r in regs) + "', or variable must be bound to multiple register banks (c "
                    "register binding required)")
        eff.cbuffers.append(fcb)
    for d in prog.decls:
        if isinstance(d, A.FuncDef) and d.body is not None:
            ctx.functions.setdefault(d.name, []).append(d)
    # object variables, in declaration order
    decls: list[A.VarDecl] = []
    for d in prog.decls:
        if isinstance(d, A.VarDecl):
            decls.append(d)
        elif isinstance(d, A.CBufferDecl):
            for m in d.members:
                if isinstance(array_leaf(m.type), ObjectType) and not _left_out(ctx, array_leaf(m.type)):
                    # HLSL takes an object in a buffer (it lives outside it); the effect compiler does not (10.1:
                    # "Only numeric variables ('t') can be added to a cbuffer", strings and shaders too, tbuffers too)
                    raise ctx.error(m.pos, f"Only numeric variables ('{m.name}') can be added to a cbuffer")
    for d in decls:
        leaf = array_leaf(d.type)
        if not isinstance(leaf, ObjectType) or "static" in d.mods or leaf.kind in ("InputPatch", "OutputPatch",
                                                                                 "vertexfragment", "pixelfragment"):
            if is_interface_type(d.type) and "static" not in d.mods:
                _interface_variable(ctx, eff, d, parser)
            continue
        if _left_out(ctx, leaf):
            # no EObjectType holds them at this target: fxc leaves such variables out of the effect (its fx_4_0
            # objects of DXDecompiler's AdvancedEffect.fx keep no ByteAddressBuffer, RWByteAddressBuffer or
            # ComputeShader variable; vkd3d-shader's fx writer skips compute/hull/domain shaders and UAVs below
            # fx_5_0 and rasterizer-ordered views at every target)
            continue
        if parser.var_blocks.get(d.name) and leaf.kind not in _BLOCK_KINDS:
            # a block on a texture, buffer, string or shader variable the effect keeps: fxc 10.1 fails with no
            # error number ("Can't create/set an invalid shader…" for an empty block, nothing for a full one)
            raise ctx.error(d.pos, f"'{d.name}': a state block initialises only sampler, state-object and view "
                                   "variables")
        for item in walk(d.init) if d.init is not None else ():
            if isinstance(item, A.Ident) and item.name.upper() == "NULL" and item.name != "NULL" and \
                    item.name not in ctx.global_names:
                # only ``NULL`` is the null object: ``Texture3D t = null;``, ``{null, NULL}`` are X3004 (10.1,
                # session 47 EFX; shader/hlsl/initshape._check_object at the shader targets)
                raise ctx.error(item.pos, f"undeclared identifier '{item.name}'", 3004)
        ft = fx_type(d.type, ctx.row_major, ctx.fx5, d.pos, file)
        # fxc records no explicit bind point for object variables (``ByteAddressBuffer Buffer0 : register(t0)``
        # and ``Buffer<float4> g_ParticleBuffer : register(t10)`` are 0xFFFFFFFF in its fx_5_0 objects of
        # DXDecompiler's AdvancedEffect / EffectNoTechnique; only constant buffers keep theirs); the shaders'
        # own reflection carries the register
        var = M.FxObjectVar(d.name, ft, d.semantic, 0xFFFFFFFF, annotations=_annotations(
            ctx, parser.var_annotations.get(d.name, [])))
        ctx.objects[d.name] = var
        n = max(1, ft.elements)
        eot = ft.object_type
        if eot in _BLOCK_OF_EOT:
            blocks = parser.var_blocks.get(d.name, [])
            if len(blocks) not in (0, n):
                raise ctx.error(d.pos, f"'{d.name}': expected {n} state blocks, got {len(blocks)}")
            var.blocks = [_assignments(ctx, b, _BLOCK_OF_EOT[eot]) for b in blocks] or [[] for _ in range(n)]
        elif eot in M.SHADER_EOTS:
            inits = d.init.items if isinstance(d.init, A.InitList) else [d.init] if d.init is not None else []
            kind = next(k for k, p in _SHADER_STATE_PREFIX.items() if _SHADER_KIND.get(leaf.kind) == k)
            shaders = []
            for init in inits:
                if isinstance(d.init, A.InitList) and not _is_null(init) and not is_shader_expression(init):
                    shaders.append(M.FxShader(b"", [], 0, ctx.fx5))  # braces: a number is a NULL shader (BRACE_ROWS)
                elif init is None or _is_null(init) or isinstance(init, A.AsmBlock):
                    # (a D3D9 asm block is assembled -- check.check_compile_shader -- and stored as a NULL shader:
                    # d3dcompiler_47 10.1's fx_4/fx_5 objects, session 43)
                    shaders.append(M.FxShader(b"", [], 0, ctx.fx5))
                elif _unsupported_model(_profile_of(init), ctx.target):
                    # fxc's fx_4_0 object of DXDecompiler's AdvancedEffect.fx stores ``VertexShader
                    # TestVertexShader5 = CompileShader(vs_5_0, …)`` as NULL: an effect holds no shader of a model its
                    # techniques cannot run, and d3dcompiler_47 10.1 (session 39) does not compile it (``PixelShader
                    # p = CompileShader(ps_2_0, f());`` at fx_5_0 too); a pass naming the variable fails
                    # ("Reference to shader variable 'p' not valid for fx_5_0 techniques ...")
                    shaders.append(M.FxShader(b"", [], 0, ctx.fx5))
                    ctx.unsupported_shaders.add(d.name)
                else:
                    sh = _compile_shader(ctx, init, kind, d.pos)
                    if sh.so_decls or sh.interface_bindings:
                        # SBinaryShaderData5 only for what SBinaryGSSOInitializer cannot hold: the fx_5 form of
                        # ConstructGSWithSO (four declarations and a rasterized stream: fxc's StreamOutEffect object)
                        # or interface bindings; the two-argument form is GeometryShaderSO at fx_5_0 too
                        # (d3dcompiler_47 10.1, session 35)
                        extended = len(sh.so_decls) > 1 or bool(sh.interface_bindings)
                        var.type.object_type = M.EOT[kind + "5" if ctx.fx5 and extended else "GeometryShaderSO"]
                    shaders.append(sh)
            while len(shaders) < n:
                shaders.append(M.FxShader(b"", [], 0, ctx.fx5))
            var.shaders = shaders
        elif eot == M.EOT["String"]:
            inits = d.init.items if isinstance(d.init, A.InitList) else [d.init] if d.init is not None else []
            strs = []
            for init in inits:
                if isinstance(init, A.Ident) and init.name == "NULL":
                    # fxc compiles ``string s = NULL;``, ``{NULL}``, ``(NULL)`` at fx_4_0 / fx_5_0 and writes a null
                    # string: offset 0 in the object, no text (d3dcompiler_47 10.1, session 45 EFX: its objects;
                    # D3DDisassemble fails such an object with E_FAIL, listing.py)
                    strs.append(None)
                    continue
                if not (isinstance(init, A.Literal) and isinstance(init.value, str)):
                    if isinstance(d.init, A.InitList):  # braces: another item is an empty string (BRACE_ROWS)
                        strs.append("")
                        continue
                    if isinstance(init, A.Ident) and init.name.upper() == "NULL":  # `null` names no value
                        raise ctx.error(d.pos, f"undeclared identifier '{init.name}'", 3004)
                    raise ctx.error(d.pos, f"'{d.name}': a string variable needs string literal initializers")
                strs.append(init.value)
            var.strings = strs + [None] * (n - len(strs))  # an uninitialised string is a null one (10.1)
        eff.objects.append(var)
    # techniques: those outside any fxgroup form the unnamed group
    # the techniques of the target's versions: technique10 at fx_4_x, technique10/technique11 at fx_5_0; the others
    # (Direct3D 9 ``technique``, technique11 at fx_4_x) and fx_4_x's fxgroup blocks are read and left out, as fxc
    # leaves them out (its fx_4_0/fx_4_1 objects of DXDecompiler's BasicEffect, AdvancedEffect and EffectsVersions
    # keep only their technique10 blocks; vkd3d-shader's fx writer keeps technique versions 10 for fx_4, 10-11 for
    # fx_5)
    kept = ("technique10", "technique11") if ctx.fx5 else ("technique10",)
    loose = [t for t in parser.techniques if t.keyword.lower() in kept]
    groups = ([(None, [], loose)] if loose else []) + [(g.name, g.annotations, g.techniques) for g in parser.groups
                                                       if ctx.fx5]
    seen: set[str] = set()
    for t in parser.techniques + [t for g in parser.groups for t in g.techniques]:  # every version: one namespace
        if t.name is not None:
            if t.name in seen:
                raise ctx.error(t.pos, f"technique '{t.name}' is already defined", 3003)
            seen.add(t.name)
    kept_ids = {id(t) for _g, _a, techs in groups for t in techs}
    for t in parser.techniques + [t for g in parser.groups for t in g.techniques]:
        if id(t) not in kept_ids:
            # a technique the target leaves out still has its annotations type-checked (d3dcompiler_47 10.1, session
            # 38 EFX: ``technique < string a = 1 + 2; > {}`` fails at fx_5_0 with X3017, ``< int a = 1, b = a; >``
            # X3011), but not judged as effect annotations (``< Texture a = NULL; >`` compiles there)
            check_annotation_names(t.annotations, ctx.static_consts, ctx.global_names, ctx.file)
            for p in t.passes:
                check_annotation_names(p.annotations, ctx.static_consts, ctx.global_names, ctx.file)
    if not ctx.fx5:
        for g in parser.groups:
            check_annotation_names(g.annotations, ctx.static_consts, ctx.global_names, ctx.file)
    for gname, gann, techs in groups:
        fg = M.FxGroup(gname, _annotations(ctx, gann))
        for t in techs:
            ft_ = M.FxTechnique(t.name, _annotations(ctx, t.annotations))
            for p in t.passes:
                if p.name is not None and any(q.name == p.name for q in ft_.passes):
                    # two passes of one name (as spelled) in a technique the effect keeps: the effect compiler's
                    # numberless error, where a left-out technique (fx_2_0's, technique11 at fx_4_x) and the
                    # shader targets pass (d3dcompiler_47 10.1, session 48 EFX)
                    raise ctx.error(p.pos, f'Redefinition of pass "{p.name}"')
                fp = M.FxPass(p.name, _annotations(ctx, p.annotations), _assignments(ctx, p.entries, S.EBT_Pass))
                _check_tessellation_pair(ctx, fp, t, p)
                _check_pass_signatures(ctx, fp, p)
                ft_.passes.append(fp)
            fg.techniques.append(ft_)
        if gname is not None or fg.techniques:  # no unnamed group of Direct3D 9 techniques only
            eff.groups.append(fg)
    return eff
