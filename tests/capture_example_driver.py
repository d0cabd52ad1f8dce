"""Runs an example program unmodified under a capture and dumps, when the capture stops, the bytes of every
resource the capture recorded (keyed by capture id) — the ground truth tests/test_debug_capture_examples.py
compares a fresh-process replay against.

``python capture_example_driver.py MODE DUMP.npz CAPTURE PROGRAM [ARGS...]``

* MODE ``frame``: the program's own swap chain drives the capture (``PYD3D11_CAPTURE_FRAME`` /
  ``PYD3D11_CAPTURE_FILE``, set by the caller); the dump is taken when the recorder stops after Present N.
* MODE ``device``: for programs without a swap chain, the capture starts on the immediate context right after
  ``D3D11CreateDevice`` and stops when the program returns.
"""

from __future__ import annotations

import importlib
import runpy
import sys

import numpy as np

import pyd3d11.d3d11 as d3d11

C = importlib.import_module("pyd3d11.debug.capture")  # the module (the package exports a function of that name)


def main() -> None:
    mode, dump, cap_path, program, *args = sys.argv[1:]
    stop = C.Recorder.stop

    def dumping_stop(self: C.Recorder) -> str:
        if not self.stopped:
            data = {str(i): o._storage.data.copy() for i, o in enumerate(self._keep)
                    if getattr(o, "_storage", None) is not None and hasattr(o, "GetType")}
            np.savez(dump, **data)
        return stop(self)

    C.Recorder.stop = dumping_stop
    recorders: list = []
    if mode == "device":
        real = d3d11.D3D11CreateDevice

        def create(*a, **k):
            dev, level, ctx = real(*a, **k)
            if not recorders:
                recorders.append(C.start_capture(ctx, cap_path))
            return dev, level, ctx

        d3d11.D3D11CreateDevice = create
    sys.argv = [program, *args]
    try:
        runpy.run_path(program, run_name="__main__")
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise
    finally:
        for rec in recorders:
            rec.stop()


if __name__ == "__main__":
    main()
