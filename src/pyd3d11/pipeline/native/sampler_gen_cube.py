"""Native cube-map sampling (issue 12): the cube part of pipeline/native/sampler_gen.py's sample emitter —
face selection and projection, derivatives of the projected coordinates, bilinear taps rolled over face edges
and the corner rule, operation by operation as sampler_cube.py / sampler._level_cube compute them."""

from __future__ import annotations

from .sampler_gen import (
    _QNAN,
    REDUCE_MAXIMUM,
    REDUCE_MINIMUM,
    VB,
    VF,
    VI,
    SampleEmitter,
    _fs,
    _is,
    compare,
)

_FACE_TABLES = {"N": ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)),  # sampler_cube
                "S": ((0, 0, -1), (0, 0, 1), (1, 0, 0), (1, 0, 0), (1, 0, 0), (-1, 0, 0)),
                "T": ((0, -1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1), (0, -1, 0), (0, -1, 0))}


class CubeEmitter(SampleEmitter):
    """sample* / sample_c* / lod on cube maps and cube arrays (sampler_cube.py, sampler._level_cube):
    face selection and projection, derivatives of the projected coordinates, bilinear taps rolled over
    face edges (a corner's missing tap gives its weight to the other three), the weighted sum clamped to
    the live taps' range."""

    wide = False  # 8 lanes (its own code); a 16-lane kernel calls it per half

    raw_dims = property(lambda self: 3)

    # ---- sampler_cube ------------------------------------------------------------------------------------
    def face_masks(self, g, face: str) -> list[str]:
        return [g.v(f"icmp eq {VI} {face}, {_is(f)}") for f in range(6)]

    def table(self, g, masks: list[str], name: str) -> list[str]:
        """Per-lane FACE_{N,S,T}[face] as three <8 x float> (entries 0 / ±1)."""
        out = []
        for comp in range(3):
            v = "zeroinitializer"
            for f in range(6):
                e = _FACE_TABLES[name][f][comp]
                if e:
                    v = self._sel(g, masks[f], _fs(float(e)), v)
            out.append(v)
        return out

    def components(self, g, masks: list[str], x: str, y: str, z: str) -> list[str]:
        """face_components: (ma, sc, tc) = ((x*T0 + y*T1) + z*T2) for T = N, S, T in float32."""
        out = []
        for name in "NST":
            t = self.table(g, masks, name)
            r = g.v(f"fadd {VF} {g.v(f'fmul {VF} {x}, {t[0]}')}, {g.v(f'fmul {VF} {y}, {t[1]}')}")
            out.append(g.v(f"fadd {VF} {r}, {g.v(f'fmul {VF} {z}, {t[2]}')}"))
        return out

    def select_face(self, g, x: str, y: str, z: str) -> str:
        ax, ay, az = (self._call(g, "fabs", v) for v in (x, y, z))
        zmaj = g.v(f"and {VB} {g.v(f'fcmp oge {VF} {az}, {ay}')}, {g.v(f'fcmp oge {VF} {az}, {ax}')}")
        ymaj = g.v(f"and {VB} {g.v(f'xor {VB} {zmaj}, splat (i1 true)')}, {g.v(f'fcmp oge {VF} {ay}, {ax}')}")

        def neg(v: str, a: int, b: int) -> str:
            return self._sel(g, g.v(f"fcmp olt {VF} {v}, zeroinitializer"), _is(a), _is(b), VI)

        f = self._sel(g, ymaj, neg(y, 3, 2), neg(x, 1, 0), VI)
        return self._sel(g, zmaj, neg(z, 5, 4), f, VI)

    def project(self, g, x: str, y: str, z: str) -> tuple[str, str, str, list[str]]:
        """(face, s, t, face masks) with s = (sc / ma) * 0.5 + 0.5 (NaN for a zero vector)."""
        face = self.select_face(g, x, y, z)
        masks = self.face_masks(g, face)
        ma, sc, tc = self.components(g, masks, x, y, z)
        st = []
        for v in (sc, tc):
            r = g.v(f"fdiv {VF} {v}, {ma}")
            r = g.v(f"fmul {VF} {r}, {_fs(0.5)}")
            st.append(g.v(f"fadd {VF} {r}, {_fs(0.5)}"))
        return face, st[0], st[1], masks

    # ---- overrides -------------------------------------------------------------------------------------------
    def coords(self, g, a: list[str]) -> tuple[list[str], str | None]:
        self.face, s, t, self.masks = self.project(g, a[0], a[1], a[2])
        c = [self._nan0(g, self._clip(g, v, "zeroinitializer", _fs(1.0))) for v in (s, t)]
        return c, (self.array_index(g, a[3]) if self.key.arrayed else None)

    def texel_derivs(self, g, dx: list[str], dy: list[str], a: list[str]):
        ma, sc, tc = self.components(g, self.masks, a[0], a[1], a[2])
        half = self._fv(g, "half")
        out = []
        for d in (dx, dy):
            dma, dsc, dtc = self.components(g, self.masks, d[0], d[1], d[2])
            inv = g.v(f"fdiv {VF} {_fs(1.0)}, {g.v(f'fmul {VF} {ma}, {ma}')}")
            pair = []
            for cc, dc in ((sc, dsc), (tc, dtc)):
                r = g.v(f"fsub {VF} {g.v(f'fmul {VF} {ma}, {dc}')}, {g.v(f'fmul {VF} {cc}, {dma}')}")
                r = g.v(f"fmul {VF} {r}, {inv}")
                pair.append(g.v(f"fmul {VF} {r}, {half}"))
            out.append(pair)
        return out[0], out[1]

    def level(self, g, lvl: str, lin, c: list[str], layer: str | None) -> list[str]:
        k = self.key
        w, _, _, base = self.mip_rows(g, lvl)
        nf = g.v(f"sitofp {VI} {w} to {VF}")
        lay = layer if layer is not None else "zeroinitializer"
        nn = g.v(f"mul {VI} {w}, {w}")
        top = g.v(f"sub {VI} {w}, {_is(1)}")

        def clampn(v: str, lo: str) -> str:
            return self._imin(g, self._imax(g, v, lo), top if lo == "zeroinitializer" else w)

        def index(face: str, x: str, y: str) -> str:
            fl = g.v(f"add {VI} {g.v(f'mul {VI} {lay}, {_is(6)}')}, {face}")
            i = g.v(f"add {VI} {base}, {g.v(f'mul {VI} {fl}, {nn}')}")
            i = g.v(f"add {VI} {i}, {g.v(f'mul {VI} {y}, {w}')}")
            return g.v(f"add {VI} {i}, {x}")

        sc = []
        for v in c:
            x = g.v(f"fmul {VF} {v}, {nf}")
            if lin is True:
                x = g.v(f"fsub {VF} {x}, {_fs(0.5)}")
            elif lin is not False:
                x = self._sel(g, lin, g.v(f"fsub {VF} {x}, {_fs(0.5)}"), x)
            sc.append(self.snap(g, x))
        (x0, fx), (y0, fy) = sc
        if lin is not True:  # point: the texel under the (clamped) coordinate
            pidx = index(self.face, clampn(x0, "zeroinitializer"), clampn(y0, "zeroinitializer"))
            point = [self._gather(g, pidx, ch) for ch in self.channels]
            if k.cmp is not None:
                point = [compare(g, k.cmp, self.ref, point[0])]
            if lin is False:
                return point
        x1 = g.v(f"add {VI} {x0}, {_is(1)}")
        y1 = g.v(f"add {VI} {y0}, {_is(1)}")
        taps, valids = [], []
        for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            x = self._imin(g, self._imax(g, x, _is(-1)), w)
            y = self._imin(g, self._imax(g, y, _is(-1)), w)
            f2, xx, yy, ok = self.seam(g, x, y, w, nf)
            taps.append(index(f2, xx, yy))
            valids.append(ok)
        one = _fs(1.0)
        gx, gy = g.v(f"fsub {VF} {one}, {fx}"), g.v(f"fsub {VF} {one}, {fy}")
        wts = [g.v(f"fmul {VF} {gx}, {gy}"), g.v(f"fmul {VF} {fx}, {gy}"), g.v(f"fmul {VF} {gx}, {fy}"),
               g.v(f"fmul {VF} {fx}, {fy}")]
        # a corner's missing tap: its weight split evenly over the other three
        share = "zeroinitializer"
        for wt, ok in zip(wts, valids):
            share = g.v(f"fadd {VF} {share}, {self._sel(g, ok, 'zeroinitializer', wt)}")
        share = g.v(f"fmul {VF} {share}, {_fs(1.0 / 3.0)}")
        wts = [self._sel(g, ok, g.v(f"fadd {VF} {wt}, {share}"), "zeroinitializer") for wt, ok in zip(wts, valids)]
        live = [g.v(f"fcmp ogt {VF} {wt}, zeroinitializer") for wt in wts]
        out = []
        for j, ch in enumerate(self.channels):
            v = [self._gather(g, t, ch) for t in taps]
            if k.cmp is not None:
                v = [compare(g, k.cmp, self.ref, x) for x in v]
            if k.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM):  # sampler._level_cube: reduce_pick over taps
                fill = _fs(float("inf") if k.reduction == REDUCE_MINIMUM else float("-inf"))
                r = fill
                for x, lv in zip(v, live):
                    r = self.pick(g, r, self._sel(g, lv, x, fill))
                out.append(r if lin is True else self._sel(g, lin, r, point[j]))
                continue
            vw = [g.v(f"fmul {VF} {x}, {wt}") for x, wt in zip(v, wts)]
            r = g.v(f"fadd {VF} {vw[0]}, {vw[1]}")  # tap order
            r = g.v(f"fadd {VF} {r}, {vw[2]}")
            r = g.v(f"fadd {VF} {r}, {vw[3]}")
            lo, hi = _fs(float("inf")), _fs(float("-inf"))
            for x, lv in zip(v, live):
                cand = self._sel(g, lv, x, _fs(float("inf")))
                lo = self._fminred(g, lo, cand)
                cand = self._sel(g, lv, x, _fs(float("-inf")))
                hi = self._fmaxred(g, hi, cand)
            r = self._sel(g, g.v(f"fcmp olt {VF} {r}, {lo}"), lo, r)
            r = self._sel(g, g.v(f"fcmp ogt {VF} {r}, {hi}"), hi, r)
            nan = g.v(f"or {VB} {g.v(f'fcmp uno {VF} {r}, {lo}')}, {g.v(f'fcmp uno {VF} {hi}, {hi}')}")
            r = self._sel(g, nan, f"splat (float {_QNAN})", r)
            if lin is not True:
                r = self._sel(g, lin, r, point[j])
            out.append(r)
        return out

    def _fminred(self, g, a: str, b: str) -> str:
        """np.min's step: NaN propagates, else the smaller."""
        nan = g.v(f"fcmp uno {VF} {a}, {b}")
        r = self._sel(g, g.v(f"fcmp olt {VF} {b}, {a}"), b, a)
        return self._sel(g, nan, f"splat (float {_QNAN})", r)

    def _fmaxred(self, g, a: str, b: str) -> str:
        nan = g.v(f"fcmp uno {VF} {a}, {b}")
        r = self._sel(g, g.v(f"fcmp ogt {VF} {b}, {a}"), b, a)
        return self._sel(g, nan, f"splat (float {_QNAN})", r)

    def seam(self, g, x: str, y: str, n: str, nf: str) -> tuple[str, str, str, str]:
        """sampler_cube.seam_taps for taps at most one texel off the face: (face, x, y, valid)."""
        top = g.v(f"sub {VI} {n}, {_is(1)}")
        ox = g.v(f"or {VB} {g.v(f'icmp slt {VI} {x}, zeroinitializer')}, {g.v(f'icmp sge {VI} {x}, {n}')}")
        oy = g.v(f"or {VB} {g.v(f'icmp slt {VI} {y}, zeroinitializer')}, {g.v(f'icmp sge {VI} {y}, {n}')}")
        valid = g.v(f"xor {VB} {g.v(f'and {VB} {ox}, {oy}')}, splat (i1 true)")
        one = g.v(f"xor {VB} {ox}, {oy}")
        inv_n = g.v(f"fdiv {VF} {_fs(1.0)}, {nf}")

        def centre(v: str) -> str:
            t = g.v(f"add {VI} {g.v(f'shl {VI} {v}, {_is(1)}')}, {_is(1)}")
            t = g.v(f"fmul {VF} {g.v(f'sitofp {VI} {t} to {VF}')}, {inv_n}")
            return g.v(f"fsub {VF} {t}, {_fs(1.0)}")

        def sign(v: str) -> str:
            p = self._sel(g, g.v(f"fcmp ogt {VF} {v}, zeroinitializer"), _fs(1.0), "zeroinitializer")
            return self._sel(g, g.v(f"fcmp olt {VF} {v}, zeroinitializer"), _fs(-1.0), p)

        sc, tc = centre(x), centre(y)
        edge = g.v(f"fsub {VF} {_fs(1.0)}, {inv_n}")
        s_coef = self._sel(g, ox, sign(sc), sc)
        t_coef = self._sel(g, ox, tc, sign(tc))
        tn, ts, tt = (self.table(g, self.masks, nm) for nm in "NST")
        d = []
        for comp in range(3):
            r = g.v(f"fadd {VF} {g.v(f'fmul {VF} {tn[comp]}, {edge}')}, {g.v(f'fmul {VF} {ts[comp]}, {s_coef}')}")
            d.append(g.v(f"fadd {VF} {r}, {g.v(f'fmul {VF} {tt[comp]}, {t_coef}')}"))
        save = self.masks
        nface, s, t, _ = self.project(g, d[0], d[1], d[2])
        self.masks = save
        def texel(v: str) -> str:  # clip(floor(v * n), 0, n - 1); NaN → 0 (int64 cast, then the clip)
            f = self._nan0(g, self._call(g, "floor", g.v(f"fmul {VF} {v}, {nf}")))
            f = self._clip(g, f, "zeroinitializer", g.v(f"sitofp {VI} {top} to {VF}"))
            return g.v(f"fptosi {VF} {f} to {VI}")

        nx, ny = texel(s), texel(t)
        cx = self._imin(g, self._imax(g, x, "zeroinitializer"), top)
        cy = self._imin(g, self._imax(g, y, "zeroinitializer"), top)
        return (self._sel(g, one, nface, self.face, VI), self._sel(g, one, nx, cx, VI), self._sel(g, one, ny, cy, VI),
                valid)


