"""Shader libraries: D3DCompile for the lib_* targets (lib_4_0 / lib_4_1 / lib_5_0, lib_4_0_level_9_x; the
"Packaging a shader library"
page: a library holds the ``export`` functions of a source, which ID3D11Linker later links into a shader).

The byte layout of fxc's library container is not published, so the blob is pyd3d11's own, documented here
and read only by pyd3d11 (D3DLoadModule, D3DReflectLibrary). It is a DXBC container (the usual header and
checksum) with:

* one ``PLBH`` chunk (pyd3d11 library header): UTF-8 JSON ``{"format": 1, "target", "creator", "flags",
  "file", "source", "functions": [...], "bindings": [...]}`` -- ``source`` is the preprocessed text the
  linker compiles again (linking by recompilation: the functions are called from generated HLSL and the
  whole program compiled for the link target), ``functions`` the exported functions in source order with
  their parameters (D3D11_PARAMETER_DESC fields), ``bindings`` the library's resources with their source
  slots;
* one ``PLBF`` chunk per exported function, in the same order: a complete vs_4_0 / vs_4_1 / vs_5_0 DXBC
  blob (a pixel shader for a function only a pixel shader may run: Sample, derivatives, discard) of a wrapper
  program whose only work is calling that function (its inputs from the wrapper's input
  signature, its results to the output signature). ID3D11FunctionReflection reads its RDEF and STAT, so
  the constant buffers, resources and instruction counts are the function's as this compiler builds it
  (the wrapper reads its inputs and writes its results in place, so on the library d3dcompiler_47's answers
  were recorded for the counts equal fxc's).

Source slots: a resource's slot in the library is the slot the compiler gives it when every exported
function is compiled into one program (the same declaration-order, lowest-free-slot rule as a shader);
ID3D11ModuleInstance::Bind* rebinds from these.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...errors import NotSupportedError
from ...headers.d3dcommon import D3D_INTERPOLATION_MODE as IM
from ..dxbc.container import build_container, parse_container
from . import ast as A
from .diagnostics import HlslError
from .lexer import lex
from .parser import Parser
from .preprocessor import preprocess
from .types import NumType, VoidType

__all__ = ["LIBRARY_TARGET", "LibraryData", "LibraryFunction", "compile_library", "read_library",
           "param_hlsl_type"]

#: the library targets: lib_4_0 / lib_4_1 / lib_5_0 and lib_4_0_level_9_1 / _9_3 with an optional _vs_only / _ps_only
LIBRARY_TARGET = re.compile(r"^lib_(4_0|4_1|5_0)$|^lib_(4_0)_level_(9_[13])(_vs_only|_ps_only)?$")
HEADER_FOURCC, FUNCTION_FOURCC = "PLBH", "PLBF"
FORMAT = 1
WRAPPER_FILE = "<pyd3d11 library wrapper>"
#: the RDEF creator string of this compiler's blobs (hlsl/reflect.py), the library's Creator when it has no function
CREATOR = "pyd3d11 HLSL compiler"
#: D3D_SHADER_VARIABLE_TYPE / D3D_SHADER_VARIABLE_CLASS (d3dcommon.h) of the parameter types a library
#: function may take
_SVT = {"bool": 1, "int": 2, "float": 3, "uint": 19}
_SVT_NAME = {v: k for k, v in _SVT.items()}
_SVT_DOUBLE = 39
SVC_SCALAR, SVC_VECTOR, SVC_MATRIX_ROWS, SVC_MATRIX_COLUMNS = 0, 1, 2, 3
D3D_PF_IN, D3D_PF_OUT = 1, 2
#: HLSL interpolation modifiers -> D3D_INTERPOLATION_MODE (a parameter without one: UNDEFINED)
_INTERP = [
    ({"nointerpolation"}, IM.D3D_INTERPOLATION_CONSTANT),
    ({"noperspective", "sample"}, IM.D3D_INTERPOLATION_LINEAR_NOPERSPECTIVE_SAMPLE),
    ({"noperspective", "centroid"}, IM.D3D_INTERPOLATION_LINEAR_NOPERSPECTIVE_CENTROID),
    ({"noperspective"}, IM.D3D_INTERPOLATION_LINEAR_NOPERSPECTIVE),
    ({"sample"}, IM.D3D_INTERPOLATION_LINEAR_SAMPLE),
    ({"centroid"}, IM.D3D_INTERPOLATION_LINEAR_CENTROID),
    ({"linear"}, IM.D3D_INTERPOLATION_LINEAR),
]
_MODE_MODIFIERS = {int(mode): " ".join(sorted(mods)) for mods, mode in _INTERP}


@dataclass
class LibraryFunction:
    name: str
    #: D3D11_PARAMETER_DESC fields per parameter (dicts: JSON-ready)
    params: list[dict[str, Any]]
    #: the return value's D3D11_PARAMETER_DESC fields, None for a void function
    ret: dict[str, Any] | None
    blob: bytes = b""
    #: lib_4_0_level_9_x: the function compiles as a 10Level9 vertex / pixel shader function
    level9_vs: bool = False
    level9_ps: bool = False


@dataclass
class LibraryData:
    target: str
    creator: str
    flags: int
    file: str
    source: str
    functions: list[LibraryFunction] = field(default_factory=list)
    #: the library's resources: {"name", "kind" (t/s/u/b), "slot", "count"}
    bindings: list[dict[str, Any]] = field(default_factory=list)

    def function(self, name: str) -> LibraryFunction | None:
        return next((f for f in self.functions if f.name == name), None)

    @property
    def model(self) -> tuple[int, int]:
        m = LIBRARY_TARGET.match(self.target)
        assert m is not None
        major, minor = (m.group(1) or m.group(2)).split("_")
        return int(major), int(minor)

    @property
    def level9(self) -> str | None:
        """"9_1" / "9_3" for a lib_4_0_level_9_x library, else None."""
        m = LIBRARY_TARGET.match(self.target)
        return m.group(3) if m is not None else None


def _param_desc(name: str | None, semantic: str | None, t: Any, mods: frozenset, flags: int,
                pos: Any, what: str) -> dict[str, Any]:
    """D3D11_PARAMETER_DESC of one parameter; only scalars, vectors and matrices of bool/int/uint/float can
    cross the linker's calls (the structure describes a value by Type, Class, Rows and Columns alone)."""
    if not isinstance(t, NumType) or t.base not in _SVT:
        raise NotSupportedError(f"library function {what} of type {t} (lib_* targets: parameters must be "
                                "bool, int, uint or float scalars, vectors or matrices)")
    if t.shape == "m":
        cls = SVC_MATRIX_ROWS if t.row_major else SVC_MATRIX_COLUMNS
    else:
        cls = SVC_VECTOR if t.shape == "v" else SVC_SCALAR
    mode = IM.D3D_INTERPOLATION_UNDEFINED
    for needed, m in _INTERP:
        if needed <= set(mods):
            mode = m
            break
    return dict(Name=name, SemanticName=semantic, Type=_SVT[t.base], Class=cls, Rows=t.rows, Columns=t.cols,
                InterpolationMode=int(mode), Flags=flags, FirstInRegister=0, FirstInComponent=0,
                FirstOutRegister=0, FirstOutComponent=0)


