"""Direct3D 9 compile targets (vs_2_0, vs_2_a, vs_3_0, ps_2_0, ps_2_a, ps_2_b, ps_3_0): raw D3D9 bytecode with
a CTAB block.

The HLSL front end compiles the program as the matching 4_0_level_9_x target would (one register per constant
and per signature element: ``Codegen.d3d9``), the level-9 translation (translate.py) turns the SM4 program into a
shader-model-2 program, and :func:`native_program` rewrites what is 10Level9-specific in it into what a D3D9
runtime reads:

- constants: the translation's constant-buffer mappings become the D3D9 registers fxc assigns -- only the
  constants the program reads, each from a register of its own, ``register(c#)`` where given, the others by
  the number of registers they span, largest first, in declaration order among equals ($Globals before the
  entry point's uniform parameters, named ``$name``), each at the lowest free run; the RegisterCount of a
  constant ends at its last register read (inferred from fxc's listings of the DirectX SDK samples in the
  DXDecompiler corpus: BasicHLSL vs_2_0 assigns g_mWorldViewProjection c0 (4), g_LightDir c4 (3),
  g_LightDiffuse c7 (3), g_mWorld c10 (3 of its 4 rows read), then the one-register constants in declaration
  order and the uniform parameters $nNumLights, $bTexture, $bAnimate; SkinnedMesh: mWorldMatrixArray c0 (78),
  mViewProj c78 (4), ...); ``def`` constants follow the last uniform register (c20 after c0-c19 there);
  int / bool constants sit in float registers (D3D9 keeps ints and bools in c# unless they drive static flow
  control: a rep count read from an int constant uses its i#, a bool that only steers ``if b#`` branches its b#,
  numbered in declaration order -- static_branch.py);
- vertex shaders: no "Vertex Shader position offset" constant (D3D9 applies none), the position goes straight
  to oPos; inputs are declared with the D3DDECLUSAGE of their semantic (``dcl_normal v1``); COLORn outputs
  are oDn, TEXCOORDn outputs oTn, FOG oFog, PSIZE oPts;
- pixel shaders: COLORn inputs are vn, TEXCOORDn inputs tn; COLORn / SV_Targetn outputs oCn, DEPTH oDepth;
- samplers: sampler s# as the HLSL sampler's own register (``sampler2D s : register(s3)`` -> s3);
- shader model 3 ("Registers - vs_3_0 / ps_3_0", "dcl_usage input / output (sm3 asm)"): every vertex output an
  o# and every pixel input a v# declared with its usage; VPOS is vPos; VFACE is vFace, read through a -1 / +1
  temporary an ``if_lt vFace`` sets (_face_sign); sincos takes the angle alone; tex*lod is texldl; then the
  D3D9-only peephole rewrites (peephole.py).

vs_1_1 is vs_2_0 without flow control, its vs_2_0-only instructions expanded (vs11.py); tx_1_0 raises
NotSupportedError naming it (compiler.py); Load / GetDimensions and vertex sampling
other than texldl are X4532 (check_sm3). Profile limits: "Vertex Shader Differences", "Pixel Shader Differences" (instruction slots),
D3DVSHADERCAPS2_0 / D3DPSHADERCAPS2_0 and the D3DX profile definitions of vs_2_a (13 temporaries, static flow
depth 4, dynamic 24, predication), ps_2_a (512 slots, 22 temporaries, arbitrary swizzle, gradient
instructions, predication, no dependent-read or texture-instruction limit) and ps_2_b (512 slots,
32 temporaries, no texture-instruction limit, 4 levels of dependent reads).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from ...errors import NotSupportedError
from ...headers.d3dcompiler_types import D3DCOMPILE_PARTIAL_PRECISION
from ..hlsl.diagnostics import HlslError
from .base import Translation
from .ctab import (
    CLASS_OBJECT,
    CLASS_STRUCT,
    D3DCOMPILE_NO_PRESHADER,
    FLAG_EFFECT,
    Constant,
    ConstantTable,
    RegisterSet,
    TypeInfo,
    encode_ctab,
)
from .defpack import pack_defs
from .mask_selects import fold_mask_selects
from .optimize import _self_move, _split_webs, _temps, allocate_registers, drop_repeated_mova, remove_dead_code
from .peephole import _FLOW, optimize
from .profile import _PS_PORTS, _VS_PORTS, Level9Profile, count_slots
from .program import Dst, Inst, Sm2Program, Src
from .propagate import eliminate_common, fold_constants, propagate_copies
from .tokens import DSTMOD_CENTROID, DSTMOD_PARTIALPRECISION, TEXTURE, Reg, SamplerType, Usage
from .vectorize import merge_lanes
from .vs11 import VS11


@dataclass(frozen=True)
class D3D9Target:
    #: the limits; ``minor`` 1 for every target past 2_0 (the translation's shader-model-2.x instruction set,
    #: which shader model 3 contains)
    profile: Level9Profile
    #: the 4_0_level_9_x target whose HLSL rules the front end applies (intrinsics and checks)
    level9: str
    major: int = 2
    minor: int | None = None  # the version token's minor (None: the profile's)


def _ps(target, sm2, minor, slots, arith, tex, temps, dep, swz, grad, texldd=False) -> Level9Profile:
    return Level9Profile(target, "ps", sm2, minor, 0, slots, arith, tex, temps, 32, 8, 4, 16, dep, swz, grad, 0, 0,
                         _PS_PORTS, coords_by_dimension=True, texldd=texldd or grad)


TARGETS: dict[str, D3D9Target] = {
    "vs_2_0": D3D9Target(Level9Profile("vs_2_0", "vs", "vs_2_0", 0, 0, 256, None, None, 12, 256, 16, 8, 0, None,
                                       True, False, 1, 0, _VS_PORTS), "vs_4_0_level_9_1"),
    "vs_2_a": D3D9Target(Level9Profile("vs_2_a", "vs", "vs_2_x", 1, 0, 256, None, None, 13, 256, 16, 8, 0, None,
                                       True, False, 4, 24, _VS_PORTS), "vs_4_0_level_9_3"),
    "ps_2_0": D3D9Target(_ps("ps_2_0", "ps_2_0", 0, 96, 64, 32, 12, 4, False, False), "ps_4_0_level_9_1"),
    "ps_2_a": D3D9Target(_ps("ps_2_a", "ps_2_x", 1, 512, None, None, 22, None, True, True), "ps_4_0_level_9_3"),
    "ps_2_b": D3D9Target(_ps("ps_2_b", "ps_2_x", 1, 512, None, None, 32, 4, False, False, texldd=True),
                         "ps_4_0_level_9_3"),
    # "Registers - vs_3_0" / "Registers - ps_3_0": 32 temporaries, 256 / 224 float constants, 12 o# outputs,
    # 10 v# pixel inputs, 4 vertex samplers; 512 instruction slots at least; static flow depth 4, dynamic 24
    "vs_3_0": D3D9Target(Level9Profile("vs_3_0", "vs", "vs_3_0", 1, 0, 512, None, None, 32, 256, 16, 12, 4, None,
                                       True, False, 4, 24, _VS_PORTS, texldl=True), "vs_4_0_level_9_3", 3, 0),
    # vs_1_1 (vs11.py): compiled as vs_2_0 without flow control, then restricted to the vs_1_1 instructions
    "vs_1_1": D3D9Target(VS11, "vs_4_0_level_9_1", 1, 1),
    "ps_3_0": D3D9Target(Level9Profile("ps_3_0", "ps", "ps_3_0", 1, 0, 512, None, None, 32, 224, 10, 4, 16, None,
                                       True, True, 4, 24, _PS_PORTS, texldl=True, vpos=True,
                                       vface=True, coords_by_dimension=True), "ps_4_0_level_9_3", 3,
                         0),
}

#: semantic name -> D3DDECLUSAGE (vertex-shader input declarations); SV_Position reads as POSITION
_USAGE = {u.name: u for u in Usage} | {"SV_POSITION": Usage.POSITION}
#: D3D_SHADER_VARIABLE_TYPE -> D3DXPARAMETER_TYPE where they differ (uint is an int to D3D9; other types: float)
_SVT_UINT = 19
_SETUP_RANK = {"def": 0, "defi": 1, "defb": 1, "dcl": 2}
_D3D_NAME_POSITION = 1  # D3D_NAME_POSITION: SV_Position (spelt VPOS / POSITION / SV_Position in the source)
_D3D_NAME_IS_FRONT_FACE = 9  # D3D_NAME_IS_FRONT_FACE: SV_IsFrontFace (VFACE), read as vFace


def _semantic(el) -> tuple[str, int, bool]:
    """(NAME, index, centroid) of a signature element: a D3D9 semantic may end in ``_centroid``
    (``TEXCOORD0_centroid``: centroid interpolation, ``dcl_centroid t0``; the DirectX SDK's AntiAlias sample), whose
    index is the number before the suffix."""
    name, index = el.semantic_name.upper(), el.semantic_index
    if name.endswith("_CENTROID"):
        base = name[: -len("_CENTROID")]
        digits = len(base) - len(base.rstrip("0123456789"))
        name, index = base[: len(base) - digits], int(base[len(base) - digits:] or index)
        return name, index, True
    return name, index, False


def _err(file: str, code: int, msg: str) -> HlslError:
    return HlslError(file, 1, 1, code, msg)


def _type_info(t) -> TypeInfo:
    """The CTAB type of an RDEF type (D3D_SHADER_VARIABLE_CLASS / _TYPE share D3DX9's numbers up to 14)."""
    typ = t.var_type if t.var_type <= 14 else (2 if t.var_type == _SVT_UINT else 3)
    info = TypeInfo(t.var_class, typ, max(t.rows, 1), max(t.columns, 1), max(t.elements, 1))
    if t.var_class == CLASS_STRUCT:
        info.type = 0
        info.members = [(m.name, _type_info(m.type)) for m in t.members]
    return info


@dataclass
class _Var:
    name: str
    buffer: int
    start: int  # first constant-buffer register
    regs: int  # registers it spans
    rdef_type: object
    used: set[int]
    explicit: int | None = None
    d3d9_reg: int = 0
    default: bytes | None = None  # the RDEF default value (the variable's SM4 bytes)

    def default_registers(self) -> bytes | None:
        """The default value as the CTAB holds it: ``count`` float4 registers; ints and bools as the floats a
        D3D9 float register holds for them (struct members copied as they are)."""
        if not self.default:
            return None
        t = self.rdef_type
        out = bytearray()
        for k in range(self.count):
            raw = self.default[16 * k: 16 * k + 16]
            words = list(struct.unpack(f"<{len(raw) // 4}I", raw[: len(raw) // 4 * 4])) + [0] * (4 - len(raw) // 4)
            if t.var_class != CLASS_STRUCT and t.var_type in (1, 2, _SVT_UINT):
                vals = [(1.0 if w else 0.0) if t.var_type == 1 else float(w - (1 << 32) if t.var_type == 2 and
                                                                            w >> 31 else w) for w in words]
                out += struct.pack("<4f", *vals)
            else:
                out += struct.pack("<4I", *words)
        return bytes(out)

    @property
    def count(self) -> int:
        return max(self.used) - self.start + 1


def native_program(tr: Translation, rdef, isgn, osgn, target: str, file: str,
                   explicit: dict[str, int], flags: int, params: set[str] | frozenset[str] = frozenset(),
                   other_sets: dict[str, str] | None = None, cb_slots: tuple[int, ...] = (),
                   preshader: bool = False, move: bool = True,
                   globals_order: tuple[tuple[str, int | None, int], ...] = ()) -> Sm2Program:
    """The D3D9 program (CTAB comment first) of translation ``tr`` of a ``target`` program whose SM4 blob has
    reflection ``rdef`` and signatures ``isgn`` / ``osgn``; ``explicit``: register(c#) of $Globals names;
    ``params``: the entry point's parameter names (a uniform sampler parameter is ``$name``, as fxc's
    uniformFuncParam listing names it); ``other_sets``: $Globals names reserved in other sets than c#, with their
    reservations (hlsl/check.py d3d9_other_set_reservations), refused when read as float constants; ``cb_slots``: see _variables;
    ``preshader``: a shader of an fx_2_0 effect compiled with preshaders (fxc's default there): parameter-only
    code moves into a PRES preshader (preshader.py) and the CTAB carries the effect's flags; ``move=False``: the
    effect's flags without moving anything (where the preshader's outputs do not fit the constant registers);
    ``globals_order``: the global declarations in source order with each one's register(s#) (None: none) and
    element count, for the sampler registers (_allocate_samplers)."""
    prof = TARGETS[target].profile
    prog = tr.program
    kind = prog.kind
    body = [Inst(i.op, i.dst, [_copy(s) for s in i.srcs], i.controls, i.decl, list(i.values), i.predicated)
            for i in prog.instructions]

    # --- constants: the translation's c# -> (buffer, cb register) or def words ------------------------
    old_cb: dict[int, tuple[int, int]] = {}
    for m in tr.cb_mappings:
        for k in range(m.count):
            old_cb[m.target + k] = (m.buffer, m.start + k)
    if kind == "vs" and tr.runtime_constants:
        body = _drop_position_offset(body)
    if TARGETS[target].major == 3:
        body = _sm3_sincos(body)
    plan = None
    if preshader and move:
        # a register(c#)-bound parameter is no preshader input: the application may set its register itself (the
        # D3DX9 effect's pSkipConstants, "application-managed constants", must be register-bound: Wine's effect
        # loader refuses others); fxc moves nothing reading one (NdotL's LightsDir : register(c10) times
        # g_mWorldInv, Instancing's g_BoxInstance_Position : register(c13) stay in their shaders)
        bound = {(v.buffer, r) for v in _variables(rdef, explicit, cb_slots) if v.explicit is not None
                 for r in range(v.start, v.start + v.regs)}
        movable = {c for c, key in old_cb.items() if key not in bound}
        plan, body = _with_preshader(body, old_cb, prof, TARGETS[target].major == 3, movable)
    else:
        body = _rewrite(body, prof, set(old_cb), TARGETS[target].major == 3)
    body = _face_sign(body)
    if TARGETS[target].major == 1:  # vs_1_1: the vs_2_0-only instructions expanded (vs11.py)
        from .vs11 import check, lower

        taken = set(old_cb) | ({plan.base + k for k in range(len(plan.outputs))} if plan is not None else set())
        body = _drop_unread_defs(lower(body, _first_free(body, taken), file, prof.temps))
        check(body, file)
    defs = [i for i in body if i.op == "def"]
    body = [i for i in body if i.op != "def"]
    variables = _variables(rdef, explicit, cb_slots)
    by_reg: dict[tuple[int, int], _Var] = {}
    for v in variables:
        for r in range(v.start, v.start + v.regs):
            by_reg[(v.buffer, r)] = v
    outs: list[_Var] = []  # the preshader's output registers, allocated as one-register constants
    if plan is not None:
        for k in range(len(plan.outputs)):
            outs.append(_Var(f"$preshader{k}", -1, k, 1, None, set()))
            old_cb[plan.base + k] = (-1, k)
            by_reg[(-1, k)] = outs[-1]
        variables = outs + variables
    for inst in body:
        for s in _srcs(inst):
            if s.reg != Reg.CONST or s.num not in old_cb:
                continue
            v = by_reg.get(old_cb[s.num])
            if v is None:
                raise NotSupportedError(f"{target}: a constant-buffer register outside every variable", "D3DCompile")
            if s.rel is not None:  # an a0-relative read may reach every register of the variable
                v.used.update(range(v.start, v.start + v.regs))
            else:
                v.used.add(old_cb[s.num][1])
    loop_vars = _loop_variables(tr, by_reg, target)
    bool_vars = _bool_variables(tr, by_reg, variables, body, target)
    used = [v for v in variables if v.used]
    float_vars = [v for v in used if id(v) not in loop_vars and id(v) not in bool_vars]
    for v in float_vars:
        if other_sets and v.name in other_sets:
            raise _err(file, 4509, f"invalid register semantic '{other_sets[v.name]}', or variable must be bound to "
                                   f"multiple register banks (c register binding required)")
    _assign(float_vars, constant_slots(target), target, file, variables)
    next_free = max((v.d3d9_reg + v.count for v in float_vars), default=0)
    new_const: dict[int, int] = {}
    for old, (buf, r) in old_cb.items():
        v = by_reg.get((buf, r))
        if v is not None and v.used and id(v) not in loop_vars and id(v) not in bool_vars:
            new_const[old] = v.d3d9_reg + r - v.start
    # def constants take the lowest registers no read constant holds (fxc's Instancing VS_ShaderInstancing: c12 and
    # c15 between register(c#) reservations, c13-c14 of two unread variables); the rows of a table read a0-relative
    # stay consecutive after the last constant
    held = {r for v in float_vars for r in range(v.d3d9_reg, v.d3d9_reg + v.count)}
    def_nums = {d.dst.num for d in defs}
    table = any(s.reg == Reg.CONST and s.rel is not None and s.num in def_nums for inst in body for s in _srcs(inst))
    free = [] if table else [r for r in range(prof.consts) if r not in held]
    for i, d in enumerate(sorted(defs, key=lambda d: d.dst.num)):  # in order: a table's rows stay consecutive
        reg = free[i] if i < len(free) else next_free + i
        new_const[d.dst.num] = reg
        d.dst = Dst(Reg.CONST, reg, d.dst.mask)
    for inst in body:
        for s in _srcs(inst):
            if s.reg == Reg.CONST:
                if s.num not in new_const:
                    raise NotSupportedError(f"{target}: constant c{s.num} of the translation has no D3D9 register",
                                            "D3DCompile")
                s.num = new_const[s.num]

    validator_constant_error(body, target, file)

    # --- samplers: the HLSL sampler's register ---------------------------------------------------------
    names = {b.bind_point: b.name for b in (rdef.bindings if rdef else []) if b.input_type == 3}  # D3D_SIT_SAMPLER
    tex_names = {b.bind_point: b.name for b in (rdef.bindings if rdef else []) if b.input_type == 2}
    new_sampler, sampler_names, sampler_types, pair_textures = _sampler_registers(
        tr.sampler_mappings, names, tex_names, params)
    sampler_counts: dict[int, int] = {}
    sampler_elements: dict[int, int] = {}
    if rdef is not None and all(len([m for m in tr.sampler_mappings if m.sampler == s]) == 1
                                for s in {m.sampler for m in tr.sampler_mappings}):
        placed = _allocate_samplers(tr.sampler_mappings, [b for b in rdef.bindings if b.input_type == 3],
                                    globals_order, params)
        if placed is not None:
            new_sampler, sampler_names, sampler_counts, sampler_elements = placed
            # (a variable's entry is at its first register: the type and texture of any element read)
            first = {r: b for b, n in sampler_counts.items() for r in range(b, b + n)}
            sampler_types = {first[new_sampler[m.target]]: m.sampler_type for m in tr.sampler_mappings}
            pair_textures = {first[new_sampler[m.target]]: m.resource for m in tr.sampler_mappings}
    for inst in body:
        for s in _srcs(inst):
            if s.reg == Reg.SAMPLER:
                s.num = new_sampler[s.num]
        if inst.op == "dcl" and inst.dst is not None and inst.dst.reg == Reg.SAMPLER:
            inst.dst = Dst(Reg.SAMPLER, new_sampler[inst.dst.num], inst.dst.mask)

    # --- inputs and outputs by semantic ------------------------------------------------------------------
    spec = TARGETS[target]
    if kind == "vs":
        body = _vs3_io(body, isgn, osgn, prof, file) if spec.major == 3 else _vs_io(body, isgn, osgn, prof, file)
    else:
        body = _ps3_io(body, isgn, prof, file) if spec.major == 3 else _ps_io(body, isgn, prof, file)
        if spec.major == 3:
            from .vpos import settle_vpos

            settle_vpos(body, flags, file)  # dcl vPos's mask; X5631 of its z / w
        if spec.major == 2 and any(s.reg == Reg.INPUT for i in body for s in i.srcs):
            # the translation read every input as a t#, one t# per instruction ("ps_2_0 Registers": read port
            # limit 1), and copied one of two inputs read together; a COLOR input is a v# now, with a port of
            # its own, so its copies are read in place where the ports allow
            body = propagate_copies(body, prof)
    # fxc's order of the setup instructions: def, defi / defb, then dcl (the listings of the SDK samples)
    body = sorted(defs + body, key=lambda i: _SETUP_RANK.get(i.op, 3))
    if kind == "ps" and flags & D3DCOMPILE_PARTIAL_PRECISION:
        _partial_precision(body)
    out = Sm2Program(kind, spec.major, prof.minor if spec.minor is None else spec.minor, body)

    # --- the constant table ------------------------------------------------------------------------------
    consts = [_float_constant(v) for v in float_vars if v.buffer != -1]
    for v in used:
        if id(v) in loop_vars:
            consts.append(Constant(v.name, RegisterSet.INT4, loop_vars[id(v)], 1, _type_info(v.rdef_type)))
        if id(v) in bool_vars:
            consts.append(Constant(v.name, RegisterSet.BOOL, bool_vars[id(v)], 1, _type_info(v.rdef_type)))
    # D3DXPARAMETER_TYPE of a sampler: SAMPLER1D 11, SAMPLER2D 12, SAMPLER3D 13, SAMPLERCUBE 14. D3D9 samples a
    # sampler1D through a 2D declaration (dcl_2d), so its texture's dimension (RDEF: D3D_SRV_DIMENSION_TEXTURE1D,
    # 2) tells it apart from a sampler2D.
    stype = {SamplerType.TEX_2D: 12, SamplerType.CUBE: 14, SamplerType.VOLUME: 13}
    dims = {b.bind_point: b.dimension for b in (rdef.bindings if rdef else []) if b.input_type == 2}  # D3D_SIT_TEXTURE
    one_d = {reg for reg, res in pair_textures.items() if dims.get(res) == 2}
    for reg, name in sampler_names.items():
        typ = 11 if reg in one_d else stype.get(sampler_types[reg], 10)
        consts.append(Constant(name, RegisterSet.SAMPLER, reg, sampler_counts.get(reg, 1),
                               TypeInfo(CLASS_OBJECT, typ, elements=sampler_elements.get(reg, 1))))
    consts.sort(key=lambda c: c.name.encode())
    # inside an effect with preshaders, fxc's shader tables carry 0x20000000 and not NO_PRESHADER (every effect
    # shader of DXDecompiler's ShadersDX9 corpus; its stand-alone shaders carry 0x100)
    # a stand-alone shader's table keeps every Flags1 bit the compile took (0x40000, 0x100000, 0x200000, 0x400000,
    # 0x800000, 0x20000000 too: d3dcompiler_47 10.1, session 47, vs_3_0 / ps_2_0); an effect's keeps the low 16
    ctab_flags = flags | D3DCOMPILE_NO_PRESHADER if not preshader else (flags & 0xFFFF) | FLAG_EFFECT
    table = ConstantTable(out.version_token, target, consts, flags=ctab_flags)
    out.instructions.insert(0, Inst("comment", values=encode_ctab(table)))
    if plan is not None:
        out.instructions.insert(1, Inst("comment", values=_pres_block(plan, outs, variables, by_reg, old_cb,
                                                                       prof, target, file, flags)))
    return out


def _float_constant(v: _Var) -> Constant:
    """The constant table's entry of a float parameter at its assigned registers."""
    return Constant(v.name, RegisterSet.FLOAT4, v.d3d9_reg, v.count, _type_info(v.rdef_type), v.default_registers())


def _with_preshader(body: list[Inst], old_cb: dict, prof: Level9Profile, sm3: bool, movable: set[int]):
    """(plan, body): the translation's program with its parameter-only code moved into a preshader
    (preshader.py), then the D3D9 rewrites (_rewrite), unless that leaves more instruction slots than the
    rewrites alone (then (None, the rewritten program)). The moving comes first: the rewrites fuse a product of
    parameters into a mad with a per-vertex addend (BasicHLSL's g_MaterialAmbientColor * g_LightAmbient), which
    fxc's preshader holds. ``movable``: the translation's c# of the parameters a preshader may read."""
    from .optimize import remove_dead_code
    from .peephole import _ports_ok, _swizzle
    from .preshader import hoist

    taken = set(old_cb)
    plain = _rewrite(_clone(body), prof, taken, sm3)
    values = {d.dst.num: list(struct.unpack("<4f", struct.pack("<4I", *d.values))) for d in body if d.op == "def"}
    base = 1 + max([*old_cb, *values, *(s.num for i in body for s in _srcs(i) if s.reg == Reg.CONST)], default=-1)
    arbitrary = prof.arbitrary_swizzle or prof.kind == "vs"

    def cost(b: list[Inst]) -> tuple[int, int]:
        total, _tex, arith = count_slots(Sm2Program(prof.kind, 2, 0, b))
        return total, arith

    def attempt(split: bool):
        res = hoist(_clone(body), values, movable, base, lambda srcs: _ports_ok(srcs, prof),
                    lambda lanes: _swizzle(lanes, arbitrary), split)
        if res is None or not res[1].outputs:
            return None
        moved, plan = res
        # the literal-only code the moved code read and nothing else does any more
        moved = remove_dead_code(Sm2Program(prof.kind, 2, 0, moved)).instructions
        return plan, _rewrite(moved, prof, taken | {base + k for k in range(len(plan.outputs))}, sm3)

    best = attempt(True)
    if best is not None and best[0].split:
        # an output's parameter lanes moved apart from its other lanes (fxc's form) cost a shader mov: kept
        # where that costs no slots (SHIrradianceEnvMap: the literal lane it read dies)
        whole = attempt(False)
        if whole is not None and cost(whole[1]) < cost(best[1]):
            best = whole
    if best is None or cost(best[1]) > cost(plain):
        return None, plain
    return best


def _pres_block(plan, outs: list[_Var], variables: list[_Var], by_reg: dict, old_cb: dict, prof: Level9Profile,
                target: str, file: str, flags: int) -> list[int]:
    """The PRES comment's words: the preshader's own constant table (the parameters it reads, registers of
    their own by the shader's rule), its outputs at the registers ``outs`` were given."""
    from ...effects.fxlc import FX_PRESHADER_VERSION
    from .preshader import encode_pres, parameter_reads

    read: dict[int, set[int]] = {}
    for step in plan.steps + [None]:
        refs = step.inputs if step is not None else [r for comps in plan.outputs for r in comps if r is not None]
        for num, whole in (x for r in refs for x in parameter_reads(r)):
            v = by_reg[old_cb[num]]
            read.setdefault(id(v), set()).update(range(v.start, v.start + v.regs) if whole else {old_cb[num][1]})
    copies = {id(v): _Var(v.name, v.buffer, v.start, v.regs, v.rdef_type, read[id(v)], None, 0, v.default)
              for v in variables if id(v) in read}
    ordered = [copies[id(v)] for v in variables if id(v) in copies]
    _assign(ordered, prof.consts, target, file)

    def param_offset(num: int, comp: int) -> int:
        buf, reg = old_cb[num]
        c = copies[id(by_reg[(buf, reg)])]
        return 4 * (c.d3d9_reg + reg - c.start) + comp

    consts = [_float_constant(c) for c in ordered]
    consts.sort(key=lambda c: c.name.encode())
    table = ConstantTable(FX_PRESHADER_VERSION, "tx", consts,
                         flags=(flags & 0xFFFF) | FLAG_EFFECT | D3DCOMPILE_NO_PRESHADER)
    return encode_pres(plan, param_offset, lambda k: outs[k].d3d9_reg, encode_ctab(table))


#: instructions a partial-precision compile leaves at full precision: declarations, constants, texkill (its
#: operand is the register it tests, not a result)
_NO_PP = {"dcl", "def", "defi", "defb", "comment", "texkill"}


def _partial_precision(body: list[Inst]) -> None:
    """D3DCOMPILE_PARTIAL_PRECISION ("all computations with partial precision"): every pixel-shader instruction
    that computes a result carries ``_pp`` (D3DSPDM_PARTIALPRECISION; "Modifiers for ps_2_0 and Above": the
    modifier may be on any instruction including texture loads, and implementations may ignore it). Texture
    coordinate declarations keep full precision: ``dcl_pp`` concerns how the inputs are passed, not a
    computation."""
    for inst in body:
        if inst.dst is not None and inst.op not in _NO_PP:
            inst.dst = Dst(inst.dst.reg, inst.dst.num, inst.dst.mask, inst.dst.mod | DSTMOD_PARTIALPRECISION,
                           inst.dst.shift)


def _sampler_registers(mappings: list, names: dict[int, str], tex_names: dict[int, str], params: set[str] | frozenset[str]
                       ) -> tuple[dict[int, int], dict[int, str], dict[int, int], dict[int, int]]:
    """The D3D9 sampler register of each (texture, sampler) pair the translation samples.

    A D3D9 sampler register is one texture with one sampler state ("Sampler (Direct3D 9 asm-ps)": s# names a
    texture stage), so an HLSL sampler read with a single texture keeps its own register and name; one read
    with several textures (separate Texture / SamplerState objects) becomes one combined sampler per pair,
    named ``sampler+texture`` in the constant table (the combined-sampler naming vkd3d-shader's HLSL compiler
    synthesises for shader model 1-3): the first pair in program order keeps the sampler's register, each
    further one takes the lowest register no other sampler holds (below the target's sampler count: the
    translation refuses more pairs than samplers, X4510).

    Returns translation target -> D3D9 register, D3D9 register -> constant name, -> sampler type, -> the
    pair's texture (t#) register."""
    by_sampler: dict[int, list] = {}
    for m in mappings:
        by_sampler.setdefault(m.sampler, []).append(m)
    taken = set(by_sampler)
    new_sampler: dict[int, int] = {}
    reg_names: dict[int, str] = {}
    reg_types: dict[int, int] = {}
    reg_tex: dict[int, int] = {}
    for smp, pairs in by_sampler.items():
        name = names.get(smp, f"s{smp}")
        for k, m in enumerate(pairs):
            reg = smp
            if k:
                # the lowest free register is below the count of pairs, which the translation kept within the
                # target's samplers (sampling.py, X4510), so no pair lands past the last sampler here
                reg = next(r for r in range(64) if r not in taken)
                taken.add(reg)
            new_sampler[m.target] = reg
            cname = name if len(pairs) == 1 else f"{name}+{tex_names.get(m.resource, f't{m.resource}')}"
            reg_names[reg] = f"${cname}" if name in params else cname
            reg_types[reg] = m.sampler_type
            reg_tex[reg] = m.resource
    return new_sampler, reg_names, reg_types, reg_tex


def _allocate_samplers(mappings: list, bindings: list, globals_order: tuple[tuple[str, int | None, int], ...],
                       params: set[str] | frozenset[str]):
    """fxc's D3D9 sampler registers, where each sampler variable is sampled with one texture (the D3D9 form).

    As the float constants (_assign): a sampler with ``register(s#)`` keeps it and reserves its whole declared
    size, read or not; the others take, largest first (the count up to the last element read) and in declaration
    order among equals, the lowest run of free registers; the constant table holds each variable once with that
    count (d3dcompiler_47 10.1 under Wine, session 38: ``sampler samA; sampler samB[2]; sampler samC[3];`` reading
    samC[2], samB[0] and samA gives samC s0 (3), samA s3, samB s4 (1); an unread ``sampler samA : register(s0)``
    puts a read samB[2] at s1; vkd3d sampler.shader_test's sampler arrays). None where a sampled register belongs
    to no sampler variable of the reflection."""
    order = [n for n, _, _ in globals_order]
    explicit = {n: (r, size) for n, r, size in globals_order if r is not None}
    # every sampler variable: (name, first SM4 register, declared count), globals in source order first
    vars_ = sorted(((b.name, b.bind_point, max(b.bind_count, 1)) for b in bindings),
                   key=lambda v: (order.index(v[0]) if v[0] in order else len(order), v[1]))
    used: dict[str, int] = {}
    element_of: dict[int, tuple[str, int]] = {}
    for m in mappings:
        owner = next((v for v in vars_ if v[1] <= m.sampler < v[1] + v[2]), None)
        if owner is None:
            return None
        k = m.sampler - owner[1]
        element_of[m.target] = (owner[0], k)
        used[owner[0]] = max(used.get(owner[0], 0), k + 1)
    taken: set[int] = set()
    for reg, size in explicit.values():  # (an unread sampler is in no reflection binding: its declared size)
        taken |= set(range(reg, reg + size))
    base: dict[str, int] = {}
    for name, _bp, _size in vars_:
        if name in used and name in explicit:
            base[name] = explicit[name][0]
    for name, _bp, _size in sorted((v for v in vars_ if v[0] in used and v[0] not in explicit),
                                   key=lambda v: -used[v[0]]):
        r = 0
        while any(k in taken for k in range(r, r + used[name])):
            r += 1
        base[name] = r
        taken |= set(range(r, r + used[name]))
    new_sampler = {t: base[name] + k for t, (name, k) in element_of.items()}
    names = {base[n]: (f"${n}" if n in params else n) for n in base}
    counts = {base[n]: used[n] for n in base}
    elements = {base[n]: size for n, _bp, size in vars_ if n in base and size > 1}
    return new_sampler, names, counts, elements


def _copy(s: Src) -> Src:
    return Src(s.reg, s.num, s.swizzle, s.mod, _copy(s.rel) if s.rel is not None else None)


def _srcs(inst: Inst):
    for s in inst.srcs:
        yield s
        if s.rel is not None:
            yield s.rel


def _sm3_sincos(body: list[Inst]) -> list[Inst]:
    """Shader model 3's sincos takes the angle alone ("sincos - vs" / "sincos - ps": vs_3_0 / ps_3_0 have no
    src1 / src2 constant operands); def constants no instruction reads any more are dropped."""
    for inst in body:
        if inst.op == "sincos":
            inst.srcs = inst.srcs[:1]
    return _drop_unread_defs(body)


#: "Registers - ps_3_0": vFace is the misc register 1 (D3DSMO_FACE)
_FACE = 1
_FLT_ZERO, _FLT_ONE, _FLT_MINUS_ONE = 0, 0x3F800000, 0xBF800000


def _face_sign(body: list[Inst]) -> list[Inst]:
    """ps_3_0's vFace read as a float: "Registers - ps_3_0" makes only the register's sign valid (negative: a
    back face, otherwise front facing) and allows vFace only as the condition of setp_comp, if_comp and
    break_comp. The translation reads the VFACE float from vFace directly; here the program starts with
    ``if_lt vFace, 0`` setting a fresh temporary to -1, else +1 (the sign, the part ps_3_0 defines), and every
    read of vFace reads that temporary instead."""
    if not any(s.reg == Reg.MISCTYPE and s.num == _FACE for i in body for s in _srcs(i)):
        return body
    temps = [s.num for i in body for s in _srcs(i) if s.reg == Reg.TEMP] + [
        i.dst.num for i in body if i.dst is not None and i.dst.reg == Reg.TEMP and i.op != "dcl"]
    sign = max(temps, default=-1) + 1
    const = max((i.dst.num for i in body if i.op == "def"), default=-1) + 1
    const = max([const] + [s.num + 1 for i in body for s in _srcs(i) if s.reg == Reg.CONST])
    for inst in body:
        for s in _srcs(inst):
            if s.reg == Reg.MISCTYPE and s.num == _FACE:
                s.reg, s.num = Reg.TEMP, sign
    for d in (i for i in body if i.op == "def"):  # a def holding 0, 1 and -1 already (the translation's c0)
        words = list(d.values)
        if all(w in words for w in (_FLT_ZERO, _FLT_ONE, _FLT_MINUS_ONE)):
            const = d.dst.num
            break
    else:
        words = [_FLT_ZERO, _FLT_ONE, _FLT_MINUS_ONE, _FLT_ZERO]
        body = body + [Inst("def", Dst(Reg.CONST, const), values=words)]  # the setup keeps it after the others
    zero, one, minus = (words.index(w) for w in (_FLT_ZERO, _FLT_ONE, _FLT_MINUS_ONE))
    k = Src(Reg.CONST, const)
    setup = [i for i in body if i.op in _SETUP_RANK or i.op == "comment"]
    rest = [i for i in body if not (i.op in _SETUP_RANK or i.op == "comment")]
    prologue = [
        Inst("ifc", None, [Src(Reg.MISCTYPE, _FACE), Src(k.reg, k.num, (zero,) * 4)], controls=4),  # _lt
        Inst("mov", Dst(Reg.TEMP, sign, 0x1), [Src(k.reg, k.num, (minus,) * 4)]),
        Inst("else"),
        Inst("mov", Dst(Reg.TEMP, sign, 0x1), [Src(k.reg, k.num, (one,) * 4)]),
        Inst("endif"),
    ]
    return setup + prologue + rest


def _clone(body: list[Inst]) -> list[Inst]:
    return [Inst(i.op, i.dst, [_copy(s) for s in i.srcs], i.controls, i.decl, list(i.values), i.predicated)
            for i in body]


def _passes(body: list[Inst], prof: Level9Profile, taken: set[int], sm3: bool, fold: bool) -> list[Inst]:
    first_free = 1 + max([*taken, *(i.dst.num for i in body if i.op == "def"),
                          *(s.num for i in body for s in _srcs(i) if s.reg == Reg.CONST)], default=-1)
    for _ in range(2):  # optimize's rewrites (add of a zero -> mov) make further copies to propagate
        body = propagate_copies(body, prof)
        if fold:
            # what a repeated computation read may be dead once it is a copy (eliminate_common)
            body = remove_dead_code(Sm2Program(prof.kind, 2, 0, eliminate_common(fold_constants(body, first_free)))
                                    ).instructions
            first_free = 1 + max([first_free - 1, *(i.dst.num for i in body if i.op == "def")])
            body = propagate_copies(body, prof)
        body = fold_mask_selects(optimize(body, prof, outputs_any=sm3), prof)
    body = drop_repeated_mova(Sm2Program(prof.kind, 2, 0, body)).instructions  # copies propagated: equal now
    return _drop_unread_defs(body)


def _rewrite(body: list[Inst], prof: Level9Profile, taken: set[int], sm3: bool) -> list[Inst]:
    """The D3D9-only rewrites (_rewrite_once) of the translation's program, and of straight-line code also on
    its values -- each value a register of its own (optimize._split_webs), coloured after the rewrites: the
    translation's colouring reuses registers, which stops copy propagation and common-subexpression reuse where
    a register was written again (LocalDeformablePRT's skinning VS: 265 slots, 232 on values). The form on
    values is kept unless it costs instruction slots (total, then arithmetic): the translation's colouring
    sometimes keeps a copied literal in one register that reuse then drops (test_sm2_flatten_s26's nested
    early return)."""
    kept = _rewrite_once(_clone(body), prof, taken, sm3, False)
    if any(i.op in _FLOW or i.predicated for i in body):
        return kept
    split = _rewrite_once(_split_webs(Sm2Program(prof.kind, 2, 0, body)).instructions, prof, taken, sm3, True)

    def cost(b: list[Inst]) -> tuple[int, int]:
        total, _tex, arith = count_slots(Sm2Program(prof.kind, 2, 0, b))
        return total, arith

    return split if cost(split) <= cost(kept) else kept


def _rewrite_once(body: list[Inst], prof: Level9Profile, taken: set[int], sm3: bool, split: bool) -> list[Inst]:
    """Copy propagation and the peephole rewrites, with constant folding and reuse of
    common computations (propagate.py). Folding may add ``def`` constants (a folded value that cannot be read
    in place stays a ``mov`` from its own def): where it leaves more defs than the program without it and
    that program keeps to the target's arithmetic slots, the program without it is taken, so folding never
    pushes a program that fits past the constant registers -- except that a vertex shader (no arithmetic limit
    of its own, 256 c#) takes the folded program where it needs fewer instruction slots and its defs and the
    uniforms' registers together fit the c# count (a repeated select of one bone index: the reuse of common
    computations comes with the folding; the pixel targets keep the rule test_sm2_propagate pins).
    ``taken``: the translation's c# of uniforms; ``split``: ``body`` holds one value per register (coloured at
    the end)."""
    plain = _passes(_clone(body), prof, taken, sm3, fold=False)
    folded = _passes(body, prof, taken, sm3, fold=True)
    n_defs = [sum(i.op == "def" for i in b) for b in (plain, folded)]
    cheaper = prof.kind == "vs" and len(taken) + n_defs[1] <= prof.consts and \
        count_slots(Sm2Program(prof.kind, 2, 0, folded))[0] < count_slots(Sm2Program(prof.kind, 2, 0, plain))[0]
    if n_defs[1] > n_defs[0] and (prof.max_arith is None or _arith_slots(plain, prof.kind) <= prof.max_arith) \
            and not cheaper:
        folded = plain
    body = _merged(folded, prof, taken)
    body = _drop_unread_defs(pack_defs(body, _first_free(body, taken), prof.arbitrary_swizzle or prof.kind == "vs"))
    # literals packed into one register: a mul and an add that read two of them may now fuse into a mad (one
    # constant register per instruction); and a literal copied into a temporary because its def was not the
    # other operand's register may now be read in place (one register, two reads), which frees the comparison a
    # select reads (mask_selects.py)
    body = fold_mask_selects(propagate_copies(body, prof), prof)
    return _recoloured(_drop_unread_defs(optimize(body, prof, outputs_any=sm3)), prof, split)


def _recoloured(body: list[Inst], prof: Level9Profile, split: bool) -> list[Inst]:
    """The rewritten program's copies of a register into itself dropped ("mov - ps": a mov of each written lane
    from itself changes nothing; the translation's registers were coloured before the rewrites, which leave
    such copies), and its temporaries coloured (optimize.allocate_registers): always for a program rewritten on
    its values (``split``), else where they pass the target's r# count (the rewrites shorten lifetimes: copies
    propagated, lanes merged, so fewer registers may hold the same values)."""
    body = [i for i in body if not _self_move(i.op, i.dst, i.srcs, i.predicated)]
    prog = Sm2Program(prof.kind, 2, 0, body)
    if split or _temps(prog) > prof.temps:
        prog = allocate_registers(prog, prof.temps)
    return prog.instructions


def _first_free(body: list[Inst], taken: set[int]) -> int:
    return 1 + max([*taken, *(i.dst.num for i in body if i.op == "def"),
                    *(s.num for i in body for s in _srcs(i) if s.reg == Reg.CONST)], default=-1)


def _merged(body: list[Inst], prof: Level9Profile, taken: set[int]) -> list[Inst]:
    """Instructions writing lanes of one register merged (sm2/vectorize.py); as with folding, the program
    without the merges is kept where they leave more def constants and it keeps to the arithmetic slots."""
    merged = _drop_unread_defs(merge_lanes(_clone(body), prof, _first_free(body, taken)))
    n_defs = [sum(i.op == "def" for i in b) for b in (body, merged)]
    if n_defs[1] > n_defs[0] and (prof.max_arith is None or _arith_slots(body, prof.kind) <= prof.max_arith):
        return body
    return merged


def _arith_slots(body: list[Inst], kind: str) -> int:
    return count_slots(Sm2Program(kind, 2, 0, body))[2]


def _drop_unread_defs(body: list[Inst]) -> list[Inst]:
    """``def`` constants no instruction reads; all kept when a constant is read a0-relative (an immediate
    table's rows are read through their first register)."""
    if any(s.reg == Reg.CONST and s.rel is not None for i in body for s in i.srcs):
        return body
    read = {s.num for i in body for s in _srcs(i) if s.reg == Reg.CONST}
    return [i for i in body if not (i.op == "def" and i.dst.num not in read)]


def _drop_position_offset(body: list[Inst]) -> list[Inst]:
    """``mad oPos.xy, rP.w, c0, rP`` + ``mov oPos.zw, rP`` (the 10Level9 half-pixel fix-up) -> ``mov oPos, rP``."""
    out: list[Inst] = []
    for inst in body:
        if inst.op == "mad" and inst.dst is not None and inst.dst.reg == Reg.RASTOUT and inst.dst.num == 0 \
                and inst.srcs[1].reg == Reg.CONST and inst.srcs[1].num == 0:
            out.append(Inst("mov", Dst(Reg.RASTOUT, 0, 0xF), [inst.srcs[2]]))
            continue
        if inst.op == "mov" and inst.dst is not None and inst.dst.reg == Reg.RASTOUT and inst.dst.num == 0 \
                and inst.dst.mask == 0xC and out and out[-1].op == "mov" and out[-1].dst.reg == Reg.RASTOUT \
                and out[-1].srcs[0] == inst.srcs[0]:
            continue  # merged into the mov above
        out.append(inst)
    return out


def _variables(rdef, explicit: dict[str, int], cb_slots: tuple[int, ...] = ()) -> list[_Var]:
    """Every constant of $Globals (then $Params, whose names fxc prefixes with $) in declaration order.
    ``cb_slots``: the b# of each RDEF constant buffer in order, from the compiler (two cbuffers may share a name,
    so a binding found by name could be the other's)."""
    out: list[_Var] = []
    if rdef is None:
        return out
    slots = {b.name: b.bind_point for b in rdef.bindings if b.input_type == 0}
    for i, cb in enumerate(rdef.constant_buffers):
        if cb.type != 0 or cb.name not in slots:
            continue  # (a tbuffer, or a buffer of bind information)
        slot = cb_slots[i] if i < len(cb_slots) else slots[cb.name]
        prefix = "$" if cb.name == "$Params" else ""
        for v in cb.variables:
            start = v.start_offset // 16
            regs = (v.start_offset + v.size + 15) // 16 - start
            out.append(_Var(prefix + v.name, slot, start, max(regs, 1), v.type, set(),
                            explicit.get(v.name) if cb.name == "$Globals" else None, 0, v.default_value))
    return out


def _assign(variables: list[_Var], limit: int, target: str, file: str, everything: list[_Var] | None = None) -> None:
    """D3D9 registers: register(c#) as given, the rest largest first (declaration order among equals), each at
    the lowest run of free registers.

    A register(c#) reservation holds the variable's whole size, read or not and whatever the program reads of it
    (vkd3d sm1-const-allocation.shader_test: "If there is a register reservation, the whole variable size is
    reserved, even if unused"; d3dcompiler_47 10.1 under Wine, session 38: ``float4x4 unused : register(c1);
    float b[4];`` puts b at c5, ``float a[4] : register(c1)`` read at a[0] only puts b at c5 too, an unread ``int i
    : register(c1)`` moves a two-register array to c2); ``everything`` lists the program's variables, unread
    ones included.

    ``limit`` is the compiler's count of constant slots (:func:`constant_slots`), not the validator's: a read
    variable reserved at or past it is X4509 "manual bind to slot c# failed" before any overlap (X4500), and the
    registers read past it X4507 (d3dcompiler_47 10.1, session 40: ``register(c224)`` at ps_3_0, ``register(c8192)``
    at vs_2_0 / ps_2_0; ``a[4] : register(c8190)`` read at a[3] is X4507, at a[0] compiles at vs_2_0)."""
    for v in variables:
        if v.explicit is not None and v.explicit >= limit:
            raise _err(file, 4509, f"maximum constant register index exceeded, target has {limit} slots, manual "
                                   f"bind to slot c{v.explicit} failed")
    taken: set[int] = set()
    for v in variables:
        if v.explicit is not None:
            v.d3d9_reg = v.explicit
            span = set(range(v.explicit, v.explicit + v.count))
            if span & taken:
                # register(c#) reservations may share registers unless the registers the program reads of both
                # meet (vkd3d register-reservations-numeric: two reservations of c3 compile below SM 4 when
                # one variable is read; ``float4 a[2] : register(c3)`` read at a[0] only beside ``b : c4``)
                # d3dcompiler_47 10.1's number and words, naming the first shared register (session 35; X3530
                # before): ``float4 a[2] : register(c0); float b : register(c1);`` is X4500 ... 'c1'
                raise _err(file, 4500, f"overlapping register semantics not yet implemented 'c"
                                       f"{min(span & taken)}'")
            taken |= span
    top = max(taken, default=-1) + 1  # (only the registers read count for the limit)
    for v in everything or ():  # (blocks the others' placement; overlaps are judged on the registers read)
        if v.explicit is not None:
            taken |= set(range(v.explicit, v.explicit + v.regs))
    for v in sorted((v for v in variables if v.explicit is None), key=lambda v: -v.count):
        r = 0
        while any(k in taken for k in range(r, r + v.count)):
            r += 1
        v.d3d9_reg = r
        taken.update(range(r, r + v.count))
        top = max(top, r + v.count)
    if top > limit:
        raise _err(file, 4507, f"maximum {target} constant register index ({limit}) exceeded - Try reducing number "
                               f"of constants referenced")


def constant_slots(target: str) -> int:
    """The float-constant slots d3dcompiler_47 10.1's Direct3D 9 back end allocates in (its X4509 / X4507 texts,
    session 40): 224 at ps_3_0 ("Registers - ps_3_0"), 8192 at every other target -- vs_1_1 / vs_2_x / vs_3_0
    compile ``register(c1000)``, and ps_2_x leaves its 32 registers to the validator (:func:`validator_constant_error`)."""
    return 224 if target == "ps_3_0" else 8192


def validator_constant_error(body: list[Inst], target: str, file: str) -> None:
    """ps_2_0 / ps_2_a / ps_2_b read c0-c31 only: fxc's validator refuses the first instruction reading a higher
    constant register, X5200 "(Source param) Invalid register number: 35. Max allowed for this type is 31." (an
    array ``a[40]`` read at a[35], ``register(c222)``; d3dcompiler_47 10.1, session 40). The vertex targets'
    validator takes every register the compiler allocates."""
    if not target.startswith("ps_2_"):
        return
    for inst in body:
        for k, s in enumerate(inst.srcs):
            if s.reg == Reg.CONST and s.num > 31:
                which = ("Source", "Second source", "Third source", "Fourth source")[min(k, 3)]
                raise _err(file, 5200, f"({which} param) Invalid register number: {s.num}. Max allowed for this "
                                       f"type is 31.")


class BothUses(NotSupportedError):
    """An int constant is a rep count (i#) and a value (c#) at once: compiler.d3d9_bytecode translates the loop
    again with its own exit test where the target has dynamic flow control (vs_2_a, vs_3_0, ps_3_0)."""


def _loop_variables(tr: Translation, by_reg: dict, target: str) -> dict[int, int]:
    """id(variable) -> i# of every int constant a rep loop reads its count from (the translation's loop
    mappings); the variable lives in the INT4 register set there (D3DXRS_INT4)."""
    out: dict[int, int] = {}
    for buf, reg, comp, i_reg in tr.loop_mappings:
        v = by_reg.get((buf, reg))
        if v is None or comp != 0 or reg != v.start or (id(v) in out and out[id(v)] != i_reg):
            raise NotSupportedError(f"{target}: a loop count read from this int constant (component {comp})",
                                    "D3DCompile")
        if v.used and id(v) not in out:  # read from a float register as well (its c# reads, collected above)
            raise BothUses(f"{target}: an int constant used both as a loop count and as a value", "D3DCompile")
        out[id(v)] = i_reg
        v.used.add(reg)
    return out


def _bool_variables(tr: Translation, by_reg: dict, variables: list[_Var], body: list[Inst],
                    target: str) -> dict[int, int]:
    """id(variable) -> b# of every bool constant an ``if b#`` reads (the translation's bool mappings,
    static_branch.py); the variable lives in the BOOL register set there (D3DXRS_BOOL). Numbered b0 up in
    declaration order (fxc's listings show one such bool each: b0); the ``if`` instructions are renumbered.
    A bool also read from a float register, or one that is not a whole scalar variable, raises BothUses
    (compiler.d3d9_bytecode flattens its branches instead)."""
    by_b: dict[int, _Var] = {}
    for buf, reg, comp, b in tr.bool_mappings:
        v = by_reg.get((buf, reg))
        if v is None or comp != 0 or reg != v.start or v.regs != 1 or v.used or \
                getattr(v.rdef_type, "elements", 0) > 1 or any(w is v for w in by_b.values()):
            raise BothUses(f"{target}: a bool constant steering static branches and read as a value", "D3DCompile")
        by_b[b] = v
    order = [v for v in variables if any(w is v for w in by_b.values())]
    out = {id(v): n for n, v in enumerate(order)}
    renumber = {b: out[id(v)] for b, v in by_b.items()}
    for inst in body:
        for s in _srcs(inst):
            if s.reg == Reg.CONSTBOOL:
                s.num = renumber[s.num]
    for v in order:
        v.used.add(v.start)
    return out


def _elements(sig) -> dict[int, object]:
    return {el.register: el for el in (sig.elements if sig is not None else [])}


def input_semantic_error(target: str, name: str, index: int, system_value: int) -> tuple[int, str] | None:
    """(number, text) of fxc's refusal of an input that ``target`` (a Direct3D 9 target) has no register for, by
    the rules the translation applies to the inputs it maps (:func:`_ps_io`, :func:`_ps3_io`, :func:`_vs_io`): a
    ps_2_x input other than COLOR0-1 / TEXCOORD0-n, the position included; a ps_3_0 usage :func:`_ps3_input_error`
    refuses; a vertex shader input without a D3DDECLUSAGE name. fxc judges it where the program reads the input,
    with the signature after the optimiser's refusals (session 43: ``float4 main(float4 e : BOGUS, out float2 d :
    DEPTH) : COLOR`` is X4502 before the depth's X4528; hlsl/sigphase.py); None where the input is valid."""
    from types import SimpleNamespace

    prof = TARGETS[target].profile
    el = SimpleNamespace(semantic_name=name, semantic_index=index, system_value=system_value)
    try:
        if prof.kind == "vs":
            _usage_of(el, prof, "", "input")
            return None
        if system_value == 9:  # SV_IsFrontFace: vFace (hlsl/signatures.py judges its spelling)
            return None
        if TARGETS[target].major == 3:
            if system_value == _D3D_NAME_POSITION:
                return None  # vPos (the translation judges its .z / .w: X5631)
            return _ps3_input_error(el, prof) or (_usage_of(el, prof, "", "input") and None)
    except HlslError as exc:
        return exc.code, exc.message
    if system_value == _D3D_NAME_POSITION:
        return 4502, f"{target}: SV_Position cannot be read in a feature level 9_x pixel shader"
    sem, idx, _centroid = _semantic(el)
    if sem == "COLOR" and idx < 2 or sem == "TEXCOORD" and idx < prof.inputs:
        return None
    return 4502, (f"invalid input semantic '{name}{index or ''}': {prof.sm2} pixel shaders read COLOR0-1 and "
                  f"TEXCOORD0-{prof.inputs - 1}")


def _vs_io(body: list[Inst], isgn, osgn, prof: Level9Profile, file: str) -> list[Inst]:
    inputs = _elements(isgn)
    outs = _elements(osgn)
    pos = next((e.register for e in outs.values() if e.system_value == _D3D_NAME_POSITION), None)
    out_map: dict[int, tuple[int, int]] = {}
    for reg, el in outs.items():
        if reg == pos:
            continue
        name, index, _centroid = _semantic(el)
        t = reg - 1 if pos is not None and pos < reg else reg  # translate.texcoord
        if name in ("COLOR", "SV_TARGET") and index < 2:
            out_map[t] = (Reg.ATTROUT, index)
        elif name == "TEXCOORD" and index < prof.outputs:
            out_map[t] = (Reg.TEXCRDOUT, index)
        elif name == "FOG" and index == 0:
            out_map[t] = (Reg.RASTOUT, 1)
        elif name == "PSIZE" and index == 0:
            out_map[t] = (Reg.RASTOUT, 2)
        else:
            raise _err(file, 4502, f"invalid output semantic '{el.semantic_name}{el.semantic_index or ''}': "
                                   f"{prof.sm2} vertex shaders write POSITION, COLOR0-1, TEXCOORD0-"
                                   f"{prof.outputs - 1}, FOG and PSIZE")
    for inst in body:
        if inst.dst is not None and inst.dst.reg == Reg.TEXCRDOUT and inst.op != "dcl":
            reg, num = out_map[inst.dst.num]
            mask = inst.dst.mask
            if reg == Reg.RASTOUT:
                mask = 0x1  # oFog / oPts are scalars
            inst.dst = Dst(reg, num, mask, inst.dst.mod, inst.dst.shift)
        if inst.op == "dcl" and inst.dst is not None and inst.dst.reg == Reg.INPUT:
            el = inputs.get(inst.dst.num)
            inst.decl = _usage_of(el, prof, file, "input") if el is not None else int(Usage.TEXCOORD)
    return body


def _ps_io(body: list[Inst], isgn, prof: Level9Profile, file: str) -> list[Inst]:
    inputs = _elements(isgn)
    in_map: dict[int, tuple[int, int]] = {}
    # only the inputs the program reads have a register: an unread member of the input struct (PIXGameDebugging's
    # ``float Fog : FOG`` beside COLOR0 and TEXCOORD0-1) is no input of the D3D9 shader, whatever its semantic
    read = {s.num for inst in body for s in inst.srcs if s.reg == TEXTURE} | {
        inst.dst.num for inst in body if inst.op == "dcl" and inst.dst is not None and inst.dst.reg == TEXTURE}
    for t, el in _ps_texcoords(inputs).items():
        if t not in read:
            continue
        name, index, _centroid = _semantic(el)
        if name == "COLOR" and index < 2:
            in_map[t] = (Reg.INPUT, index)
        elif name == "TEXCOORD" and index < prof.inputs:
            in_map[t] = (TEXTURE, index)
        else:
            raise _err(file, 4502, f"invalid input semantic '{el.semantic_name}{el.semantic_index or ''}': "
                                   f"{prof.sm2} pixel shaders read COLOR0-1 and TEXCOORD0-{prof.inputs - 1}")
    for inst in body:
        for s in inst.srcs:
            if s.reg == TEXTURE:
                s.reg, s.num = in_map[s.num]
        if inst.op == "dcl" and inst.dst is not None and inst.dst.reg == TEXTURE:
            el = _ps_texcoords(inputs)[inst.dst.num]
            reg, num = in_map[inst.dst.num]
            # declared as the semantic's components (dcl t0.xy); _centroid: dcl_centroid
            inst.dst = Dst(reg, num, el.mask & 0xF, DSTMOD_CENTROID if _semantic(el)[2] else 0)
    # fxc declares the color inputs (v#) before the texture coordinates (t#), then the samplers
    dcls = [i for i in body if i.op == "dcl"]
    rest = [i for i in body if i.op != "dcl"]
    order = {Reg.INPUT: 0, TEXTURE: 1, Reg.SAMPLER: 2}
    dcls.sort(key=lambda i: (order.get(i.dst.reg, 3), i.dst.num))
    return dcls + rest


def _ps_texcoords(inputs: dict[int, object]) -> dict[int, object]:
    """t# (ps_2_x) / v# (ps_3_0) -> signature element: the inputs other than SV_Position (vPos) and
    SV_IsFrontFace (vFace), numbered in register order as translate.texcoord numbers them."""
    rest = [el for r, el in sorted(inputs.items()) if el.system_value not in (_D3D_NAME_POSITION, 9)]
    return dict(enumerate(rest))


def _ps3_input_error(el, prof: Level9Profile) -> tuple[int, str] | None:
    """d3dcompiler_47 10.1's refusal of a usage a ps_3_0 input it reads cannot have (recorded under Wine, session
    36; tests/test_rules_hlsl_fxc_d3d9_outputs_s36.py; unread inputs are not judged): POSITION0 / POSITIONT0 are
    the vertex's position (X4502, indices 1-15 only), PSIZE0 X5537, TESSFACTOR0 X5973 and any other TESSFACTOR
    index X4502, SAMPLE X4502 -- the D3D9 "Semantics" page lists these as vertex-shader usages."""
    name, index, _centroid = _semantic(el)
    spelled = f"{el.semantic_name}{el.semantic_index or ''}"
    if name in ("POSITION", "POSITIONT") and index == 0:
        return 4502, f"invalid input semantic '{spelled}': Legal indices are in [1,15]"
    if name == "PSIZE" and index == 0:
        return 5537, "dcl usage+index psize0 cannot be used in a pixel shader."
    if name == "TESSFACTOR":
        if index == 0:
            return 5973, "dcl usage 'tessfactor' is not avaliable to the pixel shader."
        return 4502, f"invalid input semantic '{spelled}': Legal indices are in [0,0]"
    if name == "SAMPLE":
        return 4502, f"invalid {prof.sm2} input semantic '{spelled}'"
    return None


def _usage_of(el, prof: Level9Profile, file: str, role: str) -> int:
    name, index, _centroid = _semantic(el)
    usage = _USAGE.get(name)
    if usage is None:
        raise _err(file, 4502, f"invalid {role} semantic '{el.semantic_name}': a {prof.sm2} {role} takes a "
                               "D3DDECLUSAGE name (POSITION, NORMAL, TEXCOORD, COLOR, ...)")
    return int(usage) | index << 16


def _vs3_io(body: list[Inst], isgn, osgn, prof: Level9Profile, file: str) -> list[Inst]:
    """vs_3_0: inputs as in vs_2_x; every output an o# register (the SM4 output register, one per element)
    declared with its semantic's usage ("dcl_usage output (sm3 - vs asm)"), the position included."""
    inputs = _elements(isgn)
    outs = _elements(osgn)
    pos = next((e.register for e in outs.values() if e.system_value == _D3D_NAME_POSITION), None)
    if outs and max(outs) >= prof.outputs:
        raise _err(file, 4510, f"{prof.sm2}: output register o{max(outs)} exceeds o0-o{prof.outputs - 1}")
    for inst in body:
        if inst.op == "dcl" and inst.dst is not None and inst.dst.reg == Reg.INPUT:
            el = inputs.get(inst.dst.num)
            inst.decl = _usage_of(el, prof, file, "input") if el is not None else int(Usage.TEXCOORD)
            continue
        if inst.dst is None:
            continue
        if inst.dst.reg == Reg.RASTOUT and inst.dst.num == 0 and pos is not None:
            inst.dst = Dst(Reg.TEXCRDOUT, pos, inst.dst.mask, inst.dst.mod, inst.dst.shift)
        elif inst.dst.reg == Reg.TEXCRDOUT:
            t = inst.dst.num
            reg = t + 1 if pos is not None and t >= pos else t  # translate.texcoord, inverted
            inst.dst = Dst(Reg.TEXCRDOUT, reg, inst.dst.mask, inst.dst.mod, inst.dst.shift)
    decls = [Inst("dcl", Dst(Reg.TEXCRDOUT, reg, el.mask & 0xF),
                  decl=int(Usage.POSITION) if reg == pos else _usage_of(el, prof, file, "output"))
             for reg, el in sorted(outs.items())]
    in_dcls = [i for i in body if i.op == "dcl"]  # fxc declares the inputs, then the outputs
    return in_dcls + decls + [i for i in body if i.op != "dcl"]


def _ps3_io(body: list[Inst], isgn, prof: Level9Profile, file: str) -> list[Inst]:
    """ps_3_0: every input a v# register (the SM4 input register) declared with its semantic's usage
    ("dcl_usage input (sm3 - ps asm)": dcl_texcoord0 v0.xy); outputs as in ps_2_x."""
    inputs = _elements(isgn)
    count = len(_ps_texcoords(inputs))  # SV_Position is vPos, VFACE vFace: no v# register
    if count > prof.inputs:
        raise _err(file, 4510, f"{prof.sm2}: {count} inputs exceed the input registers v0-v{prof.inputs - 1}")
    for inst in body:
        for s in inst.srcs:
            if s.reg == TEXTURE:
                s.reg = Reg.INPUT  # v# numbered as the translation numbers t# (SV_Position left out)
        if inst.op == "dcl" and inst.dst is not None and inst.dst.reg == TEXTURE:
            el = _ps_texcoords(inputs)[inst.dst.num]
            inst.dst = Dst(Reg.INPUT, inst.dst.num, el.mask & 0xF, DSTMOD_CENTROID if _semantic(el)[2] else 0)
            bad = _ps3_input_error(el, prof)
            if bad is not None:
                raise _err(file, *bad)
            inst.decl = _usage_of(el, prof, file, "input")
    dcls = [i for i in body if i.op == "dcl"]
    rest = [i for i in body if i.op != "dcl"]
    # the v# inputs, then vPos and vFace in the order of their signature elements, then the samplers
    # (d3dcompiler_47 10.1 under Wine, session 48: ``dcl_texcoord1 v0`` before ``dcl vPos.xy`` and before
    # ``dcl vFace`` whatever the parameters' order; ``float f : VFACE, float2 vp : VPOS`` declares vFace first)
    misc = {0: _D3D_NAME_POSITION, 1: _D3D_NAME_IS_FRONT_FACE}
    misc_reg = {num: next((r for r, e in inputs.items() if e.system_value == sv), num) for num, sv in misc.items()}

    def rank(i: Inst) -> tuple[int, int]:
        kind = {Reg.INPUT: 0, Reg.MISCTYPE: 1, Reg.SAMPLER: 2}.get(i.dst.reg, 3)
        return kind, misc_reg.get(i.dst.num, i.dst.num) if kind == 1 else i.dst.num

    dcls.sort(key=rank)
    return dcls + rest


def check_sm3(program, target: str, file: str) -> None:
    """The rules of shader model 3 the level-9 translation (written for 2.x) would not name itself: a vertex
    shader samples with texldl only ("texldl - vs" is vs_3_0's one texture instruction; tex2D, tex2Dbias,
    tex2Dgrad, tex2Dproj give "Shader Model 3: yes (pixel shader only)" on their MicrosoftDocs pages, which need
    the implicit or explicit gradients a vertex has not) -- X4532 as fxc words an expression a target cannot
    map. Load and GetDimensions (minimum shader model vs_4_0 / ps_4_0 on their pages) reach the translation,
    which refuses them for every shader-model-2/3 target (X4532)."""
    from .. import ir

    if TARGETS[target].major != 3 or target[:2] != "vs":
        return
    for inst in program.instructions:
        name = ir.Opcode(inst.opcode).name
        if name.startswith("SAMPLE") and name != "SAMPLE_L":
            raise _err(file, 4532, f"cannot map expression to {target} instruction set: a vertex shader samples "
                                   f"with an explicit level of detail only (tex*lod / SampleLevel; {name.lower()})")
