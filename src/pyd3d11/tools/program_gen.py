"""Seeded generator of random, valid SM5 shader assembly for the whole-pipeline differential fuzzer
(tools/pipeline_fuzz.py): vertex, pixel and compute programs over the ALU, flow control, indexable
temps and (compute) memory of :class:`backend_diff._Gen`, plus

* double precision (``dadd dmul dmin dmax dmov dmovc ddiv dfma drcp`` and the comparisons and
  conversions ``deq dge dlt dne ftod dtof dtoi dtou itod utod``; D3D11.3 §22.13 / 11.1 double extensions),
* texture access on every stage: ``sample_l sample_d sample_c_lz gather4 gather4_c gather4_po gather4_po_c
  ld resinfo`` with immediate offsets, on 2D, 2D-array, cube and 3D textures and a comparison texture,
* in pixel shaders, where control flow is uniform (outside ``if``/``loop``/``switch`` and before any
  ``retc``: derivatives are undefined in divergent flow, D3D11.3 §16.9): ``deriv_rt[xy][_coarse|_fine]``,
  ``sample sample_b sample_c lod``.

The assembly is plain text for ``shader.dxbc.asm.assemble_shader`` (signatures are synthesised from
the declarations: VS inputs TEXCOORD0..3, VS o0 SV_Position and o1..o3 TEXCOORD0..2, PS v0
SV_Position and v1..v3 TEXCOORD0..2, PS outputs SV_Target0..n).
"""

from __future__ import annotations

import re

import numpy as np

from .backend_diff import _SW, _Gen

#: texture registers the generated programs declare (the fuzzer binds a resource of this kind to each)
TEXTURES = {4: "texture2d", 5: "texture2d", 6: "texture2darray", 7: "texturecube", 8: "texture3d"}
COMPARE_TEXTURE = 5  # single-channel depth-like texture read with s1 (comparison sampler)
INTERPOLATION = ["linear", "linear centroid", "linear noperspective", "constant", "linear noperspective centroid",
                 "linear sample"]


