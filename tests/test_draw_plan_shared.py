"""Session 19 (K20, issue 12): what a kept draw plan now shares between the snapshots of its draws, and the
per-draw reads made cheaper.

* A kept plan (api/draw_plan.py) holds the snapshot's fixed fields once (``DrawPlan.state_kw``: the vertex and
  index buffer bindings, input elements, rasterizer, viewports, scissors, sample count, stream-output
  declaration; ``rtv_list``; ``padded``: each running stage's SRV / sampler slots and the UAV slots at the lengths
  of shader.exec.bindings.Bindings). Every draw of the plan hands the same lists to the pipeline, so nothing may
  change them: checked after draws of every kind this file can make cheaply (immediate, deferred command list
  executed twice). That the draws' images are right with the plan's fields shared is tests/test_draw_plan.py's
  tables (each binding changed alone, against the plan off on the reference backend).
* ``Bindings.shared`` gives what ``Bindings.of`` gives for the same slots (table over slot counts).
* The plan's quick match takes the context's viewport / scissor lists by identity (the context replaces them whole:
  RSSetViewports stores a new list of its own copies), before comparing their elements.
* ``PYD3D11_BACKEND`` is read from os.environ's own mapping: a table of values set and removed through os.environ
  (as monkeypatch does) against the rule of runtime.backend_from_env's docstring.
"""

from __future__ import annotations

import copy

import pytest
from test_draw_plan import _Scene

from pyd3d11.api.context import _padded_slots
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.shader.exec.bindings import SAMPLER_SLOTS, SRV_SLOTS, UAV_SLOTS, Bindings
from pyd3d11.shader.native import runtime


@pytest.mark.backend_independent
@pytest.mark.parametrize("value,want", [
    (None, None), ("", None), ("reference", "reference"), ("ref", "reference"), ("numpy", "reference"),
    (" Reference ", "reference"), ("NATIVE", "native"), ("native", "native"), ("bogus", None)])
def test_backend_variable_read_from_the_environment(monkeypatch, value, want):
    # the rule: reference / ref / numpy (any case, spaces around) select the reference executor, native the
    # native backend, anything else (or nothing) native where llvmlite imports
    default = "native" if runtime.available() else "reference"
    if value is None:
        monkeypatch.delenv("PYD3D11_BACKEND", raising=False)
    else:
        monkeypatch.setenv("PYD3D11_BACKEND", value)
    assert runtime.backend_from_env() == (want or default)
    # a later change is seen at once (nothing cached); through monkeypatch, so it is undone after the test (set
    # directly it outlived the test when the variable had been absent: later tests of the worker ran on the reference)
    monkeypatch.setenv("PYD3D11_BACKEND", "numpy")
    assert runtime.backend_from_env() == "reference"


@pytest.mark.backend_independent
@pytest.mark.parametrize("n_srv,n_smp,n_uav", [(0, 0, 0), (1, 1, 0), (3, 2, 1), (SRV_SLOTS, SAMPLER_SLOTS, UAV_SLOTS)])
def test_shared_slot_lists_equal_what_bindings_of_pads(n_srv, n_smp, n_uav):
    srvs = tuple(object() if i % 2 == 0 else None for i in range(n_srv))
    smps = tuple(object() for _ in range(n_smp))
    uavs = tuple(object() for _ in range(n_uav))
    padded = _padded_slots({"VS": (), "PS": srvs}, {"VS": (), "PS": smps}, uavs, {"VS": None, "PS": object()})
    assert set(padded) == {"PS", "UAV"}  # a stage without a shader has no lists
    a = Bindings.shared(*padded["PS"], padded["UAV"])
    b = Bindings.of(srvs, smps, uavs)
    for name in ("srvs", "samplers", "uavs"):
        got, want = getattr(a, name), getattr(b, name)
        assert len(got) == len(want) and all(x is y for x, y in zip(got, want)), name
    assert (a.cbuffers, a.sample_count) == (b.cbuffers, b.sample_count) == ([None] * 15, 1)


def _plan_lists(plan) -> list:
    """Copies of every list a plan shares with its draws' snapshots."""
    return copy.copy([list(v) for v in plan.state_kw.values() if type(v) is list] + [list(plan.rtv_list)]
                     + [list(x) for s in plan.padded.values() for x in (s if type(s) is tuple else (s,))])


