"""The fixed-function speed work (issue 12) changes no output bit.

EXPECTED holds SHA-256 prefixes of the bytes every scene of bitid_scenes.py produced with the code as
it was *before* the optimisations of interpolation, format codecs, blending and rasterization
(commit de0e681); each scene's bytes must stay exactly the same. A mismatch means an optimisation
changed a result: fix the optimisation, never the hash (unless a separate, reviewed correctness fix
changes a defined result, which must then say so in its commit).

One such fix: blend_2_minmax and blend_10_minmax (MIN/MAX blend ops on float targets whose random
initial bytes hold signalling NaNs) got new hashes when blend._min_max stopped depending on numpy's
fmin/fmax code path for sNaN operands (the old bytes depended on the pixel-batch size; D3D returns the
non-NaN operand, §22.10.10). Another: logic_3/6/10/13 (logic ops on an R8G8B8A8_UINT target) got new hashes when
the logic op started to combine the target's stored bits (the source converted to the format first, the result
cut to the channel width; §17.7 — tests/test_rules_output_merger.py::test_logic_op checks every op on 8-bit
and 32-bit targets from the table). And topology_2 (a LINELIST draw) changed when line attributes started to
be interpolated along the line (they were the first vertex's value; tests/test_rules_setup_draw.py checks the
perspective-correct values). And bench_S1z_hlsl/_asm (its pixel shader calls sin/cos) changed when exp/log/sincos/rsq
were redefined as float32 operation sequences shared by both backends (issue 12 point 4; D3D11.3 22.10.20
allows 8e-4 absolute error in sincos — tests/test_transcendentals.py checks the accuracy against each bound). They changed again in
session 16 when sincos was redefined (reduction by pi, one odd polynomial per output, docs/transcendentals.md;
tests/test_transcendental_definition.py evaluates the new sequence in pure Python bit for bit against both
backends, which give the same new bytes here). bench_S1z_hlsl (not _asm) changed again in session 40 when the HLSL
compiler began to gather constant chains as fxc does (constchain.py: ``(uv * 6.2831853).x * 3.0`` is one multiply by
18.849556, as d3dcompiler_47 10.1's own listing of PSFill has it); both backends give the same new bytes.
Everything else is the pre-optimisation bytes.
"""

from __future__ import annotations

import warnings

import pytest
from bitid_scenes import GROUPS, bench_available, hashes