class ProgramGen(_Gen):
    """Random SM5 assembly for 'vs', 'ps', 'cs' or 'gs' with doubles, textures and (PS) derivatives."""

    gs: dict | None = None

    def __init__(self, rng: np.random.Generator, stage: str, n_ops: int, outputs: int = 4,
                 textures: bool = True, doubles: bool = True) -> None:
        super().__init__(rng, stage, n_ops)
        self.outputs = outputs
        self.textures = textures
        self.doubles = doubles
        self.returned = False  # a retc has been emitted: later flow is not uniform
        self.interp = [str(rng.choice(INTERPOLATION)) for _ in range(3)]

    # ---- extra statements ---------------------------------------------------------------------------
    def alu(self) -> None:
        c = self.r(12)
        if c < 2 and self.doubles:
            self.dbl()
        elif c < 4 and self.textures:
            self.tex()
        elif c == 4 and self.stage == "ps" and self.uniform():
            op = self.rng.choice(["deriv_rtx", "deriv_rty", "deriv_rtx_coarse", "deriv_rty_coarse",
                                  "deriv_rtx_fine", "deriv_rty_fine"])
            self.emit(f"{op} {self.dst()}, {self.src('f')}")
        else:
            super().alu()

    def uniform(self) -> bool:
        return self.depth == 0 and not self.returned

    def emit(self, s: str) -> None:
        if s.startswith("retc"):
            self.returned = True  # lanes may have left: what follows is not uniform flow
        super().emit(s)

    def dsrc(self) -> str:
        s = f"r{self.r(self.TEMPS)}.{self.rng.choice(['xyzw', 'zwxy', 'xyxy', 'zwzw'])}"
        m = self.r(6)
        return "-" + s if m == 0 else f"|{s}|" if m == 1 else s

    def dbl(self) -> None:
        d = f"r{self.r(self.TEMPS)}.{self.rng.choice(['xyzw', 'xy', 'zw'])}"
        c = self.r(10)
        if c < 3:
            op = self.rng.choice(["dadd", "dmul", "dmin", "dmax", "ddiv"])
            self.emit(f"{op} {d}, {self.dsrc()}, {self.dsrc()}")
        elif c == 3:
            self.emit(f"dfma {d}, {self.dsrc()}, {self.dsrc()}, {self.dsrc()}")
        elif c == 4:
            self.emit(f"{self.rng.choice(['dmov', 'drcp'])} {d}, {self.dsrc()}")
        elif c == 5:
            self.emit(f"dmovc {d}, r{self.r(self.TEMPS)}.xxyy, {self.dsrc()}, {self.dsrc()}")
        elif c == 6:
            op = self.rng.choice(["deq", "dge", "dlt", "dne"])
            self.emit(f"{op} r{self.r(self.TEMPS)}.{self.rng.choice(['xy', 'x'])}, {self.dsrc()}, {self.dsrc()}")
        elif c == 7:  # float → double: gives doubles with ordinary values
            self.emit(f"ftod r{self.r(self.TEMPS)}.{self.rng.choice(['xy', 'zw'])}, {self.src('f', True)}")
        elif c == 8:
            self.emit(f"{self.rng.choice(['itod', 'utod'])} r{self.r(self.TEMPS)}.{self.rng.choice(['xy', 'zw'])}, "
                      f"{self.src('i', True)}")
        else:
            op = self.rng.choice(["dtof", "dtoi", "dtou"])
            self.emit(f"{op} {self.sdst()}, r{self.r(self.TEMPS)}.{self.rng.choice(['xyxx', 'zwzz'])}")

    def coord(self) -> str:
        """r4 = a random temp scaled into a texture-sized range (sometimes the raw temp: NaN, huge)."""
        k = self.r(self.TEMPS)
        if self.r(6) == 0:
            return f"r{k}{self.swz()}"
        s = self.rng.choice(["0.01", "0.13", "0.37", "1.0", "-0.7"], 4)
        o = self.rng.choice(["0", "0.5", "-0.25", "0.03"], 4)
        self.emit(f"mad r4.xyzw, r{k}{self.swz()}, l({', '.join(s)}), l({', '.join(o)})")
        return "r4.xyzw"

    def offs(self) -> str:
        if self.r(3):
            return ""
        return f"_aoffimmi({self.r(16) - 8},{self.r(16) - 8},{self.r(16) - 8 if self.r(2) else 0})"

    def tex(self) -> str:
        ps_ok = self.stage == "ps" and self.uniform()
        t = int(self.rng.choice([4, 4, 4, 6, 7, 8]))
        res = f"t{t}{self.swz()}"
        c = self.r(12 if ps_ok else 9)
        d = self.dst()
        if c == 0:
            a = self.coord()
            self.emit(f"sample_l{self.offs() if t != 7 else ''} {d}, {a}, {res}, s0, {self.src('f', True)}")
        elif c == 1:
            a = self.coord()
            self.emit(f"sample_d {d}, {a}, {res}, s0, {self.src('f')}, {self.src('f')}")
        elif c == 2:
            a = self.coord()
            self.emit(f"sample_c_lz{self.offs()} {d}, {a}, t5{self.swz()}, s1, {self.src('f', True)}")
        elif c == 3:
            a = self.coord()
            t = int(self.rng.choice([4, 6, 7]))
            off = self.offs() if t != 7 else ""
            self.emit(f"gather4{off} {d}, {a}, t{t}{self.swz()}, s0.{_SW[self.r(4)]}")
        elif c == 4:
            a = self.coord()
            self.emit(f"gather4_c {d}, {a}, t5{self.swz()}, s1.x, {self.src('f', True)}")
        elif c == 5:
            a = self.coord()
            self.emit(f"and r5.xyzw, {self.src('i')}, l(-1, -1, 0, 0)")
            if self.r(2):
                self.emit(f"gather4_po {d}, {a}, r5.xyzw, t4{self.swz()}, s0.{_SW[self.r(4)]}")
            else:
                self.emit(f"gather4_po_c {d}, {a}, r5.xyzw, t5{self.swz()}, s1.x, {self.src('f', True)}")
        elif c == 6:
            t = int(self.rng.choice([4, 5, 6, 8]))
            self.emit(f"and r5.xyzw, {self.src('i')}, l(15, 15, 3, 3)")
            self.emit(f"ld{self.offs()} {d}, r5.xyzw, t{t}{self.swz()}")
        elif c == 7:
            kind = self.rng.choice(["", "_rcpFloat", "_uint"])
            self.emit(f"resinfo{kind} {d}, {self.src('i', True)}, {res}")
        elif c == 8:
            a = self.coord()
            self.emit(f"sample_l {d}, {a}, t5{self.swz()}, s0, {self.src('f', True)}")
        elif c == 9:
            a = self.coord()
            self.emit(f"sample{self.offs() if t != 7 else ''} {d}, {a}, {res}, s0")
        elif c == 10:
            a = self.coord()
            if self.r(2):
                self.emit(f"sample_b {d}, {a}, {res}, s0, {self.src('f', True)}")
            else:
                self.emit(f"sample_c {d}, {a}, t5{self.swz()}, s1, {self.src('f', True)}")
        else:
            a = self.coord()
            self.emit(f"lod {d}, {a}, {res}, s0")
        return d

    # ---- whole programs -----------------------------------------------------------------------------
    def declarations(self) -> list[str]:
        flags = "refactoringAllowed"
        if self.doubles:
            flags += " | enableDoublePrecisionFloatOps | enable11_1DoubleExtensions"
        out = [f"dcl_globalFlags {flags}", "dcl_constantbuffer cb0[16], dynamicIndexed"]
        if self.textures:
            out += ["dcl_sampler s0, mode_default", "dcl_sampler s1, mode_comparison"]
            out += [f"dcl_resource_{kind} (float,float,float,float) t{t}" for t, kind in TEXTURES.items()]
        return out

    def program(self) -> str:
        st = self.stage
        if st == "cs":
            text = super().program()
            lines = text.splitlines()
            lines[1:3] = self.declarations()
            # the device's validator wants an explicit selection on every cb operand
            lines = [re.sub(r"(cb0\[\d+\])(?=,|$)", r"\1.xyzw", line) for line in lines]
            return "\n".join(lines).replace("f32tof16_sat", "f32tof16") + "\n"
        if st == "gs":
            return self.geometry_program()
        head = [f"{st}_5_0", *self.declarations()]
        init = []
        if st == "vs":
            head += [f"dcl_input v{i}.xyzw" for i in range(4)]
            head += ["dcl_output_siv o0.xyzw, position"] + [f"dcl_output o{i}.xyzw" for i in range(1, 4)]
        else:
            head.append("dcl_input_ps_siv linear noperspective v0.xyzw, position")
            head += [f"dcl_input_ps {m} v{i}.xyzw" for i, m in enumerate(self.interp, 1)]
            head += [f"dcl_output o{i}.xyzw" for i in range(self.outputs)]
        head += ["dcl_temps 9", "dcl_indexableTemp x0[4], 4"]
        init += [f"mov r{k}.xyzw, v{k}.xyzw" for k in range(self.TEMPS)]
        self.block(self.n_ops)
        tail = []
        if st == "vs":
            # the position stays near the vertex's own (saturate turns NaN/inf into 0..1): a random
            # program moves vertices by at most 0.05 of clip space instead of throwing everything away
            tail += ["mov_sat r4.xyzw, r1.xyzw", "mad o0.xy, r4.xyxx, l(0.05, -0.05, 0, 0), v0.xyxx",
                     "mov o0.zw, v0.zzzw"]
            tail += [f"mov o{k}.xyzw, r{k}.xyzw" for k in range(1, 4)]
        else:
            tail += [f"mov o{k}.xyzw, r{k % self.TEMPS}.xyzw" for k in range(self.outputs)]
        return "\n".join(head + init + self.lines + tail + ["ret"]).replace("f32tof16_sat", "f32tof16") + "\n"


    def geometry_program(self) -> str:
        """A GS (``self.gs``: input primitive, its vertex count k, output topology, maxout, instances): the
        random block over temps loaded from the first vertex, then an emit per input vertex (a relative
        vertex index in a loop, or unrolled) with random cuts and emitThenCut; inputs v[k][0] SV_Position
        and v[k][1..3], outputs o0 SV_Position (the vertex's own, moved by at most 0.05 like the VS) and
        o1..o3; maxout may end the invocation early (D3D11.3 §22.3.5)."""
        g = self.gs
        k = g["k"]
        head = ["gs_5_0", *self.declarations()]
        head.append(f"dcl_input_siv v[{k}][0].xyzw, position")
        head += [f"dcl_input v[{k}][{i}].xyzw" for i in range(1, 4)]
        head.append("dcl_input vPrim")
        if g["instances"] > 1:
            head.append("dcl_input vGSInstanceID")
        head += [f"dcl_inputprimitive {g['prim']}", f"dcl_outputtopology {g['topo']}",
                 "dcl_output_siv o0.xyzw, position"] + [f"dcl_output o{i}.xyzw" for i in range(1, 4)]
        head.append(f"dcl_maxout {g['maxout']}")
        if g["instances"] > 1:
            head.append(f"dcl_gsinstances {g['instances']}")
        head += ["dcl_temps 9", "dcl_indexableTemp x0[4], 4"]
        init = [f"mov r{j}.xyzw, v[0][{j}].xyzw" for j in range(self.TEMPS)]
        init.append("utof r3.w, vPrim")
        if g["instances"] > 1:
            init.append("utof r2.w, vGSInstanceID")
        self.block(self.n_ops)

        def vertex(v: str) -> list[str]:
            out = ["mov_sat r4.xyzw, r1.xyzw", f"mad o0.xy, r4.xyxx, l(0.05, -0.05, 0, 0), v[{v}][0].xyxx",
                   f"mov o0.zw, v[{v}][0].zzzw"]
            out += [f"add o{j}.xyzw, r{j}.xyzw, v[{v}][{j}].xyzw" for j in range(1, 4)]
            c = self.r(6)
            out.append("emit_then_cut" if c == 0 else "emit")
            if c == 1:
                out.append("cut")
            return out

        tail = []
        if self.r(2):
            tail += ["mov r6.x, l(0)", "loop", f"uge r6.y, r6.x, l({k})", "breakc_nz r6.y"]
            tail += vertex("r6.x + 0")
            tail += ["iadd r6.x, r6.x, l(1)", "endloop"]
        else:
            for j in range(k):
                tail += vertex(str(j))
        if self.r(3) == 0:  # a second pass over the vertices: more emits than maxout allows, sometimes
            tail += vertex(str(k - 1)) + vertex("0")
        return "\n".join(head + init + self.lines + tail + ["ret"]).replace("f32tof16_sat", "f32tof16") + "\n"


