"""docs/features.md against the real objects: every device/context method the doc marks done must exist as a
callable on the objects D3D11CreateDevice returns, and every public method on them must be listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyd3d11.d3d11 import D3D11_SDK_VERSION, D3D_DRIVER_TYPE_HARDWARE, D3D11CreateDevice

DOC = Path(__file__).resolve().parents[1] / "docs" / "features.md"
ROW = re.compile(r"^\|\s*`([A-Za-z_][A-Za-z0-9_]*)`\s*\|\s*([^|]+?)\s*\|")
DEVICE_TABLES = ("ID3D11Device", "ID3D11Device1")
CONTEXT_TABLES = ("ID3D11DeviceContext", "ID3D11DeviceContext1")
SHARED_TABLES = ("IUnknown / ID3D11DeviceChild (every object)", "Later-interface methods also present on these objects")


def _tables() -> dict[str, dict[str, str]]:
    """### heading -> {method: status} for rows whose first cell is one `Name`."""
    tables: dict[str, dict[str, str]] = {}
    current = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            current = line.lstrip("#").strip() if line.startswith("### ") else None
            if current is not None:
                tables.setdefault(current, {})
            continue
        m = ROW.match(line)
        if current is not None and m:
            tables[current][m.group(1)] = m.group(2).strip()
    return tables


@pytest.fixture(scope="module")
def objects():
    device, _level, context = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    return device, context


def _public_methods(obj) -> set[str]:
    return {n for n in dir(obj) if not n.startswith("_") and callable(getattr(obj, n))}


def test_doc_has_every_interface_table():
    t = _tables()
    for name in DEVICE_TABLES + CONTEXT_TABLES + SHARED_TABLES:
        assert t.get(name), f"docs/features.md has no method table '### {name}'"
    # the d3d11.idl / d3d11_1.idl method counts (40, 7, 108, 19)
    assert [len(t[n]) for n in DEVICE_TABLES + CONTEXT_TABLES] == [40, 7, 108, 19]


def test_statuses_are_from_the_legend():
    for name, rows in _tables().items():
        for method, status in rows.items():
            assert status.split()[0] in ("done", "partial", "not"), (name, method, status)


def test_methods_marked_done_exist(objects):
    device, context = objects
    t = _tables()
    owners = [(n, (device,)) for n in DEVICE_TABLES] + [(n, (context,)) for n in CONTEXT_TABLES] + \
             [(n, (device, context)) for n in SHARED_TABLES]
    missing = []
    for name, objs in owners:
        for method, status in t[name].items():
            if status.startswith(("done", "partial")):
                if not any(callable(getattr(o, method, None)) for o in objs):
                    missing.append(f"{name}.{method}")
    assert not missing, f"documented as done/partial but not callable: {missing}"


def test_every_public_method_is_documented(objects):
    device, context = objects
    t = _tables()
    shared = set().union(*(t[n] for n in SHARED_TABLES))
    device_doc = set().union(*(t[n] for n in DEVICE_TABLES)) | shared
    context_doc = set().union(*(t[n] for n in CONTEXT_TABLES)) | shared
    assert not _public_methods(device) - device_doc, "device methods missing from docs/features.md"
    assert not _public_methods(context) - context_doc, "context methods missing from docs/features.md"


def test_not_yet_methods_raise_not_supported(objects):
    """A method documented as 'not yet' must refuse with NotSupportedError (E_NOTIMPL), not half-work."""
    from pyd3d11.errors import NotSupportedError

    device, context = objects
    t = _tables()
    calls = {"OpenSharedResource": lambda: device.OpenSharedResource(0, None),
             "CreateDeviceContextState": lambda: device.CreateDeviceContextState(0, [0xB100], 1, 7, None),
             "SwapDeviceContextState": lambda: context.SwapDeviceContextState(None),
             "DrawAuto": lambda: context.DrawAuto()}
    for name in DEVICE_TABLES + CONTEXT_TABLES:
        for method, status in t[name].items():
            if status.startswith("not") and method in calls:
                with pytest.raises(NotSupportedError):
                    calls[method]()
