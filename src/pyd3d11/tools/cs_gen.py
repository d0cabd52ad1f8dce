"""Seeded generator of compute, geometry, hull and domain programs over the edges of the integer, half and double
instructions (issue 15, session 47, helper MRUN; ``fxc_oracle --real --gen N --gen-version 5 --profiles cs_5_0,gs_5_0``, and
``hs_5_0,ds_5_0`` since session 48).

tools/hlsl_gen writes general programs (locals, control flow, structs, matrices); the widening sessions 45 and 46
measured by hand -- what the shared ``[test]`` programs do that hlsl_gen does not -- is written here as programs
both compilers translate and the reference executor runs (tools/fxc_oracle classifies the two objects' results):

* a ``cs_5_0`` program (4 threads a group, two groups: optdiff's run) reads per-thread values from edge tables
  (``static const`` arrays indexed by a constant-buffer word and the thread: 0, 1, 0xFFFFFFFF, 0x80000000,
  0x7FFFFFFF, 0xAAAAAAAA, shift amounts 31 / 32 / 33 / 64, half-float edge words 0x7C00 / 0x7C01 / 0x8001 /
  0x17C01, float edges 65504 / 65520 / 65519 / 2^-24 / 2^-25 / denormals / inf / NaN, double words 1e300 /
  denormal / inf / NaN), from a ``ByteAddressBuffer``, a ``StructuredBuffer`` of a struct and a
  ``Texture2DMS<float4>`` (``Load`` at a sample, ``GetSamplePosition``, ``GetDimensions``); it computes with
  firstbithigh / firstbitlow (of uint and of int) / countbits / reversebits, f32tof16 / f16tof32, shifts by
  run-time amounts and by literals of 32 or more (fxc masks them), bit-field extracts and inserts written with
  shifts and masks (``ubfe`` / ``ibfe`` / ``bfi`` patterns, widths and offsets at their edges), integer division
  and remainder by edge values (a zero divisor included: D3D11 defines the result), doubles (``+ - * /``, ``fma``,
  ``min`` / ``max`` / ``abs``, comparisons, conversions both ways, ``asdouble`` / ``asuint``); it writes and reads
  back its own elements of a ``RWByteAddressBuffer`` (``Store`` / ``Store2`` / ``Store4``, ``Load2``,
  ``InterlockedAdd`` / ``Or`` / ``Max`` with the original value) and of a ``RWStructuredBuffer`` of a struct, and
  makes a groupshared round trip between barriers; every value ends in a ``RWStructuredBuffer<uint4>`` (6 rows a
  thread), so every bit is compared;
* a ``gs_5_0`` program (``[instance(n)]``, a triangle of vertices with ``uint4`` words) appends a data-dependent
  number of points (at most 4 a loop) with values of the same integer / half edges, to one stream or two
  (``PointStream``), with ``RestartStrip`` under a condition; the executor's stream rows are compared.

* (session 48) an ``hs_5_0`` program (a tri, quad or isoline domain, every partitioning, 1 / 3 / 4 control
  points in and out) computes the same edges in its control-point function (``SV_OutputControlPointID``) and its
  patch-constant function (``SV_PrimitiveID``; the TessFactors from edge words, constant-buffer floats or small
  counts, a ``uint4`` and a ``float2`` beside them, an ``[unroll]`` loop over the input patch: fxc's fork and join
  phases); a ``ds_5_0`` program reads the patch constants, the output patch and ``SV_DomainLocation``. optdiff runs
  them alone on random control points, patch constants and domain locations, and compares the control points,
  patch constants, TessFactors and domain outputs (``--profiles hs_5_0,ds_5_0``).

Not generated: typed UAV loads (the executor's R32 views only) and values whose result D3D11 leaves undefined (a
NaN's payload is compared as a NaN by the classifier anyway).
"""

from __future__ import annotations

import numpy as np

#: per-thread uint edges (bit operations, half words, shift amounts)
EDGE_U = ("0u", "1u", "0xFFFFFFFFu", "0x80000000u", "0x7FFFFFFFu", "0xAAAAAAAAu", "31u", "32u", "33u", "64u",
          "0x7C00u", "0x7C01u", "0x8001u", "0x17C01u", "0xFFFFu", "0x3C00u")
