"""A bounded undo journal (Game.limit, the board's app.JOURNAL): replaying a
log whose undos reach behind it (log.resume, as boot does) gives the same
game as an unbounded replay, in every state slot (the board image too)."""

import json

import pytest

from companion.core import Illegal, log
from companion.core.games import new_game
from host_tools.bench import random_games
from host_tools.bench.random_games import random_log
from host_tools.paths import load_layout

UNDO = {"op": "undo"}


def long_undo_chains():
    """A legal Kahuna log: 600 events, 400 undos, 300 new events, 350 undos."""
    import random
    header, events = random_log(seed=5, events=600)
    game = new_game(header, load_layout("kahuna"))
    out = []
    for e in events:
        game.apply(e)
        out.append(e)
    out += [UNDO] * 400
    for _ in range(400):
        game.apply(UNDO)
    rng = random.Random(3)
    for _ in range(300):
        for c in random_games._choices(game, rng, False):
            if c["op"] == "undo":
                continue
            try:
                game.apply(c)
            except Illegal:
                continue
            out.append(c)
            break
    out += [UNDO] * 350
    return [json.dumps(header).encode()] + [json.dumps(e).encode() for e in out]


@pytest.mark.parametrize("limit", [1, 2, 8])
def test_undos_behind_a_bounded_journal_replay_the_log_to_the_same_game(limit):
    lines = long_undo_chains()
    full = log.replay(lines, load_layout)
    game, n, error = log.resume(lines, load_layout, limit=limit)
    assert error is None and n == len(lines) == 1651
    assert game.events_in_effect() == full.events_in_effect() == 102
    assert bytes(game.s) == bytes(full.s)
    assert len(game._full) <= limit  # the journal is bounded
    if limit < 8:
        assert game.undoable() < game.events_in_effect()  # older events left it


def test_a_bounded_journal_stops_undo_where_it_ends():
    header, events = random_log(seed=5, events=600)
    game = new_game(header, load_layout("kahuna"))
    game.limit = 1
    for e in events:
        game.apply(e)
    kept = game.undoable()
    assert 0 < kept < game.events_in_effect() == 552  # the log's own undos took some back
    for _ in range(kept):
        assert game.undo()
    assert not game.undo() and game.events_in_effect() == 552 - kept
