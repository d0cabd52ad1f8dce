"""PRES preshaders of the ``fx_2_0`` target's shaders: parameter-only code moved out of a Direct3D 9 shader.

With preshaders on (fxc's default inside an ``fx_2_0`` effect; D3DXSHADER_NO_PRESHADER / D3DCOMPILE's equivalent
``/Op`` turns it off), fxc moves the instructions of a shader whose inputs are all uniform -- effect parameters and
literals, the same for every vertex or pixel of a draw -- out of the shader into a *preshader*: an FX 2.1
expression program the D3DX9 effect runtime evaluates on the CPU when the shader's parameters are set, writing its
results into float constant registers the shader then reads ("the compiler pulls out static expressions" --
MicrosoftDocs direct3d9 "Effect-Compiler Tool" (/Op: "Disable preshaders") and ``D3DXSHADER_NO_PRESHADER``: "Disables
preshaders. Using this flag will cause the compiler to not pull out static expressions for evaluation on the host
cpu"). Plain ``D3DCompile`` of vs_2_0 / ps_2_0 writes none: fxc's 200 stand-alone shader objects in DXDecompiler's
ShadersDX9 corpus (7b48f44^) have no PRES block, 60 of its effect shaders have one.

The rule built here (:func:`hoist`), read off those 60 preshaders of fxc 10.1 (their listings ``preshader`` /
``add r0.x, c2.x, (5.5)`` ... and the shaders they belong to; ``effects/fx2pres.py`` reads and lists them):

- what moves: an instruction whose every source is a float parameter constant, a ``def`` literal, a temporary
  such an instruction wrote or a relative read of a parameter array at such a value, which depends on a
  parameter, and whose operation the runtime's
  machine has (BasicHLSL: ``sin(g_fTime + 5.5) + 0.5`` and ``g_MaterialAmbientColor * g_LightAmbient`` moved,
  the vertex-dependent ``* 5`` kept; LocalDeformablePRT: the arithmetic on the loop bound ``g_NumBones``). An
  instruction writing an output with such a value moves too, the shader then moving the constant into the output
  (ShadowVolume: ``return g_vShadowColor;`` is the preshader's ``mov c0, c0`` and the shader's ``mov oC0, c0``;
  ``float4(g_vShadowColor.xyz, 0.1)`` is ``mov c0.xyz, c0.xyz`` / ``mov c0.w, (0.100000001)``; HDRCubeMap's
  ``mov oT1, c8``). Each D3D9 operation becomes the runtime's operations (Wine dlls/d3dx9_36/preshader.c's table:
  mov neg rcp frc exp log rsq sin cos asin acos atan min max lt ge add mul atan2 cmp dot; never ``div``, which
  returns 0 there): mad as mul + add, slt / sge as lt / ge, abs as max(a, -a), lrp as neg + add + mul + add, dp3 /
  dp4 as ``dot`` (mul and add where an operand is not one run of components: an FXLC operand is a run, it has no
  swizzle), pow as log + mul + exp, sincos as cos / sin, ``_sat`` as max with 0 then min with 1, a negated source
  as ``neg``; x * 1 is x (fxc's SHIrradianceEnvMap ``mov c12.x, c0.w`` for ``1 * MaterialDiffuseColor.a``). An
  instruction of another operation (texld, nrm, crs, ...) and a predicated write stay in the shader; an
  instruction of literals only stays too (the D3D9 rewrites fold those), its values known to the moved code.
  Relative reads (session 34): a ``mova`` of such a value moves, a0 then holding it for the preshader; a read
  ``c#[a0.c]`` of a parameter array at it is the FXLC relative operand ``c0[c10.x]`` (fxc's Effect_ArrayIndex:
  ``mov c0, c0[c10.x]``, the shader ``mov oPos, c0``; its index a preshader temporary as fxc's Effect_Structs
  ``c0[r0.x]``), the whole array in the preshader's table; the runtime rounds the index to the nearest integer
  (Wine's exec_get_arg: ``lrint``, ties to even; past the table it wraps modulo the power of two at or above the
  table's size, 0 beyond the table), as ``mova`` rounds ("mova - vs": rounding to nearest) -- HLSL's index
  reaches it already an integer (its float-to-int conversion truncates). A relative read that stays has the mova
  put back before it. Code inside ``if`` / ``rep`` / ``loop`` moves by the same rule (fxc's
  ParallaxOcclusionMapping: ``g_nMinSamples - g_nMaxSamples`` inside its ``if_ge`` block is the preshader's
  ``add c12.x, r0.x, c0.x``): the preshader computes it whether the block runs or not (it has no side effects),
  and the values a block computed go into their registers before its ``else``, its end and a ``break``, where an
  instruction after the block or the loop's next iteration may read them (reads before writes); a block's
  ``else`` part starts from the state before the block, and after the block what it wrote is in the registers.
  A ``register(c#)``-bound
  parameter is no input (sm2/d3d9.py leaves it out of ``params``): fxc's NdotL and Instancing keep their
  parameter-only code reading ``LightsDir : register(c10)`` / ``g_BoxInstance_Position : register(c13)`` in the
  shader -- the application may set such a register itself (D3DX9's application-managed constants).
- where the results go: new float constant registers of the shader (table 4, the runtime's output constants),
  allocated with the shader's own constants by the same rule (largest first, the outputs before the parameters
  among equals: BasicHLSL's c7 / c9 between g_mWorld c4-c6 and g_MaterialDiffuseColor c10; AlphaTest's five output
  registers c0-c4 before its three-register parameter) and not listed in the shader's constant table, which names
  only the parameters the shader still reads. A shader read of such a value reads the constant; where the read
  port rule ("Registers - vs_2_0" / "ps_2_0": one constant register per instruction) or the operand's register
  file (texld's coordinate) forbids it, a ``mov`` into the temporary the value was in goes before the reader, as
  fxc's BasicHLSL does (``mov r1.xyz, c10`` before ``mad oD0.xyz, r1, r0, c9``); the same before a flow block
  that writes the temporary (a branch not taken, a loop's next iteration, read the register) and before a
  predicated write of it. Reads of the same values of one temporary share an output register; one value read
  in every lane is an output register's ``.x``, read with the replicate swizzle (fxc's scalar outputs: 41 of
  the corpus's one-component outputs are at .x, the others parts of vectors). A put-back of some of the lanes an
  instruction reads, beside lanes the shader computed, reads an output register even for a parameter's component
  (fxc's vector built from parts, skybox: ``color.a = g_fAlpha`` is the preshader's ``mov c1.x, c0.x`` and the
  shader's ``mov r0.w, c1.x``); a put-back of all of them reads the parameter in place. An output write whose
  parameter lanes are computed from parameters while its other lanes stay has those lanes moved (fxc's
  SHIrradianceEnvMap ``mul oD0.xyz, r0, c4`` / ``mov oD0.w, c12.x``) unless that costs the shader an instruction
  slot (sm2/d3d9.py compiles both).
- the block: a ``PRES`` comment after the shader's CTAB holding the FX 2.1 program (version 0x46580201): its own
  CTAB (target ``tx``, the parameters it reads with registers of their own in the same order rule, flags
  0x20000100 with the compile flags), ``PRSI`` (the output registers: the first, 0, 0, how many from the first to
  the last, 0, 0, the number of runs of consecutive output registers, each run as (first, count), then 0, 0 --
  every one of the 60 PRSI blocks of the corpus has this form), ``CLIT`` (the literals as doubles, a multiple of
  four: Wine refuses another count), ``FXLC`` (:mod:`pyd3d11.effects.fxlc`), then the end token. The shader's own
  CTAB flags inside an effect are 0x20000000 with the compile flags (all 248 effect shaders of the corpus; the
  stand-alone shaders carry 0x100).

Inferred, not fxc's exact form (our shader code differs from fxc's, so its preshaders do too): the moving runs on
the translation's program before the D3D9 rewrites (sm2/d3d9.py: they would fuse a product of parameters into a
per-vertex mad first); a value goes to its output register by a ``mov`` at the end of the program unless the
instructions computing it can write it there (nothing else reading it: fxc's ``add c7.x, r0.y, (0.5)``); an
instruction whose components compute the same thing computes it once, and so does an operation on inputs an earlier
one took (the preshader's temporaries are written once: LocalDeformablePRT's three reads of one bone index were
three sets of comparisons, 117 instructions, now 53; fxc writes 19), and a value already in an output register is
read from it where the layout agrees (one register for the three reads); a value that is a plain parameter component
is read from the parameter in place where every lane read is one (fxc's BasicHLSL legalising ``mov r1.xyz, c10``);
the preshader is kept unless the shader needs more instruction slots with it, and dropped
where its outputs do not fit the target's constant registers (X4507: compiler.d3d9_bytecode compiles the shader
without it). The runtime evaluates in double precision and stores float temporaries (Wine: "TODO: use double
precision for 64 bit" on the temporaries' table), so results agree with the shader's float32 code to rounding,
not bit for bit; Wine's log(0) is 0 where D3D9's ``log`` gives -inf.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from .lanes import lanes_read
from .program import Dst, Inst, Src
from .tokens import Reg, SrcMod

#: instructions that open a flow-control block / close one
_OPEN = {"if", "ifc", "rep", "loop"}
_CLOSE = {"endif", "endrep", "endloop"}
_LOOPS = {"rep", "loop"}
#: instructions the hoisting refuses to look at (subroutines: their bodies run from several places)
_ABORT = {"call", "callnz", "label", "ret"}
#: instructions whose operands may not read a float constant (texld's coordinate is t# or r#, sincos's operands
#: are fixed, if_comp / break_comp and setp are left as they are)
_NO_CONST = {"texld", "texldl", "texldd", "texldp", "texldb", "texkill", "sincos", "ifc", "breakc", "setp",
             "nrm", "crs", "m4x4", "m4x3", "m3x4", "m3x3", "m3x2"}
#: D3D9 operations the preshader computes
HOISTABLE = {"mov", "add", "mul", "mad", "min", "max", "slt", "sge", "cmp", "frc", "rcp", "rsq", "exp", "log",
             "abs", "dp3", "dp4", "dp2add", "lrp", "pow", "sincos"}
_COMMUTATIVE = {"add", "mul", "min", "max"}
#: operations computing each lane from the same lane of their sources
_PER_LANE = {"mov", "add", "mul", "mad", "min", "max", "cmp", "lrp", "abs", "frc", "slt", "sge"}
_SAT, _PP = 1, 2


# a reference to one float value the preshader knows:
#   ("p", c#, comp)  a parameter's component (the shader's constant number before register assignment)
#   ("l", value)     a literal
#   ("t", vreg, comp) a component of a preshader temporary
#   ("r", c#, index, comp) component comp of the parameter register c# + the value of reference ``index`` (a
#                    relative read: FXLC's ``c0[c10.x]``, fxc's Effect_ArrayIndex)
Ref = tuple
#: the key of the address register a0 in hoist's state (the temporaries' keys are their numbers)
A0 = "a0"


@dataclass
class Step:
    """One FXLC instruction before registers are known: ``comps`` components, the scalar form, inputs and output
    as the reference of their first component (literal inputs: ("L", offset into the literal table))."""

    op: str
    comps: int
    inputs: list[Ref]
    output: Ref
    scalar: bool = False


@dataclass
class Plan:
    """What :func:`hoist` decided: the steps, the literal table, and the output registers -- ``outputs[k]``: the
    references each component of output k holds (None: not needed); the shader reads output k as constant
    ``base + k``."""

    base: int
    steps: list[Step] = field(default_factory=list)
    literals: list[float] = field(default_factory=list)
    outputs: list[list[Ref | None]] = field(default_factory=list)
    _lit_index: dict[tuple, int] = field(default_factory=dict)
    #: whether the lanes of an output write were split between the preshader and the shader
    split: bool = False

    def literal_block(self, values: tuple[float, ...]) -> int:
        bits = tuple(struct.pack("<d", v) for v in values)
        if bits not in self._lit_index:
            self._lit_index[bits] = len(self.literals)
            self.literals.extend(values)
        return self._lit_index[bits]


class _Builder:
    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.vregs = 0
        #: (operation, its inputs) -> the reference of the component that computed it: a preshader temporary is
        #: written once (each operation takes a new one), so a later operation on the same inputs is the same
        #: value (LocalDeformablePRT's VS reads IndexArray[NumBones - 1] three times: one set of comparisons)
        self.known: dict[tuple, Ref] = {}

    def new_vreg(self) -> int:
        self.vregs += 1
        return self.vregs - 1

    # -- one operation over several components ---------------------------------------------------------------
    def emit(self, op: str, inputs: list[list[Ref]]) -> list[Ref]:
        """``op`` of each component: ``inputs[j][k]`` is input j of component k. The results' references; a
        component whose inputs repeat an earlier component's is not computed again (``rcp r0.xy, c1.x``: one rcp)."""
        n = len(inputs[0]) if inputs else 0
        if op == "mov":
            return list(inputs[0])
        if op == "mul":  # x * 1 is x exactly (fxc's SHIrradianceEnvMap: 1 * MaterialDiffuseColor.a, a mov)
            for j in (0, 1):
                if all(r == ("l", 1.0) for r in inputs[j]):
                    return list(inputs[1 - j])
        first: dict[tuple, int] = {}  # the inputs of a component -> the first component computing them
        todo = []
        for k in range(n):
            key = tuple(inp[k] for inp in inputs)
            if key not in first and (op, key) not in self.known:
                first[key] = k
                todo.append(k)
        if len(todo) > 4:
            raise ValueError("more than four components")
        if not todo:  # every component computed before
            return [self.known[(op, tuple(inp[k] for inp in inputs))] for k in range(n)]
        v = self.new_vreg()
        # the distinct components take consecutive components of a new temporary
        slot = {k: i for i, k in enumerate(todo)}
        a = 0
        while a < len(todo):
            b = a + 1
            while b < len(todo) and self._run_ok(op, inputs, todo[a:b + 1]):
                b += 1
            self._put(op, inputs, todo[a:b], ("t", v, slot[todo[a]]))
            a = b
        for key, k in first.items():
            self.known[(op, key)] = ("t", v, slot[k])
        return [self.known[(op, tuple(inp[k] for inp in inputs))] for k in range(n)]

    @staticmethod
    def _contiguous(refs: list[Ref]) -> bool:
        if all(r[0] == "l" for r in refs):
            return True
        first = refs[0]
        for i, r in enumerate(refs):
            if r[0] != first[0] or r[0] == "l" or r[:-1] != first[:-1] or r[-1] != first[-1] + i:
                return False
        return first[-1] + len(refs) <= 4

    def _run_ok(self, op: str, inputs: list[list[Ref]], ks: list[int]) -> bool:
        cols = [[inp[k] for k in ks] for inp in inputs]
        bad = [j for j, c in enumerate(cols) if not self._contiguous(c)]
        if not bad:
            return True
        if len(bad) == 1 and all(r == cols[bad[0]][0] for r in cols[bad[0]]):
            return bad[0] == 0 or (op in _COMMUTATIVE and len(inputs) == 2)
        return False

    def _put(self, op: str, inputs: list[list[Ref]], ks: list[int], output: Ref) -> None:
        cols = [[inp[k] for k in ks] for inp in inputs]
        scalar = False
        if len(ks) > 1:
            bad = [j for j, c in enumerate(cols) if not self._contiguous(c)]
            if bad:
                j = bad[0]
                if j != 0:
                    cols[0], cols[j] = cols[j], cols[0]
                scalar = True
        firsts = []
        for j, c in enumerate(cols):
            if scalar and j == 0:
                r = c[0]
                firsts.append(("L", self.plan.literal_block((r[1],))) if r[0] == "l" else r)
            elif c[0][0] == "l":
                firsts.append(("L", self.plan.literal_block(tuple(r[1] for r in c))))
            else:
                firsts.append(c[0])
        self.plan.steps.append(Step(op, len(ks), firsts, output, scalar))

    # -- helpers over lists of components --------------------------------------------------------------------
    def neg(self, refs: list[Ref]) -> list[Ref]:
        if all(r[0] == "l" for r in refs):
            return [("l", -r[1]) for r in refs]
        return self.emit("neg", [refs])

    def dot(self, a: list[Ref], b: list[Ref]) -> Ref:
        if self._contiguous(a) and self._contiguous(b):
            key = ("dot", (tuple(a), tuple(b)))
            if key not in self.known:
                v = self.new_vreg()
                firsts = [("L", self.plan.literal_block(tuple(r[1] for r in x))) if x[0][0] == "l" else x[0]
                          for x in (a, b)]
                self.plan.steps.append(Step("dot", len(a), firsts, ("t", v, 0)))
                self.known[key] = ("t", v, 0)
            return self.known[key]
        prods = self.emit("mul", [a, b])
        acc = prods[0]
        for p in prods[1:]:
            acc = self.emit("add", [[acc], [p]])[0]
        return acc


