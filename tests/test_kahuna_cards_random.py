"""Random digital-deck games: cards conserved, replay exact, undo retraces up to a sealed draw."""

import json
import random
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.log import replay
from host_tools.paths import load_layout

from .random_kahuna_cards import random_game
from .scenarios.common import rules

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def conserved(g):
    b = g.board
    assert g.card_total() == 24
    for i in range(12):  # two cards of every island, wherever they are
        n = g.hand(0, i) + g.hand(1, i) + g.discarded(i)
        n += sum(1 for k in range(3) if g.face(k) == i)
        n += sum(1 for k in range(g.pile_size()) if g.s[g.PILE + k] == i)
        assert n == 2, b.island_names[i]
        for p in (0, 1):
            assert g.visible(p, i) <= g.hand(p, i)
    for p in (0, 1):
        assert g.hand_size(p) <= 5
        on_board = sum(1 for c in range(len(b.conn_names)) if g.owner(c) == p + 1)
        assert on_board == g.sticks(p)
    for i in range(12):
        for p in (1, 2):
            assert (g.stone(i) == p) == (2 * g.count(p, i) > b.degree[i])


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_cards_conserved_and_replay_exact(seed):
    lines, live = random_game(random.Random(seed), check=conserved)
    traced = []

    def each(g, event):
        conserved(g)
        traced.append(g.state())

    game = replay(lines, load_layout, each)
    assert traced == live[1:]
    assert game.state()["over"] or len(lines) > 600


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_undo_retraces_history_back_to_the_last_sealed_draw(seed):
    lines, live = random_game(random.Random(seed))
    sealed = []
    replay(lines, load_layout, lambda g, event: sealed.append(g.sealed()))
    # states in effect, each with whether the event behind it was a sealed draw
    in_effect = [(live[0], False)]
    for line, state, seal in zip(lines[1:], live[1:], sealed):
        if json.loads(line)["op"] == "undo":
            if len(in_effect) > 1 and not in_effect[-1][1]:
                in_effect.pop()
        else:
            in_effect.append((state, seal))
    # an undo moves no piece: what it changed is left to do on the board, so
    # the states compare without the to-do
    game = replay(lines, load_layout)
    assert game.state() == live[-1]
    assert rules(game.state()) == rules(in_effect[-1][0])
    while len(in_effect) > 1 and not in_effect[-1][1]:
        in_effect.pop()
        assert game.undo()
        assert rules(game.state()) == rules(in_effect[-1][0])
    before = game.state()
    game.apply({"op": "undo"})  # a sealed draw (or the start) stops undo: no change
    assert game.state() == before


def test_cli_trace_equals_live_play(tmp_path):
    for seed in range(3):
        lines, live = random_game(random.Random(seed))
        log = tmp_path / ("game%d.jsonl" % seed)
        log.write_text("\n".join(lines) + "\n")
        out = subprocess.run([sys.executable, "-m", "host_tools.cli", "replay", "--trace", str(log)],
                             capture_output=True, text=True, check=True).stdout
        assert [json.loads(l) for l in out.splitlines()] == live[1:]


def test_random_games_reach_every_round_end_and_the_final_scoring():
    ways = set()
    for seed in range(40):
        lines, live = random_game(random.Random(seed))
        game = replay(lines, load_layout)
        if game.over():
            ways.add(game.decided_by())
    assert "points" in ways or "final scoring" in ways, ways
