"""The types a system-value signature element must have, as d3dcompiler_47 10.1 checks them (session 35).

Recorded under Wine (tools/wine_d3dcompiler; tests/test_rules_hlsl_svtypes_s35.py) over 3,150 programs putting 30
semantic spellings on inputs and outputs of every type at vs/ps/gs/cs 4.0-5.0. fxc checks the declared type of
each element of the built signature, in signature order:

* an index system value (SV_VertexID, SV_InstanceID, SV_PrimitiveID, SV_RenderTargetArrayIndex,
  SV_ViewportArrayIndex, SV_SampleIndex) declared float or bool is X4555 "invalid type used for 'SV_x' input
  semantics, must be integral" (a geometry shader's stream outputs say "input": the stream is an inout parameter);
  declared int — like SV_IsFrontFace declared float or int — X4576 "Input signature parameter  (1-based Entry N)
  type must be a scalar uint." (fxc's text: an empty name, the element's 0-based position);
* SV_Position must be float32 with mask xyzw, SV_ClipDistance / SV_CullDistance float32 (X4576);
* a pixel shader's SV_Depth* output must be float32, SV_Coverage / SV_StencilRef uint32: the bytecode validator's
  X8000 "Output signature parameter SV_Depth (1-based Entry n) type must be float32." (here 1-based);
* SV_ClipDistance / SV_CullDistance take the indices 0 and 1 only (X4502 "Legal indices are in [0,1]").

The elements' ``ctype`` is the system value's own type (what the signature records); ``declared`` is the source's.
Only elements that are system values at their signature point (``sv`` set, or a pixel shader's depth / coverage /
stencil output) are judged.
"""

from __future__ import annotations

from .diagnostics import HlslError
from .sysvalues import MAX_COMPONENTS, VALUE_BASE

_INDEX_VALUES = {"SV_VERTEXID", "SV_INSTANCEID", "SV_PRIMITIVEID", "SV_RENDERTARGETARRAYINDEX", "SV_VIEWPORTARRAYINDEX",
                 "SV_SAMPLEINDEX"}
#: where a bool declaration of an index value compiles (fxc 10.1's record, no documented rule: the values the
#: pipeline generates for that stage's inputs)
_BOOL_TAKEN = {("vs", "SV_VERTEXID"), ("vs", "SV_INSTANCEID"), ("ps", "SV_PRIMITIVEID")}
_ANYWHERE_INTEGRAL = {"SV_VERTEXID", "SV_INSTANCEID"}
_PS_OUTPUT_TYPES = {n: VALUE_BASE[n] for n in ("SV_DEPTH", "SV_DEPTHGREATEREQUAL", "SV_DEPTHLESSEQUAL", "SV_COVERAGE",
                                              "SV_STENCILREF")}


def integer_interpolation(t, mods: frozenset) -> bool:
    """Whether an input element of type ``t`` is an integer (int, uint, bool, the minimum-precision integers)
    declared ``centroid``, ``noperspective`` or ``sample``: fxc 10.1's X4576 "Input signature parameter  (1-based
    Entry N) specifies invalid interpolation mode for integer component type." in every stage's input signature
    (vertex, geometry and pixel inputs, system values included, read or not; ``linear`` and ``nointerpolation``
    pass; a vertex shader's outputs are not judged). The "Interpolation Modifiers" section of the struct page
    says integers are not interpolated; the rule itself is fxc's (session 39 ACC, DXC interpOnInt)."""
    from .types import FLOAT, concrete

    return concrete(t.base) != FLOAT and bool(mods & {"centroid", "noperspective", "sample"})


