"""Undos around checkpoints (core/log.py resume, Game.checkpoint): a game
resumed from a checkpoint is exactly the game a replay of the whole log
gives, whatever undos and events follow the checkpoint; an undo right after
it is taken back from the journal the checkpoint carries, not by a replay
from line 1. (Under both MicroPython ports: tests/scenarios/checkpoint_scenarios.py.)"""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import Illegal, log
from host_tools.bench.random_games import random_log
from host_tools.paths import load_layout

UNDO = {"op": "undo"}
HEADER, EVENTS = random_log(seed=2026, events=300)  # the bench's game: undos, cascades, removals


def lines_of(events):
    return [json.dumps(HEADER).encode()] + [json.dumps(e).encode() for e in events]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(at=st.integers(1, 299), runs=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 5)), max_size=4))
def test_a_checkpoint_then_undos_and_events_resume_to_the_full_replay(at, runs):
    check = (at + 1, log.replay(lines_of(EVENTS[:at]), load_layout).checkpoint())
    played = list(EVENTS[:at])
    game = log.replay(lines_of(played), load_layout)
    later = iter(EVENTS[at:] + EVENTS[:at])  # events tried after each run of undos; illegal ones dropped
    for undos, events in runs:
        for _ in range(undos):
            game.apply(UNDO)
            played.append(UNDO)
        kept = 0
        for e in later:
            if kept == events:
                break
            try:
                game.apply(e)
            except Illegal:
                continue
            played.append(e)
            kept += 1
    lines = lines_of(played)
    got, n, error = log.resume(lines, load_layout, check, limit=8)
    assert error is None and n == len(lines)
    assert bytes(got.s) == bytes(game.s) and got.state() == game.state()
    assert got.events_in_effect() <= game.events_in_effect()


def test_an_undo_right_after_a_checkpoint_uses_the_checkpoint():
    used = 0
    for at in range(24, 300, 24):  # where the board writes its checkpoints (CHECK_EVERY)
        check = (at + 1, log.replay(lines_of(EVENTS[:at]), load_layout).checkpoint())
        lines = lines_of(EVENTS[:at] + [UNDO])
        got, n, error = log.resume(lines, load_layout, check)
        full = log.replay(lines, load_layout)
        assert error is None and bytes(got.s) == bytes(full.s)
        used += got.restored  # False only when the event taken back left more journal than a checkpoint keeps
    assert used == 12
