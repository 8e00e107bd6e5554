"""Power cuts at every flash operation of a game, on littlefs and on FAT,
under native MicroPython (the method of littlefs's own power-loss tests;
tests/powercut.py does the work, one process per filesystem)."""

import json

import pytest

from host_tools.bench.random_games import random_log
from host_tools.micropython import run_native
from host_tools.paths import ROOT

CODE = """
import json, powercut
events = json.loads(%r)
tried, before, after = powercut.run(%r, events, %r)
print("CUTS", tried, before, after)
print("SPARES", " ".join(str(int(x)) for x in powercut.UNCUT_SPARES))
"""


def cuts(fat, progsize):
    header, events = random_log(seed=13, events=40)
    out = run_native(CODE % (json.dumps(events), fat, progsize), heapsize="32M", paths=(ROOT / "host_tools" / "bench",))
    line = [l for l in out.splitlines() if l.startswith("CUTS")][-1]
    spares = [l for l in out.splitlines() if l.startswith("SPARES")][-1]
    return [int(x) for x in line.split()[1:]], [x == "1" for x in spares.split()[1:]]


@pytest.mark.native
@pytest.mark.parametrize("fs", ["littlefs", "littlefs-esp32", "fat"])
def test_a_power_cut_at_any_flash_operation_loses_at_most_the_step_in_flight(fs, figures):
    (tried, before, after), spares = cuts(fs == "fat", 32 if fs == "littlefs-esp32" else 256)
    # New game cut at every operation both ways: its folder made by it (the first, at once) and
    # made ahead in quiet time (the second: Store._spare_folder, kept across the boot between)
    assert spares == [False, True], spares
    figures("store: power cuts tried on %s (every program and erase of a game)" % fs, tried,
            "%d before, %d after the step in flight" % (before, after))
    print("%s: %d power-cut points tried: %d boots restored the game before the step in flight, %d after"
          % (fs, tried, before, after))
    assert tried > 100 and before + after == tried and before and after
