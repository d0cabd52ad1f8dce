"""Device mixin: CheckFeatureSupport, CheckFormatSupport, CheckMultisampleQualityLevels, counters, queries.

The answers describe this software device (a WARP-like implementation): values per feature from the
D3D11_FEATURE_DATA_* pages; format answers from the format table.
"""

from __future__ import annotations

from typing import Any

from pyd3d11.errors import E_FAIL, E_INVALIDARG, error_for

from . import device_consts as C
from .device_formats import (
    FS_DEPTH_STENCIL,
    FS_MULTISAMPLE_RENDERTARGET,
    FS_RENDER_TARGET,
    format_facts,
    format_support,
    format_support2,
    is_video,
)
from .device_structs import D3D11_COUNTER_INFO, F, header
from .queries import ID3D11Predicate, ID3D11Query1, validate_counter, validate_query


def _feature_struct(name: str, **values: Any) -> Any:
    return header(name)(**values)


class DeviceCapsMixin:
    _caps: Any

    # -- formats -------------------------------------------------------------------------------
    def CheckFormatSupport(self, Format: int) -> int:  # noqa: N803
        """D3D11_FORMAT_SUPPORT bits; E_FAIL for formats the device does not support (as Windows)."""
        bits = format_support(int(Format), self._feature_level)
        if not bits:
            raise error_for(E_FAIL, f"format {int(Format)} is not supported", "CheckFormatSupport")
        return bits

    def _msaa_levels(self, fmt: int, count: int) -> int:
        if count == 1:
            # every format answers one level at one sample; a video format only where the device offers it
            if is_video(fmt):
                return 1 if format_support(fmt, self._feature_level) else 0
            return 1 if format_facts(fmt) is not None and fmt != C.FMT_UNKNOWN else 0
        if count not in self._caps.msaa_counts:
            return 0
        sup = format_support(fmt, self._feature_level)
        if fmt and format_facts(fmt) is not None and format_facts(fmt).kind == "typeless":
            from .resources import group_support

            sup = group_support(fmt, self._feature_level)
        if not sup & FS_MULTISAMPLE_RENDERTARGET or not sup & (FS_RENDER_TARGET | FS_DEPTH_STENCIL):
            return 0
        return 1

    def CheckMultisampleQualityLevels(self, Format: int, SampleCount: int) -> int:  # noqa: N803
        """Number of quality levels (0 = unsupported). SampleCount 0 or > 32 → E_FAIL."""
        if not 1 <= int(SampleCount) <= 32:
            raise error_for(E_FAIL, f"SampleCount {SampleCount} outside [1, 32]", "CheckMultisampleQualityLevels")
        if int(Format) == 0 or (format_facts(int(Format)) is None and not is_video(int(Format))):
            # A value that is no DXGI_FORMAT (UNKNOWN, gaps, beyond the enum) is a bad argument, not an
            # unsupported format (which answers 0 levels).
            raise error_for(E_INVALIDARG, f"Format {int(Format)} is not a DXGI_FORMAT", "CheckMultisampleQualityLevels")
        return self._msaa_levels(int(Format), int(SampleCount))

    def CheckMultisampleQualityLevels1(self, Format: int, SampleCount: int, Flags: int) -> int:  # noqa: N803
        if int(Flags) & ~0x1:
            raise error_for(E_INVALIDARG, f"Flags 0x{int(Flags):X} unknown", "CheckMultisampleQualityLevels1")
        if int(Flags) & 0x1:  # D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE: no tiled resources
            return 0
        return self.CheckMultisampleQualityLevels(Format, SampleCount)

    # -- CheckFeatureSupport ---------------------------------------------------------------------
    def CheckFeatureSupport(self, Feature: int, pFeatureSupportData: Any = None,  # noqa: N803
                            FeatureSupportDataSize: Any = None) -> Any:  # noqa: N803
        """Return the D3D11_FEATURE_DATA_* struct for ``Feature`` (inputs such as InFormat are read from
        ``pFeatureSupportData``). Unknown features → E_INVALIDARG."""
        c = self._caps
        fl10, fl11, fl11_1 = c.level >= C.FL_10_0, c.level >= C.FL_11_0, c.level >= C.FL_11_1
        f = int(Feature)
        if f in (2, 3):
            fmt = int(F(pFeatureSupportData, "InFormat"))
            if f == 2:
                bits = format_support(fmt, self._feature_level)
                if not bits:
                    raise error_for(E_FAIL, f"format {fmt} is not supported", "CheckFeatureSupport")
                return _feature_struct("D3D11_FEATURE_DATA_FORMAT_SUPPORT", InFormat=fmt, OutFormatSupport=bits)
            if not format_support(fmt, self._feature_level):
                raise error_for(E_FAIL, f"format {fmt} is not supported", "CheckFeatureSupport")
            return _feature_struct("D3D11_FEATURE_DATA_FORMAT_SUPPORT2", InFormat=fmt,
                                   OutFormatSupport2=format_support2(fmt, self._feature_level))
        table: dict[int, tuple[str, dict[str, Any]]] = {
            0: ("D3D11_FEATURE_DATA_THREADING", dict(DriverConcurrentCreates=1, DriverCommandLists=0)),
            1: ("D3D11_FEATURE_DATA_DOUBLES", dict(DoublePrecisionFloatShaderOps=int(fl11))),
            4: ("D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS",
                dict(ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x=int(c.cs))),
            # Each field says what the calls do at this level (tests/test_feature_support.py exercises them):
            # ClearView and NO_OVERWRITE maps of constant/SRV buffers are 11_1 features here; constant-buffer
            # offsets, partial updates (UpdateSubresource1) and overlapping CopySubresourceRegion1 work at every
            # level (emulated at 9_x, new-driver behaviour at 10_0+: seed 000's VSSetConstantBuffers1 and
            # UpdateSubresource1 remarks).
            5: ("D3D11_FEATURE_DATA_D3D11_OPTIONS", dict(
                OutputMergerLogicOp=int(c.logic_ops), UAVOnlyRenderingForcedSampleCount=int(fl11_1),
                DiscardAPIsSeenByDriver=1, FlagsForUpdateAndCopySeenByDriver=1, ClearView=int(fl11_1),
                CopyWithOverlap=1, ConstantBufferPartialUpdate=1,
                ConstantBufferOffsetting=int(c.constant_buffer_offsetting),
                MapNoOverwriteOnDynamicConstantBuffer=int(fl11_1), MapNoOverwriteOnDynamicBufferSRV=int(fl11_1),
                MultisampleRTVWithForcedSampleCountOne=int(fl11_1), SAD4ShaderInstructions=int(fl11),
                ExtendedDoublesShaderInstructions=int(fl11), ExtendedResourceSharing=0)),
            6: ("D3D11_FEATURE_DATA_ARCHITECTURE_INFO", dict(TileBasedDeferredRenderer=0)),
            # 9_x: non-power-of-two textures only without mips (10Level9 CreateTexture2D row), no comparison
            # samplers (CreateSamplerState row), no per-instance data at 9_1/9_2 (CreateInputLayout row).
            7: ("D3D11_FEATURE_DATA_D3D9_OPTIONS", dict(FullNonPow2TextureSupport=int(fl10))),
            8: ("D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT",
                dict(PixelShaderMinPrecision=0, AllOtherShaderStagesMinPrecision=0)),
            9: ("D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT",
                dict(SupportsDepthAsTextureWithLessEqualComparisonFilter=int(fl10))),
            10: ("D3D11_FEATURE_DATA_D3D11_OPTIONS1", dict(TiledResourcesTier=0, MinMaxFiltering=0,
                                                          ClearViewAlsoSupportsDepthOnlyFormats=int(fl11_1),
                                                          MapOnDefaultBuffers=0)),
            11: ("D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT",
                 dict(SimpleInstancingSupported=int(c.instancing or fl10))),
            12: ("D3D11_FEATURE_DATA_MARKER_SUPPORT", dict(Profile=0)),
            13: ("D3D11_FEATURE_DATA_D3D9_OPTIONS1", dict(
                FullNonPow2TextureSupported=int(fl10), DepthAsTextureWithLessEqualComparisonFilterSupported=int(fl10),
                SimpleInstancingSupported=int(c.instancing or fl10),
                TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported=1)),
            14: ("D3D11_FEATURE_DATA_D3D11_OPTIONS2", dict(
                PSSpecifiedStencilRefSupported=0, TypedUAVLoadAdditionalFormats=0, ROVsSupported=0,
                ConservativeRasterizationTier=0, TiledResourcesTier=0, MapOnDefaultTextures=0, StandardSwizzle=0,
                UnifiedMemoryArchitecture=1)),
            15: ("D3D11_FEATURE_DATA_D3D11_OPTIONS3", dict(VPAndRTArrayIndexFromAnyShaderFeedingRasterizer=0)),
            16: ("D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT",
                 dict(MaxGPUVirtualAddressBitsPerResource=32, MaxGPUVirtualAddressBitsPerProcess=47)),
            17: ("D3D11_FEATURE_DATA_D3D11_OPTIONS4", dict(ExtendedNV12SharedTextureSupported=int(fl10))),
            18: ("D3D11_FEATURE_DATA_SHADER_CACHE", dict(SupportFlags=0)),
            19: ("D3D11_FEATURE_DATA_D3D11_OPTIONS5", dict(SharedResourceTier=0)),
            20: ("D3D11_FEATURE_DATA_DISPLAYABLE", dict(DisplayableTexture=0, SharedResourceTier=0)),
        }
        if f not in table:
            raise error_for(E_INVALIDARG, f"Feature {f} is not a D3D11_FEATURE this device answers",
                            "CheckFeatureSupport")
        name, values = table[f]
        return _feature_struct(name, **values)

    # -- counters ---------------------------------------------------------------------------------
    def CheckCounterInfo(self) -> Any:
        """No device-dependent counters (LastDeviceDependentCounter 0)."""
        return D3D11_COUNTER_INFO(LastDeviceDependentCounter=0, NumSimultaneousCounters=0,
                                  NumDetectableParallelUnits=1)

    def CheckCounter(self, pDesc: Any) -> Any:  # noqa: N803
        with self._creating("CheckCounter"):
            validate_counter(pDesc)

    def CreateCounter(self, pCounterDesc: Any, ppCounter: Any = True) -> Any:  # noqa: N803
        with self._creating("CreateCounter"):
            validate_counter(pCounterDesc)

    # -- queries ----------------------------------------------------------------------------------
    def CreateQuery(self, pQueryDesc: Any, ppQuery: Any = True) -> Any:  # noqa: N803
        with self._creating("CreateQuery"):
            desc = validate_query(self._caps, pQueryDesc, False)
            if not ppQuery:
                return None
        from .queries import PREDICATE_QUERIES

        cls = ID3D11Predicate if int(desc.Query) in PREDICATE_QUERIES else ID3D11Query1
        return cls(self, desc)

    CreateQuery1 = CreateQuery

    def CreatePredicate(self, pPredicateDesc: Any, ppPredicate: Any = True) -> Any:  # noqa: N803
        with self._creating("CreatePredicate"):
            desc = validate_query(self._caps, pPredicateDesc, True)
            if not ppPredicate:
                return None
        return ID3D11Predicate(self, desc)