def _src_refs(s: Src, comps: list[int], state: dict, defs: dict[int, list[float]], params: set[int]) \
        -> list[Ref] | None:
    """The references of components ``comps`` of source register ``s`` (before its modifier), or None when one
    is not uniform."""
    if s.rel is not None:
        idx = _index_ref(s, state, params)
        return None if idx is None else [("r", s.num, idx, c) for c in comps]
    out = []
    for c in comps:
        if s.reg == Reg.TEMP:
            e = state.get((s.num, c))
            if e is None:
                return None
            out.append(e[0])
        elif s.reg == Reg.CONST and s.num in defs:
            out.append(("l", defs[s.num][c]))
        elif s.reg == Reg.CONST and s.num in params:
            out.append(("p", s.num, c))
        else:
            return None
    return out


def _index_ref(s: Src, state: dict, params: set[int]) -> Ref | None:
    """The value selecting the register of a relative read ``c#[a0.c]`` of a parameter, where a ``mova`` of a
    value the preshader knows wrote that a0 component, else None. The value before rounding: the runtime's
    relative operand rounds it to the nearest integer (Wine's d3dx9 preshader.c: ``lrint`` of the index register),
    as ``mova`` does ("mova - vs": "rounding to nearest"); a literal index is left to the shader."""
    if s.reg != Reg.CONST or s.num not in params or s.rel.reg != Reg.ADDR:
        return None
    e = state.get((A0, s.rel.swizzle[0]))
    return e[0] if e is not None and e[0][0] in ("p", "t") else None


