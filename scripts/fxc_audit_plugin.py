"""pytest plugin: record every HLSL compile the tests make, for the audit against the real fxc (issue 15).

Each call of ``shader.hlsl.compiler._compile_hlsl`` is written, one JSON line per call, to
``$AUDIT_OUT/rec_<pid>.jsonl``: the test's node id, the source, file name, entry point, target, defines, flags, and
this compiler's outcome (ok, or the error number and message). ``AUDIT_NOEXEC=1`` makes every draw or dispatch fail
at once, so a run-time test records its compiles without running them (its own verdict is then meaningless).
scripts/fxc_audit_compare.py compiles the recorded calls with d3dcompiler_47.dll under Wine and lists where fxc
disagrees. Session 35 (helper AUDIT) used it on the rules files:

    AUDIT_NOEXEC=1 AUDIT_OUT=/tmp/rec PYTHONPATH=src:tests:scripts python -m pytest -p fxc_audit_plugin tests/...
"""

from __future__ import annotations

import json
import os

import pytest

_node: dict[str, str | None] = {"id": None}
_out: list = []


def _write(rec: dict) -> None:
    if not _out:
        folder = os.environ.get("AUDIT_OUT", "fxc_audit_records")
        os.makedirs(folder, exist_ok=True)
        _out.append(open(os.path.join(folder, f"rec_{os.getpid()}.jsonl"), "a"))  # noqa: SIM115 - kept for the run
    _out[0].write(json.dumps(rec) + "\n")
    _out[0].flush()


def pytest_configure(config: pytest.Config) -> None:
    from pyd3d11.shader.hlsl import compiler
    from pyd3d11.shader.hlsl.diagnostics import HlslError

    original = compiler._compile_hlsl
    depth = [0]

    def recorded(source, file, entry, target, defines, include_open, flags, program_hook=None, file_target=None,
                 preshader=False):
        depth[0] += 1
        rec = {"node": _node["id"], "src": source, "file": file, "entry": entry, "target": target,
               "defines": dict(defines or {}), "flags": flags, "inc": include_open is not None,
               "hook": program_hook is not None, "ft": file_target, "pre": preshader, "depth": depth[0]}
        try:
            res = original(source, file, entry, target, defines, include_open, flags, program_hook, file_target,
                           preshader)
            rec["ok"] = True
            return res
        except HlslError as exc:
            rec.update(ok=False, code=exc.code, msg=exc.message)
            raise
        except BaseException as exc:
            rec.update(ok=None, exc=f"{type(exc).__name__}: {str(exc)[:200]}")
            raise
        finally:
            depth[0] -= 1
            _write(rec)

    compiler._compile_hlsl = recorded
    if os.environ.get("AUDIT_NOEXEC"):
        from pyd3d11.api import context

        def no_submit(self, cmd, predicated=True):
            raise RuntimeError("AUDIT_NOEXEC: draws and dispatches are not run")

        context.ID3D11DeviceContext1._submit = no_submit


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _node["id"] = item.nodeid