def check_signature_types(elements: list, output: bool, stage: str) -> None:
    """Raise fxc's error for the first element (in signature order) whose system value has the wrong declared type
    (module docstring); ``elements`` are the code generator's SigElem records in signature order."""
    side = "Output" if output else "Input"
    word = "input" if (not output or stage == "gs") else "output"
    for i, e in enumerate(elements):
        declared = getattr(e, "declared", "")
        up = e.name.upper()
        if not output and getattr(e, "bad_interp", False):
            raise HlslError("", 0, 0, 4576, f"Input signature parameter  (1-based Entry {i}) specifies invalid "
                                            "interpolation mode for integer component type.")
        if not declared:
            continue
        if output and stage == "ps" and up in _PS_OUTPUT_TYPES:
            want = _PS_OUTPUT_TYPES[up]
            if declared != want and not (want == "uint" and declared == "bool"):  # a bool is stored as a uint
                raise HlslError("", 0, 0, 8000, "D3D11 Internal Compiler Error: Invalid Bytecode: Output signature "
                                                f"parameter {e.name} (1-based Entry {i + 1}) type must be "
                                                f"{want}32.")
            continue
        if up in ("SV_CLIPDISTANCE", "SV_CULLDISTANCE") and e.index > 1:
            # two registers of four distances each at most (D3D11.3 §15.7: eight clip-or-cull distances), whatever
            # the signature point: fxc 10.1's X4502 with the semantic as spelled
            raise HlslError("", 0, 0, 4502, f"invalid {'output' if output else 'input'} semantic "
                                            f"'{e.name}{e.index}': Legal indices are in [0,1]")
        if not e.sv:
            # SV_VertexID / SV_InstanceID must be integral wherever they are declared, system values or not (a vertex
            # shader's outputs, a geometry shader's vertices, a pixel shader's SV_InstanceID input: float, half,
            # min16float, bool, vectors and matrices of them, read or not; session 36's record)
            if up in _ANYWHERE_INTEGRAL and declared in ("float", "bool"):
                raise HlslError("", 0, 0, 4555, f"invalid type used for '{e.name}' {word} semantics, must be integral")
            continue
        # a pixel shader's SV_PrimitiveID declared float is X4576 as an int one is (the session-35 record's ps rows;
        # session 38: half and the min-precision floats too), where the other index values say X4555
        ps_prim = stage == "ps" and up == "SV_PRIMITIVEID"
        if up in _INDEX_VALUES and not ps_prim and \
                (declared == "float" or (declared == "bool" and (stage, up) not in _BOOL_TAKEN)):
            raise HlslError("", 0, 0, 4555, f"invalid type used for '{e.name}' {word} semantics, must be integral")
        if (up in _INDEX_VALUES and declared == "int") or (up == "SV_ISFRONTFACE" and declared in ("float", "int")) \
                or (ps_prim and declared == "float"):
            raise HlslError("", 0, 0, 4576, f"{side} signature parameter  (1-based Entry {i}) type must be a "
                                            "scalar uint.")
        if up == "SV_POSITION" and (declared != "float" or e.mask != 0xF):
            raise HlslError("", 0, 0, 4576, f"{side} signature parameter  (1-based Entry {i}) type must be float32 "
                                            "and mask must be xyzw.")
        if up.startswith(("SV_CLIPDISTANCE", "SV_CULLDISTANCE")) and declared != "float":
            raise HlslError("", 0, 0, 4576, f"{side} signature parameter  (1-based Entry {i}) type must be float32.")


#: the index values whose float / half declaration fxc refuses before their place (session 49)
_INTEGRAL_FIRST = frozenset({"SV_VERTEXID", "SV_INSTANCEID", "SV_SAMPLEINDEX", "SV_RENDERTARGETARRAYINDEX",
                             "SV_VIEWPORTARRAYINDEX", "SV_GSINSTANCEID"})
#: the one-value system values: a vector of them is refused by type
_ONE_VALUE_FIRST = frozenset({"SV_COVERAGE", "SV_INNERCOVERAGE", "SV_GSINSTANCEID"})
_SCALAR_UINT = _INTEGRAL_FIRST | {"SV_PRIMITIVEID", "SV_ISFRONTFACE"}


