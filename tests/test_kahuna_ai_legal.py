"""The device opponent never makes an illegal move: random games of every
variant (and mix of variants), every level, against the random player; every
planned step is applied through the log's Game.apply (which refuses an
illegal event), and deciding leaves the game exactly as it was."""

import random

import pytest

from companion.core.games import new_game
from companion.core.kahuna_ai import EASY, NORMAL, STRONG, Planner
from host_tools.paths import load_layout
from host_tools.selfplay.command import random_turn

from .scenarios.legal_events_scenarios import key

VARIANTS = ([], ["variant1"], ["variant2"], ["handicap"], ["variant1", "variant2"],
            ["variant1", "variant2", "handicap"])


def play(variants, seed, level):
    header = {"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": seed, "first": "white",
              "variants": list(variants)}
    if "handicap" in variants:
        header["handicap"] = "black"
    g = new_game(header, load_layout("kahuna"))
    rnd = random.Random(seed)
    if "handicap" in variants:  # the weaker player's free sticks, then TURN
        for at in ("ALOA-BARI", "HUNA-LALE")[:seed % 3]:
            g.apply({"op": "place", "at": at})
        g.apply({"op": "end_turn"})
    ai = Planner(g, level)
    device = seed % 2
    steps = 0
    turns = 0
    while not g.over() and turns < 400:
        if g.active() == device:
            before = bytes(g.s)
            n = ai.decide()
            assert bytes(g.s) == before  # the search takes every trial back
            assert 1 <= n
            for k in range(n):
                e = ai.event(k)
                assert key(e) in {key(m) for m in g.legal_events()}, e  # one of the core's legal events
                g.apply(e)  # raises Illegal for an illegal step
            steps += n
        else:
            random_turn(g, rnd)
        turns += 1
    assert g.over()
    return steps


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "+".join(v) or "plain")
def test_every_planned_step_is_legal(variants):
    steps = 0
    for seed in range(6):
        for level in (EASY, NORMAL, STRONG):
            steps += play(variants, 1000 + seed, level)
    assert steps > 18 * 20  # the games were played, not ended at once
