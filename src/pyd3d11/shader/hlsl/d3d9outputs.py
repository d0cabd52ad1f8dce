"""The outputs a Direct3D 9 or level-9 vertex / pixel shader must write, as d3dcompiler_47 10.1 checks them
(recorded under Wine, session 36; tests/test_rules_hlsl_fxc_d3d9_outputs_s36.py).

The Direct3D 9 hardware consumes a vertex's position and a pixel's first color whole, so fxc refuses, once the
code is generated (no source position for the first two):

* a vertex shader (vs_1_1 … vs_3_0, vs_4_0_level_9_x) that does not write all four components of POSITION0 (at
  level 9 SV_Position; a POSITION output is only vertex data there): X4541 "vertex shader must minimally write
  all four components of POSITION";
* a pixel shader (ps_2_0 … ps_3_0, ps_4_0_level_9_x) that does not write all four components of COLOR0 /
  SV_Target0: X4530 "pixel shader must minimally write all four components of COLOR0" (DEPTH alone, ``clip``
  alone);
* a color output declared or written with fewer than four components: X4529 "COLOR1 must be a four-component
  vector" (at the entry point; checked first);
* color outputs with a gap (COLOR0 and COLOR2): X4538 "COLOR outputs must be contiguous from COLOR0 to COLORn"
  (after X4530).

A Direct3D 9 pixel shader's depth (ps_2_0 … ps_3_0: DEPTH, DEPTH0 or SV_Depth in any letter case; recorded under
Wine, session 42, tests/test_rules_hlsl_d3d9_s42.py) is one register component (oDepth):

* an index above 0 -- spelled (DEPTH1, SV_Depth1) or a later register of the value (``float d[2]``, a
  ``float1x4`` in column order) -- is the signature's X4502 "invalid output semantic 'DEPTH1': Legal indices are
  in [0,0]";
* a value of more than one component in its register (float2 … float4, int2, bool3, ``float4x1``, ``float2
  d[1]``) is X4528 "DEPTH must be a scalar" -- judged late: after the type rules, X3548, a double's X3684, X3703,
  X4000 and the signature's X4502s (a BOGUS output after the depth one still comes first), before X4530; where
  no instruction writes the depth it is no error (ps_3_0 compiles an unassigned ``out float2 d : DEPTH``).

A Direct3D 9 vertex shader's output semantics (recorded under Wine, session 42) are judged as each is bound, before
a duplicate's X4503 / X4504 and the missing position's X4541 (but fxc compiles an out parameter of any name that
is never written: not built, an unwritten one is refused here too):

* vs_1_1 / vs_2_0 / vs_2_a write POSITION0, COLOR0-1, TEXCOORD0-7, FOG0 and PSIZE0: another index of these is
  X4502 "invalid output semantic 'COLOR2': Legal indices are in [0,1]", any other name (NORMAL, DEPTH, SV_Target,
  BOGUS) X4502 "invalid vs_2_0 output semantic 'NORMAL'";
* vs_3_0 writes the D3DDECLUSAGE names (POSITION, BLENDWEIGHT, BLENDINDICES, NORMAL, PSIZE, TEXCOORD, TANGENT,
  BINORMAL, COLOR, FOG, DEPTH; SV_Depth) with indices 0-15 (COLOR16: "Legal indices are in [0,15]"); SAMPLE,
  SV_Target, SV_ClipDistance, BOGUS are X4502 (TESSFACTOR's X4555, POSITIONT's, VFACE's and VPOS's answers are
  other rules, left to the translation);
* FOG0 and PSIZE0 (not PSIZE1 at vs_3_0, where FOG is any register) take one component: X4540 "FOG must be a
  scalar".

An output semantic and index bound twice (two out parameters, ``out float4 o : POSITION`` beside the returned
position, COLOR1 twice) is never merged there (4.0+ packs ``float a : A; float b : A`` into one element): X4504
"overlapping output semantics" at vs_1_1 … vs_2_a and every pixel shader, the validator's X5639 "dcl usage+index:
texcoord,0 has already been specified for an output register." at vs_3_0 (recorded under Wine, session 42). A pixel
shader's color bound twice is judged with the required outputs, after X4529 (``out float1x2 x : COLOR0, out
float1x2 y : COLOR1`` -- columns COLOR0-1 and COLOR1-2 -- is X4529 "COLOR0 must be a four-component vector").

An output these targets leave undefined (recorded under Wine, session 42; 4.0+ compile each of these with warning
X3578 only) is refused before the signature's errors and the outputs above:

* Direct3D 9 (vs_1_1 … vs_3_0, ps_2_0 … ps_3_0): a component of an output copied from a local declared without
  an initialiser that no instruction defines (``float4 y; return y;``, ``y.x = 1; return y;``, ``o = y``, ``S s;
  s.a = 1; return s;``, through a function's return or another local, on one return path of several) is X4000
  "variable 'y' used without having been completely initialized" (a local assigned on some path only is not);
  at ps_2_0 / 2_a / 2_b an out parameter with a component never written is X3508 "'main': output parameter 'o'
  not completely initialized" (ps_3_0 drops a color output no instruction writes: check_required_outputs);
* a level-9 pixel shader: any output component never defined (an uninitialised local's or never written) is
  X3508 "'main': Top-level return value is not completely initialized" or "... output parameter 'o' not
  completely initialized" (a level-9 vertex shader is not judged here: fxc's answers differ, unrecorded rule).

The D3D9 "Semantics" page lists POSITION and COLOR as outputs without saying they are required: fxc's record is
the rule.
"""

