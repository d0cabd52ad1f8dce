"""Shader objects, input layouts, class linkage, and their creation-time validation.

Bytecode checks (D3D11 runtime): the DXBC container parses and its checksum matches
(``parse_container``, E_INVALIDARG otherwise), it holds a SHDR/SHEX program whose type matches the
Create* method, and the shader model is allowed at the device's feature level (caps.py). Each shader
object keeps the parsed container (``_container``), its signatures (``_input_signature``,
``_output_signature``, ``_patch_constant_signature``) and the decoded :class:`pyd3d11.shader.ir.Program`
(``_program``).

Class linkage (spec 7.19.6): ID3D11ClassLinkage hands out class instances — GetClassInstance finds the
instances declared in the IFCE chunks of shaders created with the linkage, CreateClassInstance makes
one from a class type name and explicit cb/texture/sampler offsets. ``*SetShader(shader, instances)``
binds instance i to interface slot i; :func:`stage_program` turns that into the shader's program
linked for those instances (shader.exec.interfaces.link_program), which is what draws and dispatches
execute.
"""

from __future__ import annotations

from typing import Any

from pyd3d11.errors import InvalidArgError

from . import device_consts as C
from .caps import FeatureLevelCaps, shader_model_allowed
from .com import ID3D11DeviceChild, iid
from .device_formats import FS_IA_VERTEX_BUFFER, format_facts, format_name, format_support
from .device_structs import D3D11_INPUT_ELEMENT_DESC, D3D11_SO_DECLARATION_ENTRY, coerce, header, reject

PROGRAM_NAMES = {0: "ps", 1: "vs", 2: "gs", 3: "hs", 4: "ds", 5: "cs"}


def bytecode_bytes(pShaderBytecode: Any, BytecodeLength: Any) -> bytes:  # noqa: N803
    """Bytes of a bytecode argument (bytes-like, or an ID3DBlob-like object with GetBufferPointer)."""
    if pShaderBytecode is None:
        raise reject("pShaderBytecode is NULL")
    if hasattr(pShaderBytecode, "GetBufferPointer"):
        pShaderBytecode = pShaderBytecode.GetBufferPointer()
    try:
        raw = bytes(memoryview(pShaderBytecode).cast("B"))
    except TypeError:
        raise reject(f"pShaderBytecode is not a bytes-like object ({type(pShaderBytecode).__name__})") from None
    if BytecodeLength is not None:
        n = int(BytecodeLength)
        if n > len(raw):
            raise reject(f"BytecodeLength {n} exceeds the {len(raw)} bytes given")
        raw = raw[:n]
    return raw


class ParsedShader:
    """A validated shader blob: container, program type and model, signatures and decoded IR."""

    def __init__(self, blob: bytes, container: Any, program_type: int, major: int, minor: int, program: Any,
                 level9: bool):
        self.blob = blob
        self.container = container
        self.program_type = program_type
        self.major, self.minor = major, minor
        self.program = program
        self.level9 = level9

    def signature(self, which: str) -> Any:
        try:
            return getattr(self.container, which)
        except InvalidArgError as e:
            raise reject(f"bad {which}: {e.message}") from None


