"""Format support per feature level: what CheckFormatSupport / CheckFormatSupport2 report (D3D11.3 §19.1.4).

Data source: the D3D11.3 format spreadsheets ``D3D11_3_Formats_FL{9_1..11_1}.xls`` published with the
functional spec (microsoft/DirectX-Specs, CC-BY-4.0), transcribed below as two strings per format:

* ``_SUPPORT[value] = (required, optional)``: one character per spreadsheet column (``_COLUMNS``), giving
  the lowest feature level at which the column is "Hardware Support Required" (first string) or
  "Optional" / "Required if related optional feature supported" (second string):
  ``1`` 9_1, ``2`` 9_2, ``3`` 9_3, ``a`` 10_0, ``b`` 10_1, ``c`` 11_0, ``d`` 11_1, ``-`` never.
* At 9_x the spreadsheets have a "Shader sample (point sample only)" column where 10_0+ has "Shader ld";
  it is folded into SHADER_SAMPLE (9_x has no ``ld``).
* Formats the spreadsheets do not list (P208/V208/V408, sampler-feedback formats, A4B4G4R4_UNORM, which
  are D3D12-era additions) report no support.

A software device implements every format with generic codecs, so it reports each *optional* capability
listed in ``SOFTWARE_OPTIONAL`` (with the lowest feature level it is offered at); video capabilities are never
reported (``NOT_REPORTED``) though the video formats themselves are offered (``SOFTWARE_VIDEO_FORMATS``),
and optional display, sharing, tiling and typed-UAV-load capabilities are not reported (no video engine, no scan-out, no tiled
resources; D3D11_FEATURE_DATA_D3D11_OPTIONS2.TypedUAVLoadAdditionalFormats = FALSE). BACK_BUFFER_CAST is
reported together with DISPLAY.
"""

from __future__ import annotations

from pyd3d11.errors import E_INVALIDARG, InvalidArgError
from pyd3d11.formats.table import format_info
from pyd3d11.formats.video import VIDEO_FORMATS

# D3D_FEATURE_LEVEL values (spec-facts §3) and their one-letter codes in the table.
FEATURE_LEVELS = {0x9100: "1", 0x9200: "2", 0x9300: "3", 0xA000: "a", 0xA100: "b", 0xB000: "c", 0xB100: "d"}
_ORDER = "123abcd"

# D3D11_FORMAT_SUPPORT (mingw-w64 d3d11.idl)
BUFFER = 0x1
IA_VERTEX_BUFFER = 0x2
IA_INDEX_BUFFER = 0x4
SO_BUFFER = 0x8
TEXTURE1D = 0x10
TEXTURE2D = 0x20
TEXTURE3D = 0x40
TEXTURECUBE = 0x80
SHADER_LOAD = 0x100
SHADER_SAMPLE = 0x200
SHADER_SAMPLE_COMPARISON = 0x400
SHADER_SAMPLE_MONO_TEXT = 0x800
MIP = 0x1000
MIP_AUTOGEN = 0x2000
RENDER_TARGET = 0x4000
BLENDABLE = 0x8000
DEPTH_STENCIL = 0x10000
CPU_LOCKABLE = 0x20000
MULTISAMPLE_RESOLVE = 0x40000
DISPLAY = 0x80000
CAST_WITHIN_BIT_LAYOUT = 0x100000
MULTISAMPLE_RENDERTARGET = 0x200000
MULTISAMPLE_LOAD = 0x400000
SHADER_GATHER = 0x800000
BACK_BUFFER_CAST = 0x1000000
TYPED_UNORDERED_ACCESS_VIEW = 0x2000000
SHADER_GATHER_COMPARISON = 0x4000000
DECODER_OUTPUT = 0x8000000
VIDEO_PROCESSOR_OUTPUT = 0x10000000
VIDEO_PROCESSOR_INPUT = 0x20000000
VIDEO_ENCODER = 0x40000000

# D3D11_FORMAT_SUPPORT2
UAV_ATOMIC_ADD = 0x1
UAV_ATOMIC_BITWISE_OPS = 0x2
UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE = 0x4
UAV_ATOMIC_EXCHANGE = 0x8
UAV_ATOMIC_SIGNED_MIN_OR_MAX = 0x10
UAV_ATOMIC_UNSIGNED_MIN_OR_MAX = 0x20
UAV_TYPED_LOAD = 0x40
UAV_TYPED_STORE = 0x80
OUTPUT_MERGER_LOGIC_OP = 0x100
TILED = 0x200
SHAREABLE = 0x400
MULTIPLANE_OVERLAY = 0x4000

