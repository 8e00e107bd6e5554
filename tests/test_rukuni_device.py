"""Rukuni on the simulated device under CPython (the scenarios' asserts check exact frames)."""

from tests.scenarios import rukuni_device_scenarios as rd


def test_a_turn_by_presses_with_hints_refusals_and_undo():
    out = rd.turn_by_presses()
    assert out["end"][:2] == ["White: move", "      pts stones"]


def test_the_end_shows_each_group_with_its_score():
    out = rd.game_over_by_presses()
    assert out["over"][4:6] == ["White wins", "by largest group"]
    assert len(out["groups"]) == 3


def test_a_whole_game_by_presses():
    out = rd.full_game_by_presses()
    assert out["end"]["over"] and out["events"] > 40
    assert out["presses"] == out["events"] + out["events"] // 2
