"""Double-precision instructions for the native code generator (D3D11.3 spec §22.14, fp64 caps).

Emits one lowered ``double`` op (lower.py) into a :class:`~.llvm_gen.Gen` as LLVM IR on ``<W x double>``
vectors, computing exactly what shader/ops/alu_double.py computes: IEEE operations (no denormal flush, no
fast-math, no contraction — dfma is the same exact-product emulation, operation for operation), the
fixed NaN rule of that module (the first NaN source quieted, else the default NaN; dmin/dmax pick by an
explicit compare) and its dtof/ftod NaN conversions, so both backends give the same bits for every input.

A double lives in two 32-bit register components, low word first; source modifiers act on the high word's
sign bit (the reference's pair reads).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lower import LOp

if TYPE_CHECKING:
    from .llvm_gen import Gen

_SIGN64 = -(1 << 63)  # 0x8000000000000000 as an i64 literal
_QUIET64 = 1 << 51
_DEFAULT_NAN = "0xFFF8000000000000"  # alu_double.DEFAULT_NAN
_ONE = "0x3FF0000000000000"
_INF = "0x7FF0000000000000"
_SPLIT = "0x41A0000002000000"  # 2**27 + 1 (Veltkamp)
_TINY = "0x03F0000000000000"  # 2**-960
_SPLIT_LIMIT = "0x7E20000000000000"  # 2**995 (alu_double._SPLIT_LIMIT)
_TWO_64 = "0x43F0000000000000"  # 2**64
_TWO_M64 = "0x3BF0000000000000"  # 2**-64


def _d(g: Gen, text: str) -> str:
    return g.v(text)


def _c(v: str) -> str:
    return f"splat (double {v})"


def _l(v: int) -> str:
    return f"splat (i64 {v})"


def _i(v: int) -> str:
    """An i32 splat of a 32-bit word, written signed (the form LLVM's parser takes)."""
    return f"splat (i32 {v - (1 << 32) if v >= 1 << 31 else v})"


def join(g: Gen, lo: str, hi: str, mod: str = "none") -> str:
    """<W x double> from two <W x i32> words, the modifier applied to the sign bit."""
    a = g.v(f"zext {g.VI} {lo} to {g.VL}")
    b = g.v(f"zext {g.VI} {hi} to {g.VL}")
    b = g.v(f"shl {g.VL} {b}, {_l(32)}")
    w = g.v(f"or {g.VL} {a}, {b}")
    if mod == "neg":
        w = g.v(f"xor {g.VL} {w}, {_l(_SIGN64)}")
    elif mod == "abs":
        w = g.v(f"and {g.VL} {w}, {_l((1 << 63) - 1)}")
    elif mod == "absneg":
        w = g.v(f"or {g.VL} {w}, {_l(_SIGN64)}")
    return g.v(f"bitcast {g.VL} {w} to {g.VD}")


def _sign_word(g: Gen, hi: str, mod: str) -> str:
    """A double's high word with a source modifier applied to its sign bit (the other bits unaltered)."""
    if mod == "neg":
        return g.v(f"xor {g.VI} {hi}, {_i(0x80000000)}")
    if mod == "abs":
        return g.v(f"and {g.VI} {hi}, {_i(0x7FFFFFFF)}")
    if mod == "absneg":
        return g.v(f"or {g.VI} {hi}, {_i(0x80000000)}")
    return hi


def split(g: Gen, d: str) -> list[str]:
    """The low and high <W x i32> words of a <W x double>."""
    w = g.v(f"bitcast {g.VD} {d} to {g.VL}")
    lo = g.v(f"trunc {g.VL} {w} to {g.VI}")
    h = g.v(f"lshr {g.VL} {w}, {_l(32)}")
    return [lo, g.v(f"trunc {g.VL} {h} to {g.VI}")]


def _isnan(g: Gen, x: str) -> str:
    return g.v(f"fcmp uno {g.VD} {x}, {x}")


def _sel(g: Gen, c: str, a: str, b: str, t: str | None = None) -> str:
    t = g.VD if t is None else t
    return g.v(f"select {g.VB} {c}, {t} {a}, {t} {b}")


def _bin(g: Gen, op: str, a: str, b: str) -> str:
    return g.v(f"{op} {g.VD} {a}, {b}")


def nan_rule(g: Gen, r: str, srcs: list[str]) -> str:
    """alu_double.nan_rule: a NaN result becomes the first NaN source quieted, else the default NaN."""
    out = _c(_DEFAULT_NAN)
    for x in reversed(srcs):
        w = g.v(f"bitcast {g.VD} {x} to {g.VL}")
        q = g.v(f"or {g.VL} {w}, {_l(_QUIET64)}")
        q = g.v(f"bitcast {g.VL} {q} to {g.VD}")
        out = _sel(g, _isnan(g, x), q, out)
    return _sel(g, _isnan(g, r), out, r)


def _two_sum(g: Gen, a: str, b: str) -> tuple[str, str]:
    s = _bin(g, "fadd", a, b)
    bb = _bin(g, "fsub", s, a)
    t = _bin(g, "fsub", s, bb)
    e1 = _bin(g, "fsub", a, t)
    e2 = _bin(g, "fsub", b, bb)
    return s, _bin(g, "fadd", e1, e2)


def _split_v(g: Gen, a: str) -> tuple[str, str]:
    t = _bin(g, "fmul", a, _c(_SPLIT))
    u = _bin(g, "fsub", t, a)
    hi = _bin(g, "fsub", t, u)
    return hi, _bin(g, "fsub", a, hi)


def _next_toward(g: Gen, v: str, up: str) -> str:
    """np.nextafter(v, +inf where ``up`` else -inf) for non-NaN ``v``, on the bit pattern."""
    w = g.v(f"bitcast {g.VD} {v} to {g.VL}")
    zero = g.v(f"fcmp oeq {g.VD} {v}, zeroinitializer")
    pos = g.v(f"fcmp ogt {g.VD} {v}, zeroinitializer")
    inc = g.v(f"xor {g.VB} {pos}, {up}")  # magnitude grows: (v > 0) == up
    inc = g.v(f"xor {g.VB} {inc}, {_ones(g)}")
    w1 = g.v(f"add {g.VL} {w}, {_l(1)}")
    w2 = g.v(f"sub {g.VL} {w}, {_l(1)}")
    r = _sel(g, inc, w1, w2, g.VL)
    z = _sel(g, up, _l(1), _l(_SIGN64 | 1), g.VL)  # the smallest denormal of the direction's sign
    r = _sel(g, zero, z, r, g.VL)
    stay = g.v(f"and {g.VB} {_isinf(g, v)}, {inc}")  # ±INF toward its own side stays
    r = _sel(g, stay, w, r, g.VL)
    return g.v(f"bitcast {g.VL} {r} to {g.VD}")


def _ones(g: Gen) -> str:
    return "<" + ", ".join(["i1 true"] * g.W) + ">"


def _abs(g: Gen, x: str) -> str:
    w = g.v(f"bitcast {g.VD} {x} to {g.VL}")
    w = g.v(f"and {g.VL} {w}, {_l((1 << 63) - 1)}")
    return g.v(f"bitcast {g.VL} {w} to {g.VD}")


def _isinf(g: Gen, x: str) -> str:
    return g.v(f"fcmp oeq {g.VD} {_abs(g, x)}, {_c(_INF)}")


def _finite(g: Gen, x: str) -> str:
    return g.v(f"fcmp olt {g.VD} {_abs(g, x)}, {_c(_INF)}")


def dfma(g: Gen, a: str, b: str, c: str, _rescaled: bool = False) -> str:
    """alu_double._dfma, step for step (Boldo–Melquiond: exact product and sum, round-to-odd low part)."""
    ab = _bin(g, "fmul", a, b)
    plain = _bin(g, "fadd", ab, c)
    # an operand >= 2^995 trades 2^64 with the other (alu_double._dfma): its split cannot overflow
    big_a = g.v(f"fcmp oge {g.VD} {_abs(g, a)}, {_c(_SPLIT_LIMIT)}")
    big_b = g.v(f"fcmp oge {g.VD} {_abs(g, b)}, {_c(_SPLIT_LIMIT)}")
    down = g.v(f"and {g.VB} {big_a}, {g.v(f'xor {g.VB} {big_b}, {_ones(g)}')}")
    up = g.v(f"and {g.VB} {big_b}, {g.v(f'xor {g.VB} {big_a}, {_ones(g)}')}")
    k = _sel(g, down, _c(_TWO_M64), _sel(g, up, _c(_TWO_64), _c(_ONE)))
    ah, al = _split_v(g, _bin(g, "fmul", a, k))
    bh, bl = _split_v(g, _bin(g, "fdiv", b, k))
    t = _bin(g, "fsub", _bin(g, "fmul", ah, bh), ab)
    t = _bin(g, "fadd", t, _bin(g, "fmul", ah, bl))
    t = _bin(g, "fadd", t, _bin(g, "fmul", al, bh))
    pl = _bin(g, "fadd", t, _bin(g, "fmul", al, bl))
    sh, sl = _two_sum(g, c, ab)
    v, err = _two_sum(g, pl, sl)
    w = g.v(f"bitcast {g.VD} {v} to {g.VL}")
    lsb = g.v(f"and {g.VL} {w}, {_l(1)}")
    even = g.v(f"icmp eq {g.VL} {lsb}, zeroinitializer")
    inexact = g.v(f"fcmp une {g.VD} {err}, zeroinitializer")
    step = g.v(f"and {g.VB} {even}, {inexact}")
    up = g.v(f"fcmp ogt {g.VD} {err}, zeroinitializer")
    v = _sel(g, step, _next_toward(g, v, up), v)
    fused = _bin(g, "fadd", sh, v)
    aab = _abs(g, ab)
    safe = g.v(f"and {g.VB} {_finite(g, plain)}, {_finite(g, fused)}")  # (no bound on large magnitudes)
    big = g.v(f"fcmp ogt {g.VD} {aab}, {_c(_TINY)}")
    safe = g.v(f"and {g.VB} {safe}, {big}")
    r = _sel(g, safe, fused, plain)
    # zeros as alu_double._dfma: c = ±0 with non-zero factors -> the product; a zero factor -> plain (exact)
    anz = g.v(f"fcmp une {g.VD} {a}, zeroinitializer")
    bnz = g.v(f"fcmp une {g.VD} {b}, zeroinitializer")
    cz = g.v(f"fcmp oeq {g.VD} {c}, zeroinitializer")
    r = _sel(g, g.v(f"and {g.VB} {g.v(f'and {g.VB} {anz}, {bnz}')}, {cz}"), ab, r)
    zf = g.v(f"or {g.VB} {g.v(f'fcmp oeq {g.VD} {a}, zeroinitializer')}, {g.v(f'fcmp oeq {g.VD} {b}, zeroinitializer')}")
    r = _sel(g, zf, plain, r)
    # alu_double._dfma: finite factors with an overflowing rounded product -> an infinite c is the result, a
    # finite one goes through the same operation on a/4 and c/4, times 4
    finite_ab = g.v(f"and {g.VB} {_finite(g, a)}, {_finite(g, b)}")
    over = g.v(f"and {g.VB} {finite_ab}, {_isinf(g, ab)}")
    if not _rescaled:
        quarter = _c("0x3FD0000000000000")
        scaled = dfma(g, _sel(g, over, _bin(g, "fmul", a, quarter), _c(_ONE)), _sel(g, over, b, _c(_ONE)),
                      _sel(g, over, _bin(g, "fmul", c, quarter), "zeroinitializer"), True)
        scaled = _bin(g, "fmul", scaled, _c("0x4010000000000000"))
        r = _sel(g, g.v(f"and {g.VB} {over}, {_finite(g, c)}"), scaled, r)
    return _sel(g, g.v(f"and {g.VB} {finite_ab}, {_isinf(g, c)}"), c, r)


def _minmax(g: Gen, a: str, b: str, is_min: bool) -> str:
    ua = g.v(f"bitcast {g.VD} {a} to {g.VL}")
    ub = g.v(f"bitcast {g.VD} {b} to {g.VL}")
    p = "olt" if is_min else "ogt"
    first = g.v(f"fcmp {p} {g.VD} {a}, {b}")
    second = g.v(f"fcmp {p} {g.VD} {b}, {a}")
    same = g.v(f"{'or' if is_min else 'and'} {g.VL} {ua}, {ub}")
    r = _sel(g, second, ub, same, g.VL)
    r = _sel(g, first, ua, r, g.VL)
    r = _sel(g, _isnan(g, a), ub, r, g.VL)
    r = _sel(g, _isnan(g, b), ua, r, g.VL)
    return g.v(f"bitcast {g.VL} {r} to {g.VD}")


def _to_int(g: Gen, x: str, signed: bool) -> str:
    lo, hi = ("-2147483648.0", "2147483647.0") if signed else ("0.0", "4294967295.0")  # exact doubles
    c1 = g.v(f"fcmp olt {g.VD} {x}, {_c(lo)}")
    d = _sel(g, c1, _c(lo), x)
    c2 = g.v(f"fcmp ogt {g.VD} {d}, {_c(hi)}")
    d = _sel(g, c2, _c(hi), d)
    d = _sel(g, _isnan(g, x), "zeroinitializer", d)
    q = g.v(f"fptosi {g.VD} {d} to {g.VL}")  # truncates toward zero; both ranges fit an i64
    return g.v(f"trunc {g.VL} {q} to {g.VI}")


def _dtof(g: Gen, x: str) -> str:
    f = g.v(f"fptrunc {g.VD} {x} to {g.VF}")
    b = g.v(f"bitcast {g.VF} {f} to {g.VI}")
    b = g.ftz(b)
    w = g.v(f"bitcast {g.VD} {x} to {g.VL}")
    sg = g.v(f"lshr {g.VL} {w}, {_l(32)}")
    sg = g.v(f"and {g.VL} {sg}, {_l(0x80000000)}")
    pl = g.v(f"lshr {g.VL} {w}, {_l(29)}")
    pl = g.v(f"and {g.VL} {pl}, {_l(0x7FFFFF)}")
    q = g.v(f"or {g.VL} {sg}, {pl}")
    q = g.v(f"or {g.VL} {q}, {_l(0x7FC00000)}")
    q = g.v(f"trunc {g.VL} {q} to {g.VI}")
    return _sel(g, _isnan(g, x), q, b, g.VI)


def _ftod(g: Gen, b: str) -> str:
    b = g.ftz(b)
    d = g.v(f"fpext {g.VF} {g.asf(b)} to {g.VD}")
    w = g.v(f"zext {g.VI} {b} to {g.VL}")
    sg = g.v(f"and {g.VL} {w}, {_l(0x80000000)}")
    sg = g.v(f"shl {g.VL} {sg}, {_l(32)}")
    pl = g.v(f"and {g.VL} {w}, {_l(0x7FFFFF)}")
    pl = g.v(f"shl {g.VL} {pl}, {_l(29)}")
    q = g.v(f"or {g.VL} {sg}, {pl}")
    q = g.v(f"or {g.VL} {q}, {_l(0x7FF8000000000000)}")
    q = g.v(f"bitcast {g.VL} {q} to {g.VD}")
    return _sel(g, _isnan(g, d), q, d)


def _cmp(g: Gen, pred: str, a: str, b: str) -> str:
    c = g.v(f"fcmp {pred} {g.VD} {a}, {b}")
    return g.v(f"sext {g.VB} {c} to {g.VI}")


def _sat(g: Gen, r: str) -> str:
    """np.where(r > 0, min(r, 1), 0): NaN → 0."""
    gt = g.v(f"fcmp ogt {g.VD} {r}, zeroinitializer")
    big = g.v(f"fcmp ogt {g.VD} {r}, {_c(_ONE)}")
    m = _sel(g, big, _c(_ONE), r)
    return _sel(g, gt, m, "zeroinitializer")


def compute(g: Gen, name: str, args: list[str]) -> str:
    """DOUBLE_OPS[name] on read sources (<W x double> for 'd' kinds, <W x i32> words otherwise)."""
    if name in ("dadd", "dmul", "ddiv"):
        op = {"dadd": "fadd", "dmul": "fmul", "ddiv": "fdiv"}[name]
        return nan_rule(g, _bin(g, op, args[0], args[1]), args)
    if name == "drcp":
        return nan_rule(g, _bin(g, "fdiv", _c(_ONE), args[0]), args)
    if name == "dfma":
        return nan_rule(g, dfma(g, *args), args)
    if name in ("dmin", "dmax"):
        return _minmax(g, args[0], args[1], name == "dmin")
    if name == "dmov":
        return args[0]
    if name in ("deq", "dne", "dlt", "dge"):
        return _cmp(g, {"deq": "oeq", "dne": "une", "dlt": "olt", "dge": "oge"}[name], args[0], args[1])
    if name == "dtof":
        return _dtof(g, args[0])
    if name in ("dtoi", "dtou"):
        return _to_int(g, args[0], name == "dtoi")
    if name == "ftod":
        return _ftod(g, args[0])
    if name == "itod":
        return g.v(f"sitofp {g.VI} {args[0]} to {g.VD}")
    if name == "utod":
        return g.v(f"uitofp {g.VI} {args[0]} to {g.VD}")
    raise AssertionError(name)


def emit(g: Gen, op: LOp, m: str) -> None:
    """One lowered double op under the execution mask ``m``: every source is read before any store,
    the j-th destination component takes the j-th result word (the reference's store order)."""
    name, out = op.info["name"], op.info["out"]
    vals: list[str] = []
    for job in op.info["jobs"]:
        if name == "dmovc":  # the reference's _dmovc: modifiers on the sign bit, _sat as a double
            c, (alo, ahi, amod), (blo, bhi, bmod) = job
            t = g.v(f"icmp ne {g.VI} {g.src(c)}, zeroinitializer")
            a0, a1, b0, b1 = g.src(alo), _sign_word(g, g.src(ahi), amod), g.src(blo), _sign_word(g, g.src(bhi), bmod)
            lo, hi = _sel(g, t, a0, b0, g.VI), _sel(g, t, a1, b1, g.VI)
            vals += split(g, _sat(g, join(g, lo, hi))) if op.sat else [lo, hi]
            continue
        args = []
        for s in job:
            if s[0] == "d":
                args.append(join(g, g.src(s[1]), g.src(s[2]), s[3]))
            else:
                args.append(g.src(s[1]))
        r = compute(g, name, args)
        if out == "d":
            vals += split(g, _sat(g, r) if op.sat else r)
        else:
            vals.append(r)
    for j, d in enumerate(op.dsts):
        g.store(d, vals[j if len(vals) > 1 else 0], m)
