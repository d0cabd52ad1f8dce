"""fxc's forms of dot products, when refactoring is allowed: sums of products as dots, the order of a dot's terms, the
doubled two-term dot (d3dcompiler_47 10.1's listings, session 37).

Sums of products (``form_dots``): ``a.x*b.x + a.y*b.y`` is ``dp2``, ``+ a.z*b.z`` ``dp3``, ``(p0 + p1) + (p2 + p3)``,
``dot(a.xyz, b.xyz) + a.w*b.w`` and ``a.w*b.w + a.z*b.z + a.y*b.y + a.x*b.x`` one ``dp4``, ``a.x*b.x + (a.y*b.y +
a.z*b.z)`` ``dp3``: four products at most of lanes of the same two registers, either factor first (``b.x*a.x +
a.y*b.y`` is ``dp2 b.xy, a.xy``), the terms in the order below -- so fxc re-associates such sums. A subtraction
(``p0 - p1``), a negated factor or a product of other registers stays ``mul`` + ``mad``, which round as ours do; a
fifth product is a ``mad`` on the ``dp4``.

Term order (``order_dot_lanes``; intrinsics._fxc_lane_order does the same while generating, for /Od): where a
``dp2``/``dp3``/``dp4``'s second operand is read from an input, constant-buffer or other non-temp register through
a swizzle, fxc writes the term pairs reordered by that swizzle's components, ascending, as a selection sort with
swaps orders them (``dot(a.xyz, b.zyx)`` is ``dp3 a.zyx, b.xyz``; ``b.zzx`` gives ``a.zyx, b.xzz``), the
operands' modifiers kept (``dot(a, -b.wzyx)`` is ``dp4 a.wzyx, -b.xyzw``). The sum's rounding follows the
order. IEEE strictness keeps the source order.

Doubled dots: d3dcompiler_47 10.1 (session 37, probed under Wine) writes twice a two-term dot product -- ``dot(a.xy, b.xy) * 2``,
``2 * dot(...)``, ``d + d`` of such a dot, and ``reflect`` of 2-vectors (``i - 2·dot(i, n)·n``) -- as one ``dp4``
of the lanes doubled: ``dp4 r, a.xxyy, b.xxyy``, whose sum ((p0 + p0) + p1) + p1 rounds otherwise than
2·(p0 + p1). The source modifiers stay on their operands (``dp4 o0, |a.xxyy|, b.xxyy``). It does not where the
dot's value has another use (``float d = dot(...); return float4(d * 2, d, ...)`` keeps ``dp2`` and ``add``),
for three or four terms (``dp3`` + ``add r, r, r``), under /Od or under IEEE strictness (``mul [precise]``). A
one-term product doubled is the same number either way. vkd3d's reflect.shader_test (``reflect`` of a float2)
showed it: 2 ulps between fxc's object and ours.

The pass looks for a ``dp2`` into one temp component that nothing else writes, read by exactly one later
instruction of the same straight-line stretch, an ``add`` of it to itself or a ``mul`` of it by 2.0, with the
dot's operands unchanged in between."""

from __future__ import annotations

from .operands import Ins, Reg

_TWO = 0x40000000
_FLOW = frozenset({"if", "else", "endif", "loop", "endloop", "switch", "case", "default", "endswitch", "break",
                   "breakc", "continue", "continuec", "ret", "retc", "call", "callc", "label", "discard"})


def _only_lane(r: Reg, lanes: tuple[int, ...], t: int, c: int) -> bool:
    """Whether operand ``r`` reads temp component (t, c) in every destination lane and nothing else."""
    from .optimize import _padded

    return (type(r) is Reg and r.file == "r" and r.rel is None and not r.mod and r.idx and r.idx[0] == t
            and all(_padded(r)[ln] == c for ln in lanes))


def _doubling(ins: Ins, t: int, c: int) -> bool:
    """``add d, x, x`` or ``mul d, x, l(2.0)`` (either order) of the temp component (t, c), unsaturated."""
    from .optimize import _dst_comps

    if ins.suffix or ins.tail or len(ins.args) != 3 or ins.args[0].rel is not None:
        return False
    lanes = _dst_comps(ins.args[0])
    a, b = ins.args[1], ins.args[2]
    if ins.op == "add":
        return _only_lane(a, lanes, t, c) and _only_lane(b, lanes, t, c)
    if ins.op == "mul":
        for x, y in ((a, b), (b, a)):
            if _only_lane(x, lanes, t, c) and type(y) is Reg and y.file == "l" and not y.mod and y.imm and all(
                    w == _TWO for w in y.imm):
                return True
    return False


