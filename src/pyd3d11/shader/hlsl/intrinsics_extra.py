"""Less common intrinsics: angle conversion, refract, D3DCOLORtoUBYTE4, msad4 and the pull-model
EvaluateAttribute* functions (HLSL reference: MicrosoftDocs win32 direct3dhlsl/dx-graphics-hlsl-intrinsic-functions;
instructions from the D3D11.3 functional spec §22.12.15 msad, §16.5 attribute evaluation)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .codegen import Val, f2b
from .featuregates import INTRINSICS, check_gate, gate_error
from .operands import Reg, dimm, imm
from .tessfactors import HELPERS, process_tess_factors
from .types import FLOAT, INT, UINT, ArrayType, NumType

if TYPE_CHECKING:
    from .cgstate import CodegenContext

#: hull-shader helpers expanded per [partitioning] (tessfactors.py)
TESS_FACTOR_HELPERS = frozenset(HELPERS)
#: debug-message intrinsics (HLSL reference pages abort, printf, errorf: shader model 4 and later, "does nothing on
#: devices that do not support it"): type-checked and compiled to no instruction, the behaviour of such a device
MESSAGES = frozenset({"abort", "printf", "errorf"})
NAMES = frozenset({"degrees", "radians", "refract", "D3DCOLORtoUBYTE4", "msad4", "AddUint64",
                   "EvaluateAttributeAtCentroid",
                   "EvaluateAttributeCentroid",
                   "EvaluateAttributeAtSample", "EvaluateAttributeSnapped"}) | TESS_FACTOR_HELPERS | MESSAGES

#: fxc's constants: 180/pi and pi/180 rounded to float32, and 255 + 1/512 for the colour swizzle (the
#: bias keeps 1.0 * 255 from truncating to 254 after float error)
_DEG = 57.29577951308232
_RAD = 0.017453292519943295
_UBYTE4_SCALE = 255.001953125


def _k(v: float, n: int) -> list:
    return [imm(f2b(v))] * n


def extra_intrinsic(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos) -> Val:
    from .intrinsics import _fv, dot

    def need(k: int) -> None:
        if len(args) != k:
            raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)

    if name in MESSAGES:
        return _message(cg, name, args, pos)
    if name in ("degrees", "radians"):
        need(1)
        v = _fv(cg, args[0], pos)
        n = len(v.slots)
        # 180/pi and pi/180 are kept in double when fxc folds the multiply (operands.DoubleImm, session 46)
        return Val(v.type, cg.alu("mul", FLOAT, n, [v.slots, [dimm(_DEG if name == "degrees" else _RAD)] * n]))
    if name == "refract":
        need(3)
        from .intrinsics import same_shape

        i, nn = same_shape(cg, [_fv(cg, args[0], pos), _fv(cg, args[1], pos)], pos)
        eta = cg.convert(args[2], NumType(FLOAT), pos).slots
        n = len(i.slots)
        d = dot(cg, nn.slots, i.slots)
        # k = 1 - eta^2 (1 - d^2); result = k < 0 ? 0 : eta*i - (eta*d + sqrt(k)) * n
        omd2 = cg.alu("mad", FLOAT, 1, [d, d, _k(1.0, 1)], ["-", "", ""])
        e2 = cg.alu("mul", FLOAT, 1, [eta, eta])
        k = cg.alu("mad", FLOAT, 1, [e2, omd2, _k(1.0, 1)], ["-", "", ""])
        s = cg.alu("sqrt", FLOAT, 1, [k])
        t = cg.alu("mad", FLOAT, 1, [eta, d, s])
        ni = cg.alu("mul", FLOAT, n, [nn.slots, t * n])
        r = cg.alu("mad", FLOAT, n, [eta * n, i.slots, ni], ["", "", "-"])
        ok = cg.alu("ge", FLOAT, 1, [k, [imm(0)]])
        return Val(i.type, cg.alu("and", UINT, n, [ok * n, r]))
    if name == "D3DCOLORtoUBYTE4":
        need(1)
        v = cg.convert(_fv(cg, args[0], pos), NumType(FLOAT, 1, 4, "v"), pos)
        zyxw = [v.slots[2], v.slots[1], v.slots[0], v.slots[3]]
        m = cg.alu("mul", FLOAT, 4, [zyxw, _k(_UBYTE4_SCALE, 4)])
        return Val(NumType(INT, 1, 4, "v"), cg.alu("ftoi", FLOAT, 4, [m]))
    if name == "msad4":
        return _msad4(cg, args, pos)
    if name == "AddUint64":
        return _add_uint64(cg, args, pos)
    if name in TESS_FACTOR_HELPERS:
        return process_tess_factors(cg, name, args, arg_nodes, pos)
    return _evaluate(cg, name, args, arg_nodes, pos)


def _msad4(cg: CodegenContext, args: list[Val], pos) -> Val:
    """msad4(ref, src.xy, accum): component i compares ``ref`` with the 4 bytes of the 64-bit
    ``src.y:src.x`` starting at byte i (spec §22.12.15 msad per component)."""
    if len(args) != 3:
        raise cg.err(pos, f"'msad4': no matching {len(args)} parameter intrinsic function", 3013)
    if gate_error(cg, INTRINSICS["msad4"], pos, "msad4") is not None and cg.deferred_late_error is None:
        # fxc 10.1 knows msad4 at every model and refuses it after the file's type rules and the doubles gate:
        # X3535 "ps_4_0 does not support msad4", the target named as written (session 36 INTR)
        target = cg.d3d9 or cg.level9 or f"{cg.stage}_{cg.major}_{cg.minor}"
        cg.deferred_late_error = cg.err(pos, f"{target} does not support msad4", 3535)
    ref = cg.convert(args[0], NumType(UINT), pos).slots
    src = cg.convert(args[1], NumType(UINT, 1, 2, "v"), pos).slots
    acc = cg.convert(args[2], NumType(UINT, 1, 4, "v"), pos).slots
    x, y = [src[0]] * 3, [src[1]] * 3
    lo = cg.alu("ushr", UINT, 3, [x, [imm(8), imm(16), imm(24)]])
    hi = cg.alu("ishl", UINT, 3, [y, [imm(24), imm(16), imm(8)]])
    shifted = [src[0]] + cg.alu("or", UINT, 3, [lo, hi])
    return Val(NumType(UINT, 1, 4, "v"), cg.alu("msad", UINT, 4, [ref * 4, shifted, acc]))


def _add_uint64(cg: CodegenContext, args: list[Val], pos) -> Val:
    """``AddUint64(a, b)``: each (x, y) pair of ``a`` and ``b`` is one 64-bit unsigned number (low word first), the
    result their sum. No MicrosoftDocs page names it; d3dcompiler_47 10.1 knows it (session 40 ACC, DXC's AddUint64
    and AddUint64Odd tests): two arguments (X3013 otherwise, a matrix or structure too), converted to uint vectors
    (float, int, bool, half and min-precision arguments pass; a scalar takes the other's length, two vectors the
    shorter); a length other than 2 or 4 is X3535 "AddUint64 can only be applied to uint2 and uint4 operands";
    below shader model 5 it is X3535 "AddUint64 requires shader model 5 or higher" (after the argument count,
    before the length, in unused code too). fxc's code per pair is ``uaddc lo, carry, a.x, b.x`` and ``iadd``s of
    the high words and the carry. Two constant arguments make fxc abort ("internal error: compilation aborted
    unexpectedly", no error number): refused here as not built, never a folded value fxc does not give."""
    from pyd3d11.errors import NotSupportedError

    if len(args) != 2 or any(not isinstance(a.type, NumType) or a.type.shape == "m" for a in args):
        raise cg.err(pos, f"'AddUint64': no matching {len(args)} parameter intrinsic function", 3013)
    check_gate(cg, INTRINSICS["AddUint64"], pos, "AddUint64", "{name} requires shader model 5 or higher")
    lens = [len(a.slots) for a in args]
    n = max(lens) if min(lens) == 1 else min(lens)
    if n not in (2, 4):
        # fxc raises it only for a call that survives dead code (an unused AddUint64(a.xyz, b.xyz) compiles):
        # raised here for every call (KNOWN_DIFFERENCES of tests/test_rules_hlsl_dxc_s40.py)
        raise cg.err(pos, "AddUint64 can only be applied to uint2 and uint4 operands", 3535)
    t = NumType(UINT, 1, n, "v")
    a, b = (cg.convert(v, t, pos).slots for v in args)
    if all(s[0] == "l" for s in a + b):
        raise NotSupportedError("AddUint64 of two constant arguments (d3dcompiler_47 10.1 aborts with an internal "
                                "error)")
    lo, hi = list(range(0, n, 2)), list(range(1, n, 2))
    k = len(lo)
    low = cg.alu("uaddc", UINT, k, [[a[i] for i in lo], [b[i] for i in lo]], dst_pos=0, ndst=2)
    carry = cg.alu("uaddc", UINT, k, [[a[i] for i in lo], [b[i] for i in lo]], dst_pos=1, ndst=2)
    high = cg.alu("iadd", INT, k, [cg.alu("iadd", INT, k, [[a[i] for i in hi], [b[i] for i in hi]]), carry])
    out = [s for pair in zip(low, high) for s in pair]
    return Val(t, out)


#: EvaluateAttributeCentroid is the name of the function's reference page (MicrosoftDocs/win32
#: direct3dhlsl/evaluateattributecentroid.md) and of DXC's intrinsic table (utils/hct/gen_intrin_main.txt);
#: the intrinsic-functions list spells it EvaluateAttributeAtCentroid: both are accepted
_EVAL = {"EvaluateAttributeAtCentroid": ("eval_centroid", 1), "EvaluateAttributeCentroid": ("eval_centroid", 1),
         "EvaluateAttributeAtSample": ("eval_sample_index", 2), "EvaluateAttributeSnapped": ("eval_snapped", 2)}


def _evaluate(cg: CodegenContext, name: str, args: list[Val], arg_nodes: list[A.Node], pos) -> Val:
    """EvaluateAttribute*: re-interpolate a pixel-shader input at the centroid, a sample or a snapped
    offset (spec §16.5 pull-model attribute evaluation; ps_5_0 only)."""
    op, nargs = _EVAL[name]
    if len(args) != nargs:
        raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)
    msg = "{target} does not support pull-model attribute evaluation"  # fxc 10.1's X3672 text
    check_gate(cg, INTRINSICS[name], pos, name, msg, msg)
    v = args[0]
    t = v.type
    v = Val(t, [cg.input_origin.get(s, s) for s in v.slots])
    if not _is_input(v):
        tree = _input_choices(cg, arg_nodes[0]) if arg_nodes else None
        if tree is None or not isinstance(t, NumType):
            raise cg.err(pos, f"'{name}': the attribute argument must be a pixel shader input", 3503)
        return _evaluate_choices(cg, name, tree, args[1:], pos)
    extra: list[Reg] = []
    if nargs == 2:
        if op == "eval_sample_index":
            extra = [cg.src(cg.convert(args[1], NumType(UINT), pos).slots)]
        else:
            extra = [cg.src(cg.convert(args[1], NumType(INT, 1, 2, "v"), pos).slots)]
    out: list = []
    # one instruction per input register the value spans
    start = 0
    while start < len(v.slots):
        key = v.slots[start][:3]
        end = start
        while end < len(v.slots) and v.slots[end][:3] == key and end - start < 4:
            end += 1
        chunk = v.slots[start:end]
        dst = cg.temp()
        cg.emit(op, Reg("r", (dst,), None, tuple(range(len(chunk)))), cg.src(chunk), *extra)
        out += [("r", (dst,), None, c) for c in range(len(chunk))]
        start = end
    return Val(t.with_base(FLOAT) if t.base != FLOAT else t, out)


