"""The Kahuna scenarios under CPython; their own asserts check the exact states."""

from tests.scenarios import kahuna_scenarios as k


def test_worked_example_step_by_step():
    steps = k.worked_example()
    assert [len(s["sticks"]) for s in steps] == [13, 13, 13, 12, 10]


def test_refusals_say_why():
    reasons = k.refusals()
    assert "already holds a white stick" in reasons[0]
    assert "empty" in reasons[1]
    assert "unknown connection" in reasons[2]
    assert "unknown op" in reasons[3]
    assert "unknown connection" in reasons[4]


def test_scoring_paths_and_final_turns():
    r = k.scoring_paths()
    assert r["final"]["winner"] == "black"
    assert "final turns" in r["end_round_in_final_turns"]
    assert "game is over" in r["after_over"]


def test_tie_breaks():
    r = k.tie_breaks()
    assert r["final_scoring"]["winner"] == "black"
    assert r["sticks on the board"]["winner"] == "white"
    assert r["draw"]["winner"] == "draw"


def test_early_end_from_round_two_only():
    r = k.early_end()
    assert not r["round1"]["over"]
    assert r["at_first_scoring"]["winner"] == "white"
    assert r["round2_remove"]["winner"] == "white"
    assert r["round3_capture"]["winner"] == "white"


def test_variant1_and_stick_supply():
    r = k.variant1_and_supply()
    assert r["next_to_stone"] == "variant 1: ALOA carries a white stone"
    assert r["supply"] == "White has all 25 sticks on the board"


def test_handicap():
    r = k.handicap()
    assert len(r["reasons"]) == 3 and all(r["reasons"])


def test_undo_back_to_start():
    assert len(k.undo_everything()) == 3


def test_start_player_by_lot_is_seeded():
    assert k.lot() == k.lot()