def parse_shader(caps: FeatureLevelCaps, pShaderBytecode: Any, BytecodeLength: Any, expected: tuple[int, ...],  # noqa: N803
                 msg_prefix: str) -> ParsedShader:
    """Parse and check one shader blob; raises Reject (E_INVALIDARG) naming the problem."""
    from pyd3d11.shader.dxbc.container import parse_container

    blob = bytecode_bytes(pShaderBytecode, BytecodeLength)
    try:
        container = parse_container(blob)
    except InvalidArgError as e:
        raise reject(f"invalid shader bytecode: {e.message}", msg_prefix + "INVALIDSHADERBYTECODE") from None
    prog = container.program
    if prog is None or len(prog) < 8:
        raise reject("shader bytecode has no SHDR/SHEX program chunk", msg_prefix + "INVALIDSHADERBYTECODE")
    version = int.from_bytes(prog[:4], "little")
    ptype, major, minor = version >> 16, (version >> 4) & 0xF, version & 0xF
    if ptype not in PROGRAM_NAMES:
        raise reject(f"unknown program type {ptype}", msg_prefix + "INVALIDSHADERBYTECODE")
    if ptype not in expected:
        raise reject(f"bytecode is a {PROGRAM_NAMES[ptype]}_{major}_{minor} shader, expected "
                     f"{'/'.join(PROGRAM_NAMES[t] for t in expected)}", msg_prefix + "INVALIDSHADERTYPE")
    level9 = "Aon9" in container
    if not shader_model_allowed(caps.level, PROGRAM_NAMES[ptype], major, minor, level9):
        raise reject(f"shader model {PROGRAM_NAMES[ptype]}_{major}_{minor}{'_level_9_x' if level9 else ''} is not "
                     f"allowed at feature level {caps.name}", msg_prefix + "INVALIDSHADERBYTECODE")
    try:
        from pyd3d11.shader.dxbc.decoder import as_words, decode_program
        from pyd3d11.shader.dxbc.validate import UAV_SLOTS_11_1, validate_program

        program = decode_program(prog)
        # Every structural rule and stage limit is checked here so a created shader can never fail a draw. UAV
        # registers are checked against the bytecode's 64 slots; what the device's level allows (8 below 11_1)
        # is check_requirements' (64_UAVS), with the DEVICE_CREATE*SHADER_UAVSNOTSUPPORTED message.
        validate_program(program, as_words(prog), UAV_SLOTS_11_1)
    except InvalidArgError as e:
        raise reject(f"invalid shader program: {e.message}", msg_prefix + "INVALIDSHADERBYTECODE") from None
    from .shader_requirements import check_requirements

    check_requirements(caps, container, program, msg_prefix)  # what the bytecode needs of the level
    from pyd3d11.shader.dxbc import pydb

    debug = pydb.find(container)
    if debug is not None:  # /Zi debug information: the shader debugger finds it beside the program
        pydb.attach(program, debug)
    parsed = ParsedShader(blob, container, ptype, major, minor, program, level9)
    for which in ("input_signature", "output_signature", "patch_constant_signature"):
        parsed.signature(which)  # a malformed signature chunk is E_INVALIDARG at creation, not later
    return parsed


class _Shader(ID3D11DeviceChild):
    def __init__(self, device: Any, parsed: ParsedShader, class_linkage: Any = None) -> None:
        super().__init__(device)
        self._bytecode = parsed.blob
        self._container = parsed.container
        self._program = parsed.program
        self._program_type = parsed.program_type
        self._shader_model = (parsed.major, parsed.minor)
        self._input_signature = parsed.signature("input_signature")
        self._output_signature = parsed.signature("output_signature")
        self._patch_constant_signature = parsed.signature("patch_constant_signature")
        self._class_linkage = class_linkage
        if class_linkage is not None:
            class_linkage._shaders.append(self)


class ID3D11VertexShader(_Shader):
    _iid = iid("ID3D11VertexShader", "3b301d64-d678-4289-8897-22f8928b72f3")


class ID3D11HullShader(_Shader):
    _iid = iid("ID3D11HullShader", "8e5c6061-628a-4c8e-8264-bbe45cb3d5dd")


class ID3D11DomainShader(_Shader):
    _iid = iid("ID3D11DomainShader", "f582c508-0f36-490c-9977-31eece268cfa")


class ID3D11GeometryShader(_Shader):
    _iid = iid("ID3D11GeometryShader", "38325b96-effb-4022-ba02-2e795b70275c")

    def __init__(self, device: Any, parsed: ParsedShader, class_linkage: Any = None, so: Any = None) -> None:
        super().__init__(device, parsed, class_linkage)
        #: stream output: (entries, strides, rasterized stream) or None
        self._stream_output = so


class ID3D11PixelShader(_Shader):
    _iid = iid("ID3D11PixelShader", "ea82e40d-51dc-4f33-93d4-db7c9125ae8c")


