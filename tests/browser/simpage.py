"""Shared by the browser tests: `companion sim` on a free port, the driver
(tests/browser/sim_driver.mjs in headless chromium) fed a list of steps, and
the comparison of what the page shows with the simulated device under CPython."""

import contextlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
DRIVER = ROOT / "tests" / "browser" / "sim_driver.mjs"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
IMAGES = ROOT / "docs" / "images"

needs_browser = pytest.mark.skipif(
    not os.path.exists(CHROMIUM) or not (ROOT / "node_modules" / "playwright-core").exists(),
    reason="needs chromium at %s and playwright-core: run `make setup` (it installs both)" % CHROMIUM)


@contextlib.contextmanager
def sim_server():
    """`companion sim --port 0`; yields its address."""
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "sim", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for _ in range(5):
            line = proc.stdout.readline()
            if line.startswith("http://"):
                url = line.strip()
                break
        assert url, "companion sim printed no URL: %s" % proc.stderr.read()
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def drive(url, steps, timeout=240, touch=False, locale=None):
    """Run the steps in one browser (touch: a phone's touch screen; locale: the
    browser's language, e.g. "de-DE"); returns the observations by label."""
    env = dict(os.environ, SIM_TOUCH="1" if touch else "0")
    if locale:
        env["SIM_LOCALE"] = locale
    proc = subprocess.run(["node", str(DRIVER), url], input=json.dumps(steps), cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout)
    assert result["errors"] == [], "\n".join(result["errors"])
    out = dict((o["label"], o) for o in result["observations"])
    if result.get("dialogs"):
        out["dialogs"] = result["dialogs"]  # the questions the page asked (all answered OK unless told)
    return out


def page_leds(page):
    """{element name: [colour, effect]} of the page's lit elements (frame.py codes)."""
    return dict((n, [e["colour"], e["effect"]]) for n, e in page["elements"].items() if e["colour"])


# screenshots go to the run's temporary folder (tests/conftest.py sets it up)
SHOTS = Path(os.environ.get("COMPANION_SHOTS") or ROOT / "artifacts")


def update_image(shot, name):
    """Copy a screenshot to docs/images/NAME only when asked (UPDATE_IMAGES=1),
    so the tracked images are not rewritten by every test run."""
    if os.environ.get("UPDATE_IMAGES") == "1":
        IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, IMAGES / name)
