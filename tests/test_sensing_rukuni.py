"""Rukuni on a sensing board (issue 45, item 4): stones by colour, towers by
presence, a turn played by hand. The scenarios are
tests/scenarios/sensing_rukuni_scenarios.py (test_both_interpreters runs
them under the native MicroPython port too and wants the same results);
here each result is checked exactly under CPython."""

import pytest

from companion.hal.frame import BLINK, FAST, FLASH, PLAYER, PULSE, RED, STEADY, YELLOW
from tests.scenarios import sensing_rukuni_scenarios as sc

WHITE, BLACK = PLAYER, PLAYER + 1


def move(a, b):
    return {"op": "move", "from": a, "to": b}


def put(at):
    return {"op": "set", "at": at}


@pytest.fixture(scope="module")
def results():
    return sc.run_all()


def test_a_turn_by_hand_a_tower_lifted_and_set_down_then_a_stone(results):
    r = results["turn"]
    assert r["start"] == [["White: move"], False, [YELLOW, STEADY]]  # the towers stand where the game has them
    # lifted (counted after 600 ms): as a press on it, its 13 destinations pulse
    assert r["lifted"] == [[YELLOW, BLINK], 13, ["tower 0,-4", "13 places to go"]]
    assert r["moved"] == [[move("0,-4", "0,-1")], [YELLOW, BLINK], None,
                          ["-1,-1", "-1,0", "0,-2", "0,0", "1,-1", "1,-2"], ["White: set stone"]]
    assert r["set"] == [put("1,-2"), [WHITE, STEADY], ["Black: move"]]
    # a quick move: nothing until the lift counts, then lift and landing together (SLID): the move
    assert r["quick_waiting"] == [2, None]
    assert r["quick"] == [[move("4,0", "1,0"), put("1,1")], [YELLOW, STEADY], None, [BLACK, STEADY]]


def test_what_the_rules_do_not_allow_is_refused_and_shown_until_put_right(results):
    r = results["refused"]
    assert r["colour"] == [[RED, FLASH], "a black stone on 1,0: White to play"]
    assert r["colour_later"] == [[RED, FAST], ["a black stone on", "1,0: White to", "play"]]
    assert r["before_move"] == [[RED, FLASH], "press the tower to move first, then where it goes"]
    assert r["no_lift"] == [[RED, FLASH], "a tower on 0,0: lift the tower that moves first"]
    assert r["off_line"] == [[RED, FLASH], [YELLOW, BLINK], "1,1 is not on a straight line from 0,-4"]
    assert r["put_back"] == [[YELLOW, STEADY], [], False]  # the tower back: nothing chosen, nothing differs
    assert r["stone_off"] == [[RED, FLASH], "1,-2: a stone taken off is no move here"]
    assert r["stone_off_later"] == [[WHITE, BLINK], ["1,-2: a stone", "taken off is no", "move here"]]
    assert r["back"] == [[WHITE, STEADY], False]
    assert r["log"] == [move("0,-4", "0,-1"), put("1,-2")]  # the refusals logged nothing


def test_an_undone_stone_taken_off_is_the_todo_done(results):
    r = results["undo"]
    assert r["todo"] == [[WHITE, FAST], ["stone next to", "tower on 0,-1"]]
    assert r["done"] == [[{"op": "undo"}, {"op": "took_off", "at": "1,-2"}], [WHITE, PULSE]]
    assert r["again"] == [put("1,-2"), [WHITE, STEADY]]


def test_a_lift_and_replace_and_a_slide_are_no_event(results):
    r = results["slide"]
    assert r["replaced"] == [0, [WHITE, STEADY]]
    assert r["slid"] == [0, [WHITE, BLINK], [RED, FLASH],
                         "-1,-1: a stone moved between cells is no move: put it back"]
    assert r["back"] == [0, [WHITE, STEADY], None, False]


def test_a_stone_and_a_tower_moved_during_a_power_cut_are_shown_after_boot(results):
    r = results["cut"]
    assert r["check"] == -1
    assert r["lit"] == [[WHITE, BLINK], [YELLOW, BLINK], [RED, FAST]]
    assert r["lines"] == ["Black    0   25", "Board differs:", "Back W 1,-2", "+2 more"]
    assert r["same_log"] is True
    assert r["put_right"] == [[WHITE, STEADY], [YELLOW, STEADY], None, False, True]


def test_the_other_boards_turn_is_done_when_this_board_sees_it(results):
    r = results["remote"]
    assert r["todo"] == [[YELLOW, FAST], [YELLOW, BLINK], [WHITE, BLINK]]  # off, on, on
    assert r["done"] == [[{"op": "took_off", "at": "0,-4"}, {"op": "put_on", "at": "0,-1"},
                          {"op": "put_on", "at": "1,-2"}], [YELLOW, STEADY], [WHITE, STEADY], False]