EXPECTED = {
    'formats': {
        'fmt_R8G8B8A8_UNORM_off': 'bce2c4c7fb875e977f16ea36',
        'fmt_R8G8B8A8_UNORM_alpha': 'd8650a571f4bb80ab2220f5c',
        'fmt_R8G8B8A8_UNORM_SRGB_off': '2ca9900aaa8a4abc6c02b3d9',
        'fmt_R8G8B8A8_UNORM_SRGB_alpha': '0d32132418e1b4826aef20ca',
        'fmt_B8G8R8A8_UNORM_off': '11a561f8a92873779c29f8b9',
        'fmt_B8G8R8A8_UNORM_alpha': 'eb722a8851fc764fb5fca421',
        'fmt_B8G8R8A8_UNORM_SRGB_off': '7b3cd962dde864b4619b5642',
        'fmt_B8G8R8A8_UNORM_SRGB_alpha': '65f08002f4be386a6d584e48',
        'fmt_R8G8B8A8_SNORM_off': '81feb1af7a6fe5d551182169',
        'fmt_R8G8B8A8_SNORM_alpha': 'e7a4435bfab070dd10fa65f0',
        'fmt_R16G16B16A16_FLOAT_off': '1782596c2881f7ac1e9f95d1',
        'fmt_R16G16B16A16_FLOAT_alpha': 'a42a20d8c8a7da36826d6eb6',
        'fmt_R16G16B16A16_UNORM_off': '43e95dfdc8448700e501209a',
        'fmt_R16G16B16A16_UNORM_alpha': '76d812a93200c2ba6a04657b',
        'fmt_R16G16B16A16_SNORM_off': 'b011a1be9b20a726ba1790b0',
        'fmt_R16G16B16A16_SNORM_alpha': '02dcfdb56d67ae0704611b9c',
        'fmt_R32G32B32A32_FLOAT_off': '575ee31c9978f7c84b204355',
        'fmt_R32G32B32A32_FLOAT_alpha': '871bf54bb85ceefc0ac7d09f',
        'fmt_R10G10B10A2_UNORM_off': 'b6347306bf270772050a880d',
        'fmt_R10G10B10A2_UNORM_alpha': '5b85d1879f28c416fbbcff82',
        'fmt_R11G11B10_FLOAT_off': '734ef6cc7cfda8bad5bd61d4',
        'fmt_R11G11B10_FLOAT_alpha': '5b3074a5ae723f5bdd0be4eb',
        'fmt_B5G6R5_UNORM_off': '4e91a25d39abc8ed2ede873c',
        'fmt_B5G6R5_UNORM_alpha': '671264454fdfb8cfbb140479',
        'fmt_B5G5R5A1_UNORM_off': '02e81a92d0a0bbe94d3325d6',
        'fmt_B5G5R5A1_UNORM_alpha': '39645141e98b92a5fd4536f1',
        'fmt_R16G16_FLOAT_off': 'c95516789430eca00eedad20',
        'fmt_R16G16_FLOAT_alpha': '692d0abf7ec2d2ede2b6455f',
        'fmt_R8_UNORM_off': 'e5fda374a4356ffa2c402fda',
        'fmt_R8_UNORM_alpha': '5d6d17526c197aedf6c3c8bf',
        'fmt_A8_UNORM_off': 'b1f9273fa89de4630fb2b375',
        'fmt_A8_UNORM_alpha': '86acb61ce43dc60e80b2a637',
        'fmt_R32_FLOAT_off': '7448dabe298c555c8665f3bd',
        'fmt_R32_FLOAT_alpha': '79f86d421f2a29c2d9134d60',
        'fmt_R8G8_SNORM_off': 'ac49ad6a3e52969fef1aab8e',
        'fmt_R8G8_SNORM_alpha': '9d92d5dcd1b8c77eda114de5',
        'fmt_R8G8B8A8_UINT': 'e0ac7dd1658db8943c2c6090',
        'fmt_R8G8B8A8_SINT': 'e1777fd52c60efec6c447e7d',
        'fmt_R16G16B16A16_UINT': '42bb3f4447a0997c4e28251e',
        'fmt_R32G32B32A32_SINT': '1368590e4d52c739ce630668',
        'fmt_R10G10B10A2_UINT': '814fb219f307890e3e8a365a',
    },
    'blends': {
        'blend_28_alpha': '5427bcebaf919591c9325975',
        'blend_28_add': 'bcf4ff71da9abefc6c5411aa',
        'blend_28_sub': 'a54025f9ecd4c2870616289e',
        'blend_28_minmax': 'af395f240fe6e8a167f8f013',
        'blend_28_factor': '07a453740e4003e9c8906b14',
        'blend_28_dual': '0fbeec2b6a51bc5283cf9b8e',
        'blend_28_inv_dest': 'b718c35d5215608579d29194',
        'blend_28_mask_rb': '19fed25701df67d86f970f51',
        'blend_28_alpha_mask_ga': '303de68a15706e34d5feaac6',
        'blend_29_alpha': '480dda57c9162ee377922fdf',
        'blend_29_add': '2cc1590220a0826d012e9a63',
        'blend_29_sub': '4fceab305fe8e38e44966080',
        'blend_29_minmax': 'ca10e02e3558cf706e2cca91',
        'blend_29_factor': '8e780565129b964460bbf573',
        'blend_29_dual': '0be32de21b49a82f744dd292',
        'blend_29_inv_dest': 'd3e9d5eb93906abce7a19932',
        'blend_29_mask_rb': '19c46ec7ef5c0a1fc8acd53f',
        'blend_29_alpha_mask_ga': 'e1bc2a6c86430f7bed2f8092',
        'blend_10_alpha': '07929127716257ef970376f0',
        'blend_10_add': 'a562f244deb889660938b0f3',
        'blend_10_sub': 'fc013568f7819c397c28e6d7',
        'blend_10_minmax': 'acc39f7ab01ede86cec834a8',  # sNaN min/max fix
        'blend_10_factor': '19e0f89e679f2c8ef8996c08',
        'blend_10_dual': '6c55a2675a8967019db16ba5',
        'blend_10_inv_dest': '29f193452213f43946d225ad',
        'blend_10_mask_rb': 'e68487a7eb075bea52f9a2a0',
        'blend_10_alpha_mask_ga': 'bf6777191bd25d10d43fb083',
        'blend_2_alpha': 'e99e4d34535c38e133d29962',
        'blend_2_add': '07411c090d28687fd08c5985',
        'blend_2_sub': 'aa1991d78117eae076fb6f48',
        'blend_2_minmax': '6f2d312fdab8ec67a2e1f5f1',  # sNaN min/max fix, see the docstring
        'blend_2_factor': '912999cd38c4a9ac404957d7',
        'blend_2_dual': 'c3bb0011da8dc4097e83cd25',
        'blend_2_inv_dest': '35706c1faf313ad75942c40e',
        'blend_2_mask_rb': '7e07d2d8d4f3e353a98342b2',
        'blend_2_alpha_mask_ga': 'fcaec912855cf01349f75ffa',
        'blend_two_rts': '5c69478ab75c15ed285f07bc',
        'logic_3': '4319857f00ae480714807b65',
        'logic_6': 'bf1901464ef0b2317169bd45',
        'logic_10': '3639945260204f1e0f68a6f5',
        'logic_13': 'bbb448ef96c5295f01a73373',
    },
    'depth': {
        'depth_45_2': '52207e40e449aa96e72888a7',
        'depth_45_5': '80c17e311a27fee4aed2a236',
        'depth_45_8': 'f3c826bda065a61644acb51f',
        'depth_40_2': '7211a12eb481792592a99bf0',
        'depth_40_5': '49f2faf1d662a685ad290ebe',
        'depth_40_8': 'ea676b756249cd09524f37f0',
        'depth_55_2': 'b176c69afa2a4a46d8958831',
        'depth_55_5': '12f77a6663f9ace3c9dbfb4c',
        'depth_55_8': '4cc5deb06d202ca6c2c24e38',
        'depth_20_2': '8dd65b6223a85140452ace58',
        'depth_20_5': '811447d9c77f6b27c27b3dfc',
        'depth_20_8': 'bec5957b8f28938217e4d888',
        'stencil_45': '16e26b6662429f50bd726439',
        'stencil_20': 'f8f04ef4e6070997cac4baf2',
        'depth_only': '166837333eae00289c27f0e5',
    },
    'msaa': {
        'msaa2_28': 'b70122919a2f133919080d16',
        'msaa2_29': '30236c2b9fa859eaf5251d1c',
        'msaa2_10': '751638543d3f63d08fae66df',
        'msaa2_a2c_centroid': '45ea06172ea1a81ed1772ac7',
        'msaa4_28': '17a7b3f0c10e006e317afedd',
        'msaa4_29': '7a087c981b989f3057443164',
        'msaa4_10': '4fab1e8de4909158668254fb',
        'msaa4_a2c_centroid': '1e6d2306246b08de3f45ffaa',
        'msaa8_28': 'cd9aa0e935a8ed56668764d4',
        'msaa8_29': 'db386f6235babb2fa9e23ae1',
        'msaa8_10': '6a89e110b268dab139b31826',
        'msaa8_a2c_centroid': '933380eea675e4c1dfa60666',
    },
    'inputs': {
        'inputs_pos_28': 'adf0604dbddab28df0011ff3',
        'inputs_pos_2': 'b1ffc372d2515c507c6ae24e',
        'inputs_partial_28': 'b501ddf1d6b51026e8cd0534',
        'inputs_partial_2': 'b8af57a55f8e46b8ffda93ce',
        'scissor_cull': '8685e3ce51a2bce3141e1ec4',
        'wireframe': 'af4d458aa8ca90986d0edb5c',
        'topology_1': '68d04cbf64ff4c4b0df2b1c2',
        'topology_2': '4ec4d8a4a82a4a6ccbe13ede',
        'topology_5': '4bf9e02891784467c48cb8f9',
        'small_tris': 'efb8cae57cdbdb11725bf715',
    },
    'bench': {
        'bench_S1z_hlsl': '837e7096e1a1bdd924945855',
        'bench_S2_hlsl': '0797465e97558d7c281a0c38',
        'bench_S3_hlsl': 'b08456523021ba3f958fa024',
        'bench_S5_hlsl': 'de9bac8ed0c8ce1143f03200',
        'bench_S1z_asm': '53ab0a7408b09d8e6d9412e9',
        'bench_S2_asm': '0797465e97558d7c281a0c38',
        'bench_S3_asm': 'b08456523021ba3f958fa024',
        'bench_S5_asm': 'de9bac8ed0c8ce1143f03200',
    },
}