@pytest.mark.backend_specific  # (the default backend: the plan is the api layer's)
def test_the_draws_of_a_plan_share_its_lists_and_change_none():
    sc = _Scene()
    seen = []
    sc.ctx._capture_hook = seen.append  # every command the immediate context runs
    first = sc.draw()
    plan = sc.ctx._draw_plans.plan
    before = _plan_lists(plan)
    assert sc.draw() == first and sc.draw() == first
    cmds = [c for c in seen if type(c).__name__ == "DrawCmd"]
    assert len(cmds) == 3
    a, b = cmds[1].state, cmds[2].state  # two draws of the kept plan
    assert a is not b and a.vertex_buffers is b.vertex_buffers is plan.state_kw["vertex_buffers"]
    assert a.viewports is b.viewports and a.om.rtvs is b.om.rtvs is plan.rtv_list
    assert a.ps.bindings is not b.ps.bindings and a.ps.bindings.srvs is b.ps.bindings.srvs
    assert len(a.ps.bindings.srvs) == SRV_SLOTS and len(a.ps.bindings.uavs) == UAV_SLOTS
    # a deferred context's command list, executed twice, draws with its own plan's lists
    dc = sc.dev.CreateDeferredContext(0)
    sc.bind(dc, sc.rtv, sc.dsvs[1.0])
    dc.DrawIndexed(6, 0, 0)
    dc.DrawIndexed(6, 0, 0)
    dplan = dc._draw_plans.plan  # (FinishCommandList clears the deferred context's state, and its plan)
    cl = dc.FinishCommandList(False)
    dbefore = _plan_lists(dplan)
    for _ in range(2):
        sc.ctx.ClearRenderTargetView(sc.rtv, [0.0, 0.0, 0.0, 0.0])
        sc.ctx.ClearDepthStencilView(sc.dsvs[1.0], D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, 0)
        sc.ctx.ExecuteCommandList(cl, True)
    assert _plan_lists(plan) == before and _plan_lists(dplan) == dbefore
    sc.ctx._capture_hook = None
    assert sc.draw() == first


@pytest.mark.backend_specific  # (the default backend: the plan is the api layer's)
def test_viewport_lists_are_matched_by_identity_then_by_their_rectangles():
    sc = _Scene()
    first = sc.draw()
    plans = sc.ctx._draw_plans
    hits, misses = plans.hits, plans.misses
    sc.ctx.RSGetViewports()  # hands out copies: the context's list stays
    sc.ctx.RSGetScissorRects()
    assert sc.draw() == first and (plans.hits, plans.misses) == (hits + 1, misses)
    # the same rectangles set again (as a program does every frame): the bound values do not change, so the
    # context keeps its lists and the plan holds
    bound = sc.ctx._state.rs_viewports, sc.ctx._state.rs_scissors
    sc.ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 16, 16, 0, 1)])
    sc.ctx.RSSetScissorRects(len(bound[1]), list(bound[1]))
    assert (sc.ctx._state.rs_viewports, sc.ctx._state.rs_scissors) == bound
    assert sc.ctx._state.rs_viewports is bound[0] and sc.ctx._state.rs_scissors is bound[1]
    assert sc.draw() == first and (plans.hits, plans.misses) == (hits + 2, misses)
    # a value equal under == but not bit for bit (-0.0): another binding, a new plan, the same image
    sc.ctx.RSSetViewports(1, [D3D11_VIEWPORT(-0.0, 0, 16, 16, 0, 1)])
    assert sc.ctx._state.rs_viewports is not bound[0]
    assert sc.draw() == first and plans.misses == misses + 1
    # another viewport: a new plan and another image; the first again: a new plan, the first image
    sc.ctx.RSSetViewports(1, [D3D11_VIEWPORT(2, 3, 9, 11, 0, 1)])
    other = sc.draw()
    assert other != first and plans.misses == misses + 2
    assert sc.draw() == other and plans.hits == hits + 3
    sc.ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 16, 16, 0, 1)])
    sc.ctx.RSSetScissorRects(1, [D3D11_RECT(0, 0, 12, 14)])
    assert sc.draw() == first and plans.misses == misses + 3
    # fewer viewports than bound: a change
    sc.ctx.RSSetViewports(0, [])
    assert sc.ctx._state.rs_viewports == []


@pytest.mark.backend_specific  # (the default backend: the counting rule is the api layer's)
def test_queries_count_the_draws_between_their_begin_and_end_only():
    # a query's result is what happened between its Begin and End (ID3D11DeviceContext::Begin/End); counts made
    # while no query is open are not kept (context._count_all), so a window of each shape is checked: draws before
    # any Begin, overlapping windows, a window with no draw, draws after every End. DrawIndexed(6) of a triangle
    # list: 6 IA vertices and 2 IA primitives per draw (D3D11_QUERY_DATA_PIPELINE_STATISTICS).
    sc = _Scene()
    c = sc.ctx
    a, b, e = (sc.dev.CreateQuery(D3D11_QUERY_DESC(D3D11_QUERY_PIPELINE_STATISTICS, 0)) for _ in range(3))

    def draws(n):
        for _ in range(n):
            c.DrawIndexed(6, 0, 0)

    draws(2)
    c.Begin(a)
    draws(3)
    c.Begin(b)
    draws(1)
    c.End(a)
    draws(2)
    c.End(b)
    draws(1)
    c.Begin(e)
    c.End(e)
    draws(1)
    got = [(int(c.GetData(q).IAVertices), int(c.GetData(q).IAPrimitives)) for q in (a, b, e)]
    assert got == [(4 * 6, 4 * 2), (3 * 6, 3 * 2), (0, 0)]
    assert not c._collecting  # every window closed
