"""The complete pipeline state of a replayed context as plain data (issue 18 item 2).

:func:`describe_state` turns a context's ``BoundState`` into nested dicts/lists: every stage's shader
(capture id, debug name, shader model, disassembly available through ``bytecode``), constant buffers
(with their first-constant/num-constants ranges), shader resource views and samplers; the input
assembler (layout elements, vertex/index buffers, topology); stream-output targets; the rasterizer
state desc, viewports and scissor rectangles; the output merger (render targets, depth-stencil view,
UAVs, blend desc and factor, sample mask, depth-stencil desc and stencil reference); the compute UAVs
and predication. Views are described with their resource id and desc; state objects with their desc
(an unbound state object is shown as the default state: ``None``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any


def _plain(v: Any) -> Any:
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, int):
        return int(v)
    return v


def describe_state(s: Any, id_of: Callable[[Any], int | None], names: dict[int, str]) -> dict:
    """``s``: a BoundState; ``id_of(obj)`` gives the capture id of a replayed object."""

    def obj(o: Any) -> dict | None:
        if o is None:
            return None
        n = id_of(o)
        out: dict[str, Any] = {"id": n, "type": type(o).__name__}
        if n in names:
            out["name"] = names[n]
        if hasattr(o, "GetResource"):  # a view
            res = o.GetResource()
            res.Release()
            out["resource"] = id_of(res)
            out["desc"] = _plain(o.GetDesc())
        elif hasattr(o, "_bytecode"):  # a shader
            out["shader_model"] = list(o._shader_model)
            out["bytecode"] = bytes(o._bytecode)
        elif type(o).__name__ == "ID3D11InputLayout":
            out["elements"] = _plain(list(o._elements))
        elif hasattr(o, "GetDesc"):
            out["desc"] = _plain(o.GetDesc())
        return out

    def slots(lst: list, extra: dict[str, list] | None = None) -> list[dict]:
        rows = []
        for i, o in enumerate(lst):
            if o is not None:
                row = {"slot": i, **obj(o)}
                for k, vals in (extra or {}).items():
                    row[k] = int(vals[i])
                rows.append(row)
        return rows

    stages = {}
    for name, st in s.stages.items():
        stages[name] = {"shader": obj(st.shader), "class_instances": [obj(c) for c in st.class_instances],
                        "constant_buffers": slots(st.cbs, {"first_constant": st.cb_first, "num_constants": st.cb_num}),
                        "shader_resources": slots(st.srvs), "samplers": slots(st.samplers)}
    return {
        "stages": stages,
        "ia": {"input_layout": obj(s.ia_layout),
               "vertex_buffers": slots(s.ia_vbs, {"stride": s.ia_strides, "offset": s.ia_offsets}),
               "index_buffer": None if s.ia_ib is None else {**obj(s.ia_ib), "format": int(s.ia_ib_format),
                                                             "offset": int(s.ia_ib_offset)},
               "primitive_topology": int(s.ia_topology)},
        "so": {"targets": slots(s.so_targets, {"offset": s.so_offsets})},
        "rs": {"state": obj(s.rs_state), "viewports": _plain(list(s.rs_viewports)),
               "scissor_rects": _plain(list(s.rs_scissors))},
        "om": {"render_targets": slots(s.om_rtvs), "depth_stencil_view": obj(s.om_dsv), "uavs": slots(s.om_uavs),
               "blend_state": obj(s.om_blend), "blend_factor": [float(v) for v in s.om_blend_factor],
               "sample_mask": int(s.om_sample_mask), "depth_stencil_state": obj(s.om_ds),
               "stencil_ref": int(s.om_stencil_ref)},
        "cs": {"uavs": slots(s.cs_uavs)},
        "predication": None if s.predicate is None else {**obj(s.predicate), "value": bool(s.predicate_value)},
    }
