"""A USB cable pulled during `companion flash` on the emulated Pico (issue 43, item 3).

The board is the emulated RP2040 (MicroPython's stock rp2 port in
rp2040js, host_tools/chip) on its USB serial port, holding a saved game and
the firmware before the update (the same package with one file more, so
that the two are told apart). The real `companion flash` sends the new one,
and the cable is pulled after N bytes: a Pico powered by USB stops where it
is, its flash as it is then (host_tools/chip/serial.mjs). N: spread over the
whole transfer, just before the switch of packages, and after it. Then the
chip boots that flash, as a board at power on, and must come up with its
saved game, running the old package or the new one, whole.

Runs when COMPANION_PICO_UF2 and COMPANION_PICO_BOOTROM name the chip parts
(as tests/test_chip.py); each cut is a flash over the emulated serial line
(about 3 minutes of one core each on a loaded machine). COMPANION_CHIP_CUTS=N
for more cuts (at least 5).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from host_tools import chip
from host_tools.chip import game
from host_tools.device import update

try:
    chip.parts()
    MISSING = None
except chip.NoChip as e:
    MISSING = str(e)

pytestmark = [pytest.mark.chip, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]

BOOT_MS = 1400  # the board is playing by then (tests/test_chip.py)
CUTS = max(5, int(os.environ.get("COMPANION_CHIP_CUTS", "5")))
EVENTS = [{"op": "place", "at": "ALOA-BARI"}, {"op": "end_turn"}, {"op": "place", "at": "KAHU-LALE"},
          {"op": "end_turn"}, {"op": "place", "at": "ALOA-DUDA"}]
STICKS = ["ALOA-BARI", "KAHU-LALE", "ALOA-DUDA"]
MARK = (update.LIVE + "/before.txt", b"the firmware before the update\n")  # only in the old package
COMPANION = Path(sys.executable).parent / "companion"


def flash(pico):
    return subprocess.run([str(COMPANION), "flash", "--port", pico.port, "--no-reset"], capture_output=True,
                          text=True, timeout=1200)


def package(image):
    """The package's files on a flash image."""
    return {p: d for p, d in game.image.read(image).items() if p.startswith(update.LIVE + "/")}


def switch_at(got):
    """Where in the bytes a flash sent the switch of packages is."""
    at = bytes(got).find(b"os.rename(%r, %r)" % (update.STAGED, update.LIVE))
    assert at > 0
    return at


def cut_points(sent, switch, count):
    """count cut points: count - 2 spread over the transfer before the switch,
    one just before it, one half-way from it to the end."""
    spread = [max(1, switch * (2 * i + 1) // (2 * (count - 2))) for i in range(count - 2)]
    return sorted(set(spread + [switch - 100, switch + (sent - switch) // 2]))


@pytest.fixture(scope="module")
def board():
    """(the old board's image, the package before, the package after a whole
    flash, the bytes that flash sent, where the switch is in them)."""
    from host_tools.chip.serial_port import EmulatedPico

    old = game.image.build(extra=[game.saved_game(EVENTS), MARK])
    with EmulatedPico(old, record=True) as pico:
        proc = flash(pico)
        sent, switch = pico.received, switch_at(pico.got)
    assert proc.returncode == 0, proc.stderr
    before, after = package(old), package(pico.image)
    assert MARK[0] in before and MARK[0] not in after
    assert {p: d for p, d in before.items() if p != MARK[0]} == after  # (the same firmware, one file less)
    return old, before, after, sent, switch


def boots_with_its_game(image):
    """Boot a flash image as a board at power on: its console, and whether it
    shows and keeps the saved game."""
    b = game.buttons()
    r = chip.run(image, BOOT_MS + 300, keep_image=True)
    assert "Traceback" not in r["console"], r["console"]
    assert [json.loads(x) for x in game.saved_events(r["image"])] == [game.HEADER] + EVENTS
    assert r["frames"] and all(str(b[n]) in r["frames"][-1]["on"] for n in STICKS), r["frames"][-1:]


def test_a_flash_cut_at_any_point_leaves_a_pico_that_boots_its_game(board):
    from host_tools.chip.serial_port import EmulatedPico

    old, before, after, sent, switch = board
    seen = {}
    for n in cut_points(sent, switch, CUTS):
        with EmulatedPico(old, cut_after=n) as pico:
            proc = flash(pico)
            assert pico.cut, n
        assert proc.returncode == 1 and "flash again" in proc.stderr, (n, proc.stderr)
        files = package(pico.image)
        assert files in (before, after), n  # one firmware, whole
        seen[n] = "old" if files == before else "new"
        boots_with_its_game(pico.image)
    assert set(seen.values()) == {"old", "new"}, seen  # cuts before the switch and after it
