"""vkd3d shader-instruction vectors (../shared/conformance/instruction-vectors, README there) run on the
reference executor: ps_fullscreen as one 2x2 quad with cb0 = input words, cs_dispatch and
ps_fullscreen_uav_only with raw UAVs. Expected words come from the vectors (native D3D results)."""

from __future__ import annotations

import json
from functools import cache, lru_cache

import numpy as np
import pytest
from conftest import CONFORMANCE, conformance_path

from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

VECTORS = CONFORMANCE / "instruction-vectors" / "vkd3d-shader-instructions.json"

#: vector name → reason it is expected to fail (xfail strict).
KNOWN_FAILURES: dict[str, str] = {}


def _names() -> list[str]:
    if not VECTORS.exists():
        return ["<absent>"]
    return [v["name"] for v in json.loads(VECTORS.read_text())["vectors"]]


@lru_cache(maxsize=1)
def _vectors() -> dict[str, dict]:
    path = conformance_path("instruction-vectors", "vkd3d-shader-instructions.json")
    return {v["name"]: v for v in json.loads(path.read_text())["vectors"]}


@cache
def _program(hexstr: str):
    return decode_program(parse_container(bytes.fromhex(hexstr)).program)


def _words(lst) -> np.ndarray:
    return np.array([int(w, 16) for w in lst], np.uint32)


def _mono(w: int) -> int:
    return w if w < 0x80000000 else (0x80000000 - w) & 0xFFFFFFFF


def _raw_uav(size: int, initial: np.ndarray) -> ViewDescriptor:
    st = ResourceStorage.create(1, 0, size)
    st.data.view(np.uint32)[: initial.size] = initial
    return ViewDescriptor(ViewKind.UAV, st, 39, 1, first_element=0, num_elements=size // 4, element_size=4,
                          flags=1, raw=True)


def _unorm8(bits: np.ndarray) -> np.ndarray:
    f = bits.view(np.float32).astype(np.float64)
    f = np.where(np.isnan(f), 0.0, np.clip(f, 0.0, 1.0))
    return np.floor(f * 255.0 + 0.5).astype(np.int64)


def run_vector(v: dict) -> None:
    prog = _program(v["shader"]["dxbc_hex"])
    ex = v["execution"]
    b = Bindings()
    b.set_cbuffer(0, _words(v["input"]["cb0_words"]))
    mode = ex["mode"]
    if mode in ("cs_dispatch", "ps_fullscreen_uav_only"):
        uavs = {}
        for u in ex["uavs"]:
            uavs[u["slot"]] = b.uavs[u["slot"]] = _raw_uav(u["size_bytes"], _words(u.get("initial_words", [])))
        if mode == "cs_dispatch":
            dispatch(prog, b, *ex["dispatch"])
        else:
            run_program(prog, 1, bindings=b)
        for e in v["expected"]["uavs"]:
            want = _words(e["words"])
            got = uavs[e["slot"]].storage.data.view(np.uint32)[: want.size]
            assert got.tolist() == want.tolist()
        return
    res = run_program(prog, 4, bindings=b)
    got = res.outputs[0, 0]
    cmp = v["compare"]
    if cmp["mode"] == "unorm8_max_diff":
        packed = int(v["expected"]["packed"], 16) if isinstance(v["expected"]["packed"], str) else v["expected"]["packed"]
        want = np.array([(packed >> (8 * i)) & 0xFF for i in range(4)])
        if res.discarded[0]:
            have = np.floor(np.clip(np.array(ex["clear_color"], np.float64), 0, 1) * 255 + 0.5).astype(np.int64)
        else:
            have = _unorm8(got)
        assert np.abs(have - want).max() <= cmp["max_diff"], (have, want)
        return
    want = _words(v["expected"]["words"])
    if cmp["mode"] == "u32_exact":
        assert [hex(x) for x in got.tolist()] == [hex(x) for x in want.tolist()]
    else:
        n = cmp["max_ulp"]
        ok = [abs(_mono(int(a)) - _mono(int(e))) <= n for a, e in zip(got.tolist(), want.tolist())]
        assert all(ok), ([hex(x) for x in got.tolist()], [hex(x) for x in want.tolist()])


def _params():
    out = []
    for name in _names():
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[name])] if name in KNOWN_FAILURES else []
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("name", _params())
def test_instruction_vector(name: str) -> None:
    v = _vectors().get(name)
    if v is None:
        pytest.skip("instruction vectors absent")
    run_vector(v)


def test_every_vector_is_run():
    """The vector file's size is pinned: a vector that drops out (renamed, unparsable) fails here, and every
    vector above runs without an expected failure (KNOWN_FAILURES is empty)."""
    assert len(_vectors()) == 456 and not KNOWN_FAILURES
