"""The code generator's shared state: the explicit interface between :class:`.codegen.Codegen` and the
helper modules it delegates to (expressions, intrinsics, objects, signatures, GS/HS/DS, layout, checks,
constant propagation, unrolling, debug information...).

A helper function takes the generator as ``cg: CodegenContext`` and may read or write exactly what this
protocol declares; ``tests/test_hlsl_cgstate.py`` checks every ``cg.X`` in the helper modules against it
and that a generator provides all of it. State that only one stage or one feature needs is kept in its
own named part (:class:`GsState`, :class:`TessState`, :class:`DebugState`, :class:`IcbState`) instead of
loose attributes, and every part exists from construction (no ``getattr`` probing for state a helper
creates on first use)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from . import ast as A
    from .diagnostics import HlslError, Pos
    from .linkage import LinkState
    from .operands import Ins, Reg, Slot
    from .types import NumType, Type
    from .values import CBuf, CbVar, Resource, SigElem, Val


@dataclass(eq=False)
class GsState:
    """Geometry-shader declarations and output streams (gs.py)."""

    maxout: int = 0  # [maxvertexcount(n)]
    instances: int = 0  # [instance(n)]
    prim: str = ""  # input primitive (point, line, triangle, lineadj, triangleadj)
    topology: str | None = None  # output topology of the streams appended to
    streams_used: set[int] = field(default_factory=set)
    #: the stream whose Append is being bound; each stream has its own output elements (packed from o0)
    #: and declarations, as fxc writes them (streams may use the same output registers)
    out_stream: int = 0
    stream_sigs: dict[int, list] = field(default_factory=dict)
    stream_decls: dict[int, list[str]] = field(default_factory=dict)
    stream_count: int = 0
    stream_types: dict = field(default_factory=dict)  # output stream -> element type (gs.py, check.py)
    #: (position, the vertex's slots, the variable appended, its emit instruction) of each Append of a variable:
    #: X4000 (uninit.warn_incomplete_outputs)
    appends: list[tuple] = field(default_factory=list)
    #: the bytecode validator's X8000 of maxvertexcount x output components over 1024 (gs.py), reported once the
    #: program is otherwise complete (compiler.py)
    output_limit_error: Any = None
    #: X4592 "when multiple GS output streams are used they must be pointlists", reported as late as
    #: output_limit_error (gs.stream_method)
    stream_kind_error: Any = None
    #: X4570, a stream past the target's (gs.stream_method): after the body's refusals and the signature's semantics,
    #: before the finished code's errors (compiler.py)
    stream_target_error: Any = None


@dataclass(eq=False)
class TessState:
    """Hull/domain-shader state (hs.py): the patch-constant function and the phase listing."""

    domain: str = ""  # [domain("tri"|"quad"|"isoline")]
    partitioning: str = ""  # [partitioning(...)] of the hull shader (tessfactors.py rounds by it)
    pc_outputs: list[SigElem] = field(default_factory=list)  # patch-constant signature
    in_pcf: bool = False  # generating the patch-constant function
    #: the patch-constant outputs' tessfactor refusal (hs.check_tess_factor_outputs), raised after the function's
    #: body, whose type rules come first
    factor_error: Any = None
    late_error: Any = None  # X4576 / X3502 of the tessfactors, raised after every other refusal (compiler.py)
    hs_head: list[str] = field(default_factory=list)  # hs_decls lines
    hs_phases: list = field(default_factory=list)  # (kind, code, decls...) per hull phase
    ds_head: list[str] = field(default_factory=list)  # domain-shader declarations before the globals
    cp_names: set[str] = field(default_factory=set)  # names the control-point function reaches (layout.py)


@dataclass(eq=False)
class DebugState:
    """/Zi debug information (debuginfo.py): the statement being compiled, the local variables declared
    (name, slots, file, first line, last line of their block) and, after listing(), the tables."""

    cur_loc: tuple | None = None
    vars: list[dict] = field(default_factory=list)
    table: dict | None = None
    scope_ends: list[int] = field(default_factory=list)


@dataclass(eq=False)
class IcbState:
    """The immediate constant buffer (icb.py)."""

    rows: list[tuple[int, int, int, int]] = field(default_factory=list)
    placed: dict = field(default_factory=dict)  # constant array -> first icb row


class CodegenContext(Protocol):
    """What a helper module may use of the code generator. Attributes are read and written in place;
    methods are the generator's own (codegen.py, signatures.py)."""

    # --- the compile: source, target, flags --------------------------------------------------------
    prog: A.Program
    entry: str
    stage: str  # 'vs', 'ps', 'gs', 'hs', 'ds', 'cs'
    major: int
    minor: int
    level9: str | None  # the 4_0_level_9_x target when compiling for one (its Aon9 program)
    #: the Direct3D 9 target (vs_2_0 ... ps_3_0) when compiling for one (sm2/d3d9.py): every constant and
    #: struct member starts a register and signature elements are not packed, as D3D9 registers hold them
    d3d9: str | None
    #: set while uncalled.py type-checks a function nothing calls: runs each expression statement so one
    #: failing for a reason other than a type rule is passed over (None otherwise)
    probe_skip: Any
    compile_flags: int  # D3DCOMPILE_* Flags1
    #: the Flags1 the caller passed (a Direct3D 9 target adds backwards compatibility to compile_flags)
    requested_flags: int
    entry_attrs: dict  # attributes of the entry point's first declaration
    root_signature_pos: Any  # where the entry point's [RootSignature(...)] stands, None without one (entryattrs)
    clip_planes: list  # a vertex shader's [clipplanes] arguments (entryattrs)
    clip_pos: list | None  # the SV_Position output components the clip planes test
    out_owner: object  # the parameter (or "$return") whose outputs are being bound
    numthreads: tuple[int, int, int] | None  # a compute shader's [numthreads(x, y, z)]
    warnings: list[tuple[Pos, int, str]]  # fxc warnings (pos, code, message)
    entry_returns: list[tuple[Pos, list, str]]  # entry outputs: (position, slots, the value's name) (X3578)
    entry_output_svs: dict[int, list]  # per entry_returns index: each slot's system-interpreted spelling (X4580)
    late_output_error: HlslError | None  # an output refusal fxc reports after X4580 (ps_4_0's SV_Coverage)
    entry_array_outs: dict[int, Pos]  # entry_returns indices of out-parameter arrays: the return's position
    late_input_errors: list[tuple[str, int, HlslError]]  # inputs refused only where read: (file, reg, error)
    cube_array_counts: list[tuple[int, Pos]]  # TextureCubeArray float GetDimensions results (texops X4598)
    expr_pos: Pos | None  # the innermost expression under evaluation (Ins.epos: X4000's position)
    uninit_locals: list[tuple[str, Pos, list]]  # numeric locals declared without an initialiser (uninit.py X4000)
    uninit_arrays: list[tuple[str, Pos, list[int]]]  # groupshared arrays outside cs (uninit.py X4575)
    uninit_local_arrays: list[tuple[str, Pos, list[int]]]  # local arrays without initialiser (uninit.py X4000/X4575)
    undefined_scan: Any  # refactor._UndefinedScan: what the code so far writes, kept between reads_undefined calls
    reinterpreted_bits: set[int]  # non-finite bits asfloat of an integer constant gave (nonfinite.py X4579)
    min_precision_local: tuple | None  # the first min-precision local at a D3D9 target (precision.py X3703)
    ended_entries: set[int]  # entry points a loop whose first pass surely returns ends (unroll.py: X3507)
    deferred_target_error: Exception | None  # a target refusal judged after the body (compiler.py)
    deferred_double_error: HlslError | None  # a double below SM5, reported after the type rules (doubles.py)
    deferred_call_error: HlslError | None  # X3510 of a call without a definition (inlining.missing_implementation)
    deferred_late_error: HlslError | None  # a late gate reported after the type rules (intrinsics.py)
    signature_errors: list[HlslError | None]  # the signature's [element-type, semantics] refusals (sigphase.py)
    #: the first refusal fxc reports right after the type rules (X3683 / X3020 of a resource element, templates.py;
    #: X3514 of gs_4_x instancing, gs.py; X3523 of a tex* intrinsic, intrinsics_math.py)
    deferred_gate_error: HlslError | None
    deferred_oob_error: HlslError | None  # a literal index out of bounds, after the type rules (exprs.out_of_bounds)
    level9_sm4_error: HlslError | None  # a level-9 object's SM4-part refusal, last (divisions.level9_sm4_part)
    void_return_error: HlslError | None  # X3079, raised after the value's type rules (check.check_function)
    layout_errors: list[HlslError]  # packoffsets that do not fit (cg_resources), judged after the type rules (bufregs)
    unmapped_stage_error: HlslError | None  # X4532 of a discard outside a pixel shader, reported last (cgstmts.py)
    strict_bounds: int  # >0 while a loop is unrolled: an index out of bounds raises at once (unroll._unroll)
    deferred_legacy_error: HlslError | None  # X3548 / X3543 / X3704 below SM4, after the type rules (uintrange.py)
    #: an object out parameter of a legacy entry point whose write decides X3508 (d3d9outputs.object_output_error)
    object_outs: list
    refusal_clock: int  # counts the deferred refusals as code generation meets them (uintrange.stamp)
    skip_target_error: bool  # generate past deferred_target_error to find the dead resources (compiler.py)

    # --- instructions and registers ----------------------------------------------------------------
    code: list[Ins]
    static_prologue: list[Ins]  # static locals' initialisation, placed first (cglisting.listing; legacytex.py)
    var_temps: set[int]  # temps that hold variables (kept apart by the register allocator)
    fmarks: dict[tuple[int, int], tuple]  # fresh temp component -> what fxc assumes of it (nanprops.py)
    float_cb_slots: set  # cbuffer slots of float members (nanprops.py)
    ranges: dict[tuple[int, int], tuple]  # fresh temp component -> its known interval (uintrange.py)
    zero_bits: dict[tuple[int, int], tuple]  # fresh temp component -> its known-zero / known-one bits (zerobits.py)
    uint_slots: set  # cbuffer slots of uint members (uintrange.py)
    min_int_slots: set  # slots of minimum-precision integer values (uintrange.min16uint_values)
    bool_cb_slots: set  # cbuffer slots of bool members (twovalued.py)
    unsigned_literals: set  # words of hex / octal literals past INT_MAX (uintrange.py)
    ntemps: int  # temps allocated so far (new_temp's next r#)
    global_decl_index: dict[str, int]  # a global's name -> its declaration's index in the program (codegen)
    indexable: dict[int, int]  # x# -> registers
    input_origin: dict[Slot, Slot]
    untracked_slots: set[Slot]  # never constant-propagated (constprop.py)
    kconst: dict  # variable temp slot -> known constant bits (constprop.py)
    local_statics: dict  # a function-local static's declaration id -> its value (objects.py reads the objects held)
    unfolded_reads: int  # > 0: variable reads keep their registers (odbool.py, /Od float tests)
    tgsm: dict  # groupshared name -> (g#, stride bytes, type)
    tb_reads: dict  # tbuffer number -> the (register, component) pairs its loads read (tbuffer.py)
    unroll_met_runtime: bool  # an unrolled copy met a run-time condition (unroll.py's forced unroll)
    tgsm_raw: set[int]  # g# declared raw
    tgsm_elem: set[int]  # cs_4_x g#: structured, one element per thread (index, byte offset)
    tgsm_own_bases: dict  # groupshared element base -> the SV_GroupIndex slot indexing it (memaccess.mem_index)
    tgsm_thread_writes: list  # (pos, SV_GroupIndex working slot) of each cs_4_x own-element write
    pixel_ops_elsewhere: list  # (pos, accesses, late) of the X4532 calls judged after dead code (intrinsics.py)
    unmappable_deferred: bool  # the method call being generated has such an X4532 (objmethods.method)
    late_model_ok: bool  # a coarse/fine derivative below 5.0 generated past its gate (intrinsics)
    thread_aliases: dict  # an inlined parameter's copy -> the argument slot it copies (memaccess.thread_index_chain)
    icb: IcbState

    # --- declarations: functions, globals, resources, constant buffers -----------------------------
    funcs: dict[str, list[A.FuncDef]]
    func_order: dict[int, int]  # id(FuncDef) -> declaration index
    called_funcs: set[tuple]  # functions inlined (uncalled.func_key); the others are type-checked apart
    globals: dict[str, Any]
    resources: list[Resource]
    cbufs: list[CBuf]
    params_cb: CBuf | None  # "$Params" (uniform entry-point parameters), after collect()
    cb_reach: dict[tuple[int, int], tuple[int, int]]  # dynamic cbuffer read (slot, register) -> (last, stride)
    reg_overlaps: list[tuple[CbVar, CbVar]]
    bad_reservations: list  # (resource, position, "t2"): reservations in another register set (objects.py)
    reserved_blocks: list  # registers reserved by struct/array objects (objects.py)
    param_objects: dict  # entry parameter -> its object leaves (objects.py)
    dead_resources: frozenset[str]  # resources a previous generation found dead (deadres.py)
    dynamic_resarrays: set[str]  # resource arrays indexed at run time (5.1: every element live)
    cb_array_slots: dict[int, list[int]]  # 5.1: arrays of ConstantBuffer<S> read at a run-time index
    legacy_tex_uses: list  # D3D9-style sampler uses awaiting their t# (legacytex.py)
    linkage: LinkState | None  # interface calls (linkage.py), made on first use
    double_flags: set[str]  # global flags the double instructions need (doubles.py)
    precise_seen: bool | None  # the source declares something precise (refactor.py)
    min_precision_used: bool  # the interface holds a min-precision type (globalflags.py)
    min_precision_ops: bool  # the code computed a min-precision value (globalflags.note_min_precision)
    min_precision_sites: set  # the positions (Ins.epos) of min-precision operations (globalflags.py)
    min_precision_kinds: dict[int, str]  # id(expression) -> the precision it was evaluated at
    d3d9_min_kinds: dict[int, str]  # id(expression) -> its kind to the D3D9 validator (d3d9minprec.py)
    d3d9_min_sites: set  # positions of operations at minimum float precision (d3d9minprec.py)
    d3d9_min_error: HlslError | None  # the D3D9 validator's X5003 / X5004 / X5307 / X5308 (d3d9minprec.py)

    # --- statements being generated ----------------------------------------------------------------
    scopes: list[dict[str, Val]]
    loops: list[dict]  # break/continue context
    func_ctx: list[dict]  # inlined calls: return type, result slots, out parameters
    call_stack: list[str]
    func_index_stack: list[int]
    uav_load_ok: int  # >0 while evaluating out-only call arguments
    wide_typed_uavs: set[int]  # u# registers loaded as more than one 32-bit component (intrinsics.py)
    unrolled_iterations: int  # loop iterations unrolled so far (unroll.py)
    select_writes: int  # >0 inside a loop that cannot unroll: run-time-index writes become selects (unroll.py)
    loop_counter_ranges: list[dict]  # the enclosing loops' counter intervals (uintrange.enter_loop)
    unbound_names: frozenset[str]  # declared as an unbraced loop/branch body: unbound after it (unroll._unbind)
    entry_outputs: tuple | None  # (the entry's definition, its out parameters) while its body is generated (unroll)
    dead_branches: tuple[dict, set]  # branches pruned as constant, to type-check, and the generated ones (deadcode)
    inherited_if_attributes: dict[int, list]  # [branch]/[flatten] a constant if passes on (constattrs)

    # --- signatures ----------------------------------------------------------------------------------
    inputs: list[SigElem]
    outputs: list[SigElem]
    in_decls: list[str]
    out_decls: list[str]
    output_owner: dict[tuple[str, int], object]
    output_merges: dict[tuple, dict]  # signatures._merge_output
    d3d9_depth_error: Any  # a D3D9 ps DEPTH vector's X4528, judged late (d3d9outputs.py)
    d3d9_duplicate_color: Any  # a D3D9 ps colour output bound twice, judged after X4529 (d3d9outputs.py)
    sig_packers: dict  # packing state per signature (sigpack.py)

    # --- per-stage parts ------------------------------------------------------------------------------
    gs: GsState
    tess: TessState
    debug: DebugState

    # --- methods ---------------------------------------------------------------------------------------
    @staticmethod
    def err(pos: Pos, msg: str, code: int) -> HlslError: ...
    def warn(self, pos: Pos, code: int, msg: str) -> None: ...
    def temp(self, var: bool = False) -> int: ...
    def size_unsized_array(self, t: Any, init: Any, pos: Pos) -> Any: ...  # T a[] = {...} (foldinit.py)
    def alloc_slots(self, n: int, var: bool = False) -> list[Slot]: ...
    def emit(self, op: str, *args: Reg, suffix: str = "", tail: str = "") -> None: ...
    def emit_final_ret(self) -> None: ...
    def layout_cbuffer(self, cb: CBuf) -> None: ...
    @property
    def wants_debug_info(self) -> bool: ...
    def debug_parameters(self, f: A.FuncDef, scope: dict[str, Val]) -> None: ...
    def src(self, slots: list[Slot], mod: str = "") -> Reg: ...
    def op(self, name: str, n: int, srcs: list[list[Slot]], mods: list[str] | None = None, sat: bool = False,
           dst_pos: int = 0, ndst: int = 1) -> list[Slot]: ...
    def alu(self, name: str, base: str, n: int, srcs: list[list[Slot]], mods: list[str] | None = None,
            sat: bool = False, dst_pos: int = 0, ndst: int = 1) -> list[Slot]: ...
    def store(self, dst: list[Slot], src: list[Slot]) -> None: ...
    def scalar_temp_slot(self, s: Slot) -> Slot: ...
    def materialize_force(self, slots: list[Slot]) -> list[Slot]: ...
    def convert_base(self, v: Val, to: str) -> Val: ...
    def convert(self, v: Val, to: Type, pos: Pos, explicit: bool = False, context: str = "",
                uint_check: bool = True) -> Val: ...
    def run(self) -> None: ...
    def collect(self) -> None: ...
    def add_resource(self, d: A.VarDecl, order: int) -> None: ...
    def is_row_major(self, t: NumType) -> bool: ...
    def cb_size(self, t: Type) -> tuple[int, bool]: ...
    def field_offsets(self, t: Type) -> tuple[list[int], int]: ...  # t: a StructType
    def cb_slots(self, t: Type, off: int, only_32bit: bool = False) -> list[tuple[int, int]]: ...
    def assign_bindings(self) -> None: ...
    def init_statics(self) -> None: ...
    def lookup(self, name: str, pos: Pos) -> Val: ...
    def global_value(self, g: CbVar) -> Val: ...
    def init_value(self, init: A.Node, t: Type, pos: Pos) -> Val: ...
    def block(self, stmts: list[A.Node]) -> None: ...
    def stmt(self, s: A.Node) -> None: ...
    def scoped(self, s: A.Node) -> None: ...
    def break_unless(self, c: Slot) -> None: ...
    def after_loop(self) -> None: ...
    def cond_slot(self, e: A.Node) -> Slot: ...
    def expr(self, e: A.Node) -> Val: ...
    def listing(self) -> tuple[str, dict[int, int]]: ...
    def global_decls(self) -> list[str]: ...
    def resource_decl(self, r: Resource) -> str: ...  # one resource's dcl_* line (linkage.py: the _indexable form)
    def write_entry_outputs(self, retval: Val | None, pos: Pos) -> None: ...
    def elem_list(self, t: Type, sem: str | None, pos: Pos, name: str) -> list[tuple[NumType, str, int, frozenset]]: ...
    @staticmethod
    def interp_mode(t: NumType, mods: frozenset) -> str: ...
    def bind_output(self, t: Type, sem: str | None, v: Val, pos: Pos) -> list[str | None]: ...
