"""WindowSink (the [window] extra) under Xvfb: the spinning-cube tutorial shown in a real X window, checked by
a screenshot taken from the X server. Skips when Xvfb or pygame is absent."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pygame")
pytest.importorskip("PIL.ImageGrab")
if shutil.which("Xvfb") is None:
    pytest.skip("Xvfb is not installed", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import os, sys, time
import numpy as np
from PIL import ImageGrab
sys.path.insert(0, sys.argv[1])
import tutorial04
shots = []

def screenshot(image):
    time.sleep(0.2)  # let the X server draw the blit
    shots.append(np.asarray(ImageGrab.grab(xdisplay=os.environ["DISPLAY"]))[..., :3])

from pyd3d11.dxgi import MemorySink
frames = MemorySink()

def both(image):
    frames(image)
    screenshot(image)

assert tutorial04.wWinMain(["--size", "64", "48", "--frames", "2", "--window"], sink=both) == 0
np.savez(sys.argv[2], screen=shots[-1], frame=frames.last[..., :3])
"""


@pytest.fixture(scope="module")
def display():
    for n in range(91, 120):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            break
    proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "320x240x24"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    for _ in range(50):
        if os.path.exists(f"/tmp/.X11-unix/X{n}"):
            break
        time.sleep(0.1)
    yield f":{n}"
    proc.terminate()
    proc.wait(timeout=10)


def test_tutorial04_in_a_window_matches_the_presented_frame(display, tmp_path):
    out = tmp_path / "shots.npz"
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", PYTHONPATH=str(ROOT / "src"),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT / "examples" / "tutorials"), str(out)], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    data = np.load(out)
    screen, frame = data["screen"], data["frame"].astype(int)
    # the window is where the screen is not the X root's black: find it and compare pixel for pixel
    ys, xs = np.nonzero(screen.any(-1))
    y0, x0 = ys.min(), xs.min()
    shown = screen[y0:y0 + 48, x0:x0 + 64].astype(int)
    assert shown.shape == frame.shape and np.array_equal(shown, frame)
    assert (np.abs(frame - [25, 25, 112]).sum(-1) > 0).sum() > 100  # the cube is in the frame