def _modified(b: _Builder, refs: list[Ref], mod: int) -> list[Ref]:
    if mod == SrcMod.NONE:
        return refs
    if mod == SrcMod.NEG:
        return b.neg(refs)
    absolute = b.emit("max", [refs, b.neg(refs)]) if not all(r[0] == "l" for r in refs) else \
        [("l", abs(r[1])) for r in refs]
    return absolute if mod == SrcMod.ABS else b.neg(absolute)


_MODS = {SrcMod.NONE, SrcMod.NEG, SrcMod.ABS, SrcMod.ABSNEG}


def _lower(b: _Builder, inst: Inst, state: dict, defs: dict, params: set[int]) -> dict[int, Ref] | None:
    """The references of each written lane of a hoistable instruction, its steps emitted; None when it reads
    something that is not uniform (nothing emitted then: the reads are checked first)."""
    d = inst.dst
    lanes = [k for k in range(4) if d.mask >> k & 1]
    op = inst.op
    srcs = inst.srcs if op != "sincos" else inst.srcs[:1]
    # per source: the components each written lane reads
    per: list[list[list[int]]] = []
    for i, s in enumerate(srcs):
        if s.mod not in _MODS:
            return None
        if op in ("dp3", "dp4"):
            n = 3 if op == "dp3" else 4
            per.append([[s.swizzle[j] for j in range(n)] for _ in lanes])
        elif op == "dp2add":
            per.append([[s.swizzle[0], s.swizzle[1]] if i < 2 else [s.swizzle[0]] for _ in lanes])
        elif op in ("rcp", "rsq", "exp", "log", "pow", "sincos"):
            per.append([[s.swizzle[0]] for _ in lanes])
        else:
            per.append([[s.swizzle[k]] for k in lanes])
    raw = []
    for i, s in enumerate(srcs):
        comps = sorted({c for lane in per[i] for c in lane})
        refs = _src_refs(s, comps, state, defs, params)
        if refs is None:
            return None
        raw.append((s, dict(zip(comps, refs, strict=True))))
    vals = []  # per source: {component: reference after the modifier}
    for s, m in raw:
        comps = sorted(m)
        mod = _modified(b, [m[c] for c in comps], s.mod)
        vals.append(dict(zip(comps, mod, strict=True)))

    def col(i: int, j: int = 0) -> list[Ref]:
        return [vals[i][per[i][n][j]] for n in range(len(lanes))]

    if op in ("mov", "mova", "add", "mul", "min", "max", "frc", "rcp", "rsq", "exp", "log"):
        fx = "mov" if op == "mova" else op
        res = b.emit(fx, [col(i) for i in range(len(srcs))])
    elif op in ("slt", "sge"):
        res = b.emit("lt" if op == "slt" else "ge", [col(0), col(1)])
    elif op == "cmp":
        res = b.emit("cmp", [col(0), col(1), col(2)])
    elif op == "mad":
        res = b.emit("add", [b.emit("mul", [col(0), col(1)]), col(2)])
    elif op == "abs":
        res = b.emit("max", [col(0), b.neg(col(0))])
    elif op == "lrp":
        diff = b.emit("add", [col(1), b.neg(col(2))])
        res = b.emit("add", [b.emit("mul", [col(0), diff]), col(2)])
    elif op == "pow":
        res = b.emit("exp", [b.emit("mul", [col(1), b.emit("log", [col(0)])])])
    elif op in ("dp3", "dp4"):
        n = 3 if op == "dp3" else 4
        r = b.dot([vals[0][per[0][0][j]] for j in range(n)], [vals[1][per[1][0][j]] for j in range(n)])
        res = [r] * len(lanes)
    elif op == "dp2add":
        r = b.dot([vals[0][per[0][0][j]] for j in range(2)], [vals[1][per[1][0][j]] for j in range(2)])
        r = b.emit("add", [[r], [vals[2][per[2][0][0]]]])[0]
        res = [r] * len(lanes)
    elif op == "sincos":
        if any(k > 1 for k in lanes):
            return None
        a = vals[0][per[0][0][0]]
        res = [b.emit("cos" if k == 0 else "sin", [[a]])[0] for k in lanes]
    else:
        return None
    if d.mod & _SAT:
        res = b.emit("min", [b.emit("max", [res, [("l", 0.0)] * len(res)]), [("l", 1.0)] * len(res)])
    return dict(zip(lanes, res, strict=True))


