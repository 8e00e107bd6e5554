"""The sensing board (issue 45): sticks seen, not pressed. The scenarios are
tests/scenarios/sensing_scenarios.py (test_both_interpreters runs them under
the native MicroPython port too and wants the same results); here each
result is checked exactly under CPython."""

import pytest

from companion.hal.frame import BLINK, FAST, FLASH, PLAYER, RED, STEADY
from companion.hal.sensors import Slots
from tests.scenarios import sensing_scenarios as sc
from tests.scenarios.common import ev

WHITE, BLACK = PLAYER, PLAYER + 1


@pytest.fixture(scope="module")
def results():
    return sc.run_all()


def test_the_debouncer_counts_by_time(results):
    """Slots: the first scan reports the board as it stands (BOOT); a stick
    counts 2 ms after it is seen; a lift shorter than 600 ms is nothing; a
    stick moved to another slot comes as two changes marked SLID; both
    outputs at once never count; a lift counts 600 ms after it."""
    boot, slid = 1, 2
    assert results["debouncer"] == [
        [0, 0, boot, 1], [0, 1, boot, 0], [0, 2, boot, 0],  # white on slot 0 at power-on
        [12, 1, 0, 2],  # black on slot 1 at 10
        # slot 0 lifted at 20 and back at 400: nothing
        [1700, 0, slid, 0], [1700, 2, slid, 1],  # slot 0's white lifted at 1100, on slot 2 at 1150
        [1902, 2, 0, 2],  # slot 2 read both poles from 1800 (never counted), then black
        [2600, 1, 0, 0],  # slot 1 taken off at 2000
    ]


def test_a_placement_is_lit_and_a_cascade_is_done_by_taking_its_sticks_off(results):
    w = results["worked"]
    assert w["setup"] is True  # the rule sheets' handicap-free setup, by sticks put on
    # simulated, 2 ms steps: the next poll of the chain (every POLL_MS = 4 ms), PLACE_MS (2 ms) to
    # settle, the step that lights it; within one poll, the settling and a step of the stick landing
    assert w["lit_ms"] == 6 and w["lit_ms"] <= Slots.POLL_MS + Slots.PLACE_MS + 2
    assert w["lit"] == [[WHITE, STEADY], [BLACK, FAST], [WHITE, BLINK], [BLACK, FAST]]
    assert w["lines"][5:] == ["W won BARI", "Off ALOA-BARI", "+2 more"]
    # ALOA-BARI lifted: nothing yet at 300 ms (it could come back), took_off at 700
    assert w["lifting"] == [ev("place", "BARI-DUDA"), [BLACK, FAST]]
    assert w["took_off"] == ev("took_off", "ALOA-BARI")
    assert w["second"] == [ev("place", "ALOA-BARI"), [BLACK, FAST]]
    # the worked example's moves, the black turn's remove and place on ELAI-HUNA included
    assert w["log"] == [ev("place", "BARI-DUDA"), ev("place", "ALOA-BARI"), ev("end_turn"),
                        ev("remove", "ELAI-HUNA"), ev("place", "ELAI-HUNA"), ev("end_turn")]
    assert w["confirmed"] == [ev("took_off", "ALOA-BARI"), ev("took_off", "ALOA"), ev("put_on", "BARI"),
                              ev("took_off", "ALOA-HUNA"), ev("took_off", "HUNA")]


def test_the_wrong_colour_is_refused_and_shown_until_taken_off(results):
    r = results["wrong"]
    assert r["at_once"] == [[RED, FLASH], "a black stick on ALOA-BARI: White to play"]
    assert r["later"] == [[RED, FAST], ["a black stick on", "ALOA-BARI: White", "to play"]]
    assert r["lifting"] == [RED, FAST]  # still there as far as the board knows (a lift may come back)
    assert r["put_right"] == [None, False]
    assert r["log"] == [ev("place", "ALOA-BARI")]  # only the white stick put on afterwards


def test_a_lift_and_replace_and_a_slide_are_no_event(results):
    r = results["slide"]
    assert r["replaced"] == [[ev("place", "ALOA-BARI")], [WHITE, STEADY]]
    # slid to ALOA-DUDA: no move; the stick's place blinks white, the new one is red, both named
    assert r["slid"] == [[ev("place", "ALOA-BARI")], [WHITE, BLINK], [RED, FLASH],
                         ["between places", "is no move: put", "it back"]]
    assert r["back"] == [[ev("place", "ALOA-BARI")], [WHITE, STEADY], None, False]


def test_two_sticks_moved_during_a_power_cut_are_shown_after_boot(results):
    r = results["cut"]
    assert r["check"] == -1  # the sensed comparison replaces the board check's offer
    assert r["lit"] == [[WHITE, BLINK], [RED, FAST], [BLACK, STEADY]]
    assert r["lines"] == ["Board differs:", "Back W ALOA-BARI", "Off B ELAI-FAAA"]
    assert r["same_log"] is True
    assert r["still"] == [[WHITE, BLINK], [RED, FAST]]
    assert r["one_left"] == ["Board differs:", "Off B ELAI-FAAA"]
    assert r["put_right"] == [[WHITE, STEADY], None, False, True]


def test_a_todo_done_while_the_board_was_off_is_confirmed_at_boot(results):
    assert results["todo"] == {"last": ev("took_off", "ALOA-BARI"), "differs": False, "lit": None}


def test_the_other_boards_move_is_done_when_this_board_sees_it(results):
    r = results["remote"]
    assert r["todo"] == [[WHITE, BLINK], ["On ALOA-BARI", "press when done"]]
    assert r["done"] == [[ev("place", "ALOA-BARI"), ev("put_on", "ALOA-BARI")], [WHITE, STEADY]]