# Spreadsheet columns in order: (name, FORMAT_SUPPORT bits, FORMAT_SUPPORT2 bits).
_COLUMNS: tuple[tuple[str, int, int], ...] = (
    ("FORMAT", 0, 0),
    ("BUFFER", BUFFER, 0),
    ("IA_VERTEX_BUFFER", IA_VERTEX_BUFFER, 0),
    ("IA_INDEX_BUFFER", IA_INDEX_BUFFER, 0),
    ("SO_BUFFER", SO_BUFFER, 0),
    ("TEXTURE1D", TEXTURE1D, 0),
    ("TEXTURE2D", TEXTURE2D, 0),
    ("TEXTURE3D", TEXTURE3D, 0),
    ("TEXTURECUBE", TEXTURECUBE, 0),
    ("SHADER_LOAD", SHADER_LOAD, 0),
    ("SHADER_SAMPLE", SHADER_SAMPLE, 0),
    ("SHADER_SAMPLE_COMPARISON", SHADER_SAMPLE_COMPARISON, 0),
    ("SHADER_SAMPLE_MONO_TEXT", SHADER_SAMPLE_MONO_TEXT, 0),
    ("SHADER_GATHER", SHADER_GATHER, 0),
    ("SHADER_GATHER_COMPARISON", SHADER_GATHER_COMPARISON, 0),
    ("MIP", MIP, 0),
    ("MIP_AUTOGEN", MIP_AUTOGEN, 0),
    ("RENDER_TARGET", RENDER_TARGET, 0),
    ("BLENDABLE", BLENDABLE, 0),
    ("OUTPUT_MERGER_LOGIC_OP", 0, OUTPUT_MERGER_LOGIC_OP),
    ("DEPTH_STENCIL", DEPTH_STENCIL, 0),
    ("RAW_UAV_SRV", 0, 0),
    ("STRUCTURED_UAV_SRV", 0, 0),
    ("TYPED_UAV", TYPED_UNORDERED_ACCESS_VIEW, 0),
    ("UAV_TYPED_STORE", 0, UAV_TYPED_STORE),
    ("UAV_TYPED_LOAD", 0, UAV_TYPED_LOAD),
    ("UAV_ATOMIC_ADD", 0, UAV_ATOMIC_ADD),
    ("UAV_ATOMIC_BITWISE_OPS", 0, UAV_ATOMIC_BITWISE_OPS),
    ("UAV_ATOMIC_CMP", 0, UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE),
    ("UAV_ATOMIC_EXCHANGE", 0, UAV_ATOMIC_EXCHANGE),
    ("UAV_ATOMIC_SIGNED_MIN_OR_MAX", 0, UAV_ATOMIC_SIGNED_MIN_OR_MAX),
    ("UAV_ATOMIC_UNSIGNED_MIN_OR_MAX", 0, UAV_ATOMIC_UNSIGNED_MIN_OR_MAX),
    ("CPU_LOCKABLE", CPU_LOCKABLE, 0),
    ("MSAA_4X", MULTISAMPLE_RENDERTARGET, 0),
    ("MSAA_8X", MULTISAMPLE_RENDERTARGET, 0),
    ("MSAA_OTHER", MULTISAMPLE_RENDERTARGET, 0),
    ("MULTISAMPLE_RESOLVE", MULTISAMPLE_RESOLVE, 0),
    ("MULTISAMPLE_LOAD", MULTISAMPLE_LOAD, 0),
    ("DISPLAY", DISPLAY | BACK_BUFFER_CAST, 0),
    ("CAST_WITHIN_BIT_LAYOUT", CAST_WITHIN_BIT_LAYOUT, 0),
    ("DECODER_OUTPUT", DECODER_OUTPUT, 0),
    ("VIDEO_PROCESSOR_INPUT", VIDEO_PROCESSOR_INPUT, 0),
    ("VIDEO_PROCESSOR_OUTPUT", VIDEO_PROCESSOR_OUTPUT, 0),
    ("SHAREABLE", 0, SHAREABLE),
    ("TILED", 0, TILED),
)
_COLUMN_INDEX = {name: i for i, (name, _, _) in enumerate(_COLUMNS)}