def _reads_uniform(inst: Inst, state: dict, defs: dict, params: set[int]) -> bool:
    for i, s in enumerate(inst.srcs[:1] if inst.op == "sincos" else inst.srcs):
        if s.mod not in _MODS:
            return False
        comps = {s.swizzle[k] for k in lanes_read(inst.op, i, inst.dst.mask)}
        if _src_refs(s, sorted(comps), state, defs, params) is None:
            return False
    return True


def _uniform_lane(inst: Inst, lane: int, state: dict, defs: dict, params: set[int], dep: dict | None = None) \
        -> bool:
    """Whether lane ``lane`` of an instruction computes a value of parameters and literals (with ``dep``: of
    parameters)."""
    d = inst.dst
    sub = Inst(inst.op, Dst(d.reg, d.num, 1 << lane, d.mod, d.shift), inst.srcs)
    return _reads_uniform(sub, state, defs, params) and (dep is None or _reads_param(sub, dep, params))


def _reads_param(inst: Inst, dep: dict, params: set[int]) -> bool:
    for i, s in enumerate(inst.srcs[:1] if inst.op == "sincos" else inst.srcs):
        if s.reg == Reg.CONST and s.num in params:
            return True
        if s.reg == Reg.TEMP and any(dep.get((s.num, s.swizzle[k])) for k in lanes_read(inst.op, i, inst.dst.mask)):
            return True
    return False


