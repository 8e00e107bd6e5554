"""A long game at a fixed heap (host_tools/bench/long_game.py, a smaller count
than `make bench`'s 20,000): under native MicroPython the firmware's free
heap stays flat after the first few hundred events, and nothing in play or
quiet time runs out of memory."""

import pytest

from host_tools.bench import long_game
from host_tools.bench.measure import compile_mpy


@pytest.mark.native
def test_3000_events_at_a_fixed_heap_keep_free_heap_flat_and_raise_no_memory_error(tmp_path):
    compile_mpy(tmp_path / "mpy")
    play = tmp_path / "play"
    play.mkdir()
    # 190 KB: the look saved in steps and the LED cap by colour took the need from 188 to 189 KB (issue 44)
    got = long_game.play(tmp_path / "mpy", play, events=3000, heap_kb=190, marks=(500, 1500, 3000))
    assert "error" not in got, got.get("error")
    assert got["events"] == 3000 and got["errors"] == 0
    free = got["free"]
    assert free[500] > 0
    assert abs(free[3000] - free[500]) <= 256 and abs(free[1500] - free[500]) <= 256