def _is_input(v: Val) -> bool:
    return isinstance(v.type, NumType) and bool(v.slots) and all(s[0] == "v" and s[2] is None for s in v.slots)


def _input_choices(cg: CodegenContext, node: A.Node):
    """The candidates of an attribute argument that subscripts a pixel-shader input array with a run-time
    index (``c[b.y].zzxy``; dxilconv's eval.hlsl, built by ``fxc /T ps_5_0``, passes one): a tree of
    ``("leaf", Val)`` (input registers only) and ``("pick", index slot, [subtrees])``, or None when the
    argument is not input data. fxc evaluates such an argument through a relative input operand; evaluating
    every element and selecting one gives the same value, so that is what is built. Index expressions with
    side effects are refused (they would run twice)."""
    from .exprs import _has_side_effects, expr, member

    if isinstance(node, A.Index):
        base = _input_choices(cg, node.a)
        if base is None or _has_side_effects(node.index):
            return None
        iv = expr(cg, node.index)
        if not isinstance(iv.type, NumType) or iv.type.n != 1:
            return None
        iv = cg.convert(iv, NumType(UINT), node.pos)

        def pick(tree):
            if tree[0] == "pick":
                return ("pick", tree[1], [pick(s) for s in tree[2]])
            bv = tree[1]
            if not isinstance(bv.type, ArrayType):
                return None
            es = bv.type.elem.slots
            elems = [("leaf", Val(bv.type.elem, bv.slots[k * es:(k + 1) * es])) for k in range(bv.type.count)]
            if iv.const:
                k = iv.slots[0][3]
                if k >= bv.type.count:
                    raise cg.err(node.pos, "array index out of bounds", 3504)
                return elems[k]
            return ("pick", iv.slots[0], elems)

        out = pick(base)
        return None if out is None or _has_none(out) else out
    if isinstance(node, A.Member):
        base = _input_choices(cg, node.a)
        if base is None:
            return None

        def sub(tree):
            if tree[0] == "pick":
                return ("pick", tree[1], [sub(s) for s in tree[2]])
            return ("leaf", member(cg, tree[1], node.name, node.pos))

        return sub(base)
    if isinstance(node, A.Ident):
        lv = expr(cg, node)
        if not isinstance(lv.type, (NumType, ArrayType)) or not lv.slots:
            return None
        lv = Val(lv.type, [cg.input_origin.get(s, s) for s in lv.slots])
        if any(s[0] != "v" or s[2] is not None for s in lv.slots):
            return None
        return ("leaf", lv)
    return None