#: the output register files (the translation's: oPos / oFog / oPts, oD#, oT# (o# at shader model 3), oC#, oDepth)
_OUTPUTS = frozenset({Reg.RASTOUT, Reg.ATTROUT, Reg.TEXCRDOUT, Reg.COLOROUT, Reg.DEPTHOUT})


def _hoistable(inst: Inst, files=frozenset({Reg.TEMP})) -> bool:
    d = inst.dst
    return (inst.op in HOISTABLE and d is not None and d.reg in files and d.shift == 0
            and d.mod & ~(_SAT | _PP) == 0 and not inst.predicated and bool(inst.srcs))


@dataclass
class _Frame:
    """An open flow-control block in :func:`hoist`: where it starts and ends (body indices), the state and the
    dependences at its start, the keys its instructions write."""

    start: int
    end: int
    state: dict
    dep: dict
    writes: set


def _movable_mova(inst: Inst) -> bool:
    d = inst.dst
    return inst.op == "mova" and d is not None and d.reg == Reg.ADDR and d.mod == 0 and not inst.predicated


def _written(inst: Inst) -> set[tuple]:
    """The state keys an instruction writes: (temp, component), (A0, component) for a write of a0 (a vertex
    shader's; the same register type is a pixel shader's t#, which the translation's ps_2_0+ code never writes)."""
    d = inst.dst
    if d is None or inst.op in ("texkill", "dcl") or d.reg not in (Reg.TEMP, Reg.ADDR):
        return set()
    num = d.num if d.reg == Reg.TEMP else A0
    out = {(num, k) for k in range(4) if d.mask >> k & 1}
    if inst.op == "sincos" and d.reg == Reg.TEMP:  # writes .z undefined too ("sincos - vs")
        out.add((num, 2))
    return out


def _written_temps(block: list[Inst]) -> set[tuple]:
    return set().union(*(_written(i) for i in block))


def _read(inst: Inst) -> set[tuple]:
    """The state keys an instruction reads: the temps' components of its sources, a0's component of a relative
    read, texkill's operand, a predicated write's destination (the lanes it leaves keep their old values)."""
    d = inst.dst
    out = set()
    for i, s in enumerate(inst.srcs):
        if s.reg == Reg.TEMP:
            out |= {(s.num, s.swizzle[k]) for k in lanes_read(inst.op, i, d.mask if d is not None else None)}
        if s.rel is not None and s.rel.reg == Reg.ADDR:
            out.add((A0, s.rel.swizzle[0]))
    if d is not None and inst.predicated:
        out |= _written(inst)
    if inst.op == "texkill" and d is not None and d.reg == Reg.TEMP:
        out |= {(d.num, k) for k in range(4)}
    return out


def _live_from(body: list[Inst], start: int) -> set[tuple]:
    """The keys an instruction from ``start`` on may read before they are written (a superset of what is live
    there): a write ends a key only at ``start``'s own level, before any break or the end of a block around it."""
    killed: set[tuple] = set()
    out: set[tuple] = set()
    depth, sure = 0, True
    for inst in body[start:]:
        out |= _read(inst) - killed
        depth += (inst.op in _OPEN) - (inst.op in _CLOSE)
        sure = sure and depth >= 0 and inst.op != "else" and not inst.op.startswith("break")
        if sure and depth == 0 and not inst.predicated:
            killed |= _written(inst)
    return out


def _exposed(body: list[Inst], start: int, end: int) -> set[tuple]:
    """The keys the loop from ``start`` to ``end`` may read before writing them (what an iteration reads of the
    one before): a write ends a key only at the body's own level, before any break."""
    killed: set[tuple] = set()
    out: set[tuple] = set()
    depth, broken = 0, False
    for inst in body[start + 1:end]:
        broken = broken or inst.op.startswith("break")
        out |= _read(inst) - killed
        if depth == 0 and not broken and not inst.predicated:
            killed |= _written(inst)
        depth += (inst.op in _OPEN) - (inst.op in _CLOSE)
    return out


def _block_end(body: list[Inst], n: int) -> int:
    depth = 0
    for j in range(n, len(body)):
        op = body[j].op
        depth += (op in _OPEN) - (op in _CLOSE)
        if depth == 0:
            return j
    return len(body) - 1