# Optional capabilities this software device reports, with the lowest feature level it reports them at.
# Multisampling beyond the required counts is offered from 10_1 (the first level that requires 4x MSAA).
SOFTWARE_OPTIONAL: dict[str, str] = {
    "SHADER_SAMPLE": "1", "SHADER_GATHER": "1", "MIP_AUTOGEN": "1", "RENDER_TARGET": "1", "BLENDABLE": "1",
    "OUTPUT_MERGER_LOGIC_OP": "1", "MSAA_4X": "b", "MSAA_8X": "b", "MSAA_OTHER": "b",
    "MULTISAMPLE_RESOLVE": "b", "MULTISAMPLE_LOAD": "b", "TEXTURE3D": "1", "TEXTURECUBE": "1", "MIP": "1",
}

# Video formats whose optional "Format Support" column this device takes up (formats/video.py builds their
# layouts and views): they exist from the level the optional string names (AYUV, Y410, ... at 9_1; NV12 is
# required at 10_0 and optional below). P208/V208/V408 have no spreadsheet row and stay unsupported.
SOFTWARE_VIDEO_FORMATS = frozenset(VIDEO_FORMATS)

# Capabilities never reported even where the spreadsheets require them: there is no video engine.
NOT_REPORTED = frozenset({"DECODER_OUTPUT", "VIDEO_PROCESSOR_INPUT", "VIDEO_PROCESSOR_OUTPUT"})

# Sample counts offered through the "other" MSAA column (D3D11 requires only 1, 4 and 8).
OTHER_SAMPLE_COUNTS = (2,)

