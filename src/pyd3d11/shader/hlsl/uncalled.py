"""Type checks of functions the entry point never calls.

fxc checks every function body in the file, called or not (a call to an undeclared function or a
``noise(float2x2)`` in a function nothing calls still fails the compile); code generation here only
walks what the entry point reaches. After a successful compile, each function that was not inlined
is generated once more in a throw-away code generator, its parameters bound to values unknown at
compile time, and an error among the stage-independent type rules below fails the compile as fxc
would. Errors that depend on the stage, the shader model or the values passed (a discard outside a
pixel shader, an index out of range for a constant argument) are not fxc's to report for an uncalled
function, and neither are features this compiler does not build."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from . import ast as A
from .diagnostics import HlslError
from .regclass import register_file
from .types import (
    BUFFER_KINDS,
    PATCH_KINDS,
    RW_KINDS,
    SAMPLER_KINDS,
    STREAM_KINDS,
    TEXTURE_KINDS,
    VOID,
    ArrayType,
    ObjectType,
    Type,
    array_leaf,
)

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val

#: fxc errors that follow from the types alone (undeclared names, overloads, conversions, l-values,
#: subscripts, operator operand types)
TYPE_RULE_CODES = frozenset({
    3004,  # undeclared identifier
    3013,  # no matching overload / wrong argument count
    3014,  # incorrect number of arguments to a numeric-type constructor
    3017,  # cannot implicitly convert
    3018,  # invalid subscript
    3097,  # ``S::m`` of an instance member in a free function (fxc 10.1 in a function nothing calls too: session 46)
    3019,  # a condition that is no scalar (if / while / for / do; fxc 10.1 in dead code and uncalled functions too)
    3020,  # type mismatch / operator on a bool l-value
    3022,  # scalar, vector, or matrix expected
    3025,  # l-value specifies const object
    3088,  # the object type has no such method (fxc 10.1 reports it in functions nothing calls: session 35)
    3087,  # a method call on a value that is no object (fxc 10.1 in a function nothing calls too: session 41)
    3037,  # constructors only defined for numeric base types
    3064,  # object literals are not allowed inside functions (``compile ps_4_0 f()`` in a body: shaderobj.py)
    3067,  # ambiguous function call
    3082,  # int or unsigned int type required
    3120,  # invalid type for index
    3121,  # array, matrix, vector, or indexable object type expected in index expression
})
# not here: X3684 (modulo of doubles) and X3706 (signed division of min-precision integers) are fxc
# code-generation errors: DXC's scalar-operators-assign records fxc passing ``doubles %= floats`` and
# ``min16ints /= min16ints`` in a function nothing calls, and scalar-operators (the same operators in
# the entry point) records both as errors


#: messages of errors that name a stage or model restriction rather than a type rule
_STAGE_WORDS = ("model", "only valid in", " shaders", "profile", "not supported", "stage")


#: object parameters the probe gives a stand-in value (_param_value)
_STAND_IN_KINDS = TEXTURE_KINDS | RW_KINDS | BUFFER_KINDS | SAMPLER_KINDS | set(STREAM_KINDS) | PATCH_KINDS


def func_key(f: A.FuncDef) -> tuple:
    return (f.name, f.pos.file, f.pos.line, f.pos.col)


#: probe outcomes by (source key, function key): an effect compiles one file once per shader, and each compile
#: probes the same functions (the outcome depends on the source and settings only, not on the entry point)
_MEMO: dict[tuple, HlslError | None] = {}
#: the functions with a body, each with whether a probe models its parameters, by (source key, entry point where
#: a program hook edits it): a file compiled once per entry point lists them from one parse, not one per compile
_FUNCS: dict[tuple, list[tuple[tuple, bool]]] = {}


def check_uncalled(make_codegen: Callable[[str, int, int], CodegenContext], called: set[tuple],
                   memo_key: tuple | None = None, entry: str | None = None, hooked: bool = False,
                   functions: list[A.FuncDef] | None = None, types: list[A.Node] | None = None) -> None:
    """Raise the first type error of a function whose key is not in ``called`` (see the module doc).

    ``make_codegen(stage, major, minor)`` builds a fresh code generator over the same source. A probe
    runs as a ps_5_0 and as a cs_5_0 program — the stages that allow the most intrinsics and methods —
    and an error counts only when both report it (same code and line): what depends on the stage or
    model is left to the stage that calls the function.

    ``memo_key`` (the preprocessed source and the settings the probes depend on) lets a later compile of the
    same source reuse each function's outcome; not for functions named ``entry``, which a program hook may
    have edited for this compile (the effects compiler binds an entry's uniform parameters: ``hooked``).
    ``functions``: the file's function definitions as this compile parsed them (the same tokens give the same
    functions at every profile), instead of parsing the file again to list them. ``types``: its type declarations,
    whose classes' methods nothing calls are probed after the functions (_methods)."""
    funcs_key = None if memo_key is None else (memo_key, entry if hooked else None)
    listed = _FUNCS.get(funcs_key) if funcs_key is not None else None
    if listed is None:
        found = _functions(make_codegen) if functions is None else functions
        listed = [(func_key(f), _modelled(f)) for f in found if f.body is not None]
        if funcs_key is not None:
            if len(_FUNCS) > 256:
                _FUNCS.clear()
            _FUNCS[funcs_key] = listed
    probes = [key for key, modelled in listed if modelled and key not in called]
    cache: dict[str, object] = {}
    for key in probes:
        mk = None if memo_key is None or key[0] == entry else (memo_key, key)
        if mk is not None and mk in _MEMO:
            found = _MEMO[mk]
        else:
            found = _both_stages(make_codegen, key, cache)
            if mk is not None:
                if len(_MEMO) > 4096:
                    _MEMO.clear()
                _MEMO[mk] = found
        if found is not None:
            raise _copied(found)  # (the raiser attaches warnings to it: the stored one stays as found)
    for _cls, f in _methods(types or []):
        key = func_key(f)
        if key in called:
            continue
        mk = None if memo_key is None else (memo_key, "method", key)
        if mk is not None and mk in _MEMO:
            found = _MEMO[mk]
        else:
            found = _both_stages(make_codegen, key, cache, _probe_method)
            if mk is not None:
                _MEMO[mk] = found
        if found is not None:
            raise _copied(found)