def hoist(body: list[Inst], defs: dict[int, list[float]], params: set[int], base: int,
          ports_ok, swizzle_of, split_outputs: bool = True) -> tuple[list[Inst], Plan] | None:
    """The shader without its parameter-only instructions and the preshader that computes them (see the module),
    or None when nothing moves. ``defs``: the program's def constants (c# -> four floats); ``params``: the c# of
    float parameters; ``base``: the first c# number free for the output registers; ``ports_ok(srcs)``: whether an
    instruction may read these sources (the profile's read ports); ``swizzle_of(lanes)``: the source swizzle
    that reads component ``lanes[k]`` in lane k for the target, or None where the target has none;
    ``split_outputs``: whether an output's parameter-only lanes move where its other lanes stay (``plan.split``
    says whether one did)."""
    if any(i.op in _ABORT for i in body):
        return None
    plan = Plan(base)
    b = _Builder(plan)
    #: (temp, component) or (A0, component) -> (reference, physically in the register)
    state: dict[tuple, tuple[Ref, bool]] = {}
    #: (temp, component) -> whether its value depends on a parameter (values of literals only are not moved)
    dep: dict[tuple, bool] = {}
    out_index: dict[tuple, int] = {}
    out: list[Inst] = []
    moved = 0
    #: the open blocks, outermost first
    frames: list[_Frame] = []

    def const_src(num, comps: dict[int, Ref], mod: int, swz: tuple[int, ...], lanes: list[int],
                  in_place: bool = True) -> Src:
        """A constant source reading, in each lane of ``lanes``, the value the temp's component swz[lane]
        held (``comps``: component -> reference): a parameter register in place where every value is one of its
        components (unless not ``in_place``), else an output register (one per state of the temp: reads of the
        same values share it)."""
        refs = [comps[swz[k]] for k in lanes]
        if in_place and all(r[0] == "p" and r[1] == refs[0][1] for r in refs):
            new = swizzle_of({k: r[2] for k, r in zip(lanes, refs, strict=True)})
            if new is not None:
                return Src(Reg.CONST, refs[0][1], new, mod)
        if len(set(refs)) == 1:
            # one value in every lane read: an output of its own at .x read with the replicate swizzle
            k = next((j for j, o in enumerate(plan.outputs) if o[0] == refs[0]), None)
            if k is None:
                k = len(plan.outputs)
                plan.outputs.append([refs[0], None, None, None])
            return Src(Reg.CONST, base + k, (0, 0, 0, 0), mod)
        key = (num, tuple(state[(num, c)][0] if (num, c) in state and not state[(num, c)][1] else None
                          for c in range(4)))

        def fits(k: int) -> bool:  # output k holds these values where it holds anything at these components
            return all(plan.outputs[k][c] in (None, r) for c, r in comps.items())

        # the register of this state of the temp, else one already holding the same values in those components
        # (equal computations are one reference: LocalDeformablePRT's three reads of one bone index), else a new one
        k = out_index.get(key)
        if k is None or not fits(k):
            k = next((j for j in range(len(plan.outputs)) if fits(j) and any(
                plan.outputs[j][c] == r for c, r in comps.items())), None)
        if k is None:
            k = len(plan.outputs)
            plan.outputs.append([None] * 4)
        out_index[key] = k
        for c, r in comps.items():
            plan.outputs[k][c] = r
        return Src(Reg.CONST, base + k, swz, mod)

    def materialize(num, comps: set[int], in_place: bool = True) -> None:
        """mov temp.comps, <its values' constant> (``mova a0``, for the address register) before the next
        instruction; the values are in the register from here on, on this path: the end of the enclosing block
        takes back the state its start had (a branch not taken does not run the mov)."""
        held = {c: state[(num, c)][0] for c in comps}
        lanes = sorted(comps)
        src = const_src(num, held, SrcMod.NONE, (0, 1, 2, 3), lanes, in_place)
        mask = sum(1 << c for c in lanes)
        out.append(Inst("mova", Dst(Reg.ADDR, 0, mask), [src]) if num == A0 else
                   Inst("mov", Dst(Reg.TEMP, num, mask), [src]))
        for c in comps:
            state[(num, c)] = (state[(num, c)][0], True)

    def virtual(num, comps) -> set[int]:
        return {c for c in comps if (num, c) in state and not state[(num, c)][1]}

    def put_back(keys: set[tuple], live: set[tuple]) -> None:
        """Moves into their registers the moved values of ``keys`` that a later instruction may read there."""
        pending: dict = {}
        for t, c in keys:
            if (t, c) in live and (t, c) in state and not state[(t, c)][1]:
                pending.setdefault(t, set()).add(c)
        for t in sorted(pending, key=str):
            materialize(t, pending[t])

    def live_after(end: int, loops: list[_Frame]) -> set[tuple]:
        """What may read a register after the block ending at ``end``: the instructions after it, and the next
        iteration of each of ``loops`` (its reads before its writes)."""
        live = _live_from(body, end + 1)
        for f in loops:
            live |= _exposed(body, f.start, f.end)
        return live

    def loops_of(fs: list[_Frame]) -> list[_Frame]:
        return [f for f in fs if body[f.start].op in _LOOPS]

    for n, inst in enumerate(body):
        op = inst.op
        if op in ("comment", "dcl", "def", "defi", "defb"):
            out.append(inst)
            continue
        end = _block_end(body, n) if op in _OPEN else None
        if op in _OPEN:
            # the block's writes: their old values must be in the registers where the block does not run them (a
            # branch not taken, a loop's later iterations, read the registers)
            frame = _Frame(n, end, {}, {}, _written_temps(body[n + 1:end + 1]))
            put_back(frame.writes, live_after(end, loops_of([*frames, frame])))
        elif (op == "else" or op in _CLOSE) and frames:
            # the values the part computed go into their registers: after the block they depend on the path
            put_back(frames[-1].writes, live_after(frames[-1].end, loops_of(frames)))
        elif op.startswith("break"):
            # leaving the loop: what it computed goes into the registers read after it
            loops = loops_of(frames)
            if loops:
                put_back(loops[-1].writes, live_after(loops[-1].end, loops[:-1]))
        if _hoistable(inst, _OUTPUTS):
            # an output written with a value of parameters: the preshader computes the value, the shader moves it
            # (fxc: ShadowVolume's ``return g_vShadowColor;`` is ``mov oC0, c0`` after the preshader's ``mov c0,
            # c0``; its ``g_vLightColor * g_vMatColor`` a preshader ``mul c8, c0, c1`` and ``mov oD0, c8``); with
            # ``split_outputs``, the lanes of such values of a per-lane operation whose other lanes stay (fxc's
            # SHIrradianceEnvMap: ``Diffuse.a = 1; Diffuse *= MaterialDiffuseColor`` is the preshader's ``mov
            # c12.x, c0.w`` and the shader's ``mul oD0.xyz, r0, c4`` / ``mov oD0.w, c12.x``)
            d = inst.dst
            lanes = [k for k in range(4) if d.mask >> k & 1]
            part = [k for k in lanes if _uniform_lane(inst, k, state, defs, params)]
            if any(_uniform_lane(inst, k, state, defs, params, dep) for k in part) and (
                    part == lanes or (split_outputs and inst.op in _PER_LANE)):
                sub = Inst(op, Dst(d.reg, d.num, sum(1 << k for k in part), d.mod, d.shift), inst.srcs)
                res = _lower(b, sub, state, defs, params)
                if res is not None:
                    values = [res[k] for k in part]
                    if len(set(values)) == 1:  # one value: a register of its own at .x (fxc's scalar outputs)
                        plan.outputs.append([values[0], None, None, None])
                        src = Src(Reg.CONST, base + len(plan.outputs) - 1, (0, 0, 0, 0))
                    else:
                        plan.outputs.append([res.get(c) for c in range(4)])
                        src = Src(Reg.CONST, base + len(plan.outputs) - 1)
                    out.append(Inst("mov", Dst(d.reg, d.num, sub.dst.mask, d.mod & ~_SAT), [src]))
                    moved += 1
                    if part == lanes:
                        continue
                    plan.split = True
                    inst = Inst(op, Dst(d.reg, d.num, d.mask & ~sub.dst.mask, d.mod, d.shift), inst.srcs,
                                inst.controls, inst.decl, inst.values, inst.predicated)
        if _movable_mova(inst) and _reads_uniform(inst, state, defs, params) and _reads_param(inst, dep, params):
            # a0 loaded with a value the preshader knows: the relative reads at it move too (fxc's Effect_ArrayIndex
            # ``mov c0, c0[c10.x]``); a read that stays has the mova put back before it
            res = _lower(b, inst, state, defs, params)
            if res is not None:
                for k, r in res.items():
                    state[(A0, k)] = (r, False)
                moved += 1
                continue
        known = None  # the values of an instruction of literals only: it stays, later moved code may use them
        if _hoistable(inst) and _reads_uniform(inst, state, defs, params):
            res = _lower(b, inst, state, defs, params)
            if res is not None:
                if not _reads_param(inst, dep, params):
                    known = res
                else:
                    for k, r in res.items():
                        state[(inst.dst.num, k)] = (r, False)
                        dep[(inst.dst.num, k)] = True
                    moved += 1
                    continue
        # stays in the shader: its reads of moved values read constants (or the values are put back first)
        d = inst.dst
        if inst.predicated and d is not None and d.reg == Reg.TEMP:
            comps = virtual(d.num, {k for k in range(4) if d.mask >> k & 1})
            if comps:
                materialize(d.num, comps)
        if op == "texkill" and d is not None and d.reg == Reg.TEMP:
            comps = virtual(d.num, range(4))
            if comps:
                materialize(d.num, comps)
        new_srcs = list(inst.srcs)
        for i, s in enumerate(inst.srcs):
            if s.rel is not None and s.rel.reg == Reg.ADDR and virtual(A0, {s.rel.swizzle[0]}):
                materialize(A0, {s.rel.swizzle[0]})
            if s.reg != Reg.TEMP or s.rel is not None:
                continue
            lanes = list(lanes_read(op, i, d.mask if d is not None else None))
            comps = {s.swizzle[k] for k in lanes}
            virt = virtual(s.num, comps)
            if not virt:
                continue
            if virt == comps and op not in _NO_CONST:
                held = {c: state[(s.num, c)][0] for c in comps}
                cand = const_src(s.num, held, s.mod, s.swizzle, lanes)
                trial = [cand if m == i else o for m, o in enumerate(new_srcs)]
                if ports_ok(trial):
                    new_srcs[i] = cand
                    continue
            # a put-back of some of the lanes read, beside lanes the shader computed: fxc's vector built from parts,
            # a parameter's component included (skybox's ``color.a = g_fAlpha``: the preshader's ``mov c1.x,
            # c0.x``, the shader's ``mov r0.w, c1.x``); of all of them (the read ports, texld's coordinate): the
            # parameter in place, as fxc's BasicHLSL ``mov r1.xyz, c10``
            materialize(s.num, virt, virt == comps)
        out.append(Inst(op, d, new_srcs, inst.controls, inst.decl, inst.values, inst.predicated))
        for key in _written(inst):
            state.pop(key, None)
        if d is not None and d.reg == Reg.TEMP:
            for k, r in (known or {}).items():
                state[(d.num, k)] = (r, True)
                dep[(d.num, k)] = False
        if op in _OPEN:
            frames.append(_Frame(n, end, dict(state), dict(dep), _written_temps(body[n + 1:end + 1])))
            if op in _LOOPS:  # an iteration reads what the one before wrote
                for key in frames[-1].writes:
                    state.pop(key, None)
        elif op == "else" and frames:  # the else part starts from the state before the block
            state, dep = dict(frames[-1].state), dict(frames[-1].dep)
        elif op in _CLOSE and frames:
            f = frames.pop()
            state = {k: v for k, v in f.state.items() if k not in f.writes}
            dep = dict(f.dep)
    if not moved:
        return None
    return out, plan


