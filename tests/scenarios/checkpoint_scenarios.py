"""A game resumed from a checkpoint followed by undos (core/log.py resume,
Game.checkpoint): the same game as a replay of the whole log, and the
checkpoint used whenever the undos stay within the events it carries (an
undo right after a checkpoint no longer replays the log from line 1).
Runs under CPython and both MicroPython ports (tests/test_both_interpreters.py)."""

import json

from companion.core import Illegal, log

from .common import game, load_layout

HEADER = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "black"}
UNDO = {"op": "undo"}


def _seeded(seed, n):
    """n legal Kahuna events from a small LCG (the same under every interpreter)."""
    g = game(HEADER)
    names = [c["a"] + "-" + c["b"] for c in load_layout("kahuna")["connections"]]
    x = seed
    out = []
    while len(out) < n:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        r = x >> 8
        if r % 9 == 0:
            e = {"op": "end_turn"}
        elif r % 13 == 0:
            e = {"op": "remove", "at": names[(r >> 4) % len(names)]}
        else:
            e = {"op": "place", "at": names[(r >> 4) % len(names)]}
        try:
            g.apply(e)
        except Illegal:
            continue
        out.append(e)
    return out


def _lines(events):
    return [json.dumps(HEADER).encode()] + [json.dumps(e).encode() for e in events]


def resumed(events, at, undos, after):
    """A checkpoint after `at` events, then `undos` undos and `after` more
    events: (the resumed game's state equals a full replay's, it came from
    the checkpoint, undos it could take back from memory)."""
    g = log.replay(_lines(events[:at]), load_layout)
    check = (at + 1, g.checkpoint())
    tail = _seeded(at * 7 + undos, after)  # events tried after the undos; the illegal ones dropped
    played = list(events[:at]) + [UNDO] * undos
    g2 = log.replay(_lines(played), load_layout)
    for e in tail:
        try:
            g2.apply(e)
        except Illegal:
            continue
        played.append(e)
    lines = _lines(played)
    full = log.replay(lines, load_layout)
    got, n, error = log.resume(lines, load_layout, check)
    assert error is None and n == len(lines)
    assert got.state() == full.state() and bytes(got.s) == bytes(full.s)
    return [got.state() == full.state(), got.restored, len(check[1]) - len(g.s)]


def undos_after_checkpoints():
    events = _seeded(7, 60)
    out = {}
    for at in (8, 24, 41, 60):
        for undos in (0, 1, 2, 3, 12):
            out["%d/%d" % (at, undos)] = resumed(events, at, undos, 4)
    # one undo right after the checkpoint: from the checkpoint, every time
    assert all(out["%d/1" % at][1] for at in (8, 24, 41, 60))
    return out


def old_checkpoint():
    """A checkpoint of the state alone (as boards wrote before it carried a
    journal) still restores; an undo then replays the log whole."""
    events = _seeded(11, 30)
    g = log.replay(_lines(events), load_layout)
    lines = _lines(events + [UNDO])
    got, n, error = log.resume(lines, load_layout, (31, g.snapshot()))
    full = log.replay(lines, load_layout)
    return [error is None, got.state() == full.state(), got.restored]


def refused_checkpoints():
    """A checkpoint whose journal part is not one the game wrote is refused."""
    g = log.replay(_lines(_seeded(3, 20)), load_layout)
    data = g.checkpoint()
    n = len(g.s)
    out = []
    for bad in (data + b"\x01", data[:n] + b"\x03\x00", data[:n] + bytes([255, 0, n, 0]),
                data[:n] + bytes([255, 0]) * 97):
        out.append(game(HEADER).restore(bad))
    return out


def run_all():
    return {"undos_after_checkpoints": undos_after_checkpoints(), "old_checkpoint": old_checkpoint(),
            "refused_checkpoints": refused_checkpoints()}
