"""The firmware scenarios under CPython, one test each (their asserts check
exact frames, lines and states; test_both_interpreters runs them under
MicroPython too)."""

import pytest

from tests.scenarios import firmware_scenarios as fw


def test_worked_example_by_presses():
    steps = fw.worked_example()
    assert steps[-1] == {"log": 26}  # 22 events of the worked example, 3 confirmations, the header


def test_full_game_to_the_winner_on_the_display():
    r = fw.full_game()
    assert r["final"][4:] == ["Black wins", "on points"]
    assert r["restored"] == r["final"]


def test_the_display_says_which_tie_break_decided():
    sticks, draw = fw.tie_breaks()
    assert sticks[4:] == ["White wins", "tie: more sticks"] and draw[4:] == ["Draw", "tied all through"]


def test_variant1_invites_the_free_replacement():
    assert fw.variant1_hint()[-1] == {"op": "place", "at": "ALOA-BARI"}


def test_handicap_then_start_player():
    assert fw.handicap() == ["White: handicap", "Black to play"]


def test_start_player_by_lot_and_the_menu():
    header, first = fw.lot_and_menu()
    assert header["seed"] == 99 and first == "Black to play"


@pytest.mark.parametrize("scan_ms,seed", [(1, 1), (2, 2), (2, 3), (5, 4)])
def test_chatter_never_doubles_a_press(scan_ms, seed):
    r = fw.chatter(scan_ms, seed)
    assert r["presses"] + r["bursts"] == 60


def test_two_buttons_together_and_a_long_press():
    down, long, up = 1, 2, 3
    assert fw.two_and_long() == [[3, down], [40, down], [3, up], [40, up], [56, down], [56, long], [56, up],
                                 [56, down], [56, up]]


def test_power_cut_at_every_byte_of_every_write():
    r = fw.power_cut()
    assert r["after"] == 23 and r["before"] > 600 and r["no_game"] > 50


def test_finished_games_are_kept():
    assert fw.archive() == ["game-0003", "game-0004", "game-0005"]


def test_settings_the_menu_cannot_give_are_their_defaults():
    place = {"op": "place", "at": "ALOA-BARI"}
    plain = {"brightness": 3, "calm": 0, "sound": 1, "volume": 2, "lang": 0}
    assert fw.damaged_settings() == [
        [dict(plain, calm=1), place, 80, 2, "Black to play"],  # calm LEDs kept: in range
        [plain, place, 80, 2, "Black to play"],
        [plain, place, 80, 2, "Black to play"],
        [plain, place, 80, 2, "Black to play"],  # not an object
        [plain, place, 80, 2, "Black to play"],  # "5" is text
        [dict(plain, lang=2, volume=3), place, 80, 3, "Noir joue"],  # French kept: the display speaks it
        [plain, place, 80, 2, "Black to play"],  # no fourth language
        [plain, place, 80, 2, "Black to play"]]  # a language is its number


def test_sound_distinct_tones_off_in_the_menu_and_kept():
    from companion.hal.buzzer import TONES

    r = fw.sound()
    assert r["settings"] == [True, 2]  # on, volume 2 of 3 (duty 8000 of 65535)
    assert r["accepted"] == [[2093, 8000], [2093, 0]]
    assert r["refused"] == [[330, 8000], [330, 0], [220, 8000], [220, 0]]
    assert r["majority"] == [[1319, 8000], [1760, 8000], [1760, 0]]
    assert r["scored"] == [[1047, 8000], [1319, 8000], [1568, 8000], [1568, 0]]
    assert r["over"] == [[1568, 8000], [1319, 8000], [1047, 8000], [1568, 8000], [1568, 0]]
    pitches = [tuple(TONES[k][::2]) for k in range(1, 6)]
    assert len(set(pitches)) == 5  # five distinct tunes
    assert r["off"] == [] and r["kept"] == [False, 1]