def type_before_place(stage: str, direction: str, up: str, base: str, n: int, place_ok: bool) -> int | None:
    """The number fxc reports for a vertex / pixel shader element its semantic X4502 would refuse (a system value
    out of its place, or of a wrong component count), where it judges the declared type first: d3dcompiler_47 10.1
    under Wine, session 49 (768 programs: 24 semantics x 8 types x vs / ps inputs and outputs, 760 as fxc).

    * X4555 ("invalid type used for ...") at any place but a pixel shader's output: a vector SV_Coverage /
      SV_InnerCoverage / SV_GSInstanceID; an index value (``_INTEGRAL_FIRST``) declared float or half, or bool in
      an output or a pixel shader's input (a vertex shader's bool input is the place's X4502; SV_PrimitiveID is
      not judged so: X4502 at vs, X4576 at ps);
    * X4576 ("type must be a scalar uint"): a vector of a one-uint value at a place that takes it (``uint2 id :
      SV_VertexID`` at vs, ``int3 f : SV_IsFrontFace`` at ps), before its component count's X4502.
    ``base`` is the declared scalar type's name (``float``, ``half``, ``bool``, ``uint``, ``int`` ...)."""
    if stage not in ("vs", "ps") or stage == "ps" and direction == "out":
        return None
    if up in _ONE_VALUE_FIRST and n > 1:
        return 4555
    if up in _INTEGRAL_FIRST and (base in ("float", "half") or base == "bool" and (direction == "out" or stage == "ps")):
        return 4555
    if up in _SCALAR_UINT and place_ok and n > 1:
        return 4576
    return None


def type_before_place_text(code: int, up: str, spelled: str, base: str, word: str, entry: int, side: str) -> str:
    """fxc's words for :func:`type_before_place`'s number (``word``: input / output; ``side``: Input / Output)."""
    if code == 4576:
        return f"{side} signature parameter  (1-based Entry {entry}) type must be a scalar uint."
    integral = ", must be integral" if up in _INTEGRAL_FIRST and base in ("float", "half", "bool") else ""
    return f"invalid type used for '{spelled}' {word} semantics{integral}"


#: the compute thread-ID values whose array declarations fxc 10.1 numbers without judging the index (session 36:
#: ``uint t[2] : SV_GroupIndex`` and ``uint t[3] : SV_GroupThreadID`` compile, ``uint t[2] : SV_GroupID`` and
#: ``uint t[2] : SV_DispatchThreadID`` are X4502 "Legal indices are in [0,0]"; no documented rule, recorded)
_CS_ARRAYS_TAKEN = frozenset({"SV_GROUPINDEX", "SV_GROUPTHREADID"})


def compute_id_error(name: str, idx: int, base: str, n: int, array_element: bool) -> tuple[int, str] | None:
    """fxc 10.1's (number, message) for one element of a compute shader's thread-ID input (SV_DispatchThreadID,
    SV_GroupThreadID, SV_GroupID, SV_GroupIndex), or None. The "Semantics" page gives uint3 / uint; fxc
    (recorded under Wine, session 36, tests/test_rules_hlsl_svtypes_s36.py) takes int, uint and the integer
    minimum-precision types of one to the value's width, and judges each element in this order:

    * a float, half, min-precision float or bool component: X4555 "invalid type used for 'SV_x' input semantics,
      must be integral";
    * more components than the value has (SV_GroupIndex 1, the others 3): X4555 without the last words;
    * a semantic index above 0 (spelled, or a matrix's later column / row): X4502 "Legal indices are in [0,0]",
      except the later elements of an array of SV_GroupIndex or SV_GroupThreadID (``array_element``).

    ``base`` is the element's concrete scalar kind ('int', 'uint', 'float', 'bool'; a double is X3687 elsewhere),
    ``name`` the semantic as spelled (without its index)."""
    if base == "double":
        return None
    spelled = f"{name}{idx}" if idx else name
    if base not in ("int", "uint"):
        return 4555, f"invalid type used for '{spelled}' input semantics, must be integral"
    if n > MAX_COMPONENTS[name.upper()]:
        return 4555, f"invalid type used for '{spelled}' input semantics"
    if idx > 0 and not (array_element and name.upper() in _CS_ARRAYS_TAKEN):
        return 4502, f"invalid input semantic '{spelled}': Legal indices are in [0,0]"
    return None


