"""Random games of all four games under native MicroPython (fixed heap):
every state after every event and after every undo back to the start is the
one CPython computes, and no event allocates more than 1 KB."""

import json
import random

import pytest

from host_tools.bench.allocation import random_full_games
from host_tools.micropython import run_native

from . import native_games
from .random_kahuna import random_game
from .scenarios.common import rules

MOST_BYTES = 1024  # per event, 64-bit object sizes (about twice a chip's)


def logs():
    out = []
    for seed in range(6):  # Kahuna, checked against the reference rules as it is played
        lines, _ = random_game(random.Random(seed))
        out.append(["kahuna", json.loads(lines[0]), [json.loads(l) for l in lines[1:]]])
    return out + [list(g) for g in random_full_games(per_game=2, seed=77)]


@pytest.mark.native
def test_random_games_replay_and_undo_alike_under_native_micropython(tmp_path, figures):
    games = logs()
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games))
    out = run_native("import native_games\nnative_games.play_back(%r)" % str(path), heapsize="1M")
    got = [json.loads(line) for line in out.splitlines()]
    want = []
    for game, header, events in games:
        native_games.play(game, header, events, lambda kind, state: want.append([kind, state]))
        want.append(["most", None])
    assert len(got) == len(want)
    most = 0
    start = last = None
    for g, w in zip(got, want):
        if g[0] == "most":
            most = max(most, g[1])
            # undone back to the start (UNDO moves no piece: the to-do may differ)
            assert w[0] == "most" and rules(last) == rules(start)
        else:
            assert g == w
            last = g[1]
            start = g[1] if g[0] == "start" else start
    assert sum(1 for w in want if w[0] == "undo") > 500 and [w[0] for w in want].count("start") == len(games)
    figures("native MicroPython: most bytes one event allocated (random games, 64-bit)", most,
            "target <= %d" % MOST_BYTES)
    assert 0 < most <= MOST_BYTES
    assert {g[0] for g in games} == {"kahuna", "kanaloa", "rukuni", "duell"}
    assert sum(len(g[2]) for g in games) > 1500


@pytest.mark.native
@pytest.mark.parametrize("limit", [0, 2])
def test_events_applied_under_the_heap_lock_change_nothing_when_they_must_allocate(tmp_path, limit):
    """The board applies an event with the heap locked (app.locked: its function
    frames on the C stack), and again unlocked if it had to allocate. A new
    journal chunk is such a case (and with a bounded journal, the oldest chunk
    going): the first try must leave the game as it was, so that the second
    gives the same states as CPython, after every event and every undo, and
    the same undo journal as the event applied once, plainly."""
    games = logs()
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games))
    out = run_native("import native_games\nnative_games.play_back_locked(%r, %d)" % (str(path), limit),
                     heapsize="1M")
    got = [json.loads(line) for line in out.splitlines()]
    want = []
    for game, header, events in games:
        native_games.play(game, header, events, lambda kind, state: want.append([kind, state]), limit)
    assert got[:-1] == want
    kind, (second, differed) = got[-1]
    assert kind == "tries" and second >= 10 and differed == 0
