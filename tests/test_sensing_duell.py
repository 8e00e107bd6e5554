"""Duell der Schamanen on a sensing board (issue 45, item 4): a hall switch
under each stone pocket; a stone's presence and player, never its value.
The scenarios are tests/scenarios/sensing_duell_scenarios.py
(test_both_interpreters runs them under the native MicroPython port too and
wants the same results); here each result is checked exactly under CPython."""

import pytest

from companion.hal.frame import BLINK, FAST, FLASH, PLAYER, RED, STEADY, YELLOW
from tests.scenarios import sensing_duell_scenarios as sc

BISON, WOLF = PLAYER, PLAYER + 1


def put(who, at, value):
    return {"op": "put", "player": who, "at": at, "value": value}


@pytest.fixture(scope="module")
def results():
    return sc.run_all()


def test_a_stone_put_in_the_placers_pocket_asks_its_value(results):
    r = results["place"]
    assert r["start"] == ["Bison places 1", "Migis B 9  W 9", "press a site"]
    assert r["asked_ms"] == 8  # the next poll (4 ms), settled (2 ms), the step that shows it
    # the keypad asks, the site blinks as after a press; the pocket is no difference while it does
    assert r["asked"] == [["Bison places 1", "Migis B 9  W 9", "1,1 B: key 1-9"], None, [YELLOW, BLINK], False]
    assert r["put"] == [[put("bison", "1,1", 5)], [BISON, STEADY], ["Wolf places 2"]]
    assert r["more"] == [[put("wolf", "0,0", 3), put("wolf", "2,2", 7)], [WOLF, STEADY], [WOLF, STEADY],
                         ["Bison places 2"]]


def test_what_the_rules_do_not_allow_is_refused_and_shown_until_put_right(results):
    r = results["refused"]
    assert r["wolf"] == [[RED, FLASH], "a Wolf stone on 1,1: Bison places"]
    assert r["wolf_later"] == [[RED, FAST], ["a Wolf stone on", "1,1: Bison", "places"]]
    assert r["pocket"] == "a Wolf stone in Bison's pocket of 1,1: put it in its own"
    assert r["second"] == ["0,0 bison: first enter the value of the stone on 1,1", "1,1 B: key 1-9"]
    assert r["taken"] == [[BISON, BLINK], "1,1 bison: a stone taken off is no move here"]
    assert r["taken_later"] == [[BISON, BLINK], ["stone taken off", "is no move here"]]
    assert r["back"] == [[BISON, STEADY], False]
    # the value's entry cancelled: the stone without a value is to come out
    assert r["cancelled"] == [[RED, FAST], ["Board differs:", "Off W 0,1 wolf"]]
    assert r["lifted"] == [None, False]
    assert r["log"] == [put("bison", "1,1", 4)]  # the refusals logged nothing


def test_an_undone_stone_taken_out_is_the_todo_done(results):
    r = results["undo"]
    assert r["todo"] == [[YELLOW, FAST], None, ["Off stone 1,1"]]  # the site's to-do, as after any UNDO
    assert r["done"] == [[{"op": "undo"}, {"op": "took_off", "at": "1,1"}], None, False]


def test_a_lift_and_replace_and_a_slide_are_no_event(results):
    r = results["slide"]
    assert r["replaced"] == [1, [BISON, STEADY]]
    assert r["slid"] == [1, [BISON, BLINK], "0,2 bison: a stone moved between pockets is no move: put it back"]
    assert r["back"] == [1, [BISON, STEADY], None, False]


def test_two_stones_moved_during_a_power_cut_are_shown_after_boot(results):
    r = results["cut"]
    assert r["check"] == -1
    assert r["lit"] == [[WOLF, BLINK], [RED, FAST], [BISON, STEADY]]
    assert r["lines"] == ["Board differs:", "Back W 0,0 wolf", "Off B 2,1 bison"]
    assert r["same_log"] is True
    assert r["put_right"] == [[WOLF, STEADY], None, False, True]


def test_a_swap_by_hand_is_shown_not_refused_and_pressed_as_before(results):
    r = results["swap"]
    assert r["duel"] == ["Bison may swap", "Migis B17  W 1", "2 sites / TURN"]
    assert r["lifted"] == [[BISON, BLINK], "", ["Board differs:", "Back B 0,0 bison"]]  # no refusal, no tone
    assert r["exchanged"] == [[BISON, STEADY], False, 20]  # 18 puts, 2 masks: nothing more
    assert r["swapped"] == {"op": "swap", "player": "bison", "a": "0,0", "b": "1,1"}