def param_hlsl_type(d: dict[str, Any]) -> str:
    """The HLSL type a D3D11_PARAMETER_DESC describes (float3, int, row_major float4x4 ...)."""
    base = _SVT_NAME.get(d["Type"])
    if d["Type"] == _SVT_DOUBLE:
        raise NotSupportedError("linking a double parameter (D3D_SVT_DOUBLE)")
    if base is None:
        raise ValueError(f"D3D_SHADER_VARIABLE_TYPE {d['Type']} is no bool, int, uint, float or double value")
    cls, rows, cols = d["Class"], d["Rows"], d["Columns"]
    if not (isinstance(rows, int) and isinstance(cols, int) and 1 <= rows <= 4 and 1 <= cols <= 4) or \
            (cls == SVC_SCALAR and (rows, cols) != (1, 1)) or (cls == SVC_VECTOR and rows != 1):
        raise ValueError(f"{rows} rows and {cols} columns do not describe a D3D_SHADER_VARIABLE_CLASS {cls} value")
    if cls == SVC_SCALAR:
        return base
    if cls == SVC_VECTOR:
        return f"{base}{cols}"
    if cls in (SVC_MATRIX_ROWS, SVC_MATRIX_COLUMNS):
        return f"{'row_major ' if cls == SVC_MATRIX_ROWS else ''}{base}{rows}x{cols}"
    raise ValueError(f"D3D_SHADER_VARIABLE_CLASS {cls} is no scalar, vector or matrix")


def interpolation_modifiers(mode: int) -> str:
    return _MODE_MODIFIERS.get(int(mode), "")