def _methods(types: list[A.Node]) -> list[tuple]:
    """The (class, method) pairs with a body of the global classes and structs with methods whose members a probe
    can model (numbers, and the textures, buffers, UAVs and samplers _this_value stands in for; no base class):
    fxc type-checks a method nothing calls as it does a function (``struct C { int fn() { return j; } };`` is
    X3004; d3dcompiler_47 10.1, session 46), a class holding objects or implementing interfaces too (``struct C {
    Texture2D t; float4 fn() { return undeclared; } };``, ``class C : I { ... }``: session 47), and one declared in a
    function body, called or not (``float4 main() { struct C { float4 fn() { return undeclared; } }; ... }`` is
    X3004, a method beside a called one too: session 48; ``types`` holds A.Program.local_types then)."""
    from .classes import ClassType
    from .objects import has_object, holds_objects

    out = []
    for d in types:
        cls = getattr(d, "type", None)
        if not isinstance(cls, ClassType) or cls.base is not None or has_object(cls) and not holds_objects(cls):
            continue
        for fs in cls.methods.values():
            out += [(cls, f) for f in fs if f.body is not None and _modelled(f)]
    return out


def _probe_method(make_codegen: Callable[[str, int, int], CodegenContext], stage: str, key: tuple,
                  cache: dict[str, object]) -> HlslError | None:
    """:func:`_probe` for the method ``key`` (of a global class, or of one declared in a function body):
    its body generated on a ``this`` of unknown members."""
    from .check import void_return_first
    from .classes import gen_method_body

    cg = cache.pop(stage, None) or _fresh(make_codegen, stage)
    if cg is None:
        return None
    cg.loops, cg.kconst = [], {}
    found = next(((d, f) for d in [*cg.prog.decls, *cg.prog.local_types] if isinstance(d, A.TypeDecl)
                  for fs in getattr(d.type, "methods", {}).values() for f in fs if func_key(f) == key), None)
    if found is None or found[1].body is None:
        return None
    decl, target = found
    cls = decl.type
    cg.void_return_error = None
    try:
        params = [_param_value(cg, p) for p in target.params]
        result = cg.alloc_slots(target.ret.slots, var=True) if target.ret is not VOID else []
        cg.probe_skip = _skip_untyped_failure
        saved = cg.scopes
        for outer in reversed(getattr(decl, "enclosing", ())):
            # a local class: the names of the functions it stands in are visible, the innermost's last (_outer_names)
            cg.scopes = [{**cg.scopes[0], **_outer_names(cg, outer)}]
        try:
            gen_method_body(cg, target, cls, _this_value(cg, cls), params, result, target.pos)
        finally:
            cg.scopes = saved
        cache[stage] = cg
    except HlslError as exc:
        if is_type_error(exc) or exc.code in (3079, 3080):
            return void_return_first(cg, exc) or exc
    except Exception:  # noqa: BLE001 - a probe that trips over an unbuilt path proves nothing
        pass
    return cg.void_return_error


