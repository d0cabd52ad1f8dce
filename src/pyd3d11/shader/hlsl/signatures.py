"""Entry-point signatures: binding entry parameters and return values to input/output registers
(fxc's packing from :mod:`.sigpack`, system values, interpolation modes). A mixin of
:class:`.codegen.Codegen`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .compat import compat_semantic
from .diagnostics import HlslError, Pos
from .operands import Slot, imm
from .sigpack import ALIGN, ROW_VECTOR, add_decl, comp_mask, place_element
from .sigphase import EARLY, LATE, refuse
from .svtypes import compute_id_error, integer_interpolation, tess_factor_error
from .sysvalues import (
    SYSTEM_VALUES,
    VALUE_BASE,
    clip_cull_error,
    component_count_error,
    default_point,
    is_system_value_at,
    system_value_error,
)
from .types import (
    BOOL,
    DOUBLE,
    FLOAT,
    INT,
    MIN_PRECISION,
    UINT,
    VOID,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    concrete,
)
from .values import _CANON, _CS_SV, _PS_SPECIAL_OUT, _SV_NAMES, SigElem, Val, split_semantic

#: marker placed in the modifier set of an array's elements after the first (``T t[N] : SEM``)
ARRAY_ELEMENT = "$arrayelem"
#: marker of an element whose semantic was written with its index (``A0``; ``A`` is index 0 unwritten)
SPELLED_INDEX = "$spelledindex"
#: pixel-shader inputs read from a special register rather than a signature element
_PS_SPECIAL_IN = {"SV_COVERAGE": "vCoverage", "SV_INNERCOVERAGE": "vInnerCoverage"}
#: pixel-shader outputs fxc 10.1 calls system-interpreted (X4580 when no path writes them; session 37, recorded in
#: tests/test_rules_hlsl_fxc_sv_outputs_s37.py): not SV_Target, and not SV_DepthGreaterEqual / SV_DepthLessEqual
_X4580_PS_OUT = frozenset({"SV_DEPTH", "SV_COVERAGE", "SV_STENCILREF"})

if TYPE_CHECKING:
    pass


#: the pixel shader's one-component output system values (fxc's X4555 for a wider type)
_PS_SCALAR_OUTPUTS = frozenset({"SV_DEPTH", "SV_DEPTHGREATEREQUAL", "SV_DEPTHLESSEQUAL", "SV_COVERAGE",
                                "SV_STENCILREF"})



#: the modifiers that choose an input's interpolation
_INTERPOLATION = frozenset({"linear", "centroid", "noperspective", "sample", "nointerpolation"})


def _interpolation(lt: NumType, mods: frozenset) -> frozenset:
    """The interpolation modifiers an input element is declared with, as the same semantic's second declaration must
    repeat them (d3dcompiler_47 10.1, session 47: ``float2 a : TEXCOORD0`` beside ``centroid float2 b : TEXCOORD0``,
    ``linear`` or ``nointerpolation`` ones is X3536, both ``centroid`` compile; an integer is nointerpolation
    unwritten: ``int2`` beside ``nointerpolation int2`` compiles, ``centroid int2`` does not)."""
    written = frozenset(mods) & _INTERPOLATION
    return written or (frozenset({"nointerpolation"}) if concrete(lt.base) != FLOAT else written)


def _matrix_registers(t: Type, k: int, row_major) -> tuple[int, int] | None:
    """The shape of a matrix input that spans more than one register (arrays looked through) at the semantic of its
    ``k``-th element when that element starts a matrix, else None: the same semantic's declarations must agree on it
    (d3dcompiler_47 10.1, session 47: ``float2`` beside ``float2x2``, ``float2[2]`` beside ``float2x2``, ``float2x2``
    beside ``float2x3`` at TEXCOORD0 are X3536, so is ``float2x2 b : TEXCOORD1`` beside ``float2x2 a : TEXCOORD0``;
    ``float2`` beside ``float2x1`` or ``float2[2]`` compiles, and so does ``float2 b : TEXCOORD1`` beside that ``a``,
    the matrix's second register; a struct's members are not judged here). ``row_major``: the target's majority
    of a matrix type."""
    while isinstance(t, ArrayType):
        t = t.elem
    if not (isinstance(t, NumType) and not isinstance(t, StructType) and t.shape == "m" and min(t.rows, t.cols) > 1):
        return None
    return (t.rows, t.cols) if k % (t.rows if row_major(t) else t.cols) == 0 else None

class SignatureBinding:
    """Input/output signature construction for :class:`.codegen.Codegen` (self is the code generator)."""

    def write_entry_outputs(self, retval: Val | None, pos: Pos) -> None:
        ctx = self.func_ctx[0]
        if retval is not None:
            # the returned components, checked for X3578 once the whole body is generated (uninit.py)
            self.entry_returns.append((ctx["pos"], list(retval.slots), ctx.get("name", self.entry)))
            self.out_owner = "$return"
            self.entry_output_svs[len(self.entry_returns) - 1] = self.bind_output(ctx["ret"], ctx["sem"], retval, pos)
        for p, v in ctx["outs"]:
            from .constprop import canonical_return, known_value

            # a constant stored into an out parameter is written as fxc's optimiser carries it (``b = a; b.y = -0.0;``
            # and ``b = float4(-0.0, 1, 2, 3);`` write +0: d3dcompiler_47 10.1 under Wine, session 42 MRUN)
            v = canonical_return(self, known_value(self, v))
            # an out parameter's components: X3578 names the parameter, at its declaration (uninit.py)
            # fxc spans the name: OpenSubdiv issue 354 ``(1450,22-27): warning X3578: Output value 'output'``
            at = getattr(p, "name_span", None)
            if at is None:
                at = p.name_pos or p.pos
                if p.name_pos is not None:
                    at = Pos(at.file, at.line, at.col, at.col + len(p.name) - 1)
                p.name_span = at  # one position per parameter: its returns share one warning (cg.warn)
            self.entry_returns.append((at, list(v.slots), p.name))
            if isinstance(p.type, ArrayType):  # an out array is copied out whole: X4000 where incomplete (uninit.py)
                self.entry_array_outs[len(self.entry_returns) - 1] = pos
            self.out_owner = p.name
            self.entry_output_svs[len(self.entry_returns) - 1] = self.bind_output(p.type, p.semantic, v, p.pos)
        if getattr(self, "clip_planes", None):
            from .entryattrs import bind_clip_distances

            bind_clip_distances(self, pos)

    def elem_list(self, t: Type, sem: str | None, pos: Pos, name: str, role: str = "input",
                  top: str | None = None, func: str | None = None) -> list[tuple[NumType, str, int, frozenset]]:
        """Flatten a (struct) type into (leaf vector type, semantic name, index, mods) signature entries.
        ``role`` ('input', 'output' or 'return'), ``top`` (the parameter, when ``name`` is a member of it)
        and ``func`` (the function, by default the entry point) word a missing semantic as fxc does."""
        out: list = []
        top = top if top is not None else name
        more = {"role": role, "top": top, "func": func}
        if isinstance(t, StructType):
            # a semantic on the struct itself overrides its members' (nested structs included) and
            # numbers their registers consecutively from its index (fxc; DXC reproduces it: "all fields
            # inherit the semantic attached to the struct, with index increasing sequentially")
            outer = split_semantic(sem) if sem is not None else None
            for fname, ft, fsem, mods in t.fields:
                if outer is not None:
                    sub = self.elem_list(ft, f"{outer[0]}{outer[1] + len(out)}", pos, fname, **more)
                else:
                    sub = self.elem_list(ft, fsem, pos, fname, **more)
                if not out and sub:  # a struct's first element starts a register (fxc packing, sigpack)
                    sub[0] = (*sub[0][:3], sub[0][3] | {ALIGN})
                out += [(a, b, c, d | mods) for a, b, c, d in sub]
            return out
        if isinstance(t, ObjectType) and t.kind not in ("InputPatch", "OutputPatch"):
            return []  # object members of entry structs are uniform resources, not signature elements
        if isinstance(t, ObjectType) and role == "input" and top == name:  # a patch parameter (gs.patch_input_error)
            from .gs import patch_input_error

            err = patch_input_error(self, t.kind, func or self.entry, pos)
            if err is not None:
                raise err
        if sem is None and isinstance(t, ArrayType):
            inner = self.elem_list(t.elem, None, pos, name, **more)
            # arrays of structs: every element reuses the fields' semantics (fxc; inputs then alias)
            for _e in range(t.count):
                out += inner
            return out
        if sem is None:
            # fxc's wording names the function and the parameter, whichever member lacks the semantic
            # (X3502 "'f': input parameter 'inputs' missing semantics", X3503 "'main': function return
            # value missing semantics"; an output parameter's is X3503 too, "'main': output parameter 'o' missing
            # semantics": d3dcompiler_47 10.1, session 44)
            fn = func or self.entry
            if role == "return":
                raise self.err(pos, f"'{fn}': function return value missing semantics", 3503)
            raise self.err(pos, f"'{fn}': {role} parameter '{top}' missing semantics", 3503 if role == "output" else 3502)
        base, idx = split_semantic(sem)
        # signature elements store the index as a UINT (D3D11_SIGNATURE_PARAMETER_DESC.SemanticIndex)
        last = idx + (t.count if isinstance(t, ArrayType) else 1) - 1
        if last > 0xFFFFFFFF:
            raise self.err(pos, f"'{name}': semantic index of '{sem}' is out of range (a UINT)", 4502)
        if isinstance(t, ArrayType):
            inner = self.elem_list(t.elem, f"{base}", pos, name)
            for e in range(t.count):  # each element takes as many indexes as it has registers
                later = {ARRAY_ELEMENT} if e else set()  # compute IDs judge an array's later indices apart
                out += [(lt, b, idx + e * len(inner) + k, (m | {ALIGN} if k == 0 else m) | later)
                        for k, (lt, b, _i, m) in enumerate(inner)]
            return out
        if isinstance(t, NumType):
            if t.shape == "m":
                if not self.is_row_major(t):
                    return [(NumType(t.base, 1, t.rows, "v"), base, idx + c, frozenset({ALIGN})) for c in range(t.cols)]
                return [(NumType(t.base, 1, t.cols, "v"), base, idx + r, frozenset({ALIGN, ROW_VECTOR}))
                        for r in range(t.rows)]
            return [(t, base, idx, frozenset({SPELLED_INDEX}) if sem[-1:].isdigit() else frozenset())]
        raise self.err(pos, f"'{name}': invalid type for a semantic", 3502)

    def _type_before_place(self, bad: str, direction: str, up: str, base: str, lt: NumType, place_ok: bool,
                           pos: Pos) -> str | None:
        """``bad`` (the X4502 the element's place or count draws), or None where fxc judges the declared type
        first (svtypes.type_before_place): its X4555 is recorded with the element types (EARLY, before any
        element's X4502), its X4576 after the semantics' X4502 (the element's own count is then not judged)."""
        from .svtypes import type_before_place, type_before_place_text

        declared = str(concrete(lt.base))
        code = type_before_place(self.stage, direction, up, declared, lt.n, place_ok)
        if code is None:
            return bad
        word, side = ("input", "Input") if direction == "in" else ("output", "Output")
        sig = self.inputs if direction == "in" else self.outputs
        err = self.err(pos, type_before_place_text(code, up, base, declared, word, len(sig), side), code)
        if code == 4555:
            refuse(self, err, EARLY)
        elif self.deferred_late_error is None:
            # X4576 judges the built signature: after every element's X4502 of its place (``uint2 v : SV_VertexID,
            # uint c : SV_DispatchThreadID`` is X4502, session 49), with the late refusals (compiler.py)
            self.deferred_late_error = err
        return None

    def bind_input(self, t: Type, sem: str | None, mods: frozenset, pos: Pos, name: str) -> Val:
        slots: list[Slot] = []
        for k, (lt, base, idx, fmods) in enumerate(self.elem_list(t, sem, pos, name)):
            spelled = base
            base = compat_semantic(self, base, False, idx)
            up = base.upper()
            point = default_point(self.stage, "in")
            if self.stage == "cs" and up in _CS_SV:
                # the thread IDs' types and indices, before the component count (fxc 10.1's order; svtypes)
                why = compute_id_error(base, idx, concrete(lt.base), lt.n, ARRAY_ELEMENT in fmods)
                if why is not None:
                    raise self.err(pos, why[1], why[0])
            if self.level9 is not None and not self.d3d9:
                # (the Direct3D 9 targets, which compile through a level-9 program here, keep X4502; a double
                # element is X3687 before X4555 / X4583, after X4016)
                nine = level9_input_error(self.stage, up, spelled, self.level9)
                if nine is not None and (nine[0] == 4016 or concrete(lt.base) != DOUBLE):
                    # judged with the element types, after the type rules (sigphase.py): the binding goes on
                    err = self.err(pos, nine[1], nine[0])
                    err.after_4016 = nine[0] != 4016  # (sigphase.refuse: after any element's X4016 / X3687)
                    refuse(self, err, EARLY)
            place = system_value_error(self.stage, self.major, self.minor, "in", base, idx)
            bad = place or component_count_error(base, lt.n, f"{self.stage}_{self.major}_{self.minor}", "in", point)
            if bad is not None and self.level9 is None and self.d3d9 is None:
                bad = self._type_before_place(bad, "in", up, base, lt, place is None, pos)
            if bad is not None and self.stage == "ps" and up in _PS_SPECIAL_IN and self.major == 4 and \
                    self.level9 is None and "needs ps_5_0" in bad:
                # d3dcompiler_47 10.1 (session 37): below 5.0 a coverage input is refused only where the finished
                # program reads it (iodecls.check_read_inputs); an unread one compiles and is not declared
                self.late_input_errors.append((_PS_SPECIAL_IN[up], 0, self.err(
                    pos, f"{_CANON.get(up, base)} input not supported on ps_{self.major}_{self.minor}", 4502)))
                bad = None
            if bad is not None and self.d3d9 is not None and not (self.stage == "ps" and up in _PS_SPECIAL_IN):
                # a Direct3D 9 target judges an input by its own usages where the program reads it (below:
                # sm2/d3d9.input_semantic_error); ``float4 e : SV_Target`` unread compiles at vs_2_0 (session 43)
                bad = None
            if bad is not None:  # the semantics are judged after the optimiser's refusals (sigphase.py)
                refuse(self, self.err(pos, bad, 4502), LATE)
            try:
                no_double_element(lt, pos)
            except HlslError as exc:
                # (a double register is no input here: the body reads stand-in registers until the refusal is raised)
                refuse(self, exc, EARLY)
                slots += self.alloc_slots(lt.slots, var=True)
                continue
            n = lt.n
            allm = mods | fmods
            if self.stage == "cs":
                special = _CS_SV.get(up)
                if special is None:
                    raise self.err(pos, f"invalid compute shader input semantic '{base}'", 4502)
                if special not in self.special_inputs:
                    self.special_inputs[special] = 1
                    comps = "" if special == "vThreadIDInGroupFlattened" else ".xyz"
                    self.in_decls.append(f"dcl_input {special}{comps}")
                slots += self.sv_value([(special, (), None, c) for c in range(n)], up, lt)
                continue
            if self.stage == "ps" and up in _PS_SPECIAL_IN:
                # registers of their own, not signature elements: vCoverage; vInnerCoverage (fxc's DXC dxbc2dxil
                # input2 object: no SV_InnerCoverage element, ``dcl_input vInnerCoverage``, "PS Inner Coverage")
                reg = _PS_SPECIAL_IN[up]
                other = "vCoverage" if reg == "vInnerCoverage" else "vInnerCoverage"
                if f"dcl_input {other}" in self.in_decls:
                    # MicrosoftDocs direct3dhlsl sv-innercoverage: "This input is mutually exclusive with
                    # SV_Coverage - both cannot be used" (fxc's wording not recorded: inferred)
                    raise self.err(pos, f"invalid {self.stage}_{self.major}_{self.minor} input semantic '{base}':"
                                   " SV_InnerCoverage and SV_Coverage cannot both be inputs", 4502)
                if f"dcl_input {reg}" not in self.in_decls:
                    self.in_decls.append(f"dcl_input {reg}")
                slots += self.sv_value([(reg, (), None, 0)], up, lt)
                continue
            if self.stage == "ps" and self.level9 is None and self.d3d9 is None:
                # d3dcompiler_47 10.1 (session 37, tests/test_rules_hlsl_fxc_io_decls_s37.py): the values the
                # rasterizer generates (SV_IsFrontFace, SV_SampleIndex) end the pixel shader's input signature; any
                # other element declared after one -- read or not, SV_PrimitiveID included -- is X4576 (the words'
                # empty parentheses are fxc's)
                if up in ("SV_ISFRONTFACE", "SV_SAMPLEINDEX"):
                    self.ps_generated_input = True
                elif self.ps_generated_input:
                    raise self.err(pos, "Non system-generated input signature parameter () cannot appear after a "
                                        "system generated value.", 4576)
            if self.stage == "ps" and self.level9 is not None and self.d3d9 is None and not up.startswith("SV_") and \
                    (concrete(lt.base) in (INT, UINT, BOOL) or "nointerpolation" in allm):
                # d3dcompiler_47 10.1 under Wine (session 38): a level-9 pixel shader takes no integer input element
                # (int, uint, bool, min16int; read or not, any semantic) nor a nointerpolation one, float included;
                # vertex shader inputs may be integers, and the Direct3D 9 targets read such an input as the float
                # it carries.
                # fxc reports it late: after the type rules, the legacy targets' X3548 / X3543, X3508 and X3511,
                # before a derivative's X4532 (``ddx_fine``), so it waits in the late slot (compiler.py)
                if self.deferred_late_error is None:
                    self.deferred_late_error = self.err(pos, f"integer inputs unsupported on {self.level9}", 4568)
            prev = next((e for e in self.inputs if e.name.upper() == _CANON.get(up, base).upper() and e.index == idx),
                        None)
            if prev is not None:
                # the same semantic twice: allowed only with the same layout (then both read one register)
                # a row_major matrix's row vector does not share a plain vector's layout (fxc)
                first = (prev.mask & -prev.mask).bit_length() - 1
                if self.input_types.get((up, idx)) != (n, concrete(lt.base) == FLOAT, ROW_VECTOR in fmods,
                                                       sig_min_precision(lt), _interpolation(lt, allm),
                                                       _matrix_registers(t, k, self.is_row_major)):
                    if self.d3d9 is None:
                        # d3dcompiler_47 10.1's number and words (session 35; X4502 before), with the element types
                        # after the type rules (sigphase.py); the element is then read as at D3D9 below
                        refuse(self, self.err(pos, "Duplicated input semantics can't change type, size, or layout "
                                                   f"('{base}{idx}').", 3536), EARLY)
                    # the Direct3D 9 targets take any type and size (d3dcompiler_47 10.1 under Wine, session 38;
                    # level 9 and 4.0+ keep X3536; vkd3d entry-point-semantics.shader_test: "SM1 is permissive"):
                    # every parameter reads the one register, which is declared as wide as the widest of them; its
                    # value is taken raw by each (fxc's `mov r0.z, t0.y` for an int3 beside a float2): an integer
                    # element makes the register an integer one, which the translation reads raw as float too
                    prev.mask |= comp_mask(first, min(n, 4 - first))
                    if concrete(lt.base) != FLOAT and prev.ctype == 3:
                        prev.ctype = 2
                vslots = [("v", (prev.reg,), None, first + c) for c in range(n)]
                if concrete(lt.base) == BOOL:
                    vslots = self.alu("ine", INT, n, [vslots, [imm(0)] * n])
                slots += vslots
                continue
            # (a min-precision float is another type: ``min16float2`` beside ``float2`` is X3536, session 38)
            # (and so are the interpolation modifiers and a matrix's shape: session 47, below)
            self.input_types[(up, idx)] = (n, concrete(lt.base) == FLOAT, ROW_VECTOR in fmods, sig_min_precision(lt),
                                           _interpolation(lt, allm),
                                           _matrix_registers(t, k, self.is_row_major))
            sv = _SV_NAMES.get(up) if is_system_value_at(up, point) else None
            # a value the pipeline makes (or an earlier stage's system-value output): of the system value's type;
            # a vertex shader's other inputs come from the input layout in the declared type (D3D11.3 §23.1/23.3:
            # only VertexID and InstanceID are generated there; vkd3d's bool-semantics.shader_test feeds an
            # r32g32-sint element to `int4 pos : sv_position`)
            generated = sv is not None and up in VALUE_BASE and (self.stage != "vs" or
                                                                 up in ("SV_VERTEXID", "SV_INSTANCEID"))
            mode = self.interp_mode(lt, allm)
            if self.stage == "ps" and sv and up == "SV_POSITION":
                mode = "linear noperspective" + (" sample" if "sample" in allm else
                                                 " centroid" if "centroid" in allm else "")
            if self.stage == "ps" and (mode.endswith(" sample") or "sample" in allm):
                # linear_sample is a 4.1 mode (featuregates); fxc refuses the modifier on an integer input too
                from .featuregates import LANGUAGE, check_gate

                check_gate(self, LANGUAGE["sample"], pos, "sample", "Sample interpolation usage unsupported on {target}")
            reg, first = place_element(self, self.inputs, n, up, mode, allm, pack=self.stage != "vs")
            if self.stage == "ps" and sv and up == "SV_POSITION" and "nointerpolation" in allm and \
                    self.level9 is None and self.d3d9 is None:
                # d3dcompiler_47 10.1 (session 47): a nointerpolation position is refused where the program reads it,
                # at 4.0-5.1 (unread it compiles; centroid / linear / noperspective compile)
                self.late_input_errors.append(("v", reg, self.err(pos, "SV_Position cannot be constinterp", 4568)))
            if self.stage == "ps" and sv and up in ("SV_CLIPDISTANCE", "SV_CULLDISTANCE") and \
                    concrete(lt.base) == FLOAT and (mode == "constant" or "noperspective" in mode):
                # the bytecode validator fxc runs on its own output (d3dcompiler_47 10.1 under Wine, session 36:
                # nointerpolation / noperspective at ps_4_0, 4_1, 5_0; linear, centroid and sample compile; a
                # non-float one is the type rule's X4502 first), so only where the program reads it (session 47: an
                # unread one compiles) and after the other refusals of read inputs (iodecls.check_read_inputs)
                self.late_input_errors.append(("v", reg, HlslError(
                    "", 1, 1, 8000, "D3D11 Internal Compiler Error: Invalid Bytecode: Interpolation mode for PS clip "
                    f"or cull distance must be linear or linear centroid, or in 4.1, linear_sample  (register v{reg}).")))
            mask = comp_mask(first, n)
            ctype = {FLOAT: 3, INT: 2, UINT: 1, BOOL: 1}.get(concrete(lt.base), 3)
            if sv is not None and up == "SV_ISFRONTFACE":
                ctype = 1
            elif generated:  # the register holds the system value's own type
                ctype = 3 if VALUE_BASE[up] == FLOAT else 1
            disp = base  # the source's spelling: fxc writes `SV_POSITION` as spelled (slimshader corpus objects)
            self.inputs.append(SigElem(disp, idx, sv[0] if sv else 0, ctype, reg, mask,
                                       min_precision=sig_min_precision(lt), declared=concrete(lt.base),
                                       bad_interp=integer_interpolation(lt, allm)))
            if up in _CLIP_CULL:  # (only these change the verdict: checked as each one joins, not per element --
                check_clip_cull(self, self.inputs, "in", pos)  # a 4,097-element input array took seconds)
            m = "xyzw"[first:first + n]
            if self.stage == "ps":
                if sv and up in ("SV_ISFRONTFACE", "SV_PRIMITIVEID", "SV_SAMPLEINDEX"):
                    add_decl(self.in_decls, f"dcl_input_ps_sgv constant v{reg}.{m}, {sv[1]}")
                elif sv and up in ("SV_RENDERTARGETARRAYINDEX", "SV_VIEWPORTARRAYINDEX"):
                    # an earlier stage's output, not generated: fxc 10.1 declares it _siv (session 37, recorded)
                    add_decl(self.in_decls, f"dcl_input_ps_siv constant v{reg}.{m}, {sv[1]}")
                elif sv and up in ("SV_POSITION", "SV_CLIPDISTANCE", "SV_CULLDISTANCE"):
                    # fxc 10.1 (session 37): a clip / cull distance read by a pixel shader is declared with its name
                    add_decl(self.in_decls, f"dcl_input_ps_siv {mode} v{reg}.{m}, {sv[1]}")
                else:
                    add_decl(self.in_decls, f"dcl_input_ps {mode} v{reg}.{m}")
            elif sv and self.stage == "vs":
                add_decl(self.in_decls, f"dcl_input_sgv v{reg}.{m}, {sv[1]}")
            else:
                add_decl(self.in_decls, f"dcl_input v{reg}.{m}")
            vslots = [("v", (reg,), None, first + c) for c in range(n)]
            if self.d3d9 is not None and spelled.upper() == "SV_ISFRONTFACE":
                # d3dcompiler_47 10.1 (session 37): a Direct3D 9 pixel shader's face is VFACE; SV_IsFrontFace spelled
                # there is X4502 where the program reads it (unread, it compiles; iodecls.check_read_inputs)
                self.late_input_errors.append(("v", reg, self.err(pos, f"invalid {self.d3d9} input semantic "
                                                                       f"'{spelled}'", 4502)))
            elif self.d3d9 is not None:
                # an input the Direct3D 9 target has no register for, refused where the program reads it (the
                # translation's rules), with the signature: before a depth's X4528 or a Load's X4532 (session 43)
                from ..sm2.d3d9 import input_semantic_error

                bad9 = input_semantic_error(self.d3d9, disp, idx, sv[0] if sv else 0)
                if bad9 is not None:
                    self.late_input_errors.append(("v", reg, self.err(pos, bad9[1], bad9[0])))
            if generated:
                vslots = self.sv_value(vslots, up, lt)
            elif concrete(lt.base) == BOOL:  # bool inputs arrive as 0/1 integers (or ~0 for IsFrontFace)
                vslots = self.alu("ine", INT, n, [vslots, [imm(0)] * n])
            slots += vslots
        order = self.sig_order(t)
        if len(order) == len(slots):
            value = [None] * len(slots)
            for sig_i, val_i in enumerate(order):
                value[val_i] = slots[sig_i]
            slots = value
        return Val(t, slots)

    def sv_value(self, slots: list[Slot], up: str, lt: NumType, out: bool = False) -> list[Slot]:
        """A system value's register (the type VALUE_BASE gives it) read as, or written from, the declared type:
        an implicit conversion of the value (``float id : SV_VertexID`` is utof of the index, ``uint2 p :
        SV_Position`` ftou of the position). Declared as the register's type: the slots themselves."""
        reg_base = VALUE_BASE[up]
        decl = concrete(lt.base)
        if decl == reg_base or decl == INT and reg_base == UINT:  # int and uint share the bits
            return slots
        if decl == DOUBLE:  # a double's two words per component: left to the signature's own double rules
            return slots
        n = len(slots)
        if out:
            return self.convert_base(Val(NumType(decl, 1, n, "v"), slots), reg_base).slots
        return self.convert_base(Val(NumType(reg_base, 1, n, "v"), slots), decl).slots

    @staticmethod
    def interp_mode(t: NumType, mods: frozenset) -> str:
        if concrete(t.base) != FLOAT or "nointerpolation" in mods:
            return "constant"
        mode = "linear"
        if "noperspective" in mods:
            mode += " noperspective"
        if "sample" in mods:
            mode += " sample"
        elif "centroid" in mods:
            mode += " centroid"
        return mode

    def sig_order(self, t: Type) -> list[int]:
        """Value-slot index of each signature component, in :meth:`elem_list` order (column-major
        matrices occupy one register per column)."""
        if isinstance(t, StructType):
            out: list[int] = []
            off = 0
            for f in t.fields:
                out += [off + i for i in self.sig_order(f[1])]
                off += f[1].slots
            return out
        if isinstance(t, ArrayType):
            inner = self.sig_order(t.elem)
            return [e * t.elem.slots + i for e in range(t.count) for i in inner]
        if isinstance(t, NumType) and t.shape == "m" and not self.is_row_major(t):
            return [r * t.cols + c for c in range(t.cols) for r in range(t.rows)]
        return list(range(t.slots))

    def bind_output(self, t: Type, sem: str | None, v: Val, pos: Pos) -> list[str | None]:
        """Bind value ``v`` of type ``t`` to output elements. Returns, for each of ``v``'s slots, the spelling of
        the system-interpreted element it writes (None: an ordinary attribute or SV_Target), for X4580."""
        if t is VOID:
            return []
        order = self.sig_order(t)
        svs: list[str | None] = [None] * len(v.slots)
        if len(order) == len(v.slots):
            v = Val(v.type, [v.slots[i] for i in order])
        else:
            order = list(range(len(v.slots)))
        k = 0
        ret = self.out_owner == "$return"
        seen: dict = {}  # (stream, semantic, index) -> elements of it so far in this value (a GS vertex)
        for lt, base, idx, _m in self.elem_list(t, sem, pos, "return value" if ret else str(self.out_owner),
                                                "return" if ret else "output"):
            if (self.d3d9 or self.level9) and concrete(lt.base) == DOUBLE:
                # below 4.0 fxc refuses the double written here (X3684 at the return of ``1.0L``) before the
                # signature's X3687 (compiler.py raises the deferred refusal; session 41, D9)
                from .doubles import check_profile

                check_profile(self, pos)
                no_double_element(lt, pos)  # (compiler.py: a legacy refusal first, else the double written)
            try:
                no_double_element(lt, pos)
            except HlslError as exc:  # (sigphase.judge_entry_types judged the entry's outputs before the body)
                refuse(self, exc, EARLY)
                k += lt.n
                continue
            if self.tess.in_pcf:  # the tessellation factors are floats (svtypes.tess_factor_error)
                tf = tess_factor_error(base, concrete(lt.base), "output")
                if tf is not None:
                    raise self.err(pos, tf[1], tf[0])
            spelled = base
            base = compat_semantic(self, base, True, idx)
            up = base.upper()
            if up == "SV_INSTANCEID" and self.level9 is not None and not self.d3d9:
                # an output too, of a vertex or a pixel shader (d3dcompiler_47 10.1, session 45; was X4502 / compiled)
                refuse(self, self.err(pos, f"{spelled} semantic cannot be used with 10Level9 targets", 4016), EARLY)
                k += lt.n
                continue
            point = default_point(self.stage, "out", self.tess.in_pcf)
            bad = system_value_error(self.stage, self.major, self.minor, "out", base, idx, point)
            place_ok = bad is None
            if bad is not None and idx and self.stage == "ps" and up in _PS_SPECIAL_OUT and \
                    _PS_SPECIAL_OUT[up].startswith("oDepth") and ("$depth", 0) in self.output_owner:
                bad = None  # a second depth output: X3677 before its index's X4502 (fxc 10.1; coverage: X4502 first)
            if self.d3d9 is not None and self.stage == "vs":
                from .d3d9outputs import vs_output_error

                vbad = vs_output_error(self.d3d9, spelled, idx, lt.n)
                if vbad is not None:  # judged after the optimiser's refusals (sigphase.py): the binding goes on
                    refuse(self, self.err(pos, vbad[1], vbad[0]), LATE)
            if self.d3d9 is not None and self.stage == "ps" and up == "SV_DEPTH" and bad is None:
                from .d3d9outputs import depth_output_error

                # (raises X4502 for a DEPTH index above 0; a vector's X4528 waits for the finished code)
                try:
                    depth_output_error(self, spelled, idx, SPELLED_INDEX in _m, lt.n, pos)
                except HlslError as exc:
                    refuse(self, exc, LATE)
                    k += lt.n
                    continue
            if self.stage == "ps" and not self.d3d9 and up in _PS_SCALAR_OUTPUTS and lt.n > 1 and \
                    (bad is None or up == "SV_COVERAGE"):
                # d3dcompiler_47 10.1 (session 41): X4555 "invalid type used for 'SV_Depth' output semantics" (a
                # return value, an out parameter, a struct member of more than one component; ps_4_0's coverage
                # too, before its X4503); X4502 was inferred. (The D3D9 targets' DEPTH is another rule, X4528.)
                # (an output the model lacks is X4502 first: SV_StencilRef at ps_4_0; but ps_4_0's coverage)
                # An element type at 4.0+ (sigphase.judge_entry_types judged it before the body), a level-9
                # pixel shader's with the semantics (after X3548 / X3684 / X3508 / X3511: session 43)
                refuse(self, self.err(pos, f"invalid type used for '{base}' output semantics", 4555),
                       LATE if self.level9 else EARLY)
                k += lt.n
                continue
            if self.d3d9 is None or self.stage != "ps" or up != "SV_DEPTH":
                bad = bad or component_count_error(base, lt.n, f"{self.stage}_{self.major}_{self.minor}", "out", point)
            if bad is not None and self.level9 is None and self.d3d9 is None:
                bad = self._type_before_place(bad, "out", up, base, lt, place_ok, pos)
                if bad is None:
                    k += lt.n
                    continue
            if bad is not None and self.stage == "ps" and up == "SV_COVERAGE" and self.major == 4 and \
                    self.minor == 0 and self.level9 is None:
                # fxc 10.1 (session 37): ps_4_0's coverage output is a later phase's X4503 "SV_Coverage not supported
                # on ps_4_0" -- after X4580, which an oMask no path writes draws first (uninit.py raises it)
                self.late_output_error = self.late_output_error or \
                    self.err(pos, f"SV_Coverage not supported on ps_{self.major}_{self.minor}", 4503)
                bad = None
            if bad is not None:  # judged after the optimiser's refusals (sigphase.py): the binding goes on
                refuse(self, self.err(pos, bad, 4502), LATE)
                if self.stage == "ps":
                    k += lt.n
                    continue
            n = lt.n
            vals = v.slots[k:k + n]
            k += n
            if self.d3d9 and concrete(lt.base) == BOOL:
                # a Direct3D 9 output register holds floats: fxc writes a bool as 0.0 / 1.0 (its ps_2_0 listing of
                # ``bool4 main() : COLOR { return u > 0.5; }`` is ``cmp r0, r0, c1.y, c1.z``; session 37)
                vals = self.convert_base(Val(lt, list(vals)), FLOAT).slots
            if up == "SV_POSITION" and getattr(self, "clip_planes", None) and self.out_owner != "$clipplanes":
                self.clip_pos = list(vals) if n == 4 else None  # [clipplanes] tests this position
            if up in _X4580_PS_OUT if self.stage == "ps" else \
                    up in _SV_NAMES and up != "SV_TARGET" and is_system_value_at(up, point) or \
                    self.tess.in_pcf and up in ("SV_TESSFACTOR", "SV_INSIDETESSFACTOR"):
                for j in order[k - n:k]:  # system-interpreted: written on no path is X4580 (uninit.py), as spelled
                    svs[j] = f"{base}{idx}" if SPELLED_INDEX in _m else base
            if up in VALUE_BASE and (self.stage == "ps" and up in _PS_SPECIAL_OUT or is_system_value_at(up, point)):
                vals = self.sv_value(vals, up, lt, out=True)  # the register takes the system value's type
            if self.stage == "ps" and up in _PS_SPECIAL_OUT:
                reg_name = _PS_SPECIAL_OUT[up]
                # one writer each (fxc 10.1, session 36): a second depth output of any kind or index is X3677, a
                # second coverage or stencil output X4574
                depth = reg_name.startswith("oDepth")
                first_writer = self.output_owner.setdefault(("$depth", 0) if depth else (up, 0), (self.out_owner, k))
                if first_writer != (self.out_owner, k):
                    # the semantics' phase (sigphase.py): recorded, the element left unbound
                    if depth and self.d3d9 is not None:
                        from .d3d9outputs import depth_error, duplicate_output_error

                        # a DEPTH vector beside another DEPTH: X4528 (d3d9outputs); two DEPTH0 elements X4504
                        refuse(self, depth_error(self) or duplicate_output_error(self, up, 0, pos), LATE)
                    elif depth:
                        refuse(self, self.err(pos, f"'{self.entry}': ps_{self.major}_{self.minor} only allows one "
                                                   "depth output", 3677), LATE)
                    else:
                        refuse(self, self.err(pos, _duplicate_sv_message("output", base, base, 0), 4574), LATE)
                    continue
                decl = {"oDepth": "dcl_output oDepth", "oMask": "dcl_output oMask", "oDepthGE": "dcl_output oDepthGE",
                        "oDepthLE": "dcl_output oDepthLE", "oStencilRef": "dcl_output oStencilRef"}[reg_name]
                if decl not in self.out_decls:
                    self.out_decls.append(decl)
                    self.outputs.append(SigElem(base, idx, 0, 1 if up in ("SV_COVERAGE",
                                                "SV_STENCILREF") else 3, 0xFFFFFFFF, 1, declared=concrete(lt.base)))
                self.store([(reg_name, (), None, 0)], vals[:1])
                continue
            if self.stage == "ps":
                if up != "SV_TARGET":
                    # fxc 10.1's number and words for any other pixel-shader output (SV_Position, SV_Foo, a plain
                    # name; session 35, test_rules_hlsl_fxc_verdicts_acc): X4502, as for every other stage
                    refuse(self, self.err(pos, f"invalid ps_{self.major}_{self.minor} output semantic '{base}'",
                                          4502), LATE)
                    continue
                reg, first = idx, 0
                existing = [e for e in self.outputs if e.reg == reg and e.name.upper() == up]
                if self.output_owner.setdefault((up, idx), (self.out_owner, k)) != (self.out_owner, k):
                    if self.d3d9 is not None:
                        from .d3d9outputs import defer_duplicate_color

                        defer_duplicate_color(self, up, idx, pos)  # COLOR1 twice: X4504 after X4529 (session 42)
                    else:
                        refuse(self, self.err(pos, _duplicate_sv_message("output", existing[0].name if existing
                                                                         else base, base, idx), 4574), LATE)
                        continue
            else:
                # A GS stream's elements are its own: looked up and packed within that stream only.
                sig = self.gs.stream_sigs.setdefault(self.gs.out_stream, []) if self.stage == "gs" else self.outputs
                existing = [e for e in sig if e.name.upper() == up and e.index == idx]
                if self.stage == "gs":
                    # every Append binds the whole vertex again: an element is told apart by its place among the
                    # vertex's elements of that semantic, not by the value that writes it
                    key = (self.gs.out_stream, up, idx)
                    owner = ("$vertex", seen.get(key, 0))
                    seen[key] = owner[1] + 1
                else:
                    key, owner = (up, idx), (self.out_owner, k)
                interp = self.interp_mode(lt, _m)
                if self.output_owner.setdefault(key, owner) != owner and existing:
                    if self.d3d9 is not None:  # never merged below 4.0 (d3d9outputs, session 42)
                        from .d3d9outputs import duplicate_output_error

                        refuse(self, duplicate_output_error(self, up, idx, pos), LATE)
                        continue
                    try:
                        reg, first = self._merge_output(sig, existing[0], key, owner, lt, interp, _m, base, idx, pos)
                    except HlslError as exc:
                        if exc.code == 4503 and not self.level9:
                            # 4.0+: after X4580 (d3dcompiler_47 10.1, session 43: ``out float4 e : TEXCOORD0, out
                            # float4 f : TEXCOORD0`` beside an unwritten position is X4580), like ps_4_0's coverage
                            self.late_output_error = self.late_output_error or exc
                        else:
                            refuse(self, exc, LATE)
                        continue
                    existing = [existing[0]]
                elif existing:
                    reg, first = existing[0].reg, (existing[0].mask & -existing[0].mask).bit_length() - 1
                else:
                    reg, first = place_element(self, sig, n, up, interp, _m)
                    self.output_merges[key] = {"interp": interp, "spelled": (base, SPELLED_INDEX in _m)}
            if not existing:
                sv = _SV_NAMES.get(up) if is_system_value_at(up, point) else None
                if self.tess.in_pcf and up in ("SV_TESSFACTOR", "SV_INSIDETESSFACTOR"):
                    from .hs import tess_sv

                    sv = tess_sv(self, up, idx, pos)
                ctype = {FLOAT: 3, INT: 2, UINT: 1, BOOL: 1}.get(concrete(lt.base), 3)
                if sv is not None and up in VALUE_BASE:
                    ctype = 3 if VALUE_BASE[up] == FLOAT else 1
                elem = SigElem(base, idx, sv[0] if sv else 0, ctype, reg, comp_mask(first, n),
                               min_precision=sig_min_precision(lt), declared=concrete(lt.base))
                self.outputs.append(elem)
                m = "xyzw"[first:first + n]
                decl = f"dcl_output_siv o{reg}.{m}, {sv[1]}" if sv and self.stage != "ps" else f"dcl_output o{reg}.{m}"
                add_decl(self.out_decls, decl)
                if self.stage == "gs":
                    elem.stream = self.gs.out_stream
                    sig.append(elem)
                    add_decl(self.gs.stream_decls.setdefault(self.gs.out_stream, []), decl)
                if up in _CLIP_CULL:
                    check_clip_cull(self, sig if self.stage == "gs" else self.outputs, "out", pos)
            self.store([("o", (reg,), None, first + c) for c in range(n)], vals)
        return svs

    def _merge_output(self, sig: list, prev: SigElem, key: tuple, owner: tuple, lt: NumType, interp: str,
                      mods: frozenset, base: str, idx: int, pos: Pos) -> tuple[int, int]:
        """Where a second output element of one semantic and index goes (d3dcompiler_47 10.1, recorded under Wine
        in session 36, tests/test_rules_hlsl_fxc_dup_outputs_s36.py): a system value written twice is X4574
        "Duplicate system value semantic definition"; any other semantic draws warning X4711 and is packed as a
        new element would be -- where that lands in the components right after the first's, both float or both
        integer, with the same interpolation and spelling, the two are one signature element (``float a : A; float b : A`` is ``A0 xy``), else X4503
        "output A0 used more than once" (``float4`` twice, float with uint, an array of structs whose elements
        each start a register). A geometry shader's stream elements are worded "input" (an inout parameter)."""
        merges = self.output_merges.setdefault(key, {})
        if owner in merges:
            return merges[owner]
        word = "input" if self.stage == "gs" else "output"
        up = base.upper()
        point = default_point(self.stage, "out", self.tess.in_pcf)
        if up in SYSTEM_VALUES and is_system_value_at(up, point):
            if self.stage == "gs" and up == "SV_PRIMITIVEID":
                # a geometry shader's stream with a second primitive ID: fxc 10.1's type rule answers first (session
                # 37; the session-36 table's X4555 rows, tests/test_rules_hlsl_fxc_dup_outputs_s36.py)
                raise self.err(pos, f"invalid type used for '{base}' input semantics", 4555)
            # (SV_InstanceID written by a vertex or geometry shader is an ordinary attribute there: merged)
            raise self.err(pos, _duplicate_sv_message(word, prev.name, base, idx), 4574)
        self.warn(pos, 4711, f"Duplicate non-system value semantic definition: {word} semantic '{prev.name}' and "
                             f"{word} semantic '{base}'")
        n = lt.n
        reg, first = place_element(self, sig, n, up, interp, mods)
        # float against integer (int, uint and bool merge with each other: fxc 10.1 compiles ``int a : A;
        # uint b : A``; float with int or uint is X4503)
        if reg != prev.reg or first != prev.mask.bit_length() or (concrete(lt.base) == FLOAT) != (prev.ctype == 3) or \
                interp != merges.get("interp") or (base, SPELLED_INDEX in mods) != merges.get("spelled"):
            # merged only into the components right after the first element's, and only where the semantic is
            # spelled the same (``A`` and ``a``, ``A`` and ``A0`` are X4503 in fxc 10.1)
            raise self.err(pos, f"output {base}{idx} used more than once", 4503)
        old = "xyzw"[(prev.mask & -prev.mask).bit_length() - 1:prev.mask.bit_length()]
        prev.mask |= comp_mask(first, n)
        new = "xyzw"[(prev.mask & -prev.mask).bit_length() - 1:prev.mask.bit_length()]
        lists = [self.out_decls] + ([self.gs.stream_decls.get(self.gs.out_stream, [])] if self.stage == "gs" else [])
        for decls in lists:
            for i, d in enumerate(decls):
                if d == f"dcl_output o{reg}.{old}":
                    decls[i] = f"dcl_output o{reg}.{new}"
        merges[owner] = (reg, first)
        return reg, first

    # --- scopes & variables ---------------------------------------------------------------------------


def _duplicate_sv_message(word: str, first: str, base: str, idx: int) -> str:
    """fxc 10.1's X4574 words (the semantics as spelled; the index written only where it is not 0 here)."""
    return (f"Duplicate system value semantic definition: {word} semantic '{first}{idx or ''}' and {word} "
            f"semantic '{base}{idx or ''}'")


_CLIP_CULL = frozenset({"SV_CLIPDISTANCE", "SV_CULLDISTANCE"})


def check_clip_cull(cg, sig: list, direction: str, pos: Pos) -> None:
    """X4502 when one signature's SV_ClipDistance / SV_CullDistance elements exceed the spec's totals
    (§24.1/24.2 restriction 3: 8 components in 2 elements)."""
    bad = clip_cull_error([(e.name, e.reg, bin(e.mask).count("1")) for e in sig],
                          f"{cg.stage}_{cg.major}_{cg.minor}", direction)
    if bad is not None:  # judged with the semantics (sigphase.py)
        refuse(cg, cg.err(pos, bad, 4502), LATE)


def sig_min_precision(t) -> int:
    return int(MIN_PRECISION.get(getattr(t, "prec", None) or "", 0))


#: the system-value inputs a 4_0_level_9_x shader refuses whatever their type (d3dcompiler_47 10.1, session 41,
#: tests/test_rules_hlsl_d3d9_s41.py ``level9_inputs``): Direct3D 9 hardware has no vertex or instance index, no
#: primitive index or face register in the 4.0 sense and no sample index; uint, int, float, bool and vectors alike
_LEVEL9_INPUTS = {
    ("vs", "SV_VERTEXID"): (4555, "invalid type used for '{0}' input semantics, must be integral"),
    ("vs", "SV_INSTANCEID"): (4016, "{0} semantic cannot be used with 10Level9 targets"),
    # a pixel shader's too (session 43: ``uint e : SV_InstanceID`` at ps_4_0_level_9_1, read or not)
    ("ps", "SV_INSTANCEID"): (4016, "{0} semantic cannot be used with 10Level9 targets"),
    ("ps", "SV_PRIMITIVEID"): (4583, "semantic '{0}' unsupported on {1}"),
    ("ps", "SV_ISFRONTFACE"): (4583, "semantic '{0}' unsupported on {1}"),
    ("ps", "SV_SAMPLEINDEX"): (4555, "invalid type used for '{0}' input semantics, must be integral"),
}


def level9_input_error(stage: str, up: str, base: str, target: str) -> tuple[int, str] | None:
    """(number, text) of fxc's refusal of system-value input ``base`` (``up``: upper case) at a level-9 target
    ``target``, judged with the element before the 4.0 system-value rules (SV_SampleIndex is X4555 there, not
    ps_4_0's X4502), or None."""
    got = _LEVEL9_INPUTS.get((stage, up))
    return None if got is None else (got[0], got[1].format(base, target))


def no_double_element(lt: NumType, pos: Pos) -> None:
    """A double signature element is fxc 10.1's X3687 at every target and signature point (recorded under Wine,
    session 36: vs/ps/cs inputs and outputs, struct members, vs_3_0 to 5.0)."""
    if concrete(lt.base) == DOUBLE:
        from .diagnostics import HlslError

        raise HlslError(pos.file, pos.line, pos.col, 3687,
                        "doubles cannot be used as shader inputs or outputs. If you need to pass a double between "
                        "shader stages you must pass it as two uints and use asuint and asdouble to convert between "
                        "forms", end=getattr(pos, "end", 0))