#: float edges as words (f32tof16's rounding and overflow edges, denormals, infinities, NaN)
EDGE_F = ("0x477FE000u", "0x47800000u", "0x477FEFFFu", "0x477FF000u", "0x33800000u", "0x33000000u",
          "0x00000001u", "0x80400000u", "0x7F800000u", "0xFF800000u", "0x7FC00000u", "0x80000000u", "0x3F800000u",
          "0xC0400000u", "0x38800000u", "0x387FC000u")
#: double words (hi, lo): 1e300, a denormal, inf, NaN, -0, 1.5, 2^53 + 1's neighbour, -2^31
EDGE_D = (("0x7E37E43Cu", "0x8800759Cu"), ("0x00000000u", "0x00000001u"), ("0x7FF00000u", "0x00000000u"),
          ("0x7FF80000u", "0x00000000u"), ("0x80000000u", "0x00000000u"), ("0x3FF80000u", "0x00000000u"),
          ("0x43400000u", "0x00000001u"), ("0xC1E00000u", "0x00000000u"))
#: literal shift amounts and field widths / offsets at their edges
SHIFTS = ("0", "1", "15", "31", "32", "33", "63")
FIELDS = ((0, 1), (0, 31), (1, 31), (31, 1), (8, 8), (16, 16), (0, 32), (4, 28))

_U_BIN = ("+", "-", "*", "&", "|", "^", "/", "%")
_U_CALL1 = ("firstbithigh", "firstbitlow", "countbits", "reversebits")
_I_CALL1 = ("firstbithigh", "firstbitlow", "abs", "sign", "countbits")
_D_BIN = ("+", "-", "*", "/")
_D_CMP = ("<", ">=", "==", "!=")