from __future__ import annotations

from .diagnostics import HlslError, Pos
from .uninit import defined_components, through_copies, written_output_components


def depth_output_error(cg, spelled: str, idx: int, index_spelled: bool, n: int, pos: Pos) -> None:
    """A Direct3D 9 pixel shader's depth element (module docstring): X4502 raised for an index above 0, a
    vector's X4528 kept in ``cg.d3d9_depth_error`` for :func:`check_required_outputs`."""
    if idx > 0:
        name = f"{spelled}{idx}" if index_spelled else spelled
        raise cg.err(pos, f"invalid output semantic '{name}': Legal indices are in [0,0]", 4502)
    if n > 1 and depth_error(cg) is None:
        cg.d3d9_depth_error = cg.err(pos, "DEPTH must be a scalar", 4528)


#: vs_1_1 … vs_2_a: the output usages and their highest index
_VS2_OUTPUTS = {"POSITION": 0, "COLOR": 1, "TEXCOORD": 7, "FOG": 0, "PSIZE": 0}
#: vs_3_0: the usages an output register may declare (indices 0-15)
_VS3_OUTPUTS = frozenset({"POSITION", "BLENDWEIGHT", "BLENDINDICES", "NORMAL", "PSIZE", "TEXCOORD", "TANGENT",
                          "BINORMAL", "COLOR", "FOG", "DEPTH", "SV_DEPTH"})
#: left to the translation's own answers (sm2/d3d9.py)
_VS3_OTHER = frozenset({"TESSFACTOR", "POSITIONT", "VFACE", "VPOS"})


def vs_output_error(target: str, spelled: str, idx: int, n: int) -> tuple[int, str] | None:
    """fxc's refusal of a Direct3D 9 vertex shader's output element (module docstring): ``spelled`` its semantic
    name as written (without the index), ``idx`` its index, ``n`` its components; or None."""
    up = spelled.upper()
    if up == "SV_POSITION":
        up = "POSITION"
    if target == "vs_3_0":
        if up in _VS3_OTHER:
            return None
        if up not in _VS3_OUTPUTS:
            return 4502, f"invalid {target} output semantic '{spelled}'"
        if idx > 15:
            return 4502, f"invalid output semantic '{spelled}{idx}': Legal indices are in [0,15]"
        if up == "PSIZE" and idx == 0 and n > 1:
            return 4540, "PSIZE must be a scalar"
        return None
    top = _VS2_OUTPUTS.get(up)
    if top is None:
        return 4502, f"invalid {target} output semantic '{spelled}{idx or ''}'"
    if idx > top:
        return 4502, f"invalid output semantic '{spelled}{idx}': Legal indices are in [0,{top}]"
    if up in ("FOG", "PSIZE") and n > 1:
        return 4540, f"{up} must be a scalar"
    return None


def duplicate_output_error(cg, up: str, idx: int, pos: Pos) -> HlslError:
    """A Direct3D 9 output semantic bound twice (module docstring); ``up`` the upper-case name after compat
    mapping (SV_Position / SV_Target / SV_Depth for POSITION0 / COLOR / DEPTH)."""
    if cg.d3d9 == "vs_3_0":
        usage = {"SV_POSITION": "position", "SV_TARGET": "color", "SV_DEPTH": "depth"}.get(up, up.lower())
        return cg.err(pos, f"dcl usage+index: {usage},{idx} has already been specified for an output register.",
                      5639)
    return cg.err(pos, "overlapping output semantics", 4504)


