"""GUIDs: a small GUID type and the IIDs of every D3D11 / D3D11.1 / DXGI / d3dcompiler interface.

IID values are the ``uuid(...)`` attributes of the interfaces in d3d11.h, d3d11_1.h … d3d11_4.h,
d3d11sdklayers.h, d3d11shader.h (the d3dcompiler_47 ``ID3D11ShaderReflection``), d3dcommon.h and
dxgi*.h, read from the mingw-w64 IDL files and the MicrosoftDocs interface pages.
"""

from __future__ import annotations

import uuid
from typing import Any

__all__ = ["GUID", "REFIID", "IID_BY_NAME", "iid_name"]


class GUID(uuid.UUID):
    """A COM GUID: hashable and immutable; built from the registry string form ("{…}" or bare,
    any case), another GUID/UUID, or the C fields (Data1, Data2, Data3, 8-byte Data4).

    ``str()`` gives the lowercase string without braces; :meth:`registry_string` gives the
    ``{XXXXXXXX-…}`` form; ``bytes_le`` is the in-memory layout of the C struct."""

    __slots__ = ()

    def __init__(self, value: Any = None, *, Data1: int | None = None, Data2: int = 0, Data3: int = 0,
                 Data4: bytes | bytearray | list[int] | None = None, bytes_le: bytes | None = None) -> None:
        if bytes_le is not None:
            super().__init__(bytes_le=bytes(bytes_le))
        elif Data1 is not None:
            d4 = bytes(Data4 or bytes(8))
            if len(d4) != 8:
                raise ValueError("GUID Data4 must be 8 bytes")
            raw = Data1.to_bytes(4, "little") + Data2.to_bytes(2, "little") + Data3.to_bytes(2, "little") + d4
            super().__init__(bytes_le=raw)
        elif isinstance(value, uuid.UUID):
            super().__init__(int=value.int)
        elif isinstance(value, str):
            super().__init__(value.strip())
        else:
            raise TypeError(f"cannot make a GUID from {type(value).__name__}")

    @property
    def Data1(self) -> int:
        return int.from_bytes(self.bytes_le[0:4], "little")

    @property
    def Data2(self) -> int:
        return int.from_bytes(self.bytes_le[4:6], "little")

    @property
    def Data3(self) -> int:
        return int.from_bytes(self.bytes_le[6:8], "little")

    @property
    def Data4(self) -> bytes:
        return self.bytes_le[8:16]

    def registry_string(self) -> str:
        return "{" + str(self).upper() + "}"

    def __repr__(self) -> str:
        return f"GUID('{self}')"


REFIID = GUID
GUID_NULL = GUID("00000000-0000-0000-0000-000000000000")
IID_IUnknown = GUID("00000000-0000-0000-c000-000000000046")

