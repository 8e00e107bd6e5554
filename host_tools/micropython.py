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