def _doubled(src: Reg) -> Reg:
    """A dp2 operand's two lanes, each twice: ``a.zw`` -> ``a.zzww``."""
    from .optimize import _padded

    sw = _padded(src)
    return Reg(src.file, src.idx, src.rel, (sw[0], sw[0], sw[1], sw[1]), src.mod, src.imm)


def selection_order(keys: list[int]) -> list[int]:
    """The positions of ``keys`` in the order a selection sort with swaps (the first least key of the rest swapped
    into place) leaves them: fxc's order of a dot's terms (ties are not kept in place: [2, 2, 0] gives 2, 1, 0)."""
    order = list(range(len(keys)))
    for i in range(len(order)):
        m = min(range(i, len(order)), key=lambda k: (keys[order[k]], k))
        order[i], order[m] = order[m], order[i]
    return order


def order_dot_lanes(code: list[Ins]) -> tuple[list[Ins], bool]:
    """``code`` with each dot product's terms in fxc's order (the module docstring); (code, changed)."""
    from .optimize import _padded

    out: list[Ins] = []
    changed = False
    for ins in code:
        n = {"dp2": 2, "dp3": 3, "dp4": 4}.get(ins.op)
        if n is not None and len(ins.args) == 3 and not ins.tail:
            a, b = ins.args[1], ins.args[2]
            if (type(a) is Reg and type(b) is Reg and b.file not in ("r", "l", "x") and b.rel is None
                    and a.file != "l"):
                sa, sb = _padded(a), _padded(b)
                order = selection_order(list(sb[:n]))
                if order != list(range(n)):
                    na = tuple(sa[k] for k in order) + sa[n:]
                    nb = tuple(sb[k] for k in order) + sb[n:]
                    ins = Ins(ins.op, [ins.args[0], Reg(a.file, a.idx, a.rel, na, a.mod, a.imm),
                                       Reg(b.file, b.idx, b.rel, nb, b.mod, b.imm)],
                              suffix=ins.suffix, loc=ins.loc, epos=ins.epos)
                    changed = True
        out.append(ins)
    return out, changed


def fold_doubled_dots(code: list[Ins]) -> tuple[list[Ins], bool]:
    """``code`` with fxc's doubled-dot rewrite (the module docstring); (code, changed). Run only when refactoring
    is allowed (optimize.optimize_code's ``refactor``)."""
    from .optimize import _reads, _shape, _writes

    if not any(ins.op == "dp2" for ins in code):
        return code, False
    writes: dict[tuple[int, int], int] = {}
    readers: dict[tuple[int, int], list[int]] = {}
    for j, ins in enumerate(code):
        sh = _shape(ins)
        for key in _writes(ins, sh):
            writes[key] = writes.get(key, 0) + 1
        for key in set(_reads(ins, sh)):
            readers.setdefault(key, []).append(j)
    out = list(code)
    changed = False
    for i, ins in enumerate(code):
        d = ins.args[0] if ins.args else None
        if (ins.op != "dp2" or ins.suffix or ins.tail or d.file != "r" or d.rel is not None or d.comps is None
                or len(d.comps) != 1 or any(type(s) is not Reg or s.rel is not None for s in ins.args[1:])):
            continue
        t, c = d.idx[0], d.comps[0]
        users = readers.get((t, c), [])
        if writes.get((t, c)) != 1 or len(users) != 1 or users[0] <= i or not _doubling(code[users[0]], t, c):
            continue  # another use of the dot keeps it (fxc: dp2 and add)
        j = users[0]
        src_temps = {s.idx[0] for s in ins.args[1:] if s.file == "r"}
        if any(code[k].op in _FLOW or _shape(code[k]).kind == "unknown"
               or any(key[0] in src_temps for key in _writes(code[k], _shape(code[k]))) for k in range(i + 1, j)):
            continue  # not one straight stretch, or an operand of the dot changes before its use
        old = code[j]
        out[j] = Ins("dp4", [old.args[0], _doubled(ins.args[1]), _doubled(ins.args[2])], loc=old.loc, epos=old.epos)
        changed = True
    return out, changed


