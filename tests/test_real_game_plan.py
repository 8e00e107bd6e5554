"""The bench's real game (host_tools/chip/real_game.py, docs/bench.md "A
real game"): its presses as planned on the host, and how its figures are
read from an emulator report (the chip runs are make bench's)."""

import json

from host_tools.bench.random_games import random_log
from host_tools.chip import game as chipgame
from host_tools.chip import real_game

HEADER, EVENTS = random_log(seed=2026, events=300)
TEXT = "\n".join(json.dumps(x) for x in [HEADER] + EVENTS) + "\n"


def test_the_planned_game_has_what_a_real_game_has():
    presses, lines = real_game.play(TEXT, 1400)
    again, lines_again = real_game.play(TEXT, 1400)
    assert presses == again and lines == lines_again == 327  # seeded: the same plan every time
    kinds = [p["kind"] for p in presses]
    for kind in ("undo", "refused", "cascade", "remove", "plain", "turn", "confirm"):
        assert kind in kinds, kind
    assert sum(p["quiet"] for p in presses) == 4
    assert presses[0]["ops"] == presses[-1]["ops"] == ["undo"]  # right after the boot's and the last checkpoint
    assert presses[-1]["at"] - presses[-2]["at"] - presses[-2]["hold"] == real_game.PAUSE
    times = [p["at"] for p in presses]
    assert times == sorted(times) and all(p["hold"] == real_game.HOLD for p in presses)
    assert all(p["leds"] for p in presses if p["kind"] in ("plain", "cascade", "remove", "refused"))


def test_a_press_is_timed_to_the_first_frame_that_changes_one_of_its_leds():
    presses = [{"kind": "plain", "quiet": False, "code": 5, "at": 100, "hold": 80, "leds": [5]},
               {"kind": "turn", "quiet": True, "code": chipgame.buttons()["TURN"], "at": 300, "hold": 80,
                "leds": [7]},
               {"kind": "confirm", "quiet": False, "code": 9, "at": 500, "hold": 80, "leds": [9]},
               {"kind": "undo", "quiet": False, "code": 57, "at": 600, "hold": 80, "leds": [11]}]
    frames = [{"t_ms": 50, "on": {"7": [1, 1, 1]}},
              {"t_ms": 104.5, "on": {"7": [1, 1, 1], "11": [9, 9, 9]}},  # not LED 5: a blink elsewhere
              {"t_ms": 108.0, "on": {"5": [1, 2, 3], "7": [1, 1, 1], "11": [9, 9, 9]}},
              {"t_ms": 390.0, "on": {"5": [1, 2, 3], "11": [9, 9, 9]}}]
    assert real_game.visible_times({"frames": frames}, presses) == [
        ("plain", False, 8.0), ("turn", True, 10.0), ("undo", False, None)]


def test_the_earliest_counted_press_is_the_first_after_the_last_lost_one():
    presses = real_game.earliest_presses()
    codes = [c for c, at, hold in presses]
    assert len(set(codes)) == len(codes) == 13
    console = "\n".join("DOWN %d" % c for c in codes[3:]) + "\nDOWN %d\n" % codes[1]
    first, lost = real_game.earliest_counted(console, presses)
    assert lost == [100, 200] and first == 250
    assert real_game.earliest_counted("", presses) == (None, [at for c, at, h in presses])
