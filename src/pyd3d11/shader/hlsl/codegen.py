"""AST -> SM4/SM5 program: typed expression evaluation into vec4 temps (values are lists of scalar
slots), function inlining, structured control flow, cbuffer/resource/signature layout.

Values: :class:`Val` = HLSL type + flat list of slots (see :mod:`.operands`). Constant operands are
folded with numpy float32/int32 arithmetic. The instruction list is rendered as fxc assembly text
and assembled into the shared IR by :mod:`pyd3d11.shader.dxbc.asm` (one syntax, one encoder)."""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Any

import numpy as np

from ...errors import NotSupportedError
from ...headers.d3dcompiler_types import (
    D3DCOMPILE_DEBUG,
    D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY,
)
from ..ops.fold import fold_alu
from . import ast as A
from . import floatranges, shaderobj, uintrange, zerobits
from .ast import walk  # the passes that import walk from codegen keep working
from .cg_resources import ResourceBinding
from .cglisting import ListingMixin
from .cgstate import DebugState, GsState, IcbState, TessState
from .cgstmts import StatementLowering
from .check import (
    _true_mat,
    check_compile_shader,
    check_global_decl,
    check_member_decl,
    check_params,
    check_state_values,
    global_stream,
)
from .classes import InterfaceType, is_interface_type
from .components import (  # noqa: F401 - re-exported: the other modules import these from codegen
    FlatType,
    component_bases,
    component_units,
    flat_numeric,
    leaf_bases,
)
from .constlit import const_literal
from .constprop import carries_canonical, fxc_round_z, track_store
from .diagnostics import HlslError, Pos
from .featuregates import LANGUAGE, check_gate
from .icb import indexable_slots
from .instfold import NAMES as _FXC_INST_FOLDS
from .instfold import emission_fold, fold_abs, fxc_fold
from .layout import (
    add_struct_objects,
    global_var_decls,
    struct_object_ref,
)
from .nanprops import note_emit, note_op
from .nonfinite import nonfinite_operation
from .nullvalue import null_value
from .objcompat import objects_compatible
from .objects import declare_local as obj_declare_local
from .objects import has_object, holds_objects, patch_as_array, static_object_alias, static_object_variable
from .objects import param_value as obj_param_value
from .objects import resolve as obj_resolve
from .operands import Ins, Reg, Slot, imm, is_imm
from .refactor import refactor_identity, same_value_identity
from .signatures import SignatureBinding
from .templates import note_local as note_template_local
from .types import (
    BOOL,
    DOUBLE,
    EFFECT_KINDS,
    FLOAT,
    INT,
    LIT_FLOAT,
    LIT_INT,
    STREAM_KINDS,
    UINT,
    VOID,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    array_leaf,
    common_base,
    concrete,
)
from .values import (  # noqa: F401 - re-exported: the other hlsl modules import these from codegen
    _CANON,
    _CS_SV,
    _DIM,
    _NO_SWIZZLE,
    _PS_SPECIAL_OUT,
    _RET_TYPE,
    _SV_NAMES,
    SPACE_STRIDE,
    CBuf,
    CbVar,
    Resource,
    ReturnSignal,
    SigElem,
    Val,
    b2f,
    f2b,
    split_semantic,
)

#: the function attributes fxc reads on an entry point (MicrosoftDocs: numthreads, the tessellation and
#: geometry attributes, earlydepthstencil, clipplanes); a duplicate of one of them is X3524
_FUNCTION_ATTRIBUTES = frozenset({"numthreads", "maxvertexcount", "instance", "domain", "partitioning",
                                  "outputtopology", "outputcontrolpoints", "patchconstantfunc", "maxtessfactor",
                                  "earlydepthstencil", "clipplanes"})

if TYPE_CHECKING:
    from .linkage import LinkState


def _name_span(pos: Pos, name: str) -> Pos:
    """An identifier's diagnostic position spans its letters (10x issue 2034: ``(8,16-21): error X3004:
    undeclared identifier 'vertex'``)."""
    if not isinstance(pos, Pos) or "::" in name:
        return pos
    return Pos(pos.file, pos.line, pos.col, pos.col + len(name) - 1)


def _column_truncation(cg: Codegen, pos: Pos) -> None:
    """A vector, array or structure truncated into an Nx1 matrix: fxc's type check takes it (a cast, an assignment),
    its code generation fails with the numberless "internal error: invalid sequence/cast expression" -- after every
    type rule of the file (a later undeclared name is X3004), before an uninitialised read's X4000, not in a
    branch folded away nor in a function nothing calls (d3dcompiler_47 10.1, session 40; the shader-test corpus'
    cast-componentwise-compatible fails ``(float4x1)arr5`` on Windows). Kept as the doubles' phase keeps its
    refusals (uintrange.defer); the conversion itself truncates."""
    from .uintrange import defer

    defer(cg, cg.err(pos, "invalid sequence/cast expression", 0))