class CsGen:
    """One program: ``stage`` 'cs', 'gs', 'hs' or 'ds' (shader model 5)."""

    def __init__(self, rng: np.random.Generator, stage: str) -> None:
        self.r = rng
        self.stage = stage
        self.lines: list[str] = []
        self.uvars: list[str] = []
        self.fvars: list[str] = []
        self.dvars: list[str] = []
        self.n = 0

    # ---- small helpers
    def pick(self, seq):
        return seq[int(self.r.integers(0, len(seq)))]

    def chance(self, p: float) -> bool:
        return bool(self.r.random() < p)

    def new(self, kind: str, expr: str) -> str:
        name = f"{kind}{self.n}"
        self.n += 1
        self.lines.append(f"    {'uint' if kind == 'u' else 'float' if kind == 'f' else 'double'} {name} = {expr};")
        {"u": self.uvars, "f": self.fvars, "d": self.dvars}[kind].append(name)
        return name

    def thread(self) -> str:
        return {"cs": "tid.x", "gs": "iid", "hs": "cid", "pc": "pid", "ds": "pid"}[self.stage]

    def word(self) -> str:
        """A constant-buffer word (random per run: a small integer or a float's bits)."""
        return f"cu[{self.r.integers(0, 4)}].{self.pick('xyzw')}"

    def edge(self, table: str) -> str:
        m = int(self.r.integers(1, 8))
        return f"{table}[({self.word()} + {self.thread()} * {m}u) & 15]"

    # ---- expressions
    def uleaf(self) -> str:
        c = int(self.r.integers(0, 8))
        if c < 3 or not self.uvars:
            return self.edge("EU")
        if c == 3:
            return self.pick(EDGE_U)
        if c == 4:
            return self.word()
        return self.pick(self.uvars)

    def fleaf(self) -> str:
        c = int(self.r.integers(0, 6))
        if c < 3 or not self.fvars:
            return f"asfloat({self.edge('EF')})"
        if c == 3:
            return f"cf[{self.r.integers(0, 2)}].{self.pick('xyzw')}"
        return self.pick(self.fvars)

    def uexpr(self, depth: int = 0) -> str:
        if depth > 2 or self.chance(0.25):
            return self.uleaf()
        c = int(self.r.integers(0, 12))
        a = self.uexpr(depth + 1)
        if c == 0:
            return f"({a} {self.pick(_U_BIN)} {self.uexpr(depth + 1)})"
        if c == 1:
            return f"{self.pick(_U_CALL1)}({a})"
        if c == 2:  # signed forms through asint
            call = self.pick(_I_CALL1)
            return f"asuint({call}(asint({a})))"
        if c == 3:
            op = self.pick(("<<", ">>"))
            amount = self.pick(SHIFTS) if self.chance(0.5) else self.uexpr(depth + 1)
            if self.chance(0.3):
                return f"asuint(asint({a}) {op} {amount})"
            return f"({a} {op} {amount})"
        if c == 4:  # ubfe / ibfe patterns
            off, width = self.pick(FIELDS)
            if width >= 32:
                return f"({a} >> {off})"
            if self.chance(0.5):
                return f"(({a} >> {off}) & {hex((1 << width) - 1)}u)"
            return f"asuint((asint({a}) << {32 - width - off}) >> {32 - width})"
        if c == 5:  # bfi pattern
            off, width = self.pick(FIELDS)
            mask = (((1 << width) - 1) << off) & 0xFFFFFFFF
            return f"((({self.uexpr(depth + 1)} << {off}) & {hex(mask)}u) | ({a} & {hex(~mask & 0xFFFFFFFF)}u))"
        if c == 6:
            return f"f32tof16({self.fexpr(depth + 1)})"
        if c == 7:
            return f"asuint(f16tof32({a}))"
        if c == 8:
            return f"{self.pick(('min', 'max'))}({a}, {self.uexpr(depth + 1)})"
        if c == 9:
            return f"asuint({self.pick(('min', 'max'))}(asint({a}), asint({self.uexpr(depth + 1)})))"
        if c == 10:
            return f"(uint){self.fexpr(depth + 1)}"
        return f"asuint((int){self.fexpr(depth + 1)})"

    def fexpr(self, depth: int = 0) -> str:
        if depth > 2 or self.chance(0.35):
            return self.fleaf()
        c = int(self.r.integers(0, 6))
        if c == 0:
            return f"f16tof32({self.uexpr(depth + 1)})"
        if c == 1:
            return f"({self.fexpr(depth + 1)} {self.pick(('+', '-', '*'))} {self.fexpr(depth + 1)})"
        if c == 2:
            return f"(float){self.uexpr(depth + 1)}"
        if c == 3:
            return f"(float)asint({self.uexpr(depth + 1)})"
        if c == 4 and self.stage == "cs":
            return f"ms.Load(int2({self.uexpr(depth + 1)} & 7, {self.thread()} & 3), {self.uexpr(depth + 1)} & 3)." \
                   f"{self.pick('xyzw')}"
        return f"{self.pick(('min', 'max'))}({self.fexpr(depth + 1)}, {self.fexpr(depth + 1)})"

    def dleaf(self) -> str:
        c = int(self.r.integers(0, 5))
        if c == 0 or not self.dvars:
            hi, lo = self.pick(EDGE_D)
            return f"asdouble({lo}, {hi})"
        if c == 1:
            return f"asdouble({self.uleaf()}, {self.uleaf()})"
        if c == 2:
            return f"(double){self.fleaf()}"
        if c == 3:
            return f"(double)asint({self.uleaf()})"
        return self.pick(self.dvars)

    def dexpr(self, depth: int = 0) -> str:
        if depth > 1 or self.chance(0.3):
            return self.dleaf()
        c = int(self.r.integers(0, 4))
        if c == 0:
            return f"({self.dexpr(depth + 1)} {self.pick(_D_BIN)} {self.dexpr(depth + 1)})"
        if c == 1:
            return f"fma({self.dexpr(depth + 1)}, {self.dexpr(depth + 1)}, {self.dexpr(depth + 1)})"
        if c == 2:
            return f"{self.pick(('min', 'max'))}({self.dexpr(depth + 1)}, {self.dexpr(depth + 1)})"
        return f"abs({self.dexpr(depth + 1)})"

    def d_to_u(self, d: str) -> str:
        c = int(self.r.integers(0, 5))
        if c == 0:
            return f"asuint((float){d})"
        if c == 1:
            return f"asuint((int){d})"
        if c == 2:
            return f"(uint){d}"
        if c == 3:
            return f"(({d} {self.pick(_D_CMP)} {self.dexpr(1)}) ? 1u : 0u)"
        return f"dlo({d})"

    # ---- statements
    def statement(self) -> None:
        c = int(self.r.integers(0, 10))
        if c < 4:
            self.new("u", self.uexpr())
        elif c < 6:
            self.new("f", self.fexpr())
        elif c < 8:
            d = self.new("d", self.dexpr())
            self.new("u", self.d_to_u(d))
        elif self.stage == "cs":
            self.memory()
        else:
            self.new("u", self.uexpr())

    def memory(self) -> None:
        """A write and read-back of the thread's own raw words / structured element, or an interlocked op."""
        c = int(self.r.integers(0, 6))
        k = int(self.r.integers(0, 4))
        if c == 0:
            self.lines.append(f"    rw.Store(base + {k * 4}, {self.uexpr(1)});")
            self.new("u", f"rw.Load(base + {k * 4})")
        elif c == 1:
            self.lines.append(f"    rw.Store4(base + 16, uint4({self.uexpr(1)}, {self.uexpr(1)}, {self.uleaf()}, "
                              f"{self.uleaf()}));")
            self.new("u", f"rw.Load2(base + {8 * int(self.r.integers(0, 4))}).{self.pick('xy')}")
        elif c == 2:
            op = self.pick(("InterlockedAdd", "InterlockedOr", "InterlockedMax", "InterlockedXor"))
            self.lines.append(f"    uint o{self.n}; rw.{op}(base + {k * 4}, {self.uexpr(1)}, o{self.n});")
            self.uvars.append(f"o{self.n}")
            self.n += 1
        elif c == 3:
            self.lines.append(f"    sb[own].a = {self.uexpr(1)}; sb[own].b = {self.fexpr(1)}; "
                              f"sb[own].c = int2(asint({self.uleaf()}), {self.uleaf()});")
            self.new("u", self.pick(("sb[own].a", "asuint(sb[own].b)", "asuint(sb[own].c.y)")))
        elif c == 4:
            self.new("u", f"rb.Load(({self.uexpr(1)} & 63u) << 2)")
            self.new("u", f"asuint(ssb[{self.uexpr(1)} % 48].{self.pick(('a', 'b', 'c.x'))})")
        else:
            # both components, through a float2: fxc's object of ``GetSamplePosition(i).y`` alone writes
            # ``samplepos r.xw, t.xxxy`` and clobbers a live r.x (d3dcompiler_47 10.1, session 47: not followed)
            self.lines.append(f"    float2 p{self.n} = ms.GetSamplePosition({self.uexpr(1)} & 3);")
            self.new("u", f"asuint(p{self.n}.x) ^ (asuint(p{self.n}.y) >> 7)")

    # ---- programs
    def prelude(self) -> list[str]:
        return ["static const uint EU[16] = {" + ", ".join(EDGE_U) + "};",
                "static const uint EF[16] = {" + ", ".join(EDGE_F) + "};",
                "cbuffer C : register(b0) { uint4 cu[4]; float4 cf[2]; };",
                "uint dlo(double d) { uint lo, hi; asuint(d, lo, hi); "
                "return (hi & 0x7FF00000u) == 0x7FF00000u && ((hi & 0xFFFFFu) | lo) != 0u ? 0x7FC00000u : lo ^ hi; }"]

    def compute(self) -> str:
        head = self.prelude() + [
            "struct S { uint a; float b; int2 c; };",
            "ByteAddressBuffer rb : register(t0);",
            "StructuredBuffer<S> ssb : register(t1);",
            "Texture2DMS<float4> ms : register(t2);",
            "RWStructuredBuffer<uint4> outb : register(u0);",
            "RWByteAddressBuffer rw : register(u1);",
            "RWStructuredBuffer<S> sb : register(u2);",
            "groupshared uint gsm[4];",
            "[numthreads(4, 1, 1)]",
            "void main(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex)",
            "{",
            "    uint base = tid.x * 32u;",
            "    uint own = tid.x * 6u;",
        ]
        for _ in range(int(self.r.integers(8, 14))):
            self.statement()
        if self.chance(0.5):  # a groupshared round trip: a neighbour's value
            self.lines.append(f"    gsm[gi] = {self.uexpr(1)};")
            self.lines.append("    GroupMemoryBarrierWithGroupSync();")
            self.new("u", "gsm[(gi + 1u) & 3u]")
            self.lines.append("    GroupMemoryBarrierWithGroupSync();")
        for _ in range(int(self.r.integers(2, 5))):
            self.statement()
        vals = self.uvars[-18:] + [f"asuint({f})" for f in self.fvars[-6:]]
        rows = [vals[i:i + 4] for i in range(0, len(vals), 4)][:6]
        outs = [f"    outb[tid.x * 6u + {i}u] = uint4({', '.join((row + ['0u'] * 4)[:4])});"
                for i, row in enumerate(rows)]
        return "\n".join(head + self.lines + outs + ["}"]) + "\n"

    def geometry(self) -> str:
        two = self.chance(0.4)
        inst = int(self.r.integers(1, 4))
        head = self.prelude() + [
            "struct V { float4 p : SV_Position; uint4 a : TEXCOORD0; };",
            "struct O { float4 p : SV_Position; uint4 v : TEXCOORD0; };",
            f"[maxvertexcount(8)] [instance({inst})]",
            "void main(triangle V i[3], uint pid : SV_PrimitiveID, uint iid : SV_GSInstanceID, "
            + ("inout PointStream<O> s, inout PointStream<O> t)" if two else "inout PointStream<O> s)"),
            "{",
        ]
        self.uvars += ["i[0].a.x", "i[1].a.y", "i[2].a.z", "pid"]
        for _ in range(int(self.r.integers(5, 10))):
            self.statement()
        vals = self.uvars[-8:]
        body = ["    [loop] for (uint k = 0; k < (i[0].a.w & 3u) + 1u; k++)", "    {", "        O o;",
                "        o.p = float4((float)k, (float)(pid & 7u), 0, 1);",
                f"        o.v = uint4({self.pick(vals)} + k, {self.pick(vals)}, {self.pick(vals)} ^ k, "
                f"{self.uexpr(1).replace('tid.x', 'iid')});",
                "        s.Append(o);"]
        if self.chance(0.5):
            body.append(f"        if (({self.pick(vals)} & 1u) != 0) s.RestartStrip();")
        if two:
            body += [f"        o.v.x = {self.pick(vals)};", "        t.Append(o);"]
        body.append("    }")
        return "\n".join(head + self.lines + body + ["}"]) + "\n"


    # ---- tessellation (session 48): the patch's control points and constants carry the same edge words
    def _tess_head(self) -> tuple[str, int, list[str]]:
        """The domain, its control-point count and the declarations both stages share: the control point
        ``CP`` (a position and edge words), the patch constants ``PC`` (the domain's TessFactors and words)."""
        domain = self.pick(("tri", "quad", "isoline"))
        n_cp = int(self.pick((1, 3, 4)))
        edges, inside = {"tri": (3, 1), "quad": (4, 2), "isoline": (2, 0)}[domain]
        pc = f"float e[{edges}] : SV_TessFactor; "
        if inside:
            pc += f"float i{'[2]' if inside == 2 else ''} : SV_InsideTessFactor; "
        lines = self.prelude() + [
            "struct CP { float4 p : POSITION; uint4 a : TEXCOORD0; };",
            "struct PC { " + pc + "uint4 w : TEXCOORD1; float2 f : TEXCOORD2; };",
        ]
        self.domain, self.edges, self.inside = domain, edges, inside
        return domain, n_cp, lines

    def _factor(self) -> str:
        """A TessFactor: a float of the edge words, the constant buffer's floats, or a small count (its rounding
        by the partitioning is the tessellator's; the word written is compared)."""
        c = int(self.r.integers(0, 3))
        if c == 0:
            return f"(float)({self.uexpr(1)} & 15u)"
        if c == 1:
            return self.fexpr(1)
        return self.pick(("1.0", "2.5", "64.0", "0.0", "-1.0"))

    def _body(self, count: int) -> None:
        for _ in range(count):
            self.statement()

    def hull(self) -> str:
        domain, n_cp, head = self._tess_head()
        out_cp = int(self.pick((1, 3, 4)))
        part = self.pick(("integer", "fractional_odd", "fractional_even", "pow2"))
        topo = "line" if domain == "isoline" else self.pick(("triangle_cw", "triangle_ccw", "point"))
        # the patch-constant function: fxc splits its TessFactor writes into fork phases, loops into join phases
        self.stage = "pc"
        self.uvars += ["ip[0].a.x", f"ip[{n_cp - 1}].a.y", "op[0].a.z", "pid"]
        self._body(int(self.r.integers(3, 7)))
        pcf = self.lines
        self.lines = []
        writes = [f"    o.e[{k}] = {self._factor()};" for k in range(self.edges)]
        if self.inside == 1:
            writes.append(f"    o.i = {self._factor()};")
        elif self.inside == 2:
            writes += [f"    o.i[{k}] = {self._factor()};" for k in range(2)]
        vals = self.uvars[-8:]
        loop = []
        if self.chance(0.5):  # a loop over the control points: a join phase reads every fork's result
            loop = [f"    [unroll] for (uint k = 0; k < {n_cp}u; k++) o.w.y ^= ip[k].a.w + {self.pick(vals)};"]
        pc_lines = [f"PC pcf(InputPatch<CP, {n_cp}> ip, const OutputPatch<CP, {out_cp}> op, uint pid : SV_PrimitiveID)",
                    "{", *pcf, "    PC o;", *writes,
                    f"    o.w = uint4({self.pick(vals)}, {self.pick(vals)}, {self.pick(vals)}, {self.pick(vals)});",
                    *loop, f"    o.f = float2({self.fexpr(1)}, asfloat({self.pick(vals)}));", "    return o;", "}"]
        # the control-point function: one invocation per output control point (cid)
        self.stage = "hs"
        self.uvars, self.fvars, self.dvars = ["ip[cid % " + str(n_cp) + "u].a.x", "ip[0].a.w", "cid", "pid"], [], []
        self._body(int(self.r.integers(4, 9)))
        vals = self.uvars[-8:]
        main = [f'[domain("{domain}")]', f'[partitioning("{part}")]', f'[outputtopology("{topo}")]',
                f"[outputcontrolpoints({out_cp})]", '[patchconstantfunc("pcf")]',
                f"CP main(InputPatch<CP, {n_cp}> ip, uint cid : SV_OutputControlPointID, uint pid : SV_PrimitiveID)",
                "{", *self.lines, "    CP o;", f"    o.p = ip[cid % {n_cp}u].p;",
                f"    o.a = uint4({self.pick(vals)}, {self.pick(vals)}, {self.pick(vals)}, {self.pick(vals)});",
                "    return o;", "}"]
        return "\n".join(head + pc_lines + main) + "\n"

    def domain_program(self) -> str:
        domain, n_cp, head = self._tess_head()
        loc = "float2" if domain in ("quad", "isoline") else "float3"
        self.uvars += ["op[0].a.x", f"op[{n_cp - 1}].a.y", "pc.w.z", "pid", "asuint(uvw.x)"]
        self.fvars += ["uvw.y", "pc.e[0]", "pc.f.x", "op[0].p.z"]
        self._body(int(self.r.integers(5, 10)))
        vals = self.uvars[-8:]
        fv = self.fvars[-4:]
        pos = " + ".join(f"uvw.{'xyz'[k % (2 if loc == 'float2' else 3)]} * op[{k}].p" for k in range(n_cp))
        lines = ["struct DO { float4 p : SV_Position; uint4 v : TEXCOORD0; float4 f : TEXCOORD1; };",
                 f'[domain("{domain}")]',
                 f"DO main(PC pc, {loc} uvw : SV_DomainLocation, const OutputPatch<CP, {n_cp}> op, "
                 "uint pid : SV_PrimitiveID)", "{", *self.lines, "    DO o;", f"    o.p = {pos};",
                 f"    o.v = uint4({self.pick(vals)}, {self.pick(vals)}, {self.pick(vals)}, {self.pick(vals)});",
                 f"    o.f = float4({', '.join((fv + ['0.0'] * 4)[:4])});", "    return o;", "}"]
        return "\n".join(head + lines) + "\n"


def random_program(seed: int, stage: str) -> str:
    """The program of ``seed`` for ``stage`` ('cs', 'gs', 'hs' or 'ds'; shader model 5)."""
    rng = np.random.default_rng([seed, {"cs": 2, "gs": 3, "hs": 4, "ds": 6}[stage], 5, 5])
    g = CsGen(rng, stage)
    if stage == "hs":
        return g.hull()
    if stage == "ds":
        return g.domain_program()
    return g.compute() if stage == "cs" else g.geometry()
