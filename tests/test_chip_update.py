"""A USB cable pulled during `companion flash` on the emulated Pico (issue 43, item 3).

The board is the emulated RP2040 (MicroPython's stock rp2 port in
rp2040js, host_tools/chip) on its USB serial port, holding a saved game and
the firmware before the update (the same package with one file more, so
that the two are told apart), broken into at the same moment of its boot
at every run (serial_port.BREAK_MS), so that a flash sends the same bytes
each time. The real `companion flash` sends the new one, and the power goes:
after N bytes (a Pico powered by USB stops where it is, its flash as it is
then: host_tools/chip/serial.mjs), or in the middle of the command those N
bytes end, after K of its flash operations. The cuts: spread over the
transfer before the switch of packages; in the switch's command before it
runs (the new package staged); between the switch's two renames (no
/lib/companion: main.py renames the staged one into place); half-way
through the removal of the old package; half-way from the switch to the
end. Each is placed by the commands a whole flash sent, not by a fraction
of the transfer. Then the chip boots that flash, as a board at power on,
and must come up with its saved game, running the old package or the new
one, whole.

Runs when COMPANION_PICO_UF2 and COMPANION_PICO_BOOTROM name the chip parts
(as tests/test_chip.py); each cut is a flash over the emulated serial line
(6 min 49 s measured for the file: a recording flash and 5 cuts).
COMPANION_CHIP_CUTS=N for more cuts spread before the switch (at least 5 in all).
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


def command_ends(got):
    """The offset after each command a flash sent: mpremote's raw paste ends each with Ctrl-D."""
    return [i + 1 for i, b in enumerate(bytes(got)) if b == 4]


def cut_points(got, ops, count):
    """[(what, n, k)]: the power goes after n bytes (k None), or after the k-th flash
    operation of the command the n-th byte ends (ops: the bytes the board had
    got at each flash operation of a whole flash, EmulatedPico.ops)."""
    switch = switch_at(got)
    ends = command_ends(got)
    switched = next(e for e in ends if e > switch)  # the switch's command, sent whole
    removed = next(e for s, e in zip([0] + ends, ends) if b"_rm(%r)" % update.OLD in got[s:e])
    assert ops.count(switched) == 2, ops.count(switched)  # a rename is one flash operation
    spread = count - 4

    def inside(n):  # a byte cut inside a command, not on its last byte (that one would run)
        return n - 1 if n in ends else n

    return sorted([("before the switch", inside(max(2, switch * (2 * i + 1) // (2 * spread))), None)
                   for i in range(spread)]
                  + [("the switch sent but for its end", switched - 1, None),
                     ("between the switch's renames", switched, 1),
                     ("half-way through the old package's removal", removed, ops.count(removed) // 2),
                     ("half-way from the switch to the end", inside(switch + (len(got) - switch) // 2), None)],
                  key=lambda p: p[1])


def running(image):
    """The package files a board boots from this flash, as main.py picks them:
    /lib/companion, or, if a cut left none, the staged package, else the old one
    (which main.py renames into place)."""
    files = game.image.read(image)
    for folder in (update.LIVE, update.STAGED, update.OLD):
        found = {update.LIVE + p[len(folder):]: d for p, d in files.items() if p.startswith(folder + "/")}
        if found:
            return found
    return {}


@pytest.fixture(scope="module")
def board():
    """(the old board's image, the package before, the package after a whole
    flash, the bytes that flash sent, the bytes the board had got at each
    flash operation)."""
    from host_tools.chip.serial_port import EmulatedPico

    old = game.image.build(extra=[game.saved_game(EVENTS), MARK])
    with EmulatedPico(old, record=True) as pico:
        proc = flash(pico)
        got = bytes(pico.got)
    assert proc.returncode == 0, proc.stderr
    before, after = package(old), package(pico.image)
    assert MARK[0] in before and MARK[0] not in after
    assert {p: d for p, d in before.items() if p != MARK[0]} == after  # (the same firmware, one file less)
    return old, before, after, got, pico.ops


def boots_with_its_game(image):
    """Boot a flash image as a board at power on: its console, and whether it
    shows and keeps the saved game."""
    b = game.buttons()
    r = chip.run(image, BOOT_MS + 300, keep_image=True)
    assert "Traceback" not in r["console"], r["console"]
    assert [json.loads(x) for x in game.saved_events(r["image"])] == [game.HEADER] + EVENTS
    assert r["frames"] and all(str(b[n]) in r["frames"][-1]["on"] for n in STICKS), r["frames"][-1:]
    return r["image"]


def test_the_cut_points_are_where_they_are_meant_to_be(board):
    old, before, after, got, ops = board
    points = cut_points(got, ops, CUTS)
    assert len(points) == CUTS
    ends = command_ends(got)
    for what, n, k in points:
        assert 0 < n < len(got), (what, n)
        assert (k is not None) == (n in ends), (what, n)  # a byte cut lands inside a command: it never runs
        assert k is None or 0 < k < ops.count(n), (what, n, k)  # an operation cut lands inside its command


def test_a_flash_cut_at_any_point_leaves_a_pico_that_boots_its_game(board):
    from host_tools.chip.serial_port import EmulatedPico

    old, before, after, got, ops = board
    seen = {}
    for what, n, k in cut_points(got, ops, CUTS):
        with EmulatedPico(old, cut_after=n, cut_ops=k) as pico:
            proc = flash(pico)
        assert pico.cut, (what, n, k)
        assert proc.returncode == 1 and "flash again" in proc.stderr, (what, proc.stderr)
        if what == "between the switch's renames":  # the case main.py is there for
            assert not package(pico.image) and running(pico.image) == after, what
        files = running(pico.image)
        assert files in (before, after), what  # one firmware, whole
        seen[what] = "old" if files == before else "new"
        booted = boots_with_its_game(pico.image)
        assert package(booted) == files, what  # (main.py renamed it into place)
    assert set(seen.values()) == {"old", "new"}, seen  # cuts before the switch and after it