# value: (required, optional) -- see the module docstring for the encoding.
_SUPPORT: dict[int, tuple[str, str]] = {
    0: ("aa--------------------c---------a------------", "--------------------------------------------c"),  # UNKNOWN
    1: ("a----aaaa------a----------------a------a---a-", "--------------------------------------------c"),  # R32G32B32A32_TYPELESS
    2: ("1a1-aa233a2--c-332a----cc-------2c--2b-a---a-", "----------a----------------------222-a------c"),  # R32G32B32A32_FLOAT
    3: ("aaa-aaaaaa-----a-a-d---cc-------ac---b-a---a-", "-------------------a-------------aaa-a------c"),  # R32G32B32A32_UINT
    4: ("aaa-aaaaaa-----a-a-----cc-------ac---b-a---a-", "---------------------------------aaa-a------c"),  # R32G32B32A32_SINT
    5: ("a----aaaa------a----------------a------a-----", "---------------------------------------------"),  # R32G32B32_TYPELESS
    6: ("1a1-aaaaaa-----a----------------a---ab-a-----", "----------a--c--aa1--------------11a-a-------"),  # R32G32B32_FLOAT
    7: ("aaa-aaaaaa-----a---d------------a----b-a-----", "-----------------a-a-------------11a-a-------"),  # R32G32B32_UINT
    8: ("aaa-aaaaaa-----a----------------a----b-a-----", "-----------------a---------------11a-a-------"),  # R32G32B32_SINT
    9: ("a----aaaa------a----------------a------a---a-", "--------------------------------------------c"),  # R16G16B16A16_TYPELESS
    10: ("2a3--a222a2--c-2223----cc-------2cc-2baa--a1-", "---------------------------------222-a---a--c"),  # R16G16B16A16_FLOAT
    11: ("2aa--a222a2--c-222b----cc-------2cc-2b-a---a-", "------------------a--------------222-a------c"),  # R16G16B16A16_UNORM
    12: ("aaa--aaaaa-----a-a-d---cc-------acc--b-a---a-", "-------------------a-------------aaa-a------c"),  # R16G16B16A16_UINT
    13: ("1a1--aaaaaa--c-aaab----cc-------acc-ab-a---a-", "---------------------------------aaa-a------c"),  # R16G16B16A16_SNORM
    14: ("1a1--aaaaa-----a-a-----cc-------acc--b-a---a-", "---------------------------------aaa-a------c"),  # R16G16B16A16_SINT
    15: ("a----aaaa------a----------------a------a-----", "--------------------------------------------c"),  # R32G32_TYPELESS
    16: ("1a1-aa333a3--c-aa3a----cc-------3cc-3b-a-----", "----------a----------------------333-a------c"),  # R32G32_FLOAT
    17: ("aaa-aaaaaa-----a-a-d---cc-------acc--b-a-----", "-------------------a-------------aaa-a------c"),  # R32G32_UINT
    18: ("aaa-aaaaaa-----a-a-----cc-------acc--b-a-----", "---------------------------------aaa-a------c"),  # R32G32_SINT
    19: ("a----aa-a------a----------------a------a-----", "---------------------------------------------"),  # R32G8X24_TYPELESS
    20: ("a----aa-a------a----a-----------acc----a-----", "---------------------------------aaa---------"),  # D32_FLOAT_S8X24_UINT
    21: ("a----aa-aaba-bca----------------a----b-a-----", "----------a----------------------------------"),  # R32_FLOAT_X8X24_TYPELESS
    22: ("a----aa-aa-----a----------------a----b-a-----", "---------------------------------------------"),  # X32_TYPELESS_G8X24_UINT
    23: ("a----aaaa------a----------------a------a---a-", "--------------------------------------------c"),  # R10G10B10A2_TYPELESS
    24: ("aaa--aaaaaa--c-aaaa----cc-------abc-abaa--a1-", "---------------------------------aaa-a---a--c"),  # R10G10B10A2_UNORM
    25: ("aaa--aaaaa-----a-a-d---cc-------abc--b-a---a-", "-------------------a-------------aaa-a------c"),  # R10G10B10A2_UINT
    26: ("aaa--aaaaaa--c-aaaa----cc-------abc-ab-------", "---------------------------------aaa-a------c"),  # R11G11B10_FLOAT
    27: ("a----aaaa------a----------------a------a---a-", "--------------------------------------------c"),  # R8G8B8A8_TYPELESS
    28: ("1a1--a111a1--c-1111----cc-------1bc-1b1a--11-", "---------------------------------111-a---1--c"),  # R8G8B8A8_UNORM
    29: ("1----a111a1--c-1111-------------1bc-1b1a--11-", "---------------------------------111-a---1--c"),  # R8G8B8A8_UNORM_SRGB
    30: ("1a1--aaaaa-----a-a-d---cc-------abc--b-a---a-", "-------------------a-------------aaa-a------c"),  # R8G8B8A8_UINT
    31: ("1aa--a1a1a1--c-1aab----cc-------1bc-ab-a---a-", "---------------------------------aaa-a------c"),  # R8G8B8A8_SNORM
    32: ("aaa--aaaaa-----a-a-----cc-------abc--b-a---a-", "---------------------------------aaa-a------c"),  # R8G8B8A8_SINT
    33: ("a----aaaa------a----------------a------a-----", "--------------------------------------------c"),  # R16G16_TYPELESS
    34: ("2a3--a222a2--c-222a----cc-------2bc-2b-a-----", "---------------------------------222-a------c"),  # R16G16_FLOAT
    35: ("2aa--a222a2--c-222b----cc-------2bc-2b-a-----", "------------------a--------------222-a------c"),  # R16G16_UNORM
    36: ("aaa--aaaaa-----a-a-d---cc-------abc--b-a-----", "-------------------a-------------aaa-a------c"),  # R16G16_UINT
    37: ("1a1--a122a1--c-1aab----cc-------1bc-ab-a-----", "---------------------------------aaa-a------c"),  # R16G16_SNORM
    38: ("1a1--aaaaa-----a-a-----cc-------abc--b-a-----", "---------------------------------aaa-a------c"),  # R16G16_SINT
    39: ("a----aaaa------a-----c----------a------a---a-", "--------------------------------------------c"),  # R32_TYPELESS
    40: ("a----aa-a------a----a-----------abc----a---a-", "---------------------------------aaa--------c"),  # D32_FLOAT
    41: ("1a1-aa222a2a-bc222a----ccc---c--2bc-2b-a---a-", "----------a----------------------222-a------c"),  # R32_FLOAT
    42: ("2aa2aaaaaa-----a-a-d---cccccccccabc--b-a---a-", "-------------------a-------------aaa-a------c"),  # R32_UINT
    43: ("aaa-aaaaaa-----a-a-----cccccccccabc--b-a---a-", "---------------------------------aaa-a------c"),  # R32_SINT
    44: ("a----aa-a------a----------------a------a-----", "---------------------------------------------"),  # R24G8_TYPELESS
    45: ("1----a1-a------a----1-----------abc----a-----", "---------------------------------111---------"),  # D24_UNORM_S8_UINT
    46: ("a----aa-aaba-bca----------------a----b-a-----", "----------a----------------------------------"),  # R24_UNORM_X8_TYPELESS
    47: ("a----aa-aa-----a----------------a----b-a-----", "---------------------------------------------"),  # X24_TYPELESS_G8_UINT
    48: ("a----aaaa------a----------------a------a-----", "--------------------------------------------c"),  # R8G8_TYPELESS
    49: ("1aa--a1aaa1--c-aa11----cc-------1bc-ab-a---1-", "---------------------------------aaa-a------c"),  # R8G8_UNORM
    50: ("aaa--aaaaa-----a-a-d---cc-------abc--b-a-----", "-------------------a-------------aaa-a------c"),  # R8G8_UINT
    51: ("1aa--a1aaa1--c-1aab----cc-------1bc-ab-a-----", "---------------------------------aaa-a------c"),  # R8G8_SNORM
    52: ("aaa--aaaaa-----a-a-----cc-------abc--b-a-----", "---------------------------------aaa-a------c"),  # R8G8_SINT
    53: ("a----aaaa------a----------------a------a---a-", "--------------------------------------------c"),  # R16_TYPELESS
    54: ("aaa--aaaaaa--b-aaaa----cc-------abc-ab-a---a-", "---------------------------------aaa-a------c"),  # R16_FLOAT
    55: ("1----a1-a------a----1-----------abc----a---a-", "---------------------------------111--------c"),  # D16_UNORM
    56: ("2aa--a222a2a-bc2aab----cc-------2bc-ab-a---a-", "------------------a--------------aaa-a------c"),  # R16_UNORM
    57: ("1aa1-aaaaa-----a-a-d---cc-------abc--b-a---a-", "-------------------a-------------aaa-a------c"),  # R16_UINT
    58: ("aaa--aaaaaa--b-aaab----cc-------abc-ab-a---a-", "---------------------------------aaa-a------c"),  # R16_SNORM
    59: ("aaa--aaaaa-----a-a-----cc-------abc--b-a---a-", "---------------------------------aaa-a------c"),  # R16_SINT
    60: ("a----aaaa------a----------------a------a---a-", "--------------------------------------------c"),  # R8_TYPELESS
    61: ("1aa--a111a1--b-1a11----cc-------1bc-ab-a---1-", "---------------------------------aaa-a------c"),  # R8_UNORM
    62: ("aaa--aaaaa-----a-a-d---cc-------abc--b-a---a-", "-------------------a-------------aaa-a------c"),  # R8_UINT
    63: ("aaa--aaaaaa--b-aaab----cc-------abc-ab-a---a-", "---------------------------------aaa-a------c"),  # R8_SNORM
    64: ("aaa--aaaaa-----a-a-----cc-------abc--b-a---a-", "---------------------------------aaa-a------c"),  # R8_SINT
    65: ("1----a122a1--c-aa11----cc-------1bc-ab-----1-", "---------------------------------aaa-a------c"),  # A8_UNORM
    67: ("a----aaaaaa--c-a----------------a------------", "--------------------------------------------c"),  # R9G9B9E5_SHAREDEXP
    68: ("a----aaaaaa--c-a----------------a------------", "---------------------------------------------"),  # R8G8_B8G8_UNORM
    69: ("a----aaaaaa--c-a----------------a------------", "---------------------------------------------"),  # G8R8_G8B8_UNORM
    70: ("a-----aaa------a----------------a------a---a-", "--------------------------------------------c"),  # BC1_TYPELESS
    71: ("1-----1a1a1--c-1----------------1------a---1-", "--------------------------------------------c"),  # BC1_UNORM
    72: ("1-----1a1a1--c-1----------------1------a---1-", "--------------------------------------------c"),  # BC1_UNORM_SRGB
    73: ("a-----aaa------a----------------a------a---a-", "--------------------------------------------c"),  # BC2_TYPELESS
    74: ("1-----1a1a1--c-1----------------1------a---1-", "--------------------------------------------c"),  # BC2_UNORM
    75: ("1-----1a1a1--c-1----------------1------a---1-", "--------------------------------------------c"),  # BC2_UNORM_SRGB
    76: ("a-----aaa------a----------------a------a---a-", "--------------------------------------------c"),  # BC3_TYPELESS
    77: ("1-----1a1a1--c-1----------------1------a---1-", "--------------------------------------------c"),  # BC3_UNORM
    78: ("1-----1a1a1--c-1----------------1------a---1-", "--------------------------------------------c"),  # BC3_UNORM_SRGB
    79: ("a-----aaa------a----------------a------a-----", "--------------------------------------------c"),  # BC4_TYPELESS
    80: ("a-----aaaaa--c-a----------------a------a-----", "--------------------------------------------c"),  # BC4_UNORM
    81: ("a-----aaaaa--c-a----------------a------a-----", "--------------------------------------------c"),  # BC4_SNORM
    82: ("a-----aaa------a----------------a------a-----", "--------------------------------------------c"),  # BC5_TYPELESS
    83: ("a-----aaaaa--c-a----------------a------a-----", "--------------------------------------------c"),  # BC5_UNORM
    84: ("a-----aaaaa--c-a----------------a------a-----", "--------------------------------------------c"),  # BC5_SNORM
    85: ("1----a1a1a1--c-1111-------------1bbb1b-------", "-aa--------------------cc--------111-a------c"),  # B5G6R5_UNORM
    86: ("1----a1a1a1--c-1----------------1---a--------", "-aa-------------aaa----cc--------aaa-a------c"),  # B5G5R5A1_UNORM
    87: ("1aa--a111a1--c-1111-------------1bc-1c1a--11-", "---------------------------------111-a---1a-c"),  # B8G8R8A8_UNORM
    88: ("1aa--a111a1--c-1111-------------1bc-1c-a---1-", "---------------------------------111-a---11-c"),  # B8G8R8X8_UNORM
    89: ("b-----a-------------------------a-----aa--ca-", "a----------------------------------------aa-c"),  # R10G10B10_XR_BIAS_A2_UNORM
    90: ("a----aaaa------a----------------a------a---a-", "--------------------------------------------c"),  # B8G8R8A8_TYPELESS
    91: ("1----a111a1--c-1111-------------1bc-1a1a--11-", "---------------------------------111-----1a-c"),  # B8G8R8A8_UNORM_SRGB
    92: ("a----aaaa------a----------------a------a---a-", "--------------------------------------------c"),  # B8G8R8X8_TYPELESS
    93: ("1----a111a1--c-1111-------------1bc-1a-a---1-", "---------------------------------111--------c"),  # B8G8R8X8_UNORM_SRGB
    94: ("c-----ccc------c----------------c------c-----", "--------------------------------------------c"),  # BC6H_TYPELESS
    95: ("c-----ccccc--c-c----------------c------c-----", "--------------------------------------------c"),  # BC6H_UF16
    96: ("c-----ccccc--c-c----------------c------c-----", "--------------------------------------------c"),  # BC6H_SF16
    97: ("c-----ccc------c----------------c------c-----", "--------------------------------------------c"),  # BC7_TYPELESS
    98: ("c-----ccccc--c-c----------------c------c-----", "--------------------------------------------c"),  # BC7_UNORM
    99: ("c-----ccccc--c-c----------------c------c-----", "--------------------------------------------c"),  # BC7_UNORM_SRGB
    100: ("------1--aa--b-aaaa----cc-------1--------a-a-", "1---------------------------------------111--"),  # AYUV
    101: ("------1--aa--b---------cc-------1----------a-", "1---------------------------------------111--"),  # Y410
    102: ("------1--aa--b-a-------cc-------1----------a-", "1---------------------------------------111--"),  # Y416
    103: ("a-----1--aa--b---aa----cc-------1-------aaaa-", "1---------------------------------------111--"),  # NV12
    104: ("------1--aa--b---ab----cc-------1----------a-", "1-----------------a---------------------111--"),  # P010
    105: ("------1--aa--b---ab----cc-------1----------a-", "1-----------------a---------------------111--"),  # P016
    106: ("1-----1---------------------------------11aa-", "------------------------------------------1--"),  # 420_OPAQUE
    107: ("a-----1--aa--b---------cc-------1--------a-a-", "1---------------------------------------111--"),  # YUY2
    108: ("------1--aa--b---------cc-------1----------a-", "1---------------------------------------111--"),  # Y210
    109: ("------1--aa--b---------cc-------1----------a-", "1---------------------------------------111--"),  # Y216
    110: ("------1--aa--b---aa----cc-------1----------a-", "1---------------------------------------111--"),  # NV11
    111: ("------1-------------------------1--------1---", "1--------------------------------------------"),  # AI44
    112: ("------1-------------------------1--------1---", "1--------------------------------------------"),  # IA44
    113: ("------1-------------------------1--------1---", "1--------------------------------------------"),  # P8
    114: ("------1-------------------------1--------1---", "1--------------------------------------------"),  # A8P8
    115: ("1----a1a1a1--c-1----------------1---a--------", "-aa-------------3aa----cc--------aaa-a------c"),  # B4G4R4A4_UNORM
}