# d3d11.h
IID_ID3D11DeviceChild = GUID("1841e5c8-16b0-489b-bcc8-44cfb0d5deae")
IID_ID3D11Asynchronous = GUID("4b35d0cd-1e15-4258-9c98-1b1333f6dd3b")
IID_ID3D11Query = GUID("d6c00747-87b7-425e-b84d-44d108560afd")
IID_ID3D11Resource = GUID("dc8e63f3-d12b-4952-b47b-5e45026a862d")
IID_ID3D11View = GUID("839d1216-bb2e-412b-b7f4-a9dbebe08ed1")
IID_ID3D11BlendState = GUID("75b68faa-347d-4159-8f45-a0640f01cd9a")
IID_ID3D11Buffer = GUID("48570b85-d1ee-4fcd-a250-eb350722b037")
IID_ID3D11ClassInstance = GUID("a6cd7faa-b0b7-4a2f-9436-8662a65797cb")
IID_ID3D11ClassLinkage = GUID("ddf57cba-9543-46e4-a12b-f207a0fe7fed")
IID_ID3D11CommandList = GUID("a24bc4d1-769e-43f7-8013-98ff566c18e2")
IID_ID3D11ComputeShader = GUID("4f5b196e-c2bd-495e-bd01-1fded38e4969")
IID_ID3D11Counter = GUID("6e8c49fb-a371-4770-b440-29086022b741")
IID_ID3D11DepthStencilState = GUID("03823efb-8d8f-4e1c-9aa2-f64bb2cbfdf1")
IID_ID3D11DepthStencilView = GUID("9fdac92a-1876-48c3-afad-25b94f84a9b6")
IID_ID3D11DomainShader = GUID("f582c508-0f36-490c-9977-31eece268cfa")
IID_ID3D11GeometryShader = GUID("38325b96-effb-4022-ba02-2e795b70275c")
IID_ID3D11HullShader = GUID("8e5c6061-628a-4c8e-8264-bbe45cb3d5dd")
IID_ID3D11InputLayout = GUID("e4819ddc-4cf0-4025-bd26-5de82a3e07b7")
IID_ID3D11PixelShader = GUID("ea82e40d-51dc-4f33-93d4-db7c9125ae8c")
IID_ID3D11Predicate = GUID("9eb576dd-9f77-4d86-81aa-8bab5fe490e2")
IID_ID3D11RasterizerState = GUID("9bb4ab81-ab1a-4d8f-b506-fc04200b6ee7")
IID_ID3D11RenderTargetView = GUID("dfdba067-0b8d-4865-875b-d7b4516cc164")
IID_ID3D11SamplerState = GUID("da6fea51-564c-4487-9810-f0d0f9b4e3a5")
IID_ID3D11ShaderResourceView = GUID("b0e06fe0-8192-4e1a-b1ca-36d7414710b2")
IID_ID3D11Texture1D = GUID("f8fb5c27-c6b3-4f75-a4c8-439af2ef564c")
IID_ID3D11Texture2D = GUID("6f15aaf2-d208-4e89-9ab4-489535d34f9c")
IID_ID3D11Texture3D = GUID("037e866e-f56d-4357-a8af-9dabbe6e250e")
IID_ID3D11UnorderedAccessView = GUID("28acf509-7f5c-48f6-8611-f316010a6380")
IID_ID3D11VertexShader = GUID("3b301d64-d678-4289-8897-22f8928b72f3")
IID_ID3D11DeviceContext = GUID("c0bfa96c-e089-44fb-8eaf-26f8796190da")
IID_ID3D11Device = GUID("db6f6ddb-ac77-4e88-8253-819df9bbf140")

# d3d11_1.h
IID_ID3D11BlendState1 = GUID("cc86fabe-da55-401d-85e7-e3c9de2877e9")
IID_ID3DDeviceContextState = GUID("5c1e0d8a-7c23-48f9-8c59-a92958ceff11")
IID_ID3D11DeviceContext1 = GUID("bb2c6faa-b5fb-4082-8e6b-388b8cfa90e1")
IID_ID3DUserDefinedAnnotation = GUID("b2daad8b-03d4-4dbf-95eb-32ab4b63d0ab")
IID_ID3D11RasterizerState1 = GUID("1217d7a6-5039-418c-b042-9cbe256afd6e")
IID_ID3D11Device1 = GUID("a04bfb29-08ef-43d6-a49c-a9bdbdcbe686")

# d3d11_2.h
IID_ID3D11DeviceContext2 = GUID("420d5b32-b90c-4da4-bef0-359f6a24a83a")
IID_ID3D11Device2 = GUID("9d06dffa-d1e5-4d07-83a8-1bb123f2f841")