def _outer_names(cg: CodegenContext, f: A.FuncDef) -> dict[str, Val]:
    """Unknown values of the parameters and locals of ``f``, a function a probed local class stands in: fxc 10.1
    compiles ``float z = 1; struct C { float fn() { return z; } };`` where nothing calls ``fn`` (session 48), and a
    class declared in that method's body sees ``z`` and the method's parameters, so these names are no undeclared
    identifiers there; a name whose type the probe cannot model is left out."""
    out: dict[str, Val] = {}
    named = [(p.name, p.type) for p in f.params]
    named += [(n.name, n.type) for n in A.walk(f.body) if isinstance(n, A.VarDecl)] if f.body is not None else []
    for name, t in named:
        try:
            out[name] = _unknown(cg, t)
        except Exception:  # noqa: BLE001, S112 - an object or a type beyond the probe: not bound
            continue
    return out


def _modelled(f: A.FuncDef) -> bool:
    """Whether a probe can give each parameter of ``f`` a value: structs of objects, interfaces, strings and
    effect objects are not modelled here."""
    from .classes import is_interface_type
    from .objects import holds_objects

    return all(_has_stand_in(p.type) or not holds_objects(p.type) and not is_interface_type(p.type)
               for p in f.params)


def _copied(exc: HlslError) -> HlslError:
    out = type(exc).__new__(type(exc))
    out.args = exc.args
    out.__dict__.update({k: list(v) if isinstance(v, list) else v for k, v in exc.__dict__.items()})
    return out


def _both_stages(make_codegen: Callable[[str, int, int], CodegenContext], key: tuple,
                 cache: dict[str, object], probe: Callable | None = None) -> HlslError | None:
    """The error both the ps_5_0 and the cs_5_0 probe (``probe``: _probe's form) of function ``key`` report, or
    None."""
    probe = probe or _probe
    first = probe(make_codegen, "ps", key, cache)
    if first is None:
        return None
    second = probe(make_codegen, "cs", key, cache)
    if second is not None and (second.code, second.line) == (first.code, first.line):
        return first
    return None


def _probe(make_codegen: Callable[[str, int, int], CodegenContext], stage: str, key: tuple,
           cache: dict[str, object]) -> HlslError | None:
    """The type error (TYPE_RULE_CODES) generating the function ``key`` raises in a ``stage``_5_0
    program, or None. A generator that finished a probe cleanly serves the next one (``cache``)."""
    from .inlining import _has_early_return, run_inlined_body

    cg = cache.pop(stage, None) or _fresh(make_codegen, stage)
    if cg is None:
        return None
    cg.loops, cg.kconst = [], {}
    target = next((g for g in cg.funcs.get(key[0], []) if func_key(g) == key), None)
    if target is None or target.body is None:
        return None
    from .check import check_function, void_return_first

    # return statements (X3080 a bare return in a function with a result, X3079 a value from a void one) are
    # judged in every body, called or not; whether every path returns (X3507) only where a function is
    # compiled (check.check_end_reachable; d3dcompiler_47 10.1, session 35). fxc lists errors in source order:
    # a type error before the faulty return comes first, and X3079 follows its value's own (check.py)
    ret_err: HlslError | None = None
    cg.void_return_error = None
    try:
        check_function(cg, target)
    except HlslError as exc:
        ret_err = exc
    held = cg.void_return_error
    try:
        scope = {p.name: _param_value(cg, p) for p in target.params}
        result = cg.alloc_slots(target.ret.slots, var=True) if target.ret is not VOID else []
        body = target.body.stmts
        early = _has_early_return(body)
        ctx = {"ret": target.ret, "result": result, "tail": not early, "flag": None, "depth": 0, "fdef": target}
        cg.scopes = [cg.scopes[0], scope]
        cg.probe_skip = _skip_untyped_failure
        run_inlined_body(cg, body, ctx, early, target.name, cg.func_order.get(id(target), 0))
        cache[stage] = cg
    except HlslError as exc:
        if is_type_error(exc) and (ret_err is None or (exc.line, exc.col) < (ret_err.line, ret_err.col)):
            return void_return_first(cg, exc) or exc
    except Exception:  # noqa: BLE001 - a probe that trips over an unbuilt path proves nothing
        pass
    return ret_err or held
    return None


#: X3000 texts of type rules: an effect's state function called in a function body (inlining._state_function_call)
TYPE_RULE_X3000 = ("this FX API is not available in this part your program", "parameter count mismatch (")