#: the tessellation factors (the patch-constant function's outputs, a domain shader's inputs)
TESS_FACTORS = frozenset({"SV_TESSFACTOR", "SV_INSIDETESSFACTOR"})


def tess_factor_error(name: str, base: str, word: str) -> tuple[int, str] | None:
    """fxc 10.1's (number, message) for an SV_TessFactor / SV_InsideTessFactor element of component kind ``base``
    ('float', 'int', 'uint', 'bool'; a double is X3687 elsewhere), or None. The factors are floats (MicrosoftDocs
    "Semantics": ``float[2|3|4]`` / ``float|float[2]``): half and the min-precision floats pass, an int, uint,
    dword, bool or min-precision integer is X4555 "invalid type used for 'SV_TessFactor' output semantics, must be
    float" on the patch-constant function's output and "input semantics" on the domain shader's input (recorded
    under Wine, session 38, tests/test_rules_hlsl_fxc_mutants_s38.py). ``name`` is the semantic as spelled."""
    if name.upper() in TESS_FACTORS and base not in ("float", "double"):
        return 4555, f"invalid type used for '{name}' {word} semantics, must be float"
    return None


def scalar_id_error(name: str, base: str, n: int, stage: str, entry: int) -> tuple[int, str] | None:
    """fxc 10.1's (number, message) for a parameter read from a register-less scalar input -- SV_PrimitiveID
    (``vPrim``: a hull shader's control-point or patch-constant phase, a domain or a geometry shader),
    SV_GSInstanceID, SV_OutputControlPointID -- or None; ``base`` its component kind, ``n`` its components,
    ``entry`` its 0-based place in the input signature (a geometry shader lists its primitive ID there). Recorded
    under Wine (session 38; the Semantics page gives uint): a float, half, min-precision float or bool is X4555
    "invalid type used for 'SV_x' input semantics, must be integral"; a vector of integers X4555 without the last
    words, except SV_OutputControlPointID, which fxc takes (``uint2 i`` compiles); in a geometry shader an int
    SV_PrimitiveID (min16int, min12int) is X4576 "Input signature parameter  (1-based Entry N) type must be a
    scalar uint." (the other readers take an int); uint, dword and min16uint pass."""
    up = name.upper()
    if base == "double":
        return None
    if base in ("float", "bool"):
        return 4555, f"invalid type used for '{name}' input semantics, must be integral"
    if n > 1 and up != "SV_OUTPUTCONTROLPOINTID":
        return 4555, f"invalid type used for '{name}' input semantics"
    if stage == "gs" and up == "SV_PRIMITIVEID" and base == "int":
        return 4576, f"Input signature parameter  (1-based Entry {entry}) type must be a scalar uint."
    return None


def check_level9_position(cg) -> None:
    """fxc 10.1's X4576 "Output signature parameter  (1-based Entry n) type must be float32 and mask must be xyzw."
    (n its 0-based place, as fxc prints it) at vs_4_0_level_9_x for an SV_Position output of four integer or bool
    components (``int4 main() : SV_Position``; vs_2_0 / vs_3_0 compile it): judged after the optimiser's X3548 /
    X3543 and before X4579 (session 46, D9). A position of fewer components is X4541 there (d3d9outputs.py)."""
    if not cg.level9 or cg.d3d9 or cg.stage != "vs":  # (a D3D9 compile runs the level-9 path too)
        return
    from .sigpack import signature_order

    for i, e in enumerate(signature_order(cg.outputs)):
        if e.name.upper() == "SV_POSITION" and getattr(e, "declared", "") not in ("", "float") and e.mask == 0xF:
            raise HlslError("", 0, 0, 4576, f"Output signature parameter  (1-based Entry {i}) type must be float32 "
                                            "and mask must be xyzw.")