def _exports(prog: A.Program) -> list[A.FuncDef]:
    seen: dict[str, A.FuncDef] = {}
    for d in prog.decls:
        if isinstance(d, A.FuncDef) and "export" in d.mods and d.body is not None:
            if d.name in seen:  # overloads cannot be told apart by the linker's CallFunction (a name)
                raise HlslError(d.pos.file, d.pos.line, d.pos.col, 3000,
                                f"'{d.name}': an exported function cannot be overloaded in a library")
            seen[d.name] = d
    return list(seen.values())


def _function_model(f: A.FuncDef) -> LibraryFunction:
    params = []
    for p in f.params:
        if "uniform" in p.mods:
            raise NotSupportedError(f"uniform parameter '{p.name}' of exported function '{f.name}'")
        flags = (D3D_PF_IN | D3D_PF_OUT) if "inout" in p.mods else D3D_PF_OUT if "out" in p.mods else D3D_PF_IN
        params.append(_param_desc(p.name, p.semantic, p.type, p.mods, flags, p.pos,
                                  f"parameter '{p.name}' of '{f.name}'"))
    ret = None
    if not isinstance(f.ret, VoidType):  # the return value is named after the function (fxc's record)
        ret = _param_desc(f.name, f.semantic, f.ret, frozenset(), D3D_PF_OUT, f.pos, f"return value of '{f.name}'")
    _number_registers(params, ret)
    return LibraryFunction(f.name, params, ret)


NO_REGISTER = 0xFFFFFFFF


def _registers(d: dict[str, Any]) -> int:
    """Registers a value occupies: a matrix one per row (row_major) or column, anything else one."""
    if d["Class"] == SVC_MATRIX_ROWS:
        return d["Rows"]
    return d["Columns"] if d["Class"] == SVC_MATRIX_COLUMNS else 1


def _number_registers(params: list[dict[str, Any]], ret: dict[str, Any] | None) -> None:
    """FirstIn/OutRegister and FirstIn/OutComponent: the value's first register and component among the
    function's inputs (in, inout parameters, in order) and outputs (the return value, then out and inout
    parameters), 0xFFFFFFFF for the side a value is not on. d3dcompiler_47's record (thindx's documentation of
    ID3D11FunctionReflection::GetFunctionParameter for ``float4 scale4(float4 v)``): v in at register 0
    component 0, out 0xFFFFFFFF; the return value out at 0/0, in 0xFFFFFFFF. Beyond one value per side the
    numbering (each value from component 0 of the next free register) is this module's rule."""
    nxt_in = nxt_out = 0
    for d in ([ret] if ret is not None else []) + params:
        d.update(FirstInRegister=NO_REGISTER, FirstInComponent=NO_REGISTER, FirstOutRegister=NO_REGISTER,
                 FirstOutComponent=NO_REGISTER)
    for d in params:
        if d["Flags"] & D3D_PF_IN:
            d.update(FirstInRegister=nxt_in, FirstInComponent=0)
            nxt_in += _registers(d)
    for d in ([ret] if ret is not None else []) + params:
        if d["Flags"] & D3D_PF_OUT:
            d.update(FirstOutRegister=nxt_out, FirstOutComponent=0)
            nxt_out += _registers(d)


def _wrapper(fns: list[LibraryFunction], entry: str, pixel: bool = False) -> str:
    """A vertex-shader entry calling each function of ``fns``: inputs LIBIN<n>, results LIBOUT<n> (one
    element per value, so nothing the functions compute is dead). ``pixel``: the pixel-shader form for
    functions only a pixel shader may run (derivatives, Sample, discard), its results in SV_Target<n>."""
    def out_sem(n: int) -> str:
        return f"SV_Target{n}" if pixel else f"LIBOUT{4 * n}"  # a matrix spans up to 4 semantic indices

    ins, outs, body = [], [], []
    n_in = n_out = 0
    for k, f in enumerate(fns):
        args = []
        for j, p in enumerate(f.params):
            t = param_hlsl_type(p)
            local = f"__a{k}_{j}"
            if p["Flags"] & D3D_PF_IN:
                transport = t.replace("bool", "uint")
                interp = "nointerpolation " if pixel and not transport.startswith("float") else ""
                ins.append(f"in {interp}{transport} __i{n_in} : LIBIN{4 * n_in}")  # a matrix spans 4 indices
                body.append(f"    {t} {local} = ({t})__i{n_in};")
                n_in += 1
            else:
                body.append(f"    {t} {local};")
            args.append(local)
        call = f"{f.name}({', '.join(args)})"
        if f.ret is not None:
            t = param_hlsl_type(f.ret)
            outs.append(f"out {t.replace('bool', 'uint')} __o{n_out} : {out_sem(n_out)}")
            body.append(f"    __o{n_out} = {call};")
            n_out += 1
        else:
            body.append(f"    {call};")
        for j, p in enumerate(f.params):
            if p["Flags"] & D3D_PF_OUT:
                outs.append(f"out {param_hlsl_type(p).replace('bool', 'uint')} __o{n_out} : {out_sem(n_out)}")
                body.append(f"    __o{n_out} = __a{k}_{j};")
                n_out += 1
    params = ",\n    ".join(ins + outs)
    return f'\n#line 1 "{WRAPPER_FILE}"\nvoid {entry}(\n    {params})\n{{\n' + "\n".join(body) + "\n}\n"


