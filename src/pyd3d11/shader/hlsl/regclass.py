"""Register classes of ``register(...)`` reservations on resource objects (shader model 4.0-5.0).

MicrosoftDocs direct3dhlsl "register" names five register types: ``b`` constant buffer, ``t`` texture and
texture buffer, ``c`` buffer offset, ``s`` sampler, ``u`` unordered access view. The letter is read in
either case (DXC SemaHLSL packreg records fxc passing ``Buffer b : register(T3)`` and ``cbuffer c :
register(B3)``). A resource object binds in one register set; fxc's type check names, per kind of object,
the letters it takes (its X3530 texts, recorded in packreg): a texture "requires a 't' or 's' register", a
sampler "an 's' or 't' register" (the Direct3D 9 pairing of samplers and textures), a buffer "a 't'
register", a UAV "a 'u' register".

What d3dcompiler_47 10.1 does with them (session 35, recorded in tests/test_rules_hlsl_register_classes.py):
a single object reserved with a letter its kind does not name fails at its declaration, used or not and
whatever profile the reservation names (X3530, the texts above; cg_resources.py). The letters a kind names
but does not bind in pass the declaration: a texture in ``s#`` binds as if unreserved, a sampler in ``t#``
fails once used (X4509 "invalid register semantic 't2', or variable must be bound to multiple register banks
(s register binding required)"); an array's or a struct member's reservation in another set is judged the
same way when used (any letter: ``Texture2D o[2] : register(b2)`` compiles). vkd3d's records (``Texture2D
unused : register(s0)`` compiles below 6.0, ``sampler2D unused : register(t0)`` fails from 5.1 on) agree.
packreg.hlsl, compiled by fxc at ps_5_1, records the 5.1 verdicts (X3591 "incorrect bind semantic" for the
pairings 5.1 no longer allows); the tally of that file counts those lines as misses at 5.0 (tools/dxc_sema.py).

Constant buffers (``b`` only, either case: cbuffer.shader_test binds ``register(B1)``) and texture buffers
(``t`` only) are checked where they are declared, used or not (X3591, parser.py); numeric globals take
``c`` (``b`` is accepted and discarded at 4.0-5.0, register-reservations-numeric) and are not checked here.
"""

from __future__ import annotations

from .types import SAMPLER_KINDS

#: category -> (the register set that binds it, the letters fxc's type check names, fxc's X3530 text)
CATEGORIES: dict[str, tuple[str, str, str]] = {
    "texture": ("t", "ts", "texture requires a 't' or 's' register"),
    "sampler": ("s", "st", "sampler requires an 's' or 't' register"),
    "buffer": ("t", "t", "buffer requires a 't' register"),
    "uav": ("u", "u", "UAV requires a 'u' register"),
}

#: read-only buffers that are not textures (fxc's "buffer" wording, packreg: Buffer, StructuredBuffer,
#: ByteAddressBuffer)
_BUFFERS = frozenset({"Buffer", "StructuredBuffer", "ByteAddressBuffer"})


def category(kind: str) -> str:
    """The register category of a resource object kind (RasterizerOrdered* kinds arrive as their RW forms)."""
    if kind in SAMPLER_KINDS or kind.startswith("sampler"):
        return "sampler"
    if kind.startswith(("RW", "Append", "Consume")):
        return "uav"
    if kind in _BUFFERS:
        return "buffer"
    return "texture"


def object_letters(kind: str) -> str:
    """The register letters fxc's type check takes for an object of ``kind`` (CATEGORIES; none for the effect
    objects, strings and streams, which bind nothing)."""
    from .types import BUFFER_KINDS, RW_KINDS, TEXTURE_KINDS

    if kind in SAMPLER_KINDS or kind.startswith("sampler") or kind in TEXTURE_KINDS or kind in RW_KINDS or \
            kind in BUFFER_KINDS:
        return CATEGORIES[category(kind)][1]
    return ""


def register_file(kind: str) -> str:
    """The register set (t, s or u) an object of ``kind`` binds in."""
    return CATEGORIES[category(kind)][0]


def wrong_set_message(name: str, kind: str, letter: str) -> str:
    """X3530's text for a used object of ``kind`` reserved with register letter ``letter``: fxc's text of
    the object's category for a letter that category does not name; for the Direct3D 9 pairing it does
    name (a texture in ``s``, a sampler in ``t``), which binds nothing in the Direct3D 10+ register sets,
    the set the object needs."""
    file, letters, text = CATEGORIES[category(kind)]
    if letter.lower() not in letters:
        return text
    return f"'{name}': invalid register specification, expected '{file}' binding"