class ID3D11ComputeShader(_Shader):
    _iid = iid("ID3D11ComputeShader", "4f5b196e-c2bd-495e-bd01-1fded38e4969")


# ------------------------------------------------------------------------------------------------
# Stream output declarations (D3D11_SO_DECLARATION_ENTRY rules, spec §14 / spec-facts §1.12)
# ------------------------------------------------------------------------------------------------


def validate_stream_output(caps: FeatureLevelCaps, out_sig: Any, pSODeclaration: Any, NumEntries: Any,  # noqa: N803
                           pBufferStrides: Any, NumStrides: Any, RasterizedStream: int) -> Any:  # noqa: N803
    P = "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_"
    if not caps.stream_output:
        raise reject(f"stream output needs feature level 10_0 (device is {caps.name})", P + "INVALIDSHADERTYPE")
    entries = [coerce(D3D11_SO_DECLARATION_ENTRY, e) for e in list(pSODeclaration or [])]
    if NumEntries is not None:
        if pSODeclaration is not None and int(NumEntries) == 0:  # a non-NULL pointer with no entries
            raise reject("pSODeclaration is given with NumEntries 0", P + "INVALIDNUMENTRIES")
        if int(NumEntries) > len(entries):
            raise reject(f"NumEntries {NumEntries} exceeds the {len(entries)} entries given", P + "INVALIDNUMENTRIES")
        entries = entries[:int(NumEntries)]
    if len(entries) > C.SO_STREAM_COUNT * 128:
        raise reject(f"{len(entries)} SO entries exceed 512", P + "INVALIDNUMENTRIES")
    strides = [int(s) for s in list(pBufferStrides or [])]
    if NumStrides is not None:
        strides = strides[:int(NumStrides)]
    if len(strides) > C.SO_BUFFER_SLOT_COUNT:
        raise reject(f"NumStrides {len(strides)} exceeds 4", P + "INVALIDOUTPUTSTREAMSTRIDE")
    for i, s in enumerate(strides):
        if s % 4 or s > 2048:
            raise reject(f"pBufferStrides[{i}] {s} must be a multiple of 4 and <= 2048",
                         P + "INVALIDOUTPUTSTREAMSTRIDE")
    rs = int(RasterizedStream) & 0xFFFFFFFF
    if rs != C.SO_NO_RASTERIZED_STREAM and rs >= C.SO_STREAM_COUNT:
        raise reject(f"RasterizedStream {RasterizedStream} is not 0-3 or D3D11_SO_NO_RASTERIZED_STREAM",
                     P + "INVALIDNUMENTRIES")
    if caps.level < C.FL_11_0:
        # Before 11_0 stream 0 is always rasterized (NO_RASTERIZED_STREAM included: rasterization is turned
        # off there by other means) and at most one stride may be given.
        if rs != 0:
            raise reject("RasterizedStream other than 0 needs feature level 11_0", P + "INVALIDNUMENTRIES")
        if len(strides) > 1:
            raise reject(f"NumStrides {len(strides)} above 1 needs feature level 11_0", P + "INVALIDOUTPUTSTREAMSTRIDE")
    slot_stream: dict[int, int] = {}
    slot_bytes = [0, 0, 0, 0]
    slot_entries = [0, 0, 0, 0]
    slot_has_output: set[int] = set()
    seen: dict[tuple[int, str, int], int] = {}  # (stream, semantic, index) -> components already output
    outputs = list(out_sig) if out_sig is not None else []
    if entries and out_sig is None:
        raise reject("the shader has no output signature", P + "MISSINGOUTPUTSIGNATURE")
    for i, e in enumerate(entries):
        where = f"pSODeclaration[{i}]"
        stream, slot = int(e.Stream), int(e.OutputSlot)
        start, count = int(e.StartComponent), int(e.ComponentCount)
        if stream >= C.SO_STREAM_COUNT or (stream and caps.level < C.FL_11_0):
            raise reject(f"{where}.Stream {stream} invalid at feature level {caps.name}", P + "INVALIDOUTPUTSLOT")
        if slot >= C.SO_BUFFER_SLOT_COUNT:
            raise reject(f"{where}.OutputSlot {slot} must be 0-3", P + "INVALIDOUTPUTSLOT")
        if slot_stream.setdefault(slot, stream) != stream:
            raise reject(f"{where}: OutputSlot {slot} is already fed by stream {slot_stream[slot]}",
                         P + "INVALIDOUTPUTSLOT")
        slot_entries[slot] += 1
        name = e.SemanticName
        gap = name is None or name == ""
        # A gap (no SemanticName) may span more than 4 components (D3D11_SO_DECLARATION_ENTRY docs).
        if count < 1 or (count > 4 and not gap):
            raise reject(f"{where}.ComponentCount {count} must be 1-4", P + "INVALIDCOMPONENTCOUNT")
        if gap:
            # A gap is only a skip: StartComponent and SemanticIndex must be 0 (wine test_geometry_shader,
            # invalid on native).
            if start or int(e.SemanticIndex):
                raise reject(f"{where}: a gap (no SemanticName) needs StartComponent and SemanticIndex 0",
                             P + "INVALIDSTARTCOMPONENTANDCOMPONENTCOUNT")
            slot_bytes[slot] += 4 * count  # skips memory
            continue
        slot_has_output.add(slot)
        if start + count > 4:
            raise reject(f"{where}: StartComponent {start} + ComponentCount {count} exceeds 4",
                         P + "INVALIDSTARTCOMPONENTANDCOMPONENTCOUNT")
        key = (stream, name.upper(), int(e.SemanticIndex))
        match = [s for s in outputs if s.semantic_name.upper() == name.upper()
                 and s.semantic_index == int(e.SemanticIndex) and s.stream == stream]
        if not match:
            raise reject(f"{where}: {name}{int(e.SemanticIndex)} (stream {stream}) is not in the shader's output "
                         "signature", P + "MISSINGSEMANTIC")
        # StartComponent counts within the element, from the first component its register mask holds.
        first = (match[0].mask & -match[0].mask).bit_length() - 1 if match[0].mask else 0
        want = ((1 << count) - 1) << (start + first)
        if match[0].mask & want != want:
            raise reject(f"{where}: components {start}..{start + count - 1} of {name}{int(e.SemanticIndex)} are not "
                         f"written (mask 0x{match[0].mask:X})", P + "MASKMISMATCH")
        comps = ((1 << count) - 1) << start
        if seen.get(key, 0) & comps:  # overlapping component ranges of one element in one stream
            raise reject(f"{where}: components of {name}{int(e.SemanticIndex)} output twice", P + "REPEATEDOUTPUT")
        seen[key] = seen.get(key, 0) | comps
        slot_bytes[slot] += 4 * count
    for slot in slot_stream:
        if slot not in slot_has_output:
            # Every output slot the declaration names must receive at least one real output, not only gaps
            # (wine test_geometry_shader: such declarations are E_INVALIDARG on native).
            raise reject(f"OutputSlot {slot} holds only gaps", P + "INVALIDOUTPUTSLOT")
    if strides:
        # With strides given, every slot the declaration feeds needs one at least as large as its entries.
        for slot in sorted(slot_stream):
            if slot >= len(strides):
                raise reject(f"OutputSlot {slot} is fed but only {len(strides)} strides are given",
                             P + "INVALIDOUTPUTSTREAMSTRIDE")
            if strides[slot] < slot_bytes[slot]:
                raise reject(f"pBufferStrides[{slot}] {strides[slot]} is smaller than the {slot_bytes[slot]} bytes "
                             "declared", P + "INVALIDOUTPUTSTREAMSTRIDE")
    if caps.level < C.FL_11_0 and slot_entries[0] != len(entries) and max(slot_entries) > 1:
        # Before 11_0 a declaration feeds either slot 0 alone or several slots with one entry each.
        raise reject("several output slots need exactly one entry each before feature level 11_0",
                     P + "INVALIDOUTPUTSLOT")
    return entries, strides, rs


