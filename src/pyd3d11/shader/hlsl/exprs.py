"""Expression lowering: operators with HLSL promotion rules, swizzles, indexing, assignment, constructors and
casts. Function calls and inlining (in/out/inout): :mod:`.inlining`; intrinsics and object methods:
:mod:`.intrinsics`; assignment and l-values: :mod:`.assign`."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

from . import ast as A
from . import d3d9minprec, intfold, objects, odbool, uintrange, voidvals, zerobits
from .diagnostics import HlslError, Pos
from .divisions import (
    check_zero_divisor,
    defer_simplifier_error,
    division_operand_rules,
    fmod_operator,
    idiv,
    legacy_zero_lanes,
)
from .dynpick import dynamic_element, dynamic_pick, matrix_row, vector_component
from .globalflags import note_min_precision, note_min_precision_conversion
from .knownbits import known_index
from .litfold import fold_literal_binary
from .operands import Slot, imm, is_imm
from .types import (
    BOOL,
    DOUBLE,
    FLOAT,
    INT,
    LIT_FLOAT,
    LIT_INT,
    UINT,
    VOID,
    ArrayType,
    NumType,
    ObjectType,
    StructType,
    Type,
    common_base,
    concrete,
)
from .values import scoped

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

_SWZ = {c: i for i, c in enumerate("xyzw")} | {c: i for i, c in enumerate("rgba")}


def _names_variable(cg: CodegenContext, name: str) -> bool:
    """Whether ``name`` is a variable where a call to it stands: the innermost declaration wins, so a local,
    parameter or earlier global hides the functions and intrinsics of that name (d3dcompiler_47 10.1, session
    35: ``float abs = -2; abs(abs)`` and ``static float sin; … sin(sin)`` are X3005 "identifier represents a
    variable, not a function")."""
    if any(name in sc for sc in cg.scopes[1:]):
        return True
    if cg.global_decl_index.get(name, -1) > (cg.func_index_stack or [1 << 30])[-1]:
        return False  # declared after the calling function: not visible there
    return name in cg.scopes[0] or name in cg.globals


def _val(t: Type, slots: list, obj=None):
    from .codegen import Val

    return Val(t, slots, obj)


def _start_pos(e: A.Node):
    """Where the expression's text begins (fxc's message ranges start at the first character: ``b.Load(X)`` at
    ``b``): the leftmost operand's position."""
    while True:
        if isinstance(e, (A.Binary, A.Postfix, A.Index, A.Member)):
            e = e.a
        elif isinstance(e, A.MethodCall):
            e = e.obj
        elif isinstance(e, A.Assign):
            e = e.target
        elif isinstance(e, A.Ternary):
            e = e.cond
        else:
            return getattr(e, "pos", None)


def span_pos(e: A.Node):
    """The expression's position with fxc's range: from its first character (``_start_pos``) to the last
    character of its last token (``end``, recorded by the parser) when both are on one line; cached on the node."""
    sp = getattr(e, "_span", None)
    if sp is None:
        start = _start_pos(e)
        end = getattr(e, "end", None)
        if start is None or end is None or end[0] != start.line or end[1] <= start.col:
            sp = start
        else:
            sp = Pos(start.file, start.line, start.col, end[1])
        if sp is not None:
            e._span = sp
    return sp


def expr(cg: CodegenContext, e: A.Node) -> Val:
    """Evaluate ``e``; values living in memory (groupshared, UAV/SRV elements) are loaded. The instructions it
    emits itself (not its operands') carry its position (``cg.expr_pos``)."""
    saved = cg.expr_pos
    cg.expr_pos = span_pos(e) or saved
    try:
        v = expr_raw(cg, e)
        note_min_precision(cg, e, v)  # dcl_globalFlags enableMinimumPrecision (globalflags.py)
        d3d9minprec.note_operation(cg, e, v)  # the D3D9 validator's min-precision marks (X5003 / X5004)
        if isinstance(v.obj, tuple) and v.obj[0] in ("mem", "tgsm") and not isinstance(v.type, ObjectType):
            from .memaccess import mem_load

            return mem_load(cg, v)
        return v
    finally:
        cg.expr_pos = saved


def expr_raw(cg: CodegenContext, e: A.Node) -> Val:  # noqa: C901
    from .codegen import f2b

    if isinstance(e, A.Evaluated):
        return e.value
    if isinstance(e, A.Literal):
        if e.base == "string":  # a value without storage: only string variables and parameters take it
            return _val(ObjectType("string"), [])
        if e.base in (LIT_FLOAT, FLOAT):
            return _val(NumType(e.base), [imm(f2b(e.value))])
        if e.base == BOOL:
            return _val(NumType(BOOL), [imm(0xFFFFFFFF if e.value else 0)])
        if e.base == DOUBLE:  # 1.0L: a double constant at full precision
            from .doubles import d_imm

            return _val(NumType(DOUBLE), d_imm(e.value))
        if e.unsigned_spelling and e.value > 0x7FFFFFFF:
            cg.unsigned_literals.add(int(e.value) & 0xFFFFFFFF)  # (uintrange: its value is not negative)
        return _val(NumType(e.base), [imm(int(e.value))])
    if isinstance(e, A.Ident):
        from .constprop import known_value

        return known_value(cg, cg.lookup(e.name, e.pos))
    if isinstance(e, A.Binary):
        a, b = odbool.binary_operands(cg, e)
        if _operand_class(cg, e.a) != _operand_class(cg, e.b) or not _same_element(e, a, b):
            a, b = _row_matrix_as_vector(a), _row_matrix_as_vector(b)
        v = binary(cg, e.op, a, b, e.pos)
        if e.op in _BITWISE_OPS:
            _legacy_bitwise_source(cg, e, e.pos)
        if v.const and _literal_operands(cg, e.a) and _literal_operands(cg, e.b):
            v = intfold.fold_binary(e.op, a, b, v)  # integer + - * of constants: in double (intfold.py)
        return fold_literal_binary(cg, e, v)
    if isinstance(e, A.Unary):
        if e.op in ("++", "--"):
            from .assign import assign_to, pin_indices

            target = pin_indices(cg, e.a, designate=True)
            v = expr(cg, target)
            _no_bool_lvalue(cg, v, e.pos, target)
            _step_non_numeric(cg, target, v, e.op)
            one = _val(NumType(LIT_INT), [imm(1)])
            nv = binary(cg, "+" if e.op == "++" else "-", v, one, e.pos)
            assign_to(cg, target, nv, e.pos, direct=True)
            return expr(cg, target)
        v = odbool.test_operand(cg, e.a) if e.op == "!" else expr(cg, e.a)  # (an /Od zero test: odbool.py)
        v = unary(cg, e.op, v, e.pos)
        if e.op == "-" and v.const and _literal_operands(cg, e.a):
            v = intfold.fold_negate(v)  # -x of a uint constant (intfold.py)
        if e.op == "~":
            _legacy_bitwise_source(cg, e, e.pos)
        return v
    if isinstance(e, A.Postfix):
        from .assign import assign_to, pin_indices

        if _designating(e.a):
            # fxc 10.1 reads a designating operand, then evaluates it again as the target, and steps the
            # variable's value at that point: ``(a += 2)++`` from a = 5 leaves 10 and yields 7 (fxc's own code,
            # run; test_rules_hlsl_fxc_verdicts_acc)
            old = expr(cg, e.a)
            old = old if old.const else _val(old.type, cg.materialize_force(old.slots))
            target = pin_indices(cg, e.a, designate=True)
            v = expr(cg, target)
            _no_bool_lvalue(cg, v, e.pos)
            one = _val(NumType(LIT_INT), [imm(1)])
            assign_to(cg, target, binary(cg, "+" if e.op == "++" else "-", v, one, e.pos), e.pos, direct=True)
            return old
        target = pin_indices(cg, e.a, designate=True)
        v = expr(cg, target)
        _no_bool_lvalue(cg, v, e.pos, target)
        _step_non_numeric(cg, target, v, e.op)
        old = v if v.const else _val(v.type, cg.materialize_force(v.slots))  # constants stay known
        one = _val(NumType(LIT_INT), [imm(1)])
        assign_to(cg, target, binary(cg, "+" if e.op == "++" else "-", old, one, e.pos), e.pos, direct=True)
        return old
    if isinstance(e, A.Assign):
        from .assign import assign_to, pin_indices

        if e.op == "=" and objects.assign_null(cg, e.target, e.value, e.pos):
            return _val(VOID, [])
        if e.op == "=":
            from .ifacelocals import assign as assign_interface_local

            iv = assign_interface_local(cg, e.target, e.value, e.pos)
            if iv is not None:
                return iv
        if e.op != "=" and _folds_away(cg, e):
            return _compound_on_constants(cg, e)
        # the right side first, then the target's indices (C++17 [expr.ass]: "the right operand is sequenced
        # before the left operand", for ``=`` and ``op=`` alike; HLSL leaves it unspecified, hlsl-specs issue 79,
        # and clang/DXC emit the right side first): ``a[i++] = i`` stores the old i into a[0], ``b[j] = j++``
        # stores the old j into b[j + 1]. A right-side value read from a variable the target's index then
        # changes is copied first, so it stays the value read.
        designating = _designating(e.target)
        if designating:
            # fxc 10.1 evaluates a designating target (``++a = a + 10``, ``(a += b) *= 3``) before the right
            # side, and for ``op=`` evaluates it once more as the value read: from a = 5, b = 2 that leaves 27
            # (fxc's own code, run; test_rules_hlsl_fxc_verdicts_acc)
            target = pin_indices(cg, e.target, designate=True)
            rhs = expr(cg, e.value)
            if e.op != "=" and rhs.slots and not rhs.const and not isinstance(rhs.type, ObjectType):
                rhs = _val(rhs.type, cg.materialize_force(rhs.slots), rhs.obj)  # read before the second pass
        else:
            try:
                rhs = expr(cg, e.value)
            except HlslError as exc:
                from .typeorder import target_first

                raise target_first(cg, e.target, exc) from None
            if _target_has_side_effects(e.target) and rhs.slots and not rhs.const and \
                    not isinstance(rhs.type, ObjectType):
                rhs = _val(rhs.type, cg.materialize_force(rhs.slots), rhs.obj)
            target = pin_indices(cg, e.target, designate=True)
        if rhs.obj is _FOLDED:  # ``c = (k += 1)``: the folded compound has no value, nothing is stored (fxc 10.1)
            return rhs
        if e.op == "=":
            v = rhs
        else:
            held = cg.deferred_legacy_error
            try:
                cur = expr(cg, e.target if designating else target)
            finally:
                _written_resource_index(cg, held)
            # the operator's operand rule comes first: fxc reports ``bools += SamplerStates`` as X3022 and
            # ``bools &= f3_ss`` as X3082, not as a bool l-value (DXC object-operators.hlsl's fxc records)
            _compound_operands(cg, e.op[:-1], cur, rhs, e.pos)
            v = binary(cg, e.op[:-1], cur, rhs, e.pos)
            if e.op[:-1] in _BITWISE_OPS:
                _legacy_bitwise_source(cg, None, e.pos)  # the target is a variable: never a literal
        stored = assign_to(cg, target, v, e.pos, direct=True)
        return stored if stored is not None else expr(cg, target)
    if isinstance(e, A.Ternary):
        c = odbool.test_operand(cg, e.cond, condition=True)
        if isinstance(c.type, NumType) and c.type.base == DOUBLE:
            from .doubles import read_double

            read_double(cg)  # the condition is tested before the values are made (doubles.read_double)
        a = expr(cg, e.a)
        b = expr(cg, e.b)
        if isinstance(a.type, ObjectType) and a.type.kind == "string" or \
                isinstance(b.type, ObjectType) and b.type.kind == "string":
            from .stringarms import MISMATCH, string_kind

            if string_kind(e, lambda n: _string_name_kind(cg, n)) == MISMATCH:  # a literal and a variable
                raise cg.err(e.pos, "type mismatch between conditional values", 3020)
        if isinstance(a.type, ObjectType) or isinstance(b.type, ObjectType):
            return objects.select(cg, c, a, b, e.pos)
        return select(cg, c, a, b, e.pos)
    if isinstance(e, A.Comma):
        v = None
        for it in e.items:
            v = expr(cg, it)
        return v  # type: ignore[return-value]
    if isinstance(e, A.Construct):
        return construct(cg, e.type, [expr(cg, a) for a in e.args], e.pos)
    if isinstance(e, A.Cast):
        bool_cast = isinstance(e.type, NumType) and e.type.base == BOOL
        v = odbool.test_operand(cg, e.a) if bool_cast else expr(cg, e.a)
        if e.type is VOID:  # d3dcompiler_47 10.1 (session 35): ``(void)v`` is X3017, no discarding cast
            if v.type is VOID:  # ... but ``(void)f()`` of a void f is no conversion (session 43: voidvals.py)
                return v
            from .overload import type_spelling

            raise cg.err(e.pos, f"cannot convert from '{type_spelling(v.type)}' to 'void'", 3017)
        if voidvals.is_void(v) and not objects.has_object(e.type):  # ``(float)f()``: fxc's internal error
            return voidvals.cast_of_void(cg, e.type, e.pos)
        out = cast(cg, v, e.type, e.pos)
        note_min_precision_conversion(cg, v, e.type, out)  # an int / bool made a min16float (globalflags.py)
        return out
    if isinstance(e, A.Member):
        base = expr_raw(cg, e.a)
        d3d9minprec.note_operation(cg, e.a, base)  # (a swizzle's base is evaluated here, not by expr)
        key = static_member_key(cg, base.type, e.name)
        if key is not None:
            return expr(cg, A.Ident(e.pos, key))
        return member(cg, base, e.name, e.pos)
    if isinstance(e, A.Index):
        from .constprop import known_elements

        held = True  # a double vector or matrix in registers (X3512 of a run-time index: _double_held)
        with _indexed_resource(cg, e):
            if isinstance(e.a, A.Cast):
                inner = expr(cg, e.a.a)
                held = isinstance(inner.type, NumType) and inner.type.base == DOUBLE
                base = expr_raw(cg, replace(e.a, a=A.Evaluated(e.a.a.pos, inner)))
            else:
                base = expr_raw(cg, e.a)
        d3d9minprec.note_operation(cg, e.a, base)
        return known_elements(cg, index(cg, base, e.index, e.pos, read=held))
    if isinstance(e, A.Call):
        if e.name == "NonUniformResourceIndex" and (cg.major, cg.minor) >= (5, 1) and \
                not any(e.name in sc for sc in cg.scopes) and e.name not in cg.funcs:
            # "Resource binding in HLSL": marks a resource-array index that may differ between invocations;
            # built where it is the index itself (dynpick.dynamic_element); carried through a variable it is not
            from ...errors import NotSupportedError

            raise NotSupportedError("shader model 5.1: NonUniformResourceIndex outside a resource array's "
                                    "index is not built")
        if _names_variable(cg, e.name):
            raise cg.err(e.pos, f"'{e.name}': identifier represents a variable, not a function", 3005)
        from .inlining import call

        if e.name in ("any", "all") and e.name not in cg.funcs and len(e.args) == 1 and \
                odbool.keeps_test(cg, e.args[0]):
            with odbool.unfolded(cg):  # the intrinsic's test of a float variable at /Od (odbool.py)
                return call(cg, e)
        return call(cg, e)
    if isinstance(e, A.MethodCall):
        from .classes import call_on_class, is_class_value, try_method_call
        from .objmethods import method

        iv = try_method_call(cg, e)  # through an interface pointer (fcall)
        if iv is not None:
            return iv
        from .memaccess import mem_load
        from .receiver import call_on_memory, in_memory, receiver_raw

        try:
            raw = receiver_raw(cg, e.obj)  # an element keeps its storage: the method may write it
        except HlslError as exc:
            if exc.code != 4000 and not objects.unassigned_read(exc):
                raise
            raise _unassigned_method_error(cg, e, exc) from None
        if in_memory(raw) and is_class_value(raw):
            return call_on_memory(cg, raw, e.name, e.args, e.pos)
        ov = mem_load(cg, raw) if in_memory(raw) else raw
        if is_class_value(ov):
            return call_on_class(cg, ov, e.name, e.args, e.pos)
        if isinstance(ov.obj, tuple) and ov.obj and ov.obj[0] == "ifacechoice":  # chosen at run time
            from .ifacelocals import call_choice

            return call_choice(cg, ov, e)
        if isinstance(ov.obj, tuple) and ov.obj and ov.obj[0] == "ifaceptr":  # ``pick().foo()``
            from . import linkage

            return linkage.interface_call(cg, ov.obj[1], e)
        if isinstance(ov.obj, tuple) and ov.obj and ov.obj[0] == "stream":
            from .gs import stream_method

            return stream_method(cg, ov, e.name, e.args, e.pos)
        from .objmethods import has_no_methods, no_methods

        if has_no_methods(ov.type):
            raise no_methods(cg, ov.type, e.name, e.args, e.pos)
        return method(cg, ov, e.name, e.args, e.pos)
    if isinstance(e, A.InitList):
        raise cg.err(e.pos, "initializer lists are only valid in declarations", 3000)
    raise cg.err(e.pos, f"unsupported expression {type(e).__name__}", 3000)


def _written_resource_index(cg: CodegenContext, held: HlslError | None) -> None:
    """The target of ``op=`` read: a run-time resource-array index it met (index's X3512, kept) is the write's X3500,
    which fxc judges (d3dcompiler_47 10.1, session 45: ``tex[n][c] += v`` at ps_4_0 / ps_5_0)."""
    read = cg.deferred_legacy_error
    if held is None and read is not None and read.code == 3512:
        cg.deferred_legacy_error = HlslError(read.file, read.line, read.col, 3500, "array reference cannot be used as "
                                             "an l-value; not natively addressable")
        cg.deferred_legacy_error.met = getattr(read, "met", None)


def _compound_on_constants(cg: CodegenContext, e: A.Assign) -> Val:
    """A compound assignment whose target and right side are both literal constants in fxc's sense
    (:func:`_literal_operands`: a literal, a constructor of literals, a ``static const`` global or a ``const``
    local holding a constant, an element or swizzle of one): fxc folds it away before its const check, so it
    compiles, stores nothing and has no value (d3dcompiler_47 10.1 under Wine, session 37: ``const float c = 2;
    c += 1; return c;`` returns 2; ``static const float k = 1; k += 1;``, ``1.0f += 1;`` and ``float2(1, 2).x
    += 1;`` compile; ``return (k += 1);`` is X3080 "function must return a value" and ``f(k += 1)`` X3013).
    A non-constant right side (``c += d`` with ``float d = 1``) or target (``const float c = x`` from an input)
    keeps X3025. The operator's operand rules still apply first (``true += 1`` is X3020)."""
    cur, rhs = expr(cg, e.target), expr(cg, e.value)
    _compound_operands(cg, e.op[:-1], cur, rhs, e.pos)
    binary(cg, e.op[:-1], cur, rhs, e.pos)
    return _val(VOID, [], _FOLDED)


def _folds_away(cg: CodegenContext, e: A.Assign) -> bool:
    """Whether the compound assignment ``e`` is one fxc folds away (:func:`_compound_on_constants`)."""
    try:
        return _literal_operands(cg, e.target) and _literal_operands(cg, e.value) and not _names_parameter(cg, e.target)
    except HlslError:  # an object local bound on a run-time path, an unknown name: the ordinary path reports it
        return False


def _names_parameter(cg: CodegenContext, e: A.Node) -> bool:
    """Whether the l-value ``e`` is (an element or member of) a function parameter: a ``const`` parameter holding a
    constant argument is still no constant to fxc (``float f(const float p) { p *= 2; ... } f(1)`` is X3025)."""
    while isinstance(e, (A.Member, A.Index)):
        e = e.a
    if not isinstance(e, A.Ident):
        return False
    try:
        return bool(getattr(cg.lookup(e.name, e.pos), "param", False))
    except HlslError:
        return False


#: the value of a folded compound assignment (:func:`_compound_on_constants`): an assignment of it stores nothing
_FOLDED = "folded compound assignment"


def _unassigned_method_error(cg: CodegenContext, e: A.MethodCall, unassigned: HlslError) -> HlslError:
    """The error of a method call on an object local that holds no resource yet. fxc type-checks the call
    (method name X3018, argument count X3013, argument types) before its flow analysis finds the read of
    an unassigned variable (X4000), so a call that fails both reports the type error: DXC's
    template-checks records fxc's X3013 for ``AppendStructuredBuffer<float4> asb; asb.Append();``. The
    call is run against a stand-in resource of the local's type, only to find such an error."""
    from .objmethods import method
    from .values import Resource

    if not isinstance(e.obj, A.Ident):
        return unassigned
    local = scoped(cg.scopes, e.obj.name)
    t = getattr(local, "type", None)
    if not isinstance(t, ObjectType) or t.kind in ("InputPatch", "OutputPatch") or "Stream" in t.kind:
        return unassigned
    from .regclass import register_file

    try:
        method(cg, _val(t, [], Resource(e.obj.name, t, register_file(t.kind), 0)), e.name, e.args, e.pos)
    except HlslError as exc:
        if exc.code != 4000 and not objects.unassigned_read(exc) and not exc.notimpl:
            return exc
    except Exception:  # noqa: BLE001 - the stand-in only looks for a type error; the read stays X4000
        pass
    if t.kind == "RWByteAddressBuffer" and e.name.startswith("Interlocked"):
        # its atomics name no UAV element then (d3dcompiler_47 10.1, session 44: InterlockedAdd with or without
        # the original value, InterlockedCompareExchange)
        return cg.err(e.pos, "interlocked targets must be groupshared or UAV elements", 3549)
    if t.kind in _INDEXED_BY_METHODS and e.name != "GetDimensions":
        # a raw or structured buffer's methods address it as a subscript does: X3690 as for ``l[i]``
        # (``ByteAddressBuffer l; l.Load(i)``, ``Store2``, ``IncrementCounter``; a Buffer's or a texture's Load
        # stays X4000; d3dcompiler_47 10.1 under Wine, session 44, REFL)
        return cg.err(e.pos, "Resource being indexed is uninitialized.", 3690)
    return unassigned


#: object kinds whose methods (GetDimensions aside) fxc compiles as an indexed access (X3690 unassigned)
_INDEXED_BY_METHODS = {"ByteAddressBuffer", "RWByteAddressBuffer", "StructuredBuffer", "RWStructuredBuffer",
                       "AppendStructuredBuffer", "ConsumeStructuredBuffer"}


def cast(cg: CodegenContext, v: Val, t: Type, pos) -> Val:
    if objects.is_ref(v) and objects.has_object(t) and not isinstance(t, ObjectType):
        return objects.cast(cg, v, t, pos)
    if objects.has_object(t) and not objects.is_ref(v) and not objects.has_object(v.type):
        # a number or numeric aggregate never becomes an object (fxc X3017 "cannot convert from 'int' to
        # 'struct ObjStruct'", DXC conversions-non-numeric-aggregates)
        def spelled(x: Type) -> str:
            return f"struct {x.name}" if isinstance(x, StructType) and x.name else str(x)

        raise cg.err(pos, f"cannot convert from '{spelled(v.type)}' to '{spelled(t)}'", 3017)
    if isinstance(t, NumType) and isinstance(v.type, NumType) and v.type.n == 1 and t.n > 1:
        return cg.convert(_val(v.type, v.slots), t, pos, explicit=True)
    return cg.convert(v, t, pos, explicit=True)


def numeric(cg: CodegenContext, v: Val, pos) -> NumType:
    if not isinstance(v.type, NumType):
        raise cg.err(pos, f"operator cannot be applied to '{v.type}'", 3020)
    return v.type


#: fxc's verdict on an operator with a non-numeric operand (array, struct or object), from fxc's records in
#: DXC's more-operators.hlsl: arithmetic, relational and logical operators (and their compound assignments)
#: want a numeric operand, the bitwise ones an integer; ``==``/``!=`` compare objects but call an array or
#: struct a type mismatch. ``++``/``--`` are not in this table: fxc's type check passes them on any
#: non-bool l-value (objects and structs included).
_NON_NUMERIC: dict[str, tuple[int, str]] = {
    **{op: (3022, "scalar, vector, or matrix expected")
       for op in ("+", "-", "*", "/", "%", "<", "<=", ">", ">=", "&&", "||", "!")},
    **{op: (3082, "int or unsigned int type required") for op in ("&", "|", "^", "<<", ">>", "~")},
    "==": (3020, "type mismatch"), "!=": (3020, "type mismatch"),
}


def check_operand_kinds(cg: CodegenContext, op: str, vals: tuple[Val, ...], pos) -> None:
    """The operand rule of ``op`` (:data:`_NON_NUMERIC`) for the operands that are not numeric."""
    others = [v.type for v in vals if not isinstance(v.type, NumType)]
    if not others or any(v.type is VOID and not voidvals.is_void(v) for v in vals):
        return  # (a void call's value is judged as an object is, voidvals.py; a folded compound's: numeric())
    # two objects under == / != never get here: binary() compares them first (objects.compare)
    code, msg = _NON_NUMERIC.get(op, (3022, "scalar, vector, or matrix expected"))
    raise cg.err(pos, msg, code)


def _step_non_numeric(cg: CodegenContext, target: A.Node, v: Val, op: str) -> None:
    """``++``/``--`` of an array, struct or object: fxc's type check passes it (more-operators records
    ``(++f3_s_l)`` and ``(--SamplerState_l)`` as fxc-pass); what it would generate is not documented. The
    operand must still be a writable l-value (a uniform struct is X3025 as ``gf++`` is)."""
    if not isinstance(v.type, NumType):
        from .assign import lvalue

        lvalue(cg, target)
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError(f"HLSL '{op}' on a non-numeric operand ('{v.type}')")


def result_shape(cg: CodegenContext, a: NumType, b: NumType, pos) -> NumType:
    """The shape of a binary operator's operation (d3dcompiler_47 10.1 under Wine, session 36 INTR: ``transpose`` and
    ``._m00`` of the result tell a matrix from a vector): a one-component operand (float, float1, float1x1)
    broadcasts like a scalar (cbuffer.shader_test), two of them take the left one's shape (``float1x1 + float`` a
    1x1 matrix, ``float1 + float1x1`` a float1); between a vector and a matrix of one row or column the operand of
    fewer components gives the shape, the left one where they have as many (``float1x4 + float4`` a float1x4,
    ``float4 + float1x4`` a float4, ``float4 + float3x1`` a float3x1, ``float4x1 + float3`` a float3)."""
    if a.n == 1:
        return a if b.n == 1 else NumType(a.base, b.rows, b.cols, b.shape)
    if b.n == 1:
        return a
    if a.shape == "m" and b.shape == "m":
        return NumType(a.base, min(a.rows, b.rows), min(a.cols, b.cols), "m")
    if a.shape == "m" or b.shape == "m":
        m, v = (a, b) if a.shape == "m" else (b, a)
        if m.n != v.n and not (m.rows == 1 or m.cols == 1):
            raise cg.err(pos, f"cannot implicitly convert from '{v}' to '{m}'", 3017)
        if m.rows > 1 and m.cols > 1:
            return m
        n = min(m.n, v.n)
        if (a if a.n <= b.n else b).shape == "v":
            return NumType(a.base, 1, n, "v")
        return NumType(a.base, 1, n, "m") if m.rows == 1 else NumType(a.base, n, 1, "m")
    n = min(a.n, b.n)
    return NumType(a.base, 1, n, "v" if n > 1 or (a.shape == "v" and b.shape == "v") else "s")


def intrinsic_shape(cg: CodegenContext, a: NumType, b: NumType, pos) -> NumType:
    """The common shape of two arguments of an intrinsic's template: unlike an operator's operands (where a
    ``float1`` or ``float1x1`` broadcasts, :func:`result_shape`), only a scalar broadcasts; vectors truncate
    to the shortest, matrices to the common leading block. fxc 10.1's verdicts (session 35, INTR):
    ``atan2(float1, float4)`` and ``lerp(float1, float3, f)`` are a ``float1`` (X3206), ``max(float1x1,
    float2x2)`` a ``float1x1``, ``min(float4x1, float2x2)`` a ``float2x1``. A vector beside a matrix is
    refused before this (check.check_intrinsic_args); the operator rule stays for the intrinsics without
    that check."""
    if a.shape == "s":
        return NumType(a.base, b.rows, b.cols, b.shape)
    if b.shape == "s":
        return a
    if a.shape == "m" and b.shape == "m":
        return NumType(a.base, min(a.rows, b.rows), min(a.cols, b.cols), "m")
    if a.shape == "v" and b.shape == "v":
        return NumType(a.base, 1, min(a.n, b.n), "v")
    return result_shape(cg, a, b, pos)


#: operators whose result is a bool of the operands' shape: two one-component operands give a scalar
_SCALAR_OF_ONE = frozenset({"==", "!=", "<", ">", "<=", ">=", "&&", "||"})


def one_component_shape(op: str, a: NumType, b: NumType, shape: NumType) -> NumType:
    """The shape of ``a op b`` when both operands have one component and the left one is a ``T1`` vector or a
    ``T1x1`` matrix (d3dcompiler_47 10.1 under Wine, session 39 GEN: the result used as an index, where only a
    scalar is allowed, X3120): the left one's shape only when the right operand's element type is the left's
    own (a bool counting as the int it is promoted to; an untyped literal is a type of its own) -- ``uint1 +
    uint``, ``uint1 + 1u``, ``int1 << int1``, ``bool1 * int``, ``float1x1 + float`` keep it; ``uint1 & 1``,
    ``uint1 + int1``, ``int1 + 1``, ``float1 * 1.0``, ``bool1 + bool1`` are scalars, as every comparison and
    logical operator of two such operands is. MicrosoftDocs "Operators" says only that a one-component
    operand is promoted like a scalar."""
    if a.n != 1 or b.n != 1 or a.shape == "s":
        return shape
    own = INT if a.base == BOOL and op not in _SCALAR_OF_ONE else a.base
    if op in _SCALAR_OF_ONE or b.base != own:
        return NumType(shape.base)
    return shape


def coerce_pair(cg: CodegenContext, a: Val, b: Val, pos, base: str | None = None,
                intrinsic: bool = False, op: str | None = None) -> tuple[Val, Val, NumType]:
    """``a`` and ``b`` converted to their common type (``base`` when given); ``intrinsic``: the shape rule
    of an intrinsic's arguments (:func:`intrinsic_shape`) instead of an operator's; ``op``: the binary operator
    whose operands they are (:func:`one_component_shape`)."""
    ta, tb = numeric(cg, a, pos), numeric(cg, b, pos)
    shape = (intrinsic_shape if intrinsic else result_shape)(cg, ta, tb, pos)
    if op is not None:
        shape = one_component_shape(op, ta, tb, shape)
    cb = base or common_base(ta.base, tb.base)
    # a uint operation of minimum-precision integers is a min16uint one: no conversion of its operands to judge
    # (a typed literal, ``2u``, is a full-precision operand: ``m / 2u`` converts m to uint)
    prec = "min16uint" if concrete(cb) == UINT and (uintrange.min16uint_values(cg, a.slots, b.slots) and not any(
        t.prec is None and t.base == UINT and all(s[0] == "l" for s in v.slots) for t, v in ((ta, a), (tb, b))) or
        uintrange.active(cg) and uintrange.min_int_operands(cg, a, b)) else None
    rt = NumType(cb, shape.rows, shape.cols, shape.shape, prec=prec)
    return _to_shape(cg, a, rt, pos), _to_shape(cg, b, rt, pos), rt


def _to_shape(cg: CodegenContext, v: Val, rt: NumType, pos) -> Val:
    """``v`` converted to an operation's type; a vector becomes a matrix of one row or column (:func:`result_shape`)
    through the vector of its components, whose order is the matrix's."""
    t = v.type
    if rt.shape == "m" and (rt.rows == 1 or rt.cols == 1) and isinstance(t, NumType) and t.shape == "v":
        return _val(rt, cg.convert(v, NumType(rt.base, 1, rt.n, "v"), pos).slots)
    return cg.convert(v, rt, pos)


_FLOAT_CMP = {"==": ("eq", False), "!=": ("ne", False), "<": ("lt", False), ">=": ("ge", False),
              ">": ("lt", True), "<=": ("ge", True)}
_INT_CMP = {"==": ("ieq", False), "!=": ("ine", False), "<": ("ilt", False), ">=": ("ige", False),
            ">": ("ilt", True), "<=": ("ige", True)}
_UINT_CMP = {"==": ("ieq", False), "!=": ("ine", False), "<": ("ult", False), ">=": ("uge", False),
             ">": ("ult", True), "<=": ("uge", True)}


def _no_bool_lvalue(cg: CodegenContext, v: Val, pos, stepped: A.Node | None = None) -> None:
    """``++``, ``--`` and every compound assignment (``+=`` … ``>>=``) need a non-bool l-value: fxc's
    X3020 "operator cannot be used with a bool lvalue" (DXC's scalar-operators-assign test records it
    for each operator); a step's operand that is no l-value is X3025 first (``stepped``; 10.1, session 48 EFX:
    ``--true``, ``true++``, ``--bool2(1, 0)``, ``--k`` of a static const, ``--g`` of a uniform bool)."""
    if isinstance(v.type, NumType) and v.type.base == BOOL:
        if stepped is not None:
            from .assign import lvalue

            lvalue(cg, stepped)
        raise cg.err(pos, "operator cannot be used with a bool lvalue", 3020)


def _compound_operands(cg: CodegenContext, op: str, cur: Val, rhs: Val, pos) -> None:
    """The checks of ``cur op= rhs`` before its operation, in fxc's order: the operator's operand kinds
    (``bools += SamplerStates`` X3022), then a bit operator's X3082 "int or unsigned int type required" for
    operands whose common type is floating (``bools <<= floats``, ``bools &= halfs``: DXC's
    scalar-operators-assign lines judged alone by d3dcompiler_47 10.1), then the bool l-value's X3020
    (``bools <<= ints``, ``bools += floats``)."""
    check_operand_kinds(cg, op, (cur, rhs), pos)
    if op in _BITWISE_OPS and isinstance(cur.type, NumType) and isinstance(rhs.type, NumType) and \
            concrete(common_base(cur.type.base, rhs.type.base)) in (FLOAT, DOUBLE):
        raise cg.err(pos, "int or unsigned int type required", 3082)
    _no_bool_lvalue(cg, cur, pos)


def _fold_logical(op: str, a: list[Slot], b: list[Slot]) -> list[Slot] | None:
    """``&&`` / ``||`` of bool lanes where each lane has a constant side: ``false && x`` is false and
    ``true && x`` is x (``||`` dually), as fxc folds them before it looks at dead code (a resource
    index out of range under ``if (i < N && …)`` in an unrolled loop is no error). None when a lane
    needs the run-time operation."""
    out: list[Slot] = []
    for x, y in zip(a, b):
        if is_imm(x) and is_imm(y):
            both = (bool(x[3]) and bool(y[3])) if op == "&&" else (bool(x[3]) or bool(y[3]))
            out.append(imm(0xFFFFFFFF if both else 0))
        elif is_imm(x) or is_imm(y):
            k, other = (x, y) if is_imm(x) else (y, x)
            if bool(k[3]) == (op == "||"):  # the absorbing value: false for &&, true for ||
                out.append(imm(0xFFFFFFFF if op == "||" else 0))
            else:
                out.append(other)
        else:
            return None
    return out


def operator_shapes(cg: CodegenContext, a: NumType, b: NumType, pos) -> None:
    """The shapes a binary operator accepts besides a one-component operand: two matrices only when one nests
    inside the other (both dimensions), a vector and a true matrix only of as many components; else X3020 "type
    mismatch" (fxc's verdicts in DXC SemaHLSL binop-dims.hlsl: float2x1 + float1x2, float4x1 + float2x2,
    float2 + float2x2; the rule in test_rules_hlsl_shape_conversions). Intrinsics shape their operands by
    :func:`result_shape` alone."""
    if a.n == 1 or b.n == 1:
        return
    if a.shape == "m" and b.shape == "m":
        if not (a.rows <= b.rows and a.cols <= b.cols or b.rows <= a.rows and b.cols <= a.cols):
            raise cg.err(pos, "type mismatch", 3020)
    elif a.shape == "m" or b.shape == "m":
        m, v = (a, b) if a.shape == "m" else (b, a)
        if m.n != v.n and m.rows > 1 and m.cols > 1:
            raise cg.err(pos, "type mismatch", 3020)


_BITWISE_OPS = frozenset({"&", "|", "^", "<<", ">>"})


def _literal_operands(cg: CodegenContext, e: A.Node) -> bool:
    """Whether ``e`` is built of literals and ``const`` variables holding constants only (casts and operators
    over them): what fxc folds before its below-SM4 bitwise check. A plain local or static with a known value, an
    array element, a function's result or a conditional is not (``int x = 5; x >> 1`` and ``(true ? 1 : 2) >> 1``
    are X3535; ``const int x = 5; x >> 1``, ``(int)2.5 << 1``, ``int2(1, 2).y >> 1`` and ``max(1, 2) >> 1``
    compile: d3dcompiler_47 10.1 under Wine, session 36)."""
    if isinstance(e, A.Literal):
        return True
    if isinstance(e, A.Cast):
        return _literal_operands(cg, e.a)
    if isinstance(e, A.Unary) and e.op not in ("++", "--"):
        return _literal_operands(cg, e.a)
    if isinstance(e, A.Binary):
        return _literal_operands(cg, e.a) and _literal_operands(cg, e.b)
    if isinstance(e, A.Index):  # an element of a const array at a literal index (``static const int k[2]``)
        return _literal_operands(cg, e.index) and _literal_operands(cg, e.a)
    if isinstance(e, A.Member):  # a swizzle or member of a const value (``const int2 k = …; k.y``)
        return _literal_operands(cg, e.a)
    if isinstance(e, A.Construct):  # ``int2(1, 2)``
        return all(_literal_operands(cg, x) for x in e.args)
    if isinstance(e, A.Call) and e.name not in cg.funcs:  # an intrinsic of literals (``max(1, 2)``); not a function
        return all(_literal_operands(cg, x) for x in e.args)
    if isinstance(e, A.Ident):
        from .constprop import known_value

        v = cg.lookup(e.name, e.pos)
        return bool(v.readonly) and known_value(cg, v).const
    return False


def _legacy_bitwise_source(cg: CodegenContext, e: A.Node | None, pos) -> None:
    """X3535 for a bitwise operator below shader model 4 whose operands are not literal constants (``e`` None: a
    compound assignment, whose target never is one), also where constant propagation folded its value."""
    target = cg.d3d9 or cg.level9
    if target and (e is None or not all(_literal_operands(cg, x) for x in _operands(e))):
        raise _bitwise_refusal(cg, target, pos)


def _operands(e: A.Node) -> list[A.Node]:
    return [e.a, e.b] if isinstance(e, A.Binary) else [e.a]


def _legacy_bitwise(cg: CodegenContext, result: Val, pos) -> Val:
    """Below shader model 4 (the Direct3D 9 targets and 4_0_level_9_x) an integer or bool ``&``, ``|``, ``^``, ``~``,
    ``<<`` or ``>>`` (compound assignments too) that constant folding does not remove is fxc's X3535 with E_NOTIMPL,
    wherever codegen emits it -- an unused local's initialiser and a static's included; a folded one (literals, static
    consts, array sizes) and one in a branch pruned as constant-false compile (fxc's d3dcompiler_47 10.1, session 35)."""
    target = cg.d3d9 or cg.level9
    if target and not result.const:
        raise _bitwise_refusal(cg, target, pos)
    return result


def _bitwise_refusal(cg: CodegenContext, target: str, pos):
    err = cg.err(pos, f"Bitwise operations not supported on target {target}.", 3535)
    err.notimpl = True  # fxc's HRESULT for X3535 is E_NOTIMPL
    return err


def _operand_class(cg: CodegenContext, e: A.Node) -> str:
    """The class of modifiers fxc's type of the operand ``e`` carries (d3dcompiler_47 10.1 under Wine, session 36
    INTR, widened in session 40 GEN; told apart by :func:`_row_matrix_as_vector`'s rule): ``literal`` (an untyped
    literal, or a swizzle of one), ``uniform`` (a uniform global, an operator's result with a uniform operand:
    ``cf.x + a.x``, ``-cf.x``, ``b ? cf.x : cf.y``), ``const`` (an operator's or call's result, a
    post-increment, a ``const`` local, a ``static const``, a cast of anything but a ``var``, a constructor with a
    computed argument: :func:`_computed`), ``var`` (a local, a parameter -- ``uniform`` ones too --, a static
    global, a typed literal such as ``2.0f`` / ``1u`` / ``true``, a cast of a ``var``, a constructor of named values
    -- ``float1x3(a.x, cf.y, kf)`` --, a pre-increment or an assignment of a ``var``); a swizzle or element has its
    base's class. Session 40's 1,178 probes (a float1x3 beside 70 operand forms, both orders, ``transpose`` of the
    product telling a matrix from a vector) fix the casts, constructors, typed literals and increments."""
    while isinstance(e, (A.Member, A.Index)):
        e = e.a
    if isinstance(e, A.Literal):
        return "literal" if e.base in (LIT_INT, LIT_FLOAT) else "var"
    if isinstance(e, A.Cast):  # a cast of a variable stays one; of a uniform, const or literal it is a const value
        return "var" if _operand_class(cg, e.a) == "var" else "const"
    if isinstance(e, A.Construct):
        return "const" if any(_computed(cg, x) for x in e.args) else "var"
    if isinstance(e, A.Unary) and e.op in ("++", "--"):
        return _operand_class(cg, e.a)
    if isinstance(e, A.Assign):
        return _operand_class(cg, e.target)
    if isinstance(e, (A.Binary, A.Unary, A.Ternary)):  # an operator's result is uniform where an operand is
        parts = [e.a, e.b] if not isinstance(e, A.Unary) else [e.a]
        return "uniform" if any(_operand_class(cg, x) == "uniform" for x in parts) else "const"
    if not isinstance(e, A.Ident):
        return "const"
    for scope in reversed(cg.scopes):
        if e.name in scope:  # locals, parameters, and the static globals (scopes[0])
            return "const" if getattr(scope[e.name], "readonly", False) else "var"
    return "uniform"


def _computed(cg: CodegenContext, e: A.Node) -> bool:
    """Whether a constructor's argument makes the constructor a ``const`` value for :func:`_operand_class`
    (d3dcompiler_47 10.1, session 40 GEN): a literal, an operator's result (``a.x + a.y``, ``-a.x``, ``!b``,
    ``?:``) or a constant folded from one (a ``static const`` with a literal value)
    does, also inside a call or cast (``sin(2.0)``, ``(float)(a.x < a.y)``); a named value of any class (``cf.x``,
    a ``const`` local of a run-time value), a call or cast of one (``sin(a.x)``, ``(float)cu.x``), a
    pre-increment and an assignment do not. Fitted to the probes (not a documented rule): fxc's constructor
    node is typed ``const`` where its folder saw a value it computed."""
    while isinstance(e, (A.Member, A.Index)):
        e = e.a
    if isinstance(e, (A.Literal, A.Binary, A.Ternary)):
        return True
    if isinstance(e, A.Unary):
        return e.op not in ("++", "--")
    if isinstance(e, (A.Cast,)):
        return _computed(cg, e.a)
    if isinstance(e, (A.Construct, A.Call)):
        return any(_computed(cg, x) for x in e.args)
    if isinstance(e, A.Ident):
        for scope in reversed(cg.scopes):
            if e.name in scope:
                sym = scope[e.name]
                return bool(getattr(sym, "readonly", False)) and _known_constant(cg, e)
        return False
    return False


def _known_constant(cg: CodegenContext, e: A.Ident) -> bool:
    """A read-only variable whose every component constant propagation knows (a ``static const`` of literals)."""
    from .constprop import known_value

    try:
        v = known_value(cg, cg.lookup(e.name, e.pos))
    except Exception:  # noqa: BLE001 - an object or struct: not a folded number
        return False
    return bool(v.slots) and all(is_imm(s) for s in v.slots)


def _spelled(e: A.Node, v: Val) -> str | None:
    """The scalar kind an operand is spelled with: a cast names its own (``(half)u.x``, whose value's type
    carries no spelling), else the value's type's (``prec``: ``half``, ``min16float``, ...)."""
    t = e.type if isinstance(e, A.Cast) and isinstance(e.type, NumType) else v.type
    if not isinstance(t, NumType):
        return None
    return t.prec or t.base


def _same_element(e: A.Binary, a: Val, b: Val) -> bool:
    """Whether two operands have one element type as fxc compares them for a one-row matrix's shape
    (d3dcompiler_47 10.1, session 40 GEN): the spelled scalar (``half`` and the minimum-precision kinds are not
    ``float``), a bool on the left counting as the int it is promoted to -- ``b * int1x3`` keeps the matrix,
    ``int1x3 * b``, ``float1x3 * u.x``, ``float1x3 + half`` and ``float1x3 * uint3`` are vectors."""
    left, right = _spelled(e.a, a), _spelled(e.b, b)
    if left is None or right is None:
        return True
    if left == BOOL and right != BOOL:
        left = INT
    return left == right


def _row_matrix_as_vector(v: Val) -> Val:
    """A one-row matrix operand beside an operand of another modifier class (:func:`_operand_class`) acts as the
    vector of its columns (a 1x1 as a scalar): fxc 10.1 (session 36 INTR) types ``m14 * 1``, ``cm14 * f``,
    ``m14 * -b``, ``cm14 * k4`` a float4 where ``m14 * f``, ``cm14 * c4`` and ``(m14 * b) * float4(1, 2, 3, 4)``
    stay float1x4 matrices (``transpose`` of the result X3013 / accepted), and ``m11 + 1.0`` a float (``._m00``
    X3018); a column (Nx1) keeps its shape."""
    t = v.type
    if isinstance(t, NumType) and t.shape == "v" and t.n == 1:
        # a one-component vector beside an operand of another class is a scalar as well (session 40 GEN:
        # ``uint1(1) + k`` of a ``uint1 k`` is a uint, ``uint1(1) + uint1(1)`` a uint1; one_component_shape)
        return _val(replace(t, shape="s"), v.slots, v.obj)
    if not isinstance(t, NumType) or t.shape != "m" or t.rows != 1:
        return v
    return _val(replace(t, rows=1, cols=t.cols, shape="v" if t.cols > 1 else "s", row_major=None), v.slots, v.obj)


def _row_as_vector(t: NumType) -> NumType:
    """A comparison or logical operator gives a one-row matrix shape as a vector (a 1x1 as a scalar): fxc 10.1
    refuses ``transpose(float1x4 < float1x4)`` (X3013) and names ``float1x1 < float1`` and ``float1 < float1x1``
    'bool', where ``float3x1 < float3`` is a bool3x1 matrix (session 36 INTR)."""
    if t.shape != "m" or t.rows != 1:
        return t
    return NumType(t.base, 1, t.cols, "v" if t.cols > 1 else "s")


def binary(cg: CodegenContext, op: str, a: Val, b: Val, pos) -> Val:  # noqa: C901
    if op in ("==", "!=") and isinstance(a.type, ObjectType) and isinstance(b.type, ObjectType):
        return objects.compare(cg, op, a, b, pos)
    check_operand_kinds(cg, op, (a, b), pos)
    ta, tb = numeric(cg, a, pos), numeric(cg, b, pos)
    operator_shapes(cg, ta, tb, pos)
    if op in ("&&", "||"):
        a2, b2, rt = coerce_pair(cg, a, b, pos, BOOL, op=op)
        if rt.shape == "m" and rt.rows == 1 and any(t.shape == "m" and t.rows > 1 for t in (ta, tb)):
            # a matrix of several rows truncated to one row does not cast to the one-row bool operand (fxc 10.1:
            # float1x3 && float2x3, float2x2 || float1x2; float1x4 && float1x2, float2x3 && float2x2 compile)
            raise cg.err(pos, "couldn't cast expression to boolean for logical operator", 3020)
        if rt.n == 1 and (ta.shape == "m" or tb.shape == "m"):
            rt = NumType(BOOL)  # a 1x1 operand: a bool (see _row_as_vector)
        folded = _fold_logical(op, a2.slots, b2.slots)
        if folded is not None:
            return _val(_row_as_vector(rt), folded)
        return _val(_row_as_vector(rt), cg.alu("and" if op == "&&" else "or", BOOL, rt.n, [a2.slots, b2.slots]))
    if op in _FLOAT_CMP:
        base = common_base(ta.base, tb.base)
        if base == BOOL:
            base = INT if op not in ("==", "!=") else BOOL
        a2, b2, rt = coerce_pair(cg, a, b, pos, concrete(base), op=op)
        cb = concrete(base)
        if cb == DOUBLE:
            from . import doubles

            return doubles.comparison(cg, op, a2, b2, rt, pos)
        name, swap = (_FLOAT_CMP if cb == FLOAT else _UINT_CMP if cb == UINT else _INT_CMP)[op]
        x, y = (b2, a2) if swap else (a2, b2)
        bt = NumType(BOOL) if rt.n == 1 and (ta.shape == "m" or tb.shape == "m") else _row_as_vector(rt.with_base(BOOL))
        return _val(bt, cg.alu(name, cb, rt.n, [x.slots, y.slots]))
    if op in ("&", "|", "^", "<<", ">>"):
        base = common_base(ta.base, tb.base)
        if concrete(base) in (FLOAT, DOUBLE):
            raise cg.err(pos, "int or unsigned int type required", 3082)
        if op in ("<<", ">>"):
            base = ta.base if concrete(ta.base) != BOOL else INT
        base = INT if base in (BOOL, LIT_INT) and op not in ("&", "|", "^") else base
        a2, b2, rt = coerce_pair(cg, a, b, pos, concrete(base) if base != BOOL else BOOL, op=op)
        name = {"&": "and", "|": "or", "^": "xor", "<<": "ishl"}.get(op) or (
            "ushr" if concrete(rt.base) == UINT else "ishr")
        return _legacy_bitwise(cg, _val(rt, cg.alu(name, rt.base, rt.n, [a2.slots, b2.slots])), pos)
    base = common_base(ta.base, tb.base)
    if base == BOOL:
        base = INT
    if {ta.base, tb.base} == {LIT_INT, LIT_FLOAT}:
        # arithmetic between two untyped literals stays an untyped literal (fxc: overload1(1.5 * 2) is ambiguous
        # among float/double/int/uint overloads, DXC const-expr.hlsl; f(1.0 * abs(-1)) between f(float) and
        # f(double) is X3067, DXC intrinsic-examples); intrinsics unify literals on their own
        base = LIT_FLOAT
    a2, b2, rt = coerce_pair(cg, a, b, pos, base, op=op)
    cb = concrete(base)
    n = rt.n
    if op in ("/", "%"):
        division_operand_rules(cg, op, ta, tb, cb, pos)
        check_zero_divisor(cg, cb, b2.slots, pos, op, cb == INT or rt.prec == "min16uint")
    if cb == DOUBLE:
        from . import doubles

        return doubles.binary(cg, op, a2, b2, rt, pos)
    if cb == FLOAT:
        if op == "+":
            return _val(rt, cg.alu("add", FLOAT, n, [a2.slots, b2.slots]))
        if op == "-":
            if b2.const:
                from .codegen import b2f, f2b

                neg = [imm(f2b(-b2f(s[3]))) for s in b2.slots]
                return _val(rt, cg.alu("add", FLOAT, n, [a2.slots, neg]))
            return _val(rt, cg.alu("add", FLOAT, n, [a2.slots, b2.slots], ["", "-"]))
        if op == "*":
            return _val(rt, cg.alu("mul", FLOAT, n, [a2.slots, b2.slots]))
        if op == "/":
            return _val(rt, cg.alu("div", FLOAT, n, [a2.slots, b2.slots]))
        if op == "%":
            bz, zero = legacy_zero_lanes(cg, FLOAT, n, a2.slots, b2.slots)
            out = fmod_operator(cg, n, a2.slots, bz)
            return _val(rt, [imm(0) if i in zero else s for i, s in enumerate(out)])
    else:
        mi = uintrange.min16uint_values(cg, a2.slots, b2.slots)  # min-precision integers: floats below SM4
        if op == "+":
            return _val(rt, uintrange.keep_min_ints(cg, mi, cg.alu("iadd", cb, n, [a2.slots, b2.slots])))
        if op == "-":
            nb = cg.alu("ineg", cb, n, [b2.slots])
            out = cg.alu("iadd", cb, n, [a2.slots, nb])
            if cb == UINT and a2.slots != b2.slots and not all(is_imm(s) for s in out) and not mi:
                # below SM4 a uint difference must be known not to be negative (X3548; fxc folds x - x to 0, and
                # a constant difference is a constant: 1u - 2u is 4294967295)
                uintrange.check_not_negative(cg, out, "i", pos)
            return _val(rt, uintrange.keep_min_ints(cg, mi, out))
        if op == "*":
            out = cg.alu("imul", cb, n, [a2.slots, b2.slots], dst_pos=1, ndst=2)
            return _val(rt, uintrange.keep_min_ints(cg, mi, out))
        if op in ("/", "%"):
            # min16uint below SM4: an int's division, but a constant one is folded as the uint's
            # (``(uint)((min16uint)-5 / 2)`` compiles: 2147483645)
            signed = uintrange.active(cg) and rt.prec == "min16uint" and not all(
                is_imm(s) for s in a2.slots + b2.slots)
            if cb == UINT and not signed:
                if (op == "/" or a2.slots != b2.slots) and not mi:
                    # below SM4 a uint divisor must be known to be above 0
                    uintrange.check_divisor(cg, b2.slots, pos, op == "%")  # (X3548; fxc folds x % x, not x / x)
                out = cg.alu("udiv", UINT, n, [a2.slots, b2.slots], dst_pos=0 if op == "/" else 1, ndst=2)
                if mi and op == "/":
                    uintrange.note_min_int_quotient(cg, a2.slots, b2.slots, out)
                return _val(rt, uintrange.keep_min_ints(cg, mi, out))
            bz, zero = legacy_zero_lanes(cg, INT, n, a2.slots, b2.slots) if op == "%" else (b2.slots, set())
            out = idiv(cg, n, a2.slots, bz, op == "%")
            out = [imm(0) if i in zero else s for i, s in enumerate(out)]
            if signed:
                if op == "/":
                    uintrange.note_min_int_quotient(cg, a2.slots, b2.slots, out)
                else:
                    uintrange.note_min_int_remainder(cg, a2.slots, b2.slots, out)
            return _val(rt, uintrange.keep_min_ints(cg, mi, out))
    raise cg.err(pos, f"unsupported operator '{op}'", 3000)


#: the signed min-precision integer spellings (fxc X3706 refuses their division and remainder)
def unary(cg: CodegenContext, op: str, v: Val, pos) -> Val:
    check_operand_kinds(cg, op, (v,), pos)
    t = numeric(cg, v, pos)
    if op == "+":
        return v
    if op == "!":
        bv = cg.convert_base(v, BOOL)
        return _val(t.with_base(BOOL), cg.alu("ieq", INT, t.n, [bv.slots, [imm(0)] * t.n]))
    if op == "~":
        if concrete(t.base) in (FLOAT, DOUBLE):
            raise cg.err(pos, "int or unsigned int type required", 3082)
        base = INT if t.base in (BOOL, LIT_INT) else t.base
        v = cg.convert_base(v, base)
        return _legacy_bitwise(cg, _val(t.with_base(base), cg.alu("not", base, t.n, [v.slots])), pos)
    if op == "-" and t.base == DOUBLE:
        from . import doubles

        return doubles.negate(cg, v, pos)
    if op == "-":
        base = INT if t.base == BOOL else t.base
        v = cg.convert_base(v, base)
        if concrete(base) == FLOAT:
            if v.const:
                from .codegen import b2f, f2b

                return _val(v.type, [imm(f2b(-b2f(s[3]))) for s in v.slots])
            return _val(v.type, cg.op("mov", t.n, [v.slots], ["-"]))
        mi = uintrange.min16uint_values(cg, v.slots)
        out = uintrange.keep_min_ints(cg, mi, cg.alu("ineg", INT, t.n, [v.slots]))
        if concrete(base) == UINT and not all(is_imm(s) for s in out) and not mi:
            # below SM4 a negated uint must be
            uintrange.check_not_negative(cg, out, "i", pos)  # known not to be negative (X3548; -1u is a constant)
        return _val(v.type, out)
    raise cg.err(pos, f"unsupported unary operator '{op}'", 3000)


def _string_name_kind(cg: CodegenContext, name: str) -> str | None:
    """The stringarms kind of a named string in a function body: a local or parameter (a const one read-only), else
    a global by its declaration."""
    from .stringarms import LITERAL, VARIABLE, declared_kind

    for scope in reversed(cg.scopes[1:]):
        if name in scope:
            v = scope[name]
            if not (isinstance(v.type, ObjectType) and v.type.kind == "string"):
                return None
            return LITERAL if v.readonly else VARIABLE
    k = cg.global_decl_index.get(name)
    d = cg.prog.decls[k] if k is not None else None
    if not isinstance(d, A.VarDecl) or str(d.type) != "string":
        return None
    return declared_kind(set(d.mods))


def select(cg: CodegenContext, c: Val, a: Val, b: Val, pos) -> Val:
    if any(isinstance(v.type, (StructType, ArrayType)) for v in (a, b)):
        # the values of ?: are numeric: a struct or an array, even two of one type, is fxc's X3020 in these
        # words (DXC vector-conditional records them for UDT and array operands)
        raise cg.err(pos, "type mismatch between conditional values", 3020)
    ta, tb = numeric(cg, a, pos), numeric(cg, b, pos)
    tc = numeric(cg, c, pos)
    if ta.shape == "m" and tb.shape == "m" and not (ta.rows <= tb.rows and ta.cols <= tb.cols or
                                                    tb.rows <= ta.rows and tb.cols <= ta.cols):
        raise cg.err(pos, f"type mismatch between '{ta}' and '{tb}'", 3020)
    a2, b2, rt = coerce_pair(cg, a, b, pos)

    def cls(t: NumType) -> str:  # row matrices behave like vectors here
        return "v" if t.shape == "v" or t.rows == 1 else "m"
    if tc.shape != "s" and rt.shape != "s" and cls(tc) != cls(rt):
        raise cg.err(pos, "the ternary condition and its operands must be both vectors or both matrices", 3020)
    if tc.n == 1:
        cs = cg.convert_base(c, BOOL).slots * rt.n
    else:
        if tc.n < rt.n and rt.n != 1:
            raise cg.err(pos, "ternary condition dimension mismatch", 3020)
        if rt.n == 1:
            rt = NumType(rt.base, tc.rows, tc.cols, tc.shape)
            a2 = cg.convert(a2, rt, pos)
            b2 = cg.convert(b2, rt, pos)
        cw = 2 if tc.base == DOUBLE else 1
        cs = cg.convert_base(_val(NumType(tc.base, 1, rt.n, "v"), c.slots[:rt.n * cw]), BOOL).slots
    _ = (ta, tb)
    if rt.base == DOUBLE:
        from . import doubles

        return doubles.select(cg, cs, a2, b2, rt)
    if concrete(rt.base) == FLOAT and all(is_imm(x) for x in cs + a2.slots + b2.slots):
        from .constprop import canonical_float, carries_canonical

        if carries_canonical(cg):
            # a ?: of constants folds to a constant fxc carries (-0 and denormals +0: ``true ? -0.0 : 1.0`` is 0 in
            # d3dcompiler_47 10.1's object, -0 at /Od; session 37, tests/test_hlsl_fxc_zero_bits_s37.py)
            return _val(rt, [imm(canonical_float((x if k[3] else y)[3])) for k, x, y in zip(cs, a2.slots, b2.slots,
                                                                                            strict=True)])
    out = cg.alu("movc", rt.base, rt.n, [cs, a2.slots, b2.slots])
    return _val(rt, zerobits.float_values(cg, out) if concrete(rt.base) == FLOAT else out)  # (zerobits.py)


def construct(cg: CodegenContext, t: Type, args: list[Val], pos) -> Val:
    if not isinstance(t, NumType):
        # a struct or class named as a constructor, whatever its arguments (``S(a)`` of a one-member S too; only the
        # cast ``(S)a`` converts): d3dcompiler_47 10.1, session 43, helper ACC, every target (DXC SemaHLSL
        # sv_target.index.struct.invalid)
        raise cg.err(pos, "constructors only defined for numeric base types", 3037)
    voidvals.check_constructor_arguments(cg, args, pos)  # a void or object argument
    flat: list[Slot] = []
    bases: list[str] = []
    for a in args:
        if not isinstance(a.type, NumType):  # a struct or array gives its components (a double one, in two slots)
            from .codegen import component_units

            for b, comp in component_units(a.type, a.slots):
                flat.append(tuple(comp) if b == DOUBLE else comp[0])
                bases.append(b)
            continue
        if a.type.base == DOUBLE:  # one component = a (lo, hi) slot pair
            flat += [tuple(a.slots[k:k + 2]) for k in range(0, len(a.slots), 2)]
        else:
            flat += a.slots
        bases += [a.type.base] * a.type.n
    # no splat: ``float2(0.1f)`` is fxc's X3014 (DXC SemaHLSL vector-assignments); ``(float2)0.1f`` splats
    if len(flat) != t.n:
        # fxc's text (DXC SemaHLSL vector-assignments / matrix-assignments / struct-assignments records)
        raise cg.err(pos, "incorrect number of arguments to numeric-type constructor", 3014)
    uintrange.check_constructor(cg, t, flat, bases, pos)
    out: list[Slot] = []
    for s, b in zip(flat, bases, strict=True):
        out += cg.convert_base(_val(NumType(b), list(s) if b == DOUBLE else [s]), t.base).slots
    return _val(t, out)


def static_member_key(cg: CodegenContext, t: Type, name: str) -> str | None:
    """``obj.name`` naming a static data member of obj's type (or of a base type) rather than a field: the
    ``Owner::name`` global it denotes (C++ lets an instance name a static member; DXC CodeGenSPIRV
    oo.struct.static.member.hlsl writes ``t.M = input``). None for a field or anything else."""
    from .classes import SUPER

    while isinstance(t, StructType):
        if any(f[0] == name for f in t.fields):
            return None
        key = f"{t.name}::{name}"
        if any(isinstance(d, A.VarDecl) and d.name == key and "$declared_only" in d.mods for d in cg.prog.decls):
            return None  # an undefined member's stand-in (parser.parse_program): the instance's X3018 stands
        if t.name and (key in cg.globals or any(key in sc for sc in cg.scopes)):
            return key
        t = next((f[1] for f in t.fields if f[0] == SUPER), None)
    return None


def _object_array_length(cg: CodegenContext, t: ArrayType, pos) -> None:
    """``.Length`` of an array holding objects (d3dcompiler_47 10.1, session 45, helper ACC): X3018 "invalid
    subscript 'Length'" (samplers, buffers, UAVs, effect objects, strings, a struct holding a texture), except an
    array of read-only textures (Texture1D ... TextureCubeArray), which aborts fxc ("internal error: compilation
    aborted unexpectedly")."""
    from .types import array_leaf

    leaf = array_leaf(t)
    if isinstance(leaf, ObjectType) and leaf.kind.startswith("Texture"):
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError(f"'.Length' of an array of {leaf.kind} (fxc 10.1 aborts with an internal error)")
    raise cg.err(pos, "invalid subscript 'Length'", 3018)


def member(cg: CodegenContext, v: Val, name: str, pos) -> Val:
    t = v.type
    if isinstance(t, ArrayType) and name == "Length":
        # the element count of an array (a deprecated form fxc still accepts: DXC's array-length test
        # records fxc passing it on globals, locals, unsized-initialised locals and struct members)
        if objects.has_object(t):
            _object_array_length(cg, t, pos)
        return _val(NumType(UINT), [imm(t.count)])
    if objects.is_ref(v):
        return objects.member(cg, v, name, pos)
    if isinstance(v.obj, tuple) and v.obj and v.obj[0] == "stream":  # (a stream parameter's wrapper: gs.py)
        from .gs import stream_part

        return stream_part(cg, v, name, pos)
    if isinstance(t, StructType):
        info = t.field_offset(name)
        if info is None:
            raise cg.err(pos, f"'{name}': invalid subscript", 3018)
        off, ft, _sem = info
        if v.obj is not None and isinstance(v.obj, tuple) and v.obj[0] in ("tgsm", "mem"):
            from .memaccess import mem_member

            return mem_member(cg, v, off, ft)
        return _val(ft, v.slots[off:off + ft.slots])
    if isinstance(t, NumType):
        comps = swizzle_indices(cg, t, name, pos)
        if v.obj is not None and isinstance(v.obj, tuple) and v.obj[0] in ("mem", "tgsm"):  # a scalar or vector
            # groupshared variable (``(g).xxxx``) is read from its g# register before the swizzle
            from .memaccess import mem_load

            v = mem_load(cg, v)
        n = len(comps)
        nt = NumType(t.base, 1, n, "v" if n > 1 else "s") if n > 1 or t.shape != "s" else NumType(t.base)
        if n == 1:
            nt = NumType(t.base)
        if t.base == DOUBLE:  # component c is the slot pair 2c, 2c+1
            return _val(nt, [v.slots[2 * c + h] for c in comps for h in (0, 1)])
        return _val(nt, [v.slots[c] for c in comps])
    from .texsub import has_subscript, subscript_member

    if isinstance(t, ObjectType) and has_subscript(t, name):
        return subscript_member(cg, v, name, pos)
    raise cg.err(pos, f"'{name}': invalid subscript on '{t}'", 3018)


def swizzle_indices(cg: CodegenContext, t: NumType, name: str, pos) -> list[int]:
    if t.shape == "m":
        import re

        parts = re.findall(r"_m([0-3])([0-3])|_([1-4])([1-4])", name)
        if not parts or "".join(("_m" + a + b) if a else ("_" + c + d) for a, b, c, d in parts) != name or \
                len(parts) > 4 or len({bool(p[0]) for p in parts}) > 1:  # at most 4, one naming style
            raise cg.err(pos, f"invalid matrix swizzle '{name}'", 3018)
        out = []
        for a, b, c, d in parts:
            r, col = (int(a), int(b)) if a else (int(c) - 1, int(d) - 1)
            if r >= t.rows or col >= t.cols:
                raise cg.err(pos, f"invalid matrix swizzle '{name}'", 3018)
            out.append(r * t.cols + col)
        return out
    # one naming set per swizzle, the position set xyzw or the colour set rgba, never both (MicrosoftDocs
    # direct3dhlsl "Per-Component Math Operations", reads and writes alike; DXC vector-syntax-mix records
    # fxc's X3018 "invalid subscript" for 'xgba' and 'rgbx')
    if len(name) > 4 or not (set(name) <= set("xyzw") or set(name) <= set("rgba")):
        raise cg.err(pos, f"invalid subscript '{name}'", 3018)
    comps = [_SWZ[ch] for ch in name]
    if any(c >= t.n for c in comps):
        raise cg.err(pos, f"invalid subscript '{name}'", 3018)
    return comps


def out_of_bounds(cg: CodegenContext, pos, count: int) -> int:
    """A literal index past the end of a numeric array, matrix or vector (X3504 "array index out of bounds").

    d3dcompiler_47 10.1 finds it after its type check of the whole file (session 39, helper MUT): ``p[5][1]``
    of a float4 is X3121 (``p[5]`` is typed as a float, which takes no index), ``p[5] + undefined`` X3004,
    ``float3(p[5], 1, 2)`` returned as a float4 X3017, a type error in a function nothing calls first too; a
    double below shader model 5 (X3651) still comes before it, an uninitialised read (X4000) after. So the
    error waits in ``cg.deferred_oob_error`` (compiler.py raises it after the type rules) and the index names
    the last element, a stand-in that keeps the expression's type. Inside a loop being unrolled the error is
    raised at once (``cg.strict_bounds``): unroll.py ends a literal loop's copies on it."""
    defer_simplifier_error(cg, cg.err(pos, "array index out of bounds", 3504))
    return max(count - 1, 0)


def index(cg: CodegenContext, v: Val, idx_node: A.Node, pos, read: bool = False, store: bool = False) -> Val:
    """``v[idx_node]``; ``read``: a read of a double value held in registers; ``store``: the element of a resource
    array a store writes through (assign.lvalue).

    fxc refuses a run-time index into such a double vector or matrix (X3512 "index for an array of complex types
    containing doubles must be a literal expression"; d3dcompiler_47 10.1 under Wine, session 39 GEN): a local, a
    static, a constant-buffer member, a struct field, a swizzle, a call's or an operator's result, a cast of a
    double. Not refused: a cast of a float value (``((double2)f)[i]``: fxc indexes the float value first), a value
    of a structured buffer (``sb[k][i]``, ``sb[k].d[i]``: indexed in memory, memaccess.mem_index, whose call passes
    no ``read``), an array of doubles, an index whose every bit fxc's simplifier knows (``v[(u.x * 2) & 1]``:
knownbits.known_index). A write (``v[i] = x``) is X3500 first (assign.py passes no ``read``)."""
    t = v.type
    if isinstance(v.obj, tuple) and v.obj and v.obj[0] == "stream":  # (a stream parameter's wrapper: gs.py)
        from .gs import stream_part

        return stream_part(cg, v, None, pos)
    if isinstance(t, ObjectType):
        from .memaccess import object_index

        return object_index(cg, v, idx_node, pos)
    if objects.is_ref(v):
        return objects.element(cg, v, expr(cg, idx_node), pos)
    if isinstance(v.obj, tuple) and v.obj and v.obj[0] == "cbarray":
        from .sm51 import cb_array_index

        return cb_array_index(cg, v, expr(cg, idx_node), pos)
    if isinstance(v.obj, tuple) and v.obj and v.obj[0] in ("resarray", "resrow"):
        nonuniform = isinstance(idx_node, A.Call) and idx_node.name == "NonUniformResourceIndex" and \
            (cg.major, cg.minor) >= (5, 1) and len(idx_node.args) == 1 and idx_node.name not in cg.funcs
        if nonuniform:
            idx_node = idx_node.args[0]
        iv = expr(cg, idx_node)
        if isinstance(iv.type, NumType) and iv.type.shape != "s":
            # a resource array's index is a scalar as any array's (below): int1, int2, int1x1, a cast literal's
            # ``(int1x1)1`` are X3120 before the literal rule's X3512 (d3dcompiler_47 10.1, session 47, 5.0 and 5.1)
            raise cg.err(pos, "invalid type for index - index must be a scalar", 3120)
        if nonuniform and iv.const:
            nonuniform = False  # a literal index names one element: nothing to mark
        if (cg.major, cg.minor) >= (5, 1) and isinstance(iv.type, NumType) and (not iv.const or v.obj[0] == "resrow"):
            from .sm51 import dynamic_index

            return dynamic_index(cg, v, iv, pos, nonuniform)
        if not iv.const or not isinstance(iv.type, NumType):
            # below 5.1 a run-time index into a resource array is X3512 (a read, an Interlocked destination), a
            # store through it X3500 "array reference cannot be used as an l-value; not natively addressable":
            # after the file's type rules, with a double's and the legacy targets' refusals in evaluation order
            # (d3dcompiler_47 10.1, session 45: a later X3004 first, ``double d; tex[n][c] = (float)d`` X3651, a
            # loop's X3511 after it last); generation goes on with the first element (uintrange.defer). In a loop
            # it is raised at once: unrolling the loop may make the index a literal (unroll.needs_unroll)
            if any(lp.get("kind") == "loop" for lp in cg.loops):
                raise cg.err(pos, "resource array index must be a literal expression", 3512)
            uintrange.defer(cg, cg.err(pos, "array reference cannot be used as an l-value; not natively addressable",
                                       3500) if store else cg.err(pos, "resource array index must be a literal "
                                                                       "expression", 3512))
            iv = _val(NumType(UINT), [imm(0)])
        i = cg.convert(iv, NumType(UINT), pos, uint_check=False).slots[0][3]  # a float index names element int(value)
        inner = objects.leaf_count(t.elem) if isinstance(t, ArrayType) else 1
        if isinstance(t, ArrayType) and t.count == 0 and (cg.major, cg.minor) >= (5, 1):  # unbounded (sm51.py)
            from .sm51 import unbounded_index

            return unbounded_index(cg, v, i, pos)
        if i * inner >= len(v.obj[1]):
            raise cg.err(pos, "array index out of bounds", 3504)
        if isinstance(t, ArrayType) and isinstance(t.elem, ArrayType):  # t[i] of t[n][m]: a row of bindings
            return _val(t.elem, [], ("resarray", v.obj[1][i * inner:(i + 1) * inner]))
        r = v.obj[1][i]
        return _val(r.type, [], r)
    if v.obj is not None and isinstance(v.obj, tuple) and v.obj[0] in ("tgsm", "mem"):
        from .memaccess import mem_index

        return mem_index(cg, v, idx_node, pos)
    iv = expr(cg, idx_node)
    voidvals.check_index(cg, iv, pos)  # a void or object index
    if isinstance(iv.type, NumType) and iv.type.shape != "s":  # even int1 (vector-indexing.shader_test), int1x1
        raise cg.err(pos, "invalid type for index - index must be a scalar", 3120)
    iv = cg.convert(iv, NumType(UINT), pos, uint_check=False)
    if isinstance(t, ArrayType):
        es = t.elem.slots
        if iv.const:
            i = iv.slots[0][3]
            if i >= t.count:
                i = out_of_bounds(cg, pos, t.count)
            return _val(t.elem, v.slots[i * es:(i + 1) * es])
        from .globalflags import note_min_precision_array

        note_min_precision_array(cg, t)
        return dynamic_element(cg, v, t.elem, t.count, iv.slots[0], pos)
    if isinstance(t, NumType):
        if read and t.base == DOUBLE and t.shape != "s" and not iv.const and known_index(cg, idx_node) is None:
            raise cg.err(pos, "index for an array of complex types containing doubles must be a literal expression",
                         3512)
        if t.shape == "m":
            rt = NumType(t.base, 1, t.cols, "v")
            rw = rt.slots  # a row's slots (a double element is a slot pair)
            if iv.const:
                r = iv.slots[0][3]
                if r >= t.rows:
                    r = out_of_bounds(cg, pos, t.rows)
                return _val(rt, v.slots[r * rw:(r + 1) * rw])
            if t.base == FLOAT:  # fxc's identity-weighted sum of the rows (dynpick.py)
                row = matrix_row(cg, v.slots, t.rows, t.cols, iv.slots[0])
                if row is not None:
                    return _val(rt, row)
            return dynamic_pick(cg, v.slots, t.rows, rw, iv.slots[0], rt)
        if t.shape == "s":
            raise cg.err(pos, "array, matrix, vector, or indexable object type expected in index expression", 3121)
        et = NumType(t.base)
        w = 2 if t.base == DOUBLE else 1  # a double element is a slot pair
        if iv.const:
            i = iv.slots[0][3]
            if i >= t.n:
                i = out_of_bounds(cg, pos, t.n)
            return _val(et, v.slots[i * w:(i + 1) * w])
        if t.base == FLOAT:  # fxc's dot product with an identity row (dynpick.py)
            comp = vector_component(cg, v.slots, iv.slots[0])
            if comp is not None:
                return _val(et, comp)
        return dynamic_pick(cg, v.slots, t.n, w, iv.slots[0], et, pos)
    raise cg.err(pos, f"cannot index '{t}'", 3121)


def _has_side_effects(e: A.Node) -> bool:
    """Whether evaluating ``e`` changes anything: an assignment, ``++``/``--`` or a call (a user function
    may write out parameters or memory; methods like Consume or IncrementCounter do)."""
    if isinstance(e, (A.Assign, A.Postfix, A.Call, A.MethodCall)):
        return True
    if isinstance(e, A.Unary) and e.op in ("++", "--"):
        return True
    for name in ("a", "b", "index", "cond", "value", "target"):
        sub = getattr(e, name, None)
        if isinstance(sub, A.Node) and _has_side_effects(sub):
            return True
    items = getattr(e, "items", None) or getattr(e, "args", None)
    return any(isinstance(x, A.Node) and _has_side_effects(x) for x in items or ())


def _target_has_side_effects(target: A.Node) -> bool:
    """Whether evaluating an l-value's indices changes anything (``a[i++]``, ``s.m[f()]``)."""
    while isinstance(target, (A.Index, A.Member)):
        if isinstance(target, A.Index) and _has_side_effects(target.index):
            return True
        target = target.a
    return False


def _is_nonuniform_mark(cg: CodegenContext, e: A.Node) -> bool:
    """``NonUniformResourceIndex(i)`` as a 5.1 resource-array index ("Resource binding in HLSL"), not a user
    function of that name."""
    return (isinstance(e, A.Call) and e.name == "NonUniformResourceIndex" and len(e.args) == 1
            and (cg.major, cg.minor) >= (5, 1) and e.name not in cg.funcs)


@contextmanager
def _indexed_resource(cg: CodegenContext, e: A.Index):
    """fxc's X3669 for a subscript (read or written) of a resource that run-time control flow picks (a local
    assigned in both arms of an ``if``, ``c ? a : b``): "Resources being indexed cannot come from conditional
    expressions, they must come from literal expressions." (d3dcompiler_47 10.1, session 35; DXC's selectObj*,
    09-if-stmt-select-fail). Other uses of such a resource keep objects.py's internal X8000 (fxc 10.1 fails a
    Texture2D Load or GetDimensions of one so). A subscript of an object variable never assigned is X3690
    "Resource being indexed is uninitialized." (``RWBuffer<float> l; l[i] = 1;``, a Buffer's or a
    StructuredBuffer's read, ``InterlockedAdd(l[i], 1)``; its Load or GetDimensions stays X4000: d3dcompiler_47
    10.1, session 44, REFL)."""
    try:
        yield
    except HlslError as exc:
        if exc.code in (3500, 8000) and "run-time control flow" in exc.message:
            raise cg.err(span_pos(e) or e.pos, "Resources being indexed cannot come from conditional expressions, "
                         "they must come from literal expressions.", 3669) from None
        if objects.unassigned_read(exc):
            raise cg.err(span_pos(e) or e.pos, "Resource being indexed is uninitialized.", 3690) from None
        raise


def _designating(target: A.Node) -> bool:
    """Whether an l-value is (a member or element of) a prefix step or an assignment (:func:`pin_indices`)."""
    while isinstance(target, (A.Member, A.Index)):
        target = target.a
    return isinstance(target, A.Assign) or (isinstance(target, A.Unary) and target.op in ("++", "--"))


