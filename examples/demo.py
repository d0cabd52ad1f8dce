# ruff: noqa: F403, F405  (a line-by-line C++ port star-imports the three headers)
"""The classic D3D11 tutorial scene, ported line by line from C++: a lit, textured, rotating cube.

Run ``python examples/demo.py [out.png]`` (default ``demo.png``). Everything below is the D3D11 API as a
C++ program calls it (D3D11CreateDevice, CreateBuffer, CreateTexture2D, D3DCompile, DrawIndexed, ...);
only the last step, ``pyd3d11.save_png``, is a Python convenience that is not part of D3D.

The maths helpers at the top stand in for DirectXMath (XMMatrixRotationY, XMMatrixLookAtLH,
XMMatrixPerspectiveFovLH): row-vector matrices, transposed before upload exactly as the SDK tutorials
do, because HLSL packs cbuffer matrices column-major by default.
"""

from __future__ import annotations

import sys

import numpy as np

import pyd3d11
from pyd3d11.d3d11 import *
from pyd3d11.d3dcompiler import *
from pyd3d11.dxgi import *

HLSL = r"""
cbuffer ConstantBuffer : register(b0)
{
    matrix World;
    matrix View;
    matrix Projection;
    float4 LightDir;     // towards the light, world space
    float4 LightColor;
    float4 Ambient;
};

Texture2D txDiffuse : register(t0);
SamplerState samLinear : register(s0);

struct VS_INPUT
{
    float4 Pos : POSITION;
    float3 Norm : NORMAL;
    float2 Tex : TEXCOORD0;
    float4 Tint : COLOR0;
};

struct PS_INPUT
{
    float4 Pos : SV_POSITION;
    float3 Norm : NORMAL;
    float2 Tex : TEXCOORD0;
    float4 Tint : COLOR0;
};

PS_INPUT VS(VS_INPUT input)
{
    PS_INPUT output;
    output.Pos = mul(input.Pos, World);
    output.Pos = mul(output.Pos, View);
    output.Pos = mul(output.Pos, Projection);
    output.Norm = mul(float4(input.Norm, 0), World).xyz;
    output.Tex = input.Tex;
    output.Tint = input.Tint;
    return output;
}

float4 PS(PS_INPUT input) : SV_Target
{
    float3 n = normalize(input.Norm);
    float diffuse = saturate(dot(LightDir.xyz, n));
    float4 texel = txDiffuse.Sample(samLinear, input.Tex);
    float3 light = Ambient.rgb + LightColor.rgb * diffuse;
    return float4(texel.rgb * input.Tint.rgb * light, 1);
}
"""

CLEAR_COLOR = (0.0, 0.125, 0.3, 1.0)  # "midnight blue", as in the SDK samples
AMBIENT = 0.25
LIGHT_DIR = np.array([-0.45, 0.6, -0.66], np.float32)  # from the upper left, in front of the cube

# One tint per face (the order of FACES below) so every face, and so depth occlusion, can be checked.
FACE_TINTS = np.array([
    [1.0, 0.35, 0.35],  # +Y top: red
    [0.35, 1.0, 0.35],  # -Y bottom: green
    [0.35, 0.35, 1.0],  # -X left: blue
    [1.0, 1.0, 0.35],   # +X right: yellow
    [0.35, 1.0, 1.0],   # -Z front: cyan
    [1.0, 0.35, 1.0],   # +Z back: magenta
], np.float32)

# (normal, u axis, v axis) for each face of the cube [-1, 1]^3.
FACES = [
    ((0, 1, 0), (1, 0, 0), (0, 0, -1)),
    ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
    ((-1, 0, 0), (0, 0, -1), (0, -1, 0)),
    ((1, 0, 0), (0, 0, 1), (0, -1, 0)),
    ((0, 0, -1), (1, 0, 0), (0, -1, 0)),
    ((0, 0, 1), (-1, 0, 0), (0, -1, 0)),
]


def cube_geometry() -> tuple[np.ndarray, np.ndarray]:
    """24 vertices (POSITION float3, NORMAL float3, TEXCOORD float2, COLOR float4) and 36 indices, clockwise
    (D3D's default front face) seen from outside."""
    verts, indices = [], []
    for f, (n, u, v) in enumerate(FACES):
        n, u, v = (np.array(a, np.float32) for a in (n, u, v))
        base = len(verts)
        for s, t in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            pos = n + s * u + t * v
            verts.append([*pos, *n, (s + 1) / 2, (t + 1) / 2, *FACE_TINTS[f], 1.0])
        # corners go (-u,-v) (+u,-v) (+u,+v) (-u,+v); with v pointing down the face, that is clockwise
        indices += [base, base + 1, base + 2, base, base + 2, base + 3]
    return np.array(verts, np.float32), np.array(indices, np.uint16)