def defer_duplicate_color(cg, up: str, idx: int, pos: Pos) -> None:
    """Keep a pixel shader's second binding of one color for :func:`check_required_outputs` (module docstring)."""
    if cg.d3d9_duplicate_color is None:
        cg.d3d9_duplicate_color = duplicate_output_error(cg, up, idx, pos)


def uninitialized_output_error(cg, code: list, defined: set) -> HlslError | None:
    """The X4000 / X3508 of an output left undefined at the Direct3D 9 and level-9 pixel targets (module
    docstring), or None. ``code``: the code as generated; ``defined``: ``uninit.defined_components`` of it."""
    from .library import ENTRY

    if cg.level9 is None or cg.stage not in ("vs", "ps") or cg.entry == ENTRY:
        return None
    d3d9 = cg.d3d9 is not None
    if not d3d9 and cg.stage != "ps":
        return None
    # an out parameter is such a local too (codegen): its own unwritten components are X3508's concern, not X4000's
    params = {name for _pos, _slots, name in cg.entry_returns if name != cg.entry}
    origin = _local_origins(cg, code, params)
    for pos, slots, name in cg.entry_returns:
        undefined = [s for s in slots if s[0] == "r" and s[2] is None and (s[1][0], s[3]) not in defined]
        ret = name == cg.entry  # (signatures.write_entry_outputs: the return value bears the entry's name)
        if not d3d9:
            if undefined:
                what = "Top-level return value is" if ret else f"output parameter '{name}'"
                return cg.err(pos, f"'{cg.entry}': {what} not completely initialized", 3508)
            continue
        for s in slots:
            if s[0] != "r" or s[2] is not None:
                continue
            src = origin.get((s[1][0], s[3]))
            if src is not None and src[1] not in defined:
                local = cg.uninit_locals[src[0]]
                return cg.err(local[1], f"variable '{local[0]}' used without having been completely initialized",
                              4000)
        if undefined and not ret and cg.d3d9.startswith("ps_2"):
            return cg.err(pos, f"'{cg.entry}': output parameter '{name}' not completely initialized", 3508)
    return object_output_error(cg)


def _local_origins(cg, code: list, skip: set) -> dict[tuple[int, int], tuple[int, tuple[int, int]]]:
    """(temp, component) -> (index in ``cg.uninit_locals``, the local's own component) for each component of a
    local declared without an initialiser (none named in ``skip``) and each plain copy (or conversion) of one."""
    origin: dict[tuple[int, int], tuple[int, tuple[int, int]]] = {}
    for k, (name, _pos, slots) in enumerate(cg.uninit_locals):
        if name in skip:
            continue
        for s in slots:
            if s[0] == "r" and s[2] is None:
                origin.setdefault((s[1][0], s[3]), (k, (s[1][0], s[3])))
    through_copies(code, origin)
    return origin


def depth_error(cg) -> HlslError | None:
    """The X4528 :func:`depth_output_error` kept (an attribute of the code generator set only here)."""
    return cg.d3d9_depth_error