ENTRY = "__pyd3d11_library_entry"


def compile_library(source: str, file: str, target: str, defines: dict[str, str] | None,
                    include_open: Callable | None, flags: int, warnings: list[str] | None = None) -> bytes:
    """The library blob of ``source`` for ``target`` (lib_4_0 / lib_4_1 / lib_5_0, lib_4_0_level_9_1 / _9_3 with
    an optional _vs_only / _ps_only); the entry point is not used (the "Packaging a shader library" page passes
    NULL). Compile errors are the HlslError of the wrapper program compiling the function, at the function's
    own source position. ``warnings`` (optional) receives the compile's warning lines (fxc's format).

    A level-9 library compiles each function also as a 10Level9 vertex shader function (unless _ps_only) and
    pixel shader function (unless _vs_only), through the vs/ps_4_0_level_9_x wrappers; what compiles sets
    D3D11_FUNCTION_DESC's Has10Level9VertexShader / Has10Level9PixelShader, and a function that compiles as
    neither fails with the level-9 error."""
    from ..reflection import D3DReflect
    from .compiler import compile_hlsl

    m = LIBRARY_TARGET.match(target)
    assert m is not None
    stage_target = "vs_" + (m.group(1) or m.group(2))
    level9, only = m.group(3), m.group(4)
    pp = preprocess(source, file, defines, include_open)
    prog = Parser(lex(pp.text, file), stage_target).parse_program()
    from .libproto import check_signatures, undefined_exports, with_empty_bodies

    check_signatures(prog)  # X3710 / X3717 of an exported signature, before the bodies (libproto.py)
    prototypes, unfound = undefined_exports(prog)
    if prototypes:  # an exported declaration never defined: a function with an empty body (libproto.py)
        pp.text = with_empty_bodies(pp.text, file, prototypes)
        prog = Parser(lex(pp.text, file), stage_target).parse_program()
    exports = _exports(prog)
    if not exports:
        _no_exported_function(pp.text, file, stage_target, flags)
    functions = [_function_model(f) for f in exports]
    bindings: list[dict[str, Any]] = []
    if warnings is None:
        warnings = []

    def compiled(fns: list[LibraryFunction]):
        """The wrapper's compile: a vertex shader, else (a function a vertex shader cannot run) a pixel shader."""
        try:
            return compile_hlsl(pp.text + _wrapper(fns, ENTRY), file, ENTRY, stage_target, None, None, flags)
        except HlslError as first:
            try:
                return compile_hlsl(pp.text + _wrapper(fns, ENTRY, True), file, ENTRY, "ps" + stage_target[2:],
                                    None, None, flags)
            except HlslError:
                raise first from None

    def build(fns: list[LibraryFunction]) -> bytes:
        return compiled(fns).blob

    def table(blob: bytes) -> list[dict[str, Any]]:
        refl = D3DReflect(blob)
        return [dict(name=b.Name, kind=_binding_kind(b.Type), slot=b.BindPoint, count=b.BindCount)
                for b in (refl.GetResourceBindingDesc(i) for i in range(refl.GetDesc().BoundResources))]

    if unfound is not None:  # a later exported declaration without a body: not found, after the earlier ones
        ahead = [m for f, m in zip(exports, functions) if (f.pos.line, f.pos.col) < (unfound.pos.line, unfound.pos.col)]
        for f in ahead:
            build([f])
        raise HlslError("", 0, 0, 3501, f"'{unfound.name}': entrypoint not found")
    whole_failed = False
    if functions:
        try:
            whole = compiled(functions)
        except HlslError:  # functions no one stage can hold together (a pixel-only one beside a matrix result)
            whole_failed = True
        else:
            # the library's warnings: those of the program holding every function, less the wrapper's own
            warnings += [w for w in whole.warnings if not w.startswith(WRAPPER_FILE)]
            bindings = table(whole.blob)
    for f in functions:
        f.blob = build([f])  # a function that does not compile fails the library here, with its own error
        if level9:
            _level9_flags(f, pp.text, file, level9, only, flags)
    if whole_failed:  # the union of the functions' tables, which must agree on every resource's slot
        for f in functions:
            for b in table(f.blob):
                same = next((x for x in bindings if x["name"] == b["name"]), None)
                if same is None:
                    bindings.append(b)
                elif same != b:
                    raise NotSupportedError(f"library resource '{b['name']}' placed at different slots by functions "
                                            "that cannot share one program (give it a register)")
    creator = D3DReflect(functions[0].blob).GetDesc().Creator if functions else CREATOR
    header = dict(format=FORMAT, target=target, creator=creator, flags=flags, file=file, source=pp.text,
                  bindings=bindings,
                  functions=[dict(name=f.name, params=f.params, ret=f.ret, level9_vs=f.level9_vs,
                                  level9_ps=f.level9_ps) for f in functions])
    chunks = [(HEADER_FOURCC, json.dumps(header).encode())]
    chunks += [(FUNCTION_FOURCC, f.blob) for f in functions]
    return build_container(chunks)


