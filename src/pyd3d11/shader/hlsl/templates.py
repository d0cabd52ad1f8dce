"""The element type of a templated object (``Buffer<T>``, ``Texture2D<T>``, ``StructuredBuffer<T>``, the streams):
fxc's rules, as d3dcompiler_47 10.1 under Wine gives them (session 42, helper MUT; the MicrosoftDocs pages
"Buffer", "StructuredBuffer" and "Texture2D" name the element types each takes, never the errors).

Judged where the type is read -- a global, a local, a parameter, a typedef; before a later syntax error
(``RWBuffer<Texture2D> u`` with no ``;`` is X3124), after an earlier global's type error -- in this order:

- an object element, or an array of them, is X3124 "object element type cannot be an object type" for every
  templated kind but the patches (``InputPatch<Texture2D, 3>`` compiles);
- an element with no component at all (an empty struct) X3037 "object's templated type must have at least one
  element";
- for the typed kinds (textures, ``Buffer``, the typed UAVs; not the structured buffers nor the streams): an array
  element, or more than four 32-bit components (``float3x2``, ``struct { float4 a; int b; }``; objects count none),
  X3037 "elements of typed buffers and textures must fit in four 32-bit quantities".

Two rules wait for the code generation, after the type rules of the whole program (X3000-X3499: an undeclared name
in a function nothing calls comes first) and before the phases that follow (the entry's signature X3502, a loop's
X3511, an index's X3504, the double refusals, the target's object gates), globals first in source order, then the
entry's parameters, then the locals as the code reaches them (:func:`late_resource_error`; compiler.py raises it):

- a typed kind of a struct whose components are not all of one type (``float`` and ``int``, ``float`` and
  ``half``, ``Texture2D`` and ``SamplerState``; ``Texture2D`` and ``Texture2D<uint>`` are one) is X3020 "all
  template type components must have the same type" for a variable the code declares -- a global (static too),
  an entry parameter, a local of a function the entry calls; not a typedef, nor a local of a function nothing
  calls or of a branch a constant condition removes;
- a struct element holding objects (``struct s { Texture2D t; }; StructuredBuffer<s> u;``) is X3683 "resources such
  as textures, samplers or UAVs cannot contain other resources" for a resource the shader binds -- a non-static
  global, a cbuffer / tbuffer member, a global struct's member, an entry parameter; a local or a static compiles.
"""

from __future__ import annotations

from .types import ArrayType, NumType, ObjectType, StructType, Type

#: templated kinds whose element is one typed view element (fxc's X3037 "typed buffers and textures" wording)
_TYPED = frozenset({
    "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture2DMS", "Texture2DMSArray", "Texture3D",
    "TextureCube", "TextureCubeArray", "Buffer", "texture", "Texture",
    "RWTexture1D", "RWTexture1DArray", "RWTexture2D", "RWTexture2DArray", "RWTexture3D", "RWBuffer",
})
_PATCHES = frozenset({"InputPatch", "OutputPatch"})


def _leaf(t: Type) -> Type:
    while isinstance(t, ArrayType):
        t = t.elem
    return t


def _components(t: Type) -> list[tuple]:
    """One key per component, in order: a number's (base, precision) per element, an object's kind once."""
    if isinstance(t, NumType):
        return [(t.base, t.prec)] * t.n
    if isinstance(t, ObjectType):
        return [("object", t.kind)]
    if isinstance(t, ArrayType):
        return _components(t.elem) * t.count
    if isinstance(t, StructType):
        return [k for f in t.fields for k in _components(f[1])]
    return []


def _numeric_slots(t: Type) -> int:
    if isinstance(t, ArrayType):
        return _numeric_slots(t.elem) * t.count
    if isinstance(t, StructType):
        return sum(_numeric_slots(f[1]) for f in t.fields)
    return t.slots if isinstance(t, NumType) else 0


def element_error(kind: str, elem: Type) -> tuple[int, str] | None:
    """fxc's (number, message) for ``kind<elem>`` where the type is read, or None (module doc)."""
    if kind in _PATCHES:
        return None
    if isinstance(_leaf(elem), ObjectType):
        return 3124, "object element type cannot be an object type"
    parts = _components(elem)
    if not parts:
        return 3037, "object's templated type must have at least one element"
    if kind not in _TYPED:
        return None
    if isinstance(elem, ArrayType) or _numeric_slots(elem) > 4:
        return 3037, "elements of typed buffers and textures must fit in four 32-bit quantities"
    return None


def _mixed(t: Type) -> bool:
    """A type that is, or holds, a typed object of a struct whose components are not all of one type."""
    t = _leaf(t)
    if isinstance(t, ObjectType):
        return t.kind in _TYPED and isinstance(t.elem, StructType) and len(set(_components(t.elem))) > 1
    if isinstance(t, StructType):
        return any(_mixed(f[1]) for f in t.fields)
    return False


def _holds_nested(t: Type) -> bool:
    """A type that is, or holds, a templated object whose element holds an object."""
    from .objects import has_object

    t = _leaf(t)
    if isinstance(t, ObjectType):
        return t.elem is not None and t.kind not in _PATCHES and has_object(t.elem)
    if isinstance(t, StructType):
        return any(_holds_nested(f[1]) for f in t.fields)
    return False


_NESTED = "resources such as textures, samplers or UAVs cannot contain other resources"
_MIXED = "all template type components must have the same type"


def late_resource_error(cg) -> object | None:
    """X3683 / X3020 (module doc) of the first global in source order, then of the entry's parameters; None where
    there is none (a local's X3020 is found by :func:`local_error` as the code declares it)."""
    from . import ast as A
    from .overload import entry_definition

    for d in cg.prog.decls:
        members = d.members if isinstance(d, A.CBufferDecl) else [d] if isinstance(d, A.VarDecl) else []
        for m in members:
            if _mixed(m.type):  # before X3683 of the same declaration
                return cg.err(m.pos, _MIXED, 3020)
            if "static" not in m.mods and _holds_nested(m.type):
                return cg.err(m.pos, _NESTED, 3683)
    entry = entry_definition(cg)
    for p in entry.params if entry is not None else []:
        if _mixed(p.type):
            return cg.err(p.pos, _MIXED, 3020)
        if _holds_nested(p.type):
            return cg.err(p.pos, _NESTED, 3683)
    return None


def note_local(cg, d) -> None:
    """A local the code declares of a typed object of mixed components: its X3020 waits with the others."""
    if cg.deferred_gate_error is None and _mixed(d.type):
        cg.deferred_gate_error = cg.err(d.pos, _MIXED, 3020)
