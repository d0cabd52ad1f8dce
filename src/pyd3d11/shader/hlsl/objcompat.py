"""Which object values an object variable, parameter or return value of another object type accepts.

An object type is its kind and its element type: a ``Texture3D`` is no ``Texture2D``, a ``Texture2D<float>``
no ``Texture2D<float4>`` (the bare texture and ``Buffer`` forms are their ``float4`` instantiations: MicrosoftDocs
direct3dhlsl "Texture-Object": "the default is float4"), and a sampler is no texture. fxc reports a mismatch as
X3017 "cannot implicitly convert from 'A' to 'B'" (its conversion message for every other type pair). Only the
Direct3D 10+ resource objects are compared here: the Direct3D 9 ``texture``/``sampler*`` spellings and the sampler
kinds among themselves keep their looser pairing (sampler.shader_test binds a ``sampler`` where SamplerState
methods expect one)."""

from __future__ import annotations

from .types import BUFFER_KINDS, FLOAT4, RW_KINDS, SAMPLER_KINDS, STREAM_KINDS, TEXTURE_KINDS, ObjectType

#: the Direct3D 10+ resource kinds, whose identity is kind + element type
_RESOURCE_KINDS = (TEXTURE_KINDS - {"texture", "Texture"}) | RW_KINDS | BUFFER_KINDS


def _elem(t: ObjectType):
    if t.elem is None and t.kind in TEXTURE_KINDS:
        return FLOAT4
    return t.elem


#: the Direct3D 9 sampler spellings with a dimension, which take an untyped sampler but convert to no other
_D3D9_SAMPLERS = frozenset({"sampler1D", "sampler2D", "sampler3D", "samplerCUBE"})
_UNTYPED = frozenset({"sampler", "SamplerState"})  # (fxc names ``sampler`` SamplerState in its messages)
_D3D9_TEXTURES = frozenset({"texture", "Texture"})


def objects_compatible(src: ObjectType, dst: ObjectType) -> bool:
    """Whether a value of object type ``src`` converts implicitly to ``dst``. The Direct3D 9 ``texture`` converts to
    and from nothing but itself; a sampler to its own kind, an untyped one (``sampler``, ``SamplerState``) to a
    dimensioned D3D9 one as well (``sampler2D`` takes a SamplerState; a sampler2D no SamplerState, no sampler3D; the
    comparison sampler only itself: d3dcompiler_47 10.1, session 46, as a local's initialiser, a member's
    assignment, an argument)."""
    if (src.kind in _D3D9_TEXTURES) != (dst.kind in _D3D9_TEXTURES):
        return False
    if src.kind in STREAM_KINDS or dst.kind in STREAM_KINDS:
        # a stream takes its own topology and vertex type only (d3dcompiler_47 10.1, session 47: ``LineStream<D> v
        # = s`` of a TriangleStream<D>, ``TriangleStream<other> v; v = s;``, ``s = v`` of a TriangleStream<float4>
        # are X3017, as declared or assigned; ``TriangleStream<D> v = s`` compiles)
        return src.kind == dst.kind and src.elem == dst.elem
    if src.kind in SAMPLER_KINDS and dst.kind in SAMPLER_KINDS:
        return src.kind == dst.kind or src.kind in _UNTYPED and (dst.kind in _UNTYPED or dst.kind in _D3D9_SAMPLERS)
    if (src.kind in SAMPLER_KINDS) != (dst.kind in SAMPLER_KINDS):
        return not ({src.kind, dst.kind} & _RESOURCE_KINDS)
    if src.kind in _RESOURCE_KINDS and dst.kind in _RESOURCE_KINDS:
        return src.kind == dst.kind and src.rov == dst.rov and _elem(src) == _elem(dst)
    return True
