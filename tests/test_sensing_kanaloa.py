"""Kanaloa on a sensing board (issue 45, item 4): bridges seen by presence,
their colour the player to move's. The scenarios are
tests/scenarios/sensing_kanaloa_scenarios.py (test_both_interpreters runs
them under the native MicroPython port too and wants the same results);
here each result is checked exactly under CPython."""

import pytest

from companion.hal.frame import BLINK, FAST, FLASH, MARK, PLAYER, PULSE, RED
from companion.hal.sensors import Slots
from tests.scenarios import sensing_kanaloa_scenarios as sc
from tests.scenarios.common import ev

BLUE, GREEN = PLAYER + 1, PLAYER + 3  # ui/kanaloa.COLOUR; red is RED


@pytest.fixture(scope="module")
def results():
    return sc.run_all()


def test_a_bridge_put_on_is_the_player_to_moves_place(results):
    r = results["placed"]
    assert r["lit_ms"] == 6 and r["lit_ms"] <= Slots.POLL_MS + Slots.PLACE_MS + 2
    # red's bridge, then blue's (its magnet the other way round: presence all the same)
    assert r["lit"] == [[RED, MARK], [BLUE, MARK + 1]]
    assert r["log"] == [ev("place", "MAKA-MELE"), ev("end_turn"), ev("place", "HALA-MELE")]


def test_a_bridge_taken_off_that_is_no_removal_is_refused_until_put_back(results):
    r = results["refused"]
    assert r["lifted"] == [[RED, FLASH], "MAKA-MELE: a bridge taken off is no move here"]
    assert r["later"] == [[RED, BLINK], ["MAKA-MELE: a", "bridge taken off", "is no move here"]]  # red's, to go back
    assert r["back"] == [[RED, MARK], False]
    assert r["log"] == [ev("place", "MAKA-MELE"), ev("end_turn")]


def test_a_captures_bridges_taken_off_complete_the_todo_and_a_lift_chooses(results):
    r = results["choice"]
    assert r["capture"] == [[BLUE, FAST], [GREEN, FAST], ["Off DALI-HANA", "+4 more"]]
    assert r["taken_off"] == [[ev("took_off", "DALI-HANA"), ev("took_off", "HANA-LANI")],
                              ["Off marker DALI", "+2 more"]]  # the markers by their buttons
    assert r["choice"] == ["Red: take 1", [GREEN, PULSE], [RED, PULSE]]
    assert r["own"] == ["NOHO-ORO cannot go: remove one at ORO of a player with fewer bridges", [RED, FLASH]]
    assert r["put_on"] == ["MAKA-MELE: a bridge put on is no move here", [RED, FLASH]]
    assert r["chosen"] == [ev("choose", "KAIA-ORO"), None, ["Red to play", "Rnd 1  br mk pts"], False]
    assert r["log"] == 26  # the refusals logged nothing


def test_a_lift_and_replace_and_a_slide_are_no_event(results):
    r = results["slide"]
    assert r["replaced"] == [[ev("place", "MAKA-MELE")], [RED, MARK]]
    assert r["slid"] == [[ev("place", "MAKA-MELE"), ev("end_turn")], [RED, BLINK], [RED, FLASH],
                         "HALA-MELE: a bridge moved between places is no move: put it back",
                         ["between places", "is no move: put", "it back"]]
    assert r["back"] == [[ev("place", "MAKA-MELE"), ev("end_turn")], [RED, MARK], None, False]


def test_two_bridges_moved_during_a_power_cut_are_shown_after_boot(results):
    r = results["cut"]
    assert r["check"] == -1
    assert r["lit"] == [[RED, BLINK], [RED, FAST], [BLUE, MARK + 1]]
    assert r["lines"] == ["Board differs:", "Back MAKA-MELE", "Off NOHO-ORO"]
    assert r["same_log"] is True
    assert r["put_right"] == [[RED, MARK], None, False, True]


def test_the_other_boards_bridge_is_done_when_this_board_sees_it(results):
    r = results["remote"]
    assert r["todo"] == [[RED, BLINK], ["On MAKA-MELE"]]
    assert r["done"] == [[ev("place", "MAKA-MELE"), ev("put_on", "MAKA-MELE")], [RED, MARK], ["Yellow  0  0   0"]]