class Codegen(StatementLowering, ListingMixin, SignatureBinding, ResourceBinding):
    """The code generator; the helper modules use it through :class:`.cgstate.CodegenContext`."""

    def __init__(self, prog: A.Program, entry: str, stage: str, major: int, minor: int, row_major_default: bool):
        self.prog = prog
        self.entry = entry
        self.stage = stage  # 'ps', 'vs', 'cs', ...
        self.major, self.minor = major, minor
        self.row_major_default = row_major_default or prog.pack_row_major
        self.code: list[Ins] = []
        self.ntemps = 0
        self.global_decl_index: dict[str, int] = {}  # filled by the declaration walk below (foldinit reads it)
        self.var_temps: set[int] = set()
        self.fmarks: dict[tuple[int, int], tuple] = {}  # fresh temp component -> what fxc assumes of it (nanprops)
        self.zero_bits: dict[tuple[int, int], tuple] = {}  # (and the bits it knows of it: zerobits)
        self.float_cb_slots: set = set()  # cbuffer slots of float members (nanprops: fxc takes them for finite)
        self.ranges: dict[tuple[int, int], tuple] = {}  # fresh temp component -> its known interval (uintrange)
        self.uint_slots: set = set()  # cbuffer slots of uint members (uintrange: at least 0)
        self.min_int_slots: set = set()  # slots of min16uint / min16int / min12int values (uintrange)
        self.bool_cb_slots: set = set()  # cbuffer slots of bool members (twovalued: a bool read is no select)
        self.unsigned_literals: set = set()  # words of hex / octal literals past INT_MAX (uintrange: not negative)
        self.indexable: dict[int, int] = {}  # x# -> registers
        self.kconst: dict = {}  # variable temp slot -> known constant bits (constprop)
        self.unfolded_reads = 0  # > 0: variable reads keep their registers (odbool.py)
        self.funcs: dict[str, list[A.FuncDef]] = {}
        self.globals: dict[str, Any] = {}
        self.resources: list[Resource] = []
        self.cbufs: list[CBuf] = []
        self.tgsm: dict[str, tuple[int, int, Type]] = {}  # name -> (g#, stride bytes, type)
        self.tb_reads: dict[int, set[tuple[int, int]]] = {}
        self.unroll_met_runtime = False
        #: g# registers declared raw (their elements are wider than one word: vector loads and stores);
        #: the others are structured with a 4-byte stride (one word per access, no byte-address shift)
        self.tgsm_raw: set[int] = set()
        #: cs_4_x g# registers: structured, one element (the array's element, or the whole variable) per thread
        self.tgsm_elem: set[int] = set()
        #: groupshared element bases addressed by SV_GroupIndex itself (the thread's own region, cs_4_x)
        self.tgsm_own_bases: dict = {}
        self.tgsm_thread_writes: list = []  # (pos, SV_GroupIndex working slot) of each such write
        self.pixel_ops_elsewhere: list = []  # X4532 calls judged after dead code: (pos, accesses or None, late)
        self.unmappable_deferred = False  # objmethods.method: the call being generated is one of them
        self.late_model_ok = False  # intrinsics._derivative_below_model: generating past the model's gate
        #: the first local of a minimum-precision type at a Direct3D 9 target: (pos, name), X3703 after the body
        self.min_precision_local: tuple | None = None
        self.thread_aliases: dict = {}  # an inlined parameter's copy -> the argument slot it copies
        self.scopes: list[dict[str, Val]] = []
        self.input_origin: dict[Slot, Slot] = {}
        # named parts of the shared state (cgstate.py)
        self.gs = GsState()
        self.tess = TessState()
        self.debug = DebugState()
        self.icb = IcbState()
        # state the helper modules create or fill, declared here so none of them probes for it
        self.params_cb: CBuf | None = None  # "$Params", made by collect()
        self.param_objects: dict = {}  # entry parameter -> its object leaves (objects.py)
        self.dead_resources: frozenset[str] = frozenset()  # found by a previous generation (deadres.py)
        #: resource arrays indexed at run time (5.1, dynpick.dynamic_element): every element is live (deadres.py)
        self.dynamic_resarrays: set[str] = set()
        #: 5.1: the first slot of an array of ConstantBuffer<S> read at a run-time index -> every slot of it
        self.cb_array_slots: dict[int, list[int]] = {}
        self.legacy_tex_uses: list = []  # D3D9-style sampler uses awaiting their t# (legacytex.py)
        self.linkage: LinkState | None = None  # interface calls (linkage.py), made on first use
        self.unrolled_iterations = 0  # loop iterations unrolled so far (unroll.py)
        self.select_writes = 0  # >0: run-time-index writes become per-candidate selects (unroll.py)
        # per-compile records kept by the helper modules
        self.bad_reservations: list = []  # objects reserved in the wrong register set (objects.py)
        self.reserved_blocks: list = []  # registers reserved by struct/array objects (objects.py)
        self.sig_packers: dict = {}  # signature packing state per signature (sigpack.py)
        self.double_flags: set[str] = set()  # global flags the double instructions need (doubles.py)
        self.min_precision_used = False  # the interface holds a min-precision type (globalflags.py)
        self.min_precision_ops = False  # the code computed a min-precision value (globalflags.note_min_precision)
        self.min_precision_sites: set = set()  # their positions (globalflags.settle_min_precision)
        self.min_precision_kinds: dict[int, str] = {}  # id(expression) -> the precision it was evaluated at
        self.d3d9_min_kinds: dict[int, str] = {}  # id(expression) -> its kind to the D3D9 validator (d3d9minprec.py)
        self.d3d9_min_sites: set = set()  # positions of operations at minimum float precision (d3d9minprec.py)
        self.d3d9_min_error: HlslError | None = None  # the D3D9 validator's X5003 / X5004 / X5307 / X5308
        self.local_statics: dict[int, Val] = {}  # function-local statics by declaration
        #: the known values of function-local ``static const`` variables (by declaration): never written after
        #: their initialisation, so every inlined call may rely on them (constprop)
        self.local_static_consts: dict[int, dict] = {}
        self.static_prologue: list[Ins] = []  # their initialisation, placed first by listing()
        self.untracked_slots: set[Slot] = set()  # never constant-propagated (constprop.py)
        #: fxc warnings ``(pos, code, message)``: returned beside the code, fatal with WARNINGS_ARE_ERRORS
        self.warnings: list[tuple[Pos, int, str]] = list(getattr(prog, "warnings", []))
        #: (position, slots, name) of each entry-point output value — the return value at each return (the entry's
        #: name and position) and each out parameter (its own): X3578 (uninit.warn_incomplete_outputs)
        self.entry_returns: list[tuple[Pos, list, str]] = []
        #: per index of entry_returns, each of the value's slots' system-interpreted element spelling, or None (an
        #: ordinary attribute, SV_Target): X4580 (uninit.warn_incomplete_outputs)
        self.entry_output_svs: dict[int, list] = {}
        self.late_output_error: HlslError | None = None  # raised after X4580 (uninit.warn_incomplete_outputs)
        self.entry_array_outs: dict[int, Pos] = {}  # out-parameter arrays' returns (X4000, uninit.py)
        self.ps_generated_input = False  # SV_IsFrontFace / SV_SampleIndex bound: later inputs X4576
        #: inputs refused only where the finished program reads them: (file, register, error) (iodecls)
        self.late_input_errors: list[tuple[str, int, HlslError]] = []
        #: (temp, position) of each TextureCubeArray GetDimensions float overload: X4598 where its count is read
        self.cube_array_counts: list[tuple[int, Pos]] = []
        #: (name, declaration position, temp slots) of each numeric local declared without an initialiser:
        #: X4000 for a value of one that no path defines reaching an operation (uninit.check_uninitialized_reads)
        self.uninit_locals: list[tuple[str, Pos, list]] = []
        #: groupshared arrays outside a compute shader: (name, position, their x# registers) (uninit.py X4575)
        self.uninit_arrays: list[tuple[str, Pos, list[int]]] = []
        #: local arrays declared without an initialiser: (name, position, their x# registers) (uninit.py X4000/X4575)
        self.uninit_local_arrays: list[tuple[str, Pos, list[int]]] = []
        self.undefined_scan = None  # refactor.reads_undefined's scan
        #: the non-finite bit patterns ``asfloat`` of an integer constant gave: an integer's value below shader
        #: model 4, no infinity or NaN literal (nonfinite.py X4579)
        self.reinterpreted_bits: set[int] = set()
        #: the position of the innermost expression under evaluation (exprs.expr), recorded on each instruction
        self.expr_pos: Pos | None = None
        #: functions inlined into the program (uncalled.func_key): the others are type-checked apart
        self.called_funcs: set[tuple] = set()
        #: id() of the position of each entry function a return left through no run-time branch (cgstmts.ret)
        self.ended_entries: set[int] = set()
        #: set by the type check of an uncalled function (uncalled.py): runs each expression statement,
        #: so one that needs an unbuilt feature or a code-generation-time rule is passed over
        self.probe_skip = None
        # a cbuffer global's (register, component) list by (global, its offset, the default majority): a large
        # constant array's list is walked element by element (cb_slots), and every use of the name asks for it again
        # (the globals live as long as this generator, so their ids are not reused)
        self._cb_regs: dict[tuple, list] = {}
        self.compile_flags = 0  # D3DCOMPILE_* Flags1
        self.requested_flags = 0  # the caller's Flags1 (cgstate)
        self.level9: str | None = None  # the 4_0_level_9_x target when compiling for one (the Aon9 chunk)
        #: a target refusal found while binding (cg_resources.assign_bindings), raised after the body's own errors
        self.deferred_target_error: Exception | None = None
        #: the first refusal of a double below shader model 5, raised once the file's type rules are checked
        #: (doubles.check_profile, compiler._compile_hlsl)
        self.deferred_double_error: HlslError | None = None
        #: a model refusal fxc reports after the doubles gate (msad4's X3535, a coarse/fine derivative's X4532)
        self.deferred_late_error: HlslError | None = None
        #: X3510, a called function without a definition (inlining.missing_implementation), met before any
        #: double's or legacy refusal; compiler.py raises it after the type rules, before those
        self.deferred_call_error: HlslError | None = None
        #: the signature's refusals recorded while binding, [element types, semantics] (sigphase.py)
        self.signature_errors: list[HlslError | None] = [None, None]
        #: the first refusal fxc reports right after the type rules: X3683 / X3020 of a resource's element
        #: (templates.py), X3514 of gs_4_x instancing (gs.py), X3523 of a tex* intrinsic; compiler.py raises it
        self.deferred_gate_error: HlslError | None = None
        self.deferred_oob_error: HlslError | None = None  # exprs.out_of_bounds
        self.level9_sm4_error: HlslError | None = None  # divisions.level9_sm4_part
        self.void_return_error: HlslError | None = None  # X3079 after the value's type rules (check.check_function)
        self.layout_errors: list[HlslError] = []  # packoffsets that do not fit, judged after the type rules (bufregs)
        self.unmapped_stage_error: HlslError | None = None  # a discard outside a pixel shader (cgstmts.py)
        self.strict_bounds = 0  # unroll._unroll
        #: the first refusal of the legacy targets' phase (X3548, X3543, X3704), raised after the type rules, in
        #: the order code generation meets it and a double's refusal (uintrange.defer / stamp, compiler.first_refusal)
        self.deferred_legacy_error: HlslError | None = None
        self.object_outs: list = []  # (param, entry scope, refusal): d3d9outputs.object_output_error
        self.refusal_clock = 0  # uintrange.stamp
        self.skip_target_error = False  # compiler.py: generate past it (to find the dead resources)
        self.d3d9: str | None = None  # the Direct3D 9 target when compiling for one (sm2/d3d9.py)
        self.call_stack: list[str] = []
        self.inputs: list[SigElem] = []
        self.outputs: list[SigElem] = []
        self.in_decls: list[str] = []
        self.out_decls: list[str] = []
        self.special_inputs: dict[str, int] = {}
        self.loops: list[dict] = []  # break/continue context
        self.func_ctx: list[dict] = []
        self.numthreads: tuple[int, int, int] | None = None
        self.clip_planes: list = []  # [clipplanes] arguments of a vertex shader (entryattrs)
        self.clip_pos: list | None = None  # the SV_Position components they are tested against
        self.precise_seen: bool | None = None  # the source declares something precise (refactor.py)
        self.cb_reach: dict[tuple[int, int], tuple[int, int]] = {}  # dynamic read (slot, register) -> (last, stride)
        self.statics_init: list[tuple[Val, A.Node]] = []
        self.func_index_stack: list[int] = []
        self.uav_load_ok = 0  # >0 while evaluating out-only call arguments
        self.wide_typed_uavs: set[int] = set()  # u# loaded as more than one 32-bit component (intrinsics.py)
        self.loop_counter_ranges: list[dict] = []  # uintrange.enter_loop
        self.unbound_names: frozenset[str] = frozenset()  # unroll._unbind
        self.entry_outputs: tuple | None = None  # gen_entry: (definition, out parameters)
        self.dead_branches: tuple[dict, set] = ({}, set())  # deadcode
        self.inherited_if_attributes: dict[int, list] = {}  # constattrs
        self.reg_overlaps: list[tuple[CbVar, CbVar]] = []
        self.input_types: dict[tuple[str, int], tuple] = {}
        self.output_owner: dict[tuple[str, int], object] = {}
        #: a semantic written by more than one output element: its first element's interpolation and where each
        #: later writer went (signatures._merge_output)
        self.output_merges: dict[tuple, dict] = {}
        self.d3d9_depth_error = None
        self.d3d9_duplicate_color = None
        self.out_owner: object = None
        self.func_order: dict[int, int] = {}
        self.entry_attrs: dict = {}
        #: the entry point's position while it carries a [RootSignature("…")] at 5.x (entryattrs.attach_root_signature)
        self.root_signature_pos = None

    # --- errors -----------------------------------------------------------------------------------
    @staticmethod
    def err(pos: Pos, msg: str, code: int) -> HlslError:
        """A positioned compile error; every caller names fxc's X number (there is no default)."""
        return HlslError(pos.file, pos.line, pos.col, code, msg, end=getattr(pos, "end", 0))

    # --- temps & emission ---------------------------------------------------------------------------
    def warn(self, pos: Pos, code: int, msg: str) -> None:
        if not any(p is pos and c == code for p, c, _ in self.warnings):
            self.warnings.append((pos, code, msg))

    def temp(self, var: bool = False) -> int:
        t = self.ntemps
        self.ntemps += 1
        if var:
            self.var_temps.add(t)
        return t

    def emit_final_ret(self) -> None:
        """The closing ``ret``, unless the body already ended with a top-level return."""
        if not self.code or self.code[-1].op != "ret":
            self.emit("ret")

    def emit(self, op: str, *args: Reg, suffix: str = "", tail: str = "") -> None:
        ins = Ins(op, list(args), suffix, tail, self.debug.cur_loc, self.expr_pos)
        self.code.append(ins)
        note_emit(self, ins)  # the temps it writes lose what fxc assumed of their old values (nanprops)
        zerobits.note_emit(self, ins)  # (and the bits it knew of them)
        floatranges.note_emit(self, ins)  # (and their intervals: uintrange's below SM4)

    @property
    def wants_debug_info(self) -> bool:
        return bool(self.compile_flags & D3DCOMPILE_DEBUG)

    def alloc_slots(self, n: int, var: bool = False) -> list[Slot]:
        out: list[Slot] = []
        for i in range(0, n, 4):
            t = self.temp(var)
            out += [("r", (t,), None, c) for c in range(min(4, n - i))]
        return out

    def local_matrix_slots(self, t: Type) -> list[Slot] | None:
        """A local matrix of 32-bit components holds each row in a register of its own, as fxc's objects lay
        them out (DirectXTK Lighting.fxh's ``float3x3 lightDiffuse`` rows written from ``LightDiffuseColor[i]``:
        ``mul(diffuse, lightDiffuse)`` is ``mul r, d.y, cb0[7]; mad r, d.x, cb0[6], r; mad r, d.z, cb0[8], r``).
        Packed four components to a register, a row or column of a 3×3 straddles registers and every mul
        gathers it with moves (the level-9 slot limits then refuse what fxc fits). None for other types."""
        if not (isinstance(t, NumType) and t.shape == "m" and t.base != DOUBLE and t.cols < 4 and t.rows > 1):
            return None
        out: list[Slot] = []
        for _ in range(t.rows):
            r = self.temp(True)
            out += [("r", (r,), None, c) for c in range(t.cols)]
        return out

    def src(self, slots: list[Slot], mod: str = "") -> Reg:
        """An operand reading ``slots`` (≤4) as lanes x,y,z,w; gathers into a temp when they are spread."""
        if all(is_imm(s) for s in slots):
            vals = tuple(s[3] for s in slots)
            if len(vals) == 1:
                return Reg("l", imm=vals, mod=mod)
            vals = (vals + (vals[-1],) * 4)[:4]
            return Reg("l", imm=vals, mod=mod)
        keys = {s[:3] for s in slots}
        if len(keys) != 1:
            slots = self.gather(slots)
        f, idx, rel, _ = slots[0]
        comps = tuple(s[3] for s in slots)
        if f in _NO_SWIZZLE:
            return Reg(f, idx, rel, None, mod)
        return Reg(f, idx, rel, comps, mod)

    def gather(self, slots: list[Slot]) -> list[Slot]:
        t = self.temp()
        out = [("r", (t,), None, c) for c in range(len(slots))]
        # group moves by source register to save instructions
        groups: dict[tuple, list[int]] = {}
        for i, s in enumerate(slots):
            groups.setdefault(("l",) if is_imm(s) else s[:3], []).append(i)
        for key, lanes in groups.items():
            dst = Reg("r", (t,), None, tuple(lanes))
            srcs = [slots[i] for i in lanes]
            if key == ("l",):
                vals = [0, 0, 0, 0]
                for i in lanes:
                    vals[i] = slots[i][3]
                self.emit("mov", dst, Reg("l", imm=tuple(vals)))
            else:
                # the source swizzle is indexed by destination lane
                sw = [srcs[0][3]] * 4
                for i in lanes:
                    sw[i] = slots[i][3]
                f, idx, rel, _ = srcs[0]
                self.emit("mov", dst, Reg(f, idx, rel, tuple(sw)))
        return out

    def src_lanes(self, slots: list[Slot], lanes: list[int], mod: str = "") -> Reg:
        """Operand whose lane ``lanes[i]`` reads ``slots[i]`` (for writes to non-leading components)."""
        if all(is_imm(s) for s in slots):
            vals = [0, 0, 0, 0]
            for ln, s in zip(lanes, slots, strict=True):
                vals[ln] = s[3]
            return Reg("l", imm=tuple(vals), mod=mod)
        if len({s[:3] for s in slots}) != 1:
            slots = self.gather(slots)
            return self.src_lanes(slots, lanes, mod)
        sw = [slots[0][3]] * 4
        for ln, s in zip(lanes, slots, strict=True):
            sw[ln] = s[3]
        f, idx, rel, _ = slots[0]
        if f in _NO_SWIZZLE:
            return Reg(f, idx, rel, None, mod)
        return Reg(f, idx, rel, tuple(sw), mod)

    def op(self, name: str, n: int, srcs: list[list[Slot]], mods: list[str] | None = None, sat: bool = False,
           dst_pos: int = 0, ndst: int = 1) -> list[Slot]:
        """Component-wise ``name`` over n lanes; returns the result slots (fresh temps)."""
        out: list[Slot] = []
        mods = mods or [""] * len(srcs)
        if name == "mov" and mods[0] in ("abs", "-abs") and not sat and all(is_imm(s) for s in srcs[0][:n]) and \
                carries_canonical(self) and not (self.d3d9 or self.level9):
            # fxc's optimiser folds |constant| as x > 0 ? x : -x: a zero is -0 (instfold.fold_abs, session 44)
            return [imm(fold_abs(s[3], mods[0] == "-abs")) for s in srcs[0][:n]]
        for i, k in _chunks(srcs, n):
            t = self.temp()
            dst = Reg("r", (t,), None, tuple(range(k)))
            dsts = [Reg("null")] * ndst
            dsts[dst_pos] = dst
            ops = [self.src(s[i:i + k], m) for s, m in zip(srcs, mods, strict=True)]
            self.emit(name, *dsts, *ops, suffix="_sat" if sat else "")
            out += [("r", (t,), None, c) for c in range(k)]
        note_op(self, name, srcs, mods, sat, out)
        if not sat:  # (a saturated result is a float's: its bits were dropped as it was emitted)
            zerobits.note_op(self, name, srcs, mods, out, dst_pos)
        floatranges.note_op(self, name, srcs, mods, sat, out, dst_pos)  # (uintrange's intervals below SM4)
        return out

    def store(self, dst: list[Slot], src: list[Slot]) -> None:
        """Copy slots into writable slots (temps, outputs, indexable temps)."""
        track_store(self, dst, src)  # known constants of variables (constprop)
        groups: dict[tuple, list[int]] = {}
        for i, d in enumerate(dst):
            groups.setdefault(d[:3], []).append(i)
        for key, items in groups.items():
            f, idx, rel = key
            lanes = [dst[i][3] for i in items]
            if len(set(lanes)) != len(lanes):  # same component twice: last write wins
                keep: dict[int, int] = {}
                for i in items:
                    keep[dst[i][3]] = i
                items = list(keep.values())
                lanes = [dst[i][3] for i in items]
            if f in ("oDepth", "oMask", "oDepthGE", "oDepthLE", "oStencilRef", "vThreadIDInGroupFlattened"):
                self.emit("mov", Reg(f), self.src([src[items[0]]]))
                continue
            order = sorted(range(len(items)), key=lambda j: lanes[j])
            lanes_sorted = [lanes[j] for j in order]
            srcs_sorted = [src[items[j]] for j in order]
            self.emit("mov", Reg(f, idx, rel, tuple(lanes_sorted)), self.src_lanes(srcs_sorted, lanes_sorted))

    def materialize(self, slots: list[Slot]) -> list[Slot]:
        """Copy into fresh temps (so the value is immune to later writes of its sources)."""
        if all(is_imm(s) for s in slots):
            return list(slots)
        out = self.alloc_slots(len(slots))
        self.store(out, slots)
        return out

    def scalar_temp_slot(self, s: Slot) -> Slot:
        """A slot usable as a relative index (must be a temp component)."""
        if s[0] == "r" and s[2] is None:
            return s
        return self.materialize_force([s])[0]

    def materialize_force(self, slots: list[Slot]) -> list[Slot]:
        out = self.alloc_slots(len(slots))
        self.store(out, slots)
        return out

    # --- constant folding --------------------------------------------------------------------------
    @staticmethod
    def fold_arrays(slots_list: list[list[Slot]]) -> list[np.ndarray]:
        return [np.array([s[3] for s in sl], np.uint32) for sl in slots_list]

    def try_fold(self, name: str, base: str, n: int, srcs: list[list[Slot]]) -> list[Slot] | None:
        """The operation on immediates folded by the executor's own arithmetic (ops.fold.fold_alu), so a
        folded constant has the bits the instruction would compute at run time (denormal flushing included)."""
        if name == "f16tof32" and all(is_imm(s) for s in srcs[0]):
            # a half widens exactly (D3D11.3 22.13.1); fxc folds it, so a variable holding it carries the constant
            # (its -0 as +0: constprop.known_value; d3dcompiler_47 10.1, session 37)
            h = np.array([s[3] & 0xFFFF for s in srcs[0][:n]], np.uint16).view(np.float16)
            return [imm(int(b)) for b in h.astype(np.float32).view(np.uint32)]
        # the operations fxc's optimiser folds in double (instfold.py) fold so when it optimises; not at /Od, nor in a
        # DefaultValue (foldinit.py). ``mad``, ``exp``, ``log`` and ``rsq`` fold here too, before the identities
        # (``mad(0, inf, 1)`` of constants is NaN, not 1; a zero local vector's ``normalize`` is 0 * rsq(0), NaN in
        # fxc's object, where the identity x * 0 = 0 met an rsq still unfolded: session 44)
        fxc = name in _FXC_INST_FOLDS and carries_canonical(self) and not (self.d3d9 or self.level9)
        if (name not in _CODEGEN_FOLDS and not fxc) or \
                not all(all(is_imm(s) for s in sl) for sl in srcs):
            return None
        if name in _BIT_FOLDS and (self.d3d9 or self.level9):
            return None  # below shader model 4 fxc's code holds 0 for them (intrinsics._legacy_bits)
        if name == "round_z" and carries_canonical(self):
            return [imm(fxc_round_z(s[3])) for s in srcs[0][:n]]
        if (self.d3d9 or self.level9) and nonfinite_operation(name, srcs):
            return None  # below shader model 4 fxc keeps it, and its infinity is X4579 if used (nonfinite.py)
        res = fxc_fold(name, self.fold_arrays(srcs)) if fxc else None
        if res is None:
            res = fold_alu(name, self.fold_arrays(srcs))
        if res is None:
            return None
        return [imm(int(b)) for b in res.ravel()[:n]]

    def alu(self, name: str, base: str, n: int, srcs: list[list[Slot]], mods: list[str] | None = None,
            sat: bool = False, dst_pos: int = 0, ndst: int = 1) -> list[Slot]:
        folded = emission_fold(self, name, base, n, srcs, mods, sat, self.try_fold)  # fxc's folds in double (instfold)
        if folded is not None:
            return folded
        if not sat:
            same = same_value_identity(self, name, n, srcs, mods, dst_pos)
            if same is not None:
                return same
        if name == "iadd" and mods and not sat and all(m in ("", "-") for m in mods) and \
                all(all(is_imm(x) for x in sl) for sl in srcs):
            # ``31 - firstbit_hi(8u)`` (intrinsics._i_firstbithigh) on a constant: fxc folds it (X4010 of
            # ``u / (firstbithigh(8u) - 3)``, session 40 GEN); the negated source is the integer negation
            negated = [[imm(-x[3] & 0xFFFFFFFF) for x in sl] if m == "-" else sl for sl, m in zip(srcs, mods)]
            folded = self.try_fold("iadd", base, n, negated)
            if folded is not None:
                return folded
        if not mods or all(m == "" for m in mods):
            if name == "movc" and not sat and len(srcs) == 3 and all(is_imm(c) for c in srcs[0][:n]):
                # a select on a literal condition is the chosen operand (``false ? t.Sample(...) : 0``): fxc folds
                # it, and the untaken operand's code is then dead (no resource bound, no X4539 or X4532 for it)
                return [srcs[1][k] if srcs[0][k][3] else srcs[2][k] for k in range(n)]
            # udiv's second result is the remainder; sincos of a literal folds too (fxc's listing of sin(30.0):
            # a literal, also at /Od, so (int)sin(30.0) is the literal 0, not round_z's -0)
            fold_as = {"udiv": ("udiv", "urem"), "sincos": ("sin", "cos")}.get(name, (name, name))[dst_pos != 0]
            folded = self.try_fold(fold_as, base, n, srcs)
            if folded is not None and not sat:
                return folded
            if not sat and name in ("add", "mul", "mad", "div"):
                simplified = refactor_identity(self, name, n, srcs)
                if simplified is not None:
                    return simplified
        if name == "neg":
            return self.op("mov", n, srcs, ["-"])
        return self.op(name, n, srcs, mods, sat, dst_pos, ndst)

    # --- conversions -------------------------------------------------------------------------------
    def convert_base(self, v: Val, to: str) -> Val:
        t = v.type
        if not isinstance(t, NumType):
            if isinstance(t, (ArrayType, StructType)):
                return v
            raise HlslError("", 0, 0, 3017, f"cannot convert from '{t}'")
        frm = concrete(t.base)
        to_c = concrete(to)
        nt = t.with_base(to)
        if frm == to_c:
            return Val(nt, v.slots)
        n = len(v.slots)
        s = v.slots
        if frm == DOUBLE or to_c == DOUBLE:
            from .doubles import convert_base as double_convert_base

            return double_convert_base(self, v, frm, to_c, nt)
        if to_c == BOOL:
            if frm == FLOAT:
                return Val(nt, self.alu("ne", FLOAT, n, [s, [imm(0)] * n]))
            return Val(nt, self.alu("ine", INT, n, [s, [imm(0)] * n]))
        if frm == BOOL:
            one = f2b(1.0) if to_c == FLOAT else 1
            return Val(nt, self.alu("and", UINT, n, [s, [imm(one)] * n]))
        if frm == FLOAT:
            if v.int_source is not None and v.int_source[0] == to_c:
                # ``(uint)(float)16777217u`` is 16777217: fxc's optimiser removes ftou(utof(u)) and ftoi(itof(i))
                # (convpairs.py) before it folds a constant operand (d3dcompiler_47 10.1, session 47 MRUN: also a
                # const, a static const, a local holding a constant, an icb element at a literal index)
                return Val(nt, list(v.int_source[1]))
            name = "ftoi" if to_c == INT else "ftou"  # (a value range fxc truncates to one integer: floatranges)
            return Val(nt, floatranges.truncated(self, name, s) or self.alu(name, FLOAT, n, [s]))
        if to_c == FLOAT:
            res = Val(nt, self.alu("itof" if frm == INT else "utof", frm, n, [s]))
            if res.const and all(is_imm(x) for x in s) and self.pairs_cancel():
                res.int_source = (frm, list(s))
            return res
        return Val(nt, s)  # int <-> uint: same bits

    def pairs_cancel(self) -> bool:
        """Whether fxc's optimiser removes a conversion and its inverse here (convpairs.py: when refactoring is
        allowed -- it optimises, not under IEEE strictness -- at shader model 4 and later)."""
        from ...headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS

        return carries_canonical(self) and not self.compile_flags & D3DCOMPILE_IEEE_STRICTNESS and \
            not (self.d3d9 or self.level9)

    def convert(self, v: Val, to: Type, pos: Pos, explicit: bool = False, context: str = "",
                uint_check: bool = True) -> Val:
        """Implicit/explicit conversion with HLSL's broadcast and truncation rules. ``context``: the called
        function's name when ``v`` is an argument — fxc prefixes the message with it (``'to_v2': implicit
        truncation of vector type``; DXC SemaHLSL conversions-between-type-shapes' fxc records).
        ``uint_check``: below SM4 a value made a uint must be known not to be negative (X3548, uintrange) —
        off for the compiler's own conversions (an array or vector index)."""
        pre = f"'{context}': " if context else ""
        if v.type is VOID or (isinstance(v.type, NumType) and not v.slots):
            raise self.err(pos, f"{pre}cannot convert from 'void' to '{to}'", 3017)
        if isinstance(to, ObjectType) or isinstance(v.type, ObjectType):
            if isinstance(to, ObjectType) and isinstance(v.type, ObjectType) and objects_compatible(v.type, to):
                return v
            raise self.err(pos, f"{pre}cannot implicitly convert from '{v.type}' to '{to}'", 3017)
        if isinstance(to, NumType) and isinstance(v.type, NumType):
            if v.type.base == DOUBLE and to.base not in (DOUBLE, BOOL) and not explicit:
                # X3205 (DXC SemaHLSL scalar-assignments / implicit-casts / literals, fxc's records): an implicit
                # conversion of a double (a ``1.6l`` literal too) to float, half, int, uint or a min-precision type;
                # to bool no warning (``bool left6; double right6; left6 = right6;`` passes)
                self.warn(pos, 3205, f"{pre}conversion from larger type to smaller, possible loss of data")
            elif not explicit:
                from .precision import narrows_to_min_precision

                if narrows_to_min_precision(v.type, to):  # into min16/min12/min10 types (precision.py)
                    self.warn(pos, 3205, f"{pre}conversion from larger type to smaller, possible loss of data")
            if v.type.base == DOUBLE and v.slots and isinstance(v.slots[0][0], str):  # not already pairs
                from .doubles import convert_shape

                return convert_shape(self, v, to, pos, explicit)
            src = v.type
            slots = v.slots
            if src.n == 1 and to.n > 1:
                slots = slots * to.n
            elif src.shape == "m" and to.shape == "m":
                if to.rows > src.rows or to.cols > src.cols:
                    raise self.err(pos, f"{pre}cannot convert from '{src}' to '{to}'", 3017)
                if (to.rows, to.cols) != (src.rows, src.cols) and not explicit:  # the upper-left part (DXC
                    self.warn(pos, 3206, f"{pre}implicit truncation of vector type")  # SemaHLSL implicit-casts: X3206)
                slots = [slots[r * src.cols + c] for r in range(to.rows) for c in range(to.cols)]
            elif src.n >= to.n:
                # a true matrix truncates to a scalar or a one-component vector only (DXC SemaHLSL
                # conversions-between-type-shapes: fxc warns X3206 for int2x2 -> int1, rejects int2x2 -> int2).
                # A vector truncates into a column matrix (Nx1) as an argument (conversions-between-type-shapes:
                # `to_m2x1(v4)` X3206). Casts, assignments and returns keep refusing it: DXC's binop-dims records fxc
                # accepting `(float2x1)f4`, but the shader-test corpus' Windows verdict on such a cast disagrees
                # (open; test_rules_hlsl_shape_conversions states the rule as implemented)
                column = to.shape == "m" and to.rows > 1 and src.shape != "m" and not context
                if column and to.cols == 1 and src.n > to.n:
                    # a vector truncated into a column matrix (``(float3x1)f4``, ``float2x1 m = f4;``) passes
                    # fxc's type check and fails its code generation (below)
                    _column_truncation(self, pos)
                elif src.n > to.n and to.n > 1 and (_true_mat(src) or _true_mat(to) or column):
                    raise self.err(pos, f"{pre}cannot convert from '{src}' to '{to}'", 3017)
                if src.n > to.n and not explicit:
                    self.warn(pos, 3206, f"{pre}implicit truncation of vector type")
                slots = slots[:to.n]
            else:
                raise self.err(pos, f"{pre}cannot implicitly convert from '{src}' to '{to}'", 3017)
            mi = uintrange.min16uint_values(self, slots)
            if uint_check:
                uintrange.check_made_uint(self, src, to, slots, mi, pos)
            if DOUBLE in (src.base, to.base) and src.base != to.base:  # placed here (compiler.first_refusal)
                from .doubles import check_profile, lead_literal_code

                # a double literal converted (``int c = 1.5L;``) is X3651, a value converted to double X3684 (at
                # the legacy targets where the value is read: doubles.read_double)
                check_profile(self, pos, lead_literal_code(self, [v]) if src.base == DOUBLE else None,
                              pending=to.base == DOUBLE and bool(self.d3d9 or self.level9))
            shaped = Val(NumType(src.base, to.rows, to.cols, to.shape, to.row_major), slots)
            if v.int_source is not None and slots == v.slots:
                shaped.int_source = v.int_source
            out = uintrange.convert_min_ints(self, shaped, to, mi or src.prec in uintrange.MIN_INTS)
            uintrange.keep_min_ints(self, to.prec in uintrange.MIN_INTS, out.slots)
            return out
        # aggregates: component-wise by flattening; a scalar becomes a struct only through a cast
        # (fxc X3017 "cannot convert from 'int' to 'struct s_f2'" for ``s_f2 x = 0;``)
        if not explicit and isinstance(to, StructType) and isinstance(v.type, NumType) and v.type.n == 1:
            src_name = {"lit_int": "int", "lit_float": "float"}.get(v.type.base, str(v.type))
            raise self.err(pos, f"{pre}cannot convert from '{src_name}' to 'struct {to.name}'", 3017)
        # counted and converted per component, not per slot: a double is one component held in two slots
        # (``(struct {double d; float f;})3`` gives f 3, not the low word of d's conversion)
        src_units = component_units(v.type, v.slots)
        dst_leaves = [NumType(b) for b in component_bases(to)]
        # an array or struct cast into an Nx1 matrix needs every component too: the Windows-verified shader test
        # cast-componentwise-compatible fails ``(float4x1)arr5`` and ``(float4x1)struct5`` below SM 6 while
        # ``(int1x4)arr5`` truncates (DXC's conversions-between-type-shapes leaves ``(int2x1)a4`` unannotated;
        # the verified test wins)
        is_mat = isinstance(to, NumType) and to.shape == "m" and to.rows > 1 or _true_mat(v.type)
        if is_mat and len(src_units) > len(dst_leaves) and explicit and not _true_mat(v.type) and \
                isinstance(to, NumType) and to.cols == 1:
            _column_truncation(self, pos)  # ``(float4x1)arr5``, ``(float4x1)struct5``: as a vector's (below)
        elif is_mat and len(src_units) != len(dst_leaves) and len(src_units) > 1:
            raise self.err(pos, f"{pre}cannot convert from '{v.type}' to '{to}'", 3017)
        if isinstance(v.type, NumType) and v.type.n == 1 and len(dst_leaves) > 1:
            src_units = src_units * len(dst_leaves)
        if len(src_units) < len(dst_leaves):
            raise self.err(pos, f"cannot convert from '{v.type}' to '{to}'", 3017)
        out: list[Slot] = []
        for (base, comp), lt in zip(src_units, dst_leaves):
            out += self.convert_base(Val(NumType(base), comp), lt.base).slots
        return Val(to, out)

    # --- program ------------------------------------------------------------------------------------
    def run(self) -> None:
        self.collect()
        entry = self.funcs.get(self.entry)
        if not entry or not any(f.body is not None for f in entry):
            raise HlslError("", 1, 1, 3501, f"'{self.entry}': entrypoint not found")
        from .overload import entry_overload
        from .uncalled import func_key

        fdef, first_decl = entry_overload(entry)  # the last-declared overload with a body (fxc 10.1)
        self.called_funcs.add(func_key(fdef))
        self.entry_attrs = first_decl.attrs  # fxc takes the attributes of the first declaration
        self.func_index_stack = [self.func_order[id(fdef)]]
        self.mark_used(fdef)
        from .linkage import prepare
        from .objects import add_param_objects

        if self.stage in ("vs", "ps", "cs"):
            add_param_objects(self, fdef)  # objects among the entry point's parameters
        elif self.stage == "gs":  # a ``uniform Texture2D t`` parameter (fxc 10.1 compiles it as at vs / ps)
            add_param_objects(self, fdef, uniform_only=True)
        check_state_values(self)

        from .linkage import entry_interface_params

        entry_interface_params(self, fdef)  # interface parameters are interface slots
        prepare(self, fdef)  # class methods / instances reachable through interfaces
        self.assign_bindings()
        from .linkage import check_instance_objects

        check_instance_objects(self)  # this[] bases must reach every object of an instance
        self.scopes = [{}]
        from .initshape import check_initializer_shapes

        check_initializer_shapes(self)  # X3017 for the initialisers no code runs (uniforms, parameter defaults)
        self.init_statics()
        from .doubles import check_static_locals

        check_static_locals(self, fdef.body)  # X3651 of a static double local before the code's (doubles.py)
        try:
            self.gen_entry(fdef)
        except HlslError as e:
            from .entryattrs import root_signature_first

            root_signature_first(self, self.entry_attrs, fdef.pos, e)  # X4615 before code generation's errors
            raise
        from .entryattrs import check_root_signature_target

        # X4615 below 5.0: after the body's front-end errors (above), before the target's deferred resource refusals (fxc 10.1 reports
        # it before X4509 / X3666 / X4585 of a UAV at 4.0: DXC's MiniEngine compute shaders, session 38)
        check_root_signature_target(self, self.entry_attrs, fdef.pos)
        if self.deferred_target_error is not None and not self.skip_target_error:
            raise self.deferred_target_error
        from .check import check_end_reachable

        check_end_reachable(self, fdef, id(fdef.pos) in self.ended_entries, entry=True)
        if self.tgsm:
            from .memaccess import check_thread_region_writes

            check_thread_region_writes(self, fdef.pos)

    def collect(self) -> None:
        from .overload import signature

        order = 0
        globals_cb = CBuf("$Globals", "cbuffer", None)
        self.func_order: dict[int, int] = {}
        #: the top-level declaration index of each global variable's first declaration: a function sees only the
        #: globals declared before it, as it sees only the functions declared before it (inlining.inline_call)
        self.global_decl_index: dict[str, int] = {}
        for i, d in enumerate(self.prog.decls):
            if isinstance(d, A.VarDecl):
                self.global_decl_index.setdefault(d.name, i)
            elif isinstance(d, A.CBufferDecl):
                for m in d.members:
                    self.global_decl_index.setdefault(m.name, i)
            if isinstance(d, A.FuncDef):
                self.func_order[id(d)] = i
                check_params(self, d)
                if d.body is not None:
                    sig = signature(d)  # half and float parameters make different overloads
                    if any(f.body is not None and signature(f) == sig for f in self.funcs.get(d.name, [])):
                        # fxc 10.1's X3003 "redefinition of 'f'" (session 40 ACC; X3083 "function already has a
                        # body" before, which fxc 10.1 never printed for it)
                        raise self.err(d.pos, f"redefinition of '{d.name}'", 3003)
                first = next((p for p in d.params if p.default is not None), None)
                if first is not None and any(f.body is None and signature(f) == signature(d)
                                             for f in self.funcs.get(d.name, [])):
                    # defaults after a prototype of the signature, in a prototype or the definition (d3dcompiler_47
                    # 10.1, session 41; DXC spec.hlsl); after a definition a prototype may give them
                    raise self.err(first.name_pos or d.pos, f"'{first.name}': default parameters can only be "
                                                            "provided in the first prototype", 3114)
                self.funcs.setdefault(d.name, []).append(d)
            elif isinstance(d, A.ConstantBufferArray):  # 5.1: one constant buffer per element (sm51.py)
                from .sm51 import add_cb_array

                add_cb_array(self, d)
            elif isinstance(d, A.CBufferDecl):
                reg = d.register + d.space * SPACE_STRIDE if d.register is not None else None
                cb = CBuf(d.name, d.kind, reg, explicit=d.register is not None, pos=d.pos, space=d.space,
                          decl_order=order)  # a tbuffer takes its t# in declaration order (objects.py)

                # packoffset on some members and not others: the parser's record (bufregs.mixed_member); an object, or
                # a number in a register of another set, needs none (d3dcompiler_47 10.1, session 43)
                for m in d.members:
                    check_member_decl(self, m)
                    if isinstance(m.type, ObjectType) and m.type.kind.endswith("Stream"):
                        global_stream(self, m)
                        self.globals[m.name] = ("static", m)  # (refused: read as a stand-in until then)
                        continue
                    if isinstance(m.type, ObjectType) and "static" in m.mods:  # a static global (objects.py)
                        self.globals[m.name] = static_object_alias(self, m) or ("static", m)
                        continue
                    if isinstance(m.type, ObjectType):
                        self.add_resource(m, order)
                        order += 1
                        continue
                    if "static" in m.mods:  # fxc: an ordinary static global, not a buffer member
                        self.globals[m.name] = ("static", m)
                        continue
                    cv = CbVar(m, cb)
                    cb.vars.append(cv)
                    self.globals[m.name] = cv
                    order = add_struct_objects(self, m, order)
                if cb.vars:  # a cbuffer of only statics/objects is no constant buffer for fxc
                    self.cbufs.append(cb)
            elif isinstance(d, A.VarDecl):
                check_global_decl(self, d)
                if (self.major, self.minor) == (5, 1):
                    from .sm51 import check_implicit_array

                    check_implicit_array(self, d)
                d = patch_as_array(d)  # a global InputPatch/OutputPatch is a uniform array
                if d.packoffset is not None:
                    raise self.err(d.pos, "packoffset is only allowed in a constant buffer", 3091)
                if isinstance(d.type, ObjectType) or (isinstance(d.type, ArrayType) and
                                                      isinstance(array_leaf(d.type), ObjectType)):
                    alias = static_object_alias(self, d)
                    if alias is not None:
                        self.globals[d.name] = alias
                        continue
                    if static_object_variable(self, d):
                        self.globals[d.name] = ("static", d)
                        continue
                    self.add_resource(d, order)
                    order += 1
                elif "groupshared" in d.mods and self.stage != "cs":
                    # outside compute shaders fxc drops the storage class with its warning X3579 and the variable
                    # is an ordinary static (d3dcompiler_47 10.1, session 35, at ps_5_0, vs_5_0, ps_4_0, ps_3_0)
                    target = self.d3d9 or self.level9 or f"{self.stage}_{self.major}_{self.minor}"
                    self.warn(d.pos, 3579, f"{target} does not support groupshared, groupshared ignored")
                    self.globals[d.name] = ("static", d)
                elif "groupshared" in d.mods:  # (its size is judged on the finished code: X4586, memaccess.py)
                    self.globals[d.name] = ("tgsm", d)
                elif "static" in d.mods or ("const" in d.mods and False):
                    if is_interface_type(d.type) and d.init is not None:  # "HLSL errors and warnings" X3131
                        raise self.err(d.pos, f"'{d.name}': static interfaces cannot have initializers", 3131)
                    self.globals[d.name] = ("static", d)
                elif is_interface_type(d.type):  # interface pointers live in $ThisPointer (linkage.py)
                    if isinstance(d.type, ArrayType) and isinstance(d.type.elem, ArrayType):  # X3119
                        raise self.err(d.pos, f"'{d.name}': interface arrays cannot be multi-dimensional", 3119)
                    self.globals[d.name] = ("iface", d)
                else:
                    cv = CbVar(d, globals_cb)
                    globals_cb.vars.append(cv)
                    self.globals[d.name] = cv
                    order = add_struct_objects(self, d, order)
        if globals_cb.vars:
            self.cbufs.insert(0, globals_cb)
        for d in shaderobj.declared_variables(self.prog.decls):  # (a cbuffer's shader members too)
            if isinstance(d.type, ObjectType) and d.type.kind in EFFECT_KINDS and \
                    d.init is not None and not isinstance(d.init, A.InitList):
                check_compile_shader(self, d)
        # uniform entry-point parameters live in fxc's "$Params" constant buffer
        params_cb = CBuf("$Params", "cbuffer", None)
        from .overload import entry_definition

        entry = entry_definition(self)  # the overload compiled as the entry point
        for p in entry.params if entry is not None else []:
            # objects, arrays and structs of them included, bind as resources (objects.add_param_objects)
            if "uniform" in p.mods and not holds_objects(p.type):
                cv = CbVar(A.VarDecl(p.pos, p.name, p.type, p.mods), params_cb, used=True)
                params_cb.vars.append(cv)
        if params_cb.vars:
            params_cb.used = True
            self.cbufs.append(params_cb)
        self.params_cb = params_cb
        for cb in self.cbufs:
            self.layout_cbuffer(cb)
        from .templates import late_resource_error

        # (a global stream's X3514 of the walk above, check.global_stream, before a resource's X3683: fxc 10.1)
        self.deferred_gate_error = getattr(self.prog, "late_error", None) or self.deferred_gate_error or \
            late_resource_error(self)

    def init_statics(self) -> None:
        # the caller's /Gec, not the one a Direct3D 9 target implies (compiler.py): fxc refuses ``u.x = 1`` on a
        # uniform global at ps_2_0 / vs_3_0 as at SM4 (X3025; d3dcompiler_47 10.1 under Wine, session 36)
        from .compatwrite import shadow_written_uniforms
        from .uavcopy import shadow_uav_holders

        if self.requested_flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY:
            shadow_written_uniforms(self)  # written uniform globals get a writable copy (fxc /Gec)
        shadow_uav_holders(self)  # a written global holding a RWBuffer / RWTexture*: the shader's copy (fxc)
        for d in global_var_decls(self.prog):
            if isinstance(self.globals.get(d.name), tuple) and self.globals[d.name][0] == "static":
                # the initialiser sees the globals and functions declared before this static (and itself)
                self.func_index_stack.append(self.global_decl_index.get(d.name, 1 << 30))
                misused = shaderobj.initializer_error(d.init, d.type) if d.init is not None and \
                    not isinstance(d.type, ObjectType) else None  # ``static float f = compile ...`` (shaderobj.py)
                if misused is not None:
                    raise misused
                try:
                    v = self.declare_local(d, self.scopes[0])
                finally:
                    self.func_index_stack.pop()
                if "groupshared" in d.mods and d.init is None:
                    # groupshared outside a compute shader (X3579) is storage with no value until written: fxc
                    # refuses a read before any write (uninit.py: a scalar's X4000, an array's X4575)
                    if isinstance(d.type, ArrayType):
                        self.uninit_arrays.append((d.name, d.pos, sorted({s[1][0] for s in v.slots if s[0] == "x"})))
                elif d.init is None and not holds_objects(d.type) and not isinstance(d.type, ObjectType):
                    self.store(v.slots, [imm(0)] * len(v.slots))  # statics without initialiser are zero
                self.globals[d.name] = ("staticval", v)
        self.check_uniform_initialisers()

    def check_uniform_initialisers(self) -> None:
        """A uniform global's (or cbuffer member's) initialiser is its default value: no code, but fxc
        type-checks it like any initialiser (DXC SemaHLSL vector-assignments: a global ``float2 f2c =
        float2();`` is X3014, ``float4 f4 = f3;`` X3017). Evaluated and thrown away; reading another
        global here does not make that one used. Brace lists are left to check.py's count rule: inside
        braces fxc lets a default value hold things it does not write (vkd3d's Windows-verified
        effect-compile: ``float4 f = {1, 2, compile ps_2_0 fun(), 4};`` compiles)."""
        # a compute shader's groupshared initialiser too: no value (fxc ignores it) but type-checked (d3dcompiler_47
        # 10.1, session 41: ``groupshared int x = UNDECL;`` is X3004, of another type X3017; DXC SemaHLSL
        # rayquery-omm-diag-TU-sm65.hlsl)
        decls = [g.decl for g in self.globals.values() if isinstance(g, CbVar)] + \
            [g[1] for g in self.globals.values() if isinstance(g, tuple) and g[:1] == ("tgsm",)]
        for decl in [d for d in decls if d.init is not None and not isinstance(d.init, A.InitList)]:
            if holds_objects(decl.type):  # (an object itself is a resource, never a CbVar)
                continue
            used = {id(x): x.used for cb in self.cbufs for x in cb.vars}
            res_used = {id(r): r.used for r in self.resources}
            n_code, n_temps, var_temps = len(self.code), self.ntemps, set(self.var_temps)
            self.func_index_stack.append(self.global_decl_index.get(decl.name, 1 << 30))
            try:
                self.init_value(decl.init, decl.type, decl.pos)
            finally:
                self.func_index_stack.pop()
                del self.code[n_code:]
                self.ntemps, self.var_temps = n_temps, var_temps
                for cb in self.cbufs:
                    for x in cb.vars:
                        x.used = used.get(id(x), x.used)
                for r in self.resources:
                    r.used = res_used.get(id(r), r.used)

    # --- entry point & signatures -------------------------------------------------------------------
    def gen_entry(self, f: A.FuncDef) -> None:
        from .check import check_attr_side_effects, check_coherent, check_duplicate_attribute, check_function

        check_function(self, f)
        for p in f.params:  # (a helper function's parameter may be declared globallycoherent: check.py)
            check_coherent(self, p)
        check_attr_side_effects(self, self.entry_attrs, f.pos)
        check_duplicate_attribute(self, f)
        from .entryattrs import clipplanes_attribute

        clipplanes_attribute(self, self.entry_attrs, f.pos)
        if self.stage == "cs":
            from .entryattrs import numthreads_attribute

            self.numthreads = numthreads_attribute(self, self.entry_attrs, f.pos)  # type: ignore[assignment]
        scope: dict[str, Val] = {}
        self.scopes.append(scope)
        out_params: list[tuple[A.Param, Val]] = []
        if self.stage == "hs":
            from .hs import gen_hs_entry

            gen_hs_entry(self, f)
            return
        if self.stage == "ds":
            from .hs import gen_ds_entry

            out_params = gen_ds_entry(self, f)
            self._entry_body(f, scope, out_params)
            return
        if self.stage == "gs":
            from .gs import gen_gs_entry, gs_output_component_check

            scope.update(gen_gs_entry(self, f))
            from .check import missing_return_semantics

            missing_return_semantics(self, f)  # X3503 before the gs's X3507 (gs.gen_gs_entry)
            self.debug_parameters(f, scope)
            self.func_ctx.append({"entry": True, "ret": f.ret, "sem": f.semantic, "outs": [], "pos": f.pos})
            assert f.body is not None
            self.block(f.body.stmts)
            self.emit_final_ret()
            gs_output_component_check(self, f.pos)
            return
        from .compatwrite import writable_copy, written_uniform_params
        from .gs import non_gs_parameter_error

        written_params = written_uniform_params(self.prog, f)
        for p in f.params:
            if is_interface_type(p.type):  # an interface slot (linkage.entry_interface_params)
                continue
            non_gs_parameter_error(self, f, p)  # a geometry specifier or a stream outside gs (gs.py)
            if "uniform" in p.mods:
                cv = next((c for c in self.params_cb.vars if c.decl.name == p.name), None)
                if cv is None and p.name in self.param_objects:
                    scope[p.name] = obj_param_value(self, p, Val(p.type, []))
                    continue
                if cv is None:
                    raise NotImplementedError("uniform object entry-point parameters")
                self.globals.setdefault("$param:" + p.name, cv)
                scope[p.name] = self.global_value(cv)
                if p.name in written_params:  # the body modifies its own copy (compatwrite)
                    scope[p.name] = writable_copy(self, scope[p.name])
                continue
            if ("out" in p.mods or "inout" in p.mods) and has_object(p.type):
                # refused after the file's type rules (a body's X3004 first): below 5.0 a struct holding the object
                # is the compound-object rule's X3090 (d3dcompiler_47 10.1, session 45; fxc 10.1 aborts at 5.0)
                from .layout import check_compound_objects

                try:
                    check_compound_objects(self, p.type, p.name, p.pos)
                    refused = self.err(p.pos, f"'{p.name}': objects cannot be entry-point outputs", 3000)
                except HlslError as exc:
                    refused = exc
                if p.semantic is None and not isinstance(p.type, StructType):  # its missing semantics first
                    refused = self.err(p.pos, f"'{f.name}': output parameter '{p.name}' missing semantics", 3503)
                from .d3d9outputs import object_output_taken

                if object_output_taken(self, p, scope, refused):
                    continue
                if self.deferred_gate_error is None:
                    self.deferred_gate_error = refused
                scope[p.name] = Val(p.type, [])
                continue
            if "out" in p.mods and "inout" not in p.mods:
                v = Val(p.type, self.alloc_slots(p.type.slots, var=True))
                out_params.append((p, v))
                # undefined until the body writes it: computing with it first is X4000 (inlining.py, session 38)
                self.uninit_locals.append((p.name, p.pos, list(v.slots)))
            else:
                v = self.bind_input(p.type, p.semantic, p.mods, p.pos, p.name)
                raw = v
                v = Val(v.type, self.materialize_force(v.slots) if v.slots else [], v.obj)
                # EvaluateAttribute* needs the input register behind the parameter's working copy
                self.input_origin.update(zip(v.slots, raw.slots, strict=True))
                if "inout" in p.mods:  # the output is the working copy the body writes, not the input read
                    # (DirectXTK SpriteVertexShader's ``inout float4 position : SV_Position`` lost its mul)
                    out_params.append((p, v))
                elif "const" in p.mods:  # a const input is read-only as a function's (X3025; fxc 10.1, session 43)
                    v.readonly = True
            scope[p.name] = obj_param_value(self, p, v)
        self._entry_body(f, scope, out_params)

    def _entry_body(self, f: A.FuncDef, scope: dict[str, Val], out_params: list[tuple[A.Param, Val]]) -> None:
        """The entry point's body, once its parameters are bound (every stage but the hull and geometry shader):
        its outputs are written at each return and after the last statement."""
        self.debug_parameters(f, scope)
        from .sigphase import judge_entry_types

        judge_entry_types(self, f)  # the outputs' element types come before the body's optimiser refusals
        from .check import missing_return_semantics

        missing_return_semantics(self, f)  # X3503 before the body's X3507 / X3511 (check.py)
        self.entry_outputs = (f, out_params)
        self.func_ctx.append({"entry": True, "ret": f.ret, "sem": f.semantic, "outs": out_params, "pos": f.pos})
        assert f.body is not None
        self.block(f.body.stmts)
        if not self.code or self.code[-1].op != "ret":
            self.write_entry_outputs(None, f.pos)
        self.emit_final_ret()

    def debug_parameters(self, f: A.FuncDef, scope: dict[str, Val]) -> None:
        if self.wants_debug_info:
            from .debuginfo import record_parameters

            record_parameters(self, f, scope)

    def lookup(self, name: str, pos: Pos) -> Val:
        later = self.global_decl_index.get(name, -1) > (self.func_index_stack or [1 << 30])[-1]
        for k in range(len(self.scopes) - 1, -1, -1):
            sc = self.scopes[k]
            if name in sc:
                if k == 0 and later:  # scopes[0] holds the static globals (init_statics)
                    break
                if k > 0 and self.deferred_double_error is None:  # a double local read or written (doubles.py)
                    from .doubles import check_declared

                    check_declared(self, sc[name].type, pos)
                return obj_resolve(self, sc[name], pos, name)  # object locals read as their binding
        g = self.globals.get(name)
        if (g is None or later) and name in self.unbound_names:
            # a do loop's unbraced declaration where the loop stays a loop (unroll.gen_loop): fxc's numberless error
            raise self.err(pos, "invalid access of unbound variable", 0)
        if g is None or later:
            if name == "NULL":  # fxc's null value (nullvalue.py), not an undeclared name
                return null_value()
            ref = self.prog.member_refs.get((pos.line, pos.col, name)) if "::" in name else None
            if ref is not None:  # ``S::m`` of an instance member (parse_exprs.instance_member_ref)
                raise self.err(_name_span(pos, name), ref[1], ref[0])
            raise self.err(_name_span(pos, name), f"undeclared identifier '{name}'", 3004)
        if isinstance(g, CbVar):
            return self.global_value(g)
        return self.lookup_global_rest(g, name, pos)

    def global_value(self, g: CbVar) -> Val:
        cb = g.cb
        key = (id(g), g.offset, self.row_major_default)
        regs = self._cb_regs.get(key)
        if regs is None:
            regs = self._cb_regs[key] = self.cb_slots(g.decl.type, g.offset)
        # tbuffer members are texture-buffer elements, read with ld from t# (tbuffer.py lowers "tb" operands)
        file = "tb" if cb.kind == "tbuffer" else "cb"
        slots = [(file, (cb.slot, r), None, c) for r, c in regs]
        if file == "cb":  # fxc takes a float member for finite (nanprops)
            bases = leaf_bases(g.decl.type)
            if len(bases) == len(slots):
                self.float_cb_slots.update(s for s, b in zip(slots, bases, strict=True) if b == FLOAT)
                self.bool_cb_slots.update(s for s, b in zip(slots, bases, strict=True) if b == BOOL)
            uintrange.note_constant_slots(self, g.decl.type, slots)
        v = Val(g.decl.type, slots)
        if any(b == BOOL for b in leaf_bases(g.decl.type)):
            # bools are stored as 0/1 in constant buffers; make them ~0/0
            bases = leaf_bases(g.decl.type)
            new = []
            for s, b in zip(slots, bases, strict=True):
                new.append(self.alu("ine", INT, 1, [[s], [imm(0)]])[0] if b == BOOL else s)
            v = Val(g.decl.type, new)
        v.obj = struct_object_ref(self, g.decl) or ("cbvar", g)
        return v

    def lookup_global_rest(self, g: Any, name: str, pos: Pos) -> Val:
        if isinstance(g, Resource):
            return Val(g.type, [], g)
        if isinstance(g, tuple):
            if g[0] == "staticval":
                return g[1]
            if g[0] == "resarray":
                return Val(g[2], [], ("resarray", g[1]))
            if g[0] == "tgsm":
                if name not in self.tgsm:  # g# registers go to the groupshared variables the shader uses
                    check_gate(self, LANGUAGE["groupshared"], pos, name,
                               stage_msg="'{name}': groupshared variables are only valid in compute shaders")
                    self.tgsm[name] = (len(self.tgsm), g[1].type.slots * 4, g[1].type)
                    if self.stage == "cs" and self.major == 4:
                        # D3D11.3 §18.7.2.9: cs_4_x has no raw g#; each is one structure per thread (fxc's
                        # BC7Encode: groupshared BufferShared shared_temp[64] -> dcl_tgsm_structured g0, 100, 64)
                        self.tgsm_elem.add(len(self.tgsm) - 1)
                    elif array_leaf(g[1].type).slots > 1:
                        self.tgsm_raw.add(len(self.tgsm) - 1)
                gi, stride, t = self.tgsm[name]
                # a const groupshared variable is read-only like any const (X3025; const_groupshared)
                return Val(t, [], ("tgsm", gi, stride), readonly="const" in g[1].mods)
            if g[0] == "static":
                raise self.err(pos, f"static '{name}' used before initialisation", 3004)
            if g[0] == "cbarray":
                if g[2] is None:
                    raise NotSupportedError(f"shader model 5.1: reading an element of the ConstantBuffer<T> array "
                                            f"'{name}' (unbounded, without register() or the unbounded-tables flag) is not built")
                return Val(g[1].type, [], ("cbarray", g[2]))
            if g[0] == "iface":  # only method calls through interface pointers are supported (linkage.py)
                raise NotImplementedError("interface pointers used other than to call a method")
        raise self.err(_name_span(pos, name), f"undeclared identifier '{name}'", 3004)

    def size_unsized_array(self, t: ArrayType, init: A.InitList, pos) -> ArrayType:
        """``T a[] = { … };`` whose items the parser could not size (variables, calls): the array has as many
        elements as the items' scalar components fill (the variable-syntax page: an unsized array takes its
        size from its initialiser), counted from the items' types. The items are evaluated for their types
        only; the code that emits is dropped (the initialiser is evaluated again to store it)."""
        from .parser import _flat_count

        if holds_objects(t.elem) or isinstance(t.elem, ObjectType):
            return t
        n_code, n_temps, var_temps = len(self.code), self.ntemps, set(self.var_temps)
        used = [(r, r.used) for r in self.resources]
        total = 0
        try:
            stack: list[A.Node] = [init]
            while stack:
                node = stack.pop()
                if isinstance(node, A.InitList):
                    stack.extend(node.items)
                else:
                    total += _flat_count(self.expr(node).type)
        finally:
            del self.code[n_code:]
            self.ntemps, self.var_temps = n_temps, var_temps
            for r, u in used:
                r.used = u
        if total % max(1, _flat_count(t.elem)):  # no whole number of elements (as the parser's sizing)
            raise self.err(pos, "implicit array type does not match initial value", 3075)
        return ArrayType(t.elem, total // max(1, _flat_count(t.elem)))

    def declare_local(self, d: A.VarDecl, scope: dict[str, Val]) -> Val:
        note_template_local(self, d)  # X3020 of a typed object's mixed element, deferred (templates.py)
        if d.init is not None or "static" in d.mods:  # X3651 below 5.0, before the initialiser's (doubles.py)
            from .doubles import check_declared

            check_declared(self, d.type, d.pos)
        if "static" in d.mods and self.scopes and scope is not self.scopes[0]:
            # a function's static local: one variable for every inlined call, initialised once at the start
            v = self.local_statics.get(id(d))
            if v is None:
                mark = len(self.code)
                # its scope begins at the declarator: an initialiser naming it reads it (X4000, not X3004)
                v = self._declare_local(d, scope if _names_itself(d) else {})
                if d.init is None:
                    self.store(v.slots, [imm(0)] * len(v.slots))  # statics start zeroed
                # moved to the prologue (listing() puts it first): code positions held by loops and
                # inlining (unroll, constprop fences) stay valid
                self.static_prologue.extend(self.code[mark:])
                del self.code[mark:]
                if "const" in d.mods:  # a constant: its initial value holds wherever the function is inlined
                    self.local_static_consts[id(d)] = {s: self.kconst[s] for s in v.slots if s in self.kconst}
                else:
                    from .constprop import untrack

                    untrack(self, v.slots)
                self.local_statics[id(d)] = v
            self.kconst.update(self.local_static_consts.get(id(d), {}))
            scope[d.name] = v
            return v
        v = self._declare_local(d, scope)
        if self.wants_debug_info:
            from .debuginfo import record_variable

            record_variable(self, d, v)
        return v

    def _declare_local(self, d: A.VarDecl, scope: dict[str, Val]) -> Val:
        t = d.type
        if self.d3d9 and self.min_precision_local is None:
            from .precision import _min_numeric

            if _min_numeric(t):  # not an array or a struct of them (precision.note_d3d9_min_precision)
                self.min_precision_local = (d.pos, d.name)
        if holds_objects(t):
            return _const_object(d, scope, obj_declare_local(self, d, scope))
        if isinstance(t, InterfaceType):  # a compile-time name for a pointer or class instance
            from .ifacelocals import declare

            return declare(self, d, scope)
        if isinstance(t, ObjectType) and t.kind == "string" and d.init is None:
            scope[d.name] = Val(t, [])  # no storage: DXC's SemaHLSL string.hlsl records fxc accepting `string s;`
            return scope[d.name]
        if isinstance(t, ObjectType) and (t.kind in EFFECT_KINDS or t.kind.endswith("Stream")) and d.init is None:
            # an effect object (state object, shader, view) declared in a function, with or without a state
            # block, is ignored as at global scope: DXC's effects-syntax records fxc passing
            # ``RenderTargetView rtv { state=foo; };`` in a function body; a stream too, no value until one is
            # assigned (d3dcompiler_47 10.1, session 46: ``TriangleStream<D> v;``, ``v = s;`` compile)
            scope[d.name] = Val(t, [])
            return scope[d.name]
        if isinstance(t, ObjectType):
            if d.init is None:
                # (a patch's X3012 is the parser's; a salvaged declaration (salvage.py) reaches here)
                raise self.err(d.pos, f"'{d.name}': missing initial value", 3012)
            v = self.expr(d.init)
            if (t.kind in EFFECT_KINDS or t.kind == "string") and isinstance(v.type, (NumType, ObjectType)) and \
                    not (isinstance(v.type, ObjectType) and v.type.kind.lower() in (t.kind.lower(), "null")):
                # an effect object or string local takes its own kind only (d3dcompiler_47 10.1, session 44, ACC:
                # ``BlendState b = rs;`` of a RasterizerState, ``= 1``, ``= s`` of a string, ``PixelShader``
                # into ``VertexShader``, ``string b = blend;`` are X3017); NULL suits each (session 45)
                raise self.err(d.pos, f"cannot implicitly convert from '{v.type}' to '{t}'", 3017)
            if t.kind in STREAM_KINDS and isinstance(v.type, ObjectType) and not objects_compatible(v.type, t):
                # (objcompat: a stream local takes its own topology and vertex type; d3dcompiler_47 10.1, session 47)
                raise self.err(d.pos, f"cannot implicitly convert from '{v.type}' to '{t}'", 3017)
            if t.kind in STREAM_KINDS:
                v = Val(t, [])  # a copy, not the parameter: fxc emits nothing through it (objmethods._method)
            if t.kind in ("InputPatch", "OutputPatch") and t.elem is not None and not _fits_patch(v.type, t):
                # a patch local takes an array of exactly its control-point type and count (d3dcompiler_47 10.1,
                # session 39 MUT: ``InputPatch<float, 2> p = data;`` of a float[1], float[3], min16float[2],
                # int[2], float4[2], a float2 or a float1x1 is X3017)
                raise self.err(d.pos, f"cannot implicitly convert from '{v.type}' to 'const {t}'", 3017)
            if t.kind in EFFECT_KINDS or t.kind == "string":  # its own variable of its type, NULL's or a const's
                v = Val(t, v.slots, v.obj)  # copy (fxc 10.1: ``PixelShader b = g; b = NULL;`` compiles)
            scope[d.name] = v
            return _const_object(d, scope, v)
        if isinstance(t, ArrayType) and t.count == 0 and isinstance(d.init, A.InitList):
            t = self.size_unsized_array(t, d.init, d.pos)
            d.type = t
        if isinstance(t, ArrayType) and t.count == 0:
            raise self.err(d.pos, f"'{d.name}': array dimensions must be literal integers", 3058)
        if d.init is not None and _names_itself(d):
            return self._declare_self_initialised(d, t, scope)
        init = self.init_value(d.init, t, d.pos) if d.init is not None else None
        if isinstance(t, ArrayType) and "const" in d.mods and init is not None and \
                all(is_imm(x) for x in init.slots):
            # a constant array stays a constant: literal indices fold, run-time ones read the
            # immediate constant buffer (icb.py), as fxc does
            v = Val(t, list(init.slots), readonly=True, literal=const_literal(self, d, t))
            scope[d.name] = v
            return v
        if isinstance(t, ArrayType):
            # other arrays go to an indexable temp (dynamic indexing must work)
            v = Val(t, indexable_slots(self, t))
            if init is None and not d.mods & {"static", "groupshared"}:
                self.uninit_local_arrays.append((d.name, d.pos, sorted({s[1][0] for s in v.slots if s[0] == "x"})))
        else:
            v = Val(t, self.local_matrix_slots(t) or self.alloc_slots(t.slots, var=True))
            if init is None:
                self.uninit_locals.append((d.name, d.pos, list(v.slots)))
        if init is not None:
            if self.d3d9 or self.level9:
                from .doubles import holds_double, read_double

                if holds_double(t):  # the local takes a double (a dead one too: fxc 10.1, session 44)
                    read_double(self, d.pos)
            self.store(v.slots, init.slots)
        if "const" in d.mods:
            v.readonly = True
            v.literal = const_literal(self, d, t)  # its exact value to fxc's front end (constlit.py)
        scope[d.name] = v
        return v

    def _declare_self_initialised(self, d: A.VarDecl, t: Type, scope: dict[str, Val]) -> Val:
        """``uint sum = sum;``, ``float2x2 b = float2x2(a.x, b._m00, …)``: as in C, a local's scope begins at
        its declarator, before its initialiser, so the initialiser reads the variable itself, still undefined
        (fxc compiles DXC issue 2419's ``uint sum = sum; return sum;`` with only warning X3578 "Output value
        'main' is not completely initialized"; an outer variable of the same name is already hidden). The
        storage is made first and the initialiser stored into it; the components it reads stay undefined
        (uninit.py leaves an output copied from them unwritten, as fxc does)."""
        if isinstance(t, ArrayType):
            from .selfinit import declare_self_initialised_array  # its own reads undefined, their copies unwritten

            return declare_self_initialised_array(self, d, t, scope)
        else:
            v = Val(t, self.alloc_slots(t.slots, var=True))
            # undefined until the initialiser's store: an operation on what it reads of itself is X4000
            # (``float x = x + 1; return x;``, ``bool b = b && c;``), a plain copy is not (``float4 x =
            # float4(1, x.x, 2, 3);`` compiles) -- uninit.check_uninitialized_reads' rule for any such local
            self.uninit_locals.append((d.name, d.pos, list(v.slots)))
        scope[d.name] = v
        init = self.init_value(d.init, t, d.pos)
        self.store(v.slots, init.slots)
        if "const" in d.mods:
            v.readonly = True
        return v

    def init_value(self, init: A.Node, t: Type, pos: Pos) -> Val:
        if isinstance(init, A.InitList):
            # one unit per component: a double takes two slots but counts once (``float2 x = { 1, d }``)
            units: list[tuple[str, list[Slot]]] = []
            for item in init.items:
                iv = self.init_flat(item)
                bases = component_bases(iv.type)
                k = 0
                for b in bases:
                    w = 2 if b == DOUBLE else 1
                    units.append((b, iv.slots[k:k + w]))
                    k += w
            leaves = [NumType(b) for b in component_bases(t)]
            if len(units) != len(leaves):
                raise self.err(pos, f"initializer does not match type: expected {len(leaves)} components, "
                                    f"got {len(units)}", 3017)
            out: list[Slot] = []
            for (b, s), lt in zip(units, leaves, strict=True):
                if DOUBLE in (b, lt.base):
                    out += self.convert(Val(NumType(b), s), NumType(lt.base), pos).slots
                else:
                    out += self.convert_base(Val(NumType(b), s), lt.base).slots
            return Val(t, out)
        if isinstance(t, NumType) and t.base == BOOL:  # ``bool b = m;``: an /Od float test (odbool.py)
            from .odbool import test_operand

            v = test_operand(self, init)
        else:
            v = self.expr(init)
        # an initializer without braces converts as an assignment does: a scalar, vector or matrix never
        # initialises a struct or an array, nor an aggregate a number (fxc 10.1: ``S r = float2(..)`` and
        # ``float2 r = s`` are X3017 "cannot convert", ``S r = float_array2`` passes; session 35 INTR)
        from .assign import check_aggregate_assignment

        check_aggregate_assignment(self, v.type, t, pos)
        return self.convert(v, t, pos)

    def init_flat(self, item: A.Node) -> Val:
        if isinstance(item, A.InitList):
            slots: list[Slot] = []
            bases: list[str] = []
            for x in item.items:
                v = self.init_flat(x)
                slots += v.slots
                bases += component_bases(v.type)
            return Val(FlatType(bases), slots)
        return self.expr(item)

    # --- expressions ------------------------------------------------------------------------------------
    def expr(self, e: A.Node) -> Val:
        from . import exprs

        return exprs.expr(self, e)

#: operations folded while generating code (the optimiser folds the rest of the ALU tables later; these are
#: the ones expressions on literals produce before any instruction exists)
_CODEGEN_FOLDS = frozenset({
    "add", "mul", "div", "iadd", "imul", "and", "or", "xor", "not", "ishl", "ushr", "ishr", "ineg", "neg", "itof",
    "utof", "ftoi", "ftou", "eq", "ne", "lt", "ge", "ieq", "ine", "ilt", "ige", "ult", "uge", "min", "max", "imin",
    "imax", "umin", "umax", "movc", "udiv", "urem", "sqrt", "round_ni", "round_pi", "round_z", "round_ne", "frc",
    "sin", "cos", "bfrev", "countbits", "firstbit_lo", "firstbit_hi", "firstbit_shi"})
#: the shader model 5 bit intrinsics fxc folds on constants like the operators (d3dcompiler_47 10.1, session 40
#: GEN: ``u / (int)reversebits(0u)``, ``u / countbits(0u)``, ``u / (firstbithigh(0u) + 1)`` are X4010)
_BIT_FOLDS = frozenset({"bfrev", "countbits", "firstbit_lo", "firstbit_hi", "firstbit_shi"})


def _chunks(srcs: list[list[Slot]], n: int) -> list[tuple[int, int]]:
    """(start, length) of the instructions of a component-wise operation over ``n`` lanes: four at a time,
    except that an operation over more than four lanes (a matrix) whose sources come a row per register (a
    local matrix, local_matrix_slots) follows the rows, so no row straddles two instructions' registers and
    the result keeps a row per register, as fxc's code does (``dp3 r1.x, -cb0[3].xyzx, …`` for a row of
    ``-lightDirections``)."""
    if n > 4:
        regs = [s for s in srcs if s and not is_imm(s[0])]
        if regs:
            first = regs[0]
            starts = [i for i in range(n) if i == 0 or first[i][:3] != first[i - 1][:3]]
            runs = list(zip(starts, [b - a for a, b in zip(starts, [*starts[1:], n])]))
            if len(runs) < n and all(k <= 4 for _, k in runs) and all(
                    len({x[:3] for x in s[i:i + k] if not is_imm(x)}) <= 1 for s in srcs for i, k in runs) \
                    and any(k < 4 for _, k in runs[:-1]):
                return runs
    return [(i, min(4, n - i)) for i in range(0, n, 4)]


def _names_itself(d: A.VarDecl) -> bool:
    """Whether the initialiser of ``d`` names the variable being declared (an identifier, not a member or a
    called function of that name)."""
    return any(isinstance(n, A.Ident) and n.name == d.name for n in walk(d.init))


_ = (struct, LIT_FLOAT, LIT_INT, common_base, ReturnSignal)


def concrete_name(base: str) -> str:
    return concrete(base)


def _fits_patch(src: Type, t: ObjectType) -> bool:
    """Whether a value of type ``src`` initialises the patch local ``t``: an array of its control points (or a
    patch of them, or a value this module does not type: a reference)."""
    from .overload import flat_components

    def parts(x: Type | None) -> list | None:  # per component: its base and spelling (half is no float here)
        return flat_components(x, lambda n: (n.base, n.prec))

    def same(a: Type | None, b: Type | None) -> bool:
        # a control point matches component by component: ``struct V { float4 p; }`` is a float4 (fxc 10.1 compiles
        # ``InputPatch<float4, 3> q = ip;`` of an InputPatch<V, 3>)
        pa, pb = parts(a), parts(b)
        return pa == pb if pa is not None and pb is not None else str(a) == str(b)

    if isinstance(src, ArrayType):
        return src.count == t.samples and same(src.elem, t.elem)
    if isinstance(src, ObjectType):
        return src.kind not in ("InputPatch", "OutputPatch") or (src.samples == t.samples and same(src.elem, t.elem))
    return False


def _const_object(d: A.VarDecl, scope: dict, v):
    """A ``const`` local holding objects is read-only as a whole: an element written through its operator[]
    (``const RWBuffer<uint> l = u; l[0] = 1;``, a const struct's or array's object too) is fxc 10.1's X3025
    "l-value specifies const object", while a method that writes (Store, InterlockedAdd) compiles (session 39
    ACC; assign.lvalue). The scope gets its own read-only Val (the initialiser's may be the global's)."""
    if "const" not in d.mods or v is None or d.name not in scope:
        return v
    cur = scope[d.name]
    ro = Val(cur.type, cur.slots, cur.obj, cur.lv, True, cur.param)
    scope[d.name] = ro
    return ro
