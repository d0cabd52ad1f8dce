"""The draw plan's quick key (api/draw_plan.py, K15 in session 18), checked on the functions themselves.

Rules (draw_plan.py's docstrings):

* ``matches(s, fingerprint(s))``: a kept plan holds while every binding a draw reads is the one it was made for.
  Any one fingerprinted binding changed alone — a scalar, one slot of a list, a viewport or scissor list, or one of
  a stage's bindings (shader, class instances, constant buffers and their windows, views, samplers) while the
  stage has a shader — makes it not match; a binding of a stage *without* a shader does not (that stage reads
  none), nor does a binding no draw reads (compute UAVs, predication) or one read per draw (blend factor, sample
  mask, stencil reference).
* The quick key (``_quick``): the scalars and slot lists of the context, then each graphics stage's fields, in one
  tuple. The same key as the one recorded (with the same viewport and scissor objects) *is* the same bindings: the
  draw matches on that test alone, without the per-field record. So a fingerprint whose per-field entries were
  overwritten still matches a state whose quick key is unchanged — the test that the key is what decides a repeat.
* The graphics stages are walked in pipeline order, VS, HS, DS, GS, PS (D3D11.3 §2's pipeline: the order a draw
  links the stages' programs and reports their class-linkage warnings).

Session 19 (MU9): draw_plan.py's six quick-key mutation points (#10, #30-#34) and the seed-24 survivor #3 fail here.
"""

from __future__ import annotations

import pytest

from pyd3d11.api import draw_plan as dp
from pyd3d11.api.context_state import BoundState

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