def check_required_outputs(cg, at: Pos) -> None:
    """Raise fxc's error where ``cg`` (a finished Direct3D 9 / level-9 vertex or pixel shader; code final) leaves
    a required output short (module docstring); ``at`` is the entry point's position."""
    from .library import ENTRY

    if cg.level9 is None or cg.stage not in ("vs", "ps") or cg.entry == ENTRY:
        # (a library's probe of whether a function runs in a level-9 stage compiles a wrapper that returns the
        # function's value: a library function is no complete shader; library._level9_flags)
        return
    d3d9 = cg.d3d9 is not None
    if d3d9 and depth_error(cg) is not None and _writes_depth(cg.code):
        raise depth_error(cg)
    written = written_output_components(cg.code)

    def whole(e) -> bool:
        return e.mask == 0xF and all((e.reg, c) in written for c in range(4))

    if cg.stage == "vs":
        pos = [e for e in cg.outputs if e.name.upper() == "SV_POSITION"]
        if not pos or not whole(pos[0]):
            name = "POSITION" if d3d9 else "SV_Position"
            raise HlslError("", 0, 0, 4541, f"vertex shader must minimally write all four components of {name}")
        return
    word = "COLOR" if d3d9 else "SV_Target"
    colors = sorted((e for e in cg.outputs if e.name.upper() == "SV_TARGET"), key=lambda e: e.index)
    if cg.d3d9 == "ps_3_0":
        # ps_3_0 drops a color output no instruction writes (fxc 10.1, session 42: an unassigned ``out float4 o :
        # COLOR2`` beside COLOR0 compiles; ps_2_x refuses it first, X3508, and level 9 too)
        colors = [e for e in colors if any((e.reg, c) in written for c in range(4))]
    for e in colors:
        if not whole(e):
            raise HlslError(at.file, at.line, at.col, 4529, f"{word}{e.index} must be a four-component vector",
                            end=getattr(at, "end", 0))
    if cg.d3d9_duplicate_color is not None:
        raise cg.d3d9_duplicate_color
    if not colors or colors[0].index != 0:
        raise HlslError("", 0, 0, 4530, f"pixel shader must minimally write all four components of {word}0")
    if [e.index for e in colors] != list(range(len(colors))):
        raise HlslError("", 0, 0, 4538, "COLOR outputs must be contiguous from COLOR0 to COLORn")


def _writes_depth(code) -> bool:
    """Whether an instruction writes oDepth a value the shader computed (a copy of a component nothing defines,
    an unassigned ``out float2 d : DEPTH``, writes nothing: fxc drops it)."""
    defined = None
    for ins in code:
        if not ins.args or ins.args[0].file != "oDepth":
            continue
        src = ins.args[1] if ins.op == "mov" and len(ins.args) == 2 else None
        if src is None or src.file != "r" or src.rel is not None:
            return True
        if defined is None:
            defined = defined_components(code)
        comps = src.comps if src.comps else (0,)
        if (src.idx[0], comps[0]) in defined:
            return True
    return False


def object_output_taken(cg, p, scope: dict, refused: HlslError) -> bool:
    """Whether the legacy targets take the entry point's object out parameter ``p`` (``out Texture2D t :
    TEXTURE``), which the shader-model-4+ targets refuse (``refused``: codegen's X3000 / X3503): d3dcompiler_47
    10.1 (session 46, D9) compiles it at vs_2_0 / vs_3_0 / ps_3_0, where it is no signature element; at ps_2_x and
    the level-9 pixel targets it is an output the body must write (X3508 "'main': output parameter 't' not
    completely initialized" with the other outputs' X3508 -- before its missing semantics' X3503); written, ps_2_x
    compiles it and level 9 fails (fxc's numberless internal error; ``refused`` here). The level-9 vertex targets
    keep ``refused``. Taken parameters are judged by :func:`object_output_error`."""
    from .objects import new_local
    from .types import ObjectType

    if refused.code not in (3000, 3503) or not (cg.d3d9 or cg.level9) or not isinstance(p.type, ObjectType):
        return False
    # ps_3_0's, with its semantics, as ps_2_x's: d3dcompiler_47 10.1 only warns (X3578) of an unwritten one there,
    # but the shared vkd3d test object-parameters.shader_test (checked on Windows) expects the ps_3_0 compile to
    # fail -- fitted to that expectation, a last resort (session 46 lead; 4 rows of the s46 table are strict xfails)
    ps2 = cg.stage == "ps" and (cg.d3d9 is None or cg.d3d9.startswith("ps_2") or refused.code == 3000)
    if cg.d3d9 and not ps2 and refused.code == 3000 or ps2:  # (no semantics at the others: X3503 stays)
        scope[p.name] = new_local(cg, p.type)  # a local the body may assign
        if ps2 and "inout" not in p.mods:  # (an inout one holds its input)
            cg.object_outs.append((p, scope, refused))
        elif ps2 and cg.d3d9 is None:
            cg.object_outs.append((p, None, refused))
        return True
    return False


def object_output_error(cg) -> HlslError | None:
    """The X3508 of an object out parameter :func:`object_output_taken` took and the body never wrote, or a
    written one's refusal at level 9, or None."""
    for p, scope, refused in cg.object_outs:
        v = scope.get(p.name) if scope is not None else None
        if scope is not None and (v is None or not v.obj[1]):  # (objects.new_local's binding table: empty)
            return cg.err(p.pos, f"'{cg.entry}': output parameter '{p.name}' not completely initialized", 3508)
        if cg.d3d9 is None:
            return refused
    return None