#: GS input primitive → (dcl_inputprimitive name, vertices, IA topologies it accepts)
GS_INPUTS = {"point": (1, (1,)), "line": (2, (2, 3)), "triangle": (3, (4, 5)), "lineadj": (4, (10, 11)),
             "triangleadj": (6, (12, 13))}


def random_gs_shape(rng: np.random.Generator) -> dict:
    """A random GS shape for :func:`random_program` ('gs'): input primitive, output topology, maxout,
    instances (within D3D11's limits: maxout × 16 output scalars ≤ 1024, instances ≤ 32)."""
    prim = str(rng.choice(list(GS_INPUTS)))
    k = GS_INPUTS[prim][0]
    return dict(prim=prim, k=k, topo=str(rng.choice(["pointlist", "linestrip", "trianglestrip"])),
                maxout=int(rng.integers(1, k + 4)), instances=int(rng.choice([1, 1, 2, 3])))


def random_program(rng: np.random.Generator, stage: str, n_ops: int = 24, outputs: int = 4,
                   textures: bool = True, doubles: bool = True, gs: dict | None = None) -> str:
    """Random valid SM5 assembly for ``stage`` ('vs', 'ps', 'cs', or 'gs' with ``gs`` from
    :func:`random_gs_shape`)."""
    p = ProgramGen(rng, stage, n_ops, outputs, textures, doubles)
    p.gs = gs
    return p.program()