@pytest.mark.parametrize("group", list(GROUPS))
def test_outputs_unchanged(group):
    if group == "bench" and not bench_available():
        pytest.skip("../shared/bench/peer_bench.py (the bench scenes' data) is not present")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # random target bytes include NaNs
        got = hashes(group)
    assert got.keys() == EXPECTED[group].keys()
    changed = sorted(k for k in got if got[k] != EXPECTED[group][k])
    assert not changed, f"changed output bytes: {changed}"


def test_scenes_draw_something():
    # The scenes pin real work: distinct scenes give distinct bytes (a scene that drew nothing would
    # collide with its neighbours' hashes of the untouched target).
    flat = [v for g in EXPECTED.values() for k, v in g.items() if not k.endswith("_asm")]
    assert len(set(flat)) == len(flat)


@pytest.mark.parametrize("overlap", [True, False])
@pytest.mark.parametrize("group", ["blends", "depth", "msaa", "inputs"])
def test_outputs_independent_of_batching_and_threads(monkeypatch, group, overlap):
    # Tiny pixel batches (many per draw) with the output merger on its own thread or inline: the
    # same bytes as one batch per draw.
    from pyd3d11.pipeline import draw as draw_mod
    monkeypatch.setattr(draw_mod, "_PS_BATCH_LANES", 256)
    monkeypatch.setattr(draw_mod, "OVERLAP_OM", overlap)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        got = hashes(group)
    assert got == EXPECTED[group]