class _Obj:
    """A bound COM object stand-in: no ``__eq__`` of its own, so ``==`` is identity as for the real ones."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


def _state() -> BoundState:
    s = BoundState()
    s.ia_layout, s.rs_state, s.om_blend, s.om_ds = _Obj("layout"), _Obj("rs"), _Obj("blend"), _Obj("ds")
    s.ia_vbs[0], s.ia_strides[0], s.ia_offsets[0] = _Obj("vb0"), 16, 0
    s.ia_topology = 4
    s.om_rtvs[0] = _Obj("rtv0")
    s.rs_viewports = [_Obj("vp0")]
    s.rs_scissors = [_Obj("sc0"), _Obj("sc1")]
    for name in ("VS", "PS"):
        st = s.stages[name]
        st.shader = _Obj(name.lower())
        st.class_instances = [_Obj(name.lower() + "_ci0")]
        st.cbs[0], st.srvs[0], st.samplers[0] = _Obj(name + "cb0"), _Obj(name + "srv0"), _Obj(name + "smp0")
    return s


def _set(s: BoundState, path: str, value) -> None:
    """``path``: a field, ``field[i]`` (one slot), or ``STAGE.field[i]`` / ``STAGE.field``."""
    obj = s
    if "." in path:
        stage, path = path.split(".")
        obj = s.stages[stage]
    if "[" in path:
        name, i = path[:-1].split("[")
        getattr(obj, name)[int(i)] = value
    else:
        setattr(obj, path, value)


#: (binding, new value): each changed alone makes the kept plan invalid
CHANGES = [
    ("ia_layout", _Obj("layout2")), ("ia_ib", _Obj("ib")), ("ia_ib_format", 42), ("ia_ib_offset", 4),
    ("ia_topology", 5), ("rs_state", _Obj("rs2")), ("om_dsv", _Obj("dsv")), ("om_blend", None), ("om_ds", None),
    ("ia_vbs[0]", _Obj("vb0b")), ("ia_vbs[3]", _Obj("vb3")), ("ia_strides[0]", 32), ("ia_offsets[0]", 16),
    ("so_targets[1]", _Obj("so1")), ("so_offsets[1]", 8), ("om_rtvs[0]", _Obj("rtv0b")), ("om_rtvs[7]", _Obj("rtv7")),
    ("om_uavs[2]", _Obj("uav2")),
    ("rs_viewports", [_Obj("vp0b")]), ("rs_viewports", []), ("rs_scissors", [_Obj("sc0b"), _Obj("sc1b")]),
    ("rs_scissors", []),
    ("VS.shader", _Obj("vs2")), ("PS.shader", None), ("PS.class_instances", [_Obj("ps_ci1")]),
    ("VS.class_instances", []), ("PS.cbs[0]", _Obj("PScb0b")), ("VS.cb_first[0]", 16), ("VS.cb_num[0]", 64),
    ("PS.srvs[0]", None), ("PS.srvs[5]", _Obj("srv5")), ("VS.samplers[0]", _Obj("smp0b")),
    ("GS.shader", _Obj("gs")), ("HS.shader", _Obj("hs")), ("DS.shader", _Obj("ds")),
]
#: bindings a kept plan does not depend on
KEEPS = [
    ("GS.cbs[0]", _Obj("gscb")), ("HS.srvs[1]", _Obj("hssrv")), ("DS.class_instances", [_Obj("dsci")]),
    ("GS.cb_first[2]", 8), ("om_blend_factor", [0.5, 0.5, 0.5, 0.5]), ("om_sample_mask", 1), ("om_stencil_ref", 3),
    ("cs_uavs[0]", _Obj("csuav")), ("predicate", _Obj("pred")), ("predicate_value", True),
    ("CS.shader", _Obj("cs")),
]


def test_a_state_matches_its_own_fingerprint_repeatedly():
    s = _state()
    fp = dp.fingerprint(s)
    assert dp.matches(s, fp) and dp.matches(s, fp)


@pytest.mark.parametrize("path,value", CHANGES, ids=[c[0] for c in CHANGES])
def test_one_binding_changed_alone_does_not_match(path: str, value):
    s = _state()
    fp = dp.fingerprint(s)
    _set(s, path, value)
    assert not dp.matches(s, fp)


@pytest.mark.parametrize("path,value", CHANGES, ids=[c[0] for c in CHANGES])
def test_a_binding_changed_and_restored_matches_again(path: str, value):
    s = _state()
    fp = dp.fingerprint(s)
    old = s.snapshot()  # the very objects and values the plan was made for, in lists of their own
    _set(s, path, value)
    assert not dp.matches(s, fp)
    assert dp.matches(old, fp)


@pytest.mark.parametrize("path,value", KEEPS, ids=[k[0] for k in KEEPS])
def test_bindings_no_draw_of_the_plan_reads_keep_it(path: str, value):
    s = _state()
    fp = dp.fingerprint(s)
    _set(s, path, value)
    assert dp.matches(s, fp)
    assert dp.matches(s, fp)  # and the key it recorded for the next draw matches that draw


def test_the_same_quick_key_decides_without_the_per_field_record():
    s = _state()
    fp = dp.fingerprint(s)
    # overwrite what the per-field comparison reads: the scalars, the slot lists, each stage's shader and lists
    for i in range(8):
        fp[i] = ("not", "the", "bindings")
    for i in range(10, len(fp) - 1):
        fp[i] = _Obj("stale")
    assert dp.matches(s, fp)
    # a change of any one binding in the key still does not match (the per-field record then decides: stale)
    s.ia_strides[0] = 48
    assert not dp.matches(s, fp)


def test_the_quick_key_reads_the_viewport_and_scissor_lists_by_their_elements():
    s = _state()
    fp = dp.fingerprint(s)
    for i in range(8):
        fp[i] = None  # only the quick test can answer True now
    s.rs_viewports = list(s.rs_viewports)  # new lists holding the same objects (RSSetViewports copies them)
    s.rs_scissors = list(s.rs_scissors)
    assert dp.matches(s, fp)
    s.rs_scissors = s.rs_scissors[:1]
    assert not dp.matches(s, fp)


def test_graphics_stages_in_pipeline_order():
    assert dp.GRAPHICS_STAGES == ("VS", "HS", "DS", "GS", "PS")
