"""Feature-level capability table: one row per D3D_FEATURE_LEVEL, read by every validation.

Sources: MicrosoftDocs "Direct3D feature levels" / overviews-direct3d-11-devices-downlevel-intro
(the per-level table), d3dcommon.h D3D_FL9_* limits and D3D11Constants.dat (spec-facts §1.16).
The device is a software implementation with WARP's optional capabilities (e.g. cs_4_x on 10_x).
"""

from __future__ import annotations

from dataclasses import dataclass

from .device_consts import FL_9_1, FL_9_2, FL_9_3, FL_10_0, FL_10_1, FL_11_0, FL_11_1


@dataclass(frozen=True, slots=True)
class FeatureLevelCaps:
    level: int
    name: str
    max_texture_1d: int  # U dimension of 1D textures
    max_texture_2d: int  # U/V of 2D textures
    max_texture_3d: int  # U/V/W of 3D textures
    max_texture_cube: int
    max_array_size: int  # 1D/2D texture arrays (9_x: no arrays except one cube)
    max_mip_levels: int
    max_input_slots: int
    max_uav_slots: int  # all stages (0 = none at the graphics stages)
    max_anisotropy: int
    max_primitive_count: int
    max_index_value: int  # largest index value a draw may use
    max_render_targets: int
    max_texture_repeat: int
    vs_model: tuple[int, int]  # (major, minor) of the highest vertex/pixel shader model
    gs: bool
    stream_output: bool
    hs_ds: bool
    cs: bool  # compute shaders (cs_4_x at 10_x via D3D10_X_HARDWARE_OPTIONS, cs_5_0 at 11_x)
    cs_model: tuple[int, int]
    msaa_counts: tuple[int, ...]
    bc6h_bc7: bool
    cube_arrays: bool
    structured_buffers: bool  # structured/raw buffers with SRV binds
    uav_graphics: bool  # UAVs at pixel shader
    logic_ops: bool
    constant_buffer_offsetting: bool
    # Constant-buffer size limit in 16-byte registers at creation, 0 = any size: the runtime emulates larger
    # buffers at 9_x and new drivers have them at 10_0+ (CreateBuffer remarks, D3D11.1), as this device is.
    max_cb_size_16: int
    occlusion_queries: bool
    instancing: bool
    separate_alpha_blend: bool
    # IndependentBlendEnable accepted (at 9_x within the 10Level9 CreateBlendState rules, level_rules_device)
    mrt_independent_blend: bool
    texture_arrays: bool
    depth_as_srv: bool  # sampling depth textures through SRVs
    typed_uav_load_additional: bool


_COMMON_10 = dict(gs=True, stream_output=True, occlusion_queries=True, instancing=True, separate_alpha_blend=True,
                  mrt_independent_blend=True, texture_arrays=True, depth_as_srv=True)

