"""Duell der Schamanen under CPython: the scenarios, the dead-end search
against an exhaustive one, the always-existing swap, and random games.
(CPython for itertools and hypothesis; the scenarios with their random games
also run under native MicroPython in test_both_interpreters, and random
Duell games replay and undo alike there in test_native_games.)"""

import itertools
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.core import Illegal, LayoutError
from companion.core.duell import DUELS, PHASE, SWAP, Duell, placer, stones_left_in_turn
from companion.core.log import replay
from host_tools.paths import load_layout
from tests.scenarios import duell_scenarios as d

LAYOUT = load_layout("duell")


def test_placing_order_and_refusals():
    r = d.placing()
    assert "".join(a[0] for a in r["actives"]) == "bwwbbwwbbwwbbwwbbw"
    assert [stones_left_in_turn(k) for k in (0, 1, 2, 3, 16, 17)] == [1, 2, 1, 2, 1, 1]
    assert [placer(k) for k in range(18)].count(0) == 9
    assert r["refusals"][2] == "0,1 holds wolf's 3: the two stones on a site must differ"


def test_dead_end_is_refused_and_the_other_order_completes():
    r = d.dead_end()
    assert r["reason"].startswith("a dead end: after bison's 8 on 2,1")
    assert r["final"]["2,1"] == [[9], [1]] and r["final"]["2,2"] == [[8], [9]]


def test_every_duel_outcome():
    steps = d.duels()["steps"]
    assert [(s["duel"]["winner"], s["duel"]["paid"], s["migis"]["bison"]) for s in steps] == [
        ("bison", 8, 17), ("wolf", 5, 12), ("bison", 3, 15), ("bison", 3, 18)]
    assert steps[-1]["winner"] == "bison" and steps[-1]["ended_by"] == "migis"
    assert d.memory()["end"]["duel"]["winner"] == "draw"
    profi = d.profi()["steps"]
    assert [s["duel"]["winner"] for s in profi] == ["wolf", "draw", "bison"]
    assert profi[-1]["duel"]["wolf"] == 0  # an absent colour counts 0


def test_end_by_time():
    r = d.time_up()
    assert (r["draw"]["winner"], r["wolf"]["winner"], r["placing"]["winner"]) == ("draw", "wolf", "draw")


def test_undo_back_to_the_start():
    assert d.undo_to_start()["undone"] == 25


def test_header_and_layout_errors():
    with pytest.raises(Illegal, match="do not mix"):
        Duell(LAYOUT, {"variants": ["memory", "profi"]})
    with pytest.raises(Illegal, match="unknown variant 'fast'"):
        Duell(LAYOUT, {"variants": ["fast"]})
    with pytest.raises(Illegal, match="whole number of minutes"):
        Duell(LAYOUT, {"minutes": "15"})
    bad = dict(LAYOUT, sites=LAYOUT["sites"][:8])
    with pytest.raises(LayoutError, match="nine"):
        Duell(bad, {})


def test_state_fits_in_256_slots():
    assert len(Duell(LAYOUT, {}).s) <= 256


# --- the dead-end search against an exhaustive one ------------------------------
def exhaustive_completable(g):
    free = {0: [k for k in range(9) if not g.stones_at(0, k)], 1: [k for k in range(9) if not g.stones_at(1, k)]}
    for bison in itertools.permutations(g.hand(0)):
        board = [g.stones_at(0, k)[:1] for k in range(9)]
        for k, v in zip(free[0], bison):
            board[k] = [v]
        for wolf in itertools.permutations(g.hand(1)):
            w = [g.stones_at(1, k)[:1] for k in range(9)]
            for k, v in zip(free[1], wolf):
                w[k] = [v]
            if all(board[k] != w[k] for k in range(9)):
                return True
    return False


def random_partial_board(rng, left):
    """A basic game with `left` stones per colour still in hand (written into
    the state directly: the search must judge any board, reachable or not)."""
    g = Duell(LAYOUT, {})
    for p in (0, 1):
        sites = rng.sample(range(9), 9 - left)
        vals = rng.sample(range(1, 10), 9 - left)
        for k, v in zip(sites, vals):
            g.s[p * 9 + v - 1] = k + 1
    return g


def test_completable_agrees_with_exhaustive_search():
    rng = random.Random(10)
    seen = {True: 0, False: 0}
    for _ in range(1500):
        g = random_partial_board(rng, rng.choice((1, 1, 1, 2, 2, 3, 4)))
        if any(g.stones_at(0, k) and g.stones_at(0, k) == g.stones_at(1, k) for k in range(9)):
            continue  # equal values placed: not a basic-game board
        want = exhaustive_completable(g)
        assert g.completable() == want, g.state()["sites"]
        seen[want] += 1
    assert seen[True] > 50 and seen[False] > 20  # both answers were exercised


def test_a_legal_swap_always_exists_in_the_basic_game():
    """Each stone blocks at most one pair of sites, so at most nine of the 36
    pairs are blocked (docs/duell.md); the core agrees on random boards."""
    rng = random.Random(11)
    for _ in range(100):
        g = Duell(LAYOUT, {})
        for p in (0, 1):
            while True:
                vals = rng.sample(range(1, 10), 9)
                if p == 0 or all(vals[k] != bison[k] for k in range(9)):
                    break
            bison = vals if p == 0 else bison
            for k in range(9):
                g.s[p * 9 + vals[k] - 1] = k + 1
        g.s[PHASE] = SWAP
        for duels, who in ((1, "bison"), (2, "wolf")):
            g.s[DUELS] = duels
            legal = 0
            for a, b in itertools.combinations(range(9), 2):
                try:
                    g.apply({"op": "swap", "player": who, "a": d.site(a), "b": d.site(b)})
                except Illegal:
                    continue
                legal += 1
                g.undo()
            assert legal >= 36 - 9


# --- random games ------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(1, 2 ** 32 - 1), variant=st.sampled_from(["", "memory", "profi"]))
def test_random_games_keep_invariants_undo_and_replay(seed, variant):
    r = d.random_game(seed, variant, max_events=80)
    assert r["events"] > 0


@pytest.mark.parametrize("variant", ["", "memory", "profi"])
def test_log_replay_equals_live_play(variant):
    rng = d.Rng(7)
    header = {"game": "duell", "layout": "duell", "variants": [variant] if variant else []}
    g = Duell(LAYOUT, header)
    lines = [json.dumps(header)]
    while not g.over() and len(lines) < 70:
        e = d.random_event(g, rng)
        g.apply(e)
        lines.append(json.dumps(e))
        if len(lines) % 9 == 0:  # an undo now and then, as the log records it
            g.apply({"op": "undo"})
            lines.append(json.dumps({"op": "undo"}))
    assert replay(lines, load_layout).state() == g.state()