def rotation_y(angle: float) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]], np.float32)


def rotation_x(angle: float) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    return np.array([[1, 0, 0, 0], [0, c, s, 0], [0, -s, c, 0], [0, 0, 0, 1]], np.float32)


def look_at_lh(eye, at, up) -> np.ndarray:
    eye, at, up = (np.asarray(a, np.float64) for a in (eye, at, up))
    z = at - eye
    z /= np.linalg.norm(z)
    x = np.cross(up, z)
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    m = np.identity(4)
    m[:3, 0], m[:3, 1], m[:3, 2] = x, y, z
    m[3, :3] = -eye @ m[:3, :3]
    return m.astype(np.float32)


def perspective_fov_lh(fov_y: float, aspect: float, near: float, far: float) -> np.ndarray:
    h = 1 / np.tan(fov_y / 2)
    q = far / (far - near)
    return np.array([[h / aspect, 0, 0, 0], [0, h, 0, 0], [0, 0, q, 1], [0, 0, -q * near, 0]], np.float32)


def scene_matrices(width: int, height: int, angle: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """World, View, Projection (row-vector convention, as DirectXMath builds them)."""
    world = rotation_y(angle) @ rotation_x(-0.5)
    view = look_at_lh((0, 1.5, -5), (0, 0, 0), (0, 1, 0))
    proj = perspective_fov_lh(np.pi / 4, width / height, 0.1, 100)
    return world, view, proj


def checkerboard(size: int = 64, squares: int = 8) -> np.ndarray:
    """An RGBA8 checkerboard: white and dark grey squares."""
    yy, xx = np.mgrid[0:size, 0:size] * squares // size
    light = ((xx + yy) % 2 == 0)
    tex = np.where(light[..., None], np.uint8(255), np.uint8(90)).repeat(4, axis=2).astype(np.uint8)
    tex[..., 3] = 255
    return np.ascontiguousarray(tex)


def render(width: int = 320, height: int = 240, angle: float = 0.6, *, cull_back: bool = True,
           depth_test: bool = True):
    """Draw one frame; returns ``(device, context, render_target_texture)``.

    ``cull_back`` / ``depth_test`` exist for the tests: with culling off, only the depth buffer keeps the
    back faces hidden."""
    # --- device -----------------------------------------------------------------------------------------
    device, feature_level, context = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None,
                                                       D3D11_CREATE_DEVICE_DEBUG, None, D3D11_SDK_VERSION)

    # --- render target and depth buffer --------------------------------------------------------------------
    back_buffer = device.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=width, Height=height, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1, Quality=0), Usage=D3D11_USAGE_DEFAULT,
        BindFlags=D3D11_BIND_RENDER_TARGET))
    rtv = device.CreateRenderTargetView(back_buffer, None)

    depth_stencil = device.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=width, Height=height, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D24_UNORM_S8_UINT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1, Quality=0), Usage=D3D11_USAGE_DEFAULT,
        BindFlags=D3D11_BIND_DEPTH_STENCIL))
    dsv = device.CreateDepthStencilView(depth_stencil, D3D11_DEPTH_STENCIL_VIEW_DESC(
        Format=DXGI_FORMAT_D24_UNORM_S8_UINT, ViewDimension=D3D11_DSV_DIMENSION_TEXTURE2D))
    context.OMSetRenderTargets(1, [rtv], dsv)

    context.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=width, Height=height,
                                              MinDepth=0.0, MaxDepth=1.0)])

    # --- shaders and input layout ------------------------------------------------------------------------------
    vs_blob = D3DCompile(HLSL, len(HLSL), "demo.hlsl", None, None, "VS", "vs_4_0",
                         D3DCOMPILE_ENABLE_STRICTNESS, 0)
    vertex_shader = device.CreateVertexShader(vs_blob, len(vs_blob), None)
    ps_blob = D3DCompile(HLSL, len(HLSL), "demo.hlsl", None, None, "PS", "ps_4_0",
                         D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pixel_shader = device.CreatePixelShader(ps_blob, len(ps_blob), None)

    layout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 32, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    input_layout = device.CreateInputLayout(layout, len(layout), vs_blob, len(vs_blob))
    context.IASetInputLayout(input_layout)

    # --- vertex, index and constant buffers ------------------------------------------------------------------
    vertices, indices = cube_geometry()
    stride = vertices.shape[1] * 4
    vertex_buffer = device.CreateBuffer(
        D3D11_BUFFER_DESC(ByteWidth=vertices.nbytes, Usage=D3D11_USAGE_DEFAULT, BindFlags=D3D11_BIND_VERTEX_BUFFER),
        D3D11_SUBRESOURCE_DATA(pSysMem=vertices))
    context.IASetVertexBuffers(0, 1, [vertex_buffer], [stride], [0])

    index_buffer = device.CreateBuffer(
        D3D11_BUFFER_DESC(ByteWidth=indices.nbytes, Usage=D3D11_USAGE_DEFAULT, BindFlags=D3D11_BIND_INDEX_BUFFER),
        D3D11_SUBRESOURCE_DATA(pSysMem=indices))
    context.IASetIndexBuffer(index_buffer, DXGI_FORMAT_R16_UINT, 0)
    context.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)

    constant_buffer = device.CreateBuffer(D3D11_BUFFER_DESC(
        ByteWidth=3 * 64 + 3 * 16, Usage=D3D11_USAGE_DEFAULT, BindFlags=D3D11_BIND_CONSTANT_BUFFER))

    # --- texture, shader resource view, sampler ------------------------------------------------------------------
    pixels = checkerboard()
    texture = device.CreateTexture2D(
        D3D11_TEXTURE2D_DESC(Width=pixels.shape[1], Height=pixels.shape[0], MipLevels=1, ArraySize=1,
                             Format=DXGI_FORMAT_R8G8B8A8_UNORM, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                             Usage=D3D11_USAGE_IMMUTABLE, BindFlags=D3D11_BIND_SHADER_RESOURCE),
        D3D11_SUBRESOURCE_DATA(pSysMem=pixels, SysMemPitch=pixels.shape[1] * 4))
    texture_srv = device.CreateShaderResourceView(texture, D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=DXGI_FORMAT_R8G8B8A8_UNORM, ViewDimension=D3D11_SRV_DIMENSION_TEXTURE2D,
        Texture2D=D3D11_TEX2D_SRV(MostDetailedMip=0, MipLevels=1)))
    sampler = device.CreateSamplerState(D3D11_SAMPLER_DESC(
        Filter=D3D11_FILTER_MIN_MAG_MIP_LINEAR, AddressU=D3D11_TEXTURE_ADDRESS_WRAP,
        AddressV=D3D11_TEXTURE_ADDRESS_WRAP, AddressW=D3D11_TEXTURE_ADDRESS_WRAP,
        ComparisonFunc=D3D11_COMPARISON_NEVER, MinLOD=0, MaxLOD=D3D11_FLOAT32_MAX))

    # --- fixed-function state (the defaults, spelled out; the tests switch culling and depth off) ----------------
    rasterizer = device.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_BACK if cull_back else D3D11_CULL_NONE,
        FrontCounterClockwise=False, DepthClipEnable=True))
    context.RSSetState(rasterizer)
    depth_state = device.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
        DepthEnable=depth_test, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_LESS))
    context.OMSetDepthStencilState(depth_state, 0)

    # --- one frame -------------------------------------------------------------------------------------------
    world, view, proj = scene_matrices(width, height, angle)
    light_dir = LIGHT_DIR / np.linalg.norm(LIGHT_DIR)
    cb = np.concatenate([
        world.T.ravel(), view.T.ravel(), proj.T.ravel(),  # XMMatrixTranspose, as in the SDK tutorials
        [*light_dir, 0], [1 - AMBIENT, 1 - AMBIENT, 1 - AMBIENT, 1], [AMBIENT, AMBIENT, AMBIENT, 1],
    ]).astype(np.float32)
    context.UpdateSubresource(constant_buffer, 0, None, cb, 0, 0)

    context.ClearRenderTargetView(rtv, CLEAR_COLOR)
    context.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, 0)

    context.VSSetShader(vertex_shader, None, 0)
    context.VSSetConstantBuffers(0, 1, [constant_buffer])
    context.PSSetShader(pixel_shader, None, 0)
    context.PSSetConstantBuffers(0, 1, [constant_buffer])
    context.PSSetShaderResources(0, 1, [texture_srv])
    context.PSSetSamplers(0, 1, [sampler])
    context.DrawIndexed(len(indices), 0, 0)
    context.Flush()
    return device, context, back_buffer


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else "demo.png"
    device, context, back_buffer = render()
    pyd3d11.save_png(path, context, back_buffer)  # Python convenience, not part of D3D
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
