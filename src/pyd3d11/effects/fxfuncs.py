"""The type check of an effect file's functions (fx_2_0, fx_4_0, fx_4_1, fx_5_0).

fxc compiles an effect file through its HLSL front end, which type-checks every function body whatever the
techniques compile: d3dcompiler_47 10.1 fails ``float4 f() : SV_Target { return undeclared; }`` in an effect
that never names ``f`` (X3004), and so an undeclared function, a wrong overload (X3013), an invalid swizzle
(X3018) or a conversion (X3017) in any function of the file (session 38, helper EFX: mutants of the shared
effect programs). A shader target checks the functions its entry point does not call the same way
(shader/hlsl/uncalled.py); an effect has no entry point, so each of its functions is probed as an uncalled
one, with the same type rules (uncalled.TYPE_RULE_CODES) and the same two-stage agreement.

A shader compile's arguments are the function's uniform parameters (MicrosoftDocs direct3d9 "Shader States":
``compile vs_2_0 VS(1, true)``): fxc resolves ``f(args)`` against the overloads whose uniform parameters take that
many arguments (those with default values may be left out) while it parses, in every technique and initialiser
of every target, and fails the call otherwise with X3013 "'f': no matching N parameter function".
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from ..errors import NotSupportedError
from ..headers.d3dcompiler_types import D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR, D3DCOMPILE_PACK_MATRIX_ROW_MAJOR
from ..shader.hlsl import ast as A
from ..shader.hlsl.codegen import Codegen
from ..shader.hlsl.diagnostics import HlslError
from ..shader.hlsl.lexer import lex
from ..shader.hlsl.parser import Parser
from ..shader.hlsl.preprocessor import preprocess
from ..shader.hlsl.uncalled import check_uncalled


def check_effect_functions(source: str, file: str, target: str, defines: dict | None = None,
                           include_open: Callable | None = None, flags: int = 0) -> None:
    """Raise the first type error (HlslError) of any function of the effect ``source`` compiled for ``target``."""
    pp = preprocess(source, file, defines, include_open)
    tokens = lex(pp.text, file)
    row_major = bool(flags & D3DCOMPILE_PACK_MATRIX_ROW_MAJOR)
    flag_pack = True if row_major else False if flags & D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR else None
    programs: dict[str, A.Program] = {}
    strip = False

    def make_codegen(stage: str, major: int, minor: int) -> Codegen:
        profile = f"{stage}_{major}_{minor}"
        if profile not in programs:
            parser = Parser(tokens, profile, flag_pack)
            parser.file_target = target  # fxc parses an effect file once, for its fx target
            programs[profile] = parser.parse_program()
            _half_globals_as_float(programs[profile])
        if strip:
            _drop_uniform_initialisers(programs[profile], init_error)
        cg = Codegen(programs[profile], "", stage, major, minor, row_major)
        cg.compile_flags = flags
        return cg

    try:
        cg = make_codegen("ps", 5, 0)
    except HlslError:
        # the shader parser's effect syntax is narrower than the effect parser's (a state value computing with an
        # intrinsic, ``FogEnd = sqrt(A * 4);``, ``SlopeScaledDepthBias = abs(s - 2);``): the effect parser judged
        # the syntax (fxparse), the probes judge types only
        return
    # fxc meets the state values and the function bodies in source order: of a value's type error and a body's
    # the earlier is reported (10.1, session 40: ``float4 g() { return nothere; }`` above ``sampler s { cat =
    # foobar.w; };`` is X3004, below it X3018)
    init_error = _initializer_error(make_codegen("ps", 5, 0))  # a generator of its own: the value probe's is spent
    value_error = _first_of(_state_value_error(cg), init_error)
    # the function probes' generators prepare the globals first: a faulty initialiser would stop every probe, and
    # a body's error above it is fxc's first (source order), so the probes read the uniforms without initialisers
    strip = init_error is not None
    functions = [d for d in cg.prog.decls if isinstance(d, A.FuncDef)]
    if any(f.body is not None for f in functions):
        memo = (hashlib.sha256(pp.text.encode()).hexdigest(), file, flags, row_major, target, False)
        try:
            check_uncalled(make_codegen, set(), memo, None, False, functions)
        except HlslError as exc:
            if value_error is None or (exc.line, exc.col) < (value_error.line, value_error.col):
                raise
    if value_error is not None:
        raise value_error


def _state_value_error(cg: Codegen) -> HlslError | None:
    """The state values of the file's blocks and passes, type-checked as a shader target checks them
    (check.check_state_values: an unknown name is a ``const int``, ``foobar[2]`` X3121, ``foobar.w`` X3018,
    ``fun(foo)`` of a ``float p[2]`` parameter X3017), before the effect compiler reads any state: d3dcompiler_47
    10.1 reports those errors ahead of an unrecognized state's name or value in sampler, state-object and pass
    blocks at every fx target (session 40, EFX: ``sampler s { cat = fun(foo); };``, ``RandomField = foobar[2];``).
    A failure that is no type rule (a feature the shader front end does not build here) proves nothing."""
    from ..shader.hlsl.check import check_state_values
    from ..shader.hlsl.uncalled import is_type_error

    if not cg.prog.state_values:
        return None
    try:
        cg.collect()
    except Exception:  # noqa: BLE001 - the declarations' own errors are the effect compiler's to report
        return None
    try:
        check_state_values(cg)
    except Exception as exc:  # noqa: BLE001 - only a type rule's error is the effect's answer
        if is_type_error(exc) or isinstance(exc, HlslError) and exc.code == 3030:
            # (X3030: a static const's constant index out of bounds, sbops.index_bounds; 10.1, session 47 EFX)
            return exc  # type: ignore[return-value]
    return None


def _half_globals_as_float(prog: A.Program) -> None:
    """An effect keeps a ``half`` global as a float (fxc 10.1 refuses it, X3650, only in a shader compiled from the
    file: fxcompile); the probes, which run the shader front end, read it as one, so it does not stop them (10.1:
    ``half h; float4 f() { return nothere; }`` is X3004 in an effect; session 43)."""
    from ..shader.hlsl.types import NumType

    for d in prog.decls:
        for v in [d] if isinstance(d, A.VarDecl) else d.members if isinstance(d, A.CBufferDecl) else []:
            if isinstance(v, A.VarDecl) and isinstance(v.type, NumType) and v.type.prec == "half":
                v.type = NumType(v.type.base, v.type.rows, v.type.cols, v.type.shape, v.type.row_major)


def _drop_uniform_initialisers(prog: A.Program, failed: HlslError | None = None) -> None:
    """Remove the initialisers of ``prog``'s uniform globals and buffer members (only the function probes read
    this program after _initializer_error: a uniform's value plays no part in a body's types); where a static's
    initialiser failed (``failed``, from init_statics), that static's and the later ones' too, so the probes' own
    preparation of the statics does not stop at it (10.1: ``float4 g() { return nothere; }`` above ``static
    float2 k = {1, 2, 3};`` is X3004 in an effect as at ps_5_0; session 43)."""
    statics = [v for d in prog.decls
               for v in ([d] if isinstance(d, A.VarDecl) else d.members if isinstance(d, A.CBufferDecl) else [])
               if isinstance(v, A.VarDecl) and "static" in v.mods and v.init is not None]
    cut = None
    if failed is not None and getattr(failed, "static_initialiser", False):
        before = [v for v in statics if v.pos.file == failed.file and (v.pos.line, v.pos.col) <= (failed.line, failed.col)]
        cut = before[-1] if before else None
    for d in prog.decls:
        for v in [d] if isinstance(d, A.VarDecl) else d.members if isinstance(d, A.CBufferDecl) else []:
            if isinstance(v, A.VarDecl) and "static" not in v.mods:
                v.init = None
    if cut is not None:
        for v in statics[statics.index(cut):]:
            v.init = None


def _first_of(*errors: HlslError | None) -> HlslError | None:
    found = [e for e in errors if e is not None]
    return min(found, key=lambda e: (e.line, e.col)) if found else None


def _initializer_error(cg: Codegen) -> HlslError | None:
    """The first global's initialiser of the wrong shape (X3017) or no literal expression (X3011), checked as a
    shader target checks it (initshape.check_initializer_shapes): d3dcompiler_47 10.1 reports it while it parses,
    in source order with the function bodies' and state values' type errors, before the effect compiler stores any
    value (session 41, EFX: ``float2 f = {1, 2, 3};``, ``int i[2] = 1 + 2;``, ``float f = "s";`` X3017 at every fx
    target; this compiler reported X3011 or the effect's later errors). Only numeric globals: the shader, state
    and string objects' initialisers are the effect compiler's (check.check_compile_shader, fx2compile). The
    statics are prepared first (their initialisers' type errors count too, in source order)."""
    from ..shader.hlsl.uncalled import is_type_error
    from .fxobjnames import first_undeclared_name

    named = first_undeclared_name(cg.prog)
    if named is not None:
        # an object's undeclared name (fxobjnames.py) stands after the errors of the declarations above its own,
        # before its own declaration's (a shader variable's X3011 / X3017 the generator raises at the declarator)
        err, index = named
        p = cg.prog
        if index == 0:
            return err
        return _initializer_error(Codegen(A.Program(p.pos, p.decls[:index], p.pack_row_major, [], [], [], False), "",
                                          cg.stage, cg.major, cg.minor, cg.row_major_default)) or err
    try:
        cg.collect()
        cg.func_index_stack = [1 << 30]
        cg.assign_bindings()
        cg.scopes = [{}]
    except HlslError as exc:
        # a declaration the generator refuses as it collects (a shader variable's X3011, check.check_compile_shader):
        # the initialisers before it were reduced first (10.1: ``PixelShader p1[2] = CompileShader(…);`` above
        # ``PixelShader p2 = p1;`` is p1's X3017; session 43), so they are checked without it and what follows
        if is_type_error(exc) or exc.code == 3011:
            before = [d for d in cg.prog.decls if d.pos.file != exc.file or (d.pos.line, d.pos.col) < (exc.line, exc.col)]
            if len(before) < len(cg.prog.decls):
                p = cg.prog
                return _initializer_error(Codegen(A.Program(p.pos, before, p.pack_row_major, [], [], [], False), "",
                                                  cg.stage, cg.major, cg.minor, cg.row_major_default))
        return None
    except Exception:  # noqa: BLE001 - the declarations' own errors are the effect compiler's to report
        return None
    prepared: HlslError | None = None
    # the statics the initialisers may read, as a code generator prepares them (salvage.py does the same); the
    # uniforms' own initialisers are checked below, with this module's rules, not by the generator's check
    cg.check_uniform_initialisers = lambda: None  # type: ignore[method-assign]
    try:
        cg.init_statics()
    except HlslError as exc:
        prepared = exc if is_type_error(exc) or exc.code == 3011 else None
        if prepared is not None:
            prepared.static_initialiser = True  # (_drop_uniform_initialisers)
    except Exception:  # noqa: BLE001, S110 - a static this probe cannot prepare proves nothing
        pass
    found = _first_uniform_initialiser_error(cg)
    if prepared is not None and (found is None or (prepared.line, prepared.col) < (found.line, found.col)):
        return prepared
    return found


def _first_uniform_initialiser_error(cg: Codegen) -> HlslError | None:
    from ..shader.hlsl.check import compile_argument_types
    from ..shader.hlsl.codegen import walk
    from ..shader.hlsl.initshape import check_initializer
    from ..shader.hlsl.objinit import object_initialiser_error
    from ..shader.hlsl.shaderobj import assemble_braced
    from ..shader.hlsl.types import EFFECT_KINDS, ArrayType, ObjectType, StructType, array_leaf
    from ..shader.hlsl.uncalled import is_type_error

    globals_: dict[str, A.VarDecl] = {}
    for d in cg.prog.decls:
        for p in d.params if isinstance(d, A.FuncDef) else []:
            # a parameter's default value, as at the shader targets (initshape.check_initializer_shapes; 10.1, session
            # 43: ``float4 fn(float4 x = {1, 2})`` X3017, ``= nothere`` X3004, ``= a`` of a uniform X3011 in an effect)
            if p.default is not None and not isinstance(array_leaf(p.type), ObjectType):
                try:
                    check_initializer(cg, p.name, p.type, p.default, p.pos, globals_, param=True, type_errors=True)
                except HlslError as exc:
                    if exc.code == 3011 or is_type_error(exc):
                        return exc
                except NotSupportedError:
                    raise
                except Exception:  # noqa: BLE001, S112 - a feature the shader front end does not build here
                    pass
        decls = [d] if isinstance(d, A.VarDecl) else d.members if isinstance(d, A.CBufferDecl) else []
        for v in decls:
            # objects in the value (a shader array's, a brace list's count): objinit.py, statics too; a compile in
            # the value is reduced before the declarator (10.1: ``PixelShader p[2] = CompileShader(ps_2_0, f(a,
            # b));`` of one uniform parameter is X3013)
            try:
                assemble_braced(v.init)
            except HlslError as exc:
                return exc
            shaped = object_initialiser_error(v, globals_)
            if shaped is None and isinstance(array_leaf(v.type), StructType) and v.init is not None:
                # a struct holding objects: its compiles' arguments are typed as a global compile's (10.1, session 48
                # EFX: ``{1, 2, 3, 4, compile ps_4_0 foo(~f * f)}`` X3082) before the effect refuses the struct
                for n in walk(v.init):
                    if isinstance(n, A.Call) and n.name == "CompileShader":
                        try:
                            compile_argument_types(cg, n)
                        except HlslError as exc:
                            if is_type_error(exc):
                                return exc
            if shaped is not None:
                calls = [n for n in walk(v.init) if isinstance(n, A.Call) and n.name == "CompileShader"]
                try:
                    check_compile_arguments(calls, cg.prog)
                except HlslError as exc:
                    return exc
                return shaped
            # (a compile inside the value -- ``{CompileShader(ps_2_0, f())}`` compiles, a shader misused as a number is
            # X3017 -- is judged by the shader-expression rules: fxparse.check_shader_operands, shaderobj)
            # (likewise an object named in it -- ``float4 f = {1, 2, tt, 4};`` of a texture is counted, not converted:
            # X3011, session 38's BRACE_ROWS -- is left to the effect compiler)
            # a texture's, a buffer's, a sampler's or a string's value is typed as at the shader targets: a number
            # X3017, another object of its kind X3011, of another kind X3017 (10.1, session 48 EFX: ``Texture2D t =
            # sin(1);``, ``SamplerState s = (float4)1;``, ``Texture2D q; Texture2D t = q;``, ``string s = q;``)
            leaf = array_leaf(v.type)
            typed_object = isinstance(leaf, ObjectType) and leaf.kind not in EFFECT_KINDS and not isinstance(
                v.init, A.InitList)
            if v.init is not None and "static" not in v.mods and (typed_object or not isinstance(leaf, ObjectType)) \
                    and not any(isinstance(n, A.Call) and n.name == "CompileShader" or not typed_object and isinstance(
                        n, A.Ident) and isinstance(array_leaf(getattr(globals_.get(n.name), "type", None)), ObjectType)
                                for n in walk(v.init)):
                try:
                    t = v.type
                    if isinstance(t, ArrayType) and t.count == 0 and isinstance(v.init, A.InitList):
                        t = cg.size_unsized_array(t, v.init, v.pos)  # ``float p[] = {sqrt(4), float2(5, 6)};``
                    check_initializer(cg, v.name, t, v.init, v.pos, globals_, type_errors=True)
                except HlslError as exc:
                    if exc.code == 3011 or is_type_error(exc) or 2000 <= exc.code < 3000:
                        return exc  # (2000-2999: an asm block's assembler error, shaderobj.asm_object_name)
                except NotSupportedError:
                    raise
                except Exception:  # noqa: BLE001, S112 - a feature the shader front end does not build here
                    pass
            globals_.setdefault(v.name, v)
    return None


def check_compile_arguments(calls: list[A.Call], prog: A.Program) -> None:
    """Raise X3013 for the first ``compile`` / ``CompileShader`` call (``calls``, as parsed) whose function has no
    overload taking its argument count as uniform parameters."""
    from ..shader.hlsl.compileargs import conversion_error

    funcs: dict[str, list[A.FuncDef]] = {}
    for d in prog.decls:
        if isinstance(d, A.FuncDef):
            funcs.setdefault(d.name, []).append(d)
    for call in calls:
        converted = conversion_error(call, prog.decls)  # an argument's X3017 before the count (compileargs.py)
        if converted is not None:
            raise converted
        if len(call.args) < 2 or not isinstance(call.args[1], A.Call) or call.args[1].name not in funcs:
            continue
        fcall = call.args[1]
        n = len(fcall.args)
        for f in funcs[fcall.name]:
            uniforms = [p for p in f.params if "uniform" in p.mods]
            if sum(1 for p in uniforms if p.default is None) <= n <= len(uniforms):
                break
        else:
            pos = fcall.pos
            raise HlslError(pos.file, pos.line, pos.col, 3013, f"'{fcall.name}': no matching {n} parameter function")


def undefined_variable(exc: HlslError, fcall: A.Call) -> HlslError:
    """A pass's compile whose uniform arguments name no variable (``SetVertexShader(CompileShader(vs_4_0,
    f(foo)))``, ``VertexShader = compile vs_2_0 f(foo + 1)``, ``f(sin(foo))``) fails where fxc compiles that shader:
    X3517 "'foo': undefined variable", not the code generator's X3004 (d3dcompiler_47 10.1, session 41, EFX, at
    fx_2_0 to fx_5_0; a call of an unknown function stays X3004, as does a variable's compile, which fxc checks
    while it parses: fxparse._check_compile_argument_names). ``exc`` (the compile's error) otherwise as is.
    Not built: which of two failing pass compiles fx_2_0 reports (``ps_2_0 bad()`` missing its semantics in one pass
    and ``vs_2_0 f(foo)`` in the next: fxc X3517, here X3503; the other order: fxc X3503, here X3517)."""
    from ..shader.hlsl.codegen import walk

    if exc.code != 3004:
        return exc
    for a in fcall.args:
        for n in walk(a):
            if isinstance(n, A.Ident) and exc.message == f"undeclared identifier '{n.name}'":
                return HlslError(n.pos.file, n.pos.line, n.pos.col, 3517, f"'{n.name}': undefined variable")
    return exc
