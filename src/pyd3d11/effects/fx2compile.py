"""The ``fx_2_0`` compile target (Direct3D 9 effects): effect source -> :class:`fx2binary.Fx2Effect`.

Built: global parameters of every type class (scalar, vector, matrix rows/columns, struct, arrays, string
and texture/sampler/shader objects) with semantics, annotations and literal initial values; techniques and
passes with their annotations. D3D9 annotation syntax (MicrosoftDocs "Annotation Syntax (DirectX HLSL)"):
``<type name = value; ...>`` with comma-separated declarators and a majority modifier; annotation
initialisers are literal expressions (a name of another annotation is no constant), and annotation names
are unique within one list. Not built (NotSupportedError naming the feature): pass state assignments and
sampler_state blocks (the fx_2_0 state table), shaders compiled in passes, preshaders, array selectors,
asm blocks, fragments.
"""

from __future__ import annotations

import struct
from collections.abc import Callable

from ..errors import NotSupportedError
from ..shader.hlsl import ast as A
from ..shader.hlsl.constexpr import const_value
from ..shader.hlsl.diagnostics import HlslError
from ..shader.hlsl.lexer import lex
from ..shader.hlsl.preprocessor import preprocess
from ..shader.hlsl.types import ArrayType, NumType, ObjectType, StructType, Type
from . import fx2binary as B
from .fxparse import Annotation, EffectParser

#: HLSL object kinds -> D3DXPARAMETER_TYPE (d3dx9shader.h)
_OBJECT_PT = {
    "texture": "TEXTURE", "Texture": "TEXTURE", "Texture1D": "TEXTURE1D", "Texture2D": "TEXTURE2D",
    "Texture3D": "TEXTURE3D", "TextureCube": "TEXTURECUBE", "sampler": "SAMPLER", "SamplerState": "SAMPLER",
    "sampler1D": "SAMPLER1D", "sampler2D": "SAMPLER2D", "sampler3D": "SAMPLER3D", "samplerCUBE": "SAMPLERCUBE",
    "PixelShader": "PIXELSHADER", "VertexShader": "VERTEXSHADER", "string": "STRING",
}
#: numeric bases -> D3DXPARAMETER_TYPE (half and double are stored as FLOAT, uint as INT in D3D9 effects)
_NUMERIC_PT = {"bool": "BOOL", "int": "INT", "uint": "INT", "dword": "INT", "float": "FLOAT", "half": "FLOAT",
               "double": "FLOAT", "min16float": "FLOAT", "min10float": "FLOAT", "min16int": "INT",
               "min12int": "INT", "min16uint": "INT"}
#: D3D9 effect type words fxc takes in any letter case at fx_2_0 (effect-variables: ``teXture tex3;``)
_CASELESS = {"texture": "texture"}


class Fx2Parser(EffectParser):
    """The effect parser with fx_2_0's annotation rules (see the module docstring)."""

    def __init__(self, tokens) -> None:
        super().__init__(tokens)
        self._in_function = 0

    def parse_function(self, ret, mods, attrs, pos):  # type: ignore[override]
        self._in_function += 1
        try:
            return super().parse_function(ret, mods, attrs, pos)
        finally:
            self._in_function -= 1

    def skip_annotations(self) -> None:
        if not self.at("<"):
            self._last_annotations = []
            return
        start = self.next().pos
        out: list[Annotation] = []
        names: set[str] = set()
        while not self.accept(">"):
            if self._in_function:
                raise self.error("annotations are not allowed on local variables")
            if self.tok.text in ("static", "uniform", "extern", "shared", "const", "volatile"):
                raise self.error(f"'{self.tok.text}' is not allowed on annotations")
            major = None
            while self.tok.text in ("row_major", "column_major"):
                major = self.next().text == "row_major"
            base = self.parse_type()
            if isinstance(base, StructType):
                raise self.error("struct types are not allowed in annotations")
            if major is not None and isinstance(base, NumType) and base.shape == "m":
                base = NumType(base.base, base.rows, base.cols, base.shape, row_major=major)
            while True:
                pos = self.tok.pos
                tok = self.ident()
                t = self.parse_array_suffix(base)
                if tok.text in names:
                    raise self.error(f"annotation '{tok.text}' is already defined", tok, 3003)
                names.add(tok.text)
                self.expect("=")
                value = self.parse_initializer() if self.at("{") else self.parse_assign()
                out.append(Annotation(tok.text, t, value, pos))
                if not self.accept(","):
                    break
            self.expect(";")
        self._last_annotations = out
        self._annots.append((start, out))
        self._log.append((start, out))


