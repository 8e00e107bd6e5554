"""The device's MQTT client, micropython-lib's umqtt.simple from PyPI, for the tests,
the simulator and `companion flash` (docs/remote.md says why this client).

Its PyPI sdist is MicroPython-only (no setup.py), so pip fetches it but
cannot install it: pip downloads and unpacks it, keeps the unpacked copy
(--no-clean), and umqtt/simple.py is taken from there. Nothing of it is in
the repository; `make setup` puts it in .venv/vendor.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .paths import ROOT

PACKAGE = "micropython-umqtt.simple==1.3.4"
VENDOR = ROOT / ".venv" / "vendor"


def umqtt(dest=VENDOR):
    """dest, holding umqtt/simple.py (fetched with pip once)."""
    dest = Path(dest)
    target = dest / "umqtt" / "simple.py"
    if target.exists():
        return dest
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, TMPDIR=tmp)
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-clean", "-q",
                               "-d", str(Path(tmp) / "dl"), PACKAGE], capture_output=True, text=True, env=env)
        found = sorted(Path(tmp).glob("**/umqtt/simple.py"))
        if not found:
            raise RuntimeError("could not fetch %s with pip (needs PyPI): %s" % (PACKAGE, proc.stderr[-500:]))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(found[0], target)
    return dest


if __name__ == "__main__":
    print(umqtt(sys.argv[1] if len(sys.argv) > 1 else VENDOR))
