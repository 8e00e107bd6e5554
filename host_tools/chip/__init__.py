"""The emulated Pico (docs/firmware.md, "The emulated Pico"): MicroPython's
stock rp2 port in the RP2040 emulator rp2040js, the project on its flash as
`companion flash` puts it there, a board model around it (pico.mjs).

The port's UF2 and the RP2040 bootrom are not part of this repository:
point COMPANION_PICO_UF2 and COMPANION_PICO_BOOTROM at them (see the docs)."""

import json
import os
import subprocess
import tempfile
from pathlib import Path

from ..paths import ROOT
from . import image

RUNNER = ROOT / "host_tools" / "chip" / "run.mjs"
PROFILE = ROOT / "board_layouts" / "profiles" / "pico.json"


class NoChip(Exception):
    pass


def parts():
    """(uf2, bootrom) paths, or NoChip saying what is missing."""
    uf2 = os.environ.get("COMPANION_PICO_UF2")
    bootrom = os.environ.get("COMPANION_PICO_BOOTROM")
    missing = [name for name, path in (("COMPANION_PICO_UF2", uf2), ("COMPANION_PICO_BOOTROM", bootrom))
               if not path or not Path(path).is_file()]
    if missing:
        raise NoChip("the emulated Pico needs %s: MicroPython's RPI_PICO UF2 and the RP2040 B1 bootrom "
                     "(docs/firmware.md, \"The emulated Pico\")" % " and ".join(missing))
    return uf2, bootrom


def run(fs_image, ms, presses=(), cut_after=-1, keep_image=False, timeout=600, profile=PROFILE, sticks=()):
    """Boot the emulated Pico on a filesystem image and run it `ms` emulated
    milliseconds with the given presses [(code, at_ms, hold_ms)]. Returns
    the report (run.mjs); with keep_image, report["image"] is the
    filesystem afterwards. A sensing board (profile: one with "sensors"):
    sticks [(at_ms, [white bit, black bit(, tall bit)], "white", "black",
    "tower" or None)], a stick put on (its magnet's pole) or taken off a slot
    at that time ("tower": a piece only a slot's third switch sees)."""
    uf2, bootrom = parts()
    with tempfile.TemporaryDirectory(prefix="pico-") as tmp:
        img = Path(tmp) / "fs.img"
        img.write_bytes(fs_image)
        out = Path(tmp) / "fs-out.img"
        script = {"uf2": uf2, "bootrom": bootrom, "image": str(img), "ms": ms,
                  "profile": json.loads(Path(profile).read_text()), "cut_after": cut_after,
                  "presses": [{"code": c, "at_ms": at, "hold_ms": hold} for c, at, hold in presses],
                  "sticks": [{"at_ms": at, "bits": bits, "colour": colour} for at, bits, colour in sticks]}
        if keep_image:
            script["image_out"] = str(out)
        proc = subprocess.run(["node", str(RUNNER)], input=json.dumps(script), capture_output=True,
                              text=True, timeout=timeout, cwd=ROOT)
        if proc.returncode != 0:
            raise RuntimeError("the emulated Pico failed: %s" % proc.stderr[-3000:])
        report = json.loads(proc.stdout)
        if keep_image:
            report["image"] = out.read_bytes()
    return report

