"""The final listing of a generated program: register assignment, declarations in fxc's order (global flags, constant
buffers, resources, samplers, signatures, temps) and the instruction text (the Shader Model 4 and 5 assembly pages,
MicrosoftDocs win32 direct3dhlsl; fxc 10.1's declaration order as recorded in the tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import (
    D3DCOMPILE_IEEE_STRICTNESS,
    D3DCOMPILE_SKIP_OPTIMIZATION,
)
from .layout import (
    cb_declarations,
)
from .types import (
    FLOAT,
    NumType,
    concrete,
)
from .values import (
    _DIM,
    _RET_TYPE,
    Resource,
)

#: the function attributes fxc reads on an entry point (MicrosoftDocs: numthreads, the tessellation and
#: geometry attributes, earlydepthstencil, clipplanes); a duplicate of one of them is X3524
_FUNCTION_ATTRIBUTES = frozenset({"numthreads", "maxvertexcount", "instance", "domain", "partitioning",
                                  "outputtopology", "outputcontrolpoints", "patchconstantfunc", "maxtessfactor",
                                  "earlydepthstencil", "clipplanes"})

if TYPE_CHECKING:
    pass



class ListingMixin:
    """Codegen's listing half: the methods that turn the generated instruction list and declarations into assembly text."""

    # --- final listing ----------------------------------------------------------------------------------
    def listing(self) -> tuple[str, dict[int, int]]:
        from .legacytex import assign_registers
        from .regalloc import allocate

        assign_registers(self)  # t# of D3D9-style samplers' textures
        self.code[0:0], self.static_prologue = self.static_prologue, []  # static locals' initialisation
        if self.stage == "hs":
            from .hs import hs_listing

            return hs_listing(self), {}
        from .tbuffer import lower_tbuffer_reads

        lower_tbuffer_reads(self, self.code)
        from .optimize import optimize_in_place
        from .precision import local_refusal
        from .uninit import warn_incomplete_outputs

        refused = local_refusal(self)
        if refused is not None:
            raise refused
        warn_incomplete_outputs(self)  # X3578, judged on the code as generated (before copies are folded)
        from .loopexits import check_endless_loops
        from .races import check_races

        check_endless_loops(self)  # X3696, before an empty loop's body is swept
        check_races(self)  # X3695 / X3694, before a store nothing reads again is swept
        if not self.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION:  # fxc /Od
            from .nonfinite import judges_nonfinite
            from .refactor import refactoring_allowed

            # at the targets X4579 judges, gathers into a non-finite constant wait for the check (gather_after_check)
            renum = optimize_in_place(self.code, self.indexable, refactoring_allowed(self),  # copies, dead code, …
                                      ieee=bool(self.compile_flags & D3DCOMPILE_IEEE_STRICTNESS),
                                      finite=judges_nonfinite(self), fxc_folds=not (self.d3d9 or self.level9))
            if renum is not None and self.uninit_arrays:  # their x# as numbered now (uninit.py X4575)
                self.uninit_arrays = [(n, p, [renum[x] for x in xs if x in renum]) for n, p, xs in self.uninit_arrays]
            if renum is not None and self.uninit_local_arrays:
                self.uninit_local_arrays = [(n, p, [renum[x] for x in xs if x in renum])
                                            for n, p, xs in self.uninit_local_arrays]
            if self.tgsm:
                from .adce import drop_dead_groupshared

                drop_dead_groupshared(self)
        else:
            from .adce import sweep, sweep_unoptimized

            # fxc /Od still removes what reaches no effect and the stores no read sees (a dead sample binds nothing).
            # With debug information (D3DCOMPILE_DEBUG) the dead stores stay: the debug table maps each variable to
            # the registers its stores write (debuginfo.py), and the shader debugger shows a variable's value at
            # every step from them -- a deviation from fxc's /Od /Zi code, where such a store is dropped (session 42)
            if self.wants_debug_info:
                self.code, _ = sweep(self.code)
            else:
                self.code = sweep_unoptimized(self.code)
        from .texops import drop_unread_feedback

        drop_unread_feedback(self)  # a 4.x Load's unread status: the plain ld; a read one fxc's X8000
        from .texops import check_cube_array_count_reads

        check_cube_array_count_reads(self)  # X4598: a TextureCubeArray's float GetDimensions count, read
        from .uninit import check_uninitialized_reads, drop_unwritten_output_decls

        check_uninitialized_reads(self)  # X4000, judged on the code as fxc's back end sees it (copies folded)
        from .legacytex import check_sm4_dimensions

        check_sm4_dimensions(self)  # a D3D9-style sampler read in two dimensions at 4.0+ (an abort, X4539)
        if self.pixel_ops_elsewhere:
            from .intrinsics import check_pixel_ops_elsewhere

            # X4532, judged after dead code is removed and after X4000 (d3dcompiler_47 10.1, session 49: ``ddx(p)``,
            # ``clip``, ``t.Sample`` / ``SampleBias`` / ``CalculateLevelOfDetail`` at vs_4_0 / vs_5_0 / cs_5_0 beside
            # a read of an uninitialised local, either order, are X4000)
            check_pixel_ops_elsewhere(self)
        check_unsized_msaa(self)  # X4539, judged after dead code is removed
        from .memaccess import check_groupshared_total

        check_groupshared_total(self)  # X4586 of the groupshared variables the code still touches
        from .nonfinite import check_nonfinite_literals, gather_after_check
        from .svtypes import check_level9_position

        check_level9_position(self)  # X4576 at vs_4_0_level_9_x, before X4579
        check_nonfinite_literals(self)  # X4579 below shader model 4, on the optimised code
        from .legacytex import check_dimensions

        check_dimensions(self)  # X4539 at the Direct3D 9 targets: a sampler read in two dimensions, after X4579
        if not self.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION:
            from .refactor import refactoring_allowed

            # the constant chains X4579 does not see (nonfinite.gather_after_check)
            gather_after_check(self, refactoring_allowed(self), bool(self.compile_flags & D3DCOMPILE_IEEE_STRICTNESS))
        from .ifacevarying import check as check_varying_interface_index

        check_varying_interface_index(self)  # X4603 (ifacevarying.py)
        self.out_decls = drop_unwritten_output_decls(self.code, self.out_decls)
        from .iodecls import check_read_inputs

        check_read_inputs(self)  # the inputs refused where read: the signature's, before the outputs' (sigphase.py)
        from .d3d9outputs import check_required_outputs
        from .overload import entry_definition

        entry = entry_definition(self)
        if entry is not None:  # X4541 / X4529 / X4530 / X4538: the outputs a D3D9 / level-9 shader must write
            check_required_outputs(self, entry.pos)
        from .globalflags import settle_min_precision

        settle_min_precision(self)  # the flag of a min-precision operation dead code held (session 43)
        from .d3d9minprec import judge as judge_d3d9_min_precision

        judge_d3d9_min_precision(self, entry)  # X5003 / X5004 (D3D9 validator)
        alloc_debug: dict | None = {} if self.wants_debug_info else None
        tmap, nregs = allocate(self.code, self.var_temps, alloc_debug, aligned=self.level9 == "ps_4_0_level_9_1")
        lines = [f"{self.stage}_{self.major}_{self.minor}"] + self.tess.ds_head + self.global_decls()
        from .iodecls import narrow_input_decls, narrow_output_decls

        # the components read / written (fxc's masks); a geometry shader's vertices stay declared whole (fxc 10.1)
        in_decls = self.in_decls if self.stage == "gs" else narrow_input_decls(
            self.in_decls, self.code, not self.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION)
        out_decls = narrow_output_decls(self.out_decls, self.code) if self.stage != "gs" else []
        from .depthvalid import check_conservative_depth

        check_conservative_depth(self.stage, in_decls, out_decls)  # the validator's X8000 on what is declared
        lines += in_decls + out_decls
        if nregs:
            lines.append(f"dcl_temps {nregs}")
        if self.stage == "gs":
            from .gs import gs_decls

            lines += gs_decls(self)
        for xr, size in self.indexable.items():
            lines.append(f"dcl_indexableTemp x{xr}[{size}], 4")
        for _name, (g, _stride, t) in self.tgsm.items():
            if g in self.tgsm_elem:
                from .memaccess import tgsm_thread_decl

                lines.append(tgsm_thread_decl(g, t, self.numthreads))
                continue
            lines.append(f"dcl_tgsm_raw g{g}, {4 * max(1, t.slots)}" if g in self.tgsm_raw
                         else f"dcl_tgsm_structured g{g}, 4, {max(1, t.slots)}")
        if self.stage == "gs":
            from .gs import gs_multi_stream

            lines += [] if gs_multi_stream(self) else self.out_decls
            lines.append(f"dcl_maxout {self.gs.maxout}")
            if self.gs.instances:
                lines.append(f"dcl_gsinstances {self.gs.instances}")
        if self.numthreads:
            lines.append("dcl_thread_group {}, {}, {}".format(*self.numthreads))
        from .linkage import ordered_code

        first_instruction = len(lines) - 1  # the version line is no instruction
        ordered = ordered_code(self.code)  # interface-call bodies go last (linkage.py)
        for ins in ordered:
            lines.append(ins.render(tmap))
        if alloc_debug is not None:
            from .debuginfo import build_table

            self.debug.table = build_table(self, ordered, first_instruction, tmap, alloc_debug)
        return "\n".join(lines) + "\n", tmap

    def global_decls(self) -> list[str]:
        from .globalflags import global_flags_decl

        lines: list[str] = []
        decls = cb_declarations(self)
        for cb in self.cbufs:
            if cb.slot < 0 or not cb.used:
                continue
            if cb.kind == "tbuffer":
                lines.append(f"dcl_resource_buffer (mixed,mixed,mixed,mixed) t{cb.slot}")
                continue
            n, dynamic = decls.get(cb.slot, (1, False))
            dyn = ", dynamicIndexed" if dynamic else ", immediateIndexed"
            lines.append(f"dcl_constantbuffer cb{cb.slot}[{n}]{dyn}")
        for r in sorted(self.resources, key=lambda r: (r.file != "s", r.file, r.reg)):
            if not r.used or r.reg < 0:
                continue
            lines.append(self.resource_decl(r))
        from .linkage import linkage_decls

        lines += linkage_decls(self)
        from .icb import icb_decl

        return global_flags_decl(self, lines) + icb_decl(self) + lines

    def resource_decl(self, r: Resource) -> str:
        k = r.type.kind
        elem = r.type.elem
        if r.file == "s":
            mode = "mode_comparison" if k == "SamplerComparisonState" else "mode_default"
            return f"dcl_sampler s{r.reg}, {mode}"
        if k in ("ByteAddressBuffer",):
            return f"dcl_resource_raw t{r.reg}"
        # "globallycoherent" (MicrosoftDocs "Variable Syntax": UAV access coherent across the whole GPU, not only
        # the thread group) is the declaration's D3D11_SB_GLOBALLY_COHERENT_ACCESS bit, listed ``_glc``
        glc = "_glc" if r.coherent and r.file == "u" else ""
        # a RasterizerOrdered* UAV: D3D11_SB_RASTERIZER_ORDERED_ACCESS, listed ``_rov`` after ``_glc`` (fxc 10.1's
        # RasterOrderViews.o of DXDecompiler's corpus: ``dcl_uav_typed_buffer_rov``, ``dcl_uav_raw_rov``, ...)
        glc += "_rov" if getattr(r.type, "rov", False) and r.file == "u" else ""
        if k == "RWByteAddressBuffer":
            return f"dcl_uav_raw{glc} u{r.reg}"
        if k == "StructuredBuffer":
            return f"dcl_resource_structured t{r.reg}, {r.stride}"
        if k in ("RWStructuredBuffer", "AppendStructuredBuffer", "ConsumeStructuredBuffer"):
            return f"dcl_uav_structured{glc}{'_opc' if r.counter else ''} u{r.reg}, {r.stride}"
        base = concrete(elem.base) if isinstance(elem, NumType) else FLOAT
        rt = r.type.norm or _RET_TYPE.get(base, "float")
        rts = ",".join([rt] * 4)
        if r.file == "u":
            dim = _DIM[k[2:]][0]
            return f"dcl_uav_typed_{dim}{glc} ({rts}) u{r.reg}"
        dim = _DIM[k][0]
        if k in ("Texture2DMS", "Texture2DMSArray"):
            dim += f"({r.type.samples})"
        return f"dcl_resource_{dim} ({rts}) t{r.reg}"


def check_unsized_msaa(cg) -> None:
    """fxc 10.1's X4539 "Unsized MSAA textures aren't supported on this target": below shader model 4.1 a
    ``Texture2DMS<T>`` / ``Texture2DMSArray<T>`` without a sample count may be declared (unused, or used only in
    code nothing reaches) but not read -- Load, GetDimensions, ``sample[][]`` or ``[]`` that survive dead-code
    removal (its position is the declaration's; session 39 ACC, DXC srv_ms_load1 / samplepos / msaaLoad at 4.0).
    The to-type page states the count optional from shader model 4.1 on."""
    if (cg.major, cg.minor) >= (4, 1) or cg.d3d9:
        return
    unsized = {r.reg: r for r in cg.resources if r.file == "t" and r.type.kind in ("Texture2DMS", "Texture2DMSArray")
               and not r.type.samples}
    if not unsized:
        return
    for ins in cg.code:
        for a in ins.args:
            if a.file == "t" and a.idx and a.idx[0] in unsized:
                r = unsized[a.idx[0]]
                raise cg.err(r.pos, "Unsized MSAA textures aren't supported on this target", 4539)