class _Ctx:
    def __init__(self, file: str) -> None:
        self.file = file
        self.eff = B.Fx2Effect()
        self.consts: dict = {}

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
    sem = semantic or ""
    if isinstance(t, NumType):
        pt = B.D3DXPT[_NUMERIC_PT.get(t.base, "FLOAT")]
        if t.shape == "m":
            cls = B.D3DXPC_MATRIX_ROWS if t.row_major else B.D3DXPC_MATRIX_COLUMNS
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
    """Values in initialiser order, one DWORD each; a column-major matrix stores its columns in turn."""
    leaves = _leaf_types(ft)
    out = bytearray()
    for (pt, cls, rows, cols), chunk in leaves:
        mine = vals[chunk[0]:chunk[1]]
        if cls == B.D3DXPC_MATRIX_COLUMNS and mine:
            mine = [mine[r * cols + c] for c in range(cols) for r in range(rows)]
        for v in mine:
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


def _value(ctx: _Ctx, ft: B.Fx2Type, t: Type, init: A.Node | None, what: str, pos) -> bytes:
    """The value bytes of a parameter or annotation: object ids for objects, packed numbers otherwise."""
    n = max(1, ft.elements)
    if ft.pclass == B.D3DXPC_OBJECT:
        ids = [ctx.new_object() for _ in range(n)]
        if ft.ptype == B.D3DXPT["STRING"]:
            items = init.items if isinstance(init, A.InitList) else [init] if init is not None else []
            for oid, v in zip(ids, items + [None] * (n - len(items)), strict=False):
                if v is not None and not (isinstance(v, A.Literal) and isinstance(v.value, str)):
                    raise ctx.error(pos, f"{what}: a string needs a string literal")
                ctx.eff.strings[oid] = v.value if v is not None else ""
        elif init is not None:
            raise NotSupportedError(f"fx_2_0: initial values of {what} (shaders and sampler_state blocks)")
        return struct.pack(f"<{n}I", *ids)
    if init is None:
        return b"\0" * (4 * ft.scalars() * n)
    cv = const_value(t, init, ctx.consts)
    if cv is None:
        raise ctx.error(pos, f"{what}: initializer must be a literal expression")
    return _numeric_bytes(ft, list(cv.vals))


def _annotations(ctx: _Ctx, items: list[Annotation]) -> list[B.Fx2Param]:
    out = []
    for a in items:
        ft = fx2_type(a.type, a.name, None, ctx, a.pos)
        if ft.pclass == B.D3DXPC_OBJECT and ft.ptype != B.D3DXPT["STRING"]:
            raise ctx.error(a.pos, f"annotation '{a.name}': only numeric and string annotations are allowed")
        out.append(B.Fx2Param(ft, _value(ctx, ft, a.type, a.value, f"annotation '{a.name}'", a.pos)))
    return out


def compile_fx2(source: str, file: str, defines: dict | None = None, include_open: Callable | None = None,
                flags: int = 0) -> B.Fx2Effect:
    """Compile effect source for ``fx_2_0`` into :class:`fx2binary.Fx2Effect`."""
    pp = preprocess(source, file, defines, include_open)
    toks = lex(pp.text, file)
    for tk in toks:  # D3D9 effect type words are caseless at fx_2_0
        if tk.kind == "id" and tk.text.lower() in _CASELESS:
            tk.text = _CASELESS[tk.text.lower()]
    parser = Fx2Parser(toks)
    prog = parser.parse_program()
    ctx = _Ctx(file)
    ctx.consts = parser.consts
    if parser.groups:
        raise ctx.error(parser.groups[0].pos, "fxgroup needs the fx_5_0 target")
    if any(parser.var_blocks.values()):
        raise NotSupportedError("fx_2_0: sampler_state and state-block initial values (the fx_2_0 state table)")
    for d in prog.decls:
        if isinstance(d, A.CBufferDecl):
            raise NotSupportedError("fx_2_0: cbuffer/tbuffer declarations")
        if not isinstance(d, A.VarDecl) or "static" in d.mods:
            continue
        ft = fx2_type(d.type, d.name, d.semantic, ctx, d.pos)
        value = _value(ctx, ft, d.type, d.init, f"'{d.name}'", d.pos)
        flags_ = B.D3DX_PARAMETER_SHARED if "shared" in d.mods else 0
        ctx.eff.parameters.append(B.Fx2Param(ft, value, flags_,
                                             _annotations(ctx, parser.var_annotations.get(d.name, []))))
    seen: set[str] = set()
    for t in parser.techniques:
        if t.keyword not in ("technique",):
            raise ctx.error(t.pos, f"{t.keyword} needs an fx_4_0 or later target")
        if t.name is not None:
            if t.name in seen:
                raise ctx.error(t.pos, f"technique '{t.name}' is already defined", 3003)
            seen.add(t.name)
        ft_ = B.Fx2Technique(t.name, _annotations(ctx, t.annotations))
        for p in t.passes:
            if p.entries:
                raise NotSupportedError("fx_2_0: pass state assignments (the fx_2_0 state table)")
            ft_.passes.append(B.Fx2Pass(p.name, _annotations(ctx, p.annotations)))
        ctx.eff.techniques.append(ft_)
    return ctx.eff