def is_type_error(exc: BaseException) -> bool:
    if isinstance(exc, HlslError) and exc.code == 3000 and exc.message.startswith(TYPE_RULE_X3000):
        return True
    return (isinstance(exc, HlslError) and exc.code in TYPE_RULE_CODES and not exc.notimpl
            and not any(w in str(exc) for w in _STAGE_WORDS))


def _skip_untyped_failure(run: Callable[[A.Node], None], s: A.Node) -> None:
    """Run one expression or declaration statement of a probed body; a failure that is not a type
    rule (a feature this compiler does not build, a code-generation-time error) proves nothing about
    the statement, so the check goes on with the next one, as fxc's type check of the whole body does.
    A declarator whose initialiser failed that way is still declared (without it), so later uses of
    the name are checked against its declared type rather than reported undeclared."""
    if isinstance(s, A.DeclStmt) and len(s.decls) > 1:
        for d in s.decls:
            _skip_untyped_failure(run, replace(s, decls=[d]))
        return
    try:
        run(s)
    except Exception as exc:  # noqa: BLE001 - only type rules are this probe's to report
        if is_type_error(exc):
            raise
        if isinstance(s, A.DeclStmt) and s.decls and s.decls[0].init is not None:
            try:
                run(replace(s, decls=[replace(s.decls[0], init=None)]))
            except Exception:  # noqa: BLE001, S110 - the declared type itself is beyond this probe
                pass


def _functions(make_codegen: Callable[[str, int, int], CodegenContext]) -> list[A.FuncDef]:
    cg = make_codegen("ps", 5, 0)
    return [d for d in cg.prog.decls if isinstance(d, A.FuncDef)]


def _fresh(make_codegen: Callable[[str, int, int], CodegenContext], stage: str):
    """A code generator prepared as for an entry point (globals, bindings, statics), or None."""
    cg = make_codegen(stage, 5, 0)
    try:
        cg.collect()
        cg.func_index_stack = [1 << 30]
        cg.assign_bindings()
        cg.scopes = [{}]
        cg.init_statics()
    except Exception:  # noqa: BLE001 - the entry point compiled; anything here is the probe's limit
        return None
    return cg


def _param_value(cg: CodegenContext, p: A.Param) -> Val:
    """A parameter's value for the probe. An object parameter takes its resource from the caller, which
    an uncalled function has none of; fxc still type-checks the body against the parameter's type, so
    it gets a stand-in: a texture, buffer, UAV or sampler a resource of its type (no register), a patch
    its read-only array of control points, a stream its output stream 0."""
    from .codegen import Val
    from .values import Resource

    t = p.type
    if isinstance(t, ArrayType) and _has_stand_in(t):  # an array of resources: one stand-in per element
        from .objects import leaf_count

        leaf = array_leaf(t)
        return Val(t, [], ("resarray", [Resource(p.name, leaf, register_file(leaf.kind), 0)  # type: ignore[arg-type]
                                        for _ in range(leaf_count(t))]))
    if not isinstance(t, ObjectType):
        v = _unknown(cg, t)
        # a const parameter is read-only here too: ``void f(inout const float c) { c -= 1; }`` is X3025 uncalled
        # (d3dcompiler_47 10.1, session 47)
        v.readonly = "const" in p.mods
        return v
    if t.kind in ("InputPatch", "OutputPatch") and t.elem is not None:
        at = ArrayType(t.elem, max(1, t.samples))
        return Val(at, cg.alloc_slots(at.slots, var=True), readonly=True)
    if t.kind in STREAM_KINDS:
        return Val(t, [], ("stream", 0, t, p.pos))
    return Val(t, [], Resource(p.name, t, register_file(t.kind), 0))


def _has_stand_in(t: Type) -> bool:
    """An object, or an array of objects, of a kind _param_value models (streams and patches alone)."""
    leaf = array_leaf(t)
    return isinstance(leaf, ObjectType) and leaf.kind in _STAND_IN_KINDS and \
        (leaf is t or leaf.kind not in STREAM_KINDS and leaf.kind not in PATCH_KINDS)


def _this_value(cg: CodegenContext, cls: Type) -> Val:
    """``this`` of a probed method: numbers unknown at compile time, each object member a stand-in resource of its
    type (as _param_value gives an object parameter), so the body's type rules see the members' types."""
    from .objects import holds_objects, leaves, new_local
    from .values import Resource

    if not holds_objects(cls):
        return _unknown(cg, cls)
    v = new_local(cg, cls)
    for path, leaf in leaves(cls):
        v.obj[1][path] = (Resource("this", leaf, register_file(leaf.kind), 0), 0)
    return v


def _unknown(cg: CodegenContext, t: Type) -> Val:
    from .codegen import Val

    return Val(t, cg.alloc_slots(t.slots, var=True))