def _level_code(feature_level: int) -> str:
    try:
        return FEATURE_LEVELS[int(feature_level)]
    except (KeyError, TypeError, ValueError):
        raise InvalidArgError(E_INVALIDARG, f"unsupported feature level {feature_level!r}") from None


def _has(fmt: int, column: str, level: str) -> bool:
    row = _SUPPORT.get(int(fmt))
    if row is None or column in NOT_REPORTED:
        return False
    i = _COLUMN_INDEX[column]
    req, opt = row[0][i], row[1][i]
    rank = _ORDER.index(level)
    if req != "-" and _ORDER.index(req) <= rank:
        return True
    floor = SOFTWARE_OPTIONAL.get(column)
    if column == "FORMAT" and int(fmt) in SOFTWARE_VIDEO_FORMATS:
        floor = "1"
    if opt != "-" and floor is not None:
        return max(_ORDER.index(opt), _ORDER.index(floor)) <= rank
    return False


def is_format_supported(fmt: int, feature_level: int) -> bool:
    """Whether the format exists at all at ``feature_level`` (spreadsheet column "Format Support")."""
    format_info(fmt)
    return _has(fmt, "FORMAT", _level_code(feature_level))


def format_support(fmt: int, feature_level: int) -> tuple[int, int]:
    """(D3D11_FORMAT_SUPPORT bits, D3D11_FORMAT_SUPPORT2 bits) for ``fmt`` on a device of ``feature_level``.

    Raises InvalidArgError for an undefined DXGI_FORMAT value or feature level. A format that does not
    exist at that level returns (0, 0); CheckFormatSupport then fails with E_FAIL (api layer's job)."""
    format_info(fmt)
    level = _level_code(feature_level)
    if not _has(fmt, "FORMAT", level):
        return 0, 0
    s1 = s2 = 0
    for name, b1, b2 in _COLUMNS[1:]:
        if (b1 or b2) and _has(fmt, name, level):
            s1 |= b1
            s2 |= b2
    return s1, s2