# ------------------------------------------------------------------------------------------------
# Input layouts
# ------------------------------------------------------------------------------------------------


class ID3D11InputLayout(ID3D11DeviceChild):
    """``_elements``: the D3D11_INPUT_ELEMENT_DESC list with APPEND_ALIGNED_ELEMENT offsets resolved."""

    _iid = iid("ID3D11InputLayout", "e4819ddc-4cf0-4025-bd26-5de82a3e07b7")

    def __init__(self, device: Any, elements: list[Any], signature: Any) -> None:
        super().__init__(device)
        self._elements = elements
        self._input_signature = signature


_SYSTEM_GENERATED = {"SV_VERTEXID", "SV_INSTANCEID", "SV_PRIMITIVEID"}


def validate_input_layout(caps: FeatureLevelCaps, descs: Any, NumElements: Any, signature: Any,  # noqa: N803
                          warn: Any = None) -> list[Any]:
    P = "CREATEINPUTLAYOUT_"
    elements = [coerce(D3D11_INPUT_ELEMENT_DESC, e) for e in list(descs or [])]
    if NumElements is not None:
        if int(NumElements) > len(elements):
            raise reject(f"NumElements {NumElements} exceeds the {len(elements)} descs given", P + "TOOMANYELEMENTS")
        elements = elements[:int(NumElements)]
    if len(elements) > C.IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT:
        raise reject(f"{len(elements)} elements exceed 32", P + "TOOMANYELEMENTS")
    slot_end: dict[int, int] = {}
    slot_class: dict[int, tuple[int, int]] = {}
    names: set[tuple[str, int]] = set()
    for i, e in enumerate(elements):
        where = f"pInputElementDescs[{i}]"
        name = e.SemanticName
        if isinstance(name, bytes):
            name = e.SemanticName = name.decode("ascii")
        if not name:
            raise reject(f"{where}.SemanticName is empty", P + "NULLSEMANTIC")
        if name[-1].isdigit():
            raise reject(f"{where}.SemanticName '{name}' may not end in a digit (use SemanticIndex)",
                         P + "NULLSEMANTIC")
        key = (name.upper(), int(e.SemanticIndex))
        if key in names:
            raise reject(f"{where}: {name}{int(e.SemanticIndex)} appears twice", P + "DUPLICATESEMANTIC")
        names.add(key)
        fmt = int(e.Format)
        facts = format_facts(fmt)
        if facts is None or fmt == C.FMT_UNKNOWN or not format_support(fmt, caps.level) & FS_IA_VERTEX_BUFFER:
            raise reject(f"{where}.Format {format_name(fmt)} cannot be read by the input assembler",
                         P + "INVALIDFORMAT")
        slot = int(e.InputSlot)
        if slot >= caps.max_input_slots:
            raise reject(f"{where}.InputSlot {slot} exceeds the {caps.max_input_slots} slots at feature level "
                         f"{caps.name}", P + "INVALIDSLOT")
        cls, rate = int(e.InputSlotClass), int(e.InstanceDataStepRate)
        if cls not in (C.INPUT_PER_VERTEX_DATA, C.INPUT_PER_INSTANCE_DATA):
            raise reject(f"{where}.InputSlotClass {cls} is not a D3D11_INPUT_CLASSIFICATION",
                         P + "INVALIDINPUTSLOTCLASS")
        if cls == C.INPUT_PER_VERTEX_DATA and rate != 0:
            raise reject(f"{where}: per-vertex elements need InstanceDataStepRate 0 (got {rate})",
                         P + "STEPRATESLOTCLASSMISMATCH")
        if cls == C.INPUT_PER_INSTANCE_DATA and not caps.instancing and rate != 1:
            raise reject(f"{where}: 10Level9 9_1/9_2 instancing needs InstanceDataStepRate 1",
                         P + "STEPRATESLOTCLASSMISMATCH")
        if slot_class.setdefault(slot, (cls, rate)) != (cls, rate):
            raise reject(f"{where}: elements of InputSlot {slot} disagree on InputSlotClass/InstanceDataStepRate",
                         P + "INVALIDSLOTCLASSCHANGE")
        size = facts.bytes_per_block
        offset = int(e.AlignedByteOffset) & 0xFFFFFFFF
        if offset == C.APPEND_ALIGNED_ELEMENT:
            offset = slot_end.get(slot, 0)
            align = min(4, size)
            offset = -(-offset // align) * align
            e.AlignedByteOffset = offset
        if offset % min(4, size):
            raise reject(f"{where}.AlignedByteOffset {offset} is not aligned to {min(4, size)} bytes",
                         P + "INVALIDALIGNMENT")
        if offset + size > 2048:
            raise reject(f"{where}: element ends at byte {offset + size}, past the 2048-byte vertex limit",
                         P + "INVALIDALIGNMENT")
        slot_end[slot] = offset + size
    # every non-system input of the shader needs an element (case-insensitive semantic match)
    for s in (signature or []):
        if s.semantic_name.upper() in _SYSTEM_GENERATED or s.system_value in (6, 8, 7):
            continue
        key = (s.semantic_name.upper(), s.semantic_index)
        if key not in names:
            raise reject(f"the shader input {s.semantic_name}{s.semantic_index} has no matching input element",
                         P + "MISSINGELEMENT")
        e = next(x for x in elements if (x.SemanticName.upper(), int(x.SemanticIndex)) == key)
        kind = format_facts(int(e.Format)).kind
        is_int = kind in ("uint", "sint")
        if warn is not None and s.component_type and (s.component_type in (1, 2)) != is_int:
            warn(f"input {s.semantic_name}{s.semantic_index}: element format {format_name(int(e.Format))} and "
                 "shader component type differ")
    return elements


# ------------------------------------------------------------------------------------------------
# Class linkage
# ------------------------------------------------------------------------------------------------

_E_INVALIDARG = 0x80070057
_CB_API_SLOTS = 14  # D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT


def shader_ifce(shader: Any) -> Any:
    """The shader's parsed IFCE chunk (None when it declares no interfaces); cached on the shader."""
    cached = getattr(shader, "_ifce_cache", False)
    if cached is not False:
        return cached
    from pyd3d11.shader.dxbc.ifce import parse_ifce

    data = shader._container.get("IFCE") if getattr(shader, "_container", None) is not None else None
    try:
        ifce = parse_ifce(data) if data is not None else None
    except InvalidArgError:
        ifce = None
    shader._ifce_cache = ifce
    return ifce


class ID3D11ClassInstance(ID3D11DeviceChild):
    _iid = iid("ID3D11ClassInstance", "a6cd7faa-b0b7-4a2f-9436-8662a65797cb")

    def __init__(self, device: Any, linkage: Any, type_name: str, instance_name: str, desc: dict[str, Any]):
        super().__init__(device)
        self._linkage = linkage
        self._type_name = type_name
        self._instance_name = instance_name
        self._desc_values = desc

    def GetClassLinkage(self) -> Any:  # noqa: N802
        self._linkage.AddRef()
        return self._linkage

    def GetDesc(self) -> Any:  # noqa: N802
        return header("D3D11_CLASS_INSTANCE_DESC")(**self._desc_values)

    def GetInstanceName(self) -> str:  # noqa: N802
        """The HLSL variable name ("" for instances made by CreateClassInstance)."""
        return self._instance_name

    def GetTypeName(self) -> str:  # noqa: N802
        return self._type_name

    def _this(self) -> tuple[int, int, int, int]:
        """this[] data (spec 22.7.20): cb slot, cb vector offset, base texture, base sampler."""
        d = self._desc_values
        return (int(d["ConstantBuffer"]), int(d["BaseConstantBufferOffset"]), int(d["BaseTexture"]),
                int(d["BaseSampler"]))


class ID3D11ClassLinkage(ID3D11DeviceChild):
    _iid = iid("ID3D11ClassLinkage", "ddf57cba-9543-46e4-a12b-f207a0fe7fed")

    def __init__(self, device: Any) -> None:
        super().__init__(device)
        self._shaders: list[Any] = []
        self._instances: list[ID3D11ClassInstance] = []

    def _type_id(self, type_name: str) -> int:
        for sh in self._shaders:
            ifce = shader_ifce(sh)
            tid = ifce.type_id(type_name) if ifce is not None else None
            if tid is not None:
                return tid
        return 0

    def CreateClassInstance(self, pClassTypeName: str, ConstantBufferOffset: int = 0,  # noqa: N802,N803
                            ConstantVectorOffset: int = 0, TextureOffset: int = 0, SamplerOffset: int = 0,  # noqa: N803
                            ppInstance: Any = True) -> Any:  # noqa: N803
        """A new instance of class ``pClassTypeName`` whose data lives in cb slot ``ConstantBufferOffset``
        at vector ``ConstantVectorOffset`` (textures/samplers from the given bases)."""
        if not pClassTypeName:
            raise InvalidArgError(_E_INVALIDARG, "pClassTypeName is empty", "CreateClassInstance")
        for name, v, top in (("ConstantBufferOffset", ConstantBufferOffset, _CB_API_SLOTS - 1),
                             ("TextureOffset", TextureOffset, 127), ("SamplerOffset", SamplerOffset, 15)):
            if not 0 <= int(v) <= top:
                raise InvalidArgError(_E_INVALIDARG, f"{name} {v} is out of range (0-{top})", "CreateClassInstance")
        desc = dict(InstanceId=0, InstanceIndex=0, TypeId=self._type_id(str(pClassTypeName)),
                    ConstantBuffer=int(ConstantBufferOffset), BaseConstantBufferOffset=int(ConstantVectorOffset),
                    BaseTexture=int(TextureOffset), BaseSampler=int(SamplerOffset), Created=1)
        if not ppInstance:
            return None
        inst = ID3D11ClassInstance(self._device, self, str(pClassTypeName), "", desc)
        self._instances.append(inst)
        return inst

    def GetClassInstance(self, pClassInstanceName: str, InstanceIndex: int = 0) -> Any:  # noqa: N802,N803
        """The instance ``pClassInstanceName`` declared (with data) by a shader created with this linkage:
        its IFCE "Available Class Instances" row gives its type and cb slot/offset."""
        for inst in self._instances:
            if inst._instance_name == pClassInstanceName and inst._desc_values["InstanceIndex"] == InstanceIndex:
                inst.AddRef()
                return inst
        from pyd3d11.shader.dxbc.ifce import NO_SLOT

        for sh in self._shaders:
            ifce = shader_ifce(sh)
            if ifce is None:
                continue
            for k, ci in enumerate(ifce.class_instances):
                if ci.name != pClassInstanceName:
                    continue
                # an array of instances is one row whose u16 after the type ID holds its element count (1 for
                # a single instance in every fxc blob; ifce.py); element i's data follows element 0's at the
                # class type's stride (cb vectors, texture and sampler counts), as array elements are laid out
                if not 0 <= int(InstanceIndex) < max(1, ci.flag):
                    break
                t = ifce.class_types[ci.type_id] if ci.type_id < len(ifce.class_types) else None
                i = int(InstanceIndex)
                stride = (t.cb_stride, t.texture, t.sampler) if t is not None else (0, 0, 0)
                tex = ci.texture + i * stride[1] if ci.texture != NO_SLOT else NO_SLOT
                samp = ci.sampler + i * stride[2] if ci.sampler != NO_SLOT else NO_SLOT
                desc = dict(InstanceId=k, InstanceIndex=i, TypeId=ci.type_id, ConstantBuffer=ci.constant_buffer,
                            BaseConstantBufferOffset=ci.cb_offset + i * stride[0], BaseTexture=tex,
                            BaseSampler=samp, Created=0)
                inst = ID3D11ClassInstance(self._device, self, t.name if t else "", ci.name, desc)
                self._instances.append(inst)
                return inst
        raise InvalidArgError(_E_INVALIDARG, f"no class instance named {pClassInstanceName!r} (index {InstanceIndex}) "
                              "in the shaders created with this class linkage", "GetClassInstance")


def class_bindings(shader: Any, instances: Any) -> tuple[list[Any], list[str]]:
    """Per interface slot of ``shader``: the ClassBinding its bound instance selects (None = unbound),
    plus descriptions of the problems found (type not accepted by a slot, missing instances)."""
    from pyd3d11.shader.exec.interfaces import ClassBinding

    ifce = shader_ifce(shader)
    if ifce is None:
        return [], []
    insts = list(instances or [])
    out: list[Any] = []
    problems: list[str] = []
    for slot in range(ifce.slot_count):
        inst = insts[slot] if slot < len(insts) else None
        if inst is None:
            problems.append(f"interface slot {slot} has no class instance")
            out.append(None)
            continue
        rec = ifce.slot_record(slot)
        tid = ifce.type_id(inst.GetTypeName())
        if rec is None or tid is None or tid not in rec.type_ids:
            problems.append(f"class instance of type {inst.GetTypeName()!r} cannot be bound to interface slot {slot}")
            out.append(None)
            continue
        out.append(ClassBinding(rec.table_ids[rec.type_ids.index(tid)], inst._this()))
    return out, problems


def set_shader_problems(method: str, shader: Any, instances: list[Any], num: int) -> list[tuple[str, str]]:
    """What the debug layer says of ``*SetShader(shader, instances, num)`` (message-ID suffix, text): the
    instance count against the shader's interface slots (D3D11_MESSAGE_ID_DEVICE_SETSHADER_INTERFACE_COUNT_
    MISMATCH), an instance of another class linkage than the shader's (..._INVALID_INSTANCE) and an instance
    whose class a slot does not accept (..._INVALID_INSTANCE_TYPE). The message IDs are d3d11sdklayers.h's;
    their texts are not published (same-shape wording). A null entry is reported at draw time (the slot then
    calls nothing)."""
    ifce = shader_ifce(shader) if shader is not None else None
    slots = ifce.slot_count if ifce is not None else 0
    out: list[tuple[str, str]] = []
    if shader is None:
        return out
    if num != slots:
        out.append(("DEVICE_SETSHADER_INTERFACE_COUNT_MISMATCH",
                    f"{method}: NumClassInstances ({num}) does not match the number of interface slots the shader "
                    f"declares ({slots})."))
    linkage = getattr(shader, "_class_linkage", None)
    for slot, inst in enumerate(instances):
        if inst is None:
            continue
        if getattr(inst, "_linkage", None) is not linkage:
            out.append(("DEVICE_SETSHADER_INVALID_INSTANCE",
                        f"{method}: the class instance at index {slot} does not belong to the class linkage the "
                        "shader was created with."))
            continue
        rec = ifce.slot_record(slot) if ifce is not None else None
        tid = ifce.type_id(inst.GetTypeName()) if ifce is not None else None
        if rec is not None and (tid is None or tid not in rec.type_ids):
            out.append(("DEVICE_SETSHADER_INVALID_INSTANCE_TYPE",
                        f"{method}: the class instance at index {slot} is of type {inst.GetTypeName()!r}, which "
                        f"interface slot {slot} does not accept."))
    return out


def stage_program(shader: Any, instances: Any, report: Any = None) -> Any:
    """The program a draw/dispatch runs for ``shader`` bound with ``instances`` (its own program when it
    declares no interfaces). ``report(text)`` receives binding problems; fcalls through unbound
    slots then call nothing."""
    if shader_ifce(shader) is None:
        return shader._program
    from pyd3d11.shader.exec.interfaces import link_program

    slots, problems = class_bindings(shader, instances)
    if report is not None:
        for p in problems:
            report(p)
    return link_program(shader._program, slots, unbound="skip")