# d3d11_3.h
IID_ID3D11Texture2D1 = GUID("51218251-1e33-4617-9ccb-4d3a4367e7bb")
IID_ID3D11Texture3D1 = GUID("0c711683-2853-4846-9bb0-f3e60639e46a")
IID_ID3D11RasterizerState2 = GUID("6fbd02fb-209f-46c4-b059-2ed15586a6ac")
IID_ID3D11ShaderResourceView1 = GUID("91308b87-9040-411d-8c67-c39253ce3802")
IID_ID3D11RenderTargetView1 = GUID("ffbe2e23-f011-418a-ac56-5ceed7c5b94b")
IID_ID3D11UnorderedAccessView1 = GUID("7b3b6153-a886-4544-ab37-6537c8500403")
IID_ID3D11Query1 = GUID("631b4766-36dc-461d-8db6-c47e13e60916")
IID_ID3D11DeviceContext3 = GUID("b4e3c01d-e79e-4637-91b2-510e9f4c9b8f")
IID_ID3D11Fence = GUID("affde9d1-1df7-4bb7-8a34-0f46251dab80")
IID_ID3D11DeviceContext4 = GUID("917600da-f58c-4c33-98d8-3e15b390fa24")
IID_ID3D11Device3 = GUID("a05c8c37-d2c6-4732-b3a0-9ce0b0dc9ae6")

# d3d11_4.h
IID_ID3D11Device4 = GUID("8992ab71-02e6-4b8d-ba48-b056dcda42c4")
IID_ID3D11Device5 = GUID("8ffde202-a0e7-45df-9e01-e837801b5ea0")
IID_ID3D11Multithread = GUID("9b7e4e00-342c-4106-a19f-4f2704f689f0")

# d3d11sdklayers.h
IID_ID3D11Debug = GUID("79cf2233-7536-4948-9d36-1e4692dc5760")
IID_ID3D11SwitchToRef = GUID("1ef337e3-58e7-4f83-a692-db221f5ed47e")
IID_ID3D11InfoQueue = GUID("6543dbb6-1b48-42f5-ab82-e97ec74326f6")

# d3dcommon.h
IID_ID3D10Blob = GUID("8ba5fb08-5195-40e2-ac58-0d989c3a0102")
IID_ID3DBlob = IID_ID3D10Blob
IID_ID3DDestructionNotifier = GUID("a06eb39a-50da-425b-8c31-4eecd6c270f3")

# dxgi.h
IID_IDXGIObject = GUID("aec22fb8-76f3-4639-9be0-28eb43a67a2e")
IID_IDXGIDeviceSubObject = GUID("3d3e0379-f9de-4d58-bb6c-18d62992f1a6")
IID_IDXGIResource = GUID("035f3ab4-482e-4e50-b41f-8a7f8bd8960b")
IID_IDXGIKeyedMutex = GUID("9d8e1289-d7b3-465f-8126-250e349af85d")
IID_IDXGISurface = GUID("cafcb56c-6ac3-4889-bf47-9e23bbd260ec")
IID_IDXGISurface1 = GUID("4ae63092-6327-4c1b-80ae-bfe12ea32b86")
IID_IDXGIOutput = GUID("ae02eedb-c735-4690-8d52-5a8dc20213aa")
IID_IDXGIAdapter = GUID("2411e7e1-12ac-4ccf-bd14-9798e8534dc0")
IID_IDXGISwapChain = GUID("310d36a0-d2e7-4c0a-aa04-6a9d23b8886a")
IID_IDXGIFactory = GUID("7b7166ec-21c7-44ae-b21a-c9ae321ae369")
IID_IDXGIDevice = GUID("54ec77fa-1377-44e6-8c32-88fd5f44c84c")
IID_IDXGIAdapter1 = GUID("29038f61-3839-4626-91fd-086879011a05")
IID_IDXGIDevice1 = GUID("77db970f-6276-48ba-ba28-070143b4392c")
IID_IDXGIFactory1 = GUID("770aae78-f26f-4dba-a829-253c83d1b387")

# dxgi1_2.h
IID_IDXGIOutputDuplication = GUID("191cfac3-a341-470d-b26e-a864f428319c")
IID_IDXGISurface2 = GUID("aba496dd-b617-4cb8-a866-bc44d7eb1fa2")
IID_IDXGIResource1 = GUID("30961379-4609-4a41-998e-54fe567ee0c1")
IID_IDXGIDisplayControl = GUID("ea9dbf1a-c88e-4486-854a-98aa0138f30c")
IID_IDXGIDevice2 = GUID("05008617-fbfd-4051-a790-144884b4f6a9")
IID_IDXGISwapChain1 = GUID("790a45f7-0d42-4876-983a-0a55cfe6f4aa")
IID_IDXGIFactory2 = GUID("50c83a1c-e072-4c48-87b0-3630fa36a6d0")
IID_IDXGIAdapter2 = GUID("0aa1ae0a-fa0e-4b84-8644-e05ff8e5acb5")
IID_IDXGIOutput1 = GUID("00cddea8-939b-4b83-a340-a685226666cc")