def _lane_read(r: Reg) -> tuple | None:
    """(file, idx, mod) and the component of a one-lane operand, or None (literals, relative reads)."""
    if type(r) is not Reg or r.file in ("l", "null") or r.rel is not None or not r.idx:
        return None
    from .optimize import _padded

    return (r.file, r.idx, r.mod), _padded(r)[0]


def form_dots(code: list[Ins]) -> tuple[list[Ins], bool]:
    """Sums of products as fxc writes them (module docstring): an ``add`` of two single-use temps that each hold a
    product of one lane of two registers (``mul``), a dot (``dp2``-``dp4``) or such a sum, four terms at most, all
    products of lanes of the same two registers (either factor order), becomes one ``dpN`` with the terms ordered by
    the second register's components (``selection_order``). Temps a term reads must be written once in the whole
    program (their value cannot change between the product and the sum)."""
    from .optimize import _padded, _reads, _shape, _writes

    if not any(ins.op == "add" for ins in code):
        return code, False
    writes: dict[tuple[int, int], int] = {}
    readers: dict[tuple[int, int], int] = {}
    for ins in code:
        sh = _shape(ins)
        for key in _writes(ins, sh):
            writes[key] = writes.get(key, 0) + 1
        for key in set(_reads(ins, sh)):
            readers[key] = readers.get(key, 0) + 1

    def stable(reg: tuple, comp: int) -> bool:
        return reg[0] != "r" or writes.get((reg[1][0], comp), 0) == 1

    terms: dict[tuple[int, int], list] = {}
    out = list(code)
    changed = False
    for i, ins in enumerate(code):
        if ins.op in _FLOW:
            terms.clear()  # a product held across a branch or a loop is left alone
            continue
        d = ins.args[0] if ins.args else None
        if (ins.suffix or ins.tail or type(d) is not Reg or d.file != "r" or d.rel is not None or d.comps is None
                or len(d.comps) != 1 or writes.get((d.idx[0], d.comps[0])) != 1):
            continue
        key = (d.idx[0], d.comps[0])
        found = None
        if ins.op == "mul" and len(ins.args) == 3:
            x, y = _lane_read(ins.args[1]), _lane_read(ins.args[2])
            if x and y and stable(*x) and stable(*y):
                found = [(x[0], x[1], y[0], y[1])]
        elif ins.op in ("dp2", "dp3", "dp4") and len(ins.args) == 3:
            n = int(ins.op[2])
            a, b = ins.args[1], ins.args[2]
            ra, rb = _lane_read(a), _lane_read(b)
            if ra and rb:
                sa, sb = _padded(a), _padded(b)
                if all(stable(ra[0], sa[k]) and stable(rb[0], sb[k]) for k in range(n)):
                    found = [(ra[0], sa[k], rb[0], sb[k]) for k in range(n)]
        elif ins.op == "add" and len(ins.args) == 3:
            parts = []
            for s in ins.args[1:]:
                if type(s) is not Reg or s.file != "r" or s.rel is not None or s.mod or not s.idx:
                    break
                k = (s.idx[0], _padded(s)[0])
                if k not in terms or readers.get(k) != 1:
                    break
                parts.append(terms[k])
            if len(parts) == 2 and len(parts[0]) + len(parts[1]) <= 4:
                found = _oriented(parts[0] + parts[1])
                if found is not None:
                    order = selection_order([t[3] for t in found])
                    found = [found[k] for k in order]
                    a_reg, b_reg = found[0][0], found[0][2]
                    ca = tuple(t[1] for t in found)
                    cb = tuple(t[3] for t in found)
                    ca, cb = (ca + (ca[-1],) * 4)[:4], (cb + (cb[-1],) * 4)[:4]
                    out[i] = Ins(f"dp{len(found)}", [d, Reg(a_reg[0], a_reg[1], None, ca, a_reg[2]),
                                                     Reg(b_reg[0], b_reg[1], None, cb, b_reg[2])],
                                 loc=ins.loc, epos=ins.epos)
                    changed = True
        if found is not None:
            terms[key] = found
    return out, changed


def _oriented(found: list) -> list | None:
    """The terms with each product's factors in the first term's register order, or None when they are not all
    products of the same two registers."""
    a_reg, b_reg = found[0][0], found[0][2]
    out = []
    for ra, ca, rb, cb in found:
        if (ra, rb) == (a_reg, b_reg):
            out.append((ra, ca, rb, cb))
        elif (rb, ra) == (a_reg, b_reg):
            out.append((rb, cb, ra, ca))
        else:
            return None
    return out
