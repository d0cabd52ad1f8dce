#!/usr/bin/env python3
"""Mutation testing of the rule-bearing modules: does the suite notice when a rule is broken?

Each mutant changes one thing in one module — a comparison (``<`` ↔ ``<=``, ``==`` ↔ ``!=``), an arithmetic
or bit operator (``+`` ↔ ``-``, ``&`` ↔ ``|``, ``<<`` ↔ ``>>``), an integer constant (n → n + 1), a numpy
function (``np.minimum`` ↔ ``np.maximum``, ``np.floor`` ↔ ``np.ceil``, ``np.less`` ↔ ``np.less_equal``), ``and`` ↔
``or``, or two neighbouring entries of a table (tuple, list or dict literal) — then runs the tests that guard the
module against a private copy of ``src/`` (with ``PYD3D11_NATIVE_STRICT=1``: native compile errors raise). A
mutant is *killed* when a test fails, *survives* when every test passes; a run past ``--timeout`` is retried once
with a longer limit and, past that too, reported as *timeout* — its own column, never a
kill. Survivors are rules the tests do not pin down.
Swaps inside a ``__slots__`` tuple or a ``str.startswith`` / ``endswith`` prefix tuple keep their numbers (recorded
indices and seeded samples stay valid) but are never run: neither order is observable.

    python scripts/mutate.py                      # every module of MODULES, a seeded sample of mutants each
    python scripts/mutate.py --module pipeline/blend.py --all -j 16
    python scripts/mutate.py --module pipeline/setup.py --index 72 --index 112   # re-check two survivors
    python scripts/mutate.py --list               # the mutation points, without running anything
    python scripts/mutate.py --module shader/dxbc/sm51.py --tests test_hlsl_sm51.py --all -j 1   # chosen guards
    python scripts/mutate.py --module shader/native/runtime.py --function small_first --function Module.note_use --all

The result is printed as a table (killed / total per module) and written as JSON with ``--json FILE``.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src" / "pyd3d11"

#: module (relative to src/pyd3d11) -> the test files that guard its rules
MODULES: dict[str, list[str]] = {
    "pipeline/blend.py": ["test_rules_blend.py", "test_pipeline_blend_factors.py", "test_rules_output_merger.py", "test_pipeline_output.py"],
    "pipeline/comparison.py": ["test_rules_output_merger.py", "test_rules_comparison_forms.py"],
    "pipeline/depth_stencil.py": ["test_rules_depth_stencil.py", "test_rules_output_merger.py", "test_pipeline_output.py"],
    "pipeline/sampler_address.py": ["test_rules_sampler_address.py", "test_audit_pipeline.py", "test_sampler_filter.py", "test_sampler_helpers.py"],
    "formats/numerics.py": ["test_rules_f32tof16_mu19.py", "test_rules_numerics.py", "test_formats_numerics.py", "test_formats_codecs.py", "test_rules_output_merger.py",
                            "test_rules_narrow_unorm_ties.py"],
    "shader/ops/alu_float.py": ["test_rules_alu.py", "test_rules_f32tof16.py", "test_rules_f32tof16_mu19.py", "test_exec_alu.py", "test_instruction_vectors.py", "test_hlsl_fold_semantics.py"],
    "shader/ops/alu_int.py": ["test_rules_alu.py", "test_exec_alu.py", "test_instruction_vectors.py", "test_hlsl_fold_semantics.py"],
    "pipeline/primitives.py": ["test_rules_primitive_assembly.py", "test_api_draw.py", "test_pipeline_triangles.py", "test_geometry_shader.py",
                               "test_draw_strip_passes.py", "test_draw_strip_adj_passes.py"],
    "pipeline/setup.py": ["test_rules_setup.py", "test_rules_setup_draw.py", "test_raster_triangles.py", "test_pipeline_triangles.py", "test_pipeline_eval.py"],
    # the native backend's generators: mutants change the emitted LLVM IR; the differential tests must notice
    "pipeline/native/om_gen.py": ["test_native_om_blend.py", "test_native_om_depth.py", "test_native_om_fuzz.py", "test_native_om_quads.py",
                                  "test_native_om_encode.py", "test_native_om_mu16.py"],
    "pipeline/native/fused_gen.py": ["test_native_fused_diff.py", "test_native_fused_msaa.py", "test_native_fused_clip.py",
                                     "test_native_fused_special_out.py", "test_native_fused_forced.py", "test_native_fused_raster.py",
                                     "test_native_fused_fills.py", "test_native_fused_planes.py", "test_native_fused_mu16.py",
                                     "test_native_fused_exact32.py"],
    # session 19: the batch (flush) function's generator moved out of fused_gen.py; the same guards
    "pipeline/native/fused_flush_gen.py": ["test_native_fused_diff.py", "test_native_fused_msaa.py", "test_native_fused_clip.py",
                                     "test_native_fused_special_out.py", "test_native_fused_forced.py", "test_native_fused_raster.py",
                                     "test_native_fused_fills.py", "test_native_fused_planes.py", "test_native_fused_mu16.py",
                                     "test_native_fused_exact32.py"],
    "pipeline/native/frontend_ir.py": ["test_native_frontend_setup.py", "test_native_frontend_planes.py", "test_native_frontend_ia.py", "test_native_frontend_render.py", "test_native_frontend_vector.py"],
    "pipeline/native/frontend_vec.py": ["test_native_frontend_vector.py", "test_native_frontend_setup.py"],
    "pipeline/native/binning.py": ["test_native_binning.py"],
    "pipeline/native/sampler_gen.py": ["test_native_sampler_2d.py", "test_native_sampler_kinds.py", "test_native_sampler_ld.py", "test_native_sampler_compare_gather.py", "test_native_sampler_log2.py", "test_native_sampler_address_paths.py", "test_native_sampler_unorm8.py",
                                      "test_api_min_lod.py", "test_native_sampler_row_pairs.py"],
    # session 19: the plan (support rules, binders) moved out of sampler_gen.py; the same guards
    "pipeline/native/sampler_plan.py": ["test_native_sampler_2d.py", "test_native_sampler_kinds.py", "test_native_sampler_ld.py", "test_native_sampler_compare_gather.py", "test_native_sampler_log2.py", "test_native_sampler_address_paths.py", "test_native_sampler_unorm8.py",
                                       "test_api_min_lod.py", "test_native_sampler_row_pairs.py"],
    "shader/native/llvm_gen.py": ["test_native_backend.py", "test_native_generator_rules.py", "test_native_sampler_cube.py", "test_native_masked_stores.py", "test_native_flush_bounds.py",
                                  "test_native_x86_ops.py", "test_native_x86_ops_forced.py"],
    # llvm_gen.py's arithmetic, flow-control and memory methods, moved to mixin modules in session 9
    # session 14: denormal-flush elision by proved magnitude bounds
    "shader/native/magnitude.py": ["test_magnitude_mu18.py", "test_native_flush_bounds.py", "test_native_backend.py", "test_native_generator_rules.py"],
    "shader/native/half_ir.py": ["test_rules_f32tof16.py", "test_rules_f32tof16_mu19.py", "test_native_lane_small_floats.py",
                                 "test_native_backend.py::test_float16_conversions_every_half_and_nan_payloads"],
    "shader/native/llvm_arith.py": ["test_native_bitfield_mu18.py", "test_native_backend.py", "test_rules_f32tof16.py", "test_rules_f32tof16_mu19.py", "test_native_generator_rules.py",
                                    "test_nan_operand_order.py", "test_native_x86_ops.py", "test_native_x86_ops_forced.py"],
    "shader/native/llvm_flow.py": ["test_native_backend.py", "test_native_generator_rules.py", "test_native_gs.py"],
    "shader/native/llvm_memory.py": ["test_native_backend.py", "test_native_generator_rules.py"],
    "shader/ops/transcendental.py": ["test_transcendental_definition.py", "test_transcendentals.py"],
    # fixed-function modules added in session 9: tessellation factors and points, interpolation, clipping, lines,
    # LOD selection; and the native code added in session 8 (UNORM8 texel fetch, the vertex front-end memo)
    "pipeline/tessellator.py": ["test_tessellator.py", "test_tessellator_batch.py", "test_pipeline_tessellation.py", "test_hull_domain.py"],
    "pipeline/interpolate.py": ["test_pipeline_eval.py", "test_rules_centroid.py", "test_pipeline_triangles.py",
                                "test_pipeline_msaa.py", "test_native_frontend_planes.py", "test_pipeline_ff_fastpaths.py"],
    "pipeline/clip.py": ["test_rules_clip.py", "test_pipeline_clip_extreme.py", "test_pipeline_triangles.py", "test_rules_setup_draw.py"],
    "pipeline/raster_lines.py": ["test_raster_lines.py"],
    "pipeline/sampler_lod.py": ["test_rules_sampler_lod.py", "test_sampler_mips.py", "test_sampler_filter.py", "test_rules_sampler_filter_decode.py",
                                "test_api_min_lod.py"],
    "pipeline/native/texel_gen.py": ["test_native_sampler_unorm8.py", "test_native_sampler_ld.py", "test_native_sampler_cube.py",
                                     "test_native_sampler_compare_gather.py",
                                     "test_native_compute_textures.py", "test_native_sampler_2d.py"],
    # the fused lane's draw path (session 9: geometry reuse, the draw queue, deferred passes)
    "pipeline/native/fused.py": ["test_fused_geometry_memo.py", "test_draw_queue.py", "test_draw_deferred_passes.py",
                                 "test_native_fused_diff.py", "test_native_fused_points_lines.py",
                                 "test_native_fused_fallback_rules.py", "test_native_fused_clip.py",
                                 "test_native_fused_special_out.py", "test_native_fused_forced.py"],
    # session 19: the selection rules moved out of fused.py; the same guards
    "pipeline/native/fused_select.py": ["test_fused_geometry_memo.py", "test_draw_queue.py", "test_draw_deferred_passes.py",
                                 "test_native_fused_diff.py", "test_native_fused_points_lines.py",
                                 "test_native_fused_fallback_rules.py", "test_native_fused_clip.py",
                                 "test_native_fused_special_out.py", "test_native_fused_forced.py"],
    "pipeline/front_memo.py": ["test_front_memo.py", "test_draw_deferred_passes.py", "test_fused_geometry_memo.py"],
    # session 10's native modules: typed UAV access, scene binning across draws, the 8-triangle setup
    "pipeline/native/uav_gen.py": ["test_native_typed_uav.py", "test_native_ps_vs_uavs.py"],
    "pipeline/native/scene.py": ["test_scene_binning.py", "test_draw_queue.py", "test_native_fused_diff.py"],
    "pipeline/native/fused_lines.py": ["test_native_fused_aliased_lines.py", "test_native_fused_points_lines.py",
                                       "test_native_fused_lines_rules.py"],
    # session 11: which UAV-writing pixel shaders the fused lane may run; eval_* on the fused lane
    "pipeline/native/fused_uav.py": ["test_native_fused_uav.py"],
    "pipeline/native/fused_pull.py": ["test_native_fused_pull.py", "test_native_fused_forced.py"],
    # session 11: the worker pool (pool.zeros) and the vertex shader split over it
    "shader/native/pool.py": ["test_native_pool.py", "test_native_vs_split.py"],
    # session 10's HLSL rules: system values per signature point, #pragma warning, the D3D9 targets
    "shader/hlsl/sysvalues.py": ["test_rules_hlsl_stage_sysvalues.py", "test_rules_hlsl_semantics.py",
                                 "test_hlsl_d3d9_targets.py", "test_rules_hlsl_sysvalue_messages.py"],
    "shader/hlsl/warnpragma.py": ["test_rules_hlsl_pragma_warning.py"],
    "shader/sm2/d3d9.py": ["test_hlsl_d3d9_targets.py", "test_sm2_peephole.py", "test_sm2_d3d9_rules.py",
                           "test_sm2_ctab_rules.py", "test_hlsl_d3d9_sm3.py", "test_mut_sm2_d3d9.py"],
    "shader/sm2/ctab.py": ["test_hlsl_d3d9_targets.py", "test_sm2_peephole.py", "test_sm2_ctab_rules.py"],
    "shader/sm2/peephole.py": ["test_sm2_peephole.py", "test_hlsl_d3d9_targets.py", "test_sm2_peephole_rules.py",
                               "test_sm2_peephole_mu17.py"],
    # the HLSL compiler's rules: the promotion lattice and literal typing (types.py), overload ranking and argument
    # conversions (overload.py), operator typing and shapes (exprs.py), implicit conversions (codegen.py's
    # convert), operator precedence and associativity (parser.py), constant folding of array dimensions
    # (constexpr.py) and constant propagation (constprop.py); the table-driven rule tests guard them
    "shader/hlsl/types.py": ["test_rules_hlsl_types.py", "test_rules_hlsl_implicit_conversions.py",
                             "test_rules_hlsl_shape_conversions.py", "test_rules_hlsl_dx8_typedefs.py",
                             "test_rules_hlsl_type_details.py"],
    "shader/hlsl/overload.py": ["test_rules_hlsl_types.py", "test_rules_hlsl_argument_messages.py",
                                "test_rules_hlsl_shape_conversions.py", "test_rules_hlsl_intrinsics.py", "test_hlsl_checks.py",
                                "test_rules_hlsl_overload_details.py"],
    "shader/hlsl/exprs.py": ["test_rules_hlsl_ternary_matrix_mu19.py", "test_hlsl_local_matrix_dynamic_index.py",
                             "test_hlsl_mem_component_lvalues.py", "test_rules_hlsl_operators_mu18.py", "test_hlsl_structured_dynamic_mu18.py", "test_rules_hlsl_operators.py", "test_rules_hlsl_types.py", "test_rules_hlsl_shape_conversions.py",
                             "test_rules_hlsl_implicit_conversions.py", "test_rules_hlsl_casts.py", "test_hlsl_fold_semantics.py",
                             "test_hlsl_checks.py", "test_hlsl_groupshared.py", "test_hlsl_dynindex.py",
                             "test_rules_hlsl_operator_operands.py", "test_rules_hlsl_expr_details.py",
                             "test_rules_hlsl_expr_codes.py", "test_rules_hlsl_mu20.py"],
    # session 16: the call/inlining half of exprs.py, split off at 1,580 lines; the same guard list
    "shader/hlsl/inlining.py": ["test_rules_hlsl_ternary_matrix_mu19.py", "test_hlsl_local_matrix_dynamic_index.py",
                             "test_hlsl_mem_component_lvalues.py", "test_rules_hlsl_operators_mu18.py", "test_hlsl_structured_dynamic_mu18.py", "test_rules_hlsl_operators.py", "test_rules_hlsl_types.py", "test_rules_hlsl_shape_conversions.py",
                             "test_rules_hlsl_implicit_conversions.py", "test_rules_hlsl_casts.py", "test_hlsl_fold_semantics.py",
                             "test_hlsl_checks.py", "test_hlsl_groupshared.py", "test_hlsl_dynindex.py",
                             "test_rules_hlsl_operator_operands.py", "test_rules_hlsl_expr_details.py",
                             "test_rules_hlsl_expr_codes.py", "test_rules_hlsl_mu20.py"],
    "shader/hlsl/codegen.py": ["test_hlsl_global_lookup_mu18.py", "test_rules_hlsl_shape_conversions.py", "test_rules_hlsl_implicit_conversions.py",
                               "test_rules_hlsl_types.py", "test_rules_hlsl_casts.py", "test_hlsl_fold_semantics.py",
                               "test_hlsl_checks.py", "test_hlsl_compile.py", "test_rules_hlsl_codegen_rules.py",
                               "test_rules_hlsl_registers.py", "test_rules_hlsl_cbuffer_packing.py",
                               "test_rules_d3dcompiler_api_surface.py", "test_rules_hlsl_grammar.py"],
    # session 19: resource binding and cbuffer layout moved out of codegen.py; the same guards
    "shader/hlsl/cg_resources.py": ["test_hlsl_global_lookup_mu18.py", "test_rules_hlsl_shape_conversions.py", "test_rules_hlsl_implicit_conversions.py",
                               "test_rules_hlsl_types.py", "test_rules_hlsl_casts.py", "test_hlsl_fold_semantics.py",
                               "test_hlsl_checks.py", "test_hlsl_compile.py", "test_rules_hlsl_codegen_rules.py",
                               "test_rules_hlsl_registers.py", "test_rules_hlsl_cbuffer_packing.py",
                               "test_rules_d3dcompiler_api_surface.py", "test_rules_hlsl_grammar.py"],
    "shader/hlsl/parser.py": ["test_rules_hlsl_operators.py", "test_rules_hlsl_precedence.py", "test_rules_hlsl_constexpr.py",
                              "test_hlsl_lang_rules.py", "test_hlsl_checks.py", "test_hlsl_compile.py",
                              "test_rules_hlsl_grammar.py", "test_rules_hlsl_registers.py",
                              "test_rules_hlsl_cbuffer_packing.py", "test_rules_hlsl_modifiers.py", "test_effects_compile.py",
                              "test_rules_hlsl_attributes.py", "test_hlsl_mu22_survivors.py", "test_mu9_seed22_survivors.py"],
    # session 42: the type grammar moved out of parser.py (parse_types.py); the same guards
    "shader/hlsl/parse_types.py": ["test_rules_hlsl_operators.py", "test_rules_hlsl_precedence.py",
                                   "test_rules_hlsl_constexpr.py", "test_hlsl_lang_rules.py", "test_hlsl_checks.py",
                                   "test_hlsl_compile.py", "test_rules_hlsl_grammar.py", "test_rules_hlsl_registers.py",
                                   "test_rules_hlsl_cbuffer_packing.py", "test_rules_hlsl_modifiers.py",
                                   "test_effects_compile.py", "test_rules_hlsl_attributes.py",
                                   "test_hlsl_mu22_survivors.py", "test_mu9_seed22_survivors.py",
                                   "test_rules_hlsl_types.py"],
    # session 19: expression parsing moved out of parser.py; the same guards
    "shader/hlsl/parse_exprs.py": ["test_rules_hlsl_operators.py", "test_rules_hlsl_precedence.py", "test_rules_hlsl_constexpr.py",
                              "test_hlsl_lang_rules.py", "test_hlsl_checks.py", "test_hlsl_compile.py",
                              "test_rules_hlsl_grammar.py", "test_rules_hlsl_registers.py",
                              "test_rules_hlsl_cbuffer_packing.py", "test_rules_hlsl_modifiers.py", "test_effects_compile.py",
                              "test_rules_hlsl_attributes.py", "test_hlsl_mu22_survivors.py", "test_mu9_seed22_survivors.py",
                              "test_hlsl_int_literals.py", "test_rules_hlsl_values_s45.py", "test_rules_hlsl_literals.py"],
    # (session 45: fxc's front-end fold of integer constants, with the value table that probes it)
    "shader/hlsl/intfold.py": ["test_rules_hlsl_values_s45.py", "test_hlsl_int_literals.py"],
    # (session 46: a const variable's literal value as fxc's front end substitutes it, with its value table)
    "shader/hlsl/constlit.py": ["test_rules_hlsl_values_s46.py", "test_rules_hlsl_values_s42.py"],
    "shader/hlsl/instfold.py": ["test_rules_hlsl_values_s43.py", "test_rules_hlsl_values_s46.py"],
    "shader/hlsl/zerobits.py": ["test_rules_hlsl_values_s48.py", "test_rules_hlsl_values_s49.py"],
    # (session 49: fxc's value ranges at shader model 4 and 5, the min / max they decide, with its value table)
    "shader/hlsl/floatranges.py": ["test_rules_hlsl_values_s49.py"],
    "shader/hlsl/constexpr.py": ["test_hlsl_nonfinite_constants.py", "test_rules_hlsl_mu20.py", "test_rules_hlsl_constexpr.py", "test_hlsl_const_errors.py",
                                "test_rules_hlsl_const_contexts.py", "test_rules_hlsl_constexpr_details.py", "test_hlsl_mu22_survivors.py",
                                "test_mu9_seed22_survivors.py"],
    "shader/hlsl/constprop.py": ["test_rules_hlsl_constexpr.py", "test_hlsl_fold_semantics.py", "test_hlsl_const_errors.py",
                                 "test_hlsl_optimize.py", "test_rules_hlsl_constprop_details.py",
                                 "test_hlsl_const_array_fold.py", "test_rules_hlsl_constprop_mut24.py"],
    # session 10: rule-bearing modules not sampled before
    "pipeline/sampler.py": ["test_rules_sampler_border.py", "test_sampler_filter.py", "test_sampler_kinds.py", "test_sampler_mips.py", "test_sampler_helpers.py",
                            "test_rules_sampler_filter_decode.py", "test_rules_sampler_address.py", "test_native_sampler_kinds.py",
                            "test_sampler_mu17.py"],
    "pipeline/rasterizer.py": ["test_raster_triangles.py", "test_rules_sample_patterns.py", "test_rules_setup.py", "test_pipeline_msaa.py", "test_rules_centroid.py",
                               "test_pipeline_msaa_patterns.py"],
    "pipeline/output_merger.py": ["test_rules_output_merger.py", "test_pipeline_output.py", "test_rules_blend.py",
                                  "test_rules_depth_stencil.py", "test_pipeline_msaa.py", "test_rules_om_layers.py", "test_debug_pixel_history.py", "test_native_om_depth.py",
                                  "test_native_om_blend.py", "test_native_om_quads.py"],
    "pipeline/stream_output.py": ["test_stream_output.py", "test_windows_rules_stream_output.py"],
    "formats/codecs.py": ["test_formats_codecs_mu19.py", "test_rules_codec_planes.py", "test_formats_codecs.py", "test_rules_numerics.py", "test_formats_numerics.py", "test_native_sampler_unorm8.py"],
    "shader/ops/alu_double.py": ["test_rules_double_alu_mu18.py", "test_rules_double_alu.py", "test_exec_dfma.py", "test_native_doubles.py", "test_hlsl_doubles.py", "test_instruction_vectors.py"],
    "shader/hlsl/preprocessor.py": ["test_rules_hlsl_preprocessor_mu18.py", "test_hlsl_lang_preprocessor.py", "test_rules_hlsl_preprocessor.py",
                                    "test_rules_hlsl_preprocessor_fxc.py", "test_hlsl_pp_differential.py", "test_hlsl_lang_names.py",
                                    "test_rules_hlsl_preprocessor_details.py", "test_rules_hlsl_preprocessor_c99.py", "test_hlsl_preproc_c99_rules.py", "test_hlsl_preproc_fxc_tolerance.py",
                                    "test_hlsl_mu22_survivors.py", "test_mu9_seed22_survivors.py", "test_rules_preproc_s42.py",
                                    "test_rules_preproc_s43.py", "test_rules_preproc_s44.py", "test_rules_preproc_s45.py", "test_rules_preproc_s46.py", "test_rules_preproc_s47.py", "test_rules_preproc_s48.py", "test_rules_preproc_s49.py"],
    # (session 46: the directives and macro replacement, split from preprocessor.py: the same tables)
    "shader/hlsl/ppdirective.py": ["test_rules_hlsl_preprocessor_mu18.py", "test_hlsl_lang_preprocessor.py", "test_rules_hlsl_preprocessor.py",
                                   "test_rules_hlsl_preprocessor_fxc.py", "test_rules_hlsl_preprocessor_c99.py", "test_hlsl_preproc_fxc_tolerance.py",
                                   "test_rules_hlsl_fxc_preprocess_if.py", "test_rules_preproc_s42.py", "test_rules_preproc_s43.py",
                                   "test_rules_preproc_s44.py", "test_rules_preproc_s45.py", "test_rules_preproc_s46.py", "test_rules_preproc_s47.py", "test_rules_preproc_s48.py"],
    "shader/hlsl/ppexpand.py": ["test_rules_hlsl_preprocessor_mu18.py", "test_hlsl_lang_preprocessor.py", "test_rules_hlsl_preprocessor.py",
                                "test_rules_hlsl_preprocessor_fxc.py", "test_hlsl_pp_differential.py", "test_rules_hlsl_preprocessor_c99.py",
                                "test_hlsl_preproc_c99_rules.py", "test_rules_hlsl_fxc_preprocess_s36.py", "test_rules_hlsl_fxc_preprocess_s38.py",
                                "test_mu9_seed22_survivors.py", "test_rules_preproc_s42.py", "test_rules_preproc_s45.py", "test_rules_preproc_s46.py", "test_rules_preproc_s47.py", "test_rules_preproc_s48.py"],
    # (session 44: #include -- operands, handler calls, nesting -- from preprocessor.py; the definitions' reader)
    "shader/hlsl/ppinclude.py": ["test_rules_preproc_s44.py", "test_hlsl_preproc_s19_table.py",
                                 "test_rules_hlsl_fxc_preprocess_include.py", "test_rules_preproc_s42.py", "test_rules_preproc_s46.py"],
    "shader/hlsl/ppmessage.py": ["test_rules_preproc_s49.py", "test_rules_hlsl_pragma_warning.py"],
    "shader/hlsl/ppdefines.py": ["test_rules_preproc_s44.py", "test_rules_preproc_s48.py"],
    # (session 42: #pragma and _Pragma, from preprocessor.py)
    "shader/hlsl/pppragma.py": ["test_hlsl_preproc_predefined_and_pragma_op.py", "test_rules_hlsl_pragma_warning.py",
                                "test_rules_hlsl_preprocessor_fxc.py", "test_rules_preproc_s42.py", "test_rules_preproc_s43.py", "test_rules_preproc_s49.py"],
    # (session 43: what runs past its line -- open strings, #include's name -- from preprocessor.py)
    "shader/hlsl/pprunon.py": ["test_rules_preproc_s43.py", "test_rules_preproc_s42.py",
                               "test_rules_hlsl_fxc_preprocess_s39.py", "test_hlsl_preproc_c99_rules.py",
                               "test_rules_preproc_s45.py", "test_rules_preproc_s46.py", "test_rules_preproc_s47.py", "test_rules_preproc_s48.py", "test_rules_preproc_s49.py"],
    # (split from preprocessor.py in session 37: the same guards, with the lookahead and text rows of that session)
    "shader/hlsl/ppmarks.py": ["test_rules_hlsl_preprocessor_mu18.py", "test_hlsl_lang_preprocessor.py",
                               "test_rules_hlsl_preprocessor_fxc.py", "test_rules_hlsl_preprocessor_c99.py",
                               "test_hlsl_preproc_predefined_and_pragma_op.py", "test_rules_hlsl_fxc_preprocess_s37.py",
                               "test_rules_hlsl_fxc_preprocess_text_s37.py", "test_mu9_seed22_survivors.py",
                               "test_rules_preproc_s45.py", "test_rules_preproc_s46.py"],
    # (session 38: fxc's static walks over the macro table, from preprocessor.py)
    "shader/hlsl/ppwalk.py": ["test_rules_hlsl_fxc_preprocess_s38.py", "test_rules_hlsl_fxc_preprocess_s36.py",
                              "test_rules_preproc_s42.py", "test_rules_preproc_s45.py", "test_rules_preproc_s46.py"],
    # (session 39: the #if expression methods, from preprocessor.py)
    "shader/hlsl/ppcond.py": ["test_rules_hlsl_fxc_preprocess_s39.py", "test_rules_hlsl_fxc_preprocess_s38.py",
                              "test_rules_hlsl_preprocessor_c99.py", "test_rules_hlsl_fxc_preprocess_if.py",
                              "test_hlsl_preproc_s19_table.py", "test_rules_hlsl_preprocessor_fxc.py", "test_rules_preproc_s42.py",
                              "test_rules_preproc_s43.py", "test_rules_preproc_s44.py", "test_rules_preproc_s45.py", "test_rules_preproc_s46.py", "test_rules_preproc_s49.py"],
    # (session 45: the #if evaluator's constants and fxc's paste, with the case tables that probe them)
    "shader/hlsl/ppexpr.py": ["test_rules_hlsl_fxc_preprocess_if.py", "test_rules_preproc_s42.py",
                              "test_rules_preproc_s43.py", "test_rules_preproc_s45.py", "test_rules_preproc_s46.py"],
    "shader/hlsl/ppfxc.py": ["test_rules_hlsl_fxc_preprocess_s36.py", "test_rules_preproc_s42.py", "test_rules_preproc_s45.py", "test_rules_preproc_s46.py", "test_rules_preproc_s47.py", "test_rules_preproc_s48.py"],
    # (session 47: the compile around the preprocessor -- byte reading, the include replay, the error order)
    "shader/compile_api.py": ["test_rules_preproc_s47.py", "test_rules_preproc_s45.py", "test_rules_hlsl_fxc_preprocess_order_s38.py",
                              "test_rules_hlsl_fxc_preprocess_directives_s37.py", "test_rules_preproc_s49.py"],
    # (session 43: fxc's D3DPreprocess text -- the writer -- registered with its tables)
    "shader/hlsl/pptext.py": ["test_rules_hlsl_fxc_preprocess_text_s37.py", "test_rules_preproc_s42.py", "test_rules_preproc_s43.py"],
    "shader/hlsl/layout.py": ["test_rules_hlsl_cbuffer_packing.py", "test_hlsl_cbuffer_rules.py", "test_rules_hlsl_member_arrays.py",
                              "test_rules_hlsl_layout_details.py"],
    "shader/hlsl/regclass.py": ["test_rules_hlsl_register_classes.py", "test_rules_hlsl_registers.py"],
    # session 12's new modules: the api draw plan, the lane IR and its channel codecs, switch/loop folding
    "api/draw_plan.py": ["test_draw_plan.py", "test_draw_plan_mu19.py", "test_api_draw_state_memo.py", "test_api_deferred_draw.py",
                         "test_mu9_draw_plan_quick_key.py"],
    # session 13: the pipeline half of the draw plan
    "pipeline/native/fused_replay.py": ["test_draw_replay.py"],
    "pipeline/native/lane_ir.py": ["test_native_lane_unorm_switch_mu18.py", "test_native_lane_small_floats.py", "test_native_om_encode.py", "test_native_om_blend.py",
                                   "test_native_om_quads.py", "test_native_om_depth.py", "test_native_typed_uav.py",
                                   "test_native_om_fuzz.py"],
    "shader/hlsl/unroll.py": ["test_hlsl_switch_fold.py", "test_hlsl_dynindex.py", "test_hlsl_checks.py",
                              "test_hlsl_const_array_fold.py", "test_rules_hlsl_loop_flow.py", "test_hlsl_lang_programs.py",
                              "test_rules_hlsl_unroll_termination.py"],
    "shader/hlsl/tessfactors.py": ["test_hlsl_tess_factor_helpers.py"],
    "shader/hlsl/signatures.py": ["test_rules_hlsl_semantics.py", "test_rules_hlsl_output_semantics.py",
                                  "test_rules_hlsl_stage_sysvalues.py", "test_windows_rules_signatures.py", "test_hlsl_min_precision.py",
                                  "test_rules_hlsl_signature_details.py", "test_rules_hlsl_bool_outputs.py", "test_hlsl_mu21_survivors.py"],
    # session 11's changed modules (sampled in session 12): texture-method tails (offsets, GetSamplePosition,
    # per-texel Gather offsets, residency status), interface locals, the D3D9/level-9 translation and its flow
    # control, the input assembler's vertex fetch, the intrinsic dispatch table. Entries may be pytest node ids
    # (file::test) so that one mutant's run stays under a minute on a shared 2-core host
    "shader/hlsl/texops.py": ["test_hlsl_object_methods.py",
                              "test_hlsl_checks.py::test_immediate_texel_offsets_in_range",
                              "test_hlsl_checks.py::test_texel_offsets_must_resolve_to_literals",
                              "test_hlsl_checks.py::test_gather_offset_out_of_range_is_programmable_on_sm5_only",
                              "test_rules_hlsl_texops.py"],
    "shader/hlsl/ifacelocals.py": ["test_hlsl_interface_locals.py", "test_rules_hlsl_varying_interface_warning.py"],
    "pipeline/input_assembler.py": ["test_native_frontend_ia.py", "test_pipeline_ia_gather.py", "test_rules_input_assembler.py"],
    "shader/sm2/translate.py": ["test_level9_profiles.py", "test_hlsl_d3d9_sm3.py", "test_rules_sm2_translate.py",
                                "test_sm2_translate_mu17.py", "test_mut_sm2_translate.py"],
    "shader/sm2/flow.py": ["test_level9_kinds.py", "test_hlsl_d3d9_sm3.py", "test_rules_sm2_translate.py",
                           "test_level9_switch_mut24.py", "test_sm2_translation_robustness.py"],
    "shader/hlsl/intrinsics.py": ["test_hlsl_structured_dynamic_mu18.py", "test_hlsl_texture_offset_dims_mu18.py", "test_rules_hlsl_intrinsic_precision_mu18.py", "test_rules_hlsl_determinant_mu18.py", "test_rules_hlsl_intrinsics.py", "test_hlsl_object_methods.py",
                                  "test_rules_hlsl_intrinsic_dispatch.py"],
    # session 38: intrinsics.py split -- the object methods and the memory/atomic access
    "shader/hlsl/objmethods.py": ["test_hlsl_texture_offset_dims_mu18.py", "test_hlsl_object_methods.py",
                                  "test_rules_hlsl_intrinsic_dispatch.py"],
    "shader/hlsl/memaccess.py": ["test_hlsl_structured_dynamic_mu18.py", "test_hlsl_object_methods.py",
                                 "test_structured_atomics.py"],
    "shader/hlsl/assign.py": ["test_hlsl_mem_component_lvalues.py", "test_rules_hlsl_fxc_verdicts_acc.py",
                              "test_rules_hlsl_casts.py"],
    "shader/hlsl/cgstmts.py": ["test_rules_hlsl_control_flow_s18.py", "test_rules_hlsl_fxc_return_paths_s35.py",
                               "test_rules_hlsl_loop_flow.py", "test_rules_hlsl_switch_continue.py"],
    "shader/hlsl/cglisting.py": ["test_dxbc_container_listing.py", "test_rules_hlsl_registers.py"],
    "shader/hlsl/parse_stmts.py": ["test_rules_hlsl_grammar.py", "test_rules_hlsl_control_flow_s18.py",
                                   "test_hlsl_docs_language_flow.py"],
    # session 13: struct-method receivers (in memory, known-constant elements) and the switch checks
    "shader/hlsl/receiver.py": ["test_hlsl_method_receivers.py"],
    "shader/hlsl/check.py": ["test_rules_hlsl_switch_continue.py", "test_hlsl_checks.py", "test_hlsl_mu22_survivors.py",
                             "test_mu9_seed22_survivors.py"],
    # session 13 (helper VID): the D3D11.1 video formats' planes and view formats
    "formats/video.py": ["test_api_video_resources.py"],
    # session 13: the output writes a kernel always makes (K2), class linkage and class methods (HL1, HL3, HL4)
    "shader/native/lower.py": ["test_native_fused_fills.py", "test_structured_atomics.py", "test_native_generator_rules.py", "test_native_backend.py",
                               "test_native_gs.py", "test_native_deferred_select.py",
                               "test_native_typed_uav.py::test_typed_atomics", "test_native_class_linkage.py",
                               "test_mu9_lower_call_frames.py", "test_native_lower_mut21.py"],
    "shader/hlsl/linkage.py": ["test_hlsl_interface_objects.py", "test_class_linkage.py", "test_hlsl_interface_locals.py",
                               "test_rules_hlsl_class_linkage.py", "test_hlsl_linkage_mu16.py",
                               "test_hlsl_interface_params.py", "test_hlsl_mu22_survivors.py"],
    "shader/hlsl/classes.py": ["test_hlsl_class_qualified_calls.py", "test_hlsl_class_objects.py",
                               "test_hlsl_class_groupshared.py", "test_hlsl_method_object_returns.py",
                               "test_rules_hlsl_language_s12.py", "test_hlsl_interface_objects.py", "test_hlsl_classes_mu16.py",
                               "test_hlsl_interface_params.py"],
    # session 13: reflection's invalid objects and requirement flags (HL2), X3578 (HL4), run-time interface choices (HL1)
    "shader/reflection.py": ["test_rules_d3dcompiler_reflection_s13.py", "test_reflection.py",
                             "test_rules_d3dcompiler_api_surface.py", "test_mut_reflection.py"],
    # session 17 (MU7): session 16's changed modules not sampled before — the optimiser (empty if-arms, dead
    # status loads), the transcendental sequences' LLVM operations, X4603's varying-index analysis. The corpus
    # differential (test_hlsl_optimizer_differential.py) is left out: its vertex/pixel half alone ran past 600 s on
    # the loaded 2-core host, so every optimize.py mutant timed out whatever it did
    # session 31 (the session-30 speed changes' own rules): the OpenSSL block path is used only where it agrees with
    # RFC 1321; the function list of the uncalled-function probes comes from the compile's parse; `precise` found by token
    "shader/dxbc/checksum.py": ["test_dxbc_container.py", "test_dxbc_container_blob.py"],
    "shader/hlsl/uncalled.py": ["test_hlsl_uncalled_probe_cost.py", "test_hlsl_lang_rules.py", "test_rules_hlsl_entry_rules.py",
                                "test_rules_hlsl_dxc_s48.py"],
    # session 48 (ACC): fxc's semantic pass over every body before the later phases
    "shader/hlsl/typepass.py": ["test_rules_hlsl_dxc_s48.py"],
    # session 49 (ACC): a D3D9-style sampler's dimensions at 4.0+ (the abort, a sampler array's X4539)
    "shader/hlsl/legacytex.py": ["test_rules_hlsl_dxc_s49.py"],
    "shader/hlsl/refactor.py": ["test_hlsl_optimizer_regressions.py", "test_hlsl_features.py", "test_rules_hlsl_modifiers.py"],
    "shader/hlsl/optimize.py": ["test_hlsl_empty_branches_mu20.py", "test_hlsl_optimize.py", "test_hlsl_optimizer_regressions.py",
                                "test_rules_hlsl_uninitialized_dead_reads.py", "test_fxc_oracle.py", "test_hlsl_classes.py",
                                "test_hlsl_tess_factor_helpers.py", "test_hlsl_mu21_survivors.py"],
    # session 17: the shader-model / stage gate table, fxc's intrinsic expansions (atan2, asin, acos), the
    # pixel shader's UAV numbering
    "shader/hlsl/featuregates.py": ["test_rules_hlsl_feature_gates.py"],
    "shader/hlsl/intrinsics_math.py": ["test_fxc_oracle.py", "test_hlsl_docs_intrinsics_math.py", "test_rules_hlsl_intrinsics.py",
                                       "test_level9_float_bits.py", "test_hlsl_docs_objects_pixel.py"],
    "shader/hlsl/objects.py": ["test_fxc_oracle.py", "test_hlsl_cost_bounds.py", "test_rules_hlsl_registers.py",
                               "test_hlsl_object_methods.py", "test_hlsl_method_object_returns.py", "test_hlsl_class_objects.py",
                               "test_hlsl_interface_struct_objects.py", "test_rules_hlsl_object_casts.py",
                               "test_hlsl_objects_legacy.py", "test_hlsl_object_array_members_mu21.py"],
    "shader/native/llvm_seq.py": ["test_transcendental_definition.py", "test_transcendentals.py", "test_native_x86_ops.py",
                                  "test_native_x86_ops_forced.py"],
    "shader/hlsl/ifacevarying.py": ["test_rules_hlsl_varying_interface_index.py", "test_hlsl_interface_params.py",
                                    "test_hlsl_classes.py", "test_rules_hlsl_mu20.py"],
    "shader/hlsl/uninit.py": ["test_hlsl_uninit_dataflow_mu18.py", "test_rules_hlsl_output_init_warning.py", "test_hlsl_checks.py", "test_rules_hlsl_uninitialized_locals.py", "test_rules_hlsl_output_init_out_params.py", "test_rules_hlsl_uninitialized_dead_reads.py",
                              "test_mu9_seed22_survivors.py"],
    # session 18 (MU8): the library compile target and the linker / function-linking graph (HL19), the parallel
    # front end's chunk order (K14), the row-pair texel copy of the sampler's texture cache (K16)
    "shader/hlsl/library.py": ["test_hlsl_library_linking.py", "test_hlsl_library_linking_mu8.py"],
    "shader/linker.py": ["test_hlsl_library_linking.py", "test_hlsl_library_linking_mu8.py", "test_rules_d3dcompiler_api_surface.py"],
    "pipeline/front_chunks.py": ["test_native_front_chunks.py", "test_draw_deferred_passes.py"],
    # session 19 (MU9): K17's per-piece records of the fused rasterizer (issue 12, S2)
    "pipeline/native/piece_records.py": ["test_native_fused_piece_records.py"],
    # session 21 (MUT): session 19's one tile pass over the parallel front end's chunks (K19), and the native
    # multisample texel access (ld2dms, sampleinfo, samplepos)
    "pipeline/native/chunk_tiles.py": ["test_native_front_chunks.py", "test_native_chunk_tiles_mut21.py"],
    "pipeline/native/texel_ms.py": ["test_native_texel_ms.py", "test_native_texel_ms_mut21.py"],
    # the "small-first" rules of the runtime (small_first, Module.note_use, shared_function, _compile's widths and
    # levels, the lanes dispatch / run_program pass): run with --index on those points only (docs/conformance.md)
    "shader/native/runtime.py": ["test_native_small_first_mut21.py", "test_native_small_first.py", "test_native_tiers.py",
                                 "test_native_shared_tex.py"],
    # session 23: the SM5.0 -> SM5.1 register-form rewrite
    "shader/dxbc/sm51.py": ["test_hlsl_sm51.py", "test_dxbc_sm51_mut23.py"],
    "shader/hlsl/sm51.py": ["test_hlsl_sm51.py", "test_hlsl_sm51_mut23.py"],
    # session 24 (MUT): session 23's shader-model-2 analyses and the fx_2_0 effect target
    "shader/sm2/congruence.py": ["test_sm2_congruence.py", "test_sm2_mut24.py"],
    "shader/sm2/propagate.py": ["test_sm2_propagate.py", "test_sm2_mut24.py"],
    "shader/sm2/static_branch.py": ["test_sm2_bool_branches.py", "test_sm2_mut24.py", "test_sm2_static_branch_mut24.py"],
    "shader/sm2/integers.py": ["test_level9_ints_loops.py::test_unsigned_division_and_shifts_are_emulated_exactly",
                               "test_level9_ints_loops.py::test_integer_and_bool_constants_and_integer_vertex_inputs_agree",
                               "test_level9_signed_div.py", "test_rules_sm2_translate.py", "test_level9_ints_mut24.py"],
    "shader/sm2/fold.py": ["test_sm2_fold_mut24.py", "test_sm2_one_trip_loops.py", "test_level9_signed_div.py"],
    "effects/fx2binary.py": ["test_effects_fx2.py", "test_effects_fx2_mut24.py"],
    "effects/fx2states.py": ["test_effects_fx2.py", "test_effects_fx2_mut24.py"],
    "effects/fx2compile.py": ["test_effects_fx2.py", "test_effects_fx2_mut24.py"],
    # session 25 (MUT): the level-9 kind analysis, the FX11 effect front end (parser, compiler, binary writer)
    "shader/sm2/kinds.py": ["test_level9_kinds.py", "test_mut_sm2_kinds.py"],
    "effects/fxparse.py": ["test_effects_compile.py", "test_effects_header_rules.py", "test_effects_variables.py",
                           "test_effects_states.py", "test_mut_effects.py"],
    "effects/fxcompile.py": ["test_effects_compile.py", "test_effects_header_rules.py", "test_effects_variables.py",
                             "test_effects_states.py", "test_mut_effects.py"],
    "effects/fx2preshader.py": ["test_effects_fx2.py", "test_mut_effects.py"],
    "effects/binary.py": ["test_effects_compile.py", "test_effects_header_rules.py", "test_effects_variables.py",
                          "test_effects_states.py", "test_mut_effects.py"],
    "pipeline/texture_cache.py": ["test_native_sampler_row_pairs.py", "test_native_sampler_decode_rows.py",
                                  "test_native_sampler_unorm8.py", "test_native_sampler_unorm8_scaled.py",
                                  "test_native_sampler_address_paths.py", "test_native_sampler_ld.py::test_ld_typed_buffer"],
    # session 25's new modules (first sampled by the lead on the device, seed 28: docs/conformance.md "Session 25, the lead")
    "shader/hlsl/foldinit.py": ["test_hlsl_fold_initializers.py", "test_hlsl_fold_differential.py"],
    "effects/fx2expr.py": ["test_fx2_expressions.py", "test_mut26_fx2.py"],
    "effects/fx2asm.py": ["test_fx2_asm.py", "test_mut26_fx2.py"],
    "shader/sm2/liveness.py": ["test_sm2_unroll_s25.py", "test_hlsl_d3d9_targets.py", "test_mut26_sm2_liveness.py"],
    "shader/sm2/selects.py": ["test_sm2_unroll_s25.py", "test_hlsl_d3d9_targets.py", "test_mut26_sm2_selects.py"],
    # session 26 (MUT): never sampled before; the one definition of the lanes an sm2 instruction reads
    "tools/dxc_sema.py": ["test_dxc_sema_tool.py", "test_rules_hlsl_type_check_scope.py", "test_mut26_dxc_sema.py"],
    "shader/hlsl/parse_effects.py": ["test_rules_hlsl_grammar.py", "test_hlsl_checks.py", "test_fx2_stateblocks.py",
                                     "test_mut26_parse_effects.py"],
    "shader/sm2/lanes.py": ["test_mut26_sm2_lanes.py"],
    # session 27 (MUT): session 26's new modules, never sampled before
    "shader/sm2/vectorize.py": ["test_sm2_flatten_s26.py", "test_mut27_sm2_vectorize.py"],
    "shader/sm2/defpack.py": ["test_sm2_flatten_s26.py", "test_mut27_sm2_vectorize.py"],
    "shader/hlsl/objcompat.py": ["test_hlsl_object_views.py", "test_mut27_objcompat.py"],
    "pipeline/native/worker_rows.py": ["test_scene_worker_rows.py"],
    "effects/fxexpr.py": ["test_fx11_fxlvm.py", "test_mut27_fxexpr.py"],
    "effects/fxlvm.py": ["test_fx11_fxlvm.py", "test_fx11_generality.py", "test_mut27_fxexpr.py"],
    "effects/fx2pres.py": ["test_fx2_pres.py", "test_effects_fx2.py"],
}

_CMP_SWAP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}
_BIN_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.BitAnd: ast.BitOr,
             ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitOr, ast.LShift: ast.RShift, ast.RShift: ast.LShift,
             ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv}
_NP_SWAP = {"minimum": "maximum", "maximum": "minimum", "fmin": "fmax", "fmax": "fmin", "floor": "ceil",
            "ceil": "floor", "less": "less_equal", "less_equal": "less", "greater": "greater_equal",
            "greater_equal": "greater", "equal": "not_equal", "not_equal": "equal", "rint": "trunc",
            "trunc": "rint", "any": "all", "all": "any"}


@dataclass
class Mutant:
    module: str
    index: int  # the n-th mutation point of the module (stable for a given source)
    line: int
    what: str
    status: str = "not run"  # killed | survived | timeout | not run | skipped (never run: order-free entries)


class _Points(ast.NodeVisitor):
    """Collects mutation points in source order; ``apply`` re-walks and changes the n-th one."""

    def __init__(self, target: int = -1) -> None:
        self.points: list[tuple[int, str]] = []
        self.target = target
        # points that change nothing a program can observe (the order of a ``__slots__`` tuple): numbered like
        # the others, so that recorded indices and seeded samples stay as they were, but never run
        self.skipped: set[int] = set()
        self._order_free: set[int] = set()  # ids of tuple nodes whose entry order means nothing

    def _hit(self, node: ast.AST, what: str) -> bool:
        self.points.append((getattr(node, "lineno", 0), what))
        return len(self.points) - 1 == self.target

    def visit_Compare(self, node: ast.Compare) -> None:  # noqa: N802
        for i, op in enumerate(node.ops):
            new = _CMP_SWAP.get(type(op))
            if new and self._hit(node, f"{type(op).__name__} -> {new.__name__}"):
                node.ops[i] = new()
        self.visit(node.left)
        for op, comp in zip(node.ops, node.comparators):
            if isinstance(op, (ast.In, ast.NotIn)) and isinstance(comp, (ast.Tuple, ast.List, ast.Set)):
                for e in comp.elts:  # the order of a membership test's items means nothing: no swaps
                    self.visit(e)
            else:
                self.visit(comp)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:  # noqa: N802
        # ``except (A, B, C)`` catches any of them, whatever their order: swaps numbered but skipped
        if isinstance(node.type, ast.Tuple):
            self._order_free.add(id(node.type))
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:  # noqa: N802
        if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            self._order_free.add(id(node.value))
        self.generic_visit(node)

    # Annotations are not rules: no mutation points in them.
    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:  # noqa: N802
        if node.value is not None:
            self.visit(node.value)

    def visit_arg(self, node: ast.arg) -> None:
        return

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:  # noqa: N802
        for d in (*node.decorator_list, *node.args.defaults, *[k for k in node.args.kw_defaults if k], *node.body):
            self.visit(d)

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815

    def visit_BinOp(self, node: ast.BinOp) -> None:  # noqa: N802
        new = _BIN_SWAP.get(type(node.op))
        if new and self._hit(node, f"{type(node.op).__name__} -> {new.__name__}"):
            node.op = new()
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:  # noqa: N802
        new = ast.Or if isinstance(node.op, ast.And) else ast.And
        if self._hit(node, f"{type(node.op).__name__} -> {new.__name__}"):
            node.op = new()
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:  # noqa: N802
        v = node.value
        if isinstance(v, int) and not isinstance(v, bool) and self._hit(node, f"{v} -> {v + 1}"):
            node.value = v + 1

    def visit_Attribute(self, node: ast.Attribute) -> None:  # noqa: N802
        if isinstance(node.value, ast.Name) and node.value.id == "np" and node.attr in _NP_SWAP:
            if self._hit(node, f"np.{node.attr} -> np.{_NP_SWAP[node.attr]}"):
                node.attr = _NP_SWAP[node.attr]
        self.generic_visit(node)

    def _swap_neighbours(self, node: ast.AST, items: list) -> None:
        for i in range(len(items) - 1):
            if ast.dump(items[i]) == ast.dump(items[i + 1]):
                continue
            if id(node) in self._order_free:
                self.skipped.add(len(self.points))
            if self._hit(items[i], f"swap table entries {i}, {i + 1}"):
                items[i], items[i + 1] = items[i + 1], items[i]

    def visit_Tuple(self, node: ast.Tuple) -> None:  # noqa: N802
        if len(node.elts) >= 3 and isinstance(node.ctx, ast.Load):
            self._swap_neighbours(node, node.elts)
        self.generic_visit(node)

    def visit_List(self, node: ast.List) -> None:  # noqa: N802
        if len(node.elts) >= 3:
            self._swap_neighbours(node, node.elts)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:  # noqa: N802
        # the items of a set built from a literal, and the classes isinstance/issubclass test against, have no
        # order: no swaps there
        order_free = None
        if isinstance(node.func, ast.Name) and node.func.id in ("set", "frozenset") and len(node.args) == 1:
            order_free = node.args[0]
        elif isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
            order_free = node.args[1]
        # str.startswith / str.endswith with a tuple of prefixes: true when any matches, whatever their order.
        # Numbered, but skipped (these points were numbered before this rule; recorded indices stay valid)
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("startswith", "endswith") and node.args \
                and isinstance(node.args[0], ast.Tuple):
            self._order_free.add(id(node.args[0]))
        if isinstance(order_free, (ast.Tuple, ast.List)):
            self.visit(node.func)
            for a in node.args:
                for e in (a.elts if a is order_free else [a]):
                    self.visit(e)
            return
        self.generic_visit(node)

    def visit_Dict(self, node: ast.Dict) -> None:  # noqa: N802
        if len(node.values) >= 2:
            self._swap_neighbours(node, node.values)
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:  # noqa: N802
        return  # messages, not rules

    def visit_Expr(self, node: ast.Expr) -> None:  # noqa: N802
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # docstrings
        self.generic_visit(node)


def points(module: str) -> list[tuple[int, str]]:
    p = _Points()
    p.visit(ast.parse((SRC / module).read_text()))
    return p.points


def skipped_points(module: str) -> set[int]:
    """Indices of the module's points that are never run: swaps in ``__slots__`` tuples (an attribute's slot
    position is not observable) and in the prefix tuple of ``str.startswith`` / ``endswith`` (any match counts)."""
    p = _Points()
    p.visit(ast.parse((SRC / module).read_text()))
    return p.skipped


def function_ranges(module: str, names: list[str]) -> list[tuple[int, int]]:
    """(first, last) source lines of the module's functions and methods named in ``names``: a bare name
    (``small_first``, every method of that name too) or a qualified one (``Module.note_use``)."""
    found: list[tuple[int, int]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qual = prefix + child.name
                if not isinstance(child, ast.ClassDef) and (child.name in names or qual in names):
                    found.append((child.lineno, child.end_lineno or child.lineno))
                walk(child, qual + ".")

    walk(ast.parse((SRC / module).read_text()), "")
    return found


def mutated_source(module: str, index: int) -> str:
    tree = ast.parse((SRC / module).read_text())
    _Points(index).visit(tree)
    return ast.unparse(ast.fix_missing_locations(tree))


def run_mutant(m: Mutant, tests: list[str], timeout: float) -> Mutant:
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        dst = Path(tmp) / "src"
        shutil.copytree(REPO / "src", dst, ignore=shutil.ignore_patterns("__pycache__"))
        (dst / "pyd3d11" / m.module).write_text(mutated_source(m.module, m.index))
        # the copy replaces the checkout's src/ on the path; other entries (installed dependencies) stay
        keep = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                if p and Path(p).resolve() != (REPO / "src").resolve()]
        # PYD3D11_NATIVE_STRICT: a native generator mutant that breaks its IR must fail the tests, not fall
        # back silently to the reference (whose results the differential tests then see as identical)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(dst), *keep]), PYTHONDONTWRITEBYTECODE="1",
                   PYD3D11_NATIVE_STRICT="1")
        cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:benchmark",
               *[str(REPO / "tests" / t) for t in tests]]
        m.status = _judge(cmd, env, timeout)
    return m


#: a timed-out mutant is run once more with its limit multiplied by this
RETRY_FACTOR = 3.0


def _judge(cmd: list[str], env: dict[str, str], timeout: float) -> str:
    """``killed`` when the guards fail, ``survived`` when they pass, ``timeout`` when they run past the limit twice.

    A timeout is no kill: on a loaded host the unchanged guards themselves can run past the limit (session 26:
    13 of 32 sm2 mutants "killed" that way). The mutant is run once more with a longer limit; only a verdict
    the guards gave counts. A second timeout stays ``timeout``, reported as its own column (a mutant that loops
    forever lands there too; judge it by hand)."""
    for limit in (timeout, timeout * RETRY_FACTOR):
        try:
            r = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, timeout=limit)
        except subprocess.TimeoutExpired:
            continue
        return "survived" if r.returncode == 0 else "killed"
    return "timeout"


def table(modules: list[str], done: list[Mutant]) -> str:
    """Per module: killed, timeout (no verdict: not counted as killed), survived, total."""
    rows = [f"{'module':40} killed timeout survived / total"]
    for mod in modules:
        ms = [m for m in done if m.module == mod]
        n = {s: sum(m.status == s for m in ms) for s in ("killed", "timeout", "survived")}
        rows.append(f"{mod:40} {n['killed']:6} {n['timeout']:7} {n['survived']:8} / {len(ms)}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--module", action="append", help="module path relative to src/pyd3d11 (default: all of MODULES)")
    ap.add_argument("--per-module", type=int, default=30, help="mutants sampled per module (seeded)")
    ap.add_argument("--all", action="store_true", help="every mutation point instead of a sample")
    ap.add_argument("--index", type=int, action="append",
                    help="run only these mutation points (with one --module; re-checks a survivor)")
    ap.add_argument("--function", action="append",
                    help="only the points inside this function or method (a bare or a Class.method name; repeatable)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--json", help="write the per-mutant results here")
    ap.add_argument("--tests", action="append", metavar="FILE",
                    help="the test files (relative to tests/, ``FILE::name`` allowed) that judge the mutants, in place "
                         "of MODULES' list; repeatable; needed for a module MODULES does not list")
    a = ap.parse_args(argv)
    modules = a.module or list(MODULES)
    guards = {mod: (a.tests or MODULES.get(mod, [])) for mod in modules}
    unguarded = [mod for mod in modules if not guards[mod]]
    if unguarded and not a.list:
        # no test file: pytest would run nothing and every mutant would "survive"
        ap.error("no guard test files for " + ", ".join(unguarded) + " (add them to MODULES or pass --tests)")
    # a guard file that does not exist makes pytest fail at once, which would count every mutant as killed
    missing = sorted({t for mod in modules for t in guards[mod]
                      if not (REPO / "tests" / t.split("::")[0]).is_file()})
    if missing:
        ap.error("guard test files not found: " + ", ".join(missing))
    todo: list[Mutant] = []
    skipped: list[Mutant] = []
    for mod in modules:
        pts = points(mod)
        idx = list(range(len(pts)))
        if a.function:
            spans = function_ranges(mod, a.function)
            if not spans:
                ap.error(f"{mod}: no function named " + ", ".join(a.function))
            idx = [i for i in idx if any(lo <= pts[i][0] <= hi for lo, hi in spans)]
        if a.index:
            idx = [i for i in a.index if 0 <= i < len(pts)]
        elif not a.all and len(idx) > a.per_module:
            # sampled over every point, skipped ones included, then those dropped: a seed picks the points it
            # picked before __slots__ orders were skipped
            idx = sorted(random.Random(f"{a.seed}:{mod}").sample(idx, a.per_module))
        skip = skipped_points(mod)
        todo += [Mutant(mod, i, pts[i][0], pts[i][1]) for i in idx if i not in skip]
        skipped += [Mutant(mod, i, pts[i][0], pts[i][1], "skipped") for i in idx if i in skip]
    for m in skipped:
        print(f"  skipped (order-free entries): {m.module}:{m.line} #{m.index} {m.what}")
    if a.list:
        for m in todo:
            print(f"{m.module}:{m.line} #{m.index} {m.what}")
        return 0
    with ThreadPoolExecutor(max(1, a.jobs)) as ex:
        done = list(ex.map(lambda m: run_mutant(m, guards[m.module], a.timeout), todo))
    print(table(modules, done))
    for m in done:
        if m.status in ("survived", "timeout"):
            print(f"  {m.status}: {m.module}:{m.line} #{m.index} {m.what}")
    if a.json:
        Path(a.json).write_text(json.dumps([asdict(m) for m in done + skipped], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