# dxgi1_3.h
IID_IDXGIDevice3 = GUID("6007896c-3244-4afd-bf18-a6d3beda5023")
IID_IDXGISwapChain2 = GUID("a8be2ac4-199f-4946-b331-79599fb98de7")
IID_IDXGIOutput2 = GUID("595e39d1-2724-4663-99b1-da969de28364")
IID_IDXGIFactory3 = GUID("25483823-cd46-4c7d-86ca-47aa95b837bd")
IID_IDXGIDecodeSwapChain = GUID("2633066b-4514-4c7a-8fd8-12ea98059d18")
IID_IDXGIFactoryMedia = GUID("41e7d1f2-a591-4f7b-a2e5-fa9c843e1c12")
IID_IDXGISwapChainMedia = GUID("dd95b90b-f05f-4f6a-bd65-25bfb264bd84")
IID_IDXGIOutput3 = GUID("8a6bb301-7e7e-41f4-a8e0-5b32f7f99b18")

# dxgi1_4.h
IID_IDXGISwapChain3 = GUID("94d99bdb-f1f8-4ab0-b236-7da0170edab1")
IID_IDXGIOutput4 = GUID("dc7dca35-2196-414d-9f53-617884032a60")
IID_IDXGIFactory4 = GUID("1bc6ea02-ef36-464f-bf0c-21ca39e5168a")
IID_IDXGIAdapter3 = GUID("645967a4-1392-4310-a798-8053ce3e93fd")

# d3d11shader.h
IID_ID3D11ShaderReflectionType = GUID("6e6ffa6a-9bae-4613-a51e-91652d508c21")
IID_ID3D11ShaderReflectionVariable = GUID("51f23923-f3e5-4bd1-91cb-606177d8db4c")
IID_ID3D11ShaderReflectionConstantBuffer = GUID("eb62d63d-93dd-4318-8ae8-c6f83ad371b8")
IID_ID3D11ShaderReflection = GUID("8d536ca1-0cca-4956-a837-786963755584")
# shader linking (d3d11shader.h)
IID_ID3D11LibraryReflection = GUID("54384f1b-5b3e-4bb7-ae01-60ba3097cbb6")
IID_ID3D11FunctionReflection = GUID("207bcecb-d683-4a06-a8a3-9b149b9f73a4")
IID_ID3D11FunctionParameterReflection = GUID("42757488-334f-47fe-982e-1a65d08cc462")
IID_ID3D11Module = GUID("cac701ee-80fc-4122-8242-10b39c8cec34")
IID_ID3D11ModuleInstance = GUID("469e07f7-045a-48d5-aa12-68a478cdf75d")
IID_ID3D11Linker = GUID("59a6cd0e-e10d-4c1f-88c0-63aba1daf30e")
IID_ID3D11LinkingNode = GUID("d80dd70c-8d2f-4751-94a1-03c79b3556db")
IID_ID3D11FunctionLinkingGraph = GUID("54133220-1ce8-43d3-8236-9855c5ceecff")
#: d3d12shader.h; d3dcompiler_47's D3DReflect serves it too (the same methods, D3D12 binding descriptions)
IID_ID3D12ShaderReflection = GUID("5a58797d-a72c-478d-8ba2-efc6b0efe88e")