def has_capability(fmt: int, feature_level: int, column: str) -> bool:
    """One spreadsheet capability by column name (e.g. "MSAA_4X", "RAW_UAV_SRV", "TYPED_UAV")."""
    format_info(fmt)
    return _has(fmt, column, _level_code(feature_level))


def supported_sample_counts(fmt: int, feature_level: int) -> tuple[int, ...]:
    """Sample counts a render-target or depth-stencil format supports (1 always, then 2/4/8 as offered)."""
    format_info(fmt)
    level = _level_code(feature_level)
    if not (_has(fmt, "RENDER_TARGET", level) or _has(fmt, "DEPTH_STENCIL", level)):
        return ()
    counts = [1]
    if _has(fmt, "MSAA_OTHER", level):
        counts.extend(OTHER_SAMPLE_COUNTS)
    if _has(fmt, "MSAA_4X", level):
        counts.append(4)
    if _has(fmt, "MSAA_8X", level):
        counts.append(8)
    return tuple(sorted(counts))


def max_multisample_count(fmt: int, feature_level: int) -> int:
    counts = supported_sample_counts(fmt, feature_level)
    return max(counts) if counts else 0


def multisample_quality_levels(fmt: int, sample_count: int, feature_level: int) -> int:
    """CheckMultisampleQualityLevels: 1 for a supported count (the standard pattern only), else 0."""
    return 1 if int(sample_count) in supported_sample_counts(fmt, feature_level) else 0