def _no_exported_function(text: str, file: str, stage_target: str, flags: int) -> None:
    """A library without one ``export`` function definition is X3501 (E_FAIL, no place) -- after the type rules of
    what the file holds, which fxc judges first (``float f(float x) { return y; }`` alone is X3004; an empty file,
    a ``static`` or unexported function, a declaration, globals only are X3501: d3dcompiler_47 10.1, session 47,
    lib_5_0 and lib_4_0_level_9_1). The functions are type-checked as functions nothing calls, beside a stand-in
    entry point."""
    from .compiler import compile_hlsl

    compile_hlsl(text + f"\nvoid {ENTRY}() {{}}\n", file, ENTRY, stage_target, None, None, flags)
    raise HlslError("", 0, 0, 3501, "a library must have at least one exported function")


def _level9_flags(f: LibraryFunction, text: str, file: str, level9: str, only: str | None, flags: int) -> None:
    from .compiler import compile_hlsl

    first: HlslError | None = None
    for pixel, kind in ((False, "vs"), (True, "ps")):
        if only == ("_ps_only" if kind == "vs" else "_vs_only"):
            continue
        try:
            compile_hlsl(text + _wrapper([f], ENTRY, pixel), file, ENTRY, f"{kind}_4_0_level_{level9}", None, None,
                         flags)
        except HlslError as exc:
            first = first or exc
            continue
        setattr(f, f"level9_{kind}", True)
    if not (f.level9_vs or f.level9_ps):
        assert first is not None
        raise first


#: D3D_SHADER_INPUT_TYPE -> the register set letter
_INPUT_KIND = {0: "b", 1: "t", 2: "t", 3: "s", 4: "u", 5: "t", 6: "u", 7: "t", 8: "u", 9: "u", 10: "u", 11: "u"}


def _binding_kind(input_type: int) -> str:
    return _INPUT_KIND.get(int(input_type), "t")


def read_library(data: bytes) -> LibraryData | None:
    """The library a blob from :func:`compile_library` holds; None when ``data`` is not one."""
    try:
        c = parse_container(data, verify_checksum=False)
    except Exception:  # noqa: BLE001 - not a DXBC container
        return None
    head = c.get(HEADER_FOURCC)
    if head is None:
        return None
    try:
        h = json.loads(head.decode())
    except ValueError:
        return None
    if h.get("format") != FORMAT:
        return None
    blobs = [ch.data for ch in c if ch.fourcc == FUNCTION_FOURCC]
    try:
        fns = [LibraryFunction(f["name"], f["params"], f["ret"], b"", bool(f.get("level9_vs")),
                               bool(f.get("level9_ps"))) for f in h["functions"]]
        lib = LibraryData(h["target"], h["creator"], h["flags"], h["file"], h["source"], fns, h["bindings"])
    except (KeyError, TypeError, AttributeError):  # a damaged header is no library
        return None
    if len(blobs) != len(fns) or not LIBRARY_TARGET.match(str(lib.target)):
        return None
    for f, b in zip(fns, blobs, strict=True):
        f.blob = b
    return lib