def _has_none(tree) -> bool:
    return tree is None or (tree[0] == "pick" and any(_has_none(s) for s in tree[2]))


def _evaluate_choices(cg: CodegenContext, name: str, tree, rest: list[Val], pos) -> Val:
    """Evaluate every candidate of ``tree`` and select the one the run-time indices name (movc chains)."""
    if tree[0] == "leaf":
        leaf = tree[1]
        if not _is_input(leaf):
            raise cg.err(pos, f"'{name}': the attribute argument must be a pixel shader input", 3503)
        return _evaluate(cg, name, [leaf] + rest, [], pos)
    vals = [_evaluate_choices(cg, name, s, rest, pos) for s in tree[2]]
    n = len(vals[0].slots)
    res = list(vals[0].slots)
    for k in range(1, len(vals)):
        c = cg.alu("ieq", INT, 1, [[tree[1]], [imm(k)]])
        res = cg.alu("movc", UINT, n, [c * n, vals[k].slots, res])
    return Val(vals[0].type, res)


def _message(cg: CodegenContext, name: str, args: list[Val], pos) -> Val:
    """abort() takes nothing; printf/errorf take a format string then any numeric arguments."""
    from .types import VOID, ObjectType

    def is_string(v: Val) -> bool:
        return isinstance(v.type, ObjectType) and v.type.kind == "string"

    ok = (not args) if name == "abort" else (
        bool(args) and is_string(args[0]) and all(isinstance(a.type, NumType) for a in args[1:]))
    if not ok:
        raise cg.err(pos, f"'{name}': no matching {len(args)} parameter intrinsic function", 3013)
    if cg.d3d9:
        # the abort/printf/errorf pages: "Shader Model 4 (DirectX HLSL) or later" is the only row of their
        # minimum-model tables (no SM2/SM3 row, unlike every 1¹/2 intrinsic); no fxc record of a D3D9 target
        # either way, so the page decides. A code-generation error like countbits' at these targets: the type
        # rules above first, dead or uncalled code compiles
        raise cg.err(pos, f"cannot map expression to {cg.d3d9} instruction set ('{name}' needs shader model 4 "
                          "or later)", 4532)
    return Val(VOID, [])
