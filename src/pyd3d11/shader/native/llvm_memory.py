"""Memory access of the native generator (a mixin of :class:`~.llvm_gen.Gen`): typed / raw / structured loads
and stores on buffers, UAVs and groupshared memory with D3D11's out-of-range rules, atomics and UAV counters in
lane order, buffer info, and the scalar helpers they share.
"""

from __future__ import annotations

from .llvm_arith import splat
from .lower import Dst, LOp, Src


class MemoryMixin:
    # ---- memory -------------------------------------------------------------------------------------
    def mem_geom(self, mem: tuple) -> dict:
        """Per-resource values: words ptr, nw, limit, stride, count (i64 SSA or constants), base per lane."""
        kind, slot = mem
        if kind == "g":
            wpg = self.lay.tgsm_words[slot]
            size, stride = self.lw.tgsm[slot]
            return {"words": self.arg(f"tgsm{slot}"), "nw": str(wpg * max(1, self.TP // self.T)),
                    "limit": str(wpg), "stride": str(stride), "count": str((wpg * 4 // stride) if stride else 0),
                    "wpg": wpg}
        p = f"{kind}{slot}"
        return {"words": self.arg(f"{p}w"), "nw": self.arg(f"{p}nw", False), "limit": self.arg(f"{p}nw", False),
                "stride": self.arg(f"{p}stride", False), "count": self.arg(f"{p}count", False), "wpg": None}

    def lane_base(self, g: dict) -> str:
        """<8 x i64> first word of the lane's groupshared copy (0 for buffers)."""
        if g["wpg"] is None:
            return "zeroinitializer"
        grp = self.v(f"udiv {self.VL} {self.lanes64(False)}, {splat(self.T, 'i64')}")
        return self.v(f"mul {self.VL} {grp}, {splat(g['wpg'], 'i64')}")

    def address(self, g: dict, a0: str, a1: str | None) -> tuple[str, str, str]:
        """(<W x i64> w (without base), <W x i1> ok, <W x i64> avail) for raw (a1 None) or structured."""
        x0 = self.v(f"zext {self.VI} {a0} to {self.VL}")
        if a1 is None:
            w = self.v(f"lshr {self.VL} {x0}, {splat(2, 'i64')}")
            avail = self.v(f"sub {self.VL} {self.vsplat64(g['limit'])}, {w}")
            return w, splat("true", "i1"), avail
        x1 = self.v(f"zext {self.VI} {a1} to {self.VL}")
        stride = self.vsplat64(g["stride"])
        ok1 = self.v(f"icmp ult {self.VL} {x0}, {self.vsplat64(g['count'])}")
        ok2 = self.v(f"icmp ult {self.VL} {x1}, {stride}")
        ok = self.v(f"and {self.VB} {ok1}, {ok2}")
        sw = self.v(f"lshr {self.VL} {stride}, {splat(2, 'i64')}")
        offw = self.v(f"lshr {self.VL} {x1}, {splat(2, 'i64')}")
        avail = self.v(f"sub {self.VL} {sw}, {offw}")
        avail = self.v(f"select {self.VB} {ok}, {self.VL} {avail}, {self.VL} zeroinitializer")
        # the element index times the stride in words, both below 2^32 (a structure stride is at most 2048 bytes,
        # D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES; groupshared strides are literals): written as a product
        # of two zero-extended 32-bit values so that AVX2 hosts multiply with one vpmuludq per four lanes instead
        # of the three-multiply 64-bit sequence (AVX2 has no 64-bit lane multiply); the product is the same
        sw32 = self.v(f"trunc {self.VL} {sw} to {self.VI}")
        sw = self.v(f"zext {self.VI} {sw32} to {self.VL}")
        w = self.v(f"mul nuw {self.VL} {x0}, {sw}")
        w = self.v(f"add {self.VL} {w}, {offw}")
        return w, ok, avail

    def in_range(self, g: dict, flat: str, ok: str, avail: str, s: int) -> tuple[str, str]:
        fs = self.v(f"add {self.VL} {flat}, {splat(s, 'i64')}")
        c1 = self.v(f"icmp slt {self.VL} {splat(s, 'i64')}, {avail}")
        c2 = self.v(f"icmp ult {self.VL} {fs}, {self.vsplat64(g['nw'])}")
        c = self.v(f"and {self.VB} {c1}, {c2}")
        return fs, self.v(f"and {self.VB} {c}, {ok}")

    def emit_load(self, op: LOp, m: str) -> None:
        info = op.info
        g = self.mem_geom(info["mem"])
        a0 = self.src(info["a0"])
        a1 = self.src(info["a1"]) if info["structured"] else None
        w, ok, avail = self.address(g, a0, a1)
        flat = self.v(f"add {self.VL} {w}, {self.lane_base(g)}")
        vals = []
        for s in info["sel"]:
            fs, good = self.in_range(g, flat, ok, avail, s)
            good = self.v(f"and {self.VB} {good}, {m}")
            self.prefetch_ok = g["wpg"] is None  # buffers stream from memory; groupshared memory is in cache
            vals.append(self.gather_fast(g["words"], fs, good))
            self.prefetch_ok = True
        for d, v in zip(op.dsts, vals):
            self.store(d, v, m)

    def emit_store(self, op: LOp) -> None:
        info = op.info
        g = self.mem_geom(info["mem"])
        # component-major, lanes in order (the reference's order when lanes overlap)
        for cpt, vs in zip(info["comps"], info["vals"]):
            self.loop_begin()
            mi = self.load_mask()
            self.skip_idle_step(mi)
            m = self.quiet_filter(self.mbool(mi))
            a0 = self.src(info["a0"])
            a1 = self.src(info["a1"]) if info["structured"] else None
            w, ok, avail = self.address(g, a0, a1)
            flat = self.v(f"add {self.VL} {w}, {self.lane_base(g)}")
            fs, good = self.in_range(g, flat, ok, avail, cpt)
            good = self.v(f"and {self.VB} {good}, {m}")
            self.scatter_fast(g["words"], fs, self.src(vs), good)
            self.loop_end()

    def quiet_words(self, lane: str, vt: str) -> tuple[str, str]:
        """(discard words, helper words) of type ``vt`` (<W x i32> or i32) at tile lane ``lane``."""
        gl = self.v(f"add i64 {lane}, %tb")
        out = []
        for name in ("discarded", "helpers"):
            p = self.v(f"getelementptr i32, ptr {self.arg(name)}, i64 {gl}")
            out.append(self.v(f"load {vt}, ptr {p}, align 4"))
        return out[0], out[1]

    def quiet_filter(self, m: str) -> str:
        """<W x i1> ``m`` without the lanes whose memory writes must not take effect: pixel-shader helper lanes
        and lanes that ran discard (§16.12 / §16.13; the reference's ExecState.quiet). Only pixel shaders
        that write memory have them (lower.py ``quiet``)."""
        if not self.lw.quiet:
            return m
        d, h = self.quiet_words(self.lane, self.VI)
        q = self.v(f"or {self.VI} {d}, {h}")
        return self.v(f"and {self.VB} {m}, {self.v(f'icmp eq {self.VI} {q}, zeroinitializer')}")

    def lane_quiet_filter(self, act: str, lane: str) -> str:
        """i1 ``act`` of one lane, cleared where the lane must not write memory (quiet_filter's one-lane form)."""
        if not self.lw.quiet:
            return act
        d, h = self.quiet_words(lane, "i32")
        q = self.v(f"or i32 {d}, {h}")
        return self.v(f"and i1 {act}, {self.v(f'icmp eq i32 {q}, 0')}")

    def emit_atomic(self, op: LOp) -> None:
        """Lane by lane in lane order (the reference's serialisation), addresses as signed int64."""
        info = op.info
        g = self.mem_geom(info["mem"])
        sv = self.scalar_src

        def address() -> tuple[str, str, str]:
            lane = self.lane
            a0 = self.v(f"sext i32 {sv(info['a0'])} to i64")
            if info["structured"]:
                a1 = self.v(f"sext i32 {sv(info['a1'])} to i64")
                stride, count = g["stride"], g["count"]
                ok1 = self.v(f"icmp slt i64 {a0}, {count}")
                ok2 = self.v(f"icmp slt i64 {a1}, {stride}")
                ok = self.v(f"and i1 {ok1}, {ok2}")
                sw = self.v(f"lshr i64 {stride}, 2")
                offw = self.v(f"ashr i64 {a1}, 2")
                avail = self.v(f"sub i64 {sw}, {offw}")
                avail = self.v(f"select i1 {ok}, i64 {avail}, i64 0")
                w = self.v(f"mul i64 {a0}, {sw}")
                w = self.v(f"add i64 {w}, {offw}")
            else:
                w = self.v(f"ashr i64 {a0}, 2")
                avail = self.v(f"sub i64 {g['limit']}, {w}")
            c1 = self.v(f"icmp sgt i64 {avail}, 0")
            c2 = self.v(f"icmp sge i64 {w}, 0")
            good = self.v(f"and i1 {c1}, {c2}")
            if g["wpg"] is not None:
                grp = self.v(f"udiv i64 {lane}, {self.T}")
                base = self.v(f"mul i64 {grp}, {g['wpg']}")
                flat = self.v(f"add i64 {w}, {base}")
            else:
                flat = w
            c3 = self.v(f"icmp slt i64 {flat}, {g['nw']}")
            good = self.v(f"and i1 {good}, {c3}")
            return g["words"], flat, good

        self.atomic_lanes(address, info["op"], info["vals"], op.dsts)

    def atomic_lanes(self, address, name: str, val_srcs: list, dsts: list) -> None:
        """An atomic ``name`` lane by lane in lane order over the active lanes: ``address()`` emits (for the
        current lane, ``self.lane``) the i32 word array, the i64 word index and whether it is in range; the
        operands are ``val_srcs`` (Src, read per lane); ``dsts`` receive the word's previous value (0 where
        the address is out of range)."""
        self.loop_begin(step=1, upper="%L")
        lane = self.lane
        mp = self.v(f"getelementptr i32, ptr %masks, i64 {lane}")
        mv = self.v(f"load i32, ptr {mp}, align 4")
        act = self.v(f"icmp ne i32 {mv}, 0")
        run, skip = self.label("at"), self.label("ats")
        self.e(f"br i1 {act}, label %{run}, label %{skip}")
        self.put_label(run)
        words, flat, good = address()
        good = self.lane_quiet_filter(good, lane)  # a quiet lane leaves memory alone and gets 0 (§16.12.2)
        vals = [self.scalar_src(s) for s in val_srcs]
        doit, done = self.label("atd"), self.label("atn")
        pre_blk = self.label("atp")
        self.e(f"br i1 {good}, label %{doit}, label %{pre_blk}")
        self.put_label(pre_blk)
        self.br(done)
        self.put_label(doit)
        p = self.v(f"getelementptr i32, ptr {words}, i64 {flat}")
        old = self.v(f"load i32, ptr {p}, align 4")
        if name == "cmp":
            eq = self.v(f"icmp eq i32 {old}, {vals[0]}")
            new = self.v(f"select i1 {eq}, i32 {vals[1]}, i32 {old}")
        elif name == "exch":
            new = vals[0]
        elif name == "add":
            new = self.v(f"add i32 {old}, {vals[0]}")
        elif name in ("and", "or", "xor"):
            new = self.v(f"{name} i32 {old}, {vals[0]}")
        else:
            fn = {"imax": "smax", "imin": "smin", "umax": "umax", "umin": "umin"}[name]
            self.intr(f"declare i32 @llvm.{fn}.i32(i32, i32)")
            new = self.v(f"call i32 @llvm.{fn}.i32(i32 {old}, i32 {vals[0]})")
        self.e(f"store i32 {new}, ptr {p}, align 4")
        self.br(done)
        self.put_label(done)
        res = self.v(f"phi i32 [ {old}, %{doit} ], [ 0, %{pre_blk} ]")
        for d in dsts:
            self.scalar_store(d, res)
        self.br(skip)
        self.put_label(skip)
        self.loop_end()

    def emit_counter(self, op: LOp) -> None:
        slot = op.info["slot"]
        cell = self.arg(f"u{slot}counter")
        bound = self.arg(f"u{slot}bound", False)
        isb = self.v(f"icmp ne i64 {bound}, 0")
        run, skip = self.label("cnt"), self.label("cnts")
        self.e(f"br i1 {isb}, label %{run}, label %{skip}")
        self.put_label(run)
        self.loop_begin(step=1, upper="%L")
        lane = self.lane
        mp = self.v(f"getelementptr i32, ptr %masks, i64 {lane}")
        mv = self.v(f"load i32, ptr {mp}, align 4")
        act = self.v(f"icmp ne i32 {mv}, 0")
        go, nx = self.label("cg"), self.label("cn")
        self.e(f"br i1 {act}, label %{go}, label %{nx}")
        self.put_label(go)
        c = self.v(f"load i32, ptr {cell}, align 4")
        loud = self.lane_quiet_filter("true", lane)  # a quiet lane leaves the counter alone and gets 0
        if op.info["consume"]:
            val = self.v(f"sub i32 {c}, 1")
            self.e(f"store i32 {self.v(f'select i1 {loud}, i32 {val}, i32 {c}')}, ptr {cell}, align 4")
        else:
            val = c
            nxt = self.v(f"add i32 {c}, 1")
            self.e(f"store i32 {self.v(f'select i1 {loud}, i32 {nxt}, i32 {c}')}, ptr {cell}, align 4")
        val = self.v(f"select i1 {loud}, i32 {val}, i32 0")
        for d in op.dsts:
            self.scalar_store(d, val)
        self.br(nx)
        self.put_label(nx)
        self.loop_end()
        self.br(skip)
        self.put_label(skip)

    def emit_bufinfo(self, op: LOp, m: str) -> None:
        kind, slot = op.info["res"]
        v = self.arg(f"{kind}{slot}bufinfo", False)
        x = self.v(f"trunc i64 {v} to i32")
        val = self.vsplat32(x)
        for d in op.dsts:
            self.store(d, val, m)

    # scalar (one lane) access for atomics/counters: reuse the vector code on a one-lane view
    def scalar_src(self, s: Src) -> str:
        save = self.lane
        vec = self.src(s)  # reads lanes [lane, lane+8): lane 0 of it is this lane
        self.lane = save
        return self.v(f"extractelement {self.VI} {vec}, i64 0")

    def scalar_store(self, d: Dst, val: str) -> None:
        vec = self.v(f"insertelement {self.VI} zeroinitializer, i32 {val}, i64 0")
        m = f"<i1 true, {', '.join(['i1 false'] * (self.W - 1))}>"
        self.store(d, vec, m)