_IID_NAMES = [
    "IUnknown",
    "ID3D11DeviceChild",
    "ID3D11Asynchronous",
    "ID3D11Query",
    "ID3D11Resource",
    "ID3D11View",
    "ID3D11BlendState",
    "ID3D11Buffer",
    "ID3D11ClassInstance",
    "ID3D11ClassLinkage",
    "ID3D11CommandList",
    "ID3D11ComputeShader",
    "ID3D11Counter",
    "ID3D11DepthStencilState",
    "ID3D11DepthStencilView",
    "ID3D11DomainShader",
    "ID3D11GeometryShader",
    "ID3D11HullShader",
    "ID3D11InputLayout",
    "ID3D11PixelShader",
    "ID3D11Predicate",
    "ID3D11RasterizerState",
    "ID3D11RenderTargetView",
    "ID3D11SamplerState",
    "ID3D11ShaderResourceView",
    "ID3D11Texture1D",
    "ID3D11Texture2D",
    "ID3D11Texture3D",
    "ID3D11UnorderedAccessView",
    "ID3D11VertexShader",
    "ID3D11DeviceContext",
    "ID3D11Device",
    "ID3D11BlendState1",
    "ID3DDeviceContextState",
    "ID3D11DeviceContext1",
    "ID3DUserDefinedAnnotation",
    "ID3D11RasterizerState1",
    "ID3D11Device1",
    "ID3D11DeviceContext2",
    "ID3D11Device2",
    "ID3D11Texture2D1",
    "ID3D11Texture3D1",
    "ID3D11RasterizerState2",
    "ID3D11ShaderResourceView1",
    "ID3D11RenderTargetView1",
    "ID3D11UnorderedAccessView1",
    "ID3D11Query1",
    "ID3D11DeviceContext3",
    "ID3D11Fence",
    "ID3D11DeviceContext4",
    "ID3D11Device3",
    "ID3D11Device4",
    "ID3D11Device5",
    "ID3D11Multithread",
    "ID3D11Debug",
    "ID3D11SwitchToRef",
    "ID3D11InfoQueue",
    "ID3D10Blob",
    "ID3DDestructionNotifier",
    "IDXGIObject",
    "IDXGIDeviceSubObject",
    "IDXGIResource",
    "IDXGIKeyedMutex",
    "IDXGISurface",
    "IDXGISurface1",
    "IDXGIOutput",
    "IDXGIAdapter",
    "IDXGISwapChain",
    "IDXGIFactory",
    "IDXGIDevice",
    "IDXGIAdapter1",
    "IDXGIDevice1",
    "IDXGIFactory1",
    "IDXGIOutputDuplication",
    "IDXGISurface2",
    "IDXGIResource1",
    "IDXGIDisplayControl",
    "IDXGIDevice2",
    "IDXGISwapChain1",
    "IDXGIFactory2",
    "IDXGIAdapter2",
    "IDXGIOutput1",
    "IDXGIDevice3",
    "IDXGISwapChain2",
    "IDXGIOutput2",
    "IDXGIFactory3",
    "IDXGIDecodeSwapChain",
    "IDXGIFactoryMedia",
    "IDXGISwapChainMedia",
    "IDXGIOutput3",
    "IDXGISwapChain3",
    "IDXGIOutput4",
    "IDXGIFactory4",
    "IDXGIAdapter3",
    "ID3D11ShaderReflectionType",
    "ID3D11ShaderReflectionVariable",
    "ID3D11ShaderReflectionConstantBuffer",
    "ID3D11ShaderReflection",
    "ID3D11LibraryReflection",
    "ID3D11FunctionReflection",
    "ID3D11FunctionParameterReflection",
    "ID3D11Module",
    "ID3D11ModuleInstance",
    "ID3D11Linker",
    "ID3D11LinkingNode",
    "ID3D11FunctionLinkingGraph",
    "ID3DBlob",
]

IID_BY_NAME: dict[str, GUID] = {n: globals()[f"IID_{n}"] for n in _IID_NAMES}
_NAME_BY_IID: dict[GUID, str] = {}
for _n, _g in IID_BY_NAME.items():
    _NAME_BY_IID.setdefault(_g, _n)


def iid_name(iid: Any) -> str | None:
    """The interface name of an IID (first one declared when two share an IID), or None."""
    return _NAME_BY_IID.get(GUID(iid))


__all__ += ["GUID_NULL"] + [f"IID_{n}" for n in _IID_NAMES]
