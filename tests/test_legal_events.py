"""legal_events() of every core game agrees with its rules (issue 41).

The checks live in tests/scenarios/legal_events_scenarios.py, which
tests/test_both_interpreters.py also runs under MicroPython (its hand-made
positions with exact lists and a short random game of each game). Here
hypothesis draws the headers and the seeds, and every position of each game
is checked in full.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.rng import Rng

from .scenarios import legal_events_scenarios as scenarios
from .scenarios.common import ev, game, load_layout

KANALOA_CONNECTIONS = len(load_layout("kanaloa")["connections"])


@pytest.mark.parametrize("name", scenarios.GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_driven_by_the_list_follow_the_rules_and_replay(name, seed):
    rng = Rng(seed)
    header = scenarios.header_for(name, rng)
    events, end = scenarios.random_game(header, rng.next(), every=1)
    assert end["over"] and end["winner"] is not None
    assert events, header


def test_hand_made_positions_list_exactly_their_events():
    got = scenarios.run_all()
    assert got["kahuna_handicap"] == 24 + 3  # the 24 free connections of 27, black's three sticks
    assert got["kanaloa_pending"] == KANALOA_CONNECTIONS - 3  # all but red's three bridges
    assert got["rukuni_set"]["sets"] == 4


def test_nothing_is_listed_once_the_game_is_over():
    g = game({"game": "kahuna", "layout": "kahuna", "first": "white", "variants": []})
    for _ in range(3):
        g.apply(ev("end_round"))
    g.apply(ev("end_turn"))
    g.apply(ev("end_turn"))
    assert g.over()
    assert list(g.legal_events()) == []


def test_a_digital_deck_draw_is_listed_once_for_two_alike_face_up_cards():
    for seed in range(200):
        g = game({"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": seed, "first": "white",
                  "variants": []})
        faces = [g.face(k) for k in range(3)]
        if len(set(faces)) < 3:
            break
    assert len(set(faces)) < 3, "a deal with two alike face-up cards among 200 seeds"
    draws = [e for e in g.legal_events() if e["op"] == "draw" and "card" in e]
    assert sorted(e["card"] for e in draws) == sorted(set(g.board.island_names[i] for i in faces))
    scenarios.check(g, True)