# --- the FX 2.1 program ------------------------------------------------------------------------------------------
def _output_movs(plan: Plan) -> list[Step]:
    steps = []
    for k, comps in enumerate(plan.outputs):
        cs = [c for c in range(4) if comps[c] is not None]
        a = 0
        while a < len(cs):
            bnd = a + 1
            while bnd < len(cs) and cs[bnd] == cs[bnd - 1] + 1 and (
                    _Builder._contiguous([comps[c] for c in cs[a:bnd + 1]])
                    or all(comps[c] == comps[cs[a]] for c in cs[a:bnd + 1])):
                bnd += 1
            run = [comps[c] for c in cs[a:bnd]]
            scalar = len(run) > 1 and not _Builder._contiguous(run)
            if run[0][0] == "l":
                first = ("L", plan.literal_block((run[0][1],) if scalar else tuple(r[1] for r in run)))
            else:
                first = run[0]
            steps.append(Step("mov", len(run), [first], ("o", k, cs[a]), scalar))
            a = bnd
    return steps


def parameter_reads(r: Ref) -> list[tuple[int, bool]]:
    """The parameter registers a reference reads: (c#, whether every register of its parameter may be read --
    a relative read's base, which the index may move anywhere in the array)."""
    if r[0] == "p":
        return [(r[1], False)]
    if r[0] == "r":
        return [(r[1], True), *parameter_reads(r[2])]
    return []


