"""HLSL shader linking (d3d11shader.h / d3dcompiler.h; the MicrosoftDocs pages "Packaging a shader library",
"Constructing a function-linking-graph and linking it to compiled code" and those of ID3D11Module,
ID3D11ModuleInstance, ID3D11Linker, ID3D11FunctionLinkingGraph, ID3D11LinkingNode, D3DLoadModule,
D3DCreateLinker, D3DCreateFunctionLinkingGraph).

Linking is by recompilation: a library blob (hlsl/library.py) carries its preprocessed source, a function
linking graph (FLG) is turned into HLSL that calls the library functions (GenerateHlsl's text), and
ID3D11Linker::Link compiles the libraries' sources and that entry function together for the link target with
this compiler. Each library resource is placed at the destination slot its module instance rebinds it to
(ID3D11ModuleInstance::Bind*), by setting the declaration's register before code generation.

Where the pages leave an answer open, d3dcompiler_47's behaviour as recorded in the documentation comments of
MaulingMonkey/thindx is followed (GenerateHlsl's text, the graph's and AddClipPlaneFromCBuffer's failures, Bind*'s
S_FALSE), else this module's rule (marked so in docs/conformance.md): a Bind* whose source slot (or name) the
library does not have returns S_FALSE and records nothing (the packaging page ignores Bind* results "as compiler
optimizations may eliminate the source slot"); a destination past the stage's slots, or a constant-buffer offset
not a multiple of 16, is E_FAIL (an offset
places the buffer's variables that many bytes further into the destination buffer, by ``packoffset``); a library
resource the linked shader uses without a rebinding fails the link (E_FAIL); the FLG's entry function is named
``main``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pyd3d11.api.com import IUnknown, iid
from pyd3d11.errors import E_FAIL, E_INVALIDARG, S_FALSE, S_OK, D3D11Error, NotSupportedError, error_for
from pyd3d11.headers.d3dcompiler_types import (
    D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY,
    D3DCOMPILE_ENABLE_STRICTNESS,
    D3DCOMPILE_IEEE_STRICTNESS,
    D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR,
    D3DCOMPILE_PACK_MATRIX_ROW_MAJOR,
    D3DCOMPILE_PARTIAL_PRECISION,
)

from .blob import ID3DBlob, blob_bytes
from .hlsl.library import (
    D3D_PF_IN,
    D3D_PF_OUT,
    LibraryData,
    LibraryFunction,
    interpolation_modifiers,
    param_hlsl_type,
)
from .library_reflection import D3D_RETURN_PARAMETER_INDEX

__all__ = ["D3DCreateFunctionLinkingGraph", "D3DCreateLinker", "D3DLoadModule", "ID3D11FunctionLinkingGraph",
           "ID3D11Linker", "ID3D11LinkingNode", "ID3D11Module", "ID3D11ModuleInstance"]

#: destination slots per register set (D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT 14,
#: _INPUT_RESOURCE_SLOT_COUNT 128, _SAMPLER_SLOT_COUNT 16, D3D11_1_UAV_SLOT_COUNT 64)
_SLOTS = {"b": 14, "t": 128, "s": 16, "u": 64}
FLG_ENTRY = "main"


def _param_dict(p: Any) -> dict[str, Any]:
    keys = ("Name", "SemanticName", "Type", "Class", "Rows", "Columns", "InterpolationMode", "Flags",
            "FirstInRegister", "FirstInComponent", "FirstOutRegister", "FirstOutComponent")
    if isinstance(p, dict):
        return {k: p.get(k, None if k in ("Name", "SemanticName") else 0) for k in keys}
    return {k: getattr(p, k, None if k in ("Name", "SemanticName") else 0) for k in keys}


# -- modules ---------------------------------------------------------------------------------------------------


class ID3D11Module(IUnknown):
    """A shader library (D3DLoadModule) or a finished function linking graph (its CreateModuleInstance)."""

    _iid = iid("ID3D11Module", "cac701ee-80fc-4122-8242-10b39c8cec34")

    def __init__(self, lib: LibraryData | None = None, flg_source: str | None = None,
                 flg_calls: tuple = ()) -> None:
        super().__init__()
        self._lib = lib
        self._flg_source = flg_source
        #: (namespace, function name) of each call an FLG module makes
        self._flg_calls = flg_calls

    def CreateInstance(self, pNamespace: str | None = None) -> ID3D11ModuleInstance:  # noqa: N802,N803
        """An instance of the module whose resources ID3D11ModuleInstance::Bind* rebinds; ``pNamespace``
        (NULL allowed) is the name ID3D11FunctionLinkingGraph::CallFunction finds it by."""
        if pNamespace is not None and not isinstance(pNamespace, str):
            raise error_for(E_INVALIDARG, "pNamespace is not a string", "ID3D11Module::CreateInstance")
        return ID3D11ModuleInstance(self, pNamespace or "")


@dataclass
class _Rebind:
    dst: int
    offset: int = 0


class ID3D11ModuleInstance(IUnknown):
    _iid = iid("ID3D11ModuleInstance", "469e07f7-045a-48d5-aa12-68a478cdf75d")

    def __init__(self, module: ID3D11Module, namespace: str) -> None:
        super().__init__()
        self._module = module
        self._namespace = namespace
        #: register set -> source slot -> rebinding
        self._binds: dict[str, dict[int, _Rebind]] = {k: {} for k in "btsu"}

    @property
    def library(self) -> LibraryData | None:
        return self._module._lib

    def _source_slots(self, kind: str) -> dict[int, str]:
        lib = self.library
        if lib is None:
            return {}
        out: dict[int, str] = {}
        for b in lib.bindings:
            if b["kind"] == kind:
                for i in range(max(1, b["count"])):
                    out[b["slot"] + i] = b["name"]
        return out

    def _slot_of(self, kind: str, name: Any) -> int | None:
        lib = self.library
        if lib is None or not isinstance(name, str):
            return None
        return next((b["slot"] for b in lib.bindings if b["kind"] == kind and b["name"] == name), None)

    def _bind(self, kind: str, src: Any, dst: Any, count: Any, method: str, offset: int = 0) -> int:
        for what, v in (("source slot", src), ("destination slot", dst), ("count", count), ("offset", offset)):
            if not isinstance(v, int) or v < 0:
                raise error_for(E_INVALIDARG, f"{what} {v!r} is not a UINT", method)
        if dst + count > _SLOTS[kind]:
            raise error_for(E_FAIL, f"destination {kind}{dst} (+{count}) is past the {_SLOTS[kind]} slots", method)
        if offset % 16:
            raise error_for(E_FAIL, f"constant-buffer offset {offset} is not a multiple of 16 bytes", method)
        slots = self._source_slots(kind)
        if not any(src + i in slots for i in range(count)):
            return S_FALSE  # the library has no such slot (or the compiler removed it): nothing to rebind
        for i in range(count):
            self._binds[kind][src + i] = _Rebind(dst + i, offset)
        return S_OK

    def BindConstantBuffer(self, uSrcSlot: int, uDstSlot: int, cbDstOffset: int = 0) -> int:  # noqa: N802,N803
        return self._bind("b", uSrcSlot, uDstSlot, 1, "ID3D11ModuleInstance::BindConstantBuffer", cbDstOffset)

    def BindConstantBufferByName(self, pName: str, uDstSlot: int, cbDstOffset: int = 0) -> int:  # noqa: N802,N803
        src = self._slot_of("b", pName)
        if src is None:
            return S_FALSE
        return self._bind("b", src, uDstSlot, 1, "ID3D11ModuleInstance::BindConstantBufferByName", cbDstOffset)

    def BindResource(self, uSrcSlot: int, uDstSlot: int, uCount: int = 1) -> int:  # noqa: N802,N803
        return self._bind("t", uSrcSlot, uDstSlot, uCount, "ID3D11ModuleInstance::BindResource")

    def BindResourceByName(self, pName: str, uDstSlot: int, uCount: int = 1) -> int:  # noqa: N802,N803
        src = self._slot_of("t", pName)
        if src is None:
            return S_FALSE
        return self._bind("t", src, uDstSlot, uCount, "ID3D11ModuleInstance::BindResourceByName")

    def BindSampler(self, uSrcSlot: int, uDstSlot: int, uCount: int = 1) -> int:  # noqa: N802,N803
        return self._bind("s", uSrcSlot, uDstSlot, uCount, "ID3D11ModuleInstance::BindSampler")

    def BindSamplerByName(self, pName: str, uDstSlot: int, uCount: int = 1) -> int:  # noqa: N802,N803
        src = self._slot_of("s", pName)
        if src is None:
            return S_FALSE
        return self._bind("s", src, uDstSlot, uCount, "ID3D11ModuleInstance::BindSamplerByName")

    def BindUnorderedAccessView(self, uSrcSlot: int, uDstSlot: int, uCount: int = 1) -> int:  # noqa: N802,N803
        return self._bind("u", uSrcSlot, uDstSlot, uCount, "ID3D11ModuleInstance::BindUnorderedAccessView")

    def BindUnorderedAccessViewByName(self, pName: str, uDstSlot: int, uCount: int = 1) -> int:  # noqa: N802,N803
        src = self._slot_of("u", pName)
        if src is None:
            return S_FALSE
        return self._bind("u", src, uDstSlot, uCount, "ID3D11ModuleInstance::BindUnorderedAccessViewByName")

    def _as_uav(self, src: int | None, count: int, method: str) -> int:
        slots = self._source_slots("t")
        if src is None or not any(src + i in slots for i in range(count)):
            return S_FALSE
        raise NotSupportedError(f"{method}: rebinding a shader resource as an unordered access view", method)

    def BindResourceAsUnorderedAccessView(self, uSrcSrvSlot: int, uDstUavSlot: int,  # noqa: N802,N803
                                          uCount: int = 1) -> int:
        return self._as_uav(uSrcSrvSlot, uCount, "ID3D11ModuleInstance::BindResourceAsUnorderedAccessView")

    def BindResourceAsUnorderedAccessViewByName(self, pSrvName: str, uDstUavSlot: int,  # noqa: N802,N803
                                                uCount: int = 1) -> int:
        return self._as_uav(self._slot_of("t", pSrvName), uCount,
                            "ID3D11ModuleInstance::BindResourceAsUnorderedAccessViewByName")


def D3DLoadModule(pSrcData: Any, cbSrcDataSize: int | None = None) -> ID3D11Module:  # noqa: N802,N803
    """An ID3D11Module of a library blob (D3DCompile for lib_4_0 / lib_4_1 / lib_5_0); D3DReflect's checks on
    the data (D3DERR_INVALIDCALL for a size the header does not state), E_FAIL for a blob that is no library."""
    from .library_reflection import library_from

    data = blob_bytes(pSrcData) if pSrcData is not None else b""
    if cbSrcDataSize is not None:
        data = data[:cbSrcDataSize]
    return ID3D11Module(library_from(data, "D3DLoadModule"))


# -- the function linking graph ----------------------------------------------------------------------------------


class ID3D11LinkingNode(IUnknown):
    _iid = iid("ID3D11LinkingNode", "d80dd70c-8d2f-4751-94a1-03c79b3556db")

    def __init__(self, graph: ID3D11FunctionLinkingGraph, kind: str, index: int, params: list[dict[str, Any]],
                 ret: dict[str, Any] | None = None, namespace: str = "", fn: str = "") -> None:
        super().__init__()
        self._graph, self._kind, self._index = graph, kind, index
        self._params, self._ret, self._namespace, self._fn = params, ret, namespace, fn

    def _value(self, index: int, as_source: bool) -> dict[str, Any] | None:
        """The parameter ``index`` names on this node as a source (an input-signature value, a call's result
        or out parameter) or a destination (an output-signature value, a call's in parameter); None if none."""
        if self._kind == "call" and index == D3D_RETURN_PARAMETER_INDEX:
            return self._ret if as_source else None
        if not isinstance(index, int) or not 0 <= index < len(self._params):
            return None
        p = self._params[index]
        if self._kind == "input":
            return p if as_source else None
        if self._kind == "output":
            return None if as_source else p
        return p if p["Flags"] & (D3D_PF_OUT if as_source else D3D_PF_IN) else None


@dataclass
class _Edge:
    src: ID3D11LinkingNode
    src_index: int
    src_swizzle: str
    dst: ID3D11LinkingNode
    dst_index: int
    dst_swizzle: str


_SWIZZLE = re.compile(r"^([xyzw]{1,4}|[rgba]{1,4})$")


def _components(swizzle: str) -> set[int]:
    """The components a destination swizzle writes (all four for none)."""
    return {"xyzwrgba".index(c) % 4 for c in swizzle} if swizzle else {0, 1, 2, 3}


@dataclass
class _Graph:
    nodes: list[ID3D11LinkingNode] = field(default_factory=list)
    edges: list[_Edge] = field(default_factory=list)


def _fresh_errors(method: Any) -> Any:
    """GetLastError reports "the error from the last function call of the function-linking-graph" (its page):
    each graph method starts with no error."""
    import functools

    @functools.wraps(method)
    def call(self: ID3D11FunctionLinkingGraph, *args: Any, **kwargs: Any) -> Any:
        self._errors = []
        return method(self, *args, **kwargs)

    return call


class ID3D11FunctionLinkingGraph(IUnknown):
    _iid = iid("ID3D11FunctionLinkingGraph", "54133220-1ce8-43d3-8236-9855c5ceecff")

    def __init__(self) -> None:
        super().__init__()
        self._g = _Graph()
        self._input: ID3D11LinkingNode | None = None
        self._output: ID3D11LinkingNode | None = None
        self._errors: list[str] = []

    def _fail(self, hr: int, msg: str, method: str) -> D3D11Error:
        self._errors.append(f"{method}: {msg}")
        return error_for(hr, msg, f"ID3D11FunctionLinkingGraph::{method}")

    def _signature(self, params: Any, count: Any, method: str, flag: int, kind: str) -> ID3D11LinkingNode:
        if params is None:
            params = []
        params = list(params)[:count] if isinstance(count, int) else list(params)
        descs = [_param_dict(p) for p in params]
        for d in descs:
            try:
                param_hlsl_type(d)
            except ValueError as exc:  # no HLSL value: a bad description (double: NotSupportedError)
                raise self._fail(E_INVALIDARG, str(exc), method) from None
        node = ID3D11LinkingNode(self, kind, len(self._g.nodes), descs)
        self._g.nodes.append(node)
        return node

    @_fresh_errors
    def SetInputSignature(self, pInputParameters: Any, cInputParameters: int | None = None) -> ID3D11LinkingNode:  # noqa: N802,N803
        """The input node: the shader's input parameters (D3D11_PARAMETER_DESC: name, semantic, type, class,
        rows, columns, interpolation mode); a second input signature fails (E_FAIL)."""
        if self._input is not None:
            raise self._fail(E_FAIL, "the input signature is already set", "SetInputSignature")
        self._input = self._signature(pInputParameters, cInputParameters, "SetInputSignature", D3D_PF_IN, "input")
        return self._input

    @_fresh_errors
    def SetOutputSignature(self, pOutputParameters: Any, cOutputParameters: int | None = None) -> ID3D11LinkingNode:  # noqa: N802,N803
        if self._output is not None:
            raise self._fail(E_FAIL, "the output signature is already set", "SetOutputSignature")
        self._output = self._signature(pOutputParameters, cOutputParameters, "SetOutputSignature", D3D_PF_OUT,
                                       "output")
        return self._output

    @_fresh_errors
    def CallFunction(self, pModuleInstanceNamespace: str | None, pModuleWithFunctionPrototype: Any,  # noqa: N802,N803
                     pFunctionName: str) -> ID3D11LinkingNode:
        """A call node of ``pFunctionName``, an exported function of the library module given (its
        prototype: parameters and return value); at link time the call goes to the library instance whose
        namespace is ``pModuleInstanceNamespace``. An unknown function, or a call after SetOutputSignature, is
        E_FAIL (both recorded for d3dcompiler_47)."""
        if self._output is not None:  # d3dcompiler_47's record: E_FAIL once the output signature is set
            raise self._fail(E_FAIL, "CallFunction after SetOutputSignature", "CallFunction")
        mod = pModuleWithFunctionPrototype
        lib = mod._lib if isinstance(mod, ID3D11Module) else None
        if lib is None:
            raise self._fail(E_INVALIDARG, "pModuleWithFunctionPrototype is not a library module", "CallFunction")
        fn: LibraryFunction | None = lib.function(pFunctionName) if isinstance(pFunctionName, str) else None
        if fn is None:
            raise self._fail(E_FAIL, f"the library has no exported function {pFunctionName!r}", "CallFunction")
        node = ID3D11LinkingNode(self, "call", len(self._g.nodes), [dict(p) for p in fn.params],
                                 dict(fn.ret) if fn.ret else None, pModuleInstanceNamespace or "", fn.name)
        self._g.nodes.append(node)
        return node

    @_fresh_errors
    def PassValue(self, pSrcNode: Any, SrcParameterIndex: int, pDstNode: Any, DstParameterIndex: int) -> None:  # noqa: N802,N803
        self._pass(pSrcNode, SrcParameterIndex, "", pDstNode, DstParameterIndex, "", "PassValue")

    @_fresh_errors
    def PassValueWithSwizzle(self, pSrcNode: Any, SrcParameterIndex: int, pSrcSwizzle: str, pDstNode: Any,  # noqa: N802,N803
                             DstParameterIndex: int, pDstSwizzle: str) -> None:
        """PassValue with the source components ``pSrcSwizzle`` picks written to the destination components
        ``pDstSwizzle`` names (xyzw or rgba, 1-4 letters; two swizzles of different lengths fail)."""
        for s in (pSrcSwizzle, pDstSwizzle):
            if not isinstance(s, str) or not _SWIZZLE.match(s):
                raise self._fail(E_INVALIDARG, f"swizzle {s!r} is not 1-4 of xyzw or rgba", "PassValueWithSwizzle")
        if len(pSrcSwizzle) != len(pDstSwizzle):
            raise self._fail(E_INVALIDARG, f"swizzles {pSrcSwizzle!r} and {pDstSwizzle!r} differ in length",
                             "PassValueWithSwizzle")
        self._pass(pSrcNode, SrcParameterIndex, pSrcSwizzle, pDstNode, DstParameterIndex, pDstSwizzle,
                   "PassValueWithSwizzle")

    def _pass(self, src: Any, si: int, ss: str, dst: Any, di: int, ds: str, method: str) -> None:
        for n in (src, dst):
            if not isinstance(n, ID3D11LinkingNode) or n._graph is not self:
                raise self._fail(E_INVALIDARG, "a node that is not one of this graph's", method)
        if src._value(si, True) is None:
            raise self._fail(E_INVALIDARG, f"parameter {si} of the source node is no value it produces", method)
        if dst._value(di, False) is None:
            raise self._fail(E_INVALIDARG, f"parameter {di} of the destination node is no value it takes", method)
        # a destination takes one value (d3dcompiler_47's record: E_FAIL for a second PassValue); swizzled
        # passes may fill distinct components of it (this module's reading of the swizzle's purpose)
        mine = _components(ds)
        for e in self._g.edges:
            if e.dst is dst and e.dst_index == di and _components(e.dst_swizzle) & mine:
                raise self._fail(E_FAIL, f"parameter {di} of the destination node already takes a value", method)
        self._g.edges.append(_Edge(src, si, ss, dst, di, ds))

    def GetLastError(self) -> ID3DBlob | None:  # noqa: N802
        """The error of the last graph method called (None when it succeeded or nothing was called yet)."""
        return ID3DBlob(("\n".join(self._errors) + "\n").encode()) if self._errors else None

    # -- HLSL --------------------------------------------------------------------------------------------------

    def _order(self, method: str) -> list[ID3D11LinkingNode]:
        """The call nodes in an order where each comes after the calls it takes values from (creation order
        where that holds); a cycle fails."""
        calls = [n for n in self._g.nodes if n._kind == "call"]
        deps = {id(n): {id(e.src) for e in self._g.edges if e.dst is n and e.src._kind == "call"} for n in calls}
        done: set[int] = set()
        out: list[ID3D11LinkingNode] = []
        while len(out) < len(calls):
            ready = [n for n in calls if id(n) not in done and deps[id(n)] <= done]
            if not ready:
                raise self._fail(E_FAIL, "the graph's calls pass values in a cycle", method)
            out.append(ready[0])
            done.add(id(ready[0]))
        return out

    def _hlsl(self, method: str, validate: bool, qualified: bool = True) -> str:
        """The graph's HLSL in the form d3dcompiler_47's GenerateHlsl was recorded writing (thindx's
        documentation of ID3D11FunctionLinkingGraph, one call node): a prototype of each called function, then
        ``void main(in T name : SEMANTIC, ..., out T name : SEMANTIC)`` -- an unnamed value is
        ``__Input_n<node>_<index>`` / ``__Output_n<node>_<index>`` -- whose body holds, per call node, a local
        ``<function>_n<node>_<k>`` for the return value (k = 0) and each parameter (k = index + 1), the values
        passed to its in parameters, and ``<ret> = ::<function>(<params>);``, then the output values in
        parameter order. Several calls are written one node after another in dependency order, and interpolation
        modifiers other than linear before their input: this module's choices where the record has one call and
        linear inputs. ``qualified`` False drops the ``::`` / ``namespace::`` qualifier (this compiler's parser
        has no scope operator; the link names every function once)."""
        g = self._g
        order = self._order(method)
        inputs = self._input._params if self._input is not None else []
        outputs = self._output._params if self._output is not None else []

        def value_name(node: ID3D11LinkingNode, index: int) -> str:
            if node._kind == "call":
                return f"{node._fn}_n{node._index}_{0 if index == D3D_RETURN_PARAMETER_INDEX else index + 1}"
            p = node._params[index]
            side = "Input" if node._kind == "input" else "Output"
            return p["Name"] if p["Name"] else f"__{side}_n{node._index}_{index}"

        def assigns(dst: ID3D11LinkingNode, index: int) -> list[str]:
            lines = []
            for e in g.edges:
                if e.dst is dst and e.dst_index == index:
                    src = value_name(e.src, e.src_index) + (f".{e.src_swizzle}" if e.src_swizzle else "")
                    target = value_name(dst, index) + (f".{e.dst_swizzle}" if e.dst_swizzle else "")
                    lines.append(f"    {target} = {src};")
            return lines

        protos: dict[str, str] = {}
        body: list[str] = []
        for n in order:
            args = []
            for p in n._params:
                mod = "inout" if p["Flags"] == D3D_PF_IN | D3D_PF_OUT else "out" if p["Flags"] == D3D_PF_OUT else "in"
                args.append(f"{mod} {param_hlsl_type(p)} {p['Name']}")
            ret_t = param_hlsl_type(n._ret) if n._ret else "void"
            protos.setdefault(n._fn, f"{ret_t} {n._fn}({', '.join(args)});")
            if n._ret:
                body.append(f"    {ret_t} {value_name(n, -1)};")
            body += [f"    {param_hlsl_type(p)} {value_name(n, j)};" for j, p in enumerate(n._params)]
            for j, p in enumerate(n._params):
                mine = assigns(n, j)
                if validate and p["Flags"] & D3D_PF_IN and not mine:
                    raise self._fail(E_FAIL, f"parameter {j} of the call to {n._fn} is passed no value", method)
                body += mine
            prefix = (f"{n._namespace}::" if n._namespace else "::") if qualified else ""
            call = f"{prefix}{n._fn}({', '.join(value_name(n, j) for j in range(len(n._params)))});"
            body.append(f"    {value_name(n, -1)} = {call}" if n._ret else f"    {call}")
        for j in range(len(outputs)):
            assert self._output is not None
            mine = assigns(self._output, j)
            if validate and not mine:
                raise self._fail(E_FAIL, f"output parameter {j} is passed no value", method)
            body += mine
        names = [value_name(node, j) for node, values in ((self._input, inputs), (self._output, outputs))
                 for j in range(len(values)) if node is not None]
        twice = sorted({n for n in names if names.count(n) > 1})
        if validate and twice:  # main's parameters would redefine one name (fxc's X3003)
            raise self._fail(E_FAIL, f"signature values share the name '{twice[0]}'", method)
        params = []
        for side, node, values in (("in", self._input, inputs), ("out", self._output, outputs)):
            for j, p in enumerate(values):
                assert node is not None
                sem = f" : {p['SemanticName']}" if p["SemanticName"] else ""
                interp = interpolation_modifiers(p["InterpolationMode"]) if side == "in" else ""
                interp = "" if interp == "linear" else interp
                params.append(f"{side} {interp + ' ' if interp else ''}{param_hlsl_type(p)} {value_name(node, j)}{sem}")
        head = "".join(f"{t}\n" for t in protos.values()) + ("\n" if protos else "")
        return head + f"void {FLG_ENTRY}({', '.join(params)})\n{{\n" + "".join(f"{b}\n" for b in body) + "}\n"

    @_fresh_errors
    def GenerateHlsl(self, uFlags: int = 0) -> ID3DBlob:  # noqa: N802,N803
        """The graph as HLSL (the form :meth:`_hlsl` describes); an empty graph is ``void main()`` with an empty
        body, as recorded. A cycle fails (E_FAIL)."""
        return ID3DBlob(self._hlsl("GenerateHlsl", False).encode())

    @_fresh_errors
    def CreateModuleInstance(self, ppErrorBuffer: list | None = None) -> ID3D11ModuleInstance:  # noqa: N802,N803
        """Finalise the graph into a module instance to pass to ID3D11Linker::Link. Before SetOutputSignature
        (d3dcompiler_47's recorded failure), with a call's in parameter or an output value given no value, or
        with a cycle (this module's: the generated HLSL would not compile) it fails with E_FAIL, the message in
        ppErrorBuffer and GetLastError. A graph of signatures alone (input passed to output) is a module, as
        recorded."""
        try:
            if self._output is None:
                raise self._fail(E_FAIL, "the graph has no output signature", "CreateModuleInstance")
            self._hlsl("CreateModuleInstance", True)
            text = self._hlsl("CreateModuleInstance", True, qualified=False)
        except D3D11Error as exc:
            if ppErrorBuffer is not None:
                ppErrorBuffer.append(self.GetLastError())
            raise exc from None
        calls = tuple((n._namespace, n._fn) for n in self._g.nodes if n._kind == "call")
        return ID3D11Module(None, text, calls).CreateInstance("")


def D3DCreateFunctionLinkingGraph(uFlags: int = 0) -> ID3D11FunctionLinkingGraph:  # noqa: N802,N803
    """``uFlags`` is reserved (the page: "Reserved, set to 0"); another value is E_INVALIDARG."""
    if uFlags:
        raise error_for(E_INVALIDARG, f"uFlags {uFlags!r} is reserved (0)", "D3DCreateFunctionLinkingGraph")
    return ID3D11FunctionLinkingGraph()


# -- the linker ----------------------------------------------------------------------------------------------------


class ID3D11Linker(IUnknown):
    _iid = iid("ID3D11Linker", "59a6cd0e-e10d-4c1f-88c0-63aba1daf30e")

    def __init__(self) -> None:
        super().__init__()
        self._libraries: list[ID3D11ModuleInstance] = []
        self._clip_planes: list[tuple[int, int]] = []

    def UseLibrary(self, pLibraryMI: Any) -> None:  # noqa: N802,N803
        if not isinstance(pLibraryMI, ID3D11ModuleInstance) or pLibraryMI.library is None:
            raise error_for(E_INVALIDARG, "pLibraryMI is not an instance of a library module",
                            "ID3D11Linker::UseLibrary")
        if pLibraryMI not in self._libraries:
            self._libraries.append(pLibraryMI)

    def AddClipPlaneFromCBuffer(self, uCBufferSlot: int, uCBufferEntry: int) -> None:  # noqa: N802,N803
        """A clip plane read from constant buffer ``uCBufferSlot``, float4 entry ``uCBufferEntry``, for 10Level9
        vertex shaders ("User clip planes on 10Level9": up to 6 planes). d3dcompiler_47's recorded checks
        (thindx's documentation of ID3D11Linker): a slot past 14 or an entry past 4095, or a (slot, entry)
        already added, E_INVALIDARG; a seventh plane E_FAIL. Planes are recorded and refused by name at Link
        (clip planes are not built into linked shaders)."""
        method = "ID3D11Linker::AddClipPlaneFromCBuffer"
        for v, limit in ((uCBufferSlot, 15), (uCBufferEntry, 4096)):
            if not isinstance(v, int) or not 0 <= v < limit:
                raise error_for(E_INVALIDARG, f"{v!r} is past the {limit} constant-buffer slots / entries", method)
        if (uCBufferSlot, uCBufferEntry) in self._clip_planes:
            raise error_for(E_INVALIDARG, f"clip plane cb{uCBufferSlot}[{uCBufferEntry}] is already added", method)
        if len(self._clip_planes) >= 6:
            raise error_for(E_FAIL, "a seventh clip plane (10Level9 has 6)", method)
        self._clip_planes.append((uCBufferSlot, uCBufferEntry))

    def Link(self, pEntry: Any, pEntryName: str, pTargetName: str, uFlags: int = 0,  # noqa: N802,N803
             ppErrorBuffer: list | None = None) -> ID3DBlob:
        """A shader blob for ``pTargetName`` whose entry is ``pEntryName`` of ``pEntry`` (an FLG's module
        instance, entry ``main``, or a library instance's exported function), with the libraries UseLibrary
        named. Failures are E_FAIL with the message in ppErrorBuffer."""
        from .hlsl.diagnostics import HlslError

        try:
            return self._link(pEntry, pEntryName, pTargetName)
        except HlslError as exc:
            err = D3D11Error(E_FAIL, exc.report(), "ID3D11Linker::Link")
            msg = exc.report()
        except NotSupportedError:
            raise
        except D3D11Error as exc:
            err, msg = exc, exc.message
        if ppErrorBuffer is not None:
            ppErrorBuffer.append(ID3DBlob((msg + "\n").encode()))
        raise err

    def _link(self, entry: Any, name: Any, target: Any) -> ID3DBlob:
        from .hlsl.compiler import compile_hlsl

        method = "ID3D11Linker::Link"
        if not isinstance(entry, ID3D11ModuleInstance):
            raise error_for(E_INVALIDARG, "pEntry is not a module instance", method)
        if not isinstance(name, str) or not isinstance(target, str):
            raise error_for(E_INVALIDARG, "pEntryName and pTargetName must be strings", method)
        if self._clip_planes:
            raise NotSupportedError("ID3D11Linker::AddClipPlaneFromCBuffer clip planes (10Level9 link targets)",
                                    method)
        instances = list(self._libraries)
        mod = entry._module
        if mod._lib is not None:
            if mod._lib.function(name) is None:
                raise error_for(E_FAIL, f"the entry module has no exported function {name!r}", method)
            if entry not in instances:
                instances.append(entry)
        elif name != FLG_ENTRY:
            raise error_for(E_FAIL, f"entry point {name!r} not found (a function linking graph's is "
                            f"'{FLG_ENTRY}')", method)
        else:
            for ns, fn in mod._flg_calls:
                inst = next((i for i in instances if i._namespace == ns), None)
                if inst is None:
                    raise error_for(E_FAIL, f"no library instance of namespace {ns!r} (ID3D11Linker::UseLibrary) "
                                    f"for the call to {fn}", method)
                assert inst.library is not None
                if inst.library.function(fn) is None:
                    raise error_for(E_FAIL, f"library instance {ns!r} has no exported function {fn!r}", method)
        libs: list[ID3D11ModuleInstance] = []
        for inst in instances:
            same = [i for i in libs if i._module is inst._module]
            if same:
                raise NotSupportedError("linking two instances of one library module", method)
            libs.append(inst)
        owners = _global_owners(libs, method)
        text = "".join(i.library.source + "\n" for i in libs if i.library is not None)
        if mod._flg_source is not None:
            text += '#line 1 "<function linking graph>"\n' + mod._flg_source
        wanted = _wanted_registers(libs, owners)

        shifted = _shifted_layouts(libs, method)

        def hook(prog: Any) -> None:
            _pin_registers(prog, wanted, shifted)

        res = compile_hlsl(text, "<link>", name, target, None, None, _link_flags(libs, method), hook)
        _check_bindings(res.blob, libs, owners, wanted, method)
        _check_layouts(res.blob, shifted, method)
        return ID3DBlob(res.blob)


def D3DCreateLinker() -> ID3D11Linker:  # noqa: N802
    return ID3D11Linker()


# -- link helpers ---------------------------------------------------------------------------------------------------


def _top_names(source: str) -> tuple[set[str], bool]:
    """The global names a library source declares, and whether it has loose uniforms (numeric globals outside
    a cbuffer, which make up its own $Globals buffer)."""
    from .hlsl import ast as A
    from .hlsl.lexer import lex
    from .hlsl.parser import Parser
    from .hlsl.types import ArrayType, ObjectType

    prog = Parser(lex(source, "<library>"), "vs_5_0").parse_program()
    names: set[str] = set()
    loose = False
    for d in prog.decls:
        if isinstance(d, (A.FuncDef, A.VarDecl, A.CBufferDecl)):
            names.add(d.name)
            if isinstance(d, A.CBufferDecl):
                names.update(m.name for m in d.members)
        if isinstance(d, A.VarDecl) and not ({"static", "groupshared"} & set(d.mods)):
            t = d.type
            while isinstance(t, ArrayType):
                t = t.elem
            loose = loose or not isinstance(t, ObjectType)
    return names, loose


def _global_owners(libs: list[ID3D11ModuleInstance], method: str) -> dict[str, ID3D11ModuleInstance]:
    """Which library instance declares each global name; two libraries declaring one name cannot share one
    program (linking by recompilation) and are refused by name, as are two libraries with loose uniforms
    (compiled together their $Globals buffers would merge into one with another layout than either's)."""
    owners: dict[str, ID3D11ModuleInstance] = {}
    with_globals: list[ID3D11ModuleInstance] = []
    for inst in libs:
        assert inst.library is not None
        names, loose = _top_names(inst.library.source)
        if loose:
            with_globals.append(inst)
        for n in names:
            if n in owners and owners[n] is not inst:
                raise NotSupportedError(f"linking libraries that both declare '{n}'", method)
            owners[n] = inst
    if len(with_globals) > 1:
        raise NotSupportedError("linking two libraries that both have loose uniforms ($Globals)", method)
    return owners


#: compile flags that change what the libraries' code means or how their constant buffers are laid out: the link
#: compiles the libraries' sources again under them (D3DCOMPILE_PACK_MATRIX_*, ENABLE_STRICTNESS,
#: ENABLE_BACKWARDS_COMPATIBILITY, IEEE_STRICTNESS, PARTIAL_PRECISION)
_MEANING_FLAGS = (D3DCOMPILE_PACK_MATRIX_ROW_MAJOR | D3DCOMPILE_PACK_MATRIX_COLUMN_MAJOR | D3DCOMPILE_PARTIAL_PRECISION
                  | D3DCOMPILE_ENABLE_STRICTNESS | D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
                  | D3DCOMPILE_IEEE_STRICTNESS)


def _link_flags(libs: list[ID3D11ModuleInstance], method: str) -> int:
    """The flags the linked program is compiled with: those of the libraries that change their meaning (a
    row_major-packed library stays row_major); libraries compiled under different such flags are refused."""
    found = {inst.library.flags & _MEANING_FLAGS for inst in libs if inst.library is not None}
    if len(found) > 1:
        raise NotSupportedError("linking libraries compiled with different matrix-packing or strictness flags",
                                method)
    return found.pop() if found else 0


def _wanted_registers(libs: list[ID3D11ModuleInstance], owners: dict) -> dict[str, tuple[str, int]]:
    """Resource name -> (register set, destination slot) from each instance's rebindings."""
    out: dict[str, tuple[str, int]] = {}
    for inst in libs:
        assert inst.library is not None
        for b in inst.library.bindings:
            r = inst._binds[b["kind"]].get(b["slot"])
            if r is not None:
                out[b["name"]] = (b["kind"], r.dst)
    return out


def _library_layout(lib: LibraryData, cbuffer: str) -> dict[str, int]:
    """Variable -> byte offset of constant buffer ``cbuffer`` in the library (a function's RDEF lists every
    variable of each buffer it uses)."""
    from .reflection import D3DReflect

    for f in lib.functions:
        cb = D3DReflect(f.blob).GetConstantBufferByName(cbuffer)
        try:
            d = cb.GetDesc()
        except D3D11Error:
            continue
        return {v.GetDesc().Name: v.GetDesc().StartOffset for v in (cb.GetVariableByIndex(i) for i in range(d.Variables))}
    return {}


def _shifted_layouts(libs: list[ID3D11ModuleInstance], method: str) -> dict[str, dict[str, int]]:
    """Constant buffers rebound with a destination offset (ID3D11ModuleInstance::BindConstantBuffer's
    cbDstOffset: the buffer's contents start that many bytes into the destination buffer): buffer -> variable
    -> its byte offset in the destination. Two library buffers sharing one destination slot (the offset's use:
    several libraries' constants in one buffer) would have to become one buffer and are refused by name."""
    out: dict[str, dict[str, int]] = {}
    slots: dict[int, str] = {}
    for inst in libs:
        lib = inst.library
        assert lib is not None
        for b in lib.bindings:
            r = inst._binds["b"].get(b["slot"]) if b["kind"] == "b" else None
            if r is None:
                continue
            if r.dst in slots:
                raise NotSupportedError(f"linking constant buffers '{slots[r.dst]}' and '{b['name']}' into one "
                                        f"destination slot b{r.dst}", method)
            slots[r.dst] = b["name"]
            if r.offset:
                out[b["name"]] = {n: o + r.offset for n, o in _library_layout(lib, b["name"]).items()}
    return out


def _pin_registers(prog: Any, wanted: dict[str, tuple[str, int]], shifted: dict[str, dict[str, int]]) -> None:
    """Each rebound declaration's register set to its destination slot; the variables of a buffer rebound with
    an offset get ``packoffset``s at their shifted positions."""
    from .hlsl import ast as A

    for d in prog.decls:
        if isinstance(d, A.CBufferDecl) and d.name in wanted:
            d.register = wanted[d.name][1]
            for m in d.members if d.name in shifted else ():
                at = shifted[d.name].get(m.name)
                if at is not None:
                    m.packoffset = (at // 16, at % 16 // 4)
        elif isinstance(d, A.VarDecl) and d.name in wanted:
            kind, slot = wanted[d.name]
            d.register = (kind, slot)
            d.registers = ((kind, slot),)


def _check_layouts(blob: bytes, shifted: dict[str, dict[str, int]], method: str) -> None:
    """Every variable of a buffer rebound with an offset sits at its shifted offset in the linked shader (a
    layout this compiler cannot reproduce is refused, never linked wrong)."""
    from .reflection import D3DReflect

    refl = D3DReflect(blob)
    for name, layout in shifted.items():
        cb = refl.GetConstantBufferByName(name)
        try:
            n = cb.GetDesc().Variables
        except D3D11Error:
            continue  # not used by the linked shader
        got = {v.GetDesc().Name: v.GetDesc().StartOffset for v in (cb.GetVariableByIndex(i) for i in range(n))}
        if any(got.get(v, o) != o for v, o in layout.items()):
            raise NotSupportedError(f"placing constant buffer '{name}' at its destination offset", method)


def _check_bindings(blob: bytes, libs: list[ID3D11ModuleInstance], owners: dict,
                    wanted: dict[str, tuple[str, int]], method: str) -> None:
    """Every library resource the linked shader uses must have been rebound, and sit where it was rebound
    to (a rebinding this compiler cannot place -- the $Globals buffer at another slot -- is refused)."""
    from .reflection import D3DReflect

    refl = D3DReflect(blob)
    lib_names = {b["name"] for i in libs if i.library is not None for b in i.library.bindings}
    for k in range(refl.GetDesc().BoundResources):
        b = refl.GetResourceBindingDesc(k)
        if b.Name not in lib_names:
            continue
        if b.Name not in wanted:
            raise error_for(E_FAIL, f"library resource '{b.Name}' is used but not rebound "
                            "(ID3D11ModuleInstance::Bind*)", method)
        if wanted[b.Name][1] != b.BindPoint:
            raise NotSupportedError(f"rebinding '{b.Name}' to slot {wanted[b.Name][1]} (placed at {b.BindPoint})",
                                    method)
