"""Function calls: resolution among the visible overloads and inlining of user functions (in/out/inout copies,
early returns as a break out of a one-pass loop); intrinsics go to :mod:`.intrinsics`, methods to :mod:`.classes`.
Split from :mod:`.exprs`, which lowers the call expressions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import NotSupportedError
from . import ast as A
from . import objects, shaderobj
from .assign import assign_to, designated_argument
from .diagnostics import HlslError
from .exprs import _val, expr
from .operands import imm
from .samplerarg import NO_SAMPLER
from .types import SAMPLER_KINDS, VOID, NumType, ObjectType, StructType

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val


# --- calls ---------------------------------------------------------------------------------------------
def call(cg: CodegenContext, e: A.Call) -> Val:
    if e.name == "CompileShader" and cg.func_ctx and shaderobj.object_name(e) is not None:
        from .check import uniform_count_error
        from .intrinsics import is_intrinsic

        undeclared = shaderobj.undeclared_operand(e, lambda n: any(n in sc for sc in cg.scopes) or n in cg.globals or
                                                  n in cg.funcs or is_intrinsic(n), cg.funcs)
        if undeclared is not None:  # (looked up as fxc parses, before the literal's X3064)
            raise undeclared
        uniform_count_error(cg, e)
        raise cg.err(e.pos, "object literals are not allowed inside functions", 3064)  # (shaderobj.py)
    # inside a method Method() means this.Method(); Base::Method() (parsed only for a class's non-static method)
    # needs that context wherever it is written (outside a method: X3000, classes.qualified_call)
    if "::" in e.name or (cg.func_ctx and "class" in cg.func_ctx[-1]):
        from .classes import try_call

        mv = try_call(cg, e)
        if mv is not None:
            return mv
    if e.name in cg.funcs:
        try:
            return inline_call(cg, e)
        except HlslError as exc:
            # a user function named like an intrinsic only overloads it (fxc falls back to the intrinsic)
            from .intrinsics import is_intrinsic

            if exc.code != 3013 or not is_intrinsic(e.name):
                raise
    from .parse_effects import _STATE_FUNCS

    if e.name in _STATE_FUNCS:
        raise _state_function_call(cg, e, _STATE_FUNCS[e.name])
    from .intrinsics import intrinsic

    try:
        return intrinsic(cg, e.name, e.args, e.pos)
    except HlslError as exc:
        _range_undeclared(exc, e)
        raise


def _state_function_call(cg: CodegenContext, e: A.Call, counts: tuple[int, int]) -> HlslError:
    """An effect pass's state function (``SetPixelShader(…)``, ``SetBlendState(…)``, as spelled, no user function
    of that name) called in a function body: d3dcompiler_47 10.1 type-checks the arguments (``nothere`` X3004;
    ``NULL`` and a state-object global are values there), then refuses a wrong argument count ("parameter count
    mismatch (SetPixelShader)") and otherwise the call ("this FX API is not available in this part your program
    (SetPixelShader)"), both X3000, in order with the body's other errors, in functions nothing calls too, at the
    fx targets and the shader targets alike (session 40, EFX; a lower-case ``setpixelshader`` is X3004)."""
    objects_ = {d.name for d in cg.prog.decls if isinstance(d, A.VarDecl) and not isinstance(d.type, NumType)}
    for a in e.args:
        if isinstance(a, A.Ident) and (a.name == "NULL" or a.name in objects_ and a.name not in cg.globals and
                                       not any(a.name in sc for sc in cg.scopes)):
            continue  # (the effect's state objects have no value this compiler makes in a shader)
        expr(cg, a)
    exc = cg.err(e.pos, f"this FX API is not available in this part your program ({e.name})", 3000)
    if not counts[0] <= len(e.args) <= counts[1]:
        exc = cg.err(e.pos, f"parameter count mismatch ({e.name})", 3000)
    from .exprs import span_pos

    exc.end = span_pos(e).end
    return exc


def _range_undeclared(exc: HlslError, e: A.Call) -> None:
    """fxc's X3004 for a call of an unknown function names the function and spans the whole call (RPCS3 issue
    1388: ``(81,9-50): error X3004: undeclared identifier 'textureLod'``; Kode/krafix issue 44 the wording)."""
    if exc.code == 3004 and exc.message == f"undeclared identifier '{e.name}'" and \
            (exc.line, exc.col) == (e.pos.line, e.pos.col):
        from .exprs import span_pos

        exc.end = span_pos(e).end


def _sig(f: A.FuncDef) -> tuple:
    from .overload import signature

    return signature(f)


def inline_call(cg: CodegenContext, e: A.Call) -> Val:
    # only declarations (prototypes or definitions) that precede the calling function are visible
    here = cg.func_index_stack[-1] if cg.func_index_stack else 1 << 30
    visible = [f for f in cg.funcs[e.name] if cg.func_order.get(id(f), 0) <= here]
    if not visible:
        exc = cg.err(e.pos, f"undeclared identifier '{e.name}'", 3004)
        _range_undeclared(exc, e)
        raise exc
    defs = {_sig(f): f for f in cg.funcs[e.name] if f.body is not None}
    sigs: dict[tuple, A.FuncDef] = {}
    for f in visible:
        sigs.setdefault(_sig(f), f)
    cands = list(sigs.values())
    args = []
    arg_nodes = list(e.args)  # out/inout arguments with their side-effecting indices evaluated once
    double_before = cg.deferred_double_error  # a double parameter's X3651 comes before its arguments' (below)
    from .classes import interface_arg, is_interface_type

    for i, a in enumerate(e.args):
        if any(i < len(f.params) and is_interface_type(f.params[i].type) for f in cands):
            args.append(interface_arg(cg, a))  # an interface pointer (or class instance) passes by reference
            continue
        if any(i < len(f.params) and ("out" in f.params[i].mods or "inout" in f.params[i].mods) for f in cands):
            # copied back after the call to the element named at the call: `f(a[k++])` steps k once and
            # `f(k, a[k])` with an inout k writes a[k] of k's value before the call
            a = arg_nodes[i] = designated_argument(cg, a)
        # an out-only argument is never read: its (dead) evaluation must not count as a typed UAV load
        out_only = any(i < len(f.params) and "out" in f.params[i].mods and "inout" not in f.params[i].mods
                       for f in cands)
        cg.uav_load_ok += out_only
        try:
            if cands and all(i < len(f.params) and isinstance(f.params[i].type, ObjectType) and
                   f.params[i].type.kind in SAMPLER_KINDS for f in cands):
                # a sampler that names no one sampler passes as one never assigned: its use is X3538 (samplerarg.py)
                from .samplerarg import legacy_sampler_value

                args.append(legacy_sampler_value(cg, a))
            else:
                args.append(expr(cg, a))
        finally:
            cg.uav_load_ok -= out_only
    from .overload import out_argument_first, resolve

    try:
        chosen = resolve(cg, e, cands, [a.type for a in args], arg_nodes)  # among those visible here (X3013 / X3067)
    except HlslError as exc:  # an unwritable out argument of the overload judged comes first (X3025)
        from .intrinsics import is_intrinsic

        judged = exc.code == 3017 or exc.code == 3013 and not is_intrinsic(e.name)
        raise (out_argument_first(cg, e, cands[-1], arg_nodes, [a.type for a in args]) if judged else None) \
            or exc from None
    out_err = out_argument_first(cg, e, chosen, arg_nodes)
    if out_err is not None:
        raise out_err
    f = defs.get(_sig(chosen))
    if f is None:
        return missing_implementation(cg, e, chosen)
    from .overload import entry_definition

    entry = entry_definition(cg)
    if f is entry or any(c.get("fdef") is f for c in cg.func_ctx):  # the same overload, not just the name
        err = cg.err(e.pos, f"'{e.name}': recursive functions are not allowed", 3500)
        err.notimpl = True
        raise err
    from .doubles import declares_double

    if double_before is None and declares_double(cg, [f.ret, *(p.type for p in f.params)]):
        # the call is reached before its arguments: its X3651 replaces an argument's X3684 (doubles.check_declared)
        cg.deferred_double_error = None
        from .doubles import check_declared
        from .types import DOUBLE, NumType

        check_declared(cg, NumType(DOUBLE), e.pos)
    from .check import check_duplicate_attribute, check_function

    check_function(cg, f)
    check_duplicate_attribute(cg, f)  # X3524 on a compiled function's first declaration (session 38)
    from .uncalled import func_key

    cg.called_funcs.add(func_key(f))
    if cg.level9:
        from .precision import note_called_overload

        note_called_overload(cg, f)  # an overload's min-precision parameter: X3703 once chosen (session 42)
    scope: dict = {}
    copy_back: list[tuple[A.Node, Val, bool]] = []
    for i, p in enumerate(f.params):
        if i < len(args):
            a = args[i]
        else:
            a = cg.init_value(_default(cg, f, i), p.type, e.pos)
        if is_interface_type(p.type):
            if "out" in p.mods or "inout" in p.mods:  # "HLSL errors and warnings" X3118 (wording inferred)
                raise cg.err(e.pos, f"'{p.name}': interfaces can only be inputs", 3118)
            scope[p.name] = a  # the pointer (or the class instance) itself: calls through it dispatch on it
            continue
        if (isinstance(p.type, ObjectType) or objects.holds_objects(p.type)) and i < len(args) and \
                ("out" in p.mods or "inout" in p.mods):
            _check_object_out_argument(cg, e, arg_nodes[i])
        if isinstance(p.type, ObjectType) and isinstance(a.type, ObjectType) and \
                (a.type.kind == "null" or a.obj is NO_SAMPLER):
            a = objects.new_local(cg, p.type)  # NULL: an object never assigned (samplerarg.py)
        if isinstance(p.type, ObjectType) and p.type.kind.endswith("Stream") and "inout" not in p.mods and \
                "out" not in p.mods and "uniform" not in p.mods and "const" not in p.mods:
            # a called function's stream parameter must be inout, as the entry's (d3dcompiler_47 10.1, session 46:
            # ``void emit(TriangleStream<D> s, …)`` called is X3514; uncalled, ``out`` or ``uniform`` it compiles)
            raise cg.err(p.pos, f"'{f.name}': stream input parameter '{p.name}' must be an inout parameter ", 3514)
        if isinstance(p.type, ObjectType):
            # a const object parameter is read-only through operator[] (X3025, assign.lvalue): its own Val, not
            # the argument's (session 39 ACC)
            scope[p.name] = _readonly(a) if "const" in p.mods else a
            continue
        if objects.holds_objects(p.type):  # a struct/array parameter carrying objects: copy its bindings
            scope[p.name] = local = objects.new_local(cg, p.type)
            objects.store(cg, local, a, e.pos)
            local.readonly = "const" in p.mods
            continue
        local = _val(p.type, cg.alloc_slots(p.type.slots, var=True))
        if "out" not in p.mods or "inout" in p.mods:
            arg_slots = cg.convert(a, p.type, e.pos, context=e.name).slots
            if cg.d3d9 or cg.level9:
                from .doubles import holds_double, read_double

                if holds_double(p.type):  # a double parameter takes its argument (doubles.read_double)
                    read_double(cg, e.pos)
            cg.store(local.slots, arg_slots)
            if len(arg_slots) == 1 and cg.stage == "cs":
                from .memaccess import thread_index_chain

                if thread_index_chain(cg, arg_slots[0]) is not None:  # SV_GroupIndex passed on (cs_4_x rule)
                    cg.thread_aliases[local.slots[0]] = arg_slots[0]
        if "out" in p.mods or "inout" in p.mods:
            _check_output_shape(cg, e, p, args[i] if i < len(args) else None)
            copy_back.append((arg_nodes[i], local, "inout" not in p.mods))
            if "inout" not in p.mods:
                # an out parameter holds nothing until the body writes it: computing with a component before that
                # is X4000 as for a local declared without an initialiser (d3dcompiler_47 10.1 under Wine, session
                # 38: ``void f(out float4 a) { a += 1; }`` is "variable 'a' used without having been completely
                # initialized"; uninit.check_uninitialized_reads)
                cg.uninit_locals.append((p.name, p.pos, list(local.slots)))
        if "const" in p.mods:  # a const parameter (ConstantBuffer<S> ones included, parse_sm51) is read-only, an
            local.readonly = True  # ``inout const`` one too (d3dcompiler_47 10.1, session 47: its write is X3025)
        local.param = True
        scope[p.name] = local
    # a function returning objects (alone, in a struct or an array) returns their bindings (objects.store)
    result_obj = objects.new_local(cg, f.ret) if f.ret is not VOID and objects.holds_objects(f.ret) else None
    result = result_obj.slots if result_obj is not None else \
        cg.alloc_slots(f.ret.slots, var=True) if f.ret is not VOID else []
    from .classes import InterfaceType

    # a function returning an interface returns the compile-time name of a pointer or instance (ifacelocals)
    result_iface = None
    if isinstance(f.ret, InterfaceType):
        from .ifacelocals import result_record

        result_iface = result_record(cg, f.ret)
    body = f.body.stmts  # type: ignore[union-attr]
    early = _has_early_return(body)
    if early and result_obj is not None:  # returned objects must not bind inside the early-return loop
        from .tailret import tail_only, tailify

        moved = tailify(body)
        if moved is not None and tail_only(moved):
            body, early = moved, False
    ctx = {"ret": f.ret, "result": result, "tail": not early, "flag": None, "depth": len(cg.loops), "fdef": f,
           "result_obj": result_obj, "result_iface": result_iface}
    # in the type probe of a function nothing calls (uncalled.py) a call is checked (overload, arguments, out
    # copies) but the callee's body is not generated: its type errors do not depend on the caller (a parameter's
    # type is fixed), and that body is checked where it is compiled or by its own probe. Generating it in every
    # caller's probe made a file of small functions calling each other cost minutes (ProceduralMaterials.fx)
    probe_call = cg.probe_skip is not None and result_obj is None and result_iface is None
    saved_scopes = cg.scopes
    cg.scopes = [cg.scopes[0], scope]
    body_start = len(cg.code)
    try:
        if not probe_call:
            run_inlined_body(cg, body, ctx, early, e.name, cg.func_order.get(id(f), 0))
    finally:
        cg.scopes = saved_scopes
    if not probe_call:
        from .check import check_end_reachable

        check_end_reachable(cg, f, bool(ctx.get("done") or ctx.get("ended")))
        try:
            _check_outputs_written(cg, f, scope, body_start)
        except HlslError:
            # a copy-out's type rule comes before the body's X3508: ``ps(1.0f)`` of an ``out float o`` never
            # written is X3025 (d3dcompiler_47 10.1, session 47: DXC FunctionTest's AllowedInParamUsesClass)
            for node, local, out_only in copy_back:
                _copy_back(cg, node, local, e.pos, out_only)
            raise
    for node, local, out_only in copy_back:
        _copy_back(cg, node, local, e.pos, out_only)
    if result_obj is not None:
        return objects.resolve(cg, result_obj, e.pos, e.name)
    if result_iface is not None:
        if result_iface["val"] is None:
            raise cg.err(e.pos, f"'{e.name}': non-void functions must return a value", 3080)
        return result_iface["val"]
    from . import constprop as cp

    # a result the body left a known constant reads as one (an array index, a texel offset), as a local does
    return cp.known_value(cg, _val(f.ret, result))


def missing_implementation(cg: CodegenContext, e: A.Call, proto: A.FuncDef) -> Val:
    """A call whose overload (chosen among the declarations visible at the call: a later definition of another
    signature does not count, ``f(float)`` declared and ``f()`` defined after the caller is X3013 for ``f()``) has
    no definition in the file. d3dcompiler_47 10.1 (session 44, helper MUT) reports X3510 "function 'f' missing
    implementation" where its code generation meets the call -- after every type rule of the file (a later
    undeclared name, X3004; an uncalled function's X3017), after the resource rules of the deferred gate (X3683),
    after a double's or a legacy target's refusal met earlier (``(float)(1.0L)`` before the call is X3651, after it
    X3510), and before the later phases (a loop it cannot unroll, X4000, X4532); an uncalled function's or a folded
    branch's call is no error (the "Functions" page says only that a function is declared before it is used). The
    refusal is kept (``cg.deferred_call_error``, raised by compiler.py in that order) and the call reads as zeros."""
    from .classes import InterfaceType

    err = cg.err(e.pos, f"function '{e.name}' missing implementation", 3510)
    ret = proto.ret
    if isinstance(ret, (ObjectType, InterfaceType)) or ret is not VOID and objects.holds_objects(ret):
        raise err  # no zero value for objects: at once (d3dcompiler_47 10.1 reports it in the same phase)
    if cg.deferred_call_error is None and cg.deferred_double_error is None and cg.deferred_legacy_error is None:
        from .uintrange import stamp

        cg.deferred_call_error = stamp(cg, err)  # (met before or after a zero divisor's X4010: compiler.py)
    if ret is VOID:
        return _val(VOID, [])
    return expr(cg, A.Cast(e.pos, ret, A.Literal(e.pos, 0, "lit_int")))


def _check_object_out_argument(cg: CodegenContext, call: A.Call, node: A.Node) -> None:
    """An out / inout parameter holding objects takes no uniform global object -- the object, an element of an
    array of them (``f(ta[1])``) or the array (``f(ta)``): d3dcompiler_47 10.1's X3025 "out parameters require
    l-value arguments (given argument is implicitly const, such as a global)" at the call, at 4.x and 5.0, unless
    /Gec makes globals writable (session 37, recorded in tests/test_rules_hlsl_fxc_objects_s37.py; the
    "Functions" page says only that out parameters are copied back)."""
    from ...headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
    from .assign import _uniform_object, refuse_uav_rebinding
    from .constprop import root_name

    if cg.requested_flags & D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY:
        return
    name = root_name(node)
    if name is not None and _uniform_object(cg, name, cg.lookup(name, node.pos)):
        refuse_uav_rebinding(cg.lookup(name, node.pos))
        raise cg.err(call.pos, "out parameters require l-value arguments (given argument is implicitly const, such "
                               "as a global)", 3025)


def _check_output_shape(cg: CodegenContext, e: A.Call, p: A.Param, arg: Val | None) -> None:
    """An out/inout argument of a number type takes the parameter's component count exactly: d3dcompiler_47
    10.1 (session 35) fails a float argument for an out float4 parameter and a float4 one for an out float
    (X3017 "cannot convert output parameter"), where an in parameter would promote or truncate; float, float1
    and float1x1, or float4 and float2x2, stay interchangeable."""
    if arg is None or not (isinstance(p.type, NumType) and isinstance(arg.type, NumType)) or p.type.n == arg.type.n:
        return
    how = "cannot implicitly convert" if 1 < p.type.n < arg.type.n else "cannot convert"
    raise cg.err(e.pos, f"'{e.name}': {how} output parameter from '{p.type}' to '{arg.type}'", 3017)


def _check_outputs_written(cg: CodegenContext, f: A.FuncDef, scope: dict, start: int) -> None:
    """fxc's X3508 "'f': output parameter 'g' not completely initialized" (MicrosoftDocs "HLSL errors and
    warnings"): d3dcompiler_47 10.1 (session 35) fails a call of a function whose body writes no value to some
    component of an ``out`` parameter -- a scalar never assigned, ``g.x`` alone of a float2, ``s.a`` alone of a
    struct, an assignment after ``return`` -- while a write on one path (``if (b) g = 1;``) is enough; an array
    parameter is not judged (``g[0] = 1;`` alone passes), nor an ``inout`` one, nor a function nobody calls.
    Judged here on the inlined body: a component is written when an instruction of the body has it as its
    destination, except a copy of a component that holds nothing yet -- ``o.x = 1; o.yzw = o.xyz;`` leaves
    ``o.z`` and ``o.w`` undefined (X3508 in fxc 10.1, session 38; ``o.yzw = o.xxx`` writes them all)."""
    from .types import ArrayType

    written: set[tuple[int, int]] | None = None
    for p in f.params:
        if "out" not in p.mods or "inout" in p.mods or isinstance(p.type, (ArrayType, ObjectType)):
            continue
        local = scope.get(p.name)
        slots = getattr(local, "slots", None)
        if not slots or not all(isinstance(s, tuple) and len(s) == 4 and s[0] == "r" and s[2] is None for s in slots):
            continue
        if written is None:
            written = _defined_writes(cg.code[start:], _undefined_outputs(f, scope))
        if any((s[1][0], s[3]) not in written for s in slots):
            pos = p.name_pos or p.pos
            if _library_export(cg, f):
                # an exported library function's out parameter is a top-level output, as an entry point's: the
                # warning X3578, and the library compiles (d3dcompiler_47 10.1 under Wine, session 48: lib_4_0,
                # lib_4_1, lib_5_0; the level-9 libraries' functions are open)
                cg.warn(pos, 3578, f"Output value '{p.name}' is not completely initialized")
                continue
            raise HlslError(pos.file, pos.line, pos.col, 3508,
                            f"'{f.name}': output parameter '{p.name}' not completely initialized")


def _library_export(cg: CodegenContext, f: A.FuncDef) -> bool:
    """Whether ``f`` is an exported function compiled for a shader-model-4/5 library (library.py's wrapper)."""
    from .library import ENTRY

    return cg.entry == ENTRY and "export" in f.mods and cg.level9 is None


def _undefined_outputs(f: A.FuncDef, scope: dict) -> set[tuple[int, int]]:
    """The temp components of ``f``'s out-only parameters: undefined until the body writes them."""
    out: set[tuple[int, int]] = set()
    for p in f.params:
        if "out" in p.mods and "inout" not in p.mods:
            for s in getattr(scope.get(p.name), "slots", None) or []:
                if isinstance(s, tuple) and len(s) == 4 and s[0] == "r" and s[2] is None:
                    out.add((s[1][0], s[3]))
    return out


def _defined_writes(code: list, undefined: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The temp components ``code`` writes with a value, in program order: a plain copy of a component still
    undefined (``undefined``: the out parameters' own, and the copies of them so far) defines nothing."""
    from .optimize import _copy_slots, _shape, _writes_of

    undefined = set(undefined)
    written: set[tuple[int, int]] = set()
    for ins in code:
        moved = _copy_slots(ins)
        if moved is not None:
            t = ins.args[0].idx[0]
            empty = {(t, c) for c, src in moved if src[0] == "r" and (src[1][0], src[3]) in undefined}
            for c, _src in moved:
                if (t, c) in empty:
                    undefined.add((t, c))
                    written.discard((t, c))
                else:
                    undefined.discard((t, c))
                    written.add((t, c))
            continue
        for w in _writes_of(ins, _shape(ins)):
            undefined.discard(w)
            written.add(w)
    return written


def _copy_back(cg: CodegenContext, node: A.Node, local: Val, pos, out_only: bool) -> None:
    """Store an out/inout parameter's value into the argument. Through an out-only argument's converting
    cast, fxc converts the value back into the variable under the cast: d3dcompiler_47 10.1 (session 35)
    compiles ``int x; f((float)x);`` for ``f(out float o)`` as ``x = (int)o`` (``ftou`` for a uint), and
    ``(float)(int)x`` alike -- only while the variable holds no value yet: once written (``int x = 0;``, ``x =
    ui;``, ``float4 r = 0; f((int)r.y)``) the cast is X4555 "cannot use casts on l-values", an out or an inout
    argument alike, after the type rules (session 47, :func:`_cast_of_defined`); an inout argument through one of
    a variable never written is its read's X4000."""
    while True:
        try:
            assign_to(cg, node, local, pos)
            return
        except HlslError as exc:
            if exc.code == 3025 and _vector_construct(node):
                _copy_back_construct(cg, node, local, pos, out_only, exc)
                return
            if not (exc.code == 3025 and isinstance(node, A.Cast) and isinstance(node.type, NumType)):
                raise
            if not out_only and not _numeric_lvalue(cg, node.a):
                raise  # (an inout struct seen as a vector stays X3025 here; fxc 10.1 compiles ``fn((float4)s)``)
            if _cast_of_defined(cg, node.a):
                from .uintrange import defer

                defer(cg, cg.err(node.pos, "cannot use casts on l-values", 4555))
            node = node.a


def _vector_construct(node: A.Node) -> bool:
    """``node`` is a scalar or vector constructor of a single-word base (``int(r)``, ``float2(r.x, q)``)."""
    from .types import DOUBLE

    t = getattr(node, "type", None)
    return isinstance(node, A.Construct) and isinstance(t, NumType) and not isinstance(t, StructType) and \
        t.shape in ("s", "v") and t.base != DOUBLE


def _argument_width(cg: CodegenContext, a: A.Node) -> tuple[NumType, int] | None:
    """The type and component count an argument of an out argument's constructor designates: a cast's or a
    constructor's own type, else the numeric storage it names (None where it names none)."""
    from .assign import lvalue
    from .types import DOUBLE

    if isinstance(a, (A.Cast, A.Construct)):
        t = a.type
    else:
        try:
            lv = lvalue(cg, a)
        except HlslError:
            return None
        t = lv[0] if isinstance(lv, tuple) and len(lv) == 2 and isinstance(lv[1], list) else None
    if not isinstance(t, NumType) or isinstance(t, StructType) or t.base == DOUBLE or t.shape == "m":
        return None
    return t, t.n


def _copy_back_construct(cg: CodegenContext, node: A.Construct, local: Val, pos, out_only: bool,
                         exc: HlslError) -> None:
    """An out / inout argument written through a constructor (``f(int(r))``, ``h(float2(r.x, q))``): fxc 10.1
    reads it as a cast of each argument (session 49 probes): each argument names storage (a variable, member,
    element, swizzle, or a cast / constructor of one; ``int(r + 1)``, ``int(1)`` stay X3025) and takes its
    components of the value back, converted; an argument of another base type that holds a value the program
    wrote before the call is X4555 "cannot use casts on l-values" (as :func:`_copy_back`'s cast: ``float4 r = 0;
    f(int(r.x))``, ``int2 r = 0; h(float2(r.x, r.y))``; ``float r; f(int(r))`` compiles, ``r`` = the value), and
    a uniform global of another base type too (``float k; f(int(k))``). A uniform global of the same type
    (``int k; f(int(k))``) fxc writes into a copy of the global: not built, X3025 here."""
    from .constprop import root_name
    from .uintrange import defer

    parts = [_argument_width(cg, a) for a in node.args]
    if any(p is None for p in parts):
        for a, p in zip(node.args, parts, strict=True):
            name = root_name(a)
            if p is None and name is not None and not any(name in sc for sc in cg.scopes[1:]) and \
                    getattr(_global_type(cg, name), "base", node.type.base) != node.type.base:
                raise cg.err(node.pos, "cannot use casts on l-values", 4555) from None
        raise exc
    if sum(n for _t, n in parts) != node.type.n:
        raise exc
    off = 0
    for a, (t, n) in zip(node.args, parts, strict=True):
        sub = _val(NumType(node.type.base) if n == 1 else NumType(node.type.base, 1, n, "v"),
                   list(local.slots[off:off + n]))
        off += n
        if t.base != node.type.base and _cast_of_defined(cg, a):
            defer(cg, cg.err(node.pos, "cannot use casts on l-values", 4555))
        _copy_back(cg, a, sub, pos, out_only)


def _global_type(cg: CodegenContext, name: str):
    """The declared type of the global ``name`` (None where none)."""
    from .layout import global_var_decls

    return next((d.type for d in global_var_decls(cg.prog) if d.name == name), None)


def _numeric_lvalue(cg: CodegenContext, operand: A.Node) -> bool:
    """Whether ``operand`` designates numbers (a scalar, vector or matrix variable or part of one), not a struct."""
    from .assign import lvalue

    try:
        lv = lvalue(cg, operand)
    except HlslError:
        return False
    return isinstance(lv, tuple) and len(lv) == 2 and isinstance(lv[0], NumType) and not isinstance(lv[0], StructType)


def _cast_of_defined(cg: CodegenContext, operand: A.Node) -> bool:
    """Whether the variable under an out argument's cast holds a value the program wrote before the call: a
    literal component, or a temp component the code defines (uninit.defined_components)."""
    from .assign import lvalue
    from .uninit import defined_components

    try:
        lv = lvalue(cg, operand)
    except HlslError:
        return False
    slots = lv[1] if isinstance(lv, tuple) and len(lv) == 2 and isinstance(lv[1], list) else None
    if not slots:
        return True  # (memory or a picked element: written storage)
    defined = None
    for sl in slots:
        if not (isinstance(sl, tuple) and len(sl) == 4 and sl[0] == "r"):
            return True
        if defined is None:
            defined = defined_components(cg.code)
        if (sl[1][0], sl[3]) in defined:
            return True
    return False


def run_inlined_body(cg: CodegenContext, body: list[A.Node], ctx: dict, early: bool, key: str, func_index: int) -> None:
    """Generate an inlined function body (``key`` on the call stack, ``func_index`` bounding the functions
    it may call). With an early ``return`` the body runs inside a one-pass loop that the return breaks out
    of (ctx's flag tells the enclosing loops to leave too)."""
    cg.call_stack.append(key)
    ctx.setdefault("loops_base", len(cg.loops))  # the caller's loops: no break of the body leaves them (cgstmts)
    cg.func_ctx.append(ctx)
    cg.func_index_stack.append(func_index)
    try:
        _inlined_body(cg, body, ctx, early)
    finally:
        cg.func_ctx.pop()
        cg.call_stack.pop()
        cg.func_index_stack.pop()


def _inlined_body(cg: CodegenContext, body: list[A.Node], ctx: dict, early: bool) -> None:
    if not early:
        cg.block(body)
        return
    flag = cg.alloc_slots(1, var=True)[0]
    ctx["flag"] = flag
    cg.store([flag], [imm(0)])
    fence_start = len(cg.code)
    cg.emit("loop")
    ctx["fence"] = fence_start
    cg.loops.append({"kind": "loop", "step": None, "pre_continue": None, "fence": True})
    ctx["depth"] = len(cg.loops)
    cg.block(body)
    cg.loops.pop()
    cg.emit("break")
    cg.emit("endloop")
    if ctx.get("done"):
        # the body ran straight to its first return (cgstmts.ret): every write happened, and the objects it
        # returns were bound unconditionally (DXC's switch_res: ``Texture2D foo(uint i) { switch (i) { case
        # 5: return t5; … } }`` called as ``foo(5)``)
        if ctx.get("result_obj") is not None:
            objects.settle(cg, ctx["result_obj"])
        return
    from .constprop import forget_written

    forget_written(cg, fence_start)  # an early return may skip any write of the body


def _has_early_return(stmts: list[A.Node]) -> bool:
    from .codegen import walk

    for i, s in enumerate(stmts):
        last = i == len(stmts) - 1
        if isinstance(s, A.Return):
            if not last:
                return True
            continue
        if any(isinstance(n, A.Return) for n in walk(s)):
            return True
    return False


def _readonly(v: Val) -> Val:
    """A read-only view of an object argument bound to a ``const`` parameter (the argument's own Val stays as it
    is)."""
    from .codegen import Val

    return Val(v.type, v.slots, v.obj, v.lv, True, v.param)


def _default(cg: CodegenContext, f: A.FuncDef, i: int) -> A.Node:
    """Parameter ``i``'s default: the definition's, else its first prototype's (``int f(int a = 1);`` then
    ``int f(int a) { ... }`` and ``f()`` compile: d3dcompiler_47 10.1, session 41; was a Python error)."""
    from .overload import signature

    if f.params[i].default is not None:
        return f.params[i].default
    sig = signature(f)
    found = next((g.params[i].default for g in cg.funcs.get(f.name, ())
                  if g is not f and signature(g) == sig and g.params[i].default is not None), None)
    if found is None:
        raise NotSupportedError(f"'{f.name}': a call leaving out parameter '{f.params[i].name}', which no "
                                "declaration gives a default")
    return found