def _temp_reads(s: Step) -> list[tuple[int, int, int]]:
    """(vreg, first component, component count) of each temporary a step reads: its inputs, and the index of a
    relative input (one component)."""
    out = []
    for j, r in enumerate(s.inputs):
        if r[0] == "t":
            out.append((r[1], r[2], 1 if s.scalar and j == 0 else s.comps))
        elif r[0] == "r" and r[2][0] == "t":
            out.append((r[2][1], r[2][2], 1))
    return out


def _live(steps: list[Step]) -> list[Step]:
    """The steps whose results are read (by a later step or an output): an instruction's unused lanes (sincos's
    cosine where only the sine is read) and values only the shader's own code uses are not computed."""
    needed: set[int] = set()
    keep = []
    for s in reversed(steps):
        if s.output[0] == "t" and s.output[1] not in needed:
            continue
        keep.append(s)
        needed |= {v for v, _c, _w in _temp_reads(s)}
    return keep[::-1]


def _direct(steps: list[Step]) -> list[Step]:
    """An output ``mov`` of a temporary nothing else reads is dropped and the instructions computing that
    temporary write the output register instead (fxc's form: BasicHLSL's ``add c7.x, r0.y, (0.5)``)."""
    readers: dict[int, int] = {}
    for s in steps:
        for v, _c, _w in _temp_reads(s):
            readers[v] = readers.get(v, 0) + 1
    writers: dict[int, list[Step]] = {}
    for s in steps:
        if s.output[0] == "t":
            writers.setdefault(s.output[1], []).append(s)
    drop = set()
    for n, s in enumerate(steps):
        if s.op != "mov" or s.output[0] != "o" or s.scalar or s.inputs[0][0] != "t":
            continue
        _t, v, first = s.inputs[0]
        if readers.get(v) != 1 or not all(first <= w.output[2] and w.output[2] + (1 if w.op == "dot" else w.comps)
                                          <= first + s.comps for w in writers[v]):
            continue
        for w in writers[v]:
            w.output = ("o", s.output[1], s.output[2] + w.output[2] - first)
        drop.add(n)
    return [s for n, s in enumerate(steps) if n not in drop]


def _allocate(steps: list[Step]) -> dict[int, int]:
    """vreg -> the component offset of its first component in the temporaries: each vreg takes as many
    consecutive components of one register as it uses (an FXLC operand is a run of components and an output may not
    cross a register), freed after the last step that reads it (fxc's preshaders use r0-r6)."""
    width: dict[int, int] = {}
    last: dict[int, int] = {}
    for n, s in enumerate(steps):
        o = s.output
        if o[0] == "t":
            width[o[1]] = max(width.get(o[1], 0), o[2] + (1 if s.op == "dot" else s.comps))
        for v, c, w in _temp_reads(s):
            width[v] = max(width.get(v, 0), c + w)
            last[v] = n
    used: list[int] = []  # per physical register: a mask of the components taken
    place: dict[int, int] = {}
    for n, s in enumerate(steps):
        o = s.output
        if o[0] == "t" and o[1] not in place:
            w = width[o[1]]
            bits = (1 << w) - 1
            spot = next(((reg, off) for reg, mask in enumerate(used) for off in range(5 - w)
                         if not mask & bits << off), None)
            if spot is None:
                used.append(0)
                spot = (len(used) - 1, 0)
            reg, off = spot
            used[reg] |= bits << off
            place[o[1]] = 4 * reg + off
        for v in {v for v, _c, _w in _temp_reads(s)}:
            if last[v] == n and not (o[0] == "t" and o[1] == v):
                reg, off = divmod(place[v], 4)
                used[reg] &= ~(((1 << width[v]) - 1) << off)
    return place


def encode_pres(plan: Plan, param_offset, out_register, ctab_words: list[int]) -> list[int]:
    """The PRES comment's words (from the ``PRES`` FOURCC on). ``param_offset(c#, comp)``: the component offset
    of a parameter component in the preshader's own constant table (described by ``ctab_words``, the CTAB
    comment's words from its FOURCC); ``out_register(k)``: the shader's c# of output k."""
    from ...effects import fxlc

    steps = _direct(_live(plan.steps + _output_movs(plan)))
    phys = _allocate(steps)

    def operand(r: Ref) -> fxlc.Operand:
        if r[0] == "p":
            return fxlc.Operand(fxlc.VAR, param_offset(r[1], r[2]))
        if r[0] == "L":
            return fxlc.Operand(fxlc.LIT, r[1])
        if r[0] == "t":
            return fxlc.Operand(fxlc.TEMP, phys[r[1]] + r[2])
        if r[0] == "o":
            return fxlc.Operand(fxlc.OUT, 4 * out_register(r[1]) + r[2])
        if r[0] == "r":  # the index operand's (table, component offset) selects the register
            index = operand(r[2])
            return fxlc.Operand(fxlc.VAR, param_offset(r[1], r[3]), (index.table, index.index))
        raise ValueError(f"unresolved preshader operand {r}")

    code = [fxlc.Instruction(s.op, s.comps, tuple(operand(r) for r in s.inputs), operand(s.output), s.scalar)
            for s in steps]
    lits = list(plan.literals) + [0.0] * (-len(plan.literals) % 4)
    regs = sorted({out_register(k) for k in range(len(plan.outputs))})
    runs: list[list[int]] = []
    for r in regs:
        if runs and runs[-1][0] + runs[-1][1] == r:
            runs[-1][1] += 1
        else:
            runs.append([r, 1])
    prsi = [regs[0], 0, 0, regs[-1] - regs[0] + 1, 0, 0, len(runs), *(x for run in runs for x in run), 0, 0]
    return [fxlc.fourcc(b"PRES"), *fxlc.d3d9_program(fxlc.FX_PRESHADER_VERSION, ctab_words, lits, code, prsi)]