CAPS: dict[int, FeatureLevelCaps] = {
    FL_9_1: FeatureLevelCaps(
        FL_9_1, "9_1", 2048, 2048, 256, 512, 1, 12, 16, 0, 2, 65535, 65535, 1, 128, (2, 0),
        gs=False, stream_output=False, hs_ds=False, cs=False, cs_model=(0, 0), msaa_counts=(1, 4),
        bc6h_bc7=False, cube_arrays=False, structured_buffers=False, uav_graphics=False, logic_ops=False,
        constant_buffer_offsetting=True, max_cb_size_16=0, occlusion_queries=False, instancing=False,
        separate_alpha_blend=False, mrt_independent_blend=True, texture_arrays=False, depth_as_srv=False,
        typed_uav_load_additional=False),
    FL_9_2: FeatureLevelCaps(
        FL_9_2, "9_2", 2048, 2048, 512, 512, 1, 12, 16, 0, 16, 1048575, 0xFFFFF, 1, 2048, (2, 0),
        gs=False, stream_output=False, hs_ds=False, cs=False, cs_model=(0, 0), msaa_counts=(1, 4),
        bc6h_bc7=False, cube_arrays=False, structured_buffers=False, uav_graphics=False, logic_ops=False,
        constant_buffer_offsetting=True, max_cb_size_16=0, occlusion_queries=True, instancing=False,
        separate_alpha_blend=True, mrt_independent_blend=True, texture_arrays=False, depth_as_srv=False,
        typed_uav_load_additional=False),
    FL_9_3: FeatureLevelCaps(
        FL_9_3, "9_3", 4096, 4096, 512, 4096, 1, 13, 16, 0, 16, 1048575, 0xFFFFF, 4, 8192, (3, 0),
        gs=False, stream_output=False, hs_ds=False, cs=False, cs_model=(0, 0), msaa_counts=(1, 4),
        bc6h_bc7=False, cube_arrays=False, structured_buffers=False, uav_graphics=False, logic_ops=False,
        constant_buffer_offsetting=True, max_cb_size_16=0, occlusion_queries=True, instancing=True,
        separate_alpha_blend=True, mrt_independent_blend=True, texture_arrays=False, depth_as_srv=False,
        typed_uav_load_additional=False),
    FL_10_0: FeatureLevelCaps(
        FL_10_0, "10_0", 8192, 8192, 2048, 8192, 512, 14, 16, 1, 16, 0xFFFFFFFF, 0xFFFFFFFF, 8, 8192, (4, 0),
        hs_ds=False, cs=True, cs_model=(4, 0), msaa_counts=(1, 2, 4, 8), bc6h_bc7=False, cube_arrays=False,
        structured_buffers=True, uav_graphics=False, logic_ops=False, constant_buffer_offsetting=True,
        max_cb_size_16=0, typed_uav_load_additional=False, **_COMMON_10),
    FL_10_1: FeatureLevelCaps(
        FL_10_1, "10_1", 8192, 8192, 2048, 8192, 512, 14, 32, 1, 16, 0xFFFFFFFF, 0xFFFFFFFF, 8, 8192, (4, 1),
        hs_ds=False, cs=True, cs_model=(4, 1), msaa_counts=(1, 2, 4, 8), bc6h_bc7=False, cube_arrays=True,
        structured_buffers=True, uav_graphics=False, logic_ops=False, constant_buffer_offsetting=True,
        max_cb_size_16=0, typed_uav_load_additional=False, **_COMMON_10),
    FL_11_0: FeatureLevelCaps(
        FL_11_0, "11_0", 16384, 16384, 2048, 16384, 2048, 15, 32, 8, 16, 0xFFFFFFFF, 0xFFFFFFFF, 8, 16384, (5, 0),
        hs_ds=True, cs=True, cs_model=(5, 0), msaa_counts=(1, 2, 4, 8), bc6h_bc7=True, cube_arrays=True,
        structured_buffers=True, uav_graphics=True, logic_ops=False, constant_buffer_offsetting=True,
        max_cb_size_16=0, typed_uav_load_additional=True, **_COMMON_10),
    FL_11_1: FeatureLevelCaps(
        FL_11_1, "11_1", 16384, 16384, 2048, 16384, 2048, 15, 32, 64, 16, 0xFFFFFFFF, 0xFFFFFFFF, 8, 16384, (5, 0),
        hs_ds=True, cs=True, cs_model=(5, 0), msaa_counts=(1, 2, 4, 8), bc6h_bc7=True, cube_arrays=True,
        structured_buffers=True, uav_graphics=True, logic_ops=True, constant_buffer_offsetting=True,
        max_cb_size_16=0, typed_uav_load_additional=True, **_COMMON_10),
}


def caps_for(level: int) -> FeatureLevelCaps:
    return CAPS[int(level)]


def feature_level_name(level: int) -> str:
    c = CAPS.get(int(level))
    return f"D3D_FEATURE_LEVEL_{c.name}" if c else f"D3D_FEATURE_LEVEL(0x{int(level):X})"


def max_mips(*dims: int) -> int:
    """Length of the full mip chain for the largest of ``dims`` (floor(log2(max)) + 1)."""
    return max(max(dims), 1).bit_length()


def shader_model_allowed(level: int, program_type: str, major: int, minor: int, level9: bool = False) -> bool:
    """Whether a shader of ``program_type`` ('vs','ps','gs','hs','ds','cs') and model may be created.

    10Level9 devices accept only 4_0_level_9_x shaders (vs/ps); 10_0 accepts x_4_0; 10_1 x_4_0/x_4_1;
    11_x accepts all of SM4 and SM5 (D3D11 docs "Shader model/feature level" table).
    """
    c = caps_for(level)
    if level < FL_10_0:
        return level9 and program_type in ("vs", "ps")
    if program_type in ("hs", "ds") and not c.hs_ds:
        return False
    if program_type == "cs":
        return c.cs and (major, minor) <= c.cs_model
    if program_type == "gs" and not c.gs:
        return False
    return (major, minor) <= c.vs_model
